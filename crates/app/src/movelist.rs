//! The move list: each move's text (Japanese for the games with KIF, else the game's own
//! notation) and a list whose items are components of their own, so that a new move adds one
//! item and redraws none of the others.

use std::rc::Rc;

use koma_rules::{Move, Position, kif, notation};
use yew::prelude::*;

/// The move list's texts: Japanese for boards up to 9x9 unless `usi` is asked for, else the
/// game's own notation (USI; lishogi's for chu; the hexagon's).
pub fn move_texts(start: &Position, moves: &[Move], usi: bool) -> Vec<AttrValue> {
    let v = start.variant();
    let japanese = !usi && koma_rules::record::has_kif(v.id);
    let mut replay = start.clone();
    let mut prev = None;
    moves
        .iter()
        .map(|&m| {
            let text = if japanese {
                kif::japanese_move(&mut replay, m, prev)
            } else {
                notation::write_move(v, m)
            };
            replay.play_unchecked(m);
            prev = m.to();
            AttrValue::from(text)
        })
        .collect()
}

/// Properties of [`MoveList`].
#[derive(Properties, PartialEq)]
pub struct MoveListProps {
    /// Each move's text, oldest first.
    pub texts: Rc<Vec<AttrValue>>,
    /// The ply whose position is shown.
    pub current: usize,
    /// A click on a move: show the position after it.
    pub on_view: Callback<usize>,
}

/// The move list. Each move is its own component, so that a new move adds one item and
/// redraws none of the others.
#[function_component(MoveList)]
pub fn move_list(p: &MoveListProps) -> Html {
    let items = p.texts.iter().enumerate().map(|(i, text)| {
        let ply = i + 1;
        html! {
            <MoveItem {ply} text={text.clone()} current={p.current == ply}
                on_view={p.on_view.clone()} />
        }
    });
    // the current move kept in view inside the list when it scrolls (a column beside the
    // board); the page itself is never scrolled for it
    let list = use_node_ref();
    {
        let list = list.clone();
        use_effect_with((p.current, p.texts.len()), move |_| {
            keep_in_view(&list);
        });
    }
    let label = use_context::<crate::i18n::Lang>()
        .unwrap_or_default()
        .pick("棋譜", "moves");
    html! { <ol ref={list} class="moves" aria-label={label}>{ for items }</ol> }
}

/// Scroll the list (not the page) so that its current item is in view.
fn keep_in_view(list: &NodeRef) {
    use wasm_bindgen::JsCast;
    let Some(ol) = list.cast::<web_sys::HtmlElement>() else {
        return;
    };
    if ol.scroll_height() <= ol.client_height() {
        return;
    }
    let item = ol
        .query_selector("li.current")
        .ok()
        .flatten()
        .or_else(|| ol.last_element_child());
    let Some(li) = item.and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) else {
        return;
    };
    let (top, bottom) = (li.offset_top(), li.offset_top() + li.offset_height());
    let (view_top, view_h) = (ol.scroll_top(), ol.client_height());
    if top < view_top {
        ol.set_scroll_top(top);
    } else if bottom > view_top + view_h {
        ol.set_scroll_top(bottom - view_h);
    }
}

/// Properties of [`MoveItem`].
#[derive(Properties, PartialEq)]
struct MoveItemProps {
    ply: usize,
    text: AttrValue,
    current: bool,
    on_view: Callback<usize>,
}

#[function_component(MoveItem)]
fn move_item(p: &MoveItemProps) -> Html {
    let onclick = {
        let (on, ply) = (p.on_view.clone(), p.ply);
        Callback::from(move |_: MouseEvent| on.emit(ply))
    };
    html! {
        <li data-ply={p.ply.to_string()} class={classes!(p.current.then_some("current"))}
            {onclick}>{ p.text.clone() }</li>
    }
}
