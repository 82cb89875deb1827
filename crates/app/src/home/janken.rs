//! Janken (じゃんけん, rock-paper-scissors) to decide who moves first in Three Kingdoms shogi,
//! played by two or three people sharing one device.
//!
//! The players are listed in the order they sit round the table, clockwise. Each contender in
//! turn taps a hand while the others look away; the hands are shown together once all have
//! thrown. A round with one hand only, or all three hands, is あいこ (a draw) and is thrown
//! again by the same players; otherwise the players who threw the winning hand go on, alone
//! or between themselves, until one is left. The winner takes seat A and moves first, and the
//! seats follow round the table from there (B next clockwise, then C), as at a real table.
//! "Throw for everyone" draws every hand at random, for players in a hurry.

use yew::prelude::*;

use crate::i18n::Lang;

/// One hand.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Hand {
    /// グー
    Rock,
    /// チョキ
    Scissors,
    /// パー
    Paper,
}

impl Hand {
    /// All three, in the order the buttons show them.
    pub const ALL: [Hand; 3] = [Hand::Rock, Hand::Scissors, Hand::Paper];

    /// Whether this hand beats `other`.
    pub fn beats(self, other: Hand) -> bool {
        matches!(
            (self, other),
            (Hand::Rock, Hand::Scissors)
                | (Hand::Scissors, Hand::Paper)
                | (Hand::Paper, Hand::Rock)
        )
    }

    /// The id used in the page (`data-janken`).
    pub fn id(self) -> &'static str {
        match self {
            Hand::Rock => "rock",
            Hand::Scissors => "scissors",
            Hand::Paper => "paper",
        }
    }

    fn label(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (Hand::Rock, Lang::Ja) => "グー",
            (Hand::Scissors, Lang::Ja) => "チョキ",
            (Hand::Paper, Lang::Ja) => "パー",
            (Hand::Rock, Lang::En) => "グー rock",
            (Hand::Scissors, Lang::En) => "チョキ scissors",
            (Hand::Paper, Lang::En) => "パー paper",
        }
    }
}

/// The players who win a round: `None` for あいこ (one hand only, or all three), else those who
/// threw the winning hand.
pub fn winners(throws: &[(usize, Hand)]) -> Option<Vec<usize>> {
    let present: Vec<Hand> = Hand::ALL
        .into_iter()
        .filter(|h| throws.iter().any(|t| t.1 == *h))
        .collect();
    let [a, b] = present[..] else { return None };
    let win = if a.beats(b) { a } else { b };
    Some(throws.iter().filter(|t| t.1 == win).map(|t| t.0).collect())
}

/// A round played: the hands thrown, and who went on (`None`: あいこ).
#[derive(Clone, Debug, PartialEq)]
pub struct Round {
    /// (player, hand), in throwing order.
    pub throws: Vec<(usize, Hand)>,
    /// The winners of the round.
    pub winners: Option<Vec<usize>>,
}

/// A janken in progress among `players` people.
#[derive(Clone, Debug, PartialEq)]
pub struct Janken {
    players: usize,
    contenders: Vec<usize>,
    throws: Vec<(usize, Hand)>,
    /// The rounds played so far.
    pub rounds: Vec<Round>,
    /// The winner, once there is one.
    pub winner: Option<usize>,
}

impl Janken {
    /// A new janken among `players` (2 or 3) people.
    pub fn new(players: usize) -> Janken {
        Janken {
            players,
            contenders: (0..players).collect(),
            throws: Vec::new(),
            rounds: Vec::new(),
            winner: None,
        }
    }

    /// Who throws next, if the janken is not over.
    pub fn next(&self) -> Option<usize> {
        if self.winner.is_some() {
            return None;
        }
        self.contenders.get(self.throws.len()).copied()
    }

    /// The players who have thrown in the round under way (their hands still hidden).
    pub fn thrown(&self) -> impl Iterator<Item = usize> + '_ {
        self.throws.iter().map(|t| t.0)
    }

    /// The next player throws `hand`; the round is settled when every contender has thrown.
    pub fn throw(&mut self, hand: Hand) {
        let Some(p) = self.next() else { return };
        self.throws.push((p, hand));
        if self.throws.len() < self.contenders.len() {
            return;
        }
        let throws = std::mem::take(&mut self.throws);
        let won = winners(&throws);
        match &won {
            Some(w) if w.len() == 1 => self.winner = Some(w[0]),
            Some(w) => self.contenders = w.clone(),
            None => {}
        }
        self.rounds.push(Round {
            throws,
            winners: won,
        });
    }

    /// The seats once decided: the player in seat A (the winner), B and C, as indices into
    /// the players round the table.
    pub fn seats(&self) -> Option<Vec<usize>> {
        let w = self.winner?;
        Some((0..self.players).map(|i| (w + i) % self.players).collect())
    }
}

/// Properties of [`JankenPanel`].
#[derive(Properties, PartialEq)]
pub struct JankenProps {
    /// The game whose seats are drawn.
    pub game: koma_rules::GameId,
    /// The players' names round the table.
    pub names: Vec<String>,
    /// The seats once janken has decided them (see [`Janken::seats`]), or `None` after a reset.
    pub on_seated: Callback<Option<Vec<usize>>>,
}

/// The janken panel: each contender throws in turn, hands shown together, rounds listed.
#[function_component(JankenPanel)]
pub fn janken_panel(props: &JankenProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or_default();
    let players = props.names.len();
    // (the parent keys this panel by the game, so another game starts afresh)
    let state = use_state(|| Janken::new(players));
    let names = props.names.clone();
    let name = move |i: usize| names.get(i).cloned().unwrap_or_default();
    let game = props.game;
    // throw on a copy, keep it, and pass the seats on once there is a winner
    let update = {
        let state = state.clone();
        let on_seated = props.on_seated.clone();
        move |throw: &dyn Fn(&mut Janken)| {
            let mut j = (*state).clone();
            throw(&mut j);
            if j.winner.is_some() {
                on_seated.emit(j.seats());
            }
            state.set(j);
        }
    };
    let buttons = Hand::ALL.into_iter().map(|h| {
        let update = update.clone();
        let onclick = Callback::from(move |e: MouseEvent| {
            e.prevent_default();
            update(&|j| j.throw(h));
        });
        html! { <button type="button" data-janken={h.id()} {onclick}>{ h.label(lang) }</button> }
    });
    let random = {
        let update = update.clone();
        Callback::from(move |e: MouseEvent| {
            e.prevent_default();
            // throw for everyone still to throw, round after round, until there is a winner
            // (a thousand throws without one would take luck no one has; stop there anyway)
            update(&|j| {
                for _ in 0..1000 {
                    if j.next().is_none() {
                        break;
                    }
                    j.throw(Hand::ALL[((js_sys::Math::random() * 3.0) as usize).min(2)]);
                }
            });
        })
    };
    let again = {
        let state = state.clone();
        let on_seated = props.on_seated.clone();
        Callback::from(move |e: MouseEvent| {
            e.prevent_default();
            state.set(Janken::new(players));
            on_seated.emit(None);
        })
    };
    let rounds = state.rounds.iter().enumerate().map(|(i, r)| {
        let hands = r
            .throws
            .iter()
            .map(|&(p, h)| format!("{} {}", name(p), h.label(lang)))
            .collect::<Vec<_>>()
            .join(" · ");
        let verdict = match &r.winners {
            None => lang.pick("あいこ", "a draw (あいこ): again").to_string(),
            Some(w) if w.len() == 1 => match lang {
                Lang::Ja => format!("{}の勝ち", name(w[0])),
                Lang::En => format!("{} wins", name(w[0])),
            },
            Some(w) => {
                let who = w.iter().map(|&p| name(p)).collect::<Vec<_>>();
                match lang {
                    Lang::Ja => format!("{}で決勝", who.join("と")),
                    Lang::En => format!("{} throw again", who.join(" and ")),
                }
            }
        };
        html! { <li data-round={(i + 1).to_string()}>{ format!("{hands} → {verdict}") }</li> }
    });
    let body = match (state.next(), state.seats()) {
        (Some(p), _) => {
            let waiting: Vec<String> = state.thrown().map(&name).collect();
            let hidden = if waiting.is_empty() {
                String::new()
            } else {
                match lang {
                    Lang::Ja => format!("（{}は出した）", waiting.join("・")),
                    Lang::En => format!(" ({} thrown, hidden)", waiting.join(", ")),
                }
            };
            let prompt = match lang {
                Lang::Ja => format!("{}の番：ほかの人は見ないで", name(p)),
                Lang::En => format!("{}, throw while the others look away", name(p)),
            };
            html! {
                <div class="janken-turn" data-janken-next={p.to_string()}>
                    <p>{ prompt }{ hidden }</p>
                    <div class="janken-hands">{ for buttons }</div>
                    <button type="button" data-action="janken-random" onclick={random}>
                        { lang.pick("全員ランダムに出す", "Throw for everyone") }</button>
                </div>
            }
        }
        (None, Some(seats)) => {
            let order = seats
                .iter()
                .enumerate()
                .map(|(s, &p)| {
                    format!(
                        "{} {}",
                        koma_rules::names::seat(game, koma_rules::Player(s as u8), lang),
                        name(p)
                    )
                })
                .collect::<Vec<_>>()
                .join(", ");
            let text = match lang {
                Lang::Ja => format!("{}が先手（A）。席：{order}", name(seats[0])),
                Lang::En => format!("{} moves first as A. Seats: {order}", name(seats[0])),
            };
            html! {
                <div class="janken-done" data-janken-winner={seats[0].to_string()}>
                    <p>{ text }</p>
                    <button type="button" data-action="janken-again" onclick={again}>
                        { lang.pick("やり直す", "Again") }</button>
                </div>
            }
        }
        (None, None) => Html::default(),
    };
    html! {
        <div class="janken" data-janken-panel="">
            <ol class="janken-rounds">{ for rounds }</ol>
            { body }
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Hand::*;

    #[test]
    fn rounds_settle_as_at_a_table() {
        assert_eq!(winners(&[(0, Rock), (1, Scissors)]), Some(vec![0]));
        assert_eq!(
            winners(&[(0, Rock), (1, Paper), (2, Paper)]),
            Some(vec![1, 2])
        );
        assert_eq!(winners(&[(0, Rock), (1, Rock), (2, Rock)]), None);
        assert_eq!(winners(&[(0, Rock), (1, Paper), (2, Scissors)]), None);
        assert_eq!(winners(&[(0, Scissors), (1, Paper)]), Some(vec![0]));
    }

    #[test]
    fn a_draw_is_thrown_again_and_two_winners_play_on() {
        let mut j = Janken::new(3);
        for h in [Rock, Rock, Rock] {
            j.throw(h);
        }
        assert_eq!(j.next(), Some(0));
        assert_eq!(j.rounds.len(), 1);
        // players 1 and 2 win with paper; player 0 is out
        for h in [Rock, Paper, Paper] {
            j.throw(h);
        }
        assert_eq!(j.next(), Some(1));
        j.throw(Scissors);
        assert_eq!(j.thrown().collect::<Vec<_>>(), vec![1]);
        j.throw(Paper);
        assert_eq!(j.winner, Some(1));
        assert_eq!(j.next(), None);
        // the winner takes A; the seats follow round the table
        assert_eq!(j.seats(), Some(vec![1, 2, 0]));
        let mut two = Janken::new(2);
        two.throw(Paper);
        two.throw(Scissors);
        assert_eq!(two.seats(), Some(vec![1, 0]));
    }
}
