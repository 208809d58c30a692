//! `cgt-lab eval EXPR`: the canonical form of a sum of games written in
//! CGSuite's notation and ruleset positions, its invariants as JSON, and
//! its thermograph as an SVG picture.

use crate::period::json_string;
use crate::plot::xml;
use cgt_core::canonical::{GameId, GameStore};
use cgt_core::dyadic::Dyadic;
use cgt_core::thermograph::Thermograph;
use cgt_rulesets::Rulesets;
use std::fmt::Write as _;
use std::io::IsTerminal;
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// The options of `eval`.
pub struct EvalOptions {
    /// The expression.
    pub expr: String,
    /// Print the JSON object instead of the canonical form.
    pub json: bool,
    /// Where to write the thermograph.
    pub thermograph: Option<String>,
}

/// What `eval` prints, and the picture if asked.
struct Evaluated {
    line: String,
    svg: Option<String>,
}

/// Evaluates `options.expr`; `Err((message, exit status))`.
pub fn run(options: &EvalOptions) -> Result<String, (String, u8)> {
    let expr = options.expr.clone();
    let (json, picture) = (options.json, options.thermograph.is_some());
    // The work runs on a thread of its own so that this one can show
    // progress on a terminal while it lasts.
    let (sender, receiver) = mpsc::channel();
    let worker = std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(move || {
            let result = evaluate(&expr, json, picture);
            // The receiver only goes away when this thread is not awaited.
            let _ = sender.send(result);
        })
        .map_err(|e| (format!("eval: cannot start the computation: {e}"), 1))?;
    let start = Instant::now();
    let terminal = std::io::stderr().is_terminal();
    let mut shown = false;
    let result = loop {
        match receiver.recv_timeout(Duration::from_millis(250)) {
            Ok(result) => break result,
            Err(mpsc::RecvTimeoutError::Timeout) => {
                if terminal && start.elapsed() > Duration::from_secs(1) {
                    eprint!(
                        "\rcgt-lab: eval: computing canonical forms ({:.0} s)   ",
                        start.elapsed().as_secs_f64()
                    );
                    shown = true;
                }
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                break Err(("eval: the computation failed".to_string(), 1));
            }
        }
    };
    if shown {
        eprint!("\r{:60}\r", "");
    }
    let _ = worker.join();
    let evaluated = result?;
    if let (Some(file), Some(svg)) = (&options.thermograph, &evaluated.svg) {
        std::fs::write(file, svg).map_err(|e| (format!("--thermograph {file}: {e}"), 1))?;
    }
    Ok(evaluated.line)
}

fn evaluate(expr: &str, json: bool, picture: bool) -> Result<Evaluated, (String, u8)> {
    let mut store = GameStore::new();
    let mut rulesets = Rulesets::new();
    let g = store
        .parse_with(expr, &mut |s, name, argument| {
            rulesets.resolve(s, name, argument)
        })
        .map_err(|e| (format!("eval: EXPR {e}"), 2))?;
    let line = if json {
        to_json(&mut store, g).map_err(|e| (format!("eval: {e}"), 1))?
    } else {
        store.display(g).to_string()
    };
    let svg = if picture {
        let thermograph = store
            .thermograph(g)
            .map_err(|e| (format!("eval: the thermograph: {e}"), 1))?;
        let stops = (store.left_stop(g), store.right_stop(g));
        Some(thermograph_svg(
            &store.display(g).to_string(),
            &thermograph,
            stops,
        ))
    } else {
        None
    };
    Ok(Evaluated { line, svg })
}

/// The JSON object of `eval --json`.
fn to_json(store: &mut GameStore, g: GameId) -> Result<String, cgt_core::canonical::ValueError> {
    let outcome = store.outcome(g).to_string();
    let (left_stop, right_stop) = (store.left_stop(g), store.right_stop(g));
    // The mean is the thermograph's mast; both overflow together.
    let thermograph = store.thermograph(g)?;
    let temperature = store.temperature(g)?;
    let mean = thermograph.mast();
    let birthday = store.birthday(g).to_string();
    let reduced = store.reduced(g)?;
    let atomic_weight = store.atomic_weight(g).map_or_else(
        || "null".to_string(),
        |w| json_string(&store.display(w).to_string()),
    );
    Ok(format!(
        "{{\"value\":{},\"outcome\":{},\"left_stop\":{},\"right_stop\":{},\"mean\":{},\
         \"temperature\":{},\"birthday\":{},\"reduced\":{},\"atomic_weight\":{atomic_weight}}}",
        json_string(&store.display(g).to_string()),
        json_string(&outcome),
        json_string(&left_stop.to_string()),
        json_string(&right_stop.to_string()),
        json_string(&mean.to_string()),
        json_string(&temperature.to_string()),
        json_string(&birthday),
        json_string(&store.display(reduced).to_string()),
    ))
}

fn real(x: Dyadic) -> f64 {
    x.numerator() as f64 / 2f64.powi(x.exponent() as i32)
}

const WIDTH: f64 = 640.0;
const HEIGHT: f64 = 480.0;
const MARGIN_X: f64 = 70.0;
const TOP: f64 = 50.0;
const BOTTOM: f64 = 60.0;

/// The thermograph as an SVG picture in the lab's style: values run from
/// right (negative, Right's side) to left (positive, Left's side) as in
/// *Winning Ways*, temperature upwards from −1; the left wall blue, the
/// right wall red, the mast black, with the stops, the mean and the
/// temperature labelled. `stops` are the game's (the walls at 0).
pub fn thermograph_svg(name: &str, thermograph: &Thermograph, stops: (Dyadic, Dyadic)) -> String {
    let left = thermograph.left.points();
    let right = thermograph.right.points();
    let temperature = real(thermograph.temperature());
    let mast = real(thermograph.mast());
    let values = left.iter().chain(right).map(|&(_, v)| real(v));
    let (mut lo, mut hi) = values.fold((mast, mast), |(lo, hi), v| (lo.min(v), hi.max(v)));
    if hi - lo < 1.0 {
        lo -= 0.5;
        hi += 0.5;
    }
    let pad = (hi - lo) * 0.1;
    let (lo, hi) = (lo - pad, hi + pad);
    let t_min = -1.0;
    let t_max = temperature.max(0.0) + ((temperature.max(0.0) + 1.0) * 0.35).max(0.5);
    let plot_w = WIDTH - 2.0 * MARGIN_X;
    let plot_h = HEIGHT - TOP - BOTTOM;
    let x = |v: f64| MARGIN_X + (hi - v) / (hi - lo) * plot_w;
    let y = |t: f64| TOP + plot_h - (t - t_min) / (t_max - t_min) * plot_h;
    let mut s = String::new();
    let w = &mut s;
    // Writing to a String cannot fail: the results are ignored below.
    let _ = writeln!(
        w,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{HEIGHT}\" \
         viewBox=\"0 0 {WIDTH} {HEIGHT}\" font-family=\"sans-serif\" font-size=\"12\">"
    );
    let _ = writeln!(w, "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>");
    let _ = writeln!(
        w,
        "<text x=\"{MARGIN_X}\" y=\"{:.1}\" font-size=\"14\">Thermograph of {}: mean {}, temperature {}</text>",
        TOP - 24.0,
        xml(name),
        thermograph.mast(),
        thermograph.temperature()
    );
    // Axes: value along the bottom (t = -1), temperature on the right.
    let (bottom, axis_x) = (y(t_min), WIDTH - MARGIN_X);
    let _ = writeln!(
        w,
        "<path d=\"M{MARGIN_X},{bottom:.1} H{axis_x} V{TOP}\" fill=\"none\" stroke=\"#888\"/>"
    );
    let zero_t = y(0.0);
    let _ = writeln!(
        w,
        "<line x1=\"{MARGIN_X}\" y1=\"{zero_t:.1}\" x2=\"{axis_x}\" y2=\"{zero_t:.1}\" stroke=\"#ccc\"/>"
    );
    let _ = writeln!(
        w,
        "<text x=\"{:.1}\" y=\"{zero_t:.1}\">t = 0</text>",
        axis_x + 4.0
    );
    let _ = writeln!(
        w,
        "<text x=\"{:.1}\" y=\"{bottom:.1}\">t = -1</text>",
        axis_x + 4.0
    );
    let _ = writeln!(
        w,
        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">value (Left's side on the left)</text>",
        MARGIN_X + plot_w / 2.0,
        HEIGHT - 12.0
    );
    // The temperature as a dashed line.
    let t_line = y(temperature);
    let _ = writeln!(
        w,
        "<line x1=\"{MARGIN_X}\" y1=\"{t_line:.1}\" x2=\"{axis_x}\" y2=\"{t_line:.1}\" \
         stroke=\"#2ca02c\" stroke-dasharray=\"5,3\"/>"
    );
    let _ = writeln!(
        w,
        "<text x=\"{:.1}\" y=\"{:.1}\" fill=\"#2ca02c\">temperature {}</text>",
        axis_x + 4.0,
        t_line + 4.0,
        thermograph.temperature()
    );
    // The walls, up to the temperature, then the mast.
    let wall = |points: &[(Dyadic, Dyadic)]| {
        let mut d = String::new();
        for (i, &(t, v)) in points.iter().enumerate() {
            let _ = write!(
                d,
                "{}{:.1},{:.1} ",
                if i == 0 { "M" } else { "L" },
                x(real(v)),
                y(real(t))
            );
        }
        let _ = write!(d, "L{:.1},{:.1}", x(mast), y(temperature.max(-1.0)));
        d
    };
    let _ = writeln!(
        w,
        "<path d=\"{}\" fill=\"none\" stroke=\"#1f5fb4\" stroke-width=\"2\"/>",
        wall(left)
    );
    let _ = writeln!(
        w,
        "<path d=\"{}\" fill=\"none\" stroke=\"#d62728\" stroke-width=\"2\"/>",
        wall(right)
    );
    let _ = writeln!(
        w,
        "<line x1=\"{0:.1}\" y1=\"{1:.1}\" x2=\"{0:.1}\" y2=\"{TOP}\" stroke=\"black\" stroke-width=\"2\"/>",
        x(mast),
        y(temperature.max(-1.0))
    );
    let _ = writeln!(
        w,
        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">mast at {}</text>",
        x(mast),
        TOP - 6.0,
        thermograph.mast()
    );
    // The walls' names, at their stops (t = 0).
    let (lv, rv) = stops;
    let _ = writeln!(
        w,
        "<circle cx=\"{:.1}\" cy=\"{zero_t:.1}\" r=\"3\" fill=\"#1f5fb4\"/>",
        x(real(lv))
    );
    let _ = writeln!(
        w,
        "<circle cx=\"{:.1}\" cy=\"{zero_t:.1}\" r=\"3\" fill=\"#d62728\"/>",
        x(real(rv))
    );
    let _ = writeln!(
        w,
        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\" fill=\"#1f5fb4\">left wall, stop {lv}</text>",
        x(real(lv)) - 6.0,
        zero_t + 16.0
    );
    let _ = writeln!(
        w,
        "<text x=\"{:.1}\" y=\"{:.1}\" fill=\"#d62728\">right wall, stop {rv}</text>",
        x(real(rv)) + 6.0,
        zero_t + 16.0
    );
    let _ = writeln!(w, "</svg>");
    s
}
