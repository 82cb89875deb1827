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

use super::{Lang, end_reason, foul, setup_fault};

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
        } => illegal(*number, text, *error),
    })
}

/// A record's move the rules refuse (KIF's and CSA's words are the same).
fn illegal(number: usize, text: &str, error: koma_rules::IllegalMove) -> String {
    format!(
        "{number}手目：「{text}」は指せません：{}",
        foul(Lang::Ja, error)
    )
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
        } => illegal(*number, text, *error),
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
            end_reason(Lang::Ja, o.reason)
        ),
        None => format!("引き分け、{}", end_reason(Lang::Ja, o.reason)),
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
        StartError::UnknownSetup { game: g, id } => {
            let known: Vec<String> = koma_rules::setups::setups(*g)
                .iter()
                .map(|s| format!("「{}」{}", s.id, s.name))
                .collect();
            format!(
                "{}に手合い「{id}」はありません（手合い：{}）",
                game(*g),
                known.join("・")
            )
        }
        StartError::Both => {
            "対局は手合いか局面のどちらかから始まります（両方は指定できません）".into()
        }
        StartError::Preset { text } => {
            format!("中将棋のルール「{text}」は知りません：「jcsa」か「lishogi」です")
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

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use koma_rules::clock::TimeControl;
    use koma_rules::{EndReason, IllegalMove, Player};

    /// Whether `text` is written in Japanese (kana or kanji), not left in English.
    pub(crate) fn japanese(text: &str) -> bool {
        text.chars().any(|c| {
            ('\u{3040}'..='\u{30ff}').contains(&c) || ('\u{4e00}'..='\u{9fff}').contains(&c)
        }) && !text.contains(" the ")
            && !text.contains(" is ")
    }

    /// Every sample in both languages: English is the error's own words, Japanese is Japanese
    /// and not the English; and the samples hold one of each of the `kinds` kinds (`kind` is a
    /// match that names every variant, so a new one fails to build until it is counted here).
    fn check<E: std::fmt::Display + std::fmt::Debug>(
        samples: &[E],
        kind: impl Fn(&E) -> usize,
        kinds: usize,
        words: impl Fn(Lang, &E) -> String,
    ) {
        let mut seen: Vec<usize> = samples.iter().map(kind).collect();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(
            seen,
            (0..kinds).collect::<Vec<_>>(),
            "one sample of each kind"
        );
        for e in samples {
            let (en, ja) = (words(Lang::En, e), words(Lang::Ja, e));
            assert_eq!(en, e.to_string());
            assert!(japanese(&ja) && ja != en, "{e:?}: {ja}");
        }
    }

    pub(crate) fn position_error() -> PositionError {
        match koma_rules::notation::read_position(GameId::Shogi, "4k4/9/9/9/9/9/9/9/3KK4 b - 1") {
            Err(NotationError::Sfen(SfenError::Setup(e))) => e,
            other => panic!("two sente kings are no position: {other:?}"),
        }
    }

    pub(crate) fn sfen_errors() -> Vec<SfenError> {
        let g = GameId::Shogi;
        let hands = [
            HandFault::NoHands,
            HandFault::LionField,
            HandFault::TooLarge,
            HandFault::NotHeld,
            HandFault::Zero,
            HandFault::EndsWithNumber,
        ];
        let mut all = vec![
            SfenError::Empty,
            SfenError::RankCount {
                game: g,
                found: 2,
                expected: 9,
            },
            SfenError::RankLength {
                rank: 'c',
                found: 8,
                expected: 9,
            },
            SfenError::UnknownPiece {
                game: g,
                rank: 'a',
                letter: "Z".into(),
            },
            SfenError::Side("x".into()),
            SfenError::MissingSide,
            SfenError::MoveNumber("0".into()),
            SfenError::Trailing("zz".into()),
            SfenError::Setup(position_error()),
            SfenError::NotSquare(GameId::Sangoku),
        ];
        all.extend(hands.map(|why| SfenError::Hand {
            hand: "9P".into(),
            why,
        }));
        all
    }

    #[test]
    fn every_sfen_and_usi_fault_reads_in_both_languages() {
        check(
            &sfen_errors(),
            |e| match e {
                SfenError::Empty => 0,
                SfenError::RankCount { .. } => 1,
                SfenError::RankLength { .. } => 2,
                SfenError::UnknownPiece { .. } => 3,
                SfenError::Side(_) => 4,
                SfenError::MissingSide => 5,
                SfenError::Hand { .. } => 6,
                SfenError::MoveNumber(_) => 7,
                SfenError::Trailing(_) => 8,
                SfenError::Setup(_) => 9,
                SfenError::NotSquare(_) => 10,
            },
            11,
            sfen,
        );
        // each hand fault has its own words
        let hand: Vec<String> = sfen_errors()
            .iter()
            .filter(|e| matches!(e, SfenError::Hand { .. }))
            .map(|e| sfen(Lang::Ja, e))
            .collect();
        let mut distinct = hand.clone();
        distinct.dedup();
        assert_eq!(distinct.len(), 6);
        check(
            &[
                UsiError::Syntax("x".into()),
                UsiError::Square {
                    game: GameId::Minishogi,
                    square: "9i".into(),
                },
                UsiError::DropPiece("K".into()),
            ],
            |e| match e {
                UsiError::Syntax(_) => 0,
                UsiError::Square { .. } => 1,
                UsiError::DropPiece(_) => 2,
            },
            3,
            usi,
        );
        assert_eq!(
            sfen(
                Lang::Ja,
                &SfenError::RankCount {
                    game: GameId::Shogi,
                    found: 2,
                    expected: 9
                }
            ),
            "盤が2段あります（本将棋は9段）"
        );
    }

    #[test]
    fn every_fault_of_the_hexagon_s_notation_reads_in_both_languages() {
        let mut all: Vec<HexError> = [
            HexField::Board,
            HexField::Turn,
            HexField::Hands,
            HexField::Checker,
        ]
        .map(HexError::Missing)
        .into();
        all.extend([
            HexError::Rows(3),
            HexError::RowLength {
                row: 2,
                found: 3,
                expected: 6,
            },
            HexError::Piece("aZ".into()),
            HexError::Player("d".into()),
            HexError::Setup(position_error()),
            HexError::Trailing("x".into()),
            HexError::Cell("9,9".into()),
            HexError::Move("x".into()),
        ]);
        check(
            &all,
            |e| match e {
                HexError::Missing(_) => 0,
                HexError::Rows(_) => 1,
                HexError::RowLength { .. } => 2,
                HexError::Piece(_) => 3,
                HexError::Player(_) => 4,
                HexError::Setup(_) => 5,
                HexError::Trailing(_) => 6,
                HexError::Cell(_) => 7,
                HexError::Move(_) => 8,
            },
            9,
            hex,
        );
        let n = NotationError::Hex(HexError::Rows(3));
        assert_eq!(notation(Lang::Ja, &n), "盤が3行あります（六角盤は9行）");
    }

    pub(crate) fn kif_errors() -> Vec<KifError> {
        use kif::MoveFault::*;
        let mut all = vec![
            KifError::Encoding,
            KifError::Handicap("謎落ち".into()),
            KifError::Hand {
                line: 3,
                text: "謎".into(),
            },
            KifError::Illegal {
                number: 5,
                text: "２二角成".into(),
                error: IllegalMove::CannotMoveThere,
            },
        ];
        let boards = [
            BoardFault::Ranks {
                found: 8,
                needed: 9,
            },
            BoardFault::RankTooShort,
            BoardFault::BadSquare,
            BoardFault::OwnerMark,
            BoardFault::UnknownPiece,
            BoardFault::Position(position_error()),
        ];
        all.extend(boards.map(|why| KifError::Board { line: 4, why }));
        let moves = [
            NoPrevious,
            NoDestination,
            NoPiece,
            BadOrigin,
            OriginOffBoard,
            OriginDiffers,
            Ambiguous,
        ];
        all.extend(moves.map(|why| KifError::Syntax {
            number: 2,
            text: "同　歩".into(),
            why,
        }));
        all.extend(
            [
                VariationFault::NoNumber("変化：x".into()),
                VariationFault::Beyond { ply: 9, moves: 1 },
            ]
            .map(|why| KifError::Variation { line: 7, why }),
        );
        all
    }

    #[test]
    fn every_fault_of_a_kif_or_csa_record_reads_in_both_languages() {
        check(
            &kif_errors(),
            |e| match e {
                KifError::Encoding => 0,
                KifError::Handicap(_) => 1,
                KifError::Board { .. } => 2,
                KifError::Hand { .. } => 3,
                KifError::Syntax { .. } => 4,
                KifError::Variation { .. } => 5,
                KifError::Illegal { .. } => 6,
            },
            7,
            kif,
        );
        use LineFault::*;
        let lines = [
            RemovalGroups,
            RemovalSquare,
            RemovalPiece,
            RemovalMissing,
            RowFields,
            RowNumber,
            OwnerSign,
            UnknownPiece,
            PieceGroups,
            BadSquare,
            HandPromoted,
            Position(position_error()),
            UnknownStatement,
        ];
        let mut all: Vec<CsaError> = lines.map(|why| CsaError::Position { line: 2, why }).into();
        use csa::MoveFault as M;
        let moves = [
            M::Length,
            M::NotTurn,
            M::BadOrigin,
            M::BadDestination,
            M::UnknownPiece,
            M::NoPiece,
            M::OtherPiece,
        ];
        all.extend(moves.map(|why| CsaError::Syntax {
            number: 1,
            text: "+7776XX".into(),
            why,
        }));
        all.push(CsaError::Illegal {
            number: 1,
            text: "+7775FU".into(),
            error: IllegalMove::CannotMoveThere,
        });
        check(
            &all,
            |e| match e {
                CsaError::Position { .. } => 0,
                CsaError::Syntax { .. } => 1,
                CsaError::Illegal { .. } => 2,
            },
            3,
            csa,
        );
        // every detail has words of its own
        let mut ja: Vec<String> = all.iter().map(|e| csa(Lang::Ja, e)).collect();
        ja.sort();
        ja.dedup();
        assert_eq!(ja.len(), all.len());
    }

    pub(crate) fn load_errors() -> Vec<LoadError> {
        let usi = NotationError::Usi(UsiError::Syntax("x".into()));
        vec![
            LoadError::Empty,
            LoadError::Encoding,
            LoadError::NoKif(GameId::Chushogi),
            LoadError::Kif(KifError::Encoding),
            LoadError::Position(NotationError::Sfen(SfenError::Empty)),
            LoadError::MoveText {
                number: 3,
                text: "x".into(),
                error: usi,
            },
            LoadError::Illegal {
                number: 4,
                text: "P*5e".into(),
                error: IllegalMove::TwoPawns { file: 5 },
            },
            LoadError::AfterTheEnd {
                number: 241,
                text: "3j4j".into(),
                ended_at: 240,
                outcome: Outcome {
                    winner: Some(Player(1)),
                    reason: EndReason::Checkmate,
                },
                game: GameId::Chushogi,
                options: RuleOptions::default(),
            },
        ]
    }

    pub(crate) fn start_errors() -> Vec<StartError> {
        vec![
            StartError::Position(NotationError::Sfen(SfenError::MissingSide)),
            StartError::UnknownSetup {
                game: GameId::Shogi,
                id: "queen".into(),
            },
            StartError::Both,
            StartError::Preset { text: "x".into() },
            StartError::NoPresets {
                game: GameId::Shogi,
                text: "jcsa".into(),
            },
        ]
    }

    #[test]
    fn every_fault_of_a_loaded_record_and_a_start_reads_in_both_languages() {
        check(
            &load_errors(),
            |e| match e {
                LoadError::Empty => 0,
                LoadError::Encoding => 1,
                LoadError::NoKif(_) => 2,
                LoadError::Kif(_) => 3,
                LoadError::Position(_) => 4,
                LoadError::MoveText { .. } => 5,
                LoadError::Illegal { .. } => 6,
                LoadError::AfterTheEnd { .. } => 7,
            },
            8,
            load,
        );
        let after = load_errors().pop().expect("one sample of each");
        assert_eq!(
            load(Lang::En, &after),
            "move 241 (3j4j): the game ended at move 240, gote won by checkmate (JCSA rules)"
        );
        assert_eq!(
            load(Lang::Ja, &after),
            "241手目（3j4j）：対局は240手目で終わっています（後手の勝ち、詰み（JCSAのルール））"
        );
        check(
            &start_errors(),
            |e| match e {
                StartError::Position(_) => 0,
                StartError::UnknownSetup { .. } => 1,
                StartError::Both => 2,
                StartError::Preset { .. } => 3,
                StartError::NoPresets { .. } => 4,
            },
            5,
            start,
        );
        let tc: TimeControl = "600+30".parse().expect("a clock");
        check(
            &[
                ClockFault::Players {
                    main: 3,
                    periods: 3,
                    players: 2,
                },
                ClockFault::Main { ms: 1 << 40, tc },
                ClockFault::Periods { left: 4, tc },
            ],
            |e| match e {
                ClockFault::Players { .. } => 0,
                ClockFault::Main { .. } => 1,
                ClockFault::Periods { .. } => 2,
            },
            3,
            clock_state,
        );
        check(&[BadTimeControl("soon".into())], |_| 0, 1, clock);
        check(&[BadLevel("9".into())], |_| 0, 1, level);
    }
}
