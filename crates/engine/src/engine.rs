//! The engine: what is kept from move to move (the transposition table, the score cache, the
//! level and its seed) and the one place that chooses the search: the three-player search
//! ([`crate::multi`]) for Three Kingdoms shogi, the two-player search ([`crate::search`]) for
//! every other game, with the game's evaluation and search profile ([`crate::eval`]) and the
//! level's limits and margin ([`crate::level`]).

use koma_rules::{Move, Position};

use crate::eval::{Evaluator, SearchProfile, evaluator};
use crate::level::Level;
use crate::multi;
use crate::search::{Control, EvalCache, Info, Limits, SearchResult, Step};
use crate::tt::Tt;

/// The engine: its transposition table and level, kept from move to move.
pub struct Engine {
    tt: Tt,
    level: Level,
    seed: u64,
    method: crate::multi::Method,
    /// A search profile in place of the game's own (none: the game's).
    profile: Option<SearchProfile>,
    eval: Option<std::sync::Arc<dyn Evaluator + Send + Sync>>,
    evals: EvalCache,
    /// The last search's root searches in full after a missed aspiration window, and its
    /// missed windows (for tests).
    #[cfg(test)]
    pub(crate) windows: [usize; 2],
}

impl Engine {
    /// An engine with a transposition table of about `tt_mb` megabytes, at the top level.
    pub fn new(tt_mb: usize) -> Engine {
        Engine {
            tt: Tt::new(tt_mb),
            level: Level::TOP,
            seed: 0x4B4F_4D41,
            method: crate::multi::METHOD,
            profile: None,
            eval: None,
            evals: EvalCache::new(),
            #[cfg(test)]
            windows: [0; 2],
        }
    }

    /// Play at `level`.
    pub fn set_level(&mut self, level: Level) {
        self.level = level;
    }

    /// The level played.
    pub fn level(&self) -> Level {
        self.level
    }

    /// The seed of the levels' controlled mistakes (the same seed, the same choices).
    pub fn set_seed(&mut self, seed: u64) {
        self.seed = seed | 1;
    }

    /// The three-player search's method (the default is [`crate::multi::METHOD`]).
    pub fn set_multi_method(&mut self, method: crate::multi::Method) {
        self.method = method;
    }

    /// Search the two-player games with `profile` instead of the game's own (none: the
    /// game's own), to measure a setting ([`SearchProfile`]).
    pub fn set_profile(&mut self, profile: Option<SearchProfile>) {
        self.profile = profile;
    }

    /// Search the two-player games with `eval` instead of the game's own evaluation (none:
    /// the game's own), to measure one against the other ([`crate::eval::linear`]).
    pub fn set_evaluator(&mut self, eval: Option<std::sync::Arc<dyn Evaluator + Send + Sync>>) {
        self.eval = eval;
        self.evals.clear();
    }

    /// A new game: forget what was learnt.
    pub fn new_game(&mut self) {
        self.tt.clear();
        self.evals.clear();
    }

    /// Resize the transposition table (cleared).
    pub fn set_hash_mb(&mut self, mb: usize) {
        self.tt = Tt::new(mb);
    }

    /// Search the position reached by playing `moves` from `start` (the game so far, so that
    /// repetitions count), within `limits` and the level's own, reporting each finished
    /// iteration to `info`.
    pub fn search(
        &mut self,
        start: &Position,
        moves: &[Move],
        limits: &Limits,
        control: &dyn Control,
        info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        let settings = self.level.settings(start.game());
        let limits = limits.min(&settings.limits);
        let choice = multi::Choice {
            margin: settings.margin,
            quiescence: settings.quiescence,
            seed: 0,
        };
        self.run(start, moves, &limits, choice, control, info)
    }

    /// Search as [`Engine::search`] does, within `limits` alone (no level's), choosing as
    /// `choice` says (its seed is the engine's).
    pub(crate) fn run(
        &mut self,
        start: &Position,
        moves: &[Move],
        limits: &Limits,
        choice: multi::Choice,
        control: &dyn Control,
        info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        let mut pos = start.clone();
        pos.forget_history();
        let rules = pos.rules();
        let mut path = vec![Step {
            hash: pos.hash(),
            played: None,
            null: false,
            check: None,
        }];
        for &mv in moves {
            let mover = pos.turn();
            let jitto = rules.is_pass_in_place(&pos, mv);
            pos.play_unchecked(mv);
            path.push(Step {
                hash: pos.hash(),
                played: Some(rules.played(mover, mv, jitto, &pos)),
                null: false,
                check: None,
            });
        }
        self.tt.next_search();
        self.seed = self
            .seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        // the one place that chooses the two-player or three-player search
        if koma_rules::Description::of(pos.game()).three_players() {
            let choice = multi::Choice {
                seed: self.seed,
                ..choice
            };
            return multi::search_with(
                self.method,
                choice,
                &mut pos,
                limits,
                control,
                info,
                &path.iter().map(|s| s.hash).collect::<Vec<_>>(),
            );
        }
        let eval = match &self.eval {
            Some(e) => e.as_ref(),
            None => evaluator(pos.game()),
        };
        let (r, _windows) = crate::search::two_player(
            crate::search::Setting {
                pos,
                path,
                eval,
                profile: self.profile.unwrap_or_else(|| eval.profile()),
                tt: &mut self.tt,
                evals: &mut self.evals,
                limits: limits.clone(),
                control,
                quiescence: choice.quiescence,
                margin: choice.margin,
                seed: self.seed,
            },
            info,
        );
        #[cfg(test)]
        {
            self.windows = _windows;
        }
        r
    }
}
