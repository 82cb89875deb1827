//! SFEN positions and USI moves for the square-board games.
//!
//! SFEN is `board side hands move-number`: ranks from `a` (gote's side) down, each from the
//! highest file, upper case for sente, `+` before a promoted piece, digits for empty runs (two
//! digits on 12x12 boards, as lishogi writes chu); side `b` (sente) or `w`; hands as counts and
//! letters in the order rook, bishop, gold, silver, knight, lance, pawn, sente's first, or `-`.
//! Minishogi follows lishogi and Fairy-Stockfish: the same letters on a 5x5 board.
//!
//! Chu shogi (lishogi's SFEN): the hands field holds the square where a non-lion took a lion on
//! the last move (for the counter-strike rule), or `-`.
//!
//! 66 shogi: the start holds king, rook, bishop, gold, silver, knight and lance in hand
//! (`6/pppppp/6/6/PPPPPP/6 b KRBGSNLkrbgsnl 1`, the king written first). A position is in the
//! placement phase when a first rank still has an empty cell, every piece stands unpromoted on
//! its owner's first two ranks, and the hands hold no pawn and at most one of each kind; every
//! position of play fails one of these, since play begins with both first ranks full and the
//! first move takes a piece off them for good.
//!
//! USI moves name squares by file number and rank letter (`7g`, chu `12a`): `7g7f`, `8h2b+`,
//! `P*5e`.

use crate::geometry::Cell;
use crate::moves::Move;
use crate::piece::{Piece, Player};
use crate::position::Position;
use crate::position::setup::{PositionError, Setup};
use crate::variant::{GameId, HAND_KINDS, Variant};

/// What is wrong with an SFEN text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SfenError {
    /// The text is empty.
    #[error("the SFEN is empty")]
    Empty,
    /// The board has the wrong number of ranks.
    #[error("the board has {found} ranks; {game} has {expected}")]
    RankCount {
        /// The game.
        game: GameId,
        /// Ranks found.
        found: usize,
        /// Ranks needed.
        expected: usize,
    },
    /// A rank has the wrong number of squares.
    #[error("rank {rank} has {found} squares; it needs {expected}")]
    RankLength {
        /// Rank letter.
        rank: char,
        /// Squares found.
        found: usize,
        /// Squares needed.
        expected: usize,
    },
    /// A letter names no piece of this game.
    #[error("{letter:?} in rank {rank} is not a piece of {game}")]
    UnknownPiece {
        /// The game.
        game: GameId,
        /// Rank letter.
        rank: char,
        /// The unknown letter.
        letter: String,
    },
    /// The side to move is not `b` or `w`.
    #[error("side to move {0:?} must be b (sente) or w (gote)")]
    Side(String),
    /// The side to move is missing.
    #[error("the side to move is missing (b or w after the board)")]
    MissingSide,
    /// The hand field cannot be read.
    #[error("hand {hand:?}: {why}")]
    Hand {
        /// The field.
        hand: String,
        /// What is wrong.
        why: HandFault,
    },
    /// The move number is not a positive number.
    #[error("move number {0:?} is not a positive number")]
    MoveNumber(String),
    /// More fields than SFEN has.
    #[error("unexpected text after the move number: {0:?}")]
    Trailing(String),
    /// What the text describes is not a position of the game (two kings, a dead piece, too
    /// many pieces of a kind...).
    #[error(transparent)]
    Setup(#[from] PositionError),
    /// The game has no SFEN form (the hex game has its own notation).
    #[error("{0} positions are not written in SFEN")]
    NotSquare(GameId),
}

/// Read an SFEN position of `game`. A missing move number means 1; a missing hand means none.
///
/// # Errors
/// [`SfenError`] naming the first thing that is wrong.
pub fn from_sfen(game: GameId, text: &str) -> Result<Position, SfenError> {
    let v = Variant::get(game);
    if crate::games::rules(game).capabilities().notation != crate::games::Notation::Sfen {
        return Err(SfenError::NotSquare(game));
    }
    let text = text.trim();
    let text = text.strip_prefix("sfen ").unwrap_or(text).trim();
    let mut fields = text.split_whitespace();
    let board = fields.next().ok_or(SfenError::Empty)?;
    let (width, height) = v.dims();
    let mut setup = Setup::empty(game);
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != height as usize {
        return Err(SfenError::RankCount {
            game,
            found: ranks.len(),
            expected: height as usize,
        });
    }
    for (y, rank) in ranks.iter().enumerate() {
        let rank_letter = (b'a' + y as u8) as char;
        let mut x = 0usize;
        let mut chars = rank.chars().peekable();
        let mut promoted = false;
        while let Some(ch) = chars.next() {
            if let Some(d) = ch.to_digit(10) {
                if promoted {
                    return Err(SfenError::UnknownPiece {
                        game,
                        rank: rank_letter,
                        letter: format!("+{ch}"),
                    });
                }
                let mut n = d as usize;
                if let Some(d2) = chars.peek().and_then(|c| c.to_digit(10)) {
                    n = n * 10 + d2 as usize;
                    chars.next();
                }
                x += n;
                continue;
            }
            if ch == '+' {
                if promoted {
                    return Err(SfenError::UnknownPiece {
                        game,
                        rank: rank_letter,
                        letter: "++".into(),
                    });
                }
                promoted = true;
                continue;
            }
            let kind = v
                .kind_by_letter(ch.to_ascii_uppercase(), promoted)
                .filter(|&k| v.has_kind(k))
                .ok_or_else(|| SfenError::UnknownPiece {
                    game,
                    rank: rank_letter,
                    letter: if promoted {
                        format!("+{ch}")
                    } else {
                        ch.to_string()
                    },
                })?;
            promoted = false;
            let owner = if ch.is_ascii_uppercase() {
                Player::FIRST
            } else {
                Player::SECOND
            };
            if x >= width as usize {
                x += 1;
                continue;
            }
            let cell = Cell((y * width as usize + x) as u8);
            setup.put(cell, Piece::new(owner, kind));
            x += 1;
        }
        if promoted {
            return Err(SfenError::UnknownPiece {
                game,
                rank: rank_letter,
                letter: "+".into(),
            });
        }
        if x != width as usize {
            return Err(SfenError::RankLength {
                rank: rank_letter,
                found: x,
                expected: width as usize,
            });
        }
    }
    match fields.next() {
        Some("b") => {}
        Some("w") => setup.turn = Player::SECOND,
        Some(other) => return Err(SfenError::Side(other.to_string())),
        None => return Err(SfenError::MissingSide),
    }
    if let Some(hand) = fields.next() {
        if crate::games::rules(game).capabilities().lion_moves {
            // lishogi writes chu's last lion capture here
            if hand != "-" {
                let c = parse_square(v, hand).map_err(|_| SfenError::Hand {
                    hand: hand.to_string(),
                    why: HandFault::LionField,
                })?;
                setup.lion_capture = Some(c);
            }
        } else {
            parse_hand(v, &mut setup, hand)?;
        }
    }
    if let Some(n) = fields.next() {
        let n: u32 = n
            .parse()
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(|| SfenError::MoveNumber(n.to_string()))?;
        setup.move_number = n;
    }
    if let Some(extra) = fields.next() {
        return Err(SfenError::Trailing(extra.to_string()));
    }
    Ok(setup.into_position()?)
}

fn parse_hand(v: &Variant, setup: &mut Setup, hand: &str) -> Result<(), SfenError> {
    if hand == "-" {
        return Ok(());
    }
    let err = |why| SfenError::Hand {
        hand: hand.to_string(),
        why,
    };
    if !v.drops {
        return Err(err(HandFault::NoHands));
    }
    let mut count: Option<u32> = None;
    for ch in hand.chars() {
        if let Some(d) = ch.to_digit(10) {
            let c = count.unwrap_or(0) * 10 + d;
            if c > 40 {
                return Err(err(HandFault::TooLarge));
            }
            count = Some(c);
            continue;
        }
        let kind = v
            .kind_by_letter(ch.to_ascii_uppercase(), false)
            .filter(|&k| {
                v.has_kind(k)
                    && k.index() < HAND_KINDS
                    && (!v.kind(k).royal || crate::games::rules(v.id).capabilities().placement)
            })
            .ok_or_else(|| err(HandFault::NotHeld))?;
        let owner = if ch.is_ascii_uppercase() {
            Player::FIRST
        } else {
            Player::SECOND
        };
        let n = count.take().unwrap_or(1);
        if n == 0 {
            return Err(err(HandFault::Zero));
        }
        let total = setup.hand(owner, kind) as u32 + n;
        if total > 40 {
            return Err(err(HandFault::TooLarge));
        }
        setup.add_to_hand(owner, kind, n as u8);
    }
    if count.is_some() {
        return Err(err(HandFault::EndsWithNumber));
    }
    Ok(())
}

/// Write a position as SFEN.
pub fn to_sfen(pos: &Position) -> String {
    let v = pos.variant();
    let (width, height) = v.dims();
    let mut s = String::new();
    for y in 0..height {
        if y > 0 {
            s.push('/');
        }
        let mut empty = 0;
        for x in 0..width {
            let p = pos.piece(Cell(y * width + x));
            if p.is_empty() {
                empty += 1;
                continue;
            }
            if empty > 0 {
                s += &empty.to_string();
                empty = 0;
            }
            s.push_str(&piece_letters(v, p));
        }
        if empty > 0 {
            s += &empty.to_string();
        }
    }
    s.push(' ');
    s.push(if pos.turn() == Player::FIRST {
        'b'
    } else {
        'w'
    });
    s.push(' ');
    let mut hand = String::new();
    for owner in [Player::FIRST, Player::SECOND] {
        for &k in &v.hand_order {
            let n = pos.hand(owner, k);
            if n == 0 {
                continue;
            }
            if n > 1 {
                hand += &n.to_string();
            }
            let l = v.kind(k).letter;
            hand.push(if owner == Player::FIRST {
                l
            } else {
                l.to_ascii_lowercase()
            });
        }
    }
    if let Some(c) = pos.lion_capture() {
        hand = square_name(v, c);
    }
    if hand.is_empty() {
        hand.push('-');
    }
    s += &hand;
    s.push(' ');
    s += &pos.move_number().to_string();
    s
}

/// A piece as SFEN writes it: `P`, `+p`.
pub fn piece_letters(v: &Variant, p: Piece) -> String {
    let info = v.kind(p.kind());
    let l = if p.owner() == Player::FIRST {
        info.letter
    } else {
        info.letter.to_ascii_lowercase()
    };
    if info.is_promoted() {
        format!("+{l}")
    } else {
        l.to_string()
    }
}

/// A square's USI name: file number, rank letter (`7g`).
pub fn square_name(v: &Variant, cell: Cell) -> String {
    v.cell_name(cell)
}

/// What is wrong with an SFEN hand field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HandFault {
    /// A game without drops given pieces in hand.
    #[error("this game has no hands")]
    NoHands,
    /// Chu shogi's field is a square (the last lion capture), and this is none.
    #[error("chu shogi has no hands: this field is the last lion capture square")]
    LionField,
    /// More than 40 of a piece.
    #[error("a count is too large")]
    TooLarge,
    /// A letter of no piece that can be held.
    #[error("a letter is not a piece that can be held")]
    NotHeld,
    /// A count of zero.
    #[error("a count is zero")]
    Zero,
    /// A count with no piece after it.
    #[error("it ends with a number")]
    EndsWithNumber,
}

/// What is wrong with a USI move text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UsiError {
    /// Not of the form `7g7f`, `7g7f+`, `P*5e` or (chu) `7g6f5e`.
    #[error("{0:?} is not a USI move (like 7g7f, 8h2b+, P*5e, or a chu double move 7g6f5e)")]
    Syntax(String),
    /// A square outside the board.
    #[error("{square:?} is not a square of {game}")]
    Square {
        /// The game.
        game: GameId,
        /// The square text.
        square: String,
    },
    /// A drop of a piece that cannot be held.
    #[error("{0:?} is not a piece that can be dropped")]
    DropPiece(String),
}

/// Read a square name (`7g`, `12a`).
///
/// # Errors
/// [`UsiError::Square`] when it is not a square of the game.
pub fn parse_square(v: &Variant, s: &str) -> Result<Cell, UsiError> {
    let bad = || UsiError::Square {
        game: v.id,
        square: s.to_string(),
    };
    let digits = s.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 2 || s.len() != digits + 1 {
        return Err(bad());
    }
    let file: u8 = s[..digits].parse().map_err(|_| bad())?;
    let r = s.as_bytes()[digits];
    if !r.is_ascii_lowercase() {
        return Err(bad());
    }
    v.cell_at(file, r - b'a').ok_or_else(bad)
}

/// Read a USI move. The move is not checked against a position.
///
/// # Errors
/// [`UsiError`] naming what is wrong.
pub fn parse_usi(v: &Variant, text: &str) -> Result<Move, UsiError> {
    let text = text.trim();
    if !text.is_ascii() {
        return Err(UsiError::Syntax(text.to_string()));
    }
    let lion_moves = crate::games::rules(v.id).capabilities().lion_moves;
    if text == "pass" && lion_moves {
        return Ok(Move::Pass);
    }
    if let Some((piece, sq)) = text.split_once('*') {
        let mut cs = piece.chars();
        let (Some(l), None) = (cs.next(), cs.next()) else {
            return Err(UsiError::DropPiece(piece.to_string()));
        };
        let kind = v
            .kind_by_letter(l.to_ascii_uppercase(), false)
            .filter(|&k| {
                v.has_kind(k)
                    && k.index() < HAND_KINDS
                    && (!v.kind(k).royal || crate::games::rules(v.id).capabilities().placement)
            })
            .ok_or_else(|| UsiError::DropPiece(piece.to_string()))?;
        let to = parse_square(v, sq)?;
        return Ok(Move::Drop { kind, to });
    }
    let (body, promote) = match text.strip_suffix('+') {
        Some(b) => (b, true),
        None => (text, false),
    };
    // split into squares: each is digits then a letter (three for a chu double move)
    let mut squares = Vec::new();
    let mut start = 0;
    for (i, b) in body.bytes().enumerate() {
        if b.is_ascii_lowercase() {
            squares.push(parse_square(v, &body[start..=i])?);
            start = i + 1;
        }
    }
    if start != body.len() {
        return Err(UsiError::Syntax(text.to_string()));
    }
    match squares.as_slice() {
        [from, to] => Ok(Move::Board {
            from: *from,
            to: *to,
            promote,
        }),
        [from, mid, to] if lion_moves && !promote => Ok(Move::Double {
            from: *from,
            mid: *mid,
            to: *to,
        }),
        _ => Err(UsiError::Syntax(text.to_string())),
    }
}

/// Write a move in USI.
pub fn to_usi(v: &Variant, mv: Move) -> String {
    match mv {
        Move::Board { from, to, promote } => format!(
            "{}{}{}",
            square_name(v, from),
            square_name(v, to),
            if promote { "+" } else { "" }
        ),
        Move::Drop { kind, to } => format!("{}*{}", v.kind(kind).letter, square_name(v, to)),
        Move::Pass => "pass".to_string(),
        Move::Double { from, mid, to } => format!(
            "{}{}{}",
            square_name(v, from),
            square_name(v, mid),
            square_name(v, to)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::Player;
    use crate::position::setup::{SetupError, Side};

    /// The starts built from each game's data are the published ones.
    #[test]
    fn start_positions_are_the_published_ones() {
        for (g, sfen) in [
            (
                GameId::Shogi,
                "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            ),
            (GameId::Minishogi, "rbsgk/4p/5/P4/KGSBR b - 1"),
            (GameId::Shogi66, "6/pppppp/6/6/PPPPPP/6 b KRBGSNLkrbgsnl 1"),
            (
                GameId::Chushogi,
                "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1",
            ),
        ] {
            let start = Position::start(g);
            assert_eq!(to_sfen(&start), sfen, "{g}");
            let read = from_sfen(g, sfen).unwrap();
            assert_eq!(read, start, "{g}");
            assert_eq!(read.hash(), start.hash(), "{g}");
            assert_eq!(read.is_placing(), start.is_placing(), "{g}");
        }
    }

    #[test]
    fn perft_positions_round_trip() {
        for s in [
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
            "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
            "7lk/9/8S/9/9/9/9/7L1/8K b P 1",
        ] {
            let p = from_sfen(GameId::Shogi, s).unwrap();
            let again = from_sfen(GameId::Shogi, &to_sfen(&p)).unwrap();
            assert_eq!(again, p);
            assert_eq!(to_sfen(&again), to_sfen(&p));
        }
    }

    #[test]
    fn bad_sfen_names_the_problem() {
        let g = GameId::Shogi;
        let e = |s| from_sfen(g, s).unwrap_err();
        assert_eq!(e(""), SfenError::Empty);
        assert!(matches!(
            e("9/9 b - 1"),
            SfenError::RankCount { found: 2, .. }
        ));
        assert!(matches!(
            e("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN b - 1"),
            SfenError::RankLength { rank: 'i', .. }
        ));
        assert!(matches!(
            e("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNX b - 1"),
            SfenError::UnknownPiece { .. }
        ));
        assert!(matches!(
            e("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1"),
            SfenError::Side(_)
        ));
        assert!(matches!(
            e("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 3 1"),
            SfenError::Hand { .. }
        ));
        assert!(matches!(
            e("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b K 1"),
            SfenError::Hand { .. }
        ));
        assert!(matches!(
            e("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 0"),
            SfenError::MoveNumber(_)
        ));
        assert!(matches!(
            e("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL"),
            SfenError::MissingSide
        ));
        let faults = |e: SfenError| match e {
            SfenError::Setup(p) => p.faults().to_vec(),
            e => panic!("not a setup fault: {e}"),
        };
        assert!(matches!(
            faults(e("P8/9/9/9/9/9/9/9/k7K b - 1"))[..],
            [SetupError::DeadPiece { .. }]
        ));
        assert!(matches!(
            faults(e("K8/9/9/9/9/9/9/9/k7K b - 1"))[..],
            [SetupError::TwoKings { side }] if side == Side::new(GameId::Shogi, Player(0))
        ));
        // every fault at once, the setup handed back
        let both = e("P7K/9/9/9/9/9/9/9/k7K b - 1");
        assert_eq!(
            both.to_string(),
            "the piece on 9a can never move from there; sente has more than one king"
        );
        let SfenError::Setup(p) = both else {
            panic!("a setup fault");
        };
        assert_eq!(p.faults().len(), 2);
        assert_eq!(p.into_setup().game, GameId::Shogi);
        // 二歩 on the board, each file once per side
        assert_eq!(
            faults(e("4k4/9/4p4/9/9/4P4/4P4/4P4/4K4 b - 1")),
            [SetupError::TwoPawns {
                side: Side::new(GameId::Shogi, Player(0)),
                file: 5
            }]
        );
        // the side not to move in check (sente could take the king), found once the setup
        // has no other fault
        assert_eq!(
            faults(e("4k4/9/9/9/4R4/9/9/9/4K4 b - 1")),
            [SetupError::NotToMoveInCheck {
                side: Side::new(GameId::Shogi, Player(1))
            }]
        );
        assert!(from_sfen(GameId::Shogi, "4k4/9/9/9/4R4/9/9/9/4K4 w - 1").is_ok());
        assert_eq!(
            faults(from_sfen(GameId::Minishogi, "k4/5/P4/P4/4K b - 1").unwrap_err()),
            [SetupError::TwoPawns {
                side: Side::new(GameId::Minishogi, Player(0)),
                file: 5
            }]
        );
        assert!(matches!(
            from_sfen(GameId::Minishogi, "rbsgk/4p/5/P4/KGSBN b - 1").unwrap_err(),
            SfenError::UnknownPiece { .. }
        ));
        assert!(matches!(
            from_sfen(GameId::Minishogi, "rbsgk/4p/5/P4/KGSBR b N 1").unwrap_err(),
            SfenError::Hand { .. }
        ));
        // more pieces than the game has (found by the fuzzer: hands past 255 wrapped)
        assert!(matches!(
            faults(from_sfen(GameId::Minishogi, "4k/5/5/5/4K b 3R 1").unwrap_err())[..],
            [SetupError::TooMany {
                letter: 'R',
                found: 3,
                max: 2,
                ..
            }]
        ));
        assert!(matches!(
            faults(e("4k4/9/9/9/9/9/9/9/4K4 b 19P 1"))[..],
            [SetupError::TooMany {
                letter: 'P',
                found: 19,
                ..
            }]
        ));
        assert!(matches!(
            e("4k4/9/9/9/9/9/9/9/4K4 b 30R30R30R30R30R30R30R30R30R 1"),
            SfenError::Hand { .. }
        ));
        assert!(from_sfen(g, "4k4/9/9/9/9/9/9/9/4K4 b 2R2B4G4S4N4L18P 1").is_ok());
    }

    #[test]
    fn usi_moves_read_and_write() {
        let v = Variant::get(GameId::Shogi);
        for s in ["7g7f", "8h2b+", "P*5e", "1a1b"] {
            let m = parse_usi(v, s).unwrap();
            assert_eq!(to_usi(v, m), s);
        }
        assert!(parse_usi(v, "7g7").is_err());
        assert!(parse_usi(v, "0a1a").is_err());
        assert!(parse_usi(v, "K*5e").is_err());
        assert!(parse_usi(v, "7j7f").is_err());
        assert!(parse_usi(v, "").is_err());
        assert!(parse_usi(v, "７六").is_err());
        let m = Variant::get(GameId::Minishogi);
        assert!(parse_usi(m, "5e4d").is_ok());
        assert!(parse_usi(m, "6e4d").is_err());
    }
}
