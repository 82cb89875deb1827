//! The perft counts (`tests/data/<game>.perft`): the project's shared tables for shogi,
//! minishogi and chu shogi (copied unchanged), and Koma's own counts for 66 shogi and the two
//! Three Kingdoms games. Every game id has a file: a missing or empty one fails the test.
//! Counts up to `LIMIT` leaves run in the test suite; deeper ones run with `--ignored`.
#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failure is a test failure

use koma_rules::{GameId, notation};

const LIMIT: u64 = 3_000_000;

struct Case {
    position: String,
    depth: u32,
    nodes: u64,
}

fn cases(game: GameId) -> Vec<Case> {
    let path = format!(
        "{}/tests/data/{}.perft",
        env!("CARGO_MANIFEST_DIR"),
        game.as_str()
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut out = Vec::new();
    let mut current = None;
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(s) = line.strip_prefix("sfen ") {
            current = Some(s.to_string());
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let mut it = rest.split_whitespace();
            let depth = it.next().unwrap().parse().unwrap();
            let nodes = it.next().unwrap().parse().unwrap();
            out.push(Case {
                position: current.clone().expect("perft line before any sfen"),
                depth,
                nodes,
            });
        } else {
            panic!(
                "{path}:{}: not a comment, sfen or perft line: {line}",
                n + 1
            );
        }
    }
    assert!(!out.is_empty(), "{path}: no perft counts");
    out
}

fn run(game: GameId, deep: bool) {
    let mut ran = 0;
    for c in cases(game) {
        if (c.nodes > LIMIT) != deep {
            continue;
        }
        let mut pos = notation::read_position(game, &c.position).unwrap();
        assert_eq!(
            pos.perft(c.depth),
            c.nodes,
            "{game} {} depth {}",
            c.position,
            c.depth
        );
        ran += 1;
    }
    assert!(ran > 0, "{game}: no count to check");
}

#[test]
fn every_game_has_a_perft_table() {
    for g in GameId::ALL {
        assert!(!cases(g).is_empty());
    }
}

#[test]
fn shogi_perft() {
    run(GameId::Shogi, false);
}

#[test]
fn minishogi_perft() {
    run(GameId::Minishogi, false);
}

#[test]
fn chushogi_perft() {
    run(GameId::Chushogi, false);
}

#[test]
fn shogi66_perft() {
    run(GameId::Shogi66, false);
}

#[test]
fn sangoku_perft() {
    run(GameId::Sangoku, false);
}

#[test]
fn sangoku2_perft() {
    run(GameId::Sangoku2, false);
}

#[test]
#[ignore = "deep counts: cargo test --release -p koma-rules -- --ignored"]
fn shogi_perft_deep() {
    run(GameId::Shogi, true);
}

#[test]
#[ignore = "deep counts: cargo test --release -p koma-rules -- --ignored"]
fn minishogi_perft_deep() {
    run(GameId::Minishogi, true);
}

/// The copy in this crate is the project's shared table, unchanged.
#[test]
fn tables_match_the_shared_copy() {
    let shared = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/perft");
    if !std::path::Path::new(shared).exists() {
        return;
    }
    for g in ["shogi", "minishogi", "chushogi"] {
        let ours = std::fs::read_to_string(format!(
            "{}/tests/data/{g}.perft",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap();
        let theirs = std::fs::read_to_string(format!("{shared}/{g}.perft")).unwrap();
        assert_eq!(ours, theirs, "{g}.perft differs from shared/perft");
    }
}
