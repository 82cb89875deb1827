//! `#/account`: an optional account on the Koma server beside the page (sign up, sign in, sign
//! out), for the online features that need one. Playing by link needs none.
//!
//! The server keeps the session in an `HttpOnly` cookie the page never reads: the screen asks
//! `api/me` who is signed in. Hooks: `[data-signin]` the form (`input[name="name"]`,
//! `input[name="password"]`, `[data-action="sign-up"|"sign-in"]`), `[data-account="<name>"]`
//! once signed in with `[data-action="sign-out"]` and the account's ratings (each
//! `[data-rating="<points>"]` with `data-game`, `data-speed`, `data-provisional`; a provisional
//! rating is written with a `?`, as lishogi writes it), `[data-error="account"]` what the
//! server refused, in words. With no server answering, the screen says that accounts live on a
//! server.

use koma_wire::{Me, Ratings};
use serde::{Deserialize, Serialize};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::i18n::Lang;
use crate::online::{from_json, to_json, use_server};

/// The answer to signing up or in.
#[derive(Clone, Debug, Deserialize, PartialEq)]
struct Named {
    name: String,
}

/// What both forms send.
#[derive(Serialize)]
struct Credentials {
    name: String,
    password: String,
}

/// Who is signed in: not known yet, nobody, or a name.
#[derive(Clone, Debug, PartialEq)]
enum Who {
    Asking,
    Nobody,
    Named(Me),
}

/// Who `api/me` says is signed in.
async fn ask_me(lang: Lang) -> Who {
    let me = send(lang, "GET", "api/me", None).await;
    match me.ok().and_then(|t| from_json::<Me>(&t)) {
        Some(m) => Who::Named(m),
        None => Who::Nobody,
    }
}

/// The properties of [`MyGamesView`].
#[derive(Properties, PartialEq)]
pub struct MyGamesProps {
    /// Only the games where it is the player's move (the start screen's reminder).
    #[prop_or_default]
    pub only_my_turn: bool,
}

/// Whether a game of the player's is a challenge (waiting for the players it names): sent by
/// the player (its own seat the creator's) or to it.
fn challenge_of(g: &koma_wire::MyGame) -> Option<bool> {
    (g.status == koma_wire::GameStatus::Waiting && !g.spec.challenge.is_empty())
        .then(|| g.spec.seat == Some(g.seat))
}

/// A signed-in player's games that wait or are being played (`api/me/games`), each a link to
/// the game (the account's session opens its seat on any device): `[data-my-games]`, a game
/// `[data-my-game="<id>"]`, with `[data-my-turn="<id>"]` where it is the player's move. A
/// challenge to the player is `[data-challenge="<id>"]` with `[data-action="accept"]` (opens the
/// game, which takes the seat kept for the account) and `[data-action="decline"]`; one the player
/// sent, `[data-challenge-sent="<id>"]` with `[data-action="cancel"]`. The start screen shows
/// the player's moves and the challenges to it. Nothing for a player signed out, or with no game
/// to show.
#[function_component(MyGamesView)]
pub fn my_games_view(props: &MyGamesProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let games = use_state(Vec::<koma_wire::MyGame>::new);
    let error = use_state(|| None::<String>);
    let tick = use_state(|| 0u32);
    {
        let games = games.clone();
        use_effect_with(*tick, move |_| {
            wasm_bindgen_futures::spawn_local(async move {
                if let Ok(t) = send(lang, "GET", "api/me/games", None).await
                    && let Some(list) = from_json::<MyGamesList>(&t)
                {
                    games.set(list.games);
                }
            });
        });
    }
    // asked again every few seconds: a challenge or an opponent's move arrives while the
    // screen is open
    {
        let tick = tick.clone();
        use_effect_with((), move |_| {
            let every = gloo::timers::callback::Interval::new(4_000, move || tick.set(*tick + 1));
            move || drop(every)
        });
    }
    // declining (or cancelling) a challenge calls the game off, then the list is asked again
    let decline = {
        let (error, tick) = (error.clone(), tick.clone());
        Callback::from(move |id: String| {
            let (error, tick) = (error.clone(), tick.clone());
            wasm_bindgen_futures::spawn_local(async move {
                match send(lang, "POST", &format!("api/games/{id}/decline"), None).await {
                    Ok(_) => error.set(None),
                    Err(e) => error.set(Some(e)),
                }
                tick.set(*tick + 1);
            });
        })
    };
    let shown: Vec<&koma_wire::MyGame> = games
        .iter()
        .filter(|g| g.my_turn || !props.only_my_turn || challenge_of(g) == Some(false))
        .collect();
    if shown.is_empty() && error.is_none() {
        return html! {};
    }
    let rows = shown.into_iter().map(|g| {
        let others: Vec<&str> = g
            .names
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != usize::from(g.seat))
            .map(|(_, n)| n.as_str())
            .collect();
        let clock = g.spec.start.clock.map(|c| c.to_string()).unwrap_or_default();
        let rated = if g.spec.rated { lang.pick("レーティング", "rated") } else { "" };
        let game = koma_rules::names::game(g.spec.start.id);
        let others = others.join(", ");
        let what = [game, others.as_str(), clock.as_str(), rated]
            .into_iter()
            .filter(|p| !p.is_empty())
            .collect::<Vec<_>>()
            .join(" · ");
        let id = g.id.clone();
        let on_decline = {
            let (decline, id) = (decline.clone(), id.clone());
            Callback::from(move |_: MouseEvent| decline.emit(id.clone()))
        };
        match challenge_of(g) {
            Some(false) => {
                let from = g
                    .spec
                    .seat
                    .and_then(|s| g.names.get(usize::from(s)))
                    .cloned()
                    .unwrap_or_default();
                html! {
                    <li data-challenge={id.clone()}>
                        <span>{ match lang {
                            Lang::Ja => format!("{from}さんからの挑戦：{what}"),
                            _ => format!("{from} challenges you: {what}"),
                        } }</span>
                        { " " }<a href={format!("#/online/{id}")} data-action="accept">{ lang.pick("受ける", "Accept") }</a>
                        { " " }<button type="button" data-action="decline" onclick={on_decline}>{ lang.pick("断る", "Decline") }</button>
                    </li>
                }
            }
            Some(true) => html! {
                <li data-my-game={id.clone()} data-challenge-sent={id.clone()}>
                    <a href={format!("#/online/{id}")}>{ what }</a>
                    <span>{ lang.pick(" 挑戦の返事待ち", " challenge sent, waiting") }</span>
                    { " " }<button type="button" data-action="cancel" onclick={on_decline}>{ lang.pick("取り消す", "Cancel") }</button>
                </li>
            },
            None => {
                let turn = g.my_turn.then(|| id.clone());
                html! {
                    <li data-my-game={id.clone()} data-my-turn={turn}>
                        <a href={format!("#/online/{id}")}>{ what }</a>
                        if g.my_turn {
                            <strong>{ lang.pick(" あなたの手番", " your move") }</strong>
                        }
                    </li>
                }
            }
        }
    });
    let title = if props.only_my_turn {
        lang.pick("あなたの番", "Waiting for you")
    } else {
        lang.pick("対局中", "Your games")
    };
    html! {
        <section class="my-games" data-my-games="">
            <h2>{ title }</h2>
            <ul>{ for rows }</ul>
            if let Some(e) = &*error {
                <p class="online-error" data-error="challenge" role="alert">{ e.clone() }</p>
            }
        </section>
    }
}

/// `api/me/games`' answer.
#[derive(Clone, Debug, Deserialize, PartialEq)]
struct MyGamesList {
    games: Vec<koma_wire::MyGame>,
}

/// A speed's words.
pub(crate) fn speed_words(lang: Lang, speed: &str) -> String {
    let words = match speed {
        "bullet" => lang.pick("超早指し", "bullet"),
        "blitz" => lang.pick("早指し", "blitz"),
        "rapid" => lang.pick("ラピッド", "rapid"),
        "classical" => lang.pick("長時間", "classical"),
        "correspondence" => lang.pick("通信対局", "correspondence"),
        other => other,
    };
    words.to_string()
}

/// Ratings by game and speed, each `[data-rating="<points>"]` with `data-game`, `data-speed`
/// and `data-provisional`; a provisional one is written with a `?`.
pub fn ratings_list(lang: Lang, ratings: &Ratings) -> Html {
    let ranks = crate::ranks::shown();
    if ratings.is_empty() {
        return html! {
            <p class="hint" data-ratings="">{ lang.pick(
                "レーティング対局はまだありません。", "No rated game yet.") }</p>
        };
    }
    let rows = ratings.iter().flat_map(|(game, speeds)| {
        let name = game
            .parse::<koma_rules::GameId>()
            .map(koma_rules::names::game)
            .unwrap_or(game.as_str())
            .to_string();
        speeds.iter().map(move |(speed, r)| {
            let mark = if r.provisional { "?" } else { "" };
            let rank = crate::ranks::words(lang, game, r.rating, ranks);
            html! {
                <li data-rating={r.rating.to_string()} data-game={game.clone()} data-speed={speed.clone()}
                    data-provisional={r.provisional.to_string()}>
                    <span class="rating-game">{ format!("{name} · {}", speed_words(lang, speed)) }</span>
                    <strong>{ format!(" {}{mark}", r.rating) }</strong>
                    if let Some(rank) = rank {
                        <span class="rank" data-rank={rank.clone()}>{ format!(" ({rank})") }</span>
                    }
                    <span class="hint">{ format!(" ±{} · {} {}", r.rd, r.games, lang.pick("局", if r.games == 1 { "game" } else { "games" })) }</span>
                </li>
            }
        })
    });
    html! { <ul class="ratings" data-ratings="">{ for rows }</ul> }
}

/// A passkey as `api/me/passkeys` lists it.
#[derive(Clone, Debug, Deserialize, PartialEq)]
struct PasskeyItem {
    id: String,
    created_ms: i64,
    used_ms: Option<i64>,
}

/// `api/me/passkeys`' answer.
#[derive(Clone, Debug, Deserialize, PartialEq)]
struct PasskeyList {
    passkeys: Vec<PasskeyItem>,
}

/// A date (`2026-12-07`) of a time in ms.
fn day(ms: i64) -> String {
    let iso = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms as f64))
        .to_iso_string()
        .as_string()
        .unwrap_or_default();
    iso.get(..10).unwrap_or_default().to_string()
}

/// The signed-in account's passkeys: `[data-passkeys]`, each `[data-passkey="<id>"]` with
/// `[data-action="remove-passkey"]`; `[data-action="add-passkey"]` registers one with this
/// device; `[data-error="passkey"]` what the browser or the server refused.
#[function_component(PasskeysView)]
fn passkeys_view() -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let keys = use_state(Vec::<PasskeyItem>::new);
    let error = use_state(|| None::<String>);
    let tick = use_state(|| 0u32);
    {
        let keys = keys.clone();
        use_effect_with(*tick, move |_| {
            wasm_bindgen_futures::spawn_local(async move {
                if let Ok(t) = send(lang, "GET", "api/me/passkeys", None).await
                    && let Some(list) = from_json::<PasskeyList>(&t)
                {
                    keys.set(list.passkeys);
                }
            });
        });
    }
    let on_add = {
        let (error, tick) = (error.clone(), tick.clone());
        Callback::from(move |_: MouseEvent| {
            let (error, tick) = (error.clone(), tick.clone());
            wasm_bindgen_futures::spawn_local(async move {
                match crate::passkey::register(lang).await {
                    Ok(()) => error.set(None),
                    Err(words) => error.set(Some(words)),
                }
                tick.set(*tick + 1);
            });
        })
    };
    let rows = keys.iter().map(|k| {
        let onclick = {
            let (error, tick, id) = (error.clone(), tick.clone(), k.id.clone());
            Callback::from(move |_: MouseEvent| {
                let (error, tick, id) = (error.clone(), tick.clone(), id.clone());
                wasm_bindgen_futures::spawn_local(async move {
                    let path = format!("api/me/passkeys/{}", js_sys::encode_uri_component(&id));
                    if let Err(words) = send(lang, "DELETE", &path, None).await {
                        error.set(Some(words));
                    }
                    tick.set(*tick + 1);
                });
            })
        };
        let used = k.used_ms.map(|u| format!(" · {}{}", lang.pick("最終使用 ", "last used "), day(u)));
        html! {
            <li data-passkey={k.id.clone()}>
                { format!("{}{}", lang.pick("登録 ", "added "), day(k.created_ms)) }{ for used }
                { " " }<button type="button" data-action="remove-passkey" {onclick}>{ lang.pick("削除", "Remove") }</button>
            </li>
        }
    });
    html! {
        <section class="passkeys" data-passkeys={keys.len().to_string()}>
            <h3>{ lang.pick("パスキー", "Passkeys") }</h3>
            <p class="hint">{ lang.pick(
                "パスキーがあれば、パスワードの代わりにこの端末の指紋・顔・PINでサインインできます。",
                "With a passkey you sign in with this device's fingerprint, face or PIN instead of the password.") }</p>
            <ul>{ for rows }</ul>
            <button type="button" data-action="add-passkey" onclick={on_add}>{ lang.pick("パスキーを追加", "Add a passkey") }</button>
            if let Some(e) = &*error {
                <p class="error" data-error="passkey" role="alert">{ e.clone() }</p>
            }
        </section>
    }
}

/// The choice to see shogi ratings as kyu and dan (`input[name="ranks"]`), kept in this
/// browser; `changed` is told the new choice.
fn ranks_choice(lang: Lang, on: bool, changed: Callback<bool>) -> Html {
    let onchange = Callback::from(move |e: Event| {
        if let Some(i) = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        {
            crate::ranks::show(i.checked());
            changed.emit(i.checked());
        }
    });
    html! {
        <label class="ranks-choice"><input type="checkbox" name="ranks" checked={on} {onchange} />
            { lang.pick(" 本将棋のレーティングを段級でも表示", " Show shogi ratings as kyu and dan too") }</label>
    }
}

/// A refusal in words.
fn refusal(lang: Lang, status: u16, words: Option<String>) -> String {
    match (lang, status) {
        (Lang::Ja, 401) => "名前かパスワードが違います".into(),
        (Lang::Ja, 409) => "その名前はもう使われています".into(),
        (Lang::Ja, 429) => "試行が多すぎます。1分待ってください".into(),
        (Lang::Ja, 400) => format!("入力を確かめてください（{}）", words.unwrap_or_default()),
        (Lang::Ja, s) => format!("サーバーが答えられませんでした（{s}）"),
        (Lang::En, s) => words.unwrap_or_else(|| format!("the server answered {s}")),
    }
}

/// A request to the API with a JSON body: `Ok` for a 2xx, else the refusal in words.
pub(crate) async fn send(
    lang: Lang,
    method: &str,
    path: &str,
    body: Option<String>,
) -> Result<String, String> {
    use gloo::net::http::Request;
    let network = |e: gloo::net::Error| e.to_string();
    let builder = match method {
        "DELETE" => Request::delete(path),
        "POST" => Request::post(path),
        _ => Request::get(path),
    };
    let request = match body {
        Some(b) => builder
            .header("content-type", "application/json")
            .body(b)
            .map_err(network)?,
        None => builder.build().map_err(network)?,
    };
    let r = request.send().await.map_err(network)?;
    let text = r.text().await.unwrap_or_default();
    if r.ok() {
        Ok(text)
    } else {
        let words = from_json::<koma_wire::ApiError>(&text).map(|e| e.error);
        Err(refusal(lang, r.status(), words))
    }
}

/// The value of the input named `name` in the form.
fn field(name: &str) -> String {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| {
            d.query_selector(&format!("[data-signin] input[name='{name}']"))
                .ok()
                .flatten()
        })
        .and_then(|e| e.dyn_into::<web_sys::HtmlInputElement>().ok())
        .map(|i| i.value())
        .unwrap_or_default()
}

/// The account screen.
#[function_component(AccountView)]
pub fn account_view() -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let server = use_server();
    let who = use_state(|| Who::Asking);
    let error = use_state(|| None::<String>);
    let busy = use_state(|| false);
    // (kept in the browser; the ratings list reads it as it draws)
    let ranks = use_state(crate::ranks::shown);
    {
        let who = who.clone();
        use_effect_with(*server, move |up| {
            if *up == Some(true) {
                wasm_bindgen_futures::spawn_local(async move {
                    who.set(ask_me(lang).await);
                });
            }
        });
    }
    // sign up or sign in with the form's name and password
    let enter = |path: &'static str| {
        let (who, error, busy) = (who.clone(), error.clone(), busy.clone());
        Callback::from(move |()| {
            let body = to_json(&Credentials {
                name: field("name"),
                password: field("password"),
            });
            let (who, error, busy) = (who.clone(), error.clone(), busy.clone());
            busy.set(true);
            wasm_bindgen_futures::spawn_local(async move {
                match send(lang, "POST", path, body).await {
                    Ok(t) => {
                        error.set(None);
                        if let Some(m) = from_json::<Named>(&t) {
                            // shown at once; its ratings follow from api/me
                            who.set(Who::Named(Me {
                                name: m.name,
                                ratings: Ratings::new(),
                            }));
                            if let w @ Who::Named(_) = ask_me(lang).await {
                                who.set(w);
                            }
                        }
                    }
                    Err(words) => error.set(Some(words)),
                }
                busy.set(false);
            });
        })
    };
    let on_sign_out = {
        let (who, error) = (who.clone(), error.clone());
        Callback::from(move |_: MouseEvent| {
            let (who, error) = (who.clone(), error.clone());
            wasm_bindgen_futures::spawn_local(async move {
                match send(lang, "DELETE", "api/session", None).await {
                    Ok(_) => {
                        error.set(None);
                        who.set(Who::Nobody);
                    }
                    Err(words) => error.set(Some(words)),
                }
            });
        })
    };
    let problem = (*error).clone().map(|words| {
        html! { <p class="error" data-error="account" role="alert">{ words }</p> }
    });
    let body = match (*server, (*who).clone()) {
        (Some(false), _) => html! {
            <p data-account-offline="">{ lang.pick(
                "アカウントはKomaのサーバーにあります。このページのそばにサーバーがありません。",
                "Accounts live on a Koma server, and none answers beside this page.") }</p>
        },
        (None, _) | (_, Who::Asking) => {
            html! { <p>{ lang.pick("確認中…", "Asking the server…") }</p> }
        }
        (_, Who::Named(me)) => html! {
            <div class="signed-in" data-account={me.name.clone()}>
                <p>{ lang.pick("サインイン中：", "Signed in as ") }<strong>{ me.name.clone() }</strong></p>
                <MyGamesView />
                <h3>{ lang.pick("レーティング", "Ratings") }</h3>
                { ratings_list(lang, &me.ratings) }
                { ranks_choice(lang, *ranks, {
                    let ranks = ranks.clone();
                    Callback::from(move |on| ranks.set(on))
                }) }
                <p><a href={format!("#/@/{}", me.name)} data-action="profile">{ lang.pick("公開プロフィール", "Public profile") }</a></p>
                <PasskeysView />
                <button data-action="sign-out" onclick={on_sign_out}>{ lang.pick("サインアウト", "Sign out") }</button>
            </div>
        },
        (_, Who::Nobody) => {
            let on_sign_in = {
                let enter = enter("api/session");
                Callback::from(move |e: SubmitEvent| {
                    e.prevent_default();
                    enter.emit(());
                })
            };
            let on_sign_up = {
                let enter = enter("api/accounts");
                Callback::from(move |_: MouseEvent| enter.emit(()))
            };
            // a passkey of the name typed instead of the password
            let on_passkey = {
                let (who, error, busy) = (who.clone(), error.clone(), busy.clone());
                Callback::from(move |_: MouseEvent| {
                    let (who, error, busy) = (who.clone(), error.clone(), busy.clone());
                    busy.set(true);
                    wasm_bindgen_futures::spawn_local(async move {
                        match crate::passkey::sign_in(lang, &field("name")).await {
                            Ok(_) => {
                                error.set(None);
                                who.set(ask_me(lang).await);
                            }
                            Err(words) => error.set(Some(words)),
                        }
                        busy.set(false);
                    });
                })
            };
            html! {
                <form class="signin" data-signin="" onsubmit={on_sign_in}>
                    <label>{ lang.pick("名前", "Name") }
                        <input name="name" autocomplete="username" required=true minlength="3" maxlength="20" /></label>
                    <label>{ lang.pick("パスワード", "Password") }
                        <input name="password" type="password" autocomplete="current-password" required=true minlength="8" /></label>
                    <div class="signin-actions">
                        <button type="submit" data-action="sign-in" disabled={*busy}>{ lang.pick("サインイン", "Sign in") }</button>
                        <button type="button" data-action="sign-up" onclick={on_sign_up} disabled={*busy}>{ lang.pick("アカウントを作る", "Create an account") }</button>
                        <button type="button" data-action="passkey-sign-in" onclick={on_passkey} disabled={*busy}>{ lang.pick("パスキーでサインイン", "Sign in with a passkey") }</button>
                    </div>
                    <p class="hint">{ lang.pick(
                        "アカウントは任意です。リンクでの対局には要りません。",
                        "An account is optional: playing by link needs none.") }</p>
                </form>
            }
        }
    };
    html! {
        <section class="account" data-screen="account">
            <h2>{ lang.pick("アカウント", "Account") }</h2>
            { body }
            { for problem }
        </section>
    }
}
