//! What the board draws over its cells: the promotion choice, the coordinates of a square
//! board, and the marks and arrows a page draws on an embedded board.

use koma_rules::{Cell, Kind, Piece, Variant};
use yew::prelude::*;

use super::layout::{CELL, Layout, MARGIN};
use super::pieces::piece_svg;
use super::{BoardProps, Choice, Shape};

pub(super) const RANK_KANJI: [&str; 12] = [
    "一", "二", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二",
];

/// A mark (a ring round the cell), an arrow (centre to centre, with its head) or a drop (the
/// piece, pale, in a ring) over the board: `[data-mark="<cell>"]`, `[data-arrow="<from>><to>"]`,
/// a drop `[data-arrow="<piece>*><to>"]` (the piece's letter as the game's notation writes it).
pub(super) fn shape_view(layout: &Layout, v: &Variant, s: Shape, two_char: bool) -> Html {
    let centre = |c: Cell| {
        let (x, y) = layout.cell_xy(c);
        (x + CELL / 2.0, y + CELL / 2.0)
    };
    match s {
        Shape::Mark { cell, brush } => {
            let (x, y) = centre(cell);
            html! {
                <circle class={classes!("mark", brush)} data-mark={v.cell_name(cell)}
                    cx={format!("{x:.1}")} cy={format!("{y:.1}")} r={format!("{:.1}", CELL * 0.44)} />
            }
        }
        Shape::Drop {
            kind,
            owner,
            to,
            brush,
        } => {
            let (x, y) = centre(to);
            let (px, py) = layout.cell_xy(to);
            let letter = koma_rules::notation::write_move(v, koma_rules::Move::Drop { kind, to });
            let letter = letter.split('*').next().unwrap_or("");
            html! {
                <g class={classes!("arrow", "drop", brush)} data-arrow={format!("{letter}*>{}", v.cell_name(to))}>
                    <g class="ghost">{ piece_svg(layout.v, Piece::new(owner, kind), px, py, layout.angle_of(owner), two_char) }</g>
                    <circle class={classes!("mark", brush)} cx={format!("{x:.1}")} cy={format!("{y:.1}")}
                        r={format!("{:.1}", CELL * 0.44)} />
                </g>
            }
        }
        Shape::Arrow { from, to, brush } => {
            let (x1, y1) = centre(from);
            let (x2, y2) = centre(to);
            let (dx, dy) = (x2 - x1, y2 - y1);
            let len = (dx * dx + dy * dy).sqrt().max(1.0);
            let (ux, uy) = (dx / len, dy / len);
            let head = CELL * 0.3;
            let (bx, by) = (x2 - ux * head, y2 - uy * head);
            let (px, py) = (-uy * head * 0.6, ux * head * 0.6);
            html! {
                <g class={classes!("arrow", brush)}
                    data-arrow={format!("{}>{}", v.cell_name(from), v.cell_name(to))}>
                    <line x1={format!("{x1:.1}")} y1={format!("{y1:.1}")}
                        x2={format!("{bx:.1}")} y2={format!("{by:.1}")} />
                    <polygon points={format!(
                        "{x2:.1},{y2:.1} {:.1},{:.1} {:.1},{:.1}",
                        bx + px, by + py, bx - px, by - py
                    )} />
                </g>
            }
        }
    }
}

/// The promotion choice, two cells tall over the destination: the promoted piece on the cell,
/// the plain one beside it (below, or above at the board's lower edge).
pub(super) fn choice_view(layout: &Layout, props: &BoardProps) -> Html {
    let Some(Choice::Promotion { to, kind, promoted }) = &props.choice else {
        return Html::default();
    };
    let (px, py) = layout.cell_xy(*to);
    let owner = props.turn;
    let answer = |yes: bool| {
        let p = props.on_promote.clone();
        Callback::from(move |e: PointerEvent| {
            e.stop_propagation();
            p.emit(yes)
        })
    };
    let (ny, yy) = if py + 2.0 * CELL <= layout.board_y + layout.h as f64 * CELL {
        (py + CELL, py)
    } else {
        (py - CELL, py)
    };
    let piece = |kind: Kind, y: f64| {
        piece_svg(
            layout.v,
            Piece::new(owner, kind),
            px,
            y,
            layout.angle_of(owner),
            props.two_char,
        )
    };
    html! {
        <g class="choice">
            <g class="promote-option" data-promote="yes" onpointerdown={answer(true)}>
                <rect class="choice-bg" x={px.to_string()} y={yy.to_string()}
                    width={CELL.to_string()} height={CELL.to_string()} />
                { piece(*promoted, yy) }
            </g>
            <g class="promote-option" data-promote="no" onpointerdown={answer(false)}>
                <rect class="choice-bg" x={px.to_string()} y={ny.to_string()}
                    width={CELL.to_string()} height={CELL.to_string()} />
                { piece(*kind, ny) }
            </g>
        </g>
    }
}

/// The file numbers along the top of a square board and the rank numerals (or numbers) down its
/// right side.
pub(super) fn coordinates(layout: &Layout, numbers: bool) -> Html {
    let Layout {
        w,
        h,
        flipped,
        board_y,
        ..
    } = *layout;
    let files = (0..w).map(|x| {
        let file = if flipped { x + 1 } else { w - x };
        html! {
            <text class="coord" x={(x as f64 * CELL + CELL / 2.0).to_string()}
                y={(board_y - MARGIN * 0.3).to_string()}>{ file.to_string() }</text>
        }
    });
    let ranks = (0..h).map(|y| {
        let rank = if flipped { h - 1 - y } else { y };
        let class = if rank >= 10 && !numbers {
            "coord small"
        } else {
            "coord"
        };
        let label = if numbers {
            (rank + 1).to_string()
        } else {
            RANK_KANJI[rank as usize].to_string()
        };
        html! {
            <text {class} x={(w as f64 * CELL + MARGIN * 0.5).to_string()}
                y={(board_y + y as f64 * CELL + CELL / 2.0 + 10.0).to_string()}>{ label }</text>
        }
    });
    html! { <>{ for files }{ for ranks }</> }
}
