//! What a board shows, from the rules: the piece on each cell, the hands in display order, the
//! last move's cells, every movable source with its destinations, and the home areas the
//! hexagon tints. The board ([`crate::board`]) knows no rules: the play screen, the embed, the
//! warm-up board and the thumbnails build its props here.

use std::rc::Rc;

use koma_rules::{Cell, Kind, Move, Piece, Player, Position};

use crate::board::Source;

/// The piece on each cell of `pos`, by cell index.
pub fn cells_of(pos: &Position) -> Rc<Vec<Piece>> {
    Rc::new(
        pos.variant()
            .geometry
            .cells()
            .map(|c| pos.piece(c))
            .collect(),
    )
}

/// Each player's hand in `pos`: (kind, count), in the game's display order.
pub fn hands_of(pos: &Position) -> Rc<Vec<Vec<(Kind, u8)>>> {
    let v = pos.variant();
    Rc::new(
        (0..v.players())
            .map(|p| {
                v.hand_order
                    .iter()
                    .map(|&k| (k, pos.hand(Player(p), k)))
                    .filter(|&(_, n)| n > 0)
                    .collect()
            })
            .collect(),
    )
}

/// The cells the last of `moves` left and reached, to be marked.
pub fn last_cells(moves: &[Move]) -> Rc<Vec<Cell>> {
    Rc::new(
        moves
            .last()
            .map(|m| [m.from(), m.to()].into_iter().flatten().collect())
            .unwrap_or_default(),
    )
}

/// Every source of the legal moves with its destinations (a lion's first step for its double
/// moves), sorted, once each.
pub fn destinations(legal: &[Move]) -> Vec<(Source, Cell)> {
    let mut out: Vec<(Source, Cell)> = legal
        .iter()
        .filter_map(|m| match *m {
            Move::Board { from, to, .. } => Some((Source::Cell(from), to)),
            Move::Double { from, mid, .. } => Some((Source::Cell(from), mid)),
            Move::Drop { kind, to } => Some((Source::Hand(kind), to)),
            Move::Pass => None,
        })
        .collect();
    // the key is the whole entry: equal entries are one, so the unstable sort is as good
    out.sort_unstable_by_key(|(s, c)| {
        let k = match s {
            Source::Cell(x) => (0, x.0),
            Source::Hand(k) => (1, k.0),
            Source::Tray(p, k) => (2 + p.0, k.0),
        };
        (k, c.0)
    });
    out.dedup();
    out
}

/// The hexagon's home areas: the player whose pieces start on each cell, by cell index (the
/// board tints them); none on square boards.
pub fn homes(v: &koma_rules::Variant) -> Rc<Vec<Option<u8>>> {
    let mut homes = vec![None; v.geometry.len()];
    if koma_rules::Description::of(v.id).hexagon() {
        let rules = koma_rules::games::rules(v.id);
        for p in 0..v.players() {
            for (c, _) in rules.home(&v.geometry, p) {
                homes[c.index()] = Some(p);
            }
        }
    }
    Rc::new(homes)
}
