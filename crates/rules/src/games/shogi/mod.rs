//! Standard shogi (本将棋) as a game in progress: repetition and perpetual check, impasse by
//! points (the 24- and 27-point rules) and the entering-king declaration.
//!
//! Decisions recorded here (the rules texts leave them open):
//! - Repetition (千日手) is the same board, hands and side to move for the 4th time; it is
//!   found by a hash count kept as moves are played and undone (in [`crate::game`]).
//! - Continuous check (連続王手の千日手) is judged over the moves from the first occurrence of
//!   the repeated position to its 4th: a side all of whose moves there gave check loses.
//! - Impasse (持将棋) by agreement, 24-point rule: a side under 24 loses, otherwise a draw.
//!   27-point rule: sente wins with 28 or more, gote with 27 or more, otherwise a draw.
//! - Entering-king declaration (入玉宣言), on the declarer's turn: king in the enemy camp, 10
//!   other pieces there, not in check, and enough points (camp and hand): 24-point rule, 31 or
//!   more wins and 24-30 draws; 27-point rule, sente 28 or gote 27 wins. A declaration failing
//!   any condition loses.
//!
//! The drop rules are here too, shared by minishogi and 66 shogi: a pawn may not be dropped on
//! a file holding an own unpromoted pawn (二歩), and a pawn drop that mates is a foul (打ち歩
//! 詰め: a drop giving check that leaves the opponent no legal move). Where a piece may not be
//! dropped or left for lack of a further move (行き所のない駒) is table data
//! ([`crate::variant::Variant::is_dead_cell`]), applied by [`Position::drop_moves`] and
//! [`Position::piece_moves`].

pub mod handicaps;

use super::description::BenchCase;
use super::{Capabilities, GameRules};
use crate::geometry::{Cell, Geometry, Shape};
use crate::moves::{IllegalMove, Move};
use crate::options::{PointRule, RuleOptions};
use crate::outcome::{EndReason, Outcome};
use crate::piece::{Kind, Piece, Player};
use crate::position::rules::NamedStart;
use crate::position::setup::{Setup, SetupError};
use crate::position::{MoveList, Position};
use crate::variant::GameId;
use crate::variant::Variant;
use crate::variant::kinds::{BISHOP, GOLD, KING, KNIGHT, LANCE, PAWN, ROOK, SILVER};

/// Sente's pieces at the start: (file, rank from its side, kind); gote's are turned half round.
pub const HOME: [(u8, u8, Kind); 20] = [
    (9, 1, LANCE),
    (8, 1, KNIGHT),
    (7, 1, SILVER),
    (6, 1, GOLD),
    (5, 1, KING),
    (4, 1, GOLD),
    (3, 1, SILVER),
    (2, 1, KNIGHT),
    (1, 1, LANCE),
    (8, 2, BISHOP),
    (2, 2, ROOK),
    (9, 3, PAWN),
    (8, 3, PAWN),
    (7, 3, PAWN),
    (6, 3, PAWN),
    (5, 3, PAWN),
    (4, 3, PAWN),
    (3, 3, PAWN),
    (2, 3, PAWN),
    (1, 3, PAWN),
];

/// Standard shogi's rules beyond the moves: impasse and the entering-king declaration.
pub const CAPABILITIES: Capabilities = Capabilities {
    impasse: true,
    declaration: true,
    ..Capabilities::DEFAULT
};

/// The shogi family's hooks (standard shogi, minishogi, 66 shogi): a drop is checked for
/// 打ち歩詰め after it is played; a king left attacked is the only other foul, so most moves are
/// legal without a trial play.
pub(crate) const HOOKS: super::Hooks = super::Hooks {
    before_play: false,
    after_play: false,
    foul_after: false,
    foul_after_drops: true,
    moves_are_legal: false,
    pins: true,
};

/// Standard shogi's rules.
pub struct Shogi;

impl GameRules for Shogi {
    fn capabilities(&self) -> Capabilities {
        CAPABILITIES
    }

    fn hooks(&self) -> super::Hooks {
        HOOKS
    }

    fn home(&self, g: &Geometry, player: u8) -> Vec<(Cell, Kind)> {
        super::square_home(g, &HOME, player)
    }

    fn check_setup(&self, setup: &Setup, faults: &mut Vec<SetupError>) {
        check_pawns(setup, faults);
    }

    fn check_position(&self, pos: &mut Position, faults: &mut Vec<SetupError>) {
        check_not_to_move(pos, faults);
    }

    /// The standard handicaps ([`handicaps`]).
    fn setups(&self) -> Vec<NamedStart> {
        handicaps::SHOGI_HANDICAPS
            .iter()
            .map(|h| NamedStart {
                id: h.id,
                name: h.kif,
                english: h.english,
                practice: false,
            })
            .collect()
    }

    fn setup_position(&self, _: GameId, id: &str) -> Option<Position> {
        handicaps::find(id).map(|h| h.position())
    }

    #[inline]
    fn moves(&self, pos: &Position, out: &mut MoveList) {
        moves(pos, out);
    }

    fn tactical_moves(&self, pos: &Position, out: &mut MoveList) {
        pos.piece_moves(out);
    }

    fn checking_drops(&self, pos: &Position, out: &mut MoveList, cells: &[(Cell, u64)]) {
        drops_onto(pos, out, cells);
    }

    #[inline]
    fn foul_after(&self, after: &mut Position, mover: Player, mv: Move) -> Option<IllegalMove> {
        foul_after(after, mover, mv)
    }

    fn validate(&self, pos: &mut Position, mv: Move) -> Result<(), IllegalMove> {
        validate(pos, mv)
    }

    fn impasse(&self, [s, g]: [u32; 2], options: RuleOptions) -> Option<Outcome> {
        let winner = match options.points {
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
        Some(Outcome {
            winner,
            reason: EndReason::Impasse,
        })
    }
}

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

/// The entering-king declaration of the side to move in `pos`, condition by condition.
pub fn declaration(pos: &Position) -> Declaration {
    let p = pos.turn();
    let v = pos.variant();
    let king_in_camp = pos.king(p).is_some_and(|k| v.in_zone(p, k));
    let pieces_in_camp = pos.pieces_in_camp(p);
    let not_in_check = !pos.in_check();
    let points = pos.points(p, true);
    let basic = king_in_camp && pieces_in_camp >= 10 && not_in_check;
    let lose = Outcome {
        winner: Some(p.opponent()),
        reason: EndReason::Declaration,
    };
    let win = Outcome {
        winner: Some(p),
        reason: EndReason::Declaration,
    };
    let outcome = if !basic {
        lose
    } else {
        match pos.options().points {
            PointRule::TwentyFour => match points {
                31.. => win,
                24..=30 => Outcome {
                    winner: None,
                    reason: EndReason::Declaration,
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

/// The moves of the shogi family: the pieces' moves and drops, no pawn dropped on a file
/// holding an own unpromoted pawn (二歩).
#[inline]
pub(crate) fn moves(pos: &Position, out: &mut MoveList) {
    pos.piece_moves(out);
    let v = pos.variant();
    let files = pawn_files(pos, pos.turn());
    let pawn = v.pawn;
    pos.drop_moves(out, |kind, to: Cell| {
        Some(kind) == pawn && files >> v.file_rank(to).0 & 1 != 0
    });
}

/// The shogi family's drops onto `cells` ([`GameRules::checking_drops`]), 二歩 barred.
pub(crate) fn drops_onto(pos: &Position, out: &mut MoveList, cells: &[(Cell, u64)]) {
    let v = pos.variant();
    let pawn = v.pawn;
    let Shape::Square { width, height } = v.geometry.shape() else {
        let files = pawn_files(pos, pos.turn());
        return pos.drop_moves_onto(out, cells, |kind, to: Cell| {
            Some(kind) == pawn && files >> v.file_rank(to).0 & 1 != 0
        });
    };
    // the few cells asked for lie on few files: each file is looked at once, when a pawn
    // would drop on it (the whole board's walk cost more than the drops)
    let own_pawn = pawn.map(|k| Piece::new(pos.turn(), k));
    let known = std::cell::Cell::new(0u32);
    let held = std::cell::Cell::new(0u32);
    pos.drop_moves_onto(out, cells, |kind, to: Cell| {
        if Some(kind) != pawn {
            return false;
        }
        let x = to.index() % usize::from(width);
        if known.get() >> x & 1 == 0 {
            let on_file = (0..usize::from(height))
                .any(|y| Some(pos.piece(Cell((x + y * usize::from(width)) as u8))) == own_pawn);
            known.set(known.get() | 1 << x);
            held.set(held.get() | u32::from(on_file) << x);
        }
        held.get() >> x & 1 != 0
    });
}

/// A bit per file (bit `f` for file `f`) holding an unpromoted pawn of `me`.
fn pawn_files(pos: &Position, me: Player) -> u32 {
    let v = pos.variant();
    let Some(pawn) = v.pawn else { return 0 };
    let own_pawn = Piece::new(me, pawn);
    let mut files = 0u32;
    for c in v.geometry.cells() {
        if pos.piece(c) == own_pawn {
            files |= 1 << v.file_rank(c).0;
        }
    }
    files
}

/// The shogi family's checks of a setup: no side has two unpromoted pawns on a file (二歩).
pub(crate) fn check_pawns(setup: &Setup, faults: &mut Vec<SetupError>) {
    let v = Variant::get(setup.game);
    let Some(pawn) = v.pawn else { return };
    for p in (0..v.players()).map(Player) {
        let own = Piece::new(p, pawn);
        let mut seen = 0u32;
        for c in v.geometry.cells() {
            if setup.board.get(c.index()) != Some(&own) {
                continue;
            }
            let file = v.file_rank(c).0;
            if seen >> file & 1 != 0 {
                let e = SetupError::TwoPawns {
                    side: crate::position::setup::Side::new(setup.game, p),
                    file,
                };
                if !faults.contains(&e) {
                    faults.push(e);
                }
            }
            seen |= 1 << file;
        }
    }
}

/// The shogi family's check of a whole position: the side not to move is not in check (the
/// side to move could take its king).
pub(crate) fn check_not_to_move(pos: &mut Position, faults: &mut Vec<SetupError>) {
    let other = Player(1 - pos.turn().0.min(1));
    if pos.is_attacked(other) {
        faults.push(SetupError::NotToMoveInCheck {
            side: crate::position::setup::Side::new(pos.game(), other),
        });
    }
}

/// The fouls of the shogi family found by playing a move: the own king left attacked, and a
/// pawn drop that mates (打ち歩詰め).
#[inline]
pub(crate) fn foul_after(after: &mut Position, mover: Player, mv: Move) -> Option<IllegalMove> {
    if after.is_attacked(mover) {
        Some(IllegalMove::KingInCheck)
    } else if is_pawn_drop_mate(after, mv) {
        Some(IllegalMove::DropPawnMate)
    } else {
        None
    }
}

/// After `mv` was played: whether it was a pawn drop that left the opponent mated.
fn is_pawn_drop_mate(after: &mut Position, mv: Move) -> bool {
    let Move::Drop { kind, .. } = mv else {
        return false;
    };
    if Some(kind) != after.variant().pawn || !after.in_check() {
        return false;
    }
    !after.has_legal_move()
}

/// A move of the shogi family checked by hand: what the pieces and hands allow, 二歩, then the
/// fouls found by playing it.
pub(crate) fn validate(pos: &mut Position, mv: Move) -> Result<(), IllegalMove> {
    pos.check_piece_move(mv)?;
    if let Move::Drop { kind, to } = mv
        && Some(kind) == pos.variant().pawn
    {
        let file = pos.variant().file_rank(to).0;
        if pawn_files(pos, pos.turn()) >> file & 1 != 0 {
            return Err(IllegalMove::TwoPawns { file });
        }
    }
    pos.check_after(mv)
}

/// Standard shogi's start, perft 5 (quick: 4).
pub const BENCH_START: BenchCase = BenchCase {
    name: "shogi start",
    game: GameId::Shogi,
    sfen: "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    depth: 5,
    nodes: 19_861_490,
    quick_depth: 4,
    quick_nodes: 719_731,
};

/// The "matsuri" middle game, perft 3 (quick: 2).
pub const BENCH_MATSURI: BenchCase = BenchCase {
    name: "shogi matsuri",
    game: GameId::Shogi,
    sfen: "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
    depth: 3,
    nodes: 4_809_015,
    quick_depth: 2,
    quick_nodes: 28_684,
};
