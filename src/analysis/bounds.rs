//! Flat subscripts read as dimensions (`frontend::affine::flat`): `a[i * n + j]` is the
//! cell `a[i][j]` of an `n`-column array exactly when `0 <= j < n`. Proven here for
//! every access the region makes, under its context, before anything is rewritten.

use crate::frontend::ir::{Array, Region};
use crate::model::{Scop, isl_name};
use crate::support::diag::{Code, Diagnostic};
use crate::support::isl::Failure;
use isl_rs::UnionSet;

/// N101 for the first array indexed by flat subscripts whose recovered subscripts may
/// leave their dimensions: `{ A[o] : o_d < 0 or o_d >= E_d for some d >= 1 }` meets
/// the cells the region accesses, under its context. `params` is the model's
/// parameter list (`[n, m] -> `).
pub fn flat_subscripts_out_of_range(
    region: &Region,
    scop: &Scop,
    params: &str,
) -> Result<Option<Diagnostic>, Failure> {
    for array in region.arrays.iter().filter(|a| a.flat) {
        if !outside_cells(scop, params, array)?.is_empty()? {
            return Ok(Some(unproven(region, array)));
        }
    }
    Ok(None)
}

/// The cells of `array` the region accesses outside its inner dimensions' extents.
fn outside_cells(scop: &Scop, params: &str, array: &Array) -> Result<UnionSet, Failure> {
    let dims: Vec<String> = (0..array.extents.len()).map(|d| format!("o{d}")).collect();
    let outside: Vec<String> = array.extents[1..]
        .iter()
        .zip(&dims[1..])
        .map(|(e, o)| format!("{o} < 0 or {o} >= {}", isl_name(e)))
        .collect();
    let ctx = scop.context.get_ctx();
    let set = UnionSet::read_from_str(
        &ctx,
        &format!(
            "{params}{{ {}[{}] : {} }}",
            isl_name(&array.name),
            dims.join(", "),
            outside.join(" or ")
        ),
    )?;
    let accessed = scop.reads.copy()?.union(scop.writes.copy()?)?.range()?;
    Ok(accessed
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
            "`{}` is indexed as an array of shape `[]{sizes}` by flat subscripts, but nestor cannot prove each inner subscript stays within its size",
            array.name
        ),
    )
    .label("may reach a cell of another row")
    .expected("inner subscripts within `[0, size)` for every iteration (`j < n` in `i * n + j`)")
    .hint("bound the loops so that it shows, or declare the array with its dimensions")
}
