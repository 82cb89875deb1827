//! Any bytes: loading a record into a game of any id never panics; a record that loads exports
//! back (as `position sfen ... moves ...`) and loads again to the same position and moves.
#![no_main]

use koma_rules::loading::load;
use koma_rules::{GameId, RuleOptions, notation};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for game in GameId::ALL {
        let Ok(g) = load(game, RuleOptions::default(), data) else {
            continue;
        };
        let v = g.position().variant();
        let moves: Vec<String> = g
            .moves()
            .iter()
            .map(|&m| notation::write_move(v, m))
            .collect();
        let text = format!(
            "position sfen {} moves {}",
            notation::write_position(g.start()),
            moves.join(" ")
        );
        let again = load(game, RuleOptions::default(), text.as_bytes());
        assert!(again.is_ok(), "{text}");
        if let Ok(again) = again {
            assert_eq!(again.position(), g.position());
            assert_eq!(again.moves(), g.moves());
        }
    }
});
