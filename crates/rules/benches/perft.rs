//! Perft speed (every leaf move played): `cargo bench -p koma-rules`.
#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failure is a test failure

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use koma_rules::bench::BENCH_CASES;
use koma_rules::notation;

fn perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for c in BENCH_CASES {
        let (depth, nodes) = (c.quick_depth, c.quick_nodes);
        let pos = notation::read_position(c.game, c.sfen).expect("bench positions are valid");
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{} perft {depth}", c.name), |b| {
            b.iter(|| {
                let mut p = pos.clone();
                assert_eq!(p.perft(depth), nodes);
            })
        });
    }
    group.finish();
}

criterion_group!(benches, perft);
criterion_main!(benches);
