//! Quick pairing in the lobby: the server's pools (a game and a clock each) as buttons; a
//! signed-in player taps one, waits (the screen asks the server every second, which is also
//! its word that it still waits), and goes to its seat once paired into a rated game.
//!
//! Hooks: `[data-pool="<pool id>"]` a pool's button (`data-waiting`: players waiting),
//! `[data-pool-waiting="<pool id>"]` while this player waits with `[data-action="leave-pool"]`,
//! `[data-error="pool"]` a refusal in words (signed out: a link to `#/account`).

use koma_wire::{Pairing, PoolView};
use yew::prelude::*;

use super::api;
use crate::i18n::Lang;
use crate::problem::{Link, Problem};

/// `GET /api/pools`' answer.
#[derive(Clone, Debug, PartialEq, serde::Deserialize)]
struct Pools {
    pools: Vec<PoolView>,
}

/// Go to a pairing's game: its seat's link, or (the seat taken from this browser already) the
/// game, whose seat this browser keeps.
fn go(p: &Pairing) {
    let to = match (&p.link, &p.game) {
        (Some(link), _) => link.trim_start_matches('#').to_string(),
        (None, Some(game)) => format!("/online/{game}"),
        (None, None) => return,
    };
    if let Some(w) = web_sys::window() {
        let _ = w.location().set_hash(&to);
    }
}

/// Stop waiting in `pool` (the server forgets a silent player anyway).
async fn leave(pool: &str) {
    if let Ok(r) = gloo::net::http::Request::delete(&format!("api/pools/{pool}")).build() {
        let _ = r.send().await;
    }
}

/// The pools, and this player's wait in one.
#[function_component(PoolsView)]
pub fn pools_view() -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let pools = use_state(|| None::<Vec<PoolView>>);
    let waiting = use_state(|| None::<String>);
    let error = use_state(|| None::<Problem>);
    let tick = use_state(|| 0u32);
    {
        let tick = tick.clone();
        use_effect_with((), move |_| {
            let every = gloo::timers::callback::Interval::new(1_000, move || tick.set(*tick + 1));
            move || drop(every)
        });
    }
    // every second: the pools' counts, and while waiting the player's word
    {
        let (pools, waiting, error) = (pools.clone(), waiting.clone(), error.clone());
        let now_waiting = (*waiting).clone();
        use_effect_with((*tick, now_waiting), move |(_, now_waiting)| {
            let now_waiting = now_waiting.clone();
            wasm_bindgen_futures::spawn_local(async move {
                if let Ok(list) = api::<Pools>("api/pools", None).await {
                    pools.set(Some(list.pools));
                }
                if let Some(id) = now_waiting {
                    match api::<Pairing>(&format!("api/pools/{id}"), None).await {
                        Ok(p) if p.game.is_some() => {
                            waiting.set(None);
                            go(&p);
                        }
                        Ok(_) => {}
                        Err(e) => {
                            waiting.set(None);
                            error.set(Some(e));
                        }
                    }
                }
            });
        });
    }
    // leaving the lobby while waiting leaves the pool
    {
        let waiting = (*waiting).clone();
        use_effect_with(waiting, move |w| {
            let w = w.clone();
            move || {
                if let Some(id) = w {
                    wasm_bindgen_futures::spawn_local(async move { leave(&id).await });
                }
            }
        });
    }
    let join = {
        let (waiting, error) = (waiting.clone(), error.clone());
        Callback::from(move |id: String| {
            let (waiting, error) = (waiting.clone(), error.clone());
            wasm_bindgen_futures::spawn_local(async move {
                match api::<Pairing>(&format!("api/pools/{id}"), Some(String::new())).await {
                    Ok(p) if p.game.is_some() => go(&p),
                    Ok(_) => {
                        error.set(None);
                        waiting.set(Some(id));
                    }
                    Err(e) => error.set(Some(e)),
                }
            });
        })
    };
    let on_leave = {
        let waiting = waiting.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(id) = (*waiting).clone() {
                waiting.set(None);
                wasm_bindgen_futures::spawn_local(async move { leave(&id).await });
            }
        })
    };
    let Some(list) = &*pools else {
        return html! {};
    };
    let buttons = list.iter().map(|p| {
        let join = join.clone();
        let id = p.id.clone();
        let name = koma_rules::names::game(p.game);
        html! {
            <button class="pool" data-pool={p.id.clone()} data-waiting={p.waiting.to_string()}
                disabled={waiting.is_some()}
                onclick={Callback::from(move |_: MouseEvent| join.emit(id.clone()))}>
                <span class="pool-game">{ name }</span>
                <span class="pool-clock">{ p.clock.clone() }</span>
                <span class="hint">{ format!("{} {}", p.waiting, lang.pick("人待機", "waiting")) }</span>
            </button>
        }
    });
    let problem = (*error).clone().map(|e| {
        let signed_out = matches!(e, Problem::Online(Link::Status { status: 401, .. }));
        html! {
            <p class="online-error" data-error="pool" role="alert">
                if signed_out {
                    { lang.pick("クイック対局はサインインして遊びます。", "Quick pairing is for signed-in players. ") }
                    <a href="#/account">{ lang.pick("サインイン", "Sign in") }</a>
                } else {
                    { e.text(lang) }
                }
            </p>
        }
    });
    html! {
        <section class="pools" data-pools="">
            <h2>{ lang.pick("クイック対局（レーティング）", "Quick pairing (rated)") }</h2>
            <div class="pool-buttons">{ for buttons }</div>
            if let Some(id) = &*waiting {
                <p data-pool-waiting={id.clone()}>{ lang.pick("相手を探しています…", "Looking for an opponent…") }
                    <button data-action="leave-pool" onclick={on_leave}>{ lang.pick("やめる", "Cancel") }</button></p>
            }
            { for problem }
        </section>
    }
}
