//! Running one region's analysis in a child process, so that a crash in isl (a
//! segmentation fault, an abort, a stack overflow) fails that region only instead of
//! killing nestor with every other region and file of the run.
//!
//! isl 0.27 has such crashes on valid input (`isl_basic_map_swap_div` under
//! `compute_flow`, `tests/fixtures/isl_crash_fuzz_d181.c`); nestor cannot catch a signal
//! and go on in the same process, since the crash may have left isl's heap corrupt. The
//! child is a `fork` of nestor: it runs the work on its copy of the memory and sends the
//! result back as JSON through a pipe. A fork costs a fraction of a millisecond, far
//! below the analysis of any region.
//!
//! To debug a region under gdb, `set follow-fork-mode child`; `perf record` follows
//! children by default.

use serde::Serialize;
use serde::de::DeserializeOwned;
use std::fmt;

/// How the child running a region's analysis died.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Crash {
    /// Killed by this signal (11: SIGSEGV, 6: SIGABRT, ...).
    Signal(i32),
    /// Exited with this status without sending a result.
    Exit(i32),
    /// Sent something that is not a result.
    Garbled(String),
    /// Used up the CPU time it was given (SIGXCPU).
    CpuLimit,
    /// Still running long after its CPU limit allows (blocked, not computing), so
    /// killed.
    TimedOut,
}

impl fmt::Display for Crash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Crash::Signal(s) => write!(f, "killed by signal {s}{}", signal_name(*s)),
            Crash::Exit(code) => write!(f, "exited with status {code} without a result"),
            Crash::Garbled(why) => write!(f, "sent an unreadable result ({why})"),
            Crash::CpuLimit => f.write_str("out of the CPU time it was given"),
            Crash::TimedOut => f.write_str("still running long after its CPU time ran out"),
        }
    }
}

fn signal_name(signal: i32) -> &'static str {
    match signal {
        4 => " (SIGILL)",
        6 => " (SIGABRT)",
        7 => " (SIGBUS)",
        8 => " (SIGFPE)",
        9 => " (SIGKILL)",
        11 => " (SIGSEGV)",
        _ => "",
    }
}

/// `work()`, computed in a child process; where a child cannot be started (or on a
/// platform without `fork`), in this one.
pub fn contained<T: Serialize + DeserializeOwned>(work: impl FnOnce() -> T) -> Result<T, Crash> {
    contained_within(None, work)
}

/// CPU time a contained computation may use, in seconds. CPU time, not wall-clock
/// time: how much of it a computation uses does not depend on what else the machine
/// runs, so neither does whether it finishes (a build must give the same output on a
/// loaded machine).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CpuLimit(pub u64);

impl CpuLimit {
    /// The wall-clock guard against a child that stops computing without ending
    /// (blocked): far beyond what the CPU time allows on any load nestor runs under.
    fn guard(self) -> std::time::Duration {
        std::time::Duration::from_secs(self.0.saturating_mul(30).max(30))
    }
}

/// [`contained`], the child stopped when it has used `limit` of CPU time
/// (`Crash::CpuLimit`): for isl computations that do not count their operations (its
/// scheduler's integer programming, with cutting planes on big integers, ran for
/// minutes on a fuzz program under an operation budget).
pub fn contained_within<T: Serialize + DeserializeOwned>(
    limit: Option<CpuLimit>,
    work: impl FnOnce() -> T,
) -> Result<T, Crash> {
    started_within(limit, work).result()
}

/// A computation [`started_within`]: running in a child process while this one goes
/// on, its result collected by [`Started::result`]. Dropped uncollected, the child is
/// killed.
pub struct Started<T> {
    running: Running<T>,
}

enum Running<T> {
    /// Computed in this process (no child could be started).
    Here(T),
    #[cfg(unix)]
    Child {
        pid: libc::pid_t,
        read_end: libc::c_int,
        limit: Option<CpuLimit>,
    },
    /// Collected or killed.
    Ended,
}

/// `work()` started in a child process stopped when it has used `limit` of CPU time,
/// as [`contained_within`] runs it, but not waited for: the caller computes something
/// else meanwhile (on another core) and takes the result when it needs it. The result
/// is the same whenever it is taken. Where no child can be started, `work()` runs
/// here, now.
#[cfg(unix)]
pub fn started_within<T: Serialize>(
    limit: Option<CpuLimit>,
    work: impl FnOnce() -> T,
) -> Started<T> {
    let mut fds = [0; 2];
    // SAFETY: `pipe` writes two descriptors into the array it is given.
    if unsafe { libc::pipe(fds.as_mut_ptr()) } != 0 {
        return Started::here(work);
    }
    let [read_end, write_end] = fds;
    // SAFETY: the child only computes, writes to the pipe and `_exit`s (no destructors,
    // no atexit handlers, no buffered output flushed twice). glibc's and musl's malloc
    // stay usable after `fork` in a multithreaded process (`batch` runs rayon threads).
    match unsafe { libc::fork() } {
        -1 => {
            close(read_end);
            close(write_end);
            Started::here(work)
        }
        0 => {
            close(read_end);
            if let Some(CpuLimit(seconds)) = limit {
                limit_cpu_time(seconds);
            }
            let status = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                let bytes = serde_json::to_vec(&work()).ok()?;
                write_all(write_end, &bytes).then_some(())
            }));
            let code = if matches!(status, Ok(Some(()))) { 0 } else { 1 };
            // SAFETY: ends the child without unwinding into the parent's frames.
            unsafe { libc::_exit(code) }
        }
        pid => {
            close(write_end);
            Started {
                running: Running::Child {
                    pid,
                    read_end,
                    limit,
                },
            }
        }
    }
}

impl<T> Started<T> {
    /// `work()`, computed here and now (no child could be started).
    fn here(work: impl FnOnce() -> T) -> Started<T> {
        super::work::mark_unrepeatable();
        Started {
            running: Running::Here(work()),
        }
    }
}

#[cfg(unix)]
impl<T: DeserializeOwned> Started<T> {
    /// The computation's result, once the child has ended (waiting for it: the
    /// wall-clock guard of its CPU limit counts from now).
    pub fn result(mut self) -> Result<T, Crash> {
        match std::mem::replace(&mut self.running, Running::Ended) {
            Running::Here(value) => Ok(value),
            Running::Child {
                pid,
                read_end,
                limit,
            } => collected(pid, read_end, limit),
            Running::Ended => Err(Crash::Exit(0)),
        }
    }
}

#[cfg(unix)]
impl<T> Drop for Started<T> {
    fn drop(&mut self) {
        if let Running::Child { pid, read_end, .. } = self.running {
            close(read_end);
            // SAFETY: kills our own child, which has not been waited for yet.
            unsafe { libc::kill(pid, libc::SIGKILL) };
            wait_for(pid);
        }
    }
}

/// The result `child` sends through `read_end`, once it has ended.
#[cfg(unix)]
fn collected<T: DeserializeOwned>(
    child: libc::pid_t,
    read_end: libc::c_int,
    limit: Option<CpuLimit>,
) -> Result<T, Crash> {
    let guard = limit.map(|l| std::time::Instant::now() + l.guard());
    let read = read_until(read_end, guard);
    close(read_end);
    if matches!(read, Err(Reading::TimedOut)) {
        // SAFETY: kills our own child, which has not been waited for yet.
        unsafe { libc::kill(child, libc::SIGKILL) };
        wait_for(child);
        super::work::mark_unrepeatable();
        return Err(Crash::TimedOut);
    }
    let status = wait_for(child);
    if libc::WIFSIGNALED(status) {
        super::work::mark_unrepeatable();
    }
    if libc::WIFSIGNALED(status) && libc::WTERMSIG(status) == libc::SIGXCPU {
        return Err(Crash::CpuLimit);
    }
    if libc::WIFSIGNALED(status) {
        return Err(Crash::Signal(libc::WTERMSIG(status)));
    }
    let code = libc::WEXITSTATUS(status);
    if code != 0 {
        return Err(Crash::Exit(code));
    }
    match read {
        Ok(bytes) => serde_json::from_slice(&bytes).map_err(|e| Crash::Garbled(e.to_string())),
        Err(Reading::Failed(e)) => Err(Crash::Garbled(e.to_string())),
        Err(Reading::TimedOut) => Err(Crash::TimedOut),
    }
}

/// Makes the calling process (a fresh child: its CPU time starts at 0) end with
/// SIGXCPU once it has used `seconds` of CPU time.
#[cfg(unix)]
fn limit_cpu_time(seconds: u64) {
    let limit = libc::rlimit {
        rlim_cur: seconds as libc::rlim_t,
        rlim_max: seconds.saturating_add(1) as libc::rlim_t,
    };
    // SAFETY: sets a resource limit of this process from a valid struct.
    unsafe { libc::setrlimit(libc::RLIMIT_CPU, &limit) };
}

#[cfg(not(unix))]
pub fn started_within<T: Serialize>(
    _limit: Option<CpuLimit>,
    work: impl FnOnce() -> T,
) -> Started<T> {
    Started {
        running: Running::Here(work()),
    }
}

#[cfg(not(unix))]
impl<T: DeserializeOwned> Started<T> {
    pub fn result(mut self) -> Result<T, Crash> {
        match std::mem::replace(&mut self.running, Running::Ended) {
            Running::Here(value) => Ok(value),
            Running::Ended => Err(Crash::Exit(0)),
        }
    }
}

#[cfg(unix)]
enum Reading {
    Failed(std::io::Error),
    TimedOut,
}

/// Everything `fd` delivers until its end, or `TimedOut` at `deadline`.
#[cfg(unix)]
fn read_until(fd: libc::c_int, deadline: Option<std::time::Instant>) -> Result<Vec<u8>, Reading> {
    let mut bytes = Vec::new();
    let mut chunk = [0u8; 1 << 16];
    loop {
        let wait_ms = match deadline {
            None => -1,
            Some(at) => {
                let left = at.saturating_duration_since(std::time::Instant::now());
                if left.is_zero() {
                    return Err(Reading::TimedOut);
                }
                left.as_millis().clamp(1, i32::MAX as u128) as libc::c_int
            }
        };
        let mut poll = libc::pollfd {
            fd,
            events: libc::POLLIN,
            revents: 0,
        };
        // SAFETY: one valid pollfd.
        let ready = unsafe { libc::poll(&mut poll, 1, wait_ms) };
        if ready < 0 {
            let e = std::io::Error::last_os_error();
            if e.kind() == std::io::ErrorKind::Interrupted {
                continue;
            }
            return Err(Reading::Failed(e));
        }
        if ready == 0 {
            continue;
        }
        // SAFETY: `chunk` is a valid buffer of its length.
        let n = unsafe { libc::read(fd, chunk.as_mut_ptr().cast(), chunk.len()) };
        match n {
            0 => return Ok(bytes),
            n if n > 0 => bytes.extend_from_slice(&chunk[..n as usize]),
            _ => {
                let e = std::io::Error::last_os_error();
                if e.kind() != std::io::ErrorKind::Interrupted {
                    return Err(Reading::Failed(e));
                }
            }
        }
    }
}

#[cfg(unix)]
fn close(fd: libc::c_int) {
    // SAFETY: closes a descriptor this module opened and no one else uses.
    unsafe { libc::close(fd) };
}

/// Writes all of `bytes` to `fd`, retrying short writes and interruptions.
#[cfg(unix)]
fn write_all(fd: libc::c_int, mut bytes: &[u8]) -> bool {
    while !bytes.is_empty() {
        // SAFETY: `bytes` is a valid buffer of `bytes.len()` bytes.
        let n = unsafe { libc::write(fd, bytes.as_ptr().cast(), bytes.len()) };
        if n < 0 {
            if std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted {
                continue;
            }
            return false;
        }
        bytes = &bytes[n as usize..];
    }
    true
}

/// The wait status of `child`, once it has ended.
#[cfg(unix)]
fn wait_for(child: libc::pid_t) -> libc::c_int {
    let mut status = 0;
    loop {
        // SAFETY: waits for our own child; `status` is a valid out-pointer.
        let r = unsafe { libc::waitpid(child, &mut status, 0) };
        if r == child || std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted {
            return status;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_result_comes_back() {
        assert_eq!(contained(|| vec![1, 2, 3]), Ok(vec![1, 2, 3]));
    }

    #[cfg(unix)]
    #[test]
    fn a_child_past_its_cpu_time_is_stopped() {
        let start = std::time::Instant::now();
        let spinning = contained_within(Some(CpuLimit(1)), || {
            let mut x = 0u64;
            loop {
                x = std::hint::black_box(x.wrapping_mul(31).wrapping_add(7));
            }
        });
        assert_eq!(spinning, Err::<(), _>(Crash::CpuLimit));
        assert!(start.elapsed() < std::time::Duration::from_secs(20));
        let quick = contained_within(Some(CpuLimit(10)), || 7);
        assert_eq!(quick, Ok(7));
    }

    /// Wall-clock time does not count (a loaded machine gives a computation less of
    /// it): a child that waits longer than its CPU limit, using none, finishes.
    #[cfg(unix)]
    #[test]
    fn waiting_is_not_counted_against_the_cpu_limit() {
        let waiting = contained_within(Some(CpuLimit(1)), || {
            std::thread::sleep(std::time::Duration::from_millis(1500));
            7
        });
        assert_eq!(waiting, Ok(7));
    }

    /// A started computation runs while the caller goes on; its result is the same
    /// whenever it is taken, and one never taken does not outlive its handle.
    #[cfg(unix)]
    #[test]
    fn a_started_child_runs_meanwhile_and_is_killed_when_dropped() {
        let start = std::time::Instant::now();
        let slow = || {
            std::thread::sleep(std::time::Duration::from_secs(1));
            7
        };
        let (a, b) = (started_within(None, slow), started_within(None, slow));
        assert_eq!((a.result(), b.result()), (Ok(7), Ok(7)));
        // One after the other, they would have taken 2 s.
        assert!(start.elapsed() < std::time::Duration::from_millis(1900));
        let forever = started_within(None, || -> i32 {
            loop {
                std::thread::sleep(std::time::Duration::from_secs(1));
            }
        });
        let pid = match forever.running {
            Running::Child { pid, .. } => pid,
            _ => panic!("no child was started"),
        };
        drop(forever);
        // SAFETY: signal 0 only asks whether the process exists.
        assert_eq!(unsafe { libc::kill(pid, 0) }, -1);
    }

    #[cfg(unix)]
    #[test]
    fn a_crash_is_reported_not_shared() {
        let crash = contained(|| -> i32 { std::process::abort() });
        assert_eq!(crash, Err(Crash::Signal(libc::SIGABRT)));
    }
}
