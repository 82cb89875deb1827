//! KIF and KI2 game records of standard shogi (Japanese move names).
//!
//! - Reading takes bytes: UTF-8 (with or without BOM) or Shift_JIS (CP932), decided by whether
//!   the bytes are valid UTF-8. Writing gives UTF-8 text.
//! - KIF: one numbered move a line, `７六歩(77)`, `同　歩(23)`, `２二角成(88)`, `５五角打`,
//!   then an ending word (投了, 中断, 千日手, 持将棋, 切れ負け, 反則負け, 詰み, 入玉勝ち). The
//!   start is the 手合割 header or a board diagram (BOD) with 持駒 lines and 手番.
//! - KI2: moves with their player mark, `▲７六歩　△３四歩`, no origin square; when more than one
//!   piece of the kind can reach the square, a modifier says which: direction 上 (forward), 引
//!   (back), 寄 (sideways), 直 (straight forward), position 右/左 (as the mover sees the board),
//!   and 打 when a drop could be confused with a board move.
//! - Lines starting with `#`, `*` or `&` are comments. Variations follow the main line, each
//!   under `変化：N手` (its first move's number), branching from the line listed just before it
//!   ([`crate::record::Variation`]); a move with a variation below is marked `+` in KIF. They
//!   are read and written in both formats.
//! - 66 shogi ([`read_kif`]): the same format on 6x6; the start is a board diagram whose hands
//!   hold the pieces still to be placed (the king too), and placements are drops (`３六玉打`).
//!
//! Modifier choice (the JSA convention): direction alone when it tells the pieces apart; else
//! 直 for a piece moving straight forward (not for dragon and horse); else 右/左 alone when the
//! piece is the rightmost or leftmost of all; else 右/左 among the pieces moving in the same
//! direction followed by the direction.

use crate::games::shogi::handicaps;
use crate::geometry::Cell;
use crate::moves::{IllegalMove, Move};
use crate::piece::{Kind, Piece, Player};
use crate::position::Position;
use crate::position::setup::PositionError;
use crate::record::{Ending, Record, Variation};
use crate::variant::{GameId, HAND_KINDS, Variant};

/// What is wrong with a KIF or KI2 text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum KifError {
    /// Neither UTF-8 nor Shift_JIS.
    #[error("the file is neither UTF-8 nor Shift_JIS text")]
    Encoding,
    /// An unknown 手合割.
    #[error("unknown handicap (手合割) {0:?}")]
    Handicap(String),
    /// A board diagram line that cannot be read.
    #[error("line {line}: board diagram: {why}")]
    Board {
        /// Line number (1-based).
        line: usize,
        /// What is wrong.
        why: BoardFault,
    },
    /// A hand (持駒) line that cannot be read.
    #[error("line {line}: pieces in hand {text:?} cannot be read")]
    Hand {
        /// Line number.
        line: usize,
        /// The text.
        text: String,
    },
    /// A move that cannot be read.
    #[error("move {number}: {text:?} is not a move ({why})")]
    Syntax {
        /// Move number.
        number: usize,
        /// The text.
        text: String,
        /// What is wrong.
        why: MoveFault,
    },
    /// A variation's heading (`変化：N手`) that cannot be read or names no move of the line
    /// before it.
    #[error("line {line}: variation: {why}")]
    Variation {
        /// Line number (1-based).
        line: usize,
        /// What is wrong.
        why: VariationFault,
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

/// What is wrong with a KIF board diagram.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardFault {
    /// The wrong number of ranks.
    #[error("{found} ranks, {needed} needed")]
    Ranks {
        /// Ranks found.
        found: usize,
        /// Ranks the game has.
        needed: u8,
    },
    /// A rank with fewer squares than the board is wide.
    #[error("rank too short")]
    RankTooShort,
    /// A square the board does not have.
    #[error("bad square")]
    BadSquare,
    /// A piece without its owner's mark.
    #[error("a piece must start with a space or v")]
    OwnerMark,
    /// A name of no piece of the game.
    #[error("unknown piece")]
    UnknownPiece,
    /// The diagram is not a position of the game (two kings, dead pieces...).
    #[error(transparent)]
    Position(PositionError),
}

/// What is wrong with a KIF or KI2 move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum MoveFault {
    /// `同` at the first move.
    #[error("同 with no previous move")]
    NoPrevious,
    /// No square to go to.
    #[error("no destination square")]
    NoDestination,
    /// No piece's name.
    #[error("no piece name")]
    NoPiece,
    /// The origin in brackets cannot be read.
    #[error("bad origin")]
    BadOrigin,
    /// The origin is not on the board.
    #[error("origin off the board")]
    OriginOffBoard,
    /// The origin holds another piece, or none.
    #[error("the origin does not hold that piece")]
    OriginDiffers,
    /// A KI2 move that several pieces can make.
    #[error("ambiguous: more than one piece can make it")]
    Ambiguous,
}

/// What is wrong with a variation's heading (`変化：N手`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VariationFault {
    /// No number of a move in it.
    #[error("{0:?} names no move number")]
    NoNumber(String),
    /// A move number beyond the line before it.
    #[error("move {ply} follows no move of the line before it ({moves} moves)")]
    Beyond {
        /// The move number named.
        ply: usize,
        /// The moves of the line before it.
        moves: usize,
    },
}

const ZEN_DIGITS: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];
const KANJI_DIGITS: [&str; 9] = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];

/// Decode KIF bytes: UTF-8 (BOM optional) when valid, else Shift_JIS (with the `shift-jis`
/// feature; without it, only UTF-8).
///
/// # Errors
/// [`KifError::Encoding`] when the bytes are neither.
pub fn decode(bytes: &[u8]) -> Result<String, KifError> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    if let Ok(s) = std::str::from_utf8(bytes) {
        return Ok(s.to_string());
    }
    shift_jis(bytes)
}

/// Shift_JIS bytes as text (with the `shift-jis` feature).
#[cfg(feature = "shift-jis")]
fn shift_jis(bytes: &[u8]) -> Result<String, KifError> {
    let (s, _, bad) = encoding_rs::SHIFT_JIS.decode(bytes);
    if bad {
        return Err(KifError::Encoding);
    }
    Ok(s.into_owned())
}

/// Without the `shift-jis` feature only UTF-8 is read (the app has the browser decode).
#[cfg(not(feature = "shift-jis"))]
fn shift_jis(_: &[u8]) -> Result<String, KifError> {
    Err(KifError::Encoding)
}

/// The KIF name of a kind (`歩`, `成銀`, `龍`).
fn kind_name(v: &Variant, k: Kind) -> &'static str {
    v.kind(k).kif
}

/// Read a piece name at the start of `s`: (kind, bytes used). Accepts 王/玉, 竜/龍, and the
/// one-character promoted names 全/圭/杏 beside 成銀/成桂/成香.
fn read_piece(v: &Variant, s: &str) -> Option<(Kind, usize)> {
    const ALIASES: [(&str, &str); 6] = [
        ("王", "玉"),
        ("竜", "龍"),
        ("全", "成銀"),
        ("圭", "成桂"),
        ("杏", "成香"),
        ("仝", "同"),
    ];
    for (i, k) in v.kinds.iter().enumerate() {
        if s.starts_with(k.kif) && k.kif.chars().count() == 2 {
            return Some((Kind(i as u8), k.kif.len()));
        }
    }
    for (i, k) in v.kinds.iter().enumerate() {
        if s.starts_with(k.kif) {
            return Some((Kind(i as u8), k.kif.len()));
        }
    }
    for (alias, name) in ALIASES {
        if let Some(rest) = s.strip_prefix(alias) {
            let _ = rest;
            let i = v.kinds.iter().position(|k| k.kif == name)?;
            return Some((Kind(i as u8), alias.len()));
        }
    }
    None
}

fn square_ja(v: &Variant, c: Cell) -> String {
    let (f, r) = v.file_rank(c);
    format!(
        "{}{}",
        ZEN_DIGITS[(f - 1) as usize],
        KANJI_DIGITS[r as usize]
    )
}

/// Read a destination `７六` (full-width or ASCII file, kanji or digit rank).
fn read_square(v: &Variant, s: &str) -> Option<(Cell, usize)> {
    let mut chars = s.char_indices();
    let (_, f) = chars.next()?;
    let file = ZEN_DIGITS
        .iter()
        .position(|&d| d == f)
        .map(|i| i as u8 + 1)
        .or_else(|| f.to_digit(10).map(|d| d as u8))?;
    let (i, r) = chars.next()?;
    let rank = KANJI_DIGITS
        .iter()
        .position(|&d| d.starts_with(r))
        .map(|i| i as u8)
        .or_else(|| ZEN_DIGITS.iter().position(|&d| d == r).map(|i| i as u8))
        .or_else(|| r.to_digit(10).and_then(|d| (d as u8).checked_sub(1)))?;
    Some((v.cell_at(file, rank)?, i + r.len_utf8()))
}

/// How a move is written.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Style {
    Kif,
    Ki2,
}

/// The Japanese name of `mv` played from `pos` (`prev` is the previous move's destination, for
/// 同). KIF adds the origin `(77)` and always writes 打; KI2 adds modifiers where needed.
fn move_name(pos: &mut Position, mv: Move, prev: Option<Cell>, style: Style) -> String {
    let v = pos.variant();
    let Some(to) = mv.to() else {
        return "パス".to_string();
    };
    let mut s = if prev == Some(to) {
        "同　".to_string()
    } else {
        square_ja(v, to)
    };
    match mv {
        Move::Board { from, promote, .. } => {
            let kind = pos.piece(from).kind();
            s += kind_name(v, kind);
            if style == Style::Ki2 {
                s += &modifier(pos, mv);
            }
            let can_promote = v.kind(kind).promotes_to.is_some()
                && (v.in_zone(pos.turn(), from) || v.in_zone(pos.turn(), to));
            if promote {
                s += "成";
            } else if can_promote {
                s += "不成";
            }
            if style == Style::Kif {
                let (f, r) = v.file_rank(from);
                s += &format!("({}{})", f, r + 1);
            }
        }
        Move::Pass => {}
        // no shogi piece makes double moves; written as the piece and its origin
        Move::Double { from, .. } => {
            s += kind_name(v, pos.piece(from).kind());
            let (f, r) = v.file_rank(from);
            s += &format!("({}{})", f, r + 1);
        }
        Move::Drop { kind, .. } => {
            s += kind_name(v, kind);
            let ambiguous = pos.legal_moves().iter().any(|m| {
                matches!(m, Move::Board { from, to: t, .. }
                    if *t == to && pos.piece(*from).kind() == kind)
            });
            if style == Style::Kif || ambiguous {
                s += "打";
            }
        }
    }
    s
}

/// The KI2 modifier that tells `mv` apart from other pieces of its kind reaching its square.
fn modifier(pos: &mut Position, mv: Move) -> String {
    let Move::Board { from, to, promote } = mv else {
        return String::new();
    };
    let v = pos.variant();
    let me = pos.turn();
    let kind = pos.piece(from).kind();
    let mut others: Vec<Cell> = pos
        .legal_moves()
        .into_iter()
        .filter_map(|m| match m {
            Move::Board {
                from: f,
                to: t,
                promote: p,
            } if t == to && p == promote && pos.piece(f).kind() == kind => Some(f),
            _ => None,
        })
        .collect();
    others.sort_unstable();
    others.dedup();
    if others.len() <= 1 {
        return String::new();
    }
    // Coordinates in the mover's frame: x grows to the mover's right, y grows forward.
    let frame = |c: Cell| {
        let (x, y) = v.geometry.coords(c);
        if me == Player::FIRST {
            (x as i32, -(y as i32))
        } else {
            (-(x as i32), y as i32)
        }
    };
    let dir = |c: Cell| {
        let dy = frame(to).1 - frame(c).1;
        match dy.signum() {
            1 => "上",
            -1 => "引",
            _ => "寄",
        }
    };
    let straight = |c: Cell| frame(c).0 == frame(to).0 && frame(to).1 > frame(c).1;
    let big = matches!(v.kind(kind).letter, 'R' | 'B') && v.kind(kind).is_promoted();
    let d = dir(from);
    if others.iter().filter(|&&c| dir(c) == d).count() == 1 {
        return d.to_string();
    }
    if !big && straight(from) {
        return "直".to_string();
    }
    let side = |set: &[Cell]| -> Option<&'static str> {
        let x = frame(from).0;
        let max = set.iter().map(|&c| frame(c).0).max()?;
        let min = set.iter().map(|&c| frame(c).0).min()?;
        let count = |val: i32| set.iter().filter(|&&c| frame(c).0 == val).count();
        if x == max && count(max) == 1 {
            Some("右")
        } else if x == min && count(min) == 1 {
            Some("左")
        } else {
            None
        }
    };
    if let Some(s) = side(&others) {
        return s.to_string();
    }
    let same: Vec<Cell> = others.iter().copied().filter(|&c| dir(c) == d).collect();
    match side(&same) {
        Some(s) => format!("{s}{d}"),
        None => d.to_string(),
    }
}

/// The start position named by a 手合割, or by a board diagram in `lines`.
fn read_start(game: GameId, lines: &[(usize, &str)]) -> Result<Position, KifError> {
    let mut pos = None;
    for &(_, l) in lines {
        if let Some(h) = header_value(l, "手合割") {
            // a game with handicaps knows each by its KIF name; the others only the even game
            // (any other name there is the game's own, as "5五将棋", and means its start)
            let h = h.trim();
            let rules = crate::games::rules(game);
            let setups = rules.setups();
            match setups.iter().find(|s| s.name == h || s.id == h) {
                Some(s) => pos = rules.setup_position(game, s.id),
                None if setups.len() > 1 => return Err(KifError::Handicap(h.to_string())),
                None => {}
            }
        }
    }
    let board: Vec<(usize, &str)> = lines
        .iter()
        .copied()
        .filter(|(_, l)| l.starts_with('|'))
        .collect();
    if board.is_empty() {
        return Ok(pos.unwrap_or_else(|| Position::start(game)));
    }
    let v = Variant::get(game);
    let (width, height) = v.dims();
    let mut p = crate::position::setup::Setup::empty(game);
    if board.len() != height as usize {
        return Err(KifError::Board {
            line: board[0].0,
            why: BoardFault::Ranks {
                found: board.len(),
                needed: height,
            },
        });
    }
    for (rank, &(line, text)) in board.iter().enumerate() {
        let body: Vec<char> = text.chars().skip(1).collect();
        let mut file = width;
        let mut i = 0;
        while file >= 1 {
            let bad = |why| KifError::Board { line, why };
            let mark = *body.get(i).ok_or_else(|| bad(BoardFault::RankTooShort))?;
            let name = *body
                .get(i + 1)
                .ok_or_else(|| bad(BoardFault::RankTooShort))?;
            i += 2;
            let cell = v
                .cell_at(file, rank as u8)
                .ok_or_else(|| bad(BoardFault::BadSquare))?;
            if name == '・' {
                file -= 1;
                continue;
            }
            let owner = match mark {
                'v' | 'V' => Player::SECOND,
                ' ' | '^' => Player::FIRST,
                _ => return Err(bad(BoardFault::OwnerMark)),
            };
            let (kind, _) =
                read_piece(v, &name.to_string()).ok_or_else(|| bad(BoardFault::UnknownPiece))?;
            p.put(cell, Piece::new(owner, kind));
            file -= 1;
        }
    }
    for &(line, l) in lines {
        for (key, owner) in [
            ("先手の持駒", Player::FIRST),
            ("後手の持駒", Player::SECOND),
        ] {
            if let Some(h) = header_value(l, key) {
                read_hand(v, &mut p, owner, h).ok_or_else(|| KifError::Hand {
                    line,
                    text: h.to_string(),
                })?;
            }
        }
        if l.starts_with("後手番") || header_value(l, "手番").is_some_and(|t| t.contains("後手"))
        {
            p.turn = Player::SECOND;
        }
    }
    // impossible positions (two kings, too many pieces, dead pieces) are refused
    p.into_position().map_err(|e| KifError::Board {
        line: board[0].0,
        why: BoardFault::Position(e),
    })
}

fn header_value<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let rest = line.strip_prefix(key)?;
    rest.strip_prefix('：').or_else(|| rest.strip_prefix(':'))
}

/// `飛　角　歩十八` style hands.
fn read_hand(
    v: &Variant,
    p: &mut crate::position::setup::Setup,
    owner: Player,
    text: &str,
) -> Option<()> {
    let text = text.trim();
    if text.is_empty() || text == "なし" {
        return Some(());
    }
    for item in text.split(['　', ' ']).filter(|s| !s.is_empty()) {
        let (kind, used) = read_piece(v, item)?;
        if kind.index() >= HAND_KINDS
            || (v.kind(kind).royal && !crate::games::rules(v.id).capabilities().placement)
        {
            return None;
        }
        let n = match &item[used..] {
            "" => 1,
            num => kanji_number(num)?,
        };
        let total = p.hand(owner, kind) as u32 + n as u32;
        if total > 40 {
            return None;
        }
        p.add_to_hand(owner, kind, n);
    }
    Some(())
}

fn kanji_number(s: &str) -> Option<u8> {
    let digit = |c: char| {
        KANJI_DIGITS
            .iter()
            .position(|d| d.starts_with(c))
            .map(|i| i as u8 + 1)
    };
    let cs: Vec<char> = s.chars().collect();
    match cs.as_slice() {
        ['十'] => Some(10),
        [a] => digit(*a),
        ['十', b] => Some(10 + digit(*b)?),
        [a, '十'] => Some(digit(*a)? * 10),
        [a, '十', b] => Some(digit(*a)? * 10 + digit(*b)?),
        _ => s.parse().ok(),
    }
}

fn number_kanji(n: u8) -> String {
    let d = |k: u8| KANJI_DIGITS[(k - 1) as usize];
    match n {
        1..=9 => d(n).to_string(),
        10 => "十".into(),
        11..=19 => format!("十{}", d(n - 10)),
        _ => format!(
            "{}十{}",
            d(n / 10),
            if n.is_multiple_of(10) { "" } else { d(n % 10) }
        ),
    }
}

/// Find the legal move a Japanese move text names. `kif_from` is the `(77)` origin if given.
fn resolve(
    pos: &mut Position,
    text: &str,
    prev: Option<Cell>,
    number: usize,
) -> Result<Move, KifError> {
    let v = pos.variant();
    let syntax = |why| KifError::Syntax {
        number,
        text: text.to_string(),
        why,
    };
    let mut s = text.trim();
    // player marks
    for mark in ['▲', '△', '☗', '☖', '+', '-'] {
        s = s.strip_prefix(mark).unwrap_or(s);
    }
    let to = if let Some(rest) = s.strip_prefix('同') {
        s = rest.trim_start_matches(['　', ' ']);
        prev.ok_or_else(|| syntax(MoveFault::NoPrevious))?
    } else {
        let (c, used) = read_square(v, s).ok_or_else(|| syntax(MoveFault::NoDestination))?;
        s = &s[used..];
        c
    };
    let (kind, used) = read_piece(v, s).ok_or_else(|| syntax(MoveFault::NoPiece))?;
    s = &s[used..];
    // origin (KIF)
    let mut from = None;
    if let Some(open) = s.find('(') {
        let inner = s[open + 1..].trim_end_matches(')');
        let digits: Vec<u8> = inner
            .chars()
            .filter_map(|c| c.to_digit(10))
            .map(|d| d as u8)
            .collect();
        if digits.len() != 2 {
            return Err(syntax(MoveFault::BadOrigin));
        }
        from = Some(
            v.cell_at(digits[0], digits[1].wrapping_sub(1))
                .ok_or_else(|| syntax(MoveFault::OriginOffBoard))?,
        );
        s = &s[..open];
    }
    let s = s.trim();
    let (promote, s) = if let Some(r) = s.strip_suffix("不成") {
        (Some(false), r)
    } else if let Some(r) = s.strip_suffix("生") {
        (Some(false), r)
    } else if let Some(r) = s.strip_suffix('成') {
        (Some(true), r)
    } else {
        (None, s)
    };
    let (drop, modifiers) = match s.strip_suffix('打') {
        Some(r) => (true, r),
        None => (false, s),
    };
    if let Some(from) = from {
        if pos.piece(from).is_empty() || pos.piece(from).kind() != kind {
            return Err(syntax(MoveFault::OriginDiffers));
        }
        let mv = Move::Board {
            from,
            to,
            promote: promote.unwrap_or(false),
        };
        pos.validate(mv).map_err(|error| KifError::Illegal {
            number,
            text: text.to_string(),
            error,
        })?;
        return Ok(mv);
    }
    let legal = pos.legal_moves();
    let candidates: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|&m| m.to() == Some(to))
        .filter(|&m| match m {
            Move::Double { .. } | Move::Pass => false,
            Move::Drop { kind: k, .. } => k == kind && modifiers.is_empty(),
            Move::Board {
                from, promote: p, ..
            } => !drop && pos.piece(from).kind() == kind && p == promote.unwrap_or(false),
        })
        .collect();
    let chosen: Vec<Move> = if candidates.len() <= 1 {
        candidates
    } else {
        // prefer a board move over a drop unless 打 was written
        let pool: Vec<Move> = candidates
            .iter()
            .copied()
            .filter(|m| matches!(m, Move::Drop { .. }) == drop)
            .collect();
        if pool.len() <= 1 {
            pool
        } else {
            pool.into_iter()
                .filter(|&m| {
                    let mut p2 = pos.clone();
                    modifier(&mut p2, m) == modifiers
                })
                .collect()
        }
    };
    match chosen.as_slice() {
        [m] => Ok(*m),
        [] => {
            // not legal: name the rule if a drop or single board move was meant
            if drop || pos.hand(pos.turn(), kind) > 0 && kind.index() < HAND_KINDS {
                let mv = Move::Drop { kind, to };
                if let Err(error) = pos.validate(mv) {
                    return Err(KifError::Illegal {
                        number,
                        text: text.to_string(),
                        error,
                    });
                }
            }
            Err(KifError::Illegal {
                number,
                text: text.to_string(),
                error: IllegalMove::CannotMoveThere,
            })
        }
        _ => Err(syntax(MoveFault::Ambiguous)),
    }
}

/// Read a KIF record of `game` (UTF-8 or Shift_JIS bytes): shogi, or 66 shogi, whose records
/// start from a board diagram with the pieces to place in hand and write the placements as
/// drops, `３六玉打`.
///
/// # Errors
/// [`KifError`] naming the line or move that is wrong.
pub fn read_kif(game: GameId, bytes: &[u8]) -> Result<Record, KifError> {
    read(game, bytes, Style::Kif)
}

/// Read a KI2 record of `game` (UTF-8 or Shift_JIS bytes).
///
/// # Errors
/// [`KifError`] naming the line or move that is wrong.
pub fn read_ki2(game: GameId, bytes: &[u8]) -> Result<Record, KifError> {
    read(game, bytes, Style::Ki2)
}

fn read(game: GameId, bytes: &[u8], style: Style) -> Result<Record, KifError> {
    let text = decode(bytes)?;
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim_end_matches('\r')))
        .filter(|(_, l)| !l.starts_with(['#', '*', '&']))
        .collect();
    // the header part ends at the first move line
    let is_move_line = |l: &str| match style {
        Style::Kif => {
            let t = l.trim_start();
            t.chars().next().is_some_and(|c| c.is_ascii_digit())
        }
        Style::Ki2 => l.trim_start().starts_with(['▲', '△', '☗', '☖']),
    };
    let first_move = lines
        .iter()
        .position(|(_, l)| is_move_line(l))
        .unwrap_or(lines.len());
    let head = &lines[..first_move];
    let start = read_start(game, head)?;
    let mut headers = Vec::new();
    for &(_, l) in head {
        if let Some((k, val)) = l.split_once('：')
            && let Some(h) = clean_header(k, val)
        {
            headers.push(h);
        }
    }
    let mut pos = start.clone();
    // the line being read: the main line, then each variation with its moves from the start
    let mut moves = Vec::new();
    let mut main: Option<Vec<Move>> = None;
    let mut variations: Vec<Variation> = Vec::new();
    let mut ending = None;
    let mut prev = None;
    // past an ending word: skip to the next variation
    let mut ended = false;
    for &(number, l) in &lines[first_move..] {
        if let Some(rest) = l.trim_start().strip_prefix("変化") {
            let ply: usize = rest
                .trim_start_matches(['：', ':'])
                .trim()
                .trim_end_matches('手')
                .trim()
                .parse()
                .map_err(|_| KifError::Variation {
                    line: number,
                    why: VariationFault::NoNumber(l.to_string()),
                })?;
            if ply == 0 || ply > moves.len() + 1 {
                return Err(KifError::Variation {
                    line: number,
                    why: VariationFault::Beyond {
                        ply,
                        moves: moves.len(),
                    },
                });
            }
            if main.is_none() {
                main = Some(moves.clone());
            }
            moves.truncate(ply - 1);
            pos = start.clone();
            for &m in &moves {
                pos.play_unchecked(m);
            }
            prev = moves.last().and_then(|m: &Move| m.to());
            variations.push(Variation {
                ply,
                moves: Vec::new(),
            });
            ended = false;
            continue;
        }
        if ended {
            continue;
        }
        let tokens: Vec<String> = match style {
            Style::Kif => {
                let t = l.trim_start();
                let rest = t
                    .trim_start_matches(|c: char| c.is_ascii_digit())
                    .trim_start();
                if rest.len() == t.len() {
                    continue;
                }
                // drop the time column "( 0:01/00:00:01)" and anything after the move
                let mv = rest.split([' ', '\t']).next().unwrap_or("");
                vec![mv.trim_end_matches('+').to_string()]
            }
            Style::Ki2 => {
                if l.starts_with("まで") {
                    if main.is_none() {
                        ending = Ending::ALL
                            .into_iter()
                            .find(|e| l.contains(e.kif()))
                            .or(l.contains("勝ち").then_some(Ending::Resign));
                    }
                    ended = true;
                    continue;
                }
                split_ki2(l)
                    .into_iter()
                    .filter(|t| t.starts_with(['▲', '△', '☗', '☖']))
                    .collect()
            }
        };
        for tok in tokens {
            if tok.is_empty() {
                continue;
            }
            let word = tok.trim_start_matches(['▲', '△', '☗', '☖']);
            if let Some(e) = Ending::from_kif(word) {
                if main.is_none() {
                    ending = Some(e);
                }
                ended = true;
                break;
            }
            let number = moves.len() + 1;
            let mv = resolve(&mut pos, &tok, prev, number)?;
            pos.play_unchecked(mv);
            prev = mv.to();
            moves.push(mv);
            if let Some(v) = variations.last_mut()
                && main.is_some()
            {
                v.moves.push(mv);
            }
        }
    }
    Ok(Record {
        headers,
        start,
        moves: main.unwrap_or(moves),
        ending,
        variations,
    })
}

/// A header worth keeping: a key of printable text without a colon that cannot be taken for a
/// move, a board line or a hand; control characters and byte-order marks are dropped from the
/// value.
fn clean_header(k: &str, v: &str) -> Option<(String, String)> {
    // a key with control characters or a colon in it is no header the reader knows, and written
    // back it could read as one (`手合割\0:` would come back as `手合割:`): such lines are left out
    if k.trim_start_matches('\u{feff}')
        .chars()
        .any(|c| c.is_control() || c == ':')
    {
        return None;
    }
    let clean = |s: &str| -> String {
        s.chars()
            .filter(|c| !c.is_control() && *c != '\u{feff}')
            .collect::<String>()
            .trim()
            .to_string()
    };
    let (k, v) = (clean(k), clean(v));
    let looks_like_a_move = k.starts_with(['▲', '△', '☗', '☖', '|', '+', '#', '*', '&'])
        || k.chars().next().is_some_and(|c| c.is_ascii_digit());
    if k.is_empty() || looks_like_a_move || k.contains("持駒") || k.starts_with("手数") {
        return None;
    }
    Some((k, v))
}

/// KI2 lines hold several moves: split before each player mark.
fn split_ki2(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    for ch in line.chars() {
        if matches!(ch, '▲' | '△' | '☗' | '☖') && !cur.trim().is_empty() {
            out.push(cur.trim().to_string());
            cur.clear();
        }
        if ch.is_whitespace() || ch == '　' {
            continue;
        }
        cur.push(ch);
    }
    if !cur.trim().is_empty() {
        out.push(cur.trim().to_string());
    }
    out
}

fn write_header(r: &Record, out: &mut String) {
    let v = r.start.variant();
    for (k, val) in &r.headers {
        if k != "手合割" {
            out.push_str(&format!("{k}：{val}\n"));
        }
    }
    if let Some(h) = handicaps::SHOGI_HANDICAPS
        .iter()
        .find(|h| h.position() == r.start)
    {
        out.push_str(&format!("手合割：{}\n", h.kif));
        return;
    }
    // a board diagram
    let hand = |p: Player| {
        let items: Vec<String> = v
            .hand_order
            .iter()
            .filter(|&&k| r.start.hand(p, k) > 0)
            .map(|&k| {
                let n = r.start.hand(p, k);
                if n == 1 {
                    kind_name(v, k).to_string()
                } else {
                    format!("{}{}", kind_name(v, k), number_kanji(n))
                }
            })
            .collect();
        if items.is_empty() {
            "なし".to_string()
        } else {
            items.join("　") + "　"
        }
    };
    let (width, height) = v.dims();
    let rule = format!("+{}+\n", "-".repeat(3 * width as usize));
    out.push_str(&format!("後手の持駒：{}\n", hand(Player::SECOND)));
    out.push(' ');
    for file in (1..=width).rev() {
        out.push(' ');
        out.push(ZEN_DIGITS[(file - 1) as usize]);
    }
    out.push('\n');
    out.push_str(&rule);
    for rank in 0..height {
        out.push('|');
        for file in (1..=width).rev() {
            let Some(c) = v.cell_at(file, rank) else {
                continue;
            };
            let p = r.start.piece(c);
            if p.is_empty() {
                out.push_str(" ・");
            } else {
                out.push(if p.owner() == Player::FIRST { ' ' } else { 'v' });
                out.push_str(v.kind(p.kind()).kanji);
            }
        }
        out.push_str(&format!("|{}\n", KANJI_DIGITS[rank as usize]));
    }
    out.push_str(&rule);
    out.push_str(&format!("先手の持駒：{}\n", hand(Player::FIRST)));
    if r.start.turn() == Player::SECOND {
        out.push_str("後手番\n");
    }
}

/// Write a record as KIF (UTF-8).
pub fn write_kif(r: &Record) -> String {
    let mut out = String::from("#KIF version=2.0 encoding=UTF-8\n");
    write_header(r, &mut out);
    out.push_str("手数----指手---------消費時間--\n");
    write_lines(r, Style::Kif, &mut out, |out, m| {
        // `+`: the move has a variation listed below
        let branch = if m.branches { "+" } else { "" };
        out.push_str(&format!("{:>4} {}{branch}\n", m.ply, m.name));
    });
    if let Some(e) = r.ending {
        // (after the main line, before the variations)
        let at = out.find("\n変化：").unwrap_or(out.len());
        out.insert_str(at, &format!("{:>4} {}\n", r.moves.len() + 1, e.kif()));
    }
    out
}

/// A move as the writers lay it out.
struct Written<'a> {
    /// Its number (1: the game's first move).
    ply: usize,
    /// Its name in the style asked for.
    name: &'a str,
    /// The side that made it.
    mover: Player,
    /// Its place in its line (0: the line's first).
    index: usize,
    /// Whether a variation listed below branches at it.
    branches: bool,
}

/// Every line of `r` into `out`, the main line then each variation under its `変化：N手`, each
/// move by `write`.
fn write_lines(
    r: &Record,
    style: Style,
    out: &mut String,
    mut write: impl FnMut(&mut String, Written),
) {
    let lines = lines_of(r);
    for (n, (prefix, line)) in lines.iter().enumerate() {
        if n > 0 {
            out.push_str(&format!("\n変化：{}手\n", prefix.len() + 1));
        }
        let mut pos = r.start.clone();
        for &m in prefix.iter() {
            pos.play_unchecked(m);
        }
        let mut prev = prefix.last().and_then(|m| m.to());
        for (i, &m) in line.iter().enumerate() {
            let ply = prefix.len() + i + 1;
            let mover = pos.turn();
            let name = move_name(&mut pos, m, prev, style);
            let branches = lines[n + 1..].iter().any(|(p, _)| p.len() + 1 == ply);
            write(
                out,
                Written {
                    ply,
                    name: &name,
                    mover,
                    index: i,
                    branches,
                },
            );
            pos.play_unchecked(m);
            prev = m.to();
        }
        if style == Style::Ki2 && !out.ends_with('\n') {
            out.push('\n');
        }
    }
}

/// The record's lines in order: the main line, then each variation, each with the moves
/// before it (the line it branches from, up to its first move).
fn lines_of(r: &Record) -> Vec<(Vec<Move>, Vec<Move>)> {
    let mut out = vec![(Vec::new(), r.moves.clone())];
    let mut last = r.moves.clone();
    for v in &r.variations {
        let prefix: Vec<Move> = last.iter().take(v.ply.saturating_sub(1)).copied().collect();
        last = prefix.iter().chain(&v.moves).copied().collect();
        out.push((prefix, v.moves.clone()));
    }
    out
}

/// Write a record as KI2 (UTF-8).
pub fn write_ki2(r: &Record) -> String {
    let mut out = String::new();
    write_header(r, &mut out);
    write_lines(r, Style::Ki2, &mut out, |out, m| {
        out.push(if m.mover == Player::FIRST {
            '▲'
        } else {
            '△'
        });
        out.push_str(m.name);
        out.push(if m.index % 6 == 5 { '\n' } else { ' ' });
    });
    if let Some(e) = r.ending {
        let at = out.find("\n変化：").unwrap_or(out.len());
        out.insert_str(at, &format!("まで{}手で{}\n", r.moves.len(), e.kif()));
    }
    out
}

/// The Japanese name of a move (KI2 style, with modifiers), for move lists.
pub fn japanese_move(pos: &mut Position, mv: Move, prev: Option<Cell>) -> String {
    let mark = if pos.turn() == Player::FIRST {
        '▲'
    } else {
        '△'
    };
    format!("{mark}{}", move_name(pos, mv, prev, Style::Ki2))
}
