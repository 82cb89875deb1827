//! Tests in a real browser (headless Chromium through wasm-bindgen-test): the rules crate
//! compiled to wasm32, and the app's board rendered into a page.
#![cfg(target_arch = "wasm32")]
#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failure is a test failure

use std::time::Duration;

use std::rc::Rc;

use koma_app::App;
use koma_app::board::Source;
use koma_app::play::{Action, Play};
use koma_app::table::TableAction;
use koma_rules::{Game, GameId, Position, RuleOptions, sfen};
use wasm_bindgen_test::*;
use yew::Reducible;

wasm_bindgen_test_configure!(run_in_browser);

/// Counts the bytes this test binary allocates (the online client's per-message cost).
#[global_allocator]
static COUNTING: &stats_alloc::StatsAlloc<std::alloc::System> = &stats_alloc::INSTRUMENTED_SYSTEM;

fn allocated() -> usize {
    COUNTING.stats().bytes_allocated
}

#[wasm_bindgen_test]
fn rules_perft_in_wasm_matches_the_published_counts() {
    let mut pos = Position::start(GameId::Shogi);
    assert_eq!(pos.perft(3), 25_470);
    let mut mini = Position::start(GameId::Minishogi);
    assert_eq!(mini.perft(4), 35_401);
    let mut mate = sfen::from_sfen(GameId::Shogi, "7lk/9/8S/9/9/9/9/7L1/8K b P 1").unwrap();
    assert_eq!(mate.perft(2), 639);
}

#[wasm_bindgen_test]
fn the_play_state_asks_the_rules() {
    let game = Game::new(GameId::Shogi, RuleOptions::default());
    let s = Rc::new(Play::new(game, None));
    let v = s.game().position().variant();
    let sq = |t: &str| sfen::parse_square(v, t).unwrap();
    let board = s.table.board_changes;
    let mv =
        |from: &str, to: &str| Action::Table(TableAction::Attempt(Source::Cell(sq(from)), sq(to)));
    // a legal move is played: the board changed
    let s = s.reduce(mv("7g", "7f"));
    assert_eq!(s.game().moves().len(), 1);
    assert!(s.table.foul.is_none());
    assert_eq!(s.table.board_changes, board + 1);
    // an illegal one is refused with the rule's name, and nothing changes
    let s = s.reduce(mv("3c", "3e"));
    assert_eq!(s.game().moves().len(), 1);
    assert_eq!(s.table.foul.map(|f| f.rule_id()), Some("cannot-move-there"));
    assert_eq!(s.table.board_changes, board + 1);
    // turning the board round changes no position
    let s = s.reduce(Action::Table(TableAction::Flip));
    assert_eq!(s.table.board_changes, board + 1);
    assert!(s.table.flipped);
    // takeback
    let s = s.reduce(Action::Undo);
    assert_eq!(s.game().moves().len(), 0);
    assert_eq!(s.table.board_changes, board + 2);
}

#[wasm_bindgen_test]
async fn the_board_renders_81_cells_and_40_pieces() {
    let document = gloo::utils::document();
    web_sys::window()
        .unwrap()
        .location()
        .set_hash("#/play/shogi")
        .unwrap();
    let root = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&root).unwrap();
    yew::Renderer::<App>::with_root(root.clone()).render();
    yew::platform::time::sleep(Duration::from_millis(100)).await;
    let cells = root.query_selector_all("svg.board [data-cell]").unwrap();
    assert_eq!(cells.length(), 81);
    let pieces = root
        .query_selector_all("svg.board .pieces [data-piece]")
        .unwrap();
    assert_eq!(pieces.length(), 40);
    let status = root.query_selector("[data-status]").unwrap().unwrap();
    assert_eq!(
        status.get_attribute("data-result").as_deref(),
        Some("ongoing")
    );
    assert_eq!(status.get_attribute("data-turn").as_deref(), Some("0"));
    let king = root
        .query_selector(r#"[data-piece="K"][data-owner="1"][data-square="5a"]"#)
        .unwrap();
    assert!(king.is_some());
    let label = root
        .query_selector(r#"[data-cell="7g"]"#)
        .unwrap()
        .and_then(|e| e.get_attribute("aria-label"));
    assert_eq!(label.as_deref(), Some("7g, sente pawn"));
    // the moves are readied on a board outside the document: the page holds one board's cells
    // all along, and says when it is ready
    let html = document.document_element().unwrap();
    for _ in 0..100 {
        assert_eq!(
            document.query_selector_all("[data-cell]").unwrap().length(),
            81
        );
        if html.has_attribute("data-koma-ready") {
            break;
        }
        yew::platform::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(html.has_attribute("data-koma-ready"));
}

/// Saved games in the browser's real storage: written through serde-wasm-bindgen as JSON,
/// read back the same, a corrupt entry set aside with its text, one from a newer Koma left as
/// it is, and nothing else touched.
#[wasm_bindgen_test]
fn saved_games_round_trip_and_corrupt_entries_are_set_aside() {
    use koma_app::saved::{Origin, SavedGame};
    use koma_app::storage::{self, LoadError};
    let local = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    local.clear().unwrap();
    let start = match koma_app::Route::parse("#/play/chushogi?clock=600%2B30&names=A,B") {
        koma_app::Route::Play(s) => s,
        r => panic!("{r:?}"),
    };
    let mut game = start.build().unwrap();
    for _ in 0..6 {
        let mv = game.legal_moves()[0];
        game.play(mv).unwrap();
    }
    let clock = koma_rules::clock::Clock::new(start.game.clock.unwrap(), 2);
    let entry = SavedGame::of(
        &Origin::new("w1", &start, 1.0),
        &game,
        Some(&clock),
        900,
        None,
        2.0,
    );
    storage::save_game(&entry).unwrap();
    let back = storage::load_game("w1").unwrap();
    assert_eq!(back, entry);
    assert_eq!(back.restore().unwrap().game.moves(), game.moves());
    // corrupt and newer entries beside it
    local.set_item("koma.game.bad", "[1, 2").unwrap();
    local
        .set_item("koma.game.new", r#"{"schema": 7, "id": "new"}"#)
        .unwrap();
    assert!(matches!(
        storage::load_game("bad"),
        Err(LoadError::Unreadable(_))
    ));
    assert_eq!(local.get_item("koma.game.bad").unwrap(), None);
    assert_eq!(
        local.get_item("koma.aside.bad").unwrap().as_deref(),
        Some("[1, 2")
    );
    assert_eq!(storage::load_game("new"), Err(LoadError::Newer(7)));
    assert_eq!(storage::load_game("none"), Err(LoadError::NotFound));
    let listing = storage::list();
    assert_eq!(listing.games, vec![entry]);
    assert_eq!(listing.aside.len(), 1);
    assert_eq!(listing.newer.len(), 1);
    storage::delete_game("w1");
    storage::delete_aside("bad");
    assert!(storage::list().games.is_empty() && storage::list().aside.is_empty());
    local.clear().unwrap();
}

/// A snapshot of an online shogi game for seat 0, started, without clocks.
fn welcome_for_test() -> koma_wire::Snapshot {
    use koma_wire::{Connection as SeatLine, GameStatus, NewGame, SeatView, Snapshot};
    let seat = |name: &str| SeatView {
        name: name.into(),
        taken: true,
        connection: SeatLine::Online,
        rating: None,
    };
    Snapshot {
        id: "0123456789abcdef".into(),
        spec: NewGame::of(koma_wire::GameStart::new(koma_rules::GameId::Shogi)),
        seat: Some(0),
        seats: vec![seat("a"), seat("b")],
        status: GameStatus::Playing,
        from: 0,
        moves: Vec::new(),
        clock: None,
        outcome: None,
        offer: None,
        rematch: None,
        leave_ms: None,
    }
}

/// What the online client allocates for a server message: its text read (the browser's JSON
/// and serde-wasm-bindgen, as the line reads it), handed to the play screen's reducer as an
/// action, and applied. A message that changes nothing but the seats costs the same whether it
/// is the 10th or the 400th: no log of the messages is kept or copied (the reducer copies the
/// state it changes, the game with its moves among it, so a move costs more as a game grows).
#[wasm_bindgen_test]
fn a_server_message_costs_the_same_however_many_came_before() {
    use koma_app::online::connection::{Connection, Event};
    use koma_wire::ServerMsg;
    let conn = Connection::open("0123456789abcdef", None, String::new());
    let game = Game::new(GameId::Shogi, RuleOptions::default());
    let mut s = Rc::new(Play::new(game, None).online(conn.clone(), &welcome_for_test()));
    let seats = r#"{"type":"seats","seats":[{"name":"a","taken":true,"connection":"online"},{"name":"b","taken":true,"connection":"offline"}]}"#;
    let mut cost = Vec::new();
    for _ in 0..400 {
        let before = allocated();
        let m: ServerMsg = koma_app::online::from_json(seats).unwrap();
        s = s.reduce(Action::Net(Event::Told(m)));
        cost.push(allocated() - before);
    }
    // moves, alternately the server's echo of this seat's and the other seat's, to ply 100
    let v = s.game().position().variant();
    let mut g = Game::new(GameId::Shogi, RuleOptions::default());
    let mut move_cost = Vec::new();
    for ply in 1..=100usize {
        let mv = g.legal_moves()[ply % 7 % g.legal_moves().len()];
        g.play(mv).unwrap();
        let text = format!(
            r#"{{"type":"moved","ply":{ply},"mv":"{}","clock":null}}"#,
            koma_rules::notation::write_move(v, mv)
        );
        let before = allocated();
        let m: ServerMsg = koma_app::online::from_json(&text).unwrap();
        s = s.reduce(Action::Net(Event::Told(m)));
        move_cost.push(allocated() - before);
    }
    assert_eq!(s.game().moves(), g.moves());
    let (early, late) = (cost[9], cost[399]);
    console_log!(
        "a seats message: {early} bytes allocated (10th), {late} (400th); a move: {} bytes at ply 1, {} at ply 50, {} at ply 100",
        move_cost[0],
        move_cost[49],
        move_cost[99]
    );
    assert!(
        late <= early + early / 4,
        "the 400th message allocated {late} bytes, the 10th {early}"
    );
    conn.close();
}

/// Online, a move made as the mover's time runs out is sent, not lost to a flag here: only the
/// server ends a game on time (the screen shows the server's clocks). The move stays pending
/// until the server answers.
#[wasm_bindgen_test]
fn an_online_game_is_ended_on_time_by_the_server_only() {
    use koma_app::online::connection::Connection;
    use koma_wire::ClockView;
    let mut welcome = welcome_for_test();
    welcome.spec.start.clock = Some("60".parse().unwrap());
    // sente has thought 5 s with no time left
    welcome.clock = Some(ClockView {
        control: "60".into(),
        main_ms: vec![0, 60_000],
        periods: vec![0, 0],
        running: Some(0),
        elapsed_ms: 5_000,
    });
    let conn = Connection::open("0123456789abcdef", None, String::new());
    let game = Game::new(GameId::Shogi, RuleOptions::default());
    let s = Rc::new(Play::new(game, Some("60".parse().unwrap())).online(conn.clone(), &welcome));
    let s = s.reduce(Action::Tick);
    assert!(s.game().outcome().is_none(), "a tick ends nothing online");
    let v = s.game().position().variant();
    let sq = |t: &str| sfen::parse_square(v, t).unwrap();
    let s = s.reduce(Action::Table(TableAction::Attempt(
        Source::Cell(sq("7g")),
        sq("7f"),
    )));
    assert_eq!(s.game().moves().len(), 1);
    assert!(
        s.game().outcome().is_none(),
        "the move is played, not flagged"
    );
    assert_eq!(s.pending(), 1, "and waits for the server");
    conn.close();
}

/// A learner's stars are kept in the browser and read back as they were (an entry the storage
/// takes: its schema written with it).
#[wasm_bindgen_test]
fn lesson_progress_is_kept_and_read_back() {
    use koma_app::learn::{PROGRESS_KEY, Progress};
    let mut p = Progress::default();
    p.done(GameId::Shogi, "rook", 1, 2);
    p.done(GameId::Sangoku, "check", 0, 3);
    koma_app::storage::set(PROGRESS_KEY, &p).unwrap();
    assert_eq!(koma_app::storage::get::<Progress>(PROGRESS_KEY), Some(p));
}
