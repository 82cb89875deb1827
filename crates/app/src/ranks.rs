//! Shogi ratings as kyu and dan ranks, for the players who ask to see them: the choice is kept
//! with this browser's settings, the table is `koma-wire`'s
//! ([`koma_wire::ShogiRank`]), and only standard shogi's ratings get a rank.

use crate::i18n::Lang;

/// Whether this browser's player asked to see shogi ratings as kyu and dan (a setting).
pub fn shown() -> bool {
    crate::storage::settings().ranks
}

/// Keep the choice with the settings.
pub fn show(on: bool) {
    crate::storage::update_settings(|s| s.ranks = on);
}

/// A rating's kyu or dan rank in words, for a game id whose ratings have ranks, where the
/// player asked (`ranks`).
pub fn words(lang: Lang, game: &str, rating: i64, ranks: bool) -> Option<String> {
    (ranks && game == koma_wire::ShogiRank::GAME).then(|| {
        let r = koma_wire::ShogiRank::of(rating);
        match lang {
            Lang::Ja => r.ja(),
            Lang::En => r.en(),
        }
    })
}
