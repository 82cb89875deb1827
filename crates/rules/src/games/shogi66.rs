//! Tendo 6x6 shogi (66将棋) as a game in progress: impasse by 15 points.
//!
//! Decisions recorded here (the rules texts leave them open):
//! - Impasse by agreement: a side under 15 points loses, otherwise a draw (the two sides hold
//!   30 together). There is no entering-king declaration.
//! - Repetition and perpetual check as in standard shogi.
//!
//! The placement phase (each player places its pieces on its own first rank, one a turn) is
//! move generation: see [`crate::position`] and [`crate::sfen`].

use super::GameRules;
use crate::options::RuleOptions;
use crate::outcome::{Outcome, Reason};
use crate::piece::Player;

/// The points under which a side loses an agreed impasse.
pub const IMPASSE_POINTS: u32 = 15;

/// 66 shogi's rules.
pub struct Shogi66;

impl GameRules for Shogi66 {
    fn has_impasse(&self) -> bool {
        true
    }

    fn impasse(&self, [s, g]: [u32; 2], _: RuleOptions) -> Option<Outcome> {
        let t = IMPASSE_POINTS;
        Some(Outcome {
            winner: match (s < t, g < t) {
                (true, false) => Some(Player::SECOND),
                (false, true) => Some(Player::FIRST),
                _ => None,
            },
            reason: Reason::Impasse,
        })
    }
}
