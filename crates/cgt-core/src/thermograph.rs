//! Thermographs: how a game's stops move as it is cooled (Siegel,
//! *Combinatorial Game Theory*, II.5; *Winning Ways*, ch. 6).
//!
//! Cooling `G` by `t` taxes every move by `t`; the left and right walls of
//! the thermograph are the stops of the cooled game as `t` rises from `-1`,
//! until they meet at the temperature and go on as one vertical mast at the
//! mean. The walls are piecewise linear with slopes 0 and ±1 and are kept
//! exactly, as breakpoints of [`Dyadic`] coordinates.
//!
//! Use [`GameStore::thermograph`](crate::canonical::GameStore::thermograph).
//!
//! # Example
//! ```
//! use cgt_core::canonical::GameStore;
//! use cgt_core::dyadic::Dyadic;
//! let mut store = GameStore::new();
//! let g = store.parse("{3|-1}").expect("valid");
//! let thermograph = store.thermograph(g).expect("fits");
//! assert_eq!(thermograph.temperature(), Dyadic::integer(2));
//! assert_eq!(thermograph.mast(), Dyadic::integer(1));
//! assert_eq!(thermograph.left.value_at(Dyadic::ZERO), Some(Dyadic::integer(3)));
//! assert_eq!(thermograph.right.value_at(Dyadic::ZERO), Some(Dyadic::integer(-1)));
//! ```

use crate::dyadic::Dyadic;

/// One wall of a thermograph: breakpoints `(temperature, value)` with
/// temperatures increasing from `-1`, linear between them; above the last
/// breakpoint the value stays (the mast).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trajectory {
    points: Vec<(Dyadic, Dyadic)>,
}

impl Trajectory {
    /// The breakpoints `(temperature, value)`.
    pub fn points(&self) -> &[(Dyadic, Dyadic)] {
        &self.points
    }

    /// The wall's value at temperature `t` (below `-1`, its value at `-1`);
    /// `None` if the arithmetic leaves the range of [`Dyadic`] (a `t` near
    /// that range's ends).
    pub fn value_at(&self, t: Dyadic) -> Option<Dyadic> {
        Line::from_points(&self.points, 0).and_then(|line| line.at(t))
    }
}

/// The thermograph of a game: its left and right walls.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thermograph {
    /// The left wall (Left's stop of the cooled game).
    pub left: Trajectory,
    /// The right wall.
    pub right: Trajectory,
    temperature: Dyadic,
}

impl Thermograph {
    /// The temperature, where the walls meet and the mast begins (CGSuite's
    /// convention for numbers: `-1/2^k` for `m/2^k` in lowest terms, `-1`
    /// for integers).
    pub fn temperature(&self) -> Dyadic {
        self.temperature
    }

    /// The mast's value: the mean.
    pub fn mast(&self) -> Dyadic {
        self.left.points.last().expect("a wall has a point").1
    }

    /// The thermograph of the number `x`: a mast from `-1`.
    pub(crate) fn of_number(x: Dyadic) -> Thermograph {
        let wall = Trajectory {
            points: vec![(Dyadic::integer(-1), x)],
        };
        let temperature = if x.is_integer() {
            Dyadic::integer(-1)
        } else {
            Dyadic::new(-1, x.exponent()).expect("a stored exponent fits")
        };
        Thermograph {
            left: wall.clone(),
            right: wall,
            temperature,
        }
    }

    /// The thermograph of a non-number with the options' thermographs:
    /// the left scaffold is the highest right wall of a left option tilted
    /// by `-t`, the right scaffold the lowest left wall of a right option
    /// tilted by `+t`; the walls follow them up to where they meet.
    pub(crate) fn from_options(left: &[Thermograph], right: &[Thermograph]) -> Option<Thermograph> {
        let mut left_scaffold: Option<Line> = None;
        for t in left {
            let wall = Line::from_points(&t.right.points, 0)?.tilt(-1)?;
            left_scaffold = Some(match left_scaffold {
                None => wall,
                Some(s) => s.extreme(&wall, true)?,
            });
        }
        let mut right_scaffold: Option<Line> = None;
        for t in right {
            let wall = Line::from_points(&t.left.points, 0)?.tilt(1)?;
            right_scaffold = Some(match right_scaffold {
                None => wall,
                Some(s) => s.extreme(&wall, false)?,
            });
        }
        let left_scaffold = left_scaffold.expect("a non-number has left options");
        let right_scaffold = right_scaffold.expect("a non-number has right options");
        let gap = left_scaffold.minus(&right_scaffold)?;
        let start = Dyadic::integer(-1);
        let (meet, mast) = if gap.at(start)?.is_negative() {
            // Already a number at -1: the simplest number between.
            let x = Dyadic::simplest_between(
                Some(left_scaffold.at(start)?),
                Some(right_scaffold.at(start)?),
            )?;
            (start, x)
        } else {
            let meet = gap.first_non_positive()?;
            (meet, left_scaffold.at(meet)?)
        };
        Some(Thermograph {
            left: left_scaffold.wall_until(meet, mast),
            right: right_scaffold.wall_until(meet, mast),
            temperature: meet,
        })
    }
}

/// A piecewise linear function on `[-1, ∞)`: segments `(start, value at
/// start, slope)`, the last one unbounded. Every operation is `None` when
/// a value leaves the range of [`Dyadic`].
#[derive(Clone, Debug)]
struct Line {
    segments: Vec<(Dyadic, Dyadic, i64)>,
}

fn mul(x: Dyadic, k: i64) -> Option<Dyadic> {
    x.checked_mul_int(k)
}

fn add(a: Dyadic, b: Dyadic) -> Option<Dyadic> {
    a.checked_add(b)
}

fn sub(a: Dyadic, b: Dyadic) -> Option<Dyadic> {
    a.checked_sub(b)
}

impl Line {
    fn from_points(points: &[(Dyadic, Dyadic)], last_slope: i64) -> Option<Line> {
        let mut segments = Vec::with_capacity(points.len());
        for (i, &(t, v)) in points.iter().enumerate() {
            let slope = match points.get(i + 1) {
                Some(&(t2, v2)) => {
                    let dt = sub(t2, t)?;
                    let dv = sub(v2, v)?;
                    (-2..=2).find(|&s| mul(dt, s) == Some(dv))?
                }
                None => last_slope,
            };
            segments.push((t, v, slope));
        }
        Some(Line { segments })
    }

    fn segment_at(&self, t: Dyadic) -> (Dyadic, Dyadic, i64) {
        let i = self
            .segments
            .iter()
            .rposition(|&(start, _, _)| start <= t)
            .unwrap_or(0);
        self.segments[i]
    }

    fn at(&self, t: Dyadic) -> Option<Dyadic> {
        let (start, v, s) = self.segment_at(t);
        if t < start {
            return Some(v);
        }
        add(v, mul(sub(t, start)?, s)?)
    }

    fn slope_at(&self, t: Dyadic) -> i64 {
        self.segment_at(t).2
    }

    fn tilt(mut self, k: i64) -> Option<Line> {
        for (t, v, s) in &mut self.segments {
            *v = add(*v, mul(*t, k)?)?;
            *s += k;
        }
        Some(self)
    }

    fn starts(&self, other: &Line) -> Vec<Dyadic> {
        let mut starts: Vec<Dyadic> = self
            .segments
            .iter()
            .chain(&other.segments)
            .map(|&(t, _, _)| t)
            .collect();
        starts.sort();
        starts.dedup();
        starts
    }

    /// `self - other`.
    fn minus(&self, other: &Line) -> Option<Line> {
        let mut segments = Vec::new();
        for t in self.starts(other) {
            let v = sub(self.at(t)?, other.at(t)?)?;
            segments.push((t, v, self.slope_at(t) - other.slope_at(t)));
        }
        Line { segments }.merged()
    }

    /// The pointwise maximum (`upper`) or minimum of two lines.
    fn extreme(&self, other: &Line, upper: bool) -> Option<Line> {
        let starts = self.starts(other);
        let mut segments = Vec::new();
        for (i, &t) in starts.iter().enumerate() {
            let end = starts.get(i + 1).copied();
            let (va, sa) = (self.at(t)?, self.slope_at(t));
            let (vb, sb) = (other.at(t)?, other.slope_at(t));
            // Which leads just after t (of equal values, the one moving
            // further: the steeper rise for the maximum, the steeper fall
            // for the minimum), and where the other takes over.
            let better = |v1: Dyadic, s1: i64, v2: Dyadic, s2: i64| {
                if upper {
                    (v1, s1) >= (v2, s2)
                } else {
                    (v1, s1) <= (v2, s2)
                }
            };
            let (lead, follow) = if better(va, sa, vb, sb) {
                ((va, sa), (vb, sb))
            } else {
                ((vb, sb), (va, sa))
            };
            segments.push((t, lead.0, lead.1));
            let closing = if upper {
                follow.1 > lead.1
            } else {
                follow.1 < lead.1
            };
            if closing {
                // The follower catches up after |gap| / |slope difference|;
                // scaffold slopes differ by 1 (or 2), so this stays dyadic.
                let gap = sub(lead.0, follow.0)?;
                let mut dx = if gap.is_negative() {
                    mul(gap, -1)?
                } else {
                    gap
                };
                let mut diff = (follow.1 - lead.1).abs();
                while diff > 1 {
                    if diff % 2 != 0 {
                        return None;
                    }
                    dx = dx.checked_half()?;
                    diff /= 2;
                }
                let cross = add(t, dx)?;
                if end.is_none_or(|e| cross < e) && cross > t {
                    segments.push((cross, add(follow.0, mul(dx, follow.1)?)?, follow.1));
                }
            }
        }
        Line { segments }.merged()
    }

    /// Joins consecutive segments on one line.
    fn merged(self) -> Option<Line> {
        let mut segments: Vec<(Dyadic, Dyadic, i64)> = Vec::with_capacity(self.segments.len());
        for seg in self.segments {
            if let Some(&(t, v, s)) = segments.last() {
                if s == seg.2 && add(v, mul(sub(seg.0, t)?, s)?)? == seg.1 {
                    continue;
                }
            }
            segments.push(seg);
        }
        Some(Line { segments })
    }

    /// The first `t >= -1` where the line is at most 0 (it must end
    /// falling).
    fn first_non_positive(&self) -> Option<Dyadic> {
        for (i, &(t, v, s)) in self.segments.iter().enumerate() {
            if v <= Dyadic::ZERO {
                return Some(t);
            }
            if s < 0 {
                // Only slopes -1 and -2 occur in a scaffold gap.
                let dx = if s == -1 { v } else { v.checked_half()? };
                let cross = add(t, dx)?;
                if self
                    .segments
                    .get(i + 1)
                    .is_none_or(|&(next, _, _)| cross <= next)
                {
                    return Some(cross);
                }
            }
        }
        None
    }

    /// The trajectory: this line up to `meet`, then the mast at `mast`.
    fn wall_until(&self, meet: Dyadic, mast: Dyadic) -> Trajectory {
        let mut points: Vec<(Dyadic, Dyadic)> = self
            .segments
            .iter()
            .filter(|&&(t, _, _)| t < meet)
            .map(|&(t, v, _)| (t, v))
            .collect();
        points.push((meet, mast));
        Trajectory { points }
    }
}
