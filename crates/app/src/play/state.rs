//! The play screen's state: the game on its board (a [`Table`], whose reducer it shares with the
//! embedded board) and what the screen keeps around it: clocks, the computer and its hints, the
//! record panel, the view's settings, an online game's seats and the server's word. Its reducer
//! plays the moves the table's gestures complete with the clocks around them; online, the
//! server's moves, takebacks, clocks and endings are applied here.

use std::rc::Rc;

use koma_rules::clock::{Clock, TimeControl};
use koma_rules::{Game, Move, Player};
use yew::prelude::*;

use crate::table::{Table, TableAction};

/// The state of a game in the browser.
#[derive(Clone)]
pub struct Play {
    /// The game on its board: selection, promotion question, refusal, the position looked at,
    /// orientation; its `board_changes` count changes whenever the position on the board does.
    ///
    /// The view draws such a change on the board in the frame that follows the release, and
    /// the text around the board (the status line's words, the move list, the panels below) in
    /// the frame after that: the browser then presents the first frame sooner, as it has only
    /// the board's changed squares to paint and put on screen, not a region from the status
    /// line above the board to the move list below it. The status line's attributes
    /// (`data-turn`, `data-result`, `data-reason`) and the end of a game change at once.
    pub table: Table,
    /// The clocks, if the game has them.
    pub clock: Option<Clock>,
    /// When the current turn began (ms since the epoch).
    pub turn_started: f64,
    /// The time now, as of the last tick (ms since the epoch).
    pub now: f64,
    /// The export format shown, if any.
    pub export: Option<crate::record::Format>,
    /// Why the last import failed.
    pub import_error: Option<crate::problem::Problem>,
    /// The text in the record panel's box, as typed or pasted (loaded from here, never read
    /// back from the page).
    pub import_text: String,
    /// A short note on the record panel (the record was copied).
    pub notice: Option<String>,
    /// Ranks as numbers.
    pub numbers: bool,
    /// Sounds for moves, captures and checks (`crate::sound`).
    pub sound: bool,
    /// The declaration's conditions are shown.
    pub declaring: bool,
    /// Two-character piece names (`None`: the game's default, two for chu shogi).
    pub two_char: Option<bool>,
    /// The move list in USI instead of Japanese.
    pub usi: bool,
    /// The seats the computer plays.
    pub computer: Rc<Vec<Player>>,
    /// The computer's level.
    pub level: koma_engine::Level,
    /// Why the computer stopped, if it did (the game waits until it is restarted).
    pub engine_error: Option<crate::problem::Problem>,
    /// Counts restarts of the computer (each asks it afresh).
    pub engine_restarts: u32,
    /// The engine's suggestion for the person to move, once found.
    pub hint: Option<Move>,
    /// A hint is being searched.
    pub hint_asked: bool,
    /// What the computer's last search did.
    pub searched: Option<Searched>,
    /// How the game ended beyond its moves (a resignation, a flag, an agreed impasse, a
    /// declaration), for the saved game.
    pub ending: Option<crate::saved::Ending>,
    /// An online game: its line, the seats, the server's word, and this seat's moves the
    /// server has not acknowledged yet (see [`super::online`]). The seats other people hold
    /// take no move here.
    pub online: Option<super::online::Online>,
}

/// What a search of the computer's did: shown under the status, for the curious and for tests
/// that measure the engine's speed in the browser.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Searched {
    /// The depth completed.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: f64,
    /// Milliseconds, by the worker's clock.
    pub ms: f64,
}

fn now_ms() -> f64 {
    js_sys::Date::now()
}

impl PartialEq for Play {
    fn eq(&self, other: &Self) -> bool {
        self.table.version == other.table.version
    }
}

/// What the player (and the computer, the clock, the server) can do.
pub enum Action {
    /// What the person did on the board (select, move, promote, pass, look back, flip, the
    /// hexagon's seat); the table's own takeback and replies are not used here.
    Table(TableAction),
    /// Take back the last move (casual play); against the computer, its replies too.
    Undo,
    /// The side to move resigns.
    Resign,
    /// The clock ticks.
    Tick,
    /// Replace the game with an imported one.
    Load(Box<Game>),
    /// Show the game as text in this format.
    Export(crate::record::Format),
    /// An import failed: show why.
    ImportError(crate::problem::Problem),
    /// The record panel's box changed.
    ImportText(String),
    /// A note on the record panel.
    Notice(String),
    /// Ranks as numbers or kanji.
    Numbers,
    /// Sounds on or off.
    Sound,
    /// Both players agree to impasse (持将棋): settle by points.
    Impasse,
    /// Show the entering-king declaration's conditions (or hide them).
    ShowDeclaration,
    /// The side to move declares (入玉宣言).
    Declare,
    /// The computer's move for the position after `plies` plies with this hash (checked by
    /// the rules before it is played; dropped if the game has moved on).
    EngineMove {
        /// The plies played when it was asked.
        plies: usize,
        /// The position's hash then.
        hash: u64,
        /// The move in the game's notation (empty: none).
        text: String,
        /// What the search did.
        searched: Searched,
    },
    /// The engine's hint, for the position it was asked in.
    Hint {
        /// The plies played when it was asked.
        plies: usize,
        /// The position's hash then.
        hash: u64,
        /// The move in the game's notation (empty: none).
        text: String,
    },
    /// A hint was asked for.
    AskHint,
    /// The computer failed, and why.
    EngineFailed(crate::problem::Problem),
    /// Start the computer again after a failure.
    EngineRestart,
    /// One- or two-character piece names.
    PieceStyle,
    /// The move list in USI or Japanese.
    Notation,
    /// Online: an event of the game's line (a server message, the line's state).
    Net(crate::online::connection::Event),
    /// Online: ask the server (resign, offer, answer, declare); refused in words with no line.
    Ask(koma_wire::ClientMsg),
    /// Online: this seat's new name.
    Rename(String),
}

impl Play {
    /// A new game.
    pub fn new(game: Game, clock: Option<TimeControl>) -> Play {
        let players = game.position().variant().players() as usize;
        let now = now_ms();
        Play {
            table: Table::new(game),
            clock: clock.map(|tc| Clock::new(tc, players)),
            turn_started: now,
            now,
            export: None,
            import_error: None,
            import_text: String::new(),
            notice: None,
            numbers: false,
            sound: false,
            declaring: false,
            two_char: None,
            usi: false,
            computer: Rc::default(),
            level: koma_engine::Level::TOP,
            engine_error: None,
            engine_restarts: 0,
            hint: None,
            hint_asked: false,
            searched: None,
            ending: None,
            online: None,
        }
    }

    /// The game, as the rules crate keeps it.
    pub fn game(&self) -> &Game {
        &self.table.game
    }

    /// Whether `p` is not played here: by somebody on another device, or by nobody (an online
    /// game called off or expired takes no move).
    pub fn remote(&self, p: Player) -> bool {
        self.online.as_ref().is_some_and(|o| {
            o.seat != Some(p)
                || matches!(
                    o.status,
                    koma_wire::GameStatus::Aborted | koma_wire::GameStatus::Expired
                )
        })
    }

    /// A saved game resumed: its clocks, the time already spent on the turn in progress, and
    /// how it ended beyond its moves.
    pub fn resumed(
        mut self,
        clock: Option<Clock>,
        spent: u64,
        ending: Option<crate::saved::Ending>,
    ) -> Play {
        if clock.is_some() {
            self.clock = clock;
        }
        self.turn_started = self.now - spent as f64;
        self.ending = ending;
        self
    }

    /// Apply the view settings kept between visits.
    pub fn with_settings(mut self, s: &crate::saved::Settings) -> Play {
        self.two_char = s.two_char;
        self.table.flipped = s.flipped;
        self.numbers = s.numbers;
        self.sound = s.sound;
        self.usi = s.usi;
        self.table.seat = s
            .seat
            .map(Player)
            .filter(|p| p.0 < self.game().position().variant().players());
        self
    }

    /// The computer plays `seats` at `level`.
    pub fn with_computer(mut self, seats: Vec<Player>, level: koma_engine::Level) -> Play {
        self.computer = Rc::new(seats);
        self.level = level;
        self
    }

    /// The game goes on and the computer is to move (and has not failed): it is thinking.
    pub fn computer_to_move(&self) -> bool {
        self.game().outcome().is_none()
            && self.engine_error.is_none()
            && self.computer.contains(&self.game().position().turn())
    }

    /// The game goes on and a person at this screen is to move.
    pub fn person_to_move(&self) -> bool {
        let turn = self.game().position().turn();
        self.game().outcome().is_none() && !self.computer.contains(&turn) && !self.remote(turn)
    }

    /// A move of the engine's for the position after `plies` plies with `hash`: `None` if the
    /// game has moved on since it was asked; else the move, or why the rules refuse it.
    fn engine_move(
        &mut self,
        plies: usize,
        hash: u64,
        text: &str,
    ) -> Option<Result<Move, crate::problem::Problem>> {
        use crate::problem::{Halt, Problem};
        if self.table.key() != (hash, plies) || self.game().outcome().is_some() {
            return None;
        }
        let v = self.game().position().variant();
        Some(match koma_rules::notation::read_move(v, text) {
            Ok(mv) if self.table.game.legal_moves().contains(&mv) => Ok(mv),
            Ok(_) => Err(Problem::Computer(Halt::Illegal(text.to_string()))),
            Err(_) if text.is_empty() => Err(Problem::Computer(Halt::NoMove)),
            Err(error) => Err(Problem::Computer(Halt::BadMove {
                text: text.to_string(),
                error,
            })),
        })
    }

    /// Take back the last move; against the computer, back to the last move of a person (the
    /// computer's replies after it go too).
    fn take_back(&mut self) {
        let game = &mut self.table.game;
        if game.undo().is_none() {
            return;
        }
        while self.computer.contains(&game.position().turn())
            && self.computer.len() < game.position().variant().players() as usize
            && !game.moves().is_empty()
        {
            game.undo();
        }
    }

    /// Who resigns: the side to move, or, when the computer is to move, the person who moved
    /// last (the first person's seat if none has).
    fn resigner(&self) -> Player {
        let pos = self.game().position();
        let turn = pos.turn();
        if !self.computer.contains(&turn) {
            return turn;
        }
        let last = self
            .game()
            .played()
            .iter()
            .rev()
            .map(|p| p.mover)
            .find(|m| !self.computer.contains(m));
        last.or_else(|| {
            (0..pos.variant().players())
                .map(Player)
                .find(|s| !self.computer.contains(s))
        })
        .unwrap_or(turn)
    }

    /// What the board offers (nothing for a seat played on another device).
    pub(super) fn refresh(&mut self) {
        let input = !self.remote(self.game().position().turn());
        self.table.refresh(input);
    }

    /// Time spent on the current turn.
    pub fn spent(&self) -> u64 {
        (self.now - self.turn_started).max(0.0) as u64
    }

    /// Flag the side to move if its time has run out (online, the server decides).
    fn tick(&mut self) {
        self.now = now_ms();
        let turn = self.game().position().turn();
        if self.game().outcome().is_none()
            && self.online.is_none()
            && let Some(c) = &self.clock
            && c.left(turn.index(), self.spent()).is_none()
        {
            self.table.game.flag(turn);
            self.ending = Some(crate::saved::Ending::Flagged { player: turn.0 });
        }
    }

    /// Play `mv` with the clocks around it, or keep the refusal. Online the move goes to the
    /// server, and only the server ends the game on time (the clocks show its time when it
    /// answers).
    fn play(&mut self, mv: Move) {
        self.tick();
        let mover = self.game().position().turn();
        if self.table.play(mv) {
            let spent = self.spent();
            if let Some(c) = &mut self.clock
                && !c.end_turn(mover.index(), spent)
                && self.online.is_none()
            {
                self.table.game.flag(mover);
                self.ending = Some(crate::saved::Ending::Flagged { player: mover.0 });
            }
            self.turn_started = self.now;
            self.sent_move();
        }
    }

    /// Online: the clocks as the server keeps them.
    pub(super) fn remote_clock(&mut self, view: &koma_wire::ClockView) {
        let players = self.game().position().variant().players() as usize;
        let Ok(tc) = view.control.parse() else {
            return;
        };
        if let Ok(c) = Clock::resume(tc, players, view.main_ms.clone(), view.periods.clone()) {
            self.clock = Some(c);
            self.now = now_ms();
            self.turn_started = self.now - view.elapsed_ms as f64;
        }
    }

    /// Online: the server ended the game; an ending the moves do not show (a resignation, a
    /// flag, a declaration, an agreed impasse) is applied here.
    pub(super) fn remote_end(&mut self, o: &koma_wire::OutcomeView) {
        let game = &mut self.table.game;
        if game.outcome().is_some() {
            return;
        }
        use koma_rules::EndReason;
        let by = o.by.map(Player);
        match (o.reason, by) {
            (EndReason::Resignation, Some(p)) => {
                game.resign(p);
                self.ending = Some(crate::saved::Ending::Resigned { player: p.0 });
            }
            (EndReason::Time, Some(p)) => {
                game.flag(p);
                self.ending = Some(crate::saved::Ending::Flagged { player: p.0 });
            }
            (EndReason::Declaration, _) => {
                game.declare();
                self.ending = Some(crate::saved::Ending::Declared);
            }
            (EndReason::Impasse, _) => {
                game.agree_impasse();
                self.ending = Some(crate::saved::Ending::Impasse);
            }
            (EndReason::Abandoned, _) => {
                game.abandon(o.winner.map(Player));
                self.ending = Some(crate::saved::Ending::Abandoned { winner: o.winner });
            }
            // an ending the moves show (checkmate, repetition, ...) is the game's own; any
            // other the rules here cannot reach: the whole game is asked for again
            _ => {
                if let Some(on) = &mut self.online {
                    on.acked = 0;
                    on.conn.sync(0);
                }
            }
        }
    }
}

impl Reducible for Play {
    type Action = Action;
    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        // online, the server decides takebacks, resignations, impasse and declarations (the
        // screen asks it), no other game is loaded over the server's, and the engine gives no
        // hints
        if self.online.is_some()
            && matches!(
                action,
                Action::Load(_)
                    | Action::Impasse
                    | Action::Declare
                    | Action::Undo
                    | Action::Resign
                    | Action::AskHint
            )
        {
            return self;
        }
        let mut s = (*self).clone();
        let before = s.table.key();
        match action {
            Action::Table(a) => {
                // a seat played on another device takes no move here
                let moving = matches!(
                    a,
                    TableAction::Attempt(..) | TableAction::Cell(_) | TableAction::Pass
                );
                let turn = s.game().position().turn();
                if !(moving && s.remote(turn))
                    && let Some(mv) = s.table.gesture(a)
                {
                    s.play(mv);
                }
            }
            Action::Undo => {
                s.take_back();
                if s.game().outcome().is_none() {
                    s.ending = None;
                }
                s.table.clear();
                s.table.foul = None;
            }
            Action::Resign => {
                let p = s.resigner();
                if s.game().outcome().is_none() && s.table.game.resign(p).is_some() {
                    s.ending = Some(crate::saved::Ending::Resigned { player: p.0 });
                }
            }
            Action::EngineMove {
                plies,
                hash,
                text,
                searched,
            } => match s.engine_move(plies, hash, &text) {
                Some(Ok(mv)) if s.computer_to_move() => {
                    s.searched = Some(searched);
                    s.play(mv)
                }
                Some(Err(e)) => s.engine_error = Some(e),
                _ => {}
            },
            Action::Hint { plies, hash, text } => {
                if let Some(found) = s.engine_move(plies, hash, &text) {
                    s.hint_asked = false;
                    match found {
                        Ok(mv) => s.hint = Some(mv),
                        Err(e) => s.engine_error = Some(e),
                    }
                }
            }
            Action::AskHint => {
                s.hint_asked = true;
                s.hint = None;
            }
            Action::EngineFailed(e) => {
                s.engine_error = Some(e);
                s.hint_asked = false;
            }
            Action::EngineRestart => {
                s.engine_error = None;
                s.engine_restarts += 1;
            }
            Action::Tick => s.tick(),
            Action::Load(game) => {
                let clock = s.clock.as_ref().map(|c| c.control());
                let mut fresh = Play::new(*game, clock);
                fresh.table.version = s.table.version;
                fresh.table.board_changes = s.table.board_changes;
                fresh.table.flipped = s.table.flipped;
                fresh.table.seat = s.table.seat;
                fresh.numbers = s.numbers;
                fresh.sound = s.sound;
                fresh.two_char = s.two_char;
                fresh.usi = s.usi;
                fresh.computer = s.computer.clone();
                fresh.level = s.level;
                s = fresh;
            }
            Action::Export(f) => {
                s.export = Some(f);
                s.notice = None;
            }
            Action::Notation => s.usi = !s.usi,
            Action::PieceStyle => {
                let default = koma_rules::names::two_character_pieces(s.game().position().game());
                s.two_char = Some(!s.two_char.unwrap_or(default));
            }
            Action::Impasse => {
                if s.game().outcome().is_none() && s.table.game.agree_impasse().is_some() {
                    s.ending = Some(crate::saved::Ending::Impasse);
                }
            }
            Action::ShowDeclaration => s.declaring = !s.declaring,
            Action::Declare => {
                if s.game().outcome().is_none() && s.table.game.declare().is_some() {
                    s.ending = Some(crate::saved::Ending::Declared);
                }
                s.declaring = false;
            }
            Action::Net(e) => s.net(e),
            Action::Ask(m) => s.ask(&m),
            Action::Rename(name) => {
                if let Some(o) = &s.online {
                    o.conn.rename(&name);
                }
            }
            Action::Numbers => s.numbers = !s.numbers,
            Action::Sound => s.sound = !s.sound,
            Action::ImportError(e) => s.import_error = Some(e),
            Action::ImportText(t) => s.import_text = t,
            Action::Notice(n) => s.notice = Some(n),
        }
        let input = !s.remote(s.game().position().turn());
        s.table.settle(before, input);
        if s.table.key() != before {
            s.hint = None;
            s.hint_asked = false;
        }
        Rc::new(s)
    }
}
