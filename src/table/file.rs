//! Blob files: validated once when opened, then looked up without further checks.

use std::fmt;
use std::path::{Path, PathBuf};

use memmap2::Mmap;

use super::TableError;
use crate::format::header::TableEntry;
use crate::format::{self, BlobError};
use crate::format::{Header, TableKind};
use crate::leaper::form_eval::Certified;
use crate::leaper::{LeaperTable, forms};
use grundy_core::heap::{HeapTable, table as heap};
use grundy_core::heap_misere::table::{self as heap_misere, MisereTable, Mismatch};
use grundy_core::rules::Shape;
use grundy_core::rules::table::{self as rules, RulesTable};
use grundy_core::{
    heap::{HeapGame, HeapValues},
    leaper::{MoveSet, leaper_square},
    parity::ParityTables,
};

/// The most option values `verify_contents` looks at to recompute one heap game's values.
const HEAP_CHECK_WORK: u64 = 1 << 36;

/// Where the bytes of an open blob live.
enum Bytes {
    Owned(Vec<u8>),
    Mapped(Mmap),
    Static(&'static [u8]),
}

impl Bytes {
    fn as_slice(&self) -> &[u8] {
        match self {
            Bytes::Owned(v) => v,
            Bytes::Mapped(m) => m,
            Bytes::Static(s) => s,
        }
    }
}

/// A validated table blob: read into memory, memory-mapped, or embedded in the program.
///
/// What opening ([`read`](Self::read), [`map`](Self::map), [`from_bytes`](Self::from_bytes),
/// [`from_static`](Self::from_static)) guarantees: the blob's structure and every checksum,
/// each cell within its game's range, every closed form decoded and well formed, every heap
/// game's table decoded (its game, a count of values that matches its period, `G(0) = 0`), and
/// every misère quotient decoded (every product and image an element, `0` the identity);
/// [`leaper`](Self::leaper) then checks the square's last row and column against its move set's
/// closed form. What only [`verify_contents`](Self::verify_contents) (`grundy inspect`) does:
/// recompute every table from its game's rules (a heap game's values and a misère quotient
/// too); and only `grundy verify` re-runs a closed form's proof or re-proves a heap game's
/// period. A blob whose checksums were rewritten after its contents were changed can pass the
/// opening checks; the winning-move search then reports an inconsistent table
/// ([`KnightError::Inconsistent`](crate::leaper::KnightError::Inconsistent)) instead of failing.
pub struct TableFile {
    bytes: Bytes,
    header: Header,
    /// The closed forms, decoded once at open, with their move sets.
    forms: Vec<(Vec<(i8, i8)>, Certified)>,
}

impl fmt::Debug for TableFile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let how = match self.bytes {
            Bytes::Owned(_) => "read",
            Bytes::Mapped(_) => "mapped",
            Bytes::Static(_) => "static",
        };
        f.debug_struct("TableFile")
            .field("bytes", &how)
            .field("len", &self.bytes().len())
            .field("header", &self.header)
            .finish()
    }
}

/// Why a blob file could not be opened.
#[derive(Debug)]
#[non_exhaustive]
pub enum OpenError {
    /// Reading or mapping the file failed.
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// The file is not a valid blob.
    Invalid {
        /// The file.
        path: PathBuf,
        /// The check that failed.
        source: BlobError,
    },
}

impl fmt::Display for OpenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpenError::Io { path, source } => write!(f, "{}: {source}", path.display()),
            OpenError::Invalid { path, source } => write!(f, "{}: {source}", path.display()),
        }
    }
}

impl std::error::Error for OpenError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            OpenError::Io { source, .. } => Some(source),
            OpenError::Invalid { source, .. } => Some(source),
        }
    }
}

/// The most a blob read into memory ([`TableFile::read`]) may be: far above any blob `generate`
/// writes (its largest knight square, 8192 x 8192, is 64 MiB), and a bound on what a corrupt
/// header claiming a huge table can make the reader allocate.
pub const MAX_READ_LEN: u64 = 1 << 30;

/// What a path is when it is not a regular file: blobs are regular files, and a caller that
/// refuses another kind of file says which (`Display`: "a directory", "a FIFO (named pipe)", ...).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum FileKind {
    /// A directory.
    Directory,
    /// A FIFO (named pipe).
    Fifo,
    /// A character device.
    CharDevice,
    /// A block device.
    BlockDevice,
    /// A socket.
    Socket,
    /// A regular file.
    Regular,
    /// Anything else.
    Other,
}

impl FileKind {
    /// The kind of file `meta` describes.
    pub fn of(meta: &std::fs::Metadata) -> FileKind {
        #[cfg(unix)]
        {
            use std::os::unix::fs::FileTypeExt;
            let t = meta.file_type();
            match () {
                _ if t.is_fifo() => return FileKind::Fifo,
                _ if t.is_char_device() => return FileKind::CharDevice,
                _ if t.is_block_device() => return FileKind::BlockDevice,
                _ if t.is_socket() => return FileKind::Socket,
                _ => {}
            }
        }
        match () {
            _ if meta.is_dir() => FileKind::Directory,
            _ if meta.is_file() => FileKind::Regular,
            _ => FileKind::Other,
        }
    }
}

impl fmt::Display for FileKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FileKind::Directory => "a directory",
            FileKind::Fifo => "a FIFO (named pipe)",
            FileKind::CharDevice => "a character device",
            FileKind::BlockDevice => "a block device",
            FileKind::Socket => "a socket",
            FileKind::Regular => "a regular file",
            FileKind::Other => "not a regular file",
        })
    }
}

/// Opens a blob file: a regular file, with its size; anything else is refused, saying what it is.
fn open_regular(path: &Path) -> Result<(std::fs::File, u64), OpenError> {
    let io = |source| OpenError::Io { path: path.into(), source };
    // Looked at before it is opened: opening a FIFO waits for a writer.
    let meta = std::fs::metadata(path).map_err(io)?;
    let (file, meta) = match meta.is_file() {
        true => {
            let file = std::fs::File::open(path).map_err(io)?;
            let meta = file.metadata().map_err(io)?;
            (Some(file), meta)
        }
        false => (None, meta),
    };
    let Some(file) = file.filter(|_| meta.is_file()) else {
        let kind = FileKind::of(&meta);
        let why = format!("is {kind}, not a table blob (a blob is a regular file, as `grundy generate` writes it)");
        return Err(io(std::io::Error::new(std::io::ErrorKind::InvalidInput, why)));
    };
    Ok((file, meta.len()))
}

/// Reads the bytes of a blob of `len` bytes (the file's size when opened), bounded by what its
/// header claims: first the header's longest possible extent, then up to the end of the last
/// table it describes, never more than `len` or [`MAX_READ_LEN`]. Returns the bytes and whether
/// the file holds more than the header accounts for.
fn read_bounded(file: std::fs::File, len: u64) -> std::io::Result<(Vec<u8>, bool)> {
    use std::io::Read;
    let mut file = file;
    let prefix = len.min((format::PREAMBLE_LEN + format::header::MAX_HEADER_LEN) as u64);
    let mut bytes = Vec::new();
    (&mut file).take(prefix).read_to_end(&mut bytes)?;
    // Where the header says the blob ends; if it cannot be read, the prefix shows the error.
    let claimed = match format::read_head(&bytes) {
        Ok((header, head_end)) => header
            .tables
            .iter()
            .try_fold(head_end as u64, |end, t| t.offset.checked_add(t.len).map(|e| e.max(end)))
            .unwrap_or(u64::MAX),
        Err(_) => bytes.len() as u64,
    };
    let limit = claimed.min(len);
    if limit > MAX_READ_LEN {
        let why = format!(
            "its header describes {claimed} bytes of tables; a blob read into memory may have at most {MAX_READ_LEN}"
        );
        return Err(std::io::Error::new(std::io::ErrorKind::InvalidData, why));
    }
    if let Some(more) = (limit as usize).checked_sub(bytes.len()) {
        bytes.try_reserve_exact(more).map_err(|e| std::io::Error::new(std::io::ErrorKind::OutOfMemory, e))?;
        (&mut file).take(more as u64).read_to_end(&mut bytes)?;
    }
    bytes.truncate(limit as usize);
    Ok((bytes, len > limit))
}

impl TableFile {
    /// Reads a blob file into memory and validates it. Only a regular file is read, and only as
    /// far as its header says the blob goes (see [`MAX_READ_LEN`]): a device, FIFO or
    /// directory is refused, and so is a file longer than its header accounts for.
    pub fn read(path: impl AsRef<Path>) -> Result<TableFile, OpenError> {
        let path = path.as_ref();
        let (file, len) = open_regular(path)?;
        let (bytes, longer) = read_bounded(file, len).map_err(|source| OpenError::Io { path: path.into(), source })?;
        let end = bytes.len() as u64;
        let invalid = |source| OpenError::Invalid { path: path.into(), source };
        let file = Self::from_bytes(bytes).map_err(invalid)?;
        if longer {
            return Err(invalid(BlobError::TrailingBytes { end, len: len as usize }));
        }
        Ok(file)
    }

    /// Memory-maps a blob file and validates it. Only a regular file is mapped: a device, FIFO or
    /// directory is refused.
    ///
    /// # Safety
    ///
    /// memmap2's contract: the file must not be modified or truncated, by this or any other
    /// process, while the returned value (or a table borrowed from it) is alive. A change after
    /// validation is undefined behaviour (a truncation typically kills the process with SIGBUS).
    /// Use [`TableFile::read`] when that cannot be guaranteed.
    pub unsafe fn map(path: impl AsRef<Path>) -> Result<TableFile, OpenError> {
        let path = path.as_ref();
        let io = |source| OpenError::Io { path: path.into(), source };
        let (file, len) = open_regular(path)?;
        if len == 0 {
            return Err(OpenError::Invalid { path: path.into(), source: BlobError::TooShort { len: 0 } });
        }
        // SAFETY: the caller upholds memmap2's contract, as stated in this function's `# Safety`.
        let map = unsafe { Mmap::map(&file) }.map_err(io)?;
        let header = format::validate(&map).map_err(|source| OpenError::Invalid { path: path.into(), source })?;
        let forms = forms::decode_forms(&header, &map);
        Ok(TableFile { bytes: Bytes::Mapped(map), header, forms })
    }

    /// Validates blob bytes already in memory.
    pub fn from_bytes(bytes: Vec<u8>) -> Result<TableFile, BlobError> {
        let header = format::validate(&bytes)?;
        let forms = forms::decode_forms(&header, &bytes);
        Ok(TableFile { bytes: Bytes::Owned(bytes), header, forms })
    }

    /// Validates a blob embedded in the program, without copying it: the way a crate whose
    /// `build.rs` wrote a blob with `grundy-core` reads it back,
    /// `TableFile::from_static(include_bytes!(concat!(env!("OUT_DIR"), "/tables.sgt")))`.
    pub fn from_static(bytes: &'static [u8]) -> Result<TableFile, BlobError> {
        let header = format::validate(bytes)?;
        let forms = forms::decode_forms(&header, bytes);
        Ok(TableFile { bytes: Bytes::Static(bytes), header, forms })
    }

    /// The decoded header.
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// The blob's bytes.
    pub fn bytes(&self) -> &[u8] {
        self.bytes.as_slice()
    }

    /// The first leaper square of the blob, with the certified closed form of its move set
    /// beyond the square when the blob holds one (for the hyper knight, the embedded blob's form
    /// serves when this one has none).
    pub fn leaper(&self) -> Result<LeaperTable<'_>, TableError> {
        let index = self.header.tables.iter().position(|t| t.game == TableKind::LeaperSquare);
        let index = index.ok_or(TableError::Missing { game: TableKind::LeaperSquare })?;
        let entry = &self.header.tables[index];
        // Validated at open: the payload lies inside the blob and leaper squares are square.
        let cells = self.payload(entry);
        let form = forms::form_for(&self.forms, &entry.moves);
        let bound = entry.rows as usize;
        if let Some(form) = form {
            // The square's last row and column: where a form of another game, or a damaged
            // square, shows without recomputing the square (`verify_contents` does that).
            let border = (0..bound).flat_map(|i| [(bound - 1, i), (i, bound - 1)]);
            for (x, y) in border {
                let (square, form) = (cells[x * bound + y], form.form.eval(x as u64, y as u64));
                if square != form {
                    let (x, y) = (x as u64, y as u64);
                    return Err(TableError::FormDisagrees { table: index, x, y, square, form });
                }
            }
        }
        Ok(LeaperTable::new(bound, &entry.moves, cells, form))
    }

    /// The payload of table `entry`.
    fn payload(&self, entry: &TableEntry) -> &[u8] {
        &self.bytes()[entry.offset as usize..(entry.offset + entry.len) as usize]
    }

    /// The payloads of the tables of `kind`, in blob order.
    fn payloads(&self, kind: TableKind) -> impl Iterator<Item = &[u8]> {
        self.header.tables.iter().filter(move |t| t.game == kind).map(|entry| self.payload(entry))
    }

    /// The blob's heap-game tables, in blob order.
    pub fn heaps(&self) -> impl Iterator<Item = HeapTable<'_>> {
        self.payloads(TableKind::HeapValues)
            .map(|p| heap::decode(p).expect("heap tables are decoded when the blob is opened"))
    }

    /// The blob's tables of games defined by rules, in blob order.
    pub fn rules(&self) -> impl Iterator<Item = RulesTable<'_>> {
        self.payloads(TableKind::RuleValues)
            .map(|p| rules::decode(p).expect("rules tables are decoded when the blob is opened"))
    }

    /// The blob's table of `game`, or with `None` its only heap game.
    pub fn heap(&self, game: Option<&HeapGame>) -> Result<HeapTable<'_>, TableError> {
        one_of(TableKind::HeapValues, || self.heaps(), HeapTable::game, game)
    }

    /// The blob's misère quotients, in blob order.
    pub fn misere_quotients(&self) -> impl Iterator<Item = MisereTable<'_>> {
        self.payloads(TableKind::MisereQuotient)
            .map(|p| heap_misere::decode(p).expect("misère quotients are decoded when the blob is opened"))
    }

    /// The blob's misère quotient of `game`, or with `None` its only one.
    pub fn misere_quotient(&self, game: Option<&HeapGame>) -> Result<MisereTable<'_>, TableError> {
        one_of(TableKind::MisereQuotient, || self.misere_quotients(), MisereTable::game, game)
    }

    /// What table `index` holds, in a line: a heap game's game, values and period, a misère
    /// quotient's game, order and period, else its move set. Panics unless `index` is below the
    /// header's count of tables.
    pub fn contents(&self, index: usize) -> String {
        let entry = &self.header.tables[index];
        if entry.game == TableKind::MisereQuotient {
            let payload = self.payload(entry);
            let t = heap_misere::decode(payload).expect("misère quotients are decoded when the blob is opened");
            let p = t.period();
            format!(
                "game {} (misère), |Q| = {}, |P| = {}, Φ of period {} from heap {} (proven with heaps 0..{}), {} \
                 images",
                t.game(),
                t.order(),
                t.p_portion_size(),
                p.period,
                p.preperiod,
                t.proven_with(),
                t.images().len()
            )
        } else if entry.game == TableKind::RuleValues {
            let payload = self.payload(entry);
            let table = rules::decode(payload).expect("rules tables are decoded when the blob is opened");
            match table.shape() {
                Shape::Heap => format!("rules {}, heaps 0..{}", table.name(), table.side()),
                Shape::Tuple(d) => format!("rules {}, positions of {d} numbers below {}", table.name(), table.side()),
            }
        } else if entry.game == TableKind::HeapValues {
            let payload = self.payload(entry);
            let table = heap::decode(payload).expect("heap tables are decoded when the blob is opened");
            let period = match table.period() {
                Some(p) => format!("period {} from heap {}", p.period, p.preperiod),
                None => "no period".into(),
            };
            format!("game {}, {} values, {period}", table.game(), table.stored())
        } else if entry.moves.is_empty() {
            "no moves".into()
        } else {
            format!("moves {}", entry.moves_text())
        }
    }

    /// Recomputes every table from its game's rules and compares it cell by cell: checksums
    /// catch damage, this catches a well-formed blob with wrong contents. Returns the number of
    /// cells checked. Costs a table computation (about 0.2 s for a 4096 x 4096 knight square).
    pub fn verify_contents(&self) -> Result<u64, TableError> {
        let parity = ParityTables::derive();
        let mut checked = 0;
        for (i, entry) in self.header.tables.iter().enumerate() {
            let expected = match entry.game {
                TableKind::LeaperSquare => match MoveSet::from_bytes(&entry.moves) {
                    Ok(set) => leaper_square(&set, entry.rows as usize),
                    Err(e) => return Err(TableError::Unverifiable { table: i, reason: e.to_string() }),
                },
                TableKind::MisereNim => parity.misere_nim.clone(),
                TableKind::MineRegion => parity.mine_region.clone(),
                TableKind::MineNumber => vec![parity.mine_number],
                // Decoded and checked at open; `grundy verify --table` re-runs its proof.
                TableKind::LeaperForm => continue,
                TableKind::HeapValues => {
                    checked += self.verify_heap(i, entry)?;
                    continue;
                }
                // Values of rules the blob does not hold: their layout is checked at open.
                TableKind::RuleValues => continue,
                TableKind::MisereQuotient => {
                    checked += self.verify_misere(i, entry)?;
                    continue;
                }
                // A game this reader does not know: `format::validate` refuses it at open.
                _ => continue,
            };
            let cells = self.payload(entry);
            if let Some(index) = (0..cells.len()).find(|&j| expected.get(j) != Some(&cells[j])) {
                let expected = expected.get(index).copied().unwrap_or(u8::MAX);
                return Err(TableError::WrongCell { table: i, index, value: cells[index], expected });
            }
            checked += cells.len() as u64;
        }
        Ok(checked)
    }

    /// Recomputes the values of heap table `i`; returns how many were checked.
    fn verify_heap(&self, i: usize, entry: &TableEntry) -> Result<u64, TableError> {
        let payload = self.payload(entry);
        let table = heap::decode(payload).expect("heap tables are decoded when the blob is opened");
        let mut engine = HeapValues::new(table.game());
        let stored = usize::try_from(table.stored()).expect("a payload's values fit usize");
        engine
            .extend_to(stored, HEAP_CHECK_WORK)
            .map_err(|e| TableError::Unverifiable { table: i, reason: e.to_string() })?;
        let wrong = table.values().zip(engine.values()).enumerate().find(|(_, (s, e))| s != *e);
        if let Some((heap, (stored, &expected))) = wrong {
            return Err(TableError::WrongValue { table: i, position: heap as u64, stored, expected });
        }
        Ok(table.stored())
    }

    /// Recomputes misère quotient `i` with the engine ([`MisereTable::verify`]); returns the
    /// products and images checked.
    fn verify_misere(&self, i: usize, entry: &TableEntry) -> Result<u64, TableError> {
        let payload = self.payload(entry);
        let stored = heap_misere::decode(payload).expect("misère quotients are decoded when the blob is opened");
        stored.verify().map_err(|e| match e {
            Mismatch::Unverifiable(reason) => TableError::Unverifiable { table: i, reason },
            Mismatch::Differs(reason) => TableError::WrongQuotient { table: i, reason },
        })
    }
}

/// The table of `game` among `tables` (of `kind`), or with `None` the only one; else which games
/// the blob holds.
fn one_of<T, I: Iterator<Item = T>>(
    kind: TableKind,
    tables: impl Fn() -> I,
    game_of: impl Fn(&T) -> &HeapGame,
    game: Option<&HeapGame>,
) -> Result<T, TableError> {
    let found = match game {
        Some(game) => tables().find(|t| game_of(t) == game),
        None => tables().next().filter(|_| tables().count() == 1),
    };
    found.ok_or_else(|| {
        let held = tables().map(|t| game_of(&t).to_string()).collect();
        TableError::NoSuchGame { kind, game: game.map(ToString::to_string), held }
    })
}
