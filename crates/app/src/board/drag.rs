//! Pointer input on the board: a press on a piece, a drag that carries it (a `transform` set
//! directly on its SVG node, so the virtual DOM re-renders only on pick-up and drop), a release
//! that drops it on a cell or a click that selects it. Pointer events with pointer capture
//! serve mouse, touch and pen alike.
//!
//! The handlers change with every render (they read the props); the pieces' and cells'
//! callbacks are stable (made once) and forward to the latest handlers, so a move re-renders
//! only the pieces that changed.

use std::cell::RefCell;
use std::rc::Rc;

use koma_rules::Cell;
use wasm_bindgen::JsCast;
use web_sys::{Element, PointerEvent, SvgMatrix, SvgsvgElement};
use yew::prelude::*;

use super::layout::Layout;
use super::{BoardProps, Source};

/// How far (SVG units) a pointer must travel before a press becomes a drag.
const DRAG_START: f64 = 8.0;

/// A press in progress.
struct Press {
    source: Source,
    pointer: i32,
    start: (f64, f64),
    /// Screen to board coordinates, as at the press: a drag's moves use it without asking the
    /// page for its layout (which a move of the held piece has just changed).
    screen_to_svg: SvgMatrix,
    element: Element,
    dragging: bool,
}

/// The latest handlers, read by the stable callbacks the cell and piece components hold.
struct Live {
    down: Rc<dyn Fn(PointerEvent, Source)>,
    moved: Callback<PointerEvent>,
    end: Rc<dyn Fn(PointerEvent, bool)>,
    on_cell: Callback<Cell>,
}

/// The board's pointer handlers: for the hands (this render's) and for the pieces and cells
/// (stable, forwarding to this render's).
pub(super) struct Drag {
    /// The source being pressed or dragged.
    pub held: UseStateHandle<Option<Source>>,
    /// A press on a source.
    pub down: Rc<dyn Fn(PointerEvent, Source)>,
    /// The pointer moves.
    pub moved: Callback<PointerEvent>,
    /// The pointer is released.
    pub up: Callback<PointerEvent>,
    /// The press is cancelled.
    pub cancel: Callback<PointerEvent>,
    /// A press on a board piece: (event, source, its cell, whether it is the mover's).
    pub piece_down: Callback<(PointerEvent, Source, Cell, bool)>,
    /// The pointer moves over a piece.
    pub piece_move: Callback<PointerEvent>,
    /// A press on a piece ends: released (true: drop it there) or cancelled.
    pub piece_end: Callback<(PointerEvent, bool)>,
    /// A click on a cell.
    pub cell_click: Callback<Cell>,
}

/// The pieces' and cells' stable callbacks (see [`Drag`]).
struct Stable {
    piece_down: Callback<(PointerEvent, Source, Cell, bool)>,
    piece_move: Callback<PointerEvent>,
    piece_end: Callback<(PointerEvent, bool)>,
    cell_click: Callback<Cell>,
}

thread_local! {
    /// The cell a drag last let a piece go on (the piece is drawn there already: it does not
    /// slide), until the next press.
    static DROPPED: std::cell::Cell<Option<Cell>> = const { std::cell::Cell::new(None) };
}

/// Whether the piece now on `cell` was carried there by a drag (asked once).
pub(super) fn dropped_on(cell: Cell) -> bool {
    DROPPED.with(|d| {
        let hit = d.get() == Some(cell);
        if hit {
            d.set(None);
        }
        hit
    })
}

/// Screen to board coordinates: the matrix.
fn screen_to_svg(svg_ref: &NodeRef) -> Option<SvgMatrix> {
    let svg = svg_ref.cast::<SvgsvgElement>()?;
    svg.get_screen_ctm()?.inverse().ok()
}

/// A pointer's position on the board, through the matrix `m`.
fn through(svg_ref: &NodeRef, m: &SvgMatrix, e: &PointerEvent) -> Option<(f64, f64)> {
    let svg = svg_ref.cast::<SvgsvgElement>()?;
    let pt = svg.create_svg_point();
    pt.set_x(e.client_x() as f32);
    pt.set_y(e.client_y() as f32);
    let p = pt.matrix_transform(m);
    Some((p.x() as f64, p.y() as f64))
}

/// What a press's end does: released (`true`: a drop where it lands, a click that selects, a
/// click on a destination of the selected piece) or cancelled.
fn end_handler(
    props: &BoardProps,
    press: Rc<RefCell<Option<Press>>>,
    held: UseStateHandle<Option<Source>>,
    svg_ref: NodeRef,
    layout: Layout,
) -> Rc<dyn Fn(PointerEvent, bool)> {
    let cell_at = move |p: (f64, f64)| layout.cell_at(p);
    let on_attempt = props.on_attempt.clone();
    let on_select = props.on_select.clone();
    let on_cell = props.on_cell.clone();
    let on_outside = props.on_outside.clone();
    let editing = props.editing;
    let selected = props.selected;
    // destinations of the selected piece: a click on one of them (a lion's own square after
    // its first step) is a move, not a new selection
    let selected_dests: Vec<Cell> = props
        .dests
        .iter()
        .filter(|(s, _)| Some(*s) == selected)
        .map(|(_, c)| *c)
        .collect();
    Rc::new(move |e: PointerEvent, drop_it: bool| {
        let Some(p) = press.borrow_mut().take() else {
            return;
        };
        if p.pointer != e.pointer_id() {
            *press.borrow_mut() = Some(p);
            return;
        }
        // where it lands, read before the page changes (reading the layout after a change
        // would make the browser lay the page out in the middle of the release)
        let landed = if drop_it && p.dragging {
            screen_to_svg(&svg_ref)
                .and_then(|m| through(&svg_ref, &m, &e))
                .and_then(cell_at)
        } else {
            None
        };
        let _ = p.element.remove_attribute("transform");
        let _ = p.element.release_pointer_capture(e.pointer_id());
        held.set(None);
        if !drop_it {
            return;
        }
        if !p.dragging {
            if let Source::Cell(c) = p.source
                && selected_dests.contains(&c)
            {
                on_cell.emit(c);
                return;
            }
            // a click: select, or let go of the selected piece
            on_select.emit((selected != Some(p.source)).then_some(p.source));
            return;
        }
        let from = match p.source {
            Source::Cell(c) => Some(c),
            Source::Hand(_) | Source::Tray(..) => None,
        };
        match landed {
            Some(to) if Some(to) != from => {
                DROPPED.with(|d| d.set(Some(to)));
                on_attempt.emit((p.source, to));
            }
            None if editing => on_outside.emit((p.source, e.client_x(), e.client_y())),
            _ => {}
        }
    })
}

/// The board's pointer input (see the module docs).
#[hook]
pub(super) fn use_drag(props: &BoardProps, svg_ref: &NodeRef, layout: Layout) -> Drag {
    let press: Rc<RefCell<Option<Press>>> = use_mut_ref(|| None);
    let held = use_state(|| None::<Source>);
    let screen_to_svg = {
        let svg_ref = svg_ref.clone();
        move || screen_to_svg(&svg_ref)
    };
    let through = {
        let svg_ref = svg_ref.clone();
        move |m: &SvgMatrix, e: &PointerEvent| through(&svg_ref, m, e)
    };
    // pointer handlers shared by board pieces and hand pieces
    let pointer_down = {
        let press = press.clone();
        let held = held.clone();
        let screen_to_svg = screen_to_svg.clone();
        let through = through.clone();
        let active = props.active;
        Rc::new(move |e: PointerEvent, source: Source| {
            if !active || e.button() != 0 || press.borrow().is_some() {
                return;
            }
            e.prevent_default();
            // Yew delegates events from the app root, so `current_target` is the root: the
            // piece is the closest `.piece` around the element under the pointer.
            let Some(target) = e
                .target()
                .and_then(|t| t.dyn_into::<Element>().ok())
                .and_then(|t| t.closest(".piece").ok().flatten())
            else {
                return;
            };
            DROPPED.with(|d| d.set(None));
            let _ = target.set_pointer_capture(e.pointer_id());
            let Some(m) = screen_to_svg() else { return };
            let Some(start) = through(&m, &e) else { return };
            *press.borrow_mut() = Some(Press {
                source,
                pointer: e.pointer_id(),
                start,
                screen_to_svg: m,
                element: target,
                dragging: false,
            });
            held.set(Some(source));
        })
    };
    let pointer_move = {
        let press = press.clone();
        let through = through.clone();
        Callback::from(move |e: PointerEvent| {
            let mut p = press.borrow_mut();
            let Some(p) = p.as_mut().filter(|p| p.pointer == e.pointer_id()) else {
                return;
            };
            if let Some((x, y)) = through(&p.screen_to_svg, &e) {
                let (dx, dy) = (x - p.start.0, y - p.start.1);
                if !p.dragging && dx.hypot(dy) < DRAG_START {
                    return;
                }
                p.dragging = true;
                let _ = p
                    .element
                    .set_attribute("transform", &format!("translate({dx:.1} {dy:.1})"));
            }
        })
    };
    let pointer_end = end_handler(props, press.clone(), held.clone(), svg_ref.clone(), layout);
    let pointer_up = {
        let end = pointer_end.clone();
        Callback::from(move |e: PointerEvent| end(e, true))
    };
    let pointer_cancel = {
        let end = pointer_end.clone();
        Callback::from(move |e: PointerEvent| end(e, false))
    };

    let Stable {
        piece_down,
        piece_move,
        piece_end,
        cell_click,
    } = use_stable(Live {
        down: pointer_down.clone(),
        moved: pointer_move.clone(),
        end: pointer_end.clone(),
        on_cell: props.on_cell.clone(),
    });

    Drag {
        held,
        down: pointer_down,
        moved: pointer_move,
        up: pointer_up,
        cancel: pointer_cancel,
        piece_down,
        piece_move,
        piece_end,
        cell_click,
    }
}

/// The pieces' and cells' callbacks, made once and forwarding to the latest handlers in
/// `latest`.
#[hook]
fn use_stable(latest: Live) -> Stable {
    let live: Rc<RefCell<Option<Live>>> = use_mut_ref(|| None);
    *live.borrow_mut() = Some(latest);
    let stable_down = {
        let live = live.clone();
        use_callback(
            (),
            move |(e, source, cell, own): (PointerEvent, Source, Cell, bool), _| {
                let (down, on_cell) = match live.borrow().as_ref() {
                    Some(l) => (l.down.clone(), l.on_cell.clone()),
                    None => return,
                };
                if own {
                    down(e, source);
                } else {
                    // an opponent's piece: a click on its cell (a capture by click-click)
                    on_cell.emit(cell);
                }
            },
        )
    };
    let stable_move = {
        let live = live.clone();
        use_callback((), move |e: PointerEvent, _| {
            let m = live.borrow().as_ref().map(|l| l.moved.clone());
            if let Some(m) = m {
                m.emit(e);
            }
        })
    };
    // the press ends: released (true: drop it there) or cancelled
    let stable_end = {
        let live = live.clone();
        use_callback((), move |(e, drop_it): (PointerEvent, bool), _| {
            let end = live.borrow().as_ref().map(|l| l.end.clone());
            if let Some(end) = end {
                end(e, drop_it);
            }
        })
    };
    let stable_cell = {
        let live = live.clone();
        use_callback((), move |c: Cell, _| {
            let on = live.borrow().as_ref().map(|l| l.on_cell.clone());
            if let Some(on) = on {
                on.emit(c);
            }
        })
    };
    Stable {
        piece_down: stable_down,
        piece_move: stable_move,
        piece_end: stable_end,
        cell_click: stable_cell,
    }
}
