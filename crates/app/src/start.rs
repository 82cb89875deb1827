//! How a game starts: the game, its setup or position, rule options, clocks, names, the
//! computer's seats and level, or the saved game it reopens. The addresses build it
//! (`crate::Route`), the start screen and saved games write it, the play screen and the embed
//! play from it.

use koma_rules::clock::TimeControl;
use koma_rules::{Game, GameId, Player, RuleOptions};

/// How a game is set up, from the address.
#[derive(Clone, Debug, PartialEq)]
pub struct Start {
    /// The game.
    pub game: GameId,
    /// A named setup (handicap).
    pub setup: Option<String>,
    /// A position in the game's notation.
    pub position: Option<String>,
    /// Chu shogi's rule preset.
    pub preset: Option<String>,
    /// Strict play.
    pub strict: bool,
    /// Clocks, if any.
    pub clock: Option<TimeControl>,
    /// The players' names by seat (sente then gote; A, B, C), as janken or the start screen
    /// seated them; empty when nobody named them.
    pub names: Vec<String>,
    /// The seats the computer plays (`?computer=0,2`).
    pub computer: Vec<Player>,
    /// The computer's level (`?level=1..8`).
    pub level: koma_engine::Level,
    /// The saved game this address reopens (`?saved=<id>`, see [`crate::saved`]).
    pub saved: Option<String>,
}

/// The computer's level when the address names none.
pub const DEFAULT_LEVEL: koma_engine::Level = match koma_engine::Level::new(4) {
    Some(l) => l,
    None => koma_engine::Level::MIN,
};

impl Start {
    /// A new game of `game` from its start, casual, without clocks, names or the computer.
    pub fn new(game: GameId) -> Start {
        Start {
            game,
            setup: None,
            position: None,
            preset: None,
            strict: false,
            clock: None,
            names: Vec::new(),
            computer: Vec::new(),
            level: DEFAULT_LEVEL,
            saved: None,
        }
    }

    /// Build the game, or say what is wrong with the address.
    pub fn build(&self) -> Result<Game, String> {
        use koma_rules::setups::{StartFrom, start_position};
        let from = match (&self.position, &self.setup) {
            (Some(text), _) => StartFrom::Position(text),
            (None, Some(id)) => StartFrom::Setup(id),
            (None, None) => StartFrom::Start,
        };
        let pos = start_position(self.game, from).map_err(|e| format!("the address: {e}"))?;
        let players = pos.variant().players();
        if let Some(p) = self.computer.iter().find(|p| p.0 >= players) {
            return Err(format!(
                "the address: computer={}: {} has seats 0 to {}",
                p.0,
                self.game,
                players - 1
            ));
        }
        let options = RuleOptions {
            strict: self.strict,
            preset: match &self.preset {
                Some(p) => p.parse()?,
                None => koma_rules::ChuPreset::default(),
            },
            ..RuleOptions::default()
        };
        Ok(Game::from_position(pos, options))
    }
}
