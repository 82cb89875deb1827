//! The names people read: games and seats, in Japanese and English.
//!
//! The interface and the messages of the rules crate name games and players with these, so a
//! seat is called the same everywhere (`sente`/`先手` on the square boards, `A`/`B`/`C` round the
//! hexagon).

use crate::piece::Player;
use crate::variant::{GameId, Variant};

/// A language for names.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    /// Japanese (the default).
    #[default]
    Ja,
    /// English.
    En,
}

impl Lang {
    /// The Japanese or the English text.
    pub fn pick(self, ja: &'static str, en: &'static str) -> &'static str {
        match self {
            Lang::Ja => ja,
            Lang::En => en,
        }
    }
}

/// The seat of `player` in `game`: sente/gote (先手/後手), or A/B/C on the hexagon.
pub fn seat(game: GameId, player: Player, lang: Lang) -> &'static str {
    if Variant::get(game).three_kingdoms {
        return crate::sangoku::SEATS[player.index() % 3];
    }
    match player.0 {
        0 => lang.pick("先手", "sente"),
        _ => lang.pick("後手", "gote"),
    }
}
