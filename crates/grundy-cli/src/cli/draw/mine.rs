//! `grundy draw mine`: one case of a Mine judge input, read as `grundy mine` reads it (the same
//! errors), solved, and drawn by [`grundy::mine::picture`].

use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::Args;
use grundy::mine::{Board, MAX_PICTURE_CELLS, SolveError, read_mine_case};

use super::super::exit::Failure;
use super::super::judge::{MineLimits, open_input};
use super::{Target, refused, write};
use crate::process::Exit;

/// `grundy draw mine`'s arguments.
#[derive(Args, Debug)]
pub struct MineArgs {
    /// A Mine judge input; `-` or nothing reads standard input.
    file: Option<PathBuf>,
    /// Which case to draw, from 1.
    #[arg(long, value_name = "K", default_value_t = 1)]
    case: u64,
    /// The solver's budget, as for `grundy mine`: a board needing more is drawn with its outcome
    /// unknown, and the command ends with exit code 3.
    #[arg(long, allow_negative_numbers = true, value_name = "N", default_value_t = grundy::mine::DEFAULT_MAX_STATES,
          value_parser = super::super::parse::max_states)]
    max_states: usize,
    /// The solver's time bound in seconds, as for `grundy mine`.
    #[arg(long, allow_negative_numbers = true, value_name = "SECONDS", value_parser = super::super::parse::seconds)]
    max_time: Option<Duration>,
    /// Pixels per cell [default: 800 / the longer side, between 1 and 24].
    #[arg(long, allow_negative_numbers = true, value_name = "K", value_parser = clap::value_parser!(u32).range(1..))]
    scale: Option<u32>,
    /// The picture: FILE.png or FILE.svg (replaces a regular file only).
    #[arg(short, long, value_name = "FILE")]
    output: PathBuf,
    /// Replace a write-protected FILE, or the file a symbolic link FILE names (the link stays);
    /// without it both are refused.
    #[arg(long)]
    force: bool,
}

/// Case `args.case` of the input, read as `grundy mine` reads it (the same errors).
fn read_board(args: &MineArgs) -> Result<Board, Failure> {
    if args.case == 0 {
        return Err(Failure::invalid("--case 0: cases are numbered from 1"));
    }
    let name = match args.file.as_deref() {
        Some(p) if p != Path::new("-") => p.display().to_string(),
        _ => "standard input".into(),
    };
    let board = match read_mine_case(open_input(args.file.as_deref())?, args.case)? {
        (_, Some(board)) => board,
        (cases, None) => return Err(Failure::invalid(format!("--case {}: {name} has only {cases} cases", args.case))),
    };
    let (rows, cols) = (board.rows() as u64, board.cols() as u64);
    if rows * cols > MAX_PICTURE_CELLS {
        return Err(Failure::invalid(format!(
            "case {} is {rows} x {cols}: at most {MAX_PICTURE_CELLS} cells are drawn",
            args.case
        )));
    }
    Ok(board)
}

/// Refuses `-o` naming the input (the same file, by any path or link; or standard input's file).
fn check_not_input(args: &MineArgs) -> Result<(), Failure> {
    let input = args.file.as_deref().filter(|p| *p != Path::new("-"));
    if same_file(input, &args.output) {
        let what = input.map_or("standard input".into(), |p| p.display().to_string());
        return Err(Failure::invalid(format!(
            "{}: is the input ({what}); refusing to write the picture over it",
            args.output.display()
        )));
    }
    Ok(())
}

/// Whether `output` is the file `input` names (standard input's with `None`).
fn same_file(input: Option<&Path>, output: &Path) -> bool {
    match input {
        Some(input) => super::super::output::same_file(input, output),
        None => is_standard_input(output),
    }
}

/// Whether `path` exists and is the file standard input reads.
#[cfg(unix)]
fn is_standard_input(path: &Path) -> bool {
    use std::os::fd::AsFd;
    use std::os::unix::fs::MetadataExt;
    let input = std::io::stdin().as_fd().try_clone_to_owned().and_then(|fd| std::fs::File::from(fd).metadata());
    let id = |m: std::fs::Metadata| (m.dev(), m.ino());
    matches!((input.map(id), std::fs::metadata(path).map(id)), (Ok(a), Ok(b)) if a == b)
}

#[cfg(not(unix))]
fn is_standard_input(_: &Path) -> bool {
    false
}

/// `grundy draw mine`: the picture, then the solver's refusal when it refused the case (the
/// picture says so too), as the judge would end.
pub fn run(args: &MineArgs) -> Result<(), Failure> {
    let target = Target::check(args.output.clone(), args.force)?;
    check_not_input(args)?;
    let board = read_board(args)?;
    let limits = MineLimits { max_states: args.max_states, max_time: args.max_time };
    let mut solver = limits.solver();
    solver.set_case(Some(args.case));
    let explained = solver.explain(&board);
    let refusal = explained.as_ref().err().map(|e| {
        let mut message = format!("case {} not solved (outcome unknown): {e}", args.case);
        if matches!(e, SolveError::ClusterTooLarge(_)) {
            message += &format!("\ngrundy: hint: {}", limits.hint(false));
        }
        Failure::new(Exit::Refused, message)
    });
    let map = solver.region_map(&board).map_err(|e| Failure::io(format!("case {}: {e}", args.case)))?;
    let picture = grundy::mine::picture(&board, &map, explained.as_ref(), args.case, args.scale).map_err(refused)?;
    write(&target, &picture)?;
    refusal.map_or(Ok(()), Err)
}
