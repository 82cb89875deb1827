//! KIF, KI2 and CSA: records in the forms other programs write load; what Koma writes reads
//! back to the same moves; bad records get errors that say what is wrong.
#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failure is a test failure

use koma_rules::csa::{read_csa, write_csa};
use koma_rules::kif::{KifError, read_ki2, read_kif, write_ki2, write_kif};
use koma_rules::record::{Ending, Record};
use koma_rules::sfen::{from_sfen, parse_usi, to_sfen, to_usi};
use koma_rules::{GameId, IllegalMove, Position};
use proptest::prelude::*;

fn usi_list(r: &Record) -> Vec<String> {
    let v = r.start.variant();
    r.moves.iter().map(|&m| to_usi(v, m)).collect()
}

/// A KIF as desktop kifu editors write it: Shift_JIS, headers, times, a trailing summary.
const KIF_EDITOR: &str = "# ---- 棋譜ファイル ----
開始日時：2024/01/01 10:00:00
棋戦：練習対局
手合割：平手
先手：先手太郎
後手：後手花子
手数----指手---------消費時間--
   1 ７六歩(77)   ( 0:03/00:00:03)
   2 ３四歩(33)   ( 0:02/00:00:02)
   3 ２二角成(88) ( 0:05/00:00:08)
*角換わりへ
   4 同　銀(31)   ( 0:01/00:00:03)
   5 ４五角打     ( 0:10/00:00:18)
   6 投了         ( 0:20/00:00:23)
まで5手で先手の勝ち
";

#[test]
fn kif_in_shift_jis_from_an_editor_loads() {
    let (bytes, _, bad) = encoding_rs::SHIFT_JIS.encode(KIF_EDITOR);
    assert!(!bad);
    let r = read_kif(GameId::Shogi, &bytes).unwrap();
    assert_eq!(usi_list(&r), ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"]);
    assert_eq!(r.ending, Some(Ending::Resign));
    assert_eq!(r.header("先手"), Some("先手太郎"));
    assert_eq!(r.header("棋戦"), Some("練習対局"));
    // the same text as UTF-8 with a BOM
    let mut utf8 = b"\xEF\xBB\xBF".to_vec();
    utf8.extend_from_slice(KIF_EDITOR.as_bytes());
    assert_eq!(read_kif(GameId::Shogi, &utf8).unwrap(), r);
}

/// A KIF with a board diagram, as analysis programs export a position (gote to move).
const KIF_BOARD: &str = "後手の持駒：飛　歩二　
  ９ ８ ７ ６ ５ ４ ３ ２ １
+---------------------------+
|v香v桂 ・ ・ ・ ・ ・v桂v香|一
| ・ ・ ・ ・ ・ ・v金v玉 ・|二
|v歩 ・v歩v歩v歩 ・ ・v歩v歩|三
| ・ ・ ・ ・ ・ ・v歩 ・ ・|四
| ・ ・ ・ ・ ・ ・ ・ ・ ・|五
| ・ ・ 歩 ・ ・ ・ ・ ・ ・|六
| 歩 歩 ・ 歩 歩 ・ ・ 歩 歩|七
| ・ ・ 金 ・ ・ ・ ・ ・ ・|八
| 香 桂 ・ 玉 ・ ・ ・ 桂 香|九
+---------------------------+
先手の持駒：角二　金　銀四　歩二
後手番
手数----指手---------消費時間--
   1 ２八飛打
   2 ４八歩打
";

#[test]
fn kif_with_a_board_diagram_loads() {
    let r = read_kif(GameId::Shogi, KIF_BOARD.as_bytes()).unwrap();
    assert_eq!(r.start.turn(), koma_rules::Player::SECOND);
    assert_eq!(usi_list(&r), ["R*2h", "P*4h"]);
    let sfen = to_sfen(&r.start);
    assert!(sfen.ends_with(" w 2BG4S2Pr2p 1"), "{sfen}");
    // written back as KIF, it reads to the same record
    let again = read_kif(GameId::Shogi, write_kif(&r).as_bytes()).unwrap();
    assert_eq!(again.start, r.start);
    assert_eq!(again.moves, r.moves);
}

#[test]
fn handicap_kif_starts_with_gote() {
    let text =
        "手合割：香落ち\n手数----指手---------消費時間--\n   1 ３四歩(33)\n   2 ７六歩(77)\n";
    let r = read_kif(GameId::Shogi, text.as_bytes()).unwrap();
    assert_eq!(usi_list(&r), ["3c3d", "7g7f"]);
    assert!(
        r.start
            .piece(r.start.variant().cell_at(1, 0).unwrap())
            .is_empty()
    );
    assert!(write_kif(&r).contains("手合割：香落ち"));
}

/// KI2 as published game records print it, with modifiers.
const KI2: &str = "開始日時：2024/02/02
先手：甲
後手：乙
手合割：平手

▲７六歩　△３四歩　▲２六歩　△４四歩　▲４八銀　△４二飛
▲６八玉　△６二玉　▲７八玉　△７二玉
まで10手で中断
";

#[test]
fn ki2_loads_and_round_trips() {
    let r = read_ki2(GameId::Shogi, KI2.as_bytes()).unwrap();
    assert_eq!(
        usi_list(&r),
        [
            "7g7f", "3c3d", "2g2f", "4c4d", "3i4h", "8b4b", "5i6h", "5a6b", "6h7h", "6b7b"
        ]
    );
    assert_eq!(r.ending, Some(Ending::Interrupted));
    let again = read_ki2(GameId::Shogi, write_ki2(&r).as_bytes()).unwrap();
    assert_eq!(again.moves, r.moves);
}

#[test]
fn ki2_modifiers_name_the_right_piece() {
    // two golds can reach 5h: 6i (moves 上 diagonally... right/left) and 4i
    let cases: &[(&str, &str, &str)] = &[
        // golds on 6i and 4i, both step up-diagonally to 5h: 右 is 4i, 左 is 6i
        ("4k4/9/9/9/9/9/9/9/3GKG3 b - 1", "▲５八金右", "4i5h"),
        ("4k4/9/9/9/9/9/9/9/3GKG3 b - 1", "▲５八金左", "6i5h"),
        // golds on 5i and 4h reaching 5h: 5i goes straight up (上), 4h sideways (寄)
        ("4k4/9/9/9/9/9/9/5G3/K3G4 b - 1", "▲５八金上", "5i5h"),
        ("4k4/9/9/9/9/9/9/5G3/K3G4 b - 1", "▲５八金寄", "4h5h"),
        // golds on 6i, 5i, 4i: 直 is 5i
        ("4k4/9/9/9/9/9/9/9/K2GGG3 b - 1", "▲５八金直", "5i5h"),
        ("4k4/9/9/9/9/9/9/9/K2GGG3 b - 1", "▲５八金右", "4i5h"),
        // a silver in hand and a silver that can reach: 打 marks the drop
        ("4k4/9/9/9/9/9/9/9/K3S4 b S 1", "▲５八銀打", "S*5h"),
        ("4k4/9/9/9/9/9/9/9/K3S4 b S 1", "▲５八銀", "5i5h"),
        // gote sees the board from the other side: 右 is gote's right (the larger file)
        ("3gkg3/9/9/9/9/9/9/9/4K4 w - 1", "△５二金右", "6a5b"),
    ];
    for &(sfen, ki2, usi) in cases {
        let p = from_sfen(GameId::Shogi, sfen).unwrap();
        let r = Record::new(p.clone(), vec![parse_usi(p.variant(), usi).unwrap()]);
        let written = write_ki2(&r);
        assert!(written.contains(ki2), "{usi} in {sfen}: wrote {written}");
        let mut text = write_ki2(&Record::new(p.clone(), vec![]));
        text.push_str(ki2);
        text.push('\n');
        let back = read_ki2(GameId::Shogi, text.as_bytes()).unwrap();
        assert_eq!(usi_list(&back), [usi], "{ki2} in {sfen}");
    }
}

/// CSA as game servers write it: names, $ fields, times, a comment, the ending.
const CSA_SERVER: &str = "V2.2
N+alpha
N-beta
$EVENT:practice
$START_TIME:2024/03/03 12:00:00
'a comment
P1-KY-KE-GI-KI-OU-KI-GI-KE-KY
P2 * -HI *  *  *  *  * -KA * 
P3-FU-FU-FU-FU-FU-FU-FU-FU-FU
P4 *  *  *  *  *  *  *  *  * 
P5 *  *  *  *  *  *  *  *  * 
P6 *  *  *  *  *  *  *  *  * 
P7+FU+FU+FU+FU+FU+FU+FU+FU+FU
P8 * +KA *  *  *  *  * +HI * 
P9+KY+KE+GI+KI+OU+KI+GI+KE+KY
+
+7776FU
T3
-3334FU
T2
+8822UM,T5
-3122GI
T1
+0045KA
%TORYO
";

#[test]
fn csa_from_a_server_loads_and_round_trips() {
    let r = read_csa(CSA_SERVER).unwrap();
    assert_eq!(usi_list(&r), ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"]);
    assert_eq!(r.ending, Some(Ending::Resign));
    assert_eq!(r.header("先手"), Some("alpha"));
    let written = write_csa(&r);
    assert!(written.contains("PI\n"));
    let again = read_csa(&written).unwrap();
    assert_eq!(again.moves, r.moves);
    // PI with removals: a bishop handicap
    let h = read_csa("PI22KA\n-\n-3334FU\n").unwrap();
    assert_eq!(usi_list(&h), ["3c3d"]);
    // a position with hands
    let p = read_csa("P1 *  *  *  *  *  *  *  * -OU\nP2 *  *  *  *  *  *  *  *  * \nP3 *  *  *  *  *  *  *  *  * \nP4 *  *  *  *  *  *  *  *  * \nP5 *  *  *  *  *  *  *  *  * \nP6 *  *  *  *  *  *  *  *  * \nP7 *  *  *  *  *  *  *  *  * \nP8 *  *  *  *  *  *  *  *  * \nP9+OU *  *  *  *  *  *  *  *  \nP+00KI00FU\n+\n+0012KI\n").unwrap();
    assert_eq!(to_sfen(&p.start), "8k/9/9/9/9/9/9/9/K8 b GP 1");
    assert_eq!(usi_list(&p), ["G*1b"]);
}

#[test]
fn bad_records_name_what_is_wrong() {
    // an illegal move: two pawns
    let text = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２二角成(88)\n   4 同　銀(31)\n   5 ７五歩打\n";
    match read_kif(GameId::Shogi, text.as_bytes()) {
        Err(KifError::Illegal { number: 5, .. }) | Err(KifError::Syntax { number: 5, .. }) => {}
        other => panic!("{other:?}"),
    }
    let nifu = KIF_BOARD.replace("   2 ４八歩打", "   2 ７七歩打");
    assert!(matches!(
        read_kif(GameId::Shogi, nifu.as_bytes()),
        Err(KifError::Illegal {
            number: 2,
            error: IllegalMove::TwoPawns { file: 7 },
            ..
        })
    ));
    let garbage = "手数----指手---------消費時間--\n   1 ななろく\n";
    assert!(matches!(
        read_kif(GameId::Shogi, garbage.as_bytes()),
        Err(KifError::Syntax { number: 1, .. })
    ));
    assert!(matches!(
        read_kif(GameId::Shogi, "手合割：九枚落ち\n".as_bytes()),
        Err(KifError::Handicap(_))
    ));
    assert!(matches!(
        read_kif(GameId::Shogi, &[0x82, 0xA0, 0xFF, 0xFF, 0x00, 0x81]),
        Err(KifError::Encoding)
    ));
    assert!(read_csa("+7775FU\n").is_err());
    assert!(read_csa("+77\n").is_err());
    assert!(read_csa("P1-KY\n").is_err());
    let e = read_csa("PI\n+\n+7776FU\n+3334FU\n")
        .unwrap_err()
        .to_string();
    assert!(e.contains("move 2"), "{e}");
}

/// Inputs the fuzzers found panicking once (rank 0 in a square, row 0 in a CSA board).
#[test]
fn fuzzer_findings_are_errors_not_panics() {
    assert!(read_ki2(GameId::Shogi, "☗10:".as_bytes()).is_err());
    assert!(read_kif(GameId::Shogi, "   1 10歩".as_bytes()).is_err());
    let mut csa = b"P0N-:".to_vec();
    csa.extend(std::iter::repeat_n(0u8, 36));
    csa.extend(b"\r\r\r");
    assert!(read_csa(&String::from_utf8_lossy(&csa)).is_err());
    assert!(read_csa("P0 *  *  *  *  *  *  *  *  * \n").is_err());
}

fn random_record(choices: &[u16]) -> Record {
    let mut p = Position::start(GameId::Shogi);
    let start = p.clone();
    let mut moves = Vec::new();
    for &c in choices {
        let legal = p.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[c as usize % legal.len()];
        p.play_unchecked(m);
        moves.push(m);
    }
    Record::new(start, moves)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Random games written as KIF, KI2 and CSA read back to the same moves.
    #[test]
    fn random_games_round_trip_through_every_notation(choices in prop::collection::vec(any::<u16>(), 0..120)) {
        let r = random_record(&choices);
        prop_assert_eq!(&read_kif(GameId::Shogi, write_kif(&r).as_bytes()).unwrap().moves, &r.moves);
        prop_assert_eq!(&read_ki2(GameId::Shogi, write_ki2(&r).as_bytes()).unwrap().moves, &r.moves);
        prop_assert_eq!(&read_csa(&write_csa(&r)).unwrap().moves, &r.moves);
        let kif = write_kif(&r);
        let (sjis, _, _) = encoding_rs::SHIFT_JIS.encode(&kif);
        prop_assert_eq!(&read_kif(GameId::Shogi, &sjis).unwrap().moves, &r.moves);
    }

    /// Arbitrary text never panics the record readers.
    #[test]
    fn record_readers_never_panic(text in "\\PC{0,200}") {
        let _ = read_kif(GameId::Shogi, text.as_bytes());
        let _ = read_ki2(GameId::Shogi, text.as_bytes());
        let _ = read_csa(&text);
    }
}
