//! The engine's Web Worker: a second wasm binary, built by Trunk (`data-type="worker"` in
//! `index.html`) and loaded by `web/engine-worker.js`, so that the page never waits on a search.
//!
//! The page posts [`koma_engine::protocol::Request`]s; the worker answers each with a
//! [`koma_engine::protocol::Reply`] (serde-wasm-bindgen on both sides); an analysis posts its
//! lines after every depth while it goes on, until the page stops it. It posts `Ready` once
//! loaded. One engine (its transposition table, [`HASH_MB`]) serves every request of the page's
//! game. A search cannot be interrupted by a message (the worker's one thread is searching), so
//! the page stops a search by terminating the worker and starting another: that is how resign,
//! takeback and leaving act at once. The time limit is read from the worker's clock.

/// The transposition table's size: small enough for a phone's browser, which may refuse a
/// worker more memory (the table is the worker's largest allocation).
pub const HASH_MB: usize = 32;

#[cfg(target_arch = "wasm32")]
mod web {
    use std::cell::RefCell;

    use koma_engine::protocol::{Reply, Request, answer};
    use koma_engine::{Control, Engine};
    use wasm_bindgen::JsCast;
    use wasm_bindgen::prelude::*;
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

    /// The worker's clock, from the request's arrival.
    struct Clock(f64);

    impl Control for Clock {
        fn elapsed_ms(&self) -> u64 {
            (js_sys::Date::now() - self.0).max(0.0) as u64
        }
    }

    fn post(scope: &DedicatedWorkerGlobalScope, reply: &Reply) {
        let value = serde_wasm_bindgen::to_value(reply)
            .unwrap_or_else(|e| JsValue::from_str(&format!("the reply cannot be sent: {e}")));
        // (a page that is gone takes no message; nothing to do then)
        let _ = scope.post_message(&value);
    }

    /// Answer every message, then say the engine is ready.
    pub fn run() {
        let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
        let engine = RefCell::new(Engine::new(super::HASH_MB));
        let replies = scope.clone();
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
            let clock = Clock(js_sys::Date::now());
            let reply = match serde_wasm_bindgen::from_value::<Request>(e.data()) {
                Ok(req) => answer(&mut engine.borrow_mut(), &req, &clock, &mut |r| {
                    post(&replies, r)
                }),
                Err(err) => Reply::Error {
                    id: None,
                    message: format!("not a request: {err}"),
                },
            };
            post(&replies, &reply);
        });
        scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        // the handler lives as long as the worker
        on_message.forget();
        post(&scope, &Reply::Ready);
    }
}

#[cfg(target_arch = "wasm32")]
fn main() {
    web::run();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!(
        "koma-worker is the engine's Web Worker: `trunk build` makes it for the browser; \
         natively, use `koma usi` (the engine {} MB)",
        HASH_MB
    );
    std::process::exit(2);
}
