//! Three Kingdoms shogi (三国志将棋, for three players and for two) as a game in progress.
//!
//! Decisions recorded here (the rules texts leave them open):
//! - A move that makes a position (board, hands, player to move) for the 4th time is illegal
//!   while the player has another move; if every move repeats, the game is drawn.
//! - Resignation or time in the three-player game gives the win to the player who checked
//!   last, if any; otherwise it ends without a winner. With two players, to the opponent.
//!
//! # Turn order (three players)
//! After a move, every other player whose general is attacked by anyone but its owner is in
//! check, the mover its checker. One player in check: it moves next, and the checker is
//! remembered (replacing any earlier one). Two in check: the player after the mover moves next
//! and nobody is remembered. Nobody in check: the turn returns to the remembered checker (then
//! nobody is remembered), or else passes to the player after the mover. Two players: turns
//! alternate.
//!
//! The board and pieces are table data ([`crate::variant::sangoku`]); positions and moves are
//! written in the hex notation ([`crate::hex`]).

pub use crate::variant::sangoku::{
    ARCHER, ARCHER_LEAPS, CAVALRY, GENERAL, HOME, INFANTRY, PROMOTED_INFANTRY, SPEARMAN, home_cells,
};

use super::description::BenchCase;
use super::{AfterPlay, Capabilities, GameRules, Notation};
use crate::geometry::{Cell, Geometry};
use crate::moves::{IllegalMove, Move};
use crate::outcome::Outcome;
use crate::piece::{Kind, Player};
use crate::position::setup::{Setup, SetupError};
use crate::position::{MoveList, Position};
use crate::variant::GameId;

/// Three Kingdoms shogi's rules beyond the moves: the hex notation, checks that jump the turn
/// (so none is shown as the side to move's), and a fourfold repetition refused, not played.
pub const CAPABILITIES: Capabilities = Capabilities {
    notation: Notation::Hex,
    kif: false,
    shows_check: false,
    check_jumps_the_turn: true,
    refuses_fourfold_repetition: true,
    ..Capabilities::DEFAULT
};

/// Three Kingdoms shogi's rules.
pub struct Sangoku;

impl GameRules for Sangoku {
    fn capabilities(&self) -> Capabilities {
        CAPABILITIES
    }

    /// Every move decides the next player (the turn jump) and is checked by its own foul rule.
    fn hooks(&self) -> super::Hooks {
        super::Hooks {
            after_play: true,
            foul_after: true,
            ..super::Hooks::default()
        }
    }

    fn home(&self, g: &Geometry, player: u8) -> Vec<(Cell, Kind)> {
        home_cells(g, player)
    }

    #[inline]
    fn moves(&self, pos: &Position, out: &mut MoveList) {
        if game_over(pos) {
            return;
        }
        pos.piece_moves(out);
        pos.drop_moves(out, |_, _| false);
    }

    /// Leaving the own general attacked is a foul, except by a move that takes a general (the
    /// game ends with it).
    #[inline]
    fn foul_after(&self, after: &mut Position, mover: Player, _: Move) -> Option<IllegalMove> {
        let took = after.last_captured();
        let took_general = !took.is_empty() && after.variant().kind(took.kind()).royal;
        (after.is_attacked(mover) && !took_general).then_some(IllegalMove::KingInCheck)
    }

    fn validate(&self, pos: &mut Position, mv: Move) -> Result<(), IllegalMove> {
        if game_over(pos) {
            return Err(IllegalMove::GameOver);
        }
        pos.check_piece_move(mv)?;
        pos.check_after(mv)
    }

    /// The turn jumps to a player the move checks, and comes back to the checker after
    /// (`next_turn`).
    #[inline]
    fn after_play(&self, pos: &mut Position, mover: Player, _: Move) -> AfterPlay {
        let players = pos.variant().players();
        let mut checked = [Player(0); 3];
        let mut n = 0;
        for p in (0..players).map(Player) {
            if p != mover && pos.is_attacked(p) {
                checked[n] = p;
                n += 1;
            }
        }
        let (next, remembered) = next_turn(players, mover, &checked[..n], pos.remembered_checker());
        pos.set_remembered_checker(remembered);
        AfterPlay {
            next,
            retired: None,
        }
    }

    /// Each player has exactly one general (a game without one is over before it starts).
    fn check_setup(&self, setup: &Setup, faults: &mut Vec<SetupError>) {
        let v = crate::variant::Variant::get(setup.game);
        for p in (0..v.players()).map(Player) {
            let generals = setup
                .board
                .iter()
                .filter(|&&q| !q.is_empty() && q.owner() == p && q.kind() == GENERAL)
                .count();
            if generals != 1 {
                faults.push(SetupError::Royals {
                    side: crate::position::setup::Side::new(setup.game, p),
                    royal: "general",
                    kanji: "将",
                });
            }
        }
    }

    fn position_outcome(&self, pos: &mut Position, _: Option<Player>) -> Option<Outcome> {
        outcome(pos)
    }

    fn winner_against(&self, pos: &Position, loser: Player) -> Option<Player> {
        if pos.variant().players() == 2 {
            Some(loser.opponent())
        } else {
            pos.remembered_checker().filter(|&c| c != loser)
        }
    }
}

/// A general has been captured, or the player to move has its general on the centre.
fn game_over(pos: &Position) -> bool {
    let v = pos.variant();
    (0..v.players()).any(|p| pos.king(Player(p)).is_none())
        || general_on_centre(&v.geometry, pos.king(pos.turn()))
}

/// Whether the player to move's general stands on the centre (three players: it has won).
pub(crate) fn general_on_centre(g: &Geometry, king: Option<crate::geometry::Cell>) -> bool {
    g.players() == 3 && king.is_some_and(|k| g.is_hex_centre(k))
}

/// Who moves after `mover`: the check rules of the three-player game. Returns the next player
/// and the remembered checker.
pub(crate) fn next_turn(
    players: u8,
    mover: Player,
    checked: &[Player],
    remembered: Option<Player>,
) -> (Player, Option<Player>) {
    let after = Player((mover.0 + 1) % players);
    if players == 2 {
        return (after, None);
    }
    match checked {
        [one] => (*one, Some(mover)),
        [] => match remembered {
            Some(r) => (r, None),
            None => (after, None),
        },
        _ => (after, None),
    }
}

/// How a hex game stands: `None` while it goes on.
pub fn outcome(pos: &mut crate::position::Position) -> Option<crate::outcome::Outcome> {
    use crate::outcome::{EndReason, Outcome};
    let v = pos.variant();
    let players = v.players();
    // a general captured: its captor (the last mover) wins
    for p in 0..players {
        if pos.king(Player(p)).is_none() {
            let winner = pos.last_mover();
            return Some(Outcome {
                winner,
                reason: EndReason::RoyalCaptured,
            });
        }
    }
    let me = pos.turn();
    if general_on_centre(&v.geometry, pos.king(me)) {
        return Some(Outcome {
            winner: Some(me),
            reason: EndReason::GeneralOnCentre,
        });
    }
    if pos.has_legal_move() {
        return None;
    }
    if pos.in_check() {
        // the checker: the remembered one, or the last mover
        let winner = pos.last_mover();
        Some(Outcome {
            winner,
            reason: EndReason::Checkmate,
        })
    } else {
        Some(Outcome {
            winner: None,
            reason: EndReason::NoLegalMoves,
        })
    }
}

/// Three-player Three Kingdoms shogi's start, perft 5 (its rules ask for perft 3, whose 1,728
/// leaves are too few to time: the quick run measures it).
pub const BENCH: BenchCase = BenchCase {
    name: "sangoku start",
    game: GameId::Sangoku,
    sfen: "cScA1bAbS/cCcP2bPbC/cKcP3bPbK/cCcP4bPbC/cScP5bPbS/cA6bA/7/aAaPaPaPaPaA/aSaCaKaCaS a - -",
    depth: 5,
    nodes: 369_719,
    quick_depth: 3,
    quick_nodes: 1_728,
};
