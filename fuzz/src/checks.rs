//! What the fuzz targets check, one public function per target, each taking the raw input and
//! panicking on any violation (a panic is what libFuzzer reports as a crash).
//!
//! Compiled twice: into the fuzz crate (`grundy_fuzz::checks`) and into the main crate's
//! `tests/fuzz_corpus.rs`, which replays every committed corpus file through these functions on
//! stable Rust. So this file may only use `std`, `grundy` and `crc32fast`.
//!
//! The judge checks compare against a reference written here from the spec, sharing no code with
//! the judge's scanner: tokens are split on the judge's whitespace (space, tab, `\n`, `\r`) and a
//! token is a number iff it is a non-empty run of ASCII digits that fits `u64`.

use grundy::format::header::{Game, Header};
use grundy::format::{self, ALIGN, TableData};
use grundy::judge::knights::Knights;
use grundy::judge::{InputError, Judge, JudgeError};
use grundy::solver::knight;
use grundy::table::{TableFile, embedded};

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
    let (decoded, used) = Header::decode(data).expect("an accepted header decodes");
    assert_eq!(&decoded, header);
    // The encoding is canonical: no other bytes decode to this header.
    assert_eq!(header.encode(), &data[..used], "accepted header bytes are not canonical");
    let stored = u32::from_le_bytes(data[used..used + 4].try_into().unwrap());
    assert_eq!(stored, crc32fast::hash(&data[..used]), "header checksum");
    assert_eq!(header.magic, format::header::MAGIC);
    assert_eq!(header.format_version, format::header::FORMAT_VERSION);
    assert_eq!(header.endian_mark, format::header::ENDIAN_MARK);
    let mut end = used + 4;
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
            Game::Knight => {
                assert!(entry.rows == entry.cols && entry.rows > 0, "knight tables are square, not empty");
                assert!(payload.iter().all(|&v| usize::from(v) <= entry.moves.len()), "cell range");
            }
            Game::MisereNim => {
                assert_eq!((entry.rows, entry.cols), (2, 4), "misère Nim shape");
                assert!(payload.iter().all(|&v| v <= 2), "cell range");
            }
            Game::MineRegion => {
                assert!(entry.rows == 1 && entry.cols >= 1, "Mine region shape");
                assert!(payload.iter().all(|&v| v <= 2), "cell range");
            }
            Game::MineNumber => {
                assert_eq!((entry.rows, entry.cols), (1, 1), "Mine number shape");
                assert!(payload.iter().all(|&v| v <= 1), "cell range");
            }
        }
        end = offset + len;
    }
    assert_eq!(end, data.len(), "trailing bytes");
}

/// The knight table an accepted blob offers is the first knight payload, and lookups answer
/// exactly its cells inside the square and `None` outside.
fn check_knight_lookup(data: &[u8], header: &Header, file: &TableFile) {
    let entry = header.tables.iter().find(|t| t.game == Game::Knight);
    let table = match (entry, file.knight()) {
        (None, Err(_)) => return,
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
        // Outside the square only a hyper-knight table answers, from the closed form.
        let beyond = (table.has_closed_form() && x <= knight::MAX_COORDINATE && y <= knight::MAX_COORDINATE)
            .then(|| embedded::knight_patterns().eval(x, y));
        let expected = inside.or(beyond);
        assert_eq!(table.grundy(x, y).ok().map(|n| n.0), expected.map(u64::from), "grundy({x}, {y})");
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
        .map(|(t, cells)| TableData { game: t.game, moves: t.moves.clone(), rows: t.rows, cols: t.cols, cells })
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

/// The input with the header CRC and every in-range payload CRC made to match, or `None` when
/// the header does not decode (or does not re-encode to the same length).
pub fn with_fixed_checksums(data: &[u8]) -> Option<Vec<u8>> {
    let (mut header, used) = Header::decode(data).ok()?;
    for entry in &mut header.tables {
        let start = usize::try_from(entry.offset).ok()?;
        let end = start.checked_add(usize::try_from(entry.len).ok()?)?;
        if let Some(payload) = data.get(start..end) {
            entry.crc32 = crc32fast::hash(payload);
        }
    }
    let head = header.encode();
    if head.len() != used {
        return None;
    }
    let mut fixed = data.to_vec();
    if fixed.len() < used + 4 {
        fixed.resize(used + 4, 0);
    }
    fixed[..used].copy_from_slice(&head);
    fixed[used..used + 4].copy_from_slice(&crc32fast::hash(&head).to_le_bytes());
    Some(fixed)
}

// ---------------------------------------------------------------------------------------------
// The judges. A new judge target copies `knights` below: run the judge into a `Vec`, run a
// reference over `Tokens`, compare with `check_judge_run`.

/// The judge's whitespace (the spec's separators; CRLF input is accepted).
pub fn is_judge_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r')
}

/// The input's tokens, each parsed independently of the judge's scanner.
pub struct Tokens<'a> {
    rest: std::slice::Split<'a, u8, fn(&u8) -> bool>,
}

impl<'a> Tokens<'a> {
    pub fn new(input: &'a [u8]) -> Self {
        Tokens { rest: input.split((|b: &u8| is_judge_space(*b)) as fn(&u8) -> bool) }
    }

    /// The next token, `None` at the end of the input.
    pub fn next_token(&mut self) -> Option<&'a [u8]> {
        self.rest.by_ref().find(|t| !t.is_empty())
    }

    /// The next token as a number; `None` at the end or when the token is not a `u64`.
    pub fn next_u64(&mut self) -> Option<u64> {
        let token = self.next_token()?;
        if !token.iter().all(u8::is_ascii_digit) {
            return None;
        }
        std::str::from_utf8(token).ok()?.parse().ok()
    }

    /// Nothing but whitespace is left.
    pub fn at_end(&mut self) -> bool {
        self.next_token().is_none()
    }
}

/// What a judge must print for an input: the answers of the cases before the first problem, and
/// whether the whole input was valid.
#[derive(Debug, PartialEq, Eq)]
pub struct Expected {
    /// The whole judge output (only complete cases, one line each).
    pub output: String,
    /// Number of answered cases.
    pub cases: u64,
    /// The input was valid: the judge must succeed.
    pub valid: bool,
}

/// Compares one judge run with the reference: the same output (so on bad input the earlier
/// answers and nothing of the bad case), success iff the input is valid, and an error position
/// that lies inside the input.
pub fn check_judge_run(input: &[u8], result: Result<(), JudgeError>, output: &[u8], expected: &Expected) {
    let output = std::str::from_utf8(output).expect("judge output is UTF-8");
    assert_eq!(output, expected.output, "judge output differs from the reference");
    assert_eq!(output.lines().count() as u64, expected.cases);
    match result {
        Ok(()) => assert!(expected.valid, "the judge accepted invalid input"),
        Err(JudgeError::Input(e)) => {
            assert!(!expected.valid, "the judge rejected valid input: {e}");
            check_error_position(input, &e);
        }
        Err(e @ (JudgeError::Output(_) | JudgeError::Read(_))) => panic!("I/O on memory failed: {e}"),
        Err(e @ JudgeError::Refused { .. }) => panic!("the knights judge refused a case: {e}"),
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

/// The knights target: the judge against the embedded table.
pub fn knights(input: &[u8]) {
    let table = grundy::table::embedded::knight();
    let mut output = Vec::new();
    let result = Knights { table }.solve_bytes(input, &mut output);
    check_judge_run(input, result, &output, &knights_reference(input));
}

/// LightOJ 1315 from the spec: `T`, then per case `n` and `n` pairs `x y`; the values come from
/// the library's `solver::knight::grundy`.
pub fn knights_reference(input: &[u8]) -> Expected {
    let mut tokens = Tokens::new(input);
    let mut expected = Expected { output: String::new(), cases: 0, valid: false };
    let Some(cases) = tokens.next_u64() else { return expected };
    for case in 1..=cases {
        let Some(n) = tokens.next_u64() else { return expected };
        let mut sum = 0;
        for _ in 0..n {
            let (Some(x), Some(y)) = (tokens.next_u64(), tokens.next_u64()) else { return expected };
            let Ok(value) = grundy::solver::knight::grundy(x, y) else { return expected };
            sum ^= value.0;
        }
        expected.output += &format!("Case {case}: {}\n", if sum != 0 { "Alice" } else { "Bob" });
        expected.cases = case;
    }
    expected.valid = tokens.at_end();
    expected
}
