//! A heap session's failures as the command line says them: the option each concerns, and its
//! exit code.

use grundy::heap::session::SessionError;
use grundy_core::heap::{HeapAnalysis, HeapGame, HeapStatus, StopReason};

use crate::cli::exit::Failure;

/// The failure of a search that stopped short, after its report and its checkpoint: exit code
/// 130 with how far the values got when Ctrl-C (or SIGTERM, SIGHUP) stopped them, 1 when their
/// file could not grow (a full disk).
pub fn stopped(a: &HeapAnalysis) -> Option<Failure> {
    let HeapStatus::NotFound(e) = &a.status else { return None };
    match &e.stopped {
        StopReason::Interrupted => Some(interrupted_after(&a.game, e.computed)),
        StopReason::Storage { message } => Some(Failure::io(format!(
            "--values-dir: game {}: the values' file could not grow past G(0..{}): {message}",
            a.game, e.computed
        ))),
        _ => None,
    }
}

/// A signal stopped `game`'s values after `G(0..computed)`: exit code 130.
pub fn interrupted_after(game: &HeapGame, computed: u64) -> Failure {
    let by = crate::cli::interrupt::stopped_by();
    Failure::interrupted(format!("game {game}: interrupted ({by}) after G(0..{computed}) was computed"))
}

/// A session's failure as the command line says it: the option it concerns, and its exit code
/// (a file that cannot be read or written: 1; a checkpoint refused: 2).
pub fn failure(e: &SessionError) -> Failure {
    match e {
        SessionError::ValuesFile { .. } => Failure::io(format!("--values-dir {e}")),
        SessionError::ResumeRead { .. } => Failure::io(format!("--resume {e}")),
        SessionError::ResumeRefused { .. } => Failure::invalid(format!("--resume {e}")),
        SessionError::ResumeTooLong { path, have, max_heap } => Failure::invalid(format!(
            "--resume {}: it holds G(0..{have}), more than the {max_heap} values of --max-heap (a run resumed \
             computes at least the values it holds)",
            path.display()
        )),
        SessionError::CheckpointNotRegular { .. } => {
            Failure::io(format!("--checkpoint {e} (give a new file's path, or the --resume file's own)"))
        }
        SessionError::CheckpointExists { path, appeared: false } => Failure::io(format!(
            "--checkpoint {0}: the file exists; refusing to replace it (go on from it with --resume {0} \
             --checkpoint {0}, or remove it)",
            path.display()
        )),
        SessionError::CheckpointExists { .. } => Failure::io(format!("--checkpoint {e}")),
        // The message of the file's writer, which names the file.
        SessionError::CheckpointWrite { source, .. } => Failure::io(source),
        _ => Failure::io(e),
    }
}
