//! Quick pairing's pools and how waiting players are grouped (the rules; the API is
//! [`crate::pools`], the transaction that pairs is [`crate::db::Db::pair`]).
//!
//! Decisions:
//! - A few fixed pools a game id, each one clock (its id `<game id>-<speed>`).
//! - Players are taken oldest first; each is paired with the nearest in rating within a range
//!   that widens while they wait: 100 points, plus 20 a second waited by the longer waiter,
//!   at most 500 (the hexagon for three: the two nearest, each within the range).
//! - A waiting player unheard of for 10 seconds has left its pool.

use koma_rules::GameId;

use crate::rating::Speed;

/// A pool: a game id with one clock (configuration: its game is the id's first part).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Pool {
    /// Its id (`<game id>-<speed>`).
    pub id: &'static str,
    /// The clock, as the app writes it.
    pub clock: &'static str,
}

/// Every pool.
pub const POOLS: [Pool; 7] = [
    Pool {
        id: "shogi-blitz",
        clock: "180+10",
    },
    Pool {
        id: "shogi-rapid",
        clock: "600+30",
    },
    Pool {
        id: "minishogi-blitz",
        clock: "180+10",
    },
    Pool {
        id: "shogi66-blitz",
        clock: "180+10",
    },
    Pool {
        id: "chushogi-rapid",
        clock: "600+20",
    },
    Pool {
        id: "sangoku-rapid",
        clock: "600+10",
    },
    Pool {
        id: "sangoku2-blitz",
        clock: "180+10",
    },
];

/// A waiting player unheard of for this long leaves its pool (ms).
pub const UNHEARD_MS: i64 = 10_000;

impl Pool {
    /// The pool of id `id`.
    pub fn get(id: &str) -> Option<Pool> {
        POOLS.into_iter().find(|p| p.id == id)
    }

    /// Its game (the id's part before its speed).
    pub fn game(&self) -> GameId {
        self.id
            .rsplit_once('-')
            .and_then(|(g, _)| g.parse().ok())
            .unwrap_or_default()
    }

    /// Its clock.
    pub fn control(&self) -> koma_rules::clock::TimeControl {
        self.clock.parse().unwrap_or_default()
    }

    /// Its speed.
    pub fn speed(&self) -> Speed {
        Speed::of(&self.control())
    }

    /// Players a game.
    pub fn players(&self) -> usize {
        usize::from(koma_rules::Variant::get(self.game()).players())
    }
}

/// A waiting player as the pairing sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct Waiting {
    /// Its account's id.
    pub account_id: String,
    /// Its account's name.
    pub name: String,
    /// Its rating for the pool's game id and speed.
    pub rating: f64,
    /// When it joined (ms).
    pub joined_ms: i64,
}

/// The rating range of a player who has waited `waited_ms`.
fn range(waited_ms: i64) -> f64 {
    (100.0 + 20.0 * (waited_ms.max(0) as f64 / 1000.0)).min(500.0)
}

/// Groups of `size` among `waiting` (indices), oldest first, each player with the nearest in
/// rating within the range of the longer waiter.
pub fn groups(waiting: &[Waiting], size: usize, now: i64) -> Vec<Vec<usize>> {
    let mut order: Vec<usize> = (0..waiting.len()).collect();
    order.sort_by_key(|&i| (waiting[i].joined_ms, i));
    let mut used = vec![false; waiting.len()];
    let mut out = Vec::new();
    for &i in &order {
        if used[i] {
            continue;
        }
        let me = &waiting[i];
        let reach = range(now - me.joined_ms);
        // the others within reach, nearest first (the first in line wins a tie)
        let mut near: Vec<usize> = order
            .iter()
            .copied()
            .filter(|&j| j != i && !used[j])
            .filter(|&j| (waiting[j].rating - me.rating).abs() <= reach)
            .collect();
        near.sort_by(|&a, &b| {
            let da = (waiting[a].rating - me.rating).abs();
            let db = (waiting[b].rating - me.rating).abs();
            da.total_cmp(&db)
        });
        if near.len() + 1 >= size {
            let mut group = vec![i];
            group.extend(near.into_iter().take(size - 1));
            for &g in &group {
                used[g] = true;
            }
            out.push(group);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(rating: f64, joined_ms: i64) -> Waiting {
        Waiting {
            account_id: format!("{rating}-{joined_ms}"),
            name: String::new(),
            rating,
            joined_ms,
        }
    }

    #[test]
    fn every_pool_reads_its_clock_and_game() {
        for p in POOLS {
            assert_ne!(p.control(), Default::default(), "{}", p.id);
            assert_eq!(format!("{}-{}", p.game().as_str(), p.speed().id()), p.id);
        }
        assert_eq!(Pool::get("sangoku-rapid").map(|p| p.players()), Some(3));
        assert_eq!(Pool::get("nope"), None);
    }

    #[test]
    fn players_pair_with_the_nearest_rating_in_reach() {
        let now = 100_000;
        // all just joined: 1500 with 1550 (not 1700, out of reach), 1700 waits
        let fresh = [w(1500.0, now), w(1700.0, now), w(1550.0, now)];
        assert_eq!(groups(&fresh, 2, now), vec![vec![0, 2]]);
        // after 10 s the range is 300: 1700 reaches 1500 too
        let later = [w(1500.0, now - 10_000), w(1700.0, now - 10_000)];
        assert_eq!(groups(&later, 2, now), vec![vec![0, 1]]);
        // never one player in two groups; an odd one out waits
        let many: Vec<Waiting> = (0..5).map(|i| w(1500.0 + f64::from(i), now)).collect();
        let g = groups(&many, 2, now);
        assert_eq!(g.len(), 2);
        let mut seen: Vec<usize> = g.concat();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), 4);
        // three a game
        let three = [
            w(1500.0, now),
            w(1510.0, now),
            w(2000.0, now),
            w(1490.0, now),
        ];
        assert_eq!(groups(&three, 3, now), vec![vec![0, 1, 3]]);
        assert!(groups(&three[..2], 3, now).is_empty());
    }
}
