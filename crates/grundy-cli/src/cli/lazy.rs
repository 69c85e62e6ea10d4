//! Subcommand arguments built only for the subcommand given.
//!
//! The derived parser builds every subcommand's arguments before it looks at the command line;
//! for twelve subcommands that is most of a judge run's start-up on a small input (heap pages
//! and code first touched, a few hundred microseconds; BENCHMARKS.md, "Start-up"). Wrapped in
//! [`Lazy`], a subcommand's arguments are added by [`Command::defer`], which clap runs only
//! when that subcommand is parsed or its help is shown.

use clap::{ArgMatches, Args, Command, FromArgMatches};

/// The arguments `T` of one subcommand, added to it only when it is used.
pub struct Lazy<T>(pub T);

impl<T: Args> Args for Lazy<T> {
    fn augment_args(cmd: Command) -> Command {
        cmd.defer(|cmd| keeping_about(cmd, T::augment_args))
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        cmd.defer(|cmd| keeping_about(cmd, T::augment_args_for_update))
    }
}

/// `augment(cmd)` with `cmd`'s own description kept: the derived arguments describe the command
/// by their doc comments too, which clap overrides by the subcommand's when it is not deferred.
fn keeping_about(cmd: Command, augment: fn(Command) -> Command) -> Command {
    let (about, long_about) = (cmd.get_about().cloned(), cmd.get_long_about().cloned());
    let cmd = augment(cmd).about(None).long_about(None);
    let cmd = match about {
        Some(about) => cmd.about(about),
        None => cmd,
    };
    match long_about {
        Some(long_about) => cmd.long_about(long_about),
        None => cmd,
    }
}

impl<T: FromArgMatches> FromArgMatches for Lazy<T> {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        T::from_arg_matches(matches).map(Lazy)
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        self.0.update_from_arg_matches(matches)
    }
}
