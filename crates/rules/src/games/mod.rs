//! Each game's own rules for a game in progress, one file a game: how a position ends the game,
//! who loses a fourfold repetition, who wins when a player resigns or runs out of time,
//! impasse and the entering-king declaration. A newcomer looking for how minishogi's
//! repetition or chu shogi's lion-trading repetition is decided opens the file named after the
//! game.
//!
//! The trait is defined beside the position ([`crate::position::rules`]), which carries a
//! game's rules object; this module chooses it ([`rules`]) and so builds the positions that
//! need one: [`Position::start`] and [`Setup::into_position`].
//!
//! [`crate::game::Game`] is generic: it keeps the record and the repetition count and asks its
//! game's [`GameRules`] for every decision. [`rules`] is the one place where a game id chooses
//! its rules object.
//!
//! The moves too: [`crate::position::Position`] generates what the pieces' tables allow (steps,
//! slides, promotion zones, dead cells, drops) and plays and undoes moves; it asks its game's
//! rules for the moves of the turn ([`GameRules::moves`]: drops with 二歩, 66 shogi's
//! placement, chu's lion and setup steps, nothing once a general has fallen), the fouls a
//! move commits ([`GameRules::foul_after`]: 打ち歩詰め, a royal left attacked), the check of a
//! move played by hand ([`GameRules::validate`]) and whose turn comes next
//! ([`GameRules::after_play`]: the hexagon's jump to a checked player, chu's setup steps).

pub mod chushogi;
pub mod description;
pub mod minishogi;
pub mod sangoku;
pub mod shogi;
pub mod shogi66;

pub(crate) use crate::position::rules::perpetual_checker;
pub use crate::position::rules::{
    AfterPlay, Capabilities, EVEN, GameRules, Hooks, NamedStart, Notation,
};
pub use description::Description;

use crate::geometry::{Cell, Geometry};
use crate::piece::{Kind, Player};
use crate::position::Position;
use crate::position::setup::{PositionError, Setup};
use crate::variant::GameId;

/// The rules object of `game`: the one dispatch on the game id.
pub fn rules(game: GameId) -> &'static dyn GameRules {
    match game {
        GameId::Shogi => &shogi::Shogi,
        GameId::Minishogi => &minishogi::Minishogi,
        GameId::Shogi66 => &shogi66::Shogi66,
        GameId::Chushogi => &chushogi::Chushogi,
        GameId::Sangoku | GameId::Sangoku2 => &sangoku::Sangoku,
    }
}

/// The cells of `player`'s pieces at the start of a square-board game, from the first player's
/// `table` of (file, rank counted from its own side, kind); the second player's are the same
/// turned half round.
pub(crate) fn square_home(g: &Geometry, table: &[(u8, u8, Kind)], player: u8) -> Vec<(Cell, Kind)> {
    let crate::geometry::Shape::Square { width, height } = g.shape() else {
        return Vec::new();
    };
    table
        .iter()
        .filter_map(|&(file, rank, kind)| {
            let cell = g.at(width as i16 - file as i16, height as i16 - rank as i16)?;
            Some((g.rotate_cell(cell, player), kind))
        })
        .collect()
}

impl Position {
    /// The start position of `game`, built from its rules' data ([`GameRules::home`]): each
    /// player's pieces and hand; 66 shogi begins in its placement phase.
    pub fn start(game: GameId) -> Position {
        Position::start_with(game, rules(game))
    }
}

impl Setup {
    /// Check the setup against its game's rules and make it a position (see
    /// [`crate::position::setup`] for the checks).
    ///
    /// # Errors
    /// [`PositionError`]: every fault, with the setup handed back.
    pub fn into_position(self) -> Result<Position, PositionError> {
        let rules = rules(self.game);
        self.validate(rules)
    }

    /// Give `player` every piece of the game's set not on the board nor in a hand (詰将棋's
    /// convention: the defender holds the rest). False, and nothing done, in a game without
    /// drops or whose set is not fixed.
    pub fn give_rest(&mut self, player: Player) -> bool {
        let rules = rules(self.game);
        self.give_rest_with(player, rules)
    }
}
