//! Packs the built-in networks (`src/eval/shogi.net`, `src/eval/minishogi.net`, the text
//! `koma train` writes) into the build's output directory, where `eval::shogi::NET` and
//! `eval::minishogi::NET` include them ([`packed`] says why and how).

#[path = "src/eval/packed.rs"]
#[allow(dead_code)] // the build packs; the engine unpacks
mod packed;

fn main() -> Result<(), String> {
    let out = std::env::var("OUT_DIR").map_err(|e| format!("OUT_DIR: {e}"))?;
    println!("cargo::rerun-if-changed=src/eval/packed.rs");
    for game in ["shogi", "minishogi"] {
        let source = format!("src/eval/{game}.net");
        println!("cargo::rerun-if-changed={source}");
        let text = std::fs::read_to_string(&source).map_err(|e| format!("{source}: {e}"))?;
        let bytes = packed::pack(&text).map_err(|e| format!("{source}: {e}"))?;
        let target = std::path::Path::new(&out).join(format!("{game}.net.packed"));
        std::fs::write(&target, bytes).map_err(|e| format!("{}: {e}", target.display()))?;
    }
    Ok(())
}
