//! Minishogi: the shogi pieces on 5x5, where every piece is close to both kings: pawns and
//! drops weigh more than in standard shogi, guards and attackers near the king more; there is
//! no impasse, so no bonus for entering the enemy camp.

use super::Evaluator;
use super::terms::{Weights, against, sides};
use koma_rules::{Kind, Player, Position};

/// Kinds as in shogi (no knight or lance in this game).
pub const BOARD: [i32; 14] = [0, 900, 800, 600, 550, 0, 0, 150, 1250, 1050, 600, 0, 0, 600];
/// In hand.
pub const HAND: [i32; 8] = [0, 1000, 900, 660, 610, 0, 0, 200];
/// Per rank advanced.
pub const ADVANCE: [i32; 14] = [0, 0, 0, 2, 4, 0, 0, 6, 0, 0, 2, 0, 0, 3];

/// The weights.
pub const WEIGHTS: Weights = Weights {
    board: &BOARD,
    hand: &HAND,
    advance: &ADVANCE,
    guard: 40,
    attacker: 40,
    enemy_hand: 10,
    royal_in_camp: 0,
};

/// Minishogi's evaluation.
pub struct Minishogi;

impl Evaluator for Minishogi {
    fn score(&self, pos: &Position, player: Player) -> i32 {
        against(sides(pos, &WEIGHTS), 2, player)
    }

    fn value(&self, kind: Kind) -> i32 {
        BOARD.get(kind.index()).copied().unwrap_or(0)
    }
}
