//! Flat subscripts read as dimensions (`frontend::affine::flat`): `a[i * n + j]` is the
//! cell `a[i][j]` of an `n`-column array exactly when `0 <= j < n`. Proven here for
//! every access the region makes, under its context, before anything is rewritten;
//! where it holds for some parameter values only (`a[i * lda + j]` with `j < n`: when
//! `n <= lda`), the rewritten code runs under a run-time test of those values.
//!
//! Likewise unsigned arithmetic (`frontend::ir::UnsignedValue`): C's values are the
//! model's where no value it observes wraps around.

use crate::frontend::ir::{Array, Region};
use crate::model::{Scop, ScopText, isl_name};
use crate::support::diag::{Code, Diagnostic, Span};
use crate::support::isl::Failure;
use isl_rs::{Set, UnionSet};

/// Where the model is C's: flat arrays' recovered subscripts stay within their
/// dimensions, and unsigned values do not wrap around.
pub enum Assumptions {
    /// For every parameter value of the context (or nothing is assumed).
    Proven,
    /// Only where `condition` (a set of parameters, within the context) holds: the
    /// arrays of `rows` may leave their rows elsewhere, and unsigned values wrap around
    /// where `unsigned`.
    Checked {
        condition: Set,
        rows: Vec<String>,
        unsigned: bool,
    },
    /// For no parameter value: N101 for the first array, N118 for unsigned values.
    Unproven(Box<Diagnostic>),
}

/// Where the model is C's: the context minus the parameters of
/// `{ A[o] : o_d < 0 or o_d >= E_d for some d >= 1 }` met by the cells the region
/// accesses of each flat array, and minus those of the instances at which an
/// unsigned value wraps around (`text.wrapping`).
pub fn assumptions(region: &Region, scop: &Scop, text: &ScopText) -> Result<Assumptions, Failure> {
    let mut condition = scop.context.copy()?;
    let mut rows = Vec::new();
    for array in region.arrays.iter().filter(|a| a.flat) {
        let outside = outside_cells(scop, &text.params, array)?;
        if outside.is_empty()? {
            continue;
        }
        condition = condition.subtract(outside.params()?)?;
        if condition.is_empty()? {
            return Ok(Assumptions::Unproven(Box::new(unproven(region, array))));
        }
        rows.push(array.name.clone());
    }
    let wrapping = wrapping(scop, text)?;
    let unsigned = !wrapping.is_empty()?;
    if unsigned {
        condition = condition.subtract(wrapping.params()?)?;
        if condition.is_empty()? {
            let span = always_wrapping(scop, text)?.unwrap_or(region.span.clone());
            return Ok(Assumptions::Unproven(Box::new(always_wraps(span))));
        }
    }
    Ok(match rows.is_empty() && !unsigned {
        true => Assumptions::Proven,
        false => Assumptions::Checked {
            condition: condition.coalesce()?,
            rows,
            unsigned,
        },
    })
}

/// The instances at which an unsigned value wraps around, within the context.
fn wrapping(scop: &Scop, text: &ScopText) -> Result<UnionSet, Failure> {
    let ctx = scop.context.get_ctx();
    if text.wrapping.is_empty() {
        return Ok(UnionSet::empty_ctx(&ctx)?);
    }
    Ok(UnionSet::read_from_str(&ctx, &text.wrapping)?.intersect_params(scop.context.copy()?)?)
}

/// Where the source computes the first unsigned value that wraps around for every
/// parameter value of the context, if one does alone.
fn always_wrapping(scop: &Scop, text: &ScopText) -> Result<Option<Span>, Failure> {
    for (set, span) in &text.wrapping_values {
        let wraps = UnionSet::read_from_str(&scop.context.get_ctx(), set)?
            .intersect_params(scop.context.copy()?)?
            .params()?;
        if scop.context.copy()?.is_subset(&wraps)? {
            return Ok(Some(span.clone()));
        }
    }
    Ok(None)
}

fn always_wraps(span: Span) -> Diagnostic {
    Diagnostic::new(
        Code::IteratorType,
        span,
        "unsigned arithmetic in this nest wraps around (or leaves `long long`) for every value of the parameters",
    )
    .label("C computes this modulo 2^N, and it wraps around")
    .expected("unsigned values that stay within their type: no `i - 1` at `i = 0`, no `i >= 0` on an unsigned `i`")
    .hint("compute the value in a signed type, or bound the loops so that it cannot wrap around")
}

/// The cells of `array` the region accesses outside its inner dimensions' extents:
/// the accessed cells in `{ A[o] : o_d < 0 or o_d >= E_d for some d >= 1 }`.
fn outside_cells(scop: &Scop, params: &str, array: &Array) -> Result<UnionSet, Failure> {
    let rank = array.extents.len();
    let dims: Vec<String> = (0..rank).map(|d| format!("o{d}")).collect();
    let outside: Vec<String> = array.extents[1..]
        .iter()
        .zip(&dims[1..])
        .map(|(e, o)| format!("{o} < 0 or {o} >= {}", isl_name(e)))
        .collect();
    let set = UnionSet::read_from_str(
        &scop.context.get_ctx(),
        &format!(
            "{params}{{ {}[{}] : {} }}",
            isl_name(&array.name),
            dims.join(", "),
            outside.join(" or ")
        ),
    )?;
    Ok(scop
        .accessed_cells(params, &array.name, rank)?
        .intersect(set)?
        .intersect_params(scop.context.copy()?)?)
}

fn unproven(region: &Region, array: &Array) -> Diagnostic {
    let span = region
        .statements
        .iter()
        .flat_map(|s| &s.accesses)
        .find(|a| a.array == array.name)
        .map_or(region.span.clone(), |a| a.span.clone());
    let sizes: String = array.extents[1..]
        .iter()
        .map(|e| format!("[{e}]"))
        .collect();
    Diagnostic::new(
        Code::NonAffineSubscript,
        span,
        format!(
            "`{}` is indexed as an array of shape `[]{sizes}` by flat subscripts, but an inner subscript leaves its size for every value of the parameters",
            array.name
        ),
    )
    .label("reaches a cell of another row")
    .expected("inner subscripts within `[0, size)` for some iteration (`j < n` in `i * n + j`)")
    .hint("bound the loops so that it shows, or declare the array with its dimensions")
}
