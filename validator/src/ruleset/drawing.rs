//! What `show` and `render` ask of a game, and what it answers.
//!
//! A drawing request holds what every game's pictures share — a title,
//! coordinates, a legend, colour — and the game's own options, which the game
//! declares ([`DrawOptions`]) and reads back itself: a page of a pack to draw
//! alone, a pack laid out, the squares outside a hull. The command line lists
//! each game's options under the games that take them, refuses one of another
//! game by name, and parses the game's again with only its own arguments, as
//! it does for the games' subcommands ([`GameVerb`](crate::verb::GameVerb)).

use crate::diagnostic::Diagnostic;
use crate::targets::TargetError;

/// The drawing subcommands a game adds options to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DrawCommand {
    /// `deckplan show`: boards drawn in the terminal.
    Show,
    /// `deckplan render`: boards drawn as PNG or SVG pictures.
    Render,
}

impl DrawCommand {
    /// Both, in the order `deckplan --help` lists them.
    pub const ALL: [Self; 2] = [Self::Show, Self::Render];

    /// The subcommand's name.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Show => "show",
            Self::Render => "render",
        }
    }
}

/// A game's own options of `show` and `render`, beside the shared ones of
/// [`DrawRequest`].
#[derive(Clone, Copy)]
pub struct DrawOptions {
    /// Its options of `deckplan show`, as clap arguments (see
    /// [`args_of`](crate::verb::args_of)).
    pub show: fn() -> clap::Command,
    /// Its options of `deckplan render`.
    pub render: fn() -> clap::Command,
    /// Its own words for refusing one of its options to a game whose boards
    /// lack what the option draws, given the option's id and that game's
    /// boards (its [`title`](super::Ruleset::title), "Nemesis ships"); `None`
    /// leaves the shared refusal, which names the games the option is for.
    pub refusal: fn(&str, &str) -> Option<String>,
}

impl DrawOptions {
    /// No options of its own.
    pub const NONE: Self = Self {
        show: no_options,
        render: no_options,
        refusal: no_refusal,
    };

    /// Its options of one subcommand.
    pub fn of(&self, command: DrawCommand) -> clap::Command {
        match command {
            DrawCommand::Show => (self.show)(),
            DrawCommand::Render => (self.render)(),
        }
    }
}

impl Default for DrawOptions {
    fn default() -> Self {
        Self::NONE
    }
}

impl std::fmt::Debug for DrawOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let ids = |command: DrawCommand| -> Vec<String> {
            self.of(command)
                .get_arguments()
                .map(|arg| arg.get_id().to_string())
                .collect()
        };
        f.debug_struct("DrawOptions")
            .field("show", &ids(DrawCommand::Show))
            .field("render", &ids(DrawCommand::Render))
            .finish_non_exhaustive()
    }
}

/// No arguments.
fn no_options() -> clap::Command {
    clap::Command::new("options")
}

/// No words of its own.
fn no_refusal(_: &str, _: &str) -> Option<String> {
    None
}

/// The options of a game that has none of its own for a subcommand, to
/// read back with [`DrawRequest::options`].
#[derive(Clone, Copy, Debug, Default, clap::Args)]
pub struct NoOptions {}

/// What `show` and `render` draw, and how.
#[derive(Clone, Copy, Debug, Default)]
pub struct DrawRequest<'a> {
    /// A title above each board.
    pub title: bool,
    /// Coordinates in the margins.
    pub coordinates: bool,
    /// A legend of the symbols used (a game whose pictures have none says
    /// how they read without one).
    pub legend: bool,
    /// Colour (terminal drawings only).
    pub colour: bool,
    /// The game's own options, as the command line parsed them with the
    /// arguments of its [`DrawOptions`]; `None` asks for the game's defaults.
    pub game: Option<&'a clap::ArgMatches>,
}

impl DrawRequest<'_> {
    /// The game's own options, read back as the type that declared them; its
    /// defaults when none were given.
    pub fn options<A: clap::FromArgMatches + Default>(&self) -> Result<A, DrawError> {
        match self.game {
            Some(matches) => {
                A::from_arg_matches(matches).map_err(|e| DrawError::Refused(e.to_string()))
            }
            None => Ok(A::default()),
        }
    }
}

/// Boards drawn for `show` or `render`.
#[derive(Debug)]
pub struct Drawing<T> {
    /// Each board's name (`L1p2`, or the pack's name for a layout) and its drawing.
    pub boards: Vec<(String, T)>,
    /// Problems that kept files from loading; their boards are left out.
    pub problems: Vec<Diagnostic>,
    /// The game's options asked for one picture of a pack (one of its
    /// boards, or all of them laid out as one): `render` writes it to the
    /// file `-o` names, never to a folder of pictures.
    pub one_picture: bool,
}

/// Nothing drawn: no boards, no problems.
impl<T> Default for Drawing<T> {
    fn default() -> Self {
        Self {
            boards: Vec::new(),
            problems: Vec::new(),
            one_picture: false,
        }
    }
}

/// Why a drawing cannot be made.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum DrawError {
    /// The files named could not be read.
    #[error(transparent)]
    Target(#[from] TargetError),
    /// The request does not fit what was loaded (no such page, a layout of a lone page, …).
    #[error("{0}")]
    Refused(String),
}
