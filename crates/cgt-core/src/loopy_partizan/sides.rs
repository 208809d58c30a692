//! The onside and offside of any loopy game, by sidling (Conway, "Loopy
//! games", 1978; Siegel, *Combinatorial Game Theory*, VI.4).
//!
//! Every finite loopy game `G` has an *onside* `G⁺` and an *offside* `G⁻`,
//! stoppers with `G⁺ >= G⁻`, and its value is `G⁺ & G⁻`: the onside is
//! what `G` is worth when endless play counts for Left (for every stopper
//! `X`, `G⁺ >= X` exactly when Left survives `G - X` moving second), the
//! offside when it counts for Right. A stopper is its own onside and
//! offside.
//!
//! The onside is the greatest solution of `s(v) = {s(vᴸ) | s(vᴿ)}` over the
//! positions `v` of the graph (the positions that are stoppers keeping
//! their own values), found by *sidling*: start every other position at
//! `on` and replace each by `{s(vᴸ) | s(vᴿ)}` until nothing changes. The
//! values only go down, and a solution reached this way is above every
//! other. The offside is the negative of the onside of `-G`. Sidling need
//! not settle in finitely many rounds (a position worth `over` is
//! approached through `1, 1/2, 1/4, …`); after [`MAX_SIDLING_ROUNDS`]
//! rounds, or at a value of more than [`MAX_SIDLING_FORM`] positions, the
//! answer is [`LoopyError::Unsettled`].
//!
//! Where sidling does not settle at once, the graph is simplified first:
//! moves on alternating cycles are cut, or unravelled, wherever a
//! comparison of onsides by play ([`Graph::onside_le`]) shows that the
//! onside stays the same, and the simpler graph is sidled (or is a stopper
//! already). This is CGSuite's idea; every change is checked, so the
//! choice of changes only decides how often an answer is found. A graph
//! of several strongly connected components is valued one component at a
//! time, each in a small graph whose moves out of it go to the onsides
//! found below it, so the comparisons cost the square of a component, not
//! of the graph. Every graph of up to three positions settles so, and so
//! does Backsliding Toads and Frogs' `ttt..fff`, which is
//! `{on||0|-1/2} & {1/2|0||off}` (560 positions in components of 28).

use super::components::Valued;
use super::components::components;
use super::outcome::state;
use super::{Graph, LoopyError, LoopyValue, StopperId, StopperStore};
use crate::outcome::Side;
use rustc_hash::FxHashMap;

/// The most rounds of sidling before giving up (as many updates as this
/// many rounds over every position that is not a stopper).
pub const MAX_SIDLING_ROUNDS: usize = 32;

/// The most positions a value met while sidling may have.
pub const MAX_SIDLING_FORM: usize = 64;

/// The largest value the first, quick sidling may meet before the graph is
/// simplified (a descent toward a limit such as `over` makes values that
/// grow, and each costs a simplest form).
const QUICK_SIDLING_FORM: usize = 16;

impl Graph {
    /// For each position, whether it is a stopper (no position reachable
    /// from it lets play alternate forever).
    pub fn stopper_positions(&self) -> Vec<bool> {
        let n = self.len();
        // Peel the states (position, player to move) that cannot reach a
        // cycle of states: Kahn's algorithm on the whole state graph.
        let mut remaining = vec![0_u32; 2 * n];
        let mut into: Vec<Vec<u32>> = vec![Vec::new(); 2 * n];
        for v in 0..n as u32 {
            for side in [Side::Left, Side::Right] {
                for &w in self.moves(v, side) {
                    remaining[state(v, side) as usize] += 1;
                    into[state(w, side.opponent()) as usize].push(state(v, side));
                }
            }
        }
        let mut ready: Vec<u32> = (0..2 * n as u32)
            .filter(|&s| remaining[s as usize] == 0)
            .collect();
        let mut peeled = vec![false; 2 * n];
        while let Some(s) = ready.pop() {
            peeled[s as usize] = true;
            for &p in &into[s as usize] {
                remaining[p as usize] -= 1;
                if remaining[p as usize] == 0 {
                    ready.push(p);
                }
            }
        }
        // A position is a stopper when no position it reaches has a state
        // left unpeeled: walk back from those.
        let mut stopper = vec![true; n];
        let mut into_any: Vec<Vec<u32>> = vec![Vec::new(); n];
        for v in 0..n as u32 {
            for side in [Side::Left, Side::Right] {
                for &w in self.moves(v, side) {
                    into_any[w as usize].push(v);
                }
            }
        }
        let mut stack: Vec<u32> = (0..n as u32)
            .filter(|&v| {
                !peeled[state(v, Side::Left) as usize] || !peeled[state(v, Side::Right) as usize]
            })
            .collect();
        for &v in &stack {
            stopper[v as usize] = false;
        }
        while let Some(w) = stack.pop() {
            for &v in &into_any[w as usize] {
                if stopper[v as usize] {
                    stopper[v as usize] = false;
                    stack.push(v);
                }
            }
        }
        stopper
    }
}

/// `graph` without the Right moves `v -> w` that Left can undo at once
/// (`w` has a Left move back to `v`, a pass included): they leave the
/// onside as it is. Whatever Right hopes for from such a move, Left answers
/// it by moving back, which restores the whole position with Right to move
/// again; so Left survives a sum with the move exactly when she survives it
/// without, and the onside is defined by Left's survival. (CGSuite breaks
/// these two-cycles too.)
fn without_undone_right_moves(graph: &Graph) -> Graph {
    let mut out = graph.clone();
    for v in 0..graph.len() as u32 {
        let kept: Vec<u32> = graph
            .moves(v, Side::Right)
            .iter()
            .copied()
            .filter(|&w| !graph.moves(w, Side::Left).contains(&v))
            .collect();
        out.set_moves(v, Side::Right, kept);
    }
    out.restricted(0)
}

impl StopperStore {
    /// `{left | right}`, in simplest form.
    ///
    /// # Errors
    /// [`LoopyError::TooLarge`] if the options have too many positions
    /// together.
    pub fn from_options(
        &mut self,
        left: &[StopperId],
        right: &[StopperId],
    ) -> Result<StopperId, LoopyError> {
        let mut graph = Graph::new();
        let root = graph.add_position();
        for (side, options) in [(Side::Left, left), (Side::Right, right)] {
            for &o in options {
                let at = graph.append(self.form(o));
                graph.add_move(root, side, at);
            }
        }
        self.stopper(&graph, root)
    }

    /// The value of the game at `start`: the stopper itself, or its onside
    /// and offside.
    ///
    /// # Example
    /// `dud = {pass|pass}` is `on & off`; `a{{|a}|}` is `1 & 0`.
    /// ```
    /// use cgt_core::canonical::GameStore;
    /// use cgt_core::loopy_partizan::{Graph, StopperStore};
    /// use cgt_core::outcome::Side;
    /// let mut graph = Graph::new();
    /// let (a, b) = (graph.add_position(), graph.add_position());
    /// graph.add_move(a, Side::Left, b);
    /// graph.add_move(b, Side::Right, a);
    /// let mut stoppers = StopperStore::new();
    /// let mut store = GameStore::new();
    /// let value = stoppers.value(&graph, a)?;
    /// assert_eq!(stoppers.display_value(value, &mut store), "1 & 0");
    /// # Ok::<(), cgt_core::loopy_partizan::LoopyError>(())
    /// ```
    ///
    /// # Errors
    /// [`LoopyError::TooLarge`] for a graph too large to simplify;
    /// [`LoopyError::Unsettled`] if neither sidling nor simplifying the graph
    /// settles.
    pub fn value(&mut self, graph: &Graph, start: u32) -> Result<LoopyValue, LoopyError> {
        let graph = graph.restricted(start);
        self.metered(|stoppers| {
            if graph.is_stopper(0) {
                return stoppers.stopper(&graph, 0).map(LoopyValue::Stopper);
            }
            let onside = stoppers.onside(&graph)?;
            let offside = {
                let minus = stoppers.onside(&graph.negative())?;
                stoppers.neg(minus)
            };
            Ok(if onside == offside {
                LoopyValue::Stopper(onside)
            } else {
                LoopyValue::Sided { onside, offside }
            })
        })
    }

    /// The onside of position 0 of `graph`, a component at a time.
    ///
    /// A position's onside depends on the rest of the graph only through
    /// the onsides of the positions it moves to: on a component, the
    /// greatest solution of `s(v) = {s(vᴸ) | s(vᴿ)}` with the positions
    /// below fixed at their greatest solution is the greatest solution of
    /// the whole. So each component is valued in a small graph whose moves
    /// out of it go to the onsides already found (stoppers), which keeps
    /// the side comparisons of [`simpler_onside_graph`] to the square of a
    /// component, not of the whole graph (Backsliding Toads and Frogs'
    /// `ttt..fff` has 560 positions in components of 28).
    fn onside(&mut self, graph: &Graph) -> Result<StopperId, LoopyError> {
        let graph = without_undone_right_moves(graph);
        if graph.is_stopper(0) {
            return self.stopper(&graph, 0);
        }
        let n = graph.len();
        let components = components(&graph, &vec![true; n]);
        if components.len() == 1 {
            return self.onside_of_start(&graph);
        }
        // The positions whose onsides are asked for: the start, and those
        // moved to from another component.
        let mut place = vec![(u32::MAX, 0_u32); n];
        for (c, component) in components.iter().enumerate() {
            for (i, &v) in component.iter().enumerate() {
                place[v as usize] = (c as u32, i as u32);
            }
        }
        let mut wanted = vec![false; n];
        wanted[0] = true;
        for v in 0..n as u32 {
            for side in [Side::Left, Side::Right] {
                for &w in graph.moves(v, side) {
                    if place[w as usize].0 != place[v as usize].0 {
                        wanted[w as usize] = true;
                    }
                }
            }
        }
        let mut value: Vec<Option<Valued>> = vec![None; n];
        for component in &components {
            let local = self.component_graph(&graph, component, &place, &value)?;
            match self.sidle_all(&local, QUICK_SIDLING_FORM, component.len()) {
                Ok(all) => {
                    for (i, &v) in component.iter().enumerate() {
                        value[v as usize] = Some(Valued::Stopper(all[i]));
                    }
                }
                Err(LoopyError::Unsettled { .. }) => {
                    for (i, &v) in component.iter().enumerate() {
                        if wanted[v as usize] {
                            let from_here = without_undone_right_moves(&local.restricted(i as u32));
                            let onside = self.simplified_onside(from_here)?;
                            value[v as usize] = Some(Valued::Stopper(onside));
                        }
                    }
                }
                Err(e) => return Err(e),
            }
        }
        match value[0] {
            Some(Valued::Stopper(id)) => Ok(id),
            _ => unreachable!("the start's component is valued last"),
        }
    }

    /// The onside of position 0 of `graph`: by sidling, and where sidling
    /// does not settle at once, by sidling a simpler graph with the same
    /// onside.
    fn onside_of_start(&mut self, graph: &Graph) -> Result<StopperId, LoopyError> {
        let graph = without_undone_right_moves(graph);
        if graph.is_stopper(0) {
            return self.stopper(&graph, 0);
        }
        match self.sidle(&graph, QUICK_SIDLING_FORM) {
            Err(LoopyError::Unsettled { .. }) => {}
            settled => return settled,
        }
        self.simplified_onside(graph)
    }

    /// The onside of position 0 of `graph`, which has no Right move Left
    /// can undo at once, by sidling a simpler graph with the same onside.
    fn simplified_onside(&mut self, graph: Graph) -> Result<StopperId, LoopyError> {
        if graph.is_stopper(0) {
            return self.stopper(&graph, 0);
        }
        let graph = simpler_onside_graph(graph, &mut |steps| self.charge(steps))?;
        if graph.is_stopper(0) {
            return self.stopper(&graph, 0);
        }
        self.sidle(&graph, MAX_SIDLING_FORM)
    }

    /// The onside of position 0 of `graph` by sidling from `on`.
    fn sidle(&mut self, graph: &Graph, max_form: usize) -> Result<StopperId, LoopyError> {
        Ok(self.sidle_all(graph, max_form, 1)?[0])
    }

    /// The onside of every position of `graph` by sidling from `on`: of
    /// positions `0..first`, and of those the others move to (the rest may
    /// be left `on`).
    fn sidle_all(
        &mut self,
        graph: &Graph,
        max_form: usize,
        first: usize,
    ) -> Result<Vec<StopperId>, LoopyError> {
        let n = graph.len();
        let stopper = graph.stopper_positions();
        let on = self.on();
        // The stoppers whose values sidling reads: those a position that is
        // not a stopper moves to, and the first ones.
        let mut read = vec![false; n];
        read[..first.min(n)].fill(true);
        for v in (0..n as u32).filter(|&v| !stopper[v as usize]) {
            for side in [Side::Left, Side::Right] {
                for &w in graph.moves(v, side) {
                    read[w as usize] = true;
                }
            }
        }
        let fixed = self.component_values(graph, &stopper, &|v| read[v as usize])?;
        let mut value: Vec<StopperId> = fixed.iter().map(|v| v.unwrap_or(on)).collect();
        // A worklist of the positions whose options changed, each taken
        // from it in turn: the same descent as rounds over all positions,
        // with work only where something moved. Equal option lists give
        // equal games, made once.
        let mut into: Vec<Vec<u32>> = vec![Vec::new(); n];
        for v in (0..n as u32).filter(|&v| !stopper[v as usize]) {
            for side in [Side::Left, Side::Right] {
                for &w in graph.moves(v, side) {
                    into[w as usize].push(v);
                }
            }
        }
        let moving: Vec<u32> = (0..n as u32).filter(|&v| !stopper[v as usize]).collect();
        let mut queued = vec![false; n];
        let mut queue: std::collections::VecDeque<u32> = moving.iter().copied().collect();
        for &v in &moving {
            queued[v as usize] = true;
        }
        let mut made: FxHashMap<(Vec<StopperId>, Vec<StopperId>), StopperId> = FxHashMap::default();
        let mut budget = MAX_SIDLING_ROUNDS * moving.len();
        while let Some(v) = queue.pop_front() {
            queued[v as usize] = false;
            if budget % 64 == 0 {
                self.interrupted()?;
            }
            if budget == 0 {
                return Err(LoopyError::Unsettled {
                    rounds: MAX_SIDLING_ROUNDS,
                });
            }
            budget -= 1;
            let degree = graph.moves(v, Side::Left).len() + graph.moves(v, Side::Right).len();
            self.charge(1 + degree as u64)?;
            let options = |side| {
                let mut o: Vec<StopperId> = graph
                    .moves(v, side)
                    .iter()
                    .map(|&w| value[w as usize])
                    .collect();
                o.sort_unstable();
                o.dedup();
                o
            };
            let key = (options(Side::Left), options(Side::Right));
            let next = match made.get(&key) {
                Some(&g) => g,
                None => {
                    let g = self.from_options(&key.0, &key.1)?;
                    // A value that keeps growing is a descent that does
                    // not settle (toward a limit with a cycle, as `over`).
                    if self.form(g).len() > max_form {
                        return Err(LoopyError::Unsettled {
                            rounds: MAX_SIDLING_ROUNDS,
                        });
                    }
                    made.insert(key, g);
                    g
                }
            };
            if next != value[v as usize] {
                value[v as usize] = next;
                for &u in &into[v as usize] {
                    if !queued[u as usize] {
                        queued[u as usize] = true;
                        queue.push_back(u);
                    }
                }
            }
        }
        Ok(value)
    }
}

/// The most states the side comparisons of one simplification may visit
/// together (each comparison visits every state of `H - G` a few times).
pub const MAX_SIMPLIFYING_WORK: usize = 1 << 29;

/// How many times unravelling lets Right take a cyclic move at most.
const MAX_UNRAVEL: u32 = 3;

/// A graph with the same onside at position 0 as `graph`, with moves on
/// alternating cycles cut or unravelled where that keeps the onside, until
/// no alternating cycle is left, nothing more can be cut, or the work
/// allowed ([`MAX_SIMPLIFYING_WORK`]) is spent. Every change is checked by
/// comparing onsides by play ([`Graph::onside_le`]), so whatever the
/// heuristics choose, the onside is kept. (The idea is CGSuite's: cut the
/// cyclic moves that do not matter, and unravel those Right needs only a
/// few times.)
///
/// Removing a Right move can only help Left, so it keeps the onside when
/// the smaller graph's onside is not above the old one; removing a Left
/// move, when it is not below. Unravelling lets Right take a move on an
/// alternating cycle at most `n` times, which again only helps Left.
///
/// Each search of cyclic moves and each comparison is charged to `charge`
/// (its states and moves) before it is made, which stops the whole
/// computation past its limit; past [`MAX_SIMPLIFYING_WORK`] this
/// simplification alone stops, with the graph it has.
fn simpler_onside_graph(
    mut graph: Graph,
    charge: &mut dyn FnMut(u64) -> Result<(), LoopyError>,
) -> Result<Graph, LoopyError> {
    let mut work = 0_usize;
    let mut within = |g: &Graph, h: &Graph| {
        work = work.saturating_add(2 * g.len() * h.len());
        work <= MAX_SIMPLIFYING_WORK
    };
    loop {
        let mut changed = false;
        // Cuts, Right's before Left's, tried in groups: a whole group at
        // once, and its halves when the whole changes the onside (most
        // cyclic moves turn out not to matter, so few checks are needed).
        for side in [Side::Right, Side::Left] {
            // Numbers change with each cut: the moves are found anew.
            charge(cyclic_moves_work(&graph))?;
            let all: Vec<(u32, u32)> = cyclic_moves(&graph)
                .into_iter()
                .filter(|m| m.1 == side)
                .map(|(v, _, w)| (v, w))
                .collect();
            let mut groups = vec![all];
            while let Some(group) = groups.pop() {
                if group.is_empty() {
                    continue;
                }
                let fewer = without_moves(&graph, side, &group);
                if !within(&fewer, &graph) {
                    return Ok(graph.restricted(0));
                }
                charge(comparison_work(&fewer, &graph))?;
                let kept = match side {
                    Side::Right => fewer.onside_le(0, &graph, 0)?,
                    Side::Left => graph.onside_le(0, &fewer, 0)?,
                };
                if kept {
                    // Keep only what position 0 still reaches: every later
                    // check costs the square of the positions.
                    let (smaller, number) = fewer.restricted_with_numbers(0);
                    graph = smaller;
                    changed = true;
                    let renumber = |moves: Vec<(u32, u32)>| -> Vec<(u32, u32)> {
                        moves
                            .into_iter()
                            .map(|(v, w)| (number[v as usize], number[w as usize]))
                            .filter(|&(v, w)| v != u32::MAX && w != u32::MAX)
                            .collect()
                    };
                    groups = groups.into_iter().map(renumber).collect();
                } else if group.len() > 1 {
                    let (first, second) = group.split_at(group.len() / 2);
                    groups.push(second.to_vec());
                    groups.push(first.to_vec());
                }
            }
        }
        graph = graph.restricted(0);
        if graph.is_stopper(0) {
            return Ok(graph);
        }
        if !changed {
            charge(cyclic_moves_work(&graph))?;
            'unravel: for &(v, _, w) in cyclic_moves(&graph).iter().filter(|m| m.1 == Side::Right) {
                for times in 1..=MAX_UNRAVEL {
                    charge(graph.len() as u64 * u64::from(times + 1))?;
                    let unravelled = unravelled(&graph, v, w, times);
                    if !within(&unravelled, &graph) {
                        return Ok(graph);
                    }
                    charge(comparison_work(&unravelled, &graph))?;
                    if unravelled.onside_le(0, &graph, 0)? {
                        graph = unravelled;
                        changed = true;
                        break 'unravel;
                    }
                }
            }
        }
        if !changed {
            return Ok(graph);
        }
    }
}

/// The moves of `graph`, both sides.
fn move_count(graph: &Graph) -> u64 {
    (0..graph.len() as u32)
        .map(|v| (graph.moves(v, Side::Left).len() + graph.moves(v, Side::Right).len()) as u64)
        .sum()
}

/// The steps of [`cyclic_moves`]: a search of the states from each move.
fn cyclic_moves_work(graph: &Graph) -> u64 {
    let moves = move_count(graph);
    moves.saturating_mul(moves.saturating_add(2 * graph.len() as u64))
}

/// The steps of a side comparison of `g` and `h` ([`Graph::onside_le`]):
/// its states and moves, for a round of its game.
fn comparison_work(g: &Graph, h: &Graph) -> u64 {
    let (gn, hn) = (g.len() as u64, h.len() as u64);
    (2 * gn * hn)
        .saturating_add(move_count(g).saturating_mul(hn))
        .saturating_add(move_count(h).saturating_mul(gn))
}

/// The moves `(v, side, w)` on alternating cycles: the player to move next
/// at `w` can bring play back to `v` with `side` to move.
fn cyclic_moves(graph: &Graph) -> Vec<(u32, Side, u32)> {
    let n = graph.len();
    let mut cyclic = Vec::new();
    for v in 0..n as u32 {
        for side in [Side::Left, Side::Right] {
            for &w in graph.moves(v, side) {
                // Search the states from (w, opponent to move).
                let target = state(v, side);
                let mut seen = vec![false; 2 * n];
                let mut stack = vec![(w, side.opponent())];
                seen[state(w, side.opponent()) as usize] = true;
                let mut found = false;
                while let Some((u, mover)) = stack.pop() {
                    if state(u, mover) == target {
                        found = true;
                        break;
                    }
                    for &x in graph.moves(u, mover) {
                        let next = state(x, mover.opponent()) as usize;
                        if !seen[next] {
                            seen[next] = true;
                            stack.push((x, mover.opponent()));
                        }
                    }
                }
                if found {
                    cyclic.push((v, side, w));
                }
            }
        }
    }
    cyclic
}

/// `graph` without the moves `v -> w` of `side` listed (positions keep
/// their numbers).
fn without_moves(graph: &Graph, side: Side, cut: &[(u32, u32)]) -> Graph {
    let mut out = graph.clone();
    for &(v, _) in cut {
        let kept = out
            .moves(v, side)
            .iter()
            .copied()
            .filter(|&x| !cut.contains(&(v, x)))
            .collect();
        out.set_moves(v, side, kept);
    }
    out
}

/// `graph` in which Right may take the move `v -> w` at most `times`
/// times: its positions paired with the count of those moves so far.
fn unravelled(graph: &Graph, v: u32, w: u32, times: u32) -> Graph {
    let layers = times + 1;
    let n = graph.len() as u32;
    let mut out = Graph::new();
    for _ in 0..n * layers {
        out.add_position();
    }
    for k in 0..layers {
        for u in 0..n {
            for side in [Side::Left, Side::Right] {
                for &x in graph.moves(u, side) {
                    let counted = side == Side::Right && u == v && x == w;
                    if counted && k + 1 == layers {
                        continue;
                    }
                    let to = if counted { k + 1 } else { k };
                    out.add_move(k * n + u, side, to * n + x);
                }
            }
        }
    }
    out.restricted(0)
}
