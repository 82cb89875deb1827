//! Loading a record into a game: the game's rule options judge it, and a record that cannot be
//! loaded says where and why.
#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failure is a test failure

use koma_rules::loading::{LoadError, load};
use koma_rules::{ChuPreset, GameId, RuleOptions};

/// Sente is mated under the JCSA rules; under lishogi's, play goes on and 3j4j is legal.
const CHU: &str = "position sfen lf1skth1s1fl/ac1gt2ger1a/mvr1dx1qc2m/2pp2dppp2/pp2pbp1hvQp/1H1iPp3b2/2HI6p1/P2+o1B1PiCPP/4nKP5/MFRSO4RVM/A2G3SGDFA/L1CX1E2T1BL b - 241 moves 3j4j";

fn with(preset: ChuPreset) -> RuleOptions {
    RuleOptions {
        preset,
        ..RuleOptions::default()
    }
}

#[test]
fn a_record_is_judged_by_the_preset_of_the_game_it_is_loaded_into() {
    let g = load(GameId::Chushogi, with(ChuPreset::Lishogi), CHU.as_bytes()).unwrap();
    assert_eq!(g.moves().len(), 1);
    assert_eq!(g.outcome(), None);
    assert_eq!(g.options().preset, ChuPreset::Lishogi);
    assert_eq!(g.position().options().preset, ChuPreset::Lishogi);
    assert_eq!(g.start().options().preset, ChuPreset::Lishogi);
}

#[test]
fn a_move_after_the_end_names_the_move_the_end_and_the_rules() {
    let e = load(GameId::Chushogi, with(ChuPreset::Jcsa), CHU.as_bytes()).unwrap_err();
    assert!(
        matches!(e, LoadError::AfterTheEnd { number: 241, .. }),
        "{e:?}"
    );
    assert_eq!(
        e.to_string(),
        "move 241 (3j4j): the game ended at move 240, gote won by checkmate (JCSA rules)"
    );
}

#[test]
fn moves_are_numbered_from_the_start_positions_move_number() {
    // 7g7f 3c3d, then a move by a piece that is not there
    let e = load(
        GameId::Shogi,
        RuleOptions::default(),
        b"position startpos moves 7g7f 3c3d 7f7e 8c8d 5e5d",
    )
    .unwrap_err();
    assert!(matches!(e, LoadError::Illegal { number: 5, .. }), "{e:?}");
    assert!(e.to_string().starts_with("move 5 (5e5d) is illegal"), "{e}");
    let e = load(
        GameId::Shogi,
        RuleOptions::default(),
        b"position startpos moves 7g7f zz",
    )
    .unwrap_err();
    assert!(matches!(e, LoadError::MoveText { number: 2, .. }), "{e:?}");
    let e = load(GameId::Sangoku, RuleOptions::default(), b"   ").unwrap_err();
    assert_eq!(e, LoadError::Empty);
    let e = load(
        GameId::Chushogi,
        RuleOptions::default(),
        "手合割：平手\n手数----指手---------消費時間--\n".as_bytes(),
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "chushogi records are SFEN and USI here, not KIF"
    );
}

#[test]
fn strict_play_carries_into_the_loaded_game() {
    let strict = RuleOptions {
        strict: true,
        ..RuleOptions::default()
    };
    let g = load(GameId::Shogi, strict, b"startpos moves 7g7f").unwrap();
    assert!(g.options().strict);
    assert!(g.position().options().strict);
}

mod never_panics {
    use super::*;
    use koma_rules::notation;
    use proptest::prelude::*;

    /// Texts near real records: USI's words, SFEN's letters, moves and numbers, shuffled.
    fn near_records() -> impl Strategy<Value = String> {
        let words = prop::sample::select(vec![
            "position",
            "sfen",
            "startpos",
            "moves",
            "7g7f",
            "3c3d",
            "8h2b+",
            "P*5e",
            "b",
            "w",
            "-",
            "1",
            "241",
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL",
            "rbsgk/4p/5/P4/KGSBR",
            "9/9",
            "k8/9",
            "a",
            "0,1:0,0+",
            "-1,3:-1,2",
            "手合割：平手",
            "手数----指手--",
            "1 ７六歩(77)",
            "\u{0}",
            "💥",
            "99999999999999999999",
        ]);
        prop::collection::vec(words, 0..12).prop_map(|w| w.join(" "))
    }

    proptest! {
        #[test]
        fn loading_any_text_into_any_game_never_panics(
            text in near_records(),
            bytes in prop::collection::vec(any::<u8>(), 0..64),
        ) {
            for game in GameId::ALL {
                for input in [text.as_bytes(), &bytes[..]] {
                    if let Ok(g) = load(game, RuleOptions::default(), input) {
                        // what loads writes back and loads again the same
                        let v = g.position().variant();
                        let moves: Vec<String> =
                            g.moves().iter().map(|&m| notation::write_move(v, m)).collect();
                        let again = format!(
                            "position sfen {} moves {}",
                            notation::write_position(g.start()),
                            moves.join(" ")
                        );
                        let back = load(game, RuleOptions::default(), again.as_bytes()).unwrap();
                        prop_assert_eq!(back.position(), g.position());
                        prop_assert_eq!(back.moves(), g.moves());
                    }
                }
            }
        }
    }
}
