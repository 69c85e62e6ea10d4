//! `grundy emit --heap SPEC --misere`: the misère heaps judge for one heap game, from its
//! certified misère quotient (the product table, `P`, `Φ` of heaps `0..n0 + p` and the period);
//! a quotient without a proof is not emitted.

use grundy::heap_misere::MisereStatus;
use grundy_core::heap::HeapGame;

use super::args::QuotientArgs;
use super::{compute, interrupted, not_found};
use crate::cli::emit::{Fill, Program, one_line, shell_quote};
use crate::cli::exit::Failure;
use crate::cli::heap::HeapArgs;
use crate::process::Exit;

/// The misère heaps program: the quotient `grundy heaps --heap SPEC --misere` answers from,
/// when it is certified (else exit code 3: the program could not answer every heap).
pub fn emit(game: &HeapGame, args: &HeapArgs, quotient: &QuotientArgs) -> Result<Program, Failure> {
    let (analysis, _) = compute(game, args, quotient);
    interrupted(&analysis)?;
    let MisereStatus::Certified { period, proven_with } = analysis.status else {
        return Err(Failure::new(
            Exit::Refused,
            format!(
                "game {game} (misère): no period of Φ proven with heaps 0..{} ({}); emit --misere writes only a \
                 certified quotient, one that answers every heap",
                analysis.computed(),
                not_found(&analysis)
            ),
        ));
    };
    let q = analysis.quotient();
    let order = q.order() as u32;
    // The product table (row-major), then one 0 or 1 per element (1: in P), then Φ(0..n0 + p).
    let mut values: Vec<u16> = (0..order).flat_map(|x| (0..order).map(move |y| q.product(x, y) as u16)).collect();
    values.extend((0..order).map(|x| u16::from(q.in_p(x))));
    let images = &analysis.images()[..period.span() as usize];
    values.extend(images.iter().map(|&x| x as u16));
    let about = vec![
        format!(
            "Quotient: |Q| = {}, |P| = {}, {}; Q = {}",
            q.order(),
            q.p_portion_size(),
            if analysis.is_tame() { "tame" } else { "wild" },
            one_line(&analysis.presentation().text(), 60)
        ),
        format!(
            "Images: Phi(0..{}) and the period {} from heap {}, proven with heaps 0..{proven_with}: every",
            images.len(),
            period.period,
            period.preperiod
        ),
        "  heap up to 2^64 - 1. A sum is a misere P-position (the player to move loses) iff the".into(),
        "  product of its heaps' images is in P.".into(),
    ];
    let mut command = format!("--heap {} --misere", shell_quote(&game.to_string()));
    if let Some(n) = args.max_heap {
        command += &format!(" --max-heap {n}");
    }
    if let Some(n) = quotient.max_quotient {
        command += &format!(" --max-quotient {n}");
    }
    let fills = vec![
        ("GAME", Fill::Text(game.to_string())),
        ("ORDER", Fill::Text(order.to_string())),
        ("NIMAGES", Fill::Text(images.len().to_string())),
        ("PERIOD", Fill::Text(period.period.to_string())),
        ("PREPERIOD", Fill::Text(period.preperiod.to_string())),
        ("DATA", Fill::Values(values)),
    ];
    Ok(Program {
        game: Some(format!(
            "Game: sums of heaps of the heap game {game} in misere play (grundy heaps --heap {} --misere).",
            shell_quote(&game.to_string())
        )),
        about,
        input: "Input: T, then per case k and k heap sizes (0 to 2^64 - 1). Output: Case k: Alice|Bob.",
        sections: vec!["heap_misere"],
        fills,
        command,
        smaller: " (a larger --limit)",
    })
}
