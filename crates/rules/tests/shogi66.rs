//! 66 shogi (`shogi66.md`): the placement phase and play on 6x6.
#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failure is a test failure

use std::collections::HashSet;

use koma_rules::game::EndReason;
use koma_rules::sfen::{from_sfen, parse_usi, to_sfen, to_usi};
use koma_rules::{Game, GameId, IllegalMove, Kind, Move, Player, Position, RuleOptions, Setup};

const G: GameId = GameId::Shogi66;

fn play_all(p: &mut Position, moves: &[&str]) {
    for u in moves {
        let m = parse_usi(p.variant(), u).unwrap();
        p.play(m).unwrap_or_else(|e| panic!("{u}: {e}"));
    }
}

/// A full placement: sente K G S N L R on 6f..1f? as listed, gote mirrored with the bishop.
const SETUP: [&str; 12] = [
    "K*3f", "K*4a", "G*4f", "G*3a", "S*2f", "S*5a", "N*5f", "N*2a", "L*6f", "L*1a", "R*1f", "B*6a",
];

#[test]
fn start_six_pawns_a_side_and_the_rest_in_hand() {
    let p = Position::start(G);
    assert!(p.is_placing());
    assert_eq!(to_sfen(&p), "6/pppppp/6/6/PPPPPP/6 b KRBGSNLkrbgsnl 1");
    assert_eq!(p.hand(Player::FIRST, Kind(0)), 1);
}

#[test]
fn placement_perft_counts_every_placement() {
    // 6 cells x 7 pieces; after the rook or bishop is placed the other is gone
    let mut p = Position::start(G);
    assert_eq!(p.perft(1), 42);
    assert_eq!(p.perft(2), 42 * 42);
    assert_eq!(p.perft(3), 42 * (12 * 25 + 30 * 30));
    // the two sides' placements are independent: (sente's 2-sequences) x (gote's 2-sequences)
    assert_eq!(p.perft(4), (12 * 25 + 30 * 30) * (12 * 25 + 30 * 30));
}

#[test]
fn the_king_is_not_placed_where_it_stands_attacked() {
    // a placement position with the 6th file open: gote's rook on 6a sees 6f
    let mut p = from_sfen(G, "r5/1ppppp/6/6/1PPPPP/6 b KRBGSNLkgsnl 1").unwrap();
    assert!(p.is_placing());
    let legal = p.legal_moves();
    let king = parse_usi(p.variant(), "K*6f").unwrap();
    let gold = parse_usi(p.variant(), "G*6f").unwrap();
    assert!(!legal.contains(&king));
    assert_eq!(p.validate(king), Err(IllegalMove::KingInCheck));
    // any other piece may stand there (a placement opens no line onto the king)
    assert!(legal.contains(&gold));
    assert!(legal.contains(&parse_usi(p.variant(), "K*5f").unwrap()));
    // every placement the rules list is one `validate` accepts, and the other way round
    let mut all = Vec::new();
    for kind in ["K", "R", "B", "G", "S", "N", "L"] {
        for file in 1..=6 {
            all.push(parse_usi(p.variant(), &format!("{kind}*{file}f")).unwrap());
        }
    }
    for m in all {
        assert_eq!(legal.contains(&m), p.validate(m).is_ok(), "{m:?}");
    }
    // a king the rook already sees: no placement can block the file, so none is legal
    let mut q = from_sfen(G, "r5/1ppppp/6/6/1PPPPP/K5 b RBGSNLkgsnl 1").unwrap();
    assert!(q.legal_moves().is_empty());
    let gold = parse_usi(q.variant(), "G*5f").unwrap();
    assert_eq!(q.validate(gold), Err(IllegalMove::KingInCheck));
}

#[test]
fn each_side_has_2_times_6_factorial_setups() {
    // one side's distinct finished first ranks: 2 x 6! = 1440 (the rook or the bishop, then the
    // six pieces in any order on the six cells)
    fn walk(p: &mut Position, seen: &mut HashSet<u64>, done: &mut HashSet<String>) {
        let v = p.variant();
        let me = Player::FIRST;
        let rank: String = v
            .geometry
            .cells()
            .filter(|&c| v.on_first_rank(me, c))
            .map(|c| {
                let q = p.piece(c);
                if q.is_empty() {
                    '.'
                } else {
                    v.kind(q.kind()).letter
                }
            })
            .collect();
        if !rank.contains('.') {
            done.insert(rank);
            return;
        }
        if !seen.insert(p.hash()) {
            return;
        }
        for m in p.legal_moves() {
            // gote passes its placement turn in this count: sente places again
            let mut q = p.clone();
            q.play_unchecked(m);
            let mut s = Setup::of(&q);
            s.turn = Player::FIRST;
            walk(&mut s.into_position().unwrap(), seen, done);
        }
    }
    let mut p = Position::start(G);
    let mut done = HashSet::new();
    walk(&mut p, &mut HashSet::new(), &mut done);
    assert_eq!(done.len(), 1440);
}

#[test]
fn placing_rook_or_bishop_retires_the_other_and_undo_brings_it_back() {
    let mut p = Position::start(G);
    let before = p.clone();
    play_all(&mut p, &["R*1f"]);
    assert_eq!(p.hand(Player::FIRST, Kind(2)), 0, "bishop back in the box");
    assert_eq!(p.hand(Player::FIRST, Kind(1)), 0);
    p.undo();
    assert_eq!(p, before);
    assert_eq!(p.hash(), before.hash());
    play_all(&mut p, &["B*1f"]);
    assert_eq!(p.hand(Player::FIRST, Kind(1)), 0, "rook back in the box");
}

#[test]
fn placement_goes_on_the_own_first_rank_only_and_comes_before_play() {
    let mut p = Position::start(G);
    let m = parse_usi(p.variant(), "K*3e").unwrap();
    assert_eq!(p.play(m), Err(IllegalMove::Occupied));
    let m = parse_usi(p.variant(), "K*3d").unwrap();
    assert_eq!(p.play(m), Err(IllegalMove::NotFirstRank));
    assert_eq!(IllegalMove::NotFirstRank.rule_id(), "placement");
    let m = parse_usi(p.variant(), "K*3a").unwrap();
    assert_eq!(p.play(m), Err(IllegalMove::NotFirstRank));
    let m = parse_usi(p.variant(), "3e3d").unwrap();
    assert_eq!(p.play(m), Err(IllegalMove::Placing));
    // gote places on rank a
    play_all(&mut p, &["K*3f"]);
    let m = parse_usi(p.variant(), "K*3f").unwrap();
    assert_eq!(p.play(m), Err(IllegalMove::Occupied));
    play_all(&mut p, &["K*4a"]);
}

#[test]
fn play_starts_with_sente_once_both_first_ranks_are_full() {
    let mut p = Position::start(G);
    play_all(&mut p, &SETUP[..11]);
    assert!(p.is_placing());
    play_all(&mut p, &SETUP[11..]);
    assert!(!p.is_placing());
    assert_eq!(p.turn(), Player::FIRST);
    let sfen = to_sfen(&p);
    assert_eq!(sfen, "bskgnl/pppppp/6/6/PPPPPP/LNGKSR b - 13");
    // the SFEN reads back as a position of play
    let back = from_sfen(G, &sfen).unwrap();
    assert!(!back.is_placing());
    assert_eq!(back, p);
    // play: only pawns and the knights can move
    let moves: Vec<String> = p
        .legal_moves()
        .iter()
        .map(|&m| to_usi(p.variant(), m))
        .collect();
    assert!(moves.contains(&"3e3d".to_string()));
    assert!(moves.contains(&"5f6d".to_string()) || moves.contains(&"5f4d".to_string()));
    // undo goes back through the placement
    for _ in 0..12 {
        p.undo().unwrap();
    }
    assert_eq!(p, Position::start(G));
}

#[test]
fn mid_placement_sfen_round_trips() {
    let mut p = Position::start(G);
    for k in 1..12 {
        play_all(&mut p, &SETUP[k - 1..k]);
        let back = from_sfen(G, &to_sfen(&p)).unwrap();
        assert_eq!(back, p, "after {k} placements");
        assert!(back.is_placing());
    }
    // a king in hand outside the placement phase is refused
    assert!(from_sfen(G, "bskgnl/pppp1p/4p1/6/PPPPPP/LNGKSR b K 13").is_err());
}

#[test]
fn two_rank_zone_and_forced_promotion() {
    let s = "k5/6/3P2/6/6/5K b N 1";
    // pawn from 3c to 3b enters the zone: may promote or not
    let mut p = from_sfen(G, s).unwrap();
    let moves: Vec<String> = p
        .legal_moves()
        .iter()
        .map(|&m| to_usi(p.variant(), m))
        .collect();
    assert!(moves.contains(&"3c3b".to_string()));
    assert!(moves.contains(&"3c3b+".to_string()));
    // knight drops on the last two ranks are refused
    for sq in ["4a", "4b"] {
        let m = parse_usi(p.variant(), &format!("N*{sq}")).unwrap();
        assert_eq!(p.clone().play(m), Err(IllegalMove::DeadPiece), "{sq}");
    }
    let m = parse_usi(p.variant(), "N*4c").unwrap();
    assert!(p.clone().play(m).is_ok());
    // a pawn on 3b must promote on 3a
    let mut q = from_sfen(G, "k5/3P2/6/6/6/5K b - 1").unwrap();
    let m = parse_usi(q.variant(), "3b3a").unwrap();
    assert_eq!(q.play(m), Err(IllegalMove::DeadPiece));
    let m = parse_usi(q.variant(), "3b3a+").unwrap();
    assert!(q.play(m).is_ok());
}

#[test]
fn nifu_and_pawn_drop_mate_as_in_shogi() {
    let p = from_sfen(G, "k5/6/6/6/P5/5K b P 1").unwrap();
    let m = parse_usi(p.variant(), "P*6c").unwrap();
    assert_eq!(p.clone().play(m), Err(IllegalMove::TwoPawns { file: 6 }));
    // king 6a boxed by its own lance and silver; the gold on 6c guards 6b
    let q = from_sfen(G, "kl4/1s4/G5/6/6/5K b P 1").unwrap();
    let m: Move = parse_usi(q.variant(), "P*6b").unwrap();
    assert_eq!(q.clone().play(m), Err(IllegalMove::DropPawnMate));
}

#[test]
fn impasse_under_15_points_loses() {
    // both kings in their enemy camps; sente holds R B, the small pieces and 5 pawns (23),
    // gote 7 pawns
    let mut g = Game::from_position(
        from_sfen(G, "3K2/6/6/6/6/2k3 b RB2G2S2N2L5P7p 1").unwrap(),
        RuleOptions::default(),
    );
    assert!(g.both_kings_entered());
    let [s, w] = g.impasse_points();
    assert_eq!(s + w, 30);
    assert_eq!((s, w), (23, 7));
    let o = g.agree_impasse().unwrap();
    assert_eq!(o.winner, Some(Player::FIRST));
    assert_eq!(o.reason, EndReason::Impasse);
    let even = Game::from_position(
        from_sfen(G, "3K2/6/6/6/6/2k3 b RGSNL6Pbgsnl6p 1").unwrap(),
        RuleOptions::default(),
    );
    assert_eq!(even.impasse_points(), [15, 15]);
    assert_eq!(even.impasse_outcome().unwrap().winner, None);
}

mod kif {
    use super::*;
    use koma_rules::kif::{read_kif, write_kif};
    use koma_rules::record::Record;

    #[test]
    fn a_66_game_with_its_placement_round_trips_through_kif() {
        let mut p = Position::start(G);
        let start = p.clone();
        let mut moves = Vec::new();
        for u in SETUP.iter().chain(["3e3d", "4b4c", "3d3c"].iter()) {
            let m = parse_usi(p.variant(), u).unwrap();
            p.play(m).unwrap();
            moves.push(m);
        }
        let r = Record::new(start.clone(), moves.clone());
        let text = write_kif(&r);
        assert!(text.contains("３六玉打"), "{text}");
        assert!(text.contains("  ６ ５ ４ ３ ２ １"), "{text}");
        assert!(
            text.contains("先手の持駒：玉　飛　角　金　銀　桂　香"),
            "{text}"
        );
        let back = read_kif(G, text.as_bytes()).unwrap();
        assert_eq!(back.start, start);
        assert_eq!(back.moves, moves);
    }

    #[test]
    fn a_hand_written_66_kif_loads() {
        let text = "後手の持駒：玉　飛　角　金　銀　桂　香
  ６ ５ ４ ３ ２ １
+------------------+
| ・ ・ ・ ・ ・ ・|一
|v歩v歩v歩v歩v歩v歩|二
| ・ ・ ・ ・ ・ ・|三
| ・ ・ ・ ・ ・ ・|四
| 歩 歩 歩 歩 歩 歩|五
| ・ ・ ・ ・ ・ ・|六
+------------------+
先手の持駒：玉　飛　角　金　銀　桂　香
手数----指手---------消費時間--
   1 ３六玉打
   2 ４一玉打
   3 １六飛打
";
        let r = read_kif(G, text.as_bytes()).unwrap();
        assert_eq!(r.moves.len(), 3);
        let end = r.final_position().unwrap();
        assert_eq!(
            end.hand(Player::FIRST, Kind(2)),
            0,
            "the bishop went back to the box"
        );
        // a placement off the first rank is refused by name
        let bad = text.replace("   3 １六飛打", "   3 １四飛打");
        assert!(matches!(
            read_kif(G, bad.as_bytes()),
            Err(koma_rules::kif::KifError::Illegal { number: 3, .. })
        ));
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig { cases: 24, ..Default::default() })]
        #[test]
        fn random_66_games_round_trip(choices in proptest::collection::vec(proptest::prelude::any::<u16>(), 0..80)) {
            let mut p = Position::start(G);
            let start = p.clone();
            let mut moves = Vec::new();
            for c in choices {
                let l = p.legal_moves();
                if l.is_empty() { break; }
                let m = l[c as usize % l.len()];
                p.play(m).unwrap();
                moves.push(m);
            }
            let r = Record::new(start, moves);
            let back = read_kif(G, write_kif(&r).as_bytes()).unwrap();
            proptest::prop_assert_eq!(back.moves, r.moves);
        }
    }
}
