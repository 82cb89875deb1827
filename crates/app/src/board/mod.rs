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

use std::cell::RefCell;
use std::rc::Rc;

use koma_rules::{Cell, Kind, Piece, Player, Variant, sfen};

pub mod data;
mod drag;
mod keys;
mod layout;
mod thumb;
use drag::{Drag, use_drag};
pub use layout::CELL;
use layout::{HandPlace, Layout, MARGIN};
pub use thumb::thumbnail;
use web_sys::PointerEvent;
use yew::prelude::*;

const RANK_KANJI: [&str; 12] = [
    "一", "二", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二",
];

/// Where a move starts: a board cell or a kind in the mover's hand.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// A piece on the board.
    Cell(Cell),
    /// A piece in the hand of the side to move.
    Hand(Kind),
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
        .filter(|(s, _)| Some(*s) == shown)
        .map(|(_, c)| *c)
        .collect();

    // cells: where each sits and its names are worked out once per board orientation, so that
    // a move builds no strings for the cells it leaves alone
    let places = use_memo((v.id, flipped, hex_turns), move |_| {
        // the hex board tints each player's home area
        let homes = data::homes(v);
        v.geometry
            .cells()
            .map(|cell| CellPlace {
                cell,
                xy: cell_xy(cell),
                name: v.cell_name(cell).into(),
                tint: homes[cell.index()],
                centre: v.geometry.is_hex_centre(cell),
            })
            .collect::<Vec<_>>()
    });
    let keys = use_mut_ref(PieceKeys::default);
    keys.borrow_mut().follow(v, &props.cells);
    let (cells_html, marks_html, pieces_html) = Cells {
        props,
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
                <g class="shapes">{ for props.shapes.iter().map(|s| shape_view(&layout, v, *s)) }</g>
            }
            { for cursor_mark }
            { choice }
        </svg>
    }
}

/// What the cells, destination marks and pieces are drawn with.
struct Cells<'a> {
    props: &'a BoardProps,
    layout: Layout,
    shown_dests: &'a [Cell],
    held: Option<Source>,
    piece_down: &'a Callback<(PointerEvent, Source, Cell, bool)>,
    piece_move: &'a Callback<PointerEvent>,
    piece_end: &'a Callback<(PointerEvent, bool)>,
    cell_click: &'a Callback<Cell>,
}

impl Cells<'_> {
    /// The cells, the destination marks and the pieces (in the order they were first drawn,
    /// which moves never change).
    fn view(
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
                    lion_mid={props.lion_first.map(|l| l.1) == Some(cell)}
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
            let own = piece.owner() == props.turn;
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

/// How much smaller a piece is drawn on the hexagon: the pentagon's corners (12,94) and
/// (88,94) in a 100-wide cell reach the hexagon's slanted edges at 0.85 of their distance from
/// the centre; 0.82 leaves a margin.
const HEX_PIECE: f64 = 0.82;

/// A piece drawn in the cell at `(x, y)`: its pentagon, turned by `angle` from pointing up, and
/// its name.
fn piece_svg(
    v: &'static Variant,
    piece: Piece,
    x: f64,
    y: f64,
    angle: f64,
    two_char: bool,
) -> Html {
    let info = v.kind(piece.kind());
    // drawn in its cell's own coordinates, moved there by one translation: a move changes
    // that one attribute
    let (cx, cy) = (CELL / 2.0, CELL / 2.0);
    // on the hexagon a piece is made smaller about its cell's centre, so that its pentagon
    // stays inside the hexagonal cell (its bottom corners would cross the cell's slanted edges
    // and cover the neighbours'); the hexagon's symmetry keeps it inside at any seat's angle
    let size = if koma_rules::Description::of(v.id).hexagon() {
        format!(" translate({cx} {cy}) scale({HEX_PIECE}) translate(-{cx} -{cy})")
    } else {
        String::new()
    };
    let place = if angle.abs() < 0.5 {
        format!("translate({x} {y}){size}")
    } else {
        format!("translate({x} {y}) rotate({angle:.0} {cx} {cy}){size}")
    };
    let name = if two_char { info.kanji2 } else { info.kanji };
    let chars: Vec<char> = name.chars().collect();
    // two-character names are written top to bottom, as on the wooden pieces, in one text
    let text = if chars.len() == 2 {
        html! {
            <text class="piece-text two" x={cx.to_string()} y={(cy + 11.0).to_string()}
                writing-mode="vertical-rl" text-anchor="middle" dominant-baseline="central">
                { name }</text>
        }
    } else {
        let font = if chars.len() > 1 {
            "piece-text small"
        } else {
            "piece-text"
        };
        html! {
            <text class={font} x={cx.to_string()} y={(cy + 8.0).to_string()}
                text-anchor="middle" dominant-baseline="middle">{ name }</text>
        }
    };
    html! {
        <g transform={place}>
            <polygon class="piece-body" points={PENTAGON} />
            { text }
        </g>
    }
}

/// A piece on the board, as its own component: it re-renders only when its own data changes,
/// so a move patches the pieces that moved, not the board.
#[derive(Properties, PartialEq)]
struct PieceNodeProps {
    variant: &'static Variant,
    piece: Piece,
    cell: Cell,
    x: f64,
    y: f64,
    angle: f64,
    two_char: bool,
    held: bool,
    selected: bool,
    own: bool,
    square: AttrValue,
    /// The board's orientation (a change moves every piece: none slides).
    orientation: (bool, u8, bool),
    on_down: Callback<(PointerEvent, Source, Cell, bool)>,
    on_move: Callback<PointerEvent>,
    /// The press ends: released (true) or cancelled (false).
    on_end: Callback<(PointerEvent, bool)>,
}

#[function_component(PieceNode)]
fn piece_node(p: &PieceNodeProps) -> Html {
    let v = p.variant;
    let info = v.kind(p.piece.kind());
    let letters = sfen::piece_letters(v, p.piece).to_ascii_uppercase();
    let class = classes!(
        "piece",
        info.is_promoted().then_some("promoted"),
        p.held.then_some("held"),
        p.selected.then_some("selected"),
    );
    let onpointerdown = {
        let on_down = p.on_down.clone();
        let (cell, own) = (p.cell, p.own);
        Callback::from(move |e: PointerEvent| on_down.emit((e, Source::Cell(cell), cell, own)))
    };
    let onpointerup = p.on_end.reform(|e| (e, true));
    let onpointercancel = p.on_end.reform(|e| (e, false));
    // a piece that moves slides from where it stood (see `slide`), unless it was carried there
    // by a drag (it is already there) or the board turned
    let node = use_node_ref();
    let before = use_mut_ref(|| (p.x, p.y, p.orientation));
    let (was_x, was_y, was_turned) = before.replace((p.x, p.y, p.orientation));
    {
        let node = node.clone();
        let slides = (was_x, was_y) != (p.x, p.y) && was_turned == p.orientation;
        let (dx, dy) = (was_x - p.x, was_y - p.y);
        let cell = p.cell;
        use_effect_with((p.x.to_bits(), p.y.to_bits()), move |_| {
            if slides && !drag::dropped_on(cell) {
                slide(&node, dx, dy);
            }
        });
    }
    html! {
        <g ref={node} {class} data-piece={letters} data-owner={p.piece.owner().0.to_string()}
            data-square={p.square.clone()} {onpointerdown} onpointermove={p.on_move.clone()}
            {onpointerup} {onpointercancel}>
            { piece_svg(v, p.piece, p.x, p.y, p.angle, p.two_char) }
        </g>
    }
}

/// How long a moved piece slides, in milliseconds.
pub const SLIDE_MS: f64 = 120.0;

/// Slide a piece's node from `(dx, dy)` (drawing units) away to where it now stands, with the
/// Web Animations API: the page's Content-Security-Policy allows no inline style, and an
/// animation of the node's transform needs none. The move is already made (the rules' state
/// and the node's place are the new ones): the slide only draws the way there, so it never
/// holds the next input back; a press on the piece while it slides takes it. Nothing slides
/// when the system asks for reduced motion, nor on a board outside the document.
fn slide(node: &NodeRef, dx: f64, dy: f64) {
    use wasm_bindgen::JsCast;
    let Some(el) = node.cast::<web_sys::Element>() else {
        return;
    };
    // a board outside the document (`warmup`'s) has nothing to show
    if !el.is_connected() {
        return;
    }
    let reduced = web_sys::window()
        .and_then(|w| {
            w.match_media("(prefers-reduced-motion: reduce)")
                .ok()
                .flatten()
        })
        .is_some_and(|q| q.matches());
    if reduced {
        return;
    }
    let frames = format!(
        r#"[{{"transform":"translate({dx:.1}px, {dy:.1}px)"}},{{"transform":"translate(0px, 0px)"}}]"#
    );
    let options = format!(r#"{{"duration":{SLIDE_MS},"easing":"ease-out"}}"#);
    let (Ok(frames), Ok(options)) = (js_sys::JSON::parse(&frames), js_sys::JSON::parse(&options))
    else {
        return;
    };
    let animate = js_sys::Reflect::get(&el, &"animate".into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    if let Some(animate) = animate {
        let _ = animate.call2(&el, &frames, &options);
    }
}

/// A cell's place on screen and its names, fixed while the board keeps its orientation.
struct CellPlace {
    cell: Cell,
    /// The top left corner of its square (of the square around its hexagon).
    xy: (f64, f64),
    /// Its name (`7g`, `12a`, the hexagon's `q,r`).
    name: Rc<str>,
    /// The home area it belongs to (the hexagon).
    tint: Option<u8>,
    /// The hexagon's centre.
    centre: bool,
}

/// Keys that follow the pieces: a piece keeps its key, so its SVG node, while it moves, so that
/// a move changes where the moved piece's node stands (one attribute) instead of removing one
/// node and drawing another, and the pieces' order in the drawing stays as it was.
#[derive(Default)]
struct PieceKeys {
    /// The pieces as last drawn, by cell index.
    last: Vec<Piece>,
    /// Their keys, by cell index (0: no piece).
    keys: Vec<u32>,
    /// The last key given.
    given: u32,
}

impl PieceKeys {
    /// Follow the pieces from the last drawing to `cells`: each piece that appeared on a cell
    /// takes the key of one of its owner's that left a cell, of the same kind (or the same one
    /// promoted or not) first; one with none to take (a drop, a new game) gets a new key.
    fn follow(&mut self, v: &Variant, cells: &[Piece]) {
        if self.last.len() != cells.len() {
            self.last = vec![Piece::EMPTY; cells.len()];
            self.keys = vec![0; cells.len()];
        }
        let base = |p: Piece| v.kind(p.kind()).base(p.kind());
        let changed: Vec<usize> = (0..cells.len())
            .filter(|&i| self.last[i] != cells[i])
            .collect();
        let mut left: Vec<(Piece, u32)> = changed
            .iter()
            .filter(|&&i| !self.last[i].is_empty())
            .map(|&i| (self.last[i], self.keys[i]))
            .collect();
        for &i in &changed {
            let p = cells[i];
            self.keys[i] = 0;
            if p.is_empty() {
                continue;
            }
            let same = left.iter().position(|&(q, _)| q == p).or_else(|| {
                left.iter()
                    .position(|&(q, _)| q.owner() == p.owner() && base(q) == base(p))
            });
            self.keys[i] = match same {
                Some(j) => left.swap_remove(j).1,
                None => {
                    self.given += 1;
                    self.given
                }
            };
        }
        self.last.clear();
        self.last.extend_from_slice(cells);
    }
}

/// A board cell, as its own component (re-rendered only when its own data changes).
#[derive(Properties, PartialEq)]
struct CellNodeProps {
    variant: &'static Variant,
    cell: Cell,
    /// The piece on it (for its accessible name).
    piece: Piece,
    x: f64,
    y: f64,
    /// A hexagon (the Three Kingdoms board) instead of a square.
    hex: bool,
    /// The home area it belongs to, tinted in that player's colour; the centre is marked.
    tint: Option<u8>,
    centre: bool,
    name: AttrValue,
    last: bool,
    check: bool,
    /// Part of the hinted move.
    hint: bool,
    lion_mid: bool,
    on_click: Callback<Cell>,
}

/// The corners of the hexagon drawn in the square whose corner is `(x, y)` (pointy-top).
fn hex_points(x: f64, y: f64) -> String {
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
fn cell_node(p: &CellNodeProps) -> Html {
    let class = classes!(
        "cell",
        p.last.then_some("last"),
        p.check.then_some("check"),
        p.lion_mid.then_some("lion-mid"),
        p.hint.then_some("hint"),
    );
    let hint = p.hint.then_some(AttrValue::Static(""));
    let onclick = {
        let on = p.on_click.clone();
        let cell = p.cell;
        Callback::from(move |_: MouseEvent| on.emit(cell))
    };
    // the accessible name, in the reader's language: "7g, sente pawn", "7g、先手の歩"
    let lang = use_context::<koma_rules::names::Lang>().unwrap_or_default();
    let label = if p.piece.is_empty() {
        p.name.clone()
    } else if lang == koma_rules::names::Lang::Ja {
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
                {points} {onclick} />
        };
    }
    html! {
        <rect {class} data-cell={p.name.clone()} data-hint={hint} role="gridcell" aria-label={label.clone()}
            x={p.x.to_string()} y={p.y.to_string()}
            width={CELL.to_string()} height={CELL.to_string()} {onclick} />
    }
}

/// A mark (a ring round the cell) or an arrow (centre to centre, with its head) over the board:
/// `[data-mark="<cell>"]`, `[data-arrow="<from>><to>"]`.
fn shape_view(layout: &Layout, v: &Variant, s: Shape) -> Html {
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

/// The pentagon of a piece in its cell's coordinates, pointing up (its owner's forward).
const PENTAGON: &str = "50,8 78,22 88,94 12,94 22,22";

/// What the hands are drawn with: the layout, the board's props, the held source and the
/// pointer handlers a hand's pieces share with the board's.
struct Hands<'a> {
    /// The reader's language (the trays' accessible names).
    lang: koma_rules::names::Lang,
    layout: &'a Layout,
    props: &'a BoardProps,
    held: Option<Source>,
    down: &'a Rc<dyn Fn(PointerEvent, Source)>,
    moved: &'a Callback<PointerEvent>,
    up: &'a Callback<PointerEvent>,
    cancel: &'a Callback<PointerEvent>,
}

impl Hands<'_> {
    /// One player's hand (駒台): a tray across the board's width, or a band along the owner's
    /// edge on the three-player hexagon, with each kind held and its count.
    fn view(&self, place: &HandPlace) -> Html {
        let (layout, props) = (self.layout, self.props);
        let v = layout.v;
        let owner = place.owner;
        let hand = props.hands.get(owner.index()).cloned().unwrap_or_default();
        let items = hand.iter().enumerate().map(|(i, &(kind, n))| {
            let (x, y) = Layout::hand_xy(place, i);
            let piece = Piece::new(owner, kind);
            let source = Source::Hand(kind);
            let movable = owner == props.turn;
            let onpointerdown = {
                let down = self.down.clone();
                Callback::from(move |e: PointerEvent| {
                    if movable {
                        down(e, source);
                    }
                })
            };
            let class = classes!(
                "piece",
                "in-hand",
                (movable && self.held == Some(source)).then_some("held"),
                (movable && props.selected == Some(source)).then_some("selected"),
            );
            // the count sits at the piece's lower right, turned with the tray
            let badge = if n > 1 {
                let (cx, cy) = (x + CELL / 2.0, y + CELL / 2.0);
                html! {
                    <text class="count" x={(x + CELL - 10.0).to_string()} y={(y + 28.0).to_string()}
                        text-anchor="end"
                        transform={format!("rotate({:.0} {cx} {cy})", place.angle)}>
                        { n.to_string() }</text>
                }
            } else {
                Html::default()
            };
            html! {
                <g key={format!("h{}{}", owner.0, kind.0)} {class}
                    data-piece={v.kind(kind).letter.to_string()} data-owner={owner.0.to_string()}
                    data-count={n.to_string()}
                    onpointerdown={onpointerdown} onpointermove={self.moved.clone()}
                    onpointerup={self.up.clone()} onpointercancel={self.cancel.clone()}>
                    { piece_svg(v, piece, x, y, layout.angle_of(owner), props.two_char) }
                    { badge }
                </g>
            }
        });
        let label = koma_rules::names::hand_of(v.id, owner, self.lang);
        // the tray: a row across the board's width, or a band along the owner's edge
        let bg = if layout.players == 3 {
            let (cx, cy) = place.centre;
            let (bw, bh) = (Layout::hand_span() + CELL + 12.0, CELL + 12.0);
            html! {
                <rect class="hand-bg" x={(cx - bw / 2.0).to_string()} y={(cy - bh / 2.0).to_string()}
                    width={bw.to_string()} height={bh.to_string()} rx="10"
                    transform={format!("rotate({:.0} {cx} {cy})", place.angle)} />
            }
        } else {
            let (x, y, w, h) = place.tray;
            html! {
                <rect class="hand-bg" x={x.to_string()} y={y.to_string()}
                    width={w.to_string()} height={h.to_string()} />
            }
        };
        html! {
            <g class="hand" data-hand={owner.0.to_string()} aria-label={label}>
                { bg }
                { for items }
            </g>
        }
    }
}

/// The promotion choice, two cells tall over the destination: the promoted piece on the cell,
/// the plain one beside it (below, or above at the board's lower edge).
fn choice_view(layout: &Layout, props: &BoardProps) -> Html {
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
fn coordinates(layout: &Layout, numbers: bool) -> Html {
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
                y={(board_y - MARGIN * 0.3).to_string()} text-anchor="middle">{ file.to_string() }</text>
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
                y={(board_y + y as f64 * CELL + CELL / 2.0 + 10.0).to_string()}
                text-anchor="middle">{ label }</text>
        }
    });
    html! { <>{ for files }{ for ranks }</> }
}

#[cfg(test)]
mod tests {
    use super::*;
    use koma_rules::{GameId, Move, Position};

    fn cells(pos: &Position) -> Vec<Piece> {
        let v = pos.variant();
        v.geometry.cells().map(|c| pos.piece(c)).collect()
    }

    fn key_at(k: &PieceKeys, pos: &Position, sq: &str) -> u32 {
        let c = sfen::parse_square(pos.variant(), sq).expect("a square");
        k.keys[c.index()]
    }

    #[test]
    fn a_moved_piece_keeps_its_key_and_the_others_keep_theirs() {
        let mut pos = Position::start(GameId::Shogi);
        let v = pos.variant();
        let mut k = PieceKeys::default();
        k.follow(v, &cells(&pos));
        let before = k.keys.clone();
        let pawn = key_at(&k, &pos, "7g");
        assert_ne!(pawn, 0);
        // every piece has its own key
        let mut given: Vec<u32> = before.iter().copied().filter(|&x| x != 0).collect();
        given.sort_unstable();
        given.dedup();
        assert_eq!(given.len(), 40);

        for usi in ["7g7f", "3c3d", "8h2b+"] {
            let m = sfen::parse_usi(pos.variant(), usi).expect("a move");
            pos.play(m).expect("legal");
            k.follow(v, &cells(&pos));
        }
        assert_eq!(key_at(&k, &pos, "7f"), pawn);
        assert_eq!(key_at(&k, &pos, "7g"), 0);
        // the bishop took the bishop and promoted: it keeps its key; the taken one's is gone
        let bishop = before[sfen::parse_square(v, "8h").expect("8h").index()];
        let theirs = before[sfen::parse_square(v, "2b").expect("2b").index()];
        assert_eq!(key_at(&k, &pos, "2b"), bishop);
        assert!(!k.keys.contains(&theirs));
        // the pieces that did not move kept theirs
        for sq in ["5i", "5a", "1a", "9i"] {
            let c = sfen::parse_square(v, sq).expect("a square");
            assert_eq!(k.keys[c.index()], before[c.index()]);
        }
    }

    #[test]
    fn a_dropped_piece_gets_a_new_key_and_undo_gives_the_old_one_back() {
        let mut pos = sfen::from_sfen(GameId::Shogi, "4k4/9/9/9/9/9/9/9/4K4 b P 1").expect("sfen");
        let v = pos.variant();
        let mut k = PieceKeys::default();
        k.follow(v, &cells(&pos));
        let king = key_at(&k, &pos, "5i");
        let drop = sfen::parse_usi(pos.variant(), "P*5e").expect("a drop");
        assert!(matches!(drop, Move::Drop { .. }));
        pos.play(drop).expect("legal");
        k.follow(v, &cells(&pos));
        let pawn = key_at(&k, &pos, "5e");
        assert!(pawn > king);
        let step = sfen::parse_usi(pos.variant(), "5a4b").expect("a move");
        pos.play(step).expect("legal");
        k.follow(v, &cells(&pos));
        let gote_king = key_at(&k, &pos, "4b");
        pos.undo();
        k.follow(v, &cells(&pos));
        assert_eq!(key_at(&k, &pos, "5a"), gote_king);
        assert_eq!(key_at(&k, &pos, "5e"), pawn);
        assert_eq!(key_at(&k, &pos, "5i"), king);
    }
}
