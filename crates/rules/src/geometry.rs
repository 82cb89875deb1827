//! Board geometry shared by every game: cells, vectors, player frames and cell sets.
//!
//! A board is a list of cells, each with integer coordinates, and a dense index (`Cell`).
//! - Square boards (5x5, 6x6, 9x9, 12x12) use `(x, y)` with `x` growing to the right and `y`
//!   growing downwards as the first player (sente) sees the board: `y = 0` is rank `a`, the far
//!   rank of sente, and `x = 0` is the highest file (file 9 on a 9x9 board). Cell index is
//!   `y * width + x`, which is also SFEN's reading order.
//! - The hexagon (61 cells) uses axial coordinates `(q, r)` with `max(|q|, |r|, |q + r|) <= 4`,
//!   drawn pointy-top, `r` growing downwards. Cells are indexed row by row from `r = -4`, left to
//!   right, which is the order of the hex game's text notation.
//!
//! Moves are written once as vectors in the mover's own frame, where "forward" is `(0, -1)` on
//! square boards and the forward diagonals are `(1, -1)` and `(0, -1)` on the hexagon. A player's
//! frame is a rotation of the first player's: gote's by 180 degrees, the hex players' by 0, 120
//! and 240 degrees. [`Geometry::rotate`] applies it, so no piece table is ever written twice.

use std::fmt;

/// Largest number of cells of any board (chu shogi's 12x12).
pub const MAX_CELLS: usize = 144;

/// A cell of a board, as a dense index into that board's cell list.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(pub u8);

impl Cell {
    /// The index as `usize`, for table lookups.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A displacement on a board, in some frame: `(dx, dy)` on squares, `(dq, dr)` on the hexagon.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Vector(pub i8, pub i8);

impl Vector {
    /// The opposite displacement.
    pub const fn neg(self) -> Vector {
        Vector(-self.0, -self.1)
    }
}

/// The shape of a board.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    /// A rectangle of `width` files and `height` ranks.
    Square { width: u8, height: u8 },
    /// The hexagon of cells within `radius` steps of the centre.
    Hex { radius: u8 },
}

/// The six neighbour directions of the hexagon, in the first player's frame, in the order the
/// rules text lists them: E, W, NE, NW, SE, SW.
pub const HEX_DIRECTIONS: [Vector; 6] = [
    Vector(1, 0),
    Vector(-1, 0),
    Vector(1, -1),
    Vector(0, -1),
    Vector(0, 1),
    Vector(-1, 1),
];

/// The eight directions of a square board in the first player's frame: N (forward), NE, E, SE, S,
/// SW, W, NW.
pub const SQUARE_DIRECTIONS: [Vector; 8] = [
    Vector(0, -1),
    Vector(1, -1),
    Vector(1, 0),
    Vector(1, 1),
    Vector(0, 1),
    Vector(-1, 1),
    Vector(-1, 0),
    Vector(-1, -1),
];

/// A board: its cells with their coordinates, and a coordinate lookup.
#[derive(Clone, Debug)]
pub struct Geometry {
    shape: Shape,
    coords: Vec<(i8, i8)>,
    /// Lookup from coordinates (offset by `origin`) to cell, `u8::MAX` for none.
    grid: Vec<u8>,
    grid_width: i16,
    origin: i16,
    players: u8,
}

impl Geometry {
    /// A square board of `width` x `height` cells for two players.
    pub fn square(width: u8, height: u8) -> Geometry {
        assert!(
            (width as usize) * (height as usize) <= MAX_CELLS,
            "board too large"
        );
        let mut coords = Vec::new();
        for y in 0..height as i8 {
            for x in 0..width as i8 {
                coords.push((x, y));
            }
        }
        Geometry::from_coords(Shape::Square { width, height }, coords, 2)
    }

    /// The hexagon of the given radius (4 gives 61 cells) for `players` players (2 or 3).
    pub fn hex(radius: u8, players: u8) -> Geometry {
        let n = radius as i8;
        let mut coords = Vec::new();
        for r in -n..=n {
            for q in (-n).max(-n - r)..=n.min(n - r) {
                coords.push((q, r));
            }
        }
        Geometry::from_coords(Shape::Hex { radius }, coords, players)
    }

    fn from_coords(shape: Shape, coords: Vec<(i8, i8)>, players: u8) -> Geometry {
        // A grid with a margin wide enough for any vector up to length 4 leaves it safely.
        let min = coords.iter().map(|c| c.0.min(c.1)).min().unwrap_or(0) as i16;
        let max = coords.iter().map(|c| c.0.max(c.1)).max().unwrap_or(0) as i16;
        let origin = -min;
        let grid_width = max - min + 1;
        let mut grid = vec![u8::MAX; (grid_width * grid_width) as usize];
        for (i, &(a, b)) in coords.iter().enumerate() {
            let gi = (a as i16 + origin) + (b as i16 + origin) * grid_width;
            grid[gi as usize] = i as u8;
        }
        Geometry {
            shape,
            coords,
            grid,
            grid_width,
            origin,
            players,
        }
    }

    /// The board's shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The fewest steps a king (one cell in any direction) takes from `a` to `b`.
    pub fn distance(&self, a: Cell, b: Cell) -> i32 {
        let (ax, ay) = self.coords(a);
        let (bx, by) = self.coords(b);
        let (dx, dy) = (i32::from(ax - bx), i32::from(ay - by));
        match self.shape {
            Shape::Hex { .. } => (dx.abs() + dy.abs() + (dx + dy).abs()) / 2,
            Shape::Square { .. } => dx.abs().max(dy.abs()),
        }
    }

    /// How many players sit at this board.
    pub fn players(&self) -> u8 {
        self.players
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.coords.len()
    }

    /// Whether the board has no cells (never, for a real game).
    pub fn is_empty(&self) -> bool {
        self.coords.is_empty()
    }

    /// All cells in index order.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        (0..self.coords.len() as u8).map(Cell)
    }

    /// A cell's coordinates.
    pub fn coords(&self, cell: Cell) -> (i8, i8) {
        self.coords[cell.index()]
    }

    /// The cell at the given coordinates, if it is on the board.
    pub fn at(&self, a: i16, b: i16) -> Option<Cell> {
        let (x, y) = (a + self.origin, b + self.origin);
        if x < 0 || y < 0 || x >= self.grid_width || y >= self.grid_width {
            return None;
        }
        match self.grid[(x + y * self.grid_width) as usize] {
            u8::MAX => None,
            i => Some(Cell(i)),
        }
    }

    /// The cell reached from `cell` by `v` (already in the board's absolute frame).
    pub fn offset(&self, cell: Cell, v: Vector) -> Option<Cell> {
        let (a, b) = self.coords(cell);
        self.at(a as i16 + v.0 as i16, b as i16 + v.1 as i16)
    }

    /// A vector of `player`'s frame turned into the board's absolute frame (the first player's).
    pub fn rotate(&self, v: Vector, player: u8) -> Vector {
        match self.shape {
            Shape::Square { .. } => {
                if player.is_multiple_of(2) {
                    v
                } else {
                    v.neg()
                }
            }
            Shape::Hex { .. } => {
                let turns = if self.players == 2 {
                    // Two players face each other: 180 degrees = three 60-degree turns.
                    (player as u32 % 2) * 3
                } else {
                    (player as u32 % 3) * 2
                };
                let mut v = v;
                for _ in 0..turns {
                    v = hex_turn_60(v);
                }
                v
            }
        }
    }

    /// A cell as seen by `player`: the cell that `player` sees where the first player sees
    /// `cell`. Rotating every cell, piece and hand by this map (and relabelling players) gives
    /// the same game.
    pub fn rotate_cell(&self, cell: Cell, player: u8) -> Cell {
        let (a, b) = self.coords(cell);
        match self.shape {
            Shape::Square { width, height } => {
                if player.is_multiple_of(2) {
                    cell
                } else {
                    let x = width as i16 - 1 - a as i16;
                    let y = height as i16 - 1 - b as i16;
                    // A rectangle is symmetric under 180 degrees, so this is always on the board.
                    self.at(x, y).unwrap_or(cell)
                }
            }
            Shape::Hex { .. } => {
                let v = self.rotate(Vector(a, b), player);
                self.at(v.0 as i16, v.1 as i16).unwrap_or(cell)
            }
        }
    }

    /// The hex distance from the centre, or the Chebyshev distance from the board's middle on
    /// squares (used only for display and tests).
    pub fn is_hex_centre(&self, cell: Cell) -> bool {
        matches!(self.shape, Shape::Hex { .. }) && self.coords(cell) == (0, 0)
    }
}

/// Turn a hex vector by 60 degrees counterclockwise as drawn: in cube coordinates
/// `(x, y, z) -> (-y, -z, -x)`, which applied twice is the rules' `(x, y, z) -> (z, x, y)`.
fn hex_turn_60(v: Vector) -> Vector {
    // axial (q, r) = cube (x, z), y = -q - r
    let (x, z) = (v.0, v.1);
    let y = -x - z;
    Vector(-y, -x)
}

/// A set of cells: a fixed-size bitset wide enough for the largest board.
#[derive(Copy, Clone, Default, PartialEq, Eq, Hash)]
pub struct CellSet([u64; 3]);

impl CellSet {
    /// The empty set.
    pub const EMPTY: CellSet = CellSet([0; 3]);

    /// Whether `cell` is in the set.
    #[inline]
    pub fn contains(&self, cell: Cell) -> bool {
        let i = cell.index();
        self.0[i >> 6] >> (i & 63) & 1 != 0
    }

    /// Add `cell`.
    #[inline]
    pub fn insert(&mut self, cell: Cell) {
        let i = cell.index();
        self.0[i >> 6] |= 1 << (i & 63);
    }

    /// Remove `cell`.
    #[inline]
    pub fn remove(&mut self, cell: Cell) {
        let i = cell.index();
        self.0[i >> 6] &= !(1 << (i & 63));
    }

    /// Number of cells in the set.
    #[inline]
    pub fn len(&self) -> usize {
        // the empty words skipped: most sets are small, the boards but chu's fit two words,
        // and a native build for any x86-64 counts bits by a long sum
        self.0
            .iter()
            .map(|&w| if w == 0 { 0 } else { w.count_ones() as usize })
            .sum()
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 3]
    }

    /// The cells in index order.
    pub fn iter(&self) -> impl Iterator<Item = Cell> + '_ {
        (0..3).flat_map(move |w| {
            let mut bits = self.0[w];
            std::iter::from_fn(move || {
                if bits == 0 {
                    return None;
                }
                let b = bits.trailing_zeros();
                bits &= bits - 1;
                Some(Cell((w as u32 * 64 + b) as u8))
            })
        })
    }
}

impl std::ops::BitOr for CellSet {
    type Output = CellSet;
    #[inline]
    fn bitor(self, o: CellSet) -> CellSet {
        CellSet([self.0[0] | o.0[0], self.0[1] | o.0[1], self.0[2] | o.0[2]])
    }
}

impl std::ops::BitOrAssign for CellSet {
    #[inline]
    fn bitor_assign(&mut self, o: CellSet) {
        *self = *self | o;
    }
}

impl std::ops::BitAnd for CellSet {
    type Output = CellSet;
    #[inline]
    fn bitand(self, o: CellSet) -> CellSet {
        CellSet([self.0[0] & o.0[0], self.0[1] & o.0[1], self.0[2] & o.0[2]])
    }
}

impl CellSet {
    /// The cells of `self` not in `other`.
    #[inline]
    pub fn minus(self, other: CellSet) -> CellSet {
        CellSet([
            self.0[0] & !other.0[0],
            self.0[1] & !other.0[1],
            self.0[2] & !other.0[2],
        ])
    }
}

impl FromIterator<Cell> for CellSet {
    fn from_iter<I: IntoIterator<Item = Cell>>(iter: I) -> Self {
        let mut s = CellSet::EMPTY;
        for c in iter {
            s.insert(c);
        }
        s
    }
}

impl fmt::Debug for CellSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(|c| c.0)).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_boards_index_in_sfen_order() {
        let g = Geometry::square(9, 9);
        assert_eq!(g.len(), 81);
        assert_eq!(g.coords(Cell(0)), (0, 0));
        assert_eq!(g.coords(Cell(80)), (8, 8));
        assert_eq!(g.at(2, 6), Some(Cell(56)));
        assert_eq!(g.at(9, 0), None);
        assert_eq!(g.at(-1, 0), None);
        assert_eq!(Geometry::square(12, 12).len(), 144);
        assert_eq!(Geometry::square(5, 5).len(), 25);
        assert_eq!(Geometry::square(6, 6).len(), 36);
    }

    #[test]
    fn gote_frame_is_a_half_turn() {
        let g = Geometry::square(9, 9);
        assert_eq!(g.rotate(Vector(0, -1), 1), Vector(0, 1));
        assert_eq!(g.rotate(Vector(1, -2), 1), Vector(-1, 2));
        assert_eq!(g.rotate_cell(Cell(0), 1), Cell(80));
        assert_eq!(g.rotate_cell(Cell(56), 1), Cell(24));
    }

    #[test]
    fn hexagon_has_61_cells_in_rows_of_5_to_9() {
        let g = Geometry::hex(4, 3);
        assert_eq!(g.len(), 61);
        let mut rows = [0; 9];
        for c in g.cells() {
            rows[(g.coords(c).1 + 4) as usize] += 1;
        }
        assert_eq!(rows, [5, 6, 7, 8, 9, 8, 7, 6, 5]);
        assert_eq!(g.coords(Cell(30)), (0, 0));
        assert!(g.is_hex_centre(Cell(30)));
        // every cell has between 3 and 6 neighbours; the centre has 6
        for c in g.cells() {
            let n = HEX_DIRECTIONS
                .iter()
                .filter(|&&d| g.offset(c, d).is_some())
                .count();
            assert!((3..=6).contains(&n));
        }
    }

    #[test]
    fn hex_rotation_matches_the_rules_cube_rotation() {
        // The rules: rotate cube coordinates (x, y, z) -> (z, x, y) to go from A to B.
        let g = Geometry::hex(4, 3);
        for c in g.cells() {
            let (q, r) = g.coords(c);
            let (x, z) = (q, r);
            let y = -x - z;
            let (x2, _y2, z2) = (z, x, y);
            let v = g.rotate(Vector(q, r), 1);
            assert_eq!(v, Vector(x2, z2));
        }
        // three turns of 120 degrees is the identity, and rotations keep the board
        for v in HEX_DIRECTIONS {
            assert_eq!(g.rotate(g.rotate(g.rotate(v, 1), 1), 1), v);
            assert_ne!(g.rotate(v, 1), v);
        }
        for c in g.cells() {
            let b = g.rotate_cell(c, 1);
            assert_eq!(g.rotate_cell(g.rotate_cell(b, 1), 1), c);
        }
        let set: CellSet = g.cells().map(|c| g.rotate_cell(c, 2)).collect();
        assert_eq!(set.len(), 61);
        // the two-player hexagon turns by half a turn
        let g2 = Geometry::hex(4, 2);
        assert_eq!(g2.rotate(Vector(0, -1), 1), Vector(0, 1));
    }

    #[test]
    fn cellset_basics() {
        let mut s = CellSet::EMPTY;
        assert!(s.is_empty());
        for i in [0u8, 63, 64, 127, 128, 143] {
            s.insert(Cell(i));
        }
        assert_eq!(s.len(), 6);
        assert!(s.contains(Cell(127)));
        s.remove(Cell(127));
        assert!(!s.contains(Cell(127)));
        assert_eq!(
            s.iter().map(|c| c.0).collect::<Vec<_>>(),
            vec![0, 63, 64, 128, 143]
        );
    }
}
