//! How a game ends: the winner (or none) and the reason, with a stable id for each reason.
//!
//! This sits below the game modules ([`crate::games::chushogi`], [`crate::games::sangoku`]) and the game in
//! progress ([`crate::game`]), which all decide outcomes, so that none of them imports another
//! for it.

use crate::piece::Player;

/// Why a game ended: the one value that the rules, the messages between the app and the
/// server, the server's database, saved games and the words of both languages share. A foul's
/// rule is not part of it: the game that ended by the foul keeps it ([`crate::Game::foul`]),
/// as it keeps the move. Its text (serde's, and [`EndReason::id`]) is the interface's
/// `data-reason`; [`EndReason::parse`] is the one place a text is read back into it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EndReason {
    /// 詰み.
    Checkmate,
    /// No legal move though not in check.
    NoLegalMoves,
    /// 投了.
    Resignation,
    /// 反則 (strict play).
    Foul,
    /// 時間切れ.
    Time,
    /// 千日手.
    Repetition,
    /// 連続王手の千日手.
    PerpetualCheck,
    /// 持将棋.
    Impasse,
    /// 入玉宣言.
    Declaration,
    /// A royal piece captured.
    RoyalCaptured,
    /// A Three Kingdoms general on the centre.
    GeneralOnCentre,
    /// 駒枯れ.
    BareKing,
    /// The other players left an online game and did not come back in time: a win or (as its
    /// remaining player chose) a draw claimed.
    Abandoned,
}

impl EndReason {
    /// Every reason.
    pub const ALL: [EndReason; 13] = [
        EndReason::Checkmate,
        EndReason::NoLegalMoves,
        EndReason::Resignation,
        EndReason::Foul,
        EndReason::Time,
        EndReason::Repetition,
        EndReason::PerpetualCheck,
        EndReason::Impasse,
        EndReason::Declaration,
        EndReason::RoyalCaptured,
        EndReason::GeneralOnCentre,
        EndReason::BareKing,
        EndReason::Abandoned,
    ];

    /// Its stable id (`data-reason`, the wire's and the database's text).
    pub fn id(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::NoLegalMoves => "no-legal-moves",
            EndReason::Resignation => "resignation",
            EndReason::Foul => "foul",
            EndReason::Time => "time",
            EndReason::Repetition => "repetition",
            EndReason::PerpetualCheck => "perpetual-check",
            EndReason::Impasse => "impasse",
            EndReason::Declaration => "declaration",
            EndReason::RoyalCaptured => "royal-captured",
            EndReason::GeneralOnCentre => "general-on-centre",
            EndReason::BareKing => "bare-king",
            EndReason::Abandoned => "abandoned",
        }
    }

    /// The reason whose id is `id`.
    pub fn parse(id: &str) -> Option<EndReason> {
        EndReason::ALL.into_iter().find(|r| r.id() == id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_end_reason_reads_back_from_its_id_and_its_serde_text() {
        for r in EndReason::ALL {
            assert_eq!(EndReason::parse(r.id()), Some(r));
        }
        assert_eq!(EndReason::parse("checkmated"), None);
        assert_eq!(EndReason::PerpetualCheck.id(), "perpetual-check");
    }
}

/// How a game ended: the winner (none for a draw) and why.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Player>,
    /// Why.
    pub reason: EndReason,
}
