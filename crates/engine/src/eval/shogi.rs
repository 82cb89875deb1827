//! Standard shogi: a small neural network ([`super::net`], [`NET`]) learnt from a stronger
//! engine's scores of positions from the top level's games, with each king's zone among its
//! inputs ([`super::linear::KingZone`]: the king's neighbour cells the enemy attacks, those no
//! other own piece defends, the enemy's attacks on them, the pieces the enemy holds, the cells
//! the king may step to) and each side's attacked pieces ([`super::net::Threats`]), and the
//! entering king added to its score ([`in_camp`]): a king in the enemy camp is worth more the
//! nearer the impasse's points are, so the search heads for a declaration it can win.
//!
//! The hand-set weights ([`WEIGHTS`], of [`super::terms`]) give the pieces' values for ordering
//! captures and static exchanges, and were the learning's starting point; [`TABLE`] is the
//! learnt linear table the network replaced, kept to measure against (`level:8/table=`).
//!
//! The search's settings for this game are [`PROFILE`]. How each choice was measured is in
//! `docs/engine-history.md`; the levels' results in `docs/engine.md`.

use std::sync::OnceLock;

use super::linear::Layout;
use super::net::Net;
use super::terms::Weights;
use super::{Evaluator, SearchProfile};
use koma_rules::{GameId, Kind, Player, Position};

/// Kinds: king, rook, bishop, gold, silver, knight, lance, pawn, dragon, horse, promoted
/// silver, knight and lance, tokin.
pub const BOARD: [i32; 14] = [
    0, 990, 855, 540, 495, 405, 315, 90, 1395, 945, 540, 540, 540, 540,
];
/// In hand: rook to pawn.
pub const HAND: [i32; 8] = [0, 1100, 950, 600, 550, 450, 350, 110];
/// Standard shogi's search: late quiet moves skipped after half the default counts (a middle
/// game with pieces in hand has a hundred moves and more, most of them drops, ordered last),
/// steeper late-move reductions, checks extended only far from the leaves (with pieces in hand
/// nearly every line near the leaves has a check), and the cut by the static score further from
/// the leaves.
pub const PROFILE: SearchProfile = SearchProfile {
    steep_reductions: true,
    far_checks: true,
    deep_futility: true,
    late_quiet: [5, 9, 15],
    late_deep: [20, 27, 37],
    ..SearchProfile::DEFAULT
};
/// Per rank advanced.
pub const ADVANCE: [i32; 14] = [0, 0, 0, 1, 3, 2, 1, 4, 0, 0, 1, 1, 1, 2];

/// The hand-set weights: the learning's starting point.
pub const WEIGHTS: Weights = Weights {
    board: &BOARD,
    hand: &HAND,
    advance: &ADVANCE,
    guard: 30,
    attacker: 25,
    enemy_hand: 6,
    royal_in_camp: 200,
};

/// Standard shogi's features: 9 files (5 after folding), 9 ranks, 14 kinds, pawns (kind 7)
/// the last that can be held.
pub const LAYOUT: Layout = Layout::new(9, 9, 14, 7);

/// The learnt weights, in [`LAYOUT`]'s order (`koma tune` prints them; see the module's docs).
#[rustfmt::skip]
pub const TABLE: [i16; 1149] = [
    198, 213, 214, -21, -11, -33, 12, -11, -8, 209, 224, 173, 9, 3,
    -18, 50, 111, 62, 207, 200, 178, 5, -19, -16, 10, 53, -43, 200,
    180, 199, 1, -1, -1, 5, 11, -49, 200, 218, 200, 2, 4, -19,
    -29, -48, -27, 1000, 1005, 992, 1008, 996, 1009, 975, 898, 973, 996, 1012,
    1005, 1034, 1033, 1021, 1011, 917, 1001, 985, 1003, 995, 1000, 1002, 993, 952,
    967, 956, 997, 1006, 999, 980, 988, 976, 987, 1027, 957, 998, 997, 988,
    986, 1009, 1001, 999, 1019, 990, 849, 841, 861, 859, 845, 833, 808, 837,
    791, 855, 872, 857, 824, 851, 831, 854, 837, 844, 853, 872, 863, 839,
    832, 834, 880, 837, 798, 876, 862, 876, 843, 846, 897, 859, 815, 836,
    856, 861, 866, 855, 857, 863, 895, 844, 810, 485, 529, 553, 504, 546,
    518, 538, 528, 543, 516, 587, 536, 538, 557, 547, 524, 557, 536, 549,
    553, 584, 537, 572, 588, 537, 580, 582, 549, 588, 579, 557, 574, 576,
    658, 611, 575, 540, 577, 581, 556, 557, 605, 587, 603, 594, 518, 524,
    513, 499, 496, 510, 499, 482, 503, 499, 522, 516, 486, 506, 478, 526,
    528, 474, 533, 499, 498, 524, 510, 544, 538, 513, 463, 504, 522, 530,
    535, 525, 555, 562, 523, 464, 523, 503, 502, 501, 519, 562, 538, 500,
    479, 421, 419, 407, 373, 391, 387, 216, 404, 394, 421, 419, 381, 396,
    288, 395, 376, 373, 329, 421, 419, 389, 350, 399, 356, 329, 385, 390,
    421, 419, 397, 376, 379, 354, 399, 370, 387, 421, 419, 387, 394, 448,
    405, 379, 386, 389, 323, 305, 317, 252, 330, 284, 194, 238, 263, 323,
    323, 330, 322, 331, 319, 304, 293, 309, 323, 332, 319, 319, 307, 337,
    287, 307, 298, 323, 306, 324, 327, 324, 321, 287, 251, 314, 323, 300,
    325, 320, 330, 337, 329, 331, 309, 122, 55, 85, 177, 78, 77, 42,
    85, 96, 122, 91, 142, 148, 76, 70, 82, 60, 98, 122, 84, 94,
    155, 109, 102, 36, 91, 104, 122, 105, 87, 169, 161, 150, 132, 27,
    85, 122, 137, 84, 115, 188, 134, 98, 79, 98, 1360, 1404, 1343, 1368,
    1398, 1398, 1392, 1350, 1390, 1374, 1412, 1379, 1355, 1405, 1388, 1400, 1398, 1403,
    1392, 1435, 1385, 1374, 1390, 1393, 1408, 1390, 1406, 1427, 1433, 1408, 1418, 1407,
    1404, 1389, 1393, 1387, 1395, 1373, 1413, 1405, 1394, 1406, 1386, 1399, 1395, 1025,
    967, 982, 954, 957, 951, 952, 951, 956, 979, 984, 1006, 982, 963, 963,
    950, 951, 948, 975, 989, 1027, 1001, 978, 971, 987, 949, 943, 958, 985,
    1001, 989, 1002, 1005, 952, 963, 944, 953, 952, 964, 977, 995, 982, 956,
    943, 941, 448, 511, 533, 550, 541, 543, 542, 541, 540, 515, 530, 565,
    540, 546, 543, 542, 541, 540, 528, 517, 537, 531, 546, 543, 542, 541,
    540, 551, 537, 576, 539, 547, 548, 542, 541, 540, 558, 549, 564, 547,
    541, 543, 542, 541, 540, 499, 517, 506, 523, 538, 543, 542, 541, 540,
    534, 493, 517, 546, 544, 543, 542, 541, 540, 490, 517, 558, 545, 544,
    543, 542, 541, 540, 530, 553, 537, 543, 546, 543, 542, 541, 540, 547,
    546, 537, 550, 546, 543, 542, 541, 540, 402, 517, 490, 546, 544, 543,
    542, 541, 540, 453, 530, 535, 547, 544, 543, 542, 541, 540, 534, 526,
    542, 546, 543, 543, 542, 541, 540, 481, 530, 562, 539, 546, 543, 542,
    541, 540, 507, 550, 552, 554, 544, 543, 542, 541, 540, 394, 467, 493,
    536, 546, 547, 544, 542, 540, 372, 499, 567, 531, 547, 545, 544, 542,
    540, 441, 481, 529, 555, 548, 546, 544, 542, 540, 482, 511, 629, 564,
    549, 546, 544, 542, 540, 535, 545, 569, 551, 548, 546, 544, 542, 540,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, -16, 47, 30, 16, -11, 2, 36, -85, 34, 17, 12, -4, -20,
    -7, 18, -5, 36, 30, 12, -3, 19, 28, 79, -17, 0, 0, 22,
    0, -42, 4, 23, 97, 30, 58, 13, 19, 75, 69, 68, 33, 37,
    40, 44, 36, 33, 35, 90, 30, 64, 11, 41, 65, 96, 50, 64,
    38, 21, 42, -7, -12, -3, 39, 30, 100, 13, -10, 15, -12, 81,
    -4, -2, -44, 6, 15, 15, 16, 18, 30, 30, -12, 19, 6, 49,
    66, 53, -2, 10, 33, 38, 22, 82, 113, 30, -33, 6, 46, 102,
    47, 5, 9, 29, 12, 8, -25, -11, -3, 30, 30, 34, 5, -16,
    8, 1, 37, 3, 9, 10, -5, 11, 11, 6, 36, 30, 24, 1,
    67, 38, 50, 41, 7, 34, 14, 8, 4, 4, -1, 19, 30, 29,
    0, -14, 40, 27, 31, 1, -15, 1, 2, 1, 0, -2, 36, 30,
    47, 0, -14, 25, 30, 11, 0, -6, -8, -1, 4, 0, -4, 24,
    30, 30, 7, 4, 3, 48, 42, 5, -3, -7, 4, -9, 0, 3,
    41, 30, 38, -1, -17, 43, 72, 62, 10, -16, -32, 12, 26, 2,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 16, 25, 25, 25, 21, 26, 29, 25, 47, 1, 31, 36, 35,
    38, 36, 24, 28, 25, 26, 21, 32, 25, 39, 25, 21, 25, 24,
    49, 14, 30, 30, 25, 25, 25, 62, 19, 46, 25, 25, 75, 37,
    24, 64, 98, 56, 44, 45, 25, 25, 30, 38, 25, 76, 25, 54,
    10, 10, 25, 38, 56, 25, 24, 25, -30, 9, 25, 25, 9, 10,
    25, 16, 20, 20, -31, -35, 23, 25, 25, 25, 39, 30, 20, 20,
    21, 36, 23, 22, 24, 33, 34, -9, 19, 25, 25, 49, 29, -8,
    35, 44, 76, 15, 36, 64, 18, 63, 32, 25, 25, 25, 25, 47,
    25, 25, 25, 41, 69, 41, 46, 38, 20, 35, 25, 25, 25, 40,
    39, 25, 25, 25, 49, 49, 38, 47, 57, 65, 25, 25, 25, 25,
    24, 27, 23, 25, 25, 35, 28, 34, 28, 43, 30, 23, 25, 25,
    25, 29, 28, 24, 25, 25, 30, 35, 10, 32, 56, 33, 28, 25,
    25, 25, 30, 41, 31, 25, 25, 31, 23, 20, 29, 30, 32, 34,
    25, 25, 25, 26, 42, 18, 25, 25, 43, 69, 73, 93, 68, 40,
    1060, 1074, 1100, 1100, 923, 896, 950, 950, 694, 523, 547, 590, 674, 486,
    510, 551, 522, 358, 353, 447, 452, 280, 301, 341, 178, 129, 75, 43,
    3, 5, -38, -22, -4, -21, -7, 197, 119, 91, 9, -70, -112, -87,
    -77, -34, -10, 161, -51, -141, -116, -122, -39, -21, -3, -2, 119, 125,
    47, -54, -98, -95, -93, -64, -34, -26, -7, -3, -2, 0, 0, 0,
    -4, 44, 47, 118, 11, 63, 37, -18, 49, 47, 4, -71, 41, 35,
    3, -110, -17, -37, -32, -164, -144, -47, 37, 80, 81, 60, 9, 7,
    1,
];

/// The network standard shogi plays with: `shogi.net` as `koma train` wrote it, packed by the
/// build script ([`super::packed`]).
pub const NET: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/shogi.net.packed"));

/// [`NET`], read once.
pub fn net() -> Option<&'static Net> {
    static READ: OnceLock<Option<Net>> = OnceLock::new();
    super::net::built_in(&READ, NET, GameId::Shogi)
}

/// The entering king, added to the network's score: [`WEIGHTS`]' king in the enemy camp for
/// `player`'s king there, less the same for the enemy's king in `player`'s camp (see the
/// module's docs).
pub fn in_camp(pos: &Position, player: Player) -> i32 {
    let v = pos.variant();
    [player, player.opponent()]
        .into_iter()
        .zip([1, -1])
        .filter(|&(p, _)| pos.king(p).is_some_and(|k| v.in_zone(p, k)))
        .map(|(_, sign)| sign * WEIGHTS.royal_in_camp)
        .sum()
}

/// Standard shogi's evaluation.
pub struct Shogi;

impl Evaluator for Shogi {
    fn score(&self, pos: &Position, player: Player) -> i32 {
        match net() {
            Some(net) => net.score(pos, player) + in_camp(pos, player),
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
    use koma_rules::notation::read_position;
    use koma_rules::{Game, GameId, RuleOptions};

    #[test]
    fn the_table_fits_the_game() {
        let game = Game::new(GameId::Shogi, RuleOptions::default());
        assert_eq!(Layout::of(game.position()), LAYOUT);
        assert_eq!(TABLE.len(), LAYOUT.len());
    }

    #[test]
    fn the_learnt_weights_keep_the_material_and_the_kings_safety() {
        let at = |sfen: &str| {
            LAYOUT.score_for(
                &read_position(GameId::Shogi, sfen).unwrap(),
                &TABLE,
                Player::FIRST,
            )
        };
        let start = at("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
        assert_eq!(start, i32::from(TABLE[LAYOUT.len_without_zone() - 1]));
        // the second player's rook gone: far ahead; in the first player's hand: further
        let rook_up = at("lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
        assert!(rook_up > start + 600, "{rook_up}");
        assert!(
            at("lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b R 1") > rook_up + 600
        );
        // a bare king whose neighbours a rook sweeps is worse off than one left alone
        let swept = at("4k4/9/9/9/9/9/9/8r/4K4 b - 1");
        let alone = at("r3k4/9/9/9/9/9/9/9/4K4 b - 1");
        assert!(swept < alone, "{swept} {alone}");
        // the king's entry into the enemy camp (impasse and the declaration count it): on each
        // file, worth more on the camp's three ranks than anywhere else
        // (the king's cells come first in the table: file by file, rank by rank)
        for file in 0..5 {
            let king = |rank: usize| i32::from(TABLE[file * 9 + rank]);
            let camp = (0..3).map(king).min().unwrap();
            let elsewhere = (3..9).map(king).max().unwrap();
            assert!(camp > elsewhere + 50, "file {file}: {camp} {elsewhere}");
        }
        // seen by the second player, the same score turned
        let p = read_position(GameId::Shogi, "4k4/9/9/9/9/9/9/8r/4K4 b - 1").unwrap();
        assert_eq!(LAYOUT.score_for(&p, &TABLE, Player::SECOND), -swept);
    }

    #[test]
    fn the_network_is_read_and_knows_the_material_and_the_entering_king() {
        let net = net();
        assert!(
            net.is_some_and(|n| n.inputs.zone()),
            "{:?}",
            Net::unpacked(NET, &Position::start(GameId::Shogi)).map(|n| n.inputs.zone())
        );
        let at =
            |sfen: &str| Shogi.score(&read_position(GameId::Shogi, sfen).unwrap(), Player::FIRST);
        let start = at("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
        assert!(start.abs() < 150, "{start}");
        // the second player's rook gone: far ahead; in the first player's hand: further
        let rook_up = at("lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
        assert!(rook_up > start + 600, "{rook_up}");
        assert!(
            at("lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b R 1") > rook_up + 600
        );
        // the entering king: its king in the enemy camp is worth the hand-set weight more to a
        // player than the network says, the enemy's in its own camp as much less
        let net = net.unwrap();
        for (sfen, camp) in [
            (
                "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
                0,
            ),
            (
                "ln3k1nl/1r1sg2b1/p1ppK1spp/1p4p2/9/9/PPPPPPPPP/1B5R1/LNSG1GSNL b G 1",
                200,
            ),
            (
                "ln3g1nl/1r1sg2b1/p1pp2spp/1p4p2/9/9/PPPPPPPPP/1Bk4R1/LNSGKGSNL w - 1",
                -200,
            ),
        ] {
            let p = read_position(GameId::Shogi, sfen).unwrap();
            for (player, sign) in [(Player::FIRST, 1), (Player::SECOND, -1)] {
                assert_eq!(
                    Shogi.score(&p, player),
                    net.score(&p, player) + sign * camp,
                    "{sfen}"
                );
            }
        }
        assert_eq!(WEIGHTS.royal_in_camp, 200);
        // seen by the other player, the same score turned
        let p = read_position(
            GameId::Shogi,
            "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        )
        .unwrap();
        assert_eq!(Shogi.score(&p, Player::SECOND), -rook_up);
    }
}
