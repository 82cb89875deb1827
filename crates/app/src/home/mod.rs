//! The start screen: every game with its handicaps, and the new-game form (game, handicap,
//! clock, casual or strict, the players' names and who moves first: furigoma for two, janken
//! round the hexagon's table). The form keeps its choices in state and builds the address of
//! the game (`#/play/<game>?...`).

mod furigoma;
pub mod janken;

use koma_rules::GameId;
use koma_rules::setups::GameStart;
use yew::prelude::*;

use crate::i18n;
use crate::select_value;
use furigoma::Furigoma;

/// The new-game form: game, handicap, clock, casual or strict.
#[function_component(NewGame)]
fn new_game() -> Html {
    let lang = use_context::<i18n::Lang>().unwrap_or_default();
    let game = use_state(GameId::default);
    // the players, named in seat order (round the table for Three Kingdoms), and who moves
    // first: drawn (furigoma, janken) or fixed (the first listed); the hex games draw by default
    let names = use_state(|| vec![String::new(); 3]);
    let first = use_state(|| None::<bool>);
    let seats = use_state(|| None::<Vec<usize>>);
    // the form's choices, kept here as they change (never read back from the page)
    let setup = use_state(String::new);
    // the clock and the level start as last chosen (kept in the settings)
    let kept = use_memo((), |_| crate::storage::settings());
    let clock = use_state(|| kept.clock.clone());
    let strict = use_state(|| false);
    // which listed players the computer plays, and at what level
    let machines = use_state(|| vec![false; 3]);
    let level = use_state(|| {
        koma_engine::Level::new(kept.level)
            .unwrap_or(crate::start::DEFAULT_LEVEL)
            .number()
    });
    let variant = koma_rules::Variant::get(*game);
    let hex = koma_rules::Description::of(variant.id).hexagon();
    let players = variant.players() as usize;
    // online play, where a Koma server answers beside the page: the seat the creator takes,
    // and whether the game is listed in the lobby
    let server = crate::online::use_server();
    let my_seat = use_state(|| 0u8);
    let open_game = use_state(|| false);
    let online_spec = koma_wire::NewGame {
        start: GameStart {
            setup: Some((*setup).clone()).filter(|s| !s.is_empty() && s != "even"),
            clock: clock.parse().ok(),
            ..GameStart::new(*game)
        },
        open: *open_game,
        ..koma_wire::NewGame::of(GameStart::new(*game))
    };
    let by_lot = first.unwrap_or(hex);
    let shown_names = shown_names(lang, &names, &machines, players);
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
    let on_clock = {
        let clock = clock.clone();
        Callback::from(move |e: Event| {
            if let Some(v) = select_value(&e) {
                crate::storage::update_settings(|s| s.clock = v.clone());
                clock.set(v);
            }
        })
    };
    let on_mode = {
        let strict = strict.clone();
        Callback::from(move |e: Event| {
            if let Some(v) = select_value(&e) {
                strict.set(v == "strict");
            }
        })
    };
    let onclick = {
        // (no names when nobody was named and nothing was drawn)
        let named = by_lot
            || names.iter().any(|n| !n.trim().is_empty())
            || machines.iter().take(players).any(|&m| m);
        let hash = start_address(
            *game,
            order.as_deref().filter(|_| named),
            &shown_names,
            &machines,
            (&setup, &clock, *strict, *level),
        );
        Callback::from(move |e: MouseEvent| {
            e.prevent_default();
            if let Some(w) = web_sys::window() {
                let _ = w.location().set_hash(&hash);
            }
        })
    };
    let games = GameId::ALL.iter().map(
        |&g| html! { <option value={g.as_str()} selected={g == *game}>{ koma_rules::names::game_in(g, lang) }</option> },
    );
    let seating = seating_view(lang, *game, &names, &first, &seats, by_lot, &shown_names);
    // (every select names its default option: Yew inserts options last first, so the browser's
    // own default would be the last one)
    let setups = koma_rules::setups::setups(*game)
        .into_iter()
        .enumerate()
        .map(|(i, s)| {
            let practice = if s.practice { lang.pick("（練習用）", " (practice)") } else { "" };
            let chosen = if setup.is_empty() { i == 0 } else { *setup == s.id };
            html! { <option value={s.id} selected={chosen}>{ format!("{}{practice}", i18n::setup_name(lang, &s)) }</option> }
        });
    html! {
        <>
        if *server == Some(true) {
            <crate::account::MyGamesView only_my_turn={true} />
        }
        <form class="new-game" data-form="new-game">
            <label>{ lang.pick("対局 ", "Game ") }
                <select name="game" onchange={on_game}>{ for games }</select></label>
            <label>{ lang.pick("手合 ", "Handicap ") }
                <select name="setup" key={game.as_str()} onchange={on_setup}>{ for setups }</select></label>
            { clock_select(lang, &clock, on_clock) }
            <label>{ lang.pick("対局の種類 ", "Mode ") }
                <select name="mode" onchange={on_mode}>
                    <option value="casual" selected={!*strict}>{ lang.pick("練習（待ったあり）", "casual (takeback)") }</option>
                    <option value="strict" selected={*strict}>{ lang.pick("公式（反則負け）", "strict (a foul loses)") }</option>
                </select></label>
            { seating }
            { computer_view(lang, players, &machines, &level) }
            <button data-action="start" disabled={order.is_none()} {onclick}>
                { lang.pick("対局開始", "Start") }</button>
            if *server == Some(true) {
                { online_choices(lang, *game, &my_seat, &open_game) }
                <crate::online::NewOnline spec={online_spec} seat={(*my_seat).min(players as u8 - 1)} />
            } else if *server == Some(false) && !crate::online::network_up() {
                <p class="online-offline" data-online-offline="">{ lang.pick(
                    "オンライン対局にはネットワークが必要です（ここでの対局とコンピュータ対局はそのまま遊べます）。",
                    "Online play needs the network (play here and against the computer go on as before).",
                ) }</p>
            }
        </form>
        </>
    }
}

/// The clock's choices (`select[name="clock"]`), `clock` chosen.
fn clock_select(lang: i18n::Lang, clock: &str, onchange: Callback<Event>) -> Html {
    let options = [
        ("", lang.pick("なし", "none")),
        (
            "600+30",
            lang.pick("10分 + 秒読み30秒", "10 min, then 30 s a move (byoyomi)"),
        ),
        ("0+30", lang.pick("秒読み30秒", "30 s a move (byoyomi)")),
        (
            "300i5",
            lang.pick("5分 + 1手ごとに5秒加算", "5 min + 5 s a move (Fischer)"),
        ),
        (
            "1800+60",
            lang.pick("30分 + 秒読み60秒", "30 min, then 60 s a move (byoyomi)"),
        ),
        (
            "1d",
            lang.pick("通信対局：1手1日", "correspondence: a day a move"),
        ),
        (
            "3d",
            lang.pick("通信対局：1手3日", "correspondence: 3 days a move"),
        ),
    ];
    html! {
        <label>{ lang.pick("持ち時間 ", "Clock ") }
            <select name="clock" {onchange}>
                { for options.into_iter().map(|(v, label)| html! {
                    <option value={v} selected={clock == v}>{ label }</option>
                }) }
            </select></label>
    }
}

/// The players' names as the form shows them: as typed, else "Computer" or "Player n".
fn shown_names(
    lang: i18n::Lang,
    names: &[String],
    machines: &[bool],
    players: usize,
) -> Vec<String> {
    (0..players)
        .map(|i| {
            let n = names.get(i).map_or("", |n| n.trim());
            if n.is_empty() && machines.get(i).copied().unwrap_or(false) {
                lang.pick("コンピュータ", "Computer").to_string()
            } else if n.is_empty() {
                match lang {
                    i18n::Lang::Ja => format!("{}番目の人", i + 1),
                    i18n::Lang::En => format!("Player {}", i + 1),
                }
            } else {
                n.to_string()
            }
        })
        .collect()
}

/// The address the form's start opens: the players named in seat `order` (none: unnamed), the
/// computer's seats, and the handicap, clock, mode and level (`choices`).
fn start_address(
    game: GameId,
    order: Option<&[usize]>,
    shown_names: &[String],
    machines: &[bool],
    (setup, clock, strict, level): (&str, &str, bool, u8),
) -> String {
    let names_param = order.map(|o| {
        o.iter()
            .map(|&i| {
                shown_names[i]
                    .replace(['%', ',', '&', '#', '?', '+'], " ")
                    .replace(' ', "%20")
            })
            .collect::<Vec<_>>()
            .join(",")
    });
    // the seats of the players the computer plays
    let computer: Vec<usize> = order
        .iter()
        .copied()
        .flatten()
        .enumerate()
        .filter(|&(_, &listed)| machines.get(listed).copied().unwrap_or(false))
        .map(|(seat, _)| seat)
        .collect();
    let opponent = Opponent {
        seats: &computer,
        level,
    };
    play_address(game, names_param.as_deref(), setup, clock, strict, opponent)
}

/// Online play's choices: the seat the creator takes and whether anyone may join from the
/// lobby.
fn online_choices(
    lang: i18n::Lang,
    game: GameId,
    seat: &UseStateHandle<u8>,
    open: &UseStateHandle<bool>,
) -> Html {
    let on_seat = {
        let seat = seat.clone();
        Callback::from(move |e: Event| {
            if let Some(v) = crate::select_value(&e).and_then(|v| v.parse().ok()) {
                seat.set(v);
            }
        })
    };
    let on_open = {
        let open = open.clone();
        Callback::from(move |e: Event| {
            use wasm_bindgen::JsCast;
            if let Some(i) = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
            {
                open.set(i.checked());
            }
        })
    };
    let players = koma_rules::Variant::get(game).players();
    let seats = (0..players).map(|p| {
        let label = koma_rules::names::seat_marked(game, koma_rules::Player(p), lang);
        html! { <option value={p.to_string()} selected={**seat == p}>{ label }</option> }
    });
    html! {
        <fieldset class="online-choices" data-online-choices="">
            <legend>{ lang.pick("オンライン対局", "Online") }</legend>
            <label>{ lang.pick("自分の席 ", "My seat ") }
                <select name="online-seat" onchange={on_seat}>{ for seats }</select></label>
            <label><input type="checkbox" name="online-open" checked={**open} onchange={on_open} />
                { lang.pick("ロビーで誰でも参加可", "open to anyone (listed in the lobby)") }</label>
            <a href="#/lobby" data-action="lobby">{ lang.pick("ロビー", "Lobby") }</a>
        </fieldset>
    }
}

/// The seats the computer plays and its level.
#[derive(Copy, Clone)]
struct Opponent<'a> {
    seats: &'a [usize],
    level: u8,
}

/// Who plays each listed player, a person or the computer, and the computer's level.
fn computer_view(
    lang: i18n::Lang,
    players: usize,
    machines: &UseStateHandle<Vec<bool>>,
    level: &UseStateHandle<u8>,
) -> Html {
    let rows = (0..players).map(|i| {
        let onchange = {
            let machines = machines.clone();
            Callback::from(move |e: Event| {
                if let Some(v) = select_value(&e) {
                    let mut m = (*machines).clone();
                    if let Some(slot) = m.get_mut(i) {
                        *slot = v == "computer";
                    }
                    machines.set(m);
                }
            })
        };
        let machine = machines.get(i).copied().unwrap_or(false);
        let label = match lang {
            i18n::Lang::Ja => format!("{}番目 ", i + 1),
            i18n::Lang::En => format!("Player {} ", i + 1),
        };
        html! {
            <label>{ label }
                <select name={format!("who{i}")} {onchange}>
                    <option value="person" selected={!machine}>{ lang.pick("人", "a person") }</option>
                    <option value="computer" selected={machine}>{ lang.pick("コンピュータ", "the computer") }</option>
                </select></label>
        }
    });
    let on_level = {
        let level = level.clone();
        Callback::from(move |e: Event| {
            if let Some(n) = select_value(&e).and_then(|v| v.parse::<u8>().ok()) {
                crate::storage::update_settings(|s| s.level = n);
                level.set(n);
            }
        })
    };
    let levels = (1..=8u8).map(|n| {
        let label = match (n, lang) {
            (1, i18n::Lang::En) => "1 (beginner)".to_string(),
            (1, i18n::Lang::Ja) => "1（初心者向け）".to_string(),
            (8, i18n::Lang::En) => "8 (strongest, thinks up to 3 s)".to_string(),
            (8, i18n::Lang::Ja) => "8（最強・1手3秒まで）".to_string(),
            _ => n.to_string(),
        };
        html! { <option value={n.to_string()} selected={**level == n}>{ label }</option> }
    });
    html! {
        <fieldset class="opponents" data-opponents="">
            <legend>{ lang.pick("人とコンピュータ", "People and the computer") }</legend>
            { for rows }
            <label>{ lang.pick("コンピュータの強さ ", "Computer level ") }
                <select name="level" onchange={on_level}>{ for levels }</select></label>
        </fieldset>
    }
}

/// The address a new game opens: `#/play/<game>` with the names in seat order, the setup (when
/// not the even game), the clock, the mode, and the seats the computer plays at its level.
fn play_address(
    game: GameId,
    names: Option<&str>,
    setup: &str,
    clock: &str,
    strict: bool,
    opponent: Opponent<'_>,
) -> String {
    let mut q = Vec::new();
    if let Some(n) = names {
        q.push(format!("names={n}"));
    }
    if !opponent.seats.is_empty() {
        let seats: Vec<String> = opponent.seats.iter().map(|s| s.to_string()).collect();
        q.push(format!(
            "computer={}&level={}",
            seats.join(","),
            opponent.level
        ));
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
    if q.is_empty() {
        format!("#/play/{}", game.as_str())
    } else {
        format!("#/play/{}?{}", game.as_str(), q.join("&"))
    }
}

/// The players' names in seat order and how the first player is chosen: drawn (furigoma, or
/// janken round the hexagon's table, shown below) or the first listed; `by_lot` is whether the
/// draw decides, `shown_names` the names as shown.
fn seating_view(
    lang: i18n::Lang,
    game: GameId,
    names: &UseStateHandle<Vec<String>>,
    first: &UseStateHandle<Option<bool>>,
    seats: &UseStateHandle<Option<Vec<usize>>>,
    by_lot: bool,
    shown_names: &[String],
) -> Html {
    use wasm_bindgen::JsCast;
    let variant = koma_rules::Variant::get(game);
    let hex = koma_rules::Description::of(variant.id).hexagon();
    let players = variant.players() as usize;
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
        html! { <janken::JankenPanel key={game.as_str()} game={game} names={shown_names.to_vec()} {on_seated} /> }
    } else {
        html! { <Furigoma key={game.as_str()} names={shown_names.to_vec()} {on_seated} /> }
    };
    html! {
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
    }
}

/// A link to the most recent unfinished saved game, if there is one.
fn resume_last(lang: i18n::Lang, listing: &crate::storage::Listing) -> Html {
    let Some(g) = listing.games.iter().find(|g| g.result.is_none()) else {
        return Html::default();
    };
    let Ok(game) = g.game.parse::<GameId>() else {
        return Html::default();
    };
    let href = format!("#/play/{}?saved={}", game.as_str(), g.id);
    let text = match lang {
        i18n::Lang::Ja => format!(
            "続きから：{}（{}手）",
            koma_rules::names::game_in(game, lang),
            g.plies()
        ),
        i18n::Lang::En => format!(
            "Resume: {} ({} moves)",
            koma_rules::names::game_in(game, lang),
            g.plies()
        ),
    };
    html! {
        <p class="resume"><a {href} data-action="resume-last">{ text }</a>
            { " · " }<a href="#/games">{ lang.pick("保存した対局", "Saved games") }</a></p>
    }
}

/// A game's board and players: "9×9 · 2 players", "61 cells · 3 players".
fn facts(lang: i18n::Lang, v: &koma_rules::Variant) -> String {
    let (w, h) = v.dims();
    let players = v.players();
    match (lang, koma_rules::Description::of(v.id).hexagon()) {
        (i18n::Lang::Ja, true) => format!("六角{}マス・{players}人", v.geometry.cells().count()),
        (i18n::Lang::Ja, false) => format!("{w}×{h}・{players}人"),
        (i18n::Lang::En, true) => format!(
            "hexagon of {} cells · {players} players",
            v.geometry.cells().count()
        ),
        (i18n::Lang::En, false) => format!("{w}×{h} · {players} players"),
    }
}

/// The start screen: every game, with its handicaps and the mode.
#[function_component(Home)]
pub fn home() -> Html {
    let lang = use_context::<i18n::Lang>().unwrap_or_default();
    // the saved games are read once, when the start screen opens (not on every render)
    let saved = use_memo((), |_| crate::storage::list());
    let games = GameId::ALL.iter().map(|&g| {
        let setups = koma_rules::setups::setups(g);
        let links = setups.iter().map(|s| {
            let href = if s.id == "even" {
                format!("#/play/{}", g.as_str())
            } else {
                format!("#/play/{}?setup={}", g.as_str(), s.id)
            };
            let practice = if s.practice { lang.pick("（練習用）", " (practice)") } else { "" };
            html! { <li><a {href} data-setup={s.id}>{ format!("{}{practice}", i18n::setup_name(lang, s)) }</a></li> }
        });
        let strict = format!("#/play/{}?mode=strict", g.as_str());
        let clocked = format!("#/play/{}?clock=600%2B30", g.as_str());
        let href = format!("#/play/{}", g.as_str());
        let v = koma_rules::Variant::get(g);
        let start = koma_rules::Position::start(g);
        html! {
            <li class="game card" data-game-id={g.as_str()}>
                <a class="picture" href={href.clone()} tabindex="-1" aria-hidden="true">
                    { crate::board::thumbnail(v, &crate::view::cells_of(&start), &crate::view::homes(v)) }</a>
                <div class="about">
                    <h2><a href={href}>{ koma_rules::names::game_in(g, lang) }</a></h2>
                    <p class="other-name" lang={lang.pick("en", "ja")}>
                        { koma_rules::names::game_in(g, lang.other()) }</p>
                    <p class="facts" data-facts="">{ facts(lang, v) }</p>
                    <p class="desc">{ koma_rules::names::about(g, lang) }</p>
                    <details class="options">
                        <summary>{ lang.pick("手合と対局の種類", "Handicaps and options") }</summary>
                        <p><a class="strict" href={strict}>{ lang.pick("公式戦（反則負け）", "strict (a foul loses)") }</a>
                            { " · " }<a class="clocked" href={clocked}>{ lang.pick("持ち時間 10分+秒読み30秒", "clock 10 min + 30 s") }</a></p>
                        if setups.len() > 1 {
                            <ul class="setups">{ for links }</ul>
                        }
                    </details>
                </div>
            </li>
        }
    });
    html! {
        <section class="home">
            { resume_last(lang, &saved) }
            <ul class="games">{ for games }</ul>
            <h2 class="form-title">{ lang.pick("条件を選んで対局", "A game of your choosing") }</h2>
            <p>{ lang.pick(
                "対局を選んでください。練習対局では反則の手は指せず、待ったができます。公式戦では反則の手も指せ、指すと負けになります。",
                "Choose a game. Casual play refuses illegal moves and allows takeback; strict play lets a foul be made, and it loses.",
            ) }</p>
            <NewGame />
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_form_opens_the_address_of_its_choices() {
        let people = Opponent {
            seats: &[],
            level: 4,
        };
        assert_eq!(
            play_address(GameId::Shogi, None, "", "", false, people),
            "#/play/shogi"
        );
        assert_eq!(
            play_address(GameId::Shogi, None, "even", "", false, people),
            "#/play/shogi"
        );
        assert_eq!(
            play_address(
                GameId::Chushogi,
                Some("A,B"),
                "lion",
                "600+30",
                true,
                people
            ),
            "#/play/chushogi?names=A,B&setup=lion&clock=600%2B30&mode=strict"
        );
        let two = Opponent {
            seats: &[1, 2],
            level: 7,
        };
        let address = play_address(GameId::Sangoku, Some("A,B,C"), "", "", false, two);
        assert_eq!(address, "#/play/sangoku?names=A,B,C&computer=1,2&level=7");
        // the app reads back what the form writes
        let crate::Route::Play(start) = crate::Route::parse(&address) else {
            panic!("{address}")
        };
        assert_eq!(
            start.computer,
            [koma_rules::Player(1), koma_rules::Player(2)]
        );
        assert_eq!(start.level.number(), 7);
    }
}
