//! Chu shogi (中将棋) as a game in progress: mate of the last royal, bare king, and the
//! repetition rules of each preset (who started the cycle: continuous check, attacks, jitto).
//!
//! The pieces, lion power, promotion, lion trading and handicaps, and the decisions the rules
//! texts leave open, are in [`crate::chushogi`]; this file is what the game in progress asks.

use super::GameRules;
use crate::moves::{Move, Played};
use crate::options::RuleOptions;
use crate::outcome::{Outcome, Reason};
use crate::piece::Player;
use crate::position::Position;

/// Chu shogi's rules.
pub struct Chushogi;

impl GameRules for Chushogi {
    fn shows_check(&self) -> bool {
        false
    }

    fn has_kif(&self) -> bool {
        false
    }

    fn rules_name(&self, options: RuleOptions) -> Option<&'static str> {
        Some(options.chu.name())
    }

    /// A check is an attack on a royal (chu's royals may stay attacked); an attack is the
    /// moved piece attacking an enemy piece from where it lands; a jitto is a lion's pass.
    fn is_pass_in_place(&self, before: &Position, mv: Move) -> bool {
        crate::chushogi::is_jitto(before, mv)
    }

    fn played(&self, mover: Player, mv: Move, jitto: bool, after: &Position) -> Played {
        Played {
            mover,
            check: crate::chushogi::royal_attacked(after, mover.opponent()),
            attack: mv
                .to()
                .is_some_and(|to| crate::chushogi::attacks_an_enemy(after, to)),
            jitto,
        }
    }

    fn position_outcome(&self, pos: &mut Position, last_mover: Option<Player>) -> Option<Outcome> {
        crate::chushogi::outcome(pos, last_mover)
    }

    fn repetition_outcome(&self, pos: &Position, span: &[Played]) -> Outcome {
        let loser = crate::chushogi::repetition_loser(pos.chu_preset(), span, pos.turn());
        Outcome {
            winner: loser.map(Player::opponent),
            reason: Reason::Repetition,
        }
    }
}
