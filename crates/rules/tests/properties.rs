//! Properties over random legal games of shogi, minishogi and 66 shogi (placement included):
//! - playing then undoing a move restores the position and its hash;
//! - the incremental hash equals the hash computed from scratch;
//! - the generated moves are exactly the moves `validate` accepts, out of every move that can
//!   be written (each origin and destination with and without promotion, each drop);
//! - the tactical moves (quiescence's) hold every pseudo-legal capture and promotion, and no
//!   move that is not pseudo-legal; with the checking drops, they are the pseudo-legal moves
//!   that are tactical or drop a piece where it attacks the enemy king;
//! - SFEN round-trips.
#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failure is a test failure

use koma_rules::sfen::{from_sfen, to_sfen};
use koma_rules::variant::HAND_KINDS;
use koma_rules::{Cell, GameId, Kind, Move, Position};
use proptest::prelude::*;

fn every_writable_move(p: &Position) -> Vec<Move> {
    let v = p.variant();
    let n = v.geometry.len() as u8;
    let mut out = Vec::new();
    for from in 0..n {
        for to in 0..n {
            for promote in [false, true] {
                out.push(Move::Board {
                    from: Cell(from),
                    to: Cell(to),
                    promote,
                });
            }
        }
    }
    for k in 0..HAND_KINDS as u8 {
        for to in 0..n {
            out.push(Move::Drop {
                kind: Kind(k),
                to: Cell(to),
            });
        }
    }
    out
}

fn check_position(p: &mut Position) {
    assert_eq!(p.hash(), p.hash_from_scratch(), "{p:?}");
    let legal = p.legal_moves();
    // no duplicates
    let mut sorted: Vec<String> = legal.iter().map(|m| format!("{m:?}")).collect();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), legal.len(), "duplicate moves in {p:?}");
    for m in every_writable_move(p) {
        let ok = p.validate(m).is_ok();
        assert_eq!(ok, legal.contains(&m), "{m:?} in {p:?}");
    }
    // a search's way to play (try each pseudo-legal move) plays exactly the legal moves, and
    // undoes what it refuses
    let mut pseudo = Vec::new();
    p.pseudo_legal_moves(&mut pseudo);
    // the tactical moves (a quiescence search's) are pseudo-legal moves, and every one that
    // captures or promotes is among them
    let mut tactical = Vec::new();
    p.tactical_moves(&mut tactical);
    for m in &tactical {
        assert!(
            pseudo.contains(m),
            "tactical {m:?} not pseudo-legal in {p:?}"
        );
    }
    for m in &pseudo {
        let captures = matches!(*m, Move::Board { to, .. }
            if !p.piece(to).is_empty() && p.piece(to).owner() != p.turn());
        let promotes = matches!(*m, Move::Board { promote: true, .. });
        if captures || promotes {
            assert!(
                tactical.contains(m),
                "{m:?} missing from the tactical moves of {p:?}"
            );
        }
    }
    // with the drops that check directly (a quiescence's quiet checks), they are exactly the
    // pseudo-legal moves that are tactical or drop a kind on a cell it would check from
    if let Some(king) = p.king(p.turn().opponent()) {
        let mut cells = Vec::new();
        p.attack_cells(king, p.turn(), &mut cells);
        let mut with_checks = tactical.clone();
        p.checking_drops(&mut with_checks, &cells);
        for m in &with_checks[tactical.len()..] {
            assert!(
                matches!(m, Move::Drop { .. }) && !tactical.contains(m),
                "checking drop {m:?} is not a drop the tactical moves leave out in {p:?}"
            );
        }
        for m in &pseudo {
            let checks = match *m {
                Move::Drop { kind, to } => cells
                    .iter()
                    .any(|&(c, k)| c == to && k >> kind.index() & 1 != 0),
                _ => false,
            };
            assert_eq!(
                with_checks.contains(m),
                tactical.contains(m) || checks,
                "{m:?} and the checking drops of {p:?}"
            );
        }
        for m in &with_checks {
            assert!(pseudo.contains(m), "{m:?} not pseudo-legal in {p:?}");
        }
    }
    for m in pseudo {
        let before = p.clone();
        let played = p.try_play(m);
        assert_eq!(played, legal.contains(&m), "try_play {m:?} in {before:?}");
        if played {
            p.undo();
        }
        assert_eq!(*p, before);
        assert_eq!(p.hash(), before.hash());
    }
    // play then undo restores
    for &m in &legal {
        let before = p.clone();
        let h = p.hash();
        p.play_unchecked(m);
        assert_eq!(
            p.hash(),
            p.hash_from_scratch(),
            "after {m:?} from {before:?}"
        );
        assert_eq!(p.undo(), Some(m));
        assert_eq!(*p, before);
        assert_eq!(p.hash(), h);
    }
    // SFEN round trip
    let text = to_sfen(p);
    let back = from_sfen(p.game(), &text).unwrap();
    assert_eq!(back, *p);
    assert_eq!(back.hash(), p.hash());
    assert_eq!(to_sfen(&back), text);
}

fn random_game(game: GameId, choices: &[u16], full_check_every: usize) {
    let mut p = Position::start(game);
    for (i, &c) in choices.iter().enumerate() {
        if i % full_check_every == 0 {
            check_position(&mut p);
        }
        let legal = p.legal_moves();
        if legal.is_empty() {
            break;
        }
        p.play(legal[c as usize % legal.len()]).unwrap();
    }
    check_position(&mut p);
    // undo the whole game back to the start
    while p.undo().is_some() {}
    assert_eq!(p, Position::start(game));
    assert_eq!(p.hash(), Position::start(game).hash());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn shogi_random_games(choices in prop::collection::vec(any::<u16>(), 20..160)) {
        random_game(GameId::Shogi, &choices, 8);
    }

    #[test]
    fn minishogi_random_games(choices in prop::collection::vec(any::<u16>(), 10..120)) {
        random_game(GameId::Minishogi, &choices, 4);
    }

    #[test]
    fn shogi66_random_games(choices in prop::collection::vec(any::<u16>(), 12..120)) {
        random_game(GameId::Shogi66, &choices, 3);
    }

    /// Arbitrary text never panics the SFEN reader, and what it accepts round-trips.
    #[test]
    fn sfen_reader_never_panics(text in ".{0,80}") {
        for g in [GameId::Shogi, GameId::Minishogi, GameId::Shogi66, GameId::Chushogi] {
            if let Ok(p) = from_sfen(g, &text) {
                prop_assert_eq!(from_sfen(g, &to_sfen(&p)).unwrap(), p);
            }
        }
    }

    /// SFEN-like text built from the right alphabet exercises the reader's deeper paths.
    #[test]
    fn sfen_like_text_never_panics(text in "[1-9kKrRbBgGsSnNlLpP+/]{1,60} [bw] [-0-9rbgsnlpRBGSNLP]{1,8} [0-9]{1,3}") {
        if let Ok(p) = from_sfen(GameId::Shogi, &text) {
            prop_assert_eq!(from_sfen(GameId::Shogi, &to_sfen(&p)).unwrap(), p);
        }
    }
}
