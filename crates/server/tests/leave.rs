//! A player who leaves a game: the others may claim it (a win or a draw) once every other seat
//! has been offline for the server's `--leave-seconds`, never while one is back, never in a
//! correspondence game. Real WebSocket clients on the real `koma-server` binary over a real
//! SQLite file and (where the test command started one) a real PostgreSQL cluster.
#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failure is a test failure

#[macro_use]
mod common;

use std::time::Duration;

use common::{Backend, Client, Db, Server, ask, rated_pair, sign_up, spec, token as seat_token};
use koma_wire::{ClientMsg, Connection, ServerMsg};
use reqwest::Method;

on_both!(
    a_rated_game_left_is_won_by_the_claim_and_rated,
    a_draw_is_claimed_and_a_return_stops_the_count,
    a_correspondence_game_cannot_be_claimed,
);

/// A server whose players wait one second for one who left.
const ONE_SECOND: &[&str] = &["--message-rate", "1000", "--leave-seconds", "1"];

/// The text of the refusal `msg` gets.
async fn refusal(c: &mut Client, msg: &ClientMsg) -> String {
    c.send(msg).await;
    c.until(|m| match m {
        ServerMsg::Error { message, .. } => Some(message.clone()),
        ServerMsg::Ended { .. } => panic!("ended: {m:?}"),
        _ => None,
    })
    .await
}

/// Until `c` is told seat `seat` is `connection`.
async fn seat_is(c: &mut Client, seat: usize, connection: Connection) {
    c.until(|m| match m {
        ServerMsg::Seats { seats } if seats[seat].connection == connection => Some(()),
        _ => None,
    })
    .await;
}

const CLAIM: ClientMsg = ClientMsg::Claim { draw: false };
const CLAIM_DRAW: ClientMsg = ClientMsg::Claim { draw: true };

async fn a_rated_game_left_is_won_by_the_claim_and_rated(backend: Backend) {
    let db = Db::new(&backend).await;
    let server = Server::start(&db, ONE_SECOND);
    let hanako = sign_up(&server, "Hanako").await;
    let taro = sign_up(&server, "Taro").await;
    let (created, link) = rated_pair(&server, "minishogi", "300+0", &hanako, &taro).await;
    let id = created.id.clone();
    let mut sente = Client::join(&server, &id, Some(&seat_token(&created.seats[0])), "h").await;
    assert_eq!(sente.snapshot.as_ref().unwrap().leave_ms, Some(1000));
    let mut gote = Client::join(&server, &id, Some(&seat_token(&link)), "t").await;
    sente
        .until(|m| matches!(m, ServerMsg::Started { .. }).then_some(()))
        .await;
    sente.play("4e4d").await;
    gote.catch_up(1).await;
    // Taro is here: nothing to claim
    assert_eq!(
        refusal(&mut sente, &CLAIM).await,
        "the other players are here: the game goes on"
    );
    // Taro's connection ends; the claim waits for the second to pass
    drop(gote);
    seat_is(&mut sente, 1, Connection::Offline).await;
    assert_eq!(
        refusal(&mut sente, &CLAIM).await,
        "wait 1 s more for the others to come back"
    );
    tokio::time::sleep(Duration::from_millis(1100)).await;
    sente.send(&CLAIM).await;
    let outcome = sente.ended().await;
    assert_eq!(
        (outcome.winner, outcome.reason.id(), outcome.by),
        (Some(0), "abandoned", Some(0))
    );
    // rated like any end: both ratings changed
    let me = ask(&server, Method::GET, "/api/me", None, Some(&hanako), &[]).await;
    assert!(
        me.body["ratings"]["minishogi"]["blitz"]["rating"]
            .as_i64()
            .unwrap()
            > 1500
    );
    let them = ask(&server, Method::GET, "/api/me", None, Some(&taro), &[]).await;
    assert!(
        them.body["ratings"]["minishogi"]["blitz"]["rating"]
            .as_i64()
            .unwrap()
            < 1500
    );
    // Taro coming back finds the game over, lost
    let back = Client::join(&server, &id, Some(&seat_token(&link)), "t").await;
    let snap = back.snapshot.unwrap();
    assert_eq!(snap.outcome.map(|o| o.winner), Some(Some(0)));
}

async fn a_draw_is_claimed_and_a_return_stops_the_count(backend: Backend) {
    let db = Db::new(&backend).await;
    let server = Server::start(&db, ONE_SECOND);
    let mut game = spec("shogi");
    game.start.clock = Some("600+10".parse().unwrap());
    let created = server.create(&game).await;
    let id = created.id.clone();
    let mut sente = Client::join(&server, &id, Some(&seat_token(&created.seats[0])), "a").await;
    let gote_token = seat_token(&created.seats[1]);
    let mut gote = Client::join(&server, &id, Some(&gote_token), "b").await;
    sente
        .until(|m| matches!(m, ServerMsg::Started { .. }).then_some(()))
        .await;
    sente.play("7g7f").await;
    gote.catch_up(1).await;
    // gote leaves and comes back within the second: the count starts again from its next leave
    drop(gote);
    seat_is(&mut sente, 1, Connection::Offline).await;
    let mut gote = Client::join(&server, &id, Some(&gote_token), "b").await;
    seat_is(&mut sente, 1, Connection::Online).await;
    tokio::time::sleep(Duration::from_millis(1100)).await;
    assert_eq!(
        refusal(&mut sente, &CLAIM_DRAW).await,
        "the other players are here: the game goes on"
    );
    gote.play("3c3d").await;
    sente.catch_up(2).await;
    drop(gote);
    seat_is(&mut sente, 1, Connection::Offline).await;
    assert!(
        refusal(&mut sente, &CLAIM_DRAW)
            .await
            .starts_with("wait 1 s")
    );
    tokio::time::sleep(Duration::from_millis(1100)).await;
    sente.send(&CLAIM_DRAW).await;
    let outcome = sente.ended().await;
    assert_eq!((outcome.winner, outcome.reason.id()), (None, "abandoned"));
    // stored so
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(&db.url).await.unwrap();
    let (status, reason): (String, Option<String>) =
        sqlx::query_as("SELECT status, reason FROM games WHERE id = $1")
            .bind(&id)
            .fetch_one(&pool)
            .await
            .unwrap();
    pool.close().await;
    assert_eq!(
        (status.as_str(), reason.as_deref()),
        ("finished", Some("abandoned"))
    );
}

async fn a_correspondence_game_cannot_be_claimed(backend: Backend) {
    let db = Db::new(&backend).await;
    let server = Server::start(&db, ONE_SECOND);
    let mut game = spec("minishogi");
    game.start.clock = Some("3d".parse().unwrap());
    let created = server.create(&game).await;
    let id = created.id.clone();
    let mut sente = Client::join(&server, &id, Some(&seat_token(&created.seats[0])), "a").await;
    assert_eq!(sente.snapshot.as_ref().unwrap().leave_ms, None);
    let gote = Client::join(&server, &id, Some(&seat_token(&created.seats[1])), "b").await;
    sente
        .until(|m| matches!(m, ServerMsg::Started { .. }).then_some(()))
        .await;
    drop(gote);
    seat_is(&mut sente, 1, Connection::Offline).await;
    tokio::time::sleep(Duration::from_millis(1100)).await;
    assert_eq!(
        refusal(&mut sente, &CLAIM).await,
        "a correspondence game cannot be claimed: its clock decides"
    );
}
