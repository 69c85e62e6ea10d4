//! Opening judge input: a file is memory-mapped, standard input (or anything unmappable) is
//! streamed in bounded chunks.

use std::fs::File;
use std::io::Read;
use std::path::Path;

use memmap2::Mmap;

use super::source::ReadSource;

/// Judge input, ready to scan.
#[allow(missing_debug_implementations)] // A mapping or a boxed reader: nothing to show.
pub enum Input {
    /// A regular file, mapped whole.
    Mapped(Mmap),
    /// Standard input, or a pipe, terminal or empty file, read in chunks (one reader type for
    /// all of them: the judges are compiled once for streams).
    Stream(ReadSource<Box<dyn Read>>),
}

impl Input {
    /// `None` or `-` is standard input; anything else a file, mapped when possible.
    pub fn open(path: Option<&Path>) -> std::io::Result<Input> {
        let stream = |reader: Box<dyn Read>| Input::Stream(ReadSource::new(reader));
        match path {
            None => Ok(stream(Box::new(std::io::stdin().lock()))),
            Some(p) if p == Path::new("-") => Ok(stream(Box::new(std::io::stdin().lock()))),
            Some(p) => {
                let file = File::open(p)?;
                // SAFETY: memmap2's contract is that the file is not changed while mapped. Judge
                // input is read once by this process; a concurrent writer could make answers
                // wrong or fault the process, the contract ripgrep accepts for its inputs too.
                // Empty files, pipes and devices cannot be mapped: they are streamed instead.
                match unsafe { Mmap::map(&file) } {
                    Ok(map) if !map.is_empty() => Ok(Input::Mapped(map)),
                    _ => Ok(stream(Box::new(file))),
                }
            }
        }
    }
}
