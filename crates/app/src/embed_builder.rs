//! The embed builder, in the editor and on the analysis board: marks and arrows drawn on the
//! board with the right button (a press and release on one cell circles it, on two cells draws
//! an arrow; the same again takes it away), in one of four brushes; a caption and a mode (view,
//! replay, play, puzzle with its solution moves, exercise with its goal and par); then the `<koma-board>` element and the iframe
//! that show it on another page, written with this app's own address, and a live preview that is
//! the real embed.
//!
//! Hooks: the brushes `[data-brush="green|red|blue|yellow"]`, `input[name="caption"]`,
//! `select[name="mode"]` (`collection`: a puzzle from the collection, chosen in
//! `select[name="puzzle"]` by its id, for the game on the board), `input[name="solution"]` (a
//! puzzle's moves), `input[name="goal"]` and `input[name="par"]` (an exercise's goal, as the
//! embed's `goal=` reads it, and its par: empty for the fewest moves), the snippets
//! `[data-snippet="element"]` and `[data-snippet="iframe"]` with `[data-action="copy-element"]`
//! and `[data-action="copy-iframe"]`, the preview `iframe[data-preview]`.

use std::rc::Rc;

use gloo::events::{EventListener, EventListenerOptions};
use koma_rules::{GameId, Variant};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::board::Shape;
use crate::hit::{Target, target_at};

/// The brushes, as the embed's `marks` and `arrows` name them.
pub const BRUSHES: [&str; 4] = ["green", "red", "blue", "yellow"];

/// Marks and arrows drawn on a board area with the right button.
#[derive(Clone, PartialEq)]
pub struct Annotations {
    /// The element around the board (where the right button draws).
    pub area: NodeRef,
    /// The brush drawn with.
    pub brush: UseStateHandle<&'static str>,
    set: UseStateHandle<Rc<Vec<Shape>>>,
}

impl Annotations {
    /// What is drawn.
    pub fn shapes(&self) -> Rc<Vec<Shape>> {
        (*self.set).clone()
    }
}

/// Marks and arrows on `game`'s board inside the element [`Annotations::area`] is put on.
#[hook]
pub fn use_annotations(game: GameId) -> Annotations {
    let area = use_node_ref();
    let set = use_state(|| Rc::new(Vec::<Shape>::new()));
    let brush = use_state(|| BRUSHES[0]);
    {
        let area = area.clone();
        let set = set.clone();
        let brush = *brush;
        // the listeners read the shapes as they are now: made again when they change
        use_effect_with((set.clone(), brush), move |_| {
            let v = Variant::get(game);
            let start = std::rc::Rc::new(std::cell::Cell::new(None::<koma_rules::Cell>));
            let listeners = area.cast::<web_sys::Element>().map(|el| {
                let opts = EventListenerOptions::enable_prevent_default();
                let menu = EventListener::new_with_options(&el, "contextmenu", opts, |e| {
                    e.prevent_default()
                });
                let down = {
                    let start = start.clone();
                    EventListener::new(&el, "pointerdown", move |e| {
                        let Some(e) = e.dyn_ref::<web_sys::PointerEvent>() else {
                            return;
                        };
                        if e.button() == 2 {
                            start.set(cell_at(v, e));
                        }
                    })
                };
                let up = {
                    let start = start.clone();
                    EventListener::new(&el, "pointerup", move |e| {
                        let Some(e) = e.dyn_ref::<web_sys::PointerEvent>() else {
                            return;
                        };
                        let Some(from) = start.take() else { return };
                        if e.button() != 2 {
                            return;
                        }
                        let Some(to) = cell_at(v, e) else { return };
                        let shape = if from == to {
                            Shape::Mark { cell: to, brush }
                        } else {
                            Shape::Arrow { from, to, brush }
                        };
                        set.set(Rc::new(toggle(&set, shape)));
                    })
                };
                (menu, down, up)
            });
            move || drop(listeners)
        });
    }
    Annotations { area, brush, set }
}

fn cell_at(v: &Variant, e: &web_sys::PointerEvent) -> Option<koma_rules::Cell> {
    match target_at(v, e.client_x(), e.client_y()) {
        Some(Target::Cell(c)) => Some(c),
        _ => None,
    }
}

/// The shapes with `shape` added, or taken away if it was there (a mark of another brush on
/// the same cell, or an arrow between the same cells, is replaced).
fn toggle(shapes: &[Shape], shape: Shape) -> Vec<Shape> {
    let same_place = |a: &Shape| match (a, &shape) {
        (Shape::Mark { cell: x, .. }, Shape::Mark { cell: y, .. }) => x == y,
        (Shape::Arrow { from: a, to: b, .. }, Shape::Arrow { from: c, to: d, .. }) => {
            a == c && b == d
        }
        _ => false,
    };
    let was = shapes.iter().find(|s| same_place(s)).copied();
    let mut out: Vec<Shape> = shapes.iter().filter(|s| !same_place(s)).copied().collect();
    if was != Some(shape) {
        out.push(shape);
    }
    out
}

/// The embed's `marks` and `arrows` for `shapes` (cells by name, each with its brush).
pub fn shape_params(v: &Variant, shapes: &[Shape]) -> (String, String) {
    let mut marks = Vec::new();
    let mut arrows = Vec::new();
    for s in shapes {
        match *s {
            Shape::Mark { cell, brush } => marks.push(format!("{}:{brush}", v.cell_name(cell))),
            Shape::Arrow { from, to, brush } => {
                arrows.push(format!("{}>{}:{brush}", v.cell_name(from), v.cell_name(to)))
            }
            Shape::Drop { .. } => {}
        }
    }
    (marks.join(" "), arrows.join(" "))
}

/// What the embed is asked to show.
pub struct Embed<'a> {
    /// The game.
    pub game: GameId,
    /// The start position's text.
    pub position: &'a str,
    /// The moves from it.
    pub moves: &'a [String],
    /// The ply shown first.
    pub ply: Option<usize>,
    /// `view`, `replay`, `play` or `puzzle`.
    pub mode: &'a str,
    /// `ja` or `en`.
    pub lang: &'a str,
    /// The marks, as the embed reads them.
    pub marks: &'a str,
    /// The arrows, as the embed reads them.
    pub arrows: &'a str,
    /// The caption.
    pub caption: &'a str,
    /// An exercise's goal (`mode` `exercise`).
    pub goal: &'a str,
    /// An exercise's par (empty: the fewest moves).
    pub par: &'a str,
}

impl Embed<'_> {
    /// The embed's parameters, in order, empty ones left out.
    pub fn params(&self) -> Vec<(&'static str, String)> {
        let mut out = vec![
            ("game", self.game.as_str().to_string()),
            ("sfen", self.position.to_string()),
        ];
        if !self.moves.is_empty() {
            out.push(("moves", self.moves.join(" ")));
        }
        if let Some(p) = self.ply {
            out.push(("ply", p.to_string()));
        }
        out.push(("mode", self.mode.to_string()));
        out.push(("lang", self.lang.to_string()));
        let exercise = self.mode == "exercise";
        for (k, v) in [
            ("marks", self.marks),
            ("arrows", self.arrows),
            ("caption", self.caption),
            ("goal", if exercise { self.goal.trim() } else { "" }),
            ("par", if exercise { self.par.trim() } else { "" }),
        ] {
            if !v.is_empty() {
                out.push((k, v.to_string()));
            }
        }
        out
    }
}

/// An attribute's value as HTML writes it between double quotes.
fn attr(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
}

/// The `<koma-board>` element (with its script) for `params`, served from `base`.
pub fn element_snippet(base: &str, params: &[(&'static str, String)]) -> String {
    let attrs: Vec<String> = params
        .iter()
        .map(|(k, v)| format!("{k}=\"{}\"", attr(v)))
        .collect();
    format!(
        "<script type=\"module\" src=\"{base}koma-embed.js\"></script>\n<koma-board {}></koma-board>",
        attrs.join(" ")
    )
}

/// The embed page's address for `params`, served from `base`.
pub fn embed_url(
    base: &str,
    params: &[(&'static str, String)],
    encode: impl Fn(&str) -> String,
) -> String {
    let q: Vec<String> = params
        .iter()
        .map(|(k, v)| format!("{k}={}", encode(v)))
        .collect();
    format!("{base}embed.html?{}", q.join("&"))
}

/// Where this app is served from (the page's address up to its last `/`).
fn base() -> String {
    let Some(loc) = web_sys::window().map(|w| w.location()) else {
        return String::new();
    };
    let origin = loc.origin().unwrap_or_default();
    let path = loc.pathname().unwrap_or_default();
    let dir = path.rfind('/').map_or("/", |i| &path[..=i]);
    format!("{origin}{dir}")
}

/// Properties of [`EmbedBuilder`].
#[derive(Properties, PartialEq)]
pub struct EmbedBuilderProps {
    /// The game.
    pub game: GameId,
    /// The start position's text (none: not a legal position, nothing to write).
    pub position: Option<String>,
    /// The moves from it (a replay's, a puzzle's), in the game's notation.
    pub moves: Rc<Vec<String>>,
    /// The ply shown first.
    pub ply: Option<usize>,
    /// The marks and arrows drawn.
    pub annotations: Annotations,
    /// Whether a puzzle's solution is typed in (the editor: the position has no moves).
    #[prop_or_default]
    pub puzzle_moves: bool,
}

/// The builder: brushes, caption, mode, the two snippets and the live preview.
#[function_component(EmbedBuilder)]
pub fn embed_builder(p: &EmbedBuilderProps) -> Html {
    let lang = use_context::<crate::i18n::Lang>().unwrap_or_default();
    let caption = use_state(String::new);
    let mode = use_state(|| "view".to_string());
    let solution = use_state(String::new);
    let goal = use_state(|| "mate".to_string());
    let par = use_state(String::new);
    // a puzzle from the collection: the collection once loaded, the puzzle chosen
    let collection = use_state(|| None::<Result<Rc<crate::puzzles::Collection>, String>>);
    let chosen = use_state(|| None::<String>);
    {
        let collection = collection.clone();
        use_effect_with(*mode == "collection", move |&wanted| {
            if wanted && collection.is_none() {
                wasm_bindgen_futures::spawn_local(async move {
                    collection.set(Some(crate::puzzles::screen::load().await));
                });
            }
        });
    }
    let game = p.game;
    let of_game: Vec<crate::puzzles::Puzzle> = match &*collection {
        Some(Ok(c)) if *mode == "collection" => c
            .puzzles
            .iter()
            .filter(|q| q.game == game)
            .cloned()
            .collect(),
        _ => Vec::new(),
    };
    let puzzle = chosen
        .as_ref()
        .and_then(|id| of_game.iter().find(|q| &q.id == id))
        .or(of_game.first())
        .cloned();
    let v = Variant::get(p.game);
    let copied = use_state(|| None::<&'static str>);
    let copy = |which: &'static str, text: String| {
        let copied = copied.clone();
        Callback::from(move |_: MouseEvent| {
            let Some(w) = web_sys::window() else { return };
            let promise = w.navigator().clipboard().write_text(&text);
            let copied = copied.clone();
            wasm_bindgen_futures::spawn_local(async move {
                if wasm_bindgen_futures::JsFuture::from(promise).await.is_ok() {
                    copied.set(Some(which));
                }
            });
        })
    };
    let copy_label = |which: &'static str| {
        if *copied == Some(which) {
            lang.pick("コピーした", "Copied")
        } else {
            lang.pick("コピー", "Copy")
        }
    };
    let text_input = |state: &UseStateHandle<String>| {
        let state = state.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(i) = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
            {
                state.set(i.value());
            }
        })
    };
    let on_mode = {
        let mode = mode.clone();
        Callback::from(move |e: Event| {
            if let Some(m) = crate::select_value(&e) {
                mode.set(m);
            }
        })
    };
    let brushes = BRUSHES.iter().map(|&b| {
        let brush = p.annotations.brush.clone();
        let chosen = *brush == b;
        let onclick = Callback::from(move |_: MouseEvent| brush.set(b));
        html! {
            <button class={classes!("brush", b, chosen.then_some("chosen"))} data-brush={b}
                aria-pressed={chosen.to_string()} {onclick}>{ b }</button>
        }
    });
    let modes = [
        ("view", "表示", "view"),
        ("replay", "再生", "replay"),
        ("play", "対局", "play"),
        ("puzzle", "詰将棋・問題", "puzzle"),
        ("exercise", "練習（目標）", "exercise (a goal)"),
        ("collection", "問題集から", "a puzzle from the collection"),
    ]
    .map(|(id, ja, en)| {
        html! { <option value={id} selected={*mode == id}>{ lang.pick(ja, en) }</option> }
    });
    let from_collection = *mode == "collection";
    let position = if from_collection {
        puzzle.as_ref().map(|q| q.position.clone())
    } else {
        p.position.clone()
    };
    let snippets = position.as_ref().map(|position| {
        let (marks, arrows) = shape_params(v, &p.annotations.shapes());
        let typed: Vec<String>;
        let moves: &[String] = if let Some(q) = puzzle.as_ref().filter(|_| from_collection) {
            &q.moves
        } else if p.puzzle_moves && *mode == "puzzle" {
            typed = solution.split_whitespace().map(str::to_string).collect();
            &typed
        } else {
            &p.moves
        };
        let params = Embed {
            game: p.game,
            position,
            moves,
            ply: if from_collection { None } else { p.ply },
            mode: if from_collection { "puzzle" } else { &mode },
            lang: lang.pick("ja", "en"),
            marks: &marks,
            arrows: &arrows,
            caption: &caption,
            goal: &goal,
            par: &par,
        }
        .params();
        let base = base();
        let url = embed_url(&base, &params, |s| {
            String::from(js_sys::encode_uri_component(s))
        });
        let title = if caption.is_empty() {
            koma_rules::names::game_in(p.game, lang).to_string()
        } else {
            (*caption).clone()
        };
        let iframe = format!(
            "<iframe src=\"{}\" width=\"420\" height=\"560\" title=\"{}\"></iframe>",
            attr(&url),
            attr(&title)
        );
        let element = element_snippet(&base, &params);
        html! {
            <>
                <label>{ lang.pick("要素", "Element") }
                    <textarea data-snippet="element" readonly=true rows="4" value={element.clone()} /></label>
                <button data-action="copy-element" onclick={copy("element", element)}>{ copy_label("element") }</button>
                <label>{ "iframe" }
                    <textarea data-snippet="iframe" readonly=true rows="3" value={iframe.clone()} /></label>
                <button data-action="copy-iframe" onclick={copy("iframe", iframe)}>{ copy_label("iframe") }</button>
                <iframe class="preview" data-preview="" src={url} title={lang.pick("プレビュー", "preview")}
                    width="320" height="420" />
            </>
        }
    });
    html! {
        <details class="snippet" data-snippets="">
            <summary>{ lang.pick("ページに埋め込む", "Embed in a page") }</summary>
            <p class="hint">{ lang.pick("右ボタンで盤に印と矢印を描けます。", "Draw marks and arrows on the board with the right button.") }</p>
            <div class="buttons">{ for brushes }</div>
            <label>{ lang.pick("説明 ", "Caption ") }
                <input name="caption" value={(*caption).clone()} oninput={text_input(&caption)} /></label>
            <label>{ lang.pick("モード ", "Mode ") }
                <select name="mode" onchange={on_mode}>{ for modes }</select></label>
            if p.puzzle_moves && *mode == "puzzle" {
                <label>{ lang.pick("正解手順 ", "Solution ") }
                    <input name="solution" placeholder="G*2b 2a1a" value={(*solution).clone()}
                        oninput={text_input(&solution)} /></label>
            }
            if *mode == "exercise" {
                <label>{ lang.pick("目標 ", "Goal ") }
                    <input name="goal" placeholder="mate · reach:5a · capture:7c · foul:nifu · promote" value={(*goal).clone()}
                        oninput={text_input(&goal)} /></label>
                <label>{ lang.pick("手数（空欄：最短） ", "Par (empty: the fewest) ") }
                    <input name="par" inputmode="numeric" size="3" value={(*par).clone()}
                        oninput={text_input(&par)} /></label>
                <p class="hint">{ lang.pick(
                    "目標：reach:升, capture:升, mate, win, draw, escape, check, pass, foul:規則, promote, promote:no, declare, impasse（升は;で区切る）。プレビューが判定します。",
                    "Goals: reach:<cells>, capture:<cells>, mate, win, draw, escape, check, pass, foul:<rule>, promote, promote:no, declare, impasse (cells joined by ;). The preview judges it.") }</p>
            }
            if from_collection {
                { collection_choice(lang, &collection, &of_game, puzzle.as_ref(), &chosen) }
            }
            if snippets.is_none() && !from_collection {
                <p class="hint">{ lang.pick("正しい局面になると書き出せます。", "A legal position can be written out.") }</p>
            }
            { for snippets }
        </details>
    }
}

/// The collection's puzzles of the game, to choose one by its id (or why there are none).
fn collection_choice(
    lang: crate::i18n::Lang,
    collection: &Option<Result<Rc<crate::puzzles::Collection>, String>>,
    of_game: &[crate::puzzles::Puzzle],
    puzzle: Option<&crate::puzzles::Puzzle>,
    chosen: &UseStateHandle<Option<String>>,
) -> Html {
    match collection {
        None => {
            html! { <p class="hint">{ lang.pick("問題集を読み込んでいます…", "Loading the puzzles…") }</p> }
        }
        Some(Err(e)) => html! {
            <p class="hint" data-error="puzzles">{ lang.pick("問題集を読み込めませんでした: ", "The puzzles could not be loaded: ") }{ e }</p>
        },
        Some(Ok(_)) if of_game.is_empty() => html! {
            <p class="hint">{ lang.pick("この将棋の問題はありません。", "The collection has no puzzle of this game.") }</p>
        },
        Some(Ok(_)) => {
            let chosen = chosen.clone();
            let onchange = Callback::from(move |e: Event| {
                if let Some(id) = crate::select_value(&e) {
                    chosen.set(Some(id));
                }
            });
            let options = of_game.iter().map(|q| {
                let selected = puzzle.is_some_and(|p| p.id == q.id);
                html! { <option value={q.id.clone()} {selected}>{ format!("{} ({}, {})", q.id, q.themes.join(", "), q.rating) }</option> }
            });
            html! {
                <label>{ lang.pick("問題 ", "Puzzle ") }
                    <select name="puzzle" {onchange}>{ for options }</select></label>
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_toggle_and_write_as_the_embed_reads_them() {
        let v = Variant::get(GameId::Shogi);
        let c = |n: &str| v.cell_by_name(n).unwrap_or(koma_rules::Cell(0));
        let mark = Shape::Mark {
            cell: c("5e"),
            brush: "red",
        };
        let arrow = Shape::Arrow {
            from: c("7g"),
            to: c("7f"),
            brush: "blue",
        };
        let shapes = toggle(&toggle(&[], mark), arrow);
        assert_eq!(shapes, vec![mark, arrow]);
        // the same again: away; another brush on the same cell: replaced
        assert_eq!(toggle(&shapes, arrow), vec![mark]);
        let green = Shape::Mark {
            cell: c("5e"),
            brush: "green",
        };
        assert_eq!(toggle(&shapes, green), vec![arrow, green]);
        assert_eq!(
            shape_params(v, &shapes),
            ("5e:red".to_string(), "7g>7f:blue".to_string())
        );
        let params = Embed {
            game: GameId::Shogi,
            position: "4k4/9/9/9/9/9/9/9/4K4 b P 1",
            moves: &[],
            ply: None,
            mode: "play",
            lang: "en",
            marks: "5e:red",
            arrows: "",
            caption: "A \"pawn\" & more",
            goal: "mate",
            par: "",
        }
        .params();
        let el = element_snippet("https://k.example/koma/", &params);
        assert!(
            el.starts_with("<script type=\"module\" src=\"https://k.example/koma/koma-embed.js\">")
        );
        assert!(el.contains("sfen=\"4k4/9/9/9/9/9/9/9/4K4 b P 1\""), "{el}");
        assert!(
            el.contains("caption=\"A &quot;pawn&quot; &amp; more\""),
            "{el}"
        );
        assert!(!el.contains("arrows="));
        let url = embed_url("https://k.example/koma/", &params, |s| {
            s.replace(' ', "%20")
        });
        assert!(url.starts_with("https://k.example/koma/embed.html?game=shogi&sfen=4k4/"));
        assert!(
            url.contains("&mode=play&lang=en&marks=5e:red&caption="),
            "{url}"
        );
        assert!(!url.contains("goal="), "a goal only in an exercise");
        // an exercise: its goal and par written for the embed
        let params = Embed {
            game: GameId::Shogi,
            position: "4k4/9/9/9/9/9/9/9/4K4 b P 1",
            moves: &[],
            ply: None,
            mode: "exercise",
            lang: "en",
            marks: "",
            arrows: "",
            caption: "",
            goal: " foul:nifu ",
            par: "",
        }
        .params();
        let el = element_snippet("https://k.example/koma/", &params);
        assert!(el.contains("mode=\"exercise\""), "{el}");
        assert!(el.contains("goal=\"foul:nifu\""), "{el}");
        assert!(!el.contains("par="), "{el}");
    }
}
