//! The player plates: one by each side of the board, as shogi sites put them, saying who plays
//! that seat (the name, or the seat's own name when none was given), "Computer, level N" where
//! the computer plays it, its clock, a mark on the seat to move and on a seat in check, and
//! online its connection. In a tall window the plates stand above the board (the seats at the
//! top: one on a square board, the hexagon's two upper seats left and right as they sit round
//! it) and below it (the seat at the bottom); in a wide one at the top and the foot of the
//! column beside the board, next to the hands, as the move list runs between them.

use koma_rules::status::Status;
use koma_rules::{Player, Position};
use yew::prelude::*;

use super::Play;
use crate::i18n::Lang;

/// A clock's time: `m:ss`, from an hour `h:mm:ss`, from a day (a correspondence clock) `Nd h:mm`.
fn format_ms(ms: u64) -> String {
    let s = ms.div_ceil(1000);
    let (d, h, m) = (s / 86_400, s / 3600 % 24, s / 60 % 60);
    match (d, s / 3600) {
        (0, 0) => format!("{}:{:02}", s / 60, s % 60),
        (0, h) => format!("{h}:{m:02}:{:02}", s % 60),
        _ => format!("{d}d {h}:{m:02}"),
    }
}

/// The seats at the top of the board, left to right, and the seat at the bottom.
pub(super) fn seats_around(st: &Play, pos: &Position) -> (Vec<Player>, Player) {
    let players = pos.variant().players();
    let bottom = if koma_rules::Description::of(pos.game()).hexagon() {
        st.table.viewer(pos)
    } else if st.table.flipped {
        Player::FIRST.opponent()
    } else {
        Player::FIRST
    };
    // round the table clockwise on screen from the bottom: the next seat sits at the left
    let top = (1..players)
        .map(|i| Player((bottom.0 + i) % players))
        .collect();
    (top, bottom)
}

/// The plates of `seats` (`where_`: `top` or `bottom`, the row's class).
pub(super) fn plates_view(
    lang: Lang,
    st: &Play,
    names: &[String],
    seats: &[Player],
    where_: &'static str,
) -> Html {
    let pos = st.table.shown_position();
    let game = pos.game();
    let status = Status::of(st.game(), &pos);
    let outcome = st.game().outcome();
    // an online game called off or gone runs no clock
    let stopped = st.online.as_ref().is_some_and(|o| {
        matches!(
            o.status,
            koma_wire::GameStatus::Aborted | koma_wire::GameStatus::Expired
        )
    });
    let running = outcome.is_none() && st.table.view.is_none() && !stopped;
    let plates = seats.iter().map(|&p| {
        let name = names.get(p.index()).filter(|n| !n.is_empty());
        let seat = koma_rules::names::seat_marked(game, p, lang);
        let title = match name {
            Some(n) => format!("{seat} {n}"),
            None => seat,
        };
        let computer = st.computer.contains(&p).then(|| st.level.number());
        let who = computer.map(|l| match lang {
            Lang::Ja => format!("コンピュータ　レベル{l}"),
            Lang::En => format!("Computer, level {l}"),
        });
        let to_move = outcome.is_none() && status.turn == p;
        let in_check = outcome.is_none()
            && (status.checked.contains(&p) || (status.check && status.turn == p));
        let connection = st
            .online
            .as_ref()
            .and_then(|o| o.seats.get(p.index()))
            .filter(|s| s.taken)
            .map(|s| s.connection.id());
        // an account's rating for the game and speed, as the game was loaded
        let rating = st
            .online
            .as_ref()
            .and_then(|o| o.seats.get(p.index()))
            .and_then(|s| s.rating.clone())
            .map(|r| {
                let rank = crate::ranks::words(
                    lang,
                    game.as_str(),
                    r.rating,
                    crate::ranks::shown(),
                )
                .map(|k| format!(" {k}"))
                .unwrap_or_default();
                let mark = if r.provisional { "?" } else { "" };
                (r.rating, format!("{}{mark}{rank}", r.rating))
            });
        let line = connection.map(|c| match (c, lang) {
            ("online", Lang::Ja) => "接続中",
            ("online", Lang::En) => "online",
            (_, Lang::Ja) => "切断",
            (_, Lang::En) => "disconnected",
        });
        let clock = st.clock.as_ref().map(|c| {
            let mine = running && p == status.turn;
            let flagged = outcome.is_some_and(|o| o.reason == koma_rules::game::EndReason::Time)
                && p == pos.turn();
            let left = c.left(p.index(), if mine || flagged { st.spent() } else { 0 });
            let (ms, text) = match left {
                None => (0, "0:00".to_string()),
                Some(l) if l.main_ms > 0 || c.control().byoyomi_ms == 0 => {
                    (l.main_ms, format_ms(l.main_ms))
                }
                // a correspondence clock: the time left for this move
                Some(l) if c.control().days_per_move().is_some() => {
                    (l.period_ms, format_ms(l.period_ms))
                }
                Some(l) => (
                    l.period_ms,
                    format!("秒読み {} ({})", format_ms(l.period_ms), l.periods),
                ),
            };
            html! {
                <span class={classes!("clock", mine.then_some("running"))}
                    data-clock={p.0.to_string()} data-ms={ms.to_string()}>{ text }</span>
            }
        });
        let marks = match (to_move, in_check, lang) {
            (_, true, Lang::Ja) => Some("王手"),
            (_, true, Lang::En) => Some("in check"),
            (true, false, Lang::Ja) => Some("手番"),
            (true, false, Lang::En) => Some("to move"),
            _ => None,
        };
        html! {
            <div class={classes!("plate", format!("seat-{}", p.0), to_move.then_some("to-move"), in_check.then_some("in-check"))}
                data-plate={p.0.to_string()} data-computer={computer.map(|l| l.to_string())}
                data-to-move={to_move.then_some("")} data-in-check={in_check.then_some("")}
                data-online={connection}>
                <span class="plate-name">{ title }</span>
                if let Some((points, text)) = rating {
                    <span class="plate-rating" data-plate-rating={points.to_string()}>{ text }</span>
                }
                if let Some(w) = who { <span class="plate-who">{ w }</span> }
                if let Some(l) = line { <span class="plate-line">{ l }</span> }
                if let Some(m) = marks { <span class="plate-mark">{ m }</span> }
                { for clock }
            </div>
        }
    });
    let hexagon = koma_rules::Description::of(game)
        .hexagon()
        .then_some("hexagon");
    html! { <div class={classes!("plates", where_, hexagon)}>{ for plates }</div> }
}

#[cfg(test)]
mod tests {
    #[test]
    fn clocks_read_in_minutes_hours_and_days() {
        assert_eq!(super::format_ms(59_001), "1:00");
        assert_eq!(super::format_ms(600_000), "10:00");
        assert_eq!(super::format_ms(3_600_000 + 61_000), "1:01:01");
        assert_eq!(super::format_ms(3 * 86_400_000), "3d 0:00");
        assert_eq!(super::format_ms(86_400_000 + 7_200_000 + 60_000), "1d 2:01");
    }
}
