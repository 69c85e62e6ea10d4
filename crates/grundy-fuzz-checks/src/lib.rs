//! What the fuzz targets check, one public function per target, each taking the raw input and
//! panicking on any violation (a panic is what libFuzzer reports as a crash).
//!
//! Used by the fuzz targets (`fuzz/`) and by the library's integration tests
//! (`tests/it/fuzz_corpus.rs`), which replay every committed corpus file through these functions
//! on stable Rust. It takes `grundy` with the features its user builds it with.
//!
//! The judge checks compare against a reference written here from the statements (docs/games.md), sharing no code with
//! the judge's scanner: tokens are split on the judge's whitespace (space, tab, `\n`, `\r`) and a
//! token is a number iff it is a non-empty run of ASCII digits that fits `u64`. Mine boards are
//! analysed here too, by flood fill and the click rules, sharing no code with the solver.

use grundy::heap::Heaps;
use grundy::judge::scanner::Scanner;
use grundy::judge::source::{ReadSource, Source};
use grundy::judge::{InputError, Judge, JudgeError};
use grundy::knight;
use grundy::leaper::Knights;
use grundy::mine::{Analysis, MAX_CELLS, Mine, Solver};
use grundy::misere::{self, MisereNim};
use grundy::table::{TableError, TableFile};
use grundy_core::format::header::{Header, TableKind};
use grundy_core::format::{self, ALIGN, PREAMBLE_LEN, TableData};

// ---------------------------------------------------------------------------------------------
// The blob loader.

/// The blob target: the input as it is, and again with its checksums recomputed so that the
/// layout checks behind the CRCs are reached too.
pub fn blob(data: &[u8]) {
    check_blob(data);
    if let Some(fixed) = with_fixed_checksums(data) {
        check_blob(&fixed);
    }
}

/// `validate` and `TableFile::from_bytes` agree, never panic, and whatever they accept is
/// consistent with the bytes (checked here independently of the validator).
pub fn check_blob(data: &[u8]) {
    let validated = format::validate(data);
    let file = TableFile::from_bytes(data.to_vec());
    match (validated, file) {
        (Err(e), Err(e2)) => {
            assert_eq!(e, e2, "validate and TableFile::from_bytes reject differently");
            assert!(!e.to_string().is_empty());
        }
        (Ok(header), Ok(file)) => {
            assert_eq!(&header, file.header());
            assert_eq!(data, file.bytes());
            check_accepted(data, &header);
            check_knight_lookup(data, &header, &file);
            check_rewrite(data, &header);
        }
        (Ok(_), Err(e)) => panic!("validate accepts what TableFile::from_bytes rejects: {e}"),
        (Err(e), Ok(_)) => panic!("TableFile::from_bytes accepts what validate rejects: {e}"),
    }
}

/// An accepted blob has exactly the documented layout.
fn check_accepted(data: &[u8], header: &Header) {
    // The preamble, read here at its documented offsets.
    let u32_at = |at: usize| u32::from_le_bytes(data[at..at + 4].try_into().unwrap());
    assert_eq!(data[..8], format::header::MAGIC);
    assert_eq!(u16::from_le_bytes([data[8], data[9]]), format::header::FORMAT_VERSION);
    assert_eq!(u32_at(10), format::header::ENDIAN_MARK);
    let used = PREAMBLE_LEN + u32_at(14) as usize;
    let body = &data[PREAMBLE_LEN..used];
    assert_eq!(u32_at(18), crc32fast::hash(body), "header checksum");
    assert_eq!(&Header::decode(body).expect("an accepted header decodes"), header);
    // The encoding is canonical: no other bytes decode to this header.
    assert_eq!(header.encode(), body, "accepted header bytes are not canonical");
    let mut end = used;
    for entry in &header.tables {
        let offset = usize::try_from(entry.offset).unwrap();
        let len = usize::try_from(entry.len).unwrap();
        assert_eq!(offset % ALIGN, 0, "payload alignment");
        assert!(offset >= end, "payload overlaps");
        assert!(data[end..offset].iter().all(|&b| b == 0), "padding is zero");
        let payload = &data[offset..offset.checked_add(len).unwrap()];
        assert_eq!(u64::from(entry.rows) * u64::from(entry.cols), entry.len, "dimensions");
        assert_eq!(crc32fast::hash(payload), entry.crc32, "payload checksum");
        match entry.game {
            TableKind::LeaperSquare => {
                assert!(entry.rows == entry.cols && entry.rows > 0, "knight tables are square, not empty");
                assert!(payload.iter().all(|&v| usize::from(v) <= entry.moves.len()), "cell range");
            }
            TableKind::MisereNim => {
                assert_eq!((entry.rows, entry.cols), (2, 4), "misère Nim shape");
                assert!(payload.iter().all(|&v| v <= 2), "cell range");
            }
            TableKind::MineRegion => {
                assert!(entry.rows == 1 && entry.cols >= 1, "Mine region shape");
                assert!(payload.iter().all(|&v| v <= 2), "cell range");
            }
            TableKind::MineNumber => {
                assert_eq!((entry.rows, entry.cols), (1, 1), "Mine number shape");
                assert!(payload.iter().all(|&v| v <= 1), "cell range");
            }
            TableKind::LeaperForm => {
                assert!(entry.rows == 1 && entry.cols >= 1, "closed-form shape");
                assert!(grundy_core::leaper::codec::decode(&entry.moves, payload).is_ok(), "an accepted form decodes");
            }
            TableKind::HeapValues => {
                assert!(entry.rows == 1 && entry.cols >= 1, "heap-game shape");
                check_heap_payload(payload);
            }
            TableKind::RuleValues => {
                assert!(entry.rows == 1 && entry.cols >= 1, "rules shape");
                check_rules_payload(payload);
            }
            TableKind::MisereQuotient => {
                assert!(entry.rows == 1 && entry.cols >= 1, "misère-quotient shape");
                check_misere_payload(payload);
            }
            other => panic!("validate accepted a game this check does not know: {other:?}"),
        }
        end = offset + len;
    }
    assert_eq!(end, data.len(), "trailing bytes");
}

/// An accepted rules payload, read here at its documented offsets: every stored value is the
/// table's, and a position past the side is refused.
fn check_rules_payload(payload: &[u8]) {
    let table = grundy_core::rules::table::decode(payload).expect("an accepted rules table decodes");
    let width = u32::from_le_bytes(payload[0..4].try_into().unwrap()) as usize;
    let side = u64::from_le_bytes(payload[4..12].try_into().unwrap());
    let name_len = u32::from_le_bytes(payload[12..16].try_into().unwrap()) as usize;
    let values = &payload[16 + name_len..];
    let d = width.max(1);
    let first = u64::from(u32::from_le_bytes(values[0..4].try_into().unwrap()));
    let last = u64::from(u32::from_le_bytes(values[values.len() - 4..].try_into().unwrap()));
    assert_eq!(table.value(&vec![0; d]), Some(first), "the first value");
    assert_eq!(table.value(&vec![side - 1; d]), Some(last), "the last value");
    assert_eq!(table.value(&vec![side; d]), None, "past the side");
}

/// An accepted heap-game payload, read here at its documented offsets: its table answers every
/// heap from the stored values (through the period when there is one), and errs exactly beyond
/// the values of a table without a period.
fn check_heap_payload(payload: &[u8]) {
    let table = grundy_core::heap::table::decode(payload).expect("an accepted heap table decodes");
    let u64_at = |at: usize| u64::from_le_bytes(payload[at..at + 8].try_into().unwrap());
    let (period, start) = (u64_at(0), u64_at(8));
    let len = u32::from_le_bytes(payload[16..20].try_into().unwrap()) as usize;
    assert_eq!(table.game().to_string().as_bytes(), &payload[20..20 + len], "the game's text");
    let values: Vec<u32> =
        payload[20 + len..].chunks_exact(2).map(|b| u32::from(u16::from_le_bytes([b[0], b[1]]))).collect();
    assert_eq!(values[0], 0, "G(0)");
    let n = values.len() as u64;
    if period > 0 {
        assert_eq!(n, start + period, "n0 + p values");
    }
    let mut probes = vec![0, 1, n - 1, n, n + 1, u64::MAX, u64::MAX - 1, start, start + period];
    probes.extend((0..64u64).map(|i| i.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (i % 64)));
    for heap in probes {
        let expected = match period {
            0 => (heap < n).then(|| values[heap as usize]),
            p => Some(values[if heap < start { heap } else { start + (heap - start) % p } as usize]),
        };
        assert_eq!(table.value(heap).ok(), expected, "G({heap})");
    }
}

/// An accepted misère-quotient payload, read here at its documented offsets: every product and
/// image is an element, 0 is the identity and not in P, and the table answers every heap with the
/// stored image (through the period) and every sum with the product of their images.
fn check_misere_payload(payload: &[u8]) {
    let table = grundy_core::heap_misere::table::decode(payload).expect("an accepted misère quotient decodes");
    let u64_at = |at: usize| u64::from_le_bytes(payload[at..at + 8].try_into().unwrap());
    let u32_at = |at: usize| u32::from_le_bytes(payload[at..at + 4].try_into().unwrap()) as usize;
    let (period, start) = (u64_at(0), u64_at(8));
    let (order, generators, growths, len) = (u32_at(24), u32_at(28), u32_at(32), u32_at(36));
    assert_eq!(table.game().to_string().as_bytes(), &payload[40..40 + len], "the game's text");
    let u16s =
        |bytes: &[u8]| bytes.chunks_exact(2).map(|b| u32::from(u16::from_le_bytes([b[0], b[1]]))).collect::<Vec<_>>();
    let products_at = 40 + len + 8 * (generators + growths);
    let p_at = products_at + 2 * order * order;
    let images_at = p_at + order.div_ceil(8);
    let products = u16s(&payload[products_at..p_at]);
    let images = u16s(&payload[images_at..]);
    assert_eq!(table.order(), order);
    assert_eq!(images.len() as u64, start + period, "n0 + p images");
    let in_p = |x: u32| payload[p_at + x as usize / 8] >> (x % 8) & 1 == 1;
    assert!(!in_p(0), "the identity is not in P");
    for x in 0..order as u32 {
        assert_eq!(products[x as usize], x, "0 is the identity");
        assert_eq!(table.in_p(x), in_p(x), "P");
        for y in 0..order as u32 {
            let xy = products[x as usize * order + y as usize];
            assert!(xy < order as u32, "products are elements");
            assert_eq!(table.product(x, y), xy, "the product");
        }
    }
    let image = |heap: u64| images[if heap < start { heap } else { start + (heap - start) % period } as usize];
    let n = images.len() as u64;
    let mut probes = vec![0, 1, n - 1, n, n + 1, u64::MAX, u64::MAX - 1, start, start + period];
    probes.extend((0..64u64).map(|i| i.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (i % 64)));
    for &heap in &probes {
        assert!(image(heap) < order as u32, "images are elements");
        assert_eq!(table.image(heap), image(heap), "Φ({heap})");
    }
    let product = probes.iter().fold(0, |x, &h| products[x as usize * order + image(h) as usize]);
    let expected = if in_p(product) { grundy::Outcome::SecondPlayerWins } else { grundy::Outcome::FirstPlayerWins };
    assert_eq!(table.outcome(&probes), expected, "the outcome of a sum");
}

/// The knight table an accepted blob offers is the first knight payload (unless its border
/// disagrees with its closed form), lookups answer exactly its cells inside the square and
/// `None` outside, and a winning-move search answers or errs, never panics.
fn check_knight_lookup(data: &[u8], header: &Header, file: &TableFile) {
    let entry = header.tables.iter().find(|t| t.game == TableKind::LeaperSquare);
    let table = match (entry, file.leaper()) {
        (None, Err(_)) | (Some(_), Err(TableError::FormDisagrees { .. })) => return,
        (Some(entry), Ok(table)) => {
            let offset = entry.offset as usize;
            assert_eq!(table.cells(), &data[offset..offset + entry.len as usize]);
            assert_eq!(table.bound(), entry.rows as usize);
            assert_eq!(table.moves(), &entry.moves[..]);
            table
        }
        (entry, table) => {
            panic!("knight table present: {} in the header, {} in the file", entry.is_some(), table.is_ok())
        }
    };
    let b = table.bound() as u64;
    let cells = table.cells();
    let mut probes = vec![(0, 0), (b, 0), (0, b), (b, b), (u64::MAX, 0), (0, u64::MAX), (u64::MAX, u64::MAX)];
    if b > 0 {
        probes.extend([(b - 1, b - 1), (b - 1, 0), (0, b - 1), (b / 2, b / 3)]);
    }
    for (x, y) in probes {
        let inside = (x < b && y < b).then(|| cells[(x * b + y) as usize]);
        assert_eq!(table.get(x, y), inside, "get({x}, {y})");
        // Outside the square only a table with a certified closed form answers, from that form.
        let beyond = (x <= knight::MAX_COORDINATE && y <= knight::MAX_COORDINATE)
            .then(|| table.closed_form().map(|f| f.eval(x, y)))
            .flatten();
        let expected = inside.or(beyond);
        assert_eq!(table.value(x, y).ok().map(|n| n.0), expected.map(u64::from), "value({x}, {y})");
        let _ = table.winning_move(&[(x, y)]);
    }
}

/// Writing the accepted tables again gives a blob that validates to the same tables; when the
/// accepted blob already had the writer's layout, it gives the same bytes.
fn check_rewrite(data: &[u8], header: &Header) {
    let payloads: Vec<&[u8]> =
        header.tables.iter().map(|t| &data[t.offset as usize..(t.offset + t.len) as usize]).collect();
    let tables: Vec<TableData<'_>> = header
        .tables
        .iter()
        .zip(&payloads)
        .map(|(t, cells)| TableData { game: t.game, moves: &t.moves, rows: t.rows, cols: t.cols, cells })
        .collect();
    let rewritten = format::write_blob(&header.generator, &tables);
    let again = format::validate(&rewritten).expect("a rewritten blob validates");
    assert_eq!(again.generator, header.generator);
    assert_eq!(again.tables.len(), header.tables.len());
    let mut same_layout = true;
    for (a, b) in again.tables.iter().zip(&header.tables) {
        assert_eq!(
            (a.game, &a.moves, a.rows, a.cols, a.cell, a.len, a.crc32),
            (b.game, &b.moves, b.rows, b.cols, b.cell, b.len, b.crc32)
        );
        assert_eq!(
            &rewritten[a.offset as usize..(a.offset + a.len) as usize],
            &data[b.offset as usize..(b.offset + b.len) as usize]
        );
        same_layout &= a.offset == b.offset;
    }
    if same_layout {
        assert_eq!(rewritten, data, "same tables, same layout, different bytes");
    }
}

/// The input with the header CRC made to match (so the decoder and the checks behind it are
/// reached) and, when the header decodes, every in-range payload CRC too; `None` when the input
/// does not hold the header its preamble claims (or a fixed header re-encodes to another length).
pub fn with_fixed_checksums(data: &[u8]) -> Option<Vec<u8>> {
    let claimed = u32::from_le_bytes(data.get(14..18)?.try_into().ok()?);
    let end = PREAMBLE_LEN.checked_add(usize::try_from(claimed).ok()?)?;
    let mut fixed = data.get(..end)?.to_vec();
    if let Ok(mut header) = Header::decode(&data[PREAMBLE_LEN..end]) {
        for entry in &mut header.tables {
            let start = usize::try_from(entry.offset).ok()?;
            let stop = start.checked_add(usize::try_from(entry.len).ok()?)?;
            if let Some(payload) = data.get(start..stop) {
                entry.crc32 = crc32fast::hash(payload);
            }
        }
        let head = header.encode();
        if head.len() != end - PREAMBLE_LEN {
            return None;
        }
        fixed[PREAMBLE_LEN..].copy_from_slice(&head);
    }
    let crc = crc32fast::hash(&fixed[PREAMBLE_LEN..]);
    fixed[18..22].copy_from_slice(&crc.to_le_bytes());
    fixed.extend_from_slice(&data[end..]);
    Some(fixed)
}

// ---------------------------------------------------------------------------------------------
// The judges. Each target runs its judge twice, on the bytes in memory and streamed through the
// chunked reader in small pieces (`run_judge`), and compares both with a reference written here
// from the problem statements over `Tokens`: the exact output (or, for Mine boards beyond the reference's exact
// search, the exact shape), success iff the input is valid, and the exact line and column of an
// error. A new judge target copies `misere` below.

/// The judge's whitespace (the statements' separators; CRLF input is accepted).
pub fn is_judge_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r')
}

/// The input's tokens, each parsed independently of the judge's scanner, with their offsets.
pub struct Tokens<'a> {
    input: &'a [u8],
    pos: usize,
    start: usize,
}

impl<'a> Tokens<'a> {
    pub fn new(input: &'a [u8]) -> Self {
        Tokens { input, pos: 0, start: 0 }
    }

    /// The next token, `None` at the end of the input.
    pub fn next_token(&mut self) -> Option<&'a [u8]> {
        let rest = &self.input[self.pos..];
        let skip = rest.iter().take_while(|&&b| is_judge_space(b)).count();
        self.start = self.pos + skip;
        let len = self.input[self.start..].iter().take_while(|&&b| !is_judge_space(b)).count();
        self.pos = self.start + len;
        (len > 0).then(|| &self.input[self.start..self.pos])
    }

    /// The next token as a number; `None` at the end or when the token is not a `u64`.
    pub fn next_u64(&mut self) -> Option<u64> {
        self.number().ok()
    }

    /// The next token as a number, or the byte offset where a judge must report the problem:
    /// the end of the input when there is no token; the token's start when it does not begin
    /// with a digit or its digits do not fit `u64`; else the first byte after its digits that is
    /// not a digit.
    pub fn number(&mut self) -> Result<u64, usize> {
        let Some(token) = self.next_token() else { return Err(self.input.len()) };
        let digits = token.iter().take_while(|b| b.is_ascii_digit()).count();
        let value = std::str::from_utf8(&token[..digits]).ok().and_then(|d| d.parse::<u64>().ok());
        match value {
            None => Err(self.start),
            Some(_) if digits < token.len() => Err(self.start + digits),
            Some(v) => Ok(v),
        }
    }

    /// The offset of the last token read (where a judge reports a number out of range).
    pub fn start(&self) -> usize {
        self.start
    }

    /// Nothing but whitespace is left; otherwise the offset of the next token.
    pub fn at_end(&mut self) -> Result<(), usize> {
        match self.next_token() {
            None => Ok(()),
            Some(_) => Err(self.start),
        }
    }

    /// Line and column (1-based) of a byte offset. Only ASCII can precede an error on its line
    /// (earlier tokens on it are numbers), so the column in characters is the column in bytes.
    pub fn position(&self, offset: usize) -> (usize, usize) {
        let before = &self.input[..offset];
        let line_start = before.iter().rposition(|&b| b == b'\n').map_or(0, |nl| nl + 1);
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        assert!(before[line_start..].is_ascii(), "the reference assumes ASCII before an error on its line");
        (line, offset - line_start + 1)
    }
}

/// One answer line the reference expects.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Line {
    /// Exactly this line (without the newline).
    Exact(String),
    /// One of these two (the reference knows the case is well-formed, not who wins).
    Either(String, String),
}

impl Line {
    fn admits(&self, line: &str) -> bool {
        match self {
            Line::Exact(s) => s == line,
            Line::Either(a, b) => a == line || b == line,
        }
    }
}

/// What a judge must do with an input.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Expected {
    /// The answers of the cases before the first problem (all of them on valid input).
    pub lines: Vec<Line>,
    /// Where the first problem is (line, column), or `None` when the input is valid.
    pub error_at: Option<(usize, usize)>,
    /// Cases the judge may refuse (`JudgeError::Refused`) instead of answering.
    pub refusable: Vec<u64>,
}

impl Expected {
    /// The input is bad at `offset`: the answers so far stand, the judge must fail there.
    fn fail(mut self, tokens: &Tokens<'_>, offset: usize) -> Expected {
        self.error_at = Some(tokens.position(offset));
        self
    }

    /// After the last case: valid, or bad at the first token left over.
    fn finish(self, tokens: &mut Tokens<'_>) -> Expected {
        match tokens.at_end() {
            Ok(()) => self,
            Err(offset) => self.fail(tokens, offset),
        }
    }
}

/// A reader handing out at most `step` bytes per call, so that the chunked source refills in
/// the middle of tokens, lines and blocks. The one such reader of the fuzz checks and the
/// integration tests.
#[derive(Debug, Clone)]
pub struct Trickle<'a> {
    rest: &'a [u8],
    step: usize,
}

impl<'a> Trickle<'a> {
    /// Hands out `input`, at most `step` bytes (at least 1) per read.
    pub fn new(input: &'a [u8], step: usize) -> Self {
        assert!(step > 0, "a step of 0 bytes would end the input at once");
        Trickle { rest: input, step }
    }
}

impl std::io::Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.step.min(self.rest.len()).min(buf.len());
        buf[..n].copy_from_slice(&self.rest[..n]);
        self.rest = &self.rest[n..];
        Ok(n)
    }
}

/// A streaming [`Source`] over bytes in memory whose window grows by at most `step` bytes per
/// refill: the scanner's sliding-window path (tokens, lines and errors across refills) without
/// the chunk-sized buffer of [`ReadSource`], which would make a fuzz run many times slower.
struct Pieces<'a> {
    input: &'a [u8],
    start: usize,
    end: usize,
    step: usize,
}

impl Source for Pieces<'_> {
    fn window(&self) -> &[u8] {
        &self.input[self.start..self.end]
    }

    fn refill(&mut self, consumed: usize) -> std::io::Result<bool> {
        assert!(consumed <= self.end - self.start, "consumed past the window");
        self.start += consumed;
        let end = self.end.saturating_add(self.step).min(self.input.len());
        let more = end > self.end;
        self.end = end;
        Ok(more)
    }

    fn streaming(&self) -> bool {
        true
    }
}

/// Runs a judge on the input in memory and again streamed, in pieces of 1 to 8 bytes or all at
/// once (chosen by the input's checksum); 1 input in 64 is streamed through the real
/// [`ReadSource`] instead. Both runs must print the same bytes and end the same way. Returns
/// the in-memory run.
pub fn run_judge(judge: &mut impl Judge, input: &[u8]) -> (Result<(), JudgeError>, Vec<u8>) {
    let mut output = Vec::new();
    let result = judge.solve_bytes(input, &mut output);
    let crc = crc32fast::hash(input);
    let step = match crc % 9 {
        8 => usize::MAX,
        k => k as usize + 1,
    };
    let mut streamed = Vec::new();
    let streamed_result = if crc >> 26 == 0 {
        judge.solve(&mut Scanner::new(ReadSource::new(Trickle::new(input, step))), &mut streamed)
    } else {
        judge.solve(&mut Scanner::new(Pieces { input, start: 0, end: 0, step }), &mut streamed)
    };
    assert_eq!(
        String::from_utf8_lossy(&streamed),
        String::from_utf8_lossy(&output),
        "streamed in pieces of {step} bytes, the judge prints something else"
    );
    let describe =
        |r: &Result<(), JudgeError>| r.as_ref().map_err(|e| (std::mem::discriminant(e), e.to_string())).copied();
    assert_eq!(describe(&streamed_result), describe(&result), "streamed in pieces of {step} bytes");
    (result, output)
}

/// Compares one judge run with the reference: the answers (so on bad input those of the cases
/// before it and nothing of it), success iff the input is valid, an error at exactly the
/// reference's line and column, a refusal only where the reference allows one.
pub fn check_judge_run(input: &[u8], result: Result<(), JudgeError>, output: &[u8], expected: &Expected) {
    let output = std::str::from_utf8(output).expect("judge output is UTF-8");
    assert!(output.is_empty() || output.ends_with('\n'), "the output ends in the middle of a line");
    let lines: Vec<&str> = output.lines().collect();
    let answered = match result {
        Ok(()) => {
            assert_eq!(expected.error_at, None, "the judge accepted invalid input");
            expected.lines.len()
        }
        Err(JudgeError::Input(e)) => {
            check_error_position(input, &e);
            let at = Some((e.line, e.column));
            assert!(expected.error_at.is_some(), "the judge rejected valid input: {e}");
            assert_eq!(at, expected.error_at, "the error is reported elsewhere: {e}");
            expected.lines.len()
        }
        Err(JudgeError::Refused { case, reason }) => {
            assert!(expected.refusable.contains(&case), "the judge refused case {case}: {reason}");
            case as usize - 1
        }
        Err(e) => panic!("I/O on memory failed: {e}"),
    };
    assert_eq!(lines.len(), answered, "answered cases: {output:?} for {:?}", expected.lines);
    for (line, want) in lines.iter().zip(&expected.lines) {
        assert!(want.admits(line), "judge prints {line:?}, the reference {want:?}");
    }
}

/// Line and column of an input error point at a character of the input or just past its end.
pub fn check_error_position(input: &[u8], e: &InputError) {
    assert!(!e.message.is_empty());
    assert!(!e.to_string().is_empty());
    let lines: Vec<&[u8]> = input.split(|&b| b == b'\n').collect();
    assert!((1..=lines.len()).contains(&e.line), "line {} of {} in {e}", e.line, lines.len());
    let chars = lines[e.line - 1].iter().filter(|&&b| b & 0xC0 != 0x80).count();
    assert!((1..=chars + 1).contains(&e.column), "column {} of a {chars}-character line in {e}", e.column);
}

// ---------------------------------------------------------------------------------------------
// Hyper Knights.

/// The knights target: the judge against the embedded table.
pub fn knights(input: &[u8]) {
    let table = knight::embedded_table();
    let (result, output) = run_judge(&mut Knights { table }, input);
    check_judge_run(input, result, &output, &knights_reference(input));
}

/// LightOJ 1315 from the statement (docs/games.md): `T`, then per case `n` and `n` pairs `x y`, each coordinate at
/// most 2^63 - 1 (the judge's documented bound); the values come from `grundy::knight::value`.
pub fn knights_reference(input: &[u8]) -> Expected {
    let mut tokens = Tokens::new(input);
    let mut expected = Expected::default();
    let coordinate = |tokens: &mut Tokens<'_>| match tokens.number() {
        Ok(v) if v <= knight::MAX_COORDINATE => Ok(v),
        Ok(_) => Err(tokens.start()),
        Err(at) => Err(at),
    };
    let cases = match tokens.number() {
        Ok(t) => t,
        Err(at) => return expected.fail(&tokens, at),
    };
    for case in 1..=cases {
        let n = match tokens.number() {
            Ok(n) => n,
            Err(at) => return expected.fail(&tokens, at),
        };
        let mut sum = 0;
        for _ in 0..n {
            let (x, y) = match coordinate(&mut tokens).and_then(|x| Ok((x, coordinate(&mut tokens)?))) {
                Ok(xy) => xy,
                Err(at) => return expected.fail(&tokens, at),
            };
            sum ^= knight::value(x, y).expect("coordinates in range have a value").0;
        }
        expected.lines.push(Line::Exact(format!("Case {case}: {}", if sum != 0 { "Alice" } else { "Bob" })));
    }
    expected.finish(&mut tokens)
}

// ---------------------------------------------------------------------------------------------
// Misère Nim.

/// The misère Nim target: the judge against the embedded outcome table.
pub fn misere(input: &[u8]) {
    let (result, output) = run_judge(&mut MisereNim { table: misere::embedded_table() }, input);
    check_judge_run(input, result, &output, &misere_reference(input));
}

/// LightOJ 1253 from the statement (docs/games.md): `T`, then per case `k >= 1` and `k` piles of at least one stone
/// (any `u64`: the judge's documented range). If every pile is 1, Alice wins iff `k` is even;
/// otherwise Alice wins iff the XOR is non-zero.
pub fn misere_reference(input: &[u8]) -> Expected {
    let mut tokens = Tokens::new(input);
    let mut expected = Expected::default();
    let positive = |tokens: &mut Tokens<'_>| match tokens.number() {
        Ok(0) => Err(tokens.start()),
        other => other,
    };
    let cases = match tokens.number() {
        Ok(t) => t,
        Err(at) => return expected.fail(&tokens, at),
    };
    for case in 1..=cases {
        let k = match positive(&mut tokens) {
            Ok(k) => k,
            Err(at) => return expected.fail(&tokens, at),
        };
        let (mut all_ones, mut xor) = (true, 0u64);
        for _ in 0..k {
            let stones = match positive(&mut tokens) {
                Ok(s) => s,
                Err(at) => return expected.fail(&tokens, at),
            };
            all_ones &= stones == 1;
            xor ^= stones;
        }
        let alice = if all_ones { k % 2 == 0 } else { xor != 0 };
        expected.lines.push(Line::Exact(format!("Case {case}: {}", if alice { "Alice" } else { "Bob" })));
    }
    expected.finish(&mut tokens)
}

// ---------------------------------------------------------------------------------------------
// Heap games.

/// The heaps target: the heap-game judge on Kayles (`0.77`, its table as `grundy` computes and
/// stores it) against a reference with its own Kayles values.
pub fn heaps(input: &[u8]) {
    static PAYLOAD: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    let payload = PAYLOAD.get_or_init(|| {
        let game = grundy_core::heap::HeapGame::parse("0.77").expect("Kayles");
        let analysis = grundy_core::heap::analyze_heap(&game, &grundy_core::heap::HeapLimits::default());
        grundy_core::heap::table::encode(&analysis).expect("a small table")
    });
    let table = grundy_core::heap::table::decode(payload).expect("a valid payload");
    let (result, output) = run_judge(&mut Heaps { table }, input);
    check_judge_run(input, result, &output, &heaps_reference(input));
}

/// Kayles' value: the mex of its options (remove 1 or 2 tokens, leaving up to two heaps) up to
/// heap 95, and beyond heap 70 periodic with period 12 (Guy and Smith, 1956).
fn kayles(heap: u64) -> u64 {
    static VALUES: std::sync::OnceLock<Vec<u64>> = std::sync::OnceLock::new();
    let g = VALUES.get_or_init(|| {
        let mut g: Vec<u64> = Vec::new();
        for n in 0..96usize {
            let mut options = Vec::new();
            for take in 1..=2.min(n) {
                let rest = n - take;
                options.extend((0..=rest / 2).map(|a| g[a] ^ g[rest - a]));
            }
            g.push((0..).find(|v| !options.contains(v)).expect("a mex"));
        }
        g
    });
    let index = if heap < 71 { heap } else { 71 + (heap - 71) % 12 };
    g[index as usize]
}

/// Sums of Kayles heaps from the judge's format: `T`, then per case `k >= 1` and `k` heap sizes
/// (any `u64`, 0 included); Alice wins iff the XOR of the values is not 0.
pub fn heaps_reference(input: &[u8]) -> Expected {
    let mut tokens = Tokens::new(input);
    let mut expected = Expected::default();
    let cases = match tokens.number() {
        Ok(t) => t,
        Err(at) => return expected.fail(&tokens, at),
    };
    for case in 1..=cases {
        let k = match tokens.number() {
            Ok(0) => return expected.fail(&tokens, tokens.start()),
            Ok(k) => k,
            Err(at) => return expected.fail(&tokens, at),
        };
        let mut xor = 0;
        for _ in 0..k {
            match tokens.number() {
                Ok(heap) => xor ^= kayles(heap),
                Err(at) => return expected.fail(&tokens, at),
            }
        }
        expected.lines.push(Line::Exact(format!("Case {case}: {}", if xor != 0 { "Alice" } else { "Bob" })));
    }
    expected.finish(&mut tokens)
}

// ---------------------------------------------------------------------------------------------
// Mine.

/// Boards of more cells are not fuzzed (the input is skipped): a few bytes can ask for 50
/// boards of 10^6 cells, or one of 4 * 10^9. Boards beyond the judge's limit of `MAX_CELLS`
/// are still fuzzed, as they are rejected before anything is allocated.
pub const MINE_MAX_FUZZ_CELLS: u64 = 10_000;

/// The judge's search bound in the target: small, so that a run stays fast, yet above every
/// state count of a cluster the reference searches exactly (at most 2^`MINE_EXACT_BITS`
/// states: a state is a set of unopened regions, of odd private counts and of live groups).
pub const MINE_MAX_STATES: usize = 1 << 13;

/// The reference searches a promise-breaking component exactly when its regions and numbers
/// together are at most this many.
pub const MINE_EXACT_BITS: usize = 12;

/// Boards of at most this many cells are also simulated click by click.
pub const MINE_CLICK_CELLS: usize = 12;

/// What the reference computes of a Mine board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MineBoard {
    /// The Grundy value, when the reference could compute it.
    pub value: Option<u8>,
    pub regions: u64,
    pub numbers: u64,
    pub lone_numbers: u64,
    pub shared_numbers: u64,
}

/// The Mine target: the judge (with a small search bound) against the reference, on inputs
/// whose boards have at most `MINE_MAX_FUZZ_CELLS` cells; the judge's analysis of every case it
/// solved must also match the reference's structure (regions, numbers, lone and shared ones).
pub fn mine(input: &[u8]) {
    let Some((expected, boards)) = mine_reference(input) else { return };
    let mut solver = Solver::new();
    solver.set_max_states(MINE_MAX_STATES);
    let mut seen = Vec::new();
    let mut judge = Mine::new(&mut solver, |case, a: &Analysis| seen.push((case, a.clone())));
    let (result, output) = run_judge(&mut judge, input);
    drop(judge);
    check_judge_run(input, result, &output, &expected);
    // Both runs report every case they solved.
    for (case, analysis) in &seen {
        let board = &boards[*case as usize - 1];
        let got = (analysis.regions, analysis.numbers, analysis.lone_numbers, analysis.shared_numbers);
        let want = (board.regions, board.numbers, board.lone_numbers, board.shared_numbers);
        assert_eq!(got, want, "case {case}: (regions, numbers, lone, shared)");
        assert_eq!(analysis.keeps_promise(), board.shared_numbers == 0);
        if let Some(value) = board.value {
            assert_eq!(analysis.value.0, u64::from(value), "case {case}: Grundy value");
        }
    }
}

/// HDU 4678 from the statement (docs/games.md): `T`, then per case `N M K` (`N, M >= 1`, at most `MAX_CELLS` cells:
/// the judge's documented limit) and `K` mines `X < N`, `Y < M`, repeats allowed. Returns the
/// expectation and the reference's view of every well-formed board, or `None` when a board has
/// more than `MINE_MAX_FUZZ_CELLS` cells (and at most `MAX_CELLS`).
pub fn mine_reference(input: &[u8]) -> Option<(Expected, Vec<MineBoard>)> {
    let mut tokens = Tokens::new(input);
    let mut expected = Expected::default();
    let mut boards = Vec::new();
    let positive = |tokens: &mut Tokens<'_>| match tokens.number() {
        Ok(0) => Err(tokens.start()),
        other => other,
    };
    let below = |tokens: &mut Tokens<'_>, side: u64| match tokens.number() {
        Ok(v) if v >= side => Err(tokens.start()),
        other => other,
    };
    macro_rules! take {
        ($e:expr) => {
            match $e {
                Ok(v) => v,
                Err(at) => return Some((expected.fail(&tokens, at), boards)),
            }
        };
    }
    let cases = take!(tokens.number());
    for case in 1..=cases {
        let rows = take!(positive(&mut tokens));
        let cols = take!(positive(&mut tokens));
        let cells = u128::from(rows) * u128::from(cols);
        if cells > u128::from(MAX_CELLS) {
            return Some((expected.fail(&tokens, tokens.start()), boards));
        }
        if cells > u128::from(MINE_MAX_FUZZ_CELLS) {
            return None;
        }
        let (rows, cols) = (rows as usize, cols as usize);
        let mut mines = vec![false; rows * cols];
        let k = take!(tokens.number());
        for _ in 0..k {
            let x = take!(below(&mut tokens, rows as u64));
            let y = take!(below(&mut tokens, cols as u64));
            mines[x as usize * cols + y as usize] = true;
        }
        let board = mine_board(rows, cols, &mines);
        if rows * cols <= MINE_CLICK_CELLS {
            let clicked = mine_clicks(rows, cols, &mines);
            if let Some(value) = board.value {
                assert_eq!(value, clicked, "the reference's decomposition disagrees with its click-by-click search");
            }
        }
        let value = if rows * cols <= MINE_CLICK_CELLS { Some(mine_clicks(rows, cols, &mines)) } else { board.value };
        let name = |v: u8| format!("Case #{case}: {}", if v != 0 { "Xiemao" } else { "Fanglaoshi" });
        expected.lines.push(match value {
            Some(v) => Line::Exact(name(v)),
            None => {
                expected.refusable.push(case);
                Line::Either(name(1), name(0))
            }
        });
        boards.push(MineBoard { value, ..board });
    }
    Some((expected.finish(&mut tokens), boards))
}

/// The in-board 8-neighbours of a cell.
fn neighbours(rows: usize, cols: usize, cell: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (cell / cols, cell % cols);
    (r.saturating_sub(1)..(r + 2).min(rows))
        .flat_map(move |nr| (c.saturating_sub(1)..(c + 2).min(cols)).map(move |nc| nr * cols + nc))
        .filter(move |&n| n != cell)
}

/// Blank cells: safe, no mine among the neighbours.
fn blanks(rows: usize, cols: usize, mines: &[bool]) -> Vec<bool> {
    (0..rows * cols).map(|c| !mines[c] && neighbours(rows, cols, c).all(|n| !mines[n])).collect()
}

/// A Mine board by its pieces: blank regions (found by flood fill), numbers by the
/// regions they touch; components of regions linked by numbers touching several. A component of
/// one region with `b` numbers is worth 1 (b even) or 2 (b odd), a number touching no blank 1;
/// a larger component is searched exactly when small (`MINE_EXACT_BITS`), else unknown.
pub fn mine_board(rows: usize, cols: usize, mines: &[bool]) -> MineBoard {
    let blank = blanks(rows, cols, mines);
    let mut region = vec![usize::MAX; rows * cols];
    let mut regions = 0;
    let mut stack = Vec::new();
    for start in 0..rows * cols {
        if !blank[start] || region[start] != usize::MAX {
            continue;
        }
        region[start] = regions;
        stack.push(start);
        while let Some(cell) = stack.pop() {
            for n in neighbours(rows, cols, cell) {
                if blank[n] && region[n] == usize::MAX {
                    region[n] = regions;
                    stack.push(n);
                }
            }
        }
        regions += 1;
    }
    // Numbers: the regions each touches; components of regions by union-find.
    let mut touching: Vec<Vec<usize>> = Vec::new();
    let (mut numbers, mut lone, mut shared) = (0u64, 0u64, 0u64);
    let mut link: Vec<usize> = (0..regions).collect();
    fn root(link: &mut [usize], mut x: usize) -> usize {
        while link[x] != x {
            link[x] = link[link[x]];
            x = link[x];
        }
        x
    }
    for cell in 0..rows * cols {
        if mines[cell] || blank[cell] {
            continue;
        }
        numbers += 1;
        let mut ids: Vec<usize> = neighbours(rows, cols, cell).filter(|&n| blank[n]).map(|n| region[n]).collect();
        ids.sort_unstable();
        ids.dedup();
        match ids.len() {
            0 => lone += 1,
            1 => {}
            _ => {
                shared += 1;
                for &id in &ids[1..] {
                    let (a, b) = (root(&mut link, ids[0]), root(&mut link, id));
                    link[a] = b;
                }
            }
        }
        if !ids.is_empty() {
            touching.push(ids);
        }
    }
    // Per component: its regions and its numbers.
    let mut members: Vec<Vec<usize>> = vec![Vec::new(); regions];
    for r in 0..regions {
        let top = root(&mut link, r);
        members[top].push(r);
    }
    let mut component_numbers: Vec<Vec<&[usize]>> = vec![Vec::new(); regions];
    for ids in &touching {
        let top = root(&mut link, ids[0]);
        component_numbers[top].push(ids);
    }
    let mut value = Some(if lone % 2 == 1 { 1u8 } else { 0 });
    for top in 0..regions {
        let (regs, nums) = (&members[top], &component_numbers[top]);
        if regs.is_empty() {
            continue;
        }
        let v = if regs.len() == 1 {
            Some(if nums.len() % 2 == 0 { 1 } else { 2 })
        } else if regs.len() + nums.len() <= MINE_EXACT_BITS {
            Some(component_value(regs, nums))
        } else {
            None
        };
        value = value.zip(v).map(|(a, b)| a ^ b);
    }
    MineBoard { value, regions: regions as u64, numbers, lone_numbers: lone, shared_numbers: shared }
}

/// The exact value of a component by the click rules on face-down sets: bit `i < r` is region
/// `regs[i]`, bit `r + j` number `j`. Clicking a number turns it over; opening a region turns
/// over the region and every number touching it.
fn component_value(regs: &[usize], nums: &[&[usize]]) -> u8 {
    let r = regs.len();
    let bits = r + nums.len();
    let mut reveal: Vec<u32> = (0..bits).map(|i| 1 << i).collect();
    for (j, ids) in nums.iter().enumerate() {
        for id in ids.iter() {
            let i = regs.iter().position(|x| x == id).expect("a region of the component");
            reveal[i] |= 1 << (r + j);
        }
    }
    mex_table(bits, &reveal)
}

/// Grundy value of the face-down set `all` where clicking `i` turns over `reveal[i]`, by the
/// mex recurrence over every subset in increasing order (a click only clears bits).
fn mex_table(bits: usize, reveal: &[u32]) -> u8 {
    let mut sg = vec![0u8; 1 << bits];
    for mask in 1..1usize << bits {
        let mut seen = 0u64;
        for (i, &r) in reveal.iter().enumerate() {
            if mask >> i & 1 == 1 {
                seen |= 1 << sg[mask & !(r as usize)];
            }
        }
        sg[mask] = (!seen).trailing_zeros() as u8;
    }
    sg[(1 << bits) - 1]
}

/// The value of a tiny board by the click rules on its cells: clicking a face-down number turns
/// it over; clicking a face-down blank turns over everything a flood from it reaches (through
/// blanks, stopping at numbers). State: the face-down safe cells.
pub fn mine_clicks(rows: usize, cols: usize, mines: &[bool]) -> u8 {
    let blank = blanks(rows, cols, mines);
    let safe: Vec<usize> = (0..rows * cols).filter(|&c| !mines[c]).collect();
    let bit = |cell: usize| 1u32 << safe.iter().position(|&s| s == cell).expect("a safe cell");
    let reveal: Vec<u32> = safe
        .iter()
        .map(|&cell| {
            if !blank[cell] {
                return bit(cell);
            }
            let (mut seen, mut stack) = (bit(cell), vec![cell]);
            while let Some(c) = stack.pop() {
                for n in neighbours(rows, cols, c) {
                    if !mines[n] && seen & bit(n) == 0 {
                        seen |= bit(n);
                        if blank[n] {
                            stack.push(n);
                        }
                    }
                }
            }
            seen
        })
        .collect();
    mex_table(safe.len(), &reveal)
}

/// A script's source (the `script` feature): loaded, and the values of a few positions computed
/// under tight bounds. Any error is fine; a panic, a hang or unbounded memory is not, and values
/// computed obey the definition's first facts (a heap game's `G(0) = 0`; every value is at most
/// the number of positions computed).
#[cfg(feature = "script")]
pub fn script(data: &[u8]) {
    use grundy::rules::script::{Script, ScriptLimits};
    use grundy::rules::{ComputeLimits, Computed, Shape};
    use std::time::{Duration, Instant};

    let Ok(source) = std::str::from_utf8(data) else { return };
    let limits = ScriptLimits {
        deadline: Some(Instant::now() + Duration::from_millis(200)),
        max_data: Some(1 << 12),
        ..ScriptLimits::default()
    };
    let Ok(script) = Script::load(source, limits) else { return };
    let shape = grundy::rules::Rules::shape(&script);
    let limits = ComputeLimits { max_heap: 16, side: 3, max_positions: 1 << 10 };
    let mut game = Computed::new("fuzz", script, limits).expect("a box of side 3 fits");
    match game.fill(16) {
        Ok(()) => {
            let values = game.values();
            let count = match shape {
                Shape::Heap => 16,
                Shape::Tuple(d) => 3usize.pow(d as u32),
            };
            assert_eq!(values.len(), count, "every position of the table");
            if shape == Shape::Heap {
                assert_eq!(values[0], 0, "G(0) = 0");
            }
            assert!(values.iter().all(|&v| v <= (1 << 10)), "a value past the positions visited");
        }
        Err(e) => drop(e.to_string()),
    }
}

/// The script corpus replayed (the other targets' corpora are replayed by grundy's tests).
#[cfg(all(test, feature = "script"))]
#[test]
fn script_corpus() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus/script");
    let mut replayed = 0;
    for entry in std::fs::read_dir(&dir).expect("the script corpus") {
        let path = entry.unwrap().path();
        script(&std::fs::read(&path).unwrap());
        replayed += 1;
    }
    assert!(replayed >= 5, "{replayed} files in {}", dir.display());
}
