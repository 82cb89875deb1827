//! Differential tests against cshogi (a C++ shogi library on PyPI): its legal moves in 600
//! random positions, and random games written by its KIF (Shift_JIS, with board diagrams) and
//! CSA writers (fixtures made by `tests/data/peers/generate.py`); and against shogiops (npm,
//! lishogi's rules): the moves of 400 random chu shogi positions under the lishogi preset
//! (`tests/data/peers/generate_chu.mjs`: `npm install shogiops@0.18.0`, then `node
//! generate_chu.mjs`).
#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failure is a test failure

use koma_rules::csa::read_csa;
use koma_rules::kif::read_kif;
use koma_rules::sfen::{from_sfen, to_usi};
use koma_rules::{GameId, Position};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/peers");

/// A fixture of `sfen <SFEN>` / `moves <m> <m> ...` line pairs (`#` comments).
fn fixture(name: &str) -> Vec<(String, Vec<String>)> {
    let text = std::fs::read_to_string(format!("{DIR}/{name}")).unwrap();
    let mut lines = text.lines().filter(|l| !l.starts_with('#'));
    let mut out = Vec::new();
    while let (Some(s), Some(m)) = (lines.next(), lines.next()) {
        let sfen = s.strip_prefix("sfen ").unwrap().to_string();
        let moves = m
            .strip_prefix("moves")
            .unwrap()
            .split_whitespace()
            .map(str::to_string)
            .collect();
        out.push((sfen, moves));
    }
    out
}

#[test]
fn legal_moves_match_cshogi_in_600_random_positions() {
    let mut n = 0;
    for (sfen, theirs) in fixture("cshogi_legal.txt") {
        let mut pos = from_sfen(GameId::Shogi, &sfen).unwrap();
        let v = pos.variant();
        let mut ours: Vec<String> = pos.legal_moves().iter().map(|&x| to_usi(v, x)).collect();
        ours.sort();
        assert_eq!(ours, theirs, "{sfen}");
        n += 1;
    }
    assert_eq!(n, 600);
}

fn usi_of(name: &str) -> (Position, Vec<String>) {
    let (sfen, moves) = fixture(name).into_iter().next().unwrap();
    (from_sfen(GameId::Shogi, &sfen).unwrap(), moves)
}

#[test]
fn records_written_by_cshogi_load() {
    for n in 0..4 {
        let (start, usi) = usi_of(&format!("game-{n}.usi"));
        let kif = std::fs::read(format!("{DIR}/game-{n}.kif")).unwrap();
        let r = read_kif(GameId::Shogi, &kif).unwrap_or_else(|e| panic!("game-{n}.kif: {e}"));
        assert_eq!(r.start, start, "game-{n}.kif start");
        let v = r.start.variant();
        let got: Vec<String> = r.moves.iter().map(|&m| to_usi(v, m)).collect();
        assert_eq!(got, usi, "game-{n}.kif");
        let csa = std::fs::read_to_string(format!("{DIR}/game-{n}.csa")).unwrap();
        let r = read_csa(&csa).unwrap_or_else(|e| panic!("game-{n}.csa: {e}"));
        assert_eq!(r.start, start, "game-{n}.csa start");
        let got: Vec<String> = r.moves.iter().map(|&m| to_usi(v, m)).collect();
        assert_eq!(got, usi, "game-{n}.csa");
    }
}

#[test]
fn chu_moves_match_shogiops_in_400_random_positions() {
    let mut n = 0;
    let mut differ = Vec::new();
    for (sfen, theirs) in fixture("shogiops_chu.txt") {
        let mut pos =
            from_sfen(GameId::Chushogi, &sfen)
                .unwrap()
                .with_options(koma_rules::RuleOptions {
                    preset: koma_rules::ChuPreset::Lishogi,
                    ..Default::default()
                });
        let v = pos.variant();
        let mut ours: Vec<String> = pos.legal_moves().iter().map(|&x| to_usi(v, x)).collect();
        ours.sort();
        if ours != theirs {
            let only_ours: Vec<&String> = ours.iter().filter(|m| !theirs.contains(m)).collect();
            let only_theirs: Vec<&String> = theirs.iter().filter(|m| !ours.contains(m)).collect();
            differ.push(format!(
                "{sfen}\n  only ours: {only_ours:?}\n  only theirs: {only_theirs:?}"
            ));
        }
        n += 1;
    }
    assert_eq!(n, 400);
    assert!(
        differ.is_empty(),
        "{} positions differ:\n{}",
        differ.len(),
        differ.join("\n")
    );
}
