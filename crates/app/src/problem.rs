//! What the app tells a person when something it was given cannot be used: an address, an
//! embed's options, a record or a position, a saved game. Each fault is one typed value, made
//! where it is found and carried as it is to the view, which words it in the reader's language
//! ([`Problem::text`]); nothing turns it into a string before then. The rules' faults are worded
//! by [`crate::i18n::texts`] (English is their own `Display`); the app's own are worded here, in
//! both languages side by side.

use koma_engine::BadLevel;
use koma_rules::clock::{BadTimeControl, ClockFault};
use koma_rules::kif::KifError;
use koma_rules::loading::LoadError;
use koma_rules::notation::NotationError;
use koma_rules::setups::StartError;
use koma_rules::{EndReason, GameId, IllegalMove};

use crate::i18n::{Lang, end_reason, foul, texts};

/// What a value of an address or an embed's options may be.
#[derive(Clone, Debug, PartialEq)]
pub enum Takes {
    /// A number of moves.
    Count,
    /// A whole number from `lo` to `hi`.
    Range(usize, usize),
    /// Computer seats: player numbers, comma-separated.
    Seats,
    /// A saved game's id (letters and digits).
    SavedId,
    /// One of these words.
    OneOf(&'static [&'static str]),
    /// A seat from 0 to the number given.
    Seat(u8),
    /// An arrow, `<from>><to>`.
    Arrow,
}

impl Takes {
    fn text(&self, lang: Lang) -> String {
        match (self, lang) {
            (Takes::Count, Lang::En) => "not a number of moves".into(),
            (Takes::Count, Lang::Ja) => "手数ではありません".into(),
            (Takes::Range(lo, hi), Lang::En) => format!("expected {lo} to {hi}"),
            (Takes::Range(lo, hi), Lang::Ja) => format!("{lo}から{hi}までの数です"),
            (Takes::Seats, Lang::En) => {
                "seats are player numbers 0, 1 and 2, comma-separated".into()
            }
            (Takes::Seats, Lang::Ja) => "席は対局者の番号0・1・2をコンマで区切ります".into(),
            (Takes::SavedId, Lang::En) => "not the id of a saved game".into(),
            (Takes::SavedId, Lang::Ja) => "保存した対局の番号ではありません".into(),
            (Takes::OneOf(words), Lang::En) => match words.split_last() {
                Some((last, [])) => (*last).to_string(),
                Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
                None => String::new(),
            },
            (Takes::OneOf(words), Lang::Ja) => {
                let quoted: String = words.iter().map(|w| format!("「{w}」")).collect();
                format!("{quoted}のどれかです")
            }
            (Takes::Seat(max), Lang::En) => format!("a seat from 0 to {max}"),
            (Takes::Seat(max), Lang::Ja) => format!("席は0から{max}です"),
            (Takes::Arrow, Lang::En) => "write <from>><to>".into(),
            (Takes::Arrow, Lang::Ja) => "「移動元>移動先」の形で書きます".into(),
        }
    }
}

/// Why a kept entry (a saved game, a review) cannot be read.
#[derive(Clone, Debug, PartialEq)]
pub enum Unreadable {
    /// The browser's storage refused, in the browser's words.
    Storage(String),
    /// The text is not JSON.
    NotJson,
    /// The JSON is not an entry (an object).
    NotEntry,
    /// No schema version.
    NoSchema,
    /// A schema that is not a version number.
    BadSchema(f64),
    /// An entry of another shape, in the reader's (serde's) words.
    Shape(String),
    /// The entry names another id.
    OtherId(String),
    /// It was set aside, and reads now (set aside by an older Koma).
    SetAside,
}

impl Unreadable {
    fn text(&self, lang: Lang) -> String {
        match (self, lang) {
            (Unreadable::Storage(w), Lang::En) => format!("the browser's storage refused ({w})"),
            (Unreadable::Storage(w), Lang::Ja) => format!("ブラウザの保存領域が拒みました（{w}）"),
            (Unreadable::NotJson, Lang::En) => "its text is not JSON".into(),
            (Unreadable::NotJson, Lang::Ja) => "JSONではありません".into(),
            (Unreadable::NotEntry, Lang::En) => "its text is not an entry".into(),
            (Unreadable::NotEntry, Lang::Ja) => "保存の記録ではありません".into(),
            (Unreadable::NoSchema, Lang::En) => "it has no schema version".into(),
            (Unreadable::NoSchema, Lang::Ja) => "形式の版がありません".into(),
            (Unreadable::BadSchema(s), Lang::En) => format!("schema {s} is not a version"),
            (Unreadable::BadSchema(s), Lang::Ja) => format!("形式 {s} は版の番号ではありません"),
            (Unreadable::Shape(w), Lang::En) => w.clone(),
            (Unreadable::Shape(w), Lang::Ja) => format!("記録の形が違います（{w}）"),
            (Unreadable::OtherId(id), Lang::En) => format!("it names itself {id:?}"),
            (Unreadable::OtherId(id), Lang::Ja) => format!("自分を「{id}」と名乗っています"),
            (Unreadable::SetAside, Lang::En) => "it was set aside".into(),
            (Unreadable::SetAside, Lang::Ja) => "取り分けてあります".into(),
        }
    }
}

/// Why a saved game cannot be opened.
#[derive(Clone, Debug, PartialEq)]
pub enum Saved {
    /// No saved game has the id.
    Missing,
    /// Kept by a newer Koma (the schema).
    Newer(u32),
    /// It cannot be read.
    Unreadable(Unreadable),
    /// A game of another game: its game as kept, and the address's.
    OtherGame(String, GameId),
    /// It reads, but does not replay.
    Replay(Box<Problem>),
}

impl Saved {
    fn text(&self, id: &str, lang: Lang) -> String {
        match self {
            Saved::Missing => lang2(
                lang,
                || format!("番号 {id} の保存した対局はありません"),
                || format!("no saved game has the id {id}"),
            ),
            Saved::Newer(n) => lang2(
                lang,
                || {
                    format!(
                        "保存した対局 {id} は新しい版のKomaで保存されています（形式 {n}）：このページを再読み込みしてください"
                    )
                },
                || {
                    format!(
                        "the saved game {id} was saved by a newer Koma (schema {n}): reload the page to update"
                    )
                },
            ),
            Saved::Unreadable(why) => lang2(
                lang,
                || format!("保存した対局 {id} は読めません：{}", why.text(lang)),
                || format!("the saved game {id} cannot be read: {}", why.text(lang)),
            ),
            Saved::OtherGame(its, asked) => lang2(
                lang,
                || {
                    format!(
                        "保存した対局 {id} は{its}の対局で、{}ではありません",
                        asked.as_str()
                    )
                },
                || {
                    format!(
                        "the saved game {id} is a game of {its}, not of {}",
                        asked.as_str()
                    )
                },
            ),
            Saved::Replay(why) => lang2(
                lang,
                || format!("保存した対局 {id} を開けません：{}", why.text(lang)),
                || format!("the saved game {id}: {}", why.text(lang)),
            ),
        }
    }
}

/// What went wrong with the server or the line to it.
#[derive(Clone, Debug, PartialEq)]
pub enum Link {
    /// The server cannot be reached, in the browser's words.
    Network(String),
    /// The server answered what the page cannot read (the answer).
    Answer(String),
    /// The server refused a request: its status and, where it gave them, its words.
    Status {
        /// The HTTP status.
        status: u16,
        /// The server's words.
        words: Option<String>,
    },
    /// A request the page cannot write.
    Unwritable,
    /// The page has no address to reach the server from.
    NoAddress,
    /// The server refused the connection: its code and words.
    Refusal {
        /// What kind of refusal.
        code: koma_wire::ErrorCode,
        /// The server's words.
        words: String,
    },
    /// The server's game does not play here.
    Broken,
}

impl Link {
    fn text(&self, lang: Lang) -> String {
        match self {
            Link::Network(w) => lang2(
                lang,
                || format!("サーバーにつながりません（{w}）"),
                || format!("the server cannot be reached ({w})"),
            ),
            Link::Answer(a) => lang2(
                lang,
                || format!("サーバーの返事が読めません：{a}"),
                || format!("the server's answer cannot be read: {a}"),
            ),
            Link::Status { status, words } => match lang {
                Lang::En => words
                    .clone()
                    .unwrap_or_else(|| format!("the server answered {status}")),
                Lang::Ja => {
                    let ja = match status {
                        404 => "その対局はありません".to_string(),
                        409 => "その席はもう埋まっているか、対局が始まっています".into(),
                        429 => "このアドレスから作った対局が多すぎます：1分待ってください".into(),
                        400..=499 => "サーバーがこの依頼を受け付けませんでした".into(),
                        _ => format!("サーバーが答えられませんでした（{status}）"),
                    };
                    match words {
                        Some(w) if *status == 400 => format!("{ja}（{w}）"),
                        _ => ja,
                    }
                }
            },
            Link::Unwritable => lang
                .pick("依頼を書けません", "the request cannot be written")
                .into(),
            Link::NoAddress => lang
                .pick(
                    "このページにはサーバーのアドレスがありません",
                    "the page has no address to reach the server from",
                )
                .into(),
            Link::Refusal { code, words } => crate::i18n::refusal(lang, *code, None, words),
            Link::Broken => lang
                .pick(
                    "サーバーの対局がここでは再生できません",
                    "the server's game cannot be played here",
                )
                .into(),
        }
    }
}

/// Why the computer (the engine's worker) stopped.
#[derive(Clone, Debug, PartialEq)]
pub enum Halt {
    /// The worker could not be started, in the browser's words.
    NotStarted(String),
    /// The worker stopped, with the browser's words where it gave some.
    Stopped(Option<String>),
    /// The worker sent what the page cannot read (the reader's words).
    Unreadable(String),
    /// The worker refused the page's request, in its words (or its loader's).
    Refused(String),
    /// It proposed a move that is not legal here (the move).
    Illegal(String),
    /// It found no move.
    NoMove,
    /// Its move cannot be read.
    BadMove {
        /// The move as sent.
        text: String,
        /// What is wrong.
        error: NotationError,
    },
}

impl Halt {
    fn text(&self, lang: Lang) -> String {
        match (self, lang) {
            (Halt::NotStarted(w), Lang::En) => format!("the engine cannot be started: {w}"),
            (Halt::NotStarted(w), Lang::Ja) => format!("エンジンを起動できません（{w}）"),
            (Halt::Stopped(None), Lang::En) => "the engine's worker stopped".into(),
            (Halt::Stopped(None), Lang::Ja) => "エンジンのワーカーが止まりました".into(),
            (Halt::Stopped(Some(w)), Lang::En) => format!("the engine's worker stopped: {w}"),
            (Halt::Stopped(Some(w)), Lang::Ja) => {
                format!("エンジンのワーカーが止まりました（{w}）")
            }
            (Halt::Unreadable(w), Lang::En) => {
                format!("the engine sent what the page cannot read: {w}")
            }
            (Halt::Unreadable(w), Lang::Ja) => {
                format!("エンジンの返事をページが読めません（{w}）")
            }
            (Halt::Refused(w), Lang::En) => w.clone(),
            (Halt::Refused(w), Lang::Ja) => format!("エンジンが依頼を断りました（{w}）"),
            (Halt::Illegal(m), Lang::En) => {
                format!("the computer proposed {m}, which is not legal here; the game is unchanged")
            }
            (Halt::Illegal(m), Lang::Ja) => {
                format!("コンピュータが指せない手 {m} を返しました。対局はそのままです")
            }
            (Halt::NoMove, Lang::En) => "the computer found no move".into(),
            (Halt::NoMove, Lang::Ja) => "コンピュータが指し手を見つけられませんでした".into(),
            (Halt::BadMove { text, error }, Lang::En) => format!(
                "the computer's move {text:?} cannot be read: {}",
                texts::notation(lang, error)
            ),
            (Halt::BadMove { text, error }, Lang::Ja) => format!(
                "コンピュータの手「{text}」が読めません：{}",
                texts::notation(lang, error)
            ),
        }
    }
}

/// A fault the app shows, typed until it is shown.
#[derive(Clone, Debug, PartialEq)]
pub enum Problem {
    /// An address that names no screen (the address).
    NoPage(String),
    /// `#/online/<id>` with an id that is none.
    OnlineAddress(String),
    /// A seat's link with a token that is none.
    SeatLink(String),
    /// A game id that is none of Koma's (as given).
    UnknownGame(String),
    /// A value of an address or an embed's options that cannot be used: its key, the value as
    /// given, what it takes.
    Value {
        /// The key (`ply`, `lines`, `mode`...).
        key: &'static str,
        /// The value as given.
        value: String,
        /// What it may be.
        takes: Takes,
    },
    /// A clock that cannot be read.
    Clock(BadTimeControl),
    /// A level that is none.
    Level(BadLevel),
    /// A start (position, setup, preset) that is none.
    Start(StartError),
    /// A computer seat the game does not have.
    ComputerSeat {
        /// The seat asked for.
        seat: u8,
        /// The game.
        game: GameId,
    },
    /// More of something than an embed shows: what, how many, the most.
    TooMany {
        /// Moves (`true`) or marks and arrows.
        moves: bool,
        /// How many were given.
        count: usize,
        /// The most.
        max: usize,
    },
    /// A move that cannot be read (its number from 1 and its text).
    MoveText {
        /// The move's number in the line.
        number: usize,
        /// The move as written.
        text: String,
        /// What is wrong.
        error: NotationError,
    },
    /// A move the rules refuse.
    Illegal {
        /// The move's number in the line.
        number: usize,
        /// The move as written.
        text: String,
        /// The rule.
        error: IllegalMove,
    },
    /// A name of no cell of the game.
    Cell {
        /// The name as given.
        text: String,
        /// The game.
        game: GameId,
    },
    /// A ply beyond the game's moves.
    PlyBeyond {
        /// The ply asked for.
        ply: usize,
        /// The moves the game has.
        moves: usize,
    },
    /// A record that cannot be loaded.
    Load(LoadError),
    /// A KIF record (with variations) that cannot be read.
    Kif(KifError),
    /// A variation (numbered from 1) that follows no move of the line before it.
    Variation(usize),
    /// A position (the editor's SFEN) that cannot be read.
    Position(NotationError),
    /// The clipboard cannot be read here.
    Clipboard,
    /// A game ended by a move that more moves follow.
    EndedEarly {
        /// The move's number.
        number: usize,
        /// The move as written.
        text: String,
        /// How it ended.
        reason: EndReason,
    },
    /// A foul that cannot be read or does not end the game as one.
    Foul(String),
    /// An ending that does not fit the game.
    Ending(String),
    /// Kept clocks that do not fit their control.
    Clocks(ClockFault),
    /// The computer stopped.
    Computer(Halt),
    /// A saved game that cannot be opened: its id, and why.
    Saved(String, Saved),
    /// The server, or the line to it.
    Online(Link),
    /// An exercise's goal that cannot be read (`goal=`; empty: none given).
    Goal {
        /// The text given.
        text: String,
        /// What is wrong.
        error: koma_learn::GoalError,
    },
    /// An exercise that cannot be done within its par (or at all).
    Exercise(koma_learn::solve::Unsolved),
}

impl Problem {
    /// In words, in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        use Problem::*;
        let ja = lang == Lang::Ja;
        match self {
            NoPage(h) => h.clone(),
            OnlineAddress(h) => lang2(
                lang,
                || format!("{h}：オンライン対局のアドレスではありません"),
                || format!("{h}: not an online game's address"),
            ),
            SeatLink(h) => lang2(
                lang,
                || format!("{h}：席のリンクではありません"),
                || format!("{h}: not a seat's link"),
            ),
            UnknownGame(g) => lang2(
                lang,
                || format!("game={g}：Komaにないゲームです"),
                || format!("game={g}: not a game Koma plays"),
            ),
            Value { key, value, takes } => format!(
                "{key}={value}{}{}",
                if ja { "：" } else { ": " },
                takes.text(lang)
            ),
            Clock(e) => texts::clock(lang, e),
            Level(e) => texts::level(lang, e),
            Start(e) => texts::start(lang, e),
            ComputerSeat { seat, game } => {
                let v = koma_rules::Variant::get(*game);
                lang2(
                    lang,
                    || {
                        format!(
                            "computer={seat}：{}の席は0から{}です",
                            koma_rules::names::game_in(*game, Lang::Ja),
                            v.players() - 1
                        )
                    },
                    || format!("computer={seat}: {game} has seats 0 to {}", v.players() - 1),
                )
            }
            TooMany { moves, count, max } => match (moves, lang) {
                (true, Lang::En) => format!("moves: {count} moves, at most {max}"),
                (true, Lang::Ja) => format!("moves：{count}手あります（最大{max}手）"),
                (false, Lang::En) => format!("{count} marks and arrows, at most {max}"),
                (false, Lang::Ja) => format!("印と矢印が{count}個あります（最大{max}個）"),
            },
            MoveText {
                number,
                text,
                error,
            } => lang2(
                lang,
                || format!("{number}手目（{text}）：{}", texts::notation(lang, error)),
                || format!("move {number} ({text}): {}", texts::notation(lang, error)),
            ),
            Illegal {
                number,
                text,
                error,
            } => lang2(
                lang,
                || format!("{number}手目（{text}）：{}", foul(lang, *error)),
                || format!("move {number} ({text}): {}", foul(lang, *error)),
            ),
            Cell { text, game } => lang2(
                lang,
                || {
                    format!(
                        "「{text}」は{}のマスではありません",
                        koma_rules::names::game_in(*game, Lang::Ja)
                    )
                },
                || format!("{text:?} is not a cell of {game}"),
            ),
            PlyBeyond { ply, moves } => lang2(
                lang,
                || format!("ply={ply}：この対局は{moves}手です"),
                || format!("ply={ply}: the game has {moves} moves"),
            ),
            Load(e) => texts::load(lang, e),
            Kif(e) => texts::kif(lang, e),
            Variation(n) => lang2(
                lang,
                || format!("変化{n}：前の手順のどの手にも続きません"),
                || format!("variation {n}: it follows no move of the line before it"),
            ),
            Position(e) => lang2(
                lang,
                || format!("局面：{}", texts::notation(lang, e)),
                || format!("sfen: {}", texts::notation(lang, e)),
            ),
            Clipboard => lang
                .pick(
                    "クリップボードを読めない：下の欄に貼り付けて「読込」を押してください",
                    "The clipboard cannot be read here: paste into the box below, then Load.",
                )
                .into(),
            EndedEarly {
                number,
                text,
                reason,
            } => lang2(
                lang,
                || {
                    format!(
                        "{number}手目（{text}）で対局が終わっている（{}）のに、後に手が続きます",
                        end_reason(lang, *reason)
                    )
                },
                || {
                    format!(
                        "move {number} ({text}) ended the game ({}), yet more moves follow",
                        reason.id()
                    )
                },
            ),
            Foul(text) => lang2(
                lang,
                || format!("反則の手 {text} はこの対局を反則で終わらせません"),
                || format!("the foul {text} does not end this game as a foul"),
            ),
            Ending(e) => lang2(
                lang,
                || format!("終局「{e}」はこの対局に合いません"),
                || format!("the ending {e} does not fit the game"),
            ),
            Clocks(e) => lang2(
                lang,
                || format!("時計：{}", texts::clock_state(lang, e)),
                || format!("the clock: {}", texts::clock_state(lang, e)),
            ),
            Computer(h) => h.text(lang),
            Saved(id, why) => why.text(id, lang),
            Online(l) => l.text(lang),
            Goal { text, error } => goal_text(lang, text, error),
            Exercise(why) => exercise_text(lang, why),
        }
    }
}

/// A goal that cannot be read, in words.
fn goal_text(lang: Lang, text: &str, error: &koma_learn::GoalError) -> String {
    use koma_learn::GoalError;
    if text.is_empty() {
        return lang2(
            lang,
            || {
                "goal：練習には目標が要ります（reach:…, capture:…, mate, win, draw, escape, check, pass, foul:…, promote, promote:no, declare, impasse）".into()
            },
            || {
                "goal: an exercise needs a goal (reach:…, capture:…, mate, win, draw, escape, check, pass, foul:…, promote, promote:no, declare, impasse)".into()
            },
        );
    }
    let ja = match error {
        GoalError::Unknown(_) => {
            "目標ではありません（reach:…, capture:…, mate, win, draw, escape, check, pass, foul:…, promote, promote:no, declare, impasse）"
                .to_string()
        }
        GoalError::Cell { cell, .. } => format!("「{cell}」はこの盤の升ではありません"),
        GoalError::NoCells(_) => "升が書かれていません".to_string(),
        GoalError::Rule(rule) => format!(
            "「{rule}」は反則の目標にできる規則ではありません（{}）",
            koma_learn::goal::FOUL_RULES.join(", ")
        ),
    };
    lang2(
        lang,
        || format!("goal={text}：{ja}"),
        || format!("goal={text}: {error}"),
    )
}

/// An exercise that cannot be done, in words.
fn exercise_text(lang: Lang, why: &koma_learn::solve::Unsolved) -> String {
    use koma_learn::solve::Unsolved;
    let ja = match why {
        Unsolved::Already => "一手も指す前に目標が達成されています".to_string(),
        Unsolved::Over => "指す前に対局が終わっています".to_string(),
        Unsolved::NotWithin(n) => format!("{n}手以内に目標に届く手順がありません"),
        Unsolved::Budget => "手順を探しきれません（局面が大きすぎます）".to_string(),
    };
    lang2(
        lang,
        || format!("この練習はできません：{ja}"),
        || format!("this exercise cannot be done: {why}"),
    )
}

/// The Japanese or the English, made only in the language asked for.
fn lang2(lang: Lang, ja: impl FnOnce() -> String, en: impl FnOnce() -> String) -> String {
    match lang {
        Lang::Ja => ja(),
        Lang::En => en(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::texts::tests::{japanese, kif_errors, load_errors, start_errors};
    use koma_rules::clock::TimeControl;
    use koma_rules::sfen::{SfenError, UsiError};

    fn usi() -> NotationError {
        NotationError::Usi(UsiError::Syntax("x".into()))
    }

    /// An address's and an embed's problems.
    fn addresses() -> Vec<Problem> {
        let takes = [
            Takes::Count,
            Takes::Range(1, 5),
            Takes::Seats,
            Takes::SavedId,
            Takes::OneOf(&["view", "replay", "play", "puzzle"]),
            Takes::Seat(2),
            Takes::Arrow,
        ];
        let mut all = vec![
            Problem::NoPage("/nowhere".into()),
            Problem::OnlineAddress("/online/x".into()),
            Problem::SeatLink("/online/0123456789abcdef?seat=x".into()),
            Problem::UnknownGame("chess".into()),
            Problem::Clock(BadTimeControl("soon".into())),
            Problem::Level(BadLevel("9".into())),
            Problem::ComputerSeat {
                seat: 2,
                game: GameId::Shogi,
            },
            Problem::TooMany {
                moves: true,
                count: 2000,
                max: 1000,
            },
            Problem::TooMany {
                moves: false,
                count: 300,
                max: 200,
            },
            Problem::MoveText {
                number: 2,
                text: "x".into(),
                error: usi(),
            },
            Problem::Illegal {
                number: 2,
                text: "7f7e".into(),
                error: IllegalMove::CannotMoveThere,
            },
            Problem::Cell {
                text: "9z".into(),
                game: GameId::Shogi,
            },
            Problem::PlyBeyond { ply: 4, moves: 3 },
            Problem::Variation(2),
            Problem::Position(NotationError::Sfen(SfenError::Empty)),
            Problem::Clipboard,
        ];
        all.extend(takes.map(|takes| Problem::Value {
            key: "lines",
            value: "9".into(),
            takes,
        }));
        all.extend(start_errors().into_iter().map(Problem::Start));
        all.extend(load_errors().into_iter().map(Problem::Load));
        all.extend(kif_errors().into_iter().map(Problem::Kif));
        all
    }

    /// A saved game's problems.
    fn saved_games() -> Vec<Problem> {
        let tc: TimeControl = "600+30".parse().expect("a clock");
        let unreadable = [
            Unreadable::Storage("SecurityError".into()),
            Unreadable::NotJson,
            Unreadable::NotEntry,
            Unreadable::NoSchema,
            Unreadable::BadSchema(0.5),
            Unreadable::Shape("missing field `moves`".into()),
            Unreadable::OtherId("b".into()),
            Unreadable::SetAside,
        ];
        let mut saved = vec![
            Saved::Missing,
            Saved::Newer(2),
            Saved::OtherGame("minishogi".into(), GameId::Shogi),
            Saved::Replay(Box::new(Problem::Foul("5e5d".into()))),
        ];
        saved.extend(unreadable.map(Saved::Unreadable));
        let mut all: Vec<Problem> = saved
            .into_iter()
            .map(|s| Problem::Saved("a1".into(), s))
            .collect();
        all.extend([
            Problem::EndedEarly {
                number: 5,
                text: "5e5d".into(),
                reason: EndReason::Checkmate,
            },
            Problem::Foul("5e5d".into()),
            Problem::Ending("Impasse".into()),
            Problem::Clocks(ClockFault::Periods { left: 4, tc }),
        ]);
        all
    }

    /// The server's, the line's and the computer's problems.
    fn services() -> Vec<Problem> {
        let mut links = vec![
            Link::Network("NetworkError when attempting to fetch resource.".into()),
            Link::Answer("<html>".into()),
            Link::Unwritable,
            Link::NoAddress,
            Link::Refusal {
                code: koma_wire::ErrorCode::BadToken,
                words: "this seat's link is not valid".into(),
            },
            Link::Broken,
            Link::Status {
                status: 502,
                words: None,
            },
        ];
        links.extend([400, 404, 409, 429, 500, 503].map(|status| Link::Status {
            status,
            words: Some("game: unknown game \"chess\"".into()),
        }));
        let halts = [
            Halt::NotStarted("SecurityError".into()),
            Halt::Stopped(None),
            Halt::Stopped(Some("out of memory".into())),
            Halt::Unreadable("missing field `id`".into()),
            Halt::Refused("level 9: expected 1 to 8".into()),
            Halt::Illegal("7g7f".into()),
            Halt::NoMove,
            Halt::BadMove {
                text: "x".into(),
                error: usi(),
            },
        ];
        let mut all: Vec<Problem> = links.into_iter().map(Problem::Online).collect();
        all.extend(halts.map(Problem::Computer));
        use koma_learn::GoalError;
        use koma_learn::solve::Unsolved;
        all.extend(
            [
                ("", GoalError::Unknown(String::new())),
                ("check", GoalError::Unknown("check".into())),
                (
                    "reach:9z",
                    GoalError::Cell {
                        cell: "9z".into(),
                        game: "shogi",
                    },
                ),
                ("reach:", GoalError::NoCells("reach:".into())),
                ("foul:x", GoalError::Rule("x".into())),
            ]
            .map(|(text, error)| Problem::Goal {
                text: text.into(),
                error,
            }),
        );
        all.extend(
            [
                Unsolved::Already,
                Unsolved::Over,
                Unsolved::NotWithin(3),
                Unsolved::Budget,
            ]
            .map(Problem::Exercise),
        );
        all
    }

    /// Which kind a problem is (the match names every kind: a new one fails to build until it
    /// is counted, and given a sample above).
    fn kind(p: &Problem) -> usize {
        match p {
            Problem::NoPage(_) => 0,
            Problem::OnlineAddress(_) => 1,
            Problem::SeatLink(_) => 2,
            Problem::UnknownGame(_) => 3,
            Problem::Value { .. } => 4,
            Problem::Clock(_) => 5,
            Problem::Level(_) => 6,
            Problem::Start(_) => 7,
            Problem::ComputerSeat { .. } => 8,
            Problem::TooMany { .. } => 9,
            Problem::MoveText { .. } => 10,
            Problem::Illegal { .. } => 11,
            Problem::Cell { .. } => 12,
            Problem::PlyBeyond { .. } => 13,
            Problem::Load(_) => 14,
            Problem::Kif(_) => 15,
            Problem::Variation(_) => 16,
            Problem::Position(_) => 17,
            Problem::Clipboard => 18,
            Problem::EndedEarly { .. } => 19,
            Problem::Foul(_) => 20,
            Problem::Ending(_) => 21,
            Problem::Clocks(_) => 22,
            Problem::Computer(_) => 23,
            Problem::Saved(..) => 24,
            Problem::Online(_) => 25,
            Problem::Goal { .. } => 26,
            Problem::Exercise(_) => 27,
        }
    }

    #[test]
    fn every_problem_the_app_shows_reads_in_both_languages() {
        let all: Vec<Problem> = [addresses(), saved_games(), services()].concat();
        let mut kinds: Vec<usize> = all.iter().map(kind).collect();
        kinds.sort_unstable();
        kinds.dedup();
        assert_eq!(
            kinds,
            (0..28).collect::<Vec<_>>(),
            "one problem of each kind"
        );
        for p in &all {
            let (en, ja) = (p.text(Lang::En), p.text(Lang::Ja));
            // an address is shown as it was given, in both
            if !matches!(p, Problem::NoPage(_)) {
                assert!(japanese(&ja) && ja != en, "{p:?}: {ja}");
            }
        }
        let lines = Problem::Value {
            key: "lines",
            value: "9".into(),
            takes: Takes::Range(1, 5),
        };
        assert_eq!(lines.text(Lang::En), "lines=9: expected 1 to 5");
        assert_eq!(lines.text(Lang::Ja), "lines=9：1から5までの数です");
        let mode = Problem::Value {
            key: "mode",
            value: "x".into(),
            takes: Takes::OneOf(&["view", "replay", "play", "puzzle"]),
        };
        assert_eq!(mode.text(Lang::En), "mode=x: view, replay, play or puzzle");
        assert_eq!(
            mode.text(Lang::Ja),
            "mode=x：「view」「replay」「play」「puzzle」のどれかです"
        );
    }
}
