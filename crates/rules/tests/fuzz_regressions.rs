//! Inputs the fuzz targets (`fuzz/`) once crashed on, minimised, kept with the property each
//! broke: a record KIF accepts writes back to KIF that reads to the same game.
#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failure is a test failure

use koma_rules::GameId;
use koma_rules::kif::{read_kif, write_kif};
use koma_rules::record::has_kif;

fn data(name: &str) -> Vec<u8> {
    std::fs::read(format!(
        "{}/tests/data/fuzz/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

fn kif_reads_back(bytes: &[u8]) {
    for game in GameId::ALL.into_iter().filter(|&g| has_kif(g)) {
        if let Ok(r) = read_kif(game, bytes) {
            let written = write_kif(&r);
            let back = read_kif(game, written.as_bytes()).unwrap_or_else(|e| {
                panic!("{game:?}: written KIF does not read back: {e}\n{written}")
            });
            assert_eq!(back.start, r.start);
            assert_eq!(back.moves, r.moves);
        }
    }
}

/// ` 手合割:：` (Shift_JIS): a header key with a colon in it was kept and written back as
/// `手合割:：`, which reads as a handicap named `：`.
#[test]
fn a_header_key_with_a_colon_is_not_written_back_as_another_header() {
    kif_reads_back(&data("kif-colon-in-header-key.kif"));
    kif_reads_back("手合割\0\0\t:\0：平手\n   1 ３八金(49)\n".as_bytes());
}
