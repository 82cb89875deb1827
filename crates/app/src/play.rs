//! A game being played in the browser: the state, the reducer that asks the rules crate, and the
//! view around the board (status, refusals, move list, buttons).
//!
//! Input follows the best shogi sites: drag and drop or click-then-click; a promotion that may
//! be declined is asked on the board; a forced one is applied; a lion-power piece dropped on a
//! square from which a second step exists waits there for it (its second-step squares shown,
//! the middle square itself to stop there, anywhere else to cancel). An illegal attempt is
//! refused with the rule's name and changes nothing (casual play); in strict play a foul is
//! played and loses, named.

use std::rc::Rc;

use koma_rules::clock::{Clock, TimeControl};
use koma_rules::status::{SetupStep, Status};
use koma_rules::{
    Cell, Game, GameId, IllegalMove, Kind, Move, Piece, Player, Position, RuleOptions, kif,
    notation,
};
use yew::prelude::*;

use crate::board::{Board, Choice, Source};
use crate::i18n::{self, Lang};

/// How a game is set up, from the address.
#[derive(Clone, Debug, PartialEq)]
pub struct Start {
    /// The game.
    pub game: GameId,
    /// A named setup (handicap).
    pub setup: Option<String>,
    /// A position in the game's notation.
    pub position: Option<String>,
    /// Chu shogi's rule preset.
    pub preset: Option<String>,
    /// Strict play.
    pub strict: bool,
    /// Clocks, if any.
    pub clock: Option<TimeControl>,
    /// The players' names by seat (sente then gote; A, B, C), as janken or the start screen
    /// seated them; empty when nobody named them.
    pub names: Vec<String>,
}

impl Start {
    /// Build the game, or say what is wrong with the address.
    pub fn build(&self) -> Result<Game, String> {
        use koma_rules::setups::{From, start_position};
        let from = match (&self.position, &self.setup) {
            (Some(text), _) => From::Position(text),
            (None, Some(id)) => From::Setup(id),
            (None, None) => From::Start,
        };
        let pos = start_position(self.game, from).map_err(|e| format!("the address: {e}"))?;
        let options = RuleOptions {
            strict: self.strict,
            chu: match &self.preset {
                Some(p) => p.parse()?,
                None => koma_rules::ChuPreset::default(),
            },
            ..RuleOptions::default()
        };
        Ok(Game::from_position(pos, options))
    }
}

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
    /// Both players agree to impasse (持将棋): settle by points.
    Impasse,
    /// Show the entering-king declaration's conditions (or hide them).
    ShowDeclaration,
    /// The side to move declares (入玉宣言).
    Declare,
    /// Look at the position after this many plies (`None`: the current one).
    View(Option<usize>),
    /// One- or two-character piece names.
    PieceStyle,
    /// The move list in USI or Japanese.
    Notation,
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
            declaring: false,
            view: None,
            two_char: None,
            usi: false,
            dests: Rc::default(),
            can_pass: false,
            board: 0,
        };
        p.refresh();
        p
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
        // (none once the game is over)
        let legal = self.legal();
        self.dests = Rc::new(self.dests(&legal));
        self.can_pass = legal.contains(&Move::Pass);
    }

    /// Time spent on the current turn.
    pub fn spent(&self) -> u64 {
        (self.now - self.turn_started).max(0.0) as u64
    }

    /// Flag the side to move if its time has run out.
    fn tick(&mut self) {
        self.now = now_ms();
        let turn = self.game.position().turn();
        if self.game.outcome().is_none()
            && let Some(c) = &self.clock
            && c.left(turn.index(), self.spent()).is_none()
        {
            self.game.flag(turn);
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
                }
                self.turn_started = self.now;
            }
            Err(e) => self.foul = Some(e),
        }
    }

    fn attempt(&mut self, source: Source, to: Cell) {
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

/// The piece on each cell of `pos`, by cell index.
pub(crate) fn cells_of(pos: &Position) -> Rc<Vec<Piece>> {
    Rc::new(
        pos.variant()
            .geometry
            .cells()
            .map(|c| pos.piece(c))
            .collect(),
    )
}

/// Each player's hand in `pos`: (kind, count), in the game's display order.
pub(crate) fn hands_of(pos: &Position) -> Rc<Vec<Vec<(Kind, u8)>>> {
    let v = pos.variant();
    Rc::new(
        (0..v.players())
            .map(|p| {
                v.hand_order
                    .iter()
                    .map(|&k| (k, pos.hand(Player(p), k)))
                    .filter(|&(_, n)| n > 0)
                    .collect()
            })
            .collect(),
    )
}

/// The cells the last of `moves` left and reached, to be marked.
pub(crate) fn last_cells(moves: &[Move]) -> Rc<Vec<Cell>> {
    Rc::new(
        moves
            .last()
            .map(|m| [m.from(), m.to()].into_iter().flatten().collect())
            .unwrap_or_default(),
    )
}

/// The move list's texts: Japanese for boards up to 9x9 unless `usi` is asked for, else the
/// game's own notation (USI; lishogi's for chu; the hexagon's).
pub(crate) fn move_texts(start: &Position, moves: &[Move], usi: bool) -> Vec<AttrValue> {
    let v = start.variant();
    let japanese = !usi && koma_rules::record::has_kif(v.id);
    let mut replay = start.clone();
    let mut prev = None;
    moves
        .iter()
        .map(|&m| {
            let text = if japanese {
                kif::japanese_move(&mut replay, m, prev)
            } else {
                notation::write_move(v, m)
            };
            replay.play_unchecked(m);
            prev = m.to();
            AttrValue::from(text)
        })
        .collect()
}

/// Every source of the legal moves with its destinations (a lion's first step for its double
/// moves), sorted, once each.
pub(crate) fn destinations(legal: &[Move]) -> Vec<(Source, Cell)> {
    let mut out: Vec<(Source, Cell)> = legal
        .iter()
        .filter_map(|m| match *m {
            Move::Board { from, to, .. } => Some((Source::Cell(from), to)),
            Move::Double { from, mid, .. } => Some((Source::Cell(from), mid)),
            Move::Drop { kind, to } => Some((Source::Hand(kind), to)),
            Move::Pass => None,
        })
        .collect();
    out.sort_by_key(|(s, c)| {
        let k = match s {
            Source::Cell(x) => (0, x.0),
            Source::Hand(k) => (1, k.0),
        };
        (k, c.0)
    });
    out.dedup();
    out
}

impl Reducible for Play {
    type Action = Action;
    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
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
                s.game.undo();
                s.selected = None;
                s.pending = None;
                s.lion_first = None;
                s.foul = None;
            }
            Action::Resign => {
                let p = s.game.position().turn();
                s.game.resign(p);
            }
            Action::Tick => s.tick(),
            Action::Load(game) => {
                let clock = s.clock.as_ref().map(|c| c.control());
                let mut fresh = Play::new(*game, clock);
                fresh.version = s.version;
                fresh.flipped = s.flipped;
                fresh.seat = s.seat;
                fresh.numbers = s.numbers;
                fresh.two_char = s.two_char;
                fresh.usi = s.usi;
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
                s.game.agree_impasse();
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
                s.game.declare();
                s.declaring = false;
            }
            Action::Numbers => s.numbers = !s.numbers,
            Action::ImportError(e) => s.import_error = Some(e),
            Action::ImportText(t) => s.import_text = t,
            Action::Notice(n) => s.notice = Some(n),
        }
        if (s.game.position().hash(), s.game.moves().len()) != (hash, plies) {
            s.board += 1;
        }
        s.refresh();
        Rc::new(s)
    }
}

fn format_ms(ms: u64) -> String {
    let s = ms.div_ceil(1000);
    format!("{}:{:02}", s / 60, s % 60)
}

/// A seat's name on screen: its mark, and the player's name when one was given.
fn side_name(lang: Lang, game: GameId, p: Player, names: &[String]) -> String {
    let seat = koma_rules::names::seat_marked(game, p, lang);
    match names.get(p.index()).filter(|n| !n.is_empty()) {
        Some(n) => format!("{seat} ({n})"),
        None => seat.to_string(),
    }
}

/// Properties of [`PlayView`].
#[derive(Properties, PartialEq)]
pub struct PlayProps {
    /// How the game starts.
    pub start: Start,
}

/// A game in progress: board, status, refusals, move list, buttons.
#[function_component(PlayView)]
pub fn play_view(props: &PlayProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let built = use_memo(props.start.clone(), Start::build);
    let state = {
        let built = built.clone();
        let clock = props.start.clock;
        use_reducer_eq(move || {
            Play::new(
                (*built)
                    .clone()
                    .unwrap_or_else(|_| Game::new(GameId::Shogi, RuleOptions::default())),
                clock,
            )
        })
    };
    // the state the text around the board shows: the current one, a frame late after a move
    // (see `Play::board`)
    let panel = use_state(|| state.clone());
    {
        let panel = panel.clone();
        let current = state.clone();
        use_effect_with(state.version, move |_| {
            let timeout: Rc<std::cell::RefCell<Option<gloo::timers::callback::Timeout>>> =
                Rc::default();
            // at the next frame's start, a task for after it is painted
            let frame = (panel.version != current.version).then(|| {
                let timeout = timeout.clone();
                gloo::render::request_animation_frame(move |_| {
                    *timeout.borrow_mut() =
                        Some(gloo::timers::callback::Timeout::new(0, move || {
                            panel.set(current)
                        }));
                })
            });
            move || {
                drop(frame);
                drop(timeout.borrow_mut().take());
            }
        });
    }
    // the code a move runs is readied while the player looks at the board (see `warmup`)
    use_effect_with(props.start.game, |&game| {
        let work = crate::warmup::start(game);
        move || {
            if let Some(w) = work {
                w.destroy();
            }
        }
    });
    // callbacks that stay the same from render to render, so that the board and the move list
    // are redrawn only when what they show changes
    let dispatcher = state.dispatcher();
    let on_attempt = use_callback(dispatcher.clone(), |(s, c), d| {
        d.dispatch(Action::Attempt(s, c))
    });
    let on_select = use_callback(dispatcher.clone(), |s, d| d.dispatch(Action::Select(s)));
    let on_cell = use_callback(dispatcher.clone(), |c, d| d.dispatch(Action::Cell(c)));
    let on_promote = use_callback(dispatcher.clone(), |b, d| d.dispatch(Action::Promote(b)));
    let on_view = use_callback(dispatcher, |ply: usize, d| {
        d.dispatch(Action::View(Some(ply)))
    });
    // after a move the board is drawn at once and the text around it (the status line's words,
    // the move list, the panels below) in the frame after: see `Play::board`
    let lagging = panel.board != state.board && state.game.outcome().is_none();
    let shown: &Play = if lagging { &panel } else { &state };
    // the move list's texts, redone only when the moves or the notation change
    let texts = use_memo(
        (shown.game.start().clone(), shown.game.moves(), shown.usi),
        |(start, moves, usi)| move_texts(start, moves, *usi),
    );
    {
        // the clock ticks five times a second while the game has clocks
        let state = state.clone();
        let has_clock = props.start.clock.is_some();
        use_effect_with(has_clock, move |&on| {
            let interval = on.then(|| {
                gloo::timers::callback::Interval::new(200, move || state.dispatch(Action::Tick))
            });
            move || drop(interval)
        });
    }
    if let Err(e) = &*built {
        return html! {
            <section class="load-error" data-error="address">
                <p>{ e }</p>
                <p><a href="#/">{ "Back to the game list" }</a></p>
            </section>
        };
    }
    let st: &Play = &state;
    let game_id = st.game.position().game();
    let names = &props.start.names[..];
    let all_moves = st.game.moves();
    let viewing = st.view;
    let pos = st.shown_position();
    let v = pos.variant();
    let outcome = st.game.outcome();
    let turn = pos.turn();
    let cells = cells_of(&pos);
    let hands = hands_of(&pos);
    // the hex board seats the player to move at the bottom, unless kept fixed
    let viewer = if v.three_kingdoms {
        st.seat.unwrap_or(turn)
    } else {
        Player::FIRST
    };
    let dests = st.dests.clone();
    let moves = st.game.moves();
    let last = last_cells(&moves);
    let check = Status::of(&st.game, &pos).marked_royal;
    let choice = st.pending.map(|(from, to)| {
        let kind = pos.piece(from).kind();
        Choice::Promotion {
            to,
            kind,
            promoted: v.kind(kind).promotes_to.unwrap_or(kind),
        }
    });
    let can_pass = st.can_pass;

    let d = |a: fn() -> Action| {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(a()))
    };

    let (result, reason) = match outcome {
        None => ("ongoing".to_string(), String::new()),
        Some(o) => (
            o.winner.map_or("draw".to_string(), |w| w.0.to_string()),
            o.reason.id().to_string(),
        ),
    };
    let status_text = status_line(lang, names, shown);
    let clocks = st.clock.as_ref().map(|c| {
        let spent = st.spent();
        let running = outcome.is_none();
        let rows = (0..v.players()).rev().map(|p| {
            let mine = running && Player(p) == turn;
            let flagged = outcome.is_some_and(|o| o.reason == koma_rules::game::Reason::Time)
                && Player(p) == turn;
            let left = c.left(p as usize, if mine || flagged { spent } else { 0 });
            let (ms, text) = match left {
                None => (0, "0:00".to_string()),
                Some(l) if l.main_ms > 0 || c.control().byoyomi_ms == 0 => {
                    (l.main_ms, format_ms(l.main_ms))
                }
                Some(l) => (
                    l.period_ms,
                    format!("秒読み {} ({})", format_ms(l.period_ms), l.periods),
                ),
            };
            html! {
                <div class={classes!("clock", mine.then_some("running"))}
                    data-clock={p.to_string()} data-ms={ms.to_string()}>
                    { format!("{}: {text}", side_name(lang, game_id, Player(p), names)) }
                </div>
            }
        });
        html! { <div class="clocks">{ for rows }</div> }
    });
    let foul = st.foul.map(|e| {
        html! { <p class="foul" data-foul={e.rule_id()} role="alert">{ i18n::foul(lang, e) }</p> }
    });

    html! {
        <section class="play" data-game={game_id.as_str()}>
            <div class="status-area">
                <div class="status" data-status="" data-turn={turn.0.to_string()}
                    data-result={result} data-reason={reason} aria-live="polite">{ status_text }</div>
                { for foul }
            </div>
            { for clocks }
            <div class="nav">
                { nav_button(&state, "first", "«", (!all_moves.is_empty()).then_some(Some(0))) }
                { nav_button(&state, "prev", "‹", match viewing {
                    Some(0) => None,
                    Some(n) => Some(Some(n - 1)),
                    None => all_moves.len().checked_sub(1).map(Some),
                }) }
                { nav_button(&state, "next", "›", viewing.map(|n| (n + 1 < all_moves.len()).then_some(n + 1))) }
                { nav_button(&state, "last", "»", viewing.map(|_| None)) }
            </div>
            <Board variant={v} {cells} {hands} {turn} active={outcome.is_none() && viewing.is_none()} {dests}
                selected={st.selected} {last} {check} lion_first={st.lion_first} {choice}
                {on_attempt} {on_select} {on_cell} {on_promote}
                flipped={st.flipped} numbers={st.numbers} {viewer}
                two_char={st.two_char.unwrap_or(koma_rules::names::two_character_pieces(v.id))} />
            <div class="buttons">
                if can_pass {
                    <button data-action="pass" onclick={d(|| Action::Pass)}>{ lang.pick("完了", "Done") }</button>
                }
                if !props.start.strict {
                    <button data-action="undo" onclick={d(|| Action::Undo)}
                        disabled={moves.is_empty()}>{ lang.pick("待った", "Takeback") }</button>
                }
                <button data-action="resign" onclick={d(|| Action::Resign)}
                    disabled={outcome.is_some()}>{ lang.pick("投了", "Resign") }</button>
                if v.three_kingdoms {
                    { seat_select(&state, lang, v.players(), st.seat) }
                } else {
                    <button data-action="piece-style" onclick={d(|| Action::PieceStyle)}>
                        { if st.two_char.unwrap_or(koma_rules::names::two_character_pieces(v.id)) { "玉" } else { "玉将" } }</button>
                    if v.dims().0 <= 9 {
                        <button data-action="notation" onclick={d(|| Action::Notation)}>
                            { if st.usi { "７六歩" } else { "USI" } }</button>
                    }
                    <button data-action="flip" onclick={d(|| Action::Flip)}>{ lang.pick("盤面反転", "Flip") }</button>
                    <button data-action="numbers" onclick={d(|| Action::Numbers)}>
                        { if st.numbers { "一二三" } else { "123" } }</button>
                }
                <a href="#/">{ lang.pick("対局一覧", "Games") }</a>
            </div>
            { impasse_panel(&state, shown, shown.game.outcome().is_none()) }
            <MoveList {texts} current={shown.view.unwrap_or(shown.game.moves().len())} {on_view} />
            { record_panel(&state, shown, game_id, lang) }
        </section>
    }
}

/// The status line's words: whose turn and what it must do (checks, setup steps), or the result,
/// as the rules' [`Status`] says.
fn status_line(lang: Lang, names: &[String], st: &Play) -> String {
    let pos = st.shown_position();
    let game_id = pos.game();
    let status = Status::of(&st.game, &pos);
    let name = |p: Player| side_name(lang, game_id, p, names);
    let turn = status.turn;
    if let Some(o) = status.outcome {
        return match o.winner {
            Some(w) => match lang {
                Lang::Ja => format!("{}の勝ち：{}", name(w), i18n::reason(lang, o.reason)),
                Lang::En => format!("{} wins: {}", name(w), i18n::reason(lang, o.reason)),
            },
            None => format!(
                "{}{}",
                lang.pick("引き分け：", "Draw: "),
                i18n::reason(lang, o.reason)
            ),
        };
    }
    let mut t = match lang {
        Lang::Ja => format!("{}の手番", name(turn)),
        Lang::En => format!("{} to move", name(turn)),
    };
    match (lang, status.setup) {
        (_, None) => {}
        (Lang::Ja, Some(SetupStep::FillHoles(n))) => {
            t += &format!(" — 小駒で穴を埋める（残り{n}）")
        }
        (Lang::En, Some(SetupStep::FillHoles(n))) => {
            t += &format!(" — fill {n} hole(s) with small pieces")
        }
        (Lang::Ja, Some(SetupStep::Rearrange)) => t += " — 自陣を並べ替えて完了",
        (Lang::En, Some(SetupStep::Rearrange)) => t += " — rearrange your camp, then Done",
        (Lang::Ja, Some(SetupStep::PreMoves(n))) => t += &format!(" — 小駒の移動 残り{n}手"),
        (Lang::En, Some(SetupStep::PreMoves(n))) => t += &format!(" — {n} pre-move(s) left"),
    }
    if status.placing {
        t += lang.pick(
            " — 自陣の一段目に駒を置く",
            " — place a piece on your first rank",
        );
    }
    if status.check {
        t += lang.pick(" — 王手", " — check (王手)");
    }
    if status.double_check {
        let others: Vec<String> = status
            .checked
            .iter()
            .filter(|&&p| p != turn)
            .map(|&p| name(p))
            .collect();
        t += &match lang {
            Lang::Ja => format!(
                " — 両王手：{}と{}に王手、順番の早い{}から指す",
                name(turn),
                others.join("・"),
                name(turn)
            ),
            Lang::En => format!(
                " — double check (王手): {} and {} are both in check; {}, next \
                 round the table, moves first",
                name(turn),
                others.join(", "),
                name(turn)
            ),
        };
    } else if status.checked.contains(&turn) {
        t += &match (lang, status.returns_to) {
            (Lang::Ja, Some(c)) => {
                format!(" — 王手：{}が受けて、次は{}に戻る", name(turn), name(c))
            }
            (Lang::En, Some(c)) => format!(
                " — 王手: {} is in check and moves now; then back to {}",
                name(turn),
                name(c)
            ),
            (Lang::Ja, None) => format!(" — 王手：{}が受ける", name(turn)),
            (Lang::En, None) => format!(" — 王手: {} is in check", name(turn)),
        };
    }
    for &p in &status.on_centre {
        t += &match lang {
            Lang::Ja => format!(" — {}の将が中央（手番が来れば勝ち）", name(p)),
            Lang::En => format!(
                " — {}'s general is on the centre and wins when its turn comes",
                name(p)
            ),
        };
    }
    t
}

/// Properties of [`MoveList`].
#[derive(Properties, PartialEq)]
pub(crate) struct MoveListProps {
    /// Each move's text, oldest first.
    pub texts: Rc<Vec<AttrValue>>,
    /// The ply whose position is shown.
    pub current: usize,
    /// A click on a move: show the position after it.
    pub on_view: Callback<usize>,
}

/// The move list. Each move is its own component, so that a new move adds one item and
/// redraws none of the others.
#[function_component(MoveList)]
pub(crate) fn move_list(p: &MoveListProps) -> Html {
    let items = p.texts.iter().enumerate().map(|(i, text)| {
        let ply = i + 1;
        html! {
            <MoveItem {ply} text={text.clone()} current={p.current == ply}
                on_view={p.on_view.clone()} />
        }
    });
    html! { <ol class="moves" aria-label="moves">{ for items }</ol> }
}

/// Properties of [`MoveItem`].
#[derive(Properties, PartialEq)]
struct MoveItemProps {
    ply: usize,
    text: AttrValue,
    current: bool,
    on_view: Callback<usize>,
}

#[function_component(MoveItem)]
fn move_item(p: &MoveItemProps) -> Html {
    let onclick = {
        let (on, ply) = (p.on_view.clone(), p.ply);
        Callback::from(move |_: MouseEvent| on.emit(ply))
    };
    html! {
        <li data-ply={p.ply.to_string()} class={classes!(p.current.then_some("current"))}
            {onclick}>{ p.text.clone() }</li>
    }
}

/// The hexagon's seat at the bottom: the player to move (the board turns each turn, for
/// pass-and-play), or one seat kept there.
fn seat_select(
    state: &UseReducerHandle<Play>,
    lang: Lang,
    players: u8,
    seat: Option<Player>,
) -> Html {
    let onchange = {
        let state = state.clone();
        Callback::from(move |e: Event| {
            if let Some(v) = crate::select_value(&e) {
                let p = v.parse::<u8>().ok().map(Player);
                state.dispatch(Action::Seat(p));
            }
        })
    };
    let seats = (0..players).map(|p| {
        let label = match lang {
            Lang::Ja => format!("{}を手前に固定", koma_rules::sangoku::SEATS[p as usize % 3]),
            Lang::En => format!("keep {} at the bottom", koma_rules::sangoku::SEATS[p as usize % 3]),
        };
        html! { <option value={p.to_string()} selected={seat == Some(Player(p))}>{ label }</option> }
    });
    html! {
        <label class="seat">{ lang.pick("盤の向き ", "Board ") }
            <select name="seat" {onchange}>
                <option value="turn" selected={seat.is_none()}>
                    { lang.pick("手番の人が手前", "turns to the player to move") }</option>
                { for seats }
            </select></label>
    }
}

/// A move-list navigation button: `to` is the view to show (`Some(None)`: the current
/// position), or `None` when the button does nothing now.
fn nav_button(
    state: &UseReducerHandle<Play>,
    id: &'static str,
    label: &'static str,
    to: Option<Option<usize>>,
) -> Html {
    let onclick = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(v) = to {
                state.dispatch(Action::View(v));
            }
        })
    };
    html! { <button data-nav={id} disabled={to.is_none()} {onclick}>{ label }</button> }
}

/// Impasse (持将棋) with the live point count, and shogi's entering-king declaration (入玉宣言)
/// showing which of its conditions hold before the player confirms.
fn impasse_panel(state: &UseReducerHandle<Play>, st: &Play, ongoing: bool) -> Html {
    let status = Status::of(&st.game, st.game.position());
    if !status.impasse {
        return Html::default();
    }
    let d = |a: fn() -> Action| {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(a()))
    };
    let [s, g] = st.game.impasse_points();
    let entered = st.game.both_kings_entered();
    let declaration = status.declaration.then(|| {
        let dc = st.game.declaration();
        let yes_no = |b: bool| if b { "✓" } else { "✗" };
        let rows = if st.declaring {
            html! {
                <ul class="conditions" data-declaration="">
                    <li data-condition="king-in-camp">{ format!("{} 玉が敵陣三段目以内 king in the enemy camp", yes_no(dc.king_in_camp)) }</li>
                    <li data-condition="pieces">{ format!("{} 敵陣に10枚以上 ({}) ten pieces in the camp", yes_no(dc.pieces_in_camp >= 10), dc.pieces_in_camp) }</li>
                    <li data-condition="not-in-check">{ format!("{} 王手されていない not in check", yes_no(dc.not_in_check)) }</li>
                    <li data-condition="points">{ format!("点数 points {} (31 wins, 24-30 draws)", dc.points) }</li>
                    <li><button data-action="declare-confirm" onclick={d(|| Action::Declare)}>
                        { "Declare 宣言する" }</button></li>
                </ul>
            }
        } else {
            Html::default()
        };
        html! {
            <>
                <button data-action="declare" disabled={!ongoing} onclick={d(|| Action::ShowDeclaration)}>
                    { "入玉宣言 declaration…" }</button>
                { rows }
            </>
        }
    });
    html! {
        <div class="impasse">
            <span data-impasse-points={format!("{s},{g}")}>
                { format!("持将棋 points ☗ {s} · ☖ {g}") }</span>
            <button data-action="impasse" disabled={!(ongoing && entered)} onclick={d(|| Action::Impasse)}>
                { "Agree impasse 持将棋" }</button>
            { for declaration }
        </div>
    }
}

/// Export and import: the text of the game in a format, and a box and a file picker to load one.
fn record_panel(state: &UseReducerHandle<Play>, st: &Play, game_id: GameId, lang: Lang) -> Html {
    use crate::record::{Format, export};
    use koma_rules::record::has_kif;
    use wasm_bindgen::JsCast;
    let show = |f: Format| {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(Action::Export(f)))
    };
    let text = st.export.map(|f| export(&st.game, f));
    let options = st.game.options();
    let load = {
        let state = state.clone();
        move |bytes: &[u8]| match koma_rules::record::load(game_id, options, bytes) {
            Ok(g) => state.dispatch(Action::Load(Box::new(g))),
            Err(e) => state.dispatch(Action::ImportError(e.to_string())),
        }
    };
    let on_import = {
        let load = load.clone();
        let text = state.import_text.clone();
        Callback::from(move |_: MouseEvent| load(text.as_bytes()))
    };
    let on_text = {
        let state = state.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(t) = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::HtmlTextAreaElement>().ok())
            {
                state.dispatch(Action::ImportText(t.value()));
            }
        })
    };
    let on_file = {
        let load = load.clone();
        let reader = std::rc::Rc::new(std::cell::RefCell::new(None));
        Callback::from(move |e: Event| {
            let Some(file) = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
                .and_then(|i| i.files())
                .and_then(|f| f.get(0))
            else {
                return;
            };
            let load = load.clone();
            let task = gloo::file::callbacks::read_as_bytes(&file.into(), move |r| {
                if let Ok(bytes) = r {
                    load(&bytes);
                }
            });
            *reader.borrow_mut() = Some(task);
        })
    };
    // the clipboard: copy the record shown; paste one and load it (the browser may ask first)
    let on_copy = text.clone().map(|t| {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| {
            let Some(w) = web_sys::window() else { return };
            let promise = w.navigator().clipboard().write_text(&t);
            let state = state.clone();
            wasm_bindgen_futures::spawn_local(async move {
                match wasm_bindgen_futures::JsFuture::from(promise).await {
                    Ok(_) => state.dispatch(Action::Notice(
                        lang.pick("クリップボードにコピーした", "Copied to the clipboard.")
                            .into(),
                    )),
                    Err(_) => state.dispatch(Action::Notice(
                        lang.pick(
                            "クリップボードに書けない：テキストを選んでコピーしてください",
                            "The clipboard cannot be written here: select the text and copy it.",
                        )
                        .into(),
                    )),
                }
            });
        })
    });
    let on_paste = {
        let load = load.clone();
        let state = state.clone();
        Callback::from(move |_: MouseEvent| {
            let Some(w) = web_sys::window() else { return };
            let promise = w.navigator().clipboard().read_text();
            let load = load.clone();
            let state = state.clone();
            wasm_bindgen_futures::spawn_local(async move {
                match wasm_bindgen_futures::JsFuture::from(promise).await {
                    Ok(v) => load(v.as_string().unwrap_or_default().as_bytes()),
                    Err(_) => state.dispatch(Action::ImportError(
                        lang.pick(
                            "クリップボードを読めない：下の欄に貼り付けて「読込」を押してください",
                            "The clipboard cannot be read here: paste into the box below, then Load.",
                        )
                        .into(),
                    )),
                }
            });
        })
    };
    let download = text.as_ref().map(|t| {
        let name = match st.export {
            Some(Format::Kif) => "koma.kif",
            _ => "koma.txt",
        };
        let href = format!(
            "data:text/plain;charset=utf-8,{}",
            js_sys::encode_uri_component(t)
        );
        html! { <a class="download" {href} download={name}>{ "Download" }</a> }
    });
    html! {
        <details class="record" open={st.export.is_some() || st.import_error.is_some()}>
            <summary>{ "Record 棋譜" }</summary>
            <div class="buttons">
                <button data-export-format="sfen" onclick={show(Format::Sfen)}>{ "SFEN" }</button>
                <button data-export-format="usi" onclick={show(Format::Usi)}>{ "USI" }</button>
                if has_kif(game_id) {
                    <button data-export-format="kif" onclick={show(Format::Kif)}>{ "KIF" }</button>
                }
                { for download }
                if let Some(on_copy) = on_copy {
                    <button data-action="copy" onclick={on_copy}>{ "Copy コピー" }</button>
                }
                <button data-action="paste" onclick={on_paste}>{ "Paste and load 貼り付け" }</button>
            </div>
            if let Some(n) = &st.notice {
                <p class="notice" data-notice="" role="status">{ n }</p>
            }
            if let Some(t) = text {
                <textarea data-export="" readonly=true rows="8" value={t} />
            }
            <textarea data-import="" rows="4" placeholder="Paste SFEN, USI moves or KIF here"
                value={state.import_text.clone()} oninput={on_text} />
            <div class="buttons">
                <button data-action="import" onclick={on_import}>{ "Load 読込" }</button>
                <input type="file" data-import-file="" accept=".kif,.kifu,.txt,.sfen,.usi" onchange={on_file} />
            </div>
            if let Some(e) = &st.import_error {
                <p class="foul" data-import-error="" role="alert">{ e }</p>
            }
        </details>
    }
}
