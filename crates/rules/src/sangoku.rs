//! Three Kingdoms shogi (三国志三人将棋) on the 61-cell hexagon, for three players (`sangoku`)
//! and two (`sangoku2`): the board data, the turn order with its check rules, the end of the
//! game, and the game's text notation.
//!
//! # Decisions (the maker's sheet lacks its figures)
//! The geometry, the start position and the archer's leap are each one table below
//! ([`HOME`], [`ARCHER_LEAPS`]; the board is [`crate::geometry::Geometry::hex`]), so a correction
//! is a one-line change.
//! - Player A sits at the bottom edge (r = 4). B's frame is A's turned by the cube rotation
//!   `(x, y, z) -> (z, x, y)`, C's by that twice; in the two-player game B sits at the top (a
//!   half turn). The turn order is A, B, C. (Drawn with `r` growing downwards and `q` to the
//!   right this rotation puts B at the upper right; an interface that wants the order to run
//!   clockwise on screen draws the board mirrored, which changes no rule: every move here is
//!   symmetric left to right.)
//! - Letters: K general (将), C cavalry (騎), S spearman (槍), A archer (弓), P infantry (歩), +P
//!   promoted infantry.
//! - A game is over when a general has been captured, or (three players) when the player to
//!   move has its general on the centre: nothing is legal then, and [`outcome`] says who won.
//!
//! # Turn order (three players)
//! After a move, every other player whose general is attacked by anyone but its owner is in
//! check, the mover its checker. One player in check: it moves next, and the checker is
//! remembered (replacing any earlier one). Two in check: the player after the mover moves next
//! and nobody is remembered. Nobody in check: the turn returns to the remembered checker (then
//! nobody is remembered), or else passes to the player after the mover. Two players: turns
//! alternate.
//!
//! # Text notation
//! A position is `<board> <to move> <hands> <checker>`:
//! - the board is the nine rows from r = -4 (the top) to r = 4, separated by `/`, each read left
//!   to right; a number counts empty cells; a piece is its owner `a`, `b` or `c`, then `+` if
//!   promoted, then its letter (`aK`, `b+P`);
//! - the player to move `a`, `b` or `c`;
//! - the hands, `-` for none, else each piece as owner, count (when more than one), letter:
//!   `a2PbC`;
//! - the remembered checker, `-` or a player.
//!
//! A cell is named by its axial coordinates `q,r` (`0,0` is the centre, `-2,4` on A's edge). A
//! move is `<from>:<to>` with `+` after a promotion (`-1,3:-1,2`, `0,1:0,0+`); a drop is
//! `<letter>*<cell>` (`P*0,0`).

use crate::geometry::{CellSet, Geometry, Vector};
use crate::piece::{Kind, Movement, Player};
use crate::variant::KindInfo;

/// The general, cavalry, spearman, archer, infantry and promoted infantry, in kind order.
pub const GENERAL: Kind = Kind(0);
/// Cavalry.
pub const CAVALRY: Kind = Kind(1);
/// Spearman.
pub const SPEARMAN: Kind = Kind(2);
/// Archer.
pub const ARCHER: Kind = Kind(3);
/// Infantry.
pub const INFANTRY: Kind = Kind(4);
/// Promoted infantry.
pub const PROMOTED_INFANTRY: Kind = Kind(5);

/// The archer's six cells, in A's frame (decision: the cells at distance 2 between two
/// neighbour directions).
pub const ARCHER_LEAPS: [Vector; 6] = [
    Vector(1, -2),
    Vector(-1, 2),
    Vector(2, -1),
    Vector(-2, 1),
    Vector(1, 1),
    Vector(-1, -1),
];

/// The seats' names as the rules give them: A moves first, then B, then C (index = player).
pub const SEATS: [&str; 3] = ["A", "B", "C"];

/// A's eleven pieces: (q, r, kind). The back row on A's edge is 槍 騎 将 騎 槍 from A's left,
/// the front row 弓 歩 歩 歩 歩 弓 (decision). B and C get the same, rotated.
pub const HOME: [(i8, i8, Kind); 11] = [
    (-4, 4, SPEARMAN),
    (-3, 4, CAVALRY),
    (-2, 4, GENERAL),
    (-1, 4, CAVALRY),
    (0, 4, SPEARMAN),
    (-4, 3, ARCHER),
    (-3, 3, INFANTRY),
    (-2, 3, INFANTRY),
    (-1, 3, INFANTRY),
    (0, 3, INFANTRY),
    (1, 3, ARCHER),
];

const NE: Vector = Vector(1, -1);
const NW: Vector = Vector(0, -1);
const SE: Vector = Vector(0, 1);
const SW: Vector = Vector(-1, 1);
const E: Vector = Vector(1, 0);
const W: Vector = Vector(-1, 0);
const ALL6: [Vector; 6] = [E, W, NE, NW, SE, SW];
const DIAG4: [Vector; 4] = [NE, NW, SE, SW];

/// The kinds of the hex game.
pub(crate) fn kinds() -> Vec<KindInfo> {
    let info = |name, letter, kanji, moves: Vec<Movement>| KindInfo {
        name,
        letter,
        kanji,
        kif: kanji,
        kanji2: kanji,
        moves,
        promotes_to: None,
        promoted_from: None,
        royal: false,
        points: 1,
    };
    let mut general = info(
        "general",
        'K',
        "将",
        ALL6.iter().map(|&v| Movement::Step(v)).collect(),
    );
    general.royal = true;
    general.points = 0;
    let mut spear: Vec<Movement> = DIAG4.iter().map(|&v| Movement::Step(v)).collect();
    spear.extend([Movement::Slide(E), Movement::Slide(W)]);
    let mut infantry = info(
        "infantry",
        'P',
        "歩",
        vec![Movement::Step(NE), Movement::Step(NW)],
    );
    infantry.promotes_to = Some(PROMOTED_INFANTRY);
    let mut promoted = info(
        "promoted infantry",
        'P',
        "と",
        ALL6.iter().map(|&v| Movement::Step(v)).collect(),
    );
    promoted.promoted_from = Some(INFANTRY);
    vec![
        general,
        info(
            "cavalry",
            'C',
            "騎",
            DIAG4.iter().map(|&v| Movement::Slide(v)).collect(),
        ),
        info("spearman", 'S', "槍", spear),
        info(
            "archer",
            'A',
            "弓",
            ARCHER_LEAPS.iter().map(|&v| Movement::Leap(v)).collect(),
        ),
        infantry,
        promoted,
    ]
}

/// The start cells of `player`'s pieces (its home area), with their kinds.
pub fn home_cells(g: &Geometry, player: u8) -> Vec<(crate::geometry::Cell, Kind)> {
    HOME.iter()
        .filter_map(|&(q, r, k)| {
            let a = g.at(q as i16, r as i16)?;
            Some((g.rotate_cell(a, player), k))
        })
        .collect()
}

/// Promotion zones: three players, the two enemy camps and the centre; two players, the
/// opponent's three home rows, without the centre.
pub(crate) fn zones(g: &Geometry) -> [CellSet; 3] {
    let players = g.players();
    let mut z = [CellSet::EMPTY; 3];
    if players == 3 {
        let camps: Vec<CellSet> = (0..3)
            .map(|p| home_cells(g, p).into_iter().map(|(c, _)| c).collect())
            .collect();
        let centre = g.at(0, 0);
        for (p, zone) in z.iter_mut().enumerate() {
            for (o, camp) in camps.iter().enumerate() {
                if o != p {
                    for c in camp.iter() {
                        zone.insert(c);
                    }
                }
            }
            if let Some(c) = centre {
                zone.insert(c);
            }
        }
    } else {
        for c in g.cells() {
            let r = g.coords(c).1;
            if r <= -2 {
                z[0].insert(c);
            }
            if r >= 2 {
                z[1].insert(c);
            }
        }
    }
    z
}

/// Whether the player to move's general stands on the centre (three players: it has won).
pub(crate) fn general_on_centre(g: &Geometry, king: Option<crate::geometry::Cell>) -> bool {
    g.players() == 3 && king.is_some_and(|k| g.is_hex_centre(k))
}

/// Who moves after `mover`: the check rules of the three-player game. Returns the next player
/// and the remembered checker.
pub(crate) fn next_turn(
    players: u8,
    mover: Player,
    checked: &[Player],
    remembered: Option<Player>,
) -> (Player, Option<Player>) {
    let after = Player((mover.0 + 1) % players);
    if players == 2 {
        return (after, None);
    }
    match checked {
        [one] => (*one, Some(mover)),
        [] => match remembered {
            Some(r) => (r, None),
            None => (after, None),
        },
        _ => (after, None),
    }
}

/// How a hex game stands: `None` while it goes on.
pub fn outcome(pos: &mut crate::position::Position) -> Option<crate::outcome::Outcome> {
    use crate::outcome::{Outcome, Reason};
    let v = pos.variant();
    let players = v.players();
    // a general captured: its captor (the last mover) wins
    for p in 0..players {
        if pos.king(Player(p)).is_none() {
            let winner = pos.last_mover();
            return Some(Outcome {
                winner,
                reason: Reason::RoyalCaptured,
            });
        }
    }
    let me = pos.turn();
    if general_on_centre(&v.geometry, pos.king(me)) {
        return Some(Outcome {
            winner: Some(me),
            reason: Reason::GeneralOnCentre,
        });
    }
    if pos.has_legal_move() {
        return None;
    }
    if pos.in_check() {
        // the checker: the remembered one, or the last mover
        let winner = pos.last_mover();
        Some(Outcome {
            winner,
            reason: Reason::Checkmate,
        })
    } else {
        Some(Outcome {
            winner: None,
            reason: Reason::NoLegalMoves,
        })
    }
}

/// What is wrong with a hex position or move text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HexError {
    /// A field is missing.
    #[error("the position needs four fields (board, player to move, hands, checker); {0} missing")]
    Missing(&'static str),
    /// Wrong number of rows.
    #[error("the board has {0} rows; the hexagon has 9")]
    Rows(usize),
    /// A row with the wrong number of cells.
    #[error("row {row} has {found} cells; it needs {expected}")]
    RowLength {
        /// Row number from the top, 1-based.
        row: usize,
        /// Cells found.
        found: usize,
        /// Cells needed.
        expected: usize,
    },
    /// An unreadable piece.
    #[error("{0:?} is not a piece (owner a, b or c, optional +, letter K C S A P)")]
    Piece(String),
    /// A player letter that is not in the game.
    #[error("{0:?} is not a player of this game")]
    Player(String),
    /// A player with no general or two.
    #[error("player {0} must have exactly one general")]
    Generals(char),
    /// More pieces of a kind than the box holds.
    #[error("{found} pieces of kind {letter}; the game has {max}")]
    TooMany {
        /// The letter.
        letter: char,
        /// How many.
        found: u32,
        /// The most.
        max: u32,
    },
    /// Text after the last field.
    #[error("unexpected text {0:?} after the checker")]
    Trailing(String),
    /// A cell name that is not on the board.
    #[error("{0:?} is not a cell (axial q,r with |q|, |r|, |q+r| at most 4)")]
    Cell(String),
    /// A move that cannot be read.
    #[error("{0:?} is not a move (like -1,3:-1,2, 0,1:0,0+ or P*0,0)")]
    Move(String),
}

const LETTERS: [char; 5] = ['K', 'C', 'S', 'A', 'P'];

fn player_of(ch: char, players: u8) -> Option<Player> {
    let i = (ch as u32).checked_sub('a' as u32)?;
    (i < players as u32).then_some(Player(i as u8))
}

fn kind_of(ch: char, promoted: bool) -> Option<Kind> {
    let i = LETTERS.iter().position(|&l| l == ch)?;
    match (i, promoted) {
        (4, true) => Some(PROMOTED_INFANTRY),
        (_, true) => None,
        (i, false) => Some(Kind(i as u8)),
    }
}

/// Read a hex position.
///
/// # Errors
/// [`HexError`] naming what is wrong.
pub fn from_text(
    game: crate::variant::GameId,
    text: &str,
) -> Result<crate::position::Position, HexError> {
    use crate::piece::Piece;
    use crate::position::Position;
    let v = crate::variant::Variant::get(game);
    let g = &v.geometry;
    let players = g.players();
    let mut fields = text.split_whitespace();
    let board = fields.next().ok_or(HexError::Missing("board"))?;
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != 9 {
        return Err(HexError::Rows(rows.len()));
    }
    let mut pos = Position::empty(game);
    let mut generals = [0u8; 3];
    let mut counts = [0u32; 6];
    let mut cells = g.cells();
    for (ri, row) in rows.iter().enumerate() {
        let r = ri as i8 - 4;
        let expected = 9 - r.unsigned_abs() as usize;
        let mut found = 0usize;
        let mut chars = row.chars().peekable();
        while let Some(ch) = chars.next() {
            if let Some(d) = ch.to_digit(10) {
                found += d as usize;
                for _ in 0..d {
                    cells.next();
                }
                continue;
            }
            let owner = player_of(ch, players).ok_or_else(|| HexError::Piece(ch.to_string()))?;
            let mut promoted = false;
            let mut l = chars
                .next()
                .ok_or_else(|| HexError::Piece(ch.to_string()))?;
            if l == '+' {
                promoted = true;
                l = chars
                    .next()
                    .ok_or_else(|| HexError::Piece(format!("{ch}+")))?;
            }
            let kind = kind_of(l, promoted).ok_or_else(|| HexError::Piece(format!("{ch}{l}")))?;
            found += 1;
            if found > expected {
                break;
            }
            let Some(cell) = cells.next() else { break };
            if kind == GENERAL {
                generals[owner.index()] += 1;
            }
            counts[v.kind(kind).base(kind).index()] += 1;
            pos.set_piece(cell, Piece::new(owner, kind));
        }
        if found != expected {
            return Err(HexError::RowLength {
                row: ri + 1,
                found,
                expected,
            });
        }
    }
    let turn = fields.next().ok_or(HexError::Missing("player to move"))?;
    let mut tc = turn.chars();
    let turn_player = match (tc.next().and_then(|c| player_of(c, players)), tc.next()) {
        (Some(p), None) => p,
        _ => return Err(HexError::Player(turn.to_string())),
    };
    pos.set_turn(turn_player);
    let hands = fields.next().ok_or(HexError::Missing("hands"))?;
    if hands != "-" {
        let mut chars = hands.chars().peekable();
        while let Some(ch) = chars.next() {
            let owner = player_of(ch, players).ok_or_else(|| HexError::Piece(ch.to_string()))?;
            let mut n = 0u32;
            while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
                n = n * 10 + d;
                chars.next();
                if n > 40 {
                    return Err(HexError::Piece(hands.to_string()));
                }
            }
            let l = chars
                .next()
                .ok_or_else(|| HexError::Piece(ch.to_string()))?;
            let kind = kind_of(l, false)
                .filter(|&k| k != GENERAL)
                .ok_or_else(|| HexError::Piece(format!("{ch}{l}")))?;
            let n = if n == 0 { 1 } else { n };
            counts[kind.index()] += n;
            let total = pos.hand(owner, kind) as u32 + n;
            if total > 40 {
                return Err(HexError::Piece(hands.to_string()));
            }
            pos.set_hand(owner, kind, total as u8);
        }
    }
    let checker = fields.next().ok_or(HexError::Missing("checker"))?;
    if checker != "-" {
        let mut cc = checker.chars();
        match (cc.next().and_then(|c| player_of(c, players)), cc.next()) {
            (Some(p), None) => pos.set_remembered_checker(Some(p)),
            _ => return Err(HexError::Player(checker.to_string())),
        }
    }
    if let Some(extra) = fields.next() {
        return Err(HexError::Trailing(extra.to_string()));
    }
    for p in 0..players {
        if generals[p as usize] != 1 {
            return Err(HexError::Generals((b'a' + p) as char));
        }
    }
    let max = [0u32, 2, 2, 2, 4];
    for k in 1..5 {
        let m = max[k] * players as u32;
        if counts[k] > m {
            return Err(HexError::TooMany {
                letter: LETTERS[k],
                found: counts[k],
                max: m,
            });
        }
    }
    Ok(pos)
}

/// Write a hex position.
pub fn to_text(pos: &crate::position::Position) -> String {
    let v = pos.variant();
    let g = &v.geometry;
    let mut s = String::new();
    let mut row = -5;
    let mut empty = 0;
    let flush = |s: &mut String, empty: &mut u32| {
        if *empty > 0 {
            *s += &empty.to_string();
            *empty = 0;
        }
    };
    for c in g.cells() {
        let r = g.coords(c).1;
        if r != row {
            flush(&mut s, &mut empty);
            if row != -5 {
                s.push('/');
            }
            row = r;
        }
        let p = pos.piece(c);
        if p.is_empty() {
            empty += 1;
            continue;
        }
        flush(&mut s, &mut empty);
        s.push((b'a' + p.owner().0) as char);
        if v.kind(p.kind()).is_promoted() {
            s.push('+');
        }
        s.push(v.kind(p.kind()).letter);
    }
    flush(&mut s, &mut empty);
    s.push(' ');
    s.push((b'a' + pos.turn().0) as char);
    s.push(' ');
    let mut hands = String::new();
    for p in 0..g.players() {
        for &k in &v.hand_order {
            let n = pos.hand(Player(p), k);
            if n > 0 {
                hands.push((b'a' + p) as char);
                if n > 1 {
                    hands += &n.to_string();
                }
                hands.push(v.kind(k).letter);
            }
        }
    }
    s += if hands.is_empty() { "-" } else { &hands };
    s.push(' ');
    match pos.remembered_checker() {
        Some(p) => s.push((b'a' + p.0) as char),
        None => s.push('-'),
    }
    s
}

/// A cell's name: its axial coordinates `q,r`.
pub fn cell_name(g: &Geometry, c: crate::geometry::Cell) -> String {
    let (q, r) = g.coords(c);
    format!("{q},{r}")
}

/// Read a cell name.
///
/// # Errors
/// [`HexError::Cell`] when it is not a cell of the board.
pub fn parse_cell(g: &Geometry, s: &str) -> Result<crate::geometry::Cell, HexError> {
    let bad = || HexError::Cell(s.to_string());
    let (q, r) = s.split_once(',').ok_or_else(bad)?;
    let q: i16 = q.trim().parse().map_err(|_| bad())?;
    let r: i16 = r.trim().parse().map_err(|_| bad())?;
    if q.abs() > 4 || r.abs() > 4 {
        return Err(bad());
    }
    g.at(q, r).ok_or_else(bad)
}

/// Read a move.
///
/// # Errors
/// [`HexError`] naming what is wrong.
pub fn parse_move(g: &Geometry, text: &str) -> Result<crate::moves::Move, HexError> {
    use crate::moves::Move;
    let text = text.trim();
    if let Some((piece, cell)) = text.split_once('*') {
        let mut cs = piece.chars();
        let kind = match (cs.next(), cs.next()) {
            (Some(l), None) => kind_of(l, false).filter(|&k| k != GENERAL),
            _ => None,
        }
        .ok_or_else(|| HexError::Move(text.to_string()))?;
        return Ok(Move::Drop {
            kind,
            to: parse_cell(g, cell)?,
        });
    }
    let (body, promote) = match text.strip_suffix('+') {
        Some(b) => (b, true),
        None => (text, false),
    };
    let (from, to) = body
        .split_once(':')
        .ok_or_else(|| HexError::Move(text.to_string()))?;
    Ok(Move::Board {
        from: parse_cell(g, from)?,
        to: parse_cell(g, to)?,
        promote,
    })
}

/// Write a move.
pub fn move_text(v: &crate::variant::Variant, mv: crate::moves::Move) -> String {
    use crate::moves::Move;
    let g = &v.geometry;
    match mv {
        Move::Board { from, to, promote } => format!(
            "{}:{}{}",
            cell_name(g, from),
            cell_name(g, to),
            if promote { "+" } else { "" }
        ),
        Move::Drop { kind, to } => format!("{}*{}", v.kind(kind).letter, cell_name(g, to)),
        Move::Pass => "pass".to_string(),
        Move::Double { from, mid, to } => format!(
            "{}:{}:{}",
            cell_name(g, from),
            cell_name(g, mid),
            cell_name(g, to)
        ),
    }
}
