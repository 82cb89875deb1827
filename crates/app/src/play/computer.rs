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
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use yew::prelude::*;

use super::{Action, Play};

/// The worker's script, next to the page.
const SCRIPT: &str = "./engine-worker.js";

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

/// A running worker and its handlers (dropped with it).
struct Running {
    worker: web_sys::Worker,
    ready: bool,
    /// A request waiting for the worker to load.
    queued: Option<Request>,
    _on_message: Closure<dyn FnMut(web_sys::MessageEvent)>,
    _on_error: Closure<dyn FnMut(web_sys::ErrorEvent)>,
}

impl Drop for Running {
    fn drop(&mut self) {
        self.worker.terminate();
    }
}

/// The hook's own state: the worker, the request in flight, the last id.
#[derive(Default)]
struct Engine {
    running: Option<Running>,
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
            (state.table.board, to_move, state.engine_restarts),
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
    let mut e = shared.borrow_mut();
    if e.running.is_none() {
        match start(shared, state) {
            Ok(r) => e.running = Some(r),
            Err(message) => {
                e.asked = None;
                drop(e);
                state.dispatch(Action::EngineFailed(message));
                return;
            }
        }
    }
    if let Some(r) = e.running.as_mut() {
        if r.ready {
            post(&r.worker, &request);
        } else {
            r.queued = Some(request);
        }
    }
}

fn post(worker: &web_sys::Worker, request: &Request) {
    match serde_wasm_bindgen::to_value(request) {
        Ok(v) => {
            let _ = worker.post_message(&v);
        }
        Err(e) => gloo::console::error!(format!("the request cannot be sent: {e}")),
    }
}

/// Start a worker whose messages reach `state`.
fn start(shared: &Shared, state: &UseReducerHandle<Play>) -> Result<Running, String> {
    let worker = web_sys::Worker::new(SCRIPT)
        .map_err(|e| format!("the computer cannot be started: {e:?}"))?;
    let on_message = {
        let shared = Rc::downgrade(shared);
        let state = state.clone();
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |m: web_sys::MessageEvent| {
            if let Some(shared) = shared.upgrade() {
                received(&shared, &state, m.data());
            }
        })
    };
    let on_error = {
        let shared = Rc::downgrade(shared);
        let state = state.clone();
        Closure::<dyn FnMut(web_sys::ErrorEvent)>::new(move |e: web_sys::ErrorEvent| {
            e.prevent_default();
            let message = match e.message() {
                m if m.is_empty() => "the computer's worker stopped".to_string(),
                m => format!("the computer's worker stopped: {m}"),
            };
            if let Some(shared) = shared.upgrade() {
                fail(&shared, &state, message);
            }
        })
    };
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    Ok(Running {
        worker,
        ready: false,
        queued: None,
        _on_message: on_message,
        _on_error: on_error,
    })
}

/// The worker is gone or refused: report it, and end the worker (later, not inside its own
/// handler, which ending it would drop).
fn fail(shared: &Shared, state: &UseReducerHandle<Play>, message: String) {
    let mut e = shared.borrow_mut();
    e.asked = None;
    let gone = e.running.take();
    drop(e);
    let state = state.clone();
    gloo::timers::callback::Timeout::new(0, move || {
        drop(gone);
        state.dispatch(Action::EngineFailed(message));
    })
    .forget();
}

/// A message from the worker.
fn received(shared: &Shared, state: &UseReducerHandle<Play>, data: JsValue) {
    let reply = match serde_wasm_bindgen::from_value::<Reply>(data) {
        Ok(r) => r,
        Err(e) => Reply::Failed {
            message: format!("the computer sent what the page cannot read: {e}"),
        },
    };
    let mut e = shared.borrow_mut();
    match reply {
        Reply::Ready => {
            if let Some(r) = e.running.as_mut() {
                r.ready = true;
                if let Some(q) = r.queued.take() {
                    post(&r.worker, &q);
                }
            }
        }
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
        // (the play screen asks for no analysis)
        Reply::Lines { .. } => {}
        Reply::Error { message, .. } | Reply::Failed { message } => {
            drop(e);
            fail(shared, state, message);
        }
    }
}
