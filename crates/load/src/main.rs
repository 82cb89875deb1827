//! `koma-load`: load for `koma-server`, over loopback only.
//!
//! It starts the server binary it is given (on a free loopback port, over a scratch SQLite file
//! or the database `KOMA_DATABASE_URL` names), opens `--games` games of two clients each, and
//! in each game plays random legal moves (chosen with `koma-rules`) at one move every
//! `--interval-ms`, the two seats in turn. For every move it measures the time from the
//! mover's client sending it to the opponent's client receiving it, and it checks that every
//! move is received by both clients once and in order (a lost or duplicated move is counted).
//! Each `--interval-ms` given (a comma-separated list) is a phase of `--seconds`; each phase
//! reports moves per second, p50/p99/max latency, errors, lost and duplicated moves, and the
//! server's resident memory per game (from `/proc`). A game that ends is replaced by a new one.
//!
//! `cargo run --release -p koma-load -- --server target/release/koma-server --games 1000
//! --interval-ms 2000,1000,500 --seconds 30`

use std::path::PathBuf;
use std::process::Stdio;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use clap::Parser;
use futures_util::{SinkExt, StreamExt};
use koma_rules::{Game, GameId, Move, notation};
use koma_wire::{ClientMsg, Created, ServerMsg};
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::net::TcpStream;
use tokio::sync::Mutex;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// Load for koma-server over loopback.
#[derive(Parser, Debug)]
#[command(version, about)]
struct Args {
    /// The koma-server binary to start.
    #[arg(long, default_value = "target/release/koma-server")]
    server: PathBuf,
    /// Concurrent games (two clients each).
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// Milliseconds between two moves of one game; several (comma-separated) run as phases.
    #[arg(long, value_delimiter = ',', default_value = "2000")]
    interval_ms: Vec<u64>,
    /// Seconds each phase lasts.
    #[arg(long, default_value_t = 30)]
    seconds: u64,
    /// The game played.
    #[arg(long, default_value = "shogi")]
    game: GameId,
}

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// What every game adds to.
#[derive(Default)]
struct Tally {
    latencies_us: Mutex<Vec<u64>>,
    moves: AtomicU64,
    errors: AtomicU64,
    lost: AtomicU64,
    duplicated: AtomicU64,
}

/// The next text message of a socket, within a limit.
async fn next(ws: &mut Ws, limit: Duration) -> Option<ServerMsg> {
    loop {
        match tokio::time::timeout(limit, ws.next()).await {
            Ok(Some(Ok(Message::Text(t)))) => return ServerMsg::decode(t.as_str()).ok(),
            Ok(Some(Ok(Message::Close(_)) | Err(_)) | None) | Err(_) => return None,
            Ok(Some(Ok(_))) => {}
        }
    }
}

/// A small deterministic generator (xorshift).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }
}

struct Player {
    ws: Ws,
    /// The plies this client has received.
    plies: u32,
}

async fn join(base: &str, id: &str, link: &str) -> Result<Player, String> {
    let url = format!("{}/api/games/{id}/socket", base.replace("http://", "ws://"));
    let (mut ws, _) = tokio_tungstenite::connect_async(url)
        .await
        .map_err(|e| e.to_string())?;
    let token = link.split("seat=").nth(1).unwrap_or_default().to_string();
    let hello = ClientMsg::Hello {
        token: Some(token),
        name: None,
        have: 0,
    };
    ws.send(Message::Text(hello.encode().into()))
        .await
        .map_err(|e| e.to_string())?;
    match next(&mut ws, Duration::from_secs(30)).await {
        Some(ServerMsg::Welcome(_)) => Ok(Player { ws, plies: 0 }),
        other => Err(format!("no welcome: {other:?}")),
    }
}

async fn create(http: &reqwest::Client, base: &str, game: GameId) -> Result<Created, String> {
    let r = http
        .post(format!("{base}/api/games"))
        .body(format!(r#"{{"game":"{}"}}"#, game.as_str()))
        .send()
        .await
        .map_err(|e| e.to_string())?;
    if r.status().as_u16() != 201 {
        return Err(format!("create: {}", r.status()));
    }
    r.json().await.map_err(|e| e.to_string())
}

/// One seat's client received a message: count it, and say whether it is move `ply`.
fn received(p: &mut Player, m: &ServerMsg, tally: &Tally) -> Option<u32> {
    match m {
        ServerMsg::Moved { ply, .. } => {
            if *ply == p.plies + 1 {
                p.plies = *ply;
            } else if *ply <= p.plies {
                tally.duplicated.fetch_add(1, Ordering::Relaxed);
            } else {
                tally
                    .lost
                    .fetch_add(u64::from(*ply - p.plies - 1), Ordering::Relaxed);
                p.plies = *ply;
            }
            Some(*ply)
        }
        ServerMsg::Error { .. } => {
            tally.errors.fetch_add(1, Ordering::Relaxed);
            None
        }
        _ => None,
    }
}

/// Games one after another in one slot, until `stop`: a move every `interval`, the seats in
/// turn; each move timed from sending to the opponent's receiving it.
async fn slot(
    base: String,
    game: GameId,
    interval: Arc<AtomicU64>,
    stop: Arc<AtomicBool>,
    tally: Arc<Tally>,
    seed: u64,
    ready: tokio::sync::mpsc::Sender<()>,
) {
    let http = reqwest::Client::new();
    let mut rng = Rng(seed | 1);
    let mut first = Some(ready);
    // start each slot at its own moment of the interval, so that moves are spread evenly
    let offset = rng.below(interval.load(Ordering::Relaxed) as usize) as u64;
    while !stop.load(Ordering::Relaxed) {
        let Ok(created) = create(&http, &base, game).await else {
            tally.errors.fetch_add(1, Ordering::Relaxed);
            tokio::time::sleep(Duration::from_millis(500)).await;
            continue;
        };
        let (a, b) = match (
            join(&base, &created.id, &created.seats[0]).await,
            join(&base, &created.id, &created.seats[1]).await,
        ) {
            (Ok(a), Ok(b)) => (a, b),
            _ => {
                tally.errors.fetch_add(1, Ordering::Relaxed);
                continue;
            }
        };
        if let Some(r) = first.take() {
            let _ = r.send(()).await;
            tokio::time::sleep(Duration::from_millis(offset)).await;
        }
        let mut players = [a, b];
        let mut rules = Game::new(game, Default::default());
        let mut at = Instant::now();
        while !stop.load(Ordering::Relaxed) && rules.outcome().is_none() {
            at += Duration::from_millis(interval.load(Ordering::Relaxed));
            tokio::time::sleep_until(at.into()).await;
            let turn = rules.position().turn().index();
            let legal = rules.legal_moves();
            let mv: Move = legal[rng.below(legal.len())];
            let text = notation::write_move(rules.position().variant(), mv);
            let ply = rules.moves().len() as u32;
            let sent = Instant::now();
            let msg = ClientMsg::Move { ply, mv: text };
            if players[turn]
                .ws
                .send(Message::Text(msg.encode().into()))
                .await
                .is_err()
            {
                tally.errors.fetch_add(1, Ordering::Relaxed);
                break;
            }
            let _ = rules.play(mv);
            // the opponent receives it: the latency; the mover's own echo is read after
            let other = 1 - turn;
            let mut got = false;
            while let Some(m) = next(&mut players[other].ws, Duration::from_secs(10)).await {
                if received(&mut players[other], &m, &tally) == Some(ply + 1) {
                    let us = sent.elapsed().as_micros() as u64;
                    tally.latencies_us.lock().await.push(us);
                    tally.moves.fetch_add(1, Ordering::Relaxed);
                    got = true;
                    break;
                }
            }
            let mut echoed = false;
            while let Some(m) = next(&mut players[turn].ws, Duration::from_secs(10)).await {
                if received(&mut players[turn], &m, &tally) == Some(ply + 1) {
                    echoed = true;
                    break;
                }
            }
            if !(got && echoed) {
                tally.lost.fetch_add(1, Ordering::Relaxed);
                break;
            }
        }
    }
}

/// The server's resident memory (kB), from /proc.
fn rss_kb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find(|l| l.starts_with("VmRSS:"))?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()
}

fn percentile(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)] as f64 / 1000.0
}

#[tokio::main]
async fn main() -> std::process::ExitCode {
    let args = Args::parse();
    match run(args).await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("koma-load: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

async fn run(args: Args) -> Result<(), String> {
    let scratch = std::env::temp_dir().join(format!("koma-load-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).map_err(|e| e.to_string())?;
    let url = std::env::var("KOMA_DATABASE_URL")
        .unwrap_or_else(|_| format!("sqlite://{}/koma.db?mode=rwc", scratch.display()));
    let mut child = tokio::process::Command::new(&args.server)
        .args(["--listen", "127.0.0.1:0", "--dist"])
        .arg(&scratch)
        .args(["--create-per-minute", "1000000", "--message-rate", "100"])
        .env("KOMA_DATABASE_URL", &url)
        .stdout(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .map_err(|e| format!("{}: {e}", args.server.display()))?;
    let pid = child.id().unwrap_or(0);
    let stdout = child.stdout.take().ok_or("no stdout")?;
    let mut line = String::new();
    BufReader::new(stdout)
        .read_line(&mut line)
        .await
        .map_err(|e| e.to_string())?;
    let base = line
        .split("listening on ")
        .nth(1)
        .and_then(|r| r.split_whitespace().next())
        .map(|u| u.trim_end_matches('/').to_string())
        .ok_or_else(|| format!("the server said {line:?}"))?;
    let database = if url.starts_with("postgres") {
        "postgres"
    } else {
        "sqlite"
    };
    println!(
        "koma-load: {} {} games (two clients each) on {base}, database {database}",
        args.games, args.game
    );
    let before = rss_kb(pid).unwrap_or(0);
    let tally = Arc::new(Tally::default());
    let stop = Arc::new(AtomicBool::new(false));
    let first = args.interval_ms.first().copied().unwrap_or(2000);
    let interval = Arc::new(AtomicU64::new(first));
    let (ready_tx, mut ready_rx) = tokio::sync::mpsc::channel(args.games.max(1));
    let mut tasks = Vec::new();
    for i in 0..args.games {
        tasks.push(tokio::spawn(slot(
            base.clone(),
            args.game,
            interval.clone(),
            stop.clone(),
            tally.clone(),
            0x9e37_79b9_7f4a_7c15 ^ (i as u64 + 1),
            ready_tx.clone(),
        )));
        // open games a few at a time (not all at once: a start is not the load measured)
        if i % 50 == 49 {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    drop(ready_tx);
    let mut ready = 0;
    while ready < args.games && ready_rx.recv().await.is_some() {
        ready += 1;
    }
    let loaded = rss_kb(pid).unwrap_or(0);
    println!(
        "koma-load: {ready} games open; server memory {before} kB before, {loaded} kB with them: {:.1} kB a game",
        (loaded.saturating_sub(before)) as f64 / ready.max(1) as f64
    );
    for &ms in &args.interval_ms {
        interval.store(ms, Ordering::Relaxed);
        // a phase's first two intervals settle the new rate; then it is measured
        tokio::time::sleep(Duration::from_millis(2 * ms)).await;
        tally.latencies_us.lock().await.clear();
        for c in [&tally.moves, &tally.errors, &tally.lost, &tally.duplicated] {
            c.store(0, Ordering::Relaxed);
        }
        let t = Instant::now();
        tokio::time::sleep(Duration::from_secs(args.seconds)).await;
        let secs = t.elapsed().as_secs_f64();
        let mut l = std::mem::take(&mut *tally.latencies_us.lock().await);
        l.sort_unstable();
        let moves = tally.moves.load(Ordering::Relaxed);
        println!(
            "koma-load: interval {ms} ms ({:.0} moves/s asked): {moves} moves in {secs:.1} s = {:.1} moves/s; \
             latency p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms; errors {}, lost {}, duplicated {}; server memory {} kB",
            args.games as f64 * 1000.0 / ms as f64,
            moves as f64 / secs,
            percentile(&l, 0.5),
            percentile(&l, 0.99),
            percentile(&l, 1.0),
            tally.errors.load(Ordering::Relaxed),
            tally.lost.load(Ordering::Relaxed),
            tally.duplicated.load(Ordering::Relaxed),
            rss_kb(pid).unwrap_or(0),
        );
    }
    stop.store(true, Ordering::Relaxed);
    for t in tasks {
        let _ = tokio::time::timeout(Duration::from_secs(15), t).await;
    }
    let _ = child.kill().await;
    let _ = std::fs::remove_dir_all(&scratch);
    Ok(())
}
