//! The messages between Koma's app and `koma-server`, as serde types that both compile (the
//! server natively, the app for wasm32). JSON is the wire format; every message is an object
//! whose `"type"` names its kind.
//!
//! - HTTP: [`NewGame`] (the body of `POST /api/games`) answered by [`Created`]; [`Lobby`]
//!   (`GET /api/lobby`); [`TakeSeat`] / [`Created`]-like [`Taken`] (`POST /api/games/<id>/take`);
//!   [`Health`] (`GET /api/health`); every refusal is an [`ApiError`].
//! - WebSocket (`/api/games/<id>/socket`): the client sends [`ClientMsg`]s, the server
//!   [`ServerMsg`]s. The first client message is [`ClientMsg::Hello`], which takes a seat (with
//!   its token) or watches (without one) and says how many plies the client already has, so a
//!   reconnecting client is sent only what it missed.
//!
//! Moves travel as text in each game's own move notation (USI on the square boards, the hex
//! notation on the hexagon), exactly as `koma_rules::notation` reads and writes them. Plies
//! number the moves: the move that makes ply `n` is the `n`-th move of the game (setup steps
//! and placements included), and a client names the ply it answers so a stale move is refused.
//!
//! The messages in brief (each type below has the details):
//!
//! JSON objects, each with a `"type"`; at most 4 KiB. Moves are in each game's notation (USI on the
//! square boards, `pass` for a chu handicap's early stop, the hex notation on the hexagon); `ply`
//! numbers moves from 1, and a client sends with each move the plies it has seen.
//!
//! | from the app | meaning |
//! |---|---|
//! | `{"type": "hello", "token": "<seat token>", "name": "Hanako", "have": 0}` | first message: take or retake the seat (no token: watch); `have`: plies the client already has |
//! | `{"type": "move", "ply": 12, "mv": "7g7f"}` | play the move after ply 12 |
//! | `{"type": "resign"}`, `{"type": "declare"}` | resign; declare (the seat to move, standard shogi) |
//! | `{"type": "abort"}` | call the game off, only before the seat's own first move: no result |
//! | `{"type": "claim", "draw": false}` | every other seat has been offline for the game's `leave_ms`: claim the win (or, `"draw": true`, a draw) |
//! | `{"type": "offer", "what": "takeback"\|"impasse"}`, `{"type": "answer", "accept": true}` | offer the others a takeback or an impasse; answer the standing offer |
//! | `{"type": "ping"}` | answered by `pong` |
//! | `{"type": "sync", "have": 12}` | send the game again from ply 12 on (a `welcome`), on the same connection |
//! | `{"type": "rename", "name": "Hanako"}` | the seat's new name, on the same connection |
//!
//! | from the server | meaning |
//! |---|---|
//! | `welcome` | the game (`spec`, `seat` held or null, `seats` with `name`, `taken`, `connection` `online`/`offline`, `status` `waiting`/`playing`/`finished`/`expired`/`aborted`, `from` and `moves` after it, `clock`, `outcome`, `offer`, `rematch`: the rematch's id once one was asked, `leave_ms`: how long the others wait for a player who left before they may claim the game, none where they may not): the answer to hello, and again for a client that fell behind |
//! | `moved` `{ply, mv, clock}` | a move was played and stored |
//! | `taken_back` `{plies, clock}` | moves were taken back to `plies` |
//! | `seats`, `started` `{clock}` | the seats changed (taken, named, connected); every seat taken, the game and its clocks started |
//! | `offered` `{what, by, accepted}`, `offer_withdrawn` `{by}` | an offer stands; it was declined (by a seat) or lapsed (by null) |
//! | `ended` `{outcome: {winner, reason, by}, clock}`, `expired` | the game is over (`reason` is the rules' id: `checkmate`, `resignation`, `time`, `declaration`, `impasse`, `repetition`, `perpetual-check`, `royal-captured`, `general-on-centre`, `bare-king`, `abandoned`, ...); nobody joined in time |
//! | `aborted` `{by}` | a player called the game off before its first move: no result |
//! | `error` `{code, rule, message}` | a message was refused and nothing changed: `bad_message`, `unknown_kind`, `too_large`, `too_fast`, `hello`, `bad_token`, `not_seated`, `not_started`, `game_over`, `not_your_turn`, `stale_ply`, `bad_move`, `illegal_move` (with the rule's id), `refused`, `internal` |
//! | `pong` | the answer to ping |
//!
//! `clock` is `{control, main_ms: [per seat], periods: [per seat], running: seat or null,
//! elapsed_ms}`: the time left at the start of the running seat's turn and how long it has thought
//! since, as of the message.

pub use koma_rules::EndReason;
pub use koma_rules::setups::GameStart;
use serde::{Deserialize, Serialize};

/// The longest message either side accepts, in bytes of its JSON text.
pub const MAX_MESSAGE_BYTES: usize = 4096;

/// The longest name a seat may give, in characters.
pub const MAX_NAME_CHARS: usize = 32;

/// The body of `POST /api/games`: what game to create, and whether the lobby lists it.
/// Read and written flat (`{"game":"shogi","handicap":"lance","clock":"600+30","open":true}`),
/// refusing fields it does not know. A rated game (`"rated":true`, open, with a clock, made by a
/// signed-in player) names the creator's seat (`"seat":0`); its other seats are taken from the
/// lobby by signed-in players, only those whose rating is within its `range` when it has one (a
/// seek: `"range":{"min":1400,"max":1800}`). A challenge (`"challenge":["name"]`, one name for
/// each other seat, by a signed-in player naming its `seat`) is not listed: each seat is kept for
/// the account named, which accepts by opening the game and declines with
/// `POST /api/games/<id>/decline`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "NewGameBody", into = "NewGameBody")]
pub struct NewGame {
    /// How the game starts.
    pub start: GameStart,
    /// Listed in the lobby, open to anyone.
    pub open: bool,
    /// Rated: the end changes the players' ratings.
    pub rated: bool,
    /// The seat the creator takes, in a rated game or a challenge (bound to the creator's
    /// account).
    pub seat: Option<u8>,
    /// The ratings a rated seek's other players may have (for the game id and speed; 1500 for
    /// an account not yet rated there).
    pub range: Option<RatingRange>,
    /// The accounts challenged, by name: the other seats in seat order after the creator's.
    pub challenge: Vec<String>,
}

impl NewGame {
    /// A game of `start`, not listed, not rated, for anyone with a link.
    pub fn of(start: GameStart) -> NewGame {
        NewGame {
            start,
            open: false,
            rated: false,
            seat: None,
            range: None,
            challenge: Vec::new(),
        }
    }
}

/// The ratings a seek accepts, both ends included.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RatingRange {
    /// The lowest.
    pub min: u16,
    /// The highest.
    pub max: u16,
}

impl RatingRange {
    /// Whether `rating` (rounded) is inside.
    pub fn admits(&self, rating: f64) -> bool {
        let r = rating.round();
        r >= f64::from(self.min) && r <= f64::from(self.max)
    }
}

/// [`NewGame`] as its JSON reads: serde refuses unknown fields only in a struct that flattens
/// nothing, so the body's fields are named here once more and [`GameStart`]'s serde reads each.
#[derive(Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct NewGameBody {
    game: koma_rules::GameId,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    handicap: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    position: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    preset: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    clock: Option<koma_rules::clock::TimeControl>,
    #[serde(default)]
    open: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    rated: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    seat: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    range: Option<RatingRange>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    challenge: Vec<String>,
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl From<NewGameBody> for NewGame {
    fn from(b: NewGameBody) -> NewGame {
        NewGame {
            start: GameStart {
                id: b.game,
                setup: b.handicap,
                position: b.position,
                preset: b.preset,
                clock: b.clock,
            },
            open: b.open,
            rated: b.rated,
            seat: b.seat,
            range: b.range,
            challenge: b.challenge,
        }
    }
}

impl From<NewGame> for NewGameBody {
    fn from(n: NewGame) -> NewGameBody {
        NewGameBody {
            game: n.start.id,
            handicap: n.start.setup,
            position: n.start.position,
            preset: n.start.preset,
            clock: n.start.clock,
            open: n.open,
            rated: n.rated,
            seat: n.seat,
            range: n.range,
            challenge: n.challenge,
        }
    }
}

/// The answer to `POST /api/games`: the game's id and its links, relative to the app's page.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Created {
    /// The game's id.
    pub id: String,
    /// One link a seat, in seat order (`#/online/<id>?seat=<token>`): opening one takes that
    /// seat.
    pub seats: Vec<String>,
    /// The link that watches the game (`#/online/<id>`).
    pub watch: String,
}

/// The body of `POST /api/games/<id>/take`: a free seat of an open game, from the lobby.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TakeSeat {
    /// The seat (0 = sente or A).
    pub seat: u8,
}

/// The answer to `POST /api/games/<id>/take`: the seat's link, now the only one that holds it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Taken {
    /// The seat taken.
    pub seat: u8,
    /// Its link (`#/online/<id>?seat=<token>`).
    pub link: String,
}

/// One game of the lobby.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LobbyGame {
    /// The game's id.
    pub id: String,
    /// The setup of the game, as created.
    #[serde(flatten)]
    pub spec: NewGame,
    /// The seats nobody holds yet.
    pub free: Vec<u8>,
    /// The names of the seats taken (empty where a seat is free or unnamed).
    pub names: Vec<String>,
    /// Each seat's holder's rating for the game and speed (a rated game's accounts that have
    /// one; none elsewhere).
    #[serde(default)]
    pub ratings: Vec<Option<RatingView>>,
    /// When the game was created (ms since the Unix epoch).
    pub created_ms: i64,
}

/// One rating (`GET /api/me`, `GET /api/players/<name>`): rounded to whole points.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatingView {
    /// The rating.
    pub rating: i64,
    /// Its deviation (Glicko-2's RD).
    pub rd: i64,
    /// Too few games to be sure of it.
    pub provisional: bool,
    /// Rated games played.
    pub games: i64,
}

/// A shogi rating as a kyu or dan rank, for the players who ask to see one. No federation
/// ranks online ratings, so this is Koma's own fixed table: 初段 from 1700, one dan each 100
/// points up to 七段 (2300 and up); 1級 from 1600 down to 1500, one kyu each 100 points below,
/// 15級 under 300. Every account starts at 1500 (2級).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ShogiRank {
    /// 級, 1 (strongest) to 15.
    Kyu(u8),
    /// 段, 1 to 7.
    Dan(u8),
}

impl ShogiRank {
    /// The game id whose ratings have ranks (standard shogi's).
    pub const GAME: &'static str = "shogi";

    /// The rank of `rating`.
    pub fn of(rating: i64) -> ShogiRank {
        if rating >= 1700 {
            ShogiRank::Dan(u8::try_from(((rating - 1700) / 100 + 1).min(7)).unwrap_or(7))
        } else {
            ShogiRank::Kyu(u8::try_from(((1699 - rating) / 100 + 1).min(15)).unwrap_or(15))
        }
    }

    /// In Japanese (`初段`, `3級`).
    pub fn ja(self) -> String {
        match self {
            ShogiRank::Dan(1) => "初段".into(),
            ShogiRank::Dan(d) => format!("{d}段"),
            ShogiRank::Kyu(k) => format!("{k}級"),
        }
    }

    /// In English (`1 dan`, `3 kyu`).
    pub fn en(self) -> String {
        match self {
            ShogiRank::Dan(d) => format!("{d} dan"),
            ShogiRank::Kyu(k) => format!("{k} kyu"),
        }
    }
}

/// Ratings by game id, then speed (`bullet`, `blitz`, `rapid`, `classical`).
pub type Ratings =
    std::collections::BTreeMap<String, std::collections::BTreeMap<String, RatingView>>;

/// The answer to `GET /api/me`: the signed-in account.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Me {
    /// Its name.
    pub name: String,
    /// Its ratings.
    pub ratings: Ratings,
}

/// A rating after a rated game, for a profile's graph.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatingPoint {
    /// The game id of the rules.
    pub game: String,
    /// The speed.
    pub speed: String,
    /// When the game ended (ms since the Unix epoch).
    pub at_ms: i64,
    /// The rating after it.
    pub rating: i64,
    /// The online game's id.
    pub id: String,
}

/// The answer to `GET /api/players/<name>`: a player's public profile.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// The name as its owner wrote it.
    pub name: String,
    /// When the account was made (ms since the Unix epoch).
    pub created_ms: i64,
    /// Its ratings.
    pub ratings: Ratings,
    /// Every rated game's rating after it, oldest first.
    pub history: Vec<RatingPoint>,
}

/// The body of `POST /api/games/<id>/rematch`: a seat held by a link proves itself with its
/// token (a seat held by an account, with the session's cookie).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RematchAsk {
    /// The seat's token, for a seat held by a link.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
}

/// The answer to `POST /api/games/<id>/rematch`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rematched {
    /// The rematch's id.
    pub game: String,
    /// The asker's seat in it.
    pub seat: u8,
    /// The link to that seat, while nobody has taken it (none: this player has, and its
    /// browser keeps the seat).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub link: Option<String>,
}

/// A game of the signed-in player's, waiting or being played (`GET /api/me/games`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MyGame {
    /// The online game's id.
    pub id: String,
    /// The game as created.
    pub spec: NewGame,
    /// The player's seat.
    pub seat: u8,
    /// Where it stands.
    pub status: GameStatus,
    /// The seats' names.
    pub names: Vec<String>,
    /// Plies played.
    pub plies: u32,
    /// It is the player's move.
    pub my_turn: bool,
    /// When the turn began (ms since the Unix epoch), once started.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn_ms: Option<i64>,
}

/// A finished game of a player's (`GET /api/players/<name>/games`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayedGame {
    /// The online game's id.
    pub id: String,
    /// The game as created.
    pub spec: NewGame,
    /// The seats' names.
    pub names: Vec<String>,
    /// The player's seat.
    pub seat: u8,
    /// How it ended.
    pub outcome: OutcomeView,
    /// When it ended (ms since the Unix epoch).
    pub ended_ms: i64,
    /// Its moves, in the game's notation.
    pub moves: Vec<String>,
}

/// The answer to `GET /api/players/<name>/games`: a page of finished games, newest first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayedGames {
    /// The games.
    pub games: Vec<PlayedGame>,
    /// More pages follow.
    pub more: bool,
}

/// A quick pairing pool (`GET /api/pools`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PoolView {
    /// Its id (`<game id>-<speed>`).
    pub id: String,
    /// The game.
    pub game: koma_rules::GameId,
    /// The clock, as the app writes it.
    pub clock: String,
    /// The clock's speed.
    pub speed: String,
    /// Players a game.
    pub players: u8,
    /// Players waiting now.
    pub waiting: u32,
}

/// A waiting player's state in a pool (`POST`/`GET /api/pools/<id>`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pairing {
    /// The pool.
    pub pool: String,
    /// Players waiting in it (0 once paired).
    pub waiting: u32,
    /// The game made for the player, once paired.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<String>,
    /// The link to the player's seat (`#/online/<id>?seat=<token>`), while the game waits.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub link: Option<String>,
}

/// The answer to `GET /api/lobby`: open games waiting for players, newest first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lobby {
    /// The games.
    pub games: Vec<LobbyGame>,
}

/// The answer to `GET /api/health`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Health {
    /// Always true in a 200 answer.
    pub ok: bool,
    /// The database in use: `sqlite` or `postgres`.
    pub database: String,
    /// The server's version.
    pub version: String,
}

/// Every refused HTTP request's body (with a 4xx or 5xx status).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ApiError {
    /// What was wrong, naming the field or the game.
    pub error: String,
}

/// What a seat may offer the others; each needs every other seat's yes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OfferKind {
    /// Take back the offering seat's last move (待った).
    Takeback,
    /// End the game by impasse points (持将棋; both kings must have entered).
    Impasse,
}

/// A message from the app to the server. Fields it does not know are ignored (a newer app may
/// send more).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientMsg {
    /// The first message: take a seat with its token, or watch without one.
    Hello {
        /// The seat's token, from its link.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        token: Option<String>,
        /// The name to show for the seat (plain text, at most [`MAX_NAME_CHARS`]).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<String>,
        /// How many plies the client already has (0 for none): the welcome sends the rest.
        #[serde(default)]
        have: u32,
    },
    /// Play a move.
    Move {
        /// The plies played before it (a move for another ply is stale and refused).
        ply: u32,
        /// The move in the game's notation.
        mv: String,
    },
    /// The sender's seat resigns.
    Resign,
    /// The sender's seat calls the game off before its own first move (no result, no rating
    /// changed).
    Abort,
    /// The side to move declares (入玉宣言, standard shogi).
    Declare,
    /// Offer the others a takeback or an impasse.
    Offer {
        /// What is offered.
        what: OfferKind,
    },
    /// Accept or decline the standing offer.
    Answer {
        /// Yes or no.
        accept: bool,
    },
    /// Keeps the connection alive; answered with [`ServerMsg::Pong`].
    Ping,
    /// Send the game again from ply `have` on (a [`ServerMsg::Welcome`]), on the same
    /// connection: a client whose game and the server's differ asks for the server's.
    Sync {
        /// The plies the client is sure of (0: the whole game).
        #[serde(default)]
        have: u32,
    },
    /// The sender's seat takes a new name (plain text, at most [`MAX_NAME_CHARS`]), on the
    /// same connection.
    Rename {
        /// The name.
        name: String,
    },
    /// Every other seat has been offline for the game's [`Snapshot::leave_ms`]: the sender's
    /// seat claims the game, a win or a draw.
    Claim {
        /// A draw rather than the win.
        #[serde(default)]
        draw: bool,
    },
}

/// Whether a seat has a live connection.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Connection {
    /// At least one connection holds the seat.
    Online,
    /// Nobody holds it now.
    Offline,
}

impl Connection {
    /// The id the app's `data-connection` shows (`online`, `offline`).
    pub fn id(self) -> &'static str {
        match self {
            Connection::Online => "online",
            Connection::Offline => "offline",
        }
    }
}

/// One seat as everybody sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    /// The name the seat gave (empty for none).
    pub name: String,
    /// Whether somebody has taken the seat.
    pub taken: bool,
    /// Whether it is connected now.
    pub connection: Connection,
    /// The rating of the account that holds it, for the game id and speed (as the game was
    /// loaded), where it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<RatingView>,
}

/// Where a game stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameStatus {
    /// Waiting for every seat to be taken; no move yet.
    Waiting,
    /// Being played.
    Playing,
    /// Over (see the outcome).
    Finished,
    /// Nobody joined in time; gone.
    Expired,
    /// Called off by a player before its first move: no result.
    Aborted,
}

/// The clocks as the server keeps them, at the moment the message was sent.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockView {
    /// The time control (`600+30`, `300i5`, ...).
    pub control: String,
    /// Each seat's main time left at the start of its turn (ms).
    pub main_ms: Vec<u64>,
    /// Each seat's byoyomi periods left.
    pub periods: Vec<u32>,
    /// The seat whose clock runs (none before the start or after the end).
    pub running: Option<u8>,
    /// How long the running seat has thought so far (ms).
    pub elapsed_ms: u64,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OutcomeView {
    /// The winning seat (none: a draw).
    pub winner: Option<u8>,
    /// Why, as the rules name it (`checkmate`, `resignation`, `time`, ...: the text of
    /// [`EndReason`]).
    pub reason: EndReason,
    /// The seat that ended it by its own act (resigned, flagged, declared), where one did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<u8>,
}

/// A standing offer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OfferView {
    /// What is offered.
    pub what: OfferKind,
    /// The seat that offered it.
    pub by: u8,
    /// The seats that have accepted so far (the offering seat included).
    pub accepted: Vec<u8>,
}

/// Everything a client needs to show a game: sent on joining and after a resync.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Snapshot {
    /// The game's id.
    pub id: String,
    /// The game as created.
    pub spec: NewGame,
    /// The seat this connection holds (none: watching).
    pub seat: Option<u8>,
    /// Every seat.
    pub seats: Vec<SeatView>,
    /// Where the game stands.
    pub status: GameStatus,
    /// The ply the first of `moves` makes, less one (the client's `have`, or 0).
    pub from: u32,
    /// The moves after `from`, in the game's notation.
    pub moves: Vec<String>,
    /// The clocks, if the game has them.
    pub clock: Option<ClockView>,
    /// The outcome, once the game is over.
    pub outcome: Option<OutcomeView>,
    /// The standing offer, if any.
    pub offer: Option<OfferView>,
    /// The rematch made for the same players once the game ended (its id), if one was asked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rematch: Option<String>,
    /// How long (ms) every other seat must have been offline before a player may claim the
    /// game ([`ClientMsg::Claim`]); none in a game where nobody may (a correspondence game).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub leave_ms: Option<u32>,
}

/// Why a message was refused; the game is unchanged.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// Not JSON, or a known kind with wrong fields.
    BadMessage,
    /// A `"type"` no message has.
    UnknownKind,
    /// Longer than [`MAX_MESSAGE_BYTES`].
    TooLarge,
    /// Sent faster than the server takes them.
    TooFast,
    /// A message other than `hello` before `hello`, or a second `hello`.
    Hello,
    /// The token is not the one of any seat of the game.
    BadToken,
    /// Watchers cannot move, resign or offer.
    NotSeated,
    /// The game waits for its players.
    NotStarted,
    /// The game is over.
    GameOver,
    /// It is another seat's turn.
    NotYourTurn,
    /// The move names a ply other than the next one.
    StalePly,
    /// The move's text is not a move of this game.
    BadMove,
    /// The rules refuse the move: `rule` names the rule.
    IllegalMove,
    /// Nothing to take back, no impasse possible, no declaration, or no offer to answer.
    Refused,
    /// The server could not store the change (nothing was played).
    Internal,
}

impl ErrorCode {
    /// Every code.
    pub const ALL: [ErrorCode; 15] = [
        ErrorCode::BadMessage,
        ErrorCode::UnknownKind,
        ErrorCode::TooLarge,
        ErrorCode::TooFast,
        ErrorCode::Hello,
        ErrorCode::BadToken,
        ErrorCode::NotSeated,
        ErrorCode::NotStarted,
        ErrorCode::GameOver,
        ErrorCode::NotYourTurn,
        ErrorCode::StalePly,
        ErrorCode::BadMove,
        ErrorCode::IllegalMove,
        ErrorCode::Refused,
        ErrorCode::Internal,
    ];
}

/// A message from the server to the app.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMsg {
    /// The answer to `hello`, and to a client that fell behind: the whole game, or what the
    /// client lacks.
    Welcome(Box<Snapshot>),
    /// A move was played (and stored).
    Moved {
        /// The ply it made (1 for the first move).
        ply: u32,
        /// The move in the game's notation.
        mv: String,
        /// The clocks after it.
        clock: Option<ClockView>,
    },
    /// Moves were taken back: the game now has `plies` plies.
    TakenBack {
        /// The plies left.
        plies: u32,
        /// The clocks as they were then.
        clock: Option<ClockView>,
    },
    /// The seats changed (taken, named, connected, disconnected).
    Seats {
        /// Every seat.
        seats: Vec<SeatView>,
    },
    /// Every seat is taken: the game (and its clocks) started.
    Started {
        /// The clocks.
        clock: Option<ClockView>,
    },
    /// An offer stands (or gained an acceptance).
    Offered(OfferView),
    /// The offer was declined by `by`, or lapsed with a move.
    OfferWithdrawn {
        /// The seat that declined (none: it lapsed).
        by: Option<u8>,
    },
    /// The game is over.
    Ended {
        /// How.
        outcome: OutcomeView,
        /// The clocks at the end.
        clock: Option<ClockView>,
    },
    /// Nobody took the free seats in time: the game is gone.
    Expired,
    /// A player called the game off before its first move: no result.
    Aborted {
        /// The seat that called it off.
        by: u8,
    },
    /// A message was refused; nothing changed.
    Error {
        /// Why, as a stable code.
        code: ErrorCode,
        /// The rule's id for an illegal move (`nifu`, `king-in-check`, ...).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rule: Option<String>,
        /// Why, in words.
        message: String,
    },
    /// The answer to `ping`.
    Pong,
}

/// A client message that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DecodeError {
    /// Longer than [`MAX_MESSAGE_BYTES`].
    #[error("the message has {0} bytes; at most {MAX_MESSAGE_BYTES} are read")]
    TooLarge(usize),
    /// Not a JSON object with a `"type"` string.
    #[error("not a message: {0}")]
    NotJson(String),
    /// A `"type"` no message has.
    #[error("no message has the type {0:?}")]
    UnknownKind(String),
    /// A known kind whose fields are wrong.
    #[error("{kind}: {message}")]
    Fields {
        /// The kind.
        kind: String,
        /// What serde found wrong (the field it names).
        message: String,
    },
}

impl DecodeError {
    /// The code the server answers with.
    pub fn code(&self) -> ErrorCode {
        match self {
            DecodeError::TooLarge(_) => ErrorCode::TooLarge,
            DecodeError::UnknownKind(_) => ErrorCode::UnknownKind,
            DecodeError::NotJson(_) | DecodeError::Fields { .. } => ErrorCode::BadMessage,
        }
    }
}

/// The kinds of [`ClientMsg`], as their `"type"` names them.
pub const CLIENT_KINDS: [&str; 11] = [
    "hello", "move", "resign", "abort", "declare", "offer", "answer", "ping", "sync", "rename",
    "claim",
];

impl ClientMsg {
    /// Read a client message, telling a too long text, a text that is not JSON, an unknown kind
    /// and wrong fields apart.
    ///
    /// # Errors
    /// [`DecodeError`], naming what is wrong.
    pub fn decode(text: &str) -> Result<ClientMsg, DecodeError> {
        if text.len() > MAX_MESSAGE_BYTES {
            return Err(DecodeError::TooLarge(text.len()));
        }
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| DecodeError::NotJson(e.to_string()))?;
        let kind = match value.get("type") {
            Some(serde_json::Value::String(k)) => k.clone(),
            _ => {
                return Err(DecodeError::NotJson(
                    "an object with a \"type\" string is expected".into(),
                ));
            }
        };
        if !CLIENT_KINDS.contains(&kind.as_str()) {
            return Err(DecodeError::UnknownKind(kind));
        }
        serde_json::from_value(value).map_err(|e| DecodeError::Fields {
            kind,
            message: e.to_string(),
        })
    }

    /// The message as JSON text.
    pub fn encode(&self) -> String {
        // a derived Serialize of strings, numbers and enums cannot fail
        serde_json::to_string(self).unwrap_or_default()
    }
}

impl ServerMsg {
    /// Read a server message.
    ///
    /// # Errors
    /// serde's message when the text is not one.
    pub fn decode(text: &str) -> Result<ServerMsg, String> {
        serde_json::from_str(text).map_err(|e| e.to_string())
    }

    /// The message as JSON text.
    pub fn encode(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// An error message.
    pub fn error(code: ErrorCode, message: impl Into<String>) -> ServerMsg {
        ServerMsg::Error {
            code,
            rule: None,
            message: message.into(),
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn shogi_ranks_follow_the_table_at_every_edge() {
        use super::ShogiRank::{Dan, Kyu};
        for (rating, rank, ja) in [
            (3000, Dan(7), "7段"),
            (2300, Dan(7), "7段"),
            (2299, Dan(6), "6段"),
            (1800, Dan(2), "2段"),
            (1799, Dan(1), "初段"),
            (1700, Dan(1), "初段"),
            (1699, Kyu(1), "1級"),
            (1600, Kyu(1), "1級"),
            (1599, Kyu(2), "2級"),
            (1500, Kyu(2), "2級"),
            (400, Kyu(13), "13級"),
            (300, Kyu(14), "14級"),
            (299, Kyu(15), "15級"),
            (-50, Kyu(15), "15級"),
        ] {
            assert_eq!(super::ShogiRank::of(rating), rank, "{rating}");
            assert_eq!(rank.ja(), ja);
        }
        assert_eq!(Dan(1).en(), "1 dan");
        assert_eq!(Kyu(3).en(), "3 kyu");
    }

    use super::*;

    #[test]
    fn client_messages_round_trip_and_name_their_kind() {
        let msgs = [
            ClientMsg::Hello {
                token: Some("ab".into()),
                name: Some("Hanako".into()),
                have: 3,
            },
            ClientMsg::Move {
                ply: 0,
                mv: "7g7f".into(),
            },
            ClientMsg::Resign,
            ClientMsg::Abort,
            ClientMsg::Declare,
            ClientMsg::Offer {
                what: OfferKind::Takeback,
            },
            ClientMsg::Answer { accept: true },
            ClientMsg::Ping,
            ClientMsg::Sync { have: 12 },
            ClientMsg::Rename {
                name: "Hanako".into(),
            },
        ];
        for m in msgs {
            let text = m.encode();
            let kind = text
                .split('"')
                .nth(3)
                .map(str::to_string)
                .unwrap_or_default();
            assert!(CLIENT_KINDS.contains(&kind.as_str()), "{text}");
            assert_eq!(ClientMsg::decode(&text), Ok(m), "{text}");
        }
        assert_eq!(
            ClientMsg::encode(&ClientMsg::Move {
                ply: 4,
                mv: "2g2f".into()
            }),
            r#"{"type":"move","ply":4,"mv":"2g2f"}"#
        );
    }

    #[test]
    fn bad_client_messages_say_what_is_wrong() {
        assert_eq!(
            ClientMsg::decode("not json").map_err(|e| e.code()),
            Err(ErrorCode::BadMessage)
        );
        assert_eq!(
            ClientMsg::decode(r#"{"type":"castle"}"#),
            Err(DecodeError::UnknownKind("castle".into()))
        );
        let Err(DecodeError::Fields { kind, message }) =
            ClientMsg::decode(r#"{"type":"move","ply":"x","mv":"7g7f"}"#)
        else {
            panic!("a wrong field is refused");
        };
        assert_eq!(kind, "move");
        assert!(message.contains("invalid type"), "{message}");
        assert_eq!(
            ClientMsg::decode(r#"{"type":"resign","extra":1}"#),
            Ok(ClientMsg::Resign)
        );
        let Err(DecodeError::Fields { message, .. }) = ClientMsg::decode(r#"{"type":"move"}"#)
        else {
            panic!("a missing field is refused");
        };
        assert!(message.contains("ply"), "{message}");
        let long = format!(
            r#"{{"type":"ping","x":"{}"}}"#,
            "a".repeat(MAX_MESSAGE_BYTES)
        );
        assert_eq!(
            ClientMsg::decode(&long).map_err(|e| e.code()),
            Err(ErrorCode::TooLarge)
        );
        assert_eq!(
            ClientMsg::decode("[1]").map_err(|e| e.code()),
            Err(ErrorCode::BadMessage)
        );
    }

    #[test]
    fn server_messages_round_trip() {
        let msgs = [
            ServerMsg::Moved {
                ply: 1,
                mv: "7g7f".into(),
                clock: Some(ClockView {
                    control: "600+30".into(),
                    main_ms: vec![599_000, 600_000],
                    periods: vec![1, 1],
                    running: Some(1),
                    elapsed_ms: 0,
                }),
            },
            ServerMsg::Ended {
                outcome: OutcomeView {
                    winner: Some(0),
                    reason: EndReason::Checkmate,
                    by: None,
                },
                clock: None,
            },
            ServerMsg::Error {
                code: ErrorCode::IllegalMove,
                rule: Some("nifu".into()),
                message: "二歩".into(),
            },
            ServerMsg::Offered(OfferView {
                what: OfferKind::Impasse,
                by: 1,
                accepted: vec![1],
            }),
            ServerMsg::Expired,
            ServerMsg::Aborted { by: 1 },
            ServerMsg::Pong,
        ];
        for m in msgs {
            let text = m.encode();
            assert_eq!(ServerMsg::decode(&text), Ok(m), "{text}");
        }
    }

    #[test]
    fn a_reason_travels_as_its_id() {
        for r in EndReason::ALL {
            let o = OutcomeView {
                winner: None,
                reason: r,
                by: None,
            };
            let text = serde_json::to_string(&o).unwrap();
            assert!(
                text.contains(&format!("\"reason\":\"{}\"", r.id())),
                "{text}"
            );
        }
        let unknown = ServerMsg::decode(
            r#"{"type":"ended","outcome":{"winner":0,"reason":"checkmated"},"clock":null}"#,
        );
        assert!(unknown.is_err());
    }

    #[test]
    fn every_error_code_is_listed_once() {
        // a new code is a compile error here until it has its place in `ALL`
        let place = |c: ErrorCode| match c {
            ErrorCode::BadMessage => 0,
            ErrorCode::UnknownKind => 1,
            ErrorCode::TooLarge => 2,
            ErrorCode::TooFast => 3,
            ErrorCode::Hello => 4,
            ErrorCode::BadToken => 5,
            ErrorCode::NotSeated => 6,
            ErrorCode::NotStarted => 7,
            ErrorCode::GameOver => 8,
            ErrorCode::NotYourTurn => 9,
            ErrorCode::StalePly => 10,
            ErrorCode::BadMove => 11,
            ErrorCode::IllegalMove => 12,
            ErrorCode::Refused => 13,
            ErrorCode::Internal => 14,
        };
        for (i, c) in ErrorCode::ALL.into_iter().enumerate() {
            assert_eq!(place(c), i, "{c:?}");
        }
    }

    #[test]
    fn a_new_game_names_unknown_fields() {
        let e = serde_json::from_str::<NewGame>(r#"{"game":"shogi","colour":"black"}"#)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(e.contains("colour"), "{e}");
        let g: NewGame = serde_json::from_str(r#"{"game":"shogi"}"#).unwrap();
        assert!(!g.open && g.start == GameStart::new(koma_rules::GameId::Shogi));
    }

    #[test]
    fn a_new_game_reads_back_as_written_in_the_api_s_words() {
        let text = r#"{"game":"chushogi","handicap":"lion","preset":"lishogi","clock":"600+30x3","open":true}"#;
        let g: NewGame = serde_json::from_str(text).unwrap();
        assert_eq!(g.start.id, koma_rules::GameId::Chushogi);
        assert_eq!(g.start.setup.as_deref(), Some("lion"));
        assert_eq!(g.start.clock.map(|c| c.periods), Some(3));
        assert_eq!(serde_json::to_string(&g).unwrap(), text);
        // the game and the clock are read by the rules: a wrong one is refused by name
        for bad in [r#"{"game":"chess"}"#, r#"{"game":"shogi","clock":"soon"}"#] {
            assert!(serde_json::from_str::<NewGame>(bad).is_err(), "{bad}");
        }
    }
}
