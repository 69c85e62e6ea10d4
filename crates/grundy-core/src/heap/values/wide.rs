//! Step 3, the proof, 32 splits at a time with AVX-512 (chosen at run time where the CPU has
//! AVX-512 F, BW and VBMI2), and the pipeline's marks turned into bits.
//!
//! The to-do list holds values below the candidate; when the candidate is at most
//! [`MAX_CANDIDATE`] (1024) the list fits in a bitmap of 64 words of 16 bits, which is two 512-bit
//! registers (one when the candidate is at most 512). For the parts `a..a + 32` of a split of `m`:
//! - one load gives `G(a + j)` in lane `j`;
//! - one load and a lane reversal give `G(m - a - j)`;
//! - their XOR `x` is looked up in the bitmap: a word permutation fetches word `x >> 4`, and a
//!   shift by `x & 15` brings the value's bit to the top of its lane.
//!
//! The values of the lanes that hit are appended to a small list by a compress, without a branch;
//! after each run of parts (at most `PROOF_BLOCK_MAX`) they are taken off the bitmap in its
//! registers, a masked broadcast and an AND-NOT each (the bitmap stored and loaded again would
//! wait for its stores to reach memory). Until then a value found may be found again: the list
//! then holds it twice, which costs a store and no branch. (Taking a value off the registers at
//! once puts a branch and a chain of dependent instructions on every hit.)
//!
//! The blocks of parts and the order of the split digits are the scalar proof's (`Scan`), and so
//! are the work counted and the value, on every CPU. The tests run both.

use super::splits::{Scan, Splits};

/// The part from which a proof goes on here: the first blocks of parts (4, 8 and 16), where most
/// proofs of a game with short ones end (0.354), cost less in the scalar proof than setting up.
pub(super) const WIDE_FROM: usize = 29;

/// A to-do list of this many values or more goes on here from the first part: a long list makes a
/// long proof (Officers, about 57 values: 4.0 to 4.2 s against 4.4 to 5.9 s to 2^22).
pub(super) const WIDE_LIST: usize = 16;

/// The largest candidate proven here: its to-do values are below it, so they fit in 1024 bits.
pub(super) const MAX_CANDIDATE: u32 = 1024;

/// Evidence that the CPU has AVX-512 F, BW, VBMI2 and POPCNT: made only by [`Avx512::detect`].
#[cfg(all(feature = "std", target_arch = "x86_64"))]
#[derive(Debug, Clone, Copy)]
pub(super) struct Avx512(());

#[cfg(all(feature = "std", target_arch = "x86_64"))]
impl Avx512 {
    /// `Some` where the CPU has AVX-512 F, BW, VBMI2 and POPCNT.
    pub(super) fn detect() -> Option<Avx512> {
        (std::arch::is_x86_feature_detected!("avx512f")
            && std::arch::is_x86_feature_detected!("avx512bw")
            && std::arch::is_x86_feature_detected!("avx512vbmi2")
            && std::arch::is_x86_feature_detected!("popcnt"))
        .then_some(Avx512(()))
    }

    /// Sets bit `j` of `bits[w]` where `stamp[64 * w + j] == cur`, for `64 * bits.len()` stamps
    /// (at most all of them).
    pub(super) fn bits(self, stamp: &[u32; 1 << 16], cur: u32, bits: &mut [u64]) {
        // SAFETY: an `Avx512` is made only where the CPU has AVX-512 F, BW, VBMI2 and POPCNT.
        unsafe { avx512::bits(stamp, cur, bits) }
    }

    /// The proof (`View::prove`) for heap `n` with candidate `cand <= MAX_CANDIDATE` and to-do list
    /// `free` (increasing), from where `scan` stands: `cand` if every value of `free` is an option,
    /// else the smallest that is not.
    #[expect(clippy::too_many_arguments, reason = "the scalar proof's state, handed over as it stands")]
    pub(super) fn prove(
        self,
        splits: Splits<'_>,
        g: &[u16],
        n: usize,
        cand: u32,
        scan: Scan,
        free: &[u16],
        work: &mut u64,
    ) -> u32 {
        // SAFETY: an `Avx512` is made only where the CPU has AVX-512 F, BW, VBMI2 and POPCNT.
        unsafe { avx512::prove(splits, g, n, cand, scan, free, work) }
    }
}

/// Without `std` (no run-time detection) or off x86-64, there is no evidence.
#[cfg(not(all(feature = "std", target_arch = "x86_64")))]
#[derive(Debug, Clone, Copy)]
pub(super) enum Avx512 {}

#[cfg(not(all(feature = "std", target_arch = "x86_64")))]
impl Avx512 {
    pub(super) fn detect() -> Option<Avx512> {
        None
    }

    #[expect(clippy::too_many_arguments, reason = "the scalar proof's state, handed over as it stands")]
    pub(super) fn prove(self, _: Splits<'_>, _: &[u16], _: usize, _: u32, _: Scan, _: &[u16], _: &mut u64) -> u32 {
        match self {}
    }

    #[cfg_attr(not(feature = "std"), expect(dead_code, reason = "the pipeline's, which needs std"))]
    pub(super) fn bits(self, _: &[u32; 1 << 16], _: u32, _: &mut [u64]) {
        match self {}
    }
}

#[cfg(all(feature = "std", target_arch = "x86_64"))]
mod avx512 {
    use core::arch::x86_64::*;

    use super::super::PROOF_BLOCK_MAX;
    use super::{MAX_CANDIDATE, Scan, Splits};

    /// Lane `j` takes lane `31 - j`.
    const REVERSE: [u16; 32] = {
        let mut r = [0; 32];
        let mut j = 0;
        while j < 32 {
            r[j] = 31 - j as u16;
            j += 1;
        }
        r
    };

    /// [`Avx512::prove`](super::Avx512::prove).
    ///
    /// # Safety
    /// The CPU must have AVX-512 F, BW, VBMI2 and POPCNT.
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi2,popcnt")]
    pub(super) unsafe fn prove(
        splits: Splits<'_>,
        g: &[u16],
        n: usize,
        cand: u32,
        scan: Scan,
        free: &[u16],
        work: &mut u64,
    ) -> u32 {
        assert!(cand <= MAX_CANDIDATE && g.len() >= n);
        // SAFETY: the CPU has AVX-512 F, BW, VBMI2 and POPCNT (the caller's contract).
        unsafe {
            if cand <= HALF {
                scan_splits::<true>(splits, g, n, cand, scan, free, work)
            } else {
                scan_splits::<false>(splits, g, n, cand, scan, free, work)
            }
        }
    }

    /// Room for the values hit in a run of parts: one per part, and a whole register more.
    const HIT_ROOM: usize = PROOF_BLOCK_MAX + 32;

    /// [`Avx512::bits`](super::Avx512::bits).
    ///
    /// # Safety
    /// The CPU must have AVX-512 F.
    #[target_feature(enable = "avx512f")]
    pub(super) unsafe fn bits(stamp: &[u32; 1 << 16], cur: u32, bits: &mut [u64]) {
        assert!(64 * bits.len() <= stamp.len());
        let cur = _mm512_set1_epi32(cur as i32);
        for (w, word) in bits.iter_mut().enumerate() {
            *word = (0..4).fold(0, |acc, q| {
                // SAFETY: 16 stamps from 64 * w + 16 * q + 16 <= 64 * bits.len().
                let s = unsafe { _mm512_loadu_epi32(stamp.as_ptr().add(64 * w + 16 * q).cast()) };
                acc | u64::from(_mm512_cmpeq_epi32_mask(s, cur)) << (16 * q)
            });
        }
    }

    /// Candidates up to here have their to-do list in one register, the bitmap's lower half.
    const HALF: u32 = MAX_CANDIDATE / 2;

    /// [`prove`] with the bitmap in one register (`ONE`, for a candidate up to [`HALF`]) or two.
    ///
    /// # Safety
    /// The CPU must have AVX-512 F, BW, VBMI2 and POPCNT.
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi2,popcnt")]
    #[inline]
    unsafe fn scan_splits<const ONE: bool>(
        splits: Splits<'_>,
        g: &[u16],
        n: usize,
        cand: u32,
        mut scan: Scan,
        free: &[u16],
        work: &mut u64,
    ) -> u32 {
        // The list as bits, value `v` bit `v % 64` of word `v / 64` (the same bytes as bit `v % 16`
        // of `u16` word `v / 16`), each word stored once: `free` increases.
        let mut todo = [0u64; 16];
        let (mut word, mut bits) = (0, 0u64);
        for &v in free {
            let w = usize::from(v >> 6);
            if w != word {
                todo[word] = bits;
                (word, bits) = (w, 0);
            }
            bits |= 1 << (v & 63);
        }
        todo[word] = bits;
        // SAFETY: 32 `u16` from `REVERSE` and from each half of `todo`.
        let (reverse, mut low, mut high) = unsafe {
            (
                _mm512_loadu_epi16(REVERSE.as_ptr().cast()),
                _mm512_loadu_epi16(todo.as_ptr().cast()),
                _mm512_loadu_epi16(todo[8..].as_ptr().cast()),
            )
        };
        // Only values below the candidate are on the list: a lane at or above it is no hit (and
        // with one register, the word its index wraps around to is not its own).
        let (fifteen, limit) = (_mm512_set1_epi16(15), _mm512_set1_epi16(cand as i16));
        // The values hit in a run of parts, taken off the list after it (in the registers: the
        // list stored as `u16`s and loaded again as one vector would wait for every store).
        let mut hit = [0u16; HIT_ROOM];
        while (_mm512_test_epi16_mask(low, low) | _mm512_test_epi16_mask(high, high)) != 0
            && let Some((a, end)) = scan.next_block()
        {
            for (m, stop) in splits.of(n, a, end) {
                let (mut p, mut len) = (a, 0);
                while p < stop {
                    // The pairs (p + j, m - p - j) for j < k, with p + k - 1 <= top(n, i) <= m / 2.
                    let k = (stop - p).min(32);
                    let lanes = u32::MAX >> (32 - k);
                    // SAFETY: lane j < k reads g[p + j], with p + j < stop <= m / 2 + 1 <= n. Lane
                    // 31 - j (j < k) of the second load reads g[m - p - j], with
                    // m - p - j >= m - stop + 1 >= m / 2 >= 1 and m - p <= n - 1; the lanes masked
                    // off are not read, so the base may lie before `g` (hence `wrapping_sub`).
                    let (xs, ys) = unsafe {
                        (
                            _mm512_maskz_loadu_epi16(lanes, g.as_ptr().add(p).cast()),
                            _mm512_maskz_loadu_epi16(lanes << (32 - k), g.as_ptr().add(m - p).wrapping_sub(31).cast()),
                        )
                    };
                    let x = _mm512_xor_si512(xs, _mm512_permutexvar_epi16(reverse, ys));
                    let index = _mm512_srli_epi16::<4>(x);
                    let word = if ONE {
                        _mm512_permutexvar_epi16(index, low)
                    } else {
                        _mm512_permutex2var_epi16(low, index, high)
                    };
                    // Bit `x & 15` of the word to the top, then the tops as a mask.
                    let top = _mm512_movepi16_mask(_mm512_sllv_epi16(word, _mm512_andnot_si512(x, fifteen)));
                    let hits = top & _mm512_mask_cmplt_epu16_mask(lanes, x, limit);
                    // The hit lanes' values appended, without a branch: a run has at most
                    // `PROOF_BLOCK_MAX` parts, so `len + 32 <= HIT_ROOM`.
                    assert!(len + 32 <= HIT_ROOM);
                    // SAFETY: 32 `u16` into `hit[len..len + 32]`.
                    unsafe {
                        _mm512_storeu_epi16(hit.as_mut_ptr().add(len).cast(), _mm512_maskz_compress_epi16(hits, x))
                    };
                    len += hits.count_ones() as usize;
                    p += k;
                }
                *work += (stop - a) as u64;
                for &v in &hit[..len] {
                    // Bit `v % 16` of word `v / 16` (below 64: `v` is below the candidate).
                    let (word, bit) = (1u64 << (v >> 4), 1 << (v & 15));
                    low = _mm512_andnot_si512(_mm512_maskz_set1_epi16(word as u32, bit), low);
                    high = _mm512_andnot_si512(_mm512_maskz_set1_epi16((word >> 32) as u32, bit), high);
                }
            }
        }
        // SAFETY: 32 `u16` into each half of `todo`.
        unsafe {
            _mm512_storeu_epi16(todo.as_mut_ptr().cast(), low);
            _mm512_storeu_epi16(todo[8..].as_mut_ptr().cast(), high);
        }
        todo.iter().position(|&w| w != 0).map_or(cand, |w| 64 * w as u32 + todo[w].trailing_zeros())
    }
}
