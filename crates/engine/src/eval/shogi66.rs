//! 66 shogi: the shogi pieces on 6x6 with a two-rank zone; impasse by 15 points, so a king
//! entering the enemy camp counts. During the placement phase material is even and the terms
//! that matter are where the pieces go: guards beside the king.

use super::Evaluator;
use super::terms::{Weights, against, sides};
use koma_rules::{Kind, Player, Position};

/// Kinds as in shogi.
pub const BOARD: [i32; 14] = [
    0, 950, 820, 580, 530, 420, 330, 120, 1300, 1000, 580, 580, 580, 580,
];
/// In hand (the king is held only while placing: no worth of its own).
pub const HAND: [i32; 8] = [0, 1050, 900, 640, 590, 460, 360, 150];
/// Per rank advanced.
pub const ADVANCE: [i32; 14] = [0, 0, 0, 1, 3, 2, 1, 5, 0, 0, 1, 1, 1, 2];

/// The weights.
pub const WEIGHTS: Weights = Weights {
    board: &BOARD,
    hand: &HAND,
    advance: &ADVANCE,
    guard: 35,
    attacker: 30,
    enemy_hand: 8,
    royal_in_camp: 150,
};

/// 66 shogi's evaluation.
pub struct Shogi66;

impl Evaluator for Shogi66 {
    fn score(&self, pos: &Position, player: Player) -> i32 {
        against(sides(pos, &WEIGHTS), 2, player)
    }

    fn value(&self, kind: Kind) -> i32 {
        BOARD.get(kind.index()).copied().unwrap_or(0)
    }
}
