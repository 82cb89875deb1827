//! Depth-first proof-number search (df-pn) over the rules' own moves, with the 1+ε trick on
//! the thresholds and the repetitions of the path kept out of the table (see [`super`]).

use koma_rules::position::MoveList;
use koma_rules::{Cell, CellSet, Kind, Move, Player, Position};

use super::table::{Entry, INF, Place, Table};
use crate::search::Control;

/// The ε of the 1+ε trick, in quarters, at the attacker's nodes and at the defender's: a
/// child is searched until its number passes the second-best child's times 1+ε (and one), so
/// that the search does not swing between two children. Measured on the benchmark's 36
/// positions, the 973 mates of the drop games' puzzles, positions with no mate and the long
/// problems (`docs/mate.md`): a quarter at the attacker's (less, and a proof that there is no
/// mate never ends), 1 at the defender's (its few real defences are each followed further
/// before another is tried).
const EPSILON_QUARTERS: (u32, u32) = (1, 4);

/// The second-best number from which ε widens a threshold; below it a child is searched until
/// its number passes the second-best's by one (plain df-pn), so that the search moves on from
/// a check or a defence while their numbers are small (measured with ε: `docs/mate.md`).
const EPSILON_FROM: u32 = 16;

/// What a search of a position returned.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Numbers {
    pub pn: u32,
    pub dn: u32,
    /// For a proof: plies to mate along the stored moves (in a bounded search, as problems
    /// count them: a futile interposition and its capture count none).
    pub plies: i32,
    /// The depth in the path of the earliest position above this one that a line below it
    /// repeats, [`NO_LOOP`] for none: a disproof that rests on it holds for this path only, and
    /// is kept out of the table.
    pub loop_depth: u32,
    /// For a proof, the hands it holds for ([`ProofHands`]).
    pub hands: ProofHands,
}

/// The hands a proof holds for (the proof hand of the strong solvers): the attacker holding at
/// least `attacker` and the defender at most `defender`, kind by kind (packed as
/// [`koma_rules::Position::packed_hand`]; a byte of 255 is any number). The same moves mate
/// then: the attacker's drops need no more than it holds; the defender's moves are the same or
/// fewer, but for drops of a kind it does not hold, which could block a check (so a proof
/// where they could keeps the defender without that kind).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct ProofHands {
    pub attacker: u64,
    pub defender: u64,
}

/// A defender's hand of any size.
const ANY: u64 = u64::MAX;

impl ProofHands {
    const NONE: ProofHands = ProofHands {
        attacker: 0,
        defender: ANY,
    };

    /// What a proof of the child holds for, seen from its parent: the child's hands were
    /// `after` (attacker's, defender's), the parent's `before`; each kind's need moves by what
    /// the move put into or took out of a hand (a drop needs its piece before; a capture
    /// brings one).
    fn before(self, after: (u64, u64), before: (u64, u64)) -> ProofHands {
        ProofHands {
            attacker: bytewise(|k| {
                let need = byte(self.attacker, k) + byte(before.0, k) - byte(after.0, k);
                need.clamp(0, 254)
            }),
            defender: bytewise(|k| {
                let most = byte(self.defender, k);
                if most == 255 {
                    255
                } else {
                    (most + byte(before.1, k) - byte(after.1, k)).clamp(0, 254)
                }
            }),
        }
    }

    /// Both `self` and `other` hold (a defender's node: every reply's proof must).
    fn and(self, other: ProofHands) -> ProofHands {
        ProofHands {
            attacker: bytewise(|k| byte(self.attacker, k).max(byte(other.attacker, k))),
            defender: bytewise(|k| byte(self.defender, k).min(byte(other.defender, k))),
        }
    }

    /// The defender, when a drop could answer here, holding none of the kinds it holds none
    /// of in `defender`.
    fn without_new_drops(self, defender: u64) -> ProofHands {
        ProofHands {
            defender: bytewise(|k| {
                if byte(defender, k) == 0 {
                    0
                } else {
                    byte(self.defender, k)
                }
            }),
            ..self
        }
    }
}

/// Byte `k` of a packed hand.
fn byte(hand: u64, k: u32) -> i32 {
    ((hand >> (8 * k)) & 0xff) as i32
}

/// A packed hand of the bytes `f` gives.
fn bytewise(f: impl Fn(u32) -> i32) -> u64 {
    (0..8).fold(0, |acc, k| acc | ((f(k) as u64) & 0xff) << (8 * k))
}

/// No repetition of a position above.
pub(super) const NO_LOOP: u32 = u32::MAX;

impl Numbers {
    const UNKNOWN: Numbers = Numbers {
        pn: 1,
        dn: 1,
        plies: 0,
        loop_depth: NO_LOOP,
        hands: ProofHands::NONE,
    };
    const DISPROVED: Numbers = Numbers {
        pn: INF,
        dn: 0,
        plies: 0,
        loop_depth: NO_LOOP,
        hands: ProofHands::NONE,
    };

    /// A proof at hand, holding for `hands`.
    fn proved(hands: ProofHands) -> Numbers {
        Numbers {
            pn: 0,
            dn: INF,
            plies: 0,
            loop_depth: NO_LOOP,
            hands,
        }
    }
}

/// A move of a node and what is known below it.
#[derive(Copy, Clone, Debug)]
struct Child {
    mv: Move,
    n: Numbers,
    /// The hands (attacker's, defender's) of the position the move leads to, as searched.
    after: (u64, u64),
    /// A bounded search's capture of a dropped interposition, the piece taken put aside
    /// (無駄合: does the mate go on without it, the two plies not counted?).
    discard: Option<Kind>,
    /// For such a capture, the two facts its numbers join ([`Free`]).
    free: Free,
}

/// A free capture of a dropped interposition (無駄合) holds when both hold: the position after
/// it, the piece put aside, is mated within the plies the drop was answered with (`capture`);
/// and the defender's moves on the board, where it dropped, are not all mated within two
/// plies fewer than that (`rest`, searched with only those moves: [`Dfpn::board_only`]), so
/// that the drop lengthened the mate by its two plies at most. Were they all mated sooner, a
/// drop after whose capture the mate takes longer is a real defence, its plies counted.
#[derive(Copy, Clone, Debug)]
struct Free {
    capture: Numbers,
    rest: Numbers,
}

impl Free {
    const NONE: Free = Free {
        capture: Numbers::UNKNOWN,
        rest: Numbers::UNKNOWN,
    };

    /// The numbers of both: a proof of the capture and a disproof of the rest. A disproof of
    /// the rest that rests on the path (a repetition) is not taken: the drop is then counted.
    fn numbers(&self) -> Numbers {
        let (c, r) = (self.capture, self.rest);
        if r.dn == 0 && r.loop_depth != NO_LOOP {
            return Numbers {
                loop_depth: r.loop_depth,
                ..Numbers::DISPROVED
            };
        }
        let pn = if c.pn >= INF || r.dn >= INF {
            INF
        } else {
            c.pn.saturating_add(r.dn).min(INF - 1)
        };
        let dn = c.dn.min(r.pn);
        Numbers {
            pn,
            dn,
            plies: c.plies,
            loop_depth: if c.dn == 0 {
                c.loop_depth
            } else {
                c.loop_depth.min(r.loop_depth)
            },
            hands: c.hands,
        }
    }
}

/// What a bounded search's entry tells of its position searched with `left` plies: a proof in
/// `plies` holds within `left` if `plies <= left`; a disproof within `plies` (the plies it was
/// searched with) holds within any fewer; the numbers of a search not ended hold for the same
/// plies only. So the bounds of one problem, each two plies fewer than the last, share their
/// table: a position proved with room to spare, or disproved, is not searched again.
fn within_bound(e: &Entry, left: i32) -> bool {
    if e.pn == 0 {
        e.plies <= left
    } else if e.dn == 0 {
        left <= e.plies
    } else {
        e.plies == left
    }
}

/// The search's state: the position, the side that mates, the table and the budget.
pub(super) struct Dfpn<'a> {
    pub pos: Position,
    pub attacker: Player,
    pub table: &'a mut Table,
    /// The hashes of the positions from the root to the current one's parent.
    pub path: Vec<u64>,
    /// Who made each move of the path (the rules' `position_outcome` asks for the last).
    pub movers: Vec<Player>,
    pub nodes: u64,
    pub max_nodes: u64,
    pub time_ms: Option<u64>,
    pub control: &'a dyn Control,
    pub stopped: bool,
    /// A check is the side to move's ([`koma_rules::Capabilities::shows_check`]): the
    /// attacker's moves may be sifted for checks before they are played (a piece that attacks
    /// the king from where it lands, or one uncovered), the defender's answers to a check made
    /// as such, and a defender without a move has lost. Elsewhere (chu's royals may stay
    /// attacked, the hexagon's checks jump the turn) the game may end with moves left, and each
    /// position is asked whether it has.
    pub shows_check: bool,
    /// The tsume search's bound ([`super::tsume`]): the plies the current position must be
    /// mated in, 無駄合 not counted; none for the plain mate search.
    pub bound: Option<i32>,
    /// Set by a bounded defender's node before it searches a drop that answers a check: the
    /// checker's cell, where the piece landed, and its kind (the child may take it at no cost).
    pub interposed: Option<(Cell, Cell, Kind)>,
    /// Whether a bounded search answers a dropped interposition at no cost when the checker
    /// takes it and mates without the piece (無駄合, the problems' convention); off, every
    /// ply counts (the rules of a game).
    pub futile: bool,
    /// Set before a defender's node is searched with its moves on the board alone (the rest
    /// of a free capture: [`Free`]); its entry is kept apart ([`Place::board_only`]).
    pub board_only: bool,
}

/// Whether a piece of `kind` on `to` attacks the king, by `direct` (the attacker's
/// [`koma_rules::Position::attack_cells`] of it, before the move: the piece that moves there
/// only clears the line behind it).
fn attacks(direct: &[(Cell, u64)], to: Cell, kind: Kind) -> bool {
    direct
        .iter()
        .any(|&(c, m)| c == to && m >> kind.index() & 1 != 0)
}

/// The attacker's cells that attack the king directly ([`attacks`]), with their set: most
/// moves land elsewhere, and are told so by one bit.
struct Direct {
    cells: Vec<(Cell, u64)>,
    set: CellSet,
}

impl Direct {
    fn none() -> Direct {
        Direct {
            cells: Vec::new(),
            set: CellSet::EMPTY,
        }
    }

    fn attacks(&self, to: Cell, kind: Kind) -> bool {
        self.set.contains(to) && attacks(&self.cells, to, kind)
    }
}

/// The sum of the children's `number` (a defender's proof number, an attacker's disproof
/// number), the drops onto one cell counted once, by the hardest of them (the pieces a side
/// holds are mostly answered alike on one cell; summed, every distant check would look as hard
/// as the defender's hand is large). Past 16 cells the drops are summed.
fn same_cell_sum(children: &[Child], number: fn(&Numbers) -> u32) -> u32 {
    let mut cells: [(u16, u32); 16] = [(u16::MAX, 0); 16];
    let mut used = 0;
    let mut total = 0u32;
    for c in children {
        let value = number(&c.n);
        if value >= INF {
            return INF;
        }
        if let Move::Drop { to, .. } = c.mv {
            let key = to.index() as u16;
            if let Some(slot) = cells[..used].iter_mut().find(|(k, _)| *k == key) {
                slot.1 = slot.1.max(value);
                continue;
            }
            if used < cells.len() {
                cells[used] = (key, value);
                used += 1;
                continue;
            }
        }
        total = total.saturating_add(value).min(INF - 1);
    }
    for (_, value) in &cells[..used] {
        total = total.saturating_add(*value).min(INF - 1);
    }
    total
}

fn widen(second: u32, quarters: u32) -> u32 {
    if second >= INF {
        return INF;
    }
    let quarters = if second >= EPSILON_FROM { quarters } else { 0 };
    second
        .saturating_add(second * quarters / 4)
        .saturating_add(1)
        .min(INF)
}

impl<'a> Dfpn<'a> {
    /// A search of `pos` where `attacker` mates, over `table`, within `limits`: the plain mate
    /// search (no bound, every ply counted).
    pub(super) fn new(
        pos: &Position,
        attacker: Player,
        table: &'a mut Table,
        limits: &super::MateLimits,
        control: &'a dyn Control,
    ) -> Dfpn<'a> {
        Dfpn {
            pos: pos.clone(),
            attacker,
            table,
            path: Vec::new(),
            movers: Vec::new(),
            nodes: 0,
            max_nodes: limits.nodes.unwrap_or(u64::MAX),
            time_ms: limits.time_ms,
            control,
            stopped: false,
            shows_check: pos.rules().capabilities().shows_check,
            bound: None,
            interposed: None,
            futile: false,
            board_only: false,
        }
    }

    /// The key of the current position.
    fn place(&self) -> Place {
        Place::of(&self.pos, self.attacker)
    }

    /// The plies left to a bounded search at a position `step` plies below the current one.
    fn left(&self, step: i32) -> Option<i32> {
        self.bound.map(|left| left - step)
    }

    fn out_of_budget(&mut self) -> bool {
        if !self.stopped
            && (self.nodes >= self.max_nodes
                || (self.nodes & 1023 == 0
                    && (self.control.should_stop()
                        || self.time_ms.is_some_and(|t| self.control.elapsed_ms() >= t))))
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// The attacker's moves that check (or end the game), or all the defender's legal moves,
    /// each with the place of the position it leads to and its first proof number.
    pub(super) fn moves(&mut self) -> Vec<(Move, Place, Numbers)> {
        let attacking = self.pos.turn() == self.attacker;
        let mut list = MoveList::with_capacity(128);
        // the cells and kinds that attack the king directly: a move there checks for sure
        let mut direct = Direct::none();
        let mut interposing = false;
        if attacking && self.bound.is_some_and(|left| left < 1) {
            // a bounded search with no ply left: no check can mate in time
        } else if attacking && self.shows_check && !self.pos.is_placing() {
            // the moves on the board that may check, then the drops onto the cells that do
            // (the two parts of the pseudo-legal moves: `tactical_moves` and `checking_drops`)
            self.pos.tactical_moves(&mut list);
            direct = self.sift(&mut list);
            self.pos.checking_drops(&mut list, &direct.cells);
        } else if attacking {
            self.pos.pseudo_legal_moves(&mut list);
        } else {
            interposing = self.defences(&mut list, true).is_some();
        }
        let mut out = Vec::with_capacity(list.len());
        let v = self.pos.variant();
        let pawn = v.pawn;
        for mv in list {
            let sure = match mv {
                Move::Board { from, to, promote } => {
                    let k = self.pos.piece(from).kind();
                    let k = if promote {
                        v.kind(k).promotes_to.unwrap_or(k)
                    } else {
                        k
                    };
                    direct.attacks(to, k)
                }
                Move::Drop { kind, to } => direct.attacks(to, kind),
                _ => false,
            };
            // a defender's drop is an interposition against one checker (all `defences`
            // makes): legal but for a pawn's, which might mate the attacker's king
            if !attacking
                && interposing
                && matches!(mv, Move::Drop { kind, .. } if Some(kind) != pawn)
            {
                self.pos.play_unchecked(mv);
            } else if !self.pos.try_play(mv) {
                continue;
            }
            let keep = !attacking || sure || self.pos.in_check() || self.attacker_won();
            if keep {
                out.push((mv, self.place(), Numbers::UNKNOWN));
            }
            self.pos.undo();
        }
        // the table asked for all of them in one go (their memory fetched side by side)
        self.table.touch(out.iter().map(|c| &c.1));
        let left = self.left(1);
        let known: Vec<Option<Numbers>> = out.iter().map(|c| self.looked_up(&c.1, left)).collect();
        for (child, known) in out.iter_mut().zip(known) {
            match known {
                Some(n) => child.2 = n,
                // a check new to the table is as hard to prove as the defender has replies
                // (df-pn+'s first numbers), kept there as an entry of no work; one without a
                // reply is proved here, without a node of its own
                None if attacking && self.shows_check => {
                    self.pos.play_unchecked(child.0);
                    let (replies, on_the_board) = self.replies();
                    let mated = (replies == 0).then(|| self.mated_hands());
                    self.pos.undo();
                    child.2 = if let Some(hands) = mated {
                        Numbers::proved(hands)
                    } else if left == Some(0) && (on_the_board || !self.futile) {
                        // a bounded search's last check that the defender answers: not a mate
                        // in time (but when its only answers are drops, which may be futile)
                        Numbers::DISPROVED
                    } else {
                        Numbers {
                            pn: replies,
                            ..Numbers::UNKNOWN
                        }
                    };
                    self.store(child.1, child.2, u64::from(replies == 0), left);
                }
                None => {}
            }
        }
        out
    }

    /// Keep the moves of `list` that may check: onto a cell from which the piece (promoted if
    /// it promotes) attacks the defender's king, or away from a cell that blocks another of
    /// the attacker's pieces from it. Each kept move is still played and asked. The cells that
    /// attack the king, with the kinds that would, are returned for the drops.
    fn sift(&self, list: &mut MoveList) -> Direct {
        let pos = &self.pos;
        let Some(king) = pos.king(self.attacker.opponent()) else {
            return Direct::none();
        };
        let mut cells = Vec::with_capacity(32);
        pos.attack_cells(king, self.attacker, &mut cells);
        let mut set = CellSet::EMPTY;
        for &(c, _) in &cells {
            set.insert(c);
        }
        let direct = Direct { cells, set };
        let mut uncovering = Vec::with_capacity(8);
        pos.discovering_cells(king, self.attacker, &mut uncovering);
        let v = pos.variant();
        let attacks_from = |to, kind| direct.attacks(to, kind);
        list.retain(|&mv| match mv {
            Move::Board { from, to, promote } => {
                let k = pos.piece(from).kind();
                let k = if promote {
                    v.kind(k).promotes_to.unwrap_or(k)
                } else {
                    k
                };
                attacks_from(to, k) || uncovering.contains(&from)
            }
            Move::Drop { kind, to } => attacks_from(to, kind),
            Move::Double { .. } | Move::Pass => true,
        });
        direct
    }

    /// How many replies the defender has to the check just made, the drops onto one cell
    /// counted once (as the defender's proof number counts them: [`same_cell_sum`]), and not
    /// made: a cell between the checker and the king counts when the defender holds a piece
    /// (a hint; the drop may be barred there); 0 only when it has no legal reply. With it,
    /// whether a reply on the board is legal (a move of the king's, a capture of the checker,
    /// an interposition by a piece on the board).
    fn replies(&mut self) -> (u32, bool) {
        let mut list = MoveList::with_capacity(32);
        let between = self.defences(&mut list, false);
        let king = self.pos.king(self.pos.turn());
        let mut n = 0;
        for &mv in &list {
            let legal = match mv {
                // the king's step is legal where nothing attacks it, seen through where it
                // stood; the rules are asked by playing the other moves
                Move::Board { from, to, .. } if between.is_some() && Some(from) == king => {
                    !self.pos.attacked_by_with(to, self.attacker, &[from])
                }
                _ => {
                    let legal = self.pos.try_play(mv);
                    if legal {
                        self.pos.undo();
                    }
                    legal
                }
            };
            n += u32::from(legal);
        }
        // (not in check: every move was counted, the drops among them)
        let Some(between) = between else {
            return (n, false);
        };
        let defender = self.pos.turn();
        if between.is_empty() || self.pos.packed_hand(defender) == 0 {
            return (n, n > 0);
        }
        if n == 0 {
            // the drops decide whether the check mates
            list.clear();
            let onto: Vec<(Cell, u64)> = between.iter().map(|&c| (c, u64::MAX)).collect();
            self.pos.checking_drops(&mut list, &onto);
            let answered = list.into_iter().any(|mv| {
                let legal = self.pos.try_play(mv);
                if legal {
                    self.pos.undo();
                }
                legal
            });
            if !answered {
                return (0, false);
            }
        }
        (n + between.len() as u32, n > 0)
    }

    /// The defender's moves to try: against a check in the square-board games with drops, only
    /// those that may answer it (the king's own, and the others onto the checker or between it
    /// and the king: none of those against two checkers), made as such, the drops between
    /// only when `drops`; else every move. Each is still played and asked.
    ///
    /// Returns, against one checker, the cells between it and the king (where the drops made,
    /// all interpositions, land); against two, none; `None` when not in check.
    fn defences(&self, list: &mut MoveList, drops: bool) -> Option<Vec<Cell>> {
        let pos = &self.pos;
        let king = pos.king(pos.turn()).filter(|_| self.shows_check);
        let mut cells = Vec::with_capacity(16);
        let checkers = king.map_or(0, |k| pos.checks_on(k, self.attacker, &mut cells));
        let Some(king) = king.filter(|_| checkers > 0) else {
            pos.pseudo_legal_moves(list);
            return None;
        };
        pos.moves_from(king, list);
        if checkers != 1 {
            return Some(Vec::new());
        }
        pos.moves_onto(&cells, list);
        // (the checker's cell first, then the cells between)
        let between = cells.split_off(1);
        if drops && !between.is_empty() {
            let onto: Vec<(Cell, u64)> = between.iter().map(|&c| (c, u64::MAX)).collect();
            pos.checking_drops(list, &onto);
        }
        Some(between)
    }

    /// The hands as they are: what a proof holds for where it is not worked out (the games
    /// without drops or whose checks jump the turn, 66 shogi's placing).
    fn actual_hands(&self) -> ProofHands {
        let here = self.place();
        ProofHands {
            attacker: here.attacker,
            defender: here.defender,
        }
    }

    /// Whether a drop could answer the defender to move here, had it the piece: not in check,
    /// or in check by one piece from a distance.
    fn drops_could_answer(&self) -> bool {
        let pos = &self.pos;
        let Some(king) = pos.king(pos.turn()) else {
            return true;
        };
        let mut cells = Vec::with_capacity(16);
        match pos.checks_on(king, self.attacker, &mut cells) {
            0 => true,
            1 => cells.len() > 1,
            _ => false,
        }
    }

    /// What the mate of the defender to move, without a legal move, holds for: any hand of the
    /// attacker's (it moves no more), and a defender holding no more kinds than it does where a
    /// drop could answer.
    fn mated_hands(&self) -> ProofHands {
        if !self.shows_check || self.pos.is_placing() {
            return self.actual_hands();
        }
        if self.drops_could_answer() {
            ProofHands::NONE.without_new_drops(self.place().defender)
        } else {
            ProofHands::NONE
        }
    }

    /// What the proof of the current position by `children` holds for: the attacker's by its
    /// move of fewest plies (the one the line goes on by), the defender's by every reply.
    fn proof_hands(&self, attacking: bool, children: &[Child]) -> ProofHands {
        if !self.shows_check || self.pos.is_placing() {
            return self.actual_hands();
        }
        let here = self.place();
        let before = (here.attacker, here.defender);
        let cost = |c: &&Child| c.n.plies + if c.discard.is_some() { -1 } else { 1 };
        if attacking {
            return children
                .iter()
                .filter(|c| c.n.pn == 0)
                .min_by_key(cost)
                .map_or_else(
                    || self.actual_hands(),
                    |c| c.n.hands.before(c.after, before),
                );
        }
        let every = children.iter().fold(ProofHands::NONE, |h, c| {
            h.and(c.n.hands.before(c.after, before))
        });
        if self.drops_could_answer() {
            every.without_new_drops(here.defender)
        } else {
            every
        }
    }

    /// The game has ended here (a game that ends with moves left) in the attacker's favour.
    fn attacker_won(&mut self) -> bool {
        !self.shows_check
            && self
                .pos
                .rules()
                .position_outcome(&mut self.pos, Some(self.attacker))
                .is_some_and(|o| o.winner == Some(self.attacker))
    }

    /// The one piece that checks the defender to move, if one alone does.
    pub(super) fn lone_checker(&self) -> Option<Cell> {
        let king = self.pos.king(self.pos.turn())?;
        let mut cells = Vec::with_capacity(16);
        match self.pos.checks_on(king, self.attacker, &mut cells) {
            1 => cells.first().copied(),
            _ => None,
        }
    }

    /// 無駄合 in a bounded search: after a drop that blocked the check of the piece on
    /// `taken.0`, that piece's captures of it that check again, each as a child where the
    /// captured piece is put aside and the two plies are not counted (the defender to move
    /// with the plies the drop was answered with), when the drop lengthened the mate by two
    /// plies at most ([`Free`]). A mate that holds so did not need the drop answered, nor the
    /// piece.
    fn free_captures(&mut self, (from, at, kind): (Cell, Cell, Kind), out: &mut Vec<Child>) {
        let drop = Move::Drop { kind, to: at };
        let mut rest = None;
        for promote in [false, true] {
            let mv = Move::Board {
                from,
                to: at,
                promote,
            };
            if self.pos.validate(mv).is_err() {
                continue;
            }
            let rest = *rest.get_or_insert_with(|| self.rest_known(drop));
            self.pos.play_unchecked(mv);
            if self.pos.in_check() && self.pos.take_from_hand(self.attacker, kind) {
                let place = self.place();
                let free = Free {
                    capture: self
                        .looked_up(&place, self.left(-1))
                        .unwrap_or(Numbers::UNKNOWN),
                    rest,
                };
                out.push(Child {
                    after: (place.attacker, place.defender),
                    mv,
                    n: free.numbers(),
                    discard: Some(kind),
                    free,
                });
                self.pos.return_to_hand(self.attacker, kind);
            }
            self.pos.undo();
        }
    }

    /// What is known of a free capture's rest ([`Free`]) after `drop`, the current position's
    /// last move: the position before it searched with the defender's moves on the board
    /// alone, within two plies fewer than the drop was answered with (the plies left here,
    /// less one). Below no plies, nothing is mated: the rest is disproved.
    fn rest_known(&mut self, drop: Move) -> Numbers {
        let Some(left) = self.bound.map(|left| left - 1).filter(|&left| left >= 0) else {
            return Numbers::DISPROVED;
        };
        self.pos.undo();
        let place = self.place().board_only();
        let n = self.looked_up(&place, Some(left));
        self.pos.play_unchecked(drop);
        n.unwrap_or(Numbers::UNKNOWN)
    }

    /// Search a free capture ([`Free`]) until its numbers reach the thresholds: the capture
    /// and the rest (whose disproof is wanted: its numbers swap) as the two children of a
    /// defender's node, the one of least disproof number first.
    fn search_free(&mut self, mut c: Child, kind: Kind, th_pn: u32, th_dn: u32) -> Child {
        let Move::Board { to, .. } = c.mv else {
            return c;
        };
        let drop = Move::Drop { kind, to };
        loop {
            let n = c.free.numbers();
            c.n = n;
            if n.pn >= th_pn || n.dn >= th_dn || self.out_of_budget() {
                return c;
            }
            let (capture, rest) = (c.free.capture, c.free.rest);
            let bound = self.bound;
            if capture.dn <= rest.pn {
                let sub_pn = (th_pn - n.pn).saturating_add(capture.pn).min(INF);
                let sub_dn = th_dn.min(rest.pn.saturating_add(1)).min(INF);
                self.pos.play_unchecked(c.mv);
                self.movers.push(self.attacker);
                self.pos.take_from_hand(self.attacker, kind);
                self.bound = bound.map(|left| left + 1);
                c.free.capture = self.mid(sub_pn, sub_dn);
                self.bound = bound;
                self.pos.return_to_hand(self.attacker, kind);
                self.movers.pop();
                self.pos.undo();
            } else {
                // the rest's proof number is the free capture's disproof's, and its disproof
                // number the proof's
                let sub_pn = th_dn.min(capture.dn.saturating_add(1)).min(INF);
                let sub_dn = (th_pn - n.pn).saturating_add(rest.dn).min(INF);
                self.pos.undo();
                let mover = self.movers.pop();
                self.bound = bound.map(|left| left - 1);
                self.board_only = true;
                c.free.rest = self.mid(sub_pn, sub_dn);
                self.board_only = false;
                self.bound = bound;
                self.movers.extend(mover);
                self.pos.play_unchecked(drop);
            }
        }
    }

    /// What the table holds of the current position within `left` plies (searched with the
    /// defender's moves on the board alone when `board_only`): proved, disproved, or neither.
    pub(super) fn decided_in_table(&self, left: i32, board_only: bool) -> Option<bool> {
        let place = if board_only {
            self.place().board_only()
        } else {
            self.place()
        };
        let n = self.looked_up(&place, Some(left))?;
        match (n.pn, n.dn) {
            (0, _) => Some(true),
            (_, 0) => Some(false),
            _ => None,
        }
    }

    /// What the path (a repetition) or the table knows of the position at `place`, searched
    /// with `left` plies in a bounded search (a repetition is no mate, the shortest least of
    /// all).
    fn looked_up(&self, place: &Place, left: Option<i32>) -> Option<Numbers> {
        if let Some(i) = self.path.iter().position(|&h| h == place.key) {
            return Some(Numbers {
                loop_depth: i as u32,
                ..Numbers::DISPROVED
            });
        }
        let e = self.table.look(place)?;
        if left.is_some_and(|left| !within_bound(&e, left)) {
            return None;
        }
        Some(Numbers {
            pn: e.pn,
            dn: e.dn,
            plies: if e.pn == 0 { e.plies } else { 0 },
            loop_depth: NO_LOOP,
            hands: ProofHands {
                attacker: e.place.attacker,
                defender: e.place.defender,
            },
        })
    }

    /// Keep what a search learnt of the position at `place` (with `left` plies in a bounded
    /// search: its entry then keeps the plies, and an entry that tells more is not replaced by
    /// one that tells less: a shorter proof, a disproof within more plies, a decided position
    /// by numbers).
    fn store(&mut self, place: Place, n: Numbers, amount: u64, left: Option<i32>) {
        // a disproof by a repetition of this path holds for this path only
        if n.loop_depth != NO_LOOP && n.dn == 0 {
            return;
        }
        // a proof is kept with the hands it holds for (found by any hand they cover)
        let place = if n.pn == 0 {
            Place {
                attacker: n.hands.attacker,
                defender: n.hands.defender,
                ..place
            }
        } else {
            place
        };
        // a plain search's disproof holds within any plies; its numbers for none
        let plies = match left {
            _ if n.pn == 0 => n.plies,
            Some(left) => left,
            None if n.dn == 0 => i32::MAX,
            None => i32::MIN,
        };
        if left.is_some()
            && let Some(old) = self.table.exact(&place)
        {
            let keep = if n.pn == 0 {
                old.pn == 0 && old.plies <= plies
            } else if n.dn == 0 {
                old.dn == 0 && old.plies >= plies
            } else {
                old.decided()
            };
            if keep {
                return;
            }
        }
        self.table.put(Entry {
            place,
            pn: n.pn,
            dn: n.dn,
            amount: u32::try_from(amount).unwrap_or(u32::MAX),
            plies,
        });
    }

    /// The numbers of a node from its children's, with the child to search next (the most
    /// proving) and the threshold it gets.
    fn aggregate(&self, attacking: bool, children: &[Child]) -> (Numbers, Option<usize>, u32) {
        // the number the node's mover lowers (the attacker's proof, the defender's disproof)
        // and the other one
        type Number = fn(&Numbers) -> u32;
        let (goal, other): (Number, Number) = if attacking {
            (|n| n.pn, |n| n.dn)
        } else {
            (|n| n.dn, |n| n.pn)
        };
        let mut best: Option<usize> = None;
        let mut second = INF;
        for (i, c) in children.iter().enumerate() {
            let v = goal(&c.n);
            match best {
                Some(b) if v >= goal(&children[b].n) => second = second.min(v),
                _ => {
                    if let Some(b) = best {
                        second = second.min(goal(&children[b].n));
                    }
                    best = Some(i);
                }
            }
        }
        let min = best.map_or(INF, |b| goal(&children[b].n));
        let total = same_cell_sum(children, other);
        let (pn, dn) = if attacking {
            (min, total)
        } else {
            (total, min)
        };
        // a decided node: how many plies its proof takes (a free capture of a futile
        // interposition takes back the ply of the drop), and whether it rests on the path
        let cost = |c: &Child| c.n.plies + if c.discard.is_some() { -1 } else { 1 };
        let plies = if pn == 0 {
            if attacking {
                children
                    .iter()
                    .filter(|c| c.n.pn == 0)
                    .map(cost)
                    .min()
                    .unwrap_or(0)
            } else {
                children.iter().map(cost).max().unwrap_or(0)
            }
        } else {
            0
        };
        let loop_depth = if dn == 0 && !attacking {
            children
                .iter()
                .filter(|c| c.n.dn == 0)
                .map(|c| c.n.loop_depth)
                .min()
        } else {
            children.iter().map(|c| c.n.loop_depth).min()
        }
        .unwrap_or(NO_LOOP);
        (
            Numbers {
                pn,
                dn,
                plies,
                loop_depth,
                // a proof's hands are worked out once it is whole ([`Dfpn::proof_hands`])
                hands: ProofHands::NONE,
            },
            best,
            widen(
                second,
                if attacking {
                    EPSILON_QUARTERS.0
                } else {
                    EPSILON_QUARTERS.1
                },
            ),
        )
    }

    /// Search the current position until its proof number reaches `th_pn` or its disproof
    /// number `th_dn` (or the budget ends).
    pub(super) fn mid(&mut self, th_pn: u32, th_dn: u32) -> Numbers {
        self.nodes += 1;
        let interposed = self.interposed.take();
        let board_only = std::mem::take(&mut self.board_only);
        let place = if board_only {
            self.place().board_only()
        } else {
            self.place()
        };
        let left = self.left(0);
        let key = place.key;
        let start = self.nodes;
        if !self.shows_check
            && let Some(o) = self
                .pos
                .rules()
                .position_outcome(&mut self.pos, self.movers.last().copied())
        {
            let n = if o.winner == Some(self.attacker) {
                Numbers::proved(self.actual_hands())
            } else {
                Numbers::DISPROVED
            };
            self.store(place, n, 1, left);
            return n;
        }
        let attacking = self.pos.turn() == self.attacker;
        let mut children: Vec<Child> = self
            .moves()
            .into_iter()
            .map(|(mv, place, n)| Child {
                mv,
                n,
                after: (place.attacker, place.defender),
                discard: None,
                free: Free::NONE,
            })
            .filter(|c| !board_only || !matches!(c.mv, Move::Drop { .. }))
            .collect();
        if attacking && let Some(taken) = interposed {
            self.free_captures(taken, &mut children);
        }
        if children.is_empty() {
            // the attacker has no check; the defender no move, which loses (shogi has no
            // stalemate; the games that end otherwise said so above)
            let n = if attacking {
                Numbers::DISPROVED
            } else {
                Numbers::proved(self.mated_hands())
            };
            self.store(place, n, 1, left);
            return n;
        }
        // a bounded defender in check by one piece: the checker a dropped interposition blocks
        let checker = match (self.bound, attacking) {
            (Some(_), false) if self.futile => self.lone_checker(),
            _ => None,
        };
        self.path.push(key);
        let mover = self.pos.turn();
        let n = loop {
            let (n, best, second) = self.aggregate(attacking, &children);
            if n.pn >= th_pn || n.dn >= th_dn || self.out_of_budget() {
                break n;
            }
            let Some(i) = best else { break n };
            let c = children[i];
            let (child_pn, child_dn) = if attacking {
                (
                    th_pn.min(second),
                    (th_dn - n.dn).saturating_add(c.n.dn).min(INF),
                )
            } else {
                (
                    (th_pn - n.pn).saturating_add(c.n.pn).min(INF),
                    th_dn.min(second),
                )
            };
            if let Some(kind) = c.discard {
                children[i] = self.search_free(c, kind, child_pn, child_dn);
                continue;
            }
            self.pos.play_unchecked(c.mv);
            self.movers.push(mover);
            let bound = self.bound;
            self.bound = bound.map(|left| left - 1);
            if let (Some(from), Move::Drop { kind, to }) = (checker, c.mv) {
                self.interposed = Some((from, to, kind));
            }
            let got = self.mid(child_pn, child_dn);
            self.interposed = None;
            self.bound = bound;
            self.movers.pop();
            self.pos.undo();
            children[i].n = got;
        };
        self.path.pop();
        let mut n = n;
        // a repetition of this position itself, or of one below it, is this position's own
        if n.loop_depth >= self.path.len() as u32 {
            n.loop_depth = NO_LOOP;
        }
        if n.pn == 0 {
            n.hands = self.proof_hands(attacking, &children);
        }
        self.store(place, n, self.nodes - start + 1, left);
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(pn: u32, dn: u32, plies: i32) -> Entry {
        Entry {
            place: Place {
                key: 1,
                board: 1,
                attacker: 0,
                defender: 0,
            },
            pn,
            dn,
            amount: 1,
            plies,
        }
    }

    /// A proof's hands seen from the parent: a drop needs its piece, a capture brings one;
    /// the defender's most moves with its drops and captures, "any" staying any; every
    /// reply's proof must hold; a kind the defender lacks where a drop could answer stays
    /// lacking.
    #[test]
    fn proof_hands_follow_the_moves_between_parent_and_child() {
        let gold = Kind(6);
        let g = |n: u64| n << (8 * gold.index());
        let child = ProofHands {
            attacker: g(1),
            defender: ANY,
        };
        // the attacker dropped a gold (2 held, 1 after): the parent needs 2
        assert_eq!(child.before((g(1), 0), (g(2), 0)).attacker, g(2));
        // the attacker took a gold (0 held, 1 after): the parent needs none
        assert_eq!(child.before((g(1), 0), (0, 0)).attacker, 0);
        assert_eq!(child.before((g(1), 0), (0, 0)).defender, ANY);
        // the defender dropped a gold (1 held, 0 after) where it may hold none after: 1 before
        let lacking = ProofHands {
            attacker: 0,
            defender: ANY & !g(0xff),
        };
        let parent = lacking.before((0, 0), (0, g(1)));
        assert_eq!(parent.defender & g(0xff), g(1));
        assert_eq!(parent.defender | g(0xff), ANY);
        // every reply: the most the attacker needs, the least the defender may hold
        let both = child.and(parent);
        assert_eq!((both.attacker, both.defender), (g(1), parent.defender));
        // a drop could answer, and the defender holds no gold: it may hold none
        let strict = ProofHands::NONE.without_new_drops(2);
        assert_eq!(strict.defender & g(0xff), 0);
        assert_eq!(strict.defender & 0xff, 0xff);
    }

    /// A mate found with more in hand than it needs is kept for the hand it needs: the same
    /// board with the gold alone is found proved, with the defender holding anything; without
    /// the gold it is not.
    #[test]
    fn a_proof_is_kept_for_the_least_hand_it_needs() {
        use koma_rules::GameId;
        use koma_rules::notation::read_position;
        let p = read_position(GameId::Shogi, "4k4/9/4P4/9/9/9/9/9/K8 b GRB 1").unwrap();
        let mut table = Table::new(1);
        let limits = super::super::MateLimits::default();
        let mut d = Dfpn::new(&p, p.turn(), &mut table, &limits, &crate::search::NoClock);
        assert_eq!(d.mid(INF, INF).pn, 0);
        let look = |text: &str| {
            let q = read_position(GameId::Shogi, text).unwrap();
            table.look(&Place::of(&q, q.turn())).filter(|e| e.pn == 0)
        };
        assert!(look("4k4/9/4P4/9/9/9/9/9/K8 b G 1").is_some());
        assert!(look("4k4/9/4P4/9/9/9/9/9/K8 b Grs 1").is_some());
        assert!(look("4k4/9/4P4/9/9/9/9/9/K8 b RB 1").is_none());
    }

    /// A proof in 5 plies holds within 5 and more; a disproof within 7 holds within 7 and
    /// fewer, a plain search's within any; numbers only for the plies they were searched with.
    #[test]
    fn a_bounded_entry_holds_for_the_bounds_its_fact_covers() {
        let proof = entry(0, INF, 5);
        assert!(within_bound(&proof, 5) && within_bound(&proof, 9));
        assert!(!within_bound(&proof, 3));
        let disproof = entry(INF, 0, 7);
        assert!(within_bound(&disproof, 7) && within_bound(&disproof, 1));
        assert!(!within_bound(&disproof, 9));
        assert!(within_bound(&entry(INF, 0, i32::MAX), 1001));
        let open = entry(3, 4, 7);
        assert!(within_bound(&open, 7));
        assert!(!within_bound(&open, 5) && !within_bound(&open, 9));
        assert!(!within_bound(&entry(3, 4, i32::MIN), 7));
    }
}
