//! Canonical simplification (Siegel, *Combinatorial Game Theory*, II.2):
//! dominated options removed, reversible options bypassed, numbers between
//! the options recognised, the result interned.

use super::{GameId, GameStore, Nus, Result, ValueError};
use crate::dyadic::Dyadic;
use crate::outcome::Side;
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

impl GameStore {
    /// The canonical form of `{left | right}`, whose options are games of
    /// this store: dominated options removed, reversible options bypassed,
    /// numbers, nimbers and ups recognised (Siegel II.2).
    ///
    /// # Example
    /// ```
    /// use cgt_core::canonical::GameStore;
    /// let mut store = GameStore::new();
    /// let (zero, star) = (store.zero(), store.nimber(1));
    /// let up = store.game(&[zero], &[star]).expect("fits");
    /// assert_eq!(store.display(up).to_string(), "^");
    /// // {* | *} = 0: each * reverses through 0.
    /// assert_eq!(store.game(&[star], &[star]), Ok(zero));
    /// ```
    ///
    /// # Complexity
    /// Quadratic in the number of options, in memoised comparisons.
    ///
    /// # Errors
    /// [`ValueError::TooLarge`] if an option is `*m` with `m` above
    /// [`GameStore::MAX_EXPANDED_NIM`] or `n·↑` with `|n|` above
    /// [`GameStore::MAX_EXPANDED_UPS`] ([`GameStore::is_expandable`]):
    /// simplifying looks at the options' options, too many to make.
    /// [`ValueError::Overflow`] if a number leaves the range of
    /// [`Dyadic`].
    ///
    /// # Panics
    /// If an id is not from this store.
    pub fn game(&mut self, left: &[GameId], right: &[GameId]) -> Result<GameId> {
        self.canonicalise(left.to_vec(), right.to_vec())
    }

    /// The canonical form of `{left | right}`: [`GameStore::game`] for
    /// options the store made (sums, heating, cooling).
    ///
    /// # Errors
    /// [`ValueError::TooLarge`] if an option is a huge `*m` or `n·↑`:
    /// simplifying looks at the options' options, too many to make.
    pub(super) fn canonicalise(
        &mut self,
        mut left: Vec<GameId>,
        mut right: Vec<GameId>,
    ) -> Result<GameId> {
        // The comparisons of the last game's simplifying count here.
        self.check_work()?;
        for &o in left.iter().chain(&right) {
            self.check_expandable(o)?;
        }
        if let Some(nimber) = self.nimber_of_options(&left, &right)? {
            return Ok(nimber);
        }
        if let Some(number) = self.number_between(&left, &right)? {
            return Ok(number);
        }
        // Comparisons with the game being simplified; its value never
        // changes while options are removed or bypassed.
        let mut raw_memo = FxHashMap::default();
        loop {
            self.remove_dominated(&mut left, Side::Left);
            self.remove_dominated(&mut right, Side::Right);
            self.check_work()?;
            if self.bypass_reversible(&mut left, &mut right, &mut raw_memo)? {
                continue;
            }
            break;
        }
        if let Some(number) = self.number_between(&left, &right)? {
            return Ok(number);
        }
        self.intern(left, right)
    }

    /// `x + *mex(S)` if both sides' options are the games `x + *s` for `s`
    /// in one non-empty set `S` (one number `x`), found in time linear in
    /// the options where simplifying compares them pairwise: a nimber read
    /// into a loopy graph is valued back position by position, `*k` from
    /// its `k` options, cubic in all.
    ///
    /// Why: `G = {*s | *s}` is `*mex(S)` (the mex rule). If `mex(S) > 0`,
    /// `G` is not a number and translation gives `{x + *s | x + *s} = x + G`.
    /// If `mex(S) = 0`, the number `x` lies strictly between every option
    /// (`x + *s` is confused with `x` for `s > 0`), and no simpler number
    /// does (one below `x` is below `x + *s`, one above is above), so the
    /// game is `x`, which is `x + *0`.
    fn nimber_of_options(&mut self, left: &[GameId], right: &[GameId]) -> Result<Option<GameId>> {
        let Some(&first) = left.first() else {
            return Ok(None);
        };
        let Some(Nus { number, .. }) = self.nus(first) else {
            return Ok(None);
        };
        let nims = |side: &[GameId]| -> Option<Vec<u64>> {
            let mut nims = side
                .iter()
                .map(|&o| {
                    self.nus(o)
                        .filter(|n| n.ups == 0 && n.number == number)
                        .map(|n| n.nim)
                })
                .collect::<Option<Vec<u64>>>()?;
            nims.sort_unstable();
            nims.dedup();
            Some(nims)
        };
        let (Some(left_nims), Some(right_nims)) = (nims(left), nims(right)) else {
            return Ok(None);
        };
        if left_nims != right_nims {
            return Ok(None);
        }
        let mex = (0_u64..)
            .zip(&left_nims)
            .find(|&(k, &s)| k != s)
            .map_or(left_nims.len() as u64, |(k, _)| k);
        self.keyed(Nus {
            number,
            ups: 0,
            nim: mex,
        })
        .map(Some)
    }

    /// `Some(x)` if every option is a number, each of Left's below each of
    /// Right's: the game is then the simplest number `x` between them.
    pub(super) fn number_between(
        &mut self,
        left: &[GameId],
        right: &[GameId],
    ) -> Result<Option<GameId>> {
        let mut low: Option<Dyadic> = None;
        for &l in left {
            match self.as_number(l) {
                Some(x) => low = Some(low.map_or(x, |y| y.max(x))),
                None => return Ok(None),
            }
        }
        let mut high: Option<Dyadic> = None;
        for &r in right {
            match self.as_number(r) {
                Some(x) => high = Some(high.map_or(x, |y| y.min(x))),
                None => return Ok(None),
            }
        }
        if let (Some(l), Some(h)) = (low, high) {
            if l >= h {
                return Ok(None);
            }
        }
        let x = Dyadic::simplest_between(low, high).ok_or(ValueError::Overflow)?;
        Ok(Some(self.keyed(Nus::number(x))?))
    }

    /// Removes duplicates and options the player would never prefer; the
    /// rest stay in increasing order of ids.
    pub(super) fn remove_dominated(&mut self, options: &mut Vec<GameId>, side: Side) {
        options.sort_unstable();
        options.dedup();
        if options.len() < 2 {
            return;
        }
        // The player's best stops first: an option can only be dominated by
        // one with stops at least as good for the player, so the options
        // kept come early, and each of the others is dropped after a few
        // comparisons with the few kept (instead of one with each option).
        // Each option's stops read once (a node that is mostly not in the
        // processor's cache), not at each comparison of the sort.
        let mut keyed: SmallVec<[((Dyadic, Dyadic), GameId); 32]> = options
            .iter()
            .map(|&g| {
                let (left, right) = self.stops(g);
                (
                    match side {
                        Side::Left => (left, right),
                        Side::Right => (right, left),
                    },
                    g,
                )
            })
            .collect();
        match side {
            Side::Left => keyed.sort_unstable_by(|(sa, a), (sb, b)| sb.cmp(sa).then(a.cmp(b))),
            Side::Right => keyed.sort_unstable_by(|(sa, a), (sb, b)| sa.cmp(sb).then(a.cmp(b))),
        }
        options.clear();
        options.extend(keyed.iter().map(|&(_, g)| g));
        // `worse(a, b)`: the player prefers `b` to `a`, or likes them equally.
        let worse = |store: &mut Self, a: GameId, b: GameId| match side {
            Side::Left => store.le(a, b),
            Side::Right => store.le(b, a),
        };
        let mut kept: Vec<GameId> = Vec::with_capacity(options.len());
        for &a in options.iter() {
            if kept.iter().any(|&b| worse(self, a, b)) {
                continue;
            }
            kept.retain(|&b| !worse(self, b, a));
            kept.push(a);
        }
        kept.sort_unstable();
        *options = kept;
    }

    /// Bypasses every reversible option found in one pass over both sides
    /// (the options a bypass brings in are tried too); whether there was
    /// one. One pass, not one option, between two removals of dominated
    /// options: `{|5,+-(2*m)}` bypasses `+-(2*m)` into the `m` options
    /// `2*k`, each reversible into nothing, and removing dominated options
    /// after each of them compared `m²` pairs `m` times (`m = 4095`: four
    /// minutes, now a tenth of a second). The value of `{left | right}`
    /// never changes while options are bypassed, so each test may see the
    /// sides as the pass left them.
    fn bypass_reversible(
        &mut self,
        left: &mut Vec<GameId>,
        right: &mut Vec<GameId>,
        raw_memo: &mut FxHashMap<(bool, GameId), bool>,
    ) -> Result<bool> {
        let left_bypassed = self.bypass_reversible_of(Side::Left, left, right, raw_memo);
        let right_bypassed = self.bypass_reversible_of(Side::Right, left, right, raw_memo);
        Ok(left_bypassed || right_bypassed)
    }

    /// [`Self::bypass_reversible`] for `side`'s options: an option `a` is
    /// reversible through its option `a'` for the opponent when `a'` is at
    /// most `G` for Left (at least `G` for Right), and is then replaced by
    /// `a'`'s options for `side`.
    fn bypass_reversible_of(
        &mut self,
        side: Side,
        left: &mut Vec<GameId>,
        right: &mut Vec<GameId>,
        raw_memo: &mut FxHashMap<(bool, GameId), bool>,
    ) -> bool {
        let len = |s: &mut Self, g: GameId, side: Side| match side {
            Side::Left => s.left_len(g),
            Side::Right => s.right_len(g),
        };
        let at = |s: &Self, g: GameId, side: Side, k: usize| match side {
            Side::Left => s.left_at(g, k),
            Side::Right => s.right_at(g, k),
        };
        let mut bypassed = false;
        let mut i = 0;
        loop {
            let own = if side == Side::Left { &*left } else { &*right };
            let Some(&a) = own.get(i) else { break };
            let mut through = None;
            for k in 0..len(self, a, side.opponent()) {
                let reply = at(self, a, side.opponent(), k);
                if self.le_raw_search(side == Side::Left, reply, left, right, raw_memo) {
                    through = Some(reply);
                    break;
                }
            }
            let Some(reply) = through else {
                i += 1;
                continue;
            };
            let own = if side == Side::Left {
                &mut *left
            } else {
                &mut *right
            };
            // The last option moves into place `i`, which is tried next.
            own.swap_remove(i);
            for j in 0..len(self, reply, side) {
                let option = at(self, reply, side, j);
                if !own.contains(&option) {
                    own.push(option);
                }
            }
            bypassed = true;
        }
        bypassed
    }

    /// Compares `h` with the game `G = {left | right}` not yet in the store:
    /// `h <= G` (`h_below`) iff no `G^R <= h` and no `h^L >= G`; `G <= h` iff
    /// no `h >= G^L`... that is no `h <= G^L`, and no `h^R <= G`. The
    /// alternation runs on an explicit stack.
    fn le_raw_search(
        &mut self,
        h_below: bool,
        h: GameId,
        left: &[GameId],
        right: &[GameId],
        memo: &mut FxHashMap<(bool, GameId), bool>,
    ) -> bool {
        if let Some(&known) = memo.get(&(h_below, h)) {
            return known;
        }
        // (h is below G, h, next: 0 = direct test not done, k = option k - 1)
        let mut stack = vec![(h_below, h, 0usize)];
        let mut answer: Option<bool> = None;
        loop {
            let (below, h, next) = *stack.last().expect("the loop returns at the bottom");
            let mut refuted = answer.take() == Some(true);
            if !refuted && next == 0 {
                refuted = if below {
                    right.iter().any(|&r| self.le(r, h))
                } else {
                    left.iter().any(|&l| self.le(h, l))
                };
            }
            let count = if below {
                self.left_len(h)
            } else {
                self.right_len(h)
            };
            if !refuted && next < count {
                let child = if below {
                    self.left_at(h, next)
                } else {
                    self.right_at(h, next)
                };
                if let Some(top) = stack.last_mut() {
                    top.2 = next + 1;
                }
                match memo.get(&(!below, child)) {
                    Some(&true) => answer = Some(true),
                    Some(&false) => {}
                    None => stack.push((!below, child, 0)),
                }
                continue;
            }
            stack.pop();
            let result = !refuted;
            memo.insert((below, h), result);
            if stack.is_empty() {
                return result;
            }
            answer = Some(result);
        }
    }
}
