//! Rated games as players meet them: accounts made over HTTP, rated games created and their
//! seats taken from the lobby, played by real WebSocket clients on the real `koma-server`
//! binary over a real SQLite file and (where the test command started one) a real PostgreSQL
//! cluster; the ratings read back from the API and the database.
#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failure is a test failure

#[macro_use]
mod common;

use common::{Backend, Client, Db, Rng, Server, ask, play_out, sign_up, token as seat_token};
use koma_wire::{ClientMsg, GameStatus, OfferKind, ServerMsg};
use reqwest::Method;

on_both!(
    a_rated_game_changes_both_ratings_once,
    a_rated_game_called_off_before_a_move_changes_no_rating,
    three_accounts_play_a_rated_hexagon_game_and_three_ratings_change,
);

/// A server for players who play as fast as the test can.
const FAST: &[&str] = &["--message-rate", "1000"];

/// `POST path` with `body` as the holder of session `cookie` (none: signed out).
async fn post(
    server: &Server,
    path: &str,
    body: serde_json::Value,
    cookie: Option<&str>,
) -> common::Answer {
    ask(server, Method::POST, path, Some(body), cookie, &[]).await
}

/// The rating `GET /api/me` shows for `game` and `speed`.
async fn my_rating(server: &Server, cookie: &str, game: &str, speed: &str) -> serde_json::Value {
    let me = ask(server, Method::GET, "/api/me", None, Some(cookie), &[]).await;
    assert_eq!(me.status, 200);
    me.body["ratings"][game][speed].clone()
}

/// The game's end as a player hears of it: told it ended, or (the server that lost the race
/// to store its own end) sent the game again, ended.
async fn end_seen(c: &mut Client) -> koma_wire::OutcomeView {
    c.until(|m| match m {
        ServerMsg::Ended { outcome, .. } => Some(outcome.clone()),
        ServerMsg::Welcome(s) => s.outcome.clone(),
        _ => None,
    })
    .await
}

/// How many rating changes the database holds for game `id`.
async fn changes(db: &Db, id: &str) -> i64 {
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(&db.url).await.unwrap();
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM rating_changes WHERE game_id = $1")
        .bind(id)
        .fetch_one(&pool)
        .await
        .unwrap();
    pool.close().await;
    n
}

async fn a_rated_game_changes_both_ratings_once(backend: Backend) {
    let db = Db::new(&backend).await;
    let server = Server::start(&db, FAST);
    let hanako = sign_up(&server, "Hanako").await;
    let taro = sign_up(&server, "Taro").await;
    let rated = serde_json::json!({
        "game": "minishogi", "clock": "300+0", "open": true, "rated": true, "seat": 0
    });
    // a rated game is made by a signed-in player, open, with a clock and the creator's seat
    let a = post(&server, "/api/games", rated.clone(), None).await;
    assert_eq!(a.status, 401, "{}", a.body);
    for (field, body) in [
        (
            "clock",
            serde_json::json!({"game": "minishogi", "open": true, "rated": true, "seat": 0}),
        ),
        (
            "open",
            serde_json::json!({"game": "minishogi", "clock": "300+0", "rated": true, "seat": 0}),
        ),
        (
            "seat",
            serde_json::json!({"game": "minishogi", "clock": "300+0", "open": true, "rated": true, "seat": 2}),
        ),
        (
            "handicap",
            serde_json::json!({"game": "shogi", "handicap": "lance", "clock": "300+0", "open": true, "rated": true, "seat": 0}),
        ),
        (
            "position",
            serde_json::json!({"game": "minishogi", "position": "rbsgk/4p/5/P4/KGSBR b - 1", "clock": "300+0", "open": true, "rated": true, "seat": 0}),
        ),
    ] {
        let a = post(&server, "/api/games", body, Some(&hanako)).await;
        assert_eq!(a.status, 400, "{}", a.body);
        assert!(
            a.body["error"].as_str().unwrap().starts_with(field),
            "{}",
            a.body
        );
    }
    let made = post(&server, "/api/games", rated, Some(&hanako)).await;
    assert_eq!(made.status, 201, "{}", made.body);
    let created: koma_wire::Created = serde_json::from_value(made.body).unwrap();
    assert_eq!(
        created.seats[1], "",
        "no link to the other seat: it is taken from the lobby"
    );
    let id = created.id.clone();
    // the lobby offers the seat nobody holds, under the creator's account name
    let lobby = ask(&server, Method::GET, "/api/lobby", None, None, &[]).await;
    let listed = &lobby.body["games"][0];
    assert_eq!(listed["id"], id.as_str());
    assert_eq!(listed["rated"], true);
    assert_eq!(listed["free"], serde_json::json!([1]));
    assert_eq!(listed["names"][0], "Hanako");
    // its seat is taken by another signed-in player only
    let take = format!("/api/games/{id}/take");
    let one = serde_json::json!({ "seat": 1 });
    assert_eq!(post(&server, &take, one.clone(), None).await.status, 401);
    let again = post(&server, &take, one.clone(), Some(&hanako)).await;
    assert_eq!(
        (again.status, again.body["error"].as_str()),
        (409, Some("you hold a seat of this game already"))
    );
    let hers = post(
        &server,
        &take,
        serde_json::json!({ "seat": 0 }),
        Some(&taro),
    )
    .await;
    assert_eq!(hers.status, 409, "{}", hers.body);
    let taken = post(&server, &take, one, Some(&taro)).await;
    assert_eq!(taken.status, 200, "{}", taken.body);
    let link = taken.body["link"].as_str().unwrap().to_string();
    // the players play under their accounts' names, whatever their hellos say
    let mut sente = Client::join(&server, &id, Some(&seat_token(&created.seats[0])), "x").await;
    let mut gote = Client::join(&server, &id, Some(&seat_token(&link)), "y").await;
    let names = gote
        .snapshot
        .as_ref()
        .map(|s| s.seats.iter().map(|s| s.name.clone()).collect::<Vec<_>>())
        .unwrap();
    assert_eq!(names, ["Hanako", "Taro"]);
    sente
        .until(|m| matches!(m, ServerMsg::Started { .. } | ServerMsg::Welcome(_)).then_some(()))
        .await;
    sente.play("4e4d").await;
    gote.catch_up(1).await;
    // no takebacks in a rated game
    let (_, _) = sente
        .refused(&ClientMsg::Offer {
            what: OfferKind::Takeback,
        })
        .await;
    gote.send(&ClientMsg::Resign).await;
    let outcome = sente.ended().await;
    assert_eq!(
        (outcome.winner, outcome.reason.id()),
        (Some(0), "resignation")
    );
    // both ratings changed once, the winner's up, the loser's down, both provisional
    let won = my_rating(&server, &hanako, "minishogi", "blitz").await;
    let lost = my_rating(&server, &taro, "minishogi", "blitz").await;
    assert!(won["rating"].as_i64().unwrap() > 1500, "{won}");
    assert!(lost["rating"].as_i64().unwrap() < 1500, "{lost}");
    assert_eq!(
        (won["games"].as_i64(), won["provisional"].as_bool()),
        (Some(1), Some(true))
    );
    assert!(won["rd"].as_i64().unwrap() < 350);
    assert_eq!(changes(&db, &id).await, 2);
    // a late resignation of the finished game changes nothing
    let (code, _) = sente.refused(&ClientMsg::Resign).await;
    assert_eq!(code, koma_wire::ErrorCode::GameOver);
    assert_eq!(my_rating(&server, &hanako, "minishogi", "blitz").await, won);
    // a rematch by the accounts' sessions: rated again, colours swapped
    let rematch = format!("/api/games/{id}/rematch");
    let t = post(&server, &rematch, serde_json::json!({}), Some(&taro)).await;
    let h = post(&server, &rematch, serde_json::json!({}), Some(&hanako)).await;
    assert_eq!((t.status, h.status), (200, 200), "{} {}", t.body, h.body);
    assert_eq!(t.body["game"], h.body["game"]);
    assert_eq!(
        (&t.body["seat"], &h.body["seat"]),
        (&serde_json::json!(0), &serde_json::json!(1))
    );
    let again = Client::join(&server, t.body["game"].as_str().unwrap(), None, "w").await;
    let snap = again.snapshot.unwrap();
    assert!(snap.spec.rated);
    assert_eq!(
        snap.seats
            .iter()
            .map(|s| s.name.as_str())
            .collect::<Vec<_>>(),
        ["Taro", "Hanako"]
    );
    // the profile shows the ratings and the game in the history; no such player is a 404
    let profile = ask(&server, Method::GET, "/api/players/taro", None, None, &[]).await;
    assert_eq!(profile.status, 200);
    assert_eq!(profile.body["name"], "Taro");
    assert_eq!(profile.body["ratings"]["minishogi"]["blitz"], lost);
    assert_eq!(profile.body["history"][0]["id"], id.as_str());
    assert_eq!(profile.body["history"][0]["rating"], lost["rating"]);
    let nobody = ask(&server, Method::GET, "/api/players/nobody", None, None, &[]).await;
    assert_eq!(nobody.status, 404);
    // the games played, with their moves, filtered by game id
    let games = ask(
        &server,
        Method::GET,
        "/api/players/Hanako/games",
        None,
        None,
        &[],
    )
    .await;
    assert_eq!(games.status, 200, "{}", games.body);
    let played: koma_wire::PlayedGames = serde_json::from_value(games.body).unwrap();
    assert!(!played.more);
    assert_eq!(played.games.len(), 1);
    let g = &played.games[0];
    assert_eq!(
        (g.id.as_str(), g.seat, g.outcome.winner),
        (id.as_str(), 0, Some(0))
    );
    assert_eq!(
        (g.moves.clone(), g.names.clone()),
        (
            vec!["4e4d".to_string()],
            vec!["Hanako".to_string(), "Taro".to_string()]
        )
    );
    let shogi = ask(
        &server,
        Method::GET,
        "/api/players/Hanako/games?game=shogi&page=0",
        None,
        None,
        &[],
    )
    .await;
    assert_eq!(shogi.body["games"], serde_json::json!([]));
    let bad = ask(
        &server,
        Method::GET,
        "/api/players/Hanako/games?game=go",
        None,
        None,
        &[],
    )
    .await;
    assert_eq!(bad.status, 400);
    // every game in one archive: minishogi as KIF (no CSA: standard shogi's alone)
    let r = server
        .http()
        .get(format!("{}/api/players/hanako/export", server.base))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 200);
    assert_eq!(r.headers()["content-type"], "application/zip");
    let bytes = r.bytes().await.unwrap();
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes.to_vec())).unwrap();
    assert_eq!(zip.len(), 1);
    assert!(zip.file_names().all(|n| n.ends_with(&format!("-{id}.kif"))));
    let mut kif = String::new();
    std::io::Read::read_to_string(&mut zip.by_index(0).unwrap(), &mut kif).unwrap();
    for line in ["先手：Hanako", "後手：Taro", "投了"] {
        assert!(kif.contains(line), "{line} in {kif}");
    }
    // a deleted account's games stay, anonymised; the other player keeps the rating
    let gone = ask(
        &server,
        Method::DELETE,
        "/api/me",
        Some(serde_json::json!({ "password": "correct horse" })),
        Some(&taro),
        &[],
    )
    .await;
    assert_eq!(gone.status, 204);
    let w = Client::join(&server, &id, None, "w").await;
    let snap = w.snapshot.unwrap();
    assert_eq!(snap.status, GameStatus::Finished);
    assert_eq!(snap.seats[1].name, "");
    assert_eq!(my_rating(&server, &hanako, "minishogi", "blitz").await, won);
    // her next rated game waits in the lobby with her rating beside her name
    let next = post(
        &server,
        "/api/games",
        serde_json::json!({"game": "minishogi", "clock": "300+0", "open": true, "rated": true, "seat": 1}),
        Some(&hanako),
    )
    .await;
    assert_eq!(next.status, 201);
    let lobby = ask(&server, Method::GET, "/api/lobby", None, None, &[]).await;
    let listed = &lobby.body["games"][0];
    assert_eq!(listed["ratings"][1], won);
    assert_eq!(listed["ratings"][0], serde_json::Value::Null);
}

async fn a_rated_game_called_off_before_a_move_changes_no_rating(backend: Backend) {
    let db = Db::new(&backend).await;
    let server = Server::start(&db, FAST);
    let hanako = sign_up(&server, "Hanako").await;
    let taro = sign_up(&server, "Taro").await;
    let made = post(
        &server,
        "/api/games",
        serde_json::json!({"game": "shogi", "clock": "300+0", "open": true, "rated": true, "seat": 0}),
        Some(&hanako),
    )
    .await;
    let created: koma_wire::Created = serde_json::from_value(made.body).unwrap();
    let id = created.id.clone();
    let taken = post(
        &server,
        &format!("/api/games/{id}/take"),
        serde_json::json!({"seat": 1}),
        Some(&taro),
    )
    .await;
    let link = taken.body["link"].as_str().unwrap().to_string();
    let mut sente = Client::join(&server, &id, Some(&seat_token(&created.seats[0])), "x").await;
    let mut gote = Client::join(&server, &id, Some(&seat_token(&link)), "y").await;
    sente
        .until(|m| matches!(m, ServerMsg::Started { .. } | ServerMsg::Welcome(_)).then_some(()))
        .await;
    sente.play("7g7f").await;
    gote.catch_up(1).await;
    // sente has moved: it may resign, not call the game off
    let (code, _) = sente.refused(&ClientMsg::Abort).await;
    assert_eq!(code, koma_wire::ErrorCode::Refused);
    // gote has not: it calls the game off; everybody is told; no rating comes of it
    gote.send(&ClientMsg::Abort).await;
    let by = sente
        .until(|m| match m {
            ServerMsg::Aborted { by } => Some(*by),
            _ => None,
        })
        .await;
    assert_eq!(by, 1);
    for cookie in [&hanako, &taro] {
        let me = ask(&server, Method::GET, "/api/me", None, Some(cookie), &[]).await;
        assert_eq!(me.body["ratings"], serde_json::json!({}));
    }
    let (code, _) = sente.refused(&ClientMsg::Resign).await;
    assert_eq!(code, koma_wire::ErrorCode::GameOver);
    let store = koma_server::db::Db::open(&db.url).await.unwrap();
    let stored = store.load(&id).await.unwrap().unwrap();
    assert_eq!(
        (stored.game.status, stored.game.outcome),
        (GameStatus::Aborted, None)
    );
    assert_eq!(changes(&db, &id).await, 0);
    // a watcher sees it called off
    let w = Client::join(&server, &id, None, "w").await;
    assert_eq!(w.snapshot.unwrap().status, GameStatus::Aborted);
}

async fn three_accounts_play_a_rated_hexagon_game_and_three_ratings_change(backend: Backend) {
    let db = Db::new(&backend).await;
    let server = Server::start(&db, FAST);
    let cookies = [
        sign_up(&server, "Liu").await,
        sign_up(&server, "Cao").await,
        sign_up(&server, "Sun").await,
    ];
    let rated = serde_json::json!({
        "game": "sangoku", "clock": "600+0", "open": true, "rated": true, "seat": 0
    });
    let made = post(&server, "/api/games", rated, Some(&cookies[0])).await;
    assert_eq!(made.status, 201, "{}", made.body);
    let created: koma_wire::Created = serde_json::from_value(made.body).unwrap();
    let mut links = vec![created.seats[0].clone()];
    for (seat, cookie) in [(1, &cookies[1]), (2, &cookies[2])] {
        let t = post(
            &server,
            &format!("/api/games/{}/take", created.id),
            serde_json::json!({ "seat": seat }),
            Some(cookie),
        )
        .await;
        assert_eq!(t.status, 200, "{}", t.body);
        links.push(t.body["link"].as_str().unwrap().to_string());
    }
    let mut clients = Vec::new();
    for (i, link) in links.iter().enumerate() {
        let c = Client::join(
            &server,
            &created.id,
            Some(&seat_token(link)),
            &format!("P{i}"),
        )
        .await;
        clients.push(c);
    }
    let (outcome, _) = play_out(&mut clients, None, &mut Rng(11), 9, 900).await;
    let winner = usize::from(outcome.winner.expect("a general taken or on the centre"));
    // the winner first, the two others second together: three ratings changed once
    let mut after = Vec::new();
    for c in &cookies {
        after.push(my_rating(&server, c, "sangoku", "rapid").await);
    }
    for (i, r) in after.iter().enumerate() {
        assert_eq!(r["games"].as_i64(), Some(1), "{r}");
        let points = r["rating"].as_i64().unwrap();
        if i == winner {
            assert!(points > 1500, "{r}");
        } else {
            assert!(points < 1500, "{r}");
        }
    }
    let losers: Vec<i64> = (0..3)
        .filter(|&i| i != winner)
        .map(|i| after[i]["rating"].as_i64().unwrap())
        .collect();
    assert_eq!(losers[0], losers[1]);
    assert_eq!(changes(&db, &created.id).await, 3);
    // the hexagon's games export as the project's own text
    let bytes = server
        .http()
        .get(format!("{}/api/players/Liu/export", server.base))
        .send()
        .await
        .unwrap()
        .bytes()
        .await
        .unwrap();
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes.to_vec())).unwrap();
    let mut text = String::new();
    std::io::Read::read_to_string(&mut zip.by_index(0).unwrap(), &mut text).unwrap();
    assert!(
        text.starts_with("game sangoku\nplayers Liu, Cao, Sun\n"),
        "{text}"
    );
    assert!(text.contains("\nresult "), "{text}");
}

/// Two servers hold one rated game; both seats resign at once, each on its own server, and a
/// third server that held a watcher is killed: one end is stored, the ratings change once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_end_raced_on_two_servers_and_a_killed_one_rates_once() {
    let Some(pg) = Backend::postgres() else {
        return;
    };
    let db = Db::new(&pg).await;
    let a = Server::start(&db, FAST);
    let b = Server::start(&db, FAST);
    let c = Server::start(&db, FAST);
    let hanako = sign_up(&a, "Hanako").await;
    let taro = sign_up(&b, "Taro").await;
    let made = post(
        &a,
        "/api/games",
        serde_json::json!({"game": "shogi", "clock": "60+0", "open": true, "rated": true, "seat": 1}),
        Some(&hanako),
    )
    .await;
    assert_eq!(made.status, 201, "{}", made.body);
    let created: koma_wire::Created = serde_json::from_value(made.body).unwrap();
    let taken = post(
        &b,
        &format!("/api/games/{}/take", created.id),
        serde_json::json!({ "seat": 0 }),
        Some(&taro),
    )
    .await;
    assert_eq!(taken.status, 200, "{}", taken.body);
    let mut gote = Client::join(&a, &created.id, Some(&seat_token(&created.seats[1])), "h").await;
    let link = taken.body["link"].as_str().unwrap().to_string();
    let mut sente = Client::join(&b, &created.id, Some(&seat_token(&link)), "t").await;
    let _watcher = Client::join(&c, &created.id, None, "w").await;
    gote.until(|m| matches!(m, ServerMsg::Started { .. } | ServerMsg::Welcome(_)).then_some(()))
        .await;
    sente.play("7g7f").await;
    gote.catch_up(1).await;
    c.kill();
    tokio::join!(
        sente.send(&ClientMsg::Resign),
        gote.send(&ClientMsg::Resign)
    );
    let (os, og) = tokio::join!(end_seen(&mut sente), end_seen(&mut gote));
    assert_eq!(os, og, "both servers tell one end");
    assert_eq!(changes(&db, &created.id).await, 2);
    let h = my_rating(&a, &hanako, "shogi", "bullet").await;
    let t = my_rating(&b, &taro, "shogi", "bullet").await;
    assert_eq!(
        (h["games"].as_i64(), t["games"].as_i64()),
        (Some(1), Some(1))
    );
    let winner_up = match os.winner {
        Some(1) => h["rating"].as_i64().unwrap() > 1500 && t["rating"].as_i64().unwrap() < 1500,
        Some(0) => t["rating"].as_i64().unwrap() > 1500 && h["rating"].as_i64().unwrap() < 1500,
        _ => false,
    };
    assert!(winner_up, "{os:?} {h} {t}");
}
