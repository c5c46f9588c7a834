//! The statements after a parallel loop that store back what its last iteration left in
//! the copy of an array each thread had (`transform::last_private`): a nest of loops
//! over the box of cells the loop writes.

use crate::codegen::expr::RELATIONAL_OPERAND;
use crate::codegen::{Gen, parameter_text};
use crate::frontend::ir::Region;
use crate::support::isl::{expr_from_pw_aff, expr_from_set};
use crate::transform::storage;
use isl_rs::{ASTExprType, DimType, Set, Val};
use std::collections::BTreeSet;

/// `for (c0 = min c0; c0 <= max c0; c0++) ... array[c0]... = copy[c0]...;` over `cells`
/// (`{ A[c] }`, a box), where the flag `ran` and the pointer `copy` are set and the
/// parameter values make `cells` non-empty: lines with their depth relative to the
/// first's.
pub fn copy_back(
    region: &Region,
    array: &str,
    copy: &str,
    ran: &str,
    cells: &Set,
    identifiers: &BTreeSet<String>,
) -> Gen<Vec<(usize, String)>> {
    let runs = cells.copy()?.params()?;
    // A run of the loop with no iteration leaves no copy (`ran` unset).
    let mut condition = format!("{ran} && {copy}");
    if let Some(nonempty) = where_nonempty(region, &runs, 5)? {
        condition = format!("{condition} && {nonempty}");
    }
    let mut lines = vec![(0, format!("if ({condition}) {{"))];
    let mut depth = 1;
    let rank = cells.dim(DimType::Set)?;
    let mut subscripts = String::new();
    for k in 0..rank {
        let counter = storage::fresh_name(&format!("{copy}_c{k}"), identifiers, region);
        let bound = |pa, min| parameter_text(region, &expr_from_pw_aff(&runs, pa)?, min);
        let first = bound(cells.copy()?.dim_min(k)?, 0)?;
        let last = bound(cells.copy()?.dim_max(k)?, RELATIONAL_OPERAND)?;
        lines.push((
            depth,
            format!("for (long long {counter} = {first}; {counter} <= {last}; {counter}++) {{"),
        ));
        subscripts.push_str(&format!("[{counter}]"));
        depth += 1;
    }
    lines.push((depth, format!("{array}{subscripts} = {copy}{subscripts};")));
    while depth > 0 {
        depth -= 1;
        lines.push((depth, "}".to_string()));
    }
    Ok(lines)
}

/// The extents of a copy of an array of extents `declared` that holds `cells` (`{ A[c]
/// }`, a box from 0 within the declared rows): `max c_0 + 1` rows as C, positive (`1`
/// for the parameter values where `cells` is empty, where the value of isl's
/// expression is unspecified, unless it is a constant), then the declared extents
/// (at least 1: with one of them 0 the loop accesses no cell).
pub fn copy_extents(region: &Region, cells: &Set, declared: &[String]) -> Gen<Vec<String>> {
    let runs = cells.copy()?.params()?;
    let one = Val::int_from_si(&cells.get_ctx(), 1)?;
    let rows = expr_from_pw_aff(&runs, cells.copy()?.dim_max(0)?.add_constant_val(one)?)?;
    let text = parameter_text(region, &rows, 4)?;
    let constant = rows.get_type()? == ASTExprType::Int;
    let rows = match where_nonempty(region, &runs, 4)? {
        Some(condition) if !constant => format!("({condition} ? {text} : 1)"),
        _ => text,
    };
    // A declared extent may be 0 where no cell is accessed; a block's array type may
    // not (a parameter's is never checked).
    let positive = |e: &String| match e.trim().parse::<i64>() {
        Ok(_) => e.clone(),
        Err(_) => format!("({e} > 0 ? {e} : 1)"),
    };
    Ok(std::iter::once(rows)
        .chain(declared.iter().skip(1).map(positive))
        .collect())
}

/// The C condition on the parameters under which they lie in `runs` (the parameter
/// values where a set of cells is not empty), as the operand of an operator of
/// precedence `min`; `None` when it holds for every value.
fn where_nonempty(region: &Region, runs: &Set, min: u8) -> Gen<Option<String>> {
    let everywhere = Set::universe(runs.get_space()?)?;
    if runs.is_equal(&everywhere)? {
        return Ok(None);
    }
    let condition = expr_from_set(&everywhere, runs.copy()?)?;
    Ok(Some(parameter_text(region, &condition, min)?))
}
