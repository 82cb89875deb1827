//! Standard shogi: a small neural network ([`super::net`], [`NET`]) learnt from a stronger
//! engine's judgement, as minishogi's is ([`super::minishogi`]), with each king's zone among
//! its inputs ([`super::linear::KingZone`]: its neighbour cells the enemy attacks, those no
//! other own piece defends, the enemy's attacks on them, the attacked cells against the
//! pieces the enemy holds, the cells it may step to) and each side's attacked pieces
//! ([`super::net::Threats`]: by kind, those defended and those hanging, and how many hang),
//! and the entering king added to its score ([`in_camp`]).
//!
//! The network built in now is the one of the next paragraph learnt on with 80,706 positions
//! more: the quiet positions of 1,396 games of the top level against itself (`koma match shogi
//! level:8 level:8 --nodes 10000 --opening 8 --record --first 320000`, and `--first 325000`,
//! 698 games each), scored as below (`koma tune shogi <games> --teacher-depth 8
//! --teacher-cache <scores> --lambda 0 --skip 8 --epochs 1`), then `koma train shogi <2 caches>
//! --from <the network before> --teacher-scale 600 --weight-decay 1 --rate 5e-5 --epochs 6`
//! (the first pass kept: 0.006558 kept out, where the network before has 0.006676; the later
//! passes drew away from the positions kept out). Against the network before, 100 ms a move,
//! balanced openings from both seats: 62.0 % over 100 games (62-0-38: `koma match shogi
//! level:8/net=<file> level:8 --movetime 100 --paired --opening-level 3 --games 50`, and
//! `--first 50 --games 50`: 28-0-22, 34-0-16). Against Fairy-Stockfish's level 8 (1000 ms a
//! move, games 1-40: `koma match shogi level:8/net=<file> fsf:8 --movetime 1000 --paired
//! --opening-level 3 --games 20 --record`, and `--first 20`): 35.0 % (14-0-26: 6-0-14,
//! 8-0-12), where the network before scored 12-0-28 in the same games; built in, games
//! 41-60 (`--first 40`), 9-0-11, where the network before scored 8-0-12: 38.3 % over 60
//! (23-0-37); games 61-100 (`--first 60` and `--first 80`), 12-0-28: 35.0 % over 100 (35-0-65).
//! Level 8 is not reached; against level 7 (500 ms a move, games 1-40) it scored 65.0 %
//! (26-0-14). Minishogi's way of learning the games' results as
//! well (`koma train --records --lambda`, [`super::minishogi`]) did not carry over: with 0.3
//! of each target the result of these games, the error kept out on the blended targets rose
//! from the first pass at a step of 5e-5 (0.023215 to 0.023641) and barely moved at 1e-5 (to
//! 0.023145); with 0.1 at 2e-5, 0.008284 to 0.008181. Games of 10k nodes a move that open with
//! eight random plies are decided by chance more than minishogi's, and their results teach
//! little. The levels' steps with it, 40 balanced games each: level 2 against 1 100.0 %
//! (40-0-0), 3 against 2 97.5 % (39-0-1), 4 against 3 87.5 % (35-0-5), 5 against 4 85.0 %
//! (34-0-6); the others were not played again. A second round of the same (1,400 games more,
//! `--first 330000` and `335000`, 81,310 positions; `--epochs 4`, the second pass kept) lowered
//! the error kept out on its own positions from 0.007336 to 0.006955, yet scored 46.7 % against
//! the network built in (28-0-32, 60 games at 100 ms a move, paired), so it was not built in.
//!
//! The search extends checks only far from the leaves in this game ([`Shogi::far_checks`],
//! the search's `Pruning` docs): with it, against level 8 on the same balanced openings,
//! 39-1-40 over games 1-80 (49.4 %), where the engine before scored 30-0-50 in those games.
//! It also cuts by the static score up to seven plies from the leaves, not three
//! ([`Shogi::deep_futility`], the search's `Pruning::deep_futility`): in a second the search
//! finished 10.25 plies on average, where it finished 9.58 without (95 positions of games of
//! the top level against itself); against itself without it, 54-0-46 over 100 games at 100 ms a
//! move; against level 8 (1000 ms a move, the balanced openings) 24-0-16 in games 1-40, where
//! the engine before scored 20-1-19 in the same games, and 22-0-18 in games 41-80 (19-0-21
//! before): **46-0-34, 57.5 % over 80**, where the engine before scored 49.4 %. Those games
//! were played before the cut was kept out of decided positions (static score or minus beta
//! at 3000 or more, the search's `DEEP_FUTILITY_WON`: a mate in three went unseen without
//! it); the search is otherwise the same, and plays the same move on 78 of the 95 positions
//! at 300k nodes. The search as built scored 48.8 % against level 8 in the same 80 games
//! (39-0-41: 24-0-16 in games 1-40, 15-0-25 in games 41-80; 31 games ended the other way, 19
//! of them won only by the search before the bound), and 36.2 % in games 81-120 (14-1-25):
//! **44.6 % over 120** (53-1-66), below the 50 % mark. The search before the bound (224333f)
//! scored 23-0-17 in games 81-120, **69-0-51 (57.5 %) over 120**; so the bound now holds only
//! in a search whose root is decided (the search's `Pruning::decided_root_only`), which keeps
//! the mates in three found and searches from a balanced root as 224333f did. So built, it
//! scored **86-1-73 (54.1 %) against level 8 in games 121-280** (57.5 %, 48.8 %, 55.0 % and
//! 55.0 % in each 40; README): standard shogi's top level reaches the top of lishogi's ladder.
//!
//! The network before it (the threats among its inputs): learnt from scratch on the 553,714
//! positions below (the caches of `--first 64000` to `82000`), `koma train shogi <10 caches>
//! --zone --threats --scale 1540 --teacher-scale 600 --weight-decay 1 --rate 5e-4 --epochs 12`
//! (32 and 16 units; the eleventh pass kept, error kept out 0.0063), then learnt on from that
//! at a smaller step, `koma train shogi <10 caches> --from <it> --teacher-scale 600
//! --weight-decay 1 --rate 5e-5 --epochs 4` (the fourth pass kept). Its error on the positions
//! kept out is 0.0061, where the network built in before it (without the threats, below) has
//! 0.0068 and one learnt from scratch the same way without them 0.0069. With 64 units the error
//! from scratch was 0.0062, not tried further. Against the network before it, 100 ms a move,
//! balanced openings from both seats: 64.0 % over 100 games (64-0-36: `koma match shogi
//! level:8/net=<file> level:8 --movetime 100 --paired --opening-level 3 --games 50`, and
//! `--first 50 --games 50`: 37-0-13, 27-0-23). Against Fairy-Stockfish's level 8 (1000 ms a
//! move, balanced openings from both seats, games 1-40: `koma match shogi level:8/net=<file>
//! fsf:8 --movetime 1000 --paired --opening-level 3 --games 20 --record`, and `--first 20`):
//! 30.0 % (12-0-28: 6-0-14 each), where the engine with the network before scored 12.5 % in the
//! same games (5-0-35: 3-0-17 in games 1-20, 2-0-18 in games 21-40). Built in, games 41-60
//! (`koma match shogi level:8 fsf:8 ... --first 40 --games 20 --record`): 8-0-12, so 33.3 %
//! over 60 (20-0-40). Level 8 is not reached; level 7 was not played again. With each side's
//! mobility and the enemy's attacks on the cells two steps from its king among the inputs as
//! well, the error kept out fell to 0.0058 (learnt the same way), but the network scored 46.5 %
//! against this one (46-1-53, 100 games at 100 ms a move), and was left out.
//!
//! A network whose inputs include the threats costs time: every piece's attacks are worked out
//! at every position scored ([`super::net::Threats::with_zones`]). The zones are taken from the
//! same sets, where they were counted cell by cell before, so the two together cost little more
//! than the zones did: `koma bench --search` from the start ran at 492k-535k nodes/s (six
//! runs), against 549k-598k for the build before it, and at 528k-587k (four runs) once the
//! threats walked only the attacked pieces (the README's speed section).
//!
//! The network: the quiet positions of 9,000 games of the top level against itself (`koma
//! match shogi level:8 level:8 --nodes 6000 --opening 8 --record --first 40000 --games 1500`,
//! the same with `--first 45000`, then `--nodes 4000` with `--first 50000`, `52000`, `54000`,
//! `56000`, `60000` and `62000`; the first two stopped at 580 games each; the last two played
//! by the engine with the network of 353,637 positions built in), each scored by
//! Fairy-Stockfish's 8-ply search (`koma tune shogi <games> --teacher-depth 8 --teacher-scale
//! 600 --teacher-cache <scores> --lambda 0 --skip 10 --epochs 1`), 512,696 positions in all;
//! `koma train shogi <8 caches> --scale 1540 --teacher-scale 600 --weight-decay 1 --rate 5e-4
//! --epochs 12 --zone` (32 and 16 units, the eighth pass the least error on the positions kept
//! out). Its error against the teacher on the positions kept out is 0.0078, where the network
//! of 353,637 positions before it has 0.0083 on the same positions (0.0080 on its own kept-out
//! positions) and the learnt table below 0.0127 on those. With 64 units in the first layer the
//! error was 0.0078 as well, so the smaller, faster one is played.
//!
//! The network built in before the threats was learnt on from that one (`koma train --from`,
//! whose docs say why: the 512,696 scores are not kept) with 222,221 positions more: the quiet
//! positions of 4,000 games of the top level against itself with it built in (`koma match shogi
//! level:8 level:8 --nodes 4000 --opening 8 --record --games 1000`, with `--first 64000`, `66000`,
//! `68000` and `70000`), scored as above; `koma train shogi <4 caches> --from <the network of
//! 512,696 positions> --teacher-scale 600 --weight-decay 1 --rate 5e-5 --epochs 6` (the
//! third pass the least error kept out). On the new positions kept out its error is 0.0068,
//! where the network it started from has 0.0075. A step of 1e-4 reached 0.0069, 2e-4 0.0070;
//! learnt on from the first half of the new positions alone (111,364: 0.0066 at the start,
//! 0.0061 after three passes at 1e-4), it scored 45.3 % against the network it started from
//! (19-1-23 over 43 games at 30k nodes a move, stopped), so the positions of all four
//! sittings are in the one built in.
//!
//! Learning on further did not pay. With 331,493 positions more (6,000 games of the top level
//! against itself with the network then built in: `--first 72000` to `82000` by 2,000, scored as
//! above; 553,714 positions with the 222,221 before), `koma train shogi <10 caches> --from
//! <the network then built in> --teacher-scale 600 --weight-decay 1 --rate 5e-5 --epochs 5` (the
//! fourth pass kept) brought the error kept out to 0.0065, where the network then built in has
//! 0.0068, but scored 51.8 % against it over 200 games at 100 ms a move (102-3-95, balanced
//! openings from both seats), no gain. On the first 442,447 of those positions a stronger
//! pull of the weights to 0 (`--weight-decay` 10 or 50) raised the error kept out after a
//! pass (0.0075, 0.0083, from 0.0069), and on all of them networks learnt from scratch
//! (`--zone --scale 1540 --rate 5e-4 --epochs 12`) reached 0.0069 (32 units) and 0.0068 (64), no
//! lower than the network then built in. Nor would a deeper teacher change much: on 29,117 of
//! the new positions scored by Fairy-Stockfish's 10-ply search as well (`--teacher-depth 10`),
//! the 8-ply scores are 0.0024 from the 10-ply ones (the same error measure), and the
//! network then built in is about as far from either (0.0064 and 0.0065 on those positions): what
//! it misses is what a static evaluation of this size does not see, not noise in its teacher.
//! The threats then showed that it was the inputs, not the size, that did not see it: with
//! them the same positions brought the error kept out to 0.0061 (above).
//!
//! Why (the README's results table has each command; 100 ms a move, each opening from both
//! seats, the openings chosen by level 3):
//! - A network without the zone, from 58,841 positions, scored 36.7 % against the table
//!   (22-0-38, 60 games) though its error was lower (0.0102 against 0.0131): the piece on
//!   each cell near a king does not say which cells the long pieces and the hand attack, which
//!   is what made the table good (below). With the zone, from the same positions (error
//!   0.0092), 53.3 % (32-0-28, 60 games).
//! - With the zone from 206,512 positions, 68.3 % against the table (41-0-19, 60 games), and
//!   against Fairy-Stockfish at lishogi's level 7 (500 ms a move) 6-0-4 in games 1-10, where
//!   the table scored 2-0-8.
//! - Built in (353,637 positions, with the entering king below), against Fairy-Stockfish's
//!   level 7 at 500 ms a move: 40.0 % over 40 games (16-0-24: `koma match shogi level:8 fsf:7
//!   --movetime 500 --games 20`, and `--first 20 --games 20`: 8-0-12, 8-0-12), where the
//!   table's build scored 4-0-16 in games 1-20 and 15.0-17.5 % over 80 before.
//! - Built in (512,696 positions), with the first layer's sums brought from the position
//!   before ([`super::net`]): against the network of 353,637 positions 50.8 % (30-1-29, 60
//!   games at 100 ms a move), and against Fairy-Stockfish's level 7 at 500 ms a move 53.3 %
//!   over 60 games (32-0-28: `--games 30`, and `--first 30 --games 30`: 20-0-10, 12-0-18);
//!   25-0-15 in games 1-40. Against level 8 (1000 ms a move) 25.0 % (10-0-30, 40 games).
//! - On balanced openings (`--paired --opening-level 3`: each chosen by level 3, played from
//!   both seats) the same engine scored 46.7 % against level 7 over 60 games (28-0-32) and
//!   20.0 % against level 8 (4-0-16, 20 games); with the steeper reductions shogi's search
//!   now takes ([`super::Evaluator::steep_reductions`], the search's `Pruning` docs), 56.7 %
//!   against level 7 in the same 60 games (34-0-26), and 52.5 % over 80 (42-0-38, where the
//!   engine before scored 38-0-42).
//! - Learnt on with 222,221 positions more (built in now): against the network it started
//!   from 57.0 % over 100 games (57-0-43: `koma match shogi level:8/net=<file> level:8
//!   --movetime 100 --paired --opening-level 3 --games 50`, and `--first 50 --games 50`:
//!   31-0-19, 26-0-24), and against Fairy-Stockfish's level 7 at 500 ms a move on balanced
//!   games 1-40 19-0-21 (11-0-9, 8-0-12), where the engine with the network before scored
//!   20-0-20 (9-0-11, 11-0-9): even there, too few games to tell. Against level 8 (1000 ms
//!   a move, games 1-20) 3-0-17, where the engine before scored 2-0-18. The levels' steps
//!   with it, 40 balanced games each: level 5 against 4 95.0 % (38-0-2), 6 against 5 100.0 %
//!   (40-0-0); the others were not played again.
//! - The zone's attack counts cost speed: a search of a sharp middle game ran at about 250k
//!   nodes a second with it against 330k with the table and 340k with the network without the
//!   zone (one process while two others ran).
//!
//! The entering king: the games learnt from seldom bring a king into the enemy camp, so the
//! network's judgement of one there is a guess; impasse and the declaration count such a king,
//! and the hand-set weight of a king in the enemy camp ([`WEIGHTS`], 200, about what the
//! learnt table keeps: below) is added for each side's king there. Added after the matches
//! above, and played in the matches against Fairy-Stockfish of the built-in network.
//!
//! The learnt table ([`TABLE`]) standard shogi played with before is kept as the evaluation
//! to fall back on should the network not read (a test reads it), and as the record of what
//! the linear features reached. It is a linear evaluation ([`super::linear`]): material and
//! placement by cell, the king's guards and the enemy pieces near it, pieces in hand, the
//! enemy's hand at an open king, the king's zone, and the king's entry into the enemy camp (the
//! learnt table keeps the king about 200 higher on the camp's three ranks than elsewhere).
//!
//! The hand-set weights ([`WEIGHTS`], of [`super::terms`]: the usual ladder of material, a
//! piece in hand worth a little more than on the board, pawns and silvers pushed forward,
//! guards, attackers, drops near the king, the king in the enemy camp) were the table's
//! learning's starting point and the network's straight unit's; they still give the pieces'
//! values for ordering captures and for static exchanges.
//!
//! Why the table replaced the hand-set evaluation, measured with the top level: against the
//! hand-set evaluation, 75.0 % (45-0-15, 60 games at 50k nodes a move: `koma match shogi
//! level:8/table=<file> level:8 --nodes 50000`). The king's zone made the difference: the same
//! learning without it (the table's first 1,086 weights) scored 52.5 % (31-1-28) in the same
//! match, and its error against the teacher on the games kept out was 0.0148 where the zone
//! brought it to 0.0127 (the start: 0.0204). The table's learning: 1,158 games of the top level
//! against itself (`koma match shogi level:8 level:8 --nodes 6000 --opening 8 --record --first
//! 2000 --games 500`, the same with `--first 2500`, and 158 games at 15-20k nodes), 58,042
//! quiet positions, each scored by Fairy-Stockfish's 8-ply search: `koma tune shogi <files>
//! --teacher-depth 8 --teacher-scale 600 --lambda 0 --skip 10 --l2 1e-9 --epochs 300`.

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

/// The network standard shogi plays with, as `koma train` wrote it (see the module's docs).
pub const NET: &str = include_str!("shogi.net");

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
            Net::read(NET, &Position::start(GameId::Shogi)).map(|n| n.inputs.zone())
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
                "ln3g1nl/1r1sg2b1/p1pp2spp/1p4p2/9/9/PPPPPPPPP/1B2k2R1/LNSGKGSNL b - 1",
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
