//! Heap sessions (`grundy::heap::session`): a checkpoint read back is the search written, a
//! stopped run resumed ends as a run never stopped, values on demand are the game's, the
//! verification of a blob's heap table refuses damage, and the limits have one set of defaults.

use std::cell::Cell;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use grundy::heap::HeapLookup;
use grundy::heap::session::{
    Checkpoints, FIRST_ROOM, OnDemand, OnDemandError, PeriodError, Replace, Saved, Session, SessionError,
    SessionLimits, WORK_PER_HEAP, Watch, verify_period,
};
use grundy::judge::JudgeError;
use grundy_core::heap::{HeapControl, HeapGame, HeapLimits, HeapProgress, HeapStatus, StopReason, checkpoint, table};

use crate::common::{KAYLES, OFFICERS, octal, subtraction};
use crate::run::TempFile;

fn game(text: &str) -> HeapGame {
    HeapGame::parse(text).unwrap()
}

/// A session of `text` computing at most `max_heap` values, on one thread.
fn session(text: &str, max_heap: u64) -> Session {
    Session::new(game(text), SessionLimits { max_heap: Some(max_heap), threads: Some(1), ..SessionLimits::default() })
}

/// Interrupts a run once it has computed `at` values or more.
struct StopAt {
    at: u64,
    starts: u32,
}

impl Watch for StopAt {
    fn start(&mut self, _: &HeapGame, _: u64) {
        self.starts += 1;
    }

    fn progress(&mut self, p: &HeapProgress) -> HeapControl {
        if p.computed >= self.at { HeapControl::Interrupt } else { HeapControl::Continue }
    }
}

/// Writes a checkpoint straight into `path`, counting the writes.
fn into_file(path: &Path, writes: Rc<Cell<u32>>) -> Replace {
    let path = path.to_path_buf();
    Box::new(move |write| {
        writes.set(writes.get() + 1);
        let mut file = std::fs::File::create(&path)?;
        write(&mut file)
    })
}

fn checkpoint_path(dir: &TempFile, name: &str) -> PathBuf {
    dir.dir.join(name)
}

/// Officers (no period within these bounds): stopped after a few thousand values, checkpointed,
/// then resumed, the run ends with the values and the evidence of a run never stopped, and
/// those values are the game's.
#[test]
fn a_stopped_run_resumed_is_the_run_never_stopped() {
    let s = session("0.6", 20_000);
    let limits = s.limits().search(s.game(), None);
    let whole = s.compute(limits, None, None, &mut ()).unwrap();
    assert!(whole.saved.is_none());
    assert_eq!(whole.analysis.values().iter().map(|&v| u32::from(v)).collect::<Vec<_>>(), octal(OFFICERS, 20_000));

    let dir = TempFile::new(b"");
    let path = checkpoint_path(&dir, "officers.ck");
    let writes = Rc::new(Cell::new(0));
    let mut saves = Checkpoints::open(&path, None, false, into_file(&path, writes.clone())).unwrap();
    let mut watch = StopAt { at: 3000, starts: 0 };
    let stopped = s.compute(limits, None, Some(&mut saves), &mut watch).unwrap();
    assert_eq!(watch.starts, 1);
    let computed = stopped.interrupted().expect("interrupted");
    assert!((3000..20_000).contains(&computed), "{computed}");
    assert!(matches!(stopped.saved, Some(Ok(Saved::Written(n))) if n == computed), "{:?}", stopped.saved);
    assert_eq!(writes.get(), 1);

    // The file holds the search as it stood.
    let read = checkpoint::decode(&std::fs::read(&path).unwrap(), s.game()).unwrap();
    assert_eq!(read.values(), stopped.analysis.values());
    assert_eq!(read.step(), stopped.analysis.step());

    let resumed = s.compute(limits, Some(&path), None, &mut ()).unwrap();
    assert_eq!(resumed.new_values, 20_000 - computed);
    assert_eq!(resumed.analysis.values(), whole.analysis.values());
    assert_eq!(resumed.analysis.status, whole.analysis.status);
}

/// A proven period writes nothing at the end; a checkpoint file that exists (and is not the one
/// resumed), or is not a regular file, is refused before any work; one of another game, or
/// damaged, is refused on resume.
#[test]
fn checkpoints_refuse_what_they_must() {
    let dir = TempFile::new(b"not a checkpoint");
    let kayles = session("0.77", 1 << 14);
    let limits = kayles.limits().search(kayles.game(), None);
    let path = checkpoint_path(&dir, "kayles.ck");
    let writes = Rc::new(Cell::new(0));
    let mut saves = Checkpoints::open(&path, None, false, into_file(&path, writes.clone())).unwrap();
    let run = kayles.compute(limits, None, Some(&mut saves), &mut ()).unwrap();
    assert!(run.analysis.period().is_some());
    assert!(matches!(run.saved, Some(Ok(Saved::Proven(None)))), "{:?}", run.saved);
    assert_eq!(writes.get(), 0);

    let exists = Checkpoints::open(&dir.path, None, false, into_file(&dir.path, writes.clone())).unwrap_err();
    assert!(matches!(exists, SessionError::CheckpointExists { appeared: false, .. }), "{exists}");
    assert!(Checkpoints::open(&dir.path, None, true, into_file(&dir.path, writes.clone())).is_ok());
    let directory = Checkpoints::open(&dir.dir, None, true, into_file(&dir.dir, writes.clone())).unwrap_err();
    assert!(matches!(directory, SessionError::CheckpointNotRegular { .. }), "{directory}");

    // Officers' checkpoint resumed as Kayles, and damaged.
    let officers = session("0.6", 5000);
    let ck = checkpoint_path(&dir, "officers.ck");
    let mut saves = Checkpoints::open(&ck, None, false, into_file(&ck, writes.clone())).unwrap();
    let run = officers.compute(officers.limits().search(officers.game(), None), None, Some(&mut saves), &mut ());
    assert!(matches!(run.unwrap().saved, Some(Ok(Saved::Written(5000)))));
    let mut limits = kayles.limits().search(kayles.game(), None);
    let other = kayles.resume(&ck, &mut limits, &mut ()).unwrap_err();
    assert!(other.to_string().contains("a checkpoint of game 0.6, not of 0.77"), "{other}");
    let mut bytes = std::fs::read(&ck).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&ck, &bytes).unwrap();
    let mut limits = officers.limits().search(officers.game(), None);
    let damaged = officers.resume(&ck, &mut limits, &mut ()).unwrap_err();
    assert!(matches!(damaged, SessionError::ResumeRefused { .. }), "{damaged}");
    // More values than the session may compute.
    let longer = session("0.6", 6000);
    std::fs::remove_file(&ck).unwrap();
    let mut saves = Checkpoints::open(&ck, None, false, into_file(&ck, writes.clone())).unwrap();
    longer.compute(longer.limits().search(longer.game(), None), None, Some(&mut saves), &mut ()).unwrap();
    let long = officers.resume(&ck, &mut limits, &mut ()).unwrap_err();
    assert!(matches!(long, SessionError::ResumeTooLong { have: 6000, max_heap: 5000, .. }), "{long}");
}

/// Records the room a values' file takes before the search starts.
#[derive(Default)]
struct Room(Vec<u64>);

impl Watch for Room {
    fn values_file(&mut self, _: &Path, bytes: u64) {
        // Checked here: the room of a large `max_heap` would take long to write.
        assert!(bytes <= 1 << 20, "{bytes} bytes of room written before the search");
        self.0.push(bytes);
    }
}

/// The bytes of the files this process holds open in `dir` (Linux: through `/proc`).
#[cfg(target_os = "linux")]
fn open_files_in(dir: &Path) -> Vec<u64> {
    let fds = std::fs::read_dir("/proc/self/fd").unwrap().flatten();
    let in_dir = fds.filter(|fd| std::fs::read_link(fd.path()).is_ok_and(|target| target.starts_with(dir)));
    in_dir.filter_map(|fd| std::fs::metadata(fd.path()).ok()).map(|m| m.len()).collect()
}

/// A values' file grows as the search goes: Kayles, proven after 1,024 values, with 2^30 values
/// allowed, takes the file's first room (`FIRST_ROOM` values, two bytes each), not two bytes per
/// value of `max_heap`; and so does a search resumed into a file.
#[test]
fn a_values_file_grows_as_the_search_goes() {
    let dir = TempFile::new(b"");
    let limits = SessionLimits {
        max_heap: Some(1 << 30),
        threads: Some(1),
        values_dir: Some(dir.dir.clone()),
        ..Default::default()
    };
    let kayles = Session::new(game("0.77"), limits.clone());
    let mut room = Room::default();
    let run = kayles.compute(kayles.limits().search(kayles.game(), None), None, None, &mut room).unwrap();
    assert!(run.analysis.period().is_some(), "{}", run.analysis);
    assert_eq!(room.0, [2 * FIRST_ROOM as u64]);
    #[cfg(target_os = "linux")]
    assert_eq!(open_files_in(&dir.dir), [2 * FIRST_ROOM as u64], "the values' file, while the analysis holds it");
    drop(run);

    // Officers resumed from G(0..5000) into a file, within the same 2^30 values.
    let ck = checkpoint_path(&dir, "officers.ck");
    let officers = session("0.6", 5000);
    let mut saves = Checkpoints::open(&ck, None, false, into_file(&ck, Rc::new(Cell::new(0)))).unwrap();
    officers.compute(officers.limits().search(officers.game(), None), None, Some(&mut saves), &mut ()).unwrap();
    let officers = Session::new(game("0.6"), limits);
    let mut search_limits = officers.limits().search(officers.game(), None);
    let mut room = Room::default();
    let search = officers.resume(&ck, &mut search_limits, &mut room).unwrap();
    assert_eq!(search.values(), &octal(OFFICERS, 5000).iter().map(|&v| v as u16).collect::<Vec<_>>()[..]);
    assert_eq!(room.0, [2 * FIRST_ROOM as u64]);
    #[cfg(target_os = "linux")]
    assert_eq!(open_files_in(&dir.dir), [2 * FIRST_ROOM as u64]);
}

/// A time bound stops a run as the session's `max_time` says, counting what was spent before.
#[test]
fn the_time_bound_counts_what_was_spent() {
    let s = Session::new(
        game("0.6"),
        SessionLimits { max_time: Some(std::time::Duration::from_secs(5)), threads: Some(1), ..Default::default() },
    );
    let limits = s.limits().search(s.game(), None);
    let run =
        s.run(grundy_core::heap::HeapSearch::new(s.game()), &limits, std::time::Duration::from_secs(6), None, &mut ());
    let HeapStatus::NotFound(e) = &run.analysis.status else { panic!("{}", run.analysis) };
    assert!(matches!(e.stopped, StopReason::TimeLimit { .. }), "{:?}", e.stopped);
}

/// Values on demand are the game's, computed no further than a quarter past the heaps asked
/// for; a heap past `max_heap` of a game no theorem covers is refused with its own error.
#[test]
fn values_on_demand_are_the_games() {
    let oracle = octal(OFFICERS, 4000);
    let mut values = OnDemand::new(session("0.6", 4000), ());
    for (case, heap) in [(1, 10), (2, 700), (3, 699), (4, 2500), (5, 3999)] {
        values.reach(case, heap).unwrap();
        for h in [0, heap / 2, heap] {
            assert_eq!(values.value(h), Ok(oracle[h as usize]), "G({h})");
        }
    }
    assert!(values.take_error().is_none());
    // Officers' search to max_heap found no period: the values end there.
    assert!(values.unproven().is_some());
    assert!(values.value(4000).is_err());

    let mut subtraction_game = OnDemand::new(session("{1,3,4}", 1 << 16), ());
    subtraction_game.reach(1, 1 << 40).unwrap();
    let oracle = subtraction(&[1, 3, 4], 64);
    assert!(subtraction_game.period().is_some());
    assert_eq!(subtraction_game.value((1 << 40) + 5), Ok(oracle[((1u64 << 40) + 5) as usize % 7]));
    assert!(subtraction_game.unproven().is_none());

    // Grundy's game: once G(0..50) is all there will be, a larger heap has no value; asked for
    // first, it is refused at once, with nothing computed.
    let mut grundys = OnDemand::new(session("grundy", 50), ());
    grundys.reach(1, 49).unwrap();
    grundys.reach(2, 50).unwrap();
    assert!(grundys.value(50).is_err() && grundys.unproven().is_some());
    let mut grundys = OnDemand::new(session("grundy", 50), ());
    let refused = grundys.reach(2, 50).unwrap_err();
    assert!(matches!(refused, JudgeError::Refused { case: 2, .. }), "{refused}");
    let error = grundys.take_error();
    assert!(matches!(error, Some(OnDemandError::Unprovable { case: 2, heap: 50, max_heap: 50, .. })), "{error:?}");

    // An interrupt stops the values with its own error.
    let mut stopped = OnDemand::new(session("0.6", 20_000), StopAt { at: 3000, starts: 0 });
    assert!(stopped.reach(1, 19_999).is_err());
    assert!(matches!(stopped.take_error(), Some(OnDemandError::Interrupted { .. })));
}

/// A blob's heap table: its period re-proven; a stored value changed, or a period one too
/// small, is refused.
#[test]
fn verification_refuses_a_damaged_table() {
    let s = session("0.77", 1 << 14);
    let analysis = s.compute(s.limits().search(s.game(), None), None, None, &mut ()).unwrap().analysis;
    let payload = table::encode(&analysis).unwrap();
    let proven = verify_period(&table::decode(&payload).unwrap()).unwrap();
    let p = analysis.period().unwrap();
    assert_eq!(proven.period, p);
    assert_eq!(p.period, 12);
    assert!(proven.checked >= p.span());
    let stored = table::decode(&payload).unwrap();
    let oracle = octal(KAYLES, stored.stored() as usize);
    assert_eq!(stored.values().map(u32::from).collect::<Vec<_>>(), oracle);

    // G(5) changed (its two bytes sit after the 20 fixed bytes and the game's text).
    let mut changed = payload.clone();
    let at = 20 + "0.77".len() + 2 * 5;
    changed[at] ^= 1;
    let e = verify_period(&table::decode(&changed).unwrap()).unwrap_err();
    assert!(matches!(e, PeriodError::WrongValue { heap: 5, .. }), "{e}");

    // The period claimed one shorter, the values cut to match: the checker refuses it.
    let mut shorter = payload[..payload.len() - 2].to_vec();
    shorter[..8].copy_from_slice(&(p.period - 1).to_le_bytes());
    let e = verify_period(&table::decode(&shorter).unwrap()).unwrap_err();
    assert!(matches!(e, PeriodError::Refuted { .. }), "{e}");

    // A table without a period has nothing to prove.
    let officers = session("0.6", 2000);
    let unproven = officers.compute(officers.limits().search(officers.game(), None), None, None, &mut ()).unwrap();
    let payload = table::encode(&unproven.analysis).unwrap();
    let e = verify_period(&table::decode(&payload).unwrap()).unwrap_err();
    assert!(matches!(e, PeriodError::NoPeriod { stored: 2000, .. }), "{e}");
}

/// The session's defaults are the core's: one set of limits.
#[test]
fn one_set_of_defaults() {
    let core = HeapLimits::default();
    let limits = SessionLimits { threads: Some(core.threads), ..SessionLimits::default() };
    assert_eq!(limits.search(&game("0.77"), None), core);
    assert_eq!(core.max_work, core.max_heap as u64 * WORK_PER_HEAP);
    // A game no theorem covers computes the values asked for, within max_heap.
    assert_eq!(limits.search(&game("grundy"), Some(300)).first, 300);
    let to = limits.search_to(&game("0.6"), 1000);
    assert_eq!((to.first, to.max_heap), (core.first, 1000));
}
