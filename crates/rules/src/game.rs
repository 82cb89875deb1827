//! A game in progress: the position, the record, and how the game ends.
//!
//! Decisions recorded here (the rules texts leave them open):
//! - Repetition (千日手) is the same board, hands and side to move for the 4th time. It is found
//!   by a hash count kept as moves are played and undone, never by rescanning the record.
//! - Continuous check (連続王手の千日手) is judged over the moves from the first occurrence of
//!   the repeated position to its 4th: a side all of whose moves there gave check loses.
//! - Minishogi: a repetition loses for sente; with continuous check the checker loses instead.
//!   Under the founder's rule option, a side that gave any check in that span loses; if both
//!   sides gave checks, the plain rule (sente loses) applies.
//! - A side with no legal move loses (checkmate when in check; shogi has no stalemate draw).
//! - In strict play a foul ends the game at once as a loss for the player who made it; the foul
//!   move itself is recorded in the outcome but not played onto the board.
//! - 66 shogi: impasse by agreement, a side under 15 points loses, otherwise a draw (the two
//!   sides hold 30 together). Minishogi has no impasse.
//! - Chu shogi: see [`crate::chushogi`] for mate, bare king and its repetition rules.
//! - Three Kingdoms shogi: a move that makes a position (board, hands, player to move) for the
//!   4th time is illegal while the player has another move; if every move repeats, the game is
//!   drawn. Resignation or time in the three-player game gives the win to the player who
//!   checked last, if any; otherwise it ends without a winner.
//! - Impasse (持将棋) by agreement, 24-point rule: a side under 24 loses, otherwise a draw.
//!   27-point rule: sente wins with 28 or more, gote with 27 or more, otherwise a draw.
//! - Entering-king declaration (入玉宣言), on the declarer's turn: king in the enemy camp, 10
//!   other pieces there, not in check, and enough points (camp and hand): 24-point rule, 31 or
//!   more wins and 24-30 draws; 27-point rule, sente 28 or gote 27 wins. A declaration failing
//!   any condition loses.

use std::collections::HashMap;

use crate::moves::{IllegalMove, Move, Played};
use crate::piece::Player;
use crate::position::{MoveList, Position};
use crate::variant::GameId;

pub use crate::options::{PointRule, RuleOptions};
pub use crate::outcome::{Outcome, Reason};

/// What the entering-king declaration would give now, condition by condition.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Declaration {
    /// The declaring player.
    pub player: Player,
    /// 1: the king is in the enemy camp.
    pub king_in_camp: bool,
    /// 2: pieces other than the king in the enemy camp (10 needed).
    pub pieces_in_camp: u32,
    /// 3: the king is not in check.
    pub not_in_check: bool,
    /// 4: points of the pieces in the enemy camp and in hand.
    pub points: u32,
    /// The result the declaration would have.
    pub outcome: Outcome,
}

/// A game: a position with its record and outcome.
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    pos: Position,
    /// Hash after each ply; `hashes[0]` is the start.
    hashes: Vec<u64>,
    /// What the move of ply `i + 1` did (its mover, a check, chu's attack and jitto).
    played: Vec<Played>,
    counts: HashMap<u64, u8>,
    outcome: Option<Outcome>,
    /// The foul that ended a strict game, if one did.
    foul_move: Option<Move>,
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
            played: Vec::new(),
            counts,
            outcome: None,
            foul_move: None,
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
    pub fn moves(&self) -> Vec<Move> {
        self.pos.moves_played().collect()
    }

    /// How the game ended, if it did.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The foul move that ended a strict game.
    pub fn foul_move(&self) -> Option<Move> {
        self.foul_move
    }

    /// Legal moves of the side to move (none once the game is over). In Three Kingdoms shogi a
    /// move that would make a position for the 4th time is left out while another move is not.
    pub fn legal_moves(&mut self) -> MoveList {
        if self.outcome.is_some() {
            return MoveList::new();
        }
        let all = self.pos.legal_moves();
        if !self.pos.variant().three_kingdoms {
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
                    reason: Reason::Foul(e),
                });
                self.foul_move = Some(mv);
                return Ok(self.outcome);
            }
            return Err(e);
        }
        let hex_repetition_draw = if self.pos.variant().three_kingdoms && self.would_repeat(mv) {
            let others = self.pos.legal_moves();
            if others.iter().any(|&m| m != mv && !self.would_repeat(m)) {
                return Err(IllegalMove::Repetition);
            }
            true
        } else {
            false
        };
        let mover = self.pos.turn();
        let chu = self.pos.variant().chu;
        let jitto = chu && crate::chushogi::is_jitto(&self.pos, mv);
        self.pos.play_unchecked(mv);
        let h = self.pos.hash();
        self.hashes.push(h);
        self.played.push(Played {
            mover,
            check: if chu {
                crate::chushogi::royal_attacked(&self.pos, mover.opponent())
            } else {
                self.pos.in_check()
            },
            attack: chu
                && mv
                    .to()
                    .is_some_and(|to| crate::chushogi::attacks_an_enemy(&self.pos, to)),
            jitto,
        });
        let n = self.counts.entry(h).or_insert(0);
        *n += 1;
        let repeated = *n >= 4;
        self.outcome = if hex_repetition_draw {
            Some(Outcome {
                winner: None,
                reason: Reason::Repetition,
            })
        } else if self.pos.variant().three_kingdoms {
            self.no_move_outcome()
        } else if repeated {
            Some(self.repetition_outcome())
        } else {
            self.no_move_outcome()
        };
        Ok(self.outcome)
    }

    /// Take back the last move (待った); the outcome it caused, if any, is cleared.
    pub fn undo(&mut self) -> Option<Move> {
        if self.foul_move.take().is_some() {
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
        self.outcome = None;
        Some(mv)
    }

    /// `player` resigns.
    pub fn resign(&mut self, player: Player) -> Option<Outcome> {
        self.end(Outcome {
            winner: self.other(player),
            reason: Reason::Resignation,
        })
    }

    /// `player`'s time ran out (the caller's clock reports it).
    pub fn flag(&mut self, player: Player) -> Option<Outcome> {
        self.end(Outcome {
            winner: self.other(player),
            reason: Reason::Time,
        })
    }

    fn end(&mut self, o: Outcome) -> Option<Outcome> {
        if self.outcome.is_none() {
            self.outcome = Some(o);
        }
        self.outcome
    }

    /// The winner when `p` resigns or loses on time: the opponent of a two-player game; in the
    /// three-player game the player who checked last, if any, else nobody.
    fn other(&self, p: Player) -> Option<Player> {
        if self.pos.variant().players() == 2 {
            Some(p.opponent())
        } else {
            self.pos.remembered_checker().filter(|&c| c != p)
        }
    }

    fn no_move_outcome(&mut self) -> Option<Outcome> {
        if self.pos.variant().three_kingdoms {
            return crate::sangoku::outcome(&mut self.pos);
        }
        if self.pos.variant().chu {
            let last = self.played.last().map(|p| p.mover);
            return crate::chushogi::outcome(&mut self.pos, last);
        }
        if self.pos.has_legal_move() {
            return None;
        }
        let loser = self.pos.turn();
        Some(Outcome {
            winner: self.other(loser),
            reason: if self.pos.in_check() {
                Reason::Checkmate
            } else {
                Reason::NoLegalMoves
            },
        })
    }

    /// The outcome of a 4-fold repetition of the current position.
    fn repetition_outcome(&self) -> Outcome {
        let h = self.pos.hash();
        let n = self.hashes.len() - 1;
        let first = self.hashes.iter().position(|&x| x == h).unwrap_or(n);
        if self.pos.variant().chu {
            let span = &self.played[first..n];
            let loser =
                crate::chushogi::repetition_loser(self.pos.chu_preset(), span, self.pos.turn());
            return Outcome {
                winner: loser.map(Player::opponent),
                reason: Reason::Repetition,
            };
        }
        let mut all_checks = [true, true];
        let mut any_check = [false, false];
        let mut moved = [false, false];
        for j in first + 1..=n {
            let p = self.played[j - 1].mover.index();
            moved[p] = true;
            let c = self.played[j - 1].check;
            all_checks[p] &= c;
            any_check[p] |= c;
        }
        for p in 0..2 {
            if moved[p] && all_checks[p] {
                return Outcome {
                    winner: Some(Player(p as u8).opponent()),
                    reason: Reason::PerpetualCheck,
                };
            }
        }
        if self.pos.game() == GameId::Minishogi {
            if self.pos.options().founders_rule && any_check[0] != any_check[1] {
                let checker = if any_check[0] { 0 } else { 1 };
                return Outcome {
                    winner: Some(Player(checker).opponent()),
                    reason: Reason::PerpetualCheck,
                };
            }
            return Outcome {
                winner: Some(Player::SECOND),
                reason: Reason::Repetition,
            };
        }
        Outcome {
            winner: None,
            reason: Reason::Repetition,
        }
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

    /// What an agreed impasse gives under the game's point rule.
    pub fn impasse_outcome(&self) -> Outcome {
        let [s, g] = self.impasse_points();
        let v = self.pos.variant();
        if v.id == GameId::Shogi66 {
            let t = v.impasse_points;
            return Outcome {
                winner: match (s < t, g < t) {
                    (true, false) => Some(Player::SECOND),
                    (false, true) => Some(Player::FIRST),
                    _ => None,
                },
                reason: Reason::Impasse,
            };
        }
        let winner = match self.pos.options().points {
            PointRule::TwentyFour => match (s < 24, g < 24) {
                (true, false) => Some(Player::SECOND),
                (false, true) => Some(Player::FIRST),
                _ => None,
            },
            PointRule::TwentySeven => {
                if s >= 28 {
                    Some(Player::FIRST)
                } else if g >= 27 {
                    Some(Player::SECOND)
                } else {
                    None
                }
            }
        };
        Outcome {
            winner,
            reason: Reason::Impasse,
        }
    }

    /// Both players agreed to impasse: the game ends by points. Refused (returns `None`) unless
    /// both kings have entered and the game goes on.
    pub fn agree_impasse(&mut self) -> Option<Outcome> {
        if self.outcome.is_some()
            || !self.both_kings_entered()
            || self.pos.variant().impasse_points == 0
        {
            return None;
        }
        let o = self.impasse_outcome();
        self.end(o)
    }

    /// The entering-king declaration of the side to move, condition by condition.
    pub fn declaration(&self) -> Declaration {
        let p = self.pos.turn();
        let v = self.pos.variant();
        let king_in_camp = self.pos.king(p).is_some_and(|k| v.in_zone(p, k));
        let pieces_in_camp = self.pos.pieces_in_camp(p);
        let not_in_check = !self.pos.in_check();
        let points = self.pos.points(p, true);
        let basic = king_in_camp && pieces_in_camp >= 10 && not_in_check;
        let lose = Outcome {
            winner: Some(p.opponent()),
            reason: Reason::Declaration,
        };
        let win = Outcome {
            winner: Some(p),
            reason: Reason::Declaration,
        };
        let outcome = if !basic {
            lose
        } else {
            match self.pos.options().points {
                PointRule::TwentyFour => match points {
                    31.. => win,
                    24..=30 => Outcome {
                        winner: None,
                        reason: Reason::Declaration,
                    },
                    _ => lose,
                },
                PointRule::TwentySeven => {
                    let need = if p == Player::FIRST { 28 } else { 27 };
                    if points >= need { win } else { lose }
                }
            }
        };
        Declaration {
            player: p,
            king_in_camp,
            pieces_in_camp,
            not_in_check,
            points,
            outcome,
        }
    }

    /// The side to move declares; the game ends with the declaration's result.
    pub fn declare(&mut self) -> Option<Outcome> {
        if self.outcome.is_some() || self.pos.game() != GameId::Shogi {
            return None;
        }
        let d = self.declaration();
        self.end(d.outcome)
    }
}
