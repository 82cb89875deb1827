//! The pieces on the board: each its own component, drawn as a pentagon with its name, keyed
//! so that a moved piece keeps its SVG node, and slid to where it moved.

use koma_rules::{Cell, Piece, Variant, sfen};
use web_sys::PointerEvent;
use yew::prelude::*;

use super::Source;
use super::layout::CELL;

/// How much smaller a piece is drawn on the hexagon: the pentagon's corners (12,94) and
/// (88,94) in a 100-wide cell reach the hexagon's slanted edges at 0.85 of their distance from
/// the centre; 0.82 leaves a margin.
pub(super) const HEX_PIECE: f64 = 0.82;

/// A piece drawn in the cell at `(x, y)`: its pentagon, turned by `angle` from pointing up, and
/// its name.
pub(super) fn piece_svg(
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
    // two-character names are written top to bottom, as on the wooden pieces, in one text;
    // the text's anchoring and writing mode, the same on every piece, are in board.css (an
    // attribute less to set on each of the board's names when it is first drawn)
    let text = if chars.len() == 2 {
        html! {
            <text class="piece-text two" x={cx.to_string()} y={(cy + 11.0).to_string()}>
                { name }</text>
        }
    } else {
        let font = if chars.len() > 1 {
            "piece-text small"
        } else {
            "piece-text"
        };
        html! {
            <text class={font} x={cx.to_string()} y={(cy + 8.0).to_string()}>{ name }</text>
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
pub(super) struct PieceNodeProps {
    pub(super) variant: &'static Variant,
    pub(super) piece: Piece,
    pub(super) cell: Cell,
    pub(super) x: f64,
    pub(super) y: f64,
    pub(super) angle: f64,
    pub(super) two_char: bool,
    pub(super) held: bool,
    pub(super) selected: bool,
    pub(super) own: bool,
    pub(super) square: AttrValue,
    /// The board's orientation (a change moves every piece: none slides).
    pub(super) orientation: (bool, u8, bool),
    pub(super) on_down: Callback<(PointerEvent, Source, Cell, bool)>,
    pub(super) on_move: Callback<PointerEvent>,
    /// The press ends: released (true) or cancelled (false).
    pub(super) on_end: Callback<(PointerEvent, bool)>,
}

#[function_component(PieceNode)]
pub(super) fn piece_node(p: &PieceNodeProps) -> Html {
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
            if slides && !super::drag::dropped_on(cell) {
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
pub(super) fn slide(node: &NodeRef, dx: f64, dy: f64) {
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

/// The pentagon of a piece in its cell's coordinates, pointing up (its owner's forward).
pub(super) const PENTAGON: &str = "50,8 78,22 88,94 12,94 22,22";

/// Keys that follow the pieces: a piece keeps its key, so its SVG node, while it moves, so that
/// a move changes where the moved piece's node stands (one attribute) instead of removing one
/// node and drawing another, and the pieces' order in the drawing stays as it was.
#[derive(Default)]
pub(super) struct PieceKeys {
    /// The pieces as last drawn, by cell index.
    pub(super) last: Vec<Piece>,
    /// Their keys, by cell index (0: no piece).
    pub(super) keys: Vec<u32>,
    /// The last key given.
    pub(super) given: u32,
}

impl PieceKeys {
    /// Follow the pieces from the last drawing to `cells`: each piece that appeared on a cell
    /// takes the key of one of its owner's that left a cell, of the same kind (or the same one
    /// promoted or not) first; one with none to take (a drop, a new game) gets a new key.
    pub(super) fn follow(&mut self, v: &Variant, cells: &[Piece]) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use koma_rules::{GameId, Move, Position, sfen};

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
