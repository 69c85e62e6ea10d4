//! `grundy emit knights`: the program for a leaper, its certified closed form (core and pattern
//! tables packed into a string literal, its evaluation re-implemented in the target language,
//! mirroring `ClosedForm::eval`) or else the table of `0 <= x, y < --bound`.

use grundy_core::generate::DEFAULT_BOUND;
use grundy_core::leaper::{ClosedForm, MoveSet, Triangle, Verdict};

use super::args::LeaperArgs;
use crate::cli::emit::{Fill, MAX_BOUND, Program, one_line};
use crate::cli::exit::Failure;

const INPUT: &str = "Input: T, then per case n and n lines x y. Output per case: Case k: Alice|Bob.";

/// The knights program for `game`: the certified closed form unless `table`, else the table of
/// `0 <= x, y < bound`.
pub fn emit(game: &LeaperArgs, bound: Option<u64>, table: bool) -> Result<Program, Failure> {
    let set = game.set();
    let bound = bound.unwrap_or(DEFAULT_BOUND as u64);
    if !(1..=MAX_BOUND).contains(&bound) {
        return Err(Failure::invalid(format!("--bound {bound}: must be 1 to {MAX_BOUND}")));
    }
    let game_line = format!("Game: the knights judge format for the leaper with moves {set}.");
    let mut about = Vec::new();
    let program = |about, section, fills, smaller| Program {
        game: Some(game_line.clone()),
        about,
        input: INPUT,
        sections: vec!["unpack", section, "knights"],
        fills,
        command: format!("--moves '{set}' knights"),
        smaller,
    };
    if !table {
        match game.analyze().verdict {
            Verdict::Certified { form, proof } => {
                about.push(format!(
                    "Values: the closed form (core {c} x {c}, {} strips, {} sectors, modulus {}), proven equal",
                    form.features().len(),
                    form.sectors().len(),
                    form.modulus(),
                    c = form.core_size()
                ));
                about.push(format!(
                    "  to the Grundy function on all of N^2 (recurrence checked on {} cells, translations do the rest);",
                    proof.cells
                ));
                about.push("  coordinates up to 2^63 - 1.".into());
                return Ok(program(about, "form", form_fills(&form), " (a larger --limit)"));
            }
            Verdict::NotFound(why) => {
                let reason = why.to_string();
                eprintln!(
                    "grundy: note: no certified closed form ({reason}); embedding the table of 0 <= x, y < {bound}"
                );
                about.push(format!("No certified closed form: {}", one_line(&reason, 90)));
            }
        }
    }
    about.push(format!("Values: a table of g for 0 <= x, y < {bound}; a larger coordinate is an error."));
    Ok(program(about, "table", table_fills(&set, bound), " (a smaller --bound, or a larger --limit)"))
}

/// The closed form's parameters (see `ClosedForm`): core size, modulus, the clamps of `x` and
/// `y`, per strip its direction, band, phase length and first value, per sector its basis and
/// first value; and its values: the core, the strip patterns and the sector patterns in order.
fn form_fills(form: &ClosedForm) -> Vec<(&'static str, Fill)> {
    let features = form.features();
    let k = features.len();
    let mut values: Vec<u16> = form.core().iter().map(|&v| u16::from(v)).collect();
    let mut f_off = Vec::with_capacity(k);
    for f in features {
        f_off.push(values.len() as i64);
        values.extend(f.pattern.iter().map(|&v| u16::from(v)));
    }
    let mut s_off = Vec::with_capacity(k - 1);
    for s in form.sectors() {
        s_off.push(values.len() as i64);
        values.extend(s.pattern.iter().map(|&v| u16::from(v)));
    }
    let c = form.core_size();
    let text = |v: i64| Fill::Text(v.to_string());
    vec![
        ("K", text(k as i64)),
        ("C", text(c)),
        ("Q", Fill::Text(form.modulus().to_string())),
        // The clamps of x and y, as ClosedForm::local_bounds.
        ("B0", text(c.max(-features[k - 1].lo + 1))),
        ("B1", text(c.max(features[0].hi + 1))),
        ("FP", Fill::List(features.iter().map(|f| f.dir.0).collect())),
        ("FQ", Fill::List(features.iter().map(|f| f.dir.1).collect())),
        ("FLO", Fill::List(features.iter().map(|f| f.lo).collect())),
        ("FHI", Fill::List(features.iter().map(|f| f.hi).collect())),
        ("FLEN", Fill::List(features.iter().map(|f| f.phase_len()).collect())),
        ("FOFF", Fill::List(f_off)),
        ("SA", Fill::List(form.sectors().iter().map(|s| s.a).collect())),
        ("SB", Fill::List(form.sectors().iter().map(|s| s.b).collect())),
        ("SD", Fill::List(form.sectors().iter().map(|s| s.d).collect())),
        ("SOFF", Fill::List(s_off)),
        ("DATA", Fill::Values(values)),
        ("RANGE", Fill::Text("is beyond 2^63 - 1, the largest coordinate accepted".into())),
    ]
}

/// The table of `0 <= x, y < bound`, row-major (the upper triangle, rows from `x` on, for a
/// symmetric set).
fn table_fills(set: &MoveSet, bound: u64) -> Vec<(&'static str, Fill)> {
    let table = Triangle::for_square(set, bound);
    let symmetric = set.is_symmetric();
    let mut values = Vec::new();
    for x in 0..bound {
        let from = if symmetric { x } else { 0 };
        values.extend((from..bound).map(|y| u16::from(table.get(x, y).expect("the square lies inside the triangle"))));
    }
    let range =
        format!("is beyond {}, the edge of this program's table (regenerate it with a larger --bound)", bound - 1);
    vec![
        ("BOUND", Fill::Text(bound.to_string())),
        ("SYM", Fill::Bool(symmetric)),
        ("DATA", Fill::Values(values)),
        ("RANGE", Fill::Text(range)),
    ]
}
