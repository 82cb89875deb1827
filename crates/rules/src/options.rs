//! The rule options of a game: one value that every position and game of that game carries.
//!
//! Options that change what is legal or how a game ends (the chu preset, minishogi's
//! repetition rule, the impasse point rule, strict or casual play) live together here, below
//! the positions and the game modules, so that a position read from SFEN, a record loaded into a
//! game, the CLI and a saved game are all judged by the same rules as the game they belong to.
//! A [`crate::Position`] carries its options and passes them to every position played from it;
//! [`crate::Game::from_position`] sets them on its start position.

/// Which point rule settles impasse and the entering-king declaration.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum PointRule {
    /// The Japan Shogi Association's 24-point rule (the default).
    #[default]
    TwentyFour,
    /// The amateur 27-point rule.
    TwentySeven,
}

/// The rule presets of chu shogi.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum ChuPreset {
    /// The Japanese Chu Shogi Association's rules (the default).
    #[default]
    Jcsa,
    /// lishogi's rules.
    Lishogi,
}

impl ChuPreset {
    /// The preset's id (`jcsa`, `lishogi`).
    pub fn id(self) -> &'static str {
        match self {
            ChuPreset::Jcsa => "jcsa",
            ChuPreset::Lishogi => "lishogi",
        }
    }

    /// The preset's name in a sentence (`JCSA`, `lishogi`).
    pub fn name(self) -> &'static str {
        match self {
            ChuPreset::Jcsa => "JCSA",
            ChuPreset::Lishogi => "lishogi",
        }
    }
}

impl std::str::FromStr for ChuPreset {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "jcsa" => Ok(ChuPreset::Jcsa),
            "lishogi" => Ok(ChuPreset::Lishogi),
            _ => Err(format!("unknown chu preset {s:?}: jcsa or lishogi")),
        }
    }
}

/// How a game is played: every option that changes what is legal or how the game ends.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct RuleOptions {
    /// Strict play: a foul may be made and loses at once. Casual play refuses it.
    pub strict: bool,
    /// The point rule for impasse and declaration.
    pub points: PointRule,
    /// Minishogi: the founder's repetition rule (any check in the cycle loses for the checker).
    pub founders_rule: bool,
    /// Chu shogi: the rule preset (lion trading, repetition, pawn and lance promotion).
    pub preset: ChuPreset,
}
