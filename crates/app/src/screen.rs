//! The window's shape, which decides the play screen's arrangement.
//!
//! A window at least as wide as it is tall ([`WIDE`], the same media query as `web/style.css`
//! uses) shows the board at the left, as tall as the window allows, with the two hands beside
//! it (the top player's at its left from the top down, the bottom player's at its right from
//! the bottom up, as lishogi and 81Dojo show them) and a column at its right: the status line,
//! clocks, the controls (`data-controls`), and the move list as a scrolling column that keeps
//! the current move in view. A taller window (a phone in portrait) stacks them: the status line,
//! the board with a hand above and below, the controls, then the move list folded under the
//! board. The three-player hexagon keeps each hand along its owner's edge in both.

use yew::prelude::*;

/// The media query of a wide window.
pub const WIDE: &str = "(min-aspect-ratio: 1/1)";

fn query() -> Option<web_sys::MediaQueryList> {
    web_sys::window()?.match_media(WIDE).ok().flatten()
}

/// Whether the window is wide ([`WIDE`]); the component is drawn again when that changes.
#[hook]
pub fn use_wide() -> bool {
    let wide = use_state(|| query().is_some_and(|q| q.matches()));
    {
        let wide = wide.clone();
        use_effect_with((), move |_| {
            let listener = query().map(|q| {
                let target = q.clone();
                gloo::events::EventListener::new(&target, "change", move |_| wide.set(q.matches()))
            });
            move || drop(listener)
        });
    }
    *wide
}

/// An address that cannot be opened, with the reason (`[data-error="address"]`) and the way
/// back.
pub fn address_error(lang: crate::i18n::Lang, why: &str) -> yew::Html {
    yew::html! {
        <section class="load-error" data-error="address">
            <p>{ format!("{}{why}", lang.pick("このアドレスは開けません：", "This address cannot be opened: ")) }</p>
            <p><a href="#/">{ lang.pick("最初の画面へ", "Back to the game list") }</a></p>
        </section>
    }
}
