//! `values <game> --upto N [--misere] [--json] [--plot FILE.svg]`, with
//! checkpoints (`--checkpoint`, `--resume`).

use super::{on_heap_worker, write_plot};
use crate::args::GrundyOptions;
use crate::checkpoint::{Saving, extend_saving, resumed};
use crate::failure::{Failure, compute_error, output_error};
use std::io::{self, Write};
use std::time::Duration;

/// Computes the values on the worker and writes them on one line (`--json`:
/// an array), then the picture.
pub fn run(options: &GrundyOptions, out: &mut impl Write) -> Result<(), Failure> {
    if options.canonical {
        return super::misere::run_values(options, out);
    }
    let game = &options.game;
    let (misere, upto) = (options.misere, options.upto.unwrap_or(0));
    let threads = options.threads.unwrap_or_else(cgt_lab::default_threads);
    let saving = Saving {
        checkpoint: options.checkpoint.clone(),
        every: Duration::from_secs(options.checkpoint_every.unwrap_or(10)),
        resume: options.resume.clone(),
    };
    let worker_game = game.clone();
    let values = on_heap_worker(options, move |show| {
        let game = worker_game;
        if misere {
            let values = cgt_lab::misere_values(&game, upto, show);
            return Ok(cgt_lab::Values::from(values.map_err(compute_error)?));
        }
        if saving.resume.is_none() && saving.checkpoint.is_none() {
            // A certified period gives the values after it without the engine.
            // Progress toward --upto, not toward a step of the doubling;
            // at every value the engine asks about (every 2^16 for the
            // fast engine, every one for the plain engines, whose values
            // can take milliseconds each: `0.eee2ee2`).
            let mut go_on = |n: usize, _: usize| {
                show(n, upto);
                true
            };
            let values = cgt_lab::values_until(&game, upto, threads, &mut go_on);
            return values
                .map_err(compute_error)?
                .ok_or_else(|| Failure::Message("values: the run stopped".to_owned(), 1));
        }
        let mut sequence = match &saving.resume {
            Some(file) => resumed(&game, threads, file, upto)?,
            None => cgt_lab::Sequence::with_threads(&game, threads),
        };
        match &saving.checkpoint {
            Some(file) => {
                // The code as cgt writes it: the name --resume checks.
                let name = game.code().map(ToString::to_string).unwrap_or_default();
                extend_saving(&mut sequence, upto, file, &name, saving.every, show)?;
            }
            None => sequence.extend_to(upto, show).map_err(compute_error)?,
        }
        Ok(sequence.into_compact_values())
    })?;
    let (open, close) = if options.json { ("[", "]") } else { ("", "") };
    let separator = if options.json { "," } else { " " };
    write!(out, "{open}").map_err(output_error)?;
    write_values(out, values.iter(), separator.as_bytes()).map_err(output_error)?;
    writeln!(out, "{close}").map_err(output_error)?;
    out.flush().map_err(output_error)?;
    if let Some(file) = &options.plot {
        let t = game
            .code()
            .filter(|c| c.is_finite_octal() && !options.misere)
            .and_then(|c| c.last_nonzero());
        let values = values.to_vec();
        let found = cgt_lab::find_pattern(&values, t);
        write_plot(file, game, &values, found)?;
    }
    Ok(())
}

/// Writes `values` in decimal, `separator` between two, a buffer at a time:
/// `write!` per value took a sixth of a short run (`values .16`).
fn write_values(
    out: &mut impl Write,
    values: impl Iterator<Item = u32>,
    separator: &[u8],
) -> io::Result<()> {
    const FLUSH_AT: usize = 1 << 16;
    let mut buffer = Vec::with_capacity(FLUSH_AT + 32);
    for (n, mut v) in values.enumerate() {
        if n > 0 {
            buffer.extend_from_slice(separator);
        }
        // The digits from the last, in a u32's ten places.
        let mut digits = [0u8; 10];
        let mut at = digits.len();
        loop {
            at -= 1;
            digits[at] = b'0' + (v % 10) as u8;
            v /= 10;
            if v == 0 {
                break;
            }
        }
        buffer.extend_from_slice(&digits[at..]);
        if buffer.len() >= FLUSH_AT {
            out.write_all(&buffer)?;
            buffer.clear();
        }
    }
    out.write_all(&buffer)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_written_as_display_writes_them() {
        let values = [0, 7, 9, 10, 99, 100, 65_535, 1 << 20, u32::MAX];
        let expected = values.map(|v| v.to_string());
        for separator in [" ", ","] {
            let mut out = Vec::new();
            write_values(&mut out, values.iter().copied(), separator.as_bytes()).unwrap();
            assert_eq!(String::from_utf8(out).unwrap(), expected.join(separator));
        }
        // Longer than one buffer: the flushes in between lose nothing.
        let many = (0..40_000u32).map(|n| n * 7919);
        let mut out = Vec::new();
        write_values(&mut out, many.clone(), b" ").unwrap();
        let expected: Vec<String> = many.map(|v| v.to_string()).collect();
        assert_eq!(String::from_utf8(out).unwrap(), expected.join(" "));
        let mut out = Vec::new();
        write_values(&mut out, std::iter::empty(), b" ").unwrap();
        assert!(out.is_empty());
    }
}
