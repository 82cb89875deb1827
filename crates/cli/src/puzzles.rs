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

/// `koma puzzles themes`'s settings.
#[derive(Args, Clone, Debug)]
pub struct ThemesSettings {
    /// The collection (the lines `generate` writes).
    pub file: std::path::PathBuf,
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
    let (limits, wider) = solver_limits(s.nodes);
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

/// The generator's bounds of the mate solver: `nodes` positions to find a mate, ten times as
/// many to prove it the shortest and to give its themes.
fn solver_limits(nodes: u64) -> (MateLimits, MateLimits) {
    let limits = MateLimits {
        nodes: Some(nodes),
        time_ms: None,
        hash_mb: 8,
    };
    let wider = MateLimits {
        nodes: Some(nodes.saturating_mul(10)),
        ..limits.clone()
    };
    (limits, wider)
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
        themes: mate_themes(pos, n, wider),
        rating: rating(n),
        line,
    })
}

/// A mate puzzle's themes: `mate`, `mateIn<N>`, and `tsume` when [`is_tsume`].
fn mate_themes(pos: &Position, plies: usize, limits: &MateLimits) -> Vec<String> {
    let mut themes = vec!["mate".into(), format!("mateIn{}", plies.div_ceil(2))];
    if is_tsume(pos, plies, limits) {
        themes.push("tsume".into());
    }
    themes
}

/// Whether a mate in `plies` of `pos` reads as a problem from a book (詰将棋) and as a puzzle
/// alike: the plain solver proves it the shortest counting every ply, and the tsume
/// solver ([`koma_engine::mate::tsume`]: every attacker move a check, the defender holding the
/// rest, 無駄合 not counted) proves the shortest mate of the same length, and its line ends in
/// mate on the board with nothing left in the attacker's hand (駒余りなし). Only the games that have problems'
/// conventions (shogi, minishogi, 66 shogi); `false` when the limits end first.
fn is_tsume(pos: &Position, plies: usize, limits: &MateLimits) -> bool {
    let Ok(t) = koma_engine::mate::tsume::solve_tsume(pos, limits, &NoClock) else {
        return false;
    };
    // the same count when every ply counts (the app's judge, and the defender's futile drops
    // that a book leaves out, must not lengthen it)
    let Ok(n) = u32::try_from(plies) else {
        return false;
    };
    let attacker = pos.turn();
    if !matches!(
        mate_within(pos, attacker, n, limits, &NoClock),
        Within::Mate(_)
    ) || (n > 2 && mate_within(pos, attacker, n - 2, limits, &NoClock) != Within::No)
    {
        return false;
    }
    let koma_engine::mate::Answer::Mate(line) = &t.answer else {
        return false;
    };
    // a line that ends where the defender could still drop (only futile drops left) is no
    // mate on the board, which a puzzle's line must be
    if !t.shortest || t.futile_end || t.plies.and_then(|p| usize::try_from(p).ok()) != Some(plies) {
        return false;
    }
    let mut end = t.problem.clone();
    for &m in line {
        end.play_unchecked(m);
    }
    end.variant()
        .hand_order
        .iter()
        .all(|&k| end.hand(attacker, k) == 0)
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
    print_line(pos, p, format!("seed {seed} ply {ply}"));
}

fn print_line(pos: &Position, p: &Puzzle, source: String) {
    let v = pos.variant();
    let line = koma_engine::puzzle::Line {
        id: format!("{}-{:016x}", v.id, pos.hash()),
        game: pos.game(),
        position: notation::write_position(pos),
        moves: p.line.iter().map(|&m| notation::write_move(v, m)).collect(),
        themes: p.themes.clone(),
        rating: p.rating,
        source,
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
        // a `tsume` theme holds with the check's wider limits (one not given may have been
        // beyond the generator's)
        if p.themes.iter().any(|t| t == "tsume") && !is_tsume(&p.pos, p.line.len(), &limits) {
            return Some("the tsume solver does not prove it a problem of the same length".into());
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

/// A book problem (詰将棋) made from a mate of `pos`: the attacker's hand, then the pieces on the
/// board farthest from the defender's king first (the attacker's king too), are taken away one
/// at a time, each kept away when the tsume solver still proves the shortest mate of what is
/// left (the defender holding the rest, as problems do), rounds until nothing more goes. The
/// problem and its line, when the line ends with nothing in the attacker's hand (駒余りなし)
/// and the problem is not `pos` itself; `None` in the games without problems' conventions, or
/// when the limits end first.
fn tsume_from(pos: &Position, limits: &MateLimits) -> Option<(Position, Vec<Move>)> {
    use koma_engine::mate::tsume::{problem, solve_tsume};
    let attacker = pos.turn();
    let defender = attacker.opponent();
    let proves = |p: &Position| -> Option<Vec<Move>> {
        let t = solve_tsume(p, limits, &NoClock).ok()?;
        match t.answer {
            koma_engine::mate::Answer::Mate(line) if t.shortest => Some(line),
            _ => None,
        }
    };
    let mut now = problem(pos).ok()?;
    let mut line = proves(&now)?;
    let king = now.king(defender)?;
    let v = pos.variant();
    let mut cells: Vec<_> = v
        .geometry
        .cells()
        .filter(|&c| c != king)
        .map(|c| (v.geometry.distance(c, king), c))
        .collect();
    // the farthest first; among equals the board's order
    cells.sort_by_key(|&(d, c)| (std::cmp::Reverse(d), c.index()));
    for _round in 0..3 {
        let mut taken = false;
        for &k in &v.hand_order {
            while now.hand(attacker, k) > 0 {
                let mut p = now.clone();
                p.take_from_hand(attacker, k);
                match problem(&p).ok().and_then(|p| proves(&p).map(|l| (p, l))) {
                    Some((p, l)) => (now, line, taken) = (p, l, true),
                    None => break,
                }
            }
        }
        for &(_, c) in &cells {
            if now.piece(c).is_empty() {
                continue;
            }
            let mut s = koma_rules::Setup::of(&now);
            s.put(c, Piece::EMPTY);
            s.give_rest(defender);
            let Ok(p) = s.into_position() else {
                continue;
            };
            // a piece that blocked the attacker's own check on the defender's king stays
            if p.is_attacked(defender) {
                continue;
            }
            if let Some(l) = proves(&p) {
                (now, line, taken) = (p, l, true);
            }
        }
        if !taken {
            break;
        }
    }
    let mut end = now.clone();
    for &m in &line {
        end.play_unchecked(m);
    }
    let clean = v.hand_order.iter().all(|&k| end.hand(attacker, k) == 0);
    (clean && now.hash() != pos.hash()).then_some((now, line))
}

/// `koma puzzles tsume`'s settings.
#[derive(Args, Clone, Debug)]
pub struct TsumeSettings {
    /// The collection (the lines `generate` writes).
    pub file: std::path::PathBuf,
    /// The positions the puzzles were generated with (`generate --nodes`).
    #[arg(long, default_value_t = 20_000)]
    pub nodes: u64,
}

/// Print the book problems ([`tsume_from`]) made from a collection's mate puzzles, a line each
/// (theme `tsume`, the source the mate's with ` tsume` after it), from each mate not a problem
/// already; a problem already in the collection, or made twice, is printed once. The pieces are
/// taken away while the solver, bounded by `--nodes`, proves the shortest mate; the themes are
/// given with ten times as many (as `generate` gives them).
pub fn tsume(s: &TsumeSettings) -> Result<(), String> {
    let text =
        std::fs::read_to_string(&s.file).map_err(|e| format!("{}: {e}", s.file.display()))?;
    let (limits, wider) = solver_limits(s.nodes);
    let mut stored = Vec::new();
    for (i, l) in text.lines().enumerate().filter(|(_, l)| !l.is_empty()) {
        let line =
            koma_engine::puzzle::Line::read(l).map_err(|e| format!("line {}: {e}", i + 1))?;
        stored.push((read_line(i + 1, l)?, line.source));
    }
    let mut seen: std::collections::HashSet<u64> =
        stored.iter().map(|(p, _)| p.pos.hash()).collect();
    let mut made = 0;
    for (p, source) in &stored {
        // a mate that is a problem already is not made one again
        if !p.themes.iter().any(|t| t == "mate") || p.themes.iter().any(|t| t == "tsume") {
            continue;
        }
        let Some((problem, line)) = tsume_from(&p.pos, &limits) else {
            continue;
        };
        let n = line.len();
        let themes = mate_themes(&problem, n, &wider);
        // a line whose count differs from the problem's (a futile drop in it) is left out
        if themes.iter().any(|t| t == "tsume") && seen.insert(problem.hash()) {
            let puzzle = Puzzle {
                themes,
                rating: rating(n),
                line,
            };
            print_line(&problem, &puzzle, format!("{source} tsume"));
            made += 1;
        }
    }
    eprintln!("{made} problems from {} puzzles", stored.len());
    Ok(())
}

/// Print a collection with each mate puzzle's themes given again by [`mate_themes`], with the
/// limits `generate` gives them (a collection made before a theme was added gains it); every
/// other line as it was.
pub fn themes(s: &ThemesSettings) -> Result<(), String> {
    let text =
        std::fs::read_to_string(&s.file).map_err(|e| format!("{}: {e}", s.file.display()))?;
    let (_, wider) = solver_limits(s.nodes);
    for (i, l) in text.lines().enumerate().filter(|(_, l)| !l.is_empty()) {
        let p = read_line(i + 1, l)?;
        let mut line =
            koma_engine::puzzle::Line::read(l).map_err(|e| format!("line {}: {e}", i + 1))?;
        if p.themes.iter().any(|t| t == "mate") {
            line.themes = mate_themes(&p.pos, p.line.len(), &wider);
        }
        println!("{line}");
    }
    Ok(())
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
