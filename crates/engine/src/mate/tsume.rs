//! 詰将棋 (tsume): a problem's answer by the conventions of problem books, in the games with
//! drops whose set of pieces is fixed (shogi, minishogi, 66 shogi).
//!
//! - **The defender holds the rest**: every piece of the set that is neither on the board nor in
//!   the attacker's hand is put in the defender's hand before the search
//!   ([`koma_rules::Setup::give_rest`]); what the position's text gave the defender is kept.
//! - **Every attacker move checks**, as in the plain mate search ([`super`]).
//! - **The shortest mate against the longest defence**: the plain search proves a mate first;
//!   then a search bounded by plies (df-pn again, each entry of the table keeping the plies a
//!   position was proved in, or searched with) proves a mate within two plies fewer, and
//!   again, until one is disproved, over the plain search's table: the last bound
//!   proved is the answer's length. A bounded search's last check that the defender answers
//!   by a move on the board is disproved where it is generated, unsearched (with no ply left,
//!   only an answer by drops, which may be futile, is looked into). The line is read the same
//!   way: the attacker's first generated move that mates within the plies left, each asked of
//!   the table and else searched with a small budget (20,000 nodes: a move that does not
//!   mate in time may take millions to disprove), and when none is proved so, the move the
//!   table holds the position's proof by; the defender's first reply that the attacker cannot
//!   mate within two fewer (a move on the board before a drop). Among equal moves the first
//!   generated is mostly shown.
//! - **無駄合 (a futile interposition) is not counted**: a drop that blocks a check, which the
//!   checking piece takes with check, the mate then going on without the piece taken (it is
//!   put aside), is answered at no cost in plies when it lengthened the mate by two plies at
//!   most, as the books count: the mate after the capture is no longer than after the
//!   defender's longest move on the board. A bounded search asks it as two facts of the free
//!   capture (`Free` in the df-pn module): the position after it mated within the plies the drop
//!   was answered with, and the defender's moves on the board (the drop taken back, searched
//!   with those alone, kept apart in the table) not all mated within two fewer. A drop after
//!   whose capture the mate is longer than that is a defence like any other, its plies
//!   counted. Such a drop may still be the defender's longest reply; a position whose only
//!   replies are futile drops is a mate where it stands, so a line may end with the defender
//!   able to drop ([`Tsume::futile_end`]). An interposition by a move on the board (移動合) is
//!   always counted: it changes the board elsewhere. A proof's hands (the attacker's least,
//!   the defender's most) are kept as in the plain search, though the count is not quite
//!   monotone in them: a stronger attacker can mate the moves on the board sooner, and so
//!   turn a futile drop into a counted one.
//!
//! When the limits end before the bound is disproved, the answer is the plain search's mate,
//! marked as not proved shortest ([`Tsume::shortest`]).

use koma_rules::{GameId, Move, Position, PositionError, Setup};

use super::dfpn::Dfpn;
use super::table::{INF, Place, Table};
use super::{Answer, MateLimits, NotMate, Report};
use crate::search::Control;

/// Why a position cannot be a problem.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TsumeError {
    /// A game without drops, or whose set of pieces is not fixed, or whose checks are not the
    /// side to move's (the hexagon's).
    #[error(
        "tsume is for shogi, minishogi and shogi66 (the square-board games with drops), not {0}"
    )]
    NotADropGame(GameId),
    /// The defender's hand made whole is not a position (a piece too many on the board).
    #[error("the defender holding the rest of the set: {0}")]
    Position(#[from] PositionError),
}

/// A problem's answer with what it cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tsume {
    /// The solver's answer on [`Tsume::problem`] (its line as played).
    pub answer: Answer,
    /// For a mate: its length as problems count it (無駄合 left out).
    pub plies: Option<u32>,
    /// Whether the mate is proved the shortest against the longest defence.
    pub shortest: bool,
    /// Whether the line ends where the defender's only replies are futile drops.
    pub futile_end: bool,
    /// The position solved: the one given, the defender holding the rest.
    pub problem: Position,
    /// The plain search's figures (the first proof); `nodes` is every phase's.
    pub report: Report,
}

/// `pos` as a problem: the defender (the side not to move) holds every piece of the set that
/// is not on the board nor in the attacker's hand.
///
/// # Errors
/// [`TsumeError`]: not a game with drops and a fixed set, or too many pieces.
pub fn problem(pos: &Position) -> Result<Position, TsumeError> {
    let mut setup = Setup::of(pos);
    if !pos.rules().capabilities().shows_check || !setup.give_rest(pos.turn().opponent()) {
        return Err(TsumeError::NotADropGame(pos.variant().id));
    }
    Ok(setup.into_position()?)
}

/// Solve `pos` as a problem (see the module's docs).
///
/// # Errors
/// [`TsumeError`] when `pos` cannot be a problem.
pub fn solve_tsume(
    pos: &Position,
    limits: &MateLimits,
    control: &dyn Control,
) -> Result<Tsume, TsumeError> {
    let root = problem(pos)?;
    // one table for every phase: what the plain search proved within some plies, or
    // disproved, holds for the bounded searches too (a futile interposition only shortens a
    // mate, and one taken aside leaves the attacker no stronger)
    let mut table = Table::new(limits.hash_mb);
    let mut report = super::solve_in(&root, root.turn(), limits, control, &mut table);
    let Answer::Mate(first) = report.answer.clone() else {
        return Ok(Tsume {
            answer: report.answer.clone(),
            plies: None,
            shortest: false,
            futile_end: false,
            problem: root,
            report,
        });
    };
    // the plain proof's plies bound the count from above: the root's, the attacker's fewest
    // against the defender's most through the proof (the line read is one mate, its defence
    // chosen by plies proved later, and may be shorter than the problem's answer)
    let proved = table
        .look(&Place::of(&root, root.turn()))
        .filter(|e| e.pn == 0)
        .map(|e| e.plies);
    let mut b = Bounded::new(&root, root.turn(), &mut table, limits, control, true);
    b.dfpn.nodes = report.nodes;
    let (mut plies, shortest) = match proved {
        Some(plies) => b.fewest(plies),
        None => (first.len() as i32, false),
    };
    let read = if shortest { b.read(plies) } else { None };
    report.nodes = b.dfpn.nodes;
    // the table as every phase left it
    report.stored = b.dfpn.table.stored();
    report.table_bytes = b.dfpn.table.bytes();
    let (answer, futile_end, shortest) = match read {
        Some((line, futile)) => (Answer::Mate(line), futile, true),
        None => {
            plies = first.len() as i32;
            (Answer::Mate(first), false, false)
        }
    };
    Ok(Tsume {
        answer,
        plies: u32::try_from(plies).ok(),
        shortest,
        futile_end,
        problem: root,
        report,
    })
}

/// Whether [`mate_within`] found a mate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Within {
    /// A mate within the plies: the shortest line against the longest defence, from the
    /// position given (the defender's reply first when it is the defender's turn).
    Mate(Vec<Move>),
    /// No mate by checks within the plies.
    No,
    /// Not decided within the limits.
    Unknown,
}

/// Whether `attacker` mates `pos` by checks within `plies` plies, either side to move, by the
/// game's rules (every ply counted: no problem conventions), with the line: a puzzle's check of
/// a reader's move that is not the stored one. Shogi, minishogi and 66 shogi (the games whose
/// checks are the side to move's).
pub fn mate_within(
    pos: &Position,
    attacker: koma_rules::Player,
    plies: u32,
    limits: &MateLimits,
    control: &dyn Control,
) -> Within {
    if !pos.rules().capabilities().shows_check || pos.is_placing() {
        return Within::Unknown;
    }
    let mut table = Table::new(limits.hash_mb);
    let mut b = Bounded::new(pos, attacker, &mut table, limits, control, false);
    // a mate ends on the attacker's move: odd plies when the attacker moves first, even else
    let parity = i32::from(pos.turn() == attacker);
    let mut plies = i32::try_from(plies).unwrap_or(i32::MAX);
    if plies % 2 != parity {
        plies -= 1;
    }
    match b.within(plies, None) {
        Some(true) => {}
        Some(false) => return Within::No,
        None => return Within::Unknown,
    }
    let (fewest, exact) = b.fewest(plies);
    match exact.then(|| b.read(fewest)).flatten() {
        Some((line, _)) => Within::Mate(line),
        None => Within::Unknown,
    }
}

/// The side to move's mate of `pos` by the game's own rules (every ply counted), when the
/// solver proves one within `find`: in the games whose checks are the side to move's, made the
/// shortest against the longest defence within `shorten` ([`mate_within`]; else, or when
/// `shorten` ends first, the mate found). A puzzle's solution.
pub fn shortest_mate(
    pos: &Position,
    find: &MateLimits,
    shorten: &MateLimits,
    control: &dyn Control,
) -> Option<Vec<Move>> {
    let Answer::Mate(first) = super::solve(pos, find, control).answer else {
        return None;
    };
    let plies = u32::try_from(first.len()).unwrap_or(u32::MAX);
    match mate_within(pos, pos.turn(), plies, shorten, control) {
        Within::Mate(line) => Some(line),
        _ => Some(first),
    }
}

/// How [`Bounded::attacker_move`] asks whether a move mates in time.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Search {
    /// The table alone.
    Table,
    /// A search of at most [`PROBE`] nodes.
    Probe,
    /// A search within the limits.
    Full,
}

/// The nodes a reading gives one of the attacker's moves before it tries the next (a move
/// that mates in time is mostly proved within them; one that does not may take millions to
/// disprove).
const PROBE: u64 = 20_000;

/// The bounded searches of one problem, over one table.
struct Bounded<'a> {
    dfpn: Dfpn<'a>,
}

impl<'a> Bounded<'a> {
    fn new(
        pos: &Position,
        attacker: koma_rules::Player,
        table: &'a mut Table,
        limits: &MateLimits,
        control: &'a dyn Control,
        futile: bool,
    ) -> Bounded<'a> {
        let mut dfpn = Dfpn::new(pos, attacker, table, limits, control);
        dfpn.futile = futile;
        Bounded { dfpn }
    }

    /// The fewest plies the position is mated within, known to be mated within `plies`: two
    /// fewer, and again, until a bound is disproved; with whether that was proved (false when
    /// the limits ended first: the fewest proved so far).
    fn fewest(&mut self, mut plies: i32) -> (i32, bool) {
        while plies > 1 {
            match self.within(plies - 2, None) {
                Some(true) => plies -= 2,
                Some(false) => return (plies, true),
                None => return (plies, false),
            }
        }
        (plies, true)
    }

    /// Whether the attacker mates the current position within `left` plies (無駄合 not
    /// counted): none when the limits ended first. `interposed`: the drop just made against a
    /// check, which the attacker may take at no cost.
    fn within(
        &mut self,
        left: i32,
        interposed: Option<(koma_rules::Cell, koma_rules::Cell, koma_rules::Kind)>,
    ) -> Option<bool> {
        let d = &mut self.dfpn;
        d.bound = Some(left);
        d.interposed = interposed;
        d.path.clear();
        let n = d.mid(INF, INF);
        d.bound = None;
        d.interposed = None;
        match (n.pn, n.dn) {
            (0, _) => Some(true),
            (_, 0) => Some(false),
            _ => None,
        }
    }

    /// The line of a mate in exactly `plies` (proved the shortest) from the problem, with
    /// whether it ends where only futile drops are left to the defender.
    fn read(&mut self, plies: i32) -> Option<(Vec<Move>, bool)> {
        let root = self.dfpn.pos.clone();
        let attacker = self.dfpn.attacker;
        let mut line = Vec::new();
        let mut left = plies;
        // the drop the defender answered the last check with, which may be taken at no cost
        let mut interposed = None;
        let futile_end = loop {
            if self.dfpn.pos.turn() == attacker {
                let (mv, next) = self.attacker_move(left, interposed)?;
                self.dfpn.pos.play_unchecked(mv);
                line.push(mv);
                left = next;
                interposed = None;
            } else {
                let replies = self.replies();
                if replies.is_empty() {
                    break false;
                }
                let checker = self.dfpn.lone_checker().filter(|_| self.dfpn.futile);
                let mut chosen = None;
                for mv in replies {
                    self.dfpn.pos.play_unchecked(mv);
                    let taken = match (checker, mv) {
                        (Some(from), Move::Drop { kind, to }) => Some((from, to, kind)),
                        _ => None,
                    };
                    let longest = self.within(left - 3, taken);
                    self.dfpn.pos.undo();
                    match longest {
                        Some(false) => {
                            chosen = Some((mv, taken));
                            break;
                        }
                        Some(true) => {}
                        None => return None,
                    }
                }
                match chosen {
                    Some((mv, taken)) => {
                        self.dfpn.pos.play_unchecked(mv);
                        line.push(mv);
                        left -= 1;
                        interposed = taken;
                    }
                    // every reply a futile drop: mate as problems count it
                    None => break true,
                }
            }
            if line.len() > 4 * plies.max(1) as usize + 64 {
                return None;
            }
        };
        self.dfpn.pos = root.clone();
        check_line(&root, attacker, &line, futile_end).ok()?;
        Some((line, futile_end))
    }

    /// The attacker's move from here that mates within `left` plies, with the plies the
    /// defender's position after it has: a check within `left - 1`, else the free capture of
    /// an interposition (its position within `left + 1`, the piece kept in the line).
    ///
    /// The first generated that mates in time, each asked of the table and else searched with
    /// at most [`PROBE`] nodes; when none is proved so (a check that does not mate in time may
    /// take long to disprove), the one the table holds a proof for, the position being proved
    /// within `left` first (the proof's own move is then stored); else each searched in full.
    fn attacker_move(
        &mut self,
        left: i32,
        interposed: Option<(koma_rules::Cell, koma_rules::Cell, koma_rules::Kind)>,
    ) -> Option<(Move, i32)> {
        // the moves: every check, then the free captures of the interposition (the piece
        // taken put aside)
        self.dfpn.bound = Some(left);
        let mut moves: Vec<(Move, Option<koma_rules::Kind>)> = self
            .dfpn
            .moves()
            .into_iter()
            .map(|(mv, _, _)| (mv, None))
            .collect();
        self.dfpn.bound = None;
        if let Some((from, at, kind)) = interposed {
            for promote in [false, true] {
                moves.push((
                    Move::Board {
                        from,
                        to: at,
                        promote,
                    },
                    Some(kind),
                ));
            }
        }
        for &(mv, discard) in &moves {
            if let Some(next) = self.mates_after(mv, discard, left, Search::Probe)? {
                return Some((mv, next));
            }
        }
        if !self.within(left, interposed)? {
            return None;
        }
        for search in [Search::Table, Search::Full] {
            for &(mv, discard) in &moves {
                if let Some(next) = self.mates_after(mv, discard, left, search)? {
                    return Some((mv, next));
                }
            }
        }
        None
    }

    /// Whether `mv` (with the captured piece put aside for `discard`) leads to a mate within
    /// the plies left after it, which are returned, as `search` asks. None when the limits
    /// ended first (a probe's own budget leaves the move undecided: `Some(None)`).
    fn mates_after(
        &mut self,
        mv: Move,
        discard: Option<koma_rules::Kind>,
        left: i32,
        search: Search,
    ) -> Option<Option<i32>> {
        if discard.is_some() && self.dfpn.pos.validate(mv).is_err() {
            return Some(None);
        }
        self.dfpn.pos.play_unchecked(mv);
        let attacker = self.dfpn.attacker;
        let aside = match discard {
            Some(kind) => self.dfpn.pos.in_check() && self.dfpn.pos.take_from_hand(attacker, kind),
            None => true,
        };
        let next = if discard.is_some() {
            left + 1
        } else {
            left - 1
        };
        let ok = if aside {
            self.ask(next, search, false)
        } else {
            Some(Some(false))
        };
        if let (true, Some(kind)) = (aside, discard) {
            self.dfpn.pos.return_to_hand(attacker, kind);
        }
        self.dfpn.pos.undo();
        // a free capture holds when the drop lengthened the mate by two plies at most: the
        // defender's moves on the board, the drop taken back, not all mated within `left - 1`
        let ok = match (ok?, discard, mv) {
            (Some(true), Some(kind), Move::Board { to, .. }) if left >= 1 => {
                let drop = Move::Drop { kind, to };
                self.dfpn.pos.undo();
                let rest = self.ask(left - 1, search, true);
                self.dfpn.pos.play_unchecked(drop);
                rest?.map(|proved| !proved)
            }
            (ok, ..) => ok,
        };
        Some((ok == Some(true)).then_some(next))
    }

    /// Whether the current position is mated within `left` plies, as `search` asks (with the
    /// defender's moves on the board alone when `board_only`): `Some(None)` when a probe's
    /// budget left it undecided, None when the limits ended first.
    fn ask(&mut self, left: i32, search: Search, board_only: bool) -> Option<Option<bool>> {
        // (the flag is taken by the search's first node)
        self.dfpn.board_only = board_only && search != Search::Table;
        match search {
            Search::Table => Some(self.dfpn.decided_in_table(left, board_only)),
            Search::Full => self.within(left, None).map(Some),
            Search::Probe => {
                let d = &mut self.dfpn;
                let (most, stopped) = (d.max_nodes, d.stopped);
                d.max_nodes = most.min(d.nodes.saturating_add(PROBE));
                let ok = self.within(left, None);
                let d = &mut self.dfpn;
                d.max_nodes = most;
                // the probe's budget ended, not the search's: undecided
                if ok.is_none() && d.nodes < most {
                    d.stopped = stopped;
                    Some(None)
                } else {
                    ok.map(Some)
                }
            }
        }
    }

    /// The defender's legal replies, the moves on the board before the drops.
    fn replies(&mut self) -> Vec<Move> {
        let mut replies: Vec<Move> = self.dfpn.moves().into_iter().map(|(mv, _, _)| mv).collect();
        replies.sort_by_key(|mv| matches!(mv, Move::Drop { .. }));
        replies
    }
}

/// Check a problem's line by the rules: every move legal, every attacker move a check, and the
/// attacker the winner at its end; or, when `futile_end`, the defender in check at the end with
/// only drops to answer it (the solver proved them futile).
///
/// # Errors
/// [`NotMate`], naming the first move at fault.
pub fn verify_tsume(root: &Position, line: &[Move], futile_end: bool) -> Result<(), NotMate> {
    check_line(root, root.turn(), line, futile_end)
}

/// [`verify_tsume`] with the attacker named (the defender may move first).
fn check_line(
    root: &Position,
    attacker: koma_rules::Player,
    line: &[Move],
    futile_end: bool,
) -> Result<(), NotMate> {
    if !futile_end {
        return super::verify(root, attacker, line);
    }
    let mut pos = root.clone();
    for (i, &mv) in line.iter().enumerate() {
        let attacking = pos.turn() == attacker;
        if pos.validate(mv).is_err() {
            return Err(NotMate::Illegal(i + 1));
        }
        pos.play_unchecked(mv);
        if attacking && !pos.in_check() {
            return Err(NotMate::NoCheck(i + 1));
        }
    }
    let replies = pos.legal_moves();
    let only_drops = replies.iter().all(|m| matches!(m, Move::Drop { .. }));
    if pos.turn() == attacker || !pos.in_check() || replies.is_empty() || !only_drops {
        return Err(NotMate::NotOver);
    }
    Ok(())
}
