//! The online server's message handling: any bytes, cut into messages, decoded as the socket
//! decodes them and applied to a live game of the seat each names, never panic; a refused
//! message leaves the game exactly as it was (everything a client can see of it); an accepted
//! one changes the plies by at most one move forward or a takeback back; and the game as stored
//! (its moves and clocks) loads back into the same game.
#![no_main]

use koma_rules::GameId;
use koma_rules::clock::TimeControl;
use koma_server::db::{GameRow, MoveRow, SeatRow, Stored};
use koma_server::referee::{Change, Referee};
use koma_wire::{ClientMsg, GameStart, GameStatus, NewGame};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let game = GameId::ALL[usize::from(first) % GameId::ALL.len()];
    let spec = NewGame {
        start: GameStart {
            clock: (first & 0x80 != 0).then(|| TimeControl {
                main_ms: 60_000,
                byoyomi_ms: 10_000,
                periods: 1,
                increment_ms: 0,
            }),
            ..GameStart::new(game)
        },
        ..NewGame::of(GameStart::new(game))
    };
    let players = if game == GameId::Sangoku { 3 } else { 2 };
    let seats: Vec<SeatRow> = (0..players)
        .map(|i| SeatRow {
            token_hash: format!("{i}"),
            name: String::new(),
            taken: false,
            account_id: None,
        })
        .collect();
    let Ok(mut table) = Referee::new("f".into(), spec.clone(), seats.clone()) else {
        return;
    };
    let mut now = 1_000i64;
    for s in 0..players as u8 {
        table.hello(s, Some("x"), now);
    }
    let mut stored: Vec<MoveRow> = Vec::new();
    let mut ended = None;
    for chunk in rest.split(|&b| b == b'\n') {
        let Some((&head, text)) = chunk.split_first() else {
            continue;
        };
        let seat = head % players as u8;
        now += i64::from(head >> 2) * 100;
        let Ok(text) = std::str::from_utf8(text) else {
            continue;
        };
        let Ok(msg) = ClientMsg::decode(text) else {
            continue;
        };
        let before = table.snapshot(None, 0, now);
        let plies = table.plies();
        match table.handle(seat, msg, now) {
            Err(_) => assert_eq!(
                table.snapshot(None, 0, now),
                before,
                "a refusal changed the game"
            ),
            Ok(effect) => match effect.change {
                Change::Move { row, ended: e } => {
                    assert_eq!(row.ply, plies + 1);
                    assert_eq!(table.plies(), plies + 1);
                    stored.push(row);
                    ended = ended.or(e);
                }
                Change::TakeBack { keep, .. } => {
                    assert!(keep < plies);
                    assert_eq!(table.plies(), keep);
                    stored.truncate(keep as usize);
                }
                Change::End { outcome } => ended = Some(outcome),
                Change::Nothing => assert_eq!(table.plies(), plies),
                Change::Abort { .. } => assert_eq!(table.status(), GameStatus::Aborted),
                Change::Take { .. } | Change::Rename { .. } => {}
            },
        }
    }
    // what the database would hold loads back into the same game
    let row = GameRow {
        id: "f".into(),
        spec,
        status: table.status(),
        created_ms: 0,
        started_ms: Some(1_000),
        turn_ms: None,
        outcome: ended.filter(|_| table.status() == GameStatus::Finished),
        rematch: None,
    };
    let seats = seats
        .into_iter()
        .map(|s| SeatRow { taken: true, ..s })
        .collect();
    let back = Referee::from_stored(Stored {
        game: row,
        seats,
        moves: stored,
    })
    .expect("the stored game loads");
    assert_eq!(
        back.snapshot(None, 0, now).moves,
        table.snapshot(None, 0, now).moves
    );
});
