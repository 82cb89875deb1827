//! Any bytes: the KIF and KI2 readers never panic, and a record they accept is legal move by
//! move and reads back the same after writing.
#![no_main]

use koma_rules::kif::{read_ki2, read_kif, write_ki2, write_kif};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(r) = read_kif(data) {
        assert!(r.final_position().is_ok());
        let back = read_kif(write_kif(&r).as_bytes()).expect("written KIF reads back");
        assert_eq!(back.moves, r.moves);
    }
    if let Ok(r) = read_ki2(data) {
        assert!(r.final_position().is_ok());
        let back = read_ki2(write_ki2(&r).as_bytes()).expect("written KI2 reads back");
        assert_eq!(back.moves, r.moves);
    }
});
