//! The parse floor: a plain scalar pass that sums every unsigned integer in the bytes.

/// Wrapping sum of every maximal run of ASCII digits.
pub fn sum_integers(bytes: &[u8]) -> u64 {
    let mut sum = Sum::default();
    sum.feed(bytes);
    sum.finish()
}

/// The same sum over bytes that come in pieces: a number may straddle two pieces.
#[derive(Default)]
pub struct Sum {
    sum: u64,
    /// The number being read, if the bytes so far end inside one.
    value: u64,
    in_number: bool,
}

impl Sum {
    /// Adds the numbers of `bytes`, the next piece.
    pub fn feed(&mut self, bytes: &[u8]) {
        let (mut sum, mut value, mut in_number) = (self.sum, self.value, self.in_number);
        for &b in bytes {
            let digit = b.wrapping_sub(b'0');
            if digit <= 9 {
                value = value.wrapping_mul(10).wrapping_add(u64::from(digit));
                in_number = true;
            } else if in_number {
                sum = sum.wrapping_add(value);
                value = 0;
                in_number = false;
            }
        }
        (self.sum, self.value, self.in_number) = (sum, value, in_number);
    }

    /// The sum, the last number included.
    pub fn finish(&self) -> u64 {
        self.sum.wrapping_add(self.value)
    }
}
