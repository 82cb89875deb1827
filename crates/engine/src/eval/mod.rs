//! What a position is worth to a player, one file a game, so a reader finds each game's
//! knowledge in one place: [`shogi`], [`minishogi`], [`shogi66`], [`chushogi`], [`sangoku`].
//! 66 shogi, chu shogi and the hexagon weigh the same terms ([`terms`]: material on the board
//! and in hand, advancement, the royal's guards and attackers, the royal in the enemy camp)
//! each with its own table, and add their own where the game needs one. [`linear`] is an
//! evaluation of another form, for the square two-player boards: weights over features of the
//! board (in standard shogi with the king's zone), learnt from games (`koma tune`), and
//! [`net`] a small neural network for the same boards (`koma train`). Standard shogi and
//! minishogi play with networks learnt from a stronger engine's scores of their positions
//! ([`shogi`] with each king's zone among its inputs, [`minishogi`]), and keep the tables
//! learnt the same way before them; their hand-set weights in [`terms`] were the learning's
//! starting point.

pub mod chushogi;
pub mod linear;
pub mod minishogi;
pub mod net;
pub mod sangoku;
pub mod shogi;
pub mod shogi66;
pub mod terms;

use koma_rules::{GameId, Kind, Player, Position};

use crate::search::{LATE_DEEP, LATE_QUIET};

/// A game's evaluation.
pub trait Evaluator: Sync {
    /// The worth of `pos` to `player`, in centipawns (a pawn on the board is about 100).
    fn score(&self, pos: &Position, player: Player) -> i32;

    /// What a piece of `kind` is worth on the board (captures are ordered by it).
    fn value(&self, kind: Kind) -> i32;

    /// What a piece of `kind` is worth in hand (where a network's learning starts: `koma
    /// train`); the board's worth unless the game says otherwise.
    fn hand_value(&self, kind: Kind) -> i32 {
        self.value(kind)
    }

    /// The node caps of levels 6 and 7 in this game ([`crate::level`]): 200k and 600k unless
    /// the game says otherwise (a small board goes deeper on the same nodes).
    fn level_nodes(&self) -> (u64, u64) {
        (200_000, 600_000)
    }

    /// The late quiet moves: the moves tried one, two and three plies from the leaves, and
    /// four, five and six, off the principal variation, past which quiet moves are skipped
    /// ([`crate::search::Pruning::futility`], [`crate::search::Pruning::late_deep`]); the
    /// search's [`LATE_QUIET`] and [`LATE_DEEP`] unless the game says otherwise (standard
    /// shogi skips sooner).
    fn late_moves(&self) -> ([usize; 3], [usize; 3]) {
        (LATE_QUIET, LATE_DEEP)
    }

    /// Whether the game's search tries null moves, with reductions that grow with depth
    /// ([`crate::search::Pruning::null_move`] and [`crate::search::Pruning::null_scaled`];
    /// minishogi's does).
    fn null_move(&self) -> bool {
        false
    }

    /// Whether the game's search reduces late moves more steeply
    /// ([`crate::search::Pruning::steep_reductions`]: two thirds of the product of the
    /// logarithms, not half; standard shogi's does).
    fn steep_reductions(&self) -> bool {
        false
    }

    /// Whether the game's search extends checks only far from the leaves
    /// ([`crate::search::Pruning::far_checks`]: at nodes more than
    /// [`crate::search::FAR_CHECKS`] plies from them; standard shogi's does).
    fn far_checks(&self) -> bool {
        false
    }

    /// Whether the game's search cuts by the static score beyond the last three plies
    /// ([`crate::search::Pruning::deep_futility`]: up to [`crate::search::DEEP_FUTILITY`]
    /// plies from the leaves; standard shogi's does).
    fn deep_futility(&self) -> bool {
        false
    }

    /// Whether a position can end while moves are left (chu shogi: the last royal taken, bare
    /// king; the hexagon: a general taken or on the centre), so the search asks the rules at
    /// every node rather than only where no move is left.
    fn ends_with_moves_left(&self) -> bool {
        false
    }
}

/// What scores a position in a [`Learnt`] evaluation.
pub trait Scorer: Sync {
    /// The worth of `pos` to `player`, in centipawns.
    fn score(&self, pos: &Position, player: Player) -> i32;
}

/// An evaluation read from a file (a learnt table, a network), to measure against the game's
/// own: it scores positions with its `scorer`, and takes the pieces' values (for ordering
/// captures) and whether a position can end with moves left from the game's own evaluation.
pub struct Learnt<S> {
    scorer: S,
    base: &'static dyn Evaluator,
}

impl<S: Scorer> Learnt<S> {
    /// The evaluation that scores with `scorer`, for a game whose own evaluation is `base`.
    pub fn with(scorer: S, base: &'static dyn Evaluator) -> Learnt<S> {
        Learnt { scorer, base }
    }
}

impl<S: Scorer> Evaluator for Learnt<S> {
    fn score(&self, pos: &Position, player: Player) -> i32 {
        self.scorer.score(pos, player)
    }

    fn value(&self, kind: Kind) -> i32 {
        self.base.value(kind)
    }

    fn hand_value(&self, kind: Kind) -> i32 {
        self.base.hand_value(kind)
    }

    fn ends_with_moves_left(&self) -> bool {
        self.base.ends_with_moves_left()
    }

    fn late_moves(&self) -> ([usize; 3], [usize; 3]) {
        self.base.late_moves()
    }

    fn null_move(&self) -> bool {
        self.base.null_move()
    }

    fn steep_reductions(&self) -> bool {
        self.base.steep_reductions()
    }

    fn far_checks(&self) -> bool {
        self.base.far_checks()
    }

    fn deep_futility(&self) -> bool {
        self.base.deep_futility()
    }
}

/// The evaluation of `game`: the engine's one dispatch on the game id.
pub fn evaluator(game: GameId) -> &'static dyn Evaluator {
    match game {
        GameId::Shogi => &shogi::Shogi,
        GameId::Minishogi => &minishogi::Minishogi,
        GameId::Shogi66 => &shogi66::Shogi66,
        GameId::Chushogi => &chushogi::Chushogi,
        GameId::Sangoku | GameId::Sangoku2 => &sangoku::Sangoku,
    }
}

/// The hand-set weights of the game's evaluation ([`terms`]) in the features of [`linear`],
/// for the games `koma tune` learns (standard shogi and minishogi): where it starts learning.
pub fn linear_start(game: GameId) -> Option<Vec<i32>> {
    let pos = koma_rules::Game::new(game, koma_rules::RuleOptions::default());
    let layout = linear::Layout::of(pos.position());
    match game {
        GameId::Shogi => Some(layout.initial(&shogi::WEIGHTS)),
        GameId::Minishogi => Some(layout.initial(&minishogi::WEIGHTS)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Zero;

    impl Scorer for Zero {
        fn score(&self, _: &Position, _: Player) -> i32 {
            0
        }
    }

    #[test]
    fn each_game_keeps_its_late_moves_null_moves_and_reductions_with_a_learnt_evaluation() {
        let shogi = evaluator(GameId::Shogi).late_moves();
        assert_eq!(shogi, (shogi::LATE_QUIET, shogi::LATE_DEEP));
        // minishogi keeps the search's counts, which standard shogi halves
        assert_eq!(
            evaluator(GameId::Minishogi).late_moves(),
            (LATE_QUIET, LATE_DEEP)
        );
        assert_ne!(shogi, (LATE_QUIET, LATE_DEEP));
        // a network or table read from a file plays with its game's counts
        for game in [GameId::Shogi, GameId::Minishogi] {
            let learnt = Learnt::with(Zero, evaluator(game));
            assert_eq!(learnt.late_moves(), evaluator(game).late_moves());
            assert_eq!(learnt.null_move(), evaluator(game).null_move());
            assert_eq!(
                learnt.steep_reductions(),
                evaluator(game).steep_reductions()
            );
        }
        // minishogi's search alone tries null moves; standard shogi's alone reduces late moves
        // more steeply (the two-player games: null moves, steeper reductions)
        for (game, choices) in [
            (GameId::Shogi, (false, true)),
            (GameId::Minishogi, (true, false)),
            (GameId::Shogi66, (false, false)),
            (GameId::Chushogi, (false, false)),
            (GameId::Sangoku2, (false, false)),
        ] {
            let e = evaluator(game);
            assert_eq!((e.null_move(), e.steep_reductions()), choices, "{game:?}");
        }
    }
}
