//! Backsliding Toads and Frogs: Toads and Frogs where a creature may also
//! step back. A strip of cells holds Left's toads `t`, Right's frogs `f`
//! and empty cells `.`; on her turn Left moves one toad, Right one frog,
//! either one cell forward or one cell back onto an empty cell, or forward
//! by jumping over exactly one adjacent enemy creature onto the empty cell
//! just beyond it. Toads face right, frogs left. (Berlekamp, Conway and
//! Guy, *Winning Ways*, the loopy games of ch. 11 and 12; Siegel,
//! *Combinatorial Game Theory*, ch. VI; CGSuite's
//! `game.strip.BackslidingToadsAndFrogs`, which is
//! `GenToadsAndFrogs(minSlide => -1)`.)
//!
//! Play can come back to a position, so the game is loopy: its value is
//! not a short game. [`BackslidingToadsAndFrogs::game_graph`] builds the
//! [`Graph`](cgt_core::loopy_partizan::Graph) of every position reachable
//! from a strip, for `cgt-core`'s
//! [`loopy_partizan`](cgt_core::loopy_partizan): outcomes with draws, and
//! values: a stopper, or an onside and an offside. Few strips are stoppers:
//! `ttt..fff` is not (its value is CGSuite's sided value
//! `{on||0|-1/2} & {1/2|0||off}`); a lone toad with room, `t.`, steps
//! forward and back forever and is `on`.
//!
//! # Example
//! ```
//! use cgt_core::canonical::GameStore;
//! use cgt_core::loopy_partizan::{Graph, StopperStore};
//! use cgt_core::outcome::Side;
//! use cgt_rulesets::backsliding::BackslidingToadsAndFrogs;
//!
//! let strip = BackslidingToadsAndFrogs::parse("ttt..fff")?;
//! let game = BackslidingToadsAndFrogs::game_graph(&strip).expect("a small graph");
//! assert!(!game.graph().is_stopper(0));
//! // CGSuite's value: an onside and an offside.
//! let mut stoppers = StopperStore::new();
//! let value = stoppers.value(game.graph(), 0).expect("its sides settle");
//! let mut store = GameStore::new();
//! assert_eq!(stoppers.display_value(value, &mut store), "{on||0|-1/2} & {1/2|0||off}");
//!
//! // A lone toad with room: `on = {on|}`.
//! let strip = BackslidingToadsAndFrogs::parse("t.")?;
//! let game = BackslidingToadsAndFrogs::game_graph(&strip).expect("a small graph");
//! assert_eq!(game.len(), 2);
//! let mut on = Graph::new();
//! let v = on.add_position();
//! on.add_move(v, Side::Left, v);
//! assert_eq!(stoppers.stopper(game.graph(), 0), stoppers.stopper(&on, v));
//! # Ok::<(), cgt_rulesets::ParseError>(())
//! ```

use crate::loopy::{MAX_POSITIONS, PositionGraph, explore};
use crate::parse::ParseError;
use crate::toads::read_cells;
use cgt_core::loopy_partizan::LoopyError;
use cgt_core::outcome::Side;

/// The rules of Backsliding Toads and Frogs; positions are [`Strip`]s.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BackslidingToadsAndFrogs;

/// The most cells a strip may have.
pub const MAX_STRIP: usize = crate::toads::MAX_STRIP;

/// A strip: Toads and Frogs' [`Strip`](crate::toads::Strip), its `jump`
/// and `slide` 1 (a creature steps or jumps one enemy; here it may also
/// step back), written without options.
pub type Strip = crate::toads::Strip;

impl BackslidingToadsAndFrogs {
    /// Reads a strip of `t` (toads), `f` (frogs) and `.` (empty cells),
    /// whitespace skipped; at most [`MAX_STRIP`] cells.
    ///
    /// # Example
    /// ```
    /// use cgt_rulesets::backsliding::BackslidingToadsAndFrogs;
    /// use cgt_rulesets::toads::Cell;
    /// let strip = BackslidingToadsAndFrogs::parse("tt .f")?;
    /// assert_eq!(strip.cell(2), Some(Cell::Empty));
    /// assert_eq!(strip.to_string(), "tt.f");
    /// let error = BackslidingToadsAndFrogs::parse("t.x").unwrap_err();
    /// assert_eq!(error.to_string(), "at character 3: expected 't', 'f' or '.', found 'x'");
    /// # Ok::<(), cgt_rulesets::ParseError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Strip, ParseError> {
        let chars: Vec<char> = text.chars().collect();
        Ok(Strip::of_cells(&read_cells(&chars, None)?))
    }

    /// Pushes onto `out` the strips `side` can move to: for each of its
    /// creatures from the left, a step forward, a step back, a jump.
    ///
    /// # Example
    /// ```
    /// use cgt_core::outcome::Side;
    /// use cgt_rulesets::backsliding::BackslidingToadsAndFrogs;
    /// let strip = BackslidingToadsAndFrogs::parse(".tf.")?;
    /// let mut out = Vec::new();
    /// BackslidingToadsAndFrogs::moves(&strip, Side::Left, &mut out);
    /// let texts: Vec<String> = out.iter().map(|s| s.to_string()).collect();
    /// assert_eq!(texts, ["t.f.", "..ft"]);
    /// # Ok::<(), cgt_rulesets::ParseError>(())
    /// ```
    pub fn moves(strip: &Strip, side: Side, out: &mut Vec<Strip>) {
        let n = strip.len();
        let (mine, theirs) = strip.sides(side);
        let empty = |c: usize| (mine | theirs) >> c & 1 == 0;
        let mut rest = mine;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            // The cell `k` ahead (negative: behind), if on the strip.
            let ahead = |k: isize| {
                let c = match side {
                    Side::Left => i as isize + k,
                    Side::Right => i as isize - k,
                };
                usize::try_from(c).ok().filter(|&c| c < n)
            };
            let mut moved = |to: usize| out.push(strip.moved(side, i, to));
            for k in [1, -1] {
                if let Some(c) = ahead(k).filter(|&c| empty(c)) {
                    moved(c);
                }
            }
            if let (Some(over), Some(to)) = (ahead(1), ahead(2))
                && theirs >> over & 1 == 1
                && empty(to)
            {
                moved(to);
            }
        }
    }

    /// The game graph of every strip reachable from `start` (the start is
    /// position 0), with at most [`MAX_POSITIONS`] positions.
    ///
    /// # Errors
    /// [`LoopyError::TooLarge`] if more strips are reachable.
    ///
    /// # Complexity
    /// O(P · c) time for the P strips reached, each with its c creatures'
    /// moves; O(P) memory.
    pub fn game_graph(start: &Strip) -> Result<PositionGraph<Strip>, LoopyError> {
        Self::game_graph_with_limit(start, MAX_POSITIONS)
    }

    /// As [`game_graph`](Self::game_graph), with at most `limit` positions.
    ///
    /// # Errors
    /// [`LoopyError::TooLarge`] if more than `limit` strips are reachable.
    pub fn game_graph_with_limit(
        start: &Strip,
        limit: usize,
    ) -> Result<PositionGraph<Strip>, LoopyError> {
        explore(*start, limit, |strip, side, out| {
            Self::moves(strip, side, out)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cgt_core::canonical::GameStore;
    use cgt_core::loopy_partizan::{Graph, StopperId, StopperStore};
    use std::collections::{BTreeSet, VecDeque};

    /// The moves of `side` from `text`, by the rules written again on
    /// characters: a step forward or back onto `.`, or a jump forward over
    /// one enemy onto `.`.
    fn rule_moves(text: &str, side: Side) -> BTreeSet<String> {
        let cells: Vec<char> = text.chars().collect();
        let (mine, theirs, forward) = match side {
            Side::Left => ('t', 'f', 1),
            Side::Right => ('f', 't', -1),
        };
        let at = |i: isize| usize::try_from(i).ok().and_then(|i| cells.get(i).copied());
        let mut out = BTreeSet::new();
        for (i, &c) in cells.iter().enumerate() {
            if c != mine {
                continue;
            }
            let i = i as isize;
            let mut targets = Vec::new();
            for step in [forward, -forward] {
                if at(i + step) == Some('.') {
                    targets.push(i + step);
                }
            }
            if at(i + forward) == Some(theirs) && at(i + 2 * forward) == Some('.') {
                targets.push(i + 2 * forward);
            }
            for to in targets {
                let mut next = cells.clone();
                next[i as usize] = '.';
                next[to as usize] = mine;
                out.insert(next.into_iter().collect());
            }
        }
        out
    }

    fn graph_of(text: &str) -> PositionGraph<Strip> {
        let strip = BackslidingToadsAndFrogs::parse(text).expect("a strip");
        BackslidingToadsAndFrogs::game_graph(&strip).expect("a small graph")
    }

    #[test]
    fn every_edge_obeys_the_rules_and_every_strip_reached_is_there() {
        for text in [
            "ttt..fff", "t..f", "t.tf.f", "tt.ff", ".t.f.t.f", "t.", "f..t", "",
        ] {
            let game = graph_of(text);
            let names: Vec<String> = game.positions().iter().map(Strip::to_string).collect();
            assert_eq!(names[0], text);
            for (v, name) in names.iter().enumerate() {
                for side in [Side::Left, Side::Right] {
                    let moves: BTreeSet<String> = game
                        .graph()
                        .moves(v as u32, side)
                        .iter()
                        .map(|&w| names[w as usize].clone())
                        .collect();
                    assert_eq!(moves, rule_moves(name, side), "{text}: {name}, {side:?}");
                }
            }
            // The strips the rules reach, by a search of their own.
            let mut seen = BTreeSet::from([text.to_string()]);
            let mut queue = VecDeque::from([text.to_string()]);
            while let Some(s) = queue.pop_front() {
                for side in [Side::Left, Side::Right] {
                    for next in rule_moves(&s, side) {
                        if seen.insert(next.clone()) {
                            queue.push_back(next);
                        }
                    }
                }
            }
            let named: BTreeSet<String> = names.iter().cloned().collect();
            assert_eq!(named.len(), names.len(), "{text}: a strip twice");
            assert_eq!(named, seen, "{text}");
        }
    }

    #[test]
    fn ttt_fff_reaches_every_arrangement_and_is_not_a_stopper() {
        let game = graph_of("ttt..fff");
        // 8! / (3! 3! 2!): the toads keep their order, so do the frogs,
        // and every arrangement is reached.
        assert_eq!(game.len(), 560);
        assert!(!game.graph().is_stopper(0));
        let mut stoppers = StopperStore::new();
        assert_eq!(
            stoppers.stopper(game.graph(), 0),
            Err(LoopyError::NotStopper)
        );
        // A toad and a frog step forward and back: play alternates forever.
        let cycle = ["ttt..fff", "tt.t.fff", "tt.tf.ff", "ttt.f.ff", "ttt..fff"];
        let t_f_cycle = ["t..f", ".t.f", ".tf.", "t.f.", "t..f"];
        for (text, cycle) in [("ttt..fff", cycle), ("t..f", t_f_cycle)] {
            let game = graph_of(text);
            assert!(!game.graph().is_stopper(0), "{text}");
            let number = |s: &str| {
                game.positions()
                    .iter()
                    .position(|p| p.to_string() == s)
                    .expect("reached") as u32
            };
            for (k, pair) in cycle.windows(2).enumerate() {
                let side = if k % 2 == 0 { Side::Left } else { Side::Right };
                let (from, to) = (number(pair[0]), number(pair[1]));
                assert!(game.graph().moves(from, side).contains(&to), "{pair:?}");
            }
        }
    }

    fn value(stoppers: &mut StopperStore, game: &PositionGraph<Strip>, strip: &str) -> StopperId {
        let v = game
            .positions()
            .iter()
            .position(|p| p.to_string() == strip)
            .expect("reached");
        stoppers.stopper(game.graph(), v as u32).expect("a stopper")
    }

    #[test]
    fn small_stoppers_have_the_values_worked_out_by_hand() {
        let mut stoppers = StopperStore::new();
        let mut store = GameStore::new();
        let zero = store.zero();
        let star = store.parse("*").expect("*");
        let (zero, star) = (
            stoppers.short(&mut store, zero).expect("0"),
            stoppers.short(&mut store, star).expect("*"),
        );
        let mut passes = Graph::new();
        let (on, off) = (passes.add_position(), passes.add_position());
        passes.add_move(on, Side::Left, on);
        passes.add_move(off, Side::Right, off);
        let (on, off) = (
            stoppers.stopper(&passes, on).expect("on"),
            stoppers.stopper(&passes, off).expect("off"),
        );
        // No moves at all.
        for text in ["", "t", "tf", "ft", "ttff"] {
            let game = graph_of(text);
            assert_eq!(value(&mut stoppers, &game, text), zero, "{text}");
        }
        // A lone creature with room steps forward and back forever, and
        // the other side has no move: `on = {on|}`, `off = {|off}`.
        let game = graph_of("t.");
        assert_eq!(game.len(), 2);
        assert_eq!(value(&mut stoppers, &game, "t."), on);
        assert_eq!(value(&mut stoppers, &game, ".t"), on);
        assert_eq!(value(&mut stoppers, &graph_of(".f"), ".f"), off);
        // `t.f` reaches six strips, every line forced: `.ft = {|f.t}` and
        // `ft. = {f.t|}` lose for whoever moves first (the other side's
        // move to `f.t` is answered by the move to `ft.` or `.ft`, where
        // the mover is stuck), so are 0; `f.t = {ft.|.ft} = {0|0} = *`,
        // `.tf = {t.f|ft.}` and `tf. = {.ft|t.f}` are `{0|0}` as `t.f` is 0:
        // `t.f → .tf → ft. → f.t → .ft` leaves Left stuck, `t.f → tf. →
        // .ft → f.t → ft.` leaves Right stuck.
        let game = graph_of("t.f");
        assert_eq!(game.len(), 6);
        assert!(game.graph().is_stopper(0));
        for strip in ["t.f", ".ft", "ft."] {
            assert_eq!(value(&mut stoppers, &game, strip), zero, "{strip}");
        }
        for strip in ["tf.", ".tf", "f.t"] {
            assert_eq!(value(&mut stoppers, &game, strip), star, "{strip}");
        }
        // Valued by components, the same.
        for text in ["t.f", "t.", "tt.f", "t.ff", "ttff"] {
            let game = graph_of(text);
            for v in 0..game.len() as u32 {
                let whole = game.graph().simplest_form(v).expect("a stopper");
                let by_parts = stoppers.stopper(game.graph(), v).expect("a stopper");
                assert_eq!(&whole, stoppers.form(by_parts), "{}", game.position(v));
            }
        }
        let game = graph_of("ttt..fff");
        assert_eq!(
            stoppers.stopper(game.graph(), 0),
            Err(LoopyError::NotStopper)
        );
    }

    /// Short strips have their onside and offside, and they
    /// are what the definitions say, against every stopper `X` of up to two
    /// positions and every game born by day 2: `G⁺ >= X` exactly when Left
    /// survives `G - X` moving second, `G⁻ <= X` exactly when she survives
    /// `X - G` (survival read off [`Graph::order`] of a graph holding both,
    /// a retrograde analysis that knows nothing of sides).
    #[test]
    fn sides_of_every_short_strip_agree_with_survival() {
        use cgt_core::loopy_partizan::LoopyValue;
        let mut stoppers = StopperStore::new();
        let mut store = GameStore::new();
        let mut family = BTreeSet::new();
        for code in 0_u32..256 {
            let mut graph = Graph::new();
            let (a, b) = (graph.add_position(), graph.add_position());
            for (bit, (from, side, to)) in [
                (a, Side::Left, a),
                (a, Side::Left, b),
                (a, Side::Right, a),
                (a, Side::Right, b),
                (b, Side::Left, a),
                (b, Side::Left, b),
                (b, Side::Right, a),
                (b, Side::Right, b),
            ]
            .into_iter()
            .enumerate()
            {
                if code >> bit & 1 == 1 {
                    graph.add_move(from, side, to);
                }
            }
            if let Ok(s) = stoppers.stopper(&graph, a) {
                family.insert(s);
            }
        }
        for g in store.born_by(2).expect("day 2") {
            family.insert(stoppers.short(&mut store, g).expect("short"));
        }
        let (mut strips, mut sided) = (0, 0);
        for cells in 1..=6_u32 {
            // Every strip of up to five cells, every fifth of six.
            let step = if cells == 6 { 5 } else { 1 };
            for code in (0..3_u32.pow(cells)).step_by(step) {
                let text: String = (0..cells)
                    .map(|i| ['t', 'f', '.'][(code / 3_u32.pow(i) % 3) as usize])
                    .collect();
                let game = graph_of(&text);
                let value = stoppers.value(game.graph(), 0).expect(&text);
                let (onside, offside) = match value {
                    LoopyValue::Stopper(s) => (s, s),
                    LoopyValue::Sided { onside, offside } => {
                        sided += 1;
                        (onside, offside)
                    }
                };
                strips += 1;
                let mut union = game.graph().clone();
                let at: Vec<(StopperId, u32)> = family
                    .iter()
                    .map(|&x| (x, union.append(stoppers.form(x))))
                    .collect();
                let survives = union.order().expect("small");
                for (x, x_at) in at {
                    let against = stoppers.display(x, &mut store);
                    assert_eq!(
                        stoppers.le(x, onside).expect("small"),
                        survives.le(x_at, 0),
                        "{text}: onside against {against}"
                    );
                    assert_eq!(
                        stoppers.le(offside, x).expect("small"),
                        survives.le(0, x_at),
                        "{text}: offside against {against}"
                    );
                }
            }
        }
        assert!(
            strips == 509 && sided >= 2,
            "{strips} strips, {sided} sided"
        );
    }

    #[test]
    fn the_graph_stops_at_its_bound() {
        let strip = BackslidingToadsAndFrogs::parse("ttt..fff").expect("a strip");
        assert!(BackslidingToadsAndFrogs::game_graph_with_limit(&strip, 560).is_ok());
        assert_eq!(
            BackslidingToadsAndFrogs::game_graph_with_limit(&strip, 559).unwrap_err(),
            LoopyError::TooLarge {
                positions: 560,
                limit: 559
            }
        );
        // Ten toads and ten frogs on 40 cells reach more than 2^20 strips.
        let text = format!("{}{}{}", "t".repeat(10), ".".repeat(20), "f".repeat(10));
        let strip = BackslidingToadsAndFrogs::parse(&text).expect("a strip");
        assert_eq!(
            BackslidingToadsAndFrogs::game_graph(&strip).unwrap_err(),
            LoopyError::TooLarge {
                positions: MAX_POSITIONS + 1,
                limit: MAX_POSITIONS
            }
        );
    }

    #[test]
    fn bad_strips_are_rejected_with_the_place() {
        let strip = BackslidingToadsAndFrogs::parse(" t . f ").expect("a strip");
        assert_eq!(strip.to_string(), "t.f");
        assert_eq!(strip.len(), 3);
        for (text, at, words) in [
            ("t.x", 2, "expected 't', 'f' or '.', found 'x'"),
            ("t.f;jump=2", 3, "expected 't', 'f' or '.', found ';'"),
            (&".".repeat(65), 64, "at most 64 cells"),
        ] {
            let error = BackslidingToadsAndFrogs::parse(text).expect_err(text);
            assert_eq!(error.position(), at, "{text}: {error}");
            assert!(error.to_string().contains(words), "{text}: {error}");
        }
    }
}
