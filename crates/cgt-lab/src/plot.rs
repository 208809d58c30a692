//! G(n) against n as an SVG picture, written by hand.

use crate::period::{Pattern, Status};
use std::fmt::Write as _;

const WIDTH: f64 = 900.0;
const HEIGHT: f64 = 420.0;
const LEFT: f64 = 60.0;
const RIGHT: f64 = 20.0;
const TOP: f64 = 40.0;
const BOTTOM: f64 = 50.0;
/// Up to this many values each gets a dot; beyond, each pixel column shows
/// the range of its values as a line.
const DOTS: usize = 1500;

/// `text` with the XML special characters escaped.
pub(crate) fn xml(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// An SVG picture of G(n) against n for the given values (G(0) first),
/// with the preperiod (a dashed line) and one period (a shaded band) marked
/// if `found` has a pattern.
///
/// Up to 1500 values are drawn as dots; more as one vertical line per pixel
/// column from the smallest to the largest value in it, so the file stays
/// small (under 100 KB) however many values there are.
///
/// # Example
/// ```
/// use cgt_lab::{find_pattern, plot_svg, Game};
/// let values = Game::parse("0.07").unwrap().values(300).unwrap();
/// let svg = plot_svg("0.07", &values, find_pattern(&values, Some(2)));
/// assert!(svg.starts_with("<svg"));
/// assert!(svg.contains("preperiod 53"));
/// assert!(svg.contains("period 34"));
/// ```
///
/// # Complexity
/// O(number of values).
pub fn plot_svg(name: &str, values: &[u32], found: Option<(Pattern, Status)>) -> String {
    let last = values.len().saturating_sub(1).max(1) as f64;
    let top = f64::from(values.iter().copied().max().unwrap_or(0).max(1));
    let plot_w = WIDTH - LEFT - RIGHT;
    let plot_h = HEIGHT - TOP - BOTTOM;
    let x = |n: f64| LEFT + n / last * plot_w;
    let y = |v: f64| TOP + plot_h - v / top * plot_h;
    let mut s = String::new();
    let w = &mut s;
    // Writing to a String cannot fail: the results are ignored below.
    let _ = writeln!(
        w,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{HEIGHT}\" \
         viewBox=\"0 0 {WIDTH} {HEIGHT}\" font-family=\"sans-serif\" font-size=\"12\">"
    );
    let _ = writeln!(w, "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>");
    let mut title = format!(
        "G(n) of {} for n = 0..{}",
        xml(name),
        values.len().saturating_sub(1)
    );
    if let Some((p, status)) = found {
        let how = match status {
            Status::Certified => "certified",
            Status::Observed => "observed",
        };
        let _ = write!(
            title,
            ": preperiod {}, period {}, saltus {} ({how})",
            p.preperiod, p.period, p.saltus
        );
        // One period as a band, the preperiod's end as a dashed line.
        let (x0, x1) = (x(p.preperiod as f64), x((p.preperiod + p.period) as f64));
        let _ = writeln!(
            w,
            "<rect x=\"{x0:.1}\" y=\"{TOP}\" width=\"{:.1}\" height=\"{plot_h}\" fill=\"#cfe3ff\"/>",
            (x1 - x0).max(1.0)
        );
        let _ = writeln!(
            w,
            "<line x1=\"{x0:.1}\" y1=\"{TOP}\" x2=\"{x0:.1}\" y2=\"{:.1}\" stroke=\"#d62728\" \
             stroke-dasharray=\"5,3\"/>",
            TOP + plot_h
        );
        let _ = writeln!(
            w,
            "<text x=\"{:.1}\" y=\"{:.1}\" fill=\"#d62728\">preperiod {}</text>",
            x0 + 3.0,
            TOP + 14.0,
            p.preperiod
        );
        let _ = writeln!(
            w,
            "<text x=\"{:.1}\" y=\"{:.1}\" fill=\"#1f5fb4\">one period ({})</text>",
            x0 + 3.0,
            TOP + 28.0,
            p.period
        );
    } else {
        title.push_str(": no period found");
    }
    let _ = writeln!(
        w,
        "<text x=\"{LEFT}\" y=\"{:.1}\" font-size=\"14\">{title}</text>",
        TOP - 14.0
    );
    // Axes and their end labels.
    let (bottom, right) = (TOP + plot_h, LEFT + plot_w);
    let _ = writeln!(
        w,
        "<path d=\"M{LEFT},{TOP} V{bottom} H{right}\" fill=\"none\" stroke=\"black\"/>"
    );
    let _ = writeln!(
        w,
        "<text x=\"{LEFT}\" y=\"{:.1}\" text-anchor=\"middle\">0</text>",
        bottom + 16.0
    );
    let _ = writeln!(
        w,
        "<text x=\"{right}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>",
        bottom + 16.0,
        values.len().saturating_sub(1)
    );
    let _ = writeln!(
        w,
        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">n</text>",
        LEFT + plot_w / 2.0,
        bottom + 34.0
    );
    let _ = writeln!(
        w,
        "<text x=\"{:.1}\" y=\"{bottom}\" text-anchor=\"end\">0</text>",
        LEFT - 6.0
    );
    let _ = writeln!(
        w,
        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{top}</text>",
        LEFT - 6.0,
        TOP + 4.0
    );
    let _ = writeln!(
        w,
        "<text x=\"14\" y=\"{:.1}\" transform=\"rotate(-90 14 {:.1})\" text-anchor=\"middle\">G(n)</text>",
        TOP + plot_h / 2.0,
        TOP + plot_h / 2.0
    );
    if values.len() <= DOTS {
        let _ = writeln!(w, "<g fill=\"#222\">");
        for (n, &v) in values.iter().enumerate() {
            let _ = writeln!(
                w,
                "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"1.8\"/>",
                x(n as f64),
                y(f64::from(v))
            );
        }
    } else {
        let _ = writeln!(w, "<g stroke=\"#222\" stroke-width=\"1\">");
        let columns = plot_w as usize;
        for column in 0..columns {
            let from = column * values.len() / columns;
            let to = ((column + 1) * values.len() / columns).max(from + 1);
            let bin = &values[from..to.min(values.len())];
            let lo = f64::from(bin.iter().copied().min().unwrap_or(0));
            let hi = f64::from(bin.iter().copied().max().unwrap_or(0));
            let cx = LEFT + column as f64 + 0.5;
            let _ = writeln!(
                w,
                "<line x1=\"{cx:.1}\" y1=\"{:.1}\" x2=\"{cx:.1}\" y2=\"{:.1}\"/>",
                y(lo) + 0.5,
                y(hi) - 0.5
            );
        }
    }
    let _ = writeln!(w, "</g>");
    let _ = writeln!(w, "</svg>");
    s
}
