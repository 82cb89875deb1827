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
pub mod packed;
pub mod sangoku;
pub mod shogi;
pub mod shogi66;
pub mod terms;

use koma_rules::{GameId, Kind, Player, Position};

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

    /// How the two-player search prunes, reduces and extends in this game.
    fn profile(&self) -> SearchProfile {
        SearchProfile::DEFAULT
    }

    /// Whether a position can end while moves are left (chu shogi: the last royal taken, bare
    /// king; the hexagon: a general taken or on the centre), so the search asks the rules at
    /// every node rather than only where no move is left.
    fn ends_with_moves_left(&self) -> bool {
        false
    }
}

/// A game's search settings, one value in its evaluation's file ([`Evaluator::profile`]):
/// what differs from game to game in how the search prunes, reduces and extends, and the node
/// caps of its levels 6 and 7. The two-player search reads it ([`crate::search`]); the
/// three-player search has its own method ([`crate::multi`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SearchProfile {
    /// Futility pruning near the leaves, by the static score.
    pub futility: bool,
    /// Quiet checks in quiescence's first ply (moves and drops that check directly and do not
    /// lose the checker on the static exchange).
    pub quiet_checks: bool,
    /// Null moves (off the principal variation, out of check, where the static score stands at
    /// or above beta), reduced more the deeper the search and the further the score stands
    /// above beta.
    pub null_move: bool,
    /// Late-move reductions of two thirds of the logarithms' product, not half.
    pub steep_reductions: bool,
    /// Checks extended only more than [`crate::search::FAR_CHECKS`] plies from the leaves.
    pub far_checks: bool,
    /// The cut by the static score carried up to [`crate::search::DEEP_FUTILITY`] plies from the
    /// leaves, beyond the futility margins' three.
    pub deep_futility: bool,
    /// Quiet moves searched one, two and three plies from the leaves off the principal
    /// variation (the rest, ordered last by history, are skipped).
    pub late_quiet: [usize; 3],
    /// The moves tried four, five and six plies from the leaves past which quiet moves are
    /// skipped.
    pub late_deep: [usize; 3],
    /// The node caps of levels 6 and 7 ([`crate::level`]).
    pub level_nodes: (u64, u64),
    /// Quiescence's delta margin, 0 for none: out of check, a capture or promotion whose gain
    /// (the piece taken, the promotion's worth) with this margin leaves the static score at or
    /// below alpha is not tried, nor a promotion that loses the piece on the static exchange.
    pub delta: i32,
    /// Quiescence answers an attack on a lone royal (where royals may be left attacked and
    /// taking the last one ends the game) with every move near the horizon, as a check: the
    /// side to move does not stand on its static score with its royal about to be taken.
    pub royal_evasions: bool,
}

impl SearchProfile {
    /// The profile of the games that set none of their own.
    pub const DEFAULT: SearchProfile = SearchProfile {
        futility: true,
        quiet_checks: true,
        null_move: false,
        steep_reductions: false,
        far_checks: false,
        deep_futility: false,
        late_quiet: [10, 18, 30],
        late_deep: [40, 55, 75],
        level_nodes: (200_000, 600_000),
        delta: 0,
        royal_evasions: false,
    };
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

    fn profile(&self) -> SearchProfile {
        self.base.profile()
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
    fn each_game_keeps_its_search_profile_with_a_learnt_evaluation() {
        // a network or table read from a file plays with its game's profile
        for game in [GameId::Shogi, GameId::Minishogi] {
            let learnt = Learnt::with(Zero, evaluator(game));
            assert_eq!(learnt.profile(), evaluator(game).profile());
        }
        // standard shogi skips late moves sooner, reduces more steeply, extends checks only
        // far from the leaves and cuts by the static score further from them; minishogi alone
        // tries null moves and caps its levels 6 and 7 lower; chu shogi alone sets a delta
        // margin in quiescence; the others take the default
        let p = |g| evaluator(g).profile();
        let shogi = p(GameId::Shogi);
        assert!(shogi.steep_reductions && shogi.far_checks && shogi.deep_futility);
        assert!(shogi.late_quiet < SearchProfile::DEFAULT.late_quiet);
        assert!(!shogi.null_move);
        let mini = p(GameId::Minishogi);
        assert!(mini.null_move && mini.level_nodes < SearchProfile::DEFAULT.level_nodes);
        let chu = p(GameId::Chushogi);
        assert!(chu.delta > 0 && SearchProfile::DEFAULT.delta == 0);
        assert_eq!(SearchProfile { delta: 0, ..chu }, SearchProfile::DEFAULT);
        for g in [GameId::Shogi66, GameId::Sangoku, GameId::Sangoku2] {
            assert_eq!(p(g), SearchProfile::DEFAULT, "{g:?}");
        }
    }
}
