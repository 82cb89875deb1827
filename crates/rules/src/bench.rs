//! The positions the benchmarks measure (`koma bench`, `cargo xtask bench`, criterion), with
//! their published perft counts so every run also checks its result. Each game's positions are
//! kept in its module ([`crate::games`]); this is their list.

pub use crate::games::description::BenchCase;
use crate::games::{chushogi, minishogi, sangoku, shogi, shogi66};

/// Standard shogi from the start (perft 5) and the "matsuri" position (perft 3), as the rules
/// issue names them, minishogi and 66 shogi (through its placement phase) from the start, chu
/// shogi from the start (perft 4; quick: 3), and three-player Three Kingdoms shogi from the
/// start (perft 5).
pub const BENCH_CASES: [BenchCase; 6] = [
    shogi::BENCH_START,
    shogi::BENCH_MATSURI,
    minishogi::BENCH,
    shogi66::BENCH,
    chushogi::BENCH,
    sangoku::BENCH,
];
