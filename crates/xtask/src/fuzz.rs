//! The fuzz targets (`fuzz/`, cargo-fuzz; outside the workspace): built and run by the test
//! command, run at length by `cargo xtask fuzz`.
//!
//! - `cargo xtask test` builds every target ([`build`]) and runs each for [`SMOKE_SECONDS`] on
//!   its seeds ([`smoke`]): a target that stops compiling, or that crashes on its seeds or on
//!   what libFuzzer makes of them in those seconds, turns the run red.
//! - `cargo xtask fuzz [--seconds N | --runs N] [target ...]` runs each target in turn (every
//!   target by default, 60 s each) and writes the runs, the seconds and the outcome of each to
//!   `docs/fuzzing.md` ([`record`]), a row a target, replaced by its next run. A crash stops
//!   nothing: the row says where libFuzzer kept the input, which is to be minimised
//!   (`cargo fuzz tmin`) and kept as a regression seed.
//!
//! The targets are built without a sanitizer (`-s none`: the code is safe Rust, and the runs go
//! several times faster) but with debug assertions and overflow checks, in release mode, on
//! stable through `RUSTC_BOOTSTRAP` (cargo-fuzz passes nightly flags). Each run's corpus is a
//! scratch folder that starts from the seeds (`fuzz/seeds/<target>`), which stay as committed;
//! `cargo xtask fuzz` keeps its corpus in `fuzz/corpus/<target>` (not committed) so that
//! later runs start where earlier ones stopped.

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Instant;

use super::{Result, cmd, root, step};

/// Seconds each target runs in the test command.
pub const SMOKE_SECONDS: u32 = 3;

/// The target triple cargo-fuzz builds for (its output folder).
const HOST: &str = "x86_64-unknown-linux-gnu";

/// The targets, as `fuzz/Cargo.toml` names its binaries.
pub fn targets(root: &Path) -> Result<Vec<String>> {
    let manifest = root.join("fuzz/Cargo.toml");
    let text =
        std::fs::read_to_string(&manifest).map_err(|e| format!("{}: {e}", manifest.display()))?;
    Ok(bin_names(&text))
}

/// The `name`s of a manifest's `[[bin]]` sections.
fn bin_names(manifest: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut in_bin = false;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_bin = line == "[[bin]]";
        } else if in_bin && let Some(v) = line.strip_prefix("name") {
            let v = v
                .trim_start()
                .trim_start_matches('=')
                .trim()
                .trim_matches('"');
            names.push(v.to_string());
        }
    }
    names
}

/// Build every target.
pub fn build() -> Result {
    step(
        "cargo fuzz build (every target, no sanitizer, debug assertions)",
        cmd("cargo")
            .args(["fuzz", "build", "-s", "none", "-O", "-a"])
            .current_dir(root().join("fuzz"))
            .env("RUSTC_BOOTSTRAP", "1"),
    )
}

fn binary(root: &Path, target: &str) -> PathBuf {
    root.join("fuzz/target")
        .join(HOST)
        .join("release")
        .join(target)
}

/// What one run of a target did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    /// The target.
    pub target: String,
    /// The inputs tried, as libFuzzer counts them.
    pub runs: u64,
    /// Seconds, by the clock around the run.
    pub seconds: u64,
    /// `no crash`, or what crashed and where the input was kept.
    pub outcome: String,
}

/// Run `target` with libFuzzer's `limit` flag (`-max_total_time=N` or `-runs=N`) on `corpus`
/// (created if missing) and its seeds.
fn run_one(root: &Path, target: &str, corpus: &Path, limit: &str) -> Result<Run> {
    let seeds = root.join("fuzz/seeds").join(target);
    std::fs::create_dir_all(corpus).map_err(|e| format!("{}: {e}", corpus.display()))?;
    let artifacts = root.join("target/fuzz-artifacts").join(target);
    std::fs::create_dir_all(&artifacts).map_err(|e| format!("{}: {e}", artifacts.display()))?;
    let t = Instant::now();
    let out = cmd(binary(root, target).to_string_lossy().as_ref())
        .arg(corpus)
        .arg(&seeds)
        .arg(limit)
        .arg(format!("-artifact_prefix={}/", artifacts.display()))
        .arg("-print_final_stats=1")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .map_err(|e| format!("{target}: cannot start: {e}"))?;
    let seconds = t.elapsed().as_secs();
    let log = String::from_utf8_lossy(&out.stderr);
    let runs = runs_done(&log).unwrap_or(0);
    let outcome = if out.status.success() {
        "no crash".to_string()
    } else if log.contains("libFuzzer: run interrupted") {
        "no crash; stopped by hand before its limit".to_string()
    } else {
        let kept = log
            .lines()
            .find_map(|l| l.split("Test unit written to ").nth(1))
            .unwrap_or("(no input kept)");
        let why = log
            .lines()
            .find(|l| l.contains("panicked at") || l.contains("ERROR: libFuzzer"))
            .unwrap_or("exit without a report");
        format!("crash: {} ({kept})", why.trim())
    };
    Ok(Run {
        target: target.to_string(),
        runs,
        seconds,
        outcome,
    })
}

/// The inputs a libFuzzer run tried, from its log (`Done 123 runs in 4 second(s)`, or the
/// final stats' `stat::number_of_executed_units: 123`).
fn runs_done(log: &str) -> Option<u64> {
    log.lines().rev().find_map(|l| {
        let l = l.trim();
        l.strip_prefix("Done ")
            .and_then(|r| r.split_whitespace().next())
            .or_else(|| l.strip_prefix("stat::number_of_executed_units:"))
            .and_then(|n| n.trim().parse().ok())
    })
}

/// The test command's run: every target for [`SMOKE_SECONDS`] on a scratch corpus from its
/// seeds; the first crash fails.
pub fn smoke() -> Result {
    let root = root();
    let scratch = root.join("target/fuzz-smoke");
    let _ = std::fs::remove_dir_all(&scratch);
    for target in targets(&root)? {
        eprintln!("==> fuzz {target} ({SMOKE_SECONDS} s on its seeds)");
        let run = run_one(
            &root,
            &target,
            &scratch.join(&target),
            &format!("-max_total_time={SMOKE_SECONDS}"),
        )?;
        if run.outcome != "no crash" {
            return Err(format!("fuzz target {target}: {}", run.outcome));
        }
        if run.runs == 0 {
            return Err(format!("fuzz target {target} ran no input"));
        }
        eprintln!("    {} runs, no crash", run.runs);
    }
    let _ = std::fs::remove_dir_all(&scratch);
    Ok(())
}

/// `cargo xtask fuzz`: each target in turn, at length; the figures go to `docs/fuzzing.md`.
pub fn run(args: &[String]) -> Result {
    let root = root();
    let mut limit = "-max_total_time=60".to_string();
    let mut chosen = Vec::new();
    let mut args = args.iter();
    while let Some(a) = args.next() {
        match a.as_str() {
            "--seconds" | "--runs" => {
                let n: u64 = args
                    .next()
                    .and_then(|n| n.parse().ok())
                    .ok_or_else(|| format!("{a} takes a whole number"))?;
                limit = if a == "--seconds" {
                    format!("-max_total_time={n}")
                } else {
                    format!("-runs={n}")
                };
            }
            t => chosen.push(t.to_string()),
        }
    }
    let all = targets(&root)?;
    if let Some(t) = chosen.iter().find(|t| !all.contains(t)) {
        return Err(format!(
            "no fuzz target {t:?}; the targets: {}",
            all.join(", ")
        ));
    }
    let chosen = if chosen.is_empty() { all } else { chosen };
    build()?;
    let commit = super::output("git", &["rev-parse", "--short", "HEAD"])
        .map(|c| c.trim().to_string())
        .unwrap_or_default();
    let date = super::output("date", &["-u", "+%Y-%m-%d"])
        .map(|d| d.trim().to_string())
        .unwrap_or_default();
    let mut crashed = Vec::new();
    for target in chosen {
        eprintln!("==> fuzz {target} ({limit})");
        let run = run_one(
            &root,
            &target,
            &root.join("fuzz/corpus").join(&target),
            &limit,
        )?;
        eprintln!(
            "    {} runs in {} s: {}",
            run.runs, run.seconds, run.outcome
        );
        if run.outcome != "no crash" {
            crashed.push(target.clone());
        }
        let path = root.join("docs/fuzzing.md");
        let old = std::fs::read_to_string(&path).unwrap_or_default();
        std::fs::write(&path, record(&old, &run, &commit, &date))
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    if crashed.is_empty() {
        Ok(())
    } else {
        Err(format!("crashed: {}", crashed.join(", ")))
    }
}

const HEADER: &str = "# Fuzzing

Written by `cargo xtask fuzz` (`crates/xtask/src/fuzz.rs`): each target's last run, in the
order the targets were last run. Targets are built in release mode with debug assertions and
overflow checks, without a sanitizer; each run starts from the target's corpus
(`fuzz/corpus/<target>`, kept between runs) and its seeds (`fuzz/seeds/<target>`).

| target | runs | seconds | outcome | commit | date |
|---|---|---|---|---|---|
";

/// `docs/fuzzing.md` with `run`'s row in place of the target's earlier one.
fn record(old: &str, run: &Run, commit: &str, date: &str) -> String {
    let prefix = format!("| {} |", run.target);
    let mut rows: Vec<String> = old
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| target |"))
        .filter(|l| !l.starts_with(&prefix))
        .map(str::to_string)
        .collect();
    rows.push(format!(
        "| {} | {} | {} | {} | {commit} | {date} |",
        run.target, run.runs, run.seconds, run.outcome
    ));
    let mut text = HEADER.to_string();
    for r in rows {
        text.push_str(&r);
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_targets_are_the_manifests_binaries() {
        let m = "[package]\nname = \"koma-fuzz\"\n\n[[bin]]\nname = \"sfen\"\npath = \"a\"\n\n\
                 [workspace]\n\n[[bin]]\nname = \"server\"\n";
        assert_eq!(bin_names(m), ["sfen", "server"]);
        let here = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let all = targets(&here).unwrap_or_default();
        for t in ["sfen", "kif", "hex", "server", "api", "saved"] {
            assert!(all.iter().any(|a| a == t), "{t} in {all:?}");
        }
        for t in &all {
            assert!(
                here.join("fuzz/fuzz_targets")
                    .join(format!("{t}.rs"))
                    .exists(),
                "{t}'s source"
            );
            assert!(here.join("fuzz/seeds").join(t).is_dir(), "{t}'s seeds");
        }
    }

    #[test]
    fn the_runs_are_read_from_libfuzzers_log() {
        let log = "#2\tINITED cov: 10\n#1000\tpulse\nDone 12345 runs in 3 second(s)\n\
                   stat::number_of_executed_units: 12345\n";
        assert_eq!(runs_done(log), Some(12345));
        assert_eq!(runs_done("stat::number_of_executed_units: 77\n"), Some(77));
        assert_eq!(runs_done("nothing"), None);
    }

    #[test]
    fn a_targets_row_replaces_its_last_one() {
        let run = |target: &str, runs| Run {
            target: target.into(),
            runs,
            seconds: 9,
            outcome: "no crash".into(),
        };
        let once = record("", &run("sfen", 10), "abc", "2026-12-06");
        let twice = record(&once, &run("usi", 20), "abc", "2026-12-06");
        let again = record(&twice, &run("sfen", 30), "def", "2026-12-07");
        assert!(again.starts_with("# Fuzzing"));
        let rows: Vec<&str> = again.lines().filter(|l| l.starts_with("| ")).collect();
        assert_eq!(
            rows[1..],
            [
                "| usi | 20 | 9 | no crash | abc | 2026-12-06 |",
                "| sfen | 30 | 9 | no crash | def | 2026-12-07 |"
            ]
        );
    }
}
