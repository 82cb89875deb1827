//! The board by keyboard: arrows move the cursor; Enter or Space picks up the piece under it or
//! puts the selected one there; a letter (P, L, N, S, G, B, R, K) picks that piece from the
//! hand; + and - answer the promotion question; Escape lets go. The cursor moves in screen
//! columns and rows, so the arrows follow the board as it is drawn (flipped or not).

use koma_rules::Kind;
use web_sys::KeyboardEvent;
use yew::prelude::*;

use super::layout::Layout;
use super::{BoardProps, Source};

/// The board's keydown handler, moving `cursor` and emitting the props' intents.
pub(super) fn handler(
    layout: Layout,
    cursor: UseStateHandle<(i16, i16)>,
    props: &BoardProps,
) -> Callback<KeyboardEvent> {
    let v = layout.v;
    let (w, h) = (layout.w as i16, layout.h as i16);
    let on_select = props.on_select.clone();
    let on_cell = props.on_cell.clone();
    let on_promote = props.on_promote.clone();
    let cells = props.cells.clone();
    let turn = props.turn;
    let selected = props.selected;
    let choosing = props.choice.is_some();
    let hand: Vec<Kind> = props
        .hands
        .get(turn.index())
        .map(|h| h.iter().map(|&(k, _)| k).collect())
        .unwrap_or_default();
    Callback::from(move |e: KeyboardEvent| {
        let (cx, cy) = *cursor;
        let key = e.key();
        let moved = match key.as_str() {
            "ArrowLeft" => Some((cx - 1, cy)),
            "ArrowRight" => Some((cx + 1, cy)),
            "ArrowUp" => Some((cx, cy - 1)),
            "ArrowDown" => Some((cx, cy + 1)),
            _ => None,
        };
        if let Some((x, y)) = moved {
            e.prevent_default();
            cursor.set((x.clamp(0, w - 1), y.clamp(0, h - 1)));
            return;
        }
        let (bx, by) = layout.turn_xy(cx, cy);
        let here = v.geometry.at(bx, by);
        match key.as_str() {
            "Enter" | " " => {
                e.prevent_default();
                let Some(c) = here else { return };
                let p = cells[c.index()];
                let own = !p.is_empty() && p.owner() == turn;
                if selected.is_none() && own {
                    on_select.emit(Some(Source::Cell(c)));
                } else {
                    on_cell.emit(c);
                }
            }
            "Escape" => on_select.emit(None),
            "+" if choosing => on_promote.emit(true),
            "-" | "=" if choosing => on_promote.emit(false),
            k if k.len() == 1 => {
                let l = k.chars().next().unwrap_or(' ').to_ascii_uppercase();
                if let Some(&kind) = hand.iter().find(|&&kind| v.kind(kind).letter == l) {
                    on_select.emit(Some(Source::Hand(kind)));
                }
            }
            _ => {}
        }
    })
}
