//! `koma-load`: load for `koma-server`, over loopback only.
//!
//! It starts `--servers` processes of the server binary it is given (on free loopback ports, over
//! a scratch SQLite file or the database `KOMA_DATABASE_URL` names; several servers need
//! PostgreSQL), opens `--games` games of two clients each, and in each game plays random legal
//! moves (chosen with `koma-rules`) at one move every `--interval-ms`, the two seats in turn.
//! With several servers the two seats of a game sit on two different servers, so that every move
//! reaches the opponent through the database's relay (LISTEN/NOTIFY). For every move it measures the time from the
//! mover's client sending it to the opponent's client receiving it, and it checks that every
//! move is received by both clients once and in order (a lost or duplicated move is counted).
//! Each `--interval-ms` given (a comma-separated list) is a phase of `--seconds`; each phase
//! reports moves per second, p50/p99/max latency, errors, lost and duplicated moves, the
//! servers' resident memory per game, and where the time went: the processor time of each
//! server, of PostgreSQL's processes and of the load generator itself, in cores (from `/proc`).
//! A game that ends is replaced by a new one.
//!
//! It raises its own limit of open files to what the sockets need (the servers it starts
//! inherit it), and connects only to the loopback servers it started.
//!
//! `cargo run --release -p koma-load -- --server target/release/koma-server --games 1000
//! --interval-ms 2000,1000,500 --seconds 30`; 10,000 games on three servers:
//! `KOMA_DATABASE_URL=postgres://... koma-load --servers 3 --games 10000 --interval-ms 5000`.
//!
//! With `--players N` it runs signed-in players pairing through a quick pairing pool instead
//! ([`pools`]): `KOMA_DATABASE_URL=postgres://... koma-load --servers 2 --players 2000 --pool
//! minishogi-blitz --interval-ms 1000`.

mod pools;

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
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// Load for koma-server over loopback.
#[derive(Parser, Debug)]
#[command(version, about)]
struct Args {
    /// The koma-server binary to start.
    #[arg(long, default_value = "target/release/koma-server")]
    server: PathBuf,
    /// Server processes on the one database (more than one needs PostgreSQL).
    #[arg(long, default_value_t = 1)]
    servers: usize,
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
    /// Signed-in players pairing through `--pool` (instead of `--games` made by link).
    #[arg(long, default_value_t = 0)]
    players: usize,
    /// The pool the players wait in (its game is the id's first part).
    #[arg(long, default_value = "minishogi-blitz")]
    pool: String,
    /// A pooled game's side to move resigns after this many plies.
    #[arg(long, default_value_t = 20)]
    plies: usize,
    /// (Internal) run as one of the client processes the first one starts: play `--games`
    /// games on the servers of `--bases`, report each phase as a JSON line.
    #[arg(long, hide = true)]
    worker: bool,
    /// (Internal) the servers a client process plays on.
    #[arg(long, hide = true, value_delimiter = ',')]
    bases: Vec<String>,
    /// (Internal) the number of this client process's first game among all.
    #[arg(long, hide = true, default_value_t = 0)]
    first_game: usize,
}

/// What a client process measured in one phase.
#[derive(serde::Serialize, serde::Deserialize, Default)]
struct Phase {
    moves: u64,
    errors: u64,
    lost: u64,
    duplicated: u64,
    latencies_us: Vec<u64>,
}

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// A client socket's read buffer, and the writes it gathers before sending.
const BUFFER_BYTES: usize = 8 * 1024;

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
    // small buffers: 20,000 sockets with tungstenite's default 128 KiB read buffer would hold
    // 2.5 GB in this process alone
    let config = WebSocketConfig::default()
        .read_buffer_size(BUFFER_BYTES)
        .write_buffer_size(BUFFER_BYTES);
    let (mut ws, _) = tokio_tungstenite::connect_async_with_config(url, Some(config), true)
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

/// One seat's client received a message: count it, and say the ply it brings the client to (a
/// `moved`, or a `welcome` with moves the client lacked).
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
        // the game sent again (a server that read it from the database, as when it had just
        // loaded the game): its moves count as received, once
        ServerMsg::Welcome(snap) => {
            let upto = snap.from + snap.moves.len() as u32;
            if snap.from > p.plies {
                tally
                    .lost
                    .fetch_add(u64::from(snap.from - p.plies), Ordering::Relaxed);
            }
            let new = upto > p.plies;
            p.plies = p.plies.max(upto);
            new.then_some(upto)
        }
        ServerMsg::Error { .. } => {
            tally.errors.fetch_add(1, Ordering::Relaxed);
            None
        }
        _ => None,
    }
}

/// Games one after another in one slot, until `stop`: a move every `interval`, the seats in
/// turn; each move timed from sending to the opponent's receiving it. Each game is created on
/// the first server and its seats joined on the two servers of `bases` (the same one twice
/// where there is one).
async fn slot(
    bases: [String; 2],
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
        let Ok(created) = create(&http, &bases[0], game).await else {
            tally.errors.fetch_add(1, Ordering::Relaxed);
            tokio::time::sleep(Duration::from_millis(500)).await;
            continue;
        };
        let (a, b) = match (
            join(&bases[0], &created.id, &created.seats[0]).await,
            join(&bases[1], &created.id, &created.seats[1]).await,
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
                if received(&mut players[other], &m, &tally).is_some_and(|p| p > ply) {
                    let us = sent.elapsed().as_micros() as u64;
                    tally.latencies_us.lock().await.push(us);
                    tally.moves.fetch_add(1, Ordering::Relaxed);
                    got = true;
                    break;
                }
            }
            let mut echoed = false;
            while let Some(m) = next(&mut players[turn].ws, Duration::from_secs(10)).await {
                if received(&mut players[turn], &m, &tally).is_some_and(|p| p > ply) {
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

/// A process's resident memory (kB), from /proc.
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

/// The processor time a process has had, in nanoseconds: user and system time from
/// `/proc/<pid>/stat` (in the kernel's ticks of 10 ms), threads that have ended included (a
/// server's password hashing runs on threads that come and go); 0 for a process that is gone.
fn cpu_ns(pid: u32) -> u64 {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
        return 0;
    };
    // the fields after the command's closing parenthesis: utime and stime are the 12th and
    // 13th of them
    let Some((_, rest)) = stat.rsplit_once(')') else {
        return 0;
    };
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<u64>().ok())
            .unwrap_or(0)
    };
    (ticks(11) + ticks(12)) * 10_000_000
}

/// The processes named `postgres` (the cluster's backends and workers).
fn postgres_pids() -> Vec<u32> {
    let Ok(procs) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    procs
        .flatten()
        .filter_map(|p| p.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| {
            std::fs::read_to_string(format!("/proc/{pid}/comm"))
                .is_ok_and(|c| c.trim() == "postgres")
        })
        .collect()
}

/// Processor time so far: each server's, PostgreSQL's (all its processes), and the load
/// generator's.
struct Cpu {
    servers: Vec<u64>,
    postgres: u64,
    load: u64,
}

impl Cpu {
    /// `load`: the load generator's processes (this one and its client processes).
    fn now(servers: &[u32], load: &[u32]) -> Cpu {
        Cpu {
            servers: servers.iter().map(|&p| cpu_ns(p)).collect(),
            postgres: postgres_pids().into_iter().map(cpu_ns).sum(),
            load: std::iter::once(std::process::id())
                .chain(load.iter().copied().filter(|p| !servers.contains(p)))
                .map(cpu_ns)
                .sum(),
        }
    }

    /// The cores used since `before` over `secs` seconds, as text.
    fn since(&self, before: &Cpu, secs: f64) -> String {
        let cores = |a: u64, b: u64| a.saturating_sub(b) as f64 / 1e9 / secs;
        let servers: Vec<String> = self
            .servers
            .iter()
            .zip(&before.servers)
            .map(|(a, b)| format!("{:.2}", cores(*a, *b)))
            .collect();
        format!(
            "cores used: servers {}, postgres {:.2}, koma-load {:.2}",
            servers.join(" + "),
            cores(self.postgres, before.postgres),
            cores(self.load, before.load)
        )
    }
}

/// Raise this process's limit of open files to at least `want` (its children inherit it): the
/// soft limit up to the hard one, and the hard one too where the process may (as root).
fn raise_open_files(want: u64) -> Result<u64, String> {
    use rlimit::Resource;
    let (soft, hard) = rlimit::getrlimit(Resource::NOFILE).map_err(|e| e.to_string())?;
    if soft >= want {
        return Ok(soft);
    }
    if hard < want && rlimit::setrlimit(Resource::NOFILE, want, want).is_ok() {
        return Ok(want);
    }
    let got = rlimit::increase_nofile_limit(want).map_err(|e| e.to_string())?;
    if got < want {
        return Err(format!(
            "{want} open files are needed and the limit is {got} (hard {hard}): raise it \
             (ulimit -n) or run fewer games"
        ));
    }
    Ok(got)
}

/// A server process on a free loopback port: the child and its base URL.
async fn start_server(
    binary: &std::path::Path,
    scratch: &std::path::Path,
    url: &str,
) -> Result<(tokio::process::Child, String), String> {
    let mut child = tokio::process::Command::new(binary)
        .args(["--listen", "127.0.0.1:0", "--dist"])
        .arg(scratch)
        .args(["--create-per-minute", "1000000", "--message-rate", "100"])
        .env("KOMA_DATABASE_URL", url)
        .stdout(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .map_err(|e| format!("{}: {e}", binary.display()))?;
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
    if !base.starts_with("http://127.0.0.1:") {
        return Err(format!("the server listens on {base}, not on loopback"));
    }
    Ok((child, base))
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

/// A client process: opens its games on the servers it is given, says `ready <games>` on
/// standard output, waits for a line on standard input, then runs the phases, each reported as
/// one JSON line ([`Phase`]).
async fn worker(args: Args) -> Result<(), String> {
    let tally = Arc::new(Tally::default());
    let stop = Arc::new(AtomicBool::new(false));
    let first = args.interval_ms.first().copied().unwrap_or(2000);
    let interval = Arc::new(AtomicU64::new(first));
    let (ready_tx, mut ready_rx) = tokio::sync::mpsc::channel(args.games.max(1));
    let mut tasks = Vec::new();
    let n = args.bases.len().max(1);
    let base = |k: usize| args.bases.get(k % n).cloned().unwrap_or_default();
    for i in 0..args.games {
        let g = args.first_game + i;
        tasks.push(tokio::spawn(slot(
            [base(g), base(g + 1)],
            args.game,
            interval.clone(),
            stop.clone(),
            tally.clone(),
            0x9e37_79b9_7f4a_7c15 ^ (g as u64 + 1),
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
    println!("ready {ready}");
    let mut go = String::new();
    BufReader::new(tokio::io::stdin())
        .read_line(&mut go)
        .await
        .map_err(|e| e.to_string())?;
    for &ms in &args.interval_ms {
        interval.store(ms, Ordering::Relaxed);
        // a phase's first two intervals settle the new rate; then it is measured
        tokio::time::sleep(Duration::from_millis(2 * ms)).await;
        tally.latencies_us.lock().await.clear();
        for c in [&tally.moves, &tally.errors, &tally.lost, &tally.duplicated] {
            c.store(0, Ordering::Relaxed);
        }
        tokio::time::sleep(Duration::from_secs(args.seconds)).await;
        let phase = Phase {
            moves: tally.moves.load(Ordering::Relaxed),
            errors: tally.errors.load(Ordering::Relaxed),
            lost: tally.lost.load(Ordering::Relaxed),
            duplicated: tally.duplicated.load(Ordering::Relaxed),
            latencies_us: std::mem::take(&mut *tally.latencies_us.lock().await),
        };
        println!(
            "{}",
            serde_json::to_string(&phase).map_err(|e| e.to_string())?
        );
    }
    stop.store(true, Ordering::Relaxed);
    for t in tasks {
        let _ = tokio::time::timeout(Duration::from_secs(15), t).await;
    }
    Ok(())
}

/// A client process started by the first one, with its output read line by line.
struct Worker {
    child: tokio::process::Child,
    out: tokio::io::Lines<BufReader<tokio::process::ChildStdout>>,
}

impl Worker {
    async fn line(&mut self) -> Result<String, String> {
        self.out
            .next_line()
            .await
            .map_err(|e| e.to_string())?
            .ok_or_else(|| "a client process ended early (see its messages above)".to_string())
    }
}

async fn run(args: Args) -> Result<(), String> {
    if args.worker {
        raise_open_files(2 * args.games as u64 + 256)?;
        return worker(args).await;
    }
    if args.servers == 0 {
        return Err("--servers: at least one".into());
    }
    let scratch = std::env::temp_dir().join(format!("koma-load-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).map_err(|e| e.to_string())?;
    let url = std::env::var("KOMA_DATABASE_URL")
        .unwrap_or_else(|_| format!("sqlite://{}/koma.db?mode=rwc", scratch.display()));
    let database = if url.starts_with("postgres") {
        "postgres"
    } else {
        "sqlite"
    };
    if args.servers > 1 && database != "postgres" {
        return Err(
            "several servers share a PostgreSQL database: set KOMA_DATABASE_URL=postgres://..."
                .into(),
        );
    }
    // each server holds its share of the sockets; the servers inherit this limit
    let files = raise_open_files((2 * args.games / args.servers) as u64 + 1024)?;
    // the clients' sockets are spread over processes that each stay within the limit
    let per_process = (files.saturating_sub(256) / 2).max(1) as usize;
    let processes = args.games.div_ceil(per_process).max(1);
    let mut children = Vec::new();
    let mut bases = Vec::new();
    for _ in 0..args.servers {
        let (child, base) = start_server(&args.server, &scratch, &url).await?;
        children.push(child);
        bases.push(base);
    }
    let pids: Vec<u32> = children.iter().map(|c| c.id().unwrap_or(0)).collect();
    if args.players > 0 {
        let game = args
            .pool
            .rsplit_once('-')
            .and_then(|(g, _)| g.parse::<GameId>().ok())
            .ok_or_else(|| format!("--pool {:?}: <game id>-<speed>", args.pool))?;
        println!(
            "koma-load: {} players in pool {} on {} server(s) {}, database {database}",
            args.players,
            args.pool,
            args.servers,
            bases.join(" ")
        );
        let cpu = Cpu::now(&pids, &[]);
        let t = Instant::now();
        let result = pools::run(
            &bases,
            &args.pool,
            game,
            args.players,
            args.plies,
            &args.interval_ms,
            args.seconds,
        )
        .await;
        println!(
            "koma-load: servers' memory {} kB; over the run {}",
            pids.iter().map(|&p| rss_kb(p).unwrap_or(0)).sum::<u64>(),
            Cpu::now(&pids, &[]).since(&cpu, t.elapsed().as_secs_f64())
        );
        for mut c in children {
            let _ = c.kill().await;
        }
        let _ = std::fs::remove_dir_all(&scratch);
        return result;
    }
    println!(
        "koma-load: {} {} games (two clients each) on {} server(s) {}, database {database}; \
         open files limit {files}, {processes} client process(es)",
        args.games,
        args.game,
        args.servers,
        bases.join(" ")
    );
    let memory = |pids: &[u32]| pids.iter().map(|&p| rss_kb(p).unwrap_or(0)).sum::<u64>();
    let before = memory(&pids);
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let intervals: Vec<String> = args.interval_ms.iter().map(u64::to_string).collect();
    let mut workers = Vec::new();
    for w in 0..processes {
        let first = w * args.games / processes;
        let games = (w + 1) * args.games / processes - first;
        let mut child = tokio::process::Command::new(&exe)
            .arg("--worker")
            .args(["--bases", &bases.join(",")])
            .args(["--first-game", &first.to_string()])
            .args(["--games", &games.to_string()])
            .args(["--interval-ms", &intervals.join(",")])
            .args(["--seconds", &args.seconds.to_string()])
            .args(["--game", args.game.as_str()])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .map_err(|e| format!("{}: {e}", exe.display()))?;
        let out = BufReader::new(child.stdout.take().ok_or("no stdout")?).lines();
        workers.push(Worker { child, out });
    }
    let mut ready = 0;
    for w in &mut workers {
        let line = w.line().await?;
        ready += line
            .strip_prefix("ready ")
            .and_then(|n| n.parse::<usize>().ok())
            .ok_or_else(|| format!("a client process said {line:?}"))?;
    }
    let loaded = memory(&pids);
    println!(
        "koma-load: {ready} games open; servers' memory {before} kB before, {loaded} kB with them: {:.1} kB a game",
        (loaded.saturating_sub(before)) as f64 / ready.max(1) as f64
    );
    for w in &mut workers {
        let stdin = w.child.stdin.as_mut().ok_or("no stdin")?;
        tokio::io::AsyncWriteExt::write_all(stdin, b"go\n")
            .await
            .map_err(|e| e.to_string())?;
    }
    let mut all = pids.clone();
    all.extend(workers.iter().filter_map(|w| w.child.id()));
    for &ms in &args.interval_ms {
        tokio::time::sleep(Duration::from_millis(2 * ms)).await;
        let cpu = Cpu::now(&pids, &all);
        let t = Instant::now();
        tokio::time::sleep(Duration::from_secs(args.seconds)).await;
        let secs = t.elapsed().as_secs_f64();
        let used = Cpu::now(&pids, &all).since(&cpu, secs);
        let mut sum = Phase::default();
        for w in &mut workers {
            let line = w.line().await?;
            let p: Phase = serde_json::from_str(&line)
                .map_err(|e| format!("a client process's report: {e}"))?;
            sum.moves += p.moves;
            sum.errors += p.errors;
            sum.lost += p.lost;
            sum.duplicated += p.duplicated;
            sum.latencies_us.extend(p.latencies_us);
        }
        let l = &mut sum.latencies_us;
        l.sort_unstable();
        println!(
            "koma-load: interval {ms} ms ({:.0} moves/s asked): {} moves in {secs:.1} s = {:.1} moves/s; \
             latency p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms; errors {}, lost {}, duplicated {}; servers' memory {} kB; {used}",
            args.games as f64 * 1000.0 / ms as f64,
            sum.moves,
            sum.moves as f64 / secs,
            percentile(l, 0.5),
            percentile(l, 0.99),
            percentile(l, 1.0),
            sum.errors,
            sum.lost,
            sum.duplicated,
            memory(&pids),
        );
    }
    for mut w in workers {
        let _ = tokio::time::timeout(Duration::from_secs(30), w.child.wait()).await;
    }
    for mut c in children {
        let _ = c.kill().await;
    }
    let _ = std::fs::remove_dir_all(&scratch);
    Ok(())
}
