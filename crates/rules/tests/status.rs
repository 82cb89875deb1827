//! The status a game shows: checks, the royal to mark, the Three Kingdoms turn jump and its
//! return, double check, a general on the centre, setup steps, placement, offered claims.
#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failure is a test failure

use koma_rules::status::{SetupStep, Status};
use koma_rules::{Game, GameId, Player, RuleOptions, notation, setups};

fn game(id: GameId, text: &str) -> Game {
    Game::from_position(
        notation::read_position(id, text).unwrap(),
        RuleOptions::default(),
    )
}

fn play(g: &mut Game, moves: &[&str]) {
    for m in moves {
        let mv = notation::read_move(g.position().variant(), m).unwrap();
        g.play(mv).unwrap();
    }
}

fn status(g: &Game) -> Status {
    Status::of(g, g.position())
}

#[test]
fn shogi_check_marks_the_king_and_offers_impasse_and_declaration() {
    let mut g = game(GameId::Shogi, "4k4/9/9/9/9/9/9/9/4K3R b - 1");
    let s = status(&g);
    assert!(!s.check && s.marked_royal.is_none());
    assert!(s.impasse && s.declaration);
    play(&mut g, &["1i1a"]);
    let s = status(&g);
    assert!(s.check);
    assert_eq!(s.turn, Player::SECOND);
    assert_eq!(
        s.marked_royal,
        notation::read_position(GameId::Shogi, "4k4/9/9/9/9/9/9/9/4K3R b - 1")
            .unwrap()
            .king(Player::SECOND)
    );
    assert!(s.checked.is_empty() && s.returns_to.is_none());
}

#[test]
fn minishogi_offers_no_impasse_and_66_says_it_is_placing() {
    let s = status(&Game::new(GameId::Minishogi, RuleOptions::default()));
    assert!(!s.impasse && !s.declaration);
    let s = status(&Game::new(GameId::Shogi66, RuleOptions::default()));
    assert!(s.placing && s.impasse && !s.declaration);
}

#[test]
fn chu_marks_no_check_and_names_the_handicap_step() {
    let start = setups::setup_position(GameId::Chushogi, "side-mover").unwrap();
    let g = Game::from_position(start, RuleOptions::default());
    let s = status(&g);
    assert!(!s.check && s.marked_royal.is_none());
    assert!(
        matches!(
            s.setup,
            Some(SetupStep::FillHoles(_) | SetupStep::PreMoves(_))
        ),
        "{s:?}"
    );
    assert!(
        status(&Game::new(GameId::Chushogi, RuleOptions::default()))
            .setup
            .is_none()
    );
}

#[test]
fn three_kingdoms_check_jumps_the_turn_and_says_where_it_returns() {
    // A's spearman steps onto B's general's row: B is in check and moves now, then back to A
    let mut g = game(
        GameId::Sangoku,
        "5/6/6bK/4aS3/cK8/3aC2bCaP/aP6/6/2aK2 a - -",
    );
    play(&mut g, &["1,-1:1,-2"]);
    let s = status(&g);
    assert_eq!(s.turn, Player(1));
    assert_eq!(s.checked, vec![Player(1)]);
    assert_eq!(s.returns_to, Some(Player(0)));
    assert!(!s.double_check && !s.check);
    assert_eq!(s.marked_royal, g.position().king(Player(1)));
    // B steps out: the turn returns to A, no one is in check
    play(&mut g, &["4,-2:4,-3"]);
    let s = status(&g);
    assert_eq!(s.turn, Player(0));
    assert!(s.checked.is_empty() && s.returns_to.is_none() && s.marked_royal.is_none());
}

#[test]
fn three_kingdoms_double_check_and_a_general_on_the_centre() {
    // the same game as the browser test: A's cavalry uncovers a double check on B and C
    let mut g = game(
        GameId::Sangoku,
        "5/6/6bK/4aS3/cK8/3aC2bCaP/aP6/6/2aK2 a - -",
    );
    play(
        &mut g,
        &[
            "1,-1:1,-2",
            "4,-2:4,-3",
            "-4,2:-4,1+",
            "-4,0:-4,1",
            "-2,4:-3,4",
            "2,1:1,1",
            "P*-3,-1",
        ],
    );
    play(&mut g, &["-1,1:-1,2"]);
    let s = status(&g);
    assert_eq!(s.turn, Player(1));
    assert!(s.double_check, "{s:?}");
    assert_eq!(s.checked, vec![Player(1), Player(2)]);
    // a general on the centre, waiting for its owner's turn
    let g = game(GameId::Sangoku, "5/6/7/8/4aK4/8/7/cK5/bK4 b - -");
    let s = status(&g);
    assert_eq!(s.on_centre, vec![Player(0)], "{s:?}");
}

#[test]
fn points_are_counted_in_every_game_without_panicking() {
    for id in GameId::ALL {
        let g = Game::new(id, RuleOptions::default());
        let points = g.impasse_points();
        assert_eq!(
            g.has_impasse(),
            matches!(id, GameId::Shogi | GameId::Shogi66),
            "{id}"
        );
        assert_eq!(g.impasse_outcome().is_some(), g.has_impasse(), "{id}");
        if id == GameId::Shogi {
            assert_eq!(points, [27, 27]);
        }
    }
}
