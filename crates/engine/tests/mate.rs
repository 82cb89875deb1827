//! The mate solver ([`koma_engine::mate`]): positions with known answers in each game, every
//! proved line checked move by move by the rules, and random positions in which the solver
//! never claims a mate the rules refuse nor denies one that a plain search finds.
#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failure is a test failure
// (native only: proptest does not build for wasm32)
#![cfg(not(target_arch = "wasm32"))]

use koma_engine::mate::{Answer, MateLimits, Report, solve, verify};
use koma_engine::search::NoClock;
use koma_rules::notation::{read_position, write_move};
use koma_rules::{EndReason, Game, GameId, Position};
use proptest::prelude::*;

fn pos(game: GameId, text: &str) -> Position {
    read_position(game, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn solved(p: &Position, nodes: u64) -> Report {
    let limits = MateLimits {
        nodes: Some(nodes),
        hash_mb: 16,
        ..MateLimits::default()
    };
    solve(p, &limits, &NoClock)
}

/// Whether the side to move mates within `plies` (odd) by checks, every defence tried: the
/// plain full-width search the solver is held to.
fn mates_within(p: &mut Position, plies: u32) -> bool {
    if plies == 0 {
        return false;
    }
    let me = p.turn();
    for m in p.legal_moves() {
        p.play_unchecked(m);
        let won = p.in_check()
            && (p.legal_moves().is_empty()
                || (plies >= 3
                    && p.legal_moves().into_iter().all(|d| {
                        p.play_unchecked(d);
                        let r = p.turn() == me && mates_within(p, plies - 2);
                        p.undo();
                        r
                    })));
        p.undo();
        if won {
            return true;
        }
    }
    false
}

/// The solver proves a mate (a line the rules accept) no shorter than `plies`: the plain search
/// finds one in `plies` and none shorter (up to seven plies; a longer one: none in seven). Its
/// line as text.
fn mate_in(game: GameId, text: &str, plies: usize) -> Vec<String> {
    let p = pos(game, text);
    let r = solved(&p, 2_000_000);
    let Answer::Mate(line) = &r.answer else {
        panic!("{text}: {:?} after {} nodes", r.answer, r.nodes);
    };
    verify(&p, p.turn(), line).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert!(
        line.len() >= plies && line.len() % 2 == 1,
        "{text}: {line:?}"
    );
    // (the plain search knows checks, not the end of a chu game by a royal taken)
    if plies <= 7 && game != GameId::Chushogi {
        assert!(mates_within(&mut p.clone(), plies as u32), "{text}");
    }
    if plies > 2 && game != GameId::Chushogi {
        let shorter = (plies as u32 - 2).min(7);
        assert!(!mates_within(&mut p.clone(), shorter), "{text}");
    }
    line.iter().map(|&m| write_move(p.variant(), m)).collect()
}

#[test]
fn shogi_mates_in_one_to_five_and_longer() {
    assert_eq!(
        mate_in(GameId::Shogi, "4k4/9/4G4/9/9/9/9/9/4K4 b G 1", 1),
        ["G*5b"]
    );
    // (the king may go either way: 2a1a S*1b, 2a3a S*4b)
    assert_eq!(
        mate_in(GameId::Shogi, "7k1/9/7P1/9/9/9/9/9/K8 b RS 1", 3)[0],
        "R*2b"
    );
    mate_in(GameId::Shogi, "1Bk6/G8/9/7+R1/9/9/9/9/K8 b RS 1", 3);
    // found by the solver in random sparse positions, their lengths by the plain search
    mate_in(GameId::Shogi, "k8/9/9/9/9/9/9/9/K8 b RBGSP 1", 5);
    mate_in(GameId::Shogi, "7k1/9/P8/6R1g/9/9/9/9/8K b GS 1", 5);
    mate_in(GameId::Shogi, "9/3B1k3/2+R6/1+R7/9/9/9/9/1K7 b S 1", 5);
    // none in seven plies; the solver proves one of 25
    mate_in(GameId::Shogi, "5+R3/1k7/5g1G1/9/9/9/9/9/8K b RG 1", 9);
}

#[test]
fn tsume_with_the_defender_holding_every_other_piece() {
    // the head gold, every piece left to the defender
    assert_eq!(
        mate_in(
            GameId::Shogi,
            "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1",
            1
        ),
        ["G*5b"]
    );
    // two golds against a king that may drop anything between
    mate_in(
        GameId::Shogi,
        "9/4k4/9/4P4/9/9/9/9/9 b 2G2r2b4s4n4l17p 1",
        3,
    );
}

#[test]
fn checks_only_no_mate_where_a_quiet_move_would_mate() {
    // mates in three moves with a quiet move among them (the engine's tactics), none by checks
    for text in [
        "7k1/9/9/6R2/9/9/9/9/K8 b N 1",
        "7k1/9/9/9/9/9/9/9/K8 b BG 1",
    ] {
        let p = pos(GameId::Shogi, text);
        assert!(!mates_within(&mut p.clone(), 5), "{text}");
        assert_eq!(solved(&p, 2_000_000).answer, Answer::NoMate, "{text}");
    }
}

#[test]
fn a_pawn_drop_mate_is_no_mate_and_another_drop_is() {
    // P*1b would mate (the knight blocks 2a, the gold guards 1b and 2b): 打ち歩詰め, so the only
    // mate is illegal and there is none
    let p = pos(GameId::Shogi, "7nk/9/7G1/9/9/9/9/9/K8 b P 1");
    assert_eq!(solved(&p, 2_000_000).answer, Answer::NoMate);
    // a lance dropped there mates
    assert_eq!(
        mate_in(GameId::Shogi, "7nk/9/7G1/9/9/9/9/9/K8 b L 1", 1),
        ["L*1b"]
    );
}

#[test]
fn a_mate_that_needs_a_promotion_declined() {
    // the knight checks from 2c only unpromoted (a promoted knight moves as a gold); the king's
    // own pieces shut it in and none reaches 2c
    let text = "7nk/7bp/9/9/6N2/9/9/K8/9 b - 1";
    assert_eq!(mate_in(GameId::Shogi, text, 1), ["3e2c"]);
    let mut p = pos(GameId::Shogi, text);
    let promoted = koma_rules::notation::read_move(p.variant(), "3e2c+").expect("a move");
    assert!(p.try_play(promoted));
    assert!(!p.in_check());
}

#[test]
fn chu_a_lion_s_double_move_takes_both_royals() {
    // gote's king and crown prince in a file before the lion: one double move takes the prince
    // and then the king, the last royal, which ends the game
    let text = "p11/12/12/12/12/12/5k6/5+e6/5N6/12/12/K11 b - 1";
    assert_eq!(mate_in(GameId::Chushogi, text, 1), ["7i7h7g"]);
    let p = pos(GameId::Chushogi, text);
    let mut game = Game::from_position(p.clone(), p.options());
    let double = koma_rules::notation::read_move(p.variant(), "7i7h7g").expect("a move");
    let ended = game.play(double).expect("the rules take the move");
    assert_eq!(ended.map(|o| o.winner), Some(Some(p.turn())));
}

#[test]
fn minishogi_and_66_shogi_mates_and_a_lone_rook_that_cannot() {
    mate_in(GameId::Minishogi, "2k2/5/2G2/5/2K2 b G 1", 1);
    mate_in(GameId::Minishogi, "5/1k3/p4/1G1s1/K4 b RBS 1", 7);
    mate_in(GameId::Shogi66, "2k1B1/6/1g4/P5/6/K5 b RG 1", 5);
    mate_in(GameId::Shogi66, "1k4/2s3/3p1+B/6/6/1K4 b RGS 1", 9);
    // a rook alone checks for ever but cannot mate: the repetitions of its checks are no proof,
    // and every line is disproved
    let p = pos(GameId::Minishogi, "4k/5/5/5/K4 b R 1");
    assert_eq!(solved(&p, 2_000_000).answer, Answer::NoMate);
    mate_in(GameId::Shogi66, "3k2/6/3G2/6/6/K5 b G 1", 1);
}

#[test]
fn chu_a_lion_takes_the_lone_king() {
    // the last royal taken wins: the lion's jump ends the game
    let line = mate_in(
        GameId::Chushogi,
        "12/12/pppp8/12/12/5k6/12/5N6/12/PPPP8/12/K11 b - 1",
        1,
    );
    assert_eq!(line, ["7h7f"]);
}

#[test]
fn chu_a_mate_by_check_a_bare_king_and_a_gold_that_cannot() {
    // the gold beside the king, the rook behind it: mate by check, as the plain search sees it
    let text = "k11/p11/2G9/12/12/12/12/12/12/12/1R10/11K b - 1";
    assert_eq!(mate_in(GameId::Chushogi, text, 1), ["10c11b"]);
    // the rules' own verdict on the move
    let p = pos(GameId::Chushogi, text);
    let mut game = Game::from_position(p.clone(), p.options());
    let mate = koma_rules::notation::read_move(p.variant(), "10c11b").expect("a move");
    let ended = game.play(mate).expect("the rules take the move");
    assert_eq!(
        ended.map(|o| (o.winner, o.reason)),
        Some((Some(p.turn()), EndReason::Checkmate))
    );
    // the gold takes the last piece beside the king, which cannot take back: 駒枯れ, by the
    // rules' own reckoning
    let p = pos(
        GameId::Chushogi,
        "k11/12/12/12/12/12/12/p11/1G10/12/12/11K b - 1",
    );
    let Answer::Mate(line) = solved(&p, 100_000).answer else {
        panic!("a king left bare is lost");
    };
    assert_eq!(line.len(), 1);
    assert_eq!(write_move(p.variant(), line[0]), "11i12h");
    let mut game = Game::from_position(p.clone(), p.options());
    let ended = game.play(line[0]).expect("the rules take the move");
    assert_eq!(ended.map(|o| o.reason), Some(EndReason::BareKing));
    // the gold too far, the pawn beside the king: no forced win by checks
    let p = pos(
        GameId::Chushogi,
        "k11/p11/12/3G8/12/12/12/12/12/12/1R10/11K b - 1",
    );
    assert_eq!(solved(&p, 2_000_000).answer, Answer::NoMate);
    assert!(!mates_within(&mut p.clone(), 3));
}

#[test]
fn sangoku2_a_general_mated_by_drops_and_two_spearmen_that_cannot() {
    let p = pos(GameId::Sangoku2, "4bK/6/7/8/9/8/7/6/2aK2 a a2SaC -");
    let Answer::Mate(line) = solved(&p, 2_000_000).answer else {
        panic!("a cavalry and two spearmen in hand mate the cornered general");
    };
    verify(&p, p.turn(), &line).unwrap_or_else(|e| panic!("{e}"));
    assert!(line.len() >= 3 && line.len() % 2 == 1, "{line:?}");
    assert!(!mates_within(&mut p.clone(), 1));
    // one move before the end the plain search sees the mate in one, and the solver proves it
    let mut before = p.clone();
    for &m in &line[..line.len() - 1] {
        before.play_unchecked(m);
    }
    assert!(mates_within(&mut before.clone(), 1));
    let Answer::Mate(last) = solved(&before, 10_000).answer else {
        panic!("mate in one");
    };
    assert_eq!(last.len(), 1);
    // two spearmen alone: no forced win by checks
    let p = pos(GameId::Sangoku2, "4bK/6/7/8/9/8/7/6/2aK2 a a2S -");
    assert_eq!(solved(&p, 2_000_000).answer, Answer::NoMate);
    assert!(!mates_within(&mut p.clone(), 3));
}

#[test]
fn the_table_stays_within_its_megabytes() {
    let p = pos(GameId::Shogi, "7k1/8s/5+R2g/9/9/9/9/9/K8 b B 1");
    let limits = MateLimits {
        nodes: Some(2_000_000),
        hash_mb: 1,
        ..MateLimits::default()
    };
    let r = solve(&p, &limits, &NoClock);
    assert!(r.table_bytes <= 1024 * 1024, "{} bytes", r.table_bytes);
    assert_eq!(r.answer, Answer::NoMate);
    assert!(r.nodes > 10_000 && r.stored <= r.capacity, "{r:?}");
}

/// A sparse position of a square-board drop game: the defender's king near its edge, a few
/// attacking pieces near it, pieces in the attacker's hand (None when the rules refuse it).
fn sparse(game: GameId, seed: &[u8]) -> Option<Position> {
    let size: usize = match game {
        GameId::Minishogi => 5,
        GameId::Shogi66 => 6,
        _ => 9,
    };
    let mut board = vec![vec![String::new(); size]; size];
    let mut at = |rank: usize, file: usize, piece: &str| {
        if board[rank][file].is_empty() {
            board[rank][file] = piece.to_string();
        }
    };
    at(usize::from(seed[0]) % 2, usize::from(seed[1]) % size, "k");
    at(size - 1, usize::from(seed[2]) % size, "K");
    let pieces = ["G", "S", "+R", "+B", "R", "B", "P", "g", "s", "p"];
    for pair in seed[3..9].chunks(2) {
        let piece = pieces[usize::from(pair[0]) % pieces.len()];
        at(
            usize::from(pair[1]) % 4,
            usize::from(pair[1] / 4) % size,
            piece,
        );
    }
    let rows: Vec<String> = board
        .iter()
        .map(|rank| {
            let mut row = String::new();
            let mut empty = 0;
            for cell in rank {
                if cell.is_empty() {
                    empty += 1;
                } else {
                    if empty > 0 {
                        row += &empty.to_string();
                        empty = 0;
                    }
                    row += cell;
                }
            }
            if empty > 0 {
                row += &empty.to_string();
            }
            row
        })
        .collect();
    let hand: String = ["G", "S", "R", "B", "P"]
        .iter()
        .zip(&seed[9..14])
        .filter(|(_, b)| **b % 3 == 0)
        .map(|(p, _)| *p)
        .collect();
    // half the time the defender holds pieces to drop between (as a tsume's defender does)
    let defence = if seed[14].is_multiple_of(2) {
        "gsnl2p"
    } else {
        ""
    };
    let hand = format!("{hand}{defence}");
    let hand = if hand.is_empty() { "-".into() } else { hand };
    let text = format!("{} b {hand} 1", rows.join("/"));
    let p = read_position(game, &text).ok()?;
    // a position where the side not to move is in check is not one a game reaches, nor is one
    // that 66 shogi reads as its placement phase (pieces at home, a gap in a back rank, at most
    // one of a kind in hand: there the drops are placements, and a side with nothing left to
    // place has no move)
    if p.is_placing() {
        return None;
    }
    let mut q = p.clone();
    q.legal_moves().first().map(|_| p)
}

#[test]
fn the_random_positions_leave_out_66_shogi_s_placement_phase() {
    // this seed makes "5g/k5/6/6/6/1K4 b RBGS 1", which 66 shogi reads as its placement phase
    let seed = [115, 114, 1, 217, 20, 0, 217, 0, 1, 0, 0, 33, 0, 1, 127];
    assert!(pos(GameId::Shogi66, "5g/k5/6/6/6/1K4 b RBGS 1").is_placing());
    assert!(sparse(GameId::Shogi66, &seed).is_none());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, .. ProptestConfig::default() })]

    #[test]
    fn the_solver_never_claims_a_mate_the_rules_refuse_nor_denies_a_short_one(
        game in prop::sample::select(vec![GameId::Shogi, GameId::Minishogi, GameId::Shogi66]),
        seed in prop::collection::vec(any::<u8>(), 15),
    ) {
        let Some(p) = sparse(game, &seed) else { return Ok(()) };
        let r = solved(&p, 100_000);
        let short = mates_within(&mut p.clone(), 3);
        match &r.answer {
            Answer::Mate(line) => {
                prop_assert!(verify(&p, p.turn(), line).is_ok(), "{:?}", line);
            }
            Answer::NoMate => prop_assert!(!short, "a mate in three denied"),
            // only the budget leaves a position undecided: a proof whose line the rules
            // refused (a proof reused for hands it does not hold for) would show here
            Answer::Unknown => prop_assert!(r.nodes >= 100_000, "undecided after {} nodes", r.nodes),
        }
        if short {
            prop_assert!(matches!(r.answer, Answer::Mate(_)), "{:?}", r.answer);
        }
    }
}

#[test]
fn the_defender_to_move_is_mated_when_every_reply_is() {
    use koma_engine::mate::solve_for;
    use koma_rules::Player;
    // the gold's check is played: the king steps aside, the second gold mates
    let p = pos(GameId::Shogi, "9/4k4/4G4/4P4/9/9/9/9/K8 w G 2");
    let limits = MateLimits {
        nodes: Some(100_000),
        ..MateLimits::default()
    };
    let Answer::Mate(line) = solve_for(&p, Player(0), &limits, &NoClock).answer else {
        panic!("no mate found");
    };
    assert_eq!(line.len(), 2, "{line:?}");
    verify(&p, Player(0), &line).unwrap();
    // gote does not mate sente
    assert!(!matches!(
        solve_for(&p, Player(1), &limits, &NoClock).answer,
        Answer::Mate(_)
    ));
}

/// 最後の審判 (縫田光司, 1997): its published 69-ply mate needs the reading in which the
/// defender's fourth pawn interposition is 打ち歩詰め, the attacker's only answer (taking it)
/// making the fourth repetition of a cycle of its checks. Under Koma's rules a pawn drop is
/// 打ち歩詰め only when it leaves no legal reply, and taking the pawn is legal (the game then
/// ends by 連続王手の千日手, against the attacker): the defender escapes, and the solver's
/// `nomate` is the rules' answer.
#[test]
fn the_last_judgement_is_no_mate_under_koma_s_rules() {
    let start = "1+P1pS2+PR/2n2S1lg/1l3p1p1/1G2n1pS1/N1p2k3/3S2l2/4K1lgP/3P1+p2p/4Pg1PN b BPrb4p 1";
    let cycle = "4e4d 4b3c 4d5c 5a4b 5c5b 5f7d B*6c 7d6c+ 5b6c B*8e 6c6b 4b5a 6b5c 3c4b 5c4d \
                 P*4e 4d4e 8e6g";
    let published = format!(
        "B*5f {cycle} P*5f 6g5f {cycle} P*5f 6g5f {cycle} 4e4d 2d3c 4d3e 1i2g 3e2f G*1f 2f2g \
         6g4i 4h4i G*2h"
    );
    let play = |line: &str| {
        let p = pos(GameId::Shogi, start);
        let mut game = Game::from_position(p.clone(), koma_rules::RuleOptions::default());
        let mut outcome = None;
        for text in line.split_whitespace() {
            assert!(outcome.is_none(), "{text} after the end");
            let mv = koma_rules::notation::read_move(p.variant(), text).unwrap();
            outcome = game.play(mv).unwrap_or_else(|e| panic!("{text}: {e:?}"));
        }
        (game, outcome)
    };
    // the published line is legal and ends in mate, 69 plies
    let (game, outcome) = play(&published);
    assert_eq!(game.moves().len(), 69);
    let outcome = outcome.unwrap();
    assert_eq!(
        (outcome.reason, outcome.winner),
        (EndReason::Checkmate, Some(koma_rules::Player::FIRST))
    );
    // at ply 60 the defender interposes the pawn a third time instead: a legal drop (the
    // attacker may take it), and taking it ends the game by perpetual check, the attacker lost
    let cut = published
        .split_whitespace()
        .take(59)
        .collect::<Vec<_>>()
        .join(" ");
    let (mut game, outcome) = play(&format!("{cut} P*5f"));
    assert!(outcome.is_none());
    assert_eq!(
        game.legal_moves().len(),
        1,
        "taking the pawn is the one reply"
    );
    let outcome = game
        .play(koma_rules::notation::read_move(game.position().variant(), "6g5f").unwrap())
        .unwrap()
        .unwrap();
    assert_eq!(
        (outcome.reason, outcome.winner),
        (EndReason::PerpetualCheck, Some(koma_rules::Player::SECOND))
    );
    // and the solver says so
    let r = solved(&pos(GameId::Shogi, start), 2_000_000);
    assert_eq!(r.answer, Answer::NoMate, "{} nodes", r.nodes);
}

/// 伊藤看寿's 将棋図巧 第1番 (1755), a mate in 69 by its published answer, the long problem
/// the benchmark's 69-ply set holds beside 最後の審判 (`benches/mate_long.txt`): its position
/// as transcribed there is the published one: the answer is legal, every attacker move checks,
/// and it ends in mate.
#[test]
fn zuko_number_one_s_published_answer_mates_in_69() {
    let start = "1pG1B4/Gs+P6/pP7/n1ls5/3k5/nL4+r1b/1+p1p+R4/1S7/2N6 b SP2gn2l11p 1";
    let published = "S*5d 6e7e 7i8g 7e8f 5g6f 3f6f 5a9e+ 8f7f P*7g 6f7g 9e7g 7f8e R*1e R*2e \
                     1e2e 1f2e 7g9e 8e7f R*2f R*3f 2f3f 2e3f 9e7g 7f8e R*3e R*4e 3e4e 3f4e \
                     7g9e 8e7f R*4f R*5f 4f5f 4e5f 9e7g 7f8e R*8d 8e8d 7g9e 8d8c 9b8b 8a8b \
                     8g7e 7d7e P*8d 8c9b S*8a 9b9a 7b8b 9a8b 7a7b 8b9a P*9b 5f9b 8a9b+ 9a9b \
                     B*7d 9b9a 7b8b 9a8b 8d8c+ 8b7a 9e6b 7a6b 5d6c+ 6b6a 8c7b 6a5a 6c5b";
    let p = pos(GameId::Shogi, start);
    let line: Vec<_> = published
        .split_whitespace()
        .map(|m| koma_rules::notation::read_move(p.variant(), m).unwrap())
        .collect();
    assert_eq!(line.len(), 69);
    koma_engine::mate::verify(&p, p.turn(), &line).unwrap();
}
