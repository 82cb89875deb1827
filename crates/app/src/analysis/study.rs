//! The analysis board's state and reducer: the game tree with its variations, the move shown,
//! the board's table for the position there, and what the engine has found for it.
//!
//! A move made on the board goes into the tree after the move shown: where the tree already has
//! it, the board follows that move; otherwise it makes a branch (the record is never cut). The
//! engine's lines are kept for the move they were found for; a line's move clicked plays the line
//! up to it into the tree the same way.

use std::rc::Rc;

use koma_rules::tree::{NodeId, ROOT, Tree};
use koma_rules::{Game, Move, RuleOptions, notation};
use yew::prelude::*;

use crate::table::{Table, TableAction};

/// The most lines the engine shows.
pub const MAX_LINES: u8 = koma_engine::analysis::MAX_LINES as u8;

/// One of the engine's lines, read back into moves.
#[derive(Clone, Debug, PartialEq)]
pub struct FoundLine {
    /// The score as the worker wrote it (`cp:<n>` / `mate:<plies>` from sente's side; one a
    /// seat, comma-separated, for three players).
    pub score: String,
    /// The moves, each legal after the ones before it (reading stops at the first that is not).
    pub moves: Vec<Move>,
}

/// What the engine has found for one move of the tree, as the worker wrote it.
#[derive(Clone, Debug, PartialEq)]
pub struct Found {
    /// The move (node) it is for.
    pub node: NodeId,
    /// The depth every line completed.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: f64,
    /// Milliseconds searched.
    pub ms: f64,
    /// The lines, best first, in the game's notation.
    pub lines: Vec<koma_engine::protocol::LineText>,
    /// Whether the search has ended.
    pub done: bool,
}

/// What the engine has found for the move shown, its lines read back into moves.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// The move (node) it is for.
    pub node: NodeId,
    /// The depth every line completed.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: f64,
    /// Milliseconds searched.
    pub ms: f64,
    /// The lines, best first.
    pub lines: Vec<FoundLine>,
    /// Whether the search has ended (nothing deeper will come).
    pub done: bool,
}

/// The mate search's answer, as the worker wrote it.
#[derive(Clone, Debug, PartialEq)]
pub struct MateFound {
    /// The ask it answers ([`Study::mate_asks`]).
    pub ask: u32,
    /// `mate`, `nomate` or `unknown`.
    pub result: String,
    /// A mate's moves in the game's notation.
    pub moves: Vec<String>,
    /// Positions searched.
    pub nodes: f64,
    /// Milliseconds.
    pub ms: f64,
}

/// The mate search of a move of the tree: asked, then answered.
#[derive(Clone, Debug, PartialEq)]
pub struct Mate {
    /// The move (node) it is for.
    pub node: NodeId,
    /// `searching`, then `mate`, `nomate` or `unknown`.
    pub result: String,
    /// A mate's moves, read back from the position (each legal after the ones before it).
    pub moves: Vec<Move>,
    /// Positions searched.
    pub nodes: f64,
    /// Milliseconds.
    pub ms: f64,
}

/// The analysis board.
#[derive(Clone)]
pub struct Study {
    /// The game and its variations.
    pub tree: Tree,
    /// The move shown (the root: the start).
    pub node: NodeId,
    /// The board: the game up to the move shown.
    pub table: Table,
    /// The rules' options the game is played with.
    pub options: RuleOptions,
    /// How many lines the engine shows (1 to [`MAX_LINES`]).
    pub lines: u8,
    /// Whether the engine is thinking.
    pub thinking: bool,
    /// What it found for the move shown.
    pub found: Option<Analysis>,
    /// The engine's failure, in words.
    pub engine_error: Option<crate::problem::Problem>,
    /// The last mate search asked.
    pub mate: Option<Mate>,
    /// Counts the mate searches asked (each starts one).
    pub mate_asks: u32,
    /// Counts restarts of the engine (a new worker).
    pub restarts: u32,
    /// Moves in USI (else Japanese where the game has it).
    pub usi: bool,
    /// Ranks as numbers.
    pub numbers: bool,
    /// A record that could not be loaded, and why.
    pub import_error: Option<crate::problem::Problem>,
    /// Changes with the tree (a move added, promoted, deleted; a record loaded).
    pub tree_version: u64,
    /// The saved game shown, if it is one (its review is kept with it).
    pub saved: Option<String>,
    /// The review of the main line, running or done.
    pub review: Option<super::review::Review>,
    /// Changes on every action.
    pub version: u64,
}

impl PartialEq for Study {
    fn eq(&self, other: &Self) -> bool {
        self.version == other.version
    }
}

/// What a person (or the engine) does on the analysis board.
#[derive(Clone, Debug, PartialEq)]
pub enum StudyAction {
    /// A gesture on the board.
    Table(TableAction),
    /// Show the position after this move of the tree.
    Go(NodeId),
    /// One move back.
    Back,
    /// One move on (the main continuation).
    Forward,
    /// The start.
    First,
    /// The end of the line shown.
    Last,
    /// Make the line through the move shown the main line.
    Promote,
    /// Delete the move shown and what follows it.
    Delete,
    /// Show this many lines.
    Lines(u8),
    /// Start or stop the engine.
    Think(bool),
    /// The engine's lines for a move of the tree.
    Found(Found),
    /// The engine failed.
    EngineFailed(crate::problem::Problem),
    /// Restart a failed engine.
    EngineRestart,
    /// Search the position shown for a mate.
    AskMate,
    /// The mate search's answer.
    MateFound(MateFound),
    /// Play the mate's moves up to and including move `upto` (0-based).
    PlayMate(usize),
    /// Play line `line`'s moves up to and including move `upto` (0-based).
    PlayLine {
        /// The line (0-based).
        line: usize,
        /// The last move played (0-based).
        upto: usize,
    },
    /// Load a record (its tree) in place of this one.
    Load(Box<Tree>),
    /// A record could not be loaded: why.
    ImportError(crate::problem::Problem),
    /// Review the main line.
    Review,
    /// A position of the review scored (none: the game is over there), with its best move.
    Reviewed {
        /// The position (plies from the start).
        ply: usize,
        /// Its score from sente's side.
        score: Option<String>,
        /// Its best move, in the game's notation.
        best: Option<String>,
    },
    /// USI or Japanese moves.
    Notation,
    /// Ranks as numbers or kanji.
    Numbers,
}

impl Study {
    /// The board for `tree`, at `node`.
    pub fn new(
        tree: Tree,
        node: NodeId,
        options: RuleOptions,
        lines: u8,
        saved: Option<String>,
    ) -> Study {
        let node = if tree.contains(node) { node } else { ROOT };
        let settings = crate::storage::settings();
        let table = Table::new(game_at(&tree, node, options));
        let review = saved
            .as_deref()
            .and_then(crate::storage::load_review)
            .and_then(|r| stored_review(&tree, &r));
        Study {
            saved,
            review,
            tree,
            node,
            table,
            options,
            lines: lines.clamp(1, MAX_LINES),
            thinking: true,
            found: None,
            engine_error: None,
            mate: None,
            mate_asks: 0,
            restarts: 0,
            usi: settings.usi,
            numbers: settings.numbers,
            import_error: None,
            tree_version: 0,
            version: 0,
        }
    }

    /// The main line's moves.
    pub fn main_moves(&self) -> Vec<Move> {
        self.tree
            .main_line()
            .into_iter()
            .filter_map(|n| self.tree.mv(n))
            .collect()
    }

    /// The game up to the move shown.
    pub fn game(&self) -> &Game {
        &self.table.game
    }

    /// Show `node`: the board set up for it, the engine's lines for another move dropped.
    fn go(&mut self, node: NodeId) {
        if !self.tree.contains(node) {
            return;
        }
        if node != self.node {
            self.found = None;
        }
        self.node = node;
        let mut table = Table::new(game_at(&self.tree, node, self.options));
        table.flipped = self.table.flipped;
        table.seat = self.table.seat;
        self.table = table;
    }

    /// Play `mv` after the move shown: into the tree (the child that has it, or a new branch),
    /// then shown. Whether the rules allowed it (else the table keeps their refusal).
    fn play(&mut self, mv: Move) -> bool {
        let mut trial = self.table.clone();
        if !trial.play(mv) {
            self.table.foul = trial.foul;
            self.table.clear();
            return false;
        }
        let before = self.tree.children(self.node).len();
        let node = self.tree.add(self.node, mv);
        if self.tree.children(self.node).len() != before {
            self.tree_version += 1;
        }
        self.found = None;
        self.node = node;
        let flipped = self.table.flipped;
        let seat = self.table.seat;
        self.table = trial;
        self.table.flipped = flipped;
        self.table.seat = seat;
        true
    }

    /// The moves of the line through the move shown, after it (its main continuation).
    pub fn ahead(&self) -> Vec<NodeId> {
        let line = self.tree.line_through(self.node);
        let at = self.tree.ply(self.node);
        line[at..].to_vec()
    }

    /// The record's text of `moves` from the position shown, as far as they are legal.
    pub fn read_line(&self, texts: &[String]) -> Vec<Move> {
        let v = self.game().position().variant();
        let mut pos = self.game().position().clone();
        let mut out = Vec::new();
        for t in texts {
            let Ok(m) = notation::read_move(v, t) else {
                break;
            };
            if !pos.try_play(m) {
                break;
            }
            out.push(m);
        }
        out
    }
}

/// A stored review read back for `tree`'s main line (none: it was made for other moves).
fn stored_review(tree: &Tree, r: &crate::saved::StoredReview) -> Option<super::review::Review> {
    let v = tree.start().variant();
    let main: Vec<Move> = tree
        .main_line()
        .into_iter()
        .filter_map(|n| tree.mv(n))
        .collect();
    let written: Vec<String> = main.iter().map(|&m| notation::write_move(v, m)).collect();
    if written != r.moves || r.scores.len() != main.len() + 1 || r.best.len() != r.scores.len() {
        return None;
    }
    Some(super::review::Review {
        moves: main,
        scores: r.scores.iter().cloned().map(Some).collect(),
        best: r
            .best
            .iter()
            .map(|b| b.as_deref().and_then(|t| notation::read_move(v, t).ok()))
            .collect(),
        nodes: r.nodes,
    })
}

/// The score of a position where the game is over: a win or a loss for each side, or nought.
fn ended_score(game: &Game) -> String {
    let players = game.position().variant().players();
    // the game's result, or what the rules say of a position given with no move to make
    let winner = game.outcome().map(|o| o.winner).unwrap_or_else(|| {
        let mut pos = game.position().clone();
        let rules = pos.rules();
        rules
            .position_outcome(&mut pos, None)
            .and_then(|o| o.winner)
    });
    if koma_rules::Description::of(game.position().game()).three_players() {
        return (0..players)
            .map(|p| match winner {
                Some(w) if w.0 == p => "mate:1",
                Some(_) => "mate:-1",
                None => "cp:0",
            })
            .collect::<Vec<_>>()
            .join(",");
    }
    match winner {
        Some(w) if w == koma_rules::Player::FIRST => "mate:1".into(),
        Some(_) => "mate:-1".into(),
        None => "cp:0".into(),
    }
}

/// The game from the tree's start through `node`, every move played by the rules.
pub fn game_at(tree: &Tree, node: NodeId, options: RuleOptions) -> Game {
    let mut g = Game::from_position(tree.start().clone(), options);
    for m in tree.moves_to(node) {
        if g.play(m).is_err() {
            break;
        }
    }
    g
}

impl Study {
    /// The engine's lines for a node: kept when they are for the node shown.
    fn found(&mut self, f: Found) {
        if f.node == self.node {
            let lines = f
                .lines
                .into_iter()
                .map(|l| FoundLine {
                    moves: self.read_line(&l.moves),
                    score: l.score,
                })
                .collect();
            self.found = Some(Analysis {
                node: f.node,
                depth: f.depth,
                nodes: f.nodes,
                ms: f.ms,
                lines,
                done: f.done,
            });
        }
    }

    /// Play `moves` after the move shown, as far as the rules allow.
    fn play_all(&mut self, moves: Vec<Move>) {
        for m in moves {
            if !self.play(m) {
                break;
            }
        }
        self.table.refresh(true);
    }

    /// The mate search's answer, for the move it was asked for (a later ask replaces it).
    fn mate_found(&mut self, f: MateFound) {
        if f.ask != self.mate_asks {
            return;
        }
        let Some(node) = self.mate.as_ref().map(|m| m.node) else {
            return;
        };
        let game = game_at(&self.tree, node, self.options);
        let mut pos = game.position().clone();
        let v = pos.variant();
        let mut moves = Vec::new();
        for text in &f.moves {
            match notation::read_move(v, text) {
                Ok(m) if pos.play(m).is_ok() => moves.push(m),
                _ => break,
            }
        }
        self.mate = Some(Mate {
            node,
            result: f.result,
            moves,
            nodes: f.nodes,
            ms: f.ms,
        });
    }

    /// The review's score and best move for ply `ply`; the whole review is kept with a saved
    /// game once the last position is scored.
    fn reviewed(&mut self, ply: usize, score: Option<String>, best: Option<String>) {
        let v = self.tree.start().variant();
        let tree = self.tree.clone();
        let options = self.options;
        if let Some(r) = self.review.as_mut()
            && ply < r.scores.len()
        {
            let score = score.unwrap_or_else(|| {
                let main = tree.main_line();
                let node = if ply == 0 { ROOT } else { main[ply - 1] };
                ended_score(&game_at(&tree, node, options))
            });
            r.scores[ply] = Some(score);
            r.best[ply] = best.and_then(|t| notation::read_move(v, &t).ok());
            if r.next().is_none()
                && let Some(id) = &self.saved
            {
                let stored = crate::saved::StoredReview {
                    schema: crate::saved::SCHEMA,
                    moves: r
                        .moves
                        .iter()
                        .map(|&m| notation::write_move(v, m))
                        .collect(),
                    nodes: r.nodes,
                    scores: r
                        .scores
                        .iter()
                        .map(|x| x.clone().unwrap_or_default())
                        .collect(),
                    best: r
                        .best
                        .iter()
                        .map(|b| b.map(|m| notation::write_move(v, m)))
                        .collect(),
                };
                // (a review that cannot be kept stays on the page)
                let _ = crate::storage::save_review(id, &stored);
            }
        }
    }
}

impl Reducible for Study {
    type Action = StudyAction;
    fn reduce(self: Rc<Self>, action: StudyAction) -> Rc<Self> {
        let mut s = (*self).clone();
        s.version += 1;
        match action {
            StudyAction::Table(a) => {
                let before = s.table.key();
                if let Some(mv) = s.table.gesture(a) {
                    s.play(mv);
                }
                s.table.settle(before, true);
            }
            StudyAction::Go(n) => s.go(n),
            StudyAction::Back => {
                if let Some(p) = s.tree.parent(s.node) {
                    s.go(p)
                }
            }
            StudyAction::Forward => {
                if let Some(&c) = s.tree.children(s.node).first() {
                    s.go(c)
                }
            }
            StudyAction::First => s.go(ROOT),
            StudyAction::Last => {
                if let Some(&n) = s.ahead().last() {
                    s.go(n)
                }
            }
            StudyAction::Promote => {
                s.tree.promote(s.node);
                s.tree_version += 1;
            }
            StudyAction::Delete => {
                if let Some(p) = s.tree.delete(s.node) {
                    s.tree_version += 1;
                    s.go(p);
                }
            }
            StudyAction::Lines(n) => {
                s.lines = n.clamp(1, MAX_LINES);
                s.found = None;
            }
            StudyAction::Think(on) => {
                s.thinking = on;
                if on {
                    s.found = None;
                }
            }
            StudyAction::Found(f) => s.found(f),
            StudyAction::EngineFailed(e) => {
                s.engine_error = Some(e);
                s.thinking = false;
            }
            StudyAction::EngineRestart => {
                s.engine_error = None;
                s.thinking = true;
                s.found = None;
                s.restarts += 1;
            }
            StudyAction::PlayLine { line, upto } => {
                let moves = s
                    .found
                    .as_ref()
                    .and_then(|f| f.lines.get(line))
                    .map(|l| l.moves.iter().take(upto + 1).copied().collect::<Vec<_>>())
                    .unwrap_or_default();
                s.play_all(moves);
            }
            StudyAction::AskMate => {
                s.mate_asks += 1;
                s.mate = Some(Mate {
                    node: s.node,
                    result: "searching".into(),
                    moves: Vec::new(),
                    nodes: 0.0,
                    ms: 0.0,
                });
            }
            StudyAction::MateFound(f) => s.mate_found(f),
            StudyAction::PlayMate(upto) => {
                let moves = s
                    .mate
                    .as_ref()
                    .filter(|m| m.node == s.node)
                    .map(|m| m.moves.iter().take(upto + 1).copied().collect::<Vec<_>>())
                    .unwrap_or_default();
                s.play_all(moves);
            }
            StudyAction::Load(tree) => {
                s.tree = *tree;
                s.tree_version += 1;
                s.import_error = None;
                s.node = usize::MAX;
                s.go(ROOT);
            }
            StudyAction::ImportError(e) => s.import_error = Some(e),
            StudyAction::Review => {
                let main = s.main_moves();
                s.review = Some(super::review::Review::new(main));
            }
            StudyAction::Reviewed { ply, score, best } => s.reviewed(ply, score, best),
            StudyAction::Notation => {
                s.usi = !s.usi;
                crate::storage::update_settings(|x| x.usi = s.usi);
            }
            StudyAction::Numbers => {
                s.numbers = !s.numbers;
                crate::storage::update_settings(|x| x.numbers = s.numbers);
            }
        }
        Rc::new(s)
    }
}
