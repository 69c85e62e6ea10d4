//! Table computation: the hyper knight's square by the sweep (potential x + y) for the default
//! bound and for 4096.
//! Run: `cargo bench -p grundy-bench --bench generate`.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

fn generate(c: &mut Criterion) {
    let mut group = c.benchmark_group("knight_square");
    group.sample_size(10);
    for bound in [500usize, 4096] {
        group.bench_function(format!("B={bound}"), |b| {
            b.iter(|| {
                grundy_core::leaper::leaper_square(&grundy_core::leaper::MoveSet::hyper_knight(), black_box(bound))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, generate);
criterion_main!(benches);
