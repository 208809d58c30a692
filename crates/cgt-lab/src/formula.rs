//! The values as code: a Rust or C++ function with tables for the preperiod
//! and one period, plus the saltus.

use crate::period::{Analysis, GUY_SMITH, Status};
use std::fmt::Write as _;

/// The language of [`formula`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lang {
    /// `pub fn grundy(n: u64) -> u64`, for `include!`.
    Rust,
    /// `inline unsigned long long grundy(unsigned long long n)`, for
    /// `#include`.
    Cpp,
}

impl std::str::FromStr for Lang {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        match text {
            "rust" => Ok(Self::Rust),
            "cpp" | "c++" => Ok(Self::Cpp),
            _ => Err(format!("expected rust or cpp, found \"{text}\"")),
        }
    }
}

/// Writes G(n) as a function of the analysed game: items only (no `main`, no
/// crate attributes), a table for the preperiod and one for one period, and
/// the saltus added once per period. `values` must hold at least
/// G(0..preperiod + period).
///
/// The function is exact for every n if the period is certified, and for
/// n up to [`Analysis::checked_upto`] if it is observed (the header comment
/// says which). With a saltus, values past 2^64 wrap around.
///
/// Returns `None` when the analysis found no period, or `values` is too
/// short.
///
/// # Example
/// ```
/// use cgt_lab::{analyse, formula, Game, Lang};
/// let game = Game::parse("S(1,3,4)").unwrap();
/// let analysis = analyse(&game, 100, &mut |_, _| {}).unwrap();
/// let code = formula(&analysis, &game.values(100).unwrap(), Lang::Cpp).unwrap();
/// assert!(code.contains("inline unsigned long long grundy(unsigned long long n)"));
/// assert!(code.contains("static const unsigned int period[7] = {\n        0, 1, 0, 1, 2, 3, 2,\n    };"));
/// ```
///
/// # Complexity
/// O(preperiod + period).
pub fn formula(analysis: &Analysis, values: &[u32], lang: Lang) -> Option<String> {
    let (pattern, status) = analysis.found?;
    let pre = pattern.preperiod;
    let p = pattern.period;
    let s = pattern.saltus;
    let head = values.get(..pre)?;
    let period = values.get(pre..pre + p)?;
    let how = match status {
        Status::Certified => format!("certified by the {GUY_SMITH}: exact for every n"),
        Status::Observed => format!(
            "observed up to n = {}, not proved: exact only that far",
            analysis.checked_upto
        ),
    };
    let name: String = format!("{:?}", analysis.game);
    let parts = Parts {
        name: &name,
        how: &how,
        pre,
        p,
        s,
        head,
        period,
    };
    let mut out = String::new();
    // Writing to a String cannot fail.
    let written = match lang {
        Lang::Rust => parts.rust(&mut out),
        Lang::Cpp => parts.cpp(&mut out),
    };
    written.ok()?;
    Some(out)
}

/// What both languages print.
struct Parts<'a> {
    name: &'a str,
    how: &'a str,
    pre: usize,
    p: usize,
    s: u64,
    head: &'a [u32],
    period: &'a [u32],
}

fn table(w: &mut String, values: &[u32]) -> std::fmt::Result {
    for line in values.chunks(16) {
        let items: Vec<String> = line.iter().map(u32::to_string).collect();
        writeln!(w, "        {},", items.join(", "))?;
    }
    Ok(())
}

impl Parts<'_> {
    fn rust(&self, w: &mut String) -> std::fmt::Result {
        let Self {
            name,
            how,
            pre,
            p,
            s,
            head,
            period,
        } = *self;
        writeln!(
            w,
            "/// Sprague-Grundy value G(n) of the game {name}, written by cgt-lab."
        )?;
        writeln!(w, "///")?;
        writeln!(
            w,
            "/// Preperiod {pre}, period {p}, saltus {s}: G(n + {p}) = G(n) + {s} for n >= {pre};"
        )?;
        writeln!(w, "/// {how}.")?;
        writeln!(w, "pub fn grundy(n: u64) -> u64 {{")?;
        if pre > 0 {
            writeln!(w, "    const PRE: [u32; {pre}] = [")?;
            table(w, head)?;
            writeln!(w, "    ];")?;
        }
        writeln!(w, "    const PERIOD: [u32; {p}] = [")?;
        table(w, period)?;
        writeln!(w, "    ];")?;
        if pre > 0 {
            writeln!(w, "    if n < {pre} {{")?;
            writeln!(w, "        return u64::from(PRE[n as usize]);")?;
            writeln!(w, "    }}")?;
            writeln!(w, "    let i = n - {pre};")?;
        } else {
            writeln!(w, "    let i = n;")?;
        }
        if s == 0 {
            writeln!(w, "    u64::from(PERIOD[(i % {p}) as usize])")?;
        } else {
            writeln!(
                w,
                "    u64::from(PERIOD[(i % {p}) as usize]).wrapping_add((i / {p}).wrapping_mul({s}))"
            )?;
        }
        writeln!(w, "}}")
    }

    fn cpp(&self, w: &mut String) -> std::fmt::Result {
        let Self {
            name,
            how,
            pre,
            p,
            s,
            head,
            period,
        } = *self;
        writeln!(
            w,
            "// Sprague-Grundy value G(n) of the game {name}, written by cgt-lab."
        )?;
        writeln!(
            w,
            "// Preperiod {pre}, period {p}, saltus {s}: G(n + {p}) = G(n) + {s} for n >= {pre};"
        )?;
        writeln!(w, "// {how}.")?;
        writeln!(
            w,
            "inline unsigned long long grundy(unsigned long long n) {{"
        )?;
        if pre > 0 {
            writeln!(w, "    static const unsigned int pre[{pre}] = {{")?;
            table(w, head)?;
            writeln!(w, "    }};")?;
        }
        writeln!(w, "    static const unsigned int period[{p}] = {{")?;
        table(w, period)?;
        writeln!(w, "    }};")?;
        if pre > 0 {
            writeln!(w, "    if (n < {pre}ULL) return pre[n];")?;
            writeln!(w, "    unsigned long long i = n - {pre}ULL;")?;
        } else {
            writeln!(w, "    unsigned long long i = n;")?;
        }
        if s == 0 {
            writeln!(w, "    return period[i % {p}ULL];")?;
        } else {
            writeln!(w, "    return period[i % {p}ULL] + (i / {p}ULL) * {s}ULL;")?;
        }
        writeln!(w, "}}")
    }
}
