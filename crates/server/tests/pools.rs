//! Quick pairing as players meet it: accounts made over HTTP wait in pools of the real
//! `koma-server` binary over a real SQLite file and (where the test command started one) a real
//! PostgreSQL cluster, are paired into rated games and play them over WebSockets.
#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failure is a test failure

#[macro_use]
mod common;

use common::{Backend, Client, Db, Server, ask, sign_up, token as seat_token};
use koma_wire::{ClientMsg, Pairing, ServerMsg};
use reqwest::Method;

on_both!(two_players_pair_through_a_pool_and_play_a_rated_game,);

/// `method /api/pools/<pool>` as the holder of `cookie`: status and state.
async fn pool(
    server: &Server,
    method: Method,
    id: &str,
    cookie: Option<&str>,
) -> (u16, serde_json::Value) {
    let a = ask(
        server,
        method,
        &format!("/api/pools/{id}"),
        None,
        cookie,
        &[],
    )
    .await;
    (a.status, a.body)
}

/// Polls until paired: the state with the game and link.
async fn paired(server: &Server, id: &str, cookie: &str) -> Pairing {
    let start = std::time::Instant::now();
    loop {
        let (status, body) = pool(server, Method::GET, id, Some(cookie)).await;
        assert_eq!(status, 200, "{body}");
        let p: Pairing = serde_json::from_value(body).unwrap();
        if p.game.is_some() {
            return p;
        }
        assert!(start.elapsed().as_secs() < 20, "not paired in 20 s: {p:?}");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}

async fn two_players_pair_through_a_pool_and_play_a_rated_game(backend: Backend) {
    let db = Db::new(&backend).await;
    let server = Server::start(&db, &[]);
    // the pools, each with its game, clock and speed
    let list = ask(&server, Method::GET, "/api/pools", None, None, &[]).await;
    let pools = list.body["pools"].as_array().unwrap();
    assert_eq!(pools.len(), 7);
    let blitz = pools.iter().find(|p| p["id"] == "shogi-blitz").unwrap();
    assert_eq!(
        (
            &blitz["game"],
            &blitz["clock"],
            &blitz["speed"],
            &blitz["players"],
            &blitz["waiting"]
        ),
        (
            &serde_json::json!("shogi"),
            &serde_json::json!("180+10"),
            &serde_json::json!("blitz"),
            &serde_json::json!(2),
            &serde_json::json!(0)
        )
    );
    assert_eq!(
        pools.iter().find(|p| p["id"] == "sangoku-rapid").unwrap()["players"],
        3
    );
    // pools are for signed-in players; an unknown pool is a 404
    assert_eq!(
        pool(&server, Method::POST, "shogi-blitz", None).await.0,
        401
    );
    let hanako = sign_up(&server, "Hanako").await;
    let taro = sign_up(&server, "Taro").await;
    let sun = sign_up(&server, "Sun").await;
    assert_eq!(
        pool(&server, Method::POST, "go-blitz", Some(&hanako))
            .await
            .0,
        404
    );
    // one waits, and is seen waiting
    let (status, body) = pool(&server, Method::POST, "shogi-blitz", Some(&hanako)).await;
    assert_eq!(
        (status, &body["waiting"]),
        (200, &serde_json::json!(1)),
        "{body}"
    );
    let list = ask(&server, Method::GET, "/api/pools", None, None, &[]).await;
    let waiting = |l: &serde_json::Value, id: &str| {
        l["pools"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["id"] == id)
            .unwrap()["waiting"]
            .clone()
    };
    assert_eq!(waiting(&list.body, "shogi-blitz"), 1);
    // a third waits in another pool, then leaves it
    assert_eq!(
        pool(&server, Method::POST, "minishogi-blitz", Some(&sun))
            .await
            .0,
        200
    );
    assert_eq!(
        pool(&server, Method::DELETE, "minishogi-blitz", Some(&sun))
            .await
            .0,
        204
    );
    assert_eq!(
        pool(&server, Method::GET, "minishogi-blitz", Some(&sun))
            .await
            .0,
        404
    );
    // the second is paired at once; the first hears of it on its next word
    let (status, body) = pool(&server, Method::POST, "shogi-blitz", Some(&taro)).await;
    assert_eq!(status, 200, "{body}");
    let t: Pairing = serde_json::from_value(body).unwrap();
    let id = t.game.clone().unwrap();
    // the second goes to its seat first (the game is loaded): the first's link, given after,
    // opens its seat all the same
    let second = Client::join(
        &server,
        &id,
        Some(&seat_token(t.link.as_deref().unwrap())),
        "y",
    )
    .await;
    let h = paired(&server, "shogi-blitz", &hanako).await;
    assert_eq!(t.game, h.game);
    let list = ask(&server, Method::GET, "/api/pools", None, None, &[]).await;
    assert_eq!(waiting(&list.body, "shogi-blitz"), 0);
    // each seat's link: the game is rated, under the accounts' names, and not in the lobby
    let first = Client::join(
        &server,
        &id,
        Some(&seat_token(h.link.as_deref().unwrap())),
        "x",
    )
    .await;
    // asked again once taken, the pool gives the game without a link
    let again = paired(&server, "shogi-blitz", &hanako).await;
    assert_eq!(
        (again.game.as_deref(), again.link.as_deref()),
        (Some(id.as_str()), None)
    );
    let mut clients = [first, second];
    let lobby = ask(&server, Method::GET, "/api/lobby", None, None, &[]).await;
    assert_eq!(lobby.body["games"], serde_json::json!([]));
    clients[1]
        .until(|m| matches!(m, ServerMsg::Started { .. }).then_some(()))
        .await;
    let snap_names: Vec<String> = clients[1]
        .snapshot
        .as_ref()
        .unwrap()
        .seats
        .iter()
        .map(|s| s.name.clone())
        .collect();
    let mut sorted = snap_names.clone();
    sorted.sort();
    assert_eq!(sorted, ["Hanako", "Taro"]);
    // sente resigns: gote's account gains
    let sente = usize::from(clients[0].seat.unwrap() != 0);
    clients[sente].send(&ClientMsg::Resign).await;
    let outcome = clients[1 - sente].ended().await;
    assert_eq!(outcome.winner, Some(1));
    let gote_cookie = if snap_names[1] == "Hanako" {
        &hanako
    } else {
        &taro
    };
    let me = ask(
        &server,
        Method::GET,
        "/api/me",
        None,
        Some(gote_cookie),
        &[],
    )
    .await;
    let r = &me.body["ratings"]["shogi"]["blitz"];
    assert!(r["rating"].as_i64().unwrap() > 1500, "{}", me.body);
    // the game over, both join again at once (before any sweep): they wait afresh, and are
    // paired into a new game, never sent back to the one that ended
    let (status, body) = pool(&server, Method::POST, "shogi-blitz", Some(&hanako)).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["game"], serde_json::Value::Null, "{body}");
    let (status, body) = pool(&server, Method::POST, "shogi-blitz", Some(&taro)).await;
    assert_eq!(status, 200, "{body}");
    assert_ne!(body["game"], serde_json::json!(id), "{body}");
    // their ratings now differ: the range widens while they wait, and they meet again
    let (t, h) = tokio::join!(
        paired(&server, "shogi-blitz", &taro),
        paired(&server, "shogi-blitz", &hanako)
    );
    assert!(t.game.as_ref().is_some_and(|g| *g != id), "{t:?}");
    assert_eq!(h.game, t.game);
}

/// Forty players wait in one pool through two servers at once: each is paired exactly once,
/// never with itself, and every game has two accounts.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_servers_never_pair_one_player_twice() {
    let Some(pg) = Backend::postgres() else {
        return;
    };
    let db = Db::new(&pg).await;
    let servers = [Server::start(&db, &[]), Server::start(&db, &[])];
    let mut cookies = Vec::new();
    for i in 0..40 {
        cookies.push(sign_up(&servers[i % 2], &format!("P{i:02}")).await);
    }
    let joins = cookies.iter().enumerate().map(|(i, c)| {
        let server = &servers[i % 2];
        async move {
            let (status, body) = pool(server, Method::POST, "minishogi-blitz", Some(c)).await;
            assert_eq!(status, 200, "{body}");
            paired(server, "minishogi-blitz", c).await
        }
    });
    let pairings = futures_util::future::join_all(joins).await;
    let mut by_game: std::collections::BTreeMap<String, usize> = Default::default();
    for p in &pairings {
        *by_game.entry(p.game.clone().unwrap()).or_default() += 1;
    }
    assert_eq!(by_game.len(), 20, "{by_game:?}");
    assert!(by_game.values().all(|&n| n == 2), "{by_game:?}");
    // in the database: each account holds one seat, and no game seats one account twice
    sqlx::any::install_default_drivers();
    let pool_db = sqlx::AnyPool::connect(&db.url).await.unwrap();
    let seats: Vec<(String, String)> =
        sqlx::query_as("SELECT game_id, account_id FROM seats WHERE account_id IS NOT NULL")
            .fetch_all(&pool_db)
            .await
            .unwrap();
    pool_db.close().await;
    assert_eq!(seats.len(), 40);
    let mut accounts: Vec<&String> = seats.iter().map(|(_, a)| a).collect();
    accounts.sort();
    accounts.dedup();
    assert_eq!(accounts.len(), 40);
}
