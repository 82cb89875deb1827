//! `koma train`: learn a neural evaluation ([`koma_engine::eval::net`]) from a teacher's
//! scores of positions.
//!
//! The positions are the teacher's caches that `koma tune --teacher-depth N --teacher-cache
//! <file>` writes: `SFEN<tab>score` lines, the score Fairy-Stockfish's for the side to move.
//! Each position is learnt twice, as it stands and with its files turned over (the rules are
//! the same either way round). The positions of one block of 64 lines in ten (in the files'
//! order, so mostly whole games) are kept out of the learning, and the error on them is
//! printed beside the learning's, and beside the game's own evaluation's on the same
//! positions, so a network that only learnt its positions by heart shows, and so does one no
//! better than the evaluation it would replace.
//!
//! The target of a position is `1 / (1 + exp(-score / teacher-scale))`; the network's guess is
//! `1 / (1 + exp(-output))`, its output in units of `--scale` centipawns (the logistic scale
//! of the game's own evaluation, so that the search's margins keep their meaning). It learns
//! by Adam on the mean squared error over shuffled batches, from weights drawn from a seeded
//! generator (the same seed, the same network) and a straight unit that starts as the game's
//! piece values.
//!
//! `--records <games> --lambda L` blends the games' results into the targets: a position of
//! the caches that those games met learns `L` of its result for the side to move (the mean
//! over the games that met it) and `1 - L` of the teacher's score, as `koma tune --lambda`
//! does for the tables; the errors printed are then against the blended targets. Why: a
//! network that learns only the teacher's scores can at best judge as the teacher does, and
//! the teacher is the engine the levels are measured against; the results say what the
//! teacher's score does not.
//!
//! `--from <network>` learns on from a network instead (the one built in, say), its shape and
//! scale kept: the teacher's scores take hours to gather and are not kept in the repository,
//! so a network learnt on from the one built in keeps what that one learnt from positions no
//! longer at hand, and positions scored in several sittings add up. The network written is
//! the start itself unless a pass lowers the error on the positions kept out, and no input's
//! weights are cleared for want of positions that use it.

use std::collections::HashSet;
use std::fmt::Write as _;

use koma_engine::eval::net::{Inputs, Net};
use koma_rules::{Game, GameId, Kind, Player, Position, RuleOptions, notation};

/// The settings of `koma train`.
#[derive(clap::Args)]
pub struct TrainSettings {
    /// The game (a two-player game on a square board).
    #[arg(value_parser = crate::game_ids())]
    pub game: GameId,
    /// The teacher's scores: `SFEN<tab>score` files (`koma tune --teacher-cache`).
    #[arg(required = true)]
    pub scores: Vec<std::path::PathBuf>,
    /// Clipped units of the first layer.
    #[arg(long, default_value_t = 32)]
    pub hidden: usize,
    /// Units of the second layer.
    #[arg(long, default_value_t = 16)]
    pub hidden2: usize,
    /// The kings' zones among the inputs (each king's neighbour cells as the enemy attacks
    /// them: [`koma_engine::eval::linear::KingZone`]).
    #[arg(long)]
    pub zone: bool,
    /// Each side's attacked pieces among the inputs, with the zones or without
    /// ([`koma_engine::eval::net::Threats`]).
    #[arg(long)]
    pub threats: bool,
    /// Passes over all positions.
    #[arg(long, default_value_t = 40)]
    pub epochs: u32,
    /// Positions a step.
    #[arg(long, default_value_t = 256)]
    pub batch: usize,
    /// Adam's step.
    #[arg(long, default_value_t = 1e-3)]
    pub rate: f32,
    /// The step falls by this factor every epoch.
    #[arg(long, default_value_t = 0.95)]
    pub decay: f32,
    /// Weight decay (decoupled, as AdamW): each step pulls the hidden layers' weights towards
    /// 0 by this share of the step (the straight unit, which carries the material, is left).
    #[arg(long, default_value_t = 0.0)]
    pub weight_decay: f32,
    /// The teacher's logistic scale, in its centipawns.
    #[arg(long, default_value_t = 260.0)]
    pub teacher_scale: f32,
    /// The network's output unit, in the engine's centipawns (the game's own evaluation's
    /// logistic scale).
    #[arg(long, default_value_t = 530.0)]
    pub scale: f32,
    /// The seed of the starting weights and the shuffles.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Where to write the network (text); standard output when not given.
    #[arg(long)]
    pub out: Option<std::path::PathBuf>,
    /// Go on learning from this network (a file as `koma train` writes it, e.g. the one built
    /// in) rather than from random weights: its shape (the layers' widths, the kings' zones,
    /// the threats) and its scale replace `--hidden`, `--hidden2` and `--scale`; `--zone` and
    /// `--threats` add those inputs where it lacks them, their weights starting at 0 (the
    /// zones only to a network without the threats). What it learnt
    /// from positions no longer at hand is kept as its starting point, so positions scored
    /// in several sittings add up.
    #[arg(long)]
    pub from: Option<std::path::PathBuf>,
    /// Games (`koma match --record` files) whose results join the targets: a position of the
    /// caches met in these games learns `--lambda` of its games' result (for the side to
    /// move, the mean where it was met in several) and the rest of the teacher's score.
    #[arg(long = "records")]
    pub records: Vec<std::path::PathBuf>,
    /// The games' results' share of a target (with `--records`).
    #[arg(long, default_value_t = 0.0, requires = "records")]
    pub lambda: f32,
}

/// The results of the positions met in `records`' games, by SFEN: for the side to move, the
/// mean over the games that met it (wins 1, draws a half, losses 0).
fn results(
    game: GameId,
    records: &[std::path::PathBuf],
) -> Result<std::collections::HashMap<String, f32>, String> {
    let mut sums: std::collections::HashMap<String, (f32, u32)> = Default::default();
    for path in records {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        for (n, record) in crate::tune::read_records(&text).iter().enumerate() {
            let named = |e: String| format!("{}, game {}: {e}", path.display(), n + 1);
            let mut pos: Position = Game::new(game, RuleOptions::default()).start().clone();
            for m in &record.moves {
                let mv = notation::read_move(pos.variant(), m)
                    .map_err(|e| named(format!("move {m:?}: {e}")))?;
                pos.play(mv)
                    .map_err(|e| named(format!("move {m:?}: {e}")))?;
                let r = if pos.turn() == Player::FIRST {
                    record.result
                } else {
                    1.0 - record.result
                };
                let e = sums.entry(notation::write_position(&pos)).or_default();
                e.0 += r;
                e.1 += 1;
            }
        }
    }
    Ok(sums
        .into_iter()
        .map(|(k, (sum, n))| (k, sum / n as f32))
        .collect())
}

/// One position: both views' inputs and the target.
struct Sample {
    mine: Vec<u16>,
    theirs: Vec<u16>,
    target: f32,
}

/// A seeded generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// Uniform in -a..a.
    fn uniform(&mut self, a: f32) -> f32 {
        ((self.next() >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0) * a
    }
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// Where each part of the network stands in the flat vector of weights (the file's order).
#[derive(Clone, Copy)]
struct Shape {
    inputs: usize,
    h: usize,
    h2: usize,
}

impl Shape {
    fn b1(&self) -> usize {
        self.inputs * (self.h + 1)
    }
    fn w2(&self) -> usize {
        self.b1() + self.h + 1
    }
    fn b2(&self) -> usize {
        self.w2() + self.h2 * 2 * self.h
    }
    fn w3(&self) -> usize {
        self.b2() + self.h2
    }
    fn b3(&self) -> usize {
        self.w3() + self.h2
    }
    fn len(&self) -> usize {
        self.b3() + 1
    }
}

/// The work space of one position's pass forward and back.
struct Pass {
    acc: [Vec<f32>; 2],
    z1: Vec<f32>,
    a2: Vec<f32>,
}

impl Pass {
    fn new(s: Shape) -> Pass {
        Pass {
            acc: [vec![0.0; s.h + 1], vec![0.0; s.h + 1]],
            z1: vec![0.0; 2 * s.h],
            a2: vec![0.0; s.h2],
        }
    }

    /// The output for `x` (in the network's units).
    fn forward(&mut self, s: Shape, w: &[f32], x: &Sample) -> f32 {
        let n = s.h + 1;
        for (side, feats) in [&x.mine, &x.theirs].into_iter().enumerate() {
            let acc = &mut self.acc[side];
            acc.copy_from_slice(&w[s.b1()..s.b1() + n]);
            for &i in feats {
                let row = &w[i as usize * n..(i as usize + 1) * n];
                for (a, r) in acc.iter_mut().zip(row) {
                    *a += r;
                }
            }
            for (z, a) in self.z1[side * s.h..(side + 1) * s.h]
                .iter_mut()
                .zip(acc.iter())
            {
                *z = a.clamp(0.0, 1.0);
            }
        }
        let mut out = w[s.b3()] + self.acc[0][s.h] - self.acc[1][s.h];
        for k in 0..s.h2 {
            let row = &w[s.w2() + k * 2 * s.h..s.w2() + (k + 1) * 2 * s.h];
            let a = w[s.b2() + k] + row.iter().zip(&self.z1).map(|(a, b)| a * b).sum::<f32>();
            self.a2[k] = a;
            out += w[s.w3() + k] * a.clamp(0.0, 1.0);
        }
        out
    }

    /// Adds to `g` the gradient of the error at `x` whose output's derivative is `d`.
    fn backward(&self, s: Shape, w: &[f32], x: &Sample, d: f32, g: &mut [f32]) {
        let n = s.h + 1;
        g[s.b3()] += d;
        let mut dz1 = vec![0.0f32; 2 * s.h];
        for k in 0..s.h2 {
            let a = self.a2[k];
            g[s.w3() + k] += d * a.clamp(0.0, 1.0);
            if a <= 0.0 || a >= 1.0 {
                continue;
            }
            let da = d * w[s.w3() + k];
            g[s.b2() + k] += da;
            let at = s.w2() + k * 2 * s.h;
            for j in 0..2 * s.h {
                g[at + j] += da * self.z1[j];
                dz1[j] += da * w[at + j];
            }
        }
        for (side, feats) in [&x.mine, &x.theirs].into_iter().enumerate() {
            let mut da = vec![0.0f32; n];
            for j in 0..s.h {
                let a = self.acc[side][j];
                if a > 0.0 && a < 1.0 {
                    da[j] = dz1[side * s.h + j];
                }
            }
            da[s.h] = if side == 0 { d } else { -d };
            for (b, v) in g[s.b1()..s.b1() + n].iter_mut().zip(&da) {
                *b += v;
            }
            for &i in feats {
                for (gw, v) in g[i as usize * n..(i as usize + 1) * n].iter_mut().zip(&da) {
                    *gw += v;
                }
            }
        }
    }
}

/// The mean squared error of `w` over `set`.
fn error(s: Shape, w: &[f32], set: &[Sample]) -> f32 {
    let mut pass = Pass::new(s);
    let sum: f64 = set
        .iter()
        .map(|x| f64::from((x.target - sigmoid(pass.forward(s, w, x))).powi(2)))
        .sum();
    (sum / set.len().max(1) as f64) as f32
}

/// The two views of `pos` (side to move first), its files turned over when `mirror`.
fn sample(inputs: &Inputs, pos: &Position, mirror: bool, target: f32) -> Sample {
    let view = |me: Player| {
        let mut v = Vec::with_capacity(48);
        inputs.each(pos, me, mirror, |i| v.push(i as u16));
        v
    };
    Sample {
        mine: view(pos.turn()),
        theirs: view(pos.turn().opponent()),
        target,
    }
}

/// The weights a network starts from without `--from`: small random weights, the clipped
/// units half open, the straight unit the material (`material`, in centipawns of `scale`).
fn random_start(shape: Shape, rng: &mut Rng, material: &[f32], scale: f32) -> Vec<f32> {
    let mut w = vec![0.0f32; shape.len()];
    let n1 = shape.h + 1;
    for i in 0..shape.inputs {
        for j in 0..shape.h {
            w[i * n1 + j] = rng.uniform(0.05);
        }
        w[i * n1 + shape.h] = material[i] / scale;
    }
    for j in 0..shape.h {
        w[shape.b1() + j] = 0.5;
    }
    let a2 = (1.0 / (2.0 * shape.h as f32)).sqrt();
    for x in &mut w[shape.w2()..shape.b2()] {
        *x = rng.uniform(a2);
    }
    for x in &mut w[shape.b2()..shape.w3()] {
        *x = 0.5;
    }
    let a3 = (1.0 / shape.h2 as f32).sqrt();
    for x in &mut w[shape.w3()..shape.b3()] {
        *x = rng.uniform(a3);
    }
    w
}

/// The positions of `koma train`'s score files, each once: the views learnt from (each position
/// also mirrored), those kept out to judge by, and the game's own evaluation's error on these.
struct Positions {
    train: Vec<Sample>,
    valid: Vec<Sample>,
    own: Vec<f32>,
    lines: usize,
    with_result: usize,
}

/// Read `s.scores` (lines of `SFEN<tab>score`), the targets mixed with the games' `results`;
/// one position in ten, by blocks of 64, is kept out.
fn read_positions(
    s: &TrainSettings,
    inputs: &Inputs,
    results: &std::collections::HashMap<String, f32>,
    scale: f32,
) -> Result<Positions, String> {
    let own_eval = koma_engine::eval::evaluator(s.game);
    let mut with_result = 0usize;
    // the positions, each once
    let (mut train, mut valid) = (Vec::new(), Vec::new());
    let mut own = Vec::new(); // the game's own evaluation's guesses on the kept-out positions
    let mut seen = HashSet::new();
    let mut lines = 0usize;
    for path in &s.scores {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        for (n, line) in text.lines().enumerate() {
            let named = |e: String| format!("{}, line {}: {e}", path.display(), n + 1);
            let (sfen, score) = line
                .split_once('\t')
                .ok_or_else(|| named("not SFEN<tab>score".into()))?;
            let score: f32 = score
                .trim()
                .parse()
                .map_err(|_| named(format!("{score:?} is not a score")))?;
            let pos = notation::read_position(s.game, sfen).map_err(|e| named(e.to_string()))?;
            if !seen.insert(sfen.to_string()) {
                continue;
            }
            let mut target = sigmoid(score / s.teacher_scale);
            if let Some(&r) = results.get(sfen) {
                target = s.lambda * r + (1.0 - s.lambda) * target;
                with_result += 1;
            }
            let kept_out = (lines / 64) % 10 == 9;
            lines += 1;
            if kept_out {
                valid.push(sample(inputs, &pos, false, target));
                let guess = own_eval.score(&pos, pos.turn()) as f32 / scale;
                own.push((target - sigmoid(guess)).powi(2));
            } else {
                train.push(sample(inputs, &pos, false, target));
                train.push(sample(inputs, &pos, true, target));
            }
        }
    }
    Ok(Positions {
        train,
        valid,
        own,
        lines,
        with_result,
    })
}

/// Learn `w` on `train` by Adam over `s.epochs` passes; the weights of the pass that did best on
/// `valid` (`best`: the start's, unless it is to be beaten) with their error and pass.
fn learn(
    s: &TrainSettings,
    shape: Shape,
    mut w: Vec<f32>,
    train: &[Sample],
    valid: &[Sample],
    rng: &mut Rng,
    mut best: (f32, Vec<f32>, u32),
) -> (f32, Vec<f32>, u32) {
    let n1 = shape.h + 1;
    let (mut m, mut v) = (vec![0.0f32; w.len()], vec![0.0f32; w.len()]);
    let (b1, b2, eps) = (0.9f32, 0.999f32, 1e-8f32);
    let mut order: Vec<usize> = (0..train.len()).collect();
    let mut g = vec![0.0f32; w.len()];
    let mut pass = Pass::new(shape);
    let mut step = 0i32;
    let mut rate = s.rate;
    for epoch in 1..=s.epochs {
        for i in (1..order.len()).rev() {
            order.swap(i, (rng.next() % (i as u64 + 1)) as usize);
        }
        for batch in order.chunks(s.batch.max(1)) {
            g.fill(0.0);
            for &i in batch {
                let x = &train[i];
                let p = sigmoid(pass.forward(shape, &w, x));
                let d = 2.0 * (p - x.target) * p * (1.0 - p) / batch.len() as f32;
                pass.backward(shape, &w, x, d, &mut g);
            }
            step += 1;
            let (c1, c2) = (1.0 - b1.powi(step), 1.0 - b2.powi(step));
            for i in 0..w.len() {
                m[i] = b1 * m[i] + (1.0 - b1) * g[i];
                v[i] = b2 * v[i] + (1.0 - b2) * g[i] * g[i];
                w[i] -= rate * (m[i] / c1) / ((v[i] / c2).sqrt() + eps);
                let straight = i < shape.b1() && i % n1 == shape.h;
                if i < shape.b2() && !straight {
                    w[i] -= rate * s.weight_decay * w[i];
                }
            }
        }
        rate *= s.decay;
        let kept = error(shape, &w, valid);
        eprintln!(
            "epoch {epoch}: error {:.6} learning, {kept:.6} kept out",
            error(shape, &w, train)
        );
        if kept < best.0 {
            best = (kept, w.clone(), epoch);
        }
    }
    best
}

/// Runs `koma train`.
pub fn run(s: &TrainSettings) -> Result<(), String> {
    let start = Game::new(s.game, RuleOptions::default());
    let v = start.position().variant();
    let d = koma_rules::Description::of(s.game);
    if d.hexagon() || d.three_players() {
        return Err(format!(
            "{}: koma train takes a two-player game on a square board",
            s.game
        ));
    }
    // the straight unit's start: the game's own evaluation's piece values
    let own_eval = koma_engine::eval::evaluator(s.game);
    let kinds = (0..v.kinds.len()).map(|k| Kind(k as u8));
    let board: Vec<i32> = kinds.clone().map(|k| own_eval.value(k)).collect();
    let hand: Vec<i32> = kinds.map(|k| own_eval.hand_value(k)).collect();
    if !(s.scale > 0.0 && s.teacher_scale > 0.0) {
        return Err("--scale and --teacher-scale: above 0".into());
    }
    let mut net = match &s.from {
        Some(path) => {
            let text =
                std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
            Net::read(&text, start.position())
                .and_then(|net| net.widened(start.position(), s.zone, s.threats))
                .map_err(|e| format!("{}: {e}", path.display()))?
        }
        None => {
            let mut net = Net::zeroed(start.position(), s.hidden, s.hidden2, s.zone, s.threats)?;
            net.scale = s.scale;
            net
        }
    };
    let scale = net.scale;
    let inputs = net.inputs;
    let shape = Shape {
        inputs: inputs.len(),
        h: net.hidden,
        h2: net.hidden2,
    };
    if !(0.0..=1.0).contains(&s.lambda) {
        return Err("--lambda: from 0 to 1".into());
    }
    let results = results(s.game, &s.records)?;
    let Positions {
        train,
        valid,
        own,
        lines,
        with_result,
    } = read_positions(s, &inputs, &results, scale)?;
    if train.is_empty() || valid.is_empty() {
        return Err("too few positions to learn from and to keep out".into());
    }
    let own_error = own.iter().sum::<f32>() / own.len() as f32;
    eprintln!(
        "{lines} positions: {} views to learn from (each twice), {} kept out; {} weights",
        train.len(),
        valid.len(),
        shape.len()
    );
    if !s.records.is_empty() {
        eprintln!(
            "{with_result} positions met in the games' {} positions: {} of their targets the result",
            results.len(),
            s.lambda
        );
    }
    eprintln!("the game's own evaluation: error {own_error:.6} kept out");
    let mut rng = Rng(s.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let n1 = shape.h + 1;
    let w = if s.from.is_some() {
        // the start: the network's own weights
        net.weights_mut().into_iter().map(|x| *x).collect()
    } else {
        random_start(shape, &mut rng, &inputs.material(&board, &hand), scale)
    };
    let start_kept = error(shape, &w, &valid);
    eprintln!(
        "start: error {:.6} learning, {start_kept:.6} kept out",
        error(shape, &w, &train),
    );
    let best = if s.from.is_some() {
        (start_kept, w.clone(), 0)
    } else {
        (f32::MAX, w.clone(), 0)
    };
    let best = learn(s, shape, w, &train, &valid, &mut rng, best);
    let (kept, mut w, epoch) = best;
    if s.from.is_none() {
        // the inputs no position had kept their random start: written as nothing (a network
        // learnt on keeps what it had for them)
        let mut used = vec![false; shape.inputs];
        for x in &train {
            for &i in x.mine.iter().chain(&x.theirs) {
                used[i as usize] = true;
            }
        }
        for (i, _) in used.iter().enumerate().filter(|(_, u)| !**u) {
            w[i * n1..(i + 1) * n1].fill(0.0);
        }
    }
    for (x, y) in net.weights_mut().into_iter().zip(&w) {
        *x = *y;
    }
    let mut comment = String::new();
    let _ = write!(
        comment,
        "{}'s network, learnt by koma train from {lines} positions ({} files), epoch {epoch} of {};\n\
         error on the positions kept out {kept:.6} (the game's own evaluation: {own_error:.6})",
        s.game,
        s.scores.len(),
        s.epochs
    );
    if !s.records.is_empty() {
        let _ = write!(
            comment,
            ";\n{} of each target the result of the games of {} files ({with_result} positions)",
            s.lambda,
            s.records.len()
        );
    }
    if let Some(from) = &s.from {
        let _ = write!(
            comment,
            ";\nlearnt on from {} (error kept out at the start {start_kept:.6})",
            from.display()
        );
    }
    let text = net.write(&comment);
    match &s.out {
        Some(path) => std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))?,
        None => print!("{text}"),
    }
    eprintln!("kept the network of epoch {epoch}: error {kept:.6} kept out");
    Ok(())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)] // test code: a failure is a test failure
    use super::*;

    #[test]
    fn a_games_result_is_the_side_to_moves() {
        // sente wins one game, the other the same moves is a draw: after sente's first move
        // gote stands to lose (0) once and draw once, so the mean is a quarter
        let dir = std::env::temp_dir().join(format!("koma-train-results-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("games.txt");
        std::fs::write(
            &path,
            "  Checkmate, winner Some(0), level:8 at seat 0, 2 plies\n  3e3d 3a3b\ngame 1: win\n  \
             cap, 2 plies\n  3e3d 3a3b\ngame 2: draw\n",
        )
        .unwrap();
        let r = results(GameId::Minishogi, std::slice::from_ref(&path)).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        let mut pos = Game::new(GameId::Minishogi, RuleOptions::default())
            .start()
            .clone();
        pos.play(notation::read_move(pos.variant(), "3e3d").unwrap())
            .unwrap();
        assert_eq!(r[&notation::write_position(&pos)], 0.25);
        pos.play(notation::read_move(pos.variant(), "3a3b").unwrap())
            .unwrap();
        assert_eq!(r[&notation::write_position(&pos)], 0.75);
        assert_eq!(r.len(), 2);
    }

    #[test]
    fn the_gradient_is_the_errors_slope() {
        // each weight nudged both ways: the error moves as the gradient says
        let start = Game::new(GameId::Minishogi, RuleOptions::default());
        let pos = start.position();
        let inputs = Inputs::of(pos);
        let shape = Shape {
            inputs: inputs.len(),
            h: 4,
            h2: 3,
        };
        let x = sample(
            &inputs,
            &notation::read_position(GameId::Minishogi, "rbsgk/4p/5/P4/KGSB1 b R 1").unwrap(),
            false,
            0.8,
        );
        let mut rng = Rng(7);
        let mut w: Vec<f32> = (0..shape.len()).map(|_| rng.uniform(0.3)).collect();
        for j in 0..shape.h {
            w[shape.b1() + j] = 0.5;
        }
        for k in 0..shape.h2 {
            w[shape.b2() + k] = 0.5;
        }
        let mut pass = Pass::new(shape);
        let loss =
            |w: &[f32], pass: &mut Pass| (sigmoid(pass.forward(shape, w, &x)) - x.target).powi(2);
        let p = sigmoid(pass.forward(shape, &w, &x));
        let mut g = vec![0.0; w.len()];
        pass.backward(shape, &w, &x, 2.0 * (p - x.target) * p * (1.0 - p), &mut g);
        let mut checked = 0;
        for i in 0..w.len() {
            if g[i] == 0.0 {
                continue;
            }
            let h = 1e-3;
            let mut up = w.clone();
            up[i] += h;
            let mut down = w.clone();
            down[i] -= h;
            let slope = (loss(&up, &mut pass) - loss(&down, &mut pass)) / (2.0 * h);
            assert!(
                (slope - g[i]).abs() < 1e-3 + 0.05 * g[i].abs(),
                "{i}: {slope} {}",
                g[i]
            );
            checked += 1;
        }
        // the material's inputs, the first layer's and the second's
        assert!(checked > 50, "{checked}");
    }

    #[test]
    fn learning_on_from_a_network_starts_from_its_weights() {
        // positions of random games, each scored even: with no pass over them, the network
        // written is the one learnt on, every weight (a random start, or the inputs these
        // positions never use written as nothing, would change it)
        let dir = std::env::temp_dir().join(format!("koma-train-from-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let mut lines = String::new();
        let mut rng = Rng(11);
        let mut seen = HashSet::new();
        while seen.len() < 800 {
            let mut pos = Game::new(GameId::Minishogi, RuleOptions::default())
                .position()
                .clone();
            for _ in 0..30 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let mv = moves[(rng.next() % moves.len() as u64) as usize];
                pos.play(mv).unwrap();
                let sfen = notation::write_position(&pos);
                if seen.insert(sfen.clone()) {
                    lines.push_str(&format!("{sfen}\t0\n"));
                }
            }
        }
        let scores = dir.join("scores.tsv");
        std::fs::write(&scores, lines).unwrap();
        let from = std::path::PathBuf::from(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../engine/src/eval/minishogi.net"
        ));
        let out = dir.join("net.txt");
        let settings = TrainSettings {
            game: GameId::Minishogi,
            scores: vec![scores],
            hidden: 5,
            hidden2: 3,
            zone: false,
            threats: false,
            epochs: 0,
            batch: 256,
            rate: 1e-3,
            decay: 0.95,
            weight_decay: 0.0,
            teacher_scale: 260.0,
            scale: 100.0,
            seed: 1,
            out: Some(out.clone()),
            from: Some(from.clone()),
            records: Vec::new(),
            lambda: 0.0,
        };
        run(&settings).unwrap();
        let start = Game::new(GameId::Minishogi, RuleOptions::default());
        let read = |p: &std::path::Path| {
            Net::read(&std::fs::read_to_string(p).unwrap(), start.position()).unwrap()
        };
        let (mut a, mut b) = (read(&from), read(&out));
        assert_eq!(
            (a.hidden, a.hidden2, a.scale),
            (b.hidden, b.hidden2, b.scale)
        );
        let wa: Vec<f32> = a.weights_mut().into_iter().map(|x| *x).collect();
        let wb: Vec<f32> = b.weights_mut().into_iter().map(|x| *x).collect();
        assert_eq!(wa, wb);
        // and a pass, which brings its guesses nearer the even scores, moves it
        run(&TrainSettings {
            epochs: 1,
            ..settings
        })
        .unwrap();
        let mut c = read(&out);
        let wc: Vec<f32> = c.weights_mut().into_iter().map(|x| *x).collect();
        assert_ne!(wa, wc);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
