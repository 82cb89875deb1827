//! Records out of the browser: SFEN of the position, the USI move list, KIF (boards up to 9x9).
//! Reading them back is the rules crate's [`koma_rules::loading::load`]: a malformed record gets
//! a message naming what is wrong and the game in progress is not touched.

use koma_rules::record::Record;
use koma_rules::{Game, kif, notation};

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
