//! Lessons (`#/learn`): each game's course ([`koma_learn::course()`], built into the study
//! tools' wasm, so every lesson works offline), a lesson's steps one at a time on an
//! [`ExerciseBoard`], and the learner's stars kept in the browser.
//!
//! Addresses: `#/learn` the games, `#/learn/<game>` a game's lessons, `#/learn/<game>/<lesson>`
//! a lesson from its first step, `?step=<n>` (from 1) its `n`th step.
//!
//! Hooks: `[data-learn]` the screen (`data-game`, `data-lesson-id`); `[data-learn-game]` a
//! game's link; `[data-lesson]` a lesson's link to its first step (`data-lesson-stars`, the
//! stars won, and `data-lesson-done` once every step is done); `[data-step]` the step (its
//! number from 1) holding the board, whose `[data-goal]`, `[data-stars]`,
//! `[data-step-done]`, `[data-action="retry"|"show"]` are [`crate::exercise`]'s;
//! `[data-action="next"]` the next step (the next lesson after the last);
//! `[data-error="learn"]` a course that cannot be read.
//!
//! **Progress** is kept in `localStorage` ([`PROGRESS_KEY`]): for each `<game>/<lesson>`, the
//! best stars of each step (0: not done). A step done again keeps its best.

use std::collections::BTreeMap;
use std::rc::Rc;

use koma_learn::{Course, Step};
use koma_rules::{Description, GameId};
use serde::{Deserialize, Serialize};
use yew::prelude::*;

use crate::embed::Event;
use crate::exercise::ExerciseBoard;
use crate::i18n::Lang;
use crate::problem::{Problem, Takes};

/// The learner's progress's key in `localStorage`.
pub const PROGRESS_KEY: &str = "koma.learn";

/// What a `#/learn` address asks.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Ask {
    /// The game (`#/learn/<game>`).
    pub game: Option<GameId>,
    /// The lesson (`#/learn/<game>/<lesson>`).
    pub lesson: Option<String>,
    /// The step, from 0 (`?step=`, from 1).
    pub step: usize,
}

impl Ask {
    /// Read `#/learn...`'s path after `/learn` and its query.
    ///
    /// # Errors
    /// A game that is not one, a lesson id that cannot be one, or a step that is not a number,
    /// named.
    pub fn read(rest: &str, query: &str, whole: &str) -> Result<Ask, Problem> {
        let mut ask = Ask::default();
        let mut parts = rest.trim_matches('/').split('/').filter(|p| !p.is_empty());
        if let Some(g) = parts.next() {
            ask.game = Some(g.parse().map_err(|_| Problem::NoPage(whole.to_string()))?);
        }
        if let Some(l) = parts.next() {
            let fits = l.len() <= 40
                && l.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
            if !fits {
                return Err(Problem::NoPage(whole.to_string()));
            }
            ask.lesson = Some(l.to_string());
        }
        if parts.next().is_some() {
            return Err(Problem::NoPage(whole.to_string()));
        }
        for pair in query.split('&').filter(|p| !p.is_empty()) {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            if k == "step" {
                ask.step =
                    v.parse::<usize>()
                        .ok()
                        .filter(|&n| n >= 1)
                        .ok_or_else(|| Problem::Value {
                            key: "step",
                            value: crate::decode(v),
                            takes: Takes::Count,
                        })?
                        - 1;
            }
        }
        Ok(ask)
    }
}

fn schema() -> u32 {
    crate::saved::SCHEMA
}

/// The learner's stars: for each `<game>/<lesson>`, each step's best (0: not done).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Progress {
    /// The schema version (as every entry the app keeps).
    #[serde(default = "schema")]
    pub schema: u32,
    /// Stars by lesson key.
    #[serde(default)]
    pub stars: BTreeMap<String, Vec<u8>>,
}

impl Default for Progress {
    fn default() -> Progress {
        Progress {
            schema: schema(),
            stars: BTreeMap::new(),
        }
    }
}

impl Progress {
    fn key(game: GameId, lesson: &str) -> String {
        format!("{game}/{lesson}")
    }

    /// A step's best stars.
    pub fn of(&self, game: GameId, lesson: &str, step: usize) -> u8 {
        self.stars
            .get(&Self::key(game, lesson))
            .and_then(|s| s.get(step))
            .copied()
            .unwrap_or(0)
    }

    /// Count a step done with `stars` (its best kept).
    pub fn done(&mut self, game: GameId, lesson: &str, step: usize, stars: u8) {
        let s = self.stars.entry(Self::key(game, lesson)).or_default();
        if s.len() <= step {
            s.resize(step + 1, 0);
        }
        s[step] = s[step].max(stars.min(3));
    }

    /// A lesson's stars won and its steps done.
    pub fn lesson(&self, game: GameId, lesson: &str) -> (u32, usize) {
        let s = self
            .stars
            .get(&Self::key(game, lesson))
            .map_or(&[][..], |s| &s[..]);
        (
            s.iter().map(|&n| u32::from(n)).sum(),
            s.iter().filter(|&&n| n > 0).count(),
        )
    }
}

fn kept() -> Progress {
    crate::storage::get(PROGRESS_KEY).unwrap_or_default()
}

fn keep(p: &Progress) {
    if let Err(e) = crate::storage::set(PROGRESS_KEY, p) {
        gloo::console::warn!(format!("Koma: the lessons' progress was not saved: {e:?}"));
    }
}

/// A title or text in `lang`.
fn pick(lang: Lang, t: &koma_learn::Text) -> &str {
    match lang {
        Lang::Ja => &t.ja,
        Lang::En => &t.en,
    }
}

/// Properties of [`LearnView`].
#[derive(Properties, PartialEq, Clone)]
pub struct LearnProps {
    /// What the address asks.
    pub ask: Ask,
}

/// The lessons screen.
#[function_component(LearnView)]
pub fn learn_view(props: &LearnProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or(Lang::Ja);
    let progress = use_state(kept);
    let ask = &props.ask;
    let Some(game) = ask.game else {
        return games(lang, &progress);
    };
    let course = match koma_learn::course(game) {
        Ok(c) => c,
        Err(e) => {
            return html! {
                <section class="learn load-error" data-error="learn">
                    <p>{ lang.pick("レッスンを読めません: ", "The lessons cannot be read: ") }{ e.to_string() }</p>
                </section>
            };
        }
    };
    let Some(lesson_id) = &ask.lesson else {
        return lessons(lang, &course, &progress);
    };
    let Some(at) = course.lessons.iter().position(|l| &l.id == lesson_id) else {
        return crate::screen::address_error(
            lang,
            &format!(
                "{}{lesson_id}",
                lang.pick("このレッスンはありません: ", "no such lesson: ")
            ),
        );
    };
    html! { <StepView key={format!("{game}/{lesson_id}/{}", ask.step)} {game} lesson={at} step={ask.step} progress={progress.clone()} /> }
}

/// `#/learn`: the games.
fn games(lang: Lang, progress: &Progress) -> Html {
    let links = GameId::ALL.iter().map(|&g| {
        let course = koma_learn::course(g).ok();
        let (done, all) = course.as_ref().map_or((0, 0), |c| {
            c.lessons.iter().fold((0, 0), |(d, a), l| {
                let (_, steps) = progress.lesson(g, &l.id);
                (d + usize::from(steps >= l.steps.len()), a + 1)
            })
        });
        html! {
            <li>
                <a href={format!("#/learn/{g}")} data-learn-game={g.as_str()}>{ koma_rules::names::game_in(g, lang) }</a>
                <span class="learn-count">{ format!(" {done}/{all}") }</span>
            </li>
        }
    });
    html! {
        <section class="learn" data-learn="">
            <h2>{ lang.pick("ルールを学ぶ", "Learn the rules") }</h2>
            <p>{ lang.pick("ゲームを選んでください。一つずつ、盤の上で指して覚えます。", "Choose a game: learn it one rule at a time, by playing on the board.") }</p>
            <ul class="learn-games">{ for links }</ul>
        </section>
    }
}

/// `#/learn/<game>`: its lessons.
fn lessons(lang: Lang, course: &Course, progress: &Progress) -> Html {
    let g = course.game;
    let items = course.lessons.iter().map(|l| {
        let (stars, steps) = progress.lesson(g, &l.id);
        let done = steps >= l.steps.len();
        html! {
            <li>
                <a href={format!("#/learn/{g}/{}", l.id)} data-lesson={l.id.clone()}
                    data-lesson-stars={stars.to_string()} data-lesson-done={done.then_some("")}>
                    { pick(lang, &l.title) }
                </a>
                <span class="learn-stars" aria-label={format!("{stars}/{}", 3 * l.steps.len())}>
                    { format!(" {}{}", "★".repeat(stars as usize), "☆".repeat((3 * l.steps.len()).saturating_sub(stars as usize))) }
                </span>
            </li>
        }
    });
    html! {
        <section class="learn" data-learn="" data-game={g.as_str()}>
            <nav class="learn-nav"><a href="#/learn">{ lang.pick("ゲーム一覧", "All games") }</a></nav>
            <h2>{ koma_rules::names::game_in(g, lang) }</h2>
            <ol class="learn-lessons">{ for items }</ol>
        </section>
    }
}

#[derive(Properties, PartialEq, Clone)]
struct StepProps {
    game: GameId,
    lesson: usize,
    step: usize,
    progress: UseStateHandle<Progress>,
}

/// A lesson's step on its board.
#[function_component(StepView)]
fn step_view(props: &StepProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or(Lang::Ja);
    let game = props.game;
    let course = use_memo(game, |&g| koma_learn::course(g).ok().map(Rc::new));
    // (every hook before the early returns below: the same hooks in every render)
    let done = use_state(|| None::<u8>);
    let Some(course) = (*course).clone() else {
        return html! {};
    };
    let lesson = &course.lessons[props.lesson];
    let count = lesson.steps.len();
    let at = props.step.min(count.saturating_sub(1));
    let Some(step) = lesson.steps.get(at) else {
        return html! {};
    };
    let step: Rc<Step> = Rc::new(step.clone());
    let stars_now = props.progress.of(game, &lesson.id, at);
    let on_event = {
        let (progress, done, id) = (props.progress.clone(), done.clone(), lesson.id.clone());
        Callback::from(move |ev: Event| {
            if ev.kind != "koma:exercise" {
                return;
            }
            match (ev.state.as_deref(), ev.stars) {
                (Some("done"), Some(stars)) => {
                    let mut p = (*progress).clone();
                    p.done(game, &id, at, stars);
                    keep(&p);
                    progress.set(p);
                    done.set(Some(stars));
                }
                _ => done.set(None),
            }
        })
    };
    let next = if at + 1 < count {
        format!("#/learn/{game}/{}?step={}", lesson.id, at + 2)
    } else {
        match course.lessons.get(props.lesson + 1) {
            Some(l) => format!("#/learn/{game}/{}", l.id),
            None => format!("#/learn/{game}"),
        }
    };
    let next_label = if at + 1 < count {
        lang.pick("次へ", "Next")
    } else if props.lesson + 1 < course.lessons.len() {
        lang.pick("次のレッスンへ", "Next lesson")
    } else {
        lang.pick("レッスン一覧へ", "Back to the lessons")
    };
    // the learner at the bottom: gote turns a square board round; the hexagon keeps its seat
    let learner = step.learner();
    let hexagon = Description::of(game).hexagon();
    let flip = !hexagon && learner.0 == 1;
    let seat = hexagon.then_some(learner);
    let dots = (0..count).map(|i| {
        let s = props.progress.of(game, &lesson.id, i);
        let here = i == at;
        html! {
            <a href={format!("#/learn/{game}/{}?step={}", lesson.id, i + 1)} class={classes!("dot", (s > 0).then_some("done"))}
                aria-current={here.then_some("step")} aria-label={format!("{}", i + 1)}>{ if s > 0 { "●" } else { "○" } }</a>
        }
    });
    let ready = done.is_some() || stars_now > 0;
    html! {
        <section class="learn learn-step" data-learn="" data-game={game.as_str()} data-lesson-id={lesson.id.clone()}>
            <nav class="learn-nav">
                <a href="#/learn">{ lang.pick("ゲーム一覧", "All games") }</a>{ " › " }
                <a href={format!("#/learn/{game}")}>{ koma_rules::names::game_in(game, lang) }</a>
            </nav>
            <h2>{ pick(lang, &lesson.title) }</h2>
            <p class="learn-progress">
                <span data-step-count={count.to_string()}>{ format!("{} {} / {count} ", lang.pick("ステップ", "Step"), at + 1) }</span>
                { for dots }
            </p>
            <p class="learn-text" data-step-text="">{ pick(lang, &step.text) }</p>
            <div class="learn-board" data-step={(at + 1).to_string()}>
                <ExerciseBoard key={format!("{game}/{}/{at}", lesson.id)} {step} {lang} {flip} {seat} emit={on_event} />
            </div>
            <p class="learn-actions">
                <a class="button" href={next} data-action="next" data-ready={ready.to_string()} aria-disabled={(!ready).then_some("true")}>{ next_label }</a>
            </p>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_and_progress() {
        let a = Ask::read("/shogi/rook", "step=2", "#/learn/shogi/rook?step=2").unwrap();
        assert_eq!(
            a,
            Ask {
                game: Some(GameId::Shogi),
                lesson: Some("rook".into()),
                step: 1
            }
        );
        assert_eq!(Ask::read("", "", "#/learn").unwrap(), Ask::default());
        for (rest, query) in [
            ("/chess", ""),
            ("/shogi/<x>", ""),
            ("/shogi/rook/1", ""),
            ("/shogi/rook", "step=0"),
            ("/shogi/rook", "step=x"),
        ] {
            assert!(Ask::read(rest, query, rest).is_err(), "{rest}?{query}");
        }
        let mut p = Progress::default();
        p.done(GameId::Shogi, "rook", 1, 2);
        p.done(GameId::Shogi, "rook", 1, 1);
        p.done(GameId::Shogi, "rook", 0, 3);
        assert_eq!(p.of(GameId::Shogi, "rook", 1), 2, "the best kept");
        assert_eq!(p.lesson(GameId::Shogi, "rook"), (5, 2));
        assert_eq!(p.of(GameId::Minishogi, "rook", 0), 0);
    }
}
