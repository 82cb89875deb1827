//! What a board on a page tells its host: the embed's events (`koma:ready`, `koma:move`,
//! `koma:foul`, `koma:puzzle`, `koma:exercise`, `koma:end`), one serde type for every mode,
//! turned into a plain JavaScript object by serde-wasm-bindgen (see [`crate::embed`] and
//! [`crate::exercise`]).

use serde::Serialize;

/// What an embedded board tells its host.
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct Event {
    /// `koma:ready`, `koma:move`, `koma:foul`, `koma:puzzle` or `koma:end`.
    #[serde(rename = "type")]
    pub kind: String,
    /// The host's name for the board (`id`).
    pub id: String,
    /// The game id.
    pub game: String,
    /// The plies from the start of the position now shown.
    pub ply: usize,
    /// That position in the game's notation.
    pub position: String,
    /// The move made (`koma:move`), in the game's notation.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub r#move: Option<String>,
    /// Who made it: `reader`, `replay` or `puzzle` (the expected reply).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub by: Option<String>,
    /// A refused move's rule id (`koma:foul`: `nifu`, ...), or the puzzle's state
    /// (`koma:puzzle`: `right`, `wrong`, `solved`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    /// The refusal or the puzzle's answer in words, in the board's language.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// The winner's seat (`koma:end`; none for a draw).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winner: Option<u8>,
    /// Why the game ended (`koma:end`: `checkmate`, ...).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<koma_rules::EndReason>,
    /// An exercise's state after a try (`koma:exercise`: `going`, `refused`, `wrong`, `done`,
    /// `over`; see [`crate::exercise`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub state: Option<String>,
    /// An exercise's stars, once done (1 to 3).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stars: Option<u8>,
}
