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
/// issue names them, chu shogi from the start (perft 4; quick: 3), minishogi and 66 shogi (through its placement phase) from the start, and
/// three-player Three Kingdoms shogi from the start (perft 5; its issue asks for perft 3, which
/// has only 1728 leaves, too few to time: the quick run measures it).
pub const BENCH_CASES: [BenchCase; 6] = [
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
    BenchCase {
        name: "shogi66 start",
        game: GameId::Shogi66,
        sfen: "6/pppppp/6/6/PPPPPP/6 b KRBGSNLkrbgsnl 1",
        depth: 4,
        nodes: 1_440_000,
        quick_depth: 3,
        quick_nodes: 50_400,
    },
    BenchCase {
        name: "chushogi start",
        game: GameId::Chushogi,
        sfen: "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1",
        depth: 4,
        nodes: 2_134_748,
        quick_depth: 3,
        quick_nodes: 52_599,
    },
    BenchCase {
        name: "sangoku start",
        game: GameId::Sangoku,
        sfen: "cScA1bAbS/cCcP2bPbC/cKcP3bPbK/cCcP4bPbC/cScP5bPbS/cA6bA/7/aAaPaPaPaPaA/aSaCaKaCaS a - -",
        depth: 5,
        nodes: 369_719,
        quick_depth: 3,
        quick_nodes: 1_728,
    },
];
