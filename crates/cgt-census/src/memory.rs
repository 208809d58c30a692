//! The peak memory of one game's run, from Linux's `/proc`.

/// Starts a new peak: the resident high-water mark is set to what the
/// process holds now (`/proc/self/clear_refs`, Linux 4.0 on), so that a
/// worker that runs many games reports each game's own peak. Elsewhere it
/// does nothing, and the peak is the process's.
pub fn reset_peak() {
    // Without it the peak is the process's since it started: still an upper bound.
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

/// The process's peak resident memory in bytes (`VmHWM`), where Linux
/// tells it.
pub fn peak_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let kib = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))?
        .trim()
        .strip_suffix("kB")?
        .trim()
        .parse::<u64>()
        .ok()?;
    kib.checked_mul(1024)
}
