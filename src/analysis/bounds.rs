//! Flat subscripts read as dimensions (`frontend::affine::flat`): `a[i * n + j]` is the
//! cell `a[i][j]` of an `n`-column array exactly when `0 <= j < n`. Proven here for
//! every access the region makes, under its context, before anything is rewritten;
//! where it holds for some parameter values only (`a[i * lda + j]` with `j < n`: when
//! `n <= lda`), the rewritten code runs under a run-time test of those values.

use crate::frontend::ir::{Array, Region};
use crate::model::{Scop, isl_name};
use crate::support::diag::{Code, Diagnostic};
use crate::support::isl::Failure;
use isl_rs::{Set, UnionSet};

/// Where the flat arrays' recovered subscripts stay within their dimensions.
pub enum FlatBounds {
    /// For every parameter value of the context (or there is no flat array).
    Proven,
    /// Only where `condition` (a set of parameters, within the context) holds: the
    /// arrays of `arrays` may leave their rows elsewhere.
    Checked { condition: Set, arrays: Vec<String> },
    /// For no parameter value: N101 for the first such array.
    Unproven(Box<Diagnostic>),
}

/// Where every flat array's recovered subscripts stay within their dimensions: the
/// context minus the parameters of `{ A[o] : o_d < 0 or o_d >= E_d for some d >= 1 }`
/// met by the cells the region accesses. `params` is the model's parameter list
/// (`[n, m] -> `).
pub fn flat_bounds(region: &Region, scop: &Scop, params: &str) -> Result<FlatBounds, Failure> {
    let mut condition = scop.context.copy()?;
    let mut arrays = Vec::new();
    for array in region.arrays.iter().filter(|a| a.flat) {
        let outside = outside_cells(scop, params, array)?;
        if outside.is_empty()? {
            continue;
        }
        let leaving = outside.params()?;
        condition = condition.subtract(leaving)?;
        if condition.is_empty()? {
            return Ok(FlatBounds::Unproven(Box::new(unproven(region, array))));
        }
        arrays.push(array.name.clone());
    }
    Ok(match arrays.is_empty() {
        true => FlatBounds::Proven,
        false => FlatBounds::Checked {
            condition: condition.coalesce()?,
            arrays,
        },
    })
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
