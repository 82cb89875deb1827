//! A step's goal, as lesson files and the embed's `goal=` write it: `reach:<cells>`,
//! `capture:<cells>`, `mate`, `win`, `draw`, `escape`, `check`, `pass`, `foul:<rule id>`,
//! `promote`, `promote:no`, `declare`, `impasse`.
//!
//! `declare` and `impasse` are done by a claim instead of a move (the play screen's buttons:
//! the entering-king declaration, an agreed impasse counted by points); the claim counts as
//! one of the learner's moves.
//!
//! Cells are named as the game's notation names them (`5a`, chu `12a`, the hexagon's `q,r`);
//! several are joined by `;` (`reach:5a;3c`: every one of them, in any order).

use koma_rules::{Cell, IllegalMove, Variant};

/// What the learner must do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Move a piece onto each of these cells (a drop or a placement counts).
    Reach(Vec<Cell>),
    /// Take the piece on each of these cells.
    Capture(Vec<Cell>),
    /// Checkmate: the opponent in check with no legal move.
    Mate,
    /// Win the game by any of its rules (a mate, a royal or general taken, a bare king, a
    /// declaration, the opponent's perpetual check...).
    Win,
    /// Draw the game by its rules (a repetition, an impasse...).
    Draw,
    /// Get out of check (the learner starts in check).
    Escape,
    /// Give check with the next move (it attacks an opponent's king; in chu shogi, a royal):
    /// a one-move goal, any other move being refused as no answer.
    Check,
    /// Pass the turn by the rules with the next move: chu shogi's jitto (a lion steps to an
    /// empty neighbour and back); a one-move goal like [`Goal::Check`].
    Pass,
    /// Win by the entering-king declaration (入玉宣言), moving first if the conditions need it.
    Declare,
    /// Claim an impasse (持将棋) and not lose it on points.
    Impasse,
    /// Try the move the rule forbids: done when the rules refuse a move for this rule
    /// ([`IllegalMove::rule_id`]).
    Foul(String),
    /// Make a move that promotes (`true`) or that could promote and does not (`false`).
    Promote(bool),
}

/// The `foul:` goal's word (a goal, not one of the games' endings).
const FOUL: &str = "foul";

/// The `impasse` goal's word: a claim the learner makes, read here as a goal (the game's
/// ending of that name is [`koma_rules::EndReason`]'s to read).
const IMPASSE: &str = "impasse";

/// The rule ids a `foul:` goal may name: those of the fouls and refusals a learner can try.
pub const FOUL_RULES: [&str; 8] = [
    "nifu",
    "uchifuzume",
    "dead-piece",
    "king-in-check",
    "placement",
    "repetition",
    "lion-protected",
    "lion-counter-strike",
];

/// Why a goal's text is not a goal.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GoalError {
    /// Not one of the goals.
    #[error(
        "`{0}` is not a goal (reach:<cells>, capture:<cells>, mate, win, draw, escape, check, pass, foul:<rule>, promote, promote:no, declare, impasse)"
    )]
    Unknown(String),
    /// A cell not on the game's board.
    #[error("`{cell}` is not a cell of the {game} board")]
    Cell {
        /// The text.
        cell: String,
        /// The game.
        game: &'static str,
    },
    /// `reach:` or `capture:` without a cell.
    #[error("`{0}` names no cell")]
    NoCells(String),
    /// `foul:` with an unknown rule.
    #[error("`{0}` is not a rule a foul goal can name ({rules})", rules = FOUL_RULES.join(", "))]
    Rule(String),
}

impl Goal {
    /// Read a goal of `v`'s game.
    ///
    /// # Errors
    /// [`GoalError`], naming what is wrong.
    pub fn read(v: &Variant, text: &str) -> Result<Goal, GoalError> {
        let text = text.trim();
        let (kind, arg) = match text.split_once(':') {
            Some((k, a)) => (k, Some(a)),
            None => (text, None),
        };
        let cells = |arg: Option<&str>| -> Result<Vec<Cell>, GoalError> {
            let arg = arg.unwrap_or("");
            let cells = arg
                .split(';')
                .map(str::trim)
                .filter(|c| !c.is_empty())
                .map(|c| {
                    v.cell_by_name(c).ok_or_else(|| GoalError::Cell {
                        cell: c.to_string(),
                        game: v.id.as_str(),
                    })
                })
                .collect::<Result<Vec<_>, _>>()?;
            if cells.is_empty() {
                return Err(GoalError::NoCells(text.to_string()));
            }
            Ok(cells)
        };
        match (kind, arg) {
            ("reach", a) => Ok(Goal::Reach(cells(a)?)),
            ("capture", a) => Ok(Goal::Capture(cells(a)?)),
            ("mate", None) => Ok(Goal::Mate),
            ("win", None) => Ok(Goal::Win),
            ("draw", None) => Ok(Goal::Draw),
            ("escape", None) => Ok(Goal::Escape),
            ("check", None) => Ok(Goal::Check),
            ("pass", None) => Ok(Goal::Pass),
            ("declare", None) => Ok(Goal::Declare),
            (IMPASSE, None) => Ok(Goal::Impasse),
            (FOUL, Some(rule)) if FOUL_RULES.contains(&rule) => Ok(Goal::Foul(rule.to_string())),
            (FOUL, Some(rule)) => Err(GoalError::Rule(rule.to_string())),
            ("promote", None) => Ok(Goal::Promote(true)),
            ("promote", Some("no")) => Ok(Goal::Promote(false)),
            _ => Err(GoalError::Unknown(text.to_string())),
        }
    }

    /// The goal as [`Goal::read`] reads it.
    pub fn write(&self, v: &Variant) -> String {
        let cells = |c: &[Cell]| {
            c.iter()
                .map(|&c| v.cell_name(c))
                .collect::<Vec<_>>()
                .join(";")
        };
        match self {
            Goal::Reach(c) => format!("reach:{}", cells(c)),
            Goal::Capture(c) => format!("capture:{}", cells(c)),
            Goal::Mate => "mate".into(),
            Goal::Win => "win".into(),
            Goal::Draw => "draw".into(),
            Goal::Escape => "escape".into(),
            Goal::Check => "check".into(),
            Goal::Pass => "pass".into(),
            Goal::Declare => "declare".into(),
            Goal::Impasse => IMPASSE.into(),
            Goal::Foul(rule) => format!("foul:{rule}"),
            Goal::Promote(true) => "promote".into(),
            Goal::Promote(false) => "promote:no".into(),
        }
    }

    /// Whether the goal is done by a claim ([`Goal::Declare`], [`Goal::Impasse`]).
    pub fn is_claim(&self) -> bool {
        matches!(self, Goal::Declare | Goal::Impasse)
    }

    /// Whether a refused move breaks this goal's rule.
    pub fn is_the_foul(&self, refused: IllegalMove) -> bool {
        matches!(self, Goal::Foul(rule) if rule == refused.rule_id())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use koma_rules::GameId;

    #[test]
    fn goals_read_and_write_back() {
        for (game, text) in [
            (GameId::Shogi, "reach:5a;3c"),
            (GameId::Shogi, "capture:7g"),
            (GameId::Chushogi, "capture:12a;11b"),
            (GameId::Sangoku, "reach:0,-3"),
            (GameId::Shogi, "mate"),
            (GameId::Shogi, "win"),
            (GameId::Shogi, "draw"),
            (GameId::Shogi, "escape"),
            (GameId::Shogi, "check"),
            (GameId::Chushogi, "pass"),
            (GameId::Shogi, "declare"),
            (GameId::Shogi, "impasse"),
            (GameId::Shogi, "foul:nifu"),
            (GameId::Shogi, "promote"),
            (GameId::Shogi, "promote:no"),
        ] {
            let v = Variant::get(game);
            let goal = Goal::read(v, text).unwrap();
            assert_eq!(goal.write(v), text);
        }
    }

    #[test]
    fn a_wrong_goal_is_named() {
        let v = Variant::get(GameId::Shogi);
        assert_eq!(
            Goal::read(v, "reach:0a"),
            Err(GoalError::Cell {
                cell: "0a".into(),
                game: "shogi"
            })
        );
        assert_eq!(
            Goal::read(v, "capture:"),
            Err(GoalError::NoCells("capture:".into()))
        );
        assert_eq!(
            Goal::read(v, "foul:cheating"),
            Err(GoalError::Rule("cheating".into()))
        );
        assert!(matches!(
            Goal::read(v, "mate:3"),
            Err(GoalError::Unknown(_))
        ));
        assert!(
            Goal::read(v, "dance")
                .unwrap_err()
                .to_string()
                .contains("not a goal")
        );
    }

    /// Every rule a foul goal names is one the rules refuse moves for.
    #[test]
    fn the_foul_rules_are_the_rules_ids() {
        let ids: Vec<&str> = [
            IllegalMove::TwoPawns { file: 1 },
            IllegalMove::DropPawnMate,
            IllegalMove::DeadPiece,
            IllegalMove::KingInCheck,
            IllegalMove::Placing,
            IllegalMove::Repetition,
            IllegalMove::LionProtected,
            IllegalMove::LionCounterStrike,
        ]
        .map(IllegalMove::rule_id)
        .to_vec();
        assert_eq!(ids, FOUL_RULES);
    }
}
