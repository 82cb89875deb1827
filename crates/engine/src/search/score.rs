//! Scores: centipawns from the side to move, mates counted in plies from the root, as USI
//! reports them; how a mate is kept in the table; and the levels' controlled mistakes.

use koma_rules::{Move, Outcome, Player};

/// A mate's score at the root (mate in `n` plies scores `MATE - n`).
pub const MATE: i32 = 30_000;
/// Scores beyond this are mates.
pub const MATE_BOUND: i32 = MATE - 1_000;
/// Beyond every score: the open window's bounds.
pub(crate) const INF: i32 = 32_000;

/// A score as USI reports it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns, from the side to move.
    Cp(i32),
    /// Mate in this many moves (negative: the side to move is mated).
    Mate(i32),
}

impl Score {
    /// The score of a raw search value.
    pub fn from_raw(s: i32) -> Score {
        if s >= MATE_BOUND {
            Score::Mate((MATE - s + 1) / 2)
        } else if s <= -MATE_BOUND {
            Score::Mate(-((MATE + s + 1) / 2))
        } else {
            Score::Cp(s)
        }
    }
}

/// The score of an ended game for the side to move at `ply`.
pub(crate) fn outcome_score(o: Outcome, to_move: Player, ply: usize) -> i32 {
    match o.winner {
        None => 0,
        Some(w) if w == to_move => MATE - ply as i32,
        Some(_) => -(MATE - ply as i32),
    }
}

/// A mate score stored in the table counts from the stored position.
pub(crate) fn to_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_BOUND {
        s + ply as i32
    } else if s <= -MATE_BOUND {
        s - ply as i32
    } else {
        s
    }
}

/// A mate score read from the table counts from the root again.
pub(crate) fn from_tt(s: i32, ply: usize) -> i32 {
    if s >= MATE_BOUND {
        s - ply as i32
    } else if s <= -MATE_BOUND {
        s + ply as i32
    } else {
        s
    }
}

/// A level's controlled mistakes: any of `scores` within `margin` of the best, picked by
/// `rng` (the best itself with no margin, or when the best is a mate). Shared by the two- and
/// three-player searches.
pub(crate) fn choose(scores: &[(Move, i32)], margin: i32, rng: &mut u64) -> Option<(Move, i32)> {
    // the first of the best
    let (best, top) = scores
        .iter()
        .copied()
        .reduce(|a, b| if b.1 > a.1 { b } else { a })?;
    if margin <= 0 || top.abs() >= MATE_BOUND {
        return Some((best, top));
    }
    let near: Vec<(Move, i32)> = scores
        .iter()
        .copied()
        .filter(|&(_, s)| s >= top - margin)
        .collect();
    *rng ^= *rng << 13;
    *rng ^= *rng >> 7;
    *rng ^= *rng << 17;
    near.get((*rng % near.len() as u64) as usize).copied()
}
