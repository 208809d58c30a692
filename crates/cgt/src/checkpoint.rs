//! The checkpoint file of `cgt values --checkpoint FILE` and
//! `--resume FILE`: the values computed so far, so that a run of hours can
//! be stopped (killed, even) and continued to the same values; and the
//! run of `values` that writes it ([`extend_saving`]) and resumes from it
//! ([`resumed`]).
//!
//! # Format (version 1, all numbers little-endian)
//! | bytes | what |
//! |---|---|
//! | 8 | `CGTLABCP` |
//! | 4 | version, 1 |
//! | 4 | length L of the code's text (at most [`MAX_NAME`]) |
//! | L | the code as cgt writes it (`0.354`, `4.7`) |
//! | 1 | bytes per value W: 2 when every value is below 2^16, else 4 |
//! | 8 | the number of values C: G(0..C) follow |
//! | C·W | the values |
//! | 8 | FNV-1a (64 bits) of every byte before it |
//!
//! The file is written to `FILE.tmp` and renamed over `FILE`, so a process
//! killed while writing leaves the previous checkpoint whole. On reading,
//! the length C·W must be what the file holds before anything is
//! allocated for the values, and the checksum must match; then the values
//! are checked against the game's rules ([`cgt_lab::Sequence::resume`]),
//! since the checksum proves nothing against a forger.

use crate::failure::{Failure, compute_error, usage_error};
use cgt_lab::{Game, Values};
use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::time::{Duration, Instant};

const MAGIC: &[u8; 8] = b"CGTLABCP";
const VERSION: u32 = 1;
/// The longest code text a checkpoint may name (a code has at most 4,097
/// digits, a dot and two parentheses).
const MAX_NAME: u32 = 4200;

/// FNV-1a, 64 bits: catches a flipped or missing byte, not an adversary.
struct Fnv(u64);

impl Fnv {
    fn new() -> Self {
        Self(0xcbf2_9ce4_8422_2325)
    }

    fn add(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
}

/// Writes bytes and checksums them.
struct Summing<W: Write> {
    out: W,
    sum: Fnv,
}

impl<W: Write> Summing<W> {
    fn put(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.sum.add(bytes);
        self.out.write_all(bytes)
    }
}

/// Writes the checkpoint of `values` of the game `name` to `path`,
/// atomically (a temporary file beside it, then a rename).
pub fn write(path: &str, name: &str, values: &Values) -> io::Result<()> {
    let temporary = format!("{path}.tmp");
    // A new file, never one that is there: `create_new` does not follow a
    // link put at the temporary name since the last write, and a regular
    // file left there by a killed run is ours to remove.
    if std::fs::symlink_metadata(&temporary).is_ok_and(|m| m.file_type().is_file()) {
        std::fs::remove_file(&temporary)?;
    }
    let file = File::options()
        .write(true)
        .create_new(true)
        .open(&temporary)?;
    let mut out = Summing {
        out: BufWriter::with_capacity(1 << 16, file),
        sum: Fnv::new(),
    };
    let name_len = u32::try_from(name.len())
        .ok()
        .filter(|&l| l <= MAX_NAME)
        .ok_or_else(|| io::Error::other("the game's name is too long for a checkpoint"))?;
    let wide = !values.is_narrow() && values.iter().any(|v| v > u32::from(u16::MAX));
    out.put(MAGIC)?;
    out.put(&VERSION.to_le_bytes())?;
    out.put(&name_len.to_le_bytes())?;
    out.put(name.as_bytes())?;
    out.put(&[if wide { 4 } else { 2 }])?;
    out.put(&(values.len() as u64).to_le_bytes())?;
    // In blocks, so that the checksum runs over long slices.
    let mut block = Vec::with_capacity(1 << 16);
    let mut all = values.iter().peekable();
    while all.peek().is_some() {
        block.clear();
        for v in all.by_ref().take(1 << 14) {
            if wide {
                block.extend_from_slice(&v.to_le_bytes());
            } else {
                // Every value fits: `wide` is false.
                block.extend_from_slice(&(v as u16).to_le_bytes());
            }
        }
        out.put(&block)?;
    }
    let sum = out.sum.0;
    let mut file = out.out.into_inner().map_err(|e| e.into_error())?;
    file.write_all(&sum.to_le_bytes())?;
    // On the disk before the rename makes it the checkpoint.
    file.sync_all()?;
    drop(file);
    // What is at `path` now may have changed since the run began: the
    // rename replaces only a regular file (a checkpoint) or nothing.
    let replaced = std::fs::symlink_metadata(path).is_ok_and(|m| !m.file_type().is_file());
    if replaced {
        std::fs::remove_file(&temporary)?;
        return Err(io::Error::other(
            "something that is not a regular file was put there during the run; not replaced",
        ));
    }
    std::fs::rename(&temporary, path)
}

/// What a checkpoint holds.
pub struct Checkpoint {
    /// The code's text as written.
    pub name: String,
    /// G(0), G(1), … (narrow when the file's are).
    pub values: Values,
}

/// Reads bytes and checksums them.
struct Reading<R: Read> {
    input: R,
    sum: Fnv,
}

impl<R: Read> Reading<R> {
    fn take(&mut self, buffer: &mut [u8]) -> Result<(), String> {
        self.input.read_exact(buffer).map_err(|e| {
            if e.kind() == io::ErrorKind::UnexpectedEof {
                "the file is truncated".to_owned()
            } else {
                e.to_string()
            }
        })?;
        self.sum.add(buffer);
        Ok(())
    }

    fn u32(&mut self) -> Result<u32, String> {
        let mut b = [0; 4];
        self.take(&mut b)?;
        Ok(u32::from_le_bytes(b))
    }

    fn u64(&mut self) -> Result<u64, String> {
        let mut b = [0; 8];
        self.take(&mut b)?;
        Ok(u64::from_le_bytes(b))
    }
}

/// Reads the checkpoint at `path`, with at most `max_values` values; the
/// error says what is wrong with the file.
pub fn read(path: &str, max_values: u64) -> Result<Checkpoint, String> {
    // Asked before opening: opening a pipe waits for a writer forever, and
    // a device has no size to check the count against.
    let kind = std::fs::metadata(path)
        .map_err(|e| e.to_string())?
        .file_type();
    if !kind.is_file() {
        return Err(
            "expected a checkpoint file, found something that is not a regular file".to_owned(),
        );
    }
    let file = File::open(path).map_err(|e| e.to_string())?;
    let size = file.metadata().map_err(|e| e.to_string())?.len();
    let mut input = Reading {
        input: BufReader::with_capacity(1 << 16, file),
        sum: Fnv::new(),
    };
    let mut magic = [0; 8];
    input
        .take(&mut magic)
        .map_err(|_| "not a cgt-lab checkpoint (too short)".to_owned())?;
    if &magic != MAGIC {
        return Err("not a cgt-lab checkpoint (it does not start with CGTLABCP)".to_owned());
    }
    let version = input.u32()?;
    if version != VERSION {
        return Err(format!(
            "checkpoint version {version}; this cgt-lab reads version {VERSION}"
        ));
    }
    let name_len = input.u32()?;
    if name_len > MAX_NAME {
        return Err(format!(
            "the game's name is {name_len} bytes long; at most {MAX_NAME} expected"
        ));
    }
    let mut name = vec![0; name_len as usize];
    input.take(&mut name)?;
    let name = String::from_utf8(name).map_err(|_| "the game's name is not UTF-8".to_owned())?;
    let mut width = [0];
    input.take(&mut width)?;
    let width = u64::from(width[0]);
    if width != 2 && width != 4 {
        return Err(format!("{width} bytes per value; 2 or 4 expected"));
    }
    let count = input.u64()?;
    if count > max_values {
        return Err(format!(
            "{count} values; at most {max_values} expected for this game"
        ));
    }
    // The header, the values and the checksum: exactly the file's size,
    // checked before the values' memory is asked for.
    let header = 8 + 4 + 4 + u64::from(name_len) + 1 + 8;
    let expected = count
        .checked_mul(width)
        .and_then(|b| b.checked_add(header + 8));
    if expected != Some(size) {
        return Err(format!(
            "the file holds {size} bytes; {count} values of {width} bytes make {} (truncated or damaged)",
            expected.map_or_else(|| "too many".to_owned(), |e| e.to_string())
        ));
    }
    let count = usize::try_from(count).map_err(|_| "too many values".to_owned())?;
    let no_memory = |_| format!("no memory for {count} values");
    let mut narrow: Vec<u16> = Vec::new();
    let mut wide: Vec<u32> = Vec::new();
    if width == 2 {
        narrow.try_reserve_exact(count).map_err(no_memory)?;
    } else {
        wide.try_reserve_exact(count).map_err(no_memory)?;
    }
    let mut block = vec![0u8; 1 << 16];
    let mut left = count;
    while left > 0 {
        let n = left.min(block.len() / width as usize);
        let bytes = &mut block[..n * width as usize];
        input.take(bytes)?;
        if width == 2 {
            narrow.extend(
                bytes
                    .chunks_exact(2)
                    .map(|b| u16::from_le_bytes([b[0], b[1]])),
            );
        } else {
            wide.extend(
                bytes
                    .chunks_exact(4)
                    .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]])),
            );
        }
        left -= n;
    }
    let computed = input.sum.0;
    let mut stored = [0; 8];
    input
        .input
        .read_exact(&mut stored)
        .map_err(|_| "the file is truncated".to_owned())?;
    if u64::from_le_bytes(stored) != computed {
        return Err("the checksum does not match (the file is damaged)".to_owned());
    }
    // A wide file whose values all fit (written by another version) is
    // kept wide: the engine widens only when it must, never narrows.
    let values = if width == 2 {
        Values::from_narrow(narrow)
    } else {
        Values::from_wide(wide)
    };
    Ok(Checkpoint { name, values })
}

/// `--checkpoint`, `--checkpoint-every` and `--resume` of `values`.
pub struct Saving {
    /// `--checkpoint FILE`.
    pub checkpoint: Option<String>,
    /// `--checkpoint-every SECONDS`.
    pub every: Duration,
    /// `--resume FILE`.
    pub resume: Option<String>,
}

/// The sequence continued from the checkpoint `file` (`--resume`): a file
/// that does not read, or is not one of this game, is a bad input.
pub fn resumed(
    game: &Game,
    threads: usize,
    file: &str,
    upto: usize,
) -> Result<cgt_lab::Sequence, Failure> {
    let bad = |message: String| usage_error(format!("values: --resume {file}: {message}"));
    let name = game.code().map(ToString::to_string).unwrap_or_default();
    let max_values = (game.max_upto() as u64).saturating_add(1);
    let mut found = read(file, max_values).map_err(bad)?;
    if found.name != name {
        return Err(bad(format!(
            "a checkpoint of {}, not of {name}",
            found.name
        )));
    }
    // A checkpoint beyond --upto: its first values are the answer.
    found.values.truncate(upto.saturating_add(1));
    cgt_lab::Sequence::resume(game, threads, found.values).map_err(|e| match e {
        // The file is read, but its values fail the game's rules: a damaged
        // or forged file, refused before any value is printed.
        cgt_lab::ResumeError::NotMex { .. } => {
            bad(format!("{e}: the values are not those of {name}"))
        }
        _ => bad(format!("its values cannot be those of {name}")),
    })
}

/// Refuses a `--checkpoint` path that cgt did not make: the checkpoint is
/// renamed over it, which would replace a device, a pipe or the target of
/// a link with a regular file, and a file of the user's with values.
/// Nothing there, or a checkpoint, is fine; so is a regular `FILE.tmp`,
/// the name cgt writes to first.
pub fn check_target(path: &str) -> Result<(), Failure> {
    let refuse = |what: &str| {
        usage_error(format!(
            "values: --checkpoint {path}: expected a new file or a checkpoint, found {what}; \
             cgt does not write over a file it did not make"
        ))
    };
    let temporary = format!("{path}.tmp");
    for (file, is_target) in [(path, true), (temporary.as_str(), false)] {
        let Ok(meta) = std::fs::symlink_metadata(file) else {
            continue;
        };
        let kind = meta.file_type();
        if kind.is_symlink() {
            return Err(refuse(&format!("a symbolic link at {file}")));
        }
        if !kind.is_file() {
            return Err(refuse(&format!("{file}, which is not a regular file")));
        }
        if is_target {
            let mut magic = [0; 8];
            let starts = File::open(file).and_then(|mut f| f.read_exact(&mut magic));
            if starts.is_err() || &magic != MAGIC {
                return Err(refuse("a file that is not a checkpoint"));
            }
        }
    }
    Ok(())
}

/// Extends `sequence` to G(upto), writing the values to the checkpoint
/// `file` at least `every` apart while they grow, and at the end. The
/// engine stops at one of its checks (every 2^16 values), the file is
/// written, and the engine goes on from the values it has. The files grow
/// with the run (2 GiB at 2^30 values), so the next one waits at least 20
/// times as long as the last took to write: the writing costs at most
/// about 5% of the run, whatever `every` says.
pub fn extend_saving(
    sequence: &mut cgt_lab::Sequence,
    upto: usize,
    file: &str,
    name: &str,
    every: Duration,
    show: &mut dyn FnMut(usize, usize),
) -> Result<(), Failure> {
    check_target(file)?;
    let mut written = sequence.values().len();
    let mut last = Instant::now();
    let mut gap = every;
    loop {
        let done = sequence
            .extend_until(upto, &mut |n, target| {
                if n % (1 << 16) < 2 && n > 1 {
                    show(n, target);
                }
                // Not before any new value: the loop would not move on.
                n <= written || last.elapsed() < gap
            })
            .map_err(compute_error)?;
        let writing = Instant::now();
        write(file, name, sequence.values())
            .map_err(|e| Failure::Message(format!("values: --checkpoint {file}: {e}"), 1))?;
        written = sequence.values().len();
        last = Instant::now();
        gap = every.max(writing.elapsed().saturating_mul(20));
        if done {
            return Ok(());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> String {
        let dir = std::env::temp_dir().join(format!("cgt-lab-ck-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        dir.join(name).to_string_lossy().into_owned()
    }

    #[test]
    fn round_trip_narrow_and_wide() {
        for values in [vec![0, 1, 2, 65535], vec![0, 70000, 3], vec![]] {
            let path = scratch("rt");
            let narrow = values.iter().all(|&v| v < 1 << 16);
            write(&path, "0.354", &Values::from(values.clone())).expect("writes");
            let back = read(&path, 100).expect("reads");
            assert_eq!(back.name, "0.354");
            assert_eq!(back.values.is_narrow(), narrow);
            assert_eq!(back.values.to_vec(), values);
            assert!(!std::path::Path::new(&format!("{path}.tmp")).exists());
        }
    }

    #[test]
    fn damaged_files_are_refused() {
        let path = scratch("bad");
        write(&path, "0.6", &Values::from(vec![0, 1, 2, 3, 1])).expect("writes");
        let good = std::fs::read(&path).expect("reads");
        let cases: Vec<(Vec<u8>, &str)> = vec![
            (good[..good.len() - 3].to_vec(), "truncated"),
            (good[..5].to_vec(), "not a cgt-lab checkpoint"),
            (
                b"garbage garbage garbage".to_vec(),
                "not a cgt-lab checkpoint",
            ),
            (
                {
                    let mut g = good.clone();
                    let at = g.len() - 10;
                    g[at] ^= 1;
                    g
                },
                "checksum",
            ),
            (
                {
                    // A count of 2^40 values in a small file.
                    let mut g = good.clone();
                    let at = 8 + 4 + 4 + 3 + 1;
                    g[at..at + 8].copy_from_slice(&(1u64 << 40).to_le_bytes());
                    g
                },
                "at most",
            ),
            (
                {
                    let mut g = good.clone();
                    let at = 8 + 4 + 4 + 3 + 1;
                    g[at..at + 8].copy_from_slice(&50u64.to_le_bytes());
                    g
                },
                "truncated or damaged",
            ),
        ];
        for (bytes, says) in cases {
            std::fs::write(&path, &bytes).expect("writes");
            let error = read(&path, 1000).err().expect("refused");
            assert!(error.contains(says), "{error} (expected {says})");
        }
    }
}
