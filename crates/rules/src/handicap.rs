//! Standard shogi handicaps (駒落ち). The handicap giver (上手) is gote and moves first.
//! 香落ち removes the giver's left lance (on 1a), 右香落ち the one on 9a; the others remove
//! what their names say. Ids are shared by the CLI, the records and the interface.

use crate::position::Position;
use crate::variant::GameId;

/// A standard handicap: id, KIF name (手合割), start SFEN.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Handicap {
    /// Stable id (`lance`, `bishop`, ...).
    pub id: &'static str,
    /// The name KIF writes in 手合割.
    pub kif: &'static str,
    /// The start position.
    pub sfen: &'static str,
}

macro_rules! h {
    ($id:expr, $kif:expr, $top:expr) => {
        Handicap {
            id: $id,
            kif: $kif,
            sfen: concat!($top, "/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"),
        }
    };
}

/// Even game and the standard handicaps, in order of size.
pub const SHOGI_HANDICAPS: [Handicap; 11] = [
    Handicap {
        id: "even",
        kif: "平手",
        sfen: "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    },
    h!("lance", "香落ち", "lnsgkgsn1/1r5b1"),
    h!("right-lance", "右香落ち", "1nsgkgsnl/1r5b1"),
    h!("bishop", "角落ち", "lnsgkgsnl/1r7"),
    h!("rook", "飛車落ち", "lnsgkgsnl/7b1"),
    h!("rook-lance", "飛香落ち", "lnsgkgsn1/7b1"),
    h!("2-piece", "二枚落ち", "lnsgkgsnl/9"),
    h!("4-piece", "四枚落ち", "1nsgkgsn1/9"),
    h!("6-piece", "六枚落ち", "2sgkgs2/9"),
    h!("8-piece", "八枚落ち", "3gkg3/9"),
    h!("10-piece", "十枚落ち", "4k4/9"),
];

/// The handicap with this id or KIF name.
pub fn find(name: &str) -> Option<&'static Handicap> {
    SHOGI_HANDICAPS
        .iter()
        .find(|h| h.id == name || h.kif == name)
}

impl Handicap {
    /// The start position.
    pub fn position(&self) -> Position {
        crate::sfen::from_sfen(GameId::Shogi, self.sfen)
            .unwrap_or_else(|_| Position::start(GameId::Shogi))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_handicap_is_a_valid_position_with_gote_to_move() {
        let even = Position::start(GameId::Shogi);
        for h in &SHOGI_HANDICAPS {
            let p = crate::sfen::from_sfen(GameId::Shogi, h.sfen).unwrap();
            assert_eq!(crate::sfen::to_sfen(&p), h.sfen);
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
