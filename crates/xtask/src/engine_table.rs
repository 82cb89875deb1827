//! `cargo xtask engine-table [--check]`: writes the table of the levels in `docs/engine.md`
//! from the match history in `docs/matches.csv` (with `--check`, only says whether the table
//! is as the history writes it; the test command runs the same check).
//!
//! The table has, for each game and each pairing the levels are measured by (each level
//! against the one below, the top level against the greedy player, level 1 against the random
//! one, the top level against Fairy-Stockfish's levels), the latest row of the history played
//! without switches, learnt files or another three-player method: the levels as built.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;

use crate::Result;

/// The history's file and the document's, from the workspace root.
pub const MATCHES: &str = "docs/matches.csv";
pub const DOC: &str = "docs/engine.md";
/// The lines between which the table is written.
const BEGIN: &str = "<!-- levels: written by `cargo xtask engine-table` from docs/matches.csv -->";
const END: &str = "<!-- levels end -->";

/// One match of the history.
#[derive(Debug, Deserialize)]
pub struct Match {
    pub date: String,
    pub commit: String,
    pub game: String,
    pub first: String,
    pub second: String,
    pub switches: String,
    pub limits: String,
    pub games: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub score: String,
}

/// The history, oldest first as recorded.
pub fn read(csv_text: &str) -> Result<Vec<Match>> {
    csv::Reader::from_reader(csv_text.as_bytes())
        .deserialize()
        .enumerate()
        .map(|(i, r)| r.map_err(|e| format!("{MATCHES}: row {}: {e}", i + 2)))
        .collect()
}

/// A player of the levels' own pairings, ordered for the table: levels from the top, then
/// the greedy and random players and Fairy-Stockfish's levels.
fn standing(player: &str) -> Option<(u8, u8)> {
    if let Some(n) = player.strip_prefix("level:") {
        return n.parse::<u8>().ok().map(|n| (0, 9 - n));
    }
    if let Some(n) = player.strip_prefix("fsf:") {
        return n.parse::<u8>().ok().map(|n| (2, 9 - n));
    }
    match player {
        "greedy" => Some((1, 0)),
        "random" => Some((1, 1)),
        _ => None,
    }
}

/// Whether a row measures the levels as built: a level against a level one below it, the
/// greedy or random player, or Fairy-Stockfish.
fn as_built(m: &Match) -> bool {
    let (Some((0, a)), Some(b)) = (standing(&m.first), standing(&m.second)) else {
        return false;
    };
    m.switches.is_empty()
        && match b {
            (0, b) => b == a + 1,
            _ => true,
        }
}

/// The table: per game, per pairing, the latest row as built.
pub fn table(history: &[Match]) -> String {
    // by game, first player, second player
    type Pairing = (usize, (u8, u8), (u8, u8));
    let mut latest: BTreeMap<Pairing, &Match> = BTreeMap::new();
    for m in history.iter().filter(|m| as_built(m)) {
        // games in the order menus list them
        let (Some(g), Some(a), Some(b)) = (
            m.game.parse::<koma_rules::GameId>().ok().map(|g| g.index()),
            standing(&m.first),
            standing(&m.second),
        ) else {
            continue;
        };
        let slot = latest.entry((g, a, b)).or_insert(m);
        if m.date >= slot.date {
            *slot = m;
        }
    }
    let mut out = String::from(
        "| game | first | second | games | won-drawn-lost | score | command | commit |\n\
         |---|---|---|---|---|---|---|---|\n",
    );
    for m in latest.values() {
        let limits = if m.limits.is_empty() {
            String::new()
        } else {
            format!(" {}", m.limits)
        };
        out += &format!(
            "| {} | {} | {} | {} | {}-{}-{} | {} % | `koma match {} {} {} --games {}{limits}` | {} |\n",
            m.game,
            m.first,
            m.second,
            m.games,
            m.wins,
            m.draws,
            m.losses,
            m.score,
            m.game,
            m.first,
            m.second,
            m.games,
            m.commit,
        );
    }
    out
}

/// The document with its table written from the history.
pub fn rewrite(doc: &str, history: &[Match]) -> Result<String> {
    let (Some(b), Some(e)) = (doc.find(BEGIN), doc.find(END)) else {
        return Err(format!(
            "{DOC}: the lines {BEGIN:?} and {END:?} are missing"
        ));
    };
    let start = b + BEGIN.len();
    if e < start {
        return Err(format!("{DOC}: {END:?} comes before {BEGIN:?}"));
    }
    Ok(format!(
        "{}\n\n{}\n{}",
        &doc[..start],
        table(history),
        &doc[e..]
    ))
}

/// `cargo xtask engine-table [--check]`.
pub fn run(root: &Path, check: bool) -> Result {
    let text = |p: &str| std::fs::read_to_string(root.join(p)).map_err(|e| format!("{p}: {e}"));
    let history = read(&text(MATCHES)?)?;
    let doc = text(DOC)?;
    let new = rewrite(&doc, &history)?;
    if check {
        if new != doc {
            return Err(format!(
                "{DOC}: the table of the levels is not as {MATCHES} writes it: run `cargo xtask engine-table`"
            ));
        }
        eprintln!("xtask: {DOC}'s table is as {MATCHES} writes it");
        return Ok(());
    }
    std::fs::write(root.join(DOC), new).map_err(|e| format!("{DOC}: {e}"))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)] // test code: a failure is a test failure
    use super::*;

    const HISTORY: &str =
        "date,commit,game,first,second,switches,limits,games,wins,draws,losses,score,note
2026-11-24,aaaaaaa,shogi,level:8,greedy,,--nodes 100000,40,40,0,0,100.0,
2026-11-25,bbbbbbb,shogi,level:8,fsf:8,,--movetime 1000,40,20,0,20,50.0,
2026-11-26,ccccccc,shogi,level:8,fsf:8,null,--movetime 1000,40,30,0,10,75.0,
2026-11-27,ddddddd,shogi,level:8,fsf:8,,--movetime 1000,40,23,0,17,57.5,
2026-11-27,eeeeeee,shogi,level:5,level:3,,,40,40,0,0,100.0,
2026-11-27,fffffff,minishogi,level:2,level:1,,,40,30,0,10,75.0,
";

    #[test]
    fn the_table_takes_the_latest_row_of_each_pairing_as_built() {
        let t = table(&read(HISTORY).unwrap());
        let rows: Vec<&str> = t.lines().skip(2).collect();
        // shogi first, the top level against greedy before Fairy-Stockfish; the row with a
        // switch and a pairing two levels apart left out; the latest fsf:8 row kept
        assert_eq!(rows.len(), 3, "{t}");
        assert!(rows[0].starts_with("| shogi | level:8 | greedy | 40 | 40-0-0 | 100.0 % |"));
        assert!(rows[1].contains("23-0-17") && rows[1].ends_with("| ddddddd |"));
        assert!(rows[1].contains("`koma match shogi level:8 fsf:8 --games 40 --movetime 1000`"));
        assert!(rows[2].starts_with("| minishogi | level:2 | level:1 |"));
    }

    #[test]
    fn a_malformed_history_is_named() {
        let e = read("date,commit\n2026-11-24").unwrap_err();
        assert!(e.contains("row 2"), "{e}");
        assert!(rewrite("no markers", &[]).is_err());
    }

    #[test]
    fn the_engine_document_is_written_from_the_history() {
        run(&crate::root(), true).unwrap();
    }
}
