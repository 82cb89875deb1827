//! PostgreSQL restarted in the middle of a game played on two servers: both servers close their
//! clients' sockets with 1013 (the app shows "reconnecting"), their pools and relay listeners
//! connect again, the clients join again, and the game goes on with every move where it
//! belongs. A test
//! binary of its own, so that no other test uses the cluster while it restarts. Skipped, with a
//! line saying so, where the test command started no cluster it can restart.
#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failure is a test failure

mod common;

use std::time::{Duration, Instant};

use common::{Backend, rejoin, stored, token};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_database_restarts_mid_game_and_the_game_goes_on() {
    let Some(pg) = Backend::postgres() else {
        return;
    };
    let Ok(restart) = std::env::var("KOMA_TEST_POSTGRES_RESTART") else {
        eprintln!("skipped: KOMA_TEST_POSTGRES_RESTART is not set (cargo xtask test sets it)");
        return;
    };
    let (db, a, b, created, mut sente, mut gote) = common::on_two(&pg, "shogi").await;
    sente.play("7g7f").await;
    gote.catch_up(1).await;
    gote.play("3c3d").await;
    sente.catch_up(2).await;
    // the restart (pg_ctl restart -m fast: every connection is cut)
    let status = std::process::Command::new(&restart).status().unwrap();
    assert!(status.success(), "{restart}");
    // both clients are told to connect again later: the database is unreachable
    assert_eq!(sente.close_code().await, Some(1013), "sente's server");
    assert_eq!(gote.close_code().await, Some(1013), "gote's server");
    // both servers answer for their database again
    let t = Instant::now();
    for s in [&a, &b] {
        loop {
            let (code, _) = s.get("/api/health").await;
            if code == 200 {
                break;
            }
            assert!(
                t.elapsed() < Duration::from_secs(10),
                "health after the restart"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
    // each joins its server again, keeping what it has
    let mut sente = rejoin(
        &a.base,
        &created.id,
        &token(&created.seats[0]),
        Some(&sente),
    )
    .await;
    let mut gote = rejoin(&b.base, &created.id, &token(&created.seats[1]), Some(&gote)).await;
    // the game goes on across the two servers (the relay listens again)
    sente.play("2g2f").await;
    gote.catch_up(3).await;
    gote.play("8c8d").await;
    sente.catch_up(4).await;
    assert_eq!(
        stored(&db, &created.id).await,
        ["7g7f", "3c3d", "2g2f", "8c8d"]
    );
}
