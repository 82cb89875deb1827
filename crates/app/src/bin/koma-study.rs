//! The study tools' wasm (`koma-study.js`, `koma-study_bg.wasm`): the saved games' list, the
//! analysis board with its review and the board editor with the embed builder, loaded by the app
//! the first time one of their addresses is opened (see [`koma_app::tools`]).

use koma_app::i18n::Lang;
use koma_app::tools::{ToolsProps, ToolsRoot};
use wasm_bindgen::prelude::*;

fn main() {}

/// The tools mounted on an element, as the app holds them.
#[wasm_bindgen]
pub struct StudyHandle(Option<yew::AppHandle<ToolsRoot>>);

fn props(hash: String, lang: &str) -> ToolsProps {
    ToolsProps {
        hash,
        lang: if lang == "ja" { Lang::Ja } else { Lang::En },
    }
}

#[wasm_bindgen]
impl StudyHandle {
    /// Show another address, or the same in another language (`ja` or `en`).
    pub fn update(&mut self, hash: String, lang: String) {
        if let Some(app) = self.0.as_mut() {
            app.update(props(hash, &lang));
        }
    }

    /// Take the tools off the page.
    pub fn destroy(&mut self) {
        if let Some(app) = self.0.take() {
            app.destroy();
        }
    }
}

/// Mount the tools on `root`, showing the address `hash` in the language `lang` (`ja` or `en`).
#[wasm_bindgen]
pub fn mount_study(root: web_sys::Element, hash: String, lang: String) -> StudyHandle {
    StudyHandle(Some(
        yew::Renderer::<ToolsRoot>::with_root_and_props(root, props(hash, &lang)).render(),
    ))
}
