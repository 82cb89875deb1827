//! The mate solver (詰将棋 and 詰み探索): does the side to move win by checks alone, and how?
//!
//! Depth-first proof-number search ([`dfpn`], in the df-pn family of Nagai's thesis), over the
//! rules' own moves, in each game's own rules: the attacker's moves are the checks (and, in the
//! games that end with moves left, the moves that end the game: chu's royal captured or bare
//! king, the hexagon's general); the defender's are every legal move. A defender with no legal
//! move has lost (the rules: mate, and shogi has no stalemate), and every rule of legality is
//! the rules' own (打ち歩詰め, a drop's dead piece, two pawns, chu's lion trading).
//!
//! - **Thresholds with the 1+ε trick**: the most proving child is searched until its number
//!   passes the second-best child's by a quarter (ε = 1/4), not by one, and at the defender's
//!   nodes the most disproving child until its disproof number passes twice the second-best
//!   child's (ε = 1): the search stays in one subtree instead of swinging between two; while
//!   the second-best number is under 16, by one, as in plain df-pn (the measures:
//!   `docs/mate.md`).
//! - **First numbers** (df-pn+): a check new to the table starts with a proof number of the
//!   defender's replies to it, so that the checks that leave fewest replies are tried first,
//!   and that number is kept in the table as an entry of no work (it is not counted again
//!   when the node is searched again; it takes no room from an entry that cost some); a check
//!   without a reply is proved as it is generated. The replies are counted without playing
//!   most of them: the king's steps by whether their cell is attacked (seen through the
//!   king), the interpositions by their cells.
//! - **Drops onto one cell count once**: a defender's proof number sums its replies' but
//!   takes the interpositions onto one cell by the hardest of them, and an attacker's
//!   disproof number its drops onto one cell likewise (the pieces a side holds answer alike
//!   on one cell; summed, every distant check would look as hard as the defender's hand is
//!   large, and every drop square as many times as the attacker holds kinds).
//! - **Moves made as such** (the square-board games with drops): the attacker's moves are
//!   sifted before they are played: only a piece that lands where it attacks the king, or
//!   leaves a line it blocked for another ([`koma_rules::Position::discovering_cells`]), can
//!   check, and one that lands where it attacks is not asked again; the defender's answers to
//!   a check are made from their targets (the king's moves, the captures of the checker, the
//!   blocks and drops between: [`koma_rules::Position::checks_on`],
//!   [`koma_rules::Position::moves_onto`]), not found among every move.
//! - **Hands that dominate** (the drop games): the table finds positions by their board, and a
//!   proof holds for every hand that gives the attacker at least as much and the defender at
//!   most as much (a disproof the other way round): [`table::Table::look`]. A proof is kept
//!   with the least the attacker needs (the proof hand: what its drops along the proof use,
//!   less what its captures bring) and the most the defender may hold (any number of a kind it
//!   holds, none more of a kind it lacks where a drop could block a check), so that it serves
//!   every position of the board whose hands it covers ([`dfpn`]'s `ProofHands`).
//! - **A bounded table** ([`table`]): `--hash` megabytes, never more; a full bucket drops its
//!   entry of least work (garbage collection a bucket at a time).
//! - **Repetitions** (the graph-history interaction): a position that repeats one of its path
//!   is a failure for the attacker (a perpetual check loses for the checker in every game here,
//!   and no proof may rest on a repetition), and that failure holds for that path only: it is
//!   never stored in the table, nor is any disproof that rests on it, so a position reached
//!   again by another path is searched again. A proof never rests on a repetition. This is
//!   the rules' reading, not a shortcut: the attacker checks with every move, so a cycle the
//!   defender may repeat ends by 連続王手の千日手 against the attacker, and a pawn drop that
//!   the attacker can only answer by closing such a cycle is legal (打ち歩詰め needs no legal
//!   reply at all). Problems whose intended mate reads it otherwise (最後の審判, 1997) have no
//!   mate here (`the_last_judgement_is_no_mate_under_koma_s_rules`).
//! - **The line**: each proved position keeps the move its proof goes on by and the plies to
//!   mate (the attacker's shortest proved move, the defender's longest reply), and the line is
//!   read back from the table and checked move by move by the rules before it is reported
//!   ([`verify`]); a line the table no longer holds whole is proved again from where it breaks.
//!   The line is a forced mate; it is the shortest against the longest defence only within
//!   what the search proved. The problem conventions (the defender holding the rest, the
//!   shortest mate proved, 無駄合) are [`tsume`]'s.
//!
//! The answer: [`Answer::Mate`] with its line, [`Answer::NoMate`] (proved: no forced win by
//! checks), or [`Answer::Unknown`] when the nodes, time or stop came first.

pub mod dfpn;
pub mod table;
pub mod tsume;

use koma_rules::{Move, Player, Position};

use self::dfpn::Dfpn;
use self::table::{INF, Place, Table};
use crate::search::Control;

/// How long the solver may run, and its table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MateLimits {
    /// Positions searched at most.
    pub nodes: Option<u64>,
    /// Milliseconds, by the caller's clock.
    pub time_ms: Option<u64>,
    /// The table's megabytes.
    pub hash_mb: usize,
}

impl Default for MateLimits {
    fn default() -> MateLimits {
        MateLimits {
            nodes: None,
            time_ms: None,
            hash_mb: 64,
        }
    }
}

/// What the solver found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A forced mate: the moves of both sides, the attacker's first, each checked by the rules.
    Mate(Vec<Move>),
    /// No forced win by checks.
    NoMate,
    /// Not decided within the limits.
    Unknown,
}

/// The answer with what it cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The answer.
    pub answer: Answer,
    /// Positions searched.
    pub nodes: u64,
    /// Entries in the table at the end.
    pub stored: usize,
    /// Entries the table holds at most.
    pub capacity: usize,
    /// The table's bytes.
    pub table_bytes: usize,
}

/// Whether the side to move in `pos` mates by checks.
pub fn solve(pos: &Position, limits: &MateLimits, control: &dyn Control) -> Report {
    solve_for(pos, pos.turn(), limits, control)
}

/// Whether `attacker` mates by checks in `pos`, whoever is to move (the defender to move: every
/// reply is answered by a mate; the line starts with the defender's longest defence).
pub fn solve_for(
    pos: &Position,
    attacker: koma_rules::Player,
    limits: &MateLimits,
    control: &dyn Control,
) -> Report {
    let mut table = Table::new(limits.hash_mb);
    solve_in(pos, attacker, limits, control, &mut table)
}

/// [`solve_for`] over a table of the caller's (the tsume search's bounded searches go on with
/// what it learnt).
pub(crate) fn solve_in(
    pos: &Position,
    attacker: koma_rules::Player,
    limits: &MateLimits,
    control: &dyn Control,
    table: &mut Table,
) -> Report {
    let mut dfpn = Dfpn::new(pos, attacker, table, limits, control);
    let root = dfpn.mid(INF, INF);
    let answer = if root.pn == 0 {
        read_line(&mut dfpn).map_or(Answer::Unknown, Answer::Mate)
    } else if root.dn == 0 {
        Answer::NoMate
    } else {
        Answer::Unknown
    };
    let nodes = dfpn.nodes;
    Report {
        answer,
        nodes,
        stored: table.stored(),
        capacity: table.capacity(),
        table_bytes: table.bytes(),
    }
}

/// The proved line from the root, read from the table: the attacker's proved move of fewest
/// plies, the defender's reply of most, each found among the position's moves (a proof reused
/// from a dominating hand stores no move of its own). A position whose proof the table no
/// longer holds whole is proved again.
fn read_line(dfpn: &mut Dfpn<'_>) -> Option<Vec<Move>> {
    let root = dfpn.pos.clone();
    let attacker = dfpn.attacker;
    let mut line = Vec::new();
    // every step lowers the plies left, so the walk ends
    let mut left = i32::MAX;
    let mut again = 0;
    loop {
        let here = dfpn.table.look(&Place::of(&dfpn.pos, attacker));
        let next = match here.filter(|e| e.pn == 0 && e.plies < left) {
            Some(e) if e.plies == 0 => break,
            Some(e) => next_move(dfpn, e.plies),
            None => None,
        };
        let Some((mv, plies)) = next else {
            again += 1;
            if again > 64 || dfpn.stopped {
                return None;
            }
            dfpn.path = line_hashes(&root, &line);
            dfpn.path.pop();
            let n = dfpn.mid(INF, INF);
            if n.pn != 0 {
                return None;
            }
            left = i32::MAX;
            continue;
        };
        left = plies + 1;
        let mover = dfpn.pos.turn();
        if !dfpn.pos.try_play(mv) {
            return None;
        }
        dfpn.movers.push(mover);
        line.push(mv);
    }
    dfpn.path.clear();
    verify(&root, attacker, &line).ok()?;
    Some(line)
}

/// The move the line goes on by from a position proved in `plies`, with the plies left after
/// it: none when the table does not hold the proof of every reply.
fn next_move(dfpn: &mut Dfpn<'_>, plies: i32) -> Option<(Move, i32)> {
    let attacking = dfpn.pos.turn() == dfpn.attacker;
    let mut best: Option<(Move, i32)> = None;
    for (mv, place, _) in dfpn.moves() {
        let child = dfpn.table.look(&place).filter(|e| e.pn == 0);
        match child {
            Some(e) if e.plies < plies => {
                let better =
                    best.is_none_or(|(_, p)| if attacking { e.plies < p } else { e.plies > p });
                if better {
                    best = Some((mv, e.plies));
                }
            }
            // a reply not proved (or not shorter): this proof is not whole here
            _ if !attacking => return None,
            _ => {}
        }
    }
    best
}

/// The hashes of the positions along `line` from `root`, the root's first.
fn line_hashes(root: &Position, line: &[Move]) -> Vec<u64> {
    let mut pos = root.clone();
    let mut out = vec![pos.hash()];
    for &mv in line {
        pos.play_unchecked(mv);
        out.push(pos.hash());
    }
    out
}

/// Why a line is not a mate.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotMate {
    /// A move the rules refuse.
    #[error("move {0}: the rules refuse it")]
    Illegal(usize),
    /// An attacker's move that neither checks nor ends the game.
    #[error("move {0}: the attacker's move does not check")]
    NoCheck(usize),
    /// The last position is not won by the attacker.
    #[error("the line does not end in the attacker's win")]
    NotOver,
}

/// Check `line` from `root` by the rules: every move legal, every attacker move a check (or
/// the end of the game), and the attacker the winner at its end.
///
/// # Errors
/// [`NotMate`], naming the first move at fault.
pub fn verify(root: &Position, attacker: Player, line: &[Move]) -> Result<(), NotMate> {
    let mut game = koma_rules::Game::from_position(root.clone(), root.options());
    for (i, &mv) in line.iter().enumerate() {
        let attacking = game.position().turn() == attacker;
        let outcome = game.play(mv).map_err(|_| NotMate::Illegal(i + 1))?;
        let won = outcome.is_some_and(|o| o.winner == Some(attacker));
        if attacking && !won && !game.position().in_check() {
            return Err(NotMate::NoCheck(i + 1));
        }
        if outcome.is_some() && i + 1 < line.len() {
            return Err(NotMate::Illegal(i + 2));
        }
    }
    match game.outcome() {
        Some(o) if o.winner == Some(attacker) => Ok(()),
        _ => Err(NotMate::NotOver),
    }
}
