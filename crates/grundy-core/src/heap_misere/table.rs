//! The payload of a [`TableKind::MisereQuotient`](crate::format::TableKind::MisereQuotient)
//! table: one heap game's certified misère quotient, read in place ([`MisereTable`] borrows the
//! payload). All integers little-endian:
//!
//! ```text
//! 0 .. 8        period p of Φ, u64 (>= 1)
//! 8 .. 16       first periodic heap n0, u64
//! 16 .. 24      N: the proof used the images of heaps 0..N, u64
//! 24 .. 28      |Q| = q, u32 (1 ..= MAX_STORED_ORDER)
//! 28 .. 32      number r of generator heaps, u32
//! 32 .. 36      number g of growth heaps, u32
//! 36 .. 40      length L of the game's text, u32 (at most MAX_GAME_TEXT)
//! 40 ..         the game's canonical text, L bytes of ASCII
//!               r generator heaps, u64 each, increasing
//!               g growth heaps (where the quotient grew), u64 each, increasing
//!               the product table, q * q u16, x·y at x * q + y (0 is the identity)
//!               P, ceil(q / 8) bytes, x in P iff bit x % 8 of byte x / 8 (unused bits zero)
//!               Φ(0), …, Φ(n0 + p - 1), u16 each
//! ```
//!
//! Only certified quotients are stored: the quotient of the heaps computed is not the game's,
//! and a reader would take it for the game's. So every heap has an image, through the period.
//!
//! A reader checks the layout, that the text is a game in its canonical spelling with a
//! periodicity theorem and that `N` is as many heaps as the theorem needs for the period; that
//! every product and image is an element, `0` is an identity outside `P`, the table is
//! commutative, `Φ(0)` is the identity; and that the heap lists increase within the heaps
//! stored or proven.
//! That the quotient is the game's is checked by recomputing it ([`MisereTable::verify`], which
//! `grundy inspect` and `grundy verify --table` run).

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use super::{MisereAnalysis, MisereLimits, MisereStatus, MisereStop, Presentation, Quotient, analyze_misere};
use crate::Outcome;
use crate::heap::table::MAX_GAME_TEXT;
use crate::heap::{HeapGame, Period, PeriodRule};

/// Bytes before the game's text.
const FIXED: usize = 40;

/// The largest quotient a table stores (four times the engine's default `max_quotient`): its
/// product table is at most 32 MiB in the payload, 64 MiB as a [`Quotient`].
pub const MAX_STORED_ORDER: usize = 4096;

/// A game's certified misère quotient, borrowed from a payload: the product, `P` and `Φ(heap)`
/// for every heap in O(1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MisereTable<'a> {
    game: HeapGame,
    period: Period,
    proven_with: u64,
    order: usize,
    generator_heaps: &'a [u8],
    growth_heaps: &'a [u8],
    /// `x·y` at `2 * (x * order + y)`, a `u16`.
    products: &'a [u8],
    p_bits: &'a [u8],
    /// `Φ(0..n0 + p)`, a `u16` each.
    images: &'a [u8],
}

fn u16_at(bytes: &[u8], i: usize) -> u32 {
    u32::from(u16::from_le_bytes([bytes[2 * i], bytes[2 * i + 1]]))
}

fn u64s(bytes: &[u8]) -> impl ExactSizeIterator<Item = u64> + '_ {
    bytes.chunks_exact(8).map(|b| u64::from_le_bytes(b.try_into().expect("8 bytes")))
}

impl<'a> MisereTable<'a> {
    /// The game.
    pub fn game(&self) -> &HeapGame {
        &self.game
    }

    /// The proven period of `Φ`.
    pub fn period(&self) -> Period {
        self.period
    }

    /// The heaps `0..proven_with` whose images the proof used.
    pub fn proven_with(&self) -> u64 {
        self.proven_with
    }

    /// `|Q|`.
    pub fn order(&self) -> usize {
        self.order
    }

    /// The identity, the image of the empty position: always `0`.
    pub fn identity(&self) -> u32 {
        0
    }

    /// `x · y`. Panics if either is not an element (`>= order`).
    pub fn product(&self, x: u32, y: u32) -> u32 {
        assert!((x as usize) < self.order && (y as usize) < self.order, "{x} · {y}: not elements");
        u16_at(self.products, x as usize * self.order + y as usize)
    }

    /// Whether `x` is in the P-portion. Panics if `x` is not an element.
    pub fn in_p(&self, x: u32) -> bool {
        assert!((x as usize) < self.order, "{x}: not an element");
        self.p_bits[x as usize / 8] >> (x % 8) & 1 == 1
    }

    /// `|P|`.
    pub fn p_portion_size(&self) -> usize {
        self.p_bits.iter().map(|b| b.count_ones() as usize).sum()
    }

    /// `Φ(heap)`, through the period beyond the images stored.
    pub fn image(&self, heap: u64) -> u32 {
        u16_at(self.images, self.period.reduce(heap) as usize)
    }

    /// `Φ(0..n0 + p)`, the images stored.
    pub fn images(&self) -> impl ExactSizeIterator<Item = u32> + '_ {
        (0..self.images.len() / 2).map(|i| u16_at(self.images, i))
    }

    /// The heaps whose images generate the quotient, least first.
    pub fn generator_heaps(&self) -> impl ExactSizeIterator<Item = u64> + '_ {
        u64s(self.generator_heaps)
    }

    /// The heaps at which the quotient grew while it was computed.
    pub fn growth_heaps(&self) -> impl ExactSizeIterator<Item = u64> + '_ {
        u64s(self.growth_heaps)
    }

    /// The misère outcome of the sum of `heaps`: the product of their images, in `P` or not.
    pub fn outcome(&self, heaps: &[u64]) -> Outcome {
        let x = heaps.iter().fold(self.identity(), |x, &h| self.product(x, self.image(h)));
        if self.in_p(x) { Outcome::SecondPlayerWins } else { Outcome::FirstPlayerWins }
    }

    /// The analysis this table was written from (presentation, winning moves), with the images
    /// of heaps `0..n0 + p` (the others through the period).
    pub fn to_analysis(&self) -> MisereAnalysis {
        let n = self.order as u32;
        let table = (0..n).flat_map(|x| (0..n).map(move |y| (x, y))).map(|(x, y)| self.product(x, y)).collect();
        let quotient = Quotient::from_parts(self.order, table, (0..n).map(|x| self.in_p(x)).collect());
        let images: Vec<u32> = self.images().collect();
        let presentation = Presentation::of(&quotient, &images);
        MisereAnalysis {
            game: self.game.clone(),
            status: MisereStatus::Certified { period: self.period, proven_with: self.proven_with },
            quotient,
            images,
            growths: self.growth_heaps().collect(),
            presentation,
        }
    }

    /// Recomputes the quotient with the engine on the heaps the stored proof used, trying the
    /// theorem there (so the same period is found), and compares the status, the product table,
    /// `P`, the images stored and both heap lists. Returns the products and images checked. A
    /// proof that used more heaps than the engine's default `max_heap` is not recomputed.
    pub fn verify(&self) -> Result<u64, Mismatch> {
        let defaults = MisereLimits::default();
        if self.proven_with > defaults.max_heap + 1 {
            return Err(Mismatch::Unverifiable(format!(
                "its proof used heaps 0..{}, more than a check computes (0..{})",
                self.proven_with,
                defaults.max_heap + 1
            )));
        }
        // Heaps 0..N computed and the theorem first tried on them: the stored proof's run.
        let limits = MisereLimits { max_heap: self.proven_with - 1, prove_from: self.proven_with, ..defaults };
        let again = analyze_misere(&self.game, &limits);
        let differs = |reason: String| Err(Mismatch::Differs(reason));
        let status = MisereStatus::Certified { period: self.period, proven_with: self.proven_with };
        match again.status {
            MisereStatus::NotFound(stop) => return differs(format!("the engine proves no period ({stop})")),
            found if found != status => return differs(format!("it stores {status:?}, the engine finds {found:?}")),
            _ => {}
        }
        let q = again.quotient();
        let order = q.order() as u32;
        if self.order != q.order() {
            return differs(format!("|Q| is stored as {}, the engine finds {order}", self.order));
        }
        for x in 0..order {
            if self.in_p(x) != q.in_p(x) {
                return differs(format!("element {x} is stored {}in P", if self.in_p(x) { "" } else { "not " }));
            }
            if let Some(y) = (0..order).find(|&y| self.product(x, y) != q.product(x, y)) {
                let (stored, found) = (self.product(x, y), q.product(x, y));
                return differs(format!("{x} · {y} is stored as {stored}, the engine finds {found}"));
            }
        }
        if let Some((heap, (stored, &found))) =
            self.images().zip(again.images()).enumerate().find(|(_, (s, f))| s != *f)
        {
            return differs(format!("Φ({heap}) is stored as {stored}, the engine finds {found}"));
        }
        if !self.generator_heaps().eq(again.presentation().generator_heaps.iter().copied()) {
            return differs("the generator heaps differ from the engine's".into());
        }
        if !self.growth_heaps().eq(again.growth_heaps().iter().copied()) {
            return differs("the heaps where the quotient grew differ from the engine's".into());
        }
        Ok(u64::from(order) * u64::from(order) + self.images().len() as u64)
    }
}

/// Why [`MisereTable::verify`] does not confirm a table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mismatch {
    /// The table is beyond what a check recomputes: why.
    Unverifiable(String),
    /// The table differs from the engine's quotient: what differs.
    Differs(String),
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Unverifiable(why) => write!(f, "cannot be recomputed: {why}"),
            Self::Differs(reason) => write!(f, "wrong misère quotient: {reason}"),
        }
    }
}

impl core::error::Error for Mismatch {}

/// An analysis [`encode`] refuses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Unstorable {
    /// No period was proven: the quotient is only that of the heaps computed.
    NotCertified(MisereStop),
    /// The quotient has more than [`MAX_STORED_ORDER`] elements, or the payload would pass
    /// `u32::MAX` bytes.
    TooLarge {
        /// `|Q|`.
        order: usize,
        /// The images stored.
        images: u64,
    },
}

impl fmt::Display for Unstorable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NotCertified(stop) => write!(
                f,
                "no period of Φ was proven ({stop}); only a certified quotient is stored, the quotient of the \
                 heaps computed is not the game's"
            ),
            Self::TooLarge { order, images } => {
                write!(
                    f,
                    "a quotient of {order} elements with {images} images does not fit one table (at most \
                     {MAX_STORED_ORDER} elements)"
                )
            }
        }
    }
}

impl core::error::Error for Unstorable {}

/// Encodes a certified analysis: its quotient, `P` and the `n0 + p` images the period needs.
pub fn encode(analysis: &MisereAnalysis) -> Result<Vec<u8>, Unstorable> {
    let (period, proven_with) = match analysis.status {
        MisereStatus::Certified { period, proven_with } => (period, proven_with),
        MisereStatus::NotFound(stop) => return Err(Unstorable::NotCertified(stop)),
    };
    let q = analysis.quotient();
    let order = q.order();
    let images = &analysis.images()[..period.span() as usize];
    let text = analysis.game.to_string();
    let generators = &analysis.presentation().generator_heaps;
    let growths = analysis.growth_heaps();
    let len = FIXED as u64
        + text.len() as u64
        + 8 * (generators.len() + growths.len()) as u64
        + 2 * (order * order) as u64
        + order.div_ceil(8) as u64
        + 2 * images.len() as u64;
    if order > MAX_STORED_ORDER || len > u64::from(u32::MAX) {
        return Err(Unstorable::TooLarge { order, images: images.len() as u64 });
    }
    let mut out = Vec::with_capacity(len as usize);
    for n in [period.period, period.preperiod, proven_with] {
        out.extend_from_slice(&n.to_le_bytes());
    }
    for n in [order, generators.len(), growths.len(), text.len()] {
        out.extend_from_slice(&(n as u32).to_le_bytes());
    }
    out.extend_from_slice(text.as_bytes());
    for &h in generators.iter().chain(growths) {
        out.extend_from_slice(&h.to_le_bytes());
    }
    for x in 0..order as u32 {
        for y in 0..order as u32 {
            out.extend_from_slice(&(q.product(x, y) as u16).to_le_bytes());
        }
    }
    let mut p = alloc::vec![0u8; order.div_ceil(8)];
    for x in q.p_portion() {
        p[x as usize / 8] |= 1 << (x % 8);
    }
    out.extend_from_slice(&p);
    for &x in images {
        out.extend_from_slice(&(x as u16).to_le_bytes());
    }
    debug_assert_eq!(out.len() as u64, len);
    Ok(out)
}

/// Decodes and checks a payload (see the module documentation); the error says what is wrong.
pub fn decode(bytes: &[u8]) -> Result<MisereTable<'_>, String> {
    let mut at = 0usize;
    let mut take = |len: u64, what: &str| -> Result<&[u8], String> {
        let end = usize::try_from(len).ok().and_then(|len| at.checked_add(len)).filter(|&end| end <= bytes.len());
        let end = end.ok_or_else(|| format!("{} bytes end before {what} ({len} bytes from byte {at})", bytes.len()))?;
        let field = &bytes[at..end];
        at = end;
        Ok(field)
    };
    let u64_field = |b: &[u8]| u64::from_le_bytes(b.try_into().expect("8 bytes"));
    let u32_field = |b: &[u8]| u64::from(u32::from_le_bytes(b.try_into().expect("4 bytes")));
    let period = u64_field(take(8, "the period")?);
    let preperiod = u64_field(take(8, "the first periodic heap")?);
    let proven_with = u64_field(take(8, "the heaps the proof used")?);
    let order = u32_field(take(4, "|Q|")?);
    let generators = u32_field(take(4, "the number of generator heaps")?);
    let growths = u32_field(take(4, "the number of growth heaps")?);
    let len = u32_field(take(4, "the game's length")?);
    if len > MAX_GAME_TEXT as u64 {
        return Err(format!("a game text of {len} bytes (at most {MAX_GAME_TEXT})"));
    }
    let text = take(len, "the game's text")?;
    let text = core::str::from_utf8(text).map_err(|_| "the game's text is not UTF-8".to_string())?;
    let game = HeapGame::parse(text).map_err(|e| format!("the game {text:?} is refused: {e}"))?;
    if game.to_string() != text {
        return Err(format!("the game {text:?} is not written canonically ({game})"));
    }
    if period == 0 {
        return Err("a period of 0".into());
    }
    let span = preperiod.checked_add(period).ok_or("a period and first periodic heap past 2^64 - 1")?;
    match PeriodRule::of(&game).values_needed(period, preperiod) {
        None => return Err(format!("a period for {game}, which no periodicity theorem covers")),
        Some(needed) if proven_with < needed => {
            return Err(format!(
                "a proof with heaps 0..{proven_with}, but the theorem needs 0..{needed} for period {period} \
                 from heap {preperiod}"
            ));
        }
        Some(_) => {}
    }
    if !(1..=MAX_STORED_ORDER as u64).contains(&order) {
        return Err(format!("|Q| = {order} (1 ..= {MAX_STORED_ORDER})"));
    }
    let generator_heaps = take(8 * generators, "the generator heaps")?;
    let growth_heaps = take(8 * growths, "the growth heaps")?;
    let products = take(2 * order * order, "the product table")?;
    let p_bits = take(order.div_ceil(8), "P")?;
    let images = take(2 * span, "the images")?;
    if at != bytes.len() {
        return Err(format!("{} bytes follow the images", bytes.len() - at));
    }
    let order = order as usize;
    let table = MisereTable {
        game,
        period: Period { period, preperiod },
        proven_with,
        order,
        generator_heaps,
        growth_heaps,
        products,
        p_bits,
        images,
    };
    table.check(span)?;
    Ok(table)
}

impl MisereTable<'_> {
    /// The checks on the elements and heaps of a table whose layout is right.
    fn check(&self, span: u64) -> Result<(), String> {
        let n = self.order as u32;
        let product = |x: u32, y: u32| u16_at(self.products, (x * n + y) as usize);
        if let Some(x) = (0..n).find(|&x| product(0, x) != x) {
            return Err(format!("0 is not the identity: 0 · {x} = {}", product(0, x)));
        }
        for x in 0..n {
            for y in 0..n {
                let xy = product(x, y);
                if xy >= n {
                    return Err(format!("{x} · {y} = {xy}, not an element of a quotient of {n}"));
                }
                if xy != product(y, x) {
                    return Err(format!("{x} · {y} = {xy} but {y} · {x} = {}: not commutative", product(y, x)));
                }
            }
        }
        if self.p_bits[0] & 1 == 1 {
            return Err("the identity is in P, but the empty position is won by the player to move".into());
        }
        if !n.is_multiple_of(8) && self.p_bits[self.p_bits.len() - 1] >> (n % 8) != 0 {
            return Err(format!("P has bits set past the last element {}", n - 1));
        }
        if let Some((heap, x)) = self.images().enumerate().find(|&(_, x)| x >= n) {
            return Err(format!("Φ({heap}) = {x}, not an element of a quotient of {n}"));
        }
        if self.image(0) != 0 {
            return Err(format!("Φ(0) = {}, but heap 0 is the empty position (the identity)", self.image(0)));
        }
        increasing(self.generator_heaps(), span, "generator heaps")?;
        increasing(self.growth_heaps(), self.proven_with, "growth heaps")?;
        Ok(())
    }
}

/// Checks that `heaps` increase, each in `1..below`.
fn increasing(mut heaps: impl Iterator<Item = u64>, below: u64, what: &str) -> Result<(), String> {
    heaps
        .try_fold(0, |last, h| match h {
            _ if h >= below || h == 0 => Err(format!("{what}: heap {h} is not in 1..{below}")),
            _ if h <= last => Err(format!("the {what} do not increase ({last}, then {h})")),
            _ => Ok(h),
        })
        .map(drop)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn payload(text: &str) -> (MisereAnalysis, Vec<u8>) {
        let analysis = analyze_misere(&HeapGame::parse(text).unwrap(), &MisereLimits::default());
        let bytes = encode(&analysis).unwrap();
        (analysis, bytes)
    }

    #[test]
    fn round_trips() {
        let (analysis, bytes) = payload("0.75");
        let table = decode(&bytes).unwrap();
        assert_eq!(table.order(), 8);
        assert_eq!(table.p_portion_size(), 2);
        assert_eq!(table.generator_heaps().collect::<Vec<_>>(), [1, 2, 5]);
        let back = table.to_analysis();
        assert_eq!(back.quotient(), analysis.quotient());
        assert_eq!(back.presentation(), analysis.presentation());
        assert_eq!(back.status, analysis.status);
        for heap in (0..200).chain([u64::MAX]) {
            assert_eq!(Ok(table.image(heap)), analysis.image(heap));
        }
    }

    #[test]
    fn refuses_an_uncertified_quotient() {
        let limits = MisereLimits { max_heap: 20, ..MisereLimits::default() };
        let analysis = analyze_misere(&HeapGame::parse("0.77").unwrap(), &limits);
        let refused = encode(&analysis).unwrap_err();
        assert_eq!(refused, Unstorable::NotCertified(MisereStop::MaxHeap { max_heap: 20 }));
    }

    #[test]
    fn refuses_damaged_payloads() {
        let (_, bytes) = payload("0.75");
        for cut in 0..bytes.len() {
            assert!(decode(&bytes[..cut]).is_err(), "cut at {cut}");
        }
        let edit = |at: usize, byte: u8| {
            let mut b = bytes.clone();
            b[at] = byte;
            decode(&b).unwrap_err()
        };
        // 0.75: 8 elements (P in one byte) and 10 images, the first generator heap after "0.75".
        let (generators, images) = (FIXED + 4, bytes.len() - 2 * 10);
        let (p, products) = (images - 1, images - 1 - 2 * 64);
        assert!(edit(0, 0).contains("a period of 0"), "{}", edit(0, 0));
        assert!(edit(16, 3).contains("the theorem needs"), "{}", edit(16, 3));
        assert_eq!(edit(24, 0), "|Q| = 0 (1 ..= 4096)");
        assert_eq!(edit(25, 0x20), "|Q| = 8200 (1 ..= 4096)");
        assert!(edit(products + 2 * 9, 8).contains("not an element"), "{}", edit(products + 2 * 9, 8));
        assert!(edit(products + 2 * 10, 0).contains("not commutative"), "{}", edit(products + 2 * 10, 0));
        assert!(edit(products + 2, 2).contains("not the identity"), "{}", edit(products + 2, 2));
        assert!(edit(p, 1).contains("identity is in P"), "{}", edit(p, 1));
        assert!(edit(images + 2, 9).contains("Φ(1) = 9"), "{}", edit(images + 2, 9));
        assert!(edit(images, 1).contains("Φ(0) = 1"), "{}", edit(images, 1));
        assert!(edit(generators, 0).contains("generator heaps: heap 0"), "{}", edit(generators, 0));
    }
}
