//! `koma-load --players N --pool <pool id>`: signed-in players pairing through a quick pairing
//! pool and playing the rated games it makes them, over and over.
//!
//! Each player has an account (made first, on its server), waits in the pool on its server
//! (player `i` on server `i mod --servers`), asks every 250 ms until paired (the time from
//! joining to the answer with the game is its pairing time), opens its seat by its session on
//! the same server, and plays its side: a random legal move `--interval-ms` after the other
//! side's (the first at once), the side to move resigning after `--plies` plies; then it waits
//! in the pool again. With several servers the two players of a game are usually on different
//! servers, so moves reach the opponent through the database's relay. A move's relay time is
//! from its player sending it to the opponent receiving it (both players are in this process).
//! Each phase of `--seconds` reports pairings and their time p50/p99/max, moves a second and the
//! relay time p50/p99/max, and errors.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use futures_util::SinkExt;
use koma_rules::{Game, GameId, Move, notation};
use koma_wire::{ClientMsg, GameStatus, Pairing, ServerMsg};
use tokio::sync::Mutex;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

use crate::{Rng, Ws, percentile};

/// What every player adds to.
#[derive(Default)]
pub struct PoolTally {
    pairing_us: Mutex<Vec<u64>>,
    relay_us: Mutex<Vec<u64>>,
    /// When each move was sent: (game, ply) to the instant.
    sent: Mutex<HashMap<(String, u32), Instant>>,
    moves: AtomicU64,
    games: AtomicU64,
    errors: AtomicU64,
    /// The errors by what went wrong.
    kinds: Mutex<std::collections::BTreeMap<String, u64>>,
}

impl PoolTally {
    async fn error(&self, what: &str) {
        self.errors.fetch_add(1, Ordering::Relaxed);
        let kind: String = what.chars().take(60).collect();
        *self.kinds.lock().await.entry(kind).or_default() += 1;
    }
}

/// A new account on `base`: its session token.
async fn sign_up(http: &reqwest::Client, base: &str, name: &str) -> Result<String, String> {
    let r = http
        .post(format!("{base}/api/accounts"))
        .header("content-type", "application/json")
        .body(format!(
            r#"{{"name":"{name}","password":"load-test-password"}}"#
        ))
        .send()
        .await
        .map_err(|e| e.to_string())?;
    if r.status().as_u16() != 201 {
        return Err(format!("sign up {name}: {}", r.status()));
    }
    let cookie = r
        .headers()
        .get("set-cookie")
        .and_then(|v| v.to_str().ok())
        .and_then(|c| c.split(';').next())
        .and_then(|c| c.strip_prefix("koma_session="))
        .ok_or("no session cookie")?;
    Ok(cookie.to_string())
}

/// Ask the pool (`POST` to join, `GET` to poll) as the holder of `session`.
async fn ask(
    http: &reqwest::Client,
    base: &str,
    pool: &str,
    session: &str,
    join: bool,
) -> Result<Pairing, String> {
    let url = format!("{base}/api/pools/{pool}");
    let r = if join { http.post(url) } else { http.get(url) };
    let r = r
        .header("cookie", format!("koma_session={session}"))
        .send()
        .await
        .map_err(|e| e.to_string())?;
    if !r.status().is_success() {
        return Err(format!("pool: {}", r.status()));
    }
    r.json().await.map_err(|e| e.to_string())
}

/// The game's socket on `base`, opened by the session: the seat, and whether the game has
/// started.
async fn open(base: &str, id: &str, session: &str) -> Result<(Ws, u8, bool), String> {
    let url = format!("{}/api/games/{id}/socket", base.replace("http://", "ws://"));
    let mut request = url.into_client_request().map_err(|e| e.to_string())?;
    let cookie = format!("koma_session={session}")
        .parse()
        .map_err(|_| "a cookie header")?;
    request.headers_mut().insert("cookie", cookie);
    let (mut ws, _) = tokio_tungstenite::connect_async(request)
        .await
        .map_err(|e| e.to_string())?;
    let hello = ClientMsg::Hello {
        token: None,
        name: None,
        have: 0,
    };
    ws.send(Message::Text(hello.encode().into()))
        .await
        .map_err(|e| e.to_string())?;
    match crate::next(&mut ws, Duration::from_secs(30)).await {
        Some(ServerMsg::Welcome(s)) => {
            if !matches!(s.status, GameStatus::Playing | GameStatus::Waiting) {
                return Err(format!("paired to a game already over ({:?})", s.status));
            }
            let playing = s.status == GameStatus::Playing;
            s.seat
                .map(|seat| (ws, seat, playing))
                .ok_or_else(|| "the session opened no seat".to_string())
        }
        other => Err(format!("no welcome: {other:?}")),
    }
}

/// The opponent's move of ply `ply` reached this side: its relay time.
async fn relayed(tally: &PoolTally, id: &str, ply: u32) {
    if let Some(at) = tally.sent.lock().await.remove(&(id.to_string(), ply)) {
        tally
            .relay_us
            .lock()
            .await
            .push(at.elapsed().as_micros() as u64);
        tally.moves.fetch_add(1, Ordering::Relaxed);
    }
}

/// One game played to its end (or `plies`, then the side to move resigns).
#[allow(clippy::too_many_arguments)]
async fn play(
    (mut ws, seat, started): (Ws, u8, bool),
    id: &str,
    game: GameId,
    plies: usize,
    interval: Duration,
    rng: &mut Rng,
    tally: &PoolTally,
) -> Result<(), String> {
    let mut rules = Game::new(game, Default::default());
    let mut started = started;
    loop {
        let mine = rules.position().turn().0 == seat;
        if started && mine && rules.outcome().is_none() {
            tokio::time::sleep(interval).await;
            let ply = rules.moves().len() as u32;
            let msg = if rules.moves().len() >= plies {
                ClientMsg::Resign
            } else {
                let legal = rules.legal_moves();
                let mv: Move = legal[rng.below(legal.len())];
                let text = notation::write_move(rules.position().variant(), mv);
                tally
                    .sent
                    .lock()
                    .await
                    .insert((id.to_string(), ply + 1), Instant::now());
                ClientMsg::Move { ply, mv: text }
            };
            ws.send(Message::Text(msg.encode().into()))
                .await
                .map_err(|e| e.to_string())?;
        }
        // what the server says until it is this side's move again, or the end
        loop {
            let Some(m) = crate::next(&mut ws, Duration::from_secs(60)).await else {
                eprintln!(
                    "koma-load: game {id} seat {seat} heard nothing for 60 s (started {started}, {} plies known, {} to move)",
                    rules.moves().len(),
                    rules.position().turn().0
                );
                return Err("the socket went quiet".into());
            };
            match m {
                ServerMsg::Started { .. } => {
                    started = true;
                    break;
                }
                // the game sent again (its server read it from the database, as after a change
                // on another server): the moves this side lacks, then where it stands
                ServerMsg::Welcome(s) => {
                    let v = rules.position().variant();
                    for (i, text) in s.moves.iter().enumerate() {
                        let ply = s.from + i as u32 + 1;
                        if ply as usize <= rules.moves().len() {
                            continue;
                        }
                        let Ok(m) = notation::read_move(v, text) else {
                            return Err(format!("a move not read: {text}"));
                        };
                        let mover = rules.position().turn().0;
                        let _ = rules.play(m);
                        if mover != seat {
                            relayed(tally, id, ply).await;
                        }
                    }
                    match s.status {
                        GameStatus::Playing => {
                            started = true;
                            break;
                        }
                        GameStatus::Waiting => {}
                        _ => {
                            tally.games.fetch_add(1, Ordering::Relaxed);
                            return Ok(());
                        }
                    }
                }
                ServerMsg::Moved { ply, mv, .. } => {
                    let v = rules.position().variant();
                    let Ok(m) = notation::read_move(v, &mv) else {
                        return Err(format!("a move not read: {mv}"));
                    };
                    let mover = rules.position().turn().0;
                    let _ = rules.play(m);
                    if mover != seat {
                        relayed(tally, id, ply).await;
                    }
                    break;
                }
                ServerMsg::Ended { .. } | ServerMsg::Aborted { .. } | ServerMsg::Expired => {
                    tally.games.fetch_add(1, Ordering::Relaxed);
                    return Ok(());
                }
                ServerMsg::Error { code, .. } => {
                    tally.error(&format!("refused: {code:?}")).await;
                }
                _ => {}
            }
        }
    }
}

/// One player, until `stop`: into the pool, paired, the game played, and again.
#[allow(clippy::too_many_arguments)]
async fn player(
    base: String,
    pool: String,
    game: GameId,
    session: String,
    plies: usize,
    interval: Arc<AtomicU64>,
    stop: Arc<AtomicBool>,
    tally: Arc<PoolTally>,
    seed: u64,
) {
    let http = reqwest::Client::new();
    let mut rng = Rng(seed | 1);
    while !stop.load(Ordering::Relaxed) {
        let t = Instant::now();
        let mut state = ask(&http, &base, &pool, &session, true).await;
        while let Ok(p) = &state {
            if p.game.is_some() || stop.load(Ordering::Relaxed) {
                break;
            }
            tokio::time::sleep(Duration::from_millis(250)).await;
            state = ask(&http, &base, &pool, &session, false).await;
        }
        let id = match state {
            Ok(Pairing { game: Some(id), .. }) => id,
            Ok(_) => break,
            Err(e) => {
                tally.error(&e).await;
                tokio::time::sleep(Duration::from_millis(500)).await;
                continue;
            }
        };
        tally
            .pairing_us
            .lock()
            .await
            .push(t.elapsed().as_micros() as u64);
        let every = Duration::from_millis(interval.load(Ordering::Relaxed));
        let played = match open(&base, &id, &session).await {
            Ok(opened) => play(opened, &id, game, plies, every, &mut rng, &tally).await,
            Err(e) => Err(e),
        };
        if let Err(e) = played {
            tally.error(&e).await;
        }
    }
}

/// The pools mode: `players` accounts made on `bases`, then the phases.
#[allow(clippy::too_many_arguments)]
pub async fn run(
    bases: &[String],
    pool: &str,
    game: GameId,
    players: usize,
    plies: usize,
    intervals: &[u64],
    seconds: u64,
) -> Result<(), String> {
    let http = reqwest::Client::new();
    let made = Instant::now();
    let mut sessions = Vec::with_capacity(players);
    // accounts a few at a time (each is a password hash on its server)
    for chunk in (0..players).collect::<Vec<_>>().chunks(16) {
        let asks = chunk.iter().map(|&i| {
            let base = &bases[i % bases.len()];
            let http = &http;
            async move { sign_up(http, base, &format!("load{i:05}")).await }
        });
        for s in futures_util::future::join_all(asks).await {
            sessions.push(s?);
        }
    }
    println!(
        "koma-load: {players} accounts made in {:.1} s; pool {pool}, games of at most {plies} plies",
        made.elapsed().as_secs_f64()
    );
    let tally = Arc::new(PoolTally::default());
    let stop = Arc::new(AtomicBool::new(false));
    let interval = Arc::new(AtomicU64::new(intervals.first().copied().unwrap_or(1000)));
    let mut tasks = Vec::new();
    for (i, session) in sessions.into_iter().enumerate() {
        tasks.push(tokio::spawn(player(
            bases[i % bases.len()].clone(),
            pool.to_string(),
            game,
            session,
            plies,
            interval.clone(),
            stop.clone(),
            tally.clone(),
            0x9e37_79b9_7f4a_7c15 ^ (i as u64 + 1),
        )));
    }
    for &ms in intervals {
        interval.store(ms, Ordering::Relaxed);
        // the first seconds of a phase settle it; then it is measured
        tokio::time::sleep(Duration::from_secs(5)).await;
        tally.pairing_us.lock().await.clear();
        tally.relay_us.lock().await.clear();
        for c in [&tally.moves, &tally.games, &tally.errors] {
            c.store(0, Ordering::Relaxed);
        }
        tally.kinds.lock().await.clear();
        let t = Instant::now();
        tokio::time::sleep(Duration::from_secs(seconds)).await;
        let secs = t.elapsed().as_secs_f64();
        let mut pairing = std::mem::take(&mut *tally.pairing_us.lock().await);
        let mut relay = std::mem::take(&mut *tally.relay_us.lock().await);
        pairing.sort_unstable();
        relay.sort_unstable();
        println!(
            "koma-load: pools, interval {ms} ms, {players} players: {} pairings, pairing time p50 {:.1} ms, \
             p99 {:.1} ms, max {:.1} ms; {} games ended; {} moves = {:.1} moves/s, relay p50 {:.2} ms, \
             p99 {:.2} ms, max {:.2} ms; errors {} {:?}",
            pairing.len(),
            percentile(&pairing, 0.5),
            percentile(&pairing, 0.99),
            percentile(&pairing, 1.0),
            tally.games.load(Ordering::Relaxed),
            tally.moves.load(Ordering::Relaxed),
            tally.moves.load(Ordering::Relaxed) as f64 / secs,
            percentile(&relay, 0.5),
            percentile(&relay, 0.99),
            percentile(&relay, 1.0),
            tally.errors.load(Ordering::Relaxed),
            tally.kinds.lock().await,
        );
    }
    stop.store(true, Ordering::Relaxed);
    for t in tasks {
        t.abort();
    }
    Ok(())
}
