//! The transposition table: what the search learnt of a position, keyed by its Zobrist hash
//! ([`koma_rules::Position::hash`]), one entry a slot, replaced when the new result comes from a
//! search at least as deep or from a later search.

use koma_rules::Move;

/// How a stored score bounds the true one.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The score is exact.
    Exact,
    /// The true score is at least this (a beta cutoff).
    Lower,
    /// The true score is at most this (no move raised alpha).
    Upper,
}

/// One stored result.
#[derive(Copy, Clone, Debug)]
pub struct Entry {
    /// The full hash of the position.
    pub key: u64,
    /// The best move found, if any.
    pub mv: Option<Move>,
    /// The score, mate scores counted from this position.
    pub score: i32,
    /// The depth searched.
    pub depth: i16,
    /// How the score bounds the true one.
    pub bound: Bound,
    /// The search that stored it.
    pub age: u8,
}

/// The table.
pub struct Tt {
    slots: Vec<Option<Entry>>,
    mask: usize,
    age: u8,
}

impl Tt {
    /// A table of about `mb` megabytes (at least one slot; a power of two slots).
    pub fn new(mb: usize) -> Tt {
        let bytes = mb.max(1) * 1024 * 1024;
        let each = std::mem::size_of::<Option<Entry>>().max(1);
        let mut n = 1usize;
        while n * 2 * each <= bytes {
            n *= 2;
        }
        Tt {
            slots: vec![None; n],
            mask: n - 1,
            age: 0,
        }
    }

    /// Forget everything (a new game).
    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = None);
        self.age = 0;
    }

    /// A new search begins: older entries give way first.
    pub fn next_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    /// The entry for `key`, if stored.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.slots[key as usize & self.mask].filter(|e| e.key == key)
    }

    /// Store a result.
    #[inline]
    pub fn store(&mut self, key: u64, mv: Option<Move>, score: i32, depth: i16, bound: Bound) {
        let slot = &mut self.slots[key as usize & self.mask];
        let replace = match slot {
            None => true,
            Some(e) => e.key == key || e.age != self.age || depth >= e.depth,
        };
        if replace {
            // keep the old move when this result has none for the same position
            let mv = mv.or_else(|| slot.filter(|e| e.key == key).and_then(|e| e.mv));
            *slot = Some(Entry {
                key,
                mv,
                score,
                depth,
                bound,
                age: self.age,
            });
        }
    }

    /// How many slots the table has.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Whether the table has no slot (never: it has at least one).
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds_by_the_full_key() {
        let mut t = Tt::new(1);
        assert!(t.len().is_power_of_two());
        t.store(42, Some(Move::Pass), 7, 3, Bound::Exact);
        let e = t.probe(42).expect("stored");
        assert_eq!((e.score, e.depth, e.mv), (7, 3, Some(Move::Pass)));
        // the same slot, another key: not found
        assert!(t.probe(42 + t.len() as u64).is_none());
        t.clear();
        assert!(t.probe(42).is_none());
    }
}
