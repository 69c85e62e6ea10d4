//! The solver's sorts. Every key it sorts by is total (ties are equal elements), so any correct
//! sort gives the same result, and the choice is one of speed against code size:
//!
//! - with the `std` feature, the standard library's unstable sort (fast on long slices: a board
//!   can share hundreds of thousands of numbers);
//! - without it, an insertion sort for short slices and a heapsort beyond: a few hundred bytes
//!   per element type, against about 2.5 KB for the standard sort. The solver sorts nine types,
//!   and the standard sorts would be a third of `grundy-tiny`.

/// Sorts `v` in increasing order.
#[inline]
pub(super) fn sort<T: Ord>(v: &mut [T]) {
    #[cfg(feature = "std")]
    v.sort_unstable();
    #[cfg(not(feature = "std"))]
    small_sort_by(v, |a, b| a < b);
}

/// Sorts `v` by increasing `key`, which must tell apart any two elements that differ.
#[inline]
pub(super) fn sort_by_key<T, K: Ord>(v: &mut [T], key: impl FnMut(&T) -> K) {
    #[cfg(feature = "std")]
    v.sort_unstable_by_key(key);
    #[cfg(not(feature = "std"))]
    {
        let mut key = key;
        small_sort_by(v, |a, b| key(a) < key(b));
    }
}

/// Insertion sort up to 16 elements, heapsort beyond (`O(n log n)`, in place).
#[cfg_attr(feature = "std", allow(dead_code))] // Tested with the standard sort too.
fn small_sort_by<T>(v: &mut [T], mut less: impl FnMut(&T, &T) -> bool) {
    let n = v.len();
    if n <= 16 {
        for i in 1..n {
            let mut j = i;
            while j > 0 && less(&v[j], &v[j - 1]) {
                v.swap(j, j - 1);
                j -= 1;
            }
        }
        return;
    }
    // Moves `v[node]` down the max-heap `v[..end]`.
    let mut sift_down = |v: &mut [T], mut node: usize, end: usize| loop {
        let mut child = 2 * node + 1;
        if child >= end {
            break;
        }
        if child + 1 < end && less(&v[child], &v[child + 1]) {
            child += 1;
        }
        if !less(&v[node], &v[child]) {
            break;
        }
        v.swap(node, child);
        node = child;
    };
    for node in (0..n / 2).rev() {
        sift_down(v, node, n);
    }
    for end in (1..n).rev() {
        v.swap(0, end);
        sift_down(v, 0, end);
    }
}

#[cfg(test)]
mod tests {
    use super::small_sort_by;
    use alloc::vec::Vec;
    use grundy_test_support::Rng;

    #[test]
    fn small_sort_equals_the_standard_sort() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        for len in (0..40).chain([100, 1000, 4097]) {
            for range in [3u64, 1 << 40] {
                let v: Vec<u64> = (0..len).map(|_| rng.below(range)).collect();
                let (mut ours, mut std) = (v.clone(), v);
                small_sort_by(&mut ours, |a, b| a < b);
                std.sort_unstable();
                assert_eq!(ours, std, "{len} values below {range}");
            }
        }
    }
}
