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
//! **The inputs** (each 0 or 1), for one side, "mine" and "theirs" as that side sees them, the
//! board in its own frame (its first rank at the bottom; the files not folded):
//! - a piece on a cell: mine or theirs, kind, cell;
//! - a piece near a king (within [`NEAR`] steps): my king or theirs, mine or theirs, kind,
//!   offset from that king;
//! - pieces in hand: mine or theirs, kind, and one input for each of the first four pieces
//!   held.
//!
//! **The layers**: each side's inputs feed the same first layer (its weights are shared: the
//! two views differ only in whose they are), `hidden` units clipped to 0..1 plus one unclipped
//! unit, a straight sum of weights. The two views' clipped units, the side to move's first,
//! feed `hidden2` units clipped to 0..1, and those one output. The score for the side to move
//! is that output plus the side to move's straight unit less the other side's, times the
//! network's scale (centipawns). The straight unit starts as the pieces' values and carries
//! the material; the clipped units learn the rest.
//!
//! **The kings' zones** ([`Inputs::with_zone`], `koma train --zone`): a network may also take,
//! for each king (mine, then theirs), the one-hot counts of the linear tables' king's zone
//! ([`KingZone`]: its neighbour cells the enemy attacks, those no other own piece defends,
//! the enemy's attacks on them, the attacked cells against the enemy's hand, the cells it may
//! step to), 63 inputs a king, worked out once for both views. A file says whether its
//! network takes them by its count of inputs.
//!
//! Minishogi plays with a network without them ([`super::minishogi`]), standard shogi with one
//! with them ([`super::shogi`]): a piece near a king by its offset does not say which cells the
//! long pieces and the pieces in hand attack.
//!
//! **The threats** ([`Inputs::with_threats`], `koma train --threats`, with `--zone` or
//! without): a network may also take, for each side (mine, then theirs), its pieces the enemy
//! attacks ([`Threats`], kings aside): by kind, those an own piece defends and those none does,
//! and how many hang (none to three or more), 4 + 2 x kinds inputs a side, after the zones'
//! where it has them. The threats and the zones are worked out from the cells each piece
//! attacks, in one pass over the board ([`Position::attacks_from`]; the zones the same as
//! counted cell by cell, a test checks it). Why: a static score does not see the exchange the
//! side to move is about to lose, and quiescence searches only the side to move's own captures,
//! so the network's distance to its teacher was largest where pieces stood attacked. Their cost
//! is the pieces' attacks at every position scored, so the threats walk only the attacked
//! pieces, and a piece's attacks near the enemy king are counted only where it has some.
//!
//! **The sums brought from the position before.** A network keeps the first layer's sums of
//! the positions it scored last (`Sums`: both players' views but the kings' zones, a slot
//! a position by its hash, with the board and hands they were counted from). A position
//! whose parent (the position before its last move) has a slot takes the parent's sums, takes
//! away the rows of the pieces and hand counts that are gone and adds those that came: two
//! to six rows a view for a move, where a view counted afresh adds every input (about 70 in
//! a shogi middle game). A king's move changes every piece's offset from it, so that position
//! is counted afresh; so is one whose parent was not scored. The kings' zones change with
//! most moves and are added afresh each time. A position met again is brought the same way
//! from its own slot (nothing differs), so a slot that holds another position of the same
//! hash gives the right sums all the same.
//!
//! The scores do not depend on what was scored before: every weight read from a file is a
//! whole number of [`UNIT`]ths, and the sums (well within 2^11) are then exact in `f32`
//! whatever the order of the additions, so a sum brought from another position is the same,
//! bit for bit, as one counted afresh (a test plays random games to check it), and the search
//! stays deterministic. A thread scoring with a network another thread is using counts
//! afresh.
//!
//! Counted afresh, both views' inputs are gathered in one pass over the board and each view's
//! rows are then added with the sums held in registers (a first layer of 33, 17 or 65 sums a
//! view).
//!
//! **The file** (`koma train` writes it): `#` comment lines, then the words `koma-net`, the
//! game id, the inputs, `hidden`, `hidden2`, the scale and the unit, then every weight as a
//! whole number of units' parts (a weight of 1 is written as the unit; so the file is a third
//! the size of one with decimals and is exact when read back): the first layer by input
//! (`hidden + 1` each), its biases, the second layer by unit (`2 * hidden` each), its biases,
//! the output's weights and its bias ([`Net::read`]). The engine carries its built-in networks
//! packed, a third of the text's size ([`super::packed`], [`Net::unpacked`]).

use koma_rules::{GameId, Kind, Piece, Player, Position};

use super::linear::{KING_ZONE_INPUTS, KingZone};
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

/// Where each input stands, from the board's size and kinds.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Inputs {
    files: usize,
    ranks: usize,
    kinds: usize,
    hand_kinds: usize,
    /// With each king's zone ([`KingZone`]).
    zone: bool,
    /// With each side's pieces the enemy attacks ([`Threats`]).
    threats: bool,
}

/// A side's pieces the enemy attacks (kings aside): by kind, those some own piece defends and
/// those none does (hanging), and how many hang. A network's inputs when it takes them
/// ([`Inputs::with_threats`]): a static score cannot see an exchange the side to move is about
/// to lose, and quiescence searches only the side to move's captures.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Threats {
    /// Kinds (a bit each) of the attacked pieces that are defended.
    pub defended: u64,
    /// Kinds of the attacked pieces that are not.
    pub hanging: u64,
    /// How many pieces hang.
    pub loose: usize,
}

impl Threats {
    /// Both players' kings' zones and threats (by player), from the cells each piece attacks
    /// ([`Position::attacks_from`]), in one pass over the board: the zones the same as
    /// [`KingZone::of`] counts them cell by cell (a test checks it).
    pub fn with_zones(pos: &Position) -> ([Option<KingZone>; 2], [Threats; 2]) {
        use koma_rules::CellSet;
        let v = pos.variant();
        let kings = [Player::FIRST, Player::SECOND].map(|p| pos.king(p));
        let near = kings.map(|k| k.map_or(CellSet::EMPTY, |k| KingZone::near(pos, k)));
        // by player: the cells its pieces attack, those its pieces but its royals attack, where
        // its pieces stand, and its attacks on the cells next to the enemy king
        let mut attacks = [CellSet::EMPTY; 2];
        let mut guards = [CellSet::EMPTY; 2];
        let mut own = [CellSet::EMPTY; 2];
        let mut pressure = [0usize; 2];
        for c in v.geometry.cells() {
            let p = pos.piece(c);
            if p.is_empty() {
                continue;
            }
            let me = p.owner().index() & 1;
            let a = pos.attacks_from(c);
            own[me].insert(c);
            attacks[me] |= a;
            if !v.kind(p.kind()).royal {
                guards[me] |= a;
            }
            // most pieces attack none of those cells: no count then (a count of bits is a
            // long sum where the build may not use the processor's own)
            let hit = a & near[1 - me];
            if !hit.is_empty() {
                pressure[me] += hit.len();
            }
        }
        let zones = [0, 1].map(|p| {
            kings[p].map(|_| {
                KingZone::from_sets(
                    pos,
                    Player(p as u8),
                    near[p],
                    attacks[1 - p],
                    guards[p],
                    own[p],
                    pressure[1 - p],
                )
            })
        });
        let mut threats = [Threats::default(); 2];
        for me in 0..2 {
            let t = &mut threats[me];
            // only the attacked pieces
            for c in (own[me] & attacks[1 - me]).iter() {
                let k = pos.piece(c).kind();
                if v.kind(k).royal {
                    continue;
                }
                let bit = 1u64 << k.index();
                if attacks[me].contains(c) {
                    t.defended |= bit;
                } else {
                    t.hanging |= bit;
                    t.loose += 1;
                }
            }
        }
        (zones, threats)
    }
}

/// Inputs for how many pieces hang (none, one, two, three or more).
const LOOSE_STEPS: usize = 4;

/// The kings' zones and the threats of a position, by player, worked out once for both views.
#[derive(Copy, Clone, Debug, Default)]
pub struct Zones {
    kings: [Option<KingZone>; 2],
    threats: [Option<Threats>; 2],
}

const WIDTH: usize = (2 * NEAR + 1) as usize;

impl Inputs {
    /// The inputs for `pos`'s game.
    pub fn of(pos: &Position) -> Inputs {
        let v = pos.variant();
        let (w, h) = v.dims();
        let hand = v.hand_order.iter().map(|k| k.index()).max().unwrap_or(0);
        Inputs {
            files: w as usize,
            ranks: h as usize,
            kinds: v.kinds.len(),
            hand_kinds: hand,
            zone: false,
            threats: false,
        }
    }

    /// These inputs with each king's zone ([`KingZone`]) or without.
    pub fn with_zone(self, zone: bool) -> Inputs {
        Inputs { zone, ..self }
    }

    /// These inputs with the threats ([`Threats`]) or without.
    pub fn with_threats(self, threats: bool) -> Inputs {
        Inputs { threats, ..self }
    }

    /// Whether the threats are among the inputs.
    pub fn threats(&self) -> bool {
        self.threats
    }

    fn threat_inputs(&self) -> usize {
        LOOSE_STEPS + 2 * self.kinds
    }

    fn threats_at(&self) -> usize {
        self.zones() + if self.zone { 2 * KING_ZONE_INPUTS } else { 0 }
    }

    /// Whether each king's zone is among the inputs.
    pub fn zone(&self) -> bool {
        self.zone
    }

    fn cells(&self) -> usize {
        self.files * self.ranks
    }
    fn near(&self) -> usize {
        2 * self.kinds * self.cells()
    }
    fn hand(&self) -> usize {
        self.near() + 4 * self.kinds * WIDTH * WIDTH
    }

    fn zones(&self) -> usize {
        self.hand() + 2 * self.hand_kinds * HAND_STEPS
    }

    /// How many inputs a view has.
    pub fn len(&self) -> usize {
        self.threats_at()
            + if self.threats {
                2 * self.threat_inputs()
            } else {
                0
            }
    }

    /// The kings' zones of `pos` (by player), where the inputs take them.
    pub fn zones_of(&self, pos: &Position) -> Zones {
        let mut z = Zones::default();
        if self.threats {
            let (kings, [a, b]) = Threats::with_zones(pos);
            if self.zone {
                z.kings = kings;
            }
            z.threats = [Some(a), Some(b)];
        } else if self.zone {
            z.kings = [
                KingZone::of(pos, Player::FIRST),
                KingZone::of(pos, Player::SECOND),
            ];
        }
        z
    }

    /// Whether there are none (never).
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Calls `f` with each input of `pos` that is 1 seen by `me`, its files turned over
    /// (left for right) when `mirror` (the rules are the same either way round, so a learning
    /// may see each position twice).
    pub fn each(&self, pos: &Position, me: Player, mirror: bool, f: impl FnMut(usize)) {
        self.each_with(pos, me, mirror, &self.zones_of(pos), f);
    }

    /// [`Inputs::each`], with the kings' zones worked out already ([`Inputs::zones_of`]: the
    /// two views share them).
    pub fn each_with(
        &self,
        pos: &Position,
        me: Player,
        mirror: bool,
        zones: &Zones,
        mut f: impl FnMut(usize),
    ) {
        self.each_of(pos, &[me], mirror, Some(zones), |_, i| f(i));
    }

    /// The inputs of both players' views of `pos` but the kings' zones, in one pass over the
    /// board: `f(p, input)` for the view of player `p` (0 or 1).
    pub fn each_but_zones(&self, pos: &Position, f: impl FnMut(usize, usize)) {
        self.each_of(pos, &[Player::FIRST, Player(1)], false, None, f);
    }

    /// The kings' zones' and the threats' inputs of `me`'s view (none unless they are among
    /// the inputs).
    #[inline]
    pub fn each_zone_input(&self, me: Player, zones: &Zones, mut f: impl FnMut(usize)) {
        if !self.zone && !self.threats {
            return;
        }
        // mine, then theirs (the mirror leaves a zone as it is)
        for (rel, who) in [me, me.opponent()].into_iter().enumerate() {
            if let Some(z) = zones.kings[who.index()] {
                for i in z.onehot() {
                    f(self.zones() + rel * KING_ZONE_INPUTS + i);
                }
            }
        }
        for (rel, who) in [me, me.opponent()].into_iter().enumerate() {
            if let Some(t) = zones.threats[who.index()] {
                let at = self.threats_at() + rel * self.threat_inputs();
                f(at + t.loose.min(LOOSE_STEPS - 1));
                for k in 0..self.kinds {
                    if t.hanging >> k & 1 != 0 {
                        f(at + LOOSE_STEPS + k);
                    }
                    if t.defended >> k & 1 != 0 {
                        f(at + LOOSE_STEPS + self.kinds + k);
                    }
                }
            }
        }
    }

    /// The inputs of each view `views[v]` of `pos`, as `f(v, input)`.
    fn each_of(
        &self,
        pos: &Position,
        views: &[Player],
        mirror: bool,
        zones: Option<&Zones>,
        mut f: impl FnMut(usize, usize),
    ) {
        let g = &pos.variant().geometry;
        // at most two views (the board's two players)
        let views = &views[..views.len().min(2)];
        let mut kings = [[None; 2]; 2];
        for (view, &me) in views.iter().enumerate() {
            kings[view] = self.kings(pos, me, mirror);
        }
        for c in g.cells() {
            let p = pos.piece(c);
            if p.is_empty() {
                continue;
            }
            for (view, &me) in views.iter().enumerate() {
                let rel = usize::from(p.owner() != me);
                let at = self.frame(me, mirror, g.coords(c));
                self.piece_inputs(rel, p.kind().index(), at, &kings[view], &mut |i| f(view, i));
            }
        }
        for (view, &me) in views.iter().enumerate() {
            for (rel, who) in [me, me.opponent()].into_iter().enumerate() {
                for &kind in hand_kinds(pos, self) {
                    let k = kind.index();
                    let n = (pos.hand(who, kind) as usize).min(HAND_STEPS);
                    for s in 0..n {
                        f(view, self.hand_input(rel, k, s));
                    }
                }
            }
            if let Some(zones) = zones {
                self.each_zone_input(me, zones, |i| f(view, i));
            }
        }
    }

    /// A cell's coordinates in `me`'s frame (its own first rank at the bottom), its files
    /// turned over when `mirror`.
    #[inline]
    fn frame(&self, me: Player, mirror: bool, (x, y): (i8, i8)) -> (i32, i32) {
        let (w, h) = (self.files as i32, self.ranks as i32);
        let x = if mirror { w - 1 - x as i32 } else { x as i32 };
        if me == Player::FIRST {
            (x, y as i32)
        } else {
            (w - 1 - x, h - 1 - y as i32)
        }
    }

    /// Where the kings stand in `me`'s frame, `me`'s first.
    #[inline]
    fn kings(&self, pos: &Position, me: Player, mirror: bool) -> [Option<(i32, i32)>; 2] {
        let g = &pos.variant().geometry;
        [me, me.opponent()].map(|who| pos.king(who).map(|c| self.frame(me, mirror, g.coords(c))))
    }

    /// The inputs of a piece of kind index `k` standing at `(x, y)` in a view's frame, `rel`
    /// 0 when it is the view's own: its cell, and its offset from each king (`kings`, the
    /// view's own first, in its frame) within [`NEAR`] steps of it.
    #[inline]
    fn piece_inputs(
        &self,
        rel: usize,
        k: usize,
        (x, y): (i32, i32),
        kings: &[Option<(i32, i32)>; 2],
        f: &mut impl FnMut(usize),
    ) {
        f((rel * self.kinds + k) * self.cells() + (y as usize) * self.files + x as usize);
        if k == 0 {
            return;
        }
        for (which, king) in kings.iter().enumerate() {
            let Some((kx, ky)) = *king else { continue };
            let (dx, dy) = (x - kx + NEAR, y - ky + NEAR);
            if (0..WIDTH as i32).contains(&dx) && (0..WIDTH as i32).contains(&dy) {
                let o = dy as usize * WIDTH + dx as usize;
                f(self.near() + (((which * 2 + rel) * self.kinds + k) * WIDTH * WIDTH) + o);
            }
        }
    }

    /// The input of the `s`th piece (from 0) of kind index `k` in a hand, `rel` 0 for the
    /// view's own.
    #[inline]
    fn hand_input(&self, rel: usize, k: usize, s: usize) -> usize {
        self.hand() + ((rel * self.hand_kinds + k - 1) * HAND_STEPS) + s
    }

    /// Each input's share of the pieces' values (`board` and `hand` by kind index, centipawns):
    /// the straight unit's starting weights, so that a network starts knowing the material
    /// (mine plus half the value, theirs minus half: the two views' difference is the value).
    pub fn material(&self, board: &[i32], hand: &[i32]) -> Vec<f32> {
        let mut out = vec![0.0; self.len()];
        let get = |a: &[i32], k: usize| a.get(k).copied().unwrap_or(0) as f32;
        let cells = self.cells();
        for rel in 0..2 {
            let sign = if rel == 0 { 0.5 } else { -0.5 };
            for k in 1..self.kinds {
                for c in 0..cells {
                    out[(rel * self.kinds + k) * cells + c] = sign * get(board, k);
                }
            }
            for k in 1..=self.hand_kinds {
                for s in 0..HAND_STEPS {
                    out[self.hand_input(rel, k, s)] = sign * get(hand, k);
                }
            }
        }
        out
    }
}

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

/// A network's [`Sums`], for one thread at a time (another counts afresh); a copy of the
/// network starts without them, and they never make two networks differ.
#[derive(Default)]
struct SumCache(std::sync::Mutex<Option<Box<Sums>>>);

impl Clone for SumCache {
    fn clone(&self) -> Self {
        SumCache::default()
    }
}

impl PartialEq for SumCache {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl std::fmt::Debug for SumCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SumCache")
    }
}

/// Slots of [`Sums`] (a power of two).
const SLOTS: usize = 1 << 12;
/// The most rows [`Net::sums`] takes away or adds in a view to bring one position's sums to
/// another's (a move changes at most 3 cells, each with a piece's cell and two offsets, and
/// a hand).
const DELTA: usize = 32;

/// The first layer's sums of both players' views but the kings' zones, of the positions a
/// network scored last, a slot a position (by its hash), with the board and hands they were
/// counted from: a position whose parent (the position before its last move) has a slot
/// takes the parent's sums and the rows of what differs between the two.
struct Sums {
    /// Positions whose sums came from another's (for the tests).
    #[cfg(test)]
    brought: u64,
    width: usize,
    cells: usize,
    hand: usize,
    keys: Vec<u64>,
    sums: Vec<f32>,
    boards: Vec<Piece>,
    hands: Vec<u8>,
}

impl Sums {
    fn new(net: &Net, pos: &Position) -> Sums {
        let (width, cells, hand) = (net.hidden + 1, pos.board().len(), net.inputs.hand_kinds);
        Sums {
            #[cfg(test)]
            brought: 0,
            width,
            cells,
            hand,
            keys: vec![0; SLOTS],
            sums: vec![0.0; SLOTS * 2 * width],
            boards: vec![Piece::EMPTY; SLOTS * cells],
            hands: vec![0; SLOTS * 2 * hand],
        }
    }

    /// The slot holding the position of hash `key`.
    #[inline]
    fn find(&self, key: u64) -> Option<usize> {
        let slot = key as usize & (SLOTS - 1);
        // the key 0 marks an empty slot
        (key != 0 && self.keys[slot] == key).then_some(slot)
    }

    #[inline]
    fn read(&self, slot: usize, acc: &mut [[f32; MAX_HIDDEN + 1]; 2]) {
        let w = self.width;
        for (view, a) in acc.iter_mut().enumerate() {
            let at = (slot * 2 + view) * w;
            a[..w].copy_from_slice(&self.sums[at..at + w]);
        }
    }

    fn board(&self, slot: usize) -> &[Piece] {
        &self.boards[slot * self.cells..(slot + 1) * self.cells]
    }

    /// The hands' counts, the first player's kinds then the second's ([`hand_kinds`]).
    fn hands(&self, slot: usize) -> &[u8] {
        &self.hands[slot * 2 * self.hand..(slot + 1) * 2 * self.hand]
    }

    fn write(
        &mut self,
        key: u64,
        pos: &Position,
        inputs: &Inputs,
        acc: &[[f32; MAX_HIDDEN + 1]; 2],
    ) {
        let slot = key as usize & (SLOTS - 1);
        let w = self.width;
        self.keys[slot] = key;
        for (view, a) in acc.iter().enumerate() {
            let at = (slot * 2 + view) * w;
            self.sums[at..at + w].copy_from_slice(&a[..w]);
        }
        self.boards[slot * self.cells..(slot + 1) * self.cells].copy_from_slice(pos.board());
        let hands = &mut self.hands[slot * 2 * self.hand..(slot + 1) * 2 * self.hand];
        for (who, player) in [Player::FIRST, Player(1)].into_iter().enumerate() {
            for (j, &kind) in hand_kinds(pos, inputs).enumerate() {
                hands[who * self.hand + j] = pos.hand(player, kind);
            }
        }
    }
}

/// The kinds a hand's inputs count, in the game's order.
fn hand_kinds<'a>(pos: &'a Position, inputs: &Inputs) -> impl Iterator<Item = &'a Kind> + 'a {
    let most = inputs.hand_kinds;
    pos.variant()
        .hand_order
        .iter()
        .filter(move |k| (1..=most).contains(&k.index()))
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

    /// The network in `text` (see the module's docs) for `pos`'s game.
    ///
    /// # Errors
    /// What is wrong, named: the header, another game, a word that is not a number, the count.
    pub fn read(text: &str, pos: &Position) -> Result<Net, String> {
        Net::unpacked(&super::packed::pack(text)?, pos)
    }

    /// The network packed in `bytes` ([`super::packed`]) for `pos`'s game.
    ///
    /// # Errors
    /// What is wrong, named: the header, another game, the count.
    pub fn unpacked(bytes: &[u8], pos: &Position) -> Result<Net, String> {
        let mut packed = super::packed::unpack(bytes)?;
        if packed.game != pos.game().to_string() {
            return Err(format!(
                "a network for {:?}, not {}",
                packed.game,
                pos.game()
            ));
        }
        let [n_inputs, hidden, hidden2, scale, unit] = packed.header;
        let (n_inputs, hidden, hidden2) = (n_inputs as usize, hidden as usize, hidden2 as usize);
        if unit < 1.0 {
            return Err(format!("a unit of {unit}: 1 or more"));
        }
        // the count says whether the kings' zones and the threats are among them
        let plain = Inputs::of(pos);
        let shapes = [(false, false), (true, false), (false, true), (true, true)];
        let Some(&(zone, threats)) = shapes
            .iter()
            .find(|&&(z, t)| plain.with_zone(z).with_threats(t).len() == n_inputs)
        else {
            return Err(format!(
                "{n_inputs} inputs; {} takes {} ({} with the kings' zones, {} with the threats, \
                 {} with both)",
                pos.game(),
                plain.len(),
                plain.with_zone(true).len(),
                plain.with_threats(true).len(),
                plain.with_zone(true).with_threats(true).len()
            ));
        };
        let mut net = Net::zeroed(pos, hidden, hidden2, zone, threats)?;
        net.scale = scale;
        for (i, x) in net.weights_mut().into_iter().enumerate() {
            let w = packed
                .next()
                .ok_or_else(|| format!("it ends before weight {}", i + 1))?;
            *x = w as f32 / unit;
        }
        if !packed.is_done() {
            return Err("more weights than the shape takes".into());
        }
        Ok(net)
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

    /// The network as text (see the module's docs), after `comment`'s lines, each weight
    /// rounded to the nearest [`UNIT`]th.
    pub fn write(&self, comment: &str) -> String {
        use std::fmt::Write as _;
        let mut text = String::new();
        for line in comment.lines() {
            let _ = writeln!(text, "# {line}");
        }
        let _ = writeln!(
            text,
            "koma-net {} {} {} {} {} {UNIT}",
            self.game,
            self.inputs.len(),
            self.hidden,
            self.hidden2,
            self.scale
        );
        let mut copy = self.clone();
        let all: Vec<f32> = copy.weights_mut().into_iter().map(|x| *x).collect();
        for row in all.chunks(self.hidden + 1) {
            let row: Vec<String> = row
                .iter()
                .map(|x| format!("{}", (x * UNIT).round() as i64))
                .collect();
            let _ = writeln!(text, "{}", row.join(" "));
        }
        text
    }

    /// The first layer's sums of both players' views of `pos` (by player) but the kings'
    /// zones, from the sums of a position scored before where the cache has them ([`Sums`]),
    /// else counted afresh.
    #[inline]
    fn sums(&self, pos: &Position, acc: &mut [[f32; MAX_HIDDEN + 1]; 2]) {
        // another thread scoring with the same network counts afresh rather than waits
        let Ok(mut cache) = self.cache.0.try_lock() else {
            self.fresh_sums(pos, acc);
            return;
        };
        let cache = cache.get_or_insert_with(|| Box::new(Sums::new(self, pos)));
        if cache.width != self.hidden + 1 || cache.cells != pos.board().len() {
            self.fresh_sums(pos, acc);
            return;
        }
        let key = pos.hash();
        // the position's own slot, else its parent's: either way the sums are brought by what
        // differs from the board and hands kept there (none, unless two positions share a
        // hash), so a slot that holds another position never gives wrong sums
        let from_parent = [Some(key), pos.parent_hash()]
            .into_iter()
            .flatten()
            .find_map(|h| cache.find(h))
            .is_some_and(|slot| self.sums_from(pos, cache, slot, acc));
        if !from_parent {
            self.fresh_sums(pos, acc);
        }
        #[cfg(test)]
        {
            cache.brought += u64::from(from_parent);
        }
        cache.write(key, pos, &self.inputs, acc);
    }

    /// The sums of [`Net::sums`] counted afresh.
    fn fresh_sums(&self, pos: &Position, acc: &mut [[f32; MAX_HIDDEN + 1]; 2]) {
        let n = self.hidden + 1;
        let mut rows = [[0usize; ROWS]; 2];
        let mut len = [0usize; 2];
        for a in acc.iter_mut() {
            a[..n].copy_from_slice(&self.b1);
        }
        self.inputs.each_but_zones(pos, |view, i| {
            if len[view] == ROWS {
                self.add_rows(&rows[view], &mut acc[view][..n]);
                len[view] = 0;
            }
            rows[view][len[view]] = i;
            len[view] += 1;
        });
        for view in 0..2 {
            self.add_rows(&rows[view][..len[view]], &mut acc[view][..n]);
        }
    }

    /// The sums of [`Net::sums`] brought from those of the position in the cache's `slot` by
    /// the inputs of the cells and hands that differ; false (and `acc` to be counted afresh)
    /// where a king stands elsewhere (every piece's offset from it changes) or too much
    /// differs.
    fn sums_from(
        &self,
        pos: &Position,
        cache: &Sums,
        slot: usize,
        acc: &mut [[f32; MAX_HIDDEN + 1]; 2],
    ) -> bool {
        let inputs = &self.inputs;
        let g = &pos.variant().geometry;
        let players = [Player::FIRST, Player(1)];
        let kings = players.map(|me| inputs.kings(pos, me, false));
        // the rows to take away and to add, by view
        let mut gone = [[0usize; DELTA]; 2];
        let mut came = [[0usize; DELTA]; 2];
        let (mut ng, mut nc) = ([0usize; 2], [0usize; 2]);
        let mut fits = true;
        let mut push = |rows: &mut [[usize; DELTA]; 2], n: &mut [usize; 2], view: usize, i| {
            if n[view] < DELTA {
                rows[view][n[view]] = i;
                n[view] += 1;
            } else {
                fits = false;
            }
        };
        let (board, before) = (pos.board(), cache.board(slot));
        for (c, (&now, &was)) in g.cells().zip(board.iter().zip(before)) {
            if now == was {
                continue;
            }
            for (p, added) in [(was, false), (now, true)] {
                if p.is_empty() {
                    continue;
                }
                let k = p.kind().index();
                if k == 0 {
                    return false;
                }
                for (view, me) in players.into_iter().enumerate() {
                    let rel = usize::from(p.owner() != me);
                    let at = inputs.frame(me, false, g.coords(c));
                    inputs.piece_inputs(rel, k, at, &kings[view], &mut |i| {
                        if added {
                            push(&mut came, &mut nc, view, i);
                        } else {
                            push(&mut gone, &mut ng, view, i);
                        }
                    });
                }
            }
        }
        let held = cache.hands(slot);
        for (who, player) in players.into_iter().enumerate() {
            for (j, &kind) in hand_kinds(pos, inputs).enumerate() {
                let k = kind.index();
                let now = (pos.hand(player, kind) as usize).min(HAND_STEPS);
                let was = (held[who * cache.hand + j] as usize).min(HAND_STEPS);
                for view in 0..2 {
                    let rel = usize::from(view != who);
                    for s in now..was {
                        push(&mut gone, &mut ng, view, inputs.hand_input(rel, k, s));
                    }
                    for s in was..now {
                        push(&mut came, &mut nc, view, inputs.hand_input(rel, k, s));
                    }
                }
            }
        }
        if !fits {
            return false;
        }
        let n = self.hidden + 1;
        cache.read(slot, acc);
        for view in 0..2 {
            let a = &mut acc[view][..n];
            for &i in &gone[view][..ng[view]] {
                for (x, w) in a.iter_mut().zip(&self.w1[i * n..(i + 1) * n]) {
                    *x -= w;
                }
            }
            self.add_rows(&came[view][..nc[view]], a);
        }
        true
    }

    /// Adds the first layer's rows of the inputs `rows` to `acc`, eight units at a time over
    /// all the rows (the eight sums stay in registers, where adding row by row loads and
    /// stores every sum once a row).
    #[inline]
    fn add_rows(&self, rows: &[usize], acc: &mut [f32]) {
        match acc.len() {
            33 => self.add_rows_of::<33>(rows, acc),
            17 => self.add_rows_of::<17>(rows, acc),
            65 => self.add_rows_of::<65>(rows, acc),
            n => {
                for &i in rows {
                    for (a, w) in acc.iter_mut().zip(&self.w1[i * n..(i + 1) * n]) {
                        *a += w;
                    }
                }
            }
        }
    }

    #[inline]
    fn add_rows_of<const N: usize>(&self, rows: &[usize], acc: &mut [f32]) {
        let mut sums = [0.0f32; N];
        sums.copy_from_slice(&acc[..N]);
        for &i in rows {
            let Some(w) = self.w1.get(i * N..(i + 1) * N) else {
                continue;
            };
            for k in 0..N {
                sums[k] += w[k];
            }
        }
        acc[..N].copy_from_slice(&sums);
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
                include_str!("shogi.net"),
                GameId::Shogi,
            ),
            (
                super::super::minishogi::NET,
                include_str!("minishogi.net"),
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
