//! `koma match`: the engine against itself at other levels, against a random mover and a
//! one-ply greedy player; and `koma bench --search`: the search's speed.
//!
//! A match alternates colours (in the three-player game, the seat of the first player named
//! goes round the table), opens each game with a few random plies chosen by the game's number
//! (so the same match replays the same games), and ends each game by the rules (mate,
//! repetition and perpetual check, the hexagon's endings) or at a ply cap, scored as a draw.
//! The engine plays with node limits (its levels', or `--nodes`), so a match is the same on
//! every machine; or, with `--movetime`, for that many milliseconds a move by the clock.
//! The score is wins plus half the draws, for the first player named.
//!
//! `fsf:<1-8>` is Fairy-Stockfish (the npm package `fairy-stockfish-nnue.wasm`, run by Node as
//! a USI engine: `cargo xtask fsf-match` installs it and plays) at one of lishogi's levels:
//! [`FSF_LEVELS`], the skill, time and depth table of lichess's fishnet that lishogi's AI levels
//! follow. It plays shogi and minishogi; each game starts a fresh engine process.
//!
//! `usi:<command>` is any USI engine the command starts (an older build of Koma, to measure
//! what changed), at `--movetime` a move.
//!
//! `xboard:<path>` is an engine speaking the XBoard protocol, HaChu above all, in chu shogi
//! ([`crate::xboard`]): Koma's rules with lishogi's preset referee every move; a game that ends
//! on a corner where the engine's rules differ from Koma's is a rules disagreement, counted
//! apart from the score. Chu games are capped at 600 plies (300 in the other games), and a
//! capped game is reported with Koma's last score.
//!
//! The summary gives each side's mean time a move and the Elo difference of the score with
//! its 95 % error (from the games' spread of results; disagreements left out).

use std::time::Instant;

use koma_engine::eval::{SearchProfile, evaluator};
use koma_engine::search::NoClock;
use koma_engine::{Engine, Level, Limits};
use koma_rules::{Game, GameId, Move, Player, RuleOptions};

/// A player in a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Contender {
    /// The engine at a level.
    Level(Level),
    /// The engine at a level with settings of the game's search profile switched on or off
    /// (`level:<n>/null`, `level:<n>/nofut/nochecks`: [`SWITCHES`]), to measure what they
    /// gain: the switches' names, in order.
    Pruned(Level, Vec<&'static str>),
    /// The engine at a level, its three-player search set to a method (`paranoid:<n>`,
    /// `maxn:<n>`).
    Method(Level, koma_engine::multi::Method),
    /// A uniformly random legal move.
    Random,
    /// The legal move that leaves the best evaluation (a win at once first).
    Greedy,
    /// Fairy-Stockfish at a lishogi level (1-8).
    Fsf(u8),
    /// The engine at a level with a linear evaluation's table read from a file
    /// (`level:<n>/table=<file>`, shogi; `koma tune` writes them): its path and weights.
    Table(Level, String, Vec<i32>),
    /// The engine at a level with a neural evaluation read from a file (`level:<n>/net=<file>`,
    /// shogi and minishogi; `koma train` writes them): its path and text.
    Net(Level, String, String),
    /// An XBoard engine in a child process (`xboard:<path>`, chu shogi: [`crate::xboard`]).
    Xboard(String),
    /// A USI engine in a child process (`usi:<command>`, the command's words split at
    /// spaces: `usi:/tmp/old/koma usi` is an older build of Koma), at `--movetime` a move.
    Usi(String),
}

/// What a switch does to a game's search profile.
pub type Switch = fn(&mut SearchProfile);

/// The switches of `level:<n>/<switch>...`: each sets one of the game's search settings
/// ([`SearchProfile`]) on or off, to measure what it gains.
pub const SWITCHES: &[(&str, Switch)] = &[
    ("null", |p| p.null_move = true),
    ("nonull", |p| p.null_move = false),
    ("nofut", |p| p.futility = false),
    ("nochecks", |p| p.quiet_checks = false),
    ("steep", |p| p.steep_reductions = true),
    ("nosteep", |p| p.steep_reductions = false),
    ("farchecks", |p| p.far_checks = true),
    ("nearchecks", |p| p.far_checks = false),
    ("deepfutility", |p| p.deep_futility = true),
    ("nodeepfutility", |p| p.deep_futility = false),
    ("nodelta", |p| p.delta = 0),
    ("evasions", |p| p.royal_evasions = true),
];

/// Lishogi's AI levels for Fairy-Stockfish: `Skill Level`, milliseconds a move, depth.
pub const FSF_LEVELS: [(i32, u64, u32); 8] = [
    (-9, 50, 5),
    (-5, 100, 5),
    (-1, 150, 5),
    (3, 200, 5),
    (7, 300, 5),
    (11, 400, 8),
    (16, 500, 13),
    (20, 1000, 22),
];

impl std::str::FromStr for Contender {
    type Err = String;
    fn from_str(s: &str) -> Result<Contender, String> {
        match s {
            "random" => Ok(Contender::Random),
            "greedy" => Ok(Contender::Greedy),
            _ if s.starts_with("usi:") => match s[4..].trim() {
                "" => Err(format!("{s:?}: usi:<the engine's command>")),
                command => Ok(Contender::Usi(command.to_string())),
            },
            _ if s.starts_with("xboard:") => match &s[7..] {
                "" => Err(format!("{s:?}: xboard:<path of the engine>")),
                path => Ok(Contender::Xboard(path.to_string())),
            },
            _ if s.contains('/') => {
                let (level, off) = s.split_once('/').unwrap_or((s, ""));
                if let Some(path) = off.strip_prefix("net=") {
                    let Contender::Level(l) = level.parse()? else {
                        return Err(format!("{s:?}: level:<n>/net=<file>"));
                    };
                    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
                    return Ok(Contender::Net(l, path.to_string(), text));
                }
                if let Some(path) = off.strip_prefix("table=") {
                    let Contender::Level(l) = level.parse()? else {
                        return Err(format!("{s:?}: level:<n>/table=<file>"));
                    };
                    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
                    let table = koma_engine::eval::linear::read_table(&text)
                        .map_err(|e| format!("{path}: {e}"))?;
                    return Ok(Contender::Table(l, path.to_string(), table));
                }
                let wrong = || {
                    let names: Vec<&str> = SWITCHES.iter().map(|&(n, _)| n).collect();
                    format!(
                        "{s:?}: level:<n>/table=<file>, level:<n>/net=<file>, or level:<n> and switches from {}, each after a /",
                        names.join(", ")
                    )
                };
                let Contender::Level(l) = level.parse()? else {
                    return Err(wrong());
                };
                let mut names = Vec::new();
                for name in off.split('/') {
                    let &(n, _) = SWITCHES
                        .iter()
                        .find(|&&(n, _)| n == name)
                        .ok_or_else(wrong)?;
                    names.push(n);
                }
                Ok(Contender::Pruned(l, names))
            }
            _ if s.starts_with("fsf:") => match s[4..].parse::<u8>() {
                Ok(n) if (1..=8).contains(&n) => Ok(Contender::Fsf(n)),
                _ => Err(format!("{s:?}: fsf:<1-8>, a lishogi level")),
            },
            _ => {
                use koma_engine::multi::Method;
                if let Some(n) = s.strip_prefix("paranoid:") {
                    return Ok(Contender::Method(
                        n.parse()
                            .map_err(|e: koma_engine::BadLevel| e.to_string())?,
                        Method::Paranoid,
                    ));
                }
                if let Some(n) = s.strip_prefix("maxn:") {
                    return Ok(Contender::Method(
                        n.parse()
                            .map_err(|e: koma_engine::BadLevel| e.to_string())?,
                        Method::MaxN,
                    ));
                }
                if let Some(n) = s.strip_prefix("likely:") {
                    return Ok(Contender::Method(
                        n.parse()
                            .map_err(|e: koma_engine::BadLevel| e.to_string())?,
                        Method::Likely,
                    ));
                }
                match s.strip_prefix("level:").or_else(|| s.strip_prefix("level")) {
                    Some(n) => Ok(Contender::Level(
                        n.parse()
                            .map_err(|e: koma_engine::BadLevel| e.to_string())?,
                    )),
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
            Contender::Pruned(l, names) => {
                write!(f, "level:{}", l.number())?;
                for name in names {
                    write!(f, "/{name}")?;
                }
                Ok(())
            }
            Contender::Method(l, koma_engine::multi::Method::Paranoid) => {
                write!(f, "paranoid:{}", l.number())
            }
            Contender::Method(l, koma_engine::multi::Method::MaxN) => {
                write!(f, "maxn:{}", l.number())
            }
            Contender::Method(l, koma_engine::multi::Method::Likely) => {
                write!(f, "likely:{}", l.number())
            }
            Contender::Random => f.write_str("random"),
            Contender::Greedy => f.write_str("greedy"),
            Contender::Fsf(n) => write!(f, "fsf:{n}"),
            Contender::Table(l, path, _) => write!(f, "level:{}/table={path}", l.number()),
            Contender::Net(l, path, _) => write!(f, "level:{}/net={path}", l.number()),
            Contender::Xboard(path) => write!(f, "xboard:{path}"),
            Contender::Usi(command) => write!(f, "usi:{command}"),
        }
    }
}

/// How a match is played (the arguments of `koma match`).
#[derive(clap::Args)]
pub struct MatchSettings {
    /// The game.
    #[arg(value_parser = crate::game_ids())]
    pub game: GameId,
    /// The first player (scored): level:<1-8>, paranoid:<1-8>, maxn:<1-8>, likely:<1-8>,
    /// level:N with settings of its game's search switched (level:N/null, /nonull, /nofut,
    /// /nochecks, /steep, /nosteep, /farchecks, /nearchecks, /deepfutility, /nodeepfutility,
    /// /nodelta, /evasions;
    /// several allowed), level:N/table=FILE (a linear evaluation's table, shogi and minishogi), level:N/net=FILE (a neural evaluation, as koma train writes it),
    /// random, greedy, fsf:<1-8> (Fairy-Stockfish at a lishogi level, shogi and
    /// minishogi), usi:COMMAND (a USI engine, the command's words split at spaces), or
    /// xboard:PATH (an XBoard engine such as HaChu, chu shogi).
    pub a: Contender,
    /// The second player (both other seats in sangoku), here or as --opponent.
    #[arg(required_unless_present = "opponent", conflicts_with = "opponent")]
    pub b: Option<Contender>,
    /// The second player: an engine to measure against (fsf:<1-8>,
    /// xboard:/usr/games/hachu), or any player as above.
    #[arg(long)]
    pub opponent: Option<Contender>,
    /// Games to play.
    #[arg(long, default_value_t = 40)]
    pub games: u32,
    /// The number of the first game (a match split over several processes: `--first 20
    /// --games 20` plays games 21 to 40, the same games as in one run of 40).
    #[arg(long, default_value_t = 0)]
    pub first: u32,
    /// Random plies that open each game.
    #[arg(long, default_value_t = 4)]
    pub opening: u32,
    /// The opening's plies chosen by the engine at this level (1-8), at random among the moves
    /// within its margin of the best (level 3: two plies, 120 centipawns), rather than among
    /// all legal moves: an opening that gives a piece away decides a small game before the
    /// players meet.
    #[arg(long)]
    pub opening_level: Option<Level>,
    /// Each opening played once from every seat: games `2k` and `2k + 1` (in the three-player
    /// game `3k` to `3k + 2`) open with the same random plies, the players' seats changed, so
    /// that an opening that favours one side counts for both (without it every game has its
    /// own opening).
    #[arg(long)]
    pub paired: bool,
    /// Plies after which a game is scored a draw (600 in chu shogi, 300 in the others).
    #[arg(long)]
    pub cap: Option<u32>,
    /// The engine's node limit per move (its level's when not given).
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Milliseconds a move by the clock, for the engine and Fairy-Stockfish alike (none: the
    /// engine by nodes, Fairy-Stockfish by its level's time).
    #[arg(long)]
    pub movetime: Option<u64>,
    /// Print each game's ending (why, who won, at which seat the first player sat) and its
    /// moves, as `koma moves` writes them.
    #[arg(long)]
    pub record: bool,
}

struct Seat {
    who: Contender,
    engine: Option<Engine>,
    usi: Option<Usi>,
    xboard: Option<crate::xboard::Xboard>,
    /// Why the game ends as a rules disagreement, when this seat found one.
    disagreement: Option<String>,
    /// Koma's last score of the game, in centipawns for this seat (a mate as ±30000).
    last_score: Option<i32>,
    /// Milliseconds spent choosing, and the moves chosen.
    spent_ms: u64,
    moves: u32,
}

/// The clock of a search by time.
struct Wall(Instant);

impl koma_engine::Control for Wall {
    fn elapsed_ms(&self) -> u64 {
        self.0.elapsed().as_millis() as u64
    }
}

/// A USI engine in a child process (Fairy-Stockfish under Node).
pub(crate) struct Usi {
    child: std::process::Child,
    input: std::process::ChildStdin,
    output: std::io::BufReader<std::process::ChildStdout>,
}

impl Usi {
    /// Fairy-Stockfish at lishogi level `level` for `game`: `node --no-experimental-fetch
    /// <uci.js>`, the script from `KOMA_FSF` or `target/peer-fsf/node_modules/...`.
    pub(crate) fn fsf(level: u8, game: GameId) -> Result<Usi, String> {
        let script = std::env::var("KOMA_FSF").unwrap_or_else(|_| {
            "target/peer-fsf/node_modules/fairy-stockfish-nnue.wasm/uci.js".into()
        });
        if !std::path::Path::new(&script).exists() {
            return Err(format!(
                "{script}: not found (`cargo xtask fsf-match` installs it; KOMA_FSF names another)"
            ));
        }
        // (Node's own fetch cannot read the engine's wasm from a file: it is turned off)
        let mut u = Usi::spawn("node", &["--no-experimental-fetch", &script])
            .map_err(|e| format!("{e} (`cargo xtask fsf-match` installs it)"))?;
        let (skill, _, _) = FSF_LEVELS[usize::from(level.clamp(1, 8)) - 1];
        u.send("usi")?;
        u.wait("usiok")?;
        u.send(&format!("setoption name USI_Variant value {game}"))?;
        u.send(&format!("setoption name Skill Level value {skill}"))?;
        u.send("setoption name Hash value 16")?;
        u.send("isready")?;
        u.wait("readyok")?;
        u.send("usinewgame")?;
        Ok(u)
    }

    /// The USI engine that `command` starts (its words split at spaces), for `game` by
    /// `options`' rules: the variant and chu's preset set where the engine names those options
    /// (`USI_Variant`, `Preset`), its hash 64 MB.
    pub(crate) fn command(
        command: &str,
        game: GameId,
        options: RuleOptions,
    ) -> Result<Usi, String> {
        let mut words = command.split_whitespace();
        let program = words.next().unwrap_or_default();
        let args: Vec<&str> = words.collect();
        let mut u = Usi::spawn(program, &args)?;
        u.send("usi")?;
        let mut named = String::new();
        loop {
            let line = u.wait("")?;
            if line.starts_with("usiok") {
                break;
            }
            named.push_str(&line);
            named.push('\n');
        }
        if named.contains("name USI_Variant ") {
            u.send(&format!("setoption name USI_Variant value {game}"))?;
        }
        if koma_rules::Description::of(game).can.presets && named.contains("name Preset ") {
            u.send(&format!(
                "setoption name Preset value {}",
                options.preset.id()
            ))?;
        }
        u.send("setoption name USI_Hash value 64")?;
        u.send("isready")?;
        u.wait("readyok")?;
        u.send("usinewgame")?;
        Ok(u)
    }

    /// A child process speaking on its standard input and output.
    fn spawn(program: &str, args: &[&str]) -> Result<Usi, String> {
        use std::process::{Command, Stdio};
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("{program} {}: {e}", args.join(" ")))?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            return Err("the engine's pipes".into());
        };
        Ok(Usi {
            child,
            input,
            output: std::io::BufReader::new(output),
        })
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        use std::io::Write;
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|e| format!("to the engine: {e}"))
    }

    /// Read up to the line starting with `word`, and return it.
    fn wait(&mut self, word: &str) -> Result<String, String> {
        use std::io::BufRead;
        let mut line = String::new();
        loop {
            line.clear();
            let n = self
                .output
                .read_line(&mut line)
                .map_err(|e| format!("from the engine: {e}"))?;
            if n == 0 {
                return Err(format!("the engine ended before {word:?}"));
            }
            if line.trim_start().starts_with(word) {
                return Ok(line.trim().to_string());
            }
        }
    }

    /// The engine's score of `pos` from a search `depth` plies deep, in its centipawns from the
    /// side to move (a mate as ±3000), or `None` when it gives none (no legal move).
    pub(crate) fn score(
        &mut self,
        pos: &koma_rules::Position,
        depth: u32,
    ) -> Result<Option<i32>, String> {
        let sfen = koma_rules::notation::write_position(pos);
        self.send(&format!("position sfen {sfen}"))?;
        self.send(&format!("go depth {depth}"))?;
        let mut last = None;
        loop {
            let line = self.wait("")?;
            if line.starts_with("bestmove") {
                return Ok(last);
            }
            last = info_score(&line).or(last);
        }
    }

    /// The engine's move in `game`: `None` when it resigns (or declares a win: the rules judge).
    fn best(&mut self, game: &Game, movetime: u64, depth: u32) -> Result<Option<Move>, String> {
        let v = game.position().variant();
        let moves: Vec<String> = game
            .moves()
            .iter()
            .map(|&m| koma_rules::notation::write_move(v, m))
            .collect();
        let start = koma_rules::notation::write_position(game.start());
        let mut cmd = format!("position sfen {start}");
        if !moves.is_empty() {
            cmd += &format!(" moves {}", moves.join(" "));
        }
        self.send(&cmd)?;
        self.send(&format!("go movetime {movetime} depth {depth}"))?;
        let line = self.wait("bestmove")?;
        let word = line.split_whitespace().nth(1).unwrap_or("");
        match word {
            "resign" | "win" | "(none)" => Ok(None),
            w => koma_rules::notation::read_move(v, w)
                .map(Some)
                .map_err(|e| format!("the engine's move {w:?}: {e}")),
        }
    }
}

/// The score of a USI `info` line, in centipawns (a mate as ±3000), if it gives one.
pub(crate) fn info_score(line: &str) -> Option<i32> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let i = words.iter().position(|&w| w == "score")?;
    let value = words.get(i + 2)?.parse::<i32>().ok()?;
    match *words.get(i + 1)? {
        "cp" => Some(value.clamp(-3000, 3000)),
        "mate" if value > 0 => Some(3000),
        // "mate 0" and "mate -n": the side to move is mated
        "mate" => Some(-3000),
        _ => None,
    }
}

impl Drop for Usi {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The next number of a xorshift sequence (the matches' and the puzzle generator's chance).
pub(crate) fn next(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}

impl Seat {
    /// A seat for `who` in a game from `start`.
    ///
    /// # Errors
    /// A table of the wrong size for the game.
    fn new(who: &Contender, seed: u64, start: &koma_rules::Position) -> Result<Seat, String> {
        let engine = match who {
            Contender::Level(l)
            | Contender::Method(l, _)
            | Contender::Pruned(l, _)
            | Contender::Table(l, ..)
            | Contender::Net(l, ..) => {
                let mut e = Engine::new(16);
                e.set_level(*l);
                e.set_seed(seed);
                match who {
                    Contender::Method(_, m) => e.set_multi_method(*m),
                    Contender::Pruned(_, names) => {
                        let mut profile = evaluator(start.game()).profile();
                        for &(_, set) in SWITCHES.iter().filter(|(n, _)| names.contains(n)) {
                            set(&mut profile);
                        }
                        e.set_profile(Some(profile));
                    }
                    Contender::Table(_, path, table) => {
                        let base = evaluator(start.game());
                        let linear =
                            koma_engine::eval::linear::Linear::new(start, base, table.clone())
                                .map_err(|e| format!("{path}: {e}"))?;
                        e.set_evaluator(Some(std::sync::Arc::new(linear)));
                    }
                    Contender::Net(_, path, text) => {
                        let net = koma_engine::eval::net::Net::read(text, start)
                            .map_err(|e| format!("{path}: {e}"))?;
                        let eval =
                            koma_engine::eval::net::NetEval::new(net, evaluator(start.game()));
                        e.set_evaluator(Some(std::sync::Arc::new(eval)));
                    }
                    _ => {}
                }
                Some(e)
            }
            _ => None,
        };
        Ok(Seat {
            who: who.clone(),
            engine,
            usi: None,
            xboard: None,
            disagreement: None,
            last_score: None,
            spent_ms: 0,
            moves: 0,
        })
    }

    /// The seat's move (`None`: it has none, or resigned).
    ///
    /// # Errors
    /// An external engine that cannot be started or stops answering.
    fn choose(
        &mut self,
        game: &mut Game,
        s: &MatchSettings,
        seed: &mut u64,
    ) -> Result<Option<Move>, String> {
        let nodes = s.nodes;
        let legal = game.legal_moves();
        if legal.is_empty() {
            return Ok(None);
        }
        match &self.who {
            Contender::Random => Ok(Some(legal[(next(seed) % legal.len() as u64) as usize])),
            Contender::Greedy => {
                let mut pos = game.position().clone();
                let me = pos.turn();
                let eval = evaluator(pos.game());
                let rules = pos.rules();
                Ok(legal.iter().copied().max_by_key(|&m| {
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
                }))
            }
            Contender::Level(_)
            | Contender::Method(..)
            | Contender::Pruned(..)
            | Contender::Table(..)
            | Contender::Net(..) => {
                let Some(e) = self.engine.as_mut() else {
                    return Ok(None);
                };
                // by the clock with `--movetime`; else by nodes, the levels' own times unread
                let wall = Wall(Instant::now());
                let (limits, clock): (Limits, &dyn koma_engine::Control) = match s.movetime {
                    Some(ms) => (
                        Limits {
                            time_ms: Some(ms),
                            ..Limits::default()
                        },
                        &wall,
                    ),
                    None => (
                        Limits {
                            nodes,
                            ..Limits::default()
                        },
                        &NoClock,
                    ),
                };
                let r = e.search(game.start(), game.moves(), &limits, clock, &mut |_| {});
                self.last_score = Some(match r.score {
                    koma_engine::search::Score::Cp(cp) => cp,
                    koma_engine::search::Score::Mate(n) if n > 0 => 30000,
                    koma_engine::search::Score::Mate(_) => -30000,
                });
                Ok(r.best.or(legal.first().copied()))
            }
            Contender::Fsf(_) | Contender::Usi(_) => {
                let (ms, depth) = match &self.who {
                    &Contender::Fsf(level) => {
                        let (_, ms, depth) = FSF_LEVELS[usize::from(level) - 1];
                        (ms, depth)
                    }
                    _ => (1000, 99),
                };
                let usi = match (&mut self.usi, &self.who) {
                    (Some(u), _) => u,
                    (None, &Contender::Fsf(level)) => {
                        self.usi.insert(Usi::fsf(level, game.position().game())?)
                    }
                    (None, who) => {
                        let command = who.to_string();
                        let command = command.trim_start_matches("usi:");
                        let options = game.position().options();
                        self.usi
                            .insert(Usi::command(command, game.position().game(), options)?)
                    }
                };
                match usi.best(game, s.movetime.unwrap_or(ms), depth)? {
                    Some(m) if legal.contains(&m) => Ok(Some(m)),
                    found => {
                        // a resignation, or a move the rules refuse: the engine loses
                        if let Some(m) = found {
                            eprintln!("{} played {m:?}, not legal here: it loses", self.who);
                        }
                        let me = game.position().turn();
                        game.resign(me);
                        Ok(None)
                    }
                }
            }
            Contender::Xboard(path) => {
                use crate::xboard::{Reply, Xboard, from_xboard};
                let x = match &mut self.xboard {
                    Some(x) => x,
                    None => self
                        .xboard
                        .insert(Xboard::start(path, game.position().game())?),
                };
                if let Some(refused) = x.follow(game)? {
                    self.disagreement = Some(format!("it refused Koma's move: {refused}"));
                    return Ok(None);
                }
                let ms = s.movetime.unwrap_or(1000);
                match x.think(ms, ms)? {
                    Reply::Move(text) => match from_xboard(game.position(), &text) {
                        Ok(m) => Ok(Some(m)),
                        Err(e) => {
                            eprintln!("xboard:{path} played {text:?}: {e}: it loses");
                            let me = game.position().turn();
                            game.resign(me);
                            Ok(None)
                        }
                    },
                    Reply::Result(line) if line.contains("resign") => {
                        let me = game.position().turn();
                        game.resign(me);
                        Ok(None)
                    }
                    Reply::Result(line) => {
                        // a result the referee has not reached: the engine's rules end the
                        // game where Koma's do not
                        self.disagreement = Some(format!("it claimed {line:?}"));
                        Ok(None)
                    }
                }
            }
        }
    }
}

/// The next ply of a game's opening (`legal` its moves, not empty): `opener`'s choice (a level,
/// at random among the moves within its margin of the best) when the match has one, else any
/// legal move at random.
fn opening_ply(opener: Option<&mut Engine>, game: &Game, legal: &[Move], seed: &mut u64) -> Move {
    match opener {
        Some(e) => engine_move(e, game, legal),
        None => legal[(next(seed) % legal.len() as u64) as usize],
    }
}

/// `e`'s move in `game` at its level (`legal` its moves, not empty: the first when the search
/// gives none).
pub(crate) fn engine_move(e: &mut Engine, game: &Game, legal: &[Move]) -> Move {
    let r = e.search(
        game.start(),
        game.moves(),
        &Limits::default(),
        &NoClock,
        &mut |_| {},
    );
    r.best.unwrap_or(legal[0])
}

/// The random state that opening number `opening` starts from.
fn opening_seed(opening: u32) -> u64 {
    0x9E37_79B9_7F4A_7C15u64 ^ (u64::from(opening) + 1).wrapping_mul(0x2545_F491_4F6C_DD1D)
}

/// How one game ended for the first player named.
struct Played {
    /// 1, 0.5 or 0 (none for a rules disagreement).
    score: Option<f64>,
    /// `win`, `loss`, `draw`, `cap` or `disagreement`.
    how: &'static str,
    /// What the line of the game says besides (a disagreement's cause, a cap's last score).
    detail: String,
    /// Milliseconds spent and moves chosen by the first player named, and by the others.
    time_a: (u64, u32),
    time_b: (u64, u32),
}

impl MatchSettings {
    /// The second player, named in place or with `--opponent`.
    fn second(&self) -> &Contender {
        match (&self.b, &self.opponent) {
            (Some(b), _) | (None, Some(b)) => b,
            (None, None) => &Contender::Random,
        }
    }

    /// The plies after which a game is a draw.
    fn cap(&self) -> u32 {
        // (the 12x12 board's games run long)
        let cells = koma_rules::Position::start(self.game)
            .variant()
            .geometry
            .len();
        self.cap.unwrap_or(if cells > 100 { 600 } else { 300 })
    }

    /// The rules the games are played by: chu against an XBoard engine by lishogi's preset.
    fn rules(&self) -> RuleOptions {
        let xboard = [&self.a, self.second()]
            .iter()
            .any(|c| matches!(c, Contender::Xboard(_)));
        RuleOptions {
            preset: if xboard {
                koma_rules::ChuPreset::Lishogi
            } else {
                koma_rules::ChuPreset::default()
            },
            ..RuleOptions::default()
        }
    }
}

/// Play one game.
fn play_one(s: &MatchSettings, index: u32) -> Result<Played, String> {
    let mut game = Game::new(s.game, s.rules());
    let players = game.position().variant().players() as u32;
    let opening = if s.paired { index / players } else { index };
    let mut seed = opening_seed(opening);
    // the first player named sits at seat `index % players`
    let a_seat = Player((index % players) as u8);
    let mut seats: Vec<Seat> = (0..players)
        .map(|p| {
            let who = if Player(p as u8) == a_seat {
                &s.a
            } else {
                s.second()
            };
            Seat::new(who, seed ^ p as u64, game.start())
        })
        .collect::<Result<_, String>>()?;
    let mut opener = s.opening_level.map(|l| {
        let mut e = Engine::new(16);
        e.set_level(l);
        e.set_seed(seed);
        e
    });
    let mut plies = 0;
    let mut disagreement: Option<String> = None;
    while game.outcome().is_none() && plies < s.cap() {
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        let turn = game.position().turn().index();
        let mv = if plies < s.opening {
            opening_ply(opener.as_mut(), &game, &legal, &mut seed)
        } else {
            let t = Instant::now();
            let chosen = seats[turn].choose(&mut game, s, &mut seed)?;
            seats[turn].spent_ms += t.elapsed().as_millis() as u64;
            seats[turn].moves += 1;
            if let Some(why) = seats[turn].disagreement.take() {
                disagreement = Some(format!("{} at ply {}: {why}", seats[turn].who, plies + 1));
                break;
            }
            match chosen {
                Some(m) => m,
                None => break,
            }
        };
        let external = matches!(seats[turn].who, Contender::Xboard(_)) && plies >= s.opening;
        if let Err(e) = game.play(mv) {
            if external {
                // the referee refuses an engine's move: a corner where its rules differ, or
                // its loss
                let pos = game.position();
                let text = crate::xboard::to_xboard(pos, mv);
                if let Some(corner) = crate::xboard::disagreement(pos, mv, &e) {
                    disagreement = Some(format!(
                        "{} at ply {}: {text}, {corner} ({e})",
                        seats[turn].who,
                        plies + 1
                    ));
                    break;
                }
                eprintln!("{} played {text}, refused ({e}): it loses", seats[turn].who);
                let me = game.position().turn();
                game.resign(me);
                break;
            }
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
    let koma_score = seats.iter().enumerate().find_map(|(i, seat)| {
        let sign = if Player(i as u8) == a_seat { 1 } else { -1 };
        seat.last_score.map(|v| (v * sign, seat.who.to_string()))
    });
    if s.record {
        let v = game.start().variant();
        let moves: Vec<String> = game
            .moves()
            .iter()
            .map(|&m| koma_rules::notation::write_move(v, m))
            .collect();
        match (game.outcome(), &disagreement) {
            (_, Some(why)) => println!("  rules disagreement: {why}, {plies} plies"),
            (Some(o), None) => println!(
                "  {:?}, winner {:?}, {} at seat {}, {plies} plies",
                o.reason,
                o.winner.map(|p| p.0),
                s.a,
                a_seat.0
            ),
            (None, None) => println!("  cap, {} at seat {}, {plies} plies", s.a, a_seat.0),
        }
        println!("  {}", moves.join(" "));
    }
    let (score, how, detail) = match (game.outcome(), disagreement) {
        (_, Some(why)) => (None, "disagreement", why),
        (Some(o), None) if o.winner == Some(a_seat) => (Some(1.0), "win", String::new()),
        (Some(o), None) if o.winner.is_some() => (Some(0.0), "loss", String::new()),
        (Some(_), None) => (Some(0.5), "draw", String::new()),
        (None, None) => (
            Some(0.5),
            "cap",
            match koma_score {
                Some((v, who)) => format!(
                    "at {plies} plies, last score {v:+} for {} by {who}'s search",
                    s.a
                ),
                None => format!("at {plies} plies"),
            },
        ),
    };
    let mut time_a = (0, 0);
    let mut time_b = (0, 0);
    for (i, seat) in seats.iter().enumerate() {
        let t = if Player(i as u8) == a_seat {
            &mut time_a
        } else {
            &mut time_b
        };
        t.0 += seat.spent_ms;
        t.1 += seat.moves;
    }
    Ok(Played {
        score,
        how,
        detail,
        time_a,
        time_b,
    })
}

/// The Elo difference of a score and its 95 % error, from the results of the games (each 1,
/// 0.5 or 0): none when every game was won or every game lost.
pub(crate) fn elo(results: &[f64]) -> Option<(f64, f64)> {
    let n = results.len() as f64;
    let mean = results.iter().sum::<f64>() / n;
    if results.is_empty() || mean <= 0.0 || mean >= 1.0 {
        return None;
    }
    let var = results.iter().map(|r| (r - mean).powi(2)).sum::<f64>() / n;
    let to_elo = |p: f64| -400.0 * (1.0 / p - 1.0).log10();
    let margin = 1.96 * (var / n).sqrt();
    let lo = to_elo((mean - margin).max(1e-6));
    let hi = to_elo((mean + margin).min(1.0 - 1e-6));
    Some((to_elo(mean), (hi - lo) / 2.0))
}

/// Play a match and print a line a game and the total.
pub fn run(s: &MatchSettings) -> Result<(), String> {
    let t = Instant::now();
    let (mut wins, mut draws, mut losses, mut disagreements) = (0, 0, 0, 0);
    let mut results = Vec::new();
    let (mut time_a, mut time_b) = ((0u64, 0u32), (0u64, 0u32));
    for i in s.first..s.first + s.games {
        let g = play_one(s, i)?;
        match g.how {
            "win" => wins += 1,
            "loss" => losses += 1,
            "disagreement" => disagreements += 1,
            _ => draws += 1,
        }
        results.extend(g.score);
        time_a = (time_a.0 + g.time_a.0, time_a.1 + g.time_a.1);
        time_b = (time_b.0 + g.time_b.0, time_b.1 + g.time_b.1);
        let detail = if g.detail.is_empty() {
            String::new()
        } else {
            format!(" ({})", g.detail)
        };
        println!(
            "game {:>3}: {} {}{detail} (running score {:.1}/{})",
            i + 1,
            s.a,
            g.how,
            results.iter().sum::<f64>(),
            results.len()
        );
    }
    let total: f64 = results.iter().sum();
    let mean_ms = |(ms, n): (u64, u32)| ms as f64 / f64::from(n.max(1));
    let elo = match elo(&results) {
        Some((d, e)) => format!("Elo {d:+.0} ± {e:.0}"),
        None => "Elo beyond measure".to_string(),
    };
    println!(
        "{} {} vs {}: {wins} wins, {draws} draws, {losses} losses, {disagreements} rules disagreements in {} games: {:.1}%, {elo}; {:.0} ms a move against {:.0} ms ({:.0} s)",
        s.game,
        s.a,
        s.second(),
        s.games,
        100.0 * total / results.len().max(1) as f64,
        mean_ms(time_a),
        mean_ms(time_b),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn switches_parse_and_print_back() {
        for s in [
            "level:8/null",
            "level:8/nochecks/nodeepfutility",
            "level:3/nofut/steep",
            "level:8/nonull/farchecks",
        ] {
            let c: Contender = s.parse().unwrap();
            assert_eq!(c.to_string(), s);
        }
        let Ok(Contender::Pruned(_, names)) = "level:8/null/nofut".parse() else {
            panic!("not a level with switches");
        };
        assert_eq!(names, ["null", "nofut"]);
        let e = "level:8/nochecks/fast".parse::<Contender>().unwrap_err();
        assert!(e.contains("nodeepfutility"), "{e}");
        assert!("level:9/null".parse::<Contender>().is_err());
    }

    #[test]
    fn an_opening_chosen_by_a_level_gives_no_piece_away() {
        // six opening plies of minishogi, twenty times: at random half of them give a piece
        // away (a search of five plies finds one side 1000 centipawns ahead or more, measured:
        // 10 of 20), chosen by level 3 far fewer (measured: none)
        let lost = |by_level: bool| {
            (0..20)
                .filter(|&i| {
                    let mut seed = opening_seed(i);
                    let mut opener = by_level.then(|| {
                        let mut e = Engine::new(1);
                        e.set_level(Level::new(3).unwrap());
                        e.set_seed(seed);
                        e
                    });
                    let mut game = Game::new(GameId::Minishogi, RuleOptions::default());
                    for _ in 0..6 {
                        let legal = game.legal_moves();
                        let mv = opening_ply(opener.as_mut(), &game, &legal, &mut seed);
                        game.play(mv).unwrap();
                    }
                    let limits = Limits {
                        depth: Some(5),
                        ..Limits::default()
                    };
                    let r = Engine::new(1).search(
                        game.start(),
                        game.moves(),
                        &limits,
                        &NoClock,
                        &mut |_| {},
                    );
                    !matches!(r.score, koma_engine::search::Score::Cp(v) if v.abs() < 1000)
                })
                .count()
        };
        let (chosen, random) = (lost(true), lost(false));
        assert!(
            random >= 5 && chosen * 4 <= random,
            "{chosen} of 20 against {random}"
        );
    }

    #[test]
    fn a_network_plays_in_its_own_game_and_is_refused_in_another() {
        let dir = std::env::temp_dir().join(format!("koma-match-net-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("net.txt");
        let text = koma_engine::eval::minishogi::net()
            .unwrap()
            .write("minishogi's own");
        std::fs::write(&path, text).unwrap();
        let name = format!("level:8/net={}", path.display());
        let c: Contender = name.parse().unwrap();
        assert_eq!(c.to_string(), name);
        let mini = koma_rules::Position::start(GameId::Minishogi);
        assert!(Seat::new(&c, 1, &mini).is_ok());
        let shogi = koma_rules::Position::start(GameId::Shogi);
        let e = Seat::new(&c, 1, &shogi).err().unwrap_or_default();
        assert!(e.ends_with("a network for \"minishogi\", not shogi"), "{e}");
        let missing = format!("level:8/net={}", dir.join("none.txt").display());
        assert!(missing.parse::<Contender>().is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn info_lines_give_their_scores() {
        let line = "info depth 8 seldepth 10 multipv 1 score cp 146 nodes 20543 pv 2a2b";
        assert_eq!(info_score(line), Some(146));
        assert_eq!(
            info_score("info depth 3 score cp -9000 nodes 1"),
            Some(-3000)
        );
        assert_eq!(info_score("info depth 9 score mate 3 pv 2a2b"), Some(3000));
        assert_eq!(
            info_score("info depth 9 score mate -2 pv 2a2b"),
            Some(-3000)
        );
        assert_eq!(info_score("info depth 1 score mate 0"), Some(-3000));
        assert_eq!(info_score("info string variant shogi"), None);
        assert_eq!(info_score("info depth 2 score cp"), None);
        assert_eq!(info_score("info depth 2 score lowerbound 7"), None);
    }
}
