//! A linear evaluation for the square two-player boards: a sum of weights, one for each
//! feature a position has, whose weights are learnt from games (`koma tune`) rather than set by
//! hand.
//!
//! The features, each counted for the side that has it (plus for the first player, minus for
//! the second), in the owner's own frame (its first rank at the bottom) and with the files
//! folded (the board's left and right halves are mirror images, so a piece on file 2 and on
//! file 8 share a weight):
//! - **a piece on a cell**: one weight per kind, folded file and rank (material and placement
//!   in one, the king's castle included);
//! - **a piece near its own king**: per kind and offset within two steps (files folded to the
//!   distance), the king's defenders;
//! - **a piece near the enemy king**: the same, the attackers;
//! - **pieces in hand**: the first, second, third and fourth piece of each kind, each its own
//!   weight (each piece past the fourth counts with the fourth's);
//! - **the enemy's hand at an open king**: for each kind the enemy holds, the count times the
//!   king's neighbour cells that no own piece stands on (drops attack an open king);
//! - **the move**: the side to move;
//! - **the king's zone** (after the move's weight, so a table may stop before them): for each
//!   king, one-hot counts of its neighbour cells the enemy attacks, of those that no other own
//!   piece defends, of the enemy's attacks on them all, of the attacked cells against the pieces
//!   the enemy holds, and of the cells the king may step to. A table without these weights
//!   ([`Layout::len_without_zone`]) scores them as nothing and skips working them out (each
//!   costs two attack counts a neighbour cell).
//!
//! The learning (in `koma tune`, the command line's) fits the weights so that a logistic
//! function of the score predicts the results of recorded games, from the positions where
//! nothing is hanging (Texel's method); its starting point is the hand-set evaluation of
//! [`super::terms`] expressed in these features ([`Layout::initial`]).
//!
//! With `koma tune --teacher-depth`, the target is a stronger engine's score of each position
//! instead of the game's result; minishogi's evaluation is a table learnt that way
//! ([`super::minishogi`], [`super::minishogi::TABLE`]).
//!
//! A table is a text file (`koma tune` writes it): `#` comment lines, then the weights in
//! [`Layout`]'s order, separated by white space ([`read_table`]). `koma match shogi
//! level:8/table=<file> level:8` measures one against the game's own evaluation.
//!
//! What the tables were measured to gain is in `docs/engine-history.md`.

use koma_rules::{Player, Position};

use super::terms::Weights;
use super::{Evaluator, Learnt, Scorer};

/// Steps from a king within which a piece counts as near it.
const NEAR: i32 = 2;
/// Weights for the first to the last counted piece of a kind in hand.
const HAND_STEPS: usize = 4;

/// Where each feature's weight stands in a game's table, from the board's size and kinds.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Files after folding.
    folded: usize,
    /// Ranks.
    ranks: usize,
    /// Kinds in the game's table.
    kinds: usize,
    /// Kinds that can be in hand (by kind index, 1 to this).
    hand_kinds: usize,
}

/// Offsets within a king's window: files 0..=NEAR, ranks -NEAR..=NEAR.
const WINDOW: usize = ((NEAR + 1) * (2 * NEAR + 1)) as usize;
/// The king's zone features, each a one-hot count: its neighbour cells the enemy attacks
/// (0-8), those of them no other own piece defends (0-8), the enemy's attacks on them all
/// (0-15), the attacked cells (0-4) by the pieces the enemy holds (0-3), and the cells it may
/// step to (0-8).
const ZONE_ATTACKED: usize = 0;
const ZONE_BARE: usize = ZONE_ATTACKED + 9;
const ZONE_PRESSURE: usize = ZONE_BARE + 9;
const ZONE_HAND: usize = ZONE_PRESSURE + 16;
const ZONE_ESCAPE: usize = ZONE_HAND + 5 * 4;
const ZONE: usize = ZONE_ESCAPE + 9;

/// A king's zone: its neighbour cells as the enemy attacks them (the linear tables' last
/// features, and inputs of a network's that takes them: [`super::net::Inputs`]).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct KingZone {
    /// Neighbour cells the enemy attacks.
    pub attacked: usize,
    /// Those of them that no other own piece defends.
    pub bare: usize,
    /// The enemy's attacks on them all.
    pub pressure: usize,
    /// The pieces the enemy holds.
    pub held: usize,
    /// Neighbour cells the king may step to (not attacked, not its own side's).
    pub escape: usize,
}

/// The one-hot counts of a king's zone.
pub const KING_ZONE_INPUTS: usize = ZONE;

impl KingZone {
    /// The zone of `me`'s king (none without one). Each neighbour cell costs two attack
    /// counts.
    pub fn of(pos: &Position, me: Player) -> Option<KingZone> {
        let g = &pos.variant().geometry;
        let enemy = me.opponent();
        let king = pos.king(me)?;
        let (kx, ky) = g.coords(king);
        let mut z = KingZone::default();
        for dy in -1..=1i16 {
            for dx in -1..=1i16 {
                if (dx, dy) == (0, 0) {
                    continue;
                }
                let Some(c) = g.at(kx as i16 + dx, ky as i16 + dy) else {
                    continue;
                };
                let a = pos.count_attackers(c, enemy, true) as usize;
                let q = pos.piece(c);
                if a > 0 {
                    z.attacked += 1;
                    z.pressure += a;
                    if !pos.has_attacker(c, me, false) {
                        z.bare += 1;
                    }
                } else if q.is_empty() || q.owner() != me {
                    z.escape += 1;
                }
            }
        }
        z.held = pos
            .variant()
            .hand_order
            .iter()
            .map(|&k| pos.hand(enemy, k) as usize)
            .sum();
        Some(z)
    }

    /// The cells next to `king` (up to eight).
    pub fn near(pos: &Position, king: koma_rules::Cell) -> koma_rules::CellSet {
        let g = &pos.variant().geometry;
        let (kx, ky) = g.coords(king);
        let mut set = koma_rules::CellSet::EMPTY;
        for dy in -1..=1i16 {
            for dx in -1..=1i16 {
                if (dx, dy) != (0, 0)
                    && let Some(c) = g.at(kx as i16 + dx, ky as i16 + dy)
                {
                    set.insert(c);
                }
            }
        }
        set
    }

    /// [`KingZone::of`] from the sides' attacks as sets: `near`, the cells next to `me`'s king
    /// ([`KingZone::near`]); `enemy`, the cells the enemy attacks; `guards`, those `me`'s
    /// pieces but its royals attack; `own`, where `me`'s pieces stand; `pressure`, the enemy's
    /// attacks on `near` summed over its pieces. The same zone without a count of its own.
    pub fn from_sets(
        pos: &Position,
        me: Player,
        near: koma_rules::CellSet,
        enemy: koma_rules::CellSet,
        guards: koma_rules::CellSet,
        own: koma_rules::CellSet,
        pressure: usize,
    ) -> KingZone {
        let attacked = near & enemy;
        KingZone {
            attacked: attacked.len(),
            bare: attacked.minus(guards).len(),
            pressure,
            held: pos
                .variant()
                .hand_order
                .iter()
                .map(|&k| pos.hand(me.opponent(), k) as usize)
                .sum(),
            escape: near.minus(enemy).minus(own).len(),
        }
    }

    /// The one-hot counts of a zone that are 1 (one of each count).
    pub const ONEHOTS: usize = 5;

    /// The five one-hot counts' places among [`KING_ZONE_INPUTS`].
    pub fn onehot(&self) -> [usize; Self::ONEHOTS] {
        [
            ZONE_ATTACKED + self.attacked.min(8),
            ZONE_BARE + self.bare.min(8),
            ZONE_PRESSURE + self.pressure.min(15),
            ZONE_HAND + self.attacked.min(4) * 4 + self.held.min(3),
            ZONE_ESCAPE + self.escape.min(8),
        ]
    }
}

impl Layout {
    /// The layout of a square two-player board of `files` by `ranks` with `kinds` kinds, the
    /// first `hand_kinds` after the royal droppable.
    pub const fn new(files: usize, ranks: usize, kinds: usize, hand_kinds: usize) -> Layout {
        Layout {
            folded: files.div_ceil(2),
            ranks,
            kinds,
            hand_kinds,
        }
    }

    /// The layout for `pos`'s game.
    pub fn of(pos: &Position) -> Layout {
        let v = pos.variant();
        let (w, h) = v.dims();
        let hand = v.hand_order.iter().map(|k| k.index()).max().unwrap_or(0);
        Layout::new(w as usize, h as usize, v.kinds.len(), hand)
    }

    const fn square(&self) -> usize {
        0
    }
    const fn defence(&self) -> usize {
        self.square() + self.kinds * self.folded * self.ranks
    }
    const fn attack(&self) -> usize {
        self.defence() + self.kinds * WINDOW
    }
    const fn hand(&self) -> usize {
        self.attack() + self.kinds * WINDOW
    }
    const fn open(&self) -> usize {
        self.hand() + self.hand_kinds * HAND_STEPS
    }
    const fn tempo(&self) -> usize {
        self.open() + self.hand_kinds
    }

    const fn zone(&self) -> usize {
        self.tempo() + 1
    }

    /// How many weights the table has.
    pub const fn len(&self) -> usize {
        self.zone() + ZONE
    }

    /// How many weights a table without the king's zone has (a shorter table scores the zone
    /// as nothing, and skips working it out).
    pub const fn len_without_zone(&self) -> usize {
        self.zone()
    }

    /// Whether the table is empty (never: the move's weight is always there).
    pub const fn is_empty(&self) -> bool {
        false
    }

    /// The group of feature `i`, the first word of its [`name`](Layout::name): square,
    /// defence, attack, hand, open or side.
    pub fn group(&self, i: usize) -> &'static str {
        if i < self.defence() {
            "square"
        } else if i < self.attack() {
            "defence"
        } else if i < self.hand() {
            "attack"
        } else if i < self.open() {
            "hand"
        } else if i < self.tempo() {
            "open"
        } else if i < self.zone() {
            "side"
        } else {
            "zone"
        }
    }

    /// A short name of feature `i`, for reading a learnt table.
    pub fn name(&self, i: usize) -> String {
        let window = |j: usize| {
            let (k, o) = (j / WINDOW, j % WINDOW);
            let width = (2 * NEAR + 1) as usize;
            format!("kind {k} dx {} dy {}", o / width, (o % width) as i32 - NEAR)
        };
        if i < self.defence() {
            let per = self.folded * self.ranks;
            let (k, o) = (i / per, i % per);
            format!(
                "square kind {k} file {} rank {}",
                o / self.ranks,
                o % self.ranks
            )
        } else if i < self.attack() {
            format!("defence {}", window(i - self.defence()))
        } else if i < self.hand() {
            format!("attack {}", window(i - self.attack()))
        } else if i < self.open() {
            let j = i - self.hand();
            format!(
                "hand kind {} piece {}",
                j / HAND_STEPS + 1,
                j % HAND_STEPS + 1
            )
        } else if i < self.tempo() {
            format!("open king, enemy hand kind {}", i - self.open() + 1)
        } else if i < self.zone() {
            "side to move".into()
        } else {
            let j = i - self.zone();
            if j < ZONE_BARE {
                format!("zone attacked {}", j - ZONE_ATTACKED)
            } else if j < ZONE_PRESSURE {
                format!("zone undefended {}", j - ZONE_BARE)
            } else if j < ZONE_HAND {
                format!("zone attacks {}", j - ZONE_PRESSURE)
            } else if j < ZONE_ESCAPE {
                let k = j - ZONE_HAND;
                format!("zone attacked {} enemy hand {}", k / 4, k % 4)
            } else {
                format!("zone escapes {}", j - ZONE_ESCAPE)
            }
        }
    }

    /// The hand-set evaluation `w` (of [`super::terms`]) in these features: the learning's
    /// starting point.
    pub fn initial(&self, w: &Weights) -> Vec<i32> {
        let mut t = vec![0; self.len()];
        let get = |a: &[i32], k: usize| a.get(k).copied().unwrap_or(0);
        for k in 0..self.kinds {
            for f in 0..self.folded {
                for r in 0..self.ranks {
                    let advanced = (self.ranks - 1 - r) as i32;
                    let mut v = get(w.board, k) + get(w.advance, k) * advanced;
                    // the royal inside the enemy camp (the camp: a third of the board)
                    if k == 0 && r < self.ranks / 3 {
                        v += w.royal_in_camp;
                    }
                    t[self.square() + (k * self.folded + f) * self.ranks + r] = v;
                }
            }
            if k == 0 {
                continue;
            }
            for o in 0..WINDOW {
                let width = (2 * NEAR + 1) as usize;
                let (dx, dy) = ((o / width) as i32, (o % width) as i32 - NEAR);
                if dx.max(dy.abs()) <= 1 {
                    t[self.defence() + k * WINDOW + o] = w.guard;
                }
                t[self.attack() + k * WINDOW + o] = w.attacker;
            }
        }
        for k in 1..=self.hand_kinds {
            for s in 0..HAND_STEPS {
                t[self.hand() + (k - 1) * HAND_STEPS + s] = get(w.hand, k);
            }
            t[self.open() + k - 1] = -w.enemy_hand;
        }
        t
    }

    /// Calls `f(feature, count)` for each feature of `pos`, the count signed for its owner
    /// (plus: the first player).
    #[inline]
    pub fn features(&self, pos: &Position, f: impl FnMut(usize, i32)) {
        self.features_with(pos, true, f);
    }

    /// [`Layout::features`], the king's zone only with `zone`.
    #[inline]
    fn features_with(&self, pos: &Position, zone: bool, mut f: impl FnMut(usize, i32)) {
        let v = pos.variant();
        let g = &v.geometry;
        let (w, h) = (v.dims().0 as i32, self.ranks as i32);
        let frame = |p: Player, (x, y): (i8, i8)| -> (i32, i32) {
            if p == Player::FIRST {
                (x as i32, y as i32)
            } else {
                (w - 1 - x as i32, h - 1 - y as i32)
            }
        };
        let fold = |x: i32| x.min(w - 1 - x) as usize;
        let kings = [
            pos.king(Player(0)).map(|c| g.coords(c)),
            pos.king(Player(1)).map(|c| g.coords(c)),
        ];
        let mut open = [0i32; 2];
        for (p, k) in kings.iter().enumerate() {
            let Some((kx, ky)) = *k else { continue };
            for dy in -1..=1i16 {
                for dx in -1..=1i16 {
                    if (dx, dy) == (0, 0) {
                        continue;
                    }
                    if let Some(c) = g.at(kx as i16 + dx, ky as i16 + dy) {
                        let q = pos.piece(c);
                        if q.is_empty() || q.owner().index() != p {
                            open[p] += 1;
                        }
                    }
                }
            }
        }
        // each king in each owner's frame: [owner][king's player]
        let seen = |o: Player| [kings[0].map(|k| frame(o, k)), kings[1].map(|k| frame(o, k))];
        let in_frame = [seen(Player(0)), seen(Player(1))];
        let near = |(px, py): (i32, i32), king: Option<(i32, i32)>| {
            let (kx, ky) = king?;
            let (dx, dy) = ((px - kx).abs(), py - ky);
            (dx <= NEAR && dy.abs() <= NEAR).then(|| (dx * (2 * NEAR + 1) + dy + NEAR) as usize)
        };
        for c in g.cells() {
            let p = pos.piece(c);
            if p.is_empty() {
                continue;
            }
            let (owner, k) = (p.owner(), p.kind().index());
            let sign = if owner == Player::FIRST { 1 } else { -1 };
            let (x, y) = frame(owner, g.coords(c));
            f(
                self.square() + (k * self.folded + fold(x)) * self.ranks + y as usize,
                sign,
            );
            if k == 0 {
                continue;
            }
            let o = owner.index();
            if let Some(o) = near((x, y), in_frame[o][o]) {
                f(self.defence() + k * WINDOW + o, sign);
            }
            if let Some(o) = near((x, y), in_frame[o][1 - o]) {
                f(self.attack() + k * WINDOW + o, sign);
            }
        }
        for p in 0..2u8 {
            let sign = if p == 0 { 1 } else { -1 };
            let enemy = Player(1 - p);
            for &kind in &v.hand_order {
                let k = kind.index();
                if k == 0 || k > self.hand_kinds {
                    continue;
                }
                let n = pos.hand(Player(p), kind) as usize;
                for s in 0..n.min(HAND_STEPS) {
                    f(self.hand() + (k - 1) * HAND_STEPS + s, sign);
                }
                if n > HAND_STEPS {
                    f(
                        self.hand() + (k - 1) * HAND_STEPS + HAND_STEPS - 1,
                        sign * (n - HAND_STEPS) as i32,
                    );
                }
                let held = pos.hand(enemy, kind) as i32;
                if held > 0 && open[p as usize] > 0 {
                    f(self.open() + k - 1, sign * held * open[p as usize]);
                }
            }
        }
        f(
            self.tempo(),
            if pos.turn() == Player::FIRST { 1 } else { -1 },
        );
        if zone {
            self.zone_features(pos, &mut f);
        }
    }

    /// The king's zone: for each king, its neighbour cells as the enemy attacks them
    /// ([`KingZone`]).
    fn zone_features(&self, pos: &Position, f: &mut impl FnMut(usize, i32)) {
        for p in 0..2u8 {
            let Some(zone) = KingZone::of(pos, Player(p)) else {
                continue;
            };
            let sign = if p == 0 { 1 } else { -1 };
            let z = self.zone();
            for i in zone.onehot() {
                f(z + i, sign);
            }
        }
    }

    /// The score of `pos` for the first player with the weights `table`.
    #[inline]
    pub fn score<T: Copy + Into<i32>>(&self, pos: &Position, table: &[T]) -> i32 {
        let mut s = 0;
        self.features_with(pos, table.len() > self.zone(), |i, n| {
            s += table.get(i).map_or(0, |&w| w.into()) * n;
        });
        s
    }

    /// The score of `pos` for `player` with the weights `table` (two players: the second's
    /// score is the first's turned).
    #[inline]
    pub fn score_for<T: Copy + Into<i32>>(
        &self,
        pos: &Position,
        table: &[T],
        player: Player,
    ) -> i32 {
        let s = self.score(pos, table);
        if player == Player::FIRST { s } else { -s }
    }
}

/// A table's weights over its [`Layout`].
pub struct Table {
    layout: Layout,
    table: Vec<i32>,
}

impl Scorer for Table {
    fn score(&self, pos: &Position, player: Player) -> i32 {
        self.layout.score_for(pos, &self.table, player)
    }
}

/// A linear evaluation: a table, with the game's own evaluation's piece values for ordering
/// captures.
pub type Linear = Learnt<Table>;

/// The weights in a table's text (see the module's docs).
///
/// # Errors
/// A word that is not a whole number, named with its line.
pub fn read_table(text: &str) -> Result<Vec<i32>, String> {
    let mut table = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim_start().starts_with('#') {
            continue;
        }
        for word in line.split_whitespace() {
            let w = word
                .parse::<i32>()
                .map_err(|_| format!("line {}: {word:?} is not a whole number", n + 1))?;
            table.push(w);
        }
    }
    Ok(table)
}

impl Linear {
    /// The evaluation with `table` for `pos`'s game, whose own evaluation is `base`.
    ///
    /// # Errors
    /// The wrong count of weights for the game.
    pub fn new(
        pos: &Position,
        base: &'static dyn Evaluator,
        table: Vec<i32>,
    ) -> Result<Linear, String> {
        let layout = Layout::of(pos);
        if table.len() != layout.len() && table.len() != layout.len_without_zone() {
            return Err(format!(
                "{} weights; {} takes {}",
                table.len(),
                pos.game(),
                layout.len()
            ));
        }
        Ok(Learnt::with(Table { layout, table }, base))
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use koma_rules::position::setup::Setup;
    use koma_rules::{Game, GameId, Piece, RuleOptions};

    /// The positions of a game of random legal moves (the same every run).
    pub(crate) fn random_game(game: GameId, plies: usize) -> Vec<Position> {
        let mut pos = Game::new(game, RuleOptions::default()).start().clone();
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut out = vec![pos.clone()];
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let mv = moves[(seed % moves.len() as u64) as usize];
            assert!(pos.try_play(mv));
            out.push(pos.clone());
        }
        out
    }

    /// `pos` with its board turned by `cell`, owners swapped when `swap`.
    fn remade(pos: &Position, cell: impl Fn(Cell) -> Cell, swap: bool) -> Position {
        let mut s = Setup::of(pos);
        let g = &pos.variant().geometry;
        for c in g.cells() {
            let p = pos.piece(c);
            let p = if p.is_empty() || !swap {
                p
            } else {
                Piece::new(Player(1 - p.owner().0), p.kind())
            };
            s.put(cell(c), p);
        }
        if swap {
            s.hands.swap(0, 1);
            s.turn = Player(1 - pos.turn().0);
        }
        match s.into_position() {
            Ok(p) => p,
            Err(e) => panic!("{e}"),
        }
    }

    use koma_rules::Cell;

    #[test]
    fn mirrored_boards_score_the_same_and_swapped_colours_the_opposite() {
        for game in [GameId::Shogi, GameId::Minishogi] {
            let start = Game::new(game, RuleOptions::default());
            let layout = Layout::of(start.position());
            // any table will do: the symmetry is the features'
            let table: Vec<i32> = (0..layout.len() as i32)
                .map(|i| (i * 7919) % 613 - 300)
                .collect();
            let (w, _) = start.position().variant().dims();
            for pos in random_game(game, 120) {
                let g = &pos.variant().geometry;
                let mirror = |c: Cell| {
                    let (x, y) = g.coords(c);
                    g.at(i16::from(w as i8 - 1 - x), i16::from(y)).unwrap_or(c)
                };
                let s = layout.score(&pos, &table);
                assert_eq!(layout.score(&remade(&pos, mirror, false), &table), s);
                let turned = remade(&pos, |c| g.rotate_cell(c, 1), true);
                assert_eq!(layout.score(&turned, &table), -s);
            }
        }
    }

    #[test]
    fn a_table_is_read_or_refused_with_a_reason() {
        let game = Game::new(GameId::Shogi, RuleOptions::default());
        let pos = game.position();
        let base = crate::eval::evaluator(GameId::Shogi);
        let layout = Layout::of(pos);
        let mut weights: Vec<String> = (0..layout.len()).map(|i| (i % 50).to_string()).collect();
        let text = format!("# a comment\n{}\n", weights.join(" "));
        let t = read_table(&text).and_then(|t| Linear::new(pos, base, t));
        // the start: only the move counts (the kings' zones are alike)
        let tempo = (layout.tempo() % 50) as i32;
        assert_eq!(t.map(|t| t.score(pos, Player(1))), Ok(-tempo));
        weights.pop();
        let short = read_table(&weights.join(" ")).and_then(|t| Linear::new(pos, base, t));
        assert_eq!(
            short.err(),
            Some("1148 weights; shogi takes 1149".to_string())
        );
        // a table without the king's zone is taken
        weights.truncate(layout.len_without_zone());
        let no_zone = read_table(&weights.join(" ")).and_then(|t| Linear::new(pos, base, t));
        assert_eq!(no_zone.map(|t| t.score(pos, Player(1))), Ok(-tempo));
        let bad = read_table("# x\n1 2\n3 x4");
        assert_eq!(bad, Err("line 3: \"x4\" is not a whole number".to_string()));
    }

    #[test]
    fn the_enemy_hand_counts_against_an_open_king() {
        // sente's king has five open neighbours and gote holds a gold: enemy_hand x 1 x 5
        // against sente; gote's king four (6a's gold guards it) and sente holds a gold
        let pos = koma_rules::notation::read_position(
            GameId::Shogi,
            "lnsgk1snl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNS1K1SNL b Gg 1",
        );
        let Ok(pos) = pos else { panic!("{pos:?}") };
        let layout = Layout::of(&pos);
        let table = crate::eval::linear_start(GameId::Shogi).unwrap_or_default();
        let mut closed = table.clone();
        closed[layout.open()..layout.tempo()].fill(0);
        let open = layout.score(&pos, &table) - layout.score(&pos, &closed);
        let w = crate::eval::shogi::WEIGHTS.enemy_hand;
        assert_eq!(open, -w * 5 + w * 4);
        assert!(w > 0);
    }

    #[test]
    fn every_feature_is_named_in_its_group() {
        let layout = Layout::of(Game::new(GameId::Shogi, RuleOptions::default()).position());
        let mut seen = std::collections::BTreeMap::new();
        for i in 0..layout.len() {
            assert_eq!(
                layout.name(i).split(' ').next(),
                Some(layout.group(i)),
                "{i}"
            );
            *seen.entry(layout.group(i)).or_insert(0) += 1;
        }
        // 14 kinds on 5 folded files and 9 ranks; two windows of 14 x 15; 7 x 4 in hand
        let counts: Vec<_> = seen.into_iter().collect();
        assert_eq!(
            counts,
            [
                ("attack", 210),
                ("defence", 210),
                ("hand", 28),
                ("open", 7),
                ("side", 1),
                ("square", 630),
                ("zone", 63)
            ]
        );
    }

    #[test]
    fn the_kings_zone_counts_the_attacked_cells_and_the_escapes() {
        use koma_rules::notation::read_position;
        // the zone's features of a shogi position, by name, summed with their signs
        let zone = |sfen: &str| {
            let pos = read_position(GameId::Shogi, sfen).unwrap();
            let layout = Layout::of(&pos);
            let mut zone = std::collections::BTreeMap::new();
            layout.features(&pos, |i, n| {
                if layout.group(i) == "zone" {
                    *zone.entry(layout.name(i)).or_insert(0) += n;
                }
            });
            move |name: &str| zone.get(name).copied().unwrap_or(0)
        };
        // the second player's rook on 1h sweeps rank h: of the first player's king's five
        // neighbours, 4h, 5h and 6h are attacked (nothing defends them) and 4i and 6i are free;
        // the second player's king is untouched, with five free cells
        let count = zone("4k4/9/9/9/9/9/9/8r/4K4 b - 1");
        assert_eq!(count("zone attacked 3"), 1);
        assert_eq!(count("zone undefended 3"), 1);
        assert_eq!(count("zone attacks 3"), 1);
        assert_eq!(count("zone escapes 2"), 1);
        assert_eq!(count("zone attacked 3 enemy hand 0"), 1);
        assert_eq!(count("zone attacked 0"), -1);
        assert_eq!(count("zone escapes 5"), -1);
        // with a gold beside the king, 4h and 5h are defended; two pawns in the rook's hand
        let count = zone("4k4/9/9/9/9/9/9/8r/4KG3 b 2p 1");
        assert_eq!(count("zone attacked 3"), 1);
        assert_eq!(count("zone undefended 1"), 1);
        assert_eq!(count("zone escapes 1"), 1);
        assert_eq!(count("zone attacked 3 enemy hand 2"), 1);
    }

    #[test]
    fn the_start_is_worth_the_move_alone() {
        let start = Game::new(GameId::Shogi, RuleOptions::default());
        let layout = Layout::of(start.position());
        let mut table = vec![1; layout.len()];
        table[layout.tempo()] = 17;
        assert_eq!(layout.score(start.position(), &table), 17);
    }

    #[test]
    fn the_hand_set_start_scores_as_the_hand_set_terms_do_where_they_agree() {
        // material and advancement alone: the table made from weights without the king terms
        // scores a position as the terms do
        let w = Weights {
            board: &crate::eval::shogi::BOARD,
            hand: &crate::eval::shogi::HAND,
            advance: &crate::eval::shogi::ADVANCE,
            guard: 0,
            attacker: 0,
            enemy_hand: 0,
            royal_in_camp: 0,
        };
        for pos in random_game(GameId::Shogi, 80) {
            let layout = Layout::of(&pos);
            let table = layout.initial(&w);
            let terms = super::super::terms::sides(&pos, &w);
            assert_eq!(layout.score(&pos, &table), terms[0] - terms[1]);
        }
    }
}
