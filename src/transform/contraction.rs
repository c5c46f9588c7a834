//! Array contraction (after Lefebvre & Feautrier, as laid out step by step by
//! Morvan): a temporary array whose values live only a few iterations under the chosen
//! order is stored in a modulo buffer. Each contraction is kept only when the
//! contracted program reads the same values (`dataflow::same_values`).

use crate::analysis::dataflow;
use crate::analysis::plan::Plan;
use crate::frontend::ir::{Aff, Array, Memory, Piece, Region, Scope};
use crate::frontend::types::ElementType;
use crate::model::{self, Scop, ScopText};
use crate::transform::storage::{MAX_PRIVATE_ELEMENTS, constant_elements, fresh_name};
use isl_rs::{Context, LibISLError};
use std::collections::BTreeSet;

/// Array contraction (after Lefebvre & Feautrier, as laid out step by step by Morvan):
/// under a schedule, two writes *conflict* when each value is written before the other
/// is last read; the cells they write must stay apart. The *difference set*
/// `DS = { c1 - c2 : writes of c1 and c2 conflict }` gives, by successive modulo,
/// the modulus of each dimension: `b_k = 1 + max { d_k : d ∈ DS, d_1 = .. = d_(k-1) = 0 }`
/// (no modulus when that maximum is unbounded). Mapping `c -> (c_k mod b_k)` then
/// never maps two conflicting cells to the same place. Every order of the dimensions
/// is tried and the smallest buffer kept.
///
/// `writes` and `flow` are the statement-level relations of the program, `schedule`
/// the order it will run in, `array` the isl name of the array, of rank `rank`.
pub fn contraction_moduli(
    writes: &isl_rs::UnionMap,
    flow: &isl_rs::UnionMap,
    schedule: &isl_rs::UnionMap,
    array: &str,
    rank: usize,
) -> Result<Vec<Option<i64>>, isl_rs::LibISLError> {
    let ctx = writes.get_ctx();
    let dims: Vec<String> = (0..rank).map(|k| format!("c{k}")).collect();
    let cells =
        isl_rs::UnionSet::read_from_str(&ctx, &format!("{{ {array}[{}] }}", dims.join(", ")))?;
    let to_cell = writes.copy()?.intersect_range(cells)?; // { w -> c }
    let written = to_cell.copy()?.domain()?;
    let start = schedule.copy()?.intersect_domain(written.copy()?)?; // { w -> time(w) }
    let last_read = flow
        .copy()?
        .intersect_domain(written)?
        .apply_range(schedule.copy()?)?
        .lexmax()?;
    let dead = start.copy()?.subtract_domain(last_read.copy()?.domain()?)?;
    let last = last_read.union(dead)?; // { w -> time of the last read of its value }
    let before_last = start.lex_le_union_map(last)?; // { w1 -> w2 : time(w1) <= last(w2) }
    let conflicts = before_last.copy()?.intersect(before_last.reverse()?)?;
    let differences = conflicts
        .apply_domain(to_cell.copy()?)?
        .apply_range(to_cell)?
        .deltas()?;
    if differences.is_empty()? {
        return Ok(vec![Some(1); rank]);
    }
    smallest_moduli(&isl_rs::Set::from_union_set(differences)?, rank)
}

/// Successive modulo in every order of the dimensions; the smallest buffer wins (ties:
/// the order as declared). An unbounded dimension counts as very large.
fn smallest_moduli(
    differences: &isl_rs::Set,
    rank: usize,
) -> Result<Vec<Option<i64>>, isl_rs::LibISLError> {
    let mut best: Option<(f64, Vec<Option<i64>>)> = None;
    for order in crate::transform::rewrites::permutations(rank) {
        let moduli = successive_modulo(differences, &order)?;
        let size: f64 = moduli.iter().map(|m| m.map_or(1e6, |b| b as f64)).product();
        if best.as_ref().is_none_or(|(s, _)| size < *s) {
            best = Some((size, moduli));
        }
    }
    Ok(best.map_or(vec![None; rank], |(_, m)| m))
}

/// The moduli by successive modulo with the dimensions taken in `order`:
/// `b_(order[k]) = 1 + max { d_(order[k]) : d in differences, d_(order[j]) = 0 for j < k }`.
fn successive_modulo(
    differences: &isl_rs::Set,
    order: &[usize],
) -> Result<Vec<Option<i64>>, isl_rs::LibISLError> {
    let mut moduli = vec![None; order.len()];
    for (k, &dim) in order.iter().enumerate() {
        let mut at_k = differences.copy()?;
        for &before in &order[..k] {
            at_k = at_k.fix_si(isl_rs::DimType::Set, before as u32, 0)?;
        }
        let max = at_k.dim_max_val(dim as i32)?;
        moduli[dim] = if max.is_int()? {
            Some(max.get_num_si()?.max(0) + 1)
        } else {
            None
        };
    }
    Ok(moduli)
}

/// What a contraction did, for reports.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Contraction {
    pub array: String,
    pub buffer: String,
    /// Extents before and after, as C.
    pub before: Vec<String>,
    pub after: Vec<String>,
    #[serde(flatten)]
    pub element: ElementType,
}

impl Contraction {
    /// `tmp[n][m] -> tmp_c[4][m]`.
    pub fn describe(&self) -> String {
        let dims = |e: &[String]| e.iter().map(|x| format!("[{x}]")).collect::<String>();
        format!(
            "{}{} -> {}{}",
            self.array,
            dims(&self.before),
            self.buffer,
            dims(&self.after)
        )
    }
}

/// `region` with `array` stored in a buffer whose dimension `k` holds `moduli[k]`
/// cells (`None`: all of them), accessed as `buffer[(e_k) % b_k]`. A local array
/// declared alone and used only in the region keeps its name and gets the smaller
/// declaration in place, unless the region is versioned (the code as written, its
/// fallback, still uses that declaration); otherwise `buffer` is a new local declared
/// with the region.
pub fn contract(
    region: &Region,
    array: &str,
    moduli: &[Option<i64>],
    buffer: &str,
) -> (Region, Contraction) {
    let mut out = region.clone();
    let original = region.arrays.iter().find(|a| a.name == array).cloned();
    let in_place = original
        .as_ref()
        .and_then(|a| a.declaration.clone())
        .filter(|_| region.may_overlap.is_empty());
    let buffer = if in_place.is_some() { array } else { buffer };
    for stmt in &mut out.statements {
        let mut rewrites = Vec::new();
        for a in stmt.accesses.iter_mut().filter(|a| a.array == array) {
            a.array = buffer.to_string();
            for (k, modulus) in moduli.iter().enumerate() {
                let (Some(b), Some(sub), Some(span)) =
                    (modulus, a.subscripts.get_mut(k), a.index_spans.get(k))
                else {
                    continue;
                };
                if *b == 1 {
                    *sub = Aff::Int(0);
                    rewrites.push((span.clone(), vec![Piece::Text("0".to_string())]));
                } else {
                    *sub = Aff::Mod(Box::new(sub.clone()), *b);
                    rewrites.push((span.start..span.start, vec![Piece::Text("(".to_string())]));
                    rewrites.push((span.end..span.end, vec![Piece::Text(format!(") % {b}"))]));
                }
            }
            rewrites.push((a.name_span.clone(), vec![Piece::Text(buffer.to_string())]));
        }
        for (span, pieces) in rewrites {
            if !stmt
                .rewrites
                .iter()
                .any(|(r, p)| *r == span && *p == pieces)
            {
                if !span.is_empty() {
                    stmt.rewrites.retain(|(r, _)| {
                        r.is_empty() || r.end <= span.start || r.start >= span.end
                    });
                }
                stmt.rewrites.push((span, pieces));
            }
        }
    }
    let before = original.as_ref().map_or(Vec::new(), |a| a.extents.clone());
    let element = original
        .as_ref()
        .map_or_else(ElementType::constant, |a| a.element.clone());
    let after: Vec<String> = before
        .iter()
        .zip(moduli)
        .map(|(e, m)| m.map_or(e.clone(), |b| b.to_string()))
        .collect();
    out.arrays.retain(|a| a.name != array);
    out.arrays.push(Array {
        name: buffer.to_string(),
        element: element.clone(),
        extents: after.clone(),
        scope: Scope::Local,
        live_out: false,
        declaration: None,
        member_of: None,
        memory: Memory::Local,
        flat: false,
    });
    if original.as_ref().is_some_and(|a| a.declaration.is_some())
        || constant_elements(region, &after).is_some_and(|n| n <= MAX_PRIVATE_ELEMENTS)
    {
        out.private_buffers.push(buffer.to_string());
    }
    let dims: String = after.iter().map(|e| format!("[{e}]")).collect();
    let declaration = format!("{element} {buffer}{dims};");
    match in_place {
        Some(span) => out.replaced_declarations.push((span, declaration)),
        None => out.declarations.push(declaration),
    }
    (
        out,
        Contraction {
            array: array.to_string(),
            buffer: buffer.to_string(),
            before,
            after,
            element,
        },
    )
}

/// The temporaries of `region`: arrays dead after it that nothing outside the
/// region can see (a local's declaration is its only use there, so no pointer to it
/// escapes). Never a struct member: contracting it would change the struct's
/// declaration.
fn temporaries(region: &Region) -> Vec<Array> {
    region
        .arrays
        .iter()
        .filter(|a| {
            !a.live_out
                && !a.extents.is_empty()
                && a.member_of.is_none()
                && (a.scope != Scope::Local || a.declaration.is_some())
                && region.is_rewritable(&a.name)
        })
        .cloned()
        .collect()
}

/// Contracts every temporary array of `plan`'s region (dead after it, not read before
/// being written in it) to the smallest modulo buffer its live ranges under the chosen
/// order allow. Each contraction is kept only if the contracted program, run in that
/// order, reads exactly the values the original reads (`dataflow::same_values`).
pub fn contract_temporaries(
    ctx: &Context,
    mut plan: Plan,
    identifiers: &BTreeSet<String>,
) -> Result<(Plan, Vec<Contraction>), LibISLError> {
    let mut done = Vec::new();
    for array in temporaries(&plan.region) {
        let Some(Some((region, text, scop, contraction))) =
            crate::support::isl::step(ctx, || contracted(ctx, &plan, &array, identifiers))?
        else {
            continue;
        };
        plan.region = region;
        plan.text = text;
        plan.scop = scop;
        done.push(contraction);
    }
    crate::support::work::reset_operations(ctx);
    Ok((plan, done))
}

/// `plan` with `array` contracted under its order, verified; `None` if it cannot shrink
/// or the contracted program would read other values.
fn contracted(
    ctx: &Context,
    plan: &Plan,
    array: &Array,
    identifiers: &BTreeSet<String>,
) -> Result<Option<(Region, ScopText, Scop, Contraction)>, LibISLError> {
    let isl_array = model::isl_name(&array.name);
    if dataflow::reads_live_in(ctx, &plan.df, &array.name, array.extents.len())? {
        return Ok(None);
    }
    let order = plan.schedule_map(ctx, &plan.tree)?;
    let mut moduli = contraction_moduli(
        &plan.df.plain.writes,
        &plan.df.plain.flow,
        &order,
        &isl_array,
        array.extents.len(),
    )?;
    for (m, extent) in moduli.iter_mut().zip(&array.extents) {
        if let (Some(b), Ok(e)) = (*m, extent.trim().parse::<i64>())
            && b >= e
        {
            *m = None;
        }
    }
    if moduli.iter().all(Option::is_none) {
        return Ok(None);
    }
    let buffer = fresh_name(&format!("{}_c", array.name), identifiers, &plan.region);
    let (region, contraction) = contract(&plan.region, &array.name, &moduli, &buffer);
    let Ok(text) = model::scop_text(&region) else {
        return Ok(None);
    };
    let scop = model::build(ctx, &text, plan.scop.parsed.clone())?;
    let order = model::schedule(ctx, &region, &text, &plan.tree)?;
    let df = dataflow::dataflow_under(ctx, &scop, &order)?;
    let same = dataflow::same_values(&plan.df, &df)?;
    Ok(same.then_some((region, text, scop, contraction)))
}

#[cfg(test)]
mod tests {
    use super::smallest_moduli;

    #[test]
    fn the_dimension_order_giving_the_smallest_buffer_wins() {
        let ctx = crate::support::isl::new_context();
        // Conflicting cells differ by at most 5 rows and 1 column, and cells of the
        // same column never conflict: in declared order 6 x 2 cells, columns first 1 x 2.
        let d = isl_rs::Set::read_from_str(
            &ctx,
            "{ [d0, d1] : -5 <= d0 <= 5 and -1 <= d1 <= 1 and (d1 != 0 or d0 = 0) }",
        )
        .unwrap();
        assert_eq!(smallest_moduli(&d, 2).unwrap(), vec![Some(1), Some(2)]);
    }
}
