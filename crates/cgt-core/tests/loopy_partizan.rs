//! The loopy partizan chapter against searches written from the rules, on
//! every game graph of up to three positions and on sums of two.

use cgt_core::canonical::GameStore;
use cgt_core::loopy_partizan::{
    Graph, LoopyError, LoopyOutcomeClass, LoopyValue, Play, StopperStore,
};
use cgt_core::outcome::Side;
use rustc_hash::FxHashMap;

const SIDES: [Side; 2] = [Side::Left, Side::Right];

/// The graph on `n` positions whose moves are given by bits: bit `w` of
/// `masks[2v]` is a Left move v -> w, of `masks[2v + 1]` a Right move.
fn graph_from_masks(n: usize, masks: &[u32]) -> Graph {
    let mut graph = Graph::new();
    for _ in 0..n {
        graph.add_position();
    }
    for v in 0..n {
        for (s, side) in SIDES.into_iter().enumerate() {
            for w in 0..n {
                if masks[2 * v + s] >> w & 1 == 1 {
                    graph.add_move(v as u32, side, w as u32);
                }
            }
        }
    }
    graph
}

/// Every graph on `n` positions.
fn all_graphs(n: usize) -> impl Iterator<Item = Graph> {
    let per = 1_u64 << n;
    let count = per.pow(2 * n as u32);
    (0..count).map(move |mut code| {
        let masks: Vec<u32> = (0..2 * n)
            .map(|_| {
                let m = (code % per) as u32;
                code /= per;
                m
            })
            .collect();
        graph_from_masks(n, &masks)
    })
}

/// Who wins from every (position, player to move), by rounds of the
/// definitions: won within k moves if some move reaches a state lost
/// within k - 1; lost within k if every move reaches a state won within
/// k - 1 (so a state with no move is lost at once). What no round decides
/// is a draw.
fn brute_outcome(graph: &Graph, v: u32) -> LoopyOutcomeClass {
    let n = graph.len();
    // decided[(v, side)] = Some(true) if the mover wins.
    let mut decided: Vec<[Option<bool>; 2]> = vec![[None, None]; n];
    loop {
        let mut next = decided.clone();
        for u in 0..n {
            for (s, side) in SIDES.into_iter().enumerate() {
                if decided[u][s].is_some() {
                    continue;
                }
                let after: Vec<Option<bool>> = graph
                    .moves(u as u32, side)
                    .iter()
                    .map(|&w| decided[w as usize][1 - s])
                    .collect();
                if after.contains(&Some(false)) {
                    next[u][s] = Some(true);
                } else if after.iter().all(|&a| a == Some(true)) {
                    next[u][s] = Some(false);
                }
            }
        }
        if next == decided {
            break;
        }
        decided = next;
    }
    let play = |s: usize, side: Side| match decided[v as usize][s] {
        None => Play::Draw,
        Some(mover_wins) => {
            if mover_wins == (side == Side::Left) {
                Play::LeftWins
            } else {
                Play::RightWins
            }
        }
    };
    LoopyOutcomeClass::new(play(0, Side::Left), play(1, Side::Right))
}

/// Whether Left survives `H - G` moving second: Right cannot force, in
/// any number of moves, a position where Left must move and cannot. By
/// rounds: the states Right forces within k moves.
fn brute_survives(graph: &Graph, g: u32, h: u32) -> bool {
    let n = graph.len();
    // forced[(g, h)][mover]: Right can force Left stuck from here.
    let mut forced = vec![[false; 2]; n * n];
    loop {
        let mut changed = false;
        for x in 0..n as u32 {
            for y in 0..n as u32 {
                let at = (x as usize) * n + y as usize;
                // Left to move in y - x: y^L - x or y - x^R.
                if !forced[at][0] {
                    let mut options = graph.moves(y, Side::Left).iter().map(|&y2| (x, y2));
                    let mut other = graph.moves(x, Side::Right).iter().map(|&x2| (x2, y));
                    let all_forced = options.all(|(a, b)| forced[a as usize * n + b as usize][1])
                        && other.all(|(a, b)| forced[a as usize * n + b as usize][1]);
                    if all_forced {
                        forced[at][0] = true;
                        changed = true;
                    }
                }
                // Right to move: y^R - x or y - x^L.
                if !forced[at][1] {
                    let some = graph
                        .moves(y, Side::Right)
                        .iter()
                        .any(|&y2| forced[x as usize * n + y2 as usize][0])
                        || graph
                            .moves(x, Side::Left)
                            .iter()
                            .any(|&x2| forced[x2 as usize * n + y as usize][0]);
                    if some {
                        forced[at][1] = true;
                        changed = true;
                    }
                }
            }
        }
        if !changed {
            break;
        }
    }
    !forced[g as usize * n + h as usize][1]
}

/// `g` (in `a`) and `h` (in `b`) compared in one graph holding both.
fn le_across(a: &Graph, g: u32, b: &Graph, h: u32) -> bool {
    let mut union = a.clone();
    let offset = union.append(b);
    union.order().expect("small").le(g, h + offset)
}

#[test]
fn outcomes_and_order_agree_with_the_rules_on_every_graph_of_up_to_three_positions() {
    for n in 1..=3 {
        for graph in all_graphs(n) {
            let outcomes = graph.outcomes();
            let order = graph.order().expect("small");
            for v in 0..n as u32 {
                assert_eq!(
                    outcomes[v as usize],
                    brute_outcome(&graph, v),
                    "{graph:?} at {v}"
                );
                for w in 0..n as u32 {
                    assert_eq!(
                        order.le(v, w),
                        brute_survives(&graph, v, w),
                        "{graph:?}: {v} <= {w}"
                    );
                }
            }
        }
    }
}

#[test]
fn every_stopper_of_up_to_three_positions_equals_its_simplest_form_and_equal_ones_share_it() {
    let mut forms: FxHashMap<Graph, Graph> = FxHashMap::default();
    let mut stoppers = 0;
    for n in 1..=3 {
        for graph in all_graphs(n) {
            let simplest = match graph.simplest_form(0) {
                Ok(s) => s,
                Err(LoopyError::NotStopper) => {
                    assert!(!graph.is_stopper(0));
                    continue;
                }
                Err(e) => panic!("{e}"),
            };
            stoppers += 1;
            assert!(simplest.is_stopper(0), "{graph:?}");
            // The simplest form is the same game: equal, same outcome.
            assert!(
                le_across(&graph, 0, &simplest, 0) && le_across(&simplest, 0, &graph, 0),
                "{graph:?}"
            );
            assert_eq!(graph.outcomes()[0], simplest.outcomes()[0], "{graph:?}");
            // No two of its positions are equal by the search (fusion went
            // as far as it may), and it is its own simplest form.
            for v in 0..simplest.len() as u32 {
                for w in 0..v {
                    let equal = brute_survives(&simplest, v, w) && brute_survives(&simplest, w, v);
                    assert!(
                        !equal,
                        "{graph:?}: positions {v} and {w} of {simplest:?} are equal"
                    );
                }
            }
            assert_eq!(simplest.simplest_form(0).expect("a stopper"), simplest);
            forms.entry(simplest).or_insert(graph);
        }
    }
    // Different simplest forms are different games.
    let distinct: Vec<&Graph> = forms.keys().collect();
    for (i, a) in distinct.iter().enumerate() {
        for b in &distinct[..i] {
            assert!(
                !(le_across(a, 0, b, 0) && le_across(b, 0, a, 0)),
                "{a:?} and {b:?} are equal"
            );
        }
    }
    assert!(
        stoppers > 10_000 && distinct.len() > 50,
        "{stoppers} stoppers, {} values",
        distinct.len()
    );
}

/// A small pseudo-random generator (xorshift), so the sample is the same
/// on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn graph(&mut self, n: usize) -> Graph {
        let masks: Vec<u32> = (0..2 * n)
            .map(|_| (self.next() & self.next()) as u32 & ((1 << n) - 1))
            .collect();
        graph_from_masks(n, &masks)
    }
}

#[test]
fn sums_of_stoppers_and_the_order_by_play_on_random_graphs_of_four_and_five_positions() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut stoppers = StopperStore::new();
    let mut sample = Vec::new();
    while sample.len() < 60 {
        let n = 4 + (rng.next() % 2) as usize;
        let graph = rng.graph(n);
        if let Ok(s) = stoppers.stopper(&graph, 0) {
            sample.push((graph, s));
        }
    }
    for (g, gs) in &sample {
        for (h, hs) in &sample[..12] {
            // The order of the simplest forms is the order of the games.
            let le = stoppers.le(*gs, *hs).expect("small");
            assert_eq!(le, le_across(g, 0, h, 0));
            // Equal games have one simplest form, so one id.
            assert_eq!(le && stoppers.le(*hs, *gs).expect("small"), gs == hs);
            // `G <= H` as Left surviving `H - G` moving second, by search.
            let mut difference = h.clone();
            let minus_g = difference.append(&g.negative());
            let sum = Graph::sum(&difference, 0, &difference, minus_g, 10_000).expect("small");
            assert_eq!(
                le,
                brute_outcome(&sum, 0).first(Side::Right) != Play::RightWins
            );
            // A sum that is a stopper: its simplest form is the sum.
            let sum = Graph::sum(g, 0, h, 0, 10_000).expect("small");
            match stoppers.add(*gs, *hs) {
                Ok(total) => {
                    let form = stoppers.form(total).clone();
                    assert!(le_across(&sum, 0, &form, 0) && le_across(&form, 0, &sum, 0));
                    assert_eq!(brute_outcome(&sum, 0), form.outcomes()[0]);
                }
                Err(LoopyError::NotStopper) => assert!(!sum.is_stopper(0)),
                Err(e) => panic!("{e}"),
            }
        }
    }
}

#[test]
fn short_games_are_stoppers_with_their_canonical_forms() {
    let mut store = GameStore::new();
    let mut stoppers = StopperStore::new();
    let games = store.born_by(2).expect("day 2");
    let ids: Vec<_> = games
        .iter()
        .map(|&g| stoppers.short(&mut store, g).expect("short"))
        .collect();
    for (i, &g) in games.iter().enumerate() {
        assert_eq!(stoppers.to_short(ids[i], &mut store), Some(g));
        for (j, &h) in games.iter().enumerate() {
            assert_eq!(stoppers.le(ids[i], ids[j]).expect("small"), store.le(g, h));
        }
    }
    let minus = stoppers.neg(ids[3]);
    let neg = store.neg(games[3]);
    assert_eq!(stoppers.to_short(minus, &mut store), Some(neg));
}

/// The graph of one game in the notation of `pass` positions: `on`,
/// `off`, `over`, `under`, `upon = {pass|*}`, `dud = {pass|pass}`.
fn named(name: &str) -> (Graph, u32) {
    let mut graph = Graph::new();
    let g = graph.add_position();
    let zero = graph.add_position();
    let star = graph.add_position();
    graph.add_move(star, Side::Left, zero);
    graph.add_move(star, Side::Right, zero);
    // Each game's moves: Left's and Right's, to itself, 0 or *.
    let (left, right): (&[u32], &[u32]) = match name {
        "on" => (&[g], &[]),
        "off" => (&[], &[g]),
        "over" => (&[zero], &[g]),
        "under" => (&[g], &[zero]),
        "upon" => (&[g], &[star]),
        "dud" => (&[g], &[g]),
        "1" => (&[zero], &[]),
        _ => panic!("{name}"),
    };
    for (side, targets) in [(Side::Left, left), (Side::Right, right)] {
        for &to in targets {
            graph.add_move(g, side, to);
        }
    }
    (graph, g)
}

#[test]
fn the_named_stoppers_order_as_the_theory_says() {
    let mut stoppers = StopperStore::new();
    let mut id = |name| {
        let (graph, g) = named(name);
        stoppers.stopper(&graph, g)
    };
    let (on, off, over, under, upon, one) = (
        id("on"),
        id("off"),
        id("over"),
        id("under"),
        id("upon"),
        id("1"),
    );
    assert_eq!(id("dud"), Err(LoopyError::NotStopper));
    let (on, off, over, under, upon, one) = (
        on.unwrap(),
        off.unwrap(),
        over.unwrap(),
        under.unwrap(),
        upon.unwrap(),
        one.unwrap(),
    );
    let mut store = GameStore::new();
    let zero = store.zero();
    let zero = stoppers.short(&mut store, zero).expect("short");
    let lt = |s: &StopperStore, a, b| s.le(a, b).unwrap() && !s.le(b, a).unwrap();
    // off < under < 0 < over < 1 < on; 0 < upon.
    for pair in [
        (off, under),
        (under, zero),
        (zero, over),
        (over, one),
        (one, on),
        (zero, upon),
    ] {
        assert!(lt(&stoppers, pair.0, pair.1), "{pair:?}");
    }
    // on absorbs numbers; the negatives are the mirror images.
    assert_eq!(stoppers.add(on, one), Ok(on));
    assert_eq!(stoppers.neg(over), under);
    assert_eq!(stoppers.neg(on), off);
    // on + off and over + under are not stoppers.
    assert_eq!(stoppers.add(on, off), Err(LoopyError::NotStopper));
    assert_eq!(stoppers.add(over, under), Err(LoopyError::NotStopper));
    // Outcomes: on is L, over is L (Right's pass never ends Left's 0), dud D.
    assert_eq!(stoppers.form(on).outcomes()[0], LoopyOutcomeClass::L);
    let (dud, d) = named("dud");
    assert_eq!(dud.outcomes()[d as usize], LoopyOutcomeClass::D);
}

/// The onside and offside found by sidling, against their definition by
/// play: for every stopper `X` of a family, `G⁺ >= X` exactly when Left
/// survives `G - X` moving second, and `G⁻ <= X` exactly when Left survives
/// `X - G` moving second.
#[test]
fn onsides_and_offsides_agree_with_survival_against_every_small_stopper() {
    let mut stoppers = StopperStore::new();
    let mut store = GameStore::new();
    // The family: every stopper of up to two positions and every short
    // game born by day 2.
    let mut family = std::collections::BTreeSet::new();
    for n in 1..=2 {
        for graph in all_graphs(n) {
            if let Ok(s) = stoppers.stopper(&graph, 0) {
                family.insert(s);
            }
        }
    }
    for g in store.born_by(2).expect("day 2") {
        family.insert(stoppers.short(&mut store, g).expect("short"));
    }
    let family: Vec<_> = family.into_iter().collect();
    // The games: every graph of up to two positions, and random ones of
    // three and four.
    let mut games: Vec<Graph> = (1..=2).flat_map(all_graphs).collect();
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    for _ in 0..60 {
        let n = 3 + (rng.next() % 2) as usize;
        games.push(rng.graph(n));
    }
    // Graphs where sidling alone does not settle (`a{a,0|b}, b{b|a}`
    // descends through `v^n*` for ever): the simplified graph does.
    games.push(graph_from_masks(3, &[5, 2, 2, 1, 0, 0]));
    games.push(graph_from_masks(3, &[7, 2, 2, 1, 0, 0]));
    games.push(graph_from_masks(3, &[1, 6, 2, 1, 0, 0]));
    let (mut sided, mut unsettled) = (0, 0);
    for graph in &games {
        let (onside, offside) = match stoppers.value(graph, 0) {
            Ok(LoopyValue::Stopper(s)) => (s, s),
            Ok(LoopyValue::Sided { onside, offside }) => {
                sided += 1;
                (onside, offside)
            }
            Err(LoopyError::Unsettled { .. }) => {
                unsettled += 1;
                continue;
            }
            Err(e) => panic!("{e}"),
        };
        assert!(stoppers.le(offside, onside).expect("small"), "{graph:?}");
        for &x in &family {
            let mut union = graph.clone();
            let at = union.append(stoppers.form(x));
            assert_eq!(
                stoppers.le(x, onside).expect("small"),
                brute_survives(&union, at, 0),
                "{graph:?}: onside {} against {}",
                stoppers.display(onside, &mut store),
                stoppers.display(x, &mut store)
            );
            assert_eq!(
                stoppers.le(offside, x).expect("small"),
                brute_survives(&union, 0, at),
                "{graph:?}: offside {} against {}",
                stoppers.display(offside, &mut store),
                stoppers.display(x, &mut store)
            );
        }
    }
    assert!(
        sided > 100 && unsettled == 0,
        "{sided} sided values, {unsettled} unsettled"
    );
}

/// `G⁺ <= H⁺` by play on the two graphs ([`Graph::onside_le`]) agrees with
/// the order of the onsides found by sidling, for every pair of graphs of
/// up to two positions.
#[test]
fn onsides_compared_by_play_agree_with_the_order_of_the_onsides() {
    let mut stoppers = StopperStore::new();
    let graphs: Vec<Graph> = (1..=2).flat_map(all_graphs).collect();
    let onsides: Vec<_> = graphs
        .iter()
        .map(|g| match stoppers.value(g, 0).expect("settles") {
            LoopyValue::Stopper(s) => s,
            LoopyValue::Sided { onside, .. } => onside,
        })
        .collect();
    for (a, &x) in graphs.iter().zip(&onsides) {
        for (b, &y) in graphs.iter().zip(&onsides) {
            assert_eq!(
                a.onside_le(0, b, 0).expect("small"),
                stoppers.le(x, y).expect("small"),
                "{a:?} against {b:?}"
            );
        }
    }
}

/// Degrees are idempotents at least `0`, `0` for short games; sides of a
/// sum are its upsum and downsum; Grenville's game is unstable (CGSuite's
/// documentation names it so), and stable stoppers have varieties.
#[test]
fn degrees_are_idempotents_and_varieties_exist_where_stable() {
    let mut stoppers = StopperStore::new();
    let mut store = GameStore::new();
    let zero = store.zero();
    let zero = stoppers.short(&mut store, zero).expect("0");
    let mut family = std::collections::BTreeSet::new();
    for n in 1..=2 {
        for graph in all_graphs(n) {
            if let Ok(s) = stoppers.stopper(&graph, 0) {
                family.insert(s);
            }
        }
    }
    let mut stable = 0;
    for &g in &family {
        let d = stoppers.degree(g).expect("small");
        assert!(stoppers.le(zero, d).expect("small"), "degree below 0");
        assert_eq!(stoppers.upsum(d, d).expect("small"), d, "not idempotent");
        if stoppers.to_short(g, &mut store).is_some() {
            assert_eq!(d, zero);
        }
        if stoppers.variety(g).expect("small").is_some() {
            stable += 1;
        }
    }
    assert!(stable > family.len() / 2, "{stable} of {}", family.len());
    let on = stoppers.on();
    assert_eq!(stoppers.degree(on), Ok(on));
    let grenville = match stoppers
        .parse(&mut store, "a{0|{0||||0,*2|||a|0||0}||0}")
        .expect("reads")
    {
        LoopyValue::Stopper(s) => s,
        other => panic!("{other:?}"),
    };
    assert_eq!(stoppers.variety(grenville), Ok(None));
    assert_eq!(
        stoppers.display(grenville, &mut store),
        "a{0|{0||||0,*2|||a|0||0}||0}"
    );
}

/// Stops: a short game's are its stops as a short game; a pseudonumber is
/// its own; `{1|over}`, `{on|0}` and `{0|under}` stop where play rests.
#[test]
fn stops_of_short_games_and_pseudonumbers() {
    let mut stoppers = StopperStore::new();
    let mut store = GameStore::new();
    for g in store.born_by(3).expect("day 3") {
        let s = stoppers.short(&mut store, g).expect("short");
        for side in SIDES {
            let stop = stoppers.stop(s, side, &mut store).expect("small");
            let want = match side {
                Side::Left => store.left_stop(g),
                Side::Right => store.right_stop(g),
            };
            let want = store.number(want);
            assert_eq!(stoppers.to_short(stop, &mut store), Some(want));
        }
    }
    for (game, left, right) in [
        ("on", "on", "on"),
        ("over", "over", "over"),
        ("1/2under", "1/2under", "1/2under"),
        ("{1|over}", "1", "over"),
        ("{on|0}", "on", "0"),
        ("{0|under}", "0", "under"),
        ("upon", "0", "0"),
    ] {
        let LoopyValue::Stopper(g) = stoppers.parse(&mut store, game).expect(game) else {
            panic!("{game}")
        };
        assert!(
            stoppers.is_pseudonumber(g, &mut store) == (left == game),
            "{game}"
        );
        let l = stoppers.stop(g, Side::Left, &mut store).expect("small");
        let r = stoppers.stop(g, Side::Right, &mut store).expect("small");
        assert_eq!(stoppers.display(l, &mut store), left, "{game}");
        assert_eq!(stoppers.display(r, &mut store), right, "{game}");
    }
}

#[test]
fn a_notation_error_carries_the_loopy_error_that_stopped_the_value() {
    let mut store = GameStore::new();
    let mut stoppers = StopperStore::new();
    // Notation that does not read has none.
    let error = stoppers.parse(&mut store, "{0|b}").unwrap_err();
    assert_eq!(error.loopy_error(), None);
    // Notation that reads, valued under a check that stops at once (two
    // positions that are not stoppers, so that sidling asks it): the kind
    // is the loopy error's, the message as before.
    stoppers.set_interrupt(Some(|| true));
    let error = stoppers.parse(&mut store, "a{b{a|b}|a}").unwrap_err();
    assert_eq!(error.loopy_error(), Some(&LoopyError::Interrupted));
    assert_eq!(error.to_string(), "at character 1: interrupted");
}
