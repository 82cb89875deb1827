//! The `koma` command as a user runs it.
#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failure is a test failure

use std::process::Command;

fn koma(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_koma"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn perft_prints_the_leaf_count_last() {
    let (ok, out, _) = koma(&["perft", "shogi", "3"]);
    assert!(ok);
    assert_eq!(out.lines().last(), Some("25470"));
    assert_eq!(out.lines().count(), 31);
    let (ok, out, _) = koma(&[
        "perft",
        "minishogi",
        "3",
        "--sfen",
        "rbsgk/4p/5/P4/KGSBR b - 1",
    ]);
    assert!(ok);
    assert_eq!(out.lines().last(), Some("2512"));
    // the SFEN may also come as separate words
    let (ok, out, _) = koma(&[
        "perft",
        "shogi",
        "2",
        "--sfen",
        "7lk/9/8S/9/9/9/9/7L1/8K",
        "b",
        "P",
        "1",
    ]);
    assert!(ok);
    assert_eq!(out.lines().last(), Some("639"));
}

#[test]
fn moves_lists_every_legal_move_in_usi() {
    let (ok, out, _) = koma(&["moves", "shogi"]);
    assert!(ok);
    let moves: Vec<&str> = out.lines().collect();
    assert_eq!(moves.len(), 30);
    assert!(moves.contains(&"7g7f"));
    assert!(moves.contains(&"2h1h"));
    // pawn-drop mate is not listed; the other pawn drops are
    let (_, out, _) = koma(&["moves", "shogi", "--sfen", "7lk/9/8S/9/9/9/9/7L1/8K b P 1"]);
    assert!(!out.lines().any(|l| l == "P*1b"));
    assert!(out.lines().any(|l| l == "P*1d"));
}

#[test]
fn bad_input_is_named_and_exits_with_an_error() {
    let (ok, _, err) = koma(&["perft", "chess", "1"]);
    assert!(!ok);
    // the game ids listed are GameId::ALL's
    let ids: Vec<&str> = koma_rules::GameId::ALL.map(|g| g.as_str()).to_vec();
    assert!(err.contains("invalid value 'chess'"), "{err}");
    assert!(
        err.contains(&format!("[possible values: {}]", ids.join(", "))),
        "{err}"
    );
    let (ok, _, err) = koma(&["moves", "shogi", "--sfen", "9/9 b - 1"]);
    assert!(!ok);
    assert!(err.contains("bad --sfen") && err.contains("ranks"), "{err}");
    let (ok, _, err) = koma(&["perft", "shogi", "x"]);
    assert!(!ok);
    assert!(err.contains("not a number"), "{err}");
    let (ok, _, err) = koma(&["frobnicate"]);
    assert!(!ok);
    assert!(err.to_lowercase().contains("usage"), "{err}");
    let (ok, _, err) = koma(&["moves", "shogi", "--preset", "lishogi"]);
    assert!(!ok);
    assert!(err.contains("--preset is for chushogi"), "{err}");
    let (ok, _, err) = koma(&["moves", "chushogi", "--preset", "fide"]);
    assert!(!ok);
    assert!(err.contains("unknown chu preset"), "{err}");
    let (ok, _, err) = koma(&[
        "moves",
        "shogi",
        "--setup",
        "2-piece",
        "--sfen",
        "9/9 b - 1",
    ]);
    assert!(!ok);
    assert!(err.contains("cannot be used with"), "{err}");
    let (ok, out, _) = koma(&["perft", "chushogi", "3"]);
    assert!(ok);
    assert_eq!(out.lines().last(), Some("52599"));
}

#[test]
fn the_hex_games_use_their_own_notation() {
    let (ok, out, _) = koma(&["perft", "sangoku", "3"]);
    assert!(ok);
    assert_eq!(out.lines().last(), Some("1728"));
    let (ok, out, _) = koma(&["moves", "sangoku"]);
    assert!(ok);
    assert!(out.lines().any(|l| l == "-1,3:-1,2"), "{out}");
    let (ok, out, _) = koma(&["perft", "sangoku2", "2"]);
    assert!(ok);
    assert_eq!(out.lines().last(), Some("144"));
    let (ok, _, err) = koma(&["moves", "sangoku", "--position", "5/6/7/8/9/8/7/6/5 a - -"]);
    assert!(!ok);
    assert!(err.contains("general"), "{err}");
    let (ok, out, _) = koma(&["perft", "shogi66", "2"]);
    assert!(ok);
    assert_eq!(out.lines().last(), Some("1764"));
}

#[test]
fn bench_quick_reports_speed_per_game() {
    let (ok, out, _) = koma(&["bench", "--quick"]);
    assert!(ok);
    assert!(out.contains("shogi start"));
    assert!(out.contains("shogi matsuri"));
    assert!(out.contains("minishogi start"));
    assert!(out.contains("sangoku start"));
}

#[test]
fn the_chu_preset_changes_the_moves() {
    // a lance on the far rank but one: only lishogi's rules let it promote on 6a
    let sfen = "k11/6L5/12/12/12/12/12/12/12/12/12/11K b - 1";
    let (ok, out, _) = koma(&["moves", "chushogi", "--sfen", sfen]);
    assert!(ok);
    assert!(out.lines().any(|l| l == "6b6a"));
    assert!(!out.lines().any(|l| l == "6b6a+"), "{out}");
    let (ok, out, _) = koma(&["moves", "chushogi", "--sfen", sfen, "--preset", "lishogi"]);
    assert!(ok);
    assert!(out.lines().any(|l| l == "6b6a+"), "{out}");
}

#[test]
fn tune_learns_a_table_that_a_match_plays() {
    let dir = std::env::temp_dir().join(format!("koma-tune-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let games = dir.join("games.txt");
    let table = dir.join("table.txt");
    // the records `koma match --record` prints
    let (ok, out, err) = koma(&[
        "match", "shogi", "level:2", "level:1", "--games", "4", "--cap", "60", "--record",
    ]);
    assert!(ok, "{err}");
    std::fs::write(&games, out).unwrap();
    let (g, t) = (games.to_str().unwrap(), table.to_str().unwrap());
    let (ok, _, err) = koma(&[
        "tune", "shogi", g, "--skip", "4", "--epochs", "5", "--out", t,
    ]);
    assert!(ok, "{err}");
    assert!(err.contains("4 games") && err.contains("epoch 5"), "{err}");
    let text = std::fs::read_to_string(&table).unwrap();
    let weights = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .flat_map(str::split_whitespace)
        .filter(|w| w.parse::<i32>().is_ok())
        .count();
    assert_eq!(weights, 1149);
    // targets blended with the engine's own search
    let (ok, _, err) = koma(&[
        "tune",
        "shogi",
        g,
        "--skip",
        "4",
        "--epochs",
        "2",
        "--search-nodes",
        "300",
        "--out",
        t,
    ]);
    assert!(ok, "{err}");
    assert!(err.contains("targets: 0.5 of the result"), "{err}");
    let player = format!("level:1/table={t}");
    let (ok, out, err) = koma(&[
        "match", "shogi", &player, "level:1", "--games", "2", "--cap", "20",
    ]);
    assert!(ok, "{err}");
    assert!(out.contains(&format!("{player} vs level:1")), "{out}");
    // a table for another board, a missing file, a game without the features
    let (ok, _, err) = koma(&["match", "minishogi", &player, "level:1", "--games", "1"]);
    assert!(!ok);
    assert!(err.contains("1149 weights; minishogi takes"), "{err}");
    let missing = dir.join("missing.txt");
    let player = format!("level:1/table={}", missing.to_str().unwrap());
    let (ok, _, err) = koma(&["match", "shogi", &player, "level:1"]);
    assert!(!ok);
    assert!(err.contains("missing.txt"), "{err}");
    let (ok, _, err) = koma(&["tune", "shogi", g, "--learn", "hand,kings"]);
    assert!(!ok);
    assert!(
        err.contains("--learn \"kings\": the groups are square"),
        "{err}"
    );
    let (ok, _, err) = koma(&["tune", "chushogi", g]);
    assert!(!ok);
    assert!(err.contains("chushogi: no linear evaluation"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn mate_prints_the_line_or_nomate() {
    let (ok, out, _) = koma(&[
        "mate",
        "shogi",
        "--sfen",
        "7k1/9/7P1/9/9/9/9/9/K8 b RS 1",
        "--hash",
        "8",
    ]);
    assert!(ok);
    // (the king may go either way: 2a1a S*1b, 2a3a S*4b)
    assert!(out.starts_with("mate 3 R*2b 2a"), "{out}");
    assert_eq!(out.split_whitespace().count(), 5, "{out}");
    // 打ち歩詰め: the only mate is a foul
    let (ok, out, _) = koma(&["mate", "shogi", "--sfen", "7nk/9/7G1/9/9/9/9/9/K8 b P 1"]);
    assert!(ok);
    assert_eq!(out.trim(), "nomate");
    // no time at all: not decided
    let (ok, out, _) = koma(&[
        "mate",
        "shogi",
        "--sfen",
        "7k1/8s/5+R2g/9/9/9/9/9/K8 b B 1",
        "--seconds",
        "0",
    ]);
    assert!(ok);
    assert_eq!(out.trim(), "unknown");
    let (ok, _, err) = koma(&["mate", "shogi", "--seconds", "soon"]);
    assert!(!ok && err.contains("soon"), "{err}");
}

#[test]
fn mate_tsume_counts_as_problems_do() {
    // the lance's far check, uncovered by the silver: every drop between is futile (無駄合),
    // so the problem is a mate in one where the plain search counts the drops
    let far = ["--sfen", "8k/6+R2/9/9/8S/9/9/9/8L b - 1"];
    let (ok, out, _) = koma(&[&["mate", "shogi", "--tsume"][..], &far[..]].concat());
    assert!(ok);
    assert!(
        out.trim() == "mate 1 1e2f" || out.trim() == "mate 1 1e2d",
        "{out}"
    );
    // the plain search, the defender given the same pieces
    let (ok, out, _) = koma(&[
        "mate",
        "shogi",
        "--sfen",
        "8k/6+R2/9/9/8S/9/9/9/8L b r2b4g3s4n3l18p 1",
    ]);
    assert!(ok);
    assert!(!out.starts_with("mate 1 "), "{out}");
    // a game without drops has no problems
    let (ok, _, err) = koma(&["mate", "chushogi", "--tsume"]);
    assert!(!ok);
    assert!(
        err.contains("tsume is for shogi, minishogi and shogi66"),
        "{err}"
    );
}

#[test]
fn puzzles_generate_writes_puzzles_the_rules_the_solver_and_the_analyses_confirm() {
    use koma_engine::mate::MateLimits;
    use koma_engine::mate::tsume::{Within, mate_within};
    use koma_engine::search::NoClock;
    use koma_rules::GameId;
    use koma_rules::notation::{read_move, read_position};
    let args = [
        "puzzles",
        "generate",
        "minishogi",
        "--games",
        "3",
        "--seed",
        "1",
    ];
    let (ok, out, err) = koma(&args);
    assert!(ok, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(!lines.is_empty(), "{err}");
    assert!(
        err.contains(&format!("{} puzzles from 3 games", lines.len())),
        "{err}"
    );
    let (mut mates, mut single) = (0, 0);
    for line in &lines {
        let f: Vec<&str> = line.split('\t').collect();
        assert_eq!(f.len(), 8, "{line}");
        assert!(
            f[0].starts_with("minishogi-") && f[1] == "minishogi",
            "{line}"
        );
        let mut pos = read_position(GameId::Minishogi, f[2]).unwrap();
        let moves: Vec<_> = f[3]
            .split(' ')
            .map(|m| read_move(pos.variant(), m).unwrap())
            .collect();
        let plies: usize = f[4].parse().unwrap();
        assert_eq!(plies, moves.len(), "{line}");
        assert!(f[6].parse::<u32>().unwrap() >= 800, "{line}");
        assert!(f[7].starts_with("seed "), "{line}");
        if !f[5].starts_with("mate,") {
            // one move that wins or holds, legal
            single += 1;
            assert_eq!(plies, 1, "{line}");
            let theme = f[5].split(',').next().unwrap();
            assert!(theme == "advantage" || theme == "defence", "{line}");
            assert!(pos.legal_moves().contains(&moves[0]), "{line}");
            continue;
        }
        mates += 1;
        let themes = format!("mate,mateIn{}", plies.div_ceil(2));
        assert!(
            f[5] == themes || f[5] == format!("{themes},tsume"),
            "{line}"
        );
        // a mate by the rules, and none shorter by the solver
        koma_engine::mate::verify(&pos, pos.turn(), &moves).unwrap();
        let limits = MateLimits {
            nodes: Some(2_000_000),
            hash_mb: 8,
            ..MateLimits::default()
        };
        if plies > 2 {
            let shorter = mate_within(&pos, pos.turn(), plies as u32 - 2, &limits, &NoClock);
            assert_eq!(shorter, Within::No, "{line}");
        }
    }
    assert!(
        mates > 0 && single > 0,
        "{mates} mates, {single} single moves"
    );
    // the same seed, the same puzzles
    let (_, again, _) = koma(&args);
    assert_eq!(again, out);
    // `check` proves them again, and names a puzzle whose move is not the one
    let dir = std::env::temp_dir().join(format!("koma-puzzles-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("p.tsv");
    std::fs::write(&file, &out).unwrap();
    let (ok, said, err) = koma(&["puzzles", "check", file.to_str().unwrap()]);
    assert!(ok, "{err}");
    assert_eq!(
        said.trim(),
        format!("{0} of {0} puzzles checked", lines.len())
    );
    let one = lines.iter().find(|l| !l.contains("\tmate,")).unwrap();
    let f: Vec<&str> = one.split('\t').collect();
    let mut pos = read_position(GameId::Minishogi, f[2]).unwrap();
    let stored = read_move(pos.variant(), f[3]).unwrap();
    let other = pos
        .legal_moves()
        .into_iter()
        .find(|&m| m != stored)
        .unwrap();
    let other = koma_rules::notation::write_move(pos.variant(), other);
    let broken = one.replacen(&format!("\t{}\t", f[3]), &format!("\t{other}\t"), 1);
    std::fs::write(&file, format!("{broken}\n")).unwrap();
    let (ok, _, err) = koma(&["puzzles", "check", file.to_str().unwrap()]);
    assert!(
        !ok && err.contains(f[0]) && err.contains("the analyses find"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
    // the three-player game has puzzles of one move
    let (ok, out, err) = koma(&[
        "puzzles", "generate", "sangoku", "--games", "3", "--count", "1",
    ]);
    assert!(ok, "{err}");
    assert!(out.lines().all(|l| l.starts_with("sangoku-")), "{out}");
}

/// The attacker's pieces in hand at the end of `line` from `pos`.
fn left_in_hand(pos: &koma_rules::Position, line: &[koma_rules::Move]) -> u32 {
    let attacker = pos.turn();
    let mut end = pos.clone();
    for &m in line {
        end.play(m).unwrap();
    }
    let v = end.variant();
    v.hand_order
        .iter()
        .map(|&k| u32::from(end.hand(attacker, k)))
        .sum()
}

/// `koma puzzles tsume` makes book problems of a collection's mates: each a mate by the rules,
/// every attacker move a check, nothing left in the attacker's hand at the end, made of fewer
/// pieces than the game's position; `check` proves them, `themes` gives their `tsume` again, and
/// a problem with a piece too many in hand is named by `check`.
#[test]
fn puzzles_tsume_makes_book_problems_the_rules_and_check_confirm() {
    use koma_rules::GameId;
    use koma_rules::notation::{read_move, read_position};
    let shipped = concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/puzzles/puzzles.tsv");
    let text = std::fs::read_to_string(shipped).unwrap();
    let mates: Vec<&str> = text
        .lines()
        .filter(|l| l.split('\t').nth(1) == Some("shogi"))
        .filter(|l| {
            let themes = l.split('\t').nth(5).unwrap_or("");
            themes.starts_with("mate,") && !themes.contains("tsume") && !l.ends_with(" tsume")
        })
        .take(8)
        .collect();
    assert_eq!(mates.len(), 8);
    let dir = std::env::temp_dir().join(format!("koma-tsume-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("mates.tsv");
    std::fs::write(&file, mates.join("\n")).unwrap();
    let (ok, out, err) = koma(&["puzzles", "tsume", file.to_str().unwrap()]);
    assert!(ok, "{err}");
    let made: Vec<&str> = out.lines().collect();
    assert!(!made.is_empty(), "{err}");
    assert!(
        err.contains(&format!("{} problems from 8 puzzles", made.len())),
        "{err}"
    );
    let pieces = |pos: &koma_rules::Position| {
        let v = pos.variant();
        v.geometry
            .cells()
            .filter(|&c| !pos.piece(c).is_empty())
            .count()
    };
    for line in &made {
        let f: Vec<&str> = line.split('\t').collect();
        assert_eq!(f.len(), 8, "{line}");
        let pos = read_position(GameId::Shogi, f[2]).unwrap();
        let moves: Vec<_> = f[3]
            .split(' ')
            .map(|m| read_move(pos.variant(), m).unwrap())
            .collect();
        assert_eq!(
            f[5],
            format!("mate,mateIn{},tsume", moves.len().div_ceil(2)),
            "{line}"
        );
        koma_engine::mate::verify(&pos, pos.turn(), &moves).unwrap();
        assert_eq!(left_in_hand(&pos, &moves), 0, "{line}");
        // made from a mate of the collection: its source, with fewer pieces on the board
        let from = mates
            .iter()
            .find(|m| f[7] == format!("{} tsume", m.split('\t').nth(7).unwrap()))
            .unwrap();
        let game = read_position(GameId::Shogi, from.split('\t').nth(2).unwrap()).unwrap();
        assert!(pieces(&pos) < pieces(&game), "{line}");
    }
    // `check` proves them; `themes` gives `tsume` back to a line that lost it
    let problems = dir.join("tsume.tsv");
    std::fs::write(&problems, &out).unwrap();
    let (ok, said, err) = koma(&["puzzles", "check", problems.to_str().unwrap()]);
    assert!(ok, "{err}");
    assert_eq!(
        said.trim(),
        format!("{0} of {0} puzzles checked", made.len())
    );
    std::fs::write(&problems, out.replace(",tsume\t", "\t")).unwrap();
    let (ok, again, err) = koma(&["puzzles", "themes", problems.to_str().unwrap()]);
    assert!(ok, "{err}");
    assert_eq!(again, out);
    // a pawn more in the attacker's hand is left over at the end: no problem
    let f: Vec<&str> = made[0].split('\t').collect();
    let (board, rest) = f[2].split_once(' ').unwrap();
    let (turn, rest) = rest.split_once(' ').unwrap();
    let (hand, number) = rest.split_once(' ').unwrap();
    let pawn = if turn == "b" { "P" } else { "p" };
    // the pawn taken from the defender's hand, so that the set stays whole
    let other = if turn == "b" { "p" } else { "P" };
    let hand = format!("{pawn}{}", remove_one(hand, other).unwrap());
    let broken = made[0].replacen(f[2], &format!("{board} {turn} {hand} {number}"), 1);
    std::fs::write(&problems, format!("{broken}\n")).unwrap();
    let (ok, _, err) = koma(&["puzzles", "check", problems.to_str().unwrap()]);
    assert!(!ok && err.contains("tsume solver"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// An SFEN hand with one `letter` fewer (`None` when it holds none).
fn remove_one(hand: &str, letter: &str) -> Option<String> {
    // the hand's pieces, counts spelled out
    let mut pieces = Vec::new();
    let mut count = String::new();
    for c in hand.chars() {
        if c.is_ascii_digit() {
            count.push(c);
        } else {
            let n: usize = if count.is_empty() {
                1
            } else {
                count.parse().unwrap()
            };
            pieces.push((c.to_string(), n));
            count.clear();
        }
    }
    let at = pieces.iter().position(|(p, _)| p == letter)?;
    pieces[at].1 -= 1;
    Some(
        pieces
            .iter()
            .filter(|(_, n)| *n > 0)
            .map(|(p, n)| if *n > 1 { format!("{n}{p}") } else { p.clone() })
            .collect::<String>(),
    )
}

/// The collection the app ships: a sample of every game's puzzles proved again (the whole:
/// `cargo xtask puzzles --check`), and every game has its puzzles.
#[test]
fn the_shipped_puzzles_are_proved_again() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/puzzles/puzzles.tsv");
    let text = std::fs::read_to_string(file).unwrap();
    for game in koma_rules::GameId::ALL {
        let n = text
            .lines()
            .filter(|l| l.split('\t').nth(1) == Some(game.as_str()))
            .count();
        assert!(n > 0, "no puzzle of {game}");
    }
    let (ok, out, err) = koma(&["puzzles", "check", file, "--sample", "4"]);
    assert!(ok, "{err}");
    assert!(out.starts_with("24 of "), "{out}");
}

/// Every section of the rules page ends with one exercise, and `koma learn page` proves each
/// (done by the rules in its par) and plays it out; a broken exercise is named by its section.
#[test]
fn learn_page_proves_one_exercise_in_every_section_of_the_rules_page() {
    let page = concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/rules/rules.html");
    let html = std::fs::read_to_string(page).unwrap();
    let sections = html.matches("<section data-rule=").count();
    assert!(sections >= 32, "{sections} sections");
    let (ok, out, err) = koma(&["learn", "page", page]);
    assert!(ok, "{err}");
    let names: Vec<&str> = out.lines().map(|l| l.split('\t').next().unwrap()).collect();
    assert_eq!(names.len(), sections, "one exercise a section: {names:?}");
    let mut unique = names.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), sections, "no section twice: {names:?}");
    // a page whose exercise cannot be done in its par is named
    let dir = std::env::temp_dir().join(format!("koma-learn-page-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.html");
    std::fs::write(
        &bad,
        r#"<section data-rule="far"><koma-board game="shogi" sfen="9/9/9/9/4B4/9/9/9/9 b - 1" goal="reach:5a" par="1" mode="exercise"></koma-board></section>"#,
    )
    .unwrap();
    let (ok, _, err) = koma(&["learn", "page", bad.to_str().unwrap()]);
    assert!(!ok);
    assert!(
        err.contains("far: no line reaches the goal within 1 moves"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `koma learn check` proves a game's course; `lines` plays each step as the app does.
#[test]
fn learn_check_and_lines() {
    let (ok, out, err) = koma(&["learn", "check", "sangoku"]);
    assert!(ok, "{err}");
    assert!(out.contains("steps of 5 lessons checked"), "{out}");
    let (ok, out, _) = koma(&["learn", "lines", "sangoku"]);
    assert!(ok);
    let check = out.lines().find(|l| l.starts_with("check\t")).unwrap();
    let cols: Vec<&str> = check.split('\t').collect();
    // the learner's two moves; three plies with B's answer out of turn between them
    assert_eq!(cols[3].split(' ').count(), 2);
    assert_eq!(cols[4].split(' ').count(), 3);
    // a claim is written as the goal's word, after the move that meets its conditions
    let (ok, out, _) = koma(&["learn", "lines", "shogi"]);
    assert!(ok);
    assert!(
        out.lines()
            .any(|l| l.starts_with("entering-king\t") && l.ends_with(" declare")),
        "{out}"
    );
}
