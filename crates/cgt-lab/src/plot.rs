//! G(n) against n as an SVG picture, drawn with the lab's SVG writer
//! (`src/svg.rs`).

use crate::period::{Pattern, Status};
use crate::svg::Svg;

const WIDTH: f64 = 900.0;
const HEIGHT: f64 = 420.0;
const LEFT: f64 = 60.0;
const RIGHT: f64 = 20.0;
const TOP: f64 = 40.0;
const BOTTOM: f64 = 50.0;
/// Up to this many values each gets a dot; beyond, each pixel column shows
/// the range of its values as a line.
const DOTS: usize = 1500;

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
    let mut svg = Svg::new(WIDTH, HEIGHT);
    let mut title = format!(
        "G(n) of {name} for n = 0..{}",
        values.len().saturating_sub(1)
    );
    let (bottom, right) = (TOP + plot_h, LEFT + plot_w);
    if let Some((p, status)) = found {
        let how = match status {
            Status::Certified => "certified",
            Status::Observed => "observed",
        };
        title.push_str(&format!(
            ": preperiod {}, period {}, saltus {} ({how})",
            p.preperiod, p.period, p.saltus
        ));
        // One period as a band, the preperiod's end as a dashed line.
        let (x0, x1) = (x(p.preperiod as f64), x((p.preperiod + p.period) as f64));
        svg.rect(
            (x0, TOP),
            ((x1 - x0).max(1.0), plot_h),
            &[("fill", "#cfe3ff")],
        );
        svg.line(
            (x0, TOP),
            (x0, bottom),
            &[("stroke", "#d62728"), ("stroke-dasharray", "5,3")],
        );
        let preperiod = format!("preperiod {}", p.preperiod);
        svg.text((x0 + 3.0, TOP + 14.0), &preperiod, &[("fill", "#d62728")]);
        let period = format!("one period ({})", p.period);
        svg.text((x0 + 3.0, TOP + 28.0), &period, &[("fill", "#1f5fb4")]);
    } else {
        title.push_str(": no period found");
    }
    svg.text((LEFT, TOP - 14.0), &title, &[("font-size", "14")]);
    // Axes and their end labels.
    svg.axes((LEFT, bottom), right, TOP, &[("stroke", "black")]);
    let middle = [("text-anchor", "middle")];
    let end = [("text-anchor", "end")];
    svg.text((LEFT, bottom + 16.0), "0", &middle);
    let n_max = values.len().saturating_sub(1).to_string();
    svg.text((right, bottom + 16.0), &n_max, &end);
    svg.text((LEFT + plot_w / 2.0, bottom + 34.0), "n", &middle);
    svg.text((LEFT - 6.0, bottom), "0", &end);
    svg.text((LEFT - 6.0, TOP + 4.0), &top.to_string(), &end);
    let label_y = TOP + plot_h / 2.0;
    let rotate = format!("rotate(-90 14 {label_y:.1})");
    svg.text(
        (14.0, label_y),
        "G(n)",
        &[("transform", &rotate), ("text-anchor", "middle")],
    );
    if values.len() <= DOTS {
        svg.group(&[("fill", "#222")]);
        for (n, &v) in values.iter().enumerate() {
            svg.circle((x(n as f64), y(f64::from(v))), 1.8, &[]);
        }
    } else {
        svg.group(&[("stroke", "#222"), ("stroke-width", "1")]);
        let columns = plot_w as usize;
        for column in 0..columns {
            let from = column * values.len() / columns;
            let to = ((column + 1) * values.len() / columns).max(from + 1);
            let bin = &values[from..to.min(values.len())];
            let lo = f64::from(bin.iter().copied().min().unwrap_or(0));
            let hi = f64::from(bin.iter().copied().max().unwrap_or(0));
            let cx = LEFT + column as f64 + 0.5;
            svg.line((cx, y(lo) + 0.5), (cx, y(hi) - 0.5), &[]);
        }
    }
    svg.end_group();
    svg.finish()
}
