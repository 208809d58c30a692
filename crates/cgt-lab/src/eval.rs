//! `cgt eval EXPR` as a library: [`eval`] reads a sum of games
//! written in CGSuite's notation and ruleset positions into a
//! [`GameStore`], [`to_json`] writes its invariants as a JSON object, and
//! [`thermograph_svg`] draws its thermograph. These compute and return
//! values; the `cgt` command (crate `cgt`) owns the arguments, the progress line,
//! the files and the exit statuses.
//!
//! # Example
//! ```
//! use cgt_core::canonical::GameStore;
//! use cgt_lab::eval::{eval, thermograph_picture, to_json};
//! let mut store = GameStore::new();
//! let g = eval(&mut store, "domineering(..|..) + 1/2").unwrap();
//! assert_eq!(store.display(g).to_string(), "{3/2|-1/2}");
//! let json = to_json(&mut store, g).unwrap();
//! assert!(json.starts_with("{\"value\":\"{3/2|-1/2}\",\"outcome\":\"N\","));
//! let svg = thermograph_picture(&mut store, g).unwrap();
//! assert!(svg.contains("mast at 1/2"));
//! // A syntax error says where, counting characters from 1.
//! let error = eval(&mut store, "{1|*").unwrap_err();
//! assert_eq!(error.to_string(), "at character 5: expected `}`, found the end");
//! ```

use crate::json;
use crate::svg::{Path, Svg};
use cgt_core::canonical::{GameId, GameStore, NotationError, ValueError};
use cgt_core::dyadic::Dyadic;
use cgt_core::loopy_partizan::{
    Graph, LoopyError, LoopyOutcomeClass, LoopyValue, Play, StopperStore, Term, TermError,
};
use cgt_core::outcome::Side;
use cgt_core::thermograph::Thermograph;
use cgt_rulesets::Rulesets;
use cgt_rulesets::registry::{self, GraphError};

/// Reads `expr`, a sum or difference (`+`, `-`, parentheses) of games in
/// CGSuite's notation and of ruleset positions (`domineering(..#|...)`,
/// `hackenbush(l(r;lr))`, `clobber(xo.|oxx)`, `toppling(lrrl)`), into
/// `store`: the id of its canonical form.
///
/// # Errors
/// Where `expr` does not read, or a value overflows while it is read: the
/// character (from 1, in the error's `Display`) and what was expected.
pub fn eval(store: &mut GameStore, expr: &str) -> Result<GameId, NotationError> {
    eval_with(store, &mut Rulesets::new(), expr)
}

/// [`eval`] with rulesets whose memos are kept between calls: with one
/// store, a position valued before costs a look-up and adds no game (with
/// another store, the memos start over).
///
/// # Errors
/// As [`eval`].
pub fn eval_with(
    store: &mut GameStore,
    rulesets: &mut Rulesets,
    expr: &str,
) -> Result<GameId, NotationError> {
    store.parse_with(expr, &mut |s, name, argument| {
        rulesets.resolve(s, name, argument)
    })
}

/// What `eval` reads: a short game, or a loopy one (a stopper with a
/// cycle, or a sided value `onside & offside`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Evaluation {
    /// A short game (a loopy game whose value has no cycle is one).
    Short(GameId),
    /// A loopy value.
    Loopy(LoopyValue),
}

/// Reads `expr` as [`eval`] does and, where that fails, as a loopy game
/// in CGSuite's notation (`pass`, named positions `a{0|a}`, `on`, `off`,
/// `over`, `under`, `upon`, `dud`, `5over`, `Tiny(on)`, `^<on>`, `A & B`)
/// with the loopy rulesets `backsliding(ttt..fff)` and
/// `fox_and_geese((4,2),(4,4);(1,1))` beside the others. Each loopy
/// ruleset term is valued on its own first and takes part in a sum as its
/// value's simplest form when that is a stopper (a short game as itself),
/// so a sum's graph is the product of small forms, not of whole boards.
///
/// # Example
/// ```
/// use cgt_core::canonical::GameStore;
/// use cgt_core::loopy_partizan::StopperStore;
/// use cgt_lab::eval::{Evaluation, eval_any};
/// let (mut store, mut stoppers) = (GameStore::new(), StopperStore::new());
/// let Evaluation::Loopy(v) = eval_any(&mut store, &mut stoppers, "{pass|3/2} + 1")? else { panic!() };
/// assert_eq!(stoppers.display_value(v, &mut store), "5/2under");
/// let Evaluation::Short(g) = eval_any(&mut store, &mut stoppers, "fox_and_geese((4,2),(4,4),(4,6),(4,8);(1,1))")?
/// else { panic!() };
/// assert_eq!(store.display(g), "{4*|7/2}");
/// # Ok::<(), cgt_core::canonical::NotationError>(())
/// ```
///
/// # Errors
/// As [`eval`]; of the two readings' errors, the short one where the text
/// read as a short game whose value could not be made
/// ([`NotationError::value_error`]), otherwise the one that read further,
/// or the loopy one where it is about names, `pass`, `&` or sides.
pub fn eval_any(
    store: &mut GameStore,
    stoppers: &mut StopperStore,
    expr: &str,
) -> Result<Evaluation, NotationError> {
    eval_any_with(store, stoppers, &mut Rulesets::new(), expr)
}

/// [`eval_any`] with rulesets kept by the caller, who can then ask them
/// how many positions they valued ([`Rulesets::positions`], for
/// `cgt eval --stats`).
///
/// # Errors
/// As [`eval_any`].
pub fn eval_any_with(
    store: &mut GameStore,
    stoppers: &mut StopperStore,
    rulesets: &mut Rulesets,
    expr: &str,
) -> Result<Evaluation, NotationError> {
    let short_error = match eval_with(store, rulesets, expr) {
        Ok(g) => return Ok(Evaluation::Short(g)),
        // It read as a short game, whose value could not be made (a limit,
        // an overflow): that is the answer, not a loopy reading's error.
        Err(e) if e.value_error().is_some() => return Err(e),
        Err(e) => e,
    };
    // Each loopy term is valued on its own first: a sum's graph is the
    // product of its terms' graphs, so a term that is a stopper takes part
    // as its simplest form (a short game as itself), never as every
    // position of its board.
    let mut terms = StopperStore::new();
    // Ctrl-C stops the valuing of a term as it stops the sum's.
    terms.set_interrupt(stoppers.interrupt());
    // Each loopy term once, for both readings below.
    let mut valued: std::collections::HashMap<(String, String), Result<Term, TermError>> =
        std::collections::HashMap::new();
    let mut loopy_term_of = |s: &mut GameStore, name: &str, argument: &str| {
        let (name, rules) = registry::find(name).and_then(|r| r.loopy().map(|l| (r.name, l)))?;
        let key = (name.to_owned(), argument.to_owned());
        if let Some(term) = valued.get(&key) {
            return Some(term.clone());
        }
        let term = rules
            .graph(argument)
            .map_err(|e| match e {
                GraphError::Position(e) => TermError::Unreadable(format!("{name} position: {e}")),
                GraphError::Loopy(e) => TermError::Unreadable(e.to_string()),
            })
            .and_then(|graph| loopy_term(&mut terms, s, graph));
        valued.insert(key, term.clone());
        Some(term)
    };
    // When every loopy term is a short game, so is the sum: read as a
    // short game, a number beside them is a number, not a graph of as
    // many positions as its size (`backsliding(.) + 4097`).
    let as_short = store.parse_with(expr, &mut |s, name, argument| match loopy_term_of(
        s, name, argument,
    ) {
        Some(Ok(Term::Short(g))) => Some(Ok(g)),
        Some(_) => Some(Err("a loopy game".to_owned())),
        None => rulesets.resolve(s, name, argument),
    });
    match as_short {
        Ok(g) => return Ok(Evaluation::Short(g)),
        // Read as a short game, whose value passes a limit: the answer.
        Err(e) if e.value_error().is_some() => return Err(e),
        Err(_) => {}
    }
    let resolved = stoppers.parse_with(store, expr, &mut |s, name, argument| match loopy_term_of(
        s, name, argument,
    ) {
        Some(term) => Some(term),
        None => rulesets
            .resolve(s, name, argument)
            .map(|r| r.map(Term::Short).map_err(TermError::from)),
    });
    match resolved {
        Ok(LoopyValue::Stopper(s)) => Ok(match stoppers.to_short(s, store) {
            Some(g) => Evaluation::Short(g),
            None => Evaluation::Loopy(LoopyValue::Stopper(s)),
        }),
        Ok(value) => Ok(Evaluation::Loopy(value)),
        Err(loopy_error) => {
            // The loopy reading's error where it read further, or where it
            // is about what only that reading knows (names, `pass`, `&`,
            // stoppers, sides); otherwise the short reading's, as before.
            let further = loopy_error.position() > short_error.position();
            Err(if further || loopy_error.is_about_loopy() {
                loopy_error
            } else {
                short_error
            })
        }
    }
}

/// A loopy ruleset's position as a term of a sum: its value when it is a
/// stopper (a short game when it is one), else its whole graph.
fn loopy_term(
    terms: &mut StopperStore,
    store: &mut GameStore,
    graph: Graph,
) -> Result<Term, TermError> {
    match terms.value(&graph, 0) {
        Ok(LoopyValue::Stopper(s)) => Ok(match terms.to_short(s, store) {
            Some(g) => Term::Short(g),
            None => Term::Loopy(terms.form(s).clone(), 0),
        }),
        Ok(LoopyValue::Sided { .. }) => Ok(Term::Loopy(graph, 0)),
        // The sum may still be valued where the term alone is not.
        Err(LoopyError::Unsettled { .. }) => Ok(Term::Loopy(graph, 0)),
        // A limit reached, its kind kept: exit status 1 in `cgt eval`,
        // `OverflowError` in Python, as for a game written out.
        Err(e) => Err(TermError::Unvalued(e)),
    }
}

/// The outcome class of a loopy value, draws included: with `onside &
/// offside`, Left moving first wins if she wins the offside, draws if she
/// wins only the onside, and loses otherwise (Right alike).
pub fn loopy_outcome(stoppers: &StopperStore, value: LoopyValue) -> LoopyOutcomeClass {
    let (onside, offside) = match value {
        LoopyValue::Stopper(s) => (s, s),
        LoopyValue::Sided { onside, offside } => (onside, offside),
    };
    let (on, off) = (
        stoppers.form(onside).outcomes()[0],
        stoppers.form(offside).outcomes()[0],
    );
    let play = |side: Side| {
        if off.first(side) == Play::LeftWins {
            Play::LeftWins
        } else if on.first(side) == Play::LeftWins {
            Play::Draw
        } else {
            Play::RightWins
        }
    };
    LoopyOutcomeClass::new(play(Side::Left), play(Side::Right))
}

/// The JSON object of `eval --json` for a loopy value: `value`, `outcome`
/// (a draw class among them: `D`, `PHat`, `PCheck`, `NHat`, `NCheck`),
/// `is_stopper`, `onside` and `offside`; for a stopper also `left_stop`
/// and `right_stop`, the pseudonumbers where alternating best play comes
/// to rest ([`StopperStore::stop`]), written as CGSuite writes them
/// (`3/2`, `on`, `over`, `5/2under`).
///
/// # Example
/// ```
/// use cgt_core::canonical::GameStore;
/// use cgt_core::loopy_partizan::StopperStore;
/// use cgt_lab::eval::{Evaluation, eval_any, loopy_json};
/// let (mut store, mut stoppers) = (GameStore::new(), StopperStore::new());
/// let Evaluation::Loopy(v) = eval_any(&mut store, &mut stoppers, "{1|over}")? else { panic!() };
/// let json = loopy_json(&mut stoppers, &mut store, v).unwrap();
/// assert!(json.ends_with(r#""left_stop":"1","right_stop":"over"}"#));
/// # Ok::<(), cgt_core::canonical::NotationError>(())
/// ```
///
/// # Errors
/// [`LoopyError::TooLarge`] if the pseudonumbers met on the way to a stop
/// are too large to compare.
pub fn loopy_json(
    stoppers: &mut StopperStore,
    store: &mut GameStore,
    value: LoopyValue,
) -> Result<String, LoopyError> {
    let (onside, offside, is_stopper) = match value {
        LoopyValue::Stopper(s) => (s, s, true),
        LoopyValue::Sided { onside, offside } => (onside, offside, false),
    };
    let outcome = loopy_outcome(stoppers, value);
    let mut json = format!(
        "{{\"value\":{},\"outcome\":{},\"is_stopper\":{is_stopper},\"onside\":{},\"offside\":{}",
        json::string(&stoppers.display_value(value, store)),
        json::string(outcome.name()),
        json::string(&stoppers.display(onside, store)),
        json::string(&stoppers.display(offside, store)),
    );
    if let LoopyValue::Stopper(s) = value {
        for (key, side) in [("left_stop", Side::Left), ("right_stop", Side::Right)] {
            let stop = stoppers.stop(s, side, store)?;
            json.push_str(",\"");
            json.push_str(key);
            json.push_str("\":");
            json::push_string(&mut json, &stoppers.display(stop, store));
        }
    }
    json.push('}');
    Ok(json)
}

/// The JSON object of `eval --json`: `value`, `outcome`, `left_stop`,
/// `right_stop`, `mean`, `temperature`, `birthday`, `reduced` and
/// `atomic_weight` (`null` where there is none), every other value a string.
///
/// # Errors
/// A value that overflows on the way (the thermograph, the temperature or
/// the reduced form).
pub fn to_json(store: &mut GameStore, g: GameId) -> Result<String, ValueError> {
    let outcome = store.outcome(g).to_string();
    let (left_stop, right_stop) = (store.left_stop(g), store.right_stop(g));
    // The mean is the thermograph's mast; both overflow together.
    let thermograph = store.thermograph(g)?;
    let temperature = store.temperature(g)?;
    let mean = thermograph.mast();
    let birthday = store.birthday(g).to_string();
    let reduced = store.reduced(g)?;
    let atomic_weight = store.atomic_weight(g);
    // One string, each written form pushed into it as it is made: the
    // value of a big game is written in gigabytes, and a copy of it for
    // each step (the form, its escape, the object) would triple that.
    let mut out = String::from("{\"value\":");
    json::push_string(&mut out, &store.display_within(g)?);
    for (key, text) in [
        ("outcome", outcome),
        ("left_stop", left_stop.to_string()),
        ("right_stop", right_stop.to_string()),
        ("mean", mean.to_string()),
        ("temperature", temperature.to_string()),
        ("birthday", birthday),
    ] {
        out.push_str(",\"");
        out.push_str(key);
        out.push_str("\":");
        json::push_string(&mut out, &text);
    }
    out.push_str(",\"reduced\":");
    json::push_string(&mut out, &store.display_within(reduced)?);
    out.push_str(",\"atomic_weight\":");
    match atomic_weight {
        Some(w) => json::push_string(&mut out, &store.display(w)),
        None => out.push_str("null"),
    }
    out.push('}');
    Ok(out)
}

fn real(x: Dyadic) -> f64 {
    x.numerator() as f64 / 2f64.powi(x.exponent() as i32)
}

const WIDTH: f64 = 640.0;
const HEIGHT: f64 = 480.0;
const MARGIN_X: f64 = 70.0;
const TOP: f64 = 50.0;
const BOTTOM: f64 = 60.0;
const BLUE: &str = "#1f5fb4";
const RED: &str = "#d62728";
const GREEN: &str = "#2ca02c";

/// The thermograph of `g` as [`thermograph_svg`] draws it, named by its
/// canonical form.
///
/// # Errors
/// A value that overflows while the thermograph is computed.
pub fn thermograph_picture(store: &mut GameStore, g: GameId) -> Result<String, ValueError> {
    let thermograph = store.thermograph(g)?;
    let stops = (store.left_stop(g), store.right_stop(g));
    Ok(thermograph_svg(&store.display(g), &thermograph, stops))
}

/// The thermograph as an SVG picture in the lab's style: values run from
/// right (negative, Right's side) to left (positive, Left's side) as in
/// *Winning Ways*, temperature upwards from −1; the left wall blue, the
/// right wall red, the mast black, with the stops, the mean and the
/// temperature labelled. `stops` are the game's (the walls at 0).
///
/// # Example
/// ```
/// use cgt_core::canonical::GameStore;
/// use cgt_lab::eval::thermograph_svg;
/// let mut store = GameStore::new();
/// let g = store.parse("{3|-1}").unwrap();
/// let thermograph = store.thermograph(g).unwrap();
/// let stops = (store.left_stop(g), store.right_stop(g));
/// let svg = thermograph_svg("{3|-1}", &thermograph, stops);
/// assert!(svg.starts_with("<svg") && svg.ends_with("</svg>\n"));
/// assert!(svg.contains("left wall, stop 3") && svg.contains("temperature 2"));
/// ```
pub fn thermograph_svg(name: &str, thermograph: &Thermograph, stops: (Dyadic, Dyadic)) -> String {
    let left = thermograph.left.points();
    let right = thermograph.right.points();
    let temperature = real(thermograph.temperature());
    let mast = real(thermograph.mast());
    let values = left.iter().chain(right).map(|&(_, v)| real(v));
    let (mut lo, mut hi) = values.fold((mast, mast), |(lo, hi), v| (lo.min(v), hi.max(v)));
    if hi - lo < 1.0 {
        lo -= 0.5;
        hi += 0.5;
    }
    let pad = (hi - lo) * 0.1;
    let (lo, hi) = (lo - pad, hi + pad);
    let t_min = -1.0;
    let t_max = temperature.max(0.0) + ((temperature.max(0.0) + 1.0) * 0.35).max(0.5);
    let plot_w = WIDTH - 2.0 * MARGIN_X;
    let plot_h = HEIGHT - TOP - BOTTOM;
    let x = |v: f64| MARGIN_X + (hi - v) / (hi - lo) * plot_w;
    let y = |t: f64| TOP + plot_h - (t - t_min) / (t_max - t_min) * plot_h;
    let mut svg = Svg::new(WIDTH, HEIGHT);
    let title = format!(
        "Thermograph of {name}: mean {}, temperature {}",
        thermograph.mast(),
        thermograph.temperature()
    );
    svg.text((MARGIN_X, TOP - 24.0), &title, &[("font-size", "14")]);
    // Axes: value along the bottom (t = -1), temperature on the right.
    let (bottom, axis_x) = (y(t_min), WIDTH - MARGIN_X);
    svg.axes((axis_x, bottom), MARGIN_X, TOP, &[("stroke", "#888")]);
    let zero_t = y(0.0);
    svg.line((MARGIN_X, zero_t), (axis_x, zero_t), &[("stroke", "#ccc")]);
    svg.text((axis_x + 4.0, zero_t), "t = 0", &[]);
    svg.text((axis_x + 4.0, bottom), "t = -1", &[]);
    svg.text(
        (MARGIN_X + plot_w / 2.0, HEIGHT - 12.0),
        "value (Left's side on the left)",
        &[("text-anchor", "middle")],
    );
    // The temperature as a dashed line.
    let t_line = y(temperature);
    let dashed = [("stroke", GREEN), ("stroke-dasharray", "5,3")];
    svg.line((MARGIN_X, t_line), (axis_x, t_line), &dashed);
    let label = format!("temperature {}", thermograph.temperature());
    svg.text((axis_x + 4.0, t_line + 4.0), &label, &[("fill", GREEN)]);
    // The walls, up to the temperature, then the mast.
    let mast_foot = (x(mast), y(temperature.max(-1.0)));
    let wall = |points: &[(Dyadic, Dyadic)]| {
        let mut d = Path::default();
        for (i, &(t, v)) in points.iter().enumerate() {
            let (px, py) = (x(real(v)), y(real(t)));
            d = if i == 0 {
                d.move_to(px, py)
            } else {
                d.line_to(px, py)
            };
        }
        d.line_to(mast_foot.0, mast_foot.1)
    };
    svg.path(wall(left), &[("stroke", BLUE), ("stroke-width", "2")]);
    svg.path(wall(right), &[("stroke", RED), ("stroke-width", "2")]);
    let thick = [("stroke", "black"), ("stroke-width", "2")];
    svg.line(mast_foot, (mast_foot.0, TOP), &thick);
    let label = format!("mast at {}", thermograph.mast());
    svg.text((x(mast), TOP - 6.0), &label, &[("text-anchor", "middle")]);
    // The walls' names, at their stops (t = 0).
    let (lv, rv) = stops;
    svg.circle((x(real(lv)), zero_t), 3.0, &[("fill", BLUE)]);
    svg.circle((x(real(rv)), zero_t), 3.0, &[("fill", RED)]);
    svg.text(
        (x(real(lv)) - 6.0, zero_t + 16.0),
        &format!("left wall, stop {lv}"),
        &[("text-anchor", "end"), ("fill", BLUE)],
    );
    svg.text(
        (x(real(rv)) + 6.0, zero_t + 16.0),
        &format!("right wall, stop {rv}"),
        &[("fill", RED)],
    );
    svg.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_valued_twice_adds_no_game_to_the_store() {
        let mut store = GameStore::new();
        let mut rulesets = Rulesets::new();
        let board = "domineering(....|....|....|....)";
        let first = eval_with(&mut store, &mut rulesets, board).expect("valid");
        let games = store.len();
        let again = eval_with(&mut store, &mut rulesets, board).expect("valid");
        assert_eq!(again, first);
        assert_eq!(store.len(), games);
        // In a sum with a value already known, only the sums are new.
        let sum =
            eval_with(&mut store, &mut rulesets, &format!("{board} + {board}")).expect("valid");
        let doubled = store.add(first, first).expect("fits");
        assert_eq!(sum, doubled);
    }
}

/// What `cgt eval EXPR` prints for a sum: its value (or `--json`'s object)
/// and, when asked, its thermograph. See [`evaluated`].
#[derive(Debug)]
pub struct Evaluated {
    /// The value as CGSuite writes it, or the JSON object.
    pub line: String,
    /// The thermograph's SVG picture, when asked for.
    pub svg: Option<String>,
}

/// Why [`evaluated`] has no answer: the message `cgt eval` prints, and
/// whether the input was bad (exit status 2) rather than beyond what cgt
/// values (1).
#[derive(Debug)]
pub struct EvalFailure {
    /// The line for stderr, `eval: …`.
    pub message: String,
    /// A bad input, not a limit reached.
    pub bad_input: bool,
}

/// `cgt eval EXPR [--json] [--thermograph]` in the caller's stores: the
/// one code behind the command, `cgt explore`'s `/api/eval` and the
/// notebook widget, so that all three answer the same bytes.
///
/// # Errors
/// A bad expression, a loopy game where a thermograph was asked for, a
/// value too costly.
pub fn evaluated(
    (store, stoppers, rulesets): (&mut GameStore, &mut StopperStore, &mut Rulesets),
    expr: &str,
    json: bool,
    picture: bool,
) -> Result<Evaluated, EvalFailure> {
    let limit = |message: String| EvalFailure {
        message,
        bad_input: false,
    };
    let evaluation = eval_any_with(store, stoppers, rulesets, expr).map_err(|e| {
        let message = format!("eval: EXPR {e}");
        match e.loopy_error() {
            // A game whose sides sidling cannot settle, or whose graph is
            // past a bound of the work, is not a bad input: it is one cgt
            // cannot value yet.
            Some(
                LoopyError::Unsettled { .. }
                | LoopyError::TooCostly { .. }
                | LoopyError::TooLarge { .. },
            ) => limit(message),
            // A limit reached, not a bad input.
            _ if matches!(e.value_error(), Some(ValueError::TooCostly { .. })) => limit(message),
            // A ruleset's value past its work limit, its message passed on.
            _ if message.ends_with(cgt_core::canonical::TOO_MUCH_WORK) => limit(message),
            _ => EvalFailure {
                message,
                bad_input: true,
            },
        }
    })?;
    let g = match evaluation {
        Evaluation::Short(g) => g,
        Evaluation::Loopy(value) => {
            if picture {
                return Err(limit(
                    "eval: the thermograph: a loopy game has none here".to_string(),
                ));
            }
            let line = if json {
                loopy_json(stoppers, store, value).map_err(|e| limit(format!("eval: {e}")))?
            } else {
                stoppers.display_value(value, store)
            };
            return Ok(Evaluated { line, svg: None });
        }
    };
    let line = if json {
        to_json(store, g).map_err(|e| limit(format!("eval: {e}")))?
    } else {
        // Refused before writing past the limit: a canonical form's written
        // form can be exponentially longer than the form.
        store
            .display_within(g)
            .map_err(|e| limit(format!("eval: {e}")))?
    };
    let svg = if picture {
        Some(
            thermograph_picture(store, g)
                .map_err(|e| limit(format!("eval: the thermograph: {e}")))?,
        )
    } else {
        None
    };
    Ok(Evaluated { line, svg })
}
