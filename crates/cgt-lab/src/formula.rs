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
    parts.write(lang, &mut out).ok()?;
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

impl Lang {
    /// The comment marker.
    fn comment(self) -> &'static str {
        match self {
            Lang::Rust => "///",
            Lang::Cpp => "//",
        }
    }

    /// The first line of the function.
    fn signature(self) -> &'static str {
        match self {
            Lang::Rust => "pub fn grundy(n: u64) -> u64 {",
            Lang::Cpp => "inline unsigned long long grundy(unsigned long long n) {",
        }
    }

    /// The line that opens a table of `len` values named `name` (upper case
    /// in Rust, lower case in C++), and the line that closes it.
    fn table_lines(self, name: &str, len: usize) -> (String, &'static str) {
        match self {
            Lang::Rust => (
                format!("    const {}: [u32; {len}] = [", name.to_uppercase()),
                "    ];",
            ),
            Lang::Cpp => (
                format!("    static const unsigned int {name}[{len}] = {{"),
                "    };",
            ),
        }
    }

    /// The lines that answer from the preperiod's table below `pre` and set
    /// `i` to `n - pre` (or to `n` when there is no preperiod).
    fn index_lines(self, pre: usize) -> Vec<String> {
        match (self, pre) {
            (Lang::Rust, 0) => vec!["    let i = n;".into()],
            (Lang::Rust, _) => vec![
                format!("    if n < {pre} {{"),
                "        return u64::from(PRE[n as usize]);".into(),
                "    }".into(),
                format!("    let i = n - {pre};"),
            ],
            (Lang::Cpp, 0) => vec!["    unsigned long long i = n;".into()],
            (Lang::Cpp, _) => vec![
                format!("    if (n < {pre}ULL) return pre[n];"),
                format!("    unsigned long long i = n - {pre}ULL;"),
            ],
        }
    }

    /// The line that returns G(n) from `i`, the period `p` and the saltus `s`.
    fn value_line(self, p: usize, s: u64) -> String {
        match (self, s) {
            (Lang::Rust, 0) => format!("    u64::from(PERIOD[(i % {p}) as usize])"),
            (Lang::Rust, _) => format!(
                "    u64::from(PERIOD[(i % {p}) as usize]).wrapping_add((i / {p}).wrapping_mul({s}))"
            ),
            (Lang::Cpp, 0) => format!("    return period[i % {p}ULL];"),
            (Lang::Cpp, _) => format!("    return period[i % {p}ULL] + (i / {p}ULL) * {s}ULL;"),
        }
    }
}

impl Parts<'_> {
    /// The function in `lang`: the header comment, the tables, the lookup.
    fn write(&self, lang: Lang, w: &mut String) -> std::fmt::Result {
        let Self {
            name,
            how,
            pre,
            p,
            s,
            head,
            period,
        } = *self;
        let c = lang.comment();
        writeln!(
            w,
            "{c} Sprague-Grundy value G(n) of the game {name}, written by cgt-lab."
        )?;
        // Rustdoc's summary is its first paragraph: keep it one line.
        if lang == Lang::Rust {
            writeln!(w, "{c}")?;
        }
        writeln!(
            w,
            "{c} Preperiod {pre}, period {p}, saltus {s}: G(n + {p}) = G(n) + {s} for n >= {pre};"
        )?;
        writeln!(w, "{c} {how}.")?;
        writeln!(w, "{}", lang.signature())?;
        let mut tables = vec![("period", p, period)];
        if pre > 0 {
            tables.insert(0, ("pre", pre, head));
        }
        for (table_name, len, values) in tables {
            let (open, close) = lang.table_lines(table_name, len);
            writeln!(w, "{open}")?;
            table(w, values)?;
            writeln!(w, "{close}")?;
        }
        for line in lang.index_lines(pre) {
            writeln!(w, "{line}")?;
        }
        writeln!(w, "{}", lang.value_line(p, s))?;
        writeln!(w, "}}")
    }
}
