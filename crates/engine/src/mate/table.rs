//! The solver's transposition table: proof and disproof numbers by position, bounded.
//!
//! Positions are found by their board (the hash without the hands, [`Place::board`]), so that
//! the positions that differ only in what the players hold share a bucket, and a proof or a
//! disproof is reused across hands that dominate one another ([`Table::look`]): what mates
//! with some pieces in the attacker's hand and some in the defender's mates as well with more
//! for the attacker and fewer for the defender, and a position that does not mate does not with
//! fewer for the attacker and more for the defender.
//!
//! Buckets of four entries, chosen by the position's board hash. The table starts small (a
//! short problem is solved without touching `--hash` megabytes) and doubles, its entries moved
//! over, whenever three quarters of it are used (or an eighth, and a bucket overflows), up to as
//! many buckets as `--hash` megabytes hold; it never grows past them. When a bucket is full, the entry that cost the least work
//! to learn (its subtree's node count, `amount`) makes room, proved and disproved entries
//! last: that is the garbage collection of the strong df-pn solvers, done a bucket at a time as
//! entries arrive, so that what is costly to learn again stays.

/// Proof or disproof number of a decided position: infinite.
pub const INF: u32 = u32::MAX / 2;

/// Where a position is: its hash, its board's, and the two hands.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Place {
    /// The position's hash ([`koma_rules::Position::hash`]).
    pub key: u64,
    /// The hash without the hands ([`koma_rules::Position::board_key`]).
    pub board: u64,
    /// The attacker's hand ([`koma_rules::Position::packed_hand`]).
    pub attacker: u64,
    /// The defender's hand.
    pub defender: u64,
}

impl Place {
    /// The place of `pos`, where `attacker` mates.
    pub fn of(pos: &koma_rules::Position, attacker: koma_rules::Player) -> Place {
        let defender = if pos.turn() == attacker {
            pos.turn().opponent()
        } else {
            pos.turn()
        };
        Place {
            key: pos.hash(),
            board: pos.board_key(),
            attacker: pos.packed_hand(attacker),
            defender: pos.packed_hand(defender),
        }
    }

    /// The place of the same position searched with the defender's moves on the board alone
    /// (a free capture's rest in a bounded search), kept apart from the position's own.
    pub fn board_only(self) -> Place {
        const APART: u64 = 0x9e37_79b9_7f4a_7c15;
        Place {
            key: self.key ^ APART,
            board: self.board ^ APART,
            ..self
        }
    }
}

/// Whether hand `a` holds at least what hand `b` holds, kind by kind.
fn covers(a: u64, b: u64) -> bool {
    (0..8).all(|k| (a >> (8 * k)) & 0xff >= (b >> (8 * k)) & 0xff)
}

/// What the search learnt of a position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Where the position is.
    pub place: Place,
    /// Proof number: 0 when proved, [`INF`] when disproved.
    pub pn: u32,
    /// Disproof number: [`INF`] when proved, 0 when disproved.
    pub dn: u32,
    /// Nodes searched below the position (saturating).
    pub amount: u32,
    /// For a proved position, the plies to mate: the attacker's fewest, the defender's most,
    /// among the moves proved. In a table of bounded searches ([`super::tsume`]), for a
    /// position not proved, the plies left it was searched with (a disproof holds within
    /// them and any fewer).
    pub plies: i32,
}

impl Entry {
    /// Whether the position is proved or disproved.
    pub fn decided(&self) -> bool {
        self.pn == 0 || self.dn == 0
    }
}

const WAYS: usize = 4;

/// What an entry holds besides its keys.
#[derive(Copy, Clone, Debug, Default)]
struct Data {
    attacker: u64,
    defender: u64,
    pn: u32,
    dn: u32,
    amount: u32,
    plies: i32,
}

/// Four entries, their keys first: a look that finds nothing reads one cache line (the keys
/// and the boards), the rest only for an entry of the same board. A key of 0 is a free way
/// (a position whose hash is 0 is kept under 1).
#[derive(Copy, Clone, Debug)]
#[repr(align(64))]
struct Bucket {
    keys: [u64; WAYS],
    boards: [u64; WAYS],
    data: [Data; WAYS],
}

const EMPTY: Bucket = Bucket {
    keys: [0; WAYS],
    boards: [0; WAYS],
    data: [Data {
        attacker: 0,
        defender: 0,
        pn: 0,
        dn: 0,
        amount: 0,
        plies: 0,
    }; WAYS],
};

fn stored_key(key: u64) -> u64 {
    key.max(1)
}

impl Bucket {
    fn entry(&self, i: usize) -> Entry {
        let d = self.data[i];
        Entry {
            place: Place {
                key: self.keys[i],
                board: self.boards[i],
                attacker: d.attacker,
                defender: d.defender,
            },
            pn: d.pn,
            dn: d.dn,
            amount: d.amount,
            plies: d.plies,
        }
    }

    fn set(&mut self, i: usize, e: &Entry) {
        self.keys[i] = stored_key(e.place.key);
        self.boards[i] = e.place.board;
        self.data[i] = Data {
            attacker: e.place.attacker,
            defender: e.place.defender,
            pn: e.pn,
            dn: e.dn,
            amount: e.amount,
            plies: e.plies,
        };
    }
}

/// The buckets a table starts with (at most): 4,096, under a megabyte.
const FIRST_BUCKETS: usize = 4096;

/// The table.
pub struct Table {
    buckets: Vec<Bucket>,
    /// The most buckets the megabytes hold.
    most: usize,
    stored: usize,
}

impl Table {
    /// A table of at most `mb` megabytes (at least one bucket).
    pub fn new(mb: usize) -> Table {
        let most = (mb.max(1) * 1024 * 1024 / std::mem::size_of::<Bucket>()).max(1);
        Table {
            buckets: vec![EMPTY; most.min(FIRST_BUCKETS)],
            most,
            stored: 0,
        }
    }

    /// The bytes the table holds now (never more than its megabytes).
    pub fn bytes(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Bucket>()
    }

    /// How many entries are stored.
    pub fn stored(&self) -> usize {
        self.stored
    }

    /// How many entries fit in the table's megabytes.
    pub fn capacity(&self) -> usize {
        self.most * WAYS
    }

    /// Twice the buckets (or as many as the megabytes hold), every entry moved over.
    fn grow(&mut self) {
        let n = (self.buckets.len() * 2).min(self.most);
        let old = std::mem::replace(&mut self.buckets, vec![EMPTY; n]);
        self.stored = 0;
        for b in &old {
            for i in 0..WAYS {
                if b.keys[i] != 0 {
                    self.put(b.entry(i));
                }
            }
        }
    }

    fn bucket(&self, board: u64) -> usize {
        (board % self.buckets.len() as u64) as usize
    }

    /// Read the first word of the bucket of each of `places`, one after another with nothing
    /// in between: their cache misses overlap, and the looks that follow find the lines
    /// fetched (a look waits for its memory; a dozen of them one by one wait a dozen times).
    pub fn touch<'p>(&self, places: impl Iterator<Item = &'p Place>) {
        let mut any = 0;
        for p in places {
            any ^= self.buckets[self.bucket(p.board)].keys[0];
        }
        std::hint::black_box(any);
    }

    /// The position's own entry, if the table holds it.
    pub fn exact(&self, place: &Place) -> Option<Entry> {
        let bucket = &self.buckets[self.bucket(place.board)];
        let key = stored_key(place.key);
        let i = bucket.keys.iter().position(|&k| k == key)?;
        Some(bucket.entry(i))
    }

    /// What is known of the position at `place`: its own entry when it is decided, else a
    /// proof or a disproof of the same board whose hands it covers, else its own numbers. A
    /// proof's entry keeps the hands it holds for (the attacker's least, the defender's most),
    /// a disproof's those it was searched with; the entry returned has the position's keys and
    /// those hands.
    pub fn look(&self, place: &Place) -> Option<Entry> {
        let bucket = &self.buckets[self.bucket(place.board)];
        let key = stored_key(place.key);
        let own = bucket.keys.iter().position(|&k| k == key);
        if let Some(i) = own {
            return Some(bucket.entry(i));
        }
        for i in 0..WAYS {
            if bucket.keys[i] == 0 || bucket.boards[i] != place.board || Some(i) == own {
                continue;
            }
            let e = &bucket.data[i];
            let (at, de) = (e.attacker, e.defender);
            let stronger = covers(place.attacker, at) && covers(de, place.defender);
            let weaker = covers(at, place.attacker) && covers(place.defender, de);
            if (e.pn == 0 && stronger) || (e.dn == 0 && weaker) {
                let found = bucket.entry(i);
                return Some(Entry {
                    place: Place {
                        key: place.key,
                        board: place.board,
                        ..found.place
                    },
                    ..found
                });
            }
        }
        own.map(|i| bucket.entry(i))
    }

    /// Store `e`, replacing the entry of the same position, or a free one, or the one of least
    /// work (undecided ones before decided ones); an entry of no work (a first number) takes
    /// no room from one that cost some.
    pub fn put(&mut self, e: Entry) {
        if self.buckets.len() < self.most && self.stored * 4 >= self.buckets.len() * WAYS * 3 {
            self.grow();
        }
        let b = self.bucket(e.place.board);
        let key = stored_key(e.place.key);
        let bucket = &mut self.buckets[b];
        if let Some(i) = bucket.keys.iter().position(|&k| k == key) {
            bucket.set(i, &e);
            return;
        }
        if let Some(i) = bucket.keys.iter().position(|&k| k == 0) {
            bucket.set(i, &e);
            self.stored += 1;
            return;
        }
        // a full bucket in a table an eighth full: the problem is no short one, room is made
        if self.buckets.len() < self.most && self.stored * 8 >= self.buckets.len() * WAYS {
            self.grow();
            return self.put(e);
        }
        let bucket = &mut self.buckets[b];
        let cost = |i: usize| {
            let d = &bucket.data[i];
            (d.pn == 0 || d.dn == 0, d.amount)
        };
        let Some(i) = (0..WAYS).min_by_key(|&i| cost(i)) else {
            return;
        };
        if e.amount == 0 && !e.decided() && cost(i) > (false, 0) {
            return;
        }
        bucket.set(i, &e);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn place(key: u64) -> Place {
        Place {
            key,
            board: key,
            attacker: 0,
            defender: 0,
        }
    }

    fn entry(key: u64, amount: u32) -> Entry {
        Entry {
            place: place(key),
            pn: 1,
            dn: 1,
            amount,
            plies: 0,
        }
    }

    #[test]
    fn the_table_grows_to_its_megabytes_never_past_and_keeps_the_costly_entries() {
        let mut t = Table::new(4);
        let cap = t.capacity();
        assert!(t.bytes() < 4 * 1024 * 1024 && cap > 4000);
        for k in 0..(cap as u64 * 3) {
            t.put(entry(k, (k % 7) as u32));
            assert!(t.bytes() <= 4 * 1024 * 1024);
        }
        assert_eq!(t.stored(), cap);
        assert_eq!(t.capacity(), cap);
        let bytes = t.bytes();
        assert!(bytes > 4 * 1024 * 1024 - std::mem::size_of::<Bucket>());
        // what is stored while it grows is found after
        let mut small = Table::new(4);
        for k in 0..5000 {
            small.put(entry(k, 1));
        }
        assert!((0..5000).all(|k| small.look(&place(k)).is_some()));
        assert!(small.bytes() < bytes);
        let kept = (0..cap as u64 * 3)
            .filter_map(|k| t.look(&place(k)))
            .collect::<Vec<_>>();
        assert_eq!(kept.len(), cap);
        // in one bucket: the entries of most work stay, and decided ones before them
        let mut t1 = Table::new(1);
        let n = t1.buckets.len() as u64;
        let at = |i: u64| i * n;
        for (i, amount) in [10, 20, 30, 40, 1, 2, 3].into_iter().enumerate() {
            t1.put(entry(at(i as u64), amount));
        }
        let amounts = |t: &Table| {
            let b = &t.buckets[0];
            let mut a: Vec<u32> = (0..WAYS)
                .filter(|&i| b.keys[i] != 0)
                .map(|i| b.data[i].amount)
                .collect();
            a.sort_unstable();
            a
        };
        assert_eq!(amounts(&t1), [3, 20, 30, 40]);
        t1.put(Entry {
            pn: 0,
            dn: INF,
            ..entry(at(7), 1)
        });
        t1.put(entry(at(8), 50));
        assert_eq!(amounts(&t1), [1, 30, 40, 50]);
        // a position's entry is replaced, not doubled
        let e = kept[0];
        t.put(Entry {
            pn: 0,
            dn: INF,
            ..e
        });
        assert_eq!(t.look(&e.place).map(|x| x.pn), Some(0));
        assert_eq!(t.stored(), cap);
    }
}
