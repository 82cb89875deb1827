//! A board's small picture (the start screen's cards): the cells and the pieces of a position,
//! drawn by the board's own code ([`Layout`], the pieces' shapes), with nothing to press and no
//! hooks (`data-cell`, roles): the picture is hidden from screen readers, the card's words say
//! what it shows.

use koma_rules::{Piece, Variant};
use yew::prelude::*;

use super::cells::hex_points;
use super::layout::{CELL, Layout};
use super::pieces::piece_svg;

/// The picture of a position of `v`'s game (the piece on each cell, the home areas' tints: see
/// [`crate::view`]), the first player at the bottom (the hexagon: seat A).
pub fn thumbnail(v: &'static Variant, board: &[Piece], homes: &[Option<u8>]) -> Html {
    let layout = Layout::new(v, false, koma_rules::Player::FIRST, false);
    let mut cells = Vec::new();
    let mut pieces = Vec::new();
    for c in v.geometry.cells() {
        let (x, y) = layout.cell_xy(c);
        if layout.hex {
            let points = hex_points(x, y);
            let class = classes!(
                "cell",
                "hex",
                homes
                    .get(c.index())
                    .copied()
                    .flatten()
                    .map(|t| format!("home-{t}")),
                v.geometry.is_hex_centre(c).then_some("centre")
            );
            cells.push(html! { <polygon {class} {points} /> });
        } else {
            cells.push(html! {
                <rect class="cell" x={x.to_string()} y={y.to_string()}
                    width={CELL.to_string()} height={CELL.to_string()} />
            });
        }
        let p = board.get(c.index()).copied().unwrap_or(Piece::EMPTY);
        if !p.is_empty() {
            let two = koma_rules::names::two_character_pieces(v.id);
            pieces.push(html! {
                <g class={classes!("piece", v.kind(p.kind()).is_promoted().then_some("promoted"))}>
                    { piece_svg(v, p, x, y, layout.angle_of(p.owner()), two) }</g>
            });
        }
    }
    // the board alone: no hands, no coordinates
    let (w, h) = v.dims();
    let (x0, y0, x1, y1) = if layout.hex {
        (
            0.0,
            layout.board_y - 10.0,
            layout.width,
            layout.board_y + layout.board_h + 10.0,
        )
    } else {
        (
            0.0,
            layout.board_y,
            w as f64 * CELL,
            layout.board_y + h as f64 * CELL,
        )
    };
    html! {
        <svg class="board thumb" aria-hidden="true" focusable="false"
            viewBox={format!("{x0} {y0} {} {}", x1 - x0, y1 - y0)}>
            if !layout.hex {
                <rect class="board-bg" x={x0.to_string()} y={y0.to_string()}
                    width={(x1 - x0).to_string()} height={(y1 - y0).to_string()} />
            }
            <g class="cells">{ cells }</g>
            <g class="pieces">{ pieces }</g>
        </svg>
    }
}
