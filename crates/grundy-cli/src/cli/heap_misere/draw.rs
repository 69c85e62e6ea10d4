//! `grundy draw --heap SPEC --misere`: `Φ`, the heaps' images in the misère quotient (the scene
//! is the library's, `grundy::heap_misere::picture`).

use grundy_core::heap::HeapGame;

use super::{compute, interrupted};
use crate::cli::draw::{self, TableArgs};
use crate::cli::exit::Failure;
use crate::cli::heap::HeapArgs;

/// Draws the images of `game`'s heaps: the picture is written even without a proven period (the
/// heaps computed), as `draw --heap` does.
pub fn draw(table: &TableArgs, game: &HeapGame, args: &HeapArgs) -> Result<(), Failure> {
    if table.no_overlay {
        return Err(Failure::invalid("--no-overlay is for a leaper's table, not --heap"));
    }
    let target = table.target()?;
    grundy::heap::check_picture(table.size).map_err(draw::refused)?;
    let (analysis, _) = compute(game, args, &table.quotient);
    interrupted(&analysis)?;
    let picture = grundy::heap_misere::picture(&analysis, table.size, table.scale).map_err(draw::refused)?;
    draw::write(&target, &picture)
}
