//! Readying the code a move runs before anyone makes a move.
//!
//! The browser compiles the app's WebAssembly lazily, function by function, and optimises each
//! one only after it has run often enough (V8's tiers), on another thread. Left alone, the first
//! few dozen moves of a page's first game run partly unoptimised code and share the processor
//! with that optimising; on a two-core machine that made the first game's releases slower to
//! paint than the second game's (`docs/performance.md`, "Measured decisions").
//!
//! So when a game opens, a board that nobody sees plays a few dozen moves of the same game
//! through the same components ([`Board`], the move list) and the same rules calls as a real
//! move. It lives outside the document (a detached element: nothing is laid out or painted, and
//! none of its cells or pieces can be found by a page or a test), takes one short step per timer
//! tick so that the page stays responsive, once per game kind and page. When it has finished,
//! `<html>` carries `data-koma-ready`.

use std::cell::RefCell;
use std::collections::HashSet;
use std::rc::Rc;

use koma_rules::{Game, GameId, RuleOptions};
use yew::prelude::*;

use crate::board::{Board, Source};
use crate::movelist::{MoveList, move_texts};
use crate::view::{cells_of, destinations, hands_of, last_cells};

/// How many moves the unseen board plays.
const STEPS: usize = 80;

thread_local! {
    /// The game kinds whose moves have been readied on this page.
    static READIED: RefCell<HashSet<GameId>> = RefCell::new(HashSet::new());
}

/// Ready the code for moves of `game`, once per page: returns a handle that stops the work when
/// dropped (the game was left), or `None` if it was done already.
pub fn start(game: GameId) -> Option<yew::AppHandle<Warmup>> {
    if READIED.with(|r| r.borrow().contains(&game)) {
        mark_ready();
        return None;
    }
    let root = gloo::utils::document().create_element("div").ok()?;
    Some(yew::Renderer::<Warmup>::with_root_and_props(root, WarmupProps { game }).render())
}

fn mark_ready() {
    if let Some(html) = gloo::utils::document().document_element() {
        let _ = html.set_attribute("data-koma-ready", "");
    }
}

/// Properties of [`Warmup`].
#[derive(Properties, PartialEq)]
pub struct WarmupProps {
    /// The game whose moves to ready.
    pub game: GameId,
}

/// The unseen board and its moves.
struct Steps {
    game: Game,
    played: usize,
}

/// The unseen board: one move per timer tick, `STEPS` of them.
#[function_component(Warmup)]
pub fn warmup(props: &WarmupProps) -> Html {
    let id = props.game;
    let steps = use_mut_ref(|| Steps {
        game: Game::new(id, RuleOptions::default()),
        played: 0,
    });
    let tick = use_state(|| 0usize);
    {
        let tick = tick.clone();
        let steps = steps.clone();
        use_effect_with(*tick, move |_| {
            let mut s = steps.borrow_mut();
            let timer = if s.played < STEPS {
                // a legal move, spread over the list so that different pieces move; a new
                // game when this one is over
                let moves = s.game.legal_moves();
                let choice = moves
                    .iter()
                    .copied()
                    .nth((s.played * 7) % moves.len().max(1));
                match choice {
                    Some(m) if s.game.play(m).is_ok() => {}
                    _ => s.game = Game::new(id, RuleOptions::default()),
                }
                s.played += 1;
                let next = *tick + 1;
                Some(gloo::timers::callback::Timeout::new(0, move || {
                    tick.set(next)
                }))
            } else {
                READIED.with(|r| r.borrow_mut().insert(id));
                mark_ready();
                None
            };
            move || drop(timer)
        });
    }
    let s = steps.borrow();
    if s.played >= STEPS {
        // done: the unseen board's nodes are let go
        return Html::default();
    }
    let g = &s.game;
    let pos = g.position();
    let v = pos.variant();
    let moves = g.moves();
    let dests = destinations(&g.clone().legal_moves());
    let texts = move_texts(g.start(), moves, false);
    html! {
        <>
            <Board variant={v} cells={cells_of(pos)} hands={hands_of(pos)} homes={crate::view::homes(v)}
                turn={pos.turn()} active=true dests={Rc::new(dests)} selected={None::<Source>}
                last={last_cells(moves)}
                check={None::<koma_rules::Cell>} lion_first={None::<(koma_rules::Cell, koma_rules::Cell)>}
                choice={None::<crate::board::Choice>} on_attempt={Callback::noop()}
                on_select={Callback::noop()} on_cell={Callback::noop()} on_promote={Callback::noop()}
                two_char={koma_rules::names::two_character_pieces(v.id)} />
            <MoveList texts={Rc::new(texts)} players={v.players()} current={moves.len()} on_view={Callback::noop()} />
        </>
    }
}
