//! `koma puzzles generate <game>`: mate puzzles from the engine's own games.
//!
//! The engine plays itself at low levels (a level drawn for each side of each game, the first
//! plies at random so that no two games are alike); before each move the mate solver
//! ([`koma_engine::mate`]) looks at the position, bounded by positions searched. A mate it
//! proves becomes a puzzle: the position, the solver's line (in the shogi family the shortest
//! mate against the longest defence, every ply counted: [`koma_engine::mate::tsume::mate_within`];
//! in chu shogi the mate it found), its themes (`mate`, `mateIn<N>` in moves of the side to
//! move) and a starting rating that grows with the mate's length. One puzzle a game's mate: the
//! positions of the plies its line spans are not looked at, and a position is kept once.
//!
//! Written a puzzle a line, tab-separated: `id`, `game`, `position`, `moves` (space-separated),
//! `plies`, `themes` (comma-separated), `rating`, `source` (`seed <s> ply <n>`). The id is the
//! game and the position's hash, so that a puzzle keeps its id when generated again.
//!
//! Only two-player games: the three-player hexagon has no mate solver.

use clap::Args;

use crate::matches::next;
use koma_engine::mate::MateLimits;
use koma_engine::mate::tsume::shortest_mate;
use koma_engine::search::NoClock;
use koma_engine::{Engine, Level};
use koma_rules::{Game, GameId, RuleOptions, notation};

/// `koma puzzles generate`'s settings.
#[derive(Args, Clone, Debug)]
pub struct GenerateSettings {
    /// The game.
    #[arg(value_parser = crate::game_ids())]
    pub game: GameId,
    /// How many games to play.
    #[arg(long, default_value_t = 10)]
    pub games: u32,
    /// The first game's seed (each game the next).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The most positions the solver searches in each position of a game.
    #[arg(long, default_value_t = 20_000)]
    pub nodes: u64,
    /// The most plies a game lasts.
    #[arg(long, default_value_t = 300)]
    pub cap: u32,
}

/// The random plies that open each game.
const RANDOM_PLIES: u32 = 6;

/// A puzzle's starting rating: 800 for a mate in one, 150 more for each move more.
fn rating(plies: usize) -> u32 {
    800 + 150 * (plies.saturating_sub(1) / 2) as u32
}

/// Play the games and print their puzzles.
pub fn generate(s: &GenerateSettings) -> Result<(), String> {
    if koma_rules::Description::of(s.game).three_players() {
        return Err(format!(
            "{}: puzzles are made for the two-player games (the mate solver's)",
            s.game
        ));
    }
    let mut seen = std::collections::HashSet::new();
    let mut count = 0;
    for g in 0..s.games {
        let game_seed = s.seed + u64::from(g);
        count += play(s, game_seed, &mut seen);
    }
    eprintln!("{count} puzzles from {} games", s.games);
    Ok(())
}

/// One game: its puzzles printed, how many.
fn play(s: &GenerateSettings, game_seed: u64, seen: &mut std::collections::HashSet<u64>) -> u32 {
    let mut game = Game::new(s.game, RuleOptions::default());
    let mut random = game_seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut engines: Vec<Engine> = (0..2)
        .map(|i| {
            let mut e = Engine::new(16);
            let level = Level::new(1 + (next(&mut random) % 3) as u8).unwrap_or(Level::MIN);
            e.set_level(level);
            e.set_seed(game_seed ^ i);
            e
        })
        .collect();
    let limits = MateLimits {
        nodes: Some(s.nodes),
        time_ms: None,
        hash_mb: 8,
    };
    // a mate found is made the shortest with ten times the positions
    let wider = MateLimits {
        nodes: Some(s.nodes.saturating_mul(10)),
        ..limits.clone()
    };
    let mut found = 0;
    // the ply a puzzle's mate would end at: none looked for before it (no second puzzle of
    // the same mate)
    let mut after = 0;
    let mut ply = 0;
    while game.outcome().is_none() && ply < s.cap {
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        let pos = game.position().clone();
        let turn = pos.turn();
        if !pos.is_placing()
            && ply >= after
            && !seen.contains(&pos.hash())
            && let Some(line) = shortest_mate(&pos, &limits, &wider, &NoClock)
        {
            seen.insert(pos.hash());
            after = ply + u32::try_from(line.len()).unwrap_or(u32::MAX);
            found += 1;
            print_puzzle(&pos, &line, game_seed, ply);
        }
        let mv = if ply < RANDOM_PLIES {
            legal[(next(&mut random) % legal.len() as u64) as usize]
        } else {
            crate::matches::engine_move(&mut engines[turn.index() % 2], &game, &legal)
        };
        if game.play(mv).is_err() {
            break;
        }
        ply += 1;
    }
    found
}

fn print_puzzle(pos: &koma_rules::Position, line: &[koma_rules::Move], seed: u64, ply: u32) {
    let v = pos.variant();
    let moves: Vec<String> = line.iter().map(|&m| notation::write_move(v, m)).collect();
    let n = line.len();
    println!(
        "{}-{:016x}\t{}\t{}\t{}\t{n}\tmate,mateIn{}\t{}\tseed {seed} ply {ply}",
        v.id,
        pos.hash(),
        v.id,
        notation::write_position(pos),
        moves.join(" "),
        n.div_ceil(2),
        rating(n),
    );
}
