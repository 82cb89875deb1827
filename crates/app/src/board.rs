//! The square board in SVG: cells, coordinates, pieces, and pointer drags.
//!
//! The board takes data (which piece stands where) and emits intents (`on_move(from, to)`); it
//! knows no rules. A held piece follows the pointer through a `transform` set directly on its
//! SVG node during `pointermove`, so the virtual DOM re-renders only on pick-up and drop.
//! Pointer events with pointer capture serve mouse, touch and pen alike.
//!
//! Layout: one cell is 100 SVG units; the file numbers run along the top and the rank numerals
//! down the right side, as on a Japanese board, with sente at the bottom.

use std::cell::RefCell;
use std::rc::Rc;

use koma_rules::{Cell, Piece, Player, Variant, sfen};
use wasm_bindgen::JsCast;
use web_sys::{Element, PointerEvent, SvgsvgElement};
use yew::prelude::*;

/// Size of one cell in SVG units.
pub const CELL: f64 = 100.0;
/// Margin for the coordinate labels.
const MARGIN: f64 = 44.0;

const RANK_KANJI: [&str; 12] = [
    "一", "二", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二",
];

/// Properties of [`Board`].
#[derive(Properties, PartialEq)]
pub struct BoardProps {
    /// The game's description (board shape, piece names).
    pub variant: &'static Variant,
    /// The piece on each cell, by cell index.
    pub cells: Rc<Vec<Piece>>,
    /// A piece was dragged from one cell and dropped on another.
    pub on_move: Callback<(Cell, Cell)>,
}

/// A drag in progress.
struct Drag {
    from: Cell,
    pointer: i32,
    start: (f64, f64),
    element: Element,
}

/// The board component.
#[function_component(Board)]
pub fn board(props: &BoardProps) -> Html {
    let v = props.variant;
    let (w, h) = v.dims();
    let svg_ref = use_node_ref();
    let drag: Rc<RefCell<Option<Drag>>> = use_mut_ref(|| None);
    let held = use_state(|| None::<Cell>);

    let width = w as f64 * CELL + MARGIN;
    let height = h as f64 * CELL + MARGIN;
    let origin = (0.0, MARGIN);

    let to_svg = {
        let svg_ref = svg_ref.clone();
        move |e: &PointerEvent| -> Option<(f64, f64)> {
            let svg = svg_ref.cast::<SvgsvgElement>()?;
            let pt = svg.create_svg_point();
            pt.set_x(e.client_x() as f32);
            pt.set_y(e.client_y() as f32);
            let m = svg.get_screen_ctm()?.inverse().ok()?;
            let p = pt.matrix_transform(&m);
            Some((p.x() as f64, p.y() as f64))
        }
    };

    let cell_at = move |(x, y): (f64, f64)| -> Option<Cell> {
        let cx = ((x - origin.0) / CELL).floor();
        let cy = ((y - origin.1) / CELL).floor();
        if cx < 0.0 || cy < 0.0 || cx >= w as f64 || cy >= h as f64 {
            return None;
        }
        v.geometry.at(cx as i16, cy as i16)
    };

    let mut cells_html = Vec::with_capacity(v.geometry.len());
    let mut pieces_html = Vec::new();
    for cell in v.geometry.cells() {
        let (x, y) = v.geometry.coords(cell);
        let px = origin.0 + x as f64 * CELL;
        let py = origin.1 + y as f64 * CELL;
        let name = sfen::square_name(v, cell);
        let piece = props.cells[cell.index()];
        let label = if piece.is_empty() {
            name.clone()
        } else {
            format!(
                "{name}, {} {}",
                if piece.owner() == Player::FIRST {
                    "sente"
                } else {
                    "gote"
                },
                v.kind(piece.kind()).name
            )
        };
        cells_html.push(html! {
            <rect key={name.clone()} class="cell" data-cell={name.clone()} role="gridcell"
                aria-label={label}
                x={px.to_string()} y={py.to_string()}
                width={CELL.to_string()} height={CELL.to_string()} />
        });
        if piece.is_empty() {
            continue;
        }
        let onpointerdown = {
            let drag = drag.clone();
            let held = held.clone();
            let to_svg = to_svg.clone();
            Callback::from(move |e: PointerEvent| {
                if e.button() != 0 || drag.borrow().is_some() {
                    return;
                }
                e.prevent_default();
                // Yew delegates events from the app root, so `current_target` is the root: the
                // piece is the closest `.piece` around the element under the pointer.
                let Some(target) = e
                    .target()
                    .and_then(|t| t.dyn_into::<Element>().ok())
                    .and_then(|t| t.closest("g.piece").ok().flatten())
                else {
                    return;
                };
                let _ = target.set_pointer_capture(e.pointer_id());
                let Some(start) = to_svg(&e) else { return };
                *drag.borrow_mut() = Some(Drag {
                    from: cell,
                    pointer: e.pointer_id(),
                    start,
                    element: target,
                });
                held.set(Some(cell));
            })
        };
        let onpointermove = {
            let drag = drag.clone();
            let to_svg = to_svg.clone();
            Callback::from(move |e: PointerEvent| {
                let d = drag.borrow();
                let Some(d) = d.as_ref().filter(|d| d.pointer == e.pointer_id()) else {
                    return;
                };
                if let Some((x, y)) = to_svg(&e) {
                    let _ = d.element.set_attribute(
                        "transform",
                        &format!("translate({:.1} {:.1})", x - d.start.0, y - d.start.1),
                    );
                }
            })
        };
        let end = {
            let drag = drag.clone();
            let held = held.clone();
            let to_svg = to_svg.clone();
            let on_move = props.on_move.clone();
            move |e: PointerEvent, drop_it: bool| {
                let Some(d) = drag.borrow_mut().take() else {
                    return;
                };
                if d.pointer != e.pointer_id() {
                    *drag.borrow_mut() = Some(d);
                    return;
                }
                let _ = d.element.remove_attribute("transform");
                let _ = d.element.release_pointer_capture(e.pointer_id());
                held.set(None);
                if drop_it
                    && let Some(to) = to_svg(&e).and_then(cell_at)
                    && to != d.from
                {
                    on_move.emit((d.from, to));
                }
            }
        };
        let onpointerup = {
            let end = end.clone();
            Callback::from(move |e: PointerEvent| end(e, true))
        };
        let onpointercancel = Callback::from(move |e: PointerEvent| end(e, false));
        let info = v.kind(piece.kind());
        let letters = sfen::piece_letters(v, piece).to_ascii_uppercase();
        let owner = piece.owner();
        let (cx, cy) = (px + CELL / 2.0, py + CELL / 2.0);
        let rotate = if owner == Player::FIRST {
            String::new()
        } else {
            format!("rotate(180 {cx} {cy})")
        };
        let class = classes!(
            "piece",
            info.is_promoted().then_some("promoted"),
            (*held == Some(cell)).then_some("held")
        );
        pieces_html.push(html! {
            <g key={format!("p{}", cell.0)} class={class}
                data-piece={letters} data-owner={owner.0.to_string()} data-square={name}
                {onpointerdown} {onpointermove} {onpointerup} {onpointercancel}>
                <g transform={rotate}>
                    <polygon class="piece-body" points={pentagon(px, py)} />
                    <text class="piece-text" x={cx.to_string()} y={(cy + 8.0).to_string()}
                        text-anchor="middle" dominant-baseline="middle">{ info.kanji }</text>
                </g>
            </g>
        });
    }

    let file_labels = (0..w).map(|x| {
        let file = w - x;
        html! {
            <text class="coord" x={(origin.0 + x as f64 * CELL + CELL / 2.0).to_string()}
                y={(MARGIN * 0.6).to_string()} text-anchor="middle">{ file.to_string() }</text>
        }
    });
    let rank_labels = (0..h).map(|y| {
        html! {
            <text class="coord" x={(w as f64 * CELL + MARGIN * 0.5).to_string()}
                y={(origin.1 + y as f64 * CELL + CELL / 2.0 + 10.0).to_string()}
                text-anchor="middle">{ RANK_KANJI[y as usize] }</text>
        }
    });

    html! {
        <svg ref={svg_ref} class="board" role="grid" aria-label="board"
            viewBox={format!("0 0 {width} {height}")} data-game={v.id.as_str()}>
            <rect class="board-bg" x={origin.0.to_string()} y={origin.1.to_string()}
                width={(w as f64 * CELL).to_string()} height={(h as f64 * CELL).to_string()} />
            { for file_labels }
            { for rank_labels }
            <g class="cells">{ cells_html }</g>
            <g class="pieces">{ pieces_html }</g>
        </svg>
    }
}

/// The pentagon of a piece in the cell at `(px, py)`, pointing up (its owner's forward).
fn pentagon(px: f64, py: f64) -> String {
    let pts = [
        (50.0, 8.0),
        (78.0, 22.0),
        (88.0, 94.0),
        (12.0, 94.0),
        (22.0, 22.0),
    ];
    pts.iter()
        .map(|(x, y)| format!("{},{}", px + x, py + y))
        .collect::<Vec<_>>()
        .join(" ")
}
