//! Players, piece kinds, pieces, and how pieces move, written as data.
//!
//! A piece kind is an index into its game's kind table ([`crate::variant::KindInfo`]). Moves are
//! listed once in the mover's own frame ([`Movement`]) and turned into every player's frame by
//! the board geometry, so gote's pieces and the hex players' pieces share one description.

use crate::geometry::Vector;

/// A player: 0 moves first (sente, or A in the hex game), then 1 (gote, or B), then 2 (C).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Player(pub u8);

impl Player {
    /// Sente, or player A.
    pub const FIRST: Player = Player(0);
    /// Gote, or player B.
    pub const SECOND: Player = Player(1);

    /// The index as `usize`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The other player of a two-player game.
    #[inline]
    pub const fn opponent(self) -> Player {
        Player(self.0 ^ 1)
    }
}

/// A piece kind: an index into the game's kind table.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Kind(pub u8);

impl Kind {
    /// The index as `usize`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A piece on a board cell, or no piece: owner in the top two bits, kind + 1 below.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Piece(u8);

impl Piece {
    /// No piece.
    pub const EMPTY: Piece = Piece(0);

    /// The piece of `kind` owned by `owner`.
    #[inline]
    pub const fn new(owner: Player, kind: Kind) -> Piece {
        Piece((owner.0 << 6) | (kind.0 + 1))
    }

    /// Whether the cell is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The owner (meaningless for an empty cell).
    #[inline]
    pub const fn owner(self) -> Player {
        Player(self.0 >> 6)
    }

    /// The kind (meaningless for an empty cell).
    #[inline]
    pub const fn kind(self) -> Kind {
        Kind((self.0 & 63).wrapping_sub(1))
    }

    /// The raw code, for hashing tables.
    #[inline]
    pub const fn code(self) -> u8 {
        self.0
    }
}

/// One line of a piece's movement, in the mover's frame.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Movement {
    /// One step by the vector (a neighbour).
    Step(Vector),
    /// Any number of steps along the vector, stopping at the first piece (capturing it if it is
    /// an opponent's).
    Slide(Vector),
    /// Straight to the cell at the vector, over anything in between.
    Leap(Vector),
    /// Up to `n` steps along the vector, stopping at the first piece.
    Range(Vector, u8),
}

impl Movement {
    /// The vector and the most cells it can go (1 for steps and leaps).
    pub fn vector_and_range(self) -> (Vector, u8) {
        match self {
            Movement::Step(v) | Movement::Leap(v) => (v, 1),
            Movement::Slide(v) => (v, u8::MAX),
            Movement::Range(v, n) => (v, n),
        }
    }
}

/// Shorthands for the square boards' directions in the mover's frame.
pub mod dir {
    use crate::geometry::Vector;
    /// Forward.
    pub const N: Vector = Vector(0, -1);
    /// Forward right.
    pub const NE: Vector = Vector(1, -1);
    /// Right.
    pub const E: Vector = Vector(1, 0);
    /// Back right.
    pub const SE: Vector = Vector(1, 1);
    /// Back.
    pub const S: Vector = Vector(0, 1);
    /// Back left.
    pub const SW: Vector = Vector(-1, 1);
    /// Left.
    pub const W: Vector = Vector(-1, 0);
    /// Forward left.
    pub const NW: Vector = Vector(-1, -1);
    /// All eight.
    pub const ALL: [Vector; 8] = [N, NE, E, SE, S, SW, W, NW];
    /// The four orthogonal directions.
    pub const ORTHO: [Vector; 4] = [N, E, S, W];
    /// The four diagonal directions.
    pub const DIAG: [Vector; 4] = [NE, SE, SW, NW];
    /// The gold general's six.
    pub const GOLD: [Vector; 6] = [N, NE, E, S, W, NW];
    /// The silver general's five.
    pub const SILVER: [Vector; 5] = [N, NE, SE, SW, NW];
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_packs_owner_and_kind() {
        for owner in 0..3 {
            for kind in 0..62 {
                let p = Piece::new(Player(owner), Kind(kind));
                assert!(!p.is_empty());
                assert_eq!(p.owner(), Player(owner));
                assert_eq!(p.kind(), Kind(kind));
            }
        }
        assert!(Piece::EMPTY.is_empty());
    }
}
