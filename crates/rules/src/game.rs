//! A game in progress: the position, the record, and how the game ends.
//!
//! The game in progress is the same for every game: it keeps the record, counts each
//! position's occurrences by hash as moves are played and undone (never rescanning the record),
//! and asks its game's rules ([`crate::games`]) for every decision: how a position ends the
//! game, who loses a fourfold repetition, impasse and the declaration.
//!
//! Decisions recorded here (the rules texts leave them open):
//! - Repetition (千日手) is the same board, hands and side to move (and the other state a
//!   position carries) for the 4th time.
//! - In strict play a foul ends the game at once as a loss for the player who made it; the foul
//!   move itself is recorded in the outcome but not played onto the board.
//! - Each game's own decisions are in its file under [`crate::games`].

use std::collections::HashMap;

use crate::games::GameRules;
use crate::moves::{IllegalMove, Move, Played};
use crate::piece::Player;
use crate::position::{MoveList, Position};
use crate::variant::GameId;

pub use crate::games::shogi::Declaration;
pub use crate::options::{PointRule, RuleOptions};
pub use crate::outcome::{EndReason, Outcome};

/// A game: a position with its record and outcome.
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    pos: Position,
    /// Hash after each ply; `hashes[0]` is the start.
    hashes: Vec<u64>,
    /// The move of ply `i + 1`.
    moves: Vec<Move>,
    /// What the move of ply `i + 1` did (its mover, a check, chu's attack and jitto).
    played: Vec<Played>,
    counts: HashMap<u64, u8>,
    outcome: Option<Outcome>,
    /// The foul that ended a strict game, if one did: the move and the rule it broke.
    foul: Option<(Move, IllegalMove)>,
}

impl Game {
    /// A new game of `game` from its start position.
    pub fn new(game: GameId, options: RuleOptions) -> Game {
        Game::from_position(Position::start(game), options)
    }

    /// A game from a set-up position (its history, if any, is not part of the record).
    pub fn from_position(pos: Position, options: RuleOptions) -> Game {
        let mut pos = pos.with_options(options);
        pos.forget_history();
        let start = pos.clone();
        let mut counts = HashMap::new();
        counts.insert(pos.hash(), 1);
        let mut g = Game {
            hashes: vec![pos.hash()],
            start,
            pos,
            moves: Vec::new(),
            played: Vec::new(),
            counts,
            outcome: None,
            foul: None,
        };
        g.outcome = g.no_move_outcome();
        g
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The rule options.
    pub fn options(&self) -> RuleOptions {
        self.pos.options()
    }

    /// The moves played, oldest first.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// What each move did, oldest first: who made it (the seat that moved each ply, checks
    /// moving out of turn and a handicap's pre-game moves included), whether it gave check.
    pub fn played(&self) -> &[Played] {
        &self.played
    }

    /// How the game ended, if it did.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The foul move that ended a strict game.
    pub fn foul_move(&self) -> Option<Move> {
        self.foul.map(|(mv, _)| mv)
    }

    /// The rule whose foul ended a strict game.
    pub fn foul(&self) -> Option<IllegalMove> {
        self.foul.map(|(_, rule)| rule)
    }

    /// Legal moves of the side to move (none once the game is over). In Three Kingdoms shogi a
    /// move that would make a position for the 4th time is left out while another move is not.
    pub fn legal_moves(&mut self) -> MoveList {
        if self.outcome.is_some() {
            return MoveList::new();
        }
        let all = self.pos.legal_moves();
        if !self.rules().capabilities().refuses_fourfold_repetition {
            return all;
        }
        let fresh: MoveList = all
            .iter()
            .copied()
            .filter(|&m| !self.would_repeat(m))
            .collect();
        if fresh.is_empty() { all } else { fresh }
    }

    /// Whether playing `m` makes the resulting position occur for the 4th time.
    fn would_repeat(&mut self, m: Move) -> bool {
        self.pos.play_unchecked(m);
        let n = self.counts.get(&self.pos.hash()).copied().unwrap_or(0);
        self.pos.undo();
        n >= 3
    }

    /// How many times the current position has occurred.
    pub fn occurrences(&self) -> u8 {
        self.counts.get(&self.pos.hash()).copied().unwrap_or(0)
    }

    /// Play a move.
    ///
    /// In casual play an illegal move is refused. In strict play a foul ends the game as a loss
    /// for the mover and `Ok` returns that outcome.
    ///
    /// # Errors
    /// The foul or mistake; the game is unchanged then.
    pub fn play(&mut self, mv: Move) -> Result<Option<Outcome>, IllegalMove> {
        if self.outcome.is_some() {
            return Err(IllegalMove::GameOver);
        }
        if let Err(e) = self.pos.validate(mv) {
            if self.pos.options().strict && e.is_foul() {
                let loser = self.pos.turn();
                self.outcome = Some(Outcome {
                    winner: self.other(loser),
                    reason: EndReason::Foul,
                });
                self.foul = Some((mv, e));
                return Ok(self.outcome);
            }
            return Err(e);
        }
        let refused_repetition = self.rules().capabilities().refuses_fourfold_repetition;
        let repetition_draw = if refused_repetition && self.would_repeat(mv) {
            let others = self.pos.legal_moves();
            if others.iter().any(|&m| m != mv && !self.would_repeat(m)) {
                return Err(IllegalMove::Repetition);
            }
            true
        } else {
            false
        };
        let rules = self.rules();
        let mover = self.pos.turn();
        let jitto = rules.is_pass_in_place(&self.pos, mv);
        self.pos.play_unchecked(mv);
        let h = self.pos.hash();
        self.hashes.push(h);
        self.played.push(rules.played(mover, mv, jitto, &self.pos));
        self.moves.push(mv);
        let n = self.counts.entry(h).or_insert(0);
        *n += 1;
        let repeated = *n >= 4;
        self.outcome = if repetition_draw {
            Some(Outcome {
                winner: None,
                reason: EndReason::Repetition,
            })
        } else if repeated && !refused_repetition {
            Some(self.repetition_outcome())
        } else {
            self.no_move_outcome()
        };
        Ok(self.outcome)
    }

    /// Take back the last move (待った); the outcome it caused, if any, is cleared.
    pub fn undo(&mut self) -> Option<Move> {
        if self.foul.take().is_some() {
            self.outcome = None;
            return None;
        }
        let mv = self.pos.undo()?;
        if let Some(h) = self.hashes.pop()
            && let Some(n) = self.counts.get_mut(&h)
        {
            *n -= 1;
            if *n == 0 {
                self.counts.remove(&h);
            }
        }
        self.played.pop();
        self.moves.pop();
        self.outcome = None;
        Some(mv)
    }

    /// `player` resigns.
    pub fn resign(&mut self, player: Player) -> Option<Outcome> {
        self.end(Outcome {
            winner: self.other(player),
            reason: EndReason::Resignation,
        })
    }

    /// `player`'s time ran out (the caller's clock reports it).
    pub fn flag(&mut self, player: Player) -> Option<Outcome> {
        self.end(Outcome {
            winner: self.other(player),
            reason: EndReason::Time,
        })
    }

    /// The other players left an online game and `winner` (none: a draw) claimed it (the
    /// server decides; the game here records it).
    pub fn abandon(&mut self, winner: Option<Player>) -> Option<Outcome> {
        if winner.is_some_and(|w| w.0 >= self.pos.variant().players()) {
            return None;
        }
        self.end(Outcome {
            winner,
            reason: EndReason::Abandoned,
        })
    }

    fn end(&mut self, o: Outcome) -> Option<Outcome> {
        if self.outcome.is_none() {
            self.outcome = Some(o);
        }
        self.outcome
    }

    /// This game's rules.
    fn rules(&self) -> &'static dyn GameRules {
        crate::games::rules(self.pos.game())
    }

    /// The winner when `p` resigns or loses on time, as the game's rules say.
    fn other(&self, p: Player) -> Option<Player> {
        self.rules().winner_against(&self.pos, p)
    }

    fn no_move_outcome(&mut self) -> Option<Outcome> {
        let last = self.played.last().map(|p| p.mover);
        self.rules().position_outcome(&mut self.pos, last)
    }

    /// The outcome of a 4-fold repetition of the current position.
    fn repetition_outcome(&self) -> Outcome {
        let h = self.pos.hash();
        let n = self.hashes.len() - 1;
        let first = self.hashes.iter().position(|&x| x == h).unwrap_or(n);
        self.rules()
            .repetition_outcome(&self.pos, &self.played[first..n])
    }

    /// Impasse points of both sides (board and hand, the king excluded).
    pub fn impasse_points(&self) -> [u32; 2] {
        [
            self.pos.points(Player::FIRST, false),
            self.pos.points(Player::SECOND, false),
        ]
    }

    /// Whether both kings stand in their enemy camps (when impasse may be proposed).
    pub fn both_kings_entered(&self) -> bool {
        let v = self.pos.variant();
        [Player::FIRST, Player::SECOND]
            .into_iter()
            .all(|p| self.pos.king(p).is_some_and(|k| v.in_zone(p, k)))
    }

    /// What an agreed impasse gives under the game's point rule (`None`: the game has no
    /// impasse).
    pub fn impasse_outcome(&self) -> Option<Outcome> {
        let rules = self.rules();
        if !rules.capabilities().impasse {
            return None;
        }
        rules.impasse(self.impasse_points(), self.pos.options())
    }

    /// Both players agreed to impasse: the game ends by points. Refused (returns `None`) unless
    /// the game has impasse, both kings have entered and the game goes on.
    pub fn agree_impasse(&mut self) -> Option<Outcome> {
        if self.outcome.is_some() || !self.both_kings_entered() {
            return None;
        }
        let o = self.impasse_outcome()?;
        self.end(o)
    }

    /// Whether the game has impasse by agreement (持将棋).
    pub fn has_impasse(&self) -> bool {
        self.rules().capabilities().impasse
    }

    /// Whether the game has the entering-king declaration (入玉宣言).
    pub fn has_declaration(&self) -> bool {
        self.rules().capabilities().declaration
    }

    /// The entering-king declaration of the side to move, condition by condition.
    pub fn declaration(&self) -> Declaration {
        crate::games::shogi::declaration(&self.pos)
    }

    /// The side to move declares; the game ends with the declaration's result.
    pub fn declare(&mut self) -> Option<Outcome> {
        if self.outcome.is_some() || !self.has_declaration() {
            return None;
        }
        let d = self.declaration();
        self.end(d.outcome)
    }
}
