//! `#/@/<name>`: a player's public profile from the server beside the page: the ratings per game
//! id and speed, and a graph of each rating over the rated games played (SVG).
//!
//! Hooks: `[data-profile="<name>"]` the screen once the server has answered, the ratings as on
//! `#/account` (`[data-rating]`), one `svg[data-rating-graph]` a game id and speed (`data-game`,
//! `data-speed`) with a `circle[data-point="<rating>"]` a rated game, the games played
//! (`[data-played="<id>"]`, newest first, 20 a page: `select[name="played-game"]` filters by
//! game id, `[data-action="more-games"]` the next page), each opening in the analysis board
//! (`a[data-action="analyse"]`), `a[data-action="export"]` every game in one archive (KIF,
//! CSA), `[data-action="challenge"]` (for another signed-in player: the start screen's form with
//! this name to challenge), and `[data-error="profile"]` when there is no such player or no
//! server.

use koma_wire::{PlayedGame, PlayedGames, Player, RatingPoint};
use yew::prelude::*;

use crate::account::{ratings_list, send, speed_words};
use crate::i18n::Lang;
use crate::online::from_json;
use wasm_bindgen::JsCast;

/// The graph's size in its own units.
const WIDTH: f64 = 320.0;
const HEIGHT: f64 = 120.0;
const MARGIN: f64 = 8.0;
/// Room for the ratings' labels on the left.
const LEFT: f64 = 44.0;

/// Whether `name` could be an account's name (so that no other text reaches the API's path).
pub fn is_name(name: &str) -> bool {
    (3..=20).contains(&name.len())
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

/// One rating's graph: the ratings after each game, left to right, scaled to fill the height.
fn graph(lang: Lang, game: &str, speed: &str, points: &[&RatingPoint]) -> Html {
    let low = points.iter().map(|p| p.rating).min().unwrap_or(1500) - 20;
    let high = points.iter().map(|p| p.rating).max().unwrap_or(1500) + 20;
    let span = (high - low).max(1) as f64;
    // a lone game in the middle
    let (left, step) = if points.len() > 1 {
        (LEFT, (WIDTH - LEFT - MARGIN) / (points.len() - 1) as f64)
    } else {
        ((WIDTH + LEFT) / 2.0, 0.0)
    };
    let at = |i: usize, r: i64| {
        (
            left + step * i as f64,
            MARGIN + (HEIGHT - 2.0 * MARGIN) * (high - r) as f64 / span,
        )
    };
    let line = points
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let (x, y) = at(i, p.rating);
            format!("{x:.1},{y:.1}")
        })
        .collect::<Vec<_>>()
        .join(" ");
    let dots = points.iter().enumerate().map(|(i, p)| {
        let (x, y) = at(i, p.rating);
        html! {
            <circle cx={format!("{x:.1}")} cy={format!("{y:.1}")} r="3" data-point={p.rating.to_string()}>
                <title>{ p.rating.to_string() }</title>
            </circle>
        }
    });
    let name = game
        .parse::<koma_rules::GameId>()
        .map(koma_rules::names::game)
        .unwrap_or(game);
    let caption = format!("{name} · {}", speed_words(lang, speed));
    let label = format!(
        "{} {caption}: {low}–{high}",
        lang.pick("レーティングの推移", "Rating over games,")
    );
    let (top, bottom) = (MARGIN, HEIGHT - MARGIN);
    html! {
        <figure class="rating-graph">
            <figcaption>{ caption }</figcaption>
            <svg data-rating-graph="" data-game={game.to_string()} data-speed={speed.to_string()}
                viewBox={format!("0 0 {WIDTH} {HEIGHT}")} role="img" aria-label={label}>
                <line class="axis" x1={LEFT.to_string()} y1={top.to_string()} x2={LEFT.to_string()} y2={bottom.to_string()} />
                <line class="axis" x1={LEFT.to_string()} y1={bottom.to_string()} x2={(WIDTH - MARGIN).to_string()} y2={bottom.to_string()} />
                <text x="2" y={(top + 8.0).to_string()}>{ high.to_string() }</text>
                <text x="2" y={bottom.to_string()}>{ low.to_string() }</text>
                <polyline points={line} fill="none" stroke="currentColor" stroke-width="2" />
                { for dots }
            </svg>
        </figure>
    }
}

/// The analysis board's address for a played game: its moves, and chu's rule preset.
fn analysis_href(g: &PlayedGame) -> String {
    let mut q = Vec::new();
    if let Some(p) = &g.spec.start.preset {
        q.push(format!("preset={}", crate::encode(p)));
    }
    if !g.moves.is_empty() {
        let moves: Vec<String> = g.moves.iter().map(|m| crate::encode(m)).collect();
        q.push(format!("moves={}", moves.join(",")));
        q.push(format!("ply={}", g.moves.len()));
    }
    let query = if q.is_empty() {
        String::new()
    } else {
        format!("?{}", q.join("&"))
    };
    format!("#/analysis/{}{query}", g.spec.start.id.as_str())
}

/// A played game's line: the game, the others, the result for the player, the analysis link.
fn played_row(lang: Lang, g: &PlayedGame) -> Html {
    let others: Vec<&str> = g
        .names
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != usize::from(g.seat))
        .map(|(_, n)| if n.is_empty() { "?" } else { n.as_str() })
        .collect();
    let result = match g.outcome.winner {
        Some(w) if w == g.seat => lang.pick("勝ち", "won"),
        Some(_) => lang.pick("負け", "lost"),
        None => lang.pick("引き分け", "drawn"),
    };
    let rated = if g.spec.rated {
        lang.pick("・レーティング", " · rated")
    } else {
        ""
    };
    html! {
        <li data-played={g.id.clone()} data-game={g.spec.start.id.as_str()}>
            { format!("{} · {} · {} ({}){rated} · {} {}", koma_rules::names::game(g.spec.start.id), others.join(", "), result,
                crate::i18n::end_reason(lang, g.outcome.reason), g.moves.len(), lang.pick("手", "plies")) }
            { " " }<a href={analysis_href(g)} data-action="analyse">{ lang.pick("検討", "Analyse") }</a>
        </li>
    }
}

/// A player's finished games, a page at a time, filtered by game id.
#[function_component(PlayedView)]
fn played_view(props: &ProfileProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let filter = use_state(String::new);
    let page = use_state(|| 0u32);
    let games = use_state(Vec::<PlayedGame>::new);
    let more = use_state(|| false);
    {
        let (games, more, name) = (games.clone(), more.clone(), props.name.clone());
        use_effect_with(((*filter).clone(), *page), move |(filter, page)| {
            let (filter, page) = (filter.clone(), *page);
            wasm_bindgen_futures::spawn_local(async move {
                let path = format!("api/players/{name}/games?game={filter}&page={page}");
                if let Ok(t) = send(lang, "GET", &path, None).await
                    && let Some(p) = from_json::<PlayedGames>(&t)
                {
                    let mut all = if page == 0 {
                        Vec::new()
                    } else {
                        (*games).clone()
                    };
                    all.extend(p.games);
                    games.set(all);
                    more.set(p.more);
                }
            });
        });
    }
    let on_filter = {
        let (filter, page) = (filter.clone(), page.clone());
        Callback::from(move |e: Event| {
            if let Some(s) = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::HtmlSelectElement>().ok())
            {
                page.set(0);
                filter.set(s.value());
            }
        })
    };
    let on_more = {
        let page = page.clone();
        Callback::from(move |_: MouseEvent| page.set(*page + 1))
    };
    let choices = koma_rules::GameId::ALL.iter().map(|g| {
        html! { <option value={g.as_str()} selected={*filter == g.as_str()}>{ koma_rules::names::game_in(*g, lang) }</option> }
    });
    html! {
        <section class="played" data-played-games="">
            <h3>{ lang.pick("対局の記録", "Games played") }</h3>
            <label>{ lang.pick("対局 ", "Game ") }
                <select name="played-game" onchange={on_filter}>
                    <option value="" selected={filter.is_empty()}>{ lang.pick("すべて", "all") }</option>
                    { for choices }
                </select></label>
            <ul>{ for games.iter().map(|g| played_row(lang, g)) }</ul>
            if *more {
                <button data-action="more-games" onclick={on_more}>{ lang.pick("さらに表示", "More games") }</button>
            }
            <p><a href={format!("api/players/{}/export", props.name)} data-action="export" download="">
                { lang.pick("全対局をダウンロード（KIF・CSA）", "Download every game (KIF, CSA)") }</a></p>
        </section>
    }
}

/// The profile's properties.
#[derive(Properties, PartialEq)]
pub struct ProfileProps {
    /// The player's name as the address has it.
    pub name: String,
}

/// `[data-action="challenge"]`: the start screen's form, with this player's name to challenge.
fn challenge_button(lang: Lang, name: &str) -> Html {
    let name = name.to_string();
    let onclick = Callback::from(move |_: MouseEvent| {
        if let Some(w) = web_sys::window() {
            if let Ok(Some(s)) = w.session_storage() {
                let _ = s.set_item(crate::online::CHALLENGE_KEY, &name);
            }
            let _ = w.location().set_hash("/");
        }
    });
    html! {
        <p><button type="button" data-action="challenge" {onclick}>{ lang.pick("対局を申し込む", "Challenge to a game") }</button></p>
    }
}

/// A player's profile.
#[function_component(ProfileView)]
pub fn profile_view(props: &ProfileProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let answer = use_state(|| None::<Result<Player, String>>);
    {
        let answer = answer.clone();
        use_effect_with(props.name.clone(), move |name| {
            let name = name.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let got = send(lang, "GET", &format!("api/players/{name}"), None)
                    .await
                    .and_then(|t| {
                        from_json::<Player>(&t).ok_or_else(|| "an answer not understood".into())
                    });
                answer.set(Some(got));
            });
        });
    }
    // who is signed in: another player may challenge this one
    let me = use_state(|| None::<String>);
    {
        let me = me.clone();
        use_effect_with((), move |_| {
            wasm_bindgen_futures::spawn_local(async move {
                if let Ok(t) = send(lang, "GET", "api/me", None).await
                    && let Some(m) = from_json::<koma_wire::Me>(&t)
                {
                    me.set(Some(m.name));
                }
            });
        });
    }
    let body = match &*answer {
        None => html! { <p>{ lang.pick("読み込み中…", "Loading…") }</p> },
        Some(Err(words)) => html! {
            <p class="error" data-error="profile" role="alert">{ words.clone() }</p>
        },
        Some(Ok(p)) => {
            let graphs = p.ratings.iter().flat_map(|(game, speeds)| {
                speeds.keys().map(move |speed| {
                    let points: Vec<&RatingPoint> = p
                        .history
                        .iter()
                        .filter(|h| &h.game == game && &h.speed == speed)
                        .collect();
                    graph(lang, game, speed, &points)
                })
            });
            let since = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(p.created_ms as f64))
                .to_iso_string()
                .as_string()
                .unwrap_or_default();
            html! {
                <div data-profile={p.name.clone()}>
                    <h2>{ p.name.clone() }</h2>
                    <p class="hint">{ lang.pick("登録：", "Member since ") }{ since.get(..10).unwrap_or_default().to_string() }</p>
                    if me.as_ref().is_some_and(|m| !m.eq_ignore_ascii_case(&p.name)) {
                        { challenge_button(lang, &p.name) }
                    }
                    { ratings_list(lang, &p.ratings) }
                    <div class="rating-graphs">{ for graphs }</div>
                    <PlayedView name={p.name.clone()} />
                </div>
            }
        }
    };
    html! {
        <section class="account profile" data-screen="profile">
            { body }
            <p><a href="#/lobby">{ lang.pick("ロビーへ", "To the lobby") }</a></p>
        </section>
    }
}
