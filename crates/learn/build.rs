//! The built-in courses: each `lessons/<game>.toml` read as TOML and written to
//! `$OUT_DIR/<game>.json`, which `course::course` reads (the web app then needs no TOML
//! parser). A file that is not TOML stops the build, naming the file and the line.

use std::path::Path;

const GAMES: [&str; 6] = [
    "shogi",
    "minishogi",
    "shogi66",
    "chushogi",
    "sangoku",
    "sangoku2",
];

fn main() {
    let out = std::env::var("OUT_DIR").unwrap_or_else(|_| panic!("cargo sets OUT_DIR"));
    for game in GAMES {
        let from = format!("lessons/{game}.toml");
        println!("cargo::rerun-if-changed={from}");
        let text =
            std::fs::read_to_string(&from).unwrap_or_else(|e| panic!("crates/learn/{from}: {e}"));
        let table: toml::Table =
            toml::from_str(&text).unwrap_or_else(|e| panic!("crates/learn/{from}: {e}"));
        let json =
            serde_json::to_string(&table).unwrap_or_else(|e| panic!("crates/learn/{from}: {e}"));
        let to = Path::new(&out).join(format!("{game}.json"));
        std::fs::write(&to, json).unwrap_or_else(|e| panic!("{}: {e}", to.display()));
    }
}
