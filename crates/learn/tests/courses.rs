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
        "repetition",
        "entering-king",
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
        Goal::Check,
        Goal::Escape,
        Goal::Mate,
        // the entering-king declaration, and an impasse counted by points
        Goal::Declare,
        Goal::Impasse,
        // sennichite, and perpetual check won by the side checked
        Goal::Draw,
        Goal::Win,
    ] {
        assert!(goals.contains(&&g), "no step {g:?}");
    }
    for lesson in &c.lessons {
        for step in &lesson.steps {
            assert!(!step.text.en.is_empty() && !step.text.ja.is_empty());
        }
    }
}

/// Chu shogi's course teaches the lion's double move (a step only a double move does), both
/// lion-trading fouls and the bare king; minishogi's and 66 shogi's teach their own rules.
#[test]
fn each_course_teaches_its_game_s_own_rules() {
    let chu = course(GameId::Chushogi).unwrap();
    let steps: Vec<_> = chu.lessons.iter().flat_map(|l| l.steps.iter()).collect();
    assert!(
        steps.iter().any(|s| solve(s)
            .unwrap()
            .line
            .iter()
            .any(|m| matches!(m, koma_rules::Move::Double { .. }))),
        "no step done by a lion's double move"
    );
    for foul in ["lion-protected", "lion-counter-strike"] {
        assert!(
            steps.iter().any(|s| s.goal == Goal::Foul(foul.into())),
            "{foul}"
        );
    }
    assert!(steps.iter().any(|s| s.goal == Goal::Win));
    // jitto: a lion's pass
    assert!(steps.iter().any(|s| s.goal == Goal::Pass), "no jitto step");
    // both presets' lion trading
    assert!(
        steps
            .iter()
            .any(|s| s.goal == Goal::Foul("lion-protected".into())
                && s.position.options() != steps[0].position.options())
    );
    let mini = course(GameId::Minishogi).unwrap();
    // the repetition step starts from a history: the position has come three times
    let rep = mini.lessons.iter().find(|l| l.id == "repetition").unwrap();
    assert_eq!(rep.steps[0].moves.len(), 11);
    assert_eq!(rep.steps[0].game().occurrences(), 3);
    // the hexagon: a check makes the checked player move out of turn, then the turn comes
    // back to the checker (the third player skipped); the lesson's way needs that jump
    let three = course(GameId::Sangoku).unwrap();
    let check = three.lessons.iter().find(|l| l.id == "check").unwrap();
    let step = &check.steps[0];
    let done = solve(step).unwrap();
    let mut game = step.game();
    let turns: Vec<u8> = done
        .line
        .iter()
        .map(|&m| {
            let t = game.position().turn().0;
            game.play(m).unwrap();
            t
        })
        .collect();
    assert_eq!(turns, [0, 1, 0], "A checks, B answers out of turn, A again");
    let s66 = course(GameId::Shogi66).unwrap();
    assert!(
        s66.lessons[0].steps.iter().all(|s| s.position.is_placing()),
        "66 shogi starts with its placement"
    );
    // every square game teaches capturing, check, escaping check and mate; each game its
    // pieces
    for game in [GameId::Shogi, GameId::Minishogi, GameId::Shogi66] {
        let c = course(game).unwrap();
        let goals: Vec<&Goal> = c
            .lessons
            .iter()
            .flat_map(|l| l.steps.iter().map(|s| &s.goal))
            .collect();
        assert!(
            goals.iter().any(|g| matches!(g, Goal::Capture(_))),
            "{game}: capturing"
        );
        for g in [Goal::Check, Goal::Escape, Goal::Mate] {
            assert!(goals.contains(&&g), "{game}: {g:?}");
        }
    }
    for game in GameId::ALL {
        let c = course(game).unwrap();
        let reach = c
            .lessons
            .iter()
            .flat_map(|l| l.steps.iter())
            .filter(|s| matches!(s.goal, Goal::Reach(_)))
            .count();
        assert!(reach >= 2, "{game}: the pieces' moves ({reach} steps)");
    }
}
