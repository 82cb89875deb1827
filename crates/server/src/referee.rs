//! One online game as the server holds it: the rules' game (the referee), the seats, the clocks
//! and the standing offer. Every client message becomes either a refusal (nothing changed) or
//! an [`Effect`]: what to store ([`Change`]) and what to tell everybody. The referee does no I/O;
//! [`crate::hub`] stores the change before it sends a word, and reloads the referee from the
//! database should storing fail, so memory never runs ahead of the truth.
//!
//! Decisions (where the rules leave them open):
//! - Moves are refused, never played as fouls: online games are casual in the rules' sense,
//!   and a refused move gets the rule's id and name.
//! - The clock of the seat to move runs from the start of its turn (the last move, the start of
//!   the game, or a takeback). A move arriving after the mover's time ran out is not played:
//!   the game is lost on time. The server also decides a flag by itself when the time runs out
//!   ([`Referee::deadline`]), and a game loaded after a restart is judged at once.
//! - A takeback goes back to before the asking seat's last move (one ply, or more when others
//!   moved since), and needs every other seat's yes; so does an agreed impasse. An offer lapses
//!   when a move is played.
//! - Resigning is open to any seat at any time in play; declaring (入玉宣言) only to the seat
//!   to move.

use std::collections::BTreeMap;

use koma_rules::clock::{Clock, TimeControl};
use koma_rules::notation::{read_move, write_move};
use koma_rules::{Game, Outcome, Player};
use koma_wire::{
    ClientMsg, ClockView, ErrorCode, GameStart, GameStatus, MAX_NAME_CHARS, NewGame, OfferKind,
    OfferView, OutcomeView, SeatView, ServerMsg, Snapshot,
};

use crate::db::{DbError, MoveRow, SeatRow, Stored};

/// A seat.
#[derive(Clone, Debug)]
pub struct Seat {
    /// SHA-256 of its token, hex.
    pub token_hash: String,
    /// The name its holder gave.
    pub name: String,
    /// Somebody took it.
    pub taken: bool,
    /// The account that holds it, if any (its name is the account's, not changed by a hello or
    /// a rename).
    pub account: Option<String>,
    /// Live connections holding it.
    pub connections: u32,
    /// The holding account's rating for the game id and speed, as the game was loaded.
    pub rating: Option<koma_wire::RatingView>,
}

/// A standing offer.
#[derive(Clone, Debug)]
struct Offer {
    what: OfferKind,
    by: u8,
    accepted: Vec<bool>,
}

/// What to store before anyone is told.
#[derive(Clone, Debug, PartialEq)]
pub enum Change {
    /// Nothing (an offer, an answer that did not settle it).
    Nothing,
    /// A seat was taken (and the game started, when it was the last).
    Take {
        /// The seat.
        seat: u8,
        /// Its name.
        name: String,
        /// The start time, when the game started.
        started: Option<i64>,
    },
    /// A taken seat gave a new name.
    Rename {
        /// The seat.
        seat: u8,
        /// Its name.
        name: String,
    },
    /// A move, and the end it caused.
    Move {
        /// The move's row.
        row: MoveRow,
        /// The game's end, if the move ended it.
        ended: Option<OutcomeView>,
    },
    /// The game ended without a move.
    End {
        /// How.
        outcome: OutcomeView,
    },
    /// A player called the game off before its first move.
    Abort {
        /// The seat.
        by: u8,
        /// When.
        at: i64,
    },
    /// Moves after `keep` were taken back; the next turn began at `at`.
    TakeBack {
        /// Plies kept.
        keep: u32,
        /// When the turn began again.
        at: i64,
    },
}

/// A change and the messages that announce it to everybody in the game.
#[derive(Clone, Debug, PartialEq)]
pub struct Effect {
    /// What to store.
    pub change: Change,
    /// What to tell, once stored.
    pub tell: Vec<ServerMsg>,
}

impl Effect {
    fn new(change: Change, tell: Vec<ServerMsg>) -> Effect {
        Effect { change, tell }
    }
}

/// A refused message: nothing changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// Why, as a code.
    pub code: ErrorCode,
    /// The rule, for an illegal move.
    pub rule: Option<&'static str>,
    /// Why, in words.
    pub message: String,
}

impl Refusal {
    fn new(code: ErrorCode, message: impl Into<String>) -> Refusal {
        Refusal {
            code,
            rule: None,
            message: message.into(),
        }
    }

    /// The error message to send back.
    pub fn to_msg(&self) -> ServerMsg {
        ServerMsg::Error {
            code: self.code,
            rule: self.rule.map(str::to_string),
            message: self.message.clone(),
        }
    }
}

/// The longest start position a game may be created from.
const MAX_POSITION_BYTES: usize = 1024;

/// Check how a game is to start, and build it (never strict: a foul is refused, not lost).
///
/// # Errors
/// `"<field>: <what is wrong>"`, the field named as the API's body names it.
pub fn check_start(start: &GameStart) -> Result<Game, String> {
    if let Some(p) = &start.position
        && p.len() > MAX_POSITION_BYTES
    {
        return Err(format!(
            "position: {} bytes, at most {MAX_POSITION_BYTES}",
            p.len()
        ));
    }
    start
        .build(false)
        .map_err(|e| format!("{}: {e}", e.field()))
}

/// A name as a seat gives it: trimmed, without control characters, at most
/// [`MAX_NAME_CHARS`] characters. The app shows it as text, never as markup.
pub fn clean_name(name: &str) -> String {
    name.chars()
        .filter(|c| !c.is_control())
        .collect::<String>()
        .trim()
        .chars()
        .take(MAX_NAME_CHARS)
        .collect::<String>()
        .trim_end()
        .to_string()
}

/// One game in memory.
#[derive(Clone, Debug)]
pub struct Referee {
    id: String,
    spec: NewGame,
    game: Game,
    moves: Vec<String>,
    control: Option<TimeControl>,
    /// `clocks[i]`: the clocks after `i` plies (empty without a time control).
    clocks: Vec<Clock>,
    turn_ms: i64,
    status: GameStatus,
    seats: Vec<Seat>,
    /// Which seats are held on the other servers of the database, by server (as the relay
    /// heard it): a seat is online when it is held here or on any of them.
    elsewhere: BTreeMap<String, Vec<bool>>,
    offer: Option<Offer>,
    outcome: Option<OutcomeView>,
    rematch: Option<String>,
    /// `offline_since[i]`: since when (ms) seat `i` has been offline, as this server saw it
    /// (none while it is online, or before this server saw it come or go).
    offline_since: Vec<Option<i64>>,
    /// How long every other seat must have been offline before a seat may claim the game.
    leave_ms: i64,
}

/// How long a player who left may stay away before the others may claim the game, unless the
/// server is told otherwise (`--leave-seconds`): as long as a dropped phone takes to come
/// back, and short enough that nobody waits long for one that will not.
pub const LEAVE_MS: i64 = 30_000;

fn outcome_view(o: Outcome, by: Option<u8>) -> OutcomeView {
    OutcomeView {
        winner: o.winner.map(|p| p.0),
        reason: o.reason,
        by,
    }
}

impl Referee {
    /// A new game waiting for its players.
    ///
    /// # Errors
    /// The start is wrong (see [`check_start`]), or the seats do not fit the game.
    pub fn new(id: String, spec: NewGame, seats: Vec<SeatRow>) -> Result<Referee, String> {
        let game = check_start(&spec.start)?;
        let players = usize::from(game.position().variant().players());
        if seats.len() != players {
            return Err(format!("{} seats for a game of {players}", seats.len()));
        }
        let control = spec.start.clock;
        let clocks = control
            .map(|tc| vec![Clock::new(tc, players)])
            .unwrap_or_default();
        Ok(Referee {
            id,
            spec,
            game,
            moves: Vec::new(),
            control,
            clocks,
            turn_ms: 0,
            status: GameStatus::Waiting,
            seats: seats
                .into_iter()
                .map(|s| Seat {
                    token_hash: s.token_hash,
                    name: s.name,
                    taken: s.taken,
                    account: s.account_id,
                    connections: 0,
                    rating: None,
                })
                .collect(),
            elsewhere: BTreeMap::new(),
            offer: None,
            outcome: None,
            rematch: None,
            offline_since: vec![None; players],
            leave_ms: LEAVE_MS,
        })
    }

    /// A stored game, its moves replayed through the rules.
    ///
    /// # Errors
    /// What the database holds does not make a game (a move the rules refuse, clocks that do
    /// not fit).
    pub fn from_stored(stored: Stored) -> Result<Referee, DbError> {
        let id = stored.game.id.clone();
        let bad = |what: String| DbError::Corrupt {
            id: id.clone(),
            what,
        };
        let mut t =
            Referee::new(id.clone(), stored.game.spec.clone(), stored.seats).map_err(bad)?;
        t.status = stored.game.status;
        t.turn_ms = stored
            .game
            .turn_ms
            .or(stored.game.started_ms)
            .unwrap_or(stored.game.created_ms);
        let players = t.seats.len();
        for m in stored.moves {
            if m.ply as usize != t.moves.len() + 1 {
                return Err(bad(format!("ply {} after {}", m.ply, t.moves.len())));
            }
            let v = t.game.position().variant();
            let mv = read_move(v, &m.mv).map_err(|e| bad(format!("ply {}: {e}", m.ply)))?;
            let mover = t.game.position().turn().0;
            if mover != m.seat {
                return Err(bad(format!(
                    "ply {} stored as seat {}'s, but seat {mover} was to move",
                    m.ply, m.seat
                )));
            }
            t.game
                .play(mv)
                .map_err(|e| bad(format!("ply {}: {e}", m.ply)))?;
            t.moves.push(m.mv);
            if let Some(tc) = t.control {
                let (main, periods) = m.clock.unwrap_or_default();
                let c = Clock::resume(tc, players, main, periods)
                    .map_err(|e| bad(format!("clock of ply {}: {e}", m.ply)))?;
                t.clocks.push(c);
            }
        }
        t.outcome = stored.game.outcome;
        t.rematch = stored.game.rematch;
        Ok(t)
    }

    /// Rated: its end changes the players' ratings (and it has no takebacks).
    pub fn rated(&self) -> bool {
        self.spec.rated
    }

    /// The rating shown for `seat` (its account's, for the game id and speed).
    pub fn set_rating(&mut self, seat: usize, rating: Option<koma_wire::RatingView>) {
        if let Some(s) = self.seats.get_mut(seat) {
            s.rating = rating;
        }
    }

    /// The accounts holding seats, by seat.
    pub fn accounts(&self) -> Vec<Option<String>> {
        self.seats.iter().map(|s| s.account.clone()).collect()
    }

    /// An account now holds `seat` (taken from the lobby), under its name.
    pub fn set_account(&mut self, seat: u8, account_id: &str, name: &str) {
        if let Some(s) = self.seats.get_mut(usize::from(seat)) {
            s.account = Some(account_id.to_string());
            s.name = name.to_string();
        }
    }

    /// A deleted account's seats keep no name and no account: the seats' message, if any
    /// seat was its.
    pub fn forget_account(&mut self, account_id: &str) -> Option<ServerMsg> {
        let mut changed = false;
        for s in &mut self.seats {
            if s.account.as_deref() == Some(account_id) {
                s.account = None;
                s.name.clear();
                changed = true;
            }
        }
        changed.then(|| self.seats_msg())
    }

    /// How the game ended, once over (a resignation or a flag is the server's, not the
    /// moves').
    pub fn outcome(&self) -> Option<&OutcomeView> {
        self.outcome.as_ref()
    }

    /// The game as the rules keep it.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The spec the game was made with.
    pub fn spec(&self) -> &NewGame {
        &self.spec
    }

    /// The rematch made once it ended, if any.
    pub fn rematch(&self) -> Option<&str> {
        self.rematch.as_deref()
    }

    /// The rematch is `id`.
    pub fn set_rematch(&mut self, id: String) {
        self.rematch = Some(id);
    }

    /// The game's id.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// Where the game stands.
    pub fn status(&self) -> GameStatus {
        self.status
    }

    /// The seats.
    pub fn seats(&self) -> &[Seat] {
        &self.seats
    }

    /// The plies played.
    pub fn plies(&self) -> u32 {
        self.moves.len() as u32
    }

    /// The moves played, in the game's notation.
    pub fn moves_view(&self) -> &[String] {
        &self.moves
    }

    /// A free seat gets a new token's hash (a lobby visitor takes it).
    pub fn set_token(&mut self, seat: u8, hash: String) {
        if let Some(s) = self.seats.get_mut(usize::from(seat)) {
            s.token_hash = hash;
        }
    }

    /// The seat whose token hashes to `hash`.
    pub fn seat_of(&self, hash: &str) -> Option<u8> {
        self.seats
            .iter()
            .position(|s| s.token_hash == hash)
            .map(|i| i as u8)
    }

    /// Which seats a connection to this server holds.
    pub fn here(&self) -> Vec<bool> {
        self.seats.iter().map(|s| s.connections > 0).collect()
    }

    /// Whether `seat` is held here or on another server.
    fn online(&self, seat: usize) -> bool {
        self.seats.get(seat).is_some_and(|s| s.connections > 0)
            || self
                .elsewhere
                .values()
                .any(|held| held.get(seat).copied().unwrap_or(false))
    }

    /// Server `server` holds the seats `held` (none: forget that server, which stopped or went
    /// silent): the seats' message when a seat came online or went offline.
    pub fn held_elsewhere(
        &mut self,
        server: &str,
        held: Option<Vec<bool>>,
        now: i64,
    ) -> Option<ServerMsg> {
        let before: Vec<bool> = (0..self.seats.len()).map(|i| self.online(i)).collect();
        match held {
            Some(h) if h.iter().any(|&b| b) => {
                self.elsewhere.insert(server.to_string(), h);
            }
            _ => {
                self.elsewhere.remove(server);
            }
        }
        let after: Vec<bool> = (0..self.seats.len()).map(|i| self.online(i)).collect();
        self.note_presence(now);
        (before != after).then(|| self.seats_msg())
    }

    /// Forget what every other server held: the seats' message when a seat went offline.
    pub fn forget_elsewhere(&mut self, now: i64) -> Option<ServerMsg> {
        let servers: Vec<String> = self.elsewhere.keys().cloned().collect();
        let mut told = None;
        for server in servers {
            told = self.held_elsewhere(&server, None, now).or(told);
        }
        told
    }

    /// What this table knows of connections (here and on other servers) goes to `fresh`, the
    /// same game read again from the database.
    pub fn hand_presence_to(&self, fresh: &mut Referee) {
        for (mine, theirs) in self.seats.iter().zip(fresh.seats.iter_mut()) {
            theirs.connections = mine.connections;
        }
        fresh.elsewhere = self.elsewhere.clone();
        fresh.offline_since = self.offline_since.clone();
        fresh.leave_ms = self.leave_ms;
    }

    fn seat_views(&self) -> Vec<SeatView> {
        self.seats
            .iter()
            .enumerate()
            .map(|(i, s)| SeatView {
                name: s.name.clone(),
                taken: s.taken,
                connection: if self.online(i) {
                    koma_wire::Connection::Online
                } else {
                    koma_wire::Connection::Offline
                },
                rating: s.rating.clone(),
            })
            .collect()
    }

    fn seats_msg(&self) -> ServerMsg {
        ServerMsg::Seats {
            seats: self.seat_views(),
        }
    }

    /// The seat to move.
    pub fn turn(&self) -> u8 {
        self.game.position().turn().0
    }

    /// The clocks as of `now`.
    pub fn clock_view(&self, now: i64) -> Option<ClockView> {
        let (tc, clock) = (self.control?, self.clocks.last()?);
        let (main_ms, periods) = clock.state();
        let running = (self.status == GameStatus::Playing).then(|| self.turn());
        Some(ClockView {
            control: tc.to_string(),
            main_ms,
            periods,
            running,
            elapsed_ms: if running.is_some() {
                (now - self.turn_ms).max(0) as u64
            } else {
                0
            },
        })
    }

    fn offer_view(&self) -> Option<OfferView> {
        self.offer.as_ref().map(|o| OfferView {
            what: o.what,
            by: o.by,
            accepted: (0..o.accepted.len() as u8)
                .filter(|&i| o.accepted[usize::from(i)])
                .collect(),
        })
    }

    /// The whole game for a client that has `have` plies (all of it when `have` is more than
    /// the game has).
    pub fn snapshot(&self, seat: Option<u8>, have: u32, now: i64) -> Snapshot {
        let from = if have as usize <= self.moves.len() {
            have
        } else {
            0
        };
        Snapshot {
            id: self.id.clone(),
            spec: self.spec.clone(),
            seat,
            seats: self.seat_views(),
            status: self.status,
            from,
            moves: self.moves[from as usize..].to_vec(),
            clock: self.clock_view(now),
            outcome: self.outcome.clone(),
            offer: self.offer_view(),
            rematch: self.rematch.clone(),
            leave_ms: self
                .claims()
                .then(|| u32::try_from(self.leave_ms).unwrap_or(u32::MAX)),
        }
    }

    /// The time a player who left has before the others may claim the game.
    pub fn set_leave_ms(&mut self, ms: i64) {
        self.leave_ms = ms;
    }

    /// Whether a player may claim this game when the others leave: every game but a
    /// correspondence one (whose players are away between moves as a rule).
    fn claims(&self) -> bool {
        self.control.is_none_or(|c| c.days_per_move().is_none())
    }

    /// Note the time for the seats that came online (none) or went offline (now, unless known
    /// earlier).
    fn note_presence(&mut self, now: i64) {
        for i in 0..self.seats.len() {
            let online = self.online(i);
            if let Some(since) = self.offline_since.get_mut(i) {
                if online {
                    *since = None;
                } else if since.is_none() {
                    *since = Some(now);
                }
            }
        }
    }

    /// `seat` claims the game (a win, or a draw) because every other seat has been offline for
    /// [`LEAVE_MS`] (or the server's own time) as this server saw it.
    ///
    /// # Errors
    /// Not in play, a game without claims, another seat online or not gone long enough.
    pub fn claim(&mut self, seat: u8, draw: bool, now: i64) -> Result<Effect, Refusal> {
        self.in_play()?;
        if let Some(e) = self.flag_if_out(now) {
            return Ok(e);
        }
        if !self.claims() {
            return Err(Refusal::new(
                ErrorCode::Refused,
                "a correspondence game cannot be claimed: its clock decides",
            ));
        }
        self.note_presence(now);
        let mut wait = 0;
        for (i, since) in self.offline_since.iter().enumerate() {
            if i == usize::from(seat) {
                continue;
            }
            match since {
                None => {
                    return Err(Refusal::new(
                        ErrorCode::Refused,
                        "the other players are here: the game goes on",
                    ));
                }
                Some(t) => wait = wait.max(t + self.leave_ms - now),
            }
        }
        if wait > 0 {
            return Err(Refusal::new(
                ErrorCode::Refused,
                format!(
                    "wait {} s more for the others to come back",
                    (wait + 999) / 1000
                ),
            ));
        }
        let outcome = OutcomeView {
            winner: (!draw).then_some(seat),
            reason: koma_rules::EndReason::Abandoned,
            by: Some(seat),
        };
        Ok(self.ended(outcome, now))
    }

    /// A connection now holds `seat`: the seats' message when this server came to hold it (the
    /// other servers are told, see [`Referee::here`]).
    pub fn connect(&mut self, seat: u8, now: i64) -> Option<ServerMsg> {
        let s = self.seats.get_mut(usize::from(seat))?;
        s.connections += 1;
        let first = s.connections == 1;
        self.note_presence(now);
        first.then(|| self.seats_msg())
    }

    /// A connection holding `seat` closed: the seats' message when this server no longer
    /// holds it.
    pub fn disconnect(&mut self, seat: u8, now: i64) -> Option<ServerMsg> {
        let s = self.seats.get_mut(usize::from(seat))?;
        s.connections = s.connections.saturating_sub(1);
        let last = s.connections == 0;
        self.note_presence(now);
        last.then(|| self.seats_msg())
    }

    /// `seat`'s holder says hello with a name: the seat is taken (the game starts once every
    /// seat is), or renamed.
    pub fn hello(&mut self, seat: u8, name: Option<&str>, now: i64) -> Effect {
        let i = usize::from(seat);
        let Some(s) = self.seats.get(i) else {
            return Effect::new(Change::Nothing, Vec::new());
        };
        // an account's seat keeps the account's name
        let name = if s.account.is_some() {
            Some(s.name.clone())
        } else {
            name.map(clean_name)
        };
        if s.taken {
            return match name {
                Some(n) if n != s.name => {
                    self.seats[i].name = n.clone();
                    Effect::new(Change::Rename { seat, name: n }, vec![self.seats_msg()])
                }
                _ => Effect::new(Change::Nothing, Vec::new()),
            };
        }
        let name = name.unwrap_or_default();
        self.seats[i].taken = true;
        self.seats[i].name = name.clone();
        let mut tell = vec![self.seats_msg()];
        let started = if self.status == GameStatus::Waiting && self.seats.iter().all(|s| s.taken) {
            self.status = GameStatus::Playing;
            self.turn_ms = now;
            tell.push(ServerMsg::Started {
                clock: self.clock_view(now),
            });
            Some(now)
        } else {
            None
        };
        Effect::new(
            Change::Take {
                seat,
                name,
                started,
            },
            tell,
        )
    }

    /// `seat`'s holder takes a new name (a seat not taken yet is taken only by a hello).
    pub fn rename(&mut self, seat: u8, name: &str) -> Effect {
        let i = usize::from(seat);
        let name = clean_name(name);
        match self.seats.get_mut(i) {
            Some(s) if s.taken && s.account.is_none() && s.name != name => {
                s.name = name.clone();
                Effect::new(Change::Rename { seat, name }, vec![self.seats_msg()])
            }
            _ => Effect::new(Change::Nothing, Vec::new()),
        }
    }

    fn in_play(&self) -> Result<(), Refusal> {
        match self.status {
            GameStatus::Playing => Ok(()),
            GameStatus::Waiting => Err(Refusal::new(
                ErrorCode::NotStarted,
                "the game waits for its players",
            )),
            GameStatus::Finished | GameStatus::Expired | GameStatus::Aborted => {
                Err(Refusal::new(ErrorCode::GameOver, "the game is over"))
            }
        }
    }

    /// When the seat to move runs out of time, if the game has clocks and is being played.
    pub fn deadline(&self) -> Option<i64> {
        if self.status != GameStatus::Playing || self.game.outcome().is_some() {
            return None;
        }
        let tc = self.control?;
        let clock = self.clocks.last()?;
        let (main, periods) = clock.state();
        let seat = usize::from(self.turn());
        let total = main[seat] + tc.byoyomi_ms * u64::from(periods[seat]);
        Some(self.turn_ms.saturating_add(total as i64))
    }

    /// The game ends on time if the seat to move has run out by `now`.
    pub fn flag_if_out(&mut self, now: i64) -> Option<Effect> {
        let deadline = self.deadline()?;
        if now < deadline {
            return None;
        }
        let seat = self.turn();
        let o = self.game.flag(Player(seat))?;
        Some(self.ended(outcome_view(o, Some(seat)), now))
    }

    fn ended(&mut self, outcome: OutcomeView, now: i64) -> Effect {
        let clock = self.clock_view(now);
        self.status = GameStatus::Finished;
        self.outcome = Some(outcome.clone());
        self.offer = None;
        Effect::new(
            Change::End {
                outcome: outcome.clone(),
            },
            vec![ServerMsg::Ended { outcome, clock }],
        )
    }

    /// A seated connection's message: a move, a resignation, a declaration, an offer or an
    /// answer (hello and ping are the connection's own business and change nothing here).
    ///
    /// # Errors
    /// The refusal; nothing changed then.
    pub fn handle(&mut self, seat: u8, msg: ClientMsg, now: i64) -> Result<Effect, Refusal> {
        match msg {
            ClientMsg::Move { ply, mv } => self.play(seat, ply, &mv, now),
            ClientMsg::Resign => self.resign(seat, now),
            ClientMsg::Abort => self.abort(seat, now),
            ClientMsg::Claim { draw } => self.claim(seat, draw, now),
            ClientMsg::Declare => self.declare(seat, now),
            ClientMsg::Offer { what } => self.offer(seat, what, now),
            ClientMsg::Answer { accept } => self.answer(seat, accept, now),
            ClientMsg::Rename { name } => Ok(self.rename(seat, &name)),
            ClientMsg::Hello { .. } | ClientMsg::Ping | ClientMsg::Sync { .. } => {
                Ok(Effect::new(Change::Nothing, Vec::new()))
            }
        }
    }

    /// `seat` plays `text` as the move after `ply` plies.
    ///
    /// # Errors
    /// The refusal: not in play, not this seat's turn, a stale ply, a text that is no move, a
    /// move the rules refuse (with the rule's id). Nothing changed then.
    pub fn play(&mut self, seat: u8, ply: u32, text: &str, now: i64) -> Result<Effect, Refusal> {
        self.in_play()?;
        if let Some(e) = self.flag_if_out(now) {
            return Ok(e);
        }
        let turn = self.turn();
        if seat != turn {
            return Err(Refusal::new(
                ErrorCode::NotYourTurn,
                format!("it is seat {turn}'s turn"),
            ));
        }
        if ply != self.plies() {
            return Err(Refusal::new(
                ErrorCode::StalePly,
                format!(
                    "the move answers ply {ply}, but the game has {} plies",
                    self.plies()
                ),
            ));
        }
        let v = self.game.position().variant();
        let mv = read_move(v, text)
            .map_err(|e| Refusal::new(ErrorCode::BadMove, format!("{text:?}: {e}")))?;
        let text = write_move(v, mv);
        let ended = match self.game.play(mv) {
            Ok(o) => o,
            Err(e) => {
                return Err(Refusal {
                    code: ErrorCode::IllegalMove,
                    rule: Some(e.rule_id()),
                    message: e.to_string(),
                });
            }
        };
        let spent = (now - self.turn_ms).max(0) as u64;
        if let Some(clock) = self.clocks.last() {
            let mut next = clock.clone();
            // in time: flag_if_out above found time left
            next.end_turn(usize::from(seat), spent);
            self.clocks.push(next);
        }
        self.moves.push(text.clone());
        self.turn_ms = now;
        let ended = ended.map(|o| outcome_view(o, None));
        let mut tell = Vec::new();
        if self.offer.take().is_some() {
            tell.push(ServerMsg::OfferWithdrawn { by: None });
        }
        if let Some(o) = &ended {
            self.status = GameStatus::Finished;
            self.outcome = Some(o.clone());
        }
        tell.push(ServerMsg::Moved {
            ply: self.plies(),
            mv: text.clone(),
            clock: self.clock_view(now),
        });
        if let Some(o) = &ended {
            tell.push(ServerMsg::Ended {
                outcome: o.clone(),
                clock: self.clock_view(now),
            });
        }
        let row = MoveRow {
            ply: self.plies(),
            mv: text,
            seat,
            at_ms: now,
            clock: self.clocks.last().map(Clock::state),
        };
        Ok(Effect::new(Change::Move { row, ended }, tell))
    }

    /// `seat` resigns.
    ///
    /// # Errors
    /// The game is not in play.
    pub fn resign(&mut self, seat: u8, now: i64) -> Result<Effect, Refusal> {
        self.in_play()?;
        if let Some(e) = self.flag_if_out(now) {
            return Ok(e);
        }
        let o = self
            .game
            .resign(Player(seat))
            .ok_or_else(|| Refusal::new(ErrorCode::GameOver, "the game is over"))?;
        Ok(self.ended(outcome_view(o, Some(seat)), now))
    }

    /// `seat`, to move, declares (入玉宣言).
    ///
    /// # Errors
    /// Not in play, not the seat's turn, or the game has no declaration.
    pub fn declare(&mut self, seat: u8, now: i64) -> Result<Effect, Refusal> {
        self.in_play()?;
        if let Some(e) = self.flag_if_out(now) {
            return Ok(e);
        }
        if seat != self.turn() {
            return Err(Refusal::new(
                ErrorCode::NotYourTurn,
                "only the seat to move may declare",
            ));
        }
        if !self.game.has_declaration() {
            return Err(Refusal::new(
                ErrorCode::Refused,
                "this game has no entering-king declaration",
            ));
        }
        let o = self
            .game
            .declare()
            .ok_or_else(|| Refusal::new(ErrorCode::Refused, "no declaration possible"))?;
        Ok(self.ended(outcome_view(o, Some(seat)), now))
    }

    /// `seat` offers the others `what`.
    ///
    /// # Errors
    /// Not in play, another offer stands, nothing of the seat's to take back, or no impasse
    /// possible (both kings must have entered).
    pub fn offer(&mut self, seat: u8, what: OfferKind, now: i64) -> Result<Effect, Refusal> {
        self.in_play()?;
        if let Some(e) = self.flag_if_out(now) {
            return Ok(e);
        }
        if self.offer.is_some() {
            return Err(Refusal::new(ErrorCode::Refused, "another offer stands"));
        }
        match what {
            OfferKind::Takeback if self.spec.rated => {
                return Err(Refusal::new(
                    ErrorCode::Refused,
                    "a rated game has no takebacks",
                ));
            }
            OfferKind::Takeback if !self.game.played().iter().any(|p| p.mover.0 == seat) => {
                return Err(Refusal::new(
                    ErrorCode::Refused,
                    "you have no move to take back",
                ));
            }
            OfferKind::Impasse if !(self.game.has_impasse() && self.game.both_kings_entered()) => {
                return Err(Refusal::new(
                    ErrorCode::Refused,
                    "an impasse needs both kings in their enemy camps",
                ));
            }
            _ => {}
        }
        let mut accepted = vec![false; self.seats.len()];
        accepted[usize::from(seat)] = true;
        self.offer = Some(Offer {
            what,
            by: seat,
            accepted,
        });
        let view = self.offer_view();
        Ok(Effect::new(
            Change::Nothing,
            view.map(ServerMsg::Offered).into_iter().collect(),
        ))
    }

    /// `seat` answers the standing offer; once every seat accepts, it is carried out.
    ///
    /// # Errors
    /// Not in play, or no offer to answer (or the seat's own).
    pub fn answer(&mut self, seat: u8, accept: bool, now: i64) -> Result<Effect, Refusal> {
        self.in_play()?;
        if let Some(e) = self.flag_if_out(now) {
            return Ok(e);
        }
        let Some(offer) = self.offer.as_mut().filter(|o| o.by != seat) else {
            return Err(Refusal::new(ErrorCode::Refused, "no offer to answer"));
        };
        if !accept {
            self.offer = None;
            return Ok(Effect::new(
                Change::Nothing,
                vec![ServerMsg::OfferWithdrawn { by: Some(seat) }],
            ));
        }
        offer.accepted[usize::from(seat)] = true;
        if !offer.accepted.iter().all(|&a| a) {
            let view = self.offer_view();
            return Ok(Effect::new(
                Change::Nothing,
                view.map(ServerMsg::Offered).into_iter().collect(),
            ));
        }
        let (what, by) = (offer.what, offer.by);
        self.offer = None;
        match what {
            OfferKind::Takeback => Ok(self.take_back(by, now)),
            OfferKind::Impasse => match self.game.agree_impasse() {
                Some(o) => Ok(self.ended(outcome_view(o, None), now)),
                None => Err(Refusal::new(ErrorCode::Refused, "no impasse possible")),
            },
        }
    }

    fn take_back(&mut self, by: u8, now: i64) -> Effect {
        let keep = self
            .game
            .played()
            .iter()
            .rposition(|p| p.mover.0 == by)
            .unwrap_or(0);
        while self.moves.len() > keep {
            self.game.undo();
            self.moves.pop();
            if self.clocks.len() > 1 {
                self.clocks.pop();
            }
        }
        self.turn_ms = now;
        let keep = keep as u32;
        Effect::new(
            Change::TakeBack { keep, at: now },
            vec![ServerMsg::TakenBack {
                plies: keep,
                clock: self.clock_view(now),
            }],
        )
    }

    /// `seat` calls the game off: only before its own first move (a game waiting for its
    /// players too), so no result and no rating comes of it.
    ///
    /// # Errors
    /// The game is over, or the seat has moved.
    pub fn abort(&mut self, seat: u8, now: i64) -> Result<Effect, Refusal> {
        if !matches!(self.status, GameStatus::Waiting | GameStatus::Playing) {
            return Err(Refusal::new(ErrorCode::GameOver, "the game is over"));
        }
        if self.game.played().iter().any(|p| p.mover.0 == seat) {
            return Err(Refusal::new(
                ErrorCode::Refused,
                "a game is called off only before your first move: resign instead",
            ));
        }
        self.status = GameStatus::Aborted;
        self.offer = None;
        Ok(Effect::new(
            Change::Abort { by: seat, at: now },
            vec![ServerMsg::Aborted { by: seat }],
        ))
    }

    /// Nobody took the free seats in time.
    pub fn expire(&mut self) -> Option<ServerMsg> {
        (self.status == GameStatus::Waiting).then(|| {
            self.status = GameStatus::Expired;
            ServerMsg::Expired
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use koma_rules::GameId;
    use koma_wire::EndReason;

    fn seats(n: usize) -> Vec<SeatRow> {
        (0..n)
            .map(|i| SeatRow {
                token_hash: format!("h{i}"),
                name: String::new(),
                taken: false,
                account_id: None,
            })
            .collect()
    }

    fn spec(game: &str, clock: Option<&str>) -> NewGame {
        NewGame {
            start: GameStart {
                clock: clock.map(|c| c.parse().unwrap()),
                ..GameStart::new(game.parse().unwrap())
            },
            open: false,
            rated: false,
            seat: None,
            range: None,
            challenge: Vec::new(),
        }
    }

    fn started(game: &str, clock: Option<&str>) -> Referee {
        let n = if game == "sangoku" { 3 } else { 2 };
        let mut t = Referee::new("g".into(), spec(game, clock), seats(n)).unwrap();
        for s in 0..n as u8 {
            t.hello(s, Some("x"), 1000);
        }
        assert_eq!(t.status(), GameStatus::Playing);
        t
    }

    #[test]
    fn starts_name_the_wrong_field() {
        // the body's own fields, read as the API reads them
        let read = |json: &str| {
            let de = &mut serde_json::Deserializer::from_str(json);
            serde_path_to_error::deserialize::<_, NewGame>(de)
                .err()
                .map(|e| e.path().to_string())
        };
        assert_eq!(read(r#"{"game":"chess"}"#).as_deref(), Some("game"));
        assert_eq!(
            read(r#"{"game":"shogi","clock":"soon"}"#).as_deref(),
            Some("clock")
        );
        assert_eq!(read(r#"{"game":"shogi","clock":"600+30"}"#), None);
        // what only the rules can judge
        let bad = |s: &GameStart| check_start(s).err().unwrap_or_default();
        let shogi = GameStart::new(GameId::Shogi);
        let s = GameStart {
            setup: Some("queen".into()),
            ..shogi.clone()
        };
        assert!(bad(&s).starts_with("handicap:"));
        let s = GameStart {
            preset: Some("jcsa".into()),
            ..shogi.clone()
        };
        assert!(bad(&s).starts_with("preset:"));
        let s = GameStart {
            preset: Some("lishogi".into()),
            ..GameStart::new(GameId::Chushogi)
        };
        assert!(check_start(&s).is_ok());
        let mut s = GameStart {
            position: Some("4k4/9/9/9/9/9/9/9/4K4 b G 1".into()),
            ..shogi.clone()
        };
        assert!(check_start(&s).is_ok());
        s.position = Some("not a position".into());
        assert!(bad(&s).starts_with("position:"));
        s.position = Some("4k4/9/9/9/9/9/9/9/4K4 b G 1".into());
        s.setup = Some("lance".into());
        assert!(bad(&s).starts_with("position:"));
        s.setup = None;
        s.position = Some("x".repeat(MAX_POSITION_BYTES + 1));
        assert!(bad(&s).starts_with("position:"));
    }

    #[test]
    fn the_game_starts_when_every_seat_is_taken() {
        let mut t = Referee::new("g".into(), spec("sangoku", None), seats(3)).unwrap();
        assert!(matches!(
            t.hello(0, None, 5).change,
            Change::Take { started: None, .. }
        ));
        assert!(matches!(
            t.hello(1, None, 5).change,
            Change::Take { started: None, .. }
        ));
        assert_eq!(
            t.play(0, 0, "x", 6).err().map(|r| r.code),
            Some(ErrorCode::NotStarted)
        );
        assert!(matches!(
            t.hello(2, Some("  C\u{7}arol  "), 7).change,
            Change::Take { started: Some(7), ref name, .. } if name == "Carol"
        ));
        assert_eq!(t.status(), GameStatus::Playing);
    }

    #[test]
    fn moves_are_refused_by_name_and_change_nothing() {
        let mut t = started("shogi", None);
        let refused = |r: Result<Effect, Refusal>| r.err().map(|r| (r.code, r.rule));
        assert_eq!(
            refused(t.play(1, 0, "3c3d", 2000)),
            Some((ErrorCode::NotYourTurn, None))
        );
        assert_eq!(
            refused(t.play(0, 1, "7g7f", 2000)),
            Some((ErrorCode::StalePly, None))
        );
        assert_eq!(
            refused(t.play(0, 0, "zz", 2000)),
            Some((ErrorCode::BadMove, None))
        );
        assert_eq!(
            refused(t.play(0, 0, "7g6e", 2000)),
            Some((ErrorCode::IllegalMove, Some("cannot-move-there")))
        );
        assert_eq!(t.plies(), 0);
        assert!(t.play(0, 0, "7g7f", 2000).is_ok());
        assert_eq!(t.plies(), 1);
    }

    #[test]
    fn clocks_run_for_the_seat_to_move_and_flag() {
        let mut t = started("shogi", Some("10"));
        assert_eq!(t.deadline(), Some(11_000));
        let e = t.play(0, 0, "7g7f", 4_000).unwrap();
        let Change::Move { row, .. } = e.change else {
            panic!("a move");
        };
        assert_eq!(row.clock, Some((vec![7_000, 10_000], vec![0, 0])));
        assert_eq!(t.deadline(), Some(14_000));
        assert!(t.flag_if_out(13_999).is_none());
        // a move after the time ran out loses on time instead
        let e = t.play(1, 1, "3c3d", 14_000).unwrap();
        assert_eq!(
            e.change,
            Change::End {
                outcome: OutcomeView {
                    winner: Some(0),
                    reason: EndReason::Time,
                    by: Some(1)
                }
            }
        );
        assert_eq!(t.status(), GameStatus::Finished);
    }

    #[test]
    fn a_takeback_needs_every_other_seat() {
        let mut t = started("shogi", None);
        t.play(0, 0, "7g7f", 1).unwrap();
        t.play(1, 1, "3c3d", 2).unwrap();
        assert!(t.offer(1, OfferKind::Takeback, 3).is_ok());
        assert_eq!(
            t.answer(1, true, 3).err().map(|r| r.code),
            Some(ErrorCode::Refused)
        );
        let e = t.answer(0, false, 4).unwrap();
        assert_eq!(e.tell, vec![ServerMsg::OfferWithdrawn { by: Some(0) }]);
        // sente asks back its own move: two plies
        t.offer(0, OfferKind::Takeback, 5).unwrap();
        let e = t.answer(1, true, 6).unwrap();
        assert_eq!(e.change, Change::TakeBack { keep: 0, at: 6 });
        assert_eq!((t.plies(), t.turn()), (0, 0));
    }

    #[test]
    fn a_rated_game_has_no_takebacks_and_keeps_account_names() {
        let mut spec = spec("shogi", Some("600+30"));
        spec.rated = true;
        let mut rows = seats(2);
        rows[0].account_id = Some("a0".into());
        rows[0].name = "Hanako".into();
        let mut t = Referee::new("g".into(), spec, rows).unwrap();
        t.hello(0, Some("Someone else"), 1);
        t.hello(1, Some("Taro"), 2);
        assert_eq!(t.seats()[0].name, "Hanako");
        assert_eq!(t.seats()[1].name, "Taro");
        assert_eq!(t.rename(0, "Other").change, Change::Nothing);
        t.play(0, 0, "7g7f", 3).unwrap();
        let refused = t.offer(0, OfferKind::Takeback, 4).unwrap_err();
        assert!(refused.message.contains("rated"), "{}", refused.message);
    }

    #[test]
    fn names_are_plain_and_short() {
        assert_eq!(clean_name("  <b>Bob</b>\n "), "<b>Bob</b>");
        assert_eq!(clean_name(&"x".repeat(100)).chars().count(), MAX_NAME_CHARS);
    }
}
