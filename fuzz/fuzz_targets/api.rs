//! Any bytes as the body of the API's requests, read as the server reads them: creating a game
//! (`POST /api/games`) and taking a seat (`POST /api/games/<id>/take`). Reading never panics; a
//! refused body is named in the answer; a game the server accepts is one its table can seat and
//! start, with the spec it was given.
#![no_main]

use koma_server::api::body;
use koma_server::db::SeatRow;
use koma_server::referee::{Referee, check_start};
use koma_wire::{GameStatus, NewGame, TakeSeat};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = body::<TakeSeat>(data);
    let Ok(spec) = body::<NewGame>(data) else {
        return;
    };
    let Ok(game) = check_start(&spec.start) else {
        return;
    };
    let players = game.position().variant().players();
    let seats: Vec<SeatRow> = (0..players)
        .map(|i| SeatRow {
            token_hash: i.to_string(),
            name: String::new(),
            taken: false,
            account_id: None,
        })
        .collect();
    let mut table = Referee::new("f".into(), spec.clone(), seats).expect("a checked spec seats");
    for s in 0..players {
        table.hello(s, Some("x"), 1_000);
    }
    assert_eq!(table.status(), GameStatus::Playing);
    assert_eq!(table.snapshot(None, 0, 1_000).spec, spec);
    // what the server writes back is the body it read
    let again: NewGame =
        serde_json::from_str(&serde_json::to_string(&spec).expect("written")).expect("read back");
    assert_eq!(again, spec);
});
