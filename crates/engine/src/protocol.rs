//! The messages between the page and the engine's Web Worker, and the worker's answer.
//!
//! The page sends a [`Request`]: the game as text (its start position in the game's notation,
//! the moves played as `koma moves` writes them, the rule options) and a level. The worker
//! rebuilds the game with the rules, checking every move (a request naming an illegal move or
//! a position that cannot be read is answered with an error naming it, never searched), searches
//! and answers with a [`Reply`]. The page checks the move again against its own game before it
//! plays it (the game may have changed while the worker thought).
//!
//! Text, not the rules' own types, crosses the boundary: the worker and the page are two wasm
//! binaries, and text is what a saved game, an address and the USI engine already speak. The
//! types are plain data (serde), turned into JavaScript objects by serde-wasm-bindgen on both
//! sides. `Reply::Failed` is what the worker's loader (`web/engine-worker.js`) posts when the
//! engine's wasm cannot be loaded.

use koma_rules::options::{ChuPreset, PointRule};
use koma_rules::{Game, GameId, Position, RuleOptions};
use serde::{Deserialize, Serialize};

use crate::Engine;
use crate::Level;
use crate::analysis::{Analysis, score_text, seat_text};
use crate::search::{Control, Limits, Score};

/// A search asked of the worker.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Request {
    /// Names the request: the reply carries it back.
    pub id: u32,
    /// The game id (`shogi`, `chushogi`, `sangoku`, ...).
    pub game: String,
    /// The game's start position in its notation (SFEN, or the hexagon's notation).
    pub start: String,
    /// The named start (handicap) the game began from, when it did: a chu handicap's setup
    /// steps are not in the notation, so the worker builds such a start from its name.
    pub setup: Option<String>,
    /// The moves played from the start, in the game's move notation.
    pub moves: Vec<String>,
    /// Chu shogi's rule preset (`jcsa`, `lishogi`).
    pub preset: String,
    /// Impasse by 27 points instead of 24.
    pub points27: bool,
    /// Minishogi's founder's repetition rule.
    pub founders_rule: bool,
    /// The level, 1 to 8.
    pub level: u8,
    /// The seed of the level's controlled mistakes.
    pub seed: u32,
    /// A time limit (ms) below the level's own, e.g. for a hint.
    pub time_ms: Option<u32>,
    /// Analyse instead of choosing a move: this many lines (1 to 5; 0: choose a move), each
    /// depth reported as it finishes ([`Reply::Lines`]), within `depth` and `nodes` (none:
    /// until the page stops the worker), the level aside.
    #[serde(default)]
    pub lines: u8,
    /// The analysis's depth limit.
    #[serde(default)]
    pub depth: Option<u32>,
    /// The analysis's node limit (a review's fixed budget).
    #[serde(default)]
    pub nodes: Option<u32>,
    /// Search for a mate by checks instead ([`crate::mate`]), within `time_ms` (none: until the
    /// page stops the worker): answered by [`Reply::Mate`].
    #[serde(default)]
    pub mate: bool,
}

/// The mate solver's table in the worker, in megabytes.
pub const MATE_HASH_MB: usize = 32;

/// One line of an analysis, as the page shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LineText {
    /// The score from sente's side: `cp:<n>` or `mate:<plies>` (negative when sente is
    /// mated); three players: one such value per seat, comma-separated.
    pub score: String,
    /// The moves in the game's notation.
    pub moves: Vec<String>,
}

/// The worker's answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Reply {
    /// The engine is loaded and waits for requests.
    Ready,
    /// The move found for request `id`.
    Best {
        /// The request answered.
        id: u32,
        /// The move in the game's notation (none: the game is over).
        best: Option<String>,
        /// The score from the mover's side: `cp <n>` or `mate <n>`, as USI writes it.
        score: String,
        /// The depth completed.
        depth: u32,
        /// Nodes searched.
        nodes: f64,
        /// Milliseconds the search took, by the worker's clock.
        ms: f64,
    },
    /// An analysis's lines for request `id`, after each depth.
    Lines {
        /// The request answered.
        id: u32,
        /// The depth every line completed.
        depth: u32,
        /// Nodes searched so far.
        nodes: f64,
        /// Milliseconds so far, by the worker's clock.
        ms: f64,
        /// The lines, best first.
        lines: Vec<LineText>,
        /// Whether this is the last report (the limit reached, or nothing deeper to find).
        done: bool,
    },
    /// The mate search's answer to request `id`.
    Mate {
        /// The request answered.
        id: u32,
        /// `mate`, `nomate` (proved: no forced win by checks) or `unknown` (not decided in
        /// time).
        result: String,
        /// A mate's moves, both sides', in the game's notation.
        moves: Vec<String>,
        /// Positions searched.
        nodes: f64,
        /// Milliseconds, by the worker's clock.
        ms: f64,
    },
    /// Request `id` (none: a message that is not a request) cannot be searched, and why.
    Error {
        /// The request, when it could be read.
        id: Option<u32>,
        /// What is wrong.
        message: String,
    },
    /// The engine could not be loaded.
    Failed {
        /// Why.
        message: String,
    },
}

impl Request {
    /// A request for the position reached in `game`, at `level`.
    pub fn of_game(id: u32, game: &Game, level: Level, seed: u32) -> Request {
        let options = game.options();
        let v = game.position().variant();
        let setup = koma_rules::setups::setups(v.id)
            .into_iter()
            .find(|s| {
                s.id != koma_rules::setups::EVEN.id
                    && koma_rules::setups::setup_position(v.id, s.id).as_ref() == Some(game.start())
            })
            .map(|s| s.id.to_string());
        Request {
            id,
            setup,
            game: v.id.as_str().to_string(),
            start: koma_rules::notation::write_position(game.start()),
            moves: game
                .moves()
                .iter()
                .map(|&m| koma_rules::notation::write_move(v, m))
                .collect(),
            preset: options.preset.id().to_string(),
            points27: options.points == PointRule::TwentySeven,
            founders_rule: options.founders_rule,
            level: level.number(),
            seed,
            time_ms: None,
            lines: 0,
            depth: None,
            nodes: None,
            mate: false,
        }
    }

    /// The game the request describes, every move checked by the rules.
    ///
    /// # Errors
    /// What cannot be read or is not legal, named.
    pub fn game(&self) -> Result<Game, String> {
        let id: GameId = self
            .game
            .parse()
            .map_err(|e| format!("the game {:?}: {e}", self.game))?;
        let start: Position = match &self.setup {
            Some(name) => koma_rules::setups::setup_position(id, name)
                .ok_or_else(|| format!("{id} has no setup {name:?}"))?,
            None => koma_rules::notation::read_position(id, &self.start)
                .map_err(|e| format!("the start position: {e}"))?,
        };
        let options = RuleOptions {
            preset: self.preset.parse::<ChuPreset>()?,
            points: if self.points27 {
                PointRule::TwentySeven
            } else {
                PointRule::TwentyFour
            },
            founders_rule: self.founders_rule,
            strict: false,
        };
        let mut game = Game::from_position(start, options);
        let v = game.position().variant();
        for (i, text) in self.moves.iter().enumerate() {
            let mv = koma_rules::notation::read_move(v, text)
                .map_err(|e| format!("move {} ({text}): {e}", i + 1))?;
            if game.outcome().is_some() {
                return Err(format!("move {} ({text}): the game is already over", i + 1));
            }
            if !game.legal_moves().contains(&mv) {
                return Err(format!("move {} ({text}) is not legal", i + 1));
            }
            game.play(mv)
                .map_err(|e| format!("move {} ({text}): {e}", i + 1))?;
        }
        Ok(game)
    }
}

/// Answer `req` with `engine` (its transposition table kept from request to request), the
/// time read from `control`; an analysis's depths before the last are posted to `progress`.
pub fn answer(
    engine: &mut Engine,
    req: &Request,
    control: &dyn Control,
    progress: &mut dyn FnMut(&Reply),
) -> Reply {
    let error = |message: String| Reply::Error {
        id: Some(req.id),
        message,
    };
    let Some(level) = Level::new(req.level) else {
        return error(format!("level {}: expected 1 to 8", req.level));
    };
    let game = match req.game() {
        Ok(g) => g,
        Err(e) => return error(e),
    };
    if req.mate {
        return mate(req, &game, control);
    }
    if req.lines > 0 {
        return analyse(engine, req, &game, control, progress);
    }
    if game.outcome().is_some() {
        return Reply::Best {
            id: req.id,
            best: None,
            score: "cp 0".into(),
            depth: 0,
            nodes: 0.0,
            ms: 0.0,
        };
    }
    engine.set_level(level);
    engine.set_seed(u64::from(req.seed));
    let limits = Limits {
        time_ms: req.time_ms.map(u64::from),
        ..Limits::default()
    };
    let r = engine.search(game.start(), game.moves(), &limits, control, &mut |_| {});
    let v = game.position().variant();
    Reply::Best {
        id: req.id,
        best: r.best.map(|m| koma_rules::notation::write_move(v, m)),
        score: match r.score {
            Score::Cp(c) => format!("cp {c}"),
            Score::Mate(m) => format!("mate {m}"),
        },
        depth: r.depth,
        nodes: r.nodes as f64,
        ms: control.elapsed_ms() as f64,
    }
}

/// The mate search of the request's position.
fn mate(req: &Request, game: &Game, control: &dyn Control) -> Reply {
    use crate::mate::{Answer, MateLimits, solve};
    let limits = MateLimits {
        nodes: None,
        time_ms: req.time_ms.map(u64::from),
        hash_mb: MATE_HASH_MB,
    };
    let r = if game.outcome().is_some() {
        None
    } else {
        Some(solve(game.position(), &limits, control))
    };
    let v = game.position().variant();
    let (result, moves) = match r.as_ref().map(|r| &r.answer) {
        Some(Answer::Mate(line)) => (
            "mate",
            line.iter()
                .map(|&m| koma_rules::notation::write_move(v, m))
                .collect(),
        ),
        Some(Answer::Unknown) => ("unknown", Vec::new()),
        Some(Answer::NoMate) | None => ("nomate", Vec::new()),
    };
    Reply::Mate {
        id: req.id,
        result: result.to_string(),
        moves,
        nodes: r.map_or(0.0, |r| r.nodes as f64),
        ms: control.elapsed_ms() as f64,
    }
}

/// An analysis of the request's position, each depth posted to `progress`, the last returned.
fn analyse(
    engine: &mut Engine,
    req: &Request,
    game: &Game,
    control: &dyn Control,
    progress: &mut dyn FnMut(&Reply),
) -> Reply {
    let v = game.position().variant();
    let sign = if game.position().turn() == koma_rules::Player::FIRST {
        1
    } else {
        -1
    };
    let text = |a: &Analysis| Reply::Lines {
        id: req.id,
        depth: a.depth,
        nodes: a.nodes as f64,
        ms: a.time_ms as f64,
        lines: a
            .lines
            .iter()
            .map(|l| LineText {
                score: if l.seats.is_empty() {
                    score_text(l.score, sign)
                } else {
                    l.seats
                        .iter()
                        .map(|&s| seat_text(s))
                        .collect::<Vec<_>>()
                        .join(",")
                },
                moves: l
                    .pv
                    .iter()
                    .map(|&m| koma_rules::notation::write_move(v, m))
                    .collect(),
            })
            .collect(),
        done: a.done,
    };
    let limits = Limits {
        depth: req.depth,
        nodes: req.nodes.map(u64::from),
        time_ms: req.time_ms.map(u64::from),
        skip: Vec::new(),
    };
    let a = engine.analyse(
        game.start(),
        game.moves(),
        usize::from(req.lines),
        &limits,
        control,
        &mut |a| {
            if !a.done {
                progress(&text(a));
            }
        },
    );
    text(&a)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::NoClock;

    fn play_some(game: &mut Game, plies: usize) {
        for i in 0..plies {
            let moves = game.legal_moves();
            if moves.is_empty() || game.outcome().is_some() {
                break;
            }
            let mv = moves[(i * 7 + 3) % moves.len()];
            assert!(game.play(mv).is_ok());
        }
    }

    /// Every game and every named start crosses as text and comes back the same game: the
    /// worker's move is legal in the page's game.
    #[test]
    fn every_start_and_setup_crosses_and_is_answered_with_a_legal_move() {
        let mut engine = Engine::new(1);
        for id in GameId::ALL {
            for setup in koma_rules::setups::setups(id) {
                let Some(start) = koma_rules::setups::setup_position(id, setup.id) else {
                    panic!("{id} {}", setup.id)
                };
                let mut game = Game::from_position(start, RuleOptions::default());
                play_some(&mut game, 6);
                let req = Request::of_game(1, &game, Level::MIN, 5);
                let back = req
                    .game()
                    .unwrap_or_else(|e| panic!("{id} {}: {e}", setup.id));
                assert_eq!(
                    back.position().hash(),
                    game.position().hash(),
                    "{id} {}",
                    setup.id
                );
                let Reply::Best {
                    best: Some(best), ..
                } = answer(&mut engine, &req, &NoClock, &mut |_| {})
                else {
                    panic!("{id} {}: no move", setup.id)
                };
                let mv = koma_rules::notation::read_move(game.position().variant(), &best);
                assert!(
                    mv.is_ok_and(|m| game.legal_moves().contains(&m)),
                    "{id} {}: {best}",
                    setup.id
                );
            }
        }
    }

    #[test]
    fn bad_requests_are_named_not_searched() {
        let mut engine = Engine::new(1);
        let game = Game::new(GameId::Shogi, RuleOptions::default());
        let good = Request::of_game(3, &game, Level::MIN, 1);
        type Change = fn(&mut Request);
        let cases: [(Change, &str); 6] = [
            (|r| r.game = "chess".into(), "the game"),
            (|r| r.start = "9/9 b".into(), "the start position"),
            (
                |r| r.moves = vec!["7g7f".into(), "7f7e".into()],
                "move 2 (7f7e) is not legal",
            ),
            (|r| r.moves = vec!["zz".into()], "move 1 (zz)"),
            (|r| r.level = 9, "level 9"),
            (
                |r| r.setup = Some("lion".into()),
                "shogi has no setup \"lion\"",
            ),
        ];
        for (change, says) in cases {
            let mut req = good.clone();
            change(&mut req);
            match answer(&mut engine, &req, &NoClock, &mut |_| {}) {
                Reply::Error {
                    id: Some(3),
                    message,
                } => {
                    assert!(message.contains(says), "{message:?} should name {says:?}")
                }
                other => panic!("{req:?}: {other:?}"),
            }
        }
    }

    #[test]
    fn an_analysis_reports_each_depth_with_scores_from_sentes_side() {
        let mut engine = Engine::new(4);
        // gote to move, a gold up: its lines score below zero from sente's side
        let game = Game::from_position(
            koma_rules::notation::read_position(
                GameId::Shogi,
                "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNS1KGSNL w g 1",
            )
            .unwrap(),
            RuleOptions::default(),
        );
        let req = Request {
            lines: 2,
            depth: Some(3),
            ..Request::of_game(9, &game, Level::MIN, 1)
        };
        let mut seen = Vec::new();
        let last = answer(&mut engine, &req, &NoClock, &mut |r| seen.push(r.clone()));
        let Reply::Lines {
            id: 9,
            depth: 3,
            lines,
            done: true,
            ..
        } = last
        else {
            panic!("{last:?}")
        };
        assert_eq!(lines.len(), 2);
        assert_ne!(lines[0].moves[0], lines[1].moves[0]);
        for l in &lines {
            let cp: i32 = l.score.strip_prefix("cp:").unwrap().parse().unwrap();
            assert!(cp < 0, "{l:?}");
        }
        let depths: Vec<u32> = seen
            .iter()
            .map(|r| match r {
                Reply::Lines {
                    depth, done: false, ..
                } => *depth,
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(depths, vec![1, 2]);
        // three players: a value per seat
        let game = Game::new(GameId::Sangoku, RuleOptions::default());
        let req = Request {
            lines: 1,
            depth: Some(1),
            ..Request::of_game(10, &game, Level::MIN, 1)
        };
        let Reply::Lines { lines, .. } = answer(&mut engine, &req, &NoClock, &mut |_| {}) else {
            panic!()
        };
        assert_eq!(lines[0].score.split(',').count(), 3, "{:?}", lines[0]);
    }

    #[test]
    fn a_finished_game_gets_no_move() {
        let mut engine = Engine::new(1);
        let mut game = Game::new(GameId::Minishogi, RuleOptions::default());
        play_some(&mut game, 2);
        assert!(game.resign(game.position().turn()).is_some());
        // the moves alone still describe a game in progress: the worker searches it
        let req = Request::of_game(4, &game, Level::MIN, 1);
        let r = answer(&mut engine, &req, &NoClock, &mut |_| {});
        assert!(
            matches!(
                r,
                Reply::Best {
                    id: 4,
                    best: Some(_),
                    ..
                }
            ),
            "{r:?}"
        );
        // a start with no legal move (mated) gets none
        let mated = Request {
            start: "4k/3GG/5/5/K4 w - 1".into(),
            moves: vec![],
            ..req
        };
        let r = answer(&mut engine, &mated, &NoClock, &mut |_| {});
        assert!(
            matches!(
                r,
                Reply::Best {
                    id: 4,
                    best: None,
                    ..
                }
            ),
            "{r:?}"
        );
    }

    #[test]
    fn a_mate_search_answers_with_its_line() {
        let start =
            koma_rules::notation::read_position(GameId::Shogi, "7k1/9/7P1/9/9/9/9/9/K8 b RS 1")
                .unwrap();
        let game = Game::from_position(start, RuleOptions::default());
        let mut engine = Engine::new(1);
        let req = Request {
            mate: true,
            ..Request::of_game(7, &game, Level::TOP, 1)
        };
        let r = answer(&mut engine, &req, &NoClock, &mut |_| {});
        let Reply::Mate {
            id, result, moves, ..
        } = r
        else {
            panic!("{r:?}");
        };
        assert_eq!((id, result.as_str()), (7, "mate"));
        assert_eq!((moves.len(), moves[0].as_str()), (3, "R*2b"));
        // the start position: no check at all, no mate
        let game = Game::new(GameId::Shogi, RuleOptions::default());
        let req = Request {
            mate: true,
            ..Request::of_game(8, &game, Level::TOP, 1)
        };
        let r = answer(&mut engine, &req, &NoClock, &mut |_| {});
        assert!(
            matches!(&r, Reply::Mate { result, moves, .. } if result == "nomate" && moves.is_empty()),
            "{r:?}"
        );
    }
}
