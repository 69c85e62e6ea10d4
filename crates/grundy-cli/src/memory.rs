//! The bytes this process has allocated in blocks of 1 KiB or more, counted by its global
//! allocator (with the `script` feature: a script's memory is bounded by it, see
//! `grundy::rules::script::ScriptLimits`). Smaller blocks are not counted: a script's many small
//! arrays would make every allocation touch one shared counter, which two threads then fight
//! over; what they can add up to is bounded by a call's operations, and freed when it returns.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The bytes allocated in blocks of [`COUNTED`] or more and not freed.
pub static ALLOCATED: AtomicUsize = AtomicUsize::new(0);

/// The smallest block counted.
const COUNTED: usize = 1024;

/// The bytes a block of `size` counts for.
fn counted(size: usize) -> usize {
    if size >= COUNTED { size } else { 0 }
}

/// The system allocator, counting.
struct Counting;

// SAFETY: every call is passed to the system allocator unchanged; only a counter is kept.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // Counted before the allocation succeeds: a failed one ends the process anyway.
        if layout.size() >= COUNTED {
            ALLOCATED.fetch_add(layout.size(), Ordering::Relaxed);
        }
        // SAFETY: the caller's contract is `System.alloc`'s.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if layout.size() >= COUNTED {
            ALLOCATED.fetch_add(layout.size(), Ordering::Relaxed);
        }
        // SAFETY: the caller's contract is `System.alloc_zeroed`'s (calloc's zero pages stay lazy).
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        if layout.size() >= COUNTED {
            ALLOCATED.fetch_sub(layout.size(), Ordering::Relaxed);
        }
        // SAFETY: the caller's contract is `System.dealloc`'s.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller's contract is `System.realloc`'s.
        let moved = unsafe { System.realloc(ptr, layout, new_size) };
        let (new, old) = (counted(new_size), counted(layout.size()));
        if !moved.is_null() && new != old {
            ALLOCATED.fetch_add(new, Ordering::Relaxed);
            ALLOCATED.fetch_sub(old, Ordering::Relaxed);
        }
        moved
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;
