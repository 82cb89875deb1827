//! CSA game records of standard shogi (version 2.2 as written by servers and programs).
//!
//! Read: `V` version, `N+`/`N-` names and `$` fields (kept as headers), the start as `PI` (with
//! optional removals such as `PI82HI22KA`), `P1`..`P9` rows and `P+`/`P-` pieces (`00` for the
//! hand), the side to move `+`/`-`, moves `+7776FU` (the piece named after the move, so a
//! promotion names the promoted piece; drops come from `00`), `T` times, `'` comments, several
//! statements on one line separated by `,`, and the special moves `%TORYO` and friends.
//! Write: `V2.2`, names, the start as `PI` or full rows, the moves and the ending.

use crate::geometry::Cell;
use crate::moves::{IllegalMove, Move};
use crate::piece::{Kind, Piece, Player};
use crate::position::Position;
use crate::position::setup::Setup;
use crate::record::{Ending, Record};
use crate::variant::{GameId, Variant};

/// The one game CSA records write.
const GAME: GameId = GameId::Shogi;

/// Whether `game` has CSA records (standard shogi only).
pub fn has_csa(game: GameId) -> bool {
    game == GAME
}

/// What is wrong with a CSA text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CsaError {
    /// A position line that cannot be read.
    #[error("line {line}: {why}")]
    Position {
        /// Line number (1-based).
        line: usize,
        /// What is wrong.
        why: LineFault,
    },
    /// A move that cannot be read.
    #[error("move {number}: {text:?} is not a CSA move ({why})")]
    Syntax {
        /// Move number.
        number: usize,
        /// The text.
        text: String,
        /// What is wrong.
        why: MoveFault,
    },
    /// A move that breaks the rules.
    #[error("move {number}: {text:?} is illegal: {error}")]
    Illegal {
        /// Move number.
        number: usize,
        /// The text.
        text: String,
        /// The rule.
        error: IllegalMove,
    },
}

/// What is wrong with a CSA position statement.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LineFault {
    /// `PI`'s removals are not groups of four characters.
    #[error("PI removals come in groups of four: square and piece")]
    RemovalGroups,
    /// A `PI` removal's square cannot be read.
    #[error("bad PI square")]
    RemovalSquare,
    /// A `PI` removal's piece cannot be read.
    #[error("bad PI piece")]
    RemovalPiece,
    /// A `PI` removal of a piece that is not there.
    #[error("PI removes a piece that is not there")]
    RemovalMissing,
    /// A board row without its nine fields.
    #[error("a board row needs 9 fields of 3 characters")]
    RowFields,
    /// A row number that is not 1 to 9.
    #[error("rows are P1 to P9")]
    RowNumber,
    /// A piece without its owner's sign.
    #[error("a piece starts with + or -")]
    OwnerSign,
    /// A name of no piece.
    #[error("unknown piece")]
    UnknownPiece,
    /// `P+`/`P-` pieces are not groups of four characters.
    #[error("pieces come in groups of four: square and piece")]
    PieceGroups,
    /// A square that cannot be read.
    #[error("bad square")]
    BadSquare,
    /// A promoted piece (or a king) put in hand.
    #[error("only unpromoted pieces go to hand")]
    HandPromoted,
    /// The position is not one of the game (two kings, dead pieces...).
    #[error(transparent)]
    Position(crate::position::setup::PositionError),
    /// A statement CSA does not have.
    #[error("unknown statement")]
    UnknownStatement,
}

/// What is wrong with a CSA move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum MoveFault {
    /// Not seven characters.
    #[error("a move is seven characters, like +7776FU")]
    Length,
    /// The other side's sign.
    #[error("not this side's turn")]
    NotTurn,
    /// The origin cannot be read.
    #[error("bad origin")]
    BadOrigin,
    /// The destination cannot be read.
    #[error("bad destination")]
    BadDestination,
    /// A name of no piece.
    #[error("unknown piece")]
    UnknownPiece,
    /// Nothing on the origin.
    #[error("no piece on the origin")]
    NoPiece,
    /// The origin holds another piece.
    #[error("the piece named is not the one on the origin")]
    OtherPiece,
}

/// CSA piece names, indexed like the shogi kinds (K R B G S N L P +R +B +S +N +L +P).
const NAMES: [&str; 14] = [
    "OU", "HI", "KA", "KI", "GI", "KE", "KY", "FU", "RY", "UM", "NG", "NK", "NY", "TO",
];

fn kind_of(name: &str) -> Option<Kind> {
    NAMES.iter().position(|&n| n == name).map(|i| Kind(i as u8))
}

fn square(v: &Variant, s: &str) -> Option<Option<Cell>> {
    let b = s.as_bytes();
    if b.len() != 2 || !b[0].is_ascii_digit() || !b[1].is_ascii_digit() {
        return None;
    }
    if s == "00" {
        return Some(None);
    }
    v.cell_at(b[0] - b'0', (b[1] - b'0').wrapping_sub(1))
        .map(Some)
}

fn sq_text(v: &Variant, c: Cell) -> String {
    let (f, r) = v.file_rank(c);
    format!("{}{}", f, r + 1)
}

/// Read a CSA record.
///
/// # Errors
/// [`CsaError`] naming the line or move that is wrong.
pub fn read_csa(text: &str) -> Result<Record, CsaError> {
    let v = Variant::get(GAME);
    let mut headers = Vec::new();
    let mut pos = Setup::empty(GAME);
    let mut board_given = false;
    let mut start: Option<Position> = None;
    let mut moves = Vec::new();
    let mut ending = None;
    let mut playing = Position::start(GAME);
    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        for stmt in raw.trim_end_matches('\r').split(',') {
            let stmt = stmt.trim();
            let perr = |why| CsaError::Position { line: line_no, why };
            if stmt.is_empty() || stmt.starts_with('\'') || stmt.starts_with('V') {
                continue;
            }
            if let Some(n) = stmt.strip_prefix("N+") {
                headers.push(("先手".to_string(), n.to_string()));
                continue;
            }
            if let Some(n) = stmt.strip_prefix("N-") {
                headers.push(("後手".to_string(), n.to_string()));
                continue;
            }
            if let Some(f) = stmt.strip_prefix('$') {
                if let Some((k, val)) = f.split_once(':') {
                    headers.push((k.to_string(), val.to_string()));
                }
                continue;
            }
            if stmt.starts_with('T') {
                continue;
            }
            if start.is_none() {
                if let Some(rest) = stmt.strip_prefix("PI") {
                    pos = Setup::of(&Position::start(GAME));
                    remove_pieces(v, &mut pos, rest).map_err(perr)?;
                    board_given = true;
                    continue;
                }
                if let Some(row) = stmt.strip_prefix('P')
                    && let Some(d) = row.chars().next().and_then(|c| c.to_digit(10))
                {
                    board_row(v, &mut pos, d, &row[1..]).map_err(perr)?;
                    board_given = true;
                    continue;
                }
                if let Some(rest) = stmt.strip_prefix("P+").or_else(|| stmt.strip_prefix("P-")) {
                    let owner = if stmt.starts_with("P+") {
                        Player::FIRST
                    } else {
                        Player::SECOND
                    };
                    place_pieces(v, &mut pos, owner, rest).map_err(perr)?;
                    board_given = true;
                    continue;
                }
                if stmt == "+" || stmt == "-" {
                    if !board_given {
                        pos = Setup::of(&Position::start(GAME));
                    }
                    pos.turn = if stmt == "+" {
                        Player::FIRST
                    } else {
                        Player::SECOND
                    };
                    // impossible positions (two kings, too many pieces...) are refused
                    let checked = pos
                        .clone()
                        .into_position()
                        .map_err(|e| perr(LineFault::Position(e)))?;
                    start = Some(checked.clone());
                    playing = checked;
                    continue;
                }
            }
            if let Some(special) = stmt.strip_prefix('%') {
                ending = Ending::ALL
                    .into_iter()
                    .find(|e| e.csa() == stmt)
                    .or(match special {
                        "+ILLEGAL_ACTION" | "-ILLEGAL_ACTION" => Some(Ending::Foul),
                        _ => None,
                    });
                break;
            }
            if stmt.starts_with(['+', '-']) {
                if start.is_none() {
                    let p = Position::start(GAME);
                    start = Some(p.clone());
                    playing = p;
                }
                let number = moves.len() + 1;
                let mv = parse_move(&mut playing, stmt, number)?;
                playing.play_unchecked(mv);
                moves.push(mv);
                continue;
            }
            return Err(perr(LineFault::UnknownStatement));
        }
        if ending.is_some() {
            break;
        }
    }
    let start = start.unwrap_or_else(|| Position::start(GAME));
    Ok(Record {
        headers,
        start,
        moves,
        ending,
        variations: Vec::new(),
    })
}

/// `PI` followed by removals from the even start (`82HI`: the rook of 8b taken off, a
/// handicap).
fn remove_pieces(v: &Variant, pos: &mut Setup, rest: &str) -> Result<(), LineFault> {
    if !rest.len().is_multiple_of(4) || !rest.is_ascii() {
        return Err(LineFault::RemovalGroups);
    }
    for chunk in rest.as_bytes().chunks(4) {
        let sq = std::str::from_utf8(&chunk[..2]).map_err(|_| LineFault::RemovalSquare)?;
        let name = std::str::from_utf8(&chunk[2..]).map_err(|_| LineFault::RemovalPiece)?;
        let c = square(v, sq).flatten().ok_or(LineFault::RemovalSquare)?;
        let k = kind_of(name).ok_or(LineFault::RemovalPiece)?;
        if pos.piece(c).is_empty() || pos.piece(c).kind() != k {
            return Err(LineFault::RemovalMissing);
        }
        pos.put(c, Piece::EMPTY);
    }
    Ok(())
}

/// A board row `P<d>` and its nine fields of three characters (` * ` empty, `+FU`, `-KY`).
fn board_row(v: &Variant, pos: &mut Setup, d: u32, fields: &str) -> Result<(), LineFault> {
    let mut cells: Vec<char> = fields.chars().collect();
    // trailing blanks of an empty last field are often trimmed
    while cells.len() < 27 && cells.len() >= 25 {
        cells.push(' ');
    }
    if cells.len() < 27 {
        return Err(LineFault::RowFields);
    }
    for f in 0..9 {
        let field: String = cells[f * 3..f * 3 + 3].iter().collect();
        let c = (d as u8)
            .checked_sub(1)
            .and_then(|r| v.cell_at(9 - f as u8, r))
            .ok_or(LineFault::RowNumber)?;
        if field.trim() == "*" {
            continue;
        }
        let owner = match field.chars().next() {
            Some('+') => Player::FIRST,
            Some('-') => Player::SECOND,
            _ => return Err(LineFault::OwnerSign),
        };
        let k = field
            .get(1..)
            .and_then(kind_of)
            .ok_or(LineFault::UnknownPiece)?;
        pos.put(c, Piece::new(owner, k));
    }
    Ok(())
}

/// `P+` or `P-` followed by pieces one at a time (`55KA`; `00FI` a piece in hand).
fn place_pieces(v: &Variant, pos: &mut Setup, owner: Player, rest: &str) -> Result<(), LineFault> {
    if !rest.len().is_multiple_of(4) || !rest.is_ascii() {
        return Err(LineFault::PieceGroups);
    }
    for chunk in rest.as_bytes().chunks(4) {
        let sq = std::str::from_utf8(&chunk[..2]).map_err(|_| LineFault::BadSquare)?;
        let name = std::str::from_utf8(&chunk[2..]).map_err(|_| LineFault::UnknownPiece)?;
        let k = kind_of(name).ok_or(LineFault::UnknownPiece)?;
        match square(v, sq).ok_or(LineFault::BadSquare)? {
            Some(c) => pos.put(c, Piece::new(owner, k)),
            None => {
                if name == "AL" || k.index() >= 8 || k.0 == 0 {
                    return Err(LineFault::HandPromoted);
                }
                pos.add_to_hand(owner, k, 1);
            }
        }
    }
    Ok(())
}

fn parse_move(pos: &mut Position, stmt: &str, number: usize) -> Result<Move, CsaError> {
    let v = pos.variant();
    let syntax = |why| CsaError::Syntax {
        number,
        text: stmt.to_string(),
        why,
    };
    if stmt.len() != 7 || !stmt.is_ascii() {
        return Err(syntax(MoveFault::Length));
    }
    let side = if stmt.starts_with('+') {
        Player::FIRST
    } else {
        Player::SECOND
    };
    if side != pos.turn() {
        return Err(syntax(MoveFault::NotTurn));
    }
    let from = square(v, &stmt[1..3]).ok_or_else(|| syntax(MoveFault::BadOrigin))?;
    let to = square(v, &stmt[3..5])
        .flatten()
        .ok_or_else(|| syntax(MoveFault::BadDestination))?;
    let kind = kind_of(&stmt[5..7]).ok_or_else(|| syntax(MoveFault::UnknownPiece))?;
    let mv = match from {
        None => Move::Drop { kind, to },
        Some(from) => {
            let here = pos.piece(from);
            if here.is_empty() {
                return Err(syntax(MoveFault::NoPiece));
            }
            let promote = here.kind() != kind;
            if promote && v.kind(here.kind()).promotes_to != Some(kind) {
                return Err(syntax(MoveFault::OtherPiece));
            }
            Move::Board { from, to, promote }
        }
    };
    pos.validate(mv).map_err(|error| CsaError::Illegal {
        number,
        text: stmt.to_string(),
        error,
    })?;
    Ok(mv)
}

/// Write a record as CSA (V2.2).
pub fn write_csa(r: &Record) -> String {
    let v = r.start.variant();
    let mut out = String::from("V2.2\n");
    if let Some(n) = r.header("先手") {
        out.push_str(&format!("N+{n}\n"));
    }
    if let Some(n) = r.header("後手") {
        out.push_str(&format!("N-{n}\n"));
    }
    let even = Position::start(GAME);
    let same_board = v
        .geometry
        .cells()
        .all(|c| r.start.piece(c) == even.piece(c))
        && v.hand_order
            .iter()
            .all(|&k| r.start.hand(Player::FIRST, k) == 0 && r.start.hand(Player::SECOND, k) == 0);
    if same_board {
        out.push_str("PI\n");
    } else {
        for rank in 0..9u8 {
            out.push_str(&format!("P{}", rank + 1));
            for file in (1..=9u8).rev() {
                let p = v.cell_at(file, rank).map(|c| r.start.piece(c));
                match p {
                    Some(p) if !p.is_empty() => {
                        out.push(if p.owner() == Player::FIRST { '+' } else { '-' });
                        out.push_str(NAMES[p.kind().index()]);
                    }
                    _ => out.push_str(" * "),
                }
            }
            out.push('\n');
        }
        for (owner, mark) in [(Player::FIRST, '+'), (Player::SECOND, '-')] {
            let mut line = String::new();
            for &k in &v.hand_order {
                for _ in 0..r.start.hand(owner, k) {
                    line.push_str("00");
                    line.push_str(NAMES[k.index()]);
                }
            }
            if !line.is_empty() {
                out.push_str(&format!("P{mark}{line}\n"));
            }
        }
    }
    out.push_str(if r.start.turn() == Player::FIRST {
        "+\n"
    } else {
        "-\n"
    });
    let mut pos = r.start.clone();
    for &m in &r.moves {
        let mark = if pos.turn() == Player::FIRST {
            '+'
        } else {
            '-'
        };
        let s = match m {
            Move::Board { from, to, promote } => {
                let k = pos.piece(from).kind();
                let k = if promote {
                    v.kind(k).promotes_to.unwrap_or(k)
                } else {
                    k
                };
                format!(
                    "{mark}{}{}{}",
                    sq_text(v, from),
                    sq_text(v, to),
                    NAMES[k.index()]
                )
            }
            Move::Drop { kind, to } => {
                format!("{mark}00{}{}", sq_text(v, to), NAMES[kind.index()])
            }
            // shogi has no passes
            Move::Pass => format!("{mark}PASS"),
            // no shogi piece makes double moves
            Move::Double { from, to, .. } => format!(
                "{mark}{}{}{}",
                sq_text(v, from),
                sq_text(v, to),
                NAMES[pos.piece(from).kind().index()]
            ),
        };
        out.push_str(&s);
        out.push('\n');
        pos.play_unchecked(m);
    }
    if let Some(e) = r.ending {
        out.push_str(e.csa());
        out.push('\n');
    }
    out
}
