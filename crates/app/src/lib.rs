//! Koma's browser app (Yew, client-side rendering).
//!
//! State lives in one reducer ([`AppState`]); components take data and emit intents. This first
//! screen shows standard shogi's start position on a board drawn from the rules crate's
//! geometry; a piece can be dragged to any other square and stays there (no move rules yet).

pub mod board;

use std::rc::Rc;

use koma_rules::{Cell, GameId, Piece, Position, Variant};
use yew::prelude::*;

use board::Board;

/// What the user can do to the app's state.
pub enum Action {
    /// Move whatever stands on the first cell to the second.
    Move(Cell, Cell),
}

/// The app's state: the game shown and the piece on each cell.
#[derive(Clone, PartialEq)]
pub struct AppState {
    /// The game.
    pub variant: &'static Variant,
    /// The piece on each cell.
    pub cells: Rc<Vec<Piece>>,
}

impl AppState {
    /// The start position of `game`.
    pub fn new(game: GameId) -> AppState {
        let pos = Position::start(game);
        let v = pos.variant();
        AppState {
            variant: v,
            cells: Rc::new(v.geometry.cells().map(|c| pos.piece(c)).collect()),
        }
    }
}

impl Reducible for AppState {
    type Action = Action;
    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        match action {
            Action::Move(from, to) => {
                let mut cells = (*self.cells).clone();
                let piece = cells[from.index()];
                if piece.is_empty() || from == to {
                    return self;
                }
                cells[from.index()] = Piece::EMPTY;
                cells[to.index()] = piece;
                Rc::new(AppState {
                    variant: self.variant,
                    cells: Rc::new(cells),
                })
            }
        }
    }
}

/// The root component.
#[function_component(App)]
pub fn app() -> Html {
    let state = use_reducer(|| AppState::new(GameId::Shogi));
    let on_move = {
        let state = state.clone();
        Callback::from(move |(from, to)| state.dispatch(Action::Move(from, to)))
    };
    html! {
        <main class="koma">
            <h1 class="title">{ "Koma 駒" }</h1>
            <Board variant={state.variant} cells={state.cells.clone()} {on_move} />
        </main>
    }
}

/// Mount the app on the document body.
pub fn start() {
    yew::Renderer::<App>::new().render();
}
