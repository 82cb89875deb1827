//! Koma's browser app (Yew, client-side rendering).
//!
//! Addresses (stable, for tests and for pages that embed Koma):
//! - `#/` the start screen: choose the game, a handicap and casual or strict play;
//! - `#/play/<game>` a new game (every game id, the sangoku games on the hexagon); `?setup=<id>` a handicap (ids as `koma setups <game>` lists
//!   them), `?sfen=<SFEN>` a position (the sangoku games: their own notation), `?preset=lishogi`
//!   chu shogi's lishogi rules, `?mode=strict` strict play (a foul loses), `?clock=600+30`
//!   clocks (`%2B` for `+` in a link), `?names=Ann,Ben,Cy` the players' names by seat,
//!   `?computer=1` the seats the computer plays (comma-separated player indices: 0 sente or A,
//!   1 gote or B, 2 C) and `?level=1..8` its level (default [`start::DEFAULT_LEVEL`]);
//! - `#/analysis/<game>` the analysis board: the start as `#/play` takes it, `?moves=7g7f,3c3d`
//!   the moves, `?ply=<n>` the move shown, `?lines=1..5` the engine's lines (see [`analysis`]);
//! - `#/editor/<game>` the board editor, `?sfen=` the position it opens (see [`editor`]);
//! - `#/puzzles` puzzles of every game, `#/puzzles/<game>` one game's, `#/puzzles/daily` the
//!   day's; `?id=<puzzle id>` one puzzle, `?theme=<theme>` one theme's, `?streak=1` a streak
//!   (see [`puzzles`]);
//! - `#/learn` lessons of every game, `#/learn/<game>` one game's, `#/learn/<game>/<lesson>` one
//!   lesson, `?step=<n>` its `n`th step (see [`learn`]);
//! - `#/online/<id>` an online game (`?seat=<token>`: an invitation's seat), `#/lobby` the open
//!   online games (see [`online`]), `#/account` an account on the server (see [`account`]).
//!
//! The rules live in `koma-rules`; this crate shows them: [`home`] is the start screen,
//! [`board`] draws a board and takes input (it knows no rules), [`play`] keeps a game's state in
//! one reducer and shows it around the board.
//!
//! It builds three wasm binaries: `koma-app` (this router, the start and play screens, online
//! play), `koma-study` (the saved games' list, the analysis board and the editor, loaded on first
//! use: see [`tools`]) and `koma-board` (embedded boards and the rules page: see [`embed`]).

pub mod account;
pub mod analysis;
pub mod board;
pub mod editor;
pub mod embed;
pub mod embed_builder;
pub mod engine_worker;
pub mod events;
pub mod exercise;
pub mod hit;
pub mod home;
pub mod i18n;
pub mod learn;
pub mod movelist;
pub mod offline;
pub mod online;
pub mod passkey;
pub mod play;
pub mod problem;
pub mod profile;
pub mod puzzles;
pub mod ranks;
pub mod record;
pub mod saved;
pub mod saved_list;
pub mod screen;
pub mod sound;
pub mod start;
pub mod storage;
pub mod table;
pub mod tools;
pub mod view;
pub mod warmup;

use gloo::events::EventListener;
use koma_rules::GameId;
use yew::prelude::*;

use home::Home;
use play::PlayView;
use problem::{Problem, Takes};
use start::Start;

/// Where the address points.
#[derive(Clone, Debug, PartialEq)]
pub enum Route {
    /// The start screen.
    Home,
    /// The saved games (`#/games`).
    Games,
    /// A game.
    Play(Start),
    /// An online game (`#/online/<id>`, `?seat=<token>` from an invitation).
    Online {
        /// The game's id.
        id: String,
        /// The seat's token.
        token: Option<String>,
    },
    /// The lobby of open online games (`#/lobby`).
    Lobby,
    /// The account on the server (`#/account`).
    Account,
    /// A player's profile (`#/@/<name>`).
    Profile(String),
    /// The analysis board (`#/analysis/<game>`).
    Analysis(analysis::AnalysisStart),
    /// The board editor (`#/editor/<game>`).
    Editor(editor::EditorStart),
    /// Puzzles (`#/puzzles[/<game>|/daily]`).
    Puzzles(puzzles::Ask),
    /// Lessons (`#/learn[/<game>[/<lesson>]]`).
    Learn(learn::Ask),
    /// An address that names nothing.
    Unknown(problem::Problem),
}

/// `%`-encode what a query value cannot hold as it is.
pub(crate) fn encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            ' ' => out.push_str("%20"),
            '+' => out.push_str("%2B"),
            '%' => out.push_str("%25"),
            '&' => out.push_str("%26"),
            '#' => out.push_str("%23"),
            '?' => out.push_str("%3F"),
            c => out.push(c),
        }
    }
    out
}

/// Decode `%xx` and `+` in a query value.
pub(crate) fn decode(s: &str) -> String {
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
        if path == "/games" {
            return Route::Games;
        }
        if path == "/lobby" {
            return Route::Lobby;
        }
        if path == "/account" {
            return Route::Account;
        }
        if let Some(name) = path.strip_prefix("/@/") {
            return if profile::is_name(name) {
                Route::Profile(name.to_string())
            } else {
                Route::Unknown(Problem::NoPage(h.to_string()))
            };
        }
        if let Some(id) = path.strip_prefix("/online/") {
            let hex = |t: &str, n: usize| t.len() == n && t.bytes().all(|b| b.is_ascii_hexdigit());
            if !hex(id, 16) {
                return Route::Unknown(Problem::OnlineAddress(h.to_string()));
            }
            let token = query
                .split('&')
                .find_map(|p| p.strip_prefix("seat="))
                .map(str::to_string);
            if token.as_deref().is_some_and(|t| !hex(t, 32)) {
                return Route::Unknown(Problem::SeatLink(h.to_string()));
            }
            return Route::Online {
                id: id.to_string(),
                token,
            };
        }
        if let Some(rest) = path
            .strip_prefix("/puzzles")
            .filter(|r| r.is_empty() || r.starts_with('/'))
        {
            return match puzzles::Ask::read(rest, query, h) {
                Ok(ask) => Route::Puzzles(ask),
                Err(e) => Route::Unknown(e),
            };
        }
        if let Some(rest) = path
            .strip_prefix("/learn")
            .filter(|r| r.is_empty() || r.starts_with('/'))
        {
            return match learn::Ask::read(rest, query, h) {
                Ok(ask) => Route::Learn(ask),
                Err(e) => Route::Unknown(e),
            };
        }
        if let Some(game) = path.strip_prefix("/editor/") {
            let Ok(game) = game.parse::<GameId>() else {
                return Route::Unknown(Problem::NoPage(h.to_string()));
            };
            let sfen = query
                .split('&')
                .find_map(|p| p.strip_prefix("sfen="))
                .map(decode);
            return Route::Editor(editor::EditorStart { game, sfen });
        }
        if let Some(game) = path.strip_prefix("/analysis/") {
            let Ok(game) = game.parse::<GameId>() else {
                return Route::Unknown(Problem::NoPage(h.to_string()));
            };
            return match analysis_start(game, query) {
                Ok(a) => Route::Analysis(a),
                Err(e) => Route::Unknown(e),
            };
        }
        let Some(game) = path.strip_prefix("/play/") else {
            return Route::Unknown(Problem::NoPage(h.to_string()));
        };
        let Ok(game) = game.parse::<GameId>() else {
            return Route::Unknown(Problem::NoPage(h.to_string()));
        };
        match read_start(game, query, &mut |_, _| Ok(())) {
            Ok(start) => Route::Play(start),
            Err(e) => Route::Unknown(e),
        }
    }
}

/// The analysis board's address: the start as `#/play` reads it, and `moves`, `ply`, `lines`.
fn analysis_start(game: GameId, query: &str) -> Result<analysis::AnalysisStart, Problem> {
    let mut moves = Vec::new();
    let (mut ply, mut lines) = (None, 1);
    let start = read_start(game, query, &mut |k, raw| {
        match k {
            // `+` is a promotion's mark here, not a space
            "moves" => {
                moves = decode(&raw.replace('+', "%2B"))
                    .split([',', ' '])
                    .filter(|m| !m.is_empty())
                    .map(str::to_string)
                    .collect()
            }
            "ply" => {
                ply = Some(raw.parse::<usize>().map_err(|_| Problem::Value {
                    key: "ply",
                    value: raw.to_string(),
                    takes: Takes::Count,
                })?)
            }
            "lines" => {
                lines = raw
                    .parse::<u8>()
                    .ok()
                    .filter(|n| (1..=analysis::study::MAX_LINES).contains(n))
                    .ok_or_else(|| Problem::Value {
                        key: "lines",
                        value: raw.to_string(),
                        takes: Takes::Range(1, analysis::study::MAX_LINES.into()),
                    })?
            }
            _ => {}
        }
        Ok(())
    })?;
    Ok(analysis::AnalysisStart {
        start,
        moves,
        ply,
        lines,
    })
}

/// A game's start from an address's query (`setup`, `sfen`, `preset`, `mode`, `names`,
/// `clock`, `computer`, `saved`, `level`); any other key goes to `other` with its raw value.
fn read_start(
    game: GameId,
    query: &str,
    other: &mut dyn FnMut(&str, &str) -> Result<(), Problem>,
) -> Result<Start, Problem> {
    let mut start = Start::new(game);
    let mut error = None;
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        let (k, raw) = pair.split_once('=').unwrap_or((pair, ""));
        let v = decode(raw);
        match k {
            "setup" => start.game.setup = Some(v),
            "sfen" | "position" => start.game.position = Some(v),
            "preset" => start.game.preset = Some(v),
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
                Ok(tc) => start.game.clock = Some(tc),
                Err(e) => error = Some(Problem::Clock(e)),
            },
            "computer" => {
                for seat in v.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                    match seat.parse::<u8>() {
                        Ok(n) if n < 3 => {
                            if !start.computer.contains(&koma_rules::Player(n)) {
                                start.computer.push(koma_rules::Player(n));
                            }
                        }
                        _ => {
                            error = Some(Problem::Value {
                                key: "computer",
                                value: v.clone(),
                                takes: Takes::Seats,
                            })
                        }
                    }
                }
            }
            // a saved game's id: letters and digits only (it names a storage key)
            "saved"
                if !v.is_empty()
                    && v.len() <= 32
                    && v.bytes().all(|b| b.is_ascii_alphanumeric()) =>
            {
                start.saved = Some(v)
            }
            "saved" => {
                error = Some(Problem::Value {
                    key: "saved",
                    value: v,
                    takes: Takes::SavedId,
                })
            }
            "level" => match v.parse::<koma_engine::Level>() {
                Ok(l) => start.level = l,
                Err(e) => error = Some(Problem::Level(e)),
            },
            _ => other(k, raw)?,
        }
    }
    match error {
        Some(e) => Err(e),
        None => Ok(start),
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
    // the language: as last chosen, else the browser's
    let lang = use_state(i18n::kept_lang);
    let toggle = {
        let lang = lang.clone();
        Callback::from(move |_: MouseEvent| {
            let next = lang.other();
            storage::update_settings(|s| s.lang = Some(next.pick("ja", "en").to_string()));
            lang.set(next)
        })
    };
    let (update_ready, apply_update) = offline::use_update();
    let body = match Route::parse(&hash) {
        Route::Home => html! { <Home /> },
        Route::Play(start) => html! { <PlayView key={(*hash).clone()} {start} /> },
        Route::Online { id, token } => {
            let key = id.clone();
            html! { <play::online::OnlineView {key} {id} {token} /> }
        }
        Route::Lobby => html! { <online::Lobby /> },
        Route::Account => html! { <account::AccountView /> },
        Route::Profile(name) => {
            let key = name.clone();
            html! { <profile::ProfileView {key} {name} /> }
        }
        // the saved games and the study tools: a wasm of their own, loaded on first use (see
        // `tools`)
        Route::Games
        | Route::Analysis(_)
        | Route::Editor(_)
        | Route::Puzzles(_)
        | Route::Learn(_) => {
            html! { <tools::ToolsHost hash={(*hash).clone()} lang={*lang} /> }
        }
        Route::Unknown(p) => screen::address_error(*lang, &p.text(*lang)),
    };
    let lang_label = lang.pick("English", "日本語");
    html! {
        <ContextProvider<i18n::Lang> context={*lang}>
            <main class="koma" lang={lang.pick("ja", "en")}>
                <header class="top">
                    <h1 class="title"><a href="#/">{ "Koma 駒" }</a></h1>
                    <a class="saved-link" href="#/games" data-action="saved-games">{ lang.pick("保存した対局", "Saved games") }</a>
                    <a class="puzzles-link" href="#/puzzles" data-action="puzzles">{ lang.pick("問題", "Puzzles") }</a>
                    <a class="learn-link" href="#/learn" data-action="learn">{ lang.pick("学ぶ", "Learn") }</a>
                    <a class="rules-link" href={format!("rules.html?lang={}", lang.pick("ja", "en"))} data-action="rules">{ lang.pick("ルール", "Rules") }</a>
                    <button class="lang" data-action="lang" onclick={toggle}>{ lang_label }</button>
                </header>
                if update_ready {
                    <p class="update" data-update="" role="status">
                        { lang.pick("新しい版があります。", "A new version is ready. ") }
                        <button data-action="reload" onclick={apply_update}>{ lang.pick("再読み込み", "Reload") }</button>
                    </p>
                }
                { body }
            </main>
        </ContextProvider<i18n::Lang>>
    }
}

/// Mount the app on the document body (the `koma-app` binary's entry). Pages that embed
/// boards load the `koma-board` binary instead, which mounts boards with [`embed::mount`].
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
        assert_eq!(s.id(), GameId::Shogi);
        assert_eq!(s.game.setup.as_deref(), Some("lance"));
        assert!(s.strict);
        let Route::Play(s) =
            Route::parse("#/play/minishogi?sfen=rbsgk%2F4p%2F5%2FP4%2FKGSBR+b+-+1")
        else {
            panic!()
        };
        assert_eq!(
            s.game.position.as_deref(),
            Some("rbsgk/4p/5/P4/KGSBR b - 1")
        );
        let Route::Play(s) = Route::parse("#/play/sangoku?names=Bob,Carol%20Ann,Alice") else {
            panic!()
        };
        assert_eq!(s.names, ["Bob", "Carol Ann", "Alice"]);
        let Route::Play(s) = Route::parse("#/play/sangoku?computer=1,2&level=3") else {
            panic!()
        };
        assert_eq!(s.computer, [koma_rules::Player(1), koma_rules::Player(2)]);
        assert_eq!(s.level.number(), 3);
        assert!(
            matches!(Route::parse("#/play/shogi?computer=x"), Route::Unknown(e) if e.text(crate::i18n::Lang::En).contains("computer=x"))
        );
        assert!(
            matches!(Route::parse("#/play/shogi?level=9"), Route::Unknown(e) if e.text(crate::i18n::Lang::En).contains("level"))
        );
        let Route::Play(s) = Route::parse("#/play/shogi?computer=2") else {
            panic!()
        };
        assert!(
            s.build()
                .is_err_and(|e| e.text(crate::i18n::Lang::En).contains("computer=2"))
        );
        assert!(matches!(Route::parse("#/play/chess"), Route::Unknown(_)));
        assert_eq!(Route::parse("#/games"), Route::Games);
        let Route::Play(s) = Route::parse("#/play/chushogi?setup=lion&saved=19a2b3c4d") else {
            panic!()
        };
        assert_eq!(s.saved.as_deref(), Some("19a2b3c4d"));
        assert!(
            matches!(Route::parse("#/play/shogi?saved=..%2Fx"), Route::Unknown(e) if e.text(crate::i18n::Lang::En).contains("saved="))
        );
        assert!(matches!(Route::parse("#/nowhere"), Route::Unknown(_)));
        assert_eq!(Route::parse("#/lobby"), Route::Lobby);
        assert_eq!(Route::parse("#/account"), Route::Account);
        assert_eq!(
            Route::parse("#/@/Hanako_9"),
            Route::Profile("Hanako_9".into())
        );
        assert!(matches!(Route::parse("#/@/a%2Fb"), Route::Unknown(_)));
        assert!(matches!(Route::parse("#/@/"), Route::Unknown(_)));
        assert_eq!(
            Route::parse("#/online/0123456789abcdef"),
            Route::Online {
                id: "0123456789abcdef".into(),
                token: None
            }
        );
        assert_eq!(
            Route::parse("#/online/0123456789abcdef?seat=0123456789abcdef0123456789abcdef"),
            Route::Online {
                id: "0123456789abcdef".into(),
                token: Some("0123456789abcdef0123456789abcdef".into())
            }
        );
        assert!(matches!(Route::parse("#/online/../x"), Route::Unknown(_)));
        assert!(matches!(
            Route::parse("#/online/0123456789abcdef?seat=<script>"),
            Route::Unknown(e) if e.text(crate::i18n::Lang::En).contains("seat")
        ));
    }
}
