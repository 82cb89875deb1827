//! The study tools (the analysis board with its review, the board editor with the embed
//! builder, the puzzles and the lessons) and the saved games' list, in a wasm of their own, loaded the
//! first time one of their addresses is opened.
//!
//! They are the larger part of the app that a player who only plays never needs; in their own
//! binary (`koma-study`, `crates/app/src/bin/koma-study.rs`) they leave the app's first load
//! smaller. The app's router shows [`ToolsHost`] for `#/games`, `#/analysis/...`,
//! `#/editor/...`, `#/puzzles...` and `#/learn...`: it
//! loads `koma-study.js` and its wasm once a page (the service worker keeps both offline), mounts
//! [`ToolsRoot`] on its element, and tells it each new address and language. The two wasm
//! modules share nothing but the page: the tools read and write saved games and settings
//! through `localStorage` as the app does.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use yew::prelude::*;

use crate::i18n::Lang;
use crate::{Route, analysis, editor, learn, puzzles, saved_list};

#[wasm_bindgen(inline_js = r#"
let tools = null;
export function load_tools() {
  tools ??= (async () => {
    const base = new URL("./", document.baseURI);
    const m = await import(new URL("koma-study.js", base).href);
    await m.default({ module_or_path: new URL("koma-study_bg.wasm", base) });
    return m;
  })().catch((e) => {
    tools = null;
    throw e;
  });
  return tools;
}
"#)]
extern "C" {
    /// The tools' module, loaded and started once a page (a failed load is tried again).
    fn load_tools() -> js_sys::Promise;
}

/// What [`ToolsHost`] shows: the address and the language.
#[derive(Properties, PartialEq, Clone)]
pub struct ToolsProps {
    /// The address (`#/analysis/...` or `#/editor/...`).
    pub hash: String,
    /// The language chosen in the header.
    pub lang: Lang,
}

/// The mounted tools, as the app holds them: the module's handle (a JavaScript object with
/// `update(hash, lang)` and `destroy()`).
#[derive(Default)]
struct Mounted {
    handle: Option<JsValue>,
    /// The latest props, for a mount that comes after they changed.
    latest: Option<ToolsProps>,
    gone: bool,
}

/// Call `name` on a JavaScript object with `args`.
fn call(target: &JsValue, name: &str, args: &[JsValue]) -> Result<JsValue, JsValue> {
    let f: js_sys::Function = js_sys::Reflect::get(target, &JsValue::from_str(name))?.dyn_into()?;
    f.apply(target, &args.iter().collect::<js_sys::Array>())
}

fn lang_code(lang: Lang) -> JsValue {
    JsValue::from_str(lang.pick("ja", "en"))
}

/// The app's place for the tools: loads them on first use, mounts them on its element, passes
/// them each new address and language, and takes them off when the address leaves them.
#[function_component(ToolsHost)]
pub fn tools_host(props: &ToolsProps) -> Html {
    let node = use_node_ref();
    let mounted: Rc<RefCell<Mounted>> = use_mut_ref(Mounted::default);
    let failed = use_state(|| None::<String>);
    mounted.borrow_mut().latest = Some(props.clone());
    {
        let node = node.clone();
        let mounted = mounted.clone();
        let failed = failed.clone();
        use_effect_with((), move |_| {
            let m = mounted.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let module = wasm_bindgen_futures::JsFuture::from(load_tools()).await;
                let Some(root) = node.cast::<web_sys::Element>() else {
                    return;
                };
                let latest = m.borrow().latest.clone();
                if m.borrow().gone {
                    return;
                }
                let Some(p) = latest else { return };
                let mount = module.and_then(|module| {
                    call(
                        &module,
                        "mount_study",
                        &[root.into(), JsValue::from_str(&p.hash), lang_code(p.lang)],
                    )
                });
                match mount {
                    Ok(handle) => m.borrow_mut().handle = Some(handle),
                    Err(e) => failed.set(Some(
                        e.as_string()
                            .or_else(|| {
                                e.dyn_ref::<js_sys::Error>()
                                    .map(|e| String::from(e.message()))
                            })
                            .unwrap_or_else(|| "the study tools could not be loaded".into()),
                    )),
                }
            });
            move || {
                let mut m = mounted.borrow_mut();
                m.gone = true;
                if let Some(h) = m.handle.take() {
                    let _ = call(&h, "destroy", &[]);
                }
            }
        });
    }
    {
        let mounted = mounted.clone();
        use_effect_with(props.clone(), move |p| {
            if let Some(h) = mounted.borrow().handle.as_ref() {
                let _ = call(
                    h,
                    "update",
                    &[JsValue::from_str(&p.hash), lang_code(p.lang)],
                );
            }
        });
    }
    let lang = props.lang;
    html! {
        <>
            if let Some(e) = &*failed {
                <section class="load-error" data-error="tools">
                    <p>{ lang.pick("解析と編集の画面を読み込めませんでした: ", "The study tools could not be loaded: ") }{ e }</p>
                    <p><a href="#/">{ lang.pick("最初の画面へ", "Back to the game list") }</a></p>
                </section>
            }
            <div class="tools" ref={node}></div>
        </>
    }
}

/// The tools' root, mounted by the `koma-study` binary: the analysis board or the editor that
/// the address names, in the language given.
#[function_component(ToolsRoot)]
pub fn tools_root(props: &ToolsProps) -> Html {
    let body = match Route::parse(&props.hash) {
        Route::Analysis(start) => {
            html! { <analysis::AnalysisView key={props.hash.clone()} {start} /> }
        }
        Route::Editor(start) => {
            html! { <editor::EditorView key={props.hash.clone()} {start} /> }
        }
        Route::Games => html! { <saved_list::GamesList /> },
        Route::Puzzles(ask) => html! { <puzzles::screen::PuzzlesView {ask} /> },
        Route::Learn(ask) => html! { <learn::LearnView {ask} /> },
        _ => html! {},
    };
    html! {
        <ContextProvider<Lang> context={props.lang}>{ body }</ContextProvider<Lang>>
    }
}
