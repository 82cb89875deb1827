//! Game review: every position of the main line scored by the engine at a fixed budget
//! ([`NODES`] nodes each, in the Web Worker, one position after another with a progress bar; the
//! score the mean of its last two depths', [`steady`]),
//! an evaluation graph (sente's winning chances, a point a position; a click jumps there), and
//! each move judged by how much of its mover's winning chances it lost (the curve of
//! [`super::winning_chances`]): an inaccuracy from [`INACCURACY`] points, a mistake from
//! [`MISTAKE`], a blunder from [`BLUNDER`] (of 100), as lishogi judges by winning chances. The
//! engine's better move is drawn as an arrow when a judged move is shown. A saved game's review
//! is kept with it ([`crate::storage::save_review`]) and shown again without a second run, as
//! long as the game's moves are the ones reviewed.
//!
//! Hooks: `[data-review]` (with `data-progress`, positions scored of all, and `data-done`), its
//! graph `svg[data-graph]` with a `[data-graph-ply="<n>"]` column a position, one
//! `[data-judgement="inaccuracy|mistake|blunder"][data-ply="<n>"]` per judged move (with
//! `data-better`, the engine's move), `[data-action="review"]` to start it.

use std::cell::RefCell;
use std::rc::Rc;

use koma_engine::Level;
use koma_engine::protocol::{Reply, Request};
use koma_rules::{Move, Player, notation};
use yew::prelude::*;

use super::study::{Study, StudyAction, game_at};
use crate::engine_worker::{self, EngineWorker, Holder};
use crate::i18n::Lang;

/// The nodes searched for each position of a review.
pub const NODES: u32 = 80_000;
/// Winning chances lost (points of 100) from which a move is an inaccuracy.
pub const INACCURACY: f64 = 5.0;
/// ... a mistake.
pub const MISTAKE: f64 = 10.0;
/// ... a blunder.
pub const BLUNDER: f64 = 15.0;

/// A review of the main line.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    /// The moves reviewed (the main line when it began).
    pub moves: Vec<Move>,
    /// Each position's score from sente's side, from the start (none: not yet scored).
    pub scores: Vec<Option<String>>,
    /// Each position's best move (none: not yet, or the game is over there).
    pub best: Vec<Option<Move>>,
    /// The nodes searched for each position.
    pub nodes: u32,
}

impl Review {
    /// A review of `moves` to run.
    pub fn new(moves: Vec<Move>) -> Review {
        let n = moves.len() + 1;
        Review {
            moves,
            scores: vec![None; n],
            best: vec![None; n],
            nodes: NODES,
        }
    }

    /// The first position not yet scored.
    pub fn next(&self) -> Option<usize> {
        self.scores.iter().position(Option::is_none)
    }

    /// Positions scored.
    pub fn scored(&self) -> usize {
        self.scores.iter().filter(|s| s.is_some()).count()
    }
}

/// A position's score as the review keeps it: the mean of the last two depths' where both are
/// centipawns. The engine's score swings between odd and even depths (the side to move's bonus in the
/// evaluation, as the engine's root search says), and a fixed budget ends some positions on an odd depth and others on
/// an even one: the mean keeps that swing from being read as a mistake.
pub fn steady(before: Option<&str>, last: &str) -> String {
    let cp = |s: &str| s.strip_prefix("cp:").and_then(|n| n.parse::<i32>().ok());
    match (before.and_then(cp), cp(last)) {
        (Some(a), Some(b)) => format!("cp:{}", (a + b) / 2),
        _ => last.to_string(),
    }
}

/// How a move is judged.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Judgement {
    /// Lost [`INACCURACY`] points of winning chances or more.
    Inaccuracy,
    /// [`MISTAKE`] or more.
    Mistake,
    /// [`BLUNDER`] or more.
    Blunder,
}

impl Judgement {
    /// The hook's name.
    pub fn id(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "inaccuracy",
            Judgement::Mistake => "mistake",
            Judgement::Blunder => "blunder",
        }
    }

    /// A move that lost `lost` points of its mover's winning chances.
    pub fn of(lost: f64) -> Option<Judgement> {
        if lost >= BLUNDER {
            Some(Judgement::Blunder)
        } else if lost >= MISTAKE {
            Some(Judgement::Mistake)
        } else if lost >= INACCURACY {
            Some(Judgement::Inaccuracy)
        } else {
            None
        }
    }
}

/// A seat's winning chances in `score` (sente's side; three players: that seat's value).
pub fn chances_for(score: &str, seat: Player) -> Option<f64> {
    let parts: Vec<&str> = score.split(',').collect();
    if parts.len() > 1 {
        // each seat's own value
        return super::winning_chances(parts.get(seat.index())?);
    }
    let sente = super::winning_chances(score)?;
    Some(if seat == Player::FIRST {
        sente
    } else {
        100.0 - sente
    })
}

/// Each judged move: (ply, judgement), the ply the move's number (1: the first move).
pub fn judged(review: &Review, movers: &[Player]) -> Vec<(usize, Judgement)> {
    let mut out = Vec::new();
    for ply in 1..review.scores.len() {
        let (Some(Some(before)), Some(Some(after)), Some(&mover)) = (
            review.scores.get(ply - 1),
            review.scores.get(ply),
            movers.get(ply - 1),
        ) else {
            continue;
        };
        let (Some(b), Some(a)) = (chances_for(before, mover), chances_for(after, mover)) else {
            continue;
        };
        // the move played was the engine's own: nothing lost but the search's noise
        if review.best.get(ply - 1).copied().flatten() == review.moves.get(ply - 1).copied() {
            continue;
        }
        if let Some(j) = Judgement::of(b - a) {
            out.push((ply, j));
        }
    }
    out
}

/// Who made each of `moves`, played from `start`.
fn movers(start: &koma_rules::Position, moves: &[Move]) -> Vec<Player> {
    let mut pos = start.clone();
    moves
        .iter()
        .map(|&m| {
            let p = pos.turn();
            pos.play_unchecked(m);
            p
        })
        .collect()
}

/// The engine's better move where the move shown is a judged move of the reviewed main line.
pub fn better_move(st: &Study) -> Option<Move> {
    let review = st.review.as_ref()?;
    let main = st.main_moves();
    if review.moves != main || !st.tree.on_main_line(st.node) {
        return None;
    }
    let ply = st.tree.ply(st.node);
    judged(review, &movers(st.tree.start(), &main))
        .iter()
        .any(|&(p, _)| p == ply)
        .then(|| review.best.get(ply.checked_sub(1)?).copied().flatten())
        .flatten()
}

/// The review's own worker, the position asked for, and the score of its last depth but one.
#[derive(Default)]
struct Reviewer {
    running: Option<EngineWorker>,
    asked: Option<(u32, usize)>,
    next_id: u32,
    before: Option<String>,
}

impl Holder for Reviewer {
    fn worker(&mut self) -> &mut Option<EngineWorker> {
        &mut self.running
    }
    fn forget(&mut self) {
        self.asked = None;
    }
}

type Shared = Rc<RefCell<Reviewer>>;

/// Score the review's next position while one is left.
#[hook]
pub fn use_review(state: &UseReducerHandle<Study>) {
    let shared: Shared = use_mut_ref(Reviewer::default);
    let next = state.review.as_ref().and_then(Review::next);
    {
        let shared = shared.clone();
        let state = state.clone();
        use_effect_with(next, move |&next| {
            if let Some(ply) = next {
                ask(&shared, &state, ply);
            }
            let shared = shared.clone();
            move || {
                let mut r = shared.borrow_mut();
                if r.asked.take().is_some() {
                    drop(r.running.take());
                }
            }
        });
    }
    use_effect_with((), move |_| {
        move || drop(shared.borrow_mut().running.take())
    });
}

fn ask(shared: &Shared, state: &UseReducerHandle<Study>, ply: usize) {
    let Some(review) = &state.review else { return };
    let mut tree = koma_rules::tree::Tree::new(state.tree.start().clone());
    let mut node = koma_rules::tree::ROOT;
    for &m in review.moves.iter().take(ply) {
        node = tree.add(node, m);
    }
    let game = game_at(&tree, node, state.options);
    let mut r = shared.borrow_mut();
    r.next_id = r.next_id.wrapping_add(1);
    let id = r.next_id;
    r.asked = Some((id, ply));
    r.before = None;
    drop(r);
    let request = Request {
        lines: 1,
        nodes: Some(review.nodes),
        ..Request::of_game(id, &game, Level::TOP, 1)
    };
    engine_worker::send(shared, state, request, received, failed);
}

fn failed(state: &UseReducerHandle<Study>, message: crate::problem::Problem) {
    state.dispatch(StudyAction::EngineFailed(message));
}

fn received(shared: &Shared, state: &UseReducerHandle<Study>, reply: Reply) {
    let mut r = shared.borrow_mut();
    match reply {
        Reply::Lines {
            id, lines, done, ..
        } => {
            let Some((_, ply)) = r.asked.filter(|&(asked, _)| asked == id) else {
                return;
            };
            let first = lines.into_iter().next();
            if !done {
                r.before = first.map(|l| l.score);
                return;
            }
            r.asked = None;
            let before = r.before.take();
            drop(r);
            let (score, best) = match first {
                Some(l) => (
                    Some(steady(before.as_deref(), &l.score)),
                    l.moves.into_iter().next(),
                ),
                None => (None, None),
            };
            state.dispatch(StudyAction::Reviewed { ply, score, best });
        }
        Reply::Ready | Reply::Best { .. } | Reply::Mate { .. } => {}
        Reply::Error { message, .. } | Reply::Failed { message } => {
            drop(r);
            engine_worker::fail(
                shared,
                state,
                crate::problem::Problem::Computer(crate::problem::Halt::Refused(message)),
                failed,
            );
        }
    }
}

/// The review's panel: its button, the progress, the graph and the judged moves.
pub fn review_view(state: &UseReducerHandle<Study>, lang: Lang) -> Html {
    let st: &Study = state;
    let main = st.main_moves();
    let review = st.review.as_ref().filter(|r| r.moves == main);
    let start = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(StudyAction::Review))
    };
    let Some(review) = review else {
        return html! {
            <div class="review" data-review-none="">
                <button data-action="review" onclick={start} disabled={main.is_empty()}>
                    { lang.pick("棋譜を解析", "Review the game") }</button>
            </div>
        };
    };
    let total = review.scores.len();
    let scored = review.scored();
    let v = st.tree.start().variant();
    let judged = judged(review, &movers(st.tree.start(), &main));
    let go = |ply: usize| {
        let state = state.clone();
        let node = if ply == 0 {
            koma_rules::tree::ROOT
        } else {
            st.tree
                .main_line()
                .get(ply - 1)
                .copied()
                .unwrap_or(koma_rules::tree::ROOT)
        };
        Callback::from(move |_: MouseEvent| state.dispatch(StudyAction::Go(node)))
    };
    let items = judged.iter().map(|&(ply, j)| {
        let mv = main.get(ply - 1).map(|&m| notation::write_move(v, m)).unwrap_or_default();
        let better = review
            .best
            .get(ply - 1)
            .copied()
            .flatten()
            .map(|m| notation::write_move(v, m))
            .unwrap_or_default();
        let word = match (j, lang) {
            (Judgement::Inaccuracy, Lang::Ja) => "疑問手",
            (Judgement::Mistake, Lang::Ja) => "悪手",
            (Judgement::Blunder, Lang::Ja) => "大悪手",
            (Judgement::Inaccuracy, Lang::En) => "inaccuracy",
            (Judgement::Mistake, Lang::En) => "mistake",
            (Judgement::Blunder, Lang::En) => "blunder",
        };
        let text = match lang {
            Lang::Ja => format!("{ply}手目 {mv}：{word}（最善 {better}）"),
            Lang::En => format!("{ply}. {mv}: {word} (better {better})"),
        };
        html! {
            <li class={classes!("judgement", j.id())} data-judgement={j.id()} data-ply={ply.to_string()}
                data-better={better.clone()} onclick={go(ply)}>{ text }</li>
        }
    });
    html! {
        <div class="review" data-review="" data-progress={format!("{scored}/{total}")}
            data-done={(scored == total).then_some("")}>
            if scored < total {
                <progress max={total.to_string()} value={scored.to_string()}
                    aria-label={lang.pick("解析の進み", "review progress")} />
            }
            { graph(state, review, &judged) }
            <ul class="judgements">{ for items }</ul>
        </div>
    }
}

/// The evaluation graph: sente's winning chances after each ply, the judged moves marked, the
/// position shown as a line; a click on a column shows its position.
fn graph(state: &UseReducerHandle<Study>, review: &Review, judged: &[(usize, Judgement)]) -> Html {
    let st: &Study = state;
    const W: f64 = 300.0;
    const H: f64 = 80.0;
    let n = review.scores.len().max(2) - 1;
    let x = |ply: usize| ply as f64 * W / n as f64;
    let y = |chances: f64| H - chances * H / 100.0;
    let points: Vec<String> = review
        .scores
        .iter()
        .enumerate()
        .filter_map(|(ply, s)| {
            let c = chances_for(s.as_deref()?, Player::FIRST)?;
            Some(format!("{:.1},{:.1}", x(ply), y(c)))
        })
        .collect();
    let area = if points.is_empty() {
        String::new()
    } else {
        let last = review.scores.iter().rposition(Option::is_some).unwrap_or(0);
        format!("0,{H} {} {:.1},{H}", points.join(" "), x(last))
    };
    let shown = st.tree.ply(st.node);
    let main = st.tree.main_line();
    let columns = (0..=n).map(|ply| {
        let node = if ply == 0 {
            koma_rules::tree::ROOT
        } else {
            main.get(ply - 1).copied().unwrap_or(koma_rules::tree::ROOT)
        };
        let w = W / n as f64;
        let onclick = {
            let state = state.clone();
            Callback::from(move |_: MouseEvent| state.dispatch(StudyAction::Go(node)))
        };
        html! {
            <rect class="column" data-graph-ply={ply.to_string()} data-node={node.to_string()} {onclick}
                x={format!("{:.1}", x(ply) - w / 2.0)} y="0" width={format!("{w:.1}")} height={H.to_string()} />
        }
    });
    let marks = judged.iter().filter_map(|&(ply, j)| {
        let c = chances_for(review.scores.get(ply)?.as_deref()?, Player::FIRST)?;
        Some(html! {
            <circle class={classes!("judged", j.id())} cx={format!("{:.1}", x(ply))} cy={format!("{:.1}", y(c))} r="3" />
        })
    });
    html! {
        <svg class="graph" data-graph="" viewBox={format!("0 0 {W} {H}")} preserveAspectRatio="none">
            <rect class="gote-side" x="0" y="0" width={W.to_string()} height={H.to_string()} />
            <polygon class="sente-side" points={area} />
            <line class="middle" x1="0" y1={(H / 2.0).to_string()} x2={W.to_string()} y2={(H / 2.0).to_string()} />
            <line class="shown" x1={format!("{:.1}", x(shown))} y1="0" x2={format!("{:.1}", x(shown))} y2={H.to_string()} />
            { for marks }
            <g class="columns">{ for columns }</g>
        </svg>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use koma_rules::{GameId, Position};

    #[test]
    fn a_move_is_judged_by_the_chances_its_mover_lost() {
        let start = Position::start(GameId::Shogi);
        let v = start.variant();
        let m = |s: &str| notation::read_move(v, s).unwrap_or(Move::Pass);
        let mut r = Review::new(vec![m("7g7f"), m("3c3d"), m("8h2b+")]);
        // sente even, then gote's move throws a bishop away, then sente takes: its best
        r.scores = ["cp:0", "cp:-20", "cp:900", "cp:880"]
            .map(|s| Some(s.to_string()))
            .to_vec();
        r.best = vec![Some(m("2g2f")), Some(m("8c8d")), Some(m("8h2b+")), None];
        let movers = [Player(0), Player(1), Player(0)];
        assert_eq!(judged(&r, &movers), vec![(2, Judgement::Blunder)]);
        assert_eq!(Judgement::of(4.9), None);
        assert_eq!(Judgement::of(5.0), Some(Judgement::Inaccuracy));
        assert_eq!(Judgement::of(12.0), Some(Judgement::Mistake));
        // each seat's own value in the three-player game
        assert_eq!(chances_for("cp:0,mate:3,mate:-3", Player(1)), Some(100.0));
        assert_eq!(chances_for("mate:-4", Player(1)), Some(100.0));
        // the last two depths' mean, centipawns only
        assert_eq!(steady(Some("cp:100"), "cp:40"), "cp:70");
        assert_eq!(steady(Some("cp:100"), "mate:3"), "mate:3");
        assert_eq!(steady(None, "cp:40"), "cp:40");
        assert_eq!(r.next(), None);
        assert_eq!(Review::new(vec![m("7g7f")]).next(), Some(0));
    }
}
