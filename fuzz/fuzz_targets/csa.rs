//! Any text: the CSA reader never panics, and a record it accepts is legal and reads back the
//! same after writing.
#![no_main]

use koma_rules::csa::{read_csa, write_csa};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(r) = read_csa(text) {
        assert!(r.final_position().is_ok());
        let back = read_csa(&write_csa(&r)).expect("written CSA reads back");
        assert_eq!(back.moves, r.moves);
        assert_eq!(back.start, r.start);
    }
});
