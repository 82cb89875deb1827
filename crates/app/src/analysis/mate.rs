//! The analysis board's mate search (`[data-action="mate"]`): a Web Worker of its own
//! ([`crate::engine_worker`]) asked whether the side to move in the position shown mates by
//! checks ([`koma_engine::mate`]), for at most [`MATE_MS`]. Its answer is kept for the move it
//! was asked for; asking again, or leaving the board, ends the search in flight (its worker
//! goes).

use std::cell::RefCell;
use std::rc::Rc;

use koma_engine::Level;
use koma_engine::protocol::{Reply, Request};
use yew::prelude::*;

use super::study::{MateFound, Study, StudyAction};
use crate::engine_worker::{self, EngineWorker, Holder};

/// The longest a mate search runs, in milliseconds.
pub const MATE_MS: u32 = 30_000;

#[derive(Default)]
struct Solver {
    running: Option<EngineWorker>,
    asked: Option<u32>,
}

type Shared = Rc<RefCell<Solver>>;

impl Holder for Solver {
    fn worker(&mut self) -> &mut Option<EngineWorker> {
        &mut self.running
    }
    fn forget(&mut self) {
        self.asked = None;
    }
}

/// Search for a mate each time the board asks ([`Study::mate_asks`]).
#[hook]
pub fn use_mate_search(state: &UseReducerHandle<Study>) {
    let shared: Shared = use_mut_ref(Solver::default);
    {
        let shared = shared.clone();
        let state = state.clone();
        use_effect_with(state.mate_asks, move |&asks| {
            if asks > 0 {
                let request = Request {
                    mate: true,
                    time_ms: Some(MATE_MS),
                    ..Request::of_game(asks, state.game(), Level::TOP, 1)
                };
                shared.borrow_mut().asked = Some(asks);
                engine_worker::send(&shared, &state, request, received, failed);
            }
            move || {
                let mut s = shared.borrow_mut();
                if s.asked.take().is_some() {
                    drop(s.running.take());
                }
            }
        });
    }
    use_effect_with((), move |_| {
        move || drop(shared.borrow_mut().running.take())
    });
}

fn failed(state: &UseReducerHandle<Study>, message: crate::problem::Problem) {
    state.dispatch(StudyAction::EngineFailed(message));
}

fn received(shared: &Shared, state: &UseReducerHandle<Study>, reply: Reply) {
    match reply {
        Reply::Mate {
            id,
            result,
            moves,
            nodes,
            ms,
        } => {
            let mut s = shared.borrow_mut();
            if s.asked != Some(id) {
                return;
            }
            s.asked = None;
            drop(s);
            state.dispatch(StudyAction::MateFound(MateFound {
                ask: id,
                result,
                moves,
                nodes,
                ms,
            }));
        }
        Reply::Error { message, .. } | Reply::Failed { message } => {
            engine_worker::fail(
                shared,
                state,
                crate::problem::Problem::Computer(crate::problem::Halt::Refused(message)),
                failed,
            );
        }
        Reply::Ready | Reply::Best { .. } | Reply::Lines { .. } => {}
    }
}
