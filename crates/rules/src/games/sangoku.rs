//! Three Kingdoms shogi (三国志将棋, for three players and for two) as a game in progress.
//!
//! Decisions recorded here (the rules texts leave them open):
//! - A move that makes a position (board, hands, player to move) for the 4th time is illegal
//!   while the player has another move; if every move repeats, the game is drawn.
//! - Resignation or time in the three-player game gives the win to the player who checked
//!   last, if any; otherwise it ends without a winner. With two players, to the opponent.
//!
//! The board, pieces, turn order (the jump to a checked player and back) and the endings (a
//! general captured, or on the centre when its owner's turn comes) are in [`crate::sangoku`].

use super::GameRules;
use crate::outcome::Outcome;
use crate::piece::Player;
use crate::position::Position;

/// Three Kingdoms shogi's rules.
pub struct Sangoku;

impl GameRules for Sangoku {
    fn shows_check(&self) -> bool {
        false
    }

    fn check_jumps_the_turn(&self) -> bool {
        true
    }

    fn has_kif(&self) -> bool {
        false
    }

    fn position_outcome(&self, pos: &mut Position, _: Option<Player>) -> Option<Outcome> {
        crate::sangoku::outcome(pos)
    }

    fn refuses_fourfold_repetition(&self) -> bool {
        true
    }

    fn winner_against(&self, pos: &Position, loser: Player) -> Option<Player> {
        if pos.variant().players() == 2 {
            Some(loser.opponent())
        } else {
            pos.remembered_checker().filter(|&c| c != loser)
        }
    }
}
