//! The games as data: which board, which pieces, how they move and promote, where they may be
//! dropped, and the tables every game's move generator walks.
//!
//! Everything that differs between games is here first; the little code that is a game's own
//! (chu's lion, the hex turn order, 66's placement) lives in that game's module.

use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

pub mod chu;
pub mod sangoku;

use crate::geometry::{Cell, CellSet, Geometry, Shape};
use crate::piece::{Kind, Movement, Player, dir};

/// The games Koma plays, by their ids. The default is the game a new visitor is offered first,
/// and the one an address or a form that names no game means.
#[derive(
    Copy, Clone, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(try_from = "String", into = "&'static str")]
pub enum GameId {
    /// Standard shogi (本将棋).
    #[default]
    Shogi,
    /// Minishogi (5五将棋).
    Minishogi,
    /// Tendo 6x6 shogi (66将棋).
    Shogi66,
    /// Chu shogi (中将棋).
    Chushogi,
    /// Three Kingdoms shogi for three players.
    Sangoku,
    /// Three Kingdoms shogi for two players.
    Sangoku2,
}

impl GameId {
    /// Every game, in the order menus list them.
    pub const ALL: [GameId; 6] = [
        Self::Shogi,
        Self::Minishogi,
        Self::Shogi66,
        Self::Chushogi,
        Self::Sangoku,
        Self::Sangoku2,
    ];

    /// The id as used in URLs, the CLI and records.
    pub const fn as_str(self) -> &'static str {
        const NAMES: [&str; 6] = [
            "shogi",
            "minishogi",
            "shogi66",
            "chushogi",
            "sangoku",
            "sangoku2",
        ];
        NAMES[self.index()]
    }

    /// The game's place in [`GameId::ALL`] (its tables are kept in that order).
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl From<GameId> for &'static str {
    fn from(id: GameId) -> &'static str {
        id.as_str()
    }
}

impl TryFrom<String> for GameId {
    type Error = UnknownGame;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

/// A game id that names no game.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown game {0:?}: expected one of shogi, minishogi, shogi66, chushogi, sangoku, sangoku2"
)]
pub struct UnknownGame(pub String);

impl FromStr for GameId {
    type Err = UnknownGame;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        GameId::ALL
            .into_iter()
            .find(|g| g.as_str() == s)
            .ok_or_else(|| UnknownGame(s.to_string()))
    }
}

/// The kind numbers of the shogi piece set, shared by standard shogi, minishogi and 66 shogi
/// (minishogi has no knight, lance or their promotions; see [`Variant::has_kind`]).
pub mod kinds {
    use crate::piece::Kind;
    /// King (玉).
    pub const KING: Kind = Kind(0);
    /// Rook (飛).
    pub const ROOK: Kind = Kind(1);
    /// Bishop (角).
    pub const BISHOP: Kind = Kind(2);
    /// Gold (金).
    pub const GOLD: Kind = Kind(3);
    /// Silver (銀).
    pub const SILVER: Kind = Kind(4);
    /// Knight (桂).
    pub const KNIGHT: Kind = Kind(5);
    /// Lance (香).
    pub const LANCE: Kind = Kind(6);
    /// Pawn (歩).
    pub const PAWN: Kind = Kind(7);
    /// Dragon (竜), the promoted rook.
    pub const DRAGON: Kind = Kind(8);
    /// Horse (馬), the promoted bishop.
    pub const HORSE: Kind = Kind(9);
    /// Promoted silver (成銀).
    pub const PROMOTED_SILVER: Kind = Kind(10);
    /// Promoted knight (成桂).
    pub const PROMOTED_KNIGHT: Kind = Kind(11);
    /// Promoted lance (成香).
    pub const PROMOTED_LANCE: Kind = Kind(12);
    /// Tokin (と), the promoted pawn.
    pub const TOKIN: Kind = Kind(13);
}

/// How people name a game and its seats.
#[derive(Clone, Debug)]
pub struct Names {
    /// The game in Japanese and English, as the game list shows it ("本将棋 Shogi").
    pub game: &'static str,
    /// Each seat in Japanese and in English (先手/sente; A, B, C round the hexagon).
    pub seats: [(&'static str, &'static str); 3],
    /// The game in one line, in Japanese and English (the start screen's cards).
    pub about: (&'static str, &'static str),
    /// Whether the seats are shown with the shogi marks ☗ and ☖.
    pub marks: bool,
    /// Whether the pieces are named with two characters by default (chu shogi's many kinds are
    /// told apart by their full names: 獅子, 奔王; the others' by one: 玉, 飛).
    pub two_char: bool,
}

const SENTE_GOTE: [(&str, &str); 3] = [("先手", "sente"), ("後手", "gote"), ("", "")];

/// What a game says about one kind of piece.
#[derive(Clone, Debug)]
pub struct KindInfo {
    /// English name.
    pub name: &'static str,
    /// The SFEN letter (upper case; promoted kinds are written `+` and their base letter).
    pub letter: char,
    /// One-character kanji as drawn on the piece.
    pub kanji: &'static str,
    /// The name used in KIF records.
    pub kif: &'static str,
    /// The two-character name written on traditional pieces (王将, 飛車, 獅子).
    pub kanji2: &'static str,
    /// How it moves, in its owner's frame.
    pub moves: Vec<Movement>,
    /// What it promotes to, if it can.
    pub promotes_to: Option<Kind>,
    /// What it came from, if it is a promoted kind.
    pub promoted_from: Option<Kind>,
    /// Whether losing it loses the game (the king).
    pub royal: bool,
    /// Impasse points (持将棋): 5 for rook and bishop, 1 for others, 0 for the king.
    pub points: u8,
}

impl KindInfo {
    /// Whether this is a promoted kind.
    pub fn is_promoted(&self) -> bool {
        self.promoted_from.is_some()
    }

    /// The kind a captured piece of this kind goes to hand as.
    pub fn base(&self, me: Kind) -> Kind {
        self.promoted_from.unwrap_or(me)
    }
}

/// The most kinds that can be held in hand in any game (indices below this).
pub const HAND_KINDS: usize = 8;

/// A game's complete static description, with the precomputed tables of its move generator.
pub struct Variant {
    /// Which game.
    pub id: GameId,
    /// The board.
    pub geometry: Geometry,
    /// Piece kinds, indexed by [`Kind`].
    pub kinds: Vec<KindInfo>,
    /// How people name the game and its seats (see [`crate::names`]).
    pub names: Names,
    /// Kinds of the table that this game does not use (minishogi has no knight or lance).
    pub unused: &'static [Kind],
    /// Whether captured pieces go to hand and may be dropped.
    pub drops: bool,
    /// Whether a piece may not stand where it has no further move (行き所のない駒): it must
    /// promote there and may not be dropped there.
    pub no_dead_pieces: bool,
    /// Each player's promotion zone.
    pub zone: [CellSet; 3],
    /// The pawn kind, for the drop rules (二歩 and 打ち歩詰め: [`crate::games::shogi`]).
    pub pawn: Option<Kind>,
    /// The hand kinds in SFEN order (rook first for shogi; 66 shogi writes the king first, as
    /// it is held before the placement phase).
    pub hand_order: Vec<Kind>,
    pub(crate) tables: Tables,
}

/// Precomputed move and attack tables.
pub(crate) struct Tables {
    pub nkinds: usize,
    /// Flattened rays: cells in order.
    pub ray_cells: Vec<Cell>,
    /// (start, len, slide) per ray.
    pub rays: Vec<(u32, u8)>,
    /// Per (player, kind, cell): (first ray, ray count).
    pub piece_rays: Vec<(u32, u16)>,
    /// Per (player, kind, cell): the first cell of each of the piece's rays, which it attacks
    /// whatever stands around it.
    pub steps: Vec<CellSet>,
    /// Per (player, kind, cell): (first, count) into `long_rays`, the piece's rays longer than
    /// one cell.
    pub long_index: Vec<(u32, u16)>,
    /// Rays longer than one cell: (start, len) into `ray_cells`.
    pub long_rays: Vec<(u32, u8)>,
    /// Per (player, kind): cells where that piece has no move at all on an empty board.
    pub dead: Vec<CellSet>,
    /// Per attacker player and cell: (first reverse ray, count) into `rev`.
    pub rev_index: Vec<(u32, u16)>,
    /// Reverse rays: (start, len) into `ray_cells`, and index into `rev_masks`.
    pub rev: Vec<(u32, u8, u16)>,
    /// Per reverse vector of an attacker: for each distance (1-based, index d - 1), the kinds
    /// that attack over that distance, as a bit mask.
    pub rev_masks: Vec<[u64; 12]>,
    /// Zobrist keys per (player, kind, cell).
    pub z_board: Vec<u64>,
    /// Zobrist keys per (player, hand kind, count).
    pub z_hand: Vec<u64>,
    /// Zobrist key per player to move.
    pub z_turn: [u64; 3],
    /// The royal kinds, a bit a kind (playing and taking back a move ask it of every piece
    /// moved or taken, so it is kept apart from the kinds' descriptions).
    pub royal: u64,
}

const HAND_MAX: usize = 64;

impl Variant {
    /// The variant of a game, built once.
    pub fn get(id: GameId) -> &'static Variant {
        // each game's builder, in the order of GameId::ALL
        const BUILD: [fn() -> Variant; 6] = [
            shogi,
            minishogi,
            shogi66,
            chushogi,
            || sangoku(3),
            || sangoku(2),
        ];
        static BUILT: [OnceLock<Variant>; 6] = [const { OnceLock::new() }; 6];
        BUILT[id.index()].get_or_init(BUILD[id.index()])
    }

    /// Number of players.
    pub fn players(&self) -> u8 {
        self.geometry.players()
    }

    /// The info of a kind.
    #[inline]
    pub fn kind(&self, k: Kind) -> &KindInfo {
        &self.kinds[k.index()]
    }

    /// Whether pieces of kind `k` are royal (the kings, chu's prince), from one bit mask.
    #[inline]
    pub(crate) fn is_royal(&self, k: Kind) -> bool {
        k.index() < 64 && self.tables.royal >> k.index() & 1 != 0
    }

    /// The kind written with this SFEN letter (upper case), promoted or not.
    pub fn kind_by_letter(&self, letter: char, promoted: bool) -> Option<Kind> {
        self.kinds
            .iter()
            .position(|k| k.letter == letter && k.is_promoted() == promoted)
            .map(|i| Kind(i as u8))
    }

    /// Whether `cell` is on `player`'s own first rank (where 66 shogi places its pieces).
    pub fn on_first_rank(&self, player: Player, cell: Cell) -> bool {
        self.first_rank(player).contains(&cell.index())
    }

    /// The cell indices of `player`'s first rank (square boards; cells are numbered rank by
    /// rank from the top).
    #[inline]
    pub fn first_rank(&self, player: Player) -> std::ops::Range<usize> {
        let (w, h) = self.dims();
        let (w, h) = (w as usize, h as usize);
        let y = if player == Player::FIRST { h - 1 } else { 0 };
        y * w..y * w + w
    }

    /// Whether `cell` is on `player`'s first rank, computed from its coordinates.
    #[cfg(test)]
    fn on_first_rank_by_coords(&self, player: Player, cell: Cell) -> bool {
        let (_, h) = self.dims();
        let y = self.geometry.coords(cell).1 as u8;
        if player == Player::FIRST {
            y == h - 1
        } else {
            y == 0
        }
    }

    /// Whether `cell` is in `player`'s promotion zone.
    #[inline]
    pub fn in_zone(&self, player: Player, cell: Cell) -> bool {
        self.zone[player.index()].contains(cell)
    }

    /// Whether a piece of `kind` owned by `player` would have no further move on `cell`.
    #[inline]
    pub fn is_dead_cell(&self, player: Player, kind: Kind, cell: Cell) -> bool {
        self.tables.dead[player.index() * self.tables.nkinds + kind.index()].contains(cell)
    }

    /// The rays of a piece standing on `cell`: each a list of cells in order from `cell`.
    #[inline]
    pub(crate) fn rays(
        &self,
        player: Player,
        kind: Kind,
        cell: Cell,
    ) -> impl Iterator<Item = &[Cell]> + '_ {
        let t = &self.tables;
        let (first, count) = t.piece_rays
            [(player.index() * t.nkinds + kind.index()) * self.geometry.len() + cell.index()];
        t.rays[first as usize..first as usize + count as usize]
            .iter()
            .map(move |&(s, l)| &t.ray_cells[s as usize..s as usize + l as usize])
    }

    /// Square boards: the file number (1 = sente's right) and rank index (0 = `a`) of a cell.
    pub fn file_rank(&self, cell: Cell) -> (u8, u8) {
        let (x, y) = self.geometry.coords(cell);
        match self.geometry.shape() {
            Shape::Square { width, .. } => (width - x as u8, y as u8),
            Shape::Hex { .. } => (0, 0),
        }
    }

    /// A cell's name: file number and rank letter on square boards (`7g`, chu `12a`), axial
    /// coordinates `q,r` on the hexagon.
    pub fn cell_name(&self, cell: Cell) -> String {
        match self.geometry.shape() {
            Shape::Square { .. } => {
                let (file, rank) = self.file_rank(cell);
                format!("{}{}", file, (b'a' + rank) as char)
            }
            Shape::Hex { .. } => {
                let (q, r) = self.geometry.coords(cell);
                format!("{q},{r}")
            }
        }
    }

    /// The cell named `name` as [`Variant::cell_name`] writes it, if it is one of the board's.
    pub fn cell_by_name(&self, name: &str) -> Option<Cell> {
        self.geometry.cells().find(|&c| self.cell_name(c) == name)
    }

    /// Square boards: the cell of a file number and rank index.
    pub fn cell_at(&self, file: u8, rank: u8) -> Option<Cell> {
        match self.geometry.shape() {
            Shape::Square { width, height } => {
                if file == 0 || file > width || rank >= height {
                    None
                } else {
                    self.geometry.at((width - file) as i16, rank as i16)
                }
            }
            Shape::Hex { .. } => None,
        }
    }

    /// The board's width and height (square boards).
    pub fn dims(&self) -> (u8, u8) {
        match self.geometry.shape() {
            Shape::Square { width, height } => (width, height),
            Shape::Hex { radius } => (2 * radius + 1, 2 * radius + 1),
        }
    }

    pub(crate) fn z_board(&self, player: Player, kind: Kind, cell: Cell) -> u64 {
        let t = &self.tables;
        t.z_board[(player.index() * t.nkinds + kind.index()) * self.geometry.len() + cell.index()]
    }

    pub(crate) fn z_hand(&self, player: Player, kind: Kind, count: u8) -> u64 {
        self.tables.z_hand
            [(player.index() * HAND_KINDS + kind.index()) * HAND_MAX + (count as usize % HAND_MAX)]
    }

    pub(crate) fn z_turn(&self, player: Player) -> u64 {
        self.tables.z_turn[player.index()]
    }
}

/// SplitMix64: a fixed, portable sequence for Zobrist keys.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// A kind's moves with lion power written out as the single moves it gives: the lion's eight
/// steps and sixteen jumps of the 5x5 ring, a lion line's step and jump. (Double moves come
/// from the chu shogi module.)
fn expand(moves: &[Movement]) -> Vec<Movement> {
    let mut out = Vec::new();
    for &m in moves {
        match m {
            Movement::Lion => {
                for x in -2i8..=2 {
                    for y in -2i8..=2 {
                        let v = crate::geometry::Vector(x, y);
                        match x.abs().max(y.abs()) {
                            1 => out.push(Movement::Step(v)),
                            2 => out.push(Movement::Leap(v)),
                            _ => {}
                        }
                    }
                }
            }
            Movement::LionLine(v) => {
                out.push(Movement::Step(v));
                out.push(Movement::Leap(crate::geometry::Vector(2 * v.0, 2 * v.1)));
            }
            other => out.push(other),
        }
    }
    out
}

fn build_tables(geometry: &Geometry, kinds: &[KindInfo], seed: u64) -> Tables {
    let players = geometry.players() as usize;
    let n = geometry.len();
    let nkinds = kinds.len();
    let mut ray_cells = Vec::new();
    let mut rays = Vec::new();
    let mut piece_rays = Vec::with_capacity(players * nkinds * n);
    let mut steps = Vec::with_capacity(players * nkinds * n);
    let mut long_index = Vec::with_capacity(players * nkinds * n);
    let mut long_rays = Vec::new();
    let mut dead = Vec::with_capacity(players * nkinds);

    let walk = |from: Cell, v: crate::geometry::Vector, range: u8, out: &mut Vec<Cell>| {
        let mut c = from;
        for _ in 0..range {
            match geometry.offset(c, v) {
                Some(next) => {
                    out.push(next);
                    c = next;
                }
                None => break,
            }
        }
    };

    for p in 0..players {
        for kind in kinds {
            let mut dead_here = CellSet::EMPTY;
            for cell in geometry.cells() {
                let first = rays.len() as u32;
                for m in expand(&kind.moves) {
                    let Some((v, range)) = m.vector_and_range() else {
                        continue;
                    };
                    let v = geometry.rotate(v, p as u8);
                    let mut cells = Vec::new();
                    walk(cell, v, range, &mut cells);
                    if !cells.is_empty() {
                        rays.push((ray_cells.len() as u32, cells.len() as u8));
                        ray_cells.extend(cells);
                    }
                }
                let count = (rays.len() as u32 - first) as u16;
                if count == 0 {
                    dead_here.insert(cell);
                }
                piece_rays.push((first, count));
                let mut step = CellSet::EMPTY;
                let long_first = long_rays.len() as u32;
                for &(start, len) in &rays[first as usize..] {
                    step.insert(ray_cells[start as usize]);
                    if len > 1 {
                        long_rays.push((start, len));
                    }
                }
                steps.push(step);
                long_index.push((long_first, (long_rays.len() as u32 - long_first) as u16));
            }
            dead.push(dead_here);
        }
    }

    // Reverse rays: for each attacker and each distinct vector its pieces use, the cells from a
    // target back along the vector, with the kinds that attack at each distance.
    let mut rev_index = Vec::with_capacity(players * n);
    let mut rev = Vec::new();
    let mut rev_masks: Vec<[u64; 12]> = Vec::new();
    for p in 0..players {
        let mut vectors: Vec<(crate::geometry::Vector, [u64; 12])> = Vec::new();
        for (ki, kind) in kinds.iter().enumerate() {
            for m in expand(&kind.moves) {
                let Some((v, range)) = m.vector_and_range() else {
                    continue;
                };
                let v = geometry.rotate(v, p as u8);
                let slot = match vectors.iter().position(|(w, _)| *w == v) {
                    Some(i) => i,
                    None => {
                        vectors.push((v, [0; 12]));
                        vectors.len() - 1
                    }
                };
                for d in 0..(range.min(12) as usize) {
                    vectors[slot].1[d] |= 1u64 << ki;
                }
            }
        }
        let mask_base = rev_masks.len();
        rev_masks.extend(vectors.iter().map(|(_, m)| *m));
        for cell in geometry.cells() {
            let first = rev.len() as u32;
            for (vi, (v, masks)) in vectors.iter().enumerate() {
                let range = masks.iter().take_while(|&&m| m != 0).count() as u8;
                let mut cells = Vec::new();
                walk(cell, v.neg(), range, &mut cells);
                if !cells.is_empty() {
                    rev.push((
                        ray_cells.len() as u32,
                        cells.len() as u8,
                        (mask_base + vi) as u16,
                    ));
                    ray_cells.extend(cells);
                }
            }
            rev_index.push((first, (rev.len() as u32 - first) as u16));
        }
    }

    let mut rng = SplitMix(seed);
    let z_board = (0..players * nkinds * n).map(|_| rng.next()).collect();
    let z_hand = (0..players * HAND_KINDS * HAND_MAX)
        .map(|i| if i % HAND_MAX == 0 { 0 } else { rng.next() })
        .collect();
    let z_turn = [0, rng.next(), rng.next()];
    let royal = kinds
        .iter()
        .enumerate()
        .filter(|(_, k)| k.royal)
        .fold(0u64, |mask, (i, _)| mask | 1 << i);
    Tables {
        nkinds,
        ray_cells,
        rays,
        piece_rays,
        steps,
        long_index,
        long_rays,
        dead,
        rev_index,
        rev,
        rev_masks,
        z_board,
        z_hand,
        z_turn,
        royal,
    }
}

fn steps(vs: &[crate::geometry::Vector]) -> Vec<Movement> {
    vs.iter().map(|&v| Movement::Step(v)).collect()
}

fn slides(vs: &[crate::geometry::Vector]) -> Vec<Movement> {
    vs.iter().map(|&v| Movement::Slide(v)).collect()
}

/// The shogi kinds, in the order K R B G S N L P then +R +B +S +N +L +P.
fn shogi_kinds() -> Vec<KindInfo> {
    use crate::geometry::Vector;
    let gold = steps(&dir::GOLD);
    let mut dragon = slides(&dir::ORTHO);
    dragon.extend(steps(&dir::DIAG));
    let mut horse = slides(&dir::DIAG);
    horse.extend(steps(&dir::ORTHO));
    let k = |name, letter, kanji, kif, moves, promotes_to: Option<u8>, points| KindInfo {
        name,
        letter,
        kanji,
        kif,
        kanji2: kanji,
        moves,
        promotes_to: promotes_to.map(Kind),
        promoted_from: None,
        royal: false,
        points,
    };
    let pk = |name, letter, kanji, kif, moves, from: u8, points| KindInfo {
        name,
        letter,
        kanji,
        kif,
        kanji2: kanji,
        moves,
        promotes_to: None,
        promoted_from: Some(Kind(from)),
        royal: false,
        points,
    };
    let mut king = k("king", 'K', "玉", "玉", steps(&dir::ALL), None, 0);
    king.royal = true;
    let mut kinds = vec![
        king,
        k("rook", 'R', "飛", "飛", slides(&dir::ORTHO), Some(8), 5),
        k("bishop", 'B', "角", "角", slides(&dir::DIAG), Some(9), 5),
        k("gold", 'G', "金", "金", gold.clone(), None, 1),
        k("silver", 'S', "銀", "銀", steps(&dir::SILVER), Some(10), 1),
        k(
            "knight",
            'N',
            "桂",
            "桂",
            vec![
                Movement::Leap(Vector(1, -2)),
                Movement::Leap(Vector(-1, -2)),
            ],
            Some(11),
            1,
        ),
        k(
            "lance",
            'L',
            "香",
            "香",
            vec![Movement::Slide(dir::N)],
            Some(12),
            1,
        ),
        k(
            "pawn",
            'P',
            "歩",
            "歩",
            vec![Movement::Step(dir::N)],
            Some(13),
            1,
        ),
        pk("dragon", 'R', "竜", "龍", dragon, 1, 5),
        pk("horse", 'B', "馬", "馬", horse, 2, 5),
        pk("promoted silver", 'S', "全", "成銀", gold.clone(), 4, 1),
        pk("promoted knight", 'N', "圭", "成桂", gold.clone(), 5, 1),
        pk("promoted lance", 'L', "杏", "成香", gold.clone(), 6, 1),
        pk("tokin", 'P', "と", "と", gold, 7, 1),
    ];
    let two = [
        "玉将", "飛車", "角行", "金将", "銀将", "桂馬", "香車", "歩兵", "龍王", "龍馬", "成銀",
        "成桂", "成香", "と金",
    ];
    for (k, n) in kinds.iter_mut().zip(two) {
        k.kanji2 = n;
    }
    kinds
}

fn zones(geometry: &Geometry, depth: u8) -> [CellSet; 3] {
    let Shape::Square { height, .. } = geometry.shape() else {
        return [CellSet::EMPTY; 3];
    };
    let mut z = [CellSet::EMPTY; 3];
    for c in geometry.cells() {
        let y = geometry.coords(c).1 as u8;
        if y < depth {
            z[0].insert(c);
        }
        if y >= height - depth {
            z[1].insert(c);
        }
    }
    z
}

fn shogi() -> Variant {
    let geometry = Geometry::square(9, 9);
    let kinds = shogi_kinds();
    let tables = build_tables(&geometry, &kinds, 0x4B4F_4D41_0001);
    Variant {
        id: GameId::Shogi,
        zone: zones(&geometry, 3),
        geometry,
        kinds,
        names: Names {
            game: "本将棋 Shogi",
            about: (
                "本将棋。取った駒は持ち駒として自分の駒に打てる。",
                "The classic game: captured pieces return to play on your side.",
            ),
            seats: SENTE_GOTE,
            marks: true,
            two_char: false,
        },
        unused: &[],
        drops: true,
        no_dead_pieces: true,
        pawn: Some(kinds::PAWN),
        hand_order: (1..=7).map(Kind).collect(),
        tables,
    }
}

fn minishogi() -> Variant {
    let geometry = Geometry::square(5, 5);
    // Minishogi has no knight or lance; their slots stay in the table (so kind numbers match
    // shogi's) but no position of this game may hold them.
    let kinds = shogi_kinds();
    let tables = build_tables(&geometry, &kinds, 0x4B4F_4D41_0002);
    Variant {
        id: GameId::Minishogi,
        zone: zones(&geometry, 1),
        geometry,
        kinds,
        names: Names {
            game: "5五将棋 Minishogi",
            about: (
                "5×5の小さな将棋。桂と香がなく、すぐに終盤になる。",
                "Shogi on 5×5, without knights and lances: straight into the endgame.",
            ),
            seats: SENTE_GOTE,
            marks: true,
            two_char: false,
        },
        unused: &[
            kinds::KNIGHT,
            kinds::LANCE,
            kinds::PROMOTED_KNIGHT,
            kinds::PROMOTED_LANCE,
        ],
        drops: true,
        no_dead_pieces: true,
        pawn: Some(kinds::PAWN),
        hand_order: vec![
            kinds::ROOK,
            kinds::BISHOP,
            kinds::GOLD,
            kinds::SILVER,
            kinds::PAWN,
        ],
        tables,
    }
}

/// 66 shogi: 6x6, the shogi pieces, a two-rank zone, and the placement phase: six pawns a side
/// stand on the second rank; king, rook, bishop, gold, silver, knight and lance wait in hand.
fn shogi66() -> Variant {
    let geometry = Geometry::square(6, 6);
    let kinds = shogi_kinds();
    let tables = build_tables(&geometry, &kinds, 0x4B4F_4D41_0003);
    Variant {
        id: GameId::Shogi66,
        zone: zones(&geometry, 2),
        geometry,
        kinds,
        names: Names {
            game: "66将棋 6x6 shogi",
            about: (
                "天童の6×6将棋。まず駒を一枚ずつ自陣に並べてから指す。",
                "Tendo's 6×6 shogi: the players first place their pieces one at a time.",
            ),
            seats: SENTE_GOTE,
            marks: true,
            two_char: false,
        },
        unused: &[],
        drops: true,
        no_dead_pieces: true,
        pawn: Some(kinds::PAWN),
        hand_order: (0..=7).map(Kind).collect(),
        tables,
    }
}

/// Chu shogi on 12x12, no drops, a four-rank zone.
fn chushogi() -> Variant {
    let geometry = Geometry::square(12, 12);
    let kinds = chu::kinds();
    let tables = build_tables(&geometry, &kinds, 0x4B4F_4D41_0004);
    Variant {
        id: GameId::Chushogi,
        zone: zones(&geometry, 4),
        geometry,
        kinds,
        names: Names {
            game: "中将棋 Chu shogi",
            about: (
                "12×12に一人46枚。獅子は一手に二度動く。持ち駒はない。",
                "12×12 with 46 pieces a side; the lion moves twice a turn; no drops.",
            ),
            seats: SENTE_GOTE,
            marks: true,
            two_char: true,
        },
        unused: &[],
        drops: false,
        no_dead_pieces: false,
        pawn: Some(kinds::PAWN),
        hand_order: Vec::new(),
        tables,
    }
}

/// Three Kingdoms shogi on the 61-cell hexagon for `players` (3, or 2 for `sangoku2`).
fn sangoku(players: u8) -> Variant {
    let geometry = Geometry::hex(4, players);
    let kinds = sangoku::kinds();
    let tables = build_tables(&geometry, &kinds, 0x4B4F_4D41_0010 + players as u64);
    Variant {
        id: if players == 3 {
            GameId::Sangoku
        } else {
            GameId::Sangoku2
        },
        zone: sangoku::zones(&geometry),
        geometry,
        kinds,
        names: Names {
            game: if players == 3 {
                "三国志三人将棋 Three Kingdoms (3 players)"
            } else {
                "三国志将棋 Three Kingdoms (2 players)"
            },
            about: if players == 3 {
                (
                    "三人で指す三国志将棋。どの将を取っても、中央に将を置いても勝ち。",
                    "Three Kingdoms for three: take any general, or hold the centre, to win.",
                )
            } else {
                (
                    "三国志将棋を二人で。六角盤で先に相手の将を詰ませた方が勝ち。",
                    "Three Kingdoms for two: the hexagon, one army against one.",
                )
            },
            seats: [("A", "A"), ("B", "B"), ("C", "C")],
            marks: false,
            two_char: false,
        },
        unused: &[],
        drops: true,
        no_dead_pieces: false,
        pawn: None,
        hand_order: (1..=4).map(Kind).collect(),
        tables,
    }
}

impl PartialEq for Variant {
    /// Variants are built once per game, so the id identifies them.
    fn eq(&self, other: &Self) -> bool {
        self.id == other.id
    }
}

impl Variant {
    /// Whether this game uses the kind at all (minishogi has no knight or lance).
    pub fn has_kind(&self, k: Kind) -> bool {
        k.index() < self.kinds.len() && !self.unused.contains(&k)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_ranks_by_index_and_by_coordinates_agree() {
        for g in [
            GameId::Shogi,
            GameId::Minishogi,
            GameId::Shogi66,
            GameId::Chushogi,
        ] {
            let v = Variant::get(g);
            for c in v.geometry.cells() {
                for p in [Player::FIRST, Player::SECOND] {
                    assert_eq!(v.on_first_rank(p, c), v.on_first_rank_by_coords(p, c));
                }
            }
        }
    }

    #[test]
    fn game_ids_parse_and_print() {
        for (i, g) in GameId::ALL.into_iter().enumerate() {
            assert_eq!(g.index(), i);
            assert_eq!(Variant::get(g).id, g);
        }
        for g in GameId::ALL {
            assert_eq!(g.as_str().parse::<GameId>(), Ok(g));
        }
        assert!("chess".parse::<GameId>().is_err());
    }

    #[test]
    fn dead_cells_follow_from_the_moves() {
        let v = Variant::get(GameId::Shogi);
        let p = kinds::PAWN;
        let n = kinds::KNIGHT;
        let l = kinds::LANCE;
        let s = Player::FIRST;
        let g = Player::SECOND;
        let c = |f, r| v.cell_at(f, r).unwrap();
        assert!(v.is_dead_cell(s, p, c(5, 0)));
        assert!(!v.is_dead_cell(s, p, c(5, 1)));
        assert!(v.is_dead_cell(s, l, c(1, 0)));
        assert!(v.is_dead_cell(s, n, c(1, 1)));
        assert!(!v.is_dead_cell(s, n, c(1, 2)));
        assert!(v.is_dead_cell(g, p, c(5, 8)));
        assert!(v.is_dead_cell(g, n, c(5, 7)));
        assert!(!v.is_dead_cell(g, n, c(5, 6)));
        assert_eq!(v.tables.dead[kinds::GOLD.index()].len(), 0);
    }

    #[test]
    fn zones_are_the_far_ranks() {
        let v = Variant::get(GameId::Shogi);
        assert_eq!(v.zone[0].len(), 27);
        assert!(v.in_zone(Player(0), v.cell_at(1, 2).unwrap()));
        assert!(!v.in_zone(Player(0), v.cell_at(1, 3).unwrap()));
        assert!(v.in_zone(Player(1), v.cell_at(1, 6).unwrap()));
        let m = Variant::get(GameId::Minishogi);
        assert_eq!(m.zone[0].len(), 5);
        assert_eq!(m.zone[1].len(), 5);
    }
}
