//! Perft speed (every leaf move played): `cargo bench -p koma-rules`.
#![allow(clippy::unwrap_used, clippy::expect_used)] // test code: a failure is a test failure

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use koma_rules::{GameId, sfen};

const CASES: &[(&str, GameId, &str, u32, u64)] = &[
    (
        "shogi start perft 4",
        GameId::Shogi,
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        4,
        719_731,
    ),
    (
        "shogi matsuri perft 2",
        GameId::Shogi,
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
        2,
        28_684,
    ),
    (
        "minishogi start perft 4",
        GameId::Minishogi,
        "rbsgk/4p/5/P4/KGSBR b - 1",
        4,
        35_401,
    ),
];

fn perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for &(name, game, text, depth, nodes) in CASES {
        let pos = sfen::from_sfen(game, text).expect("bench positions are valid");
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(name, |b| {
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
