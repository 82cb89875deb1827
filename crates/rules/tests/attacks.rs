//! The attack queries the engine's static exchanges and quiet checks use: the least valuable
//! attacker of a cell, with the pieces already traded seen through, and the cells from which a
//! piece would attack a cell.
#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failure is a test failure

use koma_rules::notation::{read_move, read_position};
use koma_rules::{Cell, GameId, Kind, Player, Position};

fn cell(p: &Position, name: &str) -> Cell {
    read_move(p.variant(), &format!("P*{name}"))
        .unwrap()
        .to()
        .unwrap()
}

/// Shogi's kinds by their letter's worth: pawn 1, lance 3, rook 10, gold 6, anything else 5.
fn worth(p: &Position) -> impl Fn(Kind) -> i32 + '_ {
    |k| match p.variant().kind(k).letter {
        'P' => 1,
        'L' => 3,
        'R' => 10,
        'G' => 6,
        _ => 5,
    }
}

#[test]
fn the_least_attacker_comes_first_and_traded_pieces_are_seen_through() {
    // on 5e: a pawn on 5f with a lance behind it on 5h, a rook on 1e, and a gote gold on 4d
    let p = read_position(GameId::Shogi, "4k4/9/9/5g3/8R/4P4/9/4L4/K8 b - 1").unwrap();
    let at = |name: &str| cell(&p, name);
    let mut used = Vec::new();
    let mut order = Vec::new();
    while let Some(c) = p.least_attacker(at("5e"), Player::FIRST, &used, worth(&p)) {
        order.push(c);
        used.push(c);
    }
    assert_eq!(order, [at("5f"), at("5h"), at("1e")]);
    // the gold on 4d steps to 5e; it does not attack 5f
    assert_eq!(
        p.least_attacker(at("5e"), Player::SECOND, &[], worth(&p)),
        Some(at("4d"))
    );
    assert_eq!(
        p.least_attacker(at("5f"), Player::SECOND, &[], worth(&p)),
        None
    );
}

#[test]
fn attack_cells_list_the_cells_that_would_check() {
    // gote's king on 5a, sente's pawn on 5c: a pawn on 5b checks, a lance on 5b does too, a
    // lance behind the pawn does not; a knight checks from 4c and 6c
    let p = read_position(GameId::Shogi, "4k4/9/4P4/9/9/9/9/9/K8 b - 1").unwrap();
    let at = |name: &str| cell(&p, name);
    let mut cells = Vec::new();
    p.attack_cells(at("5a"), Player::FIRST, &mut cells);
    let kind = |letter| {
        let v = p.variant();
        Kind(
            v.kinds
                .iter()
                .position(|k| k.letter == letter && !k.is_promoted())
                .unwrap() as u8,
        )
    };
    let checks = |name: &str, letter: char| {
        let c = at(name);
        cells
            .iter()
            .any(|&(x, m)| x == c && m >> kind(letter).index() & 1 != 0)
    };
    assert!(checks("5b", 'P') && checks("5b", 'L') && checks("5b", 'G'));
    assert!(checks("5c", 'L'), "the pawn's own cell ends the line");
    assert!(!checks("5d", 'L'), "behind the pawn");
    assert!(checks("4c", 'N') && checks("6c", 'N'));
    assert!(!checks("5c", 'N') && !checks("4b", 'P'));
    assert!(checks("4b", 'G') && checks("4b", 'S') && !checks("6a", 'S'));
}

#[test]
fn each_pieces_attacks_make_up_each_cells_count_of_attackers() {
    // positions of the square games and chu, the moves played drawn from each list by a stride
    for game in [
        GameId::Shogi,
        GameId::Minishogi,
        GameId::Shogi66,
        GameId::Chushogi,
    ] {
        let mut pos = Position::start(game);
        for ply in 0..60usize {
            let cells: Vec<Cell> = pos.variant().geometry.cells().collect();
            for by in [Player::FIRST, Player::SECOND] {
                let mine: Vec<Cell> = cells
                    .iter()
                    .copied()
                    .filter(|&c| !pos.piece(c).is_empty() && pos.piece(c).owner() == by)
                    .collect();
                for &c in &cells {
                    let royal = |f: Cell| pos.variant().kind(pos.piece(f).kind()).royal;
                    let (all, royals) = mine
                        .iter()
                        .filter(|&&f| pos.attacks_from(f).contains(c))
                        .fold((0, 0), |(a, r), &f| (a + 1, r + u32::from(royal(f))));
                    assert_eq!(all, pos.count_attackers(c, by, true), "{game}: {c:?}");
                    assert_eq!(
                        all - royals,
                        pos.count_attackers(c, by, false),
                        "{game}: {c:?}"
                    );
                }
            }
            assert!(pos.attacks_from(cells[0]).is_empty() || !pos.piece(cells[0]).is_empty());
            // a move from the list, by a stride that wanders over it from ply to ply
            let moves = pos.legal_moves();
            let Some(&mv) = moves.get(ply * 37 % moves.len().max(1)) else {
                break;
            };
            pos.play(mv).unwrap();
        }
    }
}

#[test]
fn the_pieces_that_uncover_an_attack_are_those_alone_on_a_line_before_a_slider() {
    // on the 5th file: the gote king on 5a, a sente gold on 5e with the rook behind it on 5i;
    // on the diagonal: a sente silver on 3c with the bishop behind it on 1e
    let p = read_position(GameId::Shogi, "4k4/9/6S2/9/4G3B/9/9/9/K3R4 b - 1").unwrap();
    let king = cell(&p, "5a");
    let mut out = Vec::new();
    p.discovering_cells(king, Player(0), &mut out);
    out.sort_by_key(|c| c.index());
    let mut expected = vec![cell(&p, "5e"), cell(&p, "3c")];
    expected.sort_by_key(|c| c.index());
    assert_eq!(out, expected);
    // a gote piece between the gold and the king: nothing to uncover on that file
    let p = read_position(GameId::Shogi, "4k4/4p4/9/9/4G4/9/9/9/K3R4 b - 1").unwrap();
    let mut out = Vec::new();
    p.discovering_cells(cell(&p, "5a"), Player(0), &mut out);
    assert!(out.is_empty(), "{out:?}");
    // two sente pieces before the rook: neither alone uncovers it
    let p = read_position(GameId::Shogi, "4k4/9/4S4/9/4G4/9/9/9/K3R4 b - 1").unwrap();
    let mut out = Vec::new();
    p.discovering_cells(cell(&p, "5a"), Player(0), &mut out);
    assert!(out.is_empty(), "{out:?}");
}

#[test]
fn the_checks_on_a_king_name_each_checker_and_the_cells_between() {
    // a rook on 5e checks the king on 5a along the file; a knight on 4c checks it too
    let p = read_position(GameId::Shogi, "4k4/9/5N3/9/4R4/9/9/9/K8 w - 1").unwrap();
    let mut cells = Vec::new();
    assert_eq!(p.checks_on(cell(&p, "5a"), Player(0), &mut cells), 2);
    let mut names: Vec<Cell> = cells.clone();
    names.sort_by_key(|c| c.index());
    let mut expected = ["5e", "5b", "5c", "5d", "4c"].map(|n| cell(&p, n)).to_vec();
    expected.sort_by_key(|c| c.index());
    assert_eq!(names, expected);
    // a gote pawn on 5c blocks the rook: the knight alone checks
    let p = read_position(GameId::Shogi, "4k4/9/4pN3/9/4R4/9/9/9/K8 w - 1").unwrap();
    let mut cells = Vec::new();
    assert_eq!(p.checks_on(cell(&p, "5a"), Player(0), &mut cells), 1);
    assert_eq!(cells, [cell(&p, "4c")]);
}

/// `moves_onto` (the moves found from their targets) lists exactly the moves of
/// `piece_moves` that land on the targets, the royal's left out, in random games of the
/// square games with drops, the targets the cells of every check (and random cells).
#[test]
fn moves_onto_finds_every_move_landing_on_the_targets() {
    use koma_rules::Move;
    let mut state = 0x6d6f_7665_u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut compared = 0;
    for game in [GameId::Shogi, GameId::Minishogi, GameId::Shogi66] {
        for _ in 0..40 {
            let mut p = Position::start(game);
            for _ in 0..120 {
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let me = p.turn();
                let mut targets = Vec::new();
                if let Some(k) = p.king(me) {
                    p.checks_on(k, me.opponent(), &mut targets);
                }
                targets.push(Cell((next() % p.variant().geometry.len() as u64) as u8));
                let mut all = Vec::new();
                p.piece_moves(&mut all);
                let mut want: Vec<Move> = all
                    .into_iter()
                    .filter(|m| match *m {
                        Move::Board { from, to, .. } => {
                            targets.contains(&to) && !p.variant().kind(p.piece(from).kind()).royal
                        }
                        _ => false,
                    })
                    .collect();
                let mut got = Vec::new();
                targets.sort_by_key(|c| c.index());
                targets.dedup();
                p.moves_onto(&targets, &mut got);
                let key = |m: &Move| format!("{m:?}");
                want.sort_by_key(key);
                got.sort_by_key(key);
                assert_eq!(got, want, "{}", koma_rules::notation::write_position(&p));
                compared += 1;
                let mv = moves[(next() % moves.len() as u64) as usize];
                p.play_unchecked(mv);
            }
        }
    }
    assert!(compared > 5000, "{compared}");
}
