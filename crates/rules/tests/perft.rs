//! The published perft counts (`tests/data/*.perft`, a copy of the project's shared tables).
//! Counts up to `LIMIT` leaves run in the test suite; deeper ones run with `--ignored`.
#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failure is a test failure

use koma_rules::{GameId, sfen};

const LIMIT: u64 = 2_000_000;

struct Case {
    sfen: String,
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
    for line in text.lines() {
        let line = line.trim();
        if let Some(s) = line.strip_prefix("sfen ") {
            current = Some(s.to_string());
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let mut it = rest.split_whitespace();
            let depth = it.next().unwrap().parse().unwrap();
            let nodes = it.next().unwrap().parse().unwrap();
            out.push(Case {
                sfen: current.clone().expect("perft line before any sfen"),
                depth,
                nodes,
            });
        }
    }
    assert!(!out.is_empty());
    out
}

fn run(game: GameId, deep: bool) {
    let mut ran = 0;
    for c in cases(game) {
        if (c.nodes > LIMIT) != deep {
            continue;
        }
        let mut pos = sfen::from_sfen(game, &c.sfen).unwrap();
        assert_eq!(pos.perft(c.depth), c.nodes, "{} depth {}", c.sfen, c.depth);
        ran += 1;
    }
    assert!(ran > 0);
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
