//! Named starts of each game, shared by the CLI, the interface and saved games: shogi's standard
//! handicaps, chu shogi's Association handicaps (official and practice), and each game's even
//! start (`even`).

use crate::position::Position;
use crate::variant::GameId;

pub use crate::position::rules::{EVEN, NamedStart};

/// The named starts of `game`, the even game first ([`crate::games::GameRules::setups`]).
pub fn setups(game: GameId) -> Vec<NamedStart> {
    crate::games::rules(game).setups()
}

/// The start position of a named setup, or `None` for an unknown id.
pub fn setup_position(game: GameId, id: &str) -> Option<Position> {
    crate::games::rules(game)
        .setup_position(game, id)
        .or_else(|| (id == EVEN.id).then(|| Position::start(game)))
}

/// Where a game starts.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum StartFrom<'a> {
    /// The game's own start.
    Start,
    /// A position in the game's notation (SFEN, or the hex notation).
    Position(&'a str),
    /// A named setup, as [`setups`] lists them.
    Setup(&'a str),
}

/// Why a start cannot be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StartError {
    /// The position text cannot be read.
    #[error("the position cannot be read: {0}")]
    Position(crate::notation::NotationError),
    /// No setup of that id.
    #[error("{game} has no setup {id:?} (its setups: {known})")]
    UnknownSetup {
        /// The game.
        game: GameId,
        /// The id asked for.
        id: String,
        /// The ids it has, comma-separated.
        known: String,
    },
}

/// The start position of `game` from `from`: what the CLI's `--sfen`/`--setup` and the
/// address's `?sfen=`/`?setup=` both build.
///
/// # Errors
/// [`StartError`], naming what is wrong.
pub fn start_position(game: GameId, from: StartFrom<'_>) -> Result<Position, StartError> {
    match from {
        StartFrom::Start => Ok(Position::start(game)),
        StartFrom::Position(text) => {
            crate::notation::read_position(game, text).map_err(StartError::Position)
        }
        StartFrom::Setup(id) => setup_position(game, id).ok_or_else(|| StartError::UnknownSetup {
            game,
            id: id.to_string(),
            known: setups(game)
                .iter()
                .map(|s| s.id)
                .collect::<Vec<_>>()
                .join(", "),
        }),
    }
}
