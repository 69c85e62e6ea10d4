//! A multiply-rotate hasher (FxHash) for the search memos: their keys are plain bit sets and
//! canonical codes, not attacker-chosen strings.

use core::hash::{BuildHasherDefault, Hasher};
use hashbrown::HashMap;

#[derive(Default)]
pub(super) struct FxHasher(u64);

impl Hasher for FxHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            self.write_u64(u64::from_le_bytes(chunk.try_into().expect("8 bytes")));
        }
        for &b in chunks.remainder() {
            self.write_u64(u64::from(b));
        }
    }

    #[inline]
    fn write_u32(&mut self, x: u32) {
        self.write_u64(u64::from(x));
    }

    #[inline]
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

/// A hash map keyed by [`FxHasher`].
pub(super) type FxMap<K, V> = HashMap<K, V, BuildHasherDefault<FxHasher>>;
