//! The panels below the move list: impasse and the entering-king declaration, and the record
//! (export and import).

use koma_rules::GameId;
use koma_rules::status::Status;
use yew::prelude::*;

use crate::i18n::Lang;

use super::state::{Action, Play};

/// Impasse (持将棋) with the live point count, and shogi's entering-king declaration (入玉宣言)
/// showing which of its conditions hold before the player confirms.
pub(super) fn impasse_panel(
    state: &UseReducerHandle<Play>,
    st: &Play,
    ongoing: bool,
    lang: Lang,
) -> Html {
    let status = Status::of(st.game(), st.game().position());
    if !status.impasse {
        return Html::default();
    }
    let d = |a: fn() -> Action| {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(a()))
    };
    // online, the server is asked: an impasse is offered to the other seat, a declaration sent
    let ask = |m: koma_wire::ClientMsg| {
        st.online.as_ref().map(|_| {
            let state = state.clone();
            Callback::from(move |_: MouseEvent| state.dispatch(Action::Ask(m.clone())))
        })
    };
    let on_impasse = ask(koma_wire::ClientMsg::Offer {
        what: koma_wire::OfferKind::Impasse,
    })
    .unwrap_or_else(|| d(|| Action::Impasse));
    let on_declare = ask(koma_wire::ClientMsg::Declare).unwrap_or_else(|| d(|| Action::Declare));
    let [s, g] = st.game().impasse_points();
    let entered = st.game().both_kings_entered();
    let declaration = status.declaration.then(|| {
        let dc = st.game().declaration();
        let yes_no = |b: bool| if b { "✓" } else { "✗" };
        let rows = if st.declaring {
            html! {
                <ul class="conditions" data-declaration="">
                    <li data-condition="king-in-camp">{ format!("{} {}", yes_no(dc.king_in_camp),
                        lang.pick("玉が敵陣三段目以内", "the king in the enemy camp")) }</li>
                    <li data-condition="pieces">{ format!("{} {} ({})", yes_no(dc.pieces_in_camp >= 10),
                        lang.pick("敵陣に自分の駒が10枚以上", "ten more pieces in the camp"), dc.pieces_in_camp) }</li>
                    <li data-condition="not-in-check">{ format!("{} {}", yes_no(dc.not_in_check),
                        lang.pick("王手されていない", "not in check")) }</li>
                    <li data-condition="points">{ match lang {
                        Lang::Ja => format!("点数 {}（31点以上で勝ち、24〜30点で引き分け）", dc.points),
                        Lang::En => format!("points {} (31 or more wins, 24-30 draws)", dc.points),
                    } }</li>
                    <li><button data-action="declare-confirm" onclick={on_declare.clone()}>
                        { lang.pick("宣言する", "Declare") }</button></li>
                </ul>
            }
        } else {
            Html::default()
        };
        html! {
            <>
                <button data-action="declare" disabled={!ongoing} onclick={d(|| Action::ShowDeclaration)}>
                    { lang.pick("入玉宣言…", "Entering-king declaration (入玉宣言)…") }</button>
                { rows }
            </>
        }
    });
    html! {
        <div class="impasse">
            <span data-impasse-points={format!("{s},{g}")}>
                { format!("{} ☗ {s} · ☖ {g}", lang.pick("持将棋の点数", "impasse points")) }</span>
            <button data-action="impasse" disabled={!(ongoing && entered)} onclick={on_impasse}>
                { lang.pick("持将棋に合意", "Agree impasse (持将棋)") }</button>
            { for declaration }
        </div>
    }
}

/// Export and import: the text of the game in a format, and a box and a file picker to load one.
pub(super) fn record_panel(
    state: &UseReducerHandle<Play>,
    st: &Play,
    game_id: GameId,
    lang: Lang,
    import: bool,
) -> Html {
    use crate::record::{Format, export};
    use koma_rules::record::has_kif;
    use wasm_bindgen::JsCast;
    let show = |f: Format| {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(Action::Export(f)))
    };
    let text = st.export.map(|f| export(st.game(), f));
    let options = st.game().options();
    let load = {
        let state = state.clone();
        move |bytes: &[u8]| match koma_rules::loading::load(game_id, options, bytes) {
            Ok(g) => state.dispatch(Action::Load(Box::new(g))),
            Err(e) => state.dispatch(Action::ImportError(crate::problem::Problem::Load(e))),
        }
    };
    let on_import = {
        let load = load.clone();
        let text = state.import_text.clone();
        Callback::from(move |_: MouseEvent| load(text.as_bytes()))
    };
    let on_text = {
        let state = state.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(t) = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::HtmlTextAreaElement>().ok())
            {
                state.dispatch(Action::ImportText(t.value()));
            }
        })
    };
    let on_file = crate::record::file_input(std::rc::Rc::new(load.clone()));
    // the clipboard: copy the record shown; paste one and load it (the browser may ask first)
    let on_copy = text.clone().map(|t| {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| {
            let Some(w) = web_sys::window() else { return };
            let promise = w.navigator().clipboard().write_text(&t);
            let state = state.clone();
            wasm_bindgen_futures::spawn_local(async move {
                match wasm_bindgen_futures::JsFuture::from(promise).await {
                    Ok(_) => state.dispatch(Action::Notice(
                        lang.pick("クリップボードにコピーした", "Copied to the clipboard.")
                            .into(),
                    )),
                    Err(_) => state.dispatch(Action::Notice(
                        lang.pick(
                            "クリップボードに書けない：テキストを選んでコピーしてください",
                            "The clipboard cannot be written here: select the text and copy it.",
                        )
                        .into(),
                    )),
                }
            });
        })
    });
    let on_paste = {
        let load = load.clone();
        let state = state.clone();
        Callback::from(move |_: MouseEvent| {
            let Some(w) = web_sys::window() else { return };
            let promise = w.navigator().clipboard().read_text();
            let load = load.clone();
            let state = state.clone();
            wasm_bindgen_futures::spawn_local(async move {
                match wasm_bindgen_futures::JsFuture::from(promise).await {
                    Ok(v) => load(v.as_string().unwrap_or_default().as_bytes()),
                    Err(_) => {
                        state.dispatch(Action::ImportError(crate::problem::Problem::Clipboard))
                    }
                }
            });
        })
    };
    let download = text.as_ref().map(|t| {
        let name = match st.export {
            Some(Format::Kif) => "koma.kif",
            _ => "koma.txt",
        };
        let href = format!(
            "data:text/plain;charset=utf-8,{}",
            js_sys::encode_uri_component(t)
        );
        html! { <a class="download" {href} download={name}>{ lang.pick("保存", "Download") }</a> }
    });
    html! {
        <details class="record" open={st.export.is_some() || st.import_error.is_some()}>
            <summary>{ lang.pick("棋譜", "Record") }</summary>
            <div class="buttons">
                <button data-export-format="sfen" onclick={show(Format::Sfen)}>{ "SFEN" }</button>
                <button data-export-format="usi" onclick={show(Format::Usi)}>{ "USI" }</button>
                if has_kif(game_id) {
                    <button data-export-format="kif" onclick={show(Format::Kif)}>{ "KIF" }</button>
                }
                { for download }
                if let Some(on_copy) = on_copy {
                    <button data-action="copy" onclick={on_copy}>{ lang.pick("コピー", "Copy") }</button>
                }
                if import {
                    <button data-action="paste" onclick={on_paste}>{ lang.pick("貼り付けて読込", "Paste and load") }</button>
                }
            </div>
            if let Some(n) = &st.notice {
                <p class="notice" data-notice="" role="status">{ n }</p>
            }
            if let Some(t) = text {
                <textarea data-export="" readonly=true rows="8" value={t} />
            }
            // (an online game is the server's: nothing is loaded over it)
            if import {
                <textarea data-import="" rows="4" placeholder={lang.pick("SFEN・USIの指し手・KIFをここに貼り付け", "Paste SFEN, USI moves or KIF here")}
                    value={state.import_text.clone()} oninput={on_text} />
                <div class="buttons">
                    <button data-action="import" onclick={on_import}>{ lang.pick("読込", "Load") }</button>
                    <input type="file" data-import-file="" accept=".kif,.kifu,.txt,.sfen,.usi" onchange={on_file} />
                </div>
            }
            if let Some(e) = &st.import_error {
                <p class="foul" data-import-error="" role="alert">{ e.text(lang) }</p>
            }
        </details>
    }
}
