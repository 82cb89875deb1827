//! **The inputs** (each 0 or 1), for one side, "mine" and "theirs" as that side sees them, the
//! board in its own frame (its first rank at the bottom; the files not folded):
//! - a piece on a cell: mine or theirs, kind, cell;
//! - a piece near a king (within [`NEAR`] steps): my king or theirs, mine or theirs, kind,
//!   offset from that king;
//! - pieces in hand: mine or theirs, kind, and one input for each of the first four pieces
//!   held.
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

use koma_rules::{Kind, Player, Position};

use super::super::linear::{KING_ZONE_INPUTS, KingZone};
use super::*;

/// Where each input stands, from the board's size and kinds.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Inputs {
    pub(super) files: usize,
    pub(super) ranks: usize,
    pub(super) kinds: usize,
    pub(super) hand_kinds: usize,
    /// With each king's zone ([`KingZone`]).
    pub(super) zone: bool,
    /// With each side's pieces the enemy attacks ([`Threats`]).
    pub(super) threats: bool,
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
pub(super) const LOOSE_STEPS: usize = 4;

/// The kings' zones and the threats of a position, by player, worked out once for both views.
#[derive(Copy, Clone, Debug, Default)]
pub struct Zones {
    pub(super) kings: [Option<KingZone>; 2],
    pub(super) threats: [Option<Threats>; 2],
}

pub(super) const WIDTH: usize = (2 * NEAR + 1) as usize;

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

    pub(super) fn threat_inputs(&self) -> usize {
        LOOSE_STEPS + 2 * self.kinds
    }

    pub(super) fn threats_at(&self) -> usize {
        self.zones() + if self.zone { 2 * KING_ZONE_INPUTS } else { 0 }
    }

    /// Whether each king's zone is among the inputs.
    pub fn zone(&self) -> bool {
        self.zone
    }

    pub(super) fn cells(&self) -> usize {
        self.files * self.ranks
    }
    pub(super) fn near(&self) -> usize {
        2 * self.kinds * self.cells()
    }
    pub(super) fn hand(&self) -> usize {
        self.near() + 4 * self.kinds * WIDTH * WIDTH
    }

    pub(super) fn zones(&self) -> usize {
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
    pub(super) fn each_of(
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
    pub(super) fn frame(&self, me: Player, mirror: bool, (x, y): (i8, i8)) -> (i32, i32) {
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
    pub(super) fn kings(
        &self,
        pos: &Position,
        me: Player,
        mirror: bool,
    ) -> [Option<(i32, i32)>; 2] {
        let g = &pos.variant().geometry;
        [me, me.opponent()].map(|who| pos.king(who).map(|c| self.frame(me, mirror, g.coords(c))))
    }

    /// The inputs of a piece of kind index `k` standing at `(x, y)` in a view's frame, `rel`
    /// 0 when it is the view's own: its cell, and its offset from each king (`kings`, the
    /// view's own first, in its frame) within [`NEAR`] steps of it.
    #[inline]
    pub(super) fn piece_inputs(
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
    pub(super) fn hand_input(&self, rel: usize, k: usize, s: usize) -> usize {
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

/// The kinds a hand's inputs count, in the game's order.
pub(super) fn hand_kinds<'a>(
    pos: &'a Position,
    inputs: &Inputs,
) -> impl Iterator<Item = &'a Kind> + 'a {
    let most = inputs.hand_kinds;
    pos.variant()
        .hand_order
        .iter()
        .filter(move |k| (1..=most).contains(&k.index()))
}
