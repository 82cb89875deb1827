//! Chu shogi's pieces as table data: its 21 kinds and their 18 promotions, lion power written
//! once as [`Movement::Lion`] (expanded by the tables to the eight steps and the sixteen jumps of
//! the 5x5 ring), the horned falcon's and soaring eagle's as [`Movement::LionLine`], and the
//! state of a handicap's setup steps that a position carries ([`ChuSetup`]).
//!
//! The rules that use them (double moves, promotion, lion trading, the end of the game,
//! handicaps) are in [`crate::games::chushogi`].

use crate::geometry::{Cell, Vector};
use crate::piece::{Kind, Movement, dir};
use crate::variant::KindInfo;

/// The kind numbers of every chu shogi piece, in the table's order.
pub mod kinds {
    use crate::piece::Kind;
    /// King (玉将).
    pub const KING: Kind = Kind(0);
    /// Gold general (金将).
    pub const GOLD: Kind = Kind(1);
    /// Silver general (銀将).
    pub const SILVER: Kind = Kind(2);
    /// Copper general (銅将).
    pub const COPPER: Kind = Kind(3);
    /// Ferocious leopard (猛豹).
    pub const LEOPARD: Kind = Kind(4);
    /// Blind tiger (盲虎).
    pub const TIGER: Kind = Kind(5);
    /// Drunk elephant (酔象).
    pub const ELEPHANT: Kind = Kind(6);
    /// Pawn (歩兵).
    pub const PAWN: Kind = Kind(7);
    /// Go-between (仲人).
    pub const GO_BETWEEN: Kind = Kind(8);
    /// Lance (香車).
    pub const LANCE: Kind = Kind(9);
    /// Reverse chariot (反車).
    pub const REVERSE_CHARIOT: Kind = Kind(10);
    /// Side mover (横行).
    pub const SIDE_MOVER: Kind = Kind(11);
    /// Vertical mover (竪行).
    pub const VERTICAL_MOVER: Kind = Kind(12);
    /// Bishop (角行).
    pub const BISHOP: Kind = Kind(13);
    /// Rook (飛車).
    pub const ROOK: Kind = Kind(14);
    /// Dragon horse (龍馬).
    pub const HORSE: Kind = Kind(15);
    /// Dragon king (龍王).
    pub const DRAGON: Kind = Kind(16);
    /// Kirin (麒麟).
    pub const KIRIN: Kind = Kind(17);
    /// Phoenix (鳳凰).
    pub const PHOENIX: Kind = Kind(18);
    /// Queen (奔王).
    pub const QUEEN: Kind = Kind(19);
    /// Lion (獅子).
    pub const LION: Kind = Kind(20);
    /// Promoted gold: a rook.
    pub const PROMOTED_GOLD: Kind = Kind(21);
    /// Promoted silver: a vertical mover.
    pub const PROMOTED_SILVER: Kind = Kind(22);
    /// Promoted copper: a side mover.
    pub const PROMOTED_COPPER: Kind = Kind(23);
    /// Promoted leopard: a bishop.
    pub const PROMOTED_LEOPARD: Kind = Kind(24);
    /// Flying stag (飛鹿), the promoted blind tiger.
    pub const FLYING_STAG: Kind = Kind(25);
    /// Crown prince (太子), the promoted drunk elephant: a second royal.
    pub const CROWN_PRINCE: Kind = Kind(26);
    /// Tokin (と金), the promoted pawn.
    pub const TOKIN: Kind = Kind(27);
    /// Promoted go-between: a drunk elephant.
    pub const PROMOTED_GO_BETWEEN: Kind = Kind(28);
    /// White horse (白駒), the promoted lance.
    pub const WHITE_HORSE: Kind = Kind(29);
    /// Whale (鯨鯢), the promoted reverse chariot.
    pub const WHALE: Kind = Kind(30);
    /// Free boar (奔猪), the promoted side mover.
    pub const FREE_BOAR: Kind = Kind(31);
    /// Flying ox (飛牛), the promoted vertical mover.
    pub const FLYING_OX: Kind = Kind(32);
    /// Promoted bishop: a dragon horse.
    pub const PROMOTED_BISHOP: Kind = Kind(33);
    /// Promoted rook: a dragon king.
    pub const PROMOTED_ROOK: Kind = Kind(34);
    /// Horned falcon (角鷹), the promoted dragon horse.
    pub const FALCON: Kind = Kind(35);
    /// Soaring eagle (飛鷲), the promoted dragon king.
    pub const EAGLE: Kind = Kind(36);
    /// Promoted kirin: a lion.
    pub const PROMOTED_KIRIN: Kind = Kind(37);
    /// Promoted phoenix: a queen.
    pub const PROMOTED_PHOENIX: Kind = Kind(38);
}

fn steps(vs: &[Vector]) -> Vec<Movement> {
    vs.iter().map(|&v| Movement::Step(v)).collect()
}

fn slides(vs: &[Vector]) -> Vec<Movement> {
    vs.iter().map(|&v| Movement::Slide(v)).collect()
}

fn join(a: Vec<Movement>, b: Vec<Movement>) -> Vec<Movement> {
    let mut a = a;
    a.extend(b);
    a
}

/// The chu shogi kinds: 21 unpromoted (king, gold, silver, copper, leopard, tiger, elephant,
/// pawn, go-between, lance, reverse chariot, side mover, vertical mover, bishop, rook, dragon
/// horse, dragon king, kirin, phoenix, queen, lion), then the 18 promoted ones in the same
/// order (a promoted piece keeps its base letter after `+`, as lishogi's SFEN writes it).
pub(crate) fn kinds() -> Vec<KindInfo> {
    use dir::*;
    let gold = steps(&dir::GOLD);
    let king = steps(&dir::ALL);
    let rook = slides(&dir::ORTHO);
    let bishop = slides(&dir::DIAG);
    let side_mover = join(slides(&[E, W]), steps(&[N, S]));
    let vertical_mover = join(slides(&[N, S]), steps(&[E, W]));
    let horse = join(slides(&dir::DIAG), steps(&dir::ORTHO));
    let dragon = join(slides(&dir::ORTHO), steps(&dir::DIAG));
    let queen = slides(&dir::ALL);
    let elephant = steps(&[N, NE, E, SE, W, SW, NW]);
    let kirin = join(
        steps(&dir::DIAG),
        [Vector(0, -2), Vector(0, 2), Vector(2, 0), Vector(-2, 0)]
            .into_iter()
            .map(Movement::Leap)
            .collect(),
    );
    let phoenix = join(
        steps(&dir::ORTHO),
        [Vector(2, -2), Vector(-2, -2), Vector(2, 2), Vector(-2, 2)]
            .into_iter()
            .map(Movement::Leap)
            .collect(),
    );
    let base = |name, letter, kanji, moves, promotes_to: Option<u8>| KindInfo {
        name,
        letter,
        kanji,
        kif: kanji,
        kanji2: kanji,
        moves,
        promotes_to: promotes_to.map(Kind),
        promoted_from: None,
        royal: false,
        points: 1,
    };
    let promoted = |name, letter, kanji, moves, from: u8| KindInfo {
        name,
        letter,
        kanji,
        kif: kanji,
        kanji2: kanji,
        moves,
        promotes_to: None,
        promoted_from: Some(Kind(from)),
        royal: false,
        points: 1,
    };
    let mut k = vec![
        base("king", 'K', "玉", king.clone(), None),
        base("gold", 'G', "金", gold.clone(), Some(21)),
        base("silver", 'S', "銀", steps(&dir::SILVER), Some(22)),
        base("copper", 'C', "銅", steps(&[N, NE, NW, S]), Some(23)),
        base(
            "ferocious leopard",
            'F',
            "豹",
            steps(&[N, S, NE, NW, SE, SW]),
            Some(24),
        ),
        base(
            "blind tiger",
            'T',
            "虎",
            steps(&[NE, E, SE, S, SW, W, NW]),
            Some(25),
        ),
        base("drunk elephant", 'E', "象", elephant.clone(), Some(26)),
        base("pawn", 'P', "歩", steps(&[N]), Some(27)),
        base("go-between", 'I', "仲", steps(&[N, S]), Some(28)),
        base("lance", 'L', "香", slides(&[N]), Some(29)),
        base("reverse chariot", 'A', "反", slides(&[N, S]), Some(30)),
        base("side mover", 'M', "横", side_mover.clone(), Some(31)),
        base(
            "vertical mover",
            'V',
            "竪",
            vertical_mover.clone(),
            Some(32),
        ),
        base("bishop", 'B', "角", bishop.clone(), Some(33)),
        base("rook", 'R', "飛", rook.clone(), Some(34)),
        base("dragon horse", 'H', "馬", horse.clone(), Some(35)),
        base("dragon king", 'D', "龍", dragon.clone(), Some(36)),
        base("kirin", 'O', "麒", kirin, Some(37)),
        base("phoenix", 'X', "鳳", phoenix, Some(38)),
        base("queen", 'Q', "奔", queen.clone(), None),
        base("lion", 'N', "獅", vec![Movement::Lion], None),
        // promoted, in the order of their bases
        promoted("rook (promoted gold)", 'G', "飛", rook.clone(), 1),
        promoted(
            "vertical mover (promoted silver)",
            'S',
            "竪",
            vertical_mover,
            2,
        ),
        promoted("side mover (promoted copper)", 'C', "横", side_mover, 3),
        promoted("bishop (promoted leopard)", 'F', "角", bishop, 4),
        promoted(
            "flying stag",
            'T',
            "鹿",
            join(slides(&[N, S]), steps(&[NE, E, SE, SW, W, NW])),
            5,
        ),
        promoted("crown prince", 'E', "太", king, 6),
        promoted("tokin", 'P', "と", gold, 7),
        promoted(
            "drunk elephant (promoted go-between)",
            'I',
            "象",
            elephant,
            8,
        ),
        promoted("white horse", 'L', "駒", slides(&[N, NE, NW, S]), 9),
        promoted("whale", 'A', "鯨", slides(&[N, S, SE, SW]), 10),
        promoted("free boar", 'M', "猪", slides(&[E, W, NE, NW, SE, SW]), 11),
        promoted("flying ox", 'V', "牛", slides(&[N, S, NE, NW, SE, SW]), 12),
        promoted("dragon horse (promoted bishop)", 'B', "馬", horse, 13),
        promoted("dragon king (promoted rook)", 'R', "龍", dragon, 14),
        promoted(
            "horned falcon",
            'H',
            "鷹",
            join(
                slides(&[NE, E, SE, S, SW, W, NW]),
                vec![Movement::LionLine(N)],
            ),
            15,
        ),
        promoted(
            "soaring eagle",
            'D',
            "鷲",
            join(
                slides(&[N, E, SE, S, SW, W]),
                vec![Movement::LionLine(NE), Movement::LionLine(NW)],
            ),
            16,
        ),
        promoted("lion (promoted kirin)", 'O', "獅", vec![Movement::Lion], 17),
        promoted("queen (promoted phoenix)", 'X', "奔", queen, 18),
    ];
    k[0].royal = true;
    k[26].royal = true;
    let two = [
        "玉将", "金将", "銀将", "銅将", "猛豹", "盲虎", "酔象", "歩兵", "仲人", "香車", "反車",
        "横行", "竪行", "角行", "飛車", "龍馬", "龍王", "麒麟", "鳳凰", "奔王", "獅子", "飛車",
        "竪行", "横行", "角行", "飛鹿", "太子", "と金", "酔象", "白駒", "鯨鯢", "奔猪", "飛牛",
        "龍馬", "龍王", "角鷹", "飛鷲", "獅子", "奔王",
    ];
    for (kind, n) in k.iter_mut().zip(two) {
        kind.kanji2 = n;
    }
    k
}

/// Whether `k` is a lion (the lion or a promoted kirin).
pub fn is_lion(k: Kind) -> bool {
    k == kinds::LION || k == kinds::PROMOTED_KIRIN
}

/// Where a handicap game stands before its first real move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct ChuSetup {
    /// Squares of removed pieces still to be filled with a small piece (`u8::MAX`: none).
    pub holes: [u8; 4],
    /// Pre-moves left (small pieces, inside the giver's camp).
    pub premoves: u8,
    /// Practice handicaps: the giver may rearrange its camp until it passes.
    pub rearrange: bool,
}

impl ChuSetup {
    /// Whether nothing is left to do before play.
    pub fn is_done(&self) -> bool {
        self.holes.iter().all(|&h| h == u8::MAX) && self.premoves == 0 && !self.rearrange
    }

    /// The holes still open.
    pub fn open_holes(&self) -> impl Iterator<Item = Cell> + '_ {
        self.holes
            .iter()
            .filter(|&&h| h != u8::MAX)
            .map(|&h| Cell(h))
    }
}

#[cfg(test)]
mod tests {
    /// Each named kind is the table's piece of that name.
    #[test]
    fn kind_constants_name_the_table() {
        use super::kinds::*;
        let t = super::kinds();
        let named = [
            (KING, "king"),
            (GOLD, "gold"),
            (SILVER, "silver"),
            (COPPER, "copper"),
            (LEOPARD, "ferocious leopard"),
            (TIGER, "blind tiger"),
            (ELEPHANT, "drunk elephant"),
            (PAWN, "pawn"),
            (GO_BETWEEN, "go-between"),
            (LANCE, "lance"),
            (REVERSE_CHARIOT, "reverse chariot"),
            (SIDE_MOVER, "side mover"),
            (VERTICAL_MOVER, "vertical mover"),
            (BISHOP, "bishop"),
            (ROOK, "rook"),
            (HORSE, "dragon horse"),
            (DRAGON, "dragon king"),
            (KIRIN, "kirin"),
            (PHOENIX, "phoenix"),
            (QUEEN, "queen"),
            (LION, "lion"),
            (PROMOTED_GOLD, "rook (promoted gold)"),
            (PROMOTED_SILVER, "vertical mover (promoted silver)"),
            (PROMOTED_COPPER, "side mover (promoted copper)"),
            (PROMOTED_LEOPARD, "bishop (promoted leopard)"),
            (FLYING_STAG, "flying stag"),
            (CROWN_PRINCE, "crown prince"),
            (TOKIN, "tokin"),
            (PROMOTED_GO_BETWEEN, "drunk elephant (promoted go-between)"),
            (WHITE_HORSE, "white horse"),
            (WHALE, "whale"),
            (FREE_BOAR, "free boar"),
            (FLYING_OX, "flying ox"),
            (PROMOTED_BISHOP, "dragon horse (promoted bishop)"),
            (PROMOTED_ROOK, "dragon king (promoted rook)"),
            (FALCON, "horned falcon"),
            (EAGLE, "soaring eagle"),
            (PROMOTED_KIRIN, "lion (promoted kirin)"),
            (PROMOTED_PHOENIX, "queen (promoted phoenix)"),
        ];
        assert_eq!(named.len(), t.len());
        for (k, name) in named {
            assert_eq!(t[k.index()].name, name);
        }
    }
}
