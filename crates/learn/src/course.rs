//! A game's course: its lessons, each a list of steps, read from the game's lesson file
//! (`crates/learn/lessons/<game>.toml`, built into the crate).
//!
//! The file, a teacher's to edit:
//!
//! ```toml
//! [[lesson]]
//! id = "rook"                       # the address's last part: #/learn/shogi/rook
//! en = "The rook"                   # the title in each language
//! ja = "飛車"
//!
//! [[lesson.step]]
//! position = "9/9/9/9/4R4/9/9/9/9 b - 1"   # the game's notation (SFEN; the hexagon's own)
//! goal = "reach:5a;1e"              # see `goal`
//! par = 2                           # the fewest moves: three stars within it
//! reply = "none"                    # "none": only the learner moves; "best": the opponent answers
//! moves = ""                        # moves played before the learner's turn (a history)
//! en = "The rook runs along its file and its rank. Visit both stars."
//! ja = "飛車は縦と横にどこまでも進めます。二つの星を訪ねましょう。"
//! ```
//!
//! The built-in files are read at build time and built in as JSON (`build.rs`), so the web
//! app carries no TOML parser; [`read`] (feature `toml`, the CLI's) reads a teacher's file as
//! written. Both go through the same checks.
//!
//! Chu shogi's steps may name a preset (`preset = "..."`, as `koma` names them); every other
//! option is the game's default, casual play (a foul is refused and named, never a loss).

use koma_rules::{ChuPreset, Game, GameId, Move, Player, Position, RuleOptions, Variant, notation};
use serde::Deserialize;

use crate::goal::{Goal, GoalError};

/// Text in the two languages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Text {
    /// English.
    pub en: String,
    /// Japanese.
    pub ja: String,
}

/// Who moves besides the learner.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// Nobody: after each move the learner moves again.
    None,
    /// The opponents answer each move (the engine in the app; every answer in the solver).
    Best,
}

impl Reply {
    /// An exercise's default when its page names none: the opponents answer when the goal
    /// is an end of the game (`mate`, `win`, `draw`), else only the learner moves.
    pub fn default_for(goal: &Goal) -> Reply {
        match goal {
            Goal::Mate | Goal::Win | Goal::Draw => Reply::Best,
            _ => Reply::None,
        }
    }

    /// `none` or `best`.
    pub fn read(text: &str) -> Option<Reply> {
        match text {
            "none" => Some(Reply::None),
            "best" => Some(Reply::Best),
            _ => None,
        }
    }
}

/// One step: a position, a goal, and its text.
#[derive(Clone, Debug)]
pub struct Step {
    /// Where its game starts.
    pub position: Position,
    /// The moves played from `position` before the learner's turn (a history the rules count:
    /// repetitions); the learner is the side to move after them.
    pub moves: Vec<Move>,
    /// What to do.
    pub goal: Goal,
    /// The fewest moves that reach the goal (three stars within them).
    pub par: u32,
    /// Whether the opponents answer.
    pub reply: Reply,
    /// What the step says.
    pub text: Text,
}

impl Step {
    /// The step's game as the learner finds it: `position` and its `moves`.
    pub fn game(&self) -> Game {
        let options = self.position.options();
        let mut game = Game::from_position(self.position.clone(), options);
        for &mv in &self.moves {
            // read by `read`, which played them
            let _ = game.play(mv);
        }
        game
    }

    /// A step on `game` as played so far (an exercise on a page: its start and its moves), with
    /// no text.
    pub fn of_game(game: &Game, goal: Goal, par: u32, reply: Reply) -> Step {
        Step {
            position: game.start().clone(),
            moves: game.moves().to_vec(),
            goal,
            par,
            reply,
            text: Text {
                en: String::new(),
                ja: String::new(),
            },
        }
    }

    /// The learner: the side to move after the step's moves.
    pub fn learner(&self) -> Player {
        self.game().position().turn()
    }
}

/// One lesson.
#[derive(Clone, Debug)]
pub struct Lesson {
    /// Its id, unique in the course (the address's last part).
    pub id: String,
    /// Its title.
    pub title: Text,
    /// Its steps, in order.
    pub steps: Vec<Step>,
}

/// A game's lessons.
#[derive(Clone, Debug)]
pub struct Course {
    /// The game.
    pub game: GameId,
    /// Its lessons, in order.
    pub lessons: Vec<Lesson>,
}

/// What is wrong with a lesson file, named to the lesson and step.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CourseError {
    /// Not TOML of the lesson file's shape (a built-in course: not JSON of it).
    #[error("{game} lessons: {message}")]
    Toml {
        /// The game.
        game: &'static str,
        /// The parser's message (with the line).
        message: String,
    },
    /// A step's position.
    #[error("{game} lesson `{lesson}` step {step}: the position: {message}")]
    Position {
        /// The game.
        game: &'static str,
        /// The lesson's id.
        lesson: String,
        /// The step, from 1.
        step: usize,
        /// What is wrong.
        message: String,
    },
    /// A step's goal.
    #[error("{game} lesson `{lesson}` step {step}: {error}")]
    Goal {
        /// The game.
        game: &'static str,
        /// The lesson's id.
        lesson: String,
        /// The step, from 1.
        step: usize,
        /// What is wrong.
        error: GoalError,
    },
    /// Something else about a step (its reply, par or preset).
    #[error("{game} lesson `{lesson}` step {step}: {message}")]
    Step {
        /// The game.
        game: &'static str,
        /// The lesson's id.
        lesson: String,
        /// The step, from 1.
        step: usize,
        /// What is wrong.
        message: String,
    },
    /// Two lessons with one id, or a lesson without steps.
    #[error("{game} lesson `{lesson}`: {message}")]
    Lesson {
        /// The game.
        game: &'static str,
        /// The lesson's id.
        lesson: String,
        /// What is wrong.
        message: String,
    },
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileData {
    #[serde(default)]
    lesson: Vec<LessonData>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LessonData {
    id: String,
    en: String,
    ja: String,
    #[serde(default)]
    step: Vec<StepData>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StepData {
    position: String,
    goal: String,
    par: u32,
    #[serde(default)]
    moves: Option<String>,
    #[serde(default)]
    reply: Option<String>,
    #[serde(default)]
    preset: Option<String>,
    en: String,
    ja: String,
}

/// Read a lesson file of `game`.
///
/// # Errors
/// [`CourseError`]: the first fault, named to its lesson and step.
#[cfg(feature = "toml")]
pub fn read(game: GameId, text: &str) -> Result<Course, CourseError> {
    let file: FileData = toml::from_str(text).map_err(|e| CourseError::Toml {
        game: game.as_str(),
        message: e.to_string(),
    })?;
    build(game, file)
}

/// A lesson file's data, checked step by step.
fn build(game: GameId, file: FileData) -> Result<Course, CourseError> {
    let name = game.as_str();
    let v = Variant::get(game);
    let mut lessons: Vec<Lesson> = Vec::new();
    for l in file.lesson {
        if lessons.iter().any(|o| o.id == l.id) {
            return Err(CourseError::Lesson {
                game: name,
                lesson: l.id,
                message: "a second lesson with this id".into(),
            });
        }
        if l.step.is_empty() {
            return Err(CourseError::Lesson {
                game: name,
                lesson: l.id,
                message: "no step".into(),
            });
        }
        let mut steps = Vec::new();
        for (i, s) in l.step.into_iter().enumerate() {
            steps.push(read_step(game, v, &l.id, i + 1, s)?);
        }
        lessons.push(Lesson {
            id: l.id,
            title: Text { en: l.en, ja: l.ja },
            steps,
        });
    }
    Ok(Course { game, lessons })
}

fn read_step(
    game: GameId,
    v: &Variant,
    lesson: &str,
    step: usize,
    s: StepData,
) -> Result<Step, CourseError> {
    let name = game.as_str();
    let fault = |message: String| CourseError::Step {
        game: name,
        lesson: lesson.to_string(),
        step,
        message,
    };
    let mut options = RuleOptions::default();
    if let Some(p) = &s.preset {
        if !koma_rules::games::rules(game).capabilities().presets {
            return Err(fault(format!("a preset is for chushogi, not {name}")));
        }
        options.preset = p
            .parse::<ChuPreset>()
            .map_err(|_| fault(format!("`{p}` is not a chushogi preset")))?;
    }
    let position = notation::read_position(game, &s.position)
        .map(|p| p.with_options(options))
        .map_err(|e| CourseError::Position {
            game: name,
            lesson: lesson.to_string(),
            step,
            message: e.to_string(),
        })?;
    let mut game = Game::from_position(position.clone(), options);
    let mut moves = Vec::new();
    for text in s.moves.as_deref().unwrap_or("").split_whitespace() {
        let mv =
            notation::read_move(v, text).map_err(|e| fault(format!("the move `{text}`: {e}")))?;
        match game.play(mv) {
            Ok(None) => moves.push(mv),
            Ok(Some(_)) => return Err(fault(format!("the game is over after `{text}`"))),
            Err(e) => return Err(fault(format!("the move `{text}`: {e}"))),
        }
    }
    let goal = Goal::read(v, &s.goal).map_err(|error| CourseError::Goal {
        game: name,
        lesson: lesson.to_string(),
        step,
        error,
    })?;
    let reply = match s.reply.as_deref() {
        None | Some("none") => Reply::None,
        Some("best") => Reply::Best,
        Some(other) => return Err(fault(format!("reply `{other}` is not none or best"))),
    };
    if s.par == 0 {
        return Err(fault("par 0: a step takes a move at least".into()));
    }
    Ok(Step {
        position,
        moves,
        goal,
        par: s.par,
        reply,
        text: Text { en: s.en, ja: s.ja },
    })
}

/// The lesson files, built in (as JSON: `build.rs`), by the game ids they are named after (a
/// game without its file has no lessons).
const FILES: [(&str, &str); 6] = [
    (
        "shogi",
        include_str!(concat!(env!("OUT_DIR"), "/shogi.json")),
    ),
    (
        "minishogi",
        include_str!(concat!(env!("OUT_DIR"), "/minishogi.json")),
    ),
    (
        "shogi66",
        include_str!(concat!(env!("OUT_DIR"), "/shogi66.json")),
    ),
    (
        "chushogi",
        include_str!(concat!(env!("OUT_DIR"), "/chushogi.json")),
    ),
    (
        "sangoku",
        include_str!(concat!(env!("OUT_DIR"), "/sangoku.json")),
    ),
    (
        "sangoku2",
        include_str!(concat!(env!("OUT_DIR"), "/sangoku2.json")),
    ),
];

/// The lesson file of `game`.
fn file(game: GameId) -> &'static str {
    FILES
        .iter()
        .find(|(id, _)| *id == game.as_str())
        .map_or("", |(_, text)| text)
}

/// `game`'s course, as built in.
///
/// # Errors
/// [`CourseError`] when the built-in file is broken (the crate's tests read every one).
pub fn course(game: GameId) -> Result<Course, CourseError> {
    let text = file(game);
    if text.is_empty() {
        return Ok(Course {
            game,
            lessons: Vec::new(),
        });
    }
    let file: FileData = serde_json::from_str(text).map_err(|e| CourseError::Toml {
        game: game.as_str(),
        message: e.to_string(),
    })?;
    build(game, file)
}

#[cfg(test)]
#[cfg(feature = "toml")]
mod tests {
    use super::*;

    #[test]
    fn a_broken_file_is_named_to_its_lesson_and_step() {
        let step = |position: &str, goal: &str, extra: &str| {
            format!(
                "[[lesson]]\nid = \"a\"\nen = \"A\"\nja = \"A\"\n[[lesson.step]]\nposition = \"{position}\"\ngoal = \"{goal}\"\npar = 1\nen = \"x\"\nja = \"x\"\n{extra}"
            )
        };
        let ok = "4k4/9/9/9/9/9/9/9/4K4 b G 1";
        assert!(read(GameId::Shogi, &step(ok, "mate", "")).is_ok());
        let e = read(GameId::Shogi, &step("4k4/9 b - 1", "mate", "")).unwrap_err();
        assert!(
            matches!(&e, CourseError::Position { lesson, step: 1, .. } if lesson == "a"),
            "{e}"
        );
        let e = read(GameId::Shogi, &step(ok, "reach:10a", "")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "shogi lesson `a` step 1: `10a` is not a cell of the shogi board"
        );
        let e = read(GameId::Shogi, &step(ok, "mate", "reply = \"worst\"")).unwrap_err();
        assert!(e.to_string().contains("reply `worst`"), "{e}");
        let e = read(GameId::Shogi, &step(ok, "mate", "preset = \"x\"")).unwrap_err();
        assert!(e.to_string().contains("not shogi"), "{e}");
        let e = read(GameId::Shogi, &step(ok, "mate", "colour = 1")).unwrap_err();
        assert!(matches!(e, CourseError::Toml { .. }), "{e}");
        let twice = format!("{0}{0}", step(ok, "mate", ""));
        let e = read(GameId::Shogi, &twice).unwrap_err();
        assert!(e.to_string().contains("a second lesson"), "{e}");
    }
}
