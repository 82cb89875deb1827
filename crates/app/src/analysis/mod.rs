//! The analysis board, `#/analysis/<game>`: a position or a game with its variations, the
//! engine's best lines for the position shown, and the record with its branches.
//!
//! The address takes what `#/play/<game>` takes for the start (`sfen`, `setup`, `preset`,
//! `saved`) and `moves` (the moves played from it, in the game's notation, separated by commas
//! or spaces: `+` is a promotion's mark, not a space), `ply` (the move shown; default the last)
//! and `lines` (1 to 5 of the engine's lines; default 1). `saved=<id>` opens a saved game.
//!
//! Hooks: `[data-analysis]` on the root; one `[data-line="<n>"]` per line (n from 1) with
//! `data-score` (`cp:<centipawns from sente's side>` or `mate:<plies>`, negative when sente is
//! mated; in the three-player game one value per seat, comma-separated), `data-depth` and
//! `data-moves` (the line in the game's notation, space-separated), its moves as
//! `[data-line-move="<k>"]` (clicking one plays the line up to it); the lines' first moves drawn
//! on the board as `[data-arrow]` (a drop: `"<piece>*><cell>"`); the evaluation bar
//! `[data-eval-bar]` with `data-sente` (sente's winning chances in percent); the record's moves
//! and variations (`analysis::moves`); `[data-action="promote"]`, `[data-action="delete"]`.
//! The mate search (two-player games): `[data-action="mate"]` asks it for the position shown
//! (`analysis::mate`); `[data-mate]` holds its answer (`searching`, `mate`, `nomate`, `unknown`)
//! with `data-moves` (the mate in the game's notation, both sides' moves) and the moves as
//! `[data-mate-move="<k>"]` (clicking one plays the mate up to it).
//!
//! The evaluation bar turns a score into winning chances with a logistic curve,
//! `50 + 50 * (2 / (1 + exp(-0.0015 * cp)) - 1)` ([`winning_chances`]: +3 pawns is 61 %, +10
//! pawns 82 %); a mate is 0 or 100.

mod engine;
mod mate;
mod moves;
pub mod review;
pub mod study;

use std::rc::Rc;

use koma_rules::tree::{NodeId, ROOT, Tree};
use koma_rules::{Description, GameId, Move, RuleOptions, kanji, notation};
use yew::prelude::*;

use crate::board::{Board, Shape};
use crate::i18n::Lang;
use crate::problem::{Problem, Saved};
use crate::start::Start;
use crate::table::TableAction;
use crate::view::{cells_of, hands_of, last_cells};
use study::{MAX_LINES, Study, StudyAction};

/// What the address asks the analysis board to show.
#[derive(Clone, Debug, PartialEq)]
pub struct AnalysisStart {
    /// The start (game, position or setup, preset, saved game).
    pub start: Start,
    /// The moves from the start, in the game's notation.
    pub moves: Vec<String>,
    /// The move shown (plies from the start); none: the last.
    pub ply: Option<usize>,
    /// The engine's lines (1 to 5).
    pub lines: u8,
}

impl AnalysisStart {
    /// The start of `game`, no moves, one line.
    pub fn new(game: GameId) -> AnalysisStart {
        AnalysisStart {
            start: Start::new(game),
            moves: Vec::new(),
            ply: None,
            lines: 1,
        }
    }

    /// The tree, the move shown and the rules' options, or what is wrong.
    ///
    /// # Errors
    /// The address's fault (a position, a move, the saved game), in words.
    pub fn open(&self) -> Result<(Tree, NodeId, RuleOptions), Problem> {
        let game = match &self.start.saved {
            Some(id) => {
                let saved = crate::storage::load_game(id).map_err(|e| match e {
                    crate::storage::LoadError::NotFound => {
                        Problem::Saved(id.clone(), Saved::Missing)
                    }
                    crate::storage::LoadError::Newer(v) => {
                        Problem::Saved(id.clone(), Saved::Newer(v))
                    }
                    crate::storage::LoadError::Unreadable(why) => {
                        Problem::Saved(id.clone(), Saved::Unreadable(why))
                    }
                })?;
                saved
                    .restore()
                    .map_err(|e| Problem::Saved(id.clone(), Saved::Replay(Box::new(e))))?
                    .game
            }
            None => {
                let mut g = self.start.build()?;
                let v = g.position().variant();
                for (i, text) in self.moves.iter().enumerate() {
                    let mv = notation::read_move(v, text).map_err(|error| Problem::MoveText {
                        number: i + 1,
                        text: text.clone(),
                        error,
                    })?;
                    g.play(mv).map_err(|error| Problem::Illegal {
                        number: i + 1,
                        text: text.clone(),
                        error,
                    })?;
                }
                g
            }
        };
        let moves = game.moves();
        let tree = Tree::from_line(game.start().clone(), moves);
        let main = tree.main_line();
        let node = match self.ply {
            None => main.last().copied().unwrap_or(ROOT),
            Some(0) => ROOT,
            Some(n) if n <= main.len() => main[n - 1],
            Some(n) => {
                return Err(Problem::PlyBeyond {
                    ply: n,
                    moves: main.len(),
                });
            }
        };
        Ok((tree, node, game.options()))
    }
}

/// The analysis board's address for `game` at ply `ply` (its start as a named setup where it
/// is one, else its position; its moves; the rules' preset).
pub fn href(game: &koma_rules::Game, ply: usize) -> String {
    let v = game.position().variant();
    let setup = koma_rules::setups::setups(v.id).into_iter().find(|s| {
        s.id != koma_rules::setups::EVEN.id
            && koma_rules::setups::setup_position(v.id, s.id).as_ref() == Some(game.start())
    });
    let mut q = Vec::new();
    if let Some(s) = setup {
        q.push(format!("setup={}", s.id));
    } else if *game.start() != koma_rules::Position::start(v.id) {
        q.push(format!(
            "sfen={}",
            crate::encode(&notation::write_position(game.start()))
        ));
    }
    let preset = game.options().preset;
    if preset != koma_rules::ChuPreset::default() {
        q.push(format!("preset={}", preset.id()));
    }
    let moves: Vec<String> = game
        .moves()
        .iter()
        .map(|&m| crate::encode(&notation::write_move(v, m)))
        .collect();
    if !moves.is_empty() {
        q.push(format!("moves={}", moves.join(",")));
        q.push(format!("ply={ply}"));
    }
    let query = if q.is_empty() {
        String::new()
    } else {
        format!("?{}", q.join("&"))
    };
    format!("#/analysis/{}{query}", v.id.as_str())
}

/// Sente's winning chances (0 to 100) for a score from sente's side (`cp:<n>` or
/// `mate:<plies>`), by the logistic curve in the module's docs.
pub fn winning_chances(score: &str) -> Option<f64> {
    let (kind, n) = score.split_once(':')?;
    let n: f64 = n.parse().ok()?;
    match kind {
        "cp" => Some(50.0 + 50.0 * (2.0 / (1.0 + (-0.0015 * n).exp()) - 1.0)),
        "mate" if n > 0.0 => Some(100.0),
        "mate" => Some(0.0),
        _ => None,
    }
}

/// A score as the lines show it: pawns with a sign (`+1.3`), or who mates in how many moves
/// (`☗ mate in 3`, `☗5手詰`); in the three-player game each seat's.
pub fn score_label(score: &str, game: GameId, lang: Lang) -> String {
    let one = |s: &str, seat: Option<u8>| -> String {
        let prefix = seat
            .map(|p| {
                format!(
                    "{} ",
                    koma_rules::names::seat(game, koma_rules::Player(p), lang)
                )
            })
            .unwrap_or_default();
        match s.split_once(':') {
            Some(("cp", n)) => {
                let cp: f64 = n.parse().unwrap_or(0.0);
                // a tenth of a pawn, no sign on a score that rounds to nought
                let pawns = (cp / 10.0).round() / 10.0;
                if pawns == 0.0 {
                    format!("{prefix}0.0")
                } else {
                    format!("{prefix}{pawns:+.1}")
                }
            }
            Some(("mate", n)) => {
                let plies: i32 = n.parse().unwrap_or(0);
                let moves = (plies.abs() + 1) / 2;
                match seat {
                    // the seat wins (positive) or loses
                    Some(_) => match (plies > 0, lang) {
                        (true, Lang::Ja) => format!("{prefix}勝ち（{}手）", plies.abs()),
                        (false, Lang::Ja) => format!("{prefix}負け（{}手）", plies.abs()),
                        (true, Lang::En) => format!("{prefix}wins in {}", plies.abs()),
                        (false, Lang::En) => format!("{prefix}loses in {}", plies.abs()),
                    },
                    None => {
                        let mark = if plies > 0 { "☗" } else { "☖" };
                        match lang {
                            Lang::Ja => format!("{mark}{}手詰", plies.abs()),
                            Lang::En => format!("{mark} mate in {moves}"),
                        }
                    }
                }
            }
            _ => s.to_string(),
        }
    };
    if score.contains(',') {
        score
            .split(',')
            .enumerate()
            .map(|(i, s)| one(s, Some(i as u8)))
            .collect::<Vec<_>>()
            .join(" · ")
    } else {
        one(score, None)
    }
}

/// Properties of [`AnalysisView`].
#[derive(Properties, PartialEq)]
pub struct AnalysisProps {
    /// What the address asks for.
    pub start: AnalysisStart,
}

/// The analysis board.
#[function_component(AnalysisView)]
pub fn analysis_view(props: &AnalysisProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let opened = use_memo(props.start.clone(), |s| s.open());
    match &*opened {
        Ok((tree, node, options)) => html! {
            <Analysis tree={Rc::new(tree.clone())} node={*node} options={*options}
                lines={props.start.lines} saved={props.start.start.saved.clone()} />
        },
        Err(e) => crate::screen::address_error(lang, &e.text(lang)),
    }
}

#[derive(Properties, PartialEq)]
struct BoardProps {
    tree: Rc<Tree>,
    node: NodeId,
    options: RuleOptions,
    lines: u8,
    saved: Option<String>,
}

#[function_component(Analysis)]
fn analysis(p: &BoardProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let state = {
        let (tree, node, options, lines) = ((*p.tree).clone(), p.node, p.options, p.lines);
        let saved = p.saved.clone();
        use_reducer_eq(move || Study::new(tree, node, options, lines, saved))
    };
    engine::use_analysis(&state);
    mate::use_mate_search(&state);
    review::use_review(&state);
    let wide = crate::screen::use_wide();
    let annotations = crate::embed_builder::use_annotations(state.tree.start().game());
    let dispatcher = state.dispatcher();
    let on_attempt = use_callback(dispatcher.clone(), |(s, c), d| {
        d.dispatch(StudyAction::Table(TableAction::Attempt(s, c)))
    });
    let on_select = use_callback(dispatcher.clone(), |s, d| {
        d.dispatch(StudyAction::Table(TableAction::Select(s)))
    });
    let on_cell = use_callback(dispatcher.clone(), |c, d| {
        d.dispatch(StudyAction::Table(TableAction::Cell(c)))
    });
    let on_promote = use_callback(dispatcher.clone(), |b, d| {
        d.dispatch(StudyAction::Table(TableAction::Promote(b)))
    });
    let on_go = use_callback(dispatcher, |n: NodeId, d| d.dispatch(StudyAction::Go(n)));
    // the record's texts, written again when the tree or the notation changes
    let texts = use_memo((state.tree_version, state.usi), {
        let tree = state.tree.clone();
        move |&(_, usi)| moves::texts(&tree, usi)
    });
    let tree = use_memo(state.tree_version, {
        let tree = state.tree.clone();
        move |_| tree
    });

    let record = use_record_view(&state, lang);
    let st: &Study = &state;
    let game = st.game();
    let pos = game.position();
    let v = pos.variant();
    let gid = v.id;
    let moves = game.moves();
    let check = koma_rules::status::Status::of(game, pos).marked_royal;
    // the engine's arrows, and the marks and arrows drawn for a page
    let shapes = Rc::new(
        arrows(st)
            .into_iter()
            .chain(annotations.shapes().iter().copied())
            .collect::<Vec<_>>(),
    );
    let start_text = notation::write_position(st.tree.start());
    let line: Rc<Vec<String>> = Rc::new(
        st.tree
            .line_through(st.node)
            .into_iter()
            .filter_map(|n| st.tree.mv(n))
            .map(|m| notation::write_move(v, m))
            .collect(),
    );
    let status = st.table.status_line(lang, &[]);
    let foul = st.table.foul.map(|e| {
        html! { <p class="foul" data-foul={e.rule_id()} role="alert">{ crate::i18n::foul(lang, e) }</p> }
    });
    let d = |a: StudyAction| {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(a.clone()))
    };
    let two_players = !Description::of(gid).three_players();
    let bar = two_players.then(|| eval_bar(st));
    let play_here = format!(
        "#/play/{}?sfen={}",
        gid.as_str(),
        crate::encode(&notation::write_position(pos))
    );
    html! {
        <section class="play analysis" data-analysis="" data-game={gid.as_str()} data-wide={wide.to_string()}
            data-ply={moves.len().to_string()}>
            <div class="board-area" ref={annotations.area.clone()}>
                { for bar }
                <Board variant={v} cells={cells_of(pos)} hands={hands_of(pos)} homes={crate::view::homes(v)}
                    turn={pos.turn()} active={game.outcome().is_none()} dests={st.table.dests.clone()}
                    selected={st.table.selected} last={last_cells(moves)} {check}
                    lion_first={st.table.lion_first} choice={st.table.promotion_choice(pos)}
                    {on_attempt} {on_select} {on_cell} {on_promote}
                    flipped={st.table.flipped} numbers={st.numbers} viewer={st.table.viewer(pos)}
                    {shapes} side_hands={wide}
                    two_char={koma_rules::names::two_character_pieces(gid)} />
            </div>
            <div class="side">
                <div class="status-area">
                    <div class="status" data-status="" data-turn={pos.turn().0.to_string()}>{ status }</div>
                    { for foul }
                </div>
                { lines_view(&state, lang) }
                { review::review_view(&state, lang) }
                <div class="controls" data-controls="">
                    <div class="nav">
                        <button data-nav="first" disabled={st.node == ROOT} onclick={d(StudyAction::First)}>{ "«" }</button>
                        <button data-nav="prev" disabled={st.node == ROOT} onclick={d(StudyAction::Back)}>{ "‹" }</button>
                        <button data-nav="next" disabled={st.tree.children(st.node).is_empty()} onclick={d(StudyAction::Forward)}>{ "›" }</button>
                        <button data-nav="last" disabled={st.tree.children(st.node).is_empty()} onclick={d(StudyAction::Last)}>{ "»" }</button>
                    </div>
                    <div class="buttons">
                        <button data-action="promote" disabled={st.tree.on_main_line(st.node)}
                            onclick={d(StudyAction::Promote)}>{ lang.pick("本線にする", "Make main line") }</button>
                        <button data-action="delete" disabled={st.node == ROOT}
                            onclick={d(StudyAction::Delete)}>{ lang.pick("ここから削除", "Delete from here") }</button>
                        if koma_rules::kanji::has_japanese_moves(gid) {
                            <button data-action="notation" onclick={d(StudyAction::Notation)}>
                                { if st.usi { "７六歩" } else { "USI" } }</button>
                        }
                        if two_players {
                            <button data-action="flip" onclick={d(StudyAction::Table(TableAction::Flip))}>{ lang.pick("盤面反転", "Flip") }</button>
                        }
                        <a href={play_here} data-action="play-from-here">{ lang.pick("ここから対局", "Play from here") }</a>
                    </div>
                </div>
                <moves::MoveTree {tree} {texts} current={st.node} {on_go} />
                { record }
                <crate::embed_builder::EmbedBuilder game={gid} position={Some(start_text)} moves={line}
                    ply={Some(st.tree.ply(st.node))} annotations={annotations.clone()} />
            </div>
        </section>
    }
}

/// The first move of each line, drawn on the board: the best line's in blue, the others paler;
/// where a judged move of the review is shown, the engine's better move in green.
fn arrows(st: &Study) -> Vec<Shape> {
    let better = review::better_move(st).and_then(|m| match m {
        Move::Board { from, to, .. } | Move::Double { from, to, .. } if from != to => {
            Some(Shape::Arrow {
                from,
                to,
                brush: "green",
            })
        }
        Move::Drop { kind, to } => Some(Shape::Drop {
            kind,
            // the mover of the move shown
            owner: st
                .tree
                .parent(st.node)
                .map(|p| game_turn(st, p))
                .unwrap_or(koma_rules::Player::FIRST),
            to,
            brush: "green",
        }),
        _ => None,
    });
    let Some(found) = &st.found else {
        return better.into_iter().collect();
    };
    let mut seen: Vec<Move> = Vec::new();
    let turn = st.game().position().turn();
    found
        .lines
        .iter()
        .enumerate()
        .filter_map(|(i, l)| {
            let m = *l.moves.first()?;
            if seen.contains(&m) {
                return None;
            }
            seen.push(m);
            let brush = if i == 0 { "blue" } else { "paleblue" };
            match m {
                Move::Board { from, to, .. } | Move::Double { from, to, .. } if from != to => {
                    Some(Shape::Arrow { from, to, brush })
                }
                Move::Board { from, .. } | Move::Double { from, .. } => {
                    Some(Shape::Mark { cell: from, brush })
                }
                Move::Drop { kind, to } => Some(Shape::Drop {
                    kind,
                    owner: turn,
                    to,
                    brush,
                }),
                Move::Pass => None,
            }
        })
        .chain(better)
        .collect()
}

/// The side to move at `node`.
fn game_turn(st: &Study, node: NodeId) -> koma_rules::Player {
    study::game_at(&st.tree, node, st.options).position().turn()
}

/// The bar beside the board: sente's share of the winning chances, from the best line.
fn eval_bar(st: &Study) -> Html {
    let chances = st
        .found
        .as_ref()
        .and_then(|f| f.lines.first())
        .and_then(|l| winning_chances(&l.score))
        .unwrap_or(50.0);
    // gote's share is drawn from the top of the bar, sente's from the bottom (as the board
    // shows them, turned round when flipped)
    let flipped = st.table.flipped;
    let style = format!("--sente: {chances:.1}%");
    html! {
        <div class={classes!("eval-bar", flipped.then_some("flipped"))} data-eval-bar=""
            data-sente={format!("{chances:.1}")} {style} aria-hidden="true">
            <div class="sente-share"></div>
        </div>
    }
}

/// The engine's lines: the number of lines, start and stop, each line with its score and
/// moves, the depth and speed.
fn lines_view(state: &UseReducerHandle<Study>, lang: Lang) -> Html {
    let st: &Study = state;
    let game = st.game();
    let v = game.position().variant();
    let on_lines = {
        let state = state.clone();
        Callback::from(move |e: Event| {
            if let Some(n) = crate::select_value(&e).and_then(|v| v.parse::<u8>().ok()) {
                state.dispatch(StudyAction::Lines(n));
            }
        })
    };
    let toggle = {
        let state = state.clone();
        let on = !st.thinking;
        Callback::from(move |_: MouseEvent| state.dispatch(StudyAction::Think(on)))
    };
    let options = (1..=MAX_LINES).map(|n| {
        html! { <option value={n.to_string()} selected={st.lines == n}>{ n }</option> }
    });
    let over = game.outcome().is_some() || st.table.dests.is_empty() && !st.table.can_pass;
    let found = st.found.as_ref();
    let lines = found.map(|f| {
        f.lines
            .iter()
            .enumerate()
            .map(|(i, l)| {
                let texts = line_texts(game.position(), &l.moves, st.usi);
                let usi: Vec<String> = l.moves.iter().map(|&m| notation::write_move(v, m)).collect();
                let items = texts.into_iter().enumerate().map(|(k, t)| {
                    let state = state.clone();
                    let onclick = Callback::from(move |_: MouseEvent| {
                        state.dispatch(StudyAction::PlayLine { line: i, upto: k })
                    });
                    html! { <button class="line-move" data-line-move={k.to_string()} {onclick}>{ t }</button> }
                });
                html! {
                    <li class="line" data-line={(i + 1).to_string()} data-score={l.score.clone()}
                        data-depth={f.depth.to_string()} data-moves={usi.join(" ")}>
                        <span class="score">{ score_label(&l.score, v.id, lang) }</span>
                        { for items }
                    </li>
                }
            })
            .collect::<Html>()
    });
    let info = found.map(|f| {
        let nps = if f.ms > 0.0 {
            f.nodes * 1000.0 / f.ms
        } else {
            0.0
        };
        let text = match lang {
            Lang::Ja => format!("深さ{} · {:.0}局面/秒", f.depth, nps),
            Lang::En => format!("depth {} · {:.0} nodes/s", f.depth, nps),
        };
        html! {
            <p class="engine-info" data-engine-depth={f.depth.to_string()}
                data-engine-nps={format!("{nps:.0}")} data-done={f.done.then_some("")}>{ text }</p>
        }
    });
    let error = st.engine_error.as_ref().map(|e| {
        let state = state.clone();
        let restart = Callback::from(move |_: MouseEvent| state.dispatch(StudyAction::EngineRestart));
        html! {
            <p class="engine-error" data-error="computer" role="alert">
                { lang.pick("エンジンが止まりました：", "The engine stopped: ") }{ e.text(lang) }{ " " }
                <button data-action="restart-computer" onclick={restart}>{ lang.pick("再起動", "Restart") }</button>
            </p>
        }
    });
    html! {
        <div class="engine" data-engine="">
            <div class="buttons">
                <button data-action="think" aria-pressed={st.thinking.to_string()} onclick={toggle}>
                    { if st.thinking { lang.pick("停止", "Stop") } else { lang.pick("検討開始", "Analyse") } }</button>
                <label>{ lang.pick("候補手 ", "Lines ") }
                    <select name="lines" onchange={on_lines}>{ for options }</select></label>
                { mate_button(state, lang) }
            </div>
            // (every child an element that is always there: the list is diffed from its end, so
            // a child that comes and goes would make the buttons above be drawn anew, under the
            // finger of whoever taps them as the first lines arrive)
            <div class="engine-notes">
                { for error }
                if over {
                    <p class="engine-info" data-engine-over="">{ lang.pick("終局した局面です", "The game is over here.") }</p>
                }
            </div>
            <ol class="lines" data-lines="">{ for lines }</ol>
            <div class="engine-found">
                { for info }
                { mate_answer(state, lang) }
            </div>
        </div>
    }
}

/// The mate search's button (two-player games), beside the engine's: above the lines, so that
/// it stays where it is as they come.
fn mate_button(state: &UseReducerHandle<Study>, lang: Lang) -> Html {
    let st: &Study = state;
    if Description::of(st.game().position().game()).three_players() {
        return Html::default();
    }
    let ask = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(StudyAction::AskMate))
    };
    let searching = st
        .mate
        .as_ref()
        .is_some_and(|m| m.node == st.node && m.result == "searching");
    html! {
        <button data-action="mate" onclick={ask} disabled={searching}>{ lang.pick("詰み探索", "Mate search") }</button>
    }
}

/// The mate search's answer for the move shown.
fn mate_answer(state: &UseReducerHandle<Study>, lang: Lang) -> Html {
    let st: &Study = state;
    let game = st.game();
    let v = game.position().variant();
    let answer = st.mate.as_ref().filter(|m| m.node == st.node).map(|m| {
        let words = match (m.result.as_str(), lang) {
            ("searching", Lang::Ja) => "詰みを探しています…".to_string(),
            ("searching", Lang::En) => "Searching for a mate…".to_string(),
            ("mate", Lang::Ja) => format!("{}手詰め：", m.moves.len()),
            // (in moves, as the engine's lines count them; Japanese counts plies, as tsume do)
            ("mate", Lang::En) => format!("Mate in {}: ", m.moves.len().div_ceil(2)),
            ("nomate", Lang::Ja) => "詰みはありません（王手だけでは詰まない）".to_string(),
            ("nomate", Lang::En) => "No mate by checks.".to_string(),
            (_, Lang::Ja) => "時間内に決まりませんでした".to_string(),
            (_, Lang::En) => "Not decided in time.".to_string(),
        };
        let texts = line_texts(game.position(), &m.moves, st.usi);
        let usi: Vec<String> = m.moves.iter().map(|&mv| notation::write_move(v, mv)).collect();
        let items = texts.into_iter().enumerate().map(|(k, t)| {
            let state = state.clone();
            let onclick = Callback::from(move |_: MouseEvent| state.dispatch(StudyAction::PlayMate(k)));
            html! { <button class="line-move" data-mate-move={k.to_string()} {onclick}>{ t }</button> }
        });
        html! {
            <p class="mate" data-mate={m.result.clone()} data-moves={usi.join(" ")}>
                <span>{ words }</span>{ for items }
            </p>
        }
    });
    html! { <>{ for answer }</> }
}

/// A line's moves as text from `pos`: Japanese where the game has it, unless `usi`.
fn line_texts(pos: &koma_rules::Position, moves: &[Move], usi: bool) -> Vec<String> {
    let v = pos.variant();
    let mut p = pos.clone();
    let mut prev = None;
    moves
        .iter()
        .map(|&m| {
            let japanese = if usi {
                None
            } else {
                kanji::japanese_move(&mut p, m, prev)
            };
            let t = japanese.unwrap_or_else(|| notation::write_move(v, m));
            p.play_unchecked(m);
            prev = m.to();
            t
        })
        .collect()
}

/// The record: KIF and KI2 with the variations, USI of the line shown, SFEN of the position;
/// a record or position pasted or opened from a file replaces the tree (its variations kept).
#[hook]
fn use_record_view(state: &UseReducerHandle<Study>, lang: Lang) -> Html {
    let st: &Study = state;
    let gid = st.game().position().game();
    let shown = use_state(|| None::<crate::record::Format>);
    let text = shown.map(|f| crate::record::export_tree(&st.tree, st.node, st.options, f));
    let show = |f: crate::record::Format| {
        let shown = shown.clone();
        Callback::from(move |_: MouseEvent| shown.set(Some(f)))
    };
    let import_text = use_state(String::new);
    let options = st.options;
    let load: crate::record::Loader = {
        let state = state.clone();
        Rc::new(
            move |bytes: &[u8]| match crate::record::load_tree(gid, options, bytes) {
                Ok(t) => state.dispatch(StudyAction::Load(Box::new(t))),
                Err(e) => state.dispatch(StudyAction::ImportError(e)),
            },
        )
    };
    let on_import = {
        let load = load.clone();
        let text = import_text.clone();
        Callback::from(move |_: MouseEvent| load(text.as_bytes()))
    };
    let on_text = {
        let import_text = import_text.clone();
        Callback::from(move |e: InputEvent| {
            use wasm_bindgen::JsCast;
            if let Some(t) = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::HtmlTextAreaElement>().ok())
            {
                import_text.set(t.value());
            }
        })
    };
    let on_file = crate::record::file_input(load);
    let kif = koma_rules::record::has_kif(gid);
    html! {
        <details class="record" open={shown.is_some() || st.import_error.is_some()}>
            <summary>{ lang.pick("棋譜", "Record") }</summary>
            <div class="buttons">
                if kif {
                    <button data-export-format="kif" onclick={show(crate::record::Format::Kif)}>{ "KIF" }</button>
                    <button data-export-format="ki2" onclick={show(crate::record::Format::Ki2)}>{ "KI2" }</button>
                }
                <button data-export-format="usi" onclick={show(crate::record::Format::Usi)}>{ "USI" }</button>
                <button data-export-format="sfen" onclick={show(crate::record::Format::Sfen)}>{ "SFEN" }</button>
            </div>
            if let Some(t) = text {
                <textarea data-export="" readonly=true rows="8" value={t} />
            }
            <textarea data-import="" rows="4" value={(*import_text).clone()} oninput={on_text}
                placeholder={lang.pick("SFEN・USIの指し手・KIF（変化つき）をここに貼り付け", "Paste SFEN, USI moves or KIF (with variations) here")} />
            <div class="buttons">
                <button data-action="import" onclick={on_import}>{ lang.pick("読込", "Load") }</button>
                <input type="file" data-import-file="" accept=".kif,.kifu,.ki2,.txt,.sfen,.usi" onchange={on_file} />
            </div>
            if let Some(e) = &st.import_error {
                <p class="foul" data-import-error="" role="alert">{ e.text(lang) }</p>
            }
        </details>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_read_as_chances_and_labels() {
        assert_eq!(winning_chances("cp:0"), Some(50.0));
        let up = winning_chances("cp:300").unwrap_or(0.0);
        assert!(up > 55.0 && up < 65.0, "{up}");
        assert_eq!(winning_chances("mate:5"), Some(100.0));
        assert_eq!(winning_chances("mate:-4"), Some(0.0));
        assert_eq!(score_label("cp:130", GameId::Shogi, Lang::En), "+1.3");
        assert_eq!(score_label("cp:-4", GameId::Shogi, Lang::En), "0.0");
        assert_eq!(
            score_label("mate:5", GameId::Shogi, Lang::En),
            "☗ mate in 3"
        );
        assert_eq!(score_label("mate:-4", GameId::Shogi, Lang::Ja), "☖4手詰");
        assert_eq!(
            score_label("cp:10,cp:-20,mate:-3", GameId::Sangoku, Lang::En),
            "A +0.1 · B -0.2 · C loses in 3"
        );
    }

    #[test]
    fn an_address_opens_a_game_at_a_move_and_names_its_faults() {
        let mut a = AnalysisStart::new(GameId::Shogi);
        a.moves = vec!["7g7f".into(), "3c3d".into(), "8h2b+".into()];
        a.ply = Some(2);
        let (tree, node, _) = a.open().unwrap_or_else(|e| panic!("{}", e.text(Lang::En)));
        assert_eq!(tree.main_line().len(), 3);
        assert_eq!(tree.ply(node), 2);
        a.ply = Some(4);
        assert!(
            a.open()
                .is_err_and(|e| e.text(crate::i18n::Lang::En).contains("ply=4"))
        );
        a.ply = None;
        a.moves.push("5e5d".into());
        assert!(
            a.open()
                .is_err_and(|e| e.text(crate::i18n::Lang::En).contains("move 4 (5e5d)"))
        );
    }

    #[test]
    fn the_address_of_a_game_opens_the_same_game() {
        let mut g = koma_rules::Game::new(GameId::Shogi, RuleOptions::default());
        for m in ["7g7f", "3c3d", "8h2b+"] {
            let mv = notation::read_move(g.position().variant(), m).unwrap_or(Move::Pass);
            assert!(g.play(mv).is_ok());
        }
        let h = href(&g, 1);
        assert_eq!(h, "#/analysis/shogi?moves=7g7f,3c3d,8h2b%2B&ply=1");
        let crate::Route::Analysis(a) = crate::Route::parse(&h) else {
            panic!("{h}")
        };
        assert_eq!(a.moves, ["7g7f", "3c3d", "8h2b+"]);
        assert_eq!(a.ply, Some(1));
    }
}
