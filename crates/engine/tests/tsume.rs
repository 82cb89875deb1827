//! The tsume mode ([`koma_engine::mate::tsume`]): the defender's hand made whole, the shortest
//! mate against the longest defence, and futile interpositions (無駄合) not counted, each held
//! to a plain full-width search of the same conventions.
#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failure is a test failure
#![cfg(not(target_arch = "wasm32"))]

use koma_engine::mate::tsume::{TsumeError, problem, solve_tsume, verify_tsume};
use koma_engine::mate::{Answer, MateLimits, verify};
use koma_engine::search::NoClock;
use koma_rules::notation::{read_position, write_move, write_position};
use koma_rules::{Cell, GameId, Kind, Move, Player, Position};

fn pos(game: GameId, text: &str) -> Position {
    read_position(game, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The one piece of `by` that checks the side to move, if one alone does.
fn lone_checker(p: &Position, by: Player) -> Option<Cell> {
    let king = p.king(p.turn())?;
    let mut cells = Vec::new();
    (p.checks_on(king, by, &mut cells) == 1).then(|| cells[0])
}

/// Which 無駄合 a plain search of the conventions leaves uncounted.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Futile {
    /// A drop that lengthens the mate by two plies at most (the books', the solver's).
    TwoPlies,
    /// Any drop the checker takes with check, the mate going on without the piece (the
    /// solver's convention before; kept to show where the two differ).
    Any,
}

/// The plain search of the conventions: whether the attacker (to move, or the defender after
/// `taken`'s drop) mates within `left` plies, a drop against a lone checker answered at no cost
/// when the checker takes it with check and mates without the piece (`taken` is given only
/// where `futile` lets the drop go uncounted).
fn within(p: &mut Position, left: i32, taken: Option<(Cell, Cell, Kind)>, futile: Futile) -> bool {
    let attacker = p.turn();
    if left >= 1 {
        for m in p.legal_moves() {
            p.play_unchecked(m);
            let ok = p.in_check() && defended_within(p, attacker, left - 1, futile);
            p.undo();
            if ok {
                return true;
            }
        }
    }
    let Some((from, at, kind)) = taken else {
        return false;
    };
    for promote in [false, true] {
        let mv = Move::Board {
            from,
            to: at,
            promote,
        };
        if p.validate(mv).is_err() {
            continue;
        }
        p.play_unchecked(mv);
        let mut ok = false;
        if p.in_check() && p.take_from_hand(attacker, kind) {
            ok = defended_within(p, attacker, left + 1, futile);
            p.return_to_hand(attacker, kind);
        }
        p.undo();
        if ok {
            return true;
        }
    }
    false
}

/// The defender to move, in check: every reply mated within `left - 1` (or the drop taken,
/// where it lengthened the mate by two plies at most: the defender's moves on the board are
/// not all mated within `left - 2`).
fn defended_within(p: &mut Position, attacker: Player, left: i32, futile: Futile) -> bool {
    let checker = lone_checker(p, attacker);
    let mut free = None;
    for m in p.legal_moves() {
        let taken = match (checker, m) {
            (Some(c), Move::Drop { kind, to }) => {
                let free = *free
                    .get_or_insert_with(|| futile == Futile::Any || !board_within(p, left - 2));
                free.then_some((c, to, kind))
            }
            _ => None,
        };
        p.play_unchecked(m);
        let ok = within(p, left - 1, taken, futile);
        p.undo();
        if !ok {
            return false;
        }
    }
    true
}

/// The defender to move: each of its moves on the board mated within `left - 1` (none within
/// fewer than no plies).
fn board_within(p: &mut Position, left: i32) -> bool {
    left >= 0
        && p.legal_moves()
            .into_iter()
            .filter(|m| !matches!(m, Move::Drop { .. }))
            .all(|m| {
                p.play_unchecked(m);
                let ok = within(p, left - 1, None, Futile::TwoPlies);
                p.undo();
                ok
            })
}

fn tsume(game: GameId, text: &str) -> koma_engine::mate::tsume::Tsume {
    let limits = MateLimits {
        nodes: Some(20_000_000),
        hash_mb: 32,
        ..MateLimits::default()
    };
    solve_tsume(&pos(game, text), &limits, &NoClock).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The solver's answer to `text` is a mate of `plies` proved the shortest, its line checked by
/// the rules; when `plies` is small, the plain search agrees that it mates in that many and in
/// no fewer. The line as text.
fn mate_in(game: GameId, text: &str, plies: u32) -> Vec<String> {
    let t = tsume(game, text);
    let Answer::Mate(line) = &t.answer else {
        panic!("{text}: {:?}", t.answer);
    };
    assert_eq!(t.plies, Some(plies), "{text}: {line:?}");
    assert!(t.shortest, "{text}");
    verify_tsume(&t.problem, line, t.futile_end).unwrap_or_else(|e| panic!("{text}: {e}"));
    if plies <= 3 {
        let mut p = t.problem.clone();
        assert!(
            within(&mut p, plies as i32, None, Futile::TwoPlies),
            "{text}"
        );
        assert!(
            !within(&mut p, plies as i32 - 2, None, Futile::TwoPlies),
            "{text}"
        );
    }
    line.iter()
        .map(|&m| write_move(t.problem.variant(), m))
        .collect()
}

#[test]
fn the_defender_holds_every_piece_not_on_the_board_nor_in_the_attacker_s_hand() {
    // sente's gold kept; gote given the rest: 2 rooks, 2 bishops, 3 golds, 4 silvers, knights
    // and lances, 17 pawns (one is on the board)
    let p = problem(&pos(GameId::Shogi, "4k4/9/4P4/9/9/9/9/9/9 b G 1")).unwrap();
    assert_eq!(
        write_position(&p),
        "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1"
    );
    // what the text gave the defender is kept, the rest added (minishogi's set: a king, gold,
    // silver, bishop, rook and pawn each)
    let q = problem(&pos(GameId::Minishogi, "2k2/5/2G2/5/2K2 b Gs 1")).unwrap();
    assert_eq!(write_position(&q), "2k2/5/2G2/5/2K2 b G2r2b2s2p 1");
}

#[test]
fn a_game_without_drops_is_no_problem() {
    let p = pos(
        GameId::Chushogi,
        "k11/p11/2G9/12/12/12/12/12/12/12/1R10/11K b - 1",
    );
    assert_eq!(
        problem(&p).unwrap_err(),
        TsumeError::NotADropGame(GameId::Chushogi)
    );
    // nor the hexagon's two-player game, whose checks make the turn jump: it has drops
    let hex = koma_rules::Position::start(GameId::Sangoku2);
    assert_eq!(
        problem(&hex).unwrap_err(),
        TsumeError::NotADropGame(GameId::Sangoku2)
    );
}

#[test]
fn a_far_check_that_every_drop_only_delays_is_a_mate_in_one() {
    // the silver uncovers the lance's check from afar; the dragon guards every square by the
    // king. Gote may drop between, but the lance takes with check and mates as before
    // (無駄合): a mate in one, the line ending where only drops are left
    let text = "8k/6+R2/9/9/8S/9/9/9/8L b - 1";
    let line = mate_in(GameId::Shogi, text, 1);
    assert!(line == ["1e2f"] || line == ["1e2d"], "{line:?}");
    assert!(tsume(GameId::Shogi, text).futile_end);
    // the plain mate search counts every drop and its capture
    let p = problem(&pos(GameId::Shogi, text)).unwrap();
    let limits = MateLimits {
        nodes: Some(20_000_000),
        hash_mb: 32,
        ..MateLimits::default()
    };
    let Answer::Mate(plain) = koma_engine::mate::solve(&p, &limits, &NoClock).answer else {
        panic!("the plain search mates too");
    };
    assert!(plain.len() > 1, "{plain:?}");
}

#[test]
fn a_drop_that_lengthens_the_mate_by_more_than_two_plies_is_counted() {
    // 4d1d checks from afar; the king cannot move (the horse guards 2a and 2b) and only drops
    // answer. A rook dropped on 1b is mated by the knight at once (N*2c), but after some drop
    // that the dragon takes, the mate is longer than the drop's two plies: the books count
    // such a drop, and there is no mate in 3. Counting every drop the checker takes as futile
    // would make one
    let text = "8k/6+B2/9/5+R3/9/9/9/9/9 b N 1";
    let mut p = problem(&pos(GameId::Shogi, text)).unwrap();
    assert!(within(&mut p, 3, None, Futile::Any));
    assert!(!within(&mut p, 3, None, Futile::TwoPlies));
    mate_in(GameId::Shogi, text, 5);
}

#[test]
fn shortest_against_the_longest_defence() {
    assert_eq!(
        mate_in(GameId::Shogi, "4k4/9/4P4/9/9/9/9/9/9 b G 1", 1),
        ["G*5b"]
    );
    mate_in(GameId::Shogi, "9/4k4/9/4P4/9/9/9/9/9 b 2G 1", 3);
    mate_in(GameId::Minishogi, "2k2/5/2G2/5/2K2 b G 1", 1);
    // a mate in 5 of the benchmark's (cshogi's line is 7 plies), held to the plain search
    let text = "3R5/2k6/rn7/4G4/9/9/9/9/9 b G2b2g4s3n4l18p 1";
    let t = tsume(GameId::Shogi, text);
    assert_eq!((t.plies, t.shortest), (Some(5), true));
    let mut p = t.problem.clone();
    assert!(
        within(&mut p, 5, None, Futile::TwoPlies) && !within(&mut p, 3, None, Futile::TwoPlies)
    );
}

/// The benchmark's problems: the answer's length against the plain search of the conventions
/// where it is short (a few seconds each in release).
#[test]
#[ignore = "long: cargo test --release -p koma-engine --test tsume -- --ignored"]
fn the_benchmark_s_short_problems_agree_with_the_plain_search() {
    let text = include_str!("../benches/mate_positions.txt");
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let f: Vec<&str> = line.split('\t').collect();
        let game: GameId = f[1].parse().unwrap();
        let t = tsume(game, f[2]);
        let Some(n) = t.plies.filter(|&n| n <= 5 && t.shortest) else {
            continue;
        };
        let mut p = t.problem.clone();
        let yes = within(&mut p, n as i32, None, Futile::TwoPlies);
        let no = within(&mut p, n as i32 - 2, None, Futile::TwoPlies);
        println!("{}: {n} within {yes} shorter {no}", f[2]);
        assert!(yes && !no, "{}", f[2]);
    }
}

#[test]
fn a_mate_within_some_plies_either_side_to_move_every_ply_counted() {
    use koma_engine::mate::tsume::{Within, mate_within};
    use koma_rules::notation::read_move;
    let limits = MateLimits {
        nodes: Some(1_000_000),
        hash_mb: 8,
        ..MateLimits::default()
    };
    let start = pos(GameId::Shogi, "4k4/9/4P4/9/9/9/9/9/4K4 b 2G 1");
    let sente = start.turn();
    let words = |p: &Position, w: &Within| match w {
        Within::Mate(line) => line
            .iter()
            .map(|&m| write_move(p.variant(), m))
            .collect::<Vec<_>>(),
        other => panic!("{other:?}"),
    };
    // the head gold mates at once: the shortest line, whatever the bound
    let w = mate_within(&start, sente, 5, &limits, &NoClock);
    assert_eq!(words(&start, &w), ["G*5b"]);
    // a bound of the other parity is the one below it (a mate ends on the attacker's move)
    let w = mate_within(&start, sente, 2, &limits, &NoClock);
    assert_eq!(words(&start, &w), ["G*5b"]);
    // a mate in three: after its first move, the defender to move is mated within two plies
    // and not at once
    let three = pos(GameId::Shogi, "9/4k4/9/4P4/9/9/9/9/9 b 2G 1");
    let Within::Mate(line) = mate_within(&three, sente, 3, &limits, &NoClock) else {
        panic!("a mate in three");
    };
    assert_eq!(line.len(), 3);
    let mut after = three.clone();
    after.play_unchecked(line[0]);
    let Within::Mate(rest) = mate_within(&after, sente, 2, &limits, &NoClock) else {
        panic!("mated within two");
    };
    assert_eq!(rest.len(), 2);
    assert!(verify(&after, sente, &rest).is_ok());
    assert_eq!(mate_within(&after, sente, 0, &limits, &NoClock), Within::No);
    // a quiet drop far away: no mate in the plies left
    let mut quiet = start.clone();
    quiet.play_unchecked(read_move(quiet.variant(), "G*9i").unwrap());
    assert_eq!(mate_within(&quiet, sente, 2, &limits, &NoClock), Within::No);
    // the far lance with every drop between counted: no mate in one here
    let far = problem(&pos(GameId::Shogi, "8k/6+R2/9/9/8S/9/9/9/8L b - 1")).unwrap();
    assert_eq!(
        mate_within(&far, far.turn(), 1, &limits, &NoClock),
        Within::No
    );
}
