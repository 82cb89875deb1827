//! A site's faults in one run: 50 games played through HAProxy in front of three `koma-server`s
//! on one PostgreSQL database, while one server is killed (`kill -9`), PostgreSQL is restarted,
//! and another server is upgraded (SIGTERM, then a new process on its port). Every game is
//! played to its end (a win on the board, or a resignation after [`PLIES`] plies); afterwards
//! each game's moves in the database equal what both of its clients saw, with no gap and no
//! duplicate, and every game is stored as finished.
//!
//! A test binary of its own, since the database restarts. Skipped, with a line saying so, where
//! the test command started no PostgreSQL cluster it can restart, or found no HAProxy.
#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failure is a test failure

mod common;

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use common::{Client, Db, Rng, Server, choose, lb_create, rejoin, stored, token, try_play};
use koma_wire::{ClientMsg, GameStatus, ServerMsg};

/// Games played at once.
const GAMES: usize = 50;
/// Plies after which the side to move resigns (when the game has not ended before).
const PLIES: usize = 40;
/// The pause between two plies of a game: the games last long enough for the three faults.
const PACE: Duration = Duration::from_millis(150);

/// What the games' tasks count, for the test to check that the faults came mid-game.
#[derive(Default)]
struct Counts {
    finished: AtomicUsize,
    rejoined: AtomicUsize,
}

/// `c` joins again through the balancer, keeping what it has; counted.
async fn again(base: &str, id: &str, seat_token: &str, c: &mut Client, counts: &Counts) {
    *c = rejoin(base, id, seat_token, Some(&*c)).await;
    counts.rejoined.fetch_add(1, Ordering::Relaxed);
}

/// Whether `c` knows the game has ended: the rules' end on its own copy, or the server's word.
fn over(c: &Client, ended: bool) -> bool {
    ended
        || c.game.outcome().is_some()
        || c.snapshot
            .as_ref()
            .is_some_and(|s| s.status == GameStatus::Finished)
}

/// Whether `m` tells that the game has ended: `ended`, or the game sent again (as after a change
/// on another server) as finished.
fn tells_the_end(m: &ServerMsg) -> bool {
    match m {
        ServerMsg::Ended { .. } => true,
        ServerMsg::Welcome(s) => s.status == GameStatus::Finished,
        _ => false,
    }
}

/// Messages to `c` until it knows the game has ended (`ended`: it was told so already), joining
/// again when its connection goes.
async fn until_over(
    base: &str,
    id: &str,
    seat_token: &str,
    c: &mut Client,
    counts: &Counts,
    mut ended: bool,
) {
    while !over(c, ended) {
        match c.try_next().await {
            Some(m) => {
                ended |= tells_the_end(&m);
                c.note(&m);
            }
            None => again(base, id, seat_token, c, counts).await,
        }
    }
}

/// One game, both seats, through the balancer at `base`: the moves as each client saw them.
async fn play(base: String, seed: u64, counts: Arc<Counts>) -> (String, [Vec<String>; 2]) {
    let created = {
        let lb = base.clone();
        let t = Instant::now();
        loop {
            if let Some(c) = try_create(&lb).await {
                break c;
            }
            assert!(t.elapsed() < common::WAIT, "no server created the game");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    };
    let id = created.id.clone();
    let tokens = [token(&created.seats[0]), token(&created.seats[1])];
    let mut seats = [
        rejoin(&base, &id, &tokens[0], None).await,
        rejoin(&base, &id, &tokens[1], None).await,
    ];
    let mut rng = Rng(seed);
    let mut i = 0;
    while i < PLIES && !over(&seats[0], false) && !over(&seats[1], false) {
        tokio::time::sleep(PACE).await;
        let (m, o) = (i % 2, 1 - i % 2);
        let mv = {
            let c = &mut seats[m];
            let chosen = choose(&mut c.game, &mut rng, 3);
            c.text(chosen)
        };
        // the mover plays; a lost connection (or a move the database could not store) is joined
        // again, and the move sent again if the server had not stored it
        while seats[m].plies() as usize <= i {
            if try_play(&mut seats[m], &mv).await.is_none() {
                again(&base, &id, &tokens[m], &mut seats[m], &counts).await;
            }
        }
        // the other side hears of it, joining again if its connection goes
        while seats[o].plies() as usize <= i {
            match seats[o].try_next().await {
                Some(msg) => seats[o].note(&msg),
                None => again(&base, &id, &tokens[o], &mut seats[o], &counts).await,
            }
        }
        i += 1;
    }
    let mut told = [false; 2];
    if !over(&seats[0], false) && !over(&seats[1], false) {
        // the side to move resigns; a lost connection is joined again and the game looked at
        let m = i % 2;
        loop {
            seats[m].send(&ClientMsg::Resign).await;
            let mut ended = false;
            while !ended {
                match seats[m].try_next().await {
                    Some(msg) => {
                        ended = tells_the_end(&msg);
                        seats[m].note(&msg);
                    }
                    None => break,
                }
            }
            if ended {
                told[m] = true;
                break;
            }
            again(&base, &id, &tokens[m], &mut seats[m], &counts).await;
            if over(&seats[m], false) {
                break;
            }
        }
    }
    for ((s, t), told) in seats.iter_mut().zip(&tokens).zip(told) {
        until_over(&base, &id, t, s, &counts, told).await;
    }
    counts.finished.fetch_add(1, Ordering::Relaxed);
    (id, [seats[0].seen(), seats[1].seen()])
}

/// Create a shogi game through the balancer, or none while no server can.
async fn try_create(base: &str) -> Option<koma_wire::Created> {
    let r = reqwest::Client::new()
        .post(format!("{base}/api/games"))
        .header("content-type", "application/json")
        .body(serde_json::to_string(&common::spec("shogi")).unwrap())
        .send()
        .await
        .ok()?;
    if r.status().as_u16() != 201 {
        return None;
    }
    r.json().await.ok()
}

/// The game's status as stored.
async fn stored_status(db: &Db, id: &str) -> String {
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(&db.url).await.unwrap();
    let (status,): (String,) = sqlx::query_as("SELECT status FROM games WHERE id = $1")
        .bind(id)
        .fetch_one(&pool)
        .await
        .unwrap();
    pool.close().await;
    status
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fifty_games_outlive_a_killed_server_a_database_restart_and_an_upgrade() {
    let Ok(restart) = std::env::var("KOMA_TEST_POSTGRES_RESTART") else {
        eprintln!("skipped: KOMA_TEST_POSTGRES_RESTART is not set (cargo xtask test sets it)");
        return;
    };
    let Some((db, ports, mut servers, lb)) = common::three_behind_haproxy().await else {
        return;
    };
    // (lb_create fails the test if the balancer cannot create a game before the faults)
    let _warm = lb_create(&lb).await;
    let counts = Arc::new(Counts::default());
    let games: Vec<_> = (0..GAMES)
        .map(|g| {
            tokio::spawn(play(
                lb.base.clone(),
                0x5eed_0000 + g as u64,
                counts.clone(),
            ))
        })
        .collect();
    let mid_game = |what: &str| {
        assert_eq!(
            counts.finished.load(Ordering::Relaxed),
            0,
            "{what} came after a game had ended"
        );
    };
    // 1. kill -9 the first server
    tokio::time::sleep(Duration::from_millis(1500)).await;
    mid_game("the kill");
    servers[0].take().unwrap().kill();
    // 2. restart PostgreSQL (every connection is cut; the servers close their sockets with
    //    1013 and connect again)
    tokio::time::sleep(Duration::from_millis(1000)).await;
    mid_game("the database's restart");
    let status =
        tokio::task::spawn_blocking(move || std::process::Command::new(&restart).status().unwrap())
            .await
            .unwrap();
    assert!(status.success(), "the restart script");
    // 3. upgrade the second server: SIGTERM, its exit within 10 s, a new process on its port
    tokio::time::sleep(Duration::from_millis(1000)).await;
    mid_game("the upgrade");
    let mut old = servers[1].take().unwrap();
    old.terminate();
    let (old, exit) = tokio::task::spawn_blocking(move || {
        let exit = old.wait_exit(Duration::from_secs(10));
        (old, exit)
    })
    .await
    .unwrap();
    assert!(exit.is_some(), "the stopping server exits within 10 s");
    drop(old);
    servers[1] = Some(Server::start_at(&db, ports[1], &[]));
    // every game ends, and what each client saw is what the database holds
    let mut done = Vec::new();
    for g in games {
        done.push(g.await.unwrap());
    }
    assert!(
        counts.rejoined.load(Ordering::Relaxed) >= GAMES,
        "the faults sent clients to other servers ({} rejoins)",
        counts.rejoined.load(Ordering::Relaxed)
    );
    for (id, [sente, gote]) in &done {
        let kept = stored(&db, id).await;
        assert!(!kept.is_empty(), "game {id} was played");
        assert_eq!(&kept, sente, "game {id}: sente saw the stored moves");
        assert_eq!(&kept, gote, "game {id}: gote saw the stored moves");
        assert_eq!(stored_status(&db, id).await, "finished", "game {id}");
    }
    eprintln!(
        "{GAMES} games to their end ({} plies in all) through a kill, a database restart and an \
         upgrade; {} rejoins",
        done.iter().map(|(_, [s, _])| s.len()).sum::<usize>(),
        counts.rejoined.load(Ordering::Relaxed)
    );
}
