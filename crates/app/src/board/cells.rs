//! The board's cells: each its own component (its tint, the last move, a check, a hint), the
//! destination marks, and the pieces standing on them, drawn in the order they were first drawn.

use std::cell::RefCell;
use std::rc::Rc;

use koma_rules::names::Lang;
use koma_rules::{Cell, Piece, Variant};
use web_sys::PointerEvent;
use yew::prelude::*;

use super::layout::{CELL, Layout};
use super::pieces::{PieceKeys, PieceNode};
use super::{BoardProps, Source};

/// What the cells, destination marks and pieces are drawn with.
pub(super) struct Cells<'a> {
    pub(super) props: &'a BoardProps,
    /// The reader's language (the board reads it once, for every cell's accessible name).
    pub(super) lang: Lang,
    pub(super) layout: Layout,
    pub(super) shown_dests: &'a [Cell],
    pub(super) held: Option<Source>,
    pub(super) piece_down: &'a Callback<(PointerEvent, Source, Cell, bool)>,
    pub(super) piece_move: &'a Callback<PointerEvent>,
    pub(super) piece_end: &'a Callback<(PointerEvent, bool)>,
    pub(super) cell_click: &'a Callback<Cell>,
}

impl Cells<'_> {
    /// The cells, the destination marks and the pieces (in the order they were first drawn,
    /// which moves never change).
    pub(super) fn view(
        &self,
        places: &[CellPlace],
        keys: &RefCell<PieceKeys>,
    ) -> (Vec<Html>, Vec<Html>, Vec<Html>) {
        let props = self.props;
        let v = props.variant;
        let hex = self.layout.hex;
        let two_char = props.two_char;
        let mut cells_html: Vec<Html> = Vec::with_capacity(places.len());
        let mut pieces_html: Vec<(u32, Html)> = Vec::with_capacity(places.len());
        let mut marks_html: Vec<Html> = Vec::new();
        for place in places.iter() {
            let cell = place.cell;
            let (px, py) = place.xy;
            let piece = props.cells[cell.index()];
            let name = AttrValue::from(place.name.clone());
            cells_html.push(html! {
                <CellNode key={place.name.clone()} variant={v} {cell} {piece} x={px} y={py} {hex}
                    tint={place.tint} centre={place.centre} name={name.clone()}
                    last={props.last.contains(&cell)} check={props.check == Some(cell)}
                    hint={props.hint.contains(&cell)}
                    lion_mid={props.lion_first.map(|l| l.1) == Some(cell)} lang={self.lang}
                    on_click={self.cell_click.clone()} />
            });
            if self.shown_dests.contains(&cell) {
                let (cx, cy) = (px + CELL / 2.0, py + CELL / 2.0);
                let capture = !piece.is_empty();
                marks_html.push(html! {
                <circle class={if capture { "dest capture" } else { "dest" }} data-dest={name.clone()}
                    cx={cx.to_string()} cy={cy.to_string()}
                    r={if capture { "46" } else { "14" }} />
            });
            }
            if piece.is_empty() {
                continue;
            }
            let own = piece.owner() == props.turn || props.editing;
            let source = Source::Cell(cell);
            let key = keys.borrow().keys[cell.index()];
            pieces_html.push((
            key,
            html! {
                <PieceNode key={key} variant={v} {piece} {cell} x={px} y={py}
                    angle={self.layout.angle_of(piece.owner())} {two_char} held={self.held == Some(source)}
                    selected={props.selected == Some(source)} {own} square={name}
                    orientation={self.layout.orientation()}
                    on_down={self.piece_down.clone()} on_move={self.piece_move.clone()}
                    on_end={self.piece_end.clone()} />
            },
        ));
        }
        // in the order the pieces were first drawn, which moves never change
        pieces_html.sort_unstable_by_key(|(k, _)| *k);
        let pieces_html: Vec<Html> = pieces_html.into_iter().map(|(_, h)| h).collect();
        (cells_html, marks_html, pieces_html)
    }
}

/// A cell's place on screen and its names, fixed while the board keeps its orientation.
pub(super) struct CellPlace {
    pub(super) cell: Cell,
    /// The top left corner of its square (of the square around its hexagon).
    pub(super) xy: (f64, f64),
    /// Its name (`7g`, `12a`, the hexagon's `q,r`).
    pub(super) name: Rc<str>,
    /// The home area it belongs to (the hexagon).
    pub(super) tint: Option<u8>,
    /// The hexagon's centre.
    pub(super) centre: bool,
}

/// A board cell, as its own component (re-rendered only when its own data changes).
#[derive(Properties, PartialEq)]
pub(super) struct CellNodeProps {
    pub(super) variant: &'static Variant,
    pub(super) cell: Cell,
    /// The piece on it (for its accessible name).
    pub(super) piece: Piece,
    pub(super) x: f64,
    pub(super) y: f64,
    /// A hexagon (the Three Kingdoms board) instead of a square.
    pub(super) hex: bool,
    /// The home area it belongs to, tinted in that player's colour; the centre is marked.
    pub(super) tint: Option<u8>,
    pub(super) centre: bool,
    pub(super) name: AttrValue,
    pub(super) last: bool,
    pub(super) check: bool,
    /// Part of the hinted move.
    pub(super) hint: bool,
    pub(super) lion_mid: bool,
    /// The language of its accessible name.
    pub(super) lang: Lang,
    pub(super) on_click: Callback<Cell>,
}

/// A press on an empty cell, taken as a tap when the same pointer is released on it.
///
/// A cell answers the release rather than the click the browser makes of it: a browser may
/// make no click of a tap that comes soon after a quick drag (Chromium takes such a tap as
/// the end of the drag's fling, and drops it), and on a phone the lion's second step is just
/// that: a drag to the first step, then a tap. The click that does follow a tap is then
/// skipped, so that a tap counts once.
#[derive(Default)]
struct Tap {
    /// The pointer pressed on this cell, until it is released or cancelled.
    pointer: Option<i32>,
    /// A release here was taken as a tap: the click that follows it is not a second one.
    released: bool,
}

/// Whether a release is inside the element it was pressed on (a finger keeps the element it
/// pressed until it lifts, wherever it has slid).
fn released_inside(e: &PointerEvent) -> bool {
    use wasm_bindgen::JsCast;
    let Some(el) = e
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
    else {
        return false;
    };
    let r = el.get_bounding_client_rect();
    let (x, y) = (f64::from(e.client_x()), f64::from(e.client_y()));
    x >= r.left() && x <= r.right() && y >= r.top() && y <= r.bottom()
}

/// The corners of the hexagon drawn in the square whose corner is `(x, y)` (pointy-top).
pub(super) fn hex_points(x: f64, y: f64) -> String {
    let (cx, cy) = (x + CELL / 2.0, y + CELL / 2.0);
    let r = CELL / 3f64.sqrt();
    (0..6)
        .map(|i| {
            let a = (60.0 * i as f64 - 90.0).to_radians();
            format!("{:.1},{:.1}", cx + r * a.cos(), cy + r * a.sin())
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[function_component(CellNode)]
pub(super) fn cell_node(p: &CellNodeProps) -> Html {
    let class = classes!(
        "cell",
        p.last.then_some("last"),
        p.check.then_some("check"),
        p.lion_mid.then_some("lion-mid"),
        p.hint.then_some("hint"),
    );
    let hint = p.hint.then_some(AttrValue::Static(""));
    // a tap is a press and a release on this cell (see `Tap`); a click no press made (a
    // screen reader's) counts too
    let tap = use_mut_ref(Tap::default);
    let onpointerdown = {
        let tap = tap.clone();
        Callback::from(move |e: PointerEvent| {
            let mut t = tap.borrow_mut();
            t.pointer = (e.button() == 0 && e.is_primary()).then(|| e.pointer_id());
            t.released = false;
        })
    };
    let onpointerup = {
        let tap = tap.clone();
        let on = p.on_click.clone();
        let cell = p.cell;
        Callback::from(move |e: PointerEvent| {
            if tap.borrow_mut().pointer.take() != Some(e.pointer_id()) || !released_inside(&e) {
                return;
            }
            tap.borrow_mut().released = true;
            on.emit(cell);
        })
    };
    let onpointercancel = {
        let tap = tap.clone();
        Callback::from(move |_: PointerEvent| tap.borrow_mut().pointer = None)
    };
    let onclick = {
        let on = p.on_click.clone();
        let cell = p.cell;
        Callback::from(move |_: MouseEvent| {
            if !std::mem::take(&mut tap.borrow_mut().released) {
                on.emit(cell);
            }
        })
    };
    // the accessible name, in the reader's language: "7g, sente pawn", "7g、先手の歩"
    let lang = p.lang;
    let label = if p.piece.is_empty() {
        p.name.clone()
    } else if lang == Lang::Ja {
        AttrValue::from(format!(
            "{}、{}の{}",
            p.name,
            koma_rules::names::seat(p.variant.id, p.piece.owner(), lang),
            p.variant.kind(p.piece.kind()).kanji
        ))
    } else {
        AttrValue::from(format!(
            "{}, {} {}",
            p.name,
            koma_rules::names::seat(p.variant.id, p.piece.owner(), lang),
            p.variant.kind(p.piece.kind()).name
        ))
    };
    if p.hex {
        let points = hex_points(p.x, p.y);
        let class = classes!(
            class,
            "hex",
            p.tint.map(|t| format!("home-{t}")),
            p.centre.then_some("centre")
        );
        return html! {
            <polygon {class} data-cell={p.name.clone()} data-hint={hint} role="gridcell" aria-label={label.clone()}
                {points} {onpointerdown} {onpointerup} {onpointercancel} {onclick} />
        };
    }
    html! {
        <rect {class} data-cell={p.name.clone()} data-hint={hint} role="gridcell" aria-label={label.clone()}
            x={p.x.to_string()} y={p.y.to_string()}
            width={CELL.to_string()} height={CELL.to_string()}
            {onpointerdown} {onpointerup} {onpointercancel} {onclick} />
    }
}
