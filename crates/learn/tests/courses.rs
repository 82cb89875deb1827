//! Every step of every course: read, not done before a move, and done by the rules within its
//! par, which is the fewest moves (the solver's shortest line).

use koma_learn::{Goal, course, solve::solve};
use koma_rules::GameId;

#[test]
fn every_step_of_every_course_is_solvable_in_its_par_and_not_before_a_move() {
    let mut steps = 0;
    let mut faults = Vec::new();
    for game in GameId::ALL {
        let c = course(game).unwrap_or_else(|e| panic!("{e}"));
        for lesson in &c.lessons {
            for (i, step) in lesson.steps.iter().enumerate() {
                steps += 1;
                let at = format!("{game} {} step {}", lesson.id, i + 1);
                match solve(step) {
                    Ok(s) if s.moves == step.par => {}
                    Ok(s) => faults.push(format!(
                        "{at}: done in {} moves, its par is {} ({:?})",
                        s.moves, step.par, s.line
                    )),
                    Err(e) => faults.push(format!("{at}: {e}")),
                }
            }
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
    assert!(steps > 0);
}

/// The shogi course teaches what the issue lists: each piece, capture, promotion, drops and
/// their fouls, check, escape and mate.
#[test]
fn the_shogi_course_covers_its_rules() {
    let c = course(GameId::Shogi).unwrap();
    let ids: Vec<&str> = c.lessons.iter().map(|l| l.id.as_str()).collect();
    for id in [
        "king",
        "rook",
        "bishop",
        "gold",
        "silver",
        "knight",
        "lance",
        "pawn",
        "capture",
        "promotion",
        "drops",
        "check",
        "mate",
    ] {
        assert!(ids.contains(&id), "no lesson {id}");
    }
    let goals: Vec<&Goal> = c
        .lessons
        .iter()
        .flat_map(|l| l.steps.iter().map(|s| &s.goal))
        .collect();
    for foul in ["nifu", "uchifuzume", "dead-piece", "king-in-check"] {
        assert!(
            goals.contains(&&Goal::Foul(foul.into())),
            "no step on {foul}"
        );
    }
    for g in [
        Goal::Promote(true),
        Goal::Promote(false),
        Goal::Escape,
        Goal::Mate,
    ] {
        assert!(goals.contains(&&g), "no step {g:?}");
    }
    for lesson in &c.lessons {
        for step in &lesson.steps {
            assert!(!step.text.en.is_empty() && !step.text.ja.is_empty());
        }
    }
}
