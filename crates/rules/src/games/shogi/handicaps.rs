//! Standard shogi handicaps (駒落ち). The handicap giver (上手) is gote and moves first.
//! 香落ち removes the giver's left lance (on 1a), 右香落ち the one on 9a; the others remove
//! what their names say. Ids are shared by the CLI, the records and the interface.

use crate::piece::{Piece, Player};
use crate::position::Position;
use crate::position::setup::Setup;
use crate::variant::{GameId, Variant};

/// A standard handicap: id, KIF name (手合割), and the giver's pieces it removes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Handicap {
    /// Stable id (`lance`, `bishop`, ...).
    pub id: &'static str,
    /// The name KIF writes in 手合割.
    pub kif: &'static str,
    /// The English name.
    pub english: &'static str,
    /// The squares (USI names) whose pieces the giver (gote) leaves out; none for the even game.
    pub removed: &'static [&'static str],
}

const fn h(
    id: &'static str,
    kif: &'static str,
    english: &'static str,
    removed: &'static [&'static str],
) -> Handicap {
    Handicap {
        id,
        kif,
        english,
        removed,
    }
}

/// Even game and the standard handicaps, in order of size.
pub const SHOGI_HANDICAPS: [Handicap; 11] = [
    h("even", "平手", "Even", &[]),
    h("lance", "香落ち", "Lance", &["1a"]),
    h("right-lance", "右香落ち", "Right lance", &["9a"]),
    h("bishop", "角落ち", "Bishop", &["2b"]),
    h("rook", "飛車落ち", "Rook", &["8b"]),
    h("rook-lance", "飛香落ち", "Rook and lance", &["8b", "1a"]),
    h("2-piece", "二枚落ち", "Two pieces", &["8b", "2b"]),
    h(
        "4-piece",
        "四枚落ち",
        "Four pieces",
        &["8b", "2b", "9a", "1a"],
    ),
    h(
        "6-piece",
        "六枚落ち",
        "Six pieces",
        &["8b", "2b", "9a", "1a", "8a", "2a"],
    ),
    h(
        "8-piece",
        "八枚落ち",
        "Eight pieces",
        &["8b", "2b", "9a", "1a", "8a", "2a", "7a", "3a"],
    ),
    h(
        "10-piece",
        "十枚落ち",
        "Ten pieces",
        &["8b", "2b", "9a", "1a", "8a", "2a", "7a", "3a", "6a", "4a"],
    ),
];

/// The handicap with this id or KIF name.
pub fn find(name: &str) -> Option<&'static Handicap> {
    SHOGI_HANDICAPS
        .iter()
        .find(|h| h.id == name || h.kif == name)
}

impl Handicap {
    /// The start position: the even start without the removed pieces, the giver (gote) to move
    /// (sente for the even game).
    pub fn position(&self) -> Position {
        let start = Position::start(GameId::Shogi);
        if self.removed.is_empty() {
            return start;
        }
        let v = Variant::get(GameId::Shogi);
        let mut setup = Setup::of(&start);
        for c in self.removed.iter().filter_map(|sq| v.cell_by_name(sq)) {
            setup.put(c, Piece::EMPTY);
        }
        setup.turn = Player::SECOND;
        // the handicaps are constants, each checked by the tests
        setup.into_position().unwrap_or(start)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_handicap_is_a_valid_position_with_gote_to_move() {
        let even = Position::start(GameId::Shogi);
        let sfens = [
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            "1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ];
        for (h, sfen) in SHOGI_HANDICAPS.iter().zip(sfens) {
            let p = h.position();
            assert_eq!(crate::sfen::to_sfen(&p), sfen, "{}", h.id);
            if h.id != "even" {
                assert_eq!(p.turn(), crate::Player::SECOND, "{}", h.id);
                assert!(
                    p.points(crate::Player::SECOND, false)
                        < even.points(crate::Player::SECOND, false)
                );
            }
        }
        let lance = find("香落ち").unwrap().position();
        let v = lance.variant();
        assert!(lance.piece(v.cell_at(1, 0).unwrap()).is_empty());
        assert!(!lance.piece(v.cell_at(9, 0).unwrap()).is_empty());
        let right = find("right-lance").unwrap().position();
        assert!(right.piece(v.cell_at(9, 0).unwrap()).is_empty());
    }
}
