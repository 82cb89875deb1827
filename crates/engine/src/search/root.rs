//! The root: iterative deepening, aspiration windows, and the choice of the move.
//!
//! - From depth 4 the root is searched within a window spanning the last two iterations'
//!   scores (60 beyond each): the side to move's bonus in the evaluation makes the score swing
//!   between odd and even depths, so a window around the last score alone would miss at every
//!   iteration. A window that misses is widened on the side that missed, by a step that starts
//!   at 60 and grows by half, the move that failed high searched first; after the fourth miss,
//!   or past a mate's score, the root is searched in full.
//! - The previous iteration's best move is searched first. Where the clock or a stop cuts an
//!   iteration short after a root move's search finished within the window and beat every move
//!   searched before it, that move is played, not the last finished iteration's choice.
//! - The levels' controlled mistakes: with a margin the root's moves are searched with an open
//!   window, and any move within the margin of the best may be chosen ([`choose`]).

use koma_rules::Move;

use super::alphabeta::Searcher;
use super::score::{INF, MATE_BOUND, Score, choose, outcome_score};
use super::{DEEP_FUTILITY_WON, Info, SearchResult};
use crate::tt::Bound;

impl Searcher<'_> {
    /// Iterative deepening from the root, each iteration reported to `info`; the move chosen
    /// among those within `margin` of the best, by `seed`.
    pub(super) fn root(
        &mut self,
        margin: i32,
        seed: u64,
        info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        let mut legal = self.pos.legal_moves();
        // one move a position: the legal moves among the rules' distinct ones
        let mut distinct = Vec::with_capacity(legal.len());
        self.pos.distinct_moves(&mut distinct);
        legal.retain(|m| !self.limits.skip.contains(m) && distinct.contains(m));
        let to_move = self.pos.turn();
        let done = |score: i32| SearchResult {
            best: None,
            score: Score::from_raw(score),
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
        };
        if let Some(o) = self.ended() {
            return done(outcome_score(o, to_move, 0));
        }
        if legal.is_empty() {
            let last = self.last_mover();
            let rules = self.pos.rules();
            let score = rules
                .position_outcome(&mut self.pos, last)
                .map_or(0, |o| outcome_score(o, to_move, 0));
            return done(score);
        }
        self.decided = self.evals.score(self.eval, &self.pos).abs() >= DEEP_FUTILITY_WON;
        let max_depth = self.limits.depth.unwrap_or(64).clamp(1, 64);
        let mut best = SearchResult {
            best: Some(legal[0]),
            score: Score::Cp(0),
            depth: 0,
            nodes: 0,
            pv: vec![legal[0]],
        };
        let mut rng = seed;
        let mut prev: i32 = 0;
        let mut prev2: i32 = 0;
        for depth in 1..=max_depth {
            self.seldepth = 0;
            // the previous best first
            if let Some(b) = best.best
                && let Some(i) = legal.iter().position(|&m| m == b)
            {
                legal[..=i].rotate_right(1);
            }
            self.first_iteration = depth == 1;
            self.iteration = depth as usize;
            let aspire = margin == 0 && depth >= 4;
            // the window spans the last two iterations' scores (see the module's docs)
            let (lo, hi) = (prev.min(prev2) - 60, prev.max(prev2) + 60);
            let inside = prev.abs() < MATE_BOUND && prev2.abs() < MATE_BOUND;
            let (mut scores, mut complete) = if aspire && inside {
                self.root_moves(&legal, depth as i32, false, lo, hi)
            } else {
                self.root_moves(&legal, depth as i32, margin > 0, -INF, INF)
            };
            // scores above this are exact: the searches that gave them finished in the window
            let mut floor = if aspire && inside { lo } else { -INF };
            if aspire && inside {
                // a missed window: widened on the side that missed, or given up for a search in
                // full
                let (mut lo, mut hi) = (lo, hi);
                let mut delta = 60;
                let mut misses = 0;
                while complete && (lo, hi) != (-INF, INF) {
                    let top = scores.iter().map(|&(_, s)| s).max().unwrap_or(-INF);
                    if top > lo && top < hi {
                        break;
                    }
                    misses += 1;
                    self.misses += 1;
                    if misses >= 4
                        || (top - delta).abs() >= MATE_BOUND
                        || (top + delta).abs() >= MATE_BOUND
                    {
                        (lo, hi) = (-INF, INF);
                        self.full_windows += 1;
                    } else if top <= lo {
                        hi = (lo + hi) / 2;
                        lo = top - delta;
                    } else {
                        hi = top + delta;
                        // the move that failed high first
                        if let Some(&(m, _)) = scores.iter().max_by_key(|&&(_, s)| s)
                            && let Some(i) = legal.iter().position(|&x| x == m)
                        {
                            legal[..=i].rotate_right(1);
                        }
                    }
                    delta += delta / 2;
                    (scores, complete) = self.root_moves(&legal, depth as i32, false, lo, hi);
                    floor = lo;
                }
            }
            if !complete && depth > 1 {
                if margin == 0
                    && let Some(&(mv, score)) = scores.iter().max_by_key(|&&(_, s)| s)
                    && score > floor
                {
                    best.best = Some(mv);
                    best.score = Score::from_raw(score);
                    best.pv = self.pv(mv, depth as usize);
                    // the move played is the one the last line reported
                    info(&Info {
                        depth: best.depth,
                        seldepth: self.seldepth,
                        score: best.score,
                        nodes: self.nodes,
                        time_ms: self.control.elapsed_ms(),
                        pv: best.pv.clone(),
                    });
                }
                break;
            }
            let Some(top) = scores.iter().map(|&(_, s)| s).max() else {
                break;
            };
            let Some((chosen, score)) = choose(&scores, margin, &mut rng) else {
                break;
            };
            prev2 = prev;
            prev = score;
            let pv = self.pv(chosen, depth as usize);
            best = SearchResult {
                best: Some(chosen),
                score: Score::from_raw(score),
                depth,
                nodes: self.nodes,
                pv: pv.clone(),
            };
            info(&Info {
                depth,
                seldepth: self.seldepth,
                score: Score::from_raw(score),
                nodes: self.nodes,
                time_ms: self.control.elapsed_ms(),
                pv,
            });
            if !complete || self.stopped || top.abs() >= MATE_BOUND && margin == 0 {
                break;
            }
        }
        best.nodes = self.nodes;
        best
    }

    /// Each root move's score at `depth` (exact for every move when `all`, else exact for the
    /// best and bounds for the rest), and whether the iteration finished.
    pub(super) fn root_moves(
        &mut self,
        legal: &[Move],
        depth: i32,
        all: bool,
        lo: i32,
        hi: i32,
    ) -> (Vec<(Move, i32)>, bool) {
        let mut alpha = lo;
        let beta = hi;
        let mut out = Vec::with_capacity(legal.len());
        for (i, &mv) in legal.iter().enumerate() {
            if !self.play(mv) {
                continue;
            }
            let check = self.in_check();
            let d = depth - 1 + i32::from(check);
            self.cut[1] = false;
            let score = if all {
                -self.negamax(d, -INF, INF, 1)
            } else if i == 0 {
                -self.negamax(d, -beta, -alpha, 1)
            } else {
                self.cut[1] = true;
                let s = -self.negamax(d, -alpha - 1, -alpha, 1);
                self.cut[1] = false;
                if s > alpha && !self.stopped {
                    -self.negamax(d, -beta, -alpha, 1)
                } else {
                    s
                }
            };
            self.unplay();
            if self.stopped {
                return (out, false);
            }
            if all || score > alpha {
                alpha = alpha.max(score);
                out.push((mv, score));
                if !all && score >= beta {
                    // above the window: the caller searches again with a wider one
                    return (out, true);
                }
            } else {
                // a null-window search that failed low only bounds the score (at most alpha):
                // recorded below the best, so that the move that raised alpha is the one chosen
                out.push((mv, score.min(alpha - 1)));
            }
        }
        if let Some(&(mv, s)) = out.iter().max_by_key(|(_, s)| *s)
            && s > lo
        {
            let key = self.pos.hash();
            self.tt.store(key, Some(mv), s, depth as i16, Bound::Exact);
        }
        (out, true)
    }

    /// The line from the root starting with `first`, from the table.
    pub(super) fn pv(&mut self, first: Move, max: usize) -> Vec<Move> {
        let mut line = vec![first];
        let mut played = 0;
        if self.play(first) {
            played += 1;
            while line.len() < max {
                let Some(mv) = self.tt.probe(self.pos.hash()).and_then(|e| e.mv) else {
                    break;
                };
                let mut list = Vec::new();
                self.pos.pseudo_legal_moves(&mut list);
                if !list.contains(&mv) || !self.play(mv) {
                    break;
                }
                played += 1;
                line.push(mv);
            }
        }
        for _ in 0..played {
            self.unplay();
        }
        line
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)] // test code: a failure is a test failure
    use crate::Engine;
    use crate::eval::SearchProfile;
    use crate::search::{Limits, NoClock};
    use koma_rules::GameId;
    use koma_rules::notation::read_move;

    #[test]
    fn an_unfinished_iterations_better_move_is_played() {
        // four plies into a game of minishogi, searches cut short by their node limits: some
        // play a move found in the iteration that was cut, not the last finished iteration's
        // choice, and it is the move that iteration chooses when it finishes
        let mut pos = koma_rules::Position::start(GameId::Minishogi);
        for m in ["3e4d", "4a3b", "4e3d", "3a2b"] {
            assert!(pos.try_play(read_move(pos.variant(), m).unwrap()), "{m}");
        }
        // (without minishogi's null moves, whose reduced searches let a finished iteration
        // choose otherwise than its first part showed, in some of these searches)
        let profile = SearchProfile {
            null_move: false,
            ..crate::eval::minishogi::PROFILE
        };
        let search = |limits: Limits| {
            let mut e = Engine::new(4);
            e.set_profile(Some(profile));
            let mut last = None;
            let r = e.search(&pos, &[], &limits, &NoClock, &mut |i| {
                last = i.pv.first().copied();
            });
            // the last line reported leads with the move played
            assert_eq!(last, r.best, "{limits:?}");
            r
        };
        let to_depth = |depth: u32| {
            search(Limits {
                depth: Some(depth),
                ..Limits::default()
            })
        };
        let mut changed = 0;
        for n in (1_000..12_000).step_by(250) {
            let cut = search(Limits {
                nodes: Some(n),
                ..Limits::default()
            });
            assert!(cut.best.is_some());
            // the last finished iteration's choice
            if cut.best != to_depth(cut.depth).best {
                changed += 1;
                assert_eq!(cut.best, to_depth(cut.depth + 1).best, "{n} nodes");
            }
        }
        assert!(changed > 0, "no cut iteration changed a choice");
    }

    #[test]
    fn a_missed_window_is_widened_before_the_root_is_searched_in_full() {
        // a minishogi game where the score jumps from one iteration to the next: the window
        // misses, and is widened on the side that missed before the root is searched in full
        let line = "3e4d 4a3b 4d4c 3a2b 4c4b 5a4a 4b4a+ 3b4a R*5a 4a3b 2e3d S*2c 1e2e 2c3d";
        let start = koma_rules::Position::start(GameId::Minishogi);
        let mut pos = start.clone();
        let mut moves = Vec::new();
        for w in line.split_whitespace() {
            let m = read_move(pos.variant(), w).unwrap();
            assert!(pos.try_play(m), "{w}");
            moves.push(m);
        }
        let (mut full, mut misses) = (0, 0);
        for n in [8, 10, 12, 14] {
            let mut e = Engine::new(16);
            let limits = Limits {
                depth: Some(10),
                ..Limits::default()
            };
            let r = e.search(&start, &moves[..n], &limits, &NoClock, &mut |_| {});
            assert_eq!(r.depth, 10);
            full += e.windows[0];
            misses += e.windows[1];
        }
        assert!(misses > 0, "the window never missed");
        assert!(full < misses, "in full {full} times for {misses} misses");
    }
}
