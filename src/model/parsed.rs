//! isl objects read from isl notation, kept by their text. A region is lifted again
//! after each storage change a search tries (an expansion, a forwarding), and most of
//! its domains and accesses read as before: isl's parser costs about a million
//! instructions an access, the rest of a lift about as much again.

use isl_rs::{Context, LibISLError, Schedule, UnionMap, UnionSet};
use std::cell::RefCell;
use std::collections::HashMap;

type Isl<T> = Result<T, LibISLError>;

/// What has been read so far, by text. Reading is a function of the text alone, so
/// the plans lifted from one another share one.
#[derive(Default)]
pub struct Parsed {
    union_maps: RefCell<HashMap<String, UnionMap>>,
    union_sets: RefCell<HashMap<String, UnionSet>>,
    schedules: RefCell<HashMap<String, Schedule>>,
}

impl Parsed {
    /// `UnionMap::read_from_str(ctx, text)`.
    pub fn union_map(&self, ctx: &Context, text: &str) -> Isl<UnionMap> {
        kept(&self.union_maps, text, UnionMap::copy, || {
            UnionMap::read_from_str(ctx, text)
        })
    }

    /// `UnionSet::read_from_str(ctx, text)`.
    pub fn union_set(&self, ctx: &Context, text: &str) -> Isl<UnionSet> {
        kept(&self.union_sets, text, UnionSet::copy, || {
            UnionSet::read_from_str(ctx, text)
        })
    }

    /// `Schedule::read_from_str(ctx, text)`.
    pub fn schedule(&self, ctx: &Context, text: &str) -> Isl<Schedule> {
        kept(&self.schedules, text, Schedule::copy, || {
            Schedule::read_from_str(ctx, text)
        })
    }
}

/// The object `known` holds for `text`, or the one `read` gives, then kept.
pub fn kept<T>(
    known: &RefCell<HashMap<String, T>>,
    text: &str,
    copy: impl Fn(&T) -> Isl<T>,
    read: impl FnOnce() -> Isl<T>,
) -> Isl<T> {
    if let Some(object) = known.borrow().get(text) {
        return copy(object);
    }
    let object = read()?;
    known.borrow_mut().insert(text.to_string(), copy(&object)?);
    Ok(object)
}
