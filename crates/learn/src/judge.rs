//! A step being played: the learner's tries judged by the rules against the step's goal.
//!
//! - A move the rules refuse is not played and is answered with the rule
//!   ([`Verdict::Refused`]), except in a `foul:` step, where the refusal for the step's rule is
//!   the goal.
//! - A legal move that cannot serve the goal is not played either ([`Verdict::Wrong`]): in a
//!   `foul:` step any legal move; in a `promote` step a move that could promote and does not
//!   (and the other way round for `promote:no`); in a `mate` step a move after which the
//!   opponent is not mated within the step's par (proved by [`forced`]: the mate solver where it follows the game's checks, else a
//!   search of every answer).
//! - In a `check` step a legal move that gives no check, and in a `pass` step one that is no
//!   pass (chu's jitto), are not played either ([`Wrong::NoCheck`], [`Wrong::NoPass`]).
//! - A `declare` or `impasse` step is done by a claim ([`Exercise::claim`]) instead of a move,
//!   once the rules grant it: the declaration won (its conditions the rules' own), the
//!   impasse not lost on points. A claim the rules would not grant is not made and is
//!   explained ([`Wrong::Declaration`], [`Wrong::NotEntered`], [`Wrong::Points`]); before
//!   it, the learner's moves are played as in a `reach:` step.
//! - Any other legal move is played. The targets of `reach:` and `capture:` are collected as
//!   the board shows them after each move (a learner's piece on the cell; the opponent's piece
//!   gone from it), so that a drop, a placement and a lion's double move or igui count as
//!   they land. With `reply = "none"` the learner moves again; with `"best"` the opponents'
//!   answers are given to [`Exercise::reply`] until the learner is to move.
//! - The step is done when its goal holds; stars by the learner's moves against the par
//!   (three within it, two within twice it, one beyond) less one for each wrong try (one
//!   at least). A game that ends otherwise is [`Verdict::Over`]: the step starts again.

use koma_rules::moves::Played;
use koma_rules::{
    Cell, EndReason, Game, IllegalMove, Move, Outcome, Player, Position, RuleOptions, Setup,
};

use koma_engine::mate::MateLimits;
use koma_engine::mate::tsume::{Within, mate_within};
use koma_engine::search::NoClock;

use crate::course::{Reply, Step};
use crate::goal::Goal;

/// Why a legal move was not played.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Wrong {
    /// A `foul:` step: the move is legal; the step asks for the one the rule forbids.
    Legal,
    /// A `promote` step: the move could promote and does not.
    NotPromoted,
    /// A `promote:no` step: the move promotes.
    Promoted,
    /// A `mate` step: the opponent escapes the mate within the par.
    NoMate,
    /// A `check` step: the move gives no check.
    NoCheck,
    /// A `pass` step: the move is no pass.
    NoPass,
    /// A `declare` step: the declaration's conditions are not all met (it would not win).
    Declaration,
    /// An `impasse` step: a king has not entered its enemy's camp.
    NotEntered,
    /// An `impasse` step: the learner would lose on points.
    Points,
}

impl Wrong {
    /// A stable id (the interface's `data-wrong`).
    pub fn id(self) -> &'static str {
        match self {
            Wrong::Legal => "legal",
            Wrong::NotPromoted => "not-promoted",
            Wrong::Promoted => "promoted",
            Wrong::NoMate => "no-mate",
            Wrong::NoCheck => "no-check",
            Wrong::NoPass => "no-pass",
            Wrong::Declaration => "declaration",
            Wrong::NotEntered => "not-entered",
            Wrong::Points => "points",
        }
    }
}

/// What a try did.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The goal holds: the step is done, with its stars (1 to 3).
    Done {
        /// Stars won.
        stars: u8,
    },
    /// Played; the step goes on.
    Going,
    /// Not played: the rules refuse it, for this rule.
    Refused(IllegalMove),
    /// Not played: legal, but not the goal's.
    Wrong(Wrong),
    /// Played, and the game ended without the goal.
    Over(Outcome),
}

/// A step being played.
#[derive(Clone, Debug)]
pub struct Exercise {
    goal: Goal,
    par: u32,
    reply: Reply,
    learner: Player,
    options: RuleOptions,
    game: Game,
    /// The targets not yet reached or taken.
    left: Vec<Cell>,
    moves: u32,
    wrong: u32,
    done: Option<u8>,
}

impl Exercise {
    /// The step from its start.
    pub fn new(step: &Step) -> Exercise {
        let options = step.position.options();
        let left = match &step.goal {
            Goal::Reach(c) | Goal::Capture(c) => c.clone(),
            _ => Vec::new(),
        };
        Exercise {
            goal: step.goal.clone(),
            par: step.par,
            reply: step.reply,
            learner: step.learner(),
            options,
            game: step.game(),
            left,
            moves: 0,
            wrong: 0,
            done: None,
        }
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        self.game.position()
    }

    /// The game so far (its moves, the opponents' answers included).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The learner.
    pub fn learner(&self) -> Player {
        self.learner
    }

    /// The goal.
    pub fn goal(&self) -> &Goal {
        &self.goal
    }

    /// The targets not yet reached or taken.
    pub fn left(&self) -> &[Cell] {
        &self.left
    }

    /// The learner's moves played.
    pub fn moves(&self) -> u32 {
        self.moves
    }

    /// Whether the opponents answer.
    pub fn reply_kind(&self) -> Reply {
        self.reply
    }

    /// The legal moves of the side to move (an opponent's answers when one is to answer).
    pub fn answers(&mut self) -> Vec<Move> {
        self.game.legal_moves().into_iter().collect()
    }

    /// The par.
    pub fn par(&self) -> u32 {
        self.par
    }

    /// The stars, once done.
    pub fn done(&self) -> Option<u8> {
        self.done
    }

    /// Whether an opponent is to answer (give it to [`Exercise::reply`]).
    pub fn needs_reply(&self) -> bool {
        self.done.is_none()
            && self.game.outcome().is_none()
            && self.game.position().turn() != self.learner
    }

    /// The stars for `moves` and the wrong tries so far.
    fn stars(&self) -> u8 {
        let by_moves: u8 = if self.moves <= self.par {
            3
        } else if self.moves <= 2 * self.par {
            2
        } else {
            1
        };
        by_moves
            .saturating_sub(u8::try_from(self.wrong).unwrap_or(u8::MAX))
            .max(1)
    }

    /// The learner tries `mv`.
    pub fn attempt(&mut self, mv: Move) -> Verdict {
        if let Some(stars) = self.done {
            return Verdict::Done { stars };
        }
        if self.needs_reply() || self.game.outcome().is_some() {
            return Verdict::Refused(IllegalMove::GameOver);
        }
        let mut probe = self.game.position().clone();
        if let Err(rule) = probe.validate(mv) {
            if self.goal.is_the_foul(rule) {
                self.moves += 1;
                return self.finish();
            }
            self.wrong += 1;
            return Verdict::Refused(rule);
        }
        let wrong = match (&self.goal, mv) {
            (Goal::Foul(_), _) => Some(Wrong::Legal),
            (
                Goal::Promote(true),
                Move::Board {
                    from,
                    to,
                    promote: false,
                },
            ) if may_promote(self.game.position(), from, to) => Some(Wrong::NotPromoted),
            (Goal::Promote(false), Move::Board { promote: true, .. }) => Some(Wrong::Promoted),
            (Goal::Check, _) if !self.probe(mv).is_some_and(|p| p.check) => Some(Wrong::NoCheck),
            (Goal::Pass, _) if !self.probe(mv).is_some_and(|p| p.jitto) => Some(Wrong::NoPass),
            _ => None,
        };
        if let Some(w) = wrong {
            self.wrong += 1;
            return Verdict::Wrong(w);
        }
        if self.goal == Goal::Mate && self.reply == Reply::Best {
            let left = self.par.saturating_sub(self.moves + 1);
            let mut after = self.clone();
            after.play_learner(mv);
            if after.done.is_none() && after.game.outcome().is_none() && !forced(&after, left) {
                self.wrong += 1;
                return Verdict::Wrong(Wrong::NoMate);
            }
        }
        self.play_learner(mv)
    }

    /// What the rules say the legal `mv` did (a check, a jitto), played on a copy.
    fn probe(&self, mv: Move) -> Option<Played> {
        let mut game = self.game.clone();
        game.play(mv).ok()?;
        game.played().last().copied()
    }

    /// The learner claims instead of moving: in a `declare` step the entering-king
    /// declaration, in an `impasse` step an agreed impasse. `None` when the step has no claim
    /// or the learner is not to move; a claim the rules would not grant is not made
    /// ([`Verdict::Wrong`]).
    pub fn claim(&mut self) -> Option<Verdict> {
        if !self.goal.is_claim()
            || self.done.is_some()
            || self.needs_reply()
            || self.game.outcome().is_some()
        {
            return None;
        }
        match self.granted() {
            Ok(()) => {
                // the board shows the game won (or drawn) by the claim
                if self.goal == Goal::Declare {
                    self.game.declare();
                } else {
                    self.game.agree_impasse();
                }
                self.moves += 1;
                Some(self.finish())
            }
            Err(w) => {
                self.wrong += 1;
                Some(Verdict::Wrong(w))
            }
        }
    }

    /// Whether the step's claim, made now, does the step (the "show" of a claim).
    pub fn claim_now(&self) -> bool {
        self.goal.is_claim()
            && self.done.is_none()
            && !self.needs_reply()
            && self.game.outcome().is_none()
            && self.granted().is_ok()
    }

    /// Whether the rules grant the step's claim now (the learner to move).
    fn granted(&self) -> Result<(), Wrong> {
        match self.goal {
            Goal::Declare if self.game.has_declaration() => {
                let d = self.game.declaration();
                if d.player == self.learner && d.outcome.winner == Some(self.learner) {
                    Ok(())
                } else {
                    Err(Wrong::Declaration)
                }
            }
            Goal::Impasse if self.game.has_impasse() => {
                if !self.game.both_kings_entered() {
                    return Err(Wrong::NotEntered);
                }
                match self.game.impasse_outcome() {
                    Some(o) if o.winner != Some(self.learner.opponent()) => Ok(()),
                    _ => Err(Wrong::Points),
                }
            }
            Goal::Declare => Err(Wrong::Declaration),
            _ => Err(Wrong::NotEntered),
        }
    }

    /// Play the learner's legal `mv` and judge what it did.
    fn play_learner(&mut self, mv: Move) -> Verdict {
        let before = self.game.position().clone();
        let outcome = match self.game.play(mv) {
            Ok(o) => o,
            Err(rule) => {
                self.wrong += 1;
                return Verdict::Refused(rule);
            }
        };
        self.moves += 1;
        self.collect(&before, None);
        if self.achieved(&before, mv, outcome) {
            return self.finish();
        }
        if let Some(o) = outcome
            && self.reply == Reply::Best
        {
            return Verdict::Over(o);
        }
        if self.reply == Reply::None {
            self.learner_again();
        }
        Verdict::Going
    }

    /// An opponent's answer (a step with `reply = "best"`).
    ///
    /// # Errors
    /// The rule that refuses it; nothing changes then.
    pub fn reply(&mut self, mv: Move) -> Result<Verdict, IllegalMove> {
        if !self.needs_reply() {
            return Err(IllegalMove::GameOver);
        }
        let before = self.game.position().clone();
        let outcome = self.game.play(mv)?;
        self.collect(&before, Some(mv));
        Ok(match outcome {
            Some(o) if o.winner == Some(self.learner) && self.goal == Goal::Win => self.finish(),
            Some(o) if o.winner.is_none() && self.goal == Goal::Draw => self.finish(),
            Some(o) => Verdict::Over(o),
            None => Verdict::Going,
        })
    }

    fn finish(&mut self) -> Verdict {
        let stars = self.stars();
        self.done = Some(stars);
        Verdict::Done { stars }
    }

    /// Whether the goal holds after the learner's `mv` (played from `before`).
    fn achieved(&self, before: &Position, mv: Move, outcome: Option<Outcome>) -> bool {
        let won = outcome.is_some_and(|o| o.winner == Some(self.learner));
        match &self.goal {
            Goal::Reach(_) | Goal::Capture(_) => self.left.is_empty(),
            Goal::Mate => {
                won && outcome.is_some_and(|o| {
                    matches!(o.reason, EndReason::Checkmate | EndReason::NoLegalMoves)
                })
            }
            Goal::Win => won,
            Goal::Draw => outcome.is_some_and(|o| o.winner.is_none()),
            Goal::Escape => true,
            Goal::Check => self.game.played().last().is_some_and(|p| p.check),
            Goal::Pass => self.game.played().last().is_some_and(|p| p.jitto),
            Goal::Declare | Goal::Impasse => false,
            Goal::Promote(true) => matches!(mv, Move::Board { promote: true, .. }),
            Goal::Promote(false) => match mv {
                Move::Board {
                    from,
                    to,
                    promote: false,
                } => may_promote(before, from, to),
                _ => false,
            },
            Goal::Foul(_) => false,
        }
    }

    /// Strike the targets the board now shows done (`answer`: an opponent's move, which takes
    /// a target piece it moves along to where it goes).
    fn collect(&mut self, before: &Position, answer: Option<Move>) {
        let now = self.game.position();
        let learner = self.learner;
        if let (Goal::Capture(_), Some(mv)) = (&self.goal, answer)
            && let (Some(from), Some(to)) = (mv.from(), mv.to())
        {
            for c in &mut self.left {
                if *c == from {
                    *c = to;
                }
            }
            return;
        }
        match self.goal {
            Goal::Reach(_) => self.left.retain(|&c| {
                let p = now.piece(c);
                p.is_empty() || p.owner() != learner
            }),
            Goal::Capture(_) => self.left.retain(|&c| {
                let was = before.piece(c);
                let is = now.piece(c);
                // still the opponent's piece that stood there
                !(was.is_empty()
                    || was.owner() == learner
                    || is.is_empty()
                    || is.owner() == learner)
            }),
            _ => {}
        }
    }

    /// `reply = "none"`: the learner to move again, in the same position.
    fn learner_again(&mut self) {
        let mut setup = Setup::of(self.game.position());
        setup.turn = self.learner;
        if let Ok(pos) = setup.into_position() {
            self.game = Game::from_position(pos.with_options(self.options), self.options);
        }
    }

    /// Every try worth judging from here: the legal moves, and in a `foul:` step the moves the
    /// rules refuse for its rule (each piece to each cell, each piece in hand to each cell).
    pub fn tries(&mut self) -> Vec<Move> {
        let mut out: Vec<Move> = self.game.legal_moves().into_iter().collect();
        if let Goal::Foul(_) = self.goal {
            let mut pos = self.game.position().clone();
            let v = pos.variant();
            let cells: Vec<Cell> = v.geometry.cells().collect();
            let mut candidates = Vec::new();
            for &from in &cells {
                let p = pos.piece(from);
                if p.is_empty() || p.owner() != self.learner {
                    continue;
                }
                for &to in &cells {
                    for promote in [false, true] {
                        candidates.push(Move::Board { from, to, promote });
                    }
                }
            }
            for &kind in &v.hand_order {
                if pos.hand(self.learner, kind) > 0 {
                    candidates.extend(cells.iter().map(|&to| Move::Drop { kind, to }));
                }
            }
            for mv in candidates {
                if pos.validate(mv).is_err_and(|r| self.goal.is_the_foul(r)) {
                    out.push(mv);
                }
            }
        }
        out
    }
}

/// Whether the move from `from` to `to` may promote in `pos`.
fn may_promote(pos: &Position, from: Cell, to: Cell) -> bool {
    pos.clone()
        .validate(Move::Board {
            from,
            to,
            promote: true,
        })
        .is_ok()
}

/// The most tries a search judges.
pub const BUDGET: u64 = 2_000_000;

impl Exercise {
    /// The opponents' answer that holds the goal off longest (a step with `reply = "best"`,
    /// an opponent to answer): in a `mate` step of the games whose checks the mate solver
    /// follows, the solver's longest defence; else the answer after which the learner needs
    /// the most moves (none found within the moves left and two more counts as most), the
    /// first such in the rules' order. `None` when no opponent is to answer.
    pub fn defence(&self) -> Option<Move> {
        if !self.needs_reply() {
            return None;
        }
        let left = self.par.saturating_sub(self.moves).max(1);
        if self.goal == Goal::Mate && shows_mate(self) {
            let limits = solver_limits();
            if let Within::Mate(line) =
                mate_within(self.position(), self.learner, 2 * left, &limits, &NoClock)
                && let Some(&first) = line.first()
            {
                return Some(first);
            }
        }
        let cap = left + 2;
        let mut budget = BUDGET / 4;
        let mut best: Option<(u32, Move)> = None;
        for a in self.game.clone().legal_moves() {
            let mut next = self.clone();
            let score = match next.reply(a) {
                Err(_) => continue,
                Ok(Verdict::Done { .. }) => 0,
                Ok(Verdict::Over(_)) => cap + 2,
                Ok(_) => (1..=cap)
                    .find(|&d| forced_within(&next, d, &mut budget))
                    .unwrap_or(cap + 1),
            };
            if best.is_none_or(|(s, _)| score > s) {
                best = Some((score, a));
            }
            if budget == 0 {
                break;
            }
        }
        best.map(|(_, m)| m)
    }

    /// The learner's next move on a shortest way to the goal from here (the step's "show"),
    /// searched to the moves left and a few more; `None` when the learner is not to move or
    /// no way is found within them.
    pub fn next_move(&self) -> Option<Move> {
        if self.done.is_some()
            || self.needs_reply()
            || self.game.outcome().is_some()
            || self.claim_now()
        {
            return None;
        }
        let left = self.par.saturating_sub(self.moves).max(1);
        let mut budget = BUDGET;
        (1..=left + 2).find_map(|d| line(self, d, &mut budget)?.first().copied())
    }
}

/// Whether a `mate` step of `ex`'s game is asked of the mate solver (the games whose checks it
/// follows, out of a placement phase).
fn shows_mate(ex: &Exercise) -> bool {
    ex.position().rules().capabilities().shows_check && !ex.position().is_placing()
}

/// The mate solver's bounds for a judged try.
fn solver_limits() -> MateLimits {
    MateLimits {
        nodes: Some(200_000),
        time_ms: None,
        hash_mb: 4,
    }
}

/// Whether the learner, to move in `ex` (or an opponent to answer), reaches the goal within
/// `moves` of the learner's moves against every answer: the judge's test of a `mate` try.
pub fn forced(ex: &Exercise, moves: u32) -> bool {
    let mut budget = BUDGET / 10;
    forced_within(ex, moves, &mut budget)
}

/// [`forced`], its searches drawing on `budget` tries.
fn forced_within(ex: &Exercise, moves: u32, budget: &mut u64) -> bool {
    if ex.done().is_some() {
        return true;
    }
    if ex.goal() == &Goal::Mate && shows_mate(ex) {
        let plies = if ex.needs_reply() {
            2 * moves
        } else if moves == 0 {
            return false;
        } else {
            2 * moves - 1
        };
        return matches!(
            mate_within(
                ex.position(),
                ex.learner(),
                plies,
                &solver_limits(),
                &NoClock
            ),
            Within::Mate(_)
        );
    }
    if ex.needs_reply() {
        answers_hold(ex, moves, budget).is_some()
    } else {
        line(ex, moves, budget).is_some()
    }
}

/// A line of at most `depth` learner moves from `ex` (the learner to move) that does the step.
pub(crate) fn line(ex: &Exercise, depth: u32, budget: &mut u64) -> Option<Vec<Move>> {
    if depth == 0 {
        return None;
    }
    // a claim granted: the last of the learner's moves
    if ex.claim_now() {
        return Some(Vec::new());
    }
    let mut probe = ex.clone();
    for mv in probe.tries() {
        if *budget == 0 {
            return None;
        }
        *budget -= 1;
        let mut next = ex.clone();
        match next.attempt(mv) {
            Verdict::Done { .. } => return Some(vec![mv]),
            Verdict::Going => {
                // the answers may do the goal (a general kept on the centre for a round)
                let rest = if next.needs_reply() {
                    answers_hold(&next, depth - 1, budget)
                } else if depth > 1 && next.reply_kind() == Reply::None {
                    line(&next, depth - 1, budget)
                } else {
                    None
                };
                if let Some(mut rest) = rest {
                    rest.insert(0, mv);
                    return Some(rest);
                }
            }
            _ => {}
        }
    }
    None
}

/// With the opponents to answer in `ex`: whether the learner does the step within `depth`
/// moves after every answer; the line after the first answer, if so.
fn answers_hold(ex: &Exercise, depth: u32, budget: &mut u64) -> Option<Vec<Move>> {
    let mut probe = ex.clone();
    let answers = probe.answers();
    let mut first = None;
    for a in answers {
        if *budget == 0 {
            return None;
        }
        *budget -= 1;
        let mut next = ex.clone();
        let rest = match next.reply(a) {
            Ok(Verdict::Done { .. }) => Vec::new(),
            Ok(Verdict::Going) if next.needs_reply() => answers_hold(&next, depth, budget)?,
            Ok(Verdict::Going) => line(&next, depth, budget)?,
            _ => return None,
        };
        if first.is_none() {
            let mut l = vec![a];
            l.extend(rest);
            first = Some(l);
        }
    }
    // no answer at all: the game is over (judged by the learner's move already)
    first
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::course::Text;
    use koma_rules::{GameId, Variant, notation};

    fn step(game: GameId, position: &str, goal: &str, par: u32, reply: Reply) -> Step {
        let v = Variant::get(game);
        Step {
            moves: Vec::new(),
            position: notation::read_position(game, position).unwrap(),
            goal: Goal::read(v, goal).unwrap(),
            par,
            reply,
            text: Text {
                en: String::new(),
                ja: String::new(),
            },
        }
    }

    fn mv(game: GameId, text: &str) -> Move {
        notation::read_move(Variant::get(game), text).unwrap()
    }

    #[test]
    fn targets_are_collected_and_a_refused_move_names_its_rule() {
        let s = step(
            GameId::Shogi,
            "9/9/9/9/4R4/9/9/9/9 b - 1",
            "reach:5a;1e",
            2,
            Reply::None,
        );
        let mut ex = Exercise::new(&s);
        // a rook does not move diagonally
        assert_eq!(
            ex.attempt(mv(GameId::Shogi, "5e4d")),
            Verdict::Refused(IllegalMove::CannotMoveThere)
        );
        assert_eq!(ex.attempt(mv(GameId::Shogi, "5e5a")), Verdict::Going);
        assert_eq!(ex.left().len(), 1);
        // the learner moves again
        assert_eq!(ex.position().turn(), Player::FIRST);
        assert_eq!(ex.attempt(mv(GameId::Shogi, "5a1a")), Verdict::Going);
        // the wrong try costs a star, the third move another
        assert_eq!(
            ex.attempt(mv(GameId::Shogi, "1a1e")),
            Verdict::Done { stars: 1 }
        );
    }

    #[test]
    fn a_foul_step_is_done_by_the_refused_move_and_not_by_a_legal_one() {
        let s = step(
            GameId::Shogi,
            "4k4/9/9/9/9/9/4P4/9/4K4 b P 1",
            "foul:nifu",
            1,
            Reply::None,
        );
        let mut ex = Exercise::new(&s);
        assert_eq!(
            ex.attempt(mv(GameId::Shogi, "P*1e")),
            Verdict::Wrong(Wrong::Legal)
        );
        assert_eq!(
            ex.attempt(mv(GameId::Shogi, "P*5e")),
            Verdict::Done { stars: 2 }
        );
        assert!(ex.tries().contains(&mv(GameId::Shogi, "P*5c")));
    }

    #[test]
    fn a_mate_step_refuses_a_move_that_lets_the_king_go() {
        let s = step(
            GameId::Shogi,
            "4k4/9/4P4/9/9/9/9/9/4K4 b G 1",
            "mate",
            1,
            Reply::Best,
        );
        let mut ex = Exercise::new(&s);
        assert_eq!(
            ex.attempt(mv(GameId::Shogi, "G*4b")),
            Verdict::Wrong(Wrong::NoMate)
        );
        assert_eq!(
            ex.attempt(mv(GameId::Shogi, "G*5b")),
            Verdict::Done { stars: 2 }
        );
    }

    #[test]
    fn promotion_is_chosen_and_declined() {
        let promote = step(
            GameId::Shogi,
            "9/9/9/4S4/9/9/9/9/9 b - 1",
            "promote",
            1,
            Reply::None,
        );
        let mut ex = Exercise::new(&promote);
        assert_eq!(
            ex.attempt(mv(GameId::Shogi, "5d5c")),
            Verdict::Wrong(Wrong::NotPromoted)
        );
        assert_eq!(
            ex.attempt(mv(GameId::Shogi, "5d5c+")),
            Verdict::Done { stars: 2 }
        );
        let decline = step(
            GameId::Shogi,
            "9/9/9/4S4/9/9/9/9/9 b - 1",
            "promote:no",
            1,
            Reply::None,
        );
        let mut ex = Exercise::new(&decline);
        assert_eq!(
            ex.attempt(mv(GameId::Shogi, "5d5c+")),
            Verdict::Wrong(Wrong::Promoted)
        );
        // a move that cannot promote is no answer
        assert_eq!(ex.attempt(mv(GameId::Shogi, "5d6e")), Verdict::Going);
        assert_eq!(ex.attempt(mv(GameId::Shogi, "6e6d")), Verdict::Going);
        assert_eq!(
            ex.attempt(mv(GameId::Shogi, "6d6c")),
            Verdict::Done { stars: 1 }
        );
    }

    #[test]
    fn the_defence_holds_out_and_the_shown_move_leads_to_the_goal() {
        // mate in 2 (3 plies): the king's answer that holds out longest, then the mate
        let s = step(
            GameId::Shogi,
            "9/4k4/9/4P4/9/9/9/9/K8 b 2G 1",
            "mate",
            2,
            Reply::Best,
        );
        let mut ex = Exercise::new(&s);
        assert_eq!(ex.defence(), None, "the learner is to move");
        let first = ex.next_move().expect("a first move");
        assert_eq!(ex.attempt(first), Verdict::Going);
        let answer = ex.defence().expect("an answer");
        assert_eq!(ex.reply(answer), Ok(Verdict::Going));
        let mate = ex.next_move().expect("the mate");
        assert_eq!(ex.attempt(mate), Verdict::Done { stars: 3 });
        // a reach with no answers: the way to the star, one move at a time
        let s = step(
            GameId::Shogi,
            "9/9/9/9/4B4/9/9/9/9 b - 1",
            "reach:5a",
            2,
            Reply::None,
        );
        let mut ex = Exercise::new(&s);
        let one = ex.next_move().unwrap();
        assert_eq!(ex.attempt(one), Verdict::Going);
        let two = ex.next_move().unwrap();
        assert_eq!(ex.attempt(two), Verdict::Done { stars: 3 });
        assert_eq!(ex.next_move(), None);
    }

    /// The answer is the one that keeps the goal away longest: of two pawns to take, an
    /// opponent's king steps away from the one that is nearer.
    #[test]
    fn the_defence_of_a_capture_keeps_the_target_away() {
        // minishogi: gote's pawn on 2b (the target), its king on 5a; sente's rook on 3e
        let s = step(
            GameId::Minishogi,
            "k4/3p1/5/5/2R1K b - 1",
            "capture:2b",
            3,
            Reply::Best,
        );
        let mut ex = Exercise::new(&s);
        assert_eq!(ex.attempt(mv(GameId::Minishogi, "3e2e")), Verdict::Going);
        // the pawn steps away from the rook's file... and is still the target where it went
        let answer = ex.defence().unwrap();
        assert_eq!(ex.reply(answer), Ok(Verdict::Going));
        assert_eq!(ex.left().len(), 1, "a target moved is not a target taken");
        assert_ne!(ex.next_move(), None);
    }

    #[test]
    fn a_lion_takes_two_in_one_move() {
        // chu shogi: a lion on 6h, two pawns in front of it
        let s = step(
            GameId::Chushogi,
            "11k/12/12/12/12/6p5/6p5/6N5/12/12/12/11K b - 1",
            "capture:6g;6f",
            1,
            Reply::None,
        );
        let mut ex = Exercise::new(&s);
        let double = ex
            .tries()
            .into_iter()
            .find(|&m| {
                let mut t = ex.clone();
                matches!(t.attempt(m), Verdict::Done { .. })
            })
            .unwrap();
        assert!(matches!(double, Move::Double { .. }), "{double:?}");
    }

    #[test]
    fn a_check_step_refuses_a_quiet_move_and_a_pass_step_a_move_that_goes() {
        let s = step(
            GameId::Shogi,
            "4k4/9/9/9/9/9/9/9/R8 b - 1",
            "check",
            1,
            Reply::None,
        );
        let mut ex = Exercise::new(&s);
        assert_eq!(
            ex.attempt(mv(GameId::Shogi, "9i9e")),
            Verdict::Wrong(Wrong::NoCheck)
        );
        assert_eq!(ex.moves(), 0, "not played");
        assert_eq!(
            ex.attempt(mv(GameId::Shogi, "9i5i")),
            Verdict::Done { stars: 2 }
        );
        // chu shogi: a lion passes by stepping out and back (jitto)
        let s = step(
            GameId::Chushogi,
            "11k/11g/12/12/12/12/12/6N5/12/12/12/11K b - 1",
            "pass",
            1,
            Reply::None,
        );
        let mut ex = Exercise::new(&s);
        let lion = Variant::get(GameId::Chushogi).cell_by_name("6h").unwrap();
        let out = Variant::get(GameId::Chushogi).cell_by_name("6g").unwrap();
        assert_eq!(
            ex.attempt(Move::Board {
                from: lion,
                to: out,
                promote: false
            }),
            Verdict::Wrong(Wrong::NoPass)
        );
        assert_eq!(
            ex.attempt(Move::Double {
                from: lion,
                mid: out,
                to: lion
            }),
            Verdict::Done { stars: 2 }
        );
    }

    #[test]
    fn a_declaration_and_an_impasse_are_claimed_once_the_rules_grant_them() {
        // nine pieces in the camp: the declaration is not made; the tenth, then it wins
        let s = step(
            GameId::Shogi,
            "2SGKGS2/1R5B1/LN5N1/8L/9/9/9/9/4k4 b RB2G2S2N2L18P 1",
            "declare",
            2,
            Reply::None,
        );
        let mut ex = Exercise::new(&s);
        assert!(!ex.claim_now());
        assert_eq!(ex.claim(), Some(Verdict::Wrong(Wrong::Declaration)));
        assert_eq!(ex.game().outcome(), None);
        assert_eq!(ex.attempt(mv(GameId::Shogi, "1d1c")), Verdict::Going);
        assert!(ex.claim_now());
        assert_eq!(ex.next_move(), None, "the claim is what is shown");
        assert_eq!(ex.claim(), Some(Verdict::Done { stars: 2 }));
        assert_eq!(
            ex.game().outcome().map(|o| o.reason),
            Some(EndReason::Declaration)
        );
        // both kings entered; sente has 23 points and takes a pawn for the 24th
        let s = step(
            GameId::Shogi,
            "9/4K4/4p4/9/9/9/9/4k4/R7B b 13Prb4g4s4n4l4p 1",
            "impasse",
            2,
            Reply::None,
        );
        let mut ex = Exercise::new(&s);
        assert_eq!(ex.claim(), Some(Verdict::Wrong(Wrong::Points)));
        assert_eq!(ex.attempt(mv(GameId::Shogi, "5b5c")), Verdict::Going);
        assert_eq!(ex.claim(), Some(Verdict::Done { stars: 2 }));
        // a king outside the camp: no impasse to claim
        let s = step(
            GameId::Shogi,
            "9/9/4p4/4K4/9/9/9/4k4/R7B b 13Prb4g4s4n4l4p 1",
            "impasse",
            2,
            Reply::None,
        );
        let mut ex = Exercise::new(&s);
        assert_eq!(ex.claim(), Some(Verdict::Wrong(Wrong::NotEntered)));
        // a step of another goal has no claim
        let s = step(
            GameId::Shogi,
            "4k4/9/9/9/9/9/9/9/R8 b - 1",
            "check",
            1,
            Reply::None,
        );
        assert_eq!(Exercise::new(&s).claim(), None);
    }
}
