//! The CPU time of one game's run, from Linux's `/proc`.
//!
//! A census runs on shared machines, where a game's elapsed `seconds` say
//! more about the other processes than about the game; its CPU seconds
//! are what the game cost.

/// Clock ticks per second of `/proc`'s times: `USER_HZ`, which Linux's
/// user-space interface fixes at 100 on x86-64 and arm64.
const TICKS_PER_SECOND: f64 = 100.0;

/// Seconds of CPU (user and system) the calling thread has used, where
/// Linux tells it (`/proc/thread-self/stat`), to the hundredth.
///
/// The library's questions run a game on the calling thread, so the
/// difference across a game is that game's CPU even in a Python worker
/// that runs other games on other threads at the same time.
pub fn thread_seconds() -> Option<f64> {
    stat_seconds("/proc/thread-self/stat")
}

/// Seconds of CPU (user and system) the whole process has used, all its
/// threads, where Linux tells it (`/proc/self/stat`), to the hundredth.
pub fn process_seconds() -> Option<f64> {
    stat_seconds("/proc/self/stat")
}

/// `utime` + `stime` of a `stat` file, in seconds.
fn stat_seconds(path: &str) -> Option<f64> {
    parse_stat(&std::fs::read_to_string(path).ok()?)
}

/// `utime` + `stime` (fields 14 and 15) of a `stat` line, in seconds. The
/// command name (field 2) is in parentheses and may hold spaces and
/// parentheses itself, so the fields are counted from its last `)`.
fn parse_stat(line: &str) -> Option<f64> {
    let after_name = &line[line.rfind(')')? + 1..];
    // Field 3 (the state) is the first after the name.
    let mut fields = after_name.split_ascii_whitespace().skip(11);
    let user: u64 = fields.next()?.parse().ok()?;
    let system: u64 = fields.next()?.parse().ok()?;
    Some(user.checked_add(system)? as f64 / TICKS_PER_SECOND)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_times_are_read_after_the_name_whatever_it_holds() {
        let line = "4242 (a) b (c)) R 1 4242 4242 0 -1 4194560 100 0 0 0 250 31 0 0 20 0 1 0 5 0 0";
        assert_eq!(parse_stat(line), Some(2.81));
        assert_eq!(parse_stat("4242 (cut) R 1 2"), None);
        assert_eq!(parse_stat("no name"), None);
    }

    #[test]
    fn work_on_this_thread_shows_in_its_time_and_the_process_time() {
        let (Some(thread_before), Some(process_before)) = (thread_seconds(), process_seconds())
        else {
            return; // Not Linux: nothing to read.
        };
        let start = std::time::Instant::now();
        let mut x = 1u64;
        while start.elapsed().as_secs_f64() < 10.0 && thread_seconds() < Some(thread_before + 0.05)
        {
            for i in 0..100_000u64 {
                x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(i));
            }
        }
        let thread = thread_seconds().unwrap_or(0.0) - thread_before;
        let process = process_seconds().unwrap_or(0.0) - process_before;
        assert!(thread >= 0.05, "{thread} s on this thread");
        // Each reading is in whole ticks, and two readings may each lose one.
        assert!(
            process >= thread - 0.025,
            "{process} s in the process, {thread} on the thread"
        );
    }
}
