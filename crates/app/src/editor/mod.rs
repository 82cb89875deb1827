//! The board editor, `#/editor/<game>?sfen=...`: a position built by hand for every game id,
//! the hexagon included. A palette holds every kind of each side (promoted ones too); pieces are
//! dragged from it onto any cell or into a hand, from cell to cell, from a hand to a cell, and
//! off the board (into the palette, or anywhere away) to remove them; a palette piece clicked is
//! a brush that each click on a cell places. Side to move, clear, the game's start, flip.
//!
//! Whether it is a position of the game is the rules' answer: [`koma_rules::Setup`]'s
//! validation returns every fault at once, each shown by name beside the board; the position's
//! text, "Play from here" (against a person or the computer) and "Analyse" are offered once it
//! has none. The embed builder ([`crate::embed_builder`]) writes the position, with the marks and
//! arrows drawn on the board, as a page's `<koma-board>` or iframe.
//!
//! Hooks: `[data-editor]` on the root; the palette's pieces `[data-palette-piece][data-kind]
//! [data-owner]` (`data-kind` the piece's letter as SFEN writes it, upper case, `+` before a
//! promoted one); the palette `[data-palette]`; each fault `[data-fault]`; the position's text
//! `[data-position]`; `select[name="turn"]`, `[data-action="clear"|"start-position"|"flip"]`,
//! `a[data-action="play-from-here"|"play-computer"|"analyse"]`.

mod palette;

use std::rc::Rc;

use koma_rules::{Cell, Description, GameId, Kind, Piece, Player, Setup, notation};
use yew::prelude::*;

use crate::board::{Board, Source};
use crate::hit::{Target, target_at};
use crate::i18n::Lang;

/// The editor's state: the setup being built.
#[derive(Clone, PartialEq)]
pub struct Editor {
    /// The setup (the rules' unchecked position).
    pub setup: Setup,
    /// Gote at the bottom (the hexagon: the seat at the bottom).
    pub flipped: bool,
    /// The palette piece that clicks place, if one is chosen.
    pub brush: Option<Piece>,
    /// A piece on the board chosen by a click, to be placed by the next click on a cell.
    pub selected: Option<Source>,
}

/// What a person does in the editor.
#[derive(Clone, Debug, PartialEq)]
pub enum EditAction {
    /// Put `piece` on `cell` (whatever stood there goes).
    Place(Cell, Piece),
    /// A piece from a source (a cell, a hand) onto a cell.
    Move(Source, Cell),
    /// A piece from a source into `owner`'s hand (as its unpromoted kind).
    ToHand(Source, Player),
    /// A palette piece into `owner`'s hand.
    PaletteToHand(Piece, Player),
    /// A piece from a source taken off the board (or out of its hand).
    Remove(Source),
    /// A click on a cell: the brush placed, or the selected piece moved there.
    Click(Cell),
    /// A piece chosen by a click.
    Select(Option<Source>),
    /// The brush chosen (none: no brush).
    Brush(Option<Piece>),
    /// The side to move.
    Turn(Player),
    /// An empty board.
    Clear,
    /// The game's start.
    Start,
    /// Turn the board round.
    Flip,
}

impl Editor {
    fn new(setup: Setup) -> Editor {
        Editor {
            setup,
            flipped: false,
            brush: None,
            selected: None,
        }
    }

    /// Take the piece at `source` off the board or out of its hand.
    fn take(&mut self, source: Source) -> Option<Piece> {
        match source {
            Source::Cell(c) => {
                let p = self.setup.piece(c);
                if p.is_empty() {
                    return None;
                }
                self.setup.put(c, Piece::EMPTY);
                Some(p)
            }
            Source::Tray(owner, kind) => {
                let n = self
                    .setup
                    .hands
                    .get_mut(owner.index())?
                    .get_mut(kind.index())?;
                if *n == 0 {
                    return None;
                }
                *n -= 1;
                Some(Piece::new(owner, kind))
            }
            Source::Hand(_) => None,
        }
    }

    /// Give `owner` the piece's unpromoted kind in hand, where the game has hands.
    fn put_in_hand(&mut self, piece: Piece, owner: Player) {
        let v = koma_rules::Variant::get(self.setup.game);
        if v.drops {
            let base = v.kind(piece.kind()).base(piece.kind());
            self.setup.add_to_hand(owner, base, 1);
        }
    }
}

impl Reducible for Editor {
    type Action = EditAction;
    fn reduce(self: Rc<Self>, action: EditAction) -> Rc<Self> {
        let mut e = (*self).clone();
        let game = e.setup.game;
        match action {
            EditAction::Place(c, p) => e.setup.put(c, p),
            EditAction::Move(src, to) => {
                if let Some(p) = e.take(src) {
                    e.setup.put(to, p);
                }
                e.selected = None;
            }
            EditAction::ToHand(src, owner) => {
                if let Some(p) = e.take(src) {
                    e.put_in_hand(p, owner);
                }
            }
            EditAction::PaletteToHand(p, owner) => e.put_in_hand(p, owner),
            EditAction::Remove(src) => {
                e.take(src);
                e.selected = None;
            }
            EditAction::Click(c) => match (e.selected, e.brush) {
                (Some(src), _) => {
                    if let Some(p) = e.take(src) {
                        e.setup.put(c, p);
                    }
                    e.selected = None;
                }
                (None, Some(p)) => {
                    // the brush again on its own piece takes it away
                    let same = e.setup.piece(c) == p;
                    e.setup.put(c, if same { Piece::EMPTY } else { p });
                }
                (None, None) => {}
            },
            EditAction::Select(s) => {
                e.selected = s;
                e.brush = None;
            }
            EditAction::Brush(b) => {
                e.brush = if e.brush == b { None } else { b };
                e.selected = None;
            }
            EditAction::Turn(p) => e.setup.turn = p,
            EditAction::Clear => {
                let turn = e.setup.turn;
                e.setup = Setup::empty(game);
                e.setup.turn = turn;
            }
            EditAction::Start => e.setup = Setup::of(&koma_rules::Position::start(game)),
            EditAction::Flip => e.flipped = !e.flipped,
        }
        Rc::new(e)
    }
}

/// The editor's address: the game and, optionally, a position to start from.
#[derive(Clone, Debug, PartialEq)]
pub struct EditorStart {
    /// The game.
    pub game: GameId,
    /// A position in the game's notation.
    pub sfen: Option<String>,
}

impl EditorStart {
    /// The setup the address asks for: its position (even one the rules refuse: the editor shows
    /// its faults), else the game's start.
    ///
    /// # Errors
    /// A position that cannot even be read.
    pub fn setup(&self) -> Result<Setup, crate::problem::Problem> {
        let Some(text) = &self.sfen else {
            return Ok(Setup::of(&koma_rules::Position::start(self.game)));
        };
        match notation::read_position(self.game, text) {
            Ok(pos) => Ok(Setup::of(&pos)),
            Err(e) => {
                let problem = crate::problem::Problem::Position(e.clone());
                e.into_setup().ok_or(problem)
            }
        }
    }
}

/// Properties of [`EditorView`].
#[derive(Properties, PartialEq)]
pub struct EditorProps {
    /// What the address asks for.
    pub start: EditorStart,
}

/// The board editor.
#[function_component(EditorView)]
pub fn editor_view(props: &EditorProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let opened = use_memo(props.start.clone(), |s| s.setup());
    match &*opened {
        Ok(setup) => html! { <EditorBoard setup={Rc::new(setup.clone())} /> },
        Err(e) => crate::screen::address_error(lang, &e.text(lang)),
    }
}

#[derive(Properties, PartialEq)]
struct EditorBoardProps {
    setup: Rc<Setup>,
}

#[function_component(EditorBoard)]
fn editor_board(p: &EditorBoardProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let state = {
        let setup = (*p.setup).clone();
        use_reducer_eq(move || Editor::new(setup))
    };
    let wide = crate::screen::use_wide();
    let game = p.setup.game;
    let annotations = crate::embed_builder::use_annotations(game);
    let st: &Editor = &state;
    let v = koma_rules::Variant::get(game);
    let hex = Description::of(game).hexagon();
    let cells: Rc<Vec<Piece>> = Rc::new(st.setup.board.clone());
    let hands: Rc<Vec<Vec<(Kind, u8)>>> = Rc::new(
        (0..v.players())
            .map(|pl| {
                v.hand_order
                    .iter()
                    .map(|&k| (k, st.setup.hand(Player(pl), k)))
                    .filter(|&(_, n)| n > 0)
                    .collect()
            })
            .collect(),
    );
    let checked = st.setup.clone().into_position();
    let (position, faults) = match &checked {
        Ok(pos) => (Some(notation::write_position(pos)), Vec::new()),
        Err(e) => (
            None,
            e.faults()
                .iter()
                .map(|f| crate::i18n::setup_fault(lang, f))
                .collect(),
        ),
    };
    let d = |a: EditAction| {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(a.clone()))
    };
    let on_attempt = {
        let state = state.clone();
        Callback::from(move |(src, to): (Source, Cell)| state.dispatch(EditAction::Move(src, to)))
    };
    let on_select = {
        let state = state.clone();
        Callback::from(move |s: Option<Source>| state.dispatch(EditAction::Select(s)))
    };
    let on_cell = {
        let state = state.clone();
        Callback::from(move |c: Cell| state.dispatch(EditAction::Click(c)))
    };
    let on_outside = {
        let state = state.clone();
        Callback::from(move |(src, x, y): (Source, i32, i32)| {
            state.dispatch(match target_at(v, x, y) {
                Some(Target::Hand(owner)) => EditAction::ToHand(src, owner),
                Some(Target::Cell(c)) => EditAction::Move(src, c),
                Some(Target::Palette) | None => EditAction::Remove(src),
            })
        })
    };
    let on_turn = {
        let state = state.clone();
        Callback::from(move |e: Event| {
            if let Some(n) = crate::select_value(&e).and_then(|v| v.parse::<u8>().ok()) {
                state.dispatch(EditAction::Turn(Player(n)));
            }
        })
    };
    let seats = (0..v.players()).map(|pl| {
        let name = koma_rules::names::seat(game, Player(pl), lang);
        html! { <option value={pl.to_string()} selected={st.setup.turn.0 == pl}>{ name }</option> }
    });
    let fault_items = faults
        .iter()
        .map(|f| html! { <li data-fault="">{ f }</li> });
    let links = position.as_ref().map(|text| {
        let sfen = crate::encode(text);
        // the computer plays every seat but the one to move
        let others: Vec<String> = (0..v.players())
            .filter(|&p| p != st.setup.turn.0)
            .map(|p| p.to_string())
            .collect();
        html! {
            <div class="buttons">
                <a data-action="play-from-here" href={format!("#/play/{}?sfen={sfen}", game.as_str())}>
                    { lang.pick("ここから対局", "Play from here") }</a>
                <a data-action="play-computer" href={format!("#/play/{}?sfen={sfen}&computer={}", game.as_str(), others.join(","))}>
                    { lang.pick("コンピュータと対局", "Play the computer") }</a>
                <a data-action="analyse" href={format!("#/analysis/{}?sfen={sfen}", game.as_str())}>
                    { lang.pick("検討", "Analyse") }</a>
            </div>
        }
    });
    let viewer = if hex && st.flipped {
        Player(1)
    } else {
        Player::FIRST
    };
    html! {
        <section class="play editor" data-editor="" data-game={game.as_str()} data-wide={wide.to_string()}>
            <div class="board-area" ref={annotations.area.clone()}>
                <Board variant={v} {cells} {hands} homes={crate::view::homes(v)} turn={st.setup.turn}
                    active=true dests={Rc::new(Vec::new())} selected={st.selected} last={Rc::new(Vec::new())}
                    check={None} lion_first={None} choice={None}
                    {on_attempt} {on_select} {on_cell} on_promote={Callback::noop()}
                    flipped={st.flipped && !hex} {viewer} side_hands={wide} editing=true {on_outside}
                    shapes={annotations.shapes()}
                    two_char={koma_rules::names::two_character_pieces(game)} />
            </div>
            <div class="side">
                <palette::Palette game={game} brush={st.brush} on_brush={
                    let state = state.clone();
                    Callback::from(move |b| state.dispatch(EditAction::Brush(b)))
                } on_drop={
                    let state = state.clone();
                    Callback::from(move |(piece, target): (Piece, Target)| match target {
                        Target::Cell(c) => state.dispatch(EditAction::Place(c, piece)),
                        Target::Hand(owner) => state.dispatch(EditAction::PaletteToHand(piece, owner)),
                        Target::Palette => {}
                    })
                } />
                <div class="controls" data-controls="">
                    <div class="buttons">
                        <label>{ lang.pick("手番 ", "To move ") }
                            <select name="turn" onchange={on_turn}>{ for seats }</select></label>
                        <button data-action="clear" onclick={d(EditAction::Clear)}>{ lang.pick("盤を空に", "Clear") }</button>
                        <button data-action="start-position" onclick={d(EditAction::Start)}>{ lang.pick("初期配置", "Start position") }</button>
                        <button data-action="flip" onclick={d(EditAction::Flip)}>{ lang.pick("盤面反転", "Flip") }</button>
                    </div>
                </div>
                if faults.is_empty() {
                    <p class="legal" data-legal="">{ lang.pick("この局面は正しい局面です。", "This is a legal position.") }</p>
                } else {
                    <ul class="faults" role="alert">{ for fault_items }</ul>
                }
                <p class="position-text">
                    <input data-position="" readonly=true value={position.clone().unwrap_or_default()}
                        aria-label={lang.pick("局面", "position")} />
                </p>
                { for links }
                <crate::embed_builder::EmbedBuilder game={game} position={position.clone()} moves={Rc::new(Vec::new())}
                    ply={None::<usize>} annotations={annotations.clone()} puzzle_moves=true />
            </div>
        </section>
    }
}
