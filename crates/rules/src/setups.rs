//! Named starts of each game, shared by the CLI, the interface and saved games: shogi's standard
//! handicaps, chu shogi's Association handicaps (official and practice), and each game's even
//! start (`even`).

use crate::position::Position;
use crate::variant::GameId;

/// A named start.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Stable id.
    pub id: &'static str,
    /// Japanese name.
    pub name: &'static str,
    /// Practice only (chu shogi).
    pub practice: bool,
}

/// The named starts of `game`, the even game first.
pub fn setups(game: GameId) -> Vec<Setup> {
    match game {
        GameId::Shogi => crate::handicap::SHOGI_HANDICAPS
            .iter()
            .map(|h| Setup {
                id: h.id,
                name: h.kif,
                practice: false,
            })
            .collect(),
        GameId::Chushogi => crate::chushogi::handicaps()
            .map(|h| Setup {
                id: h.id,
                name: h.name,
                practice: h.practice,
            })
            .collect(),
        _ => vec![Setup {
            id: "even",
            name: "平手",
            practice: false,
        }],
    }
}

/// The start position of a named setup, or `None` for an unknown id.
pub fn setup_position(game: GameId, id: &str) -> Option<Position> {
    match game {
        GameId::Shogi => crate::handicap::find(id).map(|h| h.position()),
        GameId::Chushogi => crate::chushogi::find_handicap(id).map(|h| h.position()),
        _ => (id == "even").then(|| Position::start(game)),
    }
}
