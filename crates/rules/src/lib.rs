//! The rules of Koma's games: one board mechanism for every game, legal moves, fouls named by
//! rule, outcomes with their reasons, and the notations (SFEN, USI, KIF, KI2, CSA).
//!
//! This crate knows nothing of pixels or the web; it builds natively and for `wasm32`.
//!
//! - [`geometry`] holds cells, vectors, player frames, cell sets, for square boards and the hexagon.
//! - [`piece`] and [`variant`] hold piece kinds and games as data.
//! - [`position`] holds a position, its moves, their legality, play and undo, perft.
//! - [`game`] holds a game in progress: its record, repetition count and outcome, generic over
//!   the games; [`games`] holds each game's own rules for it (a module a game, with its
//!   handicaps).
//! - [`sfen`] reads and writes SFEN and USI; [`kif`] KIF and KI2; [`csa`] CSA; [`record`]
//!   is the game record they share; [`notation`] reads and writes any game's positions and
//!   moves.
//! - [`sangoku`] holds Three Kingdoms shogi's own rules (turn order, checks, end) and notation.
//! - [`status`] holds what a game shows the player to move: checks, the hex turn, setup steps.
//! - [`outcome`] holds how a game ends (winner and reason), below everything that decides it.
//! - [`options`] holds the rule options every position and game carries.
//! - [`clock`] holds the game clock's arithmetic (main time, byoyomi, Fischer increment).

pub mod bench;
pub mod clock;
pub mod csa;

pub mod game;
pub mod games;
pub mod geometry;
pub mod hex;
pub mod kanji;
pub mod kif;
pub mod loading;

pub mod moves;
pub mod names;
pub mod notation;
pub mod options;
pub mod outcome;
pub mod piece;
pub mod position;
pub mod record;
pub mod setups;
pub mod sfen;
pub mod status;
pub mod tree;
pub mod variant;

pub use game::Game;
pub use games::{Capabilities, Description, Notation, chushogi, sangoku};
pub use geometry::{Cell, CellSet, Geometry, Shape, Vector};
pub use moves::{IllegalMove, Move};
pub use options::{ChuPreset, PointRule, RuleOptions};
pub use outcome::{EndReason, Outcome};
pub use piece::{Kind, Piece, Player};
pub use position::Position;
pub use position::setup::{PositionError, Setup, SetupError, Side};
pub use variant::{GameId, Variant};
