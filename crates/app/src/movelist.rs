//! The move list, read as a record: one column a seat (sente and gote; the hexagon's three
//! seats, a row a round), rows at the height of their text from the top, each move in the
//! notation chosen (Japanese on every square board, chu shogi's lion moves written out
//! ([`koma_rules::kanji`]); or the game's own: USI, the hexagon's). Each move is a component of
//! its own, so that a new move adds one item and redraws none of the others.

use std::rc::Rc;

use koma_rules::{Move, Position, kanji, notation};
use yew::prelude::*;

/// One move of the list: its text and the seat that made it (its column).
#[derive(Clone, Debug, PartialEq)]
pub struct MoveText {
    /// The move in the notation chosen.
    pub text: AttrValue,
    /// The seat that made it.
    pub seat: u8,
}

/// The move list's texts: Japanese on square boards unless `usi` is asked for, else the game's
/// own notation (USI, with chu's double moves as lishogi writes them; the hexagon's).
pub fn move_texts(start: &Position, moves: &[Move], usi: bool) -> Vec<MoveText> {
    texts_after(start, moves, usi, Vec::new())
}

/// The texts of `moves`, the first `known.len()` of which are already written in `known`.
fn texts_after(start: &Position, moves: &[Move], usi: bool, known: Vec<MoveText>) -> Vec<MoveText> {
    let v = start.variant();
    let mut replay = start.clone();
    let mut prev = None;
    let done = known.len().min(moves.len());
    for &m in &moves[..done] {
        prev = m.to();
        replay.play_unchecked(m);
    }
    let mut out = known;
    out.truncate(done);
    out.extend(moves[done..].iter().map(|&m| {
        let seat = replay.turn().0;
        let japanese = if usi {
            None
        } else {
            kanji::japanese_move(&mut replay, m, prev)
        };
        let text = japanese.unwrap_or_else(|| notation::write_move(v, m));
        replay.play_unchecked(m);
        prev = m.to();
        MoveText {
            text: AttrValue::from(text),
            seat,
        }
    }));
    out
}

/// The move list's texts, kept from render to render: a move added writes one more (a
/// Japanese name asks the position's legal moves, which on chu's board is worth sparing), a
/// takeback drops the last; a new start or notation writes them all again.
#[hook]
pub fn use_move_texts(start: &Position, moves: &[Move], usi: bool) -> Rc<Vec<MoveText>> {
    type Kept = Option<(Position, Vec<Move>, bool, Rc<Vec<MoveText>>)>;
    let kept = use_mut_ref(|| -> Kept { None });
    let mut kept = kept.borrow_mut();
    if let Some((s, m, u, texts)) = kept.as_ref()
        && s == start
        && m.as_slice() == moves
        && *u == usi
    {
        return texts.clone();
    }
    let known = match kept.take() {
        Some((s, m, u, texts)) if s == *start && u == usi => {
            let same = m.iter().zip(moves).take_while(|(a, b)| a == b).count();
            let mut texts = (*texts).clone();
            texts.truncate(same);
            texts
        }
        _ => Vec::new(),
    };
    let texts = Rc::new(texts_after(start, moves, usi, known));
    *kept = Some((start.clone(), moves.to_vec(), usi, texts.clone()));
    texts
}

/// Properties of [`MoveList`].
#[derive(Properties, PartialEq)]
pub struct MoveListProps {
    /// Each move, oldest first.
    pub texts: Rc<Vec<MoveText>>,
    /// The game's seats (the list's columns).
    pub players: u8,
    /// The ply whose position is shown.
    pub current: usize,
    /// A click on a move: show the position after it.
    pub on_view: Callback<usize>,
}

/// The move list. Each move is its own component, so that a new move adds one item and
/// redraws none of the others.
#[function_component(MoveList)]
pub fn move_list(p: &MoveListProps) -> Html {
    let items = p.texts.iter().enumerate().map(|(i, m)| {
        let ply = i + 1;
        html! {
            <MoveItem {ply} text={m.text.clone()} seat={m.seat} current={p.current == ply}
                on_view={p.on_view.clone()} />
        }
    });
    // the current move kept in view inside the list when it scrolls (a column beside the
    // board); the page itself is never scrolled for it. An empty list has nothing to show and
    // is not measured: measuring forces a layout, which on a cold start would come inside the
    // first render's task, before the board can be played.
    let list = use_node_ref();
    {
        let list = list.clone();
        use_effect_with((p.current, p.texts.len()), move |&(_, len)| {
            if len > 0 {
                keep_in_view(&list);
            }
        });
    }
    let label = use_context::<crate::i18n::Lang>()
        .unwrap_or_default()
        .pick("棋譜", "moves");
    let columns = format!("cols-{}", p.players);
    html! { <ol ref={list} class={classes!("moves", columns)} aria-label={label}>{ for items }</ol> }
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
    seat: u8,
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
        <li data-ply={p.ply.to_string()} data-seat={p.seat.to_string()}
            class={classes!(format!("seat-{}", p.seat), p.current.then_some("current"))}
            {onclick}>{ p.text.clone() }</li>
    }
}
