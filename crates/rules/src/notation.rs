//! One entry point for every game's position and move text: SFEN and USI for the square
//! boards, the hex notation ([`crate::hex`]) for Three Kingdoms shogi.

use crate::games::{Notation, rules};
use crate::moves::Move;
use crate::position::Position;
use crate::variant::{GameId, Variant};

/// What is wrong with a position or move text, in any game's notation.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    /// An SFEN problem.
    #[error(transparent)]
    Sfen(#[from] crate::sfen::SfenError),
    /// A USI problem.
    #[error(transparent)]
    Usi(#[from] crate::sfen::UsiError),
    /// A hex notation problem.
    #[error(transparent)]
    Hex(#[from] crate::hex::HexError),
}

impl NotationError {
    /// The setup the text describes, where it was read but is not a position of the game (the
    /// rules' faults aside): an editor opens it to mend it.
    pub fn into_setup(self) -> Option<crate::position::setup::Setup> {
        match self {
            NotationError::Sfen(crate::sfen::SfenError::Setup(p))
            | NotationError::Hex(crate::hex::HexError::Setup(p)) => Some(p.into_setup()),
            _ => None,
        }
    }
}

/// Read a position of `game`.
///
/// # Errors
/// What is wrong with the text.
pub fn read_position(game: GameId, text: &str) -> Result<Position, NotationError> {
    match rules(game).capabilities().notation {
        Notation::Hex => Ok(crate::hex::from_text(game, text)?),
        Notation::Sfen => Ok(crate::sfen::from_sfen(game, text)?),
    }
}

/// Write a position.
pub fn write_position(pos: &Position) -> String {
    match pos.rules().capabilities().notation {
        Notation::Hex => crate::hex::to_text(pos),
        Notation::Sfen => crate::sfen::to_sfen(pos),
    }
}

/// Read a move of `v`'s game (not checked against a position).
///
/// # Errors
/// What is wrong with the text.
pub fn read_move(v: &Variant, text: &str) -> Result<Move, NotationError> {
    match rules(v.id).capabilities().notation {
        Notation::Hex => Ok(crate::hex::parse_move(&v.geometry, text)?),
        Notation::Sfen => Ok(crate::sfen::parse_usi(v, text)?),
    }
}

/// Write a move.
pub fn write_move(v: &Variant, mv: Move) -> String {
    match rules(v.id).capabilities().notation {
        Notation::Hex => crate::hex::move_text(v, mv),
        Notation::Sfen => crate::sfen::to_usi(v, mv),
    }
}
