//! Standard shogi: material (the usual ladder, a piece in hand worth a little more than on the
//! board), pawns and silvers pushed forward, the king's guards (golds and silvers beside it) and
//! the enemy pieces and drops near it, and the king's entry into the enemy camp (impasse and the
//! declaration count it).

use super::Evaluator;
use super::terms::{Weights, against, sides};
use koma_rules::{Kind, Player, Position};

/// Kinds: king, rook, bishop, gold, silver, knight, lance, pawn, dragon, horse, promoted
/// silver, knight and lance, tokin.
pub const BOARD: [i32; 14] = [
    0, 990, 855, 540, 495, 405, 315, 90, 1395, 945, 540, 540, 540, 540,
];
/// In hand: rook to pawn.
pub const HAND: [i32; 8] = [0, 1100, 950, 600, 550, 450, 350, 110];
/// Per rank advanced.
pub const ADVANCE: [i32; 14] = [0, 0, 0, 1, 3, 2, 1, 4, 0, 0, 1, 1, 1, 2];

/// The weights.
pub const WEIGHTS: Weights = Weights {
    board: &BOARD,
    hand: &HAND,
    advance: &ADVANCE,
    guard: 30,
    attacker: 25,
    enemy_hand: 6,
    royal_in_camp: 200,
};

/// Standard shogi's evaluation.
pub struct Shogi;

impl Evaluator for Shogi {
    fn score(&self, pos: &Position, player: Player) -> i32 {
        against(sides(pos, &WEIGHTS), 2, player)
    }

    fn value(&self, kind: Kind) -> i32 {
        BOARD.get(kind.index()).copied().unwrap_or(0)
    }
}
