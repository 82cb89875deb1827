//! The harness of the server's tests: a real `koma-server` process on loopback over a real
//! database (a SQLite file in a scratch folder, or a fresh database in the PostgreSQL cluster
//! that `KOMA_TEST_POSTGRES` names), real WebSocket clients, and players that choose their
//! moves with `koma-rules` as a person would, from a copy of the game they keep themselves.
#![allow(clippy::unwrap_used, clippy::expect_used, dead_code)] // test code

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, ChildStdout, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use koma_rules::{Game, Move, Outcome, notation};
use koma_wire::{ClientMsg, Created, NewGame, ServerMsg, Snapshot};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// How long a test waits for any one answer before it fails.
pub const WAIT: Duration = Duration::from_secs(15);

static NEXT: AtomicUsize = AtomicUsize::new(0);

fn unique() -> String {
    format!(
        "{}_{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::SeqCst)
    )
}

/// A scratch folder, removed at the end.
pub struct Scratch(pub PathBuf);

impl Scratch {
    pub fn new() -> Scratch {
        let p = std::env::temp_dir().join(format!("koma-server-test-{}", unique()));
        std::fs::create_dir_all(&p).unwrap();
        std::fs::write(p.join("index.html"), "<!doctype html><title>Koma</title>").unwrap();
        std::fs::write(p.join("sw.js"), "// service worker").unwrap();
        Scratch(p)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Which database a test runs on.
#[derive(Clone, Debug)]
pub enum Backend {
    Sqlite,
    /// The cluster's URL (a database in it that the tests may connect to, to create others).
    Postgres(String),
}

impl Backend {
    /// PostgreSQL, when the test command started or found a cluster; `None` (and a line saying
    /// so) otherwise.
    pub fn postgres() -> Option<Backend> {
        match std::env::var("KOMA_TEST_POSTGRES") {
            Ok(url) if !url.is_empty() => Some(Backend::Postgres(url)),
            _ => {
                eprintln!(
                    "skipped on PostgreSQL: KOMA_TEST_POSTGRES is not set (cargo xtask test \
                     starts a cluster and sets it)"
                );
                None
            }
        }
    }
}

/// A database for one test, with the folder the server serves.
pub struct Db {
    pub url: String,
    pub dir: Scratch,
}

impl Db {
    pub async fn new(backend: &Backend) -> Db {
        let dir = Scratch::new();
        let url = match backend {
            Backend::Sqlite => format!("sqlite://{}/koma.db?mode=rwc", dir.0.display()),
            Backend::Postgres(admin) => {
                sqlx::any::install_default_drivers();
                let name = format!("koma_test_{}", unique());
                let pool = sqlx::AnyPool::connect(admin).await.unwrap();
                sqlx::query(&format!("CREATE DATABASE {name}"))
                    .execute(&pool)
                    .await
                    .unwrap();
                pool.close().await;
                let (base, _) = admin.rsplit_once('/').unwrap();
                format!("{base}/{name}")
            }
        };
        Db { url, dir }
    }
}

/// A running `koma-server` process; killed (SIGKILL) when dropped.
pub struct Server {
    child: Child,
    _stdout: BufReader<ChildStdout>,
    /// `http://127.0.0.1:<port>`.
    pub base: String,
    /// Where its log (standard error) goes.
    pub log: PathBuf,
}

/// A free loopback port (bound, then let go).
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

impl Server {
    /// Start the server binary on a free loopback port over `db`.
    pub fn start(db: &Db, extra: &[&str]) -> Server {
        Server::start_at(db, 0, extra)
    }

    /// Start the server binary on loopback port `port` (0: a free one) over `db`.
    pub fn start_at(db: &Db, port: u16, extra: &[&str]) -> Server {
        let log = db.dir.0.join(format!("server-{}.log", unique()));
        let mut child = Command::new(env!("CARGO_BIN_EXE_koma-server"))
            .args(["--listen", &format!("127.0.0.1:{port}"), "--dist"])
            .arg(&db.dir.0)
            .args(extra)
            .env("KOMA_DATABASE_URL", &db.url)
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(&log).unwrap())
            .spawn()
            .unwrap();
        let mut out = BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        out.read_line(&mut line).unwrap();
        let addr = line
            .split("http://")
            .nth(1)
            .and_then(|r| r.split('/').next())
            .unwrap_or_else(|| panic!("the server said {line:?}"));
        Server {
            base: format!("http://{addr}"),
            child,
            _stdout: out,
            log,
        }
    }

    /// The process's id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// `kill -TERM`: the server stops taking connections and tells its clients to go.
    pub fn terminate(&self) {
        let ok = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .unwrap()
            .success();
        assert!(ok, "kill -TERM");
    }

    /// Wait for the process to end (at most `limit`): whether it ended, and how long it took.
    pub fn wait_exit(&mut self, limit: std::time::Duration) -> Option<std::time::Duration> {
        let t = std::time::Instant::now();
        while t.elapsed() < limit {
            if let Ok(Some(_)) = self.child.try_wait() {
                return Some(t.elapsed());
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        None
    }

    /// `kill -9`.
    pub fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }

    pub fn http(&self) -> reqwest::Client {
        reqwest::Client::new()
    }

    /// `POST /api/games` with `body`: the status and the JSON answer.
    pub async fn post(&self, path: &str, body: &str) -> (u16, serde_json::Value) {
        let r = self
            .http()
            .post(format!("{}{path}", self.base))
            .header("content-type", "application/json")
            .body(body.to_string())
            .send()
            .await
            .unwrap();
        let status = r.status().as_u16();
        (status, r.json().await.unwrap())
    }

    pub async fn get(&self, path: &str) -> (u16, String) {
        let r = self
            .http()
            .get(format!("{}{path}", self.base))
            .send()
            .await
            .unwrap();
        (r.status().as_u16(), r.text().await.unwrap())
    }

    /// Whether a connection to the server is refused (it has stopped listening).
    pub async fn get_refused(&self) -> bool {
        self.http()
            .get(format!("{}/api/health", self.base))
            .send()
            .await
            .is_err()
    }

    /// Create a game; panics unless created.
    pub async fn create(&self, spec: &NewGame) -> Created {
        let (status, body) = self
            .post("/api/games", &serde_json::to_string(spec).unwrap())
            .await;
        assert_eq!(status, 201, "{body}");
        serde_json::from_value(body).unwrap()
    }

    pub fn socket_url(&self, id: &str) -> String {
        format!(
            "{}/api/games/{id}/socket",
            self.base.replace("http://", "ws://")
        )
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An answer: status, `Set-Cookie`, body as JSON (null when empty).
pub struct Answer {
    pub status: u16,
    pub cookie: Option<String>,
    pub body: serde_json::Value,
}

/// `method path` with a JSON `body`, the session `cookie` and `headers`.
pub async fn ask(
    server: &Server,
    method: reqwest::Method,
    path: &str,
    body: Option<serde_json::Value>,
    cookie: Option<&str>,
    headers: &[(&str, &str)],
) -> Answer {
    let mut r = server
        .http()
        .request(method, format!("{}{path}", server.base));
    if let Some(b) = body {
        r = r
            .header("content-type", "application/json")
            .body(b.to_string());
    }
    if let Some(c) = cookie {
        r = r.header("cookie", format!("koma_session={c}"));
    }
    for (k, v) in headers {
        r = r.header(*k, *v);
    }
    let r = r.send().await.unwrap();
    let status = r.status().as_u16();
    let cookie = r
        .headers()
        .get("set-cookie")
        .map(|v| v.to_str().unwrap().to_string());
    let text = r.text().await.unwrap();
    let body = serde_json::from_str(&text).unwrap_or(serde_json::Value::Null);
    Answer {
        status,
        cookie,
        body,
    }
}

/// The session token a `Set-Cookie` sets.
pub fn session_token(set_cookie: &str) -> String {
    let (pair, _) = set_cookie.split_once(';').unwrap();
    pair.strip_prefix("koma_session=").unwrap().to_string()
}

/// A new account (`name`, password `correct horse`) made on `server`: its session token.
pub async fn sign_up(server: &Server, name: &str) -> String {
    let made = ask(
        server,
        reqwest::Method::POST,
        "/api/accounts",
        Some(serde_json::json!({ "name": name, "password": "correct horse" })),
        None,
        &[],
    )
    .await;
    assert_eq!(made.status, 201, "{}", made.body);
    session_token(&made.cookie.unwrap())
}

/// The token of a seat link (`#/online/<id>?seat=<token>`).
pub fn token(link: &str) -> String {
    link.split("seat=").nth(1).unwrap().to_string()
}

/// A rated game of `game` at `clock` (`300+0`, `1d`), open, made by the account signed in as
/// `sente` for seat 0 and taken by `gote`'s for seat 1: the answer to its making (its id and
/// sente's seat link) and gote's seat link.
pub async fn rated_pair(
    server: &Server,
    game: &str,
    clock: &str,
    sente: &str,
    gote: &str,
) -> (koma_wire::Created, String) {
    let made = ask(
        server,
        reqwest::Method::POST,
        "/api/games",
        Some(serde_json::json!({
            "game": game, "clock": clock, "open": true, "rated": true, "seat": 0
        })),
        Some(sente),
        &[],
    )
    .await;
    assert_eq!(made.status, 201, "{}", made.body);
    let created: koma_wire::Created = serde_json::from_value(made.body).unwrap();
    let taken = ask(
        server,
        reqwest::Method::POST,
        &format!("/api/games/{}/take", created.id),
        Some(serde_json::json!({ "seat": 1 })),
        Some(gote),
        &[],
    )
    .await;
    assert_eq!(taken.status, 200, "{}", taken.body);
    let link = taken.body["link"].as_str().unwrap().to_string();
    (created, link)
}

/// A game spec.
pub fn spec(game: &str) -> NewGame {
    NewGame::of(koma_wire::GameStart::new(game.parse().expect("a game id")))
}

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// A connection to a game, with the game as it has seen it.
pub struct Client {
    pub ws: Ws,
    pub seat: Option<u8>,
    /// The game as this client knows it (moves applied as the server tells them).
    pub game: Game,
    pub id: String,
    /// The last welcome.
    pub snapshot: Option<Snapshot>,
    /// The seats as last told (names, presence).
    pub seats: Vec<koma_wire::SeatView>,
}

impl Client {
    /// Connect without a word yet.
    pub async fn connect(server: &Server, id: &str) -> Client {
        Client::connect_to(&server.base, id).await
    }

    /// Connect to the server (or balancer) at `base` (`http://host:port`), without a word yet.
    pub async fn connect_to(base: &str, id: &str) -> Client {
        Client::try_connect_to(base, id).await.unwrap()
    }

    /// Connect to `base`, or the error.
    pub async fn try_connect_to(
        base: &str,
        id: &str,
    ) -> Result<Client, tokio_tungstenite::tungstenite::Error> {
        let url = format!("{}/api/games/{id}/socket", base.replace("http://", "ws://"));
        let (ws, _) = tokio_tungstenite::connect_async(url).await?;
        Ok(Client::on(ws, id))
    }

    /// A client on the open socket `ws` of game `id`, without a word yet.
    fn on(ws: WebSocketStream<MaybeTlsStream<TcpStream>>, id: &str) -> Client {
        Client {
            ws,
            seat: None,
            game: Game::new(koma_rules::GameId::Shogi, Default::default()),
            id: id.to_string(),
            snapshot: None,
            seats: Vec::new(),
        }
    }

    /// Connect to `server` with the session cookie `session` (a signed-in browser), without a
    /// word yet.
    pub async fn connect_signed_in(server: &Server, id: &str, session: &str) -> Client {
        use tokio_tungstenite::tungstenite::client::IntoClientRequest;
        let mut request = server.socket_url(id).into_client_request().unwrap();
        request
            .headers_mut()
            .insert("cookie", format!("koma_session={session}").parse().unwrap());
        let (ws, _) = tokio_tungstenite::connect_async(request).await.unwrap();
        Client::on(ws, id)
    }

    /// The next message, or none when the connection ended (closed, reset, or silent for
    /// [`WAIT`]).
    pub async fn try_next(&mut self) -> Option<ServerMsg> {
        loop {
            let m = tokio::time::timeout(WAIT, self.ws.next())
                .await
                .ok()??
                .ok()?;
            match m {
                Message::Text(t) => return ServerMsg::decode(t.as_str()).ok(),
                Message::Close(_) => return None,
                _ => {}
            }
        }
    }

    /// Messages until the server closes the connection: the close frame's code (none: the
    /// connection ended without one).
    pub async fn close_code(&mut self) -> Option<u16> {
        loop {
            match tokio::time::timeout(WAIT, self.ws.next())
                .await
                .expect("the close in time")?
            {
                Ok(Message::Close(frame)) => return frame.map(|f| u16::from(f.code)),
                Ok(Message::Text(t)) => {
                    if let Ok(m) = ServerMsg::decode(t.as_str()) {
                        self.note(&m);
                    }
                }
                Ok(_) => {}
                Err(_) => return None,
            }
        }
    }

    /// Say hello with a seat's token (or none, to watch), a name, and the plies already held
    /// (with `have` > 0 the client's own game is kept and the welcome's moves added to it).
    pub async fn hello(&mut self, token: Option<&str>, name: Option<&str>, have: u32) -> Snapshot {
        self.send(&ClientMsg::Hello {
            token: token.map(str::to_string),
            name: name.map(str::to_string),
            have,
        })
        .await;
        let snap = self.welcome().await;
        self.seat = snap.seat;
        if snap.from == 0 {
            self.game = koma_server::referee::check_start(&snap.spec.start).unwrap();
        }
        for m in &snap.moves {
            self.apply(m);
        }
        self.snapshot = Some(snap.clone());
        self.seats = snap.seats.clone();
        snap
    }

    /// Connect and say hello with the seat's token (or watch) and a name.
    pub async fn join(server: &Server, id: &str, token: Option<&str>, name: &str) -> Client {
        let mut c = Client::connect(server, id).await;
        c.hello(token, Some(name), 0).await;
        c
    }

    pub async fn welcome(&mut self) -> Snapshot {
        match self.next().await {
            ServerMsg::Welcome(s) => *s,
            other => panic!("expected a welcome, got {other:?}"),
        }
    }

    pub async fn send(&mut self, m: &ClientMsg) {
        self.send_text(&m.encode()).await;
    }

    pub async fn send_text(&mut self, t: &str) {
        self.ws.send(Message::Text(t.into())).await.unwrap();
    }

    /// The next message (protocol pings skipped); fails after [`WAIT`].
    pub async fn next(&mut self) -> ServerMsg {
        loop {
            let m = tokio::time::timeout(WAIT, self.ws.next())
                .await
                .expect("an answer in time")
                .expect("the socket open")
                .expect("a frame");
            match m {
                Message::Text(t) => return ServerMsg::decode(t.as_str()).unwrap(),
                Message::Close(c) => panic!("closed: {c:?}"),
                _ => {}
            }
        }
    }

    /// Messages until one `pick` takes; the others are applied as they come.
    pub async fn until<T>(&mut self, mut pick: impl FnMut(&ServerMsg) -> Option<T>) -> T {
        loop {
            let m = self.next().await;
            self.note(&m);
            if let Some(t) = pick(&m) {
                return t;
            }
        }
    }

    /// Messages until the game's end: how it ended.
    pub async fn ended(&mut self) -> koma_wire::OutcomeView {
        self.until(|m| match m {
            ServerMsg::Ended { outcome, .. } => Some(outcome.clone()),
            _ => None,
        })
        .await
    }

    /// Keep the own copy of the game up to date with a message (a welcome sent again, as after a
    /// change on another server, brings the moves from its `from` on).
    pub fn note(&mut self, m: &ServerMsg) {
        match m {
            ServerMsg::Welcome(snap) => self.seats = snap.seats.clone(),
            ServerMsg::Seats { seats } => self.seats = seats.clone(),
            _ => {}
        }
        match m {
            ServerMsg::Welcome(snap) if snap.from as usize <= self.game.moves().len() => {
                while self.game.moves().len() > snap.from as usize {
                    self.game.undo();
                }
                for mv in &snap.moves {
                    self.apply(mv);
                }
            }
            ServerMsg::Moved { ply, mv, .. } if *ply as usize == self.game.moves().len() + 1 => {
                self.apply(mv);
            }
            ServerMsg::TakenBack { plies, .. } => {
                while self.game.moves().len() > *plies as usize {
                    self.game.undo();
                }
            }
            _ => {}
        }
    }

    pub fn apply(&mut self, text: &str) {
        let mv = notation::read_move(self.game.position().variant(), text).unwrap();
        self.game.play(mv).unwrap();
    }

    /// The moves this client has seen, as text.
    pub fn seen(&self) -> Vec<String> {
        let v = self.game.position().variant();
        self.game
            .moves()
            .iter()
            .map(|&m| notation::write_move(v, m))
            .collect()
    }

    /// The plies this client has.
    pub fn plies(&self) -> u32 {
        self.game.moves().len() as u32
    }

    /// Play `mv` (text) as the next ply and wait for the server's word that it was played.
    pub async fn play(&mut self, mv: &str) -> ServerMsg {
        let ply = self.plies();
        self.send(&ClientMsg::Move {
            ply,
            mv: mv.to_string(),
        })
        .await;
        self.until(|m| match m {
            ServerMsg::Moved { ply: p, .. } if *p == ply + 1 => Some(m.clone()),
            ServerMsg::Error { .. } => panic!("refused: {m:?}"),
            _ => None,
        })
        .await
    }

    /// Send `mv` and expect an error: its code and rule.
    pub async fn refused(&mut self, msg: &ClientMsg) -> (koma_wire::ErrorCode, Option<String>) {
        self.send(msg).await;
        self.until(|m| match m {
            ServerMsg::Error { code, rule, .. } => Some((*code, rule.clone())),
            ServerMsg::Moved { .. } => panic!("played: {m:?}"),
            _ => None,
        })
        .await
    }

    /// Wait until this client has `plies` plies.
    pub async fn catch_up(&mut self, plies: u32) {
        while self.plies() < plies {
            let m = self.next().await;
            self.note(&m);
        }
    }

    pub fn text(&self, mv: Move) -> String {
        notation::write_move(self.game.position().variant(), mv)
    }
}

/// A small deterministic generator (xorshift), so that every run plays the same games.
pub struct Rng(pub u64);

impl Rng {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// What a move does to the game: its outcome, and how many other players' royals it attacks.
fn try_move(game: &Game, mv: Move) -> (Option<Outcome>, usize) {
    let me = game.position().turn();
    let mut g = game.clone();
    let o = g.play(mv).ok().flatten();
    let players = g.position().variant().players();
    let attacked = (0..players)
        .map(koma_rules::Player)
        .filter(|&p| p != me && g.position().is_attacked(p))
        .count();
    (o, attacked)
}

/// A player's choice as a keen beginner makes it: a move that ends the game in its favour if
/// there is one; else, with `aggression` in 10, a checking move (one that checks two players
/// first, where there are three); else any legal move.
pub fn choose(game: &mut Game, rng: &mut Rng, aggression: usize) -> Move {
    let me = game.position().turn();
    let moves: Vec<Move> = game.legal_moves().to_vec();
    assert!(!moves.is_empty(), "a legal move");
    let mut checks = Vec::new();
    let mut doubles = Vec::new();
    for &m in &moves {
        let (o, attacked) = try_move(game, m);
        if o.is_some_and(|o| o.winner == Some(me)) {
            return m;
        }
        match attacked {
            0 => {}
            1 => checks.push(m),
            _ => doubles.push(m),
        }
    }
    if rng.below(10) < aggression {
        if !doubles.is_empty() {
            return doubles[rng.below(doubles.len())];
        }
        if !checks.is_empty() {
            return checks[rng.below(checks.len())];
        }
    }
    moves[rng.below(moves.len())]
}

/// Everybody plays the game out with `choose`; returns the final message and whether the turn
/// ever jumped (went to another seat than the next in order).
pub async fn play_out(
    clients: &mut [Client],
    watcher: Option<&mut Client>,
    rng: &mut Rng,
    aggression: usize,
    limit: usize,
) -> (koma_wire::OutcomeView, bool) {
    let n = clients.len();
    let mut jumped = false;
    let mut jump = None;
    let mut watcher = watcher;
    for _ in 0..limit {
        let turn = clients[0].game.position().turn().index();
        let mv = choose(&mut clients[turn].game, rng, aggression);
        let text = clients[turn].text(mv);
        clients[turn].play(&text).await;
        let plies = clients[turn].plies();
        for c in clients.iter_mut() {
            c.catch_up(plies).await;
        }
        if let Some(w) = watcher.as_deref_mut() {
            w.catch_up(plies).await;
            assert_eq!(w.game.moves(), clients[0].game.moves());
        }
        // a jump: the checked seat moves out of order; its return: the turn then goes back to
        // the checker
        let next = clients[0].game.position().turn().index();
        if clients[0].game.outcome().is_none() {
            if let Some(checker) = jump.take() {
                jumped |= next == checker;
            }
            if next != (turn + 1) % n {
                jump = Some(turn);
            }
        }
        if clients[0].game.outcome().is_some() {
            let ended = clients[turn].ended().await;
            return (ended, jumped);
        }
    }
    panic!("no end in {limit} plies");
}

/// HAProxy in front of servers, on a free loopback port, as `deploy/haproxy.cfg` arranges it
/// (health checks on `/api/health`, WebSocket tunnels), checking every 200 ms; stopped when
/// dropped.
pub struct Balancer {
    child: Child,
    /// `http://127.0.0.1:<port>`.
    pub base: String,
    _dir: Scratch,
}

impl Balancer {
    /// The `haproxy` binary the test command found or installed (`KOMA_TEST_HAPROXY`); `None`,
    /// with a line saying so, when there is none.
    pub fn binary() -> Option<String> {
        match std::env::var("KOMA_TEST_HAPROXY") {
            Ok(b) if !b.is_empty() => Some(b),
            _ => {
                eprintln!(
                    "skipped behind HAProxy: KOMA_TEST_HAPROXY is not set (cargo xtask test \
                     installs or finds haproxy and sets it)"
                );
                None
            }
        }
    }

    /// Start `binary` in front of the servers on loopback `ports`; waits until it answers.
    pub async fn start(binary: &str, ports: &[u16]) -> Balancer {
        let dir = Scratch::new();
        let port = free_port();
        let servers: String = ports
            .iter()
            .enumerate()
            .map(|(i, p)| format!("    server s{i} 127.0.0.1:{p} check\n"))
            .collect();
        let cfg = format!(
            "global\n    maxconn 4000\n\
             defaults\n    mode http\n    option http-server-close\n    option redispatch\n    retries 3\n\
             \x20   timeout connect 1s\n    timeout client 60s\n    timeout server 60s\n    timeout tunnel 1h\n\
             frontend koma\n    bind 127.0.0.1:{port}\n    default_backend servers\n\
             backend servers\n    balance leastconn\n    option httpchk GET /api/health\n\
             \x20   http-check expect status 200\n    default-server inter 200ms fall 1 rise 1\n{servers}"
        );
        let path = dir.0.join("haproxy.cfg");
        std::fs::write(&path, cfg).unwrap();
        let child = Command::new(binary)
            .arg("-db")
            .arg("-f")
            .arg(&path)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let b = Balancer {
            child,
            base: format!("http://127.0.0.1:{port}"),
            _dir: dir,
        };
        let http = reqwest::Client::new();
        for _ in 0..250 {
            if let Ok(r) = http.get(format!("{}/api/health", b.base)).send().await
                && r.status().is_success()
            {
                return b;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        panic!("HAProxy did not answer");
    }
}

impl Drop for Balancer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A game of two players on two servers of one database: sente on the first server (which
/// created it), gote on the second, the game started.
pub async fn on_two(
    backend: &Backend,
    game: &str,
) -> (Db, Server, Server, Created, Client, Client) {
    let db = Db::new(backend).await;
    let a = Server::start(&db, &[]);
    let b = Server::start(&db, &[]);
    let created = a.create(&spec(game)).await;
    let mut sente = Client::join(&a, &created.id, Some(&token(&created.seats[0])), "a").await;
    let gote = Client::join(&b, &created.id, Some(&token(&created.seats[1])), "b").await;
    // the game started on both servers: sente hears of it from its own
    sente
        .until(|m| matches!(m, ServerMsg::Started { .. } | ServerMsg::Welcome(_)).then_some(()))
        .await;
    (db, a, b, created, sente, gote)
}

/// The moves stored for game `id`, in order.
pub async fn stored(db: &Db, id: &str) -> Vec<String> {
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(&db.url).await.unwrap();
    let rows: Vec<(i64, String)> =
        sqlx::query_as("SELECT ply, mv FROM moves WHERE game_id = $1 ORDER BY ply")
            .bind(id)
            .fetch_all(&pool)
            .await
            .unwrap();
    pool.close().await;
    for (i, (ply, _)) in rows.iter().enumerate() {
        assert_eq!(*ply, i as i64 + 1, "no gap and no duplicate");
    }
    rows.into_iter().map(|(_, mv)| mv).collect()
}

/// A seat's client that connects (again) through `base` until the server takes its hello,
/// keeping what it has of the game.
pub async fn rejoin(base: &str, id: &str, seat_token: &str, old: Option<&Client>) -> Client {
    let t = std::time::Instant::now();
    loop {
        assert!(t.elapsed() < WAIT, "no server took the seat");
        let Ok(mut c) = Client::try_connect_to(base, id).await else {
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
            continue;
        };
        let have = match old {
            Some(o) => {
                c.game = o.game.clone();
                o.plies()
            }
            None => 0,
        };
        c.send(&ClientMsg::Hello {
            token: Some(seat_token.to_string()),
            name: None,
            have,
        })
        .await;
        match c.try_next().await {
            Some(ServerMsg::Welcome(snap)) => {
                c.seat = snap.seat;
                if old.is_none() {
                    c.game = koma_server::referee::check_start(&snap.spec.start).unwrap();
                }
                c.snapshot = Some((*snap).clone());
                c.note(&ServerMsg::Welcome(snap));
                return c;
            }
            _ => tokio::time::sleep(std::time::Duration::from_millis(50)).await,
        }
    }
}

/// Play `mv` for `c` as ply `plies + 1`: the acknowledgement, or none when the connection was
/// lost before it came or the server could not store the move (the move may or may not have
/// been stored: the welcome after the reconnection says).
pub async fn try_play(c: &mut Client, mv: &str) -> Option<()> {
    let ply = c.plies();
    c.send(&ClientMsg::Move {
        ply,
        mv: mv.to_string(),
    })
    .await;
    loop {
        let m = c.try_next().await?;
        c.note(&m);
        match m {
            ServerMsg::Moved { ply: p, .. } if p == ply + 1 => return Some(()),
            // the database could not store it (it is down): the server closes the socket next;
            // or the server's table was behind the database, which had the move already (its
            // acknowledgement was lost with a connection): the game is to be read again
            ServerMsg::Error {
                code: koma_wire::ErrorCode::Internal | koma_wire::ErrorCode::StalePly,
                ..
            } => return None,
            ServerMsg::Error { .. } => panic!("refused: {m:?}"),
            _ => {}
        }
    }
}

/// Create a shogi game through the balancer.
pub async fn lb_create(lb: &Balancer) -> koma_wire::Created {
    let r = reqwest::Client::new()
        .post(format!("{}/api/games", lb.base))
        .header("content-type", "application/json")
        .body(serde_json::to_string(&spec("shogi")).unwrap())
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 201);
    r.json().await.unwrap()
}

/// Three servers on a fresh PostgreSQL database, on free loopback ports, behind HAProxy: the
/// database, the ports, the servers (each `None` once stopped) and the balancer; `None`, with a
/// line saying so, where the test command started no cluster or found no HAProxy.
pub async fn three_behind_haproxy() -> Option<(Db, [u16; 3], Vec<Option<Server>>, Balancer)> {
    let backend = Backend::postgres()?;
    let haproxy = Balancer::binary()?;
    let db = Db::new(&backend).await;
    let ports = [free_port(), free_port(), free_port()];
    let servers: Vec<Option<Server>> = ports
        .iter()
        .map(|&p| Some(Server::start_at(&db, p, &[])))
        .collect();
    let lb = Balancer::start(&haproxy, &ports).await;
    Some((db, ports, servers, lb))
}

/// Each scenario (an `async fn(Backend)` of the test file) once on SQLite and once on PostgreSQL.
#[allow(unused_macros)] // (the files that run every scenario on both databases use it)
macro_rules! on_both {
    ($($name:ident),* $(,)?) => {$(
        mod $name {
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                super::$name(super::Backend::Sqlite).await;
            }
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                if let Some(b) = super::Backend::postgres() {
                    super::$name(b).await;
                }
            }
        }
    )*};
}
