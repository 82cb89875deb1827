//! Standard shogi's perft natively, the rules crate and the peer haitaka side by side:
//! `cargo run --release -p koma-wasm-bench --bin peer-perft -- '<cases as JSON>'` (as `cargo
//! xtask bench` passes them: `[[name, game, sfen, depth, nodes], ...]`; the shogi ones are run).
//! Each case is run once one ply shallower, then three times by each, alternating; the fastest
//! run of each is compared.

use std::time::Instant;

use koma_rules::GameId;

fn main() {
    let arg = std::env::args().nth(1).unwrap_or_default();
    let cases = match parse(&arg) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("peer-perft: {e}");
            std::process::exit(2);
        }
    };
    for (name, sfen, depth, expected) in cases {
        let Ok(start) = koma_rules::notation::read_position(GameId::Shogi, &sfen) else {
            eprintln!("peer-perft: {name}: the rules cannot read {sfen}");
            std::process::exit(2);
        };
        let Ok(board) = haitaka::Board::from_sfen(&sfen) else {
            eprintln!("peer-perft: {name}: haitaka cannot read {sfen}");
            std::process::exit(2);
        };
        let warm = depth.saturating_sub(1).max(1);
        start.clone().perft(warm);
        koma_wasm_bench::haitaka_count(&board, warm);
        let (mut ours, mut theirs) = (f64::INFINITY, f64::INFINITY);
        for _ in 0..3 {
            let t = Instant::now();
            let n = start.clone().perft(depth);
            ours = ours.min(t.elapsed().as_secs_f64());
            let t = Instant::now();
            let m = koma_wasm_bench::haitaka_count(&board, depth);
            theirs = theirs.min(t.elapsed().as_secs_f64());
            if n != expected || m != expected {
                eprintln!(
                    "peer-perft: {name}: perft {depth} gave {n} (rules), {m} (haitaka), expected {expected}"
                );
                std::process::exit(1);
            }
        }
        let nps = |s: f64| (expected as f64 / s).round();
        println!(
            "native {name:<18} {depth:>5} {expected:>12}  rules {:>12} nodes/s  haitaka {:>12} nodes/s  ratio {:.2}",
            nps(ours),
            nps(theirs),
            theirs / ours
        );
    }
}

/// The shogi cases of the JSON list `[[name, game, sfen, depth, nodes], ...]`.
fn parse(text: &str) -> Result<Vec<(String, String, u32, u64)>, String> {
    let all: Vec<(String, String, String, u32, u64)> =
        serde_json::from_str(text).map_err(|e| format!("the cases: {e}"))?;
    Ok(all
        .into_iter()
        .filter(|c| c.1.parse::<GameId>() == Ok(GameId::Shogi))
        .map(|(name, _, sfen, depth, nodes)| (name, sfen, depth, nodes))
        .collect())
}
