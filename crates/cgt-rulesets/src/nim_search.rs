//! Who wins a sum of impartial ruleset positions and a nimber `*n`, by a
//! search of outcomes rather than of Grundy values: what `cgt solve` does
//! with a sum whose terms are all impartial and too large to value at once.
//!
//! The value of an impartial position is its Grundy value, and the Grundy
//! search opens every position below it. Who wins needs less: a position
//! is won when one option is lost, and the search stops at the first such
//! option (the minimax of MCGS's impartial searches; *Winning Ways*, ch. 4,
//! for the theory). A state is the sum's components that are not valued,
//! sorted, and one nimber `*n`:
//! - each position is split into its independent components (the game's
//!   `components`);
//! - a component whose Grundy value is known (the Grundy memo has it, or
//!   finds it by opening one position: all its options are known) is added
//!   into `*n` (the Sprague-Grundy theorem), and two equal components
//!   cancel (`G + G = 0`). Valuing more than that costs more than it saves:
//!   on MCGS's impartial Elephants and Rhinos (`elephants_bwn`), a budget
//!   of 20 new positions a component took 2–3 times the CPU time of none,
//!   1,000 ten times, and the whole Grundy search 40 to 80 times;
//! - with no component left, the mover wins exactly when `n ≠ 0`.
//!
//! The moves of a state are each component's options and the moves of
//! `*n` to `*k`, k < n; only `k` below `2^b` can leave a lost state, where
//! `b` is the bit length of the most options of a component: a component
//! that does not split has a Grundy value at most its number of options, so
//! the nim-sum of the components is below `2^b`.
//!
//! # Complexity
//! At most one entry per state met, in a transposition table; the search
//! keeps its path on an explicit stack, never the call stack.

use crate::terms::RulesetMemo;
use cgt_core::canonical::{GameStore, ValueError};
use cgt_core::outcome::Side;
use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;

/// How many new positions the Grundy value of one component may take for
/// the component to be added into the state's nimber instead of searched:
/// none, only what is known (see the module's doc).
pub(crate) const SMALL_BUDGET: usize = 0;

/// A component: the ruleset's index in the registry in the low bits, the
/// position's number in that ruleset's memo above them.
pub(crate) type Component = u64;

const RULESET_BITS: u32 = 8;

/// The component of position `id` of ruleset `ruleset`.
pub(crate) fn component(ruleset: usize, id: usize) -> Component {
    (id as u64) << RULESET_BITS | ruleset as u64
}

fn decode(c: Component) -> (usize, usize) {
    (
        (c & ((1 << RULESET_BITS) - 1)) as usize,
        (c >> RULESET_BITS) as usize,
    )
}

/// A bound on the nim-sum of the Grundy values of `parts`, components
/// that do not split: `2^b`, where `b` is the bit length of the most
/// options of one of them (a value is at most its position's number of
/// options, the mex of theirs). A move of `*n` to `*k` with `k` at least
/// this never leaves a lost sum.
pub(crate) fn nim_reach(memos: &mut [Option<Box<dyn RulesetMemo>>], parts: &[Component]) -> u64 {
    let mut options = Vec::new();
    let mut most = 0;
    for &c in parts {
        options.clear();
        component_options(memos, c, &mut options);
        most = most.max(options.len());
    }
    reach_of(most)
}

/// `2^b`, `b` the bit length of `most` options: see [`nim_reach`].
fn reach_of(most: usize) -> u64 {
    1 << (u64::BITS - (most as u64).leading_zeros()).min(63)
}

/// The options of component `c`, pushed onto `out` as position numbers of
/// its ruleset's memo.
fn component_options(
    memos: &mut [Option<Box<dyn RulesetMemo>>],
    c: Component,
    out: &mut Vec<usize>,
) {
    let (ruleset, id) = decode(c);
    memos[ruleset]
        .as_mut()
        .expect("a component's ruleset has a memo")
        .whole_options(id, Side::Left, out);
}

/// The components of a sum that are searched, sorted, and the nimber of
/// the rest.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct State {
    parts: SmallVec<[Component; 4]>,
    nim: u64,
}

impl State {
    /// The nimber the state's valued components and `*n` add up to.
    pub(crate) fn nim(&self) -> u64 {
        self.nim
    }

    /// The components searched.
    pub(crate) fn parts(&self) -> &[Component] {
        &self.parts
    }
}

/// A state on the search's path and its moves.
struct Frame {
    state: State,
    children: Vec<State>,
    next: usize,
}

/// The search: its transposition table and the components known to be
/// too large to value.
#[derive(Default)]
pub(crate) struct NimSearch {
    won: FxHashMap<State, bool>,
    too_big: FxHashSet<Component>,
    searched: u64,
}

impl NimSearch {
    /// How many states the search has opened.
    pub(crate) fn searched(&self) -> u64 {
        self.searched
    }

    /// The state of the sum of `parts` and `*nim`: split, small components
    /// valued, equal ones cancelled.
    pub(crate) fn state(
        &mut self,
        memos: &mut [Option<Box<dyn RulesetMemo>>],
        store: &mut GameStore,
        parts: impl IntoIterator<Item = Component>,
        mut nim: u64,
    ) -> Result<State, ValueError> {
        let mut work: Vec<Component> = parts.into_iter().collect();
        let mut kept: SmallVec<[Component; 4]> = SmallVec::new();
        let mut split = Vec::new();
        while let Some(c) = work.pop() {
            let (ruleset, id) = decode(c);
            let memo = memos[ruleset]
                .as_mut()
                .expect("a component's ruleset has a memo");
            split.clear();
            memo.components(id, &mut split);
            if !(split.is_empty() || split.len() == 1 && split[0] == id) {
                work.extend(split.iter().map(|&part| component(ruleset, part)));
                continue;
            }
            if !self.too_big.contains(&c) {
                // A heap is valued whole: its reader bounds that work.
                let budget = if memo.grundy_bounded() {
                    usize::MAX
                } else {
                    SMALL_BUDGET
                };
                match memo.grundy_within(store, id, budget)? {
                    Some(g) => {
                        nim ^= g;
                        continue;
                    }
                    None => {
                        self.too_big.insert(c);
                    }
                }
            }
            kept.push(c);
        }
        kept.sort_unstable();
        // G + G = 0: equal components cancel in pairs.
        let mut parts: SmallVec<[Component; 4]> = SmallVec::new();
        for c in kept {
            if parts.last() == Some(&c) {
                parts.pop();
            } else {
                parts.push(c);
            }
        }
        Ok(State { parts, nim })
    }

    /// Whether the player to move wins `state`, when it is settled without
    /// a search: no component left, or in the table.
    fn settled(&self, state: &State) -> Option<bool> {
        if state.parts.is_empty() {
            return Some(state.nim != 0);
        }
        self.won.get(state).copied()
    }

    /// The states one move from `state`, in order: each component's
    /// options, then the nimber's moves that may leave a lost state; or
    /// only the first of them known lost, when one is.
    fn children(
        &mut self,
        memos: &mut [Option<Box<dyn RulesetMemo>>],
        store: &mut GameStore,
        state: &State,
    ) -> Result<Vec<State>, ValueError> {
        let mut children = Vec::new();
        let mut options = Vec::new();
        let mut most = 0;
        for (i, &c) in state.parts.iter().enumerate() {
            let (ruleset, _) = decode(c);
            options.clear();
            component_options(memos, c, &mut options);
            most = most.max(options.len());
            for &option in &options {
                let others = state.parts.iter().enumerate().filter(|&(j, _)| j != i);
                let parts = others.map(|(_, &p)| p).chain([component(ruleset, option)]);
                let child = self.state(memos, store, parts, state.nim)?;
                if self.settled(&child) == Some(false) {
                    // A move to a known loss: the rest need not be made.
                    return Ok(vec![child]);
                }
                children.push(child);
            }
        }
        // The components' options listed once: the nimber's reach from them.
        for k in 0..state.nim.min(reach_of(most)) {
            let child = State {
                parts: state.parts.clone(),
                nim: k,
            };
            if self.settled(&child) == Some(false) {
                return Ok(vec![child]);
            }
            children.push(child);
        }
        Ok(children)
    }

    /// Whether the player to move wins `root`.
    ///
    /// # Errors
    /// [`ValueError::Interrupted`] when the store's interrupt check says to
    /// stop.
    pub(crate) fn mover_wins(
        &mut self,
        memos: &mut [Option<Box<dyn RulesetMemo>>],
        store: &mut GameStore,
        root: State,
    ) -> Result<bool, ValueError> {
        if let Some(won) = self.settled(&root) {
            return Ok(won);
        }
        let mut stack = vec![self.open(memos, store, root)?];
        // The result of the state just closed, for the frame below it.
        let mut closed: Option<bool> = None;
        loop {
            let top = stack
                .last_mut()
                .expect("the root is on the stack until the end");
            let won = match closed.take() {
                // A lost option wins this state.
                Some(false) => Some(true),
                _ if top.next == top.children.len() => Some(false),
                _ => None,
            };
            if let Some(won) = won {
                let frame = stack.pop().expect("the top frame");
                self.won.insert(frame.state, won);
                if stack.is_empty() {
                    return Ok(won);
                }
                closed = Some(won);
                continue;
            }
            let child = top.children[top.next].clone();
            top.next += 1;
            if let Some(won) = self.settled(&child) {
                closed = Some(won);
                continue;
            }
            if self.searched % 1024 == 0 && store.should_stop() {
                return Err(ValueError::Interrupted);
            }
            stack.push(self.open(memos, store, child)?);
        }
    }

    /// A frame for `state`, its moves listed (only one, when the tables
    /// know it lost).
    fn open(
        &mut self,
        memos: &mut [Option<Box<dyn RulesetMemo>>],
        store: &mut GameStore,
        state: State,
    ) -> Result<Frame, ValueError> {
        self.searched += 1;
        let children = self.children(memos, store, &state)?;
        Ok(Frame {
            state,
            children,
            next: 0,
        })
    }
}
