//! Minishogi: a small neural network ([`super::net`], [`NET`]) learnt from a stronger engine's
//! scores of quiet positions from the top level's games against itself, and partly from those
//! games' results (`koma train --records --lambda`).
//!
//! The hand-set weights ([`WEIGHTS`], of [`super::terms`]: pawns and drops weigh more than in
//! standard shogi, guards and attackers near the king more, no bonus for entering the enemy
//! camp, as minishogi has no impasse) give the pieces' values for ordering captures and static
//! exchanges, and were the network's starting point; [`TABLE`] is the learnt linear table the
//! network replaced, kept to measure against.
//!
//! The search's settings for this game are [`PROFILE`]. How each choice was measured is in
//! `docs/engine-history.md`; the levels' results in `docs/engine.md`.

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

/// The network minishogi plays with: `minishogi.net` as `koma train` wrote it, packed by the
/// build script ([`super::packed`]).
pub const NET: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/minishogi.net.packed"));

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
            Net::unpacked(NET, &Position::start(GameId::Minishogi))
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
