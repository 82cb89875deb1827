//! Whether a step can be done, and how: the learner's tries searched to the par.
//!
//! With `reply = "none"`, a search of the learner's tries, deepening a move at a time, so that
//! the line found is a shortest. With `"best"`, every answer of the opponents must still let
//! the learner reach the goal (an and-or search to the par). In the games whose checks the
//! mate solver follows (shogi, minishogi, 66 shogi, sangoku2), a `mate` step with answers is
//! asked of the solver (`koma_engine::mate::tsume::mate_within`), proved within `2 * par - 1`
//! plies. The searches ([`crate::judge`]'s, which judges a `mate` try with them) are bounded
//! by [`BUDGET`] tries: a step beyond it is reported as not solvable (a lesson's steps are
//! meant to be small).

use koma_rules::Move;

use crate::course::Step;
use crate::goal::Goal;
use crate::judge::{BUDGET, Exercise, line};

/// Why a step has no solution found.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Unsolved {
    /// The goal holds before any move.
    #[error("the goal holds before any move")]
    Already,
    /// The game is over before any move.
    #[error("the game is over before any move")]
    Over,
    /// No line reaches the goal within the par.
    #[error("no line reaches the goal within {0} moves")]
    NotWithin(u32),
    /// The search ran out of its budget.
    #[error("the search ran out of its budget ({BUDGET} tries)")]
    Budget,
}

/// A step done: how many of the learner's moves, and one line (the opponents' answers in it,
/// the first of those that were all proved answered).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The learner's moves: the fewest that do the step.
    pub moves: u32,
    /// The line, every ply.
    pub line: Vec<Move>,
}

/// A shortest way to do the step: the fewest of the learner's moves, against every answer of
/// the opponents when they answer.
///
/// # Errors
/// [`Unsolved`].
pub fn solve(step: &Step) -> Result<Solution, Unsolved> {
    let start = Exercise::new(step);
    if start.game().outcome().is_some() && !matches!(step.goal, Goal::Mate | Goal::Win | Goal::Draw)
    {
        return Err(Unsolved::Over);
    }
    if already(&start) {
        return Err(Unsolved::Already);
    }
    let mut budget = BUDGET;
    for depth in 1..=step.par {
        match line(&start, depth, &mut budget) {
            Some(line) => {
                return Ok(Solution { moves: depth, line });
            }
            None if budget == 0 => return Err(Unsolved::Budget),
            None => {}
        }
    }
    Err(Unsolved::NotWithin(step.par))
}

/// Whether the goal holds at the start (a target taken or reached already; a `mate` or
/// `win` with the game over).
fn already(ex: &Exercise) -> bool {
    let pos = ex.position();
    let learner = ex.learner();
    match ex.goal() {
        Goal::Reach(cells) => cells.iter().any(|&c| {
            let p = pos.piece(c);
            !p.is_empty() && p.owner() == learner
        }),
        Goal::Capture(cells) => cells.iter().any(|&c| {
            let p = pos.piece(c);
            p.is_empty() || p.owner() == learner
        }),
        Goal::Escape => !pos.in_check(),
        Goal::Declare | Goal::Impasse => ex.claim_now(),
        Goal::Check | Goal::Pass => false,
        Goal::Mate | Goal::Win | Goal::Draw => ex.game().outcome().is_some(),
        Goal::Foul(_) | Goal::Promote(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::{Reply, Text};
    use koma_rules::{GameId, Variant, notation};

    fn step(position: &str, goal: &str, par: u32, reply: Reply) -> Step {
        Step {
            moves: Vec::new(),
            position: notation::read_position(GameId::Shogi, position).unwrap(),
            goal: Goal::read(Variant::get(GameId::Shogi), goal).unwrap(),
            par,
            reply,
            text: Text {
                en: String::new(),
                ja: String::new(),
            },
        }
    }

    #[test]
    fn a_step_too_short_or_already_done_is_named() {
        // a bishop needs two moves to 5a
        let s = step("9/9/9/9/4B4/9/9/9/9 b - 1", "reach:5a", 1, Reply::None);
        assert_eq!(solve(&s), Err(Unsolved::NotWithin(1)));
        let s = step("9/9/9/9/4B4/9/9/9/9 b - 1", "reach:5a", 2, Reply::None);
        assert_eq!(solve(&s).map(|s| s.moves), Ok(2));
        let s = step("9/9/9/9/4B4/9/9/9/9 b - 1", "reach:5e", 2, Reply::None);
        assert_eq!(solve(&s), Err(Unsolved::Already));
        let s = step("9/9/9/9/4B4/9/9/9/9 b - 1", "capture:5a", 2, Reply::None);
        assert_eq!(solve(&s), Err(Unsolved::Already));
        // sente has no move: the game is over at the start
        let s = step("9/9/9/9/9/9/9/9/9 b - 1", "reach:5a", 2, Reply::None);
        assert_eq!(solve(&s), Err(Unsolved::Over));
        // a king in the open with one gold: no mate
        let s = step("4k4/9/9/9/9/9/9/9/9 b G 1", "mate", 2, Reply::Best);
        assert_eq!(solve(&s), Err(Unsolved::NotWithin(2)));
        // one answer that escapes is enough to refuse a try
        let s = step("4k4/9/4P4/9/9/9/9/9/9 b G 1", "mate", 1, Reply::Best);
        let done = solve(&s).unwrap();
        assert_eq!(
            done.line,
            vec![notation::read_move(Variant::get(GameId::Shogi), "G*5b").unwrap()]
        );
    }
}
