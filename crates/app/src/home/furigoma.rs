//! 振り駒 (furigoma): who plays sente, decided by tossing five pawns.

use yew::prelude::*;

use crate::i18n;

/// Properties of [`Furigoma`].
#[derive(Properties, PartialEq)]
pub(super) struct FurigomaProps {
    /// The two players: the first listed tosses.
    pub names: Vec<String>,
    /// The seats once tossed: `[sente, gote]` as indices into `names`.
    pub on_seated: Callback<Option<Vec<usize>>>,
}

/// 振り駒: the first listed player tosses five pawns; more 歩 than と face up and the tosser
/// plays sente (and moves first), else the other player does. A pawn that lands standing
/// (about one toss in fifty here) makes the toss void and the pawns are tossed again.
#[function_component(Furigoma)]
pub(super) fn furigoma(props: &FurigomaProps) -> Html {
    let lang = use_context::<i18n::Lang>().unwrap_or_default();
    let toss = use_state(|| None::<(Vec<bool>, u32)>);
    let onclick = {
        let toss = toss.clone();
        let on_seated = props.on_seated.clone();
        Callback::from(move |e: MouseEvent| {
            e.prevent_default();
            let mut retries = 0;
            loop {
                let standing = js_sys::Math::random() < 0.02;
                let pawns: Vec<bool> = (0..5).map(|_| js_sys::Math::random() < 0.5).collect();
                if !standing {
                    let fu = pawns.iter().filter(|&&p| p).count();
                    on_seated.emit(Some(if fu >= 3 { vec![0, 1] } else { vec![1, 0] }));
                    toss.set(Some((pawns, retries)));
                    break;
                }
                retries += 1;
            }
        })
    };
    let name = |i: usize| props.names.get(i).cloned().unwrap_or_default();
    let result = toss.as_ref().map(|(pawns, retries)| {
        let fu = pawns.iter().filter(|&&p| p).count();
        let faces = pawns.iter().map(|&p| {
            html! { <span class="toss-piece" data-face={if p { "fu" } else { "to" }}>{ if p { "歩" } else { "と" } }</span> }
        });
        let (sente, gote) = if fu >= 3 { (0, 1) } else { (1, 0) };
        let text = match (lang, fu >= 3) {
            (i18n::Lang::Ja, true) => format!("歩が{fu}枚：振った{}が先手", name(0)),
            (i18n::Lang::Ja, false) => format!("と金が{}枚：{}が先手", 5 - fu, name(1)),
            (i18n::Lang::En, true) => format!(
                "{fu} 歩 up: the tosser, {}, plays sente and moves first; {} plays gote",
                name(sente),
                name(gote)
            ),
            (i18n::Lang::En, false) => format!(
                "{} と up: the other player, {}, plays sente and moves first; {} plays gote",
                5 - fu,
                name(sente),
                name(gote)
            ),
        };
        let again = if *retries > 0 {
            lang.pick("（駒が立ったので振り直し）", " (a pawn stood up: tossed again)")
        } else {
            ""
        };
        html! {
            <div class="toss" data-furigoma={fu.to_string()}>
                { for faces }
                <p>{ text }{ again }</p>
            </div>
        }
    });
    let label = match lang {
        i18n::Lang::Ja => format!("振り駒（{}が振る）", name(0)),
        i18n::Lang::En => format!("Furigoma: {} tosses", name(0)),
    };
    html! {
        <div class="furigoma">
            <button type="button" data-action="furigoma" {onclick}>{ label }</button>
            { for result }
        </div>
    }
}
