//! What the region's arrays are as memory: their shapes and element types, whose memory
//! each one is (`Memory`), the pairs that may overlap, and the parameters' value ranges.

use super::{Lifter, Node_};
use crate::frontend::ir::*;
use crate::frontend::symbols::{Shape, Symbols};
use crate::frontend::types::{CType, ElementType, Interval};
use std::collections::{BTreeMap, BTreeSet};

impl Lifter<'_> {
    pub(super) fn arrays(&self) -> Vec<Array> {
        let mut seen = BTreeMap::new();
        for a in self.statements.iter().flat_map(|s| &s.accesses) {
            seen.entry(a.array.clone()).or_insert_with(|| {
                if let Some(f) = self.fields.get(&a.array) {
                    return Array {
                        name: f.name.clone(),
                        element: f.element.clone(),
                        extents: f.extents.clone(),
                        scope: f.scope,
                        live_out: true,
                        declaration: None,
                        member_of: Some(f.member_of.clone()),
                        memory: self.field_memory(f),
                        flat: false,
                    };
                }
                let written = self
                    .block_locals
                    .get(&a.array)
                    .map_or(a.array.as_str(), |b| b.original.as_str());
                let sym = self.symbols.get_at(written, a.span.start);
                Array {
                    name: a.array.clone(),
                    element: sym.map_or(ElementType::constant(), |s| ElementType {
                        ctype: s.ctype,
                        spelling: s.ty.clone(),
                    }),
                    extents: match (self.dimensions.get(&a.array), sym.map(|s| &s.shape)) {
                        (Some(sizes), _) => std::iter::once(String::new())
                            .chain(sizes.iter().rev().cloned())
                            .collect(),
                        (None, Some(Shape::Array(e))) => e.clone(),
                        (None, Some(Shape::Pointer { .. })) => vec![String::new()],
                        _ => Vec::new(),
                    },
                    scope: sym.map_or(Scope::Global, |s| s.scope),
                    live_out: true,
                    declaration: None,
                    member_of: None,
                    memory: match sym {
                        Some(s) if !self.block_locals.contains_key(&a.array) => memory_of(s),
                        // A block variable, or a constant nestor reads as a 0-d array.
                        _ => Memory::Local,
                    },
                    flat: self.dimensions.contains_key(&a.array),
                }
            });
        }
        seen.into_values().collect()
    }
}

/// Whose memory the variable `s` is, as an array of a region: a pointer (wherever it
/// is declared) and an array parameter reach memory someone else declared.
pub(super) fn memory_of(s: &crate::frontend::symbols::Symbol) -> Memory {
    match (s.scope, &s.shape) {
        // Memory of its own, which no other name reaches.
        (Scope::Local, Shape::Pointer { .. }) if s.fresh => Memory::Local,
        (_, Shape::Pointer { .. } | Shape::OtherPointer) | (Scope::Parameter, Shape::Array(_)) => {
            Memory::Passed {
                restrict: s.restrict,
            }
        }
        (Scope::Global, _) => Memory::Global,
        (Scope::Parameter | Scope::Local, _) => Memory::Local,
    }
}

/// The pairs of the region's arrays that may be the same memory, at least one of them
/// written in it (`first` is written):
///
/// - distinct variables (the arrays of one struct variable are distinct members);
/// - one reached through a parameter, the other through a parameter or a global
///   (locals are no caller's memory);
/// - neither declared `restrict`;
/// - element types an lvalue of one may access the other with (C11 6.5p7: the same
///   type up to signedness, or a character type, or a type nestor cannot see).
pub(super) fn may_overlap(arrays: &[Array], statements: &[Statement]) -> Vec<MayOverlap> {
    let written: BTreeSet<&str> = statements
        .iter()
        .flat_map(|s| &s.accesses)
        .filter(|a| a.kind == AccessKind::Write)
        .map(|a| a.array.as_str())
        .collect();
    let mut pairs = BTreeSet::new();
    for x in arrays.iter().filter(|a| written.contains(a.name.as_str())) {
        for y in arrays.iter().filter(|y| y.name != x.name) {
            if !may_share_memory(x, y) {
                continue;
            }
            let (first, second) = if written.contains(y.name.as_str()) && y.name < x.name {
                (y, x)
            } else {
                (x, y)
            };
            pairs.insert(MayOverlap {
                first: first.name.clone(),
                second: second.name.clone(),
            });
        }
    }
    pairs.into_iter().collect()
}

/// Whether arrays `x` and `y` may be the same memory (see [`may_overlap`]).
pub(super) fn may_share_memory(x: &Array, y: &Array) -> bool {
    let passed = |m: Memory| matches!(m, Memory::Passed { .. });
    let restrict = |m: Memory| matches!(m, Memory::Passed { restrict: true });
    x.root() != y.root()
        && (passed(x.memory) || passed(y.memory))
        && x.memory != Memory::Local
        && y.memory != Memory::Local
        && !restrict(x.memory)
        && !restrict(y.memory)
        && may_access_each_other(x.element.ctype, y.element.ctype)
}

/// Whether lvalues of element types `a` and `b` may access the same object (C11
/// 6.5p7): equal up to signedness, a character type (any object's bytes), or a type
/// nestor cannot see. Floating types of different widths count as possibly the same:
/// a width nestor assumed (`DATA_TYPE` without its header) may be wrong.
pub(super) fn may_access_each_other(a: CType, b: CType) -> bool {
    let width = |t: CType| match t {
        CType::Signed(w) | CType::Unsigned(w) => Some(w),
        _ => None,
    };
    match (a, b) {
        (CType::Unknown, _) | (_, CType::Unknown) => true,
        _ if width(a) == Some(8) || width(b) == Some(8) => true,
        (CType::Floating(_), CType::Floating(_)) => true,
        _ => width(a).is_some() && width(a) == width(b),
    }
}

/// Each parameter's type (promoted) and the values it may have when the region runs:
/// a define's value, else its type's range narrowed by every linear expression of one
/// parameter in the init or bound of a top-level loop (evaluated on entry, so the
/// original program computes it without overflow: `n - 4` in `int` means
/// `n >= INT_MIN + 4`).
pub(super) fn parameter_ranges(
    symbols: &Symbols,
    params: &BTreeSet<String>,
    body: &[Node_],
) -> BTreeMap<String, (CType, Interval)> {
    let mut ranges: BTreeMap<String, (CType, Interval)> = params
        .iter()
        .map(|p| {
            let t = parameter_type(symbols, p).promoted();
            let range = match (symbols.define(p), t) {
                (Some(v), _) => Interval::point(i128::from(v)),
                (None, CType::Unsigned(64)) => Interval {
                    lo: 0,
                    hi: UNSIGNED_PARAMETER_MAX,
                },
                (None, _) => t.values(),
            };
            (p.clone(), (t, range))
        })
        .collect();
    let mut evaluated_on_entry = Vec::new();
    for node in body {
        if let Node_::Loop(l, _) = node {
            evaluated_on_entry.push(&l.init);
            l.bound.for_each_aff(&mut |a| evaluated_on_entry.push(a));
        }
    }
    for aff in evaluated_on_entry {
        let Some((constant, terms)) = aff.linear() else {
            continue;
        };
        let terms: Vec<_> = terms.into_iter().collect();
        let [(name, coefficient)] = terms.as_slice() else {
            continue;
        };
        let (constant, coefficient) = (i128::from(constant), i128::from(*coefficient));
        let Some((t, range)) = ranges.get_mut(name) else {
            continue;
        };
        // An unsigned value's type does not bound it: C wraps it around instead.
        let Some(limits) = t.range().filter(|_| matches!(t, CType::Signed(_))) else {
            continue;
        };
        // limits.lo <= coefficient * p + constant <= limits.hi
        let (a, b) = (limits.lo - constant, limits.hi - constant);
        let (lo, hi) = if coefficient > 0 {
            (ceil_div(a, coefficient), floor_div(b, coefficient))
        } else {
            (ceil_div(b, coefficient), floor_div(a, coefficient))
        };
        *range = range.intersect(Interval { lo, hi });
    }
    ranges
}

pub(super) fn floor_div(a: i128, b: i128) -> i128 {
    let q = a / b;
    if a % b != 0 && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

pub(super) fn ceil_div(a: i128, b: i128) -> i128 {
    -floor_div(-a, b)
}

/// The type of parameter `name` of a region (a variable, a define or an enumerator).
pub(super) fn parameter_type(symbols: &Symbols, name: &str) -> CType {
    match (symbols.get(name), symbols.define(name)) {
        (Some(s), _) => s.ctype,
        (None, Some(v)) if i32::try_from(v).is_err() => CType::Signed(64),
        _ => CType::Signed(32),
    }
}
