//! Where everything sits on the board's drawing, in SVG units (one cell is [`CELL`]): cells,
//! pieces' turns, hands and the drawing's bounds, for the square boards and the hexagon alike.
//! One [`Layout`] is worked out per render from the game's geometry and the orientation (flipped,
//! the hexagon's viewer); the rest of the board asks it instead of branching on the shape.

use koma_rules::{Cell, Player, Shape, Variant, Vector};

/// Size of one cell in SVG units.
pub const CELL: f64 = 100.0;
/// Margin for the coordinate labels.
pub(super) const MARGIN: f64 = 44.0;
/// Height of a hand row.
const HAND: f64 = 110.0;
/// The length of a hand along a player's edge on the three-player hexagon: room for the four
/// kinds a hand can hold there (the general is never in hand).
const HAND_SPAN: f64 = 3.0 * CELL;
/// The gap between the board and a hand standing beside it.
const SIDE_GAP: f64 = 16.0;
/// The distance between rows of the hexagon, for cells 100 wide (pointy-top).
const HEX_ROW: f64 = 86.6;

/// Where one player's hand lies: its first piece's corner, the step to the next, its centre
/// and its turn.
pub(super) struct HandPlace {
    pub owner: Player,
    pub first: (f64, f64),
    pub step: (f64, f64),
    pub centre: (f64, f64),
    pub angle: f64,
    /// Pieces in a line; the next one starts a new line, `line` further.
    pub wrap: usize,
    pub line: (f64, f64),
    /// The tray drawn under a two-player hand: x, y, width, height.
    pub tray: (f64, f64, f64, f64),
}

/// The board's drawing for one orientation.
#[derive(Copy, Clone)]
pub(super) struct Layout {
    pub v: &'static Variant,
    /// Columns and rows.
    pub w: u8,
    pub h: u8,
    /// The hexagon (pointy-top, mirrored so that the turn runs clockwise on screen).
    pub hex: bool,
    pub players: u8,
    /// The drawing's width.
    pub width: f64,
    /// The board's top and height.
    pub board_y: f64,
    pub board_h: f64,
    /// The height of a hand row above and below the board (none on the hexagon of three, whose
    /// hands lie along the edges, nor in games without drops).
    pub hand_h: f64,
    /// Gote at the bottom.
    pub flipped: bool,
    /// The two hands stand beside the board (a wide window) instead of above and below it.
    pub side: bool,
    /// Lines of a two-player hand: one, or two where a hand can hold more kinds than the
    /// board's edge has cells (66 shogi's players start with every piece but the pawns in hand).
    pub hand_lines: usize,
    /// The hexagon's turns, so that the viewer sits at the bottom.
    hex_turns: u8,
    /// The player whose pieces point up.
    bottom: Player,
    /// The hexagon: the player seated at the bottom.
    viewer: Player,
}

impl Layout {
    /// The layout of `v`'s board, gote at the bottom if `flipped`, the hexagon turned so that
    /// `viewer` sits at the bottom; with `side`, a two-player game's hands stand beside the
    /// board, the top player's on the left from the top down and the bottom player's on the
    /// right from the bottom up (as a wide window shows them), else above and below it.
    pub fn new(v: &'static Variant, flipped: bool, viewer: Player, side: bool) -> Layout {
        let (w, h) = v.dims();
        let hex = matches!(v.geometry.shape(), Shape::Hex { .. });
        let players = v.players();
        let width = if hex {
            w as f64 * CELL
        } else {
            w as f64 * CELL + MARGIN
        };
        let side = side && v.drops && players != 3;
        let along = if side { h } else { w } as usize;
        let hand_lines = v.hand_order.len().div_ceil(along.max(1)).max(1);
        let hand_h = if v.drops && players != 3 && !side {
            HAND + CELL * (hand_lines - 1) as f64
        } else {
            0.0
        };
        let board_y = hand_h + if hex { 10.0 } else { MARGIN };
        let board_h = if hex {
            (h as f64 - 1.0) * HEX_ROW + CELL
        } else {
            h as f64 * CELL
        };
        let hex_turns = if players == 3 {
            (3 - viewer.0 % 3) % 3
        } else {
            viewer.0 % 2
        };
        Layout {
            v,
            w,
            h,
            hex,
            players,
            width,
            board_y,
            board_h,
            hand_h,
            flipped,
            side,
            hand_lines,
            hex_turns,
            bottom: if flipped {
                Player::SECOND
            } else {
                Player::FIRST
            },
            viewer,
        }
    }

    /// What the cells' places depend on (a memo key).
    pub fn orientation(&self) -> (bool, u8, bool) {
        (self.flipped, self.hex_turns, self.side)
    }

    /// The centre of a hex cell.
    pub fn hex_centre(&self, c: Cell) -> (f64, f64) {
        let g = &self.v.geometry;
        let d = g.rotate_cell(c, self.hex_turns);
        let (q, r) = g.coords(d);
        // drawn mirrored, so that the turn order A, B, C runs clockwise on screen
        let x = self.width / 2.0 - (q as f64 + r as f64 / 2.0) * CELL;
        let y = self.board_y + CELL / 2.0 + (r as f64 + (self.h as f64 - 1.0) / 2.0) * HEX_ROW;
        (x, y)
    }

    /// Screen column and row of board coordinates, and back (a half turn when flipped).
    pub fn turn_xy(&self, x: i16, y: i16) -> (i16, i16) {
        if self.flipped {
            (self.w as i16 - 1 - x, self.h as i16 - 1 - y)
        } else {
            (x, y)
        }
    }

    /// The cell under a point of the drawing, if any.
    pub fn cell_at(&self, (x, y): (f64, f64)) -> Option<Cell> {
        let g = &self.v.geometry;
        if self.hex {
            return g
                .cells()
                .map(|c| {
                    let (cx, cy) = self.hex_centre(c);
                    (c, (cx - x).hypot(cy - y))
                })
                .filter(|&(_, d)| d < CELL / 2.0)
                .min_by(|a, b| a.1.total_cmp(&b.1))
                .map(|(c, _)| c);
        }
        let cx = (x / CELL).floor();
        let cy = ((y - self.board_y) / CELL).floor();
        if cx < 0.0 || cy < 0.0 || cx >= self.w as f64 || cy >= self.h as f64 {
            return None;
        }
        let (bx, by) = self.turn_xy(cx as i16, cy as i16);
        g.at(bx, by)
    }

    /// The top left corner of a cell's square (the hexagon: of the square around it).
    pub fn cell_xy(&self, c: Cell) -> (f64, f64) {
        if self.hex {
            let (cx, cy) = self.hex_centre(c);
            return (cx - CELL / 2.0, cy - CELL / 2.0);
        }
        let (x, y) = self.v.geometry.coords(c);
        let (sx, sy) = self.turn_xy(x as i16, y as i16);
        (sx as f64 * CELL, self.board_y + sy as f64 * CELL)
    }

    /// How far a piece of `owner` turns to face its own forward, in degrees.
    pub fn angle_of(&self, owner: Player) -> f64 {
        if !self.hex {
            return if owner == self.bottom { 0.0 } else { 180.0 };
        }
        // the owner's forward, A's (1, -2) in its frame, turned for the viewer, on screen
        let g = &self.v.geometry;
        let f = g.rotate(Vector(1, -2), owner.0);
        let f = g.rotate(f, self.hex_turns);
        let (q, r) = (f.0 as f64, f.1 as f64);
        let (px, py) = (-(q + r / 2.0) * CELL, r * HEX_ROW);
        px.atan2(-py).to_degrees()
    }

    /// Where each hand lies: gote's above the board and sente's below (the one at the bottom
    /// below); on the three-player hexagon, each along its owner's edge.
    pub fn hand_places(&self) -> Vec<HandPlace> {
        if self.players == 3 {
            let g = &self.v.geometry;
            // the board's centre, and each player's back direction on screen from its angle
            let (ox, oy) = g
                .cells()
                .find(|&c| g.is_hex_centre(c))
                .map_or((self.width / 2.0, self.board_y + self.board_h / 2.0), |c| {
                    self.hex_centre(c)
                });
            return (0..3)
                .map(|p| {
                    let owner = Player(p);
                    let a = self.angle_of(owner).to_radians();
                    let (right, back) = ((a.cos(), a.sin()), (-a.sin(), a.cos()));
                    // the hand's centre line: past the back row (four rows from the centre)
                    let d = 4.0 * HEX_ROW + CELL * 1.25;
                    let (hx, hy) = (ox + back.0 * d, oy + back.1 * d);
                    HandPlace {
                        owner,
                        first: (
                            hx - right.0 * HAND_SPAN / 2.0 - CELL / 2.0,
                            hy - right.1 * HAND_SPAN / 2.0 - CELL / 2.0,
                        ),
                        step: (right.0 * CELL, right.1 * CELL),
                        centre: (hx, hy),
                        angle: self.angle_of(owner),
                        wrap: usize::MAX,
                        line: (0.0, 0.0),
                        tray: (0.0, 0.0, 0.0, 0.0),
                    }
                })
                .collect();
        }
        let down = if self.hex { self.viewer } else { self.bottom };
        if self.side {
            // columns beside the board: the top player's on the left from the top down, the
            // bottom player's on the right from the bottom up
            let (top, bottom) = (self.board_y, self.board_y + self.board_h);
            let lines = self.hand_lines as f64;
            let left = -SIDE_GAP - CELL;
            let right = self.width + SIDE_GAP;
            let wrap = self.h as usize;
            return [
                (down.opponent(), left, top, CELL, -CELL),
                (down, right, bottom - CELL, -CELL, CELL),
            ]
            .into_iter()
            .map(|(owner, x, y, dy, dx)| {
                let tray_x = if dx < 0.0 {
                    x - CELL * (lines - 1.0)
                } else {
                    x
                };
                HandPlace {
                    owner,
                    first: (x, y),
                    step: (0.0, dy),
                    centre: (tray_x + CELL * lines / 2.0, (top + bottom) / 2.0),
                    angle: 0.0,
                    wrap,
                    line: (dx, 0.0),
                    tray: (tray_x - 5.0, top, CELL * lines + 10.0, bottom - top),
                }
            })
            .collect();
        }
        let low = self.board_y + self.board_h + 6.0;
        let lines = self.hand_lines as f64;
        let wrap = self.w as usize;
        [(down.opponent(), 4.0), (down, low)]
            .into_iter()
            .map(|(owner, y)| HandPlace {
                owner,
                first: (0.0, y),
                step: (CELL, 0.0),
                centre: (self.width / 2.0, y + CELL * lines / 2.0),
                angle: 0.0,
                wrap,
                line: (0.0, CELL),
                tray: (0.0, y, self.width, CELL * lines),
            })
            .collect()
    }

    /// The drawing's bounds `(x0, y0, x1, y1)`: the board, and the hands wherever they sit.
    pub fn bounds(&self, hands: &[HandPlace]) -> (f64, f64, f64, f64) {
        let (mut x0, mut y0, mut x1, mut y1) = (
            0.0f64,
            0.0f64,
            self.width,
            // (a hexagon's points stand out of its row by 8 units: room for them)
            self.board_y + self.board_h + self.hand_h + if self.hex { 10.0 } else { 0.0 },
        );
        if self.side {
            let trays = SIDE_GAP + CELL * self.hand_lines as f64 + 6.0;
            x0 = -trays;
            x1 = self.width + trays;
        }
        if self.players == 3 && self.v.drops {
            for h in hands {
                let a = h.angle.to_radians();
                for (sx, sy) in [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)] {
                    let (lx, ly) = (
                        sx * (HAND_SPAN + CELL) / 2.0 + sx * 6.0,
                        sy * (CELL / 2.0 + 6.0),
                    );
                    let (px, py) = (
                        h.centre.0 + lx * a.cos() - ly * a.sin(),
                        h.centre.1 + lx * a.sin() + ly * a.cos(),
                    );
                    (x0, y0, x1, y1) = (x0.min(px), y0.min(py), x1.max(px), y1.max(py));
                }
            }
        }
        (x0, y0, x1, y1)
    }

    /// Where the `i`th piece of a hand stands (its square's corner).
    pub fn hand_xy(place: &HandPlace, i: usize) -> (f64, f64) {
        let (n, l) = ((i % place.wrap) as f64, (i / place.wrap) as f64);
        (
            place.first.0 + n * place.step.0 + l * place.line.0,
            place.first.1 + n * place.step.1 + l * place.line.1,
        )
    }

    /// The size of a hand's tray along a player's edge on the three-player hexagon.
    pub fn hand_span() -> f64 {
        HAND_SPAN
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use koma_rules::GameId;

    /// Every kind a hand can hold gets its own square inside the drawing, off the board and off
    /// the other hand, in both arrangements and both orientations (a full hand never leaves
    /// the window).
    #[test]
    fn full_hands_fit_in_the_drawing() {
        for game in GameId::ALL {
            let v = Variant::get(game);
            if !v.drops {
                continue;
            }
            for (side, flipped) in [(false, false), (false, true), (true, false), (true, true)] {
                let l = Layout::new(v, flipped, Player::FIRST, side);
                let places = l.hand_places();
                let (x0, y0, x1, y1) = l.bounds(&places);
                let mut squares = Vec::new();
                for place in &places {
                    for i in 0..v.hand_order.len() {
                        let (x, y) = Layout::hand_xy(place, i);
                        if l.players != 3 {
                            assert!(
                                x >= x0 && y >= y0 && x + CELL <= x1 && y + CELL <= y1,
                                "{game} side={side}: piece {i} at ({x}, {y}) outside {:?}",
                                (x0, y0, x1, y1)
                            );
                            // off the board's squares
                            let on_board = x + CELL > 0.0
                                && x < l.width - if l.hex { 0.0 } else { MARGIN }
                                && y + CELL > l.board_y
                                && y < l.board_y + l.board_h;
                            assert!(!on_board, "{game} side={side}: piece {i} over the board");
                        }
                        squares.push((x.round() as i64, y.round() as i64));
                    }
                }
                let n = squares.len();
                squares.sort_unstable();
                squares.dedup();
                assert_eq!(
                    squares.len(),
                    n,
                    "{game} side={side}: two pieces on one square"
                );
            }
        }
    }
}
