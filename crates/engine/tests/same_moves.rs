//! The engine's choices are pinned: at a fixed node count, from 200 positions of the six games
//! (each reached by random legal moves from the start, so that the line behind it counts for
//! repetitions), the top level chooses the move written in `tests/same_moves.txt`.
//!
//! A change meant to keep the search as it is (moving code, renaming, removing switches no
//! level uses) must keep every move. A change meant to make the engine play differently
//! rewrites the file, and says so in its commit:
//!
//! ```sh
//! KOMA_WRITE_SAME_MOVES=1 cargo test -p koma-engine --test same_moves
//! ```
//!
//! Each line of the file: the game id, the moves from the start (USI, space-separated) and
//! the move chosen, tab-separated.
#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failure is a test failure

use koma_engine::search::NoClock;
use koma_engine::{Engine, Level, Limits};
use koma_rules::notation::{read_move, write_move};
use koma_rules::{Game, GameId, Move, Position, RuleOptions};

const FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/same_moves.txt");
/// Positions a game.
const PER_GAME: usize = 34;
/// The search's node limit.
const NODES: u64 = 5_000;

/// The move the top level chooses after `moves` from `game`'s start.
fn choice(game: GameId, moves: &[Move]) -> Option<Move> {
    let mut e = Engine::new(8);
    e.set_level(Level::TOP);
    e.set_seed(7);
    let limits = Limits {
        nodes: Some(NODES),
        ..Limits::default()
    };
    e.search(
        &Position::start(game),
        moves,
        &limits,
        &NoClock,
        &mut |_| {},
    )
    .best
}

/// Random legal moves from `game`'s start (up to `plies`; fewer where the game ends).
fn playout(game: GameId, plies: usize, rng: &mut u64) -> Vec<Move> {
    let mut g = Game::new(game, RuleOptions::default());
    for _ in 0..plies {
        let moves = g.legal_moves();
        if moves.is_empty() {
            break;
        }
        *rng = rng
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let mv = moves[((*rng >> 33) as usize) % moves.len()];
        g.play(mv).unwrap();
        if g.outcome().is_some() {
            g.undo();
            break;
        }
    }
    g.moves().to_vec()
}

fn write_line(game: GameId, moves: &[Move], best: Option<Move>) -> String {
    let v = Position::start(game).variant();
    let line: Vec<String> = moves.iter().map(|&m| write_move(v, m)).collect();
    let best = best.map_or("none".to_string(), |m| write_move(v, m));
    format!("{game}\t{}\t{best}\n", line.join(" "))
}

#[test]
fn the_top_level_chooses_the_same_moves() {
    if std::env::var_os("KOMA_WRITE_SAME_MOVES").is_some() {
        let mut out = String::new();
        let mut rng = 0x5EED_u64;
        for game in GameId::ALL {
            for i in 0..PER_GAME {
                let moves = playout(game, 2 + (i * 7) % 80, &mut rng);
                out += &write_line(game, &moves, choice(game, &moves));
            }
        }
        std::fs::write(FILE, out).unwrap();
    }
    let text = std::fs::read_to_string(FILE).unwrap();
    let mut checked = 0;
    let mut differ = Vec::new();
    for line in text.lines() {
        let [game, moves, _] = line.split('\t').collect::<Vec<_>>()[..] else {
            panic!("a line of three fields: {line:?}");
        };
        let game: GameId = game.parse().unwrap();
        let start = Position::start(game);
        let moves: Vec<Move> = moves
            .split_whitespace()
            .map(|m| read_move(start.variant(), m).unwrap())
            .collect();
        let got = write_line(game, &moves, choice(game, &moves));
        if got.trim_end() != line {
            differ.push(format!("{line}\n  now {got}"));
        }
        checked += 1;
    }
    assert_eq!(
        checked,
        PER_GAME * GameId::ALL.len(),
        "positions in the file"
    );
    assert!(
        differ.is_empty(),
        "{} moves differ:\n{}",
        differ.len(),
        differ.join("\n")
    );
}
