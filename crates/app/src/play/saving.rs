//! The play page's saved game: opened from the address (`?saved=<id>`), or started afresh and
//! named in the address from its first render, so that a reload finds it; saved after every
//! change of its record (a move, a setup step, a takeback, the end) and again when the page is
//! hidden or left, with the time spent on the turn in progress. The decisions are in
//! [`crate::saved`].
//!
//! A new game is stored from its first move on (an untouched game is the address itself); a
//! save waits for the frame that shows the move to be painted, so it never delays the board.

use std::cell::RefCell;
use std::rc::Rc;

use gloo::events::EventListener;
use koma_rules::Game;
use koma_rules::clock::Clock;
use wasm_bindgen::JsValue;
use yew::prelude::*;

use super::{Play, Start, after_paint};
use crate::i18n::Lang;
use crate::problem::{Problem, Saved};
use crate::saved::{Ending, Origin, SavedGame, new_id};
use crate::storage::{self, LoadError, SaveError};

/// A game opened on the play page.
pub struct Opened {
    /// Its id and how it started.
    pub origin: Origin,
    /// The game.
    pub game: Game,
    /// Its clocks.
    pub clock: Option<Clock>,
    /// Time already spent on the turn in progress (ms).
    pub spent: u64,
    /// How it ended beyond its moves.
    pub ending: Option<Ending>,
    /// It is in storage already.
    pub stored: bool,
    /// Its id is new: the address does not name it yet.
    pub fresh: bool,
    /// The address (location hash) that opened it.
    pub address: String,
}

/// Why the play page shows no game: the hook (`data-error`) and the fault.
pub struct OpenError {
    /// `address` (the address names no game) or `saved-game` (the saved game cannot be read).
    pub hook: &'static str,
    /// What is wrong.
    pub problem: Problem,
}

impl OpenError {
    /// In words, in `lang`: what cannot be opened, why, and (a saved game) what became of it.
    pub fn message(&self, lang: Lang) -> String {
        let why = self.problem.text(lang);
        match (self.hook, lang) {
            ("address", Lang::Ja) => format!("このアドレスは開けません：{why}"),
            ("address", Lang::En) => format!("This address cannot be opened: {why}"),
            (_, Lang::Ja) => match &self.problem {
                Problem::Saved(_, Saved::Replay(_) | Saved::Unreadable(_)) => {
                    format!("{why}。取り分けました（「保存した対局」から書き出せます）。")
                }
                _ => format!("{why}。"),
            },
            (_, Lang::En) => match &self.problem {
                Problem::Saved(_, Saved::Replay(_) | Saved::Unreadable(_)) => format!(
                    "{}. It was set aside: its text can be exported from Saved games.",
                    capital(&why)
                ),
                _ => format!("{}.", capital(&why)),
            },
        }
    }
}

/// `s` with its first letter a capital.
fn capital(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

fn saved_error(problem: Problem) -> OpenError {
    OpenError {
        hook: "saved-game",
        problem,
    }
}

/// The game the address opens: the saved one it names, or a new one.
///
/// # Errors
/// The address names no game, or the saved game cannot be read (it is set aside).
pub fn open(start: &Start) -> Result<Opened, OpenError> {
    let now = js_sys::Date::now();
    let address = web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default();
    if let Some(id) = &start.saved {
        match storage::load_game(id) {
            Ok(entry) if entry.game != start.id().as_str() => {
                return Err(saved_error(Problem::Saved(
                    id.clone(),
                    Saved::OtherGame(entry.game, start.id()),
                )));
            }
            Ok(entry) => {
                return match entry.restore() {
                    Ok(r) => Ok(Opened {
                        origin: Origin::new(id, &r.start, entry.created),
                        game: r.game,
                        clock: r.clock,
                        spent: r.spent,
                        ending: r.ending,
                        stored: true,
                        fresh: false,
                        address,
                    }),
                    Err(why) => {
                        storage::set_game_aside(id);
                        Err(saved_error(Problem::Saved(
                            id.clone(),
                            Saved::Replay(Box::new(why)),
                        )))
                    }
                };
            }
            // not stored: a game left before its first move; it starts again from the address
            Err(LoadError::NotFound) => {}
            Err(LoadError::Newer(n)) => {
                return Err(saved_error(Problem::Saved(id.clone(), Saved::Newer(n))));
            }
            Err(LoadError::Unreadable(why)) => {
                return Err(saved_error(Problem::Saved(
                    id.clone(),
                    Saved::Unreadable(why),
                )));
            }
        }
    }
    let game = start.build().map_err(|problem| OpenError {
        hook: "address",
        problem,
    })?;
    let id = start
        .saved
        .clone()
        .unwrap_or_else(|| new_id(now, js_sys::Math::random()));
    let named = Start {
        saved: Some(id.clone()),
        ..start.clone()
    };
    let players = game.position().variant().players() as usize;
    Ok(Opened {
        origin: Origin::new(&id, &named, now),
        clock: named.game.clock.map(|tc| Clock::new(tc, players)),
        game,
        spent: 0,
        ending: None,
        stored: false,
        fresh: start.saved.is_none(),
        address,
    })
}

/// Add `saved=<id>` to the address in place (no new history entry, no reload), if the address
/// is still the one that opened the game (the player may have gone on to another at once).
fn name_in_address(id: &str, opened_by: &str) {
    let Some(w) = web_sys::window() else { return };
    let hash = w.location().hash().unwrap_or_default();
    if hash.is_empty() || hash != opened_by || hash.contains("saved=") {
        return;
    }
    let sep = if hash.contains('?') { '&' } else { '?' };
    if let Ok(h) = w.history() {
        let _ =
            h.replace_state_with_url(&JsValue::NULL, "", Some(&format!("{hash}{sep}saved={id}")));
    }
}

/// Save `st` as the game `origin` started, unless it is new and untouched; a failure is kept in
/// `error` (shown on the page) and the game goes on.
fn save(
    st: &Play,
    origin: &Origin,
    stored: &RefCell<bool>,
    error: &UseStateHandle<Option<SaveError>>,
) {
    if !*stored.borrow() && st.game().moves().is_empty() && st.game().outcome().is_none() {
        return;
    }
    let now = js_sys::Date::now();
    let spent = if st.game().outcome().is_none() {
        (now - st.turn_started).max(0.0) as u64
    } else {
        0
    };
    let mut entry = SavedGame::of(origin, st.game(), st.clock.as_ref(), spent, st.ending, now);
    entry.online = st.online.as_ref().map(|o| o.id.clone());
    match storage::save_game(&entry) {
        Ok(()) => {
            *stored.borrow_mut() = true;
            if error.is_some() {
                error.set(None);
            }
        }
        Err(e) => {
            if error.as_ref() != Some(&e) {
                error.set(Some(e));
            }
        }
    }
}

/// Keep the game saved: after every change of its record (once the frame showing it is
/// painted), when the page is hidden or closed, and when the play page is left. Returns why the
/// last save failed, if it did. With `keep` false (an online game in progress: the server
/// keeps it) nothing is saved and the address is left as it is; an online game is saved once
/// it is over.
#[hook]
pub fn use_saving(
    state: &UseReducerHandle<Play>,
    opened: &Rc<Result<Opened, OpenError>>,
    keep: bool,
) -> UseStateHandle<Option<SaveError>> {
    let error = use_state(|| None::<SaveError>);
    let stored = use_mut_ref(|| matches!(&**opened, Ok(o) if o.stored));
    let latest = use_mut_ref(|| state.clone());
    *latest.borrow_mut() = state.clone();
    let origin = match &**opened {
        Ok(o) if keep => Some(o.origin.clone()),
        _ => None,
    };
    // the address names the game once the first frame is painted (a change of the address
    // costs the page a few milliseconds that the board's first frame need not wait for)
    {
        let opened = opened.clone();
        use_effect_with((), move |_| {
            let pending = match &*opened {
                Ok(o) if o.fresh && keep => {
                    let (id, address) = (o.origin.id.clone(), o.address.clone());
                    Some(after_paint(Box::new(move || {
                        name_in_address(&id, &address)
                    })))
                }
                _ => None,
            };
            move || drop(pending)
        });
    }
    // after every change of the record, once the frame that shows it is painted
    {
        let (origin, stored, error, state) =
            (origin.clone(), stored.clone(), error.clone(), state.clone());
        let key = (
            state.table.board_changes,
            state.game().outcome(),
            state.ending,
            state.game().moves().len(),
        );
        use_effect_with(key, move |_| {
            let pending = origin.map(|origin| {
                after_paint(Box::new(move || save(&state, &origin, &stored, &error)))
            });
            move || drop(pending)
        });
    }
    // when the page is hidden or closed, and when the play page is left: with the time spent
    // on the turn in progress
    {
        let (stored, error, latest) = (stored.clone(), error.clone(), latest.clone());
        use_effect_with((), move |_| {
            let now_save = {
                let (stored, error, latest) = (stored.clone(), error.clone(), latest.clone());
                let origin = origin.clone();
                Rc::new(move || {
                    if let Some(o) = &origin {
                        save(&latest.borrow(), o, &stored, &error);
                    }
                })
            };
            let window = web_sys::window();
            let document = window.as_ref().and_then(|w| w.document());
            let on_hide = window.as_ref().map(|w| {
                let now_save = now_save.clone();
                EventListener::new(w, "pagehide", move |_| now_save())
            });
            let on_visibility = document.map(|d| {
                let now_save = now_save.clone();
                let d2 = d.clone();
                EventListener::new(&d, "visibilitychange", move |_| {
                    if d2.hidden() {
                        now_save()
                    }
                })
            });
            move || {
                drop(on_hide);
                drop(on_visibility);
                now_save();
            }
        });
    }
    error
}
