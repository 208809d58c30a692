//! Who wins a sum of impartial ruleset positions and a nimber `*n`, by a
//! search of outcomes rather than of Grundy values: what `cgt solve` does
//! with a sum whose terms are all impartial and too large to value at once.
//!
//! The value of an impartial position is its Grundy value, and the Grundy
//! search opens every position below it. Who wins needs less: a position
//! is won when one option is lost, and the search stops at the first such
//! option. It searches one component at a time with a nimber, as Lemoine
//! and Viennot's search of Sprouts does ("Computer analysis of Sprouts with
//! nimbers", *Games of No Chance 4*, 2015, algorithms 1–3; MCGS's
//! impartial search is the same; *Winning Ways*, ch. 4, for the theory):
//! - `G + *n` is won when a move of `G` to `G'` leaves `G' + *n` lost, or a
//!   move of the nimber leaves `G + *k` lost, `k < n`; lost when neither
//!   does, and then the Grundy value of `G` is `n`;
//! - a move of `G` that splits it into independent components
//!   `A + B + … + Z` (the game's `components`) leaves a sum: the Grundy
//!   values of all of them but the last are found (the least `m` with
//!   `A + *m` lost, the same search), and `Z + *(n ^ a ^ b ^ …)` is
//!   searched. Two equal components cancel (`G + G = 0`), and a component
//!   whose Grundy value is known (found before, or in its ruleset's memo)
//!   is added into the nimber at once (the Sprague-Grundy theorem);
//! - a Grundy value is at most the number of options, so `G + *n` with `n`
//!   above it is won without a search.
//!
//! The tables are one entry per component: its Grundy value once found,
//! and the nimbers `*n` with which it is known won. So a position met in
//! many sums is searched once, where a table of whole sums searches it
//! again beside every other component it meets.
//!
//! # Complexity
//! One entry per component met, and one per pair of a component and a
//! nimber searched; the search keeps its path on an explicit stack of
//! tasks, never the call stack.

use crate::terms::RulesetMemo;
use cgt_core::canonical::{GameStore, ValueError};
use cgt_core::outcome::Side;
use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;

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

/// A task of the search, waiting on the stack for the answer of the task
/// above it.
enum Task {
    /// Whether the player to move wins `parts + *nim`: the Grundy values
    /// of the parts before `next` are added into `nim`; the last part is
    /// then searched with that nimber.
    Sum {
        parts: SmallVec<[Component; 4]>,
        nim: u64,
        next: usize,
    },
    /// The Grundy value of `part`: the least `n` that `part + *n` is lost.
    Grundy { part: Component, n: u64 },
    /// Whether the player to move wins `part + *n`: the part's moves
    /// (`children`, the states they leave) tried up to `next`, then the
    /// nimber's moves to `*k` for `k` below `below`.
    Win {
        part: Component,
        n: u64,
        children: Vec<State>,
        next: usize,
        below: u64,
    },
}

/// What a task does next.
enum Step {
    /// It is done: its answer (a Grundy value, or 1 won and 0 lost).
    Return(u64),
    /// It waits (the first task) on the answer of the second.
    Call(Task, Task),
    /// Its answer is the second task's.
    Tail(Task),
}

/// The search: its tables of single components with a nimber and of
/// Grundy values found, and the components known to be too large to value
/// by the rulesets' memos.
#[derive(Default)]
pub(crate) struct NimSearch {
    /// Each component met, and what the search knows of it: one probe per
    /// component a move leaves, however much is known.
    known: FxHashMap<Component, Known>,
    /// The components with a nimber `*n`, `n` of [`Known::won`]'s bits or
    /// more, known won.
    won_far: FxHashSet<(Component, u64)>,
    searched: u64,
}

/// What [`NimSearch`] knows of a component.
#[derive(Clone, Copy)]
struct Known {
    /// Its Grundy value, or [`Known::UNKNOWN`] (not yet found, and too
    /// large for its ruleset's memo to know).
    grundy: u64,
    /// Bit `n`: the component with `*n` is won.
    won: u64,
}

impl Known {
    const UNKNOWN: u64 = u64::MAX;

    fn grundy(self) -> Option<u64> {
        (self.grundy != Known::UNKNOWN).then_some(self.grundy)
    }
}

impl Default for Known {
    fn default() -> Self {
        Known {
            grundy: Known::UNKNOWN,
            won: 0,
        }
    }
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
            let known = match self.known.get(&c) {
                Some(&known) => known,
                None => {
                    // A heap is valued whole: its reader bounds that work.
                    // Of any other component only a value its memo has is
                    // taken: the search finds the rest.
                    let grundy = if memo.grundy_bounded() {
                        memo.grundy_within(store, id, usize::MAX)?
                    } else {
                        memo.grundy_known(id)
                    };
                    let known = Known {
                        grundy: grundy.unwrap_or(Known::UNKNOWN),
                        won: 0,
                    };
                    self.known.insert(c, known);
                    known
                }
            };
            if let Some(g) = known.grundy() {
                nim ^= g;
                continue;
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

    /// Whether the player to move wins `part + *n`, when the tables know.
    fn settled_part(&self, part: Component, n: u64) -> Option<bool> {
        let known = self.known.get(&part).copied().unwrap_or_default();
        if let Some(g) = known.grundy() {
            Some(g != n)
        } else if n < u64::BITS.into() {
            (known.won >> n & 1 == 1).then_some(true)
        } else {
            self.won_far.contains(&(part, n)).then_some(true)
        }
    }

    /// Whether the player to move wins `state`, when it is settled without
    /// a search: no component left, or one the tables know with its nimber.
    fn settled(&self, state: &State) -> Option<bool> {
        match state.parts[..] {
            [] => Some(state.nim != 0),
            [part] => self.settled_part(part, state.nim),
            _ => None,
        }
    }

    /// `part + *n` is won.
    fn record_won(&mut self, part: Component, n: u64) -> Step {
        self.note_won(part, n);
        Step::Return(1)
    }

    /// `part + *n` is won.
    fn note_won(&mut self, part: Component, n: u64) {
        if n < u64::BITS.into() {
            self.known.entry(part).or_default().won |= 1 << n;
        } else {
            self.won_far.insert((part, n));
        }
    }

    /// The Grundy value of `part`, when found.
    fn grundy_of(&self, part: Component) -> Option<u64> {
        self.known.get(&part).and_then(|known| known.grundy())
    }

    /// `part + *n` is lost: the Grundy value of `part` is `n`.
    fn record_lost(&mut self, part: Component, n: u64) {
        self.known.entry(part).or_default().grundy = n;
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
        let mut stack = vec![Task::Sum {
            parts: root.parts,
            nim: root.nim,
            next: 0,
        }];
        // The answer of the task just done, for the task below it.
        let mut answer: Option<u64> = None;
        let mut checked = self.searched;
        while let Some(task) = stack.pop() {
            let step = match task {
                Task::Sum { parts, nim, next } => {
                    self.sum(memos, store, parts, nim, next, answer.take())?
                }
                Task::Grundy { part, n } => self.grundy(memos, store, part, n, answer.take())?,
                Task::Win {
                    part,
                    n,
                    children,
                    next,
                    below,
                } => self.win(memos, store, part, n, children, next, below, answer.take())?,
            };
            match step {
                Step::Return(value) => answer = Some(value),
                Step::Call(waiting, called) => {
                    stack.push(waiting);
                    stack.push(called);
                }
                Step::Tail(called) => stack.push(called),
            }
            if self.searched >= checked + 1024 {
                checked = self.searched;
                if store.should_stop() {
                    return Err(ValueError::Interrupted);
                }
            }
        }
        Ok(answer.expect("the root task answers") != 0)
    }

    /// The step of [`Task::Sum`]; `answer` is the Grundy value of
    /// `parts[next]` when the task was waiting on it.
    fn sum(
        &mut self,
        memos: &mut [Option<Box<dyn RulesetMemo>>],
        store: &mut GameStore,
        parts: SmallVec<[Component; 4]>,
        mut nim: u64,
        mut next: usize,
        answer: Option<u64>,
    ) -> Result<Step, ValueError> {
        if let Some(g) = answer {
            nim ^= g;
            next += 1;
        }
        while next + 1 < parts.len() {
            let part = parts[next];
            match self.grundy_of(part) {
                Some(g) => {
                    nim ^= g;
                    next += 1;
                }
                None => {
                    let called = Task::Grundy { part, n: 0 };
                    return Ok(Step::Call(Task::Sum { parts, nim, next }, called));
                }
            }
        }
        let last = parts[next];
        if let Some(won) = self.settled_part(last, nim) {
            return Ok(Step::Return(u64::from(won)));
        }
        Ok(match self.open(memos, store, last, nim)? {
            Ok(won) => Step::Return(u64::from(won)),
            Err(task) => Step::Tail(task),
        })
    }

    /// The step of [`Task::Grundy`]; `answer` is whether `part + *n` is won
    /// when the task was waiting on it.
    fn grundy(
        &mut self,
        memos: &mut [Option<Box<dyn RulesetMemo>>],
        store: &mut GameStore,
        part: Component,
        mut n: u64,
        answer: Option<u64>,
    ) -> Result<Step, ValueError> {
        match answer {
            Some(0) => return Ok(Step::Return(n)),
            Some(_) => n += 1,
            None => {}
        }
        loop {
            if let Some(g) = self.grundy_of(part) {
                return Ok(Step::Return(g));
            }
            if self.settled_part(part, n) == Some(true) {
                n += 1;
                continue;
            }
            match self.open(memos, store, part, n)? {
                Ok(true) => n += 1,
                Ok(false) => return Ok(Step::Return(n)),
                Err(task) => return Ok(Step::Call(Task::Grundy { part, n }, task)),
            }
        }
    }

    /// The step of [`Task::Win`]; `answer` is whether the state it tried
    /// last is won, when the task was waiting on it.
    #[allow(clippy::too_many_arguments)]
    fn win(
        &mut self,
        memos: &mut [Option<Box<dyn RulesetMemo>>],
        store: &mut GameStore,
        part: Component,
        n: u64,
        children: Vec<State>,
        mut next: usize,
        mut below: u64,
        answer: Option<u64>,
    ) -> Result<Step, ValueError> {
        if answer == Some(0) {
            return Ok(self.record_won(part, n));
        }
        // The first state not settled by the tables: the task waits on it.
        let called = 'search: {
            while next < children.len() {
                let child = &children[next];
                next += 1;
                match self.settled(child) {
                    Some(false) => return Ok(self.record_won(part, n)),
                    Some(true) => continue,
                    None => {}
                }
                break 'search Some(Task::Sum {
                    parts: child.parts.clone(),
                    nim: child.nim,
                    next: 0,
                });
            }
            // The nimber's moves: `part + *k` is lost when `k` is its value.
            while below < n {
                let k = below;
                below += 1;
                let won = match self.settled_part(part, k) {
                    Some(won) => won,
                    None => match self.open(memos, store, part, k)? {
                        Ok(won) => won,
                        Err(called) => break 'search Some(called),
                    },
                };
                if !won {
                    return Ok(self.record_won(part, n));
                }
            }
            None
        };
        if let Some(called) = called {
            let waiting = Task::Win {
                part,
                n,
                children,
                next,
                below,
            };
            return Ok(Step::Call(waiting, called));
        }
        self.record_lost(part, n);
        Ok(Step::Return(0))
    }

    /// Starts the search of `part + *n`: its answer when the tables settle
    /// it once its moves are made (a move to a known loss, or a value at
    /// most the part's number of moves, below `n`), else its task.
    fn open(
        &mut self,
        memos: &mut [Option<Box<dyn RulesetMemo>>],
        store: &mut GameStore,
        part: Component,
        n: u64,
    ) -> Result<Result<bool, Task>, ValueError> {
        self.searched += 1;
        let mut options = Vec::new();
        component_options(memos, part, &mut options);
        // A Grundy value is the mex of the options' values: at most their
        // number.
        if n > options.len() as u64 {
            self.note_won(part, n);
            return Ok(Ok(true));
        }
        let mut children = Vec::with_capacity(options.len());
        for &option in &options {
            let (ruleset, _) = decode(part);
            let child = self.state(memos, store, [component(ruleset, option)], n)?;
            if self.settled(&child) == Some(false) {
                // A move to a known loss: the rest need not be made.
                self.note_won(part, n);
                return Ok(Ok(true));
            }
            children.push(child);
        }
        Ok(Err(Task::Win {
            part,
            n,
            children,
            next: 0,
            below: 0,
        }))
    }
}
