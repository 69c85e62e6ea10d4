//! A checkpoint of a heap-game search ([`HeapSearch`]): the game, `G(0..N)` and the loop's
//! [`HeapStep`], so that [`analyze_heap_from`](super::analyze_heap_from) goes on as if the run
//! had never stopped. It stores values and the loop's variables only, nothing of the engine that
//! computed them.
//!
//! ```text
//! 0 .. 8         magic "GRUNDYCK"
//! 8 .. 12        format version, u32 (VERSION)
//! 12 .. 20       N, the values stored, u64 (1 ..= MAX_HEAPS)
//! 20 .. 28       HeapStep::start, u64 (<= N)
//! 28 .. 36       HeapStep::target, u64 (>= N)
//! 36 .. 44       HeapStep::work, u64
//! 44 .. 46       L, the length of the game's text, u16 (at most MAX_GAME_TEXT, 257)
//! 46 .. 46+L     the game's canonical text, ASCII (`0.6`, `0.3033` for {1,3,4}, `grundy`)
//! 46+L .. E      G(0), G(1), …, G(N - 1), u16 each (E = 46 + L + 2N)
//! E .. E+4       CRC-32 (IEEE) of bytes 0 .. E, u32
//! ```
//!
//! All integers are little-endian; the file is exactly `E + 4` bytes, two per value and 50 and
//! the game's text besides. A new layout gets a new version: a reader refuses every version but
//! its own. [`decode`] checks, in this order, the magic, the version, the count (`1 ..=
//! MAX_HEAPS`), the length, the checksum, the game (the one asked for, by its canonical text), the
//! step (`start <= N <= target`, `G(0) = 0`), then spot-checks values against the game's rules
//! (the first 1024, or 128 for a three-heap game, and the last one), so that nothing but a
//! checkpoint of that game's search is resumed. `read` (with `std`) does the same from a reader
//! (a file, a pipe), refusing by the fixed fields before anything else is read, and reading no
//! more than they announce.

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::convert::Infallible;
use core::fmt;

use super::naive::value_by_definition;
use super::spec::HeapGame;
#[cfg(feature = "std")]
use super::values::KEEP;
use super::values::MAX_HEAPS;
use super::{HeapSearch, HeapStep};

/// The first eight bytes of a checkpoint.
pub const MAGIC: [u8; 8] = *b"GRUNDYCK";

/// The format version this build writes and reads.
pub const VERSION: u32 = 1;

/// Bytes before the game's text.
const FIXED: usize = 46;

/// The checksum's bytes, at the end.
const CRC: usize = 4;

/// Values spot-checked from `G(1)` on (two-heap games; three-heap games, [`THREE_HEAP_PREFIX`]).
const PREFIX: usize = 1024;
/// Values spot-checked from `G(1)` on for a three-heap game (`Θ(n²)` a value).
const THREE_HEAP_PREFIX: usize = 128;
/// The largest last heap of a three-heap game that is spot-checked too.
const THREE_HEAP_LAST: usize = 1 << 12;

/// Why a checkpoint is refused. Each check has its own variant, and new checks may be added.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum CheckpointError {
    /// Shorter than the fixed fields.
    TooShort {
        /// The bytes given.
        len: u64,
    },
    /// The first eight bytes are not [`MAGIC`]: not a checkpoint.
    BadMagic {
        /// The bytes found.
        found: [u8; 8],
    },
    /// Written by a format version this build does not read.
    UnsupportedVersion {
        /// The version found.
        found: u32,
    },
    /// The length is not the one the fields give: truncated, or bytes added.
    Length {
        /// The bytes the fields call for.
        expected: u64,
        /// The bytes given.
        found: u64,
    },
    /// Bytes follow the checksum (a file read as a stream, whose length is not known before).
    Longer {
        /// The bytes the fields call for.
        expected: u64,
    },
    /// The CRC-32 does not match: a byte was changed.
    Checksum {
        /// The checksum stored.
        stored: u32,
        /// The checksum of the bytes.
        computed: u32,
    },
    /// The checkpoint is of another game.
    OtherGame {
        /// The game stored (its text, as stored).
        found: String,
        /// The game asked for.
        expected: String,
    },
    /// The fields are out of range (a writer bug, or forged bytes).
    BadStep {
        /// What is wrong.
        reason: String,
    },
    /// A stored value is not the game's.
    WrongValue {
        /// The heap.
        heap: u64,
        /// The value stored.
        stored: u16,
        /// The value the game's rules give.
        rules: u32,
    },
}

impl fmt::Display for CheckpointError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::TooShort { len } => write!(f, "{len} bytes is too short for a checkpoint (truncated?)"),
            Self::BadMagic { found } => write!(
                f,
                "not a grundy checkpoint: starts with {:?}, expected {:?}",
                String::from_utf8_lossy(found),
                String::from_utf8_lossy(&MAGIC)
            ),
            Self::UnsupportedVersion { found } => {
                write!(f, "checkpoint format version {found} is not supported (this build reads version {VERSION})")
            }
            Self::Length { expected, found } if found < expected => {
                write!(f, "truncated: {found} bytes, its fields call for {expected}")
            }
            Self::Length { expected, found } => {
                write!(f, "{found} bytes, its fields call for {expected}: bytes were added")
            }
            Self::Longer { expected } => {
                write!(f, "more than the {expected} bytes its fields call for: bytes were added")
            }
            Self::Checksum { stored, computed } => {
                write!(f, "checksum mismatch (stored {stored:#010x}, computed {computed:#010x}): the file is damaged")
            }
            Self::OtherGame { found, expected } => {
                write!(f, "a checkpoint of game {found}, not of {expected}")
            }
            Self::BadStep { reason } => write!(f, "inconsistent checkpoint: {reason}"),
            Self::WrongValue { heap, stored, rules } => {
                write!(f, "G({heap}) is stored as {stored}, but the game's rules give {rules}")
            }
        }
    }
}

impl core::error::Error for CheckpointError {}

/// The checkpoint's bytes (see the module documentation).
pub fn encode(game: &HeapGame, values: &[u16], step: HeapStep) -> Vec<u8> {
    let text = game.to_string();
    let mut out = Vec::with_capacity(FIXED + text.len() + 2 * values.len() + CRC);
    let written: Result<(), Infallible> = write(game, values, step, &mut |bytes| {
        out.extend_from_slice(bytes);
        Ok(())
    });
    match written {
        Ok(()) => out,
    }
}

/// [`encode`], a piece at a time: `sink` gets the bytes in order (the values in pieces of at most
/// 64 KB), so a large checkpoint is written without a second copy in memory. The first error of
/// `sink` ends the writing and is returned.
pub fn write<E>(
    game: &HeapGame,
    values: &[u16],
    step: HeapStep,
    sink: &mut dyn FnMut(&[u8]) -> Result<(), E>,
) -> Result<(), E> {
    let mut crc = crc32fast::Hasher::new();
    let mut put = |bytes: &[u8]| {
        crc.update(bytes);
        sink(bytes)
    };
    let text = game.to_string();
    let mut head = Vec::with_capacity(FIXED + text.len());
    head.extend_from_slice(&MAGIC);
    head.extend_from_slice(&VERSION.to_le_bytes());
    for field in [values.len() as u64, step.start, step.target, step.work] {
        head.extend_from_slice(&field.to_le_bytes());
    }
    head.extend_from_slice(&(text.len() as u16).to_le_bytes());
    head.extend_from_slice(text.as_bytes());
    put(&head)?;
    let mut buffer = Vec::with_capacity(1 << 16);
    for chunk in values.chunks(1 << 15) {
        buffer.clear();
        buffer.extend(chunk.iter().flat_map(|v| v.to_le_bytes()));
        put(&buffer)?;
    }
    let crc = crc.finalize();
    sink(&crc.to_le_bytes())
}

/// Decodes and checks a checkpoint of `game`'s search (see the module documentation for the
/// checks and their order).
pub fn decode(bytes: &[u8], game: &HeapGame) -> Result<HeapSearch, CheckpointError> {
    let head = Head::read(bytes, Some(bytes.len() as u64))?;
    let end = bytes.len() - CRC;
    let stored = u32::from_le_bytes(bytes[end..].try_into().unwrap_or_default());
    let computed = crc32fast::hash(&bytes[..end]);
    if stored != computed {
        return Err(CheckpointError::Checksum { stored, computed });
    }
    let text_end = FIXED + usize::from(head.text_len);
    let step = head.step(&bytes[FIXED..text_end], game)?;
    let values: Vec<u16> = bytes[text_end..end].chunks_exact(2).map(|b| u16::from_le_bytes([b[0], b[1]])).collect();
    spot_check(game, &values)?;
    Ok(HeapSearch::from_parts(game.clone(), values, step))
}

/// The fixed fields, checked against the length (magic, version, count, length).
struct Head {
    count: u64,
    start: u64,
    target: u64,
    work: u64,
    text_len: u16,
}

impl Head {
    /// The fields of `bytes`, the start of a checkpoint (all of it, or at least [`FIXED`] bytes
    /// of it; fewer are all there is) of `len` bytes when that is known.
    fn read(bytes: &[u8], len: Option<u64>) -> Result<Head, CheckpointError> {
        // The magic is named first when there is enough of it.
        if let Some(found) = bytes.get(..8)
            && found != MAGIC
        {
            return Err(CheckpointError::BadMagic { found: found.try_into().unwrap_or_default() });
        }
        if bytes.len() < FIXED {
            return Err(CheckpointError::TooShort { len: len.unwrap_or(bytes.len() as u64) });
        }
        let u64_at = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap_or_default());
        let version = u32::from_le_bytes(bytes[8..12].try_into().unwrap_or_default());
        if version != VERSION {
            return Err(CheckpointError::UnsupportedVersion { found: version });
        }
        let head = Head {
            count: u64_at(12),
            start: u64_at(20),
            target: u64_at(28),
            work: u64_at(36),
            text_len: u16::from_le_bytes(bytes[44..46].try_into().unwrap_or_default()),
        };
        let count = head.count;
        if count == 0 || count > MAX_HEAPS as u64 {
            return Err(CheckpointError::BadStep {
                reason: alloc::format!("{count} values stored (1 to {MAX_HEAPS})"),
            });
        }
        if let Some(len) = len
            && head.len() != len
        {
            return Err(CheckpointError::Length { expected: head.len(), found: len });
        }
        Ok(head)
    }

    /// The bytes the fields call for (at most 50 + 2^16 + 2^33: no overflow).
    fn len(&self) -> u64 {
        FIXED as u64 + u64::from(self.text_len) + 2 * self.count + CRC as u64
    }

    /// The step, once the game's `text` is `game`'s and the fields hold together (checked after
    /// the checksum).
    fn step(&self, text: &[u8], game: &HeapGame) -> Result<HeapStep, CheckpointError> {
        let wanted = game.to_string();
        if text != wanted.as_bytes() {
            let found = String::from_utf8_lossy(text).chars().flat_map(char::escape_debug).collect();
            return Err(CheckpointError::OtherGame { found, expected: wanted });
        }
        let Head { count, start, target, work, .. } = *self;
        let bad = |reason: String| Err(CheckpointError::BadStep { reason });
        if start > count || target < count {
            return bad(alloc::format!(
                "the step from {start} to {target} does not hold the {count} values stored (start <= N <= target)"
            ));
        }
        Ok(HeapStep { start, target, work })
    }
}

/// Why a checkpoint could not be read ([`read`]).
#[cfg(feature = "std")]
#[derive(Debug)]
pub enum ReadError {
    /// The checkpoint is refused, as [`decode`] refuses it.
    Checkpoint(CheckpointError),
    /// It holds more values than the reader was allowed (`have`, told by its fields before the
    /// values are read).
    TooMany {
        /// The values it holds.
        have: u64,
    },
    /// Reading the checkpoint or writing the values' file failed.
    Io(std::io::Error),
}

#[cfg(feature = "std")]
impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Checkpoint(e) => e.fmt(f),
            Self::TooMany { have } => write!(f, "it holds G(0..{have}), more than allowed"),
            Self::Io(e) => e.fmt(f),
        }
    }
}

#[cfg(feature = "std")]
impl core::error::Error for ReadError {}

/// Where [`read`] puts the values.
#[cfg(feature = "std")]
#[derive(Debug)]
pub enum Destination {
    /// In memory.
    Memory,
    /// In this file, as [`HeapSearch::into_file`] puts them, with room for this many values at
    /// first, doubled as they come: a checkpoint of more values than memory holds is resumed
    /// without holding them.
    #[cfg(unix)]
    File(std::fs::File, usize),
}

/// [`decode`], reading the checkpoint from `reader` in order, never more than its fields
/// announce: those first (so that a file of something else, `/dev/zero` or an endless pipe is
/// refused after 46 bytes), then the game's text, the values and the checksum, and then one byte
/// more to see that the checkpoint ends there. `len`, its length when known (a regular file's),
/// refuses a truncated or longer file before its values are read, and so does `max_values`,
/// which it may hold at most ([`ReadError::TooMany`]). The same checks in the same order refuse
/// the same checkpoints.
#[cfg(feature = "std")]
pub fn read(
    reader: &mut dyn std::io::Read,
    len: Option<u64>,
    game: &HeapGame,
    max_values: u64,
    values: Destination,
) -> Result<HeapSearch, ReadError> {
    use crate::heap::values::store::Store;
    let io = ReadError::Io;
    let refused = ReadError::Checkpoint;
    let mut fixed = [0u8; FIXED];
    let got = read_full(reader, &mut fixed).map_err(io)?;
    let head = Head::read(&fixed[..got], len).map_err(refused)?;
    if head.count > max_values {
        return Err(ReadError::TooMany { have: head.count });
    }
    // Bytes read so far, for the length of a checkpoint cut short.
    let mut read = FIXED as u64;
    let mut take = |reader: &mut dyn std::io::Read, buf: &mut [u8]| {
        let got = read_full(reader, buf).map_err(io)?;
        read += got as u64;
        if got < buf.len() {
            return Err(refused(CheckpointError::Length { expected: head.len(), found: read }));
        }
        Ok(())
    };
    let mut text = alloc::vec![0u8; usize::from(head.text_len)];
    take(reader, &mut text)?;
    let mut crc = crc32fast::Hasher::new();
    crc.update(&fixed);
    crc.update(&text);
    // `Head::read` bounded `count` by `MAX_HEAPS`.
    let count = head.count as usize;
    let mut values = match values {
        Destination::Memory => Store::Memory(Vec::new()),
        #[cfg(unix)]
        Destination::File(file, room) => {
            use crate::heap::values::store::file::Mapped;
            Store::File(Mapped::new(file, room).map_err(io)?)
        }
    };
    let mut chunk = alloc::vec![0u8; 1 << 16];
    // The values below this (from `KEEP` on) are dropped from memory: each range once.
    let mut released = KEEP;
    while values.len() < count {
        let n = (2 * (count - values.len())).min(chunk.len());
        take(reader, &mut chunk[..n])?;
        crc.update(&chunk[..n]);
        let at = values.len();
        values.reserve(n / 2).map_err(|e| io(std::io::Error::other(e)))?;
        values.resize(at + n / 2, 0);
        for (v, b) in values[at..].iter_mut().zip(chunk[..n].chunks_exact(2)) {
            *v = u16::from_le_bytes([b[0], b[1]]);
        }
        let passed = at.saturating_sub(KEEP);
        if passed > released {
            values.release(released, passed);
            released = passed;
        }
    }
    let mut stored = [0u8; CRC];
    take(reader, &mut stored)?;
    if read_full(reader, &mut [0u8]).map_err(io)? != 0 {
        return Err(refused(CheckpointError::Longer { expected: head.len() }));
    }
    let (stored, computed) = (u32::from_le_bytes(stored), crc.finalize());
    if stored != computed {
        return Err(refused(CheckpointError::Checksum { stored, computed }));
    }
    let step = head.step(&text, game).map_err(refused)?;
    spot_check(game, &values).map_err(refused)?;
    Ok(HeapSearch::from_store(game.clone(), values, step))
}

/// Reads into `buf` until it is full or the reader ends: the bytes read.
#[cfg(feature = "std")]
fn read_full(reader: &mut dyn std::io::Read, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut got = 0;
    while got < buf.len() {
        match reader.read(&mut buf[got..]) {
            Ok(0) => break,
            Ok(n) => got += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(got)
}

/// Recomputes some values by the definition: the first ones, and the last.
fn spot_check(game: &HeapGame, values: &[u16]) -> Result<(), CheckpointError> {
    let three = game.max_heaps() == 3;
    let prefix = values.len().min(if three { THREE_HEAP_PREFIX } else { PREFIX });
    let last = values.len() - 1;
    let heaps = (0..prefix).chain((last >= prefix && (!three || last <= THREE_HEAP_LAST)).then_some(last));
    for heap in heaps {
        let rules = value_by_definition(game, values, heap);
        if rules != u32::from(values[heap]) {
            return Err(CheckpointError::WrongValue { heap: heap as u64, stored: values[heap], rules });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::{HeapControl, HeapLimits, analyze_heap_from, analyze_heap_with};

    fn game(text: &str) -> HeapGame {
        HeapGame::parse(text).unwrap()
    }

    /// A checkpoint of 0.6 stopped at its third look: bytes, and the search they hold.
    fn stopped_officers() -> (Vec<u8>, HeapGame) {
        let g = game("0.6");
        let limits = HeapLimits { first: 1024, max_heap: 1 << 20, max_work: u64::MAX, ..HeapLimits::default() };
        let mut looks = 0;
        let a = analyze_heap_with(&g, &limits, &mut |_| {
            looks += 1;
            if looks < 3 { HeapControl::Continue } else { HeapControl::Interrupt }
        });
        (encode(&g, a.values(), a.step()), g)
    }

    #[test]
    fn round_trip() {
        let (bytes, g) = stopped_officers();
        let search = decode(&bytes, &g).unwrap();
        #[cfg(feature = "std")]
        for len in [Some(bytes.len() as u64), None] {
            assert!(read_bytes(&bytes, len, &g).unwrap() == search, "read, length {len:?}");
        }
        let count = search.values().len() as u64;
        assert!(count > 1000, "{count}");
        assert_eq!(bytes.len(), 50 + "0.6".len() + 2 * search.values().len());
        assert_eq!(encode(search.game(), search.values(), search.step()), bytes);
        let step = search.step();
        assert!(step.start < step.target && step.work > 0, "{step:?}");
        // The pieces of `write` make the same bytes, and its sink's error ends it.
        let mut pieces = Vec::new();
        write::<()>(&g, search.values(), step, &mut |b| {
            pieces.extend_from_slice(b);
            Ok(())
        })
        .unwrap();
        assert_eq!(pieces, bytes);
        let mut calls = 0;
        assert_eq!(
            write(&g, search.values(), step, &mut |_| {
                calls += 1;
                if calls == 2 { Err("full") } else { Ok(()) }
            }),
            Err("full")
        );
        assert_eq!(calls, 2);
        // The header, field by field.
        assert_eq!(&bytes[..8], b"GRUNDYCK");
        assert_eq!(bytes[8..12], 1u32.to_le_bytes());
        assert_eq!(bytes[12..20], count.to_le_bytes());
        assert_eq!(bytes[20..28], step.start.to_le_bytes());
        assert_eq!(bytes[28..36], step.target.to_le_bytes());
        assert_eq!(bytes[36..44], step.work.to_le_bytes());
        assert_eq!(bytes[44..46], 3u16.to_le_bytes());
        assert_eq!(&bytes[46..49], b"0.6");
        assert_eq!(bytes[49 + 2 * 5..49 + 2 * 6], search.values()[5].to_le_bytes());
        let end = bytes.len() - 4;
        assert_eq!(bytes[end..], crc32fast::hash(&bytes[..end]).to_le_bytes());
    }

    /// Bytes with a field changed and the checksum made to match again.
    fn forged(bytes: &[u8], at: usize, with: &[u8]) -> Vec<u8> {
        let mut b = bytes.to_vec();
        b[at..at + with.len()].copy_from_slice(with);
        let end = b.len() - 4;
        let crc = crc32fast::hash(&b[..end]);
        b[end..].copy_from_slice(&crc.to_le_bytes());
        b
    }

    /// The error, without printing a whole search when there is none; reading the bytes, into
    /// a file or memory, with or without their length, refuses them with the same error (but
    /// bytes added to a stream, which it names as such).
    fn refused(bytes: &[u8], g: &HeapGame) -> CheckpointError {
        let e = match decode(bytes, g) {
            Ok(s) => panic!("accepted: {} values, {:?}", s.values().len(), s.step()),
            Err(e) => e,
        };
        #[cfg(feature = "std")]
        for len in [Some(bytes.len() as u64), None] {
            match (read_bytes(bytes, len, g), &e) {
                (Err(ReadError::Checkpoint(CheckpointError::Longer { expected })), CheckpointError::Length { .. })
                    if len.is_none() && (expected as usize) < bytes.len() => {}
                (Err(ReadError::Checkpoint(f)), e) => assert_eq!(&f, e, "length {len:?}"),
                (other, e) => panic!("read with length {len:?}: {other:?}, not {e}"),
            }
        }
        e
    }

    /// [`read`] of `bytes` (of length `len` if told), into a temporary file with no room to
    /// spare where there are files, and into memory; both give the same.
    #[cfg(feature = "std")]
    fn read_bytes(bytes: &[u8], len: Option<u64>, g: &HeapGame) -> Result<HeapSearch, ReadError> {
        let in_memory = read(&mut std::io::Cursor::new(bytes), len, g, u64::MAX, Destination::Memory);
        #[cfg(unix)]
        {
            let file = Destination::File(tempfile::tempfile().unwrap(), 0);
            let in_file = read(&mut std::io::Cursor::new(bytes), len, g, u64::MAX, file);
            match (&in_file, &in_memory) {
                (Ok(a), Ok(b)) => assert!(a == b, "the same values"),
                (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string()),
                (a, b) => panic!("in a file {a:?}, in memory {b:?}"),
            }
            in_file
        }
        #[cfg(not(unix))]
        in_memory
    }

    /// [`read`] refuses by the fixed fields before reading on, and reads no more than they
    /// announce and one byte: endless zeros, a checkpoint followed by endless bytes, and one of
    /// more values than allowed are refused at once.
    #[cfg(feature = "std")]
    #[test]
    fn reading_stops_at_what_the_fields_announce() {
        use std::io::Read;
        let (bytes, g) = stopped_officers();
        let e = read(&mut std::io::repeat(0), None, &g, u64::MAX, Destination::Memory).unwrap_err();
        assert!(matches!(e, ReadError::Checkpoint(CheckpointError::BadMagic { found }) if found == [0; 8]), "{e}");
        let mut endless = std::io::Cursor::new(&bytes).chain(std::io::repeat(7));
        let e = read(&mut endless, None, &g, u64::MAX, Destination::Memory).unwrap_err();
        let expected = bytes.len() as u64;
        assert!(matches!(e, ReadError::Checkpoint(CheckpointError::Longer { expected: n }) if n == expected), "{e}");
        assert!(e.to_string().contains("bytes were added"), "{e}");
        let count = u64::from_le_bytes(bytes[12..20].try_into().unwrap());
        let mut reader = std::io::Cursor::new(&bytes);
        let e = read(&mut reader, None, &g, count - 1, Destination::Memory).unwrap_err();
        assert!(matches!(e, ReadError::TooMany { have } if have == count), "{e}");
        assert_eq!(reader.position(), FIXED as u64);
        // A count beyond MAX_HEAPS, before the values.
        let huge = forged(&bytes, 12, &u64::MAX.to_le_bytes());
        let mut endless = std::io::Cursor::new(&huge).chain(std::io::repeat(0));
        let e = read(&mut endless, None, &g, u64::MAX, Destination::Memory).unwrap_err();
        assert!(
            matches!(&e, ReadError::Checkpoint(CheckpointError::BadStep { reason }) if reason.contains("values stored")),
            "{e}"
        );
    }

    #[test]
    fn refusals() {
        let (bytes, g) = stopped_officers();
        for cut in [0, 5, 8, 45, 46, 100, bytes.len() - 1] {
            let e = refused(&bytes[..cut], &g);
            assert!(
                matches!(e, CheckpointError::TooShort { .. } | CheckpointError::Length { .. }),
                "cut at {cut}: {e}"
            );
            assert!(e.to_string().contains("truncated"), "cut at {cut}: {e}");
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(refused(&longer, &g).to_string().contains("bytes were added"));
        // Every byte after the header's length fields flipped, one at a time (a sample).
        for at in (44..bytes.len()).step_by(9973).chain([44, 46, 50, bytes.len() - 5, bytes.len() - 1]) {
            let mut b = bytes.clone();
            b[at] ^= 0x10;
            let e = refused(&b, &g);
            assert!(matches!(e, CheckpointError::Checksum { .. } | CheckpointError::Length { .. }), "byte {at}: {e}");
        }
        let mut b = bytes.clone();
        b[bytes.len() / 2] ^= 1;
        assert!(matches!(decode(&b, &g), Err(CheckpointError::Checksum { .. })));
        assert!(refused(&b, &g).to_string().contains("damaged"));
        let e = refused(&forged(&bytes, 0, b"GRUNDYSG"), &g);
        assert_eq!(e, CheckpointError::BadMagic { found: *b"GRUNDYSG" });
        assert!(e.to_string().contains("not a grundy checkpoint"), "{e}");
        assert!(matches!(decode(b"GRUNDYSG", &g), Err(CheckpointError::BadMagic { .. })));
        let e = refused(&forged(&bytes, 8, &2u32.to_le_bytes()), &g);
        assert_eq!(e, CheckpointError::UnsupportedVersion { found: 2 });
        assert!(e.to_string().contains("version 2 is not supported"), "{e}");
        // Another game, by name; the same game written another way is the same game.
        let e = refused(&bytes, &game("0.7"));
        assert_eq!(e, CheckpointError::OtherGame { found: "0.6".into(), expected: "0.7".into() });
        assert!(e.to_string().contains("a checkpoint of game 0.6, not of 0.7"), "{e}");
        assert!(decode(&bytes, &game(".6")).is_ok());
        // The step must hold the values.
        let count = u64::from_le_bytes(bytes[12..20].try_into().unwrap());
        let e = refused(&forged(&bytes, 20, &(count + 1).to_le_bytes()), &g);
        assert!(matches!(e, CheckpointError::BadStep { .. }), "{e}");
        let e = refused(&forged(&bytes, 28, &(count - 1).to_le_bytes()), &g);
        assert!(e.to_string().contains(&alloc::format!("does not hold the {count} values")), "{e}");
        // Values that are not the game's: G(0), an early one, the last one.
        let values = 46 + 3;
        let e = refused(&forged(&bytes, values, &1u16.to_le_bytes()), &g);
        assert_eq!(e, CheckpointError::WrongValue { heap: 0, stored: 1, rules: 0 });
        let v = u16::from_le_bytes([bytes[values + 2 * 700], bytes[values + 2 * 700 + 1]]);
        let e = refused(&forged(&bytes, values + 2 * 700, &(v + 1).to_le_bytes()), &g);
        assert_eq!(e, CheckpointError::WrongValue { heap: 700, stored: v + 1, rules: u32::from(v) });
        assert!(e.to_string().contains(&alloc::format!("G(700) is stored as {}", v + 1)), "{e}");
        let last = values + 2 * (count as usize - 1);
        let e = refused(&forged(&bytes, last, &999u16.to_le_bytes()), &g);
        assert!(matches!(e, CheckpointError::WrongValue { heap, .. } if heap == count - 1), "{e}");
        // Another game's values under this game's name.
        let kayles = game("0.77");
        let a = analyze_heap_from(HeapSearch::new(&kayles), &HeapLimits::default(), &mut |_, _| HeapControl::Continue);
        let e = refused(&encode(&g, a.values(), a.step()), &g);
        assert!(matches!(e, CheckpointError::WrongValue { heap: 1, stored: 1, rules: 0 }), "{e}");
    }
}
