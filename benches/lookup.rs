//! One knight query: the embedded table, the same blob memory-mapped from `generated/`, and the
//! closed form, in batches of 1024; then the certified closed forms of other leapers
//! (`leaper_query`), found and proven at start-up by `grundy_core::leaper::analyze`.
//! Run: `cargo bench -p grundy-bench --bench lookup`. Criterion reports the time per batch and the throughput;
//! the time per query is the batch time / 1024.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use grundy::knight;
use grundy::table::TableFile;
use grundy_core::generate::leaper_blob;
use grundy_core::leaper::MAX_COORDINATE;
use grundy_core::leaper::MoveSet;
use grundy_test_support::Rng;
use std::hint::black_box;

const BATCH: usize = 1024;

fn batch(rng: &mut Rng, cell: impl Fn(&mut Rng) -> (u64, u64)) -> Vec<(u64, u64)> {
    (0..BATCH).map(|_| cell(rng)).collect()
}

fn lookup(c: &mut Criterion) {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let table = knight::embedded_table();
    let bound = table.bound() as u64;

    let in_square = batch(&mut rng, |r| (r.next() % bound, r.next() % bound));
    let huge = batch(&mut rng, |r| (r.next() & MAX_COORDINATE, r.next() & MAX_COORDINATE));
    // Huge cells spread over all regions (uniform cells are nearly all in the outer region):
    // a quarter each near y = 2x, near y = x, near x = 2y, and uniform.
    let regions = batch(&mut rng, |r| {
        let x = r.next() % (MAX_COORDINATE / 3);
        let off = r.next() % 64;
        match r.next() % 4 {
            0 => (x, (2 * x + off).saturating_sub(32)),
            1 => (x, (x + off).saturating_sub(32)),
            2 => ((2 * x + off).saturating_sub(32), x),
            _ => (r.next() & MAX_COORDINATE, r.next() & MAX_COORDINATE),
        }
    });

    let mut group = c.benchmark_group("knight_query");
    group.throughput(Throughput::Elements(BATCH as u64));
    group.bench_function("table_get/in_square", |b| {
        b.iter(|| black_box(&in_square).iter().fold(0u8, |acc, &(x, y)| acc ^ table.get(x, y).unwrap()))
    });
    let blob = concat!(env!("CARGO_MANIFEST_DIR"), "/../generated/tables.sgt");
    // SAFETY: the committed blob is not modified while the benchmark runs.
    let mapped = unsafe { TableFile::map(blob) }.expect("generated/tables.sgt");
    let mapped = mapped.leaper().expect("a knight table");
    group.bench_function("mapped_get/in_square", |b| {
        b.iter(|| black_box(&in_square).iter().fold(0u8, |acc, &(x, y)| acc ^ mapped.get(x, y).unwrap()))
    });
    let form = |x, y| table.form_value(x, y).unwrap();
    group.bench_function("closed_form/in_square", |b| {
        b.iter(|| black_box(&in_square).iter().fold(0u8, |acc, &(x, y)| acc ^ form(x, y)))
    });
    group.bench_function("closed_form/huge_uniform", |b| {
        b.iter(|| black_box(&huge).iter().fold(0u8, |acc, &(x, y)| acc ^ form(x, y)))
    });
    group.bench_function("closed_form/huge_all_regions", |b| {
        b.iter(|| black_box(&regions).iter().fold(0u8, |acc, &(x, y)| acc ^ form(x, y)))
    });
    group.bench_function("table_value/in_square", |b| {
        b.iter(|| {
            black_box(&in_square).iter().fold(grundy::Nimber::ZERO, |acc, &(x, y)| acc ^ table.value(x, y).unwrap())
        })
    });
    group.bench_function("table_value/huge_all_regions", |b| {
        b.iter(|| {
            black_box(&regions).iter().fold(grundy::Nimber::ZERO, |acc, &(x, y)| acc ^ table.value(x, y).unwrap())
        })
    });
    group.finish();
}

/// Certified leapers: `LeaperTable::value` (the run-time evaluator beyond the square) and
/// `ClosedForm::eval` (the form the certificate proves, unoptimised) on huge cells, uniform and
/// near each strip.
fn leapers(c: &mut Criterion) {
    let mut group = c.benchmark_group("leaper_query");
    group.throughput(Throughput::Elements(BATCH as u64));
    for (name, moves) in [
        ("hyper_knight", "(-2,1) (-3,-1) (-2,-1) (-1,-2) (-1,-3) (1,-2)"),
        ("four_knight", "(-2,1) (-2,-1) (1,-2) (-1,-2)"),
        ("king_ish", "(-1,0) (0,-1) (-1,-1)"),
        ("slanted_2x_5y", "(-3,1) (2,-1)"),
        ("queen_3", "(-1,0) (-2,0) (-3,0) (0,-1) (0,-2) (0,-3) (-1,-1) (-2,-2) (-3,-3)"),
        ("period_28", "(-3,-3) (-1,-4) (1,-3)"),
    ] {
        let set = MoveSet::parse(moves).unwrap();
        let file = TableFile::from_bytes(leaper_blob(&set, 8).unwrap()).unwrap();
        let table = file.leaper().unwrap();
        let Some(form) = table.closed_form() else {
            eprintln!("{name}: no certified form, skipped");
            continue;
        };
        let dirs: Vec<(i64, i64)> = form.features().iter().map(|f| f.dir).collect();
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        // Half uniform, half within 64 offsets of a random strip's ray.
        let cells = batch(&mut rng, |r| {
            if r.next() % 2 == 0 {
                return (r.next() & MAX_COORDINATE, r.next() & MAX_COORDINATE);
            }
            let (p, q) = dirs[(r.next() % dirs.len() as u64) as usize];
            let t = r.next() % (MAX_COORDINATE / 64);
            let off = r.next() % 64;
            let (x, y) = ((t * p as u64).saturating_add(off), (t * q as u64).saturating_add(r.next() % 64));
            (x.min(MAX_COORDINATE), y.min(MAX_COORDINATE))
        });
        group.bench_function(format!("table_value/{name}"), |b| {
            b.iter(|| black_box(&cells).iter().fold(0u64, |acc, &(x, y)| acc ^ table.value(x, y).unwrap().0))
        });
        group.bench_function(format!("closed_form_eval/{name}"), |b| {
            b.iter(|| black_box(&cells).iter().fold(0u8, |acc, &(x, y)| acc ^ form.eval(x, y)))
        });
    }
    group.finish();
}

criterion_group!(benches, lookup, leapers);
criterion_main!(benches);
