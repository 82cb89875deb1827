//! The puzzles screen (`#/puzzles[/<game>|/daily][?id=|theme=|streak=1]`), in the study tools'
//! wasm: the collection loaded once a page, the puzzle on an embedded board in puzzle mode
//! ([`crate::embed::EmbedBoard`] with a [`PuzzleHost`]: hints, the solution, a wrong try's
//! refutation found by the engine's worker and played before it is taken back), the reader's
//! rating and the controls around it.
//!
//! Hooks: `[data-puzzles]` the screen (`data-game`, `data-streak-mode`); `[data-puzzle-id]`,
//! `[data-puzzle-rating]`, `[data-my-rating]`, `[data-theme]` (one a theme of the puzzle shown;
//! the theme chooser is `select[data-action="theme"]`); `[data-action="hint"|"solution"|"next"]`;
//! the board's `[data-puzzle]` (`waiting`, `right`, `wrong`, `solved`); `[data-streak]` the
//! streak; `[data-solved-count]`; `[data-error="puzzles"]` a collection that cannot be loaded.

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use koma_engine::Level;
use koma_engine::protocol::{Reply, Request};
use koma_rules::{Description, Game, Move, notation};
use wasm_bindgen::prelude::*;
use yew::prelude::*;

use super::{Ask, Collection, FILE, Puzzle, RECORD_KEY, Record};
use crate::embed::{EmbedBoard, Event, Options, PuzzleHost, Refute};
use crate::engine_worker::{self, EngineWorker, Holder};
use crate::i18n::Lang;

#[wasm_bindgen(inline_js = r#"
export function load_text(path) {
  const url = new URL(path, document.baseURI);
  return fetch(url).then((r) => (r.ok ? r.text() : Promise.reject(new Error(`${r.status} ${r.statusText}`))));
}
"#)]
extern "C" {
    /// A text file beside the page.
    fn load_text(path: &str) -> js_sys::Promise;
}

thread_local! {
    /// The collection, once loaded (a page loads it once).
    static LOADED: RefCell<Option<Rc<Collection>>> = const { RefCell::new(None) };
}

/// The collection: loaded the first time a page asks, then kept.
///
/// # Errors
/// The file cannot be fetched, in the browser's words.
pub async fn load() -> Result<Rc<Collection>, String> {
    if let Some(c) = LOADED.with(|l| l.borrow().clone()) {
        return Ok(c);
    }
    let text = wasm_bindgen_futures::JsFuture::from(load_text(FILE))
        .await
        .map_err(|e| {
            js_sys::Error::from(e)
                .message()
                .as_string()
                .unwrap_or_default()
        })?;
    let c = Rc::new(Collection::parse(&text.as_string().unwrap_or_default()));
    LOADED.with(|l| *l.borrow_mut() = Some(c.clone()));
    Ok(c)
}

/// The refutation of a wrong try: the engine's reply, searched for this long at the top level.
const REFUTE_MS: u32 = 400;

/// The reader's record as kept (the default where none is, or it cannot be read).
fn kept() -> Record {
    crate::storage::get(RECORD_KEY).unwrap_or_default()
}

fn keep(r: &Record) {
    if let Err(e) = crate::storage::set(RECORD_KEY, r) {
        gloo::console::warn!(format!("Koma: the puzzle record was not saved: {e:?}"));
    }
}

/// Today's date, UTC, as `YYYY-MM-DD`.
fn today() -> String {
    let d = js_sys::Date::new_0();
    format!(
        "{:04}-{:02}-{:02}",
        d.get_utc_full_year(),
        d.get_utc_month() + 1,
        d.get_utc_date()
    )
}

/// What the screen is given.
#[derive(Properties, PartialEq, Clone)]
pub struct PuzzlesProps {
    /// What the address asks.
    pub ask: Ask,
}

/// How the puzzle shown has gone so far.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Try {
    /// Hints asked.
    hints: u8,
    /// The solution asked for.
    solution: bool,
    /// A wrong move tried.
    missed: bool,
    /// Solved (by the reader or the solution).
    done: bool,
}

/// The worker that finds refutations, and the request waiting.
#[derive(Default)]
struct Refuter {
    running: Option<EngineWorker>,
    waiting: Option<(u32, Game, Callback<Option<Move>>)>,
    /// A request forgotten by a failure: told there is no reply.
    orphan: Option<Callback<Option<Move>>>,
    next_id: u32,
}

impl Holder for Refuter {
    fn worker(&mut self) -> &mut Option<EngineWorker> {
        &mut self.running
    }
    fn forget(&mut self) {
        self.orphan = self.waiting.take().map(|(_, _, done)| done);
    }
}

type Ctx = Weak<RefCell<Refuter>>;

fn refuted(shared: &Rc<RefCell<Refuter>>, _: &Ctx, reply: Reply) {
    let mut r = shared.borrow_mut();
    let Reply::Best { id, best, .. } = reply else {
        return;
    };
    let Some((asked, mut game, done)) = r.waiting.take() else {
        return;
    };
    if asked != id {
        r.waiting = Some((asked, game, done));
        return;
    }
    drop(r);
    let v = game.position().variant();
    let mv = best
        .and_then(|b| notation::read_move(v, &b).ok())
        .filter(|m| game.legal_moves().contains(m));
    done.emit(mv);
}

fn no_refutation(ctx: &Ctx, _: crate::problem::Problem) {
    if let Some(shared) = ctx.upgrade() {
        let orphan = shared.borrow_mut().orphan.take();
        if let Some(done) = orphan {
            done.emit(None);
        }
    }
}

/// The puzzles screen.
#[function_component(PuzzlesView)]
pub fn puzzles_view(props: &PuzzlesProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or(Lang::Ja);
    let ask = props.ask.clone();
    let collection = use_state(|| LOADED.with(|l| l.borrow().clone()).map(Ok::<_, String>));
    let record = use_state(kept);
    let current = use_state(|| None::<String>);
    let attempt = use_state(Try::default);
    let refuter: Rc<RefCell<Refuter>> = use_mut_ref(Refuter::default);
    // the collection, loaded once a page
    {
        let collection = collection.clone();
        use_effect_with((), move |_| {
            if collection.is_none() {
                wasm_bindgen_futures::spawn_local(async move {
                    collection.set(Some(load().await));
                });
            }
        });
    }
    // the puzzle the address asks for, once the collection is there
    {
        let (current, attempt, record) = (current.clone(), attempt.clone(), record.clone());
        let loaded = collection.as_ref().and_then(|c| c.as_ref().ok()).cloned();
        use_effect_with((ask.clone(), loaded.is_some()), move |(ask, _)| {
            if let Some(c) = loaded {
                let chosen = if let Some(id) = &ask.id {
                    Some(id.clone())
                } else if ask.daily {
                    c.daily(&today()).map(|p| p.id.clone())
                } else {
                    let target = if ask.streak {
                        record.streak_target()
                    } else {
                        record.rating
                    };
                    c.next(ask, &record, target, None, js_sys::Math::random())
                        .map(|p| p.id.clone())
                };
                current.set(chosen);
                attempt.set(Try::default());
            }
        });
    }
    let collection = match &*collection {
        None => {
            return html! {
                <section class="puzzles" data-puzzles="" data-loading="">
                    <p>{ lang.pick("問題を読み込んでいます…", "Loading the puzzles…") }</p>
                </section>
            };
        }
        Some(Err(e)) => {
            return html! {
                <section class="puzzles load-error" data-error="puzzles">
                    <p>{ lang.pick("問題集を読み込めませんでした: ", "The puzzles could not be loaded: ") }{ e }</p>
                    <p><a href="#/">{ lang.pick("最初の画面へ", "Back to the game list") }</a></p>
                </section>
            };
        }
        Some(Ok(c)) => c.clone(),
    };
    let puzzle = current.as_ref().and_then(|id| collection.get(id)).cloned();
    // the board's events: the rating counts the first try, a solve is remembered
    let on_event = {
        let (record, attempt, ask) = (record.clone(), attempt.clone(), ask.clone());
        let puzzle = puzzle.clone();
        Callback::from(move |ev: Event| {
            let Some(p) = puzzle.as_ref() else { return };
            if ev.kind != "koma:puzzle" {
                return;
            }
            let mut r = (*record).clone();
            let mut t = *attempt;
            match ev.rule.as_deref() {
                Some("wrong") => {
                    r.rate(p, false);
                    r.missed();
                    t.missed = true;
                }
                Some("solved") => {
                    let clean = !t.missed && t.hints == 0 && !t.solution;
                    r.rate(p, clean);
                    if clean {
                        r.solved(&p.id, ask.streak);
                    } else {
                        r.missed();
                    }
                    t.done = true;
                }
                _ => return,
            }
            keep(&r);
            record.set(r);
            attempt.set(t);
        })
    };
    let helped = {
        let (record, attempt, puzzle) = (record.clone(), attempt.clone(), puzzle.clone());
        move |change: fn(&mut Try)| {
            let mut t = *attempt;
            if t.done {
                return;
            }
            change(&mut t);
            if let Some(p) = &puzzle {
                let mut r = (*record).clone();
                r.rate(p, false);
                r.missed();
                keep(&r);
                record.set(r);
            }
            attempt.set(t);
        }
    };
    let on_hint = {
        let helped = helped.clone();
        Callback::from(move |_: MouseEvent| helped(|t| t.hints = t.hints.saturating_add(1)))
    };
    let on_solution = Callback::from(move |_: MouseEvent| helped(|t| t.solution = true));
    let on_next = {
        let (current, attempt, record, ask) = (
            current.clone(),
            attempt.clone(),
            record.clone(),
            ask.clone(),
        );
        let collection = collection.clone();
        Callback::from(move |_: MouseEvent| {
            let mut ask = ask.clone();
            ask.daily = false;
            ask.id = None;
            // an unsolved puzzle left behind ends a streak
            if !attempt.done && ask.streak {
                let mut r = (*record).clone();
                r.missed();
                keep(&r);
                record.set(r);
            }
            let target = if ask.streak {
                record.streak_target()
            } else {
                record.rating
            };
            let next = collection
                .next(
                    &ask,
                    &record,
                    target,
                    current.as_deref(),
                    js_sys::Math::random(),
                )
                .map(|p| p.id.clone());
            current.set(next);
            attempt.set(Try::default());
        })
    };
    let refute: Refute = {
        let shared = refuter.clone();
        Callback::from(move |(game, done): (Game, Callback<Option<Move>>)| {
            let mut r = shared.borrow_mut();
            r.next_id = r.next_id.wrapping_add(1);
            let id = r.next_id;
            let mut request = Request::of_game(id, &game, Level::TOP, id);
            request.time_ms = Some(REFUTE_MS);
            r.waiting = Some((id, game, done));
            drop(r);
            let ctx = Rc::downgrade(&shared);
            engine_worker::send(&shared, &ctx, request, refuted, no_refutation);
        })
    };
    let host = PuzzleHost {
        hints: attempt.hints,
        solution: attempt.solution,
        refute: Some(refute),
    };
    let game_links = koma_rules::GameId::ALL.iter().map(|&g| {
        let name = koma_rules::names::game_in(g, lang);
        let here = ask.game == Some(g);
        html! { <a href={format!("#/puzzles/{g}")} data-game-link={g.as_str()} aria-current={here.then_some("page")}>{ name }</a> }
    });
    let themes = collection.themes(ask.game);
    let on_theme = {
        let ask = ask.clone();
        Callback::from(move |e: web_sys::Event| {
            let Some(sel) = e.target_dyn_into::<web_sys::HtmlSelectElement>() else {
                return;
            };
            let theme = sel.value();
            let path = ask.game.map_or(String::new(), |g| format!("/{g}"));
            let query = if theme.is_empty() {
                String::new()
            } else {
                format!("?theme={}", crate::encode(&theme))
            };
            if let Some(w) = web_sys::window() {
                let _ = w.location().set_hash(&format!("#/puzzles{path}{query}"));
            }
        })
    };
    let streak_link = {
        let path = ask.game.map_or(String::new(), |g| format!("/{g}"));
        if ask.streak {
            format!("#/puzzles{path}")
        } else {
            format!("#/puzzles{path}?streak=1")
        }
    };
    let board = match &puzzle {
        Some(p) => board_of(p, lang, on_event, host),
        None => html! {
            <p class="puzzle-missing" data-puzzle-missing="" role="alert">{
                match &ask.id {
                    Some(id) => format!("{}{id}", lang.pick("この問題はありません: ", "No such puzzle: ")),
                    None => lang.pick("この条件の問題はありません。", "No puzzle fits what was asked.").to_string(),
                }
            }</p>
        },
    };
    let info = puzzle.as_ref().map(|p| {
        let side = match notation::read_position(p.game, &p.position) {
            Ok(pos) => crate::table::side_name(lang, p.game, pos.turn(), &[]),
            Err(_) => String::new(),
        };
        html! {
            <div class="puzzle-info">
                <p class="puzzle-id">{ lang.pick("問題 ", "Puzzle ") }<span data-puzzle-id={p.id.clone()}>{ &p.id }</span></p>
                <p>{ lang.pick("問題のレーティング ", "Puzzle rating ") }<span data-puzzle-rating={p.rating.to_string()}>{ p.rating }</span></p>
                <p class="to-play">{ format!("{}{side}", lang.pick("手番: ", "You play: ")) }</p>
                <ul class="themes">{ for p.themes.iter().map(|t| html! { <li data-theme={t.clone()}>{ theme_name(lang, t) }</li> }) }</ul>
            </div>
        }
    });
    let solved_count = record.solved.len();
    html! {
        <section class="puzzles" data-puzzles="" data-game={ask.game.map(|g| g.as_str())} data-streak-mode={ask.streak.to_string()}>
            <nav class="puzzle-games">
                <a href="#/puzzles" aria-current={(ask.game.is_none() && !ask.daily).then_some("page")}>{ lang.pick("すべて", "All games") }</a>
                { for game_links }
                <a href="#/puzzles/daily" data-action="daily" aria-current={ask.daily.then_some("page")}>{ lang.pick("今日の問題", "Daily puzzle") }</a>
            </nav>
            <div class="puzzle-bar">
                <p>{ lang.pick("あなたのレーティング ", "Your rating ") }<strong data-my-rating={record.shown().to_string()}>{ record.shown() }</strong></p>
                <p>{ lang.pick("解いた問題 ", "Solved ") }<span data-solved-count={solved_count.to_string()}>{ solved_count }</span></p>
                <label>{ lang.pick("テーマ ", "Theme ") }
                    <select data-action="theme" onchange={on_theme}>
                        <option value="" selected={ask.theme.is_none()}>{ lang.pick("すべて", "Any") }</option>
                        { for themes.iter().map(|t| html! { <option value={t.clone()} selected={ask.theme.as_ref() == Some(t)}>{ theme_name(lang, t) }</option> }) }
                    </select>
                </label>
                <a href={streak_link} data-action="streak">{ if ask.streak { lang.pick("連続モードをやめる", "Leave the streak") } else { lang.pick("連続モード", "Streak") } }</a>
                if ask.streak {
                    <p>{ lang.pick("連続 ", "Streak ") }<strong data-streak={record.streak.to_string()}>{ record.streak }</strong>
                        { format!(" ({}{})", lang.pick("最高 ", "best "), record.best_streak) }</p>
                }
            </div>
            <div class="puzzle-main">
                <div class="puzzle-board">{ board }</div>
                <div class="puzzle-side">
                    { for info }
                    <div class="puzzle-actions">
                        <button data-action="hint" onclick={on_hint} disabled={puzzle.is_none() || attempt.done}>{ lang.pick("ヒント", "Hint") }</button>
                        <button data-action="solution" onclick={on_solution} disabled={puzzle.is_none() || attempt.done}>{ lang.pick("正解を見る", "Solution") }</button>
                        <button data-action="next" onclick={on_next}>{ lang.pick("次の問題", "Next puzzle") }</button>
                    </div>
                    if collection.unread > 0 {
                        <p class="note" data-unread={collection.unread.to_string()}>{
                            format!("{}{}", collection.unread, lang.pick("行の問題を読めませんでした。", " lines of the collection could not be read."))
                        }</p>
                    }
                </div>
            </div>
        </section>
    }
}

/// The puzzle on a board: the side to move at the bottom.
fn board_of(p: &Puzzle, lang: Lang, emit: Callback<Event>, host: PuzzleHost) -> Html {
    let turn = notation::read_position(p.game, &p.position)
        .ok()
        .map(|pos| pos.turn());
    let hexagon = Description::of(p.game).hexagon();
    let flip = match turn {
        Some(t) if hexagon => Some(t.0.to_string()),
        Some(t) if t.0 == 1 => Some("1".to_string()),
        _ => None,
    };
    let options = Options {
        game: Some(p.game.as_str().to_string()),
        sfen: Some(p.position.clone()),
        moves: Some(p.moves.join(" ")),
        mode: Some("puzzle".into()),
        lang: Some(lang.pick("ja", "en").into()),
        flip,
        id: Some(p.id.clone()),
        ..Options::default()
    };
    html! { <EmbedBoard key={p.id.clone()} {options} {emit} {host} /> }
}

/// A theme's name in `lang`.
fn theme_name(lang: Lang, theme: &str) -> String {
    if let Some(n) = theme
        .strip_prefix("mateIn")
        .and_then(|n| n.parse::<u32>().ok())
    {
        // Japanese counts every ply: a mate in 2 is 3手詰め
        return match lang {
            Lang::Ja => format!("{}手詰め", 2 * n - 1),
            Lang::En => format!("mate in {n}"),
        };
    }
    match theme {
        "mate" => lang.pick("詰み", "mate"),
        "advantage" => lang.pick("決め手", "winning move"),
        "defence" => lang.pick("受け", "defence"),
        "material" => lang.pick("駒得", "material"),
        "promotion" => lang.pick("成り", "promotion"),
        "tsume" => lang.pick("詰将棋", "tsume (problem)"),
        other => other,
    }
    .to_string()
}
