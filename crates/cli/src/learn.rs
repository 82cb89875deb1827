//! `koma learn`: a game's lessons proved and written out.
//!
//! - `koma learn check <game> [--file <lessons.toml>]`: every step of the game's course (the
//!   built-in one, or a teacher's file in the same format, `crates/learn/src/course.rs`) is
//!   done by the rules within its par, its par is the fewest moves, and its goal does not hold
//!   before a move; a line a fault (`<lesson> step <n>: ...`), exit 1 when there is one, else
//!   `<n> steps of <m> lessons checked`.
//! - `koma learn lines <game> [--file ...]`: each step played out as the app plays it, a line
//!   a step: `<lesson><TAB><step from 1><TAB><learner's seat><TAB><moves, every ply,
//!   space-separated>`: the learner's moves are each the first of a shortest way
//!   ([`Exercise::next_move`], the step's "show"), the opponents' the app's answers
//!   ([`Exercise::defence`]). The browser tests play these lines by hand.

use std::path::PathBuf;

use clap::Args;
use koma_learn::{Course, Exercise, Step, Verdict, course, solve::solve};
use koma_rules::{GameId, Move, notation};

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
            let v = step.position.variant();
            let moves: Vec<String> = line.iter().map(|&m| notation::write_move(v, m)).collect();
            println!(
                "{}\t{}\t{}\t{}",
                lesson.id,
                i + 1,
                step.learner().0,
                moves.join(" ")
            );
        }
    }
    Ok(())
}

/// `step` played out as the app plays it: the learner's shortest way against the app's answers;
/// `None` when it stalls (no way found, a move refused, the game over without the goal).
fn played(step: &Step) -> Option<Vec<Move>> {
    let mut ex = Exercise::new(step);
    let mut line = Vec::new();
    // (a bound: a step is a few moves)
    for _ in 0..64 {
        let (mv, verdict) = if ex.needs_reply() {
            let mv = ex.defence()?;
            (mv, ex.reply(mv).ok()?)
        } else {
            let mv = ex.next_move()?;
            (mv, ex.attempt(mv))
        };
        line.push(mv);
        match verdict {
            Verdict::Done { .. } => return Some(line),
            Verdict::Going => {}
            _ => return None,
        }
    }
    None
}
