//! `koma`: Koma's rules on the command line.
//!
//! - `koma perft <game> <depth> [--sfen <SFEN>]`: leaf count of the legal move tree, as the
//!   last line (per-move counts before it, `usi: nodes`).
//! - `koma moves <game> [--sfen <SFEN>]`: every legal move in USI, one a line.
//! - `koma setups <game>`: the named starts (handicaps) of a game, `id<TAB>name[<TAB>practice]`;
//!   `--setup <id>` starts `perft` and `moves` from one; `--preset jcsa|lishogi` picks chu's rules.
//! - `koma bench [--quick]`: perft speed (leaf nodes per second, every leaf move played).
//! - `koma usi`: the engine as a USI engine (see [`usi`]).
//! - `koma match <game> <a> <b> [--games N] [--opening N] [--opening-level N] [--paired]
//!   [--cap N] [--nodes N]`: a match, the players `level:<1-8>`, `random` or `greedy` (see
//!   [`mod@matches`]); `koma bench --search`: the search's nodes per second in each game.
//! - `koma tune <game> <records>`: learn a linear evaluation's table (see [`tune`]); `koma
//!   train <game> <scores>`: learn a neural evaluation from a teacher's scores (see [`train`]).
//! - `koma mate <game> --sfen <SFEN> [--tsume]`: the mate solver; `koma puzzles generate
//!   <game> [--games N] [--seed S] [--nodes N] [--count N]`: puzzles from the engine's own games,
//!   `koma puzzles check <file> [--sample N]` proves them again, `koma puzzles themes <file>`
//!   gives their mates' themes again (see [`puzzles`]).
//! - `koma learn check <game> [--file <lessons.toml>]` proves a course step by step; `koma learn
//!   lines <game>` prints each step's shortest line, `koma learn page <file.html>` proves a page's
//!   exercises (see [`learn`]).
//!
//! Game ids: shogi, minishogi, shogi66, chushogi, sangoku, sangoku2. Positions are SFEN (chu as
//! lishogi writes it), or for the sangoku games their own notation (see `koma_rules::sangoku`);
//! moves print in USI (chu double moves `from mid to`) or that notation.
//!
//! The arguments are parsed by clap (derive): bad input gets clap's message naming the argument
//! and what is wrong, with the usage, and exit code 2, as do positions and setups that the rules
//! refuse.

mod learn;
mod matches;
mod puzzles;
mod train;
mod tune;
mod usi;
mod xboard;

use std::process::ExitCode;
use std::time::Instant;

use clap::{Args, Parser, Subcommand};
use koma_rules::setups::{self, GameStart, StartError};
use koma_rules::{ChuPreset, GameId, Position, RuleOptions, notation};

/// Koma's rules on the command line.
#[derive(Parser)]
#[command(name = "koma", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Leaf count of the legal move tree: per-move counts (`move: nodes`), then the total.
    Perft {
        /// The game.
        #[arg(value_parser = game_ids())]
        game: GameId,
        /// Plies to walk.
        #[arg(value_parser = depth)]
        depth: u32,
        #[command(flatten)]
        start: Start,
    },
    /// Every legal move, one a line (USI, or the hex notation).
    Moves {
        /// The game.
        #[arg(value_parser = game_ids())]
        game: GameId,
        #[command(flatten)]
        start: Start,
    },
    /// Whether the side to move mates by checks (the mate solver): `mate <plies> <moves>`,
    /// `nomate`, or `unknown` when the time runs out first.
    Mate {
        /// The game.
        #[arg(value_parser = game_ids())]
        game: GameId,
        #[command(flatten)]
        start: Start,
        /// Seconds at most (none: until decided).
        #[arg(long, value_name = "S")]
        seconds: Option<f64>,
        /// The solver's table, in megabytes (it never grows past it).
        #[arg(long, value_name = "MB", default_value_t = 256)]
        hash: usize,
        /// Print the positions searched, the seconds and the table's fill on standard error.
        #[arg(long)]
        stats: bool,
        /// Solve as a problem (詰将棋, the drop games): the defender holds every piece not on
        /// the board nor in the attacker's hand, and the answer is the shortest mate against
        /// the longest defence, futile interpositions (無駄合) not counted.
        #[arg(long)]
        tsume: bool,
    },
    /// The named starts (handicaps) of a game: `id<TAB>name[<TAB>practice]`.
    Setups {
        /// The game.
        #[arg(value_parser = game_ids())]
        game: GameId,
    },
    /// The engine as a USI engine on standard input and output (shogi, minishogi, 66 shogi,
    /// chu shogi).
    Usi,
    /// Perft speed, leaf nodes per second (every leaf move played); with `--search`, the
    /// engine's search speed.
    Bench {
        /// Shallower trees, for a quick look.
        #[arg(long)]
        quick: bool,
        /// The search's nodes per second in each game instead (a fixed node count from the
        /// start).
        #[arg(long)]
        search: bool,
        /// The mate solver's speed instead, on the positions of this file (a line each:
        /// `<group>\t<game>\t<position>`, as `crates/engine/benches/mate_positions.txt`): a line a group,
        /// `<group> positions <n> solved <n> nodes <n> seconds <s> nps <n>`.
        #[arg(long, value_name = "FILE")]
        mate: Option<std::path::PathBuf>,
    },
    /// A match: the first player against the second, colours alternating, each game opened by
    /// a few random plies; a line a game and the score of the first player.
    Match(matches::MatchSettings),
    /// Learn a game's evaluation weights from recorded games (`koma match --record`).
    Tune(tune::TuneSettings),
    /// Learn a game's neural evaluation from a teacher's scores of positions (the caches of
    /// `koma tune --teacher-cache`).
    Train(train::TrainSettings),
    /// Puzzles: `generate` plays the engine against itself and writes each position with a
    /// proven mate or one winning move as a puzzle, a line each; `check` proves a collection's
    /// puzzles again (see the `puzzles` module).
    #[command(subcommand)]
    Puzzles(PuzzlesCommand),
    /// Lessons: `check` proves a game's course (or a lesson file) step by step; `lines` prints
    /// each step's shortest line (see the `learn` module).
    #[command(subcommand)]
    Learn(LearnCommand),
}

/// `koma learn ...`.
#[derive(Subcommand)]
enum LearnCommand {
    /// Prove every step: done by the rules in exactly its par, not before a move.
    Check(learn::LearnSettings),
    /// Each step played out: `lesson<TAB>step<TAB>learner<TAB>learner's moves<TAB>every ply`.
    Lines(learn::LearnSettings),
    /// Every exercise of a page (`<koma-board mode="exercise">`) proved and played out:
    /// `section<TAB>game<TAB>learner<TAB>learner's moves<TAB>every ply`.
    Page(learn::PageSettings),
}

/// Where a command starts: the game's start, a position, or a named setup; and the rule options.
#[derive(Args)]
struct Start {
    /// A position: SFEN, or the hex notation for the sangoku games (one argument or several
    /// words).
    #[arg(long, visible_alias = "position", num_args = 1.., value_name = "TEXT", conflicts_with = "setup")]
    sfen: Option<Vec<String>>,
    /// A named start, as `koma setups <game>` lists them.
    #[arg(long, value_name = "ID")]
    setup: Option<String>,
    /// Chu shogi's rules: jcsa (the default) or lishogi.
    #[arg(long, value_name = "jcsa|lishogi")]
    preset: Option<ChuPreset>,
}

fn depth(s: &str) -> Result<u32, String> {
    s.parse()
        .map_err(|_| format!("depth {s:?} is not a number"))
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("koma: {e}");
            ExitCode::from(2)
        }
    }
}

fn run(command: Command) -> Result<(), String> {
    match command {
        Command::Perft { game, depth, start } => {
            let mut pos = position(game, &start)?;
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
        }
        Command::Moves { game, start } => {
            let mut pos = position(game, &start)?;
            for m in pos.legal_moves() {
                println!("{}", notation::write_move(pos.variant(), m));
            }
        }
        Command::Mate {
            game,
            start,
            seconds,
            hash,
            stats,
            tsume,
        } => mate(&position(game, &start)?, seconds, hash, stats, tsume)?,
        Command::Setups { game } => {
            for s in setups::setups(game) {
                let practice = if s.practice { "\tpractice" } else { "" };
                println!("{}\t{}{practice}", s.id, s.name);
            }
        }
        Command::Bench {
            mate: Some(file), ..
        } => mate_bench(&file)?,
        Command::Bench { search: true, .. } => matches::search_bench(300_000)?,
        Command::Bench { quick, .. } => bench(quick)?,
        Command::Match(settings) => matches::run(&settings)?,
        Command::Tune(settings) => tune::run(&settings)?,
        Command::Train(settings) => train::run(&settings)?,
        Command::Puzzles(PuzzlesCommand::Generate(settings)) => puzzles::generate(&settings)?,
        Command::Puzzles(PuzzlesCommand::Check(settings)) => puzzles::check(&settings)?,
        Command::Puzzles(PuzzlesCommand::Themes(settings)) => puzzles::themes(&settings)?,
        Command::Puzzles(PuzzlesCommand::Tsume(settings)) => puzzles::tsume(&settings)?,
        Command::Learn(LearnCommand::Check(settings)) => learn::check(&settings)?,
        Command::Learn(LearnCommand::Lines(settings)) => learn::lines(&settings)?,
        Command::Learn(LearnCommand::Page(settings)) => learn::page(&settings)?,
        Command::Usi => usi::run()?,
    }
    Ok(())
}

/// `koma puzzles ...`.
#[derive(Subcommand)]
enum PuzzlesCommand {
    /// Puzzles from the engine's own games: `id<TAB>game<TAB>position<TAB>moves<TAB>plies
    /// <TAB>themes<TAB>rating<TAB>source`, a line each.
    Generate(puzzles::GenerateSettings),
    /// Prove a collection's puzzles again (each mate by the solver, each winning move by the
    /// analyses that found it); exits with an error naming every puzzle that fails.
    Check(puzzles::CheckSettings),
    /// Print a collection with each mate puzzle's themes given again (as `generate` gives
    /// them today: `tsume` among them); every other line as it was.
    Themes(puzzles::ThemesSettings),
    /// Print the book problems (詰将棋, theme `tsume`) made from a collection's mates by taking
    /// away the pieces each mate does not need.
    Tsume(puzzles::TsumeSettings),
}

/// The game ids, as [`GameId::ALL`] lists them (clap's help and errors show them).
pub(crate) fn game_ids() -> impl clap::builder::TypedValueParser<Value = GameId> {
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(GameId::ALL.map(GameId::as_str))
        .try_map(|s| s.parse::<GameId>())
}

/// The start position a command names, judged by the rule options it names.
fn position(game: GameId, start: &Start) -> Result<Position, String> {
    // only a game with several sets of rules names them (chu shogi's presets)
    if start.preset.is_some() && !koma_rules::games::rules(game).capabilities().presets {
        return Err(format!("--preset is for chushogi, not {game}"));
    }
    let from = GameStart {
        setup: start.setup.clone(),
        position: start.sfen.as_ref().map(|words| words.join(" ")),
        ..GameStart::new(game)
    };
    let pos = from.position().map_err(|e| match e {
        StartError::Position(e) => format!("bad --sfen: {e}"),
        StartError::Both => "--sfen and --setup: give one of them".to_string(),
        e => e.to_string(),
    })?;
    Ok(pos.with_options(RuleOptions {
        preset: start.preset.unwrap_or_default(),
        ..RuleOptions::default()
    }))
}

/// `koma mate`: the solver's answer on a line.
fn mate(
    pos: &Position,
    seconds: Option<f64>,
    hash: usize,
    stats: bool,
    tsume: bool,
) -> Result<(), String> {
    use koma_engine::mate::{Answer, MateLimits, solve, tsume::solve_tsume};
    let time_ms = match seconds {
        Some(s) if s.is_finite() && s >= 0.0 => Some((s * 1000.0) as u64),
        Some(s) => return Err(format!("--seconds {s}: expected a number of seconds")),
        None => None,
    };
    let limits = MateLimits {
        nodes: None,
        time_ms,
        hash_mb: hash,
    };
    let clock = WallClock(Instant::now());
    let (r, plies) = if tsume {
        let t = solve_tsume(pos, &limits, &clock).map_err(|e| e.to_string())?;
        if stats && matches!(t.answer, Answer::Mate(_)) && !t.shortest {
            eprintln!("not proved the shortest within the limits");
        }
        let plies = t.plies;
        (
            koma_engine::mate::Report {
                answer: t.answer,
                ..t.report
            },
            plies,
        )
    } else {
        (solve(pos, &limits, &clock), None)
    };
    match &r.answer {
        Answer::Mate(line) => {
            let words: Vec<String> = line
                .iter()
                .map(|&m| notation::write_move(pos.variant(), m))
                .collect();
            let plies = plies.map_or(line.len(), |p| p as usize);
            println!("mate {plies} {}", words.join(" "));
        }
        Answer::NoMate => println!("nomate"),
        Answer::Unknown => println!("unknown"),
    }
    if stats {
        let secs = clock.0.elapsed().as_secs_f64();
        eprintln!(
            "nodes {} seconds {secs:.3} nps {:.0} table {} of {} entries ({} MB)",
            r.nodes,
            r.nodes as f64 / secs.max(1e-9),
            r.stored,
            r.capacity,
            r.table_bytes / (1024 * 1024)
        );
    }
    Ok(())
}

/// `koma bench --mate`: the solver on each position of `file`, 30 s at most each, its figures
/// by group (a position not proved in time counts its nodes and seconds, not as solved).
fn mate_bench(file: &std::path::Path) -> Result<(), String> {
    use koma_engine::mate::{Answer, MateLimits, solve};
    let text = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
    let mut groups: Vec<(String, u32, u32, u64, f64)> = Vec::new();
    for (i, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let at = |what: String| format!("{}:{}: {what}", file.display(), i + 1);
        let mut fields = line.splitn(3, '\t');
        let (Some(group), Some(game), Some(sfen)) = (fields.next(), fields.next(), fields.next())
        else {
            return Err(at("expected <group><TAB><game><TAB><position>".into()));
        };
        let game: GameId = game.parse().map_err(|e| at(format!("{e}")))?;
        let pos =
            koma_rules::notation::read_position(game, sfen).map_err(|e| at(format!("{e}")))?;
        let limits = MateLimits {
            nodes: None,
            time_ms: Some(30_000),
            hash_mb: 64,
        };
        let clock = WallClock(Instant::now());
        let r = solve(&pos, &limits, &clock);
        let secs = clock.0.elapsed().as_secs_f64();
        let solved = u32::from(matches!(r.answer, Answer::Mate(_)));
        match groups.iter_mut().find(|g| g.0 == group) {
            Some(g) => {
                g.1 += 1;
                g.2 += solved;
                g.3 += r.nodes;
                g.4 += secs;
            }
            None => groups.push((group.to_string(), 1, solved, r.nodes, secs)),
        }
    }
    for (group, n, solved, nodes, secs) in groups {
        println!(
            "{group} positions {n} solved {solved} nodes {nodes} seconds {secs:.3} nps {:.0}",
            nodes as f64 / secs.max(1e-9)
        );
    }
    Ok(())
}

/// The wall clock since a command began.
struct WallClock(Instant);

impl koma_engine::Control for WallClock {
    fn elapsed_ms(&self) -> u64 {
        self.0.elapsed().as_millis() as u64
    }
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
