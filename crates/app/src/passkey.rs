//! Passkeys in the browser: the server's options go to `navigator.credentials` through
//! WebAuthn's JSON forms (`PublicKeyCredential.parseCreationOptionsFromJSON`,
//! `parseRequestOptionsFromJSON`, and the credential's `toJSON`), so no byte of the ceremony is
//! converted by hand here. A browser without those forms is told so in words.
//!
//! The server's side and its routes: `koma-server`'s `passkeys` module.

use js_sys::{Function, JSON, Object, Promise, Reflect};
use wasm_bindgen::{JsCast, JsValue};

use crate::i18n::Lang;
use crate::online::api;

/// A begun ceremony as the server answers it: its id, and the options kept as the browser's
/// own value (they go to `parse...FromJSON` as they are).
#[derive(serde::Deserialize)]
struct Begun {
    ceremony: String,
    #[serde(with = "serde_wasm_bindgen::preserve")]
    options: JsValue,
}

/// A finished ceremony's answer: the passkey's id, or the name signed in.
#[derive(serde::Deserialize)]
struct Finished {
    #[serde(default)]
    name: String,
}

/// `target[name]` as a function, if it is one.
fn method(target: &JsValue, name: &str) -> Option<Function> {
    Reflect::get(target, &JsValue::from_str(name))
        .ok()
        .and_then(|f| f.dyn_into::<Function>().ok())
}

/// What a browser says when a ceremony fails (the person cancelled, no authenticator, ...).
fn words(e: &JsValue) -> String {
    Reflect::get(e, &JsValue::from_str("message"))
        .ok()
        .and_then(|m| m.as_string())
        .or_else(|| e.as_string())
        .unwrap_or_else(|| "the browser refused".into())
}

/// Run one ceremony: `begin` (POST, with `body`) gives `{"ceremony", "options"}`; the options'
/// `publicKey` is parsed by `parse` and passed to `navigator.credentials[call]`; the credential
/// goes to `finish` with the ceremony's id. The finishing answer.
async fn ceremony(
    lang: Lang,
    begin: &str,
    body: Option<String>,
    parse: &str,
    call: &str,
    finish: &str,
) -> Result<Finished, String> {
    let unsupported = || {
        lang.pick(
            "このブラウザではパスキーを使えません",
            "this browser cannot use passkeys here",
        )
        .to_string()
    };
    let window = web_sys::window().ok_or_else(unsupported)?;
    let pkc = Reflect::get(&window, &JsValue::from_str("PublicKeyCredential"))
        .ok()
        .filter(|v| !v.is_undefined())
        .ok_or_else(unsupported)?;
    let parse = method(&pkc, parse).ok_or_else(unsupported)?;
    let credentials = Reflect::get(&window.navigator(), &JsValue::from_str("credentials"))
        .map_err(|_| unsupported())?;
    let call = method(&credentials, call).ok_or_else(unsupported)?;
    let begun: Begun = api(begin, Some(body.unwrap_or_else(|| "{}".into())))
        .await
        .map_err(|e| e.text(lang))?;
    let public_key =
        Reflect::get(&begun.options, &JsValue::from_str("publicKey")).map_err(|e| words(&e))?;
    let parsed = parse.call1(&pkc, &public_key).map_err(|e| words(&e))?;
    let asked = Object::new();
    Reflect::set(&asked, &JsValue::from_str("publicKey"), &parsed).map_err(|e| words(&e))?;
    let promise: Promise = call
        .call1(&credentials, &asked)
        .map_err(|e| words(&e))?
        .dyn_into()
        .map_err(|e| words(&e))?;
    let credential = wasm_bindgen_futures::JsFuture::from(promise)
        .await
        .map_err(|e| words(&e))?;
    let json = method(&credential, "toJSON")
        .ok_or_else(unsupported)?
        .call0(&credential)
        .map_err(|e| words(&e))?;
    let finished = Object::new();
    Reflect::set(
        &finished,
        &JsValue::from_str("ceremony"),
        &JsValue::from_str(&begun.ceremony),
    )
    .map_err(|e| words(&e))?;
    Reflect::set(&finished, &JsValue::from_str("credential"), &json).map_err(|e| words(&e))?;
    let text = JSON::stringify(&finished)
        .ok()
        .and_then(|t| t.as_string())
        .ok_or_else(unsupported)?;
    api(finish, Some(text)).await.map_err(|e| e.text(lang))
}

/// Register a passkey for the signed-in account.
///
/// # Errors
/// The browser or the server refused, in words.
pub async fn register(lang: Lang) -> Result<(), String> {
    ceremony(
        lang,
        "api/me/passkeys/begin",
        None,
        "parseCreationOptionsFromJSON",
        "create",
        "api/me/passkeys",
    )
    .await
    .map(|_| ())
}

/// Sign in as `name` with one of its passkeys: the name signed in.
///
/// # Errors
/// The browser or the server refused, in words.
pub async fn sign_in(lang: Lang, name: &str) -> Result<String, String> {
    #[derive(serde::Serialize)]
    struct Named<'a> {
        name: &'a str,
    }
    let body = crate::online::to_json(&Named { name });
    ceremony(
        lang,
        "api/session/passkey/begin",
        body,
        "parseRequestOptionsFromJSON",
        "get",
        "api/session/passkey",
    )
    .await
    .map(|f| f.name)
}
