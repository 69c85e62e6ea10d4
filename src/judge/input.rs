//! Judge input as one byte slice: a file is memory-mapped, standard input is read whole.

use std::io::Read;
use std::ops::Deref;
use std::path::Path;

use memmap2::Mmap;

/// The whole input, mapped or owned.
pub enum Input {
    Mapped(Mmap),
    Owned(Vec<u8>),
}

impl Input {
    /// `None` or `-` reads standard input; anything else is a file, mapped when possible.
    pub fn open(path: Option<&Path>) -> std::io::Result<Input> {
        match path {
            None => read_all(std::io::stdin().lock()),
            Some(p) if p == Path::new("-") => read_all(std::io::stdin().lock()),
            Some(p) => {
                let file = std::fs::File::open(p)?;
                // SAFETY: memmap2's contract is that the file is not changed while mapped. Judge
                // input files are read-only inputs of one run; a concurrent writer could make the
                // answers wrong or the process fault, which is the same contract ripgrep accepts.
                // Empty files cannot be mapped, and pipes or devices are not mappable: read those.
                match unsafe { Mmap::map(&file) } {
                    Ok(map) => Ok(Input::Mapped(map)),
                    Err(_) => read_all(file),
                }
            }
        }
    }
}

fn read_all(mut reader: impl Read) -> std::io::Result<Input> {
    let mut bytes = Vec::new();
    reader.read_to_end(&mut bytes)?;
    Ok(Input::Owned(bytes))
}

impl Deref for Input {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match self {
            Input::Mapped(m) => m,
            Input::Owned(v) => v,
        }
    }
}
