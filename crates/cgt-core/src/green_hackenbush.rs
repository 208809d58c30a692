//! Green Hackenbush on any rooted multigraph: its Grundy value by the colon
//! and fusion principles, and a winning cut.
//!
//! The game: a finite multigraph (loops and parallel edges allowed) with one
//! vertex, the root, on the ground. A move deletes one edge; then every edge
//! no longer connected to the root falls away (edges never connected to it
//! are not in play). Who cannot move loses. It is impartial, so each graph
//! is a nimber (*Winning Ways*, ch. 7, "Hackenbushing Graphs").
//!
//! # Theory
//! - **Colon principle.** If a graph hangs from a vertex v, replacing it by
//!   another graph of the same value does not change the value of the whole.
//!   So a vertex whose branches are single edges to subgraphs of values
//!   g₁, g₂, … is worth ⨁ (gᵢ + 1) (a stalk of k edges is *k; one edge over a
//!   graph of value g is *(g + 1): its options are 0 and the options of the
//!   graph, one higher).
//! - **Fusion principle.** The vertices of a cycle may be fused into one
//!   vertex, every edge of the cycle becoming a loop, without changing the
//!   value (*Winning Ways*, ch. 7; a proof is in Berlekamp, Conway, Guy, and
//!   in Conway, *On Numbers and Games*, ch. 16). Fusing every cycle contracts
//!   each 2-edge-connected component to one vertex; the bridges are left and
//!   form a tree. A loop is a stalk of one edge, *1.
//!
//! Together: with `loops(C)` the number of non-bridge edges in the
//! 2-edge-connected component C, and the bridge tree rooted at the root's
//! component,
//!
//! > g(C) = (loops(C) mod 2) ⊕ ⨁ over child components D of (g(D) + 1),
//!
//! and the graph is worth g(root's component). The tests check this against
//! the literal game (edge sets, a cut, the loose edges dropped) searched
//! with [`GrundyMemo`](crate::impartial::GrundyMemo) on every multigraph
//! with at most 4 vertices and 6 edges, loops included, and on random ones.
//!
//! # Complexity
//! [`RootedGraph::grundy`]: O(V + E) time and memory: one iterative
//! depth-first search for the bridges (lowlinks, with parallel edges told
//! apart by their number), one pass over the components. No recursion.
//!
//! # Example
//! A triangle on the root is *1 (three loops after fusion); a triangle on
//! top of a stalk of one edge is *2; the two together are *3.
//! ```
//! use cgt_core::green_hackenbush::RootedGraph;
//! use cgt_core::nimber::Nimber;
//! let triangle = RootedGraph::new(3, 0, &[(0, 1), (1, 2), (2, 0)]);
//! assert_eq!(triangle.grundy(), Nimber(1));
//! let both = RootedGraph::new(6, 0, &[(0, 1), (1, 2), (2, 0), (0, 3), (3, 4), (4, 5), (5, 3)]);
//! assert_eq!(both.grundy(), Nimber(3));
//! // Cutting the stalk 0-3 leaves *1 + 0 = *1; cutting 3-4 leaves *1 + *2.
//! let cut = both.winning_cut().unwrap();
//! let (a, b) = both.edges()[cut];
//! let rest: Vec<(u32, u32)> = both.edges().iter().enumerate()
//!     .filter(|&(i, _)| i != cut).map(|(_, &e)| e).collect();
//! assert_eq!(RootedGraph::new(6, 0, &rest).grundy(), Nimber(0), "cut {a}-{b}");
//! ```

use crate::nimber::Nimber;

/// "None" in the `u32` arrays.
const NONE: u32 = u32::MAX;

/// A multigraph with a root: vertices `0..n`, edges as pairs of endpoints
/// (a loop is `(v, v)`; repeats are separate edges).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RootedGraph {
    vertices: usize,
    root: usize,
    edges: Vec<(u32, u32)>,
}

/// The bridge tree of the part connected to the root.
struct Analysis {
    /// The Grundy value of the whole graph.
    value: Nimber,
    /// Per component (0 is the root's, parents before children): its value.
    grundy: Vec<u64>,
    /// Per component: the bridge up to its parent (`NONE` for the root's).
    bridge: Vec<u32>,
    /// Per component: its parent (`NONE` for the root's).
    parent: Vec<u32>,
    /// Per edge: the component of its endpoints if it is in play and not a
    /// bridge, else `NONE`.
    inner: Vec<u32>,
    /// Per edge: whether it is connected to the root (in play).
    in_play: Vec<bool>,
}

impl RootedGraph {
    /// The graph on vertices `0..vertices` with root `root` and the given
    /// edges.
    ///
    /// # Panics
    /// If the root or an endpoint is not below `vertices`, or there are
    /// `u32::MAX` or more vertices or edges.
    pub fn new(vertices: usize, root: usize, edges: &[(u32, u32)]) -> Self {
        assert!(
            vertices < NONE as usize && edges.len() < NONE as usize,
            "fewer than 2^32 - 1 vertices and edges"
        );
        assert!(root < vertices, "root {root} is not below {vertices}");
        for &(a, b) in edges {
            assert!(
                (a as usize) < vertices && (b as usize) < vertices,
                "edge {a}-{b} leaves the vertices 0..{vertices}"
            );
        }
        RootedGraph {
            vertices,
            root,
            edges: edges.to_vec(),
        }
    }

    /// The edges, in the order given.
    pub fn edges(&self) -> &[(u32, u32)] {
        &self.edges
    }

    /// The number of vertices.
    pub fn vertices(&self) -> usize {
        self.vertices
    }

    /// The root.
    pub fn root(&self) -> usize {
        self.root
    }

    /// The Grundy value of the game (see the [module](self) documentation).
    ///
    /// # Complexity
    /// O(V + E), iterative.
    pub fn grundy(&self) -> Nimber {
        self.analyse(NONE).value
    }

    /// Whether the player to move wins.
    pub fn mover_wins(&self) -> bool {
        !self.grundy().is_zero()
    }

    /// Whether edge `i` is connected to the root (deleting it is a move).
    pub fn in_play(&self, i: usize) -> bool {
        self.analyse(NONE).in_play[i]
    }

    /// A winning move: the number of an edge whose deletion leaves a graph
    /// of value 0; `None` if the graph's value is 0. The same as
    /// [`cut_to`](Self::cut_to)`(Nimber(0))`.
    ///
    /// # Complexity
    /// As [`cut_to`](Self::cut_to).
    pub fn winning_cut(&self) -> Option<usize> {
        self.cut_to(Nimber::ZERO)
    }

    /// An edge whose deletion leaves a graph of value `target`, if there is
    /// one; there is for every target below [`grundy`](Self::grundy) (a
    /// value is the mex of its options'), as a sum needs.
    ///
    /// It walks down the bridge tree as for trees: at a component of value
    /// g that must become t, a branch of value b with b ⊕ g ⊕ t < b is cut
    /// (if b ⊕ g ⊕ t = 0) or entered with the target b ⊕ g ⊕ t − 1. Where no
    /// branch serves, the move deletes an edge of the component itself; the
    /// edges there are tried one by one, each with a new O(V + E) value (and,
    /// should none serve, every edge in play).
    ///
    /// # Example
    /// ```
    /// use cgt_core::green_hackenbush::RootedGraph;
    /// use cgt_core::nimber::Nimber;
    /// // A stalk of three edges, *3: cutting edge 1 leaves *1.
    /// let stalk = RootedGraph::new(4, 0, &[(0, 1), (1, 2), (2, 3)]);
    /// assert_eq!(stalk.cut_to(Nimber(1)), Some(1));
    /// assert_eq!(stalk.cut_to(Nimber(3)), None);
    /// ```
    ///
    /// # Complexity
    /// O(V + E) when a branch serves at every step; O(k · (V + E)) when k
    /// edges of a component are tried, O(E · (V + E)) at worst.
    pub fn cut_to(&self, target: Nimber) -> Option<usize> {
        let analysis = self.analyse(NONE);
        if analysis.value == target {
            return None;
        }
        let components = analysis.grundy.len();
        // Children of each component, grouped (counting sort by parent).
        let mut first = vec![0_usize; components + 1];
        for &p in &analysis.parent[1..] {
            first[p as usize + 1] += 1;
        }
        for c in 0..components {
            first[c + 1] += first[c];
        }
        let mut children = vec![0_u32; components.saturating_sub(1)];
        let mut next = first.clone();
        for c in 1..components {
            let p = analysis.parent[c] as usize;
            children[next[p]] = c as u32;
            next[p] += 1;
        }
        let reaches_target = |edge: usize| self.analyse(edge as u32).value == target;
        let mut component = 0;
        let mut goal = target.value();
        'walk: loop {
            let change = analysis.grundy[component] ^ goal;
            for &child in &children[first[component]..first[component + 1]] {
                let branch = analysis.grundy[child as usize] + 1;
                let wanted = branch ^ change;
                if wanted < branch {
                    if wanted == 0 {
                        return Some(analysis.bridge[child as usize] as usize);
                    }
                    component = child as usize;
                    goal = wanted - 1;
                    continue 'walk;
                }
            }
            let inside = (0..self.edges.len()).filter(|&e| analysis.inner[e] == component as u32);
            if let Some(edge) = inside.into_iter().find(|&e| reaches_target(e)) {
                return Some(edge);
            }
            break;
        }
        (0..self.edges.len()).find(|&e| analysis.in_play[e] && reaches_target(e))
    }

    /// The bridge tree and values of the graph without edge `skip` (`NONE`:
    /// all edges).
    fn analyse(&self, skip: u32) -> Analysis {
        let n = self.vertices;
        let present = |i: usize| i as u32 != skip;
        // Adjacency of the non-loop edges: (neighbour, edge number).
        let mut first = vec![0_u32; n + 1];
        for (i, &(a, b)) in self.edges.iter().enumerate() {
            if present(i) && a != b {
                first[a as usize + 1] += 1;
                first[b as usize + 1] += 1;
            }
        }
        for v in 0..n {
            first[v + 1] += first[v];
        }
        let mut adjacent = vec![(0_u32, 0_u32); first[n] as usize];
        let mut next = first.clone();
        for (i, &(a, b)) in self.edges.iter().enumerate() {
            if present(i) && a != b {
                for (from, to) in [(a, b), (b, a)] {
                    let slot = &mut next[from as usize];
                    adjacent[*slot as usize] = (to, i as u32);
                    *slot += 1;
                }
            }
        }

        // Iterative depth-first search from the root: discovery times and
        // lowlinks. The edge to the parent is skipped by its number, so a
        // parallel edge counts as a back edge.
        let mut discovered = vec![NONE; n];
        let mut low = vec![0_u32; n];
        let mut parent_edge = vec![NONE; n];
        let mut order: Vec<u32> = Vec::new();
        let mut stack: Vec<(u32, u32)> = Vec::new();
        let root = self.root as u32;
        discovered[self.root] = 0;
        order.push(root);
        stack.push((root, first[self.root]));
        while let Some(top) = stack.last_mut() {
            let v = top.0 as usize;
            if top.1 < first[v + 1] {
                let (to, edge) = adjacent[top.1 as usize];
                top.1 += 1;
                if edge == parent_edge[v] {
                    continue;
                }
                let to_index = to as usize;
                if discovered[to_index] == NONE {
                    let time = order.len() as u32;
                    discovered[to_index] = time;
                    low[to_index] = time;
                    parent_edge[to_index] = edge;
                    order.push(to);
                    stack.push((to, first[to_index]));
                } else {
                    low[v] = low[v].min(discovered[to_index]);
                }
            } else {
                stack.pop();
                if let Some(&(p, _)) = stack.last() {
                    low[p as usize] = low[p as usize].min(low[v]);
                }
            }
        }

        // Components in discovery order: a tree edge p-v is a bridge iff
        // nothing below v reaches p or above (low[v] > discovered[p]).
        let mut component = vec![NONE; n];
        let mut bridge = vec![NONE];
        let mut parent = vec![NONE];
        component[self.root] = 0;
        for &v in &order[1..] {
            let v = v as usize;
            let edge = parent_edge[v];
            let (a, b) = self.edges[edge as usize];
            let p = if a as usize == v { b } else { a } as usize;
            if low[v] > discovered[p] {
                component[v] = bridge.len() as u32;
                bridge.push(edge);
                parent.push(component[p]);
            } else {
                component[v] = component[p];
            }
        }
        let mut is_bridge = vec![false; self.edges.len()];
        for &edge in &bridge[1..] {
            is_bridge[edge as usize] = true;
        }
        let mut grundy = vec![0_u64; bridge.len()];
        let mut inner = vec![NONE; self.edges.len()];
        let mut in_play = vec![false; self.edges.len()];
        for (i, &(a, _)) in self.edges.iter().enumerate() {
            let c = component[a as usize];
            if present(i) && c != NONE {
                in_play[i] = true;
                if !is_bridge[i] {
                    inner[i] = c;
                    grundy[c as usize] ^= 1;
                }
            }
        }
        // Children have larger numbers than their parents.
        for c in (1..grundy.len()).rev() {
            grundy[parent[c] as usize] ^= grundy[c] + 1;
        }
        Analysis {
            value: Nimber(grundy[0]),
            grundy,
            bridge,
            parent,
            inner,
            in_play,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::{GrundyMemo, ImpartialGame};

    /// The literal game: a position is the sorted list of the edges still
    /// connected to vertex 0; a move deletes one and drops the loose ones.
    struct Literal;

    fn connected_to_root(edges: &[(u8, u8)]) -> Vec<(u8, u8)> {
        let mut reached = [false; 16];
        reached[0] = true;
        let mut grew = true;
        while grew {
            grew = false;
            for &(a, b) in edges {
                let (a, b) = (usize::from(a), usize::from(b));
                if reached[a] != reached[b] {
                    reached[a] = true;
                    reached[b] = true;
                    grew = true;
                }
            }
        }
        let mut kept: Vec<(u8, u8)> = edges
            .iter()
            .filter(|&&(a, _)| reached[usize::from(a)])
            .map(|&(a, b)| (a.min(b), a.max(b)))
            .collect();
        kept.sort_unstable();
        kept
    }

    impl ImpartialGame for Literal {
        type Position = Vec<(u8, u8)>;
        fn options(&self, edges: &Vec<(u8, u8)>, out: &mut Vec<Vec<(u8, u8)>>) {
            for i in 0..edges.len() {
                let mut rest = edges.clone();
                rest.remove(i);
                out.push(connected_to_root(&rest));
            }
        }
    }

    fn check(memo: &mut GrundyMemo<Literal>, vertices: usize, edges: &[(u8, u8)]) {
        let wide: Vec<(u32, u32)> = edges.iter().map(|&(a, b)| (a.into(), b.into())).collect();
        let graph = RootedGraph::new(vertices, 0, &wide);
        let expected = memo.grundy(&connected_to_root(edges));
        assert_eq!(graph.grundy(), expected, "value of {edges:?}");
        for target in 0..expected.value() {
            let cut = graph.cut_to(Nimber(target));
            let cut = cut.unwrap_or_else(|| panic!("{edges:?}: no cut to *{target}"));
            let mut rest = edges.to_vec();
            rest.remove(cut);
            assert_eq!(
                memo.grundy(&connected_to_root(&rest)),
                Nimber(target),
                "{edges:?}"
            );
        }
        match graph.winning_cut() {
            None => assert!(expected.is_zero(), "no cut in {edges:?}"),
            Some(cut) => {
                assert!(graph.in_play(cut), "{edges:?}: cut {cut} is not in play");
                let mut rest = edges.to_vec();
                rest.remove(cut);
                let after = memo.grundy(&connected_to_root(&rest));
                assert!(after.is_zero(), "{edges:?}: cutting {cut} leaves {after}");
            }
        }
    }

    #[test]
    fn every_multigraph_up_to_4_vertices_and_6_edges_matches_the_literal_game() {
        let kinds: Vec<(u8, u8)> = (0..4_u8)
            .flat_map(|a| (a..4).map(move |b| (a, b)))
            .collect();
        let mut memo = GrundyMemo::new(Literal);
        let mut graphs = 0;
        // Multisets of edge kinds: non-decreasing sequences of kind indices.
        let mut stack: Vec<Vec<usize>> = vec![Vec::new()];
        while let Some(chosen) = stack.pop() {
            let edges: Vec<(u8, u8)> = chosen.iter().map(|&k| kinds[k]).collect();
            check(&mut memo, 4, &edges);
            graphs += 1;
            if chosen.len() < 6 {
                let from = chosen.last().copied().unwrap_or(0);
                for k in from..kinds.len() {
                    let mut more = chosen.clone();
                    more.push(k);
                    stack.push(more);
                }
            }
        }
        assert_eq!(graphs, 8008);
    }

    #[test]
    fn random_multigraphs_match_the_literal_game() {
        let mut memo = GrundyMemo::new(Literal);
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = |bound: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % bound) as u8
        };
        for _ in 0..2000 {
            let vertices = 1 + next(8);
            let count = next(10);
            let edges: Vec<(u8, u8)> = (0..count)
                .map(|_| (next(u64::from(vertices)), next(u64::from(vertices))))
                .collect();
            check(&mut memo, usize::from(vertices), &edges);
        }
    }

    #[test]
    fn long_paths_and_cycles_do_not_overflow_the_stack() {
        let n = 1_000_000_u32;
        let path: Vec<(u32, u32)> = (1..n).map(|v| (v - 1, v)).collect();
        assert_eq!(
            RootedGraph::new(n as usize, 0, &path).grundy(),
            Nimber(u64::from(n) - 1)
        );
        let mut cycle = path;
        cycle.push((n - 1, 0));
        assert_eq!(RootedGraph::new(n as usize, 0, &cycle).grundy(), Nimber(0));
    }
}
