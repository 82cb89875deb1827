//! Japanese and English. The language comes from the browser (`ja*` gives Japanese) and can be
//! switched in the header; the rules' names stay in Japanese in both, as players know them.

use koma_rules::IllegalMove;
use koma_rules::game::Reason;

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

/// A refused move: the rule's name and a one-line reason.
pub fn foul(lang: Lang, e: IllegalMove) -> String {
    use IllegalMove::*;
    match (lang, e) {
        (Lang::Ja, TwoPawns { file }) => format!("二歩：{file}筋にはもう歩があります"),
        (Lang::En, TwoPawns { file }) => {
            format!("二歩 two pawns: file {file} already has your unpromoted pawn")
        }
        (Lang::Ja, DropPawnMate) => "打ち歩詰め：歩を打って詰ますことはできません".into(),
        (Lang::En, DropPawnMate) => "打ち歩詰め pawn-drop mate: a dropped pawn may not mate".into(),
        (Lang::Ja, DeadPiece) => "行き所のない駒：そこではその駒がもう動けません".into(),
        (Lang::En, DeadPiece) => {
            "行き所のない駒 dead piece: it would have no further move there".into()
        }
        (Lang::Ja, KingInCheck) => "王手放置：玉が取られる形になります".into(),
        (Lang::En, KingInCheck) => "王手放置 king in check: your king would be taken".into(),
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

/// Why a game ended.
pub fn reason(lang: Lang, r: Reason) -> String {
    use Reason::*;
    let (ja, en) = match r {
        Checkmate => ("詰み", "checkmate (詰み)"),
        NoLegalMoves => ("指し手なし", "no legal move"),
        Resignation => ("投了", "resignation (投了)"),
        Foul(e) => return format!("{}: {}", lang.pick("反則", "foul (反則)"), foul(lang, e)),
        Time => ("時間切れ", "time (時間切れ)"),
        Repetition => ("千日手", "repetition (千日手)"),
        PerpetualCheck => ("連続王手の千日手", "perpetual check (連続王手の千日手)"),
        Impasse => ("持将棋", "impasse (持将棋)"),
        Declaration => ("入玉宣言", "entering-king declaration (入玉宣言)"),
        RoyalCaptured => ("玉を取った", "royal captured"),
        GeneralOnCentre => ("将が中央", "general on the centre"),
        BareKing => ("駒枯れ", "bare king (駒枯れ)"),
    };
    lang.pick(ja, en).to_string()
}

/// Why a game ended, from its id (`data-reason`), in the words of [`reason`].
pub fn reason_id(lang: Lang, id: &str) -> String {
    use Reason::*;
    let r = match id {
        "checkmate" => Checkmate,
        "no-legal-moves" => NoLegalMoves,
        "resignation" => Resignation,
        "foul" => return lang.pick("反則", "foul (反則)").to_string(),
        "time" => Time,
        "repetition" => Repetition,
        "perpetual-check" => PerpetualCheck,
        "impasse" => Impasse,
        "declaration" => Declaration,
        "royal-captured" => RoyalCaptured,
        "general-on-centre" => GeneralOnCentre,
        "bare-king" => BareKing,
        other => return other.to_string(),
    };
    reason(lang, r)
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
