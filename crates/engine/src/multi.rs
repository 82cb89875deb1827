//! The three-player search (`sangoku`), in the game's real turn order: after each move the
//! rules say who moves next (a check passes the turn to the checked player, and it comes back
//! to the checker), so the search never assumes a fixed rotation.
//!
//! Three methods ([`Method`]):
//! - paranoid: the player to move at the root maximises its score, every other player is taken
//!   to minimise it (as if the two played together); alpha-beta prunes as in two-player games.
//! - max-n: every player maximises its own score (a score per player); no pruning, so it sees
//!   less deep in the same nodes.
//! - likely (the one played, [`METHOD`]): paranoid, except that each opponent is taken to
//!   choose only among the [`LIKELY`] moves it likes best for itself one move ahead (its own
//!   evaluation, a win first), the worst of them for the searcher. Paranoid assumes a coalition
//!   nobody forms (one opponent giving up its own general so that the other wins), so the
//!   deeper it looks the more every line seems lost; max-n models each player rightly but
//!   cannot prune. Keeping each opponent to its own best few moves removes the sacrifices for
//!   the other, keeps alpha-beta's pruning and narrows the opponents' nodes, so the search
//!   sees deeper.
//!
//! Best-reply search is not among them: it lets only one opponent move between two of the root
//! player's moves, a fixed alternation that the turn jumps after a check break (and the rules
//! have no pass to skip the other opponent).
//!
//! Past the first round (three plies) the search deepens by whole rounds (3, 6, 9 plies): one
//! that ends inside a round leaves the last moves unanswered. A repetition within the line is
//! scored as a draw (the rules refuse a fourfold repetition while another move exists).
//!
//! The paranoid and likely searches look past their depth at captures and promotions (a player
//! in check near the horizon must answer it), keep a transposition table for the one search
//! (its scores are the root player's) and two killer moves a ply. When a deeper iteration finds
//! every move lost, the last iteration's move stays: that loss assumes opponents who may not
//! play so. The levels' controlled mistakes ([`Choice`]) are made here as in the two-player
//! search: any root move within the level's margin, and no quiescence at level 1.
//!
//! The methods' matches are in `docs/engine-history.md`.

use koma_rules::{Move, Outcome, Player, Position};

use crate::eval::{Evaluator, evaluator};
use crate::search::{Control, Info, Limits, MATE, MATE_BOUND, Score, SearchResult};
use crate::tt::{Bound, Tt};

/// The paranoid search's table, in megabytes.
const TT_MB: usize = 8;

/// How the other players are taken to play.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Method {
    /// Against the root player, together.
    Paranoid,
    /// Each for itself.
    MaxN,
    /// Against the root player, each opponent among the moves it likes best for itself.
    Likely,
}

/// How many moves an opponent is taken to choose among ([`Method::Likely`]): its best by its
/// own evaluation one move ahead.
pub const LIKELY: usize = 6;

/// The method the engine plays with (chosen by the matches recorded in `docs/matches.csv`).
pub const METHOD: Method = Method::Likely;

/// How a level picks its move ([`crate::level::Settings`]): the three-player search makes the
/// same controlled mistakes as the two-player one.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// Any move within this many centipawns of the best may be played (0: the best).
    pub margin: i32,
    /// Whether the search looks past its depth at captures (off for level 1).
    pub quiescence: bool,
    /// The seed of the choice among the moves within the margin.
    pub seed: u64,
}

impl Choice {
    /// The best move, with quiescence.
    pub const BEST: Choice = Choice {
        margin: 0,
        quiescence: true,
        seed: 0,
    };
}

/// Plies of captures past the depth, at most.
const MAX_QPLY: u32 = 8;

struct Multi<'a> {
    pos: &'a mut Position,
    eval: &'static dyn Evaluator,
    root: Player,
    hashes: Vec<u64>,
    nodes: u64,
    seldepth: u32,
    stopped: bool,
    first_iteration: bool,
    limits: &'a Limits,
    control: &'a dyn Control,
    method: Method,
    quiescence: bool,
    /// What the paranoid search learnt of each position in this search (scores are the root
    /// player's, so the table is not kept from one search to the next).
    tt: Tt,
    /// Two quiet moves a ply that cut the search off, tried early at that ply.
    killers: Vec<[Option<Move>; 2]>,
}

/// The depths searched, one iteration each: 1, 2 and 3 plies, then whole rounds (6, 9, ...),
/// and `max` last when it ends inside a round. A depth that ends inside a round leaves the
/// last moves unanswered by the players after them (at 4 plies the searcher's second move,
/// at 5 one opponent's reply), and such scores misled the deeper searches: see the module's
/// docs.
fn depths(max: u32) -> impl Iterator<Item = u32> {
    (1..=max).filter(move |&d| d <= 3 || d % 3 == 0 || d == max)
}

fn losing(s: Score) -> bool {
    matches!(s, Score::Mate(n) if n < 0)
}

fn score_for(o: Outcome, player: Player, ply: usize) -> i32 {
    match o.winner {
        None => 0,
        Some(w) if w == player => MATE - ply as i32,
        Some(_) => -(MATE - ply as i32),
    }
}

/// Search a three-player position with [`METHOD`].
pub fn search(
    pos: &mut Position,
    limits: &Limits,
    control: &dyn Control,
    info: &mut dyn FnMut(&Info),
    history: &[u64],
) -> SearchResult {
    search_with(METHOD, Choice::BEST, pos, limits, control, info, history)
}

/// Search a three-player position with `method`.
pub fn search_with(
    method: Method,
    choice: Choice,
    pos: &mut Position,
    limits: &Limits,
    control: &dyn Control,
    info: &mut dyn FnMut(&Info),
    history: &[u64],
) -> SearchResult {
    let root = pos.turn();
    let mut legal = pos.legal_moves();
    legal.retain(|m| !limits.skip.contains(m));
    let mut m = Multi {
        eval: evaluator(pos.game()),
        pos,
        root,
        hashes: history.to_vec(),
        nodes: 0,
        seldepth: 0,
        stopped: false,
        first_iteration: true,
        limits,
        control,
        method,
        quiescence: choice.quiescence,
        tt: Tt::new(if method == Method::MaxN { 0 } else { TT_MB }),
        killers: vec![[None; 2]; 128],
    };
    let mut best = SearchResult {
        best: legal.first().copied(),
        score: Score::Cp(0),
        depth: 0,
        nodes: 0,
        pv: legal.first().copied().into_iter().collect(),
    };
    if legal.is_empty() {
        return best;
    }
    let mut order = legal;
    let max_depth = limits.depth.unwrap_or(32).clamp(1, 32);
    let mut rng = choice.seed | 1;
    for depth in depths(max_depth) {
        m.first_iteration = depth == 1;
        let mut scored: Vec<(Move, i32)> = Vec::with_capacity(order.len());
        let mut alpha = -MATE - 1;
        // every move's exact score when one within the margin may be chosen
        let all = choice.margin > 0;
        for &mv in &order {
            if !m.play(mv) {
                continue;
            }
            let v = match method {
                Method::Paranoid | Method::Likely => {
                    m.paranoid(depth as i32 - 1, alpha, MATE + 1, 1)
                }
                Method::MaxN => m.maxn(depth as i32 - 1, 1)[root.index()],
            };
            m.unplay();
            if m.stopped {
                break;
            }
            if !all {
                alpha = alpha.max(v);
            }
            scored.push((mv, v));
        }
        if m.stopped && depth > 1 {
            break;
        }
        scored.sort_by_key(|&(_, v)| std::cmp::Reverse(v));
        let Some(&(_, top)) = scored.first() else {
            break;
        };
        // a level's controlled mistakes: any move within the margin of the best
        let Some((mv, v)) = crate::search::choose(&scored, choice.margin, &mut rng) else {
            break;
        };
        // a loss found against opponents taken to play against the searcher is not yet a loss
        // against players who each play for themselves, and every move scores the same, so the
        // move of the last iteration that saw none stays (without this, deeper searches played
        // worse: `docs/engine.md`, "Measured decisions")
        if top <= -MATE_BOUND && depth > 1 && !losing(best.score) {
            break;
        }
        // the best first next time
        order.sort_by_key(|o| {
            scored
                .iter()
                .position(|(s, _)| s == o)
                .unwrap_or(usize::MAX)
        });
        best = SearchResult {
            best: Some(mv),
            score: Score::from_raw(v),
            depth,
            nodes: m.nodes,
            pv: m.line(mv, depth as usize),
        };
        info(&Info {
            depth,
            seldepth: m.seldepth,
            score: Score::from_raw(v),
            nodes: m.nodes,
            time_ms: m.control.elapsed_ms(),
            pv: best.pv.clone(),
        });
        if m.stopped || top.abs() >= MATE_BOUND && choice.margin == 0 {
            break;
        }
    }
    best.nodes = m.nodes;
    best
}

impl Multi<'_> {
    fn play(&mut self, mv: Move) -> bool {
        if !self.pos.try_play(mv) {
            return false;
        }
        self.hashes.push(self.pos.hash());
        true
    }

    fn unplay(&mut self) {
        self.pos.undo();
        self.hashes.pop();
    }

    /// The line from the root starting with `first`, from the table (the best move stored at
    /// each position reached), at most `max` moves.
    fn line(&mut self, first: Move, max: usize) -> Vec<Move> {
        let mut line = vec![first];
        let mut played = 0;
        if self.play(first) {
            played += 1;
            while line.len() < max {
                let Some(mv) = self.tt.probe(self.pos.hash()).and_then(|e| e.mv) else {
                    break;
                };
                if !self.pos.legal_moves().contains(&mv) || !self.play(mv) {
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

    fn out_of_time(&mut self) -> bool {
        if !self.stopped {
            // the first iteration always finishes (it searches one ply: bounded), unless the
            // caller stops the search
            self.stopped = if self.first_iteration {
                self.nodes & 1023 == 0 && self.control.should_stop()
            } else {
                crate::search::must_stop(self.nodes, self.limits, self.control)
            };
        }
        self.stopped
    }

    fn repeated(&self) -> bool {
        let n = self.hashes.len();
        n > 1 && self.hashes[..n - 1].contains(&self.hashes[n - 1])
    }

    fn ended(&mut self) -> Option<Outcome> {
        let rules = self.pos.rules();
        // (the hexagon's endings do not depend on who moved last)
        rules.position_outcome(self.pos, None)
    }

    /// The hash move first, then captures by the value taken, then the ply's killers.
    fn ordered_with(&self, hash: Option<Move>, ply: usize) -> Vec<Move> {
        let mut list = self.ordered();
        let killers = self.killers.get(ply).copied().unwrap_or_default();
        let first_quiet = list
            .iter()
            .position(|m| !self.is_capture(*m))
            .unwrap_or(list.len());
        let mut front = 0;
        if let Some(h) = hash
            && let Some(i) = list.iter().position(|&m| m == h)
        {
            list[..=i].rotate_right(1);
            front = 1;
        }
        let mut at = first_quiet.max(front);
        for k in killers.into_iter().flatten() {
            if let Some(i) = list[at..].iter().position(|&m| m == k) {
                list[at..=at + i].rotate_right(1);
                at += 1;
            }
        }
        list
    }

    fn is_capture(&self, mv: Move) -> bool {
        mv.to().is_some_and(|to| {
            let p = self.pos.piece(to);
            !p.is_empty() && p.owner() != self.pos.turn()
        })
    }

    /// The [`LIKELY`] legal moves the player to move likes best for itself one move ahead (a
    /// win first), the hash move first among them.
    fn likely(&mut self, hash: Option<Move>) -> Vec<Move> {
        let me = self.pos.turn();
        let mut scored = Vec::with_capacity(64);
        for mv in self.ordered() {
            if !self.pos.try_play(mv) {
                continue;
            }
            self.nodes += 1;
            let own = match self.ended() {
                Some(o) => score_for(o, me, 0),
                None => self.eval.score(self.pos, me),
            };
            self.pos.undo();
            scored.push((mv, own));
        }
        scored.sort_by_key(|&(_, v)| std::cmp::Reverse(v));
        scored.truncate(LIKELY);
        let mut list: Vec<Move> = scored.into_iter().map(|(m, _)| m).collect();
        if let Some(i) = hash.and_then(|h| list.iter().position(|&m| m == h)) {
            list[..=i].rotate_right(1);
        }
        list
    }

    /// Captures first, by the value taken.
    fn ordered(&self) -> Vec<Move> {
        let mut list = Vec::with_capacity(64);
        self.pos.pseudo_legal_moves(&mut list);
        let me = self.pos.turn();
        let key = |mv: &Move| {
            mv.to().map_or(0, |to| {
                let p = self.pos.piece(to);
                if p.is_empty() || p.owner() == me {
                    0
                } else {
                    self.eval.value(p.kind())
                        + 1000 * i32::from(self.pos.variant().kind(p.kind()).royal)
                }
            })
        };
        list.sort_by_key(|m| std::cmp::Reverse(key(m)));
        list
    }

    /// The root player's score, the others taken to play against it.
    fn paranoid(&mut self, depth: i32, mut alpha: i32, mut beta: i32, ply: usize) -> i32 {
        self.seldepth = self.seldepth.max(ply as u32);
        if self.repeated() {
            return 0;
        }
        if let Some(o) = self.ended() {
            return score_for(o, self.root, ply);
        }
        if depth <= 0 {
            if !self.quiescence {
                self.nodes += 1;
                return self.eval.score(self.pos, self.root);
            }
            return self.quiesce(alpha, beta, ply, 0);
        }
        self.nodes += 1;
        if self.out_of_time() {
            return 0;
        }
        let (alpha0, beta0) = (alpha, beta);
        let key = self.pos.hash();
        let mut hash_move = None;
        if let Some(e) = self.tt.probe(key) {
            hash_move = e.mv;
            if i32::from(e.depth) >= depth && e.score.abs() < MATE_BOUND {
                match e.bound {
                    Bound::Exact => return e.score,
                    Bound::Lower if e.score >= beta => return e.score,
                    Bound::Upper if e.score <= alpha => return e.score,
                    _ => {}
                }
            }
        }
        let maximizing = self.pos.turn() == self.root;
        let mut best = if maximizing { -MATE - 1 } else { MATE + 1 };
        let mut best_move = None;
        let mut legal = 0;
        let moves = if !maximizing && self.method == Method::Likely {
            self.likely(hash_move)
        } else {
            self.ordered_with(hash_move, ply)
        };
        for mv in moves {
            if !self.play(mv) {
                continue;
            }
            legal += 1;
            let v = self.paranoid(depth - 1, alpha, beta, ply + 1);
            self.unplay();
            if self.stopped {
                return 0;
            }
            let better = if maximizing { v > best } else { v < best };
            if better {
                best = v;
                best_move = Some(mv);
            }
            if maximizing {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
            if alpha >= beta {
                if !self.is_capture(mv)
                    && let Some(k) = self.killers.get_mut(ply)
                    && k[0] != Some(mv)
                {
                    k[1] = k[0];
                    k[0] = Some(mv);
                }
                break;
            }
        }
        if legal == 0 {
            return self.ended().map_or(0, |o| score_for(o, self.root, ply));
        }
        let bound = if best <= alpha0 {
            Bound::Upper
        } else if best >= beta0 {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.tt.store(key, best_move, best, depth as i16, bound);
        best
    }

    /// Past the depth, captures and promotions until the position is quiet, for the paranoid
    /// search: the player to move may stand on the evaluation instead of capturing (the root
    /// player's stand is a floor, the others' a ceiling), except a player in check near the
    /// horizon, who must answer it (a general left attacked is taken at the next turn, and the
    /// taker wins).
    fn quiesce(&mut self, mut alpha: i32, mut beta: i32, ply: usize, qply: u32) -> i32 {
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply as u32);
        if self.out_of_time() {
            return 0;
        }
        let stand = self.eval.score(self.pos, self.root);
        if qply >= MAX_QPLY {
            return stand;
        }
        let maximizing = self.pos.turn() == self.root;
        let in_check = qply < 2 && self.pos.in_check();
        let mut best = if in_check {
            if maximizing { -MATE - 1 } else { MATE + 1 }
        } else {
            stand
        };
        if !in_check {
            if maximizing {
                if stand >= beta {
                    return stand;
                }
                alpha = alpha.max(stand);
            } else {
                if stand <= alpha {
                    return stand;
                }
                beta = beta.min(stand);
            }
        }
        let mut moves = self.ordered();
        if !in_check {
            let me = self.pos.turn();
            moves.retain(|m| match *m {
                Move::Board { to, promote, .. } => {
                    let p = self.pos.piece(to);
                    promote || (!p.is_empty() && p.owner() != me)
                }
                _ => false,
            });
        }
        let mut legal = 0;
        for mv in moves {
            if !self.play(mv) {
                continue;
            }
            legal += 1;
            let v = if self.repeated() {
                0
            } else if let Some(o) = self.ended() {
                score_for(o, self.root, ply + 1)
            } else {
                self.quiesce(alpha, beta, ply + 1, qply + 1)
            };
            self.unplay();
            if self.stopped {
                return 0;
            }
            if maximizing {
                best = best.max(v);
                alpha = alpha.max(v);
            } else {
                best = best.min(v);
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        if in_check && legal == 0 {
            return self.ended().map_or(stand, |o| score_for(o, self.root, ply));
        }
        best
    }

    /// Each player's score, each taken to maximise its own.
    fn maxn(&mut self, depth: i32, ply: usize) -> [i32; 3] {
        self.seldepth = self.seldepth.max(ply as u32);
        let all = |f: &dyn Fn(Player) -> i32| [f(Player(0)), f(Player(1)), f(Player(2))];
        if self.repeated() {
            return [0; 3];
        }
        if let Some(o) = self.ended() {
            return all(&|p| score_for(o, p, ply));
        }
        self.nodes += 1;
        if self.out_of_time() {
            return [0; 3];
        }
        if depth <= 0 {
            let pos = &*self.pos;
            let eval = self.eval;
            return all(&|p| eval.score(pos, p));
        }
        let me = self.pos.turn().index();
        let mut best: Option<[i32; 3]> = None;
        for mv in self.ordered() {
            if !self.play(mv) {
                continue;
            }
            let v = self.maxn(depth - 1, ply + 1);
            self.unplay();
            if self.stopped {
                return [0; 3];
            }
            if best.is_none_or(|b| v[me] > b[me]) {
                best = Some(v);
            }
        }
        match best {
            Some(b) => b,
            None => match self.ended() {
                Some(o) => all(&|p| score_for(o, p, ply)),
                None => [0; 3],
            },
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failure is a test failure
    use super::*;
    use crate::search::NoClock;
    use koma_rules::{GameId, Setup};

    #[test]
    fn past_the_first_round_the_search_deepens_by_whole_rounds() {
        let d = |max| depths(max).collect::<Vec<_>>();
        assert_eq!(d(1), [1]);
        assert_eq!(d(3), [1, 2, 3]);
        assert_eq!(d(5), [1, 2, 3, 5]);
        assert_eq!(d(9), [1, 2, 3, 6, 9]);
        assert_eq!(d(32), [1, 2, 3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 32]);
    }

    /// B to move, its general one step from the centre, every other piece where it starts.
    fn b_next_to_centre() -> Position {
        let start = Position::start(GameId::Sangoku);
        let g = &start.variant().geometry;
        let mut s = Setup::of(&start);
        let from = start.king(Player(1)).unwrap();
        let general = s.piece(from);
        s.put(from, koma_rules::Piece::EMPTY);
        s.put(g.at(1, -1).unwrap(), general);
        s.turn = Player(1);
        s.into_position().unwrap()
    }

    fn with_multi<T>(pos: &mut Position, root: Player, f: impl FnOnce(&mut Multi) -> T) -> T {
        let limits = Limits::default();
        let mut m = Multi {
            eval: evaluator(pos.game()),
            pos,
            root,
            hashes: Vec::new(),
            nodes: 0,
            seldepth: 0,
            stopped: false,
            first_iteration: true,
            limits: &limits,
            control: &NoClock,
            method: Method::Likely,
            quiescence: true,
            tt: Tt::new(1),
            killers: vec![[None; 2]; 8],
        };
        f(&mut m)
    }

    #[test]
    fn an_opponent_is_taken_to_choose_among_its_own_best_moves() {
        let mut pos = b_next_to_centre();
        let centre = pos
            .variant()
            .geometry
            .cells()
            .find(|&c| pos.variant().geometry.is_hex_centre(c))
            .unwrap();
        let all = pos.legal_moves().len();
        let likely = with_multi(&mut pos, Player(0), |m| m.likely(None));
        assert!(all > LIKELY);
        assert_eq!(likely.len(), LIKELY);
        // stepping onto the centre wins when B's turn comes again: B's best by far
        assert_eq!(likely[0].to(), Some(centre));
        // the hash move goes first when it is among them
        let second = likely[1];
        let again = with_multi(&mut pos, Player(0), |m| m.likely(Some(second)));
        assert_eq!(again[0], second);
        assert_eq!(again.len(), LIKELY);
    }

    #[test]
    fn each_method_sees_a_general_next_to_the_centre_win() {
        // A to move cannot keep B's general, one step from the centre, off it: every method
        // scores A's position as nearly lost (B stands on the centre, and wins when its turn
        // comes again)
        for method in [Method::Paranoid, Method::MaxN, Method::Likely] {
            let mut s = Setup::of(&b_next_to_centre());
            s.turn = Player(0);
            let mut pos = s.into_position().unwrap();
            let r = search_with(
                method,
                Choice::BEST,
                &mut pos,
                &Limits {
                    depth: Some(3),
                    ..Limits::default()
                },
                &NoClock,
                &mut |_| {},
                &[],
            );
            let lost = match r.score {
                Score::Cp(v) => v <= -1000,
                Score::Mate(n) => n < 0,
            };
            assert!(lost, "{method:?}: {:?}", r.score);
        }
    }
}
