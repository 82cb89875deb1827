//! Passkeys (WebAuthn, through `webauthn-rs`): a signed-in player registers one or more, then
//! signs in with one instead of the password.
//!
//! Each ceremony is two requests: `begin` answers the options the browser passes to
//! `navigator.credentials` (JSON, base64url, as WebAuthn's `toJSON` forms write them) and a
//! ceremony id; the second request sends that id and the browser's credential. The ceremony's
//! state waits in the database (used once, within five minutes), so either request may reach
//! any server of the database. Sign-in with a passkey counts against the same limits as a
//! password, and says the same for an unknown name and a name without passkeys.
//!
//! The relying party is `--passkey-origin` (default `http://localhost`, any port: a local
//! server; a public one names its own `https://` address). A passkey belongs to the site's
//! host name, so one registered on one origin does not work on another.
//!
//! Routes: `POST /api/me/passkeys/begin`, `POST /api/me/passkeys`, `GET /api/me/passkeys`,
//! `DELETE /api/me/passkeys/<id>`, `POST /api/session/passkey/begin`,
//! `POST /api/session/passkey`.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::Json;
use axum::body::Bytes;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use sha2::Digest;
use webauthn_rs::prelude::{
    Passkey, PasskeyAuthentication, PasskeyRegistration, PublicKeyCredential,
    RegisterPublicKeyCredential, Uuid, Webauthn, WebauthnBuilder,
};

use crate::App;
use crate::accounts::{db_error, signed_in, start_session};
use crate::db::AccountRow;
use crate::reply::{body, error};
use crate::token;

/// How long a ceremony may take.
const CEREMONY_MS: i64 = 5 * 60 * 1000;

/// The kinds of ceremony.
const REGISTER: &str = "register";
const SIGN_IN: &str = "sign-in";

/// The relying party: `origin`'s host, any port of it.
///
/// # Errors
/// An origin without a host, or one `webauthn-rs` refuses.
pub fn relying_party(origin: &url::Url) -> Result<Webauthn, String> {
    let host = origin
        .host_str()
        .ok_or_else(|| format!("--passkey-origin {origin}: no host"))?;
    WebauthnBuilder::new(host, origin)
        .map(|b| b.rp_name("Koma").allow_any_port(true))
        .and_then(WebauthnBuilder::build)
        .map_err(|e| format!("--passkey-origin {origin}: {e}"))
}

/// The WebAuthn user handle of an account: 16 bytes of its id's SHA-256 (stable, and not the
/// id itself).
fn user_handle(account_id: &str) -> Uuid {
    let digest = sha2::Sha256::digest(account_id.as_bytes());
    let mut bytes = [0u8; 16];
    bytes.copy_from_slice(&digest[..16]);
    Uuid::from_bytes(bytes)
}

/// A begun ceremony: its id and the options for the browser.
#[derive(Serialize)]
struct Begun<T> {
    ceremony: String,
    options: T,
}

/// The second request of a ceremony.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Finish<T> {
    ceremony: String,
    credential: T,
}

/// `POST /api/session/passkey/begin`'s body.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Named {
    name: String,
}

fn webauthn(app: &App) -> Result<&Webauthn, Box<Response>> {
    app.passkeys
        .as_ref()
        .ok_or_else(|| Box::new(error(StatusCode::NOT_FOUND, "this server has no passkeys")))
}

async fn me(app: &App, headers: &HeaderMap) -> Result<AccountRow, Box<Response>> {
    match signed_in(app, headers).await {
        Ok(Some(a)) => Ok(a),
        Ok(None) => Err(Box::new(error(StatusCode::UNAUTHORIZED, "not signed in"))),
        Err(e) => Err(Box::new(db_error(e))),
    }
}

/// The passkeys kept as JSON, read back (one the server cannot read is skipped, and logged).
fn read(rows: &[crate::db::PasskeyRow]) -> Vec<(String, Passkey)> {
    rows.iter()
        .filter_map(|r| match serde_json::from_str::<Passkey>(&r.passkey) {
            Ok(p) => Some((r.id.clone(), p)),
            Err(e) => {
                tracing::error!(error = %e, "a stored passkey does not read");
                None
            }
        })
        .collect()
}

/// Keep a ceremony's state; its id.
async fn keep(
    app: &App,
    account_id: &str,
    kind: &str,
    state: String,
) -> Result<String, Box<Response>> {
    let id =
        token::new_id().map_err(|_| bad(StatusCode::INTERNAL_SERVER_ERROR, "no random bits"))?;
    let now = crate::hub::now_ms();
    app.hub
        .db()
        .begin_ceremony(&id, account_id, kind, &state, now, now - CEREMONY_MS)
        .await
        .map_err(|e| Box::new(db_error(e)))?;
    Ok(id)
}

/// Take a ceremony's account and state (once).
async fn taken(app: &App, id: &str, kind: &str) -> Result<(String, String), Box<Response>> {
    let since = crate::hub::now_ms() - CEREMONY_MS;
    match app.hub.db().take_ceremony(id, kind, since).await {
        Ok(Some(x)) => Ok(x),
        Ok(None) => Err(bad(
            StatusCode::BAD_REQUEST,
            "ceremony: unknown, used or too old: begin again",
        )),
        Err(e) => Err(Box::new(db_error(e))),
    }
}

/// `POST /api/me/passkeys/begin`: the options to create a passkey for the signed-in account
/// (its passkeys excluded, so an authenticator makes no second one).
pub async fn register_begin(State(app): State<Arc<App>>, headers: HeaderMap) -> Response {
    let result = async {
        let w = webauthn(&app)?;
        let account = me(&app, &headers).await?;
        let rows = app
            .hub
            .db()
            .passkeys(&account.id)
            .await
            .map_err(|e| Box::new(db_error(e)))?;
        let exclude = read(&rows)
            .iter()
            .map(|(_, p)| p.cred_id().clone())
            .collect::<Vec<_>>();
        let (options, state) = w
            .start_passkey_registration(
                user_handle(&account.id),
                &account.name,
                &account.name,
                Some(exclude),
            )
            .map_err(|e| bad(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
        let state = serde_json::to_string(&state)
            .map_err(|e| bad(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
        let ceremony = keep(&app, &account.id, REGISTER, state).await?;
        Ok::<_, Box<Response>>(Json(Begun { ceremony, options }).into_response())
    };
    result.await.unwrap_or_else(|r| *r)
}

/// `POST /api/me/passkeys` `{"ceremony", "credential"}`: the new passkey kept (201 `{"id"}`).
pub async fn register(State(app): State<Arc<App>>, headers: HeaderMap, bytes: Bytes) -> Response {
    let result = async {
        let w = webauthn(&app)?;
        let account = me(&app, &headers).await?;
        let f: Finish<RegisterPublicKeyCredential> = body(&bytes).map_err(Box::new)?;
        let (owner, state) = taken(&app, &f.ceremony, REGISTER).await?;
        if owner != account.id {
            return Err(bad(StatusCode::BAD_REQUEST, "ceremony: not this account's"));
        }
        let state: PasskeyRegistration = serde_json::from_str(&state)
            .map_err(|e| bad(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
        let passkey = w
            .finish_passkey_registration(&f.credential, &state)
            .map_err(|e| bad(StatusCode::BAD_REQUEST, format!("credential: {e}")))?;
        let id = f.credential.id.clone();
        let json = serde_json::to_string(&passkey)
            .map_err(|e| bad(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
        let added = app
            .hub
            .db()
            .add_passkey(&account.id, &id, &json, crate::hub::now_ms())
            .await
            .map_err(|e| Box::new(db_error(e)))?;
        if !added {
            return Err(bad(StatusCode::CONFLICT, "credential: registered already"));
        }
        tracing::info!(account = %account.id, "passkey registered");
        Ok((StatusCode::CREATED, Json(serde_json::json!({ "id": id }))).into_response())
    };
    result.await.unwrap_or_else(|r| *r)
}

/// `GET /api/me/passkeys`: `{"passkeys": [{"id", "created_ms", "used_ms"}]}`.
pub async fn list(State(app): State<Arc<App>>, headers: HeaderMap) -> Response {
    let result = async {
        let account = me(&app, &headers).await?;
        let rows = app
            .hub
            .db()
            .passkeys(&account.id)
            .await
            .map_err(|e| Box::new(db_error(e)))?;
        let keys: Vec<serde_json::Value> = rows
            .iter()
            .map(|r| serde_json::json!({ "id": r.id, "created_ms": r.created_ms, "used_ms": r.used_ms }))
            .collect();
        Ok::<_, Box<Response>>(Json(serde_json::json!({ "passkeys": keys })).into_response())
    };
    result.await.unwrap_or_else(|r| *r)
}

/// `DELETE /api/me/passkeys/<id>`: 204, or 404 for no such passkey of the account.
pub async fn remove(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    let result = async {
        let account = me(&app, &headers).await?;
        match app.hub.db().delete_passkey(&account.id, &id).await {
            Ok(true) => Ok(StatusCode::NO_CONTENT.into_response()),
            Ok(false) => Err(bad(StatusCode::NOT_FOUND, "no such passkey")),
            Err(e) => Err(Box::new(db_error(e))),
        }
    };
    result.await.unwrap_or_else(|r| *r)
}

/// A refusal, boxed (the handlers' error side).
fn bad(status: StatusCode, words: impl Into<String>) -> Box<Response> {
    Box::new(error(status, words.into()))
}

/// The answer for an unknown name and for a name without passkeys alike.
fn no_passkey() -> Response {
    error(StatusCode::UNAUTHORIZED, "no passkey for this name")
}

/// `POST /api/session/passkey/begin` `{"name"}`: the options to sign in with one of the
/// name's passkeys.
pub async fn sign_in_begin(
    State(app): State<Arc<App>>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    bytes: Bytes,
) -> Response {
    let result = async {
        let w = webauthn(&app)?;
        let n: Named = body(&bytes).map_err(Box::new)?;
        let key = n.name.to_ascii_lowercase();
        if !app.sign_in.attempt(&key, addr.ip()) {
            return Err(bad(
                StatusCode::TOO_MANY_REQUESTS,
                "too many sign-in attempts: wait a minute",
            ));
        }
        let Some(account) = app
            .hub
            .db()
            .account_named(&key)
            .await
            .map_err(|e| Box::new(db_error(e)))?
        else {
            return Err(Box::new(no_passkey()));
        };
        let rows = app
            .hub
            .db()
            .passkeys(&account.id)
            .await
            .map_err(|e| Box::new(db_error(e)))?;
        let keys: Vec<Passkey> = read(&rows).into_iter().map(|(_, p)| p).collect();
        if keys.is_empty() {
            return Err(Box::new(no_passkey()));
        }
        let (options, state) = w
            .start_passkey_authentication(&keys)
            .map_err(|e| bad(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
        let state = serde_json::to_string(&state)
            .map_err(|e| bad(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
        let ceremony = keep(&app, &account.id, SIGN_IN, state).await?;
        Ok(Json(Begun { ceremony, options }).into_response())
    };
    result.await.unwrap_or_else(|r| *r)
}

/// `POST /api/session/passkey` `{"ceremony", "credential"}`: signed in (200 `{"name"}` and the
/// session cookie, as with a password); 401 for a credential that does not verify.
pub async fn sign_in(State(app): State<Arc<App>>, headers: HeaderMap, bytes: Bytes) -> Response {
    let result = async {
        let w = webauthn(&app)?;
        let f: Finish<PublicKeyCredential> = body(&bytes).map_err(Box::new)?;
        let (account_id, state) = taken(&app, &f.ceremony, SIGN_IN).await?;
        let state: PasskeyAuthentication = serde_json::from_str(&state)
            .map_err(|e| bad(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
        let done = w
            .finish_passkey_authentication(&f.credential, &state)
            .map_err(|e| {
                tracing::info!(error = %e, "a passkey sign-in did not verify");
                error(StatusCode::UNAUTHORIZED, "the passkey did not verify")
            })?;
        let rows = app
            .hub
            .db()
            .passkeys(&account_id)
            .await
            .map_err(|e| Box::new(db_error(e)))?;
        let Some((id, mut passkey)) = read(&rows)
            .into_iter()
            .find(|(_, p)| p.cred_id() == done.cred_id())
        else {
            return Err(bad(StatusCode::UNAUTHORIZED, "the passkey did not verify"));
        };
        // the authenticator's counter and backup state, kept for the next sign-in
        passkey.update_credential(&done);
        let json = serde_json::to_string(&passkey)
            .map_err(|e| bad(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
        app.hub
            .db()
            .used_passkey(&id, &json, crate::hub::now_ms())
            .await
            .map_err(|e| Box::new(db_error(e)))?;
        let Some(account) = app
            .hub
            .db()
            .account(&account_id)
            .await
            .map_err(|e| Box::new(db_error(e)))?
        else {
            return Err(Box::new(no_passkey()));
        };
        Ok(start_session(&app, &account.id, &headers, StatusCode::OK, &account.name).await)
    };
    result.await.unwrap_or_else(|r| *r)
}
