//! Records in and out of the browser: SFEN of the position, the USI move list, KIF (boards up
//! to 9x9). Import reads any of them (KIF from Shift_JIS or UTF-8 bytes); a malformed record
//! gets a message naming what is wrong and the game in progress is not touched.

use koma_rules::record::Record;
use koma_rules::{Game, GameId, Move, Position, kif, notation};

/// The export formats.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Format {
    /// The current position.
    Sfen,
    /// `position sfen <start> moves ...`.
    Usi,
    /// A KIF game record.
    Kif,
}

/// Whether the game has KIF records here (the square boards up to 9x9).
pub fn has_kif(game: GameId) -> bool {
    matches!(game, GameId::Shogi | GameId::Minishogi | GameId::Shogi66)
}

/// The game as text in `format`.
pub fn export(game: &Game, format: Format) -> String {
    let v = game.position().variant();
    match format {
        Format::Sfen => notation::write_position(game.position()),
        Format::Usi => {
            let moves: Vec<String> = game
                .moves()
                .into_iter()
                .map(|m| notation::write_move(v, m))
                .collect();
            let mut s = format!("position sfen {}", notation::write_position(game.start()));
            if !moves.is_empty() {
                s += " moves ";
                s += &moves.join(" ");
            }
            s
        }
        Format::Kif => {
            let mut r = Record::new(game.start().clone(), game.moves());
            r.ending = game.outcome().and_then(|o| match o.reason {
                koma_rules::game::Reason::Resignation => Some(koma_rules::record::Ending::Resign),
                koma_rules::game::Reason::Checkmate => Some(koma_rules::record::Ending::Checkmate),
                koma_rules::game::Reason::Time => Some(koma_rules::record::Ending::Time),
                _ => None,
            });
            kif::write_kif(&r)
        }
    }
}

/// Read a record or a position of `game` from bytes: KIF, a USI move list, or a position.
///
/// # Errors
/// A message naming what is wrong.
pub fn import(game: GameId, bytes: &[u8]) -> Result<(Position, Vec<Move>), String> {
    let text = kif::decode(bytes).map_err(|e| e.to_string())?;
    let t = text.trim();
    if t.is_empty() {
        return Err("the record is empty".into());
    }
    let looks_kif = t.contains("手数")
        || t.contains("手合割")
        || t.lines()
            .any(|l| l.starts_with('|') || l.contains("の持駒"));
    if looks_kif {
        if !has_kif(game) {
            return Err(format!("{game} records are SFEN and USI here, not KIF"));
        }
        let r = kif::read_kif_of(game, bytes).map_err(|e| format!("KIF: {e}"))?;
        return Ok((r.start, r.moves));
    }
    let t = t.strip_prefix("position").unwrap_or(t).trim();
    let (start_text, moves_text) = match t.split_once("moves") {
        Some((a, b)) => (a.trim(), b.trim()),
        None => (t, ""),
    };
    let start = if start_text == "startpos" || start_text.is_empty() {
        Position::start(game)
    } else {
        let s = start_text.strip_prefix("sfen").unwrap_or(start_text).trim();
        notation::read_position(game, s).map_err(|e| format!("position: {e}"))?
    };
    let mut pos = start.clone();
    let v = pos.variant();
    let mut moves = Vec::new();
    for (i, tok) in moves_text.split_whitespace().enumerate() {
        let m = notation::read_move(v, tok).map_err(|e| format!("move {}: {e}", i + 1))?;
        pos.play(m)
            .map_err(|e| format!("move {} ({tok}) is illegal: {e}", i + 1))?;
        moves.push(m);
    }
    Ok((start, moves))
}
