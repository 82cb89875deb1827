//! Named starts of each game, shared by the CLI, the interface and saved games: shogi's standard
//! handicaps, chu shogi's Association handicaps (official and practice), and each game's even
//! start (`even`).

use serde::{Deserialize, Serialize};

use crate::clock::TimeControl;
use crate::game::Game;
use crate::options::{ChuPreset, RuleOptions};
use crate::position::Position;
use crate::variant::GameId;

pub use crate::position::rules::{EVEN, NamedStart};

/// The named starts of `game`, the even game first ([`crate::games::GameRules::setups`]).
pub fn setups(game: GameId) -> Vec<NamedStart> {
    crate::games::rules(game).setups()
}

/// The ids of `game`'s named setups.
pub fn setup_ids(game: GameId) -> Vec<&'static str> {
    setups(game).iter().map(|s| s.id).collect()
}

/// The start position of a named setup, or `None` for an unknown id.
pub fn setup_position(game: GameId, id: &str) -> Option<Position> {
    crate::games::rules(game)
        .setup_position(game, id)
        .or_else(|| (id == EVEN.id).then(|| Position::start(game)))
}

/// How a game starts: the game, its named setup or start position, chu's rule preset, the
/// time control. One value from the new-game form and the address to the API's body, the
/// server's referee, the CLI and saved games; [`GameStart::build`] checks it and builds the
/// game. Serialised as the API's body reads it (`{"game":"shogi","handicap":"lance",...}`), the
/// game and the clock as their texts (`shogi`, `600+30x3`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameStart {
    /// The game.
    #[serde(rename = "game")]
    pub id: GameId,
    /// A named setup (a handicap id as [`setups`] lists them); none: the game's own start.
    #[serde(rename = "handicap", default, skip_serializing_if = "Option::is_none")]
    pub setup: Option<String>,
    /// A start position in the game's notation (SFEN, or the hex notation), instead of a setup.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    /// Chu shogi's rule preset (`jcsa`, `lishogi`); none: the default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preset: Option<String>,
    /// The time control; none: no clocks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<TimeControl>,
}

/// Why a start cannot be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StartError {
    /// The position text cannot be read.
    #[error("the position cannot be read: {0}")]
    Position(crate::notation::NotationError),
    /// No setup of that id.
    #[error("{game} has no setup {id:?} (its setups: {})", setup_ids(*game).join(", "))]
    UnknownSetup {
        /// The game (which has [`setups`]).
        game: GameId,
        /// The id asked for.
        id: String,
    },
    /// A position and a setup both given.
    #[error("a game starts from a setup or a position, not both")]
    Both,
    /// A preset that is none of chu's.
    #[error("unknown chu preset {text:?}: jcsa or lishogi")]
    Preset {
        /// The preset as given.
        text: String,
    },
    /// A preset for a game that has none.
    #[error("{game} has no presets (got {text:?})")]
    NoPresets {
        /// The game.
        game: GameId,
        /// The preset as given.
        text: String,
    },
}

impl StartError {
    /// The field of [`GameStart`] at fault, as the API's body names it.
    pub fn field(&self) -> &'static str {
        match self {
            StartError::Position(_) | StartError::Both => "position",
            StartError::UnknownSetup { .. } => "handicap",
            StartError::Preset { .. } | StartError::NoPresets { .. } => "preset",
        }
    }
}

impl GameStart {
    /// The even start of `game`, without clocks.
    pub fn new(id: GameId) -> GameStart {
        GameStart {
            id,
            setup: None,
            position: None,
            preset: None,
            clock: None,
        }
    }

    /// The start position: the given position, the named setup, or the game's own start.
    ///
    /// # Errors
    /// [`StartError`], naming what is wrong.
    pub fn position(&self) -> Result<Position, StartError> {
        match (&self.position, &self.setup) {
            (Some(_), Some(_)) => Err(StartError::Both),
            (Some(text), None) => {
                crate::notation::read_position(self.id, text).map_err(StartError::Position)
            }
            (None, Some(id)) => {
                setup_position(self.id, id).ok_or_else(|| StartError::UnknownSetup {
                    game: self.id,
                    id: id.clone(),
                })
            }
            (None, None) => Ok(Position::start(self.id)),
        }
    }

    /// The rule options this start names, strict or casual as `strict` says.
    ///
    /// # Errors
    /// [`StartError::Preset`] or [`StartError::NoPresets`].
    pub fn options(&self, strict: bool) -> Result<RuleOptions, StartError> {
        let preset = match &self.preset {
            None => ChuPreset::default(),
            Some(p) if crate::games::rules(self.id).capabilities().presets => p
                .parse()
                .map_err(|_| StartError::Preset { text: p.clone() })?,
            Some(p) => {
                return Err(StartError::NoPresets {
                    game: self.id,
                    text: p.clone(),
                });
            }
        };
        Ok(RuleOptions {
            strict,
            preset,
            ..RuleOptions::default()
        })
    }

    /// The game at its start.
    ///
    /// # Errors
    /// [`StartError`], naming what is wrong.
    pub fn build(&self, strict: bool) -> Result<Game, StartError> {
        let options = self.options(strict)?;
        Ok(Game::from_position(self.position()?, options))
    }
}
