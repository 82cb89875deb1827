//! `koma usi`: the engine as a USI engine on standard input and output, for shogi, minishogi,
//! 66 shogi and chu shogi (positions and moves as `koma moves` prints them: SFEN and USI, chu as
//! lishogi writes them).
//!
//! Commands: `usi`, `isready`, `setoption name <USI_Hash|Level|USI_Variant|Preset|Tsume> value
//! <v>` (`Tsume true`: `go mate` solves the position as a problem, as `koma mate --tsume` does),
//! `usinewgame`, `position startpos|sfen <SFEN> [moves ...]`, `go [btime|wtime|byoyomi|binc|winc|
//! movetime|depth|nodes <n>] [infinite|ponder]`, `go mate <ms>|infinite` (the mate solver,
//! [`koma_engine::mate`]: `checkmate <moves>`, `checkmate nomate`, or `checkmate timeout` when
//! the time runs out or `stop` comes first), `stop`, `ponderhit`, `gameover`, `quit`. A
//! search runs on its own thread, so `stop` and `isready` are answered while it thinks; it
//! reports `info depth .. seldepth .. score cp|mate .. nodes .. nps .. time .. pv ..` after each
//! iteration and then `bestmove` (`bestmove resign` when the game is over). A malformed command
//! is answered with `info string error: ...` and the engine goes on; the position stays as it
//! was.
//!
//! Time: with `movetime` that long; else a thirtieth of the clock left plus the increment and
//! the byoyomi, less 50 ms for the reply; the level's own limits apply too.

use std::io::{BufRead, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::thread::JoinHandle;
use std::time::Instant;

use koma_engine::mate::{self, Answer, MateLimits};
use koma_engine::{Control, Engine, Info, Level, Limits, Score};
use koma_rules::games::{Description, Notation};
use koma_rules::notation::{read_move, read_position, write_move};
use koma_rules::{ChuPreset, GameId, Move, Position, RuleOptions};

/// Whether USI speaks `game` here: the games written in SFEN and USI moves (the square
/// boards; the hexagon has its own notation).
fn speaks(game: GameId) -> bool {
    Description::of(game).can.notation == Notation::Sfen
}

/// The clock and stop flag a search thread reads.
struct Clock {
    start: Instant,
    stop: Arc<AtomicBool>,
    /// Milliseconds after which to stop (pondering: none until `ponderhit`).
    deadline: Arc<AtomicU64>,
}

impl Control for Clock {
    fn elapsed_ms(&self) -> u64 {
        self.start.elapsed().as_millis() as u64
    }

    fn should_stop(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
            || self.elapsed_ms() >= self.deadline.load(Ordering::Relaxed)
    }
}

/// A search in progress.
struct Running {
    thread: JoinHandle<Engine>,
    stop: Arc<AtomicBool>,
    deadline: Arc<AtomicU64>,
    started: Instant,
    /// The time to think after `ponderhit`.
    ponder_ms: Option<u64>,
    /// Whether `bestmove` waits for `stop` (`go infinite`, `go ponder`).
    hold: Arc<AtomicBool>,
}

impl Running {
    /// A search started now on `thread`.
    fn new(
        thread: JoinHandle<Engine>,
        stop: Arc<AtomicBool>,
        deadline: Arc<AtomicU64>,
        ponder_ms: Option<u64>,
        hold: Arc<AtomicBool>,
    ) -> Running {
        Running {
            thread,
            stop,
            deadline,
            started: Instant::now(),
            ponder_ms,
            hold,
        }
    }
}

struct Usi {
    engine: Option<Engine>,
    running: Option<Running>,
    game: GameId,
    preset: ChuPreset,
    hash_mb: usize,
    /// `go mate` solves as a problem (`setoption name Tsume value true`).
    tsume: bool,
    start: Position,
    moves: Vec<Move>,
}

fn say(line: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// Run the USI loop until `quit` or the end of input.
pub fn run() -> Result<(), String> {
    let mut usi = Usi {
        engine: Some(Engine::new(64)),
        running: None,
        game: GameId::default(),
        preset: ChuPreset::Jcsa,
        hash_mb: 64,
        tsume: false,
        start: Position::start(GameId::default()),
        moves: Vec::new(),
    };
    let stdin = std::io::stdin();
    for line in stdin.lock().lines() {
        let line = line.map_err(|e| e.to_string())?;
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        match usi.command(line) {
            Ok(true) => {}
            Ok(false) => break,
            Err(e) => say(&format!("info string error: {e}")),
        }
    }
    usi.finish();
    Ok(())
}

impl Usi {
    /// Handle one command; `Ok(false)` to quit.
    fn command(&mut self, line: &str) -> Result<bool, String> {
        let mut words = line.split_whitespace();
        let cmd = words.next().unwrap_or("");
        let rest: Vec<&str> = words.collect();
        match cmd {
            "usi" => {
                say(&format!("id name Koma {}", env!("CARGO_PKG_VERSION")));
                say("id author the Koma developers");
                say(&format!(
                    "option name USI_Hash type spin default {} min 1 max 4096",
                    self.hash_mb
                ));
                say("option name Level type spin default 8 min 1 max 8");
                say(&format!(
                    "option name USI_Variant type combo default {}{}",
                    GameId::default(),
                    GameId::ALL
                        .into_iter()
                        .filter(|&g| speaks(g))
                        .map(|g| format!(" var {g}"))
                        .collect::<String>()
                ));
                say("option name Preset type combo default jcsa var jcsa var lishogi");
                say("option name USI_Ponder type check default false");
                say("option name Tsume type check default false");
                say("usiok");
            }
            "isready" => say("readyok"),
            "setoption" => self.setoption(&rest)?,
            "usinewgame" => {
                self.finish();
                if let Some(e) = self.engine.as_mut() {
                    e.new_game();
                }
            }
            "position" => self.position(&rest)?,
            "go" => self.go(&rest)?,
            "stop" => self.finish(),
            "ponderhit" => {
                if let Some(r) = &self.running {
                    r.hold.store(false, Ordering::Relaxed);
                    let at = r.started.elapsed().as_millis() as u64 + r.ponder_ms.unwrap_or(0);
                    r.deadline.store(at, Ordering::Relaxed);
                }
            }
            "gameover" => self.finish(),
            "quit" => return Ok(false),
            other => return Err(format!("unknown command {other:?}")),
        }
        Ok(true)
    }

    /// Stop any search and take the engine back (its thread prints `bestmove`).
    fn finish(&mut self) {
        if let Some(r) = self.running.take() {
            r.hold.store(false, Ordering::Relaxed);
            r.stop.store(true, Ordering::Relaxed);
            if let Ok(e) = r.thread.join() {
                self.engine = Some(e);
            }
        }
        if self.engine.is_none() {
            let mut e = Engine::new(self.hash_mb);
            e.set_level(Level::TOP);
            self.engine = Some(e);
        }
    }

    fn engine(&mut self) -> &mut Engine {
        self.finish();
        self.engine.get_or_insert_with(|| Engine::new(64))
    }

    /// `go mate`: the mate solver on its own thread, answering `checkmate <moves>`,
    /// `checkmate nomate` or `checkmate timeout` (also when stopped).
    fn go_mate(&mut self, pos: Position, time_ms: Option<u64>) {
        self.finish();
        let engine = self
            .engine
            .take()
            .unwrap_or_else(|| Engine::new(self.hash_mb));
        let stop = Arc::new(AtomicBool::new(false));
        let deadline = Arc::new(AtomicU64::new(time_ms.unwrap_or(u64::MAX)));
        let clock = Clock {
            start: Instant::now(),
            stop: stop.clone(),
            deadline: deadline.clone(),
        };
        let limits = MateLimits {
            time_ms,
            hash_mb: self.hash_mb,
            ..MateLimits::default()
        };
        let tsume = self.tsume;
        let thread = std::thread::spawn(move || {
            // a problem: the defender holds the rest, the shortest mate against the longest
            // defence (a game without problems is solved as it stands, and says why)
            let answer = match tsume.then(|| mate::tsume::solve_tsume(&pos, &limits, &clock)) {
                Some(Ok(t)) => t.answer,
                Some(Err(e)) => {
                    say(&format!("info string {e}: solved as the position stands"));
                    mate::solve(&pos, &limits, &clock).answer
                }
                None => mate::solve(&pos, &limits, &clock).answer,
            };
            say(&match answer {
                Answer::Mate(line) => {
                    let v = pos.variant();
                    let words: Vec<String> = line.iter().map(|&m| write_move(v, m)).collect();
                    format!("checkmate {}", words.join(" "))
                }
                Answer::NoMate => "checkmate nomate".to_string(),
                Answer::Unknown => "checkmate timeout".to_string(),
            });
            engine
        });
        let hold = Arc::new(AtomicBool::new(false));
        self.running = Some(Running::new(thread, stop, deadline, None, hold));
    }

    fn setoption(&mut self, rest: &[&str]) -> Result<(), String> {
        // setoption name <id> [value <x>]
        let joined = rest.join(" ");
        let Some(body) = joined.strip_prefix("name ") else {
            return Err("setoption needs `name <id> value <x>`".into());
        };
        let (name, value) = match body.split_once(" value ") {
            Some((n, v)) => (n.trim(), v.trim()),
            None => (body.trim(), ""),
        };
        match name {
            "USI_Hash" => {
                let mb: usize = value
                    .parse()
                    .ok()
                    .filter(|&m| (1..=4096).contains(&m))
                    .ok_or_else(|| format!("USI_Hash {value:?}: expected 1 to 4096 (MB)"))?;
                self.hash_mb = mb;
                self.engine().set_hash_mb(mb);
            }
            "Level" => {
                let level: Level = value.parse().map_err(|e| format!("{e}"))?;
                self.engine().set_level(level);
            }
            "USI_Variant" => {
                let game: GameId = value.parse().map_err(|e| format!("{e}"))?;
                if !speaks(game) {
                    return Err(format!("{game} is not played over USI here"));
                }
                self.finish();
                self.game = game;
                self.start = self.with_options(Position::start(game));
                self.moves.clear();
            }
            "Preset" => {
                self.preset = value.parse().map_err(|e: String| e)?;
                self.start = self.with_options(self.start.clone());
            }
            "USI_Ponder" => {}
            "Tsume" => {
                self.tsume = match value {
                    "true" => true,
                    "false" => false,
                    v => return Err(format!("Tsume {v:?}: expected true or false")),
                }
            }
            other => return Err(format!("unknown option {other:?}")),
        }
        Ok(())
    }

    fn with_options(&self, pos: Position) -> Position {
        pos.with_options(RuleOptions {
            preset: self.preset,
            ..RuleOptions::default()
        })
    }

    fn position(&mut self, rest: &[&str]) -> Result<(), String> {
        let (head, moves) = match rest.iter().position(|&w| w == "moves") {
            Some(i) => (&rest[..i], &rest[i + 1..]),
            None => (rest, &[][..]),
        };
        let start = match head {
            ["startpos"] => Position::start(self.game),
            ["sfen", sfen @ ..] if !sfen.is_empty() => {
                read_position(self.game, &sfen.join(" ")).map_err(|e| e.to_string())?
            }
            _ => return Err("position needs `startpos` or `sfen <SFEN>`".into()),
        };
        let start = self.with_options(start);
        let mut pos = start.clone();
        let mut played = Vec::with_capacity(moves.len());
        for (i, text) in moves.iter().enumerate() {
            let mv = read_move(pos.variant(), text).map_err(|e| format!("move {}: {e}", i + 1))?;
            pos.play(mv)
                .map_err(|e| format!("move {} ({text}): {e}", i + 1))?;
            played.push(mv);
        }
        self.finish();
        self.start = start;
        self.moves = played;
        Ok(())
    }

    fn go(&mut self, rest: &[&str]) -> Result<(), String> {
        let mut limits = Limits::default();
        let (mut btime, mut wtime, mut binc, mut winc, mut byoyomi) = (None, None, 0, 0, 0);
        let (mut infinite, mut ponder) = (false, false);
        // `go mate <ms>|infinite`: the mate solver instead of the search
        let mut mate: Option<Option<u64>> = None;
        let mut words = rest.iter();
        while let Some(&w) = words.next() {
            let mut number = || -> Result<u64, String> {
                words
                    .next()
                    .and_then(|v| v.parse::<u64>().ok())
                    .ok_or_else(|| format!("go {w}: expected a number"))
            };
            match w {
                "btime" => btime = Some(number()?),
                "wtime" => wtime = Some(number()?),
                "binc" => binc = number()?,
                "winc" => winc = number()?,
                "byoyomi" => byoyomi = number()?,
                "movetime" => limits.time_ms = Some(number()?),
                "depth" => limits.depth = Some(number()?.min(64) as u32),
                "nodes" => limits.nodes = Some(number()?),
                "infinite" => infinite = true,
                "ponder" => ponder = true,
                "mate" => {
                    mate = Some(match words.next() {
                        Some(&"infinite") => None,
                        Some(v) => Some(
                            v.parse::<u64>()
                                .map_err(|_| "go mate: expected milliseconds or infinite")?,
                        ),
                        None => None,
                    });
                }
                other => return Err(format!("go: unknown word {other:?}")),
            }
        }
        let mut pos = self.start.clone();
        for &m in &self.moves {
            pos.play_unchecked(m);
        }
        if let Some(time_ms) = mate {
            self.go_mate(pos, time_ms);
            return Ok(());
        }
        let sente = pos.turn() == koma_rules::Player::FIRST;
        let (left, inc) = if sente { (btime, binc) } else { (wtime, winc) };
        let budget = match (limits.time_ms, left) {
            (Some(t), _) => Some(t),
            (None, Some(l)) => Some((l / 30 + inc + byoyomi).saturating_sub(50).max(10)),
            (None, None) if byoyomi > 0 => Some(byoyomi.saturating_sub(50).max(10)),
            _ => None,
        };
        self.finish();
        let mut engine = self
            .engine
            .take()
            .unwrap_or_else(|| Engine::new(self.hash_mb));
        let stop = Arc::new(AtomicBool::new(false));
        let deadline = Arc::new(AtomicU64::new(if infinite || ponder {
            u64::MAX
        } else {
            budget.unwrap_or(u64::MAX)
        }));
        let hold = Arc::new(AtomicBool::new(infinite || ponder));
        let clock = Clock {
            start: Instant::now(),
            stop: stop.clone(),
            deadline: deadline.clone(),
        };
        let (start, moves) = (self.start.clone(), self.moves.clone());
        let held = hold.clone();
        let stopped = stop.clone();
        let thread = std::thread::spawn(move || {
            let v = start.variant();
            let result = engine.search(&start, &moves, &limits, &clock, &mut |i: &Info| {
                say(&info_line(v, i));
            });
            // `go infinite` and `go ponder` answer only when told to stop
            while held.load(Ordering::Relaxed) && !stopped.load(Ordering::Relaxed) {
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
            match result.best {
                Some(m) => say(&format!("bestmove {}", write_move(v, m))),
                None => say("bestmove resign"),
            }
            engine
        });
        self.running = Some(Running::new(thread, stop, deadline, budget, hold));
        Ok(())
    }
}

fn info_line(v: &koma_rules::Variant, i: &Info) -> String {
    let score = match i.score {
        Score::Cp(c) => format!("cp {c}"),
        Score::Mate(m) => format!("mate {m}"),
    };
    let nps = (i.nodes * 1000).checked_div(i.time_ms).unwrap_or(0);
    let pv: Vec<String> = i.pv.iter().map(|&m| write_move(v, m)).collect();
    format!(
        "info depth {} seldepth {} score {score} nodes {} nps {nps} time {} pv {}",
        i.depth,
        i.seldepth,
        i.nodes,
        i.time_ms,
        pv.join(" ")
    )
}
