//! General leapers: the potential-order sweep (cells per second), closed-form queries at huge
//! cells (batches of 1024), and analysis (discovery and proof) of the hyper knight.
//! Run: `cargo bench --bench leaper`. The time per query is the batch time / 1024.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use grundy_core::leaper::Limits;
use grundy_core::leaper::MoveSet;
use grundy_core::leaper::Triangle;
use grundy_core::leaper::{Verdict, analyze};
use grundy_test_support::Rng;
use std::hint::black_box;

const BATCH: usize = 1024;
const HYPER_KNIGHT: &str = "(-2,1) (1,-2) (-2,-1) (-1,-2) (-3,-1) (-1,-3)";

fn sweep(c: &mut Criterion) {
    let mut group = c.benchmark_group("leaper_sweep");
    group.sample_size(10);
    for (name, text, bound) in [
        ("hyper_knight/B=4096", HYPER_KNIGHT, 4096u64),
        ("queen3/B=4096", "(-1,0) (-2,0) (-3,0) (0,-1) (0,-2) (0,-3) (-1,-1) (-2,-2) (-3,-3)", 4096),
        ("asymmetric/B=4096", "(-4,-3) (-4,2) (-3,-2) (-3,1) (-2,-4) (-1,-4) (-1,-1) (-2,1)", 4096),
        ("w=(2,1)/B=4096", "(-1,1) (1,-3) (-1,-1) (-2,0)", 4096),
    ] {
        let set = MoveSet::parse(text).unwrap();
        let cells = Triangle::for_square(&set, bound).len() as u64;
        group.throughput(Throughput::Elements(cells));
        group.bench_function(name, |b| b.iter(|| black_box(Triangle::for_square(&set, bound)).len()));
    }
    group.finish();
}

fn query(c: &mut Criterion) {
    let mut group = c.benchmark_group("leaper_query");
    group.throughput(Throughput::Elements(BATCH as u64));
    for (name, text) in [
        ("hyper_knight", HYPER_KNIGHT),
        ("queen3", "(-1,0) (-2,0) (-3,0) (0,-1) (0,-2) (0,-3) (-1,-1) (-2,-2) (-3,-3)"),
        ("giraffe", "(-1,-4) (-4,-1) (1,-4) (-4,1)"),
    ] {
        let set = MoveSet::parse(text).unwrap();
        let analysis = analyze(&set, &Limits::default());
        let Verdict::Certified { form, .. } = analysis.verdict else { panic!("{text} is not certified") };
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let max = i64::MAX as u64;
        let uniform: Vec<(u64, u64)> = (0..BATCH).map(|_| (rng.next() & max, rng.next() & max)).collect();
        // A quarter each near y = 2x, y = x, x = 2y (the strips), and uniform.
        let regions: Vec<(u64, u64)> = (0..BATCH)
            .map(|_| {
                let x = rng.next() % (max / 3);
                let off = rng.next() % 64;
                match rng.next() % 4 {
                    0 => (x, (2 * x + off).saturating_sub(32)),
                    1 => (x, (x + off).saturating_sub(32)),
                    2 => ((2 * x + off).saturating_sub(32), x),
                    _ => (rng.next() & max, rng.next() & max),
                }
            })
            .collect();
        group.bench_function(format!("{name}/uniform"), |b| {
            b.iter(|| black_box(&uniform).iter().fold(0u8, |acc, &(x, y)| acc ^ form.eval(x, y)))
        });
        group.bench_function(format!("{name}/regions"), |b| {
            b.iter(|| black_box(&regions).iter().fold(0u8, |acc, &(x, y)| acc ^ form.eval(x, y)))
        });
    }
    group.finish();
}

fn analysis(c: &mut Criterion) {
    let mut group = c.benchmark_group("leaper_analyze");
    group.sample_size(10);
    let set = MoveSet::parse(HYPER_KNIGHT).unwrap();
    group.bench_function("hyper_knight", |b| {
        b.iter(|| matches!(analyze(&set, &Limits::default()).verdict, Verdict::Certified { .. }))
    });
    group.finish();
}

criterion_group!(benches, sweep, query, analysis);
criterion_main!(benches);
