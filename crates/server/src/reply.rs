//! Answers shared by the API's handlers: an error in the API's shape, and a JSON body read with
//! a 400 that names the field that is wrong.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use koma_wire::ApiError;
use serde::de::DeserializeOwned;

/// An error answer.
pub fn error(status: StatusCode, message: impl Into<String>) -> Response {
    (
        status,
        Json(ApiError {
            error: message.into(),
        }),
    )
        .into_response()
}

/// A JSON body, or a 400 naming the field that is wrong.
///
/// # Errors
/// The 400 answer.
#[allow(clippy::result_large_err)]
pub fn body<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, Response> {
    let de = &mut serde_json::Deserializer::from_slice(bytes);
    serde_path_to_error::deserialize(de).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner();
        let message = if path == "." {
            inner.to_string()
        } else {
            format!("{path}: {inner}")
        };
        error(StatusCode::BAD_REQUEST, message)
    })
}
