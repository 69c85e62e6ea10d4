//! The random boards of the Mine examples: distinct mine cells drawn uniformly (xorshift64), a
//! density of `d`% being `d / 100 * side * side` mines, board `b` of a density always the same.

use grundy::mine::Board;

/// Board `b` of `side x side` cells at `d`% mines.
pub fn random_board(side: u64, d: f64, b: u64) -> Board {
    let mut x = 0x9E37_79B9_7F4A_7C15u64 ^ ((d * 1000.0) as u64).wrapping_mul(0x1234_5678_9ABC_DEF1) ^ b << 40 | 1;
    let count = (d / 100.0 * (side * side) as f64) as u64;
    let mut board = Board::new(side, side).unwrap();
    let mut placed = 0;
    while placed < count {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let cell = x % (side * side);
        if !board.is_mine(cell / side, cell % side) {
            board.place_mine(cell / side, cell % side).unwrap();
            placed += 1;
        }
    }
    board
}
