//! Games that are never lost: every game in progress is saved in the browser after each change
//! (a move, a setup step, a takeback, a resignation, the clocks) and comes back exactly on a
//! reload, and the Games list (`#/games`) keeps them to resume, replay, export or delete.
//!
//! Decisions:
//! - **Storage: `localStorage`**, one key a game (`koma.game.<id>`). Its writes are synchronous,
//!   so a move is on disk before the next frame and a phone that kills the tab right after a move
//!   loses nothing; an entry is a few kilobytes (a 300-move chu game is under 4 KB), so its
//!   ~5 MB quota holds over a thousand games. IndexedDB's asynchronous transactions would need a
//!   crate over a callback API and buy nothing at these sizes. One key a game means a corrupt
//!   entry touches no other game (no shared index to break: the list reads the keys).
//! - **Entries are serde types** ([`SavedGame`], [`Settings`]) turned into JavaScript objects by
//!   serde-wasm-bindgen (JSON-compatible: plain objects, numbers) and stored as JSON text.
//! - **What an entry keeps**: how the game started (the game id with the handicap id or the
//!   start position, the rule options, clock control, names, the computer's seats and level),
//!   every move in the game's own notation (so the rules replay and check them), the foul that
//!   ended a strict game, how a game ended beyond its moves (resigned, flagged, impasse agreed,
//!   declared), and the clocks between moves with the time spent on the turn in progress. The
//!   clocks stop while the page is closed: a reopened game resumes with the time the player to
//!   move had when the page was hidden.
//! - **Schema version**: every entry carries `schema`. [`SCHEMA`] is the version written;
//!   [`migrate`] brings older entries up to it step by step (version 1 is the first, so there is
//!   no step yet), and an entry from a newer Koma is left untouched and reported.
//! - **A corrupt entry** (not JSON, not an entry, or moves the rules refuse) is reported and set
//!   aside under `koma.aside.<id>` with its text unchanged, to export or delete from the Games
//!   list; no other game is touched and nothing panics.
//! - **A full quota** is reported on the play page (`[data-error="storage"]`) and the game goes
//!   on in memory.
//! - **Settings** (`koma.settings`): the language, piece names, the board's orientation and rank
//!   numbers, the hexagon's seat, the move list's notation, and the new-game form's clock and
//!   level.

use koma_rules::clock::{Clock, TimeControl};
use koma_rules::{Game, GameId, Player, notation};
use serde::{Deserialize, Serialize};

use crate::problem::{Problem, Takes, Unreadable};
use crate::start::Start;
use koma_rules::setups::GameStart;

/// The schema version written.
pub const SCHEMA: u32 = 1;

/// The keys of saved games start with this.
pub const GAME_PREFIX: &str = "koma.game.";
/// The keys of entries set aside start with this.
pub const ASIDE_PREFIX: &str = "koma.aside.";
/// The key prefix of a saved game's review (`koma.review.<id>`, deleted with the game).
pub const REVIEW_PREFIX: &str = "koma.review.";

/// A game's review as stored: the moves it was made for (a game played on since is reviewed
/// again), the node budget of each position, and each position's score and best move.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct StoredReview {
    /// The schema version.
    pub schema: u32,
    /// The moves reviewed, in the game's notation.
    pub moves: Vec<String>,
    /// The nodes searched for each position.
    pub nodes: u32,
    /// Each position's score (`cp:<n>` / `mate:<plies>` from sente's side; a value a seat in the
    /// three-player game), from the start to the end.
    pub scores: Vec<String>,
    /// Each position's best move (none where the game is over).
    pub best: Vec<Option<String>>,
}
/// The settings' key.
pub const SETTINGS_KEY: &str = "koma.settings";

/// How a game ended beyond its moves.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Ending {
    /// This player resigned.
    Resigned {
        /// The player (seat number).
        player: u8,
    },
    /// This player's time ran out.
    Flagged {
        /// The player (seat number).
        player: u8,
    },
    /// Both players agreed to impasse (持将棋).
    Impasse,
    /// The player to move declared (入玉宣言).
    Declared,
    /// The others left an online game: the winner claimed it (none: a draw).
    Abandoned {
        /// The winner (seat number), none for a draw.
        winner: Option<u8>,
    },
}

/// The clocks between moves.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct Clocks {
    /// Main time left, by seat (ms).
    pub main: Vec<u64>,
    /// Byoyomi periods left, by seat.
    pub periods: Vec<u32>,
    /// Time spent on the turn in progress when it was saved (ms).
    pub spent: u64,
}

/// The result, for the list (the rules work it out again when the game is opened).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct Result {
    /// The winner's seat (`None`: a draw).
    pub winner: Option<u8>,
    /// Why (`checkmate`, `resignation`, ... as `data-reason` names it).
    pub reason: koma_rules::EndReason,
}

/// A saved game, as stored.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct SavedGame {
    /// The schema version.
    pub schema: u32,
    /// The game's id (its key is `koma.game.<id>`; its address `#/play/<game>?saved=<id>`).
    pub id: String,
    /// When it was started (ms since the epoch).
    pub created: f64,
    /// When it was last saved (ms since the epoch).
    pub updated: f64,
    /// The game id (`shogi`, ...).
    pub game: String,
    /// The handicap id it started from.
    #[serde(default)]
    pub setup: Option<String>,
    /// The position it started from, in the game's notation (when not a named start).
    #[serde(default)]
    pub position: Option<String>,
    /// Chu shogi's rule preset.
    #[serde(default)]
    pub preset: Option<String>,
    /// Strict play.
    #[serde(default)]
    pub strict: bool,
    /// The time control (`600+30`, ...).
    #[serde(default)]
    pub clock: Option<String>,
    /// The players' names by seat.
    #[serde(default)]
    pub names: Vec<String>,
    /// The seats the computer plays.
    #[serde(default)]
    pub computer: Vec<u8>,
    /// The computer's level.
    pub level: u8,
    /// Every move, in the game's notation.
    pub moves: Vec<String>,
    /// The foul that ended a strict game.
    #[serde(default)]
    pub foul: Option<String>,
    /// How the game ended beyond its moves.
    #[serde(default)]
    pub ending: Option<Ending>,
    /// The clocks.
    #[serde(default)]
    pub clocks: Option<Clocks>,
    /// The result, once the game is over.
    #[serde(default)]
    pub result: Option<Result>,
    /// A game played online: its id on the server (the list marks it online).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub online: Option<String>,
}

/// A saved game brought back: how it started, the game, its clocks.
#[derive(Clone, Debug)]
pub struct Restored {
    /// How it started (with `saved` set to its id).
    pub start: Start,
    /// The game, every move replayed by the rules.
    pub game: Game,
    /// The clocks, if it has them.
    pub clock: Option<Clock>,
    /// Time spent on the turn in progress (ms).
    pub spent: u64,
    /// How it ended beyond its moves.
    pub ending: Option<Ending>,
}

/// Where a game being played came from: its id, how it started, when.
#[derive(Clone, Debug, PartialEq)]
pub struct Origin {
    /// The game's id.
    pub id: String,
    /// How it started.
    pub start: Start,
    /// The hash of the position `start` builds (a game that no longer starts there had a
    /// record loaded into it).
    pub start_hash: Option<u64>,
    /// When it was started (ms since the epoch).
    pub created: f64,
}

impl Origin {
    /// The origin of a game started as `start` says.
    pub fn new(id: &str, start: &Start, created: f64) -> Origin {
        Origin {
            id: id.to_string(),
            start: start.clone(),
            start_hash: start.build().ok().map(|g| g.start().hash()),
            created,
        }
    }
}

impl SavedGame {
    /// The entry for `game`, started as `origin` says (unless a record loaded into it replaced
    /// its start), with its clocks and the time spent on the turn in progress.
    pub fn of(
        origin: &Origin,
        game: &Game,
        clock: Option<&Clock>,
        spent: u64,
        ending: Option<Ending>,
        now: f64,
    ) -> SavedGame {
        let (id, start, created) = (&origin.id, &origin.start, origin.created);
        let v = game.position().variant();
        // the start as the address gave it, unless the game no longer starts there (a record
        // was loaded into it): then the position itself
        let same_start = origin.start_hash == Some(game.start().hash());
        let (setup, position) = if same_start {
            (start.game.setup.clone(), start.game.position.clone())
        } else {
            (None, Some(notation::write_position(game.start())))
        };
        SavedGame {
            schema: SCHEMA,
            id: id.clone(),
            created,
            updated: now,
            game: v.id.as_str().to_string(),
            setup,
            position,
            preset: start.game.preset.clone(),
            strict: game.options().strict,
            clock: clock.map(|c| c.control().to_string()),
            names: start.names.clone(),
            computer: start.computer.iter().map(|p| p.0).collect(),
            level: start.level.number(),
            moves: game
                .moves()
                .iter()
                .map(|&m| notation::write_move(v, m))
                .collect(),
            foul: game.foul_move().map(|m| notation::write_move(v, m)),
            ending,
            clocks: clock.map(|c| {
                let (main, periods) = c.state();
                Clocks {
                    main,
                    periods,
                    spent,
                }
            }),
            result: game.outcome().map(|o| Result {
                winner: o.winner.map(|w| w.0),
                reason: o.reason,
            }),
            online: None,
        }
    }

    /// The game again: the start rebuilt, every move replayed and checked by the rules, the
    /// ending and the clocks restored.
    ///
    /// # Errors
    /// What does not fit, in words (the entry is then set aside by the caller).
    pub fn restore(&self) -> std::result::Result<Restored, Problem> {
        let game_id: GameId = self
            .game
            .parse()
            .map_err(|_| Problem::UnknownGame(self.game.clone()))?;
        let clock_tc = match &self.clock {
            Some(c) => Some(c.parse::<TimeControl>().map_err(Problem::Clock)?),
            None => None,
        };
        let level = koma_engine::Level::new(self.level).ok_or_else(|| Problem::Value {
            key: "level",
            value: self.level.to_string(),
            takes: Takes::Range(1, koma_engine::Level::TOP.number().into()),
        })?;
        let start = Start {
            game: GameStart {
                id: game_id,
                setup: self.setup.clone(),
                position: self.position.clone(),
                preset: self.preset.clone(),
                clock: clock_tc,
            },
            strict: self.strict,
            names: self.names.iter().take(3).cloned().collect(),
            computer: self.computer.iter().map(|&p| Player(p)).collect(),
            level,
            saved: Some(self.id.clone()),
        };
        let mut game = start.build()?;
        let v = game.position().variant();
        for (i, text) in self.moves.iter().enumerate() {
            let mv = notation::read_move(v, text).map_err(|error| Problem::MoveText {
                number: i + 1,
                text: text.clone(),
                error,
            })?;
            match game.play(mv) {
                Ok(None) => {}
                Ok(Some(_)) if i + 1 == self.moves.len() => {}
                Ok(Some(o)) => {
                    return Err(Problem::EndedEarly {
                        number: i + 1,
                        text: text.clone(),
                        reason: o.reason,
                    });
                }
                Err(error) => {
                    return Err(Problem::Illegal {
                        number: i + 1,
                        text: text.clone(),
                        error,
                    });
                }
            }
        }
        if let Some(text) = &self.foul {
            let mv = notation::read_move(v, text).map_err(|error| Problem::MoveText {
                number: self.moves.len() + 1,
                text: text.clone(),
                error,
            })?;
            if !matches!(game.play(mv), Ok(Some(_))) || game.foul_move().is_none() {
                return Err(Problem::Foul(text.clone()));
            }
        }
        if let Some(ending) = self.ending {
            let ended = match ending {
                Ending::Resigned { player } | Ending::Flagged { player }
                    if player >= v.players() =>
                {
                    None
                }
                Ending::Resigned { player } => game.resign(Player(player)),
                Ending::Flagged { player } => game.flag(Player(player)),
                Ending::Impasse => game.agree_impasse(),
                Ending::Declared => game.declare(),
                Ending::Abandoned { winner } => game.abandon(winner.map(Player)),
            };
            if ended.is_none() {
                return Err(Problem::Ending(format!("{ending:?}")));
            }
        }
        let (clock, spent) = match (clock_tc, &self.clocks) {
            (Some(tc), Some(c)) => (
                Some(
                    Clock::resume(tc, v.players() as usize, c.main.clone(), c.periods.clone())
                        .map_err(Problem::Clocks)?,
                ),
                c.spent,
            ),
            (Some(tc), None) => (Some(Clock::new(tc, v.players() as usize)), 0),
            (None, _) => (None, 0),
        };
        Ok(Restored {
            start,
            game,
            clock,
            spent,
            ending: self.ending,
        })
    }

    /// The number of moves (plies) played.
    pub fn plies(&self) -> usize {
        self.moves.len()
    }
}

/// Bring an entry of an older schema up to [`SCHEMA`], or say why it cannot be read.
///
/// Version 1 is the first, so no step exists yet: a later schema adds its step here (from the
/// JSON of version `n` to that of `n + 1`), keeping every older entry readable.
///
/// # Errors
/// An entry without a schema, or from a newer Koma (left as it is by the caller).
pub fn migrate(schema: Option<f64>) -> std::result::Result<(), Migration> {
    match schema {
        None => Err(Migration::Unreadable(Unreadable::NoSchema)),
        Some(s) if s.fract() != 0.0 || s < 1.0 => {
            Err(Migration::Unreadable(Unreadable::BadSchema(s)))
        }
        Some(s) if s > f64::from(SCHEMA) => Err(Migration::Newer(s as u32)),
        Some(_) => Ok(()),
    }
}

/// Why an entry is not read as it stands.
#[derive(Clone, Debug, PartialEq)]
pub enum Migration {
    /// Saved by a newer Koma: left untouched.
    Newer(u32),
    /// Not an entry Koma wrote.
    Unreadable(Unreadable),
}

/// Settings kept between visits.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Settings {
    /// The schema version.
    #[serde(default = "schema")]
    pub schema: u32,
    /// `ja` or `en` (`None`: the browser's).
    #[serde(default)]
    pub lang: Option<String>,
    /// Two-character piece names (`None`: the game's default).
    #[serde(default)]
    pub two_char: Option<bool>,
    /// Gote at the bottom on square boards.
    #[serde(default)]
    pub flipped: bool,
    /// Ranks as numbers.
    #[serde(default)]
    pub numbers: bool,
    /// The move list in USI.
    #[serde(default)]
    pub usi: bool,
    /// The hexagon's seat kept at the bottom (`None`: the player to move).
    #[serde(default)]
    pub seat: Option<u8>,
    /// The new-game form's clock (`""`: none).
    #[serde(default)]
    pub clock: String,
    /// The new-game form's computer level.
    #[serde(default = "default_level")]
    pub level: u8,
    /// Sounds for moves, captures and checks (off until switched on).
    #[serde(default)]
    pub sound: bool,
    /// Shogi ratings shown as kyu and dan too.
    #[serde(default)]
    pub ranks: bool,
}

fn schema() -> u32 {
    SCHEMA
}

fn default_level() -> u8 {
    crate::start::DEFAULT_LEVEL.number()
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            schema: SCHEMA,
            lang: None,
            two_char: None,
            flipped: false,
            numbers: false,
            usi: false,
            seat: None,
            clock: String::new(),
            level: default_level(),
            sound: false,
            ranks: false,
        }
    }
}

/// A fresh id for a game: the time in ms and a random part, in hex.
pub fn new_id(now: f64, random: f64) -> String {
    format!(
        "{:x}{:04x}",
        now.max(0.0) as u64,
        (random.clamp(0.0, 1.0) * 65535.0) as u16
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use koma_rules::Move;

    /// A random legal game of `plies` plies (fewer if it ends).
    fn random_game(mut game: Game, plies: usize, mut seed: u64) -> Game {
        for _ in 0..plies {
            let legal = game.legal_moves();
            if legal.is_empty() {
                break;
            }
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let mv: Move = legal[((seed >> 33) % legal.len() as u64) as usize];
            if game.play(mv).is_err() || game.outcome().is_some() {
                break;
            }
        }
        game
    }

    #[test]
    fn every_game_comes_back_move_for_move() {
        for g in GameId::ALL {
            for seed in 0..6 {
                let s = Start::new(g);
                let game = random_game(s.build().unwrap(), 20 + seed as usize * 17, seed);
                let e = SavedGame::of(&Origin::new("id1", &s, 1.0), &game, None, 0, None, 2.0);
                let back = e
                    .restore()
                    .unwrap_or_else(|err| panic!("{g}: {}", err.text(crate::i18n::Lang::En)));
                assert_eq!(back.game.moves(), game.moves(), "{g}");
                assert_eq!(back.game.position().hash(), game.position().hash(), "{g}");
                assert_eq!(back.game.outcome(), game.outcome(), "{g}");
                assert_eq!(back.start.saved.as_deref(), Some("id1"));
            }
        }
    }

    #[test]
    fn handicaps_setup_steps_clocks_names_and_endings_come_back() {
        // chu's handicap with the giver's pre-moves, a clock, names and the computer
        let mut s = Start::new(GameId::Chushogi);
        s.game.setup = koma_rules::setups::setups(GameId::Chushogi)
            .iter()
            .find(|n| n.id != "even")
            .map(|n| n.id.to_string());
        s.game.clock = Some("600+30x2".parse().unwrap());
        s.names = vec!["Ann".into(), "Ben".into()];
        s.computer = vec![Player(1)];
        s.level = koma_engine::Level::new(6).unwrap();
        let mut game = random_game(s.build().unwrap(), 12, 7);
        let mut clock = Clock::new(s.game.clock.unwrap(), 2);
        assert!(clock.end_turn(0, 650_000));
        game.resign(game.position().turn());
        let turn = game.position().turn().0;
        let e = SavedGame::of(
            &Origin::new("x", &s, 1.0),
            &game,
            Some(&clock),
            1234,
            Some(Ending::Resigned { player: turn }),
            2.0,
        );
        assert_eq!(
            e.result.as_ref().map(|r| r.reason),
            Some(koma_rules::EndReason::Resignation)
        );
        let back = e.restore().unwrap();
        assert_eq!(back.start.game.setup, s.game.setup);
        assert_eq!(back.start.names, s.names);
        assert_eq!(back.start.computer, s.computer);
        assert_eq!(back.start.level, s.level);
        assert_eq!(back.clock.as_ref(), Some(&clock));
        assert_eq!(back.spent, 1234);
        assert_eq!(back.game.outcome(), game.outcome());
        assert_eq!(back.game.moves(), game.moves());
    }

    #[test]
    fn a_strict_foul_and_a_loaded_start_come_back() {
        let mut s = Start::new(GameId::Shogi);
        s.strict = true;
        let mut game = s.build().unwrap();
        let v = game.position().variant();
        // a pawn moved two squares: a foul that ends a strict game
        let foul = notation::read_move(v, "7g7e").unwrap();
        assert!(game.play(foul).is_ok_and(|o| o.is_some()));
        let e = SavedGame::of(&Origin::new("f", &s, 1.0), &game, None, 0, None, 2.0);
        assert_eq!(e.foul.as_deref(), Some("7g7e"));
        let back = e.restore().unwrap();
        assert_eq!(back.game.outcome(), game.outcome());
        assert_eq!(back.game.foul_move(), Some(foul));

        // a game whose start a loaded record replaced keeps that start
        let s = Start::new(GameId::Minishogi);
        let pos = notation::read_position(GameId::Minishogi, "rbsgk/5/4p/P4/KGSBR b - 1").unwrap();
        let game = Game::from_position(pos, koma_rules::RuleOptions::default());
        let e = SavedGame::of(&Origin::new("m", &s, 1.0), &game, None, 0, None, 2.0);
        assert!(e.setup.is_none() && e.position.is_some());
        let back = e.restore().unwrap();
        assert_eq!(back.game.start().hash(), game.start().hash());
    }

    #[test]
    fn a_bad_entry_is_refused_by_name() {
        let s = Start::new(GameId::Shogi);
        let game = random_game(s.build().unwrap(), 10, 3);
        let good = SavedGame::of(&Origin::new("b", &s, 1.0), &game, None, 0, None, 2.0);
        let mut e = good.clone();
        e.moves[4] = "9a1i".into();
        assert!(
            e.restore()
                .is_err_and(|m| m.text(crate::i18n::Lang::En).contains("move 5"))
        );
        let mut e = good.clone();
        e.moves[2] = "nonsense".into();
        assert!(
            e.restore()
                .is_err_and(|m| m.text(crate::i18n::Lang::En).contains("move 3"))
        );
        let mut e = good.clone();
        e.game = "chess".into();
        assert!(
            e.restore()
                .is_err_and(|m| m.text(crate::i18n::Lang::En).contains("chess"))
        );
        let mut e = good.clone();
        e.level = 9;
        assert!(e.restore().is_err());
        let mut e = good.clone();
        e.clock = Some("soon".into());
        assert!(
            e.restore()
                .is_err_and(|m| m.text(crate::i18n::Lang::En).contains("clock"))
        );
        let mut e = good.clone();
        e.ending = Some(Ending::Resigned { player: 2 });
        assert!(e.restore().is_err());
        let mut e = good;
        e.ending = Some(Ending::Impasse);
        assert!(
            e.restore()
                .is_err_and(|m| m.text(crate::i18n::Lang::En).contains("ending"))
        );
    }

    #[test]
    fn schemas_are_read_or_refused_by_version() {
        assert_eq!(migrate(Some(1.0)), Ok(()));
        assert_eq!(migrate(Some(2.0)), Err(Migration::Newer(2)));
        assert!(matches!(migrate(None), Err(Migration::Unreadable(_))));
        assert!(matches!(migrate(Some(0.5)), Err(Migration::Unreadable(_))));
    }

    #[test]
    fn ids_are_hex_and_differ_by_their_random_part() {
        assert_eq!(new_id(255.0, 0.0), "ff0000");
        assert_ne!(new_id(1.0, 0.1), new_id(1.0, 0.2));
    }
}
