//! Misère quotients in blobs: written by `generate::misere_blob`, read back in place equal to the
//! engine's analysis, sums answered from the blob equal to exhaustive search, uncertified
//! quotients refused, and every damaged blob refused at opening or by recomputation.

use grundy::Outcome;
use grundy::table::{TableError, TableFile};
use grundy_core::format::{BlobError, TableKind, validate};
use grundy_core::generate::{heap_blob, misere_blob};
use grundy_core::heap::{HeapGame, HeapLimits, analyze_heap};
use grundy_core::heap_misere::table::Unstorable;
use grundy_core::heap_misere::{MisereAnalysis, MisereLimits, MisereStatus, MisereTable, analyze_misere};

use crate::checks;
use crate::common::heap_sums;
use crate::heap_misere::oracle;

fn analyze(text: &str, limits: &MisereLimits) -> MisereAnalysis {
    analyze_misere(&HeapGame::parse(text).unwrap(), limits)
}

/// The blob of `text`'s certified quotient, opened.
fn open(text: &str) -> (MisereAnalysis, TableFile) {
    let analysis = analyze(text, &MisereLimits::default());
    let file = TableFile::from_bytes(misere_blob(&analysis).unwrap()).unwrap();
    (analysis, file)
}

/// Certified games, tame (0.3, 0.31, 0.52, {1,2,3}, {2,5,7}) and wild.
const CERTIFIED: [&str; 10] = ["0.3", "0.31", "0.52", "{1,2,3}", "{2,5,7}", "0.75", "0.77", "0.123", "0.34", "0.71"];

#[test]
fn read_back_equal_to_the_engines_analysis() {
    for text in CERTIFIED {
        let (a, file) = open(text);
        let t = file.misere_quotient(None).unwrap();
        let q = a.quotient();
        let p = a.period().unwrap();
        assert_eq!((t.game(), t.period(), t.order()), (&a.game, p, q.order()), "{text}");
        assert_eq!(t.p_portion_size(), q.p_portion_size(), "{text}");
        for x in 0..q.order() as u32 {
            assert_eq!(t.in_p(x), q.in_p(x), "{text}: {x} in P");
            for y in 0..q.order() as u32 {
                assert_eq!(t.product(x, y), q.product(x, y), "{text}: {x} · {y}");
            }
        }
        let far = [u64::MAX, u64::MAX - 1, 1 << 63, 1_000_000_007];
        for heap in (0..3 * p.span() + 50).chain(far) {
            assert_eq!(Ok(t.image(heap)), a.image(heap), "{text}: Φ({heap})");
        }
        assert!(t.generator_heaps().eq(a.presentation().generator_heaps.iter().copied()), "{text}");
        assert!(t.growth_heaps().eq(a.growth_heaps().iter().copied()), "{text}");
        let back = t.to_analysis();
        assert_eq!((back.quotient(), back.presentation()), (q, a.presentation()), "{text}");
        assert_eq!((&back.game, back.status, back.is_tame()), (&a.game, a.status, a.is_tame()), "{text}");
        assert_eq!(back.images(), &a.images()[..p.span() as usize], "{text}");
        let sum = [1, 2, 3, 1_000_000, u64::MAX];
        assert_eq!(back.winning_move(&sum), a.winning_move(&sum), "{text}");
        assert!(file.verify_contents().unwrap() > 0, "{text}");
        assert!(file.contents(0).contains(&format!("|Q| = {}", q.order())), "{}", file.contents(0));
    }
}

#[test]
fn sums_from_the_blob_match_exhaustive_search() {
    for (text, tokens) in [("0.75", 22), ("0.77", 20), ("0.52", 18), ("{1,2,3}", 18), ("0.123", 18)] {
        let (_, file) = open(text);
        let t = file.misere_quotient(Some(&HeapGame::parse(text).unwrap())).unwrap();
        let mut oracle = oracle(text);
        let sums = heap_sums(tokens, tokens);
        for sum in &sums {
            let heaps: Vec<u64> = sum.iter().map(|&h| u64::from(h)).collect();
            let expected = if oracle.is_p_position(sum) { Outcome::SecondPlayerWins } else { Outcome::FirstPlayerWins };
            assert_eq!(t.outcome(&heaps), expected, "{text}: the sum {sum:?}");
        }
        assert!(sums.len() > 500, "{text}: {} sums", sums.len());
    }
}

#[test]
fn uncertified_quotients_are_not_stored() {
    let small = MisereLimits { max_heap: 30, ..MisereLimits::default() };
    for (text, limits) in [("0.77", small), ("grundy", small), ("0.07", MisereLimits::default())] {
        let a = analyze(text, &limits);
        let MisereStatus::NotFound(stop) = a.status else { panic!("{text} is certified") };
        assert_eq!(misere_blob(&a).unwrap_err(), Unstorable::NotCertified(stop), "{text}");
    }
}

#[test]
fn the_wrong_kind_of_blob_is_named() {
    let (_, misere) = open("0.77");
    let heap = analyze_heap(&HeapGame::parse("0.77").unwrap(), &HeapLimits::default());
    let heap = TableFile::from_bytes(heap_blob(&heap).unwrap()).unwrap();
    let e = heap.misere_quotient(None).unwrap_err();
    assert_eq!(e.to_string(), "the blob holds no misère quotient table");
    assert!(matches!(misere.heap(None), Err(TableError::NoSuchGame { kind: TableKind::HeapValues, .. })));
    let e = misere.misere_quotient(Some(&HeapGame::parse("0.75").unwrap())).unwrap_err();
    assert_eq!(e.to_string(), "the blob holds no table of 0.75 (it holds 0.77)");
}

/// Where table 0's payload lies in `blob`, and its parts: (payload, products, P, images).
fn parts(blob: &[u8]) -> (usize, usize, usize, usize) {
    let entry = &validate(blob).unwrap().tables[0];
    let payload = entry.offset as usize;
    let t: MisereTable<'_> = grundy_core::heap_misere::table::decode(&blob[payload..]).unwrap();
    let images = blob.len() - 2 * t.images().len();
    let p = images - t.order().div_ceil(8);
    (payload, p - 2 * t.order() * t.order(), p, images)
}

/// `blob` with byte `at` set to `value` and its checksums recomputed.
fn forged(blob: &[u8], at: usize, value: u8) -> Vec<u8> {
    let mut b = blob.to_vec();
    b[at] = value;
    checks::with_fixed_checksums(&b).unwrap()
}

fn bad_payload(blob: Vec<u8>) -> String {
    match TableFile::from_bytes(blob) {
        Err(BlobError::BadPayload { table: 0, game: TableKind::MisereQuotient, reason }) => reason,
        other => panic!("not refused as a bad payload: {other:?}"),
    }
}

#[test]
fn damaged_payloads_are_refused() {
    let blob = misere_blob(&analyze("0.77", &MisereLimits::default())).unwrap();
    for len in 0..blob.len() {
        assert!(TableFile::from_bytes(blob[..len].to_vec()).is_err(), "cut at {len}");
    }
    let (_, products, p, images) = parts(&blob);
    // 40 elements: 40 · 1 would be past the last; 1 · 2 alone changed breaks commutativity.
    assert!(bad_payload(forged(&blob, products + 2 * (40 + 1), 40)).contains("not an element"));
    let reason = bad_payload(forged(&blob, products + 2 * 2 + 1, 1));
    assert!(reason.contains("0 is not the identity"), "{reason}");
    assert!(bad_payload(forged(&blob, products + 2 * (40 + 2), 0)).contains("not commutative"));
    assert!(bad_payload(forged(&blob, p, 1)).contains("the identity is in P"));
    assert!(bad_payload(forged(&blob, images + 2 * 12, 200)).contains("Φ(12) = 200, not an element"));
    assert!(bad_payload(forged(&blob, images + 2 * 12 + 1, 1)).contains("Φ(12) = 2"));
    // 0.52: 6 elements, so P's byte has two bits past the last.
    let blob = misere_blob(&analyze("0.52", &MisereLimits::default())).unwrap();
    let (_, _, p, _) = parts(&blob);
    assert_eq!(bad_payload(forged(&blob, p, blob[p] | 0x80)), "P has bits set past the last element 5");
}

/// A well-formed quotient that is not the game's passes opening, and recomputing it names the
/// difference: a square on the diagonal, P, an image, each changed.
#[test]
fn a_forged_quotient_fails_recomputation() {
    let blob = misere_blob(&analyze("0.77", &MisereLimits::default())).unwrap();
    let (_, products, p, images) = parts(&blob);
    let t = TableFile::from_bytes(blob.clone()).unwrap();
    let square = t.misere_quotient(None).unwrap().product(5, 5) as u8;
    for (at, value, says) in [
        (products + 2 * (5 * 40 + 5), square ^ 1, "5 · 5 is stored as"),
        (p + 1, blob[p + 1] ^ 4, "element 10 is stored"),
        (images + 2 * 30, blob[images + 2 * 30] ^ 1, "Φ(30) is stored as"),
    ] {
        let file = TableFile::from_bytes(forged(&blob, at, value)).unwrap();
        match file.verify_contents() {
            Err(TableError::WrongQuotient { table: 0, reason }) => assert!(reason.contains(says), "{reason}"),
            other => panic!("{says}: {other:?}"),
        }
    }
}

/// Every byte of a small quotient's payload changed three ways, checksums recomputed: refused at
/// opening, or (a well-formed quotient) refused by recomputation, but for a larger count of heaps
/// the proof used, which recomputation confirms; the fuzz target's checks hold on each.
#[test]
fn every_byte_changed_is_refused() {
    let blob = misere_blob(&analyze("0.75", &MisereLimits::default())).unwrap();
    let (payload, ..) = parts(&blob);
    let mut recomputed = 0;
    for at in payload..blob.len() {
        for flip in [0x01, 0x80, 0xff] {
            let changed = forged(&blob, at, blob[at] ^ flip);
            checks::check_blob(&changed);
            if let Ok(file) = TableFile::from_bytes(changed) {
                recomputed += 1;
                let proven_with = payload + 16..payload + 24;
                assert!(
                    file.verify_contents().is_err() || proven_with.contains(&at),
                    "byte {at} ^ {flip:#x} is accepted"
                );
            }
        }
    }
    assert!(recomputed > 0, "no change reached recomputation");
}
