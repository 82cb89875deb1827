//! An exercise on a board: a position and a goal the rules judge ([`koma_learn::Exercise`]),
//! as a lesson's step (`#/learn`, see [`crate::learn`]) and as the embed's `mode=exercise`
//! (see [`crate::embed`]) show it.
//!
//! The learner moves by drag or tap as on every board. Each try goes to the judge first:
//! - a move the rules refuse is named by its rule, on the board (`[data-foul]`) and in the
//!   status (`[data-exercise-state="refused"]`), except in a `foul:` step, where that
//!   refusal is the goal;
//! - a legal move that cannot serve the goal (a `foul:` step's legal move, a promotion not
//!   chosen or not declined, a move after which the opponent escapes the mate) is not played
//!   and is explained (`[data-wrong]`: `legal`, `not-promoted`, `promoted`, `no-mate`,
//!   `no-check`, `no-pass`);
//! - in a `declare` or `impasse` step the learner claims with the frame's button
//!   (`[data-action="declare"]`, `[data-action="impasse"]`), as on the play screen; a claim
//!   the rules would not grant is not made and is explained (`[data-wrong]`: `declaration`,
//!   `not-entered`, `points`), the conditions shown beside the button (`[data-declaration]`
//!   with each `[data-condition]`, `[data-impasse-points]`);
//! - any other move is played; with opponents to answer, the answer that holds the goal off
//!   longest follows after a moment ([`koma_learn::Exercise::defence`]).
//!
//! The squares a piece can reach are not lit at first: a newcomer finds them from the text,
//! and a wrong try lights them from then on (a lion waiting for its second step shows where
//! it may go, as on every board: the wait is otherwise invisible). The targets of `reach:` and `capture:` are marked
//! (yellow to reach, red to take) until they are done. "Show" (`[data-action="show"]`) draws
//! the next move of a shortest way as an arrow until the step is done (the step then counts
//! one star); "Again" (`[data-action="retry"]`) starts the step over.
//!
//! Hooks: the frame's `[data-exercise-state]` (`waiting`, `going`, `refused`, `wrong`,
//! `done`, `over`), `[data-goal]` (the goal as `goal=` writes it), `[data-stars]` and
//! `[data-step-done]` once done, `[data-wrong]`, `[data-moves]` (the learner's moves so
//! far). The host hears each judgement as a `koma:exercise` [`Event`]: `state` as above,
//! `rule` the refusing rule's id or the wrong try's id, `stars` once done, `message` in words.

use std::rc::Rc;

use koma_learn::{Exercise, Goal, Step, Verdict, Wrong};
use koma_rules::{Cell, IllegalMove, Move, Outcome, Player, notation};
use yew::prelude::*;

use crate::board::{Board, Shape};
use crate::events::Event;
use crate::i18n::{self, Lang};
use crate::table::{Table, TableAction, result_hooks};
use crate::view::{cells_of, hands_of, last_cells};

/// How long an opponent's answer waits, so the learner sees their own move first (ms).
const ANSWER_MS: u32 = 450;

/// What the last try did, as the frame says it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Said {
    /// Nothing tried yet.
    Waiting,
    /// Played; the step goes on.
    Going,
    /// Refused by the rules, for this rule.
    Refused(IllegalMove),
    /// Legal, but not the goal's.
    Wrong(Wrong),
    /// Done, with its stars.
    Done(u8),
    /// The game ended without the goal.
    Over(Outcome),
}

impl Said {
    /// The state's id (`data-exercise-state`, the event's `state`).
    pub fn id(self) -> &'static str {
        match self {
            Said::Waiting => "waiting",
            Said::Going => "going",
            Said::Refused(_) => "refused",
            Said::Wrong(_) => "wrong",
            Said::Done(_) => "done",
            Said::Over(_) => "over",
        }
    }
}

/// The goal in words, in `lang`.
pub fn goal_words(lang: Lang, goal: &Goal) -> String {
    match goal {
        Goal::Reach(c) if c.len() > 1 => lang
            .pick(
                "印の升すべてに駒を進めましょう。",
                "Move onto every marked square.",
            )
            .into(),
        Goal::Reach(_) => lang
            .pick("印の升へ駒を進めましょう。", "Move onto the marked square.")
            .into(),
        Goal::Capture(c) if c.len() > 1 => lang
            .pick("印の駒をすべて取りましょう。", "Take every marked piece.")
            .into(),
        Goal::Capture(_) => lang
            .pick("印の駒を取りましょう。", "Take the marked piece.")
            .into(),
        Goal::Mate => lang.pick("詰ませましょう。", "Checkmate.").into(),
        Goal::Win => lang
            .pick("ルールのとおりに勝ちましょう。", "Win by the rules.")
            .into(),
        Goal::Draw => lang
            .pick(
                "ルールのとおりに引き分けにしましょう。",
                "Draw by the rules.",
            )
            .into(),
        Goal::Escape => lang
            .pick("王手を防ぎましょう。", "Get out of check.")
            .into(),
        Goal::Check => lang.pick("王手をかけましょう。", "Give check.").into(),
        Goal::Pass => lang
            .pick(
                "獅子でじっと（パス）しましょう。",
                "Pass with the lion (jitto).",
            )
            .into(),
        Goal::Declare => lang
            .pick(
                "条件をそろえて入玉宣言しましょう。",
                "Meet the conditions, then declare (入玉宣言).",
            )
            .into(),
        Goal::Impasse => lang
            .pick(
                "負けない点数で持将棋にしましょう。",
                "Agree an impasse (持将棋) without losing on points.",
            )
            .into(),
        Goal::Foul(rule) => match lang {
            Lang::Ja => format!(
                "反則「{}」になる手を指して、断られるのを確かめましょう。",
                rule_name(lang, rule)
            ),
            Lang::En => format!(
                "Try the move the rule forbids ({}): see it refused.",
                rule_name(lang, rule)
            ),
        },
        Goal::Promote(true) => lang
            .pick("成る手を指しましょう。", "Make a move that promotes.")
            .into(),
        Goal::Promote(false) => lang
            .pick(
                "成れる手で、成らずを選びましょう。",
                "Make a move that could promote, and decline.",
            )
            .into(),
    }
}

/// The rules a `foul:` goal names ([`koma_learn::goal::FOUL_RULES`]), by name: id, Japanese,
/// English.
const RULE_NAMES: [(&str, &str, &str); 8] = [
    ("nifu", "二歩", "two pawns on a file, nifu"),
    ("uchifuzume", "打ち歩詰め", "pawn-drop mate, uchifuzume"),
    (
        "dead-piece",
        "行き所のない駒",
        "a piece that could never move",
    ),
    ("king-in-check", "王手放置", "leaving the king in check"),
    ("placement", "配置の反則", "placement"),
    ("repetition", "千日手", "repetition"),
    ("lion-protected", "獅子の取り合い", "a lion protected"),
    (
        "lion-counter-strike",
        "獅子の後手",
        "the lion counter-strike",
    ),
];

/// A `foul:` goal's rule by name.
fn rule_name(lang: Lang, rule: &str) -> &'static str {
    RULE_NAMES
        .iter()
        .find(|(id, ..)| *id == rule)
        .map_or(lang.pick("反則", "a foul"), |&(_, ja, en)| {
            lang.pick(ja, en)
        })
}

/// Why a legal try was not the goal's, in words.
pub fn wrong_words(lang: Lang, w: Wrong) -> &'static str {
    match w {
        Wrong::Legal => lang.pick(
            "その手は指せます。反則になる手を試してください。",
            "That move is legal: try the one the rule forbids.",
        ),
        Wrong::NotPromoted => lang.pick(
            "成れる手です。成ってください。",
            "That move could promote: choose to promote.",
        ),
        Wrong::Promoted => lang.pick(
            "成らずを選んでください。",
            "That move promotes: choose to decline.",
        ),
        Wrong::NoMate => lang.pick(
            "その手では玉に逃げられます。",
            "After that move the king escapes the mate.",
        ),
        Wrong::NoCheck => lang.pick("その手は王手になりません。", "That move gives no check."),
        Wrong::NoPass => lang.pick(
            "それはじっとではありません。空いた隣の升へ進んで元の升へ戻ります。",
            "That is no pass: step to an empty neighbour and back to where the lion stood.",
        ),
        Wrong::Declaration => lang.pick(
            "宣言の条件がそろっていません（印のない条件を見てください）。",
            "The declaration's conditions are not all met (see the ones not ticked).",
        ),
        Wrong::NotEntered => lang.pick(
            "持将棋は双方の玉が入玉してからです。",
            "An impasse needs both kings in their enemy's camp.",
        ),
        Wrong::Points => lang.pick(
            "今の点数では24点に足りず負けになります。",
            "With these points you would lose: under 24.",
        ),
    }
}

/// The frame's words for what the last try did.
pub fn said_words(lang: Lang, said: Said) -> String {
    match said {
        // (the refusal is named by the board's own `[data-foul]` line)
        Said::Waiting | Said::Going | Said::Refused(_) => String::new(),
        Said::Wrong(w) => wrong_words(lang, w).to_string(),
        Said::Done(stars) => format!(
            "{}{}",
            lang.pick("できました！ ", "Done! "),
            "★".repeat(stars.into())
        ),
        Said::Over(o) => format!(
            "{}{}",
            lang.pick("対局が終わりました：", "The game ended: "),
            i18n::reason(lang, o.reason, None)
        ),
    }
}

/// Whether the board asks even a forced promotion: in a step on the piece that could never
/// move, so that the learner can try leaving it unpromoted.
fn ask_forced(goal: &Goal) -> bool {
    matches!(goal, Goal::Foul(rule) if rule == "dead-piece")
}

/// A step being played on a table.
#[derive(Clone)]
struct Drill {
    table: Table,
    ex: Exercise,
    start: Exercise,
    said: Said,
    /// The squares a piece can reach are lit (after a wrong try).
    lit: bool,
    /// "Show" asked: the next move drawn, one star at most.
    show: bool,
    /// The next move of a shortest way, while shown.
    hint: Option<Move>,
    /// The position (a [`Table::key`]) the hint was searched for.
    hinted: Option<(u64, usize)>,
    /// The last move played (the learner's or an answer).
    last: Option<Move>,
    version: u64,
}

/// What the learner does to an exercise.
#[derive(Clone, Debug, PartialEq)]
enum DrillAction {
    /// A gesture on the board.
    Board(TableAction),
    /// An opponent's answer, chosen after `moves` plies.
    Answer { plies: usize, mv: Move },
    /// Start over.
    Retry,
    /// Show the way.
    Show,
    /// The step's claim (a declaration, an impasse).
    Claim,
}

impl PartialEq for Drill {
    fn eq(&self, other: &Self) -> bool {
        self.version == other.version
    }
}

impl Drill {
    fn new(step: &Step, flipped: bool, seat: Option<Player>) -> Drill {
        let ex = Exercise::new(step);
        let mut table = Table::new(ex.game().clone());
        table.flipped = flipped;
        table.seat = seat;
        table.ask_forced = ask_forced(ex.goal());
        let mut d = Drill {
            table,
            start: ex.clone(),
            ex,
            said: Said::Waiting,
            lit: false,
            show: false,
            hint: None,
            hinted: None,
            last: None,
            version: 0,
        };
        d.settle();
        d
    }

    /// Whether the learner may move now.
    fn open(&self) -> bool {
        self.ex.done().is_none() && !self.ex.needs_reply() && self.ex.game().outcome().is_none()
    }

    /// The table shows the exercise's game; what the board offers, worked out again.
    fn settle(&mut self) {
        let now = self.table.key();
        let input = self.open();
        // the way is searched once a position (a gesture that moves nothing keeps it)
        if !(self.show && input) {
            self.hint = None;
            self.hinted = None;
        } else if self.hinted != Some(now) {
            self.hint = self.ex.next_move();
            self.hinted = Some(now);
        }
        self.table.settle(now, input);
        self.version += 1;
    }

    /// Show the exercise's game on the table (after a move was played).
    fn sync(&mut self, mv: Move) {
        self.table.game = self.ex.game().clone();
        self.table.view = None;
        self.table.clear();
        self.table.foul = None;
        self.last = Some(mv);
        // a board whose game was made again (the learner to move again) counts a change
        self.table.board_changes += 1;
    }

    fn judge(&mut self, mv: Move) {
        let refused = self.ex.position().clone().validate(mv).err();
        let verdict = self.ex.attempt(mv);
        self.table.clear();
        self.said = match verdict {
            Verdict::Refused(rule) => {
                self.table.foul = Some(rule);
                self.lit = true;
                Said::Refused(rule)
            }
            Verdict::Wrong(w) => {
                self.table.foul = None;
                self.lit = true;
                Said::Wrong(w)
            }
            Verdict::Done { stars } => {
                match refused {
                    // a `foul:` step: the refusal named on the board
                    Some(rule) => self.table.foul = Some(rule),
                    None => self.sync(mv),
                }
                Said::Done(self.stars(stars))
            }
            Verdict::Going => {
                self.sync(mv);
                Said::Going
            }
            Verdict::Over(o) => {
                self.sync(mv);
                Said::Over(o)
            }
        };
    }

    /// The stars, at most one once the way was shown.
    fn stars(&self, stars: u8) -> u8 {
        if self.show { stars.min(1) } else { stars }
    }
}

impl Reducible for Drill {
    type Action = DrillAction;

    fn reduce(self: Rc<Self>, action: DrillAction) -> Rc<Self> {
        let mut d = (*self).clone();
        match action {
            DrillAction::Board(a) => {
                if !d.open() {
                    return self;
                }
                if let Some(mv) = d.table.gesture(a) {
                    d.judge(mv);
                }
            }
            DrillAction::Answer { plies, mv } => {
                if d.ex.game().moves().len() != plies || !d.ex.needs_reply() {
                    return self;
                }
                match d.ex.reply(mv) {
                    Ok(v) => {
                        d.sync(mv);
                        if let Verdict::Done { stars } = v {
                            d.said = Said::Done(d.stars(stars));
                        } else if let Verdict::Over(o) = v {
                            d.said = Said::Over(o);
                        }
                    }
                    Err(_) => return self,
                }
            }
            DrillAction::Retry => {
                let (flipped, seat) = (d.table.flipped, d.table.seat);
                let mut table = Table::new(d.start.game().clone());
                table.flipped = flipped;
                table.seat = seat;
                table.ask_forced = ask_forced(d.start.goal());
                table.board_changes = d.table.board_changes + 1;
                d.table = table;
                d.ex = d.start.clone();
                d.said = Said::Waiting;
                d.last = None;
                d.show = false;
                d.lit = false;
            }
            DrillAction::Show => {
                d.show = true;
                d.lit = true;
            }
            DrillAction::Claim => {
                if !d.open() {
                    return self;
                }
                d.table.clear();
                d.table.foul = None;
                d.said = match d.ex.claim() {
                    Some(Verdict::Done { stars }) => {
                        // the game ended by the claim: the board shows its result
                        d.table.game = d.ex.game().clone();
                        d.table.view = None;
                        d.table.board_changes += 1;
                        Said::Done(d.stars(stars))
                    }
                    Some(Verdict::Wrong(w)) => Said::Wrong(w),
                    _ => return self,
                };
            }
        }
        d.settle();
        Rc::new(d)
    }
}

/// Properties of [`ExerciseBoard`].
#[derive(Properties, Clone)]
pub struct ExerciseProps {
    /// The step.
    pub step: Rc<Step>,
    /// The language.
    pub lang: Lang,
    /// Gote at the bottom (square boards).
    #[prop_or_default]
    pub flip: bool,
    /// The hexagon's seat at the bottom.
    #[prop_or_default]
    pub seat: Option<Player>,
    /// Marks and arrows of the host's.
    #[prop_or_default]
    pub shapes: Rc<Vec<Shape>>,
    /// A caption under the board.
    #[prop_or_default]
    pub caption: Option<String>,
    /// The host's name for the board, echoed in every event.
    #[prop_or_default]
    pub id: String,
    /// Where events go.
    pub emit: Callback<Event>,
}

impl PartialEq for ExerciseProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.step, &other.step)
            && self.lang == other.lang
            && self.flip == other.flip
            && self.seat == other.seat
            && self.shapes == other.shapes
            && self.caption == other.caption
            && self.id == other.id
            && self.emit == other.emit
    }
}

/// The event for a judgement.
fn event(d: &Drill, lang: Lang, id: &str) -> Event {
    let pos = d.table.game.position();
    let v = pos.variant();
    Event {
        kind: "koma:exercise".into(),
        id: id.to_string(),
        game: pos.game().as_str().to_string(),
        ply: d.table.game.moves().len(),
        position: notation::write_position(pos),
        r#move: d.last.map(|m| notation::write_move(v, m)),
        by: None,
        rule: match d.said {
            Said::Refused(r) => Some(r.rule_id().to_string()),
            Said::Wrong(w) => Some(w.id().to_string()),
            _ => None,
        },
        message: match d.said {
            Said::Refused(r) => Some(i18n::foul(lang, r)),
            said => Some(said_words(lang, said)).filter(|m| !m.is_empty()),
        },
        winner: None,
        reason: match d.said {
            Said::Over(o) => Some(o.reason),
            _ => None,
        },
        state: Some(d.said.id().to_string()),
        stars: match d.said {
            Said::Done(s) => Some(s),
            _ => None,
        },
    }
}

/// A step on a board, judged by the rules.
#[function_component(ExerciseBoard)]
pub fn exercise_board(props: &ExerciseProps) -> Html {
    let lang = props.lang;
    let drill = {
        let (step, flip, seat) = (props.step.clone(), props.flip, props.seat);
        use_reducer_eq(move || Drill::new(&step, flip, seat))
    };
    // ready, once
    {
        let (drill, emit, id) = (drill.clone(), props.emit.clone(), props.id.clone());
        use_effect_with((), move |_| {
            let mut ev = event(&drill, lang, &id);
            ev.kind = "koma:ready".into();
            emit.emit(ev);
        });
    }
    // each judgement, to the host; an opponent's answer after a moment
    {
        let (drill, emit, id) = (drill.clone(), props.emit.clone(), props.id.clone());
        let key = (drill.ex.moves(), drill.table.board_changes, drill.said);
        use_effect_with(key, move |_| {
            if drill.said != Said::Waiting {
                emit.emit(event(&drill, lang, &id));
            }
            let mut timer = None;
            if drill.ex.needs_reply() {
                let plies = drill.ex.game().moves().len();
                let (ex, handle) = (drill.ex.clone(), drill.clone());
                timer = Some(gloo::timers::callback::Timeout::new(ANSWER_MS, move || {
                    if let Some(mv) = ex.defence() {
                        handle.dispatch(DrillAction::Answer { plies, mv });
                    }
                }));
            }
            move || drop(timer)
        });
    }
    let d: &Drill = &drill;
    let st = &d.table;
    let pos = st.game.position().clone();
    let v = pos.variant();
    let turn = pos.turn();
    let active = d.open();
    let dispatcher = drill.dispatcher();
    fn board<T: 'static>(d: &UseReducerDispatcher<Drill>, a: fn(T) -> TableAction) -> Callback<T> {
        let d = d.clone();
        Callback::from(move |x| d.dispatch(DrillAction::Board(a(x))))
    }
    let on_attempt = board(&dispatcher, |(s, c)| TableAction::Attempt(s, c));
    let on_select = board(&dispatcher, TableAction::Select);
    let on_cell = board(&dispatcher, TableAction::Cell);
    let on_promote = board(&dispatcher, TableAction::Promote);
    let on_retry = {
        let d = dispatcher.clone();
        Callback::from(move |_: MouseEvent| d.dispatch(DrillAction::Retry))
    };
    let on_show = {
        let d = dispatcher.clone();
        Callback::from(move |_: MouseEvent| d.dispatch(DrillAction::Show))
    };
    let claim = claim_panel(d, lang, dispatcher.clone());
    let choice = st.promotion_choice(&pos);
    let last = last_cells(d.last.as_slice());
    let check = koma_rules::status::Status::of(&st.game, &pos).marked_royal;
    let viewer = st.viewer(&pos);
    let (result, reason) = result_hooks(st.game.outcome());
    let status = st.status_line(lang, &[]);
    let goal = d.ex.goal();
    let mut shapes: Vec<Shape> = props.shapes.iter().cloned().collect();
    let brush = if matches!(goal, Goal::Capture(_)) {
        "red"
    } else {
        "yellow"
    };
    shapes.extend(
        d.ex.left()
            .iter()
            .map(|&cell: &Cell| Shape::Mark { cell, brush }),
    );
    match d.hint {
        Some(Move::Drop { kind, to }) => shapes.push(Shape::Drop {
            kind,
            owner: d.ex.learner(),
            to,
            brush: "green",
        }),
        Some(mv) => {
            if let (Some(from), Some(to)) = (mv.from(), mv.to()) {
                shapes.push(Shape::Arrow {
                    from,
                    to,
                    brush: "green",
                });
            }
        }
        None => {}
    }
    let foul = st.foul.map(|f| {
        html! { <p class="foul" data-foul={f.rule_id()} role="alert">{ i18n::foul(lang, f) }</p> }
    });
    let stars = match d.said {
        Said::Done(s) => Some(s),
        _ => None,
    };
    let words = said_words(lang, d.said);
    let wrong = match d.said {
        Said::Wrong(w) => Some(w.id()),
        _ => None,
    };
    html! {
        <div class="koma-embed exercise" data-embed="exercise" data-exercise-state={d.said.id()}
            data-moves={d.ex.moves().to_string()} lang={lang.pick("ja", "en")}>
            <p class="goal" data-goal={goal.write(v)}>{ goal_words(lang, goal) }</p>
            <div class="status" data-status="" data-turn={turn.0.to_string()}
                data-result={result} data-reason={reason} aria-live="polite">{ status }</div>
            <Board variant={v} cells={cells_of(&pos)} hands={hands_of(&pos)} homes={crate::view::homes(v)} {turn} {active}
                dests={st.dests.clone()} show_dests={d.lit || st.lion_first.is_some()} selected={st.selected} {last} {check}
                lion_first={st.lion_first} {choice} {on_attempt} {on_select} {on_cell} {on_promote}
                flipped={st.flipped} {viewer} shapes={Rc::new(shapes)}
                two_char={koma_rules::names::two_character_pieces(v.id)} />
            { for foul }
            <p class={classes!("said", d.said.id())} data-said="" data-wrong={wrong} role="status">
                { words }
                if let Some(n) = stars {
                    <span class="stars" data-stars={n.to_string()} data-step-done="" aria-label={format!("{n}/3")}></span>
                }
            </p>
            if let Some(c) = &props.caption {
                <p class="caption" data-caption="">{ c }</p>
            }
            <div class="exercise-actions">
                <button data-action="retry" onclick={on_retry}>{ lang.pick("やり直す", "Again") }</button>
                <button data-action="show" onclick={on_show} disabled={d.show || !active}>{ lang.pick("答えを見る", "Show me") }</button>
            </div>
            { claim }
        </div>
    }
}

/// A `declare` or `impasse` step's claim: its button (lit once "Show" is asked and the claim
/// is the way) and what the rules count for it, as the play screen shows them.
fn claim_panel(d: &Drill, lang: Lang, dispatcher: UseReducerDispatcher<Drill>) -> Html {
    let goal = d.ex.goal();
    if !goal.is_claim() {
        return Html::default();
    }
    let on_claim = Callback::from(move |_: MouseEvent| dispatcher.dispatch(DrillAction::Claim));
    let hint = d.show && d.ex.claim_now();
    let game = d.ex.game();
    let body = if *goal == Goal::Declare {
        let dc = game.declaration();
        let mark = |b: bool| if b { "✓" } else { "✗" };
        html! {
            <>
                <ul class="conditions" data-declaration="">
                    <li data-condition="king-in-camp" data-met={dc.king_in_camp.to_string()}>{ format!("{} {}", mark(dc.king_in_camp),
                        lang.pick("玉が敵陣三段目以内", "the king in the enemy camp")) }</li>
                    <li data-condition="pieces" data-met={(dc.pieces_in_camp >= 10).to_string()}>{ format!("{} {} ({})", mark(dc.pieces_in_camp >= 10),
                        lang.pick("敵陣に自分の駒が10枚以上", "ten more pieces in the camp"), dc.pieces_in_camp) }</li>
                    <li data-condition="not-in-check" data-met={dc.not_in_check.to_string()}>{ format!("{} {}", mark(dc.not_in_check),
                        lang.pick("王手されていない", "not in check")) }</li>
                    <li data-condition="points">{ format!("{} {}", lang.pick("点数", "points"), dc.points) }</li>
                </ul>
                <button data-action="declare" class={classes!(hint.then_some("hint"))} onclick={on_claim}
                    disabled={!d.open()}>{ lang.pick("入玉宣言する", "Declare (入玉宣言)") }</button>
            </>
        }
    } else {
        let [s, g] = game.impasse_points();
        html! {
            <>
                <p data-impasse-points={format!("{s},{g}")}>
                    { format!("{} ☗ {s} · ☖ {g}", lang.pick("持将棋の点数", "impasse points")) }</p>
                <button data-action="impasse" class={classes!(hint.then_some("hint"))} onclick={on_claim}
                    disabled={!d.open()}>{ lang.pick("持将棋に合意", "Agree impasse (持将棋)") }</button>
            </>
        }
    };
    html! { <div class="exercise-claim" data-hint={hint.then_some("")}>{ body }</div> }
}
