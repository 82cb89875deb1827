//! `GET /api/players/<name>/export`: every finished game of a player's account in one ZIP
//! archive (`koma-<name>-games.zip`), a file a game and format, named by the end's date and the
//! game's id: KIF where the game has KIF records (the square boards), CSA too for standard
//! shogi, and for the hexagon the project's own text (`position` then `moves`, the hex
//! notation). Each record names the players (`先手`/`後手`), the end (`終了日時`) and the
//! result.

use std::io::Write;
use std::sync::Arc;

use axum::body::Body;
use axum::extract::{Path, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use koma_rules::record::{Ending, Record, has_kif};
use koma_rules::{csa, kif, notation};

use crate::App;
use crate::accounts::{db_error, named};
use crate::db::Stored;
use crate::referee::Referee;
use crate::reply::error;

/// The most games an archive holds (newest first).
const MOST: i64 = 5_000;

/// An end time as `YYYY-MM-DD HH:MM:SS` (UTC) and as `YYYYMMDD`.
fn when(ms: i64) -> (String, String) {
    let days = ms.div_euclid(86_400_000);
    let secs = ms.rem_euclid(86_400_000) / 1000;
    // days since 1970-01-01 to a civil date (Howard Hinnant's algorithm)
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    (
        format!(
            "{y:04}/{m:02}/{d:02} {:02}:{:02}:{:02}",
            secs / 3600,
            secs / 60 % 60,
            secs % 60
        ),
        format!("{y:04}{m:02}{d:02}"),
    )
}

/// One game's files: (name, text).
fn files(stored: Stored, ended_ms: i64) -> Vec<(String, String)> {
    let names: Vec<String> = stored.seats.iter().map(|s| s.name.clone()).collect();
    let id = stored.game.id.clone();
    let Ok(table) = Referee::from_stored(stored) else {
        return Vec::new();
    };
    let game = table.game();
    let gid = game.position().game();
    let (at, day) = when(ended_ms);
    let base = format!("{day}-{id}");
    if has_kif(gid) {
        let mut r = Record::new(game.start().clone(), game.moves().to_vec());
        r.headers.push(("終了日時".into(), at));
        for (i, key) in ["先手", "後手"].iter().enumerate() {
            if let Some(n) = names.get(i).filter(|n| !n.is_empty()) {
                r.headers.push(((*key).into(), n.clone()));
            }
        }
        r.ending = table.outcome().and_then(|o| Ending::of(o.reason));
        let mut out = vec![(format!("{base}.kif"), kif::write_kif(&r))];
        if csa::has_csa(gid) {
            out.push((format!("{base}.csa"), csa::write_csa(&r)));
        }
        return out;
    }
    let v = game.position().variant();
    let moves: Vec<String> = game
        .moves()
        .iter()
        .map(|&m| notation::write_move(v, m))
        .collect();
    let result = table
        .outcome()
        .map(|o| {
            let winner = o
                .winner
                .and_then(|w| names.get(usize::from(w)).cloned())
                .unwrap_or_default();
            format!("result {} {winner}\n", o.reason.id())
        })
        .unwrap_or_default();
    let text = format!(
        "game {}\nplayers {}\nended {at}\nposition {}\nmoves {}\n{result}",
        gid.as_str(),
        names.join(", "),
        notation::write_position(game.start()),
        moves.join(" "),
    );
    vec![(format!("{base}.txt"), text)]
}

/// `GET /api/players/<name>/export` (404 for no such player).
pub async fn archive(State(app): State<Arc<App>>, Path(name): Path<String>) -> Response {
    let account = match named(&app, &name).await {
        Ok(a) => a,
        Err(r) => return *r,
    };
    let rows = match app.hub.db().finished_of(&account.id, None, 0, MOST).await {
        Ok(r) => r,
        Err(e) => return db_error(e),
    };
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    for (stored, ended_ms) in rows.into_iter().take(MOST as usize) {
        for (file, text) in files(stored, ended_ms) {
            if zip.start_file(file, options).is_err() || zip.write_all(text.as_bytes()).is_err() {
                return error(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "the archive could not be made",
                );
            }
        }
    }
    let Ok(bytes) = zip.finish().map(std::io::Cursor::into_inner) else {
        return error(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the archive could not be made",
        );
    };
    let disposition = format!("attachment; filename=\"koma-{}-games.zip\"", account.name);
    (
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/zip"),
            ),
            (
                header::CONTENT_DISPOSITION,
                HeaderValue::from_str(&disposition)
                    .unwrap_or_else(|_| HeaderValue::from_static("attachment")),
            ),
        ],
        Body::from(bytes),
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    #[test]
    fn times_read_as_civil_dates() {
        assert_eq!(super::when(0).0, "1970/01/01 00:00:00");
        // 2026-12-07 09:30:15 UTC
        assert_eq!(
            super::when(1_796_635_815_000),
            ("2026/12/07 09:30:15".into(), "20261207".into())
        );
        assert_eq!(super::when(951_782_400_000).1, "20000229");
    }
}
