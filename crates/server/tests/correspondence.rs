//! Correspondence games and games nobody watches, as players meet them: the real `koma-server`
//! binary, killed and started again over the same real SQLite file and (where the test command
//! started one) the same real PostgreSQL cluster.
#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failure is a test failure

#[macro_use]
mod common;

use common::{Backend, Client, Db, Server, ask, rated_pair, sign_up, spec, token};
use koma_wire::{GameStatus, MyGame};
use reqwest::Method;

on_both!(
    a_correspondence_game_waits_across_a_restart_for_a_move_from_another_device,
    a_game_its_players_left_ends_on_time_after_a_restart,
);

/// The server's sweep (expiry, clocks, pools) runs every second.
const SWEEP: &[&str] = &["--expire-seconds", "4"];

/// `GET /api/me/games` as the holder of `session`.
async fn my_games(server: &Server, session: &str) -> Vec<MyGame> {
    let a = ask(
        server,
        Method::GET,
        "/api/me/games",
        None,
        Some(session),
        &[],
    )
    .await;
    assert_eq!(a.status, 200, "{}", a.body);
    serde_json::from_value(a.body["games"].clone()).unwrap()
}

async fn a_correspondence_game_waits_across_a_restart_for_a_move_from_another_device(
    backend: Backend,
) {
    let db = Db::new(&backend).await;
    let server = Server::start(&db, SWEEP);
    let hanako = sign_up(&server, "Hanako").await;
    let taro = sign_up(&server, "Taro").await;
    let (created, _) = rated_pair(&server, "shogi", "1d", &hanako, &taro).await;
    let id = created.id.clone();
    // sente by its link; gote by its session alone (no token): the account's seat
    let mut sente = Client::join(&server, &id, Some(&token(&created.seats[0])), "x").await;
    let mut gote = Client::connect_signed_in(&server, &id, &taro).await;
    gote.hello(None, None, 0).await;
    assert_eq!(gote.seat, Some(1));
    sente.play("7g7f").await;
    gote.catch_up(1).await;
    // each sees the game on its list; it is gote's move
    let theirs = my_games(&server, &taro).await;
    assert_eq!(theirs.len(), 1);
    assert_eq!(
        (theirs[0].id.as_str(), theirs[0].seat, theirs[0].my_turn),
        (id.as_str(), 1, true)
    );
    assert_eq!(
        theirs[0].spec.start.clock.map(|c| c.to_string()),
        Some("1d".into())
    );
    assert!(!my_games(&server, &hanako).await[0].my_turn);
    // everybody leaves and the server dies; another starts on the same database
    drop((sente, gote));
    server.kill();
    let server = Server::start(&db, SWEEP);
    let theirs = my_games(&server, &taro).await;
    assert_eq!(
        (theirs[0].status, theirs[0].plies, theirs[0].my_turn),
        (GameStatus::Playing, 1, true)
    );
    // gote comes back on another device, signed in: its seat, the game as it was; it moves
    let mut phone = Client::connect_signed_in(&server, &id, &taro).await;
    let snap = phone.hello(None, None, 0).await;
    assert_eq!((phone.seat, snap.moves.len()), (Some(1), 1));
    phone.play("3c3d").await;
    assert!(my_games(&server, &hanako).await[0].my_turn);
    assert!(!my_games(&server, &taro).await[0].my_turn);
    // a watcher signed in as nobody of the game only watches
    let stranger = sign_up(&server, "Sun").await;
    let mut w = Client::connect_signed_in(&server, &id, &stranger).await;
    w.hello(None, None, 0).await;
    assert_eq!(w.seat, None);
    assert!(my_games(&server, &stranger).await.is_empty());
}

async fn a_game_its_players_left_ends_on_time_after_a_restart(backend: Backend) {
    let db = Db::new(&backend).await;
    let server = Server::start(&db, SWEEP);
    let mut s = spec("minishogi");
    s.start.clock = Some("3".parse().unwrap());
    let created = server.create(&s).await;
    let mut sente = Client::join(&server, &created.id, Some(&token(&created.seats[0])), "a").await;
    let mut gote = Client::join(&server, &created.id, Some(&token(&created.seats[1])), "b").await;
    sente.play("4e4d").await;
    gote.catch_up(1).await;
    drop((sente, gote));
    server.kill();
    let _server = Server::start(&db, SWEEP);
    // nobody connects: the server's sweep ends the game when gote's 3 s run out
    let store = koma_server::db::Db::open(&db.url).await.unwrap();
    let start = std::time::Instant::now();
    let game = loop {
        let g = store.load(&created.id).await.unwrap().unwrap().game;
        if g.status == GameStatus::Finished {
            break g;
        }
        assert!(
            start.elapsed().as_secs() < 15,
            "not ended on time: {:?}",
            g.status
        );
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    };
    let outcome = game.outcome.unwrap();
    assert_eq!(
        (outcome.winner, outcome.reason.id(), outcome.by),
        (Some(0), "time", Some(1))
    );
}
