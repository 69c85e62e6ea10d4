//! Where the values `G(0..len)` live: in memory, or (with `std`) in a file mapped into memory.
//!
//! A file-backed store has room for a number of values, written with zeros when it is made and
//! when it grows (so a full disk is an error then, never a fault when a page is written back).
//! The engine reads and writes it as one slice, as it does a vector; the system loads its pages
//! as they are read and writes them back. What a long run keeps resident is what it reads: the
//! early values (the small parts of the proofs), the recent ones (the other parts, and the rare
//! parts' partners), and whatever a scan of the whole sequence is reading. [`Store::release`]
//! drops the rest from the process between heaps and behind the scans, so memory stays bounded
//! however many values the file holds.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::ops::{Deref, DerefMut};

/// The values `G(0..len)`.
pub(crate) enum Store {
    Memory(Vec<u16>),
    #[cfg(all(feature = "std", unix))]
    File(file::Mapped),
}

impl Default for Store {
    fn default() -> Self {
        Store::Memory(Vec::new())
    }
}

impl fmt::Debug for Store {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let place = match self {
            Store::Memory(_) => "memory",
            #[cfg(all(feature = "std", unix))]
            Store::File(_) => "file",
        };
        write!(f, "Store {{ len: {}, in: {place} }}", self.len())
    }
}

impl Clone for Store {
    /// A copy in memory.
    fn clone(&self) -> Self {
        Store::Memory(self.to_vec())
    }
}

/// Equal values, wherever they are.
impl PartialEq for Store {
    fn eq(&self, other: &Store) -> bool {
        **self == **other
    }
}

impl Eq for Store {}

impl Deref for Store {
    type Target = [u16];

    fn deref(&self) -> &[u16] {
        match self {
            Store::Memory(v) => v,
            #[cfg(all(feature = "std", unix))]
            Store::File(m) => m.values(),
        }
    }
}

impl DerefMut for Store {
    fn deref_mut(&mut self) -> &mut [u16] {
        match self {
            Store::Memory(v) => v,
            #[cfg(all(feature = "std", unix))]
            Store::File(m) => m.values_mut(),
        }
    }
}

impl Store {
    pub(crate) fn push(&mut self, v: u16) {
        match self {
            Store::Memory(values) => values.push(v),
            #[cfg(all(feature = "std", unix))]
            Store::File(m) => m.resize(m.len() + 1, v),
        }
    }

    /// Grows (with `v`) or shrinks to `len` values; a file only within its room
    /// ([`Store::reserve`] makes more).
    #[cfg(feature = "std")]
    pub(crate) fn resize(&mut self, len: usize, v: u16) {
        match self {
            Store::Memory(values) => values.resize(len, v),
            #[cfg(all(feature = "std", unix))]
            Store::File(m) => m.resize(len, v),
        }
    }

    #[cfg(feature = "std")]
    pub(crate) fn truncate(&mut self, len: usize) {
        if len < self.len() {
            self.resize(len, 0);
        }
    }

    /// Room for `more` values after the last: a file grows (its new room written at once), or
    /// says why it could not.
    pub(crate) fn reserve(&mut self, more: usize) -> Result<(), String> {
        match self {
            Store::Memory(values) => values.reserve(more),
            #[cfg(all(feature = "std", unix))]
            Store::File(m) => m.reserve(more).map_err(|e| alloc::format!("{e}"))?,
        }
        Ok(())
    }

    /// Drops from the process the pages wholly within the values `from..to` of a file (nothing
    /// in memory): they stay in the file, and are read back, unchanged, if used again.
    pub(crate) fn release(&self, from: usize, to: usize) {
        #[cfg(all(feature = "std", unix))]
        if let Store::File(m) = self {
            m.release(from, to.min(m.len()));
        }
        #[cfg(not(all(feature = "std", unix)))]
        let _ = (from, to);
    }

    /// The values in a vector (copied from a file).
    pub(crate) fn into_vec(self) -> Vec<u16> {
        match self {
            Store::Memory(values) => values,
            #[cfg(all(feature = "std", unix))]
            Store::File(m) => m.values().to_vec(),
        }
    }
}

#[cfg(all(feature = "std", unix))]
pub(crate) mod file {
    use std::fs::File;
    use std::io::{self, Seek, Write};

    use memmap2::{MmapMut, UncheckedAdvice};

    /// Values in a file mapped into memory: room for `map.len() / 2`, the first `len` in use.
    pub(crate) struct Mapped {
        map: MmapMut,
        len: usize,
        /// The file, kept open while it is mapped.
        file: File,
    }

    /// Writes zeros from byte `from` of `file` to byte `to` (so the disk space is taken now,
    /// rather than found missing when a page is written back).
    fn zeros(file: &mut File, from: usize, to: usize) -> io::Result<()> {
        let zeros = alloc::vec![0u8; 1 << 20];
        file.seek(io::SeekFrom::Start(from as u64))?;
        let mut left = to - from;
        while left > 0 {
            let n = left.min(zeros.len());
            file.write_all(&zeros[..n])?;
            left -= n;
        }
        file.flush()
    }

    /// A map of all of `file`.
    fn map(file: &File) -> io::Result<MmapMut> {
        // SAFETY: the file is the store's own (the contract of `Mapped::new`): nothing else
        // changes it while it is mapped, so the map's contents change only through the map.
        unsafe { MmapMut::map_mut(file) }
    }

    /// Bytes for `room` values.
    fn bytes(room: usize) -> io::Result<usize> {
        room.max(1).checked_mul(2).ok_or_else(|| io::Error::other("too many values for a file"))
    }

    impl Mapped {
        /// Room for `room` values in `file`, which is emptied and written with zeros, then
        /// mapped; no values yet.
        ///
        /// The file must not be changed by anything else while the store lives (a temporary
        /// file, unnamed or removed, is the way to be sure of it).
        pub(crate) fn new(mut file: File, room: usize) -> io::Result<Mapped> {
            file.set_len(0)?;
            zeros(&mut file, 0, bytes(room)?)?;
            Ok(Mapped { map: map(&file)?, len: 0, file })
        }

        /// Room for `more` values after the last: the file at least doubles when it grows.
        pub(crate) fn reserve(&mut self, more: usize) -> io::Result<()> {
            let needed = self.len.checked_add(more).ok_or_else(|| io::Error::other("too many values for a file"))?;
            if needed > self.room() {
                let (old, to) = (self.map.len(), bytes(needed.max(2 * self.room()))?);
                zeros(&mut self.file, old, to)?;
                self.map = map(&self.file)?;
            }
            Ok(())
        }

        pub(crate) fn len(&self) -> usize {
            self.len
        }

        fn room(&self) -> usize {
            self.map.len() / 2
        }

        pub(crate) fn values(&self) -> &[u16] {
            // SAFETY: every two bytes are a `u16`; a map starts at a page, so none is left before.
            let (head, all, _) = unsafe { self.map.align_to::<u16>() };
            assert!(head.is_empty(), "a map starts at a page");
            &all[..self.len]
        }

        pub(crate) fn values_mut(&mut self) -> &mut [u16] {
            let len = self.len;
            // SAFETY: as in `values`.
            let (head, all, _) = unsafe { self.map.align_to_mut::<u16>() };
            assert!(head.is_empty(), "a map starts at a page");
            &mut all[..len]
        }

        pub(crate) fn resize(&mut self, len: usize, v: u16) {
            assert!(len <= self.room(), "the values file holds {} values; {len} asked for", self.room());
            let old = self.len;
            self.len = len;
            if len > old {
                self.values_mut()[old..].fill(v);
            }
        }

        /// Drops the pages wholly inside values `from..to` from the process.
        pub(crate) fn release(&self, from: usize, to: usize) {
            const PAGE: usize = 1 << 12;
            let (start, end) = ((2 * from).next_multiple_of(PAGE), (2 * to) / PAGE * PAGE);
            if start < end {
                // SAFETY: the map is shared and of a file (`MmapMut::map_mut`): a page dropped
                // is read back from the file, with the same contents, when next used (Linux's
                // `madvise`, for shared file mappings), so a value read through a reference
                // never changes; and through `&self` no one writes meanwhile. A failure only
                // leaves the pages resident.
                let _ = unsafe { self.map.unchecked_advise_range(UncheckedAdvice::DontNeed, start, end - start) };
            }
        }
    }
}
