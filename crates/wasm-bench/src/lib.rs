//! Perft of the rules crate, the engine's search and its mate solver as wasm exports, for
//! measuring their speed in a JavaScript engine, with the peer haitaka's perft beside the
//! rules' for standard shogi. `cargo xtask bench` builds it for wasm32, binds it for node and
//! runs `run.mjs` (`mate.mjs` with `--mate`); natively it runs `src/bin/peer-perft.rs`.

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

/// The mate solver on `sfen` in `game` (as a problem when `tsume`), stopped after `nodes`
/// positions (no clock in wasm), with a table of `hash_mb` megabytes: `mate <plies> nodes <n>
/// table <bytes>`, `nomate ...` or `unknown ...` (`shortest` after the plies when a problem's
/// mate is proved the shortest), or `error <why>`.
#[wasm_bindgen]
pub fn mate(game: &str, sfen_text: &str, tsume: bool, nodes: f64, hash_mb: u32) -> String {
    use koma_engine::mate::{Answer, MateLimits, solve, tsume::solve_tsume};
    let Ok(game) = game.parse::<GameId>() else {
        return format!("error unknown game {game}");
    };
    let pos = match koma_rules::notation::read_position(game, sfen_text) {
        Ok(p) => p,
        Err(e) => return format!("error {e}"),
    };
    let limits = MateLimits {
        nodes: Some(nodes.max(1.0) as u64),
        time_ms: None,
        hash_mb: hash_mb as usize,
    };
    let clock = koma_engine::search::NoClock;
    let (report, plies, shortest) = if tsume {
        match solve_tsume(&pos, &limits, &clock) {
            Ok(t) => (
                koma_engine::mate::Report {
                    answer: t.answer,
                    ..t.report
                },
                t.plies,
                t.shortest,
            ),
            Err(e) => return format!("error {e}"),
        }
    } else {
        (solve(&pos, &limits, &clock), None, false)
    };
    let answer = match &report.answer {
        Answer::Mate(line) => {
            let n = plies.map_or(line.len(), |p| p as usize);
            format!("mate {n}{}", if shortest { " shortest" } else { "" })
        }
        Answer::NoMate => "nomate".to_string(),
        Answer::Unknown => "unknown".to_string(),
    };
    format!(
        "{answer} nodes {} table {}",
        report.nodes, report.table_bytes
    )
}

/// The bytes of the wasm instance's memory (its high-water mark: wasm memory never shrinks);
/// 0 natively.
#[wasm_bindgen]
pub fn memory_bytes() -> f64 {
    #[cfg(target_arch = "wasm32")]
    {
        core::arch::wasm32::memory_size::<0>() as f64 * 65536.0
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        0.0
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
        assert!(super::search("minishogi", 1000.0) >= 1000.0);
        // the peer counts the same tree
        let start = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
        assert_eq!(super::haitaka_perft(start, 3), 25_470.0);
        assert_eq!(super::haitaka_perft("x", 1), -1.0);
        assert_eq!(super::search("chess", 10.0), -1.0);
    }

    #[test]
    fn mate_export_answers_and_refuses_bad_input() {
        let m = super::mate("shogi", "4k4/9/4P4/9/9/9/9/9/9 b G 1", true, 1e5, 4);
        assert!(m.starts_with("mate 1 shortest nodes "), "{m}");
        let m = super::mate("shogi", "7nk/9/7G1/9/9/9/9/9/K8 b P 1", false, 1e5, 4);
        assert!(m.starts_with("nomate nodes "), "{m}");
        assert!(super::mate("chess", "x", false, 1.0, 1).starts_with("error unknown game"));
        assert!(super::mate("shogi", "x", false, 1.0, 1).starts_with("error "));
        assert!(
            super::mate(
                "chushogi",
                "12/12/12/12/12/12/12/12/12/12/12/K10k b - 1",
                true,
                1.0,
                1
            )
            .starts_with("error tsume is for")
        );
    }
}
