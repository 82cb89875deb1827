//! Chu shogi (中将棋): its 21 kinds of piece and their promotions, lion power (double moves,
//! igui, jitto), the promotion rules and the lion-trading rules, under two presets.
//!
//! # Moves
//! Single moves come from the shared ray tables: the lion's power is written once as
//! [`Movement::Lion`] (expanded to the eight steps and the sixteen jumps of the 5x5 ring), the
//! horned falcon's and soaring eagle's as [`Movement::LionLine`] (a step and a jump along the
//! line). Double moves are generated here, one per path, as lishogi's USI writes them
//! (`from mid to`): a lion steps to any neighbour that holds no own piece, then to any neighbour
//! of that square holding no own piece, its start square included (igui after a capture, jitto
//! when the first square was empty). The falcon's and eagle's first step is along their lion
//! line, one square; the second goes on one more square along it or back to the start. The move
//! lists of 400 random positions equal shogiops' under the lishogi preset (`tests/peers.rs`).
//!
//! # Promotion (never forced)
//! A piece may promote when it enters the zone (the far four ranks) from outside, or when a
//! move that starts or ends in the zone captures. A pawn reaching the last rank may promote
//! without capturing; the lishogi preset gives the lance the same. Dead pieces stay.
//!
//! # Lion trading
//! 1. A lion may always capture an adjacent lion.
//! 2. It may not capture a non-adjacent lion that is protected, protection judged with its start
//!    (and middle) square emptied, so x-ray protectors count.
//! 3. Bridge capture: rule 2 is lifted when the first step took a piece other than a pawn or
//!    go-between; a pawn or go-between taken on the first step still counts as a protector.
//! 4. Counter-strike. JCSA: right after a non-lion took a lion, a non-lion may not take a
//!    protected lion. lishogi: it may not take a lion at all, except on the square of that
//!    capture (a kirin that promoted to lion as it captured may be taken back).
//!
//! # The end of the game
//! JCSA (default): a side loses when its last royal is captured (king, and crown prince if it
//! has one), or when its single royal is attacked and no move saves it (mate; moving into check
//! is otherwise legal). 駒枯れ: when besides the royals only one piece is left (dead pawns and
//! lances not counted), its owner wins, unless it is an unpromoted pawn or go-between (a draw);
//! with none left, a draw. Repetition: at the 4th occurrence the side that started it loses:
//! (a) a side all of whose moves in the cycle gave check; (b) the only side whose cycle has a
//! move attacking an enemy piece; (d) when both sides made a jitto, the side that passed first;
//! (c) otherwise the side to move in the repeated position.
//! lishogi: the last royal captured or no legal move loses; bare king: a side left with only
//! royals loses unless it can bare the other at once; king against king draws; at the 4th
//! occurrence a side that attacked with every move loses, otherwise a draw.
//!
//! # Handicaps
//! See [`CHU_HANDICAPS`]: removals and changes, then the giver's setup actions as moves (hole
//! filling, pre-moves, a pass to stop early), recorded, undone and counted by perft like any
//! move. A position in its setup phase is written in SFEN as its board only; a saved game keeps
//! the handicap id and the moves.

use crate::geometry::{Cell, Vector};
use crate::moves::{Move, Played};
use crate::outcome::{Outcome, Reason};
use crate::piece::{Kind, Movement, Player, dir};
use crate::position::{MoveList, Position};
use crate::variant::KindInfo;

pub use crate::options::ChuPreset;

/// The kind numbers of every chu shogi piece, in the table's order ([`kinds()`]'s).
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

fn adjacent(pos: &Position, a: Cell, b: Cell) -> bool {
    let g = &pos.variant().geometry;
    let (ax, ay) = g.coords(a);
    let (bx, by) = g.coords(b);
    (ax - bx).abs() <= 1 && (ay - by).abs() <= 1
}

/// Whether a single move of the piece on `from` to `to` may promote.
fn may_promote(pos: &Position, from: Cell, to: Cell, kind: Kind, capture: bool) -> bool {
    let v = pos.variant();
    let me = pos.turn();
    if v.kind(kind).promotes_to.is_none() {
        return false;
    }
    let (fz, tz) = (v.in_zone(me, from), v.in_zone(me, to));
    let enters = !fz && tz;
    let captures_in_zone = capture && (fz || tz);
    if enters || captures_in_zone {
        return true;
    }
    let last_rank = v.is_dead_cell(me, kinds::PAWN, to);
    let rescued =
        kind == kinds::PAWN || (kind == kinds::LANCE && pos.chu_preset() == ChuPreset::Lishogi);
    rescued && last_rank
}

/// Whether a non-lion may take the lion on `target` now (the counter-strike rule).
fn non_lion_may_take_lion(pos: &Position, from: Cell, target: Cell) -> bool {
    let Some(last) = pos.lion_capture() else {
        return true;
    };
    match pos.chu_preset() {
        ChuPreset::Lishogi => target == last,
        ChuPreset::Jcsa => !pos.attacked_by_with(target, pos.turn().opponent(), &[from]),
    }
}

/// Every chu shogi move of the side to move, one per path.
pub(crate) fn moves(pos: &Position, out: &mut MoveList) {
    let v = pos.variant();
    let me = pos.turn();
    if pos.royals(me) == 0 || pos.royals(me.opponent()) == 0 {
        return;
    }
    for from in v.geometry.cells() {
        let p = pos.piece(from);
        if p.is_empty() || p.owner() != me {
            continue;
        }
        let kind = p.kind();
        let lion = is_lion(kind);
        for ray in v.rays(me, kind, from) {
            for &to in ray {
                let q = pos.piece(to);
                if !q.is_empty() && q.owner() == me {
                    break;
                }
                let capture = !q.is_empty();
                let allowed = !(capture && is_lion(q.kind()))
                    || if lion {
                        adjacent(pos, from, to) || !pos.attacked_by_with(to, me.opponent(), &[from])
                    } else {
                        non_lion_may_take_lion(pos, from, to)
                    };
                if allowed {
                    if may_promote(pos, from, to, kind, capture) {
                        out.push(Move::Board {
                            from,
                            to,
                            promote: true,
                        });
                    }
                    out.push(Move::Board {
                        from,
                        to,
                        promote: false,
                    });
                }
                if capture {
                    break;
                }
            }
        }
        double_moves(pos, from, kind, out);
    }
}

/// The double moves of a piece with lion power on `from`.
fn double_moves(pos: &Position, from: Cell, kind: Kind, out: &mut MoveList) {
    let v = pos.variant();
    let g = &v.geometry;
    let me = pos.turn();
    let own = |c: Cell| {
        let q = pos.piece(c);
        !q.is_empty() && q.owner() == me
    };
    if is_lion(kind) {
        for d in dir::ALL {
            let Some(mid) = g.offset(from, d) else {
                continue;
            };
            if own(mid) {
                continue;
            }
            let first = pos.piece(mid);
            // a first step onto an enemy lion: adjacent, always allowed
            for e in dir::ALL {
                let Some(to) = g.offset(mid, e) else {
                    continue;
                };
                if to != from && own(to) {
                    continue;
                }
                let target = if to == from {
                    crate::piece::Piece::EMPTY
                } else {
                    pos.piece(to)
                };
                if !target.is_empty() && is_lion(target.kind()) && !adjacent(pos, from, to) {
                    let bridge = !first.is_empty()
                        && first.kind() != kinds::PAWN
                        && first.kind() != kinds::GO_BETWEEN;
                    if !bridge && pos.attacked_by_with(to, me.opponent(), &[from, mid]) {
                        continue;
                    }
                }
                out.push(Move::Double { from, mid, to });
            }
        }
        return;
    }
    let lines: &[Vector] = match kind {
        kinds::FALCON => &[dir::N],
        kinds::EAGLE => &[dir::NE, dir::NW],
        _ => return,
    };
    for &line in lines {
        let d = g.rotate(line, me.0);
        let Some(mid) = g.offset(from, d) else {
            continue;
        };
        if own(mid) {
            continue;
        }
        let first = pos.piece(mid);
        if !first.is_empty() && is_lion(first.kind()) && !non_lion_may_take_lion(pos, from, mid) {
            continue;
        }
        for to in [g.offset(mid, d), Some(from)].into_iter().flatten() {
            if to != from && own(to) {
                continue;
            }
            let target = if to == from {
                crate::piece::Piece::EMPTY
            } else {
                pos.piece(to)
            };
            if !target.is_empty()
                && is_lion(target.kind())
                && !non_lion_may_take_lion(pos, from, to)
            {
                continue;
            }
            out.push(Move::Double { from, mid, to });
        }
    }
}

/// The player who wins when `p` has lost its last royal.
pub(crate) fn royal_loser(pos: &Position) -> Option<Player> {
    [Player::FIRST, Player::SECOND]
        .into_iter()
        .find(|&p| pos.royals(p) == 0)
}

// ----- handicaps (手合い) -----

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

/// A chu shogi handicap of the Japanese Chu Shogi Association.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ChuHandicap {
    /// Stable id, shared by the CLI, the interface and saved games.
    pub id: &'static str,
    /// Japanese name.
    pub name: &'static str,
    /// Practice only (not counted for ratings).
    pub practice: bool,
    /// The giver's (gote's) pieces removed, by square.
    removed: &'static [&'static str],
    /// Whether the holes are filled with small pieces.
    fill: bool,
    /// Pre-moves of small pieces.
    premoves: u8,
    /// The receiver's drunk elephant becomes a crown prince.
    prince: bool,
    /// The receiver's kirin becomes a lion.
    lion2: bool,
    /// The giver's kirin and the receiver's phoenix swap, and the receiver's kirins become lions.
    lion3: bool,
}

const fn h(
    id: &'static str,
    name: &'static str,
    removed: &'static [&'static str],
    fill: bool,
    premoves: u8,
) -> ChuHandicap {
    ChuHandicap {
        id,
        name,
        practice: false,
        removed,
        fill,
        premoves,
        prince: false,
        lion2: false,
        lion3: false,
    }
}

/// The official handicaps (1-10, 小駒落 by the piece the giver chooses to remove) and the three
/// practice ones. The giver is gote; its right side is the high files (12 to 7). Running pieces
/// removed (rook and above) leave a hole the giver fills with a small piece (gold, silver, copper
/// or leopard) before play (the source's general rule, applied to 獅子二飛車落 too); then the giver
/// may make two small-piece moves inside its camp for each extra lion of the receiver and each
/// running piece removed, stopping early if it likes; then the giver moves first. In the
/// practice handicaps the giver instead rearranges its camp freely (not pawns, go-betweens,
/// bishops, lions, phoenixes or kirins) until it passes.
pub const CHU_HANDICAPS: [ChuHandicap; 16] = [
    h("even", "平手", &[], false, 0),
    h("small-gold", "小駒落（金）", &["8a"], false, 0),
    h("small-silver", "小駒落（銀）", &["9a"], false, 0),
    h("small-copper", "小駒落（銅）", &["10a"], false, 0),
    h("small-leopard", "小駒落（豹）", &["11a"], false, 0),
    h("side-mover", "横行落", &["12c"], true, 2),
    h("vertical-mover", "竪行落", &["11c"], true, 2),
    ChuHandicap {
        prince: true,
        ..h("two-kings", "二枚王", &[], false, 0)
    },
    ChuHandicap {
        lion2: true,
        ..h("lion-2", "獅子二", &[], false, 2)
    },
    ChuHandicap {
        lion2: true,
        ..h("lion-2-rook", "獅子二飛車落", &["10c"], true, 4)
    },
    ChuHandicap {
        lion3: true,
        ..h("lion-3", "獅子三", &[], false, 4)
    },
    ChuHandicap {
        lion3: true,
        ..h("lion-3-queen", "獅子三奔王落", &["7c"], true, 6)
    },
    ChuHandicap {
        lion3: true,
        ..h(
            "lion-3-queen-dragon",
            "獅子三奔龍落",
            &["7c", "8c"],
            true,
            8,
        )
    },
    ChuHandicap {
        lion3: true,
        practice: true,
        ..h(
            "lion-3-queen-dragon-rook",
            "獅子三奔龍飛落",
            &["7c", "8c", "10c"],
            false,
            0,
        )
    },
    ChuHandicap {
        lion3: true,
        practice: true,
        ..h(
            "lion-3-right-vertical",
            "獅子三奔龍飛竪落",
            &["7c", "8c", "9c", "10c", "11c"],
            false,
            0,
        )
    },
    ChuHandicap {
        lion3: true,
        practice: true,
        ..h(
            "lion-3-right-side",
            "獅子三片駒",
            &["7c", "8c", "9c", "10c", "11c", "12c"],
            false,
            0,
        )
    },
];

/// The chu handicaps, official first, then practice.
pub fn handicaps() -> impl Iterator<Item = &'static ChuHandicap> {
    CHU_HANDICAPS.iter()
}

/// The handicap with this id or Japanese name.
pub fn find_handicap(name: &str) -> Option<&'static ChuHandicap> {
    handicaps().find(|h| h.id == name || h.name == name)
}

impl ChuHandicap {
    /// The position at the start of the handicap game: pieces removed and changed, the setup
    /// steps pending, the giver (gote) to move.
    pub fn position(&self) -> Position {
        use crate::piece::Piece;
        let start = Position::start(crate::variant::GameId::Chushogi);
        let v = start.variant();
        let sq = |s: &str| v.cell_by_name(s);
        if self.id == "even" {
            return start;
        }
        let mut p = crate::setup::Setup::of(&start);
        let mut holes = [u8::MAX; 4];
        let mut n = 0;
        for r in self.removed {
            if let Some(c) = sq(r) {
                p.put(c, Piece::EMPTY);
                if self.fill && n < holes.len() {
                    holes[n] = c.0;
                    n += 1;
                }
            }
        }
        let lion = Piece::new(Player::FIRST, kinds::LION);
        if self.prince
            && let Some(c) = sq("6l")
        {
            p.put(c, Piece::new(Player::FIRST, kinds::CROWN_PRINCE));
        }
        if self.lion2
            && let Some(c) = sq("7k")
        {
            p.put(c, lion);
        }
        if self.lion3 {
            // the giver's kirin (6b) and the receiver's phoenix (6k) swap squares and owners'
            // sides: the receiver's two kirins become lions, the giver has two phoenixes
            if let (Some(b), Some(k), Some(k2)) = (sq("6b"), sq("6k"), sq("7k")) {
                p.put(b, Piece::new(Player::SECOND, kinds::PHOENIX));
                p.put(k, lion);
                p.put(k2, lion);
            }
        }
        p.turn = Player::SECOND;
        p.chu_setup = Some(ChuSetup {
            holes,
            premoves: self.premoves,
            rearrange: self.practice,
        })
        .filter(|s| !s.is_done());
        // the handicaps are constants, each checked by the tests
        p.into_position().unwrap_or(start)
    }
}

/// Small pieces for hole filling and pre-moves: gold, silver, copper, ferocious leopard.
fn is_small(k: Kind) -> bool {
    use kinds::{COPPER, GOLD, LEOPARD, SILVER};
    matches!(k, GOLD | SILVER | COPPER | LEOPARD)
}

/// Pieces the practice handicaps may not move in the rearranging: pawns, go-betweens, bishops,
/// lions, phoenixes and kirins.
fn fixed_in_rearranging(k: Kind) -> bool {
    use kinds::{BISHOP, GO_BETWEEN, KIRIN, LION, PAWN, PHOENIX};
    matches!(k, PAWN | GO_BETWEEN | BISHOP | KIRIN | PHOENIX | LION)
}

/// The setup actions of the giver (gote): fill a hole with a small piece; a pre-move of a small
/// piece to an empty square inside its camp (its four home ranks); a rearranging move (any
/// empty square of the camp); a pass that ends the pre-moves or the rearranging.
pub(crate) fn setup_moves(pos: &Position, setup: &ChuSetup, out: &mut MoveList) {
    let v = pos.variant();
    let me = pos.turn();
    let camp = |c: Cell| v.in_zone(me.opponent(), c);
    let own = |c: Cell| {
        let q = pos.piece(c);
        (!q.is_empty() && q.owner() == me).then_some(q.kind())
    };
    let holes: Vec<Cell> = setup.open_holes().collect();
    if !holes.is_empty() {
        for &hole in &holes {
            for from in v.geometry.cells() {
                if own(from).is_some_and(is_small) {
                    out.push(Move::Board {
                        from,
                        to: hole,
                        promote: false,
                    });
                }
            }
        }
        return;
    }
    if setup.rearrange {
        for from in v.geometry.cells() {
            if own(from).is_some_and(|k| !fixed_in_rearranging(k)) && camp(from) {
                for to in v.geometry.cells() {
                    if camp(to) && pos.piece(to).is_empty() {
                        out.push(Move::Board {
                            from,
                            to,
                            promote: false,
                        });
                    }
                }
            }
        }
        out.push(Move::Pass);
        return;
    }
    if setup.premoves > 0 {
        for from in v.geometry.cells() {
            let Some(k) = own(from).filter(|&k| is_small(k)) else {
                continue;
            };
            for ray in v.rays(me, k, from) {
                for &to in ray {
                    if !pos.piece(to).is_empty() {
                        break;
                    }
                    if camp(to) {
                        out.push(Move::Board {
                            from,
                            to,
                            promote: false,
                        });
                    }
                }
            }
        }
        out.push(Move::Pass);
    }
}

/// The setup after `mv`.
pub(crate) fn next_setup(setup: ChuSetup, mv: Move) -> Option<ChuSetup> {
    let mut s = setup;
    match mv {
        Move::Pass => {
            s.premoves = 0;
            s.rearrange = false;
        }
        Move::Board { to, .. } => {
            if let Some(h) = s.holes.iter_mut().find(|h| **h == to.0) {
                *h = u8::MAX;
            } else if !s.rearrange && s.premoves > 0 {
                s.premoves -= 1;
            }
        }
        _ => {}
    }
    (!s.is_done()).then_some(s)
}

// ----- the end of the game -----

/// Whether any royal piece of `p` is attacked by the opponent.
pub fn royal_attacked(pos: &Position, p: Player) -> bool {
    let v = pos.variant();
    v.geometry.cells().any(|c| {
        let q = pos.piece(c);
        !q.is_empty()
            && q.owner() == p
            && v.kind(q.kind()).royal
            && pos.attacked_by(c, p.opponent())
    })
}

/// Whether the piece standing on `at` attacks an enemy piece (for the repetition rules).
pub(crate) fn attacks_an_enemy(pos: &Position, at: Cell) -> bool {
    let v = pos.variant();
    let q = pos.piece(at);
    if q.is_empty() {
        return false;
    }
    v.rays(q.owner(), q.kind(), at).any(|ray| {
        ray.iter()
            .map(|&c| pos.piece(c))
            .find(|p| !p.is_empty())
            .is_some_and(|p| p.owner() != q.owner())
    })
}

/// Whether `mv`, about to be played on `pos`, is a jitto (a lion-power pass).
pub(crate) fn is_jitto(pos: &Position, mv: Move) -> bool {
    matches!(mv, Move::Double { from, mid, to } if from == to && pos.piece(mid).is_empty())
}

/// Pieces that count against a bare king: every non-royal piece but dead pawns and lances.
fn countable(pos: &Position, p: Player) -> Vec<Kind> {
    let v = pos.variant();
    v.geometry
        .cells()
        .filter_map(|c| {
            let q = pos.piece(c);
            if q.is_empty() || q.owner() != p || v.kind(q.kind()).royal {
                return None;
            }
            let dead = (q.kind() == kinds::PAWN || q.kind() == kinds::LANCE)
                && v.is_dead_cell(p, kinds::PAWN, c);
            (!dead).then_some(q.kind())
        })
        .collect()
}

/// How a chu game stands after a move (`None` while it goes on); `last_mover` made it.
pub(crate) fn outcome(pos: &mut Position, last_mover: Option<Player>) -> Option<Outcome> {
    let me = pos.turn();
    if let Some(loser) = royal_loser(pos) {
        return Some(Outcome {
            winner: Some(loser.opponent()),
            reason: Reason::RoyalCaptured,
        });
    }
    if pos.chu_setup().is_some() {
        return None;
    }
    match pos.chu_preset() {
        ChuPreset::Jcsa => {
            // 駒枯れ: the royals and one other piece left: its owner wins (not a pawn or
            // go-between; dead pawns and lances are not counted)
            let a = countable(pos, Player::FIRST);
            let b = countable(pos, Player::SECOND);
            if a.len() + b.len() <= 1 {
                let (owner, kind) = match (a.first(), b.first()) {
                    (Some(&k), _) => (Some(Player::FIRST), Some(k)),
                    (_, Some(&k)) => (Some(Player::SECOND), Some(k)),
                    _ => (None, None),
                };
                let wins = kind.is_some_and(|k| k != kinds::PAWN && k != kinds::GO_BETWEEN);
                return Some(Outcome {
                    winner: owner.filter(|_| wins),
                    reason: Reason::BareKing,
                });
            }
            // mate: a single royal attacked, and every move leaves it attacked
            if pos.royals(me) == 1 && royal_attacked(pos, me) {
                let escapes = pos.legal_moves().into_iter().any(|m| {
                    pos.play_unchecked(m);
                    let safe = !royal_attacked(pos, me);
                    pos.undo();
                    safe
                });
                if !escapes {
                    return Some(Outcome {
                        winner: Some(me.opponent()),
                        reason: Reason::Checkmate,
                    });
                }
            }
        }
        ChuPreset::Lishogi => {
            let mine = countable(pos, me);
            let theirs = countable(pos, me.opponent());
            if mine.is_empty() && theirs.is_empty() {
                return Some(Outcome {
                    winner: None,
                    reason: Reason::BareKing,
                });
            }
            // the side that made itself bare, or was bared and could not bare back, loses
            if let Some(m) = last_mover
                && countable(pos, m).is_empty()
            {
                return Some(Outcome {
                    winner: Some(m.opponent()),
                    reason: Reason::BareKing,
                });
            }
            if mine.is_empty() {
                let can_bare_back = theirs.len() == 1
                    && pos.legal_moves().into_iter().any(|m| {
                        pos.play_unchecked(m);
                        let bare = countable(pos, me.opponent()).is_empty();
                        pos.undo();
                        bare
                    });
                if !can_bare_back {
                    return Some(Outcome {
                        winner: Some(me.opponent()),
                        reason: Reason::BareKing,
                    });
                }
            }
        }
    }
    if !pos.has_legal_move() {
        return Some(Outcome {
            winner: Some(me.opponent()),
            reason: Reason::NoLegalMoves,
        });
    }
    None
}

/// Who loses a 4-fold repetition. `span` lists what each move from the first occurrence of the
/// repeated position to the 4th did; `to_move` is the side to move in the repeated position.
pub fn repetition_loser(preset: ChuPreset, span: &[Played], to_move: Player) -> Option<Player> {
    let sides = [Player::FIRST, Player::SECOND];
    let moves_of = |p: Player| span.iter().filter(move |m| m.mover == p);
    let all = |p: Player, f: fn(&Played) -> bool| moves_of(p).count() > 0 && moves_of(p).all(f);
    match preset {
        ChuPreset::Lishogi => sides.into_iter().find(|&p| all(p, |m| m.attack)),
        ChuPreset::Jcsa => {
            if let Some(p) = sides.into_iter().find(|&p| all(p, |m| m.check)) {
                return Some(p);
            }
            let attackers: Vec<Player> = sides
                .into_iter()
                .filter(|&p| moves_of(p).any(|m| m.attack))
                .collect();
            if let [p] = attackers.as_slice() {
                return Some(*p);
            }
            if sides.into_iter().all(|p| moves_of(p).any(|m| m.jitto)) {
                return span.iter().find(|m| m.jitto).map(|m| m.mover);
            }
            Some(to_move)
        }
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
