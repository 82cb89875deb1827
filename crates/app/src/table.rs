//! A game on a board, as the play screen and the embedded board both keep it: the game, what the
//! person has picked up, a move waiting for the promotion question or a lion's second step, the
//! last refusal, the past position being looked at, and which way the board faces. Its reducer
//! turns the board's gestures into moves the rules check; whoever owns a [`Table`] plays the
//! moves it completes (the play screen runs its clocks around them, the embed plays them as they
//! are).
//!
//! Input follows the best shogi sites: drag and drop or click-then-click; a promotion that may
//! be declined is asked on the board; a forced one is applied; a lion-power piece dropped on a
//! square from which a second step exists waits there for it (its second-step squares shown,
//! the middle square itself to stop there, anywhere else to cancel). An illegal attempt is
//! played anyway so that the rules name the foul: it is refused and changes nothing in casual
//! play, and loses in strict play.

use std::rc::Rc;

use koma_rules::status::{SetupStep, Status};
use koma_rules::{Cell, Game, GameId, IllegalMove, Move, Player, Position};
use yew::prelude::*;

use crate::board::{Choice, Source};
use crate::i18n::{self, Lang};
use crate::view::destinations;

/// A game on a board.
#[derive(Clone)]
pub struct Table {
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
    /// A past position being looked at (plies from the start), if any.
    pub view: Option<usize>,
    /// Gote at the bottom.
    pub flipped: bool,
    /// The hexagon: the seat kept at the bottom (`None`: the player to move, pass-and-play).
    pub seat: Option<Player>,
    /// Every movable source with its destinations (a lion's second steps while one waits),
    /// worked out once per change, not on every render.
    pub dests: Rc<Vec<(Source, Cell)>>,
    /// Whether the side to move may pass (a setup phase's "Done").
    pub can_pass: bool,
    /// Changes on every action (views compare states by it).
    pub version: u64,
    /// Changes whenever the position on the board does (a move, a takeback, a loaded game).
    pub board_changes: u64,
    /// Ask the promotion question even when the rules force the promotion (an exercise on the
    /// piece that could never move, whose learner must be able to try declining).
    pub ask_forced: bool,
}

/// What a person does to a table.
#[derive(Clone, Debug, PartialEq)]
pub enum TableAction {
    /// Select a piece (or nothing).
    Select(Option<Source>),
    /// Move from a source to a cell.
    Attempt(Source, Cell),
    /// A click on a cell.
    Cell(Cell),
    /// The promotion choice.
    Promote(bool),
    /// End a setup phase early (pre-moves, rearranging).
    Pass,
    /// Look at the position after this many plies (`None`: the current one).
    View(Option<usize>),
    /// Turn the board round.
    Flip,
    /// The hexagon: keep this seat at the bottom (`None`: the player to move).
    Seat(Option<Player>),
    /// Take back the last move.
    Undo,
    /// Take back the moves after this many plies (a puzzle's wrong try and its refutation).
    BackTo(usize),
    /// A move from elsewhere (a puzzle's reply) for the position after `plies` plies with
    /// this hash: played if the rules allow it and the game has not moved on.
    Reply {
        /// The plies played when it was chosen.
        plies: usize,
        /// The position's hash then.
        hash: u64,
        /// The move.
        mv: Move,
    },
}

impl PartialEq for Table {
    fn eq(&self, other: &Self) -> bool {
        self.version == other.version
    }
}

impl Table {
    /// A table for `game`, the current position shown.
    pub fn new(game: Game) -> Table {
        let mut t = Table {
            game,
            selected: None,
            pending: None,
            lion_first: None,
            foul: None,
            view: None,
            flipped: false,
            seat: None,
            dests: Rc::default(),
            can_pass: false,
            version: 0,
            board_changes: 0,
            ask_forced: false,
        };
        t.refresh(true);
        t
    }

    /// What identifies the position now: it changed when this did.
    pub fn key(&self) -> (u64, usize) {
        (self.game.position().hash(), self.game.moves().len())
    }

    /// After an action: a new version, and a new board count if the position differs from
    /// `before` (a [`Table::key`]); then what the board offers, worked out again (`input`:
    /// whether the side to move takes moves at this board).
    pub fn settle(&mut self, before: (u64, usize), input: bool) {
        self.version += 1;
        if self.key() != before {
            self.board_changes += 1;
        }
        self.refresh(input);
    }

    /// Nothing picked up, nothing waiting.
    pub fn clear(&mut self) {
        self.selected = None;
        self.pending = None;
        self.lion_first = None;
    }

    /// The position on the board: the current one, or the past one being looked at.
    pub fn shown_position(&self) -> Position {
        match self.view {
            Some(n) => {
                let mut p = self.game.start().clone();
                for &m in self.game.moves().iter().take(n) {
                    p.play_unchecked(m);
                }
                p
            }
            None => self.game.position().clone(),
        }
    }

    /// The plies from the start of the position shown.
    pub fn shown_ply(&self) -> usize {
        self.view.unwrap_or(self.game.moves().len())
    }

    /// Work out what the board offers: the destinations and the pass (none once the game is
    /// over, none when the side to move takes no `input` here).
    pub fn refresh(&mut self, input: bool) {
        let legal = if input {
            self.game.legal_moves()
        } else {
            Vec::new()
        };
        self.dests = Rc::new(self.destinations(&legal));
        self.can_pass = legal.contains(&Move::Pass);
    }

    /// Play `mv` on the current position, or keep the rules' refusal. Whether it was played.
    pub fn play(&mut self, mv: Move) -> bool {
        self.view = None;
        self.clear();
        if self.game.outcome().is_some() {
            return false;
        }
        match self.game.play(mv) {
            Ok(_) => {
                self.foul = None;
                true
            }
            Err(e) => {
                self.foul = Some(e);
                false
            }
        }
    }

    /// Look at the position after `n` plies (`None`: the current one).
    pub fn look(&mut self, n: Option<usize>) {
        let len = self.game.moves().len();
        self.view = n.filter(|&n| n < len);
        self.clear();
    }

    /// Apply what the person did; the move it completes, if any, for the owner to play. Undo and
    /// a reply are the owner's to apply (see [`Reducible`] for the plain table).
    pub fn gesture(&mut self, action: TableAction) -> Option<Move> {
        match action {
            TableAction::Select(src) => {
                self.selected = src;
                self.pending = None;
                if src.is_none() {
                    self.lion_first = None;
                }
                None
            }
            TableAction::Attempt(src, to) => self.attempt(src, to),
            TableAction::Cell(c) => match self.selected {
                Some(src) => self.attempt(src, c),
                None => {
                    self.pending = None;
                    None
                }
            },
            TableAction::Promote(yes) => self.pending.take().map(|(from, to)| Move::Board {
                from,
                to,
                promote: yes,
            }),
            TableAction::Pass => Some(Move::Pass),
            TableAction::View(n) => {
                self.look(n);
                None
            }
            TableAction::Flip => {
                self.flipped = !self.flipped;
                None
            }
            TableAction::Seat(p) => {
                self.seat = p;
                None
            }
            TableAction::Undo | TableAction::BackTo(_) | TableAction::Reply { .. } => None,
        }
    }

    /// A move from a source to a cell: the move, or nothing yet (a promotion to ask, a lion's
    /// second step to wait for, a cancelled double move).
    fn attempt(&mut self, source: Source, to: Cell) -> Option<Move> {
        let from = match source {
            Source::Hand(kind) => return Some(Move::Drop { kind, to }),
            // (only the editor's board picks from a given hand)
            Source::Tray(..) => return None,
            Source::Cell(c) => c,
        };
        let legal = self.game.legal_moves();
        if let Some((f, mid)) = self.lion_first {
            if f == from {
                let mv = if to == mid {
                    Move::Board {
                        from,
                        to,
                        promote: false,
                    }
                } else {
                    Move::Double { from, mid, to }
                };
                if legal.contains(&mv) {
                    return Some(mv);
                }
                self.lion_first = None;
                if to != mid {
                    self.selected = None;
                }
                return None;
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
            return None;
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
            (true, false) if !self.ask_forced => Some(yes),
            (true, _) => {
                self.pending = Some((from, to));
                self.selected = None;
                self.foul = None;
                None
            }
            // not legal: played anyway so that the rules name the foul
            (false, _) => Some(no),
        }
    }

    /// The board's data: every source's destinations, with a lion's second step if waiting.
    fn destinations(&self, legal: &[Move]) -> Vec<(Source, Cell)> {
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

    /// The seat at the bottom of `pos`: on the hexagon the player to move (the board turns
    /// each turn, for pass-and-play) unless one seat is kept there; sente on square boards
    /// (flipping is apart).
    pub fn viewer(&self, pos: &Position) -> Player {
        if koma_rules::Description::of(pos.game()).hexagon() {
            self.seat.unwrap_or(pos.turn())
        } else {
            Player::FIRST
        }
    }

    /// The promotion question on the board, while a move waits for it.
    pub fn promotion_choice(&self, pos: &Position) -> Option<Choice> {
        let v = pos.variant();
        self.pending.map(|(from, to)| {
            let kind = pos.piece(from).kind();
            Choice::Promotion {
                to,
                kind,
                promoted: v.kind(kind).promotes_to.unwrap_or(kind),
            }
        })
    }

    /// The status line's words for the position shown (`names`: the players' names by seat,
    /// where given): whose turn and what it must do (checks, setup steps), or the result, as
    /// the rules' [`Status`] says.
    pub fn status_line(&self, lang: Lang, names: &[String]) -> String {
        status_line(lang, names, &self.game, &self.shown_position())
    }
}

/// The plain table's reducer (the embedded board): every completed move is played as it is;
/// an undo takes back one move; a reply is played if it is legal where it was chosen.
impl Reducible for Table {
    type Action = TableAction;
    fn reduce(self: Rc<Self>, action: TableAction) -> Rc<Self> {
        let mut t = (*self).clone();
        let before = t.key();
        match action {
            TableAction::Undo => {
                t.game.undo();
                t.clear();
                t.foul = None;
            }
            TableAction::BackTo(plies) => {
                // (one more than the moves: a foul kept is taken back first)
                for _ in 0..=t.game.moves().len().saturating_sub(plies) {
                    if t.game.moves().len() > plies {
                        t.game.undo();
                    }
                }
                t.clear();
                t.foul = None;
            }
            TableAction::Reply { plies, hash, mv } => {
                if t.key() == (hash, plies) && t.game.legal_moves().contains(&mv) {
                    t.play(mv);
                }
            }
            a => {
                if let Some(mv) = t.gesture(a) {
                    t.play(mv);
                }
            }
        }
        t.settle(before, true);
        Rc::new(t)
    }
}

/// A seat's name on screen: its mark, and the player's name when one was given.
pub fn side_name(lang: Lang, game: GameId, p: Player, names: &[String]) -> String {
    let seat = koma_rules::names::seat_marked(game, p, lang);
    match names.get(p.index()).filter(|n| !n.is_empty()) {
        Some(n) => format!("{seat} ({n})"),
        None => seat.to_string(),
    }
}

/// The status line's `data-result` (`ongoing`, the winner's seat, `draw`) and `data-reason`.
pub fn result_hooks(outcome: Option<koma_rules::game::Outcome>) -> (String, String) {
    match outcome {
        None => ("ongoing".to_string(), String::new()),
        Some(o) => (
            o.winner.map_or("draw".to_string(), |w| w.0.to_string()),
            o.reason.id().to_string(),
        ),
    }
}

/// The status line's words for `pos` in `game`.
fn status_line(lang: Lang, names: &[String], game: &Game, pos: &Position) -> String {
    let game_id = pos.game();
    let status = Status::of(game, pos);
    let name = |p: Player| side_name(lang, game_id, p, names);
    let turn = status.turn;
    if let Some(o) = status.outcome {
        return match o.winner {
            Some(w) => match lang {
                Lang::Ja => format!(
                    "{}の勝ち：{}",
                    name(w),
                    i18n::reason(lang, o.reason, game.foul())
                ),
                Lang::En => format!(
                    "{} wins: {}",
                    name(w),
                    i18n::reason(lang, o.reason, game.foul())
                ),
            },
            None => format!(
                "{}{}",
                lang.pick("引き分け：", "Draw: "),
                i18n::reason(lang, o.reason, game.foul())
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

#[cfg(test)]
mod tests {
    use super::*;
    use koma_rules::{RuleOptions, sfen};

    fn table(game: GameId, position: Option<&str>) -> Rc<Table> {
        let game = match position {
            Some(p) => Game::from_position(
                sfen::from_sfen(game, p).expect("a test position"),
                RuleOptions::default(),
            ),
            None => Game::new(game, RuleOptions::default()),
        };
        Rc::new(Table::new(game))
    }

    fn cell(t: &Table, name: &str) -> Cell {
        let v = t.game.position().variant();
        sfen::parse_square(v, name).expect("a test square")
    }

    fn attempt(t: Rc<Table>, from: &str, to: &str) -> Rc<Table> {
        let (f, c) = (cell(&t, from), cell(&t, to));
        t.reduce(TableAction::Attempt(Source::Cell(f), c))
    }

    #[test]
    fn gestures_make_moves_and_fouls_change_nothing() {
        let t = table(GameId::Shogi, None);
        let board = t.board_changes;
        let t = attempt(t, "7g", "7f");
        assert_eq!((t.game.moves().len(), t.board_changes), (1, board + 1));
        assert!(t.foul.is_none());
        // a click on a piece, then on a cell: the same move
        let src = Source::Cell(cell(&t, "3c"));
        let t = t.reduce(TableAction::Select(Some(src)));
        assert_eq!(t.selected, Some(src));
        let to = cell(&t, "3d");
        let t = t.reduce(TableAction::Cell(to));
        assert_eq!(t.game.moves().len(), 2);
        assert_eq!(t.selected, None);
        // a move the rules refuse is named, and the position stays
        let t = attempt(t, "8h", "8a");
        assert_eq!(t.game.moves().len(), 2);
        assert_eq!(t.foul.map(|f| f.rule_id()), Some("cannot-move-there"));
        assert_eq!(t.board_changes, board + 2);
        // looking back and flipping change the view, not the game
        let t = t.reduce(TableAction::View(Some(1)));
        assert_eq!((t.shown_ply(), t.board_changes), (1, board + 2));
        let t = t.reduce(TableAction::Flip);
        assert!(t.flipped);
        let t = t.reduce(TableAction::Undo);
        assert_eq!(t.game.moves().len(), 1);
    }

    #[test]
    fn a_promotion_that_may_be_declined_is_asked() {
        // the bishop's exchange: 8h2b may promote or not
        let t = table(GameId::Shogi, None);
        let t = attempt(t, "7g", "7f");
        let t = attempt(t, "3c", "3d");
        let t = attempt(t, "8h", "2b");
        assert_eq!(t.game.moves().len(), 2);
        let pos = t.shown_position();
        assert!(matches!(
            t.promotion_choice(&pos),
            Some(Choice::Promotion { .. })
        ));
        let t = t.reduce(TableAction::Promote(true));
        assert_eq!(t.game.moves().len(), 3);
        assert_eq!(t.pending, None);
        let v = t.game.position().variant();
        assert_eq!(
            koma_rules::notation::write_move(v, t.game.moves()[2]),
            "8h2b+"
        );
    }

    #[test]
    fn a_lion_waits_for_its_second_step() {
        // chu shogi: a lion on 7g, an enemy pawn on 7f
        let t = table(
            GameId::Chushogi,
            Some("k11/12/12/12/12/5p6/5N6/12/12/12/12/K11 b - 1"),
        );
        let (from, mid, to) = (cell(&t, "7g"), cell(&t, "7f"), cell(&t, "7e"));
        let t = t.reduce(TableAction::Attempt(Source::Cell(from), mid));
        assert_eq!(t.lion_first, Some((from, mid)));
        assert_eq!(t.game.moves().len(), 0);
        // the board offers the lion's second steps only, the middle square among them
        assert!(t.dests.iter().all(|&(s, _)| s == Source::Cell(from)));
        assert!(t.dests.contains(&(Source::Cell(from), to)));
        assert!(t.dests.contains(&(Source::Cell(from), mid)));
        let t = t.reduce(TableAction::Attempt(Source::Cell(from), to));
        assert_eq!(t.game.moves(), vec![Move::Double { from, mid, to }]);
        assert_eq!(t.lion_first, None);
        // stopping on the middle square takes the pawn in one step
        let t = table(
            GameId::Chushogi,
            Some("k11/12/12/12/12/5p6/5N6/12/12/12/12/K11 b - 1"),
        );
        let t = t.reduce(TableAction::Attempt(Source::Cell(from), mid));
        let t = t.reduce(TableAction::Attempt(Source::Cell(from), mid));
        assert_eq!(
            t.game.moves(),
            vec![Move::Board {
                from,
                to: mid,
                promote: false
            }]
        );
    }

    #[test]
    fn a_reply_is_played_only_where_it_was_chosen() {
        let t = table(GameId::Shogi, None);
        let (hash, plies) = t.key();
        let v = t.game.position().variant();
        let mv = koma_rules::notation::read_move(v, "7g7f").expect("a move");
        // the game moved on: the reply is dropped
        let moved = attempt(t.clone(), "2g", "2f");
        let still = moved.clone().reduce(TableAction::Reply { plies, hash, mv });
        assert_eq!(still.game.moves().len(), 1);
        let played = t.reduce(TableAction::Reply { plies, hash, mv });
        assert_eq!(played.game.moves(), vec![mv]);
    }
}
