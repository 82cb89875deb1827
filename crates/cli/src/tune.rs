//! `koma tune`: learn the weights of a game's linear evaluation
//! ([`koma_engine::eval::linear`]) from recorded games (Texel's method).
//!
//! The games are those `koma match --record` prints: an ending line (`..., winner Some(0)` or
//! `None`, or `cap`) and then a line of moves. From each game it takes the positions where
//! nothing is hanging: past the opening plies, the side to move not in check, the last move
//! not a capture and the next one not a capture either. A position's result is the game's (1
//! when the first player won, 0 when it lost, a half for a draw or a capped game).
//!
//! It then fits the weights so that `1 / (1 + exp(-score / K))` predicts those results: first
//! the scale `K` that fits the starting weights best, then the weights by Adam on the mean
//! squared error over all positions, each weight held towards its starting value by an L2 term
//! (a weight seen in few positions moves little). One game in ten is kept out of the learning,
//! and its error is printed beside the learning's, so that a table that only learnt its games
//! by heart shows. `--learn` names the groups of weights learnt (the rest keep their starting
//! values). With `--search-nodes`, each position's target blends its game's result with the
//! engine's own search of it (through the same logistic function). With `--teacher-depth N`,
//! the score comes from a stronger engine instead: Fairy-Stockfish at full skill searching N
//! plies (shogi and minishogi; the same process `koma match ... fsf:<n>` runs), through a
//! logistic function of its own scale, the one at which its scores predict the games' results
//! best (its centipawns are not the engine's), or, with `--teacher-scale`, of that scale, the
//! table's own scale then fitted to these targets rather than to the results (for games whose
//! results say little); `--teacher-cache` keeps its scores by SFEN, so a second learning from
//! the same positions asks it nothing. The table is printed as
//! text (`--out` writes it to a file), which `koma match shogi level:8/table=<file> level:8`
//! plays against the game's own evaluation.
//!
//! The games learnt from so far: `koma match shogi level:8 level:8 --nodes 20000 --opening 8
//! --record`; what the table learnt from 559 of them did is in `koma_engine::eval::linear`.
//! Minishogi's evaluation is a table learnt with the teacher (`koma_engine::eval::minishogi`).

use std::fmt::Write as _;

use koma_engine::eval::linear::Layout;
use koma_engine::search::NoClock;
use koma_engine::{Engine, Limits, Score};
use koma_rules::{Game, GameId, Move, Player, Position, RuleOptions, notation};

/// The settings of `koma tune`.
#[derive(clap::Args)]
pub struct TuneSettings {
    /// The game (shogi or minishogi: the games with a linear evaluation).
    #[arg(value_parser = crate::game_ids())]
    pub game: GameId,
    /// Files of games, as `koma match --record` prints them.
    #[arg(required = true)]
    pub records: Vec<std::path::PathBuf>,
    /// Plies from the start of each game not taken (the match's random opening and a little
    /// more).
    #[arg(long, default_value_t = 16)]
    pub skip: usize,
    /// Passes of Adam over all positions.
    #[arg(long, default_value_t = 300)]
    pub epochs: u32,
    /// Adam's step, in centipawns.
    #[arg(long, default_value_t = 1.0)]
    pub rate: f64,
    /// The L2 term's weight, towards the starting table.
    #[arg(long, default_value_t = 1e-7)]
    pub l2: f64,
    /// Nodes of the engine's own search (its game's evaluation) on each position: with it, a
    /// position's target blends the game's result with the search's score (see `--lambda`).
    #[arg(long, default_value_t = 0)]
    pub search_nodes: u64,
    /// Plies of Fairy-Stockfish's search (at full skill; `cargo xtask fsf-match` installs it,
    /// `KOMA_FSF` names another) on each position: a teacher's score in place of the engine's
    /// own (`--search-nodes`), blended with the result by `--lambda`, through a logistic
    /// function whose scale is fitted to the results apart (the teacher counts its own
    /// centipawns). Shogi and minishogi.
    #[arg(long, default_value_t = 0)]
    pub teacher_depth: u32,
    /// The teacher's scale, in its centipawns: its scores pass through `1 / (1 + exp(-score /
    /// scale))`, and the table's own scale is then fitted so that the starting table predicts
    /// these targets best (rather than the results: for games whose results say little). Not
    /// given: the scale at which its scores predict the results best, and the table's scale
    /// from the results too.
    #[arg(long)]
    pub teacher_scale: Option<f64>,
    /// A file of the teacher's scores (`SFEN<tab>score` lines): read first, so that a position
    /// scored before is not searched again, and each new score appended.
    #[arg(long)]
    pub teacher_cache: Option<std::path::PathBuf>,
    /// The game result's share of each target when `--search-nodes` or `--teacher-depth` is
    /// given (the search's score, through a logistic function, has the rest).
    #[arg(long, default_value_t = 0.5)]
    pub lambda: f64,
    /// The groups of weights to learn (the others keep their starting values): square,
    /// defence, attack, hand, open, side, zone (the king's surroundings).
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "square,defence,attack,hand,open,side,zone"
    )]
    pub learn: Vec<String>,
    /// Where to write the table (text); standard output when not given.
    #[arg(long)]
    pub out: Option<std::path::PathBuf>,
}

/// One position: its features (index, signed count) and its game's result.
struct Sample {
    features: Vec<(u16, i16)>,
    result: f32,
    /// What the table learns to predict: the result, or the result blended with the search.
    target: f64,
    /// The engine's search score, for the first player (centipawns), with `--search-nodes`.
    searched: Option<f32>,
}

/// A recorded game: its result for the first player and its moves.
pub(crate) struct Record {
    pub(crate) result: f32,
    pub(crate) moves: Vec<String>,
}

/// The games of a file as `koma match --record` prints them, each with its result.
pub(crate) fn read_records(text: &str) -> Vec<Record> {
    let mut out = Vec::new();
    let mut result = None;
    for line in text.lines() {
        let Some(body) = line.strip_prefix("  ") else {
            result = None;
            continue;
        };
        if let Some(r) = result.take() {
            out.push(Record {
                result: r,
                moves: body.split_whitespace().map(str::to_owned).collect(),
            });
        } else if body.starts_with("cap,") || body.contains(", winner None") {
            result = Some(0.5);
        } else if body.contains(", winner Some(0)") {
            result = Some(1.0);
        } else if body.contains(", winner Some(1)") {
            result = Some(0.0);
        }
    }
    out
}

fn captures(pos: &Position, mv: Move) -> bool {
    match mv {
        Move::Board { to, .. } | Move::Double { to, .. } => !pos.piece(to).is_empty(),
        Move::Drop { .. } | Move::Pass => false,
    }
}

/// Who scores each position besides the game's result.
enum Teacher<'a> {
    /// Nobody: the result alone.
    None,
    /// The engine's own search, of this many nodes.
    Own(&'a mut Engine, u64),
    /// Fairy-Stockfish, this many plies deep, with the scores known before (by SFEN) and
    /// where to add new ones.
    Fsf(&'a mut crate::matches::Usi, u32, Cache),
}

/// The teacher's scores known so far, by SFEN, and the file new ones go to.
#[derive(Default)]
struct Cache {
    known: std::collections::HashMap<String, i32>,
    file: Option<std::fs::File>,
}

impl Cache {
    /// The scores in `path` (a missing file: none), the file opened for more.
    fn open(path: &std::path::Path) -> Result<Cache, String> {
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(e) => return Err(format!("{}: {e}", path.display())),
        };
        let mut known = std::collections::HashMap::new();
        for (n, line) in text.lines().enumerate() {
            let parsed = line
                .split_once('\t')
                .and_then(|(sfen, v)| Some((sfen.to_string(), v.trim().parse::<i32>().ok()?)));
            let Some((sfen, v)) = parsed else {
                return Err(format!(
                    "{}, line {}: not SFEN<tab>score: {line:?}",
                    path.display(),
                    n + 1
                ));
            };
            known.insert(sfen, v);
        }
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(Cache {
            known,
            file: Some(file),
        })
    }
}

impl Teacher<'_> {
    /// The score of `pos` for the first player, in the teacher's centipawns.
    fn score(&mut self, pos: &Position) -> Result<Option<f32>, String> {
        let cp = match self {
            Teacher::None => return Ok(None),
            Teacher::Own(engine, nodes) => {
                let limits = Limits {
                    nodes: Some(*nodes),
                    ..Limits::default()
                };
                let r = engine.search(pos, &[], &limits, &NoClock, &mut |_| {});
                match r.score {
                    Score::Cp(cp) => cp.clamp(-3000, 3000),
                    Score::Mate(n) if n > 0 => 3000,
                    Score::Mate(_) => -3000,
                }
            }
            Teacher::Fsf(usi, depth, cache) => {
                let sfen = notation::write_position(pos);
                match cache.known.get(&sfen) {
                    Some(&cp) => cp,
                    None => {
                        let Some(cp) = usi.score(pos, *depth)? else {
                            return Ok(None);
                        };
                        if let Some(f) = &mut cache.file {
                            use std::io::Write as _;
                            writeln!(f, "{sfen}\t{cp}").map_err(|e| format!("the cache: {e}"))?;
                        }
                        cache.known.insert(sfen, cp);
                        cp
                    }
                }
            }
        };
        let first = if pos.turn() == Player::FIRST { cp } else { -cp };
        Ok(Some(first as f32))
    }
}

/// The quiet positions of a game, each scored by the teacher if there is one.
fn samples(
    game: GameId,
    record: &Record,
    skip: usize,
    layout: &Layout,
    teacher: &mut Teacher,
) -> Result<Vec<Sample>, String> {
    let mut pos: Position = Game::new(game, RuleOptions::default()).start().clone();
    let v = pos.variant();
    let moves = record
        .moves
        .iter()
        .map(|m| notation::read_move(v, m).map_err(|e| format!("move {m:?}: {e}")))
        .collect::<Result<Vec<Move>, String>>()?;
    let mut out = Vec::new();
    for (ply, &mv) in moves.iter().enumerate() {
        if ply >= skip && !pos.in_check() && pos.last_captured().is_empty() && !captures(&pos, mv) {
            let mut features = Vec::with_capacity(96);
            layout.features(&pos, |i, n| features.push((i as u16, n as i16)));
            let searched = teacher.score(&pos)?;
            out.push(Sample {
                features,
                result: record.result,
                target: f64::from(record.result),
                searched,
            });
        }
        pos.play(mv)
            .map_err(|e| format!("move {} ({:?}): {e}", ply + 1, mv))?;
    }
    Ok(out)
}

fn score(s: &Sample, w: &[f64]) -> f64 {
    s.features
        .iter()
        .map(|&(i, n)| w[i as usize] * f64::from(n))
        .sum()
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The logistic scale, from 100 to 4,000 centipawns in steps of 10, at which `err` is least
/// (the first such).
fn best_scale(err: impl Fn(f64) -> f64) -> f64 {
    (10..=400)
        .map(|i| {
            let k = f64::from(i) * 10.0;
            (k, err(k))
        })
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map_or(400.0, |(k, _)| k)
}

/// The mean squared error of the results predicted with `w` at scale `k`.
fn error(set: &[Sample], w: &[f64], k: f64) -> f64 {
    let sum: f64 = set
        .iter()
        .map(|s| (s.target - sigmoid(score(s, w) / k)).powi(2))
        .sum();
    sum / set.len().max(1) as f64
}

/// The gradient of the error over `set` (summed; the caller divides), split over two threads.
fn gradient(set: &[Sample], w: &[f64], k: f64) -> Vec<f64> {
    let half = set.len() / 2;
    let part = |part: &[Sample]| {
        let mut g = vec![0.0; w.len()];
        for s in part {
            let p = sigmoid(score(s, w) / k);
            let d = -2.0 * (s.target - p) * p * (1.0 - p) / k;
            for &(i, n) in &s.features {
                g[i as usize] += d * f64::from(n);
            }
        }
        g
    };
    let (a, b) = std::thread::scope(|scope| {
        let other = scope.spawn(|| part(&set[half..]));
        let a = part(&set[..half]);
        (a, other.join().unwrap_or_default())
    });
    a.iter()
        .zip(b.iter().chain(std::iter::repeat(&0.0)))
        .map(|(x, y)| x + y)
        .collect()
}

/// How often the side ahead by the starting table `w0` won, by how far ahead: printed.
fn report_buckets(train: &[Sample], w0: &[f64]) {
    let mut buckets = [(0.0f64, 0u32); 8];
    for t in train {
        let sc = score(t, w0);
        let b = ((sc.abs() / 250.0) as usize).min(7);
        let r = if sc >= 0.0 { t.result } else { 1.0 - t.result };
        buckets[b].0 += f64::from(r);
        buckets[b].1 += 1;
    }
    for (i, (sum, n)) in buckets.iter().enumerate() {
        eprintln!(
            "ahead by {:>4}+ cp: {:>6} positions, the side ahead scored {:.3}",
            i * 250,
            n,
            sum / f64::from((*n).max(1))
        );
    }
}

/// The weights learnt from `w0` by Adam over `s.epochs` passes of the whole set (only those
/// `learnt` marks move; an L2 pull keeps them near the start).
fn learn(
    s: &TuneSettings,
    train: &[Sample],
    valid: &[Sample],
    w0: &[f64],
    learnt: &[bool],
    k: f64,
) -> Vec<f64> {
    let mut w = w0.to_vec();
    let (mut m, mut v2) = (vec![0.0; w.len()], vec![0.0; w.len()]);
    let (b1, b2, eps) = (0.9f64, 0.999f64, 1e-12);
    let n = train.len() as f64;
    for epoch in 1..=s.epochs {
        let g = gradient(train, &w, k);
        for i in (0..w.len()).filter(|&i| learnt[i]) {
            let gi = g[i] / n + 2.0 * s.l2 * (w[i] - w0[i]);
            m[i] = b1 * m[i] + (1.0 - b1) * gi;
            v2[i] = b2 * v2[i] + (1.0 - b2) * gi * gi;
            let mh = m[i] / (1.0 - b1.powi(epoch as i32));
            let vh = v2[i] / (1.0 - b2.powi(epoch as i32));
            w[i] -= s.rate * mh / (vh.sqrt() + eps);
        }
        if epoch % 25 == 0 || epoch == s.epochs {
            eprintln!(
                "epoch {epoch}: error {:.6} learning, {:.6} kept out",
                error(train, &w, k),
                error(valid, &w, k)
            );
        }
    }
    w
}

/// The targets mixed from the results and the teacher's scores (`s.lambda` of the result), each
/// score made a chance by the teacher's own scale; the table's scale `k`, fitted again to the
/// targets when the teacher's scale is given.
fn teach(
    s: &TuneSettings,
    train: &mut [Sample],
    valid: &mut [Sample],
    w0: &[f64],
    mut k: f64,
) -> f64 {
    let lambda = s.lambda.clamp(0.0, 1.0);
    // the teacher's own scale: the one at which its scores predict the results best
    let ks = if let Some(ks) = s.teacher_scale {
        ks
    } else if s.teacher_depth > 0 {
        let err = |k: f64| {
            let sum: f64 = train
                .iter()
                .filter_map(|t| {
                    let p = sigmoid(f64::from(t.searched?) / k);
                    Some((f64::from(t.result) - p).powi(2))
                })
                .sum();
            sum
        };
        let ks = best_scale(err);
        eprintln!("the teacher's scale: {ks}");
        ks
    } else {
        k
    };
    for t in train.iter_mut().chain(valid.iter_mut()) {
        t.target = match t.searched {
            Some(sc) => lambda * f64::from(t.result) + (1.0 - lambda) * sigmoid(f64::from(sc) / ks),
            None => f64::from(t.result),
        };
    }
    if s.teacher_scale.is_some() {
        // the table's own scale: the one at which the starting table predicts the targets
        // best (so the table keeps its centipawns, whatever the teacher's)
        k = best_scale(|k| error(train, w0, k));
        eprintln!("scale K = {k}, fitted to the targets");
    }
    eprintln!(
        "targets: {lambda} of the result, the rest the search's score; error {:.6} learning, {:.6} kept out",
        error(train, w0, k),
        error(valid, w0, k)
    );
    k
}

/// Runs `koma tune`.
pub fn run(s: &TuneSettings) -> Result<(), String> {
    let start = Game::new(s.game, RuleOptions::default());
    let pos = start.position();
    let d = koma_rules::Description::of(s.game);
    if d.hexagon() || d.three_players() {
        return Err(format!(
            "{}: koma tune takes a two-player game on a square board",
            s.game
        ));
    }
    let layout = Layout::of(pos);
    const GROUPS: [&str; 7] = [
        "square", "defence", "attack", "hand", "open", "side", "zone",
    ];
    if let Some(bad) = s.learn.iter().find(|g| !GROUPS.contains(&g.as_str())) {
        return Err(format!(
            "--learn {bad:?}: the groups are {}",
            GROUPS.join(", ")
        ));
    }
    let learnt: Vec<bool> = (0..layout.len())
        .map(|i| s.learn.iter().any(|g| g == layout.group(i)))
        .collect();
    let hand_set = koma_engine::eval::linear_start(s.game)
        .ok_or_else(|| format!("{}: no linear evaluation for this game", s.game))?;
    let w0: Vec<f64> = hand_set.iter().map(|&x| f64::from(x)).collect();
    let (mut train, mut valid) = (Vec::new(), Vec::new());
    let mut games = 0;
    let mut engine = Engine::new(16);
    if s.search_nodes > 0 && s.teacher_depth > 0 {
        return Err("--search-nodes and --teacher-depth: one teacher at a time".into());
    }
    let mut fsf = if s.teacher_depth > 0 {
        Some(crate::matches::Usi::fsf(8, s.game)?)
    } else {
        None
    };
    let mut teacher = match &mut fsf {
        Some(usi) => Teacher::Fsf(
            usi,
            s.teacher_depth,
            match &s.teacher_cache {
                Some(path) => Cache::open(path)?,
                None => Cache::default(),
            },
        ),
        None if s.search_nodes > 0 => Teacher::Own(&mut engine, s.search_nodes),
        None => Teacher::None,
    };
    for path in &s.records {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        for r in read_records(&text) {
            let set = if games % 10 == 9 {
                &mut valid
            } else {
                &mut train
            };
            set.extend(
                samples(s.game, &r, s.skip, &layout, &mut teacher)
                    .map_err(|e| format!("{}, game {}: {e}", path.display(), games + 1))?,
            );
            games += 1;
            if !matches!(teacher, Teacher::None) && games % 20 == 0 {
                eprintln!(
                    "{games} games scored, {} positions",
                    train.len() + valid.len()
                );
            }
        }
    }
    if train.is_empty() {
        return Err("no positions in these records".into());
    }
    eprintln!(
        "{games} games, {} positions to learn from, {} kept out, {} weights",
        train.len(),
        valid.len(),
        layout.len()
    );
    report_buckets(&train, &w0);
    // the scale that fits the starting table best
    let mut k = best_scale(|k| error(&train, &w0, k));
    let best = error(&train, &w0, k);
    eprintln!(
        "scale K = {k}: error {:.6} learning, {:.6} kept out (the starting table)",
        best,
        error(&valid, &w0, k)
    );
    if s.search_nodes > 0 || s.teacher_depth > 0 {
        k = teach(s, &mut train, &mut valid, &w0, k);
    }
    let w = learn(s, &train, &valid, &w0, &learnt, k);
    let table: Vec<i32> = w.iter().map(|x| x.round() as i32).collect();
    let mut text = String::new();
    let _ = writeln!(
        text,
        "# {}'s linear evaluation, learnt by koma tune from {games} games, {} positions;\n\
         # scale K = {k}; error on the games kept out {:.6} (the start: {:.6})",
        s.game,
        train.len(),
        error(&valid, &w, k),
        error(&valid, &w0, k)
    );
    for chunk in table.chunks(16) {
        let row: Vec<String> = chunk.iter().map(i32::to_string).collect();
        let _ = writeln!(text, "{}", row.join(" "));
    }
    match &s.out {
        Some(path) => std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))?,
        None => print!("{text}"),
    }
    // the weights that moved most, to read
    let mut moved: Vec<usize> = (0..w.len()).collect();
    moved.sort_by(|&a, &b| (w[b] - w0[b]).abs().total_cmp(&(w[a] - w0[a]).abs()));
    for &i in moved.iter().take(20) {
        eprintln!(
            "  {:>6} -> {:>6}  {}",
            w0[i] as i32,
            table[i],
            layout.name(i)
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const RECORDS: &str = "game   0: level:8 win\n  Checkmate, winner Some(0), level:8 at seat 0, 5 plies\n  7g7f 3c3d 8h2b+ 3a2b B*4e\ngame   1: level:8 loss\n  Checkmate, winner Some(1), level:8 at seat 1, 4 plies\n  2g2f 8c8d 2f2e 8d8e\n  cap, level:8 at seat 0, 2 plies\n  5i5h 5a5b\nshogi level:8 vs level:8: 1 wins\n";

    #[test]
    fn records_are_read_with_their_results() {
        let r = read_records(RECORDS);
        assert_eq!(r.len(), 3);
        assert_eq!(r[0].result, 1.0);
        assert_eq!(r[0].moves.len(), 5);
        assert_eq!(r[1].result, 0.0);
        assert_eq!(r[2].result, 0.5);
        assert_eq!(r[2].moves, ["5i5h", "5a5b"]);
    }

    #[test]
    fn only_quiet_positions_are_taken() {
        let r = read_records(RECORDS);
        let pos = Game::new(GameId::Shogi, RuleOptions::default());
        let layout = Layout::of(pos.position());
        // game 0: before 7g7f, 3c3d; not before 8h2b+ (a capture), 3a2b (after one) or B*4e
        // (after one)
        let s = samples(GameId::Shogi, &r[0], 0, &layout, &mut Teacher::None).unwrap_or_default();
        assert_eq!(s.len(), 2);
        assert!(s.iter().all(|x| x.result == 1.0));
        assert_eq!(
            samples(GameId::Shogi, &r[0], 1, &layout, &mut Teacher::None).map(|s| s.len()),
            Ok(1)
        );
        // a move that is not legal names the game's move
        let bad = Record {
            result: 0.5,
            moves: vec!["7g7f".into(), "7f7e".into()],
        };
        let e = samples(GameId::Shogi, &bad, 0, &layout, &mut Teacher::None)
            .err()
            .unwrap_or_default();
        assert!(e.starts_with("move 2"), "{e}");
    }

    #[test]
    fn learning_lowers_the_error() {
        // a step against the gradient lowers the error
        let mut train = Vec::new();
        let layout = Layout::of(Game::new(GameId::Shogi, RuleOptions::default()).position());
        for r in read_records(RECORDS) {
            train.extend(
                samples(GameId::Shogi, &r, 0, &layout, &mut Teacher::None).unwrap_or_default(),
            );
        }
        let w0 = vec![0.0; layout.len()];
        let g = gradient(&train, &w0, 400.0);
        let step: Vec<f64> = w0.iter().zip(&g).map(|(w, g)| w - 1e5 * g).collect();
        assert!(error(&train, &step, 400.0) < error(&train, &w0, 400.0));
    }

    #[test]
    fn the_scale_is_the_least_error() {
        assert_eq!(best_scale(|k| (k - 1230.0).abs()), 1230.0);
        assert_eq!(best_scale(|k| k), 100.0);
        assert_eq!(best_scale(|k| -k), 4000.0);
    }

    #[test]
    fn the_teachers_scores_are_kept_and_read_back() {
        let dir = std::env::temp_dir().join(format!("koma-tune-cache-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("scores.tsv");
        // a missing file: nothing known, then a score added through the open file
        let mut c = Cache::open(&path).unwrap();
        assert!(c.known.is_empty());
        {
            use std::io::Write as _;
            let f = c.file.as_mut().unwrap();
            writeln!(f, "4k4/9/9/9/9/9/9/9/4K4 b - 1\t-35").unwrap();
        }
        drop(c);
        let c = Cache::open(&path).unwrap();
        assert_eq!(c.known.get("4k4/9/9/9/9/9/9/9/4K4 b - 1"), Some(&-35));
        // a line that is not SFEN<tab>score is named
        std::fs::write(&path, "4k4/9/9/9/9/9/9/9/4K4 b - 1 -35\n").unwrap();
        let e = Cache::open(&path).err().unwrap_or_default();
        assert!(e.contains("line 1"), "{e}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
