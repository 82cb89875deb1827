//! The computer opponent on the page: the engine's Web Worker (`crates/worker`, loaded by
//! `engine-worker.js`), asked for a move whenever a computer seat is to move and for a hint when
//! a person asks.
//!
//! The page never waits on the engine: a request is a message, the answer another. A search
//! cannot be interrupted by a message (the worker's thread is busy with it), so when the game
//! moves on under a search (a takeback, a resignation, a loaded game, leaving the page) the
//! worker is terminated at once and a new one started when the engine is next needed; that is
//! what makes resign, takeback and leaving immediate. Each request carries the position it was
//! asked for (plies and hash): an answer for any other position is dropped, and a move is played
//! only if the rules find it legal in the game as it stands ([`super::Action::EngineMove`]). A
//! worker that cannot load or that fails is reported on the page ([`super::Action::EngineFailed`])
//! and the game stays as it was; the person may restart the computer.

use std::cell::RefCell;
use std::rc::Rc;

use koma_engine::Level;
use koma_engine::protocol::{Reply, Request};
use yew::prelude::*;

use crate::engine_worker::{self, EngineWorker, Holder};

use super::{Action, Play};

/// A hint is searched at the top level for at most this long.
const HINT_MS: u32 = 1500;

/// What a request was for, and the position it was asked in.
#[derive(Copy, Clone, Debug)]
struct Asked {
    id: u32,
    hint: bool,
    plies: usize,
    hash: u64,
}

/// The hook's own state: the worker, the request in flight, the last id.
#[derive(Default)]
struct Engine {
    running: Option<EngineWorker>,
    asked: Option<Asked>,
    next_id: u32,
}

type Shared = Rc<RefCell<Engine>>;

/// What the page's buttons ask of the computer.
#[derive(Clone, PartialEq)]
pub struct ComputerHandle {
    /// Ask for a hint for the person to move.
    pub hint: Callback<()>,
}

/// Keep the computer playing its seats of `state`'s game.
#[hook]
pub fn use_computer(state: UseReducerHandle<Play>) -> ComputerHandle {
    let shared: Shared = use_mut_ref(Engine::default);
    let to_move = state.computer_to_move();
    // a new position, the computer's turn starting or ending, or a restart: stop a search that
    // no longer fits and, on the computer's turn, ask for its move
    {
        let shared = shared.clone();
        let state = state.clone();
        use_effect_with(
            (state.table.board_changes, to_move, state.engine_restarts),
            move |&(_, to_move, _)| {
                if to_move {
                    let request = ask(&shared, &state, false);
                    send(&shared, &state, request);
                }
                let shared = shared.clone();
                move || stop_search(&shared)
            },
        );
    }
    // leaving the game ends the worker
    {
        let shared = shared.clone();
        use_effect_with((), move |_| {
            move || drop(shared.borrow_mut().running.take())
        });
    }
    let hint = {
        let shared = shared.clone();
        let state = state.clone();
        Callback::from(move |()| {
            if state.hint_asked || !state.person_to_move() {
                return;
            }
            state.dispatch(Action::AskHint);
            let mut request = ask(&shared, &state, true);
            request.level = Level::TOP.number();
            request.time_ms = Some(HINT_MS);
            send(&shared, &state, request);
        })
    };
    ComputerHandle { hint }
}

/// A search in flight is stopped: its worker goes (a new one is started when needed).
fn stop_search(shared: &Shared) {
    let mut e = shared.borrow_mut();
    if e.asked.take().is_some() {
        drop(e.running.take());
    }
}

/// A request for the game as it stands, remembered as the one in flight.
fn ask(shared: &Shared, state: &Play, hint: bool) -> Request {
    let mut e = shared.borrow_mut();
    e.next_id = e.next_id.wrapping_add(1);
    let id = e.next_id;
    e.asked = Some(Asked {
        id,
        hint,
        plies: state.game().moves().len(),
        hash: state.game().position().hash(),
    });
    let seed = (js_sys::Date::now() as u64 as u32) ^ id;
    Request::of_game(id, state.game(), state.level, seed)
}

/// Send `request`, starting the worker if there is none (it is sent once the worker is ready).
fn send(shared: &Shared, state: &UseReducerHandle<Play>, request: Request) {
    engine_worker::send(shared, state, request, received, failed);
}

impl Holder for Engine {
    fn worker(&mut self) -> &mut Option<EngineWorker> {
        &mut self.running
    }
    fn forget(&mut self) {
        self.asked = None;
    }
}

fn failed(state: &UseReducerHandle<Play>, message: crate::problem::Problem) {
    state.dispatch(Action::EngineFailed(message));
}

/// A message from the worker.
fn received(shared: &Shared, state: &UseReducerHandle<Play>, reply: Reply) {
    let mut e = shared.borrow_mut();
    match reply {
        Reply::Ready => {}
        Reply::Best {
            id,
            best,
            depth,
            nodes,
            ms,
            ..
        } => {
            let Some(asked) = e.asked.filter(|a| a.id == id) else {
                return;
            };
            e.asked = None;
            drop(e);
            let text = best.unwrap_or_default();
            state.dispatch(if asked.hint {
                Action::Hint {
                    plies: asked.plies,
                    hash: asked.hash,
                    text,
                }
            } else {
                Action::EngineMove {
                    plies: asked.plies,
                    hash: asked.hash,
                    text,
                    searched: super::state::Searched { depth, nodes, ms },
                }
            });
        }
        // (the play screen asks for no analysis nor mate search)
        Reply::Lines { .. } | Reply::Mate { .. } => {}
        Reply::Error { message, .. } | Reply::Failed { message } => {
            drop(e);
            engine_worker::fail(
                shared,
                state,
                crate::problem::Problem::Computer(crate::problem::Halt::Refused(message)),
                failed,
            );
        }
    }
}
