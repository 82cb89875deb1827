//! Perft of the rules crate as a wasm export, for measuring its speed in a JavaScript engine.
//! `cargo xtask bench` builds it for wasm32, binds it for node and runs `run.mjs`.

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
    }
}
