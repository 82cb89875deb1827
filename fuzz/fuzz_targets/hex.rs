//! Any text: the Three Kingdoms position reader (both games on the hexagon) never panics; a
//! position it accepts writes back to text that reads to the same position with the same hash,
//! every legal move it generates validates and its text reads back to the same move, and a
//! move the rules refuse leaves the position as it was.
#![no_main]

use koma_rules::GameId;
use koma_rules::hex::{from_text, move_text, parse_move, to_text};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for game in GameId::ALL
        .into_iter()
        .filter(|&g| koma_rules::Description::of(g).hexagon())
    {
        let Ok(mut p) = from_text(game, text) else {
            continue;
        };
        let again = from_text(game, &to_text(&p)).expect("written text reads back");
        assert_eq!(again, p);
        assert_eq!(again.hash(), p.hash());
        let v = p.variant();
        for m in p.legal_moves() {
            assert!(p.validate(m).is_ok());
            assert_eq!(parse_move(&v.geometry, &move_text(v, m)), Ok(m));
        }
        // the text's tail read as a move: played or refused, never half-played
        if let Some(tail) = text.split_whitespace().last()
            && let Ok(m) = parse_move(&v.geometry, tail)
        {
            let before = p.clone();
            if p.play(m).is_err() {
                assert_eq!(p, before);
            }
        }
    }
});
