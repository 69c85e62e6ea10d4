//! Reads the blob `build.rs` wrote, embedded in the program at 64-byte alignment, without
//! copying it, and prints some values of its leaper, near and far; each far value is checked
//! against the mex of its targets' values.

use grundy::table::TableFile;

/// Aligns its contents to 64 bytes (`include_bytes!` alone guarantees only 1), so the square's
/// payload, at a multiple of 64 in the blob, is aligned too.
#[repr(C, align(64))]
struct Align64<T: ?Sized>(T);

static BLOB: &Align64<[u8]> = &Align64(*include_bytes!(concat!(env!("OUT_DIR"), "/leaper.sgt")));

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
        row += &format!("{}{}", if x > 0 { " " } else { "" }, (0..12).map(|y| value(x, y).to_string()).collect::<String>());
    }
    println!("x < 12, y < 12 (rows x): {row}");
    let m = (1u64 << 63) - 1;
    for (x, y) in [(63, 63), (64, 0), (0, 64), (1_000_000, 7), (1_000_000_000_000_000, 999_999_999_999_999), (m - 2, m - 2)] {
        let targets: Vec<u64> = table
            .moves()
            .iter()
            .filter_map(|&(dx, dy)| Some((x.checked_add_signed(dx.into())?, y.checked_add_signed(dy.into())?)))
            .map(|(a, b)| value(a, b))
            .collect();
        let mex = (0..).find(|v| !targets.contains(v)).expect("a mex");
        println!("g({x}, {y}) = {} (mex of the targets: {mex})", value(x, y));
    }
}
