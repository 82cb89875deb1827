//! Moves named in Japanese for move lists, in every game on a square board: KI2's names
//! (`▲７六歩`, [`crate::kif`]) in the games KIF records, and on a larger board (chu shogi's
//! 12x12) as a chu record reads:
//!
//! - a square is its file in full-width digits and its rank in kanji (`７六`, `１２十二`), or
//!   `同　` when the move lands where the last one did;
//! - the piece goes by its full name, as its game's pieces are written (`歩兵`, `獅子`, `酔象`);
//! - `成` follows a promotion, `不成` a move that could have promoted and did not;
//! - the origin square in brackets (`（８八）`) follows when another piece of the same kind could
//!   make the same move to that square;
//! - a double move (the lion's, and the horned falcon's and soaring eagle's along their lion
//!   lines) names its first step's square, the piece, then `・` and the second step's square
//!   (`７六獅子・７五`: to 7六, capturing what stands there, then on to 7五); a capture on the
//!   first step and back home (igui, 居喰い) is the square taken with `居喰い` (`７六獅子居喰い`);
//!   a step out and back with nothing taken (jitto, a pass) is the square the piece stands on
//!   with `じっと` (`７七獅子じっと`);
//! - a pass (the end of a handicap's setup steps) is `パス`.
//!
//! The hexagon's games have their own notation only ([`crate::hex`]): no Japanese names here.

use crate::geometry::Cell;
use crate::moves::Move;
use crate::piece::{Kind, Player};
use crate::position::Position;
use crate::position::rules::Notation;
use crate::variant::{GameId, Variant};

const KANJI_DIGITS: [&str; 9] = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];

/// Whether `game`'s moves have Japanese names ([`japanese_move`]): every game on a square board.
pub fn has_japanese_moves(game: GameId) -> bool {
    crate::games::rules(game).capabilities().notation == Notation::Sfen
}

/// The Japanese name of `mv` in `pos` (the side to move's mark first: ▲ sente, △ gote), where
/// `prev` is the square the last move landed on; `None` in a game without Japanese names.
pub fn japanese_move(pos: &mut Position, mv: Move, prev: Option<Cell>) -> Option<String> {
    let caps = crate::games::rules(pos.game()).capabilities();
    if caps.notation != Notation::Sfen {
        return None;
    }
    if caps.kif {
        return Some(crate::kif::japanese_move(pos, mv, prev));
    }
    let mark = if pos.turn() == Player::FIRST {
        '▲'
    } else {
        '△'
    };
    Some(format!("{mark}{}", large_board_move(pos, mv, prev)))
}

/// A number in kanji, 1 to 19 (`十二`).
fn kanji_number(n: usize) -> String {
    match n {
        1..=9 => KANJI_DIGITS[n - 1].to_string(),
        10 => "十".to_string(),
        _ => format!("十{}", KANJI_DIGITS[(n - 11).min(8)]),
    }
}

/// A square: the file in full-width digits, the rank in kanji.
fn square(v: &Variant, c: Cell) -> String {
    let (file, rank) = v.file_rank(c);
    let file: String = file
        .to_string()
        .chars()
        .filter_map(|d| d.to_digit(10).and_then(|d| char::from_u32('０' as u32 + d)))
        .collect();
    format!("{file}{}", kanji_number(rank as usize + 1))
}

fn name(v: &Variant, k: Kind) -> &'static str {
    v.kind(k).kanji2
}

/// A move on a board larger than 9x9, as the module's docs say.
fn large_board_move(pos: &mut Position, mv: Move, prev: Option<Cell>) -> String {
    let v = pos.variant();
    let dest = |c: Cell| {
        if prev == Some(c) {
            "同　".to_string()
        } else {
            square(v, c)
        }
    };
    match mv {
        Move::Pass => "パス".to_string(),
        Move::Drop { kind, to } => format!("{}{}打", dest(to), name(v, kind)),
        Move::Board { from, to, promote } => {
            let kind = pos.piece(from).kind();
            let legal = pos.legal_moves();
            let mut s = format!("{}{}", dest(to), name(v, kind));
            let could = Move::Board {
                from,
                to,
                promote: true,
            };
            if promote {
                s += "成";
            } else if legal.contains(&could) {
                s += "不成";
            }
            let others = legal.iter().any(|m| {
                matches!(*m, Move::Board { from: f, to: t, promote: p }
                    if t == to && p == promote && f != from && pos.piece(f).kind() == kind)
            });
            if others {
                s += &format!("（{}）", square(v, from));
            }
            s
        }
        Move::Double { from, mid, to } => {
            let piece = name(v, pos.piece(from).kind());
            if to != from {
                format!("{}{piece}・{}", dest(mid), square(v, to))
            } else if pos.piece(mid).is_empty() {
                format!("{}{piece}じっと", square(v, from))
            } else {
                format!("{}{piece}居喰い", dest(mid))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{notation, sfen};

    fn names(game: GameId, position: &str, moves: &[&str]) -> Vec<String> {
        let mut pos = sfen::from_sfen(game, position).unwrap();
        let v = pos.variant();
        let mut prev = None;
        let mut out = Vec::new();
        for m in moves {
            let mv = notation::read_move(v, m).unwrap();
            out.push(japanese_move(&mut pos, mv, prev).unwrap());
            prev = mv.to();
            pos.play_unchecked(mv);
        }
        out
    }

    #[test]
    fn chu_moves_read_as_a_chu_record() {
        let start = "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1";
        assert_eq!(
            names(GameId::Chushogi, start, &["3i3h", "10d10e", "7j7h", "6d6e"]),
            ["▲３八歩兵", "△１０五歩兵", "▲７八獅子", "△６五歩兵"]
        );
        // a lion's two steps, igui and jitto; a capture on the last square is 同
        let lion = "k11/12/12/12/12/5p6/5N6/12/12/12/12/K11 b - 1";
        assert_eq!(
            names(GameId::Chushogi, lion, &["7g7f7e"]),
            ["▲７六獅子・７五"]
        );
        assert_eq!(
            names(GameId::Chushogi, lion, &["7g7f7g"]),
            ["▲７六獅子居喰い"]
        );
        assert_eq!(
            names(GameId::Chushogi, lion, &["7g7h7g"]),
            ["▲７七獅子じっと"]
        );
        // ranks past nine, files past nine
        let far = "k11/12/12/12/12/12/12/12/12/12/12/K10G b - 1";
        assert_eq!(names(GameId::Chushogi, far, &["1l1k"]), ["▲１十一金将"]);
        assert_eq!(names(GameId::Chushogi, far, &["12l11k"]), ["▲１１十一玉将"]);
        // promotion, declined promotion, and the origin when two of a kind could go there
        let zone = "k11/12/12/12/3G1G3P2/12/12/12/12/12/12/K11 b - 1";
        assert_eq!(names(GameId::Chushogi, zone, &["3e3d+"]), ["▲３四歩兵成"]);
        assert_eq!(names(GameId::Chushogi, zone, &["3e3d"]), ["▲３四歩兵不成"]);
        let golds = names(GameId::Chushogi, zone, &["9e8d"]);
        assert_eq!(golds, ["▲８四金将不成（９五）"]);
    }

    #[test]
    fn square_boards_up_to_nine_keep_ki2_and_the_hexagon_has_none() {
        let mut pos = Position::start(GameId::Shogi);
        let v = pos.variant();
        let mv = notation::read_move(v, "7g7f").unwrap();
        assert_eq!(
            japanese_move(&mut pos, mv, None).as_deref(),
            Some("▲７六歩")
        );
        let mut hex = Position::start(GameId::Sangoku);
        let mv = hex.legal_moves()[0];
        assert_eq!(japanese_move(&mut hex, mv, None), None);
        assert!(has_japanese_moves(GameId::Chushogi) && has_japanese_moves(GameId::Shogi66));
        assert!(!has_japanese_moves(GameId::Sangoku2));
    }
}
