//! `GenReport::phases`: where a table's generation time went.

use vidle_tb::{GenOptions, Material};

/// A made table reports every phase it went through once (pawn slices summed), in the order
/// the generator runs them, from loading the sub-tables to writing the last file; the phases'
/// wall times add up to no more than the table's time, each phase took some; a kept table
/// reports none. (That the phases follow one another with no time lost between them, so that
/// they cover the table's work, is checked exactly, on a fake clock, by the `timing` module's
/// tests: a wall-clock ratio here would fail for nothing on a busy machine, a table of the
/// test taking some 60 ms.)
#[test]
fn generated_tables_report_their_phases() {
    let dir = std::env::temp_dir().join(format!("vidle-tb-timings-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let targets: Vec<Material> = ["KPvK"].iter().map(|s| s.parse().unwrap()).collect();
    let opts = GenOptions::new(dir.clone(), 2, false);
    let reports = vidle_tb::generate(&targets, &opts, |_| {}).unwrap();
    let again = vidle_tb::generate(&targets, &opts, |_| {}).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    let order = [
        "load sub-tables",
        "slices",
        "forward",
        "retrograde DTM",
        "retrograde DTZ",
        "exit bounds",
        "pack values",
        "write DTM",
        "write full DTM copy",
        "write DTZ",
    ];
    // Every table of the run was made (KPvK needs KQvK, KRvK, …) and reports the same phases.
    assert!(reports.len() > 1 && reports.iter().any(|r| r.material.to_string() == "KPvK"));
    for r in &reports {
        let names: Vec<&str> = r.phases.iter().map(|p| p.phase).collect();
        assert!(!r.kept, "{} was made", r.material);
        assert_eq!(names, order, "{}", r.material);
        let sum: f64 = r.phases.iter().map(|p| p.wall).sum();
        assert!(sum <= r.seconds + 1e-6, "{}: {sum} > {}", r.material, r.seconds);
        assert!(r.phases.iter().all(|p| p.wall > 0.0 && p.cpu >= 0.0), "{r:?}");
    }
    assert_eq!(again.len(), reports.len());
    assert!(again.iter().all(|r| r.kept && r.phases.is_empty()));
}
