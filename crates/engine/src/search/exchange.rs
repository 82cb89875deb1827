//! The static exchange: what a capture or a move onto an attacked cell wins or loses when both
//! sides go on capturing there. The search orders losing captures after the quiet moves,
//! quiescence skips them, and a check that loses the checker is searched as a quiet move.

use koma_rules::{Move, Position};

use crate::eval::Evaluator;

/// The static exchange of `mv` in `pos`: what the mover wins (or loses, below zero) when both
/// sides go on capturing on its cell, each with its least valuable piece
/// ([`Position::least_attacker`]) and each free to stop. Pieces are worth their `eval` value (at
/// least 50), a royal more than anything it could win, so it never takes onto a defended cell.
/// Two-player games. A lion's double move wins what it takes on both squares and then stands
/// on the last (its start square after igui), the square it passed over empty behind it; a pass
/// wins nothing. Promotions on the way are not counted. A capture of something worth at least
/// the capturer is not played out: the answer is then a lower bound (never below zero), which
/// is all the search asks.
pub(crate) fn exchange(pos: &Position, mv: Move, eval: &dyn Evaluator) -> i32 {
    let worth = |kind: koma_rules::Kind| {
        if pos.variant().kind(kind).royal {
            20_000
        } else {
            eval.value(kind).max(50)
        }
    };
    let me = pos.turn();
    let taken = |c: koma_rules::Cell| {
        let p = pos.piece(c);
        if !p.is_empty() && p.owner() != me {
            worth(p.kind())
        } else {
            0
        }
    };
    let mut used: Vec<koma_rules::Cell> = Vec::with_capacity(16);
    let (to, mut moving, first) = match mv {
        Move::Board { from, to, .. } => {
            used.push(from);
            (to, pos.piece(from).kind(), taken(to))
        }
        Move::Drop { kind, to } => (to, kind, taken(to)),
        Move::Double { from, mid, to } => {
            used.push(mid);
            if to == from {
                (to, pos.piece(from).kind(), taken(mid))
            } else {
                used.push(from);
                (to, pos.piece(from).kind(), taken(mid) + taken(to))
            }
        }
        Move::Pass => return 0,
    };
    let mut gain = [0i32; 40];
    gain[0] = first;
    if gain[0] > 0 && gain[0] >= worth(moving) {
        return gain[0] - worth(moving);
    }
    let mut side = me.opponent();
    let mut d = 0;
    while d + 1 < gain.len() {
        let Some(c) = pos.least_attacker(to, side, &used, worth) else {
            break;
        };
        d += 1;
        // the piece standing on the cell is taken
        gain[d] = worth(moving) - gain[d - 1];
        if (-gain[d - 1]).max(gain[d]) < 0 {
            break;
        }
        moving = pos.piece(c).kind();
        used.push(c);
        side = side.opponent();
    }
    // each side stops where going on would lose
    while d > 0 {
        gain[d - 1] = -(-gain[d - 1]).max(gain[d]);
        d -= 1;
    }
    gain[0]
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)] // test code: a failure is a test failure
    use super::*;
    use koma_rules::GameId;
    use koma_rules::notation::{read_move, read_position};

    fn see(sfen: &str, mv: &str) -> i32 {
        let p = read_position(GameId::Shogi, sfen).unwrap();
        let mv = read_move(p.variant(), mv).unwrap();
        exchange(&p, mv, crate::eval::evaluator(GameId::Shogi))
    }

    #[test]
    fn exchanges_count_the_defenders() {
        use crate::eval::shogi::BOARD;
        let (rook, pawn, silver, gold) = (BOARD[1], BOARD[7], BOARD[4], BOARD[3]);
        // a rook takes a pawn the gold on 5d defends: the rook is lost for the pawn
        let defended = "4k4/9/9/4g4/4p4/9/9/9/K3R4 b - 1";
        assert_eq!(see(defended, "5i5e"), pawn - rook);
        // undefended, the pawn is won
        assert_eq!(see("4k4/9/9/9/4p4/9/9/9/K3R4 b - 1", "5i5e"), pawn);
        // a silver takes it with the rook behind: the gold does not take back (it would be
        // lost for the silver), so the pawn is won
        let backed = "4k4/9/9/4g4/4p4/4S4/9/9/K3R4 b - 1";
        assert_eq!(see(backed, "5f5e"), pawn);
        assert!(gold > silver);
        // without the rook behind, the gold takes the silver back
        let bare = "4k4/9/9/4g4/4p4/4S4/9/9/K8 b - 1";
        assert_eq!(see(bare, "5f5e"), pawn - silver);
        // a gold dropped where a pawn takes it is lost; where nothing does, nothing is
        assert_eq!(see("4k4/9/9/4p4/9/9/9/9/K8 b G 1", "G*5e"), -gold);
        assert_eq!(see("4k4/9/9/9/9/9/9/9/K8 b G 1", "G*5e"), 0);
        // a king never takes onto a defended cell
        assert!(see("9/9/9/9/9/3g5/4p4/4K4/k8 b - 1", "5h5g") < 0);
        // a capture of something worth more is a gain at once
        assert!(see(defended, "5i5e") < 0 && see("4k4/9/9/4g4/4r4/9/9/9/K3S4 b - 1", "5i5e") > 0);
    }

    #[test]
    fn a_lions_double_move_wins_both_squares_and_stands_on_the_last() {
        use crate::eval::chushogi::BOARD;
        let (pawn, lion) = (BOARD[7], BOARD[20]);
        let see = |sfen: &str, mv: &str| {
            let p = read_position(GameId::Chushogi, sfen).unwrap();
            let mv = read_move(p.variant(), mv).unwrap();
            exchange(&p, mv, crate::eval::evaluator(GameId::Chushogi))
        };
        // a lion on 7g, enemy pawns on 7f and 7e
        let open = "k11/12/12/12/5p6/5p6/5N6/12/12/12/12/11K b - 1";
        assert_eq!(see(open, "7g7f7e"), 2 * pawn);
        // igui: the pawn on 7f taken, the lion back on 7g
        assert_eq!(see(open, "7g7f7g"), pawn);
        // a gold on 7d guards 7e: the lion taking both is lost there, not on its way back
        let guarded = "k11/12/12/5g6/5p6/5p6/5N6/12/12/12/12/11K b - 1";
        assert_eq!(see(guarded, "7g7f7e"), 2 * pawn - lion);
        assert_eq!(see(guarded, "7g7f7g"), pawn);
        // a pass wins nothing, and leaves the lion where the pawn on 7f takes it
        assert_eq!(see(open, "7g8g7g"), -lion);
        assert_eq!(
            see("k11/12/12/12/5p6/12/5N6/12/12/12/12/11K b - 1", "7g8g7g"),
            0
        );
    }
}
