//! Standard shogi (本将棋) as a game in progress: repetition and perpetual check, impasse by
//! points (the 24- and 27-point rules) and the entering-king declaration.
//!
//! Decisions recorded here (the rules texts leave them open):
//! - Repetition (千日手) is the same board, hands and side to move for the 4th time; it is
//!   found by a hash count kept as moves are played and undone (in [`crate::game`]).
//! - Continuous check (連続王手の千日手) is judged over the moves from the first occurrence of
//!   the repeated position to its 4th: a side all of whose moves there gave check loses.
//! - Impasse (持将棋) by agreement, 24-point rule: a side under 24 loses, otherwise a draw.
//!   27-point rule: sente wins with 28 or more, gote with 27 or more, otherwise a draw.
//! - Entering-king declaration (入玉宣言), on the declarer's turn: king in the enemy camp, 10
//!   other pieces there, not in check, and enough points (camp and hand): 24-point rule, 31 or
//!   more wins and 24-30 draws; 27-point rule, sente 28 or gote 27 wins. A declaration failing
//!   any condition loses.
//!
//! Drops, 二歩, 打ち歩詰め and dead pieces are decided by move generation
//! ([`crate::position`]) from the game's tables.

use super::GameRules;
use crate::options::{PointRule, RuleOptions};
use crate::outcome::{Outcome, Reason};
use crate::piece::Player;
use crate::position::Position;

/// Standard shogi's rules.
pub struct Shogi;

impl GameRules for Shogi {
    fn has_impasse(&self) -> bool {
        true
    }

    fn impasse(&self, [s, g]: [u32; 2], options: RuleOptions) -> Option<Outcome> {
        let winner = match options.points {
            PointRule::TwentyFour => match (s < 24, g < 24) {
                (true, false) => Some(Player::SECOND),
                (false, true) => Some(Player::FIRST),
                _ => None,
            },
            PointRule::TwentySeven => {
                if s >= 28 {
                    Some(Player::FIRST)
                } else if g >= 27 {
                    Some(Player::SECOND)
                } else {
                    None
                }
            }
        };
        Some(Outcome {
            winner,
            reason: Reason::Impasse,
        })
    }

    fn has_declaration(&self) -> bool {
        true
    }
}

/// What the entering-king declaration would give now, condition by condition.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Declaration {
    /// The declaring player.
    pub player: Player,
    /// 1: the king is in the enemy camp.
    pub king_in_camp: bool,
    /// 2: pieces other than the king in the enemy camp (10 needed).
    pub pieces_in_camp: u32,
    /// 3: the king is not in check.
    pub not_in_check: bool,
    /// 4: points of the pieces in the enemy camp and in hand.
    pub points: u32,
    /// The result the declaration would have.
    pub outcome: Outcome,
}

/// The entering-king declaration of the side to move in `pos`, condition by condition.
pub fn declaration(pos: &Position) -> Declaration {
    let p = pos.turn();
    let v = pos.variant();
    let king_in_camp = pos.king(p).is_some_and(|k| v.in_zone(p, k));
    let pieces_in_camp = pos.pieces_in_camp(p);
    let not_in_check = !pos.in_check();
    let points = pos.points(p, true);
    let basic = king_in_camp && pieces_in_camp >= 10 && not_in_check;
    let lose = Outcome {
        winner: Some(p.opponent()),
        reason: Reason::Declaration,
    };
    let win = Outcome {
        winner: Some(p),
        reason: Reason::Declaration,
    };
    let outcome = if !basic {
        lose
    } else {
        match pos.options().points {
            PointRule::TwentyFour => match points {
                31.. => win,
                24..=30 => Outcome {
                    winner: None,
                    reason: Reason::Declaration,
                },
                _ => lose,
            },
            PointRule::TwentySeven => {
                let need = if p == Player::FIRST { 28 } else { 27 };
                if points >= need { win } else { lose }
            }
        }
    };
    Declaration {
        player: p,
        king_in_camp,
        pieces_in_camp,
        not_in_check,
        points,
        outcome,
    }
}
