//! A game being played in the browser: how it starts (from the address), its state and reducer
//! ([`state`]), and the view around the board (status, refusals, move list, buttons) with its
//! panels (`panels`).

pub mod computer;
pub mod online;
mod panels;
mod plates;
mod saving;
pub mod state;

pub use state::{Action, Play};

use std::rc::Rc;

use koma_rules::status::Status;
use koma_rules::{Game, GameId, Player, RuleOptions};
use yew::prelude::*;

use crate::board::Board;
use crate::i18n::{self, Lang};
use crate::movelist::MoveList;
use crate::table::{TableAction, result_hooks, side_name};
use crate::view::{cells_of, hands_of, last_cells};
use panels::{impasse_panel, record_panel};
use saving::{open, use_saving};

pub use crate::start::{DEFAULT_LEVEL, Start};

/// Properties of [`PlayView`].
#[derive(Properties, PartialEq)]
pub struct PlayProps {
    /// How the game starts.
    pub start: Start,
    /// An online game's line and the server's first welcome (see [`online`]).
    #[prop_or_default]
    pub online: Option<online::OnlineStart>,
}

/// A game in progress: board, status, refusals, move list, buttons.
#[function_component(PlayView)]
pub fn play_view(props: &PlayProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    // the game: the saved one the address names, or a new one as the address says
    let opened = use_memo(props.start.clone(), open);
    let online_start = props.online.clone();
    let state = {
        let opened = opened.clone();
        use_reducer_eq(move || match &*opened {
            Ok(o) => {
                let play = Play::new(o.game.clone(), o.origin.start.game.clock)
                    .with_computer(o.origin.start.computer.clone(), o.origin.start.level)
                    .with_settings(&crate::storage::settings())
                    .resumed(o.clock.clone(), o.spent, o.ending);
                match &online_start {
                    Some(o) => play.online(o.conn.clone(), &o.welcome),
                    None => play,
                }
            }
            Err(_) => Play::new(Game::new(GameId::default(), RuleOptions::default()), None),
        })
    };
    let keep = props.online.is_none() || state.game().outcome().is_some();
    let save_error = use_saving(&state, &opened, keep);
    online::use_line(&state, props.online.as_ref());
    use_kept_view(&state);
    let start = match &*opened {
        Ok(o) => o.origin.start.clone(),
        Err(_) => props.start.clone(),
    };
    let computer = computer::use_computer(state.clone());
    // the state the text around the board shows: the current one, a frame late after a move
    // (see `Play::table`)
    let panel = use_lagging(state.clone());
    // the code a move runs is readied while the player looks at the board (see `warmup`)
    use_effect_with(props.start.id(), |&game| {
        let work = crate::warmup::start(game);
        move || {
            if let Some(w) = work {
                w.destroy();
            }
        }
    });
    // callbacks that stay the same from render to render, so that the board and the move list
    // are redrawn only when what they show changes
    let dispatcher = state.dispatcher();
    let on_attempt = use_callback(dispatcher.clone(), |(s, c), d| {
        d.dispatch(Action::Table(TableAction::Attempt(s, c)))
    });
    let on_select = use_callback(dispatcher.clone(), |s, d| {
        d.dispatch(Action::Table(TableAction::Select(s)))
    });
    let on_cell = use_callback(dispatcher.clone(), |c, d| {
        d.dispatch(Action::Table(TableAction::Cell(c)))
    });
    let on_promote = use_callback(dispatcher.clone(), |b, d| {
        d.dispatch(Action::Table(TableAction::Promote(b)))
    });
    let on_view = use_callback(dispatcher, |ply: usize, d| {
        d.dispatch(Action::Table(TableAction::View(Some(ply))))
    });
    // after a move the board is drawn at once and the text around it (the status line's words,
    // the move list, the panels below) in the frame after: see `Play::table`
    let lagging =
        panel.table.board_changes != state.table.board_changes && state.game().outcome().is_none();
    let shown: &Play = if lagging { &panel } else { &state };
    // the move list's texts, written once a move (see `use_move_texts`)
    let texts =
        crate::movelist::use_move_texts(shown.game().start(), shown.game().moves(), shown.usi);
    use_clock_ticks(state.clone(), start.game.clock.is_some());
    // a wide window: the hands beside the board and the panels in a column at its right
    let wide = crate::screen::use_wide();
    use_sounds(&state);
    if let Err(e) = &*opened {
        return html! {
            <section class="load-error" data-error={e.hook}>
                <p>{ e.message(lang) }</p>
                <p><a href="#/">{ lang.pick("最初の画面へ", "Back to the game list") }</a>
                    { " · " }<a href="#/games">{ lang.pick("保存した対局", "Saved games") }</a></p>
            </section>
        };
    }
    let st: &Play = &state;
    let game_id = st.game().position().game();
    if let Some(why) = st.online.as_ref().and_then(|o| o.failed.as_ref()) {
        return online::failed_view(lang, why);
    }
    // online, the names are the seats' as the server says them
    let seat_names: Option<Vec<String>> = st
        .online
        .as_ref()
        .map(|o| o.seats.iter().map(|s| s.name.clone()).collect());
    let names = seat_names.as_deref().unwrap_or(&start.names[..]);
    let viewing = st.table.view;
    let pos = st.table.shown_position();
    let v = pos.variant();
    let outcome = st.game().outcome();
    let turn = pos.turn();
    let cells = cells_of(&pos);
    let hands = hands_of(&pos);
    // the hex board seats the player to move at the bottom, unless kept fixed
    let viewer = st.table.viewer(&pos);
    let dests = st.table.dests.clone();
    let moves = st.game().moves();
    let last = last_cells(moves);
    let check = Status::of(st.game(), &pos).marked_royal;
    let choice = st.table.promotion_choice(&pos);

    let (top_seats, bottom_seat) = plates::seats_around(st, &pos);
    let plates_top = plates::plates_view(lang, st, names, &top_seats, "top");
    let plates_bottom = plates::plates_view(lang, st, names, &[bottom_seat], "bottom");
    let hint_cells = st.hint.map(|m| last_cells(&[m])).unwrap_or_default();

    html! {
        <>
        { for st.online.as_ref().and_then(|o| online::invitations_view(lang, game_id, o)) }
        <section class="play" data-game={game_id.as_str()} data-wide={wide.to_string()}
            data-online={st.online.as_ref().map(|_| "")}>
            <div class="board-area">
                <Board variant={v} {cells} {hands} homes={crate::view::homes(v)} {turn} active={outcome.is_none() && viewing.is_none()} {dests}
                    selected={st.table.selected} {last} {check} lion_first={st.table.lion_first} {choice}
                    {on_attempt} {on_select} {on_cell} {on_promote}
                    flipped={st.table.flipped} numbers={st.numbers} {viewer} hint={hint_cells}
                    side_hands={wide}
                    two_char={st.two_char.unwrap_or(koma_rules::names::two_character_pieces(v.id))} />
            </div>
            <div class="side">
                { plates_top }
                { status_view(&state, shown, lang, names) }
                { captured_view(lang, st, names) }
                <div class="controls" data-controls="">
                    { nav_view(&state) }
                    { buttons_view(&state, lang, start.strict) }
                    if st.online.is_none() {
                        { computer_view(&state, lang, &computer) }
                    }
                </div>
                if let Some(e) = &*save_error {
                    <p class="storage-error" data-error="storage" role="alert">{ e.message(lang) }</p>
                }
                { impasse_panel(&state, shown, shown.game().outcome().is_none(), lang) }
                <MoveList {texts} players={v.players()} current={shown.table.view.unwrap_or(shown.game().moves().len())} {on_view} />
                { record_panel(&state, shown, game_id, lang, st.online.is_none()) }
                { plates_bottom }
            </div>
        </section>
        </>
    }
}

/// The status line (`[data-status]`), a refused move, and an online game's seats and offer.
fn status_view(state: &UseReducerHandle<Play>, shown: &Play, lang: Lang, names: &[String]) -> Html {
    let st: &Play = state;
    let game_id = st.game().position().game();
    // this browser's seat has moved (then it may no longer call the game off)
    let moved = st
        .online
        .as_ref()
        .and_then(|o| o.seat)
        .is_some_and(|seat| st.game().played().iter().any(|p| p.mover == seat));
    let (result, reason) = result_hooks(st.game().outcome());
    let turn = st.table.shown_position().turn();
    let thinking = st.computer_to_move() || st.hint_asked;
    let foul = st.table.foul.map(|e| {
        html! { <p class="foul" data-foul={e.rule_id()} role="alert">{ i18n::foul(lang, e) }</p> }
    });
    let dispatch = {
        let d = state.dispatcher();
        Callback::from(move |a| d.dispatch(a))
    };
    html! {
        <>
            <div class="status-area">
                <div class="status" data-status="" data-turn={turn.0.to_string()}
                    data-result={result} data-reason={reason}
                    data-thinking={thinking.then_some("")} aria-live="polite">{ shown.table.status_line(lang, names) }
                    { thinking_mark(st, lang, thinking) }</div>
                { for foul }
            </div>
            if let Some(o) = &st.online {
                { online::seats_view(lang, game_id, o, st.pending(), moved, &dispatch) }
                { online::offer_view(lang, game_id, o, &dispatch) }
            }
        </>
    }
}

/// The move list's navigation: first, back, forward, last.
fn nav_view(state: &UseReducerHandle<Play>) -> Html {
    let plies = state.game().moves().len();
    let viewing = state.table.view;
    html! {
        <div class="nav">
            { nav_button(state, "first", "«", (plies > 0).then_some(Some(0))) }
            { nav_button(state, "prev", "‹", match viewing {
                Some(0) => None,
                Some(n) => Some(Some(n - 1)),
                None => plies.checked_sub(1).map(Some),
            }) }
            { nav_button(state, "next", "›", viewing.map(|n| (n + 1 < plies).then_some(n + 1))) }
            { nav_button(state, "last", "»", viewing.map(|_| None)) }
        </div>
    }
}

/// The view's settings (piece names, orientation, rank numbers, notation, the hexagon's seat)
/// are kept for the next game when the player changes them.
#[hook]
fn use_kept_view(state: &UseReducerHandle<Play>) {
    let first = use_mut_ref(|| true);
    let key = (
        state.table.flipped,
        state.two_char,
        state.numbers,
        state.usi,
        state.table.seat,
        state.sound,
    );
    use_effect_with(
        key,
        move |&(flipped, two_char, numbers, usi, seat, sound)| {
            if std::mem::take(&mut *first.borrow_mut()) {
                return;
            }
            crate::storage::update_settings(|s| {
                s.flipped = flipped;
                s.two_char = two_char;
                s.numbers = numbers;
                s.usi = usi;
                s.seat = seat.map(|p| p.0);
                s.sound = sound;
            });
        },
    );
}

/// The status line's mark while the computer thinks (its move, or a hint).
fn thinking_mark(st: &Play, lang: Lang, thinking: bool) -> Option<Html> {
    let level = st.level.number();
    let text = match (st.computer_to_move(), lang) {
        (_, _) if !thinking => return None,
        (true, Lang::Ja) => format!(" — コンピュータ（レベル{level}）が考えています…"),
        (true, Lang::En) => format!(" — the computer (level {level}) is thinking…"),
        (false, _) => lang
            .pick(" — ヒントを探しています…", " — looking for a hint…")
            .to_string(),
    };
    Some(html! { <span class="thinking">{ text }</span> })
}

/// The computer's line under the board: its failure (with a restart), the hint button, the
/// hint found and what its last search did.
fn computer_view(
    state: &UseReducerHandle<Play>,
    lang: Lang,
    computer: &computer::ComputerHandle,
) -> Html {
    let st: &Play = state;
    if let Some(e) = &st.engine_error {
        let restart = {
            let state = state.clone();
            Callback::from(move |_: MouseEvent| state.dispatch(Action::EngineRestart))
        };
        return html! {
            <p class="engine-error" data-error="computer" role="alert">
                { lang.pick("コンピュータが止まりました：", "The computer stopped: ") }{ e.text(lang) }{ " " }
                <button data-action="restart-computer" onclick={restart}>
                    { lang.pick("再起動", "Restart the computer") }</button>
            </p>
        };
    }
    let hint_text = st.hint.map(|m| {
        let v = st.game().position().variant();
        let usi = koma_rules::notation::write_move(v, m);
        html! { <span class="hint-move" data-hint-move={usi.clone()}>{ format!("{}{usi}", lang.pick("ヒント：", "Hint: ")) }</span> }
    });
    let can_hint = st.person_to_move() && !st.hint_asked && st.table.view.is_none();
    let ask = {
        let hint = computer.hint.clone();
        Callback::from(move |_: MouseEvent| hint.emit(()))
    };
    let searched = st.searched.filter(|_| !st.computer_to_move()).map(|s| {
        let nps = if s.ms > 0.0 { s.nodes * 1000.0 / s.ms } else { 0.0 };
        let text = match lang {
            Lang::Ja => format!("前回の読み：深さ{}、{:.0}局面、{:.1}秒", s.depth, s.nodes, s.ms / 1000.0),
            Lang::En => format!(
                "last search: depth {}, {:.0} nodes in {:.1} s",
                s.depth,
                s.nodes,
                s.ms / 1000.0
            ),
        };
        html! {
            <span class="engine-info" data-engine-nodes={format!("{:.0}", s.nodes)}
                data-engine-ms={format!("{:.0}", s.ms)} data-engine-nps={format!("{nps:.0}")}>{ text }</span>
        }
    });
    html! {
        <p class="computer">
            <button data-action="hint" onclick={ask} disabled={!can_hint}>{ lang.pick("ヒント", "Hint") }</button>
            { for hint_text }
            { for searched }
        </p>
    }
}

/// Work queued for after the next frame is painted: a task set at that frame's start runs once
/// it is drawn. Dropping this cancels whatever has not run yet.
pub(crate) struct AfterPaint {
    _frame: gloo::render::AnimationFrame,
    _task: Rc<std::cell::RefCell<Option<gloo::timers::callback::Timeout>>>,
}

/// Run `f` after the next frame is painted (see [`AfterPaint`]).
pub(crate) fn after_paint(f: Box<dyn FnOnce()>) -> AfterPaint {
    let task: Rc<std::cell::RefCell<Option<gloo::timers::callback::Timeout>>> = Rc::default();
    let set = task.clone();
    let frame = gloo::render::request_animation_frame(move |_| {
        *set.borrow_mut() = Some(gloo::timers::callback::Timeout::new(0, f));
    });
    AfterPaint {
        _frame: frame,
        _task: task,
    }
}

/// The text shown around the board: `state`, a frame late after a move (see `Play::table`): at
/// the next frame's start a task is set for after it is painted.
///
/// It keeps a copy of the state, not the reducer's handle: a handle reads the reducer's latest
/// state whenever it is read, so a handle kept from before the move would show the move at
/// once, and the text around the board would be laid out in the release's own task.
#[hook]
fn use_lagging(state: UseReducerHandle<Play>) -> UseStateHandle<Rc<Play>> {
    let panel = use_state(|| Rc::new((*state).clone()));
    {
        let panel = panel.clone();
        let current = state.clone();
        use_effect_with(state.table.version, move |_| {
            let pending = (panel.table.version != current.table.version)
                .then(|| after_paint(Box::new(move || panel.set(Rc::new((*current).clone())))));
            move || drop(pending)
        });
    }
    panel
}

/// A sound when a move is added to the game (not when one is loaded, taken back or looked at),
/// if sounds are on: a check, else a capture, else a move.
#[hook]
fn use_sounds(state: &UseReducerHandle<Play>) {
    let plies = state.game().moves().len();
    let seen = use_mut_ref(|| plies);
    let before = seen.replace(plies);
    let sound = state.sound;
    let version = state.table.version;
    let what = (plies == before + 1 && sound).then(|| {
        let pos = state.game().position();
        if Status::of(state.game(), pos).check {
            crate::sound::Sound::Check
        } else if !pos.last_captured().is_empty() {
            crate::sound::Sound::Capture
        } else {
            crate::sound::Sound::Move
        }
    });
    use_effect_with(version, move |_| {
        if let Some(s) = what {
            crate::sound::play(s);
        }
    });
}

/// The clock ticks five times a second while the game has clocks.
#[hook]
fn use_clock_ticks(state: UseReducerHandle<Play>, has_clock: bool) {
    use_effect_with(has_clock, move |&on| {
        let interval = on.then(|| {
            gloo::timers::callback::Interval::new(200, move || state.dispatch(Action::Tick))
        });
        move || drop(interval)
    });
}

/// In a game without drops (chu shogi) what each player has taken, counted against the start:
/// the hands show it in the others.
fn captured_view(lang: Lang, st: &Play, names: &[String]) -> Option<Html> {
    let pos = st.table.shown_position();
    let v = pos.variant();
    if v.drops {
        return None;
    }
    let start = st.game().start();
    let count = |p: &koma_rules::Position, owner: Player| {
        v.geometry
            .cells()
            .filter(|&c| {
                let piece = p.piece(c);
                !piece.is_empty() && piece.owner() == owner
            })
            .count()
    };
    let items = (0..v.players()).map(|p| {
        let taker = Player(p);
        let taken: usize = (0..v.players())
            .filter(|&q| q != p)
            .map(|q| count(start, Player(q)).saturating_sub(count(&pos, Player(q))))
            .sum();
        html! {
            <span class="taken" data-captured={p.to_string()}>
                { format!("{} {taken}", side_name(lang, v.id, taker, names)) }</span>
        }
    });
    Some(html! {
        <p class="captured">{ lang.pick("取った駒：", "Pieces taken: ") }{ for items }</p>
    })
}

/// The buttons under the board: pass (chu's setup steps), takeback, resign, and the view's
/// options (seat on the hexagon; piece style, notation, flip and rank numbers on square boards).
fn buttons_view(state: &UseReducerHandle<Play>, lang: Lang, strict: bool) -> Html {
    let st: &Play = state;
    let online = st.online.as_ref();
    // online, a resignation and a takeback are asked of the server
    let ask = |m: fn() -> koma_wire::ClientMsg| {
        online.map(|_| {
            let state = state.clone();
            Callback::from(move |_: MouseEvent| state.dispatch(Action::Ask(m())))
        })
    };
    let resign = ask(|| koma_wire::ClientMsg::Resign);
    let takeback = ask(|| koma_wire::ClientMsg::Offer {
        what: koma_wire::OfferKind::Takeback,
    });
    let seated = online.is_none_or(|o| o.seat.is_some());
    let v = st.game().position().variant();
    let moves = st.game().moves();
    let outcome = st.game().outcome();
    let can_pass = st.table.can_pass;
    let d = |a: fn() -> Action| {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(a()))
    };
    html! {
            <div class="buttons">
                if can_pass {
                    <button data-action="pass" onclick={d(|| Action::Table(TableAction::Pass))}>{ lang.pick("完了", "Done") }</button>
                }
                if !strict && seated {
                    <button data-action="undo" onclick={takeback.unwrap_or_else(|| d(|| Action::Undo))}
                        disabled={moves.is_empty() || outcome.is_some() && online.is_some()}>{ lang.pick("待った", "Takeback") }</button>
                }
                if seated {
                    <button data-action="resign" onclick={resign.unwrap_or_else(|| d(|| Action::Resign))}
                        disabled={outcome.is_some()}>{ lang.pick("投了", "Resign") }</button>
                }
                if koma_rules::Description::of(v.id).hexagon() {
                    { seat_select(state, lang, v.id, st.table.seat) }
                } else {
                    <button data-action="piece-style" onclick={d(|| Action::PieceStyle)}>
                        { if st.two_char.unwrap_or(koma_rules::names::two_character_pieces(v.id)) { "玉" } else { "玉将" } }</button>
                    if koma_rules::kanji::has_japanese_moves(v.id) {
                        <button data-action="notation" onclick={d(|| Action::Notation)}>
                            { if st.usi { "７六歩" } else { "USI" } }</button>
                    }
                    <button data-action="flip" onclick={d(|| Action::Table(TableAction::Flip))}>{ lang.pick("盤面反転", "Flip") }</button>
                    <button data-action="numbers" onclick={d(|| Action::Numbers)}>
                        { if st.numbers { "一二三" } else { "123" } }</button>
                }
                <a href={crate::analysis::href(st.game(), st.table.shown_ply())} data-action="analyse">
                    { lang.pick("検討", "Analyse") }</a>
                <button data-action="sound" aria-pressed={st.sound.to_string()} onclick={d(|| Action::Sound)}>
                    { if st.sound { lang.pick("音：オン", "Sound: on") } else { lang.pick("音：オフ", "Sound: off") } }</button>
                <a href="#/" data-action="home">{ lang.pick("最初の画面", "Home") }</a>
            </div>
    }
}

/// The hexagon's seat at the bottom: the player to move (the board turns each turn, for
/// pass-and-play), or one seat kept there.
fn seat_select(
    state: &UseReducerHandle<Play>,
    lang: Lang,
    game: GameId,
    seat: Option<Player>,
) -> Html {
    let players = koma_rules::Variant::get(game).players();
    let onchange = {
        let state = state.clone();
        Callback::from(move |e: Event| {
            if let Some(v) = crate::select_value(&e) {
                let p = v.parse::<u8>().ok().map(Player);
                state.dispatch(Action::Table(TableAction::Seat(p)));
            }
        })
    };
    let seats = (0..players).map(|p| {
        let label = match lang {
            Lang::Ja => format!("{}を手前に固定", koma_rules::names::seat(game, Player(p), lang)),
            Lang::En => format!("keep {} at the bottom", koma_rules::names::seat(game, Player(p), lang)),
        };
        html! { <option value={p.to_string()} selected={seat == Some(Player(p))}>{ label }</option> }
    });
    html! {
        <label class="seat">{ lang.pick("盤の向き ", "Board ") }
            <select name="seat" {onchange}>
                <option value="turn" selected={seat.is_none()}>
                    { lang.pick("手番の人が手前", "turns to the player to move") }</option>
                { for seats }
            </select></label>
    }
}

/// A move-list navigation button: `to` is the view to show (`Some(None)`: the current
/// position), or `None` when the button does nothing now.
fn nav_button(
    state: &UseReducerHandle<Play>,
    id: &'static str,
    label: &'static str,
    to: Option<Option<usize>>,
) -> Html {
    let onclick = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(v) = to {
                state.dispatch(Action::Table(TableAction::View(v)));
            }
        })
    };
    html! { <button data-nav={id} disabled={to.is_none()} {onclick}>{ label }</button> }
}
