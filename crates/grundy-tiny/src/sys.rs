//! The C library: the few functions the binary calls, declared here; the global allocator on
//! `malloc`; the panic handler; and safe wrappers (whole writes, reads, file status, errors as
//! text, exit).

use core::alloc::{GlobalAlloc, Layout};
use core::ffi::{CStr, c_char, c_int, c_void};

#[link(name = "c")]
unsafe extern "C" {
    fn read(fd: c_int, buf: *mut c_void, count: usize) -> isize;
    fn write(fd: c_int, buf: *const c_void, count: usize) -> isize;
    fn open(path: *const c_char, flags: c_int, ...) -> c_int;
    fn malloc(size: usize) -> *mut c_void;
    fn calloc(count: usize, size: usize) -> *mut c_void;
    fn realloc(ptr: *mut c_void, size: usize) -> *mut c_void;
    fn free(ptr: *mut c_void);
    fn posix_memalign(out: *mut *mut c_void, align: usize, size: usize) -> c_int;
    fn fstat(fd: c_int, status: *mut Stat) -> c_int;
    fn lseek(fd: c_int, offset: i64, whence: c_int) -> i64;
    fn pread(fd: c_int, buf: *mut c_void, count: usize, offset: i64) -> isize;
    fn pthread_create(
        thread: *mut u64,
        attr: *const c_void,
        start: extern "C" fn(*mut c_void) -> *mut c_void,
        arg: *mut c_void,
    ) -> c_int;
    fn pthread_join(thread: u64, result: *mut *mut c_void) -> c_int;
    safe fn _exit(code: c_int) -> !;
    safe fn __errno_location() -> *mut c_int;
    safe fn strerror(errnum: c_int) -> *const c_char;
    safe fn isatty(fd: c_int) -> c_int;
    fn strcmp(a: *const c_char, b: *const c_char) -> c_int;
    safe fn signal(signum: c_int, handler: usize) -> usize;
}

/// Interrupted by a signal: the call is made again.
const EINTR: c_int = 4;
/// The descriptor is not open.
pub const EBADF: c_int = 9;
/// The reader of a pipe has gone.
pub const EPIPE: c_int = 32;
const SIGPIPE: c_int = 13;
const SIG_IGN: usize = 1;
const O_RDONLY_CLOEXEC: c_int = 0o2000000;
const SEEK_CUR: c_int = 1;
const S_IFMT: u32 = 0o170000;
const S_IFDIR: u32 = 0o040000;
const S_IFREG: u32 = 0o100000;

/// Standard input, output and error.
pub const STDIN: c_int = 0;
pub const STDOUT: c_int = 1;
pub const STDERR: c_int = 2;

/// `struct stat` of x86-64 Linux.
#[cfg(target_arch = "x86_64")]
#[repr(C)]
struct Stat {
    dev: u64,
    ino: u64,
    nlink: u64,
    mode: u32,
    uid: u32,
    gid: u32,
    pad0: i32,
    rdev: u64,
    size: i64,
    blksize: i64,
    blocks: i64,
    atime: [i64; 2],
    mtime: [i64; 2],
    ctime: [i64; 2],
    unused: [i64; 3],
}

/// `struct stat` of the generic Linux layout (aarch64, riscv64).
#[cfg(not(target_arch = "x86_64"))]
#[repr(C)]
struct Stat {
    dev: u64,
    ino: u64,
    mode: u32,
    nlink: u32,
    uid: u32,
    gid: u32,
    rdev: u64,
    pad1: u64,
    size: i64,
    blksize: i32,
    pad2: i32,
    blocks: i64,
    atime: [i64; 2],
    mtime: [i64; 2],
    ctime: [i64; 2],
    unused: [u32; 2],
}

/// What the judge needs to know of an open file.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Status {
    pub directory: bool,
    pub regular: bool,
    pub size: u64,
    /// Seconds and nanoseconds.
    pub modified: [i64; 2],
}

/// The status of `fd`, or the `errno` of the failure.
pub fn status(fd: c_int) -> Result<Status, c_int> {
    let mut st = core::mem::MaybeUninit::<Stat>::zeroed();
    // SAFETY: `st` is a `struct stat` of this target's layout, which `fstat` fills.
    if unsafe { fstat(fd, st.as_mut_ptr()) } != 0 {
        return Err(errno());
    }
    // SAFETY: zeroed, then filled by `fstat`: every field is an integer, any bits are valid.
    let st = unsafe { st.assume_init() };
    let kind = st.mode & S_IFMT;
    Ok(Status { directory: kind == S_IFDIR, regular: kind == S_IFREG, size: st.size as u64, modified: st.mtime })
}

/// The read offset of `fd` (0 when it has none, a pipe say).
pub fn offset(fd: c_int) -> u64 {
    // SAFETY: `lseek` takes plain integers; asking the offset changes nothing.
    let at = unsafe { lseek(fd, 0, SEEK_CUR) };
    at.max(0) as u64
}

/// Opens `path` for reading: the descriptor, or the `errno` of the failure.
pub fn open_read(path: &CStr) -> Result<c_int, c_int> {
    // SAFETY: `path` is a NUL-terminated string that outlives the call.
    let fd = unsafe { open(path.as_ptr(), O_RDONLY_CLOEXEC) };
    if fd < 0 { Err(errno()) } else { Ok(fd) }
}

/// Reads into `buf`, from the file offset `at` if given (leaving the descriptor's own offset
/// alone), else from where the descriptor is: the number of bytes (0 at the end), or the `errno`
/// of the failure.
pub fn read_into(fd: c_int, buf: &mut [u8], at: Option<u64>) -> Result<usize, c_int> {
    loop {
        let (ptr, len) = (buf.as_mut_ptr().cast(), buf.len());
        // SAFETY: `buf` is writable for its length.
        let n = unsafe {
            match at {
                Some(at) => pread(fd, ptr, len, at as i64),
                None => read(fd, ptr, len),
            }
        };
        if n >= 0 {
            return Ok(n as usize);
        }
        match errno() {
            EINTR => continue,
            e => return Err(e),
        }
    }
}

/// Writes all of `bytes`, through short writes and interruptions; `Err(errno)` on a failure.
pub fn write_all(fd: c_int, mut bytes: &[u8]) -> Result<(), c_int> {
    while !bytes.is_empty() {
        // SAFETY: `bytes` is readable for its length.
        let n = unsafe { write(fd, bytes.as_ptr().cast(), bytes.len()) };
        if n < 0 {
            match errno() {
                EINTR => continue,
                e => return Err(e),
            }
        }
        bytes = &bytes[n as usize..];
    }
    Ok(())
}

/// Starts a thread running `run(arg)`; `None` when none can be had.
///
/// # Safety
///
/// `arg` must stay valid for what `run` does with it until [`join`] has returned for the thread.
pub unsafe fn spawn(run: extern "C" fn(*mut c_void) -> *mut c_void, arg: *mut c_void) -> Option<u64> {
    let mut thread = 0;
    // SAFETY: default attributes; `arg` is the caller's to keep valid.
    (unsafe { pthread_create(&mut thread, core::ptr::null(), run, arg) } == 0).then_some(thread)
}

/// Waits for a thread [`spawn`] started to end.
pub fn join(thread: u64) {
    // SAFETY: a thread started by `spawn` and joined once; its result is not asked for.
    unsafe { pthread_join(thread, core::ptr::null_mut()) };
}

/// Whether `a` and `b` are the same string (one call, where comparing slices is inlined).
pub fn same(a: &CStr, b: &CStr) -> bool {
    // SAFETY: both are NUL-terminated strings.
    unsafe { strcmp(a.as_ptr(), b.as_ptr()) == 0 }
}

/// Whether `fd` is a terminal.
pub fn is_terminal(fd: c_int) -> bool {
    isatty(fd) == 1
}

/// Writes to a closed pipe fail with `EPIPE` instead of ending the process by `SIGPIPE`.
pub fn ignore_sigpipe() {
    signal(SIGPIPE, SIG_IGN);
}

/// The `errno` of the last failed call.
fn errno() -> c_int {
    // SAFETY: the C library's pointer to this thread's `errno`, valid while the thread runs.
    unsafe { *__errno_location() }
}

/// The C library's text for `errno`, as the Rust standard library shows it (`strerror`).
pub fn error_text(errnum: c_int) -> &'static [u8] {
    let text = strerror(errnum);
    // SAFETY: `strerror` returns a NUL-terminated string, valid until the next call; the text is
    // used at once. (A read error in the second thread of `halves.rs` calls it too, for a message
    // never shown; for the codes `read` gives, glibc returns its constant texts.)
    unsafe { CStr::from_ptr(text) }.to_bytes()
}

/// Ends the process at once with `code` (nothing is buffered by the C library here).
pub fn exit(code: c_int) -> ! {
    _exit(code)
}

/// The C library's allocator; alignments above 16 by `posix_memalign`.
struct Malloc;

/// What `malloc` guarantees on 64-bit Linux.
const MALLOC_ALIGN: usize = 16;

// SAFETY: every block comes from the C allocator with at least the layout's alignment, and is
// freed by it; a reallocation of an over-aligned block copies into a fresh aligned one.
unsafe impl GlobalAlloc for Malloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if layout.align() <= MALLOC_ALIGN {
            // SAFETY: any size may be asked of `malloc`.
            return unsafe { malloc(layout.size()) }.cast();
        }
        let mut ptr = core::ptr::null_mut();
        // SAFETY: the alignment is a power of two and a multiple of the pointer size.
        match unsafe { posix_memalign(&mut ptr, layout.align(), layout.size()) } {
            0 => ptr.cast(),
            _ => core::ptr::null_mut(),
        }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if layout.align() <= MALLOC_ALIGN {
            // SAFETY: any size may be asked of `calloc`.
            return unsafe { calloc(1, layout.size()) }.cast();
        }
        // SAFETY: the caller's contract for `alloc_zeroed` is `alloc`'s.
        let ptr = unsafe { self.alloc(layout) };
        if !ptr.is_null() {
            // SAFETY: the block is `layout.size()` bytes, writable.
            unsafe { ptr.write_bytes(0, layout.size()) };
        }
        ptr
    }

    unsafe fn dealloc(&self, ptr: *mut u8, _layout: Layout) {
        // SAFETY: `ptr` came from `malloc`, `calloc`, `realloc` or `posix_memalign`.
        unsafe { free(ptr.cast()) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if layout.align() <= MALLOC_ALIGN {
            // SAFETY: `ptr` came from this allocator's `malloc` side, with the same alignment.
            return unsafe { realloc(ptr.cast(), new_size) }.cast();
        }
        // SAFETY: the new layout is valid (the caller's contract) and `ptr` holds
        // `layout.size()` bytes, of which the smaller size is copied before it is freed.
        unsafe {
            let new = self.alloc(Layout::from_size_align_unchecked(new_size, layout.align()));
            if !new.is_null() {
                core::ptr::copy_nonoverlapping(ptr, new, layout.size().min(new_size));
                self.dealloc(ptr, layout);
            }
            new
        }
    }
}

#[global_allocator]
static ALLOCATOR: Malloc = Malloc;

/// A panic is a bug: a fixed message and exit code 101, as a Rust program's panic. The panic's
/// own message is not formatted (that would bring in the formatting machinery). Only without
/// the standard library, whose handler serves where it is linked.
#[cfg(all(panic = "abort", not(std_linked)))]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    let _ = write_all(STDERR, b"grundy-tiny: internal error (a bug): panicked\n");
    _exit(101)
}

// The precompiled `core` and `alloc` are built to unwind, so their code names the unwinder's
// personality routine and `_Unwind_Resume`. Nothing unwinds here (a panic ends the process in
// the handler above): these only satisfy the linker.

/// Never called: no frame unwinds.
#[cfg(all(panic = "abort", not(std_linked)))]
#[unsafe(no_mangle)]
extern "C" fn rust_eh_personality() {}

/// Never called: no frame unwinds.
#[cfg(all(panic = "abort", not(std_linked)))]
#[unsafe(no_mangle)]
extern "C" fn _Unwind_Resume() -> ! {
    _exit(101)
}
