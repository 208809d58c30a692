//! The registry: every ruleset, short partizan, impartial and loopy alike,
//! with all a front end needs to show it, read it and value it ([`Ruleset`]).
//! The command line, the solver and the Python package loop over
//! [`RULESETS`]; none of them names a ruleset.
//!
//! # Example
//! A front end reads a position of any ruleset by its entry alone.
//! ```
//! use cgt_core::canonical::GameStore;
//! use cgt_rulesets::registry::{Kind, RULESETS};
//! use cgt_rulesets::Rulesets;
//!
//! let (mut store, mut rulesets) = (GameStore::new(), Rulesets::new());
//! for r in RULESETS {
//!     match r.loopy() {
//!         // A loopy position is a game graph, its start position 0.
//!         Some(rules) => assert!(rules.graph(r.example_position()).is_ok()),
//!         None => {
//!             let value = rulesets.resolve(&mut store, r.name, r.example_position());
//!             assert!(matches!(value, Some(Ok(_))), "{}", r.example);
//!         }
//!     }
//! }
//! assert_eq!(RULESETS.iter().filter(|r| r.kind == Kind::Loopy).count(), 4);
//! ```

use crate::ParseError;
use crate::amazons::Amazons;
use crate::arc_kayles::ArcKayles;
use crate::backsliding::BackslidingToadsAndFrogs;
use crate::bipartite_snort::BipartiteSnort;
use crate::ceylonese::CeyloneseFoxAndGeese;
use crate::childish_hackenbush::ChildishHackenbush;
use crate::chomp::Chomp;
use crate::clobber::Clobber;
use crate::col::Col;
use crate::coordinate::Coordinate;
use crate::cram::Cram;
use crate::cutcake::Cutcake;
use crate::dawsons_kayles::DawsonsKayles;
use crate::digraph_placement::DigraphPlacement;
use crate::domineering::Domineering;
use crate::eatcake::Eatcake;
use crate::elephants::Elephants;
use crate::fission::Fission;
use crate::fjords::Fjords;
use crate::fox_and_geese::FoxAndGeese;
use crate::gen_clobber::GenClobber;
use crate::gen_king_dirt::GenKingDirt;
use crate::grundys_game::GrundysGame;
use crate::hackenbush::Hackenbush;
use crate::heaps::PARTIZAN_MAX_WORK;
use crate::kayles::Kayles;
use crate::konane::Konane;
use crate::loopy::PositionGraph;
use crate::maundy_cake::MaundyCake;
use crate::mem::Mem;
use crate::nim::Nim;
use crate::nogo::NoGo;
use crate::partizan_arc_kayles::PartizanArcKayles;
use crate::partizan_euclid::PartizanEuclid;
use crate::partizan_heaps::PartizanHeaps;
use crate::poset::Poset;
use crate::quelhas::Quelhas;
use crate::quicksort::{PseudoQuicksort, Quicksort};
use crate::sheep::Sheep;
use crate::ski_jumps::SkiJumps;
use crate::snort::Snort;
use crate::splittles::Splittles;
use crate::sprouts::Sprouts;
use crate::strings_and_coins::StringsAndCoins;
use crate::subtraction::Subtraction;
use crate::take_and_break::TakeAndBreak;
use crate::terms::{
    RulesetMemo, TopplingMemo, impartial, impartial_heaps, partizan, partizan_within,
};
use crate::toads::ToadsAndFrogs;
use crate::turn_and_eatcake::TurnAndEatcake;
use crate::turning::{Spawning, Turning};
use crate::variants::{Variant, variant_memo};
use crate::weighted_arc_kayles::WeightedArcKayles;
use crate::wind_up::WindUp;
use crate::wythoff::Wythoff;
use cgt_core::loopy_partizan::{Graph, LoopyError};
use cgt_core::outcome::Side;
use std::fmt;

/// How many new positions a small region's value may take before the
/// search moves in the region instead. Measured on MCGS's test files
/// (`crates/cgt-lab/bench/mcgs-history.md`, "The default budget of the
/// solver"): values pay for themselves where a board splits into many
/// small regions, and a search of one big board is fastest when it values
/// almost nothing.
pub const DEFAULT_BUDGET: usize = 20;

/// What a ruleset's positions are, and so what its values are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Short partizan games: canonical forms.
    Partizan,
    /// Short impartial games: nimbers `*n`, by the Grundy search.
    Impartial,
    /// Play may come back to a position: the value of the game graph
    /// (stoppers, onsides and offsides; outcomes with draws).
    Loopy,
}

/// How a position's text is laid out: what a picture or an editor of the
/// position needs to know.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Layout {
    /// Rows of cells split by `|`, top row first; `cells` lists the
    /// characters a cell may hold (`.` empty, `#` off the board or filled,
    /// letters the pieces).
    Grid {
        /// The characters a cell may hold.
        cells: &'static str,
    },
    /// One row of cells.
    Strip {
        /// The characters a cell may hold.
        cells: &'static str,
    },
    /// A graph in CGSuite's graph strings: vertices, edges `-` (or arcs
    /// `>`/`<`), branches in parentheses split by `;`.
    Graph {
        /// The labels a vertex may have, as written (`.` the plain one);
        /// empty where vertices are never written (the edges carry the
        /// colours).
        vertices: &'static str,
        /// The labels an edge may have, as written (`-` plain; `>` and `<`
        /// arcs of a directed graph).
        edges: &'static str,
        /// Whether the first vertex is the ground, which everything must
        /// reach (Hackenbush).
        ground: bool,
    },
    /// Numbers split by `,`: a cake's rows and columns, a pair, rows of pins.
    Numbers {
        /// Whether the numbers are cakes' rows and columns, `m,n` (sums of
        /// cakes `m,n + k*(m,n)` as a move leaves them); else each number
        /// is a row of that many pins (or one of a pair).
        cakes: bool,
    },
    /// Squares `(row,column)` of a board 8 columns wide, rows from 1 at the
    /// bottom: Left's pieces, `;`, Right's.
    Squares,
    /// A term `name(position)` of another ruleset: the base position of a
    /// variant ([`crate::variants`]).
    Term,
    /// Text in the ruleset's own notation, with no picture: Sprouts' regions
    /// and boundaries, a poset's chains, a code or a set before the heaps.
    Text,
}

impl Kind {
    /// Its name for a front end: `partizan`, `impartial` or `loopy`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Kind::Partizan => "partizan",
            Kind::Impartial => "impartial",
            Kind::Loopy => "loopy",
        }
    }
}

impl Layout {
    /// Its name for a front end: `grid`, `strip`, `graph`, `numbers`,
    /// `squares`, `text` or `term`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Layout::Grid { .. } => "grid",
            Layout::Strip { .. } => "strip",
            Layout::Graph { .. } => "graph",
            Layout::Numbers { .. } => "numbers",
            Layout::Squares => "squares",
            Layout::Term => "term",
            Layout::Text => "text",
        }
    }

    /// The characters a cell may hold, for a grid or a strip.
    #[must_use]
    pub fn cells(self) -> Option<&'static str> {
        match self {
            Layout::Grid { cells } | Layout::Strip { cells } => Some(cells),
            Layout::Graph { .. }
            | Layout::Numbers { .. }
            | Layout::Squares
            | Layout::Text
            | Layout::Term => None,
        }
    }
}

/// A ruleset: its names, its rules, how its positions look, and how they
/// are read, moved in and valued.
#[derive(Clone, Copy)]
pub struct Ruleset {
    /// The name in expressions: `domineering`.
    pub name: &'static str,
    /// The name of its class in the Python package: `Domineering`.
    pub class_name: &'static str,
    /// What its positions are.
    pub kind: Kind,
    /// How its positions are written.
    pub layout: Layout,
    /// How many new positions the solver (`cgt solve`) may spend valuing a
    /// small region before it searches the region instead; 0: always
    /// search (rulesets whose regions rarely split). Not used by loopy
    /// rulesets, which the solver does not take.
    pub solver_budget: usize,
    /// Its rules in one line.
    pub rules: &'static str,
    /// A term of an expression, as the name and a position: `domineering(..#|...)`.
    pub example: &'static str,
    pub(crate) engine: Engine,
}

impl fmt::Debug for Ruleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Ruleset")
            .field("name", &self.name)
            .field("kind", &self.kind)
            .field("layout", &self.layout)
            .finish_non_exhaustive()
    }
}

/// How a ruleset's positions are valued.
#[derive(Clone, Copy)]
pub(crate) enum Engine {
    /// A fresh memo of the ruleset's short positions.
    Short(fn() -> Box<dyn RulesetMemo>),
    /// The game graph of a loopy position.
    Loopy(LoopyRules),
}

/// Why a loopy position has no game graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GraphError {
    /// The position does not read.
    Position(ParseError),
    /// The graph is too large (or its search was stopped).
    Loopy(LoopyError),
}

/// The rules of a loopy ruleset, on positions written as text.
#[derive(Clone, Copy)]
pub struct LoopyRules {
    written: fn(&str) -> Result<String, ParseError>,
    graph: fn(&str) -> Result<Graph, GraphError>,
    moves: fn(&str, Side) -> Result<Vec<String>, ParseError>,
}

impl LoopyRules {
    /// The position as the ruleset writes it: the form its reader reads
    /// back, the same for every way of writing one position.
    ///
    /// # Errors
    /// Where the position does not read.
    pub fn written(&self, text: &str) -> Result<String, ParseError> {
        (self.written)(text)
    }

    /// The game graph of every position reachable from `text`, which is
    /// position 0.
    ///
    /// # Errors
    /// Where the position does not read, or the graph is too large.
    pub fn graph(&self, text: &str) -> Result<Graph, GraphError> {
        (self.graph)(text)
    }

    /// The positions `side` moves to from `text`, written.
    ///
    /// # Errors
    /// Where the position does not read.
    pub fn moves(&self, text: &str, side: Side) -> Result<Vec<String>, ParseError> {
        (self.moves)(text, side)
    }
}

impl Ruleset {
    /// The rules of a loopy ruleset on text positions; `None` for a short one.
    pub fn loopy(&self) -> Option<&LoopyRules> {
        match &self.engine {
            Engine::Loopy(rules) => Some(rules),
            Engine::Short(_) => None,
        }
    }

    /// The example's position, as the ruleset reads it: `..#|...`.
    pub fn example_position(&self) -> &'static str {
        &self.example[self.name.len() + 1..self.example.len() - 1]
    }

    /// A fresh memo of a short ruleset's positions.
    pub(crate) fn memo(&self) -> Option<Box<dyn RulesetMemo>> {
        match self.engine {
            Engine::Short(make) => Some(make()),
            Engine::Loopy(_) => None,
        }
    }
}

/// The ruleset named `name` in expressions.
///
/// # Example
/// ```
/// use cgt_rulesets::registry::{self, Kind};
///
/// assert_eq!(registry::find("cram").map(|r| r.kind), Some(Kind::Impartial));
/// assert!(registry::find("chess").is_none());
/// ```
pub fn find(name: &str) -> Option<&'static Ruleset> {
    RULESETS.iter().find(|r| r.name == name)
}

/// The names of the rulesets, as they appear in expressions.
pub fn names() -> impl Iterator<Item = &'static str> {
    RULESETS.iter().map(|r| r.name)
}

/// The text rules of a loopy ruleset from its type's `parse`, `game_graph`
/// and `moves`.
macro_rules! loopy_rules {
    ($rules:ty) => {
        LoopyRules {
            written: |text| <$rules>::parse(text).map(|p| p.to_string()),
            graph: |text| {
                let start = <$rules>::parse(text).map_err(GraphError::Position)?;
                <$rules>::game_graph(&start)
                    .map(PositionGraph::into_graph)
                    .map_err(GraphError::Loopy)
            },
            moves: |text, side| {
                let position = <$rules>::parse(text)?;
                let mut out = Vec::new();
                <$rules>::moves(&position, side, &mut out);
                Ok(out.iter().map(ToString::to_string).collect())
            },
        }
    };
}

/// Every ruleset, in the order `cgt eval --list` shows: the short ones,
/// then the loopy ones.
pub static RULESETS: &[Ruleset] = &[
    Ruleset {
        name: "domineering",
        class_name: "Domineering",
        kind: Kind::Partizan,
        layout: Layout::Grid { cells: ".#" },
        solver_budget: DEFAULT_BUDGET,
        rules: "Left places a vertical domino on two empty cells, Right a horizontal one \
                (rows split by `|`, `.` empty, `#` filled)",
        example: "domineering(..#|...)",
        engine: Engine::Short(|| partizan(Domineering, Domineering::parse)),
    },
    Ruleset {
        name: "hackenbush",
        class_name: "Hackenbush",
        kind: Kind::Partizan,
        layout: Layout::Graph {
            vertices: "",
            edges: "lre",
            ground: true,
        },
        solver_budget: DEFAULT_BUDGET,
        rules: "cut an edge of your colour (`l` blue, Left's; `r` red, Right's; `e` green, \
                either's); what no longer reaches the ground falls (a stalk from the \
                ground, branches in parentheses split by `;`)",
        example: "hackenbush(l(r;lr))",
        engine: Engine::Short(|| partizan(Hackenbush, Hackenbush::parse)),
    },
    Ruleset {
        name: "clobber",
        class_name: "Clobber",
        kind: Kind::Partizan,
        layout: Layout::Grid { cells: "xo." },
        solver_budget: DEFAULT_BUDGET,
        rules: "move one of your stones onto an orthogonally adjacent enemy stone, which is \
                removed (`x` Left's, `o` Right's, `.` empty, rows split by `|`)",
        example: "clobber(xo.|oxx)",
        engine: Engine::Short(|| partizan(Clobber, Clobber::parse)),
    },
    Ruleset {
        name: "toppling",
        class_name: "TopplingDominoes",
        kind: Kind::Partizan,
        layout: Layout::Strip { cells: "lre" },
        // A row never splits: a row alone is searched over its intervals,
        // far fewer than the canonical forms of the same intervals cost
        // (MCGS's td_40: 0.27 s valued, under 0.01 s searched).
        solver_budget: 0,
        rules: "Toppling Dominoes: topple one of your dominoes (`l` Left's, `r` Right's, `e` \
                either's) left or right, and every domino on that side falls",
        example: "toppling(lrrl)",
        engine: Engine::Short(|| Box::new(TopplingMemo::new())),
    },
    Ruleset {
        name: "col",
        class_name: "Col",
        kind: Kind::Partizan,
        layout: Layout::Graph {
            vertices: ".LR",
            edges: "-",
            ground: false,
        },
        solver_budget: DEFAULT_BUDGET,
        rules: "colour an uncoloured vertex, never next to your own colour; a coloured vertex \
                goes and tints its neighbours (`.` untinted, `L` next to Left's colour, `R` \
                next to Right's; `-` edges, CGSuite's graph strings)",
        example: "col(R-.-R-.-L-.-R-.-R-.)",
        engine: Engine::Short(|| partizan(Col, Col::parse)),
    },
    Ruleset {
        name: "snort",
        class_name: "Snort",
        kind: Kind::Partizan,
        layout: Layout::Graph {
            vertices: ".LR",
            edges: "-",
            ground: false,
        },
        solver_budget: DEFAULT_BUDGET,
        rules: "colour an uncoloured vertex, never next to the other colour; a coloured vertex \
                goes and tints its neighbours (`.` untinted, `L` next to Left's colour, `R` \
                next to Right's; `-` edges, CGSuite's graph strings)",
        example: "snort(L-.-.-.-L)",
        engine: Engine::Short(|| partizan(Snort, Snort::parse)),
    },
    Ruleset {
        name: "bipartite_snort",
        class_name: "BipartiteSnort",
        kind: Kind::Partizan,
        layout: Layout::Graph {
            vertices: "LR",
            edges: "-",
            ground: false,
        },
        solver_budget: DEFAULT_BUDGET,
        rules: "Snort on a graph of tinted vertices (cgt-tools' bipartite graphs): Left takes an \
                `L` vertex, Right an `R` one; it goes with its neighbours of the other tint \
                (`-` edges, CGSuite's graph strings)",
        example: "bipartite_snort(L-R-L(-R;-R))",
        engine: Engine::Short(|| partizan(Snort, BipartiteSnort::parse)),
    },
    Ruleset {
        name: "quelhas",
        class_name: "Quelhas",
        kind: Kind::Partizan,
        layout: Layout::Grid { cells: ".#" },
        solver_budget: DEFAULT_BUDGET,
        rules: "Left fills a vertical line of two or more empty cells, Right a horizontal one \
                (rows split by `|`, `.` empty, `#` filled)",
        example: "quelhas(...|..#)",
        engine: Engine::Short(|| partizan(Quelhas, Quelhas::parse)),
    },
    Ruleset {
        name: "quicksort",
        class_name: "Quicksort",
        kind: Kind::Impartial,
        layout: Layout::Numbers { cakes: false },
        solver_budget: DEFAULT_BUDGET,
        rules: "impartial: pick a number of the sequence as the pivot and partition around it \
                as quicksort does (the smaller numbers first, then the pivot, then the larger, \
                each part in its order); the sequence must change (distinct numbers split by \
                `,`)",
        example: "quicksort(4,1,6,5,7,3,8,2)",
        engine: Engine::Short(|| impartial(Quicksort, Quicksort::parse)),
    },
    Ruleset {
        name: "pseudo_quicksort",
        class_name: "PseudoQuicksort",
        kind: Kind::Impartial,
        layout: Layout::Numbers { cakes: false },
        solver_budget: DEFAULT_BUDGET,
        rules: "impartial: pick a number p of the sequence and partition around p + 1/2 (the \
                numbers up to p first, then the larger, each part in its order); the sequence \
                must change (distinct numbers split by `,`)",
        example: "pseudo_quicksort(4,1,6,5,7,8,2,3)",
        engine: Engine::Short(|| impartial(PseudoQuicksort, PseudoQuicksort::parse)),
    },
    Ruleset {
        name: "chomp",
        class_name: "Chomp",
        kind: Kind::Impartial,
        layout: Layout::Numbers { cakes: false },
        solver_budget: DEFAULT_BUDGET,
        rules: "impartial: eat a square other than the poisoned corner, with every square above \
                it and to its right (a rectangle `RxC`, or rows' lengths from the poisoned \
                square's row, none longer than the one before)",
        example: "chomp(4,4,2)",
        engine: Engine::Short(|| impartial(Chomp, Chomp::parse)),
    },
    Ruleset {
        name: "poset",
        class_name: "PosetGame",
        kind: Kind::Impartial,
        layout: Layout::Text,
        solver_budget: DEFAULT_BUDGET,
        rules: "impartial: remove an element of a finite poset with every element above it \
                (the number of elements, then `:` and chains `a<b<c` split by `,`, elements \
                from 1)",
        example: "poset(6:1<3<5,2<3<6,4<6)",
        engine: Engine::Short(|| impartial(Poset, Poset::parse)),
    },
    Ruleset {
        name: "arc_kayles",
        class_name: "ArcKayles",
        kind: Kind::Impartial,
        layout: Layout::Graph {
            vertices: ".",
            edges: "-",
            ground: false,
        },
        solver_budget: DEFAULT_BUDGET,
        rules: "impartial: remove two adjacent vertices (an edge's ends) and their edges \
                (`.` vertices, `-` edges, CGSuite's graph strings)",
        example: "arc_kayles(.-.-.(-.;-.))",
        engine: Engine::Short(|| impartial(ArcKayles, ArcKayles::parse)),
    },
    Ruleset {
        name: "kayles",
        class_name: "Kayles",
        kind: Kind::Impartial,
        layout: Layout::Numbers { cakes: false },
        solver_budget: DEFAULT_BUDGET,
        rules: "impartial: knock down one pin or two adjacent pins of a row, which may split \
                it in two (rows of n pins written `n`, separated by `,`)",
        example: "kayles(7,3)",
        engine: Engine::Short(|| impartial_heaps(Kayles, Kayles::parse)),
    },
    Ruleset {
        name: "nim",
        class_name: "Nim",
        kind: Kind::Impartial,
        layout: Layout::Numbers { cakes: false },
        solver_budget: DEFAULT_BUDGET,
        rules: "impartial: take any number of tokens from one heap (heaps of n written `n`, \
                separated by `,`; CGSuite's code 0.[3])",
        example: "nim(3,5,7)",
        engine: Engine::Short(|| impartial_heaps(Nim, Nim::parse)),
    },
    Ruleset {
        name: "dawsons_kayles",
        class_name: "DawsonsKayles",
        kind: Kind::Impartial,
        layout: Layout::Numbers { cakes: false },
        solver_budget: DEFAULT_BUDGET,
        rules: "impartial: knock down two adjacent pins of a row, which may split it in two \
                (rows of n pins written `n`, separated by `,`; the octal game 0.07)",
        example: "dawsons_kayles(7,4)",
        engine: Engine::Short(|| impartial_heaps(DawsonsKayles, DawsonsKayles::parse)),
    },
    Ruleset {
        name: "grundys_game",
        class_name: "GrundysGame",
        kind: Kind::Impartial,
        layout: Layout::Numbers { cakes: false },
        solver_budget: DEFAULT_BUDGET,
        rules: "impartial: split a heap into two heaps of different sizes (heaps of n written \
                `n`, separated by `,`; CGSuite's code 4!.0)",
        example: "grundys_game(7,5)",
        engine: Engine::Short(|| impartial_heaps(GrundysGame, GrundysGame::parse)),
    },
    Ruleset {
        name: "subtraction",
        class_name: "Subtraction",
        kind: Kind::Impartial,
        layout: Layout::Text,
        solver_budget: DEFAULT_BUDGET,
        rules: "impartial: take from one heap a number of tokens in the set, or with `allbut` \
                any number not in it (the set, `;`, the heaps: `[1,3,4];10,7`, \
                `[1,3],allbut;10`)",
        example: "subtraction([1,3,4];10,7)",
        engine: Engine::Short(|| impartial_heaps(Subtraction, Subtraction::parse)),
    },
    Ruleset {
        name: "splittles",
        class_name: "Splittles",
        kind: Kind::Impartial,
        layout: Layout::Text,
        solver_budget: DEFAULT_BUDGET,
        rules: "impartial: take from one heap a number of tokens in the set (or with `allbut` \
                not in it) and leave the rest as one heap or two (the set, `;`, the heaps: \
                `[1,2];7,3`)",
        example: "splittles([2,3];9,4)",
        engine: Engine::Short(|| impartial_heaps(Splittles, Splittles::parse)),
    },
    Ruleset {
        name: "take_and_break",
        class_name: "TakeAndBreak",
        kind: Kind::Impartial,
        layout: Layout::Text,
        solver_budget: DEFAULT_BUDGET,
        rules: "impartial: take k tokens from one heap and leave the rest as the numbers of \
                heaps digit k of CGSuite's code allows (`!` all different, `?` not all equal, \
                `=` all equal; `[…]` repeats; the code, `;`, the heaps: `0.77;7,3`)",
        example: "take_and_break(4!.0;9,5)",
        engine: Engine::Short(|| impartial_heaps(TakeAndBreak, TakeAndBreak::parse)),
    },
    Ruleset {
        name: "wythoff",
        class_name: "Wythoff",
        kind: Kind::Impartial,
        layout: Layout::Numbers { cakes: false },
        solver_budget: DEFAULT_BUDGET,
        rules: "impartial: two piles `a,b`; take any number from one pile, or the same number \
                from both (`a,b;r=R`: Fraenkel's R-Wythoff, k from one and l from the other \
                with |k - l| < R)",
        example: "wythoff(4,7)",
        engine: Engine::Short(|| impartial(Wythoff, Wythoff::parse)),
    },
    Ruleset {
        name: "partizan_arc_kayles",
        class_name: "PartizanArcKayles",
        kind: Kind::Partizan,
        layout: Layout::Graph {
            vertices: "",
            edges: "lre",
            ground: false,
        },
        solver_budget: DEFAULT_BUDGET,
        rules: "remove the two ends of an edge of your colour and their edges (`l` blue, \
                Left's; `r` red, Right's; `e` green, either's; CGSuite's graph strings)",
        example: "partizan_arc_kayles(lrlr(ll;ree(rl;l)))",
        engine: Engine::Short(|| partizan(PartizanArcKayles, PartizanArcKayles::parse)),
    },
    Ruleset {
        name: "childish_hackenbush",
        class_name: "ChildishHackenbush",
        kind: Kind::Partizan,
        layout: Layout::Graph {
            vertices: "",
            edges: "lre",
            ground: true,
        },
        solver_budget: DEFAULT_BUDGET,
        rules: "Hackenbush where a blue (`l`) or red (`r`) edge may be cut only if nothing \
                else falls; green (`e`) edges as in Hackenbush (CGSuite's graph strings, \
                the first vertex the ground)",
        example: "childish_hackenbush(l(l;rl))",
        engine: Engine::Short(|| partizan(ChildishHackenbush, ChildishHackenbush::parse)),
    },
    Ruleset {
        name: "digraph_placement",
        class_name: "DigraphPlacement",
        kind: Kind::Partizan,
        layout: Layout::Graph {
            vertices: "LR",
            edges: "><-",
            ground: false,
        },
        solver_budget: DEFAULT_BUDGET,
        rules: "take a vertex of your colour (`L` Left's, `R` Right's); it goes with every \
                vertex it has an arc to (`>` an arc to the next vertex, `<` from it, `-` \
                both; CGSuite's directed graph strings)",
        example: "digraph_placement(L>R<L-R)",
        engine: Engine::Short(|| partizan(DigraphPlacement, DigraphPlacement::parse)),
    },
    Ruleset {
        name: "sprouts",
        class_name: "Sprouts",
        kind: Kind::Impartial,
        layout: Layout::Text,
        solver_budget: DEFAULT_BUDGET,
        rules: "impartial: draw a line from a spot to a spot (or itself) through a region, \
                crossing none, with a new spot on it; a spot takes three lines (`n` fresh \
                spots, or Lemoine and Viennot's notation: spots `0` `1` `2` by lines drawn, \
                letters for spots met twice; boundaries end with `.`, regions `}`, lands `]`)",
        example: "sprouts(0.0.0.}])",
        engine: Engine::Short(|| impartial(Sprouts, Sprouts::parse)),
    },
    Ruleset {
        name: "strings_and_coins",
        class_name: "StringsAndCoins",
        kind: Kind::Impartial,
        layout: Layout::Graph {
            vertices: ".G",
            edges: "-",
            ground: false,
        },
        solver_budget: DEFAULT_BUDGET,
        rules: "Nimstring: cut a string; who captures a coin (cuts its last string) moves \
                again, and who cannot move loses (`.` coins, `G` the ground, `-` strings, \
                CGSuite's graph strings; or `m,n` the empty Dots-and-Boxes board)",
        example: "strings_and_coins(G-.-.-G)",
        engine: Engine::Short(|| impartial(StringsAndCoins, StringsAndCoins::parse)),
    },
    Ruleset {
        name: "amazons",
        class_name: "Amazons",
        kind: Kind::Partizan,
        layout: Layout::Grid { cells: "xo.#" },
        solver_budget: 0,
        rules: "move one of your amazons as a queen (any distance through empty squares), \
                then shoot an arrow from where it lands, as a queen moves, that burns the \
                square it lands on (`x` Left's, `o` Right's, `.` empty, `#` burned, rows \
                split by `|`)",
        example: "amazons(x...|o...)",
        engine: Engine::Short(|| partizan(Amazons, Amazons::parse)),
    },
    Ruleset {
        name: "cram",
        class_name: "Cram",
        kind: Kind::Impartial,
        layout: Layout::Grid { cells: ".#" },
        solver_budget: DEFAULT_BUDGET,
        rules: "impartial Domineering: either player places a domino on two adjacent empty \
                cells, vertically or horizontally; the values are nimbers (`.` empty, `#` \
                filled, rows split by `|`)",
        example: "cram(...|...|..#)",
        engine: Engine::Short(|| impartial(Cram, Cram::parse)),
    },
    Ruleset {
        name: "fjords",
        class_name: "Fjords",
        kind: Kind::Partizan,
        layout: Layout::Graph {
            vertices: ".LR",
            edges: "-",
            ground: false,
        },
        solver_budget: DEFAULT_BUDGET,
        rules: "colour an uncoloured vertex next to your own colour only; a coloured vertex \
                goes and tints its neighbours (`L` next to Left's colour, Left's to colour; \
                `R` next to Right's; `.` untinted, nobody's yet; `-` edges, CGSuite's graph \
                strings)",
        example: "fjords(L-.-.-R-.-L)",
        engine: Engine::Short(|| partizan(Fjords, Fjords::parse)),
    },
    Ruleset {
        name: "weighted_arc_kayles",
        class_name: "WeightedArcKayles",
        kind: Kind::Impartial,
        layout: Layout::Text,
        solver_budget: DEFAULT_BUDGET,
        rules: "impartial: take one from the weight of each end of an edge whose ends both \
                weigh more than 0 (vertices their weights `0` to `9`, `-` edges, CGSuite's \
                graph strings)",
        example: "weighted_arc_kayles(2-3-1(-2;-1))",
        engine: Engine::Short(|| impartial(WeightedArcKayles, WeightedArcKayles::parse)),
    },
    Ruleset {
        name: "coordinate",
        class_name: "CoordinateRuleset",
        kind: Kind::Impartial,
        layout: Layout::Text,
        solver_budget: DEFAULT_BUDGET,
        rules: "impartial: move a token `(row,column)` by one of the steps listed after `;`, \
                `(dr,dc)` once or `(dr,dc)*` any number of times, staying at or above 0 \
                (each step with dr + dc < 0); several tokens split by `,` are a sum",
        example: "coordinate((5,7);(-1,0)*,(0,-1)*,(-1,-1)*)",
        engine: Engine::Short(|| impartial(Coordinate, Coordinate::parse)),
    },
    Ruleset {
        name: "impartial",
        class_name: "ImpartialVariant",
        kind: Kind::Impartial,
        layout: Layout::Term,
        solver_budget: DEFAULT_BUDGET,
        rules: "CGSuite's impartial variant of any short ruleset: either player may make \
                either player's moves of the base position, a term `name(position)`",
        example: "impartial(domineering(...|..#))",
        engine: Engine::Short(|| variant_memo(Variant::Impartial)),
    },
    Ruleset {
        name: "dicotic",
        class_name: "DicoticVariant",
        kind: Kind::Partizan,
        layout: Layout::Term,
        solver_budget: DEFAULT_BUDGET,
        rules: "CGSuite's dicotic (all-small) variant of any short ruleset: the base \
                position's moves, but nobody may move once either player cannot (the base \
                position a term `name(position)`, played whole)",
        example: "dicotic(clobber(xo.|oxx))",
        engine: Engine::Short(|| variant_memo(Variant::Dicotic)),
    },
    Ruleset {
        name: "twisted",
        class_name: "TwistedVariant",
        kind: Kind::Partizan,
        layout: Layout::Term,
        solver_budget: DEFAULT_BUDGET,
        rules: "CGSuite's twisted variant of any short ruleset: the base position's moves, \
                Left and Right trading roles after every move (the base position a term \
                `name(position)`, played whole; `-name(position)` with the roles traded)",
        example: "twisted(domineering(...|..#))",
        engine: Engine::Short(|| variant_memo(Variant::Twisted)),
    },
    Ruleset {
        name: "anticlobber",
        class_name: "Anticlobber",
        kind: Kind::Partizan,
        layout: Layout::Grid { cells: "xo.#" },
        solver_budget: DEFAULT_BUDGET,
        rules: "Anti-Clobber: move one of your stones onto an orthogonally adjacent empty \
                square, leaving an enemy stone where it was (`x` Left's, `o` Right's, `.` \
                empty, `#` off the board, rows split by `|`)",
        example: "anticlobber(x..|.o.)",
        engine: Engine::Short(|| {
            partizan(GenClobber::ANTI_CLOBBER, |t| {
                GenClobber::ANTI_CLOBBER.parse(t)
            })
        }),
    },
    Ruleset {
        name: "hot_clobber",
        class_name: "HotClobber",
        kind: Kind::Partizan,
        layout: Layout::Grid { cells: "xo." },
        solver_budget: DEFAULT_BUDGET,
        rules: "Hot Clobber: move one of your stones onto an orthogonally adjacent stone of \
                either colour, which is removed (`x` Left's, `o` Right's, `.` empty, rows \
                split by `|`)",
        example: "hot_clobber(xxo|o.x)",
        engine: Engine::Short(|| {
            partizan(GenClobber::HOT_CLOBBER, |t| {
                GenClobber::HOT_CLOBBER.parse(t)
            })
        }),
    },
    Ruleset {
        name: "cannibal_clobber",
        class_name: "CannibalClobber",
        kind: Kind::Partizan,
        layout: Layout::Grid { cells: "xo." },
        solver_budget: DEFAULT_BUDGET,
        rules: "Cannibal Clobber (MCGS's name for Hot Clobber): move one of your stones onto \
                an orthogonally adjacent stone of either colour, which is removed (`x` \
                Left's, `o` Right's, `.` empty, rows split by `|`)",
        example: "cannibal_clobber(xxo|o.x)",
        engine: Engine::Short(|| {
            partizan(GenClobber::HOT_CLOBBER, |t| {
                GenClobber::HOT_CLOBBER.parse(t)
            })
        }),
    },
    Ruleset {
        name: "kings",
        class_name: "Kings",
        kind: Kind::Partizan,
        layout: Layout::Grid { cells: "xo." },
        solver_budget: DEFAULT_BUDGET,
        rules: "Clobber with king steps: move one of your stones onto an enemy stone one \
                step away orthogonally or diagonally, which is removed (`x` Left's, `o` \
                Right's, `.` empty, rows split by `|`)",
        example: "kings(xo.|.ox)",
        engine: Engine::Short(|| partizan(GenClobber::KINGS, |t| GenClobber::KINGS.parse(t))),
    },
    Ruleset {
        name: "knights",
        class_name: "Knights",
        kind: Kind::Partizan,
        layout: Layout::Grid { cells: "xo." },
        solver_budget: DEFAULT_BUDGET,
        rules: "Clobber with knight jumps: move one of your stones a knight's jump onto an \
                enemy stone, which is removed (`x` Left's, `o` Right's, `.` empty, rows \
                split by `|`)",
        example: "knights(x.o|o.x|.x.)",
        engine: Engine::Short(|| partizan(GenClobber::KNIGHTS, |t| GenClobber::KNIGHTS.parse(t))),
    },
    Ruleset {
        name: "rooks",
        class_name: "Rooks",
        kind: Kind::Partizan,
        layout: Layout::Grid { cells: "xo." },
        solver_budget: DEFAULT_BUDGET,
        rules: "Clobber with rook moves: slide one of your stones along a row or column \
                through empty squares onto the first stone met, if an enemy's, which is \
                removed (`x` Left's, `o` Right's, `.` empty, rows split by `|`)",
        example: "rooks(x.o|o.x)",
        engine: Engine::Short(|| partizan(GenClobber::ROOKS, |t| GenClobber::ROOKS.parse(t))),
    },
    Ruleset {
        name: "queens",
        class_name: "Queens",
        kind: Kind::Partizan,
        layout: Layout::Grid { cells: "xo." },
        solver_budget: DEFAULT_BUDGET,
        rules: "Clobber with queen moves: slide one of your stones along a row, column or \
                diagonal through empty squares onto the first stone met, if an enemy's, \
                which is removed (`x` Left's, `o` Right's, `.` empty, rows split by `|`)",
        example: "queens(x.o|o.x)",
        engine: Engine::Short(|| partizan(GenClobber::QUEENS, |t| GenClobber::QUEENS.parse(t))),
    },
    Ruleset {
        name: "konane",
        class_name: "Konane",
        kind: Kind::Partizan,
        layout: Layout::Grid { cells: "xo.#" },
        solver_budget: DEFAULT_BUDGET,
        rules: "jump one of your stones orthogonally over an adjacent enemy stone onto the \
                empty square beyond, removing it, and maybe on in the same direction, each \
                stop a move (`x` Left's, `o` Right's, `.` empty, `#` off the board, rows \
                split by `|`)",
        example: "konane(xo.o|.xo.|o..x)",
        engine: Engine::Short(|| partizan(Konane, Konane::parse)),
    },
    Ruleset {
        name: "fission",
        class_name: "Fission",
        kind: Kind::Partizan,
        layout: Layout::Grid { cells: "x.#" },
        solver_budget: 0,
        rules: "split a stone into two on the empty squares on both sides of it, emptying its \
                own: Left above and below, Right left and right (`x` a stone, `.` empty, \
                `#` off the board, rows split by `|`)",
        example: "fission(.....|..x..|.....)",
        engine: Engine::Short(|| partizan(Fission, Fission::parse)),
    },
    Ruleset {
        name: "nogo",
        class_name: "NoGo",
        kind: Kind::Partizan,
        layout: Layout::Grid { cells: "xo.#" },
        solver_budget: DEFAULT_BUDGET,
        rules: "place a stone of your colour on an empty point, as in Go, but never so that \
                a group (yours or the enemy's) is left without a liberty (`x` black, Left's; \
                `o` white, Right's; `.` empty, `#` off the board, rows split by `|`)",
        example: "nogo(...|.x.|..o)",
        engine: Engine::Short(|| partizan(NoGo, NoGo::parse)),
    },
    Ruleset {
        name: "ski_jumps",
        class_name: "SkiJumps",
        kind: Kind::Partizan,
        layout: Layout::Grid { cells: "LRlr." },
        solver_budget: DEFAULT_BUDGET,
        rules: "Ski-Jumps: slide one of your skiers any distance through empty squares, Left's \
                right and Right's left, maybe off the board; or jump a jumper down over an \
                opposing skier just below onto the empty square beyond, which makes the \
                jumped one a slipper (`L`/`R` jumpers, `l`/`r` slippers, `.` empty, rows \
                split by `|`, top row first)",
        example: "ski_jumps(L....|....R|l....)",
        engine: Engine::Short(|| partizan(SkiJumps, SkiJumps::parse)),
    },
    Ruleset {
        name: "toads",
        class_name: "ToadsAndFrogs",
        kind: Kind::Partizan,
        layout: Layout::Strip { cells: "tf." },
        solver_budget: 0,
        rules: "Toads and Frogs: move one of your creatures (`t` Left's toads, rightwards; `f` \
                Right's frogs, leftwards; `.` empty) onto the next cell if empty, or jump it over \
                one enemy onto the empty cell beyond (`;jump=J`: over up to J enemies; \
                `;slide=K`: up to K empty cells)",
        example: "toads(ttt..fff)",
        engine: Engine::Short(|| partizan(ToadsAndFrogs, ToadsAndFrogs::parse)),
    },
    Ruleset {
        name: "elephants",
        class_name: "ElephantsAndRhinos",
        kind: Kind::Partizan,
        layout: Layout::Strip { cells: "tf." },
        solver_budget: 0,
        rules: "Elephants and Rhinos: move one of your animals (`t` Left's, rightwards; `f` \
                Right's, leftwards; `.` empty) onto the next cell if it is empty; no jumps",
        example: "elephants(tttt..fff)",
        engine: Engine::Short(|| partizan(ToadsAndFrogs, Elephants::parse)),
    },
    Ruleset {
        name: "sheep",
        class_name: "Sheep",
        kind: Kind::Partizan,
        layout: Layout::Text,
        solver_budget: 0,
        rules: "Sheep (MCGS's, after Battle Sheep): on a board of hexagons, split one of your \
                herds of n >= 2 (`n` Left's, `-n` Right's, `0` empty) and move k of its sheep, \
                1 <= k < n, in one of six directions as far as the empty cells go (cells split \
                by `,`, rows by `|`; row r, column c next to (r-1,c), (r-1,c+1), (r,c+1), \
                (r+1,c), (r+1,c-1), (r,c-1))",
        example: "sheep(3,0,0|0,0,-2)",
        engine: Engine::Short(|| partizan(Sheep, Sheep::parse)),
    },
    Ruleset {
        name: "gen_king_dirt",
        class_name: "GenKingDirt",
        kind: Kind::Partizan,
        layout: Layout::Text,
        solver_budget: DEFAULT_BUDGET,
        rules: "Generalised King Dirt (MCGS's): place one of your kings still to place on an \
                empty cell (`L,R,M:` before the board: Left's and Right's kings to place, `M` 1 \
                when a player with kings to place must place), or step one of your kings (`x` \
                Left's, `o` Right's) to an empty cell (`.`) next to it in one of eight \
                directions, leaving dirt (`#`) behind (rows split by `|`)",
        example: "gen_king_dirt(1,1,0:x..|...|..o)",
        engine: Engine::Short(|| partizan(GenKingDirt, GenKingDirt::parse)),
    },
    Ruleset {
        name: "cutcake",
        class_name: "Cutcake",
        kind: Kind::Partizan,
        layout: Layout::Numbers { cakes: true },
        solver_budget: DEFAULT_BUDGET,
        rules: "Cutcake: a cake `m,n` of m rows and n columns; Left cuts it between two columns, \
                Right between two rows, into two cakes",
        example: "cutcake(3,10)",
        engine: Engine::Short(|| partizan(Cutcake, Cutcake::parse)),
    },
    Ruleset {
        name: "eatcake",
        class_name: "Eatcake",
        kind: Kind::Partizan,
        layout: Layout::Numbers { cakes: true },
        solver_budget: DEFAULT_BUDGET,
        rules: "Eatcake: a cake `m,n` of m rows and n columns; Left eats a column, Right a row, \
                and the rest falls into the cakes on either side",
        example: "eatcake(3,4)",
        engine: Engine::Short(|| partizan(Eatcake, Eatcake::parse)),
    },
    Ruleset {
        name: "maundy_cake",
        class_name: "MaundyCake",
        kind: Kind::Partizan,
        layout: Layout::Numbers { cakes: true },
        solver_budget: DEFAULT_BUDGET,
        rules: "Maundy Cake: a cake `m,n` of m rows and n columns; Left cuts it along column \
                lines into k >= 2 equal cakes, Right along row lines",
        example: "maundy_cake(3,10)",
        engine: Engine::Short(|| partizan(MaundyCake, MaundyCake::parse)),
    },
    Ruleset {
        name: "partizan_euclid",
        class_name: "PartizanEuclid",
        kind: Kind::Partizan,
        layout: Layout::Numbers { cakes: false },
        solver_budget: DEFAULT_BUDGET,
        rules: "Partizan Euclid: a pair `p,q`; unless q divides p (or q = 0), Left moves to \
                (q, p mod q) and Right to (q, q - p mod q)",
        example: "partizan_euclid(8,7)",
        engine: Engine::Short(|| partizan(PartizanEuclid, PartizanEuclid::parse)),
    },
    Ruleset {
        name: "partizan_subtraction",
        class_name: "PartizanSubtraction",
        kind: Kind::Partizan,
        layout: Layout::Numbers { cakes: false },
        solver_budget: DEFAULT_BUDGET,
        rules: "Partizan Subtraction: Left takes a number of tokens in her set from one heap, \
                Right a number in his (`6,4;[1,3],[2,3]`: the heaps, `;`, Left's set, Right's \
                set; `,allbut` after the sets: any number not in them)",
        example: "partizan_subtraction(6;[1,3],[2,3])",
        engine: Engine::Short(|| {
            partizan_within(
                PartizanHeaps,
                PartizanHeaps::parse_subtraction,
                PARTIZAN_MAX_WORK,
            )
        }),
    },
    Ruleset {
        name: "partizan_splittles",
        class_name: "PartizanSplittles",
        kind: Kind::Partizan,
        layout: Layout::Numbers { cakes: false },
        solver_budget: DEFAULT_BUDGET,
        rules: "Partizan Splittles: Left takes a number of tokens in her set from one heap, \
                Right a number in his, and may leave the rest as two heaps (`7;[1,2],[2,3]`: \
                the heaps, `;`, Left's set, Right's set; `,allbut` after the sets)",
        example: "partizan_splittles(7;[1,2],[2,3])",
        engine: Engine::Short(|| {
            partizan_within(
                PartizanHeaps,
                PartizanHeaps::parse_splittles,
                PARTIZAN_MAX_WORK,
            )
        }),
    },
    Ruleset {
        name: "partizan_take_and_break",
        class_name: "PartizanTakeAndBreak",
        kind: Kind::Partizan,
        layout: Layout::Numbers { cakes: false },
        solver_budget: DEFAULT_BUDGET,
        rules: "Partizan Take-and-Break: each player moves in one heap by their own \
                take-and-break code, CGSuite's (`7,3;0.77,4!.0`: the heaps, `;`, Left's \
                code, Right's code)",
        example: "partizan_take_and_break(7;0.77,4!.0)",
        engine: Engine::Short(|| {
            partizan_within(
                PartizanHeaps,
                PartizanHeaps::parse_take_and_break,
                PARTIZAN_MAX_WORK,
            )
        }),
    },
    Ruleset {
        name: "turning",
        class_name: "Turning",
        kind: Kind::Impartial,
        layout: Layout::Strip { cells: "th" },
        solver_budget: DEFAULT_BUDGET,
        rules: "impartial coin turning: turn over a set of coins the code allows, the \
                rightmost from heads to tails (`htthh;1-3`: the row, `h` heads, `t` tails, \
                `;`, CGSuite's turning code; `1-3` Mock Turtles, `1+C` Ruler, `2` Twins)",
        example: "turning(htthh;1-3)",
        engine: Engine::Short(|| impartial(Turning, Turning::parse)),
    },
    Ruleset {
        name: "spawning",
        class_name: "Spawning",
        kind: Kind::Impartial,
        layout: Layout::Numbers { cakes: false },
        solver_budget: DEFAULT_BUDGET,
        rules: "impartial: the heap form of a coin-turning game; a heap of n becomes the \
                heaps a_1, ..., a_k < n when the code lets the coins at a_1, ..., a_k, n \
                be turned (`5,3;1-3`: the heaps, `;`, CGSuite's turning code)",
        example: "spawning(5,3;1-3)",
        engine: Engine::Short(|| impartial(Spawning, Spawning::parse)),
    },
    Ruleset {
        name: "turn_and_eatcake",
        class_name: "TurnAndEatcake",
        kind: Kind::Partizan,
        layout: Layout::Numbers { cakes: true },
        solver_budget: DEFAULT_BUDGET,
        rules: "Turn-and-Eatcake: Eatcake where the cake `m,n` is turned to `n,m` before each \
                move; Left eats a column of the turned cake, Right a row",
        example: "turn_and_eatcake(3,4)",
        engine: Engine::Short(|| partizan(TurnAndEatcake, TurnAndEatcake::parse)),
    },
    Ruleset {
        name: "mem",
        class_name: "Mem",
        kind: Kind::Impartial,
        layout: Layout::Numbers { cakes: false },
        solver_budget: DEFAULT_BUDGET,
        rules: "impartial: a heap `n,k` of n tokens whose last move took k; take at least one \
                and at least k tokens, leaving (n - a, a)",
        example: "mem(10,0)",
        engine: Engine::Short(|| impartial(Mem, Mem::parse)),
    },
    Ruleset {
        name: "backsliding",
        class_name: "BackslidingToadsAndFrogs",
        kind: Kind::Loopy,
        layout: Layout::Strip { cells: "tf." },
        solver_budget: 0,
        rules: "Backsliding Toads and Frogs: Toads and Frogs where a creature may also step \
                back; move one of your creatures (`t` Left's toads, facing right; `f` Right's \
                frogs, facing left) one cell forward or back onto an empty cell `.`, or jump \
                forward over one enemy creature onto the empty cell beyond; play may come back \
                to a position",
        example: "backsliding(tt.f)",
        engine: Engine::Loopy(loopy_rules!(BackslidingToadsAndFrogs)),
    },
    Ruleset {
        name: "fox_and_geese",
        class_name: "FoxAndGeese",
        kind: Kind::Loopy,
        layout: Layout::Squares,
        solver_budget: 0,
        rules: "Left's geese move one step diagonally down, Right's fox one step diagonally \
                either way, on the dark squares (row + column even) of a board 8 columns wide \
                and unbounded upward; nothing jumps or is captured (the geese's squares, `;`, \
                the fox's, each `(row,column)`, rows from 1 at the bottom)",
        example: "fox_and_geese((3,1),(3,3),(3,5),(3,7);(1,5))",
        engine: Engine::Loopy(loopy_rules!(FoxAndGeese)),
    },
    Ruleset {
        name: "wind_up",
        class_name: "WindUp",
        kind: Kind::Loopy,
        layout: Layout::Numbers { cakes: false },
        solver_budget: 0,
        rules: "impartial: subtract a number of the set from the counter, modulo n; the \
                counter at 0 has no move (the counter, `;n=` the modulus, `;take=` the \
                numbers to subtract); play may wind round forever",
        example: "wind_up(5;n=12;take=1,3)",
        engine: Engine::Loopy(loopy_rules!(WindUp)),
    },
    Ruleset {
        name: "ceylonese_fox_and_geese",
        class_name: "CeyloneseFoxAndGeese",
        kind: Kind::Loopy,
        layout: Layout::Squares,
        solver_budget: 0,
        rules: "Fox and Geese with a fox that moves one or two squares diagonally in one \
                direction, never over a goose; the geese one step diagonally down, on the \
                dark squares (row + column even) of a board 8 columns wide (the geese's \
                squares, `;`, the fox's, each `(row,column)`, rows from 1 at the bottom)",
        example: "ceylonese_fox_and_geese((3,1),(3,3),(3,5),(3,7);(1,5))",
        engine: Engine::Loopy(loopy_rules!(CeyloneseFoxAndGeese)),
    },
];
