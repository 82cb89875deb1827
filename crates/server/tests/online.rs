//! Online play as players meet it: the real `koma-server` binary on loopback, real WebSocket
//! clients, a real SQLite file and (where the test command started one) a real PostgreSQL
//! cluster. Every scenario runs on both databases.
#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failure is a test failure

#[macro_use]
mod common;

use futures_util::SinkExt;

use common::{Backend, Client, Db, Rng, Server, choose, play_out, spec, token};
use koma_wire::{ClientMsg, Connection, ErrorCode, GameStatus, OfferKind, ServerMsg};

on_both!(
    two_players_play_shogi_to_mate_and_a_watcher_sees_every_move,
    three_players_play_sangoku_through_a_turn_jump_and_its_return_to_the_end,
    three_players_from_a_position_through_checks_to_a_general_taken,
    placement_and_handicap_setup_steps_are_played_online,
    refusals_name_the_rule_and_change_nothing,
    the_server_flags_a_player_out_of_time,
    a_takeback_needs_the_other_players_yes,
    a_declaration_and_an_agreed_impasse_end_the_game,
    a_killed_server_restarts_with_every_move_and_clock,
    a_dropped_socket_resyncs_from_its_last_ply,
    bad_messages_get_errors_and_floods_are_closed,
    the_http_api_names_what_is_wrong,
    the_lobby_lists_and_fills_open_games,
    metrics_count_sockets_games_and_moves_and_no_token_is_logged,
    a_finished_game_keeps_its_moves_against_a_late_takeback,
    a_finished_game_is_rematched_with_the_seats_turned,
);

/// A server for players who play as fast as the test can (a person sends far fewer messages).
const FAST: &[&str] = &["--message-rate", "1000"];

async fn seated(server: &Server, game: &str) -> (String, Vec<Client>) {
    let created = server.create(&spec(game)).await;
    let mut clients = Vec::new();
    for (i, link) in created.seats.iter().enumerate() {
        let c = Client::join(server, &created.id, Some(&token(link)), &format!("P{i}")).await;
        assert_eq!(c.seat, Some(i as u8));
        clients.push(c);
    }
    (created.id, clients)
}

async fn two_players_play_shogi_to_mate_and_a_watcher_sees_every_move(backend: Backend) {
    let db = Db::new(&backend).await;
    let server = Server::start(&db, FAST);
    let (id, mut clients) = seated(&server, "shogi").await;
    let mut watcher = Client::join(&server, &id, None, "watcher").await;
    assert_eq!(watcher.seat, None);
    // a watcher can never move
    let (code, _) = watcher
        .refused(&ClientMsg::Move {
            ply: 0,
            mv: "7g7f".into(),
        })
        .await;
    assert_eq!(code, ErrorCode::NotSeated);
    let (outcome, _) = play_out(&mut clients, Some(&mut watcher), &mut Rng(7), 9, 600).await;
    assert_eq!(outcome.reason.id(), "checkmate");
    assert_eq!(
        outcome.winner.map(usize::from),
        clients[0]
            .game
            .outcome()
            .and_then(|o| o.winner)
            .map(|p| p.index())
    );
    // the watcher saw the end as the players did
    assert_eq!(watcher.ended().await, outcome);
}

async fn three_players_play_sangoku_through_a_turn_jump_and_its_return_to_the_end(
    backend: Backend,
) {
    let db = Db::new(&backend).await;
    let server = Server::start(&db, FAST);
    let (_, mut clients) = seated(&server, "sangoku").await;
    assert_eq!(clients.len(), 3);
    let (outcome, jumped) = play_out(&mut clients, None, &mut Rng(11), 8, 600).await;
    assert!(jumped, "a check sent the turn out of order, and back");
    // the rules end a general's last escape as checkmate before it can be taken (no general
    // was taken in 1,200 such games); the winner is the checker
    assert_eq!(outcome.reason.id(), "checkmate");
    let winner = clients[0].game.outcome().and_then(|o| o.winner);
    assert_eq!(outcome.winner.map(usize::from), winner.map(|p| p.index()));
}

async fn three_players_from_a_position_through_checks_to_a_general_taken(backend: Backend) {
    let db = Db::new(&backend).await;
    let server = Server::start(&db, FAST);
    // generals A (-2,4), B (4,-2), C (-4,0); the same position as the browser test of the rules
    let mut s = spec("sangoku");
    s.start.position = Some("5/6/6bK/4aS3/cK8/3aC2bCaP/aP6/6/2aK2 a - -".into());
    let created = server.create(&s).await;
    let mut c = Vec::new();
    for (i, link) in created.seats.iter().enumerate() {
        c.push(Client::join(&server, &created.id, Some(&token(link)), &format!("P{i}")).await);
    }
    // (seat, move, the seat to move after it)
    for (seat, mv, next) in [
        (0, "1,-1:1,-2", 1),  // a check: B moves out of turn
        (1, "4,-2:4,-3", 0),  // and the turn returns to A
        (0, "-4,2:-4,1+", 2), // a promotion that checks C
        (2, "-4,0:-4,1", 0),  // C takes it
        (0, "-2,4:-3,4", 1),
        (1, "2,1:1,1", 2),
        (2, "P*-3,-1", 0),   // a drop
        (0, "-1,1:-1,2", 1), // a double check: B and C; B moves first
    ] {
        c[seat].play(mv).await;
        let plies = c[seat].plies();
        for x in c.iter_mut() {
            x.catch_up(plies).await;
            assert_eq!(x.game.position().turn().index(), next, "after {mv}");
        }
    }
    // B takes C's general: the game is over, B wins
    c[1].play("1,1:-4,1").await;
    for x in c.iter_mut() {
        let ended = x.ended().await;
        assert_eq!(
            (ended.reason.id(), ended.winner),
            ("royal-captured", Some(1))
        );
    }
}

async fn placement_and_handicap_setup_steps_are_played_online(backend: Backend) {
    let db = Db::new(&backend).await;
    let server = Server::start(&db, FAST);
    // 66 shogi: each side places its pieces one at a time on its first rank, then sente plays
    let (_, mut clients) = seated(&server, "shogi66").await;
    let mut rng = Rng(3);
    let mut placed = 0;
    let play = loop {
        let turn = clients[0].game.position().turn().index();
        let mv = choose(&mut clients[turn].game, &mut rng, 0);
        if !matches!(mv, koma_rules::Move::Drop { .. }) {
            break (turn, mv);
        }
        let text = clients[turn].text(mv);
        clients[turn].play(&text).await;
        let plies = clients[turn].plies();
        for c in clients.iter_mut() {
            c.catch_up(plies).await;
        }
        placed += 1;
        assert!(placed <= 40, "placement never ends");
    };
    assert!(placed >= 10, "{placed} placements");
    // play follows placement
    let (turn, mv) = play;
    let text = clients[turn].text(mv);
    clients[turn].play(&text).await;

    // a chu handicap: the giver fills the hole and makes its pre-moves (or passes), then plays
    let mut chu = spec("chushogi");
    chu.start.setup = Some("side-mover".into());
    let created = server.create(&chu).await;
    let mut chu_clients = Vec::new();
    for link in &created.seats {
        chu_clients.push(Client::join(&server, &created.id, Some(&token(link)), "c").await);
    }
    let giver = chu_clients[0].game.position().turn().index();
    let mut steps = 0;
    while chu_clients[giver].game.position().turn().index() == giver && steps < 5 {
        let g = &mut chu_clients[giver];
        let mv = if steps == 2 {
            koma_rules::Move::Pass
        } else {
            choose(&mut g.game, &mut rng, 0)
        };
        let text = g.text(mv);
        g.play(&text).await;
        steps += 1;
    }
    assert!(steps >= 2, "the giver's setup steps: {steps}");
    let plies = chu_clients[giver].plies();
    chu_clients[1 - giver].catch_up(plies).await;
    assert_eq!(
        chu_clients[0].game.moves(),
        chu_clients[1].game.moves(),
        "both seats see the same setup"
    );
}

async fn refusals_name_the_rule_and_change_nothing(backend: Backend) {
    let db = Db::new(&backend).await;
    let server = Server::start(&db, &[]);
    let (id, mut c) = seated(&server, "shogi").await;
    // gote takes a pawn, then drops a pawn on a file that has its own: 二歩
    for (seat, mv) in [
        (0, "7g7f"),
        (1, "3c3d"),
        (0, "7f7e"),
        (1, "3d3e"),
        (0, "7e7d"),
        (1, "7c7d"),
        (0, "2g2f"),
    ] {
        c[seat].play(mv).await;
        let plies = c[seat].plies();
        c[1 - seat].catch_up(plies).await;
    }
    let (code, rule) = c[1]
        .refused(&ClientMsg::Move {
            ply: 7,
            mv: "P*5d".into(),
        })
        .await;
    assert_eq!(
        (code, rule.as_deref()),
        (ErrorCode::IllegalMove, Some("nifu"))
    );
    // another seat's move, a stale ply, a forged token
    let (code, _) = c[0]
        .refused(&ClientMsg::Move {
            ply: 7,
            mv: "2f2e".into(),
        })
        .await;
    assert_eq!(code, ErrorCode::NotYourTurn);
    let (code, _) = c[1]
        .refused(&ClientMsg::Move {
            ply: 5,
            mv: "4c4d".into(),
        })
        .await;
    assert_eq!(code, ErrorCode::StalePly);
    let mut forger = Client::connect(&server, &id).await;
    let (code, _) = forger
        .refused(&ClientMsg::Hello {
            token: Some("0123456789abcdef0123456789abcdef".into()),
            name: None,
            have: 0,
        })
        .await;
    assert_eq!(code, ErrorCode::BadToken);
    let (code, _) = forger
        .refused(&ClientMsg::Move {
            ply: 7,
            mv: "4c4d".into(),
        })
        .await;
    assert_eq!(code, ErrorCode::Hello);
    // nothing changed: gote plays its move for ply 7
    c[1].play("4c4d").await;
    assert_eq!(c[1].plies(), 8);
}

async fn the_server_flags_a_player_out_of_time(backend: Backend) {
    let db = Db::new(&backend).await;
    let server = Server::start(&db, &[]);
    let mut s = spec("minishogi");
    s.start.clock = Some("0+1".parse().unwrap());
    let created = server.create(&s).await;
    let mut a = Client::join(&server, &created.id, Some(&token(&created.seats[0])), "a").await;
    let mut b = Client::join(&server, &created.id, Some(&token(&created.seats[1])), "b").await;
    let started = a
        .until(|m| match m {
            ServerMsg::Started { clock } => Some(clock.clone()),
            _ => None,
        })
        .await
        .expect("clocks");
    assert_eq!(started.running, Some(0));
    // sente moves in time; then gote thinks past its one second of byoyomi and loses on time,
    // decided by the server with nobody sending anything
    let moved = a.play("4e4d").await;
    let ServerMsg::Moved {
        clock: Some(clock), ..
    } = moved
    else {
        panic!("clocks after a move");
    };
    assert_eq!(clock.running, Some(1));
    let t = std::time::Instant::now();
    let ended = b.ended().await;
    assert!(t.elapsed() >= std::time::Duration::from_millis(900));
    assert_eq!(
        (ended.reason.id(), ended.winner, ended.by),
        ("time", Some(0), Some(1))
    );
    // a late move changes nothing
    let (code, _) = b
        .refused(&ClientMsg::Move {
            ply: 1,
            mv: "2a2b".into(),
        })
        .await;
    assert_eq!(code, ErrorCode::GameOver);
    // and a newcomer sees the ending as stored
    let w = Client::join(&server, &created.id, None, "w").await;
    let snap = w.snapshot.unwrap();
    assert_eq!(
        (snap.status, snap.outcome),
        (GameStatus::Finished, Some(ended))
    );
}

async fn a_takeback_needs_the_other_players_yes(backend: Backend) {
    let db = Db::new(&backend).await;
    let server = Server::start(&db, &[]);
    let (_, mut c) = seated(&server, "shogi").await;
    c[0].play("7g7f").await;
    c[1].catch_up(1).await;
    c[1].play("3c3d").await;
    c[0].catch_up(2).await;
    // gote asks; sente says no: nothing changes
    c[1].send(&ClientMsg::Offer {
        what: OfferKind::Takeback,
    })
    .await;
    let offer = c[0]
        .until(|m| match m {
            ServerMsg::Offered(o) => Some(o.clone()),
            _ => None,
        })
        .await;
    assert_eq!((offer.what, offer.by), (OfferKind::Takeback, 1));
    c[0].send(&ClientMsg::Answer { accept: false }).await;
    let by = c[1]
        .until(|m| match m {
            ServerMsg::OfferWithdrawn { by } => Some(*by),
            _ => None,
        })
        .await;
    assert_eq!(by, Some(0));
    // gote asks again; sente says yes: gote's move is taken back
    c[1].send(&ClientMsg::Offer {
        what: OfferKind::Takeback,
    })
    .await;
    c[0].until(|m| matches!(m, ServerMsg::Offered(_)).then_some(()))
        .await;
    c[0].send(&ClientMsg::Answer { accept: true }).await;
    for x in c.iter_mut() {
        let plies = x
            .until(|m| match m {
                ServerMsg::TakenBack { plies, .. } => Some(*plies),
                _ => None,
            })
            .await;
        assert_eq!(plies, 1);
        assert_eq!(x.plies(), 1);
    }
    // and gote plays another move for ply 1
    c[1].play("8c8d").await;
    // an answer with no offer standing is refused
    let (code, _) = c[1].refused(&ClientMsg::Answer { accept: true }).await;
    assert_eq!(code, ErrorCode::Refused);
}

/// Seats for a game of `spec`, both taken.
async fn pair(server: &Server, spec: &koma_wire::NewGame) -> Vec<Client> {
    let created = server.create(spec).await;
    let mut c = Vec::new();
    for link in &created.seats {
        c.push(Client::join(server, &created.id, Some(&token(link)), "p").await);
    }
    c
}

async fn a_declaration_and_an_agreed_impasse_end_the_game(backend: Backend) {
    let db = Db::new(&backend).await;
    let server = Server::start(&db, &[]);
    // sente's king in camp with ten pieces and 36 points: its declaration wins
    let mut s = spec("shogi");
    s.start.position = Some("GGGGSSSS1/4K4/NN7/9/9/9/9/9/4k4 b RB16P 1".into());
    let mut c = pair(&server, &s).await;
    let (code, _) = c[1].refused(&ClientMsg::Declare).await;
    assert_eq!(code, ErrorCode::NotYourTurn);
    c[0].send(&ClientMsg::Declare).await;
    for x in c.iter_mut() {
        let o = x.ended().await;
        assert_eq!(
            (o.reason.id(), o.winner, o.by),
            ("declaration", Some(0), Some(0))
        );
    }
    // both kings entered: an impasse offered and accepted ends the game by points
    s.start.position = Some("4K4/9/9/9/9/9/9/9/4k4 b - 1".into());
    let mut c = pair(&server, &s).await;
    c[0].send(&ClientMsg::Offer {
        what: OfferKind::Impasse,
    })
    .await;
    c[1].until(|m| matches!(m, ServerMsg::Offered(_)).then_some(()))
        .await;
    c[1].send(&ClientMsg::Answer { accept: true }).await;
    for x in c.iter_mut() {
        assert_eq!(x.ended().await.reason.id(), "impasse");
    }
    // an impasse before both kings entered is refused
    let mut c = pair(&server, &spec("shogi")).await;
    let (code, _) = c[0]
        .refused(&ClientMsg::Offer {
            what: OfferKind::Impasse,
        })
        .await;
    assert_eq!(code, ErrorCode::Refused);
}

async fn a_killed_server_restarts_with_every_move_and_clock(backend: Backend) {
    let db = Db::new(&backend).await;
    let server = Server::start(&db, &[]);
    let mut s = spec("shogi");
    s.start.clock = Some("600+30".parse().unwrap());
    let created = server.create(&s).await;
    let tokens: Vec<String> = created.seats.iter().map(|l| token(l)).collect();
    let mut c = [
        Client::join(&server, &created.id, Some(&tokens[0]), "a").await,
        Client::join(&server, &created.id, Some(&tokens[1]), "b").await,
    ];
    let mut rng = Rng(5);
    let mut last_clock = None;
    for _ in 0..6 {
        let turn = c[0].game.position().turn().index();
        let mv = choose(&mut c[turn].game, &mut rng, 0);
        let text = c[turn].text(mv);
        if let ServerMsg::Moved { clock, .. } = c[turn].play(&text).await {
            last_clock = clock;
        }
        let plies = c[turn].plies();
        c[1 - turn].catch_up(plies).await;
    }
    let moves = c[0].game.moves();
    server.kill();
    // the same database, a new process: every acknowledged move and clock is there
    let server = Server::start(&db, &[]);
    let mut back = [
        Client::join(&server, &created.id, Some(&tokens[0]), "a").await,
        Client::join(&server, &created.id, Some(&tokens[1]), "b").await,
    ];
    assert_eq!(back[0].game.moves(), moves);
    assert_eq!(back[1].game.moves(), moves);
    let snap = Client::join(&server, &created.id, None, "w")
        .await
        .snapshot
        .unwrap();
    assert_eq!(snap.status, GameStatus::Playing);
    let clock = snap.clock.unwrap();
    let before = last_clock.unwrap();
    assert_eq!(
        (clock.main_ms, clock.periods),
        (before.main_ms, before.periods)
    );
    // the game goes on to its end
    back[1].send(&ClientMsg::Resign).await;
    let ended = back[0].ended().await;
    assert_eq!((ended.reason.id(), ended.winner), ("resignation", Some(0)));
}

async fn a_dropped_socket_resyncs_from_its_last_ply(backend: Backend) {
    let db = Db::new(&backend).await;
    let server = Server::start(&db, &[]);
    let created = server.create(&spec("shogi")).await;
    let tokens: Vec<String> = created.seats.iter().map(|l| token(l)).collect();
    let mut a = Client::join(&server, &created.id, Some(&tokens[0]), "a").await;
    let mut b = Client::join(&server, &created.id, Some(&tokens[1]), "b").await;
    a.play("7g7f").await;
    b.catch_up(1).await;
    // gote's line drops: sente sees it offline
    let kept = b.game.clone();
    drop(b);
    let seats = a
        .until(|m| match m {
            ServerMsg::Seats { seats } if seats[1].connection == Connection::Offline => {
                Some(seats.clone())
            }
            _ => None,
        })
        .await;
    assert_eq!(seats[0].connection, Connection::Online);
    // gote comes back with the one ply it has and is sent only what it lacks (nothing), then
    // plays on
    let mut b = Client::connect(&server, &created.id).await;
    b.game = kept;
    let snap = b.hello(Some(&tokens[1]), Some("b"), 1).await;
    assert_eq!((snap.from, snap.moves.len(), snap.seat), (1, 0, Some(1)));
    a.until(|m| match m {
        ServerMsg::Seats { seats } if seats[1].connection == Connection::Online => Some(()),
        _ => None,
    })
    .await;
    b.play("3c3d").await;
    a.catch_up(2).await;
    // sente drops after its move; on return it gets exactly the moves it missed
    a.play("2g2f").await;
    b.catch_up(3).await;
    let have = 3;
    drop(a);
    b.play("8c8d").await;
    let mut a = Client::connect(&server, &created.id).await;
    a.game = b.game.clone();
    a.game.undo();
    let snap = a.hello(Some(&tokens[0]), None, have).await;
    assert_eq!(
        (snap.from, snap.moves.clone()),
        (3, vec!["8c8d".to_string()])
    );
    assert_eq!(a.game.moves(), b.game.moves());
    // on the same connection: the game again from a ply (a watcher may ask too), and a new
    // name that everybody sees
    a.send(&ClientMsg::Sync { have: 2 }).await;
    let snap = a.welcome().await;
    assert_eq!(
        (snap.from, snap.moves.clone(), snap.seat),
        (2, vec!["2g2f".to_string(), "8c8d".to_string()], Some(0))
    );
    let mut w = Client::join(&server, &created.id, None, "w").await;
    w.send(&ClientMsg::Sync { have: 0 }).await;
    assert_eq!(w.welcome().await.moves.len(), 4);
    a.send(&ClientMsg::Rename {
        name: " Hanako ".into(),
    })
    .await;
    for c in [&mut b, &mut w] {
        c.until(|m| match m {
            ServerMsg::Seats { seats } if seats[0].name == "Hanako" => Some(()),
            _ => None,
        })
        .await;
    }
    // a watcher has no seat to rename
    let (code, _) = w.refused(&ClientMsg::Rename { name: "Eve".into() }).await;
    assert_eq!(code, ErrorCode::NotSeated);
}

async fn bad_messages_get_errors_and_floods_are_closed(backend: Backend) {
    let db = Db::new(&backend).await;
    let server = Server::start(&db, &[]);
    let (_, mut c) = seated(&server, "shogi").await;
    let mut expect = async |text: &str, want: ErrorCode| {
        c[0].send_text(text).await;
        let got = c[0]
            .until(|m| match m {
                ServerMsg::Error { code, .. } => Some(*code),
                _ => None,
            })
            .await;
        assert_eq!(got, want, "{text}");
    };
    expect("not json", ErrorCode::BadMessage).await;
    expect(r#"{"type":"castle"}"#, ErrorCode::UnknownKind).await;
    expect(r#"{"type":"move","ply":"zero"}"#, ErrorCode::BadMessage).await;
    expect(
        &format!(r#"{{"type":"ping","pad":"{}"}}"#, "x".repeat(5000)),
        ErrorCode::TooLarge,
    )
    .await;
    expect(r#"{"type":"hello"}"#, ErrorCode::Hello).await;
    // the game is as it was
    c[0].play("7g7f").await;
    // a flood: too fast is answered, then the connection is closed
    for _ in 0..80 {
        let ping = tokio_tungstenite::tungstenite::Message::Text(ClientMsg::Ping.encode().into());
        if c[0].ws.send(ping).await.is_err() {
            break;
        }
    }
    let mut too_fast = 0;
    let closed = loop {
        match tokio::time::timeout(common::WAIT, futures_util::StreamExt::next(&mut c[0].ws))
            .await
            .expect("an answer")
        {
            Some(Ok(tokio_tungstenite::tungstenite::Message::Text(t))) => {
                if let Ok(ServerMsg::Error {
                    code: ErrorCode::TooFast,
                    ..
                }) = ServerMsg::decode(t.as_str())
                {
                    too_fast += 1;
                }
            }
            Some(Ok(tokio_tungstenite::tungstenite::Message::Close(f))) => break f,
            Some(Ok(_)) => {}
            Some(Err(_)) | None => break None,
        }
    };
    assert!(too_fast > 0, "too fast was said before closing");
    if let Some(f) = closed {
        assert_eq!(u16::from(f.code), 1008);
    }
    // the other seat plays on
    c[1].catch_up(1).await;
    c[1].play("3c3d").await;
}

async fn the_http_api_names_what_is_wrong(backend: Backend) {
    let db = Db::new(&backend).await;
    let server = Server::start(&db, &["--create-per-minute", "12"]);
    let (status, body) = server.get("/api/health").await;
    assert_eq!(status, 200);
    let health: koma_wire::Health = serde_json::from_str(&body).unwrap();
    assert!(health.ok);
    assert_eq!(
        health.database,
        match backend {
            Backend::Sqlite => "sqlite",
            Backend::Postgres(_) => "postgres",
        }
    );
    for (body, field) in [
        (r#"{"game":"chess"}"#, "game"),
        (r#"{"game":"shogi","clock":"soon"}"#, "clock"),
        (r#"{"game":"shogi","handicap":"queen"}"#, "handicap"),
        (r#"{"game":"shogi","preset":"jcsa"}"#, "preset"),
        (r#"{"game":"shogi","open":"yes"}"#, "open"),
        (r#"{"game":"shogi","colour":"black"}"#, "colour"),
        (r#"{"clock":"600"}"#, "game"),
        ("not json", "expected"),
    ] {
        let (status, answer) = server.post("/api/games", body).await;
        assert_eq!(status, 400, "{body}");
        let e = answer["error"].as_str().unwrap();
        assert!(e.contains(field), "{body}: {e}");
    }
    let created = server.create(&spec("sangoku")).await;
    assert_eq!(created.seats.len(), 3);
    assert!(created.seats[0].starts_with(&format!("#/online/{}?seat=", created.id)));
    assert_eq!(created.watch, format!("#/online/{}", created.id));
    // the app is served beside the API, sw.js never cached
    let r = server
        .http()
        .get(format!("{}/sw.js", server.base))
        .send()
        .await
        .unwrap();
    assert_eq!(r.headers()["cache-control"], "no-cache");
    let (status, page) = server.get("/koma/").await;
    assert_eq!((status, page.contains("Koma")), (200, true));
    let (status, _) = server.get("/api/nothing").await;
    assert_eq!(status, 404);
    let (status, _) = server.get("/api/games/0000000000000000/socket").await;
    assert!(status == 404 || status == 400, "{status}");
    // a browser page of another origin may not open a game's socket
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let mut req = server
        .socket_url(&created.id)
        .into_client_request()
        .unwrap();
    req.headers_mut()
        .insert("origin", "https://elsewhere.example".parse().unwrap());
    match tokio_tungstenite::connect_async(req).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => assert_eq!(r.status(), 403),
        other => panic!("a foreign origin was let in: {:?}", other.map(|_| ())),
    }
    // creating is limited per address
    let mut limited = false;
    for _ in 0..20 {
        let (status, _) = server.post("/api/games", r#"{"game":"shogi"}"#).await;
        if status == 429 {
            limited = true;
            break;
        }
        assert_eq!(status, 201);
    }
    assert!(limited, "the creation limit answered 429");
}

async fn the_lobby_lists_and_fills_open_games(backend: Backend) {
    let db = Db::new(&backend).await;
    let server = Server::start(&db, &["--expire-seconds", "3"]);
    let mut open = spec("sangoku");
    open.open = true;
    open.start.clock = Some("300i5".parse().unwrap());
    let created = server.create(&open).await;
    let private = server.create(&spec("shogi")).await;
    let (_, body) = server.get("/api/lobby").await;
    let lobby: koma_wire::Lobby = serde_json::from_str(&body).unwrap();
    let ids: Vec<&str> = lobby.games.iter().map(|g| g.id.as_str()).collect();
    assert!(ids.contains(&created.id.as_str()) && !ids.contains(&private.id.as_str()));
    let listed = &lobby.games[ids.iter().position(|&i| i == created.id).unwrap()];
    assert_eq!(
        (
            listed.free.clone(),
            listed.spec.start.clock.map(|c| c.to_string())
        ),
        (vec![0, 1, 2], Some("300i5".to_string()))
    );
    // the creator takes seat 0 by its link; two visitors take the others from the lobby
    let mut a = Client::join(&server, &created.id, Some(&token(&created.seats[0])), "A").await;
    let path = format!("/api/games/{}/take", created.id);
    let (status, taken) = server.post(&path, r#"{"seat":1}"#).await;
    assert_eq!(status, 200, "{taken}");
    let link = taken["link"].as_str().unwrap().to_string();
    assert_ne!(link, created.seats[1], "the seat has a new token");
    let (status, _) = server.post(&path, r#"{"seat":0}"#).await;
    assert_eq!(status, 409, "a taken seat is not free");
    let mut b = Client::join(&server, &created.id, Some(&token(&link)), "B").await;
    assert_eq!(b.seat, Some(1));
    // the old invitation link for seat 1 opens nothing now
    let mut old = Client::connect(&server, &created.id).await;
    let (code, _) = old
        .refused(&ClientMsg::Hello {
            token: Some(token(&created.seats[1])),
            name: None,
            have: 0,
        })
        .await;
    assert_eq!(code, ErrorCode::BadToken);
    let (_, taken) = server.post(&path, r#"{"seat":2}"#).await;
    let mut c = Client::join(
        &server,
        &created.id,
        Some(&token(taken["link"].as_str().unwrap())),
        "C",
    )
    .await;
    // every seat taken: the game starts and leaves the lobby
    for x in [&mut a, &mut b] {
        x.until(|m| matches!(m, ServerMsg::Started { .. }).then_some(()))
            .await;
    }
    let (_, body) = server.get("/api/lobby").await;
    assert!(!body.contains(&created.id));
    let first = choose(&mut a.game.clone(), &mut Rng(1), 0);
    a.play(&a.text(first)).await;
    c.catch_up(1).await;
    // a game nobody joins expires
    let mut lonely = spec("shogi");
    lonely.open = true;
    let lonely = server.create(&lonely).await;
    let mut w = Client::join(&server, &lonely.id, None, "w").await;
    w.until(|m| matches!(m, ServerMsg::Expired).then_some(()))
        .await;
    let (_, body) = server.get("/api/lobby").await;
    assert!(!body.contains(&lonely.id));
}

/// The value of metric `name` (a line `name value`, or `name{labels} value`) in `text`.
fn metric(text: &str, name: &str) -> Option<f64> {
    text.lines().filter(|l| !l.starts_with('#')).find_map(|l| {
        let (key, value) = l.rsplit_once(' ')?;
        (key == name).then(|| value.parse().ok()).flatten()
    })
}

async fn metrics_count_sockets_games_and_moves_and_no_token_is_logged(backend: Backend) {
    let db = Db::new(&backend).await;
    let server = Server::start(&db, FAST);
    let (id, mut players) = seated(&server, "shogi").await;
    for (n, mv) in ["7g7f", "3c3d", "8h2b+"].into_iter().enumerate() {
        let i = n % 2;
        players[i].play(mv).await;
        players[1 - i].catch_up(n as u32 + 1).await;
    }
    let (code, text) = server.get("/metrics").await;
    assert_eq!(code, 200);
    assert_eq!(metric(&text, "koma_open_sockets"), Some(2.0), "{text}");
    assert_eq!(metric(&text, "koma_games_in_progress"), Some(1.0), "{text}");
    assert_eq!(metric(&text, "koma_moves_total"), Some(3.0), "{text}");
    assert_eq!(
        metric(&text, "koma_move_latency_seconds_count"),
        Some(3.0),
        "{text}"
    );
    assert!(
        text.contains("koma_move_latency_seconds_bucket{le=\"0.1\"}"),
        "{text}"
    );
    // a refused move is not a move
    let (c, _) = players[1]
        .refused(&ClientMsg::Move {
            ply: 3,
            mv: "5e5d".into(),
        })
        .await;
    assert_eq!(c, ErrorCode::IllegalMove);
    let (_, text) = server.get("/metrics").await;
    assert_eq!(metric(&text, "koma_moves_total"), Some(3.0));
    drop(players);
    // a socket that closed is no longer counted (the server sees the close at once)
    let mut open = 2.0;
    for _ in 0..100 {
        let (_, text) = server.get("/metrics").await;
        open = metric(&text, "koma_open_sockets").unwrap_or(-1.0);
        if open == 0.0 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert_eq!(open, 0.0);
    // the log names games, never a seat's token
    let created = server.create(&spec("minishogi")).await;
    let seat = token(&created.seats[0]);
    let _c = Client::join(&server, &created.id, Some(&seat), "a").await;
    let log = std::fs::read_to_string(&server.log).unwrap();
    assert!(!log.contains(&seat), "a token in the log");
    let _ = id;
}

/// A takeback stored after the game ended elsewhere (another server, or its clock) is refused
/// by the database, and the finished game keeps its moves.
async fn a_finished_game_keeps_its_moves_against_a_late_takeback(backend: Backend) {
    let db = Db::new(&backend).await;
    let server = Server::start(&db, FAST);
    let (id, mut c) = seated(&server, "shogi").await;
    c[0].play("7g7f").await;
    c[1].catch_up(1).await;
    c[1].play("3c3d").await;
    c[1].send(&ClientMsg::Resign).await;
    assert_eq!(c[1].ended().await.reason.id(), "resignation");
    let store = koma_server::db::Db::open(&db.url).await.unwrap();
    let late = store.take_back(&id, 1, 1).await;
    assert!(
        matches!(late, Err(koma_server::db::DbError::Over)),
        "{late:?}"
    );
    assert_eq!(common::stored(&db, &id).await, ["7g7f", "3c3d"]);
    let game = store.load(&id).await.unwrap().unwrap();
    assert_eq!(game.game.status, GameStatus::Finished);
}

/// The rematch of a game, asked for from each seat by its token: the players' seats turned
/// (colours swapped), the same clock, one game whoever asks first; the players still there are
/// told its id.
async fn a_finished_game_is_rematched_with_the_seats_turned(backend: Backend) {
    let db = Db::new(&backend).await;
    let server = Server::start(&db, FAST);
    let mut s = spec("shogi");
    s.start.clock = Some("600+30".parse().unwrap());
    let created = server.create(&s).await;
    let tokens: Vec<String> = created.seats.iter().map(|l| token(l)).collect();
    let mut c = Vec::new();
    for (i, t) in tokens.iter().enumerate() {
        c.push(Client::join(&server, &created.id, Some(t), &format!("P{i}")).await);
    }
    let path = format!("/api/games/{}/rematch", created.id);
    let ask = |t: Option<&str>| {
        let body = match t {
            Some(t) => serde_json::json!({ "token": t }),
            None => serde_json::json!({}),
        }
        .to_string();
        let (server, path) = (&server, &path);
        async move { server.post(path, &body).await }
    };
    // not before the end
    assert_eq!(ask(Some(&tokens[0])).await.0, 409);
    c[0].play("7g7f").await;
    c[1].catch_up(1).await;
    c[1].send(&ClientMsg::Resign).await;
    c[0].ended().await;
    // a watcher holds no seat; a wrong token is no seat either
    assert_eq!(ask(None).await.0, 401);
    assert_eq!(ask(Some(&"0".repeat(32))).await.0, 401);
    // gote asks first: its seat in the rematch is sente's; sente is told the rematch's id
    let (status, g) = ask(Some(&tokens[1])).await;
    assert_eq!(status, 200, "{g}");
    let g: koma_wire::Rematched = serde_json::from_value(g).unwrap();
    assert_eq!(g.seat, 0);
    let told = c[0]
        .until(|m| match m {
            ServerMsg::Welcome(s) => s.rematch.clone(),
            _ => None,
        })
        .await;
    assert_eq!(told, g.game);
    let (status, s0) = ask(Some(&tokens[0])).await;
    assert_eq!(status, 200, "{s0}");
    let s0: koma_wire::Rematched = serde_json::from_value(s0).unwrap();
    assert_eq!((s0.game.as_str(), s0.seat), (g.game.as_str(), 1));
    // both take their seats: the rematch starts with the same clock, the old sente now gote
    let first = Client::join(
        &server,
        &g.game,
        Some(&token(g.link.as_deref().unwrap())),
        "P1",
    )
    .await;
    let second = Client::join(
        &server,
        &g.game,
        Some(&token(s0.link.as_deref().unwrap())),
        "P0",
    )
    .await;
    assert_eq!((first.seat, second.seat), (Some(0), Some(1)));
    let snap = second.snapshot.clone().unwrap();
    assert_eq!(snap.status, GameStatus::Playing);
    assert_eq!(snap.spec.start.clock, s.start.clock);
    assert!(!snap.spec.open);
    // asked again, the same rematch, and no link: the seat is taken
    let (_, again) = ask(Some(&tokens[1])).await;
    assert_eq!(again["game"], g.game.as_str());
    assert!(again.get("link").is_none(), "{again}");
}
