//! Boards embedded in other pages: the same board, rules and hooks as the app, without its
//! chrome, in an iframe (`embed.html?...`, `web/embed/embed.js`) or as a custom element
//! (`<koma-board ...>`, `web/embed/koma-embed.js`). Both give the same [`Options`] (query
//! parameters or attributes, all text) to [`mount`] (through the `koma-board` binary's
//! `mount_board`, their own wasm: the board without the app's screens), and report to the host through one
//! function: `koma:ready`, `koma:move`, `koma:foul`, `koma:puzzle`, `koma:exercise` and
//! `koma:end`, each with an
//! [`Event`] turned into a plain JavaScript object by serde-wasm-bindgen.
//!
//! Modes: `view` (the position at `ply`, nothing moves), `replay` (step through `moves` with
//! the controls; each ply's caption), `play` (the reader moves; the rules refuse a foul by its
//! name, in words on the board), `puzzle` (`moves` from `ply` on are the solution: the reader
//! plays the expected move, the reply follows; a wrong try is answered and taken back),
//! `exercise` (`goal=` a goal the rules judge, `par=` the moves for three stars, default the
//! fewest the solver finds, at most [`MAX_PAR`]; `reply=best|none` whether the opponents
//! answer: see [`crate::exercise`]). An exercise that cannot be done within its par, or at all,
//! is named in the frame instead of a board, so a page's author sees it at once.
//!
//! A mate puzzle (its line ends in the reader's win) takes every move that mates as fast: a
//! move that is not the stored one is given to the mate solver
//! ([`koma_engine::mate::tsume::mate_within`], by the game's own rules, every ply counted), and
//! when it mates within the plies the line had left, the solver's line (the longest defence)
//! goes on from it. Where the bounded solver cannot follow the checks (chu shogi, the hexagon's
//! two players) the plain solver's mate is taken when it is no longer than the plies left (a
//! longer one it finds may hide a shorter: such a move is called wrong). A puzzle with no moves after `ply` asks the solver for the mate of the
//! position as given (`[data-puzzle="nomate"]` when it finds none). The solver runs in the
//! board's own wasm, bounded by positions searched (300,000), so that the page waits
//! at most a moment.
//!
//! Every option is data, never markup: names, captions and positions are shown as text (Yew
//! escapes them), each text is cut to a size, and what cannot be read gets a message in the
//! frame naming it, never a blank or a panic.

use std::rc::Rc;

use koma_rules::{Game, GameId, Move, Player, notation};
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;
use yew::prelude::*;

use crate::board::{Board, Shape};
use crate::i18n::{self, Lang};
use crate::problem::{Problem, Takes};
use crate::start::Start;
use crate::table::{Table, TableAction, result_hooks};
use crate::view::{cells_of, hands_of, last_cells};
use koma_rules::setups::GameStart;

/// The longest text an option may be (characters); longer is cut.
const MAX_TEXT: usize = 2000;
/// The most moves a line may have.
const MAX_MOVES: usize = 1000;
/// The most marks and arrows.
const MAX_SHAPES: usize = 200;

/// What a host gives an embedded board: the iframe's query parameters or the element's
/// attributes, all as text.
#[derive(Deserialize, Serialize, Clone, Debug, Default, PartialEq)]
pub struct Options {
    /// The game id (default `shogi`).
    #[serde(default)]
    pub game: Option<String>,
    /// The start position in the game's notation (SFEN, or the hex notation).
    #[serde(default)]
    pub sfen: Option<String>,
    /// A handicap id, as `koma setups <game>` prints them.
    #[serde(default)]
    pub setup: Option<String>,
    /// Chu shogi's rules preset (`jcsa`, `lishogi`).
    #[serde(default)]
    pub preset: Option<String>,
    /// Moves from the start, space-separated, in the game's notation.
    #[serde(default)]
    pub moves: Option<String>,
    /// The ply shown first (default: after every move; in a puzzle, 0).
    #[serde(default)]
    pub ply: Option<String>,
    /// `view`, `replay`, `play` or `puzzle`.
    #[serde(default)]
    pub mode: Option<String>,
    /// `ja` or `en`.
    #[serde(default)]
    pub lang: Option<String>,
    /// `1`: gote at the bottom (square boards); on the hexagon, the seat at the bottom.
    #[serde(default)]
    pub flip: Option<String>,
    /// Marked cells, space-separated, each optionally `:<brush>` (green, red, blue, yellow).
    #[serde(default)]
    pub marks: Option<String>,
    /// Arrows `<from>><to>`, space-separated, each optionally `:<brush>`.
    #[serde(default)]
    pub arrows: Option<String>,
    /// A caption under the board.
    #[serde(default)]
    pub caption: Option<String>,
    /// A caption for each ply (0 the start), separated by `|`.
    #[serde(default)]
    pub captions: Option<String>,
    /// The host's name for this board, echoed in every event.
    #[serde(default)]
    pub id: Option<String>,
    /// An exercise's goal (`mode=exercise`): `reach:<cells>`, `capture:<cells>`, `mate`,
    /// `win`, `draw`, `escape`, `check`, `pass`, `foul:<rule id>`, `promote`, `promote:no`,
    /// `declare`, `impasse` (see [`koma_learn::goal`]).
    #[serde(default)]
    pub goal: Option<String>,
    /// An exercise's par, the moves for three stars (default: the fewest, found by the solver).
    #[serde(default)]
    pub par: Option<String>,
    /// Whether the opponents answer an exercise's moves: `best` or `none` (default: `best` for
    /// `mate`, `win` and `draw`, else `none`).
    #[serde(default)]
    pub reply: Option<String>,
}

/// How the reader may use the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    /// A position, still.
    View,
    /// Step through the moves.
    Replay,
    /// Move as the rules allow.
    Play,
    /// Find the expected moves.
    Puzzle,
    /// Reach a goal the rules judge ([`crate::exercise`]).
    Exercise,
}

/// The options, read and checked.
#[derive(Clone, Debug)]
pub struct Embed {
    /// The game before any move.
    pub game: Game,
    /// The line of moves.
    pub line: Vec<Move>,
    /// The ply shown first.
    pub ply: usize,
    /// The mode.
    pub mode: Mode,
    /// The language.
    pub lang: Lang,
    /// Gote at the bottom.
    pub flip: bool,
    /// The hexagon's seat at the bottom.
    pub seat: Option<Player>,
    /// Marks and arrows.
    pub shapes: Vec<Shape>,
    /// The caption under the board.
    pub caption: Option<String>,
    /// Each ply's caption.
    pub captions: Vec<String>,
    /// The host's name for the board.
    pub id: String,
    /// An exercise's step (`mode=exercise`).
    pub step: Option<Rc<koma_learn::Step>>,
}

/// An option's text, trimmed; `None` when empty.
fn text(o: &Option<String>) -> Option<&str> {
    o.as_deref().map(str::trim).filter(|s| !s.is_empty())
}

/// Text as given, cut to `MAX_TEXT` characters.
fn cut(s: &str) -> String {
    s.chars().take(MAX_TEXT).collect()
}

/// The colours of marks and arrows.
const BRUSHES: [&str; 4] = ["green", "red", "blue", "yellow"];

fn brush(s: Option<&str>) -> Result<&'static str, Problem> {
    let s = s.unwrap_or("green");
    BRUSHES
        .into_iter()
        .find(|&b| b == s)
        .ok_or_else(|| value("brush", s, Takes::OneOf(&BRUSHES)))
}

/// A value that cannot be used: its key, the value (cut), what it takes.
fn value(key: &'static str, v: &str, takes: Takes) -> Problem {
    Problem::Value {
        key,
        value: cut(v),
        takes,
    }
}

impl Options {
    /// Options from a query string (`?game=shogi&moves=7g7f+3c3d`: `+` and `%xx` decoded).
    pub fn from_query(query: &str) -> Options {
        let mut o = Options::default();
        for pair in query.trim_start_matches('?').split('&') {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            let v = Some(crate::decode(v));
            match k {
                "game" => o.game = v,
                "sfen" | "position" => o.sfen = v,
                "setup" => o.setup = v,
                "preset" => o.preset = v,
                "moves" => o.moves = v,
                "ply" => o.ply = v,
                "mode" => o.mode = v,
                "lang" => o.lang = v,
                "flip" => o.flip = v,
                "marks" => o.marks = v,
                "arrows" => o.arrows = v,
                "caption" => o.caption = v,
                "captions" => o.captions = v,
                "id" => o.id = v,
                "goal" => o.goal = v,
                "par" => o.par = v,
                "reply" => o.reply = v,
                _ => {}
            }
        }
        o
    }

    /// Read and check the options.
    ///
    /// # Errors
    /// What cannot be read, named.
    pub fn read(&self) -> Result<Embed, Problem> {
        let game: GameId = match text(&self.game) {
            None => GameId::default(),
            Some(g) => g.parse().map_err(|_| Problem::UnknownGame(cut(g)))?,
        };
        let mode = match text(&self.mode).unwrap_or("view") {
            "view" => Mode::View,
            "replay" => Mode::Replay,
            "play" => Mode::Play,
            "puzzle" => Mode::Puzzle,
            "exercise" => Mode::Exercise,
            m => {
                return Err(value(
                    "mode",
                    m,
                    Takes::OneOf(&["view", "replay", "play", "puzzle", "exercise"]),
                ));
            }
        };
        let lang = match text(&self.lang) {
            Some("en") => Lang::En,
            Some("ja") | None => Lang::Ja,
            Some(l) => return Err(value("lang", l, Takes::OneOf(&["ja", "en"]))),
        };
        let start = Start::of(GameStart {
            setup: text(&self.setup).map(cut),
            position: text(&self.sfen).map(cut),
            preset: text(&self.preset).map(cut),
            ..GameStart::new(game)
        });
        let first = start.build()?;
        let v = first.position().variant();
        let mut line = Vec::new();
        let mut game_now = first.clone();
        let words: Vec<&str> = text(&self.moves)
            .map(|m| m.split_whitespace().collect())
            .unwrap_or_default();
        if words.len() > MAX_MOVES {
            return Err(Problem::TooMany {
                moves: true,
                count: words.len(),
                max: MAX_MOVES,
            });
        }
        for (i, w) in words.iter().enumerate() {
            let mv = notation::read_move(v, w).map_err(|error| Problem::MoveText {
                number: i + 1,
                text: cut(w),
                error,
            })?;
            game_now.play(mv).map_err(|error| Problem::Illegal {
                number: i + 1,
                text: cut(w),
                error,
            })?;
            line.push(mv);
        }
        let ply = match text(&self.ply) {
            None if mode == Mode::Puzzle => 0,
            None => line.len(),
            Some(p) => p
                .parse::<usize>()
                .ok()
                .filter(|&p| p <= line.len())
                .ok_or_else(|| value("ply", p, Takes::Range(0, line.len())))?,
        };
        let (flip, seat) = match text(&self.flip) {
            None | Some("0") => (false, None),
            Some("1") if !koma_rules::Description::of(v.id).hexagon() => (true, None),
            Some(s) if koma_rules::Description::of(v.id).hexagon() => match s.parse::<u8>() {
                Ok(n) if n < v.players() => (false, Some(Player(n))),
                _ => return Err(value("flip", s, Takes::Seat(v.players() - 1))),
            },
            Some(s) => return Err(value("flip", s, Takes::OneOf(&["1", "0"]))),
        };
        let cell = |s: &str| {
            v.geometry
                .cells()
                .find(|&c| v.cell_name(c) == s)
                .ok_or_else(|| Problem::Cell { text: cut(s), game })
        };
        let mut shapes = Vec::new();
        for m in text(&self.marks)
            .map(|m| m.split_whitespace().collect::<Vec<_>>())
            .unwrap_or_default()
        {
            let (c, b) = m.split_once(':').map_or((m, None), |(c, b)| (c, Some(b)));
            shapes.push(Shape::Mark {
                cell: cell(c)?,
                brush: brush(b)?,
            });
        }
        for a in text(&self.arrows)
            .map(|m| m.split_whitespace().collect::<Vec<_>>())
            .unwrap_or_default()
        {
            let (ft, b) = a.split_once(':').map_or((a, None), |(c, b)| (c, Some(b)));
            let (f, t) = ft
                .split_once('>')
                .ok_or_else(|| value("arrow", a, Takes::Arrow))?;
            shapes.push(Shape::Arrow {
                from: cell(f)?,
                to: cell(t)?,
                brush: brush(b)?,
            });
        }
        if shapes.len() > MAX_SHAPES {
            return Err(Problem::TooMany {
                moves: false,
                count: shapes.len(),
                max: MAX_SHAPES,
            });
        }
        let step = match mode {
            Mode::Exercise => Some(Rc::new(self.step(&first, &line)?)),
            _ => None,
        };
        Ok(Embed {
            step,
            game: first,
            line,
            ply,
            mode,
            lang,
            flip,
            seat,
            shapes,
            caption: text(&self.caption).map(cut),
            captions: text(&self.captions)
                .map(|c| {
                    c.split('|')
                        .take(MAX_MOVES + 1)
                        .map(|s| cut(s.trim()))
                        .collect()
                })
                .unwrap_or_default(),
            id: text(&self.id)
                .map(|s| s.chars().take(100).collect())
                .unwrap_or_default(),
        })
    }
}

/// The most moves an exercise's par may be.
pub const MAX_PAR: u32 = 12;

impl Options {
    /// An exercise's step: the position and moves read, the goal, the reply and the par
    /// (the solver's fewest when none is given; a par the solver cannot meet is named).
    fn step(&self, first: &Game, line: &[Move]) -> Result<koma_learn::Step, Problem> {
        use koma_learn::{Goal, Reply, Step, solve};
        let v = first.position().variant();
        let goal_text = text(&self.goal).ok_or_else(|| Problem::Goal {
            text: String::new(),
            error: koma_learn::GoalError::Unknown(String::new()),
        })?;
        let goal = Goal::read(v, goal_text).map_err(|error| Problem::Goal {
            text: cut(goal_text),
            error,
        })?;
        let reply = match text(&self.reply) {
            None => Reply::default_for(&goal),
            Some(r) => {
                Reply::read(r).ok_or_else(|| value("reply", r, Takes::OneOf(&["best", "none"])))?
            }
        };
        let given = match text(&self.par) {
            None => None,
            Some(p) => Some(
                p.parse::<u32>()
                    .ok()
                    .filter(|p| (1..=MAX_PAR).contains(p))
                    .ok_or_else(|| value("par", p, Takes::Range(1, MAX_PAR as usize)))?,
            ),
        };
        let mut game = first.clone();
        for &mv in line {
            // (played by `read` already)
            let _ = game.play(mv);
        }
        let mut step = Step::of_game(&game, goal, given.unwrap_or(MAX_PAR), reply);
        let found = solve::solve(&step).map_err(Problem::Exercise)?;
        if given.is_none() {
            step.par = found.moves;
        }
        Ok(step)
    }
}

pub use crate::events::Event;

/// Properties of [`EmbedBoard`].
#[derive(Properties, Clone, PartialEq)]
pub struct EmbedProps {
    /// The options.
    pub options: Options,
    /// Where events go.
    pub emit: Callback<Event>,
    /// What a page that holds a puzzle board adds (none in an embed).
    #[prop_or_default]
    pub host: PuzzleHost,
}

/// A refutation asked of the page: the game after the wrong try, and where its best reply
/// (none: no reply found) goes.
pub type Refute = Callback<(Game, Callback<Option<Move>>)>;

/// What the puzzles screen adds to a puzzle board: hints, the solution played out, and a wrong
/// try's refutation played before it is taken back.
#[derive(Clone, Default, PartialEq)]
pub struct PuzzleHost {
    /// Hints asked: one marks the piece to move (a drop: the cell it goes to), two or more the
    /// whole move.
    pub hints: u8,
    /// Play the rest of the solution out, the reader's moves too.
    pub solution: bool,
    /// Find the best reply to a wrong try; without it a wrong try is taken back at once.
    pub refute: Option<Refute>,
}

/// An embedded board: reads its options, shows a message when they cannot be read.
#[function_component(EmbedBoard)]
pub fn embed_board(props: &EmbedProps) -> Html {
    let read = use_memo(props.options.clone(), Options::read);
    match &*read {
        Ok(Embed {
            step: Some(step),
            lang,
            flip,
            seat,
            shapes,
            caption,
            id,
            ..
        }) => html! {
            // the hexagon keeps the learner's seat at the bottom unless another is asked: the
            // board does not turn while the opponents answer
            <crate::exercise::ExerciseBoard key={format!("{:?}", props.options)} step={step.clone()}
                lang={*lang} flip={*flip}
                seat={seat.or_else(|| koma_rules::Description::of(step.position.game()).hexagon().then(|| step.learner()))}
                shapes={Rc::new(shapes.clone())}
                caption={caption.clone()} id={id.clone()} emit={props.emit.clone()} />
        },
        Ok(e) => {
            html! { <Embedded key={format!("{:?}", props.options)} embed={Rc::new(e.clone())} emit={props.emit.clone()} host={props.host.clone()} /> }
        }
        Err(problem) => {
            let lang = if props.options.lang.as_deref() == Some("en") {
                Lang::En
            } else {
                Lang::Ja
            };
            html! {
                <div class="koma-embed" data-embed="">
                    <p class="embed-error" data-error="embed" role="alert">
                        { lang.pick("この盤は表示できません：", "This board cannot be shown: ") }{ problem.text(lang) }</p>
                </div>
            }
        }
    }
}

#[derive(Properties)]
struct EmbeddedProps {
    embed: Rc<Embed>,
    emit: Callback<Event>,
    host: PuzzleHost,
}

impl PartialEq for EmbeddedProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.embed, &other.embed) && self.emit == other.emit && self.host == other.host
    }
}

/// The first state: the line played up to `ply` (in `view` and `replay` every move, looked at
/// from `ply`); in a puzzle the reader moves from `ply` and the line's replies follow.
fn initial(e: &Embed) -> Table {
    let mut game = e.game.clone();
    let still = matches!(e.mode, Mode::View | Mode::Replay);
    let upto = if still { e.line.len() } else { e.ply };
    for &m in &e.line[..upto] {
        let _ = game.play(m);
    }
    let mut t = Table::new(game);
    t.flipped = e.flip;
    t.seat = e.seat;
    if still {
        t.look(Some(e.ply));
    }
    t
}

/// A puzzle's answer so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Answer {
    /// Waiting for the reader's move.
    Waiting,
    /// The reader's last move was the expected one.
    Right,
    /// The reader's last try was not the expected move (taken back).
    Wrong,
    /// Every expected move was found.
    Solved,
    /// No moves were given and the solver found no mate.
    NoMate,
}

impl Answer {
    fn id(self) -> &'static str {
        match self {
            Answer::Waiting => "waiting",
            Answer::Right => "right",
            Answer::Wrong => "wrong",
            Answer::Solved => "solved",
            Answer::NoMate => "nomate",
        }
    }

    fn words(self, lang: Lang) -> &'static str {
        match self {
            Answer::Waiting => lang.pick("次の一手は？", "Your move: find the best one."),
            Answer::Right => lang.pick("正解！", "Right!"),
            Answer::Wrong => lang.pick(
                "その手ではありません。もう一度。",
                "Not that move: try again.",
            ),
            Answer::Solved => lang.pick("正解です。完了！", "Solved!"),
            Answer::NoMate => lang.pick(
                "この局面に王手の連続での詰みは見つかりません。",
                "No mate by checks was found in this position.",
            ),
        }
    }
}

/// An event about the position `st` shows.
fn event(e: &Embed, st: &Table, kind: &str) -> Event {
    let pos = st.shown_position();
    Event {
        kind: kind.to_string(),
        id: e.id.clone(),
        game: pos.game().as_str().to_string(),
        ply: st.shown_ply(),
        position: notation::write_position(&pos),
        r#move: None,
        by: None,
        rule: None,
        message: None,
        winner: None,
        reason: None,
        state: None,
        stars: None,
    }
}

/// How long the puzzle's reply waits, so the reader sees their own move first (ms).
const REPLY_MS: u32 = 400;
/// How long a wrong try's refutation stays on the board before both are taken back (ms).
const REFUTED_MS: u32 = 1500;

/// The most positions the mate solver searches for a puzzle's move or its solution (a
/// fraction of a second natively, about twice that in wasm).
const SOLVER_NODES: u64 = 300_000;

fn solver_limits() -> koma_engine::mate::MateLimits {
    koma_engine::mate::MateLimits {
        nodes: Some(SOLVER_NODES),
        time_ms: None,
        hash_mb: 16,
    }
}

/// A puzzle's solution: the moves given, or, when none follow `ply`, the solver's shortest mate
/// of the position there (none found: the moves given).
fn solution_of(e: &Embed) -> Vec<Move> {
    let three = koma_rules::Description::of(e.game.position().game()).three_players();
    if e.mode != Mode::Puzzle || e.line.len() > e.ply || three {
        return e.line.clone();
    }
    let mut pos = e.game.position().clone();
    for &m in &e.line[..e.ply] {
        pos.play_unchecked(m);
    }
    let clock = koma_engine::search::NoClock;
    let limits = solver_limits();
    let Some(best) = koma_engine::mate::tsume::shortest_mate(&pos, &limits, &limits, &clock) else {
        return e.line.clone();
    };
    let mut line = e.line[..e.ply].to_vec();
    line.extend(best);
    line
}

/// Whether playing all of `line` from the start of `e`'s game ends it in `reader`'s win (a
/// mate puzzle).
fn ends_in_win(e: &Embed, line: &[Move], reader: Player) -> bool {
    let mut game = e.game.clone();
    line.iter().all(|&m| game.play(m).is_ok())
        && game.outcome().is_some_and(|o| o.winner == Some(reader))
}

/// A mate puzzle's line after the reader's move that is not the stored one: the moves played
/// (`game`'s) and the solver's line from there, when the move mates within the plies `left`
/// after it.
fn another_mate(game: &Game, reader: Player, left: usize) -> Option<Vec<Move>> {
    use koma_engine::mate::tsume::{Within, mate_within};
    let mut line = game.moves().to_vec();
    if let Some(o) = game.outcome() {
        return (o.winner == Some(reader)).then_some(line);
    }
    let plies = u32::try_from(left).ok()?;
    let clock = koma_engine::search::NoClock;
    let pos = game.position();
    match mate_within(pos, reader, plies, &solver_limits(), &clock) {
        Within::Mate(rest) => {
            line.extend(rest);
            Some(line)
        }
        // the games whose checks the bounded solver cannot follow (chu shogi, the hexagon's
        // two players): the mate the solver finds, when it is no longer than the plies left
        Within::Unknown if !pos.rules().capabilities().shows_check && pos.turn() != reader => {
            match koma_engine::mate::solve_for(pos, reader, &solver_limits(), &clock).answer {
                koma_engine::mate::Answer::Mate(rest) if rest.len() <= left => {
                    line.extend(rest);
                    Some(line)
                }
                _ => None,
            }
        }
        _ => None,
    }
}

/// Where a wrong try's refutation goes: played, shown a moment, then taken back with the try
/// (the moves after `back` plies).
fn refuted(
    state: &UseReducerHandle<Table>,
    refuting: &UseStateHandle<bool>,
    back: usize,
) -> Callback<Option<Move>> {
    let (state, refuting) = (state.clone(), refuting.clone());
    let (hash, plies) = state.key();
    Callback::from(move |reply: Option<Move>| {
        if let Some(mv) = reply {
            state.dispatch(TableAction::Reply { plies, hash, mv });
        }
        let (state, refuting) = (state.clone(), refuting.clone());
        gloo::timers::callback::Timeout::new(REFUTED_MS, move || {
            state.dispatch(TableAction::BackTo(back));
            refuting.set(false);
        })
        .forget();
    })
}

/// A hint's shapes: the next expected move's piece (`hints` 1) or the move (2 and more).
fn hint_shapes(hints: u8, next: Option<Move>) -> Vec<Shape> {
    let Some(mv) = next.filter(|_| hints > 0) else {
        return Vec::new();
    };
    let brush = "green";
    match (mv.from(), mv.to()) {
        (Some(from), Some(to)) if hints > 1 => vec![Shape::Arrow { from, to, brush }],
        (Some(cell), _) | (None, Some(cell)) => vec![Shape::Mark { cell, brush }],
        (None, None) => Vec::new(),
    }
}

#[function_component(Embedded)]
fn embedded(props: &EmbeddedProps) -> Html {
    let e = props.embed.clone();
    let lang = e.lang;
    let state = {
        let e = e.clone();
        use_reducer_eq(move || initial(&e))
    };
    let reader = use_memo((), {
        let state = state.clone();
        move |_| state.game.position().turn()
    });
    // the solution (the solver's when none is given), and whether it is a mate
    let solution = {
        let e = e.clone();
        use_mut_ref(move || solution_of(&e))
    };
    let mate_puzzle = {
        let (e, solution, reader) = (e.clone(), solution.clone(), *reader);
        use_memo((), move |_| ends_in_win(&e, &solution.borrow(), reader))
    };
    let answer = {
        let none = e.mode == Mode::Puzzle && solution.borrow().len() <= e.ply;
        use_state(move || {
            if none {
                Answer::NoMate
            } else {
                Answer::Waiting
            }
        })
    };
    // a wrong try and its refutation on the board, before they are taken back
    let refuting = use_state_eq(|| false);
    // ready, once
    {
        let (state, e, emit) = (state.clone(), e.clone(), props.emit.clone());
        use_effect_with((), move |_| emit.emit(event(&e, &state, "koma:ready")));
    }
    // every change of the position shown: the move that led there, the puzzle, the end
    {
        let (state, e, emit, answer) =
            (state.clone(), e.clone(), props.emit.clone(), answer.clone());
        let (refute, refuting) = (props.host.refute.clone(), refuting.clone());
        let reader = *reader;
        let (solution, mate_puzzle) = (solution.clone(), *mate_puzzle);
        let last = use_mut_ref(|| state.view.unwrap_or(state.game.moves().len()));
        let key = (state.board_changes, state.view, state.game.outcome());
        use_effect_with(key, move |_| {
            let moves = state.game.moves();
            let shown = state.view.unwrap_or(moves.len());
            let before = std::mem::replace(&mut *last.borrow_mut(), shown);
            let v = state.game.position().variant();
            let mut reply = None;
            if shown != before {
                let mut ev = event(&e, &state, "koma:move");
                let mv = if state.view.is_some() {
                    e.line.get(shown.wrapping_sub(1))
                } else {
                    moves.last()
                };
                ev.r#move = mv.map(|&m| notation::write_move(v, m));
                ev.by = Some(match e.mode {
                    Mode::View | Mode::Replay => "replay".to_string(),
                    _ => "reader".to_string(),
                });
                // in a puzzle, a move by the side that replies is the line's reply
                if e.mode == Mode::Puzzle && shown > before {
                    let mut p = state.game.start().clone();
                    for m in &moves[..shown - 1] {
                        p.play_unchecked(*m);
                    }
                    if p.turn() != reader {
                        ev.by = Some("puzzle".into());
                    }
                }
                emit.emit(ev);
            }
            if e.mode == Mode::Puzzle && state.view.is_none() && shown > e.ply && !*refuting {
                let expected = solution.borrow().get(shown - 1).copied();
                let mut wrong = shown > before && moves.last().copied() != expected;
                // another move that mates as fast: the solver's line goes on from it
                if wrong && mate_puzzle {
                    let left = solution.borrow().len().saturating_sub(shown);
                    if let Some(line) = another_mate(&state.game, reader, left) {
                        *solution.borrow_mut() = line;
                        wrong = false;
                    }
                }
                let len = solution.borrow().len();
                if wrong {
                    answer.set(Answer::Wrong);
                    let mut ev = event(&e, &state, "koma:puzzle");
                    ev.rule = Some(Answer::Wrong.id().into());
                    ev.message = Some(Answer::Wrong.words(lang).into());
                    emit.emit(ev);
                    match &refute {
                        Some(refute) => {
                            refuting.set(true);
                            refute
                                .emit((state.game.clone(), refuted(&state, &refuting, shown - 1)));
                        }
                        None => state.dispatch(TableAction::Undo),
                    }
                } else if shown >= len {
                    answer.set(Answer::Solved);
                    let mut ev = event(&e, &state, "koma:puzzle");
                    ev.rule = Some(Answer::Solved.id().into());
                    ev.message = Some(Answer::Solved.words(lang).into());
                    emit.emit(ev);
                } else if state.game.position().turn() != reader {
                    answer.set(Answer::Right);
                    if let Some(&next) = solution.borrow().get(shown) {
                        let (hash, plies) = state.key();
                        let state = state.clone();
                        reply = Some(gloo::timers::callback::Timeout::new(REPLY_MS, move || {
                            state.dispatch(TableAction::Reply {
                                plies,
                                hash,
                                mv: next,
                            })
                        }));
                    }
                }
            }
            if shown != before
                && let Some(o) = state.game.outcome().filter(|_| state.view.is_none())
            {
                let mut ev = event(&e, &state, "koma:end");
                ev.winner = o.winner.map(|w| w.0);
                ev.reason = Some(o.reason);
                emit.emit(ev);
            }
            move || drop(reply)
        });
    }
    // a refused move: named on the board and to the host
    {
        let (state, e, emit) = (state.clone(), e.clone(), props.emit.clone());
        use_effect_with((state.version, state.foul), move |&(_, foul)| {
            if let Some(f) = foul {
                let mut ev = event(&e, &state, "koma:foul");
                ev.rule = Some(f.rule_id().to_string());
                ev.message = Some(i18n::foul(lang, f));
                emit.emit(ev);
            }
        });
    }
    // the solution asked for: each of the reader's moves played for them, the replies follow
    {
        let (state, solution, answer) = (state.clone(), solution.clone(), *answer);
        let (show, reader, busy) = (props.host.solution, *reader, *refuting);
        let key = (show, state.board_changes, busy);
        use_effect_with(key, move |_| {
            let shown = state.game.moves().len();
            let next = solution.borrow().get(shown).copied();
            let mut timer = None;
            if show
                && !busy
                && state.view.is_none()
                && answer != Answer::Solved
                && state.game.position().turn() == reader
                && let Some(mv) = next
            {
                let (hash, plies) = state.key();
                let state = state.clone();
                timer = Some(gloo::timers::callback::Timeout::new(REPLY_MS, move || {
                    state.dispatch(TableAction::Reply { plies, hash, mv })
                }));
            }
            move || drop(timer)
        });
    }
    let hints = {
        let turn = state.game.position().turn();
        let next = solution.borrow().get(state.game.moves().len()).copied();
        let waiting = turn == *reader && !matches!(*answer, Answer::Solved) && !*refuting;
        hint_shapes(if waiting { props.host.hints } else { 0 }, next)
    };
    view(&state, &e, *answer, *reader, *refuting, hints)
}

/// The embedded board's page: the board, a short status, the refusal or the puzzle's answer,
/// the caption, and the replay's controls.
fn view(
    state: &UseReducerHandle<Table>,
    e: &Embed,
    answer: Answer,
    reader: Player,
    refuting: bool,
    hints: Vec<Shape>,
) -> Html {
    let st: &Table = state;
    let lang = e.lang;
    let pos = st.shown_position();
    let v = pos.variant();
    let turn = pos.turn();
    let outcome = st.game.outcome().filter(|_| st.view.is_none());
    let moves = st.game.moves();
    let shown = st.view.unwrap_or(moves.len());
    let interactive = matches!(e.mode, Mode::Play | Mode::Puzzle);
    let active = interactive
        && !refuting
        && st.view.is_none()
        && outcome.is_none()
        && (e.mode != Mode::Puzzle
            || (turn == reader && !matches!(answer, Answer::Solved | Answer::NoMate)));
    let dispatcher = state.dispatcher();
    let on_attempt = Callback::from({
        let d = dispatcher.clone();
        move |(s, c)| d.dispatch(TableAction::Attempt(s, c))
    });
    let on_select = Callback::from({
        let d = dispatcher.clone();
        move |s| d.dispatch(TableAction::Select(s))
    });
    let on_cell = Callback::from({
        let d = dispatcher.clone();
        move |c| d.dispatch(TableAction::Cell(c))
    });
    let on_promote = Callback::from({
        let d = dispatcher.clone();
        move |b| d.dispatch(TableAction::Promote(b))
    });
    let choice = st.promotion_choice(&pos);
    let last = if st.view.is_some() {
        last_cells(&e.line[..shown.min(e.line.len())])
    } else {
        last_cells(moves)
    };
    let check = koma_rules::status::Status::of(&st.game, &pos).marked_royal;
    let viewer = st.viewer(&pos);
    let (result, reason) = result_hooks(outcome);
    // the app's own status line (checks, the hexagon's turn jump, the result), unnamed seats
    let status = st.status_line(lang, &[]);
    let caption = e
        .captions
        .get(shown)
        .filter(|c| !c.is_empty())
        .or(e.caption.as_ref())
        .cloned();
    let nav = |id: &'static str, label: &'static str, to: Option<Option<usize>>| {
        let d = dispatcher.clone();
        let onclick = Callback::from(move |_: MouseEvent| {
            if let Some(v) = to {
                d.dispatch(TableAction::View(v));
            }
        });
        html! { <button data-nav={id} disabled={to.is_none()} {onclick}>{ label }</button> }
    };
    let len = moves.len();
    let controls = (e.mode == Mode::Replay && len > 0).then(|| {
        html! {
            <div class="nav">
                { nav("first", "«", (shown > 0).then_some(Some(0))) }
                { nav("prev", "‹", (shown > 0).then_some(Some(shown - 1))) }
                <span class="ply" data-ply-shown={shown.to_string()}>{ format!("{shown}/{len}") }</span>
                { nav("next", "›", (shown < len).then(|| (shown + 1 < len).then_some(shown + 1))) }
                { nav("last", "»", (shown < len).then_some(None)) }
            </div>
        }
    });
    let foul = st.foul.map(|f| {
        html! { <p class="foul" data-foul={f.rule_id()} role="alert">{ i18n::foul(lang, f) }</p> }
    });
    let puzzle = (e.mode == Mode::Puzzle).then(|| {
        html! { <p class={classes!("puzzle", answer.id())} data-puzzle={answer.id()} role="status">{ answer.words(lang) }</p> }
    });
    html! {
        <ContextProvider<Lang> context={lang}>
        <div class="koma-embed" data-embed={e.mode_id()} lang={lang.pick("ja", "en")}>
            <div class="status" data-status="" data-turn={turn.0.to_string()}
                data-result={result} data-reason={reason} aria-live="polite">{ status }</div>
            <Board variant={v} cells={cells_of(&pos)} hands={hands_of(&pos)} homes={crate::view::homes(v)} {turn} {active}
                dests={st.dests.clone()} selected={st.selected} {last} {check}
                lion_first={st.lion_first} {choice} {on_attempt} {on_select} {on_cell} {on_promote}
                flipped={st.flipped} {viewer} shapes={Rc::new(e.shapes.iter().cloned().chain(hints).collect::<Vec<_>>())}
                two_char={koma_rules::names::two_character_pieces(v.id)} />
            { for foul }
            { for puzzle }
            if let Some(c) = caption {
                <p class="caption" data-caption="">{ c }</p>
            }
            { for controls }
        </div>
        </ContextProvider<Lang>>
    }
}

impl Embed {
    fn mode_id(&self) -> &'static str {
        match self.mode {
            Mode::View => "view",
            Mode::Replay => "replay",
            Mode::Play => "play",
            Mode::Puzzle => "puzzle",
            Mode::Exercise => "exercise",
        }
    }
}

/// An embedded board mounted on an element (the `koma-board` binary hands it to JavaScript).
pub struct Mounted {
    app: Option<yew::AppHandle<EmbedBoard>>,
    emit: Callback<Event>,
}

/// Options from a JavaScript value (an object of strings); anything else reads as an object
/// whose `game` names the problem, so the board shows a message.
pub fn options_of(value: &JsValue) -> Options {
    serde_wasm_bindgen::from_value(value.clone()).unwrap_or_else(|e| Options {
        game: Some(format!("(options: {e})")),
        ..Options::default()
    })
}

impl Mounted {
    /// Show other options (a new position, moves, mode...): the board starts again from them.
    pub fn update(&mut self, options: Options) {
        if let Some(app) = self.app.as_mut() {
            app.update(EmbedProps {
                options,
                emit: self.emit.clone(),
                host: PuzzleHost::default(),
            });
        }
    }

    /// Take the board off the page.
    pub fn destroy(&mut self) {
        if let Some(app) = self.app.take() {
            app.destroy();
        }
    }
}

/// Mount an embedded board on `root` with `options`; `emit(type, detail)` is called with each
/// [`Event`] as a plain object.
pub fn mount(root: web_sys::Element, options: Options, emit: js_sys::Function) -> Mounted {
    let emit = Callback::from(move |ev: Event| {
        let kind = JsValue::from_str(&ev.kind);
        let serializer = serde_wasm_bindgen::Serializer::json_compatible();
        if let Ok(detail) = ev.serialize(&serializer) {
            let _ = emit.call2(&JsValue::NULL, &kind, &detail);
        }
    });
    let props = EmbedProps {
        options,
        emit: emit.clone(),
        host: PuzzleHost::default(),
    };
    Mounted {
        app: Some(yew::Renderer::<EmbedBoard>::with_root_and_props(root, props).render()),
        emit,
    }
}

/// The options of a query string (the iframe's `location.search`), as an object of strings.
pub fn query_options(search: &str) -> JsValue {
    let serializer = serde_wasm_bindgen::Serializer::json_compatible();
    Options::from_query(search)
        .serialize(&serializer)
        .unwrap_or(JsValue::NULL)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// In a game whose checks the bounded solver cannot follow (the hexagon's two players), a
    /// reader's mating move is answered by the plain solver's mate, when it fits the plies left.
    #[test]
    fn another_mate_in_a_game_without_shown_checks_asks_the_plain_solver() {
        use koma_engine::mate::tsume::{Within, mate_within};
        let pos = koma_rules::notation::read_position(
            GameId::Sangoku2,
            "4bK/6/7/8/9/8/7/6/2aK2 a a2SaC -",
        )
        .unwrap();
        let reader = pos.turn();
        let clock = koma_engine::search::NoClock;
        let koma_engine::mate::Answer::Mate(line) =
            koma_engine::mate::solve(&pos, &solver_limits(), &clock).answer
        else {
            panic!("the cavalry and two spearmen mate");
        };
        let mut game = Game::from_position(pos.clone(), pos.options());
        game.play(line[0]).unwrap();
        // (the bounded solver does not decide here: the branch under test is taken)
        assert_eq!(
            mate_within(game.position(), reader, 9, &solver_limits(), &clock),
            Within::Unknown
        );
        let found = another_mate(&game, reader, line.len() - 1).expect("a mate");
        assert_eq!(found[0], line[0]);
        koma_engine::mate::verify(&pos, reader, &found).unwrap();
        // not within fewer plies than the mate takes
        assert_eq!(another_mate(&game, reader, 1), None);
    }

    fn opts(q: &str) -> Result<Embed, String> {
        Options::from_query(q)
            .read()
            .map_err(|e| e.text(crate::i18n::Lang::En))
    }

    #[test]
    fn options_are_read_and_checked() {
        let e = opts("?game=shogi&moves=7g7f+3c3d+8h2b%2B&ply=1&mode=replay&lang=en&flip=1&marks=2b:red+5e&arrows=7g>7f:blue&caption=%3Cscript%3E&id=x").unwrap();
        assert_eq!(e.line.len(), 3);
        assert_eq!(
            (e.ply, e.mode, e.lang, e.flip),
            (1, Mode::Replay, Lang::En, true)
        );
        assert_eq!(e.shapes.len(), 3);
        // a caption is text, kept as given (the page shows it escaped)
        assert_eq!(e.caption.as_deref(), Some("<script>"));
        let e = opts("?game=sangoku&flip=2&mode=puzzle").unwrap();
        assert_eq!((e.seat, e.ply), (Some(Player(2)), 0));
        // what cannot be read is named
        for (q, word) in [
            ("?game=chess", "chess"),
            ("?mode=edit", "edit"),
            ("?lang=fr", "fr"),
            ("?moves=7g7f+7g7f", "move 2"),
            ("?moves=zz", "move 1"),
            ("?moves=7g7f&ply=5", "ply"),
            ("?sfen=nonsense", "position"),
            ("?marks=10z", "10z"),
            ("?arrows=7g7f", "arrow"),
            ("?marks=5e:pink", "pink"),
            ("?game=sangoku&flip=7", "flip"),
            ("?setup=nothing", "nothing"),
            ("?mode=exercise", "needs a goal"),
            ("?mode=exercise&goal=checkmate", "checkmate"),
            ("?mode=exercise&goal=reach:9z", "9z"),
            ("?mode=exercise&goal=mate&reply=some", "reply"),
            ("?mode=exercise&goal=mate&par=40", "par"),
            (
                "?mode=exercise&sfen=9/9/9/9/4B4/9/9/9/9+b+-+1&goal=reach:5a&par=1",
                "cannot be done: no line reaches the goal within 1 moves",
            ),
            (
                "?mode=exercise&sfen=9/9/9/9/4B4/9/9/9/9+b+-+1&goal=reach:5e",
                "before any move",
            ),
        ] {
            let err = opts(q).unwrap_err();
            assert!(err.contains(word), "{q}: {err}");
        }
        // huge texts are cut
        let long = "x".repeat(10_000);
        let e = opts(&format!("?caption={long}")).unwrap();
        assert_eq!(e.caption.map(|c| c.chars().count()), Some(MAX_TEXT));
        assert!(opts(&format!("?game={long}")).unwrap_err().len() < MAX_TEXT + 100);
        let many = vec!["7g7f 3c3d 7f7e 3d3e"; 300].join(" ");
        assert!(
            opts(&format!("?moves={many}"))
                .unwrap_err()
                .contains("at most")
        );
    }

    #[test]
    fn an_exercise_s_par_is_the_fewest_moves_unless_given() {
        let e = opts("?mode=exercise&sfen=9/9/9/9/4B4/9/9/9/9+b+-+1&goal=reach:5a").unwrap();
        let step = e.step.expect("a step");
        assert_eq!(step.par, 2);
        assert_eq!(step.reply, koma_learn::Reply::None);
        let e = opts("?mode=exercise&sfen=9/9/9/9/4B4/9/9/9/9+b+-+1&goal=reach:5a&par=3").unwrap();
        assert_eq!(e.step.expect("a step").par, 3);
        // a mate: the opponents answer by default
        let e = opts("?mode=exercise&sfen=4k4/9/4P4/9/9/9/9/9/4K4+b+G+1&goal=mate").unwrap();
        let step = e.step.expect("a step");
        assert_eq!((step.par, step.reply), (1, koma_learn::Reply::Best));
    }

    fn words(e: &Embed, line: &[Move]) -> Vec<String> {
        let v = e.game.position().variant();
        line.iter().map(|&m| notation::write_move(v, m)).collect()
    }

    #[test]
    fn a_puzzle_without_moves_is_the_solver_s_mate_and_another_mate_is_taken() {
        // no moves: the solver's mate in one
        let e = opts("?game=shogi&sfen=4k4/9/4P4/9/9/9/9/9/4K4+b+2G+1&mode=puzzle").unwrap();
        assert_eq!(words(&e, &solution_of(&e)), ["G*5b"]);
        // no mate by checks: no solution, the moves given kept
        let e = opts("?game=shogi&sfen=4k4/9/9/9/9/9/9/9/4K4+b+P+1&mode=puzzle").unwrap();
        assert!(solution_of(&e).is_empty());
        // moves given: they are the solution, the solver not asked
        let e =
            opts("?game=shogi&sfen=8k/9/7G1/9/9/9/9/9/K8+b+G+1&moves=G*1b&mode=puzzle").unwrap();
        assert_eq!(words(&e, &solution_of(&e)), ["G*1b"]);
        let reader = e.game.position().turn();
        assert!(ends_in_win(&e, &e.line, reader));
        // the other gold's mate is as fast: taken, the line ending there
        let mut game = e.game.clone();
        let other = notation::read_move(game.position().variant(), "G*2b").unwrap();
        game.play(other).unwrap();
        assert_eq!(
            another_mate(&game, reader, 0).map(|l| words(&e, &l)),
            Some(vec!["G*2b".to_string()])
        );
        // a gold that only checks is not
        let mut game = e.game.clone();
        let check = notation::read_move(game.position().variant(), "G*2a").unwrap();
        game.play(check).unwrap();
        assert_eq!(another_mate(&game, reader, 0), None);
        // a mate in three: after its first move, the solver's defence and mate follow
        let e = opts("?game=shogi&sfen=9/4k4/9/4P4/9/9/9/9/K8+b+2G+1&mode=puzzle").unwrap();
        let line = solution_of(&e);
        assert_eq!(line.len(), 3, "{:?}", words(&e, &line));
        let mut game = e.game.clone();
        game.play(line[0]).unwrap();
        let again = another_mate(&game, reader, 2).unwrap();
        assert_eq!(again.len(), 3);
        assert!(ends_in_win(&e, &again, reader));
        // too slow: a mate in three is not one in one
        assert_eq!(another_mate(&game, reader, 0), None);
    }
}
