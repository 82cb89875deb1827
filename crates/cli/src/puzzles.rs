//! `koma puzzles generate <game>`: puzzles from the engine's own games, for every game id.
//!
//! The engine plays itself at low levels (a level drawn for each side of each game, the first
//! plies at random so that no two games are alike), and two kinds of position become puzzles:
//!
//! - **Mates.** The mate solver ([`koma_engine::mate`]) looks at the position, bounded by
//!   positions searched: before every move in the games with drops (where mates by checks are
//!   everywhere), and in the others (chu shogi) when the mover's own search scores a mate. A mate it
//!   proves becomes a puzzle with the solver's line: the shortest mate against the longest
//!   defence, every ply counted, proved the shortest with ten times the positions
//!   ([`koma_engine::mate::tsume::mate_within`]; a mate not proved the shortest is left out); in
//!   the games whose checks the bounded solver cannot follow, chu shogi's and the hexagon's, the
//!   mate the solver found. Themes `mate`,
//!   `mateIn<N>` (moves of the side to move). Not in the three-player game (no mate solver).
//! - **One winning move** (every game, the hexagon's three players too). When the mover's own
//!   search score moves by [`SWING`] or more from its last one (the opponent erred, or made a
//!   threat), the position is analysed for two lines ([`koma_engine::Engine::analyse`]) with
//!   [`QUICK`] times the solver's positions, and again with [`DEEP`] times as many to confirm:
//!   both must find one move that wins (at least [`WIN`] centipawns, a mate included) while the
//!   second best keeps no clear edge (at most [`KEEP`], or half the win in a position already
//!   won, and below [`DECIDED`]), or one move that holds (at least
//!   [`-HOLD`](HOLD)) while the second best loses (at most `-`[`LOSE`]). The puzzle is that one
//!   move: every other was found at least [`GAP`] centipawns worse, so the app takes only it.
//!   Themes `advantage` (a win) or `defence` (a hold), with `material` when the move or the
//!   line's next move of the same side captures, `promotion` when the move promotes.
//!
//! One puzzle a game's position: the plies a mate's line spans are not looked at again, and a
//! position is kept once. A puzzle's starting rating grows with a mate's length (800 for a mate
//! in one, 150 a move more); a winning move starts at 1000, a holding one at 1200, a mate of
//! the search's at 1300.
//!
//! Written a puzzle a line, tab-separated: `id`, `game`, `position`, `moves` (space-separated),
//! `plies`, `themes` (comma-separated), `rating`, `source` (`seed <s> ply <n>`). The id is the
//! game and the position's hash, so that a puzzle keeps its id when generated again. The
//! collection the app ships (`web/puzzles/puzzles.tsv`) is these lines, made by
//! `cargo xtask puzzles`.

use clap::Args;

use crate::matches::next;
use koma_engine::mate::MateLimits;
use koma_engine::mate::tsume::{Within, mate_within};
use koma_engine::search::{Limits, MATE, MATE_BOUND, NoClock, Score};
use koma_engine::{Engine, Level};
use koma_rules::{Description, Game, GameId, Move, Piece, Position, RuleOptions, notation};

/// `koma puzzles generate`'s settings.
#[derive(Args, Clone, Debug)]
pub struct GenerateSettings {
    /// The game.
    #[arg(value_parser = crate::game_ids())]
    pub game: GameId,
    /// How many games to play.
    #[arg(long, default_value_t = 10)]
    pub games: u32,
    /// The first game's seed (each game the next).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The most positions the solver searches in each position of a game.
    #[arg(long, default_value_t = 20_000)]
    pub nodes: u64,
    /// The most plies a game lasts.
    #[arg(long, default_value_t = 300)]
    pub cap: u32,
    /// Stop once this many puzzles are written.
    #[arg(long)]
    pub count: Option<u32>,
}

/// `koma puzzles check`'s settings.
#[derive(Args, Clone, Debug)]
pub struct CheckSettings {
    /// The collection (the lines `generate` writes).
    pub file: std::path::PathBuf,
    /// Check only this many puzzles of each game, spread over the file.
    #[arg(long)]
    pub sample: Option<usize>,
    /// The positions the puzzles were generated with (`generate --nodes`).
    #[arg(long, default_value_t = 20_000)]
    pub nodes: u64,
}

/// The most positions a game's move is searched (below the levels' own bound,
/// [`koma_engine::level::DEPTH_CAP`]: a chu shogi position full of captures can hold even one
/// ply and its quiescence for millions of positions).
const MOVE_NODES: u64 = 100_000;

/// The random plies that open each game.
const RANDOM_PLIES: u32 = 6;
/// How far (centipawns) the mover's search score must move from its last one for the position
/// to be analysed for one winning move.
pub const SWING: i32 = 250;
/// The quick analysis's positions, in the solver's (`--nodes`).
pub const QUICK: u64 = 2;
/// The confirming analysis's positions, in the solver's.
pub const DEEP: u64 = 10;
/// A winning move's least score (centipawns).
pub const WIN: i32 = 400;
/// The second best's most score beside a winning move.
pub const KEEP: i32 = 100;
/// A position the second best still wins by this much is no puzzle (every move wins).
pub const DECIDED: i32 = 2000;
/// A holding move's least score, negated.
pub const HOLD: i32 = 100;
/// The second best's most score beside a holding move, negated.
pub const LOSE: i32 = 500;
/// The least difference between the one move and the second best.
pub const GAP: i32 = 300;

/// A mate puzzle's starting rating: 800 for a mate in one, 150 more for each move more.
fn rating(plies: usize) -> u32 {
    800 + 150 * (plies.saturating_sub(1) / 2) as u32
}

/// Play the games and print their puzzles.
pub fn generate(s: &GenerateSettings) -> Result<(), String> {
    let mut seen = std::collections::HashSet::new();
    let mut count = 0;
    let mut games = 0;
    for g in 0..s.games {
        if s.count.is_some_and(|c| count >= c) {
            break;
        }
        let game_seed = s.seed + u64::from(g);
        count += play(s, game_seed, &mut seen, s.count.map(|c| c - count));
        games += 1;
    }
    eprintln!("{count} puzzles from {games} games");
    Ok(())
}

/// A score in centipawns, a mate as far beyond every evaluation as it is near.
fn value(s: Score) -> i32 {
    match s {
        Score::Cp(c) => c,
        Score::Mate(n) if n > 0 => MATE - 2 * n,
        Score::Mate(n) => -MATE - 2 * n,
    }
}

/// A puzzle found.
struct Puzzle {
    line: Vec<Move>,
    themes: Vec<String>,
    rating: u32,
}

/// One game: its puzzles printed (at most `most`), how many.
fn play(
    s: &GenerateSettings,
    game_seed: u64,
    seen: &mut std::collections::HashSet<u64>,
    most: Option<u32>,
) -> u32 {
    let mut game = Game::new(s.game, RuleOptions::default());
    let description = Description::of(s.game);
    let players = usize::from(description.players);
    let mut random = game_seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut engines: Vec<Engine> = (0..players as u64)
        .map(|i| {
            let mut e = Engine::new(16);
            let level = Level::new(1 + (next(&mut random) % 3) as u8).unwrap_or(Level::MIN);
            e.set_level(level);
            e.set_seed(game_seed ^ i);
            e
        })
        .collect();
    // a deeper engine of its own for the analyses
    let mut analyst = Engine::new(32);
    let limits = MateLimits {
        nodes: Some(s.nodes),
        time_ms: None,
        hash_mb: 8,
    };
    // a mate found is made the shortest with ten times the positions
    let wider = MateLimits {
        nodes: Some(s.nodes.saturating_mul(10)),
        ..limits.clone()
    };
    // the solver looks at every position in the games with drops, else where a search sees mate
    let mates_everywhere = description.hands && !description.three_players();
    let mut last_score: Vec<Option<i32>> = vec![None; players];
    let mut found = 0;
    // the ply a puzzle's mate would end at: none looked for before it (no second puzzle of
    // the same mate)
    let mut after = 0;
    let mut ply = 0;
    while game.outcome().is_none() && ply < s.cap && most.is_none_or(|m| found < m) {
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        let pos = game.position().clone();
        let turn = pos.turn();
        let open = ply >= RANDOM_PLIES && !pos.is_placing() && ply >= after;
        let mut puzzle = None;
        if open && mates_everywhere && !seen.contains(&pos.hash()) {
            puzzle = mate_puzzle(&pos, &limits, &wider);
        }
        let (mv, score) = if ply < RANDOM_PLIES {
            (
                legal[(next(&mut random) % legal.len() as u64) as usize],
                None,
            )
        } else {
            let r = engines[turn.index()].search(
                game.start(),
                game.moves(),
                &Limits {
                    nodes: Some(MOVE_NODES),
                    ..Limits::default()
                },
                &NoClock,
                &mut |_| {},
            );
            (r.best.unwrap_or(legal[0]), Some(value(r.score)))
        };
        let before = std::mem::replace(&mut last_score[turn.index()], score);
        // the search sees a mate where the solver does not look everywhere
        if puzzle.is_none()
            && open
            && !mates_everywhere
            && !seen.contains(&pos.hash())
            && score.is_some_and(|s| s >= MATE_BOUND)
        {
            puzzle = mate_puzzle(&pos, &limits, &wider);
        }
        if puzzle.is_none()
            && open
            && !seen.contains(&pos.hash())
            && let (Some(now), Some(before)) = (score, before)
            && (now - before).abs() >= SWING
        {
            // the position as the puzzle shows it (its notation holds no history)
            let alone = Game::from_position(pos.clone(), RuleOptions::default());
            puzzle = one_move(&mut analyst, &alone, s.nodes);
        }
        if let Some(p) = puzzle {
            seen.insert(pos.hash());
            after = ply + u32::try_from(p.line.len()).unwrap_or(u32::MAX);
            found += 1;
            print_puzzle(&pos, &p, game_seed, ply);
        }
        if game.play(mv).is_err() {
            break;
        }
        ply += 1;
    }
    found
}

/// The solver's shortest mate of `pos`, as a puzzle.
fn mate_puzzle(pos: &Position, limits: &MateLimits, wider: &MateLimits) -> Option<Puzzle> {
    if Description::of(pos.game()).three_players() {
        return None;
    }
    let koma_engine::mate::Answer::Mate(first) =
        koma_engine::mate::solve(pos, limits, &NoClock).answer
    else {
        return None;
    };
    // the shortest, proved (a mate the wider search cannot prove the shortest is no puzzle);
    // where the bounded solver cannot follow the checks, the mate found
    let line = if pos.rules().capabilities().shows_check {
        let plies = u32::try_from(first.len()).ok()?;
        match mate_within(pos, pos.turn(), plies, wider, &NoClock) {
            Within::Mate(line) => line,
            _ => return None,
        }
    } else {
        first
    };
    let n = line.len();
    Some(Puzzle {
        themes: vec!["mate".into(), format!("mateIn{}", n.div_ceil(2))],
        rating: rating(n),
        line,
    })
}

/// The game's position as a one-move puzzle, when two analyses (quick, then deep) find the one
/// move that wins or holds.
fn one_move(analyst: &mut Engine, game: &Game, nodes: u64) -> Option<Puzzle> {
    // each position from an empty table, so that a puzzle is checked again as it was found
    // (`koma puzzles check`)
    analyst.new_game();
    let mut best = None;
    for factor in [QUICK, DEEP] {
        let a = analyst.analyse(
            game.start(),
            game.moves(),
            2,
            &Limits {
                nodes: Some(nodes.saturating_mul(factor)),
                ..Limits::default()
            },
            &NoClock,
            &mut |_| {},
        );
        let [first, second] = a.lines.as_slice() else {
            return None;
        };
        let (one, other) = (value(first.score), value(second.score));
        let kind =
            if one >= WIN && other <= KEEP.max(one / 2) && other < DECIDED && one - other >= GAP {
                "advantage"
            } else if one >= -HOLD && other <= -LOSE && one - other >= GAP {
                "defence"
            } else {
                return None;
            };
        let mv = *first.pv.first()?;
        // the deep look must agree with the quick one
        if best.is_some_and(|(m, k, _)| m != mv || k != kind) {
            return None;
        }
        best = Some((mv, kind, first.clone()));
    }
    let (mv, kind, line) = best?;
    let pos = game.position();
    let mut themes = vec![kind.to_string()];
    // the move, or the side's next move in the line, captures
    let players = usize::from(Description::of(pos.game()).players);
    let mut p = pos.clone();
    let mut material = false;
    for (i, &m) in line.pv.iter().enumerate().take(players + 1) {
        p.play_unchecked(m);
        if (i == 0 || i == players) && p.last_captured() != Piece::EMPTY {
            material = true;
        }
    }
    if material {
        themes.push("material".into());
    }
    if matches!(mv, Move::Board { promote: true, .. }) {
        themes.push("promotion".into());
    }
    let rating = match (kind, line.score) {
        (_, Score::Mate(_)) => 1300,
        ("defence", _) => 1200,
        _ => 1000,
    };
    Some(Puzzle {
        line: vec![mv],
        themes,
        rating,
    })
}

fn print_puzzle(pos: &Position, p: &Puzzle, seed: u64, ply: u32) {
    let v = pos.variant();
    let line = koma_engine::puzzle::Line {
        id: format!("{}-{:016x}", v.id, pos.hash()),
        game: pos.game(),
        position: notation::write_position(pos),
        moves: p.line.iter().map(|&m| notation::write_move(v, m)).collect(),
        themes: p.themes.clone(),
        rating: p.rating,
        source: format!("seed {seed} ply {ply}"),
    };
    println!("{line}");
}

/// One line of a collection, read.
struct Stored {
    id: String,
    pos: Position,
    line: Vec<Move>,
    themes: Vec<String>,
}

/// Read a collection's line (`n` counts from 1, for the messages): its fields
/// ([`koma_engine::puzzle::Line`]), then its position and moves by the rules.
fn read_line(n: usize, text: &str) -> Result<Stored, String> {
    let l = koma_engine::puzzle::Line::read(text).map_err(|e| format!("line {n}: {e}"))?;
    let pos = notation::read_position(l.game, &l.position).map_err(|e| format!("line {n}: {e}"))?;
    let line = l
        .moves
        .iter()
        .map(|m| notation::read_move(pos.variant(), m).map_err(|e| format!("line {n}: {e}")))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Stored {
        id: l.id,
        pos,
        line,
        themes: l.themes,
    })
}

/// Why a stored puzzle is not what it says, if it is not.
fn fault(p: &Stored, nodes: u64) -> Option<String> {
    let attacker = p.pos.turn();
    if p.themes.iter().any(|t| t == "mate") {
        if let Err(e) = koma_engine::mate::verify(&p.pos, attacker, &p.line) {
            return Some(format!("its line is no mate: {e}"));
        }
        let limits = MateLimits {
            nodes: Some(nodes.saturating_mul(100)),
            time_ms: None,
            hash_mb: 16,
        };
        // the games whose checks the bounded solver cannot follow: a forced mate, not the
        // shortest (as `generate` made it)
        if !p.pos.rules().capabilities().shows_check {
            return match koma_engine::mate::solve(&p.pos, &limits, &NoClock).answer {
                koma_engine::mate::Answer::Mate(_) => None,
                other => Some(format!("the solver proves no mate: {other:?}")),
            };
        }
        let plies = u32::try_from(p.line.len()).unwrap_or(u32::MAX);
        match mate_within(&p.pos, attacker, plies, &limits, &NoClock) {
            Within::Mate(_) => {}
            other => {
                return Some(format!(
                    "the solver proves no mate within {plies}: {other:?}"
                ));
            }
        }
        if plies > 2 {
            match mate_within(&p.pos, attacker, plies - 2, &limits, &NoClock) {
                Within::No => {}
                other => return Some(format!("a shorter mate is not disproved: {other:?}")),
            }
        }
        return None;
    }
    let game = Game::from_position(p.pos.clone(), RuleOptions::default());
    let mut analyst = Engine::new(32);
    match one_move(&mut analyst, &game, nodes) {
        Some(q) if q.line == p.line && q.themes.first() == p.themes.first() => None,
        Some(q) => Some(format!(
            "the analyses find {} ({})",
            notation::write_move(p.pos.variant(), q.line[0]),
            q.themes.join(",")
        )),
        None => Some("the analyses find no one move".into()),
    }
}

/// Prove a collection's puzzles again; every fault named.
pub fn check(s: &CheckSettings) -> Result<(), String> {
    let text =
        std::fs::read_to_string(&s.file).map_err(|e| format!("{}: {e}", s.file.display()))?;
    let mut puzzles = Vec::new();
    for (i, l) in text.lines().enumerate().filter(|(_, l)| !l.is_empty()) {
        puzzles.push(read_line(i + 1, l)?);
    }
    let mut faults = Vec::new();
    let mut checked = 0;
    for game in GameId::ALL {
        let of: Vec<&Stored> = puzzles.iter().filter(|p| p.pos.game() == game).collect();
        let step = match s.sample {
            Some(n) if n > 0 && of.len() > n => of.len() / n,
            _ => 1,
        };
        for p in of.iter().step_by(step).take(s.sample.unwrap_or(usize::MAX)) {
            checked += 1;
            if let Some(f) = fault(p, s.nodes) {
                faults.push(format!("{}: {f}", p.id));
            }
        }
    }
    println!("{checked} of {} puzzles checked", puzzles.len());
    if faults.is_empty() {
        Ok(())
    } else {
        Err(faults.join("\n"))
    }
}
