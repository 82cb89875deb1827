//! Ratings: what a rated game's end does to its players' ratings.
//!
//! Decisions:
//! - One rating an account, game id and speed. Two players (every game id but the hexagon for
//!   three): Glicko-2 ([`skillratings`]' implementation of Glickman's paper, τ = 0.5, the
//!   paper's), each game its own rating period, starting at 1500, deviation 350, volatility
//!   0.06. The hexagon for three (`sangoku`): Weng-Lin (the Bradley-Terry full-pair model of
//!   [`skillratings`]), scaled to read like the others: 1500 and a deviation of 350 to start,
//!   β = 175 (the model's defaults, 25, 25/3 and 25/6, times 42 with the 25 moved to 1500).
//! - The three-player game's ranking is its own: the winner first, the two others second
//!   together (the rules name one winner and two losers, whatever order things happened in); a
//!   game without a winner ranks all three first together.
//! - A rating is provisional while its deviation is 110 or more (a new player's for the first
//!   dozen games or so).
//! - The speed comes from the clock's estimated length, main time + 40 × the increment + 25 ×
//!   every byoyomi period: under 3 minutes bullet, under 8 blitz, under 25 rapid, else classical;
//!   days a move (`3d`) correspondence. A rated game has a clock.

use koma_rules::clock::TimeControl;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2_rating_period};
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team};
use skillratings::{MultiTeamOutcome, Outcomes};

/// A rating as the database keeps it.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Rating {
    /// The rating.
    pub rating: f64,
    /// Its deviation (Glicko-2's RD, Weng-Lin's σ).
    pub deviation: f64,
    /// Glicko-2's volatility (0 for Weng-Lin).
    pub volatility: f64,
    /// Rated games played.
    pub games: i64,
}

/// Where every rating starts (Glicko-2's; Weng-Lin's has no volatility).
pub const START: Rating = Rating {
    rating: 1500.0,
    deviation: 350.0,
    volatility: 0.06,
    games: 0,
};

/// A deviation from which the rating is provisional.
pub const PROVISIONAL_FROM: f64 = 110.0;

/// Weng-Lin's β on this scale.
const WENG_LIN_BETA: f64 = 175.0;

/// The speeds a clock is counted in.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Speed {
    /// Under 3 minutes, estimated.
    Bullet,
    /// Under 8.
    Blitz,
    /// Under 25.
    Rapid,
    /// Longer.
    Classical,
    /// Days a move.
    Correspondence,
}

impl Speed {
    /// Its id (the API's and the database's text).
    pub fn id(self) -> &'static str {
        match self {
            Speed::Bullet => "bullet",
            Speed::Blitz => "blitz",
            Speed::Rapid => "rapid",
            Speed::Classical => "classical",
            Speed::Correspondence => "correspondence",
        }
    }

    /// The speed of a game played with clock `tc`.
    pub fn of(tc: &TimeControl) -> Speed {
        if tc.days_per_move().is_some() {
            return Speed::Correspondence;
        }
        let ms = tc.main_ms
            + 40 * tc.increment_ms
            + 25 * tc.byoyomi_ms * u64::from(tc.periods.max(u32::from(tc.byoyomi_ms > 0)));
        match ms / 1000 {
            s if s < 180 => Speed::Bullet,
            s if s < 480 => Speed::Blitz,
            s if s < 1500 => Speed::Rapid,
            _ => Speed::Classical,
        }
    }
}

/// Whether a rating of deviation `deviation` is provisional.
pub fn provisional(deviation: f64) -> bool {
    deviation >= PROVISIONAL_FROM
}

/// A rating as the API shows it (whole points).
pub fn view(r: &Rating) -> koma_wire::RatingView {
    koma_wire::RatingView {
        rating: r.rating.round() as i64,
        rd: r.deviation.round() as i64,
        provisional: provisional(r.deviation),
        games: r.games,
    }
}

/// Glicko-2: `player` after one rating period of `results` (each an opponent and the player's
/// score, 1, ½ or 0).
pub fn glicko2(player: Rating, results: &[(Rating, f64)]) -> Rating {
    let g = |r: Rating| Glicko2Rating {
        rating: r.rating,
        deviation: r.deviation,
        volatility: r.volatility,
    };
    let results: Vec<(Glicko2Rating, Outcomes)> = results
        .iter()
        .map(|&(o, score)| {
            let outcome = if score > 0.75 {
                Outcomes::WIN
            } else if score < 0.25 {
                Outcomes::LOSS
            } else {
                Outcomes::DRAW
            };
            (g(o), outcome)
        })
        .collect();
    let new = glicko2_rating_period(&g(player), &results, &Glicko2Config::new());
    Rating {
        rating: new.rating,
        deviation: new.deviation,
        volatility: new.volatility,
        games: player.games + results.len() as i64,
    }
}

/// Every seat's ranking (1 first) in a game of `players` seats won by `winner` (none: a draw).
pub fn ranks(players: usize, winner: Option<u8>) -> Vec<usize> {
    (0..players)
        .map(|s| match winner {
            Some(w) if usize::from(w) != s => 2,
            _ => 1,
        })
        .collect()
}

/// The seats' ratings after a game they ranked `ranks` (1 first, equal ranks together):
/// Glicko-2 for two seats, Weng-Lin for more.
pub fn after_game(before: &[Rating], ranks: &[usize]) -> Vec<Rating> {
    if before.len() == 2 && ranks.len() == 2 {
        let score = |me: usize, them: usize| match me.cmp(&them) {
            std::cmp::Ordering::Less => 1.0,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Greater => 0.0,
        };
        return vec![
            glicko2(before[0], &[(before[1], score(ranks[0], ranks[1]))]),
            glicko2(before[1], &[(before[0], score(ranks[1], ranks[0]))]),
        ];
    }
    let teams: Vec<[WengLinRating; 1]> = before
        .iter()
        .map(|r| {
            [WengLinRating {
                rating: r.rating,
                uncertainty: r.deviation,
            }]
        })
        .collect();
    let ranked: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
        .iter()
        .zip(ranks)
        .map(|(t, &r)| (&t[..], MultiTeamOutcome::new(r)))
        .collect();
    let config = WengLinConfig {
        beta: WENG_LIN_BETA,
        ..WengLinConfig::new()
    };
    weng_lin_multi_team(&ranked, &config)
        .into_iter()
        .zip(before)
        .map(|(t, b)| Rating {
            rating: t.first().map_or(b.rating, |r| r.rating),
            deviation: t.first().map_or(b.deviation, |r| r.uncertainty),
            volatility: 0.0,
            games: b.games + 1,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(rating: f64, deviation: f64) -> Rating {
        Rating {
            rating,
            deviation,
            volatility: 0.06,
            games: 0,
        }
    }

    /// Glickman's worked example ("Example of the Glicko-2 system", 2013): 1500/200/0.06 beats
    /// 1400/30, loses to 1550/100 and to 1700/300.
    #[test]
    fn glickmans_worked_example() {
        let after = glicko2(
            r(1500.0, 200.0),
            &[
                (r(1400.0, 30.0), 1.0),
                (r(1550.0, 100.0), 0.0),
                (r(1700.0, 300.0), 0.0),
            ],
        );
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
        assert_eq!(after.games, 3);
    }

    #[test]
    fn a_two_player_game_moves_both_ratings_oppositely() {
        let after = after_game(&[START, START], &ranks(2, Some(0)));
        assert!(after[0].rating > 1500.0 && after[1].rating < 1500.0);
        assert!((after[0].rating - 1500.0 + after[1].rating - 1500.0).abs() < 1e-6);
        assert!(after[0].deviation < 350.0 && provisional(after[0].deviation));
        let drawn = after_game(&[r(1600.0, 80.0), r(1400.0, 80.0)], &ranks(2, None));
        assert!(drawn[0].rating < 1600.0 && drawn[1].rating > 1400.0);
        assert!(!provisional(drawn[0].deviation));
    }

    #[test]
    fn a_three_player_game_ranks_the_winner_over_two_losers() {
        assert_eq!(ranks(3, Some(1)), vec![2, 1, 2]);
        assert_eq!(ranks(3, None), vec![1, 1, 1]);
        let before = [START, START, START];
        let after = after_game(&before, &ranks(3, Some(1)));
        assert!(after[1].rating > 1500.0, "{after:?}");
        assert!(
            after[0].rating < 1500.0 && after[2].rating < 1500.0,
            "{after:?}"
        );
        assert!((after[0].rating - after[2].rating).abs() < 1e-9);
        assert!(after.iter().all(|a| a.deviation < 350.0 && a.games == 1));
        // an upset moves more than the expected result
        let strong = [r(1800.0, 100.0), r(1500.0, 100.0), r(1500.0, 100.0)];
        let expected = after_game(&strong, &ranks(3, Some(0)));
        let upset = after_game(&strong, &ranks(3, Some(1)));
        assert!(upset[1].rating - 1500.0 > expected[0].rating - 1800.0);
    }

    #[test]
    fn speeds_come_from_the_clock() {
        let s = |t: &str| Speed::of(&t.parse().unwrap()).id();
        assert_eq!(s("60+0"), "bullet");
        assert_eq!(s("120i1"), "bullet");
        assert_eq!(s("180+0"), "blitz");
        assert_eq!(s("300+0"), "blitz");
        assert_eq!(s("180+10"), "blitz");
        assert_eq!(s("300+10"), "rapid");
        assert_eq!(s("600+30"), "rapid");
        assert_eq!(s("600+30x3"), "classical");
        assert_eq!(s("1800+60"), "classical");
        assert_eq!(s("3d"), "correspondence");
    }
}
