//! The names people read: games and seats, in Japanese and English.
//!
//! The interface and the messages of the rules crate name games and players with these, so a
//! seat is called the same everywhere (`sente`/`先手` on the square boards, `A`/`B`/`C` round the
//! hexagon). The names themselves are data of each game ([`Variant::names`]).

use crate::piece::Player;
use crate::variant::{GameId, Variant};

/// A language for names.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    /// English (the default).
    #[default]
    En,
    /// 日本語.
    Ja,
}

impl Lang {
    /// The other language.
    pub fn other(self) -> Lang {
        match self {
            Lang::En => Lang::Ja,
            Lang::Ja => Lang::En,
        }
    }

    /// The Japanese or the English text.
    pub fn pick(self, ja: &'static str, en: &'static str) -> &'static str {
        match self {
            Lang::Ja => ja,
            Lang::En => en,
        }
    }
}

/// The name of `game` in Japanese and English, as the game list shows it ("本将棋 Shogi").
pub fn game(game: GameId) -> &'static str {
    Variant::get(game).names.game
}

/// The name of `game` in one language: "本将棋" or "Shogi".
pub fn game_in(game: GameId, lang: Lang) -> &'static str {
    let both = Variant::get(game).names.game;
    let (ja, en) = both.split_once(' ').unwrap_or((both, both));
    lang.pick(ja, en)
}

/// `game` in one line, in `lang` (the start screen's cards).
pub fn about(game: GameId, lang: Lang) -> &'static str {
    let (ja, en) = Variant::get(game).names.about;
    lang.pick(ja, en)
}

/// Whether `game`'s pieces are named with two characters by default (chu shogi's).
pub fn two_character_pieces(game: GameId) -> bool {
    Variant::get(game).names.two_char
}

/// The seat of `player` in `game` as the status line and clocks name it: ☗ sente and ☖ gote
/// (☗ 先手, ☖ 後手), or A, B, C round the hexagon.
pub fn seat_marked(game: GameId, player: Player, lang: Lang) -> String {
    let name = seat(game, player, lang);
    if !Variant::get(game).names.marks {
        return name.to_string();
    }
    let mark = if player.0 == 0 { '☗' } else { '☖' };
    format!("{mark} {name}")
}

/// Whose hand a tray is, for screen readers: "sente's hand", "A's hand" (先手の持駒).
pub fn hand_of(game: GameId, player: Player, lang: Lang) -> String {
    match lang {
        Lang::En => format!("{}'s hand", seat(game, player, lang)),
        Lang::Ja => format!("{}の持駒", seat(game, player, lang)),
    }
}

/// The seat of `player` in `game`: sente/gote (先手/後手), or A/B/C on the hexagon.
pub fn seat(game: GameId, player: Player, lang: Lang) -> &'static str {
    let (ja, en) = Variant::get(game).names.seats[player.index() % 3];
    lang.pick(ja, en)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_has_a_name_in_each_language() {
        for g in GameId::ALL {
            let (ja, en) = (game_in(g, Lang::Ja), game_in(g, Lang::En));
            assert!(!ja.is_empty() && !ja.is_ascii(), "{g}: {ja:?}");
            assert!(!en.is_empty() && en.is_ascii(), "{g}: {en:?}");
            assert_eq!(format!("{ja} {en}"), game(g));
        }
    }
}
