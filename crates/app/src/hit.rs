//! What the page shows under a point: a board's cell (or the piece on it), a hand, or the
//! editor's palette, found through the page's own hit testing (`elementsFromPoint`), so that
//! whatever is carried there (a palette piece, a piece dragged off the board, the right button's
//! mark) needs no knowledge of the board's layout.

use koma_rules::{Player, Variant};
use wasm_bindgen::JsCast;
use web_sys::Element;

/// Where a dragged piece is let go.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Target {
    /// A cell of the board.
    Cell(koma_rules::Cell),
    /// A player's hand.
    Hand(Player),
    /// The palette (a piece dropped there is taken away).
    Palette,
}

/// What the page shows at client point (`x`, `y`): a cell (or the piece on it), a hand or the
/// palette; the piece being carried is looked through.
pub fn target_at(v: &Variant, x: i32, y: i32) -> Option<Target> {
    let doc = web_sys::window()?.document()?;
    let found = doc.elements_from_point(x as f32, y as f32);
    for e in found.iter() {
        let Ok(e) = e.dyn_into::<Element>() else {
            continue;
        };
        if e.closest(".held, .carried").ok().flatten().is_some() {
            continue;
        }
        if let Some(name) =
            attribute_around(&e, "data-cell").or_else(|| attribute_around(&e, "data-square"))
            && let Some(c) = v.cell_by_name(&name)
        {
            return Some(Target::Cell(c));
        }
        if let Some(owner) = attribute_around(&e, "data-hand").and_then(|o| o.parse::<u8>().ok()) {
            return Some(Target::Hand(Player(owner)));
        }
        if e.closest("[data-palette]").ok().flatten().is_some() {
            return Some(Target::Palette);
        }
    }
    None
}

/// `attr` on `e` or the closest element around it that has it.
fn attribute_around(e: &Element, attr: &str) -> Option<String> {
    e.closest(&format!("[{attr}]"))
        .ok()
        .flatten()
        .and_then(|el| el.get_attribute(attr))
}
