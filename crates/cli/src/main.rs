//! `koma`: Koma's rules on the command line.
//!
//! - `koma perft <game> <depth> [--sfen <SFEN>]`: leaf count of the legal move tree, as the
//!   last line (per-move counts before it, `usi: nodes`).
//! - `koma moves <game> [--sfen <SFEN>]`: every legal move in USI, one a line.
//! - `koma setups <game>`: the named starts (handicaps) of a game, `id<TAB>name[<TAB>practice]`;
//!   `--setup <id>` starts `perft` and `moves` from one; `--preset jcsa|lishogi` picks chu's rules.
//! - `koma bench [--quick]`: perft speed (leaf nodes per second, every leaf move played).
//!
//! Game ids: shogi, minishogi, shogi66, chushogi, sangoku, sangoku2. Positions are SFEN (chu as
//! lishogi writes it), or for the sangoku games their own notation (see `koma_rules::sangoku`);
//! moves print in USI (chu double moves `from mid to`) or that notation.

use std::process::ExitCode;
use std::time::Instant;

use koma_rules::chushogi::ChuPreset;
use koma_rules::{GameId, Position, notation, setups};

const USAGE: &str = "usage:
  koma perft <game> <depth> [--sfen <SFEN> | --setup <id>] [--preset jcsa|lishogi]
  koma moves <game> [--sfen <SFEN> | --setup <id>] [--preset jcsa|lishogi]
  koma setups <game>
  koma bench [--quick]
games: shogi, minishogi, shogi66, chushogi, sangoku, sangoku2
(--position is the same as --sfen; the sangoku games take their own notation there)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("koma: {e}");
            ExitCode::from(2)
        }
    }
}

fn run(args: &[String]) -> Result<(), String> {
    let Some(cmd) = args.first() else {
        return Err(USAGE.to_string());
    };
    match cmd.as_str() {
        "perft" => {
            let (game, rest) = game_arg(&args[1..])?;
            let depth = rest
                .first()
                .ok_or("perft needs a depth")?
                .parse::<u32>()
                .map_err(|_| format!("depth {:?} is not a number", rest[0]))?;
            let mut pos = position(game, &rest[1..])?;
            let mut total = 0;
            if depth > 0 {
                for m in pos.legal_moves() {
                    pos.play_unchecked(m);
                    let n = pos.perft(depth - 1);
                    pos.undo();
                    println!("{}: {n}", notation::write_move(pos.variant(), m));
                    total += n;
                }
            } else {
                total = 1;
            }
            println!("{total}");
            Ok(())
        }
        "moves" => {
            let (game, rest) = game_arg(&args[1..])?;
            let mut pos = position(game, rest)?;
            for m in pos.legal_moves() {
                println!("{}", notation::write_move(pos.variant(), m));
            }
            Ok(())
        }
        "setups" => {
            let (game, _) = game_arg(&args[1..])?;
            for s in setups::setups(game) {
                let practice = if s.practice { "\tpractice" } else { "" };
                println!("{}\t{}{practice}", s.id, s.name);
            }
            Ok(())
        }
        "bench" => {
            let quick = args[1..].iter().any(|a| a == "--quick");
            bench(quick)
        }
        "-h" | "--help" | "help" => {
            println!("{USAGE}");
            Ok(())
        }
        other => Err(format!("unknown command {other:?}\n{USAGE}")),
    }
}

fn game_arg(args: &[String]) -> Result<(GameId, &[String]), String> {
    let g = args.first().ok_or("missing game id")?;
    let game: GameId = g.parse().map_err(|e| format!("{e}"))?;
    if !game.is_playable() {
        return Err(format!("{game} is not available yet in this build"));
    }
    Ok((game, &args[1..]))
}

/// The start position from the options after the game id: `--sfen`/`--position <text...>`,
/// `--setup <id>`, `--preset <jcsa|lishogi>` (chu shogi).
fn position(game: GameId, rest: &[String]) -> Result<Position, String> {
    let mut pos = None;
    let mut preset = None;
    let mut i = 0;
    while i < rest.len() {
        let flag = rest[i].as_str();
        let value = rest
            .get(i + 1)
            .ok_or_else(|| format!("{flag} needs a value"))?;
        match flag {
            "--sfen" | "--position" => {
                // the text runs to the next flag
                let end = rest[i + 1..]
                    .iter()
                    .position(|a| a.starts_with("--"))
                    .map_or(rest.len(), |k| i + 1 + k);
                let text = rest[i + 1..end].join(" ");
                pos = Some(
                    notation::read_position(game, &text).map_err(|e| format!("bad {flag}: {e}"))?,
                );
                i = end;
                continue;
            }
            "--setup" => {
                pos = Some(setups::setup_position(game, value).ok_or_else(|| {
                    format!("unknown setup {value:?} for {game}: see `koma setups {game}`")
                })?);
            }
            "--preset" => {
                if game != GameId::Chushogi {
                    return Err("--preset is for chushogi".into());
                }
                preset = Some(value.parse::<ChuPreset>()?);
            }
            other => return Err(format!("unexpected argument {other:?}\n{USAGE}")),
        }
        i += 2;
    }
    let pos = pos.unwrap_or_else(|| Position::start(game));
    Ok(pos.with_options(koma_rules::RuleOptions {
        chu: preset.unwrap_or_default(),
        ..Default::default()
    }))
}

fn bench(quick: bool) -> Result<(), String> {
    println!(
        "engine {:<18} {:>5} {:>12} {:>9} {:>14}",
        "position", "depth", "nodes", "seconds", "nodes/s"
    );
    for c in koma_rules::bench::BENCH_CASES {
        let (depth, expected) = if quick {
            (c.quick_depth, c.quick_nodes)
        } else {
            (c.depth, c.nodes)
        };
        let mut pos = notation::read_position(c.game, c.sfen).map_err(|e| e.to_string())?;
        let t = Instant::now();
        let nodes = pos.perft(depth);
        let s = t.elapsed().as_secs_f64();
        if nodes != expected {
            return Err(format!(
                "{}: perft {depth} gave {nodes}, expected {expected}",
                c.name
            ));
        }
        println!(
            "native {:<18} {depth:>5} {nodes:>12} {s:>9.3} {:>14.0}",
            c.name,
            nodes as f64 / s
        );
    }
    Ok(())
}
