//! **The sums brought from the position before.** A network keeps the first layer's sums of
//! the positions it scored last (`Sums`: both players' views but the kings' zones, a slot
//! a position by its hash, with the board and hands they were counted from). A position
//! whose parent (the position before its last move) has a slot takes the parent's sums, takes
//! away the rows of the pieces and hand counts that are gone and adds those that came: two
//! to six rows a view for a move, where a view counted afresh adds every input (about 70 in
//! a shogi middle game). A king's move changes every piece's offset from it, so that position
//! is counted afresh; so is one whose parent was not scored. The kings' zones change with
//! most moves and are added afresh each time. A position met again is brought the same way
//! from its own slot (nothing differs), so a slot that holds another position of the same
//! hash gives the right sums all the same.
//!
//! The scores do not depend on what was scored before: every weight read from a file is a
//! whole number of [`UNIT`]ths, and the sums (well within 2^11) are then exact in `f32`
//! whatever the order of the additions, so a sum brought from another position is the same,
//! bit for bit, as one counted afresh (a test plays random games to check it), and the search
//! stays deterministic. A thread scoring with a network another thread is using counts
//! afresh.
//!
//! Counted afresh, both views' inputs are gathered in one pass over the board and each view's
//! rows are then added with the sums held in registers (a first layer of 33, 17 or 65 sums a
//! view).

use koma_rules::{Piece, Player, Position};

use super::inputs::hand_kinds;
use super::*;

/// A network's [`Sums`], for one thread at a time (another counts afresh); a copy of the
/// network starts without them, and they never make two networks differ.
#[derive(Default)]
pub(super) struct SumCache(pub(super) std::sync::Mutex<Option<Box<Sums>>>);

impl Clone for SumCache {
    fn clone(&self) -> Self {
        SumCache::default()
    }
}

impl PartialEq for SumCache {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl std::fmt::Debug for SumCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SumCache")
    }
}

/// Slots of [`Sums`] (a power of two).
pub(super) const SLOTS: usize = 1 << 12;
/// The most rows [`Net::sums`] takes away or adds in a view to bring one position's sums to
/// another's (a move changes at most 3 cells, each with a piece's cell and two offsets, and
/// a hand).
pub(super) const DELTA: usize = 32;

/// The first layer's sums of both players' views but the kings' zones, of the positions a
/// network scored last, a slot a position (by its hash), with the board and hands they were
/// counted from: a position whose parent (the position before its last move) has a slot
/// takes the parent's sums and the rows of what differs between the two.
pub(super) struct Sums {
    /// Positions whose sums came from another's (for the tests).
    #[cfg(test)]
    pub(super) brought: u64,
    width: usize,
    cells: usize,
    hand: usize,
    keys: Vec<u64>,
    sums: Vec<f32>,
    boards: Vec<Piece>,
    hands: Vec<u8>,
}

impl Sums {
    pub(super) fn new(net: &Net, pos: &Position) -> Sums {
        let (width, cells, hand) = (net.hidden + 1, pos.board().len(), net.inputs.hand_kinds);
        Sums {
            #[cfg(test)]
            brought: 0,
            width,
            cells,
            hand,
            keys: vec![0; SLOTS],
            sums: vec![0.0; SLOTS * 2 * width],
            boards: vec![Piece::EMPTY; SLOTS * cells],
            hands: vec![0; SLOTS * 2 * hand],
        }
    }

    /// The slot holding the position of hash `key`.
    #[inline]
    pub(super) fn find(&self, key: u64) -> Option<usize> {
        let slot = key as usize & (SLOTS - 1);
        // the key 0 marks an empty slot
        (key != 0 && self.keys[slot] == key).then_some(slot)
    }

    #[inline]
    pub(super) fn read(&self, slot: usize, acc: &mut [[f32; MAX_HIDDEN + 1]; 2]) {
        let w = self.width;
        for (view, a) in acc.iter_mut().enumerate() {
            let at = (slot * 2 + view) * w;
            a[..w].copy_from_slice(&self.sums[at..at + w]);
        }
    }

    pub(super) fn board(&self, slot: usize) -> &[Piece] {
        &self.boards[slot * self.cells..(slot + 1) * self.cells]
    }

    /// The hands' counts, the first player's kinds then the second's ([`hand_kinds`]).
    pub(super) fn hands(&self, slot: usize) -> &[u8] {
        &self.hands[slot * 2 * self.hand..(slot + 1) * 2 * self.hand]
    }

    pub(super) fn write(
        &mut self,
        key: u64,
        pos: &Position,
        inputs: &Inputs,
        acc: &[[f32; MAX_HIDDEN + 1]; 2],
    ) {
        let slot = key as usize & (SLOTS - 1);
        let w = self.width;
        self.keys[slot] = key;
        for (view, a) in acc.iter().enumerate() {
            let at = (slot * 2 + view) * w;
            self.sums[at..at + w].copy_from_slice(&a[..w]);
        }
        self.boards[slot * self.cells..(slot + 1) * self.cells].copy_from_slice(pos.board());
        let hands = &mut self.hands[slot * 2 * self.hand..(slot + 1) * 2 * self.hand];
        for (who, player) in [Player::FIRST, Player(1)].into_iter().enumerate() {
            for (j, &kind) in hand_kinds(pos, inputs).enumerate() {
                hands[who * self.hand + j] = pos.hand(player, kind);
            }
        }
    }
}

impl Net {
    /// The first layer's sums of both players' views of `pos` (by player) but the kings'
    /// zones, from the sums of a position scored before where the cache has them ([`Sums`]),
    /// else counted afresh.
    #[inline]
    pub(super) fn sums(&self, pos: &Position, acc: &mut [[f32; MAX_HIDDEN + 1]; 2]) {
        // another thread scoring with the same network counts afresh rather than waits
        let Ok(mut cache) = self.cache.0.try_lock() else {
            self.fresh_sums(pos, acc);
            return;
        };
        let cache = cache.get_or_insert_with(|| Box::new(Sums::new(self, pos)));
        if cache.width != self.hidden + 1 || cache.cells != pos.board().len() {
            self.fresh_sums(pos, acc);
            return;
        }
        let key = pos.hash();
        // the position's own slot, else its parent's: either way the sums are brought by what
        // differs from the board and hands kept there (none, unless two positions share a
        // hash), so a slot that holds another position never gives wrong sums
        let from_parent = [Some(key), pos.parent_hash()]
            .into_iter()
            .flatten()
            .find_map(|h| cache.find(h))
            .is_some_and(|slot| self.sums_from(pos, cache, slot, acc));
        if !from_parent {
            self.fresh_sums(pos, acc);
        }
        #[cfg(test)]
        {
            cache.brought += u64::from(from_parent);
        }
        cache.write(key, pos, &self.inputs, acc);
    }

    /// The sums of [`Net::sums`] counted afresh.
    pub(super) fn fresh_sums(&self, pos: &Position, acc: &mut [[f32; MAX_HIDDEN + 1]; 2]) {
        let n = self.hidden + 1;
        let mut rows = [[0usize; ROWS]; 2];
        let mut len = [0usize; 2];
        for a in acc.iter_mut() {
            a[..n].copy_from_slice(&self.b1);
        }
        self.inputs.each_but_zones(pos, |view, i| {
            if len[view] == ROWS {
                self.add_rows(&rows[view], &mut acc[view][..n]);
                len[view] = 0;
            }
            rows[view][len[view]] = i;
            len[view] += 1;
        });
        for view in 0..2 {
            self.add_rows(&rows[view][..len[view]], &mut acc[view][..n]);
        }
    }

    /// The sums of [`Net::sums`] brought from those of the position in the cache's `slot` by
    /// the inputs of the cells and hands that differ; false (and `acc` to be counted afresh)
    /// where a king stands elsewhere (every piece's offset from it changes) or too much
    /// differs.
    pub(super) fn sums_from(
        &self,
        pos: &Position,
        cache: &Sums,
        slot: usize,
        acc: &mut [[f32; MAX_HIDDEN + 1]; 2],
    ) -> bool {
        let inputs = &self.inputs;
        let g = &pos.variant().geometry;
        let players = [Player::FIRST, Player(1)];
        let kings = players.map(|me| inputs.kings(pos, me, false));
        // the rows to take away and to add, by view
        let mut gone = [[0usize; DELTA]; 2];
        let mut came = [[0usize; DELTA]; 2];
        let (mut ng, mut nc) = ([0usize; 2], [0usize; 2]);
        let mut fits = true;
        let mut push = |rows: &mut [[usize; DELTA]; 2], n: &mut [usize; 2], view: usize, i| {
            if n[view] < DELTA {
                rows[view][n[view]] = i;
                n[view] += 1;
            } else {
                fits = false;
            }
        };
        let (board, before) = (pos.board(), cache.board(slot));
        for (c, (&now, &was)) in g.cells().zip(board.iter().zip(before)) {
            if now == was {
                continue;
            }
            for (p, added) in [(was, false), (now, true)] {
                if p.is_empty() {
                    continue;
                }
                let k = p.kind().index();
                if k == 0 {
                    return false;
                }
                for (view, me) in players.into_iter().enumerate() {
                    let rel = usize::from(p.owner() != me);
                    let at = inputs.frame(me, false, g.coords(c));
                    inputs.piece_inputs(rel, k, at, &kings[view], &mut |i| {
                        if added {
                            push(&mut came, &mut nc, view, i);
                        } else {
                            push(&mut gone, &mut ng, view, i);
                        }
                    });
                }
            }
        }
        let held = cache.hands(slot);
        for (who, player) in players.into_iter().enumerate() {
            for (j, &kind) in hand_kinds(pos, inputs).enumerate() {
                let k = kind.index();
                let now = (pos.hand(player, kind) as usize).min(HAND_STEPS);
                let was = (held[who * cache.hand + j] as usize).min(HAND_STEPS);
                for view in 0..2 {
                    let rel = usize::from(view != who);
                    for s in now..was {
                        push(&mut gone, &mut ng, view, inputs.hand_input(rel, k, s));
                    }
                    for s in was..now {
                        push(&mut came, &mut nc, view, inputs.hand_input(rel, k, s));
                    }
                }
            }
        }
        if !fits {
            return false;
        }
        let n = self.hidden + 1;
        cache.read(slot, acc);
        for view in 0..2 {
            let a = &mut acc[view][..n];
            for &i in &gone[view][..ng[view]] {
                for (x, w) in a.iter_mut().zip(&self.w1[i * n..(i + 1) * n]) {
                    *x -= w;
                }
            }
            self.add_rows(&came[view][..nc[view]], a);
        }
        true
    }

    /// Adds the first layer's rows of the inputs `rows` to `acc`, eight units at a time over
    /// all the rows (the eight sums stay in registers, where adding row by row loads and
    /// stores every sum once a row).
    #[inline]
    pub(super) fn add_rows(&self, rows: &[usize], acc: &mut [f32]) {
        match acc.len() {
            33 => self.add_rows_of::<33>(rows, acc),
            17 => self.add_rows_of::<17>(rows, acc),
            65 => self.add_rows_of::<65>(rows, acc),
            n => {
                for &i in rows {
                    for (a, w) in acc.iter_mut().zip(&self.w1[i * n..(i + 1) * n]) {
                        *a += w;
                    }
                }
            }
        }
    }

    #[inline]
    pub(super) fn add_rows_of<const N: usize>(&self, rows: &[usize], acc: &mut [f32]) {
        let mut sums = [0.0f32; N];
        sums.copy_from_slice(&acc[..N]);
        for &i in rows {
            let Some(w) = self.w1.get(i * N..(i + 1) * N) else {
                continue;
            };
            for k in 0..N {
                sums[k] += w[k];
            }
        }
        acc[..N].copy_from_slice(&sums);
    }
}
