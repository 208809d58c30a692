//! The worker thread every command that computes runs on, watched by the
//! main thread for the memory budget and the progress line.

use crate::budget::Budget;
use crate::failure::Failure;
use crate::progress::Progress;
use std::sync::mpsc;
use std::time::Duration;

/// Runs `work` on a thread of this binary (with the default stack size)
/// while this thread watches it: every command that computes runs this
/// way, so that every one stops alike when the process holds more memory
/// than the budget ([`Budget::new`] of `max_memory`): one line,
/// `COMMAND: stopped at … MiB, past the memory budget of … MiB
/// (--max-memory)`, and exit status 1, instead of being killed by the
/// system or aborted by the allocator. Meanwhile it shows `line(seconds so
/// far)` as the progress line on a terminal (nothing while `line` says
/// nothing), cleared with `clear` spaces at the end.
pub fn on_worker<T: Send + 'static>(
    command: &str,
    max_memory: Option<u64>,
    clear: usize,
    line: impl Fn(f64) -> Option<String>,
    work: impl FnOnce() -> Result<T, Failure> + Send + 'static,
) -> Result<T, Failure> {
    let mut budget = Budget::new(max_memory);
    let (sender, receiver) = mpsc::channel();
    let worker = std::thread::Builder::new()
        .name(command.to_owned())
        .spawn(move || {
            // The receiver waits for this until the thread ends.
            let _ = sender.send(work());
        })
        .map_err(|e| {
            Failure::Message(format!("{command}: cannot start the computation: {e}"), 1)
        })?;
    let mut progress = Progress::new(clear);
    let result = loop {
        match receiver.recv_timeout(Duration::from_millis(50)) {
            Ok(result) => break result,
            Err(mpsc::RecvTimeoutError::Timeout) => {
                // Stopped with a message rather than killed by the system:
                // the process ends with this thread, the worker with it.
                if let Some(passed) = budget.as_mut().and_then(Budget::passed) {
                    progress.finish();
                    return Err(Failure::Message(format!("{command}: {passed}"), 1));
                }
                progress.show(&line);
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                break Err(Failure::Message(
                    format!("{command}: the computation failed"),
                    1,
                ));
            }
        }
    };
    progress.finish();
    // The result, or the failure of a thread that ended without one, is in.
    let _ = worker.join();
    result
}
