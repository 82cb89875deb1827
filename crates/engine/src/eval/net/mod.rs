//! A small neural evaluation for the square two-player boards: the position seen from each
//! side, a hidden layer over each view, a second hidden layer over both, and a score, learnt
//! from a stronger engine's scores of positions (`koma train`).
//!
//! Why: the learnt linear tables ([`super::linear`]) stop near the same error against their
//! teacher whatever features or positions are added, and the engines that beat the top level
//! judge with such networks. A network can weigh one thing by another (a king's shelter by
//! what the enemy holds, a piece's worth by the stage of the game), which a sum of weights
//! cannot.
//!
//! **The layers**: each side's inputs feed the same first layer (its weights are shared: the
//! two views differ only in whose they are), `hidden` units clipped to 0..1 plus one unclipped
//! unit, a straight sum of weights. The two views' clipped units, the side to move's first,
//! feed `hidden2` units clipped to 0..1, and those one output. The score for the side to move
//! is that output plus the side to move's straight unit less the other side's, times the
//! network's scale (centipawns). The straight unit starts as the pieces' values and carries
//! the material; the clipped units learn the rest.
//!
//! The network is kept by concern: `inputs.rs` (what a view of the position feeds the first
//! layer), `cache.rs` (the first layer's sums brought from the position before), `file.rs` (the
//! text `koma train` writes and the packed form the engine carries), and here the shape, the
//! layers and the score.

mod cache;
mod file;
mod inputs;

use cache::SumCache;
pub use inputs::{Inputs, Threats, Zones};

use koma_rules::{GameId, Player, Position};

use super::{Evaluator, Learnt, Scorer};

/// Steps from a king within which a piece has an input for its offset from it.
pub const NEAR: i32 = 2;
/// Inputs for the pieces of a kind in hand (the first to the fourth).
const HAND_STEPS: usize = 4;
/// The parts of a weight of 1 in a network's file.
pub const UNIT: f32 = 8192.0;
/// The widest first layer the evaluation takes (its sums live on the stack).
pub const MAX_HIDDEN: usize = 128;
/// The widest second layer.
pub const MAX_HIDDEN2: usize = 64;
/// The inputs of a view gathered before their rows are added (a view with more, as
/// standard shogi's often have, adds them in batches).
const ROWS: usize = 64;

/// A network's shape and weights (see the module's docs for their order).
#[derive(Clone, Debug, PartialEq)]
pub struct Net {
    /// The game it was learnt for.
    pub game: GameId,
    /// The inputs of a view.
    pub inputs: Inputs,
    /// Clipped units of the first layer (the straight unit comes after them).
    pub hidden: usize,
    /// Units of the second layer.
    pub hidden2: usize,
    /// Centipawns of an output of 1.
    pub scale: f32,
    /// The first layer: `hidden + 1` weights an input.
    pub w1: Vec<f32>,
    /// Its biases (`hidden + 1`).
    pub b1: Vec<f32>,
    /// The second layer: `2 * hidden` weights a unit.
    pub w2: Vec<f32>,
    /// Its biases.
    pub b2: Vec<f32>,
    /// The output's weights.
    pub w3: Vec<f32>,
    /// The output's bias.
    pub b3: f32,
    /// The first layer's sums of the positions scored last (weights changed by hand after a
    /// position was scored leave them stale; [`Net::weights_mut`] clears them).
    cache: SumCache,
}

impl Net {
    /// A network of this shape for `pos`'s game with every weight 0, with the kings' zones
    /// among its inputs when `zone`.
    ///
    /// # Errors
    /// A layer wider than the evaluation takes ([`MAX_HIDDEN`], [`MAX_HIDDEN2`]), or empty.
    pub fn zeroed(
        pos: &Position,
        hidden: usize,
        hidden2: usize,
        zone: bool,
        threats: bool,
    ) -> Result<Net, String> {
        if !(1..=MAX_HIDDEN).contains(&hidden) || !(1..=MAX_HIDDEN2).contains(&hidden2) {
            return Err(format!(
                "layers of {hidden} and {hidden2} units: 1 to {MAX_HIDDEN} and 1 to {MAX_HIDDEN2}"
            ));
        }
        let inputs = Inputs::of(pos).with_zone(zone).with_threats(threats);
        Ok(Net {
            game: pos.game(),
            inputs,
            hidden,
            hidden2,
            scale: 1.0,
            w1: vec![0.0; inputs.len() * (hidden + 1)],
            b1: vec![0.0; hidden + 1],
            w2: vec![0.0; hidden2 * 2 * hidden],
            b2: vec![0.0; hidden2],
            w3: vec![0.0; hidden2],
            b3: 0.0,
            cache: SumCache::default(),
        })
    }

    /// This network with the kings' zones or the threats among its inputs as well (`zone`,
    /// `threats`; those it has it keeps), their weights 0: the same output until it learns
    /// them, so that a network learnt from positions no longer at hand can go on learning
    /// with more inputs (`koma train --from <file> --threats`). The inputs it has keep their
    /// places (the new ones come after them).
    ///
    /// # Errors
    /// Another game's position, or the zones asked of a network with the threats (they would
    /// come before them).
    pub fn widened(&self, pos: &Position, zone: bool, threats: bool) -> Result<Net, String> {
        if pos.game() != self.game {
            return Err(format!("a network for {}, not {}", self.game, pos.game()));
        }
        // the kings' zones stand before the threats
        if zone && !self.inputs.zone && self.inputs.threats {
            return Err("the kings' zones cannot be added to a network with the threats".into());
        }
        let (zone, threats) = (zone || self.inputs.zone, threats || self.inputs.threats);
        let mut wide = Net::zeroed(pos, self.hidden, self.hidden2, zone, threats)?;
        wide.w1[..self.w1.len()].copy_from_slice(&self.w1);
        wide.b1.copy_from_slice(&self.b1);
        wide.w2.copy_from_slice(&self.w2);
        wide.b2.copy_from_slice(&self.b2);
        wide.w3.copy_from_slice(&self.w3);
        wide.b3 = self.b3;
        wide.scale = self.scale;
        Ok(wide)
    }

    /// Every weight in the file's order.
    pub fn weights_mut(&mut self) -> Vec<&mut f32> {
        self.cache = SumCache::default();
        let mut out: Vec<&mut f32> = Vec::new();
        out.extend(self.w1.iter_mut());
        out.extend(self.b1.iter_mut());
        out.extend(self.w2.iter_mut());
        out.extend(self.b2.iter_mut());
        out.extend(self.w3.iter_mut());
        out.push(&mut self.b3);
        out
    }

    /// The score of `pos` for the side to move, in the network's output units (times
    /// [`Net::scale`]: centipawns).
    pub fn output(&self, pos: &Position) -> f32 {
        let (h, h2) = (self.hidden, self.hidden2);
        // by player; the side to move's view is `views[me]`
        let mut views = [[0.0f32; MAX_HIDDEN + 1]; 2];
        let me = pos.turn();
        let (mine, theirs) = (me.index(), me.opponent().index());
        self.sums(pos, &mut views);
        if self.inputs.zone || self.inputs.threats {
            let zones = self.inputs.zones_of(pos);
            let n = self.hidden + 1;
            for who in [me, me.opponent()] {
                // added in batches (the threats may name a few dozen)
                let mut rows = [0usize; ROWS];
                let mut len = 0;
                let view = &mut views[who.index()][..n];
                self.inputs.each_zone_input(who, &zones, |i| {
                    if len == rows.len() {
                        self.add_rows(&rows, view);
                        len = 0;
                    }
                    rows[len] = i;
                    len += 1;
                });
                self.add_rows(&rows[..len], view);
            }
        }
        let mut z1 = [0.0f32; 2 * MAX_HIDDEN];
        for (side, v) in [mine, theirs].into_iter().enumerate() {
            for (z, a) in z1[side * h..(side + 1) * h].iter_mut().zip(&views[v][..h]) {
                *z = a.clamp(0.0, 1.0);
            }
        }
        let mut out = self.b3 + views[mine][h] - views[theirs][h];
        for j in 0..h2 {
            let row = &self.w2[j * 2 * h..(j + 1) * 2 * h];
            out += self.w3[j] * (self.b2[j] + dot(row, &z1[..2 * h])).clamp(0.0, 1.0);
        }
        out
    }

    /// The score of `pos` for `player`, in centipawns, within 20,000 either way (the search's
    /// mate scores lie beyond).
    pub fn score(&self, pos: &Position, player: Player) -> i32 {
        let s = (self.output(pos) * self.scale).clamp(-20_000.0, 20_000.0) as i32;
        if player == pos.turn() { s } else { -s }
    }
}

/// The dot product of `a` and `b`, summed in eight lanes (so the sums run side by side,
/// where one running sum waits for each addition).
#[inline]
pub fn dot(a: &[f32], b: &[f32]) -> f32 {
    let mut lanes = [0.0f32; 8];
    let (ca, cb) = (a.chunks_exact(8), b.chunks_exact(8));
    let (ra, rb) = (ca.remainder(), cb.remainder());
    for (x, y) in ca.zip(cb) {
        for k in 0..8 {
            lanes[k] += x[k] * y[k];
        }
    }
    let tail: f32 = ra.iter().zip(rb).map(|(x, y)| x * y).sum();
    lanes.iter().sum::<f32>() + tail
}

impl Scorer for Net {
    fn score(&self, pos: &Position, player: Player) -> i32 {
        Net::score(self, pos, player)
    }
}

/// A network built into the engine for `game` (its file packed by the build script, `bytes`),
/// read once into `cell` (none if it does not read: a test of each game reads its own).
pub fn built_in(
    cell: &'static std::sync::OnceLock<Option<Net>>,
    bytes: &[u8],
    game: GameId,
) -> Option<&'static Net> {
    cell.get_or_init(|| Net::unpacked(bytes, &Position::start(game)).ok())
        .as_ref()
}

/// A network as a game's evaluation, with the game's own evaluation's piece values for
/// ordering captures.
pub type NetEval = Learnt<Net>;

impl NetEval {
    /// The evaluation with `net`, for a game whose own evaluation is `base`.
    pub fn new(net: Net, base: &'static dyn Evaluator) -> NetEval {
        Learnt::with(net, base)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)] // test code: a failure is a test failure
    use super::super::linear::{KING_ZONE_INPUTS, KingZone};
    use super::inputs::LOOSE_STEPS;
    use super::*;
    use koma_rules::notation::read_position;

    fn small(sfen: &str) -> Position {
        read_position(GameId::Minishogi, sfen).unwrap()
    }

    #[test]
    fn the_inputs_name_each_piece_once_and_each_piece_near_a_king() {
        let pos = small("rbsgk/4p/5/P4/KGSBR b - 1");
        let inputs = Inputs::of(&pos);
        // 2 x 14 kinds x 25 cells; 4 x 14 x 25 offsets; 2 x 7 x 4 in hand
        assert_eq!(inputs.len(), 700 + 1400 + 56);
        let mut seen = Vec::new();
        inputs.each(&pos, Player::FIRST, false, |i| seen.push(i));
        let on_board = seen.iter().filter(|&&i| i < inputs.near()).count();
        assert_eq!(on_board, 12);
        // the two views of the start are the same (it is turned into itself)
        let mut other = Vec::new();
        inputs.each(&pos, Player(1), false, |i| other.push(i));
        seen.sort_unstable();
        other.sort_unstable();
        assert_eq!(seen, other);
        // a pawn in hand: the first input of its kind, mine in one view and theirs in the other
        let held = small("rbsgk/5/5/P4/KGSBR w P 1");
        let hand = |me| {
            let mut h = Vec::new();
            inputs.each(&held, me, false, |i| {
                if i >= inputs.hand() {
                    h.push(i - inputs.hand());
                }
            });
            h
        };
        assert_eq!(hand(Player::FIRST), [6 * HAND_STEPS]);
        assert_eq!(hand(Player(1)), [(7 + 6) * HAND_STEPS]);
    }

    #[test]
    fn the_kings_zones_are_inputs_when_asked_for_and_a_network_says_which_by_its_count() {
        // the second player's rook on the first king's file, its king alone in its corner
        let pos = small("4k/5/5/5/r3K b - 1");
        let plain = Inputs::of(&pos);
        let zoned = plain.with_zone(true);
        assert_eq!(zoned.len(), plain.len() + 2 * KING_ZONE_INPUTS);
        let zone_of = |me| {
            let mut z = Vec::new();
            zoned.each(&pos, me, false, |i| {
                if i >= plain.len() {
                    z.push(i - plain.len());
                }
            });
            z
        };
        // the first king: one of its three neighbour cells attacked (the rook's rank), bare,
        // once, and two to step to; the second king: none attacked, all three free
        let first = KingZone::of(&pos, Player::FIRST).unwrap();
        assert_eq!((first.attacked, first.bare, first.pressure), (1, 1, 1));
        assert_eq!(first.escape, 2);
        let second = KingZone::of(&pos, Player::SECOND).unwrap();
        assert_eq!((second.attacked, second.escape), (0, 3));
        let mine = first.onehot().to_vec();
        let theirs: Vec<usize> = second
            .onehot()
            .iter()
            .map(|i| i + KING_ZONE_INPUTS)
            .collect();
        assert_eq!(
            zone_of(Player::FIRST),
            [mine.clone(), theirs.clone()].concat()
        );
        // seen by the second player, its own zone first
        let swapped: Vec<usize> = [
            second.onehot().to_vec(),
            first
                .onehot()
                .iter()
                .map(|i| i + KING_ZONE_INPUTS)
                .collect(),
        ]
        .concat();
        assert_eq!(zone_of(Player::SECOND), swapped);
        // without the zones, no such inputs; a network with them is read back with them
        let mut none = Vec::new();
        plain.each(&pos, Player::FIRST, false, |i| none.push(i));
        assert!(none.iter().all(|&i| i < plain.len()));
        let mut net = Net::zeroed(&pos, 2, 2, true, false).unwrap();
        net.w1[plain.len() * 3] = 0.5;
        let back = Net::read(&net.write(""), &pos).unwrap();
        assert!(back.inputs.zone());
        assert_eq!(back, net);
        let other = Net::read(
            &Net::zeroed(&pos, 2, 2, false, false).unwrap().write(""),
            &pos,
        )
        .unwrap();
        assert!(!other.inputs.zone());
    }

    #[test]
    fn the_threats_name_the_attacked_pieces_and_the_zones_from_the_sets_are_the_same() {
        // sente's rook on 5c attacked by gote's silver on 4b (4b's silver steps to 5c) and
        // defended by sente's gold on 5d; sente's bishop on 1e attacked by gote's lance on 1a,
        // undefended; gote's silver attacked by the bishop and defended by its king
        let pos = read_position(GameId::Shogi, "4k3l/5s3/4R4/4G4/8B/9/9/9/4K4 w - 1").unwrap();
        let zoned = Inputs::of(&pos).with_zone(true).with_threats(true);
        assert_eq!(
            zoned.len(),
            Inputs::of(&pos).with_zone(true).len() + 2 * (LOOSE_STEPS + 2 * zoned.kinds)
        );
        let z = zoned.zones_of(&pos);
        let kind = |letter: char| {
            let v = pos.variant();
            (0..v.kinds.len())
                .find(|&k| v.kinds[k].letter == letter && v.kinds[k].promotes_to.is_some())
                .unwrap()
        };
        let sente = z.threats[0].unwrap();
        assert_eq!(sente.defended, 1 << kind('R'));
        assert_eq!(sente.hanging, 1 << kind('B'));
        assert_eq!(sente.loose, 1);
        let gote = z.threats[1].unwrap();
        assert_eq!(
            (gote.defended, gote.hanging, gote.loose),
            (1 << kind('S'), 0, 0)
        );
        // a network says by its count which of them it takes, and is read back with them, in
        // every game with a network
        for game in [GameId::Shogi, GameId::Minishogi] {
            let start = Position::start(game);
            for (zone, threats) in [(false, false), (true, false), (false, true), (true, true)] {
                let net = Net::zeroed(&start, 2, 2, zone, threats).unwrap();
                let back = Net::read(&net.write(""), &start).unwrap();
                assert_eq!(
                    (back.inputs.zone(), back.inputs.threats()),
                    (zone, threats),
                    "{game}"
                );
            }
        }
        // without the zones the threats are the same, and no zone is worked out
        let bare = Inputs::of(&pos).with_threats(true).zones_of(&pos);
        assert_eq!(bare.threats, z.threats);
        assert_eq!(bare.kings, [None, None]);
        // the kings' zones from each piece's attacked cells are those counted cell by cell, in
        // positions of random games
        for game in [GameId::Shogi, GameId::Minishogi, GameId::Shogi66] {
            let inputs = Inputs::of(&Position::start(game))
                .with_zone(true)
                .with_threats(true);
            for pos in crate::eval::linear::tests::random_game(game, 80) {
                let z = inputs.zones_of(&pos);
                for p in [Player::FIRST, Player::SECOND] {
                    assert_eq!(z.kings[p.index()], KingZone::of(&pos, p), "{game}");
                }
            }
        }
    }

    /// The network's output for `pos` worked out the plain way, from every input of each view
    /// ([`Inputs::each`], as `koma train` learns from them).
    fn plain_output(net: &Net, pos: &Position) -> f32 {
        let (h, n) = (net.hidden, net.hidden + 1);
        let me = pos.turn();
        let sums = |who: Player| {
            let mut acc = net.b1.clone();
            net.inputs.each(pos, who, false, |i| {
                for (a, w) in acc.iter_mut().zip(&net.w1[i * n..(i + 1) * n]) {
                    *a += w;
                }
            });
            acc
        };
        let (mine, theirs) = (sums(me), sums(me.opponent()));
        let z1: Vec<f32> = mine[..h]
            .iter()
            .chain(&theirs[..h])
            .map(|a| a.clamp(0.0, 1.0))
            .collect();
        let mut out = net.b3 + mine[h] - theirs[h];
        for j in 0..net.hidden2 {
            let row = &net.w2[j * 2 * h..(j + 1) * 2 * h];
            let a: f32 = net.b2[j] + row.iter().zip(&z1).map(|(w, z)| w * z).sum::<f32>();
            out += net.w3[j] * a.clamp(0.0, 1.0);
        }
        out
    }

    #[test]
    fn the_output_is_that_of_every_input_with_the_zones_and_the_threats() {
        // a shogi middle game with pieces attacked on both sides and in hand
        let pos = read_position(
            GameId::Shogi,
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn3p 1",
        )
        .unwrap();
        for (zone, threats) in [(false, false), (true, false), (false, true), (true, true)] {
            let net = random_net_with(&pos, 8, 4, zone, threats);
            let t = net.inputs.zones_of(&pos).threats;
            assert_eq!(t.iter().all(Option::is_some), threats);
            let (got, want) = (net.output(&pos), plain_output(&net, &pos));
            assert!(
                (got - want).abs() < 1e-4,
                "zones {zone}, threats {threats}: {got} against {want}"
            );
        }
    }

    #[test]
    fn a_widened_network_scores_as_before_until_it_learns_its_new_inputs() {
        let games = crate::eval::linear::tests::random_game(GameId::Minishogi, 40);
        let start = Position::start(GameId::Minishogi);
        for zone in [false, true] {
            let net = random_net_with(&start, 8, 4, zone, false);
            for (add_zone, add_threats) in [(false, true), (true, true), (true, false)] {
                let wide = net.widened(&start, add_zone, add_threats).unwrap();
                assert_eq!(wide.inputs.zone(), zone || add_zone);
                assert_eq!(wide.inputs.threats(), add_threats);
                for pos in &games {
                    assert!((wide.output(pos) - net.output(pos)).abs() < 1e-4);
                }
            }
        }
        // the zones come before the threats: not added to a network that has the threats
        let threats_only = random_net_with(&start, 8, 4, false, true);
        assert!(threats_only.widened(&start, true, false).is_err());
        // nor a network widened for another game
        assert!(
            threats_only
                .widened(&Position::start(GameId::Shogi), false, true)
                .is_err()
        );
    }

    fn random_net(pos: &Position) -> Net {
        random_net_of(pos, 8, 4, false)
    }

    fn random_net_of(pos: &Position, hidden: usize, hidden2: usize, zone: bool) -> Net {
        random_net_with(pos, hidden, hidden2, zone, false)
    }

    fn random_net_with(
        pos: &Position,
        hidden: usize,
        hidden2: usize,
        zone: bool,
        threats: bool,
    ) -> Net {
        let mut net = Net::zeroed(pos, hidden, hidden2, zone, threats).unwrap();
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for w in net.weights_mut() {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            *w = ((seed % 2001) as f32 - 1000.0) / UNIT;
        }
        net.scale = 100.0;
        net
    }

    #[test]
    fn a_score_never_reaches_the_mate_scores() {
        let pos = small("rbsgk/4p/5/P4/KGSBR b - 1");
        let mut net = Net::zeroed(&pos, 2, 2, false, false).unwrap();
        net.scale = 530.0;
        net.b3 = 1000.0;
        assert_eq!(net.score(&pos, Player::FIRST), 20_000);
        assert!(net.score(&pos, Player::FIRST) < crate::search::MATE_BOUND);
        assert_eq!(net.score(&pos, Player(1)), -20_000);
    }

    #[test]
    fn the_built_in_networks_are_their_text_files_weight_for_weight() {
        for (packed, text, game) in [
            (
                super::super::shogi::NET,
                include_str!("../shogi.net"),
                GameId::Shogi,
            ),
            (
                super::super::minishogi::NET,
                include_str!("../minishogi.net"),
                GameId::Minishogi,
            ),
        ] {
            let mut net = Net::unpacked(packed, &Position::start(game)).unwrap();
            // the text's words read as they were before the networks were packed
            let words: Vec<&str> = text
                .lines()
                .filter(|l| !l.starts_with('#'))
                .flat_map(str::split_whitespace)
                .collect();
            let unit: f32 = words[6].parse().unwrap();
            let weights: Vec<f32> = words[7..]
                .iter()
                .map(|w| w.parse::<f32>().unwrap() / unit)
                .collect();
            assert_eq!(net.scale, words[5].parse::<f32>().unwrap());
            let read: Vec<f32> = net.weights_mut().into_iter().map(|x| *x).collect();
            assert_eq!(read, weights, "{game}");
            assert!(
                packed.len() * 2 < text.len(),
                "{game}: {} bytes",
                packed.len()
            );
        }
    }

    #[test]
    fn a_network_is_written_and_read_back_or_refused_with_a_reason() {
        let pos = small("rbsgk/4p/5/P4/KGSBR b - 1");
        let net = random_net(&pos);
        let text = net.write("a test");
        assert_eq!(Net::read(&text, &pos), Ok(net.clone()));
        let short = text.trim_end().rsplit_once(char::is_whitespace).unwrap().0;
        assert_eq!(
            Net::read(short, &pos).err().unwrap_or_default(),
            format!("it ends before weight {}", net.clone().weights_mut().len())
        );
        let shogi =
            Position::clone(koma_rules::Game::new(GameId::Shogi, Default::default()).position());
        assert_eq!(
            Net::read(&text, &shogi).err().unwrap_or_default(),
            "a network for \"minishogi\", not shogi"
        );
        let bad = text.replacen(" 100 ", " 1x0 ", 1);
        assert_eq!(
            Net::read(&bad, &pos).err().unwrap_or_default(),
            "the scale: \"1x0\" is not a number"
        );
        assert!(Net::read("1 2 3", &pos).is_err());
    }

    #[test]
    fn a_turned_board_scores_the_same_and_the_material_start_counts_the_pieces() {
        // any weights will do: the views are the same, so the scores are
        let pos = small("rbsgk/4p/5/P4/KGSBR b - 1");
        let net = random_net(&pos);
        let eval = NetEval::new(net, super::super::evaluator(GameId::Minishogi));
        // the start and the start turned with the other to move: each side's view the same
        let a = eval.score(&pos, Player::FIRST);
        let b = eval.score(&small("rbsgk/4p/5/P4/KGSBR w - 1"), Player(1));
        assert_eq!(a, b);
        assert_eq!(eval.score(&pos, Player(1)), -a);
        // a material start: a rook up scores more than the start by about its value
        let inputs = Inputs::of(&pos);
        let mut net = Net::zeroed(&pos, 4, 2, false, false).unwrap();
        net.scale = 1.0;
        for (i, m) in inputs
            .material(
                &super::super::minishogi::BOARD,
                &super::super::minishogi::HAND,
            )
            .into_iter()
            .enumerate()
        {
            net.w1[i * 5 + 4] = m;
        }
        let eval = NetEval::new(net, super::super::evaluator(GameId::Minishogi));
        let up = eval.score(&small("1bsgk/4p/5/P4/KGSBR b - 1"), Player::FIRST);
        assert_eq!(up, super::super::minishogi::BOARD[1]);
        let held = eval.score(&small("1bsgk/4p/5/P4/KGSBR w R 1"), Player::FIRST);
        assert_eq!(
            held,
            super::super::minishogi::BOARD[1] + super::super::minishogi::HAND[1]
        );
    }

    #[test]
    fn both_views_in_one_pass_score_as_each_view_worked_out_alone() {
        // the layers worked out plainly from each view's inputs, against the evaluation's
        // one pass over both views with the rows added in batches
        let plain = |net: &Net, pos: &Position| -> f32 {
            let h = net.hidden;
            let me = pos.turn();
            let mut z = Vec::new();
            let mut straight = [0.0f32; 2];
            for (side, who) in [me, me.opponent()].into_iter().enumerate() {
                let mut acc = net.b1.clone();
                net.inputs.each(pos, who, false, |i| {
                    for (a, w) in acc.iter_mut().zip(&net.w1[i * (h + 1)..]) {
                        *a += w;
                    }
                });
                z.extend(acc[..h].iter().map(|a| a.clamp(0.0, 1.0)));
                straight[side] = acc[h];
            }
            let mut out = net.b3 + straight[0] - straight[1];
            for j in 0..net.hidden2 {
                let row = &net.w2[j * 2 * h..(j + 1) * 2 * h];
                let sum: f32 = row.iter().zip(&z).map(|(w, x)| w * x).sum();
                out += net.w3[j] * (net.b2[j] + sum).clamp(0.0, 1.0);
            }
            out
        };
        let shogi = |sfen: &str| read_position(GameId::Shogi, sfen).unwrap();
        let start = shogi("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
        // bishops traded, one dropped again, a pawn in hand: pieces near both kings
        let traded =
            shogi("ln1gk1snl/1r1s2g2/p1pppp1pp/6p2/1p5B1/2P6/PP1PPPP1P/2G4R1/LNS1KGSNL w bP 14");
        for (h, h2, zone) in [(32, 16, true), (8, 4, false), (16, 8, true)] {
            let net = random_net_of(&start, h, h2, zone);
            for pos in [&start, &traded] {
                let mut n = 0;
                net.inputs.each(pos, pos.turn(), false, |_| n += 1);
                assert!(n > ROWS || !zone, "{n} inputs: the batches are not tried");
                let (a, b) = (net.output(pos), plain(&net, pos));
                assert!((a - b).abs() < 1e-3, "{a} against {b}");
            }
        }
    }

    #[test]
    fn sums_brought_from_the_last_position_are_those_counted_afresh() {
        // random games (captures, promotions, drops, kings' moves, takebacks): at every
        // position the built-in networks' score, their sums brought from the position before
        // where it was scored, is the score of a copy of the network with nothing scored
        for (game, net) in [
            (GameId::Shogi, super::super::shogi::net()),
            (GameId::Minishogi, super::super::minishogi::net()),
        ] {
            let net = net.unwrap().clone();
            let mut pos = Position::start(game);
            let mut seed = 0x2545_F491_4F6C_DD1Du64;
            let mut scored = 0;
            for ply in 0..600 {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let legal = pos.legal_moves();
                if legal.is_empty() || (ply % 7 == 6 && pos.plies() > 0) {
                    pos.undo();
                } else {
                    let mv = legal[(seed % legal.len() as u64) as usize];
                    pos.play(mv).unwrap();
                }
                let (a, b) = (net.output(&pos), net.clone().output(&pos));
                assert_eq!(
                    a.to_bits(),
                    b.to_bits(),
                    "{game} ply {ply}: {a} against {b}"
                );
                scored += 1;
            }
            let guard = net.cache.0.lock().unwrap();
            let brought = guard.as_ref().unwrap().brought;
            // most positions follow the one scored before; a king's move counts afresh
            assert!(
                brought > scored / 2,
                "{game}: {brought} of {scored} brought"
            );
        }
    }

    #[test]
    fn a_slot_holding_another_position_of_the_same_hash_gives_the_right_sums() {
        // a collision made by hand: the slot of `a`'s hash holds `b`, which differs by a
        // captured rook and a pawn moved
        let net = super::super::minishogi::net().unwrap().clone();
        let a = small("rbsgk/4p/5/P4/KGSBR b - 1");
        let b = small("1bsgk/5/4p/P4/KGSBR b R 1");
        net.output(&b);
        {
            let mut guard = net.cache.0.lock().unwrap();
            let cache = guard.as_mut().unwrap();
            let mut acc = [[0.0; MAX_HIDDEN + 1]; 2];
            cache.read(cache.find(b.hash()).unwrap(), &mut acc);
            cache.write(a.hash(), &b, &net.inputs, &acc);
        }
        assert_eq!(net.output(&a).to_bits(), net.clone().output(&a).to_bits());
        assert_ne!(net.output(&a).to_bits(), net.output(&b).to_bits());
    }
}
