//! Three Kingdoms shogi (`sangoku.md`): every rule with a hand-made position, the rotation
//! property, and random three-player games.
#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failure is a test failure

use std::collections::BTreeSet;

use koma_rules::game::EndReason;
use koma_rules::geometry::HEX_DIRECTIONS;
use koma_rules::notation::{read_move, read_position, write_move, write_position};
use koma_rules::sangoku::{
    ARCHER, ARCHER_LEAPS, CAVALRY, GENERAL, INFANTRY, PROMOTED_INFANTRY, SPEARMAN,
};
use koma_rules::{
    Cell, Game, GameId, IllegalMove, Kind, Move, Outcome, Piece, Player, Position, RuleOptions,
    Setup, Variant,
};
use proptest::prelude::*;

const S3: GameId = GameId::Sangoku;
const S2: GameId = GameId::Sangoku2;
const A: Player = Player(0);
const B: Player = Player(1);
const C: Player = Player(2);

fn cell(p: &Position, q: i16, r: i16) -> Cell {
    p.variant().geometry.at(q, r).unwrap()
}

/// A position of `game` with these pieces, `turn` to move.
fn setup(game: GameId, pieces: &[(i16, i16, Player, Kind)], turn: Player) -> Position {
    let g = &Variant::get(game).geometry;
    let mut p = Setup::empty(game);
    for &(q, r, o, k) in pieces {
        p.put(g.at(q, r).unwrap(), Piece::new(o, k));
    }
    p.turn = turn;
    let p = p.into_position().unwrap();
    // round trip through the notation
    let text = write_position(&p);
    read_position(game, &text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The three generals far apart, out of everyone's way.
fn generals() -> Vec<(i16, i16, Player, Kind)> {
    vec![
        (-2, 4, A, GENERAL),
        (4, -2, B, GENERAL),
        (-2, -2, C, GENERAL),
    ]
}

fn with(extra: &[(i16, i16, Player, Kind)]) -> Vec<(i16, i16, Player, Kind)> {
    let mut v = generals();
    v.extend_from_slice(extra);
    v
}

fn mv(p: &Position, text: &str) -> Move {
    read_move(p.variant(), text).unwrap()
}

fn moves(p: &mut Position) -> BTreeSet<String> {
    let v = p.variant();
    p.legal_moves().iter().map(|&m| write_move(v, m)).collect()
}

fn destinations(p: &mut Position, from: (i16, i16)) -> BTreeSet<(i8, i8)> {
    let f = cell(p, from.0, from.1);
    let g = &p.variant().geometry;
    p.legal_moves()
        .into_iter()
        .filter(|m| m.from() == Some(f))
        .filter_map(|m| m.to())
        .map(|to| g.coords(to))
        .collect()
}

#[test]
fn start_position_three_homes_of_eleven_that_do_not_touch() {
    let p = Position::start(S3);
    let g = &p.variant().geometry;
    assert_eq!(g.len(), 61);
    let mut homes = [BTreeSet::new(), BTreeSet::new(), BTreeSet::new()];
    for c in g.cells() {
        let q = p.piece(c);
        if !q.is_empty() {
            homes[q.owner().index()].insert(c);
        }
    }
    for h in &homes {
        assert_eq!(h.len(), 11);
    }
    for (i, h) in homes.iter().enumerate() {
        for &c in h {
            for d in HEX_DIRECTIONS {
                if let Some(n) = g.offset(c, d) {
                    for (j, other) in homes.iter().enumerate() {
                        assert!(i == j || !other.contains(&n), "homes {i} and {j} touch");
                    }
                }
            }
        }
    }
    // A's general in the middle of its back row; B's and C's are its rotations
    assert_eq!(p.king(A), Some(cell(&p, -2, 4)));
    assert_eq!(p.king(B), Some(cell(&p, 4, -2)));
    assert_eq!(p.king(C), Some(cell(&p, -2, -2)));
    let text = write_position(&p);
    assert_eq!(read_position(S3, &text).unwrap(), p);
    assert!(text.ends_with(" a - -"));
    // the two-player game: the same home at the bottom and the top
    let two = Position::start(S2);
    assert_eq!(two.king(B), Some(cell(&two, 2, -4)));
    assert_eq!(moves(&mut Position::start(S3)).len(), 12);
}

#[test]
fn pieces_move_in_their_owners_frame() {
    // one of each piece for A in open space
    let mut p = setup(
        S3,
        &with(&[
            (0, 0, A, INFANTRY),
            (0, 2, A, CAVALRY),
            (-2, 1, A, SPEARMAN),
            (2, 0, A, ARCHER),
            (1, 1, A, PROMOTED_INFANTRY),
        ]),
        A,
    );
    assert_eq!(
        destinations(&mut p, (0, 0)),
        [(1, -1), (0, -1)].into_iter().collect()
    );
    // cavalry: the four diagonals any distance, stopped by its own pieces
    assert_eq!(
        destinations(&mut p, (0, 2)),
        [(0, 1), (0, 3), (0, 4), (-1, 3)].into_iter().collect()
    );
    // spearman: one step on the four diagonals, slides sideways
    assert_eq!(
        destinations(&mut p, (-2, 1)),
        [
            (-1, 0),
            (-2, 0),
            (-2, 2),
            (-3, 2),
            (-1, 1),
            (0, 1),
            (-3, 1),
            (-4, 1)
        ]
        .into_iter()
        .collect()
    );
    // archer: the six leap cells, over anything
    let ar = destinations(&mut p, (2, 0));
    let leaps: BTreeSet<(i8, i8)> = ARCHER_LEAPS
        .iter()
        .map(|v| (2 + v.0, v.1))
        .filter(|&(q, r)| (q.abs().max(r.abs()).max((q + r).abs())) <= 4)
        .collect();
    assert_eq!(ar, leaps);
    // promoted infantry: six steps
    // promoted infantry: six steps (two are its own cavalry and archer here)
    assert_eq!(
        destinations(&mut p, (1, 1)),
        [(2, 1), (0, 1), (1, 0), (1, 2)].into_iter().collect()
    );

    // B's infantry moves along B's forward diagonals: A's (1,-1) and (0,-1) turned
    let mut b = setup(S3, &with(&[(0, 0, B, INFANTRY)]), B);
    let g = b.variant().geometry.clone();
    let fwd: BTreeSet<(i8, i8)> = [koma_rules::Vector(1, -1), koma_rules::Vector(0, -1)]
        .into_iter()
        .map(|v| {
            let w = g.rotate(v, 1);
            (w.0, w.1)
        })
        .collect();
    assert_eq!(destinations(&mut b, (0, 0)), fwd);
    assert_ne!(fwd, [(1, -1), (0, -1)].into_iter().collect());
}

#[test]
fn drops_anywhere_empty_even_where_the_piece_never_moves_no_nifu_no_uchifuzume() {
    let g = &Variant::get(S3).geometry;
    let mut p = Setup::empty(S3);
    for (q, r, o, k) in generals() {
        p.put(g.at(q, r).unwrap(), Piece::new(o, k));
    }
    p.add_to_hand(A, INFANTRY, 2);
    let p = read_position(S3, &write_position(&p.into_position().unwrap())).unwrap();
    let mut q = p.clone();
    let drops: Vec<Move> = q
        .legal_moves()
        .into_iter()
        .filter(|m| matches!(m, Move::Drop { .. }))
        .collect();
    assert_eq!(drops.len(), 61 - 3);
    // an infantry dropped on the top edge (no move from there) is fine
    let mut top = p.clone();
    top.play(mv(&p, "P*0,-4")).unwrap();
    // two infantry side by side on a line, and again: no nifu
    let mut two = p.clone();
    two.play(mv(&p, "P*0,1")).unwrap();
    let two = Game::from_position(two, RuleOptions::default());
    assert!(two.outcome().is_none());
}

#[test]
fn promotion_into_or_out_of_an_enemy_camp_or_the_centre() {
    // A's infantry one step below the centre may promote on entering it
    let mut p = setup(S3, &with(&[(0, 1, A, INFANTRY), (3, 0, A, INFANTRY)]), A);
    let m = moves(&mut p);
    assert!(m.contains("0,1:0,0+") && m.contains("0,1:0,0"));
    // (3,0) -> (4,-1) enters B's camp? B's camp is its eleven start cells
    let start = Position::start(S3);
    let b_camp: BTreeSet<Cell> = start
        .variant()
        .geometry
        .cells()
        .filter(|&c| !start.piece(c).is_empty() && start.piece(c).owner() == B)
        .collect();
    let into = cell(&p, 4, -1);
    assert_eq!(b_camp.contains(&into), m.contains("3,0:4,-1+"));
    // a plain move in the open does not promote
    assert!(!m.contains("0,1:1,0+") || b_camp.contains(&cell(&p, 1, 0)));
    let r = p.clone().play(mv(&p, "3,0:3,-1+"));
    if !b_camp.contains(&cell(&p, 3, -1)) {
        assert_eq!(r, Err(IllegalMove::CannotPromote));
    }
    // out of the centre also promotes
    let mut c = setup(S3, &with(&[(0, 0, A, INFANTRY)]), A);
    assert!(moves(&mut c).contains("0,0:0,-1+"));
    // two players: the opponent's three rows promote, the centre does not
    let mut two = setup(
        S2,
        &[
            (-2, 4, A, GENERAL),
            (2, -4, B, GENERAL),
            (0, 1, A, INFANTRY),
            (0, -1, A, INFANTRY),
        ],
        A,
    );
    let m2 = moves(&mut two);
    assert!(!m2.contains("0,1:0,0+"));
    assert!(m2.contains("0,-1:0,-2+"));
}

#[test]
fn a_checked_player_moves_next_then_the_turn_returns_to_the_checker() {
    // A's cavalry at (2,-1) slides NE? B's general at (4,-2)... place an A spearman sliding E
    // C's general off row -2, so that only B is checked
    let mut p = setup(
        S3,
        &[
            (-2, 4, A, GENERAL),
            (4, -2, B, GENERAL),
            (-4, 0, C, GENERAL),
            (1, -1, A, SPEARMAN),
            (-4, 2, A, INFANTRY),
        ],
        A,
    );
    // spearman steps NW (0,-1) in A's frame: (1,-1) -> (1,-2), then it attacks along r = -2
    p.play(mv(&p, "1,-1:1,-2")).unwrap();
    assert!(p.in_check());
    assert_eq!(p.turn(), B, "the checked player moves next");
    assert_eq!(p.remembered_checker(), Some(A));
    // B's general steps out of the row: it checks nobody, so the turn returns to A
    p.play(mv(&p, "4,-2:4,-3")).unwrap();
    assert_eq!(p.turn(), A, "back to the checker, C is skipped");
    assert_eq!(p.remembered_checker(), None);
    // then play goes on clockwise: A, then B
    p.play(mv(&p, "-2,4:-1,4")).unwrap();
    assert_eq!(p.turn(), B);
}

#[test]
fn checking_two_players_at_once_passes_the_turn_clockwise() {
    // A's spearman slides on r = -2 where both B's and C's generals stand
    let mut p = setup(S3, &with(&[(1, -1, A, SPEARMAN)]), A);
    p.play(mv(&p, "1,-1:1,-2")).unwrap();
    // B (4,-2) and C (-2,-2) are both on row -2: the spearman sees both
    assert_eq!(p.turn(), B, "the player after the checker");
    assert_eq!(p.remembered_checker(), None);
    assert!(p.in_check());
}

#[test]
fn a_check_uncovered_by_the_move_counts_for_the_mover() {
    // C's spearman slides along C's sideways line, A's (1,-1) axis, from (1,1) towards B's
    // general on (4,-2); A's infantry on (2,0) stands in the way and steps off the line
    let mut d = setup(
        S3,
        &[
            (-4, 4, A, GENERAL),
            (4, -2, B, GENERAL),
            (-2, -2, C, GENERAL),
            (2, 0, A, INFANTRY),
            (1, 1, C, SPEARMAN),
        ],
        A,
    );
    assert!(!d.is_attacked(B));
    d.play(mv(&d, "2,0:2,-1")).unwrap();
    assert!(d.is_attacked(B));
    assert_eq!(d.turn(), B, "B is in check by C's piece, uncovered by A");
    assert_eq!(d.remembered_checker(), Some(A), "and A is the checker");
}

#[test]
fn own_general_may_not_stay_attacked_but_capturing_a_general_always_wins() {
    // A's general attacked by B's promoted infantry; a move elsewhere is refused
    let q = setup(
        S3,
        &[
            (0, 3, A, GENERAL),
            (4, -2, B, GENERAL),
            (-2, -2, C, GENERAL),
            (0, 2, B, PROMOTED_INFANTRY),
            (-4, 4, A, INFANTRY),
        ],
        A,
    );
    assert!(q.in_check());
    assert_eq!(
        q.clone().play(mv(&q, "-4,4:-4,3")),
        Err(IllegalMove::KingInCheck)
    );
    assert!(
        q.clone().play(mv(&q, "0,3:0,2")).is_ok(),
        "the general takes"
    );
    // capturing a general is legal even when the mover's own general stays attacked
    let mut r = setup(
        S3,
        &[
            (0, 2, A, GENERAL),
            (1, 1, B, GENERAL),
            (-2, -2, C, GENERAL),
            (0, 3, C, PROMOTED_INFANTRY),
        ],
        A,
    );
    assert!(r.in_check());
    let take = mv(&r, "0,2:1,1");
    assert!(moves(&mut r).contains("0,2:1,1"));
    let mut g = Game::from_position(r, RuleOptions::default());
    assert_eq!(
        g.play(take),
        Ok(Some(Outcome {
            winner: Some(A),
            reason: EndReason::RoyalCaptured
        }))
    );
    assert!(g.legal_moves().is_empty());
}

#[test]
fn a_checked_player_without_escape_loses_to_its_checker() {
    // B's general in the corner (4,-4); A's promoted infantry steps next to it, covering both
    // escape squares, and A's cavalry guards it from (3,0)
    let p = setup(
        S3,
        &[
            (-2, 4, A, GENERAL),
            (4, -4, B, GENERAL),
            (-2, -2, C, GENERAL),
            (2, -2, A, PROMOTED_INFANTRY),
            (3, 0, A, CAVALRY),
        ],
        A,
    );
    let mut g = Game::from_position(p.clone(), RuleOptions::default());
    assert_eq!(
        g.play(mv(&p, "2,-2:3,-3")),
        Ok(Some(Outcome {
            winner: Some(A),
            reason: EndReason::Checkmate
        }))
    );
    assert_eq!(g.position().turn(), B);
    // without the guard B takes the piece and the game goes on
    let open = setup(
        S3,
        &[
            (-2, 4, A, GENERAL),
            (4, -4, B, GENERAL),
            (-2, -2, C, GENERAL),
            (2, -2, A, PROMOTED_INFANTRY),
        ],
        A,
    );
    let mut g = Game::from_position(open.clone(), RuleOptions::default());
    assert_eq!(g.play(mv(&open, "2,-2:3,-3")), Ok(None));
    assert_eq!(
        g.legal_moves()
            .iter()
            .map(|&m| write_move(open.variant(), m))
            .collect::<Vec<_>>(),
        ["4,-4:3,-3"]
    );
}

#[test]
fn no_legal_move_without_check_is_a_draw() {
    // A has only its general in the corner (-4,4); every square it could step to is attacked,
    // but it is not in check itself
    let p = setup(
        S3,
        &[
            (-4, 4, A, GENERAL),
            (4, -2, B, GENERAL),
            (-2, -2, C, GENERAL),
            (-2, 3, B, PROMOTED_INFANTRY),
            (-4, 2, C, PROMOTED_INFANTRY),
        ],
        A,
    );
    assert!(!p.in_check());
    let g = Game::from_position(p, RuleOptions::default());
    assert_eq!(
        g.outcome(),
        Some(Outcome {
            winner: None,
            reason: EndReason::NoLegalMoves
        })
    );
}

#[test]
fn general_on_the_centre_wins_when_its_owners_turn_comes_three_players_only() {
    let pieces = [
        (0, 1, A, GENERAL),
        (4, -2, B, GENERAL),
        (-2, -2, C, GENERAL),
        (4, -4, B, INFANTRY),
        (-4, 0, C, INFANTRY),
    ];
    let p = setup(S3, &pieces, A);
    let mut g = Game::from_position(p.clone(), RuleOptions::default());
    g.play(mv(&p, "0,1:0,0")).unwrap();
    assert_eq!(g.outcome(), None, "not yet: B and C move first");
    let b = g.legal_moves()[0];
    g.play(b).unwrap();
    let c = g.legal_moves()[0];
    let o = g.play(c).unwrap();
    assert_eq!(
        o,
        Some(Outcome {
            winner: Some(A),
            reason: EndReason::GeneralOnCentre
        })
    );
    // two players: the centre has no power
    let p2 = setup(
        S2,
        &[
            (0, 1, A, GENERAL),
            (2, -4, B, GENERAL),
            (4, -4, B, INFANTRY),
        ],
        A,
    );
    let mut g2 = Game::from_position(p2.clone(), RuleOptions::default());
    g2.play(mv(&p2, "0,1:0,0")).unwrap();
    let b = g2.legal_moves()[0];
    assert_eq!(g2.play(b).unwrap(), None);
}

#[test]
fn repetition_must_be_avoided_while_another_move_exists() {
    let pieces = [
        (-2, 4, A, GENERAL),
        (4, -2, B, GENERAL),
        (-2, -2, C, GENERAL),
    ];
    let p = setup(S3, &pieces, A);
    let mut g = Game::from_position(p.clone(), RuleOptions::default());
    let cycle = [
        "-2,4:-1,4",
        "4,-2:4,-3",
        "-2,-2:-1,-3",
        "-1,4:-2,4",
        "4,-3:4,-2",
        "-1,-3:-2,-2",
    ];
    let mut refused = false;
    'outer: for _ in 0..4 {
        for t in cycle {
            let m = mv(g.position(), t);
            match g.play(m) {
                Ok(_) => {}
                Err(IllegalMove::Repetition) => {
                    refused = true;
                    break 'outer;
                }
                Err(e) => panic!("{t}: {e}"),
            }
        }
    }
    assert!(
        refused,
        "the 4th occurrence is refused while other moves exist"
    );
    assert_eq!(IllegalMove::Repetition.rule_id(), "repetition");
    assert!(!g.legal_moves().is_empty());
}

#[test]
fn notation_errors_name_the_problem() {
    let e = |t: &str| read_position(S3, t).unwrap_err().to_string();
    assert!(e("").contains("board"));
    assert!(e("5/6/7/8/9/8/7/6/5").contains("player to move"));
    assert!(e("5/6/7/8/9/8/7/6 a - -").contains("9"));
    assert!(e("5/6/7/8/9/8/7/6/4 a - -").contains("row 9"));
    assert!(e("5/6/7/8/9/8/7/6/5 a - -").contains("general"));
    assert!(e("aK4/6/7/8/9/8/7/6/5 d - -").contains("\"d\""));
    assert!(e("aX4/6/7/8/9/8/7/6/5 a - -").contains("aX"));
    assert!(read_position(S2, "aK4/6/7/8/9/8/7/6/cK4 a - -").is_err());
    let v = Position::start(S3).variant();
    assert!(read_move(v, "9,9:0,0").is_err());
    assert!(read_move(v, "0,0").is_err());
    assert!(read_move(v, "K*0,0").is_err());
    assert!(read_move(v, "P*0,0").is_ok());
    assert_eq!(write_move(v, read_move(v, "0,1:0,0+").unwrap()), "0,1:0,0+");
}

/// Turn a position by 120 degrees and relabel the players A->B->C->A.
fn rotate(p: &Position) -> Position {
    let v = p.variant();
    let g = &v.geometry;
    let mut out = Setup::empty(p.game());
    for c in g.cells() {
        let q = p.piece(c);
        if !q.is_empty() {
            out.put(
                g.rotate_cell(c, 1),
                Piece::new(Player((q.owner().0 + 1) % 3), q.kind()),
            );
        }
    }
    for o in 0..3 {
        for &k in &v.hand_order {
            out.add_to_hand(Player((o + 1) % 3), k, p.hand(Player(o), k));
        }
    }
    out.turn = Player((p.turn().0 + 1) % 3);
    out.checker = p.remembered_checker().map(|r| Player((r.0 + 1) % 3));
    out.into_position().unwrap()
}

fn rotate_move(g: &koma_rules::Geometry, m: Move) -> Move {
    match m {
        Move::Board { from, to, promote } => Move::Board {
            from: g.rotate_cell(from, 1),
            to: g.rotate_cell(to, 1),
            promote,
        },
        Move::Drop { kind, to } => Move::Drop {
            kind,
            to: g.rotate_cell(to, 1),
        },
        Move::Double { from, mid, to } => Move::Double {
            from: g.rotate_cell(from, 1),
            mid: g.rotate_cell(mid, 1),
            to: g.rotate_cell(to, 1),
        },
        Move::Pass => Move::Pass,
    }
}

fn random_position(choices: &[u16]) -> Position {
    let mut p = Position::start(S3);
    for &c in choices {
        let l = p.legal_moves();
        if l.is_empty() {
            break;
        }
        p.play(l[c as usize % l.len()]).unwrap();
        // a general taken ends the game: the position after it has a side without its one
        // general, which no setup may hold (so the notation refuses it), and is not played on
        if (0..3).any(|i| p.king(Player(i)).is_none()) {
            p.undo();
            break;
        }
    }
    let mut q = read_position(S3, &write_position(&p)).unwrap();
    q.forget_history();
    q
}

#[test]
fn the_start_is_the_same_after_a_rotation() {
    let p = Position::start(S3);
    let r = rotate(&rotate(&rotate(&p)));
    assert_eq!(r, p);
    let mut a = p.clone();
    let mut b = rotate(&p);
    assert_eq!(a.perft(3), b.perft(3));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    /// A position turned by 120 degrees with the players relabelled has the same legal moves,
    /// turned, and the same perft.
    #[test]
    fn rotation_keeps_the_game(choices in prop::collection::vec(any::<u16>(), 0..80)) {
        let mut p = random_position(&choices);
        let mut r = rotate(&p);
        let g = p.variant().geometry.clone();
        let ours: BTreeSet<String> = p.legal_moves().into_iter().map(|m| format!("{:?}", rotate_move(&g, m))).collect();
        let theirs: BTreeSet<String> = r.legal_moves().into_iter().map(|m| format!("{m:?}")).collect();
        prop_assert_eq!(ours, theirs);
        prop_assert_eq!(p.perft(2), r.perft(2));
    }

    /// Play then undo restores position and hash; the notation round-trips; every generated
    /// move validates and every writable move that validates is generated.
    #[test]
    fn random_positions_keep_their_invariants(choices in prop::collection::vec(any::<u16>(), 0..120)) {
        let mut p = random_position(&choices);
        prop_assert_eq!(p.hash(), p.hash_from_scratch());
        let legal = p.legal_moves();
        let n = p.variant().geometry.len() as u8;
        for from in 0..n {
            for to in 0..n {
                for promote in [false, true] {
                    let m = Move::Board { from: Cell(from), to: Cell(to), promote };
                    prop_assert_eq!(p.validate(m).is_ok(), legal.contains(&m), "{:?}", m);
                }
            }
        }
        for k in 1..5u8 {
            for to in 0..n {
                let m = Move::Drop { kind: Kind(k), to: Cell(to) };
                prop_assert_eq!(p.validate(m).is_ok(), legal.contains(&m), "{:?}", m);
            }
        }
        for &m in &legal {
            let before = p.clone();
            p.play_unchecked(m);
            prop_assert_eq!(p.hash(), p.hash_from_scratch());
            p.undo();
            prop_assert_eq!(&p, &before);
            prop_assert_eq!(p.hash(), before.hash());
        }
        prop_assert_eq!(read_position(S3, &write_position(&p)).unwrap(), p);
    }
}

/// Many random three-player games: each ends with one winner or a draw, and never breaks an
/// invariant on the way.
#[test]
fn random_three_player_games_end_with_one_winner_or_a_draw() {
    let mut rng = 0x2545_F491_4F6C_DD1Du64;
    let mut next = || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    let mut ends = std::collections::BTreeMap::new();
    for _ in 0..3000 {
        let mut g = Game::new(S3, RuleOptions::default());
        for _ in 0..400 {
            if g.outcome().is_some() {
                break;
            }
            let l = g.legal_moves();
            assert!(!l.is_empty(), "a game in progress has a move");
            let m = l[(next() % l.len() as u64) as usize];
            let mover = g.position().turn();
            let r = g.play(m).unwrap();
            let p = g.position();
            // the mover's general is never left attacked unless it took a general
            if r.map(|o| o.reason) != Some(EndReason::RoyalCaptured) {
                assert!(!p.is_attacked(mover) || p.king(mover).is_none());
            }
        }
        if let Some(o) = g.outcome() {
            *ends.entry((o.reason.id(), o.winner.is_some())).or_insert(0) += 1;
            match o.reason {
                EndReason::RoyalCaptured | EndReason::GeneralOnCentre | EndReason::Checkmate => {
                    assert!(o.winner.is_some())
                }
                EndReason::Repetition | EndReason::NoLegalMoves => assert!(o.winner.is_none()),
                other => panic!("unexpected end {other:?}"),
            }
        }
    }
    assert!(!ends.is_empty());
    println!("{ends:?}");
}
