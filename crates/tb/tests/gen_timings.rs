//! `GenReport::phases`: where a table's generation time went.

use vidle_tb::{GenOptions, Material};

/// A made table reports every phase it went through once (pawn slices summed), the phases'
/// wall times add up to no more than the table's time and to most of it, and a kept table
/// reports none.
#[test]
fn generated_tables_report_their_phases() {
    let dir = std::env::temp_dir().join(format!("vidle-tb-timings-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let targets: Vec<Material> = ["KPvK"].iter().map(|s| s.parse().unwrap()).collect();
    let opts = GenOptions::new(dir.clone(), 2, false);
    let reports = vidle_tb::generate(&targets, &opts, |_| {}).unwrap();
    let again = vidle_tb::generate(&targets, &opts, |_| {}).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    let kpk = reports.iter().find(|r| r.material.to_string() == "KPvK").unwrap();
    let names: Vec<&str> = kpk.phases.iter().map(|p| p.phase).collect();
    for want in [
        "load sub-tables",
        "slices",
        "forward",
        "retrograde DTM",
        "retrograde DTZ",
        "write DTM",
        "write full DTM copy",
        "write DTZ",
    ] {
        assert_eq!(names.iter().filter(|&&n| n == want).count(), 1, "{want} in {names:?}");
    }
    let sum: f64 = kpk.phases.iter().map(|p| p.wall).sum();
    assert!(sum <= kpk.seconds + 1e-6, "{sum} > {}", kpk.seconds);
    assert!(sum >= 0.5 * kpk.seconds, "phases cover {sum} of {} s", kpk.seconds);
    assert!(kpk.phases.iter().all(|p| p.wall >= 0.0 && p.cpu >= 0.0));
    // Every table of the run was made (KPvK needs KQvK, KRvK, …) and reports phases.
    assert!(reports.iter().all(|r| !r.kept && !r.phases.is_empty()));
    assert!(again.iter().all(|r| r.kept && r.phases.is_empty()));
}
