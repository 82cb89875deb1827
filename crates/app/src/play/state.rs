//! The state of a game being played and the reducer that asks the rules crate: input follows
//! the best shogi sites: drag and drop or click-then-click; a promotion that may be declined is
//! asked on the board; a forced one is applied; a lion-power piece dropped on a square from
//! which a second step exists waits there for it (its second-step squares shown, the middle
//! square itself to stop there, anywhere else to cancel). An illegal attempt is refused with the
//! rule's name and changes nothing (casual play); in strict play a foul is played and loses,
//! named.

use std::rc::Rc;

use koma_rules::clock::{Clock, TimeControl};
use koma_rules::{Cell, Game, IllegalMove, Move, Player, Position};
use yew::prelude::*;

use crate::board::Source;
use crate::view::destinations;

/// The state of a game in the browser.
#[derive(Clone)]
pub struct Play {
    /// The game, as the rules crate keeps it.
    pub game: Game,
    /// The piece selected by a first click.
    pub selected: Option<Source>,
    /// A move waiting for the promotion choice.
    pub pending: Option<(Cell, Cell)>,
    /// A lion-power piece's first step waiting for its second.
    pub lion_first: Option<(Cell, Cell)>,
    /// The last refusal.
    pub foul: Option<IllegalMove>,
    /// Changes on every action (the view compares states by it).
    pub version: u64,
    /// The clocks, if the game has them.
    pub clock: Option<Clock>,
    /// When the current turn began (ms since the epoch).
    pub turn_started: f64,
    /// The time now, as of the last tick (ms since the epoch).
    pub now: f64,
    /// The export format shown, if any.
    pub export: Option<crate::record::Format>,
    /// Why the last import failed.
    pub import_error: Option<String>,
    /// The text in the record panel's box, as typed or pasted (loaded from here, never read
    /// back from the page).
    pub import_text: String,
    /// A short note on the record panel (the record was copied).
    pub notice: Option<String>,
    /// Gote at the bottom.
    pub flipped: bool,
    /// The hexagon: the seat kept at the bottom (`None`: the player to move, pass-and-play).
    pub seat: Option<Player>,
    /// Ranks as numbers.
    pub numbers: bool,
    /// Sounds for moves, captures and checks (`crate::sound`).
    pub sound: bool,
    /// The declaration's conditions are shown.
    pub declaring: bool,
    /// A past position being looked at (plies from the start), if any.
    pub view: Option<usize>,
    /// Two-character piece names (`None`: the game's default, two for chu shogi).
    pub two_char: Option<bool>,
    /// The move list in USI instead of Japanese.
    pub usi: bool,
    /// Every movable source with its destinations (a lion's second steps while one waits),
    /// worked out once per change, not on every render.
    pub dests: Rc<Vec<(Source, Cell)>>,
    /// Whether the side to move may pass (a setup phase's "Done").
    pub can_pass: bool,
    /// Changes whenever the position on the board does (a move, a takeback, a loaded game).
    ///
    /// The view draws such a change on the board in the frame that follows the release, and
    /// the text around the board (the status line's words, the move list, the panels below) in
    /// the frame after that: the browser then presents the first frame sooner, as it has only
    /// the board's changed squares to paint and put on screen, not a region from the status
    /// line above the board to the move list below it. The status line's attributes
    /// (`data-turn`, `data-result`, `data-reason`) and the end of a game change at once.
    pub board: u64,
    /// The seats the computer plays.
    pub computer: Rc<Vec<Player>>,
    /// The computer's level.
    pub level: koma_engine::Level,
    /// Why the computer stopped, if it did (the game waits until it is restarted).
    pub engine_error: Option<String>,
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
    /// An online game: the seats other people hold (their moves come from the server), and
    /// the server's word on time and endings (see [`crate::online`]).
    pub online: Option<Rc<Vec<Player>>>,
    /// An online game's id on the server (kept with the saved game).
    pub online_game: Option<String>,
    /// An online game: the server's game and this one differ (a refused or lost move); the
    /// connection asks for the whole game again.
    pub out_of_step: bool,
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
        self.version == other.version
    }
}

/// What the player can do.
pub enum Action {
    /// Select a piece (or nothing).
    Select(Option<Source>),
    /// Move from a source to a cell.
    Attempt(Source, Cell),
    /// A click on a cell.
    Cell(Cell),
    /// The promotion choice.
    Promote(bool),
    /// End the handicap setup (pre-moves, rearranging) early.
    Pass,
    /// Take back the last move (casual play).
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
    ImportError(String),
    /// The record panel's box changed.
    ImportText(String),
    /// A note on the record panel.
    Notice(String),
    /// Turn the board round.
    Flip,
    /// The hexagon: keep this seat at the bottom (`None`: the player to move).
    Seat(Option<Player>),
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
    /// Look at the position after this many plies (`None`: the current one).
    View(Option<usize>),
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
    EngineFailed(String),
    /// Start the computer again after a failure.
    EngineRestart,
    /// One- or two-character piece names.
    PieceStyle,
    /// The move list in USI or Japanese.
    Notation,
    /// Online: the server's game (after a hello): the moves after `from` plies.
    Synced {
        /// The plies the moves follow.
        from: usize,
        /// The moves, in the game's notation.
        moves: Vec<String>,
    },
    /// Online: the server played (and stored) the move that makes ply `ply`.
    Remote {
        /// The ply.
        ply: usize,
        /// The move in the game's notation.
        mv: String,
    },
    /// Online: moves were taken back to `plies`.
    RemoteTakeBack(usize),
    /// Online: the server's clocks (main time and periods left per seat, how long the seat to
    /// move has thought).
    RemoteClock(Box<koma_wire::ClockView>),
    /// Online: the server ended the game.
    RemoteEnd(koma_wire::OutcomeView),
}

impl Play {
    /// A new game.
    pub fn new(game: Game, clock: Option<TimeControl>) -> Play {
        let players = game.position().variant().players() as usize;
        let now = now_ms();
        let mut p = Play {
            game,
            selected: None,
            pending: None,
            lion_first: None,
            foul: None,
            version: 0,
            clock: clock.map(|tc| Clock::new(tc, players)),
            turn_started: now,
            now,
            export: None,
            import_error: None,
            import_text: String::new(),
            notice: None,
            flipped: false,
            seat: None,
            numbers: false,
            sound: false,
            declaring: false,
            view: None,
            two_char: None,
            usi: false,
            dests: Rc::default(),
            can_pass: false,
            board: 0,
            computer: Rc::default(),
            level: koma_engine::Level::TOP,
            engine_error: None,
            engine_restarts: 0,
            hint: None,
            hint_asked: false,
            searched: None,
            ending: None,
            online: None,
            online_game: None,
            out_of_step: false,
        };
        p.refresh();
        p
    }

    /// An online game whose other seats (all but `mine`; all of them for a watcher) are
    /// played by other people: the board lets this person move only their own seat's pieces,
    /// and the server keeps the time.
    pub fn online(mut self, id: &str, mine: Option<Player>) -> Play {
        self.online_game = Some(id.to_string());
        let players = self.game.position().variant().players();
        let others = (0..players)
            .map(Player)
            .filter(|&p| Some(p) != mine)
            .collect();
        self.online = Some(Rc::new(others));
        if let Some(me) = mine {
            if koma_rules::Description::of(self.game.position().game()).hexagon() {
                self.seat = Some(me);
            } else {
                self.flipped = me != Player::FIRST;
            }
        }
        self.refresh();
        self
    }

    /// Whether `p` is played by somebody on another device.
    pub fn remote(&self, p: Player) -> bool {
        self.online.as_ref().is_some_and(|o| o.contains(&p))
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
        self.flipped = s.flipped;
        self.numbers = s.numbers;
        self.sound = s.sound;
        self.usi = s.usi;
        self.seat = s
            .seat
            .map(Player)
            .filter(|p| p.0 < self.game.position().variant().players());
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
        self.game.outcome().is_none()
            && self.engine_error.is_none()
            && self.computer.contains(&self.game.position().turn())
    }

    /// The game goes on and a person at this screen is to move.
    pub fn person_to_move(&self) -> bool {
        let turn = self.game.position().turn();
        self.game.outcome().is_none() && !self.computer.contains(&turn) && !self.remote(turn)
    }

    /// A move of the engine's for the position after `plies` plies with `hash`: `None` if the
    /// game has moved on since it was asked; else the move, or why the rules refuse it.
    fn engine_move(&mut self, plies: usize, hash: u64, text: &str) -> Option<Result<Move, String>> {
        if self.game.moves().len() != plies
            || self.game.position().hash() != hash
            || self.game.outcome().is_some()
        {
            return None;
        }
        let v = self.game.position().variant();
        Some(match koma_rules::notation::read_move(v, text) {
            Ok(mv) if self.legal().contains(&mv) => Ok(mv),
            Ok(_) => Err(format!(
                "the computer proposed {text}, which is not legal here; the game is unchanged"
            )),
            Err(e) if text.is_empty() => Err(format!("the computer found no move ({e})")),
            Err(e) => Err(format!("the computer's move {text:?} cannot be read: {e}")),
        })
    }

    /// Take back the last move; against the computer, back to the last move of a person (the
    /// computer's replies after it go too).
    fn take_back(&mut self) {
        if self.game.undo().is_none() {
            return;
        }
        while self.computer.contains(&self.game.position().turn())
            && self.computer.len() < self.game.position().variant().players() as usize
            && !self.game.moves().is_empty()
        {
            self.game.undo();
        }
    }

    /// Who resigns: the side to move, or, when the computer is to move, the person who moved
    /// last (the first person's seat if none has).
    fn resigner(&self) -> Player {
        let pos = self.game.position();
        let turn = pos.turn();
        if !self.computer.contains(&turn) {
            return turn;
        }
        let mut p = self.game.start().clone();
        let mut last = None;
        for m in self.game.moves() {
            if !self.computer.contains(&p.turn()) {
                last = Some(p.turn());
            }
            p.play_unchecked(m);
        }
        last.or_else(|| {
            (0..pos.variant().players())
                .map(Player)
                .find(|s| !self.computer.contains(s))
        })
        .unwrap_or(turn)
    }

    /// The position on the board: the current one, or the past one being looked at.
    pub fn shown_position(&self) -> Position {
        match self.view {
            Some(n) => {
                let mut p = self.game.start().clone();
                for m in self.game.moves().into_iter().take(n) {
                    p.play_unchecked(m);
                }
                p
            }
            None => self.game.position().clone(),
        }
    }

    /// Work out what the board offers from the state: the destinations and the pass.
    fn refresh(&mut self) {
        // (none once the game is over, none for a seat played on another device)
        let legal = if self.remote(self.game.position().turn()) {
            Vec::new()
        } else {
            self.legal()
        };
        self.dests = Rc::new(self.dests(&legal));
        self.can_pass = legal.contains(&Move::Pass);
    }

    /// Time spent on the current turn.
    pub fn spent(&self) -> u64 {
        (self.now - self.turn_started).max(0.0) as u64
    }

    /// Flag the side to move if its time has run out (online, the server decides).
    fn tick(&mut self) {
        self.now = now_ms();
        let turn = self.game.position().turn();
        if self.game.outcome().is_none()
            && self.online.is_none()
            && let Some(c) = &self.clock
            && c.left(turn.index(), self.spent()).is_none()
        {
            self.game.flag(turn);
            self.ending = Some(crate::saved::Ending::Flagged { player: turn.0 });
        }
    }

    fn legal(&mut self) -> Vec<Move> {
        self.game.legal_moves()
    }

    /// Play `mv`, or keep the refusal.
    fn play(&mut self, mv: Move) {
        self.view = None;
        self.selected = None;
        self.pending = None;
        self.lion_first = None;
        self.tick();
        if self.game.outcome().is_some() {
            return;
        }
        let mover = self.game.position().turn();
        match self.game.play(mv) {
            Ok(_) => {
                self.foul = None;
                let spent = self.spent();
                if let Some(c) = &mut self.clock
                    && !c.end_turn(mover.index(), spent)
                {
                    self.game.flag(mover);
                    self.ending = Some(crate::saved::Ending::Flagged { player: mover.0 });
                }
                self.turn_started = self.now;
            }
            Err(e) => self.foul = Some(e),
        }
    }

    fn attempt(&mut self, source: Source, to: Cell) {
        if self.remote(self.game.position().turn()) {
            return;
        }
        let legal = self.legal();
        let from = match source {
            Source::Hand(kind) => {
                self.play(Move::Drop { kind, to });
                return;
            }
            Source::Cell(c) => c,
        };
        if let Some((f, mid)) = self.lion_first {
            if f == from {
                if to == mid {
                    let single = Move::Board {
                        from,
                        to,
                        promote: false,
                    };
                    if legal.contains(&single) {
                        self.play(single);
                    } else {
                        self.lion_first = None;
                    }
                } else {
                    let double = Move::Double { from, mid, to };
                    if legal.contains(&double) {
                        self.play(double);
                    } else {
                        self.lion_first = None;
                        self.selected = None;
                    }
                }
                return;
            }
            self.lion_first = None;
        }
        let doubles = legal
            .iter()
            .any(|m| matches!(m, Move::Double { from: f, mid, .. } if *f == from && *mid == to));
        if doubles {
            self.lion_first = Some((from, to));
            self.selected = Some(source);
            self.foul = None;
            return;
        }
        let yes = Move::Board {
            from,
            to,
            promote: true,
        };
        let no = Move::Board {
            from,
            to,
            promote: false,
        };
        match (legal.contains(&yes), legal.contains(&no)) {
            (true, true) => {
                self.pending = Some((from, to));
                self.selected = None;
                self.foul = None;
            }
            (true, false) => self.play(yes),
            // not legal: play it anyway so the rules name the foul (and, in strict play, end
            // the game with it)
            (false, _) => self.play(no),
        }
    }

    /// Online: make the game the server's: keep what agrees, take back what does not, add the
    /// rest.
    fn synced(&mut self, from: usize, moves: &[String]) {
        self.out_of_step = false;
        let v = self.game.position().variant();
        let Ok(theirs) = moves
            .iter()
            .map(|t| koma_rules::notation::read_move(v, t))
            .collect::<Result<Vec<Move>, _>>()
        else {
            self.out_of_step = true;
            return;
        };
        let mine = self.game.moves();
        let agree = if mine.len() >= from {
            mine[from..]
                .iter()
                .zip(&theirs)
                .take_while(|(a, b)| a == b)
                .count()
        } else {
            0
        };
        let keep = from + agree;
        while self.game.moves().len() > keep && self.game.undo().is_some() {}
        if self.game.moves().len() < from {
            self.out_of_step = true;
            return;
        }
        for &m in &theirs[agree..] {
            if self.game.play(m).is_err() {
                self.out_of_step = true;
                return;
            }
        }
        self.view = None;
        self.selected = None;
        self.pending = None;
        self.lion_first = None;
    }

    /// Online: the server's move for ply `ply` (its echo of this screen's own move, or another
    /// person's); out of step when it does not follow.
    fn remote_move(&mut self, ply: usize, text: &str) {
        let v = self.game.position().variant();
        let Ok(mv) = koma_rules::notation::read_move(v, text) else {
            self.out_of_step = true;
            return;
        };
        let plies = self.game.moves().len();
        if ply <= plies {
            if self.game.moves().get(ply - 1) != Some(&mv) {
                self.out_of_step = true;
            }
            return;
        }
        if ply != plies + 1 || self.game.play(mv).is_err() {
            self.out_of_step = true;
            return;
        }
        self.foul = None;
        self.selected = None;
        self.pending = None;
        self.lion_first = None;
        self.turn_started = now_ms();
    }

    /// Online: the clocks as the server keeps them.
    fn remote_clock(&mut self, view: &koma_wire::ClockView) {
        let players = self.game.position().variant().players() as usize;
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
    fn remote_end(&mut self, o: &koma_wire::OutcomeView) {
        if self.game.outcome().is_some() {
            return;
        }
        let by = o.by.map(Player);
        match (o.reason.as_str(), by) {
            ("resignation", Some(p)) => {
                self.game.resign(p);
                self.ending = Some(crate::saved::Ending::Resigned { player: p.0 });
            }
            ("time", Some(p)) => {
                self.game.flag(p);
                self.ending = Some(crate::saved::Ending::Flagged { player: p.0 });
            }
            ("declaration", _) => {
                self.game.declare();
                self.ending = Some(crate::saved::Ending::Declared);
            }
            ("impasse", _) => {
                self.game.agree_impasse();
                self.ending = Some(crate::saved::Ending::Impasse);
            }
            _ => self.out_of_step = true,
        }
    }

    /// The board's data: every source's destinations, with a lion's second step if waiting.
    fn dests(&self, legal: &[Move]) -> Vec<(Source, Cell)> {
        if let Some((f, mid)) = self.lion_first {
            let mut out: Vec<(Source, Cell)> = legal
                .iter()
                .filter_map(|m| match *m {
                    Move::Double { from, mid: m2, to } if from == f && m2 == mid => {
                        Some((Source::Cell(f), to))
                    }
                    Move::Board { from, to, .. } if from == f && to == mid => {
                        Some((Source::Cell(f), to))
                    }
                    _ => None,
                })
                .collect();
            out.dedup();
            return out;
        }
        destinations(legal)
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
        s.version += 1;
        let (hash, plies) = (s.game.position().hash(), s.game.moves().len());
        match action {
            Action::Select(src) => {
                s.selected = src;
                s.pending = None;
                if src.is_none() {
                    s.lion_first = None;
                }
            }
            Action::Attempt(src, to) => s.attempt(src, to),
            Action::Cell(c) => {
                if let Some(src) = s.selected {
                    s.attempt(src, c);
                } else {
                    s.pending = None;
                }
            }
            Action::Promote(yes) => {
                if let Some((from, to)) = s.pending.take() {
                    s.play(Move::Board {
                        from,
                        to,
                        promote: yes,
                    });
                }
            }
            Action::Pass => s.play(Move::Pass),
            Action::Undo => {
                s.take_back();
                if s.game.outcome().is_none() {
                    s.ending = None;
                }
                s.selected = None;
                s.pending = None;
                s.lion_first = None;
                s.foul = None;
            }
            Action::Resign => {
                let p = s.resigner();
                if s.game.outcome().is_none() && s.game.resign(p).is_some() {
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
                fresh.version = s.version;
                fresh.flipped = s.flipped;
                fresh.seat = s.seat;
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
            Action::Flip => s.flipped = !s.flipped,
            Action::Seat(p) => s.seat = p,
            Action::Notation => s.usi = !s.usi,
            Action::PieceStyle => {
                let default = koma_rules::names::two_character_pieces(s.game.position().game());
                s.two_char = Some(!s.two_char.unwrap_or(default));
            }
            Action::Impasse => {
                if s.game.outcome().is_none() && s.game.agree_impasse().is_some() {
                    s.ending = Some(crate::saved::Ending::Impasse);
                }
            }
            Action::ShowDeclaration => s.declaring = !s.declaring,
            Action::View(n) => {
                let len = s.game.moves().len();
                s.view = n.filter(|&n| n < len);
                s.selected = None;
                s.pending = None;
                s.lion_first = None;
            }
            Action::Declare => {
                if s.game.outcome().is_none() && s.game.declare().is_some() {
                    s.ending = Some(crate::saved::Ending::Declared);
                }
                s.declaring = false;
            }
            Action::Synced { from, moves } => s.synced(from, &moves),
            Action::Remote { ply, mv } => s.remote_move(ply, &mv),
            Action::RemoteTakeBack(plies) => {
                while s.game.moves().len() > plies && s.game.undo().is_some() {}
                s.ending = None;
                s.view = None;
            }
            Action::RemoteClock(view) => s.remote_clock(&view),
            Action::RemoteEnd(o) => s.remote_end(&o),
            Action::Numbers => s.numbers = !s.numbers,
            Action::Sound => s.sound = !s.sound,
            Action::ImportError(e) => s.import_error = Some(e),
            Action::ImportText(t) => s.import_text = t,
            Action::Notice(n) => s.notice = Some(n),
        }
        if (s.game.position().hash(), s.game.moves().len()) != (hash, plies) {
            s.board += 1;
            s.hint = None;
            s.hint_asked = false;
        }
        s.refresh();
        Rc::new(s)
    }
}
