//! The terms every game's evaluation is made of, weighted by each game's own table
//! ([`Weights`]): material on the board and in hand, advancement, the royal's guards and the
//! enemy pieces near it, and the royal's progress into the enemy camp.
//!
//! A king-danger term was tried and left out: the enemy's attacks on the cells next to the
//! king (counted from both sides' attack maps), the cells only the king defends, the escapes
//! left, and the checks the enemy could drop where no other piece answers them, squared into a
//! penalty. It slowed the search a good deal and no match showed a gain (the figures are in
//! `docs/engine.md`, "Measured decisions").

use koma_rules::{Cell, Player, Position};

/// One game's weights, in centipawns (a pawn on the board is about 100).
pub struct Weights {
    /// A piece on the board, by kind index (royals 0).
    pub board: &'static [i32],
    /// A piece in hand, by kind index (worth more than on the board: it can be dropped
    /// anywhere).
    pub hand: &'static [i32],
    /// A piece's worth for each rank it has advanced from its owner's first rank, by kind index.
    pub advance: &'static [i32],
    /// Each own piece next to a royal.
    pub guard: i32,
    /// Each enemy piece within two steps of a royal.
    pub attacker: i32,
    /// Each piece the enemies hold in hand, near an exposed royal (drops make attacks).
    pub enemy_hand: i32,
    /// A royal inside the enemy camp (entering king: impasse and the declaration count it).
    pub royal_in_camp: i32,
}

/// Steps between two cells: king steps on a square board, hex steps on the hexagon.
#[inline]
pub fn distance(pos: &Position, a: Cell, b: Cell) -> i32 {
    pos.variant().geometry.distance(a, b)
}

/// Ranks a cell stands from `owner`'s first rank (square boards; 0 on the hexagon).
#[inline]
fn progress(pos: &Position, owner: Player, cell: Cell) -> i32 {
    let v = pos.variant();
    let koma_rules::Shape::Square { height: h, .. } = v.geometry.shape() else {
        return 0;
    };
    let rank = v.file_rank(cell).1 as i32; // 0 at the top (gote's side)
    if owner == Player::FIRST {
        h as i32 - 1 - rank
    } else {
        rank
    }
}

/// Each player's sum of the terms (index = player), before the players are set against each
/// other.
pub fn sides(pos: &Position, w: &Weights) -> [i32; 3] {
    let v = pos.variant();
    let players = v.players() as usize;
    let mut total = [0i32; 3];
    let royals: Vec<(Player, Cell)> = (0..players as u8)
        .filter_map(|p| pos.king(Player(p)).map(|c| (Player(p), c)))
        .collect();
    let mut guards = [0i32; 3];
    let mut attackers = [0i32; 3];
    for c in v.geometry.cells() {
        let p = pos.piece(c);
        if p.is_empty() {
            continue;
        }
        let (owner, k) = (p.owner(), p.kind().index());
        let o = owner.index();
        total[o] += w.board.get(k).copied().unwrap_or(0);
        total[o] += w.advance.get(k).copied().unwrap_or(0) * progress(pos, owner, c);
        if v.kind(p.kind()).royal {
            continue;
        }
        for &(rp, rc) in &royals {
            let d = distance(pos, c, rc);
            if rp == owner && d <= 1 {
                guards[rp.index()] += 1;
            } else if rp != owner && d <= 2 {
                attackers[rp.index()] += 1;
            }
        }
    }
    for (p, side) in total.iter_mut().enumerate().take(players) {
        for &kind in &v.hand_order {
            let n = pos.hand(Player(p as u8), kind) as i32;
            *side += n * w.hand.get(kind.index()).copied().unwrap_or(0);
        }
    }
    for &(rp, rc) in &royals {
        let r = rp.index();
        total[r] += w.guard * guards[r] - w.attacker * attackers[r];
        if guards[r] < 2 && w.enemy_hand != 0 {
            let held: i32 = (0..players as u8)
                .filter(|&q| q != rp.0)
                .map(|q| {
                    v.hand_order
                        .iter()
                        .map(|&k| pos.hand(Player(q), k) as i32)
                        .sum::<i32>()
                })
                .sum();
            total[r] -= w.enemy_hand * held * (2 - guards[r]);
        }
        if w.royal_in_camp != 0 && v.in_zone(rp, rc) {
            total[r] += w.royal_in_camp;
        }
    }
    total
}

/// The worth to `player`: its own sum less the others' (their mean with three players).
pub fn against(total: [i32; 3], players: u8, player: Player) -> i32 {
    let me = total[player.index()];
    let others: i32 = (0..players)
        .filter(|&p| p != player.0)
        .map(|p| total[p as usize])
        .sum();
    me - others / (players as i32 - 1).max(1)
}
