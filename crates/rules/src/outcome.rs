//! How a game ends: the winner (or none) and the reason, with a stable id for each reason.
//!
//! This sits below the game modules ([`crate::games::chushogi`], [`crate::games::sangoku`]) and the game in
//! progress ([`crate::game`]), which all decide outcomes, so that none of them imports another
//! for it.

use crate::moves::IllegalMove;
use crate::piece::Player;

/// Why a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// 詰み: the side to move is in check with no legal move.
    Checkmate,
    /// The side to move has no legal move though not in check.
    NoLegalMoves,
    /// 投了.
    Resignation,
    /// 反則: a foul in strict play, named.
    Foul(IllegalMove),
    /// 時間切れ.
    Time,
    /// 千日手.
    Repetition,
    /// 連続王手の千日手.
    PerpetualCheck,
    /// 持将棋 by agreement, settled by points.
    Impasse,
    /// 入玉宣言.
    Declaration,
    /// A royal piece (a Three Kingdoms general) was captured.
    RoyalCaptured,
    /// A Three Kingdoms general stood on the centre when its owner's turn came.
    GeneralOnCentre,
    /// 駒枯れ (chu shogi): bare king.
    BareKing,
}

impl Reason {
    /// A stable id for the interface (`data-reason`).
    pub fn id(self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::NoLegalMoves => "no-legal-moves",
            Reason::Resignation => "resignation",
            Reason::Foul(_) => "foul",
            Reason::Time => "time",
            Reason::Repetition => "repetition",
            Reason::PerpetualCheck => "perpetual-check",
            Reason::Impasse => "impasse",
            Reason::Declaration => "declaration",
            Reason::RoyalCaptured => "royal-captured",
            Reason::GeneralOnCentre => "general-on-centre",
            Reason::BareKing => "bare-king",
        }
    }
}

/// How a game ended: the winner (none for a draw) and why.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Player>,
    /// Why.
    pub reason: Reason,
}
