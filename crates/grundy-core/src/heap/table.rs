//! The payload of a [`TableKind::HeapValues`](crate::format::TableKind::HeapValues) table: one heap game's
//! values and, when proven, its period, read in place ([`HeapTable`] borrows the payload).
//!
//! ```text
//! 0 .. 8        period p, u64 (0: no period proven)
//! 8 .. 16       first periodic heap n0, u64 (0 when p = 0)
//! 16 .. 20      length L of the game's text, u32 (at most MAX_GAME_TEXT)
//! 20 .. 20+L    the game's canonical text, ASCII (`0.07`, `0.3033` for {1,3,4}, `grundy`)
//! 20+L ..       G(0), G(1), … as u16, little-endian: n0 + p values with a period, else every
//!               value computed (at least one)
//! ```
//!
//! A reader checks the layout, that the text is a game in its canonical spelling, that the
//! count of values matches the period, and that `G(0) = 0`; that the values are the game's and
//! the period proven is re-checked by `grundy verify`, which recomputes them.

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use super::period::{Period, PeriodRule};
use super::spec::{HeapGame, MAX_TAKE};
use super::{Beyond, HeapAnalysis};

/// The longest canonical game text: `c.` and [`MAX_TAKE`] digits.
pub const MAX_GAME_TEXT: usize = MAX_TAKE + 2;

/// Bytes before the game's text.
const FIXED: usize = 20;

/// The most values a table stores: its payload length is a `u32`.
pub const MAX_STORED_VALUES: u64 = (u32::MAX as u64 - FIXED as u64 - MAX_GAME_TEXT as u64) / 2;

/// A heap game's table, borrowed from a payload: `G(heap)` in O(1) for every heap the values or
/// the proven period reach.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeapTable<'a> {
    game: HeapGame,
    period: Option<Period>,
    /// `G(0..count)`, two little-endian bytes each.
    values: &'a [u8],
}

impl<'a> HeapTable<'a> {
    /// The game.
    pub fn game(&self) -> &HeapGame {
        &self.game
    }

    /// The proven period, if any.
    pub fn period(&self) -> Option<Period> {
        self.period
    }

    /// The number of values stored (`G(0..stored)`).
    pub fn stored(&self) -> u64 {
        (self.values.len() / 2) as u64
    }

    /// `G(i)` for `i < stored()`.
    fn stored_value(&self, i: usize) -> u32 {
        u32::from(u16::from_le_bytes([self.values[2 * i], self.values[2 * i + 1]]))
    }

    /// The stored values, `G(0)` first.
    pub fn values(&self) -> impl ExactSizeIterator<Item = u16> + '_ {
        self.values.chunks_exact(2).map(|b| u16::from_le_bytes([b[0], b[1]]))
    }

    /// `G(heap)` in O(1): stored, or through the proven period; beyond the stored values of a
    /// game without a proven period, an error naming how many are known.
    pub fn value(&self, heap: u64) -> Result<u32, Beyond> {
        let index = match self.period {
            Some(p) => p.reduce(heap),
            None => heap,
        };
        if index < self.stored() {
            Ok(self.stored_value(index as usize))
        } else {
            Err(Beyond { heap, computed: self.stored() })
        }
    }
}

/// A heap-game analysis that cannot be stored: more values than a payload holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooManyValues {
    /// The values that would be stored.
    pub values: u64,
}

impl fmt::Display for TooManyValues {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} values do not fit one table (at most {MAX_STORED_VALUES})", self.values)
    }
}

impl core::error::Error for TooManyValues {}

/// Encodes an analysis: with a proven period the `n0 + p` values it needs, else all values.
pub fn encode(analysis: &HeapAnalysis) -> Result<Vec<u8>, TooManyValues> {
    let period = analysis.period();
    let values = match period {
        Some(p) => &analysis.values()[..p.span() as usize],
        None => analysis.values(),
    };
    if values.len() as u64 > MAX_STORED_VALUES {
        return Err(TooManyValues { values: values.len() as u64 });
    }
    let text = analysis.game.to_string();
    let mut out = Vec::with_capacity(FIXED + text.len() + 2 * values.len());
    let Period { period, preperiod } = period.unwrap_or(Period { period: 0, preperiod: 0 });
    out.extend_from_slice(&period.to_le_bytes());
    out.extend_from_slice(&preperiod.to_le_bytes());
    out.extend_from_slice(&(text.len() as u32).to_le_bytes());
    out.extend_from_slice(text.as_bytes());
    for v in values {
        out.extend_from_slice(&v.to_le_bytes());
    }
    Ok(out)
}

/// Decodes and checks a payload (see the module documentation); the error says what is wrong.
pub fn decode(bytes: &[u8]) -> Result<HeapTable<'_>, String> {
    let field = |range: core::ops::Range<usize>, what: &str| {
        bytes.get(range).ok_or_else(|| alloc::format!("{} bytes end before {what}", bytes.len()))
    };
    let u64_at = |at: usize, what: &str| -> Result<u64, String> {
        Ok(u64::from_le_bytes(field(at..at + 8, what)?.try_into().expect("8 bytes")))
    };
    let period = u64_at(0, "the period")?;
    let preperiod = u64_at(8, "the first periodic heap")?;
    let len = u32::from_le_bytes(field(16..20, "the game's length")?.try_into().expect("4 bytes")) as usize;
    if len > MAX_GAME_TEXT {
        return Err(alloc::format!("a game text of {len} bytes (at most {MAX_GAME_TEXT})"));
    }
    let text = field(FIXED..FIXED + len, "the game's text")?;
    let text = core::str::from_utf8(text).map_err(|_| "the game's text is not UTF-8".to_string())?;
    let game = HeapGame::parse(text).map_err(|e| alloc::format!("the game {text:?} is refused: {e}"))?;
    if game.to_string() != text {
        return Err(alloc::format!("the game {text:?} is not written canonically ({game})"));
    }
    let values = &bytes[FIXED + len..];
    if !values.len().is_multiple_of(2) || values.is_empty() {
        return Err(alloc::format!("{} bytes of values is not a whole number of values, at least one", values.len()));
    }
    let count = (values.len() / 2) as u64;
    let period = match (period, preperiod) {
        (0, 0) => None,
        (0, _) => return Err(alloc::format!("a first periodic heap ({preperiod}) without a period")),
        _ if PeriodRule::of(&game) == PeriodRule::None => {
            return Err(alloc::format!("a period for {game}, which no periodicity theorem covers"));
        }
        (period, preperiod) => match preperiod.checked_add(period) {
            Some(span) if span == count => Some(Period { period, preperiod }),
            span => {
                let needs = span.map_or("more than 2^64 - 1".into(), |span| span.to_string());
                return Err(alloc::format!(
                    "{count} values stored for period {period} from heap {preperiod} (needs {needs})"
                ));
            }
        },
    };
    let table = HeapTable { game, period, values };
    if table.stored_value(0) != 0 {
        return Err(alloc::format!("G(0) is stored as {}, but a heap of 0 has no moves", table.stored_value(0)));
    }
    Ok(table)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::{HeapLimits, analyze_heap};

    #[test]
    fn round_trips_and_answers_as_the_analysis() {
        for text in ["0.77", "{1,3,4}", "grundy", "0.6", "4.07"] {
            let game = HeapGame::parse(text).unwrap();
            let analysis = analyze_heap(
                &game,
                &HeapLimits { first: 256, max_heap: 4096, max_work: u64::MAX, ..HeapLimits::default() },
            );
            let bytes = encode(&analysis).unwrap();
            let table = decode(&bytes).unwrap();
            assert_eq!(table.game(), &game);
            assert_eq!(table.period(), analysis.period());
            for heap in (0..9000).chain([u64::MAX - 1, u64::MAX]) {
                assert_eq!(table.value(heap), analysis.value(heap), "{text} heap {heap}");
            }
        }
    }

    #[test]
    fn refuses_damaged_payloads() {
        let game = HeapGame::parse("0.77").unwrap();
        let bytes = encode(&analyze_heap(&game, &HeapLimits::default())).unwrap();
        for cut in [0, 7, 19, 23, bytes.len() - 1] {
            assert!(decode(&bytes[..cut]).is_err(), "cut at {cut}");
        }
        let edit = |at: usize, byte: u8| {
            let mut b = bytes.clone();
            b[at] = byte;
            decode(&b).unwrap_err()
        };
        assert!(edit(0, 13).contains("values stored for period 13"), "{}", edit(0, 13));
        assert!(edit(20, b'x').contains("refused"), "{}", edit(20, b'x'));
        let mut upper = bytes.clone();
        upper.splice(20..24, *b"0.7F");
        assert!(decode(&upper).unwrap_err().contains("not written canonically (0.7f)"));
        let mut first = bytes.clone();
        let at = FIXED + 4;
        first[at] = 1;
        assert!(decode(&first).unwrap_err().contains("G(0) is stored as 1"));
        // A period and first periodic heap whose sum passes 2^64 - 1 say so.
        let mut far = bytes.clone();
        far[..16].copy_from_slice(&[[0xff; 8], [0xff; 8]].concat());
        assert!(decode(&far).unwrap_err().contains("(needs more than 2^64 - 1)"), "{}", decode(&far).unwrap_err());
        // A period for Grundy's game, which no theorem gives, is refused.
        let grundy = HeapGame::grundy();
        let limits = HeapLimits { first: 20, ..HeapLimits::default() };
        let mut forged = encode(&analyze_heap(&grundy, &limits)).unwrap();
        forged[..16].copy_from_slice(&[10u64.to_le_bytes(), 10u64.to_le_bytes()].concat());
        assert!(decode(&forged).unwrap_err().contains("a period for grundy"), "{}", decode(&forged).unwrap_err());
    }
}
