//! An online game on the play screen (`#/online/<id>`, `?seat=<token>` from an invitation):
//! [`OnlineView`] keeps the game's connection ([`crate::online`]) and hands what the server says
//! to the ordinary play screen ([`PlayView`] with an [`OnlineLink`]): moves arrive from the
//! socket as the computer's arrive from its worker, and the person's own moves go out on it.

use koma_wire::{ClientMsg, Connection, Created, ServerMsg, Status};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::PlayView;
use crate::i18n::Lang;
use crate::online::{
    Conn, Dial, Line, NAME_KEY, OnlineLink, Wire, from_json, invitations, invites_key, kept_name,
    start_of, store, stored, to_json, token_key,
};

/// Properties of [`OnlineView`].
#[derive(Properties, PartialEq)]
pub struct OnlineProps {
    /// The game's id.
    pub id: String,
    /// The seat's token from an invitation link, if the address has one.
    pub token: Option<String>,
}

/// An online game: its connection, and the play screen once the server has said hello.
#[function_component(OnlineView)]
pub fn online_view(props: &OnlineProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    // an invitation's token is kept, so that a reload or a return takes the seat again
    let token = use_memo(props.clone_key(), |(id, token)| match token {
        Some(t) => {
            store(&token_key(id), t);
            Some(t.clone())
        }
        None => stored(&token_key(id)),
    });
    let conn = use_reducer(Conn::default);
    let wire = use_mut_ref(Wire::default);
    let plies = use_mut_ref(|| 0u32);
    let dial = Dial {
        wire: wire.clone(),
        conn: conn.clone(),
        id: props.id.clone(),
        token: (*token).clone(),
        plies,
    };
    {
        let dial = dial.clone();
        use_effect_with(props.id.clone(), move |_| {
            wire.borrow_mut().gone = false;
            dial.connect();
            move || {
                let mut w = wire.borrow_mut();
                w.gone = true;
                w.retry = None;
                w.socket = None;
            }
        });
    }
    let send = {
        let wire = dial.wire.clone();
        Callback::from(move |m: ClientMsg| {
            if let Some(s) = &wire.borrow().socket
                && let Some(text) = to_json(&m)
            {
                let _ = s.ws.send_with_str(&text);
            }
        })
    };
    let resync = Callback::from(move |()| {
        *dial.plies.borrow_mut() = 0;
        let old = dial.wire.borrow_mut().socket.take();
        drop(old);
        dial.connect();
    });
    if let Some(e) = &conn.failed {
        return html! {
            <section class="load-error" data-online="" data-error="online">
                <p>{ lang.pick("この対局を開けません：", "This online game cannot be opened: ") }{ e }</p>
                <p><a href="#/">{ lang.pick("最初の画面へ", "Back to the game list") }</a></p>
            </section>
        };
    }
    let Some(welcome) = conn.welcome.clone() else {
        let line = conn.line.unwrap_or(Line::Connecting);
        return html! {
            <section class="online-wait" data-online="" data-line={line.id()}>
                <p>{ match line {
                    Line::Reconnecting => lang.pick("サーバーに再接続しています…", "Reconnecting to the server…"),
                    _ => lang.pick("サーバーに接続しています…", "Connecting to the server…"),
                } }</p>
                <p><a href="#/">{ lang.pick("最初の画面へ", "Back to the game list") }</a></p>
            </section>
        };
    };
    let mut start = match start_of(&welcome.spec) {
        Ok(s) => s,
        Err(e) => {
            return html! {
                <section class="load-error" data-online="" data-error="online"><p>{ e }</p></section>
            };
        }
    };
    start.names = conn.seats.iter().map(|s| s.name.clone()).collect();
    let link = OnlineLink {
        id: props.id.clone(),
        seat: welcome.seat,
        line: conn.line.unwrap_or(Line::Connecting),
        seats: conn.seats.clone(),
        status: conn.status.unwrap_or(welcome.status),
        offer: conn.offer.clone(),
        told: conn.told.clone(),
        refused: conn.refused.clone(),
        send,
        resync,
    };
    let invites = stored(&invites_key(&props.id))
        .and_then(|t| from_json::<Created>(&t))
        .filter(|_| link.status == Status::Waiting);
    html! {
        <>
            if let Some(created) = invites {
                { invitations(lang, &welcome.spec.game, &created, welcome.seat) }
            }
            <PlayView key={props.id.clone()} {start} online={Some(link)} />
        </>
    }
}

impl OnlineProps {
    fn clone_key(&self) -> (String, Option<String>) {
        (self.id.clone(), self.token.clone())
    }
}

/// Each seat's name and connection, for the play screen of an online game: one
/// `<data data-connection="<seat>" value="online|offline">` a seat; and this browser's line
/// (`data-line`: `open`, `connecting`, `reconnecting`).
pub fn seats_view(lang: Lang, game: koma_rules::GameId, link: &OnlineLink) -> Html {
    let seats = link.seats.iter().enumerate().map(|(i, s)| {
        let mark = koma_rules::names::seat_marked(game, koma_rules::Player(i as u8), lang);
        let you = (link.seat == Some(i as u8)).then(|| lang.pick("（あなた）", " (you)"));
        let state = match (s.taken, s.connection) {
            (false, _) => lang.pick("空席", "free"),
            (true, Connection::Online) => lang.pick("接続中", "online"),
            (true, Connection::Offline) => lang.pick("切断", "disconnected"),
        };
        html! {
            <li>
                <data data-connection={i.to_string()} value={s.connection.id()}>
                    { format!("{mark} {}", s.name) }{ for you }{ " — " }{ state }</data>
            </li>
        }
    });
    let line = match link.line {
        Line::Open => None,
        Line::Connecting => Some(lang.pick("接続しています…", "connecting…")),
        Line::Reconnecting => Some(lang.pick("再接続しています…", "reconnecting…")),
    };
    let waiting = (link.status == Status::Waiting)
        .then(|| lang.pick("相手を待っています", "Waiting for the other players"));
    // the seat's name: kept for later games, and told to the server with a fresh hello
    let rename = link.seat.map(|_| {
        let resync = link.resync.clone();
        let onchange = Callback::from(move |e: Event| {
            if let Some(i) = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
            {
                store(NAME_KEY, i.value().trim());
                resync.emit(());
            }
        });
        html! {
            <label class="rename">{ lang.pick("名前 ", "Your name ") }
                <input name="online-name" maxlength="32" value={kept_name()} {onchange} /></label>
        }
    });
    html! {
        <div class="online-seats" data-line={link.line.id()}>
            <ul>{ for seats }</ul>
            { for rename }
            if let Some(l) = line { <p class="line" role="status">{ l }</p> }
            if let Some(w) = waiting { <p class="waiting" data-waiting="">{ w }</p> }
            if link.seat.is_none() { <p class="watching" data-watching="">{ lang.pick("観戦中", "Watching") }</p> }
        </div>
    }
}

/// The standing offer: the others' answer buttons, or the asker's wait; and the server's last
/// refusal.
pub fn offer_view(lang: Lang, game: koma_rules::GameId, link: &OnlineLink) -> Html {
    let offer = link.offer.as_ref().map(|o| {
        let who = koma_rules::names::seat_marked(game, koma_rules::Player(o.by), lang);
        let what = match (o.what, lang) {
            (koma_wire::OfferKind::Takeback, Lang::Ja) => "待った",
            (koma_wire::OfferKind::Takeback, Lang::En) => "a takeback",
            (koma_wire::OfferKind::Impasse, Lang::Ja) => "持将棋",
            (koma_wire::OfferKind::Impasse, Lang::En) => "an impasse",
        };
        let answered = link.seat.is_none_or(|s| o.accepted.contains(&s));
        let answer = |accept: bool| {
            let send = link.send.clone();
            Callback::from(move |_: MouseEvent| send.emit(ClientMsg::Answer { accept }))
        };
        html! {
            <p class="offer" data-offer={format!("{:?}", o.what).to_lowercase()} role="status">
                { match lang {
                    Lang::Ja => format!("{who}が{what}を申し出ています"),
                    Lang::En => format!("{who} asks for {what}"),
                } }
                if !answered {
                    <button data-action="accept-offer" onclick={answer(true)}>{ lang.pick("承諾", "Accept") }</button>
                    <button data-action="decline-offer" onclick={answer(false)}>{ lang.pick("拒否", "Decline") }</button>
                }
            </p>
        }
    });
    let refused = link.refused.as_ref().map(|r| {
        html! { <p class="online-error" data-online-error="" role="alert">{ r }</p> }
    });
    html! { <>{ for offer }{ for refused }</> }
}

/// The play screen's side of an online game: what the server says goes into the game's
/// reducer (moves, takebacks, clocks, endings, a whole game after a hello), and a move the
/// person makes at this screen goes out to the server. When the two games differ (a move the
/// server did not take), the whole game is asked for again.
#[hook]
pub fn use_online_game(state: &UseReducerHandle<crate::play::Play>, link: Option<&OnlineLink>) {
    use crate::play::Action;
    let seen = use_mut_ref(|| 0usize);
    // the plies the server has (as far as this screen has heard), and the last ply sent
    let server = use_mut_ref(|| 0usize);
    let sent = use_mut_ref(|| 0usize);
    let told = link.map(|l| l.told.clone()).unwrap_or_default();
    let resync = link.map(|l| l.resync.clone());
    {
        let (state, seen, server, sent, resync) = (
            state.clone(),
            seen.clone(),
            server.clone(),
            sent.clone(),
            resync.clone(),
        );
        use_effect_with(told.len(), move |_| {
            // the server's plies: a move of this screen's beyond them is sent (again, after a
            // takeback or a resync)
            let known = |n: usize| {
                *server.borrow_mut() = n;
                let s = *sent.borrow();
                *sent.borrow_mut() = s.min(n);
            };
            let start = *seen.borrow();
            for m in told.iter().skip(start) {
                let clock = |c: &Option<koma_wire::ClockView>| {
                    if let Some(c) = c {
                        state.dispatch(Action::RemoteClock(Box::new(c.clone())));
                    }
                };
                match m {
                    ServerMsg::Welcome(s) => {
                        known((s.from as usize) + s.moves.len());
                        state.dispatch(Action::Synced {
                            from: s.from as usize,
                            moves: s.moves.clone(),
                        });
                        clock(&s.clock);
                        if let Some(o) = &s.outcome {
                            state.dispatch(Action::RemoteEnd(o.clone()));
                        }
                    }
                    ServerMsg::Moved { ply, mv, clock: c } => {
                        known(*ply as usize);
                        state.dispatch(Action::Remote {
                            ply: *ply as usize,
                            mv: mv.clone(),
                        });
                        clock(c);
                    }
                    ServerMsg::TakenBack { plies, clock: c } => {
                        known(*plies as usize);
                        state.dispatch(Action::RemoteTakeBack(*plies as usize));
                        clock(c);
                    }
                    ServerMsg::Started { clock: c } => clock(c),
                    ServerMsg::Ended { outcome, clock: c } => {
                        clock(c);
                        state.dispatch(Action::RemoteEnd(outcome.clone()));
                    }
                    // a move the server did not take: ask for its game
                    ServerMsg::Error {
                        code:
                            koma_wire::ErrorCode::StalePly
                            | koma_wire::ErrorCode::NotYourTurn
                            | koma_wire::ErrorCode::IllegalMove
                            | koma_wire::ErrorCode::BadMove
                            | koma_wire::ErrorCode::GameOver
                            | koma_wire::ErrorCode::NotStarted
                            | koma_wire::ErrorCode::Internal,
                        ..
                    } => {
                        if let Some(r) = &resync {
                            r.emit(());
                        }
                    }
                    _ => {}
                }
            }
            *seen.borrow_mut() = told.len();
        });
    }
    // this screen's own move goes out once
    let plies = state.game().moves().len();
    let out_of_step = state.out_of_step;
    let send = link.map(|l| l.send.clone());
    let moves = state.game().moves();
    let variant = state.game().position().variant();
    use_effect_with((plies, out_of_step), move |&(plies, out_of_step)| {
        if out_of_step {
            if let Some(r) = &resync {
                r.emit(());
            }
            return;
        }
        let known = *server.borrow();
        if let Some(send) = send
            && plies == known + 1
            && *sent.borrow() < plies
            && let Some(&mv) = moves.last()
        {
            *sent.borrow_mut() = plies;
            send.emit(ClientMsg::Move {
                ply: known as u32,
                mv: koma_rules::notation::write_move(variant, mv),
            });
        }
    });
}
