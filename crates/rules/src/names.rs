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
    match game {
        GameId::Shogi => "本将棋 Shogi",
        GameId::Minishogi => "5五将棋 Minishogi",
        GameId::Shogi66 => "66将棋 6x6 shogi",
        GameId::Chushogi => "中将棋 Chu shogi",
        GameId::Sangoku => "三国志三人将棋 Three Kingdoms (3 players)",
        GameId::Sangoku2 => "三国志将棋 Three Kingdoms (2 players)",
    }
}

/// Whether `game`'s pieces are named with two characters by default (chu shogi's many kinds
/// are told apart by their full names: 獅子, 奔王; the others by one: 玉, 飛).
pub fn two_character_pieces(game: GameId) -> bool {
    Variant::get(game).chu
}

/// The seat of `player` in `game` as the status line and clocks name it: ☗ sente and ☖ gote
/// (☗ 先手, ☖ 後手), or A, B, C round the hexagon.
pub fn seat_marked(game: GameId, player: Player, lang: Lang) -> String {
    if Variant::get(game).three_kingdoms {
        return seat(game, player, lang).to_string();
    }
    let mark = if player.0 == 0 { '☗' } else { '☖' };
    format!("{mark} {}", seat(game, player, lang))
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
    if Variant::get(game).three_kingdoms {
        return crate::sangoku::SEATS[player.index() % 3];
    }
    match player.0 {
        0 => lang.pick("先手", "sente"),
        _ => lang.pick("後手", "gote"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_by_game_and_language() {
        assert_eq!(seat(GameId::Shogi, Player(0), Lang::Ja), "先手");
        assert_eq!(seat(GameId::Minishogi, Player(1), Lang::En), "gote");
        assert_eq!(seat(GameId::Sangoku, Player(2), Lang::Ja), "C");
        assert_eq!(seat(GameId::Sangoku2, Player(1), Lang::En), "B");
        assert_eq!(seat_marked(GameId::Chushogi, Player(1), Lang::Ja), "☖ 後手");
        assert_eq!(seat_marked(GameId::Sangoku, Player(0), Lang::En), "A");
        assert_eq!(hand_of(GameId::Shogi, Player(0), Lang::En), "sente's hand");
        assert_eq!(hand_of(GameId::Sangoku, Player(1), Lang::Ja), "Bの持駒");
        assert_eq!(Lang::En.other(), Lang::Ja);
        assert_eq!(game(GameId::Chushogi), "中将棋 Chu shogi");
        assert!(two_character_pieces(GameId::Chushogi) && !two_character_pieces(GameId::Shogi));
    }
}
