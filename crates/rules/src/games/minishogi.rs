//! Minishogi (5五将棋) as a game in progress: its own repetition rule, and no impasse.
//!
//! Decisions recorded here (the rules texts leave them open):
//! - A fourfold repetition loses for sente; with continuous check (every move of one side in
//!   the cycle a check) the checker loses instead.
//! - Under the founder's rule option ([`crate::RuleOptions::founders_rule`]), a side that gave
//!   any check in the cycle loses; if both sides gave checks, the plain rule (sente loses)
//!   applies.
//! - Minishogi has no impasse and no declaration.
//!
//! Its drops, 二歩 and 打ち歩詰め are standard shogi's ([`super::shogi`]); its piece set (no
//! knight or lance) is its table ([`crate::variant`]).

use super::description::BenchCase;
use super::{GameRules, perpetual_checker};
use crate::geometry::{Cell, Geometry};
use crate::moves::{IllegalMove, Move, Played};
use crate::outcome::{EndReason, Outcome};
use crate::piece::{Kind, Player};
use crate::position::setup::{Setup, SetupError};
use crate::position::{MoveList, Position};
use crate::variant::GameId;
use crate::variant::kinds::{BISHOP, GOLD, KING, PAWN, ROOK, SILVER};

/// Sente's pieces at the start: (file, rank from its side, kind); gote's are turned half round.
pub const HOME: [(u8, u8, Kind); 6] = [
    (5, 1, KING),
    (4, 1, GOLD),
    (3, 1, SILVER),
    (2, 1, BISHOP),
    (1, 1, ROOK),
    (5, 2, PAWN),
];

/// Minishogi's rules.
pub struct Minishogi;

impl GameRules for Minishogi {
    fn hooks(&self) -> super::Hooks {
        super::shogi::HOOKS
    }

    fn home(&self, g: &Geometry, player: u8) -> Vec<(Cell, Kind)> {
        super::square_home(g, &HOME, player)
    }

    fn check_setup(&self, setup: &Setup, faults: &mut Vec<SetupError>) {
        super::shogi::check_pawns(setup, faults);
    }

    fn check_position(&self, pos: &mut Position, faults: &mut Vec<SetupError>) {
        super::shogi::check_not_to_move(pos, faults);
    }

    #[inline]
    fn moves(&self, pos: &Position, out: &mut MoveList) {
        super::shogi::moves(pos, out);
    }

    fn tactical_moves(&self, pos: &Position, out: &mut MoveList) {
        pos.piece_moves(out);
    }

    fn checking_drops(&self, pos: &Position, out: &mut MoveList, cells: &[(Cell, u64)]) {
        super::shogi::drops_onto(pos, out, cells);
    }

    #[inline]
    fn foul_after(&self, after: &mut Position, mover: Player, mv: Move) -> Option<IllegalMove> {
        super::shogi::foul_after(after, mover, mv)
    }

    fn validate(&self, pos: &mut Position, mv: Move) -> Result<(), IllegalMove> {
        super::shogi::validate(pos, mv)
    }

    fn repetition_outcome(&self, pos: &Position, span: &[Played]) -> Outcome {
        if let Some(checker) = perpetual_checker(span) {
            return Outcome {
                winner: Some(checker.opponent()),
                reason: EndReason::PerpetualCheck,
            };
        }
        if pos.options().founders_rule {
            let checked = |p: Player| span.iter().any(|m| m.mover == p && m.check);
            match (checked(Player::FIRST), checked(Player::SECOND)) {
                (true, false) | (false, true) => {
                    let checker = if checked(Player::FIRST) {
                        Player::FIRST
                    } else {
                        Player::SECOND
                    };
                    return Outcome {
                        winner: Some(checker.opponent()),
                        reason: EndReason::PerpetualCheck,
                    };
                }
                _ => {}
            }
        }
        Outcome {
            winner: Some(Player::SECOND),
            reason: EndReason::Repetition,
        }
    }
}

/// Minishogi's start, perft 5 (quick: 4).
pub const BENCH: BenchCase = BenchCase {
    name: "minishogi start",
    game: GameId::Minishogi,
    sfen: "rbsgk/4p/5/P4/KGSBR b - 1",
    depth: 5,
    nodes: 533_203,
    quick_depth: 4,
    quick_nodes: 35_401,
};
