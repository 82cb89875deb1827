//! Chu shogi's move generation: the lion's double moves and the rules that filter moves.
//!
//! Single moves come from the shared ray tables: the lion's power is written once as
//! [`crate::piece::Movement::Lion`] (expanded to the eight steps and the sixteen jumps of the 5x5 ring), the
//! horned falcon's and soaring eagle's as [`crate::piece::Movement::LionLine`] (a step and a jump along the
//! line). Double moves are generated here, one per path, as lishogi's USI writes them
//! (`from mid to`): a lion steps to any neighbour that holds no own piece, then to any neighbour
//! of that square holding no own piece, its start square included (igui after a capture, jitto
//! when the first square was empty). The falcon's and eagle's first step is along their lion
//! line, one square; the second goes on one more square along it or back to the start. The move
//! lists of 400 random positions equal shogiops' under the lishogi preset (`tests/peers.rs`).
//!
//!
//! # Promotion (never forced)
//! A piece may promote when it enters the zone (the far four ranks) from outside, or when a
//! move that starts or ends in the zone captures. A pawn reaching the last rank may promote
//! without capturing; the lishogi preset gives the lance the same. Dead pieces stay.
//!
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

use crate::geometry::{Cell, Vector};
use crate::moves::Move;
use crate::options::ChuPreset;
use crate::piece::dir;
use crate::piece::{Kind, Player};
use crate::position::{MoveList, Position};
use crate::variant::chu::{is_lion, kinds};

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
        kind == kinds::PAWN || (kind == kinds::LANCE && pos.preset() == ChuPreset::Lishogi);
    rescued && last_rank
}

/// Whether a non-lion may take the lion on `target` now (the counter-strike rule).
fn non_lion_may_take_lion(pos: &Position, from: Cell, target: Cell) -> bool {
    let Some(last) = pos.lion_capture() else {
        return true;
    };
    match pos.preset() {
        ChuPreset::Lishogi => target == last,
        ChuPreset::Jcsa => !pos.attacked_by_with(target, pos.turn().opponent(), &[from]),
    }
}

/// Which of the moves [`generate`] lists.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Listing {
    /// Every move, one per path.
    All,
    /// One move for each position reached: a double move over an empty square reaches what a
    /// single step or jump reaches (under the same lion-trading rules: no piece was taken on
    /// the way), or the pass, which is the same position whichever piece passes: of those only
    /// one pass is listed.
    Distinct,
    /// The captures (with and without promotion), the promotions, and the double moves that
    /// take something on their first step (one that takes only on its second, over an empty
    /// square, is a single capture): what a search's quiescence looks at.
    Tactical,
}

/// Every chu shogi move of the side to move, one per path.
pub(crate) fn moves(pos: &Position, out: &mut MoveList) {
    generate(pos, out, Listing::All);
}

/// The moves of the side to move that `listing` asks for.
pub(crate) fn generate(pos: &Position, out: &mut MoveList, listing: Listing) {
    let v = pos.variant();
    let me = pos.turn();
    if pos.royals(me) == 0 || pos.royals(me.opponent()) == 0 {
        return;
    }
    // a pass listed already (every piece's pass reaches the same position)
    let mut passed = false;
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
                    let promotes = may_promote(pos, from, to, kind, capture);
                    if promotes {
                        out.push(Move::Board {
                            from,
                            to,
                            promote: true,
                        });
                    }
                    if capture || listing != Listing::Tactical {
                        out.push(Move::Board {
                            from,
                            to,
                            promote: false,
                        });
                    }
                }
                if capture {
                    break;
                }
            }
        }
        double_moves(pos, from, kind, out, listing, &mut passed);
    }
}

/// The double moves of a piece with lion power on `from` that `listing` asks for (`passed`: a
/// pass is listed already).
fn double_moves(
    pos: &Position,
    from: Cell,
    kind: Kind,
    out: &mut MoveList,
    listing: Listing,
    passed: &mut bool,
) {
    let v = pos.variant();
    let g = &v.geometry;
    let me = pos.turn();
    let own = |c: Cell| {
        let q = pos.piece(c);
        !q.is_empty() && q.owner() == me
    };
    // past an empty square a path reaches what a single move reaches, or the pass: unless all
    // paths are asked for, only the pass, once, and in tactics nothing
    let mut skip_empty = |mid: Cell, out: &mut MoveList| {
        if listing == Listing::All || !pos.piece(mid).is_empty() {
            return false;
        }
        if listing == Listing::Distinct && !*passed {
            *passed = true;
            out.push(Move::Double {
                from,
                mid,
                to: from,
            });
        }
        true
    };
    if is_lion(kind) {
        for d in dir::ALL {
            let Some(mid) = g.offset(from, d) else {
                continue;
            };
            if own(mid) || skip_empty(mid, out) {
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
        if own(mid) || skip_empty(mid, out) {
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
