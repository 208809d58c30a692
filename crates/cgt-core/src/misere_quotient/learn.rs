//! Candidates for the quotient, learnt from exact outcomes (Angluin's L*,
//! with Rivest and Schapire's handling of counterexamples), each checked
//! by `automaton::check`.
//!
//! The table keeps sums of heaps that reach different elements (the
//! access sums, the first being the empty sum) and sums that tell them
//! apart (the tests, the first being the empty sum): the row of a sum u
//! is the list of outcomes of u + t over the tests t, and access sums have
//! different rows. The candidate's elements are the access sums; u + heap
//! goes to the access sum with its row (one is added when none has it).
//! Rows differ only where the game does, so a candidate never has more
//! elements than the quotient, and each counterexample adds one: the
//! loop ends, with the quotient, after at most |Q| of them.

use super::automaton::{Automaton, check};
use crate::heap::{HeapGame, HeapSum};
use crate::misere::MisereMemo;
use rustc_hash::FxHashMap;

/// The exact outcomes of sums, by a plain misère search of the rules.
pub(crate) struct Table<'g, G: HeapGame + ?Sized> {
    memo: MisereMemo<HeapSum<&'g G>>,
    /// Sorted heaps of each access sum.
    access: Vec<Vec<usize>>,
    tests: Vec<Vec<usize>>,
    rows: Vec<Vec<bool>>,
    by_row: FxHashMap<Vec<bool>, usize>,
}

/// Why learning stopped.
pub(crate) enum Halt {
    /// A candidate had more elements than the bound.
    Order,
    /// The check outgrew its bound.
    Pairs,
}

impl<'g, G: HeapGame + ?Sized> Table<'g, G> {
    pub fn new(game: &'g G) -> Self {
        let mut table = Self {
            memo: MisereMemo::new(HeapSum(game)),
            access: vec![Vec::new()],
            tests: vec![Vec::new()],
            rows: Vec::new(),
            by_row: FxHashMap::default(),
        };
        let row = table.row(&[]);
        table.by_row.insert(row.clone(), 0);
        table.rows.push(row);
        table
    }

    /// Whether the sum of `heaps` is a misère P-position.
    fn is_p(&mut self, heaps: &[usize]) -> bool {
        let position = HeapSum::<&G>::position(heaps);
        !self.memo.mover_wins_sum(&[position])
    }

    fn row(&mut self, heaps: &[usize]) -> Vec<bool> {
        let mut row = Vec::with_capacity(self.tests.len());
        for t in 0..self.tests.len() {
            let mut sum = heaps.to_vec();
            sum.extend_from_slice(&self.tests[t]);
            row.push(self.is_p(&sum));
        }
        row
    }

    fn add_test(&mut self, test: Vec<usize>) {
        self.tests.push(test);
        self.by_row.clear();
        for i in 0..self.access.len() {
            let mut sum = self.access[i].clone();
            sum.extend_from_slice(&self.tests[self.tests.len() - 1]);
            let outcome = self.is_p(&sum);
            self.rows[i].push(outcome);
            self.by_row.insert(self.rows[i].clone(), i);
        }
    }

    /// The candidate on heaps 1..=n: closes the table (every access sum
    /// plus a heap has the row of an access sum) and reads it off.
    fn candidate(&mut self, n: usize, max_order: usize) -> Result<Automaton, Halt> {
        let mut next = Vec::new();
        let mut at = 0;
        while at < self.access.len() {
            for heap in 1..=n {
                let mut sum = self.access[at].clone();
                sum.push(heap);
                sum.sort_unstable();
                let row = self.row(&sum);
                let to = match self.by_row.get(&row) {
                    Some(&to) => to,
                    None => {
                        if self.access.len() >= max_order {
                            return Err(Halt::Order);
                        }
                        self.by_row.insert(row.clone(), self.access.len());
                        self.rows.push(row);
                        self.access.push(sum);
                        self.access.len() - 1
                    }
                };
                next.push(to as u32);
            }
            at += 1;
        }
        let p = self.rows.iter().map(|row| row[0]).collect();
        Ok(Automaton {
            letters: n,
            next,
            p,
        })
    }

    /// The quotient of heaps 1..=n: candidates until one passes the check.
    pub fn learn(
        &mut self,
        n: usize,
        options: &[Vec<Vec<usize>>],
        max_order: usize,
        max_pairs: usize,
    ) -> Result<Automaton, Halt> {
        loop {
            let candidate = self.candidate(n, max_order)?;
            let word = match check(&candidate, options, max_pairs, &mut || false) {
                Ok(None) => return Ok(candidate),
                Ok(Some(word)) => word,
                Err(_) => return Err(Halt::Pairs),
            };
            let heaps: Vec<usize> = word.iter().map(|&l| l + 1).collect();
            let wrong = self.wrong_in(&candidate, &heaps, options);
            self.split(&candidate, &wrong);
        }
    }

    /// The candidate disagrees with the recursion at `heaps`: the sum, or
    /// one of its options, where the candidate's outcome is not the game's.
    fn wrong_in(
        &mut self,
        candidate: &Automaton,
        heaps: &[usize],
        options: &[Vec<Vec<usize>>],
    ) -> Vec<usize> {
        let said = |heaps: &[usize]| {
            let letters: Vec<usize> = heaps.iter().map(|h| h - 1).collect();
            candidate.p[candidate.walk(0, &letters) as usize]
        };
        if said(heaps) != self.is_p(heaps) {
            return heaps.to_vec();
        }
        for (i, &heap) in heaps.iter().enumerate() {
            for option in &options[heap - 1] {
                let mut sum: Vec<usize> = heaps[..i].to_vec();
                sum.extend_from_slice(&heaps[i + 1..]);
                sum.extend(option.iter().map(|l| l + 1));
                if said(&sum) != self.is_p(&sum) {
                    return sum;
                }
            }
        }
        // The check's disagreement always comes from one of these sums.
        heaps.to_vec()
    }

    /// Rivest and Schapire: along the heaps of a counterexample w, the
    /// outcome of (access sum of the candidate's state after the first i
    /// heaps) + (the rest of w) is the game's at i = 0 and the candidate's
    /// at the end, so it changes at some i, found by halving; the rest of
    /// w after heap i + 1 is then a test that tells two sums apart that
    /// the candidate took for one element.
    fn split(&mut self, candidate: &Automaton, heaps: &[usize]) {
        let value = |table: &mut Self, i: usize| {
            let letters: Vec<usize> = heaps[..i].iter().map(|h| h - 1).collect();
            let state = candidate.walk(0, &letters) as usize;
            let mut sum = table.access[state].clone();
            sum.extend_from_slice(&heaps[i..]);
            table.is_p(&sum)
        };
        let (mut low, mut high) = (0, heaps.len());
        let at_low = value(self, low);
        while high - low > 1 {
            let mid = (low + high) / 2;
            if value(self, mid) == at_low {
                low = mid;
            } else {
                high = mid;
            }
        }
        let test = heaps[high..].to_vec();
        if !self.tests.contains(&test) {
            self.add_test(test);
        }
    }
}
