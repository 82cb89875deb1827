//! Analysis: the engine's best lines for a position, deeper and deeper until stopped, as an
//! analysis board shows them (multi-PV).
//!
//! Each depth searches the root once per line: the first line is the best move's, the second
//! the best of the moves left once the first line's move is set aside ([`Limits::skip`]), and so
//! on, as USI engines with `MultiPV` report them. Every search is the top level's choice (no
//! margin, quiescence on) within the analysis's own limits (none: until the caller stops it), the
//! transposition table kept from search to search so that each depth begins where the last one
//! ended. After every depth the lines found are reported; the analysis ends at the depth limit,
//! a stop, or when no line deepens (every line ends in a mate or the game's end).
//!
//! Scores are from the side to move at the root (the page turns them to sente's side). In the
//! three-player game ([`Description::three_players`]) a line also carries each seat's score:
//! the evaluation of the position at its end for each seat (a win or a loss where the line ends
//! the game), since one player's search score says nothing of how the other two stand.

use koma_rules::{Description, Move, Player, Position};

use crate::Engine;
use crate::eval::evaluator;
use crate::multi::Choice;
use crate::search::{Control, Limits, MATE, Score};

/// The most lines an analysis shows.
pub const MAX_LINES: usize = 5;

/// One line of an analysis.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The score, from the side to move at the root.
    pub score: Score,
    /// The moves, from the root.
    pub pv: Vec<Move>,
    /// The three-player game: each seat's score at the line's end (see the module's docs),
    /// by seat; empty in two-player games.
    pub seats: Vec<SeatScore>,
}

/// One seat's score at the end of a three-player line.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SeatScore {
    /// Centipawns, for the seat.
    Cp(i32),
    /// The line ends the game: won (positive) or lost (negative) after this many plies.
    Mate(i32),
}

/// What an analysis has found so far.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Analysis {
    /// The depth every line completed.
    pub depth: u32,
    /// Nodes searched, every line's together.
    pub nodes: u64,
    /// Milliseconds since the analysis began, by the caller's clock.
    pub time_ms: u64,
    /// The lines, best first.
    pub lines: Vec<Line>,
    /// Whether the analysis has ended (no deeper depth will come).
    pub done: bool,
}

impl Engine {
    /// Analyse the position reached by playing `moves` from `start`: up to `lines` lines
    /// (1 to [`MAX_LINES`]), deeper and deeper within `limits`, each finished depth reported to
    /// `report`; the last report (its `done` set) is returned.
    pub fn analyse(
        &mut self,
        start: &Position,
        moves: &[Move],
        lines: usize,
        limits: &Limits,
        control: &dyn Control,
        report: &mut dyn FnMut(&Analysis),
    ) -> Analysis {
        let mut pos = start.clone();
        for &m in moves {
            pos.play_unchecked(m);
        }
        let legal = pos.legal_moves().len();
        let wanted = lines.clamp(1, MAX_LINES).min(legal);
        let three = Description::of(pos.game()).three_players();
        let max_depth = limits.depth.unwrap_or(64).max(1);
        let mut found = Analysis::default();
        let mut nodes = 0u64;
        let mut depth = 1;
        // (no legal move: nothing to search)
        while let Some(wanted) = (wanted > 0).then_some(wanted) {
            let mut lines = Vec::with_capacity(wanted);
            let mut skip = limits.skip.clone();
            let mut reached = u32::MAX;
            let mut stopped = false;
            for _ in 0..wanted {
                let lim = Limits {
                    depth: Some(depth),
                    nodes: limits.nodes.map(|n| n.saturating_sub(nodes).max(1)),
                    time_ms: limits.time_ms,
                    skip: skip.clone(),
                };
                let r = self.run(start, moves, &lim, Choice::BEST, control, &mut |_| {});
                nodes += r.nodes;
                let Some(best) = r.best else { break };
                // a search cut short by the clock, a stop or the node limit
                if r.depth < depth
                    && (control.should_stop()
                        || limits.nodes.is_some_and(|n| nodes >= n)
                        || limits.time_ms.is_some_and(|t| control.elapsed_ms() >= t))
                {
                    stopped = true;
                    break;
                }
                reached = reached.min(r.depth);
                skip.push(best);
                let seats = if three {
                    seat_scores(&pos, &r.pv)
                } else {
                    Vec::new()
                };
                lines.push(Line {
                    score: r.score,
                    pv: r.pv,
                    seats,
                });
            }
            found.nodes = nodes;
            found.time_ms = control.elapsed_ms();
            if stopped || lines.len() < wanted {
                break;
            }
            // no line went deeper: each ends in a mate or the game's end
            let deeper = reached > found.depth;
            if deeper {
                // best first (a later line may have found more than an earlier one at a depth
                // where the earlier one's search was cut by a mate bound)
                lines.sort_by_key(|l| std::cmp::Reverse(raw(l.score)));
                found.depth = reached;
                found.lines = lines;
            }
            if !deeper || depth >= max_depth {
                break;
            }
            report(&found);
            // the three-player search deepens by whole rounds past the first
            depth = if three && depth >= 3 {
                depth + 3
            } else {
                depth + 1
            };
            depth = depth.min(max_depth);
        }
        found.done = true;
        found.nodes = nodes;
        found.time_ms = control.elapsed_ms();
        report(&found);
        found
    }
}

/// A score's order: mates above every centipawn score, the shortest first.
fn raw(s: Score) -> i32 {
    match s {
        Score::Cp(c) => c,
        Score::Mate(n) if n > 0 => MATE - n,
        Score::Mate(n) => -MATE - n,
    }
}

/// Each seat's score at the end of `pv` played from `pos`.
fn seat_scores(pos: &Position, pv: &[Move]) -> Vec<SeatScore> {
    let mut end = pos.clone();
    let mut plies = 0;
    for &m in pv {
        if !end.try_play(m) {
            break;
        }
        plies += 1;
    }
    let players = end.variant().players();
    let outcome = end.rules().position_outcome(&mut end, None);
    let eval = evaluator(end.game());
    (0..players)
        .map(|p| {
            let seat = Player(p);
            match outcome.map(|o| o.winner) {
                Some(Some(w)) if w == seat => SeatScore::Mate(plies),
                Some(Some(_)) => SeatScore::Mate(-plies),
                Some(None) => SeatScore::Cp(0),
                None => SeatScore::Cp(eval.score(&end, seat)),
            }
        })
        .collect()
}

/// A score in plies, as an analysis board writes it: `cp:<n>` or `mate:<plies>` (negative
/// when the side it is for is mated), from `sign`'s side (1: the side to move's; -1: its
/// opponent's). A mate in `n` moves of the side to move is `2n - 1` plies away, being mated
/// in `n` moves `2n` (the sides alternate).
pub fn score_text(s: Score, sign: i32) -> String {
    match s {
        Score::Cp(c) => format!("cp:{}", c * sign),
        Score::Mate(n) if n > 0 => format!("mate:{}", (2 * n - 1) * sign),
        Score::Mate(n) => format!("mate:{}", 2 * n * sign),
    }
}

/// A seat's score as an analysis board writes it (`cp:<n>`, `mate:<plies>`).
pub fn seat_text(s: SeatScore) -> String {
    match s {
        SeatScore::Cp(c) => format!("cp:{c}"),
        SeatScore::Mate(n) => format!("mate:{n}"),
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)] // test code: a failure is a test failure
    use super::*;
    use crate::search::NoClock;
    use koma_rules::GameId;
    use koma_rules::notation::read_position;

    fn depth(d: u32) -> Limits {
        Limits {
            depth: Some(d),
            ..Limits::default()
        }
    }

    #[test]
    fn lines_have_different_first_moves_best_first_each_depth_reported() {
        let mut start = Position::start(GameId::Shogi);
        let mut e = Engine::new(8);
        let mut reports = Vec::new();
        let a = e.analyse(&start, &[], 3, &depth(4), &NoClock, &mut |a| {
            reports.push(a.clone())
        });
        assert!(a.done);
        assert_eq!(a.depth, 4);
        assert_eq!(a.lines.len(), 3);
        let firsts: Vec<Move> = a.lines.iter().map(|l| l.pv[0]).collect();
        assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
        let order: Vec<i32> = a.lines.iter().map(|l| raw(l.score)).collect();
        assert!(order.windows(2).all(|w| w[0] >= w[1]), "{order:?}");
        // every line is legal from the root
        let legal = start.legal_moves();
        assert!(firsts.iter().all(|m| legal.contains(m)));
        // depths 1, 2, 3 while it ran, then the last (done)
        let depths: Vec<u32> = reports.iter().map(|r| r.depth).collect();
        assert_eq!(depths, vec![1, 2, 3, 4]);
        assert!(reports.last().unwrap().done && !reports[0].done);
        assert!(a.nodes > 0);
    }

    #[test]
    fn a_mate_in_three_is_found_and_the_analysis_ends() {
        // gote's bare king on 2a, a bishop and a gold in sente's hand: mate in 3 (five plies;
        // none shorter, as a search of every line shows)
        let pos = read_position(GameId::Shogi, "7k1/9/9/9/9/9/9/9/K8 b BG 1").unwrap();
        let mut e = Engine::new(8);
        let a = e.analyse(&pos, &[], 2, &depth(12), &NoClock, &mut |_| {});
        assert!(a.done);
        let Score::Mate(n) = a.lines[0].score else {
            panic!("{:?}", a.lines[0])
        };
        assert_eq!(n, 3, "mate in {n}: {:?}", a.lines[0].pv);
        assert_eq!(a.lines[0].pv.len(), 5, "{:?}", a.lines[0].pv);
        assert!(
            a.depth < 12,
            "the analysis went on after the mate: {}",
            a.depth
        );
    }

    #[test]
    fn three_players_have_a_score_per_seat() {
        let start = Position::start(GameId::Sangoku);
        let mut e = Engine::new(8);
        let a = e.analyse(&start, &[], 2, &depth(3), &NoClock, &mut |_| {});
        assert_eq!(a.lines.len(), 2);
        for l in &a.lines {
            assert_eq!(l.seats.len(), 3);
            assert!(!l.pv.is_empty());
        }
        assert_ne!(a.lines[0].pv[0], a.lines[1].pv[0]);
    }

    #[test]
    fn scores_are_written_in_plies_from_either_side() {
        assert_eq!(score_text(Score::Cp(35), 1), "cp:35");
        assert_eq!(score_text(Score::Cp(35), -1), "cp:-35");
        assert_eq!(score_text(Score::Mate(3), 1), "mate:5");
        assert_eq!(score_text(Score::Mate(-2), 1), "mate:-4");
        assert_eq!(score_text(Score::Mate(-2), -1), "mate:4");
    }
}
