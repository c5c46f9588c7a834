//! The run-time test that guards a rewritten region whose arrays may be the same
//! memory (`Region::may_overlap`): the rewritten code runs only when, for every pair,
//! the bytes the region touches of one array lie apart from those of the other, and
//! the code as written runs otherwise.
//!
//! For an array `X` of rank `r` and `C_X = { X[o] : some instance of the region
//! accesses X[o] }`, the test bounds `C_X` by its box: per dimension `d`,
//! `dim_min(C_X, d)` and `dim_max(C_X, d)`, piecewise affine in the parameters. With
//! every subscript but the first within its extent (the model's own assumption), each
//! cell the region touches lies in `[lo_X, hi_X)`, `lo_X` the address of the box's
//! first cell and `hi_X` one element past its last. Two arrays are apart when
//! `hi_X <= lo_Y || hi_Y <= lo_X`.
//!
//! Addresses are `unsigned long long` integers, `(unsigned long long)X + (unsigned long
//! long)(e) * sizeof X[0] + ...`: comparing pointers to different objects is
//! undefined in C, and so is pointer arithmetic past an object, which the bounds are
//! for parameters where the region touches no cell of `X` (the test may then say
//! anything: an array the region does not touch overlaps nothing it touches).

use crate::codegen;
use crate::frontend::ir::{Array, Region, UNSIGNED_PARAMETER_MAX};
use crate::model::{Scop, isl_name};
use crate::support::diag::{Code, Diagnostic};
use crate::support::isl::{Failure, expr_from_pw_aff};
use isl_rs::{PwAff, Set, Val};
use std::collections::BTreeMap;

/// At most this many pairs of arrays are tested (Polly bounds its checks too): beyond,
/// the condition would cost more than the region gains, and the region is left as
/// written (N116).
pub const MAX_PAIRS: usize = 24;

/// The run-time test a rewritten region runs under.
#[derive(Clone, Debug)]
pub struct Guard {
    /// The C condition: true when no two arrays of a pair overlap.
    pub condition: String,
    /// The pairs it tests (those of `Region::may_overlap` the region touches both of).
    pub pairs: Vec<(String, String)>,
    /// The flat arrays whose recovered subscripts it tests to stay in their rows
    /// (`analysis::bounds`).
    pub rows: Vec<String>,
    /// Whether it keeps unsigned values from wrapping around.
    pub unsigned: bool,
}

/// `set` (of the region's parameters) as a C condition, simplified where `context`
/// holds (it always does where the region runs) and where each parameter is within
/// the values its C type holds (`Region::param_ranges`): no `lo <= 4294967295` on an
/// `int`, which gcc's `-Wtype-limits` reports.
pub fn parameter_test(region: &Region, context: &Set, set: Set) -> Result<String, Failure> {
    let set = match typed_ranges(region, context)? {
        Some(ranges) => set.gist_params(ranges)?,
        None => set,
    };
    let expr = crate::support::isl::expr_from_set(context, set)?;
    Ok(codegen::parameter_expression(region, &expr)?.0)
}

/// `{ : lo_p <= p <= hi_p }` over the parameters of `region` that `context` has, with
/// their ranges; `None` when it has none.
fn typed_ranges(region: &Region, context: &Set) -> Result<Option<Set>, Failure> {
    let names: Vec<String> = region.param_ranges.keys().map(|n| isl_name(n)).collect();
    if names.is_empty() {
        return Ok(None);
    }
    let bounds: Vec<String> = region
        .param_ranges
        .iter()
        .map(|(n, (_, r))| format!("{} <= {} <= {}", r.lo, isl_name(n), r.hi))
        .collect();
    let text = format!("[{}] -> {{ : {} }}", names.join(", "), bounds.join(" and "));
    let ranges = Set::read_from_str(&context.get_ctx(), &text)?;
    Ok(Some(context.copy()?.intersect_params(ranges)?))
}

/// What the model assumes of the parameters beyond the context (`analysis::bounds`):
/// the test, as C, and what it checks.
pub struct Assumed {
    pub test: String,
    /// The flat arrays whose recovered subscripts it keeps in their rows.
    pub rows: Vec<String>,
    /// Whether it keeps unsigned values from wrapping around.
    pub unsigned: bool,
}

/// `guard` preceded by the bounds of the 64-bit unsigned parameters (which the other
/// tests, printed for them, assume: `&&` evaluates them only after) and the test of
/// `assumed`, when there are any; each conjunct parenthesized.
pub fn with_assumptions(
    guard: Option<Guard>,
    assumed: Option<Assumed>,
    region: &Region,
) -> Option<Guard> {
    let bounds = parameter_bounds(region);
    let mut tests: Vec<String> = bounds.iter().cloned().collect();
    tests.extend(assumed.as_ref().map(|a| a.test.clone()));
    let Some(g) = guard else {
        return (!tests.is_empty()).then(|| Guard {
            condition: conjunction(&tests, region),
            pairs: Vec::new(),
            rows: assumed.as_ref().map_or(Vec::new(), |a| a.rows.clone()),
            unsigned: bounds.is_some() || assumed.is_some_and(|a| a.unsigned),
        });
    };
    tests.push(g.condition);
    Some(Guard {
        condition: conjunction(&tests, region),
        pairs: g.pairs,
        rows: assumed.as_ref().map_or(Vec::new(), |a| a.rows.clone()),
        unsigned: bounds.is_some() || assumed.is_some_and(|a| a.unsigned),
    })
}

/// `n <= 0x4000000000000000 && ...` for the region's 64-bit unsigned parameters
/// (`ir::UNSIGNED_PARAMETER_MAX`), `None` without any.
fn parameter_bounds(region: &Region) -> Option<String> {
    let bounds: Vec<String> = region
        .unsigned_parameters()
        .into_iter()
        .map(|n| {
            let spelled = region.param_spellings.get(n).map_or(n, String::as_str);
            format!("{spelled} <= {UNSIGNED_PARAMETER_MAX:#x}")
        })
        .collect();
    (!bounds.is_empty()).then(|| bounds.join(" && "))
}

/// `tests` joined by `&&` on lines of their own, each parenthesized when there are
/// several.
fn conjunction(tests: &[String], region: &Region) -> String {
    match tests {
        [one] => one.clone(),
        _ => tests
            .iter()
            .map(|t| format!("({t})"))
            .collect::<Vec<_>>()
            .join(&format!("{}{}    && ", region.line_ending, region.indent)),
    }
}

/// The test under which no two arrays of a pair of `region.may_overlap` share a byte
/// the region touches (`None` when no pair needs testing), or why nestor cannot write
/// one. `params` is the model's parameter tuple (`[n, m] -> `).
pub fn overlap_test(
    region: &Region,
    scop: &Scop,
    params: &str,
) -> Result<Result<Option<Guard>, Box<Diagnostic>>, Failure> {
    let pairs = &region.may_overlap;
    if pairs.len() > MAX_PAIRS {
        return Ok(Err(Box::new(untestable(
            region,
            format!(
                "{} pairs of arrays may be the same memory, more than the {MAX_PAIRS} a run-time test checks",
                pairs.len()
            ),
        ))));
    }
    let mut ranges = BTreeMap::new();
    for name in pairs.iter().flat_map(|p| [&p.first, &p.second]) {
        if ranges.contains_key(name) {
            continue;
        }
        let Some(array) = region.arrays.iter().find(|a| &a.name == name) else {
            return Err(Failure::Unexpected(format!("no array `{name}`")));
        };
        let Some(cell) = CellText::of(region, array) else {
            return Ok(Err(Box::new(untestable(
                region,
                format!(
                    "`{name}` may be the same memory as another array, and the region reaches it only through calls, where nestor cannot write its addresses"
                ),
            ))));
        };
        ranges.insert(
            name.clone(),
            address_range(region, scop, params, array, &cell)?,
        );
    }
    // An array the region touches for no parameter value overlaps nothing.
    let tested: Vec<_> = pairs
        .iter()
        .filter_map(|p| match (&ranges[&p.first], &ranges[&p.second]) {
            (Some(x), Some(y)) => Some((p, x, y)),
            _ => None,
        })
        .collect();
    if tested.is_empty() {
        return Ok(Ok(None));
    }
    let next_line = format!("{}{}    ", region.line_ending, region.indent);
    let tests: Vec<String> = tested
        .iter()
        .map(|(_, x, y)| {
            let or = if tested.len() == 1 { &next_line } else { " " };
            format!("{} <= {}{or}|| {} <= {}", x.hi, y.lo, y.hi, x.lo)
        })
        .collect();
    let condition = match tests.as_slice() {
        [one] => one.clone(),
        _ => tests
            .iter()
            .map(|t| format!("({t})"))
            .collect::<Vec<_>>()
            .join(&format!("{next_line}&& ")),
    };
    Ok(Ok(Some(Guard {
        condition,
        rows: Vec::new(),
        unsigned: false,
        pairs: tested
            .iter()
            .map(|(p, _, _)| (p.first.clone(), p.second.clone()))
            .collect(),
    })))
}

/// `region` as its rewritten code is laid out inside the test: one level deeper.
pub fn nested(region: &Region) -> Region {
    Region {
        indent: format!("{}{}", region.indent, region.indent_unit),
        ..region.clone()
    }
}

/// The text replacing `region`: `rewritten` (laid out by [`nested`]) when `condition`
/// holds, else the region's own text `original`, byte for byte. The condition is
/// expected to hold (`__builtin_expect`): weighed as even, GCC 12 laid out a tiled
/// product (PolyBench trmm) so that it ran 1.6x slower than without the test.
pub fn guarded(region: &Region, condition: &str, rewritten: &str, original: &str) -> String {
    let (nl, indent, unit) = (region.line_ending, &region.indent, &region.indent_unit);
    format!(
        "if (__builtin_expect({condition}, 1)) {{{nl}{indent}{unit}{rewritten}{nl}{indent}}} else {{{nl}{indent}{original}{nl}{indent}}}"
    )
}

/// N116: arrays that may be the same memory, and no test nestor can emit.
fn untestable(region: &Region, why: String) -> Diagnostic {
    Diagnostic::new(Code::MayAlias, region.span.clone(), why)
        .label("left as written")
        .expected("arrays that are distinct memory, or a run-time test nestor can write")
        .hint("declare the parameters `restrict` if they never overlap, or pass --assume-no-alias")
}

/// The addresses `[lo, hi)` of the bytes the region touches of one array, as C
/// expressions of type `unsigned long long`.
struct AddressRange {
    lo: String,
    hi: String,
}

/// How C writes a cell of an array: the texts around its subscripts, one more than
/// its rank (`["A[", "][", "]"]`, `["b[", "].c[", "]"]`, `["p->s"]`), whether the
/// array is a variable of its own (not a struct member), named by the first text, and
/// for an array C indexes with one flat subscript (`["A[", "]"]`), the extents of the
/// dimensions the model gives it.
struct CellText(Vec<String>, bool, Vec<String>);

impl CellText {
    /// The cell text of `array`: its name and a subscript per dimension, or for a
    /// struct member the text of an access with every subscript written (`None` when
    /// the region has none, as for arrays passed to summarized calls).
    fn of(region: &Region, array: &Array) -> Option<CellText> {
        let rank = array.extents.len();
        if array.flat {
            let pieces = vec![format!("{}[", array.name), "]".to_string()];
            return Some(CellText(pieces, true, array.extents.clone()));
        }
        if array.member_of.is_none() {
            let pieces = match rank {
                0 => vec![array.name.clone()],
                _ => std::iter::once(format!("{}[", array.name))
                    .chain((1..rank).map(|_| "][".to_string()))
                    .chain(std::iter::once("]".to_string()))
                    .collect(),
            };
            return Some(CellText(pieces, true, Vec::new()));
        }
        region.statements.iter().find_map(|s| {
            let a = s
                .accesses
                .iter()
                .find(|a| a.array == array.name && a.index_spans.len() == rank)?;
            let text = |from: usize, to: usize| -> Option<String> {
                s.text
                    .get(from.checked_sub(s.span.start)?..to.checked_sub(s.span.start)?)
                    .map(str::to_string)
            };
            let mut bounds = vec![a.span.start];
            for index in &a.index_spans {
                bounds.push(index.start);
                bounds.push(index.end);
            }
            bounds.push(a.span.end);
            let pieces: Option<Vec<String>> = bounds.chunks(2).map(|b| text(b[0], b[1])).collect();
            Some(CellText(pieces?, false, Vec::new()))
        })
    }

    fn rank(&self) -> usize {
        match self.2.len() {
            0 => self.0.len() - 1,
            dimensions => dimensions,
        }
    }

    /// The cell with every subscript 0, cut after its first `subscripts` subscripts:
    /// `A[0]` for 1, `A[0][0]` for all (`rank`), `b[0].c[0]`.
    fn zeros(&self, subscripts: usize) -> String {
        let mut out = self.0[0].clone();
        for k in 1..=subscripts {
            out.push('0');
            let after = &self.0[k];
            if k < subscripts || k == self.rank() {
                out.push_str(after);
            } else {
                let close = after.find(']').map_or(after.len(), |at| at + 1);
                out.push_str(&after[..close]);
            }
        }
        out
    }

    /// The address of the array's first element: the array's own name when it is
    /// one, else the address of its zero cell.
    fn base(&self) -> String {
        match self.0.first() {
            Some(name) if self.1 && self.rank() > 0 => {
                format!("(unsigned long long){}", name.trim_end_matches('['))
            }
            _ => format!("(unsigned long long)&{}", self.zeros(self.rank())),
        }
    }

    /// The bytes between cells one apart in dimension `d`: `sizeof A[0]` for the
    /// first of `A[n][m]`.
    /// For a flat array, `(unsigned long long)(m) * sizeof A[0]` for the first of the
    /// dimensions `[n][m]`.
    fn stride(&self, d: usize) -> String {
        if self.2.is_empty() {
            return format!("sizeof {}", self.zeros(d + 1));
        }
        let inner: String = self.2[d + 1..]
            .iter()
            .map(|e| format!("(unsigned long long)({e}) * "))
            .collect();
        format!("{inner}sizeof {}", self.zeros(1))
    }
}

/// The address range of the cells of `array` that the region accesses (see the
/// module's comment); `None` when it accesses none for any parameter value.
fn address_range(
    region: &Region,
    scop: &Scop,
    params: &str,
    array: &Array,
    cell: &CellText,
) -> Result<Option<AddressRange>, Failure> {
    let base = cell.base();
    let rank = cell.rank();
    let Some(cells) = accessed_cells(scop, params, array, rank)? else {
        return Ok(None);
    };
    if rank == 0 {
        return Ok(Some(AddressRange {
            hi: format!("{base} + sizeof {}", cell.zeros(0)),
            lo: base,
        }));
    }
    let touched = cells.copy()?.params()?;
    let mut lo = Vec::new();
    let mut hi = Vec::new();
    for d in 0..rank {
        let position = i32::try_from(d).map_err(|_| Failure::Unexpected("rank".into()))?;
        let mut max = cells.copy()?.dim_max(position)?;
        if d + 1 == rank {
            // One element past the last cell.
            max = max.add_constant_val(Val::one(&touched.get_ctx())?)?;
        }
        lo.push(term(region, &touched, cells.copy()?.dim_min(position)?)?);
        hi.push(term(region, &touched, max)?);
    }
    Ok(Some(AddressRange {
        lo: address(&base, &lo, cell),
        hi: address(&base, &hi, cell),
    }))
}

/// `{ X[o] : some instance of the region accesses X[o] }`, `None` when empty.
fn accessed_cells(
    scop: &Scop,
    params: &str,
    array: &Array,
    rank: usize,
) -> Result<Option<Set>, Failure> {
    let accessed = scop.accessed_cells(params, &array.name, rank)?;
    if accessed.is_empty()? {
        return Ok(None);
    }
    Ok(Some(Set::from_union_set(accessed)?))
}

/// One subscript bound as C (`None`: it is 0), simplified where the region touches the
/// array.
fn term(region: &Region, touched: &Set, bound: PwAff) -> Result<(String, Option<i64>), Failure> {
    let expr = expr_from_pw_aff(touched, bound)?;
    codegen::parameter_expression(region, &expr)
}

/// `base + e_0 * stride_0 + ...` in `unsigned long long`, zero terms left out.
fn address(base: &str, subscripts: &[(String, Option<i64>)], cell: &CellText) -> String {
    let mut out = base.to_string();
    for (d, (text, value)) in subscripts.iter().enumerate() {
        let stride = cell.stride(d);
        match value {
            Some(0) => {}
            Some(1) => out.push_str(&format!(" + {stride}")),
            Some(k) if *k > 0 => out.push_str(&format!(" + {k} * {stride}")),
            _ => out.push_str(&format!(" + (unsigned long long){text} * {stride}")),
        }
    }
    out
}
