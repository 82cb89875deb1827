//! The analysis board's record: the game's moves with their variations, as KIF viewers show
//! them: the main line, and after a move that has alternatives each of them in a block of its
//! own (its own variations nested in it). Every move is a button that shows the position after
//! it: `[data-node="<id>"][data-ply="<n>"]`, the one shown marked `.current`; each variation is
//! `[data-variation="<ply of its first move>"]`.

use std::collections::HashMap;

use koma_rules::tree::{NodeId, ROOT, Tree};
use koma_rules::{kanji, notation};
use yew::prelude::*;

/// Each move's text in the tree, by node: Japanese on square boards unless `usi`, else the
/// game's own notation; with its mover's mark (▲△, or the hexagon's seat letter).
pub fn texts(tree: &Tree, usi: bool) -> HashMap<NodeId, String> {
    let v = tree.start().variant();
    let mut out = HashMap::new();
    let mut stack = vec![(ROOT, tree.start().clone(), None)];
    while let Some((node, pos, prev)) = stack.pop() {
        for &child in tree.children(node) {
            let Some(m) = tree.mv(child) else { continue };
            let mut p = pos.clone();
            let mark = mark(v, p.turn());
            let japanese = if usi {
                None
            } else {
                kanji::japanese_move(&mut p, m, prev)
            };
            let text = japanese.unwrap_or_else(|| format!("{mark}{}", notation::write_move(v, m)));
            out.insert(child, text);
            p.play_unchecked(m);
            stack.push((child, p, m.to()));
        }
    }
    out
}

/// The mover's mark before a move in the game's own notation: ☗ ☖, or the hexagon's seat.
fn mark(v: &koma_rules::Variant, p: koma_rules::Player) -> String {
    if v.names.marks {
        if p.0 == 0 { "☗" } else { "☖" }.to_string()
    } else {
        format!(
            "{} ",
            koma_rules::names::seat(v.id, p, koma_rules::names::Lang::En)
        )
    }
}

/// Properties of [`MoveTree`].
#[derive(Properties, PartialEq)]
pub struct MoveTreeProps {
    /// The tree.
    pub tree: std::rc::Rc<Tree>,
    /// Each move's text.
    pub texts: std::rc::Rc<HashMap<NodeId, String>>,
    /// The move shown.
    pub current: NodeId,
    /// A click on a move.
    pub on_go: Callback<NodeId>,
}

/// The record with its variations.
#[function_component(MoveTree)]
pub fn move_tree(p: &MoveTreeProps) -> Html {
    let label = use_context::<crate::i18n::Lang>()
        .unwrap_or_default()
        .pick("棋譜と変化", "moves and variations");
    let first = p.tree.children(ROOT).first().copied();
    html! {
        <div class="move-tree" data-tree="" aria-label={label}>
            { for first.map(|f| line_view(p, f)) }
        </div>
    }
}

/// The line starting at `first` (following main continuations), each move followed by the
/// blocks of its alternatives.
fn line_view(p: &MoveTreeProps, first: NodeId) -> Html {
    let tree = &p.tree;
    let mut items = Vec::new();
    let mut at = Some(first);
    while let Some(n) = at {
        items.push(move_button(p, n));
        // the alternatives to `n`: its parent's other children, when `n` is the first
        if let Some(parent) = tree.parent(n)
            && tree.children(parent).first() == Some(&n)
        {
            for &alt in &tree.children(parent)[1..] {
                let ply = tree.ply(alt);
                items.push(html! {
                    <div class="variation" data-variation={ply.to_string()}>{ line_view(p, alt) }</div>
                });
            }
        }
        at = tree.children(n).first().copied();
    }
    html! { <>{ for items }</> }
}

fn move_button(p: &MoveTreeProps, n: NodeId) -> Html {
    let ply = p.tree.ply(n);
    let text = p.texts.get(&n).cloned().unwrap_or_default();
    let onclick = {
        let go = p.on_go.clone();
        Callback::from(move |_: MouseEvent| go.emit(n))
    };
    let current = (p.current == n).then_some("current");
    html! {
        <button class={classes!("tree-move", current)} data-node={n.to_string()}
            data-ply={ply.to_string()} {onclick}>
            <span class="num">{ ply }</span>{ text }
        </button>
    }
}
