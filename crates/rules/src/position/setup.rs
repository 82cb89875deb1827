//! An unchecked position, as a notation reader, a handicap or a test writes it down, and its
//! validation into a [`Position`].
//!
//! A [`Position`] is only ever made by playing moves from a start or by validating a [`Setup`]:
//! it has no public setters, so every position a reader returns has passed the same checks,
//! whatever the notation (SFEN, KIF, CSA, the hex notation):
//! - every piece is one of the game's, owned by a player who sits at the board, and none stands
//!   where it could never move (行き所のない駒);
//! - a player has at most one king (the unpromoted royal; chu's crown prince is a second royal),
//!   and the game may ask more ([`crate::games::GameRules::check_setup`]: the hexagon wants
//!   exactly one general a player);
//! - no more pieces of a kind, on the board and in hand, than the game's start has, where those
//!   counts are fixed ([`crate::games::Capabilities::fixed_counts`]);
//! - hands only in a game with drops, a king in hand only in 66 shogi's placement phase (which
//!   the game reads from the setup: [`crate::games::GameRules::starts_placing`]);
//! - the remembered checker and the lion-capture square only where the game has them.

use crate::geometry::Cell;
use crate::options::RuleOptions;
use crate::piece::{Kind, Piece, Player};
use crate::position::Position;
use crate::position::rules::GameRules;
use crate::variant::chu::ChuSetup;
use crate::variant::{GameId, HAND_KINDS, Variant};

/// An unchecked position of a game: board, hands, side to move and the game's own state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The game.
    pub game: GameId,
    /// The piece on each cell, in cell order ([`Piece::EMPTY`] for none).
    pub board: Vec<Piece>,
    /// How many of each kind each player holds.
    pub hands: [[u8; HAND_KINDS]; 3],
    /// The player to move.
    pub turn: Player,
    /// The move number (SFEN's; 1 for the first move).
    pub move_number: u32,
    /// Three Kingdoms shogi: the checker the turn returns to.
    pub checker: Option<Player>,
    /// Chu shogi: the square where a non-lion took a lion on the last move.
    pub lion_capture: Option<Cell>,
    /// Chu shogi: a handicap's setup steps still to come.
    pub setup_steps: Option<ChuSetup>,
    /// The rule options the position is judged by.
    pub options: RuleOptions,
}

/// A seat of a game as a setup fault names it: written as the game calls the seat (sente and
/// gote, or A, B and C), in English by `Display` and in either language by [`Side::name`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Side {
    /// The game.
    pub game: GameId,
    /// The seat.
    pub player: Player,
}

impl Side {
    /// `player`'s seat of `game`.
    pub fn new(game: GameId, player: Player) -> Side {
        Side { game, player }
    }

    /// The seat's name in `lang`.
    pub fn name(self, lang: crate::names::Lang) -> &'static str {
        crate::names::seat(self.game, self.player, lang)
    }
}

impl std::fmt::Display for Side {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name(crate::names::Lang::En))
    }
}

/// Why a setup is not a position of its game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// The board has the wrong number of cells.
    #[error("the board has {found} cells; {game} has {expected}")]
    BoardSize {
        /// The game.
        game: GameId,
        /// Cells given.
        found: usize,
        /// Cells of the game's board.
        expected: usize,
    },
    /// A player who does not sit at this game's board.
    #[error("player {player} does not play {game}")]
    NoSuchPlayer {
        /// The game.
        game: GameId,
        /// The player's index.
        player: u8,
    },
    /// A kind the game does not use.
    #[error("{name} is not a piece of {game}")]
    NotInGame {
        /// The game.
        game: GameId,
        /// The kind's name.
        name: &'static str,
        /// The kind's name in kanji.
        kanji: &'static str,
    },
    /// A side with more than one king.
    #[error("{side} has more than one king")]
    TwoKings {
        /// The side.
        side: Side,
    },
    /// A side without its one royal, or with more (the hexagon's generals).
    #[error("{side} must have exactly one {royal}")]
    Royals {
        /// The side.
        side: Side,
        /// The royal's name.
        royal: &'static str,
        /// The royal's name on the piece (将).
        kanji: &'static str,
    },
    /// A piece stands where it could never move.
    #[error("the piece on {square} can never move from there")]
    DeadPiece {
        /// The cell's name.
        square: String,
    },
    /// More pieces of a kind than the game has.
    #[error("{found} pieces of kind {letter} on the board and in hand; {game} has {max}")]
    TooMany {
        /// The game.
        game: GameId,
        /// The kind's letter.
        letter: char,
        /// How many the setup has.
        found: u32,
        /// How many the game has.
        max: u32,
    },
    /// A piece in hand in a game without drops.
    #[error("{game} has no hands")]
    NoHands {
        /// The game.
        game: GameId,
    },
    /// A king held in hand outside 66 shogi's placement phase.
    #[error("{side} holds a king in hand; a king is held only while placing")]
    RoyalInHand {
        /// The side.
        side: Side,
    },
    /// A remembered checker in a game without one, or one who is not a player.
    #[error("{game} remembers no checker {player}")]
    Checker {
        /// The game.
        game: GameId,
        /// The player's index.
        player: u8,
    },
    /// Two unpromoted pawns of one side on one file (二歩), where the game forbids it.
    #[error("{side} has two pawns on file {file}")]
    TwoPawns {
        /// The side.
        side: Side,
        /// The file (1 = sente's right).
        file: u8,
    },
    /// The side not to move is in check: the side to move could take its king.
    #[error("{side} is in check, and it is not {side}'s turn")]
    NotToMoveInCheck {
        /// The side in check.
        side: Side,
    },
    /// A lion-capture square in a game without lions, or off the board.
    #[error("{game} has no lion-capture square there")]
    LionCapture {
        /// The game.
        game: GameId,
    },
}

/// Why a setup is not a position of its game: every fault found, each once, and the setup
/// handed back, so that an editor can show them all and let the user go on editing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    setup: Box<Setup>,
    faults: Vec<SetupError>,
}

impl PositionError {
    /// Every fault, in the order of the checks (never empty).
    pub fn faults(&self) -> &[SetupError] {
        &self.faults
    }

    /// The setup, as it was given.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The setup back, to edit further.
    pub fn into_setup(self) -> Setup {
        *self.setup
    }
}

impl std::fmt::Display for PositionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, e) in self.faults.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for PositionError {}

impl Setup {
    /// An empty board of `game`, nothing in hand, the first player to move, move 1.
    pub fn empty(game: GameId) -> Setup {
        Setup {
            game,
            board: vec![Piece::EMPTY; Variant::get(game).geometry.len()],
            hands: [[0; HAND_KINDS]; 3],
            turn: Player::FIRST,
            move_number: 1,
            checker: None,
            lion_capture: None,
            setup_steps: None,
            options: RuleOptions::default(),
        }
    }

    /// What `pos` holds (its history forgotten).
    pub fn of(pos: &Position) -> Setup {
        let v = pos.variant();
        let mut hands = [[0; HAND_KINDS]; 3];
        for (p, hand) in hands.iter_mut().enumerate().take(v.players() as usize) {
            for (k, n) in hand.iter_mut().enumerate() {
                *n = pos.hand(Player(p as u8), Kind(k as u8));
            }
        }
        Setup {
            game: v.id,
            board: v.geometry.cells().map(|c| pos.piece(c)).collect(),
            hands,
            turn: pos.turn(),
            move_number: pos.move_number(),
            checker: pos.remembered_checker(),
            lion_capture: pos.lion_capture(),
            setup_steps: pos.setup_steps(),
            options: pos.options(),
        }
    }

    /// The piece on `cell` (empty off the board).
    pub fn piece(&self, cell: Cell) -> Piece {
        self.board
            .get(cell.index())
            .copied()
            .unwrap_or(Piece::EMPTY)
    }

    /// Put `piece` on `cell` (a cell off the board is ignored here and the board's size
    /// checked by [`Setup::into_position`]).
    pub fn put(&mut self, cell: Cell, piece: Piece) {
        if let Some(slot) = self.board.get_mut(cell.index()) {
            *slot = piece;
        }
    }

    /// How many of `kind` `player` holds.
    pub fn hand(&self, player: Player, kind: Kind) -> u8 {
        self.hands
            .get(player.index())
            .and_then(|h| h.get(kind.index()))
            .copied()
            .unwrap_or(0)
    }

    /// Give `player` `n` more of `kind` in hand (up to 255; other kinds than hand kinds are
    /// ignored).
    pub fn add_to_hand(&mut self, player: Player, kind: Kind, n: u8) {
        if let Some(c) = self
            .hands
            .get_mut(player.index())
            .and_then(|h| h.get_mut(kind.index()))
        {
            *c = c.saturating_add(n);
        }
    }

    /// Check the setup against `rules` (its game's) and make it a position.
    ///
    /// # Errors
    /// [`PositionError`]: every fault found (each once), with the setup handed back.
    pub(crate) fn validate(self, rules: &'static dyn GameRules) -> Result<Position, PositionError> {
        let faults = self.faults(rules);
        if !faults.is_empty() {
            return Err(PositionError {
                setup: Box::new(self),
                faults,
            });
        }
        let game = self.game;
        let v = Variant::get(game);
        let players = v.players();
        let placing = rules.capabilities().placement && rules.starts_placing(&self);
        let mut pos = Position::empty(game, rules);
        for c in v.geometry.cells() {
            let p = self.board[c.index()];
            if !p.is_empty() {
                pos.set_piece(c, p);
            }
        }
        for p in (0..players).map(Player) {
            for k in 0..HAND_KINDS {
                let n = self.hands[p.index()][k];
                if n > 0 {
                    pos.set_hand(p, Kind(k as u8), n);
                }
            }
        }
        pos.set_turn(self.turn);
        pos.set_move_number(self.move_number.max(1));
        pos.set_remembered_checker(self.checker);
        pos.set_lion_capture(self.lion_capture);
        pos.set_setup_steps(self.setup_steps);
        pos.set_placing(placing);
        let mut pos = pos.with_options(self.options);
        // what only a whole position shows (checked once the setup has no other fault)
        let mut faults = Vec::new();
        rules.check_position(&mut pos, &mut faults);
        if !faults.is_empty() {
            return Err(PositionError {
                setup: Box::new(self),
                faults,
            });
        }
        Ok(pos)
    }

    /// Every way the setup is not a position of its game, each fault once, in the order of the
    /// checks (none: it is one).
    fn faults(&self, rules: &'static dyn GameRules) -> Vec<SetupError> {
        let game = self.game;
        let v = Variant::get(game);
        let players = v.players();
        let seat = |p: Player| Side::new(game, p);
        let mut faults = Vec::new();
        let mut fault = |e: SetupError| {
            if !faults.contains(&e) {
                faults.push(e);
            }
        };
        if self.board.len() != v.geometry.len() {
            // nothing else can be read from a board of another size
            fault(SetupError::BoardSize {
                game,
                found: self.board.len(),
                expected: v.geometry.len(),
            });
            return faults;
        }
        let no_such = |player: Player| SetupError::NoSuchPlayer {
            game,
            player: player.0,
        };
        if self.turn.0 >= players {
            fault(no_such(self.turn));
        }
        let mut kings = [0u8; 3];
        let mut counts = [0u32; 64];
        for c in v.geometry.cells() {
            let p = self.board[c.index()];
            if p.is_empty() {
                continue;
            }
            let (owner, kind) = (p.owner(), p.kind());
            if owner.0 >= players {
                fault(no_such(owner));
                continue;
            }
            if !v.has_kind(kind) {
                fault(SetupError::NotInGame {
                    game,
                    name: v.kinds.get(kind.index()).map_or("?", |k| k.name),
                    kanji: v.kinds.get(kind.index()).map_or("?", |k| k.kanji),
                });
                continue;
            }
            let info = v.kind(kind);
            if info.royal && !info.is_promoted() {
                kings[owner.index()] += 1;
                if kings[owner.index()] > 1 {
                    fault(SetupError::TwoKings { side: seat(owner) });
                }
            }
            if v.no_dead_pieces && v.is_dead_cell(owner, kind, c) {
                fault(SetupError::DeadPiece {
                    square: v.cell_name(c),
                });
            }
            counts[info.base(kind).index()] += 1;
        }
        for (p, hand) in self.hands.iter().enumerate() {
            for (k, &n) in hand.iter().enumerate() {
                if n == 0 {
                    continue;
                }
                let (owner, kind) = (Player(p as u8), Kind(k as u8));
                if owner.0 >= players {
                    fault(no_such(owner));
                    continue;
                }
                if !v.drops {
                    fault(SetupError::NoHands { game });
                    continue;
                }
                if !v.has_kind(kind) || v.kind(kind).is_promoted() {
                    fault(SetupError::NotInGame {
                        game,
                        name: v.kinds.get(k).map_or("?", |i| i.name),
                        kanji: v.kinds.get(k).map_or("?", |i| i.kanji),
                    });
                    continue;
                }
                counts[k] += n as u32;
            }
        }
        let mut own = Vec::new();
        rules.check_setup(self, &mut own);
        own.into_iter().for_each(&mut fault);
        if rules.capabilities().fixed_counts {
            let max = start_counts(game, rules);
            for (i, (&f, &m)) in counts.iter().zip(max.iter()).enumerate() {
                if f > m && !v.kinds[i].royal {
                    fault(SetupError::TooMany {
                        game,
                        letter: v.kinds[i].letter,
                        found: f,
                        max: m,
                    });
                }
            }
        }
        let placing = rules.capabilities().placement && rules.starts_placing(self);
        for p in (0..players).map(Player) {
            for (k, info) in v.kinds.iter().enumerate().take(HAND_KINDS) {
                if info.royal && self.hands[p.index()][k] > 0 && !placing {
                    fault(SetupError::RoyalInHand { side: seat(p) });
                }
            }
        }
        if let Some(c) = self.checker
            && (c.0 >= players || !rules.capabilities().check_jumps_the_turn)
        {
            fault(SetupError::Checker { game, player: c.0 });
        }
        if let Some(c) = self.lion_capture
            && (c.index() >= v.geometry.len() || !rules.capabilities().lion_moves)
        {
            fault(SetupError::LionCapture { game });
        }
        faults
    }

    /// Give `player` every piece of the game's set that is neither on the board nor in a
    /// hand (the problem convention of 詰将棋: the defender holds the rest). Only in the games
    /// with drops whose set is fixed (false there, and nothing done, elsewhere).
    pub(crate) fn give_rest_with(&mut self, player: Player, rules: &'static dyn GameRules) -> bool {
        let v = Variant::get(self.game);
        if !v.drops || !rules.capabilities().fixed_counts || player.0 >= v.players() {
            return false;
        }
        let mut left = start_counts(self.game, rules);
        for c in v.geometry.cells() {
            let p = self.piece(c);
            if !p.is_empty() && v.has_kind(p.kind()) {
                let base = v.kind(p.kind()).base(p.kind());
                left[base.index()] = left[base.index()].saturating_sub(1);
            }
        }
        for hand in &self.hands {
            for (k, &n) in hand.iter().enumerate() {
                left[k] = left[k].saturating_sub(n as u32);
            }
        }
        for (k, info) in v.kinds.iter().enumerate().take(HAND_KINDS) {
            if !info.royal && !info.is_promoted() {
                let n = u8::try_from(left[k]).unwrap_or(u8::MAX);
                self.add_to_hand(player, Kind(k as u8), n);
            }
        }
        true
    }
}

/// How many pieces of each kind the game's start has, on the board and in hand.
fn start_counts(game: GameId, rules: &'static dyn GameRules) -> [u32; 64] {
    let v = Variant::get(game);
    let start = Position::start_with(game, rules);
    let mut counts = [0u32; 64];
    for c in v.geometry.cells() {
        let p = start.piece(c);
        if !p.is_empty() {
            counts[p.kind().index()] += 1;
        }
    }
    for pl in 0..v.players() {
        for (k, n) in counts.iter_mut().enumerate().take(HAND_KINDS) {
            *n += start.hand(Player(pl), Kind(k as u8)) as u32;
        }
    }
    counts
}
