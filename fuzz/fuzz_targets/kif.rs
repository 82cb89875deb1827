//! Any bytes, for every game whose records KIF writes: the KIF and KI2 readers never panic, and
//! a record they accept is legal move by move and reads back, after writing, to the same start,
//! moves and variations.
#![no_main]

use koma_rules::GameId;
use koma_rules::kif::{read_ki2, read_kif, write_ki2, write_kif};
use koma_rules::record::has_kif;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for game in GameId::ALL.into_iter().filter(|&g| has_kif(g)) {
        if let Ok(r) = read_kif(game, data) {
            assert!(r.final_position().is_ok());
            let back = read_kif(game, write_kif(&r).as_bytes()).expect("written KIF reads back");
            assert_eq!(back.start, r.start);
            assert_eq!(back.moves, r.moves);
            assert_eq!(back.variations.len(), r.variations.len());
        }
        if let Ok(r) = read_ki2(game, data) {
            assert!(r.final_position().is_ok());
            let back = read_ki2(game, write_ki2(&r).as_bytes()).expect("written KI2 reads back");
            assert_eq!(back.start, r.start);
            assert_eq!(back.moves, r.moves);
        }
    }
});
