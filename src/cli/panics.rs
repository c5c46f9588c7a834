//! Panics are bugs in nestor. The pipeline isolates one per region (the region is left
//! as written with N205); what is here catches one elsewhere in a file's analysis, so
//! that it fails that file only, keeps the default hook from printing it, and reads
//! the test hook that injects panics.

use nestor::driver::pipeline::{FaultKind, InjectedFault};
use std::cell::RefCell;
use std::panic::AssertUnwindSafe;
use std::path::Path;

/// Test hook: `PATH` makes nestor panic while it analyses a file whose path contains
/// PATH, outside every region (the whole file fails); `PATH:FUNCTION` injects a fault
/// into each region of FUNCTION in such a file (only those regions fail): a panic, or
/// what `KIND_ENV` names.
pub const FAULT_ENV: &str = "NESTOR_TEST_PANIC_ON";

/// Test hook: the fault `FAULT_ENV` injects into regions: `panic` (the default),
/// `isl-error`, `bad-code` (generated code that does not parse) or `crash` (the
/// analysis dies of a signal, as isl may).
pub const KIND_ENV: &str = "NESTOR_TEST_FAULT";

/// The faults the test hooks ask for in one file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Fault {
    /// Panic outside the regions.
    pub file: bool,
    /// A fault in every region of a function (`pipeline::Options::fault`).
    pub region: Option<InjectedFault>,
}

impl Fault {
    pub fn for_path(path: &Path) -> Fault {
        match std::env::var_os(FAULT_ENV) {
            Some(value) => {
                let kind = std::env::var(KIND_ENV).unwrap_or_default();
                Fault::parse(&value.to_string_lossy(), &kind, &path.to_string_lossy())
            }
            None => Fault::default(),
        }
    }

    fn parse(value: &str, kind: &str, path: &str) -> Fault {
        let (pattern, function) = match value.rsplit_once(':') {
            Some((p, f)) => (p, Some(f.to_string())),
            None => (value, None),
        };
        if pattern.is_empty() || !path.contains(pattern) {
            return Fault::default();
        }
        let kind = match kind {
            "isl-error" => FaultKind::IslError,
            "bad-code" => FaultKind::UnparsableCode,
            "crash" => FaultKind::Crash,
            _ => FaultKind::Panic,
        };
        Fault {
            file: function.is_none(),
            region: function.map(|function| InjectedFault { function, kind }),
        }
    }

    /// Panics if the whole file is to fail.
    pub fn inject(&self) {
        if self.file {
            panic!("fault injected by {FAULT_ENV}");
        }
    }
}

thread_local! {
    /// The last panic on this thread, recorded by the hook [`quiet`] installs.
    static LAST_PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
}

pub type PanicHook = Box<dyn Fn(&std::panic::PanicHookInfo<'_>) + Sync + Send + 'static>;

/// Installs a hook that records each panic (message and location) for its thread
/// instead of printing it, so that a caught panic is reported once, where it is
/// caught; returns the previous hook, to restore with `std::panic::set_hook`.
pub fn quiet() -> PanicHook {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(|info| {
        let mut msg = message(info.payload()).replace('\n', " ");
        if let Some(at) = info.location() {
            msg = format!("{msg} (at {at})");
        }
        LAST_PANIC.with(|p| *p.borrow_mut() = Some(msg));
    }));
    previous
}

/// Runs `f`; a panic in it is `Err` with its message (with its location when the
/// [`quiet`] hook is installed).
pub fn catch<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    LAST_PANIC.with(|p| p.borrow_mut().take());
    std::panic::catch_unwind(AssertUnwindSafe(f)).map_err(|payload| {
        LAST_PANIC
            .with(|p| p.borrow_mut().take())
            .unwrap_or_else(|| message(&*payload))
    })
}

/// The message a panic was raised with.
fn message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".to_string())
}

/// [`catch`] with the [`quiet`] hook installed meanwhile (for one file on the main
/// thread; `batch` installs the hook once for all its workers).
pub fn guarded<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    let previous = quiet();
    let result = catch(f);
    std::panic::set_hook(previous);
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_test_hook_names_a_file_or_a_function_in_it() {
        let file = Fault {
            file: true,
            region: None,
        };
        assert_eq!(Fault::parse("boom.c", "", "in/boom.c"), file);
        assert_eq!(Fault::parse("boom.c", "", "in/good.c"), Fault::default());
        let in_g = |kind| Fault {
            file: false,
            region: Some(InjectedFault {
                function: "g".to_string(),
                kind,
            }),
        };
        assert_eq!(
            Fault::parse("two.c:g", "", "in/two.c"),
            in_g(FaultKind::Panic)
        );
        assert_eq!(
            Fault::parse("two.c:g", "bad-code", "in/two.c"),
            in_g(FaultKind::UnparsableCode)
        );
        assert_eq!(Fault::parse("two.c:g", "", "in/boom.c"), Fault::default());
        assert_eq!(Fault::parse("", "", "in/boom.c"), Fault::default());
    }

    #[test]
    fn a_caught_panic_is_its_message() {
        assert_eq!(catch(|| 7), Ok(7));
        let caught = guarded(|| -> u8 { panic!("broken {}", 42) });
        let msg = caught.unwrap_err();
        assert!(msg.starts_with("broken 42 (at src/cli/panics.rs:"), "{msg}");
    }
}
