//! The board in SVG, square or hexagonal, with the hands (駒台): cells, coordinates, pieces,
//! destinations, pointer drags, clicks and keys.
//!
//! The hexagon (Three Kingdoms shogi) is drawn pointy-top and mirrored left to right, so that
//! the turn order A, B, C runs clockwise on screen, and turned so that `viewer` sits at the
//! bottom; cells are hit by the nearest centre.
//!
//! The board takes data (pieces, hands, the destinations of every movable source, the last
//! move, the king in check, a pending choice) and emits intents: `on_attempt(source, cell)` for
//! a drag or a second click, `on_select` for a first click, `on_promote(bool)` for the
//! promotion choice. It knows no rules. A held piece follows the pointer through a `transform`
//! set directly on its SVG node during `pointermove`, so the virtual DOM re-renders only on
//! pick-up and drop. Pointer events with pointer capture serve mouse, touch and pen alike.
//!
//! Layout, in SVG units: one cell is 100; gote's hand is a row above the board, sente's below;
//! file numbers run along the top of the board and rank numerals down its right side.
//!
//! Its files: `layout.rs` (where everything sits), `cells.rs` (the cells, destination marks and
//! the pieces on them), `pieces.rs` (a piece's drawing, its key and its slide), `hands.rs`,
//! `overlays.rs` (the promotion choice, coordinates, marks and arrows), `drag.rs` and
//! `keys.rs` (pointer and keyboard input), `thumb.rs` (the start screen's pictures). What it
//! draws is built outside it, from the rules, by [`crate::view`].

use std::rc::Rc;

use koma_rules::{Cell, Kind, Piece, Player, Variant};

mod cells;
mod drag;
mod hands;
mod keys;
mod layout;
mod overlays;
mod pieces;
mod thumb;
use cells::{CellPlace, Cells};
use drag::{Drag, use_drag};
use hands::Hands;
pub use layout::CELL;
use layout::Layout;
use overlays::{choice_view, coordinates, shape_view};
use pieces::PieceKeys;
pub use pieces::SLIDE_MS;
pub use thumb::thumbnail;

/// One piece drawn alone (the editor's palette): an SVG of one cell, with the board's styles;
/// gote's upside down.
pub fn piece_icon(v: &'static Variant, piece: Piece, two_char: bool) -> Html {
    let angle =
        if !koma_rules::Description::of(v.id).three_players() && piece.owner() != Player::FIRST {
            180.0
        } else {
            0.0
        };
    html! {
        <svg class="board piece-icon" viewBox={format!("0 0 {CELL} {CELL}")} data-game={v.id.as_str()}
            aria-hidden="true">
            <g class="piece" data-owner={piece.owner().0.to_string()}>
                { pieces::piece_svg(v, piece, 0.0, 0.0, angle, two_char) }
            </g>
        </svg>
    }
}
use web_sys::PointerEvent;
use yew::prelude::*;

/// Where a move starts: a board cell or a kind in the mover's hand.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// A piece on the board.
    Cell(Cell),
    /// A piece in the hand of the side to move.
    Hand(Kind),
    /// A piece in a given player's hand (the editor, where any hand's pieces can be moved).
    Tray(Player, Kind),
}

/// A choice the board shows over a cell.
#[derive(Clone, Debug, PartialEq)]
pub enum Choice {
    /// Promote or not, on `to`: the promoted and unpromoted kinds.
    Promotion {
        /// The destination.
        to: Cell,
        /// The kind before promotion.
        kind: Kind,
        /// The kind after.
        promoted: Kind,
    },
}

/// A mark or an arrow drawn over the board (annotations on an embedded board, as a teacher
/// draws them: a circled cell, an arrow from one cell to another), in a brush colour (`green`,
/// `red`, `blue`, `yellow`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// A circled cell.
    Mark {
        /// The cell.
        cell: Cell,
        /// The brush.
        brush: &'static str,
    },
    /// An arrow.
    Arrow {
        /// Where it starts.
        from: Cell,
        /// Where it points.
        to: Cell,
        /// The brush.
        brush: &'static str,
    },
    /// A drop shown on its cell: the piece, pale, in a ring.
    Drop {
        /// The kind dropped.
        kind: Kind,
        /// Whose piece.
        owner: Player,
        /// The cell.
        to: Cell,
        /// The brush.
        brush: &'static str,
    },
}

/// Properties of [`Board`].
#[derive(Properties, PartialEq)]
pub struct BoardProps {
    /// The game's description.
    pub variant: &'static Variant,
    /// The piece on each cell, by cell index.
    pub cells: Rc<Vec<Piece>>,
    /// Each player's hand: (kind, count), in display order.
    pub hands: Rc<Vec<Vec<(Kind, u8)>>>,
    /// Whose turn it is (only that side's pieces can be picked up).
    pub turn: Player,
    /// Whether moves can be made (false once the game is over).
    pub active: bool,
    /// Every movable source with its destinations.
    pub dests: Rc<Vec<(Source, Cell)>>,
    /// Whether the destinations of the piece picked up are lit (an exercise lights them only
    /// after a wrong try; they are taken as moves either way).
    #[prop_or(true)]
    pub show_dests: bool,
    /// The selected source (click-then-click), if any.
    pub selected: Option<Source>,
    /// The last move's cells.
    pub last: Rc<Vec<Cell>>,
    /// The king in check, if any.
    pub check: Option<Cell>,
    /// A lion's first step waiting for its second: (from, middle).
    pub lion_first: Option<(Cell, Cell)>,
    /// A choice to show.
    pub choice: Option<Choice>,
    /// A drag or a second click asks for a move.
    pub on_attempt: Callback<(Source, Cell)>,
    /// A first click on a piece (or on it again, to let go).
    pub on_select: Callback<Option<Source>>,
    /// A click on a cell (a destination of the selected piece, or anywhere).
    pub on_cell: Callback<Cell>,
    /// The promotion choice.
    pub on_promote: Callback<bool>,
    /// Gote at the bottom.
    #[prop_or_default]
    pub flipped: bool,
    /// Ranks as numbers (1, 2, ...) instead of kanji (一, 二, ...).
    #[prop_or_default]
    pub numbers: bool,
    /// Two-character piece names (王将, 飛車) instead of one (玉, 飛).
    #[prop_or_default]
    pub two_char: bool,
    /// The hex board: the player seated at the bottom.
    #[prop_or(Player::FIRST)]
    pub viewer: Player,
    /// The cells of a hinted move (from, to), marked.
    #[prop_or_default]
    pub hint: Rc<Vec<Cell>>,
    /// Marks and arrows drawn over the pieces.
    #[prop_or_default]
    pub shapes: Rc<Vec<Shape>>,
    /// A two-player game's hands beside the board (a wide window) instead of above and below.
    #[prop_or_default]
    pub side_hands: bool,
    /// The player whose home area each cell is, by cell index, where the board tints them (the
    /// hexagon's; none: no tints). See [`crate::view::homes`].
    #[prop_or_default]
    pub homes: Rc<Vec<Option<u8>>>,
    /// The editor: every piece on the board and in each hand can be picked up, whoever is to
    /// move; a drop on a cell is `on_attempt` (a hand's piece as [`Source::Tray`]), a drop
    /// anywhere else `on_outside`.
    #[prop_or_default]
    pub editing: bool,
    /// The editor: a piece dragged from `source` and let go off every cell, at this point of the
    /// page (client coordinates), for the editor to find where (a hand, the palette, away).
    #[prop_or_default]
    pub on_outside: Callback<(Source, i32, i32)>,
}

/// The board component.
#[function_component(Board)]
pub fn board(props: &BoardProps) -> Html {
    let v = props.variant;
    let (w, h) = v.dims();
    let lang = use_context::<koma_rules::names::Lang>().unwrap_or_default();
    let svg_ref = use_node_ref();
    // the keyboard cursor, in screen columns and rows
    let cursor = use_state(|| (w as i16 / 2, h as i16 / 2));

    // where everything sits, for this orientation (see `layout`)
    let layout = Layout::new(v, props.flipped, props.viewer, props.side_hands);
    let Layout {
        hex,
        board_y,
        flipped,
        ..
    } = layout;
    let hex_turns = layout.orientation().1;
    let cell_xy = move |c: Cell| layout.cell_xy(c);
    let turn_xy = move |x: i16, y: i16| layout.turn_xy(x, y);
    let Drag {
        held,
        down: pointer_down,
        moved: pointer_move,
        up: pointer_up,
        cancel: pointer_cancel,
        piece_down: stable_down,
        piece_move: stable_move,
        piece_end: stable_end,
        cell_click: stable_cell,
    } = use_drag(props, &svg_ref, layout);
    // the source whose destinations are shown: the held piece, else the selected one
    let shown = (*held).or(props.selected);
    let shown_dests: Vec<Cell> = props
        .dests
        .iter()
        .filter(|(s, _)| props.show_dests && Some(*s) == shown)
        .map(|(_, c)| *c)
        .collect();

    // cells: where each sits and its names are worked out once per board orientation, so that
    // a move builds no strings for the cells it leaves alone
    let places = use_memo(
        (v.id, flipped, hex_turns, props.homes.clone()),
        move |(.., homes)| {
            v.geometry
                .cells()
                .map(|cell| CellPlace {
                    cell,
                    xy: cell_xy(cell),
                    name: v.cell_name(cell).into(),
                    tint: homes.get(cell.index()).copied().flatten(),
                    centre: v.geometry.is_hex_centre(cell),
                })
                .collect::<Vec<_>>()
        },
    );
    let keys = use_mut_ref(PieceKeys::default);
    keys.borrow_mut().follow(v, &props.cells);
    let (cells_html, marks_html, pieces_html) = Cells {
        props,
        lang,
        layout,
        shown_dests: &shown_dests,
        held: *held,
        piece_down: &stable_down,
        piece_move: &stable_move,
        piece_end: &stable_end,
        cell_click: &stable_cell,
    }
    .view(&places, &keys);

    // hands: gote above, sente below; on the three-player hexagon, each by its owner's edge
    let show_hands = v.drops;
    let hand_places = layout.hand_places();
    // the drawing's bounds: the board, and the hands wherever they sit
    let (x0, y0, x1, y1) = layout.bounds(&hand_places);
    let hand_rows = {
        let down: Rc<dyn Fn(PointerEvent, Source)> = pointer_down.clone();
        let hands = Hands {
            lang,
            layout: &layout,
            props,
            held: *held,
            down: &down,
            moved: &pointer_move,
            up: &pointer_up,
            cancel: &pointer_cancel,
        };
        hand_places
            .iter()
            .filter(|_| show_hands)
            .map(|place| hands.view(place))
            .collect::<Html>()
    };

    // the promotion choice, over the destination
    let choice = choice_view(&layout, props);

    // the keyboard (see `keys`)
    let cursor_cell = {
        let (cx, cy) = *cursor;
        let (bx, by) = turn_xy(cx, cy);
        v.geometry.at(bx, by)
    };
    let onkeydown = keys::handler(layout, cursor.clone(), props);
    let cursor_mark = cursor_cell.map(|c| {
        let (px, py) = cell_xy(c);
        html! {
            <rect class="cursor" data-cursor={v.cell_name(c)} x={(px + 3.0).to_string()}
                y={(py + 3.0).to_string()} width={(CELL - 6.0).to_string()}
                height={(CELL - 6.0).to_string()} />
        }
    });

    html! {
        <svg ref={svg_ref} class="board" role="grid" aria-label={lang.pick("盤", "board")} tabindex="0" {onkeydown}
            viewBox={format!("{x0} {y0} {} {}", x1 - x0, y1 - y0)} data-game={v.id.as_str()}
            data-flipped={flipped.to_string()}>
            { hand_rows }
            if !hex {
                <rect class="board-bg" x="0" y={board_y.to_string()}
                    width={(w as f64 * CELL).to_string()} height={(h as f64 * CELL).to_string()} />
                { coordinates(&layout, props.numbers) }
            }
            <g class="cells">{ cells_html }</g>
            <g class="marks">{ marks_html }</g>
            <g class="pieces">{ pieces_html }</g>
            if !props.shapes.is_empty() {
                <g class="shapes">{ for props.shapes.iter().map(|s| shape_view(&layout, v, *s, props.two_char)) }</g>
            }
            { for cursor_mark }
            { choice }
        </svg>
    }
}
