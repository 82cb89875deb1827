//! Moves and the fouls that refuse them.

use crate::geometry::Cell;
use crate::piece::{Kind, Player};

/// A move: a board move (with its promotion choice) or a drop from the hand.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A piece moves from one cell to another, promoting or not.
    Board {
        /// Where the piece stands.
        from: Cell,
        /// Where it goes (capturing what stands there).
        to: Cell,
        /// Whether it promotes on this move.
        promote: bool,
    },
    /// A double move of a piece with lion power (chu shogi): a step to `mid`, capturing what
    /// stands there, then a step to `to` (which may be `from` again: igui, or jitto when `mid`
    /// was empty). Never a promotion.
    Double {
        /// Where the piece stands.
        from: Cell,
        /// The first step.
        mid: Cell,
        /// The second step.
        to: Cell,
    },
    /// Chu shogi handicaps: the giver ends its pre-moves (or its rearranging) early.
    Pass,
    /// A piece of `kind` from the mover's hand is placed on an empty cell.
    Drop {
        /// The (unpromoted) kind.
        kind: Kind,
        /// Where it is placed.
        to: Cell,
    },
}

impl Move {
    /// The destination cell (none for a pass).
    pub fn to(self) -> Option<Cell> {
        match self {
            Move::Board { to, .. } | Move::Double { to, .. } | Move::Drop { to, .. } => Some(to),
            Move::Pass => None,
        }
    }

    /// The origin cell of a board move.
    pub fn from(self) -> Option<Cell> {
        match self {
            Move::Board { from, .. } | Move::Double { from, .. } => Some(from),
            Move::Drop { .. } | Move::Pass => None,
        }
    }
}

/// Why a move is refused: each foul of the rules by name, and the plain mistakes.
///
/// In official (strict) play the fouls lose the game; in casual play they are refused and
/// nothing changes. [`IllegalMove::rule_id`] gives the stable id the interface and its tests use.
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    /// 二歩: a pawn dropped on a file that already holds an own unpromoted pawn.
    #[error("二歩 (two pawns): file {file} already has your unpromoted pawn")]
    TwoPawns {
        /// The file (1 = sente's right).
        file: u8,
    },
    /// 打ち歩詰め: a pawn drop that checkmates.
    #[error("打ち歩詰め (pawn-drop mate): a dropped pawn may not give checkmate")]
    DropPawnMate,
    /// 行き所のない駒: a piece dropped, or moved without promoting, where it could never move.
    #[error("行き所のない駒 (dead piece): the piece would have no further move there")]
    DeadPiece,
    /// 王手放置: the move leaves (or puts) the mover's own king in check.
    #[error("王手放置 (king left in check): your king would be in check")]
    KingInCheck,
    /// 駒の動きに反する手: the piece cannot move that way (blocked, wrong direction, own piece).
    #[error("駒の動きに反する手 (cannot move there): the piece does not move that way")]
    CannotMoveThere,
    /// The move asks to promote where promotion is not possible.
    #[error("成れない (cannot promote): this piece cannot promote on this move")]
    CannotPromote,
    /// There is no own piece on the origin cell.
    #[error("no piece of yours stands there")]
    NoPiece,
    /// The piece is not in the mover's hand.
    #[error("that piece is not in your hand")]
    NotInHand,
    /// A drop onto an occupied cell.
    #[error("a piece can only be dropped on an empty square")]
    Occupied,
    /// Drops are not part of this game.
    #[error("this game has no drops")]
    NoDrops,
    /// 66 shogi: a piece is placed off the own first rank during the placement phase.
    #[error("配置 (placement): pieces are placed on your own first rank")]
    NotFirstRank,
    /// 66 shogi: a board move before the placement phase is over.
    #[error("配置中 (placing): place your pieces before moving")]
    Placing,
    /// Three Kingdoms shogi: the move would make a position for the 4th time while another move
    /// does not.
    #[error("千日手 (repetition): this would repeat the position a 4th time; change your move")]
    Repetition,
    /// Chu shogi: a lion may not take a protected lion that is not next to it (unless its
    /// first step took a piece other than a pawn or go-between).
    #[error("獅子の交換 (lion trade): a lion may not take a protected lion from afar")]
    LionProtected,
    /// Chu shogi: right after a non-lion took a lion, a non-lion may not take a lion back.
    #[error("先獅子 (counter-strike): a lion may not be taken back by a non-lion right away")]
    LionCounterStrike,
    /// Chu shogi handicaps: not one of the giver's setup steps (fill the hole with a small
    /// piece; move small pieces inside the camp; pass to stop).
    #[error(
        "手合いの準備 (handicap setup): fill the holes with small pieces, then move small pieces inside your camp or pass"
    )]
    Setup,
    /// The game is over: no more moves.
    #[error("the game is over")]
    GameOver,
}

impl IllegalMove {
    /// The stable id of the rule (used by the interface's `data-foul`).
    pub fn rule_id(self) -> &'static str {
        match self {
            IllegalMove::TwoPawns { .. } => "nifu",
            IllegalMove::DropPawnMate => "uchifuzume",
            IllegalMove::DeadPiece => "dead-piece",
            IllegalMove::KingInCheck => "king-in-check",
            IllegalMove::CannotMoveThere
            | IllegalMove::CannotPromote
            | IllegalMove::NoPiece
            | IllegalMove::NotInHand
            | IllegalMove::Occupied
            | IllegalMove::NoDrops => "cannot-move-there",
            IllegalMove::NotFirstRank | IllegalMove::Placing => "placement",
            IllegalMove::Repetition => "repetition",
            IllegalMove::LionProtected => "lion-protected",
            IllegalMove::LionCounterStrike => "lion-counter-strike",
            IllegalMove::Setup => "setup",
            IllegalMove::GameOver => "game-over",
        }
    }

    /// Whether this is a foul of the rules, which strict play lets a player make (and lose by),
    /// rather than a move that cannot be made at all.
    pub fn is_foul(self) -> bool {
        matches!(
            self,
            IllegalMove::TwoPawns { .. }
                | IllegalMove::DropPawnMate
                | IllegalMove::DeadPiece
                | IllegalMove::KingInCheck
                | IllegalMove::CannotMoveThere
        )
    }
}

/// What a move played in a game did, as the repetition rules weigh it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// Who made it.
    pub mover: Player,
    /// It gave check (chu shogi: it attacked a royal).
    pub check: bool,
    /// Chu shogi: the moved piece attacks an enemy piece from where it stands.
    pub attack: bool,
    /// Chu shogi: it was a jitto (a lion's pass).
    pub jitto: bool,
}
