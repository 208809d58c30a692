//! The quotient as the least automaton of the game's P-positions, found by
//! iterating the misère recursion until it stops changing.
//!
//! A sum of heaps is a word over the heaps (a multiset: the language is
//! commutative), and the quotient Q(A) of the closure A of heaps 1..=n is
//! the syntactic monoid of the language of P-positions, which for a
//! commutative language is the set of states of its least automaton.
//!
//! A candidate automaton C (a monoid with a P-portion) is checked by the
//! automaton whose state after a sum G is the pair (C(G), the set of C's
//! states of G's options): one more heap h maps that pair to
//! (C(G)·h, S·h ∪ C(G)·Φ(options of h)). G is a P-position exactly when it
//! has options and none is in C's P-portion, so when that agrees with C on
//! every reachable pair, C satisfies the misère recursion on every sum,
//! hence decides every sum (by induction on the tokens), and being least it
//! is the quotient (Plambeck and Siegel's verification, done on all sums at
//! once). Otherwise [`check`] returns a sum with as few tokens as any where
//! they disagree. `learn` makes the candidates.

use rustc_hash::{FxHashMap, FxHashSet};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// A deterministic automaton over the letters 0..letters (letter j is the
/// heap of j + 1 tokens), with state 0 the empty sum. As a least automaton
/// of a commutative language it is the monoid: state·letter is the product.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Automaton {
    pub letters: usize,
    /// `next[state * letters + letter]`.
    pub next: Vec<u32>,
    /// Whether a sum that reaches the state is a P-position.
    pub p: Vec<bool>,
}

impl Automaton {
    pub fn states(&self) -> usize {
        self.p.len()
    }

    pub fn step(&self, state: u32, letter: usize) -> u32 {
        self.next[state as usize * self.letters + letter]
    }

    /// The state after reading `letters` from `state`.
    pub fn walk(&self, mut state: u32, letters: &[usize]) -> u32 {
        for &letter in letters {
            state = self.step(state, letter);
        }
        state
    }
}

/// Why a check ended with no answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Halted {
    /// The checking automaton had more states than the bound.
    Overflow,
    /// The caller's check said to stop.
    Stopped,
}

/// Checks `candidate` (the options of heap `letter + 1` are
/// `options[letter]`, each a list of letters) against the misère
/// recursion on every sum: `None` when it agrees on all, else a sum (as
/// letters) where the candidate's P-portion and the recursion on its
/// options disagree; of those sums, one with as few tokens as any (letter
/// l is l + 1 tokens), on which the candidate itself is wrong: its
/// options have fewer tokens, so they agree, and by induction on the
/// tokens the candidate is right on them.
///
/// The check is done in two halves, as Plambeck and Siegel (and
/// MisereSolver) do. A sum the candidate calls P with an option it calls
/// P is G + h with x = C(G), x·h in P and x·t in P for an option t of h:
/// a question about each state and heap alone, whose least sum is the
/// fewest tokens reaching x plus h. A sum it calls N with no option it
/// calls P needs the pairs; a pair (x, S) whose set holds, up to
/// domination, a set S' already met at x with no more tokens, can only
/// fail where (x, S') fails too (one more heap keeps S' ⊆ S, and a set
/// with no P-state keeps every subset without one), so it is not
/// extended: of each state's sets only the least few are walked. Both
/// halves need the candidate commutative (a sum's state whatever the
/// order of its heaps), which a candidate learnt from outcomes may not
/// yet be: such a one has every pair walked and checked whole.
pub(crate) fn check(
    candidate: &Automaton,
    options: &[Vec<Vec<usize>>],
    max_pairs: usize,
    should_stop: &mut dyn FnMut() -> bool,
) -> Result<Option<Vec<usize>>, Halted> {
    let letters = candidate.letters;
    let states = candidate.states();
    // The empty sum has no options: the player to move has won.
    if candidate.p.first() == Some(&true) {
        return Ok(Some(Vec::new()));
    }
    let meets_p = |set: &[u32]| set.iter().any(|&s| candidate.p[s as usize]);
    // The halves below stand for every sum only when the order of the
    // heaps does not matter (a candidate learnt from outcomes may not be
    // commutative yet); otherwise every pair is walked.
    let commutative = (0..states as u32).all(|x| {
        (0..letters).all(|a| {
            (0..a).all(|b| {
                let ab = candidate.step(candidate.step(x, a), b);
                ab == candidate.step(candidate.step(x, b), a)
            })
        })
    });
    let order = if commutative {
        Order::of_monoid(candidate)
    } else {
        Order::of(candidate)
    };
    // The states of the options of heap l + 1 added to state s, the
    // maximal ones only, sorted: `moves[start[s * letters + l]..start[… + 1]]`.
    // Sets are lists: once the dominated states are dropped, a set holds a
    // few states where a bit set would take |Q| bits.
    let mut start = Vec::with_capacity(states * letters + 1);
    let mut moves: Vec<u32> = Vec::new();
    let mut set: Vec<u32> = Vec::new();
    start.push(0);
    for s in 0..states {
        for heap_options in options.iter().take(letters) {
            set.clear();
            set.extend(heap_options.iter().map(|o| candidate.walk(s as u32, o)));
            order.keep_maximal(&mut set);
            moves.extend_from_slice(&set);
            start.push(moves.len());
        }
        for _ in options.len()..letters {
            start.push(moves.len());
        }
    }
    let move_set = |s: usize, letter: usize| {
        let at = s * letters + letter;
        &moves[start[at]..start[at + 1]]
    };
    // The least refutation so far: its tokens and how to spell it.
    let mut best: Option<(u64, Refutation)> = None;
    let (nearest, last_letter) = nearest_sums(candidate);
    for (x, &near) in nearest.iter().enumerate() {
        if near == u64::MAX {
            continue;
        }
        for letter in 0..letters {
            let through = near + letter as u64 + 1;
            if candidate.p[candidate.step(x as u32, letter) as usize]
                && meets_p(move_set(x, letter))
                && best.as_ref().is_none_or(|(t, _)| through < *t)
            {
                best = Some((through, Refutation::State(x as u32, letter)));
            }
        }
    }
    // A pair is one slice: the state, then the set's states in order.
    let mut ids: FxHashMap<Box<[u32]>, u32> = FxHashMap::default();
    let mut pairs: Vec<Box<[u32]>> = Vec::new();
    let start_pair: Box<[u32]> = Box::new([0]);
    ids.insert(start_pair.clone(), 0);
    pairs.push(start_pair);
    // The pairs extended so far at each state (their sets not empty).
    let mut walked: Vec<Vec<u32>> = vec![Vec::new(); states];
    // How each pair was first reached: (the pair before, the letter).
    let mut parent: Vec<(u32, usize)> = vec![(0, 0)];
    let mut tokens: Vec<u64> = vec![0];
    let mut done: Vec<bool> = vec![false];
    let mut queue: BinaryHeap<Reverse<(u64, u32)>> = BinaryHeap::new();
    queue.push(Reverse((0, 0)));
    let mut to_pair: Vec<u32> = Vec::new();
    let mut popped = 0usize;
    while let Some(Reverse((dist, at))) = queue.pop() {
        if best.as_ref().is_some_and(|(t, _)| dist >= *t) {
            break;
        }
        let at = at as usize;
        if done[at] || dist != tokens[at] {
            continue;
        }
        done[at] = true;
        popped += 1;
        if popped % 4096 == 4095 && should_stop() {
            return Err(Halted::Stopped);
        }
        let pair = pairs[at].clone();
        let (state, set) = (pair[0], &pair[1..]);
        if commutative && !set.is_empty() {
            // Covered: a set walked at this state lies below this one.
            let covered = walked[state as usize].iter().any(|&q| {
                pairs[q as usize][1..]
                    .iter()
                    .all(|&a| set.iter().any(|&b| order.is_below(a, b)))
            });
            if covered {
                continue;
            }
            walked[state as usize].push(at as u32);
        }
        for letter in 0..letters {
            let through = dist + letter as u64 + 1;
            if best.as_ref().is_some_and(|(t, _)| through >= *t) {
                continue;
            }
            let to = candidate.step(state, letter);
            to_pair.clear();
            to_pair.extend_from_slice(move_set(state as usize, letter));
            to_pair.extend(set.iter().map(|&s| candidate.step(s, letter)));
            order.keep_maximal(&mut to_pair);
            to_pair.insert(0, to);
            let to_set = &to_pair[1..];
            let has_options = !to_set.is_empty();
            // Called N with options none called P, or called P with no
            // options (called P with an option called P was found above).
            if (has_options && !meets_p(to_set)) != candidate.p[to as usize] {
                best = Some((through, Refutation::Pair(at as u32, letter)));
                continue;
            }
            let id = match ids.get(to_pair.as_slice()) {
                Some(&id) => id as usize,
                None => {
                    if pairs.len() >= max_pairs {
                        return Err(Halted::Overflow);
                    }
                    let id = pairs.len();
                    let key: Box<[u32]> = to_pair.clone().into_boxed_slice();
                    ids.insert(key.clone(), id as u32);
                    pairs.push(key);
                    parent.push((at as u32, letter));
                    tokens.push(u64::MAX);
                    done.push(false);
                    id
                }
            };
            if !done[id] && through < tokens[id] {
                tokens[id] = through;
                parent[id] = (at as u32, letter);
                queue.push(Reverse((through, id as u32)));
            }
        }
    }
    let Some((_, refutation)) = best else {
        return Ok(None);
    };
    let mut word = Vec::new();
    match refutation {
        Refutation::State(x, letter) => {
            word.push(letter);
            let mut state = x as usize;
            while state != 0 {
                let l = last_letter[state];
                word.push(l);
                state = previous_state(candidate, &nearest, state, l);
            }
        }
        Refutation::Pair(at, letter) => {
            word.push(letter);
            let mut pair = at as usize;
            while pair != 0 {
                let (before, l) = parent[pair];
                word.push(l);
                pair = before as usize;
            }
        }
    }
    word.reverse();
    Ok(Some(word))
}

/// Where the least refutation found so far ends: a state and the heap
/// added to it (a sum called P with an option called P), or a pair and
/// the heap added to it (a sum called N whose options are none called P).
enum Refutation {
    State(u32, usize),
    Pair(u32, usize),
}

/// The fewest tokens of a sum reaching each state (`u64::MAX` if none
/// does), and the last letter of one such sum.
fn nearest_sums(candidate: &Automaton) -> (Vec<u64>, Vec<usize>) {
    let states = candidate.states();
    let mut nearest = vec![u64::MAX; states];
    let mut last = vec![0usize; states];
    let mut queue: BinaryHeap<Reverse<(u64, u32)>> = BinaryHeap::new();
    if states > 0 {
        nearest[0] = 0;
        queue.push(Reverse((0, 0)));
    }
    while let Some(Reverse((dist, x))) = queue.pop() {
        if dist != nearest[x as usize] {
            continue;
        }
        for letter in 0..candidate.letters {
            let to = candidate.step(x, letter) as usize;
            let through = dist + letter as u64 + 1;
            if through < nearest[to] {
                nearest[to] = through;
                last[to] = letter;
                queue.push(Reverse((through, to as u32)));
            }
        }
    }
    (nearest, last)
}

/// A proven lower bound on the order of the quotient a candidate stands
/// for, from the candidate and the tokens of its least refutation: the
/// candidate is right on every sum of fewer tokens (see [`check`]), so two
/// sums u and v it tells apart by a sum X with u + X and v + X both below
/// those tokens are apart in the game too. The states reached by sums of
/// at most `a` tokens are split by their P-futures over sums of at most
/// `b` tokens, with a + b one less than the refutation's tokens; sums
/// reaching states in different classes are pairwise apart, so the quotient
/// has at least as many elements as there are classes.
///
/// The futures are compared by Moore's refinement counted in tokens: the
/// class of x for sums of at most t tokens is P(x) and the classes of x·l
/// for sums of at most t − (l + 1) tokens, for each heap l + 1 ≤ t. The
/// candidate must be commutative (a monoid), as `extend`'s are.
///
/// # Complexity
/// O(b · |C| · letters) time, with hashing, and |C| · letters words for
/// the classes kept; past 2·10^8 steps the budget b is cut short.
pub(crate) fn proven_order_below(candidate: &Automaton, refutation_tokens: u64) -> usize {
    let states = candidate.states();
    let letters = candidate.letters;
    let Some(total) = refutation_tokens.checked_sub(1) else {
        return 1;
    };
    let b = usize::try_from(total / 2).unwrap_or(usize::MAX);
    let a = total - total / 2;
    // class[t % ring][x]: the class of x for sums of at most t tokens; a
    // letter's weight is at most `letters`, so the last letters + 1 budgets
    // are kept.
    let ring = letters + 1;
    let mut class: Vec<Vec<u32>> = vec![Vec::new(); ring];
    class[0] = candidate.p.iter().map(|&p| u32::from(p)).collect();
    let mut key: Vec<u32> = Vec::with_capacity(letters + 1);
    // Each budget's classes refine the last one's: once every state is a
    // class of its own, larger budgets split nothing more.
    // A smaller budget is a weaker bound but as sound: past this much
    // work (a few seconds) the classes so far are taken.
    const MAX_WORK: usize = 200_000_000;
    let mut done_at = 0;
    for t in 1..=b {
        if t.saturating_mul(states).saturating_mul(letters + 1) > MAX_WORK {
            break;
        }
        let mut ids: FxHashMap<Vec<u32>, u32> = FxHashMap::default();
        let mut here = Vec::with_capacity(states);
        for x in 0..states {
            key.clear();
            key.push(u32::from(candidate.p[x]));
            for letter in 0..letters.min(t) {
                let before = &class[(t - letter - 1) % ring];
                key.push(before[candidate.step(x as u32, letter) as usize]);
            }
            let fresh = ids.len() as u32;
            here.push(*ids.entry(key.clone()).or_insert(fresh));
        }
        class[t % ring] = here;
        done_at = t;
        if ids.len() == states {
            break;
        }
    }
    let at_b = &class[done_at % ring];
    let (nearest, _) = nearest_sums(candidate);
    let mut seen = FxHashSet::default();
    for x in 0..states {
        if nearest[x] <= a {
            seen.insert(at_b[x]);
        }
    }
    seen.len().max(1)
}

/// A state before `state` on one of its nearest sums: one whose nearest
/// sum plus `letter` has as few tokens as `state`'s.
fn previous_state(candidate: &Automaton, nearest: &[u64], state: usize, letter: usize) -> usize {
    let goal = nearest[state] - (letter as u64 + 1);
    (0..candidate.states())
        .find(|&x| nearest[x] == goal && candidate.step(x as u32, letter) as usize == state)
        .unwrap_or(0)
}

/// The preorder on the states by their P-futures: x ≤ y when every sum w
/// with x·w in P has y·w in P too. It is the greatest relation that
/// holds on P (x in P only if y is) and is kept by every letter.
struct Order {
    words: usize,
    /// For each state x, the states y > x, or y ≡ x with y < x: a set of
    /// options' states keeps the same P-futures without x when it holds
    /// such a y.
    dominators: Vec<u64>,
    /// For each state y, the states x ≤ y (y among them).
    below: Vec<u64>,
}

impl Order {
    fn of(candidate: &Automaton) -> Self {
        let n = candidate.states();
        let words = n.div_ceil(64);
        let get = |rel: &[u64], x: usize, y: usize| rel[x * words + y / 64] >> (y % 64) & 1 != 0;
        // Letters that act alike need to be tried once.
        let mut distinct: Vec<usize> = Vec::new();
        for letter in 0..candidate.letters {
            let same = distinct
                .iter()
                .any(|&l| (0..n as u32).all(|x| candidate.step(x, l) == candidate.step(x, letter)));
            if !same {
                distinct.push(letter);
            }
        }
        let mut le = vec![0u64; n * words];
        for x in 0..n {
            for y in 0..n {
                if !candidate.p[x] || candidate.p[y] {
                    le[x * words + y / 64] |= 1 << (y % 64);
                }
            }
        }
        let mut changed = true;
        while changed {
            changed = false;
            for x in 0..n {
                for y in 0..n {
                    if !get(&le, x, y) {
                        continue;
                    }
                    let kept = distinct.iter().all(|&l| {
                        let (a, b) = (candidate.step(x as u32, l), candidate.step(y as u32, l));
                        get(&le, a as usize, b as usize)
                    });
                    if !kept {
                        le[x * words + y / 64] &= !(1 << (y % 64));
                        changed = true;
                    }
                }
            }
        }
        let mut dominators = vec![0u64; n * words];
        let mut below = vec![0u64; n * words];
        for x in 0..n {
            for y in 0..n {
                if !get(&le, x, y) {
                    continue;
                }
                below[y * words + x / 64] |= 1 << (x % 64);
                if y != x && (!get(&le, y, x) || y < x) {
                    dominators[x * words + y / 64] |= 1 << (y % 64);
                }
            }
        }
        Self {
            words,
            dominators,
            below,
        }
    }

    /// As [`of`](Self::of), for a candidate that is a monoid (commutative,
    /// every state reached from the start): x·w is then x times the state
    /// w reaches, so x ≤ y exactly when {z : x·z in P} ⊆ {z : y·z in P},
    /// one row of bits per state compared, with no fixed point to iterate.
    fn of_monoid(candidate: &Automaton) -> Self {
        let n = candidate.states();
        let words = n.div_ceil(64);
        // A tree of words from the start: each state after the first is
        // reached from an earlier one by one letter.
        let mut tree: Vec<(u32, usize)> = vec![(0, 0); n];
        let mut seen = vec![false; n];
        let mut walk = Vec::with_capacity(n);
        if n > 0 {
            seen[0] = true;
            walk.push(0u32);
        }
        let mut at = 0;
        while at < walk.len() {
            let state = walk[at];
            at += 1;
            for letter in 0..candidate.letters {
                let to = candidate.step(state, letter) as usize;
                if !seen[to] {
                    seen[to] = true;
                    tree[to] = (state, letter);
                    walk.push(to as u32);
                }
            }
        }
        if walk.len() < n {
            return Self::of(candidate);
        }
        // rows[x]: the states z with x·z in P.
        let mut rows = vec![0u64; n * words];
        let mut times = vec![0u32; n];
        for x in 0..n {
            let row = &mut rows[x * words..(x + 1) * words];
            for &z in &walk {
                let z = z as usize;
                let xz = if z == 0 {
                    x as u32
                } else {
                    let (before, letter) = tree[z];
                    candidate.step(times[before as usize], letter)
                };
                times[z] = xz;
                if candidate.p[xz as usize] {
                    row[z / 64] |= 1 << (z % 64);
                }
            }
        }
        // The table is symmetric (x·z = z·x), so the states y with
        // rows[x] ⊆ rows[y] lie in rows[z] for each z of rows[x]: a few rows
        // anded leave few candidates, each then compared whole.
        let mut dominators = vec![0u64; n * words];
        let mut below = vec![0u64; n * words];
        let mut above = vec![0u64; words];
        for x in 0..n {
            let row_x = &rows[x * words..(x + 1) * words];
            above.fill(u64::MAX);
            if n % 64 != 0 {
                above[words - 1] = (1u64 << (n % 64)) - 1;
            }
            let mut anded = 0;
            'rows: for (w, &bits) in row_x.iter().enumerate() {
                let mut bits = bits;
                while bits != 0 {
                    let z = w * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    for (a, r) in above.iter_mut().zip(&rows[z * words..(z + 1) * words]) {
                        *a &= r;
                    }
                    anded += 1;
                    if anded == 8 {
                        break 'rows;
                    }
                }
            }
            for (w, &bits) in above.iter().enumerate() {
                let mut bits = bits;
                while bits != 0 {
                    let y = w * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    let row_y = &rows[y * words..(y + 1) * words];
                    if row_x.iter().zip(row_y).any(|(a, b)| a & !b != 0) {
                        continue;
                    }
                    // x ≤ y; y ≤ x too only when the rows are equal.
                    below[y * words + x / 64] |= 1 << (x % 64);
                    if y != x && (row_x != row_y || y < x) {
                        dominators[x * words + y / 64] |= 1 << (y % 64);
                    }
                }
            }
        }
        Self {
            words,
            dominators,
            below,
        }
    }

    /// Sorts `set`, drops repeats and every state that another state of
    /// it dominates. Domination is a strict order, so a state dominated by
    /// a dropped one is dominated by one kept (the maximal ones are never
    /// dropped), and the set can shrink in place.
    fn keep_maximal(&self, set: &mut Vec<u32>) {
        set.sort_unstable();
        set.dedup();
        if set.len() < 2 {
            return;
        }
        let mut kept = 0;
        for i in 0..set.len() {
            let x = set[i];
            let row = &self.dominators[x as usize * self.words..][..self.words];
            let dominated = set
                .iter()
                .any(|&y| row[y as usize / 64] >> (y % 64) & 1 != 0);
            if !dominated {
                set[kept] = x;
                kept += 1;
            }
        }
        set.truncate(kept);
    }

    /// Whether a ≤ b.
    fn is_below(&self, a: u32, b: u32) -> bool {
        self.below[b as usize * self.words + a as usize / 64] >> (a % 64) & 1 != 0
    }
}

/// The least automaton of the same language, its states numbered in the
/// order a breadth-first walk from the start meets them (Moore's
/// refinement: split states by P, then by the classes of their successors,
/// until nothing splits).
pub(crate) fn least(automaton: &Automaton) -> Automaton {
    let n = automaton.states();
    let letters = automaton.letters;
    let mut class: Vec<u32> = automaton.p.iter().map(|&p| u32::from(p)).collect();
    let mut count = class
        .iter()
        .collect::<std::collections::BTreeSet<_>>()
        .len();
    loop {
        let mut ids: FxHashMap<Vec<u32>, u32> = FxHashMap::default();
        let mut refined = Vec::with_capacity(n);
        let mut key = Vec::with_capacity(letters + 1);
        for state in 0..n {
            key.clear();
            key.push(class[state]);
            key.extend(
                automaton.next[state * letters..(state + 1) * letters]
                    .iter()
                    .map(|&t| class[t as usize]),
            );
            let fresh = ids.len() as u32;
            refined.push(*ids.entry(key.clone()).or_insert(fresh));
        }
        let new_count = ids.len();
        class = refined;
        if new_count == count {
            break;
        }
        count = new_count;
    }
    // Number the classes in breadth-first order from the start's class.
    let mut number = vec![u32::MAX; count];
    let mut representative = Vec::with_capacity(count);
    number[class[0] as usize] = 0;
    representative.push(0usize);
    let mut at = 0;
    while at < representative.len() {
        let state = representative[at];
        for letter in 0..letters {
            let to = automaton.next[state * letters + letter] as usize;
            let c = class[to] as usize;
            if number[c] == u32::MAX {
                number[c] = representative.len() as u32;
                representative.push(to);
            }
        }
        at += 1;
    }
    let mut next = Vec::with_capacity(representative.len() * letters);
    for &state in &representative {
        for letter in 0..letters {
            next.push(number[class[automaton.next[state * letters + letter] as usize] as usize]);
        }
    }
    let p = representative.iter().map(|&s| automaton.p[s]).collect();
    Automaton { letters, next, p }
}
