//! Saved games (`#/games`): every game kept in this browser, unfinished and finished, the most
//! recent first, each with its date, game, players, result and number of moves, to resume or
//! replay, export (SFEN or the hex notation, USI, KIF where the game has it) or delete; and the
//! entries that could not be read, set aside with their text kept, to download or delete.
//!
//! Hooks: each game is `[data-saved-game="<id>"]` with `data-game`, `data-result` (`ongoing`,
//! the winner's seat or `draw`), `data-plies` and, for a game played online, `data-online`
//! (its id on the server); its actions `a[data-action="resume"]`, `a[data-action="analyse"]`,
//! `[data-action="export"]` (then `a[data-download="sfen|usi|kif"]`) and
//! `[data-action="delete"]`; an entry set aside is `[data-aside="<id>"]` with
//! `a[data-download="raw"]` and `[data-action="delete-aside"]`.

use koma_rules::{GameId, Player};
use yew::prelude::*;

use crate::i18n::{self, Lang};
use crate::record::{Format, export};
use crate::saved::SavedGame;
use crate::storage::{self, Listing, Unread};

/// A download link for `text` as the file `name`.
fn download(text: &str, name: &str, hook: &'static str, label: &str) -> Html {
    let href = format!(
        "data:text/plain;charset=utf-8,{}",
        js_sys::encode_uri_component(text)
    );
    html! { <a class="download" {href} download={name.to_string()} data-download={hook}>{ label.to_string() }</a> }
}

/// A date and time in the reader's language.
fn date(ms: f64, lang: Lang) -> String {
    let d = js_sys::Date::new(&ms.into());
    String::from(d.to_locale_string(
        lang.pick("ja-JP", "en-GB"),
        &wasm_bindgen::JsValue::UNDEFINED,
    ))
}

/// The players of a saved game: names, or seats; the computer with its level.
fn players(g: &SavedGame, game: GameId, lang: Lang) -> String {
    let n = koma_rules::Variant::get(game).players();
    (0..n)
        .map(|p| {
            let seat = koma_rules::names::seat_marked(game, Player(p), lang);
            let name = g.names.get(p as usize).filter(|s| !s.is_empty());
            match (g.computer.contains(&p), name) {
                (true, _) => match lang {
                    Lang::Ja => format!("{seat} コンピュータ（レベル{}）", g.level),
                    Lang::En => format!("{seat} computer (level {})", g.level),
                },
                (false, Some(name)) => format!("{seat} {name}"),
                (false, None) => seat.to_string(),
            }
        })
        .collect::<Vec<_>>()
        .join(" · ")
}

/// The result of a saved game in words.
fn result(g: &SavedGame, game: GameId, lang: Lang) -> String {
    let Some(r) = &g.result else {
        return lang.pick("対局中", "in progress").to_string();
    };
    let why = i18n::end_reason(lang, r.reason);
    match r.winner {
        Some(w) => {
            let seat = koma_rules::names::seat_marked(game, Player(w), lang);
            match lang {
                Lang::Ja => format!("{seat}の勝ち（{why}）"),
                Lang::En => format!("{seat} won ({why})"),
            }
        }
        None => format!("{}{why}", lang.pick("引き分け：", "draw: ")),
    }
}

/// One saved game's row.
fn game_row(
    g: &SavedGame,
    lang: Lang,
    exporting: &UseStateHandle<Option<String>>,
    refresh: &Callback<()>,
) -> Html {
    let Ok(game) = g.game.parse::<GameId>() else {
        return Html::default();
    };
    let id = g.id.clone();
    let href = format!("#/play/{}?saved={}", game.as_str(), g.id);
    let finished = g.result.is_some();
    let on_export = {
        let exporting = exporting.clone();
        let id = id.clone();
        Callback::from(move |_: MouseEvent| {
            exporting.set(if exporting.as_deref() == Some(&id) {
                None
            } else {
                Some(id.clone())
            })
        })
    };
    let on_delete = {
        let refresh = refresh.clone();
        let id = id.clone();
        Callback::from(move |_: MouseEvent| {
            let sure = web_sys::window()
                .and_then(|w| {
                    w.confirm_with_message(
                        lang.pick("この対局を削除しますか？", "Delete this game for good?"),
                    )
                    .ok()
                })
                .unwrap_or(false);
            if sure {
                storage::delete_game(&id);
                refresh.emit(());
            }
        })
    };
    // the export links, worked out when asked for (the rules replay the game)
    let links = (exporting.as_deref() == Some(g.id.as_str())).then(|| match g.restore() {
        Ok(r) => {
            let base = format!("koma-{}-{}", game.as_str(), g.id);
            let hex = koma_rules::Description::of(game).can.notation == koma_rules::Notation::Hex;
            let position_label = if hex { "position (hex)" } else { "SFEN" };
            html! {
                <span class="exports">
                    { download(&export(&r.game, Format::Sfen), &format!("{base}.txt"), "sfen", position_label) }
                    { download(&export(&r.game, Format::Usi), &format!("{base}.usi"), "usi", "USI") }
                    if koma_rules::record::has_kif(game) {
                        { download(&export(&r.game, Format::Kif), &format!("{base}.kif"), "kif", "KIF") }
                    }
                </span>
            }
        }
        Err(e) => html! { <span class="foul" role="alert">{ e.text(lang) }</span> },
    });
    let result_hook = match &g.result {
        None => "ongoing".to_string(),
        Some(r) => r.winner.map_or("draw".to_string(), |w| w.to_string()),
    };
    html! {
        <li class="saved-game" data-saved-game={g.id.clone()} data-game={game.as_str()}
            data-result={result_hook} data-plies={g.plies().to_string()}
            data-online={g.online.clone()}>
            <span class="when">{ date(g.updated, lang) }</span>
            <span class="which">{ koma_rules::names::game_in(game, lang) }
                if g.online.is_some() { { lang.pick("（オンライン）", " (online)") } }</span>
            <span class="who">{ players(g, game, lang) }</span>
            <span class="result">{ result(g, game, lang) }</span>
            <span class="plies">{ match lang {
                Lang::Ja => format!("{}手", g.plies()),
                Lang::En => format!("{} moves", g.plies()),
            } }</span>
            <span class="actions">
                <a href={href} data-action="resume">{ if finished {
                    lang.pick("再生", "Replay")
                } else {
                    lang.pick("続きから", "Resume")
                } }</a>
                <a href={format!("#/analysis/{}?saved={}", game.as_str(), g.id)} data-action="analyse">
                    { lang.pick("検討", "Analyse") }</a>
                <button data-action="export" onclick={on_export}>{ lang.pick("書き出し", "Export") }</button>
                <button data-action="delete" onclick={on_delete}>{ lang.pick("削除", "Delete") }</button>
                { for links }
            </span>
        </li>
    }
}

/// One entry that could not be read.
fn unread_row(u: &Unread, lang: Lang, newer: bool, refresh: &Callback<()>) -> Html {
    let on_delete = {
        let refresh = refresh.clone();
        let id = u.id.clone();
        Callback::from(move |_: MouseEvent| {
            storage::delete_aside(&id);
            refresh.emit(());
        })
    };
    html! {
        <li class="aside" data-aside={u.id.clone()}>
            <span class="which">{ u.id.clone() }</span>
            <span class="why">{ u.reason.text(lang) }</span>
            { download(&u.raw, &format!("koma-unreadable-{}.json", u.id), "raw", lang.pick("テキストを保存", "Download its text")) }
            if !newer {
                <button data-action="delete-aside" onclick={on_delete}>{ lang.pick("削除", "Delete") }</button>
            }
        </li>
    }
}

/// The Games list.
#[function_component(GamesList)]
pub fn games_list() -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let listing = use_state(storage::list);
    let exporting = use_state(|| None::<String>);
    let refresh = {
        let listing = listing.clone();
        Callback::from(move |_: ()| listing.set(storage::list()))
    };
    let Listing {
        games,
        aside,
        newer,
        unavailable,
    } = &*listing;
    let rows = games
        .iter()
        .map(|g| game_row(g, lang, &exporting, &refresh));
    html! {
        <section class="games-list" data-games-list="">
            <h2>{ lang.pick("保存した対局", "Saved games") }</h2>
            if let Some(e) = unavailable {
                <p class="foul" data-error="storage" role="alert">{ match lang {
                    Lang::Ja => format!("このブラウザでは対局を保存できません：{e}"),
                    Lang::En => format!("This browser keeps no games here: {e}"),
                } }</p>
            }
            if games.is_empty() {
                <p class="empty">{ lang.pick(
                    "まだ保存した対局はありません。対局は1手ごとにこのブラウザに保存されます。",
                    "No saved games yet. Every game is saved in this browser after each move.",
                ) }</p>
            } else {
                <ul class="saved-games">{ for rows }</ul>
            }
            if !aside.is_empty() {
                <h3>{ lang.pick("読めない記録（取り分け済み）", "Entries that could not be read (set aside)") }</h3>
                <ul class="aside-list" role="alert">
                    { for aside.iter().map(|u| unread_row(u, lang, false, &refresh)) }
                </ul>
            }
            if !newer.is_empty() {
                <h3>{ lang.pick("新しい版のKomaで保存された対局", "Games saved by a newer Koma") }</h3>
                <ul class="aside-list">
                    { for newer.iter().map(|u| unread_row(u, lang, true, &refresh)) }
                </ul>
            }
            <p><a href="#/">{ lang.pick("最初の画面へ", "Back to the game list") }</a></p>
        </section>
    }
}
