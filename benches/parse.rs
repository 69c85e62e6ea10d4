//! Parsing: the judge scanner (token by token, and in bulk as pairs and as positive numbers)
//! against the plain integer-summing pass (the parse floor) on the same bytes, for short
//! numbers (knight coordinates) and long ones (misère Nim piles).
//! Run: `cargo bench -p grundy-bench --bench parse`.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use grundy::judge::scanner::Scanner;

#[allow(dead_code)]
#[path = "throughput/floor.rs"]
mod floor;

/// `count` numbers below `limit`, one pair per line, from a fixed xorshift seed.
fn numbers(count: usize, limit: u64) -> Vec<u8> {
    let mut x = 0x2545_f491_4f6c_dd1du64;
    let mut text = String::new();
    for i in 0..count {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        text += &(x % limit).to_string();
        text.push(if i % 2 == 1 { '\n' } else { ' ' });
    }
    text.into_bytes()
}

fn scan_all(bytes: &[u8]) -> u64 {
    let mut scan = Scanner::new(bytes);
    let mut sum = 0u64;
    while let Ok(v) = scan.next_u64() {
        sum = sum.wrapping_add(v);
    }
    sum
}

/// The same numbers read as pairs below `limit` in bulk (`Scanner::pairs_below`), token by token
/// where the bulk path stops, as the Mine judge reads its mine lines (8 pairs, twice as many each
/// time the bulk path then stops at once again, up to 4096).
fn scan_pairs(bytes: &[u8], limit: u64) -> u64 {
    let mut scan = Scanner::new(bytes);
    let mut batch = [[0; 2]; 1024];
    let mut sum = 0u64;
    let mut slow = 8;
    loop {
        let read = scan.pairs_below([limit; 2], &mut batch);
        sum = batch[..read].iter().flatten().fold(sum, |sum, &v| sum.wrapping_add(u64::from(v)));
        if read < batch.len() {
            slow = if read == 0 { (2 * slow).min(4096) } else { 8 };
            for _ in 0..slow {
                match (scan.next_u64(), scan.next_u64()) {
                    (Ok(x), Ok(y)) => sum = sum.wrapping_add(x).wrapping_add(y),
                    _ => return sum,
                }
            }
        }
    }
}

/// The same numbers read in bulk as positive numbers (`Scanner::positive_numbers`), token by
/// token where the bulk path stops (a block holding a 0, say), as the misère judge reads piles.
fn scan_positive(bytes: &[u8]) -> u64 {
    let mut scan = Scanner::new(bytes);
    let mut batch = [0; 128];
    let mut sum = 0u64;
    loop {
        let read = scan.positive_numbers(&mut batch);
        sum = batch[..read].iter().fold(sum, |sum, &v| sum.wrapping_add(v));
        if read < batch.len() {
            for _ in 0..8 {
                match scan.next_u64() {
                    Ok(v) => sum = sum.wrapping_add(v),
                    Err(_) => return sum,
                }
            }
        }
    }
}

fn parse(c: &mut Criterion) {
    let mut group = c.benchmark_group("parse");
    for (name, limit) in [("coordinates_below_500", 500), ("piles_up_to_1e9", 1_000_000_000)] {
        let bytes = numbers(1 << 20, limit);
        assert_eq!(scan_all(&bytes), floor::sum_integers(&bytes));
        group.throughput(Throughput::Bytes(bytes.len() as u64));
        group.bench_function(format!("floor/{name}"), |b| b.iter(|| floor::sum_integers(black_box(&bytes))));
        group.bench_function(format!("scanner/{name}"), |b| b.iter(|| scan_all(black_box(&bytes))));
        assert_eq!(scan_pairs(&bytes, limit), floor::sum_integers(&bytes));
        group.bench_function(format!("pairs/{name}"), |b| b.iter(|| scan_pairs(black_box(&bytes), limit)));
        assert_eq!(scan_positive(&bytes), floor::sum_integers(&bytes));
        group.bench_function(format!("positive/{name}"), |b| b.iter(|| scan_positive(black_box(&bytes))));
    }
    group.finish();
}

criterion_group!(benches, parse);
criterion_main!(benches);
