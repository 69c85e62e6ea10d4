//! The scanner read from a stream cut anywhere (the shared [`Trickle`] reader) against the same
//! bytes in memory, and its bulk paths for pairs and for positive numbers against the
//! token-by-token one.

use crate::checks::Trickle;
use crate::common::Rng;

use grundy::judge::scanner::Scanner;
use grundy::judge::source::{ReadSource, Source};
use proptest::prelude::*;

/// Every token until the first error (as its message), then `finish`.
fn scan_all<S: Source>(mut scan: Scanner<S>) -> (Vec<u64>, String) {
    let mut values = Vec::new();
    for _ in 0..6 {
        match scan.next_u64() {
            Ok(v) => values.push(v),
            Err(e) => return (values, scan.error(e, "a number").to_string()),
        }
    }
    (values, scan.finish(0).map_or_else(|e| e.to_string(), |()| "done".into()))
}

#[test]
fn streaming_in_tiny_pieces_reads_and_reports_like_a_slice() {
    let inputs: &[&[u8]] = &[
        b"1 22 333\n4444 55555 666666\n",
        b"  12345678901234567890  7\r\n8",
        b"1\n\n   2x",
        b"18446744073709551615 18446744073709551616",
        b"\xc3\xa9\xc3\xa9 5\n \xc3\xa9",
        b"7\n-3",
        b"1 2 3 4 5 6\n\n  junk",
        b"",
        b"   \n\t ",
    ];
    for &input in inputs {
        let expected = scan_all(Scanner::new(input));
        for step in [1, 2, 3, 7] {
            let got = scan_all(Scanner::new(ReadSource::new(Trickle::new(input, step))));
            assert_eq!(got, expected, "{:?} in steps of {step}", String::from_utf8_lossy(input));
        }
    }
    assert_eq!(scan_all(Scanner::new(&b"1\n\n   2x"[..])).1, "line 3, column 5: expected a number, found 'x'");
    assert_eq!(
        scan_all(Scanner::new(&b"1 2 3 4 5 6\n\n  junk"[..])).1,
        "line 3, column 3: unexpected data after the case count 0"
    );
}

/// Reads `pairs` pairs below `bounds` as the Mine judge does: in bulk while it can, then a
/// few token by token. Returns the values, then the first error or what `finish` says.
fn pairs_in_bulk<S: Source>(mut scan: Scanner<S>, bounds: [u64; 2], pairs: u64) -> (Vec<u64>, String) {
    let mut values = Vec::new();
    let mut left = pairs;
    let mut out = [[0; 2]; 20];
    while left > 0 {
        let room = out.len().min(left as usize);
        let read = scan.pairs_below(bounds, &mut out[..room]);
        values.extend(out[..read].iter().flatten().map(|&v| u64::from(v)));
        left -= read as u64;
        if read == room {
            continue;
        }
        for _ in 0..3.min(left) {
            if let Err(e) = pair(&mut scan, bounds, &mut values) {
                return (values, e);
            }
            left -= 1;
        }
    }
    (values, scan.finish(0).map_or_else(|e| e.to_string(), |()| "done".into()))
}

/// The same token by token.
fn pairs_one_by_one<S: Source>(mut scan: Scanner<S>, bounds: [u64; 2], pairs: u64) -> (Vec<u64>, String) {
    let mut values = Vec::new();
    for _ in 0..pairs {
        if let Err(e) = pair(&mut scan, bounds, &mut values) {
            return (values, e);
        }
    }
    (values, scan.finish(0).map_or_else(|e| e.to_string(), |()| "done".into()))
}

/// One pair token by token, as the judge checks it.
fn pair<S: Source>(scan: &mut Scanner<S>, bounds: [u64; 2], values: &mut Vec<u64>) -> Result<(), String> {
    for bound in bounds {
        match scan.next_u64() {
            Ok(v) if v < bound => values.push(v),
            Ok(v) => return Err(scan.error_at_token(format!("{v} is not below {bound}")).to_string()),
            Err(e) => return Err(scan.error(e, "a number").to_string()),
        }
    }
    Ok(())
}

/// Reads `count` numbers of at least 1 as the misère judge does: in bulk while it can, then a
/// few token by token. Returns the values, then the first error or what `finish` says.
fn positive_in_bulk<S: Source>(mut scan: Scanner<S>, count: u64) -> (Vec<u64>, String) {
    let mut values = Vec::new();
    let mut left = count;
    let mut out = [0; 20];
    while left > 0 {
        let room = out.len().min(left as usize);
        let read = scan.positive_numbers(&mut out[..room]);
        values.extend(&out[..read]);
        left -= read as u64;
        if read == room {
            continue;
        }
        for _ in 0..3.min(left) {
            if let Err(e) = positive(&mut scan, &mut values) {
                return (values, e);
            }
            left -= 1;
        }
    }
    (values, scan.finish(0).map_or_else(|e| e.to_string(), |()| "done".into()))
}

/// The same token by token.
fn positive_one_by_one<S: Source>(mut scan: Scanner<S>, count: u64) -> (Vec<u64>, String) {
    let mut values = Vec::new();
    for _ in 0..count {
        if let Err(e) = positive(&mut scan, &mut values) {
            return (values, e);
        }
    }
    (values, scan.finish(0).map_or_else(|e| e.to_string(), |()| "done".into()))
}

/// One number of at least 1 token by token, as the judge checks it.
fn positive<S: Source>(scan: &mut Scanner<S>, values: &mut Vec<u64>) -> Result<(), String> {
    match scan.next_u64() {
        Ok(0) => Err(scan.error_at_token("0 is not positive".into()).to_string()),
        Ok(v) => {
            values.push(v);
            Ok(())
        }
        Err(e) => Err(scan.error(e, "a number").to_string()),
    }
}

/// Text that is mostly numbers (of 1 to 22 digits, leading zeros too) and separators, with
/// now and then a sign, a letter, a control or a non-ASCII character.
fn mostly_numbers() -> impl Strategy<Value = Vec<u8>> {
    let number = (1..23usize, any::<u64>()).prop_map(|(len, seed)| {
        let digits = format!("{seed:020}{seed:020}");
        digits.as_bytes()[40 - len..].to_vec()
    });
    let short = (0..=1000u64).prop_map(|v| v.to_string().into_bytes());
    let gap = prop::collection::vec(prop::sample::select(vec![b' ', b' ', b' ', b'\n', b'\n', b'\r', b'\t']), 1..3);
    let junk = prop::sample::select(vec![
        &b"x"[..],
        b"+",
        b"-",
        b"\0",
        b"\x0b",
        b"\xc3\xa9",
        b"\xff",
        b"/",
        b":",
        b"\x7f",
        b"\xb0",
    ])
    .prop_map(<[u8]>::to_vec);
    let token = prop_oneof![80 => short, 3 => number, 1 => junk];
    prop::collection::vec((token, gap), 0..400)
        .prop_map(|tokens| tokens.into_iter().flat_map(|(t, g)| t.into_iter().chain(g)).collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// The bulk path reads the same values and reports the same errors, at the same line and
    /// column, as the token-by-token one, from a slice and from a stream cut anywhere.
    #[test]
    fn bulk_reads_like_token_by_token(
        input in mostly_numbers(),
        bounds in prop_oneof![
            Just([1000, 1000]),
            Just([1001, 1000]),
            (1..1100u64, 1..1100u64).prop_map(|(x, y)| [x, y]),
            Just([1 << 40, 1 << 40]),
            Just([u64::MAX, u64::MAX]),
            Just([0, 5]),
        ],
        pairs in 0..250u64,
        step in 1..200usize,
    ) {
        let expected = pairs_one_by_one(Scanner::new(&input[..]), bounds, pairs);
        prop_assert_eq!(&pairs_in_bulk(Scanner::new(&input[..]), bounds, pairs), &expected);
        let streamed = pairs_in_bulk(Scanner::new(ReadSource::new(Trickle::new(&input, step))), bounds, pairs);
        prop_assert_eq!(&streamed, &expected);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// The bulk path for positive numbers reads the same values and reports the same errors
    /// (a 0 among them), at the same line and column, as the token-by-token one, from a slice
    /// and from a stream cut anywhere.
    #[test]
    fn positive_bulk_reads_like_token_by_token(input in mostly_numbers(), count in 0..500u64, step in 1..200usize) {
        let expected = positive_one_by_one(Scanner::new(&input[..]), count);
        prop_assert_eq!(&positive_in_bulk(Scanner::new(&input[..]), count), &expected);
        let streamed = positive_in_bulk(Scanner::new(ReadSource::new(Trickle::new(&input, step))), count);
        prop_assert_eq!(&streamed, &expected);
    }
}

/// Positive numbers of every length from 1 to 16 digits (leading zeros too) are read in bulk up
/// to the last block of the input, and exactly.
#[test]
fn valid_positive_numbers_are_read_in_bulk() {
    let mut text = String::new();
    let mut expected = Vec::new();
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    for i in 0..5000u64 {
        let x = rng.next();
        let len = (i % 16) as u32 + 1;
        let v = (x % 10u64.pow(len)) | 1;
        text += &if i % 7 == 0 { format!("{v:0w$}\n", w = len as usize) } else { format!("{v} ") };
        expected.push(v);
    }
    let mut scan = Scanner::new(text.as_bytes());
    let mut out = vec![0; 5000];
    let read = scan.positive_numbers(&mut out);
    assert!(read > 5000 - 10, "{read} numbers read in bulk");
    assert_eq!(out[..read], expected[..read]);
    assert_eq!(positive_in_bulk(Scanner::new(text.as_bytes()), 5000).0, expected);
}

/// Valid pairs, short and long, are read in bulk up to the last block of the input (so the
/// bulk path is not silently skipped), and exactly.
#[test]
fn valid_pairs_are_read_in_bulk() {
    let mut text = String::new();
    let mut expected = Vec::new();
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    for i in 0..5000u64 {
        let x = rng.next();
        let pair = [x % [10, 1000, 100_000_000][(i % 3) as usize], x >> 40 & 0xFFFF];
        text += &format!("{} {}\n", pair[0], pair[1]);
        expected.extend(pair);
    }
    let mut scan = Scanner::new(text.as_bytes());
    let mut out = vec![[0; 2]; 5000];
    let read = scan.pairs_below([u64::MAX >> 1, 1 << 16], &mut out);
    assert!(read > 5000 - 20, "{read} pairs read in bulk");
    assert!(out[..read].iter().flatten().map(|&v| u64::from(v)).eq(expected[..2 * read].iter().copied()));
    assert_eq!(pairs_in_bulk(Scanner::new(text.as_bytes()), [u64::MAX >> 1, 1 << 16], 5000).0, expected);
}
