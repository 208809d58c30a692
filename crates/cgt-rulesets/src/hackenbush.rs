//! Hackenbush: a graph of blue, red and green edges, some of its vertices
//! on the ground; Left cuts a blue or green edge, Right a red or green one,
//! and every edge no longer connected to the ground falls (*Winning Ways*,
//! ch. 1–2 and 7).
//!
//! Positions are read in two ways:
//! - [`Hackenbush::parse`]: a stalk or a tree from a string, `l` a blue
//!   edge, `r` red, `e` green. A string is a stalk standing on the ground,
//!   first edge at the bottom (`lrrlr`); a branch point lists its branches
//!   in parentheses separated by `;` (`l(r;lr)`: a blue edge on the ground
//!   carrying a red edge and a blue-red stalk; `(l;r)`: two stalks on the
//!   ground); as in CGSuite's graph strings, `:A` or `:{name}` after an edge
//!   names its top vertex (at the start, the ground), and every vertex of
//!   one name is one vertex, which closes cycles (`:{g}lrl:{g}` is a
//!   triangle on the ground). Positions are written back the same way.
//! - [`Hackenbush::graph`]: any graph, as an edge list with the vertices
//!   that stand on the ground.
//!
//! All ground vertices are one vertex (0) of the [`Graph`]. The parts of a
//! graph that meet only at the ground are independent games
//! ([`PartizanGame::components`](cgt_core::partizan::PartizanGame)).
//!
//! # Example
//! ```
//! use cgt_core::outcome::Outcome;
//! use cgt_core::partizan::OutcomeMemo;
//! use cgt_rulesets::hackenbush::Hackenbush;
//!
//! let mut memo = OutcomeMemo::new(Hackenbush);
//! assert_eq!(memo.outcome(&Hackenbush::parse("lr")?), Outcome::L); // 1/2
//! assert_eq!(memo.outcome(&Hackenbush::parse("e")?), Outcome::N); // *
//! assert_eq!(memo.outcome(&Hackenbush::parse("l(r;r)")?), Outcome::L); // 1/4
//! assert_eq!(memo.outcome(&Hackenbush::parse("(l;r)")?), Outcome::P); // 1 - 1 = 0
//! # Ok::<(), cgt_rulesets::ParseError>(())
//! ```

use crate::Colour;
use crate::parse::{ParseError, found};
use cgt_core::canonical::{GameId, GameStore, ValueError};
use cgt_core::dyadic::Dyadic;
use cgt_core::outcome::Side;
use cgt_core::partizan::PartizanGame;
use std::collections::HashMap;
use std::fmt;

/// An edge as `(end, end, colour)`, before renumbering.
type RawEdge = (u32, u32, Colour);

/// The rules of Hackenbush; positions are [`Graph`]s.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hackenbush;

/// An edge between vertices `a ≤ b` (vertex 0 is the ground).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Edge {
    /// The lower-numbered end.
    pub a: u32,
    /// The higher-numbered end.
    pub b: u32,
    /// Who may cut it.
    pub colour: Colour,
}

/// A Hackenbush picture: its edges, every one connected to the ground
/// (vertex 0), vertices numbered in breadth-first order from the ground
/// and edges sorted, so that the same drawing read the same way gives the
/// same `Graph`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Graph {
    edges: Vec<Edge>,
}

impl Graph {
    /// The edges.
    pub fn edges(&self) -> &[Edge] {
        &self.edges
    }

    /// The number of vertices, the ground's among them: the edges' upper
    /// ends are numbered from 1 without gaps.
    fn vertex_count(&self) -> usize {
        self.edges
            .iter()
            .map(|e| e.b as usize + 1)
            .max()
            .unwrap_or(1)
    }

    /// The graph on `edges` (vertex 0 the ground): edges not connected to
    /// the ground dropped, vertices renumbered, edges sorted.
    pub(crate) fn from_edges(edges: &[(u32, u32, Colour)]) -> Graph {
        let n = edges
            .iter()
            .map(|&(a, b, _)| a.max(b) as usize + 1)
            .max()
            .unwrap_or(1);
        let mut incident: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (i, &(a, b, _)) in edges.iter().enumerate() {
            incident[a as usize].push(i);
            if a != b {
                incident[b as usize].push(i);
            }
        }
        let mut label = vec![u32::MAX; n];
        label[0] = 0;
        let mut queue = vec![0usize];
        let mut next = 0;
        while let Some(&v) = queue.get(next) {
            next += 1;
            for &e in &incident[v] {
                let (a, b, _) = edges[e];
                let other = if a as usize == v { b } else { a } as usize;
                if label[other] == u32::MAX {
                    label[other] = queue.len() as u32;
                    queue.push(other);
                }
            }
        }
        let mut kept: Vec<Edge> = edges
            .iter()
            .filter(|&&(a, _, _)| label[a as usize] != u32::MAX)
            .map(|&(a, b, colour)| {
                let (x, y) = (label[a as usize], label[b as usize]);
                Edge {
                    a: x.min(y),
                    b: x.max(y),
                    colour,
                }
            })
            .collect();
        kept.sort_unstable();
        Graph { edges: kept }
    }

    /// The number a stalk of blue and red edges is, by Berlekamp's rule
    /// (*Winning Ways*, ch. 2, "Hackenbush strings"; Siegel, *Combinatorial
    /// Game Theory*, II.3): the edges of the bottom colour's run count 1
    /// each, and from the first change of colour up the edges count 1/2,
    /// 1/4, 1/8, …, halving at each edge; blue counts for Left (+), red
    /// for Right (−). `None` if the graph is not a stalk standing on the
    /// ground or has a green edge (the empty graph is the stalk 0).
    ///
    /// # Errors
    /// [`ValueError::Overflow`] when the number leaves
    /// [`Dyadic`]'s range: more than 62 edges above the first change of
    /// colour (the top edge alone needs the denominator `2^k`), or a
    /// numerator beyond 64 bits.
    ///
    /// # Example
    /// ```
    /// use cgt_core::dyadic::Dyadic;
    /// use cgt_rulesets::hackenbush::Hackenbush;
    /// let number = |text: &str| Hackenbush::parse(text).expect("a stalk").stalk_number();
    /// // 1 - 1/2 + 1/4 = 3/4.
    /// assert_eq!(number("lrl"), Some(Ok("3/4".parse::<Dyadic>().expect("a number"))));
    /// assert_eq!(number(&"l".repeat(100_000)), Some(Ok(Dyadic::integer(100_000))));
    /// assert!(number(&format!("l{}", "r".repeat(63))).expect("a stalk").is_err());
    /// assert_eq!(number("l(l;r)"), None); // a tree
    /// assert_eq!(number("le"), None); // a green edge
    /// # Ok::<(), cgt_rulesets::ParseError>(())
    /// ```
    ///
    /// # Complexity
    /// O(n) for n edges.
    pub fn stalk_number(&self) -> Option<Result<Dyadic, ValueError>> {
        // Vertices are numbered from the ground up and edges sorted, so a
        // stalk's edge k joins vertices k and k + 1.
        let is_stalk =
            self.edges.iter().enumerate().all(|(k, e)| {
                e.colour != Colour::Green && e.a as usize == k && e.b as usize == k + 1
            });
        if !is_stalk {
            return None;
        }
        let sign = |c: Colour| if c == Colour::Blue { 1i128 } else { -1 };
        let Some(bottom) = self.edges.first() else {
            return Some(Ok(Dyadic::ZERO));
        };
        let run = self
            .edges
            .iter()
            .take_while(|e| e.colour == bottom.colour)
            .count();
        let above = &self.edges[run..];
        // The top edge counts ±1/2^k with k = above.len(): the number's
        // denominator is exactly 2^k, so a longer tail does not fit.
        if above.len() > Dyadic::MAX_EXPONENT as usize {
            return Some(Err(ValueError::Overflow));
        }
        let k = above.len() as u32;
        // Everything over 2^k: the run counts 2^k an edge, the t-th edge
        // above it (from 1) 2^(k - t).
        let mut numerator = (sign(bottom.colour) * run as i128) << k;
        for (t, e) in above.iter().enumerate() {
            numerator += sign(e.colour) << (k - 1 - t as u32);
        }
        let fits = i64::try_from(numerator)
            .ok()
            .filter(|&n| n != i64::MIN)
            .and_then(|n| Dyadic::new(n, k));
        Some(fits.ok_or(ValueError::Overflow))
    }

    fn raw(&self) -> Vec<RawEdge> {
        self.edges.iter().map(|e| (e.a, e.b, e.colour)).collect()
    }
}

impl Hackenbush {
    /// Reads a stalk or a tree: `l`, `r`, `e` edges upwards from the
    /// ground, a branch point's branches in parentheses separated by `;`
    /// (`l(r;lr)`); any graph with names: `:A` or `:{name}` after an edge
    /// (or at the start, for the ground) names that vertex, and vertices of
    /// one name are one (`l:A(r:A;e)`: a blue edge and a red one between
    /// the same two vertices). Whitespace is skipped; the empty text is no
    /// edge.
    ///
    /// # Example
    /// ```
    /// use cgt_rulesets::hackenbush::Hackenbush;
    /// assert_eq!(Hackenbush::parse("l(r;lr)")?.edges().len(), 4);
    /// let error = Hackenbush::parse("l(r;)").unwrap_err();
    /// assert_eq!(error.to_string(), "at character 5: expected an edge ('l', 'r' or 'e'), found ')'");
    /// # Ok::<(), cgt_rulesets::ParseError>(())
    /// ```
    ///
    /// # Complexity
    /// O(n log n) for n edges; an explicit stack of branch points, no
    /// recursion.
    pub fn parse(text: &str) -> Result<Graph, ParseError> {
        let chars: Vec<char> = text.chars().collect();
        let mut edges = Vec::new();
        let mut branch_points: Vec<u32> = Vec::new();
        let mut vertices = 1u32;
        let mut current = 0u32;
        // Each named vertex's first number, and the numbers found the same.
        let mut names: HashMap<String, u32> = HashMap::new();
        let mut same: Vec<(u32, u32)> = Vec::new();
        // What came before: an edge, '(' or ';' (a branch must start), ')'.
        #[derive(PartialEq)]
        enum Last {
            Start,
            Edge,
            Open,
            Close,
        }
        let mut last = Last::Start;
        let edge_expected = |i: usize, c: Option<char>| {
            ParseError::new(
                i,
                format!("expected an edge ('l', 'r' or 'e'), {}", found(c)),
            )
        };
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            if c.is_whitespace() {
                i += 1;
                continue;
            }
            if let Some(colour) = Colour::from_char(c) {
                if last == Last::Close {
                    return Err(ParseError::new(
                        i,
                        format!("expected ';', ')' or the end after ')', {}", found(Some(c))),
                    ));
                }
                edges.push((current, vertices, colour));
                current = vertices;
                vertices += 1;
                last = Last::Edge;
                i += 1;
                continue;
            }
            match c {
                ':' if matches!(last, Last::Start | Last::Edge) => {
                    let (name, next) = vertex_name(&chars, i)?;
                    match names.get(&name) {
                        Some(&first) => same.push((first, current)),
                        None => {
                            names.insert(name, current);
                        }
                    }
                    i = next;
                    continue;
                }
                ':' => {
                    return Err(ParseError::new(
                        i,
                        "a name (':A' or ':{name}') names the ground or the top of an edge",
                    ));
                }
                '(' if last != Last::Close => {
                    branch_points.push(current);
                    last = Last::Open;
                }
                ';' | ')' => {
                    let Some(&point) = branch_points.last() else {
                        return Err(ParseError::new(
                            i,
                            format!("found {c:?} outside parentheses"),
                        ));
                    };
                    if last == Last::Open {
                        return Err(edge_expected(i, Some(c)));
                    }
                    current = point;
                    if c == ';' {
                        last = Last::Open;
                    } else {
                        branch_points.pop();
                        last = Last::Close;
                    }
                }
                _ if last == Last::Close => {
                    return Err(ParseError::new(
                        i,
                        format!("expected ';', ')' or the end after ')', {}", found(Some(c))),
                    ));
                }
                _ => return Err(edge_expected(i, Some(c))),
            }
            i += 1;
        }
        let end = chars.len();
        if last == Last::Open {
            return Err(edge_expected(end, None));
        }
        if !branch_points.is_empty() {
            return Err(ParseError::new(end, "expected ')', found the end"));
        }
        if !same.is_empty() {
            // Vertices of one name are one vertex: each takes the smallest
            // number of its class (the ground, 0, if it is one of them).
            let mut class: Vec<u32> = (0..vertices).collect();
            let find = |class: &mut Vec<u32>, mut v: u32| {
                while class[v as usize] != v {
                    let up = class[class[v as usize] as usize];
                    class[v as usize] = up;
                    v = up;
                }
                v
            };
            for (a, b) in same {
                let (a, b) = (find(&mut class, a), find(&mut class, b));
                class[a.max(b) as usize] = a.min(b);
            }
            for edge in &mut edges {
                edge.0 = find(&mut class, edge.0);
                edge.1 = find(&mut class, edge.1);
            }
        }
        Ok(Graph::from_edges(&edges))
    }

    /// Any Hackenbush picture: `edges` as `(u, v, colour)` between vertices
    /// `0..vertices`, of which those in `ground` stand on the ground.
    /// Edges with no path to the ground are dropped (they have fallen).
    ///
    /// # Example
    /// ```
    /// use cgt_rulesets::Colour::{Blue, Red};
    /// use cgt_rulesets::hackenbush::Hackenbush;
    /// // A blue-red triangle on two ground vertices (0 and 1).
    /// let graph = Hackenbush::graph(3, &[0, 1], &[(0, 2, Blue), (1, 2, Blue), (0, 1, Red)])?;
    /// assert_eq!(graph.edges().len(), 3);
    /// # Ok::<(), String>(())
    /// ```
    ///
    /// # Errors
    /// A vertex number not below `vertices`, or more than 2^31 vertices.
    pub fn graph(
        vertices: usize,
        ground: &[usize],
        edges: &[(usize, usize, Colour)],
    ) -> Result<Graph, String> {
        if vertices >= 1 << 31 {
            return Err(format!("{vertices} vertices: at most 2^31 - 1"));
        }
        let mut on_ground = vec![false; vertices];
        for &g in ground {
            *on_ground.get_mut(g).ok_or_else(|| {
                format!("ground vertex {g}: expected a vertex below {vertices}")
            })? = true;
        }
        // Ground vertices become 0, the others 1, 2, ...
        let number = |v: usize| -> u32 { if on_ground[v] { 0 } else { v as u32 + 1 } };
        let mut raw = Vec::with_capacity(edges.len());
        for (i, &(u, v, colour)) in edges.iter().enumerate() {
            if u >= vertices || v >= vertices {
                return Err(format!(
                    "edge {i} ({u}, {v}): expected vertices below {vertices}"
                ));
            }
            raw.push((number(u), number(v), colour));
        }
        Ok(Graph::from_edges(&raw))
    }
}

impl fmt::Display for Graph {
    /// The graph as [`Hackenbush::parse`] reads it: a spanning tree from
    /// the ground written as stalks and branches, the other edges closing
    /// cycles by vertex names (`l(r:{2};l:{2})` is a blue edge carrying two
    /// edges that meet); the empty graph is the empty text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let vertices = self.vertex_count();
        // Vertices are numbered breadth-first, so each vertex but the
        // ground has an edge from a smaller one: its first is its tree edge.
        let mut parent_edge = vec![usize::MAX; vertices];
        for (k, e) in self.edges.iter().enumerate() {
            if e.a < e.b && parent_edge[e.b as usize] == usize::MAX {
                parent_edge[e.b as usize] = k;
            }
        }
        let mut branches: Vec<Vec<usize>> = vec![Vec::new(); vertices];
        let mut named = vec![false; vertices];
        for (k, e) in self.edges.iter().enumerate() {
            branches[e.a as usize].push(k);
            if parent_edge[e.b as usize] != k {
                named[e.b as usize] = true;
            }
        }
        if named[0] {
            f.write_str(":{0}")?;
        }
        // (vertex, branches written); no recursion, stalks may be long.
        let mut stack = vec![(0usize, 0usize)];
        while let Some(&mut (v, ref mut done)) = stack.last_mut() {
            let count = branches[v].len();
            if *done == count {
                if count > 1 {
                    f.write_str(")")?;
                }
                stack.pop();
                continue;
            }
            f.write_str(match (*done, count) {
                (0, 1) => "",
                (0, _) => "(",
                _ => ";",
            })?;
            let k = branches[v][*done];
            *done += 1;
            let e = self.edges[k];
            write!(f, "{}", e.colour.to_char())?;
            let top = e.b as usize;
            if named[top] {
                write!(f, ":{{{top}}}")?;
            }
            if parent_edge[top] == k {
                stack.push((top, 0));
            }
        }
        Ok(())
    }
}

/// The name after the `:` at `chars[at]`: one letter or digit, or any
/// text in braces; and the index after it.
fn vertex_name(chars: &[char], at: usize) -> Result<(String, usize), ParseError> {
    match chars.get(at + 1) {
        Some('{') => {
            let close = chars[at + 2..]
                .iter()
                .position(|&c| c == '}')
                .ok_or_else(|| ParseError::new(at + 1, "expected '}' to close this '{'"))?;
            Ok((
                chars[at + 2..at + 2 + close].iter().collect(),
                at + 3 + close,
            ))
        }
        Some(&c) if c.is_alphanumeric() => Ok((c.to_string(), at + 2)),
        c => Err(ParseError::new(
            at + 1,
            format!(
                "expected a vertex name (a letter, a digit or {{name}}) after ':', {}",
                found(c.copied())
            ),
        )),
    }
}

impl PartizanGame for Hackenbush {
    type Position = Graph;

    fn options(&self, graph: &Graph, side: Side, out: &mut Vec<Graph>) {
        let raw = graph.raw();
        let mut rest = Vec::with_capacity(raw.len());
        for (i, edge) in graph.edges.iter().enumerate() {
            // Parallel equal edges give the same option: cut the first only.
            if edge.colour.movable_by(side) && (i == 0 || graph.edges[i - 1] != *edge) {
                rest.clear();
                rest.extend(raw[..i].iter().chain(&raw[i + 1..]).copied());
                out.push(Graph::from_edges(&rest));
            }
        }
    }

    /// Only the batch is built: a stalk of n edges has n options of up to
    /// n edges each.
    fn options_in(
        &self,
        graph: &Graph,
        side: Side,
        from: usize,
        count: usize,
        out: &mut Vec<Graph>,
    ) {
        let cut = (graph.edges.iter().enumerate()).filter(|&(i, edge)| {
            edge.colour.movable_by(side) && (i == 0 || graph.edges[i - 1] != *edge)
        });
        let raw = graph.raw();
        let mut rest = Vec::with_capacity(raw.len());
        for (i, _) in cut.skip(from).take(count) {
            rest.clear();
            rest.extend(raw[..i].iter().chain(&raw[i + 1..]).copied());
            out.push(Graph::from_edges(&rest));
        }
    }

    fn components(&self, graph: &Graph, parts: &mut Vec<Graph>) {
        let n = graph.vertex_count();
        // Union-find over the vertices above the ground.
        let mut parent: Vec<u32> = (0..n as u32).collect();
        let find = |parent: &mut Vec<u32>, mut v: u32| {
            while parent[v as usize] != v {
                let up = parent[parent[v as usize] as usize];
                parent[v as usize] = up;
                v = up;
            }
            v
        };
        for e in &graph.edges {
            if e.a != 0 {
                let (x, y) = (find(&mut parent, e.a), find(&mut parent, e.b));
                parent[x.max(y) as usize] = x.min(y);
            }
        }
        let mut groups: Vec<(u32, Vec<RawEdge>)> = Vec::new();
        for (i, e) in graph.edges.iter().enumerate() {
            // An edge with both ends on the ground is a part on its own.
            let key = if e.b == 0 {
                u32::MAX - i as u32
            } else {
                find(&mut parent, e.b)
            };
            match groups.iter_mut().find(|(k, _)| *k == key) {
                Some((_, edges)) => edges.push((e.a, e.b, e.colour)),
                None => groups.push((key, vec![(e.a, e.b, e.colour)])),
            }
        }
        if groups.len() > 1 {
            parts.extend(groups.iter().map(|(_, edges)| Graph::from_edges(edges)));
        }
    }

    /// A blue-red stalk is valued by [`Graph::stalk_number`], with no
    /// search: the search of a stalk of n edges makes n positions of up to
    /// n edges each, with up to n options each.
    fn formula(&self, store: &mut GameStore, graph: &Graph) -> Option<Result<GameId, ValueError>> {
        Some(graph.stalk_number()?.map(|x| store.number(x)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::childish_hackenbush::ChildishHackenbush;
    use crate::testing::{options, parts};

    /// Hackenbush without its formula: every value from the search of the
    /// options (split into components as [`Hackenbush`] does).
    struct Searched;

    impl PartizanGame for Searched {
        type Position = Graph;
        fn options(&self, graph: &Graph, side: Side, out: &mut Vec<Graph>) {
            Hackenbush.options(graph, side, out);
        }
        fn components(&self, graph: &Graph, parts: &mut Vec<Graph>) {
            Hackenbush.components(graph, parts);
        }
    }

    #[test]
    fn stalk_rule_is_the_value_the_search_finds() {
        use cgt_core::partizan::ValueMemo;
        let mut store = GameStore::new();
        let mut search = ValueMemo::new(Searched);
        let mut checked = 0;
        for edges in 0..=12u32 {
            for code in 0u32..1 << edges {
                let text: String = (0..edges)
                    .map(|i| if code >> i & 1 == 0 { 'l' } else { 'r' })
                    .collect();
                let stalk = Hackenbush::parse(&text).expect("a stalk");
                let rule = stalk.stalk_number().expect("a blue-red stalk");
                let rule = rule.expect("small stalks fit");
                let searched = search.value(&mut store, &stalk).expect("small values");
                assert_eq!(store.as_number(searched), Some(rule), "{text}");
                checked += 1;
            }
        }
        assert_eq!(checked, (1 << 13) - 1);
    }

    #[test]
    fn stalk_rule_examples_and_limits() {
        let number = |text: &str| {
            Hackenbush::parse(text)
                .expect("a stalk")
                .stalk_number()
                .map(|n| n.map(|x| x.to_string()))
        };
        for (text, value) in [
            ("", "0"),
            ("lr", "1/2"),
            ("llr", "3/2"),
            ("lrl", "3/4"),
            ("rl", "-1/2"),
            ("rrlrl", "-13/8"),
        ] {
            assert_eq!(number(text), Some(Ok(value.to_string())), "{text}");
        }
        let blue = "l".repeat(100_000);
        assert_eq!(number(&blue), Some(Ok("100000".to_string())));
        // Above the change, the k-th edge needs the denominator 2^k: 62
        // fit, 63 do not; and the numerator (about run * 2^k) has 64 bits.
        let tail = |run: usize, k: usize| format!("{}r{}", "l".repeat(run), "l".repeat(k - 1));
        let fits = Dyadic::integer(99_960).checked_sub(Dyadic::new(1, 40).expect("small"));
        assert_eq!(
            number(&tail(99_960, 40)),
            Some(Ok(fits.expect("fits").to_string()))
        );
        assert_eq!(
            number(&tail(50_000, 50_000)),
            Some(Err(ValueError::Overflow))
        );
        assert!(matches!(
            number(&format!("l{}", "r".repeat(62))),
            Some(Ok(_))
        ));
        assert_eq!(
            number(&format!("l{}", "r".repeat(63))),
            Some(Err(ValueError::Overflow))
        );
        // 2 + 1/2^62 fits, 3 + 1/2^62 does not.
        assert!(matches!(number(&tail(2, 62)), Some(Ok(_))));
        assert_eq!(number(&tail(3, 62)), Some(Err(ValueError::Overflow)));
        // Trees, cycles, green edges and stalks above the ground are left
        // to the search.
        for text in ["l(l;r)", "(l;r)", "le", "el", ":Alr:A"] {
            assert_eq!(number(text), None, "{text}");
        }
    }

    #[test]
    fn cutting_drops_what_hangs_from_the_cut() {
        let tree = Hackenbush::parse("l(r;lr)").expect("a tree");
        assert_eq!(tree.to_string(), "l(r;lr)");
        assert_eq!(options(&Hackenbush, &tree, Side::Left), ["", "lr"]);
        assert_eq!(options(&Hackenbush, &tree, Side::Right), ["llr", "l(r;l)"]);
    }

    #[test]
    fn childish_blue_and_red_edges_fall_alone() {
        let tree = ChildishHackenbush::parse("l(r;e)").expect("a tree");
        // Left may not cut the ground edge (two edges would fall); the
        // green edge is his.
        assert_eq!(options(&ChildishHackenbush, &tree, Side::Left), ["lr"]);
        let right = options(&ChildishHackenbush, &tree, Side::Right);
        assert_eq!(right, ["le", "lr"]);
        // A green edge at the ground takes everything with it.
        let green = ChildishHackenbush::parse("e(r;l)").expect("a tree");
        assert_eq!(options(&ChildishHackenbush, &green, Side::Right)[0], "");
    }

    #[test]
    fn parts_meet_at_the_ground() {
        let graph = Hackenbush::parse("(l;re;e(l;r))").expect("three stalks");
        assert_eq!(parts(&Hackenbush, &graph), ["l", "re", "e(l;r)"]);
        let tree = Hackenbush::parse("e(l;r)").expect("a tree");
        assert!(parts(&Hackenbush, &tree).is_empty());
    }

    #[test]
    fn bad_strings_are_rejected_with_the_place() {
        for (text, at, words) in [
            ("lx", 1, "expected an edge ('l', 'r' or 'e'), found 'x'"),
            ("l(r", 3, "expected ')', found the end"),
            ("l)", 1, "found ')' outside parentheses"),
            ("l(r;l)l", 6, "expected ';', ')' or the end after ')'"),
            ("l()", 2, "expected an edge"),
            (
                "l(r;",
                4,
                "expected an edge ('l', 'r' or 'e'), found the end",
            ),
        ] {
            let error = Hackenbush::parse(text).expect_err(text);
            assert_eq!(error.position(), at, "{text}: {error}");
            assert!(error.to_string().contains(words), "{text}: {error}");
        }
    }

    #[test]
    fn graphs_are_written_as_they_read() {
        // Stalks, trees, cycles through names, a loop, double edges.
        for text in [
            "",
            "lrrlr",
            "l(r;lr)",
            "(l;re;e(l;r))",
            ":{ground}llllllrrrr:{ground}",
            "r(l:T;r(l:T;r(l:T;r(l:T;rl:T))))",
            "(e:B;e:Bllllllrrr:B)",
            "l:A(r:A;e)",
            ":Ge:G",
            "(l:X;r:X;e:X)",
        ] {
            let graph = Hackenbush::parse(text).expect(text);
            let written = graph.to_string();
            assert_eq!(
                Hackenbush::parse(&written),
                Ok(graph.clone()),
                "{text} -> {written}"
            );
            let childish = ChildishHackenbush::parse(&written).expect(&written);
            assert_eq!(childish, graph, "{text} -> {written} as CGSuite reads it");
        }
        // Names join vertices: the top of `lr` named as the ground is a
        // double edge between the ground and one vertex.
        let cycle = Hackenbush::parse(":Alr:A").expect("a cycle");
        assert_eq!(cycle.to_string(), "(l:{1};r:{1})");
    }

    #[test]
    fn graphs_merge_the_ground_and_drop_floating_edges() {
        let graph = Hackenbush::graph(
            5,
            &[0, 1],
            &[
                (0, 2, Colour::Blue),
                (2, 1, Colour::Red),
                (3, 4, Colour::Green),
            ],
        )
        .expect("a graph");
        assert_eq!(graph.to_string(), "(l:{1};r:{1})");
        assert!(Hackenbush::graph(2, &[2], &[]).is_err());
        assert!(Hackenbush::graph(2, &[0], &[(0, 2, Colour::Blue)]).is_err());
    }
}
