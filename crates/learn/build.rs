//! The built-in courses: each `lessons/<game>.toml` read as TOML and written to
//! `$OUT_DIR/<game>.json`, which `course::course` reads (the web app then needs no TOML
//! parser). A file that is not TOML stops the build, naming the file and the line.

use std::path::Path;

fn main() {
    let out = std::env::var("OUT_DIR").unwrap_or_else(|_| panic!("cargo sets OUT_DIR"));
    println!("cargo::rerun-if-changed=lessons");
    let files =
        std::fs::read_dir("lessons").unwrap_or_else(|e| panic!("crates/learn/lessons: {e}"));
    for file in files.flatten() {
        let from = file.path();
        let (Some(game), Some("toml")) = (
            from.file_stem().and_then(|s| s.to_str()),
            from.extension().and_then(|s| s.to_str()),
        ) else {
            continue;
        };
        println!("cargo::rerun-if-changed={}", from.display());
        let text = std::fs::read_to_string(&from)
            .unwrap_or_else(|e| panic!("crates/learn/{}: {e}", from.display()));
        let table: toml::Table = toml::from_str(&text)
            .unwrap_or_else(|e| panic!("crates/learn/{}: {e}", from.display()));
        let json = serde_json::to_string(&table)
            .unwrap_or_else(|e| panic!("crates/learn/{}: {e}", from.display()));
        let to = Path::new(&out).join(format!("{game}.json"));
        std::fs::write(&to, json).unwrap_or_else(|e| panic!("{}: {e}", to.display()));
    }
}
