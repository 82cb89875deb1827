//! Koma's browser app (Yew, client-side rendering).
//!
//! Addresses (stable, for tests and for pages that embed Koma):
//! - `#/` the start screen: choose the game, a handicap and casual or strict play;
//! - `#/play/<game>` a new game (every game id, the sangoku games on the hexagon); `?setup=<id>` a handicap (ids as `koma setups <game>` lists
//!   them), `?sfen=<SFEN>` a position (the sangoku games: their own notation), `?preset=lishogi`
//!   chu shogi's lishogi rules, `?mode=strict` strict play (a foul loses), `?clock=600+30`
//!   clocks (`%2B` for `+` in a link), `?names=Ann,Ben,Cy` the players' names by seat.
//!
//! The rules live in `koma-rules`; this crate shows them: [`board`] draws and takes input,
//! [`play`] keeps a game's state in one reducer.

pub mod board;
pub mod i18n;
pub mod janken;
pub mod movelist;
pub mod play;
pub mod record;
pub mod warmup;

use gloo::events::EventListener;
use koma_rules::GameId;
use yew::prelude::*;

use play::{PlayView, Start};

/// Where the address points.
#[derive(Clone, Debug, PartialEq)]
pub enum Route {
    /// The start screen.
    Home,
    /// A game.
    Play(Start),
    /// An address that names nothing.
    Unknown(String),
}

/// Decode `%xx` and `+` in a query value.
fn decode(s: &str) -> String {
    let s = s.replace('+', " ");
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && i + 2 < bytes.len()
            && let Ok(b) = u8::from_str_radix(s.get(i + 1..i + 3).unwrap_or(""), 16)
        {
            out.push(b);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

impl Route {
    /// Read a location hash (`#/play/shogi?setup=lance`).
    pub fn parse(hash: &str) -> Route {
        let h = hash.trim_start_matches('#');
        let (path, query) = h.split_once('?').unwrap_or((h, ""));
        let path = path.trim_end_matches('/');
        if path.is_empty() {
            return Route::Home;
        }
        let Some(game) = path.strip_prefix("/play/") else {
            return Route::Unknown(h.to_string());
        };
        let Ok(game) = game.parse::<GameId>() else {
            return Route::Unknown(h.to_string());
        };
        let mut start = Start {
            game,
            setup: None,
            position: None,
            preset: None,
            strict: false,
            clock: None,
            names: Vec::new(),
        };
        let mut clock_error = None;
        for pair in query.split('&').filter(|p| !p.is_empty()) {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            let v = decode(v);
            match k {
                "setup" => start.setup = Some(v),
                "sfen" | "position" => start.position = Some(v),
                "preset" => start.preset = Some(v),
                "mode" => start.strict = v == "strict",
                // names by seat, comma-separated; each cut to 24 characters
                "names" => {
                    start.names = v
                        .split(',')
                        .take(3)
                        .map(|n| n.trim().chars().take(24).collect())
                        .collect()
                }
                "clock" => match v.parse::<koma_rules::clock::TimeControl>() {
                    Ok(tc) => start.clock = Some(tc),
                    Err(e) => clock_error = Some(e.to_string()),
                },
                _ => {}
            }
        }
        match clock_error {
            Some(e) => Route::Unknown(e),
            None => Route::Play(start),
        }
    }
}

/// The value of the `<select>` an event came from.
pub(crate) fn select_value(e: &Event) -> Option<String> {
    use wasm_bindgen::JsCast;
    e.target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlSelectElement>().ok())
        .map(|s| s.value())
}

fn current_hash() -> String {
    web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default()
}

/// Properties of [`Furigoma`].
#[derive(Properties, PartialEq)]
struct FurigomaProps {
    /// The two players: the first listed tosses.
    names: Vec<String>,
    /// The seats once tossed: `[sente, gote]` as indices into `names`.
    on_seated: Callback<Option<Vec<usize>>>,
}

/// 振り駒: the first listed player tosses five pawns; more 歩 than と face up and the tosser
/// plays sente (and moves first), else the other player does. A pawn that lands standing
/// (about one toss in fifty here) makes the toss void and the pawns are tossed again.
#[function_component(Furigoma)]
fn furigoma(props: &FurigomaProps) -> Html {
    let lang = use_context::<i18n::Lang>().unwrap_or_default();
    let toss = use_state(|| None::<(Vec<bool>, u32)>);
    let onclick = {
        let toss = toss.clone();
        let on_seated = props.on_seated.clone();
        Callback::from(move |e: MouseEvent| {
            e.prevent_default();
            let mut retries = 0;
            loop {
                let standing = js_sys::Math::random() < 0.02;
                let pawns: Vec<bool> = (0..5).map(|_| js_sys::Math::random() < 0.5).collect();
                if !standing {
                    let fu = pawns.iter().filter(|&&p| p).count();
                    on_seated.emit(Some(if fu >= 3 { vec![0, 1] } else { vec![1, 0] }));
                    toss.set(Some((pawns, retries)));
                    break;
                }
                retries += 1;
            }
        })
    };
    let name = |i: usize| props.names.get(i).cloned().unwrap_or_default();
    let result = toss.as_ref().map(|(pawns, retries)| {
        let fu = pawns.iter().filter(|&&p| p).count();
        let faces = pawns.iter().map(|&p| {
            html! { <span class="toss-piece" data-face={if p { "fu" } else { "to" }}>{ if p { "歩" } else { "と" } }</span> }
        });
        let (sente, gote) = if fu >= 3 { (0, 1) } else { (1, 0) };
        let text = match (lang, fu >= 3) {
            (i18n::Lang::Ja, true) => format!("歩が{fu}枚：振った{}が先手", name(0)),
            (i18n::Lang::Ja, false) => format!("と金が{}枚：{}が先手", 5 - fu, name(1)),
            (i18n::Lang::En, true) => format!(
                "{fu} 歩 up: the tosser, {}, plays sente and moves first; {} plays gote",
                name(sente),
                name(gote)
            ),
            (i18n::Lang::En, false) => format!(
                "{} と up: the other player, {}, plays sente and moves first; {} plays gote",
                5 - fu,
                name(sente),
                name(gote)
            ),
        };
        let again = if *retries > 0 {
            lang.pick("（駒が立ったので振り直し）", " (a pawn stood up: tossed again)")
        } else {
            ""
        };
        html! {
            <div class="toss" data-furigoma={fu.to_string()}>
                { for faces }
                <p>{ text }{ again }</p>
            </div>
        }
    });
    let label = match lang {
        i18n::Lang::Ja => format!("振り駒（{}が振る）", name(0)),
        i18n::Lang::En => format!("Furigoma: {} tosses", name(0)),
    };
    html! {
        <div class="furigoma">
            <button type="button" data-action="furigoma" {onclick}>{ label }</button>
            { for result }
        </div>
    }
}

/// The new-game form: game, handicap, clock, casual or strict.
#[function_component(NewGame)]
fn new_game() -> Html {
    use wasm_bindgen::JsCast;
    let lang = use_context::<i18n::Lang>().unwrap_or_default();
    let game = use_state(|| GameId::Shogi);
    // the players, named in seat order (round the table for Three Kingdoms), and who moves
    // first: drawn (furigoma, janken) or fixed (the first listed); the hex games draw by default
    let names = use_state(|| vec![String::new(); 3]);
    let first = use_state(|| None::<bool>);
    let seats = use_state(|| None::<Vec<usize>>);
    // the form's choices, kept here as they change (never read back from the page)
    let setup = use_state(String::new);
    let clock = use_state(String::new);
    let strict = use_state(|| false);
    let variant = koma_rules::Variant::get(*game);
    let hex = variant.three_kingdoms;
    let players = variant.players() as usize;
    let by_lot = first.unwrap_or(hex);
    let shown_names: Vec<String> = (0..players)
        .map(|i| {
            let n = names.get(i).map_or("", |n| n.trim());
            if n.is_empty() {
                match lang {
                    i18n::Lang::Ja => format!("{}番目の人", i + 1),
                    i18n::Lang::En => format!("Player {}", i + 1),
                }
            } else {
                n.to_string()
            }
        })
        .collect();
    // seat order: the draw's, or as listed
    let order: Option<Vec<usize>> = if by_lot {
        (*seats).clone().filter(|s| s.len() == players)
    } else {
        Some((0..players).collect())
    };
    let on_game = {
        let game = game.clone();
        let (first, seats, setup) = (first.clone(), seats.clone(), setup.clone());
        Callback::from(move |e: Event| {
            if let Some(g) = select_value(&e).and_then(|v| v.parse::<GameId>().ok()) {
                // a new game draws afresh, from its even start
                first.set(None);
                seats.set(None);
                setup.set(String::new());
                game.set(g);
            }
        })
    };
    let on_choice = |state: &UseStateHandle<String>| {
        let state = state.clone();
        Callback::from(move |e: Event| {
            if let Some(v) = select_value(&e) {
                state.set(v);
            }
        })
    };
    let on_setup = on_choice(&setup);
    let on_clock = on_choice(&clock);
    let on_mode = {
        let strict = strict.clone();
        Callback::from(move |e: Event| {
            if let Some(v) = select_value(&e) {
                strict.set(v == "strict");
            }
        })
    };
    let onclick = {
        let game = *game;
        // (no names when nobody was named and nothing was drawn)
        let named = by_lot || names.iter().any(|n| !n.trim().is_empty());
        let names_param = order.as_ref().filter(|_| named).map(|o| {
            o.iter()
                .map(|&i| {
                    shown_names[i]
                        .replace(['%', ',', '&', '#', '?', '+'], " ")
                        .replace(' ', "%20")
                })
                .collect::<Vec<_>>()
                .join(",")
        });
        let (setup, clock, strict) = ((*setup).clone(), (*clock).clone(), *strict);
        Callback::from(move |e: MouseEvent| {
            e.prevent_default();
            let mut q = Vec::new();
            if let Some(n) = &names_param {
                q.push(format!("names={n}"));
            }
            if !setup.is_empty() && setup != "even" {
                q.push(format!("setup={setup}"));
            }
            if !clock.is_empty() {
                q.push(format!("clock={}", clock.replace('+', "%2B")));
            }
            if strict {
                q.push("mode=strict".into());
            }
            let hash = if q.is_empty() {
                format!("#/play/{}", game.as_str())
            } else {
                format!("#/play/{}?{}", game.as_str(), q.join("&"))
            };
            if let Some(w) = web_sys::window() {
                let _ = w.location().set_hash(&hash);
            }
        })
    };
    let games = GameId::ALL.iter().map(
        |&g| html! { <option value={g.as_str()} selected={g == *game}>{ koma_rules::names::game(g) }</option> },
    );
    let name_inputs = (0..players).map(|i| {
        let value = names.get(i).cloned().unwrap_or_default();
        let names = names.clone();
        let oninput = Callback::from(move |e: InputEvent| {
            if let Some(t) = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
            {
                let mut n = (*names).clone();
                if let Some(slot) = n.get_mut(i) {
                    *slot = t.value();
                }
                names.set(n);
            }
        });
        let placeholder = match lang {
            i18n::Lang::Ja => format!("{}番目の人", i + 1),
            i18n::Lang::En => format!("Player {}", i + 1),
        };
        html! {
            <input type="text" name={format!("player{i}")} maxlength="24" {placeholder}
                {value} {oninput} />
        }
    });
    let on_first = {
        let first = first.clone();
        Callback::from(move |e: Event| {
            if let Some(v) = select_value(&e) {
                first.set(Some(v != "fixed"));
            }
        })
    };
    let on_seated = {
        let seats = seats.clone();
        Callback::from(move |s: Option<Vec<usize>>| seats.set(s))
    };
    let (legend, lot, fixed) = match (hex, lang) {
        (true, i18n::Lang::Ja) => (
            "対局者（時計回りに座った順）",
            "じゃんけん",
            "最初の人が先手（A）",
        ),
        (true, i18n::Lang::En) => (
            "Players, in order round the table (clockwise)",
            "janken (rock-paper-scissors)",
            "the first listed, as A",
        ),
        (false, i18n::Lang::Ja) => ("対局者", "振り駒", "最初の人が先手"),
        (false, i18n::Lang::En) => (
            "Players",
            "furigoma (five pawns tossed)",
            "the first listed plays sente",
        ),
    };
    let draw = if hex {
        html! { <janken::JankenPanel key={game.as_str()} names={shown_names.clone()} {on_seated} /> }
    } else {
        html! { <Furigoma key={game.as_str()} names={shown_names.clone()} {on_seated} /> }
    };
    let seating = html! {
        <fieldset class="seating" data-seating="">
            <legend>{ legend }</legend>
            { for name_inputs }
            <label>{ lang.pick("先手の決め方 ", "Who moves first ") }
                <select name="first" onchange={on_first}>
                    <option value="draw" selected={by_lot}>{ lot }</option>
                    <option value="fixed" selected={!by_lot}>{ fixed }</option>
                </select></label>
            if by_lot {
                { draw }
            }
        </fieldset>
    };
    // (every select names its default option: Yew inserts options last first, so the browser's
    // own default would be the last one)
    let setups = koma_rules::setups::setups(*game)
        .into_iter()
        .enumerate()
        .map(|(i, s)| {
            let practice = if s.practice { " (practice)" } else { "" };
            let chosen = if setup.is_empty() { i == 0 } else { *setup == s.id };
            html! { <option value={s.id} selected={chosen}>{ format!("{}{practice}", s.name) }</option> }
        });
    html! {
        <form class="new-game" data-form="new-game">
            <label>{ lang.pick("対局 ", "Game ") }
                <select name="game" onchange={on_game}>{ for games }</select></label>
            <label>{ lang.pick("手合 ", "Handicap ") }
                <select name="setup" key={game.as_str()} onchange={on_setup}>{ for setups }</select></label>
            <label>{ lang.pick("持ち時間 ", "Clock ") }
                <select name="clock" onchange={on_clock}>
                    { for [
                        ("", lang.pick("なし", "none")),
                        ("600+30", "10分 + 秒読み30秒"),
                        ("0+30", "秒読み30秒"),
                        ("300i5", "5分 + 5秒加算 (Fischer)"),
                        ("1800+60", "30分 + 秒読み60秒"),
                    ].into_iter().map(|(v, label)| html! {
                        <option value={v} selected={*clock == v}>{ label }</option>
                    }) }
                </select></label>
            <label>{ lang.pick("対局の種類 ", "Mode ") }
                <select name="mode" onchange={on_mode}>
                    <option value="casual" selected={!*strict}>{ lang.pick("練習（待ったあり）", "casual (takeback)") }</option>
                    <option value="strict" selected={*strict}>{ lang.pick("公式（反則負け）", "strict (a foul loses)") }</option>
                </select></label>
            { seating }
            <button data-action="start" disabled={order.is_none()} {onclick}>
                { lang.pick("対局開始", "Start") }</button>
        </form>
    }
}

/// The start screen: every game, with its handicaps and the mode.
#[function_component(Home)]
fn home() -> Html {
    let games = GameId::ALL.iter().map(|&g| {
        let setups = koma_rules::setups::setups(g);
        let links = setups.iter().map(|s| {
            let href = if s.id == "even" {
                format!("#/play/{}", g.as_str())
            } else {
                format!("#/play/{}?setup={}", g.as_str(), s.id)
            };
            let practice = if s.practice { " (practice)" } else { "" };
            html! { <li><a {href} data-setup={s.id}>{ format!("{}{practice}", s.name) }</a></li> }
        });
        let strict = format!("#/play/{}?mode=strict", g.as_str());
        let clocked = format!("#/play/{}?clock=600%2B30", g.as_str());
        html! {
            <li class="game" data-game-id={g.as_str()}>
                <h2><a href={format!("#/play/{}", g.as_str())}>{ koma_rules::names::game(g) }</a>
                    { " · " }<a class="strict" href={strict}>{ "strict 公式" }</a>
                    { " · " }<a class="clocked" href={clocked}>{ "clock 10分+30秒" }</a></h2>
                if setups.len() > 1 {
                    <ul class="setups">{ for links }</ul>
                }
            </li>
        }
    });
    html! {
        <section class="home">
            <p>{ "Choose a game. Casual play refuses illegal moves and allows takeback; strict play lets a foul be made, and it loses." }</p>
            <NewGame />
            <ul class="games">{ for games }</ul>
        </section>
    }
}

/// The root component: follows the address.
#[function_component(App)]
pub fn app() -> Html {
    let hash = use_state(current_hash);
    {
        let hash = hash.clone();
        use_effect_with((), move |_| {
            let listener = web_sys::window()
                .map(|w| EventListener::new(&w, "hashchange", move |_| hash.set(current_hash())));
            move || drop(listener)
        });
    }
    let lang = use_state(i18n::browser_lang);
    let toggle = {
        let lang = lang.clone();
        Callback::from(move |_: MouseEvent| lang.set(lang.other()))
    };
    let body = match Route::parse(&hash) {
        Route::Home => html! { <Home /> },
        Route::Play(start) => html! { <PlayView key={(*hash).clone()} {start} /> },
        Route::Unknown(h) => html! {
            <section class="load-error" data-error="address">
                <p>{ format!("This address cannot be opened: {h}") }</p>
                <p><a href="#/">{ "Back to the game list" }</a></p>
            </section>
        },
    };
    let lang_label = lang.pick("English", "日本語");
    html! {
        <ContextProvider<i18n::Lang> context={*lang}>
            <main class="koma" lang={lang.pick("ja", "en")}>
                <header class="top">
                    <h1 class="title"><a href="#/">{ "Koma 駒" }</a></h1>
                    <button class="lang" data-action="lang" onclick={toggle}>{ lang_label }</button>
                </header>
                { body }
            </main>
        </ContextProvider<i18n::Lang>>
    }
}

/// Mount the app on the document body.
pub fn start() {
    yew::Renderer::<App>::new().render();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routes_parse() {
        assert_eq!(Route::parse(""), Route::Home);
        assert_eq!(Route::parse("#/"), Route::Home);
        let Route::Play(s) = Route::parse("#/play/shogi?setup=lance&mode=strict") else {
            panic!()
        };
        assert_eq!(s.game, GameId::Shogi);
        assert_eq!(s.setup.as_deref(), Some("lance"));
        assert!(s.strict);
        let Route::Play(s) =
            Route::parse("#/play/minishogi?sfen=rbsgk%2F4p%2F5%2FP4%2FKGSBR+b+-+1")
        else {
            panic!()
        };
        assert_eq!(s.position.as_deref(), Some("rbsgk/4p/5/P4/KGSBR b - 1"));
        let Route::Play(s) = Route::parse("#/play/sangoku?names=Bob,Carol%20Ann,Alice") else {
            panic!()
        };
        assert_eq!(s.names, ["Bob", "Carol Ann", "Alice"]);
        assert!(matches!(Route::parse("#/play/chess"), Route::Unknown(_)));
        assert!(matches!(Route::parse("#/nowhere"), Route::Unknown(_)));
    }
}
