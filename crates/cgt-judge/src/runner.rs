//! The runner: [`run`] is the `main` of every judge binary. It reads all of
//! stdin into memory (`stdin`: on Linux, a large input into memory backed by
//! huge pages when the kernel offers them), runs the judge function, and
//! writes its output to stdout, or one line on stderr and exit status
//! [`MALFORMED_INPUT`] for malformed input.

use crate::error::JudgeError;
use std::io::{self, Write};
use std::process::ExitCode;

/// The exit status for malformed input.
pub const MALFORMED_INPUT: u8 = 2;

/// Runs a judge function as a program: all of stdin in, its output on stdout.
///
/// On Linux, a stdin of more than 1 MiB (a file or a pipe) is read into
/// memory backed by transparent huge pages when the kernel offers them,
/// which spares most of the page faults of reading a judge-size input; a
/// smaller one is read into a `Vec`. The bytes are the same either way.
///
/// On malformed input, prints one line `NAME: malformed input: ...` on stderr,
/// nothing on stdout, and returns exit status 2 ([`MALFORMED_INPUT`]).
pub fn run<F>(name: &str, solve: F) -> ExitCode
where
    F: FnOnce(&[u8], &mut Vec<u8>) -> Result<(), JudgeError>,
{
    let input = match stdin::read_all() {
        Ok(input) => input,
        Err(e) => {
            eprintln!("{name}: cannot read standard input: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut output = Vec::new();
    match solve(&input, &mut output) {
        Ok(()) => {}
        Err(e @ JudgeError::Input(_)) => {
            eprintln!("{name}: {e}");
            return ExitCode::from(MALFORMED_INPUT);
        }
        Err(e) => {
            eprintln!("{name}: {e}");
            return ExitCode::FAILURE;
        }
    }
    let mut stdout = io::stdout().lock();
    match stdout.write_all(&output).and_then(|()| stdout.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        // A reader that stopped early (`| head`) is not an error of ours.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{name}: cannot write standard output: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Reading all of standard input into memory.
///
/// A judge-size input (10 MB and more) is dominated by page faults: the
/// kernel maps and clears the buffer 4 KiB at a time as `read` fills it,
/// which costs about as much as parsing it. On Linux an input of more than
/// 1 MiB goes into an anonymous mapping advised to use
/// transparent huge pages (2 MiB each), so a 10 MB input takes a few faults
/// instead of about 2500. The mapping has the size of stdin when it is a
/// regular file, and doubles as needed otherwise (a pipe, or a file that
/// grows). A small input, another system, or a mapping the system refuses
/// means a `Vec` as before: only the speed differs.
mod stdin {
    use std::io::{self, Read};
    use std::ops::Deref;

    /// Inputs up to this size are read into a `Vec`: below it the faults
    /// cost less than setting up a mapping.
    #[cfg(target_os = "linux")]
    pub(super) const MAPPED_FROM: usize = 1 << 20;

    /// All of an input, on the heap or in a mapping.
    pub(super) enum Input {
        /// A `Vec`.
        Heap(Vec<u8>),
        /// The first `len` bytes of an anonymous mapping.
        #[cfg(target_os = "linux")]
        Mapped {
            /// The mapping.
            map: memmap2::MmapMut,
            /// How much of it the input fills.
            len: usize,
        },
    }

    impl Deref for Input {
        type Target = [u8];

        fn deref(&self) -> &[u8] {
            match self {
                Input::Heap(bytes) => bytes,
                #[cfg(target_os = "linux")]
                Input::Mapped { map, len } => &map[..*len],
            }
        }
    }

    /// All of standard input.
    pub(super) fn read_all() -> io::Result<Input> {
        let stdin = io::stdin();
        #[cfg(target_os = "linux")]
        {
            let size = regular_file_size(&stdin).unwrap_or(0);
            read_expecting(&mut stdin.lock(), size)
        }
        #[cfg(not(target_os = "linux"))]
        {
            let mut input = Vec::new();
            stdin.lock().read_to_end(&mut input)?;
            Ok(Input::Heap(input))
        }
    }

    /// The size of the file behind stdin, if it is a regular file.
    #[cfg(target_os = "linux")]
    fn regular_file_size(stdin: &io::Stdin) -> Option<u64> {
        use std::os::fd::AsFd;
        let file = std::fs::File::from(stdin.as_fd().try_clone_to_owned().ok()?);
        let metadata = file.metadata().ok()?;
        metadata.is_file().then_some(metadata.len())
    }

    /// Reads all of `reader`, expected to hold `size` bytes (0 if unknown;
    /// the expectation only sizes the first mapping).
    #[cfg(target_os = "linux")]
    pub(super) fn read_expecting(reader: &mut impl Read, size: u64) -> io::Result<Input> {
        /// A huge page: a mapping of whole ones can be backed by them only.
        const HUGE_PAGE: usize = 2 << 20;
        let mut start = Vec::new();
        if size <= MAPPED_FROM as u64 {
            // One byte more, to tell an input of exactly MAPPED_FROM bytes.
            reader
                .take(MAPPED_FROM as u64 + 1)
                .read_to_end(&mut start)?;
            if start.len() <= MAPPED_FROM {
                return Ok(Input::Heap(start));
            }
        }
        // One byte more than the size, so that the end is seen in it.
        let size = usize::try_from(size)
            .unwrap_or(usize::MAX)
            .saturating_add(1);
        let mut capacity = size.max(2 * start.len());
        let mut current: Option<memmap2::MmapMut> = None;
        let mut len = 0;
        loop {
            let mapping = capacity
                .checked_next_multiple_of(HUGE_PAGE)
                .and_then(|capacity| memmap2::MmapMut::map_anon(capacity).ok());
            let Some(mut map) = mapping else {
                // No mapping: on the heap, as for a small input.
                let mut input = match current {
                    Some(current) => current[..len].to_vec(),
                    None => start,
                };
                reader.read_to_end(&mut input)?;
                return Ok(Input::Heap(input));
            };
            // Only a hint: without huge pages the input is read all the same.
            let _ = map.advise(memmap2::Advice::HugePage);
            match &current {
                Some(current) => map[..len].copy_from_slice(&current[..len]),
                None => {
                    len = start.len();
                    map[..len].copy_from_slice(&start);
                }
            }
            if fill(reader, &mut map, &mut len)? {
                return Ok(Input::Mapped { map, len });
            }
            capacity = map.len().saturating_mul(2);
            current = Some(map);
        }
    }

    /// Reads into `buffer` from `len` on until it is full or the input
    /// ends; whether it ended.
    #[cfg(target_os = "linux")]
    fn fill(reader: &mut impl Read, buffer: &mut [u8], len: &mut usize) -> io::Result<bool> {
        while *len < buffer.len() {
            match reader.read(&mut buffer[*len..]) {
                Ok(0) => return Ok(true),
                Ok(read) => *len += read,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        Ok(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reader that hands out at most `step` bytes a call, and is
    /// interrupted before every other read.
    #[cfg(target_os = "linux")]
    struct Trickle<'a> {
        bytes: &'a [u8],
        step: usize,
        interrupt: bool,
    }

    #[cfg(target_os = "linux")]
    impl io::Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            self.interrupt = !self.interrupt;
            if self.interrupt {
                return Err(io::ErrorKind::Interrupted.into());
            }
            let n = self.step.min(buf.len()).min(self.bytes.len());
            buf[..n].copy_from_slice(&self.bytes[..n]);
            self.bytes = &self.bytes[n..];
            Ok(n)
        }
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn inputs_are_read_whole_whatever_size_was_expected() {
        let mapped_from = stdin::MAPPED_FROM;
        let bytes: Vec<u8> = (0..5 * mapped_from + 12_345)
            .map(|i| b"0123456789 \n"[i % 12])
            .collect();
        // (length, size expected, bytes per read, whether in a mapping)
        for (len, expected_size, step, mapped) in [
            // A file.
            (bytes.len(), bytes.len(), 1 << 16, true),
            (bytes.len(), bytes.len(), 1 << 30, true),
            // A pipe: mappings that double as it is read.
            (bytes.len(), 0, 1 << 16, true),
            (bytes.len(), 0, 777_777, true),
            (mapped_from + 1, 0, 1000, true),
            // A file that grew or shrank while it was read.
            (bytes.len(), mapped_from, 1 << 16, true),
            (bytes.len(), 2 * mapped_from + 5, 777_777, true),
            (mapped_from + 1, 3 * mapped_from, 1 << 16, true),
            // Small inputs, on the heap.
            (mapped_from, 0, 1 << 16, false),
            (mapped_from, mapped_from, 1 << 16, false),
            (1000, 1000, 100, false),
            (0, 0, 1, false),
        ] {
            let mut reader = Trickle {
                bytes: &bytes[..len],
                step,
                interrupt: false,
            };
            let input = stdin::read_expecting(&mut reader, expected_size as u64)
                .expect("reads from memory");
            let what = format!("{len} bytes, {expected_size} expected, {step} a read");
            assert!(input[..] == bytes[..len], "{what}");
            assert_eq!(
                matches!(input, stdin::Input::Mapped { .. }),
                mapped,
                "{what}"
            );
        }
    }
}
