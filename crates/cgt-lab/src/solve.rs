//! `cgt solve EXPR` as a library: who wins a sum `eval` reads, with
//! each player moving first (or the one asked), and a winning move, by
//! [`Solver`] (small regions valued, the rest searched), written as text or
//! as a JSON object.
//!
//! # Example
//! ```
//! use cgt_core::canonical::GameStore;
//! use cgt_core::outcome::Side;
//! use cgt_lab::solve::solve;
//! use cgt_rulesets::solve::Solver;
//!
//! let mut store = GameStore::new();
//! let mut solver = Solver::new();
//! let solved = solve(&mut solver, &mut store, "clobber(xo) + 1/2", None).unwrap();
//! assert_eq!(solved.text(), "\
//! Left moving first: Left wins, moving clobber(xo) to clobber(.x)
//! Right moving first: Left wins");
//! let solved = solve(&mut solver, &mut store, "clobber(xo)", Some(Side::Right)).unwrap();
//! assert_eq!(
//!     solved.json(),
//!     r#"{"expression":"clobber(xo)","first":"right","winner":"right","move":{"term":1,"from":"clobber(xo)","to":"clobber(o.)"}}"#
//! );
//! ```

use crate::eval;
use crate::json;
use cgt_core::canonical::GameStore;
use cgt_core::loopy_partizan::{LoopyError, StopperStore};
use cgt_core::outcome::{Outcome, Side};
use cgt_rulesets::Rulesets;
use cgt_rulesets::solve::{Answer, SolveError, Solver};

/// Who wins an expression with the players asked about moving first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solved {
    /// The expression as given.
    pub expression: String,
    /// For each player asked about (Left first), the answer with that
    /// player moving first.
    pub answers: Vec<(Side, Answer)>,
}

/// Solves `expr` for `first` (both players if `None`).
///
/// # Errors
/// [`SolveError::Unreadable`] when `expr` does not read,
/// [`SolveError::Overflow`] when a value overflows: their `Display` is the
/// line `cgt solve` prints.
pub fn solve(
    solver: &mut Solver,
    store: &mut GameStore,
    expr: &str,
    first: Option<Side>,
) -> Result<Solved, SolveError> {
    let sides = match first {
        Some(side) => vec![side],
        None => vec![Side::Left, Side::Right],
    };
    let mut answers = Vec::with_capacity(2);
    for side in sides {
        let answer = solver
            .solve(store, expr, side)
            .map_err(|e| loopy_or(e, expr))?;
        answers.push((side, answer));
    }
    Ok(Solved {
        expression: expr.to_owned(),
        answers,
    })
}

/// `error`, or, when `expr` reads as a loopy game (`on`, `backsliding(t.f)`,
/// what only `eval`'s loopy reading reads), the line that says `solve` takes
/// short games only and where the outcome of a loopy one is.
fn loopy_or(error: SolveError, expr: &str) -> SolveError {
    if !matches!(error, SolveError::Unreadable(_)) {
        return error;
    }
    let (mut store, mut stoppers, mut rulesets) =
        (GameStore::new(), StopperStore::new(), Rulesets::new());
    match eval::eval_any_with(&mut store, &mut stoppers, &mut rulesets, expr) {
        Ok(_) => SolveError::Unreadable(
            "a loopy game (play may go on forever): solve answers short games only; \
             `cgt eval` gives a loopy game's value and outcome, draws included"
                .to_owned(),
        ),
        // It reads as a loopy game whose valuing passed a limit: that
        // limit, not the short reading's error (exit status 1, as `eval`).
        Err(e)
            if matches!(
                e.loopy_error(),
                Some(
                    LoopyError::TooCostly { .. }
                        | LoopyError::TooLarge { .. }
                        | LoopyError::Unsettled { .. }
                )
            ) =>
        {
            SolveError::TooCostly(e.to_string())
        }
        Err(_) => error,
    }
}

fn name(side: Side) -> &'static str {
    match side {
        Side::Left => "Left",
        Side::Right => "Right",
    }
}

fn key(side: Side) -> &'static str {
    match side {
        Side::Left => "left",
        Side::Right => "right",
    }
}

impl Solved {
    /// The outcome class, when both players were asked about.
    pub fn outcome(&self) -> Option<Outcome> {
        match self.answers[..] {
            [(Side::Left, ref l), (Side::Right, ref r)] => Some(Outcome::from_first_player_wins(
                l.winner == Side::Left,
                r.winner == Side::Right,
            )),
            _ => None,
        }
    }

    /// A line per player moving first: `Left moving first: Left wins,
    /// moving clobber(xo) to clobber(x)`, or `... : Right wins`.
    pub fn text(&self) -> String {
        let lines: Vec<String> = self
            .answers
            .iter()
            .map(|(side, answer)| {
                let mut line =
                    format!("{} moving first: {} wins", name(*side), name(answer.winner));
                if let Some(m) = &answer.winning_move {
                    line.push_str(&format!(", moving {} to {}", m.from, m.to));
                }
                line
            })
            .collect();
        lines.join("\n")
    }

    /// One JSON object: for one player first, `expression`, `first`,
    /// `winner` and `move` (`term`, counted from 1 among the ruleset terms
    /// and `null` for the part in notation, `from` and `to`; or `null`);
    /// for both, `expression`, `outcome` and `left_first` and `right_first`
    /// objects with `winner` and `move`.
    pub fn json(&self) -> String {
        let answer_fields = |answer: &Answer| {
            let m = match &answer.winning_move {
                None => "null".to_owned(),
                Some(m) => format!(
                    "{{\"term\":{},\"from\":{},\"to\":{}}}",
                    m.term
                        .map_or_else(|| "null".to_owned(), |t| (t + 1).to_string()),
                    json::string(&m.from),
                    json::string(&m.to)
                ),
            };
            format!("\"winner\":\"{}\",\"move\":{m}", key(answer.winner))
        };
        let expression = json::string(&self.expression);
        match (&self.answers[..], self.outcome()) {
            ([(side, answer)], _) => format!(
                "{{\"expression\":{expression},\"first\":\"{}\",{}}}",
                key(*side),
                answer_fields(answer)
            ),
            ([(_, left), (_, right)], Some(outcome)) => format!(
                "{{\"expression\":{expression},\"outcome\":\"{outcome}\",\
                 \"left_first\":{{{}}},\"right_first\":{{{}}}}}",
                answer_fields(left),
                answer_fields(right)
            ),
            _ => unreachable!("solve asks about one player or both, Left first"),
        }
    }
}

/// A line of `solve --batch`: `left: EXPR`, `right: EXPR` or `EXPR`; the
/// player moving first (none: both) and the expression.
pub fn batch_line(line: &str) -> (Option<Side>, &str) {
    let trimmed = line.trim_start();
    for (prefix, side) in [("left:", Side::Left), ("right:", Side::Right)] {
        if let Some(rest) = trimmed.strip_prefix(prefix) {
            return (Some(side), rest.trim());
        }
    }
    (None, line.trim())
}
