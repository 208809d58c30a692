//! Misère quotients of heap games (Plambeck and Siegel): the finite
//! commutative monoid that decides misère play of every sum of heaps.
//!
//! Two sums G and H of a game's heaps are *indistinguishable* when G + X
//! and H + X have the same misère outcome for every sum X of heaps of the
//! game; the classes form a commutative monoid under +, the misère quotient
//! Q, with its P-portion P (the classes of the P-positions) and the
//! pretending function Φ that sends heap n to its class. Who wins a sum is
//! then a product in Q and a look-up in P (T. E. Plambeck, "Taming the wild
//! in impartial combinatorial games", *Integers* 5 (2005) G05; T. E.
//! Plambeck and A. N. Siegel, "Misère quotients for impartial games",
//! *J. Combin. Theory Ser. A* 115 (2008) 593–622; A. N. Siegel,
//! *Combinatorial Game Theory*, AMS 2013, ch. V).
//!
//! [`MisereQuotient::compute`] builds the quotient of heaps 1..=n heap by
//! heap, for n up to a bound, as Plambeck and Siegel do: the partial
//! quotient Q_n of the sums of heaps up to n. Each Q_n is the least
//! automaton of the language of P-positions (a sum is a word over the
//! heaps). Q_n is built from Q_{n-1} with no search of the game: a
//! candidate's P-portion is marked on a monoid made from Q_{n-1} and a
//! cyclic monoid for heap n (made finer where a check refutes it), and
//! each candidate is checked against the misère recursion on every sum
//! at once, until one passes (see `extend` for the candidates,
//! `automaton` for the proof): each partial quotient is proven, not
//! sampled. Should no frame fix a refuting sum, the heap falls back on
//! `learn`, candidates learnt from exact outcomes of a few sums (a plain
//! misère search), which is also the whole of
//! [`MisereQuotient::compute_by_search`], the independent path the tests
//! compare with.
//!
//! The presentation is written as MisereSolver writes it,
//! `<a,b,c | a2=1,b3=b,bc=ab,c2=b2>`: a generator for each heap whose
//! class is not a product of earlier generators (a, b, c, … in the order
//! of the heaps), and the relations w = v for each least word w that is
//! not the first word of its element, v being that first word, words
//! ordered by degree, then by the exponent of a, then of b, … (greatest
//! first); the relations are listed by their left words in the order of
//! the exponents (a first). Elements are written as their first words
//! (`ab2`, `1` for the identity).
//!
//! Files: `automaton` (the least automaton and the check), `extend`
//! (Q_n from Q_{n-1}), `learn` (candidates from exact outcomes), `period`
//! (Plambeck and Siegel's periodicity theorem), `present` (generators,
//! words and relations), `tame` (which misère Nim quotient a tame quotient
//! is).
//!
//! # Example
//! Misère 0.75 (Plambeck and Siegel): eight elements.
//! ```
//! use cgt_core::heap::{HeapGame, HeapOptions};
//! use cgt_core::misere_quotient::{Limits, MisereQuotient};
//!
//! /// 0.75: take 1 (leaving 0, or 1 heap, or 2 heaps),
//! /// or take 2 (leaving 0 heaps, or 2 heaps).
//! struct Game075;
//! impl HeapGame for Game075 {
//!     fn heap_options(&self, n: usize, options: &mut HeapOptions) {
//!         for (take, digit) in [(1, 7), (2, 5)] {
//!             if n < take { continue; }
//!             let rest = n - take;
//!             if digit & 1 != 0 && rest == 0 { options.push(&[]); }
//!             if digit & 2 != 0 && rest > 0 { options.push(&[rest]); }
//!             if digit & 4 != 0 {
//!                 for a in 1..=rest / 2 { options.push(&[a, rest - a]); }
//!             }
//!         }
//!     }
//! }
//!
//! let q = MisereQuotient::compute(&Game075, 20, Limits::default(), &mut |_, _| {}).unwrap();
//! assert_eq!(q.presentation(), "<a,b,c | a2=1,b3=b,bc=ab,c2=b2>");
//! assert_eq!(q.order(), 8);
//! assert_eq!(q.p_portion_words(), ["a", "b2"]);
//! // 3 + 5 + 7: a product in Q, then a look-up in P.
//! let sum = q.sum_of(&[3, 5, 7]).unwrap();
//! assert!(!q.is_p(sum));
//! ```
//!
//! # Complexity
//! The check of each candidate visits the pairs (element, set of the
//! options' elements) the sums reach, but only the least sets of each
//! element (a larger set refutes nothing a smaller one does not), each set
//! kept as its few maximal elements (O(n·k²) per pair for sets of k
//! elements); the order of the elements it needs costs |Q|² products and
//! two tables of |Q|² bits. A candidate's frame has at most
//! [`Limits::max_pairs`] elements. 0.07 to heap 33 (order 638) takes about
//! 2.5 s of CPU in release, most of it in the checks.

mod automaton;
mod extend;
mod learn;
mod period;
mod present;
mod tame;

use crate::heap::{BadOption, HeapGame, HeapOptions};
use crate::outcome::Outcome;
use automaton::Automaton;
use std::fmt;

pub use period::Periodicity;
pub use tame::Tame;

/// An element of a [`MisereQuotient`]: an index into it (0 is the
/// identity), meaningful only with the quotient it came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Element(pub u32);

/// Bounds on a computation, so that a wild game stops with a message
/// instead of filling the memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The most elements a candidate quotient may have; the partial
    /// quotient of each heap is the last of its candidates. A candidate can
    /// be larger than the quotient it leads to (Q_30 of 0.07 has 360
    /// elements, candidates on the way 536), so a bound passed says that a
    /// candidate outgrew it, not the quotient.
    pub max_order: usize,
    /// The most pairs the check of one candidate may meet.
    pub max_pairs: usize,
}

impl Default for Limits {
    /// 10 000 elements, 4 000 000 pairs.
    fn default() -> Self {
        Self {
            max_order: 10_000,
            max_pairs: 4_000_000,
        }
    }
}

/// Why [`MisereQuotient::compute`] stopped before the heap it was asked
/// for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// A candidate quotient had more elements than [`Limits::max_order`].
    Order(usize),
    /// The check of a candidate met more pairs than [`Limits::max_pairs`].
    Pairs(usize),
    /// The rules listed an option that is not smaller than the heap.
    BadOption(BadOption),
    /// The caller's `should_stop` said yes
    /// ([`MisereQuotient::compute_until`]).
    Interrupted,
}

impl fmt::Display for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Order(bound) => write!(f, "a candidate quotient outgrew {bound} elements"),
            Self::Pairs(bound) => write!(f, "the check outgrew {bound} states"),
            Self::BadOption(bad) => bad.fmt(f),
            Self::Interrupted => write!(f, "interrupted"),
        }
    }
}

/// A computation stopped early: why, at which heap, and the quotient of
/// the heaps before it (every heap up to [`MisereQuotient::max_heap`]).
#[derive(Clone, Debug)]
pub struct Stopped {
    /// Why it stopped.
    pub reason: Stop,
    /// The heap whose quotient could not be computed.
    pub heap: usize,
    /// The quotient of the heaps below `heap`.
    pub partial: Box<MisereQuotient>,
    /// When a bound stopped the construction of the quotient with heaps up
    /// to `heap`: a proven lower bound on its order (the sums its last
    /// refuted candidate tells apart below the tokens of its refutation,
    /// and never less than the order of `partial`).
    pub at_least: Option<usize>,
}

impl fmt::Display for Stopped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at heap {}: {}", self.heap, self.reason)?;
        if let Some(n) = self.at_least {
            write!(
                f,
                "; the quotient of heaps up to {} has at least {n}",
                self.heap
            )?;
        }
        write!(
            f,
            " (the quotient of heaps up to {} has order {})",
            self.partial.max_heap(),
            self.partial.order()
        )
    }
}

impl std::error::Error for Stopped {}

/// A winning move in a sum of heaps: the heap moved in (its index in the
/// sum and its size) and the heaps it leaves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeapMove {
    /// The position of the heap in the sum as given.
    pub index: usize,
    /// Its size.
    pub heap: usize,
    /// The heaps it becomes (empty: the heap is removed).
    pub to: Vec<usize>,
}

/// The misère quotient of the sums of a heap game's heaps up to a size,
/// with its presentation (see the [module](self) doc).
#[derive(Clone, Debug)]
pub struct MisereQuotient {
    max_heap: usize,
    /// `mul[x * order + y]`.
    mul: Vec<u32>,
    p: Vec<bool>,
    /// Φ(n) for heaps 0..=max_heap.
    phi: Vec<u32>,
    /// The order of the partial quotient of heaps up to n, for n in 0..=max_heap.
    orders: Vec<usize>,
    /// The options of heaps 1..=max_heap, each a list of non-empty heaps.
    options: Vec<Vec<Vec<usize>>>,
    presentation: present::Presentation,
}

impl MisereQuotient {
    /// The quotient of the sums of `game`'s heaps up to `max_heap`,
    /// computed heap by heap; `progress(n, order)` is called after each
    /// heap n with the order of its partial quotient.
    ///
    /// # Errors
    /// [`Stopped`], with the quotient of the heaps before the one that
    /// stopped it, when a bound of `limits` is passed or the rules list an
    /// option not smaller than its heap.
    pub fn compute<G: HeapGame + ?Sized>(
        game: &G,
        max_heap: usize,
        limits: Limits,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Result<Self, Stopped> {
        Self::compute_with(game, max_heap, limits, progress, &mut || false, false)
    }

    /// As [`compute`](Self::compute), asking `should_stop` now and then
    /// (between heaps, and every few thousand states of a check): once it
    /// says yes, the computation ends with [`Stop::Interrupted`] (as Ctrl-C
    /// in Python does).
    ///
    /// # Errors
    /// As [`compute`](Self::compute), and [`Stop::Interrupted`].
    pub fn compute_until<G: HeapGame + ?Sized>(
        game: &G,
        max_heap: usize,
        limits: Limits,
        progress: &mut dyn FnMut(usize, usize),
        should_stop: &mut dyn FnMut() -> bool,
    ) -> Result<Self, Stopped> {
        Self::compute_with(game, max_heap, limits, progress, should_stop, false)
    }

    /// As [`compute`](Self::compute), but each partial quotient learnt
    /// from exact outcomes of sums (a plain misère search of the rules)
    /// instead of built from the one before: far slower, kept as an
    /// independent path that tests compare with.
    ///
    /// # Errors
    /// As [`compute`](Self::compute).
    pub fn compute_by_search<G: HeapGame + ?Sized>(
        game: &G,
        max_heap: usize,
        limits: Limits,
        progress: &mut dyn FnMut(usize, usize),
    ) -> Result<Self, Stopped> {
        Self::compute_with(game, max_heap, limits, progress, &mut || false, true)
    }

    fn compute_with<G: HeapGame + ?Sized>(
        game: &G,
        max_heap: usize,
        limits: Limits,
        progress: &mut dyn FnMut(usize, usize),
        should_stop: &mut dyn FnMut() -> bool,
        by_search: bool,
    ) -> Result<Self, Stopped> {
        let mut candidate = Automaton {
            letters: 0,
            next: Vec::new(),
            p: vec![false],
        };
        let mut options: Vec<Vec<Vec<usize>>> = Vec::new();
        let mut letter_options: Vec<Vec<Vec<usize>>> = Vec::new();
        let mut orders = vec![1];
        let mut listed = HeapOptions::new();
        let mut table = learn::Table::new(game);
        progress(0, 1);
        for heap in 1..=max_heap {
            let stop =
                |reason, candidate: &Automaton, options: Vec<Vec<Vec<usize>>>, orders| Stopped {
                    reason,
                    heap,
                    partial: Box::new(Self::from_automaton(candidate, options, orders)),
                    at_least: None,
                };
            listed.clear();
            game.heap_options(heap, &mut listed);
            let mut heap_options: Vec<Vec<usize>> = Vec::with_capacity(listed.len());
            for option in listed.iter() {
                if let Some(&bad) = option.iter().find(|&&h| h >= heap) {
                    let reason = Stop::BadOption(BadOption { n: heap, heap: bad });
                    return Err(stop(reason, &candidate, options, orders));
                }
                let mut option: Vec<usize> = option.iter().copied().filter(|&h| h > 0).collect();
                option.sort_unstable();
                heap_options.push(option);
            }
            heap_options.sort_unstable();
            heap_options.dedup();
            letter_options.push(
                heap_options
                    .iter()
                    .map(|o| o.iter().map(|h| h - 1).collect())
                    .collect(),
            );
            let extended = if by_search {
                Err((extend::GiveUp::Stuck, candidate.states()))
            } else {
                extend::extend(
                    &candidate,
                    &letter_options,
                    limits.max_order,
                    limits.max_pairs,
                    should_stop,
                )
            };
            if matches!(extended, Err((extend::GiveUp::Interrupted, _))) || should_stop() {
                return Err(stop(Stop::Interrupted, &candidate, options, orders));
            }
            // A proven lower bound on |Q_heap| when a bound stops the heap.
            let mut at_least = None;
            let learnt = match extended {
                Ok(next) => Ok(next),
                Err((extend::GiveUp::Order, proven)) => {
                    at_least = Some(proven);
                    Err(learn::Halt::Order)
                }
                Err((extend::GiveUp::Pairs, proven)) => {
                    at_least = Some(proven);
                    Err(learn::Halt::Pairs)
                }
                // The frames found no candidate: learn one from exact
                // outcomes (slow, but it always ends).
                Err((extend::GiveUp::Stuck | extend::GiveUp::Interrupted, _)) => table
                    .learn(heap, &letter_options, limits.max_order, limits.max_pairs)
                    .map(|learnt| automaton::least(&learnt)),
            };
            match learnt {
                Ok(learnt) => candidate = learnt,
                Err(learn::Halt::Order) => {
                    let stopped = stop(Stop::Order(limits.max_order), &candidate, options, orders);
                    return Err(Stopped {
                        at_least,
                        ..stopped
                    });
                }
                Err(learn::Halt::Pairs) => {
                    let stopped = stop(Stop::Pairs(limits.max_pairs), &candidate, options, orders);
                    return Err(Stopped {
                        at_least,
                        ..stopped
                    });
                }
            }
            options.push(heap_options);
            orders.push(candidate.states());
            progress(heap, candidate.states());
        }
        Ok(Self::from_automaton(&candidate, options, orders))
    }

    /// The quotient a settled least automaton stands for.
    fn from_automaton(
        automaton: &Automaton,
        options: Vec<Vec<Vec<usize>>>,
        orders: Vec<usize>,
    ) -> Self {
        let order = automaton.states();
        // A word reaching each element, from a breadth-first walk: y is the
        // state after its word, so x·y is x walked along it.
        let mut word: Vec<Option<Vec<usize>>> = vec![None; order];
        word[0] = Some(Vec::new());
        let mut queue = vec![0usize];
        let mut at = 0;
        while at < queue.len() {
            let state = queue[at];
            at += 1;
            for letter in 0..automaton.letters {
                let to = automaton.step(state as u32, letter) as usize;
                if word[to].is_none() {
                    let mut w = word[state].clone().unwrap_or_default();
                    w.push(letter);
                    word[to] = Some(w);
                    queue.push(to);
                }
            }
        }
        let mut mul = Vec::with_capacity(order * order);
        for x in 0..order {
            for w in &word {
                mul.push(automaton.walk(x as u32, w.as_deref().unwrap_or_default()));
            }
        }
        let mut phi = vec![0];
        phi.extend((0..automaton.letters).map(|letter| automaton.step(0, letter)));
        let presentation = present::Presentation::new(order, &mul, &phi, &automaton.p);
        Self {
            max_heap: automaton.letters,
            mul,
            p: automaton.p.clone(),
            phi,
            orders,
            options,
            presentation,
        }
    }

    /// The largest heap whose sums the quotient decides.
    pub fn max_heap(&self) -> usize {
        self.max_heap
    }

    /// |Q|, the number of elements.
    pub fn order(&self) -> usize {
        self.p.len()
    }

    /// The order of the partial quotient of the heaps up to n, for each n
    /// in 0..=[`max_heap`](Self::max_heap).
    pub fn orders(&self) -> &[usize] {
        &self.orders
    }

    /// The identity: the class of the empty sum.
    pub fn identity(&self) -> Element {
        Element(0)
    }

    /// Φ(n), the class of a heap of n, for n up to
    /// [`max_heap`](Self::max_heap).
    pub fn phi(&self, n: usize) -> Option<Element> {
        self.phi.get(n).map(|&e| Element(e))
    }

    /// The product x·y: the class of the sum of a game of class x and one
    /// of class y.
    pub fn mul(&self, x: Element, y: Element) -> Element {
        Element(self.mul[x.0 as usize * self.order() + y.0 as usize])
    }

    /// Whether the sums of class x are P-positions (the player to move
    /// loses under misère play).
    pub fn is_p(&self, x: Element) -> bool {
        self.p[x.0 as usize]
    }

    /// The class of the sum of `heaps`; `None` if a heap is above
    /// [`max_heap`](Self::max_heap).
    pub fn sum_of(&self, heaps: &[usize]) -> Option<Element> {
        heaps
            .iter()
            .try_fold(self.identity(), |x, &h| Some(self.mul(x, self.phi(h)?)))
    }

    /// The elements of the P-portion, in the order of their words.
    pub fn p_portion(&self) -> Vec<Element> {
        self.presentation
            .elements_in_order()
            .filter(|&x| self.p[x as usize])
            .map(Element)
            .collect()
    }

    /// The P-portion as words: `["a", "b2"]`.
    pub fn p_portion_words(&self) -> Vec<String> {
        self.p_portion().into_iter().map(|x| self.word(x)).collect()
    }

    /// Every element, in the order of their words (the identity first).
    pub fn elements(&self) -> Vec<Element> {
        self.presentation.elements_in_order().map(Element).collect()
    }

    /// An element written as its first word over the generators (`ab2`;
    /// `1` for the identity).
    pub fn word(&self, x: Element) -> String {
        self.presentation.word(x.0)
    }

    /// The presentation, `<a,b,c | a2=1,b3=b,bc=ab,c2=b2>`.
    pub fn presentation(&self) -> String {
        self.presentation.to_string()
    }

    /// The heaps whose classes are the generators a, b, c, …, in order.
    pub fn generator_heaps(&self) -> Vec<usize> {
        self.presentation
            .generators()
            .iter()
            .map(|&g| self.phi.iter().position(|&e| e == g).unwrap_or(0))
            .collect()
    }

    /// The periodicity of Φ and the whole game's quotient, when Plambeck
    /// and Siegel's periodicity theorem proves them from this partial
    /// quotient, for a finite octal game whose code's last nonzero digit
    /// is d_k (so `k` tokens at most are taken and at most two heaps left;
    /// the caller vouches for it): the least period, with its least
    /// preperiod, such that Φ(n + p) = Φ(n) for n0 ≤ n ≤ N − p and
    /// N + 1 ≥ 2·max(n0, 1) + 2p + k, N the largest heap. `None` when no
    /// period is proven so far (a larger N may prove one).
    ///
    /// # Example
    /// ```
    /// # use cgt_core::heap::{HeapGame, HeapOptions};
    /// use cgt_core::misere_quotient::{Limits, MisereQuotient, Periodicity};
    /// # struct Game075;
    /// # impl HeapGame for Game075 {
    /// #     fn heap_options(&self, n: usize, options: &mut HeapOptions) {
    /// #         for (take, digit) in [(1, 7), (2, 5)] {
    /// #             if n < take { continue; }
    /// #             let rest = n - take;
    /// #             if digit & 1 != 0 && rest == 0 { options.push(&[]); }
    /// #             if digit & 2 != 0 && rest > 0 { options.push(&[rest]); }
    /// #             if digit & 4 != 0 {
    /// #                 for a in 1..=rest / 2 { options.push(&[a, rest - a]); }
    /// #             }
    /// #         }
    /// #     }
    /// # }
    /// // 0.75, whose last digit is d_2: Φ has period 2 from heap 8, which
    /// // heaps up to 21 prove (2·8 + 2·2 + 2 = 22 = 21 + 1), up to 20 not.
    /// let q = MisereQuotient::compute(&Game075, 21, Limits::default(), &mut |_, _| {}).unwrap();
    /// assert_eq!(q.periodicity(2), Some(Periodicity { preperiod: 8, period: 2 }));
    /// let q = MisereQuotient::compute(&Game075, 20, Limits::default(), &mut |_, _| {}).unwrap();
    /// assert_eq!(q.periodicity(2), None);
    /// ```
    pub fn periodicity(&self, k: usize) -> Option<Periodicity> {
        period::prove(self, k)
    }

    /// Whether the quotient is tame, and which misère Nim quotient it is:
    /// `None` when it is wild.
    pub fn tame(&self) -> Option<Tame> {
        tame::recognise(self)
    }

    /// Who wins the sum of `heaps` in misère play ([`Outcome::N`] when the
    /// player to move does), and a winning move when there is one; `None`
    /// if a heap is above [`max_heap`](Self::max_heap).
    ///
    /// # Complexity
    /// O(k) products for k heaps, then, for a winning move, a product and a
    /// look-up for each option of each distinct heap.
    pub fn outcome(&self, heaps: &[usize]) -> Option<(Outcome, Option<HeapMove>)> {
        let whole = self.sum_of(heaps)?;
        if self.is_p(whole) {
            return Some((Outcome::P, None));
        }
        for (index, &heap) in heaps.iter().enumerate() {
            if heap == 0 || heaps[..index].contains(&heap) {
                continue;
            }
            let mut rest = self.identity();
            for (j, &h) in heaps.iter().enumerate() {
                if j != index {
                    rest = self.mul(rest, self.phi(h)?);
                }
            }
            for option in &self.options[heap - 1] {
                let after = option
                    .iter()
                    .fold(rest, |x, &h| self.mul(x, Element(self.phi[h])));
                if self.is_p(after) {
                    let to = option.clone();
                    return Some((Outcome::N, Some(HeapMove { index, heap, to })));
                }
            }
        }
        // Only the empty sum (or a sum of empty heaps) is N with no move:
        // the player to move has already won.
        Some((Outcome::N, None))
    }
}
