//! `xboard:<path>` in `koma match`: an engine that speaks the XBoard protocol (version 2),
//! HaChu (`/usr/games/hachu`, Debian's `hachu`) the one it is made for: chu shogi.
//!
//! - **The conversation**: `xboard`, `protover 2` (the engine's `feature` lines read up to
//!   `done=1`), `new`, `variant chu`, `memory 64` and `option Allow repeats=1` when the engine
//!   names them (HaChu searches only once it has been given memory, and without the option it
//!   refuses the repetitions that Koma's referee judges), then `force`: the engine follows the
//!   game move by move (`usermove`, each answered by `ping`/`pong`, so that an `Illegal move`
//!   is caught at the move it refuses), and is asked for a move with `st`, `time`, `otim` and
//!   `go` when it is its turn. `setboard` is not needed: every game starts from the start and
//!   its opening is sent move by move (the engine then knows the positions that repeat).
//! - **Time**: the same milliseconds a move as Koma (`--movetime`), told as `st` (whole
//!   seconds, at least one) and `time`/`otim` (centiseconds); HaChu plans from `time` and may
//!   use less.
//! - **Moves** ([`to_xboard`], [`from_xboard`]): files `a`-`l` from sente's left, ranks 1-12
//!   from sente's side, `+` to promote (HaChu reads any other letter after the squares as a
//!   promotion, and `=` as none); a double move with a capture on the way as two legs
//!   (`f3f4,f4f5`, an igui `f3f4,f4f3`), which HaChu prints on two lines (`move f3f4,` then
//!   `move f4f5`); a lion's pass (jitto) as `@@@@`; a lion's two-step move over an empty
//!   square as one leg. There are no drops in chu.
//! - **The referee** is Koma's rules with lishogi's preset ([`koma_rules::ChuPreset::Lishogi`]).
//!   A move it refuses loses for the engine that made it, but for the corners where HaChu's
//!   rules differ from both of Koma's presets ([`disagreement`]), which end the game as a rules
//!   disagreement, counted apart; so does a move of Koma's that the engine refuses (the referee
//!   took it).

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::Duration;

use koma_rules::variant::chu::{is_lion, kinds};
use koma_rules::{Cell, GameId, IllegalMove, Move, Position};

/// A cell in XBoard's words: file letter from the first player's left, rank number from the
/// first player's side (`a1` is the first player's left corner).
pub fn square_to_xboard(pos: &Position, cell: Cell) -> String {
    let v = pos.variant();
    let (file, rank) = v.file_rank(cell);
    let (width, height) = size(pos);
    format!("{}{}", (b'a' + (width - file)) as char, height - rank)
}

/// The board's width and height.
fn size(pos: &Position) -> (u8, u8) {
    match pos.variant().geometry.shape() {
        koma_rules::Shape::Square { width, height } => (width, height),
        koma_rules::Shape::Hex { .. } => (0, 0),
    }
}

/// The cell at the start of `text` (a letter, then a number) and the bytes it took.
fn read_square(pos: &Position, text: &str) -> Result<(Cell, usize), String> {
    let bytes = text.as_bytes();
    let (width, height) = size(pos);
    let bad = || format!("{text:?}: not a square (a file letter, then a rank number)");
    let letter = *bytes.first().ok_or_else(bad)?;
    if !letter.is_ascii_lowercase() || letter - b'a' >= width {
        return Err(bad());
    }
    let digits = bytes[1..].iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 || digits > 2 {
        return Err(bad());
    }
    let number: u8 = text[1..=digits].parse().map_err(|_| bad())?;
    if number == 0 || number > height {
        return Err(bad());
    }
    let cell = pos
        .variant()
        .cell_at(width - (letter - b'a'), height - number)
        .ok_or_else(bad)?;
    Ok((cell, 1 + digits))
}

/// `mv` in XBoard's words, in `pos` before it is played.
pub fn to_xboard(pos: &Position, mv: Move) -> String {
    let sq = |c| square_to_xboard(pos, c);
    match mv {
        Move::Board { from, to, promote } => {
            format!("{}{}{}", sq(from), sq(to), if promote { "+" } else { "" })
        }
        Move::Double { from, mid, to } if pos.piece(mid).is_empty() => {
            if to == from {
                "@@@@".to_string()
            } else {
                format!("{}{}", sq(from), sq(to))
            }
        }
        Move::Double { from, mid, to } => {
            format!("{}{},{}{}", sq(from), sq(mid), sq(mid), sq(to))
        }
        // (no drops nor passes in a chu game from the start)
        Move::Drop { .. } | Move::Pass => "@@@@".to_string(),
    }
}

/// The move an engine's `text` names in `pos`, as the words say (whether it is legal is the
/// referee's to say): a pass (`@@@@`) is the first lion's pass the rules allow here; one leg
/// that the rules make only as a double move over an empty square (a lion's two-step) is that
/// double move.
///
/// # Errors
/// Words that name no move.
pub fn from_xboard(pos: &Position, text: &str) -> Result<Move, String> {
    let text = text.trim();
    let legal = pos.clone().legal_moves();
    if text == "@@@@" {
        return legal
            .iter()
            .copied()
            .find(|&m| matches!(m, Move::Double { from, mid, to } if from == to && pos.piece(mid).is_empty()))
            .ok_or_else(|| format!("{text}: no piece may pass here"));
    }
    let (from, n) = read_square(pos, text)?;
    let (to, m) = read_square(pos, &text[n..])?;
    let rest = &text[n + m..];
    if let Some(second) = rest.strip_prefix(',') {
        let (again, k) = read_square(pos, second)?;
        let (last, l) = read_square(pos, &second[k..])?;
        if again != to || l + k != second.len() {
            return Err(format!(
                "{text}: a double move's second leg starts where the first ends"
            ));
        }
        return Ok(Move::Double {
            from,
            mid: to,
            to: last,
        });
    }
    let promote = match rest {
        "" | "=" => false,
        "+" => true,
        r if r.len() == 1 && r.as_bytes()[0].is_ascii_alphabetic() => true,
        _ => return Err(format!("{text}: {rest:?} after the squares")),
    };
    let board = Move::Board { from, to, promote };
    if promote || legal.contains(&board) {
        return Ok(board);
    }
    Ok(legal
        .iter()
        .copied()
        .find(|&m| matches!(m, Move::Double { from: f, mid, to: t } if f == from && t == to && t != f && pos.piece(mid).is_empty()))
        .unwrap_or(board))
}

/// Whether the referee's refusal `why` of `mv` in `pos` is one of the corners where HaChu's
/// chu rules differ from both of Koma's presets (a rules disagreement, not a lost game), and
/// which: a protected lion taken from two squares away, a lion taken back at once (the
/// counter-strike rule and its exceptions), a pawn or lance promoting on a later move after it
/// declined, or a pawn or lance on the last rank.
pub fn disagreement(pos: &Position, mv: Move, why: &IllegalMove) -> Option<&'static str> {
    if !pos.rules().capabilities().lion_moves {
        return None;
    }
    let kind = mv
        .from()
        .map(|c| pos.piece(c))
        .filter(|p| !p.is_empty())
        .map(|p| p.kind());
    let pawn_or_lance = kind.is_some_and(|k| k == kinds::PAWN || k == kinds::LANCE);
    match why {
        IllegalMove::LionProtected => Some("a protected lion taken from two squares away"),
        IllegalMove::LionCounterStrike => Some("a lion taken back at once (counter-strike)"),
        IllegalMove::CannotPromote if pawn_or_lance => {
            Some("a pawn or lance promoting after it declined")
        }
        IllegalMove::DeadPiece if pawn_or_lance => Some("a pawn or lance on the last rank"),
        IllegalMove::CannotMoveThere
            if kind.is_some_and(is_lion)
                && mv.to().is_some_and(|t| {
                    let p = pos.piece(t);
                    !p.is_empty() && is_lion(p.kind())
                }) =>
        {
            Some("a lion taking a lion")
        }
        _ => None,
    }
}

/// What the engine answered when asked for a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// Its move, in its words (both legs of a double move joined).
    Move(String),
    /// It claimed a result or resigned (the line it printed).
    Result(String),
}

/// An XBoard engine in a child process.
pub struct Xboard {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
    /// The options and features the engine named.
    features: String,
    /// Moves of the game the engine has been told.
    told: usize,
    pings: u32,
}

/// How long an engine may stay silent beyond its time before it is taken for dead.
const GRACE: Duration = Duration::from_secs(30);

impl Xboard {
    /// Start the engine at `path` for a game of `game` (chu shogi).
    ///
    /// # Errors
    /// A game XBoard engines are not asked to play here, an engine that cannot start or does
    /// not answer `protover 2`.
    pub fn start(path: &str, game: GameId) -> Result<Xboard, String> {
        // (chu shogi: the one game here whose moves XBoard's words are made for)
        if !koma_rules::Description::of(game).can.lion_moves {
            return Err(format!(
                "xboard:{path}: XBoard engines play chu shogi in koma match, not {game}"
            ));
        }
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("xboard:{path}: {e} (HaChu: apt-get install hachu)"))?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            return Err("the engine's pipes".into());
        };
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut x = Xboard {
            child,
            input,
            lines,
            features: String::new(),
            told: 0,
            pings: 0,
        };
        x.send("xboard")?;
        x.send("protover 2")?;
        loop {
            let line = x.line(Duration::from_secs(10))?;
            if line.starts_with("feature") {
                x.features.push_str(&line);
                x.features.push('\n');
                if line.contains("done=1") {
                    break;
                }
            }
        }
        x.send("new")?;
        x.send("variant chu")?;
        if x.features.contains("memory=1") {
            x.send("memory 64")?;
        }
        if x.features.contains("\"Allow repeats") {
            x.send("option Allow repeats=1")?;
        }
        x.send("force")?;
        x.sync()?;
        Ok(x)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|e| format!("to the engine: {e}"))
    }

    /// The engine's next line that is not a comment (`#`).
    fn line(&mut self, wait: Duration) -> Result<String, String> {
        loop {
            let line = match self.lines.recv_timeout(wait) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!("the engine said nothing for {} s", wait.as_secs()));
                }
                Err(RecvTimeoutError::Disconnected) => return Err("the engine ended".into()),
            };
            let line = line.trim().to_string();
            if !line.is_empty() && !line.starts_with('#') {
                return Ok(line);
            }
        }
    }

    /// `ping`, then the lines up to its `pong`: an `Illegal move` or `Error` among them is
    /// returned.
    fn sync(&mut self) -> Result<Option<String>, String> {
        self.pings += 1;
        let n = self.pings;
        self.send(&format!("ping {n}"))?;
        let mut refused = None;
        loop {
            let line = self.line(GRACE)?;
            if line == format!("pong {n}") {
                return Ok(refused);
            }
            if line.starts_with("Illegal move") || line.starts_with("Error") {
                refused.get_or_insert(line);
            }
        }
    }

    /// Tell the engine the game's moves it has not been told (in force mode): `None`, or the
    /// engine's refusal of one (its line, with the move).
    ///
    /// # Errors
    /// An engine that stops answering.
    pub fn follow(&mut self, game: &koma_rules::Game) -> Result<Option<String>, String> {
        let moves = game.moves();
        if moves.len() < self.told {
            return Err("the game went back".into());
        }
        let mut pos = game.start().clone();
        for &m in &moves[..self.told] {
            pos.play_unchecked(m);
        }
        for &m in &moves[self.told..] {
            let text = to_xboard(&pos, m);
            self.send(&format!("usermove {text}"))?;
            if let Some(refused) = self.sync()? {
                return Ok(Some(format!("{refused} (usermove {text})")));
            }
            pos.play_unchecked(m);
            self.told += 1;
        }
        Ok(None)
    }

    /// The engine's move in `game` (told every move before), thinking `movetime` milliseconds,
    /// its opponent's clock at `otim` milliseconds.
    ///
    /// # Errors
    /// An engine that stops answering.
    pub fn think(&mut self, movetime: u64, otim: u64) -> Result<Reply, String> {
        self.send(&format!("st {}", movetime.div_ceil(1000).max(1)))?;
        self.send(&format!("time {}", movetime / 10))?;
        self.send(&format!("otim {}", otim / 10))?;
        self.send("go")?;
        let wait = Duration::from_millis(movetime) * 3 + GRACE;
        let mut legs = String::new();
        let reply = loop {
            let line = self.line(wait)?;
            if let Some(text) = line.strip_prefix("move ") {
                legs.push_str(text.trim());
                if !legs.ends_with(',') {
                    break Reply::Move(legs);
                }
            } else if line.starts_with("1-0")
                || line.starts_with("0-1")
                || line.starts_with("1/2-1/2")
                || line.starts_with("resign")
            {
                break Reply::Result(line);
            }
        };
        // back to following; the engine has played its move on its own board
        self.send("force")?;
        self.sync()?;
        if matches!(reply, Reply::Move(_)) {
            self.told += 1;
        }
        Ok(reply)
    }
}

impl Drop for Xboard {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use koma_rules::notation::{read_move, read_position};

    fn chu(sfen: &str) -> Position {
        read_position(GameId::Chushogi, sfen).unwrap()
    }

    /// Both ways on lines HaChu printed and read: a pawn's push, a promotion, a double move
    /// with a capture on the way (and its two printed lines joined), an igui, a lion's pass, a
    /// lion's two-step over an empty square.
    #[test]
    fn xboard_words_translate_both_ways() {
        let start = Position::start(GameId::Chushogi);
        let v = start.variant();
        // sente's pawns stand on rank 4 from its side; file a is its left (Koma's file 12)
        let push = read_move(v, "12i12h").unwrap();
        assert_eq!(to_xboard(&start, push), "a4a5");
        assert_eq!(from_xboard(&start, "a4a5").unwrap(), push);
        assert_eq!(
            square_to_xboard(&start, read_move(v, "1l1k").unwrap().from().unwrap()),
            "l1"
        );
        assert!(from_xboard(&start, "m4m5").is_err());
        assert!(from_xboard(&start, "a13a12").is_err());
        assert!(from_xboard(&start, "a4").is_err());
        // a lion (sente's, 6e) next to a gote pawn on 6d, a gote silver on 6c
        let mut p = chu("12/12/6s5/6p5/6N5/12/12/12/12/12/12/K10k b - 1");
        let double = read_move(p.variant(), "6e6d6c").unwrap();
        assert!(p.legal_moves().contains(&double));
        assert_eq!(to_xboard(&p, double), "g8g9,g9g10");
        assert_eq!(from_xboard(&p, "g8g9,g9g10").unwrap(), double);
        let igui = read_move(p.variant(), "6e6d6e").unwrap();
        assert_eq!(to_xboard(&p, igui), "g8g9,g9g8");
        assert_eq!(from_xboard(&p, "g8g9,g9g8").unwrap(), igui);
        assert!(from_xboard(&p, "g8g9,g8g10").is_err());
        // the pass: a step to an empty square and back
        let pass = from_xboard(&p, "@@@@").unwrap();
        assert!(
            matches!(pass, Move::Double { from, mid, to } if from == to && p.piece(mid).is_empty())
        );
        assert_eq!(to_xboard(&p, pass), "@@@@");
        // a two-step over an empty square is one leg either way
        let jump = from_xboard(&p, "g8e10").unwrap();
        assert!(p.legal_moves().contains(&jump));
        assert_eq!(to_xboard(&p, jump), "g8e10");
        // a promotion: HaChu's "+" (or another letter), "=" for none
        let q = chu("12/12/12/12/5P6/12/12/12/12/12/12/K10k b - 1");
        let up = read_move(q.variant(), "7e7d+").unwrap();
        assert_eq!(to_xboard(&q, up), "f8f9+");
        assert_eq!(from_xboard(&q, "f8f9+").unwrap(), up);
        assert_eq!(from_xboard(&q, "f8f9q").unwrap(), up);
        let stay = read_move(q.variant(), "7e7d").unwrap();
        assert_eq!(from_xboard(&q, "f8f9=").unwrap(), stay);
        assert_eq!(from_xboard(&q, "f8f9").unwrap(), stay);
        assert!(from_xboard(&q, "f8f9++").is_err());
    }

    /// The refusals that are HaChu's rules against Koma's, and one that is a plain illegal move.
    #[test]
    fn rule_corners_are_told_from_illegal_moves() {
        let p = chu("12/12/12/12/5P6/12/12/12/12/12/12/K10k b - 1");
        let mv = read_move(p.variant(), "7e7d+").unwrap();
        assert!(disagreement(&p, mv, &IllegalMove::CannotPromote).is_some());
        assert!(disagreement(&p, mv, &IllegalMove::LionProtected).is_some());
        assert!(disagreement(&p, mv, &IllegalMove::KingInCheck).is_none());
        assert!(disagreement(&p, mv, &IllegalMove::CannotMoveThere).is_none());
    }
}

#[cfg(test)]
mod recorded {
    use super::*;

    /// A game HaChu 0.21 played against itself (30 to 80 ms a move), its lines as it printed
    /// them (a double move on two lines; igui among them): every move is read as a legal move
    /// of Koma's rules with lishogi's preset, and written back as HaChu wrote it.
    #[test]
    fn a_game_hachu_printed_replays_both_ways() {
        let text = include_str!("../tests/data/hachu-chu-selfplay.txt");
        let mut words = Vec::new();
        let mut legs = String::new();
        for line in text.lines() {
            legs.push_str(line.strip_prefix("move ").unwrap());
            if !legs.ends_with(',') {
                words.push(std::mem::take(&mut legs));
            }
        }
        let options = koma_rules::RuleOptions {
            preset: koma_rules::ChuPreset::Lishogi,
            ..koma_rules::RuleOptions::default()
        };
        let mut game = koma_rules::Game::new(GameId::Chushogi, options);
        let (mut doubles, mut promotions, mut igui) = (0, 0, 0);
        for (i, w) in words.iter().enumerate() {
            let pos = game.position().clone();
            let mv = from_xboard(&pos, w).unwrap_or_else(|e| panic!("ply {}: {e}", i + 1));
            assert_eq!(&to_xboard(&pos, mv), w, "ply {}", i + 1);
            doubles += usize::from(w.contains(','));
            promotions += usize::from(w.ends_with('+'));
            igui += usize::from(matches!(mv, Move::Double { from, to, .. } if from == to));
            game.play(mv)
                .unwrap_or_else(|e| panic!("ply {} {w}: {e}", i + 1));
        }
        assert_eq!(words.len(), 400);
        assert!(
            doubles >= 10 && promotions >= 10 && igui >= 1,
            "{doubles} {promotions} {igui}"
        );
    }
}
