//! Any text: the USI move reader never panics, and a move it reads writes back the same.
#![no_main]

use koma_rules::sfen::{parse_usi, to_usi};
use koma_rules::{GameId, Position};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for game in [
        GameId::Shogi,
        GameId::Minishogi,
        GameId::Shogi66,
        GameId::Chushogi,
    ] {
        let mut p = Position::start(game);
        let v = p.variant();
        if let Ok(m) = parse_usi(v, text) {
            assert_eq!(parse_usi(v, &to_usi(v, m)), Ok(m));
            let before = p.clone();
            if p.play(m).is_err() {
                assert_eq!(p, before);
            }
        }
    }
});
