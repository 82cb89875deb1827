//! What each game adds to the generic position and game in progress: the [`GameRules`] trait.
//! Each game implements it in its own file ([`crate::games`]), which chooses a game's rules
//! object by its id ([`crate::games::rules`]); the position carries that object and asks it.

use crate::geometry::{Cell, Geometry};
use crate::moves::{IllegalMove, Move, Played};
use crate::options::RuleOptions;
use crate::outcome::{EndReason, Outcome};
use crate::piece::{Kind, Player};
use crate::position::setup::{Setup, SetupError};
use crate::position::{MoveList, Position};
use crate::variant::GameId;

/// Which of a game's hooks the position calls on every move; a hook left off keeps its default
/// behaviour without a call: in wasm each call through the rules object is an indirect call
/// that is not inlined, so calls that do nothing are not made (the cost measured is in
/// `docs/performance.md`, "Measured decisions").
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Hooks {
    /// Call [`GameRules::before_play`] before every move.
    pub before_play: bool,
    /// Call [`GameRules::after_play`] after every move (otherwise only while the position is in
    /// a placement phase or a handicap's setup steps; else the next player in turn order moves).
    pub after_play: bool,
    /// Ask [`GameRules::foul_after`] after every move (otherwise a move is a foul when it leaves
    /// the mover's royal attacked).
    pub foul_after: bool,
    /// Ask [`GameRules::foul_after`] after every drop (打ち歩詰め).
    pub foul_after_drops: bool,
    /// [`GameRules::moves`] lists only legal moves, so none needs a trial play (chu shogi: its
    /// royals may stay attacked).
    pub moves_are_legal: bool,
    /// Two players with a king each, and no foul but leaving the own king attacked and, for a
    /// drop, what [`GameRules::foul_after`] finds of a drop that gives check (打ち歩詰め): so
    /// while the king is not in check, a move of a piece not pinned to it and a drop that gives
    /// no check are legal without a trial play ([`Position::legal_moves`]; the shogi family).
    pub pins: bool,
}

/// A named start of a game: its even start or a handicap.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct NamedStart {
    /// Stable id.
    pub id: &'static str,
    /// Japanese name.
    pub name: &'static str,
    /// English name.
    pub english: &'static str,
    /// Practice only (chu shogi).
    pub practice: bool,
}

/// The even game, the one named start of a game without handicaps.
pub const EVEN: NamedStart = NamedStart {
    id: "even",
    name: "平手",
    english: "Even",
    practice: false,
};

/// What a move did besides moving pieces, decided by the game's rules after it was played.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct AfterPlay {
    /// Whose turn it is now.
    pub next: Player,
    /// 66 shogi's placement: the rook or bishop the move sent back to the box.
    pub retired: Option<Kind>,
}

/// What a game adds to the generic position and game in progress.
pub trait GameRules: Sync {
    // ----- moves -----

    /// The moves of the side to move, before the fouls checked after playing them
    /// ([`GameRules::foul_after`]). The default: what the pieces on the board can do, and drops
    /// of held pieces where the game has drops.
    fn moves(&self, pos: &Position, out: &mut MoveList) {
        pos.piece_moves(out);
        if pos.variant().drops {
            pos.drop_moves(out, |_, _| false);
        }
    }

    /// A part of [`GameRules::moves`] that holds every move that captures or promotes (and
    /// maybe others): what a search's quiescence looks at. The default: all the moves. The
    /// shogi family's drops neither capture nor promote, so its games list only the pieces'
    /// moves here, which spares a search the hundreds of drops a full hand makes.
    fn tactical_moves(&self, pos: &Position, out: &mut MoveList) {
        self.moves(pos, out);
    }

    /// [`GameRules::moves`] with one move for each position they reach, where a game lists
    /// several paths to one: what a search tries. The default: all the moves (one path each).
    fn distinct_moves(&self, pos: &Position, out: &mut MoveList) {
        self.moves(pos, out);
    }

    /// The drops of [`GameRules::moves`] that [`GameRules::tactical_moves`] leaves out and that
    /// land on a cell of `cells` as a kind whose bit that cell carries (bit `k` for kind `k`,
    /// as [`Position::attack_cells`] gives them: with the enemy king's cell as the target,
    /// the drops that check it directly). With the tactical moves, what a search's quiescence
    /// needs for its quiet checks, without the hundreds of drops a full hand makes. The
    /// default: none (the default tactical moves are all the moves).
    fn checking_drops(&self, _pos: &Position, _out: &mut MoveList, _cells: &[(Cell, u64)]) {}

    /// Play `mv` on `pos` ([`Position::play_unchecked`]). Not to be overridden: the default
    /// calls the generic code with this game's rules known to the compiler, so the hooks below
    /// are called directly; the same for the three methods after it.
    #[inline]
    fn play_unchecked(&self, pos: &mut Position, mv: Move) {
        pos.play_with(self, mv);
    }

    /// The legal moves of `pos` ([`Position::legal_moves`]); see [`GameRules::play_unchecked`].
    #[inline]
    fn legal_moves(&self, pos: &mut Position) -> MoveList {
        pos.legal_moves_with(self)
    }

    /// The legal moves of `pos`, and whether each was played to try it ([`Position::perft`]);
    /// see [`GameRules::play_unchecked`].
    #[inline]
    fn legal_moves_played(&self, pos: &mut Position) -> (MoveList, bool) {
        pos.legal_moves_played_with(self)
    }

    /// Whether `pos` has a legal move ([`Position::has_legal_move`]); see
    /// [`GameRules::play_unchecked`].
    #[inline]
    fn has_legal_move(&self, pos: &mut Position) -> bool {
        pos.has_legal_move_with(self)
    }

    /// The foul `mv` commits, found by playing it ([`Position::check_after`]); see
    /// [`GameRules::play_unchecked`].
    ///
    /// # Errors
    /// The foul.
    #[inline]
    fn check_after(&self, pos: &mut Position, mv: Move) -> Result<(), IllegalMove> {
        pos.check_after_with(self, mv)
    }

    /// Play `mv` on `pos` unless it commits a foul ([`Position::try_play`]); see
    /// [`GameRules::play_unchecked`].
    #[inline]
    fn try_play(&self, pos: &mut Position, mv: Move) -> bool {
        pos.try_play_with(self, mv)
    }

    /// Which hooks the position calls on every move; see [`Hooks`]. The default: none.
    fn hooks(&self) -> Hooks {
        Hooks::default()
    }

    /// The foul `mv`, just played by `mover` and leaving `after`, committed, if any. The
    /// default: leaving the own royal attacked.
    fn foul_after(&self, after: &mut Position, mover: Player, mv: Move) -> Option<IllegalMove> {
        let _ = mv;
        after.is_attacked(mover).then_some(IllegalMove::KingInCheck)
    }

    /// Check `mv`, entered by a person or read from a record, against every rule, naming the
    /// first it breaks. The default: what the pieces and hands allow
    /// ([`Position::check_piece_move`]), then the fouls found by playing it
    /// ([`Position::check_after`]).
    ///
    /// # Errors
    /// The foul or mistake.
    fn validate(&self, pos: &mut Position, mv: Move) -> Result<(), IllegalMove> {
        pos.check_piece_move(mv)?;
        pos.check_after(mv)
    }

    /// Called before `mv` is played from `pos`, to note what the game remembers of it (chu
    /// shogi: where a lion was taken). The default: nothing.
    fn before_play(&self, pos: &mut Position, mv: Move) {
        let _ = (pos, mv);
    }

    /// After `mover` played `mv` (the pieces moved, the turn not yet passed): whose turn comes
    /// next and what else the move changed. The default: the next player in turn order.
    fn after_play(&self, pos: &mut Position, mover: Player, mv: Move) -> AfterPlay {
        let _ = mv;
        AfterPlay {
            next: Player((mover.0 + 1) % pos.variant().players()),
            retired: None,
        }
    }

    /// What the game asks of a setup besides the generic checks ([`crate::position::setup`]):
    /// each fault found is pushed to `faults`. The default: nothing.
    fn check_setup(&self, setup: &Setup, faults: &mut Vec<SetupError>) {
        let _ = (setup, faults);
    }

    /// What the game asks of a whole position made from a setup that passed every other check
    /// (a side not to move left in check): each fault found is pushed to `faults`. The
    /// default: nothing.
    fn check_position(&self, pos: &mut Position, faults: &mut Vec<SetupError>) {
        let _ = (pos, faults);
    }

    /// Whether a setup of a game with a placement phase ([`Capabilities::placement`]) is in
    /// it. The default: no.
    fn starts_placing(&self, setup: &Setup) -> bool {
        let _ = setup;
        false
    }

    /// What the game's rules can do beyond the moves ([`crate::games::Description`]).
    fn capabilities(&self) -> Capabilities {
        Capabilities::DEFAULT
    }

    /// Where `player`'s pieces stand at the start, as data (a square board's table or the hexagon's
    /// table).
    fn home(&self, g: &Geometry, player: u8) -> Vec<(Cell, Kind)>;

    /// The pieces each player holds in hand at the start (66 shogi's, placed one a turn).
    fn home_hand(&self) -> &'static [Kind] {
        &[]
    }

    /// The game's named starts, the even game first (handicaps).
    fn setups(&self) -> Vec<NamedStart> {
        vec![EVEN]
    }

    /// The start position of `game` (one this rules object plays) named `id` among its
    /// handicaps, or `None` for an unknown id (the even game of a game without handicaps is
    /// its start: [`crate::setups::setup_position`]).
    fn setup_position(&self, game: GameId, id: &str) -> Option<Position> {
        let _ = (game, id);
        None
    }

    // ----- the game in progress -----

    /// Whether `mv`, about to be played from `before`, is a pass in place (chu shogi's jitto),
    /// which the repetition rules weigh. The default: none is.
    fn is_pass_in_place(&self, before: &Position, mv: Move) -> bool {
        let _ = (before, mv);
        false
    }

    /// What `mv`, just played by `mover` and leaving `after`, did that the repetition rules
    /// weigh (`jitto` from [`GameRules::is_pass_in_place`]). The default: whether it gives
    /// check.
    fn played(&self, mover: Player, mv: Move, jitto: bool, after: &Position) -> Played {
        let _ = mv;
        Played {
            mover,
            check: after.in_check(),
            attack: false,
            jitto,
        }
    }

    /// The outcome the position decides by itself, if any: the side to move has no legal move
    /// (mate), or a game's own ending (bare king, a general captured or on the centre).
    /// `last_mover` made the move that led here, if any. The default: a side with no legal move
    /// loses, by checkmate when in check (shogi has no stalemate draw).
    fn position_outcome(&self, pos: &mut Position, last_mover: Option<Player>) -> Option<Outcome> {
        let _ = last_mover;
        if pos.has_legal_move() {
            return None;
        }
        let loser = pos.turn();
        Some(Outcome {
            winner: self.winner_against(pos, loser),
            reason: if pos.in_check() {
                EndReason::Checkmate
            } else {
                EndReason::NoLegalMoves
            },
        })
    }

    /// The outcome of a fourfold repetition of `pos`: `span` holds what each move did from the
    /// repeated position's first occurrence to its 4th. The default: a side all of whose moves
    /// there gave check loses (連続王手の千日手), otherwise a draw (千日手).
    fn repetition_outcome(&self, pos: &Position, span: &[Played]) -> Outcome {
        let _ = pos;
        perpetual_checker(span).map_or(
            Outcome {
                winner: None,
                reason: EndReason::Repetition,
            },
            |checker| Outcome {
                winner: Some(checker.opponent()),
                reason: EndReason::PerpetualCheck,
            },
        )
    }

    /// The winner when `loser` resigns, loses on time or is mated. The default: the opponent.
    fn winner_against(&self, pos: &Position, loser: Player) -> Option<Player> {
        let _ = pos;
        Some(loser.opponent())
    }

    /// Impasse by agreement (持将棋): the outcome by the two sides' points (board and hand, the
    /// kings excluded), or `None` for a game without impasse.
    fn impasse(&self, points: [u32; 2], options: RuleOptions) -> Option<Outcome> {
        let _ = (points, options);
        None
    }

    /// The name of the rules an outcome was decided by, when the game has several (chu
    /// shogi's presets).
    fn rules_name(&self, options: RuleOptions) -> Option<&'static str> {
        let _ = options;
        None
    }
}

/// How a game's positions and moves are written.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Notation {
    /// SFEN positions and USI moves (the square boards).
    Sfen,
    /// The hexagon's own notation ([`crate::hex`]).
    Hex,
}

/// What a game's rules can do beyond the moves of its pieces.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Capabilities {
    /// How positions and moves are written.
    pub notation: Notation,
    /// Whether the game is recorded in KIF (the square boards up to 9x9).
    pub kif: bool,
    /// Whether the game has rule presets to choose from (chu shogi's JCSA and lishogi rules:
    /// [`crate::options::RuleOptions::preset`]).
    pub presets: bool,
    /// Whether the game may begin with a placement phase (66 shogi), whose moves are
    /// placements on the own first rank.
    pub placement: bool,
    /// Whether a handicap may begin with the giver's setup steps before the game (chu shogi).
    pub setup_steps: bool,
    /// Whether the game has lion moves: a double move (two steps, capturing on either), a pass
    /// in place, and the square of a lion taken by a non-lion remembered for the next move
    /// (chu shogi; its SFEN and USI write them).
    pub lion_moves: bool,
    /// Whether each kind's count is fixed by the start position, so a position with more is
    /// refused (chu shogi's handicaps change them: kirins turned into lions).
    pub fixed_counts: bool,
    /// Impasse by agreement (持将棋).
    pub impasse: bool,
    /// The entering-king declaration (入玉宣言).
    pub declaration: bool,
    /// Whether a check is shown as the side to move's (a royal left attacked would be taken:
    /// shogi); chu shogi's royals may stay attacked, and the hexagon's checks jump the turn.
    pub shows_check: bool,
    /// Whether a check passes the turn to the checked player, out of turn, and back (Three
    /// Kingdoms shogi).
    pub check_jumps_the_turn: bool,
    /// Whether a move that makes a position for the 4th time is refused while another move is
    /// not (and the game drawn when every move repeats), instead of ending the game.
    pub refuses_fourfold_repetition: bool,
    /// Whether the check the rules record for a move played is always the position's
    /// `in_check` after it (a search may then take one for the other).
    pub played_check_is_in_check: bool,
}

impl Capabilities {
    /// Shogi's family as most of its games are: SFEN and KIF, nothing more.
    pub const DEFAULT: Capabilities = Capabilities {
        notation: Notation::Sfen,
        kif: true,
        presets: false,
        placement: false,
        setup_steps: false,
        lion_moves: false,
        fixed_counts: true,
        impasse: false,
        declaration: false,
        shows_check: true,
        check_jumps_the_turn: false,
        refuses_fourfold_repetition: false,
        played_check_is_in_check: true,
    };
}

/// The side that gave check with every one of its moves in `span`, if one did.
pub(crate) fn perpetual_checker(span: &[Played]) -> Option<Player> {
    [Player::FIRST, Player::SECOND].into_iter().find(|&p| {
        let mut mine = span.iter().filter(|m| m.mover == p).peekable();
        mine.peek().is_some() && mine.all(|m| m.check)
    })
}
