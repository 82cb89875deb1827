//! A game record as the notations carry it: the start position, the moves, the headers, and
//! how the record ends. KIF, KI2 and CSA read into and write from this.

use crate::moves::{IllegalMove, Move};
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
    /// How a game that ended for `reason` ends its record, where a record says it (an ending
    /// the moves show, as a repetition, is the game's own; a three-player ending has none).
    pub fn of(reason: crate::EndReason) -> Option<Ending> {
        use crate::EndReason as R;
        match reason {
            R::Resignation => Some(Ending::Resign),
            R::Checkmate => Some(Ending::Checkmate),
            R::Time => Some(Ending::Time),
            // perpetual check loses as a foul (連続王手の千日手は反則負け)
            R::Foul | R::PerpetualCheck => Some(Ending::Foul),
            R::Repetition => Some(Ending::Repetition),
            R::Impasse => Some(Ending::Impasse),
            R::Declaration => Some(Ending::Declaration),
            // the game stopped with the moves it has; the result is the header's
            R::Abandoned => Some(Ending::Interrupted),
            R::NoLegalMoves | R::RoyalCaptured | R::GeneralOnCentre | R::BareKing => None,
        }
    }

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
    /// The variations, in the order KIF lists them (see [`Variation`]); a tree of them is
    /// [`crate::tree::Tree`].
    pub variations: Vec<Variation>,
}

/// A variation as KIF lists it (`変化：N手`): moves played instead of move `ply` (1-based) of
/// the line listed just before it (the main line, or an earlier variation with its moves from
/// the start), and the moves after it. Listing a line's variations from its last branch to
/// its first, each followed by its own, lets every variation branch from the line before it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variation {
    /// The number of its first move (1 is the game's first move).
    pub ply: usize,
    /// Its moves, the first played instead of move `ply` of the line before.
    pub moves: Vec<Move>,
}

impl Record {
    /// A record of `moves` from `start`.
    pub fn new(start: Position, moves: Vec<Move>) -> Record {
        Record {
            headers: Vec::new(),
            start,
            moves,
            ending: None,
            variations: Vec::new(),
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

/// Whether `game` has KIF records (the square boards up to 9x9).
pub fn has_kif(game: GameId) -> bool {
    crate::games::rules(game).capabilities().kif
}
