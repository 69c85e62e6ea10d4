//! `grundy emit --heap`: the heaps judge for one heap game, from the table `grundy heaps`
//! answers from (the `n0 + p` values and the proven period, or the values computed, a larger
//! heap refused with exit code 3).

use grundy_core::heap::{HeapGame, HeapStatus};

use super::args::{CheckpointArgs, HeapArgs};
use super::commands::judge_table;
use crate::cli::emit::{Fill, Program, one_line, shell_quote};
use crate::cli::exit::Failure;

/// The heaps program: the table `grundy heaps --heap SPEC` answers from (the same analysis,
/// stored and read back as the judge reads it).
pub fn emit(args: &HeapArgs, saves: &CheckpointArgs, game: &HeapGame) -> Result<Program, Failure> {
    let (analysis, payload) = judge_table(args, saves, game)?;
    let table = grundy_core::heap::table::decode(&payload).expect("encode writes a valid payload");
    let values: Vec<u16> = table.values().collect();
    let game_line = format!("Game: sums of heaps of the heap game {game} (grundy heaps --heap {game}).");
    let mut about = Vec::new();
    let period = match &analysis.status {
        HeapStatus::Certified(p) => {
            about.push(format!(
                "Values: G(0..{}) and the period {} from heap {}, proven: every heap up to 2^64 - 1.",
                values.len(),
                p.period,
                p.preperiod
            ));
            Some((p.period, p.preperiod))
        }
        HeapStatus::NotFound(e) => {
            about.push(format!(
                "Values: G(0..{}) only: no period proven ({}).",
                values.len(),
                one_line(&e.stopped.to_string(), 60)
            ));
            about.push(format!(
                "  A heap of {} or more is refused: exit code 3, after the answers before it.",
                values.len()
            ));
            None
        }
    };
    let mut command = format!("--heap {}", shell_quote(&game.to_string()));
    if let Some(n) = args.max_heap {
        command += &format!(" --max-heap {n}");
    }
    // Without a period, PERIOD is 1 (never used) so that no program divides by zero.
    let (p, n0) = period.unwrap_or((1, 0));
    let fills = vec![
        ("GAME", Fill::Text(game.to_string())),
        ("PERIODIC", Fill::Bool(period.is_some())),
        ("PERIOD", Fill::Text(p.to_string())),
        ("PREPERIOD", Fill::Text(n0.to_string())),
        ("DATA", Fill::Values(values)),
    ];
    let smaller = if period.is_some() { " (a larger --limit)" } else { " (a smaller --max-heap, or a larger --limit)" };
    Ok(Program {
        game: Some(game_line),
        about,
        input: "Input: T, then per case k and k heap sizes (0 to 2^64 - 1). Output: Case k: Alice|Bob.",
        sections: vec!["heaps"],
        fills,
        command,
        smaller,
    })
}
