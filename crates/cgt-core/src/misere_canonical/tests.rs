//! The store against CGSuite's own expected values, the counts of games by
//! birthday, and the notation's fixed point.

use super::MisereStore;

/// One game as CGSuite's tests pin it (`MisereCanonicalGameTestCase`):
/// the values are facts about the game, written here as CGSuite prints
/// them. `predicates`: is_tame, is_restive, is_restless, is_tameable,
/// is_half_tame, is_even, is_prime, is_extraverted, is_introverted,
/// is_generally_tame, is_generally_restive, is_nim_heap as 1/0.
struct Case {
    input: &'static str,
    written: &'static str,
    birthday: u32,
    genus: &'static str,
    predicates: &'static str,
    mate: &'static str,
    misere_nim_value: u32,
    outcome: &'static str,
    nim_value: u32,
    options: &'static str,
    partitions: &'static str,
    parts: &'static str,
}

const CASES: &[Case] = &[
    Case {
        input: "*[0]",
        written: "*[0]",
        birthday: 0,
        genus: "0",
        predicates: "100101011101",
        mate: "*[1]",
        misere_nim_value: 1,
        outcome: "N",
        nim_value: 0,
        options: "[]",
        partitions: "[[]]",
        parts: "[]",
    },
    Case {
        input: "*[1]",
        written: "*[1]",
        birthday: 1,
        genus: "1",
        predicates: "100100011101",
        mate: "*[0]",
        misere_nim_value: 0,
        outcome: "P",
        nim_value: 1,
        options: "[*[0]]",
        partitions: "[[*[1]]]",
        parts: "[]",
    },
    Case {
        input: "*[2]",
        written: "*[2]",
        birthday: 2,
        genus: "2",
        predicates: "100101110101",
        mate: "*[2]",
        misere_nim_value: 2,
        outcome: "N",
        nim_value: 2,
        options: "[*[0],*[1]]",
        partitions: "[[*[2]]]",
        parts: "[]",
    },
    Case {
        input: "*[[2]]",
        written: "*[2#]",
        birthday: 3,
        genus: "0^0",
        predicates: "100101010100",
        mate: "*[2#]",
        misere_nim_value: 0,
        outcome: "P",
        nim_value: 0,
        options: "[*[2]]",
        partitions: "[[*[2],*[2[#-2]]]]",
        parts: "[*[2],*[2[#-2]]]",
    },
    Case {
        input: "*[[[2]]]",
        written: "*[2##]",
        birthday: 4,
        genus: "1^1",
        predicates: "100101010100",
        mate: "*[2##]",
        misere_nim_value: 1,
        outcome: "N",
        nim_value: 1,
        options: "[*[2#]]",
        partitions: "[[*[2],*[2[#-2]],*[2[##-2]0]]]",
        parts: "[*[2],*[2[##-2]],*[2#],*[2[##-2]0],*[2[#-2]],*[(2[##-2]0)[2]]]",
    },
    Case {
        input: "*[2]+*[2]",
        written: "*[2[2]]",
        birthday: 4,
        genus: "0^0",
        predicates: "100101010100",
        mate: "*[2[2]]",
        misere_nim_value: 0,
        outcome: "P",
        nim_value: 0,
        options: "[*[2],*[3]]",
        partitions: "[[*[2],*[2]]]",
        parts: "[*[2]]",
    },
    Case {
        input: "*[[*[2]+*[[2]]]]",
        written: "*[2[#2#]]",
        birthday: 6,
        genus: "0^0",
        predicates: "100101010100",
        mate: "*[2[#2#]]",
        misere_nim_value: 0,
        outcome: "P",
        nim_value: 0,
        options: "[*[2[#2]]]",
        partitions: "[[*[2],*[2],*[2[#-2]],*[2[#-2]]]]",
        parts: "[*[2],*[2[#2#-2]],*[2#],*[2[2]],*[2[#2#-2-2]],*[2[#-2]],*[2[#2]]]",
    },
    Case {
        input: "*[[2],0]",
        written: "*[2#0]",
        birthday: 4,
        genus: "1^2",
        predicates: "010011100010",
        mate: "*[2#1]",
        misere_nim_value: 2,
        outcome: "N",
        nim_value: 1,
        options: "[*[0],*[2#]]",
        partitions: "[[*[2#0]]]",
        parts: "[]",
    },
    Case {
        input: "*[[2],1]",
        written: "*[2#1]",
        birthday: 4,
        genus: "2^1420",
        predicates: "001001100000",
        mate: "*[2#0]",
        misere_nim_value: 1,
        outcome: "N",
        nim_value: 2,
        options: "[*[1],*[2#]]",
        partitions: "[[*[2#1]]]",
        parts: "[]",
    },
    Case {
        input: "*[[*[4]+*[2]]]",
        written: "*[4[2#]]",
        birthday: 7,
        genus: "0^0",
        predicates: "100101000100",
        mate: "*[4[2#]]",
        misere_nim_value: 0,
        outcome: "P",
        nim_value: 0,
        options: "[*[4[2]]]",
        partitions: "[[*[2],*[4[2#-2]]],[*[4],*[4[2#-4]]]]",
        parts: "[*[2],*[4[2#-2]],*[4],*[4[2#-4]]]",
    },
    Case {
        input: "*[[[2]],[[2],1]]",
        written: "*[(2#1)2##]",
        birthday: 5,
        genus: "0^0",
        predicates: "000101100100",
        mate: "*[(2#0)2##]",
        misere_nim_value: 0,
        outcome: "P",
        nim_value: 0,
        options: "[*[2##],*[2#1]]",
        partitions: "[[*[(2#1)2##]]]",
        parts: "[]",
    },
    Case {
        input: "*[[[2]],[[[2],0],0,1]]",
        written: "*[((2#0)10)2##]",
        birthday: 6,
        genus: "0^0",
        predicates: "000101100100",
        mate: "*[((2#1)10)2##]",
        misere_nim_value: 0,
        outcome: "P",
        nim_value: 0,
        options: "[*[2##],*[(2#0)10]]",
        partitions: "[[*[((2#0)10)2##]]]",
        parts: "[]",
    },
    Case {
        input: "*[*[[2],1]+*[1],[[2],*[[2]]+*[1],[[2],0]]]",
        written: "*[((2#0)2[#1]2#)(2#1)[1]]",
        birthday: 6,
        genus: "0^120",
        predicates: "000101100000",
        mate: "*[((2#1)2[#1]2#)(2#0)[1]]",
        misere_nim_value: 1,
        outcome: "N",
        nim_value: 0,
        options: "[*[(2#1)[1]],*[(2#0)2[#1]2#]]",
        partitions: "[[*[((2#0)2[#1]2#)(2#1)[1]]]]",
        parts: "[]",
    },
    Case {
        input: "*[[[2],2,0],[[2],3],1]",
        written: "*[(2#20)2[#1]1]",
        birthday: 5,
        genus: "0^2",
        predicates: "000011100010",
        mate: "*[(2#21)2[#1]0]",
        misere_nim_value: 2,
        outcome: "N",
        nim_value: 0,
        options: "[*[1],*[2[#1]],*[2#20]]",
        partitions: "[[*[(2#20)2[#1]1]]]",
        parts: "[]",
    },
];

#[test]
fn cgsuite_expected_values_are_reproduced() {
    let mut failures = Vec::new();
    for case in CASES {
        let mut store = MisereStore::new();
        let g = store.parse(case.input).unwrap();
        let predicates: String = store
            .predicates(g)
            .iter()
            .map(|&(_, b)| if b { '1' } else { '0' })
            .collect();
        let mate = store.mate(g);
        let options = store.options(g);
        let partitions: Vec<String> = store
            .partitions(g)
            .iter()
            .map(|p| store.display_list(p))
            .collect();
        let parts = store.parts(g);
        let got = [
            store.display(g),
            store.birthday(g).to_string(),
            store.genus(g).to_string(),
            predicates,
            store.display(mate),
            store.misere_nim_value(g).to_string(),
            (if store.is_p_position(g) { "P" } else { "N" }).to_string(),
            store.nim_value(g).to_string(),
            store.display_list(&options),
            format!("[{}]", partitions.join(",")),
            store.display_list(&parts),
        ];
        let expected = [
            case.written.to_string(),
            case.birthday.to_string(),
            case.genus.to_string(),
            case.predicates.to_string(),
            case.mate.to_string(),
            case.misere_nim_value.to_string(),
            case.outcome.to_string(),
            case.nim_value.to_string(),
            case.options.to_string(),
            case.partitions.to_string(),
            case.parts.to_string(),
        ];
        let names = [
            "written",
            "birthday",
            "genus",
            "predicates",
            "mate",
            "misere_nim_value",
            "outcome",
            "nim_value",
            "options",
            "partitions",
            "parts",
        ];
        for ((name, got), expected) in names.iter().zip(&got).zip(&expected) {
            if got != expected {
                failures.push(format!(
                    "{}: {name}: got {got}, CGSuite {expected}",
                    case.input
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn games_born_by_days_0_to_4_are_1_2_3_5_22() {
    let mut store = MisereStore::new();
    let counts: Vec<usize> = (0..=4).map(|day| store.born_by(day).len()).collect();
    assert_eq!(counts, [1, 2, 3, 5, 22]);
}

#[test]
fn written_forms_read_back_to_the_same_game() {
    let mut store = MisereStore::new();
    let mut games = store.born_by(4);
    // And sums and mates of them, whose forms use subscripts.
    let n = games.len();
    for i in 0..n {
        for j in i..n {
            let s = store.add(games[i], games[j]);
            games.push(s);
        }
        let m = store.mate(games[i]);
        games.push(m);
    }
    for g in games {
        let written = store.display(g);
        let read = store
            .parse(&written)
            .unwrap_or_else(|e| panic!("{written}: {e}"));
        assert_eq!(read, g, "{written} reads back as {}", store.display(read));
    }
}

#[test]
fn sums_agree_with_a_search_of_the_misere_outcome() {
    // o⁻(G + H) by the definition, on the games' options, against the
    // store's canonical sum.
    let mut store = MisereStore::new();
    let games = store.born_by(4);
    fn mover_wins(store: &MisereStore, parts: &[super::MisereId]) -> bool {
        // Explicit stack over sums of option lists: small games only.
        let options = |g| store.options(g);
        if parts.iter().all(|&p| options(p).is_empty()) {
            return true;
        }
        for (i, &p) in parts.iter().enumerate() {
            for o in options(p) {
                let mut next = parts.to_vec();
                next[i] = o;
                if !mover_wins(store, &next) {
                    return true;
                }
            }
        }
        false
    }
    for &g in &games {
        for &h in &games {
            let s = store.add(g, h);
            assert_eq!(!store.is_p_position(s), mover_wins(&store, &[g, h]));
        }
    }
}

#[test]
fn bad_notation_is_an_error_with_its_place() {
    let mut store = MisereStore::new();
    for bad in [
        "",
        "*[",
        "*[2",
        "*[2]+",
        "*[2x]",
        "*[[2],]",
        "*[1[-2]]",
        "*[99999999999,1]",
        "*[1025,1]",
    ] {
        assert!(store.parse(bad).is_err(), "{bad}");
    }
    let deep = format!("*[{}2{}]", "[".repeat(500), "]".repeat(500));
    assert!(store.parse(&deep).is_err());
}

/// Day 5 by the same enumeration: 2²² sets, minutes in a debug build, so
/// run on request (`cargo test --release -- --ignored day_5`).
#[test]
#[ignore]
fn games_born_by_day_5_are_4171780() {
    let mut store = MisereStore::new();
    assert_eq!(store.born_by(5).len(), 4_171_780);
}

/// Kayles (0.77) and Dawson's Kayles (0.07), by their rules.
struct Octal(&'static [u8]);
impl crate::heap::HeapGame for Octal {
    fn heap_options(&self, n: usize, out: &mut crate::heap::HeapOptions) {
        for (take, &digit) in self.0.iter().enumerate().skip(1) {
            if take > n {
                break;
            }
            let rest = n - take;
            if digit & 1 != 0 && rest == 0 {
                out.push(&[]);
            }
            if digit & 2 != 0 && rest > 0 {
                out.push(&[rest]);
            }
            if digit & 4 != 0 {
                for a in 1..=rest / 2 {
                    if rest - a > 0 {
                        out.push(&[a, rest - a]);
                    }
                }
            }
        }
    }
}

#[test]
fn heap_forms_have_the_misere_values_a_search_finds() {
    for digits in [&[0u8, 7, 7][..], &[0, 0, 7], &[0, 1, 3, 7]] {
        let game = Octal(digits);
        let mut store = MisereStore::new();
        let forms = store.heap_forms(&game, 12);
        let searched = crate::misere::misere_heap_values(&game, 13, &mut |_, _| {}).unwrap();
        for (n, (&g, v)) in forms.iter().zip(&searched).enumerate() {
            assert_eq!(
                u64::from(store.misere_nim_value(g)),
                v.value(),
                "{digits:?} heap {n}"
            );
        }
        // Who wins a sum of two heaps, from the sum of their forms.
        let mut memo = crate::misere::MisereMemo::new(crate::heap::HeapSum(&game));
        for a in 1..=7 {
            for b in a..=7 {
                let s = store.add(forms[a], forms[b]);
                let searched = memo.outcome(&vec![a, b]);
                let p = searched == crate::outcome::Outcome::P;
                assert_eq!(store.is_p_position(s), p, "{digits:?} heaps {a} + {b}");
            }
        }
    }
}

#[test]
fn heaps_read_through_the_callers_rules() {
    let mut store = MisereStore::new();
    let mut heap = |store: &mut MisereStore, code: &str, n: usize| {
        if code != "0.77" {
            return Err(format!("unknown code {code}"));
        }
        Ok(store.heap_forms(&Octal(&[0, 7, 7]), n)[n])
    };
    let g = store
        .parse_with("game.heap.TakeAndBreak(\"0.77\")(2)", &mut heap)
        .unwrap();
    assert_eq!(store.display(g), "*[2]");
    let sum = store
        .parse_with("TakeAndBreak(\"0.77\")(2) + *[2]", &mut heap)
        .unwrap();
    assert_eq!(store.display(sum), "*[2[2]]");
    let listed = store
        .parse_with("*[TakeAndBreak(\"0.77\")(2),1]", &mut heap)
        .unwrap();
    assert_eq!(listed, store.parse("*[2,1]").unwrap());
    assert!(
        store
            .parse_with("TakeAndBreak(\"0.7\")(2)", &mut heap)
            .is_err()
    );
}

/// Whether the player to move wins the sum of `parts` in misère play, by
/// the definition, on the store's options.
fn search_mover_wins(store: &MisereStore, parts: &[super::MisereId]) -> bool {
    let mut any_move = false;
    for (i, &p) in parts.iter().enumerate() {
        for o in store.options(p) {
            any_move = true;
            let mut next = parts.to_vec();
            next[i] = o;
            if !search_mover_wins(store, &next) {
                return true;
            }
        }
    }
    !any_move
}

#[test]
fn simplification_keeps_every_misere_outcome() {
    // Sets of games born by day 4 taken literally: S + X against the
    // canonical form of S plus X, for every X born by day 3 and sums of
    // two of them. Every set of day-3 games, and sampled sets of day-4
    // games (reversible options removed or not).
    let mut store = MisereStore::new();
    let day3 = store.born_by(3);
    let day4 = store.born_by(4);
    let mut tests: Vec<super::MisereId> = day3.clone();
    for &a in &day3 {
        for &b in &day3 {
            let s = store.add(a, b);
            tests.push(s);
        }
    }
    let mut sets: Vec<Vec<super::MisereId>> = (0u32..32)
        .map(|mask| {
            (0..5)
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| day3[i])
                .collect()
        })
        .collect();
    let mut seed = 12345u64;
    for _ in 0..200 {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let mask = (seed >> 20) as u32 & ((1 << 22) - 1);
        sets.push(
            (0..22)
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| day4[i])
                .collect(),
        );
    }
    for set in sets {
        let g = store.game(&set);
        for &x in &tests {
            // The literal set moves to its elements.
            let literal = literal_wins(&store, &set, x);
            let sum = store.add(g, x);
            assert_eq!(
                !store.is_p_position(sum),
                literal,
                "{} + {}",
                store.display(g),
                store.display(x)
            );
        }
    }
}

/// Whether the mover wins the literal set of options plus `x`.
fn literal_wins(store: &MisereStore, set: &[super::MisereId], x: super::MisereId) -> bool {
    if set.is_empty() && store.options(x).is_empty() {
        return true;
    }
    set.iter().any(|&o| !search_mover_wins(store, &[o, x]))
        || store
            .options(x)
            .into_iter()
            .any(|xo| !literal_wins(store, set, xo))
}
