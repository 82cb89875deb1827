//! Move ordering: the hash move, captures by MVV-LVA (those that lose on the static exchange
//! after the quiet moves), promotions, two killers a ply, then quiet moves by history.

use koma_rules::Move;

use super::MAX_PLY;
use super::alphabeta::Searcher;

/// The moves of a node in the order they are searched: by their keys, highest first, and
/// among equal keys in the rules' order (stable: quiet moves of equal history keep the pieces'
/// moves before the drops, so that the late moves skipped near the leaves are drops, in shogi
/// hundreds of them; an unstable sort mixes them, and played clearly weaker in a match: see
/// `docs/engine.md`, "Measured decisions").
///
/// Most nodes that cut do so at one of their first moves, so the first [`Picker::LAZY`] are
/// picked one at a time (the first of the highest left, moved to the front with the others
/// kept in order) and the rest sorted only when asked for: the same order as a stable sort of
/// them all, without sorting the hundred moves and more of a shogi node that cuts at its
/// first.
pub(super) struct Picker {
    pub(super) moves: Vec<Ordered>,
    pub(super) next: usize,
}

impl Picker {
    /// The moves picked one at a time before the rest are sorted.
    const LAZY: usize = 3;

    /// The next move: the first of the highest keys left (then, from the [`Picker::LAZY`]th
    /// on, the rest in a stable sort). A capture's static exchange (`see`) is worked out only
    /// once it would be picked, or when the rest are sorted: one that loses goes below the
    /// quiet moves, as it would with its exchange worked out in advance, so the order is the
    /// same; a node that cuts at its first moves never works out the exchanges of the others.
    pub(super) fn next_with(&mut self, see: impl Fn(Move) -> i32) -> Option<Ordered> {
        let i = self.next;
        if i >= self.moves.len() {
            return None;
        }
        let rest = &mut self.moves[i..];
        if i < Self::LAZY {
            loop {
                // the first of the highest keys
                let mut top = 0;
                for (j, o) in rest.iter().enumerate().skip(1) {
                    if o.key > rest[top].key {
                        top = j;
                    }
                }
                if rest[top].pending {
                    rest[top].resolve(&see);
                    continue;
                }
                rest[..=top].rotate_right(1);
                break;
            }
        } else if i == Self::LAZY {
            for o in rest.iter_mut().filter(|o| o.pending) {
                o.resolve(&see);
            }
            rest.sort_by_key(|o| std::cmp::Reverse(o.key));
        }
        self.next += 1;
        Some(rest[0])
    }
}

/// A scored move for ordering.
#[derive(Copy, Clone)]
pub(super) struct Ordered {
    pub(super) mv: Move,
    pub(super) key: i32,
    pub(super) capture: bool,
    /// A capture that loses material on the static exchange.
    pub(super) losing: bool,
    /// A capture whose exchange is not yet worked out (its key as if it did not lose).
    pub(super) pending: bool,
    /// The table's move: first whatever its exchange.
    pub(super) hash: bool,
}

impl Ordered {
    /// Work out a pending capture's exchange: one that loses goes below the quiet moves.
    fn resolve(&mut self, see: &impl Fn(Move) -> i32) {
        self.pending = false;
        if see(self.mv) < 0 {
            self.losing = true;
            if !self.hash {
                self.key -= 2_000_000;
            }
        }
    }
}

impl Searcher<'_> {
    pub(super) fn order(&self, moves: &[Move], tt_move: Option<Move>, ply: usize) -> Picker {
        let killers = self.killers[ply.min(MAX_PLY)];

        let out: Vec<Ordered> = moves
            .iter()
            .map(|&mv| {
                let victim = self.victim(mv);
                // a capture that loses on the exchange comes after the quiet moves: its
                // exchange is worked out when it would be picked (`Picker::next_with`)
                let pending = victim.is_some();
                let hash = Some(mv) == tt_move;
                let key = if hash {
                    2_000_000
                } else if let Some(v) = victim {
                    let attacker = mv
                        .from()
                        .map_or(0, |f| self.eval.value(self.pos.piece(f).kind()));
                    1_000_000 + v * 16 - attacker / 16
                } else if matches!(mv, Move::Board { promote: true, .. }) {
                    900_000
                } else if Some(mv) == killers[0] {
                    800_000
                } else if Some(mv) == killers[1] {
                    790_000
                } else {
                    self.history[self.history_index(mv)]
                };
                Ordered {
                    mv,
                    key,
                    capture: victim.is_some(),
                    losing: false,
                    pending,
                    hash,
                }
            })
            .collect();
        Picker {
            moves: out,
            next: 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_picker_works_out_exchanges_late_in_the_same_order() {
        // keys and exchanges of made-up moves (drops to cells 0..n): the picker, working out a
        // capture's exchange only when it would pick it, gives the order of a stable sort by
        // the keys with every losing capture's lowered in advance
        let mut rng = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng
        };
        for _ in 0..200 {
            let n = (next() % 12 + 1) as u8;
            let see: Vec<i32> = (0..n).map(|_| (next() % 5) as i32 - 2).collect();
            let moves: Vec<Ordered> = (0..n)
                .map(|i| {
                    let capture = next() % 2 == 0;
                    Ordered {
                        mv: Move::Drop {
                            kind: koma_rules::Kind(1),
                            to: koma_rules::Cell(i),
                        },
                        key: if capture { 1_000_000 } else { 0 } + (next() % 4) as i32,
                        capture,
                        losing: false,
                        pending: capture,
                        hash: i == 0 && next() % 3 == 0,
                    }
                })
                .collect();
            let at = |m: Move| match m {
                Move::Drop { to, .. } => see[to.index()],
                _ => 0,
            };
            let mut eager = moves.clone();
            for o in eager.iter_mut().filter(|o| o.pending) {
                o.resolve(&at);
            }
            eager.sort_by_key(|o| std::cmp::Reverse(o.key));
            let mut picker = Picker { moves, next: 0 };
            let mut lazy = Vec::new();
            while let Some(o) = picker.next_with(at) {
                lazy.push((o.mv, o.losing));
            }
            let want: Vec<(Move, bool)> = eager.iter().map(|o| (o.mv, o.losing)).collect();
            assert_eq!(lazy, want);
        }
    }
}
