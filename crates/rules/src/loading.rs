//! Loading a record or a position into a game, whatever its notation: format detection, every
//! move played through the game's rules, and a message naming the move and the rule when one
//! cannot be played.

use crate::game::Game;
use crate::moves::{IllegalMove, Move};
use crate::options::RuleOptions;
use crate::position::Position;
use crate::record::has_kif;
use crate::variant::GameId;

/// Why a record could not be loaded into a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LoadError {
    /// Nothing but white space.
    #[error("the record is empty")]
    Empty,
    /// The bytes are not text in an encoding records use.
    #[error("the file is neither UTF-8 nor Shift_JIS text")]
    Encoding,
    /// A KIF record of a game that has none here.
    #[error("{0} records are SFEN and USI here, not KIF")]
    NoKif(GameId),
    /// A KIF record that cannot be read.
    #[error("KIF: {0}")]
    Kif(crate::kif::KifError),
    /// The start position cannot be read.
    #[error("position: {0}")]
    Position(crate::notation::NotationError),
    /// A move that cannot be read.
    #[error("move {number} ({text:?}): {error}")]
    MoveText {
        /// The move's number in the game (the start position's move number counts).
        number: u32,
        /// The move as written.
        text: String,
        /// What is wrong with it.
        error: crate::notation::NotationError,
    },
    /// A move the rules refuse.
    #[error("move {number} ({text}) is illegal: {error}")]
    Illegal {
        /// The move's number in the game.
        number: u32,
        /// The move as written.
        text: String,
        /// The rule it breaks.
        error: IllegalMove,
    },
    /// A move after the game had ended.
    #[error(
        "move {number} ({text}): the game ended at move {ended_at}, {}",
        describe_outcome(*game, *options, *outcome)
    )]
    AfterTheEnd {
        /// The move's number in the game.
        number: u32,
        /// The move as written.
        text: String,
        /// The number of the last move played (the start's move number less one when the start
        /// position had already ended the game).
        ended_at: u32,
        /// How it ended.
        outcome: crate::outcome::Outcome,
        /// The game, which names the winner's seat.
        game: GameId,
        /// The rules that decided it (chu's preset).
        options: RuleOptions,
    },
}

/// How `outcome` reads in a sentence ("gote won by checkmate (JCSA rules)", "a draw by
/// repetition"): the winner by seat, the reason, and for chu shogi the preset that decided it.
pub fn describe_outcome(
    game: GameId,
    options: RuleOptions,
    outcome: crate::outcome::Outcome,
) -> String {
    let reason = outcome.reason.id().replace('-', " ");
    let mut s = match outcome.winner {
        Some(p) => format!(
            "{} won by {reason}",
            crate::names::seat(game, p, crate::names::Lang::En)
        ),
        None => format!("a draw by {reason}"),
    };
    if let Some(rules) = crate::games::rules(game).rules_name(options) {
        s += &format!(" ({rules} rules)");
    }
    s
}

/// Read a record or a position of `game` from bytes and play it as a game under `options`:
/// KIF (UTF-8 or Shift_JIS; the games that have it), `position [startpos | sfen <SFEN>] [moves
/// ...]` as USI sends it, a bare position (SFEN or the hex notation) with or without `moves`.
/// Every move is played through [`Game::play`], so the record is judged by the same rules as
/// the game it is loaded into: a move the rules refuse, or one after the game has ended, is
/// named with its number and the reason.
///
/// # Errors
/// [`LoadError`], naming what is wrong and where.
pub fn load(game: GameId, options: RuleOptions, bytes: &[u8]) -> Result<Game, LoadError> {
    let text = crate::kif::decode(bytes).map_err(|_| LoadError::Encoding)?;
    let t = text.trim();
    if t.is_empty() {
        return Err(LoadError::Empty);
    }
    let looks_kif = t.contains("手数")
        || t.contains("手合割")
        || t.lines()
            .any(|l| l.starts_with('|') || l.contains("の持駒"));
    let v = crate::variant::Variant::get(game);
    // each move as written, and as read
    type Moves = Vec<(String, Result<Move, LoadError>)>;
    let (start, moves): (Position, Moves) = if looks_kif {
        if !has_kif(game) {
            return Err(LoadError::NoKif(game));
        }
        let r = crate::kif::read_kif(game, bytes).map_err(LoadError::Kif)?;
        let moves = r
            .moves
            .iter()
            .map(|&m| (crate::notation::write_move(v, m), Ok(m)))
            .collect();
        (r.start, moves)
    } else {
        let t = t.strip_prefix("position").unwrap_or(t).trim();
        let (start_text, moves_text) = match t.split_once("moves") {
            Some((a, b)) => (a.trim(), b.trim()),
            None => (t, ""),
        };
        let start = if start_text == "startpos" || start_text.is_empty() {
            Position::start(game)
        } else {
            let s = start_text.strip_prefix("sfen").unwrap_or(start_text).trim();
            crate::notation::read_position(game, s).map_err(LoadError::Position)?
        };
        let first = start.move_number();
        let moves = moves_text
            .split_whitespace()
            .zip(first..)
            .map(|(tok, number)| {
                let m = crate::notation::read_move(v, tok).map_err(|error| LoadError::MoveText {
                    number,
                    text: tok.to_string(),
                    error,
                });
                (tok.to_string(), m)
            })
            .collect();
        (start, moves)
    };
    let first = start.move_number();
    let mut g = Game::from_position(start, options);
    for ((text, m), number) in moves.into_iter().zip(first..) {
        let m = m?;
        if let Some(o) = g.outcome() {
            return Err(LoadError::AfterTheEnd {
                number,
                text,
                ended_at: number - 1,
                outcome: o,
                game,
                options: g.position().options(),
            });
        }
        g.play(m).map_err(|error| LoadError::Illegal {
            number,
            text: text.clone(),
            error,
        })?;
    }
    Ok(g)
}
