//! The phylum of a misère game (how tame its theory is), its genus, its
//! parts and partitions, and the predicates CGSuite names after them.
//!
//! References: Conway, *On Numbers and Games* (ONAG), ch. 12; Berlekamp,
//! Conway and Guy, *Winning Ways* (WW), ch. 13; Siegel, *Combinatorial Game
//! Theory* (CGT), ch. V; Dan Hoey's and Thane Plambeck's notes behind
//! CGSuite's `MisereCanonicalGame`.

use super::store::{MisereId, MisereStore};
use std::collections::HashMap;
use std::fmt;

/// How far the theory of a game is from Nim's (CGSuite's classification,
/// after WW ch. 13 and ONAG ch. 12), ordered from the tamest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Phylum {
    /// A nim heap.
    NimHeap,
    /// Tame, and every option hereditarily tame (or a nim heap): acts like
    /// a nim heap in sums with other tame games.
    HereditarilyTame,
    /// Tame through tame-reversible options.
    ReversiblyTame,
    /// Determines the genus when added to tame games.
    Tameable,
    /// Tame genus, otherwise wild.
    WildOfTameGenus,
    /// Not tame; every option hereditarily tame; normal value 0 or 1.
    HereditarilyRestive,
    /// Restive through restive-reversible options.
    ReversiblyRestive,
    /// Restive genus, otherwise wild.
    WildOfRestiveGenus,
    /// Not tame, every option tame, misère value 0 or 1.
    Restless,
    /// Restless genus, otherwise wild.
    WildOfRestlessGenus,
    /// None of the above.
    Wild,
}

impl Phylum {
    fn is_hereditarily_tame(self) -> bool {
        matches!(self, Phylum::NimHeap | Phylum::HereditarilyTame)
    }
    fn is_generally_tame(self) -> bool {
        matches!(
            self,
            Phylum::NimHeap | Phylum::HereditarilyTame | Phylum::ReversiblyTame
        )
    }
    fn is_tameable(self) -> bool {
        self.is_generally_tame() || self == Phylum::Tameable
    }
    fn is_generally_restive(self) -> bool {
        matches!(
            self,
            Phylum::HereditarilyRestive | Phylum::ReversiblyRestive
        )
    }
    fn is_restive_or_tame(self) -> bool {
        self.is_generally_tame() || self.is_generally_restive()
    }
}

/// The genus of a misère canonical game as CGSuite writes it: `g` for a
/// nim heap, `g^γ` for tame and restive games, else `g^γ₀γ₁…` up to where
/// the sequence starts alternating (`2^1420`); with any γ ≥ 10 the
/// superscript is `(γ₀,γ₁,…)`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MisereGenus {
    /// The normal-play Grundy value.
    pub base: u32,
    /// γ₀, γ₁, …: the misère values of G, G + 2, G + 2 + 2, … as far as
    /// written; empty for a nim heap.
    pub sup: Vec<u32>,
    phylum: Phylum,
}

impl MisereGenus {
    /// γᵢ for every i, the written head extended as the theory says.
    fn digit(&self, i: usize) -> u32 {
        if let Some(&d) = self.sup.get(i) {
            return d;
        }
        if self.phylum.is_generally_tame() {
            if i == 0 && self.base < 2 {
                return 1 - self.base;
            }
            return self.base ^ (((i & 1) as u32) << 1);
        }
        if self.phylum.is_generally_restive() {
            let first = self.sup[0];
            return (if first < 4 { first } else { self.base }) ^ (((i & 1) as u32) << 1);
        }
        let n = self.sup.len();
        self.sup[n - 2 + ((n ^ i) & 1)]
    }

    /// How many terms of the options' genera decide this one's.
    fn reach(&self) -> usize {
        if self.phylum.is_generally_tame() {
            let alternate = self.base < 2 && self.sup.first() != Some(&self.base);
            return if alternate { 2 } else { 1 };
        }
        if self.phylum.is_generally_restive() {
            return if self.sup[0] < 4 { 1 } else { 2 };
        }
        self.sup.len() - 1
    }
}

impl fmt::Display for MisereGenus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.base)?;
        if self.sup.is_empty() {
            return Ok(());
        }
        let big = self.sup.iter().any(|&d| d >= 10);
        let digits: Vec<String> = self.sup.iter().map(u32::to_string).collect();
        if big {
            write!(f, "^({})", digits.join(","))
        } else {
            write!(f, "^{}", digits.concat())
        }
    }
}

impl MisereStore {
    /// The phylum of a new even game from its options (sorted) and values.
    pub(crate) fn phylum_from_options(
        &self,
        options: &[MisereId],
        g_plus: u32,
        g_minus: u32,
    ) -> Phylum {
        let (gp, gm) = (g_plus, g_minus);
        let mut wildest = Phylum::NimHeap;
        for &o in options {
            if wildest.is_generally_tame() {
                wildest = wildest.max(self.phylum(o));
            }
        }
        let mut mine = if gp == gm || (gp | gm) < 2 {
            Phylum::WildOfTameGenus
        } else if gp < 2 {
            Phylum::WildOfRestiveGenus
        } else if gm < 2 {
            Phylum::WildOfRestlessGenus
        } else {
            Phylum::Wild
        };
        // The options' phylum bounds how tame this game can be.
        let tame_options = |p: Phylum| matches!(p, Phylum::NimHeap | Phylum::HereditarilyTame);
        if wildest == Phylum::NimHeap && mine == Phylum::WildOfTameGenus && (gp > 1 || gp != gm) {
            return Phylum::NimHeap;
        }
        if tame_options(wildest) {
            match mine {
                Phylum::WildOfTameGenus => return Phylum::HereditarilyTame,
                Phylum::WildOfRestiveGenus => return Phylum::HereditarilyRestive,
                _ => {}
            }
        }
        if tame_options(wildest) || wildest == Phylum::ReversiblyTame {
            match mine {
                Phylum::WildOfTameGenus => return Phylum::ReversiblyTame,
                Phylum::WildOfRestiveGenus => return Phylum::ReversiblyRestive,
                Phylum::WildOfRestlessGenus => return Phylum::Restless,
                _ => {}
            }
        }
        if matches!(mine, Phylum::WildOfTameGenus | Phylum::WildOfRestiveGenus) {
            if let Some(p) = self.reversibly(options, mine, gp, gm) {
                mine = p;
            }
        }
        if matches!(
            mine,
            Phylum::WildOfTameGenus | Phylum::WildOfRestiveGenus | Phylum::WildOfRestlessGenus
        ) {
            Phylum::Wild
        } else {
            mine
        }
    }

    /// Whether a game of tame or restive genus is so through options that
    /// reverse to tame (or restive) games of its values, or is tameable.
    fn reversibly(&self, options: &[MisereId], mine: Phylum, gp: u32, gm: u32) -> Option<Phylum> {
        let tame_genus = mine == Phylum::WildOfTameGenus;
        let (mut reversible, mut tameable) = (true, tame_genus);
        let mut plus = Vec::new();
        let mut minus = Vec::new();
        let (mut tameable_plus, mut tameable_minus) = (Vec::new(), Vec::new());
        for &o in options {
            let p = self.phylum(o);
            if p.is_generally_tame() {
                plus.push(self.nim_value(o));
                minus.push(self.misere_nim_value(o));
                continue;
            }
            let (mut m_found, mut p_found) = (false, false);
            let (mut m_tameable, mut p_tameable) = (false, false);
            if tameable && p == Phylum::Tameable {
                // The even part's values, as CGSuite records them.
                let e = self.even_part(o);
                tameable_plus.push(self.nim_value(e));
                tameable_minus.push(self.misere_nim_value(e));
                m_tameable = true;
                p_tameable = true;
            }
            for s in self.options(o) {
                let sp = self.phylum(s);
                let (sgm, sgp) = (self.misere_nim_value(s), self.nim_value(s));
                if sp.is_generally_tame() && tame_genus {
                    m_found |= gm == sgm;
                    p_found |= gp == sgp;
                } else if sp.is_restive_or_tame() && !tame_genus {
                    m_found |= gm == sgm && (sgp < 2 || (sgp ^ gm) < 2);
                    p_found |= gp == sgp && (sgm < 2 || (sgm ^ gm) < 2);
                } else if sp == Phylum::Tameable && tameable {
                    m_tameable |= gm == sgm;
                    p_tameable |= gp == sgp;
                }
            }
            if !(m_found && p_found) {
                reversible = false;
                if !(m_tameable && p_tameable) {
                    tameable = false;
                }
                if !tameable {
                    return None;
                }
            }
        }
        let mex = |v: &[u32]| {
            let mut m = 0;
            while v.contains(&m) {
                m += 1;
            }
            m
        };
        if gp != mex(&plus) || gm != mex(&minus) {
            reversible = false;
        }
        if reversible {
            return Some(if tame_genus {
                Phylum::ReversiblyTame
            } else {
                Phylum::ReversiblyRestive
            });
        }
        if tameable {
            plus.extend(tameable_plus);
            minus.extend(tameable_minus);
            if (gp != mex(&plus) || gm != mex(&minus)) && (!plus.is_empty() || gp > 0) {
                return None;
            }
            return Some(Phylum::Tameable);
        }
        None
    }

    /// The phylum of `g` (its even part's).
    pub fn phylum(&self, g: MisereId) -> Phylum {
        self.node(self.even_part(g)).own_phylum
    }

    /// The genus of `g` (CGSuite's `Genus`; WW ch. 13).
    ///
    /// # Complexity
    /// The genus of every wild game under `g` once, with an explicit stack.
    pub fn genus(&self, g: MisereId) -> MisereGenus {
        // An explicit stack: a wild game's genus needs its options'.
        let mut known: HashMap<MisereId, MisereGenus> = HashMap::new();
        let mut stack = vec![g];
        while let Some(&top) = stack.last() {
            if known.contains_key(&top) {
                stack.pop();
                continue;
            }
            let wild = !self.phylum(top).is_restive_or_tame();
            let missing: Vec<MisereId> = if wild {
                self.options(top)
                    .into_iter()
                    .filter(|o| !known.contains_key(o))
                    .collect()
            } else {
                Vec::new()
            };
            if missing.is_empty() {
                let genus = self.genus_here(top, &known);
                known.insert(top, genus);
                stack.pop();
            } else {
                stack.extend(missing);
            }
        }
        known
            .remove(&g)
            .unwrap_or_else(|| self.genus_here(g, &HashMap::new()))
    }

    /// The genus of `g`, its options' (if it is wild) in `known`.
    fn genus_here(&self, g: MisereId, known: &HashMap<MisereId, MisereGenus>) -> MisereGenus {
        let phylum = self.phylum(g);
        let base = self.nim_value(g);
        if phylum == Phylum::NimHeap {
            return MisereGenus {
                base,
                sup: vec![],
                phylum,
            };
        }
        if phylum.is_restive_or_tame() {
            return MisereGenus {
                base,
                sup: vec![self.misere_nim_value(g)],
                phylum,
            };
        }
        let option_genera: Vec<MisereGenus> = self
            .options(g)
            .iter()
            .filter_map(|o| known.get(o).cloned())
            .collect();
        let reach = option_genera
            .iter()
            .map(MisereGenus::reach)
            .max()
            .unwrap_or(1)
            .max(1)
            + 2;
        let mex = |taken: &[u32]| {
            let mut m = 0;
            while taken.contains(&m) {
                m += 1;
            }
            m
        };
        let mut sup = Vec::with_capacity(reach + 1);
        let first: Vec<u32> = option_genera.iter().map(|o| o.digit(0)).collect();
        sup.push(mex(&first));
        for i in 1..=reach {
            let mut taken = vec![sup[i - 1], sup[i - 1] ^ 1];
            taken.extend(option_genera.iter().map(|o| o.digit(i)));
            sup.push(mex(&taken));
        }
        let mut last = reach;
        while last > 1 && sup[last] == sup[last - 2] {
            last -= 1;
        }
        sup.truncate(last + 1);
        MisereGenus {
            base,
            sup,
            phylum: Phylum::Wild,
        }
    }

    /// The 2-partitions of even `g`: pairs (X, Y) with X + Y = g, X and Y
    /// even, first (0, g), in the order they are found: the candidates X
    /// (even parts of the options' parts) in CGSuite's order, again while
    /// one is found.
    ///
    /// A part X of G = X + Y (X, Y not 0 or *) is a part of an option of
    /// G: G's options are some of the X′ + Y and X + Y′, and one is left.
    /// Its counterpart Y is found among the same candidates, or built from
    /// G's options and G − X′; each pair is checked by adding it.
    ///
    /// `None` once `stop` says yes (asked between games and inside their
    /// sums); the games finished stay memoised.
    pub(crate) fn two_partitions(
        &mut self,
        g: MisereId,
        stop: &mut dyn FnMut() -> bool,
    ) -> Option<Vec<MisereId>> {
        // An explicit stack: a game is done once its options' even parts
        // are.
        let mut stack = vec![self.even_part(g)];
        while let Some(&top) = stack.last() {
            if stop() {
                return None;
            }
            if self.partitions.contains_key(&top) {
                stack.pop();
                continue;
            }
            let missing: Vec<MisereId> = self
                .node(top)
                .options
                .iter()
                .map(|&o| self.even_part(o))
                .filter(|e| !self.partitions.contains_key(e))
                .collect();
            if missing.is_empty() {
                let found = self.two_partitions_here(top, stop)?;
                self.partitions.insert(top, found);
                stack.pop();
            } else {
                stack.extend(missing);
            }
        }
        Some(self.partitions[&self.even_part(g)].clone())
    }

    /// [`Self::two_partitions`] of even `g` whose options' are known.
    fn two_partitions_here(
        &mut self,
        g: MisereId,
        stop: &mut dyn FnMut() -> bool,
    ) -> Option<Vec<MisereId>> {
        let mut found = vec![self.zero(), g];
        let options = self.node(g).options.clone();
        // With 0 or * as an option, G is prime (ONAG ch. 12).
        if g.0 > 1 && options.iter().all(|o| o.0 > 1) {
            let option_partitions: Vec<Vec<MisereId>> = options
                .iter()
                .map(|&o| self.partitions[&self.even_part(o)].clone())
                .collect();
            let mut candidates: Vec<MisereId> =
                option_partitions.iter().flatten().copied().collect();
            candidates.sort_unstable();
            candidates.dedup();
            self.sort(&mut candidates);
            let mut changed = true;
            while changed {
                changed = false;
                for &x in &candidates {
                    if found.contains(&x) {
                        continue;
                    }
                    let known = (&options[..], &option_partitions[..], &found[..]);
                    if let Some(y) = self.counterpart(g, x, known, &candidates, stop)? {
                        found.push(x);
                        found.push(y);
                        changed = true;
                    }
                }
            }
        }
        Some(found)
    }

    /// Y with x + Y = g, if the candidates or the construction give one:
    /// `Some(None)` when neither does, `None` once `stop` says yes. `known`:
    /// g's options, their 2-partitions and g's found so far.
    fn counterpart(
        &mut self,
        g: MisereId,
        x: MisereId,
        (options, option_partitions, found): (&[MisereId], &[Vec<MisereId>], &[MisereId]),
        candidates: &[MisereId],
        stop: &mut dyn FnMut() -> bool,
    ) -> Option<Option<MisereId>> {
        let cofactor = |list: &[MisereId], of: MisereId| {
            list.iter().position(|&p| p == of).map(|i| list[i ^ 1])
        };
        // Built: x is a part of every option of g and every option of x
        // has a known cofactor in g.
        let mut built = Vec::new();
        let mut buildable = true;
        for x_option in self.options(x) {
            match cofactor(found, self.even_part(x_option)) {
                Some(c) => built.push(if self.is_even(x_option) {
                    c
                } else {
                    self.partner(c)
                }),
                None => buildable = false,
            }
        }
        for (i, &o) in options.iter().enumerate() {
            match cofactor(&option_partitions[i], x) {
                Some(c) => built.push(if self.is_even(o) { c } else { self.partner(c) }),
                None => buildable = false,
            }
        }
        if buildable {
            let y = self.game(&built);
            if self.add_until(x, y, stop)? == g {
                return Some(Some(self.even_part(y)));
            }
        }
        for &y in candidates {
            if y.0 > 1 && self.add_until(x, y, stop)? == g {
                return Some(Some(y));
            }
        }
        Some(None)
    }

    /// G − H: the X with H + X = G, if there is one.
    pub fn subtract(&mut self, g: MisereId, h: MisereId) -> Option<MisereId> {
        self.subtract_until(g, h, &mut || false).flatten()
    }

    /// As [`Self::subtract`]; `None` once `stop` says yes.
    fn subtract_until(
        &mut self,
        g: MisereId,
        h: MisereId,
        stop: &mut dyn FnMut() -> bool,
    ) -> Option<Option<MisereId>> {
        let odd = self.is_even(g) != self.is_even(h);
        let found = self.two_partitions(g, stop)?;
        let Some(i) = found.iter().position(|&p| p == self.even_part(h)) else {
            return Some(None);
        };
        let x = found[i ^ 1];
        Some(Some(if odd { self.partner(x) } else { x }))
    }

    /// Whether `g` is prime: neither 0 nor *, and with no proper part
    /// (CGSuite's `IsPrime`; ONAG ch. 12).
    pub fn is_prime(&mut self, g: MisereId) -> bool {
        self.is_prime_until(g, &mut || false).unwrap_or(false)
    }

    /// As [`Self::is_prime`]; `None` once `stop` says yes (asked between
    /// the games it looks at and inside their sums), for a program that
    /// stops on Ctrl-C.
    pub fn is_prime_until(&mut self, g: MisereId, stop: &mut dyn FnMut() -> bool) -> Option<bool> {
        Some(g.0 > 1 && self.two_partitions(g, stop)?.len() == 2)
    }

    /// The parts of `g` other than 0, * and g itself, as CGSuite lists them
    /// (CGSuite's `Parts`): a part of G is an H ≠ 0, * with G = H + X.
    pub fn parts(&mut self, g: MisereId) -> Vec<MisereId> {
        self.parts_until(g, &mut || false).unwrap_or_default()
    }

    /// As [`Self::parts`]; `None` once `stop` says yes (asked between the
    /// games it looks at and inside their sums; what is finished stays
    /// memoised, so asking again goes on from there).
    ///
    /// # Example
    /// ```
    /// use cgt_core::misere_canonical::MisereStore;
    /// let mut store = MisereStore::new();
    /// let g = store.parse("*[4[2#]]").expect("valid");
    /// assert_eq!(store.parts_until(g, &mut || true), None);
    /// assert_eq!(store.parts_until(g, &mut || false), Some(store.parts(g)));
    /// ```
    pub fn parts_until(
        &mut self,
        g: MisereId,
        stop: &mut dyn FnMut() -> bool,
    ) -> Option<Vec<MisereId>> {
        self.list_parts(g, true, false, stop)
    }

    fn list_parts(
        &mut self,
        g: MisereId,
        proper: bool,
        prime: bool,
        stop: &mut dyn FnMut() -> bool,
    ) -> Option<Vec<MisereId>> {
        let found = self.two_partitions(g, stop)?;
        let mut parts = Vec::new();
        let start = if proper { 2 } else { 0 };
        for pair in found[start..].chunks(2) {
            if !prime || self.is_prime_until(pair[0], stop)? {
                parts.push(pair[0]);
            }
            if pair[1] != pair[0] && (!prime || self.is_prime_until(pair[1], stop)?) {
                parts.push(pair[1]);
            }
        }
        Some(parts)
    }

    /// Every partition of `g` into primes, each in CGSuite's order, with
    /// `*` last when `g` is odd (CGSuite's `Partitions`). Partitions are
    /// not unique: Norton's `*[4[2#]]` has two (ONAG ch. 12).
    pub fn partitions(&mut self, g: MisereId) -> Vec<Vec<MisereId>> {
        self.partitions_until(g, &mut || false).unwrap_or_default()
    }

    /// As [`Self::partitions`]; `None` once `stop` says yes (as
    /// [`Self::parts_until`]).
    pub fn partitions_until(
        &mut self,
        g: MisereId,
        stop: &mut dyn FnMut() -> bool,
    ) -> Option<Vec<Vec<MisereId>>> {
        let star = self.partner(self.zero());
        let mut out = Vec::new();
        // Explicit stack: (what is left, the primes so far).
        let mut stack = vec![(g, Vec::new())];
        let mut pending: Vec<(MisereId, Vec<MisereId>)> = Vec::new();
        while let Some((left, so_far)) = stack.pop() {
            if left.0 <= 1 {
                let mut partition = so_far;
                if left == star {
                    partition.push(star);
                }
                out.push(partition);
                continue;
            }
            pending.clear();
            for prime in self.list_parts(left, false, true, stop)? {
                let ordered = so_far
                    .last()
                    .is_none_or(|&last| self.compare(last, prime).is_le());
                if !ordered {
                    continue;
                }
                if let Some(rest) = self.subtract_until(left, prime, stop)? {
                    let mut next = so_far.clone();
                    next.push(prime);
                    pending.push((rest, next));
                }
            }
            // Reversed onto the stack, so they come off in order.
            stack.extend(pending.drain(..).rev());
        }
        Some(out)
    }

    /// Whether `g` is tame (CGSuite's `IsTame`): hereditarily tame, every
    /// option a nim heap or itself tame, so it plays like a nim heap among
    /// tame games (WW ch. 13, "tame").
    pub fn is_tame(&self, g: MisereId) -> bool {
        self.phylum(g).is_hereditarily_tame()
    }

    /// Whether `g` is generally tame (CGSuite's `IsGenerallyTame`): tame
    /// through reversible options too (ONAG ch. 12; WW ch. 13).
    pub fn is_generally_tame(&self, g: MisereId) -> bool {
        self.phylum(g).is_generally_tame()
    }

    /// Whether `g` is tameable (CGSuite's `IsTameable`): its genus is
    /// decided when it is added to any tame games.
    pub fn is_tameable(&self, g: MisereId) -> bool {
        self.phylum(g).is_tameable()
    }

    /// Whether `g` is restive (CGSuite's `IsRestive`): hereditarily
    /// restive, not tame, its options hereditarily tame, normal value 0
    /// or 1 (WW ch. 13, "restive").
    pub fn is_restive(&self, g: MisereId) -> bool {
        self.phylum(g) == Phylum::HereditarilyRestive
    }

    /// Whether `g` is generally restive (CGSuite's `IsGenerallyRestive`):
    /// restive through reversible options too.
    pub fn is_generally_restive(&self, g: MisereId) -> bool {
        self.phylum(g).is_generally_restive()
    }

    /// Whether `g` is restless (CGSuite's `IsRestless`): not tame, every
    /// option tame, misère value 0 or 1 (WW ch. 13, "restless").
    pub fn is_restless(&self, g: MisereId) -> bool {
        self.phylum(g) == Phylum::Restless
    }

    /// Whether `g` is half-tame (CGSuite's `IsHalfTame`): not generally
    /// tame, but G + G is, of genus 0⁰.
    pub fn is_half_tame(&mut self, g: MisereId) -> bool {
        self.is_half_tame_until(g, &mut || false).unwrap_or(false)
    }

    /// As [`Self::is_half_tame`]; `None` once `stop` says yes inside the
    /// sum G + G.
    pub fn is_half_tame_until(
        &mut self,
        g: MisereId,
        stop: &mut dyn FnMut() -> bool,
    ) -> Option<bool> {
        if self.is_generally_tame(g) {
            return Some(false);
        }
        let double = self.add_until(g, g, stop)?;
        Some(
            self.is_generally_tame(double)
                && self.nim_value(double) == 0
                && self.misere_nim_value(double) == 0,
        )
    }

    /// Whether `g` is a nim heap (CGSuite's `IsNimHeap`).
    pub fn is_nim_heap(&mut self, g: MisereId) -> bool {
        let b = self.birthday(g);
        self.nim_heap(b) == g
    }

    /// Whether `g` is extraverted (CGSuite's `IsExtraverted`): each of its
    /// options is a part of it; by the extraversion-introversion theorem
    /// (ONAG ch. 12), the same as G being a part of {G} (G "divine").
    pub fn is_extraverted(&mut self, g: MisereId) -> bool {
        let sharp = self.game(&[g]);
        self.subtract(sharp, g).is_some()
    }

    /// Whether `g` is introverted (CGSuite's `IsIntroverted`): a part of
    /// each of its options; only 0 and * are (ONAG ch. 12).
    pub fn is_introverted(&self, g: MisereId) -> bool {
        g.0 <= 1
    }
}

impl MisereStore {
    /// The twelve predicates CGSuite names, with their JSON keys, in the
    /// order `cgt misere --json` writes them.
    pub fn predicates(&mut self, g: MisereId) -> [(&'static str, bool); 12] {
        [
            ("is_tame", self.is_tame(g)),
            ("is_restive", self.is_restive(g)),
            ("is_restless", self.is_restless(g)),
            ("is_tameable", self.is_tameable(g)),
            ("is_half_tame", self.is_half_tame(g)),
            ("is_even", self.is_even(g)),
            ("is_prime", self.is_prime(g)),
            ("is_extraverted", self.is_extraverted(g)),
            ("is_introverted", self.is_introverted(g)),
            ("is_generally_tame", self.is_generally_tame(g)),
            ("is_generally_restive", self.is_generally_restive(g)),
            ("is_nim_heap", self.is_nim_heap(g)),
        ]
    }
}
