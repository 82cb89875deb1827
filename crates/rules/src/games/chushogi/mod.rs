//! Chu shogi (中将棋): its 21 kinds of piece and their promotions, lion power (double moves,
//! igui, jitto), the promotion rules and the lion-trading rules, under two presets.
//!
//! This file is what the position and the game in progress ask ([`GameRules`]); the pieces are
//! table data ([`crate::variant::chu`]); the moves, the handicaps and the end of the game each
//! have a file here ([`moves`], [`mod@handicaps`], [`ending`]).
//!
//! As a game in progress: mate of the last royal, bare king, and the repetition rules of each
//! preset (who started the cycle: continuous check, attacks, jitto).
//!
//! Its moves: [`moves`] lists only legal ones (the royals may stay attacked,
//! and the lion-trading rules are applied as they are generated), so none needs a trial play;
//! a handicap's setup steps come first, the giver keeping the move through them. The square
//! where a non-lion took a lion is remembered for the next move (the counter-strike rule).

pub mod ending;
pub mod handicaps;
pub mod moves;

pub use crate::options::ChuPreset;
pub use crate::variant::chu::{ChuSetup, is_lion, kinds};
pub use ending::{repetition_loser, royal_attacked};
pub use handicaps::{CHU_HANDICAPS, ChuHandicap, find_handicap, handicaps};

use super::description::BenchCase;
use super::{AfterPlay, Capabilities, GameRules, Hooks};
use crate::geometry::{Cell, Geometry};
use crate::moves::{IllegalMove, Move, Played};
use crate::options::RuleOptions;
use crate::outcome::{EndReason, Outcome};
use crate::piece::{Kind, Player};
use crate::position::rules::NamedStart;
use crate::position::{MoveList, Position};
use crate::variant::GameId;
use crate::variant::chu::kinds::{
    BISHOP, COPPER, DRAGON, ELEPHANT, GO_BETWEEN, GOLD, HORSE, KING, KIRIN, LANCE, LEOPARD, LION,
    PAWN, PHOENIX, QUEEN, REVERSE_CHARIOT, ROOK, SIDE_MOVER, SILVER, TIGER, VERTICAL_MOVER,
};

/// Sente's pieces at the start: (file, rank from its side, kind); gote's are turned half round.
pub const HOME: [(u8, u8, Kind); 46] = [
    (12, 1, LANCE),
    (11, 1, LEOPARD),
    (10, 1, COPPER),
    (9, 1, SILVER),
    (8, 1, GOLD),
    (7, 1, KING),
    (6, 1, ELEPHANT),
    (5, 1, GOLD),
    (4, 1, SILVER),
    (3, 1, COPPER),
    (2, 1, LEOPARD),
    (1, 1, LANCE),
    (12, 2, REVERSE_CHARIOT),
    (10, 2, BISHOP),
    (8, 2, TIGER),
    (7, 2, KIRIN),
    (6, 2, PHOENIX),
    (5, 2, TIGER),
    (3, 2, BISHOP),
    (1, 2, REVERSE_CHARIOT),
    (12, 3, SIDE_MOVER),
    (11, 3, VERTICAL_MOVER),
    (10, 3, ROOK),
    (9, 3, HORSE),
    (8, 3, DRAGON),
    (7, 3, LION),
    (6, 3, QUEEN),
    (5, 3, DRAGON),
    (4, 3, HORSE),
    (3, 3, ROOK),
    (2, 3, VERTICAL_MOVER),
    (1, 3, SIDE_MOVER),
    (12, 4, PAWN),
    (11, 4, PAWN),
    (10, 4, PAWN),
    (9, 4, PAWN),
    (8, 4, PAWN),
    (7, 4, PAWN),
    (6, 4, PAWN),
    (5, 4, PAWN),
    (4, 4, PAWN),
    (3, 4, PAWN),
    (2, 4, PAWN),
    (1, 4, PAWN),
    (9, 5, GO_BETWEEN),
    (4, 5, GO_BETWEEN),
];

/// Chu shogi's rules beyond the moves: lion moves, the handicap giver's setup steps, counts
/// that handicaps change, royals that may stay attacked, no KIF.
pub const CAPABILITIES: Capabilities = Capabilities {
    kif: false,
    presets: true,
    setup_steps: true,
    lion_moves: true,
    fixed_counts: false,
    shows_check: false,
    // any royal attacked, where the position's check is its king's
    played_check_is_in_check: false,
    ..Capabilities::DEFAULT
};

/// Chu shogi's rules.
pub struct Chushogi;

impl GameRules for Chushogi {
    fn capabilities(&self) -> Capabilities {
        CAPABILITIES
    }

    fn home(&self, g: &Geometry, player: u8) -> Vec<(Cell, Kind)> {
        super::square_home(g, &HOME, player)
    }

    #[inline]
    fn moves(&self, pos: &Position, out: &mut MoveList) {
        match pos.setup_steps() {
            Some(setup) => handicaps::setup_moves(pos, &setup, out),
            None => moves::moves(pos, out),
        }
    }

    /// The captures and promotions, a double move only where it takes something.
    fn tactical_moves(&self, pos: &Position, out: &mut MoveList) {
        match pos.setup_steps() {
            Some(setup) => handicaps::setup_moves(pos, &setup, out),
            None => moves::generate(pos, out, moves::Listing::Tactical),
        }
    }

    /// The double moves over an empty square left out, but for one pass.
    fn distinct_moves(&self, pos: &Position, out: &mut MoveList) {
        match pos.setup_steps() {
            Some(setup) => handicaps::setup_moves(pos, &setup, out),
            None => moves::generate(pos, out, moves::Listing::Distinct),
        }
    }

    /// The lion-capture square is noted before every move; the moves listed are legal.
    fn hooks(&self) -> Hooks {
        Hooks {
            before_play: true,
            moves_are_legal: true,
            ..Hooks::default()
        }
    }

    /// The Association's handicaps, official and practice ([`CHU_HANDICAPS`]).
    fn setups(&self) -> Vec<NamedStart> {
        handicaps::handicaps()
            .map(|h| NamedStart {
                id: h.id,
                name: h.name,
                english: h.english,
                practice: h.practice,
            })
            .collect()
    }

    fn setup_position(&self, _: GameId, id: &str) -> Option<Position> {
        handicaps::find_handicap(id).map(|h| h.position())
    }

    fn validate(&self, pos: &mut Position, mv: Move) -> Result<(), IllegalMove> {
        validate(pos, mv)
    }

    #[inline]
    fn before_play(&self, pos: &mut Position, mv: Move) {
        let lion = lion_capture_after(pos, mv);
        pos.set_lion_capture(lion);
    }

    #[inline]
    fn after_play(&self, pos: &mut Position, mover: Player, mv: Move) -> AfterPlay {
        let next = match pos.setup_steps() {
            // the giver keeps the move through its setup steps and moves first after them
            Some(setup) => {
                pos.set_setup_steps(handicaps::next_setup(setup, mv));
                mover
            }
            None => mover.opponent(),
        };
        AfterPlay {
            next,
            retired: None,
        }
    }

    fn rules_name(&self, options: RuleOptions) -> Option<&'static str> {
        Some(options.preset.name())
    }

    /// A check is an attack on a royal (chu's royals may stay attacked); an attack is the
    /// moved piece attacking an enemy piece from where it lands; a jitto is a lion's pass.
    fn is_pass_in_place(&self, before: &Position, mv: Move) -> bool {
        ending::is_jitto(before, mv)
    }

    fn played(&self, mover: Player, mv: Move, jitto: bool, after: &Position) -> Played {
        Played {
            mover,
            check: ending::royal_attacked(after, mover.opponent()),
            attack: mv
                .to()
                .is_some_and(|to| ending::attacks_an_enemy(after, to)),
            jitto,
        }
    }

    fn position_outcome(&self, pos: &mut Position, last_mover: Option<Player>) -> Option<Outcome> {
        ending::outcome(pos, last_mover)
    }

    fn repetition_outcome(&self, pos: &Position, span: &[Played]) -> Outcome {
        let loser = ending::repetition_loser(pos.preset(), span, pos.turn());
        Outcome {
            winner: loser.map(Player::opponent),
            reason: EndReason::Repetition,
        }
    }
}

/// Chu shogi: the lion-capture square after `mv` (a non-lion taking a lion), before it is
/// played.
fn lion_capture_after(pos: &Position, mv: Move) -> Option<Cell> {
    use is_lion;
    let from = mv.from()?;
    let mover = pos.piece(from);
    if mover.is_empty() || is_lion(mover.kind()) {
        return None;
    }
    let took_lion = |c: Cell| {
        let q = pos.piece(c);
        !q.is_empty() && q.owner() != mover.owner() && is_lion(q.kind())
    };
    match mv {
        Move::Board { to, .. } => took_lion(to).then_some(to),
        Move::Double { mid, to, .. } => {
            if took_lion(to) {
                Some(to)
            } else {
                took_lion(mid).then_some(mid)
            }
        }
        Move::Drop { .. } | Move::Pass => None,
    }
}

/// Chu shogi: a move is legal when the generator lists it; otherwise name the rule.
pub(crate) fn validate(pos: &mut Position, mv: Move) -> Result<(), IllegalMove> {
    let n = pos.variant().geometry.len();
    let cells_ok = match mv {
        Move::Board { from, to, .. } => from.index() < n && to.index() < n,
        Move::Double { from, mid, to } => from.index() < n && mid.index() < n && to.index() < n,
        Move::Drop { .. } => return Err(IllegalMove::NoDrops),
        Move::Pass => true,
    };
    if !cells_ok {
        return Err(IllegalMove::CannotMoveThere);
    }
    if pos.royals(Player::FIRST) == 0 || pos.royals(Player::SECOND) == 0 {
        return Err(IllegalMove::GameOver);
    }
    if let Some(setup) = pos.setup_steps() {
        let mut list = MoveList::new();
        handicaps::setup_moves(pos, &setup, &mut list);
        return if list.contains(&mv) {
            Ok(())
        } else {
            Err(IllegalMove::Setup)
        };
    }
    let (Some(from), Some(to)) = (mv.from(), mv.to()) else {
        return Err(IllegalMove::CannotMoveThere);
    };
    let p = pos.piece(from);
    if p.is_empty() || p.owner() != pos.turn() {
        return Err(IllegalMove::NoPiece);
    }
    let mut list = MoveList::new();
    moves::moves(pos, &mut list);
    if list.contains(&mv) {
        return Ok(());
    }
    // name the rule: the same path without the lion rules would be listed
    let target = pos.piece(to);
    let lion_target = !target.is_empty() && is_lion(target.kind());
    if let Move::Board {
        promote: true,
        from,
        to,
    } = mv
        && list.contains(&Move::Board {
            from,
            to,
            promote: false,
        })
    {
        return Err(IllegalMove::CannotPromote);
    }
    if lion_target && target.owner() != pos.turn() {
        let saved = pos.lion_capture();
        pos.set_lion_capture(None);
        let mut free = MoveList::new();
        moves::moves(pos, &mut free);
        pos.set_lion_capture(saved);
        if free.contains(&mv) {
            return Err(IllegalMove::LionCounterStrike);
        }
        if is_lion(p.kind()) {
            return Err(IllegalMove::LionProtected);
        }
    }
    Err(IllegalMove::CannotMoveThere)
}

/// Chu shogi's start, perft 4 (quick: 3).
pub const BENCH: BenchCase = BenchCase {
    name: "chushogi start",
    game: GameId::Chushogi,
    sfen: "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1",
    depth: 4,
    nodes: 2_134_748,
    quick_depth: 3,
    quick_nodes: 52_599,
};
