//! Reads the blobs `build.rs` wrote, embedded in the program at 64-byte alignment, without
//! copying them, and prints some values of its leaper, near and far (each far value checked
//! against the mex of its targets' values), of Dawson's Kayles up to heaps near 2^64 (the
//! table checked against the game's definition on the first 300 heaps), and misère sums of
//! Kayles from its misère quotient (checked against the definition on every sum of up to 16
//! tokens), and a game of its own rules from the values its build script tabulated (checked
//! against the definition, a heap past the table refused).

use std::collections::HashMap;

use grundy::Outcome;
use grundy::table::TableFile;

/// Aligns its contents to 64 bytes (`include_bytes!` alone guarantees only 1), so the square's
/// payload, at a multiple of 64 in the blob, is aligned too.
#[repr(C, align(64))]
struct Align64<T: ?Sized>(T);

static BLOB: &Align64<[u8]> = &Align64(*include_bytes!(concat!(env!("OUT_DIR"), "/leaper.sgt")));
static DAWSON: &Align64<[u8]> = &Align64(*include_bytes!(concat!(env!("OUT_DIR"), "/dawson.sgt")));
static LIEGES: &Align64<[u8]> = &Align64(*include_bytes!(concat!(env!("OUT_DIR"), "/lieges.sgt")));
static KAYLES: &Align64<[u8]> = &Align64(*include_bytes!(concat!(env!("OUT_DIR"), "/kayles-misere.sgt")));

fn main() {
    let file = TableFile::from_static(&BLOB.0).expect("build.rs wrote a valid blob");
    let table = file.leaper().expect("a leaper square");
    let moves: Vec<String> = table.moves().iter().map(|(dx, dy)| format!("({dx},{dy})")).collect();
    println!("moves {}; square {} x {}; closed form: {}", moves.join(" "), table.bound(), table.bound(), {
        if table.has_closed_form() { "certified" } else { "none" }
    });
    let value = |x: u64, y: u64| table.value(x, y).expect("a certified form answers every cell").0;
    let mut row = String::new();
    for x in 0..12 {
        row += &format!(
            "{}{}",
            if x > 0 { " " } else { "" },
            (0..12).map(|y| value(x, y).to_string()).collect::<String>()
        );
    }
    println!("x < 12, y < 12 (rows x): {row}");
    let m = (1u64 << 63) - 1;
    for (x, y) in
        [(63, 63), (64, 0), (0, 64), (1_000_000, 7), (1_000_000_000_000_000, 999_999_999_999_999), (m - 2, m - 2)]
    {
        let targets: Vec<u64> = table
            .moves()
            .iter()
            .filter_map(|&(dx, dy)| Some((x.checked_add_signed(dx.into())?, y.checked_add_signed(dy.into())?)))
            .map(|(a, b)| value(a, b))
            .collect();
        let mex = (0..).find(|v| !targets.contains(v)).expect("a mex");
        println!("g({x}, {y}) = {} (mex of the targets: {mex})", value(x, y));
    }
    heaps();
    misere();
    own_rules();
}

/// Lieges of Legendre (k = 3) from the values `build.rs` computed with its `Rules`: checked here
/// against the definition, heap by heap; sums by XOR; a heap past the table is not answered.
fn own_rules() {
    let file = TableFile::from_static(&LIEGES.0).expect("build.rs wrote a valid blob");
    let table = file.rules().next().expect("one game of rules");
    let mut g: Vec<u64> = Vec::new();
    for n in 0..table.side() {
        let mut options = Vec::new();
        if n > 0 {
            options.push(g[n as usize - 1]);
        }
        if n > 0 && n % 2 == 0 {
            options.push(g[n as usize / 2]); // three equal heaps: x ^ x ^ x = x
        }
        g.push((0..).find(|v| !options.contains(v)).expect("a mex"));
    }
    let stored: Vec<u64> = table.values().collect();
    println!(
        "rules {}: G(0..{}) stored, {} the definition; G(0..20): {}",
        table.name(),
        table.side(),
        if stored == g { "equal to" } else { "NOT equal to" },
        stored[..20].iter().map(u64::to_string).collect::<Vec<_>>().join(" ")
    );
    let xor = [3, 4095, 1000].iter().fold(0, |x, &h| x ^ table.value(&[h]).expect("in the table"));
    println!("3 + 4095 + 1000: the {} player wins", if xor != 0 { "first" } else { "second" });
    println!("heap 4096: {}", table.value(&[4096]).map_or("past the table".into(), |v| v.to_string()));
}

/// Dawson's Kayles (0.07: take two tokens from a heap, leaving nothing, one heap or two) from its
/// embedded table; far heaps go through the proven period.
fn heaps() {
    let file = TableFile::from_static(&DAWSON.0).expect("build.rs wrote a valid blob");
    let table = file.heap(None).expect("one heap game");
    let p = table.period().expect("build.rs proved the period");
    println!(
        "heap game {}: period {} from heap {} (proven), {} values stored",
        table.game(),
        p.period,
        p.preperiod,
        table.stored()
    );
    let value = |n: u64| table.value(n).expect("the period reaches every heap");
    // The definition: G(n) is the mex of G(n - 2) (n > 2), G(a) ^ G(n - 2 - a) (a >= 1 on both
    // sides) and 0 (n = 2).
    let mut g: Vec<u32> = Vec::new();
    for n in 0..300usize {
        let mut seen = Vec::new();
        if n == 2 {
            seen.push(0);
        }
        if n > 2 {
            seen.push(g[n - 2]);
            seen.extend((1..n - 2).map(|a| g[a] ^ g[n - 2 - a]));
        }
        g.push((0..).find(|v| !seen.contains(v)).expect("a mex"));
    }
    assert!((0..300).all(|n| value(n as u64) == g[n]), "the table differs from the definition");
    let first: Vec<String> = (0..40).map(|n| value(n).to_string()).collect();
    println!("G(0..40): {} (equal to the definition up to 299)", first.join(" "));
    let m = u64::MAX;
    for n in [52, 53, 86, 87, 1_000_000, 1 << 63, m - 1, m] {
        println!("G({n}) = {} = G({})", value(n), p.reduce(n));
    }
    let xor = value(m) ^ value(1_000_000);
    println!("heaps {m} and 1000000: {}", if xor != 0 { "the first player wins" } else { "the second player wins" });
}

/// Kayles in misère play (0.77: take one token or two adjacent ones from a row, which may split
/// it; whoever takes the last token loses) from its embedded misère quotient: a sum is lost by
/// the player to move iff the product of its heaps' images is in P; far heaps go through Φ's
/// proven period.
fn misere() {
    let file = TableFile::from_static(&KAYLES.0).expect("build.rs wrote a valid blob");
    let q = file.misere_quotient(None).expect("one misère quotient");
    let p = q.period();
    println!(
        "misère {}: |Q| = {}, |P| = {}, Φ of period {} from heap {} (proven)",
        q.game(),
        q.order(),
        q.p_portion_size(),
        p.period,
        p.preperiod
    );
    let mut memo = HashMap::new();
    let mut sums = 0;
    for tokens in 0..=16 {
        for sum in partitions(tokens, tokens) {
            let lost = if loses(&sum, &mut memo) { Outcome::SecondPlayerWins } else { Outcome::FirstPlayerWins };
            assert_eq!(q.outcome(&sum), lost, "the sum {sum:?} differs from the definition");
            sums += 1;
        }
    }
    println!("{sums} sums of up to 16 tokens: equal to the definition");
    let m = u64::MAX;
    for sum in [&[1, 2, 3][..], &[12, 13], &[70, 82], &[1_000_000, 1_000_000], &[m, m - 12], &[m, 5]] {
        let who = match q.outcome(sum) {
            Outcome::FirstPlayerWins => "the first player wins",
            _ => "the second player wins",
        };
        let terms: Vec<String> = sum.iter().map(u64::to_string).collect();
        println!("{}: {who}", terms.join(" + "));
    }
}

/// The sums of heaps (non-increasing) with `tokens` tokens in all, each heap at most `largest`.
fn partitions(tokens: u64, largest: u64) -> Vec<Vec<u64>> {
    if tokens == 0 {
        return vec![vec![]];
    }
    let mut out = Vec::new();
    for first in (1..=largest.min(tokens)).rev() {
        for mut rest in partitions(tokens - first, first) {
            rest.insert(0, first);
            out.push(rest);
        }
    }
    out
}

/// Whether the player to move loses the misère sum `heaps` (non-increasing) of Kayles, by the
/// definition: they have a move, and every move leaves a sum that the other player, then to
/// move, does not lose.
fn loses(heaps: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    if let Some(&lost) = memo.get(heaps) {
        return lost;
    }
    let mut lost = !heaps.is_empty();
    'moves: for (i, &h) in heaps.iter().enumerate() {
        for take in 1..=h.min(2) {
            let rest = h - take;
            for left in 0..=rest / 2 {
                let mut after: Vec<u64> = heaps[..i].iter().chain(&heaps[i + 1..]).copied().collect();
                after.extend([left, rest - left].into_iter().filter(|&x| x > 0));
                after.sort_unstable_by(|a, b| b.cmp(a));
                if loses(&after, memo) {
                    lost = false;
                    break 'moves;
                }
            }
        }
    }
    memo.insert(heaps.to_vec(), lost);
    lost
}
