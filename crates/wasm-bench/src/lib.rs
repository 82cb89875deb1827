//! Perft of the rules crate and the engine's search as wasm exports, for measuring their speed
//! in a JavaScript engine, with the peer haitaka's perft beside the rules' for standard shogi.
//! `cargo xtask bench` builds it for wasm32, binds it for node and runs `run.mjs`; natively it
//! runs `src/bin/peer-perft.rs`.

use koma_rules::GameId;
use wasm_bindgen::prelude::*;

/// Leaf count of the legal move tree of `sfen` in `game` to `depth` (every leaf move played);
/// -1 when the game id or the SFEN is not valid.
#[wasm_bindgen]
pub fn perft(game: &str, sfen_text: &str, depth: u32) -> f64 {
    let Ok(game) = game.parse::<GameId>() else {
        return -1.0;
    };
    match koma_rules::notation::read_position(game, sfen_text) {
        Ok(mut p) => p.perft(depth) as f64,
        Err(_) => -1.0,
    }
}

/// Leaf count of standard shogi's move tree from `sfen` to `depth` by the peer haitaka (the
/// fastest Rust shogi move generator measured here), every leaf move played as
/// [`perft`] plays it; -1 when haitaka cannot read the SFEN.
#[wasm_bindgen]
pub fn haitaka_perft(sfen_text: &str, depth: u32) -> f64 {
    match haitaka::Board::from_sfen(sfen_text) {
        Ok(board) => haitaka_count(&board, depth) as f64,
        Err(_) => -1.0,
    }
}

/// haitaka's leaves below `board` at `depth`: each legal move played on a copy.
pub fn haitaka_count(board: &haitaka::Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut leaves = 0;
    board.generate_moves(|moves| {
        for mv in moves {
            let mut next = board.clone();
            next.play_unchecked(mv);
            leaves += haitaka_count(&next, depth - 1);
        }
        false
    });
    leaves
}

/// The engine's search from the start of `game`, stopped after about `nodes` nodes (no clock
/// in wasm: a node limit); the nodes visited, or -1 for an unknown game id.
#[wasm_bindgen]
pub fn search(game: &str, nodes: f64) -> f64 {
    let Ok(game) = game.parse::<GameId>() else {
        return -1.0;
    };
    let start = koma_rules::Position::start(game);
    let mut engine = koma_engine::Engine::new(64);
    let limits = koma_engine::Limits {
        nodes: Some(nodes.max(1.0) as u64),
        ..koma_engine::Limits::default()
    };
    let r = engine.search(
        &start,
        &[],
        &limits,
        &koma_engine::search::NoClock,
        &mut |_| {},
    );
    r.nodes as f64
}

#[cfg(test)]
mod tests {
    #[test]
    fn perft_export_counts_and_refuses_bad_input() {
        assert_eq!(
            super::perft("minishogi", "rbsgk/4p/5/P4/KGSBR b - 1", 3),
            2512.0
        );
        assert_eq!(super::perft("chess", "x", 1), -1.0);
        assert_eq!(super::perft("shogi", "x", 1), -1.0);
        assert!(super::search("minishogi", 1000.0) >= 1000.0);
        // the peer counts the same tree
        let start = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
        assert_eq!(super::haitaka_perft(start, 3), 25_470.0);
        assert_eq!(super::haitaka_perft("x", 1), -1.0);
        assert_eq!(super::search("chess", 10.0), -1.0);
    }
}
