//! Chu shogi: material above all, the lion worth the most (a lion, or a kirin promoted to one),
//! then the queen and the promoted ranging pieces (horned falcon, soaring eagle); the crown
//! prince a second royal, worth keeping; pawns pushed towards promotion; royals guarded. The
//! lion-trading rules are the rules' own: the search plays only the moves the rules list, so it
//! never walks into a forbidden lion capture. A game ends with moves left (the last royal
//! taken, bare king), so the search asks the rules at every node.

use super::terms::{Weights, against, sides};
use super::{Evaluator, SearchProfile};
use koma_rules::{Kind, Player, Position};

/// Kinds in the table's order (`koma_rules::chushogi::kinds`): king, gold, silver, copper,
/// leopard, tiger, elephant, pawn, go-between, lance, reverse chariot, side mover, vertical
/// mover, bishop, rook, horse, dragon, kirin, phoenix, queen, lion; then the promoted: rook,
/// vertical mover, side mover, bishop, flying stag, crown prince, tokin, elephant, white horse,
/// whale, free boar, flying ox, horse, dragon, horned falcon, soaring eagle, lion, queen.
pub const BOARD: [i32; 39] = [
    0, 300, 250, 200, 300, 300, 350, 100, 120, 250, 300, 350, 350, 450, 550, 650, 750, 350, 350,
    1100, 1500, 550, 350, 350, 450, 550, 800, 300, 350, 550, 550, 650, 650, 650, 750, 950, 1050,
    1500, 1100,
];
/// Per rank advanced (pawns and go-betweens towards promotion).
pub const ADVANCE: [i32; 39] = {
    let mut a = [0; 39];
    a[7] = 3;
    a[8] = 2;
    a
};

/// The weights.
pub const WEIGHTS: Weights = Weights {
    board: &BOARD,
    hand: &[],
    advance: &ADVANCE,
    guard: 20,
    attacker: 25,
    enemy_hand: 0,
    royal_in_camp: 0,
};

/// Chu shogi's search: quiescence with a delta margin (a middle game's captures, a dozen
/// sliders and two lions on each side, made quiescence nineteen nodes in twenty). Answering an
/// attacked lone royal there with every move (`level:8/evasions`) was measured and left out,
/// as was a term for an enemy lion near the king (`docs/engine.md`).
pub const PROFILE: SearchProfile = SearchProfile {
    delta: 200,
    ..SearchProfile::DEFAULT
};

/// Chu shogi's evaluation.
pub struct Chushogi;

impl Evaluator for Chushogi {
    fn score(&self, pos: &Position, player: Player) -> i32 {
        against(sides(pos, &WEIGHTS), 2, player)
    }

    fn value(&self, kind: Kind) -> i32 {
        BOARD.get(kind.index()).copied().unwrap_or(0)
    }

    fn ends_with_moves_left(&self) -> bool {
        true
    }

    fn profile(&self) -> SearchProfile {
        PROFILE
    }
}
