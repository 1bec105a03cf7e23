//! What the operating system says about memory: the machine's total (for the generator's
//! default limit) and this process's peak resident size (for its reports). Linux reads
//! `/proc`; elsewhere there is no limit and no peak.

/// Three quarters of the physical memory (Linux: `MemTotal` of `/proc/meminfo`), else no limit.
pub fn default_memory_limit() -> u64 {
    proc_bytes("/proc/meminfo", "MemTotal:").map_or(u64::MAX, |b| b / 4 * 3)
}

/// A `key  N kB` line of a Linux `/proc` file, in bytes.
fn proc_bytes(path: &str, key: &str) -> Option<u64> {
    let text = std::fs::read_to_string(path).ok()?;
    let kb = text.lines().find_map(|l| l.strip_prefix(key))?;
    kb.trim().trim_end_matches("kB").trim().parse::<u64>().ok().map(|kb| kb * 1024)
}

/// Peak resident set size so far, and a reset of it (Linux only).
pub(crate) fn peak_rss(reset: bool) -> u64 {
    if reset {
        let _ = std::fs::write("/proc/self/clear_refs", "5");
    }
    proc_bytes("/proc/self/status", "VmHWM:").unwrap_or(0)
}
