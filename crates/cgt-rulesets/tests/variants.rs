//! CGSuite's variants (impartial, dicotic, twisted) of other rulesets
//! against a plain search of each variant's rules, written here from
//! CGSuite's definitions on the base game's moves alone (no split, no
//! memo of the base ruleset): every position's value is the same id in
//! one store as the plain game's canonical form, and the solver agrees
//! with the plain search on each position and on sums of pairs. Then the
//! coordinate games and Weighted Arc Kayles against a plain mex search.

use cgt_core::canonical::{GameId, GameStore};
use cgt_core::impartial::{GrundyMemo, ImpartialGame};
use cgt_core::outcome::Side;
use cgt_core::partizan::{PartizanGame, ValueMemo};
use cgt_rulesets::Rulesets;
use cgt_rulesets::clobber::Clobber;
use cgt_rulesets::coordinate::Coordinate;
use cgt_rulesets::domineering::Domineering;
use cgt_rulesets::hackenbush::Hackenbush;
use cgt_rulesets::kayles::Kayles;
use cgt_rulesets::weighted_arc_kayles::WeightedArcKayles;
use std::collections::HashMap;

mod common;
use common::{WYTHOFF_P_POSITIONS, check_refusals, check_solver};

#[derive(Clone, Copy, Debug, PartialEq)]
enum Variant {
    Impartial,
    Dicotic,
    Twisted,
}

impl Variant {
    fn name(self) -> &'static str {
        match self {
            Variant::Impartial => "impartial",
            Variant::Dicotic => "dicotic",
            Variant::Twisted => "twisted",
        }
    }
}

/// A variant played from its definition on `G`'s moves: a position and
/// whether the roles are swapped (the negative, in the twisted variant).
/// `i(G) = {i(G^L), i(G^R) | i(G^L), i(G^R)}`; `d(G) = {d(G^L) | d(G^R)}`
/// if both have a move, else 0; `t(G) = {-t(G^L) | -t(G^R)}`.
#[derive(Clone)]
struct Plain<G> {
    base: G,
    variant: Variant,
}

impl<G: PartizanGame> PartizanGame for Plain<G> {
    type Position = (G::Position, bool);
    fn options(&self, (p, swapped): &Self::Position, side: Side, out: &mut Vec<Self::Position>) {
        let mut moves = Vec::new();
        let mut swap = false;
        match self.variant {
            Variant::Impartial => {
                self.base.options(p, Side::Left, &mut moves);
                self.base.options(p, Side::Right, &mut moves);
            }
            Variant::Dicotic => {
                let mut theirs = Vec::new();
                self.base.options(p, side.opponent(), &mut theirs);
                if !theirs.is_empty() {
                    self.base.options(p, side, &mut moves);
                }
            }
            Variant::Twisted => {
                // Swapped, the position is -t(G): Left makes G's Right
                // moves, to t(G^R).
                let mover = if *swapped { side.opponent() } else { side };
                self.base.options(p, mover, &mut moves);
                swap = !*swapped;
            }
        }
        out.extend(moves.into_iter().map(|m| (m, swap)));
    }
}

/// Checks `variant(name(text))` for each position against the plain
/// variant of `base`, and the solver on the first `pairs` positions.
fn check<G>(variant: Variant, name: &str, base: G, cases: &[(String, G::Position)], pairs: usize)
where
    G: PartizanGame + Clone,
    G::Position: std::fmt::Debug,
{
    assert!(!cases.is_empty());
    let mut store = GameStore::new();
    let mut rulesets = Rulesets::new();
    let plain = Plain { base, variant };
    let mut values = ValueMemo::new(plain.clone());
    for (text, p) in cases {
        let term = format!("{name}({text})");
        let got: GameId = rulesets
            .resolve(&mut store, variant.name(), &term)
            .expect("a registered variant")
            .unwrap_or_else(|e| panic!("{term}: {e}"));
        let want = values
            .value(&mut store, &(p.clone(), false))
            .expect("small");
        assert_eq!(
            got,
            want,
            "{}({term}) = {}, the plain search says {}",
            variant.name(),
            store.display(got),
            store.display(want)
        );
    }
    let solver_cases: Vec<_> = cases
        .iter()
        .map(|(t, p)| (format!("{name}({t})"), (p.clone(), false)))
        .collect();
    check_solver(variant.name(), plain, &solver_cases, pairs);
}

/// Every board of `cells` on up to `max_rows` × `max_cols` cells, as text
/// and as read by `parse`.
fn boards<P>(
    cells: &[char],
    max_rows: usize,
    max_cols: usize,
    parse: fn(&str) -> Result<P, cgt_rulesets::ParseError>,
) -> Vec<(String, P)> {
    let mut out = Vec::new();
    for rows in 1..=max_rows {
        for cols in 1..=max_cols {
            let n = rows * cols;
            for code in 0..cells.len().pow(n as u32) {
                let mut text = String::new();
                for i in 0..n {
                    if i > 0 && i % cols == 0 {
                        text.push('|');
                    }
                    text.push(cells[code / cells.len().pow(i as u32) % cells.len()]);
                }
                let p = parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
                out.push((text, p));
            }
        }
    }
    out
}

/// Every word of `letters` of length 1 to `max`.
fn words(letters: &[char], max: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut last: Vec<String> = vec![String::new()];
    for _ in 0..max {
        last = last
            .iter()
            .flat_map(|w| letters.iter().map(move |&c| format!("{w}{c}")))
            .collect();
        out.extend(last.iter().cloned());
    }
    out
}

#[test]
fn variants_of_domineering_agree_with_their_rules() {
    let cases = boards(&['.', '#'], 3, 3, Domineering::parse);
    for variant in [Variant::Impartial, Variant::Dicotic, Variant::Twisted] {
        check(variant, "domineering", Domineering, &cases, 30);
    }
}

#[test]
fn the_impartial_variant_of_domineering_is_cram() {
    let mut store = GameStore::new();
    let mut rulesets = Rulesets::new();
    for (text, _) in boards(&['.', '#'], 3, 4, Domineering::parse) {
        let variant = rulesets.resolve(&mut store, "impartial", &format!("domineering({text})"));
        let cram = rulesets.resolve(&mut store, "cram", &text);
        assert_eq!(variant, cram, "{text}");
    }
}

#[test]
fn variants_of_clobber_and_hackenbush_agree_with_their_rules() {
    let clobber = boards(&['x', 'o', '.'], 2, 3, Clobber::parse);
    let stalks: Vec<_> = words(&['l', 'r', 'e'], 4)
        .into_iter()
        .chain(["l(r;e)", "e(l;r(e;l))", "r(ll;e)"].map(String::from))
        .map(|t| {
            let p = Hackenbush::parse(&t).unwrap_or_else(|e| panic!("{t}: {e}"));
            (t, p)
        })
        .collect();
    for variant in [Variant::Impartial, Variant::Dicotic, Variant::Twisted] {
        check(variant, "clobber", Clobber, &clobber, 20);
        check(variant, "hackenbush", Hackenbush, &stalks, 20);
    }
}

/// Kayles as a partizan game whose players have the same moves.
#[derive(Clone)]
struct BothKayles;

impl PartizanGame for BothKayles {
    type Position = <Kayles as ImpartialGame>::Position;
    fn options(&self, p: &Self::Position, _: Side, out: &mut Vec<Self::Position>) {
        ImpartialGame::options(&Kayles, p, out);
    }
}

#[test]
fn variants_of_an_impartial_ruleset_are_the_ruleset() {
    let cases: Vec<_> = ["1", "2", "3", "4", "5", "2,3", "1,4,6", "8"]
        .into_iter()
        .map(|t| (t.to_string(), Kayles::parse(t).expect("rows")))
        .collect();
    let mut store = GameStore::new();
    let mut rulesets = Rulesets::new();
    for variant in [Variant::Impartial, Variant::Dicotic, Variant::Twisted] {
        check(variant, "kayles", BothKayles, &cases, 8);
        for (text, _) in &cases {
            let v = rulesets.resolve(&mut store, variant.name(), &format!("kayles({text})"));
            assert_eq!(v, rulesets.resolve(&mut store, "kayles", text), "{text}");
        }
    }
}

#[test]
fn variant_moves_and_written_positions_read_back() {
    let mut rulesets = Rulesets::new();
    let (position, moves) = rulesets
        .moves("twisted", " hackenbush( lr ) ", Side::Left)
        .expect("a ruleset")
        .expect("reads");
    assert_eq!(position, "hackenbush(lr)");
    assert_eq!(moves, ["-hackenbush()"]);
    // A swapped position reads back, and its moves swap back.
    let (_, back) = rulesets
        .moves("twisted", "-hackenbush(lr)", Side::Left)
        .expect("a ruleset")
        .expect("reads");
    assert_eq!(back, ["hackenbush(l)"]);
    let (_, both) = rulesets
        .moves("impartial", "domineering(..)", Side::Right)
        .expect("a ruleset")
        .expect("reads");
    assert_eq!(both, ["domineering()"]);
}

#[test]
fn bad_variant_positions_are_rejected_with_the_place() {
    check_refusals(&[
        (
            "impartial",
            "domineering(..|.x)",
            "impartial position: at character 17: domineering position: expected '.', '#' or '|', found 'x'",
        ),
        (
            "dicotic",
            "chess(..)",
            "dicotic position: at character 1: expected the name of a short ruleset that is not a variant, found `chess`",
        ),
        (
            "twisted",
            "impartial(domineering(..))",
            "twisted position: at character 1: expected the name of a short ruleset that is not a variant, found `impartial`",
        ),
        (
            "impartial",
            "fox_and_geese((3,1);(1,1))",
            "impartial position: at character 1: expected the name of a short ruleset that is not a variant, found `fox_and_geese`",
        ),
        (
            "impartial",
            "-domineering(..)",
            "impartial position: at character 1: expected a ruleset's name (a `-` only in a twisted position)",
        ),
        (
            "dicotic",
            "domineering",
            "dicotic position: at character 1: expected a term NAME(POSITION) of a short ruleset (`domineering(..|..)`)",
        ),
    ]);
    let mut store = GameStore::new();
    let mut rulesets = Rulesets::new();
    // In an expression, the error stands at the argument, its message says where inside.
    let error = store
        .parse_with("1 + impartial(domineering(.x))", &mut |s, n, a| {
            rulesets.resolve(s, n, a)
        })
        .expect_err("a bad cell");
    assert_eq!(error.position(), 14, "{error}");
}

/// The Grundy value of every position of a plain impartial game by the
/// mex of its options' values, memoised.
fn mex_search<P: Clone + Eq + std::hash::Hash>(
    p: &P,
    options: &dyn Fn(&P) -> Vec<P>,
    memo: &mut HashMap<P, u64>,
) -> u64 {
    if let Some(&g) = memo.get(p) {
        return g;
    }
    let values: Vec<u64> = options(p)
        .iter()
        .map(|o| mex_search(o, options, memo))
        .collect();
    let g = (0..).find(|g| !values.contains(g)).expect("a mex");
    memo.insert(p.clone(), g);
    g
}

/// A coordinate game's step: rows, columns, and whether it repeats.
type Step = (i64, i64, bool);

#[test]
fn coordinate_games_agree_with_a_plain_mex_search() {
    // Steps as (rows, columns, rider); the games of Winning Ways' ch. 12
    // and two others.
    let games: [(&str, &[Step]); 5] = [
        (
            "(-1,0)*,(0,-1)*,(-1,-1)*",
            &[(-1, 0, true), (0, -1, true), (-1, -1, true)],
        ),
        ("(-1,0)*,(0,-1)*", &[(-1, 0, true), (0, -1, true)]),
        (
            "(-1,0),(0,-1),(-1,-1)",
            &[(-1, 0, false), (0, -1, false), (-1, -1, false)],
        ),
        (
            "(-2,1),(1,-2),(-2,-1),(-1,-2)",
            &[
                (-2, 1, false),
                (1, -2, false),
                (-2, -1, false),
                (-1, -2, false),
            ],
        ),
        (
            "(-3,1)*,(0,-2),(-1,-1)*",
            &[(-3, 1, true), (0, -2, false), (-1, -1, true)],
        ),
    ];
    let mut store = GameStore::new();
    let mut rulesets = Rulesets::new();
    for (steps_text, steps) in games {
        let options = |&(r, c): &(i64, i64)| {
            let mut out = Vec::new();
            for &(dr, dc, rider) in steps {
                let mut k = 1;
                while r + k * dr >= 0 && c + k * dc >= 0 {
                    out.push((r + k * dr, c + k * dc));
                    if !rider {
                        break;
                    }
                    k += 1;
                }
            }
            out
        };
        let mut plain = HashMap::new();
        let mut memo = GrundyMemo::new(Coordinate);
        for r in 0..12 {
            for c in 0..12 {
                let text = format!("({r},{c});{steps_text}");
                let tokens = Coordinate::parse(&text).expect("reads");
                let want = mex_search(&(r, c), &options, &mut plain);
                assert_eq!(memo.grundy(&tokens).value(), want, "{text}");
            }
        }
        // Two tokens are a sum: the nim-sum, by the registry too.
        for (a, b) in [((3, 4), (5, 2)), ((7, 7), (1, 0)), ((0, 9), (9, 0))] {
            let text = format!("({},{}),({},{});{steps_text}", a.0, a.1, b.0, b.1);
            let want = mex_search(&a, &options, &mut plain) ^ mex_search(&b, &options, &mut plain);
            let value = rulesets
                .resolve(&mut store, "coordinate", &text)
                .expect("a ruleset")
                .expect("reads");
            assert_eq!(value, store.nimber(want), "{text}");
        }
    }
}

#[test]
fn published_coordinate_values() {
    let mut memo = GrundyMemo::new(Coordinate);
    let mut grundy = |text: &str| {
        memo.grundy(&Coordinate::parse(text).expect("reads"))
            .value()
    };
    // Wythoff's game: the first rows of its Grundy table (Wythoff, 1907;
    // the table as Winning Ways, ch. 12, and OEIS A004481 give it).
    let queen = "(-1,0)*,(0,-1)*,(-1,-1)*";
    let rows: [[u64; 8]; 3] = [
        [0, 1, 2, 3, 4, 5, 6, 7],
        [1, 2, 0, 4, 5, 3, 7, 8],
        [2, 0, 1, 5, 3, 4, 8, 6],
    ];
    for (r, row) in rows.iter().enumerate() {
        for (c, &g) in row.iter().enumerate() {
            assert_eq!(grundy(&format!("({r},{c});{queen}")), g, "({r},{c})");
        }
    }
    // Its P-positions, Wythoff's: those of the board, (0,0) aside.
    for &(a, b) in &WYTHOFF_P_POSITIONS[1..9] {
        assert_eq!(grundy(&format!("({a},{b});{queen}")), 0);
        assert_eq!(grundy(&format!("({b},{a});{queen}")), 0);
    }
    // A king towards the corner loses to move exactly where both numbers
    // are even (Winning Ways, ch. 12).
    let king = "(-1,0),(0,-1),(-1,-1)";
    for r in 0..10 {
        for c in 0..10 {
            let zero = grundy(&format!("({r},{c});{king}")) == 0;
            assert_eq!(zero, r % 2 == 0 && c % 2 == 0, "({r},{c})");
        }
    }
}

#[test]
fn weighted_arc_kayles_agrees_with_a_plain_mex_search() {
    // Every graph on up to 4 vertices, each weight 0 to 2, written as
    // pieces `w:i-w:j` and lone `w:i`; the plain game keeps the fixed
    // graph and the weights.
    type Plain = (Vec<(usize, usize)>, Vec<u8>);
    let options = |(edges, weights): &Plain| {
        let mut out = Vec::new();
        for &(a, b) in edges {
            if weights[a] > 0 && weights[b] > 0 {
                let mut w = weights.clone();
                w[a] -= 1;
                if b != a {
                    w[b] -= 1;
                }
                out.push((edges.clone(), w));
            }
        }
        out
    };
    let mut plain = HashMap::new();
    let mut memo = GrundyMemo::new(WeightedArcKayles);
    let mut checked = 0;
    for n in 1..=4usize {
        let pairs: Vec<(usize, usize)> = (0..n).flat_map(|a| (a..n).map(move |b| (a, b))).collect();
        for edge_code in 0..1u32 << pairs.len() {
            let edges: Vec<_> = (0..pairs.len())
                .filter(|i| edge_code >> i & 1 == 1)
                .map(|i| pairs[i])
                .collect();
            // Loops only with few edges, to keep the count down.
            if edges.iter().any(|&(a, b)| a == b) && edges.len() > 3 {
                continue;
            }
            for weight_code in 0..3u32.pow(n as u32) {
                let weights: Vec<u8> = (0..n)
                    .map(|v| (weight_code / 3u32.pow(v as u32) % 3) as u8)
                    .collect();
                let mut pieces: Vec<String> =
                    (0..n).map(|v| format!("{}:{v}", weights[v])).collect();
                pieces.extend(
                    edges
                        .iter()
                        .map(|&(a, b)| format!("{}:{a}-{}:{b}", weights[a], weights[b])),
                );
                let text = pieces.join(";");
                let graph =
                    WeightedArcKayles::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
                let want = mex_search(&(edges.clone(), weights), &options, &mut plain);
                assert_eq!(memo.grundy(&graph).value(), want, "{text}");
                checked += 1;
            }
        }
    }
    assert!(checked > 10_000, "{checked}");
}
