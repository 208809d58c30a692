//! Left dead ends in misère play, compared modulo the dead-ending universe.
//!
//! A *Left dead end* is a game in which Left has no move, now or after any
//! run of Right's moves: its only options are Right's, each a Left dead end
//! (0, −1 = {|0}, −2, the waiting games, …). The *dead-ending universe* is
//! the class of games whose every end follower is a dead end; it is closed
//! under sums and followers, and misère play of its games has a rich but
//! computable order (Milley and Renault, "Dead ends in misère play: the
//! misère monoid of canonical numbers", Discrete Math. 2013; Davies and
//! Milley's study of the Left dead ends' lattice).
//!
//! Modulo the dead-ending universe, for Left dead ends G and H:
//! G ≥ H exactly when G = 0 implies H = 0, and every Right option of G
//! is ≥ some Right option of H (Right, who must move, gains nothing from
//! a G whose every option is worse for him than one of H's). So 0 is
//! incomparable with every other dead end (Left, to move on 0 alone, wins
//! at once), and the canonical form keeps only Right's minimal options.
//! Counted by enumeration, the canonical Left dead ends born by days 0 to 4
//! are 1, 2, 4, 10 and 52 ([`LeftDeadEnds::born_by`]); this module's tests
//! check the order against a plain misère search of G + X and H + X for
//! every dead-ending X born by day 2. The order of any two dead-ending
//! games, not only dead ends, is
//! [`DeadEndingOrder`](crate::partizan_misere::DeadEndingOrder), which
//! agrees with this one on the dead ends.
//!
//! A *Right dead end* is the conjugate of a Left dead end (Right never has
//! a move: 0, 1, {0,1|}, …); [`LeftDeadEnds::write`] writes either, so the
//! Right dead ends born by a day are as many as the Left ones. Whether any
//! literal form is a Left or a Right dead end, or dead-ending, is
//! [`Forms::is_dead_end`](crate::partizan_misere::Forms::is_dead_end) and
//! [`Forms::is_dead_ending`](crate::partizan_misere::Forms::is_dead_ending).
//! On the command line: `cgt eval --misere --dead-ends left|right
//! --born-by N` and `cgt eval --misere EXPR --ends`; in Python
//! `cgt.dead_ends`, `cgt.is_dead_end` and `cgt.is_dead_ending`.
//!
//! References: R. Milley and G. Renault, "Dead ends in misère play: the
//! misère monoid of canonical numbers", Discrete Math. 313 (2013); R.
//! Milley and G. Renault, "Restricted developments in partizan misère game
//! theory", Games of No Chance 5 (2019), where the dead-ending universe
//! is studied as a whole; A. N. Siegel, *Combinatorial Game Theory*
//! (2013), ch. V, for misère play of partizan games.
//!
//! # Example
//! ```
//! use cgt_core::dead_ending::LeftDeadEnds;
//!
//! let mut ends = LeftDeadEnds::new();
//! let counts: Vec<usize> = (0..=4).map(|d| ends.born_by(d).len()).collect();
//! assert_eq!(counts, [1, 2, 4, 10, 52]);
//! ```

use crate::outcome::Side;
use std::collections::HashMap;

/// A Left dead end in one [`LeftDeadEnds`] store, in canonical form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DeadEndId(u32);

impl DeadEndId {
    /// The index of the dead end in its store.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Canonical Left dead ends, each kept once by its Right options.
///
/// # Complexity
/// A comparison is memoised by its pair; it recurses as deep as the
/// birthday (the dead ends here are small).
#[derive(Clone, Debug, Default)]
pub struct LeftDeadEnds {
    options: Vec<Vec<DeadEndId>>,
    by_options: HashMap<Vec<DeadEndId>, DeadEndId>,
    ge_memo: HashMap<(DeadEndId, DeadEndId), bool>,
    /// Each dead end as written: its integer (`0`, `-1`, …) when it is
    /// one, else `{|…}` of its options; and the same of its conjugate,
    /// the Right dead end (`1`, `{…|}`).
    texts: Vec<[String; 2]>,
    /// n when the dead end is the integer −n.
    integer: Vec<Option<u32>>,
}

impl LeftDeadEnds {
    /// A store holding 0.
    pub fn new() -> Self {
        let mut store = LeftDeadEnds::default();
        store.options.push(vec![]);
        store.by_options.insert(vec![], DeadEndId(0));
        store.texts.push(["0".to_owned(), "0".to_owned()]);
        store.integer.push(Some(0));
        store
    }

    /// The dead end 0.
    pub fn zero(&self) -> DeadEndId {
        DeadEndId(0)
    }

    /// Right's options of `g`, canonical.
    pub fn options(&self, g: DeadEndId) -> &[DeadEndId] {
        &self.options[g.index()]
    }

    /// The dead end with these Right options, in canonical form: only the
    /// options no other option lies below.
    pub fn dead_end(&mut self, options: &[DeadEndId]) -> DeadEndId {
        let mut kept: Vec<DeadEndId> = Vec::new();
        for &x in options {
            let below = options
                .iter()
                .any(|&y| y != x && self.ge(x, y) && !self.ge(y, x));
            if !below && !kept.iter().any(|&k| self.ge(k, x) && self.ge(x, k)) {
                kept.push(x);
            }
        }
        kept.sort_unstable();
        if let Some(&g) = self.by_options.get(&kept) {
            return g;
        }
        let g = DeadEndId(self.options.len() as u32);
        let integer = match kept[..] {
            [x] => self.integer[x.index()].map(|n| n + 1),
            _ => None,
        };
        let texts = match integer {
            Some(n) => [format!("-{n}"), n.to_string()],
            None => {
                let join = |side: usize| {
                    let texts: Vec<&str> = kept
                        .iter()
                        .map(|x| self.texts[x.index()][side].as_str())
                        .collect();
                    texts.join(",")
                };
                [format!("{{|{}}}", join(0)), format!("{{{}|}}", join(1))]
            }
        };
        self.texts.push(texts);
        self.integer.push(integer);
        self.options.push(kept.clone());
        self.by_options.insert(kept, g);
        g
    }

    /// `g` as written in the notation `eval` reads: an integer (`0`, `-1`,
    /// `-2`, …) when it is one, else its Right options in braces
    /// (`{|0,-1}`). With `side` [`Side::Right`], its conjugate, the Right
    /// dead end with Left's options (`1`, `{0,1|}`).
    ///
    /// # Example
    /// ```
    /// use cgt_core::dead_ending::LeftDeadEnds;
    /// use cgt_core::outcome::Side;
    ///
    /// let mut ends = LeftDeadEnds::new();
    /// let minus_one = ends.dead_end(&[ends.zero()]);
    /// let g = ends.dead_end(&[ends.zero(), minus_one]);
    /// assert_eq!(ends.write(minus_one, Side::Left), "-1");
    /// assert_eq!(ends.write(g, Side::Left), "{|0,-1}");
    /// assert_eq!(ends.write(g, Side::Right), "{0,1|}");
    /// ```
    pub fn write(&self, g: DeadEndId, side: Side) -> &str {
        let index = match side {
            Side::Left => 0,
            Side::Right => 1,
        };
        &self.texts[g.index()][index]
    }

    /// Whether G ≥ H modulo the dead-ending universe (Left prefers G, or
    /// they are equal).
    pub fn ge(&mut self, g: DeadEndId, h: DeadEndId) -> bool {
        if g == h {
            return true;
        }
        if let Some(&known) = self.ge_memo.get(&(g, h)) {
            return known;
        }
        let answer = if self.options(g).is_empty() {
            self.options(h).is_empty()
        } else {
            let (gs, hs) = (self.options(g).to_vec(), self.options(h).to_vec());
            gs.iter().all(|&gr| hs.iter().any(|&hr| self.ge(gr, hr)))
        };
        self.ge_memo.insert((g, h), answer);
        answer
    }

    /// The last day [`LeftDeadEnds::born_by`] enumerates: day 5 would be
    /// 2⁵² sets of the 52 born by day 4.
    pub const MAX_DAY: u32 = 4;

    /// Every canonical Left dead end born by `day`, earlier days first:
    /// each a set of those born by the day before. Days past
    /// [`LeftDeadEnds::MAX_DAY`] stop at that day.
    pub fn born_by(&mut self, day: u32) -> Vec<DeadEndId> {
        let mut games = vec![self.zero()];
        for _ in 0..day.min(Self::MAX_DAY) {
            let n = games.len();
            let mut next = Vec::new();
            for mask in 0u64..(1u64 << n) {
                let options: Vec<DeadEndId> = (0..n)
                    .filter(|i| mask >> i & 1 == 1)
                    .map(|i| games[i])
                    .collect();
                next.push(self.dead_end(&options));
            }
            next.sort_unstable();
            next.dedup();
            games = next;
        }
        games
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A literal partizan game form: Left's and Right's options by index.
    #[derive(Clone)]
    struct Form {
        left: Vec<usize>,
        right: Vec<usize>,
    }

    /// Whether the player to move (Left when `left`) wins the sum of
    /// `parts` in misère play: one with no move wins.
    fn wins(
        forms: &[Form],
        parts: &[usize],
        left: bool,
        memo: &mut HashMap<(Vec<usize>, bool), bool>,
    ) -> bool {
        let mut key = parts.to_vec();
        key.sort_unstable();
        if let Some(&w) = memo.get(&(key.clone(), left)) {
            return w;
        }
        let mut any = false;
        let mut win = false;
        for (i, &p) in parts.iter().enumerate() {
            let moves = if left {
                &forms[p].left
            } else {
                &forms[p].right
            };
            for &m in moves {
                any = true;
                let mut next = parts.to_vec();
                next[i] = m;
                if !wins(forms, &next, !left, memo) {
                    win = true;
                }
            }
        }
        let answer = win || !any;
        memo.insert((key, left), answer);
        answer
    }

    /// Whether every end follower of `g` is a dead end.
    fn dead_ending(forms: &[Form], g: usize) -> bool {
        let dead = |g: usize, left: bool| -> bool {
            let mut stack = vec![g];
            while let Some(f) = stack.pop() {
                let (mine, theirs) = if left {
                    (&forms[f].left, &forms[f].right)
                } else {
                    (&forms[f].right, &forms[f].left)
                };
                if !mine.is_empty() {
                    return false;
                }
                stack.extend(theirs);
            }
            true
        };
        let mut stack = vec![g];
        while let Some(f) = stack.pop() {
            if forms[f].left.is_empty() && !dead(f, true) {
                return false;
            }
            if forms[f].right.is_empty() && !dead(f, false) {
                return false;
            }
            stack.extend(&forms[f].left);
            stack.extend(&forms[f].right);
        }
        true
    }

    #[test]
    fn the_order_agrees_with_a_misere_search_against_dead_ending_games() {
        let mut ends = LeftDeadEnds::new();
        let day3 = ends.born_by(3);
        // Forms: the dead ends first (Right options only), then every form
        // born by day 2 that is dead-ending.
        let mut forms: Vec<Form> = Vec::new();
        let mut index_of = HashMap::new();
        // Options come before the games that have them: ids grow.
        let mut order: Vec<DeadEndId> = (0..ends.options.len() as u32).map(DeadEndId).collect();
        order.sort_unstable();
        for g in order {
            let right = ends.options(g).iter().map(|o| index_of[o]).collect();
            index_of.insert(g, forms.len());
            forms.push(Form {
                left: vec![],
                right,
            });
        }
        let zero = forms.len();
        forms.push(Form {
            left: vec![],
            right: vec![],
        });
        let mut day1 = vec![zero];
        for (l, r) in [(true, false), (false, true), (true, true)] {
            day1.push(forms.len());
            forms.push(Form {
                left: if l { vec![zero] } else { vec![] },
                right: if r { vec![zero] } else { vec![] },
            });
        }
        let mut xs = Vec::new();
        for lmask in 0u32..16 {
            for rmask in 0u32..16 {
                let pick = |m: u32| {
                    (0..4)
                        .filter(|i| m >> i & 1 == 1)
                        .map(|i| day1[i])
                        .collect::<Vec<_>>()
                };
                let f = forms.len();
                forms.push(Form {
                    left: pick(lmask),
                    right: pick(rmask),
                });
                if dead_ending(&forms, f) {
                    xs.push(f);
                }
            }
        }
        let mut memo = HashMap::new();
        let (mut told_apart, mut not_ge) = (0, 0);
        for &g in &day3 {
            for &h in &day3 {
                let (fg, fh) = (index_of[&g], index_of[&h]);
                // Left's result: (wins moving first, wins moving second).
                let mut ge_everywhere = true;
                for &x in &xs {
                    let lg = (
                        wins(&forms, &[fg, x], true, &mut memo),
                        !wins(&forms, &[fg, x], false, &mut memo),
                    );
                    let lh = (
                        wins(&forms, &[fh, x], true, &mut memo),
                        !wins(&forms, &[fh, x], false, &mut memo),
                    );
                    if (lh.0 && !lg.0) || (lh.1 && !lg.1) {
                        ge_everywhere = false;
                    }
                }
                if ends.ge(g, h) {
                    assert!(ge_everywhere, "{g:?} >= {h:?} but some X says not");
                } else {
                    not_ge += 1;
                    told_apart += usize::from(!ge_everywhere);
                }
            }
        }
        // Of the 100 pairs of the 10 dead ends born by day 3, the order says
        // 67 are not ≥; a dead-ending X born by day 2 (232 of the 256 forms
        // born by day 2 are dead-ending) shows it for 52 of them, the rest
        // needing a larger X.
        assert_eq!(xs.len(), 232);
        assert_eq!((not_ge, told_apart), (67, 52));
    }
}
