//! Deterministic large judge inputs (SplitMix64), written once into the target directory.

use std::fmt::Write as _;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use grundy::mine::{Board, Solver};
use grundy_test_support::Rng;

/// Writes `name` in `dir` with `fill` unless it already exists; returns its path.
fn cached(dir: &Path, name: &str, fill: impl FnOnce(&mut dyn Write) -> std::io::Result<()>) -> PathBuf {
    let path = dir.join(name);
    if !path.exists() {
        let tmp = dir.join(format!("{name}.tmp"));
        let mut out = BufWriter::with_capacity(1 << 20, std::fs::File::create(&tmp).unwrap());
        fill(&mut out).unwrap();
        out.flush().unwrap();
        drop(out);
        std::fs::rename(&tmp, &path).unwrap();
    }
    path
}

/// `cases` cases of `n` knights each, with `0 <= x, y < 500`.
pub fn knights(dir: &Path, cases: u64, n: u64) -> PathBuf {
    cached(dir, &format!("knights-{cases}x{n}.in"), |out| {
        let mut rng = Rng(1315);
        writeln!(out, "{cases}")?;
        for _ in 0..cases {
            writeln!(out, "{n}")?;
            for _ in 0..n {
                writeln!(out, "{} {}", rng.below(500), rng.below(500))?;
            }
        }
        Ok(())
    })
}

/// One case of `k` piles in `1..=10^9` on one line.
pub fn misere(dir: &Path, k: u64) -> PathBuf {
    cached(dir, &format!("misere-{k}.in"), |out| {
        let mut rng = Rng(1253);
        writeln!(out, "1\n{k}")?;
        let mut line = String::new();
        for i in 0..k {
            line.clear();
            let sep = if i + 1 == k { '\n' } else { ' ' };
            write!(line, "{}{sep}", 1 + rng.below(1_000_000_000)).unwrap();
            out.write_all(line.as_bytes())?;
        }
        Ok(())
    })
}

/// `cases` cases of `k` piles in `1..=10^9`, each on its line.
pub fn misere_cases(dir: &Path, cases: u64, k: u64) -> PathBuf {
    cached(dir, &format!("misere-{cases}x{k}.in"), |out| {
        let mut rng = Rng(1253);
        writeln!(out, "{cases}")?;
        let mut line = String::new();
        for _ in 0..cases {
            line.clear();
            writeln!(line, "{k}").unwrap();
            for i in 0..k {
                let sep = if i + 1 == k { '\n' } else { ' ' };
                write!(line, "{}{sep}", 1 + rng.below(1_000_000_000)).unwrap();
            }
            out.write_all(line.as_bytes())?;
        }
        Ok(())
    })
}

/// `boards` Mine cases of `side x side`, as [`mine`] makes them.
pub fn mine_boards(dir: &Path, boards: u64, side: u64) -> PathBuf {
    cached(dir, &format!("mine-{boards}x{side}.in"), |out| write_mine(out, boards, side))
}

/// `boards` Mine cases of 1000 x 1000, mine density spread geometrically over 0.1%..50%
/// (mines drawn with repetition, as judge data may repeat them). Like the judge's data, every
/// board keeps the statement's promise: uniformly random boards above ~2% break it, so each is
/// repaired by putting a mine on every number touching two regions until none is left.
pub fn mine(dir: &Path, boards: u64) -> PathBuf {
    cached(dir, &format!("mine-{boards}.in"), |out| write_mine(out, boards, 1000))
}

/// `boards` Mine cases of `side x side`, mine density spread geometrically over 0.1%..50%, each
/// repaired to keep the promise.
fn write_mine(out: &mut dyn Write, boards: u64, side: u64) -> std::io::Result<()> {
    let mut rng = Rng(4678);
    let mut solver = Solver::new();
    writeln!(out, "{boards}")?;
    for b in 0..boards {
        let t = if boards > 1 { b as f64 / (boards - 1) as f64 } else { 0.0 };
        let density = 0.001 * 500f64.powf(t);
        let count = (density * (side * side) as f64) as u64;
        let mut mines: Vec<(u64, u64)> = (0..count).map(|_| (rng.below(side), rng.below(side))).collect();
        loop {
            let board = Board::with_mines(side, side, mines.iter().copied()).unwrap();
            if solver.solve(&board).is_ok_and(|a| a.keeps_promise()) {
                break;
            }
            mines.extend(solver.shared_cells());
        }
        writeln!(out, "{side} {side} {}", mines.len())?;
        for (x, y) in mines {
            writeln!(out, "{x} {y}")?;
        }
    }
    Ok(())
}
