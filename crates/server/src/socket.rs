//! A WebSocket connection to one game (`GET /api/games/<id>/socket`): one task a connection,
//! reading the client's messages and forwarding what the game tells everybody.
//!
//! Every message is untrusted: longer than [`koma_wire::MAX_MESSAGE_BYTES`], not JSON, of an
//! unknown kind, faster than the connection's token bucket allows (`--message-rate`, 10 a
//! second by default, in bursts of twice that), for a seat the connection does not hold, for a stale ply, or with a forged token, it is
//! answered with an error naming what was wrong, and nothing changes. Only a flood (more than
//! [`FLOOD`] messages in a row refused for speed) closes the connection. A browser's upgrade is
//! accepted only from the server's own origin (or one allowed with `--allow-origin`); clients
//! that send no `Origin` (not browsers) are accepted.

use std::num::NonZeroU32;
use std::sync::Arc;

use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use governor::{Quota, RateLimiter};
use koma_wire::{ClientMsg, ErrorCode, MAX_MESSAGE_BYTES, ServerMsg};
use tokio::sync::broadcast;

use crate::App;
use crate::api::{error, origin_allowed};
use crate::hub::{Hub, Room, Told};
use crate::referee::Refusal;

/// Refusals for speed in a row that close the connection.
pub const FLOOD: u32 = 20;
/// The largest frame read at all; longer ones close the connection (between this and
/// [`MAX_MESSAGE_BYTES`], a message is refused with an error).
const MAX_FRAME_BYTES: usize = 64 * 1024;
const _: () = assert!(MAX_FRAME_BYTES > MAX_MESSAGE_BYTES);
/// How long a connection closed for a flood is given to answer the close.
const CLOSE_WAIT: std::time::Duration = std::time::Duration::from_secs(2);
/// A socket's read buffer, and the writes it gathers before sending.
const BUFFER_BYTES: usize = 8 * 1024;

/// Unloads the room when the connection ends, however it ends (an upgrade that never
/// completes included).
struct Entered {
    hub: Arc<Hub>,
    room: Arc<Room>,
}

impl Drop for Entered {
    fn drop(&mut self) {
        self.hub.leave(&self.room);
    }
}

/// The upgrade: a known game, an allowed origin.
pub async fn upgrade(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    if !crate::token::is_id(&id) {
        return error(StatusCode::NOT_FOUND, format!("no game {id:?}"));
    }
    if !origin_allowed(&headers, &app.allowed_origins) {
        return error(
            StatusCode::FORBIDDEN,
            "this origin may not open the game's socket",
        );
    }
    let room = match app.hub.enter(&id).await {
        Ok(Some(room)) => room,
        Ok(None) => return error(StatusCode::NOT_FOUND, format!("no game {id}")),
        Err(e) => {
            metrics::counter!(crate::ops::DATABASE_ERRORS).increment(1);
            tracing::error!(game = %id, error = %e, "cannot load the game");
            return error(StatusCode::INTERNAL_SERVER_ERROR, "the database failed");
        }
    };
    // a signed-in player's session opens its account's seat without the link's token
    let account = match crate::accounts::signed_in(&app, &headers).await {
        Ok(a) => a.map(|a| a.id),
        Err(e) => {
            tracing::warn!(game = %id, error = %e, "cannot read the session");
            None
        }
    };
    let entered = Entered {
        hub: app.hub.clone(),
        room,
    };
    let rate = app.message_rate;
    let stop = app.stop.clone();
    // small buffers: messages are small, and a game holds two or three sockets (tungstenite's
    // default read buffer of 128 KiB a socket is far more than a game's messages need)
    ws.max_message_size(MAX_FRAME_BYTES)
        .read_buffer_size(BUFFER_BYTES)
        .write_buffer_size(BUFFER_BYTES)
        .on_upgrade(move |socket| run(socket, entered, rate, stop, account))
        .into_response()
}

async fn send(socket: &mut WebSocket, m: &ServerMsg) -> bool {
    socket.send(Message::Text(m.encode().into())).await.is_ok()
}

async fn next_told(
    rx: &mut Option<broadcast::Receiver<Told>>,
) -> Result<Told, broadcast::error::RecvError> {
    match rx {
        Some(rx) => rx.recv().await,
        None => std::future::pending().await,
    }
}

async fn run(
    mut socket: WebSocket,
    entered: Entered,
    rate: NonZeroU32,
    stop: crate::ops::Stop,
    account: Option<String>,
) {
    let _open = stop.socket();
    let (hub, room) = (&entered.hub, &entered.room);
    let limiter = RateLimiter::direct(
        Quota::per_second(rate)
            .allow_burst(rate.saturating_mul(NonZeroU32::new(2).unwrap_or(NonZeroU32::MIN))),
    );
    let mut too_fast = 0u32;
    // after hello: the seat (none: watching) and what the game tells
    let mut said_hello = false;
    let mut seat: Option<u8> = None;
    let mut rx: Option<broadcast::Receiver<Told>> = None;
    let mut outages = hub.outages();
    loop {
        tokio::select! {
            // the database is unreachable: the client reconnects until it answers again
            Ok(()) = outages.changed() => {
                let close = Message::Close(Some(CloseFrame {
                    code: crate::ops::DATABASE_DOWN,
                    reason: "the database is unreachable: connect again".into(),
                }));
                let _ = socket.send(close).await;
                break;
            }
            // the server stops: the client is told to connect again (to another server)
            () = stop.stopping() => {
                let close = Message::Close(Some(CloseFrame {
                    code: crate::ops::RESTART,
                    reason: "the server restarts: connect again".into(),
                }));
                let _ = socket.send(close).await;
                break;
            }
            told = next_told(&mut rx) => {
                let ok = match told {
                    // the game changed on another server: what this client lacks
                    Ok(Told::Resync { from }) => {
                        let snap = hub.snapshot_from(room, seat, from).await;
                        send(&mut socket, &ServerMsg::Welcome(Box::new(snap))).await
                    }
                    Ok(Told::Text(text)) => socket.send(Message::Text(text.as_ref().into())).await.is_ok(),
                    Err(broadcast::error::RecvError::Lagged(_)) => {
                        let snap = hub.snapshot(room, seat).await;
                        send(&mut socket, &ServerMsg::Welcome(Box::new(snap))).await
                    }
                    Err(broadcast::error::RecvError::Closed) => false,
                };
                if !ok {
                    break;
                }
            }
            msg = socket.recv() => {
                let text = match msg {
                    Some(Ok(Message::Text(t))) => t,
                    Some(Ok(Message::Binary(_))) => {
                        let e = ServerMsg::error(ErrorCode::BadMessage, "messages are JSON text");
                        if !send(&mut socket, &e).await {
                            break;
                        }
                        continue;
                    }
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                    Some(Ok(Message::Close(_)) | Err(_)) | None => break,
                };
                if limiter.check().is_err() {
                    too_fast += 1;
                    if too_fast > FLOOD {
                        close_for_flood(&mut socket).await;
                        break;
                    }
                    let e = ServerMsg::error(ErrorCode::TooFast, "too many messages: slow down");
                    if !send(&mut socket, &e).await {
                        break;
                    }
                    continue;
                }
                too_fast = 0;
                let reply = match ClientMsg::decode(text.as_str()) {
                    Err(e) => Some(ServerMsg::Error {
                        code: e.code(),
                        rule: None,
                        message: e.to_string(),
                    }),
                    Ok(ClientMsg::Ping) => Some(ServerMsg::Pong),
                    Ok(ClientMsg::Hello { token, name, have }) => {
                        if said_hello {
                            Some(ServerMsg::error(ErrorCode::Hello, "hello was said already"))
                        } else {
                            match hub.hello(room, token.as_deref(), name.as_deref(), have, account.as_deref()).await {
                                Ok(j) => {
                                    said_hello = true;
                                    seat = j.seat;
                                    rx = Some(j.rx);
                                    Some(ServerMsg::Welcome(Box::new(j.snapshot)))
                                }
                                Err(r) => Some(r.to_msg()),
                            }
                        }
                    }
                    Ok(_) if !said_hello => {
                        Some(ServerMsg::error(ErrorCode::Hello, "say hello first"))
                    }
                    // the game again on this connection, watchers' too
                    Ok(ClientMsg::Sync { have }) => Some(ServerMsg::Welcome(Box::new(
                        hub.snapshot_from(room, seat, have).await,
                    ))),
                    Ok(m) => {
                        let is_move = matches!(m, ClientMsg::Move { .. });
                        let t0 = std::time::Instant::now();
                        let r = act(hub, room, seat, m).await;
                        if is_move && r.is_ok() {
                            metrics::counter!(crate::ops::MOVES).increment(1);
                            metrics::histogram!(crate::ops::MOVE_LATENCY)
                                .record(t0.elapsed().as_secs_f64());
                        }
                        r.err().map(|r| r.to_msg())
                    }
                };
                if let Some(reply) = reply
                    && !send(&mut socket, &reply).await
                {
                    break;
                }
            }
        }
    }
    if let Some(s) = seat {
        hub.disconnect(room, s).await;
    }
}

/// Closes a flooding connection with the policy code and waits (at most [`CLOSE_WAIT`]) for the
/// client's own close, reading and dropping what it still sends. Dropping the socket while its
/// messages sit unread would make the kernel reset the connection, and a reset discards on the
/// client's side the refusals already sent to it: the client would see the connection drop with
/// no reason given.
async fn close_for_flood(socket: &mut WebSocket) {
    let close = Message::Close(Some(CloseFrame {
        code: axum::extract::ws::close_code::POLICY,
        reason: "flood".into(),
    }));
    if socket.send(close).await.is_err() {
        return;
    }
    let _ = tokio::time::timeout(CLOSE_WAIT, async {
        while let Some(Ok(m)) = socket.recv().await {
            if matches!(m, Message::Close(_)) {
                break;
            }
        }
    })
    .await;
}

/// A seated connection's act on the game.
async fn act(hub: &Hub, room: &Room, seat: Option<u8>, m: ClientMsg) -> Result<(), Refusal> {
    let Some(seat) = seat else {
        return Err(Refusal {
            code: ErrorCode::NotSeated,
            rule: None,
            message: "watchers cannot play".into(),
        });
    };
    hub.apply(room, |t, now| t.handle(seat, m.clone(), now))
        .await
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::header;

    #[test]
    fn browsers_open_sockets_from_the_servers_own_origin_only() {
        let mut h = HeaderMap::new();
        h.insert(header::HOST, "127.0.0.1:8080".parse().unwrap());
        assert!(origin_allowed(&h, &[]), "no Origin: not a browser");
        h.insert(header::ORIGIN, "http://127.0.0.1:8080".parse().unwrap());
        assert!(origin_allowed(&h, &[]));
        h.insert(header::ORIGIN, "https://evil.example".parse().unwrap());
        assert!(!origin_allowed(&h, &[]));
        assert!(origin_allowed(&h, &["https://evil.example".to_string()]));
    }
}
