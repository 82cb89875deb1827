//! Chu shogi (`chushogi.md`): lion power, promotion, and the lion-trading rules under both
//! presets, each with a hand-made position.
#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failure is a test failure

use koma_rules::chushogi::ChuPreset;
use koma_rules::game::EndReason;
use koma_rules::sfen::{from_sfen, parse_square, parse_usi, to_sfen, to_usi};
use koma_rules::{Game, GameId, IllegalMove, Piece, Player, Position, RuleOptions, Setup, Variant};

const CHU: GameId = GameId::Chushogi;
const S: Player = Player::FIRST;
const G: Player = Player::SECOND;

/// A chu position: both kings in their corners plus `pieces` (square, owner, SFEN letters).
fn chu(pieces: &[(&str, Player, &str)], turn: Player) -> Position {
    let mut p = Setup::empty(CHU);
    let v = Variant::get(CHU);
    let mut all = vec![("12l", S, "K"), ("1a", G, "K")];
    all.extend_from_slice(pieces);
    for (sq, owner, letters) in all {
        let promoted = letters.starts_with('+');
        let l = letters.trim_start_matches('+').chars().next().unwrap();
        let kind = v.kind_by_letter(l, promoted).unwrap();
        p.put(parse_square(v, sq).unwrap(), Piece::new(owner, kind));
    }
    p.turn = turn;
    p.into_position().unwrap()
}

/// `p` with a lion just taken on `sq` by a non-lion (the counter-strike rule's square).
fn lion_taken_on(p: &Position, sq: &str) -> Position {
    let mut s = Setup::of(p);
    s.lion_capture = Some(parse_square(p.variant(), sq).unwrap());
    s.into_position().unwrap()
}

fn has(p: &mut Position, usi: &str) -> bool {
    let v = p.variant();
    let m = parse_usi(v, usi).unwrap();
    p.legal_moves().contains(&m)
}

fn err(p: &mut Position, usi: &str) -> Option<IllegalMove> {
    let m = parse_usi(p.variant(), usi).unwrap();
    p.validate(m).err()
}

#[test]
fn start_position_and_sfen() {
    let mut p = Position::start(CHU);
    assert_eq!(p.legal_moves().len(), 36);
    let s = to_sfen(&p);
    assert_eq!(
        s,
        "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1"
    );
    // the lion jumps (a distance-2 move is one move, not a path)
    assert!(has(&mut p, "7j7h"));
    // promoted pieces keep their base letter after +
    let q = from_sfen(
        CHU,
        "+l+f+c+s+g+ek+g+s+c+f+l/12/12/12/12/12/12/12/12/12/12/K11 b - 1",
    )
    .unwrap();
    assert_eq!(q.royals(G), 2, "king and crown prince");
    assert_eq!(from_sfen(CHU, &to_sfen(&q)).unwrap(), q);
    // the lion-capture field
    let r = lion_taken_on(&p, "5e");
    let t = to_sfen(&r);
    assert!(t.ends_with(" b 5e 1"), "{t}");
    assert_eq!(from_sfen(CHU, &t).unwrap().lion_capture(), r.lion_capture());
    assert!(from_sfen(CHU, "12/12/12/12/12/12/12/12/12/12/12/K10k b P 1").is_err());
}

#[test]
fn pieces_have_their_two_character_names() {
    let v = Position::start(CHU).variant();
    let name = |l: char, promoted: bool| v.kind(v.kind_by_letter(l, promoted).unwrap()).kanji2;
    assert_eq!(name('N', false), "獅子");
    assert_eq!(name('H', true), "角鷹");
    assert_eq!(name('D', true), "飛鷲");
    assert_eq!(name('E', true), "太子");
    assert_eq!(name('A', true), "鯨鯢");
    let s = Position::start(GameId::Shogi).variant();
    assert_eq!(s.kind(s.kind_by_letter('N', false).unwrap()).kanji2, "桂馬");
    assert!(
        v.kinds
            .iter()
            .all(|k| k.kanji2.chars().count() == 2 || k.kanji2 == "と")
    );
}

#[test]
fn lion_double_moves_igui_and_jitto() {
    // sente lion on 6g with a gote pawn on 6f and empty squares around
    let mut p = chu(&[("6g", S, "N"), ("6f", G, "P")], S);
    assert!(has(&mut p, "6g6f"), "a plain capture");
    assert!(has(&mut p, "6g6f6g"), "igui: capture and return");
    assert!(has(&mut p, "6g6f6e"), "capture then step on");
    assert!(
        has(&mut p, "6g5f6g"),
        "jitto: step to an empty square and back"
    );
    assert!(has(&mut p, "6g6e"), "a jump");
    assert!(has(&mut p, "6g4e"), "a jump to the ring");
    assert!(!has(&mut p, "6g3e"), "not three away");
    let v = p.variant();
    let igui = parse_usi(v, "6g6f6g").unwrap();
    assert_eq!(to_usi(v, igui), "6g6f6g");
    p.play(igui).unwrap();
    assert!(p.piece(parse_square(v, "6f").unwrap()).is_empty());
    assert_eq!(
        p.piece(parse_square(v, "6g").unwrap()).kind(),
        v.kind_by_letter('N', false).unwrap()
    );
    p.undo();
    assert_eq!(p.piece(parse_square(v, "6f").unwrap()).owner(), G);
    // 6f6f is not a move
    assert!(parse_usi(v, "6g6g").is_ok());
    assert!(err(&mut p, "6g6g").is_some());
}

#[test]
fn falcon_and_eagle_lion_power_in_their_lines() {
    let mut p = chu(
        &[
            ("6g", S, "+H"),
            ("6f", G, "P"),
            ("3h", S, "+D"),
            ("2g", G, "G"),
        ],
        S,
    );
    assert!(has(&mut p, "6g6f6g"), "falcon igui forward");
    assert!(has(&mut p, "6g6f6e"), "falcon 1+1 forward");
    assert!(!has(&mut p, "6g6h6i"), "no lion power backwards");
    assert!(has(&mut p, "6g6i"), "but it slides backwards");
    assert!(has(&mut p, "3h2g3h"), "eagle igui on a forward diagonal");
    assert!(has(&mut p, "3h2g1f"), "eagle 1+1 on the diagonal");
    assert!(has(&mut p, "3h1f"), "eagle jump on the diagonal");
    assert!(!has(&mut p, "3h3g3f"), "no lion power straight ahead");
}

#[test]
fn a_lion_may_always_take_an_adjacent_lion() {
    // gote's lion on 6f protected by a gote pawn on 6e
    let mut p = chu(&[("6g", S, "N"), ("6f", G, "N"), ("6e", G, "P")], S);
    assert!(has(&mut p, "6g6f"));
}

#[test]
fn a_lion_may_not_take_a_protected_lion_from_afar() {
    let mut p = chu(&[("6g", S, "N"), ("6e", G, "N"), ("6d", G, "P")], S);
    assert!(!has(&mut p, "6g6e"));
    assert_eq!(err(&mut p, "6g6e"), Some(IllegalMove::LionProtected));
    assert_eq!(IllegalMove::LionProtected.rule_id(), "lion-protected");
    // by steps too
    assert!(!has(&mut p, "6g6f6e"));
    // unprotected: allowed
    let mut q = chu(&[("6g", S, "N"), ("6e", G, "N")], S);
    assert!(has(&mut q, "6g6e"));
    assert!(has(&mut q, "6g6f6e"));
}

#[test]
fn protection_counts_through_the_capturers_start_square() {
    // gote's rook on 6i sees 6e only through the sente lion's own square 6g: x-ray protection
    let mut p = chu(&[("6g", S, "N"), ("6e", G, "N"), ("6i", G, "R")], S);
    assert!(!has(&mut p, "6g6e"));
    // with a piece on 6h the line is closed
    let mut q = chu(
        &[
            ("6g", S, "N"),
            ("6e", G, "N"),
            ("6i", G, "R"),
            ("6h", S, "P"),
        ],
        S,
    );
    assert!(has(&mut q, "6g6e"));
}

#[test]
fn bridge_capture_lifts_the_protection_rule_unless_a_pawn_or_go_between() {
    // a gold taken on the first step: the protected lion may be taken
    let mut p = chu(
        &[
            ("6g", S, "N"),
            ("6f", G, "G"),
            ("6e", G, "N"),
            ("6d", G, "P"),
        ],
        S,
    );
    assert!(has(&mut p, "6g6f6e"));
    // a go-between taken on the first step was the lion's only protector: still protected
    let mut q = chu(&[("6g", S, "N"), ("6f", G, "I"), ("6e", G, "N")], S);
    assert!(!has(&mut q, "6g6f6e"));
    // a pawn taken on the first step that did not protect it: the lion is unprotected
    let mut r = chu(&[("6g", S, "N"), ("6f", G, "P"), ("5e", G, "N")], S);
    assert!(has(&mut r, "6g6f5e"));
    // a pawn first step and another protector: refused
    let mut t = chu(
        &[
            ("6g", S, "N"),
            ("6f", G, "P"),
            ("5e", G, "N"),
            ("5d", G, "P"),
        ],
        S,
    );
    assert!(!has(&mut t, "6g6f5e"));
}

#[test]
fn counter_strike_under_each_preset() {
    // gote's gold just took sente's lion on 6e (the SFEN field says so); gote's other lion on
    // 8f is next to a sente gold on 8g
    let protected = [
        ("8g", S, "G"),
        ("8f", G, "N"),
        ("8e", G, "P"),
        ("6e", G, "G"),
    ];
    let unprotected = [("8g", S, "G"), ("8f", G, "N"), ("6e", G, "G")];
    let mut p = chu(&protected, S);
    p = lion_taken_on(&p, "6e");
    assert!(
        !has(&mut p, "8g8f"),
        "JCSA: a protected lion may not be taken back"
    );
    assert_eq!(err(&mut p, "8g8f"), Some(IllegalMove::LionCounterStrike));
    let mut q = chu(&unprotected, S);
    q = lion_taken_on(&q, "6e");
    assert!(has(&mut q, "8g8f"), "JCSA: an unprotected one may");
    q = q.with_options(RuleOptions {
        preset: ChuPreset::Lishogi,
        ..RuleOptions::default()
    });
    assert!(!has(&mut q, "8g8f"), "lishogi: not at all");
    // lishogi: a kirin that promoted to lion as it captured may be taken back on that square
    let mut k = chu(&[("6f", S, "G"), ("6e", G, "+O")], S);
    k = k.with_options(RuleOptions {
        preset: ChuPreset::Lishogi,
        ..RuleOptions::default()
    });
    k = lion_taken_on(&k, "6e");
    assert!(has(&mut k, "6f6e"));
    // with no lion just taken, a non-lion takes a protected lion freely
    let mut free = chu(&protected, S);
    assert!(has(&mut free, "8g8f"));
}

#[test]
fn the_counter_strike_square_is_set_by_a_non_lion_taking_a_lion_only() {
    let mut p = chu(
        &[
            ("6g", S, "G"),
            ("6f", G, "N"),
            ("3g", S, "+O"),
            ("3f", G, "N"),
        ],
        S,
    );
    let v = p.variant();
    p.play(parse_usi(v, "6g6f").unwrap()).unwrap();
    assert_eq!(p.lion_capture(), Some(parse_square(v, "6f").unwrap()));
    p.undo();
    // a lion taking a lion never triggers it
    p.play(parse_usi(v, "3g3f").unwrap()).unwrap();
    assert_eq!(p.lion_capture(), None);
}

#[test]
fn promotion_rules() {
    // entering the zone (ranks a-d for sente) from outside: may promote, never must
    let mut p = chu(&[("6e", S, "G")], S);
    assert!(has(&mut p, "6e6d+") && has(&mut p, "6e6d"));
    // a quiet move inside the zone: no promotion
    let mut q = chu(&[("6d", S, "G")], S);
    assert!(!has(&mut q, "6d6c+"));
    assert_eq!(err(&mut q, "6d6c+"), Some(IllegalMove::CannotPromote));
    // a capture inside the zone: may promote
    let mut r = chu(&[("6d", S, "G"), ("6c", G, "P")], S);
    assert!(has(&mut r, "6d6c+"));
    // leaving the zone with a capture: may promote
    let mut t = chu(&[("6d", S, "S"), ("5e", G, "P")], S);
    assert!(has(&mut t, "6d5e+"));
    // a pawn reaching the last rank may promote without capturing; a lance only under lishogi
    let mut pawn = chu(&[("6b", S, "P")], S);
    assert!(has(&mut pawn, "6b6a+") && has(&mut pawn, "6b6a"));
    let mut lance = chu(&[("6b", S, "L")], S);
    assert!(!has(&mut lance, "6b6a+"));
    assert!(has(&mut lance, "6b6a"), "a dead lance stays");
    lance = lance.with_options(RuleOptions {
        preset: ChuPreset::Lishogi,
        ..RuleOptions::default()
    });
    assert!(has(&mut lance, "6b6a+"));
    // the queen, king and lion do not promote
    let mut big = chu(&[("6e", S, "Q"), ("8e", S, "N")], S);
    assert!(!has(&mut big, "6e6d+"));
    assert!(!has(&mut big, "8e8d+"));
    // an elephant promotes to a crown prince, a second royal
    let mut e = chu(&[("6e", S, "E")], S);
    e.play(parse_usi(e.variant(), "6e6d+").unwrap()).unwrap();
    assert_eq!(e.royals(S), 2);
    e.undo();
    assert_eq!(e.royals(S), 1);
}

#[test]
fn taking_the_last_royal_ends_the_game_a_prince_keeps_it_going() {
    // golds on both sides keep the bare-king rule out of it
    let p = chu(&[("1c", S, "R"), ("12b", G, "G"), ("12k", S, "G")], S);
    let mut g = Game::from_position(p.clone(), RuleOptions::default());
    let o = g
        .play(parse_usi(p.variant(), "1c1a").unwrap())
        .unwrap()
        .unwrap();
    assert_eq!(o.winner, Some(S));
    assert_eq!(o.reason, EndReason::RoyalCaptured);
    // with a crown prince gote plays on
    let q = chu(
        &[
            ("1c", S, "R"),
            ("12a", G, "+E"),
            ("12b", G, "G"),
            ("12k", S, "G"),
        ],
        S,
    );
    let mut g = Game::from_position(q.clone(), RuleOptions::default());
    assert_eq!(
        g.play(parse_usi(q.variant(), "1c1a").unwrap()).unwrap(),
        None
    );
    // moving into check is legal in chu shogi
    let mut r = chu(&[("11h", G, "R")], S);
    assert!(has(&mut r, "12l11l"), "onto the rook's file");
}

#[test]
fn random_chu_games_keep_play_undo_and_hash() {
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    for _ in 0..40 {
        let mut p = Position::start(CHU);
        let start = p.clone();
        for _ in 0..200 {
            let l = p.legal_moves();
            if l.is_empty() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let m = l[(seed % l.len() as u64) as usize];
            let before = p.clone();
            p.play(m).unwrap();
            assert_eq!(p.hash(), p.hash_from_scratch());
            let back = from_sfen(CHU, &to_sfen(&p)).unwrap();
            assert_eq!(back, p);
            p.undo();
            assert_eq!(p, before);
            p.play_unchecked(m);
        }
        while p.undo().is_some() {}
        assert_eq!(p, start);
    }
}

/// What each move of `moves` leads to (its SFEN), playing and taking it back.
fn results(p: &mut Position, moves: &[koma_rules::Move]) -> Vec<String> {
    moves
        .iter()
        .map(|&m| {
            p.play_unchecked(m);
            let after = to_sfen(p);
            p.undo();
            after
        })
        .collect()
}

#[test]
fn the_distinct_and_tactical_moves_reach_each_position_once() {
    use koma_rules::Move;
    use std::collections::BTreeSet;
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let (mut paths_left_out, mut tactical_seen) = (0, 0);
    for _ in 0..24 {
        let mut p = Position::start(CHU);
        for ply in 0..240 {
            let l = p.legal_moves();
            if l.is_empty() {
                break;
            }
            if ply % 6 == 0 {
                let mut all = Vec::new();
                p.pseudo_legal_moves(&mut all);
                let mut distinct = Vec::new();
                p.distinct_moves(&mut distinct);
                let mut tactical = Vec::new();
                p.tactical_moves(&mut tactical);
                // the distinct moves: among all, reaching every position all reach, each once
                assert!(distinct.iter().all(|m| all.contains(m)));
                let reached: BTreeSet<String> = results(&mut p, &all).into_iter().collect();
                let once = results(&mut p, &distinct);
                let once_set: BTreeSet<String> = once.iter().cloned().collect();
                assert_eq!(once_set, reached, "{}", to_sfen(&p));
                assert_eq!(once.len(), once_set.len(), "{}", to_sfen(&p));
                paths_left_out += all.len() - distinct.len();
                // the tactical moves: the distinct ones that take something or promote
                let takes = |c| {
                    let q: Piece = p.piece(c);
                    !q.is_empty() && q.owner() != p.turn()
                };
                let expected: Vec<Move> = distinct
                    .iter()
                    .copied()
                    .filter(|&m| match m {
                        Move::Board { to, promote, .. } => promote || takes(to),
                        Move::Double { mid, .. } => takes(mid),
                        _ => false,
                    })
                    .collect();
                assert_eq!(tactical, expected, "{}", to_sfen(&p));
                tactical_seen += tactical.len();
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            p.play(l[(seed % l.len() as u64) as usize]).unwrap();
        }
    }
    // the games met lions with room and captures
    assert!(
        paths_left_out > 1000 && tactical_seen > 100,
        "{paths_left_out} {tactical_seen}"
    );
}

mod handicaps {
    use super::*;
    use koma_rules::chushogi::{find_handicap, handicaps};
    use koma_rules::setups::{setup_position, setups};
    use koma_rules::{Move, notation};

    fn at(p: &Position, sq: &str) -> String {
        let v = p.variant();
        let q = p.piece(parse_square(v, sq).unwrap());
        if q.is_empty() {
            ".".into()
        } else {
            koma_rules::sfen::piece_letters(v, q)
        }
    }

    fn play(p: &mut Position, usi: &str) {
        let m = notation::read_move(p.variant(), usi).unwrap();
        p.play(m).unwrap_or_else(|e| panic!("{usi}: {e}"));
    }

    #[test]
    fn ten_official_and_three_practice_handicaps() {
        let all: Vec<_> = handicaps().collect();
        assert_eq!(all.iter().filter(|h| h.practice).count(), 3);
        // 平手 + 小駒落 (four choices of piece) + 8 more official ones
        assert_eq!(all.iter().filter(|h| !h.practice).count(), 1 + 4 + 8);
        assert_eq!(setups(CHU).len(), all.len());
        for h in &all {
            let p = h.position();
            if h.id != "even" {
                assert_eq!(p.turn(), G, "{}: the giver moves first", h.id);
            }
            assert_eq!(setup_position(CHU, h.id).unwrap(), p);
            assert_eq!(find_handicap(h.name).unwrap().id, h.id);
        }
    }

    #[test]
    fn each_handicap_sets_up_its_pieces() {
        let p = find_handicap("small-silver").unwrap().position();
        assert_eq!(at(&p, "9a"), ".");
        assert_eq!(at(&p, "4a"), "s", "only the giver's right silver goes");
        assert!(p.setup_steps().is_none(), "no setup steps: play at once");
        let p = find_handicap("side-mover").unwrap().position();
        assert_eq!(at(&p, "12c"), ".");
        assert_eq!(at(&p, "1c"), "m");
        let p = find_handicap("two-kings").unwrap().position();
        assert_eq!(at(&p, "6l"), "+E");
        assert_eq!(p.royals(S), 2);
        let p = find_handicap("lion-2").unwrap().position();
        assert_eq!(at(&p, "7k"), "N");
        let p = find_handicap("lion-2-rook").unwrap().position();
        assert_eq!((at(&p, "7k"), at(&p, "10c")), ("N".into(), ".".into()));
        let p = find_handicap("lion-3").unwrap().position();
        assert_eq!(
            at(&p, "6b"),
            "x",
            "the giver's kirin square holds a phoenix"
        );
        assert_eq!(at(&p, "7b"), "x");
        assert_eq!((at(&p, "6k"), at(&p, "7k")), ("N".into(), "N".into()));
        assert_eq!(at(&p, "7j"), "N", "three lions for the receiver");
        let p = find_handicap("lion-3-queen-dragon").unwrap().position();
        assert_eq!((at(&p, "7c"), at(&p, "8c")), (".".into(), ".".into()));
        assert_eq!(at(&p, "5c"), "d", "the left dragon stays");
        let p = find_handicap("lion-3-right-side").unwrap().position();
        for sq in ["7c", "8c", "9c", "10c", "11c", "12c"] {
            assert_eq!(at(&p, sq), ".", "{sq}");
        }
    }

    #[test]
    fn holes_are_filled_with_small_pieces_then_pre_moves_up_to_the_limit() {
        let mut p = find_handicap("side-mover").unwrap().position();
        let mut l = p.legal_moves();
        // first the hole: only small pieces, only into 12c
        assert_eq!(l.len(), 8);
        assert!(
            l.iter()
                .all(|m| m.to() == parse_square(p.variant(), "12c").ok())
        );
        let bad = notation::read_move(p.variant(), "12b12d").unwrap();
        assert_eq!(p.validate(bad), Err(IllegalMove::Setup));
        assert_eq!(IllegalMove::Setup.rule_id(), "setup");
        play(&mut p, "11a12c");
        assert_eq!(at(&p, "12c"), "f");
        assert_eq!(p.turn(), G, "the giver keeps the move through its setup");
        // two pre-moves of small pieces inside the camp, or a pass
        l = p.legal_moves();
        assert!(l.contains(&Move::Pass));
        for m in &l {
            if let Move::Board { from, to, .. } = *m {
                let k = p.piece(from).kind().0;
                assert!((1..=4).contains(&k), "small pieces only");
                assert!(p.variant().in_zone(S, to), "inside the giver's camp");
            }
        }
        play(&mut p, "10a11b");
        play(&mut p, "9a9b");
        assert!(p.setup_steps().is_none(), "the two pre-moves are used");
        assert_eq!(p.turn(), G, "then the giver moves first");
        assert!(!p.legal_moves().contains(&Move::Pass));
        // undo back through the setup
        for _ in 0..3 {
            p.undo().unwrap();
        }
        assert_eq!(p, find_handicap("side-mover").unwrap().position());
    }

    #[test]
    fn pre_moves_are_two_per_extra_lion_and_removed_running_piece() {
        let expected = [
            ("side-mover", 2),
            ("vertical-mover", 2),
            ("lion-2", 2),
            ("lion-2-rook", 4),
            ("lion-3", 4),
            ("lion-3-queen", 6),
            ("lion-3-queen-dragon", 8),
        ];
        for h in handicaps() {
            let p = h.position();
            let want = expected.iter().find(|e| e.0 == h.id).map_or(0, |e| e.1);
            let got = p.setup_steps().map_or(0, |s| s.premoves);
            assert_eq!(got, want, "{}", h.id);
            if want == 0 {
                continue;
            }
            // use them all: fill the holes, then pre-move until the setup is over
            let mut p = p;
            let mut used = 0;
            while let Some(s) = p.setup_steps() {
                let holes = s.open_holes().count();
                let m = *p
                    .legal_moves()
                    .iter()
                    .find(|&&m| m != Move::Pass)
                    .expect("a setup step");
                p.play(m).unwrap();
                if holes == 0 {
                    used += 1;
                }
            }
            assert_eq!(used, want, "{}: exactly the allowed pre-moves", h.id);
            assert_eq!(p.turn(), G);
        }
    }

    #[test]
    fn the_giver_may_stop_early() {
        let mut p = find_handicap("lion-3-queen-dragon").unwrap().position();
        play(&mut p, "11a7c");
        play(&mut p, "10a8c");
        assert_eq!(p.setup_steps().unwrap().premoves, 8);
        play(&mut p, "9a9b");
        play(&mut p, "pass");
        assert!(p.setup_steps().is_none());
        assert_eq!(p.turn(), G);
        // play: the giver's first move, then the receiver
        let m = p.legal_moves()[0];
        p.play(m).unwrap();
        assert_eq!(p.turn(), S);
    }

    #[test]
    fn practice_handicaps_rearrange_the_camp_freely_but_not_every_piece() {
        let mut p = find_handicap("lion-3-queen-dragon-rook")
            .unwrap()
            .position();
        let l = p.legal_moves();
        assert!(l.contains(&Move::Pass));
        let v = p.variant();
        for m in &l {
            if let Move::Board { from, .. } = *m {
                let k = v.kind(p.piece(from).kind()).letter;
                assert!(!"PIBNXO".contains(k), "{k} stays where it is");
            }
        }
        // a rook may go anywhere empty in the camp, as often as the giver likes
        play(&mut p, "3c7c");
        play(&mut p, "7c8c");
        play(&mut p, "pass");
        assert!(p.setup_steps().is_none());
    }

    #[test]
    fn setup_steps_are_counted_by_perft() {
        let mut p = find_handicap("side-mover").unwrap().position();
        assert_eq!(p.perft(1), 8);
        // after a fill: the pre-moves, plus the pass
        let n2 = p.perft(2);
        assert!(n2 > 8);
        let mut q = find_handicap("two-kings").unwrap().position();
        assert_eq!(q.perft(1), 36, "no setup: the giver's normal moves");
    }
}

mod end_of_game {
    use super::*;
    use koma_rules::Outcome;
    use koma_rules::chushogi::repetition_loser;
    use koma_rules::moves::Played;

    fn game(pieces: &[(&str, Player, &str)], turn: Player, preset: ChuPreset) -> Game {
        let options = RuleOptions {
            preset,
            ..RuleOptions::default()
        };
        Game::from_position(chu(pieces, turn), options)
    }

    #[test]
    fn jcsa_mate_of_a_single_royal() {
        // gote's king on 1a; sente's rooks hold files 1 and 2; a gote gold far away
        let pieces = [("1l", S, "R"), ("2l", S, "R"), ("12b", G, "G")];
        let g = game(&pieces, G, ChuPreset::Jcsa);
        assert_eq!(
            g.outcome(),
            Some(Outcome {
                winner: Some(S),
                reason: EndReason::Checkmate
            })
        );
        // lishogi plays on: moving into check is legal and only capture ends it
        assert_eq!(game(&pieces, G, ChuPreset::Lishogi).outcome(), None);
        // with a crown prince there is no mate: both royals must be taken
        let prince = [
            ("1l", S, "R"),
            ("2l", S, "R"),
            ("12b", G, "G"),
            ("12a", G, "+E"),
        ];
        assert_eq!(game(&prince, G, ChuPreset::Jcsa).outcome(), None);
    }

    #[test]
    fn jcsa_bare_king() {
        let one = game(&[("5e", S, "G")], G, ChuPreset::Jcsa);
        assert_eq!(
            one.outcome(),
            Some(Outcome {
                winner: Some(S),
                reason: EndReason::BareKing
            })
        );
        // a lone unpromoted pawn or go-between does not win
        let pawn = game(&[("5e", S, "P")], G, ChuPreset::Jcsa);
        assert_eq!(pawn.outcome().map(|o| o.winner), Some(None));
        // a dead pawn is not counted: with a gold it is still the gold alone
        let dead = game(&[("5a", S, "P"), ("5e", S, "G")], G, ChuPreset::Jcsa);
        assert_eq!(dead.outcome().map(|o| o.winner), Some(Some(S)));
        // two pieces: play on
        assert_eq!(
            game(&[("5e", S, "G"), ("5f", G, "G")], G, ChuPreset::Jcsa).outcome(),
            None
        );
    }

    #[test]
    fn lishogi_bare_king_unless_it_can_bare_back() {
        // gote bare, sente's gold far away: gote loses
        let far = game(&[("5e", S, "G")], G, ChuPreset::Lishogi);
        assert_eq!(far.outcome().map(|o| o.reason), Some(EndReason::BareKing));
        assert_eq!(far.outcome().and_then(|o| o.winner), Some(S));
        // the gold next to gote's king and unprotected: gote can take it back, play on
        let near = game(&[("2b", S, "G")], G, ChuPreset::Lishogi);
        assert_eq!(near.outcome(), None);
        // king against king: a draw
        let kk = game(&[], G, ChuPreset::Lishogi);
        assert_eq!(
            kk.outcome(),
            Some(Outcome {
                winner: None,
                reason: EndReason::BareKing
            })
        );
    }

    #[test]
    fn repetition_under_each_preset() {
        let pieces = [("12a", S, "G"), ("1l", G, "G")];
        let cycle = ["12l11l", "1a2a", "11l12l", "2a1a"];
        for (preset, winner) in [(ChuPreset::Jcsa, Some(G)), (ChuPreset::Lishogi, None)] {
            let mut g = game(&pieces, S, preset);
            'outer: for _ in 0..4 {
                for u in cycle {
                    if g.outcome().is_some() {
                        break 'outer;
                    }
                    let m = parse_usi(g.position().variant(), u).unwrap();
                    g.play(m).unwrap();
                }
            }
            let o = g.outcome().unwrap();
            assert_eq!(o.reason, EndReason::Repetition, "{preset:?}");
            assert_eq!(
                o.winner, winner,
                "{preset:?}: the side to move started it (JCSA)"
            );
        }
    }

    #[test]
    fn who_started_the_repetition() {
        let (s, g) = (S, G);
        let played = |(mover, check, attack, jitto)| Played {
            mover,
            check,
            attack,
            jitto,
        };
        // (a) continuous check
        let checks = [(s, true, true, false), (g, false, false, false)]
            .map(played)
            .repeat(2);
        assert_eq!(repetition_loser(ChuPreset::Jcsa, &checks, g), Some(s));
        // (b) the only side whose moves attack
        let attacks = [(s, false, false, false), (g, false, true, false)]
            .map(played)
            .repeat(2);
        assert_eq!(repetition_loser(ChuPreset::Jcsa, &attacks, s), Some(g));
        // (d) jitto on both sides: the first to pass
        let jitto = [
            (s, false, false, false),
            (g, false, false, true),
            (s, false, false, true),
        ]
        .map(played);
        assert_eq!(repetition_loser(ChuPreset::Jcsa, &jitto, s), Some(g));
        // (c) otherwise the side to move
        let quiet = [(s, false, false, false), (g, false, false, false)]
            .map(played)
            .repeat(2);
        assert_eq!(repetition_loser(ChuPreset::Jcsa, &quiet, g), Some(g));
        // lishogi: attacking with every move loses, otherwise nobody
        assert_eq!(repetition_loser(ChuPreset::Lishogi, &attacks, s), Some(g));
        assert_eq!(repetition_loser(ChuPreset::Lishogi, &quiet, s), None);
    }
}
