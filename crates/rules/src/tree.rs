//! A game with its variations: a tree of moves from a start position, as an analysis board and
//! a KIF viewer keep it. Each node is a move; its first child is the main continuation and the
//! others are variations. A move played where the tree already has it goes to that node; any
//! other move from an earlier position makes a branch instead of cutting the record. Branches
//! can be promoted (each move on the way becomes its parent's first child, so the branch is the
//! main line) and deleted with everything after them.
//!
//! [`Tree::to_record`] and [`Tree::from_record`] turn it into a record's main line and
//! variations in KIF's order ([`crate::record::Variation`]): a line's variations from its last
//! branch to its first, each followed by its own.

use crate::moves::Move;
use crate::position::Position;
use crate::record::{Record, Variation};

/// A node of a [`Tree`]: its index.
pub type NodeId = usize;

/// The start, the root's node.
pub const ROOT: NodeId = 0;

#[derive(Clone, Debug, PartialEq, Eq)]
struct Node {
    /// The move (none at the root).
    mv: Option<Move>,
    parent: Option<NodeId>,
    /// The main continuation first.
    children: Vec<NodeId>,
    /// Deleted with its branch (the index stays, the node is out of the tree).
    gone: bool,
}

/// A game with its variations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tree {
    start: Position,
    nodes: Vec<Node>,
}

impl Tree {
    /// A tree of no move from `start`.
    pub fn new(start: Position) -> Tree {
        Tree {
            start,
            nodes: vec![Node {
                mv: None,
                parent: None,
                children: Vec::new(),
                gone: false,
            }],
        }
    }

    /// A tree whose main line is `moves` (not checked: the caller's game has played them).
    pub fn from_line(start: Position, moves: &[Move]) -> Tree {
        let mut t = Tree::new(start);
        let mut at = ROOT;
        for &m in moves {
            at = t.add(at, m);
        }
        t
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// Play `mv` after `at`: the child that already has it, else a new one (the main
    /// continuation where `at` had none, else a variation).
    pub fn add(&mut self, at: NodeId, mv: Move) -> NodeId {
        if let Some(&c) = self.nodes[at]
            .children
            .iter()
            .find(|&&c| self.nodes[c].mv == Some(mv))
        {
            return c;
        }
        let id = self.nodes.len();
        self.nodes.push(Node {
            mv: Some(mv),
            parent: Some(at),
            children: Vec::new(),
            gone: false,
        });
        self.nodes[at].children.push(id);
        id
    }

    /// Whether `id` is a node of the tree (not deleted).
    pub fn contains(&self, id: NodeId) -> bool {
        self.nodes.get(id).is_some_and(|n| !n.gone)
    }

    /// The move of `id` (none at the root).
    pub fn mv(&self, id: NodeId) -> Option<Move> {
        self.nodes.get(id).and_then(|n| n.mv)
    }

    /// The node before `id`.
    pub fn parent(&self, id: NodeId) -> Option<NodeId> {
        self.nodes.get(id).and_then(|n| n.parent)
    }

    /// The moves that follow `id`, the main continuation first.
    pub fn children(&self, id: NodeId) -> &[NodeId] {
        self.nodes.get(id).map_or(&[], |n| &n.children)
    }

    /// The nodes from the root's first move to `id`.
    pub fn path(&self, id: NodeId) -> Vec<NodeId> {
        let mut out = Vec::new();
        let mut at = Some(id);
        while let Some(n) = at {
            if n == ROOT {
                break;
            }
            out.push(n);
            at = self.parent(n);
        }
        out.reverse();
        out
    }

    /// The moves from the start to `id`.
    pub fn moves_to(&self, id: NodeId) -> Vec<Move> {
        self.path(id)
            .into_iter()
            .filter_map(|n| self.mv(n))
            .collect()
    }

    /// The number of moves from the start to `id`.
    pub fn ply(&self, id: NodeId) -> usize {
        self.path(id).len()
    }

    /// The line through `id`: the path to it, then its main continuation to the end.
    pub fn line_through(&self, id: NodeId) -> Vec<NodeId> {
        let mut out = self.path(id);
        let mut at = id;
        while let Some(&c) = self.children(at).first() {
            out.push(c);
            at = c;
        }
        out
    }

    /// The main line's nodes.
    pub fn main_line(&self) -> Vec<NodeId> {
        self.line_through(ROOT)
    }

    /// Whether `id` is on the main line.
    pub fn on_main_line(&self, id: NodeId) -> bool {
        self.path(id).into_iter().all(|n| {
            self.parent(n)
                .and_then(|p| self.children(p).first().copied())
                == Some(n)
        })
    }

    /// Make the line through `id` the main line: every move on the way becomes its parent's
    /// first child (the lines it displaces become variations).
    pub fn promote(&mut self, id: NodeId) {
        for n in self.path(id) {
            if let Some(p) = self.parent(n) {
                let kids = &mut self.nodes[p].children;
                if let Some(i) = kids.iter().position(|&c| c == n) {
                    kids[..=i].rotate_right(1);
                }
            }
        }
    }

    /// Delete `id` and everything after it; the node before it (none: `id` is the root, which
    /// stays).
    pub fn delete(&mut self, id: NodeId) -> Option<NodeId> {
        let parent = self.parent(id)?;
        self.nodes[parent].children.retain(|&c| c != id);
        let mut stack = vec![id];
        while let Some(n) = stack.pop() {
            self.nodes[n].gone = true;
            stack.extend(self.nodes[n].children.iter().copied());
        }
        Some(parent)
    }

    /// The main line and the variations as a record (no headers, no ending).
    pub fn to_record(&self) -> Record {
        let main = self.main_line();
        let mut r = Record::new(
            self.start.clone(),
            main.iter().filter_map(|&n| self.mv(n)).collect(),
        );
        self.variations_of(&main, &mut r.variations);
        r
    }

    /// The variations branching from `line` (a line's nodes from its first move), in KIF's
    /// order: from the last branch to the first, each followed by its own.
    fn variations_of(&self, line: &[NodeId], out: &mut Vec<Variation>) {
        for &n in line.iter().rev() {
            let Some(p) = self.parent(n) else { continue };
            // the alternatives to `n` are its later siblings, where `n` is the first
            if self.children(p).first() != Some(&n) {
                continue;
            }
            for &alt in &self.children(p)[1..] {
                let mut branch = vec![alt];
                let mut at = alt;
                while let Some(&c) = self.children(at).first() {
                    branch.push(c);
                    at = c;
                }
                out.push(Variation {
                    ply: self.ply(alt),
                    moves: branch.iter().filter_map(|&b| self.mv(b)).collect(),
                });
                self.variations_of(&branch, out);
            }
        }
    }

    /// The tree of a record's main line and variations (each variation branching from the
    /// line listed before it). The moves are taken as the record's reader checked them.
    ///
    /// # Errors
    /// A variation that follows no move of the line before it, by its index (0-based).
    pub fn from_record(r: &Record) -> Result<Tree, usize> {
        let mut t = Tree::new(r.start.clone());
        let mut last = vec![ROOT];
        for &m in &r.moves {
            let at = *last.last().unwrap_or(&ROOT);
            last.push(t.add(at, m));
        }
        for (i, v) in r.variations.iter().enumerate() {
            if v.ply == 0 || v.ply > last.len() {
                return Err(i);
            }
            last.truncate(v.ply);
            for &m in &v.moves {
                let at = *last.last().unwrap_or(&ROOT);
                last.push(t.add(at, m));
            }
        }
        Ok(t)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)] // test code: a failure is a test failure
    use super::*;
    use crate::kif::{read_ki2, read_kif, write_ki2, write_kif};
    use crate::notation::read_move;
    use crate::variant::GameId;

    fn mv(pos: &Position, s: &str) -> Move {
        read_move(pos.variant(), s).unwrap()
    }

    /// A tree with the main line 7g7f 3c3d 2g2f 8c8d; variations 2...8c8d (then 2g2f) and
    /// 4. 4c4d instead of 8c8d, and in the first variation 3. 6g6f instead of 2g2f.
    fn sample() -> (Tree, Vec<NodeId>) {
        let start = Position::start(GameId::Shogi);
        let m = |s| mv(&start, s);
        let mut t = Tree::new(start.clone());
        let a = t.add(ROOT, m("7g7f"));
        let b = t.add(a, m("3c3d"));
        let c = t.add(b, m("2g2f"));
        let d = t.add(c, m("8c8d"));
        let d2 = t.add(c, m("4c4d"));
        let b2 = t.add(a, m("8c8d"));
        let c2 = t.add(b2, m("2g2f"));
        let c3 = t.add(b2, m("6g6f"));
        (t, vec![a, b, c, d, d2, b2, c2, c3])
    }

    #[test]
    fn a_move_from_an_earlier_position_branches_and_a_known_one_is_followed() {
        let (mut t, n) = sample();
        assert_eq!(t.children(n[0]), &[n[1], n[5]]);
        // the same move again: the same node
        let again = t.add(n[0], t.mv(n[1]).unwrap());
        assert_eq!(again, n[1]);
        assert_eq!(t.main_line(), vec![n[0], n[1], n[2], n[3]]);
        assert_eq!(t.line_through(n[5]), vec![n[0], n[5], n[6]]);
        assert_eq!(t.ply(n[6]), 3);
        assert!(t.on_main_line(n[3]) && !t.on_main_line(n[4]) && !t.on_main_line(n[7]));
        // promoting a variation's move makes its line the main one
        t.promote(n[7]);
        assert_eq!(t.main_line(), vec![n[0], n[5], n[7]]);
        assert!(t.on_main_line(n[7]) && !t.on_main_line(n[1]));
        // deleting a branch removes what follows it
        assert_eq!(t.delete(n[5]), Some(n[0]));
        assert!(!t.contains(n[7]) && !t.contains(n[5]));
        assert_eq!(t.main_line(), vec![n[0], n[1], n[2], n[3]]);
        assert_eq!(t.delete(ROOT), None);
    }

    #[test]
    fn kif_and_ki2_keep_the_variations_both_ways() {
        let (t, _) = sample();
        let mut r = t.to_record();
        assert_eq!(r.moves.len(), 4);
        // the main line's ending, written before the variations, read back
        r.ending = Some(crate::record::Ending::Resign);
        // KIF's order: the last branch of the main line first
        let plies: Vec<usize> = r.variations.iter().map(|v| v.ply).collect();
        assert_eq!(plies, vec![4, 2, 3]);
        let kif = write_kif(&r);
        assert!(
            kif.contains("変化：2手") && kif.contains("変化：4手"),
            "{kif}"
        );
        assert!(kif.contains("   2 ３四歩(33)+"), "{kif}");
        let back = read_kif(GameId::Shogi, kif.as_bytes()).unwrap();
        assert_eq!(back.variations, r.variations);
        assert_eq!(back.ending, r.ending);
        assert!(kif.contains("   5 投了\n\n変化：4手"), "{kif}");
        assert_eq!(Tree::from_record(&back).unwrap(), t);
        let ki2 = write_ki2(&r);
        let back = read_ki2(GameId::Shogi, ki2.as_bytes()).unwrap();
        assert_eq!(back.moves, r.moves);
        assert_eq!(back.ending, r.ending);
        assert_eq!(Tree::from_record(&back).unwrap(), t);
    }

    #[test]
    #[cfg(feature = "shift-jis")]
    fn another_programs_kif_with_branches_loads_them_in_shift_jis_too() {
        // Kifu for Windows' layout: times after each move, `+` on a move with a variation,
        // the ending and a summary line before the variations
        let text = include_str!("../../../web/e2e/data/branches.kif");
        let (sjis, _, bad) = encoding_rs::SHIFT_JIS.encode(text);
        assert!(!bad);
        for bytes in [text.as_bytes(), &sjis[..]] {
            let r = read_kif(GameId::Shogi, bytes).unwrap();
            assert_eq!(r.moves.len(), 4);
            assert_eq!(r.ending, Some(crate::record::Ending::Resign));
            let plies: Vec<usize> = r.variations.iter().map(|v| v.ply).collect();
            assert_eq!(plies, vec![2, 3]);
            let t = Tree::from_record(&r).unwrap();
            // 1. 7g7f, then 3c3d (main) or 8c8d; after 8c8d, 2g2f (its main) or 6i6h
            let first = t.main_line()[0];
            assert_eq!(t.children(first).len(), 2);
            let alt = t.children(first)[1];
            let s = |n| crate::notation::write_move(t.start().variant(), t.mv(n).unwrap());
            assert_eq!(s(alt), "8c8d");
            let kids: Vec<String> = t.children(alt).iter().map(|&n| s(n)).collect();
            assert_eq!(kids, vec!["2g2f", "7i6h"]);
            assert_eq!(t.line_through(t.children(alt)[1]).len(), 4);
        }
    }

    #[test]
    fn a_variation_that_follows_no_move_is_refused() {
        let start = Position::start(GameId::Shogi);
        let mut r = Record::new(start.clone(), vec![mv(&start, "7g7f")]);
        r.variations.push(Variation {
            ply: 5,
            moves: vec![],
        });
        assert_eq!(Tree::from_record(&r), Err(0));
    }
}
