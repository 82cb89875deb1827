//! The games being played in this process: one [`Room`] for each game somebody is connected
//! to, loaded from the database on the first connection and dropped after the last one leaves
//! (the database keeps everything; a game nobody watches needs no memory).
//!
//! Every change goes the same way ([`Hub::apply`]): under the room's lock the table works out
//! the change, the database stores it, and only then is anybody told. When storing fails the
//! table is loaded again from the database, which is the truth, and the sender hears that
//! nothing was played.
//!
//! A room with clocks has a task that sleeps until the seat to move runs out of time and then
//! ends the game on time, whether or not anybody sends anything.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use koma_wire::{Created, ErrorCode, GameStatus, NewGame, Rematched, ServerMsg, Snapshot, Taken};
use tokio::sync::{Notify, broadcast, mpsc, watch};

use crate::announce::News;
use crate::db::{AccountRow, Db, DbError, GameRow, MoveRow, SeatRow};
use crate::referee::{Change, Effect, Referee, Refusal, check_start};
use crate::token;

/// Messages a room keeps for a slow connection before it must resync.
const ROOM_BACKLOG: usize = 256;

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// What a room tells its connections.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Told {
    /// A server message, as its JSON text (encoded once for every connection).
    Text(Arc<str>),
    /// The game changed in a way its messages did not tell (on another server, or a change
    /// the database refused): each connection sends its client the game again from ply
    /// `from` on (a `welcome`).
    Resync {
        /// The plies every client still has right.
        from: u32,
    },
}

/// A game somebody is connected to.
#[derive(Debug)]
pub struct Room {
    id: String,
    table: tokio::sync::Mutex<Referee>,
    tx: broadcast::Sender<Told>,
    /// Wakes the clock task after every change.
    changed: Notify,
    /// Set when the room leaves the hub (its clock task ends).
    closed: AtomicBool,
    /// What the relay heard of the game from other servers, in order. See [`Hub::relayed`].
    inbox: mpsc::UnboundedSender<Inbox>,
}

/// What waits in a room's inbox.
#[derive(Debug)]
enum Inbox {
    /// Another server's announcement.
    News { server: String, news: News },
    /// Start again from what the database and the other servers say: the game is read again,
    /// what other servers held is forgotten and they are asked again (the room was just loaded,
    /// or the relay reconnected and may have missed announcements).
    Again,
}

impl Room {
    fn new(table: Referee) -> (Room, mpsc::UnboundedReceiver<Inbox>) {
        let (tx, _) = broadcast::channel(ROOM_BACKLOG);
        let (inbox, rx) = mpsc::unbounded_channel();
        let room = Room {
            id: table.id().to_string(),
            table: tokio::sync::Mutex::new(table),
            tx,
            changed: Notify::new(),
            closed: AtomicBool::new(false),
            inbox,
        };
        (room, rx)
    }

    /// The game's id.
    pub fn id(&self) -> &str {
        &self.id
    }

    fn tell(&self, m: &ServerMsg) {
        // nobody listening is fine
        let _ = self.tx.send(Told::Text(Arc::from(m.encode())));
    }

    fn tell_resync(&self, from: u32) {
        let _ = self.tx.send(Told::Resync { from });
    }
}

/// What a connection holds after its hello.
pub struct Joined {
    /// The seat (none: watching).
    pub seat: Option<u8>,
    /// The game as the connection first sees it.
    pub snapshot: Snapshot,
    /// Everything told after the snapshot.
    pub rx: broadcast::Receiver<Told>,
}

/// Why a game cannot be created or a seat taken.
#[derive(Debug, thiserror::Error)]
pub enum HubError {
    /// The request is wrong: names the field.
    #[error("{0}")]
    Bad(String),
    /// No such game.
    #[error("no game {0}")]
    NotFound(String),
    /// The seat is taken, or the game is not open or has started.
    #[error("{0}")]
    Conflict(String),
    /// Only a signed-in player may (a rated game's seats).
    #[error("{0}")]
    SignIn(String),
    /// The database failed.
    #[error(transparent)]
    Db(#[from] DbError),
    /// No random bits.
    #[error("no random bits from the operating system: {0}")]
    Random(getrandom::Error),
}

/// The games of this process.
#[derive(Debug)]
pub struct Hub {
    db: Db,
    /// Loaded rooms with the number of connections each.
    rooms: Mutex<HashMap<String, (Arc<Room>, usize)>>,
    /// This server's name among the servers of one database (its own changes come back to it
    /// through the relay, and are not loaded again).
    instance: String,
    /// Counts the times the database was found unreachable: every connection closes then, so
    /// that its client shows "reconnecting" and comes back once the database answers.
    outages: watch::Sender<u64>,
    /// Announcements for the other servers, in order (PostgreSQL), sent by the relay's task.
    outbox: mpsc::UnboundedSender<String>,
    /// The other end, until the relay takes it.
    outbox_rx: Mutex<Option<mpsc::UnboundedReceiver<String>>>,
    /// How long the others wait for a player who left before they may claim the game.
    leave_ms: i64,
}

/// The highest end a seek's rating range may name.
const MAX_RATING: u16 = 4000;

fn seat_link(id: &str, token: &str) -> String {
    format!("#/online/{id}?seat={token}")
}

impl Hub {
    /// A hub over `db`, whose players may claim a game once the others have been gone
    /// `leave_ms`.
    pub fn new(db: Db, leave_ms: i64) -> Arc<Hub> {
        let (outbox, rx) = mpsc::unbounded_channel();
        Arc::new(Hub {
            db,
            rooms: Mutex::new(HashMap::new()),
            instance: token::new_id().unwrap_or_else(|_| format!("{:x}", now_ms())),
            outages: watch::Sender::new(0),
            outbox,
            outbox_rx: Mutex::new(Some(rx)),
            leave_ms,
        })
    }

    /// The announcements to send, in order (taken once, by the relay).
    pub fn announcements(&self) -> Option<mpsc::UnboundedReceiver<String>> {
        self.outbox_rx.lock().ok()?.take()
    }

    /// Queue an announcement's text for the other servers (PostgreSQL; SQLite's file belongs
    /// to one server, which has no relay).
    pub fn announce_text(&self, text: String) {
        if self.db.kind() == crate::db::Kind::Postgres {
            let _ = self.outbox.send(text);
        }
    }

    /// Changes each time the database is found unreachable (see [`Hub::database_lost`]).
    pub fn outages(&self) -> watch::Receiver<u64> {
        self.outages.subscribe()
    }

    /// The database cannot be reached: every connection is closed (code [`crate::ops::DATABASE_DOWN`]) and
    /// its client connects again, which succeeds once the database answers. A game cannot go
    /// on meanwhile, since no move could be stored.
    pub fn database_lost(&self) {
        tracing::warn!("the database is unreachable: closing every connection");
        self.outages.send_modify(|n| *n += 1);
    }

    /// The database.
    pub fn db(&self) -> &Db {
        &self.db
    }

    /// This server's name on the relay.
    pub fn instance(&self) -> &str {
        &self.instance
    }

    /// Tell the other servers of the database `news` of game `id` (see [`crate::relay`]): the
    /// announcement is queued, and sent in order with others by the relay's task.
    fn announce(&self, id: &str, news: &News) {
        self.announce_text(crate::announce::payload(&self.instance, id, news));
    }

    /// The room of game `id`, if it is loaded.
    fn room(&self, id: &str) -> Option<Arc<Room>> {
        self.rooms
            .lock()
            .ok()
            .and_then(|r| r.get(id).map(|(r, _)| r.clone()))
    }

    /// The relay heard `news` of game `id` from server `server`. A loaded room takes it in order
    /// from its inbox, on a task of its own (`room_inbox`), so that one room waiting for its
    /// table or the database never holds back what the relay brings the others.
    pub fn relayed(&self, id: &str, server: &str, news: News) {
        if let Some(room) = self.room(id) {
            let _ = room.inbox.send(Inbox::News {
                server: server.to_string(),
                news,
            });
        }
    }

    fn all_rooms(&self) -> Vec<Arc<Room>> {
        self.rooms
            .lock()
            .map(|r| r.values().map(|(room, _)| room.clone()).collect())
            .unwrap_or_default()
    }

    /// Every loaded game starts again from what the database and the other servers say (the
    /// relay (re)connected: announcements may have been missed).
    pub fn relayed_all(&self) {
        for room in self.all_rooms() {
            let _ = room.inbox.send(Inbox::Again);
        }
    }

    /// Server `server` went silent (killed): the seats it held are no longer online through it.
    pub fn forget(&self, server: &str) {
        for room in self.all_rooms() {
            let _ = room.inbox.send(Inbox::News {
                server: server.to_string(),
                news: News::Held(Vec::new()),
            });
        }
    }

    /// Game `room` changed on another server: it reads the game again and, if anything is new,
    /// its connections are sent what they lack.
    async fn refresh(&self, room: &Room) {
        let mut table = room.table.lock().await;
        let now = now_ms();
        let seen = table.snapshot(None, 0, now);
        let before = table.moves_view().to_vec();
        self.reload(&mut table).await;
        if table.snapshot(None, 0, now) == seen {
            // nothing changed (the change was seen already): nobody needs the game again
            return;
        }
        let same = before
            .iter()
            .zip(table.moves_view())
            .take_while(|(a, b)| a == b)
            .count();
        room.tell_resync(same as u32);
        room.changed.notify_one();
    }

    /// Another server stored move `row` of the room's game: a room one ply behind plays it
    /// through its own table, which tells its connections the same messages the other server's
    /// had; a room further behind, or whose table refuses the move, reads the game again.
    async fn follow(&self, room: &Room, row: &MoveRow) {
        {
            let mut table = room.table.lock().await;
            let plies = table.plies();
            if plies >= row.ply {
                // read already (a refresh came first)
                return;
            }
            if plies + 1 == row.ply
                && let Ok(effect) = table.play(row.seat, plies, &row.mv, row.at_ms)
                && matches!(&effect.change, Change::Move { row: r, .. } if r == row)
            {
                for m in &effect.tell {
                    room.tell(m);
                }
                room.changed.notify_one();
                return;
            }
        }
        self.refresh(room).await;
    }

    /// A deleted account leaves the loaded games anonymised, as the database keeps them: its
    /// seats lose its name (the players there are told).
    pub async fn forget_account(&self, account_id: &str) {
        let rooms: Vec<Arc<Room>> = self
            .rooms
            .lock()
            .map(|r| r.values().map(|(room, _)| room.clone()).collect())
            .unwrap_or_default();
        for room in rooms {
            let mut table = room.table.lock().await;
            if let Some(msg) = table.forget_account(account_id) {
                room.tell(&msg);
            }
        }
    }

    /// Games being played among the loaded ones.
    pub async fn games_in_progress(&self) -> usize {
        let rooms: Vec<Arc<Room>> = self
            .rooms
            .lock()
            .map(|r| r.values().map(|(room, _)| room.clone()).collect())
            .unwrap_or_default();
        let mut n = 0;
        for room in rooms {
            if room.table.lock().await.status() == GameStatus::Playing {
                n += 1;
            }
        }
        n
    }

    /// Create a game: every seat gets a fresh token, returned once in its link. A rated game
    /// (made by `creator`, signed in) gives the link of the creator's seat only, bound to the
    /// account: its other seats are taken from the lobby by other accounts.
    ///
    /// # Errors
    /// The spec is wrong (naming the field), a rated game without a signed-in creator, or the
    /// database failed.
    pub async fn create(
        &self,
        spec: NewGame,
        creator: Option<&AccountRow>,
    ) -> Result<Created, HubError> {
        let players = check_start(&spec.start)
            .map_err(HubError::Bad)?
            .position()
            .variant()
            .players();
        let challenged = self.challenged(&spec, creator, players).await?;
        if let Some(range) = spec.range {
            if !spec.rated || !spec.open {
                return Err(HubError::Bad(
                    "range: a rating range is for a rated game in the lobby".into(),
                ));
            }
            if range.min > range.max || range.max > MAX_RATING {
                return Err(HubError::Bad(format!(
                    "range: from min to max, both at most {MAX_RATING}"
                )));
            }
        }
        let creator_seat = if spec.rated || !challenged.is_empty() {
            let Some(creator) = creator else {
                return Err(HubError::SignIn(
                    "rated: a rated game is made by a signed-in player".into(),
                ));
            };
            if spec.rated && !spec.open && challenged.is_empty() {
                return Err(HubError::Bad(
                    "open: a rated game is open in the lobby, or a challenge".into(),
                ));
            }
            if spec.rated && spec.start.clock.is_none() {
                return Err(HubError::Bad("clock: a rated game has a clock".into()));
            }
            if spec.rated && spec.start.position.is_some() {
                return Err(HubError::Bad(
                    "position: a rated game starts from the game's own setup".into(),
                ));
            }
            if spec.rated && spec.start.setup.is_some() {
                return Err(HubError::Bad("handicap: a rated game is even".into()));
            }
            match spec.seat {
                Some(s) if s < players => Some((s, creator)),
                _ => {
                    return Err(HubError::Bad(format!(
                        "seat: the creator's seat of a rated game, 0 to {}",
                        players - 1
                    )));
                }
            }
        } else {
            None
        };
        let id = token::new_id().map_err(HubError::Random)?;
        let mut links = Vec::new();
        let mut seats = Vec::new();
        for i in 0..players {
            let t = token::new_token().map_err(HubError::Random)?;
            // the creator's seat, then the challenged players' in seat order after it
            let holder = creator_seat.and_then(|(s, a)| {
                if s == i {
                    Some(a)
                } else {
                    let after = (i + players - s) % players;
                    challenged.get(usize::from(after) - 1)
                }
            });
            seats.push(SeatRow {
                token_hash: token::hash(&t),
                name: holder.map(|a| a.name.clone()).unwrap_or_default(),
                taken: false,
                account_id: holder.map(|a| a.id.clone()),
            });
            if creator_seat.is_none() || creator_seat.is_some_and(|(s, _)| s == i) {
                links.push(seat_link(&id, &t));
            } else {
                links.push(String::new());
            }
        }
        let row = GameRow {
            id: id.clone(),
            spec,
            status: GameStatus::Waiting,
            created_ms: now_ms(),
            started_ms: None,
            turn_ms: None,
            outcome: None,
            rematch: None,
        };
        self.db.create(&row, &seats).await?;
        Ok(Created {
            watch: format!("#/online/{id}"),
            id,
            seats: links,
        })
    }

    /// A connection to game `id` begins: its room, loaded if need be (`None`: no such game).
    /// Every `enter` is paired with one [`Hub::leave`].
    ///
    /// # Errors
    /// The database failed or holds no game that the rules accept.
    pub async fn enter(self: &Arc<Self>, id: &str) -> Result<Option<Arc<Room>>, DbError> {
        if let Ok(mut rooms) = self.rooms.lock()
            && let Some((room, n)) = rooms.get_mut(id)
        {
            *n += 1;
            return Ok(Some(room.clone()));
        }
        let Some(stored) = self.db.load(id).await? else {
            return Ok(None);
        };
        let mut table = Referee::from_stored(stored)?;
        table.set_leave_ms(self.leave_ms);
        self.rate_seats(&mut table).await?;
        let (fresh, inbox) = Room::new(table);
        let fresh = Arc::new(fresh);
        let (room, inserted) = {
            let Ok(mut rooms) = self.rooms.lock() else {
                return Ok(None);
            };
            let entry = rooms.entry(id.to_string()).or_insert((fresh.clone(), 0));
            entry.1 += 1;
            (entry.0.clone(), Arc::ptr_eq(&entry.0, &fresh))
        };
        if inserted {
            tokio::spawn(watch_clock(self.clone(), room.clone()));
            tokio::spawn(room_inbox(self.clone(), Arc::downgrade(&room), inbox));
            // a change another server announced between the load and the room's insertion found
            // no room here: read the game once more now that announcements reach the room
            // (and the other servers are asked which seats they hold)
            if self.db.kind() == crate::db::Kind::Postgres {
                let _ = room.inbox.send(Inbox::Again);
            }
        }
        Ok(Some(room))
    }

    /// A connection to `room` ended; the last one unloads it.
    pub fn leave(&self, room: &Arc<Room>) {
        let Ok(mut rooms) = self.rooms.lock() else {
            return;
        };
        let gone = match rooms.get_mut(room.id()) {
            Some((r, n)) if Arc::ptr_eq(r, room) => {
                *n = n.saturating_sub(1);
                *n == 0
            }
            _ => false,
        };
        if gone {
            rooms.remove(room.id());
            room.closed.store(true, Ordering::SeqCst);
            room.changed.notify_one();
        }
    }

    /// Store `change`: `true` when the database started the game though the table did not
    /// (its other seat was taken on another server at the same moment).
    async fn store(&self, id: &str, change: &Change) -> Result<bool, DbError> {
        let done = match change {
            Change::Nothing => Ok(()),
            Change::Take {
                seat,
                name,
                started,
            } => {
                let at = started.unwrap_or_else(now_ms);
                let by_db = self.db.take(id, *seat, name, at).await?;
                return Ok(started.is_none() && by_db.is_some());
            }
            Change::Rename { seat, name } => self.db.rename(id, *seat, name).await,
            Change::Move { row, ended } => {
                let ended = ended.as_ref().map(|o| (o, row.at_ms));
                self.db.add_move(id, row, ended).await
            }
            Change::End { outcome } => self.db.finish(id, outcome, now_ms()).await,
            Change::TakeBack { keep, at } => self.db.take_back(id, *keep, *at).await,
            Change::Abort { by, at } => self.db.abort(id, *by, *at).await,
        };
        done.map(|()| false)
    }

    /// Store `effect` for the table, then tell everybody; on a failure to store, reload the
    /// table from the database and refuse.
    async fn commit(
        &self,
        room: &Room,
        table: &mut Referee,
        effect: Effect,
    ) -> Result<(), Refusal> {
        let stored = self.store(&room.id, &effect.change).await;
        if let Err(e) = &stored {
            let stale = e.is_stale();
            if !stale {
                metrics::counter!(crate::ops::DATABASE_ERRORS).increment(1);
                tracing::error!(game = %room.id, error = %e, "cannot store a change");
                if e.is_unreachable() {
                    self.database_lost();
                }
            }
            self.reload(table).await;
            if stale {
                // what the database holds instead, for everybody here
                room.tell_resync(0);
                room.changed.notify_one();
            }
            return Err(if stale {
                Refusal {
                    code: ErrorCode::StalePly,
                    rule: None,
                    message: "the game moved on first (another move for this ply, or its end)"
                        .into(),
                }
            } else {
                Refusal {
                    code: ErrorCode::Internal,
                    rule: None,
                    message: "the server could not store this; nothing was played".into(),
                }
            });
        }
        for m in &effect.tell {
            room.tell(m);
        }
        if matches!(stored, Ok(true)) {
            // the database started the game (the other seat was taken on another server at
            // once): the table reads it, and everybody here gets the game as it now stands
            self.reload(table).await;
            room.tell_resync(0);
        }
        room.changed.notify_one();
        match &effect.change {
            Change::Nothing => {}
            Change::Move { row, .. } => self.announce(&room.id, &News::Moved(row.clone())),
            _ => self.announce(&room.id, &News::Changed),
        }
        Ok(())
    }

    /// The table as the database has it, keeping what it knows of connections.
    async fn reload(&self, table: &mut Referee) {
        match self.db.load(table.id()).await {
            Ok(Some(stored)) => match Referee::from_stored(stored) {
                Ok(mut fresh) => {
                    table.hand_presence_to(&mut fresh);
                    if let Err(e) = self.rate_seats(&mut fresh).await {
                        tracing::warn!(game = %table.id(), error = %e, "cannot read the seats' ratings");
                    }
                    *table = fresh;
                }
                Err(e) => tracing::error!(game = %table.id(), error = %e, "cannot reload"),
            },
            Ok(None) => tracing::error!(game = %table.id(), "the game is gone from the database"),
            Err(e) => {
                metrics::counter!(crate::ops::DATABASE_ERRORS).increment(1);
                tracing::error!(game = %table.id(), error = %e, "cannot reload");
            }
        }
    }

    /// Run `f` on the room's table at the current time; store and tell what it changed.
    ///
    /// # Errors
    /// The table's refusal, or the database's failure (nothing changed either way).
    pub async fn apply<F>(&self, room: &Room, f: F) -> Result<(), Refusal>
    where
        F: Fn(&mut Referee, i64) -> Result<Effect, Refusal>,
    {
        let mut table = room.table.lock().await;
        let effect = match f(&mut table, now_ms()) {
            Ok(e) => e,
            // with other servers on the database, this table may not have heard yet of a change
            // made there (the game started, a move played): read it again and ask once more
            Err(r) if self.db.kind() == crate::db::Kind::Postgres && maybe_behind(&r) => {
                let before = table.moves_view().len();
                self.reload(&mut table).await;
                let e = f(&mut table, now_ms())?;
                if table.moves_view().len() != before {
                    room.tell_resync(before.min(table.moves_view().len()) as u32);
                }
                e
            }
            Err(r) => return Err(r),
        };
        self.commit(room, &mut table, effect).await
    }

    /// The seat to move is flagged if its time has run out (stored, then told); nothing
    /// happens while it has time left.
    async fn flag_if_out(&self, room: &Room) {
        let mut table = room.table.lock().await;
        if let Some(effect) = table.flag_if_out(now_ms()) {
            // a failure to store is logged and the table reloaded by `commit`; the clock task
            // looks at the deadline again either way
            let _ = self.commit(room, &mut table, effect).await;
        }
    }

    /// Game `id` is looked at (loaded if need be): a seat out of time loses it now, whoever is
    /// connected (the sweep's way to end correspondence games nobody watches).
    ///
    /// # Errors
    /// The database failed.
    pub async fn wake(self: &Arc<Self>, id: &str) -> Result<(), DbError> {
        if let Some(room) = self.enter(id).await? {
            self.flag_if_out(&room).await;
            self.leave(&room);
        }
        Ok(())
    }

    /// A connection says hello: with a seat's token it takes or retakes that seat (the game
    /// starts when every seat is taken), without one it watches.
    ///
    /// # Errors
    /// A token that opens no seat of the game, or the database's failure.
    pub async fn hello(
        &self,
        room: &Room,
        token: Option<&str>,
        name: Option<&str>,
        have: u32,
        account: Option<&str>,
    ) -> Result<Joined, Refusal> {
        let mut table = room.table.lock().await;
        let now = now_ms();
        let seat = match token {
            Some(t) => Some(table.seat_of(&token::hash(t)).ok_or(Refusal {
                code: ErrorCode::BadToken,
                rule: None,
                message: "this link opens no seat of the game".into(),
            })?),
            // a signed-in player holds its account's seat from any device, by its session
            None => account.and_then(|a| {
                table
                    .seats()
                    .iter()
                    .position(|s| s.account.as_deref() == Some(a))
                    .map(|i| i as u8)
            }),
        };
        if let Some(s) = seat {
            let effect = table.hello(s, name, now);
            self.commit(room, &mut table, effect).await?;
            if let Some(m) = table.connect(s, now) {
                room.tell(&m);
                self.announce(room.id(), &News::Held(table.here()));
            }
        }
        let rx = room.tx.subscribe();
        Ok(Joined {
            seat,
            snapshot: table.snapshot(seat, have, now),
            rx,
        })
    }

    /// The whole game again, for a connection that fell behind.
    pub async fn snapshot(&self, room: &Room, seat: Option<u8>) -> Snapshot {
        self.snapshot_from(room, seat, 0).await
    }

    /// The game with its moves from ply `from` on (a connection has the ones before).
    pub async fn snapshot_from(&self, room: &Room, seat: Option<u8>, from: u32) -> Snapshot {
        room.table.lock().await.snapshot(seat, from, now_ms())
    }

    /// A seated connection closed.
    pub async fn disconnect(&self, room: &Room, seat: u8) {
        let mut table = room.table.lock().await;
        if let Some(m) = table.disconnect(seat, now_ms()) {
            room.tell(&m);
            self.announce(room.id(), &News::Held(table.here()));
        }
    }

    /// The accounts a new game challenges, in its `challenge` order: none for a game that
    /// challenges nobody.
    ///
    /// # Errors
    /// A challenge by nobody signed in, listed in the lobby, without the creator's seat, naming
    /// too few or too many players, an unknown name, the creator or a name twice; or the
    /// database failed.
    async fn challenged(
        &self,
        spec: &NewGame,
        creator: Option<&AccountRow>,
        players: u8,
    ) -> Result<Vec<AccountRow>, HubError> {
        if spec.challenge.is_empty() {
            return Ok(Vec::new());
        }
        let Some(creator) = creator else {
            return Err(HubError::SignIn(
                "challenge: a challenge is made by a signed-in player".into(),
            ));
        };
        if spec.open {
            return Err(HubError::Bad(
                "open: a challenge is not listed in the lobby".into(),
            ));
        }
        if spec.seat.is_none_or(|s| s >= players) {
            return Err(HubError::Bad(format!(
                "seat: the challenger's seat, 0 to {}",
                players - 1
            )));
        }
        if spec.challenge.len() != usize::from(players) - 1 {
            return Err(HubError::Bad(format!(
                "challenge: name {} player(s), one for each other seat",
                players - 1
            )));
        }
        let mut out: Vec<AccountRow> = Vec::with_capacity(spec.challenge.len());
        for name in &spec.challenge {
            let key = name.to_ascii_lowercase();
            let Some(a) = self.db.account_named(&key).await? else {
                return Err(HubError::Bad(format!(
                    "challenge: no player named {name:?}"
                )));
            };
            if a.id == creator.id {
                return Err(HubError::Bad(
                    "challenge: you cannot challenge yourself".into(),
                ));
            }
            if out.iter().any(|o| o.id == a.id) {
                return Err(HubError::Bad(format!("challenge: {name:?} is named twice")));
            }
            out.push(a);
        }
        Ok(out)
    }

    /// A player declines a challenge, or calls off a game of its own before its first move
    /// (the seat `account` holds; the others are told, as when the game is aborted on the
    /// board).
    ///
    /// # Errors
    /// No such game, the account holds no seat of it, the game is over or the seat has moved,
    /// or the database failed.
    pub async fn decline(self: &Arc<Self>, id: &str, account: &AccountRow) -> Result<(), HubError> {
        let room = self
            .enter(id)
            .await?
            .ok_or_else(|| HubError::NotFound(id.to_string()))?;
        let seat = {
            let table = room.table.lock().await;
            table
                .seats()
                .iter()
                .position(|s| s.account.as_deref() == Some(account.id.as_str()))
        };
        let result = match seat {
            None => Err(HubError::Conflict("you hold no seat of this game".into())),
            Some(seat) => self
                .apply(&room, |t, now| t.abort(seat as u8, now))
                .await
                .map_err(|r| HubError::Conflict(r.message)),
        };
        self.leave(&room);
        result
    }

    /// Each account seat's rating for the game id and speed (a game with a clock), for the
    /// plates.
    ///
    /// # Errors
    /// The database failed.
    async fn rate_seats(&self, table: &mut Referee) -> Result<(), DbError> {
        let Some(clock) = table.spec().start.clock else {
            return Ok(());
        };
        let game = table.spec().start.id.as_str();
        let speed = crate::rating::Speed::of(&clock).id();
        for (i, account) in table.accounts().into_iter().enumerate() {
            if let Some(a) = account {
                let r = self.db.rating(&a, game, speed).await?;
                table.set_rating(i, r.as_ref().map(crate::rating::view));
            }
        }
        Ok(())
    }

    /// A lobby visitor takes a free seat of an open game: the seat gets a new token (the
    /// creator's invitation link for it no longer works) and its link is returned. A rated
    /// game's seat is taken by a signed-in player (`holder`), one seat a game.
    ///
    /// # Errors
    /// No such game, the seat is taken or the game is not open, a rated game's seat without an
    /// account or for one that holds a seat already, or the database failed.
    pub async fn take_seat(
        self: &Arc<Self>,
        id: &str,
        seat: u8,
        holder: Option<&AccountRow>,
    ) -> Result<Taken, HubError> {
        let room = self
            .enter(id)
            .await?
            .ok_or_else(|| HubError::NotFound(id.to_string()))?;
        let result = self.retoken(&room, seat, holder).await;
        self.leave(&room);
        result
    }

    async fn retoken(
        &self,
        room: &Room,
        seat: u8,
        holder: Option<&AccountRow>,
    ) -> Result<Taken, HubError> {
        let mut table = room.table.lock().await;
        let free = table.status() == GameStatus::Waiting
            && table
                .seats()
                .get(usize::from(seat))
                .is_some_and(|s| !s.taken && s.account.is_none());
        if !free {
            return Err(HubError::Conflict(format!(
                "seat {seat} is not free in a waiting game"
            )));
        }
        let holder = if table.rated() {
            let Some(holder) = holder else {
                return Err(HubError::SignIn(
                    "a rated game's seat is taken by a signed-in player".into(),
                ));
            };
            if table
                .seats()
                .iter()
                .any(|s| s.account.as_deref() == Some(holder.id.as_str()))
            {
                return Err(HubError::Conflict(
                    "you hold a seat of this game already".into(),
                ));
            }
            if let (Some(range), Some(clock)) = (table.spec().range, table.spec().start.clock) {
                let speed = crate::rating::Speed::of(&clock);
                let rating = self
                    .db
                    .rating(&holder.id, table.spec().start.id.as_str(), speed.id())
                    .await?
                    .map_or(crate::rating::START.rating, |r| r.rating);
                if !range.admits(rating) {
                    return Err(HubError::Conflict(format!(
                        "range: this seek is for ratings {} to {}; yours here is {}",
                        range.min,
                        range.max,
                        rating.round()
                    )));
                }
            }
            Some(holder)
        } else {
            None
        };
        let t = token::new_token().map_err(HubError::Random)?;
        let hash = token::hash(&t);
        if !self.db.retoken(room.id(), seat, &hash, holder).await? {
            return Err(HubError::Conflict(format!(
                "seat {seat} is not free in an open game"
            )));
        }
        table.set_token(seat, hash);
        if let Some(h) = holder {
            table.set_account(seat, &h.id, &h.name);
            if let Some(clock) = table.spec().start.clock {
                let speed = crate::rating::Speed::of(&clock).id();
                let game = table.spec().start.id.as_str();
                let r = self.db.rating(&h.id, game, speed).await?;
                table.set_rating(usize::from(seat), r.as_ref().map(crate::rating::view));
            }
        }
        self.announce(room.id(), &News::Changed);
        Ok(Taken {
            seat,
            link: seat_link(room.id(), &t),
        })
    }

    /// A player of finished game `id` (its seat held by `account`, or by the link whose token
    /// is `token`) asks for a rematch: the first to ask makes it (the same game and clock,
    /// rated if this one was, not in the lobby; each player's seat the next one: colours
    /// swapped, the hexagon's seats turned), and the players still here are told; every asker
    /// gets its seat in it.
    ///
    /// # Errors
    /// No such game, not over, the asker holds no seat of it, or the database failed.
    pub async fn rematch(
        self: &Arc<Self>,
        id: &str,
        account: Option<&AccountRow>,
        token: Option<&str>,
    ) -> Result<Rematched, HubError> {
        let room = self
            .enter(id)
            .await?
            .ok_or_else(|| HubError::NotFound(id.to_string()))?;
        let result = self.rematch_in(&room, account, token).await;
        self.leave(&room);
        result
    }

    async fn rematch_in(
        self: &Arc<Self>,
        room: &Room,
        account: Option<&AccountRow>,
        token: Option<&str>,
    ) -> Result<Rematched, HubError> {
        let mut table = room.table.lock().await;
        if table.status() != GameStatus::Finished {
            return Err(HubError::Conflict("the game is not over".into()));
        }
        let by_account = account.and_then(|a| {
            table
                .seats()
                .iter()
                .position(|s| s.account.as_deref() == Some(a.id.as_str()))
        });
        let by_token = token
            .filter(|t| token::is_token(t))
            .and_then(|t| table.seat_of(&token::hash(t)))
            .map(usize::from);
        let Some(mine) = by_account.or(by_token) else {
            return Err(HubError::SignIn(
                "you hold no seat of this game (sign in, or ask from its seat)".into(),
            ));
        };
        let n = table.seats().len();
        let seat = ((mine + 1) % n) as u8;
        let new_id = match table.rematch() {
            Some(r) => r.to_string(),
            None => {
                let new_id = token::new_id().map_err(HubError::Random)?;
                let mut seats: Vec<Option<SeatRow>> = vec![None; n];
                for (i, old) in table.seats().iter().enumerate() {
                    let t = token::new_token().map_err(HubError::Random)?;
                    seats[(i + 1) % n] = Some(SeatRow {
                        token_hash: token::hash(&t),
                        name: if old.account.is_some() {
                            old.name.clone()
                        } else {
                            String::new()
                        },
                        taken: false,
                        account_id: old.account.clone(),
                    });
                }
                let spec = NewGame {
                    open: false,
                    seat: None,
                    range: None,
                    challenge: Vec::new(),
                    ..table.spec().clone()
                };
                let row = GameRow {
                    id: new_id,
                    spec,
                    status: GameStatus::Waiting,
                    created_ms: now_ms(),
                    started_ms: None,
                    turn_ms: None,
                    outcome: None,
                    rematch: None,
                };
                let seats: Vec<SeatRow> = seats.into_iter().flatten().collect();
                let made = self.db.rematch(room.id(), &row, &seats).await?;
                table.set_rematch(made.clone());
                // the players here see it at once, those on other servers once they read it
                room.tell_resync(table.plies());
                self.announce(room.id(), &News::Changed);
                made
            }
        };
        drop(table);
        let holder = account
            .filter(|_| by_account.is_some())
            .map(|a| a.id.as_str());
        let link = self.reissue(&new_id, seat, holder).await?;
        Ok(Rematched {
            game: new_id,
            seat,
            link,
        })
    }

    /// A seat not taken yet (held by `account_id`, or with none by a link alone) gets a new
    /// token, in the database and in the loaded game (other servers read it again): its link,
    /// or `None` when the seat is taken (or not the account's).
    ///
    /// # Errors
    /// No such game, or the database failed.
    pub async fn reissue(
        self: &Arc<Self>,
        id: &str,
        seat: u8,
        account_id: Option<&str>,
    ) -> Result<Option<String>, HubError> {
        let room = self
            .enter(id)
            .await?
            .ok_or_else(|| HubError::NotFound(id.to_string()))?;
        let result = async {
            let mut table = room.table.lock().await;
            let t = token::new_token().map_err(HubError::Random)?;
            let hash = token::hash(&t);
            if !self.db.reissue(id, seat, account_id, &hash).await? {
                return Ok(None);
            }
            table.set_token(seat, hash);
            self.announce(id, &News::Changed);
            Ok(Some(seat_link(id, &t)))
        }
        .await;
        self.leave(&room);
        result
    }

    /// Games created more than `age` ago that still wait for players expire; loaded ones tell
    /// their watchers.
    ///
    /// # Errors
    /// The database failed.
    pub async fn expire(&self, age: Duration) -> Result<usize, DbError> {
        let ids = self.db.expire(now_ms() - age.as_millis() as i64).await?;
        for id in &ids {
            self.announce(id, &News::Changed);
            let room = self
                .rooms
                .lock()
                .ok()
                .and_then(|r| r.get(id).map(|(r, _)| r.clone()));
            if let Some(room) = room
                && let Some(m) = room.table.lock().await.expire()
            {
                room.tell(&m);
            }
        }
        Ok(ids.len())
    }
}

/// Whether a refusal may come from a table that has not heard of another server's change yet.
fn maybe_behind(r: &Refusal) -> bool {
    matches!(
        r.code,
        ErrorCode::NotStarted | ErrorCode::NotYourTurn | ErrorCode::StalePly
    )
}

/// Takes what the relay heard of a room's game, in order, until the room is dropped: presence
/// is noted and told, moves are followed one by one, and when a change or a new start is among
/// what waits, one reading of the game does for all.
async fn room_inbox(
    hub: Arc<Hub>,
    room: std::sync::Weak<Room>,
    mut inbox: mpsc::UnboundedReceiver<Inbox>,
) {
    let mut batch = Vec::new();
    while inbox.recv_many(&mut batch, 64).await > 0 {
        let Some(room) = room.upgrade() else { return };
        let read_again = batch.iter().any(|i| {
            matches!(
                i,
                Inbox::Again
                    | Inbox::News {
                        news: News::Changed,
                        ..
                    }
            )
        });
        for item in batch.drain(..) {
            match item {
                Inbox::Again => {
                    let here = {
                        let mut table = room.table.lock().await;
                        if let Some(m) = table.forget_elsewhere(now_ms()) {
                            room.tell(&m);
                        }
                        table.here()
                    };
                    hub.announce(room.id(), &News::Who);
                    if here.iter().any(|&h| h) {
                        hub.announce(room.id(), &News::Held(here));
                    }
                }
                Inbox::News { server, news } => match news {
                    News::Held(held) => {
                        let told =
                            room.table
                                .lock()
                                .await
                                .held_elsewhere(&server, Some(held), now_ms());
                        if let Some(m) = told {
                            room.tell(&m);
                        }
                    }
                    News::Who => {
                        let here = room.table.lock().await.here();
                        if here.iter().any(|&h| h) {
                            hub.announce(room.id(), &News::Held(here));
                        }
                    }
                    News::Moved(row) if !read_again => hub.follow(&room, &row).await,
                    News::Moved(_) | News::Changed => {}
                },
            }
        }
        if read_again {
            hub.refresh(&room).await;
        }
    }
}

/// Ends the room's game on time when the seat to move runs out, until the room is unloaded.
async fn watch_clock(hub: Arc<Hub>, room: Arc<Room>) {
    loop {
        if room.closed.load(Ordering::SeqCst) {
            return;
        }
        let deadline = room.table.lock().await.deadline();
        let changed = room.changed.notified();
        match deadline {
            Some(d) => {
                let wait = (d - now_ms()).max(0) as u64;
                tokio::select! {
                    () = tokio::time::sleep(Duration::from_millis(wait)) => hub.flag_if_out(&room).await,
                    () = changed => {}
                }
            }
            None => changed.await,
        }
    }
}
