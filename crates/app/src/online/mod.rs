//! Online play in the app: games on `koma-server`, people on their own devices.
//!
//! - The game's line ([`connection`]): the WebSocket, dialled again when it drops, which says
//!   how many plies it has, so the server sends only the rest. A seat's token is kept in
//!   `localStorage` (`koma.online.<id>`), so a reload or a later visit to the game's address
//!   goes back to the seat. The play screen's side (`#/online/<id>`, [`crate::play::online`])
//!   makes what the server says actions of the play screen's reducer.
//! - [`Lobby`] (`#/lobby`) lists open games live (seeks, `[data-seek]`, with a rated seek's
//!   rating range `[data-range="<min>-<max>"]`) and takes a free seat; above them the quick
//!   pairing pools ([`pools`]).
//! - [`NewOnline`] on the start screen creates a game and shows its invitations: a link and a
//!   QR code (SVG) a seat, and the watch link. A signed-in player may make it rated (with a
//!   range of the opponents' ratings, `input[name="range-min"]`, `input[name="range-max"]`), or
//!   a challenge to named accounts (`input[name="challenge"]`, names separated by commas): not
//!   listed, its seats kept for them until they accept or decline on their start screen.
//! - [`use_server`] asks `api/health` once: with no server answering (the app on a static
//!   host, or offline) online play is not offered and local play goes on as before.
//!
//! Every address is relative to the page, so the app works from a sub-path too. The messages
//! are `koma-wire`'s, shared with the server.

pub mod connection;
pub mod pools;

use koma_wire::{Created, Lobby as LobbyList, NewGame};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::i18n::Lang;
use crate::problem::{Link, Problem};

/// The storage key of a game's seat token.
pub(crate) fn token_key(id: &str) -> String {
    format!("koma.online.{id}")
}

/// The storage key of a game's invitations (kept by its creator).
pub(crate) fn invites_key(id: &str) -> String {
    format!("koma.online.{id}.invites")
}

/// The storage key of the names a game challenges (kept by its creator).
pub(crate) fn challenge_key(id: &str) -> String {
    format!("koma.online.{id}.challenge")
}

/// The session storage key of a name to challenge, left by a profile's challenge button for
/// the start screen's form.
pub(crate) const CHALLENGE_KEY: &str = "koma.online.challenge";

/// A value of the page's session storage, taken out of it.
pub(crate) fn take_session(key: &str) -> Option<String> {
    let s = web_sys::window()?.session_storage().ok()??;
    let v = s.get_item(key).ok()??;
    let _ = s.remove_item(key);
    Some(v)
}

/// JSON text of a value, through the browser's own `JSON` (the app carries no JSON library of
/// its own: serde-wasm-bindgen makes the JavaScript value).
pub fn to_json<T: serde::Serialize>(value: &T) -> Option<String> {
    let v = serde_wasm_bindgen::to_value(value).ok()?;
    js_sys::JSON::stringify(&v).ok()?.as_string()
}

/// A value from JSON text, through the browser's own `JSON`.
pub fn from_json<T: serde::de::DeserializeOwned>(text: &str) -> Option<T> {
    let v = js_sys::JSON::parse(text).ok()?;
    serde_wasm_bindgen::from_value(v).ok()
}

/// A GET or POST to the server's API: the answer's status and its value (or the API's error
/// text).
pub(crate) async fn api<T: serde::de::DeserializeOwned>(
    path: &str,
    body: Option<String>,
) -> Result<T, Problem> {
    let network = |e: gloo::net::Error| Problem::Online(Link::Network(e.to_string()));
    let request = match body {
        Some(b) => gloo::net::http::Request::post(path)
            .header("content-type", "application/json")
            .body(b)
            .map_err(network)?,
        None => gloo::net::http::Request::get(path)
            .build()
            .map_err(network)?,
    };
    let r = request.send().await.map_err(network)?;
    let text = r.text().await.map_err(network)?;
    if r.ok() {
        from_json(&text).ok_or(Problem::Online(Link::Answer(text)))
    } else {
        Err(Problem::Online(Link::Status {
            status: r.status(),
            words: from_json::<koma_wire::ApiError>(&text).map(|e| e.error),
        }))
    }
}

/// The name this person plays under, kept between games.
pub(crate) const NAME_KEY: &str = "koma.online.name";

fn storage() -> Option<web_sys::Storage> {
    web_sys::window().and_then(|w| w.local_storage().ok().flatten())
}

pub(crate) fn stored(key: &str) -> Option<String> {
    storage().and_then(|s| s.get_item(key).ok().flatten())
}

pub(crate) fn store(key: &str, value: &str) {
    if let Some(s) = storage() {
        let _ = s.set_item(key, value);
    }
}

/// The name kept for online games.
pub fn kept_name() -> String {
    stored(NAME_KEY).unwrap_or_default()
}

/// A page-relative address made absolute (`api/lobby` beside `index.html`), with `ws:` or
/// `wss:` for a socket.
fn absolute(path: &str, socket: bool) -> Option<String> {
    let loc = web_sys::window()?.location();
    let protocol = loc.protocol().ok()?;
    let host = loc.host().ok()?;
    let pathname = loc.pathname().ok()?;
    let dir = &pathname[..pathname.rfind('/').map_or(0, |i| i + 1)];
    let scheme = match (socket, protocol.as_str()) {
        (true, "https:") => "wss:",
        (true, _) => "ws:",
        (false, p) => p,
    };
    Some(format!("{scheme}//{host}{dir}{path}"))
}

/// Whether the browser says it has a network.
pub fn network_up() -> bool {
    web_sys::window().is_none_or(|w| w.navigator().on_line())
}

/// Whether a Koma server answers beside the page: `None` while asking.
#[hook]
pub fn use_server() -> UseStateHandle<Option<bool>> {
    let up = use_state(|| None);
    {
        let up = up.clone();
        use_effect_with((), move |_| {
            wasm_bindgen_futures::spawn_local(async move {
                let ok = api::<koma_wire::Health>("api/health", None)
                    .await
                    .is_ok_and(|h| h.ok);
                up.set(Some(ok));
            });
        });
    }
    up
}

/// The state of a game's connection.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// Connecting for the first time.
    Connecting,
    /// Open.
    Open,
    /// Dropped; trying again.
    Reconnecting,
}

impl Line {
    /// The id of `data-line`.
    pub fn id(self) -> &'static str {
        match self {
            Line::Connecting => "connecting",
            Line::Open => "open",
            Line::Reconnecting => "reconnecting",
        }
    }
}

/// A link as the page's own address (for copying and QR codes).
fn full_link(link: &str) -> String {
    absolute("", false).map_or_else(|| link.to_string(), |base| format!("{base}{link}"))
}

/// A QR code of `text`, as SVG markup made by the `qrcode` crate (only dark and light
/// modules: no text of the link is put into the markup).
fn qr_svg(text: &str) -> Option<Html> {
    let code = qrcode::QrCode::new(text.as_bytes()).ok()?;
    let svg = code
        .render::<qrcode::render::svg::Color<'_>>()
        .min_dimensions(160, 160)
        .quiet_zone(true)
        .build();
    Some(Html::from_html_unchecked(AttrValue::from(svg)))
}

/// The invitations of a game this browser created: a link and a QR code a free seat, with a
/// copy button, and the watch link.
pub(crate) fn invitations(
    lang: Lang,
    game: koma_rules::GameId,
    created: &Created,
    mine: Option<u8>,
) -> Html {
    let rows = created
        .seats
        .iter()
        .enumerate()
        .filter(|(i, l)| Some(*i as u8) != mine && !l.is_empty())
        .map(|(i, l)| {
            let full = full_link(l);
            let copy = copy_button(lang, full.clone(), format!("copy-seat-{i}"));
            html! {
                <li class="invite" data-invite={i.to_string()}>
                    <span>{ format!("{} {}", lang.pick("席", "Seat"), seat_label(lang, game, i)) }</span>
                    <input readonly=true value={full.clone()} />
                    { copy }
                    <div class="qr" data-qr={i.to_string()}>{ for qr_svg(&full) }</div>
                </li>
            }
        });
    let watch = full_link(&created.watch);
    html! {
        <section class="invitations" data-invitations="">
            <h2>{ lang.pick("招待", "Invite the other players") }</h2>
            <p>{ lang.pick("各リンクを相手に送るか、QRコードを読み取ってもらいます。全員がそろうと対局が始まります。",
                "Send each link to a player, or let their phone scan its code. The game starts when every seat is taken.") }</p>
            <ul>{ for rows }</ul>
            if let Some(names) = stored(&challenge_key(&created.id)) {
                <p data-challenge-waiting="">{ match lang {
                    Lang::Ja => format!("{names}さんへの挑戦：相手がサインインしてこの対局を開くと始まります。"),
                    _ => format!("A challenge to {names}: the game starts when they accept it (signed in, they find it on their start screen)."),
                } }</p>
            } else if created.seats.iter().any(String::is_empty) {
                <p data-rated-waiting="">{ lang.pick(
                    "レーティング対局：ほかの席はロビーでサインイン中のプレイヤーが取ります。",
                    "A rated game: signed-in players take the other seats from the lobby.") }</p>
            }
            <p class="watch">{ lang.pick("観戦：", "Watch: ") }<input readonly=true value={watch.clone()} data-watch-link="" />
                { copy_button(lang, watch, "copy-watch".into()) }</p>
        </section>
    }
}

/// A seat's name as the game calls it (☗ sente, A, ...).
fn seat_label(lang: Lang, game: koma_rules::GameId, i: usize) -> String {
    koma_rules::names::seat_marked(game, koma_rules::Player(i as u8), lang).to_string()
}

fn copy_button(lang: Lang, text: String, action: String) -> Html {
    let onclick = Callback::from(move |_: MouseEvent| {
        if let Some(w) = web_sys::window() {
            let _ = w.navigator().clipboard().write_text(&text);
        }
    });
    html! { <button data-action={action} {onclick}>{ lang.pick("コピー", "Copy") }</button> }
}

/// Properties of [`NewOnline`].
#[derive(Properties, PartialEq)]
pub struct NewOnlineProps {
    /// The game as the start screen's form has it.
    pub spec: NewGame,
    /// The seat the creator takes.
    pub seat: u8,
}

/// "Play online": create the game on the server, keep its invitations, and go to the
/// creator's seat.
#[function_component(NewOnline)]
pub fn new_online(props: &NewOnlineProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let error = use_state(|| None::<Problem>);
    let busy = use_state(|| false);
    let name = use_state(kept_name);
    // a signed-in player may make the game rated
    let signed_in = use_state(|| false);
    let rated = use_state(|| false);
    {
        let signed_in = signed_in.clone();
        use_effect_with((), move |_| {
            wasm_bindgen_futures::spawn_local(async move {
                if api::<koma_wire::Me>("api/me", None).await.is_ok() {
                    signed_in.set(true);
                }
            });
        });
    }
    let onrated = {
        let rated = rated.clone();
        Callback::from(move |e: Event| {
            if let Some(i) = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
            {
                rated.set(i.checked());
            }
        })
    };
    // a challenge to named players (a profile's "challenge" fills it in), and a rated seek's
    // rating range
    let challenge = use_state(|| take_session(CHALLENGE_KEY).unwrap_or_default());
    let range_min = use_state(String::new);
    let range_max = use_state(String::new);
    let text_input = |state: &UseStateHandle<String>| {
        let state = state.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(i) = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
            {
                state.set(i.value());
            }
        })
    };
    let (onchallenge, onmin, onmax) = (
        text_input(&challenge),
        text_input(&range_min),
        text_input(&range_max),
    );
    let named: Vec<String> = challenge
        .split([',', '、', ' '])
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .map(str::to_string)
        .collect();
    let onname = {
        let name = name.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(i) = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
            {
                store(NAME_KEY, &i.value());
                name.set(i.value());
            }
        })
    };
    let onclick = {
        let (mut spec, seat, error, busy) =
            (props.spec.clone(), props.seat, error.clone(), busy.clone());
        if *signed_in && !named.is_empty() {
            // a challenge: kept from the lobby, the seats held by the accounts
            spec.rated = *rated;
            spec.open = false;
            spec.seat = Some(seat);
            spec.challenge = named.clone();
        } else if *rated && *signed_in {
            // rated: listed in the lobby, the creator's seat held by the account
            spec.rated = true;
            spec.open = true;
            spec.seat = Some(seat);
            if let (Ok(min), Ok(max)) = (range_min.trim().parse(), range_max.trim().parse()) {
                spec.range = Some(koma_wire::RatingRange { min, max });
            }
        }
        Callback::from(move |_: MouseEvent| {
            let (spec, error, busy) = (spec.clone(), error.clone(), busy.clone());
            busy.set(true);
            wasm_bindgen_futures::spawn_local(async move {
                match create(&spec).await {
                    Ok(created) => {
                        if let Some(link) = created.seats.get(usize::from(seat)) {
                            store(
                                &invites_key(&created.id),
                                &to_json(&created).unwrap_or_default(),
                            );
                            if !spec.challenge.is_empty() {
                                store(&challenge_key(&created.id), &spec.challenge.join(", "));
                            }
                            if let Some(w) = web_sys::window() {
                                let _ = w.location().set_hash(link.trim_start_matches('#'));
                            }
                        }
                    }
                    Err(e) => error.set(Some(e)),
                }
                busy.set(false);
            });
        })
    };
    html! {
        <div class="new-online" data-new-online="">
            <label>{ lang.pick("名前 ", "Your name ") }
                <input name="online-name" maxlength="32" value={(*name).clone()} oninput={onname} /></label>
            if *signed_in {
                <label data-rated=""><input type="checkbox" name="rated" checked={*rated} onchange={onrated} />
                    { lang.pick(" レーティング対局（ロビーで相手を待つ）", " Rated (wait in the lobby for an opponent)") }</label>
                if *rated && named.is_empty() {
                    <span class="rating-range" data-range-form="">{ lang.pick("相手のレーティング ", "Opponent's rating ") }
                        <input name="range-min" type="number" inputmode="numeric" min="0" max="4000" step="50" placeholder="min"
                            aria-label={lang.pick("下限", "lowest")} value={(*range_min).clone()} oninput={onmin} />
                        { "–" }
                        <input name="range-max" type="number" inputmode="numeric" min="0" max="4000" step="50" placeholder="max"
                            aria-label={lang.pick("上限", "highest")} value={(*range_max).clone()} oninput={onmax} /></span>
                }
                <label data-challenge-form="">{ lang.pick("挑戦する相手 ", "Challenge ") }
                    <input name="challenge" maxlength="70" autocomplete="off" value={(*challenge).clone()} oninput={onchallenge}
                        placeholder={lang.pick("アカウント名（任意）", "account name (optional)")} /></label>
            }
            <button type="button" data-action="play-online" {onclick} disabled={*busy}>
                { if named.is_empty() || !*signed_in {
                    lang.pick("オンラインで対局", "Play online")
                } else {
                    lang.pick("挑戦する", "Send the challenge")
                } }</button>
            if let Some(e) = &*error {
                <p class="online-error" data-error="online" role="alert">{ e.text(lang) }</p>
            }
        </div>
    }
}

async fn create(spec: &NewGame) -> Result<Created, Problem> {
    let body = to_json(spec).ok_or(Problem::Online(Link::Unwritable))?;
    api("api/games", Some(body)).await
}

/// A lobby game's players: each named seat's name, with its rating where it has one (a
/// provisional one with a `?`).
fn players_text(lang: Lang, g: &koma_wire::LobbyGame) -> String {
    let ranks = crate::ranks::shown();
    g.names
        .iter()
        .enumerate()
        .filter(|(_, n)| !n.is_empty())
        .map(|(i, n)| match g.ratings.get(i).cloned().flatten() {
            Some(r) => {
                let rank = crate::ranks::words(lang, g.spec.start.id.as_str(), r.rating, ranks)
                    .map(|k| format!(" {k}"))
                    .unwrap_or_default();
                format!(
                    "{n} ({}{}{rank})",
                    r.rating,
                    if r.provisional { "?" } else { "" }
                )
            }
            None => n.clone(),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The lobby (`#/lobby`): open games waiting for players, asked again every few seconds; a
/// free seat is taken with one click.
#[function_component(Lobby)]
pub fn lobby() -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let games = use_state(|| None::<Result<LobbyList, Problem>>);
    let tick = use_state(|| 0u32);
    {
        let games = games.clone();
        use_effect_with(*tick, move |_| {
            wasm_bindgen_futures::spawn_local(async move {
                let got = api::<LobbyList>("api/lobby", None).await;
                games.set(Some(got));
            });
        });
    }
    {
        let tick = tick.clone();
        use_effect_with((), move |_| {
            let every = gloo::timers::callback::Interval::new(3_000, move || tick.set(*tick + 1));
            move || drop(every)
        });
    }
    let error = use_state(|| None::<Problem>);
    let take = {
        let error = error.clone();
        Callback::from(move |(id, seat): (String, u8)| {
            let error = error.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let body = to_json(&koma_wire::TakeSeat { seat }).unwrap_or_default();
                match api::<koma_wire::Taken>(&format!("api/games/{id}/take"), Some(body)).await {
                    Ok(t) => {
                        if let Some(w) = web_sys::window() {
                            let _ = w.location().set_hash(t.link.trim_start_matches('#'));
                        }
                    }
                    Err(e) => error.set(Some(e)),
                }
            });
        })
    };
    let body = match &*games {
        None => html! { <p>{ lang.pick("読み込み中…", "Loading…") }</p> },
        Some(Err(e)) => html! {
            <p class="online-error" data-error="lobby">{ lang.pick("ロビーを開けません：", "The lobby cannot be reached: ") }{ e.text(lang) }</p>
        },
        Some(Ok(list)) if list.games.is_empty() => html! {
            <p data-lobby-empty="">{ lang.pick("募集中の対局はありません。", "No open game is waiting for players.") }</p>
        },
        Some(Ok(list)) => {
            let rows = list.games.iter().map(|g| {
                let name = koma_rules::names::game(g.spec.start.id);
                let seats = g.free.iter().map(|&s| {
                    let take = take.clone();
                    let id = g.id.clone();
                    html! {
                        <button data-take={s.to_string()} onclick={Callback::from(move |_: MouseEvent| take.emit((id.clone(), s)))}>
                            { format!("{} {}", lang.pick("席", "Take seat"), seat_label(lang, g.spec.start.id, usize::from(s))) }</button>
                    }
                });
                let range = g.spec.range.map(|r| format!("{}-{}", r.min, r.max));
                html! {
                    <li data-lobby-game={g.id.clone()} data-seek={g.id.clone()} data-game={g.spec.start.id.as_str()}>
                        <span class="lobby-name">{ name }</span>
                        <span class="lobby-clock">{ g.spec.start.clock.map_or_else(|| lang.pick("持ち時間なし", "no clock").to_string(), |c| c.to_string()) }</span>
                        if g.spec.rated {
                            <span class="lobby-rated" data-rated-game="">{ lang.pick("レーティング", "rated") }</span>
                        }
                        if let Some(r) = range.clone() {
                            <span class="lobby-range" data-range={r.clone()}>{ format!("{}{r}", lang.pick("相手 ", "for ")) }</span>
                        }
                        <span class="lobby-players">{ players_text(lang, g) }</span>
                        { for seats }
                    </li>
                }
            });
            html! { <ul class="lobby-games">{ for rows }</ul> }
        }
    };
    html! {
        <section class="lobby" data-lobby="">
            <h1>{ lang.pick("ロビー", "Lobby") }</h1>
            <pools::PoolsView />
            <h2>{ lang.pick("募集中の対局", "Open games") }</h2>
            { body }
            if let Some(e) = &*error {
                <p class="online-error" data-error="take" role="alert">{ e.text(lang) }</p>
            }
            <p><a href="#/account" data-action="account">{ lang.pick("アカウント（任意）", "Account (optional)") }</a>
                { " · " }<a href="#/">{ lang.pick("最初の画面へ", "Back to the game list") }</a></p>
        </section>
    }
}
