//! Minishogi: a linear evaluation ([`super::linear`]) whose weights were learnt from a
//! stronger engine's judgement: each quiet position of the top level's games against itself
//! scored by Fairy-Stockfish's 8-ply search, and the table fitted so that its score predicts
//! that judgement (`koma tune minishogi <records> --teacher-depth 8 --lambda 0`; the command,
//! the games and the matches are in the README). The hand-set weights ([`WEIGHTS`], of
//! [`super::terms`]: pawns and drops weigh more than in standard shogi, guards and attackers
//! near the king more, no bonus for entering the enemy camp as there is no impasse) were the
//! learning's starting point; they still give the pieces' values for ordering captures and for
//! static exchanges.
//!
//! Why it replaced the hand-set evaluation, measured with the top level (the README's results
//! table has each command): against the hand-set evaluation 56.0 % (56-0-44, 100 games at 50k
//! nodes a move); against Fairy-Stockfish at lishogi's level 6 (400 ms a move) 47.5 % over 80
//! games, where the hand-set evaluation scored 40.0 % over 40 in the same session; with the
//! search's late-move parts of the same time, 52.5 % over 200 games (105-0-95).
//!
//! The first learning: 837 games (`koma match minishogi level:8 level:8 --nodes 20000
//! --opening 6 --record --games 400` and `--first 400 --games 437`), 10,123 quiet positions,
//! `koma tune minishogi <both files> --teacher-depth 8 --lambda 0 --skip 6 --l2 1e-7 --epochs
//! 300`; the error against the teacher on the games kept out fell from 0.0396 to 0.0286.
//!
//! The table now played adds the king's zone ([`super::linear`]) and 1,000 more games
//! (`koma match minishogi level:8 level:8 --nodes 10000 --opening 6 --record --first 3000
//! --games 1000`): 1,953 games with the first files, 22,735 quiet positions, the same command. On the games kept
//! out the error was 0.0423 for the hand-set weights, 0.0314 for the table learnt from these
//! positions without the zone, 0.0295 with it. Against the first table (50k nodes a move, 200
//! games, two processes of 100): the one without the zone 49.5 % (99-0-101: twice the positions
//! alone gained nothing), the one with it 54.5 % (109-0-91).

use super::Evaluator;
use super::linear::Layout;
use super::terms::Weights;
use koma_rules::{Kind, Player, Position};

/// Kinds as in shogi (no knight or lance in this game).
pub const BOARD: [i32; 14] = [0, 900, 800, 600, 550, 0, 0, 150, 1250, 1050, 600, 0, 0, 600];
/// In hand.
pub const HAND: [i32; 8] = [0, 1000, 900, 660, 610, 0, 0, 200];
/// Per rank advanced.
pub const ADVANCE: [i32; 14] = [0, 0, 0, 2, 4, 0, 0, 6, 0, 0, 2, 0, 0, 3];

/// The hand-set weights: the learning's starting point.
pub const WEIGHTS: Weights = Weights {
    board: &BOARD,
    hand: &HAND,
    advance: &ADVANCE,
    guard: 40,
    attacker: 40,
    enemy_hand: 10,
    royal_in_camp: 0,
};

/// Minishogi's features: 5 files (3 after folding), 5 ranks, shogi's 14 kinds, pawns (kind 7)
/// the last that can be held.
pub const LAYOUT: Layout = Layout::new(5, 5, 14, 7);

/// The learnt weights, in [`LAYOUT`]'s order (`koma tune` prints them; see the module's docs).
#[rustfmt::skip]
pub const TABLE: [i16; 729] = [
    -1, -1, -6, 5, 33, 1, -1, -4, -6, -4, 0, -1, -2, -4,
    -8, 913, 902, 898, 885, 882, 906, 902, 902, 894, 901, 904, 901, 900,
    898, 904, 800, 788, 796, 793, 797, 802, 804, 805, 805, 763, 801, 802,
    805, 801, 791, 605, 601, 604, 594, 595, 606, 611, 624, 624, 609, 607,
    609, 617, 620, 606, 565, 560, 554, 553, 548, 566, 571, 568, 572, 548,
    566, 565, 587, 569, 536, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 174, 167, 165, 174, 152, 174, 167,
    166, 156, 151, 174, 168, 166, 156, 150, 1248, 1249, 1248, 1248, 1249, 1252,
    1251, 1250, 1250, 1248, 1250, 1251, 1251, 1250, 1250, 1047, 1048, 1050, 1050, 1050,
    1052, 1053, 1053, 1051, 1050, 1050, 1051, 1052, 1050, 1050, 605, 605, 604, 602,
    600, 605, 607, 604, 602, 600, 607, 606, 604, 602, 600, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 606,
    609, 606, 603, 600, 612, 610, 606, 603, 600, 613, 609, 606, 603, 600,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 1, 37, 40, 35, 0, 0, 34, 30, 38, -1, -1, -2, 4,
    -2, 0, -3, 36, 40, 39, 0, 3, 46, 30, 35, -1, 2, 3,
    -11, -4, -1, -2, 38, 40, 38, -1, 6, 54, 58, 39, -2, 10,
    18, 8, -1, 0, 2, 38, 40, 37, 0, 5, 51, 39, 35, -1,
    20, 12, 2, -1, -1, 0, 40, 40, 40, 0, 0, 40, 40, 40,
    0, 0, 0, 0, 0, 0, 0, 40, 40, 40, 0, 0, 40, 40,
    40, 0, 0, 0, 0, 0, 0, 7, 84, 40, 35, -1, 1, 40,
    36, 37, -1, 2, -4, -1, -1, 0, -1, 38, 40, 40, 0, 1,
    39, 39, 40, -1, 0, 0, 1, 0, 0, 0, 39, 40, 40, 0,
    2, 41, 41, 40, 0, 1, 1, 0, 0, 0, 0, 40, 40, 40,
    0, 0, 40, 40, 40, 0, 0, 0, 0, 0, 0, 0, 40, 40,
    40, 0, 0, 40, 40, 40, 0, 0, 0, 0, 0, 0, 0, 40,
    40, 40, 0, 0, 40, 40, 40, 0, 0, 0, 0, 0, 0, -1,
    40, 40, 40, 0, 0, 40, 40, 40, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 41, 40, 40, 40, 41, 41, 42, 40, 42, 42, 41, 42, 45,
    41, 39, 40, 40, 40, 42, 42, 41, 40, 41, 40, 42, 41, 41,
    42, 45, 44, 39, 40, 40, 40, 48, 40, 43, 40, 40, 55, 39,
    41, 45, 50, 52, 40, 40, 40, 40, 48, 40, 40, 44, 40, 55,
    40, 41, 44, 50, 60, 40, 40, 40, 40, 40, 40, 40, 40, 40,
    40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40,
    40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 42, 40, 40,
    41, 42, 46, 40, 40, 40, 45, 44, 40, 40, 40, 40, 40, 41,
    40, 40, 40, 40, 40, 41, 41, 41, 41, 40, 40, 40, 40, 40,
    41, 40, 40, 40, 41, 40, 40, 41, 41, 41, 40, 40, 40, 40,
    40, 40, 40, 40, 40, 40, 40, 39, 40, 40, 40, 40, 40, 40,
    40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40,
    40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40,
    40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40,
    971, 996, 1000, 1000, 863, 890, 900, 900, 658, 657, 660, 660, 597, 607,
    610, 610, 0, 0, 0, 0, 0, 0, 0, 0, 204, 199, 200, 200,
    38, 44, -24, -6, -10, -10, -24, 116, 39, 26, -15, -20, -13, -10,
    -4, -2, -1, 45, -2, -18, -11, -8, -3, -1, -1, 0, 39, 30,
    -7, -17, -15, -10, -8, -5, -2, -2, -1, 0, 0, 0, 0, 0,
    2, 8, 10, 19, 7, 4, 5, 9, -8, -11, 0, 5, -5, -12,
    -3, 1, -7, -16, -6, 0, -22, 1, 10, 4, 4, 2, 1, 0,
    0,
];

/// Minishogi's evaluation.
pub struct Minishogi;

impl Evaluator for Minishogi {
    fn score(&self, pos: &Position, player: Player) -> i32 {
        let s = LAYOUT.score(pos, &TABLE);
        if player == Player::FIRST { s } else { -s }
    }

    fn value(&self, kind: Kind) -> i32 {
        BOARD.get(kind.index()).copied().unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)] // test code: a failure is a test failure
    use super::*;
    use koma_rules::{Game, GameId, RuleOptions};

    #[test]
    fn the_table_fits_the_game() {
        let game = Game::new(GameId::Minishogi, RuleOptions::default());
        assert_eq!(Layout::of(game.position()), LAYOUT);
        assert_eq!(TABLE.len(), LAYOUT.len());
    }

    #[test]
    fn the_learnt_weights_keep_the_material() {
        use koma_rules::notation::read_position;
        let at = |sfen: &str| {
            Minishogi.score(
                &read_position(GameId::Minishogi, sfen).unwrap(),
                Player::FIRST,
            )
        };
        // the start is the same for both but for the move
        let start = at("rbsgk/4p/5/P4/KGSBR b - 1");
        assert_eq!(start, i32::from(TABLE[LAYOUT.len_without_zone() - 1]));
        // the second player's rook gone: far ahead; the rook in the first player's hand: more
        let rook_up = at("1bsgk/4p/5/P4/KGSBR b - 1");
        assert!(rook_up > start + 500, "{rook_up}");
        assert!(at("1bsgk/4p/5/P4/KGSBR b R 1") > rook_up + 500);
        // the same seen by the second player
        let p = read_position(GameId::Minishogi, "1bsgk/4p/5/P4/KGSBR b - 1").unwrap();
        assert_eq!(Minishogi.score(&p, Player::SECOND), -rook_up);
    }
}
