//! The analysis board's engine: a Web Worker ([`crate::engine_worker`]) asked to analyse the
//! position shown, its lines coming after every depth until the page stops it. A new position,
//! another number of lines, or "stop" ends the search at once: the worker is terminated and a
//! new one started for the next search. Each request is for one move of the tree: lines that
//! come for another are dropped.

use std::cell::RefCell;
use std::rc::Rc;

use koma_engine::Level;
use koma_engine::protocol::{Reply, Request};
use koma_rules::tree::NodeId;
use yew::prelude::*;

use super::study::{Found, Study, StudyAction};
use crate::engine_worker::{self, EngineWorker, Holder};

/// The hook's own state: the worker, and the request in flight with the move it is for.
#[derive(Default)]
struct Analyst {
    running: Option<EngineWorker>,
    asked: Option<(u32, NodeId)>,
    next_id: u32,
}

type Shared = Rc<RefCell<Analyst>>;

/// Keep the engine analysing the position `state` shows while it is on.
#[hook]
pub fn use_analysis(state: &UseReducerHandle<Study>) {
    let shared: Shared = use_mut_ref(Analyst::default);
    let key = (
        state.node,
        state.thinking,
        state.lines,
        state.restarts,
        state.tree_version,
    );
    {
        let shared = shared.clone();
        let state = state.clone();
        use_effect_with(key, move |&(node, thinking, lines, ..)| {
            if thinking {
                ask(&shared, &state, node, lines);
            }
            let shared = shared.clone();
            move || stop(&shared)
        });
    }
    // leaving the board ends the worker
    use_effect_with((), move |_| {
        move || drop(shared.borrow_mut().running.take())
    });
}

/// A search in flight is stopped: its worker goes.
fn stop(shared: &Shared) {
    let mut a = shared.borrow_mut();
    if a.asked.take().is_some() {
        drop(a.running.take());
    }
}

/// Ask for `lines` lines of the position shown (the move `node`).
fn ask(shared: &Shared, state: &UseReducerHandle<Study>, node: NodeId, lines: u8) {
    let mut a = shared.borrow_mut();
    a.next_id = a.next_id.wrapping_add(1);
    let id = a.next_id;
    a.asked = Some((id, node));
    let request = Request {
        lines,
        ..Request::of_game(id, state.game(), Level::TOP, 1)
    };
    drop(a);
    engine_worker::send(shared, state, request, received, failed);
}

impl Holder for Analyst {
    fn worker(&mut self) -> &mut Option<EngineWorker> {
        &mut self.running
    }
    fn forget(&mut self) {
        self.asked = None;
    }
}

fn failed(state: &UseReducerHandle<Study>, message: crate::problem::Problem) {
    state.dispatch(StudyAction::EngineFailed(message));
}

fn received(shared: &Shared, state: &UseReducerHandle<Study>, reply: Reply) {
    let mut a = shared.borrow_mut();
    match reply {
        Reply::Ready => {}
        Reply::Lines {
            id,
            depth,
            nodes,
            ms,
            lines,
            done,
        } => {
            let Some((_, node)) = a.asked.filter(|&(asked, _)| asked == id) else {
                return;
            };
            if done {
                a.asked = None;
            }
            drop(a);
            state.dispatch(StudyAction::Found(Found {
                node,
                depth,
                nodes,
                ms,
                lines,
                done,
            }));
        }
        // (the analysis board asks for no single move)
        Reply::Best { .. } | Reply::Mate { .. } => {}
        Reply::Error { message, .. } | Reply::Failed { message } => {
            drop(a);
            engine_worker::fail(
                shared,
                state,
                crate::problem::Problem::Computer(crate::problem::Halt::Refused(message)),
                failed,
            );
        }
    }
}
