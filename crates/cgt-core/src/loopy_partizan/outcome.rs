//! Who wins with each player moving first, draws included, by retrograde
//! analysis of the positions paired with the player to move.

use super::Graph;
use crate::loopy::{LoopyOutcome, solve_moves};
use crate::outcome::Side;

/// How a game ends under best play with a given player moving first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Play {
    /// Right wins.
    RightWins,
    /// Play never ends (neither player can force a win).
    Draw,
    /// Left wins.
    LeftWins,
}

/// The outcome class of a loopy game: who wins with Left moving first and
/// with Right moving first, each of which may be a draw. The names are
/// CGSuite's (`OutcomeClass`): the four classes of short games, `D` (a draw
/// either way), and `P̂`, `P̌`, `N̂`, `Ň` for a win one way and a draw the
/// other (Siegel, *Combinatorial Game Theory*, VI.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LoopyOutcomeClass {
    /// Left wins whoever starts.
    L,
    /// Right wins whoever starts.
    R,
    /// The first player wins.
    N,
    /// The second player wins.
    P,
    /// A draw whoever starts.
    D,
    /// A draw if Left starts, Left wins if Right starts.
    PHat,
    /// Right wins if Left starts, a draw if Right starts.
    PCheck,
    /// Left wins if Left starts, a draw if Right starts.
    NHat,
    /// A draw if Left starts, Right wins if Right starts.
    NCheck,
}

impl LoopyOutcomeClass {
    /// The class with these results for Left moving first and for Right
    /// moving first.
    pub fn new(left_first: Play, right_first: Play) -> Self {
        use LoopyOutcomeClass::*;
        use Play::*;
        match (left_first, right_first) {
            (LeftWins, LeftWins) => L,
            (RightWins, RightWins) => R,
            (LeftWins, RightWins) => N,
            (RightWins, LeftWins) => P,
            (Draw, Draw) => D,
            (Draw, LeftWins) => PHat,
            (RightWins, Draw) => PCheck,
            (LeftWins, Draw) => NHat,
            (Draw, RightWins) => NCheck,
        }
    }

    /// The result when `side` moves first.
    pub fn first(self, side: Side) -> Play {
        use LoopyOutcomeClass::*;
        use Play::*;
        let (left_first, right_first) = match self {
            L => (LeftWins, LeftWins),
            R => (RightWins, RightWins),
            N => (LeftWins, RightWins),
            P => (RightWins, LeftWins),
            D => (Draw, Draw),
            PHat => (Draw, LeftWins),
            PCheck => (RightWins, Draw),
            NHat => (LeftWins, Draw),
            NCheck => (Draw, RightWins),
        };
        match side {
            Side::Left => left_first,
            Side::Right => right_first,
        }
    }

    /// CGSuite's name: `L`, `R`, `N`, `P`, `D`, `PHat`, `PCheck`, `NHat`,
    /// `NCheck`.
    pub fn name(self) -> &'static str {
        use LoopyOutcomeClass::*;
        match self {
            L => "L",
            R => "R",
            N => "N",
            P => "P",
            D => "D",
            PHat => "PHat",
            PCheck => "PCheck",
            NHat => "NHat",
            NCheck => "NCheck",
        }
    }
}

/// The state "`v` with `side` to move" as a vertex of the state graph.
pub(crate) fn state(v: u32, side: Side) -> u32 {
    2 * v + u32::from(side == Side::Right)
}

impl Graph {
    /// The outcome class of every position, by one retrograde analysis of
    /// the graph of (position, player to move) pairs (a player who cannot
    /// move loses; a state that is neither won nor lost is a draw).
    ///
    /// # Example
    /// `on = {on|}` (Left passes forever): Left wins whoever starts.
    /// ```
    /// use cgt_core::loopy_partizan::{Graph, LoopyOutcomeClass};
    /// use cgt_core::outcome::Side;
    /// let mut graph = Graph::new();
    /// let on = graph.add_position();
    /// graph.add_move(on, Side::Left, on);
    /// assert_eq!(graph.outcomes()[0], LoopyOutcomeClass::L);
    /// ```
    ///
    /// # Complexity
    /// O(V + E) time and memory.
    pub fn outcomes(&self) -> Vec<LoopyOutcomeClass> {
        let mut moves = Vec::new();
        for v in 0..self.len() as u32 {
            for side in [Side::Left, Side::Right] {
                let to_move = side.opponent();
                moves.extend(
                    self.moves(v, side)
                        .iter()
                        .map(|&w| (state(v, side), state(w, to_move))),
                );
            }
        }
        let solved = solve_moves(2 * self.len(), &moves);
        let result = |s: u32, side: Side| match (solved.value(s as usize), side) {
            (LoopyOutcome::Draw, _) => Play::Draw,
            (LoopyOutcome::Win(_), Side::Left) | (LoopyOutcome::Loss(_), Side::Right) => {
                Play::LeftWins
            }
            _ => Play::RightWins,
        };
        (0..self.len() as u32)
            .map(|v| {
                LoopyOutcomeClass::new(
                    result(state(v, Side::Left), Side::Left),
                    result(state(v, Side::Right), Side::Right),
                )
            })
            .collect()
    }

    /// Whether the game from `start` is a *stopper*: from no position
    /// reachable from it can play alternate forever (Siegel, *Combinatorial
    /// Game Theory*, VI.2). Checked by peeling the graph of (position,
    /// player to move) pairs: it is a stopper exactly when every state can
    /// be peeled, that is, the states have no cycle.
    ///
    /// # Complexity
    /// O(V + E).
    pub fn is_stopper(&self, start: u32) -> bool {
        let reach = self.reachable(start);
        let mut inside = vec![false; self.len()];
        for &v in &reach {
            inside[v as usize] = true;
        }
        // Kahn's algorithm on the states of the reachable positions: count
        // each state's moves, peel states with none left.
        let mut remaining = vec![0_u32; 2 * self.len()];
        let mut into: Vec<Vec<u32>> = vec![Vec::new(); 2 * self.len()];
        for &v in &reach {
            for side in [Side::Left, Side::Right] {
                for &w in self.moves(v, side) {
                    remaining[state(v, side) as usize] += 1;
                    into[state(w, side.opponent()) as usize].push(state(v, side));
                }
            }
        }
        let mut ready: Vec<u32> = reach
            .iter()
            .flat_map(|&v| [state(v, Side::Left), state(v, Side::Right)])
            .filter(|&s| remaining[s as usize] == 0)
            .collect();
        let mut peeled = 0;
        while let Some(s) = ready.pop() {
            peeled += 1;
            for &p in &into[s as usize] {
                remaining[p as usize] -= 1;
                if remaining[p as usize] == 0 {
                    ready.push(p);
                }
            }
        }
        peeled == 2 * reach.len()
    }
}
