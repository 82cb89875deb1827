//! Chu shogi's handicaps (手合い) of the Japanese Chu Shogi Association.
//!
//! See [`CHU_HANDICAPS`]: removals and changes, then the giver's setup actions as moves (hole
//! filling, pre-moves, a pass to stop early), recorded, undone and counted by perft like any
//! move. A position in its setup phase is written in SFEN as its board only; a saved game keeps
//! the handicap id and the moves.

use crate::geometry::Cell;
use crate::moves::Move;
use crate::piece::{Kind, Player};
use crate::position::{MoveList, Position};
use crate::variant::chu::{ChuSetup, kinds};

/// A chu shogi handicap of the Japanese Chu Shogi Association.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ChuHandicap {
    /// Stable id, shared by the CLI, the interface and saved games.
    pub id: &'static str,
    /// Japanese name.
    pub name: &'static str,
    /// English name.
    pub english: &'static str,
    /// Practice only (not counted for ratings).
    pub practice: bool,
    /// The giver's (gote's) pieces removed, by square.
    removed: &'static [&'static str],
    /// Whether the holes are filled with small pieces.
    fill: bool,
    /// Pre-moves of small pieces.
    premoves: u8,
    /// The receiver's drunk elephant becomes a crown prince.
    prince: bool,
    /// The receiver's kirin becomes a lion.
    lion2: bool,
    /// The giver's kirin and the receiver's phoenix swap, and the receiver's kirins become lions.
    lion3: bool,
}

const fn h(
    id: &'static str,
    name: &'static str,
    english: &'static str,
    removed: &'static [&'static str],
    fill: bool,
    premoves: u8,
) -> ChuHandicap {
    ChuHandicap {
        id,
        name,
        english,
        practice: false,
        removed,
        fill,
        premoves,
        prince: false,
        lion2: false,
        lion3: false,
    }
}

/// The official handicaps (1-10, 小駒落 by the piece the giver chooses to remove) and the three
/// practice ones. The giver is gote; its right side is the high files (12 to 7). Running pieces
/// removed (rook and above) leave a hole the giver fills with a small piece (gold, silver, copper
/// or leopard) before play (the source's general rule, applied to 獅子二飛車落 too); then the giver
/// may make two small-piece moves inside its camp for each extra lion of the receiver and each
/// running piece removed, stopping early if it likes; then the giver moves first. In the
/// practice handicaps the giver instead rearranges its camp freely (not pawns, go-betweens,
/// bishops, lions, phoenixes or kirins) until it passes.
pub const CHU_HANDICAPS: [ChuHandicap; 16] = [
    h("even", "平手", "Even", &[], false, 0),
    h(
        "small-gold",
        "小駒落（金）",
        "Small piece: gold removed",
        &["8a"],
        false,
        0,
    ),
    h(
        "small-silver",
        "小駒落（銀）",
        "Small piece: silver removed",
        &["9a"],
        false,
        0,
    ),
    h(
        "small-copper",
        "小駒落（銅）",
        "Small piece: copper removed",
        &["10a"],
        false,
        0,
    ),
    h(
        "small-leopard",
        "小駒落（豹）",
        "Small piece: leopard removed",
        &["11a"],
        false,
        0,
    ),
    h(
        "side-mover",
        "横行落",
        "Side mover removed",
        &["12c"],
        true,
        2,
    ),
    h(
        "vertical-mover",
        "竪行落",
        "Vertical mover removed",
        &["11c"],
        true,
        2,
    ),
    ChuHandicap {
        prince: true,
        ..h("two-kings", "二枚王", "Two kings", &[], false, 0)
    },
    ChuHandicap {
        lion2: true,
        ..h("lion-2", "獅子二", "Two lions", &[], false, 2)
    },
    ChuHandicap {
        lion2: true,
        ..h(
            "lion-2-rook",
            "獅子二飛車落",
            "Two lions, rook removed",
            &["10c"],
            true,
            4,
        )
    },
    ChuHandicap {
        lion3: true,
        ..h("lion-3", "獅子三", "Three lions", &[], false, 4)
    },
    ChuHandicap {
        lion3: true,
        ..h(
            "lion-3-queen",
            "獅子三奔王落",
            "Three lions, free king removed",
            &["7c"],
            true,
            6,
        )
    },
    ChuHandicap {
        lion3: true,
        ..h(
            "lion-3-queen-dragon",
            "獅子三奔龍落",
            "Three lions, free king and dragon removed",
            &["7c", "8c"],
            true,
            8,
        )
    },
    ChuHandicap {
        lion3: true,
        practice: true,
        ..h(
            "lion-3-queen-dragon-rook",
            "獅子三奔龍飛落",
            "Three lions, free king, dragon and rook removed",
            &["7c", "8c", "10c"],
            false,
            0,
        )
    },
    ChuHandicap {
        lion3: true,
        practice: true,
        ..h(
            "lion-3-right-vertical",
            "獅子三奔龍飛竪落",
            "Three lions, right side to the vertical mover removed",
            &["7c", "8c", "9c", "10c", "11c"],
            false,
            0,
        )
    },
    ChuHandicap {
        lion3: true,
        practice: true,
        ..h(
            "lion-3-right-side",
            "獅子三片駒",
            "Three lions, right side to the side mover removed",
            &["7c", "8c", "9c", "10c", "11c", "12c"],
            false,
            0,
        )
    },
];

/// The chu handicaps, official first, then practice.
pub fn handicaps() -> impl Iterator<Item = &'static ChuHandicap> {
    CHU_HANDICAPS.iter()
}

/// The handicap with this id or Japanese name.
pub fn find_handicap(name: &str) -> Option<&'static ChuHandicap> {
    handicaps().find(|h| h.id == name || h.name == name)
}

impl ChuHandicap {
    /// The position at the start of the handicap game: pieces removed and changed, the setup
    /// steps pending, the giver (gote) to move.
    pub fn position(&self) -> Position {
        use crate::piece::Piece;
        let start = Position::start(crate::variant::GameId::Chushogi);
        let v = start.variant();
        let sq = |s: &str| v.cell_by_name(s);
        if self.id == "even" {
            return start;
        }
        let mut p = crate::position::setup::Setup::of(&start);
        let mut holes = [u8::MAX; 4];
        let mut n = 0;
        for r in self.removed {
            if let Some(c) = sq(r) {
                p.put(c, Piece::EMPTY);
                if self.fill && n < holes.len() {
                    holes[n] = c.0;
                    n += 1;
                }
            }
        }
        let lion = Piece::new(Player::FIRST, kinds::LION);
        if self.prince
            && let Some(c) = sq("6l")
        {
            p.put(c, Piece::new(Player::FIRST, kinds::CROWN_PRINCE));
        }
        if self.lion2
            && let Some(c) = sq("7k")
        {
            p.put(c, lion);
        }
        if self.lion3 {
            // the giver's kirin (6b) and the receiver's phoenix (6k) swap squares and owners'
            // sides: the receiver's two kirins become lions, the giver has two phoenixes
            if let (Some(b), Some(k), Some(k2)) = (sq("6b"), sq("6k"), sq("7k")) {
                p.put(b, Piece::new(Player::SECOND, kinds::PHOENIX));
                p.put(k, lion);
                p.put(k2, lion);
            }
        }
        p.turn = Player::SECOND;
        p.setup_steps = Some(ChuSetup {
            holes,
            premoves: self.premoves,
            rearrange: self.practice,
        })
        .filter(|s| !s.is_done());
        // the handicaps are constants, each checked by the tests
        p.into_position().unwrap_or(start)
    }
}

/// Small pieces for hole filling and pre-moves: gold, silver, copper, ferocious leopard.
fn is_small(k: Kind) -> bool {
    use kinds::{COPPER, GOLD, LEOPARD, SILVER};
    matches!(k, GOLD | SILVER | COPPER | LEOPARD)
}

/// Pieces the practice handicaps may not move in the rearranging: pawns, go-betweens, bishops,
/// lions, phoenixes and kirins.
fn fixed_in_rearranging(k: Kind) -> bool {
    use kinds::{BISHOP, GO_BETWEEN, KIRIN, LION, PAWN, PHOENIX};
    matches!(k, PAWN | GO_BETWEEN | BISHOP | KIRIN | PHOENIX | LION)
}

/// The setup actions of the giver (gote): fill a hole with a small piece; a pre-move of a small
/// piece to an empty square inside its camp (its four home ranks); a rearranging move (any
/// empty square of the camp); a pass that ends the pre-moves or the rearranging.
pub(crate) fn setup_moves(pos: &Position, setup: &ChuSetup, out: &mut MoveList) {
    let v = pos.variant();
    let me = pos.turn();
    let camp = |c: Cell| v.in_zone(me.opponent(), c);
    let own = |c: Cell| {
        let q = pos.piece(c);
        (!q.is_empty() && q.owner() == me).then_some(q.kind())
    };
    let holes: Vec<Cell> = setup.open_holes().collect();
    if !holes.is_empty() {
        for &hole in &holes {
            for from in v.geometry.cells() {
                if own(from).is_some_and(is_small) {
                    out.push(Move::Board {
                        from,
                        to: hole,
                        promote: false,
                    });
                }
            }
        }
        return;
    }
    if setup.rearrange {
        for from in v.geometry.cells() {
            if own(from).is_some_and(|k| !fixed_in_rearranging(k)) && camp(from) {
                for to in v.geometry.cells() {
                    if camp(to) && pos.piece(to).is_empty() {
                        out.push(Move::Board {
                            from,
                            to,
                            promote: false,
                        });
                    }
                }
            }
        }
        out.push(Move::Pass);
        return;
    }
    if setup.premoves > 0 {
        for from in v.geometry.cells() {
            let Some(k) = own(from).filter(|&k| is_small(k)) else {
                continue;
            };
            for ray in v.rays(me, k, from) {
                for &to in ray {
                    if !pos.piece(to).is_empty() {
                        break;
                    }
                    if camp(to) {
                        out.push(Move::Board {
                            from,
                            to,
                            promote: false,
                        });
                    }
                }
            }
        }
        out.push(Move::Pass);
    }
}

/// The setup after `mv`.
pub(crate) fn next_setup(setup: ChuSetup, mv: Move) -> Option<ChuSetup> {
    let mut s = setup;
    match mv {
        Move::Pass => {
            s.premoves = 0;
            s.rearrange = false;
        }
        Move::Board { to, .. } => {
            if let Some(h) = s.holes.iter_mut().find(|h| **h == to.0) {
                *h = u8::MAX;
            } else if !s.rearrange && s.premoves > 0 {
                s.premoves -= 1;
            }
        }
        _ => {}
    }
    (!s.is_done()).then_some(s)
}
