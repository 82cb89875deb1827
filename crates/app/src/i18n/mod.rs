//! Japanese and English. The language comes from the browser (`ja*` gives Japanese) and can be
//! switched in the header; the rules' names stay in Japanese in both, as players know them.

use koma_rules::IllegalMove;
use koma_rules::game::EndReason;
use koma_wire::ErrorCode;

pub use koma_rules::names::Lang;

pub mod texts;

/// The language as last chosen (kept in the settings), else the browser's.
pub fn kept_lang() -> Lang {
    match crate::storage::settings().lang.as_deref() {
        Some("ja") => Lang::Ja,
        Some("en") => Lang::En,
        _ => browser_lang(),
    }
}

/// The browser's language: Japanese for `ja*`, else English.
pub fn browser_lang() -> Lang {
    let l = web_sys::window()
        .and_then(|w| w.navigator().language())
        .unwrap_or_default();
    if l.starts_with("ja") {
        Lang::Ja
    } else {
        Lang::En
    }
}

/// A refused move: the rule's name and a one-line reason. In English it is the rules' own
/// message ([`IllegalMove`]'s `Display`), so that the text is linked once; every refusal has
/// its Japanese here (the match names each).
pub fn foul(lang: Lang, e: IllegalMove) -> String {
    use IllegalMove::*;
    if lang == Lang::En {
        return e.to_string();
    }
    match e {
        TwoPawns { file } => format!("二歩：{file}筋にはもう歩があります"),
        DropPawnMate => "打ち歩詰め：歩を打って詰ますことはできません".into(),
        DeadPiece => "行き所のない駒：そこではその駒がもう動けません".into(),
        KingInCheck => "王手放置：玉が取られる形になります".into(),
        CannotMoveThere => "その駒はそこへ動けません".into(),
        CannotPromote => "この手では成れません".into(),
        NoPiece => "そこに自分の駒はありません".into(),
        NotInHand => "その駒は持駒にありません".into(),
        Occupied => "駒は空いているマスにだけ打てます".into(),
        NoDrops => "このゲームでは持駒を打てません".into(),
        NotFirstRank => "配置：駒は自陣の一段目に置きます".into(),
        Placing => "配置中：駒を置き終えてから指します".into(),
        Repetition => "千日手：同じ局面を4回目にはできません".into(),
        LionProtected => "獅子の交換：紐付きの獅子は離れて取れません".into(),
        LionCounterStrike => "先獅子：獅子を取られた直後は取り返せません".into(),
        Setup => "手合いの準備：穴を小駒で埋め、自陣で小駒を動かすか完了".into(),
        GameOver => "対局は終わっています".into(),
    }
}

/// A message the server refused: in English the server's own words, in Japanese the code's
/// (every [`ErrorCode`] has its sentence here; the match names each), with the rule a refused
/// move broke.
pub fn refusal(lang: Lang, code: ErrorCode, rule: Option<&str>, message: &str) -> String {
    use ErrorCode::*;
    if lang == Lang::En {
        return message.to_string();
    }
    let ja = match code {
        BadMessage | UnknownKind => {
            "サーバーが読めない通信でした（ページを読み込み直してください）"
        }
        TooLarge => "通信が長すぎます",
        TooFast => "操作が速すぎます。少し待ってからどうぞ",
        Hello => "接続の手順が違います（ページを読み込み直してください）",
        BadToken => "この席のリンクは使えません（新しいリンクをもらってください）",
        NotSeated => "観戦者は指せません",
        NotStarted => "全員がそろうまで対局は始まりません",
        GameOver => "対局は終わっています",
        NotYourTurn => "相手の手番です",
        StalePly => "その手の間に局面が変わりました",
        BadMove => "この対局の指し手として読めません",
        IllegalMove => "その手は指せません",
        Refused => "今はできません",
        Internal => "サーバーが記録できませんでした。接続が戻りしだい送り直します",
    };
    match rule {
        Some(r) => format!("{ja}（{r}）"),
        None => ja.to_string(),
    }
}

/// Why a game ended, with the rule of the foul that ended it (the game's
/// [`koma_rules::Game::foul`]).
pub fn reason(lang: Lang, r: EndReason, rule: Option<IllegalMove>) -> String {
    match (r, rule) {
        (EndReason::Foul, Some(e)) => {
            format!("{}: {}", end_reason(lang, EndReason::Foul), foul(lang, e))
        }
        (r, _) => end_reason(lang, r).to_string(),
    }
}

/// Why a game ended, in words.
pub fn end_reason(lang: Lang, r: EndReason) -> &'static str {
    use EndReason::*;
    let (ja, en) = match r {
        Checkmate => ("詰み", "checkmate (詰み)"),
        NoLegalMoves => ("指し手なし", "no legal move"),
        Resignation => ("投了", "resignation (投了)"),
        Foul => ("反則", "foul (反則)"),
        Time => ("時間切れ", "time (時間切れ)"),
        Repetition => ("千日手", "repetition (千日手)"),
        PerpetualCheck => ("連続王手の千日手", "perpetual check (連続王手の千日手)"),
        Impasse => ("持将棋", "impasse (持将棋)"),
        Declaration => ("入玉宣言", "entering-king declaration (入玉宣言)"),
        RoyalCaptured => ("玉を取った", "royal captured"),
        GeneralOnCentre => ("将が中央", "general on the centre"),
        BareKing => ("駒枯れ", "bare king (駒枯れ)"),
        Abandoned => ("対局放棄", "the game was left"),
    };
    lang.pick(ja, en)
}

/// A named start (handicap) as the start screen lists it: its Japanese name, and in English
/// its English name with the Japanese after it ("Lance (香落ち)"); both are the game's own
/// (`koma_rules::games::NamedStart`).
pub fn setup_name(lang: Lang, start: &koma_rules::games::NamedStart) -> String {
    match lang {
        Lang::Ja => start.name.to_string(),
        Lang::En => format!("{} ({})", start.english, start.name),
    }
}

/// A fault of a setup (the editor's list), in `lang`: the rules' words in English, their
/// Japanese in Japanese (the match names each fault).
pub fn setup_fault(lang: Lang, e: &koma_rules::SetupError) -> String {
    use koma_rules::SetupError as F;
    if lang == Lang::En {
        return e.to_string();
    }
    let game = |g: koma_rules::GameId| koma_rules::names::game_in(g, Lang::Ja);
    match e {
        F::BoardSize {
            game: g,
            found,
            expected,
        } => format!("盤のマスが{found}あります（{}は{expected}マス）", game(*g)),
        F::NoSuchPlayer { game: g, player } => {
            format!("{}に{}番目の対局者はいません", game(*g), player + 1)
        }
        F::NotInGame { game: g, kanji, .. } => format!("{kanji}は{}の駒ではありません", game(*g)),
        F::TwoKings { side } => format!("{}の玉が二枚あります", side.name(lang)),
        F::Royals { side, kanji, .. } => {
            format!("{}の{kanji}はちょうど一枚必要です", side.name(lang))
        }
        F::DeadPiece { square } => {
            format!("{square}の駒は動けない位置にあります（行き所のない駒）")
        }
        F::TooMany {
            letter, found, max, ..
        } => format!("{letter}の駒が{found}枚あります（最大{max}枚）"),
        F::NoHands { .. } => "このゲームには持駒がありません".to_string(),
        F::RoyalInHand { side } => format!("{}が玉を持駒にしています", side.name(lang)),
        F::Checker { game: g, player } => {
            format!(
                "{}では{}番目の対局者を王手の手番として記録できません",
                game(*g),
                player + 1
            )
        }
        F::TwoPawns { side, file } => {
            format!("{}の歩が{file}筋に二枚あります（二歩）", side.name(lang))
        }
        F::NotToMoveInCheck { side } => {
            format!("手番でない{}に王手がかかっています", side.name(lang))
        }
        F::LionCapture { game: g } => {
            format!("{}では獅子を取ったマスをそこに記録できません", game(*g))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::texts::tests::japanese;
    use super::*;
    use koma_rules::{GameId, Player, SetupError, Side};

    /// One fault of each kind, and the count of kinds (the match fails to build when a fault is
    /// added to the rules and not here).
    fn every_setup_fault() -> (Vec<SetupError>, usize) {
        let side = Side::new(GameId::Shogi, Player(0));
        let faults = vec![
            SetupError::BoardSize {
                game: GameId::Shogi,
                found: 80,
                expected: 81,
            },
            SetupError::NoSuchPlayer {
                game: GameId::Shogi,
                player: 2,
            },
            SetupError::NotInGame {
                game: GameId::Minishogi,
                name: "knight",
                kanji: "桂",
            },
            SetupError::TwoKings { side },
            SetupError::Royals {
                side: Side::new(GameId::Sangoku, Player(1)),
                royal: "general",
                kanji: "将",
            },
            SetupError::DeadPiece {
                square: "1a".into(),
            },
            SetupError::TooMany {
                game: GameId::Shogi,
                letter: 'R',
                found: 3,
                max: 2,
            },
            SetupError::NoHands {
                game: GameId::Chushogi,
            },
            SetupError::RoyalInHand { side },
            SetupError::Checker {
                game: GameId::Shogi,
                player: 1,
            },
            SetupError::TwoPawns { side, file: 5 },
            SetupError::NotToMoveInCheck { side },
            SetupError::LionCapture {
                game: GameId::Shogi,
            },
        ];
        let kind = |e: &SetupError| match e {
            SetupError::BoardSize { .. } => 0,
            SetupError::NoSuchPlayer { .. } => 1,
            SetupError::NotInGame { .. } => 2,
            SetupError::TwoKings { .. } => 3,
            SetupError::Royals { .. } => 4,
            SetupError::DeadPiece { .. } => 5,
            SetupError::TooMany { .. } => 6,
            SetupError::NoHands { .. } => 7,
            SetupError::RoyalInHand { .. } => 8,
            SetupError::Checker { .. } => 9,
            SetupError::TwoPawns { .. } => 10,
            SetupError::NotToMoveInCheck { .. } => 11,
            SetupError::LionCapture { .. } => 12,
        };
        let mut kinds: Vec<usize> = faults.iter().map(kind).collect();
        kinds.dedup();
        (faults, kinds.len())
    }

    #[test]
    fn every_fault_of_a_setup_reads_in_both_languages() {
        let (faults, kinds) = every_setup_fault();
        assert_eq!(kinds, 13, "one fault of each kind");
        for e in &faults {
            let (en, ja) = (setup_fault(Lang::En, e), setup_fault(Lang::Ja, e));
            assert_eq!(en, e.to_string());
            assert!(japanese(&ja) && ja != en, "{e:?}: {ja}");
        }
        let e = SetupError::TwoPawns {
            side: Side::new(GameId::Shogi, Player(0)),
            file: 5,
        };
        assert_eq!(setup_fault(Lang::En, &e), "sente has two pawns on file 5");
        assert_eq!(
            setup_fault(Lang::Ja, &e),
            "先手の歩が5筋に二枚あります（二歩）"
        );
        let e = SetupError::Royals {
            side: Side::new(GameId::Sangoku, Player(1)),
            royal: "general",
            kanji: "将",
        };
        assert_eq!(setup_fault(Lang::Ja, &e), "Bの将はちょうど一枚必要です");
    }

    #[test]
    fn every_refused_move_reads_in_both_languages() {
        use IllegalMove::*;
        let all = [
            TwoPawns { file: 3 },
            DropPawnMate,
            DeadPiece,
            KingInCheck,
            CannotMoveThere,
            CannotPromote,
            NoPiece,
            NotInHand,
            Occupied,
            NoDrops,
            NotFirstRank,
            Placing,
            Repetition,
            LionProtected,
            LionCounterStrike,
            Setup,
            GameOver,
        ];
        for e in all {
            let (en, ja) = (foul(Lang::En, e), foul(Lang::Ja, e));
            assert_eq!(en, e.to_string());
            assert!(japanese(&ja) && ja != en, "{e:?}: {ja}");
        }
        for r in EndReason::ALL {
            assert!(japanese(end_reason(Lang::Ja, r)), "{r:?}");
            assert_ne!(end_reason(Lang::Ja, r), end_reason(Lang::En, r));
        }
    }

    #[test]
    fn every_refusal_of_the_server_reads_in_both_languages() {
        for code in ErrorCode::ALL {
            let en = refusal(Lang::En, code, None, "the server's words");
            let ja = refusal(Lang::Ja, code, None, "the server's words");
            assert_eq!(en, "the server's words");
            assert!(japanese(&ja), "{code:?}: {ja}");
        }
        assert_eq!(
            refusal(Lang::Ja, ErrorCode::IllegalMove, Some("nifu"), "nifu"),
            "その手は指せません（nifu）"
        );
    }
}
