//! Every rule of `shogi.md` and `minishogi.md`, each with a position that breaks it.
#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failure is a test failure

use koma_rules::game::{EndReason, PointRule};
use koma_rules::sfen::{from_sfen, parse_usi, to_sfen, to_usi};
use koma_rules::{Game, GameId, IllegalMove, Move, Outcome, Player, Position, RuleOptions};

fn pos(game: GameId, s: &str) -> Position {
    from_sfen(game, s).unwrap()
}

fn mv(p: &Position, usi: &str) -> Move {
    parse_usi(p.variant(), usi).unwrap()
}

fn legal(p: &mut Position) -> Vec<String> {
    let v = p.variant();
    let mut l: Vec<String> = p.legal_moves().into_iter().map(|m| to_usi(v, m)).collect();
    l.sort();
    l
}

fn try_move(game: GameId, sfen: &str, usi: &str) -> Result<(), IllegalMove> {
    let mut p = pos(game, sfen);
    let m = mv(&p, usi);
    let before = p.clone();
    let r = p.play(m);
    if r.is_err() {
        assert_eq!(p, before, "a refused move changes nothing");
        assert_eq!(p.hash(), before.hash());
    }
    r
}

const S: GameId = GameId::Shogi;

#[test]
fn start_has_30_moves_and_sente_moves_first() {
    let mut p = Position::start(S);
    assert_eq!(p.turn(), Player::FIRST);
    assert_eq!(p.legal_moves().len(), 30);
}

#[test]
fn nifu_two_unpromoted_pawns_on_a_file() {
    let s = "4k4/9/9/9/9/9/4P4/9/4K4 b P 1";
    assert_eq!(
        try_move(S, s, "P*5e"),
        Err(IllegalMove::TwoPawns { file: 5 })
    );
    assert_eq!(IllegalMove::TwoPawns { file: 5 }.rule_id(), "nifu");
    assert!(try_move(S, s, "P*4e").is_ok());
    // a tokin on the file does not count
    let t = "4k4/9/9/9/9/9/4+P4/9/4K4 b P 1";
    assert!(try_move(S, t, "P*5e").is_ok());
    // the opponent's pawn does not count
    let o = "4k4/4p4/9/9/9/9/9/9/4K4 b P 1";
    assert!(try_move(S, o, "P*5e").is_ok());
    let mut p = pos(S, s);
    assert!(!legal(&mut p).contains(&"P*5e".to_string()));
}

#[test]
fn uchifuzume_pawn_drop_mate_is_illegal_but_pawn_drop_check_is_not() {
    // gote king on 1a boxed in by its own pieces; P*1b is supported by the silver on 2c
    let s = "7lk/7s1/7G1/9/9/9/9/9/K8 b P 1";
    // 1b is guarded by the gold on 2c and the king's other squares are its own pieces'
    let mut p = pos(S, s);
    let moves = legal(&mut p);
    assert!(!moves.contains(&"P*1b".to_string()), "{moves:?}");
    assert_eq!(try_move(S, s, "P*1b"), Err(IllegalMove::DropPawnMate));
    assert_eq!(IllegalMove::DropPawnMate.rule_id(), "uchifuzume");
    // remove the gold: the king can capture the pawn, so the drop only checks and is legal
    let s2 = "7lk/7s1/9/9/9/9/9/9/K8 b P 1";
    assert!(try_move(S, s2, "P*1b").is_ok());
    // a pawn *move* that mates is legal
    let s3 = "7lk/7s1/7GP/9/9/9/9/9/K8 b - 1";
    let mut p3 = pos(S, s3);
    p3.play(mv(&p3, "1c1b")).unwrap();
    let mut g = Game::from_position(p3, RuleOptions::default());
    assert_eq!(
        g.outcome(),
        Some(Outcome {
            winner: Some(Player::FIRST),
            reason: EndReason::Checkmate
        })
    );
    assert!(g.legal_moves().is_empty());
}

#[test]
fn dead_pieces_must_promote_and_cannot_be_dropped_there() {
    // pawn to the last rank must promote
    let s = "4k4/P8/9/9/9/9/9/9/4K4 b NL 1";
    assert_eq!(try_move(S, s, "9b9a"), Err(IllegalMove::DeadPiece));
    assert!(try_move(S, s, "9b9a+").is_ok());
    // knight drops on the last two ranks, lance drop on the last rank
    assert_eq!(try_move(S, s, "N*1b"), Err(IllegalMove::DeadPiece));
    assert_eq!(try_move(S, s, "N*1a"), Err(IllegalMove::DeadPiece));
    assert!(try_move(S, s, "N*1c").is_ok());
    assert_eq!(try_move(S, s, "L*1a"), Err(IllegalMove::DeadPiece));
    assert!(try_move(S, s, "L*1b").is_ok());
    assert_eq!(IllegalMove::DeadPiece.rule_id(), "dead-piece");
    // knight moving to the second rank must promote
    let n = "4k4/9/9/8N/9/9/9/9/4K4 b - 1";
    assert_eq!(try_move(S, n, "1d2b"), Err(IllegalMove::DeadPiece));
    assert!(try_move(S, n, "1d2b+").is_ok());
    // pawn drop on last rank: gote's last rank is rank i
    let g = "4k4/9/9/9/9/9/9/9/K8 w p 1";
    assert_eq!(try_move(S, g, "P*5i"), Err(IllegalMove::DeadPiece));
    assert!(try_move(S, g, "P*5h").is_ok());
}

#[test]
fn promotion_is_optional_in_the_zone_and_only_there() {
    // silver entering the zone may promote or not
    let s = "4k4/9/9/4S4/9/9/9/9/4K4 b - 1";
    let mut p = pos(S, s);
    let moves = legal(&mut p);
    assert!(moves.contains(&"5d5c".to_string()));
    assert!(moves.contains(&"5d5c+".to_string()));
    // leaving the zone also allows it
    let out = "4k4/9/4S4/9/9/9/9/9/4K4 b - 1";
    assert!(try_move(S, out, "5c4d+").is_ok());
    // outside the zone: no promotion
    let far = "4k4/9/9/9/4S4/9/9/9/4K4 b - 1";
    assert_eq!(try_move(S, far, "5e5d+"), Err(IllegalMove::CannotPromote));
    // gold and king never promote
    let gold = "4k4/9/9/4G4/9/9/9/9/4K4 b - 1";
    assert_eq!(try_move(S, gold, "5d5c+"), Err(IllegalMove::CannotPromote));
    // a promoted piece stays promoted and goes to hand unpromoted when captured
    let mut q = pos(S, "4k4/9/9/9/3+R5/9/9/9/4K4 b - 1");
    q.play(mv(&q, "6e6d")).unwrap();
    assert!(to_sfen(&q).starts_with("4k4/9/9/3+R5/"), "{}", to_sfen(&q));
    let mut r = pos(S, "4k4/4+R4/9/9/9/9/9/9/4K4 w - 1");
    r.play(mv(&r, "5a5b")).unwrap();
    assert!(to_sfen(&r).contains(" r "), "{}", to_sfen(&r));
}

#[test]
fn king_may_not_be_left_or_put_in_check() {
    // the rook on 5e pins nothing: the king on 5i is checked by it; a move elsewhere is refused
    let s = "4k4/9/9/9/4r4/9/9/9/4K3L b - 1";
    assert_eq!(try_move(S, s, "1i1h"), Err(IllegalMove::KingInCheck));
    assert_eq!(IllegalMove::KingInCheck.rule_id(), "king-in-check");
    assert!(try_move(S, s, "5i4i").is_ok());
    // moving into check
    assert_eq!(try_move(S, s, "5i5h"), Err(IllegalMove::KingInCheck));
    // a pinned piece may not leave the line
    let pin = "4k4/9/9/9/4r4/9/4G4/9/4K4 b - 1";
    assert_eq!(try_move(S, pin, "5g4g"), Err(IllegalMove::KingInCheck));
    assert!(try_move(S, pin, "5g5f").is_ok());
}

#[test]
fn a_piece_moves_only_as_it_moves() {
    let s = Position::start(S);
    let start = to_sfen(&s);
    // bishop straight, rook diagonal, jumping over pieces, own piece capture
    assert_eq!(
        try_move(S, &start, "8h8g"),
        Err(IllegalMove::CannotMoveThere)
    );
    assert_eq!(
        try_move(S, &start, "2h3g"),
        Err(IllegalMove::CannotMoveThere)
    );
    assert_eq!(
        try_move(S, &start, "1i1e"),
        Err(IllegalMove::CannotMoveThere)
    );
    assert_eq!(
        try_move(S, &start, "5i4i"),
        Err(IllegalMove::CannotMoveThere)
    );
    assert_eq!(IllegalMove::CannotMoveThere.rule_id(), "cannot-move-there");
    // moving the opponent's piece, or nothing
    assert_eq!(try_move(S, &start, "3c3d"), Err(IllegalMove::NoPiece));
    assert_eq!(try_move(S, &start, "5e5d"), Err(IllegalMove::NoPiece));
    // dropping what is not in hand, or onto a piece
    assert_eq!(try_move(S, &start, "P*5e"), Err(IllegalMove::NotInHand));
    let h = "4k4/9/9/9/9/9/9/9/4K4 b G 1";
    assert_eq!(try_move(S, h, "G*5i"), Err(IllegalMove::Occupied));
    // the knight jumps
    assert!(try_move(S, "4k4/9/9/9/9/9/9/1P7/1N2K4 b - 1", "8i7g").is_ok());
}

#[test]
fn moving_after_the_game_ended_is_refused() {
    let mut g = Game::new(S, RuleOptions::default());
    g.resign(Player::FIRST);
    assert_eq!(
        g.outcome(),
        Some(Outcome {
            winner: Some(Player::SECOND),
            reason: EndReason::Resignation
        })
    );
    let m = mv(g.position(), "7g7f");
    assert_eq!(g.play(m), Err(IllegalMove::GameOver));
    assert_eq!(g.moves().len(), 0);
}

#[test]
fn time_loss_is_reported_by_the_caller() {
    let mut g = Game::new(S, RuleOptions::default());
    assert_eq!(
        g.flag(Player::SECOND),
        Some(Outcome {
            winner: Some(Player::FIRST),
            reason: EndReason::Time
        })
    );
}

#[test]
fn strict_play_loses_by_a_foul_and_casual_play_refuses_it() {
    let s = "4k4/9/9/9/9/9/4P4/9/4K4 b P 1";
    let strict = RuleOptions {
        strict: true,
        ..RuleOptions::default()
    };
    let mut g = Game::from_position(pos(S, s), strict);
    let m = mv(g.position(), "P*5e");
    assert_eq!(
        g.play(m),
        Ok(Some(Outcome {
            winner: Some(Player::SECOND),
            reason: EndReason::Foul
        }))
    );
    assert_eq!(g.foul_move(), Some(m));
    assert_eq!(g.foul(), Some(IllegalMove::TwoPawns { file: 5 }));
    let mut c = Game::from_position(pos(S, s), RuleOptions::default());
    assert_eq!(c.play(m), Err(IllegalMove::TwoPawns { file: 5 }));
    assert_eq!(c.outcome(), None);
    // a move that cannot be made at all is refused even in strict play
    let mut g2 = Game::from_position(pos(S, s), strict);
    let none = mv(g2.position(), "G*5e");
    assert_eq!(g2.play(none), Err(IllegalMove::NotInHand));
}

#[test]
fn checkmate_ends_the_game() {
    // a gold dropped on 1b mates: king 1a, the gold supported by the pawn on 1c
    let s = "8k/9/8P/9/9/9/9/9/K8 b G 1";
    let mut g = Game::from_position(pos(S, s), RuleOptions::default());
    let m = mv(g.position(), "G*1b");
    assert_eq!(
        g.play(m),
        Ok(Some(Outcome {
            winner: Some(Player::FIRST),
            reason: EndReason::Checkmate
        }))
    );
    // takeback clears it
    assert_eq!(g.undo(), Some(m));
    assert_eq!(g.outcome(), None);
}

/// Play the cycle `moves` up to `times` times from `s`, stopping when the game ends.
fn cycle(game: GameId, s: &str, moves: &[&str], times: usize, options: RuleOptions) -> Game {
    let mut g = Game::from_position(pos(game, s), options);
    for _ in 0..times {
        for u in moves {
            if g.outcome().is_some() {
                return g;
            }
            let m = mv(g.position(), u);
            g.play(m).unwrap();
        }
    }
    g
}

#[test]
fn sennichite_fourth_occurrence_is_a_draw() {
    let s = "4k4/9/9/9/9/9/9/9/4K4 b - 1";
    let cyc = ["5i4i", "5a4a", "4i5i", "4a5a"];
    let g = cycle(S, s, &cyc, 2, RuleOptions::default());
    assert_eq!(g.occurrences(), 3);
    assert_eq!(g.outcome(), None);
    let g = cycle(S, s, &cyc, 3, RuleOptions::default());
    assert_eq!(g.occurrences(), 4);
    assert_eq!(
        g.outcome(),
        Some(Outcome {
            winner: None,
            reason: EndReason::Repetition
        })
    );
    // undo brings the count down again
    let mut g = g;
    g.undo();
    assert_eq!(g.outcome(), None);
    let m = mv(g.position(), "4a5a");
    assert!(g.play(m).unwrap().is_some());
}

#[test]
fn perpetual_check_loses_for_the_checker() {
    // the rook checks along file 1, then file 2, as the king steps between 1a and 2a
    let s = "8k/9/9/9/9/9/9/9/K6R1 b - 1";
    let cyc = ["2i1i", "1a2a", "1i2i", "2a1a"];
    let g = cycle(S, s, &cyc, 3, RuleOptions::default());
    assert_eq!(
        g.outcome(),
        Some(Outcome {
            winner: Some(Player::SECOND),
            reason: EndReason::PerpetualCheck
        })
    );
}

/// Minishogi: sente king 5e, gote king 1a, gote rook 4c, gote to move.
const MINI_CHECKS: &str = "4k/5/1r3/5/K4 w - 1";

#[test]
fn minishogi_repetition_loses_for_sente() {
    let m = GameId::Minishogi;
    let s = "4k/5/5/5/K4 b - 1";
    let cyc = ["5e4e", "1a2a", "4e5e", "2a1a"];
    let g = cycle(m, s, &cyc, 3, RuleOptions::default());
    assert_eq!(
        g.outcome(),
        Some(Outcome {
            winner: Some(Player::SECOND),
            reason: EndReason::Repetition
        })
    );
    // every gote move of the cycle checks: gote loses instead
    let cyc2 = ["4c5c", "5e4e", "5c4c", "4e5e"];
    let g2 = cycle(m, MINI_CHECKS, &cyc2, 3, RuleOptions::default());
    assert_eq!(
        g2.outcome(),
        Some(Outcome {
            winner: Some(Player::FIRST),
            reason: EndReason::PerpetualCheck
        })
    );
}

#[test]
fn minishogi_founders_rule_any_check_in_the_cycle_loses() {
    let m = GameId::Minishogi;
    // gote checks on two of its four moves (4c5c, 5c4c); its king moves are quiet
    let cyc = [
        "4c5c", "5e4e", "1a2a", "4e4d", "2a1a", "4d4e", "5c4c", "4e5e",
    ];
    let plain = cycle(m, MINI_CHECKS, &cyc, 3, RuleOptions::default());
    assert_eq!(
        plain.outcome(),
        Some(Outcome {
            winner: Some(Player::SECOND),
            reason: EndReason::Repetition
        })
    );
    let founders = RuleOptions {
        founders_rule: true,
        ..RuleOptions::default()
    };
    let f = cycle(m, MINI_CHECKS, &cyc, 3, founders);
    assert_eq!(
        f.outcome(),
        Some(Outcome {
            winner: Some(Player::FIRST),
            reason: EndReason::PerpetualCheck
        })
    );
}

#[test]
fn impasse_points_24_and_27() {
    // both kings entered; sente has R B and 18 small pieces = 28; gote has the rest = 26
    let s = "4K4/9/9/9/9/9/9/9/4k4 b RB18Prb4g4s4n4l 1";
    let g = Game::from_position(pos(S, s), RuleOptions::default());
    assert!(g.both_kings_entered());
    assert_eq!(g.impasse_points(), [28, 26]);
    assert_eq!(g.impasse_outcome().unwrap().winner, None);
    let g27 = Game::from_position(
        pos(S, s),
        RuleOptions {
            points: PointRule::TwentySeven,
            ..RuleOptions::default()
        },
    );
    assert_eq!(g27.impasse_outcome().unwrap().winner, Some(Player::FIRST));
    // gote under 24 loses under the 24-point rule
    let s2 = "4K4/9/9/9/9/9/9/9/4k4 b RBrb2G2S4N4L18Pgg2s 1";
    let mut g2 = Game::from_position(pos(S, s2), RuleOptions::default());
    let [a, b] = g2.impasse_points();
    assert!(b < 24 && a >= 24, "{a} {b}");
    assert_eq!(
        g2.agree_impasse(),
        Some(Outcome {
            winner: Some(Player::FIRST),
            reason: EndReason::Impasse
        })
    );
    // not both kings entered: no impasse
    let mut g3 = Game::new(S, RuleOptions::default());
    assert!(!g3.both_kings_entered());
    assert_eq!(g3.agree_impasse(), None);
}

#[test]
fn entering_king_declaration_reports_each_condition() {
    // sente king on 5b, 10 pieces in camp (gold x4, silver x4, knight x2 = 10 points), hand R B
    // and 16 pawns: 10 + 10 + 16 = 36 points
    let s = "GGGGSSSS1/4K4/NN7/9/9/9/9/9/4k4 b RB16P 1";
    let g = Game::from_position(pos(S, s), RuleOptions::default());
    let d = g.declaration();
    assert!(d.king_in_camp);
    assert_eq!(d.pieces_in_camp, 10);
    assert!(d.not_in_check);
    assert_eq!(d.points, 36);
    assert_eq!(d.outcome.winner, Some(Player::FIRST));
    // 24..30 points: a draw under the 24-point rule
    let s2 = "GGGGSSSS1/4K4/NN7/9/9/9/9/9/4k4 b 16P 1";
    let d2 = Game::from_position(pos(S, s2), RuleOptions::default()).declaration();
    assert_eq!(d2.points, 26);
    assert_eq!(d2.outcome.winner, None);
    assert_eq!(d2.outcome.reason, EndReason::Declaration);
    // the 27-point rule: sente needs 28
    let o27 = RuleOptions {
        points: PointRule::TwentySeven,
        ..RuleOptions::default()
    };
    let d3 = Game::from_position(pos(S, s2), o27).declaration();
    assert_eq!(d3.outcome.winner, Some(Player::SECOND));
    let s4 = "GGGGSSSS1/4K4/NN7/9/9/9/9/9/4k4 b 18P 1";
    let d4 = Game::from_position(pos(S, s4), o27).declaration();
    assert_eq!(d4.points, 28);
    assert_eq!(d4.outcome.winner, Some(Player::FIRST));
    // only 9 pieces in camp: fails and loses
    let s5 = "GGGGSSSS1/4K4/N8/9/9/9/9/9/4k4 b RB16PN 1";
    let d5 = Game::from_position(pos(S, s5), RuleOptions::default()).declaration();
    assert_eq!(d5.pieces_in_camp, 9);
    assert_eq!(d5.outcome.winner, Some(Player::SECOND));
    // king not in camp: fails
    let s7 = "GGGGSSSS1/9/NN7/4K4/9/9/9/9/4k4 b RB16P 1";
    let mut g7 = Game::from_position(pos(S, s7), RuleOptions::default());
    let d7 = g7.declaration();
    assert!(!d7.king_in_camp);
    assert_eq!(
        g7.declare(),
        Some(Outcome {
            winner: Some(Player::SECOND),
            reason: EndReason::Declaration
        })
    );
}

#[test]
fn declaration_in_check_fails() {
    let s = "GGGGSSSS1/4K4/NN7/9/9/9/9/9/k3r4 b RB15P 1";
    let g = Game::from_position(pos(S, s), RuleOptions::default());
    let d = g.declaration();
    assert!(!d.not_in_check);
    assert_eq!(d.outcome.winner, Some(Player::SECOND));
}

#[test]
fn minishogi_rules_zone_is_the_far_rank() {
    let m = GameId::Minishogi;
    let start = Position::start(m);
    let s = to_sfen(&start);
    assert_eq!(s, "rbsgk/4p/5/P4/KGSBR b - 1");
    // a silver on the 3rd rank moving to the 2nd may not promote (zone is rank a only)
    let p = "4k/5/2S2/5/K4 b - 1";
    assert_eq!(try_move(m, p, "3c3b+"), Err(IllegalMove::CannotPromote));
    let p2 = "4k/2S2/5/5/K4 b - 1";
    assert!(try_move(m, p2, "3b3a+").is_ok());
    assert!(try_move(m, p2, "3b3a").is_ok());
    // pawn on the last rank must promote; no pawn drop there
    let p3 = "4k/P4/5/5/4K b P 1";
    assert_eq!(try_move(m, p3, "5b5a"), Err(IllegalMove::DeadPiece));
    assert_eq!(try_move(m, p3, "P*3a"), Err(IllegalMove::DeadPiece));
    // nifu
    assert_eq!(
        try_move(m, p3, "P*5c"),
        Err(IllegalMove::TwoPawns { file: 5 })
    );
}
