//! The architecture, checked on the sources: the rules crate's modules in layers that only
//! point down; no import circle between the top-level modules of any crate; no branch on the
//! game id outside the rules' one dispatch (`games::rules`) and the engine's (`eval`); and no
//! game told apart by a stand-in (the board's shape, a count of players, a name made for chu
//! shogi, a list of the game ids) outside the game modules: the rules, the app, the command
//! line, the engine and the server ask the game's description (`games::Description`); and the
//! app's board drawing what it is given, asking no rules.
//!
//! The layers, bottom to top (a module may use its own layer's and the ones below):
//! 0. geometry, rule options, clocks; 1. pieces; 2. the tables (`variant`, the games' piece
//! data) and names; 3. moves, outcomes, the position (with the rules trait and `Setup`);
//! 4. the game modules (`games`, with shogi's handicaps); 5. the game in progress and its status;
//! 6. the notations (SFEN and USI, the hex notation, KIF, CSA) and records, named starts and
//! loading; 7. benchmarks. A new module must be given its layer here.
#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failure is a test failure

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const LAYERS: &[(&str, u8)] = &[
    ("geometry", 0),
    ("options", 0),
    ("clock", 0),
    ("piece", 1),
    ("variant", 2),
    ("names", 2),
    ("moves", 3),
    ("outcome", 3),
    ("position", 3),
    ("games", 4),
    ("game", 5),
    ("status", 5),
    ("sfen", 6),
    ("hex", 6),
    ("kanji", 6),
    ("kif", 6),
    ("csa", 6),
    ("notation", 6),
    ("record", 6),
    ("tree", 6),
    ("setups", 6),
    ("loading", 6),
    ("bench", 7),
];

/// Every `.rs` file under `dir`.
fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// A file's code: no comments, no test module.
fn code(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    let text = text.split("#[cfg(test)]").next().unwrap_or("");
    text.lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The top-level module a source file belongs to (`games/chushogi/moves.rs` -> `games`).
fn module_of(src: &Path, path: &Path) -> String {
    let rel = path.strip_prefix(src).unwrap();
    let first = rel
        .components()
        .next()
        .unwrap()
        .as_os_str()
        .to_string_lossy();
    first.trim_end_matches(".rs").to_string()
}

/// The top-level modules `code` names as `crate::<module>`.
fn references(code: &str) -> BTreeSet<String> {
    code.match_indices("crate::")
        .map(|(i, m)| {
            code[i + m.len()..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect::<String>()
        })
        .filter(|m| !m.is_empty() && m.chars().all(|c| c.is_ascii_lowercase() || c == '_'))
        .collect()
}

fn graph() -> BTreeMap<String, BTreeSet<String>> {
    graph_of(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"))
}

/// The crates whose sources are checked, from this crate's folder.
const CRATES: [&str; 11] = [
    ".",
    "../engine",
    "../learn",
    "../app",
    "../cli",
    "../server",
    "../wire",
    "../load",
    "../worker",
    "../xtask",
    "../wasm-bench",
];

/// Each top-level module of the crate whose sources are in `src`, and the top-level modules it
/// names (`crate::<module>`); the crate's root (`lib.rs`, `main.rs`) aside.
fn graph_of(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut paths = Vec::new();
    files(src, &mut paths);
    let mut g: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for path in paths {
        let m = module_of(src, &path);
        if m == "lib" || m == "main" {
            continue;
        }
        let refs = references(&code(&path));
        let entry = g.entry(m.clone()).or_default();
        entry.extend(refs.into_iter().filter(|r| *r != m));
    }
    g
}

fn layer(m: &str) -> u8 {
    LAYERS
        .iter()
        .find(|(n, _)| *n == m)
        .map(|&(_, l)| l)
        .unwrap_or_else(|| panic!("module {m} has no layer: give it one in tests/architecture.rs"))
}

#[test]
fn modules_only_use_their_layer_and_the_ones_below() {
    let g = graph();
    let mut up = Vec::new();
    for (m, refs) in &g {
        for r in refs {
            if layer(r) > layer(m) {
                up.push(format!(
                    "{m} (layer {}) -> {r} (layer {})",
                    layer(m),
                    layer(r)
                ));
            }
        }
    }
    assert!(up.is_empty(), "references pointing up: {up:#?}");
    assert!(g.len() >= LAYERS.len(), "every layer's module is found");
}

/// An import circle among `g`'s modules, if there is one.
fn circle(g: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    // depth-first search for a back edge
    fn visit(
        m: &str,
        g: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(i) = path.iter().position(|p| p == m) {
            let mut circle = path[i..].to_vec();
            circle.push(m.to_string());
            return Some(circle);
        }
        if done.contains(m) {
            return None;
        }
        path.push(m.to_string());
        for r in g.get(m).into_iter().flatten() {
            if let Some(c) = visit(r, g, path, done) {
                return Some(c);
            }
        }
        path.pop();
        done.insert(m.to_string());
        None
    }
    let mut done = BTreeSet::new();
    g.keys()
        .find_map(|m| visit(m, g, &mut Vec::new(), &mut done))
}

#[test]
fn no_module_imports_itself_through_others() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut modules = 0;
    for c in CRATES {
        let g = graph_of(&root.join(c).join("src"));
        modules += g.len();
        assert_eq!(circle(&g), None, "an import circle in {c}");
    }
    assert!(modules > 50, "the crates' modules are found ({modules})");
}

/// Lines that branch on a game id: a `match` arm (`GameId::Shogi =>`, `GameId::A | GameId::B`)
/// or a comparison (`== GameId::Chushogi`).
fn game_branches(code: &str) -> Vec<String> {
    code.lines()
        .filter(|l| {
            l.match_indices("GameId::").any(|(i, m)| {
                let before = l[..i].trim_end();
                let after = &l[i + m.len()..];
                let rest = after.trim_start_matches(|c: char| c.is_ascii_alphanumeric());
                let rest = rest.trim_start();
                before.ends_with("==")
                    || before.ends_with("!=")
                    || rest.starts_with("=>")
                    || rest.starts_with('|')
                    || rest.starts_with("==")
                    || rest.starts_with("!=")
            })
        })
        .map(|l| l.trim().to_string())
        .collect()
}

#[test]
fn the_game_id_is_branched_on_once_in_the_rules_and_never_in_the_app() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = Vec::new();
    for (dir, allowed) in [
        (root.join("src"), Some(root.join("src/games/mod.rs"))),
        (
            root.join("../engine/src"),
            Some(root.join("../engine/src/eval/mod.rs")),
        ),
        (root.join("../app/src"), None),
        (root.join("../cli/src"), None),
        (root.join("../server/src"), None),
    ] {
        let mut paths = Vec::new();
        files(&dir, &mut paths);
        for path in paths {
            if Some(&path) == allowed.as_ref() {
                continue;
            }
            for line in game_branches(&code(&path)) {
                found.push(format!("{}: {line}", path.display()));
            }
        }
    }
    assert!(found.is_empty(), "branches on the game id: {found:#?}");
    // and the one dispatch is there
    let dispatch = code(&root.join("src/games/mod.rs"));
    assert_eq!(game_branches(&dispatch).len(), 5, "one arm a rules object");
}

/// Lines that tell a game apart by a stand-in: the board's shape (`is_hex()`), a count of
/// players compared (`players() ==`, `!=`), a name made for chu shogi (`chu_`), or a list of
/// three game ids or more (`"shogi", "minishogi", ...`).
fn stand_ins(code: &str) -> Vec<String> {
    const IDS: [&str; 6] = [
        "\"shogi\"",
        "\"minishogi\"",
        "\"shogi66\"",
        "\"chushogi\"",
        "\"sangoku\"",
        "\"sangoku2\"",
    ];
    code.lines()
        .filter(|l| {
            let compact: String = l.split_whitespace().collect();
            compact.contains("is_hex()")
                || compact.contains("players()==")
                || compact.contains("players()!=")
                || l.match_indices("chu_").any(|(i, _)| {
                    !l[..i].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
                })
                || IDS.iter().filter(|id| l.contains(*id)).count() >= 3
        })
        .map(|l| l.trim().to_string())
        .collect()
}

/// Whether a source file is a game's own: the rules' game modules and tables and the engine's
/// evaluations (the ids' own names are written once, in `variant/mod.rs`).
fn games_own(p: &Path) -> bool {
    let p = p.to_string_lossy();
    p.contains("/src/games/") || p.contains("/src/variant/") || p.contains("/src/eval/")
}

/// Every source file of the crates that play the games: [`CRATES`] but the tools (the load
/// generator, `xtask` and the wasm bench pick their positions by game).
fn crate_sources() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut paths = Vec::new();
    for c in CRATES
        .iter()
        .filter(|c| !matches!(**c, "../load" | "../xtask" | "../wasm-bench"))
    {
        files(&root.join(c).join("src"), &mut paths);
    }
    paths
}

#[test]
fn no_game_is_told_apart_by_a_stand_in() {
    let mut found = Vec::new();
    let mut files_read = 0;
    for path in crate_sources().iter().filter(|p| !games_own(p)) {
        files_read += 1;
        for line in stand_ins(&code(path)) {
            found.push(format!("{}: {line}", path.display()));
        }
    }
    assert!(files_read > 80, "the sources are found ({files_read})");
    assert!(
        found.is_empty(),
        "games told apart by a stand-in: {found:#?}"
    );
}

/// Lines whose text carries a control character (written `\u{1}` or as itself): a message
/// told apart from the others by a marker inside a string, where a typed value belongs.
fn markers(code: &str) -> Vec<String> {
    code.lines()
        .filter(|l| {
            l.chars().any(|c| c.is_control() && c != '\t')
                || l.match_indices("\\u{").any(|(i, m)| {
                    let digits: String = l[i + m.len()..]
                        .chars()
                        .take_while(char::is_ascii_hexdigit)
                        .collect();
                    u32::from_str_radix(&digits, 16)
                        .ok()
                        .and_then(char::from_u32)
                        .is_some_and(|c| c.is_control())
                })
        })
        .map(|l| l.trim().to_string())
        .collect()
}

#[test]
fn no_message_is_a_marker_in_text() {
    let mut found = Vec::new();
    for path in crate_sources() {
        for line in markers(&code(&path)) {
            found.push(format!("{}: {line}", path.display()));
        }
    }
    assert!(
        found.is_empty(),
        "control characters as markers in text (a typed value belongs there): {found:#?}"
    );
}

/// Lines that read a game-ending reason back from its text: a match arm on its id (`"time" =>`)
/// or a comparison with it (`== "time"`).
fn reason_parsing(code: &str) -> Vec<String> {
    code.lines()
        .filter(|l| {
            koma_rules::EndReason::ALL.iter().any(|r| {
                let quoted = format!("\"{}\"", r.id());
                l.match_indices(&quoted).any(|(i, _)| {
                    let after = l[i + quoted.len()..].trim_start();
                    let before = l[..i].trim_end();
                    let pattern = before.is_empty() || before.ends_with(['(', '|', ',']);
                    after.starts_with("=>")
                        || (pattern && after.contains("=>"))
                        || after.starts_with("==")
                        || after.starts_with("!=")
                        || before.ends_with("==")
                        || before.ends_with("!=")
                })
            })
        })
        .map(|l| l.trim().to_string())
        .collect()
}

#[test]
fn no_ending_is_read_from_text_but_by_its_own_type() {
    let mut found = Vec::new();
    for path in crate_sources()
        .iter()
        .filter(|p| !p.ends_with("rules/src/outcome.rs"))
    {
        for line in reason_parsing(&code(path)) {
            found.push(format!("{}: {line}", path.display()));
        }
    }
    assert!(
        found.is_empty(),
        "a game's ending read from text (use koma_rules::EndReason, whose serde form and \
         EndReason::parse are the one reading): {found:#?}"
    );
}

/// Lines that name one game by its id (`GameId::Chushogi`; the list `GameId::ALL` and the
/// default game `GameId::default()` aside).
fn named_games(code: &str) -> Vec<String> {
    code.lines()
        .filter(|l| {
            l.match_indices("GameId::").any(|(i, m)| {
                l[i + m.len()..].starts_with(|c: char| c.is_ascii_uppercase())
                    && !l[i + m.len()..].starts_with("ALL")
            })
        })
        .map(|l| l.trim().to_string())
        .collect()
}

#[test]
fn a_game_is_named_only_in_its_own_module() {
    // CSA is a format of standard shogi alone, and says so once
    let mut found = Vec::new();
    let mut csa = 0;
    for path in &crate_sources() {
        let named = named_games(&code(path));
        if path.ends_with("src/csa.rs") {
            csa += named.len();
        } else if !games_own(path) {
            found.extend(named.iter().map(|l| format!("{}: {l}", path.display())));
        }
    }
    assert_eq!(csa, 1, "CSA names its game once");
    assert!(
        found.is_empty(),
        "games named outside their modules: {found:#?}"
    );
}

#[test]
fn the_board_knows_no_rules() {
    // the app's board draws what its props say (built by `view.rs`): no position, no game, no
    // rules object
    let board = Path::new(env!("CARGO_MANIFEST_DIR")).join("../app/src/board");
    let mut paths = Vec::new();
    files(&board, &mut paths);
    assert!(paths.len() >= 8, "the board's files are found");
    let mut found = Vec::new();
    for path in &paths {
        for line in code(path).lines() {
            if ["Position", "games::", "GameRules", "Game::", "legal_moves"]
                .iter()
                .any(|w| line.contains(w))
            {
                found.push(format!("{}: {}", path.display(), line.trim()));
            }
        }
    }
    assert!(found.is_empty(), "the board asks the rules: {found:#?}");
}

#[test]
fn the_embed_and_the_play_screen_share_the_table_not_each_other() {
    // the embedded board is built on the board and the game reducer (`table.rs`) the play
    // screen also uses; it names no part of the play screen, and the table names neither
    let app = Path::new(env!("CARGO_MANIFEST_DIR")).join("../app/src");
    let g = graph_of(&app);
    for (module, forbidden) in [("embed", &["play"][..]), ("table", &["play", "embed"][..])] {
        let uses = g
            .get(module)
            .unwrap_or_else(|| panic!("{module}.rs is found"));
        assert!(
            uses.contains("board") || module == "table",
            "{module} uses the board"
        );
        for f in forbidden {
            assert!(!uses.contains(*f), "{module} uses {f}: {uses:?}");
        }
    }
    assert!(g["play"].contains("table"), "the play screen keeps a table");
    assert!(g["embed"].contains("table"), "the embed keeps a table");
}

#[test]
fn the_checks_would_catch_what_they_look_for() {
    let code = "if v.geometry.is_hex() {\nlet three = v.players() == 3;\npos.chu_setup()\n\
                \"shogi\", \"minishogi\", \"chushogi\"\nlet macho_x = 1;";
    assert_eq!(stand_ins(code).len(), 4);
    assert_eq!(
        reason_parsing(
            "(\"resignation\", Some(p)) => {\nif o.reason == \"time\" {\n<p class=\"foul\">\nX => \"impasse\","
        ),
        [
            "(\"resignation\", Some(p)) => {",
            "if o.reason == \"time\" {"
        ]
    );
    assert_eq!(
        markers("const RESYNC: &str = \"\\u{1}resync \";\nlet e = \"\\u{e9}\";"),
        ["const RESYNC: &str = \"\\u{1}resync \";"]
    );
    let mut g: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    g.entry("a".into()).or_default().insert("b".into());
    g.entry("b".into()).or_default().insert("c".into());
    assert_eq!(circle(&g), None);
    g.entry("c".into()).or_default().insert("a".into());
    assert_eq!(
        circle(&g),
        Some(["a", "b", "c", "a"].map(String::from).to_vec())
    );
    assert_eq!(
        game_branches("if game == GameId::Chushogi {\n    GameId::Shogi => 1,\n"),
        vec!["if game == GameId::Chushogi {", "GameId::Shogi => 1,"]
    );
    assert!(game_branches("Position::start(GameId::Shogi)").is_empty());
    assert_eq!(
        named_games("let g = GameId::ALL;\nlet s = GameId::Shogi;\nGameId::default()"),
        ["let s = GameId::Shogi;"]
    );
    assert_eq!(
        references("use crate::games::rules; crate::variant::Variant::get(g)"),
        ["games", "variant"].into_iter().map(String::from).collect()
    );
}
