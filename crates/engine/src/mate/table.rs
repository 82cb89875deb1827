//! The solver's transposition table: proof and disproof numbers by position, bounded.
//!
//! A fixed number of buckets (as many as `--hash` megabytes hold), four entries each, chosen by
//! the position's Zobrist hash; the table never grows. When a bucket is full, the entry that
//! cost the least work to learn (its subtree's node count, `amount`) makes room, proved and
//! disproved entries last: that is the garbage collection of the strong df-pn solvers, done a
//! bucket at a time as entries arrive, so that what is costly to learn again stays.

use koma_rules::Move;

/// Proof or disproof number of a decided position: infinite.
pub const INF: u32 = u32::MAX / 2;

/// What the search learnt of a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The position's hash.
    pub key: u64,
    /// Proof number: 0 when proved, [`INF`] when disproved.
    pub pn: u32,
    /// Disproof number: [`INF`] when proved, 0 when disproved.
    pub dn: u32,
    /// Nodes searched below the position (saturating).
    pub amount: u32,
    /// For a proved position, the plies to mate along the stored moves.
    pub plies: u32,
    /// For a proved position, the move its proof goes on by: the mating line's move (attacker),
    /// or the longest defence (defender).
    pub mv: Option<Move>,
}

impl Entry {
    /// Whether the position is proved or disproved.
    pub fn decided(&self) -> bool {
        self.pn == 0 || self.dn == 0
    }
}

const WAYS: usize = 4;

/// The table.
pub struct Table {
    buckets: Vec<[Option<Entry>; WAYS]>,
    stored: usize,
}

impl Table {
    /// A table of at most `mb` megabytes (at least one bucket).
    pub fn new(mb: usize) -> Table {
        let each = std::mem::size_of::<[Option<Entry>; WAYS]>();
        let n = (mb.max(1) * 1024 * 1024 / each).max(1);
        Table {
            buckets: vec![[None; WAYS]; n],
            stored: 0,
        }
    }

    /// The bytes the table holds (fixed when it is made).
    pub fn bytes(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<[Option<Entry>; WAYS]>()
    }

    /// How many entries are stored.
    pub fn stored(&self) -> usize {
        self.stored
    }

    /// How many entries fit.
    pub fn capacity(&self) -> usize {
        self.buckets.len() * WAYS
    }

    fn bucket(&self, key: u64) -> usize {
        (key % self.buckets.len() as u64) as usize
    }

    /// The entry of the position of hash `key`, if stored.
    pub fn get(&self, key: u64) -> Option<Entry> {
        self.buckets[self.bucket(key)]
            .iter()
            .flatten()
            .find(|e| e.key == key)
            .copied()
    }

    /// Store `e`, replacing the entry of the same position, or a free one, or the one of least
    /// work (undecided ones before decided ones).
    pub fn put(&mut self, e: Entry) {
        let b = self.bucket(e.key);
        let bucket = &mut self.buckets[b];
        if let Some(slot) = bucket
            .iter_mut()
            .find(|s| s.is_some_and(|o| o.key == e.key))
        {
            *slot = Some(e);
            return;
        }
        if let Some(slot) = bucket.iter_mut().find(|s| s.is_none()) {
            *slot = Some(e);
            self.stored += 1;
            return;
        }
        let cost = |s: &Option<Entry>| s.map_or((false, 0), |o| (o.decided(), o.amount));
        if let Some(slot) = bucket.iter_mut().min_by_key(|s| cost(s)) {
            *slot = Some(e);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(key: u64, amount: u32) -> Entry {
        Entry {
            key,
            pn: 1,
            dn: 1,
            amount,
            plies: 0,
            mv: None,
        }
    }

    #[test]
    fn the_table_never_grows_and_keeps_the_costly_entries() {
        let mut t = Table::new(1);
        let cap = t.capacity();
        let bytes = t.bytes();
        assert!(bytes <= 1024 * 1024 && cap > 1000);
        for k in 0..(cap as u64 * 3) {
            t.put(entry(k, (k % 7) as u32));
        }
        assert_eq!(t.stored(), cap);
        assert_eq!(t.bytes(), bytes);
        // in each bucket the costliest entries stayed
        let kept = (0..cap as u64 * 3)
            .filter_map(|k| t.get(k))
            .collect::<Vec<_>>();
        assert_eq!(kept.len(), cap);
        let low = kept.iter().filter(|e| e.amount < 3).count();
        assert!(low < cap / 10, "{low} of {cap} cheap entries kept");
        // a position's entry is replaced, not doubled
        let e = kept[0];
        t.put(Entry {
            pn: 0,
            dn: INF,
            ..e
        });
        assert_eq!(t.get(e.key).map(|x| x.pn), Some(0));
        assert_eq!(t.stored(), cap);
    }
}
