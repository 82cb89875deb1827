//! Online play in the app: games on `koma-server`, people on their own devices.
//!
//! - The game's WebSocket (`Dial`): a dropped line reconnects by itself (waits of 0.5 s
//!   doubling to 8 s) and says how many plies it has, so the server sends only the rest. A
//!   seat's token is kept in `localStorage` (`koma.online.<id>`), so a reload or a later visit
//!   to the game's address goes back to the seat. The play screen's side (`#/online/<id>`,
//!   [`crate::play::online`]) hands what the server says to the ordinary play screen through
//!   [`OnlineLink`].
//! - [`Lobby`] (`#/lobby`) lists open games live and takes a free seat.
//! - [`NewOnline`] on the start screen creates a game and shows its invitations: a link and a
//!   QR code (SVG) a seat, and the watch link.
//! - [`use_server`] asks `api/health` once: with no server answering (the app on a static
//!   host, or offline) online play is not offered and local play goes on as before.
//!
//! Every address is relative to the page, so the app works from a sub-path too. The messages
//! are `koma-wire`'s, shared with the server.

use std::cell::RefCell;
use std::rc::Rc;

use koma_wire::{ClientMsg, Created, Lobby as LobbyList, NewGame, ServerMsg, Status};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use yew::prelude::*;

use crate::i18n::Lang;
use crate::start::Start;

/// The first wait before a reconnection, doubled after each failure up to [`MAX_BACKOFF_MS`].
const FIRST_BACKOFF_MS: u32 = 500;
const MAX_BACKOFF_MS: u32 = 8_000;

/// The storage key of a game's seat token.
pub(crate) fn token_key(id: &str) -> String {
    format!("koma.online.{id}")
}

/// The storage key of a game's invitations (kept by its creator).
pub(crate) fn invites_key(id: &str) -> String {
    format!("koma.online.{id}.invites")
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
async fn api<T: serde::de::DeserializeOwned>(
    path: &str,
    body: Option<String>,
) -> Result<T, String> {
    let request = match body {
        Some(b) => gloo::net::http::Request::post(path)
            .header("content-type", "application/json")
            .body(b)
            .map_err(|e| e.to_string())?,
        None => gloo::net::http::Request::get(path)
            .build()
            .map_err(|e| e.to_string())?,
    };
    let r = request.send().await.map_err(|e| e.to_string())?;
    let text = r.text().await.map_err(|e| e.to_string())?;
    if r.ok() {
        from_json(&text).ok_or_else(|| format!("the server's answer cannot be read: {text}"))
    } else {
        Err(from_json::<koma_wire::ApiError>(&text).map_or_else(
            || format!("the server answered {}", r.status()),
            |e| e.error,
        ))
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

/// What the play screen needs of an online game: the seat held, the line, what the server has
/// said (in order; the screen takes each message once) and a way to speak to it.
#[derive(Clone)]
pub struct OnlineLink {
    /// The game's id.
    pub id: String,
    /// The seat this browser holds (none: watching).
    pub seat: Option<u8>,
    /// The connection.
    pub line: Line,
    /// Every seat as the server last said.
    pub seats: Vec<koma_wire::SeatView>,
    /// Where the game stands.
    pub status: Status,
    /// The standing offer.
    pub offer: Option<koma_wire::OfferView>,
    /// The server's messages about the game, oldest first.
    pub told: Rc<Vec<ServerMsg>>,
    /// The last refusal, in words.
    pub refused: Option<String>,
    /// Say something to the server.
    pub send: Callback<ClientMsg>,
    /// Ask the server for the whole game again (after a move it did not take).
    pub resync: Callback<()>,
}

impl PartialEq for OnlineLink {
    fn eq(&self, other: &Self) -> bool {
        self.id == other.id
            && self.seat == other.seat
            && self.line == other.line
            && self.seats == other.seats
            && self.status == other.status
            && self.offer == other.offer
            && self.told.len() == other.told.len()
            && self.refused == other.refused
    }
}

/// The connection's state, kept by [`OnlineView`].
#[derive(Clone, Default)]
pub(crate) struct Conn {
    pub(crate) line: Option<Line>,
    pub(crate) welcome: Option<Rc<koma_wire::Snapshot>>,
    pub(crate) seats: Vec<koma_wire::SeatView>,
    pub(crate) status: Option<Status>,
    pub(crate) offer: Option<koma_wire::OfferView>,
    pub(crate) told: Rc<Vec<ServerMsg>>,
    pub(crate) plies: u32,
    pub(crate) refused: Option<String>,
    /// Why the game cannot be shown (no such game, a link that opens no seat).
    pub(crate) failed: Option<String>,
}

pub(crate) enum ConnAction {
    Line(Line),
    Told(ServerMsg),
    Failed(String),
}

impl Reducible for Conn {
    type Action = ConnAction;
    fn reduce(self: Rc<Self>, action: ConnAction) -> Rc<Self> {
        let mut c = (*self).clone();
        match action {
            ConnAction::Line(l) => c.line = Some(l),
            ConnAction::Failed(e) => c.failed = Some(e),
            ConnAction::Told(m) => {
                match &m {
                    ServerMsg::Welcome(s) => {
                        if c.welcome.is_none() {
                            c.welcome = Some(Rc::new((**s).clone()));
                        }
                        c.seats = s.seats.clone();
                        c.status = Some(s.status);
                        c.offer = s.offer.clone();
                        c.plies = s.from + s.moves.len() as u32;
                        c.refused = None;
                    }
                    ServerMsg::Moved { ply, .. } => {
                        c.plies = *ply;
                        c.offer = None;
                        c.refused = None;
                    }
                    ServerMsg::TakenBack { plies, .. } => c.plies = *plies,
                    ServerMsg::Seats { seats } => c.seats = seats.clone(),
                    ServerMsg::Started { .. } => c.status = Some(Status::Playing),
                    ServerMsg::Offered(o) => c.offer = Some(o.clone()),
                    ServerMsg::OfferWithdrawn { .. } => c.offer = None,
                    ServerMsg::Ended { .. } => {
                        c.status = Some(Status::Finished);
                        c.offer = None;
                    }
                    ServerMsg::Expired => c.status = Some(Status::Expired),
                    ServerMsg::Error { message, .. } => c.refused = Some(message.clone()),
                    ServerMsg::Pong => {}
                }
                if !matches!(m, ServerMsg::Pong) {
                    let mut told = (*c.told).clone();
                    told.push(m);
                    c.told = Rc::new(told);
                }
            }
        }
        Rc::new(c)
    }
}

/// An open socket and its handlers (dropped with it).
pub(crate) struct Socket {
    pub(crate) ws: web_sys::WebSocket,
    pub(crate) _on_open: Closure<dyn FnMut(web_sys::Event)>,
    pub(crate) _on_message: Closure<dyn FnMut(web_sys::MessageEvent)>,
    pub(crate) _on_close: Closure<dyn FnMut(web_sys::CloseEvent)>,
}

impl Drop for Socket {
    fn drop(&mut self) {
        self.ws.set_onopen(None);
        self.ws.set_onmessage(None);
        self.ws.set_onclose(None);
        let _ = self.ws.close();
    }
}

/// The connection's machinery: the socket, the pending reconnection, the wait before it.
#[derive(Default)]
pub(crate) struct Wire {
    pub(crate) socket: Option<Socket>,
    pub(crate) retry: Option<gloo::timers::callback::Timeout>,
    pub(crate) backoff: u32,
    pub(crate) gone: bool,
}

/// Everything a connection attempt needs: the machinery, the state it reports to, the game,
/// the seat's token, and the plies received so far (what a reconnection says it has).
#[derive(Clone)]
pub(crate) struct Dial {
    pub(crate) wire: Rc<RefCell<Wire>>,
    pub(crate) conn: UseReducerHandle<Conn>,
    pub(crate) id: String,
    pub(crate) token: Option<String>,
    pub(crate) plies: Rc<RefCell<u32>>,
}

impl Dial {
    /// Open the game's socket and say hello; on a drop, try again after a growing wait.
    pub(crate) fn connect(&self) {
        let Some(url) = absolute(&format!("api/games/{}/socket", self.id), true) else {
            self.conn
                .dispatch(ConnAction::Failed("no page address".into()));
            return;
        };
        let ws = match web_sys::WebSocket::new(&url) {
            Ok(ws) => ws,
            Err(_) => {
                self.retry();
                return;
            }
        };
        let on_open = {
            let (ws, dial) = (ws.clone(), self.clone());
            Closure::<dyn FnMut(web_sys::Event)>::new(move |_| {
                dial.wire.borrow_mut().backoff = 0;
                let hello = ClientMsg::Hello {
                    token: dial.token.clone(),
                    name: Some(kept_name()).filter(|n| !n.is_empty()),
                    have: *dial.plies.borrow(),
                };
                if let Some(text) = to_json(&hello) {
                    let _ = ws.send_with_str(&text);
                }
                dial.conn.dispatch(ConnAction::Line(Line::Open));
            })
        };
        let on_message = {
            let dial = self.clone();
            Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| {
                let Some(m) = e
                    .data()
                    .as_string()
                    .and_then(|t| from_json::<ServerMsg>(&t))
                else {
                    return;
                };
                match &m {
                    ServerMsg::Welcome(s) => {
                        *dial.plies.borrow_mut() = s.from + s.moves.len() as u32
                    }
                    ServerMsg::Moved { ply, .. } => *dial.plies.borrow_mut() = *ply,
                    ServerMsg::TakenBack { plies: p, .. } => *dial.plies.borrow_mut() = *p,
                    ServerMsg::Error {
                        code: koma_wire::ErrorCode::BadToken,
                        message,
                        ..
                    } => dial.conn.dispatch(ConnAction::Failed(message.clone())),
                    _ => {}
                }
                dial.conn.dispatch(ConnAction::Told(m));
            })
        };
        let on_close = {
            let dial = self.clone();
            Closure::<dyn FnMut(web_sys::CloseEvent)>::new(move |_| {
                if dial.wire.borrow().gone {
                    return;
                }
                dial.conn.dispatch(ConnAction::Line(Line::Reconnecting));
                dial.retry();
            })
        };
        ws.set_onopen(Some(on_open.as_ref().unchecked_ref()));
        ws.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        ws.set_onclose(Some(on_close.as_ref().unchecked_ref()));
        self.wire.borrow_mut().socket = Some(Socket {
            ws,
            _on_open: on_open,
            _on_message: on_message,
            _on_close: on_close,
        });
    }

    /// Connect again after a wait that doubles with each failure.
    fn retry(&self) {
        let wait = {
            let mut w = self.wire.borrow_mut();
            w.backoff = if w.backoff == 0 {
                FIRST_BACKOFF_MS
            } else {
                (w.backoff * 2).min(MAX_BACKOFF_MS)
            };
            w.backoff
        };
        let dial = self.clone();
        let again = gloo::timers::callback::Timeout::new(wait, move || {
            // the old socket (closed) goes before the new one opens
            let old = dial.wire.borrow_mut().socket.take();
            drop(old);
            dial.connect()
        });
        self.wire.borrow_mut().retry = Some(again);
    }
}

/// The play screen's start for a game as created on the server.
///
/// # Errors
/// The spec names no game of this app.
pub fn start_of(spec: &NewGame) -> Result<Start, String> {
    let game = spec
        .game
        .parse::<koma_rules::GameId>()
        .map_err(|e| e.to_string())?;
    let mut start = Start::new(game);
    start.setup = spec.handicap.clone();
    start.position = spec.position.clone();
    start.preset = spec.preset.clone();
    start.clock = match &spec.clock {
        Some(c) => Some(
            c.parse()
                .map_err(|e: koma_rules::clock::BadTimeControl| e.to_string())?,
        ),
        None => None,
    };
    Ok(start)
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
pub(crate) fn invitations(lang: Lang, game: &str, created: &Created, mine: Option<u8>) -> Html {
    let rows = created
        .seats
        .iter()
        .enumerate()
        .filter(|(i, _)| Some(*i as u8) != mine)
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
            <p class="watch">{ lang.pick("観戦：", "Watch: ") }<input readonly=true value={watch.clone()} data-watch-link="" />
                { copy_button(lang, watch, "copy-watch".into()) }</p>
        </section>
    }
}

/// A seat's name as the game calls it (☗ sente, A, ...).
fn seat_label(lang: Lang, game: &str, i: usize) -> String {
    match game.parse::<koma_rules::GameId>() {
        Ok(g) => koma_rules::names::seat_marked(g, koma_rules::Player(i as u8), lang).to_string(),
        Err(_) => i.to_string(),
    }
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
    let error = use_state(|| None::<String>);
    let busy = use_state(|| false);
    let name = use_state(kept_name);
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
        let (spec, seat, error, busy) =
            (props.spec.clone(), props.seat, error.clone(), busy.clone());
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
            <button type="button" data-action="play-online" {onclick} disabled={*busy}>
                { lang.pick("オンラインで対局", "Play online") }</button>
            if let Some(e) = &*error {
                <p class="online-error" data-error="online" role="alert">{ e }</p>
            }
        </div>
    }
}

async fn create(spec: &NewGame) -> Result<Created, String> {
    let body = to_json(spec).ok_or("the game cannot be written")?;
    api("api/games", Some(body)).await
}

/// The lobby (`#/lobby`): open games waiting for players, asked again every few seconds; a
/// free seat is taken with one click.
#[function_component(Lobby)]
pub fn lobby() -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let games = use_state(|| None::<Result<LobbyList, String>>);
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
    let error = use_state(|| None::<String>);
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
            <p class="online-error" data-error="lobby">{ lang.pick("ロビーを開けません：", "The lobby cannot be reached: ") }{ e }</p>
        },
        Some(Ok(list)) if list.games.is_empty() => html! {
            <p data-lobby-empty="">{ lang.pick("募集中の対局はありません。", "No open game is waiting for players.") }</p>
        },
        Some(Ok(list)) => {
            let rows = list.games.iter().map(|g| {
                let name = g.spec.game.parse::<koma_rules::GameId>().map(koma_rules::names::game).unwrap_or("?");
                let seats = g.free.iter().map(|&s| {
                    let take = take.clone();
                    let id = g.id.clone();
                    html! {
                        <button data-take={s.to_string()} onclick={Callback::from(move |_: MouseEvent| take.emit((id.clone(), s)))}>
                            { format!("{} {}", lang.pick("席", "Take seat"), seat_label(lang, &g.spec.game, usize::from(s))) }</button>
                    }
                });
                html! {
                    <li data-lobby-game={g.id.clone()} data-game={g.spec.game.clone()}>
                        <span class="lobby-name">{ name }</span>
                        <span class="lobby-clock">{ g.spec.clock.clone().unwrap_or_else(|| lang.pick("持ち時間なし", "no clock").to_string()) }</span>
                        <span class="lobby-players">{ g.names.iter().filter(|n| !n.is_empty()).cloned().collect::<Vec<_>>().join(", ") }</span>
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
            { body }
            if let Some(e) = &*error {
                <p class="online-error" data-error="take" role="alert">{ e }</p>
            }
            <p><a href="#/">{ lang.pick("最初の画面へ", "Back to the game list") }</a></p>
        </section>
    }
}
