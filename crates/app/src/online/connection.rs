//! The line to one online game: its WebSocket, and nothing of any screen.
//!
//! A [`Connection`] dials the game's socket, says hello (with the seat's token and the plies it
//! has, so the server sends only what is missing) and hands every server message, in order, to
//! whoever listens ([`Connection::listen`]); messages that come while nobody listens are held
//! and handed over, in order, to the next listener. A dropped line is dialled again after a
//! wait that starts at [`FIRST_BACKOFF_MS`] and doubles up to [`MAX_BACKOFF_MS`] (each wait
//! drawn between half and all of it, so that the clients of a restarted server do not all come
//! back in the same instant); the browser's `online` event dials at once.
//!
//! A line can die without closing (a phone changes networks, a router drops the connection):
//! after a move, a `sync` or a `ping` the server answers within [`ANSWER_MS`], and after
//! [`QUIET_MS`] of silence the connection pings; a line that stays silent past its deadline is
//! dropped and dialled again.
//!
//! [`Connection::send`] writes only to a line whose hello the server has answered and says
//! whether it did: what it could not send is the caller's to keep (the play screen keeps its
//! moves until the server acknowledges them, see `crate::play::online`). A new name and a
//! request for the whole game go on the open line (`rename`, `sync`); nothing but a dropped
//! line dials again.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::{Rc, Weak};

use gloo::timers::callback::{Interval, Timeout};
use koma_wire::{ClientMsg, ErrorCode, ServerMsg};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use yew::Callback;

use super::{Line, absolute, from_json, to_json};

/// The first wait before dialling a dropped line again.
pub const FIRST_BACKOFF_MS: u32 = 250;
/// The longest wait between two dials.
pub const MAX_BACKOFF_MS: u32 = 8_000;
/// How long the server has to answer a move, a sync or a ping before the line is taken for
/// dead.
pub const ANSWER_MS: f64 = 4_000.0;
/// Silence after which the connection pings.
pub const QUIET_MS: f64 = 10_000.0;
/// How often the deadlines are looked at.
const WATCH_MS: u32 = 500;

/// What the connection tells its listener.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// The line's state changed.
    Line(Line),
    /// The server said this (in the order it was said).
    Told(ServerMsg),
    /// The game cannot be played from here (a link that opens no seat, no page address); the
    /// connection has stopped.
    Failed(crate::problem::Problem),
}

/// The line to one game; clones share it. See the module's text.
#[derive(Clone)]
pub struct Connection(Rc<RefCell<Inner>>);

impl PartialEq for Connection {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

struct Inner {
    id: String,
    token: Option<String>,
    /// The name said with each hello.
    name: String,
    socket: Option<Socket>,
    retry: Option<Timeout>,
    backoff: u32,
    /// Closed for good (the screen left, or the game cannot be played).
    closed: bool,
    /// The server has answered this line's hello.
    welcomed: bool,
    /// The plies the server has, as far as its messages have said: what a new hello says the
    /// client has.
    have: u32,
    listener: Option<Callback<Event>>,
    held: VecDeque<Event>,
    /// When the server was last heard from (ms since the epoch).
    heard: f64,
    /// Since when an answer is awaited (a move, a sync or a ping was sent).
    awaiting: Option<f64>,
    _watch: Option<Interval>,
    _online: Option<Closure<dyn FnMut(web_sys::Event)>>,
}

/// An open socket and its handlers (dropped with it).
struct Socket {
    ws: web_sys::WebSocket,
    _on_open: Closure<dyn FnMut(web_sys::Event)>,
    _on_message: Closure<dyn FnMut(web_sys::MessageEvent)>,
    _on_close: Closure<dyn FnMut(web_sys::CloseEvent)>,
}

impl Drop for Socket {
    fn drop(&mut self) {
        self.ws.set_onopen(None);
        self.ws.set_onmessage(None);
        self.ws.set_onclose(None);
        let _ = self.ws.close();
    }
}

/// Close `socket` now and drop its handlers in a later task: the call may come from one of
/// them, which must not be freed while it runs.
fn discard(socket: Option<Socket>) {
    if let Some(s) = socket {
        s.ws.set_onopen(None);
        s.ws.set_onmessage(None);
        s.ws.set_onclose(None);
        let _ = s.ws.close();
        Timeout::new(0, move || drop(s)).forget();
    }
}

fn now() -> f64 {
    js_sys::Date::now()
}

impl Connection {
    /// Dial game `id` with a seat's `token` (none: watch), saying `name`.
    pub fn open(id: &str, token: Option<String>, name: String) -> Connection {
        let c = Connection(Rc::new(RefCell::new(Inner {
            id: id.to_string(),
            token,
            name,
            socket: None,
            retry: None,
            backoff: 0,
            closed: false,
            welcomed: false,
            have: 0,
            listener: None,
            held: VecDeque::new(),
            heard: now(),
            awaiting: None,
            _watch: None,
            _online: None,
        })));
        let weak = Rc::downgrade(&c.0);
        let watch = Interval::new(WATCH_MS, move || {
            if let Some(inner) = weak.upgrade() {
                Connection(inner).watch();
            }
        });
        let weak = Rc::downgrade(&c.0);
        let online = Closure::<dyn FnMut(web_sys::Event)>::new(move |_| {
            if let Some(inner) = weak.upgrade() {
                Connection(inner).network_back();
            }
        });
        if let Some(w) = web_sys::window() {
            let _ = w.add_event_listener_with_callback("online", online.as_ref().unchecked_ref());
        }
        {
            let mut i = c.0.borrow_mut();
            i._watch = Some(watch);
            i._online = Some(online);
        }
        c.dial();
        c
    }

    /// Hand every event to `listener` from now on, those held meanwhile first.
    pub fn listen(&self, listener: Callback<Event>) {
        self.0.borrow_mut().listener = Some(listener);
        self.flush();
    }

    /// Hold the events until the next [`Connection::listen`].
    pub fn hold(&self) {
        self.0.borrow_mut().listener = None;
    }

    /// Close the line for good.
    pub fn close(&self) {
        let mut i = self.0.borrow_mut();
        i.closed = true;
        i.retry = None;
        i.welcomed = false;
        discard(i.socket.take());
        i._watch = None;
        if let (Some(w), Some(f)) = (web_sys::window(), i._online.take()) {
            let _ = w.remove_event_listener_with_callback("online", f.as_ref().unchecked_ref());
        }
    }

    /// Send `m` on the open line; `false` (and nothing sent) when there is none.
    pub fn send(&self, m: &ClientMsg) -> bool {
        let mut i = self.0.borrow_mut();
        if !i.welcomed {
            return false;
        }
        let Some(text) = to_json(m) else {
            return false;
        };
        let sent = i
            .socket
            .as_ref()
            .is_some_and(|s| s.ws.send_with_str(&text).is_ok());
        if sent
            && matches!(
                m,
                ClientMsg::Move { .. } | ClientMsg::Sync { .. } | ClientMsg::Ping
            )
            && i.awaiting.is_none()
        {
            i.awaiting = Some(now());
        }
        sent
    }

    /// Ask for the game again from ply `have` on, on the open line (with none, the next hello
    /// brings it).
    pub fn sync(&self, have: u32) {
        self.0.borrow_mut().have = have;
        self.send(&ClientMsg::Sync { have });
    }

    /// The seat's new name: told on the open line, and said with every later hello.
    pub fn rename(&self, name: &str) {
        self.0.borrow_mut().name = name.to_string();
        self.send(&ClientMsg::Rename {
            name: name.to_string(),
        });
    }

    /// Hand `e` to the listener, or hold it.
    fn emit(&self, e: Event) {
        self.0.borrow_mut().held.push_back(e);
        self.flush();
    }

    fn flush(&self) {
        loop {
            // the listener runs with nothing borrowed: it may send, hold or close
            let (listener, e) = {
                let mut i = self.0.borrow_mut();
                let Some(l) = i.listener.clone() else { return };
                let Some(e) = i.held.pop_front() else { return };
                (l, e)
            };
            listener.emit(e);
        }
    }

    fn dial(&self) {
        let (id, closed) = {
            let i = self.0.borrow();
            (i.id.clone(), i.closed)
        };
        if closed {
            return;
        }
        let Some(url) = absolute(&format!("api/games/{id}/socket"), true) else {
            self.fail(crate::problem::Problem::Online(
                crate::problem::Link::NoAddress,
            ));
            return;
        };
        let ws = match web_sys::WebSocket::new(&url) {
            Ok(ws) => ws,
            Err(_) => {
                self.redial_later();
                return;
            }
        };
        let weak = Rc::downgrade(&self.0);
        let on_open = {
            let (ws, weak) = (ws.clone(), weak.clone());
            Closure::<dyn FnMut(web_sys::Event)>::new(move |_| {
                let Some(c) = upgrade(&weak) else { return };
                let hello = {
                    let mut i = c.0.borrow_mut();
                    i.heard = now();
                    i.awaiting = Some(now());
                    ClientMsg::Hello {
                        token: i.token.clone(),
                        name: Some(i.name.clone()).filter(|n| !n.is_empty()),
                        have: i.have,
                    }
                };
                if let Some(text) = to_json(&hello) {
                    let _ = ws.send_with_str(&text);
                }
            })
        };
        let on_message = {
            let weak = weak.clone();
            Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| {
                let Some(c) = upgrade(&weak) else { return };
                let Some(m) = e
                    .data()
                    .as_string()
                    .and_then(|t| from_json::<ServerMsg>(&t))
                else {
                    return;
                };
                c.told(m);
            })
        };
        let on_close = Closure::<dyn FnMut(web_sys::CloseEvent)>::new(move |_| {
            if let Some(c) = upgrade(&weak) {
                c.dropped();
            }
        });
        ws.set_onopen(Some(on_open.as_ref().unchecked_ref()));
        ws.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        ws.set_onclose(Some(on_close.as_ref().unchecked_ref()));
        let mut i = self.0.borrow_mut();
        i.welcomed = false;
        // the hello must be answered in time too
        i.awaiting = Some(now());
        discard(i.socket.take());
        i.socket = Some(Socket {
            ws,
            _on_open: on_open,
            _on_message: on_message,
            _on_close: on_close,
        });
    }

    /// A message from the server.
    fn told(&self, m: ServerMsg) {
        let first = {
            let mut i = self.0.borrow_mut();
            i.heard = now();
            i.awaiting = None;
            match &m {
                ServerMsg::Welcome(s) => i.have = s.from + s.moves.len() as u32,
                ServerMsg::Moved { ply, .. } => i.have = *ply,
                ServerMsg::TakenBack { plies, .. } => i.have = *plies,
                _ => {}
            }
            let first = matches!(m, ServerMsg::Welcome(_)) && !i.welcomed;
            if first {
                i.welcomed = true;
                i.backoff = 0;
            }
            first
        };
        if let ServerMsg::Error {
            code: code @ ErrorCode::BadToken,
            message,
            ..
        } = &m
        {
            self.fail(crate::problem::Problem::Online(
                crate::problem::Link::Refusal {
                    code: *code,
                    words: message.clone(),
                },
            ));
            return;
        }
        if matches!(m, ServerMsg::Pong) {
            return;
        }
        self.emit(Event::Told(m));
        if first {
            self.emit(Event::Line(Line::Open));
        }
    }

    /// The line closed (or never opened): say so and dial again later.
    fn dropped(&self) {
        if self.0.borrow().closed {
            return;
        }
        {
            let mut i = self.0.borrow_mut();
            i.welcomed = false;
            i.awaiting = None;
            // nothing is sent on it any more
            discard(i.socket.take());
        }
        self.emit(Event::Line(Line::Reconnecting));
        self.redial_later();
    }

    fn redial_later(&self) {
        let wait = {
            let mut i = self.0.borrow_mut();
            i.backoff = if i.backoff == 0 {
                FIRST_BACKOFF_MS
            } else {
                (i.backoff * 2).min(MAX_BACKOFF_MS)
            };
            // between half and all of the wait
            (f64::from(i.backoff) * (0.5 + 0.5 * js_sys::Math::random())) as u32
        };
        let weak = Rc::downgrade(&self.0);
        let again = Timeout::new(wait, move || {
            if let Some(c) = upgrade(&weak) {
                c.0.borrow_mut().retry = None;
                c.dial();
            }
        });
        self.0.borrow_mut().retry = Some(again);
    }

    /// The deadlines: a line that does not answer in time is dropped; a quiet one is pinged.
    fn watch(&self) {
        let (dead, quiet) = {
            let i = self.0.borrow();
            if i.closed || i.socket.is_none() {
                return;
            }
            let t = now();
            (
                i.awaiting.is_some_and(|since| t - since > ANSWER_MS),
                i.welcomed && i.awaiting.is_none() && t - i.heard > QUIET_MS,
            )
        };
        if dead {
            self.dropped();
        } else if quiet {
            self.send(&ClientMsg::Ping);
        }
    }

    /// The browser has a network again: a line waiting to be dialled is dialled now.
    fn network_back(&self) {
        let waiting = {
            let i = self.0.borrow();
            !i.closed && i.retry.is_some()
        };
        if waiting {
            self.0.borrow_mut().retry = None;
            self.dial();
        }
    }

    /// Stop for good and tell why.
    fn fail(&self, why: crate::problem::Problem) {
        self.close();
        self.emit(Event::Failed(why));
    }
}

fn upgrade(weak: &Weak<RefCell<Inner>>) -> Option<Connection> {
    weak.upgrade().map(Connection)
}
