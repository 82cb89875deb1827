//! Any text: the SFEN reader never panics, and a position it accepts writes back to SFEN that
//! reads to the same position with the same hash; its legal moves all validate.
#![no_main]

use koma_rules::GameId;
use koma_rules::sfen::{from_sfen, to_sfen};
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
        if let Ok(mut p) = from_sfen(game, text) {
            let again = from_sfen(game, &to_sfen(&p)).expect("written SFEN reads back");
            assert_eq!(again, p);
            assert_eq!(again.hash(), p.hash());
            for m in p.legal_moves() {
                assert!(p.validate(m).is_ok());
            }
        }
    }
});
