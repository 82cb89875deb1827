//! Three Kingdoms shogi, for three players and for two: material on the board and in hand, the
//! general's guards and the enemy pieces near it, and the centre (a general reaching it wins
//! the three-player game when its owner's turn comes; one kept near it threatens to). A check
//! passes the turn to the checked player, so a general in check is answered at once: the
//! search follows the real turn order ([`crate::multi`]). A game ends with moves left (a general
//! taken), so the search asks the rules at every node.

use super::Evaluator;
use super::terms::{Weights, against, distance, sides};
use koma_rules::{Kind, Player, Position};

/// Kinds: general, cavalry, spearman, archer, infantry, promoted infantry.
pub const BOARD: [i32; 6] = [0, 450, 400, 400, 100, 350];
/// In hand.
pub const HAND: [i32; 6] = [0, 500, 450, 450, 120, 0];

/// The weights.
pub const WEIGHTS: Weights = Weights {
    board: &BOARD,
    hand: &HAND,
    advance: &[],
    guard: 25,
    attacker: 30,
    enemy_hand: 4,
    royal_in_camp: 0,
};

/// Each step a general stands from the centre (three players).
pub const CENTRE_STEP: i32 = 12;
/// A general next to the centre, and two steps from it (three players): one step from a win
/// when its turn comes round, so the others must keep it off (measured: without these terms a
/// greedy player's general walked to the centre and won against the top level).
pub const CENTRE_NEAR: [i32; 2] = [240, 60];
/// A general on the centre (three players): it wins when its owner's turn comes, in turn or
/// by a check, so only a capture at once can stop it, and a general never steps where it is
/// attacked; nearly a win.
pub const CENTRE_ON: i32 = 3000;

/// Three Kingdoms shogi's evaluation.
pub struct Sangoku;

impl Evaluator for Sangoku {
    fn score(&self, pos: &Position, player: Player) -> i32 {
        let v = pos.variant();
        let players = v.players();
        let mut total = sides(pos, &WEIGHTS);
        if players == 3
            && let Some(centre) = v.geometry.cells().find(|&c| v.geometry.is_hex_centre(c))
        {
            for p in 0..players {
                if let Some(g) = pos.king(Player(p)) {
                    let d = distance(pos, g, centre);
                    total[p as usize] -= CENTRE_STEP * d;
                    if d == 0 {
                        total[p as usize] += CENTRE_ON;
                    }
                    if let Some(&near) = CENTRE_NEAR.get((d - 1).max(0) as usize)
                        && d >= 1
                    {
                        total[p as usize] += near;
                    }
                }
            }
        }
        against(total, players, player)
    }

    fn value(&self, kind: Kind) -> i32 {
        BOARD.get(kind.index()).copied().unwrap_or(0)
    }

    fn ends_with_moves_left(&self) -> bool {
        true
    }
}
