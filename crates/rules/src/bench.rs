//! The positions the benchmarks measure (`koma bench`, `cargo xtask bench`, criterion), with
//! their published perft counts so every run also checks its result.

use crate::variant::GameId;

/// One benchmark position.
#[derive(Copy, Clone, Debug)]
pub struct BenchCase {
    /// Short name.
    pub name: &'static str,
    /// The game.
    pub game: GameId,
    /// The position.
    pub sfen: &'static str,
    /// Depth of the full run and its leaf count.
    pub depth: u32,
    /// Leaf count at `depth`.
    pub nodes: u64,
    /// Depth of the quick run and its leaf count.
    pub quick_depth: u32,
    /// Leaf count at `quick_depth`.
    pub quick_nodes: u64,
}

/// Standard shogi from the start (perft 5) and the "matsuri" position (perft 3), as the rules
/// issue names them, and minishogi from the start.
pub const BENCH_CASES: [BenchCase; 3] = [
    BenchCase {
        name: "shogi start",
        game: GameId::Shogi,
        sfen: "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        depth: 5,
        nodes: 19_861_490,
        quick_depth: 4,
        quick_nodes: 719_731,
    },
    BenchCase {
        name: "shogi matsuri",
        game: GameId::Shogi,
        sfen: "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
        depth: 3,
        nodes: 4_809_015,
        quick_depth: 2,
        quick_nodes: 28_684,
    },
    BenchCase {
        name: "minishogi start",
        game: GameId::Minishogi,
        sfen: "rbsgk/4p/5/P4/KGSBR b - 1",
        depth: 5,
        nodes: 533_203,
        quick_depth: 4,
        quick_nodes: 35_401,
    },
];
