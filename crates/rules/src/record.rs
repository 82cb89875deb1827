//! A game record as the notations carry it: the start position, the moves, the headers, and
//! how the record ends. KIF, KI2 and CSA read into and write from this.

use crate::game::Game;
use crate::moves::{IllegalMove, Move};
use crate::options::RuleOptions;
use crate::position::Position;
use crate::variant::GameId;

/// How a record ends, as the notations name it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// 投了 / %TORYO: the side to move resigned.
    Resign,
    /// 中断 / %CHUDAN: stopped, no result.
    Interrupted,
    /// 千日手 / %SENNICHITE.
    Repetition,
    /// 持将棋 / %JISHOGI.
    Impasse,
    /// 切れ負け / %TIME_UP: the side to move ran out of time.
    Time,
    /// 反則負け / %ILLEGAL_MOVE.
    Foul,
    /// 詰み / %TSUMI.
    Checkmate,
    /// 入玉勝ち / %KACHI: the side to move declared and won.
    Declaration,
}

impl Ending {
    /// The KIF word.
    pub fn kif(self) -> &'static str {
        match self {
            Ending::Resign => "投了",
            Ending::Interrupted => "中断",
            Ending::Repetition => "千日手",
            Ending::Impasse => "持将棋",
            Ending::Time => "切れ負け",
            Ending::Foul => "反則負け",
            Ending::Checkmate => "詰み",
            Ending::Declaration => "入玉勝ち",
        }
    }

    /// The CSA special move.
    pub fn csa(self) -> &'static str {
        match self {
            Ending::Resign => "%TORYO",
            Ending::Interrupted => "%CHUDAN",
            Ending::Repetition => "%SENNICHITE",
            Ending::Impasse => "%JISHOGI",
            Ending::Time => "%TIME_UP",
            Ending::Foul => "%ILLEGAL_MOVE",
            Ending::Checkmate => "%TSUMI",
            Ending::Declaration => "%KACHI",
        }
    }

    /// Every ending.
    pub const ALL: [Ending; 8] = [
        Ending::Resign,
        Ending::Interrupted,
        Ending::Repetition,
        Ending::Impasse,
        Ending::Time,
        Ending::Foul,
        Ending::Checkmate,
        Ending::Declaration,
    ];

    /// The ending a KIF word names (also 反則勝ち, 時間切れ, 不戦敗-like variants are mapped).
    pub fn from_kif(word: &str) -> Option<Ending> {
        Some(match word {
            "投了" => Ending::Resign,
            "中断" | "封じ手" => Ending::Interrupted,
            "千日手" => Ending::Repetition,
            "持将棋" => Ending::Impasse,
            "切れ負け" | "時間切れ" => Ending::Time,
            "反則負け" | "反則勝ち" => Ending::Foul,
            "詰み" | "詰" | "不詰" => Ending::Checkmate,
            "入玉勝ち" => Ending::Declaration,
            _ => return None,
        })
    }
}

/// A game record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// Header fields in the order read (for example `先手`, `後手`, `開始日時`).
    pub headers: Vec<(String, String)>,
    /// The start position.
    pub start: Position,
    /// The moves from the start, each legal.
    pub moves: Vec<Move>,
    /// How it ends, if the record says.
    pub ending: Option<Ending>,
}

impl Record {
    /// A record of `moves` from `start`.
    pub fn new(start: Position, moves: Vec<Move>) -> Record {
        Record {
            headers: Vec::new(),
            start,
            moves,
            ending: None,
        }
    }

    /// The position after every move.
    ///
    /// # Errors
    /// The first illegal move, with its number (1-based).
    pub fn final_position(&self) -> Result<Position, (usize, IllegalMove)> {
        let mut p = self.start.clone();
        for (i, &m) in self.moves.iter().enumerate() {
            p.play(m).map_err(|e| (i + 1, e))?;
        }
        Ok(p)
    }

    /// A header's value.
    pub fn header(&self, key: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
}

/// Why a record could not be loaded into a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LoadError {
    /// Nothing but white space.
    #[error("the record is empty")]
    Empty,
    /// The bytes are not text in an encoding records use.
    #[error("{0}")]
    Encoding(String),
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
    #[error("move {number} ({text}): the game ended at move {ended_at}, {outcome}")]
    AfterTheEnd {
        /// The move's number in the game.
        number: u32,
        /// The move as written.
        text: String,
        /// The number of the last move played (the start's move number less one when the start
        /// position had already ended the game).
        ended_at: u32,
        /// How it ended, in words, with the rules that decided it.
        outcome: String,
    },
}

/// Whether `game` has KIF records (the square boards up to 9x9).
pub fn has_kif(game: GameId) -> bool {
    crate::games::rules(game).has_kif()
}

/// How `outcome` reads in a sentence ("gote won by checkmate (JCSA rules)", "a draw by
/// repetition"): the winner by seat, the reason, and for chu shogi the preset that decided it.
pub fn describe_outcome(pos: &Position, outcome: crate::outcome::Outcome) -> String {
    let reason = outcome.reason.id().replace('-', " ");
    let mut s = match outcome.winner {
        Some(p) => format!(
            "{} won by {reason}",
            crate::names::seat(pos.game(), p, crate::names::Lang::En)
        ),
        None => format!("a draw by {reason}"),
    };
    if let Some(rules) = crate::games::rules(pos.game()).rules_name(pos.options()) {
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
    let text = crate::kif::decode(bytes).map_err(|e| LoadError::Encoding(e.to_string()))?;
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
        let r = crate::kif::read_kif_of(game, bytes).map_err(LoadError::Kif)?;
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
                outcome: describe_outcome(g.position(), o),
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
