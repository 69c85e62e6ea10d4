//! Opening judge input: a file is memory-mapped, standard input (or anything unmappable) is
//! streamed in bounded chunks.

use std::fs::File;
use std::io::{Stdin, StdinLock};
use std::path::Path;

use memmap2::Mmap;

use super::source::ReadSource;

/// Judge input, ready to scan.
pub enum Input {
    /// A regular file, mapped whole.
    Mapped(Mmap),
    /// A pipe, terminal or empty file, read in chunks.
    File(ReadSource<File>),
    /// Standard input, read in chunks.
    Stdin(ReadSource<StdinLock<'static>>),
}

impl Input {
    /// `None` or `-` is standard input; anything else a file, mapped when possible.
    pub fn open(path: Option<&Path>) -> std::io::Result<Input> {
        let stdin = |s: Stdin| Input::Stdin(ReadSource::new(s.lock()));
        match path {
            None => Ok(stdin(std::io::stdin())),
            Some(p) if p == Path::new("-") => Ok(stdin(std::io::stdin())),
            Some(p) => {
                let file = File::open(p)?;
                // SAFETY: memmap2's contract is that the file is not changed while mapped. Judge
                // input is read once by this process; a concurrent writer could make answers
                // wrong or fault the process, the contract ripgrep accepts for its inputs too.
                // Empty files, pipes and devices cannot be mapped: they are streamed instead.
                match unsafe { Mmap::map(&file) } {
                    Ok(map) if !map.is_empty() => Ok(Input::Mapped(map)),
                    _ => Ok(Input::File(ReadSource::new(file))),
                }
            }
        }
    }
}
