use koma_engine::search::NoClock;
use koma_engine::{Engine, Level, Limits};
use koma_rules::{Game, GameId, RuleOptions};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let moves: Vec<&str> = args
        .get(1)
        .map(|s| s.split(' ').collect())
        .unwrap_or_default();
    let nodes: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(100000);
    let mut game = Game::new(GameId::Sangoku, RuleOptions::default());
    for (i, m) in moves.iter().enumerate() {
        if m.is_empty() {
            continue;
        }
        let v = game.position().variant();
        let mv = koma_rules::notation::read_move(v, m).expect("move");
        if std::env::var("SKIP").is_ok() {
            game.play(mv).expect("legal");
            continue;
        }
        let mut e = Engine::new(16);
        e.set_level(Level::new(8).unwrap());
        let turn = game.position().turn();
        let r = e.search(
            game.start(),
            &game.moves(),
            &Limits {
                nodes: Some(nodes),
                ..Limits::default()
            },
            &NoClock,
            &mut |_| {},
        );
        let best = r
            .best
            .map(|b| koma_rules::notation::write_move(v, b))
            .unwrap_or_default();
        println!(
            "{i:>3} {:?} played {m:<12} engine {best:<12} depth {} score {:?} nodes {}",
            turn.0, r.depth, r.score, r.nodes
        );
        game.play(mv).expect("legal");
    }
    println!("{}", koma_rules::notation::write_position(game.position()));
}
