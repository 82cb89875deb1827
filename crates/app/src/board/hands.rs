//! The hands (駒台): each player's pieces in hand, by its owner's edge of the board, picked up
//! and dropped as the board's pieces are.

use std::rc::Rc;

use koma_rules::Piece;
use web_sys::PointerEvent;
use yew::prelude::*;

use super::layout::{CELL, HandPlace, Layout};
use super::pieces::piece_svg;
use super::{BoardProps, Source};

/// What the hands are drawn with: the layout, the board's props, the held source and the
/// pointer handlers a hand's pieces share with the board's.
pub(super) struct Hands<'a> {
    /// The reader's language (the trays' accessible names).
    pub(super) lang: koma_rules::names::Lang,
    pub(super) layout: &'a Layout,
    pub(super) props: &'a BoardProps,
    pub(super) held: Option<Source>,
    pub(super) down: &'a Rc<dyn Fn(PointerEvent, Source)>,
    pub(super) moved: &'a Callback<PointerEvent>,
    pub(super) up: &'a Callback<PointerEvent>,
    pub(super) cancel: &'a Callback<PointerEvent>,
}

impl Hands<'_> {
    /// One player's hand (駒台): a tray across the board's width, or a band along the owner's
    /// edge on the three-player hexagon, with each kind held and its count.
    pub(super) fn view(&self, place: &HandPlace) -> Html {
        let (layout, props) = (self.layout, self.props);
        let v = layout.v;
        let owner = place.owner;
        let hand = props.hands.get(owner.index()).cloned().unwrap_or_default();
        let items = hand.iter().enumerate().map(|(i, &(kind, n))| {
            let (x, y) = Layout::hand_xy(place, i);
            let piece = Piece::new(owner, kind);
            let source = if props.editing {
                Source::Tray(owner, kind)
            } else {
                Source::Hand(kind)
            };
            let movable = owner == props.turn || props.editing;
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
