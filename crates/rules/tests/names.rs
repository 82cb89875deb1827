//! The names people read: games, seats and hands in both languages.

use koma_rules::names::{Lang, game, hand_of, seat, seat_marked, two_character_pieces};
use koma_rules::{GameId, Player};

#[test]
fn seats_by_game_and_language() {
    assert_eq!(seat(GameId::Shogi, Player(0), Lang::Ja), "先手");
    assert_eq!(seat(GameId::Minishogi, Player(1), Lang::En), "gote");
    assert_eq!(seat(GameId::Sangoku, Player(2), Lang::Ja), "C");
    assert_eq!(seat(GameId::Sangoku2, Player(1), Lang::En), "B");
    assert_eq!(seat_marked(GameId::Chushogi, Player(1), Lang::Ja), "☖ 後手");
    assert_eq!(seat_marked(GameId::Shogi, Player(0), Lang::En), "☗ sente");
    assert_eq!(seat_marked(GameId::Sangoku, Player(0), Lang::En), "A");
    assert_eq!(hand_of(GameId::Shogi, Player(0), Lang::En), "sente's hand");
    assert_eq!(hand_of(GameId::Sangoku, Player(1), Lang::Ja), "Bの持駒");
    assert_eq!(Lang::En.other(), Lang::Ja);
}

#[test]
fn every_game_has_its_name_and_piece_names() {
    assert_eq!(game(GameId::Chushogi), "中将棋 Chu shogi");
    assert_eq!(
        game(GameId::Sangoku2),
        "三国志将棋 Three Kingdoms (2 players)"
    );
    for g in GameId::ALL {
        assert!(!game(g).is_empty());
        assert_eq!(two_character_pieces(g), g == GameId::Chushogi, "{g}");
    }
}
