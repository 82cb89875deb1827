//! Perft of the rules crate and the engine's search as wasm exports, for measuring their speed
//! in a JavaScript engine. `cargo xtask bench` builds it for wasm32, binds it for node and runs
//! `run.mjs`.

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
        assert_eq!(super::search("chess", 10.0), -1.0);
    }
}
