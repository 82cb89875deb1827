//! The project's two commands, and the tool installs they need.
//!
//! - `cargo xtask serve`: install what is missing, build a release (with its service worker)
//!   and serve it with `koma-server` (the app and online play) as a user gets it at
//!   http://127.0.0.1:8080/ (and under /koma/).
//! - `cargo xtask test`: install what is missing, then run every test: `cargo fmt --check`,
//!   clippy with `-D warnings` (native and wasm32), docs without broken links, native tests
//!   (the online server's on SQLite and on a throwaway PostgreSQL cluster, see [`Postgres`]),
//!   wasm tests in headless Chromium (wasm-bindgen-test), the Playwright browser tests
//!   against a release build, and a WebDriver smoke test of the same build in Firefox ESR and
//!   WebKitGTK (`web/webdriver/smoke.mjs`); every fuzz target built and run on its seeds for a
//!   few seconds ([`fuzz`]).
//! - `cargo xtask fuzz [--seconds N | --runs N] [target ...]`: the fuzz targets at length, the
//!   figures written to `docs/fuzzing.md`.
//!
//! - `cargo xtask bench [--quick]`: perft speed of the rules natively, in wasm (node), and of
//!   the peer cshogi (PyPI, installed into `target/peer-venv`), and the engine's search speed
//!   natively and in wasm, in one run.
//! - `cargo xtask fsf-match <shogi|minishogi> <1-8> [--games N]`: the engine's top level
//!   against Fairy-Stockfish (npm `fairy-stockfish-nnue.wasm` 1.1.12, installed into
//!   `target/peer-fsf`, run by Node) at that lishogi level, both at the level's time a move.
//! - `cargo xtask puzzles [--check]`: the puzzle collection the app ships,
//!   `web/puzzles/puzzles.tsv`, made again by `koma puzzles generate` (each game's count and
//!   first seed in [`PUZZLES`]) and proved again whole by `koma puzzles check` (`--check`: only
//!   the proof). The test command proves a sample of it (the command line's tests).
//! - `cargo xtask engine-table [--check]`: the table of the levels in `docs/engine.md`, written
//!   from the match history `docs/matches.csv` ([`engine_table`]).
//!
//! Pinned tools (a mismatch is reinstalled; Trunk never downloads anything, see Trunk.toml):
//! the wasm32 target, trunk 0.21.14, wasm-bindgen-cli 0.2.130 (equal to the wasm-bindgen
//! crate), wasm-opt from npm `binaryen` 132 and Playwright 1.65.1 (both in `web/package.json`),
//! Chromium and ChromeDriver from Debian (installed with apt-get when running as root on
//! Debian; elsewhere the command says what to install); for the smoke test Firefox ESR,
//! WebKitGTK's driver and Xvfb from Debian and geckodriver 0.36.0 from crates.io (where they
//! cannot be installed, the command says so and the smoke test skips them); cargo-fuzz 0.13.1.
//! Node.js must be 20 or newer, and every npm package pinned must accept Node.js 20
//! ([`check_engines`]). A second run finds everything in place and goes straight to work.

mod engine_table;
mod fuzz;

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::Instant;

const TRUNK: &str = "0.21.14";
const WASM_BINDGEN: &str = "0.2.130";
const WASM_OPT: &str = "version 132";
const TARGET: &str = "wasm32-unknown-unknown";
const GECKODRIVER: &str = "0.36.0";
const CARGO_FUZZ: &str = "0.13.1";
/// The oldest Node.js the tools run on (README says so; every pinned npm package must accept it).
const NODE_MAJOR: u32 = 20;

type Result<T = ()> = std::result::Result<T, String>;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let started = Instant::now();
    let result = match args.first().map(String::as_str) {
        Some("serve") => serve(),
        Some("test") => test(&args[1..]),
        Some("install") => install(true).map(|_| ()),
        Some("bench") => bench(&args[1..]),
        Some("fsf-match") => fsf_match(&args[1..]),
        Some("fuzz") => install_fuzz().and_then(|()| fuzz::run(&args[1..])),
        Some("puzzles") => puzzles(args.get(1).is_some_and(|a| a == "--check")),
        Some("engine-table") => {
            engine_table::run(&root(), args.get(1).is_some_and(|a| a == "--check"))
        }
        _ => Err(
            "usage: cargo xtask serve | test [--no-e2e] | bench [--quick] | install | \
             fuzz [--seconds N | --runs N] [target ...] | \
             fsf-match <shogi|minishogi> <lishogi level 1-8> [--games N] | engine-table [--check] | \
             puzzles [--check]"
                .to_string(),
        ),
    };
    let secs = started.elapsed().as_secs_f64();
    match result {
        Ok(()) => {
            eprintln!("xtask: done in {secs:.0} s");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("xtask: error: {e} (after {secs:.0} s)");
            ExitCode::FAILURE
        }
    }
}

fn root() -> PathBuf {
    // crates/xtask -> the workspace root
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .nth(2)
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from("."))
}

/// PATH with cargo's install directory and the npm tools in front.
fn tool_path() -> String {
    let mut parts = vec![root().join("web/node_modules/.bin")];
    if let Some(home) = std::env::var_os("CARGO_HOME") {
        parts.push(PathBuf::from(home).join("bin"));
    } else if let Some(home) = std::env::var_os("HOME") {
        parts.push(PathBuf::from(home).join(".cargo/bin"));
    }
    let old = std::env::var_os("PATH").unwrap_or_default();
    parts.extend(std::env::split_paths(&old));
    std::env::join_paths(parts)
        .map(|p| p.to_string_lossy().into_owned())
        .unwrap_or_default()
}

fn cmd(program: &str) -> Command {
    let mut c = Command::new(program);
    c.env("PATH", tool_path()).current_dir(root());
    c
}

fn step(name: &str, c: &mut Command) -> Result {
    eprintln!("\n==> {name}");
    let t = Instant::now();
    let status = c
        .status()
        .map_err(|e| format!("{name}: could not start: {e}"))?;
    eprintln!("    ({name}: {:.1} s)", t.elapsed().as_secs_f64());
    if status.success() {
        Ok(())
    } else {
        Err(format!("{name} failed ({status})"))
    }
}

/// The output of `program args`, if it runs.
fn output(program: &str, args: &[&str]) -> Option<String> {
    let out = cmd(program)
        .args(args)
        .stderr(Stdio::null())
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

fn has_version(program: &str, want: &str) -> bool {
    output(program, &["--version"]).is_some_and(|v| v.contains(want))
}

/// Install what the build needs; with `browser`, also what the browser tests need.
fn install(browser: bool) -> Result {
    let t = Instant::now();
    let installed = output("rustup", &["target", "list", "--installed"]).unwrap_or_default();
    if !installed.lines().any(|l| l.trim() == TARGET) {
        step(
            "rustup target add wasm32-unknown-unknown",
            cmd("rustup").args(["target", "add", TARGET]),
        )?;
    }
    if !has_version("trunk", TRUNK) {
        step(
            &format!("cargo install trunk {TRUNK}"),
            cmd("cargo").args([
                "install",
                "trunk",
                "--version",
                TRUNK,
                "--locked",
                "--force",
            ]),
        )?;
    }
    if !has_version("wasm-bindgen", WASM_BINDGEN) {
        // Without --locked: its lockfile wants a crate version the registry lacks.
        step(
            &format!("cargo install wasm-bindgen-cli {WASM_BINDGEN}"),
            cmd("cargo").args([
                "install",
                "wasm-bindgen-cli",
                "--version",
                WASM_BINDGEN,
                "--force",
            ]),
        )?;
    }
    check_node()?;
    npm_install()?;
    check_engines()?;
    if !has_version("wasm-opt", WASM_OPT) {
        return Err("wasm-opt from web/node_modules is not binaryen 132".into());
    }
    if browser {
        install_chromium()?;
        install_other_engines();
    }
    eprintln!("xtask: tools ready ({:.1} s)", t.elapsed().as_secs_f64());
    Ok(())
}

/// Node.js [`NODE_MAJOR`] or newer.
fn check_node() -> Result {
    let v = output("node", &["--version"])
        .ok_or_else(|| format!("node is missing: install Node.js {NODE_MAJOR} or newer"))?;
    match node_major(&v) {
        Some(m) if m >= NODE_MAJOR => Ok(()),
        _ => Err(format!(
            "Node.js {} is too old: install {NODE_MAJOR} or newer",
            v.trim()
        )),
    }
}

/// The major version of `v12.3.4` (node's `--version`) or of `>=12.3.4` (an `engines` range).
fn node_major(v: &str) -> Option<u32> {
    v.trim()
        .trim_start_matches(">=")
        .trim_start_matches('v')
        .split('.')
        .next()?
        .trim()
        .parse()
        .ok()
}

/// Every npm package that `web/package.json` pins accepts Node.js [`NODE_MAJOR`] (its
/// `engines.node`, read as `>=N`): the Node.js README promises is enough for all of them.
fn check_engines() -> Result {
    let web = root().join("web");
    let manifest = std::fs::read_to_string(web.join("package.json"))
        .map_err(|e| format!("web/package.json: {e}"))?;
    let manifest: serde_json::Value =
        serde_json::from_str(&manifest).map_err(|e| format!("web/package.json: {e}"))?;
    let deps = manifest["devDependencies"]
        .as_object()
        .map(|d| d.keys().cloned().collect::<Vec<_>>())
        .unwrap_or_default();
    for dep in deps {
        let path = web.join("node_modules").join(&dep).join("package.json");
        let Ok(text) = std::fs::read_to_string(&path) else {
            return Err(format!("{}: not installed", path.display()));
        };
        let pkg: serde_json::Value =
            serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        if let Some(range) = pkg["engines"]["node"].as_str()
            && node_major(range).is_some_and(|m| m > NODE_MAJOR)
        {
            return Err(format!(
                "npm {dep} {} needs Node.js {range}, but README promises Node.js {NODE_MAJOR}: \
                 pin a version that runs on it",
                pkg["version"].as_str().unwrap_or("?")
            ));
        }
    }
    Ok(())
}

/// cargo-fuzz [`CARGO_FUZZ`], for the fuzz targets.
fn install_fuzz() -> Result {
    if has_version("cargo-fuzz", CARGO_FUZZ) {
        return Ok(());
    }
    step(
        &format!("cargo install cargo-fuzz {CARGO_FUZZ}"),
        cmd("cargo").args([
            "install",
            "cargo-fuzz",
            "--version",
            CARGO_FUZZ,
            "--locked",
            "--force",
        ]),
    )
}

/// `npm ci` in web/ when node_modules is missing or older than the lockfile.
fn npm_install() -> Result {
    let web = root().join("web");
    let stamp = web.join("node_modules/.package-lock.json");
    let lock = web.join("package-lock.json");
    let fresh = match (stamp.metadata(), lock.metadata()) {
        (Ok(s), Ok(l)) => match (s.modified(), l.modified()) {
            (Ok(s), Ok(l)) => s >= l,
            _ => false,
        },
        _ => false,
    };
    if fresh && web.join("node_modules/.bin/wasm-opt").exists() {
        return Ok(());
    }
    if output("npm", &["--version"]).is_none() {
        return Err("npm is missing: install Node.js 20 or newer (with npm)".into());
    }
    step(
        "npm ci (web/: Playwright, binaryen)",
        cmd("npm")
            .args(["ci", "--no-audit", "--no-fund"])
            .current_dir(&web)
            .env("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1"),
    )
}

fn install_chromium() -> Result {
    let need_browser = !(Path::new("/usr/bin/chromium").exists()
        && output("chromedriver", &["--version"]).is_some());
    let need_fonts = Path::new("/etc/debian_version").exists()
        && !Path::new("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc").exists();
    if !need_browser && !need_fonts {
        return Ok(());
    }
    if !can_apt() {
        return Err(
            "the browser tests need Chromium at /usr/bin/chromium and a matching \
                    chromedriver on PATH (on Debian/Ubuntu: sudo apt-get install chromium \
                    chromium-driver fonts-noto-cjk; elsewhere install Chromium and ChromeDriver \
                    of the same version and set CHROMIUM=/path/to/chromium)"
                .into(),
        );
    }
    apt_install(&["chromium", "chromium-driver", "fonts-noto-cjk"])
}

/// Whether this runs as root on Debian, where Debian's packages can be installed.
fn can_apt() -> bool {
    Path::new("/etc/debian_version").exists()
        && output("id", &["-u"]).is_some_and(|u| u.trim() == "0")
}

/// `apt-get update`, then `apt-get install` of `packages` (as root on Debian).
fn apt_install(packages: &[&str]) -> Result {
    step("apt-get update", cmd("apt-get").args(["update", "-qq"]))?;
    step(
        &format!("apt-get install {}", packages.join(" ")),
        cmd("apt-get")
            .args(["install", "-y", "-qq", "--no-install-recommends"])
            .args(packages)
            .env("DEBIAN_FRONTEND", "noninteractive"),
    )
}

/// Firefox ESR and WebKitGTK (Safari's engine) for the WebDriver smoke test: Debian's
/// `firefox-esr`, `webkit2gtk-driver` (WebKitWebDriver, with MiniBrowser) and `xvfb`, and
/// geckodriver from crates.io. Where they cannot be installed (not Debian, not root, no
/// registry), this says so and the smoke test skips what is missing.
fn install_other_engines() {
    let have = |p: &str| {
        output("sh", &["-c", &format!("command -v {p}")]).is_some_and(|s| !s.trim().is_empty())
    };
    let missing: Vec<&str> = [
        ("firefox-esr", "firefox-esr"),
        ("WebKitWebDriver", "webkit2gtk-driver"),
        ("Xvfb", "xvfb"),
    ]
    .into_iter()
    .filter(|(bin, _)| !have(bin))
    .map(|(_, pkg)| pkg)
    .collect();
    if !missing.is_empty() {
        let installed = can_apt() && apt_install(&missing).is_ok();
        if !installed {
            eprintln!(
                "xtask: cannot install {} (apt-get as root on Debian): the WebDriver smoke test \
                 skips those engines",
                missing.join(", ")
            );
        }
    }
    if !has_version("geckodriver", GECKODRIVER)
        && step(
            &format!("cargo install geckodriver {GECKODRIVER}"),
            cmd("cargo").args([
                "install",
                "geckodriver",
                "--version",
                GECKODRIVER,
                "--locked",
                "--force",
            ]),
        )
        .is_err()
    {
        eprintln!("xtask: cannot install geckodriver: the WebDriver smoke test skips Firefox");
    }
}

fn trunk_build() -> Result {
    step(
        "trunk build --release",
        cmd("trunk").args(["build", "--release"]),
    )?;
    report_sizes();
    Ok(())
}

/// Print the release wasm size (raw and gzip) and the JS glue size.
fn report_sizes() {
    let dist = root().join("dist");
    let Ok(entries) = std::fs::read_dir(&dist) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        let ext = p.extension().and_then(|x| x.to_str()).unwrap_or("");
        if ext != "wasm" && ext != "js" {
            continue;
        }
        let raw = e.metadata().map(|m| m.len()).unwrap_or(0);
        let gz = output(
            "sh",
            &["-c", &format!("gzip -9c '{}' | wc -c", p.display())],
        )
        .and_then(|s| s.trim().parse::<u64>().ok())
        .unwrap_or(0);
        eprintln!(
            "    size: {} {} bytes raw, {} bytes gzip",
            p.file_name().and_then(|n| n.to_str()).unwrap_or("?"),
            raw,
            gz
        );
    }
}

/// Build a release and serve it as a user gets it: `koma-server` serves `dist/` (the service
/// worker and all) and online play on one origin, at / and under /koma/, with its games in
/// `koma.db` (SQLite) unless `KOMA_DATABASE_URL` names another database.
fn serve() -> Result {
    install(false)?;
    trunk_build()?;
    step(
        "cargo build --release -p koma-server",
        cmd("cargo").args(["build", "--release", "--quiet", "-p", "koma-server"]),
    )?;
    eprintln!(
        "\nxtask: Koma is served at http://127.0.0.1:8080/ (and /koma/) with online play; \
         Ctrl-C stops\n"
    );
    step(
        "koma-server",
        cmd(&root().join("target/release/koma-server").to_string_lossy()).args([
            "--listen",
            "127.0.0.1:8080",
            "--dist",
            "dist",
        ]),
    )
}

fn test(args: &[String]) -> Result {
    let e2e = !args.iter().any(|a| a == "--no-e2e");
    install(true)?;
    step(
        "cargo fmt --check",
        cmd("cargo").args(["fmt", "--all", "--", "--check"]),
    )?;
    step(
        "cargo clippy (native)",
        cmd("cargo").args([
            "clippy",
            "--workspace",
            "--all-targets",
            "--",
            "-D",
            "warnings",
        ]),
    )?;
    step(
        "cargo clippy (wasm32: the app, its messages to the server, the engine and its worker)",
        cmd("cargo").args([
            "clippy",
            "-p",
            "koma-app",
            "-p",
            "koma-wire",
            "-p",
            "koma-engine",
            "-p",
            "koma-worker",
            "-p",
            "koma-learn",
            "--target",
            TARGET,
            "--all-targets",
            "--",
            "-D",
            "warnings",
        ]),
    )?;
    step(
        "cargo doc (no broken links)",
        cmd("cargo")
            .args(["doc", "--workspace", "--no-deps"])
            .env("RUSTDOCFLAGS", "-D warnings"),
    )?;
    // the server's tests run on SQLite and, where a cluster can be started, on PostgreSQL
    let postgres = Postgres::start();
    let mut native = cmd("cargo");
    native.args(["test", "--workspace"]);
    if let Some(pg) = &postgres {
        native.env("KOMA_TEST_POSTGRES", pg.url());
        if let Some(script) = pg.restart_script() {
            native.env("KOMA_TEST_POSTGRES_RESTART", script);
        }
    }
    // several servers behind HAProxy (Debian's package), where it is here or can be installed
    let haproxy = haproxy();
    if let Some(h) = &haproxy {
        native.env("KOMA_TEST_HAPROXY", h);
    }
    // (the cluster stays up for the browser tests: one plays on two servers across a restart)
    step("cargo test (native)", &mut native)?;
    // every fuzz target builds and runs clean on its seeds for a few seconds
    install_fuzz()?;
    fuzz::build()?;
    fuzz::smoke()?;
    step(
        "cargo test (wasm32, headless Chromium)",
        cmd("cargo")
            .args(["test", "-p", "koma-app", "--target", TARGET])
            .env("CHROMEDRIVER", chromedriver())
            .env("WASM_BINDGEN_TEST_TIMEOUT", "120"),
    )?;
    if e2e {
        trunk_build()?;
        // the online tests start their own koma-server over the build; the lessons' tests
        // read each step's line from the command line (`koma learn lines`)
        step(
            "cargo build --release -p koma-server -p koma-cli",
            cmd("cargo").args([
                "build",
                "--release",
                "--quiet",
                "-p",
                "koma-server",
                "-p",
                "koma-cli",
            ]),
        )?;
        let mut e2e = cmd("npm");
        e2e.args(["run", "e2e"])
            .current_dir(root().join("web"))
            .env("KOMA_SERVER", root().join("target/release/koma-server"))
            .env("KOMA_CLI", root().join("target/release/koma"));
        if let Some(pg) = &postgres {
            e2e.env("KOMA_TEST_POSTGRES", pg.url());
            if let Some(script) = pg.restart_script() {
                e2e.env("KOMA_TEST_POSTGRES_RESTART", script);
            }
        }
        if let Some(h) = &haproxy {
            e2e.env("KOMA_TEST_HAPROXY", h);
        }
        step("browser tests (Playwright, Chromium)", &mut e2e)?;
        step(
            "browser smoke (WebDriver: Firefox ESR, WebKitGTK)",
            cmd("node").args([
                root()
                    .join("web/webdriver/smoke.mjs")
                    .to_string_lossy()
                    .as_ref(),
                root().join("dist").to_string_lossy().as_ref(),
            ]),
        )?;
    }
    Ok(())
}

/// HAProxy for the server's tests behind a balancer: on PATH or in /usr/sbin, else installed
/// with apt-get where that can be done; none (and a line saying which tests are skipped)
/// otherwise.
fn haproxy() -> Option<String> {
    let find = || {
        output("sh", &["-c", "command -v haproxy || ls /usr/sbin/haproxy"])
            .map(|p| p.lines().next().unwrap_or("").trim().to_string())
            .filter(|p| !p.is_empty())
    };
    let mut found = find();
    if found.is_none() && can_apt() {
        let _ = apt_install(&["haproxy"]);
        found = find();
    }
    match &found {
        Some(p) => eprintln!("xtask: HAProxy for the server's tests: {p}"),
        None => eprintln!(
            "xtask: haproxy is not here and cannot be installed (apt-get install haproxy as \
             root on Debian): the server's tests behind a balancer are skipped"
        ),
    }
    found
}

/// A throwaway PostgreSQL cluster for the server's tests: Debian's `initdb` and `pg_ctl`
/// (installed with apt-get when missing and running as root on Debian), run as the `postgres`
/// user when this runs as root (they refuse root), in a scratch folder, on a free loopback
/// port, without fsync; stopped (`pg_ctl stop -m immediate`) and removed when dropped.
struct Postgres {
    bin: PathBuf,
    dir: PathBuf,
    port: u16,
    as_postgres: bool,
}

impl Postgres {
    /// The newest server binaries of Debian's layout, or on PATH.
    fn find_bin() -> Option<PathBuf> {
        let mut versions: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path().join("bin"))
            .filter(|b| b.join("pg_ctl").exists())
            .collect();
        versions.sort_by_key(|p| {
            p.parent()
                .and_then(|v| v.file_name())
                .and_then(|v| v.to_str())
                .and_then(|v| v.parse::<u32>().ok())
                .unwrap_or(0)
        });
        versions.pop().or_else(|| {
            output("sh", &["-c", "command -v pg_ctl"])
                .map(|p| PathBuf::from(p.trim()))
                .and_then(|p| p.parent().map(Path::to_path_buf))
        })
    }

    fn start() -> Option<Postgres> {
        let root_user = output("id", &["-u"]).is_some_and(|u| u.trim() == "0");
        let mut bin = Postgres::find_bin();
        if bin.is_none() && can_apt() {
            let _ = apt_install(&["postgresql"]);
            bin = Postgres::find_bin();
        }
        let Some(bin) = bin else {
            eprintln!(
                "xtask: PostgreSQL's initdb and pg_ctl are not here and cannot be installed \
                 (apt-get install postgresql as root on Debian): the server's tests run on \
                 SQLite only"
            );
            return None;
        };
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map(|a| a.port())
            .ok()?;
        let dir = std::env::temp_dir().join(format!("koma-pg-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).ok()?;
        let pg = Postgres {
            bin,
            dir,
            port,
            as_postgres: root_user,
        };
        if root_user {
            let _ = cmd("chown")
                .args(["-R", "postgres:postgres"])
                .arg(&pg.dir)
                .status();
        }
        let data = pg.dir.join("data");
        let started = step(
            "initdb (PostgreSQL for the server's tests)",
            pg.run("initdb")
                .args(["-A", "trust", "-U", "postgres", "--no-sync", "-D"])
                .arg(&data)
                .stdout(Stdio::null()),
        )
        .and_then(|()| {
            step(
                &format!("pg_ctl start (127.0.0.1:{port})"),
                pg.run("pg_ctl")
                    .arg("-D")
                    .arg(&data)
                    .arg("-l")
                    .arg(pg.dir.join("log"))
                    .arg("-o")
                    .arg(format!(
                        "-p {port} -k {} -c listen_addresses=127.0.0.1 -c fsync=off \
                         -c max_connections=300",
                        pg.dir.display()
                    ))
                    .args(["-w", "start"])
                    .stdout(Stdio::null()),
            )
        });
        match started {
            Ok(()) => {
                eprintln!("xtask: PostgreSQL for the server's tests at {}", pg.url());
                Some(pg)
            }
            Err(e) => {
                eprintln!("xtask: {e}: the server's tests run on SQLite only");
                None
            }
        }
    }

    /// A command of the cluster's, as the user that may run it.
    fn run(&self, program: &str) -> Command {
        let path = self.bin.join(program);
        let mut c = if self.as_postgres {
            let mut c = cmd("runuser");
            c.args(["-u", "postgres", "--"]).arg(path);
            c
        } else {
            cmd(&path.to_string_lossy())
        };
        c.current_dir(&self.dir);
        c
    }

    fn url(&self) -> String {
        format!("postgres://postgres@127.0.0.1:{}/postgres", self.port)
    }

    /// A script that restarts the cluster (`pg_ctl restart -m fast`), for the tests of a
    /// database restarted mid-game (`restart.rs`, `faults.rs`: test binaries of their own, so
    /// that no other test runs meanwhile; and one browser test in `online.spec.mjs`).
    fn restart_script(&self) -> Option<PathBuf> {
        let pg_ctl = self.bin.join("pg_ctl");
        let line = format!(
            "{}{} -D {} -m fast -w restart > /dev/null",
            if self.as_postgres {
                "runuser -u postgres -- "
            } else {
                ""
            },
            pg_ctl.display(),
            self.dir.join("data").display()
        );
        let path = self.dir.join("restart.sh");
        std::fs::write(&path, format!("#!/bin/sh\nset -e\ncd /\n{line}\n")).ok()?;
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).ok()?;
        }
        Some(path)
    }
}

impl Drop for Postgres {
    fn drop(&mut self) {
        let _ = self
            .run("pg_ctl")
            .arg("-D")
            .arg(self.dir.join("data"))
            .args(["-m", "immediate", "stop"])
            .stdout(Stdio::null())
            .status();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn chromedriver() -> String {
    output("sh", &["-c", "command -v chromedriver"])
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "/usr/bin/chromedriver".into())
}

/// The project's CLI, built for release: `cargo run --release -p koma-cli --`.
fn koma() -> Command {
    let mut c = cmd("cargo");
    c.args(["run", "--release", "--quiet", "-p", "koma-cli", "--"]);
    c
}

/// The collection, in parts: a game, how many puzzles, the first game's seed (`koma puzzles
/// generate`). Chu shogi in two parts of their own seeds: its games are the slowest, and the
/// parts can be made apart (two cores).
const PUZZLES: [(&str, u32, u64); 7] = [
    ("shogi", 500, 1000),
    ("minishogi", 500, 1000),
    ("shogi66", 500, 1000),
    ("chushogi", 150, 1000),
    ("chushogi", 150, 500_000),
    ("sangoku", 200, 1000),
    ("sangoku2", 200, 1000),
];

/// `cargo xtask puzzles [--check]`: the collection made again (the games one after another,
/// the lines in the order made, then the book problems made from their mates), then proved
/// again.
fn puzzles(check_only: bool) -> Result {
    let file = root().join("web/puzzles/puzzles.tsv");
    if !check_only {
        let mut all = String::new();
        for (game, count, seed) in PUZZLES {
            eprintln!("\n==> puzzles of {game}: {count}");
            let out = koma()
                .args(["puzzles", "generate", game, "--games", "100000"])
                .args(["--count", &count.to_string(), "--seed", &seed.to_string()])
                .stderr(Stdio::inherit())
                .output()
                .map_err(|e| format!("koma puzzles generate: {e}"))?;
            if !out.status.success() {
                return Err(format!("koma puzzles generate {game} failed"));
            }
            all.push_str(&String::from_utf8_lossy(&out.stdout));
        }
        std::fs::write(&file, &all).map_err(|e| format!("{}: {e}", file.display()))?;
        eprintln!("\n==> book problems (tsume) made from the mates");
        let out = koma()
            .args(["puzzles", "tsume"])
            .arg(&file)
            .stderr(Stdio::inherit())
            .output()
            .map_err(|e| format!("koma puzzles tsume: {e}"))?;
        if !out.status.success() {
            return Err("koma puzzles tsume failed".into());
        }
        all.push_str(&String::from_utf8_lossy(&out.stdout));
        std::fs::write(&file, all).map_err(|e| format!("{}: {e}", file.display()))?;
    }
    step(
        "the collection proved again",
        koma().args(["puzzles", "check"]).arg(&file),
    )
}

/// Fairy-Stockfish's npm package, pinned.
const FSF: &str = "fairy-stockfish-nnue.wasm@1.1.12";

/// The top level against Fairy-Stockfish at a lishogi level, both at that level's time a move:
/// `koma match <game> level:8 fsf:<n> --movetime <ms>`.
fn fsf_match(args: &[String]) -> Result {
    let (Some(game), Some(level)) = (args.first(), args.get(1)) else {
        return Err("usage: cargo xtask fsf-match <shogi|minishogi> <1-8> [--games N]".into());
    };
    let n: usize = level
        .parse()
        .ok()
        .filter(|n| (1..=8).contains(n))
        .ok_or_else(|| format!("lishogi level {level:?}: 1 to 8"))?;
    let games = args
        .iter()
        .position(|a| a == "--games")
        .and_then(|i| args.get(i + 1))
        .map_or("40", String::as_str);
    let dir = root().join("target/peer-fsf");
    let script = dir.join("node_modules/fairy-stockfish-nnue.wasm/uci.js");
    if !script.exists() {
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        step(
            "npm install fairy-stockfish-nnue.wasm",
            cmd("npm")
                .args(["install", "--no-save", "--prefix"])
                .arg(&dir)
                .arg(FSF),
        )?;
    }
    // lishogi's time a move for the level (koma_cli's FSF_LEVELS)
    let ms = ["50", "100", "150", "200", "300", "400", "500", "1000"][n - 1];
    step(
        "koma match (the top level against Fairy-Stockfish)",
        koma()
            .args(["match", game.as_str(), "level:8", &format!("fsf:{n}")])
            .args(["--games", games, "--movetime", ms])
            .env("KOMA_FSF", &script),
    )
}

/// Perft speed natively, in wasm under node, and of cshogi, in one run; with `--mate`, the
/// mate solver's against cshogi's df-pn on the same positions instead.
fn bench(args: &[String]) -> Result {
    let quick = args.iter().any(|a| a == "--quick");
    install(false)?;
    if args.iter().any(|a| a == "--mate") {
        return mate_bench();
    }
    let cases: Vec<String> = koma_rules::bench::BENCH_CASES
        .iter()
        .map(|c| {
            let (d, n) = if quick {
                (c.quick_depth, c.quick_nodes)
            } else {
                (c.depth, c.nodes)
            };
            format!(
                "[\"{}\",\"{}\",\"{}\",{d},{n}]",
                c.name,
                c.game.as_str(),
                c.sfen
            )
        })
        .collect();
    let json = format!("[{}]", cases.join(","));
    let perft: &[&str] = if quick {
        &["bench", "--quick"]
    } else {
        &["bench"]
    };
    step("koma bench (native)", koma().args(perft))?;
    step(
        "koma bench --search (native)",
        koma().args(["bench", "--search"]),
    )?;
    let out = wasm_bench_bindings()?;
    step(
        "perft of the rules and of the peer haitaka, natively, alternating",
        cmd("cargo")
            .args([
                "run",
                "--release",
                "--quiet",
                "-p",
                "koma-wasm-bench",
                "--bin",
                "peer-perft",
                "--",
            ])
            .arg(&json),
    )?;
    step(
        "perft in wasm (node)",
        cmd("node")
            .arg(root().join("crates/wasm-bench/run.mjs"))
            .arg(&out)
            .arg(&json),
    )?;
    let python = peer_python()?;
    step(
        "perft of the peer cshogi (Python over C++)",
        cmd(&python.to_string_lossy())
            .arg(root().join("crates/wasm-bench/cshogi_perft.py"))
            .arg(&json),
    )
}

/// The mate solver and cshogi's df-pn on `crates/engine/benches/mate_positions.txt`, one after
/// the other (`koma bench --mate`, `mate_peer.py`), then the solver in wasm under node on the
/// same positions (`crates/wasm-bench/mate.mjs`), and the long problems of
/// `crates/engine/benches/mate_long.txt` natively (30 s each) and in wasm (5,000,000 positions
/// each, a 256 MB table).
fn mate_bench() -> Result {
    let positions = root().join("crates/engine/benches/mate_positions.txt");
    let long = root().join("crates/engine/benches/mate_long.txt");
    step(
        "koma bench --mate (native)",
        koma().arg("bench").arg("--mate").arg(&positions),
    )?;
    let python = peer_python()?;
    step(
        "the peer cshogi's df-pn",
        cmd(&python.to_string_lossy())
            .arg(root().join("crates/engine/benches/mate_peer.py"))
            .arg(&positions),
    )?;
    let out = wasm_bench_bindings()?;
    let mjs = root().join("crates/wasm-bench/mate.mjs");
    step(
        "the mate solver in wasm (node)",
        cmd("node")
            .arg(&mjs)
            .arg(&out)
            .arg(&positions)
            .args(["5000000", "64"]),
    )?;
    step(
        "the long problems (native)",
        koma().arg("bench").arg("--mate").arg(&long),
    )?;
    step(
        "the long problems in wasm (node)",
        cmd("node")
            .arg(&mjs)
            .arg(&out)
            .arg(&long)
            .args(["5000000", "256"]),
    )
}

/// Build the wasm bench and bind it for node: the bindings' folder.
fn wasm_bench_bindings() -> Result<PathBuf> {
    step(
        "build the wasm bench",
        cmd("cargo").args([
            "build",
            "--release",
            "--quiet",
            "--target",
            TARGET,
            "-p",
            "koma-wasm-bench",
            "--lib",
        ]),
    )?;
    let out = root().join("target/wasm-bench");
    let wasm = root().join("target/wasm32-unknown-unknown/release/koma_wasm_bench.wasm");
    step(
        "wasm-bindgen (node)",
        cmd("wasm-bindgen").args([
            "--target".as_ref(),
            "nodejs".as_ref(),
            "--out-dir".as_ref(),
            out.as_os_str(),
            wasm.as_os_str(),
        ]),
    )?;
    Ok(out)
}

/// The Python of `target/peer-venv`, with the pinned cshogi installed.
fn peer_python() -> Result<PathBuf> {
    let venv = root().join("target/peer-venv");
    let python = venv.join("bin/python");
    if !python.exists() {
        step(
            "python3 -m venv target/peer-venv",
            cmd("python3").arg("-m").arg("venv").arg(&venv),
        )?;
    }
    if output(&python.to_string_lossy(), &["-c", "import cshogi"]).is_none() {
        step(
            "pip install cshogi==1.1.0",
            cmd(&python.to_string_lossy()).args(["-m", "pip", "install", "-q", "cshogi==1.1.0"]),
        )?;
    }
    Ok(python)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn node_versions_and_engine_ranges_are_read_by_their_major() {
        assert_eq!(node_major("v20.20.2\n"), Some(20));
        assert_eq!(node_major(">=22.0.0"), Some(22));
        assert_eq!(node_major(">= 18.20.5"), Some(18));
        assert_eq!(node_major("^14"), None);
    }
}
