//! Seeks with a rating range and challenges to named players, as players meet them: accounts
//! made over HTTP, games made and taken through the API, played by real WebSocket clients on
//! the real `koma-server` binary over a real SQLite file and (where the test command started
//! one) a real PostgreSQL cluster.
#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failure is a test failure

#[macro_use]
mod common;

use common::{Backend, Client, Db, Server, ask, sign_up, token as seat_token};
use koma_wire::{ClientMsg, ServerMsg};
use reqwest::Method;

on_both!(
    a_seek_admits_only_ratings_in_its_range,
    a_challenge_keeps_its_seat_for_the_player_named,
    a_challenge_declined_is_called_off_for_everybody,
    a_hexagon_challenge_seats_both_players_named_after_the_challenger,
);

/// A server for players who play as fast as the test can.
const FAST: &[&str] = &["--message-rate", "1000"];

async fn post(
    server: &Server,
    path: &str,
    body: serde_json::Value,
    cookie: Option<&str>,
) -> common::Answer {
    ask(server, Method::POST, path, Some(body), cookie, &[]).await
}

/// The answer's error text.
fn said(a: &common::Answer) -> &str {
    a.body["error"].as_str().unwrap_or("")
}

/// `winner` beats `loser` in a rated minishogi blitz game (the loser resigns after a move):
/// the winner's rating there rises above 1500.
async fn win_rated(server: &Server, winner: &str, loser: &str) {
    let made = post(
        server,
        "/api/games",
        serde_json::json!({"game": "minishogi", "clock": "300+0", "open": true, "rated": true, "seat": 0}),
        Some(winner),
    )
    .await;
    assert_eq!(made.status, 201, "{}", made.body);
    let created: koma_wire::Created = serde_json::from_value(made.body).unwrap();
    let id = created.id.clone();
    let taken = post(
        server,
        &format!("/api/games/{id}/take"),
        serde_json::json!({"seat": 1}),
        Some(loser),
    )
    .await;
    assert_eq!(taken.status, 200, "{}", taken.body);
    let mut a = Client::join(server, &id, Some(&seat_token(&created.seats[0])), "a").await;
    let link = taken.body["link"].as_str().unwrap().to_string();
    let mut b = Client::join(server, &id, Some(&seat_token(&link)), "b").await;
    a.until(|m| matches!(m, ServerMsg::Started { .. } | ServerMsg::Welcome(_)).then_some(()))
        .await;
    a.play("4e4d").await;
    b.catch_up(1).await;
    b.send(&ClientMsg::Resign).await;
    assert_eq!(a.ended().await.winner, Some(0));
}

async fn a_seek_admits_only_ratings_in_its_range(backend: Backend) {
    let db = Db::new(&backend).await;
    let server = Server::start(&db, FAST);
    let hanako = sign_up(&server, "Hanako").await;
    let taro = sign_up(&server, "Taro").await;
    let jiro = sign_up(&server, "Jiro").await;
    // Taro wins once: his minishogi blitz rating is now above 1600
    win_rated(&server, &taro, &jiro).await;
    let me = ask(&server, Method::GET, "/api/me", None, Some(&taro), &[]).await;
    let taro_rating = me.body["ratings"]["minishogi"]["blitz"]["rating"]
        .as_i64()
        .unwrap();
    assert!(taro_rating > 1600, "{}", me.body);
    // a range is for a rated seek, from its min to its max
    for (body, field) in [
        (
            serde_json::json!({"game": "minishogi", "clock": "300+0", "open": true, "range": {"min": 1400, "max": 1600}}),
            "range",
        ),
        (
            serde_json::json!({"game": "minishogi", "clock": "300+0", "open": true, "rated": true, "seat": 0, "range": {"min": 1700, "max": 1600}}),
            "range",
        ),
        (
            serde_json::json!({"game": "minishogi", "clock": "300+0", "open": true, "rated": true, "seat": 0, "range": {"min": 1400, "max": 9000}}),
            "range",
        ),
        (
            serde_json::json!({"game": "minishogi", "clock": "300+0", "open": true, "rated": true, "seat": 0, "range": {"min": 1400}}),
            "range",
        ),
    ] {
        let a = post(&server, "/api/games", body, Some(&hanako)).await;
        assert_eq!(a.status, 400, "{}", a.body);
        assert!(said(&a).contains(field), "{}", a.body);
    }
    // a seek for 1300 to 1600: Jiro (below 1500 after his loss) may take it, Taro may not
    let low = post(
        &server,
        "/api/games",
        serde_json::json!({"game": "minishogi", "clock": "300+0", "open": true, "rated": true, "seat": 0, "range": {"min": 1300, "max": 1600}}),
        Some(&hanako),
    )
    .await;
    assert_eq!(low.status, 201, "{}", low.body);
    let low_id = low.body["id"].as_str().unwrap().to_string();
    let lobby = ask(&server, Method::GET, "/api/lobby", None, None, &[]).await;
    let listed = lobby.body["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == low_id.as_str())
        .unwrap()
        .clone();
    assert_eq!(
        listed["range"],
        serde_json::json!({"min": 1300, "max": 1600})
    );
    let take = format!("/api/games/{low_id}/take");
    let refused = post(&server, &take, serde_json::json!({"seat": 1}), Some(&taro)).await;
    assert_eq!(refused.status, 409, "{}", refused.body);
    assert_eq!(
        said(&refused),
        format!("range: this seek is for ratings 1300 to 1600; yours here is {taro_rating}")
    );
    // a blitz rating is not a rapid one: the range reads the seek's own speed
    let rapid = post(
        &server,
        "/api/games",
        serde_json::json!({"game": "minishogi", "clock": "900+10", "open": true, "rated": true, "seat": 0, "range": {"min": 1400, "max": 1600}}),
        Some(&hanako),
    )
    .await;
    let rapid_take = format!("/api/games/{}/take", rapid.body["id"].as_str().unwrap());
    let ok = post(
        &server,
        &rapid_take,
        serde_json::json!({"seat": 1}),
        Some(&taro),
    )
    .await;
    assert_eq!(
        ok.status, 200,
        "unrated at rapid: 1500 is in range: {}",
        ok.body
    );
    let ok = post(&server, &take, serde_json::json!({"seat": 1}), Some(&jiro)).await;
    assert_eq!(ok.status, 200, "{}", ok.body);
    // a seek for 1600 to 1800 admits Taro
    let high = post(
        &server,
        "/api/games",
        serde_json::json!({"game": "minishogi", "clock": "300+0", "open": true, "rated": true, "seat": 0, "range": {"min": 1600, "max": 1800}}),
        Some(&hanako),
    )
    .await;
    let high_take = format!("/api/games/{}/take", high.body["id"].as_str().unwrap());
    let no = post(
        &server,
        &high_take,
        serde_json::json!({"seat": 1}),
        Some(&jiro),
    )
    .await;
    assert_eq!(no.status, 409, "{}", no.body);
    let ok = post(
        &server,
        &high_take,
        serde_json::json!({"seat": 1}),
        Some(&taro),
    )
    .await;
    assert_eq!(ok.status, 200, "{}", ok.body);
    // the game shows each account's rating for its game and speed: Taro's, Hanako none yet
    let w = Client::join(&server, high.body["id"].as_str().unwrap(), None, "w").await;
    let seats = w.snapshot.unwrap().seats;
    assert_eq!(seats[0].rating, None);
    assert_eq!(
        seats[1]
            .rating
            .as_ref()
            .map(|r| (r.rating, r.provisional, r.games)),
        Some((taro_rating, true, 1))
    );
}

async fn a_challenge_keeps_its_seat_for_the_player_named(backend: Backend) {
    let db = Db::new(&backend).await;
    let server = Server::start(&db, FAST);
    let hanako = sign_up(&server, "Hanako").await;
    let taro = sign_up(&server, "Taro").await;
    let jiro = sign_up(&server, "Jiro").await;
    let challenge = serde_json::json!({"game": "minishogi", "seat": 1, "challenge": ["taro"]});
    assert_eq!(
        post(&server, "/api/games", challenge.clone(), None)
            .await
            .status,
        401
    );
    for (body, field) in [
        (
            serde_json::json!({"game": "minishogi", "seat": 1, "open": true, "challenge": ["Taro"]}),
            "open",
        ),
        (
            serde_json::json!({"game": "minishogi", "challenge": ["Taro"]}),
            "seat",
        ),
        (
            serde_json::json!({"game": "minishogi", "seat": 0, "challenge": ["Nobody"]}),
            "challenge: no player named \"Nobody\"",
        ),
        (
            serde_json::json!({"game": "minishogi", "seat": 0, "challenge": ["hanako"]}),
            "challenge: you cannot challenge yourself",
        ),
        (
            serde_json::json!({"game": "minishogi", "seat": 0, "challenge": ["Taro", "Jiro"]}),
            "challenge: name 1 player",
        ),
        (
            serde_json::json!({"game": "sangoku", "seat": 0, "challenge": ["Taro", "taro"]}),
            "challenge: \"taro\" is named twice",
        ),
    ] {
        let a = post(&server, "/api/games", body, Some(&hanako)).await;
        assert_eq!(a.status, 400, "{}", a.body);
        assert!(said(&a).starts_with(field), "{}", a.body);
    }
    // Hanako challenges Taro (the name in any case), taking gote
    let made = post(&server, "/api/games", challenge, Some(&hanako)).await;
    assert_eq!(made.status, 201, "{}", made.body);
    let created: koma_wire::Created = serde_json::from_value(made.body).unwrap();
    let id = created.id.clone();
    assert_eq!(created.seats[0], "", "the challenged seat has no link");
    assert!(!created.seats[1].is_empty());
    // not in the lobby, and nobody else may take the seat
    let lobby = ask(&server, Method::GET, "/api/lobby", None, None, &[]).await;
    assert!(
        lobby.body["games"]
            .as_array()
            .unwrap()
            .iter()
            .all(|g| g["id"] != id.as_str())
    );
    let take = post(
        &server,
        &format!("/api/games/{id}/take"),
        serde_json::json!({"seat": 0}),
        Some(&jiro),
    )
    .await;
    assert_eq!(take.status, 409, "{}", take.body);
    // Taro sees it among his games: waiting, from Hanako, his seat sente
    let mine = ask(
        &server,
        Method::GET,
        "/api/me/games",
        None,
        Some(&taro),
        &[],
    )
    .await;
    let g = mine.body["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == id.as_str())
        .unwrap()
        .clone();
    assert_eq!(
        (&g["status"], &g["seat"], &g["spec"]["seat"], &g["names"]),
        (
            &serde_json::json!("waiting"),
            &serde_json::json!(0),
            &serde_json::json!(1),
            &serde_json::json!(["Taro", "Hanako"])
        )
    );
    assert_eq!(g["spec"]["challenge"], serde_json::json!(["taro"]));
    // Jiro's session opens no seat: he watches
    let mut w = Client::connect_signed_in(&server, &id, &jiro).await;
    assert_eq!(w.hello(None, None, 0).await.seat, None);
    // Taro accepts by opening the game signed in; Hanako by her link
    let mut gote = Client::join(&server, &id, Some(&seat_token(&created.seats[1])), "h").await;
    let mut sente = Client::connect_signed_in(&server, &id, &taro).await;
    let snap = sente.hello(None, None, 0).await;
    assert_eq!(snap.seat, Some(0));
    gote.until(|m| matches!(m, ServerMsg::Started { .. }).then_some(()))
        .await;
    sente.play("4e4d").await;
    gote.catch_up(1).await;
    gote.send(&ClientMsg::Resign).await;
    assert_eq!(sente.ended().await.winner, Some(0));
    // a casual challenge changes no rating
    let me = ask(&server, Method::GET, "/api/me", None, Some(&taro), &[]).await;
    assert_eq!(me.body["ratings"], serde_json::json!({}));
}

async fn a_challenge_declined_is_called_off_for_everybody(backend: Backend) {
    let db = Db::new(&backend).await;
    let server = Server::start(&db, FAST);
    let hanako = sign_up(&server, "Hanako").await;
    let taro = sign_up(&server, "Taro").await;
    let jiro = sign_up(&server, "Jiro").await;
    let made = post(
        &server,
        "/api/games",
        serde_json::json!({"game": "shogi", "clock": "600+0", "rated": true, "seat": 0, "challenge": ["Taro"]}),
        Some(&hanako),
    )
    .await;
    assert_eq!(made.status, 201, "{}", made.body);
    let created: koma_wire::Created = serde_json::from_value(made.body).unwrap();
    let id = created.id.clone();
    let mut sente = Client::join(&server, &id, Some(&seat_token(&created.seats[0])), "h").await;
    assert!(sente.snapshot.as_ref().unwrap().spec.rated);
    let decline = format!("/api/games/{id}/decline");
    assert_eq!(
        post(&server, &decline, serde_json::json!({}), None)
            .await
            .status,
        401
    );
    let not_his = post(&server, &decline, serde_json::json!({}), Some(&jiro)).await;
    assert_eq!(
        (not_his.status, said(&not_his)),
        (409, "you hold no seat of this game")
    );
    let no_game = post(
        &server,
        "/api/games/0123456789abcdef/decline",
        serde_json::json!({}),
        Some(&taro),
    )
    .await;
    assert_eq!(no_game.status, 404);
    let done = post(&server, &decline, serde_json::json!({}), Some(&taro)).await;
    assert_eq!(done.status, 204, "{}", done.body);
    let by = sente
        .until(|m| match m {
            ServerMsg::Aborted { by } => Some(*by),
            _ => None,
        })
        .await;
    assert_eq!(by, 1);
    let again = post(&server, &decline, serde_json::json!({}), Some(&taro)).await;
    assert_eq!(again.status, 409, "{}", again.body);
    // gone from Taro's games, and nobody's rating changed
    let mine = ask(
        &server,
        Method::GET,
        "/api/me/games",
        None,
        Some(&taro),
        &[],
    )
    .await;
    assert_eq!(mine.body["games"], serde_json::json!([]));
    let me = ask(&server, Method::GET, "/api/me", None, Some(&hanako), &[]).await;
    assert_eq!(me.body["ratings"], serde_json::json!({}));
}

async fn a_hexagon_challenge_seats_both_players_named_after_the_challenger(backend: Backend) {
    let db = Db::new(&backend).await;
    let server = Server::start(&db, FAST);
    let liu = sign_up(&server, "Liu").await;
    let cao = sign_up(&server, "Cao").await;
    let sun = sign_up(&server, "Sun").await;
    let made = post(
        &server,
        "/api/games",
        serde_json::json!({"game": "sangoku", "clock": "900+0", "rated": true, "seat": 1, "challenge": ["Cao", "Sun"]}),
        Some(&liu),
    )
    .await;
    assert_eq!(made.status, 201, "{}", made.body);
    let created: koma_wire::Created = serde_json::from_value(made.body).unwrap();
    let id = created.id.clone();
    let mut b = Client::join(&server, &id, Some(&seat_token(&created.seats[1])), "l").await;
    let names: Vec<String> = b
        .snapshot
        .as_ref()
        .unwrap()
        .seats
        .iter()
        .map(|s| s.name.clone())
        .collect();
    assert_eq!(names, ["Sun", "Liu", "Cao"]);
    let mut c = Client::connect_signed_in(&server, &id, &cao).await;
    assert_eq!(c.hello(None, None, 0).await.seat, Some(2));
    let mut a = Client::connect_signed_in(&server, &id, &sun).await;
    assert_eq!(a.hello(None, None, 0).await.seat, Some(0));
    b.until(|m| matches!(m, ServerMsg::Started { .. }).then_some(()))
        .await;
    // once a seat has moved, its player resigns instead of calling the game off
    a.play("1,3:0,2").await;
    b.catch_up(1).await;
    let late = post(
        &server,
        &format!("/api/games/{id}/decline"),
        serde_json::json!({}),
        Some(&sun),
    )
    .await;
    assert_eq!(late.status, 409, "{}", late.body);
    assert!(said(&late).contains("resign"), "{}", late.body);
}
