//! Offline play: the page registers the service worker (`sw.js` beside `index.html`, written
//! by the build: `web/build-sw.mjs`), which keeps the whole app in a cache named after the
//! build, so the app starts and plays with no network.
//!
//! Updates never interrupt a game: a new build's worker installs beside the running one and
//! waits; the page then shows "a new version is ready" with a button (`[data-update]`,
//! `[data-action="reload"]`), and only that button activates the new worker and reloads the
//! page (the game in progress is saved, so it comes back). A long-open page asks for an update
//! every hour; the browser asks on every navigation.
//!
//! The worker is registered by a relative URL, so its scope is the folder the app is served
//! from (`/`, or a sub-path such as `/koma/`).

use gloo::events::EventListener;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{ServiceWorker, ServiceWorkerRegistration, ServiceWorkerState};
use yew::prelude::*;

/// The worker's script, beside the page.
const SCRIPT: &str = "sw.js";

/// How often a long-open page asks for a new version (ms).
const CHECK_EVERY_MS: u32 = 60 * 60 * 1000;

/// Whether this browser has service workers here (a secure context that allows them).
fn supported() -> bool {
    web_sys::window().is_some_and(|w| {
        js_sys::Reflect::get(&w.navigator(), &"serviceWorker".into())
            .is_ok_and(|v| !v.is_undefined() && !v.is_null())
    })
}

/// When `worker` has installed while another version runs, say a new version is ready.
fn watch_installing(
    worker: ServiceWorker,
    reg: ServiceWorkerRegistration,
    ready: UseStateHandle<bool>,
) {
    let w = worker.clone();
    EventListener::new(&worker, "statechange", move |_| {
        if w.state() == ServiceWorkerState::Installed && reg.active().is_some() {
            ready.set(true);
        }
    })
    .forget();
}

/// Register the service worker; returns whether a new version waits, and the action that
/// activates it and reloads.
#[hook]
pub fn use_update() -> (bool, Callback<MouseEvent>) {
    let ready = use_state(|| false);
    let registration = use_state(|| None::<ServiceWorkerRegistration>);
    {
        let (ready, registration) = (ready.clone(), registration.clone());
        use_effect_with((), move |_| {
            if supported()
                && let Some(w) = web_sys::window()
            {
                let promise = w.navigator().service_worker().register(SCRIPT);
                wasm_bindgen_futures::spawn_local(async move {
                    let reg = match wasm_bindgen_futures::JsFuture::from(promise).await {
                        Ok(r) => r.unchecked_into::<ServiceWorkerRegistration>(),
                        Err(e) => {
                            gloo::console::warn!("Koma: no offline play here:", e);
                            return;
                        }
                    };
                    if reg.waiting().is_some() && reg.active().is_some() {
                        ready.set(true);
                    }
                    if let Some(installing) = reg.installing() {
                        watch_installing(installing, reg.clone(), ready.clone());
                    }
                    {
                        let (r, ready) = (reg.clone(), ready.clone());
                        EventListener::new(&reg, "updatefound", move |_| {
                            if let Some(installing) = r.installing() {
                                watch_installing(installing, r.clone(), ready.clone());
                            }
                        })
                        .forget();
                    }
                    {
                        let r = reg.clone();
                        gloo::timers::callback::Interval::new(CHECK_EVERY_MS, move || {
                            let _ = r.update();
                        })
                        .forget();
                    }
                    registration.set(Some(reg));
                });
            }
        });
    }
    let apply = {
        let registration = registration.clone();
        Callback::from(move |_: MouseEvent| {
            let Some(waiting) = registration.as_ref().and_then(|r| r.waiting()) else {
                reload();
                return;
            };
            let w = waiting.clone();
            EventListener::new(&waiting, "statechange", move |_| {
                if w.state() == ServiceWorkerState::Activated {
                    reload();
                }
            })
            .forget();
            let message = js_sys::Object::new();
            let _ = js_sys::Reflect::set(&message, &"kind".into(), &"skip-waiting".into());
            let _ = waiting.post_message(&JsValue::from(message));
        })
    };
    (*ready, apply)
}

fn reload() {
    if let Some(w) = web_sys::window() {
        let _ = w.location().reload();
    }
}
