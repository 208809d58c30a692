//! What the generic suite cannot check: on every small dictionary, the
//! typed API's values, remoteness and best replies agree with the search of
//! the literal game (positions: the word said last); and the judge's own
//! solver (`verdicts`, behind `solve`) agrees with the typed API on every
//! small dictionary and on random ones up to the judge's limit.

#![cfg(feature = "testkit")]

use cgt_core::loopy::{LoopyAnalysis, LoopyOutcome};
use cgt_judge::JudgeError;
use cgt_testkit::generate::Rng;
use cgt_testkit::{Problem, Size};
use word_chain::brute::{self, Rules};
use word_chain::problem::WordChain as Chain;
use word_chain::{Verdict, WordChain};

#[test]
fn values_and_best_replies_match_the_literal_game() {
    let mut dictionaries = 0;
    for words in Chain::exhaustive() {
        dictionaries += 1;
        let game = WordChain::new(&words).expect("valid words");
        let fast = word_chain::verdicts(&words).expect("valid words");
        let rules = Rules {
            words: words.iter().map(|w| w.as_bytes().to_vec()).collect(),
        };
        let expected = brute::values(&rules);
        for (i, &value) in expected.iter().enumerate() {
            assert_eq!(game.value_after(i), value, "{words:?}: after word {i}");
            assert_eq!(game.moves_left(i), value.remoteness(), "{words:?}: {i}");
            let verdict = match value {
                LoopyOutcome::Loss(_) => Verdict::Takahashi,
                LoopyOutcome::Win(_) => Verdict::Aoki,
                LoopyOutcome::Draw => Verdict::Draw,
            };
            assert_eq!(game.verdict(i), verdict, "{words:?}: verdict of {i}");
            assert_eq!(fast[i], verdict, "{words:?}: fast verdict of {i}");
            let said = &words[i][words[i].len() - 3..];
            match game.best_reply(i) {
                None => assert_eq!(value, LoopyOutcome::Loss(0), "{words:?}: no reply to {i}"),
                Some(j) => {
                    assert!(
                        words[j].starts_with(said),
                        "{words:?}: {j} cannot follow {i}"
                    );
                    // The reply leaves Takahashi the position after word j.
                    let ok = match value {
                        LoopyOutcome::Win(r) => expected[j] == LoopyOutcome::Loss(r - 1),
                        LoopyOutcome::Loss(r) => expected[j] == LoopyOutcome::Win(r - 1),
                        LoopyOutcome::Draw => expected[j] == LoopyOutcome::Draw,
                    };
                    assert!(ok, "{words:?}: reply {j} to {i} leaves {:?}", expected[j]);
                }
            }
        }
    }
    assert!(dictionaries > 20_000, "{dictionaries} dictionaries");
}

#[test]
fn the_game_trait_and_the_rounds_agree_on_generated_dictionaries() {
    // The same literal game solved by cgt-core's retrograde analysis of the
    // reachable positions, on larger dictionaries than the exhaustive range.
    for seed in 0..200 {
        let words = Chain::generate(seed, cgt_testkit::Size::Small);
        let rules = Rules {
            words: words.iter().map(|w| w.as_bytes().to_vec()).collect(),
        };
        let by_rounds = brute::values(&rules);
        let analysis = LoopyAnalysis::new(&rules, 0..words.len());
        let game = WordChain::new(&words).expect("valid words");
        for (i, &value) in by_rounds.iter().enumerate() {
            assert_eq!(analysis.value(&i), Some(value), "seed {seed}: word {i}");
            assert_eq!(game.value_after(i), value, "seed {seed}: word {i}");
        }
    }
}

/// The judge's solver against the typed API's on `words`, both directly
/// and through the judge function.
fn judge_agrees_with_the_typed_api(words: &[String], what: &str) -> Vec<Verdict> {
    let game = WordChain::new(words).expect("valid words");
    let fast = word_chain::verdicts(words).expect("valid words");
    let mut expected = String::new();
    for (i, verdict) in fast.iter().enumerate() {
        assert_eq!(*verdict, game.verdict(i), "{what}: word {i}");
        expected.push_str(verdict.as_str());
        expected.push('\n');
    }
    let mut out = Vec::new();
    word_chain::solve(word_chain::render(words).as_bytes(), &mut out).expect("valid input");
    assert!(out == expected.as_bytes(), "{what}: the judge's output");
    fast
}

#[test]
fn the_judge_solver_agrees_with_the_typed_api_on_random_dictionaries() {
    // Few letters, so that the words link up into long chains and cycles,
    // and up to thousands of words, so that vertices have many moves in
    // and out.
    let mut outcomes = [0_usize; 3];
    for seed in 0..300 {
        let mut rng = Rng::new(seed);
        let letters: &[u8] = &b"abcdA"[..rng.range(1, 5) as usize];
        let n = rng.range(1, if seed % 10 == 0 { 5_000 } else { 300 });
        let words: Vec<String> = (0..n)
            .map(|_| {
                let len = rng.range(3, 8);
                (0..len).map(|_| char::from(*rng.pick(letters))).collect()
            })
            .collect();
        for v in judge_agrees_with_the_typed_api(&words, &format!("seed {seed}")) {
            outcomes[v as usize] += 1;
        }
    }
    assert!(outcomes.iter().all(|&k| k > 1_000), "{outcomes:?}");
}

#[test]
fn the_judge_solver_agrees_with_the_typed_api_at_the_limit() {
    for seed in 1..=3 {
        let words = Chain::generate(seed, Size::Max);
        judge_agrees_with_the_typed_api(&words, &format!("max, seed {seed}"));
    }
}

#[test]
fn the_judge_reads_every_input_as_the_checked_reader_does() {
    // The judge reads the words straight from the bytes and falls back on
    // the tokenizer only for the error message: on inputs with odd layout,
    // words of wrong lengths and stray bytes, its answer or its error must
    // be the tokenizer's (`parse`) and the typed API's.
    const BYTES: &[u8] = b"aZzA  \n\t\r\x0b\x0c1@[`{\xc3\xa9";
    let mut accepted = 0;
    for seed in 0..6_000 {
        let mut rng = Rng::new(seed);
        let n = rng.range(1, 12);
        let mut input = Vec::new();
        input.extend_from_slice(n.to_string().as_bytes());
        for _ in 0..n {
            let separators: [&[u8]; 6] = [b"\n", b" ", b"\r\n", b"\t", b"\x0c", b"  \n "];
            let separator = *rng.pick(&separators);
            input.extend_from_slice(separator);
            let len = rng.range(
                if seed % 2 == 0 { 3 } else { 1 },
                if seed % 2 == 0 { 8 } else { 10 },
            );
            input.extend((0..len).map(|_| *rng.pick(b"abAB")));
        }
        if rng.chance(1, 2) {
            let ends: [&[u8]; 3] = [b"\n", b"", b" \r\n\t"];
            let end = *rng.pick(&ends);
            input.extend_from_slice(end);
        }
        for _ in 0..rng.range(0, 2) {
            let at = rng.range(0, input.len() as u64 - 1) as usize;
            match rng.range(0, 2) {
                0 => input[at] = *rng.pick(BYTES),
                1 => input.insert(at, *rng.pick(BYTES)),
                _ => {
                    input.remove(at);
                }
            }
        }
        let mut out = Vec::new();
        let got = word_chain::solve(&input, &mut out);
        match word_chain::parse(&input) {
            Ok(words) => {
                accepted += 1;
                assert!(got.is_ok(), "{input:?}: {got:?}");
                let game = WordChain::new(&words).expect("parsed words are valid");
                let expected: String = (0..words.len())
                    .map(|i| format!("{}\n", game.verdict(i)))
                    .collect();
                assert!(out == expected.as_bytes(), "{input:?}");
            }
            Err(e) => match got {
                Err(JudgeError::Input(got)) => assert_eq!(got, e, "{input:?}"),
                other => panic!("{input:?}: {other:?}, not {e}"),
            },
        }
    }
    assert!((1_500..4_500).contains(&accepted), "{accepted} accepted");
}

#[test]
fn invalid_words_are_refused() {
    assert!(WordChain::new::<&str>(&[]).is_err());
    let error = WordChain::new(&["abc", "ab"]).expect_err("too short");
    assert_eq!(error.to_string(), "word 2 has 2 characters, not 3 to 8");
    let error = WordChain::new(&["abc1"]).expect_err("a digit");
    assert_eq!(
        error.to_string(),
        "word 1 has the character '1', not a letter a-z or A-Z"
    );
    assert!(WordChain::new(&["abcdefghi"]).is_err());
    assert!(WordChain::new(&["abcdefgh", "ABC"]).is_ok());
    for words in [&["abc", "ab"][..], &["abc1"], &["abcdefghi"], &[]] {
        assert_eq!(
            word_chain::verdicts(words).expect_err("invalid"),
            WordChain::new(words).expect_err("invalid")
        );
    }
}
