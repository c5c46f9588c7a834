//! Storage transformations on the region's IR. Scalar expansion (privatization): a
//! scalar whose every value is produced and consumed within one iteration of a loop
//! gets one cell per iteration of that loop, so iterations of other loops may
//! interleave without breaking its live ranges. Array contraction: a temporary array
//! whose values live only a few iterations under the chosen order is stored in a
//! modulo buffer. Both rewrite the IR; each change is kept only when the changed
//! program reads the same values (`deps::same_values`).

use crate::analysis::deps;
use crate::analysis::plan::Plan;
use crate::frontend::ir::{
    AccessKind, Aff, Array, CmpOp, Cond, Loop, Memory, Node, Piece, Region, Scope,
};
use crate::frontend::types::ElementType;
use crate::model::{self, Scop, ScopText};
use isl_rs::{Context, LibISLError, UnionSet};
use std::collections::BTreeSet;

/// A loop a scalar can be expanded along: the statements accessing the scalar are all
/// inside it, and it runs `for (x = low; x < low + extent; x++)`.
#[derive(Clone, Debug)]
pub struct ExpansionLoop {
    pub iterator: String,
    /// Position of the loop among the statements' iterators (the same for all).
    pub depth: usize,
    pub low: i64,
    /// The number of iterations, as an affine expression of the parameters.
    pub extent: Aff,
}

/// What an expansion did, for reports.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Expansion {
    pub variable: String,
    pub array: String,
    /// The loops it is expanded along, outermost first: one dimension each.
    pub iterators: Vec<String>,
    /// The new array's extents, as C.
    pub extents: Vec<String>,
    #[serde(flatten)]
    pub element: ElementType,
}

/// The scalars of `region` that may be expanded: local, dead after the region, and
/// written in it; never a struct member (its storage is the struct's). (That their values are produced and consumed within an iteration is
/// checked afterwards, by comparing the dataflow before and after.)
pub fn expandable_scalars(region: &Region) -> Vec<String> {
    let written: BTreeSet<&str> = region
        .statements
        .iter()
        .flat_map(|s| &s.accesses)
        .filter(|a| a.kind == AccessKind::Write)
        .map(|a| a.array.as_str())
        .collect();
    region
        .arrays
        .iter()
        .filter(|a| {
            a.extents.is_empty()
                && a.member_of.is_none()
                && a.scope == Scope::Local
                && !a.live_out
                && written.contains(a.name.as_str())
                && region.is_rewritable(&a.name)
        })
        .map(|a| a.name.clone())
        .collect()
}

/// The variables a parallel loop may give each thread a copy of: the expandable
/// scalars, and the arrays declared in the region's loop bodies with constant extents
/// (an OpenMP `private` array needs a complete type) whose accesses the text spells out.
pub fn privatizable(region: &Region) -> Vec<String> {
    let mut out = expandable_scalars(region);
    out.extend(
        region
            .block_locals
            .iter()
            .filter(|b| {
                region.arrays.iter().any(|a| {
                    a.name == b.name
                        && !a.extents.is_empty()
                        && a.extents
                            .iter()
                            .all(|e| constant_extent(region, e).is_some())
                })
            })
            .filter(|b| region.is_rewritable(&b.name))
            .map(|b| b.name.clone()),
    );
    out
}

/// The value of extent `e` when it is an integer literal or a `#define`d constant.
fn constant_extent(region: &Region, e: &str) -> Option<i64> {
    let e = e.trim();
    e.parse().ok().or_else(|| {
        region
            .constants
            .iter()
            .find(|(name, _)| name == e)
            .map(|(_, v)| *v)
    })
}

/// The most elements an expansion may add on the stack (a VLA) for every parameter
/// value the region may run with (1 MiB of doubles); larger ones go on the heap.
pub const MAX_EXPANDED_ELEMENTS: i128 = 1 << 17;

/// The largest value `aff` takes for the parameter values `region` may run with
/// (`None` if unbounded or not known).
fn largest_value(aff: &Aff, region: &Region) -> Option<i128> {
    let (constant, terms) = aff.linear()?;
    let mut max = i128::from(constant);
    for (name, c) in terms {
        let (_, range) = region.param_ranges.get(&name)?;
        let c = i128::from(c);
        max += if c > 0 { c * range.hi } else { c * range.lo };
    }
    Some(max)
}

/// The loops `variable` can be expanded along, innermost first.
pub fn expansion_loops(region: &Region, variable: &str) -> Vec<ExpansionLoop> {
    let around = common_loops(region, variable);
    let mut out: Vec<ExpansionLoop> = (0..around.len())
        .filter_map(|d| simple_extent(&around[d], &around[..d]))
        .collect();
    out.reverse();
    out
}

/// The loops around every statement that accesses `variable`, outermost first.
pub fn common_loops(region: &Region, variable: &str) -> Vec<Loop> {
    let users: BTreeSet<usize> = region
        .statements
        .iter()
        .enumerate()
        .filter(|(_, s)| s.accesses.iter().any(|a| a.array == variable))
        .map(|(k, _)| k)
        .collect();
    let mut out = Vec::new();
    enclosing_loops(&region.body, &users, &mut out);
    out
}

/// Collects the loops that contain every statement of `users`, outermost first.
fn enclosing_loops(nodes: &[Node], users: &BTreeSet<usize>, out: &mut Vec<Loop>) {
    for node in nodes {
        match node {
            Node::Loop(l, body) => {
                let mut inside = Vec::new();
                statements(body, &mut inside);
                if users.iter().all(|k| inside.contains(k)) {
                    out.push(l.clone());
                    enclosing_loops(body, users, out);
                }
            }
            Node::If(_, t, e, _) => {
                enclosing_loops(t, users, out);
                enclosing_loops(e, users, out);
            }
            Node::Stmt(_) => {}
        }
    }
}

fn statements(nodes: &[Node], out: &mut Vec<usize>) {
    for n in nodes {
        match n {
            Node::Stmt(k) => out.push(*k),
            Node::Loop(_, b) => statements(b, out),
            Node::If(_, t, e, _) => {
                statements(t, out);
                statements(e, out);
            }
        }
    }
}

/// `for (x = c; x < e; x++)` or `x <= e`, with `e` free of iterators: the extent
/// `e - c` (or `e - c + 1`) when `c` is a constant, else `e` with cells from 0 (the
/// caller checks every access stays within the extent).
fn simple_extent(l: &Loop, outer: &[Loop]) -> Option<ExpansionLoop> {
    let depth = outer.len();
    let low = l.init.constant().unwrap_or(0);
    let Cond::Cmp(Aff::Name(x), op, e) = &l.bound else {
        return None;
    };
    if x != &l.iter
        || l.stride != 1
        || e.divisions() > 0
        || outer.iter().any(|o| e.mentions(&o.iter))
    {
        return None;
    }
    let extent = match (op, low) {
        (CmpOp::Lt, 0) => e.clone(),
        (CmpOp::Le, -1) => e.clone(),
        (CmpOp::Lt, _) => Aff::Sub(Box::new(e.clone()), Box::new(Aff::Int(low))),
        (CmpOp::Le, _) => Aff::Sub(Box::new(e.clone()), Box::new(Aff::Int(low - 1))),
        _ => return None,
    };
    Some(ExpansionLoop {
        iterator: l.iter.clone(),
        depth,
        low,
        extent,
    })
}

/// `region` with `variable` (a scalar, or an array declared in a loop body) replaced by
/// an array with one more dimension per loop of `along` (outermost first, before its
/// own), in the model and in the statements' text, and the declaration of `array`
/// added: every access `S[i] -> variable[s]` becomes
/// `S[i] -> array[i_d1 - low_1, .., i_dr - low_r, s]`, `i_d` the loops' iterators.
pub fn expand(
    region: &Region,
    variable: &str,
    along: &[ExpansionLoop],
    array: &str,
) -> (Region, Expansion) {
    let mut out = region.clone();
    let original = region.arrays.iter().find(|a| a.name == variable);
    // An array keeps its own subscripts after the new ones (`row[j]` becomes
    // `row_i[i][j]`): only its name is rewritten.
    let own_extents = original.map_or(Vec::new(), |a| a.extents.clone());
    rename_accesses(&mut out, variable, array, along, !own_extents.is_empty());
    let element = original.map_or_else(ElementType::constant, |a| a.element.clone());
    let extents: Vec<String> = along
        .iter()
        .map(|l| l.extent.to_c())
        .chain(own_extents.iter().cloned())
        .collect();
    remove_variable(&mut out, variable);
    out.arrays.push(Array {
        name: array.to_string(),
        element: element.clone(),
        extents: extents.clone(),
        scope: Scope::Local,
        live_out: false,
        declaration: None,
        member_of: None,
        memory: Memory::Local,
        flat: false,
    });
    let storage = declaration(region, &element, array, along, &own_extents);
    out.declarations.extend(storage.lines);
    if storage.on_heap {
        out.epilogue.push(format!("__builtin_free({array});"));
    }
    (
        out,
        Expansion {
            variable: variable.to_string(),
            array: array.to_string(),
            iterators: along.iter().map(|l| l.iterator.clone()).collect(),
            extents,
            element,
        },
    )
}

/// `out` with every access to `variable` made an access to `array`, the iterators of
/// `along` (less their lower bounds) its first subscripts, in the model and in the text:
/// `S[i] -> variable[s]` becomes `S[i] -> array[i_d1 - low_1, .., i_dr - low_r, s]`.
/// An array variable (`keeps_subscripts`) has only its name rewritten in the text.
fn rename_accesses(
    out: &mut Region,
    variable: &str,
    array: &str,
    along: &[ExpansionLoop],
    keeps_subscripts: bool,
) {
    let subscripts: Vec<Aff> = along
        .iter()
        .map(|l| {
            if l.low == 0 {
                Aff::name(&l.iterator)
            } else {
                Aff::Sub(Box::new(Aff::name(&l.iterator)), Box::new(Aff::Int(l.low)))
            }
        })
        .collect();
    let to = Redirection {
        array: array.to_string(),
        subscripts,
        pieces: expanded_reference(array, along),
        whole: !keeps_subscripts,
        forwarded: false,
    };
    redirect_accesses(out, variable, &to);
}

/// `out` without the variable `variable`, no longer accessed: a variable declared in
/// the region's blocks is gone with its declaration.
pub fn remove_variable(out: &mut Region, variable: &str) {
    out.arrays.retain(|a| a.name != variable);
    if let Some(block) = out.block_locals.iter().find(|b| b.name == variable) {
        let declaration = block.declaration.clone();
        out.declarations.retain(|d| *d != declaration);
    }
}

/// Where the accesses of a variable go: `array` at `subscripts` (before the variable's
/// own), its text `pieces` in place of the whole access (`whole`) or of its name.
pub struct Redirection {
    pub array: String,
    pub subscripts: Vec<Aff>,
    pub pieces: Vec<Piece>,
    pub whole: bool,
    /// Whether the accesses stand in for a forwarded scalar
    /// ([`crate::frontend::ir::Access::forwarded`]).
    pub forwarded: bool,
}

/// `out` with every access `S[i] -> variable[s]` made `S[i] -> array[t, s]` (`t` the
/// redirection's subscripts), in the model and in the statements' text.
pub fn redirect_accesses(out: &mut Region, variable: &str, to: &Redirection) {
    for stmt in &mut out.statements {
        let mut rewritten = Vec::new();
        for a in stmt.accesses.iter_mut().filter(|a| a.array == variable) {
            a.array = to.array.clone();
            a.subscripts = to.subscripts.iter().chain(&a.subscripts).cloned().collect();
            a.forwarded = to.forwarded;
            rewritten.push(if to.whole {
                a.span.clone()
            } else {
                a.name_span.clone()
            });
        }
        for span in rewritten {
            stmt.rewrites
                .retain(|(r, _)| r.end <= span.start || r.start >= span.end);
            stmt.rewrites.push((span, to.pieces.clone()));
        }
    }
}

/// The text of a reference to the expanded `array`: `array[i - low]..`, an iterator
/// hole per loop of `along`.
fn expanded_reference(array: &str, along: &[ExpansionLoop]) -> Vec<Piece> {
    let mut pieces = vec![Piece::Text(array.to_string())];
    for l in along {
        pieces.push(Piece::Text("[".to_string()));
        pieces.push(Piece::Iter(l.depth));
        let offset = if l.low == 0 {
            String::new()
        } else {
            format!(" - {}", l.low)
        };
        pieces.push(Piece::Text(format!("{offset}]")));
    }
    pieces
}

/// The declaration of new storage: its lines, and whether it is on the heap (then
/// released after the region).
struct Storage {
    lines: Vec<String>,
    on_heap: bool,
}

/// The declaration of an expanded `array` with one dimension per loop of `along`: on
/// the stack when it has at most [`MAX_EXPANDED_ELEMENTS`] for every parameter value the
/// region may run with, else on the heap (through the compiler's builtins, so that no
/// header is needed; running out of memory aborts) as a pointer to its rows.
fn declaration(
    region: &Region,
    element: &ElementType,
    array: &str,
    along: &[ExpansionLoop],
    own_extents: &[String],
) -> Storage {
    let sizes: Vec<String> = along
        .iter()
        .map(|l| match l.extent.constant() {
            Some(c) => c.max(1).to_string(),
            None => {
                let e = l.extent.to_c();
                format!("{e} > 0 ? {e} : 1")
            }
        })
        .chain(own_extents.iter().cloned())
        .collect();
    let own: Option<i128> = own_extents.iter().try_fold(1i128, |n, e| {
        Some(n.saturating_mul(i128::from(constant_extent(region, e)?)))
    });
    let largest = own.and_then(|own| {
        along.iter().try_fold(own, |n, l| {
            largest_value(&l.extent, region).map(|m| n.saturating_mul(m.max(1)))
        })
    });
    if largest.is_some_and(|m| m <= MAX_EXPANDED_ELEMENTS) {
        let dims: String = sizes.iter().map(|s| format!("[{s}]")).collect();
        return Storage {
            lines: vec![format!("{element} {array}{dims};")],
            on_heap: false,
        };
    }
    let rows: String = sizes.iter().skip(1).map(|s| format!("[{s}]")).collect();
    let pointer = if rows.is_empty() {
        format!("*{array}")
    } else {
        format!("(*{array}){rows}")
    };
    let bytes: String = sizes
        .iter()
        .map(|s| format!(" * (unsigned long)({s})"))
        .collect();
    Storage {
        lines: vec![
            format!("{element} {pointer} = __builtin_malloc(sizeof({element}){bytes});"),
            format!("if (!{array}) __builtin_abort();"),
        ],
        on_heap: true,
    }
}

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
/// order, reads exactly the values the original reads (`deps::same_values`).
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
    ctx.reset_operations();
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
    if deps::reads_live_in(ctx, &plan.df, &array.name, array.extents.len())? {
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
    let scop = model::build(ctx, &text)?;
    let order = model::schedule(ctx, &region, &text, &plan.tree)?;
    let df = deps::dataflow_under(ctx, &scop, &order)?;
    let same = deps::same_values(&plan.df, &df)?;
    Ok(same.then_some((region, text, scop, contraction)))
}

/// Whether every access of the expanded `array` in `plan` stays within its extent
/// along `along`: `range(writes ∪ reads) ∩ { array[x] } ⊆ { array[x] : 0 <= x < extent }`.
pub fn within_extent(
    ctx: &Context,
    plan: &Plan,
    array: &str,
    along: &[ExpansionLoop],
) -> Result<bool, LibISLError> {
    let name = model::isl_name(array);
    let cells: Vec<String> = (0..along.len()).map(|d| format!("x{d}")).collect();
    let bounds: Vec<String> = along
        .iter()
        .enumerate()
        .map(|(d, l)| format!("0 <= x{d} < {}", l.extent.to_isl(&model::isl_name)))
        .collect();
    let cells = cells.join(", ");
    let bounds = UnionSet::read_from_str(
        ctx,
        &format!(
            "{}{{ {name}[{cells}] : {} }}",
            plan.text.params,
            bounds.join(" and ")
        ),
    )?;
    let all = UnionSet::read_from_str(ctx, &format!("{{ {name}[{cells}] }}"))?;
    let touched = plan
        .scop
        .writes
        .copy()?
        .range()?
        .union(plan.scop.reads.copy()?.range()?)?
        .intersect(all)?;
    touched.is_subset(&bounds)
}

/// `base`, or `base_2`, ... : a name used nowhere in the file or the region.
pub fn fresh_name(base: &str, identifiers: &BTreeSet<String>, region: &Region) -> String {
    let taken = |n: &str| identifiers.contains(n) || region.arrays.iter().any(|a| a.name == n);
    let mut name = base.to_string();
    let mut k = 1;
    while taken(&name) {
        k += 1;
        name = format!("{base}_{k}");
    }
    name
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
