//! Koma's computer opponent for every game of [`koma_rules`]: pure Rust, native and wasm32, no
//! web dependency.
//!
//! - [`search`]: iterative deepening with alpha-beta (principal variation search) over the
//!   rules' own moves, a transposition table keyed by the position's Zobrist hash ([`tt`]),
//!   quiescence on captures and promotions, move ordering (hash move, captures by MVV-LVA,
//!   killers, history), a check extension and late-move reductions. Mate scores; a repetition
//!   in the line searched is scored as the game's rules decide it (draw, perpetual check,
//!   minishogi's rule). Limits: depth, nodes, time (the caller's clock: the engine reads no
//!   clock of its own, so it runs the same in a Web Worker), and a stop flag. For a fixed
//!   node limit and seed the result is the same on every run.
//! - [`multi`]: the three-player game (`sangoku`), searched in its real turn order, with the
//!   jump to a checked player and the return.
//! - [`eval`]: what a position is worth, one file a game.
//! - [`level`]: levels 1 to 8.
//! - [`protocol`]: the messages between the page and the engine's Web Worker (`crates/worker`).

pub mod analysis;
pub mod engine;
pub mod eval;
pub mod level;
pub mod mate;
pub mod multi;
pub mod protocol;
pub mod puzzle;
pub mod search;
pub mod tt;

pub use engine::Engine;
pub use level::{BadLevel, Level};
pub use search::{Control, Info, Limits, Score, SearchResult};
