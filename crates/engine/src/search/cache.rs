//! The static scores of positions met, by hash (64k slots, 1 MB), kept from move to move and
//! cleared with a new game or evaluation: quiescence and the futility tests ask for the same
//! positions again from one iteration to the next. A hit answers what the evaluation would, so
//! the search visits the same nodes with the cache as without it.

use koma_rules::Position;

use crate::eval::Evaluator;

/// The cache.
pub(crate) struct EvalCache {
    slots: Vec<(u64, i32)>,
}

/// Slots in the cache (a power of two; 16 bytes each).
const EVAL_SLOTS: usize = 1 << 16;

impl EvalCache {
    pub(crate) fn new() -> EvalCache {
        EvalCache {
            slots: vec![(0, 0); EVAL_SLOTS],
        }
    }

    pub(crate) fn clear(&mut self) {
        self.slots.fill((0, 0));
    }

    /// The score of `pos` for the side to move.
    #[inline]
    pub(crate) fn score(&mut self, eval: &dyn Evaluator, pos: &Position) -> i32 {
        let key = pos.hash();
        let slot = &mut self.slots[(key as usize) & (EVAL_SLOTS - 1)];
        // the key 0 marks an empty slot: such a position is scored every time
        if slot.0 == key && key != 0 {
            return slot.1;
        }
        let s = eval.score(pos, pos.turn());
        *slot = (key, s);
        s
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)] // test code: a failure is a test failure
    use super::*;
    use koma_rules::GameId;

    #[test]
    fn the_eval_cache_answers_as_the_evaluation_does() {
        let eval = crate::eval::evaluator(GameId::Shogi);
        let mut cache = EvalCache::new();
        let mut pos = koma_rules::Game::new(GameId::Shogi, koma_rules::RuleOptions::default())
            .start()
            .clone();
        for ply in 0..60 {
            let moves = pos.legal_moves();
            let Some(&mv) = moves.get((ply * 7) % moves.len().max(1)) else {
                break;
            };
            assert!(pos.try_play(mv));
            let want = eval.score(&pos, pos.turn());
            // the first ask fills the slot, the second reads it
            assert_eq!(cache.score(eval, &pos), want);
            assert_eq!(cache.score(eval, &pos), want);
            let slot = cache.slots[(pos.hash() as usize) & (EVAL_SLOTS - 1)];
            assert_eq!(slot, (pos.hash(), want));
        }
        cache.clear();
        assert!(cache.slots.iter().all(|&s| s == (0, 0)));
    }
}
