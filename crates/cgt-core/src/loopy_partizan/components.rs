//! Stoppers valued a strongly connected component at a time: the
//! components of the graph in an order where each comes after those it
//! moves to, each simplified in a small graph of its own whose moves out of
//! it go to the simplest forms already found. A position keeps its value
//! when an option is replaced by an equal stopper, so the values are those
//! of the whole graph, while only a component and the forms it moves to
//! need to fit [`MAX_ORDER_POSITIONS`](super::MAX_ORDER_POSITIONS).

use super::{Graph, LoopyError, StopperId, StopperStore};
use crate::outcome::Side;
use rustc_hash::FxHashMap;

impl StopperStore {
    /// The simplest form of every position `v` with `keep[v]`, which must
    /// be closed under moves (every position a kept one moves to is kept)
    /// and stoppers; `None` for the others.
    ///
    /// # Errors
    /// [`LoopyError::TooLarge`] if a component with the simplest forms it
    /// moves to has more than
    /// [`MAX_ORDER_POSITIONS`](super::MAX_ORDER_POSITIONS) positions.
    pub(super) fn component_values(
        &mut self,
        graph: &Graph,
        keep: &[bool],
    ) -> Result<Vec<Option<StopperId>>, LoopyError> {
        let mut value: Vec<Option<StopperId>> = vec![None; graph.len()];
        // Each position's component and its number there.
        let mut place = vec![(u32::MAX, 0u32); graph.len()];
        let mut next_component = 0_u32;
        {
            for component in components(graph, keep) {
                let c = next_component;
                next_component += 1;
                for (i, &v) in component.iter().enumerate() {
                    place[v as usize] = (c, i as u32);
                }
                let local = self.component_graph(graph, &component, &place, &value);
                for (i, &v) in component.iter().enumerate() {
                    let form = local.simplest_form(i as u32)?;
                    value[v as usize] = Some(self.intern(form));
                }
            }
        }
        Ok(value)
    }

    /// The graph of one component: its positions first, in the order of
    /// `component`, then the simplest forms of the positions outside it
    /// that it moves to. `place[v]` is `(component number, index in it)`,
    /// set for the component and those below it, and `value` holds the
    /// forms of the positions below it that it moves to.
    ///
    /// # Panics
    /// If a position below has no value.
    pub(super) fn component_graph(
        &mut self,
        graph: &Graph,
        component: &[u32],
        place: &[(u32, u32)],
        value: &[Option<StopperId>],
    ) -> Graph {
        let c = place[component[0] as usize].0;
        let mut local = Graph::new();
        for _ in component {
            local.add_position();
        }
        let mut form_start: FxHashMap<StopperId, u32> = FxHashMap::default();
        let mut moves = Vec::new();
        for (i, &v) in component.iter().enumerate() {
            for side in [Side::Left, Side::Right] {
                for &w in graph.moves(v, side) {
                    let (d, j) = place[w as usize];
                    let to = if d == c {
                        j
                    } else {
                        let id = value[w as usize]
                            .expect("a component moves to components valued before");
                        match form_start.get(&id) {
                            Some(&to) => to,
                            None => {
                                let to = local.append(self.form(id));
                                form_start.insert(id, to);
                                to
                            }
                        }
                    };
                    moves.push((i as u32, side, to));
                }
            }
        }
        for (from, side, to) in moves {
            local.add_move(from, side, to);
        }
        local
    }
}

/// The strongly connected components of the positions with `keep` (moves
/// of either side; the kept positions are closed under moves), each before
/// any that moves to it: Tarjan's algorithm, on an explicit stack, from
/// each kept position not met yet.
pub(super) fn components(graph: &Graph, keep: &[bool]) -> Vec<Vec<u32>> {
    let n = graph.len();
    let successor = |v: u32, k: usize| {
        let left = graph.moves(v, Side::Left);
        left.get(k)
            .or_else(|| graph.moves(v, Side::Right).get(k - left.len()))
            .copied()
    };
    let mut index = vec![u32::MAX; n];
    let mut low = vec![0; n];
    let mut on_stack = vec![false; n];
    let mut stack = Vec::new();
    let mut out = Vec::new();
    let mut next = 0;
    for root in (0..n as u32).filter(|&v| keep[v as usize]) {
        if index[root as usize] != u32::MAX {
            continue;
        }
        // The search path: (position, its next move to look at).
        let mut path: Vec<(u32, usize)> = Vec::new();
        let mut enter = Some(root);
        loop {
            if let Some(v) = enter.take() {
                index[v as usize] = next;
                low[v as usize] = next;
                next += 1;
                on_stack[v as usize] = true;
                stack.push(v);
                path.push((v, 0));
            }
            let Some(&mut (v, ref mut k)) = path.last_mut() else {
                break;
            };
            if let Some(w) = successor(v, *k) {
                *k += 1;
                if index[w as usize] == u32::MAX {
                    enter = Some(w);
                } else if on_stack[w as usize] {
                    low[v as usize] = low[v as usize].min(index[w as usize]);
                }
                continue;
            }
            path.pop();
            if let Some(&(u, _)) = path.last() {
                low[u as usize] = low[u as usize].min(low[v as usize]);
            }
            if low[v as usize] == index[v as usize] {
                let mut component = Vec::new();
                loop {
                    let w = stack.pop().expect("v is on the stack");
                    on_stack[w as usize] = false;
                    component.push(w);
                    if w == v {
                        break;
                    }
                }
                out.push(component);
            }
        }
    }
    out
}
