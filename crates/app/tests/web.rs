//! Tests in a real browser (headless Chromium through wasm-bindgen-test): the rules crate
//! compiled to wasm32, and the app's board rendered into a page.
#![cfg(target_arch = "wasm32")]
#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failure is a test failure

use std::time::Duration;

use koma_app::{Action, App, AppState};
use koma_rules::{GameId, Position, sfen};
use wasm_bindgen_test::*;
use yew::Reducible;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn rules_perft_in_wasm_matches_the_published_counts() {
    let mut pos = Position::start(GameId::Shogi);
    assert_eq!(pos.perft(3), 25_470);
    let mut mini = Position::start(GameId::Minishogi);
    assert_eq!(mini.perft(4), 35_401);
    let mut mate = sfen::from_sfen(GameId::Shogi, "7lk/9/8S/9/9/9/9/7L1/8K b P 1").unwrap();
    assert_eq!(mate.perft(2), 639);
}

#[wasm_bindgen_test]
fn moving_a_piece_in_the_state_moves_it() {
    let s = std::rc::Rc::new(AppState::new(GameId::Shogi));
    let v = s.variant;
    let from = sfen::parse_square(v, "7g").unwrap();
    let to = sfen::parse_square(v, "7f").unwrap();
    let p = s.cells[from.index()];
    let s2 = s.reduce(Action::Move(from, to));
    assert!(s2.cells[from.index()].is_empty());
    assert_eq!(s2.cells[to.index()], p);
}

#[wasm_bindgen_test]
async fn the_board_renders_81_cells_and_40_pieces() {
    let document = gloo::utils::document();
    let root = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&root).unwrap();
    yew::Renderer::<App>::with_root(root.clone()).render();
    yew::platform::time::sleep(Duration::from_millis(100)).await;
    let cells = root.query_selector_all("svg.board [data-cell]").unwrap();
    assert_eq!(cells.length(), 81);
    let pieces = root.query_selector_all("svg.board [data-piece]").unwrap();
    assert_eq!(pieces.length(), 40);
    let king = root
        .query_selector(r#"[data-piece="K"][data-owner="1"][data-square="5a"]"#)
        .unwrap();
    assert!(king.is_some());
    let label = root
        .query_selector(r#"[data-cell="7g"]"#)
        .unwrap()
        .and_then(|e| e.get_attribute("aria-label"));
    assert_eq!(label.as_deref(), Some("7g, sente pawn"));
}
