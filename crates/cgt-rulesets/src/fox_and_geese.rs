//! Fox and Geese: Left's geese and Right's fox on the dark squares of a
//! board 8 columns wide and unbounded upward. Squares are (row, column),
//! rows from 1 at the bottom, columns 1 to 8 from the left, and only those
//! with row + column even are used. Left moves one goose one step
//! diagonally down (row − 1, column ± 1); Right moves the fox one step
//! diagonally in any direction (row ± 1, column ± 1, row at least 1); each
//! onto an empty square of the board. Nothing jumps or is captured; a
//! player who cannot move loses. (Berlekamp, Conway and Guy, *Winning
//! Ways*, ch. 20, "Fox and Geese; Hare and Hounds", the chapter CGSuite
//! cites; Siegel, *Combinatorial Game Theory*, ch. VI; CGSuite's
//! `game.grid.FoxAndGeese`.)
//!
//! Once the fox's row is at least the highest goose's, or one below it
//! with a free square diagonally above the fox (which no goose can ever
//! reach), the fox is past the geese and can move up forever: the position
//! is `off`, one position whose only move is Right's pass to itself (as
//! CGSuite decomposes it). No geese at all is `off` too. So the fox never
//! stands above the highest goose's row, the geese only move down, and the
//! graph is finite; as the geese only move down and the fox moves alone,
//! play cannot alternate forever: every position is a stopper.
//! [`FoxAndGeese::game_graph`] builds the
//! [`Graph`](cgt_core::loopy_partizan::Graph) for `cgt-core`'s
//! [`loopy_partizan`](cgt_core::loopy_partizan).
//!
//! A position is written as the geese's squares, then `;`, then the fox's,
//! each as `(row,column)`, split by `,`, whitespace anywhere:
//! `(4,2),(4,4),(4,6),(4,8);(1,1)`. At most [`MAX_GEESE`] geese, rows up
//! to [`MAX_ROW`].
//!
//! # Example
//! CGSuite's test of `ValuesTable`: four geese on row 3 and the fox on
//! (1,5) are `{4|3||2}`.
//! [`StopperStore::stopper`](cgt_core::loopy_partizan::StopperStore::stopper)
//! values a graph one strongly connected component at a time, so CGSuite's
//! test of Fox and Geese, the geese on row 4 (7,258 positions), is
//! `{4*|7/2}` too.
//! ```
//! use cgt_core::canonical::GameStore;
//! use cgt_core::loopy_partizan::StopperStore;
//! use cgt_rulesets::fox_and_geese::FoxAndGeese;
//!
//! let position = FoxAndGeese::parse("(3,1),(3,3),(3,5),(3,7);(1,5)")?;
//! let game = FoxAndGeese::game_graph(&position).expect("a small graph");
//! assert_eq!(game.len(), 856);
//! let mut stoppers = StopperStore::new();
//! let value = stoppers.stopper(game.graph(), 0).expect("a stopper");
//! let mut store = GameStore::new();
//! let short = stoppers.to_short(value, &mut store).expect("no cycle");
//! assert_eq!(store.display(short), "{4|3||2}");
//! # Ok::<(), cgt_rulesets::ParseError>(())
//! ```

use crate::loopy::{MAX_POSITIONS, PositionGraph, explore};
use crate::parse::{ParseError, Reader, found};
use cgt_core::loopy_partizan::LoopyError;
use cgt_core::outcome::Side;
use smallvec::SmallVec;
use std::fmt;

/// The rules of Fox and Geese; positions are [`Position`]s, the nodes of
/// a game graph [`Node`]s.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct FoxAndGeese;

/// The number of columns.
pub const COLUMNS: u8 = 8;

/// The highest row a position may use.
pub const MAX_ROW: u16 = u16::MAX;

/// The most geese a position may have.
pub const MAX_GEESE: usize = 16;

/// A square of the board: row (from 1 at the bottom) and column (1 to
/// [`COLUMNS`] from the left), with row + column even.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    row: u16,
    col: u8,
}

impl Square {
    /// The square at `row` and `col`, if it is one of the board's.
    pub fn new(row: u16, col: u8) -> Option<Square> {
        let on_board =
            row >= 1 && (1..=COLUMNS).contains(&col) && (u32::from(row) + u32::from(col)) % 2 == 0;
        on_board.then_some(Square { row, col })
    }

    /// The row, from 1 at the bottom.
    pub fn row(self) -> u16 {
        self.row
    }

    /// The column, from 1 on the left.
    pub fn col(self) -> u8 {
        self.col
    }

    /// The square one row up or down (`up`) and one column left or right
    /// (`right`), if on the board.
    fn step(self, up: bool, right: bool) -> Option<Square> {
        let row = if up {
            self.row.checked_add(1)?
        } else {
            self.row - 1
        };
        let col = if right { self.col + 1 } else { self.col - 1 };
        Square::new(row, col)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.row, self.col)
    }
}

/// A position: the geese's squares (distinct, sorted by row then column)
/// and the fox's, not a goose's.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position {
    geese: SmallVec<[Square; 4]>,
    fox: Square,
}

impl Position {
    /// The geese's squares, by row then column.
    pub fn geese(&self) -> &[Square] {
        &self.geese
    }

    /// The fox's square.
    pub fn fox(&self) -> Square {
        self.fox
    }

    fn has_goose(&self, square: Square) -> bool {
        self.geese.binary_search(&square).is_ok()
    }

    /// Whether the fox is past the geese (see the module docs): no geese,
    /// or the fox's row at least the highest goose's, or one below it with
    /// a free square diagonally above the fox.
    pub fn is_escaped(&self) -> bool {
        let Some(top) = self.geese.iter().map(|g| g.row).max() else {
            return true;
        };
        let fox = self.fox;
        fox.row >= top
            || (fox.row + 1 == top
                && [false, true]
                    .into_iter()
                    .filter_map(|right| fox.step(true, right))
                    .any(|above| !self.has_goose(above)))
    }
}

impl fmt::Display for Position {
    /// The position as [`FoxAndGeese::parse`] reads it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, goose) in self.geese.iter().enumerate() {
            if i > 0 {
                write!(f, ",")?;
            }
            write!(f, "{goose}")?;
        }
        write!(f, ";{}", self.fox)
    }
}

/// A position of a game graph: `off` (the fox past the geese), or a
/// position the fox has not escaped from.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Node {
    /// Every position the fox has escaped from: Right passes forever.
    Off,
    /// A position the fox has not escaped from.
    Play(Position),
}

impl From<Position> for Node {
    /// `Off` if the fox has escaped, else the position.
    fn from(position: Position) -> Node {
        if position.is_escaped() {
            Node::Off
        } else {
            Node::Play(position)
        }
    }
}

impl fmt::Display for Node {
    /// `off`, or the position.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Node::Off => write!(f, "off"),
            Node::Play(position) => write!(f, "{position}"),
        }
    }
}

impl Reader {
    /// `(row,column)` and where its `(` is.
    fn square(&mut self) -> Result<(Square, usize), ParseError> {
        self.skip_space();
        let open = self.at;
        self.expect('(', "'(' and a square")?;
        let (row, row_at) = self.number("a row")?;
        if row < 1 || row > u64::from(MAX_ROW) {
            return Err(ParseError::new(
                row_at,
                format!("a row is from 1 to {MAX_ROW}, found {row}"),
            ));
        }
        self.expect(',', "','")?;
        let (col, col_at) = self.number("a column")?;
        if col < 1 || col > u64::from(COLUMNS) {
            return Err(ParseError::new(
                col_at,
                format!("a column is from 1 to {COLUMNS}, found {col}"),
            ));
        }
        self.expect(')', "')'")?;
        let square = Square::new(row as u16, col as u8).ok_or_else(|| {
            ParseError::new(
                open,
                format!("({row},{col}) is not a square of the board: row + column is odd"),
            )
        })?;
        Ok((square, open))
    }
}

impl FoxAndGeese {
    /// Reads a position: the geese's squares split by `,` (possibly none),
    /// `;`, the fox's square; each square `(row,column)`; whitespace
    /// anywhere. A square off the board (row below 1 or above
    /// [`MAX_ROW`], column outside 1 to 8, row + column odd), two geese
    /// on one square, a goose on the fox or more than [`MAX_GEESE`] geese
    /// is an error at the place it is written.
    ///
    /// # Example
    /// ```
    /// use cgt_rulesets::fox_and_geese::FoxAndGeese;
    /// let position = FoxAndGeese::parse(" (4,4), (4,2) ; (1,1) ")?;
    /// assert_eq!(position.to_string(), "(4,2),(4,4);(1,1)");
    /// assert_eq!((position.fox().row(), position.fox().col()), (1, 1));
    /// let error = FoxAndGeese::parse("(4,2),(4,3);(1,1)").unwrap_err();
    /// assert_eq!(error.position(), 6);
    /// assert_eq!(
    ///     error.to_string(),
    ///     "at character 7: (4,3) is not a square of the board: row + column is odd"
    /// );
    /// # Ok::<(), cgt_rulesets::ParseError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Position, ParseError> {
        let mut reader = Reader::new(text);
        let mut geese: SmallVec<[Square; 4]> = SmallVec::new();
        if reader.peek() != Some(';') {
            loop {
                let (goose, at) = reader.square()?;
                if geese.contains(&goose) {
                    return Err(ParseError::new(at, format!("two geese on {goose}")));
                }
                if geese.len() == MAX_GEESE {
                    return Err(ParseError::new(at, format!("at most {MAX_GEESE} geese")));
                }
                geese.push(goose);
                if reader.peek() == Some(',') {
                    reader.at += 1;
                } else {
                    break;
                }
            }
        }
        reader.expect(';', "',' and a goose, or ';' and the fox")?;
        let (fox, at) = reader.square()?;
        if geese.contains(&fox) {
            return Err(ParseError::new(
                at,
                format!("the fox is on a goose's square {fox}"),
            ));
        }
        if let Some(c) = reader.peek() {
            return Err(ParseError::new(
                reader.at,
                format!("expected the end, {}", found(Some(c))),
            ));
        }
        geese.sort_unstable();
        Ok(Position { geese, fox })
    }

    /// Pushes onto `out` the positions `side` can move to by the rules,
    /// whether or not the fox has escaped: Left's, each goose (by row then
    /// column) down left, then down right; Right's, the fox down left,
    /// down right, up left, up right.
    ///
    /// # Example
    /// ```
    /// use cgt_core::outcome::Side;
    /// use cgt_rulesets::fox_and_geese::FoxAndGeese;
    /// let position = FoxAndGeese::parse("(3,1),(3,3);(2,2)")?;
    /// let mut out = Vec::new();
    /// FoxAndGeese::moves(&position, Side::Left, &mut out);
    /// let texts: Vec<String> = out.iter().map(|p| p.to_string()).collect();
    /// assert_eq!(texts, ["(2,4),(3,1);(2,2)"]);
    /// out.clear();
    /// FoxAndGeese::moves(&position, Side::Right, &mut out);
    /// let texts: Vec<String> = out.iter().map(|p| p.to_string()).collect();
    /// assert_eq!(texts, ["(3,1),(3,3);(1,1)", "(3,1),(3,3);(1,3)"]);
    /// # Ok::<(), cgt_rulesets::ParseError>(())
    /// ```
    pub fn moves(position: &Position, side: Side, out: &mut Vec<Position>) {
        Self::moves_in_range(position, side, 1, out);
    }

    /// [`moves`](Self::moves) with a fox that moves up to `fox_range`
    /// squares in one diagonal direction, never over a goose (CGSuite's
    /// `GenFoxAndGeese(foxRange => k)`): each direction's squares nearest
    /// first.
    pub(crate) fn moves_in_range(
        position: &Position,
        side: Side,
        fox_range: u8,
        out: &mut Vec<Position>,
    ) {
        match side {
            Side::Left => {
                for (i, &goose) in position.geese.iter().enumerate() {
                    for right in [false, true] {
                        let Some(to) = goose.step(false, right) else {
                            continue;
                        };
                        if to == position.fox || position.has_goose(to) {
                            continue;
                        }
                        let mut geese = position.geese.clone();
                        geese[i] = to;
                        geese.sort_unstable();
                        out.push(Position {
                            geese,
                            fox: position.fox,
                        });
                    }
                }
            }
            Side::Right => {
                for up in [false, true] {
                    for right in [false, true] {
                        let mut at = position.fox;
                        for _ in 0..fox_range {
                            match at.step(up, right) {
                                Some(to) if !position.has_goose(to) => {
                                    out.push(Position {
                                        geese: position.geese.clone(),
                                        fox: to,
                                    });
                                    at = to;
                                }
                                _ => break,
                            }
                        }
                    }
                }
            }
        }
    }

    /// The game graph of every node reachable from `start` (the start,
    /// as a [`Node`], is position 0), with at most [`MAX_POSITIONS`]
    /// positions. [`Node::Off`]'s only move is Right's to itself; a
    /// [`Node::Play`] position's moves are [`FoxAndGeese::moves`], each
    /// escaped position made [`Node::Off`].
    ///
    /// # Errors
    /// [`LoopyError::TooLarge`] if more nodes are reachable.
    ///
    /// # Complexity
    /// O(P · g) time and memory for the P nodes reached with g geese.
    pub fn game_graph(start: &Position) -> Result<PositionGraph<Node>, LoopyError> {
        Self::game_graph_with_limit(start, MAX_POSITIONS)
    }

    /// As [`game_graph`](Self::game_graph), with at most `limit` positions.
    ///
    /// # Errors
    /// [`LoopyError::TooLarge`] if more than `limit` nodes are reachable.
    pub fn game_graph_with_limit(
        start: &Position,
        limit: usize,
    ) -> Result<PositionGraph<Node>, LoopyError> {
        Self::game_graph_in_range(start, 1, limit)
    }

    /// As [`game_graph_with_limit`](Self::game_graph_with_limit), the fox
    /// moving as [`moves_in_range`](Self::moves_in_range) says. The fox
    /// past the geese is `off` whatever its range: the geese cannot come
    /// back up.
    pub(crate) fn game_graph_in_range(
        start: &Position,
        fox_range: u8,
        limit: usize,
    ) -> Result<PositionGraph<Node>, LoopyError> {
        let mut next = Vec::new();
        explore(
            Node::from(start.clone()),
            limit,
            |node, side, out| match node {
                Node::Off => {
                    if side == Side::Right {
                        out.push(Node::Off);
                    }
                }
                Node::Play(position) => {
                    next.clear();
                    Self::moves_in_range(position, side, fox_range, &mut next);
                    out.extend(next.drain(..).map(Node::from));
                }
            },
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cgt_core::canonical::GameStore;
    use cgt_core::loopy_partizan::{Graph, StopperId, StopperStore};
    use std::collections::{BTreeSet, VecDeque};

    /// A position written again: the geese's squares and the fox's, as
    /// (row, column).
    type Plain = (BTreeSet<(i64, i64)>, (i64, i64));

    fn plain(position: &Position) -> Plain {
        let square = |s: Square| (i64::from(s.row()), i64::from(s.col()));
        (
            position.geese().iter().map(|&g| square(g)).collect(),
            square(position.fox()),
        )
    }

    fn on_board((row, col): (i64, i64)) -> bool {
        row >= 1 && (1..=8).contains(&col) && (row + col) % 2 == 0
    }

    /// Whether the fox is past the geese, by the rule written again.
    fn escaped((geese, fox): &Plain) -> bool {
        let Some(top) = geese.iter().map(|g| g.0).max() else {
            return true;
        };
        fox.0 >= top
            || (fox.0 == top - 1
                && [-1, 1]
                    .iter()
                    .map(|d| (top, fox.1 + d))
                    .any(|s| on_board(s) && !geese.contains(&s)))
    }

    /// `None` for `off`.
    fn node((geese, fox): Plain) -> Option<Plain> {
        let p = (geese, fox);
        (!escaped(&p)).then_some(p)
    }

    /// The nodes `side` moves to, by the rules written again.
    fn rule_moves(from: &Option<Plain>, side: Side) -> BTreeSet<Option<Plain>> {
        let Some((geese, fox)) = from else {
            return match side {
                Side::Left => BTreeSet::new(),
                Side::Right => BTreeSet::from([None]),
            };
        };
        let free = |s: (i64, i64)| on_board(s) && !geese.contains(&s);
        let mut out = BTreeSet::new();
        let diagonals = [(-1, -1), (-1, 1), (1, -1), (1, 1)];
        match side {
            Side::Left => {
                for &g in geese {
                    for (dr, dc) in diagonals.into_iter().filter(|d| d.0 == -1) {
                        let to = (g.0 + dr, g.1 + dc);
                        if free(to) && to != *fox {
                            let mut moved = geese.clone();
                            moved.remove(&g);
                            moved.insert(to);
                            out.insert(node((moved, *fox)));
                        }
                    }
                }
            }
            Side::Right => {
                for (dr, dc) in diagonals {
                    let to = (fox.0 + dr, fox.1 + dc);
                    if free(to) {
                        out.insert(node((geese.clone(), to)));
                    }
                }
            }
        }
        out
    }

    fn graph_of(text: &str) -> PositionGraph<Node> {
        let position = FoxAndGeese::parse(text).expect("a position");
        FoxAndGeese::game_graph(&position).expect("a small graph")
    }

    fn plain_node(n: &Node) -> Option<Plain> {
        match n {
            Node::Off => None,
            Node::Play(p) => Some(plain(p)),
        }
    }

    #[test]
    fn every_edge_obeys_the_rules_and_every_position_reached_is_there() {
        for text in [
            "(4,2),(4,4),(4,6),(4,8);(1,1)",
            "(3,1),(3,3),(3,5),(3,7);(1,5)",
            "(5,1),(4,4),(2,8);(1,3)",
            "(2,2);(1,1)",
            "(3,3),(3,5);(2,4)",
            "(1,1);(1,3)",
            ";(1,1)",
        ] {
            let game = graph_of(text);
            let nodes: Vec<Option<Plain>> = game.positions().iter().map(plain_node).collect();
            let start = node(plain(&FoxAndGeese::parse(text).expect("a position")));
            assert_eq!(nodes[0], start, "{text}");
            for (v, n) in nodes.iter().enumerate() {
                for side in [Side::Left, Side::Right] {
                    let moves: BTreeSet<Option<Plain>> = game
                        .graph()
                        .moves(v as u32, side)
                        .iter()
                        .map(|&w| nodes[w as usize].clone())
                        .collect();
                    assert_eq!(moves, rule_moves(n, side), "{text}: {n:?}, {side:?}");
                }
            }
            let mut seen = BTreeSet::from([start.clone()]);
            let mut queue = VecDeque::from([start]);
            while let Some(n) = queue.pop_front() {
                for side in [Side::Left, Side::Right] {
                    for next in rule_moves(&n, side) {
                        if seen.insert(next.clone()) {
                            queue.push_back(next);
                        }
                    }
                }
            }
            let named: BTreeSet<Option<Plain>> = nodes.iter().cloned().collect();
            assert_eq!(named.len(), nodes.len(), "{text}: a node twice");
            assert_eq!(named, seen, "{text}");
        }
    }

    #[test]
    fn every_position_is_a_stopper() {
        for text in [
            "(4,2),(4,4),(4,6),(4,8);(1,1)",
            "(4,2),(4,4),(4,6),(4,8);(2,8)",
            "(3,1),(3,3),(3,5),(3,7);(1,5)",
            "(5,1),(4,4),(2,8);(1,3)",
            "(6,2),(5,5),(5,7);(3,3)",
        ] {
            // A stopper: from no position reachable from the start can
            // play alternate forever.
            let game = graph_of(text);
            assert!(game.graph().is_stopper(0), "{text}");
            if game.len() <= 1000 {
                for v in 0..game.len() as u32 {
                    assert!(game.graph().is_stopper(v), "{text}: {}", game.position(v));
                }
            }
        }
    }

    /// `over = {0|over}` plus `n`, as a graph's position.
    fn n_over(graph: &mut Graph, store: &mut GameStore, n: i64) -> u32 {
        let mut over = Graph::new();
        let (o, zero) = (over.add_position(), over.add_position());
        over.add_move(o, Side::Left, zero);
        over.add_move(o, Side::Right, o);
        let mut short = Graph::new();
        let n = store.parse(&n.to_string()).expect("an integer");
        let n = short.add_short(store, n);
        let sum = Graph::sum(&short, n, &over, o, 1000).expect("small");
        graph.append(&sum)
    }

    /// `{a|b}` for positions `a`, `b` of `graph`, as a new position.
    fn braces(graph: &mut Graph, a: u32, b: u32) -> u32 {
        let v = graph.add_position();
        graph.add_move(v, Side::Left, a);
        graph.add_move(v, Side::Right, b);
        v
    }

    fn short(stoppers: &mut StopperStore, store: &mut GameStore, text: &str) -> StopperId {
        let g = store.parse(text).expect("a game");
        stoppers.short(store, g).expect("a small game")
    }

    #[test]
    fn cgsuite_values() {
        let mut stoppers = StopperStore::new();
        let mut store = GameStore::new();
        // CGSuite's test of FoxAndGeese: 7,258 positions, beyond
        // StopperStore::stopper's 2,048, valued by components.
        let game = graph_of("(4,2),(4,4),(4,6),(4,8);(1,1)");
        assert_eq!(game.len(), 7258);
        let value = stoppers.stopper(game.graph(), 0).expect("a stopper");
        let short_value = stoppers.to_short(value, &mut store).expect("no cycle");
        assert_eq!(short_value, store.parse("{4*|7/2}").expect("a game"));
        assert_eq!(store.display(short_value), "{4*|7/2}");

        // CGSuite's test of ValuesTable: the geese on row 3 and the fox on
        // each free square of rows 2 and 1.
        let mut loopy = Graph::new();
        let two_over = n_over(&mut loopy, &mut store, 2);
        let four_over = n_over(&mut loopy, &mut store, 4);
        let mut add = |text: &str| {
            let g = store.parse(text).expect("a game");
            loopy.add_short(&mut store, g)
        };
        let (six, two, three_star) = (add("6"), add("2"), add("3*"));
        let six_two_over = braces(&mut loopy, six, two_over);
        let two_over_two = braces(&mut loopy, two_over, two);
        let four_over_three_star = braces(&mut loopy, four_over, three_star);
        let mut expected = Vec::new();
        for (fox, v) in [
            ("(2,2)", two_over),
            ("(2,8)", four_over),
            ("(1,1)", six_two_over),
            ("(1,3)", two_over_two),
            ("(1,7)", four_over_three_star),
        ] {
            expected.push((fox, stoppers.stopper(&loopy, v).expect("a stopper")));
        }
        for (fox, text) in [("(2,4)", "2"), ("(2,6)", "3*"), ("(1,5)", "{4|3||2}")] {
            expected.push((fox, short(&mut stoppers, &mut store, text)));
        }
        for (fox, want) in expected {
            let game = graph_of(&format!("(3,1),(3,3),(3,5),(3,7);{fox}"));
            // Small enough to simplify at once too.
            let whole = game.graph().simplest_form(0).expect("a stopper");
            let by_parts = stoppers.stopper(game.graph(), 0).expect("a stopper");
            assert_eq!(stoppers.form(want), &whole, "fox on {fox}");
            assert_eq!(by_parts, want, "fox on {fox}");
        }
    }

    #[test]
    fn values_by_components_agree_with_the_whole_graph() {
        for text in [
            "(3,3),(3,5);(1,1)",
            "(4,4),(3,7);(2,2)",
            "(3,1),(3,3),(2,6);(1,5)",
            "(4,2),(3,5);(1,1)",
            "(5,3),(4,6);(1,1)",
        ] {
            let game = graph_of(text);
            let mut stoppers = StopperStore::new();
            for v in 0..game.len() as u32 {
                let whole = game.graph().simplest_form(v).expect("a stopper");
                let by_parts = stoppers.stopper(game.graph(), v).expect("a stopper");
                assert_eq!(
                    &whole,
                    stoppers.form(by_parts),
                    "{text}: {}",
                    game.position(v)
                );
            }
        }
    }

    #[test]
    fn small_positions_worked_out_by_hand() {
        let mut stoppers = StopperStore::new();
        let mut store = GameStore::new();
        let zero = short(&mut stoppers, &mut store, "0");
        let mut off = Graph::new();
        let v = off.add_position();
        off.add_move(v, Side::Right, v);
        let off = stoppers.stopper(&off, v).expect("off");
        // The fox is past the geese: one position, `off`.
        for text in ["(1,1);(1,3)", ";(5,5)", "(3,3);(2,2)", "(4,2),(3,5);(3,3)"] {
            let game = graph_of(text);
            assert_eq!(game.len(), 1, "{text}");
            assert_eq!(game.positions(), [Node::Off]);
            assert_eq!(stoppers.stopper(game.graph(), 0), Ok(off), "{text}");
        }
        // The fox in the corner under a goose cannot move; the goose's one
        // move frees it: `{off|} = 0` (Left moving first loses, Right
        // moving first has no move).
        let game = graph_of("(2,2);(1,1)");
        assert_eq!(game.len(), 2);
        assert_eq!(stoppers.stopper(game.graph(), 0), Ok(zero));
        // Neither can move: 0.
        let game = graph_of("(2,2),(1,3);(1,1)");
        assert_eq!(game.len(), 1);
        assert_eq!(stoppers.stopper(game.graph(), 0), Ok(zero));
    }

    #[test]
    fn the_graph_stops_at_its_bound() {
        let position = FoxAndGeese::parse("(4,2),(4,4),(4,6),(4,8);(1,1)").expect("a position");
        assert!(FoxAndGeese::game_graph_with_limit(&position, 7258).is_ok());
        assert_eq!(
            FoxAndGeese::game_graph_with_limit(&position, 7257).unwrap_err(),
            LoopyError::TooLarge {
                positions: 7258,
                limit: 7257
            }
        );
    }

    #[test]
    fn positions_read_and_write_back() {
        let position = FoxAndGeese::parse(" ( 4 , 8 ) ,(4,2) ;\n(1, 1) ").expect("a position");
        assert_eq!(position.to_string(), "(4,2),(4,8);(1,1)");
        assert_eq!(FoxAndGeese::parse(&position.to_string()), Ok(position));
        assert_eq!(
            FoxAndGeese::parse(";(2,2)").expect("no geese").to_string(),
            ";(2,2)"
        );
        // The top row.
        let top = FoxAndGeese::parse("(65535,1);(1,1)").expect("the top row");
        assert_eq!(top.to_string(), "(65535,1);(1,1)");
        assert!(FoxAndGeese::parse("(65535,2);(1,1)").is_err());
        let many: Vec<String> = (1..=16).map(|r| format!("({r},{})", 2 - r % 2)).collect();
        assert!(FoxAndGeese::parse(&format!("{};(1,3)", many.join(","))).is_ok());
    }

    #[test]
    fn bad_positions_are_rejected_with_the_place() {
        let many: Vec<String> = (1..=17).map(|r| format!("({r},{})", 2 - r % 2)).collect();
        let too_many = format!("{};(1,3)", many.join(","));
        let seventeenth = too_many.find("(17,").expect("17 geese");
        for (text, at, words) in [
            ("(0,2);(1,1)", 1, "a row is from 1 to 65535, found 0"),
            (
                "(65536,2);(1,1)",
                1,
                "a row is from 1 to 65535, found 65536",
            ),
            ("(99999999999999999999999,2);(1,1)", 1, "a row is from 1"),
            ("(4,9);(1,1)", 3, "a column is from 1 to 8, found 9"),
            ("(4,2);(1,0)", 9, "a column is from 1 to 8, found 0"),
            (
                "(4,2),(4,3);(1,1)",
                6,
                "(4,3) is not a square of the board: row + column is odd",
            ),
            ("(4,2);(1,2)", 6, "(1,2) is not a square of the board"),
            ("(4,2),(4,2);(1,1)", 6, "two geese on (4,2)"),
            (
                "(4,2),(1,1);(1,1)",
                12,
                "the fox is on a goose's square (1,1)",
            ),
            (
                "(4,2)(4,4);(1,1)",
                5,
                "expected ',' and a goose, or ';' and the fox, found '('",
            ),
            ("(4,2),;(1,1)", 6, "expected '(' and a square, found ';'"),
            ("(4,2);", 6, "expected '(' and a square, found the end"),
            ("", 0, "expected '(' and a square, found the end"),
            ("(4,2);(1,1),", 11, "expected the end, found ','"),
            ("(4 2);(1,1)", 3, "expected ',', found '2'"),
            ("(4,2;(1,1)", 4, "expected ')', found ';'"),
            ("(x,2);(1,1)", 1, "expected a row, found 'x'"),
            ("(4,);(1,1)", 3, "expected a column, found ')'"),
            ("(4,-2);(1,1)", 3, "expected a column, found '-'"),
            (too_many.as_str(), seventeenth, "at most 16 geese"),
        ] {
            let error = FoxAndGeese::parse(text).expect_err(text);
            assert!(error.to_string().contains(words), "{text}: {error}");
            assert_eq!(error.position(), at, "{text}: {error}");
        }
    }
}
