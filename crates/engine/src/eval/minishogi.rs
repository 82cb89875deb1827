//! Minishogi: a small neural network ([`super::net`], [`NET`]) learnt from a stronger
//! engine's judgement: quiet positions of the top level's games against itself, each scored by
//! Fairy-Stockfish's 8-ply search, and the network fitted so that its score predicts that
//! judgement (`koma train`; the commands, the positions and the matches are in the README),
//! and, for the network played now, partly the games' results (below).
//! The hand-set weights ([`WEIGHTS`], of [`super::terms`]: pawns and drops weigh more than in
//! standard shogi, guards and attackers near the king more, no bonus for entering the enemy
//! camp as there is no impasse) give the pieces' values for ordering captures and for static
//! exchanges, and the network's straight unit started from them.
//!
//! Why the network replaced the learnt table ([`TABLE`], below), measured with the top level
//! at equal time (the README's results table has each command):
//! - On the positions kept out of the learning, its error against the teacher is less than
//!   half the table's (0.0138 against 0.0319 for the first network played, 110,578 positions).
//! - It costs speed, less than it gains: from the start, 2M nodes, the search ran at 320k
//!   nodes/s with it against 430k with the table, on this machine while two other processes
//!   ran (the search's cache of scores spares most positions a second pass).
//! - Against the table at 100 ms a move the first network, learnt from 78,890 positions,
//!   scored 66.0 % (66-0-34, 100 games, `--paired`), and the one learnt from 110,578 scored
//!   58.0 % against that first one (58-0-42, 100 games).
//! - Against Fairy-Stockfish at lishogi's level 7 (500 ms a move) the network of 110,578
//!   positions scored 47.5 % over 160 games (76-0-84), where the table scored 35.0 % in the
//!   first 80.
//!
//! The networks since learnt from more positions, each from the caches of all the games below
//! (a position met twice counted once), the newest caches from games that the network before
//! played against itself (so that the positions are those its own search meets):
//! - 199,672 positions (6,000 games played by the network of 110,578), the network played
//!   until the one below (the network the one played now learnt on from): error kept out 0.0142, the network before's 0.0151 on the same positions; 67.0 %
//!   against it at 100 ms a move (67-0-33, 100 games, `--paired --opening-level 3`); against
//!   Fairy-Stockfish's level 7 53.3 % over 240 games (128-0-112), and 36.2 % against level 8
//!   over 80 (29-0-51, 1000 ms a move: 16-0-24 in the first 40, 13-0-27 in the next); with
//!   the search's unfinished iteration's move, 44.0 % over 100 (44-0-56).
//! - 256,528 positions (6,000 more games, played by the network of 199,672), left out: error
//!   kept out 0.0138, the network played's 0.0143, and 55.5 % against it (111-0-89, 200 games,
//!   as above), but against Fairy-Stockfish it did not play better: 43.8 % against level 7 in
//!   the first 80 games (35-0-45, where the network played scored 41-0-39) and 36.2 % against
//!   level 8 over 80 (29-0-51: the same as the network played, in the same games). Beating its
//!   own kind is not beating a stronger engine, and Fairy-Stockfish is what the levels are
//!   measured against.
//! - A deeper teacher, left out. An 8-ply score is a noisy target: over 369 positions its
//!   target (the logistic function of the score) differs from the 12-ply search's by 0.0108
//!   (mean squared), where the 10-ply search's differs by 0.0032; 8 and 10 plies differ by
//!   0.0076 over the 28,980 positions of one cache. The 10-ply teacher scores 21 positions a
//!   second (8 plies: 57; 12 plies: 6.3), so the newest four caches (116,406 positions, the
//!   games played by the networks of 110,578 and 199,672) were scored again at 10 plies
//!   (`koma tune minishogi <games> --teacher-depth 10 --teacher-cache <new cache> --lambda 0
//!   --skip 6 --epochs 1`; 35 minutes on both cores). Learnt from those alone (`koma train
//!   minishogi <4 caches> --epochs 20`), a network scored 58.0 % against the network played
//!   (58-0-42, 100 games at 100 ms, `--paired --opening-level 3`); from those and the six
//!   older caches at 8 plies (256,528 positions), 58.0 % too, and 58.0 % against the first
//!   (58-0-42). Against Fairy-Stockfish's level 8 the second scored 36.2 % over 80 games
//!   (29-0-51, 1000 ms a move, with the unfinished iteration's move of the search), the same
//!   29-0-51 as the network played in the same games (without it), so it stays out with the
//!   network of 256,528 above: in both, the gain over the network played does not carry over
//!   to the stronger engine.
//!
//! **The network played now: the games' results in its targets.** Every network above learnt
//! only the teacher's scores, and the teacher is the engine the levels are measured against:
//! a network that learns to judge as it judges gains little against it, however well it
//! learns (each beat its own kind and none beat Fairy-Stockfish more often). The network
//! played now is the one of 199,672 positions (above) learnt on from 39,283 new positions
//! whose targets are 0.3 of their games' result for the side to move and 0.7 of the teacher's
//! score (`koma train --records <games> --lambda 0.3`): 4,000 games of the top level against
//! itself at 20k nodes a move (`koma match minishogi level:8 level:8 --nodes 20000 --opening 8
//! --record --first 310000 --games 2000`, and `--first 312000`), their quiet positions scored
//! by Fairy-Stockfish's 8-ply search (`koma tune minishogi <games> --teacher-depth 8
//! --teacher-cache <scores> --lambda 0 --skip 6 --epochs 1`), then `koma train minishogi <2
//! caches> --records <2 games files> --lambda 0.3 --from <the network before> --epochs 10
//! --rate 3e-4` (the fifth pass kept; on the blended targets kept out, error 0.0226 where the
//! network before has 0.0246). Against Fairy-Stockfish's level 8 (1000 ms a move, `--paired
//! --opening-level 3`, games 241-320) it scored 57.5 % (46-0-34: 11-0-9, 14-0-6, 10-0-10,
//! 11-0-9), where the network before scored 50.0 % in the same 80 games (40-0-40); of the 26
//! games whose winner differed, it won 16.
//! Built in, in games 321-360 (`--first 320` and `--first 340`), it scored 20-0-20: **55.0 %
//! over the 120 games it has played (66-0-54)**, so minishogi's top level reaches lishogi's
//! level 8 (the top of the ladder).
//!
//! **The threats**, left out: the network of 199,672 positions widened with each side's attacked pieces
//! among its inputs ([`super::net::Threats`], without the kings' zones; [`Net::widened`]: the
//! new weights start at 0) and learnt on from 134,333 new positions: 14,000 games of the top
//! level against itself (`koma match minishogi level:8 level:8 --nodes 10000 --opening 8
//! --record --first <F> --games 1000`, F = 200000 to 213000), their quiet positions scored as
//! above (`koma tune minishogi <games> --teacher-depth 8 --teacher-cache <scores> --lambda 0
//! --skip 6 --epochs 1`), then `koma train minishogi <14 caches> --from <the network built
//! in> --threats --epochs 10 --rate 3e-4` (the fourth pass kept). On the new positions kept
//! out its error is 0.0154, where the network built in has 0.0241 (these games open with
//! eight random plies, those before with six: more pieces stand attacked); the network built
//! in learnt on the same way without the threats reached 0.0178 (from the first 77,668
//! positions), and with the kings' zones as well as the threats 0.0150. Against the network
//! built in at 100 ms a move it scored 59.0 % (59-0-41, 100 games, `--paired
//! --opening-level 3`; so did the one with the zones too), and it beat the greedy player in
//! all 40 games (`--nodes 100000`). But against Fairy-Stockfish's level 8 (1000 ms a move,
//! `--paired --opening-level 3`, six runs of 20 games) it scored 39.2 % over games 1-120
//! (47-0-73: 22-0-18 in 1-40, 15-0-25 in 41-80, 10-0-30 in 81-120), where the network built
//! in scored 45.0 % in the same games (54-0-66, with the searches of their days): as with the
//! network of 256,528 positions above, better against its own kind and not against the
//! stronger engine, so the network built in then stayed. With the threats network null moves also
//! cost nodes from the balanced start (53,155 against 35,428 to ten plies).
//!
//! The search tries null moves here ([`Evaluator::null_move`]; the other games do not): with
//! them the top level scored 46.7 % against Fairy-Stockfish's level 8 over 60 games (1000 ms
//! a move, balanced openings from both seats), where it scored 35.0 % without them in the
//! same games, 46.2 % over 80 and 47.5 % over 160 ([`crate::search::Pruning`] has the
//! matches).
//!
//! Left out, each against the network before it:
//! - the kings' zones among the inputs ([`super::net::Inputs::with_zone`], as standard shogi's
//!   network has them), from the same 199,672 positions (`--zone`): error 0.0136, and 46.0 %
//!   (46-0-54, 100 games at 100 ms a move, `--paired --opening-level 3`) against the network
//!   played; on this small board the zone's attack counts cost more than they tell;
//! - a first layer twice as wide (64 units, from 110,578 positions) lowered the error a little
//!   (0.0136) and scored 46.0 % (46-0-54) at equal time;
//! - 142,588 positions with weight decay (`--weight-decay 1 --epochs 40`) lowered it to 0.0130
//!   (0.0140 without the decay) and scored 48.0 % (48-0-52);
//! - 48 units from the 199,672 positions: error 0.0139, 59.0 % (59-0-41) against the network
//!   before, where the 32 units played now scored 67.0 % in the same games;
//! - the same 199,672 positions with weight decay (`--weight-decay 1 --epochs 30`): error
//!   0.0136, and 44.0 % (44-0-56) against the network learnt without it (the same 100 games).
//!
//! The error on positions kept out stops telling networks apart at about this level; only
//! matches do. Every network here was best on the positions kept out after 4 to 9 of its 20
//! passes and worse after: it learns the positions it sees faster than it generalises, so
//! more positions, not a wider layer, is what has helped.
//!
//! The positions (the network played learnt from the first eight caches, the one of 256,528
//! from all ten): 22,000 games of the top level against itself at 10k nodes a move (`koma
//! match minishogi level:8 level:8 --nodes 10000 --opening 6 --record`, `--first 10000 --games
//! 1000`, `--first 11000 --games 1000`, `--first 12500 --games 2500`, `--first 15000 --games
//! 2500`, `--first 20000 --games 3000`, `--first 30000 --games 3000` with the learnt table;
//! `--first 40000 --games 3000` and `--first 50000 --games 3000` with the network of 110,578
//! positions; `--first 60000 --games 3000` and `--first 70000 --games 3000` with the one of
//! 199,672), their quiet positions scored into caches by `koma tune minishogi <games>
//! --teacher-depth 8 --teacher-cache <scores> --lambda 0 --skip 6 --epochs 1`, and `koma train
//! minishogi <the caches> --epochs 20` (32 and 16 units, the epoch with the least error on the
//! positions kept out: the fourth, for both).
//!
//! The learnt table minishogi played with before: a linear evaluation ([`super::linear`])
//! learnt from the same teacher (`koma tune minishogi <records> --teacher-depth 8 --lambda 0`).
//! It scored 56.0 % (56-0-44, 100 games at 50k nodes a move) against the hand-set evaluation,
//! and 52.5 % over 200 games (105-0-95) against Fairy-Stockfish at lishogi's level 6. It is
//! kept as the evaluation to fall back on should the network not read (a test reads it) and as
//! the record of what the linear features reached. It was learnt from 837 games (`koma match
//! minishogi level:8 level:8 --nodes 20000 --opening 6 --record --games 400` and `--first 400
//! --games 437`), 10,123 quiet positions, `koma tune minishogi <both files> --teacher-depth 8
//! --lambda 0 --skip 6 --l2 1e-7 --epochs 300`; the error against the teacher on the games
//! kept out fell from 0.0396 to 0.0286.
//!
//! The table has no weights for the king's zone ([`super::linear`]), so the zone is not worked
//! out. Learnt with it from 1,953 games (1,000 more: `koma match minishogi level:8 level:8
//! --nodes 10000 --opening 6 --record --first 3000 --games 1000`), 22,735 positions, the error
//! on the games kept out was 0.0295 (0.0314 from the same positions without the zone, 0.0423
//! for the hand-set weights), and at 50k nodes a move it scored 54.5 % against this table
//! (109-0-91, 200 games; the one without the zone 49.5 %, 99-0-101: twice the positions alone
//! gained nothing). But the zone's attack counts slow this small board's search by a third
//! (527k nodes/s from the start, against about 800k), and at 200 ms a move it scored 46.0 %
//! (46-0-54, 100 games: `koma match minishogi level:8 level:8/table=<this table> --movetime
//! 200 --games 50`, and `--first 50`, with the zone's table built in), so the table stayed
//! without it.

use std::sync::OnceLock;

/// Minishogi's search: null moves (a deeper search pays more than the reduced searches miss),
/// and levels 6 and 7 capped at 40k and 200k nodes (the small board goes far deeper on the
/// same nodes).
pub const PROFILE: SearchProfile = SearchProfile {
    null_move: true,
    level_nodes: (40_000, 200_000),
    ..SearchProfile::DEFAULT
};

use super::linear::Layout;
use super::net::Net;
use super::terms::Weights;
use super::{Evaluator, SearchProfile};
use koma_rules::{GameId, Kind, Player, Position};

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
pub const TABLE: [i16; 666] = [
    -2, -1, -6, 1, 48, 0, -1, -2, -13, -7, -1, 0, -2, -6,
    -9, 913, 905, 898, 887, 885, 907, 903, 900, 893, 906, 905, 900, 900,
    898, 902, 799, 786, 796, 794, 796, 802, 803, 804, 801, 763, 800, 801,
    806, 806, 791, 606, 600, 603, 593, 594, 606, 611, 626, 629, 606, 607,
    609, 619, 618, 603, 564, 562, 554, 553, 547, 566, 572, 574, 573, 549,
    566, 566, 586, 568, 533, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 174, 165, 165, 175, 151, 174, 166,
    162, 154, 151, 174, 168, 165, 159, 150, 1251, 1251, 1248, 1249, 1249, 1252,
    1252, 1249, 1253, 1248, 1251, 1250, 1250, 1252, 1250, 1046, 1047, 1049, 1049, 1050,
    1052, 1052, 1053, 1051, 1051, 1050, 1050, 1053, 1050, 1050, 606, 605, 604, 602,
    600, 605, 607, 604, 602, 600, 608, 606, 604, 602, 600, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 605,
    609, 607, 603, 600, 611, 610, 607, 603, 600, 612, 609, 606, 603, 600,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, -1, 38, 40, 37, 0, -1, 32, 28, 36, 0, 0, -2, 6,
    -3, 1, -5, 33, 40, 37, -1, 4, 44, 31, 37, -1, 2, 6,
    -11, -6, 0, -1, 38, 40, 34, -1, 6, 57, 56, 37, -3, 12,
    18, 9, -2, 0, 2, 36, 40, 37, 0, 6, 56, 36, 34, 0,
    21, 9, -1, -2, -1, 0, 40, 40, 40, 0, 0, 40, 40, 40,
    0, 0, 0, 0, 0, 0, 0, 40, 40, 40, 0, 0, 40, 40,
    40, 0, 0, 0, 0, 0, 0, 10, 84, 40, 35, -1, -1, 37,
    32, 38, -1, 3, -2, -2, -2, 0, -1, 40, 40, 40, -1, 2,
    40, 39, 39, -1, 0, 1, 1, 0, 0, -1, 37, 40, 41, 0,
    3, 42, 41, 40, 0, 2, 1, -1, 1, 0, 0, 40, 40, 40,
    0, -1, 40, 40, 40, 0, 0, 0, 0, 0, 0, 0, 40, 40,
    40, 0, 0, 40, 40, 40, 0, 0, 0, 0, 0, 0, 0, 40,
    40, 40, 0, 0, 40, 40, 40, 0, 0, 0, 0, 0, 0, -1,
    41, 40, 40, 0, 0, 39, 40, 40, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 41, 40, 40, 40, 41, 41, 42, 40, 43, 43, 40, 43, 45,
    40, 39, 40, 40, 40, 41, 42, 41, 40, 40, 40, 47, 40, 41,
    42, 44, 45, 39, 40, 40, 40, 51, 40, 43, 40, 40, 56, 39,
    40, 46, 51, 55, 41, 40, 40, 40, 50, 40, 40, 43, 40, 60,
    40, 41, 45, 53, 62, 40, 40, 40, 40, 40, 40, 40, 40, 40,
    40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40,
    40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 41, 40, 40,
    41, 42, 44, 40, 40, 41, 46, 44, 40, 40, 40, 40, 40, 41,
    40, 40, 40, 40, 41, 42, 42, 41, 41, 40, 40, 40, 40, 40,
    41, 40, 40, 40, 41, 40, 40, 42, 42, 41, 40, 40, 40, 40,
    40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40,
    40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40,
    40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40,
    40, 40, 40, 40, 40, 40, 40, 40, 40, 41, 39, 40, 41, 40,
    970, 996, 1000, 1000, 855, 887, 900, 900, 657, 656, 660, 660, 591, 608,
    610, 610, 0, 0, 0, 0, 0, 0, 0, 0, 200, 199, 200, 200,
    34, 51, -27, 7, -10, -10, -18, 114,
];

/// The network minishogi plays with, as `koma train` wrote it (see the module's docs).
pub const NET: &str = include_str!("minishogi.net");

/// [`NET`], read once.
pub fn net() -> Option<&'static Net> {
    static READ: OnceLock<Option<Net>> = OnceLock::new();
    super::net::built_in(&READ, NET, GameId::Minishogi)
}

/// Minishogi's evaluation.
pub struct Minishogi;

impl Evaluator for Minishogi {
    fn score(&self, pos: &Position, player: Player) -> i32 {
        match net() {
            Some(net) => net.score(pos, player),
            // never: a test reads the network; the table is the way the game played before
            None => LAYOUT.score_for(pos, &TABLE, player),
        }
    }

    fn value(&self, kind: Kind) -> i32 {
        BOARD.get(kind.index()).copied().unwrap_or(0)
    }

    fn hand_value(&self, kind: Kind) -> i32 {
        HAND.get(kind.index()).copied().unwrap_or(0)
    }

    fn profile(&self) -> SearchProfile {
        PROFILE
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
        // without the king's zone (see the module's docs)
        assert_eq!(TABLE.len(), LAYOUT.len_without_zone());
    }

    #[test]
    fn the_network_is_read_and_plays() {
        assert!(
            net().is_some(),
            "{:?}",
            Net::read(NET, &Position::start(GameId::Minishogi))
        );
        let at = |sfen: &str| {
            Minishogi.score(
                &koma_rules::notation::read_position(GameId::Minishogi, sfen).unwrap(),
                Player::FIRST,
            )
        };
        // a rook up is far ahead, and more with a second rook in hand; seen from the other side
        // the same, turned
        let start = at("rbsgk/4p/5/P4/KGSBR b - 1");
        let rook_up = at("1bsgk/4p/5/P4/KGSBR b - 1");
        assert!(rook_up > start + 500, "{start} {rook_up}");
        assert!(at("1bsgk/4p/5/P4/KGSBR b R 1") > rook_up + 500);
        let p = koma_rules::notation::read_position(GameId::Minishogi, "1bsgk/4p/5/P4/KGSBR b - 1")
            .unwrap();
        assert_eq!(Minishogi.score(&p, Player::SECOND), -rook_up);
    }

    #[test]
    fn the_learnt_weights_keep_the_material() {
        use koma_rules::notation::read_position;
        let at = |sfen: &str| {
            LAYOUT.score_for(
                &read_position(GameId::Minishogi, sfen).unwrap(),
                &TABLE,
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
        assert_eq!(LAYOUT.score_for(&p, &TABLE, Player::SECOND), -rook_up);
    }
}
