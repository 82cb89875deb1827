//! The editor's palette: every kind of the game for each side, promoted ones too. A piece is
//! dragged from it (a pale copy follows the pointer, moved by a `transform` set on its node, so
//! nothing re-renders while it travels) and let go on a cell or a hand; a click makes it the
//! brush. Where a piece is let go is found by what the page has under the point
//! ([`crate::hit::target_at`]), so the palette and the board need not know each other's
//! layout.

use koma_rules::{Kind, Piece, Player, Variant};

use crate::hit::{Target, target_at};
use wasm_bindgen::JsCast;
use web_sys::{Element, PointerEvent};
use yew::prelude::*;

/// Properties of [`Palette`].
#[derive(Properties, PartialEq)]
pub struct PaletteProps {
    /// The game.
    pub game: koma_rules::GameId,
    /// The brush chosen, if any.
    pub brush: Option<Piece>,
    /// A piece clicked: the brush (again: none).
    pub on_brush: Callback<Option<Piece>>,
    /// A piece let go somewhere.
    pub on_drop: Callback<(Piece, Target)>,
}

/// A drag from the palette in progress.
struct Carry {
    piece: Piece,
    pointer: i32,
    start: (i32, i32),
    node: Element,
    moved: bool,
}

/// The palette.
#[function_component(Palette)]
pub fn palette(p: &PaletteProps) -> Html {
    let lang = use_context::<crate::i18n::Lang>().unwrap_or_default();
    let v = Variant::get(p.game);
    let carry = use_mut_ref(|| None::<Carry>);
    let two_char = koma_rules::names::two_character_pieces(p.game);
    let rows = (0..v.players()).map(|pl| {
        let owner = Player(pl);
        let items = (0..v.kinds.len()).filter_map(|k| {
            let kind = Kind(k as u8);
            if !v.has_kind(kind) {
                return None;
            }
            let piece = Piece::new(owner, kind);
            let letter = koma_rules::sfen::piece_letters(v, piece).to_ascii_uppercase();
            let down = {
                let carry = carry.clone();
                Callback::from(move |e: PointerEvent| {
                    if e.button() != 0 {
                        return;
                    }
                    let Some(node) = e
                        .target()
                        .and_then(|t| t.dyn_into::<Element>().ok())
                        .and_then(|t| t.closest("[data-palette-piece]").ok().flatten())
                    else {
                        return;
                    };
                    e.prevent_default();
                    let _ = node.set_pointer_capture(e.pointer_id());
                    *carry.borrow_mut() = Some(Carry {
                        piece,
                        pointer: e.pointer_id(),
                        start: (e.client_x(), e.client_y()),
                        node,
                        moved: false,
                    });
                })
            };
            let moved = {
                let carry = carry.clone();
                Callback::from(move |e: PointerEvent| {
                    let mut c = carry.borrow_mut();
                    let Some(c) = c.as_mut().filter(|c| c.pointer == e.pointer_id()) else {
                        return;
                    };
                    let (dx, dy) = (e.client_x() - c.start.0, e.client_y() - c.start.1);
                    if !c.moved && dx.abs() + dy.abs() < 6 {
                        return;
                    }
                    c.moved = true;
                    let _ = c.node.class_list().add_1("carried");
                    let _ = c
                        .node
                        .set_attribute("style", &format!("transform: translate({dx}px, {dy}px)"));
                })
            };
            let up = {
                let carry = carry.clone();
                let on_drop = p.on_drop.clone();
                let on_brush = p.on_brush.clone();
                Callback::from(move |e: PointerEvent| {
                    let Some(c) = carry.borrow_mut().take() else {
                        return;
                    };
                    let _ = c.node.release_pointer_capture(e.pointer_id());
                    let _ = c.node.remove_attribute("style");
                    let _ = c.node.class_list().remove_1("carried");
                    if !c.moved {
                        on_brush.emit(Some(c.piece));
                        return;
                    }
                    if let Some(t) = target_at(v, e.client_x(), e.client_y()) {
                        on_drop.emit((c.piece, t));
                    }
                })
            };
            let cancel = {
                let carry = carry.clone();
                Callback::from(move |_: PointerEvent| {
                    if let Some(c) = carry.borrow_mut().take() {
                        let _ = c.node.remove_attribute("style");
                        let _ = c.node.class_list().remove_1("carried");
                    }
                })
            };
            let chosen = p.brush == Some(piece);
            let name = v.kind(kind).name;
            Some(html! {
                <button class={classes!("palette-piece", chosen.then_some("chosen"))} data-palette-piece=""
                    data-kind={letter} data-owner={pl.to_string()} title={name} aria-pressed={chosen.to_string()}
                    onpointerdown={down} onpointermove={moved} onpointerup={up} onpointercancel={cancel}>
                    { crate::board::piece_icon(v, piece, two_char) }
                </button>
            })
        });
        let label = koma_rules::names::seat(p.game, owner, lang);
        html! {
            <div class="palette-row" data-palette-owner={pl.to_string()}>
                <span class="palette-seat">{ label }</span>{ for items }
            </div>
        }
    });
    html! {
        <div class="palette" data-palette="" aria-label={lang.pick("駒箱", "pieces")}>{ for rows }</div>
    }
}
