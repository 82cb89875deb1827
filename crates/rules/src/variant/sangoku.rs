//! Three Kingdoms shogi's pieces and board data as tables: the six kinds, the archer's leap,
//! each player's home cells and the promotion zones. The rules that use them (the turn order,
//! the end of the game) are in [`crate::games::sangoku`].
//!
//! # Decisions (the maker's sheet lacks its figures)
//! The geometry, the start position and the archer's leap are each one table below
//! ([`HOME`], [`ARCHER_LEAPS`]; the board is [`crate::geometry::Geometry::hex`]), so a correction
//! is a one-line change.
//! - Player A sits at the bottom edge (r = 4). B's frame is A's turned by the cube rotation
//!   `(x, y, z) -> (z, x, y)`, C's by that twice; in the two-player game B sits at the top (a
//!   half turn). The turn order is A, B, C. (Drawn with `r` growing downwards and `q` to the
//!   right this rotation puts B at the upper right; an interface that wants the order to run
//!   clockwise on screen draws the board mirrored, which changes no rule: every move here is
//!   symmetric left to right.)
//! - Letters: K general (将), C cavalry (騎), S spearman (槍), A archer (弓), P infantry (歩), +P
//!   promoted infantry.
//! - A game is over when a general has been captured, or (three players) when the player to
//!   move has its general on the centre: nothing is legal then, and [`crate::games::sangoku::outcome`] says who won.
//!

use crate::geometry::{CellSet, Geometry, Vector};
use crate::piece::{Kind, Movement};
use crate::variant::KindInfo;

/// The general, cavalry, spearman, archer, infantry and promoted infantry, in kind order.
pub const GENERAL: Kind = Kind(0);
/// Cavalry.
pub const CAVALRY: Kind = Kind(1);
/// Spearman.
pub const SPEARMAN: Kind = Kind(2);
/// Archer.
pub const ARCHER: Kind = Kind(3);
/// Infantry.
pub const INFANTRY: Kind = Kind(4);
/// Promoted infantry.
pub const PROMOTED_INFANTRY: Kind = Kind(5);

/// The archer's six cells, in A's frame (decision: the cells at distance 2 between two
/// neighbour directions).
pub const ARCHER_LEAPS: [Vector; 6] = [
    Vector(1, -2),
    Vector(-1, 2),
    Vector(2, -1),
    Vector(-2, 1),
    Vector(1, 1),
    Vector(-1, -1),
];

/// A's eleven pieces: (q, r, kind). The back row on A's edge is 槍 騎 将 騎 槍 from A's left,
/// the front row 弓 歩 歩 歩 歩 弓 (decision). B and C get the same, rotated.
pub const HOME: [(i8, i8, Kind); 11] = [
    (-4, 4, SPEARMAN),
    (-3, 4, CAVALRY),
    (-2, 4, GENERAL),
    (-1, 4, CAVALRY),
    (0, 4, SPEARMAN),
    (-4, 3, ARCHER),
    (-3, 3, INFANTRY),
    (-2, 3, INFANTRY),
    (-1, 3, INFANTRY),
    (0, 3, INFANTRY),
    (1, 3, ARCHER),
];

const NE: Vector = Vector(1, -1);
const NW: Vector = Vector(0, -1);
const SE: Vector = Vector(0, 1);
const SW: Vector = Vector(-1, 1);
const E: Vector = Vector(1, 0);
const W: Vector = Vector(-1, 0);
const ALL6: [Vector; 6] = [E, W, NE, NW, SE, SW];
const DIAG4: [Vector; 4] = [NE, NW, SE, SW];

/// The kinds of the hex game.
pub(crate) fn kinds() -> Vec<KindInfo> {
    let info = |name, letter, kanji, moves: Vec<Movement>| KindInfo {
        name,
        letter,
        kanji,
        kif: kanji,
        kanji2: kanji,
        moves,
        promotes_to: None,
        promoted_from: None,
        royal: false,
        points: 1,
    };
    let mut general = info(
        "general",
        'K',
        "将",
        ALL6.iter().map(|&v| Movement::Step(v)).collect(),
    );
    general.royal = true;
    general.points = 0;
    let mut spear: Vec<Movement> = DIAG4.iter().map(|&v| Movement::Step(v)).collect();
    spear.extend([Movement::Slide(E), Movement::Slide(W)]);
    let mut infantry = info(
        "infantry",
        'P',
        "歩",
        vec![Movement::Step(NE), Movement::Step(NW)],
    );
    infantry.promotes_to = Some(PROMOTED_INFANTRY);
    let mut promoted = info(
        "promoted infantry",
        'P',
        "と",
        ALL6.iter().map(|&v| Movement::Step(v)).collect(),
    );
    promoted.promoted_from = Some(INFANTRY);
    vec![
        general,
        info(
            "cavalry",
            'C',
            "騎",
            DIAG4.iter().map(|&v| Movement::Slide(v)).collect(),
        ),
        info("spearman", 'S', "槍", spear),
        info(
            "archer",
            'A',
            "弓",
            ARCHER_LEAPS.iter().map(|&v| Movement::Leap(v)).collect(),
        ),
        infantry,
        promoted,
    ]
}

/// The start cells of `player`'s pieces (its home area), with their kinds.
pub fn home_cells(g: &Geometry, player: u8) -> Vec<(crate::geometry::Cell, Kind)> {
    HOME.iter()
        .filter_map(|&(q, r, k)| {
            let a = g.at(q as i16, r as i16)?;
            Some((g.rotate_cell(a, player), k))
        })
        .collect()
}

/// Promotion zones: three players, the two enemy camps and the centre; two players, the
/// opponent's three home rows, without the centre.
pub(crate) fn zones(g: &Geometry) -> [CellSet; 3] {
    let players = g.players();
    let mut z = [CellSet::EMPTY; 3];
    if players == 3 {
        let camps: Vec<CellSet> = (0..3)
            .map(|p| home_cells(g, p).into_iter().map(|(c, _)| c).collect())
            .collect();
        let centre = g.at(0, 0);
        for (p, zone) in z.iter_mut().enumerate() {
            for (o, camp) in camps.iter().enumerate() {
                if o != p {
                    for c in camp.iter() {
                        zone.insert(c);
                    }
                }
            }
            if let Some(c) = centre {
                zone.insert(c);
            }
        }
    } else {
        for c in g.cells() {
            let r = g.coords(c).1;
            if r <= -2 {
                z[0].insert(c);
            }
            if r >= 2 {
                z[1].insert(c);
            }
        }
    }
    z
}
