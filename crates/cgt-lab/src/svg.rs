//! The one SVG writer of the lab's pictures ([`plot_svg`](crate::plot_svg)
//! and [`thermograph_svg`](crate::eval::thermograph_svg)): the document
//! header and background, axes, lines, paths, rectangles, circles, groups
//! and text. Every coordinate is written with one decimal; every attribute
//! value and every text is escaped here, so no caller writes markup itself.

use std::fmt::Write as _;

/// Attributes of an element as `(name, value)` pairs; the values are
/// escaped when written.
pub(crate) type Attrs<'a> = &'a [(&'a str, &'a str)];

/// `text` escaped for XML character data and attribute values: `&`, `<`,
/// `>`, `"` and `'` as entities, and characters XML 1.0 does not allow
/// (control characters other than tab, newline and carriage return) as
/// U+FFFD.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if c.is_control() => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

/// A path's `d` attribute, built from absolute commands.
#[derive(Default)]
pub(crate) struct Path(String);

impl Path {
    fn command(mut self, letter: char, numbers: &[f64]) -> Self {
        if !self.0.is_empty() {
            self.0.push(' ');
        }
        self.0.push(letter);
        for (i, v) in numbers.iter().enumerate() {
            if i > 0 {
                self.0.push(',');
            }
            let _ = write!(self.0, "{v:.1}");
        }
        self
    }

    /// Move to (x, y).
    pub(crate) fn move_to(self, x: f64, y: f64) -> Self {
        self.command('M', &[x, y])
    }

    /// A line to (x, y).
    pub(crate) fn line_to(self, x: f64, y: f64) -> Self {
        self.command('L', &[x, y])
    }

    /// A horizontal line to x.
    pub(crate) fn horizontal_to(self, x: f64) -> Self {
        self.command('H', &[x])
    }

    /// A vertical line to y.
    pub(crate) fn vertical_to(self, y: f64) -> Self {
        self.command('V', &[y])
    }
}

/// An SVG document being written.
pub(crate) struct Svg {
    out: String,
    /// Groups opened and not yet closed.
    open_groups: usize,
}

impl Svg {
    /// The document header for a picture of `width` × `height` (its
    /// viewBox the same), sans-serif text of size 12, on a white
    /// background.
    pub(crate) fn new(width: f64, height: f64) -> Self {
        let mut svg = Self {
            out: String::new(),
            open_groups: 0,
        };
        let _ = writeln!(
            svg.out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
             viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\" font-size=\"12\">"
        );
        svg.element(
            "rect",
            &[],
            &[("width", "100%"), ("height", "100%"), ("fill", "white")],
        );
        svg
    }

    /// An empty element: its coordinates, then `attrs`.
    fn element(&mut self, name: &str, coordinates: &[(&str, f64)], attrs: Attrs<'_>) {
        self.out.push('<');
        self.out.push_str(name);
        for (key, v) in coordinates {
            let _ = write!(self.out, " {key}=\"{v:.1}\"");
        }
        self.attrs(attrs);
        self.out.push_str("/>\n");
    }

    fn attrs(&mut self, attrs: Attrs<'_>) {
        for (key, value) in attrs {
            let _ = write!(self.out, " {key}=\"{}\"", escape(value));
        }
    }

    /// A line from (x1, y1) to (x2, y2).
    pub(crate) fn line(&mut self, from: (f64, f64), to: (f64, f64), attrs: Attrs<'_>) {
        let coordinates = [("x1", from.0), ("y1", from.1), ("x2", to.0), ("y2", to.1)];
        self.element("line", &coordinates, attrs);
    }

    /// A path, not filled unless `attrs` say so.
    pub(crate) fn path(&mut self, d: Path, attrs: Attrs<'_>) {
        let has_fill = attrs.iter().any(|&(key, _)| key == "fill");
        let fill: Attrs<'_> = if has_fill { &[] } else { &[("fill", "none")] };
        let d = [("d", d.0.as_str())];
        let all: Vec<(&str, &str)> = d.iter().chain(fill).chain(attrs).copied().collect();
        self.element("path", &[], &all);
    }

    /// Two axes meeting at `origin`: the horizontal one from `origin` to
    /// x = `x_end`, the vertical one from `origin` to y = `y_end` (one
    /// path, so the corner is joined).
    pub(crate) fn axes(&mut self, origin: (f64, f64), x_end: f64, y_end: f64, attrs: Attrs<'_>) {
        let d = Path::default()
            .move_to(x_end, origin.1)
            .horizontal_to(origin.0)
            .vertical_to(y_end);
        self.path(d, attrs);
    }

    /// A rectangle with its top left corner at (x, y).
    pub(crate) fn rect(&mut self, (x, y): (f64, f64), (w, h): (f64, f64), attrs: Attrs<'_>) {
        let coordinates = [("x", x), ("y", y), ("width", w), ("height", h)];
        self.element("rect", &coordinates, attrs);
    }

    /// A circle of radius `r` around (cx, cy).
    pub(crate) fn circle(&mut self, (cx, cy): (f64, f64), r: f64, attrs: Attrs<'_>) {
        self.element("circle", &[("cx", cx), ("cy", cy), ("r", r)], attrs);
    }

    /// `text` (escaped) at (x, y).
    pub(crate) fn text(&mut self, (x, y): (f64, f64), text: &str, attrs: Attrs<'_>) {
        let _ = write!(self.out, "<text x=\"{x:.1}\" y=\"{y:.1}\"");
        self.attrs(attrs);
        let _ = writeln!(self.out, ">{}</text>", escape(text));
    }

    /// Opens a group whose attributes its elements inherit; [`Svg::end_group`]
    /// closes it.
    pub(crate) fn group(&mut self, attrs: Attrs<'_>) {
        self.out.push_str("<g");
        self.attrs(attrs);
        self.out.push_str(">\n");
        self.open_groups += 1;
    }

    /// Closes the group opened last.
    pub(crate) fn end_group(&mut self) {
        if self.open_groups > 0 {
            self.open_groups -= 1;
            self.out.push_str("</g>\n");
        }
    }

    /// The document, with any group still open closed.
    pub(crate) fn finish(mut self) -> String {
        while self.open_groups > 0 {
            self.end_group();
        }
        self.out.push_str("</svg>\n");
        self.out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_and_attributes_are_escaped() {
        assert_eq!(
            escape("a<b & \"c\" 'd'>\u{1}\n"),
            "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;\u{FFFD}\n"
        );
        let mut svg = Svg::new(10.0, 20.0);
        svg.text((1.0, 2.25), "{1|*} < 2", &[("fill", "a\"b")]);
        let text = svg.finish();
        assert!(
            text.contains("<text x=\"1.0\" y=\"2.2\" fill=\"a&quot;b\">{1|*} &lt; 2</text>\n"),
            "{text}"
        );
    }

    #[test]
    fn a_document_has_its_header_elements_and_end() {
        let mut svg = Svg::new(900.0, 420.0);
        svg.axes((60.0, 370.0), 880.0, 40.0, &[("stroke", "black")]);
        svg.group(&[("fill", "#222")]);
        svg.circle((1.0, 2.0), 1.8, &[]);
        svg.line((0.0, 1.0), (2.0, 3.0), &[("stroke", "#ccc")]);
        svg.rect((1.0, 2.0), (3.0, 4.0), &[]);
        svg.path(
            Path::default().move_to(1.0, 2.0).line_to(3.0, 4.0),
            &[("fill", "red")],
        );
        // The open group is closed by finish.
        let text = svg.finish();
        let expected = "\
<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"900\" height=\"420\" viewBox=\"0 0 900 420\" font-family=\"sans-serif\" font-size=\"12\">
<rect width=\"100%\" height=\"100%\" fill=\"white\"/>
<path d=\"M880.0,370.0 H60.0 V40.0\" fill=\"none\" stroke=\"black\"/>
<g fill=\"#222\">
<circle cx=\"1.0\" cy=\"2.0\" r=\"1.8\"/>
<line x1=\"0.0\" y1=\"1.0\" x2=\"2.0\" y2=\"3.0\" stroke=\"#ccc\"/>
<rect x=\"1.0\" y=\"2.0\" width=\"3.0\" height=\"4.0\"/>
<path d=\"M1.0,2.0 L3.0,4.0\" fill=\"red\"/>
</g>
</svg>
";
        assert_eq!(text, expected);
    }
}
