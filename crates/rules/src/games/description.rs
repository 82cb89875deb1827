//! What each game is, in one value ([`Description`]): how many play, the board's shape, how
//! its positions and moves are written, whether captured pieces go to hand, and what its rules
//! can do beyond the moves ([`Capabilities`]: a placement phase, the handicap giver's setup
//! steps, lion moves, impasse, the declaration, checks that jump the turn, ...). The interface,
//! the notations, the engine and the command line ask it instead of testing the board's shape or
//! counting players to guess which game they have.
//!
//! The shape, the players and the hands are the game's tables' ([`crate::variant::Variant`]);
//! the capabilities are its rules object's ([`crate::games::GameRules::capabilities`], defined
//! beside the trait), one constant in each game's file.

use super::Capabilities;
use crate::geometry::Shape;
use crate::variant::{GameId, Variant};

/// A game described.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Description {
    /// Which game.
    pub game: GameId,
    /// How many play (two or three).
    pub players: u8,
    /// The board's shape.
    pub board: Shape,
    /// Whether captured pieces go to hand and may be dropped.
    pub hands: bool,
    /// What its rules can do.
    pub can: Capabilities,
}

impl Description {
    /// The description of `game`.
    pub fn of(game: GameId) -> Description {
        let v = Variant::get(game);
        Description {
            game,
            players: v.players(),
            board: v.geometry.shape(),
            hands: v.drops,
            can: super::rules(game).capabilities(),
        }
    }

    /// Whether the board is the hexagon (drawn and seated round it).
    pub fn hexagon(&self) -> bool {
        matches!(self.board, Shape::Hex { .. })
    }

    /// Whether a third player sits at the board.
    pub fn three_players(&self) -> bool {
        self.players > 2
    }
}

/// A position the benchmarks measure, with its published perft counts ([`crate::bench`]).
#[derive(Copy, Clone, Debug)]
pub struct BenchCase {
    /// Short name.
    pub name: &'static str,
    /// The game.
    pub game: GameId,
    /// The position.
    pub sfen: &'static str,
    /// Depth of the full run and its leaf count.
    pub depth: u32,
    /// Leaf count at `depth`.
    pub nodes: u64,
    /// Depth of the quick run and its leaf count.
    pub quick_depth: u32,
    /// Leaf count at `quick_depth`.
    pub quick_nodes: u64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Notation;

    #[test]
    fn each_game_is_described_as_its_rules_text_says() {
        let d = Description::of;
        // the hexagon writes its own notation, has no KIF, and its checks jump the turn
        for g in [GameId::Sangoku, GameId::Sangoku2] {
            let x = d(g);
            assert!(
                x.hexagon() && x.can.notation == Notation::Hex && !x.can.kif,
                "{g}"
            );
            assert!(
                x.can.check_jumps_the_turn && x.can.refuses_fourfold_repetition,
                "{g}"
            );
        }
        assert!(d(GameId::Sangoku).three_players() && !d(GameId::Sangoku2).three_players());
        // shogi has impasse and the declaration, 66 shogi impasse and the placement
        assert!(d(GameId::Shogi).can.impasse && d(GameId::Shogi).can.declaration);
        assert!(d(GameId::Shogi66).can.impasse && d(GameId::Shogi66).can.placement);
        assert!(!d(GameId::Minishogi).can.impasse);
        // chu: lions, setup steps, no hands, no KIF, counts that handicaps change
        let chu = d(GameId::Chushogi);
        assert!(chu.can.lion_moves && chu.can.setup_steps && !chu.hands && !chu.can.kif);
        assert!(!chu.can.fixed_counts && !chu.can.shows_check && chu.can.presets);
        for g in GameId::ALL {
            let x = d(g);
            assert_eq!(x.hexagon(), x.can.notation == Notation::Hex, "{g}");
            assert_eq!(
                x.can.setup_steps, x.can.lion_moves,
                "{g}: chu alone has both"
            );
            assert_eq!(
                x.can.presets, x.can.lion_moves,
                "{g}: chu alone has presets"
            );
        }
    }

    #[test]
    fn every_named_start_has_its_names_in_both_languages() {
        for g in GameId::ALL {
            let starts = super::super::rules(g).setups();
            assert_eq!(starts[0].id, "even", "{g}");
            for s in starts {
                assert!(
                    !s.name.is_empty() && s.name.chars().all(|c| !c.is_ascii()),
                    "{g} {}",
                    s.id
                );
                assert!(
                    !s.english.is_empty() && s.english.is_ascii(),
                    "{g} {}",
                    s.id
                );
            }
        }
    }
}
