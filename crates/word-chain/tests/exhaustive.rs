//! What the generic suite cannot check: on every small dictionary, the
//! typed API's values, remoteness and best replies agree with the search of
//! the literal game (positions: the word said last).

#![cfg(feature = "testkit")]

use cgt_core::loopy::{LoopyAnalysis, LoopyValue};
use cgt_testkit::Problem;
use word_chain::brute::{self, Rules};
use word_chain::problem::WordChain as Chain;
use word_chain::{Verdict, WordChain};

#[test]
fn values_and_best_replies_match_the_literal_game() {
    let mut dictionaries = 0;
    for words in Chain::exhaustive() {
        dictionaries += 1;
        let game = WordChain::new(&words).expect("valid words");
        let rules = Rules {
            words: words.iter().map(|w| w.as_bytes().to_vec()).collect(),
        };
        let expected = brute::values(&rules);
        for (i, &value) in expected.iter().enumerate() {
            assert_eq!(game.value_after(i), value, "{words:?}: after word {i}");
            assert_eq!(game.moves_left(i), value.remoteness(), "{words:?}: {i}");
            let verdict = match value {
                LoopyValue::Loss(_) => Verdict::Takahashi,
                LoopyValue::Win(_) => Verdict::Aoki,
                LoopyValue::Draw => Verdict::Draw,
            };
            assert_eq!(game.verdict(i), verdict, "{words:?}: verdict of {i}");
            let said = &words[i][words[i].len() - 3..];
            match game.best_reply(i) {
                None => assert_eq!(value, LoopyValue::Loss(0), "{words:?}: no reply to {i}"),
                Some(j) => {
                    assert!(
                        words[j].starts_with(said),
                        "{words:?}: {j} cannot follow {i}"
                    );
                    // The reply leaves Takahashi the position after word j.
                    let ok = match value {
                        LoopyValue::Win(r) => expected[j] == LoopyValue::Loss(r - 1),
                        LoopyValue::Loss(r) => expected[j] == LoopyValue::Win(r - 1),
                        LoopyValue::Draw => expected[j] == LoopyValue::Draw,
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
}
