//! An online game on the play screen (`#/online/<id>`, `?seat=<token>` from an invitation).
//!
//! [`OnlineView`] opens the game's line ([`Connection`]) and shows the play screen once the
//! server has said hello; from then on the line's events are actions of the play screen's one
//! reducer ([`crate::play::Action::Net`]), and so is everything the person asks of the server.
//!
//! How a move gets to the server and is never lost:
//! - A move made on the board is played at once and sent by the action that plays it. Until
//!   the server's `moved` for its ply comes back it is *pending*: shown on the board, marked
//!   `data-pending` beside the seats, and kept.
//! - A move that cannot be sent (the line is down, reconnecting, or not yet welcomed) stays
//!   pending; so does one sent on a line that dies before the answer. Every `welcome` (after a
//!   reconnection or a `sync`) is compared with the game here: the server's moves that agree
//!   acknowledge the pending ones, and the pending moves the server lacks are sent again, for
//!   the plies that follow its own. The server takes a move for a ply at most once, so a move
//!   sent twice is played once.
//! - A pending move the server refuses, or that the game has moved past (another move stored
//!   for its ply), is taken back here, with the server's reason in `[data-online-error]`: the
//!   game here is always the server's plus this seat's pending moves. A move the server could
//!   not store (its database away) stays pending and goes again with the next welcome.
//!
//! Online, only the server ends a game (on time too): the clocks here show the server's.

use std::rc::Rc;

use koma_rules::{Game, Move, Player};
use koma_wire::{ClientMsg, Connection as SeatLine, ErrorCode, GameStatus, ServerMsg, Snapshot};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::{Action, Play, PlayView};
use crate::i18n::Lang;
use crate::online::connection::{Connection, Event as LineEvent};
use crate::online::{
    Line, NAME_KEY, from_json, invitations, invites_key, kept_name, store, stored, token_key,
};

/// An online game's side of the play screen's state.
#[derive(Clone)]
pub struct Online {
    /// The game's id on the server (kept with the saved game).
    pub id: String,
    /// The seat this browser holds (none: watching).
    pub seat: Option<Player>,
    /// The game's line.
    pub conn: Connection,
    /// The line's state.
    pub line: Line,
    /// Every seat as the server last said (each shown offline while this line is down).
    pub seats: Rc<Vec<koma_wire::SeatView>>,
    /// Where the game stands.
    pub status: GameStatus,
    /// The standing offer.
    pub offer: Option<koma_wire::OfferView>,
    /// The server's last refusal, in words.
    pub refused: Option<String>,
    /// Why the game cannot be played from here.
    pub failed: Option<crate::problem::Problem>,
    /// The rematch made once the game ended (its id), if one was asked.
    pub rematch: Option<String>,
    /// How long the others must have been gone before this seat may claim the game (none: it
    /// may not, as in a correspondence game).
    pub leave_ms: Option<u32>,
    /// The plies the server has, as this screen last heard: the moves after them are this
    /// seat's own, pending.
    pub acked: usize,
    /// The plies whose moves went out on the line as it is now (a move is sent once a line:
    /// the server takes one move a ply, and a second copy would only be refused).
    pub sent: usize,
}

impl Online {
    /// A game on `conn`, as the server's first welcome shows it (the moves are played by
    /// [`Play::online`]).
    pub fn new(conn: Connection, welcome: &Snapshot) -> Online {
        Online {
            id: welcome.id.clone(),
            seat: welcome.seat.map(Player),
            conn,
            line: Line::Open,
            seats: Rc::new(welcome.seats.clone()),
            status: welcome.status,
            offer: welcome.offer.clone(),
            refused: None,
            failed: None,
            rematch: welcome.rematch.clone(),
            leave_ms: welcome.leave_ms,
            acked: 0,
            sent: 0,
        }
    }
}

/// What a `welcome` did to the game here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Welcomed {
    /// The game agrees with the server's; this many moves of this seat's are still pending
    /// (the server lacks them).
    Agrees {
        /// Pending moves, the last ones of the game.
        pending: usize,
    },
    /// The server's game went another way: this many moves here were taken back for its own.
    Replaced {
        /// The moves taken back.
        dropped: usize,
    },
    /// The server's moves do not follow the game here (a bug, or a server sending from a ply
    /// this screen does not have): the whole game is to be asked for.
    Broken,
}

/// Make `game` the server's game of `from` plies plus `theirs`, keeping this seat's pending
/// moves (those after `acked`) that the server has not seen yet.
pub fn welcome_game(game: &mut Game, acked: usize, from: usize, theirs: &[Move]) -> Welcomed {
    let mine = game.moves();
    if from > acked || from > mine.len() {
        return Welcomed::Broken;
    }
    let agree = mine[from..]
        .iter()
        .zip(theirs)
        .take_while(|(a, b)| a == b)
        .count();
    let server = from + theirs.len();
    if agree == theirs.len() && server >= acked {
        return Welcomed::Agrees {
            pending: mine.len() - server,
        };
    }
    let keep = from + agree;
    let mut dropped = 0;
    while game.moves().len() > keep && game.undo().is_some() {
        dropped += 1;
    }
    for &m in &theirs[agree..] {
        if game.play(m).is_err() {
            return Welcomed::Broken;
        }
    }
    Welcomed::Replaced { dropped }
}

/// What a `moved` did to the game here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Followed {
    /// It was this seat's pending move: now acknowledged.
    Acknowledged,
    /// Another seat's move, played here.
    Played,
    /// The server stored another move for a ply where this seat's pending move stood: the
    /// pending moves (this many) were taken back and the server's played.
    Replaced {
        /// The moves taken back.
        dropped: usize,
    },
    /// Already had (a ply before `acked`).
    Known,
    /// It does not follow: messages were missed, or the rules refuse it here.
    Broken,
}

/// Follow the server's move `mv` making ply `ply` (from 1), the server having had `acked` plies
/// before as far as this screen knew.
pub fn follow_move(game: &mut Game, acked: usize, ply: usize, mv: Move) -> Followed {
    if ply <= acked {
        return Followed::Known;
    }
    if ply != acked + 1 {
        return Followed::Broken;
    }
    let mine = game.moves();
    match mine.get(acked) {
        Some(&m) if m == mv => Followed::Acknowledged,
        Some(_) => {
            let mut dropped = 0;
            while game.moves().len() > acked && game.undo().is_some() {
                dropped += 1;
            }
            if game.play(mv).is_err() {
                return Followed::Broken;
            }
            Followed::Replaced { dropped }
        }
        None => {
            if game.play(mv).is_err() {
                Followed::Broken
            } else {
                Followed::Played
            }
        }
    }
}

/// The words for pending moves taken back.
fn dropped_words(lang: Lang, n: usize) -> String {
    match lang {
        Lang::Ja => format!("サーバーの対局が先に進んでいたため、{n}手を取り消しました"),
        Lang::En if n == 1 => "your move was taken back: the game had moved on".to_string(),
        Lang::En => format!("{n} of your moves were taken back: the game had moved on"),
    }
}

impl Play {
    /// An online game on `conn`, as the server's first `welcome` shows it: the seats other
    /// people hold take no move here, and the server keeps the time.
    pub fn online(mut self, conn: Connection, welcome: &Snapshot) -> Play {
        let online = Online::new(conn, welcome);
        if let Some(me) = online.seat {
            if koma_rules::Description::of(self.game().position().game()).hexagon() {
                self.table.seat = Some(me);
            } else {
                self.table.flipped = me != Player::FIRST;
            }
        }
        self.online = Some(online);
        self.told(ServerMsg::Welcome(Box::new(welcome.clone())));
        self.refresh();
        self
    }

    /// An event of the game's line.
    pub(super) fn net(&mut self, e: LineEvent) {
        let Some(o) = &mut self.online else { return };
        match e {
            LineEvent::Line(l) => {
                o.line = l;
                if l != Line::Open {
                    // a new line carries nothing sent on the old one
                    o.sent = 0;
                    // nobody can be seen from here while the line is down
                    o.seats = Rc::new(
                        o.seats
                            .iter()
                            .map(|s| koma_wire::SeatView {
                                connection: SeatLine::Offline,
                                ..s.clone()
                            })
                            .collect(),
                    );
                }
            }
            LineEvent::Failed(why) => o.failed = Some(why),
            LineEvent::Told(m) => self.told(m),
        }
    }

    /// This seat's moves after the server's plies.
    pub fn pending(&self) -> usize {
        self.online
            .as_ref()
            .map_or(0, |o| self.game().moves().len().saturating_sub(o.acked))
    }

    /// Send this seat's pending moves that this line has not carried yet (each for its ply),
    /// if the line is open.
    fn send_pending(&mut self) {
        let v = self.game().position().variant();
        let moves = self.game().moves().to_vec();
        let Some(o) = &mut self.online else { return };
        let from = o.acked.max(o.sent);
        for (i, &mv) in moves.iter().enumerate().skip(from) {
            let sent = o.conn.send(&ClientMsg::Move {
                ply: i as u32,
                mv: koma_rules::notation::write_move(v, mv),
            });
            if !sent {
                return;
            }
            o.sent = i + 1;
        }
    }

    /// This seat's move was played here: it goes to the server (or waits for the line).
    pub(super) fn sent_move(&mut self) {
        if self.online.as_ref().is_some_and(|o| o.seat.is_some()) {
            self.send_pending();
        }
    }

    /// Ask the server for `m` (a resignation, an offer, an answer, a declaration); refused in
    /// words when the line is down.
    pub(super) fn ask(&mut self, m: &ClientMsg) {
        let Some(o) = &mut self.online else { return };
        if !o.conn.send(m) {
            o.refused = Some(
                crate::i18n::kept_lang()
                    .pick(
                        "サーバーに接続していません。再接続してからもう一度どうぞ。",
                        "Not connected to the server: try again once the line is back.",
                    )
                    .to_string(),
            );
        }
    }

    /// The server refused a message of this seat's, saying `words`.
    fn refused(&mut self, code: ErrorCode, words: String) {
        use ErrorCode::*;
        match code {
            // a move of this seat's was refused: the game here goes back to the server's,
            // which is asked for from the last ply it acknowledged
            StalePly | NotYourTurn | IllegalMove | BadMove | GameOver | NotStarted
                if self.pending() > 0 =>
            {
                self.drop_pending(words);
                if let Some(o) = &self.online {
                    o.conn.sync(o.acked as u32);
                }
            }
            // otherwise nothing changed here; a move the server could not store (its database
            // is away) stays pending and goes again with the next welcome (the server closes
            // its sockets while its database is unreachable, and the line is dialled again)
            _ => {
                if let Some(o) = self.on() {
                    o.refused = Some(words);
                }
            }
        }
    }

    /// Take back this seat's pending moves and say why.
    fn drop_pending(&mut self, why: String) {
        let Some(acked) = self.online.as_ref().map(|o| o.acked) else {
            return;
        };
        while self.game().moves().len() > acked && self.table.game.undo().is_some() {}
        self.after_remote();
        if let Some(o) = &mut self.online {
            o.refused = Some(why);
        }
    }

    /// The whole game is asked for again (the game here went astray).
    fn resync(&mut self) {
        if let Some(o) = &mut self.online {
            o.acked = 0;
            o.conn.sync(0);
        }
    }

    /// What the board shows and offers after the server changed the game; the moves taken
    /// back are no longer sent (a move made again for their plies goes out anew).
    fn after_remote(&mut self) {
        self.table.view = None;
        self.table.foul = None;
        self.table.clear();
        let plies = self.game().moves().len();
        if let Some(o) = &mut self.online {
            o.sent = o.sent.min(plies);
        }
    }

    /// The online side of the state (there is one whenever the line's events come).
    fn on(&mut self) -> Option<&mut Online> {
        self.online.as_mut()
    }

    /// A message of the server's.
    fn told(&mut self, m: ServerMsg) {
        let clock = |s: &mut Play, c: &Option<koma_wire::ClockView>| {
            if let Some(c) = c {
                s.remote_clock(c);
            }
        };
        match m {
            ServerMsg::Welcome(s) => {
                if let Some(o) = self.on() {
                    o.seats = Rc::new(s.seats.clone());
                    o.status = s.status;
                    o.offer = s.offer.clone();
                    o.refused = None;
                    o.rematch = s.rematch.clone();
                    o.leave_ms = s.leave_ms;
                }
                self.welcome(&s);
                clock(self, &s.clock);
                if let Some(out) = &s.outcome {
                    self.remote_end(out);
                }
            }
            ServerMsg::Moved { ply, mv, clock: c } => {
                if let Some(o) = self.on() {
                    o.offer = None;
                    o.refused = None;
                }
                self.moved(ply as usize, &mv);
                clock(self, &c);
            }
            ServerMsg::TakenBack { plies, clock: c } => {
                if let Some(o) = self.on() {
                    o.acked = plies as usize;
                }
                while self.game().moves().len() > plies as usize && self.table.game.undo().is_some()
                {
                }
                self.ending = None;
                self.after_remote();
                clock(self, &c);
            }
            ServerMsg::Seats { seats } => {
                if let Some(o) = self.on() {
                    o.seats = Rc::new(seats);
                }
            }
            ServerMsg::Started { clock: c } => {
                if let Some(o) = self.on() {
                    o.status = GameStatus::Playing;
                }
                clock(self, &c);
            }
            ServerMsg::Offered(offer) => {
                if let Some(o) = self.on() {
                    o.offer = Some(offer);
                }
            }
            ServerMsg::OfferWithdrawn { .. } => {
                if let Some(o) = self.on() {
                    o.offer = None;
                }
            }
            ServerMsg::Ended { outcome, clock: c } => {
                if let Some(o) = self.on() {
                    o.status = GameStatus::Finished;
                    o.offer = None;
                }
                clock(self, &c);
                self.remote_end(&outcome);
            }
            ServerMsg::Expired => {
                if let Some(o) = self.on() {
                    o.status = GameStatus::Expired;
                }
            }
            ServerMsg::Aborted { .. } => {
                if let Some(o) = self.on() {
                    o.status = GameStatus::Aborted;
                    o.offer = None;
                }
            }
            ServerMsg::Error {
                code,
                rule,
                message,
            } => {
                let words =
                    crate::i18n::refusal(crate::i18n::kept_lang(), code, rule.as_deref(), &message);
                self.refused(code, words);
            }
            ServerMsg::Pong => {}
        }
    }

    /// The server's game from ply `from` on: the game here follows it, and this seat's pending
    /// moves that it lacks are sent again.
    fn welcome(&mut self, s: &Snapshot) {
        let v = self.game().position().variant();
        let Ok(theirs) = s
            .moves
            .iter()
            .map(|t| koma_rules::notation::read_move(v, t))
            .collect::<Result<Vec<Move>, _>>()
        else {
            return self.resync();
        };
        let acked = self.online.as_ref().map_or(0, |o| o.acked);
        let from = s.from as usize;
        match welcome_game(&mut self.table.game, acked, from, &theirs) {
            Welcomed::Agrees { pending } => {
                if let Some(o) = &mut self.online {
                    o.acked = from + theirs.len();
                }
                // the game here is the server's and more: nothing changes on the board
                if pending > 0 {
                    self.send_pending();
                }
            }
            Welcomed::Replaced { dropped } => {
                if let Some(o) = &mut self.online {
                    o.acked = from + theirs.len();
                    if dropped > 0 && o.seat.is_some() {
                        o.refused = Some(dropped_words(crate::i18n::kept_lang(), dropped));
                    }
                }
                self.ending = None;
                self.after_remote();
                self.turn_started = js_sys::Date::now();
            }
            Welcomed::Broken => {
                if from == 0 {
                    // the server's own game does not play here: nothing more can be asked
                    if let Some(o) = &mut self.online {
                        o.failed = Some(crate::problem::Problem::Online(
                            crate::problem::Link::Broken,
                        ));
                    }
                } else {
                    self.resync();
                }
            }
        }
    }

    /// The server's move making ply `ply`: this seat's pending move acknowledged, or another
    /// seat's played.
    fn moved(&mut self, ply: usize, text: &str) {
        let v = self.game().position().variant();
        let Ok(mv) = koma_rules::notation::read_move(v, text) else {
            return self.resync();
        };
        let acked = self.online.as_ref().map_or(0, |o| o.acked);
        match follow_move(&mut self.table.game, acked, ply, mv) {
            Followed::Acknowledged => {}
            Followed::Known => return,
            Followed::Played => {
                self.after_remote();
                self.turn_started = js_sys::Date::now();
            }
            Followed::Replaced { dropped } => {
                self.after_remote();
                self.turn_started = js_sys::Date::now();
                if let Some(o) = &mut self.online {
                    o.refused = Some(dropped_words(crate::i18n::kept_lang(), dropped));
                }
            }
            Followed::Broken => return self.resync(),
        }
        if let Some(o) = &mut self.online {
            o.acked = ply;
        }
    }
}

/// Properties of [`OnlineView`].
#[derive(Properties, PartialEq)]
pub struct OnlineProps {
    /// The game's id.
    pub id: String,
    /// The seat's token from an invitation link, if the address has one.
    pub token: Option<String>,
}

/// The game's line before the play screen shows (the server's first welcome).
#[derive(Clone, Default, PartialEq)]
struct Opening {
    line: Option<Line>,
    welcome: Option<Rc<Snapshot>>,
    failed: Option<crate::problem::Problem>,
}

/// An online game: its line, and the play screen once the server has said hello.
#[function_component(OnlineView)]
pub fn online_view(props: &OnlineProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let opening = use_state(Opening::default);
    // an invitation's token is kept, so that a reload or a return takes the seat again; a new
    // token (a seat taken from the lobby) is a new line
    let conn = use_memo((props.id.clone(), props.token.clone()), |(id, token)| {
        let token = match token {
            Some(t) => {
                store(&token_key(id), t);
                Some(t.clone())
            }
            None => stored(&token_key(id)),
        };
        Connection::open(id, token, kept_name())
    });
    {
        // until the first welcome, the line's events are this view's; then they are held for
        // the play screen's reducer, which takes them in order
        let (conn, opening) = (conn.clone(), opening.clone());
        use_effect_with(conn, move |conn| {
            let held = (**conn).clone();
            let seen = std::cell::RefCell::new(Opening::default());
            conn.listen(Callback::from(move |e: LineEvent| {
                let mut o = seen.borrow_mut();
                match e {
                    LineEvent::Line(l) => o.line = Some(l),
                    LineEvent::Failed(why) => o.failed = Some(why),
                    LineEvent::Told(ServerMsg::Welcome(s)) => {
                        o.welcome = Some(Rc::new(*s));
                        held.hold();
                    }
                    LineEvent::Told(_) => {}
                }
                opening.set(o.clone());
            }));
            let conn = (**conn).clone();
            move || conn.close()
        });
    }
    if let Some(e) = &opening.failed {
        return failed_view(lang, e);
    }
    let Some(welcome) = opening.welcome.clone() else {
        let line = opening.line.unwrap_or(Line::Connecting);
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
    let start = crate::start::Start::of(welcome.spec.start.clone());
    let link = OnlineStart {
        conn: (*conn).clone(),
        welcome,
    };
    html! { <PlayView key={props.id.clone()} {start} online={Some(link)} /> }
}

/// What the play screen of an online game starts from: the line, and the server's first
/// welcome.
#[derive(Clone, PartialEq)]
pub struct OnlineStart {
    /// The game's line (its events held until the play screen listens).
    pub conn: Connection,
    /// The first welcome.
    pub welcome: Rc<Snapshot>,
}

/// The play screen's reducer takes the line's events from its first render on.
#[hook]
pub fn use_line(state: &UseReducerHandle<Play>, online: Option<&OnlineStart>) {
    let conn = online.map(|o| o.conn.clone());
    let dispatcher = state.dispatcher();
    use_effect_with(conn, move |conn| {
        if let Some(c) = conn {
            c.listen(Callback::from(move |e| dispatcher.dispatch(Action::Net(e))));
        }
        let conn = conn.clone();
        move || {
            if let Some(c) = conn {
                c.hold();
            }
        }
    });
}

/// A game that cannot be opened from here, and why.
pub fn failed_view(lang: Lang, why: &crate::problem::Problem) -> Html {
    html! {
        <section class="load-error" data-online="" data-error="online">
            <p>{ lang.pick("この対局を開けません：", "This online game cannot be opened: ") }{ why.text(lang) }</p>
            <p><a href="#/">{ lang.pick("最初の画面へ", "Back to the game list") }</a></p>
        </section>
    }
}

/// The invitations of a game this browser created, while it waits for its players.
pub fn invitations_view(lang: Lang, game: koma_rules::GameId, o: &Online) -> Option<Html> {
    if o.status != GameStatus::Waiting {
        return None;
    }
    let created = stored(&invites_key(&o.id)).and_then(|t| from_json::<koma_wire::Created>(&t))?;
    Some(invitations(lang, game, &created, o.seat.map(|p| p.0)))
}

/// Each seat's name and connection, for the play screen of an online game: one
/// `<data data-connection="<seat>" value="online|offline">` a seat; this browser's line
/// (`data-line`: `open`, `connecting`, `reconnecting`) and its moves the server has not
/// acknowledged yet (`data-pending`).
pub fn seats_view(
    lang: Lang,
    game: koma_rules::GameId,
    o: &Online,
    pending: usize,
    moved: bool,
    dispatch: &Callback<Action>,
) -> Html {
    let seats = o.seats.iter().enumerate().map(|(i, s)| {
        let mark = koma_rules::names::seat_marked(game, Player(i as u8), lang);
        let you = (o.seat == Some(Player(i as u8))).then(|| lang.pick("（あなた）", " (you)"));
        let state = match (s.taken, s.connection) {
            (false, _) => lang.pick("空席", "free"),
            (true, SeatLine::Online) => lang.pick("接続中", "online"),
            (true, SeatLine::Offline) => lang.pick("切断", "disconnected"),
        };
        html! {
            <li>
                <data data-connection={i.to_string()} value={s.connection.id()}>
                    { format!("{mark} {}", s.name) }{ for you }{ " — " }{ state }</data>
            </li>
        }
    });
    let line = match o.line {
        Line::Open => None,
        Line::Connecting => Some(lang.pick("接続しています…", "connecting…")),
        Line::Reconnecting => Some(lang.pick("再接続しています…", "reconnecting…")),
    };
    let waiting = (o.status == GameStatus::Waiting)
        .then(|| lang.pick("相手を待っています", "Waiting for the other players"));
    let pending_text = (pending > 0).then(|| match (o.line, lang) {
        (Line::Open, Lang::Ja) => "指し手を送信中…".to_string(),
        (Line::Open, Lang::En) => "sending your move…".to_string(),
        (_, Lang::Ja) => "指し手は再接続後に送信されます".to_string(),
        (_, Lang::En) => "your move will be sent once the line is back".to_string(),
    });
    // the seat's name: kept for later games, and told to the server on the open line
    let rename = o.seat.map(|_| {
        let dispatch = dispatch.clone();
        let onchange = Callback::from(move |e: Event| {
            if let Some(i) = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
            {
                let name = i.value().trim().to_string();
                store(NAME_KEY, &name);
                dispatch.emit(Action::Rename(name));
            }
        });
        html! {
            <label class="rename">{ lang.pick("名前 ", "Your name ") }
                <input name="online-name" maxlength="32" value={kept_name()} {onchange} /></label>
        }
    });
    // before its own first move a player may call the game off (no result)
    let abort = (matches!(o.status, GameStatus::Waiting | GameStatus::Playing)
        && o.seat.is_some()
        && !moved)
        .then(|| {
            let dispatch = dispatch.clone();
            let onclick = Callback::from(move |_: MouseEvent| {
                dispatch.emit(Action::Ask(ClientMsg::Abort))
            });
            html! {
                <button class="abort" data-action="abort" {onclick}>{ lang.pick("対局を中止", "Abort the game") }</button>
            }
        });
    let aborted = (o.status == GameStatus::Aborted).then(|| {
        html! {
            <p class="aborted" data-aborted="" role="status">{ lang.pick(
                "対局は中止されました（結果もレーティングの変動もありません）",
                "The game was called off: no result, no rating changed") }</p>
        }
    });
    // a finished game's players: a rematch (asked for, or accepted once the other asked)
    let rematch = (o.status == GameStatus::Finished && o.seat.is_some()).then(|| {
        let (id, dispatch) = (o.id.clone(), dispatch.clone());
        let onclick = Callback::from(move |_: MouseEvent| {
            let (id, dispatch) = (id.clone(), dispatch.clone());
            wasm_bindgen_futures::spawn_local(async move { ask_rematch(lang, &id, &dispatch).await });
        });
        html! {
            <p class="rematch">
                if o.rematch.is_some() {
                    <span data-rematch-offered="">{ lang.pick("再戦の申し込みがあります ", "A rematch is offered ") }</span>
                }
                <button data-action="rematch" {onclick}>{
                    if o.rematch.is_some() { lang.pick("再戦を受ける", "Accept the rematch") }
                    else { lang.pick("再戦", "Rematch") }
                }</button>
            </p>
        }
    });
    // every other seat gone while this one plays on: a count down, then a claim
    let alone = o.status == GameStatus::Playing
        && o.line == Line::Open
        && o.seat.is_some_and(|me| {
            o.seats
                .iter()
                .enumerate()
                .all(|(i, s)| i == usize::from(me.0) || s.connection == SeatLine::Offline)
        });
    let left = o.leave_ms.map(|leave_ms| {
        html! { <LeftView {leave_ms} {alone} dispatch={dispatch.clone()} /> }
    });
    html! {
        <div class="online-seats" data-line={o.line.id()}
            data-pending={(pending > 0).then(|| pending.to_string())}>
            <ul>{ for seats }</ul>
            { for left }
            { for rename }
            { for abort }
            { for aborted }
            { for rematch }
            if let Some(l) = line { <p class="line" role="status">{ l }</p> }
            if let Some(p) = pending_text { <p class="pending" role="status">{ p }</p> }
            if let Some(w) = waiting { <p class="waiting" data-waiting="">{ w }</p> }
            if o.seat.is_none() { <p class="watching" data-watching="">{ lang.pick("観戦中", "Watching") }</p> }
        </div>
    }
}

/// Properties of [`LeftView`].
#[derive(Properties, PartialEq)]
pub struct LeftProps {
    /// How long the others must have been gone.
    pub leave_ms: u32,
    /// Every other seat is offline now, and this one plays on.
    pub alone: bool,
    /// The play screen's actions.
    pub dispatch: Callback<Action>,
}

/// The others left: `[data-left]` counts down (`data-countdown`, whole seconds) from the
/// moment this screen saw them go, then offers `[data-action="claim-win"]` and
/// `[data-action="claim-draw"]`. The server counts from when it saw them go, never later than
/// this screen, so a claim offered here is one it takes.
#[function_component(LeftView)]
pub fn left_view(props: &LeftProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let since = use_state(|| None::<f64>);
    let tick = use_state(|| 0u32);
    {
        let since = since.clone();
        use_effect_with(props.alone, move |alone| {
            since.set(alone.then(js_sys::Date::now));
        });
    }
    {
        let tick = tick.clone();
        use_effect_with(props.alone, move |alone| {
            let every = alone.then(|| {
                gloo::timers::callback::Interval::new(250, move || tick.set(tick.wrapping_add(1)))
            });
            move || drop(every)
        });
    }
    let (Some(t0), true) = (*since, props.alone) else {
        return html! {};
    };
    let left_ms = t0 + f64::from(props.leave_ms) - js_sys::Date::now();
    let seconds = (left_ms / 1000.0).ceil().max(0.0) as u32;
    let claim = |draw: bool| {
        let dispatch = props.dispatch.clone();
        Callback::from(move |_: MouseEvent| dispatch.emit(Action::Ask(ClientMsg::Claim { draw })))
    };
    html! {
        <div class="left" data-left="" data-countdown={seconds.to_string()} role="status">
            if seconds > 0 {
                <p>{ match lang {
                    Lang::Ja => format!("相手が対局を離れました。あと{seconds}秒で勝ちを主張できます。"),
                    Lang::En => format!("The other side left the game. You may claim it in {seconds} s."),
                } }</p>
            } else {
                <p>{ lang.pick("相手が戻りません。", "The other side has not come back.") }</p>
                <button data-action="claim-win" onclick={claim(false)}>{ lang.pick("勝ちを主張", "Claim the win") }</button>
                { " " }
                <button data-action="claim-draw" onclick={claim(true)}>{ lang.pick("引き分けにする", "Call it a draw") }</button>
            }
        </div>
    }
}

/// Ask the server for the rematch of game `id` (this seat proves itself with its kept token,
/// or, an account's seat, with the session), then go to this player's seat in it; a refusal is
/// shown as a note.
async fn ask_rematch(lang: Lang, id: &str, dispatch: &Callback<Action>) {
    let body = crate::online::to_json(&koma_wire::RematchAsk {
        token: stored(&token_key(id)),
    })
    .unwrap_or_default();
    match crate::online::api::<koma_wire::Rematched>(&format!("api/games/{id}/rematch"), Some(body))
        .await
    {
        Ok(r) => {
            let to = match &r.link {
                Some(link) => link.trim_start_matches('#').to_string(),
                None => format!("/online/{}", r.game),
            };
            if let Some(w) = web_sys::window() {
                let _ = w.location().set_hash(&to);
            }
        }
        Err(e) => dispatch.emit(Action::Notice(e.text(lang))),
    }
}

/// The standing offer: the others' answer buttons, or the asker's wait; and the server's last
/// refusal.
pub fn offer_view(
    lang: Lang,
    game: koma_rules::GameId,
    o: &Online,
    dispatch: &Callback<Action>,
) -> Html {
    let offer = o.offer.as_ref().map(|offer| {
        let who = koma_rules::names::seat_marked(game, Player(offer.by), lang);
        let what = match (offer.what, lang) {
            (koma_wire::OfferKind::Takeback, Lang::Ja) => "待った",
            (koma_wire::OfferKind::Takeback, Lang::En) => "a takeback",
            (koma_wire::OfferKind::Impasse, Lang::Ja) => "持将棋",
            (koma_wire::OfferKind::Impasse, Lang::En) => "an impasse",
        };
        let answered = o.seat.is_none_or(|s| offer.accepted.contains(&s.0));
        let answer = |accept: bool| {
            let dispatch = dispatch.clone();
            Callback::from(move |_: MouseEvent| {
                dispatch.emit(Action::Ask(ClientMsg::Answer { accept }))
            })
        };
        html! {
            <p class="offer" data-offer={format!("{:?}", offer.what).to_lowercase()} role="status">
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
    let refused = o.refused.as_ref().map(|r| {
        html! { <p class="online-error" data-online-error="" role="alert">{ r }</p> }
    });
    html! { <>{ for offer }{ for refused }</> }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)] // test code: a failure is a test failure

    use super::*;
    use koma_rules::{GameId, RuleOptions, notation};

    fn game_of(moves: &[&str]) -> Game {
        let mut g = Game::new(GameId::Shogi, RuleOptions::default());
        for m in moves {
            g.play(mv(m)).unwrap();
        }
        g
    }

    fn mv(text: &str) -> Move {
        notation::read_move(koma_rules::Variant::get(GameId::Shogi), text).unwrap()
    }

    fn texts(g: &Game) -> Vec<String> {
        let v = g.position().variant();
        g.moves()
            .iter()
            .map(|&m| notation::write_move(v, m))
            .collect()
    }

    #[test]
    fn a_welcome_without_the_pending_move_keeps_it_to_send_again() {
        // sente played 7g7f here while the line was down; the server still has no move
        let mut g = game_of(&["7g7f"]);
        assert_eq!(
            welcome_game(&mut g, 0, 0, &[]),
            Welcomed::Agrees { pending: 1 }
        );
        assert_eq!(texts(&g), ["7g7f"]);
        // the server had it after all (its answer was lost with the line)
        assert_eq!(
            welcome_game(&mut g, 0, 0, &[mv("7g7f")]),
            Welcomed::Agrees { pending: 0 }
        );
    }

    #[test]
    fn a_welcome_that_went_another_way_takes_the_pending_moves_back() {
        let mut g = game_of(&["7g7f", "3c3d", "2g2f"]);
        // the server has two plies, the second another move than here
        assert_eq!(
            welcome_game(&mut g, 1, 1, &[mv("8c8d")]),
            Welcomed::Replaced { dropped: 2 }
        );
        assert_eq!(texts(&g), ["7g7f", "8c8d"]);
        // a welcome from a ply this screen is not sure of asks for the whole game
        assert_eq!(welcome_game(&mut g, 0, 1, &[]), Welcomed::Broken);
        // a takeback on the server: fewer plies than acknowledged here
        let mut g = game_of(&["7g7f", "3c3d"]);
        assert_eq!(
            welcome_game(&mut g, 2, 0, &[mv("7g7f")]),
            Welcomed::Replaced { dropped: 1 }
        );
    }

    #[test]
    fn a_moved_acknowledges_plays_or_replaces() {
        let mut g = game_of(&["7g7f"]);
        assert_eq!(
            follow_move(&mut g, 0, 1, mv("7g7f")),
            Followed::Acknowledged
        );
        assert_eq!(follow_move(&mut g, 1, 1, mv("7g7f")), Followed::Known);
        assert_eq!(follow_move(&mut g, 1, 2, mv("3c3d")), Followed::Played);
        assert_eq!(texts(&g), ["7g7f", "3c3d"]);
        // this seat's pending 2g2f lost the race to another move stored for ply 3 (a second
        // device of the same seat)
        g.play(mv("2g2f")).unwrap();
        assert_eq!(
            follow_move(&mut g, 2, 3, mv("2h3h")),
            Followed::Replaced { dropped: 1 }
        );
        assert_eq!(texts(&g), ["7g7f", "3c3d", "2h3h"]);
        // a gap: messages were missed
        assert_eq!(follow_move(&mut g, 3, 5, mv("8c8d")), Followed::Broken);
        // a move the rules refuse here
        assert_eq!(follow_move(&mut g, 3, 4, mv("5a5c")), Followed::Broken);
        assert_eq!(texts(&g), ["7g7f", "3c3d", "2h3h"]);
    }
}
