//! Any bytes as a saved game the way the browser keeps it (JSON in `localStorage`): reading
//! never panics; an entry that restores is a game the rules replayed move by move, and saving
//! it again (as the play screen does) restores to the same start, moves, clocks and ending.
#![no_main]

use koma_app::saved::{Origin, SavedGame};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(entry) = serde_json::from_slice::<SavedGame>(data) else {
        return;
    };
    let Ok(r) = entry.restore() else {
        return;
    };
    assert!(r.game.moves().len() <= entry.moves.len());
    let origin = Origin::new(&entry.id, &r.start, entry.created);
    let again = SavedGame::of(
        &origin,
        &r.game,
        r.clock.as_ref(),
        r.spent,
        r.ending,
        entry.updated,
    );
    let back = again.restore().expect("a game saved again restores");
    assert_eq!(back.game.start(), r.game.start());
    assert_eq!(back.game.moves(), r.game.moves());
    assert_eq!(back.game.outcome(), r.game.outcome());
    assert_eq!(back.clock.map(|c| c.state()), r.clock.map(|c| c.state()));
    assert_eq!(back.ending, r.ending);
});
