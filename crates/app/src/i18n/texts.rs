//! The faults of the texts the rules read (SFEN, USI moves, the hexagon's notation, KIF, CSA, a
//! record loaded into a game, a game's start, a clock, a level), in Japanese. English is the
//! rules' own words (each error's `Display`), so that every sentence is written once in each
//! language; each function here matches every variant by name, so a fault added to the rules
//! does not build until it has its Japanese.

use koma_engine::BadLevel;
use koma_rules::clock::{BadTimeControl, ClockFault};
use koma_rules::csa::{self, CsaError, LineFault};
use koma_rules::hex::{HexError, HexField};
use koma_rules::kif::{self, BoardFault, KifError, VariationFault};
use koma_rules::loading::LoadError;
use koma_rules::notation::NotationError;
use koma_rules::setups::StartError;
use koma_rules::sfen::{HandFault, SfenError, UsiError};
use koma_rules::{GameId, Outcome, PositionError, RuleOptions};

use super::{Lang, foul, reason, setup_fault};

fn game(g: GameId) -> &'static str {
    koma_rules::names::game_in(g, Lang::Ja)
}

/// Words in `lang`: the rules' `Display` in English, `ja` in Japanese (made only when asked).
fn pick(lang: Lang, e: &impl std::fmt::Display, ja: impl FnOnce() -> String) -> String {
    match lang {
        Lang::En => e.to_string(),
        Lang::Ja => ja(),
    }
}

/// A position that is none of its game's: every fault, as the editor lists them.
pub fn position(lang: Lang, e: &PositionError) -> String {
    pick(lang, e, || {
        e.faults()
            .iter()
            .map(|f| setup_fault(Lang::Ja, f))
            .collect::<Vec<_>>()
            .join("。")
    })
}

/// An SFEN that cannot be read.
pub fn sfen(lang: Lang, e: &SfenError) -> String {
    pick(lang, e, || match e {
        SfenError::Empty => "SFENが空です".into(),
        SfenError::RankCount {
            game: g,
            found,
            expected,
        } => format!("盤が{found}段あります（{}は{expected}段）", game(*g)),
        SfenError::RankLength {
            rank,
            found,
            expected,
        } => format!("{rank}段のマスが{found}あります（{expected}マス必要です）"),
        SfenError::UnknownPiece {
            game: g,
            rank,
            letter,
        } => format!("{rank}段の「{letter}」は{}の駒ではありません", game(*g)),
        SfenError::Side(s) => format!("手番「{s}」はb（先手）かw（後手）で書きます"),
        SfenError::MissingSide => "盤の後に手番（bかw）がありません".into(),
        SfenError::Hand { hand, why } => format!("持駒「{hand}」：{}", hand_fault(*why)),
        SfenError::MoveNumber(n) => format!("手数「{n}」が正の数ではありません"),
        SfenError::Trailing(t) => format!("手数の後に余分な文字があります：「{t}」"),
        SfenError::Setup(p) => position(Lang::Ja, p),
        SfenError::NotSquare(g) => format!("{}の局面はSFENでは書きません", game(*g)),
    })
}

fn hand_fault(f: HandFault) -> &'static str {
    match f {
        HandFault::NoHands => "このゲームには持駒がありません",
        HandFault::LionField => "中将棋に持駒はありません：この欄は獅子が最後に取ったマスです",
        HandFault::TooLarge => "枚数が多すぎます",
        HandFault::NotHeld => "持駒にできない駒の文字があります",
        HandFault::Zero => "枚数が0です",
        HandFault::EndsWithNumber => "数字で終わっています",
    }
}

/// A USI move that cannot be read.
pub fn usi(lang: Lang, e: &UsiError) -> String {
    pick(lang, e, || match e {
        UsiError::Syntax(t) => format!(
            "「{t}」はUSIの指し手ではありません（7g7f、8h2b+、P*5e、中将棋の獅子の二回動き7g6f5eのように書きます）"
        ),
        UsiError::Square { game: g, square } => {
            format!("「{square}」は{}のマスではありません", game(*g))
        }
        UsiError::DropPiece(p) => format!("「{p}」は打てる駒ではありません"),
    })
}

/// The hexagon's position or move text that cannot be read.
pub fn hex(lang: Lang, e: &HexError) -> String {
    pick(lang, e, || match e {
        HexError::Missing(f) => format!(
            "局面には盤・手番・持駒・王手をかけた対局者の四つの欄が必要です：{}がありません",
            match f {
                HexField::Board => "盤",
                HexField::Turn => "手番",
                HexField::Hands => "持駒",
                HexField::Checker => "王手をかけた対局者",
            }
        ),
        HexError::Rows(n) => format!("盤が{n}行あります（六角盤は9行）"),
        HexError::RowLength {
            row,
            found,
            expected,
        } => format!("{row}行目のマスが{found}あります（{expected}マス必要です）"),
        HexError::Piece(p) => {
            format!("「{p}」は駒ではありません（持ち主a・b・c、成りは+、駒の文字K・C・S・A・P）")
        }
        HexError::Player(p) => format!("「{p}」はこの対局の対局者ではありません"),
        HexError::Setup(p) => position(Lang::Ja, p),
        HexError::Trailing(t) => format!("王手の欄の後に余分な文字があります：「{t}」"),
        HexError::Cell(c) => {
            format!("「{c}」はマスではありません（軸座標q,rで、|q|・|r|・|q+r|は4以下）")
        }
        HexError::Move(m) => {
            format!("「{m}」は指し手ではありません（-1,3:-1,2、0,1:0,0+、P*0,0のように書きます）")
        }
    })
}

/// A position or move in any of the notations.
pub fn notation(lang: Lang, e: &NotationError) -> String {
    match e {
        NotationError::Sfen(e) => sfen(lang, e),
        NotationError::Usi(e) => usi(lang, e),
        NotationError::Hex(e) => hex(lang, e),
    }
}

/// A KIF or KI2 record that cannot be read.
pub fn kif(lang: Lang, e: &KifError) -> String {
    pick(lang, e, || match e {
        KifError::Encoding => "ファイルがUTF-8でもShift_JISでもありません".into(),
        KifError::Handicap(h) => format!("手合割「{h}」は知らない手合いです"),
        KifError::Board { line, why } => format!("{line}行目：盤面図：{}", board_fault(why)),
        KifError::Hand { line, text } => format!("{line}行目：持駒「{text}」が読めません"),
        KifError::Syntax { number, text, why } => format!(
            "{number}手目：「{text}」は指し手として読めません（{}）",
            kif_move_fault(*why)
        ),
        KifError::Variation { line, why } => {
            format!("{line}行目：変化：{}", variation_fault(why))
        }
        KifError::Illegal {
            number,
            text,
            error,
        } => format!(
            "{number}手目：「{text}」は指せません：{}",
            foul(Lang::Ja, *error)
        ),
    })
}

fn board_fault(f: &BoardFault) -> String {
    match f {
        BoardFault::Ranks { found, needed } => format!("{found}段あります（{needed}段必要です）"),
        BoardFault::RankTooShort => "段のマスが足りません".into(),
        BoardFault::BadSquare => "盤にないマスです".into(),
        BoardFault::OwnerMark => "駒の前は空白かvです".into(),
        BoardFault::UnknownPiece => "知らない駒です".into(),
        BoardFault::Position(p) => position(Lang::Ja, p),
    }
}

fn kif_move_fault(f: kif::MoveFault) -> &'static str {
    use kif::MoveFault::*;
    match f {
        NoPrevious => "前の手がないのに「同」です",
        NoDestination => "移動先のマスがありません",
        NoPiece => "駒の名前がありません",
        BadOrigin => "移動元が読めません",
        OriginOffBoard => "移動元が盤の外です",
        OriginDiffers => "移動元にその駒がありません",
        Ambiguous => "指せる駒が複数あって決まりません",
    }
}

fn variation_fault(f: &VariationFault) -> String {
    match f {
        VariationFault::NoNumber(l) => format!("「{l}」に手数がありません"),
        VariationFault::Beyond { ply, moves } => {
            format!("{ply}手目は前の手順（{moves}手）のどの手にも続きません")
        }
    }
}

/// A CSA record that cannot be read.
pub fn csa(lang: Lang, e: &CsaError) -> String {
    pick(lang, e, || match e {
        CsaError::Position { line, why } => format!("{line}行目：{}", line_fault(why)),
        CsaError::Syntax { number, text, why } => format!(
            "{number}手目：「{text}」はCSAの指し手ではありません（{}）",
            csa_move_fault(*why)
        ),
        CsaError::Illegal {
            number,
            text,
            error,
        } => format!(
            "{number}手目：「{text}」は指せません：{}",
            foul(Lang::Ja, *error)
        ),
    })
}

fn line_fault(f: &LineFault) -> String {
    use LineFault::*;
    match f {
        RemovalGroups => "PIの駒落ちはマスと駒の4文字ずつです".into(),
        RemovalSquare => "PIのマスが読めません".into(),
        RemovalPiece => "PIの駒が読めません".into(),
        RemovalMissing => "PIで外す駒がそのマスにありません".into(),
        RowFields => "盤の段には3文字の欄が9つ必要です".into(),
        RowNumber => "段はP1からP9です".into(),
        OwnerSign => "駒の前は+か-です".into(),
        UnknownPiece => "知らない駒です".into(),
        PieceGroups => "駒はマスと駒の4文字ずつです".into(),
        BadSquare => "マスが読めません".into(),
        HandPromoted => "持駒にできるのは成っていない駒だけです".into(),
        Position(p) => position(Lang::Ja, p),
        UnknownStatement => "CSAにない行です".into(),
    }
}

fn csa_move_fault(f: csa::MoveFault) -> &'static str {
    use csa::MoveFault::*;
    match f {
        Length => "指し手は+7776FUのように7文字です",
        NotTurn => "その側の手番ではありません",
        BadOrigin => "移動元が読めません",
        BadDestination => "移動先が読めません",
        UnknownPiece => "知らない駒です",
        NoPiece => "移動元に駒がありません",
        OtherPiece => "書かれた駒が移動元の駒と違います",
    }
}

/// How a game ended, in a sentence: the winner by seat (or a draw), why, and the rules that
/// decided it.
pub fn outcome(lang: Lang, game: GameId, options: RuleOptions, o: Outcome) -> String {
    if lang == Lang::En {
        return koma_rules::loading::describe_outcome(game, options, o);
    }
    let mut s = match o.winner {
        Some(p) => format!(
            "{}の勝ち、{}",
            koma_rules::names::seat(game, p, Lang::Ja),
            reason(Lang::Ja, o.reason)
        ),
        None => format!("引き分け、{}", reason(Lang::Ja, o.reason)),
    };
    if let Some(rules) = koma_rules::games::rules(game).rules_name(options) {
        s += &format!("（{rules}のルール）");
    }
    s
}

/// A record that cannot be loaded into a game.
pub fn load(lang: Lang, e: &LoadError) -> String {
    pick(lang, e, || match e {
        LoadError::Empty => "棋譜が空です".into(),
        LoadError::Encoding => "ファイルがUTF-8でもShift_JISでもありません".into(),
        LoadError::NoKif(g) => format!("{}の棋譜はKIFではなくSFENとUSIで書きます", game(*g)),
        LoadError::Kif(e) => format!("KIF：{}", kif(Lang::Ja, e)),
        LoadError::Position(e) => format!("局面：{}", notation(Lang::Ja, e)),
        LoadError::MoveText {
            number,
            text,
            error,
        } => format!("{number}手目（{text}）：{}", notation(Lang::Ja, error)),
        LoadError::Illegal {
            number,
            text,
            error,
        } => format!(
            "{number}手目（{text}）は指せません：{}",
            foul(Lang::Ja, *error)
        ),
        LoadError::AfterTheEnd {
            number,
            text,
            ended_at,
            outcome: o,
            game: g,
            options,
        } => format!(
            "{number}手目（{text}）：対局は{ended_at}手目で終わっています（{}）",
            outcome(Lang::Ja, *g, *options, *o)
        ),
    })
}

/// A game's start that is none (a position, a setup, a preset).
pub fn start(lang: Lang, e: &StartError) -> String {
    pick(lang, e, || match e {
        StartError::Position(e) => format!("局面が読めません：{}", notation(Lang::Ja, e)),
        StartError::UnknownSetup { game: g, id, known } => {
            format!(
                "{}に手合い「{id}」はありません（手合い：{known}）",
                game(*g)
            )
        }
        StartError::Both => {
            "対局は手合いか局面のどちらかから始まります（両方は指定できません）".into()
        }
        StartError::Preset { text } => {
            format!("中将棋のルール「{text}」は知りません：jcsaかlishogiです")
        }
        StartError::NoPresets { game: g, text } => {
            format!("{}にはルールの選択がありません（「{text}」）", game(*g))
        }
    })
}

/// A time control's text that the clock does not read.
pub fn clock(lang: Lang, e: &BadTimeControl) -> String {
    pick(lang, e, || {
        format!(
            "持ち時間「{}」が読めません：秒で、持ち時間+秒読み（600+30、600+30x3）か持ち時間と加算（300i5）と書きます",
            e.0
        )
    })
}

/// Kept clocks that do not fit their time control.
pub fn clock_state(lang: Lang, e: &ClockFault) -> String {
    pick(lang, e, || match e {
        ClockFault::Players {
            main,
            periods,
            players,
        } => format!("{players}人の対局に{main}人分と{periods}人分の時計があります"),
        ClockFault::Main { ms, tc } => {
            format!("残りの持ち時間{ms}ミリ秒は{tc}で持てる時間を超えています")
        }
        ClockFault::Periods { left, tc } => {
            format!("残りの秒読み{left}回は{tc}の回数を超えています")
        }
    })
}

/// A level that is none of the computer's.
pub fn level(lang: Lang, e: &BadLevel) -> String {
    pick(lang, e, || {
        format!("レベル「{}」：1から8の数を指定します", e.0)
    })
}
