//! The hex notation: Three Kingdoms shogi's positions and moves as text (the square boards'
//! are SFEN and USI, [`crate::sfen`]).
//!
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

use crate::geometry::Geometry;
use crate::piece::{Kind, Player};
use crate::variant::sangoku::{GENERAL, PROMOTED_INFANTRY};

/// A field of the hexagon's position text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HexField {
    /// The board's rows.
    #[error("board")]
    Board,
    /// The player to move.
    #[error("player to move")]
    Turn,
    /// The hands.
    #[error("hands")]
    Hands,
    /// The player who gave the last check.
    #[error("checker")]
    Checker,
}

/// What is wrong with a hex position or move text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HexError {
    /// A field is missing.
    #[error("the position needs four fields (board, player to move, hands, checker); {0} missing")]
    Missing(HexField),
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
    /// What the text describes is not a position of the game (a player without its one
    /// general, too many pieces of a kind...).
    #[error(transparent)]
    Setup(#[from] crate::position::setup::PositionError),
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
    let v = crate::variant::Variant::get(game);
    let g = &v.geometry;
    let players = g.players();
    let mut fields = text.split_whitespace();
    let board = fields.next().ok_or(HexError::Missing(HexField::Board))?;
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != 9 {
        return Err(HexError::Rows(rows.len()));
    }
    let mut setup = crate::position::setup::Setup::empty(game);
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
            setup.put(cell, Piece::new(owner, kind));
        }
        if found != expected {
            return Err(HexError::RowLength {
                row: ri + 1,
                found,
                expected,
            });
        }
    }
    let turn = fields.next().ok_or(HexError::Missing(HexField::Turn))?;
    let mut tc = turn.chars();
    let turn_player = match (tc.next().and_then(|c| player_of(c, players)), tc.next()) {
        (Some(p), None) => p,
        _ => return Err(HexError::Player(turn.to_string())),
    };
    setup.turn = turn_player;
    let hands = fields.next().ok_or(HexError::Missing(HexField::Hands))?;
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
            let total = setup.hand(owner, kind) as u32 + n;
            if total > 40 {
                return Err(HexError::Piece(hands.to_string()));
            }
            setup.add_to_hand(owner, kind, n as u8);
        }
    }
    let checker = fields.next().ok_or(HexError::Missing(HexField::Checker))?;
    if checker != "-" {
        let mut cc = checker.chars();
        match (cc.next().and_then(|c| player_of(c, players)), cc.next()) {
            (Some(p), None) => setup.checker = Some(p),
            _ => return Err(HexError::Player(checker.to_string())),
        }
    }
    if let Some(extra) = fields.next() {
        return Err(HexError::Trailing(extra.to_string()));
    }
    Ok(setup.into_position()?)
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
