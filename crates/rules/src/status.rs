//! What a game in progress shows a person: whose turn it is and what that player must do, who
//! is in check and whose royal to mark, how the Three Kingdoms turn jumps and returns, the
//! chu handicap's setup steps, 66 shogi's placement, and which end-of-game claims (impasse,
//! the entering-king declaration) the game offers. The interface words this; it decides none
//! of it.

use crate::game::Game;
use crate::geometry::Cell;
use crate::outcome::Outcome;
use crate::piece::Player;
use crate::position::Position;

/// What is left of a chu handicap's setup steps.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SetupStep {
    /// Holes of removed pieces to fill with small pieces.
    FillHoles(usize),
    /// The giver may rearrange its camp, then says it is done.
    Rearrange,
    /// Pre-moves left.
    PreMoves(u8),
}

/// A game's status, as the player to move needs to know it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Status {
    /// Whose turn it is.
    pub turn: Player,
    /// How the game ended, if it did.
    pub outcome: Option<Outcome>,
    /// The side to move is in check (square boards; chu shogi's royals may stay attacked, so it
    /// reports none).
    pub check: bool,
    /// The king or general to mark as in check.
    pub marked_royal: Option<Cell>,
    /// Three Kingdoms: the players whose generals are attacked, in seat order.
    pub checked: Vec<Player>,
    /// Three Kingdoms: more than one general is attacked and the side to move is one of them
    /// (it moves first, being next round the table).
    pub double_check: bool,
    /// Three Kingdoms: the player the turn returns to after the checked player has moved.
    pub returns_to: Option<Player>,
    /// Three Kingdoms (three players): generals standing on the centre, which win when their
    /// owner's turn comes again.
    pub on_centre: Vec<Player>,
    /// Chu handicaps: the setup step the giver is at.
    pub setup: Option<SetupStep>,
    /// 66 shogi: the players are still placing their pieces.
    pub placing: bool,
    /// The game offers impasse by agreement (持将棋) and shows its points.
    pub impasse: bool,
    /// The game offers the entering-king declaration (入玉宣言).
    pub declaration: bool,
}

impl Status {
    /// The status of `pos`, a position of `game` (the current one, or one looked back at).
    pub fn of(game: &Game, pos: &Position) -> Status {
        let v = pos.variant();
        let turn = pos.turn();
        let rules = crate::games::rules(pos.game());
        let hex = rules.capabilities().check_jumps_the_turn;
        let checked: Vec<Player> = if hex {
            (0..v.players())
                .map(Player)
                .filter(|&p| pos.king(p).is_some() && pos.is_attacked(p))
                .collect()
        } else {
            Vec::new()
        };
        let check = rules.capabilities().shows_check && pos.in_check();
        let marked_royal = if hex {
            checked.contains(&turn).then(|| pos.king(turn)).flatten()
        } else if check {
            pos.king(turn)
        } else {
            None
        };
        let three = crate::games::Description::of(v.id).three_players();
        Status {
            turn,
            outcome: game.outcome(),
            check,
            marked_royal,
            double_check: three && checked.len() > 1 && checked.contains(&turn),
            returns_to: if checked.contains(&turn) {
                pos.remembered_checker()
            } else {
                None
            },
            on_centre: if hex && three {
                (0..v.players())
                    .map(Player)
                    .filter(|&p| {
                        p != turn && pos.king(p).is_some_and(|k| v.geometry.is_hex_centre(k))
                    })
                    .collect()
            } else {
                Vec::new()
            },
            checked,
            setup: pos.setup_steps().map(|s| {
                let holes = s.open_holes().count();
                if holes > 0 {
                    SetupStep::FillHoles(holes)
                } else if s.rearrange {
                    SetupStep::Rearrange
                } else {
                    SetupStep::PreMoves(s.premoves)
                }
            }),
            placing: pos.is_placing(),
            impasse: game.has_impasse(),
            declaration: game.has_declaration(),
        }
    }
}
