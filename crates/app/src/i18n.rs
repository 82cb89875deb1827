//! Japanese and English. The language comes from the browser (`ja*` gives Japanese) and can be
//! switched in the header; the rules' names stay in Japanese in both, as players know them.

use koma_rules::IllegalMove;
use koma_rules::game::{EndReason, Reason};

pub use koma_rules::names::Lang;

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
/// message ([`IllegalMove`]'s `Display`), so that the text is linked once.
pub fn foul(lang: Lang, e: IllegalMove) -> String {
    use IllegalMove::*;
    match (lang, e) {
        (Lang::Ja, TwoPawns { file }) => format!("二歩：{file}筋にはもう歩があります"),
        (Lang::Ja, DropPawnMate) => "打ち歩詰め：歩を打って詰ますことはできません".into(),
        (Lang::Ja, DeadPiece) => "行き所のない駒：そこではその駒がもう動けません".into(),
        (Lang::Ja, KingInCheck) => "王手放置：玉が取られる形になります".into(),
        (Lang::Ja, CannotMoveThere) => "その駒はそこへ動けません".into(),
        (Lang::Ja, CannotPromote) => "この手では成れません".into(),
        (Lang::Ja, NotFirstRank) => "配置：駒は自陣の一段目に置きます".into(),
        (Lang::Ja, LionProtected) => "獅子の交換：紐付きの獅子は離れて取れません".into(),
        (Lang::Ja, LionCounterStrike) => "先獅子：獅子を取られた直後は取り返せません".into(),
        (Lang::Ja, Setup) => "手合いの準備：穴を小駒で埋め、自陣で小駒を動かすか完了".into(),
        (Lang::Ja, Repetition) => "千日手：同じ局面を4回目にはできません".into(),
        (_, e) => e.to_string(),
    }
}

/// Why a game ended, with a foul's rule.
pub fn reason(lang: Lang, r: Reason) -> String {
    match r {
        Reason::Foul(e) => format!("{}: {}", end_reason(lang, EndReason::Foul), foul(lang, e)),
        r => end_reason(lang, r.kind()).to_string(),
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
/// Japanese in Japanese.
pub fn setup_fault(lang: Lang, e: &koma_rules::SetupError) -> String {
    use koma_rules::SetupError as F;
    if lang == Lang::En {
        return e.to_string();
    }
    // the seats as the rules name them in English, in Japanese
    let side = |s: &str| match s {
        "sente" => "先手".to_string(),
        "gote" => "後手".to_string(),
        other => other.to_string(),
    };
    match e {
        F::TwoKings { side: s } => format!("{}の玉が二枚あります", side(s)),
        F::Royals { side: s, kanji, .. } => format!("{}の{kanji}はちょうど一枚必要です", side(s)),
        F::DeadPiece { square } => {
            format!("{square}の駒は動けない位置にあります（行き所のない駒）")
        }
        F::TooMany {
            letter, found, max, ..
        } => format!("{letter}の駒が{found}枚あります（最大{max}枚）"),
        F::NoHands { .. } => "このゲームには持駒がありません".to_string(),
        F::RoyalInHand { side: s } => format!("{}が玉を持駒にしています", side(s)),
        F::TwoPawns { side: s, file } => format!("{}の歩が{file}筋に二枚あります（二歩）", side(s)),
        F::NotToMoveInCheck { side: s } => {
            format!("手番でない{}に王手がかかっています", side(s))
        }
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_fault_of_a_setup_reads_in_both_languages() {
        let e = koma_rules::SetupError::TwoPawns {
            side: "sente",
            file: 5,
        };
        assert_eq!(setup_fault(Lang::En, &e), "sente has two pawns on file 5");
        assert_eq!(
            setup_fault(Lang::Ja, &e),
            "先手の歩が5筋に二枚あります（二歩）"
        );
        let e = koma_rules::SetupError::Royals {
            side: "B",
            royal: "general",
            kanji: "将",
        };
        assert_eq!(setup_fault(Lang::Ja, &e), "Bの将はちょうど一枚必要です");
    }
}
