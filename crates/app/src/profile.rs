//! `#/@/<name>`: a player's public profile from the server beside the page: the ratings per game
//! id and speed, and a graph of each rating over the rated games played (SVG).
//!
//! Hooks: `[data-profile="<name>"]` the screen once the server has answered, the ratings as on
//! `#/account` (`[data-rating]`), one `svg[data-rating-graph]` a game id and speed (`data-game`,
//! `data-speed`) with a `circle[data-point="<rating>"]` a rated game, and
//! `[data-error="profile"]` when there is no such player or no server.

use koma_wire::{Player, RatingPoint};
use yew::prelude::*;

use crate::account::{ratings_list, send, speed_words};
use crate::i18n::Lang;
use crate::online::from_json;

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

/// The profile's properties.
#[derive(Properties, PartialEq)]
pub struct ProfileProps {
    /// The player's name as the address has it.
    pub name: String,
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
                    { ratings_list(lang, &p.ratings) }
                    <div class="rating-graphs">{ for graphs }</div>
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
