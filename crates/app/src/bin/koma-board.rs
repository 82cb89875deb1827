//! The embedded boards' wasm (`koma-board.js`, `koma-board_bg.wasm`): what `embed.html`, the
//! `<koma-board>` element and the rules page load. It holds the board, the rules and
//! [`koma_app::embed`], not the app's screens, so a page of boards loads a third of the app.

use koma_app::embed;
use wasm_bindgen::prelude::*;

fn main() {}

/// An embedded board mounted on an element, as JavaScript holds it.
#[wasm_bindgen]
pub struct EmbedHandle(embed::Mounted);

#[wasm_bindgen]
impl EmbedHandle {
    /// Show other options (a new position, moves, mode...): the board starts again from them.
    pub fn update(&mut self, options: JsValue) {
        self.0.update(embed::options_of(&options));
    }

    /// Take the board off the page.
    pub fn destroy(&mut self) {
        self.0.destroy();
    }
}

/// Mount an embedded board on `root` with `options` (an object of strings: `game`, `sfen`,
/// `setup`, `preset`, `moves`, `ply`, `mode`, `lang`, `flip`, `marks`, `arrows`, `caption`,
/// `captions`, `id`, and an exercise's `goal`, `par`, `reply`); `emit(type, detail)` is called with each event as a plain object.
#[wasm_bindgen]
pub fn mount_board(
    root: web_sys::Element,
    options: JsValue,
    emit: js_sys::Function,
) -> EmbedHandle {
    EmbedHandle(embed::mount(root, embed::options_of(&options), emit))
}

/// The options of a query string (the iframe's `location.search`), as an object of strings.
#[wasm_bindgen]
pub fn query_options(search: &str) -> JsValue {
    embed::query_options(search)
}
