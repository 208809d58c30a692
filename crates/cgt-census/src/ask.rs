//! The questions a census asks of each game, and the rows of those this
//! library answers itself (`period`, `values`); the `cgt` command answers
//! the others (`misere`, `quotient`, `value`) with its own commands.

use crate::row::{Cost, Row};
use cgt_lab::json;
use std::time::Instant;

/// A question a census asks of each game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ask {
    /// `cgt period --json`: preperiod, period, saltus, certified, status,
    /// theorem, checked_upto.
    Period,
    /// A summary of `cgt values --json`: `game`, `upto`, `max`, `zeros`
    /// (the P-positions), `distinct`.
    Values,
    /// `cgt misere --json`: of a heap game, the form of the heap of
    /// `--upto`; of a file's expression, the expression's.
    Misere,
    /// `cgt quotient --json`, with `--max-heap` the census's `--upto`.
    Quotient,
    /// `cgt eval --json`: a ruleset position's (any sum eval reads) value.
    Value,
}

impl Ask {
    /// Every question, in the order the errors list them.
    pub const ALL: [Ask; 5] = [
        Ask::Period,
        Ask::Values,
        Ask::Misere,
        Ask::Quotient,
        Ask::Value,
    ];

    /// The question's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Ask::Period => "period",
            Ask::Values => "values",
            Ask::Misere => "misere",
            Ask::Quotient => "quotient",
            Ask::Value => "value",
        }
    }

    /// The question named `text`.
    ///
    /// # Errors
    /// One line listing the questions.
    pub fn parse(text: &str) -> Result<Ask, String> {
        Ask::ALL
            .into_iter()
            .find(|a| a.name() == text)
            .ok_or_else(|| {
                format!(
                    "--ask expected period, values, misere, quotient or value, found \"{text}\""
                )
            })
    }

    /// Whether the family's games are heap games (`values` reads them),
    /// rather than expressions `eval` reads: all but `value`.
    pub fn on_heaps(self) -> bool {
        self != Ask::Value
    }

    /// Whether [`row`] answers it (else only the `cgt` command does).
    pub fn in_library(self) -> bool {
        matches!(self, Ask::Period | Ask::Values)
    }
}

/// The row of `game` for `period` or `values`, computed here on one thread,
/// with its cost (the memory is this process's peak since
/// [`crate::memory::reset_peak`] was last called). A game that cannot be
/// computed is a failed row, not an error.
///
/// `upto`: `period`'s cap (default, the game's default cap), `values`' N
/// (default 2^10).
///
/// # Errors
/// The question is not one this library answers, or the game cannot be
/// read (bad input, found before any work).
///
/// # Example
/// ```
/// use cgt_census::{Ask, row};
/// let r = row("0.07", Ask::Period, Some(1 << 12)).unwrap();
/// assert_eq!(r.get("period"), Some("34"));
/// assert_eq!(r.fields[7].0, "checked_upto");
/// assert_eq!(r.fields[8].0, "seconds");
/// ```
pub fn row(game: &str, ask: Ask, upto: Option<usize>) -> Result<Row, String> {
    let parsed = cgt_lab::Game::parse(game).map_err(|e| e.to_string())?;
    crate::memory::reset_peak();
    let cpu_before = crate::cpu::thread_seconds();
    let start = Instant::now();
    let answer = match ask {
        Ask::Period => period(&parsed, upto),
        Ask::Values => values(&parsed, upto),
        other => {
            return Err(format!(
                "--ask {} is answered by the cgt command only",
                other.name()
            ));
        }
    };
    let cost = Cost {
        seconds: start.elapsed().as_secs_f64(),
        cpu_seconds: crate::cpu::thread_seconds()
            .zip(cpu_before)
            .map(|(after, before)| after - before),
        peak_memory: crate::memory::peak_bytes(),
    };
    Ok(match answer {
        Ok(mut row) => {
            row.push_cost(cost);
            row
        }
        Err(reason) => Row::failed(game, &reason, cost),
    })
}

/// `cgt period GAME --upto CAP --json` on one thread.
fn period(game: &cgt_lab::Game, upto: Option<usize>) -> Result<Row, String> {
    let cap = upto.unwrap_or_else(|| game.default_cap());
    let found =
        cgt_lab::analyse_compact_on(game, cap, 1, &mut |_, _| true).map_err(|e| e.to_string())?;
    let (analysis, _) = found.ok_or("the analysis stopped")?;
    Row::parse(&analysis.to_json())
}

/// The summary of G(0..=N).
fn values(game: &cgt_lab::Game, upto: Option<usize>) -> Result<Row, String> {
    let upto = upto.unwrap_or(1 << 10);
    cgt_lab::check_upto(game, upto as u64).map_err(|e| e.to_string())?;
    let values = cgt_lab::values_until(game, upto, 1, &mut |_, _| true)
        .map_err(|e| e.to_string())?
        .ok_or("the run stopped")?;
    let mut max = 0;
    let mut zeros = 0usize;
    let mut seen = std::collections::BTreeSet::new();
    for v in values.iter() {
        max = max.max(v);
        zeros += usize::from(v == 0);
        seen.insert(v);
    }
    Ok(Row {
        fields: vec![
            ("game".to_owned(), json::string(game.name())),
            ("upto".to_owned(), upto.to_string()),
            ("max".to_owned(), max.to_string()),
            ("zeros".to_owned(), zeros.to_string()),
            ("distinct".to_owned(), seen.len().to_string()),
        ],
    })
}
