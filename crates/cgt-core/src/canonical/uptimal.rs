//! Uptimals (Siegel, *Combinatorial Game Theory*, II.4):
//! `x + a₁·↑ + a₂·↑² + … + aₖ·↑ᵏ + *m`, recognised from canonical forms by
//! their expansion, which CGSuite writes compactly (`^<3>`, `1v[2]*`) and
//! orders games by.

use super::{GameId, GameStore, Nus, Result, ValueError};
use crate::dyadic::Dyadic;
use std::cmp::Ordering;

/// An uptimal `number + Σ coefficients[i-1]·↑ⁱ + *nim`, the last
/// coefficient non-zero (CGSuite's uptimal expansion).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Uptimal {
    pub(super) number: Dyadic,
    pub(super) coefficients: Vec<i64>,
    pub(super) nim: u64,
}

impl Uptimal {
    /// The bytes its coefficients hold.
    pub(super) fn heap_bytes(&self) -> usize {
        self.coefficients.capacity() * std::mem::size_of::<i64>()
    }

    pub(super) fn new(number: Dyadic, mut coefficients: Vec<i64>, nim: u64) -> Self {
        while coefficients.last() == Some(&0) {
            coefficients.pop();
        }
        Uptimal {
            number,
            coefficients,
            nim,
        }
    }

    pub(super) fn of_nus(n: Nus) -> Self {
        Uptimal::new(n.number, vec![n.ups], n.nim)
    }

    pub(super) fn negated(&self) -> Option<Self> {
        Some(Uptimal {
            number: self.number.checked_neg()?,
            coefficients: self.coefficients.iter().map(|c| -c).collect(),
            nim: self.nim,
        })
    }

    /// `self + ↑ + ↑² + … + ↑ᵏ + *`, `k = length`.
    pub(super) fn increment(&self, length: usize) -> Option<Self> {
        let mut coefficients = self.coefficients.clone();
        coefficients.resize(coefficients.len().max(length), 0);
        for c in &mut coefficients[..length] {
            *c = c.checked_add(1)?;
        }
        Some(Uptimal::new(self.number, coefficients, self.nim ^ 1))
    }

    /// One non-zero coefficient, ±1: `^<n>`.
    pub(super) fn is_unit(&self) -> bool {
        let nonzero: Vec<i64> = self
            .coefficients
            .iter()
            .copied()
            .filter(|&c| c != 0)
            .collect();
        nonzero.len() <= 1 && nonzero.iter().all(|c| c.abs() == 1)
    }

    /// Every coefficient 1, or every one -1: `^[n]`.
    pub(super) fn is_unit_sum(&self) -> bool {
        match self.coefficients.first() {
            None => true,
            Some(&first) => first.abs() == 1 && self.coefficients.iter().all(|&c| c == first),
        }
    }

    /// CGSuite's order of uptimals: number, coefficients, length, star.
    pub(super) fn cmp(&self, other: &Self) -> Ordering {
        self.number
            .cmp(&other.number)
            .then_with(|| {
                let common = self.coefficients.len().min(other.coefficients.len());
                self.coefficients[..common].cmp(&other.coefficients[..common])
            })
            .then(self.coefficients.len().cmp(&other.coefficients.len()))
            .then(self.nim.cmp(&other.nim))
    }

    /// Whether CGSuite writes it without braces: as this notation reads it
    /// back, up to `^<n>` and `^[n]` for `n` at most
    /// [`GameStore::MAX_UP_NTH`].
    pub(super) fn is_compact(&self) -> bool {
        let length = self.coefficients.len();
        length <= 1
            || (length <= GameStore::MAX_UP_NTH as usize && (self.is_unit() || self.is_unit_sum()))
    }
}

impl GameStore {
    /// The uptimal expansion of `g`, if `g` is an uptimal (memoised).
    pub(super) fn uptimal(&mut self, g: GameId) -> Option<Uptimal> {
        self.memoised(
            g,
            |m| &mut m.uptimals,
            |s, g| s.nus(g).map(|n| Ok(Some(Uptimal::of_nus(n)))),
            |s, g, out| s.push_options(g, out),
            |s, g, expansions| {
                let (left, right) = s.by_side(g, expansions);
                let all =
                    |side: &[Option<Uptimal>]| side.iter().cloned().collect::<Option<Vec<_>>>();
                Ok(match (all(left), all(right)) {
                    (Some(left), Some(right)) => s.recognise_uptimal(g, &left, &right),
                    _ => None,
                })
            },
        )
        .expect("recognising uptimals does not fail")
    }

    /// The expansion of a game that is not `x + n·↑ + *m`, from its
    /// options' expansions: guessed from the one Right option (or, for
    /// a negative leading coefficient, the one Left option) as CGSuite
    /// does, and kept only if the uptimal it names is `g`.
    fn recognise_uptimal(
        &mut self,
        g: GameId,
        left: &[Uptimal],
        right: &[Uptimal],
    ) -> Option<Uptimal> {
        let number = left.first().or(right.first())?.number;
        if left.iter().chain(right).any(|u| u.number != number) {
            return None;
        }
        // A positive last coefficient: one Right option; a negative one:
        // the negative of g has one, from g's one Left option.
        if let [r] = right {
            let option = self.right_at(g, 0);
            if let Some(u) = self.uptimal_from(g, (r, option), left, false) {
                return Some(u);
            }
        }
        if let [l] = left {
            let option = self.left_at(g, 0);
            let base = l.negated()?;
            let others = right
                .iter()
                .map(Uptimal::negated)
                .collect::<Option<Vec<_>>>()?;
            return self.uptimal_from(g, (&base, option), &others, true);
        }
        None
    }

    /// The uptimal `g` is (negated if `negate`) when `base` is the
    /// expansion of its one Right option and `others` its Left options'.
    /// `option` is the game of that Right option (of Left's, when
    /// `negate`, whose negative `base` expands).
    ///
    /// # Complexity
    /// Each candidate is checked by one sum, `option` plus a game of at
    /// most `k + 1` positions (`± (↑ + … + ↑ᵏ + *)`), not by building the
    /// candidate from its coefficients: recognising every follower of a
    /// form so stays near the size of the form.
    fn uptimal_from(
        &mut self,
        g: GameId,
        (base, option): (&Uptimal, GameId),
        others: &[Uptimal],
        negate: bool,
    ) -> Option<Uptimal> {
        let longest = others
            .iter()
            .map(|u| u.coefficients.len())
            .max()
            .unwrap_or(0);
        let mut lengths = Vec::new();
        if base.coefficients.last().is_some_and(|&c| c > 0) {
            lengths.push(base.coefficients.len());
        }
        lengths.push(base.coefficients.len().max(longest) + 1);
        for length in lengths {
            let candidate = base.increment(length)?;
            let candidate = if negate {
                candidate.negated()?
            } else {
                candidate
            };
            if candidate.coefficients.len() >= 2
                && self.incremented(option, length, negate).ok() == Some(g)
            {
                return Some(candidate);
            }
        }
        None
    }

    /// `option + ↑ + ↑² + … + ↑ᵏ + *` for `k = length`, or
    /// `option - (↑ + … + ↑ᵏ + *)` when `negate`: the game of
    /// [`Uptimal::increment`] from the game of the uptimal it increments.
    fn incremented(&mut self, option: GameId, length: usize, negate: bool) -> Result<GameId> {
        let k = u32::try_from(length).map_err(|_| ValueError::Overflow)?;
        let ups = self.up_sum(k)?;
        let star = self.nimber(1);
        let step = self.add(ups, star)?;
        let step = if negate { self.neg(step) } else { step };
        self.add(option, step)
    }
}
