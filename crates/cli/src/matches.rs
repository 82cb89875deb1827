//! `koma match`: the engine against itself at other levels, against a random mover and a
//! one-ply greedy player; and `koma bench --search`: the search's speed.
//!
//! A match alternates colours (in the three-player game, the seat of the first player named
//! goes round the table), opens each game with a few random plies chosen by the game's number
//! (so the same match replays the same games), and ends each game by the rules (mate,
//! repetition and perpetual check, the hexagon's endings) or at a ply cap, scored as a draw.
//! The engine plays with node limits only (its levels', or `--nodes`), so a match is the same
//! on every machine. The score is wins plus half the draws, for the first player named.

use std::time::Instant;

use koma_engine::eval::evaluator;
use koma_engine::search::NoClock;
use koma_engine::{Engine, Level, Limits};
use koma_rules::{Game, GameId, Move, Player, RuleOptions};

/// A player in a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Contender {
    /// The engine at a level.
    Level(Level),
    /// The engine at a level, its three-player search set to a method (`paranoid:<n>`,
    /// `maxn:<n>`).
    Method(Level, koma_engine::multi::Method),
    /// A uniformly random legal move.
    Random,
    /// The legal move that leaves the best evaluation (a win at once first).
    Greedy,
}

impl std::str::FromStr for Contender {
    type Err = String;
    fn from_str(s: &str) -> Result<Contender, String> {
        match s {
            "random" => Ok(Contender::Random),
            "greedy" => Ok(Contender::Greedy),
            _ => {
                use koma_engine::multi::Method;
                if let Some(n) = s.strip_prefix("paranoid:") {
                    return Ok(Contender::Method(n.parse()?, Method::Paranoid));
                }
                if let Some(n) = s.strip_prefix("maxn:") {
                    return Ok(Contender::Method(n.parse()?, Method::MaxN));
                }
                match s.strip_prefix("level:").or_else(|| s.strip_prefix("level")) {
                    Some(n) => Ok(Contender::Level(n.parse()?)),
                    None => Err(format!(
                        "{s:?}: a player is level:<1-8>, paranoid:<1-8>, maxn:<1-8>, random or greedy"
                    )),
                }
            }
        }
    }
}

impl std::fmt::Display for Contender {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Contender::Level(l) => write!(f, "level:{}", l.number()),
            Contender::Method(l, koma_engine::multi::Method::Paranoid) => {
                write!(f, "paranoid:{}", l.number())
            }
            Contender::Method(l, koma_engine::multi::Method::MaxN) => {
                write!(f, "maxn:{}", l.number())
            }
            Contender::Random => f.write_str("random"),
            Contender::Greedy => f.write_str("greedy"),
        }
    }
}

/// How a match is played.
pub struct MatchSettings {
    /// The game.
    pub game: GameId,
    /// The first player named (scored).
    pub a: Contender,
    /// The other (both other seats in the three-player game).
    pub b: Contender,
    /// Games to play.
    pub games: u32,
    /// Random plies that open each game.
    pub opening: u32,
    /// Plies after which a game is a draw.
    pub cap: u32,
    /// The engine's node limit per move (its level's when none).
    pub nodes: Option<u64>,
}

struct Seat {
    who: Contender,
    engine: Option<Engine>,
}

fn next(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}

impl Seat {
    fn new(who: &Contender, seed: u64) -> Seat {
        let engine = match who {
            Contender::Level(l) => {
                let mut e = Engine::new(16);
                e.set_level(*l);
                e.set_seed(seed);
                Some(e)
            }
            Contender::Method(l, m) => {
                let mut e = Engine::new(16);
                e.set_level(*l);
                e.set_seed(seed);
                e.set_multi_method(*m);
                Some(e)
            }
            _ => None,
        };
        Seat {
            who: who.clone(),
            engine,
        }
    }

    fn choose(&mut self, game: &mut Game, nodes: Option<u64>, seed: &mut u64) -> Option<Move> {
        let legal = game.legal_moves();
        if legal.is_empty() {
            return None;
        }
        match &self.who {
            Contender::Random => Some(legal[(next(seed) % legal.len() as u64) as usize]),
            Contender::Greedy => {
                let mut pos = game.position().clone();
                let me = pos.turn();
                let eval = evaluator(pos.game());
                let rules = pos.rules();
                legal.iter().copied().max_by_key(|&m| {
                    pos.play_unchecked(m);
                    let last = Some(me);
                    let v = match rules.position_outcome(&mut pos, last) {
                        Some(o) if o.winner == Some(me) => i32::MAX,
                        Some(o) if o.winner.is_none() => 0,
                        Some(_) => i32::MIN,
                        None => eval.score(&pos, me),
                    };
                    pos.undo();
                    v
                })
            }
            Contender::Level(_) | Contender::Method(..) => {
                let e = self.engine.as_mut()?;
                let limits = Limits {
                    nodes,
                    ..Limits::default()
                };
                let r = e.search(game.start(), &game.moves(), &limits, &NoClock, &mut |_| {});
                r.best.or(legal.first().copied())
            }
        }
    }
}

/// The result of one game for the first player named: 1, 0.5 or 0.
fn play_one(s: &MatchSettings, index: u32) -> (f64, &'static str) {
    let mut seed =
        0x9E37_79B9_7F4A_7C15u64 ^ (index as u64 + 1).wrapping_mul(0x2545_F491_4F6C_DD1D);
    let mut game = Game::new(s.game, RuleOptions::default());
    let players = game.position().variant().players() as u32;
    // the first player named sits at seat `index % players`
    let a_seat = Player((index % players) as u8);
    let mut seats: Vec<Seat> = (0..players)
        .map(|p| {
            let who = if Player(p as u8) == a_seat {
                &s.a
            } else {
                &s.b
            };
            Seat::new(who, seed ^ p as u64)
        })
        .collect();
    let mut plies = 0;
    while game.outcome().is_none() && plies < s.cap {
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        let mv = if plies < s.opening {
            legal[(next(&mut seed) % legal.len() as u64) as usize]
        } else {
            let turn = game.position().turn().index();
            match seats[turn].choose(&mut game, s.nodes, &mut seed) {
                Some(m) => m,
                None => break,
            }
        };
        if game.play(mv).is_err() {
            // (a repetition the rules refuse: another move)
            let Some(&other) = legal.iter().find(|&&m| m != mv) else {
                break;
            };
            if game.play(other).is_err() {
                break;
            }
        }
        plies += 1;
    }
    match game.outcome() {
        Some(o) if o.winner == Some(a_seat) => (1.0, "win"),
        Some(o) if o.winner.is_some() => (0.0, "loss"),
        Some(_) => (0.5, "draw"),
        None => (0.5, "cap"),
    }
}

/// Play a match and print a line a game and the total.
pub fn run(s: &MatchSettings) -> Result<(), String> {
    let t = Instant::now();
    let (mut total, mut wins, mut draws, mut losses) = (0.0, 0, 0, 0);
    for i in 0..s.games {
        let (r, how) = play_one(s, i);
        total += r;
        match how {
            "win" => wins += 1,
            "loss" => losses += 1,
            _ => draws += 1,
        }
        println!(
            "game {:>3}: {} {how} (running score {:.1}/{})",
            i + 1,
            s.a,
            total,
            i + 1
        );
    }
    println!(
        "{} {} vs {}: {wins} wins, {draws} draws, {losses} losses in {} games: {:.1}% ({:.0} s)",
        s.game,
        s.a,
        s.b,
        s.games,
        100.0 * total / s.games.max(1) as f64,
        t.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The search's speed in each game: nodes per second from the start, single thread.
pub fn search_bench(nodes: u64) -> Result<(), String> {
    println!(
        "engine {:<18} {:>12} {:>9} {:>14}",
        "search", "nodes", "seconds", "nodes/s"
    );
    for game in GameId::ALL {
        let start = koma_rules::Position::start(game);
        let mut e = Engine::new(64);
        let limits = Limits {
            nodes: Some(nodes),
            ..Limits::default()
        };
        let t = Instant::now();
        let r = e.search(&start, &[], &limits, &NoClock, &mut |_| {});
        let secs = t.elapsed().as_secs_f64();
        println!(
            "native {:<18} {:>12} {secs:>9.3} {:>14.0}",
            format!("{game} start"),
            r.nodes,
            r.nodes as f64 / secs
        );
    }
    Ok(())
}
