//! The one random generator of the tests and benchmarks.

/// SplitMix64 (Steele, Lea and Flood, 2014): a 64-bit state advanced by the golden-ratio
/// constant, each output a mix of the state. Every seed, 0 included, starts a stream of period
/// 2^64; the same seed gives the same stream, so a random test is reproduced from its seed.
#[derive(Debug, Clone)]
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    #[expect(clippy::should_implement_trait, reason = "an endless stream: the bits, not an `Option`")]
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (the high half of `next() * n`), for `n >= 1`.
    pub fn below(&mut self, n: u64) -> u64 {
        assert!(n > 0, "no number is below 0");
        ((u128::from(self.next()) * u128::from(n)) >> 64) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::Rng;

    /// The first outputs of seed 0 in the reference implementation (`splitmix64.c`, Vigna).
    #[test]
    fn the_stream_of_seed_0_is_the_reference() {
        let mut rng = Rng(0);
        assert_eq!(
            [rng.next(), rng.next(), rng.next()],
            [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F]
        );
    }

    #[test]
    fn below_stays_below_and_reaches_both_ends() {
        let mut rng = Rng(7);
        let draws: Vec<u64> = (0..1000).map(|_| rng.below(10)).collect();
        assert!(draws.iter().all(|&d| d < 10));
        assert!(draws.contains(&0) && draws.contains(&9));
        assert_eq!(Rng(1).below(1), 0);
    }
}
