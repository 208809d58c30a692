//! Rulesets written in Python (`cgt.Ruleset`, `cgt.ImpartialRuleset`,
//! `cgt.LoopyRuleset`) valued by cgt-core's engines, and heap games given
//! by a Python function (`cgt.HeapGame`).
//!
//! # Where things live
//! - this file: the positions a ruleset has met, interned to ids, and the
//!   moves the user's methods gave for each ([`Graph`]), explored from a
//!   start without recursion.
//! - `memos`: the three memos (`PartizanMemo`, `ImpartialMemo`,
//!   `LoopyMemo`) the Python base classes keep one of per ruleset.
//! - `heap`: `HeapGame`, a heap game whose options a Python function lists.
//!
//! The user's methods are asked only while the interpreter is held, and
//! only here: a position's moves are asked once, and kept only when every
//! method asked about it returned. The engines then read the kept moves, so
//! an exception in the user's code stops before an engine runs and leaves
//! no value half-computed.

pub(crate) mod heap;
pub(crate) mod memos;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::collections::HashSet;
use std::sync::{Arc, PoisonError, RwLock, RwLockReadGuard, RwLockWriteGuard};

/// The moves of one position, as the user's methods gave them.
#[derive(Default)]
pub(crate) struct Node {
    /// The independent regions (`components`), empty when the position
    /// does not split; `None` until asked.
    parts: Option<Box<[u32]>>,
    /// Left's moves then Right's (an impartial ruleset's in the first);
    /// `None` until asked.
    moves: [Option<Box<[u32]>>; 2],
    /// Which explorations ([`Reach`]) have reached everything below.
    done: u8,
}

/// Which children an exploration follows.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Reach {
    /// The regions of a position that splits, else its moves: what a
    /// value search opens.
    Value,
    /// Every move (no regions): what an outcome or misère search opens.
    Moves,
}

impl Reach {
    fn bit(self) -> u8 {
        match self {
            Reach::Value => 1,
            Reach::Moves => 2,
        }
    }
}

impl Node {
    /// The `i`-th child that `reach` follows, once its lists are known.
    fn child(&self, reach: Reach, i: usize) -> Option<u32> {
        if reach == Reach::Value {
            if let Some(parts) = self.parts.as_deref().filter(|p| !p.is_empty()) {
                return parts.get(i).copied();
            }
        }
        let left = self.moves[0].as_deref().unwrap_or(&[]);
        let right = self.moves[1].as_deref().unwrap_or(&[]);
        match i.checked_sub(left.len()) {
            None => left.get(i).copied(),
            Some(j) => right.get(j).copied(),
        }
    }
}

/// The positions one ruleset has met and their moves, shared by the memo's
/// Python side (which fills it) and cgt-core's engine (which reads it).
#[derive(Clone, Default)]
pub(crate) struct Nodes(Arc<RwLock<Vec<Node>>>);

impl Nodes {
    pub(crate) fn read(&self) -> RwLockReadGuard<'_, Vec<Node>> {
        self.0.read().unwrap_or_else(PoisonError::into_inner)
    }

    fn write(&self) -> RwLockWriteGuard<'_, Vec<Node>> {
        self.0.write().unwrap_or_else(PoisonError::into_inner)
    }

    /// The moves of `id` for `side` (0 Left or the impartial moves, 1
    /// Right), pushed onto `out`.
    pub(crate) fn moves(&self, id: u32, side: usize, out: &mut Vec<u32>) {
        if let Some(moves) = self.read()[id as usize].moves[side].as_deref() {
            out.extend_from_slice(moves);
        }
    }

    /// The regions of `id`, pushed onto `out` (nothing when it does not
    /// split).
    pub(crate) fn parts(&self, id: u32, out: &mut Vec<u32>) {
        if let Some(parts) = self.read()[id as usize].parts.as_deref() {
            out.extend_from_slice(parts);
        }
    }
}

/// Which methods of the user's ruleset give its moves.
pub(crate) enum Kind {
    /// `left_moves`, `right_moves`, and `components` if it has one.
    Partizan,
    /// `moves`, and `components` if it has one.
    Impartial,
    /// `left_moves` and `right_moves`.
    Loopy,
}

/// The user's ruleset and its bound methods, looked up once per question.
pub(crate) struct Methods<'py> {
    ruleset: Bound<'py, PyAny>,
    moves: [Option<Bound<'py, PyAny>>; 2],
    /// The methods' names, for errors.
    names: [&'static str; 2],
    components: Option<Bound<'py, PyAny>>,
}

impl<'py> Methods<'py> {
    pub(crate) fn of(ruleset: &Bound<'py, PyAny>, kind: &Kind) -> PyResult<Self> {
        let method = |name: &str| ruleset.getattr(name);
        let optional = |name: &str| -> PyResult<Option<Bound<'py, PyAny>>> {
            match ruleset.getattr(name) {
                Ok(m) if !m.is_none() => Ok(Some(m)),
                Ok(_) => Ok(None),
                Err(e) if e.is_instance_of::<pyo3::exceptions::PyAttributeError>(ruleset.py()) => {
                    Ok(None)
                }
                Err(e) => Err(e),
            }
        };
        let (moves, components) = match kind {
            Kind::Partizan => (
                [Some(method("left_moves")?), Some(method("right_moves")?)],
                optional("components")?,
            ),
            Kind::Impartial => ([Some(method("moves")?), None], optional("components")?),
            Kind::Loopy => (
                [Some(method("left_moves")?), Some(method("right_moves")?)],
                None,
            ),
        };
        let names = match kind {
            Kind::Impartial => ["moves", "moves"],
            _ => ["left_moves", "right_moves"],
        };
        Ok(Methods {
            ruleset: ruleset.clone(),
            moves,
            names,
            components,
        })
    }

    fn class_name(&self) -> String {
        self.ruleset
            .get_type()
            .name()
            .map_or_else(|_| "the ruleset".to_owned(), |n| n.to_string())
    }
}

/// Every position a ruleset has met, by id, and their moves.
pub(crate) struct Graph {
    /// The user's position to its id: a dict, so positions are compared as
    /// Python compares them (`__hash__`, `__eq__`).
    ids: Py<PyDict>,
    positions: Vec<Py<PyAny>>,
    pub(crate) nodes: Nodes,
}

/// How many positions one ruleset may meet: ids are 32 bits.
const MAX_POSITIONS: usize = u32::MAX as usize;

/// How many positions an exploration meets between two looks for Ctrl-C.
const CHECK_EVERY: u32 = 256;

impl Graph {
    pub(crate) fn new(py: Python<'_>) -> Self {
        Graph {
            ids: PyDict::new(py).unbind(),
            positions: Vec::new(),
            nodes: Nodes::default(),
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.positions.len()
    }

    /// The position of `id`.
    pub(crate) fn position<'py>(&self, py: Python<'py>, id: u32) -> Bound<'py, PyAny> {
        self.positions[id as usize].bind(py).clone()
    }

    /// The id of `position`, made if it is new; a `TypeError` that says so
    /// if it cannot be a dict key.
    pub(crate) fn id(&mut self, position: &Bound<'_, PyAny>) -> PyResult<u32> {
        let py = position.py();
        let ids = self.ids.bind(py);
        match ids.get_item(position) {
            Ok(Some(id)) => id.extract(),
            Ok(None) => {
                if self.positions.len() >= MAX_POSITIONS {
                    return Err(PyValueError::new_err(format!(
                        "a ruleset may meet at most {MAX_POSITIONS} positions"
                    )));
                }
                let id = self.positions.len() as u32;
                ids.set_item(position, id)?;
                self.positions.push(position.clone().unbind());
                self.nodes.write().push(Node::default());
                Ok(id)
            }
            Err(e) if e.is_instance_of::<PyTypeError>(py) && position.hash().is_err() => {
                let name = position
                    .get_type()
                    .name()
                    .map_or_else(|_| "?".to_owned(), |n| n.to_string());
                let error = PyTypeError::new_err(format!(
                    "a position must be hashable (cgt remembers positions in a dict), \
                     and {} is a {name}: use a tuple, a frozenset or a str",
                    position
                        .repr()
                        .map_or_else(|_| "?".to_owned(), |r| r.to_string())
                ));
                error.set_cause(py, Some(e));
                Err(error)
            }
            Err(e) => Err(e),
        }
    }

    /// The ids of the positions `method(position)` returns.
    fn ask(
        &mut self,
        method: &Bound<'_, PyAny>,
        position: u32,
        what: &str,
    ) -> PyResult<Box<[u32]>> {
        let py = method.py();
        let answer = method.call1((self.position(py, position),))?;
        let items = answer.try_iter().map_err(|e| {
            // An `__iter__` of the user's that raised is the user's error.
            if !e.is_instance_of::<PyTypeError>(py) {
                return e;
            }
            let name = answer
                .get_type()
                .name()
                .map_or_else(|_| "?".to_owned(), |n| n.to_string());
            let error = PyTypeError::new_err(format!(
                "{what} must return an iterable of positions, not {name}"
            ));
            error.set_cause(py, Some(e));
            error
        })?;
        let mut ids = Vec::new();
        for item in items {
            ids.push(self.id(&item?)?);
        }
        Ok(ids.into_boxed_slice())
    }

    /// Asks the user's methods what `reach` needs of `id` and is not known.
    fn fill(&mut self, methods: &Methods<'_>, id: u32, reach: Reach) -> PyResult<()> {
        if reach == Reach::Value {
            let known = self.nodes.read()[id as usize]
                .parts
                .as_deref()
                .map(|parts| !parts.is_empty());
            let split = match known {
                Some(split) => split,
                None => {
                    let parts = match &methods.components {
                        Some(components) => {
                            let parts = self.ask(components, id, "components")?;
                            // One part that is the position itself: no split.
                            if parts.len() == 1 && parts[0] == id {
                                Box::default()
                            } else {
                                parts
                            }
                        }
                        None => Box::default(),
                    };
                    let split = !parts.is_empty();
                    self.nodes.write()[id as usize].parts = Some(parts);
                    split
                }
            };
            if split {
                return Ok(());
            }
        }
        for side in 0..2 {
            self.fill_moves(methods, id, side)?;
        }
        Ok(())
    }

    /// Asks for the moves of `side` from `id` if they are not known.
    pub(crate) fn fill_moves(
        &mut self,
        methods: &Methods<'_>,
        id: u32,
        side: usize,
    ) -> PyResult<()> {
        if self.nodes.read()[id as usize].moves[side].is_some() {
            return Ok(());
        }
        let moves = match &methods.moves[side] {
            Some(method) => self.ask(method, id, methods.names[side])?,
            None => Box::default(),
        };
        self.nodes.write()[id as usize].moves[side] = Some(moves);
        Ok(())
    }

    /// The moves of `side` from `id`, asked for if they are not known.
    pub(crate) fn moves_of(
        &mut self,
        methods: &Methods<'_>,
        id: u32,
        side: usize,
    ) -> PyResult<Box<[u32]>> {
        self.fill_moves(methods, id, side)?;
        Ok(self.nodes.read()[id as usize].moves[side]
            .as_deref()
            .unwrap_or_default()
            .into())
    }

    /// Asks the user's methods for every position below `start` that
    /// `reach` follows and that is not known yet, depth first with a stack
    /// of its own. A `ValueError` names a position reached from itself
    /// (a game of `cgt.Ruleset` must end); `KeyboardInterrupt` on Ctrl-C.
    pub(crate) fn explore(
        &mut self,
        methods: &Methods<'_>,
        start: u32,
        reach: Reach,
    ) -> PyResult<()> {
        let py = methods.ruleset.py();
        let bit = reach.bit();
        if self.nodes.read()[start as usize].done & bit != 0 {
            return Ok(());
        }
        let mut stack = vec![(start, 0usize)];
        let mut on_path = HashSet::new();
        on_path.insert(start);
        let mut until_check = CHECK_EVERY;
        self.fill(methods, start, reach)?;
        while let Some(&mut (id, ref mut i)) = stack.last_mut() {
            let next = {
                let nodes = self.nodes.read();
                let node = &nodes[id as usize];
                let mut next = None;
                while let Some(child) = node.child(reach, *i) {
                    *i += 1;
                    if nodes[child as usize].done & bit == 0 {
                        next = Some(child);
                        break;
                    }
                }
                next
            };
            match next {
                Some(child) => {
                    if !on_path.insert(child) {
                        return Err(PyValueError::new_err(format!(
                            "{}: the game has a cycle: {} can be reached from itself (a game of \
                             cgt.Ruleset or cgt.ImpartialRuleset must end; cgt.LoopyRuleset \
                             values games with cycles)",
                            methods.class_name(),
                            self.position(py, child).repr()?
                        )));
                    }
                    until_check -= 1;
                    if until_check == 0 {
                        until_check = CHECK_EVERY;
                        py.check_signals()?;
                    }
                    self.fill(methods, child, reach)?;
                    stack.push((child, 0));
                }
                None => {
                    self.nodes.write()[id as usize].done |= bit;
                    on_path.remove(&id);
                    stack.pop();
                }
            }
        }
        Ok(())
    }

    /// Every position reachable from `start` by moves, at most `bound` of
    /// them (breadth first): their ids, `start` first; an `OverflowError`
    /// past the bound.
    pub(crate) fn reachable(
        &mut self,
        methods: &Methods<'_>,
        start: u32,
        bound: usize,
    ) -> PyResult<Vec<u32>> {
        let py = methods.ruleset.py();
        let mut order = vec![start];
        let mut seen = HashSet::new();
        seen.insert(start);
        let mut next = 0;
        while let Some(&id) = order.get(next) {
            next += 1;
            if next % CHECK_EVERY as usize == 0 {
                py.check_signals()?;
            }
            for side in 0..2 {
                for &child in self.moves_of(methods, id, side)?.iter() {
                    if seen.insert(child) {
                        if order.len() == bound {
                            return Err(pyo3::exceptions::PyOverflowError::new_err(format!(
                                "{}: more than {bound} positions are reachable from {} \
                                 (max_positions); set max_positions higher to explore further",
                                methods.class_name(),
                                self.position(py, start).repr()?
                            )));
                        }
                        order.push(child);
                    }
                }
            }
        }
        Ok(order)
    }
}
