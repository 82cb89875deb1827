//! The browser's side of saved games and settings: `localStorage`, one key a game (the
//! decisions are in [`crate::saved`]).
//!
//! Every value is a serde type turned into a JavaScript object by serde-wasm-bindgen and stored
//! as JSON text; every read is checked (JSON, schema version, the serde type) and nothing read
//! from storage can panic. Each save is timed as a `performance.measure` named `koma:save`
//! (the browser tests read its p95).

use serde::Serialize;
use serde::de::DeserializeOwned;
use wasm_bindgen::{JsCast, JsValue};

use crate::problem::{Problem, Saved, Unreadable};
use crate::saved::{
    ASIDE_PREFIX, GAME_PREFIX, Migration, REVIEW_PREFIX, SETTINGS_KEY, SavedGame, Settings,
    StoredReview, migrate,
};

/// Why a save did not happen.
#[derive(Clone, Debug, PartialEq)]
pub enum SaveError {
    /// The storage quota is full.
    Full,
    /// The browser keeps no storage here (private mode, a sandbox, disabled), and why.
    Unavailable(String),
}

impl SaveError {
    /// In words, in `lang`.
    pub fn message(&self, lang: crate::i18n::Lang) -> String {
        match self {
            SaveError::Full => lang
                .pick(
                    "保存領域がいっぱいです：この対局はこのページを閉じると消えます。「保存した対局」で古い対局を削除してください。",
                    "The browser's storage is full: this game is kept in memory only and is lost if the page closes. Delete old games in Saved games.",
                )
                .to_string(),
            SaveError::Unavailable(why) => match lang {
                crate::i18n::Lang::Ja => {
                    format!("この対局は保存できません（{why}）：ページを閉じると消えます。")
                }
                crate::i18n::Lang::En => format!(
                    "This game cannot be saved ({why}): it is lost if the page closes."
                ),
            },
        }
    }
}

/// Why a saved game cannot be opened.
#[derive(Clone, Debug, PartialEq)]
pub enum LoadError {
    /// No entry has that id.
    NotFound,
    /// Saved by a newer Koma (its schema); left as it is.
    Newer(u32),
    /// Not an entry that can be read, and why; it has been set aside.
    Unreadable(Unreadable),
}

/// An entry that cannot be read.
#[derive(Clone, Debug, PartialEq)]
pub struct Unread {
    /// Its id.
    pub id: String,
    /// Its text, as stored.
    pub raw: String,
    /// Why it cannot be read.
    pub reason: Problem,
}

/// Everything in storage, for the Games list.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Listing {
    /// The games, the most recently saved first.
    pub games: Vec<SavedGame>,
    /// Entries set aside (corrupt or unreadable).
    pub aside: Vec<Unread>,
    /// Entries saved by a newer Koma, left untouched.
    pub newer: Vec<Unread>,
    /// Why storage could not be read at all, if it could not.
    pub unavailable: Option<String>,
}

/// A thrown JavaScript value in words.
fn describe(e: &JsValue) -> String {
    let name = js_sys::Reflect::get(e, &"name".into())
        .ok()
        .and_then(|v| v.as_string());
    let message = js_sys::Reflect::get(e, &"message".into())
        .ok()
        .and_then(|v| v.as_string());
    match (name, message) {
        (Some(n), Some(m)) => format!("{n}: {m}"),
        (Some(n), None) => n,
        (None, Some(m)) => m,
        (None, None) => e.as_string().unwrap_or_else(|| "unknown error".into()),
    }
}

fn storage() -> Result<web_sys::Storage, String> {
    let w = web_sys::window().ok_or("no window")?;
    match w.local_storage() {
        Ok(Some(s)) => Ok(s),
        Ok(None) => Err("the browser keeps no local storage here".into()),
        Err(e) => Err(describe(&e)),
    }
}

/// `value` as JSON text, through serde-wasm-bindgen.
fn to_json<T: Serialize>(value: &T) -> Result<String, String> {
    let v = value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| e.to_string())?;
    js_sys::JSON::stringify(&v)
        .map(String::from)
        .map_err(|e| describe(&e))
}

/// A stored JSON text read back: parsed, its schema checked (and migrated), then the serde type.
fn from_json<T: DeserializeOwned>(raw: &str) -> Result<T, Migration> {
    let v = js_sys::JSON::parse(raw).map_err(|_| Migration::Unreadable(Unreadable::NotJson))?;
    if !v.is_object() || v.is_array() {
        return Err(Migration::Unreadable(Unreadable::NotEntry));
    }
    let schema = js_sys::Reflect::get(&v, &"schema".into())
        .ok()
        .and_then(|s| s.as_f64());
    migrate(schema)?;
    serde_wasm_bindgen::from_value(v)
        .map_err(|e| Migration::Unreadable(Unreadable::Shape(e.to_string())))
}

/// Store `value` under `key`.
fn put<T: Serialize>(key: &str, value: &T) -> Result<(), SaveError> {
    let s = storage().map_err(SaveError::Unavailable)?;
    let json = to_json(value).map_err(SaveError::Unavailable)?;
    s.set_item(key, &json).map_err(|e| {
        let name = js_sys::Reflect::get(&e, &"name".into())
            .ok()
            .and_then(|v| v.as_string())
            .unwrap_or_default();
        if name == "QuotaExceededError" || name == "NS_ERROR_DOM_QUOTA_REACHED" {
            SaveError::Full
        } else {
            SaveError::Unavailable(describe(&e))
        }
    })
}

/// Mark the time a save took (`performance.measure("koma:save", {start, end})`).
fn measure(name: &str, start: f64, end: f64) {
    let Some(perf) = web_sys::window().and_then(|w| w.performance()) else {
        return;
    };
    let Ok(f) = js_sys::Reflect::get(&perf, &"measure".into()) else {
        return;
    };
    let Ok(f) = f.dyn_into::<js_sys::Function>() else {
        return;
    };
    let options = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&options, &"start".into(), &start.into());
    let _ = js_sys::Reflect::set(&options, &"end".into(), &end.into());
    let _ = f.call2(&perf, &name.into(), &options);
}

fn now() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

/// Save a game (timed as `koma:save`).
///
/// # Errors
/// A full quota or no storage.
pub fn save_game(entry: &SavedGame) -> Result<(), SaveError> {
    let t0 = now();
    let r = put(&format!("{GAME_PREFIX}{}", entry.id), entry);
    measure("koma:save", t0, now());
    r
}

/// Move an unreadable entry's text to `koma.aside.<id>` (kept as it was, for export).
fn set_aside(s: &web_sys::Storage, id: &str, raw: &str) {
    if s.set_item(&format!("{ASIDE_PREFIX}{id}"), raw).is_ok() {
        let _ = s.remove_item(&format!("{GAME_PREFIX}{id}"));
    }
}

/// Set the saved game `id` aside (its moves do not replay, say).
pub fn set_game_aside(id: &str) {
    if let Ok(s) = storage()
        && let Ok(Some(raw)) = s.get_item(&format!("{GAME_PREFIX}{id}"))
    {
        set_aside(&s, id, &raw);
    }
}

/// The saved game `id`; an unreadable one is set aside.
///
/// # Errors
/// None with that id, one from a newer Koma, or one that cannot be read.
pub fn load_game(id: &str) -> Result<SavedGame, LoadError> {
    let s = storage().map_err(|e| LoadError::Unreadable(Unreadable::Storage(e)))?;
    let raw = match s.get_item(&format!("{GAME_PREFIX}{id}")) {
        Ok(Some(raw)) => raw,
        Ok(None) => return Err(LoadError::NotFound),
        Err(e) => return Err(LoadError::Unreadable(Unreadable::Storage(describe(&e)))),
    };
    match from_json::<SavedGame>(&raw) {
        Ok(g) if g.id == id => Ok(g),
        Ok(g) => {
            set_aside(&s, id, &raw);
            Err(LoadError::Unreadable(Unreadable::OtherId(g.id)))
        }
        Err(Migration::Newer(n)) => Err(LoadError::Newer(n)),
        Err(Migration::Unreadable(why)) => {
            set_aside(&s, id, &raw);
            Err(LoadError::Unreadable(why))
        }
    }
}

/// Every key in storage.
fn keys(s: &web_sys::Storage) -> Vec<String> {
    let n = s.length().unwrap_or(0);
    (0..n).filter_map(|i| s.key(i).ok().flatten()).collect()
}

/// Why the entry `id` set aside cannot be read (read again).
fn why_unreadable(id: &str, raw: &str) -> Problem {
    let id = id.to_string();
    match from_json::<SavedGame>(raw) {
        Err(Migration::Unreadable(why)) => Problem::Saved(id, Saved::Unreadable(why)),
        Err(Migration::Newer(n)) => Problem::Saved(id, Saved::Newer(n)),
        Ok(g) => match g.restore() {
            Err(why) => Problem::Saved(id, Saved::Replay(Box::new(why))),
            Ok(_) => Problem::Saved(id, Saved::Unreadable(Unreadable::SetAside)),
        },
    }
}

/// Everything saved: the games (unreadable ones set aside now), the entries set aside, and
/// those of a newer Koma.
pub fn list() -> Listing {
    let s = match storage() {
        Ok(s) => s,
        Err(e) => {
            return Listing {
                unavailable: Some(e),
                ..Listing::default()
            };
        }
    };
    let mut out = Listing::default();
    for key in keys(&s) {
        let Ok(Some(raw)) = s.get_item(&key) else {
            continue;
        };
        if let Some(id) = key.strip_prefix(GAME_PREFIX) {
            match from_json::<SavedGame>(&raw) {
                Ok(g) if g.id == id => out.games.push(g),
                Ok(g) => {
                    set_aside(&s, id, &raw);
                    out.aside.push(Unread {
                        id: id.to_string(),
                        raw,
                        reason: Problem::Saved(
                            id.to_string(),
                            Saved::Unreadable(Unreadable::OtherId(g.id)),
                        ),
                    });
                }
                Err(Migration::Newer(n)) => out.newer.push(Unread {
                    id: id.to_string(),
                    raw,
                    reason: Problem::Saved(id.to_string(), Saved::Newer(n)),
                }),
                Err(Migration::Unreadable(reason)) => {
                    set_aside(&s, id, &raw);
                    out.aside.push(Unread {
                        id: id.to_string(),
                        raw,
                        reason: Problem::Saved(id.to_string(), Saved::Unreadable(reason)),
                    });
                }
            }
        } else if let Some(id) = key.strip_prefix(ASIDE_PREFIX)
            && !out.aside.iter().any(|u| u.id == id)
        {
            out.aside.push(Unread {
                id: id.to_string(),
                reason: why_unreadable(id, &raw),
                raw,
            });
        }
    }
    // newest first, and by id where two were saved in the same millisecond: a total order, so
    // the unstable sort (no second copy of the stable one linked) gives one order every time
    out.games.sort_unstable_by(|a, b| {
        b.updated
            .total_cmp(&a.updated)
            .then_with(|| a.id.cmp(&b.id))
    });
    out.aside.sort_unstable_by(|a, b| a.id.cmp(&b.id));
    out
}

/// Delete the saved game `id`.
pub fn delete_game(id: &str) {
    if let Ok(s) = storage() {
        let _ = s.remove_item(&format!("{GAME_PREFIX}{id}"));
        let _ = s.remove_item(&format!("{REVIEW_PREFIX}{id}"));
    }
}

/// Keep the review of saved game `id`.
///
/// # Errors
/// Why it could not be kept (the review stays on the page).
pub fn save_review(id: &str, review: &StoredReview) -> Result<(), SaveError> {
    put(&format!("{REVIEW_PREFIX}{id}"), review)
}

/// The review kept for saved game `id`, if one can be read.
pub fn load_review(id: &str) -> Option<StoredReview> {
    let raw = storage()
        .ok()?
        .get_item(&format!("{REVIEW_PREFIX}{id}"))
        .ok()??;
    from_json(&raw).ok()
}

/// Delete the entry set aside as `id`.
pub fn delete_aside(id: &str) {
    if let Ok(s) = storage() {
        let _ = s.remove_item(&format!("{ASIDE_PREFIX}{id}"));
    }
}

/// An entry kept under `key` (none where none is, or it cannot be read: its schema, JSON and
/// shape checked as a saved game's are).
pub fn get<T: DeserializeOwned>(key: &str) -> Option<T> {
    storage()
        .ok()
        .and_then(|s| s.get_item(key).ok().flatten())
        .and_then(|raw| from_json::<T>(&raw).ok())
}

/// Keep `value` under `key`.
///
/// # Errors
/// The browser keeps nothing here, or its quota is full.
pub fn set<T: Serialize>(key: &str, value: &T) -> Result<(), SaveError> {
    put(key, value)
}

/// The settings kept (the defaults where none are, or they cannot be read).
pub fn settings() -> Settings {
    get(SETTINGS_KEY).unwrap_or_default()
}

/// Change the settings kept (a failure to write them is only logged: the page goes on).
pub fn update_settings(change: impl FnOnce(&mut Settings)) {
    let mut s = settings();
    let before = s.clone();
    change(&mut s);
    if s != before
        && let Err(e) = put(SETTINGS_KEY, &s)
    {
        gloo::console::warn!(format!("Koma: the settings were not saved: {e:?}"));
    }
}
