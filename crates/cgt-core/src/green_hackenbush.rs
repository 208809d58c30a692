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
//! - [`RootedGraph`]: a graph, its value ([`RootedGraph::grundy`]) and a
//!   cut to any smaller value ([`RootedGraph::cut_to`],
//!   [`RootedGraph::winning_cut`]).
//! - [`grundy_of`] with a reused [`Workspace`]: the value of many graphs
//!   without copying their edges or allocating per graph.
//! - [`edges_in_play`]: the edges a cut leaves, for searches of the literal
//!   game.
//!
//! # Complexity
//! [`RootedGraph::grundy`]: O(V + E) time and memory: one pass over the
//! edges (adjacency lists; loops only count), one iterative depth-first
//! search for the bridges (lowlinks, with parallel edges told apart by
//! their number) that also counts the non-tree edges, one pass over the
//! vertices for the components and their values. No recursion.
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

/// Reusable buffers for [`grundy_of`]: values of many graphs without an
/// allocation per graph. After a call they also hold that graph's bridge
/// tree, which [`RootedGraph::cut_to`] reads.
#[derive(Clone, Debug, Default)]
pub struct Workspace {
    /// Adjacency of the non-loop edges as linked lists: `first[v]` is v's
    /// first entry, `link[j]` the entry after j and j's neighbour; entry 2i
    /// is edge i from its first end, 2i + 1 from its second.
    first: Vec<u32>,
    link: Vec<(u32, u32)>,
    /// Depth-first search: discovery times, lowlinks, the edge from the
    /// parent, the vertices in discovery order, the stack.
    discovered: Vec<u32>,
    low: Vec<u32>,
    parent_edge: Vec<u32>,
    order: Vec<u32>,
    stack: Vec<(u32, u32)>,
    /// Per vertex: its 2-edge-connected component.
    component: Vec<u32>,
    /// Per vertex: the parity of its loops and of the non-tree edges from
    /// it to vertices discovered earlier (each non-bridge edge counted at
    /// exactly one vertex of its component, with the tree edges that are
    /// not bridges).
    parity: Vec<u8>,
    /// Per component (0 is the root's, parents before children): its value,
    /// the bridge up to its parent and the parent (`NONE` for the root's).
    grundy: Vec<u64>,
    bridge: Vec<u32>,
    parent: Vec<u32>,
}

/// The Grundy value of Green Hackenbush on the multigraph with vertices
/// `0..vertices`, root `root` and `edges`, using the buffers of
/// `workspace`: the same as [`RootedGraph::grundy`] without copying the
/// edges or allocating once the buffers have grown.
///
/// # Example
/// ```
/// use cgt_core::green_hackenbush::{Workspace, grundy_of};
/// use cgt_core::nimber::Nimber;
/// let mut workspace = Workspace::default();
/// // Two loops at the root, and a stalk of two edges: 0 + *2.
/// let edges = [(0, 0), (0, 0), (0, 1), (1, 2)];
/// assert_eq!(grundy_of(3, 0, &edges, &mut workspace), Nimber(2));
/// ```
///
/// # Complexity
/// O(V + E), iterative.
///
/// # Panics
/// As [`RootedGraph::new`].
pub fn grundy_of(
    vertices: usize,
    root: usize,
    edges: &[(u32, u32)],
    workspace: &mut Workspace,
) -> Nimber {
    assert!(
        vertices < NONE as usize && edges.len() < NONE as usize,
        "fewer than 2^32 - 1 vertices and edges"
    );
    assert!(root < vertices, "root {root} is not below {vertices}");
    workspace.analyse(vertices, root, edges, NONE)
}

impl Workspace {
    /// Fills the buffers with the bridge tree of the graph without edge
    /// `skip` (`NONE`: all edges) and returns its value.
    fn analyse(&mut self, n: usize, root: usize, edges: &[(u32, u32)], skip: u32) -> Nimber {
        let present = |i: usize| i as u32 != skip;
        // Per vertex: the parity of the loops at it, and (from the search)
        // of the non-tree edges to vertices discovered before it.
        let parity = &mut self.parity;
        parity.clear();
        parity.resize(n, 0);
        // Adjacency of the non-loop edges as linked lists: entry 2i is
        // edge i seen from its first end, 2i + 1 from its second.
        let head = &mut self.first;
        head.clear();
        head.resize(n, NONE);
        let link = &mut self.link;
        link.clear();
        link.resize(2 * edges.len(), (NONE, NONE));
        let mut largest = 0;
        for (i, &(a, b)) in edges.iter().enumerate() {
            largest = largest.max(a.max(b));
            if (a as usize) < n && (b as usize) < n && present(i) {
                if a == b {
                    parity[a as usize] ^= 1;
                } else {
                    let j = 2 * i as u32;
                    link[j as usize] = (head[a as usize], b);
                    head[a as usize] = j;
                    link[j as usize + 1] = (head[b as usize], a);
                    head[b as usize] = j + 1;
                }
            }
        }
        assert!(
            edges.is_empty() || (largest as usize) < n,
            "an edge's endpoint {largest} leaves the vertices 0..{n}"
        );

        // Iterative depth-first search from the root: discovery times and
        // lowlinks. The edge to the parent is skipped by its number, so a
        // parallel edge counts as a back edge.
        let head = &self.first;
        let link = &self.link;
        let (discovered, low, parent_edge) =
            (&mut self.discovered, &mut self.low, &mut self.parent_edge);
        discovered.clear();
        discovered.resize(n, NONE);
        low.clear();
        low.resize(n, 0);
        parent_edge.clear();
        parent_edge.resize(n, NONE);
        let (order, stack) = (&mut self.order, &mut self.stack);
        order.clear();
        stack.clear();
        discovered[root] = 0;
        order.push(root as u32);
        stack.push((root as u32, head[root]));
        'search: while let Some(&(v, next)) = stack.last() {
            let v = v as usize;
            let from_parent = parent_edge[v];
            let (mut lowest, time_v, mut odd) = (low[v], discovered[v], parity[v]);
            // Back edges (and the edge to the parent) in one tight loop;
            // leave it for the first undiscovered neighbour.
            let mut at = next;
            while at != NONE {
                let edge = at >> 1;
                let (following, to) = link[at as usize];
                let seen = discovered[to as usize];
                if seen != NONE {
                    if edge != from_parent {
                        lowest = lowest.min(seen);
                        // Counted once: at the later-discovered end.
                        odd ^= u8::from(seen < time_v);
                    }
                    at = following;
                    continue;
                }
                low[v] = lowest;
                parity[v] = odd;
                let top = stack.len() - 1;
                stack[top].1 = following;
                let time = order.len() as u32;
                discovered[to as usize] = time;
                low[to as usize] = time;
                parent_edge[to as usize] = edge;
                order.push(to);
                stack.push((to, head[to as usize]));
                continue 'search;
            }
            low[v] = lowest;
            parity[v] = odd;
            stack.pop();
            if let Some(&(p, _)) = stack.last() {
                low[p as usize] = low[p as usize].min(lowest);
            }
        }

        // Components in discovery order: a tree edge p-v is a bridge iff
        // nothing below v reaches p or above (low[v] > discovered[p]).
        let component = &mut self.component;
        component.clear();
        component.resize(n, NONE);
        let (bridge, parent) = (&mut self.bridge, &mut self.parent);
        bridge.clear();
        parent.clear();
        bridge.push(NONE);
        parent.push(NONE);
        component[root] = 0;
        let grundy = &mut self.grundy;
        grundy.clear();
        grundy.push(u64::from(parity[root]));
        for &v in &order[1..] {
            let v = v as usize;
            let edge = parent_edge[v];
            let (a, b) = edges[edge as usize];
            let p = if a as usize == v { b } else { a } as usize;
            let c = if low[v] > discovered[p] {
                bridge.push(edge);
                parent.push(component[p]);
                grundy.push(0);
                bridge.len() as u32 - 1
            } else {
                // A tree edge inside a component is one of its loops.
                grundy[component[p] as usize] ^= 1;
                component[p]
            };
            component[v] = c;
            grundy[c as usize] ^= u64::from(parity[v]);
        }
        // Children have larger numbers than their parents.
        for c in (1..grundy.len()).rev() {
            grundy[parent[c] as usize] ^= grundy[c] + 1;
        }
        Nimber(grundy[0])
    }

    /// Whether edge `i` of the graph analysed last is a bridge.
    fn is_bridge(&self, edges: &[(u32, u32)], i: usize) -> bool {
        let (a, b) = edges[i];
        let (ca, cb) = (self.component[a as usize], self.component[b as usize]);
        // A bridge joins a component to its child, whose bridge it is.
        ca != cb
            && [ca, cb]
                .iter()
                .any(|&c| self.bridge[c as usize] == i as u32)
    }

    /// The component of edge `i` of the graph analysed last if it is in
    /// play and not a bridge, else `NONE`.
    fn inner(&self, edges: &[(u32, u32)], i: usize) -> u32 {
        let c = self.component[edges[i].0 as usize];
        if c == NONE || self.is_bridge(edges, i) {
            NONE
        } else {
            c
        }
    }
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
        grundy_of(
            self.vertices,
            self.root,
            &self.edges,
            &mut Workspace::default(),
        )
    }

    /// Whether the player to move wins.
    pub fn mover_wins(&self) -> bool {
        !self.grundy().is_zero()
    }

    /// Whether edge `i` is connected to the root (deleting it is a move).
    pub fn in_play(&self, i: usize) -> bool {
        let mut workspace = Workspace::default();
        workspace.analyse(self.vertices, self.root, &self.edges, NONE);
        workspace.component[self.edges[i].0 as usize] != NONE
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
        let mut analysis = Workspace::default();
        let value = analysis.analyse(self.vertices, self.root, &self.edges, NONE);
        if value == target {
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
        let mut trial = Workspace::default();
        let mut reaches_target = |edge: usize| {
            trial.analyse(self.vertices, self.root, &self.edges, edge as u32) == target
        };
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
            let inside = (0..self.edges.len())
                .filter(|&e| analysis.inner(&self.edges, e) == component as u32);
            if let Some(edge) = inside.into_iter().find(|&e| reaches_target(e)) {
                return Some(edge);
            }
            break;
        }
        let in_play = |e: usize| analysis.component[self.edges[e].0 as usize] != NONE;
        (0..self.edges.len()).find(|&e| in_play(e) && reaches_target(e))
    }
}

/// The edges of `edges` still in play on a graph grounded at `root`: those
/// connected to it, each written (smaller end, larger end), sorted. The rule
/// itself (edges cut off from the ground fall away), for searches of the
/// literal game; [`RootedGraph`] is the fast way to a value.
///
/// # Example
/// ```
/// use cgt_core::green_hackenbush::edges_in_play;
/// assert_eq!(edges_in_play(&[(2, 1), (3, 4), (1, 0)], 0), [(0, 1), (1, 2)]);
/// ```
///
/// # Complexity
/// O(E²) time for E edges at worst (the set reached from the root grows
/// until a pass over the edges adds nothing), no allocation but the result.
pub fn edges_in_play(edges: &[(u8, u8)], root: u8) -> Vec<(u8, u8)> {
    let mut reached = [false; 256];
    reached[usize::from(root)] = true;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::{GrundyMemo, ImpartialGame};

    /// The literal game: a position is the sorted list of the edges still
    /// connected to vertex 0; a move deletes one and drops the loose ones.
    struct Literal;

    fn connected_to_root(edges: &[(u8, u8)]) -> Vec<(u8, u8)> {
        edges_in_play(edges, 0)
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
