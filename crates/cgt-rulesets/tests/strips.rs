//! Strip, cake and coordinate rulesets (Toads and Frogs and its
//! generalisations, Elephants and Rhinos, ...) against their game trees,
//! on every position up to a size: the outcome class of the value
//! (computed with the splits into components and the normalisation) is the
//! class a plain search of the rules finds; the value equals the canonical
//! form computed from the moves alone, with no split; and the outcome of
//! the sum of two positions, from their values, is what the search of the
//! sum finds.

use cgt_core::canonical::GameStore;
use cgt_core::outcome::Side;
use cgt_core::partizan::{PartizanGame, ValueMemo};
use cgt_rulesets::cake::Cakes;
use cgt_rulesets::cutcake::Cutcake;
use cgt_rulesets::eatcake::Eatcake;
use cgt_rulesets::elephants::Elephants;
use cgt_rulesets::maundy_cake::MaundyCake;
use cgt_rulesets::partizan_euclid::PartizanEuclid;
use cgt_rulesets::toads::{Cell, Strip, ToadsAndFrogs};

mod common;
use common::check_against;

/// Every string over `symbols` of length up to `most`, shortest first.
fn strings(symbols: &[char], most: u32) -> Vec<String> {
    let k = symbols.len();
    let mut out = Vec::new();
    for len in 0..=most {
        for code in 0..k.pow(len) {
            out.push((0..len).map(|i| symbols[code / k.pow(i) % k]).collect());
        }
    }
    out
}

/// Toads and Frogs from CGSuite's definition (GenToadsAndFrogs with
/// `minSlide >= 1`), on a vector of cells: 0 empty, 1 a toad, 2 a frog;
/// `jump`, `slide`, `min` and `friendly` are the rules' maxJump, maxSlide,
/// minSlide and allowFriendlyJump.
#[derive(Clone)]
struct PlainToads {
    jump: usize,
    slide: usize,
    min: usize,
    friendly: bool,
}

impl PlainToads {
    fn new(jump: usize, slide: usize) -> Self {
        PlainToads {
            jump,
            slide,
            min: 1,
            friendly: false,
        }
    }
}

impl PartizanGame for PlainToads {
    type Position = Vec<u8>;
    fn options(&self, cells: &Vec<u8>, side: Side, out: &mut Vec<Vec<u8>>) {
        let (us, them, sign) = match side {
            Side::Left => (1u8, 2u8, 1isize),
            Side::Right => (2, 1, -1),
        };
        // Off the strip is no cell: never empty, never an enemy.
        let at = |i: isize| -> Option<u8> {
            usize::try_from(i).ok().and_then(|i| cells.get(i).copied())
        };
        for n in 0..cells.len() {
            if cells[n] != us {
                continue;
            }
            let n = n as isize;
            let mut moved = |to: isize| {
                let mut next = cells.clone();
                next[n as usize] = 0;
                next[to as usize] = us;
                out.push(next);
            };
            // for k from 1 to maxSlide while strip[n + k*sign] == 0
            // where k >= minSlide
            for k in 1..=self.slide as isize {
                if at(n + k * sign) != Some(0) {
                    break;
                }
                if k >= self.min as isize {
                    moved(n + k * sign);
                }
            }
            // for k from 1 to maxJump while strip[n + k*sign] == them
            // (or, allowFriendlyJump, == us) where strip[n + (k+1)*sign] == 0
            for k in 1..=self.jump as isize {
                let over = at(n + k * sign);
                if over != Some(them) && !(self.friendly && over == Some(us)) {
                    break;
                }
                if at(n + (k + 1) * sign) == Some(0) {
                    moved(n + (k + 1) * sign);
                }
            }
        }
    }
}

fn plain_cells(strip: &Strip) -> Vec<u8> {
    (0..strip.len())
        .map(|i| match strip.cell(i) {
            Some(Cell::Toad) => 1,
            Some(Cell::Frog) => 2,
            _ => 0,
        })
        .collect()
}

/// Every strip of up to `most` cells, with the options `suffix`.
fn all_strips(
    most: u32,
    suffix: &str,
    parse: fn(&str) -> Result<Strip, cgt_rulesets::ParseError>,
) -> Vec<Strip> {
    strings(&['.', 't', 'f'], most)
        .iter()
        .map(|s| parse(&format!("{s}{suffix}")).expect("a strip"))
        .collect()
}

#[test]
fn toads_values_agree_with_the_game_tree() {
    // Strips of up to 9 cells; those of up to 4 (121) summed in pairs.
    let strips = all_strips(10, "", ToadsAndFrogs::parse);
    let reference = PlainToads::new(1, 1);
    check_against("toads", ToadsAndFrogs, reference, plain_cells, &strips, 121);
}

#[test]
fn generalised_toads_values_agree_with_the_game_tree() {
    for (jump, slide, most) in [(2, 1, 8), (3, 1, 7), (1, 2, 7), (2, 3, 7), (0, 2, 8)] {
        let suffix = format!(";jump={jump};slide={slide}");
        let strips = all_strips(most, &suffix, ToadsAndFrogs::parse);
        for s in &strips {
            assert_eq!((s.jump(), s.slide()), (jump, slide));
        }
        let reference = PlainToads::new(jump, slide);
        check_against("toads", ToadsAndFrogs, reference, plain_cells, &strips, 40);
    }
}

#[test]
fn toads_with_a_minimum_slide_or_friendly_jumps_agree_with_the_game_tree() {
    // MCGS's gen_toads parameters in its tests (min slide, max slide, max
    // jump, friendly): 1,2,1,1; 1,3,2,1 (its 1321); 2,3,2,0 (its 2320);
    // and friendly jumps with no slide past 1.
    for (min, slide, jump, friendly, most) in [
        (1, 2, 1, true, 7),
        (1, 3, 2, true, 7),
        (2, 3, 2, false, 7),
        (1, 1, 2, true, 8),
        (3, 3, 1, false, 8),
    ] {
        let flag = if friendly { ";friendly" } else { "" };
        let suffix = format!(";jump={jump};slide={slide};min={min}{flag}");
        let strips = all_strips(most, &suffix, ToadsAndFrogs::parse);
        for s in &strips {
            assert_eq!(
                (s.jump(), s.slide(), s.min_slide(), s.friendly()),
                (jump, slide, min, friendly)
            );
        }
        let reference = PlainToads {
            jump,
            slide,
            min,
            friendly,
        };
        check_against("toads", ToadsAndFrogs, reference, plain_cells, &strips, 40);
    }
}

#[test]
fn elephants_values_agree_with_the_game_tree() {
    // Strips of up to 10 cells; those of up to 4 summed in pairs.
    let strips = all_strips(11, "", Elephants::parse);
    let reference = PlainToads::new(0, 1);
    check_against(
        "elephants",
        ToadsAndFrogs,
        reference,
        plain_cells,
        &strips,
        121,
    );
}

#[test]
fn toads_examples_from_cgsuite() {
    let mut store = GameStore::new();
    let mut memo = ValueMemo::new(ToadsAndFrogs);
    let mut value = |strip: Strip| {
        let v = memo.value(&mut store, &strip).expect("a small value");
        store.display(v)
    };
    // CGSuite's GameStripTest.
    assert_eq!(
        value(ToadsAndFrogs::parse("ttttt..fffff").expect("a strip")),
        "+-{{2|*},{5/2||2|{0||||{0||v<2>|-1},{0||||0||Miny(1/32)|-2|||-1/2*}|||v<2>|-1/2||-1*}|||0}}"
    );
    assert_eq!(
        value(ToadsAndFrogs::parse("tttt..fff;jump=2").expect("a strip")),
        "{1/2*|v}"
    );
    assert_eq!(value(Elephants::parse("tttt..fff").expect("a strip")), "1");
}

/// A cake game from CGSuite's definition (GenCutcake): Left plays the heap
/// rule on the columns of one cake `(rows, columns)`, Right on the rows; a
/// position is the list of cakes, sorted.
#[derive(Clone)]
struct PlainCakes {
    /// The heaps a heap becomes, for each move.
    rule: fn(u32) -> Vec<Vec<u32>>,
}

impl PartizanGame for PlainCakes {
    type Position = Vec<(u32, u32)>;
    fn options(&self, cakes: &Vec<(u32, u32)>, side: Side, out: &mut Vec<Vec<(u32, u32)>>) {
        for (i, &(m, n)) in cakes.iter().enumerate() {
            let heap = if side == Side::Left { n } else { m };
            for heaps in (self.rule)(heap) {
                let mut next = cakes.clone();
                next.remove(i);
                next.extend(
                    heaps
                        .iter()
                        .map(|&h| if side == Side::Left { (m, h) } else { (h, n) }),
                );
                next.sort_unstable();
                out.push(next);
            }
        }
    }
}

/// `4.0`: a heap into two nonempty heaps.
fn plain_cut(h: u32) -> Vec<Vec<u32>> {
    (1..h).map(|a| vec![a, h - a]).collect()
}

/// `0.7`: one token away, the rest left as up to two nonempty heaps.
fn plain_eat(h: u32) -> Vec<Vec<u32>> {
    (0..h)
        .map(|a| [a, h - 1 - a].into_iter().filter(|&x| x > 0).collect())
        .collect()
}

/// `{2+}=.0`: a heap into k ≥ 2 equal heaps.
fn plain_divide(h: u32) -> Vec<Vec<u32>> {
    (2..=h)
        .filter(|k| h % k == 0)
        .map(|k| vec![h / k; k as usize])
        .collect()
}

/// Every cake `m,n` with `m, n ≤ most`, through `parse`.
fn all_cakes<P>(most: u32, parse: fn(&str) -> Result<P, cgt_rulesets::ParseError>) -> Vec<P> {
    let mut out = Vec::new();
    for m in 0..=most {
        for n in 0..=most {
            out.push(parse(&format!("{m},{n}")).expect("a cake"));
        }
    }
    out
}

fn plain_cake(cakes: &Cakes) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    for &(m, n, copies) in cakes.pieces() {
        out.extend(std::iter::repeat_n((m, n), copies as usize));
    }
    out
}

#[test]
fn cutcake_values_agree_with_the_game_tree() {
    let cakes = all_cakes(5, Cutcake::parse);
    let reference = PlainCakes { rule: plain_cut };
    check_against("cutcake", Cutcake, reference, plain_cake, &cakes, 16);
    // Every value is an integer (Winning Ways).
    let mut store = GameStore::new();
    let mut memo = ValueMemo::new(Cutcake);
    for cake in &all_cakes(12, Cutcake::parse) {
        let v = memo.value(&mut store, cake).expect("a small value");
        let shown = store.display(v);
        assert!(shown.parse::<i64>().is_ok(), "{cake} = {shown}");
    }
}

#[test]
fn eatcake_values_agree_with_the_game_tree() {
    let cakes = all_cakes(4, Eatcake::parse);
    let reference = PlainCakes { rule: plain_eat };
    check_against("eatcake", Eatcake, reference, plain_cake, &cakes, 16);
}

#[test]
fn maundy_cake_values_agree_with_the_game_tree() {
    let cakes = all_cakes(6, MaundyCake::parse);
    let reference = PlainCakes { rule: plain_divide };
    check_against("maundy_cake", MaundyCake, reference, plain_cake, &cakes, 16);
}

#[test]
fn cake_examples_from_cgsuite() {
    // CGSuite's GameHeapTest: (8, n) for n from 0 to 8.
    let mut store = GameStore::new();
    let mut eat = ValueMemo::new(Eatcake);
    let row: Vec<String> = (0..=8)
        .map(|n| {
            let cake = Eatcake::parse(&format!("8,{n}")).expect("a cake");
            let v = eat.value(&mut store, &cake).expect("a small value");
            store.display(v)
        })
        .collect();
    assert_eq!(
        row,
        [
            "-8",
            "^",
            "{^|||^*|v||0}",
            "{^^|*}",
            "{^^|*||0,{0|vv*}}",
            "{^3|^*||*}",
            "{^3|^*||*|||0,{0,{^|0,v*}|||0|vv*||0}}",
            "{0||^^*|0|||*}",
            "*"
        ]
    );
    // The number of Left options of (8, 8): 4, 4 and 3.
    let eight = Cutcake::parse("8,8").expect("a cake");
    let mut out = Vec::new();
    Cutcake.options(&eight, Side::Left, &mut out);
    assert_eq!(out.len(), 4);
    out.clear();
    Eatcake.options(&eight, Side::Left, &mut out);
    assert_eq!(out.len(), 4);
    out.clear();
    MaundyCake.options(&eight, Side::Left, &mut out);
    assert_eq!(out.len(), 3);
}

/// Partizan Euclid from CGSuite's definition, on pairs, with no
/// normalisation.
#[derive(Clone)]
struct PlainEuclid;

impl PartizanGame for PlainEuclid {
    type Position = (u64, u64);
    fn options(&self, &(p, q): &(u64, u64), side: Side, out: &mut Vec<(u64, u64)>) {
        if q == 0 || p % q == 0 {
            return;
        }
        out.push(match side {
            Side::Left => (q, p % q),
            Side::Right => (q, q - p % q),
        });
    }
}

#[test]
fn partizan_euclid_values_agree_with_the_game_tree() {
    // Every pair of numbers up to 40, by their larger number: the first
    // 100 (numbers up to 9) are summed in pairs.
    let mut pairs = Vec::new();
    for most in 0..=40u64 {
        for (p, q) in (0..=most)
            .map(|p| (p, most))
            .chain((0..most).map(|q| (most, q)))
        {
            pairs.push(PartizanEuclid::parse(&format!("{p},{q}")).expect("a pair"));
        }
    }
    check_against(
        "partizan_euclid",
        PartizanEuclid,
        PlainEuclid,
        |pair| (pair.p(), pair.q()),
        &pairs,
        100,
    );
}
