//! How a chu shogi game ends: the last royal, bare king, and the repetition rules of each preset.
//!
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

use super::moves::royal_loser;
use crate::geometry::Cell;
use crate::moves::{Move, Played};
use crate::options::ChuPreset;
use crate::outcome::{EndReason, Outcome};
use crate::piece::{Kind, Player};
use crate::position::Position;
use crate::variant::chu::kinds;

/// Whether any royal piece of `p` is attacked by the opponent.
pub fn royal_attacked(pos: &Position, p: Player) -> bool {
    let v = pos.variant();
    // the common case, one royal, known by its cell: no need to look over the board
    if pos.royals(p) == 1
        && let Some(k) = pos.king(p)
        && let q = pos.piece(k)
        && !q.is_empty()
        && q.owner() == p
        && v.kind(q.kind()).royal
    {
        return pos.attacked_by(k, p.opponent());
    }
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
            reason: EndReason::RoyalCaptured,
        });
    }
    if pos.setup_steps().is_some() {
        return None;
    }
    match pos.preset() {
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
                    reason: EndReason::BareKing,
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
                        reason: EndReason::Checkmate,
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
                    reason: EndReason::BareKing,
                });
            }
            // the side that made itself bare, or was bared and could not bare back, loses
            if let Some(m) = last_mover
                && countable(pos, m).is_empty()
            {
                return Some(Outcome {
                    winner: Some(m.opponent()),
                    reason: EndReason::BareKing,
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
                        reason: EndReason::BareKing,
                    });
                }
            }
        }
    }
    if !pos.has_legal_move() {
        return Some(Outcome {
            winner: Some(me.opponent()),
            reason: EndReason::NoLegalMoves,
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
