//! The `--json` report of a leaper's analysis (docs/analyze.md).

use grundy::leaper::ClosedForm;
use grundy_core::leaper::{Analysis, NotFound, Proof, Verdict};
use serde_json::{Value, json};

/// The `--json` report of an analysis: one object, `closed_form.status` `"certified"` or
/// `"not_found"`.
pub fn analysis_json(a: &Analysis) -> Value {
    let (wa, wb) = a.set.potential();
    let closed_form = match &a.verdict {
        Verdict::Certified { form, proof } => form_json(form, proof),
        Verdict::NotFound(why) => not_found_json(why),
    };
    json!({
        "moves": a.set.to_string(),
        "potential": [wa, wb],
        "symmetric": a.symmetric,
        "computed_potential": a.computed_potential,
        "max_value": a.max_value,
        "closed_form": closed_form,
    })
}

/// The whole form, enough to evaluate it anywhere (docs/analyze.md): the core as rows
/// `core[x][y]`; per strip its direction, its band of offsets (`[lo, hi]`, or `[]` and a
/// `boundary` for an empty one), period, phase and pattern rows by offset; per sector its
/// Hermite basis and pattern rows by `y mod d`.
fn form_json(form: &ClosedForm, proof: &Proof) -> Value {
    let rows =
        |values: &[u8], len: i64| -> Vec<Value> { values.chunks(len.max(1) as usize).map(|row| json!(row)).collect() };
    let strips: Vec<Value> = form
        .features()
        .iter()
        .map(|f| {
            let phase_len = f.phase_len();
            let mut strip = json!({
                "direction": [f.dir.0, f.dir.1],
                "offsets": if f.width() > 0 { json!([f.lo, f.hi]) } else { json!([]) },
                "width": f.width(),
                "period": [f.period * f.dir.0, f.period * f.dir.1],
                "phase": { "of": if f.dir.0 > 0 { "x" } else { "y" }, "length": phase_len },
                "pattern": rows(&f.pattern, phase_len),
            });
            if f.width() == 0 {
                strip["boundary"] = json!(f.lo);
            }
            strip
        })
        .collect();
    let sectors: Vec<Value> = form
        .sectors()
        .iter()
        .map(|s| json!({ "basis": [[s.a, 0], [s.b, s.d]], "index": s.index(), "pattern": rows(&s.pattern, s.a) }))
        .collect();
    json!({
        "status": "certified",
        "core_size": form.core_size(),
        "core": rows(form.core(), form.core_size()),
        "strips": strips,
        "sectors": sectors,
        "modulus": form.modulus(),
        "stored_values": form.stored_values(),
        "certificate": {
            "cells": proof.cells,
            "scanned": proof.scanned,
            "max_potential": proof.max_potential,
            "translations": proof.translations.iter().map(|&(x, y)| [x, y]).collect::<Vec<_>>(),
        },
    })
}

/// Without a candidate, the window counts are the evidence (`windows`, `windows_potential`); a
/// candidate that failed its proof has none.
fn not_found_json(why: &NotFound) -> Value {
    let mut json = json!({
        "status": "not_found",
        "max_potential": why.max_potential,
        "reason": why.cause.to_string(),
    });
    if let Some(windows) = &why.windows {
        json["windows_potential"] = json!(windows.potential);
        json["windows"] = windows.bands.iter().map(|&(d, c)| json!({ "distinct": d, "cells": c })).collect();
    }
    json
}
