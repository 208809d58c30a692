//! The games on graphs against their rules, on every graph up to a size:
//! each position is written as a graph string (vertices named by their
//! numbers, one piece per edge) and read by the ruleset, and the same graph
//! is played by a plain game written here from the rules alone, on the
//! fixed graph (nothing removed, renumbered or split). The outcome class of
//! the value (computed with the split into components) is the class the
//! plain search finds; the value with and without the split is the same
//! id in one store; the outcome of the sum of two positions is what the
//! search of the sum finds. Impartial rulesets: the Grundy value is the
//! plain mex search's, the registry's value is `*g`, and a sum's value is
//! the nim-sum.

use cgt_core::canonical::GameStore;
use cgt_core::impartial::{GrundyMemo, ImpartialGame};
use cgt_core::outcome::Side;
use cgt_core::partizan::{OutcomeMemo, PartizanGame, ValueMemo};
use cgt_rulesets::Rulesets;
use cgt_rulesets::arc_kayles::ArcKayles;
use cgt_rulesets::childish_hackenbush::ChildishHackenbush;
use cgt_rulesets::col::Col;
use cgt_rulesets::digraph_placement::DigraphPlacement;
use cgt_rulesets::fjords::Fjords;
use cgt_rulesets::partizan_arc_kayles::PartizanArcKayles;
use cgt_rulesets::snort::Snort;

mod common;
use common::{MovesOnly, Sum, check_solver};

/// A small graph as the tests enumerate it: `n` vertices, each with a
/// label index, and edges `(a, b, label index)` with `a ≤ b` (`a == b` a
/// loop).
#[derive(Clone, Debug)]
struct Drawn {
    labels: Vec<usize>,
    edges: Vec<(usize, usize, usize)>,
}

impl Drawn {
    /// The graph string: every vertex as `letter:i`, every edge as a piece
    /// `letter:a edge letter:b`.
    fn text(&self, vertices: &[char], edges: &[char]) -> String {
        let vertex = |v: usize| format!("{}:{v}", vertices[self.labels[v]]);
        let mut pieces: Vec<String> = (0..self.labels.len()).map(vertex).collect();
        pieces.extend(
            self.edges
                .iter()
                .map(|&(a, b, k)| format!("{}{}{}", vertex(a), edges[k], vertex(b))),
        );
        pieces.join(";")
    }

    /// Adjacency bitmasks of the edges of label `k`.
    fn adjacency(&self, k: usize) -> Vec<u64> {
        let mut adj = vec![0u64; self.labels.len()];
        for &(a, b, l) in &self.edges {
            if l == k {
                adj[a] |= 1 << b;
                adj[b] |= 1 << a;
            }
        }
        adj
    }
}

/// Every graph on `n` vertices whose vertices take `vertex_labels` labels
/// and whose pairs (`a < b`, and `a == b` too if `loops`) take no edge or
/// one of `edge_labels` edges.
fn all_graphs(n: usize, vertex_labels: usize, edge_labels: usize, loops: bool) -> Vec<Drawn> {
    let pairs: Vec<(usize, usize)> = (0..n)
        .flat_map(|a| (a..n).map(move |b| (a, b)))
        .filter(|&(a, b)| loops || a < b)
        .collect();
    let mut out = Vec::new();
    let edge_codes = (edge_labels + 1).pow(pairs.len() as u32);
    for labels_code in 0..vertex_labels.pow(n as u32) {
        let labels: Vec<usize> = (0..n)
            .map(|v| labels_code / vertex_labels.pow(v as u32) % vertex_labels)
            .collect();
        for code in 0..edge_codes {
            let edges = pairs
                .iter()
                .enumerate()
                .filter_map(|(i, &(a, b))| {
                    let e = code / (edge_labels + 1).pow(i as u32) % (edge_labels + 1);
                    (e > 0).then(|| (a, b, e - 1))
                })
                .collect();
            out.push(Drawn {
                labels: labels.clone(),
                edges,
            });
        }
    }
    out
}

/// Checks each position's value against the plain search of `reference`,
/// with and without the split, and the sums of the first `pairs` pairs;
/// then the solver of the ruleset `name` on the same questions.
fn check<G, R>(
    name: &str,
    game: G,
    reference: R,
    cases: &[(String, G::Position, R::Position)],
    pairs: usize,
) where
    G: PartizanGame + Clone,
    R: PartizanGame + Clone,
{
    assert!(!cases.is_empty());
    let mut store = GameStore::new();
    let mut values = ValueMemo::new(game.clone());
    let mut plain = ValueMemo::new(MovesOnly(game));
    let mut search = OutcomeMemo::new(reference.clone());
    let mut ids = Vec::with_capacity(cases.len());
    for (text, p, r) in cases {
        let v = values.value(&mut store, p).expect("small values");
        assert_eq!(
            store.outcome(v),
            search.outcome(r),
            "outcome of {text} = {}",
            store.display(v)
        );
        let w = plain.value(&mut store, p).expect("small values");
        assert_eq!(v, w, "value of {text} with and without the split");
        ids.push(v);
    }
    let mut sums = OutcomeMemo::new(Sum(reference.clone()));
    let n = pairs.min(cases.len());
    for i in 0..n {
        for j in i..n {
            let sum = store.add(ids[i], ids[j]).expect("small values");
            let expected = sums.outcome(&(cases[i].2.clone(), cases[j].2.clone()));
            assert_eq!(
                store.outcome(sum),
                expected,
                "{} + {} = {}",
                cases[i].0,
                cases[j].0,
                store.display(sum)
            );
        }
    }
    let texts: Vec<_> = cases
        .iter()
        .map(|(t, _, r)| (t.clone(), r.clone()))
        .collect();
    check_solver(name, reference, &texts, pairs);
}

/// Col or Snort on a fixed graph: each vertex's tint as written (0 none,
/// 1 next to Left's colour, 2 next to Right's) and its colour so far (0
/// none, 1 Left's, 2 Right's).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Colouring {
    adjacency: Vec<u64>,
    tints: Vec<u8>,
    colours: Vec<u8>,
}

/// The colouring games from their rules: Col forbids a vertex next to the
/// mover's own colour, Snort next to the other colour (a tint counts as a
/// coloured neighbour).
#[derive(Clone)]
struct PlainColouring {
    snort: bool,
}

impl PartizanGame for PlainColouring {
    type Position = Colouring;
    fn options(&self, p: &Colouring, side: Side, out: &mut Vec<Colouring>) {
        let me = if side == Side::Left { 1 } else { 2 };
        let forbidden = if self.snort { 3 - me } else { me };
        for v in 0..p.tints.len() {
            let blocked = p.tints[v] == forbidden
                || (0..p.tints.len())
                    .any(|u| p.adjacency[v] >> u & 1 == 1 && p.colours[u] == forbidden);
            if p.colours[v] == 0 && !blocked {
                let mut next = p.clone();
                next.colours[v] = me;
                out.push(next);
            }
        }
    }
}

fn colouring_cases<G: PartizanGame<Position = cgt_rulesets::col::Tinted>>(
    parse: fn(&str) -> Result<G::Position, cgt_rulesets::ParseError>,
    graphs: &[Drawn],
) -> Vec<(String, G::Position, Colouring)> {
    graphs
        .iter()
        .map(|d| {
            let text = d.text(&['.', 'L', 'R'], &['-']);
            let position = parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
            let reference = Colouring {
                adjacency: d.adjacency(0),
                tints: d.labels.iter().map(|&l| l as u8).collect(),
                colours: vec![0; d.labels.len()],
            };
            (text, position, reference)
        })
        .collect()
}

/// Every simple graph of up to 4 vertices in every tinting, then (if
/// `five`) every untinted simple graph of 5 vertices.
fn tinted_graphs(five: bool) -> Vec<Drawn> {
    let mut graphs: Vec<Drawn> = (0..=4).flat_map(|n| all_graphs(n, 3, 1, false)).collect();
    if five {
        graphs.extend(all_graphs(5, 1, 1, false));
    }
    graphs
}

#[test]
fn col_values_agree_with_the_game_tree() {
    let cases = colouring_cases::<Col>(Col::parse, &tinted_graphs(true));
    check("col", Col, PlainColouring { snort: false }, &cases, 100);
}

#[test]
fn snort_values_agree_with_the_game_tree() {
    let cases = colouring_cases::<Snort>(Snort::parse, &tinted_graphs(false));
    check("snort", Snort, PlainColouring { snort: true }, &cases, 100);
}

/// Fjords from its rules (CGSuite's `GenCol([Left], [Right])`): a player
/// colours only a vertex next to their own colour (a tint counts as a
/// coloured neighbour) and not next to the other colour.
#[derive(Clone)]
struct PlainFjords;

impl PartizanGame for PlainFjords {
    type Position = Colouring;
    fn options(&self, p: &Colouring, side: Side, out: &mut Vec<Colouring>) {
        let me = if side == Side::Left { 1 } else { 2 };
        let next_to = |v: usize, colour: u8| {
            p.tints[v] == colour
                || (0..p.tints.len())
                    .any(|u| p.adjacency[v] >> u & 1 == 1 && p.colours[u] == colour)
        };
        for v in 0..p.tints.len() {
            if p.colours[v] == 0 && next_to(v, me) && !next_to(v, 3 - me) {
                let mut next = p.clone();
                next.colours[v] = me;
                out.push(next);
            }
        }
    }
}

#[test]
fn fjords_values_agree_with_the_game_tree() {
    let cases = colouring_cases::<Fjords>(Fjords::parse, &tinted_graphs(true));
    check("fjords", Fjords, PlainFjords, &cases, 100);
}

/// Arc Kayles (or its partizan form) on a fixed graph: the edges as
/// adjacency per colour (one colour for Arc Kayles) and the vertices left.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Arcs {
    adjacency: Vec<Vec<u64>>,
    alive: u64,
}

/// The moves of Arc Kayles from its rules: an edge of one of `colours`
/// whose ends are both left; both ends go.
fn arc_moves(p: &Arcs, colours: &[usize], out: &mut Vec<Arcs>) {
    for &k in colours {
        for a in 0..64 {
            for b in a..64 {
                let live = p.alive >> a & 1 == 1 && p.alive >> b & 1 == 1;
                if live && p.adjacency[k].get(a).is_some_and(|m| m >> b & 1 == 1) {
                    out.push(Arcs {
                        alive: p.alive & !(1 << a) & !(1 << b),
                        ..p.clone()
                    });
                }
            }
        }
    }
}

fn arcs(d: &Drawn, colours: usize) -> Arcs {
    Arcs {
        adjacency: (0..colours).map(|k| d.adjacency(k)).collect(),
        alive: (1u64 << d.labels.len()) - 1,
    }
}

/// Arc Kayles from its rules, impartial.
struct PlainArcKayles;

impl ImpartialGame for PlainArcKayles {
    type Position = Arcs;
    fn options(&self, p: &Arcs, out: &mut Vec<Arcs>) {
        arc_moves(p, &[0], out);
    }
}

/// Two Arc Kayles graphs side by side, searched as one.
struct PlainArcKaylesSum;

impl ImpartialGame for PlainArcKaylesSum {
    type Position = (Arcs, Arcs);
    fn options(&self, (a, b): &(Arcs, Arcs), out: &mut Vec<(Arcs, Arcs)>) {
        let mut moves = Vec::new();
        arc_moves(a, &[0], &mut moves);
        out.extend(moves.drain(..).map(|a2| (a2, b.clone())));
        arc_moves(b, &[0], &mut moves);
        out.extend(moves.drain(..).map(|b2| (a.clone(), b2)));
    }
}

#[test]
fn arc_kayles_values_agree_with_the_mex_search() {
    // Every graph of up to 4 vertices with loops, and of 5 without.
    let mut graphs: Vec<Drawn> = (0..=4).flat_map(|n| all_graphs(n, 1, 1, true)).collect();
    graphs.extend(all_graphs(5, 1, 1, false));
    let mut memo = GrundyMemo::new(ArcKayles);
    let mut plain = GrundyMemo::new(PlainArcKayles);
    let mut store = GameStore::new();
    let mut rulesets = Rulesets::new();
    let mut values = Vec::new();
    for d in &graphs {
        let text = d.text(&['.'], &['-']);
        let position = ArcKayles::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let g = memo.grundy(&position);
        assert_eq!(g, plain.grundy(&arcs(d, 1)), "{text}");
        if values.len() < 300 {
            let term = rulesets
                .resolve(&mut store, "arc_kayles", &text)
                .expect("a ruleset")
                .expect("a value");
            assert_eq!(term, store.nimber(g.value()), "{text}");
        }
        values.push(g);
    }
    // Sums of the first 120 graphs (up to 4 vertices): the nim-sum.
    let mut sums = GrundyMemo::new(PlainArcKaylesSum);
    for i in 0..120 {
        for j in i..120 {
            let sum = (arcs(&graphs[i], 1), arcs(&graphs[j], 1));
            assert_eq!(sums.grundy(&sum), values[i] + values[j], "{i} + {j}");
        }
    }
}

/// Partizan Arc Kayles from its rules: Left takes blue (0) or green (2)
/// edges, Right red (1) or green.
#[derive(Clone)]
struct PlainPartizanArcKayles;

impl PartizanGame for PlainPartizanArcKayles {
    type Position = Arcs;
    fn options(&self, p: &Arcs, side: Side, out: &mut Vec<Arcs>) {
        let colours = if side == Side::Left { [0, 2] } else { [1, 2] };
        arc_moves(p, &colours, out);
    }
}

#[test]
fn partizan_arc_kayles_values_agree_with_the_game_tree() {
    // Every graph of up to 4 vertices with l, r, e edges, loops on up to 3.
    let mut graphs: Vec<Drawn> = (0..=3).flat_map(|n| all_graphs(n, 1, 3, true)).collect();
    graphs.extend(all_graphs(4, 1, 3, false));
    let cases: Vec<_> = graphs
        .iter()
        .map(|d| {
            let text = d.text(&['.'], &['l', 'r', 'e']);
            let p = PartizanArcKayles::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
            (text, p, arcs(d, 3))
        })
        .collect();
    check(
        "partizan_arc_kayles",
        PartizanArcKayles,
        PlainPartizanArcKayles,
        &cases,
        90,
    );
}

#[test]
fn cgsuite_strings_read_as_written() {
    // Trees, pieces and cycles give the same graph as the enumeration's form.
    for (short, long) in [
        (".-.-.", ".:0;.:1;.:2;.:0-.:1;.:1-.:2"),
        ("--", ".:0-.:1;.:1-.:2"),
        (".(-.;-.)", ".:0;.:1;.:2;.:0-.:1;.:0-.:2"),
        (":A---:A", ".:0-.:1;.:1-.:2;.:2-.:0"),
        ("L-R;.", "L:0-R:1;.:2"),
    ] {
        assert_eq!(Col::parse(short), Col::parse(long), "{short}");
    }
    assert_eq!(
        ArcKayles::parse("-(-;-:x);:x-").map(|g| g.len()),
        Ok(5),
        "a named vertex joins pieces"
    );
}

#[test]
fn bad_graphs_are_one_error_with_the_place() {
    let mut rulesets = Rulesets::new();
    let mut store = GameStore::new();
    for (name, text, words) in [
        (
            "col",
            "L-Q",
            "col position: at character 3: expected an edge ('-'), '(', ';', ')' or the end, found 'Q'",
        ),
        (
            "snort",
            "L(-",
            "snort position: at character 4: expected ')', found the end",
        ),
        (
            "arc_kayles",
            "-;)",
            "arc_kayles position: at character 3: found ')' outside parentheses",
        ),
        (
            "partizan_arc_kayles",
            "l:{x",
            "partizan_arc_kayles position: at character 5: expected '}' to end the name",
        ),
    ] {
        let error = rulesets
            .resolve(&mut store, name, text)
            .expect("a ruleset")
            .expect_err(text);
        assert!(error.starts_with(words), "{name}({text}): {error}");
    }
    // 65 vertices are refused before anything is allocated for them.
    let long = ".-".repeat(64) + ".";
    let error = Col::parse(&long).expect_err("65 vertices");
    assert_eq!(error.position(), 128);
}

/// Hackenbush on a fixed graph: the edges `(a, b, colour)` (0 blue, 1 red,
/// 2 green; vertex 0 the ground) and which are still standing.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Picture {
    edges: Vec<(usize, usize, usize)>,
    standing: u64,
}

/// The edges of `standing` that reach the ground through standing edges.
fn grounded(edges: &[(usize, usize, usize)], standing: u64) -> u64 {
    let mut reached = 1u64;
    let mut kept = 0u64;
    loop {
        let before = kept;
        for (i, &(a, b, _)) in edges.iter().enumerate() {
            if standing >> i & 1 == 1 && (reached >> a & 1 == 1 || reached >> b & 1 == 1) {
                kept |= 1 << i;
                reached |= 1 << a | 1 << b;
            }
        }
        if kept == before {
            return kept;
        }
    }
}

/// Childish Hackenbush from its rules: cut a standing edge of your colour
/// or a green one; what no longer reaches the ground falls, and a blue or
/// red edge may be cut only if nothing else falls.
#[derive(Clone)]
struct PlainChildish;

impl PartizanGame for PlainChildish {
    type Position = Picture;
    fn options(&self, p: &Picture, side: Side, out: &mut Vec<Picture>) {
        let mine = if side == Side::Left { 0 } else { 1 };
        for (i, &(_, _, colour)) in p.edges.iter().enumerate() {
            if p.standing >> i & 1 == 0 || (colour != mine && colour != 2) {
                continue;
            }
            let rest = p.standing & !(1 << i);
            let standing = grounded(&p.edges, rest);
            if colour == 2 || standing == rest {
                out.push(Picture {
                    standing,
                    ..p.clone()
                });
            }
        }
    }
}

#[test]
fn childish_hackenbush_values_agree_with_the_game_tree() {
    // Every multiset of up to 3 edges (and of 4, the last unlike the third) between the
    // ground 0 and vertices 1, 2, 3, with a loop at 1, in every colouring;
    // those with an edge off the ground are left out (the reader refuses
    // them).
    let pairs = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3), (1, 1)];
    let mut choices: Vec<Vec<usize>> = vec![vec![]];
    for size in 1..=4 {
        let mut next = Vec::new();
        for c in choices.iter().filter(|c| c.len() == size - 1) {
            let from = c.last().map_or(0, |&l| l + usize::from(size == 4));
            for p in from..pairs.len() {
                next.push([c.clone(), vec![p]].concat());
            }
        }
        choices.extend(next);
    }
    let mut cases = Vec::new();
    for choice in &choices {
        let k = choice.len();
        for code in 0..3usize.pow(k as u32) {
            let edges: Vec<(usize, usize, usize)> = choice
                .iter()
                .enumerate()
                .map(|(i, &p)| (pairs[p].0, pairs[p].1, code / 3usize.pow(i as u32) % 3))
                .collect();
            let all = (1u64 << k) - 1;
            if grounded(&edges, all) != all {
                continue;
            }
            let pieces: Vec<String> = std::iter::once(".:0".to_string())
                .chain(
                    edges
                        .iter()
                        .map(|&(a, b, c)| format!(".:{a}{}.:{b}", ['l', 'r', 'e'][c])),
                )
                .collect();
            let text = pieces.join(";");
            let graph = ChildishHackenbush::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
            cases.push((
                text,
                graph,
                Picture {
                    edges,
                    standing: all,
                },
            ));
        }
    }
    check(
        "childish_hackenbush",
        ChildishHackenbush,
        PlainChildish,
        &cases,
        100,
    );
}

#[test]
fn childish_hackenbush_lollipop_has_cgsuite_atomic_weight() {
    let mut store = GameStore::new();
    let mut memo = ValueMemo::new(ChildishHackenbush);
    let graph = ChildishHackenbush::parse("(e:B;e:B;e:Blllllllllrr:B)").expect("a graph");
    let value = memo.value(&mut store, &graph).expect("small");
    let weight = store.atomic_weight(value).expect("an atomic weight");
    assert_eq!(store.display(weight), "3/2");
}

/// Digraph Placement on a fixed digraph: owners (0 Left, 1 Right), arcs
/// out of each vertex, and the vertices left.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Placement {
    owners: Vec<usize>,
    out: Vec<u64>,
    alive: u64,
}

/// Digraph Placement from its rules: take a vertex of yours that is left;
/// it and every vertex it has an arc to go.
#[derive(Clone)]
struct PlainPlacement;

impl PartizanGame for PlainPlacement {
    type Position = Placement;
    fn options(&self, p: &Placement, side: Side, out: &mut Vec<Placement>) {
        let mine = if side == Side::Left { 0 } else { 1 };
        for v in 0..p.owners.len() {
            if p.alive >> v & 1 == 1 && p.owners[v] == mine {
                out.push(Placement {
                    alive: p.alive & !(1 << v) & !p.out[v],
                    ..p.clone()
                });
            }
        }
    }
}

#[test]
fn digraph_placement_values_agree_with_the_game_tree() {
    // Every digraph of up to 3 vertices in every colouring, and of 4 in
    // two colourings.
    // Each digraph as its owners and its arcs.
    type Drawing = (Vec<usize>, Vec<(usize, usize)>);
    let mut drawn: Vec<Drawing> = Vec::new();
    for n in 0..=4usize {
        let arcs: Vec<(usize, usize)> = (0..n)
            .flat_map(|a| (0..n).filter(move |&b| b != a).map(move |b| (a, b)))
            .collect();
        let colourings: Vec<Vec<usize>> = if n < 4 {
            (0..1usize << n)
                .map(|c| (0..n).map(|v| c >> v & 1).collect())
                .collect()
        } else {
            vec![vec![0, 0, 1, 1], vec![0, 1, 0, 1]]
        };
        for owners in colourings {
            for code in 0..1usize << arcs.len() {
                let chosen = arcs
                    .iter()
                    .enumerate()
                    .filter(|&(i, _)| code >> i & 1 == 1)
                    .map(|(_, &arc)| arc)
                    .collect();
                drawn.push((owners.clone(), chosen));
            }
        }
    }
    let cases: Vec<_> = drawn
        .iter()
        .map(|(owners, arcs)| {
            let vertex = |v: usize| format!("{}:{v}", ['L', 'R'][owners[v]]);
            let pieces: Vec<String> = (0..owners.len())
                .map(vertex)
                .chain(
                    arcs.iter()
                        .map(|&(a, b)| format!("{}>{}", vertex(a), vertex(b))),
                )
                .collect();
            let text = pieces.join(";");
            let graph = DigraphPlacement::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
            let mut out = vec![0u64; owners.len()];
            for &(a, b) in arcs {
                out[a] |= 1 << b;
            }
            let alive = (1u64 << owners.len()) - 1;
            (
                text,
                graph,
                Placement {
                    owners: owners.clone(),
                    out,
                    alive,
                },
            )
        })
        .collect();
    check(
        "digraph_placement",
        DigraphPlacement,
        PlainPlacement,
        &cases,
        100,
    );
}

#[test]
fn arcs_read_as_cgsuite_writes_them() {
    // `-` is both arcs, `<` the arc from the next vertex.
    for (short, long) in [
        ("L-R", "L:0>R:1;R:1>L:0"),
        ("L<R", "L:0;R:1>L:0"),
        (
            "L>R(<L;-R)",
            "L:0;R:1;L:2;R:3;L:0>R:1;L:2>R:1;R:1>R:3;R:3>R:1",
        ),
    ] {
        assert_eq!(
            DigraphPlacement::parse(short),
            DigraphPlacement::parse(long),
            "{short}"
        );
    }
}
