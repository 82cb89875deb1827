//! `koma learn`: a game's lessons proved and written out.
//!
//! - `koma learn check <game> [--file <lessons.toml>]`: every step of the game's course (the
//!   built-in one, or a teacher's file in the same format, `crates/learn/src/course.rs`) is
//!   done by the rules within its par, its par is the fewest moves, and its goal does not hold
//!   before a move; a line a fault (`<lesson> step <n>: ...`), exit 1 when there is one, else
//!   `<n> steps of <m> lessons checked`.
//! - `koma learn lines <game> [--file ...]`: each step played out as the app plays it, a line
//!   a step: `<lesson><TAB><step from 1><TAB><learner's seat><TAB><the learner's moves><TAB>
//!   <every ply>` (moves space-separated): the learner's moves are each the first of a
//!   shortest way ([`Exercise::next_move`], the step's "show"), the opponents' the app's
//!   answers ([`Exercise::defence`]). A claim (a `declare` or `impasse` step's last try,
//!   made instead of a move) is written as the goal's word, `declare` or `impasse`. The
//!   browser tests play these lines by hand.
//! - `koma learn page <file.html>`: every exercise on a page (each `<koma-board
//!   mode="exercise" ...>`, its attributes as the embed reads them: `game`, `sfen`, `setup`,
//!   `preset`, `moves`, `goal`, `par`, `reply`) proved as `check` proves a step, and played out
//!   as `lines` plays one: a line an exercise, `<section><TAB><game><TAB><learner><TAB><the
//!   learner's moves><TAB><every ply>`, the section being the `data-rule` (else `id`) of the
//!   nearest `<section>` before it; a fault names its section and exits 1.

use std::path::PathBuf;

use clap::Args;
use koma_learn::{Course, Exercise, Step, Verdict, course, solve::solve};
use koma_rules::{GameId, Move, notation};

/// `koma learn page`'s argument.
#[derive(Args)]
pub struct PageSettings {
    /// The page (HTML).
    file: PathBuf,
}

/// `koma learn check|lines`'s arguments.
#[derive(Args)]
pub struct LearnSettings {
    /// The game.
    #[arg(value_parser = crate::game_ids())]
    game: GameId,
    /// A lesson file to read instead of the built-in course.
    #[arg(long, value_name = "FILE")]
    file: Option<PathBuf>,
}

fn read(s: &LearnSettings) -> Result<Course, String> {
    match &s.file {
        Some(f) => {
            let text = std::fs::read_to_string(f).map_err(|e| format!("{}: {e}", f.display()))?;
            koma_learn::course::read(s.game, &text).map_err(|e| e.to_string())
        }
        None => course(s.game).map_err(|e| e.to_string()),
    }
}

/// `koma learn check`.
pub fn check(s: &LearnSettings) -> Result<(), String> {
    let c = read(s)?;
    let mut steps = 0;
    let mut faults = Vec::new();
    for lesson in &c.lessons {
        for (i, step) in lesson.steps.iter().enumerate() {
            steps += 1;
            match solve(step) {
                Ok(done) if done.moves == step.par => {}
                Ok(done) => faults.push(format!(
                    "{} step {}: done in {} moves, its par is {}",
                    lesson.id,
                    i + 1,
                    done.moves,
                    step.par
                )),
                Err(e) => faults.push(format!("{} step {}: {e}", lesson.id, i + 1)),
            }
        }
    }
    for f in &faults {
        println!("{f}");
    }
    if faults.is_empty() {
        println!("{steps} steps of {} lessons checked", c.lessons.len());
        Ok(())
    } else {
        Err(format!("{} of {steps} steps fail", faults.len()))
    }
}

/// `koma learn lines`.
pub fn lines(s: &LearnSettings) -> Result<(), String> {
    let c = read(s)?;
    for lesson in &c.lessons {
        for (i, step) in lesson.steps.iter().enumerate() {
            let line = played(step).ok_or_else(|| {
                format!("{} step {}: no way to its goal was found", lesson.id, i + 1)
            })?;
            println!("{}\t{}\t{}", lesson.id, i + 1, way(step, &line));
        }
    }
    Ok(())
}

/// A line played out, as `lines` and `page` print it: `<learner's seat><TAB><the learner's
/// moves><TAB><every ply>`.
fn way(step: &Step, line: &[(Option<Move>, bool)]) -> String {
    let v = step.position.variant();
    let words = |mine: bool| -> String {
        line.iter()
            .filter(|(_, by_learner)| mine <= *by_learner)
            .map(|&(m, _)| match m {
                Some(m) => notation::write_move(v, m),
                None => step.goal.write(v),
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    format!("{}\t{}\t{}", step.learner().0, words(true), words(false))
}

/// `step` played out as the app plays it: the learner's shortest way against the app's answers,
/// each ply with whether the learner made it (`None` for a claim made instead of a move);
/// `None` when it stalls (no way found, a move refused, the game over without the goal).
fn played(step: &Step) -> Option<Vec<(Option<Move>, bool)>> {
    let mut ex = Exercise::new(step);
    let mut line = Vec::new();
    // (a bound: a step is a few moves)
    for _ in 0..64 {
        let mine = !ex.needs_reply();
        let (mv, verdict) = if mine && ex.claim_now() {
            (None, ex.claim()?)
        } else if mine {
            let mv = ex.next_move()?;
            (Some(mv), ex.attempt(mv))
        } else {
            let mv = ex.defence()?;
            (Some(mv), ex.reply(mv).ok()?)
        };
        line.push((mv, mine));
        match verdict {
            Verdict::Done { .. } => return Some(line),
            Verdict::Going => {}
            _ => return None,
        }
    }
    None
}

/// One `<koma-board>` of a page: its attributes, and the section it is in.
struct Board {
    section: String,
    attributes: Vec<(String, String)>,
}

impl Board {
    fn get(&self, name: &str) -> Option<&str> {
        self.attributes
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
            .filter(|v| !v.trim().is_empty())
    }
}

/// An attribute's value with HTML's character references decoded (the few a page writes in
/// attributes: `&gt;`, `&lt;`, `&amp;`, `&quot;`, `&#x27;`, `&#39;`).
fn unescape(v: &str) -> String {
    v.replace("&gt;", ">")
        .replace("&lt;", "<")
        .replace("&quot;", "\"")
        .replace("&#x27;", "'")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

/// The attributes of a start tag's text (after its name, before `>`): `name="value"`,
/// `name='value'`, `name=value` or a bare `name`.
fn attributes(tag: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = tag.trim_start();
    while !rest.is_empty() {
        let end = rest
            .find(|c: char| c == '=' || c.is_whitespace())
            .unwrap_or(rest.len());
        let name = rest[..end].to_ascii_lowercase();
        rest = rest[end..].trim_start();
        let value = if let Some(after) = rest.strip_prefix('=') {
            let after = after.trim_start();
            let (v, next) = match after.chars().next() {
                Some(q @ ('"' | '\'')) => {
                    let body = &after[1..];
                    let close = body.find(q).unwrap_or(body.len());
                    (&body[..close], body.get(close + 1..).unwrap_or(""))
                }
                _ => {
                    let close = after.find(char::is_whitespace).unwrap_or(after.len());
                    (&after[..close], &after[close..])
                }
            };
            rest = next.trim_start();
            unescape(v)
        } else {
            String::new()
        };
        if !name.is_empty() {
            out.push((name, value));
        }
    }
    out
}

/// Every `<koma-board>` of a page, with its section.
fn boards(html: &str) -> Vec<Board> {
    let mut out = Vec::new();
    let mut section = String::new();
    let mut rest = html;
    while let Some(open) = rest.find('<') {
        rest = &rest[open + 1..];
        let close = rest.find('>').unwrap_or(rest.len());
        let tag = &rest[..close];
        rest = rest.get(close + 1..).unwrap_or("");
        let name_end = tag
            .find(|c: char| c.is_whitespace() || c == '/')
            .unwrap_or(tag.len());
        let name = tag[..name_end].to_ascii_lowercase();
        let attrs = || attributes(tag[name_end..].trim_end_matches('/'));
        match name.as_str() {
            "section" => {
                let a = attrs();
                let pick = |k: &str| a.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone());
                section = pick("data-rule").or_else(|| pick("id")).unwrap_or_default();
            }
            "koma-board" => out.push(Board {
                section: section.clone(),
                attributes: attrs(),
            }),
            _ => {}
        }
    }
    out
}

/// A page's exercise as a step: the game its attributes start, the goal, par and reply.
fn exercise_step(b: &Board) -> Result<Step, String> {
    use koma_learn::{Goal, Reply};
    use koma_rules::setups::GameStart;
    let game: GameId = b
        .get("game")
        .unwrap_or("shogi")
        .parse()
        .map_err(|e| format!("game: {e}"))?;
    let start = GameStart {
        setup: b.get("setup").map(str::to_string),
        position: b.get("sfen").map(str::to_string),
        preset: b.get("preset").map(str::to_string),
        ..GameStart::new(game)
    };
    let mut played = start.build(false).map_err(|e| e.to_string())?;
    let v = played.position().variant();
    for (i, w) in b.get("moves").unwrap_or("").split_whitespace().enumerate() {
        let mv = notation::read_move(v, w).map_err(|e| format!("move {} {w}: {e}", i + 1))?;
        played
            .play(mv)
            .map_err(|e| format!("move {} {w}: {e}", i + 1))?;
    }
    let goal = Goal::read(v, b.get("goal").ok_or("no goal")?).map_err(|e| e.to_string())?;
    let reply = match b.get("reply") {
        None => Reply::default_for(&goal),
        Some(r) => Reply::read(r).ok_or_else(|| format!("reply {r}: best or none"))?,
    };
    let par = match b.get("par") {
        None => None,
        Some(p) => Some(p.parse::<u32>().map_err(|_| format!("par {p}: a number"))?),
    };
    let mut step = Step::of_game(&played, goal, par.unwrap_or(PAGE_PAR), reply);
    let done = solve(&step).map_err(|e| e.to_string())?;
    match par {
        Some(p) if done.moves != p => {
            return Err(format!("done in {} moves, its par is {p}", done.moves));
        }
        Some(_) => {}
        None => step.par = done.moves,
    }
    Ok(step)
}

/// The most moves a page's exercise without a par is searched to (the embed's own bound).
const PAGE_PAR: u32 = 12;

/// `koma learn page`.
pub fn page(s: &PageSettings) -> Result<(), String> {
    let html =
        std::fs::read_to_string(&s.file).map_err(|e| format!("{}: {e}", s.file.display()))?;
    let mut faults = 0;
    let mut count = 0;
    for b in boards(&html)
        .into_iter()
        .filter(|b| b.get("mode") == Some("exercise"))
    {
        count += 1;
        let step = match exercise_step(&b) {
            Ok(step) => step,
            Err(e) => {
                faults += 1;
                eprintln!("{}: {e}", b.section);
                continue;
            }
        };
        let Some(line) = played(&step) else {
            faults += 1;
            eprintln!("{}: no way to its goal was found", b.section);
            continue;
        };
        println!(
            "{}\t{}\t{}",
            b.section,
            step.position.game(),
            way(&step, &line)
        );
    }
    if faults > 0 {
        return Err(format!("{faults} of {count} exercises fail"));
    }
    Ok(())
}
