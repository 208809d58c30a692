//! The memos behind `cgt.Ruleset`, `cgt.ImpartialRuleset` and
//! `cgt.LoopyRuleset`: one per ruleset object, made by the Python base
//! class on first use. Each keeps the positions met ([`Graph`]) and
//! cgt-core's memo of their values, which reads the moves kept there.

use super::{Graph, Kind, Methods, Nodes, Reach};
use crate::convert::{outcome, types};
use crate::game::Game;
use crate::state;
use cgt_core::canonical::GameId;
use cgt_core::impartial::{GrundyMemo, ImpartialGame};
use cgt_core::misere::MisereMemo;
use cgt_core::outcome::{Outcome, Side};
use cgt_core::partizan::{PartizanGame, ValueMemo};
use pyo3::exceptions::{PyKeyboardInterrupt, PyRuntimeError};
use pyo3::prelude::*;
use std::collections::{HashMap, HashSet};
use std::sync::{Mutex, MutexGuard, TryLockError};

/// The moves the user's methods gave, as cgt-core's engines ask for them:
/// positions are ids, and every position an engine opens has been
/// explored ([`Graph::explore`]) before it runs.
pub(crate) struct Table(Nodes);

impl PartizanGame for Table {
    type Position = u32;

    fn options(&self, &id: &u32, side: Side, options: &mut Vec<u32>) {
        self.0.moves(id, side_index(side), options);
    }

    fn components(&self, &id: &u32, parts: &mut Vec<u32>) {
        self.0.parts(id, parts);
    }
}

impl ImpartialGame for Table {
    type Position = u32;

    fn options(&self, &id: &u32, options: &mut Vec<u32>) {
        self.0.moves(id, 0, options);
    }

    fn components(&self, &id: &u32, parts: &mut Vec<u32>) {
        self.0.parts(id, parts);
    }
}

fn side_index(side: Side) -> usize {
    match side {
        Side::Left => 0,
        Side::Right => 1,
    }
}

/// The memo's lock, or a `RuntimeError`: a ruleset answers one question at
/// a time, and waiting would deadlock when its own method asks it again.
fn lock<T>(mutex: &Mutex<T>) -> PyResult<MutexGuard<'_, T>> {
    match mutex.try_lock() {
        Ok(guard) => Ok(guard),
        Err(TryLockError::Poisoned(e)) => Ok(e.into_inner()),
        Err(TryLockError::WouldBlock) => Err(PyRuntimeError::new_err(
            "this ruleset is answering another question (asked from inside one of its own \
             methods, or from another thread): a ruleset answers one at a time",
        )),
    }
}

/// A memo's positions met, whatever else it keeps.
trait Positions {
    fn graph(&mut self) -> &mut Graph;
}

/// What every question to a memo starts with: the ruleset's methods for
/// `kind`, the memo's lock, and the id of `position` among those met.
fn open<'a, 'py, T: Positions>(
    memo: &'a Mutex<T>,
    ruleset: &Bound<'py, PyAny>,
    kind: &Kind,
    position: &Bound<'py, PyAny>,
) -> PyResult<(Methods<'py>, MutexGuard<'a, T>, u32)> {
    let methods = Methods::of(ruleset, kind)?;
    let mut guard = lock(memo)?;
    let id = guard.graph().id(position)?;
    Ok((methods, guard, id))
}

/// How many positions a memo has met (its `__len__`).
fn met<T: Positions>(memo: &Mutex<T>) -> PyResult<usize> {
    Ok(lock(memo)?.graph().len())
}

/// A partizan ruleset's positions, their values in the one store, and who
/// wins them.
#[pyclass(frozen, module = "cgt._cgt", name = "PartizanMemo")]
pub(crate) struct PartizanMemo(Mutex<Partizan>);

struct Partizan {
    graph: Graph,
    values: ValueMemo<Table>,
    /// Whether the player to move (Left: `true`) wins, by position.
    wins: HashMap<(u32, bool), bool>,
}

impl Positions for Partizan {
    fn graph(&mut self) -> &mut Graph {
        &mut self.graph
    }
}

impl Partizan {
    /// Whether `left` (or Right), moving first from `start`, wins: a search
    /// of the moves with a stack of its own, stopping at the first winning
    /// move, each position's moves asked once.
    fn wins(&mut self, methods: &Methods<'_>, start: u32, left: bool) -> PyResult<bool> {
        if let Some(&known) = self.wins.get(&(start, left)) {
            return Ok(known);
        }
        let py = methods.ruleset.py();
        let mut stack = vec![(start, left, 0usize)];
        let mut on_path = HashSet::new();
        on_path.insert((start, left));
        let mut until_check = super::CHECK_EVERY;
        while let Some(&mut (id, mover, ref mut i)) = stack.last_mut() {
            let side = usize::from(!mover);
            self.graph.fill_moves(methods, id, side)?;
            let nodes = self.graph.nodes.read();
            let moves = nodes[id as usize].moves[side]
                .as_deref()
                .unwrap_or_default();
            let mut found = None;
            let mut open = None;
            while let Some(&child) = moves.get(*i) {
                match self.wins.get(&(child, !mover)) {
                    Some(false) => {
                        found = Some(true);
                        break;
                    }
                    Some(true) => *i += 1,
                    None => {
                        open = Some(child);
                        break;
                    }
                }
            }
            drop(nodes);
            if let Some(child) = open {
                if !on_path.insert((child, !mover)) {
                    return Err(pyo3::exceptions::PyValueError::new_err(format!(
                        "{}: the game has a cycle: {} can be reached from itself (a game of \
                         cgt.Ruleset must end; cgt.LoopyRuleset values games with cycles)",
                        methods.class_name(),
                        self.graph.position(py, child).repr()?
                    )));
                }
                until_check -= 1;
                if until_check == 0 {
                    until_check = super::CHECK_EVERY;
                    py.check_signals()?;
                }
                stack.push((child, !mover, 0));
                continue;
            }
            let wins = found.unwrap_or(false);
            self.wins.insert((id, mover), wins);
            on_path.remove(&(id, mover));
            stack.pop();
        }
        Ok(self.wins[&(start, left)])
    }
}

#[pymethods]
impl PartizanMemo {
    #[new]
    fn new(py: Python<'_>) -> Self {
        let graph = Graph::new(py);
        let values = ValueMemo::new(Table(graph.nodes.clone()));
        PartizanMemo(Mutex::new(Partizan {
            graph,
            values,
            wins: HashMap::new(),
        }))
    }

    /// The value of `position` under `ruleset`'s rules, in the one store.
    fn value(&self, ruleset: &Bound<'_, PyAny>, position: &Bound<'_, PyAny>) -> PyResult<Game> {
        let py = ruleset.py();
        let (methods, mut memo, id) = open(&self.0, ruleset, &Kind::Partizan, position)?;
        let Partizan { graph, values, .. } = &mut *memo;
        graph.explore(&methods, id, Reach::Value)?;
        let value: GameId = state::interruptible(py, |store| values.value(store, &id))?;
        Ok(Game { id: value })
    }

    /// The outcome class of `position`, by a search of who wins.
    fn outcome<'py>(
        &self,
        ruleset: &Bound<'py, PyAny>,
        position: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let (methods, mut memo, id) = open(&self.0, ruleset, &Kind::Partizan, position)?;
        let left = memo.wins(&methods, id, true)?;
        let right = memo.wins(&methods, id, false)?;
        outcome(ruleset.py(), Outcome::from_first_player_wins(left, right))
    }

    /// A move that wins for `left` (or Right) moving first: the first in
    /// the ruleset's order from which the opponent loses; `None` if there
    /// is none.
    fn winning_move<'py>(
        &self,
        ruleset: &Bound<'py, PyAny>,
        position: &Bound<'py, PyAny>,
        left: bool,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        let py = ruleset.py();
        let (methods, mut memo, id) = open(&self.0, ruleset, &Kind::Partizan, position)?;
        if !memo.wins(&methods, id, left)? {
            return Ok(None);
        }
        let moves = memo.graph.moves_of(&methods, id, usize::from(!left))?;
        for &child in moves.iter() {
            if !memo.wins(&methods, child, !left)? {
                return Ok(Some(memo.graph.position(py, child)));
            }
        }
        Ok(None)
    }

    /// How many positions the ruleset has met.
    fn __len__(&self) -> PyResult<usize> {
        met(&self.0)
    }
}

/// An impartial ruleset's positions, their Grundy values and misère
/// outcomes.
#[pyclass(frozen, module = "cgt._cgt", name = "ImpartialMemo")]
pub(crate) struct ImpartialMemo(Mutex<Impartial>);

struct Impartial {
    graph: Graph,
    grundy: GrundyMemo<Table>,
    misere: MisereMemo<Table>,
}

impl Positions for Impartial {
    fn graph(&mut self) -> &mut Graph {
        &mut self.graph
    }
}

impl Impartial {
    fn grundy(&mut self, methods: &Methods<'_>, id: u32) -> PyResult<u64> {
        self.graph.explore(methods, id, Reach::Value)?;
        let py = methods.ruleset.py();
        let grundy = &mut self.grundy;
        // The graph is explored (the ruleset's own code ran, Ctrl-C heard
        // there); the search over it asks for Ctrl-C too.
        let found = py.detach(|| grundy.grundy_until(&id, &mut state::signal_check));
        match (found, state::take_caught()) {
            (_, Some(interrupt)) => Err(interrupt),
            (Some(g), None) => Ok(g.value()),
            (None, None) => Err(PyKeyboardInterrupt::new_err(())),
        }
    }
}

#[pymethods]
impl ImpartialMemo {
    #[new]
    fn new(py: Python<'_>) -> Self {
        let graph = Graph::new(py);
        let grundy = GrundyMemo::new(Table(graph.nodes.clone()));
        let misere = MisereMemo::new(Table(graph.nodes.clone()));
        ImpartialMemo(Mutex::new(Impartial {
            graph,
            grundy,
            misere,
        }))
    }

    /// The Grundy value of `position` (the nim-sum of its regions' values
    /// where `components` splits it).
    fn grundy(&self, ruleset: &Bound<'_, PyAny>, position: &Bound<'_, PyAny>) -> PyResult<u64> {
        let (methods, mut memo, id) = open(&self.0, ruleset, &Kind::Impartial, position)?;
        memo.grundy(&methods, id)
    }

    /// The value of `position`, the nimber of its Grundy value, in the one
    /// store.
    fn value(&self, ruleset: &Bound<'_, PyAny>, position: &Bound<'_, PyAny>) -> PyResult<Game> {
        let g = self.grundy(ruleset, position)?;
        let id = state::with_state(ruleset.py(), |s| s.store.nimber(g));
        Ok(Game { id })
    }

    /// The moves of `position` to a position of Grundy value 0.
    fn winning_moves<'py>(
        &self,
        ruleset: &Bound<'py, PyAny>,
        position: &Bound<'py, PyAny>,
    ) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let py = ruleset.py();
        let (methods, mut memo, id) = open(&self.0, ruleset, &Kind::Impartial, position)?;
        let moves = memo.graph.moves_of(&methods, id, 0)?;
        let mut winning = Vec::new();
        for &child in moves.iter() {
            if memo.grundy(&methods, child)? == 0 {
                winning.push(memo.graph.position(py, child));
            }
        }
        Ok(winning)
    }

    /// `Outcome.N` if the player to move wins `position` under misère play
    /// (who moves last loses), else `Outcome.P`: a search of the whole
    /// game, which `components` does not shorten.
    fn misere_outcome<'py>(
        &self,
        ruleset: &Bound<'py, PyAny>,
        position: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = ruleset.py();
        let (methods, mut memo, id) = open(&self.0, ruleset, &Kind::Impartial, position)?;
        let Impartial { graph, misere, .. } = &mut *memo;
        graph.explore(&methods, id, Reach::Moves)?;
        let found = py.detach(|| misere.outcome(&id));
        outcome(py, found)
    }

    /// How many positions the ruleset has met.
    fn __len__(&self) -> PyResult<usize> {
        met(&self.0)
    }
}

/// A loopy ruleset's positions and the values and outcomes found.
#[pyclass(frozen, module = "cgt._cgt", name = "LoopyMemo")]
pub(crate) struct LoopyMemo(Mutex<Loopy>);

struct Loopy {
    graph: Graph,
    values: HashMap<u32, Py<PyAny>>,
}

impl Positions for Loopy {
    fn graph(&mut self) -> &mut Graph {
        &mut self.graph
    }
}

impl Loopy {
    /// The graph reachable from `position`, its ids renumbered from 0 (the
    /// start) in order: Left's moves and Right's of each position.
    fn local_graph(
        &mut self,
        methods: &Methods<'_>,
        start: u32,
        bound: usize,
    ) -> PyResult<[Vec<Vec<u32>>; 2]> {
        let order = self.graph.reachable(methods, start, bound)?;
        let local: HashMap<u32, u32> = order
            .iter()
            .enumerate()
            .map(|(i, &id)| (id, i as u32))
            .collect();
        let mut sides = [Vec::new(), Vec::new()];
        for (side, lists) in sides.iter_mut().enumerate() {
            for &id in &order {
                let mut moves = Vec::new();
                self.graph.nodes.moves(id, side, &mut moves);
                lists.push(moves.iter().map(|m| local[m]).collect());
            }
        }
        Ok(sides)
    }
}

#[pymethods]
impl LoopyMemo {
    #[new]
    fn new(py: Python<'_>) -> Self {
        LoopyMemo(Mutex::new(Loopy {
            graph: Graph::new(py),
            values: HashMap::new(),
        }))
    }

    /// The value of `position`, a `LoopyGame`: the graph reachable from
    /// it (at most `bound` positions) valued as `LoopyGame.from_graph`
    /// values a graph.
    fn value<'py>(
        &self,
        ruleset: &Bound<'py, PyAny>,
        position: &Bound<'py, PyAny>,
        bound: usize,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = ruleset.py();
        let (methods, mut memo, id) = open(&self.0, ruleset, &Kind::Loopy, position)?;
        if let Some(known) = memo.values.get(&id) {
            return Ok(known.bind(py).clone());
        }
        let [left, right] = memo.local_graph(&methods, id, bound)?;
        let value = py
            .get_type::<crate::loopy::LoopyGame>()
            .call_method1("from_graph", (left, right, 0))?;
        memo.values.insert(id, value.clone().unbind());
        Ok(value)
    }

    /// Who wins `position` with each player moving first, draws included
    /// (a `LoopyOutcomeClass`), by retrograde analysis of its graph.
    fn outcome<'py>(
        &self,
        ruleset: &Bound<'py, PyAny>,
        position: &Bound<'py, PyAny>,
        bound: usize,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = ruleset.py();
        let (methods, mut memo, id) = open(&self.0, ruleset, &Kind::Loopy, position)?;
        let [left, right] = memo.local_graph(&methods, id, bound)?;
        let class = py.detach(|| {
            let mut graph = cgt_core::loopy_partizan::Graph::new();
            for _ in 0..left.len() {
                graph.add_position();
            }
            for (side, lists) in [(Side::Left, &left), (Side::Right, &right)] {
                for (v, targets) in lists.iter().enumerate() {
                    for &w in targets {
                        graph.add_move(v as u32, side, w);
                    }
                }
            }
            graph.outcomes()[0]
        });
        types(py)?
            .getattr("LoopyOutcomeClass")?
            .getattr(class.name())
    }

    /// How many positions the ruleset has met.
    fn __len__(&self) -> PyResult<usize> {
        met(&self.0)
    }
}
