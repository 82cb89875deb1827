//! A position of any of the games: board, hands, side to move, its Zobrist hash, and the undo
//! stack; the generic part of move generation.
//!
//! Legality is decided the plain way: generate what the pieces can do, play it, and reject what
//! leaves the mover's royal attacked. In the shogi family ([`rules::Hooks::pins`]) most moves
//! skip that trial: with the king not in check, only the king's moves, the moves of pieces
//! pinned to it and drops that give check (which may be 打ち歩詰め) are played to be tried
//! (`tests/properties.rs` checks the list against the trial of every move; what it saves is in
//! `docs/performance.md`). What each game adds (drops and 二歩, 打ち歩詰め, 66 shogi's
//! placement, chu's lion and setup steps, the hexagon's turn order) is asked of the game's rules
//! ([`crate::games::GameRules`]), which the position carries. The hash is updated on every change
//! and restored on undo, so `play` then `undo` gives back the identical position.

pub mod rules;
pub mod setup;

use crate::geometry::Cell;
use crate::moves::{IllegalMove, Move};
use crate::piece::{Kind, Piece, Player};
use crate::variant::{GameId, HAND_KINDS, Variant};
use rules::{AfterPlay, GameRules, Hooks};

use crate::geometry::MAX_CELLS;

/// What `undo` needs to take a move back.
#[derive(Copy, Clone, Debug)]
struct Undo {
    mv: Move,
    /// The piece that stood on a board move's `from` (before any promotion).
    moved: Piece,
    captured: Piece,
    hash: u64,
    /// 66 shogi: the rook or bishop sent back to the box by this placement.
    retired: Option<Kind>,
    /// Whether the placement phase was on before this move.
    placing: bool,
    /// Who made the move.
    mover: Player,
    /// The remembered checker before the move (Three Kingdoms shogi).
    remembered: Option<Player>,
    /// What a double move took on its first step (chu shogi).
    captured_mid: Piece,
    /// The lion-capture square before the move (chu shogi).
    lion_capture: Option<Cell>,
    /// The handicap setup before the move (chu shogi).
    setup_steps: Option<crate::variant::chu::ChuSetup>,
}

/// A position: the board, the hands, whose turn it is, and the moves played since it was set
/// up (so they can be undone).
#[derive(Clone)]
pub struct Position {
    v: &'static Variant,
    rules: &'static dyn GameRules,
    /// The hooks `rules` wants called on every move.
    hooks: Hooks,
    board: [Piece; MAX_CELLS],
    hands: [[u8; HAND_KINDS]; 3],
    turn: Player,
    move_number: u32,
    hash: u64,
    kings: [Option<Cell>; 3],
    /// 66 shogi: the placement phase is on (only placements on the own first rank are moves).
    placing: bool,
    /// Three Kingdoms shogi: the checker the turn returns to.
    remembered: Option<Player>,
    /// Royal pieces of each player on the board (chu shogi's king and crown prince).
    royals: [u8; 3],
    /// Chu shogi: the square where a non-lion took a lion on the last move.
    lion_capture: Option<Cell>,
    /// The rule options of the game this position belongs to (passed on to every position
    /// played from it).
    options: crate::options::RuleOptions,
    /// Chu shogi: the handicap's setup steps still to come.
    setup_steps: Option<crate::variant::chu::ChuSetup>,
    undo: Vec<Undo>,
}

/// The legal moves of a position (a plain vector).
pub type MoveList = Vec<Move>;

impl PartialEq for Position {
    /// Positions are equal when board, hands and side to move are (history is not compared).
    fn eq(&self, other: &Self) -> bool {
        self.v.id == other.v.id
            && self.board == other.board
            && self.hands == other.hands
            && self.turn == other.turn
            && self.placing == other.placing
            && self.remembered == other.remembered
            && self.lion_capture == other.lion_capture
            && self.setup_steps == other.setup_steps
    }
}

impl Eq for Position {}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // the board's pieces by letter (`+` promoted, lower case for the second player, a digit
        // for the third), then the side to move: no notation needed below the notations
        let v = self.v;
        write!(f, "Position({} ", v.id)?;
        for c in v.geometry.cells() {
            let p = self.board[c.index()];
            if p.is_empty() {
                write!(f, ".")?;
                continue;
            }
            let info = v.kind(p.kind());
            let promoted = if info.is_promoted() { "+" } else { "" };
            match p.owner().0 {
                0 => write!(f, "{promoted}{}", info.letter)?,
                1 => write!(f, "{promoted}{}", info.letter.to_ascii_lowercase())?,
                o => write!(f, "{promoted}{}{o}", info.letter)?,
            }
        }
        write!(f, " {:?})", self.turn)
    }
}

impl Position {
    /// An empty board of `game`, judged by `rules`, with the first player to move.
    pub(crate) fn empty(game: GameId, rules: &'static dyn GameRules) -> Position {
        Position {
            v: Variant::get(game),
            rules,
            hooks: rules.hooks(),
            board: [Piece::EMPTY; MAX_CELLS],
            hands: [[0; HAND_KINDS]; 3],
            turn: Player::FIRST,
            move_number: 1,
            hash: 0,
            kings: [None; 3],
            placing: false,
            remembered: None,
            royals: [0; 3],
            lion_capture: None,
            options: crate::options::RuleOptions::default(),
            setup_steps: None,
            undo: Vec::new(),
        }
    }

    /// The start position of `game` judged by `rules`, built from their data
    /// ([`GameRules::home`]): each player's pieces and hand; 66 shogi begins in its placement
    /// phase. ([`Position::start`] chooses the rules.)
    pub(crate) fn start_with(game: GameId, rules: &'static dyn GameRules) -> Position {
        let mut pos = Position::empty(game, rules);
        let v = pos.v;
        for p in 0..v.players() {
            for (cell, kind) in rules.home(&v.geometry, p) {
                pos.set_piece(cell, Piece::new(Player(p), kind));
            }
            for &kind in rules.home_hand() {
                let n = pos.hand(Player(p), kind);
                pos.set_hand(Player(p), kind, n + 1);
            }
        }
        pos.set_placing(true);
        pos
    }

    /// The game's description.
    #[inline]
    pub fn variant(&self) -> &'static Variant {
        self.v
    }

    /// The game's rules.
    #[inline]
    pub fn rules(&self) -> &'static dyn GameRules {
        self.rules
    }

    /// Which game.
    pub fn game(&self) -> GameId {
        self.v.id
    }

    /// The piece on a cell.
    #[inline]
    pub fn piece(&self, cell: Cell) -> Piece {
        self.board[cell.index()]
    }

    /// How many pieces of `kind` `player` holds.
    #[inline]
    pub fn hand(&self, player: Player, kind: Kind) -> u8 {
        if kind.index() < HAND_KINDS {
            self.hands[player.index()][kind.index()]
        } else {
            0
        }
    }

    /// Take one `kind` out of `player`'s hand, the hash following (false, and nothing done, when
    /// there is none): a mate solver's 無駄合 asks whether a mate holds without a piece it took.
    /// The moves played are not told, so give it back ([`Position::return_to_hand`]) before
    /// undoing one.
    pub fn take_from_hand(&mut self, player: Player, kind: Kind) -> bool {
        let n = self.hand(player, kind);
        if n == 0 {
            return false;
        }
        self.set_hand(player, kind, n - 1);
        true
    }

    /// Give back the piece [`Position::take_from_hand`] took.
    pub fn return_to_hand(&mut self, player: Player, kind: Kind) {
        if kind.index() < HAND_KINDS {
            let n = self.hand(player, kind);
            self.set_hand(player, kind, n.saturating_add(1));
        }
    }

    /// Whose turn it is.
    #[inline]
    pub fn turn(&self) -> Player {
        self.turn
    }

    /// The SFEN move number.
    pub fn move_number(&self) -> u32 {
        self.move_number
    }

    /// The Zobrist hash of board, hands and side to move.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Where `player`'s king stands.
    pub fn king(&self, player: Player) -> Option<Cell> {
        self.kings[player.index()]
    }

    /// The pieces on the board, by cell index (empty cells as [`Piece::EMPTY`]).
    #[inline]
    pub fn board(&self) -> &[Piece] {
        &self.board[..self.v.geometry.len()]
    }

    /// The hash of the position before the last move (none when no move was played since
    /// the position was set up).
    #[inline]
    pub fn parent_hash(&self) -> Option<u64> {
        self.undo.last().map(|u| u.hash)
    }

    /// The moves played since this position was set up, oldest first.
    pub fn moves_played(&self) -> impl Iterator<Item = Move> + '_ {
        self.undo.iter().map(|u| u.mv)
    }

    /// Make this the start: the moves played so far can no longer be undone.
    pub fn forget_history(&mut self) {
        self.undo.clear();
    }

    /// How many moves can be undone.
    pub fn plies(&self) -> usize {
        self.undo.len()
    }

    // ----- setting up (by a validated Setup, a start and the game's rules as moves are played) -----

    /// Put a piece on a cell (or empty it), keeping the hash and king cache.
    pub(crate) fn set_piece(&mut self, cell: Cell, piece: Piece) {
        let old = self.board[cell.index()];
        if !old.is_empty() {
            self.hash ^= self.v.z_board(old.owner(), old.kind(), cell);
            if self.v.kind(old.kind()).royal {
                self.royals[old.owner().index()] -= 1;
                if self.kings[old.owner().index()] == Some(cell) {
                    self.kings[old.owner().index()] = None;
                }
            }
        }
        self.board[cell.index()] = piece;
        if !piece.is_empty() {
            self.hash ^= self.v.z_board(piece.owner(), piece.kind(), cell);
            if self.v.kind(piece.kind()).royal {
                self.royals[piece.owner().index()] += 1;
                self.kings[piece.owner().index()] = Some(cell);
            }
        }
    }

    /// Set how many pieces of `kind` `player` holds.
    pub(crate) fn set_hand(&mut self, player: Player, kind: Kind, count: u8) {
        let old = self.hands[player.index()][kind.index()];
        self.hash ^= self.v.z_hand(player, kind, old) ^ self.v.z_hand(player, kind, count);
        self.hands[player.index()][kind.index()] = count;
    }

    /// Set whose turn it is.
    pub(crate) fn set_turn(&mut self, player: Player) {
        self.hash ^= self.v.z_turn(self.turn) ^ self.v.z_turn(player);
        self.turn = player;
    }

    /// Three Kingdoms shogi: the checker the turn will return to.
    pub fn remembered_checker(&self) -> Option<Player> {
        self.remembered
    }

    /// Set the remembered checker (the notation reader does).
    pub(crate) fn set_remembered_checker(&mut self, p: Option<Player>) {
        self.remembered = p;
    }

    /// How many royal pieces `p` has on the board.
    pub fn royals(&self, p: Player) -> u8 {
        self.royals[p.index()]
    }

    /// Chu shogi: the square where a non-lion took a lion on the last move.
    pub fn lion_capture(&self) -> Option<Cell> {
        self.lion_capture
    }

    /// Chu shogi: set the lion-capture square (the SFEN reader does).
    pub(crate) fn set_lion_capture(&mut self, c: Option<Cell>) {
        self.lion_capture = c;
    }

    /// The rule options this position is judged by.
    pub fn options(&self) -> crate::options::RuleOptions {
        self.options
    }

    /// This position judged by `options` (the game it belongs to sets them).
    #[must_use]
    pub fn with_options(mut self, options: crate::options::RuleOptions) -> Position {
        self.options = options;
        self
    }

    /// Chu shogi: the rule preset.
    pub fn preset(&self) -> crate::options::ChuPreset {
        self.options.preset
    }

    /// Chu shogi: the handicap setup steps still to come, if any.
    pub fn setup_steps(&self) -> Option<crate::variant::chu::ChuSetup> {
        self.setup_steps
    }

    /// Chu shogi: set the handicap setup steps (the handicap does).
    pub(crate) fn set_setup_steps(&mut self, s: Option<crate::variant::chu::ChuSetup>) {
        self.setup_steps = s.filter(|s| !s.is_done());
    }

    /// Who made the last move, if any was played since the position was set up.
    pub fn last_mover(&self) -> Option<Player> {
        self.undo.last().map(|u| u.mover)
    }

    /// Whether the placement phase (66 shogi) is on.
    pub fn is_placing(&self) -> bool {
        self.placing
    }

    /// Turn the placement phase on or off (the SFEN reader decides it).
    pub(crate) fn set_placing(&mut self, on: bool) {
        self.placing = on && self.rules.capabilities().placement;
    }

    /// Whether both first ranks are full (the placement phase is over).
    pub(crate) fn first_ranks_full(&self) -> bool {
        let v = self.v;
        [Player::FIRST, Player::SECOND]
            .into_iter()
            .all(|p| self.board[v.first_rank(p)].iter().all(|q| !q.is_empty()))
    }

    /// Set the SFEN move number.
    pub(crate) fn set_move_number(&mut self, n: u32) {
        self.move_number = n;
    }

    /// The hash computed from scratch (tests compare it with the incremental one).
    pub fn hash_from_scratch(&self) -> u64 {
        let mut h = self.v.z_turn(self.turn);
        for c in self.v.geometry.cells() {
            let p = self.piece(c);
            if !p.is_empty() {
                h ^= self.v.z_board(p.owner(), p.kind(), c);
            }
        }
        for pl in 0..self.v.players() {
            for k in 0..HAND_KINDS {
                h ^= self
                    .v
                    .z_hand(Player(pl), Kind(k as u8), self.hands[pl as usize][k]);
            }
        }
        h
    }

    /// The position's hash without the hands ([`Position::hash`] with every hand's part taken
    /// out): positions that differ only in what the players hold share it.
    pub fn board_key(&self) -> u64 {
        let mut h = self.hash;
        for pl in 0..self.v.players() {
            for k in 0..HAND_KINDS {
                h ^= self
                    .v
                    .z_hand(Player(pl), Kind(k as u8), self.hands[pl as usize][k]);
            }
        }
        h
    }

    /// `player`'s hand packed a byte a kind (kind 0 in the lowest byte): one hand holds at
    /// least another's pieces when each of its bytes is at least the other's.
    pub fn packed_hand(&self, player: Player) -> u64 {
        self.hands[player.index()]
            .iter()
            .enumerate()
            .fold(0, |acc, (k, &n)| acc | u64::from(n) << (8 * k))
    }

    // ----- playing -----

    /// Play a move without checking it. The move must be one of [`Position::legal_moves`] or at
    /// least physically possible (an own piece on `from`, a held piece for a drop).
    #[inline]
    pub fn play_unchecked(&mut self, mv: Move) {
        let rules = self.rules;
        rules.play_unchecked(self, mv);
    }

    /// [`Position::play_unchecked`] with the game's rules known to the compiler: each game's
    /// rules object calls this with itself ([`GameRules::play_unchecked`]), so its hooks are
    /// called directly (and inlined) rather than through the rules object.
    pub(crate) fn play_with<R: GameRules + ?Sized>(&mut self, rules: &R, mv: Move) {
        let v = self.v;
        let me = self.turn;
        let mut captured = Piece::EMPTY;
        let mut captured_mid = Piece::EMPTY;
        let mut moved_piece = Piece::EMPTY;
        let hash = self.hash;
        let lion_capture = self.lion_capture;
        let setup_steps = self.setup_steps;
        if self.hooks.before_play {
            rules.before_play(self, mv);
        }
        match mv {
            Move::Pass => {}
            Move::Board { from, to, promote } => {
                let piece = self.board[from.index()];
                moved_piece = piece;
                captured = self.board[to.index()];
                let mut h = self.hash ^ v.z_board(me, piece.kind(), from);
                if !captured.is_empty() {
                    h ^= v.z_board(captured.owner(), captured.kind(), to);
                    if v.drops {
                        let base = v.kind(captured.kind()).base(captured.kind());
                        if base.index() < HAND_KINDS {
                            let n = self.hands[me.index()][base.index()];
                            h ^= v.z_hand(me, base, n) ^ v.z_hand(me, base, n + 1);
                            self.hands[me.index()][base.index()] = n + 1;
                        }
                    }
                    if v.is_royal(captured.kind()) {
                        self.royals[captured.owner().index()] -= 1;
                        if self.kings[captured.owner().index()] == Some(to) {
                            self.kings[captured.owner().index()] = None;
                        }
                    }
                }
                let kind = if promote {
                    v.kind(piece.kind()).promotes_to.unwrap_or(piece.kind())
                } else {
                    piece.kind()
                };
                let moved = Piece::new(me, kind);
                h ^= v.z_board(me, kind, to);
                self.board[from.index()] = Piece::EMPTY;
                self.board[to.index()] = moved;
                if v.is_royal(kind) {
                    self.kings[me.index()] = Some(to);
                    if !v.is_royal(piece.kind()) {
                        self.royals[me.index()] += 1;
                    }
                }
                self.hash = h;
            }
            Move::Double { from, mid, to } => {
                let piece = self.board[from.index()];
                let mut h = self.hash ^ v.z_board(me, piece.kind(), from);
                self.board[from.index()] = Piece::EMPTY;
                captured_mid = self.board[mid.index()];
                if !captured_mid.is_empty() {
                    h ^= v.z_board(captured_mid.owner(), captured_mid.kind(), mid);
                    if v.is_royal(captured_mid.kind()) {
                        self.royals[captured_mid.owner().index()] -= 1;
                    }
                    self.board[mid.index()] = Piece::EMPTY;
                }
                captured = self.board[to.index()];
                if !captured.is_empty() {
                    h ^= v.z_board(captured.owner(), captured.kind(), to);
                    if v.is_royal(captured.kind()) {
                        self.royals[captured.owner().index()] -= 1;
                    }
                }
                h ^= v.z_board(me, piece.kind(), to);
                self.board[to.index()] = piece;
                self.hash = h;
            }
            Move::Drop { kind, to } => {
                let n = self.hands[me.index()][kind.index()];
                self.hash ^= v.z_hand(me, kind, n)
                    ^ v.z_hand(me, kind, n.saturating_sub(1))
                    ^ v.z_board(me, kind, to);
                self.hands[me.index()][kind.index()] = n.saturating_sub(1);
                self.board[to.index()] = Piece::new(me, kind);
                if v.is_royal(kind) {
                    self.kings[me.index()] = Some(to);
                }
            }
        }
        let placing = self.placing;
        let remembered = self.remembered;
        let AfterPlay { next, retired } =
            if self.hooks.after_play || placing || self.setup_steps.is_some() {
                rules.after_play(self, me, mv)
            } else {
                AfterPlay {
                    next: Player((me.0 + 1) % v.players()),
                    retired: None,
                }
            };
        self.hash ^= v.z_turn(me) ^ v.z_turn(next);
        self.turn = next;
        self.move_number += 1;
        self.undo.push(Undo {
            mv,
            moved: moved_piece,
            captured,
            hash,
            retired,
            placing,
            mover: me,
            remembered,
            captured_mid,
            lion_capture,
            setup_steps,
        });
    }

    /// Take back the last move. Returns it, or `None` when there is nothing to undo.
    pub fn undo(&mut self) -> Option<Move> {
        let u = self.undo.pop()?;
        let v = self.v;
        let me = u.mover;
        match u.mv {
            Move::Pass => {}
            Move::Board { from, to, .. } => {
                let moved = self.board[to.index()];
                let original = u.moved;
                self.board[from.index()] = original;
                self.board[to.index()] = u.captured;
                if v.is_royal(original.kind()) {
                    self.kings[me.index()] = Some(from);
                } else if v.is_royal(moved.kind()) {
                    self.royals[me.index()] -= 1;
                }
                if !u.captured.is_empty() {
                    if v.drops {
                        let base = v.kind(u.captured.kind()).base(u.captured.kind());
                        if base.index() < HAND_KINDS {
                            self.hands[me.index()][base.index()] -= 1;
                        }
                    }
                    if v.is_royal(u.captured.kind()) {
                        self.royals[u.captured.owner().index()] += 1;
                        self.kings[u.captured.owner().index()] = Some(to);
                    }
                }
            }
            Move::Double { from, mid, to } => {
                let piece = self.board[to.index()];
                self.board[to.index()] = u.captured;
                self.board[mid.index()] = u.captured_mid;
                self.board[from.index()] = piece;
                for c in [u.captured, u.captured_mid] {
                    if !c.is_empty() && v.is_royal(c.kind()) {
                        self.royals[c.owner().index()] += 1;
                    }
                }
            }
            Move::Drop { kind, to } => {
                self.board[to.index()] = Piece::EMPTY;
                self.hands[me.index()][kind.index()] += 1;
                if v.is_royal(kind) {
                    self.kings[me.index()] = None;
                }
            }
        }
        if let Some(o) = u.retired {
            self.hands[me.index()][o.index()] = 1;
        }
        self.placing = u.placing;
        self.remembered = u.remembered;
        self.lion_capture = u.lion_capture;
        self.setup_steps = u.setup_steps;
        self.turn = me;
        self.move_number -= 1;
        self.hash = u.hash;
        Some(u.mv)
    }

    // ----- attacks -----

    /// The lines along which a piece of `by` would attack `cell`: each line's cells outward
    /// from `cell`, with the kinds that attack from each distance (a bit a kind).
    #[inline]
    fn attack_lines(
        &self,
        cell: Cell,
        by: Player,
    ) -> impl Iterator<Item = (&[Cell], &[u64; 12])> + '_ {
        let t = &self.v.tables;
        let (first, count) = t.rev_index[by.index() * self.v.geometry.len() + cell.index()];
        t.rev[first as usize..first as usize + count as usize]
            .iter()
            .map(move |&(start, len, mask)| {
                (
                    &t.ray_cells[start as usize..start as usize + len as usize],
                    &t.rev_masks[mask as usize],
                )
            })
    }

    /// Whether `cell` is attacked by any piece of `by`.
    #[inline]
    pub fn attacked_by(&self, cell: Cell, by: Player) -> bool {
        self.attacked_by_with(cell, by, &[])
    }

    /// Whether `cell` is attacked by `by` with the cells in `cleared` taken as empty for lines
    /// passing through them (their own pieces still attack): chu shogi's lion protection.
    #[inline]
    pub fn attacked_by_with(&self, cell: Cell, by: Player, cleared: &[Cell]) -> bool {
        for (cells, masks) in self.attack_lines(cell, by) {
            for (d, &c) in cells.iter().enumerate() {
                let p = self.board[c.index()];
                if p.is_empty() {
                    continue;
                }
                if p.owner() == by && masks[d] >> p.kind().index() & 1 != 0 {
                    return true;
                }
                if !cleared.contains(&c) {
                    break;
                }
            }
        }
        false
    }

    /// How many pieces of `by` attack `cell` directly (the first piece along each line; with
    /// `royals` false, a royal is not counted): an evaluation's measure of a king's
    /// surroundings.
    pub fn count_attackers(&self, cell: Cell, by: Player, royals: bool) -> u32 {
        self.direct_attackers(cell, by, royals).count() as u32
    }

    /// The cells of the pieces of `by` that attack `cell` directly (the first piece along each
    /// line; with `royals` false, royals left out).
    #[inline]
    fn direct_attackers(
        &self,
        cell: Cell,
        by: Player,
        royals: bool,
    ) -> impl Iterator<Item = Cell> + '_ {
        self.attack_lines(cell, by)
            .filter_map(move |(cells, masks)| {
                let (d, &c) = cells
                    .iter()
                    .enumerate()
                    .find(|(_, c)| !self.board[c.index()].is_empty())?;
                let p = self.board[c.index()];
                (p.owner() == by
                    && masks[d] >> p.kind().index() & 1 != 0
                    && (royals || !self.v.kind(p.kind()).royal))
                    .then_some(c)
            })
    }

    /// The cells the piece on `from` attacks directly (its own moves up to the first piece along
    /// a line, whoever's; none from an empty cell): the cells whose
    /// [`Position::count_attackers`] it counts in.
    #[inline]
    pub fn attacks_from(&self, from: Cell) -> crate::CellSet {
        let p = self.board[from.index()];
        if p.is_empty() {
            return crate::CellSet::EMPTY;
        }
        let t = &self.v.tables;
        let at = (p.owner().index() * t.nkinds + p.kind().index()) * self.v.geometry.len()
            + from.index();
        let mut set = t.steps[at];
        let (first, count) = t.long_index[at];
        for &(start, len) in &t.long_rays[first as usize..first as usize + count as usize] {
            let cells = &t.ray_cells[start as usize..start as usize + len as usize];
            // the first cell is among the steps; the line goes on past it while it is empty
            for pair in cells.windows(2) {
                if !self.board[pair[0].index()].is_empty() {
                    break;
                }
                set.insert(pair[1]);
            }
        }
        set
    }

    /// Whether any piece of `by` attacks `cell` directly (with `royals` false, a royal does not
    /// count): [`Position::count_attackers`] above zero, stopping at the first.
    pub fn has_attacker(&self, cell: Cell, by: Player, royals: bool) -> bool {
        self.direct_attackers(cell, by, royals).next().is_some()
    }

    /// The cell of the piece of `by` attacking `cell` that `worth` values least, with the cells
    /// in `used` taken as empty (for lines through them too, so pieces behind them attack): the
    /// step of a static exchange, where `used` holds the pieces already traded on `cell`.
    pub fn least_attacker(
        &self,
        cell: Cell,
        by: Player,
        used: &[Cell],
        worth: impl Fn(crate::Kind) -> i32,
    ) -> Option<Cell> {
        let mut best: Option<(i32, Cell)> = None;
        for (cells, masks) in self.attack_lines(cell, by) {
            for (d, &c) in cells.iter().enumerate() {
                let p = self.board[c.index()];
                if p.is_empty() || used.contains(&c) {
                    continue;
                }
                if p.owner() == by && masks[d] >> p.kind().index() & 1 != 0 {
                    let w = worth(p.kind());
                    if best.is_none_or(|(b, _)| w < b) {
                        best = Some((w, c));
                    }
                }
                break;
            }
        }
        best.map(|(_, c)| c)
    }

    /// The cells from which a piece of `by` would attack `target` as the board stands, each
    /// with the kinds that would (bit `k` for kind `k`): every empty cell on a line to
    /// `target` up to the first piece, and that piece's cell. A move of `by` to such a cell with
    /// such a kind gives a direct check when `target` holds a royal.
    pub fn attack_cells(&self, target: Cell, by: Player, out: &mut Vec<(Cell, u64)>) {
        for (cells, masks) in self.attack_lines(target, by) {
            for (d, &c) in cells.iter().enumerate() {
                if masks[d] != 0 {
                    out.push((c, masks[d]));
                }
                if !self.board[c.index()].is_empty() {
                    break;
                }
            }
        }
    }

    /// The pieces of `by` that attack `target` directly: their cells, each followed by the
    /// empty cells between it and `target` (where a piece could block it), pushed onto `out`;
    /// returns how many attack. Against a royal: the checkers, and where an evasion that is not
    /// the royal's own move must land.
    pub fn checks_on(&self, target: Cell, by: Player, out: &mut Vec<Cell>) -> u32 {
        let mut checkers = 0;
        for (cells, masks) in self.attack_lines(target, by) {
            for (d, &c) in cells.iter().enumerate() {
                let p = self.board[c.index()];
                if p.is_empty() {
                    continue;
                }
                if p.owner() == by && masks[d] >> p.kind().index() & 1 != 0 {
                    checkers += 1;
                    out.push(c);
                    out.extend_from_slice(&cells[..d]);
                }
                break;
            }
        }
        checkers
    }

    /// The cells of `by`'s pieces that alone stand between `target` and another piece of `by`
    /// that would attack it along their line were they gone: moving one of them off the line
    /// uncovers that attack (a discovered check when `target` holds a royal).
    pub fn discovering_cells(&self, target: Cell, by: Player, out: &mut Vec<Cell>) {
        for (cells, masks) in self.attack_lines(target, by) {
            let mut blocker = None;
            for (d, &c) in cells.iter().enumerate() {
                let p = self.board[c.index()];
                if p.is_empty() {
                    continue;
                }
                match blocker {
                    None if p.owner() == by => blocker = Some(c),
                    None => break,
                    Some(b) => {
                        if p.owner() == by && masks[d] >> p.kind().index() & 1 != 0 {
                            out.push(b);
                        }
                        break;
                    }
                }
            }
        }
    }

    /// Whether `player`'s king is attacked by anyone else.
    pub fn is_attacked(&self, player: Player) -> bool {
        let Some(k) = self.kings[player.index()] else {
            return false;
        };
        (0..self.v.players())
            .map(Player)
            .filter(|&p| p != player)
            .any(|p| self.attacked_by(k, p))
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        self.is_attacked(self.turn)
    }

    // ----- move generation -----

    /// Every move of the side to move that the game's rules list before the fouls found by
    /// playing it (own-royal safety, 打ち歩詰め): see [`GameRules::moves`].
    #[inline]
    pub fn pseudo_legal_moves(&self, out: &mut MoveList) {
        self.rules.moves(self, out);
    }

    /// The side to move's moves that capture or promote, among others
    /// ([`GameRules::tactical_moves`]): a part of [`Position::pseudo_legal_moves`].
    #[inline]
    pub fn tactical_moves(&self, out: &mut MoveList) {
        self.rules.tactical_moves(self, out);
    }

    /// The pseudo-legal moves with one move a position reached ([`GameRules::distinct_moves`]).
    #[inline]
    pub fn distinct_moves(&self, out: &mut MoveList) {
        self.rules.distinct_moves(self, out);
    }

    /// What the side to move's pieces on the board can do by their steps and slides, with
    /// promotion in the zone, a non-promotion into a dead cell never listed.
    pub fn piece_moves(&self, out: &mut MoveList) {
        let me = self.turn;
        for from in self.v.geometry.cells() {
            let p = self.board[from.index()];
            if !p.is_empty() && p.owner() == me {
                self.moves_from(from, out);
            }
        }
    }

    /// The moves of [`Position::piece_moves`] of the side to move's piece on `from` (none
    /// from an empty cell or another's piece).
    pub fn moves_from(&self, from: Cell, out: &mut MoveList) {
        let v = self.v;
        let me = self.turn;
        let p = self.board[from.index()];
        if p.is_empty() || p.owner() != me {
            return;
        }
        for ray in v.rays(me, p.kind(), from) {
            for &to in ray {
                let q = self.board[to.index()];
                if !q.is_empty() && q.owner() == me {
                    break;
                }
                self.push_piece_move(out, from, to);
                if !q.is_empty() {
                    break;
                }
            }
        }
    }

    /// The moves of [`Position::piece_moves`] that land on one of `targets`, royals' left out,
    /// found from the targets (the side to move's pieces that attack each): an evasion's
    /// captures and blocks. For the games whose pieces move as they attack (the shogi family
    /// with drops; not chu shogi's lion and its double moves).
    pub fn moves_onto(&self, targets: &[Cell], out: &mut MoveList) {
        let me = self.turn;
        for &to in targets {
            let q = self.board[to.index()];
            if !q.is_empty() && q.owner() == me {
                continue;
            }
            for (cells, masks) in self.attack_lines(to, me) {
                for (d, &c) in cells.iter().enumerate() {
                    let p = self.board[c.index()];
                    if p.is_empty() {
                        continue;
                    }
                    if p.owner() == me
                        && masks[d] >> p.kind().index() & 1 != 0
                        && !self.v.kind(p.kind()).royal
                    {
                        self.push_piece_move(out, c, to);
                    }
                    break;
                }
            }
        }
    }

    /// The piece on `from` to `to`: promoted and not where it may promote (not when it would
    /// be a dead piece), else as it is.
    #[inline]
    fn push_piece_move(&self, out: &mut MoveList, from: Cell, to: Cell) {
        let v = self.v;
        let me = self.turn;
        let kind = self.board[from.index()].kind();
        if v.kind(kind).promotes_to.is_some() && (v.in_zone(me, from) || v.in_zone(me, to)) {
            out.push(Move::Board {
                from,
                to,
                promote: true,
            });
            if !(v.no_dead_pieces && v.is_dead_cell(me, kind, to)) {
                out.push(Move::Board {
                    from,
                    to,
                    promote: false,
                });
            }
        } else {
            out.push(Move::Board {
                from,
                to,
                promote: false,
            });
        }
    }

    /// Drops of the side to move's held pieces (its royals excluded) on every empty cell, except
    /// dead cells and where `barred(kind, cell)` (a game's own drop rules, as 二歩).
    #[inline]
    pub fn drop_moves(&self, out: &mut MoveList, barred: impl Fn(Kind, Cell) -> bool) {
        self.drops_over(
            out,
            || self.v.geometry.cells().map(|c| (c, u64::MAX)),
            barred,
        );
    }

    /// The drops onto the cells `cells` gives (each with the kinds it takes, bit `k` for kind
    /// `k`), kind by kind in the hand's order, the cells in the order given: empty cells only,
    /// no dead piece, none that `barred` bars.
    #[inline]
    fn drops_over<I: Iterator<Item = (Cell, u64)>>(
        &self,
        out: &mut MoveList,
        cells: impl Fn() -> I,
        barred: impl Fn(Kind, Cell) -> bool,
    ) {
        let v = self.v;
        let me = self.turn;
        let hand = &self.hands[me.index()];
        for &kind in &v.hand_order {
            if hand[kind.index()] == 0 || v.kind(kind).royal {
                continue;
            }
            for (to, mask) in cells() {
                if mask >> kind.index() & 1 == 0 || !self.board[to.index()].is_empty() {
                    continue;
                }
                if v.no_dead_pieces && v.is_dead_cell(me, kind, to) {
                    continue;
                }
                if barred(kind, to) {
                    continue;
                }
                out.push(Move::Drop { kind, to });
            }
        }
    }

    /// The drops of [`Position::drop_moves`] (with the same `barred`) onto the cells of
    /// `cells` whose bit for the dropped kind is set, in the same order. Only those cells are
    /// looked at (a mate search asks for the few cells that check, many times over).
    pub fn drop_moves_onto(
        &self,
        out: &mut MoveList,
        cells: &[(Cell, u64)],
        barred: impl Fn(Kind, Cell) -> bool,
    ) {
        /// The most cells sorted in place; more are rare and take the whole board's walk.
        const MOST: usize = 128;
        if cells.len() > MOST {
            let mut takes = [0u64; 256];
            for &(c, mask) in cells {
                takes[c.index()] |= mask;
            }
            return self.drop_moves(out, |kind, to| {
                takes[to.index()] >> kind.index() & 1 == 0 || barred(kind, to)
            });
        }
        // (few cells are the common case: a small array is cheaper to clear)
        if cells.len() <= 16 {
            let mut sorted = [(Cell(0), 0u64); 16];
            let n = merge_cells(&mut sorted, cells);
            self.drops_over(out, || sorted[..n].iter().copied(), barred);
        } else {
            let mut sorted = [(Cell(0), 0u64); MOST];
            let n = merge_cells(&mut sorted, cells);
            self.drops_over(out, || sorted[..n].iter().copied(), barred);
        }
    }

    /// The side to move's drops that [`Position::tactical_moves`] leaves out onto `cells`
    /// ([`GameRules::checking_drops`]).
    #[inline]
    pub fn checking_drops(&self, out: &mut MoveList, cells: &[(Cell, u64)]) {
        self.rules.checking_drops(self, out, cells);
    }

    /// Play `mv` (already pseudo-legal), ask the game's rules for the foul it commits, and take
    /// it back. `Ok` when legal.
    ///
    /// # Errors
    /// The foul ([`GameRules::foul_after`]).
    #[inline]
    pub fn check_after(&mut self, mv: Move) -> Result<(), IllegalMove> {
        let rules = self.rules;
        rules.check_after(self, mv)
    }

    /// [`Position::check_after`] with the game's rules known to the compiler (see
    /// [`Position::play_with`]).
    pub(crate) fn check_after_with<R: GameRules + ?Sized>(
        &mut self,
        rules: &R,
        mv: Move,
    ) -> Result<(), IllegalMove> {
        let me = self.turn;
        self.play_with(rules, mv);
        let ask = self.hooks.foul_after
            || (self.hooks.foul_after_drops && matches!(mv, Move::Drop { .. }));
        let foul = if ask {
            rules.foul_after(self, me, mv)
        } else {
            self.is_attacked(me).then_some(IllegalMove::KingInCheck)
        };
        self.undo();
        foul.map_or(Ok(()), Err)
    }

    /// Play `mv` (pseudo-legal: one of [`Position::pseudo_legal_moves`]) if it commits no foul
    /// found by playing it, and say whether it was played: a search tries moves this way,
    /// playing each once instead of checking it first.
    #[inline]
    pub fn try_play(&mut self, mv: Move) -> bool {
        let rules = self.rules;
        rules.try_play(self, mv)
    }

    /// [`Position::try_play`] with the game's rules known to the compiler (see
    /// [`Position::play_with`]).
    pub(crate) fn try_play_with<R: GameRules + ?Sized>(&mut self, rules: &R, mv: Move) -> bool {
        let me = self.turn;
        self.play_with(rules, mv);
        if self.hooks.moves_are_legal {
            return true;
        }
        let ask = self.hooks.foul_after
            || (self.hooks.foul_after_drops && matches!(mv, Move::Drop { .. }));
        let foul = if ask {
            rules.foul_after(self, me, mv).is_some()
        } else {
            self.is_attacked(me)
        };
        if foul {
            self.undo();
        }
        !foul
    }

    /// What the last move captured on its destination (an empty piece when nothing, or when no
    /// move was played since the position was set up).
    pub fn last_captured(&self) -> Piece {
        self.undo.last().map_or(Piece::EMPTY, |u| u.captured)
    }

    /// Whether the side to move has any legal move.
    #[inline]
    pub fn has_legal_move(&mut self) -> bool {
        let rules = self.rules;
        rules.has_legal_move(self)
    }

    /// [`Position::has_legal_move`] with the game's rules known to the compiler (see
    /// [`Position::play_with`]).
    ///
    /// The moves on the board ([`GameRules::tactical_moves`], a part of the pseudo-legal moves)
    /// are tried first: one of them is legal far more often than not, and the drops of a full
    /// hand (a mate problem's defender holds every piece left) need not be made then.
    pub(crate) fn has_legal_move_with<R: GameRules + ?Sized>(&mut self, rules: &R) -> bool {
        let mut list = MoveList::with_capacity(64);
        rules.tactical_moves(self, &mut list);
        if self.hooks.moves_are_legal {
            if !list.is_empty() {
                return true;
            }
        } else if list
            .iter()
            .any(|&m| self.check_after_with(rules, m).is_ok())
        {
            return true;
        }
        list.clear();
        rules.moves(self, &mut list);
        if self.hooks.moves_are_legal {
            return !list.is_empty();
        }
        list.into_iter()
            .any(|m| self.check_after_with(rules, m).is_ok())
    }

    /// Every legal move of the side to move.
    #[inline]
    pub fn legal_moves(&mut self) -> MoveList {
        let rules = self.rules;
        rules.legal_moves(self)
    }

    /// [`Position::legal_moves`] with the game's rules known to the compiler (see
    /// [`Position::play_with`]).
    pub(crate) fn legal_moves_with<R: GameRules + ?Sized>(&mut self, rules: &R) -> MoveList {
        self.legal_moves_played_with(rules).0
    }

    /// The legal moves, and whether each was played to try it ([`Position::perft`] plays the
    /// others). Kept out of line: [`GameRules::legal_moves`] and
    /// [`GameRules::legal_moves_played`] share one copy a game.
    #[inline(never)]
    pub(crate) fn legal_moves_played_with<R: GameRules + ?Sized>(
        &mut self,
        rules: &R,
    ) -> (MoveList, bool) {
        let mut list = MoveList::with_capacity(128);
        rules.moves(self, &mut list);
        if self.hooks.moves_are_legal {
            return (list, false);
        }
        let Some(free) = self.trial_free() else {
            list.retain(|&m| self.check_after_with(rules, m).is_ok());
            return (list, true);
        };
        list.retain(|&m| free.legal(m) || self.check_after_with(rules, m).is_ok());
        (list, false)
    }

    /// For a game whose rules allow it ([`crate::position::rules::Hooks::pins`]), when the side
    /// to move has a king that is not in check: which of its moves are legal without a trial
    /// play. A piece pinned to the king is one between it and an enemy piece that would attack
    /// it along that line were the piece gone; moves of the other pieces cannot leave the king
    /// attacked, and a drop that gives no check cannot be 打ち歩詰め, so
    /// [`Position::legal_moves`] plays only the king's, the pinned pieces' and the checking
    /// drops' moves to try them.
    fn trial_free(&self) -> Option<TrialFree> {
        if !self.hooks.pins || self.placing {
            return None;
        }
        let me = self.turn;
        let enemy = Player(1 - me.0);
        let king = self.kings[me.index()]?;
        if self.attacked_by(king, enemy) {
            return None;
        }
        let mut pinned = crate::CellSet::EMPTY;
        for (cells, masks) in self.attack_lines(king, enemy) {
            let mut own = None;
            for (d, &c) in cells.iter().enumerate() {
                let p = self.board[c.index()];
                if p.is_empty() {
                    continue;
                }
                match own {
                    None if p.owner() == me => own = Some(c),
                    Some(o) if p.owner() == enemy && masks[d] >> p.kind().index() & 1 != 0 => {
                        pinned.insert(o);
                        break;
                    }
                    _ => break,
                }
            }
        }
        // by kind in hand, the cells where a drop would give check (only those drops are asked
        // for a foul)
        let mut checks = [crate::CellSet::EMPTY; HAND_KINDS];
        if self.hooks.foul_after_drops
            && let Some(k) = self.kings[enemy.index()]
            && self.hands[me.index()].iter().any(|&n| n > 0)
        {
            let mut cells = Vec::new();
            self.attack_cells(k, me, &mut cells);
            for (c, kinds) in cells {
                for (kind, set) in checks.iter_mut().enumerate() {
                    if kinds >> kind & 1 != 0 {
                        set.insert(c);
                    }
                }
            }
        }
        Some(TrialFree {
            king,
            pinned,
            checks,
        })
    }

    /// Check a move against every rule, naming the first one it breaks.
    ///
    /// # Errors
    /// The foul or mistake, as an [`IllegalMove`].
    #[inline]
    pub fn validate(&mut self, mv: Move) -> Result<(), IllegalMove> {
        let rules = self.rules;
        rules.validate(self, mv)
    }

    /// Whether `mv` is what the pieces and hands allow: an own piece that reaches the cell,
    /// promotion only from or into the zone, no piece left dead, a held piece dropped on an
    /// empty cell (in a game with drops). The fouls found by playing it are not checked here.
    ///
    /// # Errors
    /// The first mistake.
    pub fn check_piece_move(&self, mv: Move) -> Result<(), IllegalMove> {
        let v = self.v;
        let me = self.turn;
        let n = v.geometry.len();
        match mv {
            Move::Board { from, to, promote } => {
                if from.index() >= n || to.index() >= n {
                    return Err(IllegalMove::CannotMoveThere);
                }
                let p = self.piece(from);
                if p.is_empty() || p.owner() != me {
                    return Err(IllegalMove::NoPiece);
                }
                let reach = v
                    .rays(me, p.kind(), from)
                    .any(|ray| self.ray_reaches(ray, to));
                if !reach {
                    return Err(IllegalMove::CannotMoveThere);
                }
                let can_promote = v.kind(p.kind()).promotes_to.is_some()
                    && (v.in_zone(me, from) || v.in_zone(me, to));
                if promote && !can_promote {
                    return Err(IllegalMove::CannotPromote);
                }
                if !promote && v.no_dead_pieces && v.is_dead_cell(me, p.kind(), to) {
                    return Err(IllegalMove::DeadPiece);
                }
                Ok(())
            }
            Move::Double { .. } | Move::Pass => Err(IllegalMove::CannotMoveThere),
            Move::Drop { kind, to } => {
                if !v.drops {
                    return Err(IllegalMove::NoDrops);
                }
                if to.index() >= n {
                    return Err(IllegalMove::CannotMoveThere);
                }
                if kind.index() >= HAND_KINDS || self.hand(me, kind) == 0 || v.kind(kind).royal {
                    return Err(IllegalMove::NotInHand);
                }
                if !self.piece(to).is_empty() {
                    return Err(IllegalMove::Occupied);
                }
                if v.no_dead_pieces && v.is_dead_cell(me, kind, to) {
                    return Err(IllegalMove::DeadPiece);
                }
                Ok(())
            }
        }
    }

    /// Whether `to` is on `ray` with nothing but empty cells before it and no own piece on it.
    fn ray_reaches(&self, ray: &[Cell], to: Cell) -> bool {
        for &c in ray {
            let q = self.piece(c);
            if c == to {
                return q.is_empty() || q.owner() != self.turn;
            }
            if !q.is_empty() {
                return false;
            }
        }
        false
    }

    /// Check and play a move.
    ///
    /// # Errors
    /// The foul or mistake; the position is unchanged then.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        self.validate(mv)?;
        self.play_unchecked(mv);
        Ok(())
    }

    /// Count the leaves of the legal move tree to `depth` (every leaf move is played).
    pub fn perft(&mut self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let rules = self.rules;
        let (moves, played) = rules.legal_moves_played(self);
        if depth == 1 {
            if !played {
                // legal moves that needed no trial play (all of chu's, most of the shogi
                // family's) are played here: every leaf move is played in every game's perft
                for &m in &moves {
                    self.play_unchecked(m);
                    self.undo();
                }
            }
            return moves.len() as u64;
        }
        let mut n = 0;
        for m in moves {
            self.play_unchecked(m);
            n += self.perft(depth - 1);
            self.undo();
        }
        n
    }

    /// Impasse points (持将棋) of `player`: rook and bishop 5, other pieces 1, on the board and
    /// in hand, the king excluded. `camp_only` counts only pieces in the enemy camp (the
    /// entering-king declaration).
    pub fn points(&self, player: Player, camp_only: bool) -> u32 {
        let v = self.v;
        let mut total = 0u32;
        for c in v.geometry.cells() {
            let p = self.piece(c);
            if !p.is_empty() && p.owner() == player && (!camp_only || v.in_zone(player, c)) {
                total += v.kind(p.kind()).points as u32;
            }
        }
        // (a game with fewer kinds than hand slots, the hexagon's, has no points for the rest)
        for (k, info) in v.kinds.iter().enumerate().take(HAND_KINDS) {
            total += self.hands[player.index()][k] as u32 * info.points as u32;
        }
        total
    }

    /// Pieces of `player` in the enemy camp, the king excluded.
    pub fn pieces_in_camp(&self, player: Player) -> u32 {
        let v = self.v;
        v.geometry
            .cells()
            .filter(|&c| {
                let p = self.piece(c);
                !p.is_empty()
                    && p.owner() == player
                    && !v.kind(p.kind()).royal
                    && v.in_zone(player, c)
            })
            .count() as u32
    }
}

/// What [`Position::trial_free`] found: the moves legal without a trial play.
struct TrialFree {
    /// The mover's king.
    king: Cell,
    /// The mover's pieces pinned to it.
    pinned: crate::CellSet,
    /// By kind in hand, the cells where a drop gives check.
    checks: [crate::CellSet; HAND_KINDS],
}

impl TrialFree {
    /// Whether `m` (a move the rules generate) is legal without playing it: a move of a piece
    /// neither the king nor pinned, or a drop that gives no check.
    #[inline]
    fn legal(&self, m: Move) -> bool {
        match m {
            Move::Board { from, .. } => from != self.king && !self.pinned.contains(from),
            Move::Drop { kind, to } => self
                .checks
                .get(kind.index())
                .is_some_and(|set| !set.contains(to)),
            Move::Double { .. } | Move::Pass => false,
        }
    }
}

/// `cells` into `into` in the board's order, each cell once with every kind it takes: how
/// many.
fn merge_cells(into: &mut [(Cell, u64)], cells: &[(Cell, u64)]) -> usize {
    let sorted = &mut into[..cells.len()];
    sorted.copy_from_slice(cells);
    sorted.sort_unstable_by_key(|&(c, _)| c.index());
    let mut n = 0;
    for i in 0..sorted.len() {
        if n > 0 && sorted[n - 1].0 == sorted[i].0 {
            sorted[n - 1].1 |= sorted[i].1;
        } else {
            sorted[n] = sorted[i];
            n += 1;
        }
    }
    n
}
