//! Graphs read from CGSuite's graph strings, and the small vertex-labelled
//! graphs (at most [`MAX_VERTICES`] vertices, adjacency as bitmasks) that
//! the games on graphs play on.
//!
//! # The graph string
//! As CGSuite's `Graph.Parse` and `DirectedGraph.Parse` read it (its
//! tutorial "Games on Graphs"):
//! - a vertex is its label letter (`L`, `R`, … as the ruleset says) or `.`
//!   for an unlabelled one; an unlabelled vertex may be left out where an
//!   edge needs an end (`---` is a path of four vertices);
//! - an edge is `-` (unlabelled) or its label letter (`l`, `r`, `e`);
//!   in a directed graph `>` is an arc to the next vertex, `<` an arc from
//!   it, `-` both arcs, and a labelled arc is the label then `>` or `<`;
//! - a string is a path from its first vertex; a vertex followed by
//!   parentheses carries branches separated by `;` (`.-.(-.;-.-.)`), each
//!   starting from that vertex (a branch may be empty), and nothing follows
//!   the `)` but `;`, `)` or the end;
//! - `;` outside parentheses starts a new piece of the graph (not joined to
//!   the one before unless by names);
//! - `:A` after a vertex names it `A` (one letter or digit), `:{name}` by
//!   a longer name; every vertex of one name is one vertex (its label must
//!   be the same each time), which closes cycles: `:A----:A` is a 4-cycle;
//!   `:A-:A` is a loop.
//!
//! Whitespace is skipped outside `{…}`. A graph has at most
//! [`MAX_VERTICES`] vertices. (Labels in braces, `{L}`, which CGSuite also
//! reads, are not read here: braces are for names only.)

use crate::parse::{MAX_CELLS, ParseError, found};
use std::fmt::Write;

/// The most vertices a graph may have: one bit each in a `u64`.
pub const MAX_VERTICES: usize = MAX_CELLS;

/// What a ruleset's graph strings may hold.
pub(crate) struct Syntax<V, E> {
    /// A vertex label's letter (not `.`).
    pub vertex: fn(char) -> Option<V>,
    /// The label of `.` and of a vertex left out; `None` if every vertex
    /// must be written with a label.
    pub plain_vertex: Option<V>,
    /// An edge's letter (`-` included where the ruleset has plain edges).
    pub edge: fn(char) -> Option<E>,
    /// Whether `>` and `<` (arcs) are read.
    pub directed: bool,
    /// How messages name the vertices: `"a vertex ('L', 'R' or '.')"`.
    pub vertices: &'static str,
    /// How messages name the edges: `"an edge ('-')"`.
    pub edges: &'static str,
}

/// A graph as read: each vertex's label and the place (character index)
/// where it first appears, and the edges `(from, to, label)`; in a
/// directed graph each is an arc `from → to`, else `from ≤ to` is not
/// guaranteed (the order written).
#[derive(Debug)]
pub(crate) struct Read<V, E> {
    pub labels: Vec<V>,
    pub at: Vec<usize>,
    pub edges: Vec<(usize, usize, E)>,
}

/// Where the reader is: what may come next.
#[derive(Clone, Copy, PartialEq)]
enum State {
    /// The start of a piece: a vertex (maybe left out).
    Piece,
    /// After a vertex (or at a branch's start): an edge, `(`, `;`, `)`, the end.
    Vertex,
    /// After `)`: `;`, `)` or the end.
    Close,
}

/// Reads a graph string (see the module docs).
///
/// # Complexity
/// O(n · v) for n characters and v ≤ 64 vertices (names are looked up in a
/// list); an explicit stack of branch points, no recursion.
pub(crate) fn read<V: Copy + PartialEq, E: Copy>(
    text: &str,
    syntax: &Syntax<V, E>,
) -> Result<Read<V, E>, ParseError> {
    let chars: Vec<char> = text.chars().collect();
    let mut read = Read {
        labels: Vec::new(),
        at: Vec::new(),
        edges: Vec::new(),
    };
    let mut names: Vec<(String, usize)> = Vec::new();
    let mut branch_points: Vec<usize> = Vec::new();
    let mut i = 0;
    let mut state = State::Piece;
    let mut current = 0;
    // The next character that is not whitespace, from `i`.
    let next = |i: &mut usize| -> Option<char> {
        while chars.get(*i).is_some_and(|c| c.is_whitespace()) {
            *i += 1;
        }
        chars.get(*i).copied()
    };
    loop {
        let c = next(&mut i);
        match state {
            State::Piece => {
                if c.is_none() {
                    break;
                }
                current = vertex(&chars, &mut i, syntax, &mut read, &mut names)?;
                state = State::Vertex;
            }
            State::Vertex | State::Close => match c {
                None => {
                    if !branch_points.is_empty() {
                        return Err(ParseError::new(i, "expected ')', found the end"));
                    }
                    break;
                }
                Some(';') => {
                    i += 1;
                    match branch_points.last() {
                        Some(&point) => {
                            current = point;
                            state = State::Vertex;
                        }
                        None => state = State::Piece,
                    }
                }
                Some(')') => {
                    if branch_points.pop().is_none() {
                        return Err(ParseError::new(i, "found ')' outside parentheses"));
                    }
                    i += 1;
                    state = State::Close;
                }
                Some(c) if state == State::Close => {
                    return Err(ParseError::new(
                        i,
                        format!("expected ';', ')' or the end after ')', {}", found(Some(c))),
                    ));
                }
                Some('(') => {
                    i += 1;
                    branch_points.push(current);
                }
                Some(c) => {
                    let at = i;
                    // The arc's directions: (forwards, backwards).
                    let (label, forwards, backwards) = match (syntax.edge)(c) {
                        Some(label) => {
                            i += 1;
                            let mut ways = (true, true);
                            if syntax.directed && c != '-' {
                                match next(&mut i) {
                                    Some('>') => (ways, i) = ((true, false), i + 1),
                                    Some('<') => (ways, i) = ((false, true), i + 1),
                                    _ => {}
                                }
                            }
                            (label, ways.0, ways.1)
                        }
                        None if syntax.directed && (c == '>' || c == '<') => {
                            let label = (syntax.edge)('-').ok_or_else(|| {
                                ParseError::new(
                                    at,
                                    format!("expected {}, {}", syntax.edges, found(Some(c))),
                                )
                            })?;
                            i += 1;
                            (label, c == '>', c == '<')
                        }
                        None => {
                            return Err(ParseError::new(
                                at,
                                format!(
                                    "expected {}, '(', ';', ')' or the end, {}",
                                    syntax.edges,
                                    found(Some(c))
                                ),
                            ));
                        }
                    };
                    let to = vertex(&chars, &mut i, syntax, &mut read, &mut names)?;
                    if !syntax.directed {
                        read.edges.push((current, to, label));
                    } else {
                        if forwards {
                            read.edges.push((current, to, label));
                        }
                        if backwards && !(forwards && current == to) {
                            read.edges.push((to, current, label));
                        }
                    }
                    current = to;
                }
            },
        }
    }
    Ok(read)
}

/// Reads a vertex at `i`: its label (or `.`, or nothing where a plain
/// vertex may be left out) and its name; returns its number.
fn vertex<V: Copy + PartialEq, E>(
    chars: &[char],
    i: &mut usize,
    syntax: &Syntax<V, E>,
    read: &mut Read<V, E>,
    names: &mut Vec<(String, usize)>,
) -> Result<usize, ParseError> {
    let skip = |i: &mut usize| {
        while chars.get(*i).is_some_and(|c| c.is_whitespace()) {
            *i += 1;
        }
    };
    skip(i);
    let at = *i;
    let c = chars.get(at).copied();
    let expected = || ParseError::new(at, format!("expected {}, {}", syntax.vertices, found(c)));
    let label = match c.and_then(syntax.vertex) {
        Some(label) => {
            *i += 1;
            label
        }
        None => {
            if c == Some('.') {
                *i += 1;
            }
            syntax.plain_vertex.ok_or_else(expected)?
        }
    };
    skip(i);
    let mut name = None;
    if chars.get(*i) == Some(&':') {
        *i += 1;
        skip(i);
        let start = *i;
        match chars.get(start) {
            Some('{') => {
                let Some(len) = chars[start + 1..].iter().position(|&c| c == '}') else {
                    return Err(ParseError::new(
                        chars.len(),
                        "expected '}' to end the name, found the end",
                    ));
                };
                name = Some(chars[start + 1..start + 1 + len].iter().collect::<String>());
                *i = start + len + 2;
            }
            Some(&c) if c.is_alphanumeric() => {
                name = Some(c.to_string());
                *i += 1;
            }
            other => {
                return Err(ParseError::new(
                    start,
                    format!(
                        "expected a vertex name (a letter, a digit or {{name}}) after ':', {}",
                        found(other.copied())
                    ),
                ));
            }
        }
    }
    if let Some(name) = &name
        && let Some(&(_, v)) = names.iter().find(|(n, _)| n == name)
    {
        if read.labels[v] != label {
            return Err(ParseError::new(
                at,
                format!("vertex {name:?} has another label where it was first written"),
            ));
        }
        return Ok(v);
    }
    if read.labels.len() == MAX_VERTICES {
        return Err(ParseError::new(
            at,
            format!("a graph has at most {MAX_VERTICES} vertices"),
        ));
    }
    read.labels.push(label);
    read.at.push(at);
    let v = read.labels.len() - 1;
    if let Some(name) = name {
        names.push((name, v));
    }
    Ok(v)
}

/// A graph of at most 64 vertices with a label on each vertex and `K`
/// layers of edges (one per edge colour), each layer as bitmasks:
/// `edges[v][k]` has bit `u` when there is an edge (an arc, in a directed
/// graph) of layer `k` from `v` to `u`. Bit `v` of `edges[v][k]` is a loop.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Graph<L, const K: usize> {
    labels: Vec<L>,
    edges: Vec<[u64; K]>,
}

impl<L: Copy, const K: usize> Graph<L, K> {
    /// The graph of `labels` and edges `(from, to, layer)`; an undirected
    /// edge is set both ways. The vertices must be fewer than 64 + 1 and
    /// the ends below `labels.len()` (the reader's output is).
    pub(crate) fn new(labels: Vec<L>, edges: &[(usize, usize, usize)], directed: bool) -> Self {
        assert!(labels.len() <= MAX_VERTICES);
        let mut adjacency = vec![[0u64; K]; labels.len()];
        for &(a, b, k) in edges {
            adjacency[a][k] |= 1 << b;
            if !directed {
                adjacency[b][k] |= 1 << a;
            }
        }
        Graph {
            labels,
            edges: adjacency,
        }
    }

    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.labels.len()
    }

    /// Whether there is no vertex.
    pub fn is_empty(&self) -> bool {
        self.labels.is_empty()
    }

    /// The vertices' labels, in order.
    pub fn labels(&self) -> &[L] {
        &self.labels
    }

    /// The vertices `v` has an edge (arc) of layer `k` to, as a bitmask.
    pub fn out(&self, v: usize, k: usize) -> u64 {
        self.edges[v][k]
    }

    /// The vertices joined to `v` by an edge of any layer, either way.
    fn touching(&self, v: usize, reverse: &[u64]) -> u64 {
        self.edges[v].iter().fold(reverse[v], |m, &e| m | e)
    }

    /// The graph induced on the vertices of `keep`, numbered in the same
    /// order, with `label` giving the new labels (by old number).
    pub(crate) fn induced(&self, keep: u64, label: impl Fn(usize) -> L) -> Self {
        let old: Vec<usize> = (0..self.len()).filter(|&v| keep >> v & 1 == 1).collect();
        let squeeze = |bits: u64| {
            old.iter()
                .enumerate()
                .fold(0u64, |m, (new, &v)| m | (bits >> v & 1) << new)
        };
        Graph {
            labels: old.iter().map(|&v| label(v)).collect(),
            edges: old
                .iter()
                .map(|&v| self.edges[v].map(|e| squeeze(e & keep)))
                .collect(),
        }
    }

    /// Calls `each` with the vertex set of every connected component
    /// (weakly connected, in a directed graph), in order of their least
    /// vertex.
    pub(crate) fn components(&self, mut each: impl FnMut(u64)) {
        let n = self.len();
        // Arcs into each vertex, so that a component is weakly connected.
        let mut reverse = vec![0u64; n];
        for v in 0..n {
            let mut out = self.edges[v].iter().fold(0, |m, &e| m | e);
            while out != 0 {
                let u = out.trailing_zeros() as usize;
                out &= out - 1;
                reverse[u] |= 1 << v;
            }
        }
        let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let mut rest = all;
        while rest != 0 {
            let mut component = rest & rest.wrapping_neg();
            let mut frontier = component;
            while frontier != 0 {
                let v = frontier.trailing_zeros() as usize;
                frontier &= frontier - 1;
                let new = self.touching(v, &reverse) & !component;
                component |= new;
                frontier |= new;
            }
            rest &= !component;
            each(component);
        }
    }

    /// Pushes the components of `self` as graphs (labels kept) onto
    /// `parts`, leaving out those that `keep` rejects; pushes nothing if
    /// the graph is one component that `keep` accepts (it does not split).
    pub(crate) fn split(&self, parts: &mut Vec<Self>, keep: impl Fn(&Self) -> bool) {
        let start = parts.len();
        let mut whole = false;
        self.components(|set| {
            let all = set.count_ones() as usize == self.len();
            let part = if all {
                self.clone()
            } else {
                self.induced(set, |v| self.labels[v])
            };
            if keep(&part) {
                whole = all;
                parts.push(part);
            }
        });
        if whole {
            parts.truncate(start);
        }
    }

    /// The graph in CGSuite's string form: each vertex as `letter:{i}` (its
    /// number), joined by one piece per edge; `name` gives a vertex's
    /// letter and `edge` an edge's from its layer.
    pub(crate) fn write(
        &self,
        f: &mut impl Write,
        vertex: impl Fn(L) -> char,
        edge: impl Fn(usize) -> &'static str,
        directed: bool,
    ) -> std::fmt::Result {
        let mut first = true;
        let mut sep = |f: &mut dyn Write| -> std::fmt::Result {
            if !std::mem::take(&mut first) {
                f.write_char(';')?;
            }
            Ok(())
        };
        let mut written = 0u64;
        for v in 0..self.len() {
            for k in 0..K {
                let mut out = self.edges[v][k];
                while out != 0 {
                    let u = out.trailing_zeros() as usize;
                    out &= out - 1;
                    if !directed && u < v {
                        continue;
                    }
                    sep(f)?;
                    write!(
                        f,
                        "{}:{{{v}}}{}{}:{{{u}}}",
                        vertex(self.labels[v]),
                        edge(k),
                        vertex(self.labels[u])
                    )?;
                    written |= 1 << v | 1 << u;
                }
            }
        }
        for v in 0..self.len() {
            if written >> v & 1 == 0 {
                sep(f)?;
                write!(f, "{}:{{{v}}}", vertex(self.labels[v]))?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain() -> Syntax<char, char> {
        Syntax {
            vertex: |c| matches!(c, 'L' | 'R').then_some(c),
            plain_vertex: Some('.'),
            edge: |c| matches!(c, '-' | 'l' | 'r').then_some(c),
            directed: false,
            vertices: "a vertex ('L', 'R' or '.')",
            edges: "an edge ('-', 'l' or 'r')",
        }
    }

    fn directed() -> Syntax<char, char> {
        Syntax {
            directed: true,
            ..plain()
        }
    }

    fn edges(text: &str, syntax: &Syntax<char, char>) -> (String, Vec<(usize, usize, char)>) {
        let read = read(text, syntax).unwrap_or_else(|e| panic!("{text}: {e}"));
        (read.labels.iter().collect(), read.edges)
    }

    #[test]
    fn paths_trees_pieces_and_names() {
        let s = plain();
        assert_eq!(edges("", &s), (String::new(), vec![]));
        assert_eq!(edges("L", &s), ("L".into(), vec![]));
        assert_eq!(edges("---", &s).0, "....");
        assert_eq!(
            edges("L-R l.", &s),
            ("LR.".into(), vec![(0, 1, '-'), (1, 2, 'l')])
        );
        // A trunk of one edge, then branches of 1 and 2 edges.
        assert_eq!(
            edges("-(-;--)", &s).1,
            vec![(0, 1, '-'), (1, 2, '-'), (1, 3, '-'), (3, 4, '-')]
        );
        // Branches at the start hang from the first vertex; empty ones are none.
        assert_eq!(edges("(l;r;)", &s).1, vec![(0, 1, 'l'), (0, 2, 'r')]);
        assert_eq!(edges("L();R", &s), ("LR".into(), vec![]));
        // A 4-cycle, a loop, a double edge.
        assert_eq!(
            edges(":A----:A", &s).1,
            vec![(0, 1, '-'), (1, 2, '-'), (2, 3, '-'), (3, 0, '-')]
        );
        assert_eq!(edges(":A-:A", &s).1, vec![(0, 0, '-')]);
        assert_eq!(edges(".:{x y}-.-:{x y}", &s).1.len(), 2);
        // Pieces join through names.
        assert_eq!(
            edges("L:1;R:2;L:1-R:2", &s),
            ("LR".into(), vec![(0, 1, '-')])
        );
    }

    #[test]
    fn arcs() {
        let s = directed();
        assert_eq!(edges("L>R", &s).1, vec![(0, 1, '-')]);
        assert_eq!(edges("L<R", &s).1, vec![(1, 0, '-')]);
        assert_eq!(edges("L-R", &s).1, vec![(0, 1, '-'), (1, 0, '-')]);
        assert_eq!(edges("l>r<.", &s).1, vec![(0, 1, 'l'), (2, 1, 'r')]);
        assert_eq!(edges(":A-:A", &s).1, vec![(0, 0, '-')]);
        assert!(read("L>R", &plain()).is_err());
    }

    #[test]
    fn bad_strings_are_rejected_with_the_place() {
        let s = plain();
        for (text, at, words) in [
            (
                "L-x",
                2,
                "expected an edge ('-', 'l' or 'r'), '(', ';', ')' or the end, found 'x'",
            ),
            ("L-(", 3, "expected ')', found the end"),
            ("L)", 1, "found ')' outside parentheses"),
            (
                "L(-;-)-",
                6,
                "expected ';', ')' or the end after ')', found '-'",
            ),
            ("L:", 2, "expected a vertex name"),
            ("L:{ab", 5, "expected '}'"),
            ("L:A-R:A", 4, "vertex \"A\" has another label"),
        ] {
            let error = read(text, &s).expect_err(text);
            assert_eq!(error.position(), at, "{text}: {error}");
            assert!(error.to_string().contains(words), "{text}: {error}");
        }
        let strict = Syntax {
            plain_vertex: None,
            ..plain()
        };
        let error = read("L-", &strict).expect_err("a vertex is missing");
        assert_eq!(
            error.to_string(),
            "at character 3: expected a vertex ('L', 'R' or '.'), found the end"
        );
        let long = "-".repeat(MAX_VERTICES);
        let error = read(&long, &s).expect_err("65 vertices");
        assert!(error.to_string().contains("at most 64 vertices"), "{error}");
        assert!(read(&"-".repeat(MAX_VERTICES - 1), &s).is_ok());
    }

    #[test]
    fn induced_subgraphs_and_components() {
        // A path 0-1-2-3 with a loop at 3; keep 0, 2, 3.
        let g: Graph<u8, 1> = Graph::new(
            vec![0, 1, 2, 3],
            &[(0, 1, 0), (1, 2, 0), (2, 3, 0), (3, 3, 0)],
            false,
        );
        let h = g.induced(0b1101, |v| g.labels()[v]);
        assert_eq!(h.labels(), [0, 2, 3]);
        assert_eq!((h.out(0, 0), h.out(1, 0), h.out(2, 0)), (0, 0b100, 0b110));
        let mut sets = Vec::new();
        h.components(|s| sets.push(s));
        assert_eq!(sets, [0b1, 0b110]);
        // Arcs join weakly: 0 → 1, 2 → 1.
        let d: Graph<u8, 1> = Graph::new(vec![0, 0, 0, 0], &[(0, 1, 0), (2, 1, 0)], true);
        let mut sets = Vec::new();
        d.components(|s| sets.push(s));
        assert_eq!(sets, [0b111, 0b1000]);
    }
}
