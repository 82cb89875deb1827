//! `koma usi` driven the way a GUI drives it: a child process spoken to over its standard input,
//! each answer awaited before the next command (as a GUI waits for `usiok`, `readyok` and
//! `bestmove`).
#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failure is a test failure

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

struct Engine {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_koma"))
            .arg("usi")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let input = child.stdin.take().unwrap();
        let out = BufReader::new(child.stdout.take().unwrap());
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in out.lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            input,
            lines,
        }
    }

    fn send(&mut self, cmd: &str) {
        writeln!(self.input, "{cmd}").unwrap();
        self.input.flush().unwrap();
    }

    /// The lines up to and including the first that starts with `until`.
    fn read_until(&mut self, until: &str) -> Vec<String> {
        let mut got = Vec::new();
        loop {
            let line = self
                .lines
                .recv_timeout(Duration::from_secs(60))
                .unwrap_or_else(|_| panic!("no {until:?} after {got:?}"));
            let done = line.starts_with(until);
            got.push(line);
            if done {
                return got;
            }
        }
    }

    fn bestmove(&mut self, go: &str) -> (String, Vec<String>) {
        self.send(go);
        let lines = self.read_until("bestmove");
        let best = lines
            .last()
            .unwrap()
            .trim_start_matches("bestmove ")
            .to_string();
        (best, lines)
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.child.wait();
    }
}

#[test]
fn a_gui_session_in_shogi() {
    let mut e = Engine::start();
    e.send("usi");
    let hello = e.read_until("usiok");
    assert!(hello.iter().any(|l| l.starts_with("id name Koma")));
    for option in ["USI_Hash", "Level", "USI_Variant"] {
        assert!(
            hello
                .iter()
                .any(|l| l.starts_with(&format!("option name {option} "))),
            "{option}"
        );
    }
    // the square-board games, from the rules' list; the hexagon has its own notation
    assert!(hello.contains(
        &"option name USI_Variant type combo default shogi var shogi var minishogi var shogi66 \
          var chushogi"
            .to_string()
    ));
    e.send("setoption name USI_Hash value 16");
    e.send("setoption name Level value 6");
    e.send("isready");
    e.read_until("readyok");
    e.send("usinewgame");
    e.send("position startpos moves 7g7f 3c3d");
    let (best, lines) = e.bestmove("go depth 3");
    let infos: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert!(!infos.is_empty());
    for word in ["seldepth", "score", "nodes", "nps", "pv"] {
        assert!(infos[0].contains(word), "{}", infos[0]);
    }
    // the move is legal in that position
    let mut pos = koma_rules::Position::start(koma_rules::GameId::Shogi);
    for m in ["7g7f", "3c3d"] {
        let mv = koma_rules::notation::read_move(pos.variant(), m).unwrap();
        pos.play(mv).unwrap();
    }
    let mv = koma_rules::notation::read_move(pos.variant(), &best).unwrap();
    assert!(pos.legal_moves().contains(&mv), "{best} legal");
    // a mate in one is found and scored as one
    e.send("position sfen 4k4/9/4G4/9/9/9/9/9/4K4 b G 1");
    let (best, lines) = e.bestmove("go movetime 500");
    assert_eq!(best, "G*5b");
    assert!(lines.iter().any(|l| l.contains("score mate 1")));
}

#[test]
fn malformed_commands_are_answered_and_the_engine_goes_on() {
    let mut e = Engine::start();
    e.send("usi");
    e.read_until("usiok");
    for bad in [
        "position sfen 9/9 b - 1",
        "position startpos moves 7g7f 7g7f",
        "setoption name Level value 12",
        "setoption name USI_Variant value chess",
        "go depth x",
        "frobnicate",
    ] {
        e.send(bad);
        let line = e.read_until("info string error");
        assert!(
            line.last().unwrap().len() > "info string error: ".len(),
            "{bad}"
        );
    }
    // the position stays what it was: the start
    e.send("position startpos moves 7g7f");
    e.send("position startpos moves 2g2f 2g2f");
    e.read_until("info string error");
    let (best, _) = e.bestmove("go nodes 2000");
    assert!(!best.is_empty() && best != "resign");
    e.send("isready");
    e.read_until("readyok");
}

#[test]
fn stop_ends_an_infinite_search_with_a_move() {
    let mut e = Engine::start();
    e.send("position startpos");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    e.send("isready");
    e.read_until("readyok");
    let (best, _) = e.bestmove("stop");
    assert!(best.len() >= 4, "{best}");
}

#[test]
fn minishogi_and_chu_by_usi_variant() {
    let mut e = Engine::start();
    e.send("setoption name USI_Variant value minishogi");
    e.send("position startpos moves 1e2d");
    let (best, _) = e.bestmove("go nodes 3000");
    assert_eq!(best.len(), 4, "{best}");
    e.send("setoption name USI_Variant value chushogi");
    e.send("setoption name Preset value lishogi");
    e.send("position startpos");
    let (best, _) = e.bestmove("go nodes 3000");
    assert!(best.len() >= 4, "{best}");
    // in a game already over (gote's last royal is gone) the engine resigns
    e.send("position sfen 12/12/12/12/12/12/12/12/12/12/p11/K11 w - 1");
    let (best, _) = e.bestmove("go nodes 100");
    assert_eq!(best, "resign");
}

#[test]
fn go_mate_answers_checkmate_as_guis_ask_it() {
    let mut e = Engine::start();
    e.send("usi");
    e.read_until("usiok");
    e.send("isready");
    e.read_until("readyok");
    e.send("position sfen 7k1/9/7P1/9/9/9/9/9/K8 b RS 1");
    e.send("go mate 10000");
    let mate = e
        .read_until("checkmate")
        .last()
        .cloned()
        .unwrap_or_default();
    assert!(mate.starts_with("checkmate R*2b 2a"), "{mate}");
    assert_eq!(mate.split_whitespace().count(), 4, "{mate}");
    // the only mate is a pawn drop: none
    e.send("position sfen 7nk/9/7G1/9/9/9/9/9/K8 b P 1");
    e.send("go mate infinite");
    assert_eq!(
        e.read_until("checkmate").last().map(String::as_str),
        Some("checkmate nomate")
    );
    // stopped before it is decided (a rook and a bishop check a bare king for millions of
    // positions before every line is disproved)
    e.send("position sfen 4k4/9/9/9/9/9/9/9/4K4 b RB 1");
    e.send("go mate infinite");
    e.send("isready");
    e.read_until("readyok");
    e.send("stop");
    assert_eq!(
        e.read_until("checkmate").last().map(String::as_str),
        Some("checkmate timeout")
    );
    // and with a time limit
    e.send("go mate 300");
    assert_eq!(
        e.read_until("checkmate").last().map(String::as_str),
        Some("checkmate timeout")
    );
    e.send("quit");
}

#[test]
fn go_mate_with_tsume_solves_the_position_as_a_problem() {
    let mut e = Engine::start();
    e.send("usi");
    let options = e.read_until("usiok");
    assert!(
        options.contains(&"option name Tsume type check default false".to_string()),
        "{options:?}"
    );
    // the defender given every other piece by hand: drops between the lance and the king
    // lengthen the plain mate
    e.send("position sfen 8k/6+R2/9/9/8S/9/9/9/8L b r2b4g3s4n3l18p 1");
    e.send("go mate 10000");
    let plain = e
        .read_until("checkmate")
        .last()
        .cloned()
        .unwrap_or_default();
    assert!(plain.split_whitespace().count() > 2, "{plain}");
    // as a problem the defender holds them too, but such drops are futile: a mate in one
    e.send("setoption name Tsume value true");
    e.send("position sfen 8k/6+R2/9/9/8S/9/9/9/8L b - 1");
    e.send("go mate 10000");
    let problem = e
        .read_until("checkmate")
        .last()
        .cloned()
        .unwrap_or_default();
    assert!(
        problem == "checkmate 1e2f" || problem == "checkmate 1e2d",
        "{problem}"
    );
    e.send("setoption name Tsume value maybe");
    e.send("isready");
    let said = e.read_until("readyok");
    assert!(
        said.iter()
            .any(|l| l.starts_with("info string error") && l.contains("Tsume")),
        "{said:?}"
    );
}
