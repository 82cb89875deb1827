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
//! line, one square; the second goes on one more square along it or back to the start.
//! (One peer also lets the eagle make its first step to the far square; the rules text gives it
//! no such path, and Koma does not.)
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
//! # Not yet here
//! The end of the game beyond the capture of the last royal (mate, bare king, the repetition
//! rules), and the Association's handicaps: see the chu issue's note.

use crate::geometry::{Cell, Vector};
use crate::moves::Move;
use crate::piece::{Kind, Movement, Player, dir};
use crate::position::{MoveList, Position};
use crate::variant::KindInfo;

/// The rule presets of chu shogi.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum ChuPreset {
    /// The Japanese Chu Shogi Association's rules (the default).
    #[default]
    Jcsa,
    /// lishogi's rules.
    Lishogi,
}

impl ChuPreset {
    /// The preset's id (`jcsa`, `lishogi`).
    pub fn id(self) -> &'static str {
        match self {
            ChuPreset::Jcsa => "jcsa",
            ChuPreset::Lishogi => "lishogi",
        }
    }
}

impl std::str::FromStr for ChuPreset {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "jcsa" => Ok(ChuPreset::Jcsa),
            "lishogi" => Ok(ChuPreset::Lishogi),
            _ => Err(format!("unknown chu preset {s:?}: jcsa or lishogi")),
        }
    }
}

/// The kind numbers of the pieces the rules name.
pub mod kinds {
    use crate::piece::Kind;
    /// King.
    pub const KING: Kind = Kind(0);
    /// Pawn.
    pub const PAWN: Kind = Kind(7);
    /// Go-between.
    pub const GO_BETWEEN: Kind = Kind(8);
    /// Lance.
    pub const LANCE: Kind = Kind(9);
    /// Lion.
    pub const LION: Kind = Kind(20);
    /// Promoted kirin (a lion).
    pub const PROMOTED_KIRIN: Kind = Kind(37);
    /// Promoted dragon horse: the horned falcon.
    pub const FALCON: Kind = Kind(35);
    /// Promoted dragon king: the soaring eagle.
    pub const EAGLE: Kind = Kind(36);
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
