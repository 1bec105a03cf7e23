//! Generated tables against the reference tables in ../shared/data: Syzygy WDL/DTZ for every
//! position, Gaviota DTM through python-chess. Without the tables (or python-chess) each check
//! prints "skipped: ..." and passes; CI sets VIDLE_REQUIRE_SHARED_DATA=1, which makes that an
//! error.

mod common;
use common::*;
use vidle_tb::format::{self, MetricKind};
use vidle_tb::{Material, reference};

const CI_TABLES: &[&str] = &["KQvK", "KRvK", "KBvK", "KNvK", "KPvK", "KQvKR", "KBNvK"];

/// Every position of the CI tables against Syzygy, in three tests so that the test harness
/// runs them side by side (the two 4-piece tables take most of the time).
fn ci_tables_match_syzygy(names: &[&str]) {
    let Some(tb) = syzygy("the Syzygy comparison of the CI tables") else { return };
    let dir = shared_tables(CI_TABLES);
    let mut failures = Vec::new();
    for name in names {
        let m: Material = name.parse().unwrap();
        let (n, bad) = compare_syzygy(&dir, &tb, &m);
        eprintln!("{name}: {n} positions, {} mismatch lines", bad.len());
        assert!(n > 0);
        failures.extend(bad);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn ci_3_piece_tables_match_syzygy_everywhere() {
    ci_tables_match_syzygy(&["KQvK", "KRvK", "KBvK", "KNvK", "KPvK"]);
}

#[test]
fn ci_kqvkr_matches_syzygy_everywhere() {
    ci_tables_match_syzygy(&["KQvKR"]);
}

#[test]
fn ci_kbnvk_matches_syzygy_everywhere() {
    ci_tables_match_syzygy(&["KBNvK"]);
}

/// Gaviota DTM through python-chess (pure Python, ~100 µs a probe): every position of the
/// 3-piece tables and every 97th (KQvKR) or 197th (KBNvK) index. Skipped with a message when
/// the tables are missing or python3 has no `chess` module (CI installs it).
#[test]
fn ci_tables_match_gaviota() {
    if !gaviota_available("the Gaviota comparison of the CI tables") {
        return;
    }
    let dir = shared_tables(CI_TABLES);
    let mut failures = Vec::new();
    for (name, step) in [("KQvK", 1), ("KRvK", 1), ("KPvK", 1), ("KQvKR", 97), ("KBNvK", 197)] {
        let m: Material = name.parse().unwrap();
        let (n, bad) = compare_gaviota(&dir, &m, step);
        eprintln!("{name}: {n} positions vs Gaviota, {} mismatch lines", bad.len());
        failures.extend(bad);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// All 35 3- and 4-piece tables against Syzygy (every position) and Gaviota (every position:
/// slow in pure Python, about an hour). `cargo test -p vidle-tb --release -- --ignored`
#[test]
#[ignore]
fn all_3_4_piece_tables_match_both_references() {
    let names: Vec<String> = (3..=4).flat_map(Material::all_with).map(|m| m.to_string()).collect();
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    let check = "the comparison of all 3-4-piece tables";
    let Some(tb) = syzygy(check) else { return };
    let gaviota = gaviota_available(check);
    let dir = shared_tables(&refs);
    let gaviota_step: usize =
        std::env::var("VIDLE_GAVIOTA_STEP").ok().and_then(|s| s.parse().ok()).unwrap_or(1);
    let mut failures = Vec::new();
    for name in &names {
        let m: Material = name.parse().unwrap();
        let (n, bad) = compare_syzygy(&dir, &tb, &m);
        eprintln!("{name}: {n} positions vs Syzygy, {} mismatch lines", bad.len());
        failures.extend(bad);
        if gaviota {
            let (n, bad) = compare_gaviota(&dir, &m, gaviota_step);
            eprintln!("{name}: {n} positions vs Gaviota, {} mismatch lines", bad.len());
            failures.extend(bad);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The five 5-piece Syzygy tables given in ../shared/data. Every position takes about an hour
/// and a half on two cores; `VIDLE_SYZYGY_STEP=N` compares every N-th index instead, and
/// `VIDLE_TB_TEST_DIR` points at tables generated before (`vidle tb gen`).
#[test]
#[ignore]
fn five_piece_tables_match_syzygy() {
    let names = ["KQRvKR", "KRBvKR", "KRNvKR", "KRRvKR", "KRPvKR"];
    let Some(tb) = syzygy("the 5-piece Syzygy comparison") else { return };
    let dir = shared_tables(&names);
    let step: u64 =
        std::env::var("VIDLE_SYZYGY_STEP").ok().and_then(|s| s.parse().ok()).unwrap_or(1);
    let mut failures = Vec::new();
    for name in names {
        let (n, bad) = compare_syzygy_sampled(&dir, &tb, &name.parse().unwrap(), step);
        eprintln!(
            "{name}: {n} positions (every {step}. index) vs Syzygy, {} mismatch lines",
            bad.len()
        );
        failures.extend(bad);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The comparison finds wrong tables: KRvK's DTZ values written as a KQvK table (same index
/// size; a plain copy of the file is refused by its header) disagree with Syzygy's KQvK, and a
/// directory without Syzygy tables is an error.
#[test]
fn syzygy_comparison_catches_a_wrong_table() {
    let empty = temp_dir("no-syzygy");
    let err = reference::open_syzygy(&empty).unwrap_err();
    assert!(err.contains("no Syzygy tables"), "{err}");
    let Some(tb) = syzygy("the check that a wrong table fails the Syzygy comparison") else {
        return;
    };
    let dir = shared_tables(&["KQvK", "KRvK"]);
    let wrong = temp_dir("wrong-table");
    let (kq, kr) = ("KQvK".parse().unwrap(), "KRvK".parse().unwrap());
    let (_, krk) = format::read_table(&format::table_path(&dir, &kr, MetricKind::Dtz)).unwrap();
    vidle_tb::write::write_table(
        &wrong,
        kq,
        MetricKind::Dtz,
        &krk,
        vidle_tb::write::Encoding::ZSTD,
    )
    .unwrap();
    let c = reference::compare_syzygy(&wrong, &tb, &"KQvK".parse().unwrap(), 1).unwrap();
    assert!(c.positions > 0 && c.mismatches > 0, "{c:?}");
    assert!(c.examples.len() == 10 && c.mismatches > 10, "{c:?}");
}

/// DTM and DTZ solved one after the other (what `gen` does when both at once would not fit in
/// memory) write the same bytes as both in one pass.
#[test]
fn one_metric_at_a_time_writes_the_same_files() {
    let names = ["KPvK", "KQvKR", "KBNvK"];
    let together = shared_tables(&names);
    let apart = temp_dir("one-metric-at-a-time");
    let mut opts = vidle_tb::GenOptions::new(apart.clone(), 0, false);
    opts.memory_limit = 0;
    let targets: Vec<Material> = names.iter().map(|n| n.parse().unwrap()).collect();
    let reports = vidle_tb::generate(&targets, &opts, |_| {}).unwrap();
    assert!(reports.iter().all(|r| r.one_metric_at_a_time && !r.kept));
    for r in &reports {
        let m = r.material;
        for path in [
            |d: &std::path::Path, m: &Material| format::table_path(d, m, MetricKind::Dtm),
            |d: &std::path::Path, m: &Material| format::table_path(d, m, MetricKind::Dtz),
            |d: &std::path::Path, m: &Material| format::resolved_path(d, m),
        ] {
            let (a, b) = (path(&together, &m), path(&apart, &m));
            assert!(std::fs::read(&a).unwrap() == std::fs::read(&b).unwrap(), "{}", b.display());
        }
    }
}
