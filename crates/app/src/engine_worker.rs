//! The engine's Web Worker as the page holds it (`crates/worker`, loaded by
//! `engine-worker.js`): started, sent requests once it is ready, ended. The computer opponent
//! ([`crate::play::computer`]) and the analysis board ([`crate::analysis`]) each keep one.
//!
//! A search cannot be interrupted by a message (the worker's thread is busy with it): whoever
//! holds a worker stops a search by dropping it (the worker is terminated) and starts another
//! when the engine is next needed.

use std::cell::RefCell;
use std::rc::Rc;

use koma_engine::protocol::{Reply, Request};

use crate::problem::{Halt, Problem};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

/// The worker's script, next to the page.
const SCRIPT: &str = "./engine-worker.js";

/// A running worker and its handlers (terminated when dropped).
pub struct EngineWorker {
    worker: web_sys::Worker,
    ready: bool,
    /// A request waiting for the worker to load.
    queued: Option<Request>,
    _on_message: Closure<dyn FnMut(web_sys::MessageEvent)>,
    _on_error: Closure<dyn FnMut(web_sys::ErrorEvent)>,
}

impl Drop for EngineWorker {
    fn drop(&mut self) {
        self.worker.terminate();
    }
}

impl EngineWorker {
    /// Start a worker: each reply it sends goes to `on_reply`, one it cannot read and a failure
    /// of the worker itself to `on_error`.
    ///
    /// # Errors
    /// The worker cannot be started.
    pub fn start(
        on_reply: Rc<dyn Fn(Reply)>,
        on_error: Rc<dyn Fn(Problem)>,
    ) -> Result<EngineWorker, Problem> {
        let worker = web_sys::Worker::new(SCRIPT)
            .map_err(|e| Problem::Computer(Halt::NotStarted(format!("{e:?}"))))?;
        let unreadable = on_error.clone();
        let on_message =
            Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |m: web_sys::MessageEvent| {
                match serde_wasm_bindgen::from_value::<Reply>(m.data()) {
                    Ok(reply) => on_reply(reply),
                    Err(e) => unreadable(Problem::Computer(Halt::Unreadable(e.to_string()))),
                }
            });
        let on_failure =
            Closure::<dyn FnMut(web_sys::ErrorEvent)>::new(move |e: web_sys::ErrorEvent| {
                e.prevent_default();
                let m = e.message();
                on_error(Problem::Computer(Halt::Stopped(
                    (!m.is_empty()).then_some(m),
                )))
            });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_failure.as_ref().unchecked_ref()));
        Ok(EngineWorker {
            worker,
            ready: false,
            queued: None,
            _on_message: on_message,
            _on_error: on_failure,
        })
    }

    /// Send `request` now, or once the worker has loaded.
    pub fn send(&mut self, request: Request) {
        if self.ready {
            post(&self.worker, &request);
        } else {
            self.queued = Some(request);
        }
    }

    /// The worker has loaded ([`Reply::Ready`]): the request waiting is sent.
    pub fn ready(&mut self) {
        self.ready = true;
        if let Some(q) = self.queued.take() {
            post(&self.worker, &q);
        }
    }
}

/// What keeps a worker for its page: where the worker is kept, and the request in flight.
pub trait Holder: 'static {
    /// The worker, when one runs.
    fn worker(&mut self) -> &mut Option<EngineWorker>;
    /// Forget the request in flight (its answer will not come).
    fn forget(&mut self);
}

/// A holder's replies go here (with the page's context `C`); [`Reply::Ready`] is handled
/// before.
pub type OnReply<H, C> = fn(&Rc<RefCell<H>>, &C, Reply);
/// A holder's failures go here, once its worker is gone.
pub type OnFail<C> = fn(&C, Problem);

/// Send `request` to `shared`'s worker, starting one if none runs (the request waits for it to
/// load): its replies go to `on_reply`, its failure (or a start that fails) to `on_fail`.
pub fn send<H: Holder, C: Clone + 'static>(
    shared: &Rc<RefCell<H>>,
    ctx: &C,
    request: Request,
    on_reply: OnReply<H, C>,
    on_fail: OnFail<C>,
) {
    let mut h = shared.borrow_mut();
    if h.worker().is_none() {
        let replies = {
            let shared = Rc::downgrade(shared);
            let ctx = ctx.clone();
            Rc::new(move |reply: Reply| {
                let Some(shared) = shared.upgrade() else {
                    return;
                };
                if matches!(reply, Reply::Ready) {
                    if let Some(w) = shared.borrow_mut().worker().as_mut() {
                        w.ready();
                    }
                    return;
                }
                on_reply(&shared, &ctx, reply);
            })
        };
        let errors = {
            let shared = Rc::downgrade(shared);
            let ctx = ctx.clone();
            Rc::new(move |message: Problem| {
                if let Some(shared) = shared.upgrade() {
                    fail(&shared, &ctx, message, on_fail);
                }
            })
        };
        match EngineWorker::start(replies, errors) {
            Ok(w) => *h.worker() = Some(w),
            Err(message) => {
                h.forget();
                drop(h);
                on_fail(ctx, message);
                return;
            }
        }
    }
    if let Some(w) = h.worker().as_mut() {
        w.send(request);
    }
}

/// The worker is gone or refused: the request forgotten, the worker ended (later, not inside
/// its own handler, which ending it would drop), then `on_fail` told.
pub fn fail<H: Holder, C: Clone + 'static>(
    shared: &Rc<RefCell<H>>,
    ctx: &C,
    message: Problem,
    on_fail: OnFail<C>,
) {
    let mut h = shared.borrow_mut();
    h.forget();
    let gone = h.worker().take();
    drop(h);
    let ctx = ctx.clone();
    gloo::timers::callback::Timeout::new(0, move || {
        drop(gone);
        on_fail(&ctx, message);
    })
    .forget();
}

fn post(worker: &web_sys::Worker, request: &Request) {
    match serde_wasm_bindgen::to_value(request) {
        Ok(v) => {
            let _ = worker.post_message(&v);
        }
        Err(e) => gloo::console::error!(format!("the request cannot be sent: {e}")),
    }
}
