//! Tendo 6x6 shogi (66将棋) as a game in progress: impasse by 15 points.
//!
//! Decisions recorded here (the rules texts leave them open):
//! - Impasse by agreement: a side under 15 points loses, otherwise a draw (the two sides hold
//!   30 together). There is no entering-king declaration.
//! - Repetition and perpetual check as in standard shogi.
//!
//! - The placement phase: the game begins with every piece in hand (the king too); in turn,
//!   each player places one on an empty cell of its own first rank. Placing the rook sends the
//!   bishop back to the box, and the other way round. The phase ends when both first ranks are
//!   full; a move then is a placement or nothing (no board move, no drop elsewhere). The SFEN
//!   reader decides whether a position is in the phase ([`crate::sfen`]).
//! - After the placement, drops, 二歩 and 打ち歩詰め as in standard shogi ([`super::shogi`]).

use super::description::BenchCase;
use super::{AfterPlay, Capabilities, GameRules};
use crate::geometry::{Cell, Geometry};
use crate::moves::{IllegalMove, Move};
use crate::options::RuleOptions;
use crate::outcome::{EndReason, Outcome};
use crate::piece::{Kind, Player};
use crate::position::setup::{Setup, SetupError};
use crate::position::{MoveList, Position};
use crate::variant::GameId;
use crate::variant::HAND_KINDS;
use crate::variant::kinds::{BISHOP, GOLD, KING, KNIGHT, LANCE, PAWN, ROOK, SILVER};

/// The points under which a side loses an agreed impasse.
pub const IMPASSE_POINTS: u32 = 15;

/// Sente's pieces on the board at the start, six pawns on its second rank: (file, rank from
/// its side, kind); gote's are turned half round.
pub const HOME: [(u8, u8, Kind); 6] = [
    (6, 2, PAWN),
    (5, 2, PAWN),
    (4, 2, PAWN),
    (3, 2, PAWN),
    (2, 2, PAWN),
    (1, 2, PAWN),
];

/// What each side holds at the start, to place on its first rank.
pub const HOME_HAND: [Kind; 7] = [KING, ROOK, BISHOP, GOLD, SILVER, KNIGHT, LANCE];

/// 66 shogi's rules beyond the moves: the placement phase and impasse.
pub const CAPABILITIES: Capabilities = Capabilities {
    placement: true,
    impasse: true,
    ..Capabilities::DEFAULT
};

/// 66 shogi's rules.
pub struct Shogi66;

impl GameRules for Shogi66 {
    fn capabilities(&self) -> Capabilities {
        CAPABILITIES
    }

    fn hooks(&self) -> super::Hooks {
        super::shogi::HOOKS
    }

    fn home(&self, g: &Geometry, player: u8) -> Vec<(Cell, Kind)> {
        super::square_home(g, &HOME, player)
    }

    fn check_setup(&self, setup: &Setup, faults: &mut Vec<SetupError>) {
        super::shogi::check_pawns(setup, faults);
    }

    fn check_position(&self, pos: &mut Position, faults: &mut Vec<SetupError>) {
        super::shogi::check_not_to_move(pos, faults);
    }

    fn home_hand(&self) -> &'static [Kind] {
        &HOME_HAND
    }

    #[inline]
    fn moves(&self, pos: &Position, out: &mut MoveList) {
        if pos.is_placing() {
            placements(pos, out);
        } else {
            super::shogi::moves(pos, out);
        }
    }

    fn tactical_moves(&self, pos: &Position, out: &mut MoveList) {
        if pos.is_placing() {
            placements(pos, out);
        } else {
            pos.piece_moves(out);
        }
    }

    fn checking_drops(&self, pos: &Position, out: &mut MoveList, cells: &[(Cell, u64)]) {
        if !pos.is_placing() {
            super::shogi::drops_onto(pos, out, cells);
        }
    }

    #[inline]
    fn foul_after(&self, after: &mut Position, mover: Player, mv: Move) -> Option<IllegalMove> {
        super::shogi::foul_after(after, mover, mv)
    }

    fn validate(&self, pos: &mut Position, mv: Move) -> Result<(), IllegalMove> {
        if !pos.is_placing() {
            return super::shogi::validate(pos, mv);
        }
        let me = pos.turn();
        match mv {
            Move::Board { .. } | Move::Double { .. } | Move::Pass => Err(IllegalMove::Placing),
            Move::Drop { kind, to } => {
                if to.index() >= pos.variant().geometry.len()
                    || kind.index() >= HAND_KINDS
                    || pos.hand(me, kind) == 0
                {
                    Err(IllegalMove::NotInHand)
                } else if !pos.piece(to).is_empty() {
                    Err(IllegalMove::Occupied)
                } else if !pos.variant().on_first_rank(me, to) {
                    Err(IllegalMove::NotFirstRank)
                } else {
                    pos.check_after(mv)
                }
            }
        }
    }

    // (always: left out of line in the wasm build, it slowed the placement phase's perft;
    // docs/performance.md)
    #[inline(always)]
    fn after_play(&self, pos: &mut Position, mover: Player, mv: Move) -> AfterPlay {
        let mut retired = None;
        if pos.is_placing() {
            if let Move::Drop { kind, .. } = mv {
                let other = match kind {
                    ROOK => Some(BISHOP),
                    BISHOP => Some(ROOK),
                    _ => None,
                };
                if let Some(o) = other
                    && pos.hand(mover, o) > 0
                {
                    pos.set_hand(mover, o, 0);
                    retired = Some(o);
                }
            }
            if pos.first_ranks_full() {
                pos.set_placing(false);
            }
        }
        AfterPlay {
            next: mover.opponent(),
            retired,
        }
    }

    /// In the placement phase when a first rank still has an empty cell, every piece stands
    /// unpromoted on its owner's first two ranks, and the hands hold no pawn and at most one
    /// of each kind. Every position of play fails one of these, since play begins with both
    /// first ranks full and the first move takes a piece off them for good.
    fn starts_placing(&self, setup: &Setup) -> bool {
        let v = crate::variant::Variant::get(setup.game);
        let (_, h) = v.dims();
        let mut first_rank_gap = false;
        for c in v.geometry.cells() {
            let p = setup.piece(c);
            let y = v.geometry.coords(c).1 as u8;
            if p.is_empty() {
                if y == 0 || y == h - 1 {
                    first_rank_gap = true;
                }
                continue;
            }
            let home = if p.owner() == Player::FIRST {
                y >= h - 2
            } else {
                y <= 1
            };
            if !home || v.kind(p.kind()).is_promoted() {
                return false;
            }
        }
        let hands_ok = [Player::FIRST, Player::SECOND].into_iter().all(|o| {
            v.hand_order
                .iter()
                .all(|&k| setup.hand(o, k) <= 1 && (Some(k) != v.pawn || setup.hand(o, k) == 0))
        });
        first_rank_gap && hands_ok
    }

    fn impasse(&self, [s, g]: [u32; 2], _: RuleOptions) -> Option<Outcome> {
        let t = IMPASSE_POINTS;
        Some(Outcome {
            winner: match (s < t, g < t) {
                (true, false) => Some(Player::SECOND),
                (false, true) => Some(Player::FIRST),
                _ => None,
            },
            reason: EndReason::Impasse,
        })
    }
}

/// The placement phase's moves: each piece in hand onto each empty cell of the own first rank.
fn placements(pos: &Position, out: &mut MoveList) {
    let v = pos.variant();
    let me = pos.turn();
    for &kind in &v.hand_order {
        if pos.hand(me, kind) == 0 {
            continue;
        }
        for i in v.first_rank(me) {
            let to = Cell(i as u8);
            if pos.piece(to).is_empty() {
                out.push(Move::Drop { kind, to });
            }
        }
    }
}

/// 66 shogi's start, through its placement phase: perft 4 (quick: 3).
pub const BENCH: BenchCase = BenchCase {
    name: "shogi66 start",
    game: GameId::Shogi66,
    sfen: "6/pppppp/6/6/PPPPPP/6 b KRBGSNLkrbgsnl 1",
    depth: 4,
    nodes: 1_440_000,
    quick_depth: 3,
    quick_nodes: 50_400,
};
