//! How a game starts: the game, its setup or position, rule options, clocks, names, the
//! computer's seats and level, or the saved game it reopens. The addresses build it
//! (`crate::Route`), the start screen and saved games write it, the play screen and the embed
//! play from it.

use koma_rules::setups::GameStart;
use koma_rules::{Game, GameId, Player};

/// How a game is set up, from the address: how it starts ([`GameStart`], the value the API,
/// the server and saved games share) and what only this browser knows.
#[derive(Clone, Debug, PartialEq)]
pub struct Start {
    /// The game, its setup or position, preset and clocks.
    pub game: GameStart,
    /// Strict play.
    pub strict: bool,
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
        Start::of(GameStart::new(game))
    }

    /// A casual game started as `game` says, without names or the computer.
    pub fn of(game: GameStart) -> Start {
        Start {
            game,
            strict: false,
            names: Vec::new(),
            computer: Vec::new(),
            level: DEFAULT_LEVEL,
            saved: None,
        }
    }

    /// The game's id.
    pub fn id(&self) -> GameId {
        self.game.id
    }

    /// Build the game, or say what is wrong with the address.
    ///
    /// # Errors
    /// The start that is none, or a computer seat the game does not have.
    pub fn build(&self) -> Result<Game, crate::problem::Problem> {
        use crate::problem::Problem;
        let game = self.game.build(self.strict).map_err(Problem::Start)?;
        let players = game.position().variant().players();
        if let Some(p) = self.computer.iter().find(|p| p.0 >= players) {
            return Err(Problem::ComputerSeat {
                seat: p.0,
                game: self.game.id,
            });
        }
        Ok(game)
    }
}
