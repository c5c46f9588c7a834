//! Storage transformations on the region's IR. Scalar expansion (privatization): a
//! scalar whose every value is produced and consumed within one iteration of a loop
//! gets one cell per iteration of that loop, so iterations of other loops may
//! interleave without breaking its live ranges. Array contraction: a temporary array
//! whose values live only a few iterations under the chosen order is stored in a
//! modulo buffer. Both rewrite the IR; each change is kept only when the changed
//! program reads the same values (`dataflow::same_values`).

use crate::analysis::plan::Plan;
use crate::frontend::ir::{
    AccessKind, Aff, Array, CmpOp, Cond, Loop, Memory, Node, Piece, Region, Scope,
};
use crate::frontend::types::ElementType;
use crate::model;
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
/// scalars, the arrays declared in the region's loop bodies with constant extents
/// (an OpenMP `private` array needs a complete type) whose accesses the text spells
/// out, and the buffers contraction made small enough (`Region::private_buffers`).
pub fn privatizable(region: &Region) -> Vec<String> {
    let mut out = expandable_scalars(region);
    out.extend(
        region
            .private_buffers
            .iter()
            .filter(|b| region.is_rewritable(b))
            .cloned(),
    );
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

/// The arrays a parallel loop may give each thread a copy of whose values the code
/// after the region may read (parameters, globals, locals live after it), so that the
/// copy of the loop's last iteration is stored back (`transform::last_private`):
/// written in the region, of elements of known size, accessed as the text spells them;
/// never a struct member.
pub fn last_privatizable(region: &Region) -> Vec<String> {
    let private = privatizable(region);
    region
        .arrays
        .iter()
        .filter(|a| {
            !a.extents.is_empty()
                && a.member_of.is_none()
                && !private.contains(&a.name)
                && region.is_rewritable(&a.name)
                && a.element.size().is_some()
                && region
                    .accesses_of(&a.name)
                    .any(|x| x.kind == AccessKind::Write)
        })
        .map(|a| a.name.clone())
        .collect()
}

/// `region` with every access to `variable` an access to `copy`, an array of its type
/// and extents that the code generator declares (each thread's copy,
/// [`own_copy_declaration`]).
pub fn with_own_copy(region: &Region, variable: &str, copy: &str) -> Region {
    let mut out = region.clone();
    let Some(original) = region.arrays.iter().find(|a| a.name == variable) else {
        return out;
    };
    rename_accesses(
        &mut out,
        variable,
        copy,
        &[],
        true,
        &users(region, variable),
    );
    out.arrays.push(Array {
        name: copy.to_string(),
        scope: Scope::Local,
        live_out: false,
        declaration: None,
        member_of: None,
        memory: Memory::Local,
        flat: false,
        ..original.clone()
    });
    out
}

/// The most bytes a thread's copy of an array takes on its stack: OpenMP threads may
/// run on small stacks (`OMP_STACKSIZE=256K`: a copy of 64 Ki doubles crashed there).
pub const MAX_THREAD_STACK_COPY_BYTES: i128 = 4096;

/// The declaration of `copy`, an array of `element` with `extents` (C text, each
/// positive), and the statement that frees it: on the stack when the extents are
/// constants of at most [`MAX_THREAD_STACK_COPY_BYTES`], else on the heap (the
/// block `memory`) as a pointer to its rows (running out of memory aborts). Aligned
/// to 64 bytes, a cache line: doitgen's row of 160 doubles updated with 64-byte
/// vectors ran 1.45x slower in malloc's 16-byte-aligned block.
pub fn own_copy_declaration(
    region: &Region,
    element: &ElementType,
    copy: &str,
    extents: &[String],
    memory: &str,
) -> (Vec<String>, Option<String>) {
    let size = i128::from(element.size().unwrap_or(16));
    let bytes = constant_elements(region, extents).map(|n| n.saturating_mul(size));
    if bytes.is_some_and(|b| b <= MAX_THREAD_STACK_COPY_BYTES) {
        let dims: String = extents.iter().map(|e| format!("[{e}]")).collect();
        let line = format!("_Alignas(64) {element} {copy}{dims};");
        return (vec![line], None);
    }
    let rows: String = extents.iter().skip(1).map(|e| format!("[{e}]")).collect();
    let bytes: String = extents
        .iter()
        .map(|e| format!(" * (unsigned long)({e})"))
        .collect();
    let lines = vec![
        format!("char *{memory} = __builtin_malloc(sizeof({element}){bytes} + 63);"),
        format!("if (!{memory}) __builtin_abort();"),
        format!(
            "{element} (*{copy}){rows} = ({element} (*){rows})(((__UINTPTR_TYPE__){memory} + 63) & ~(__UINTPTR_TYPE__)63);"
        ),
    ];
    (lines, Some(format!("__builtin_free({memory});")))
}

/// The declaration of `pointer`, a pointer to the rows of an array of `element` with
/// `extents` (one that can point at [`own_copy_declaration`]'s copy), set to `value`.
pub fn row_pointer_declaration(
    element: &ElementType,
    pointer: &str,
    extents: &[String],
    value: &str,
) -> String {
    let rows: String = extents.iter().skip(1).map(|e| format!("[{e}]")).collect();
    format!("{element} (*{pointer}){rows} = {value};")
}

/// The most elements of a contraction buffer of constant size each thread of a
/// parallel loop may get a copy of, on its stack (512 KiB of doubles).
pub const MAX_PRIVATE_ELEMENTS: i128 = 1 << 16;

/// The number of elements of an array of `extents`, when each is a constant.
pub(crate) fn constant_elements(region: &Region, extents: &[String]) -> Option<i128> {
    extents.iter().try_fold(1i128, |n, e| {
        Some(n.saturating_mul(i128::from(constant_extent(region, e)?)))
    })
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

/// The most bytes the expansions of a region may add on the stack (VLAs) together, for
/// every parameter value the region may run with (1 MiB: an eighth of a default
/// stack); the others go on the heap. Counted per region, not per array: eight
/// expanded scalars of 1 MiB each overflowed the stack.
pub const MAX_STACK_BYTES: i128 = 1 << 20;

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

/// The loop named `iterator` around every statement that accesses `variable`, as an
/// expansion loop: one loop, or (loops fused in the schedule tree, apart in the
/// region's text) one at the same depth with the same bounds around each.
pub fn loop_named(region: &Region, variable: &str, iterator: &str) -> Option<ExpansionLoop> {
    loop_named_around(region, &users(region, variable), iterator)
}

/// The loop named `iterator` around every statement of `users`, as [`loop_named`]
/// finds it.
pub fn loop_named_around(
    region: &Region,
    users: &BTreeSet<usize>,
    iterator: &str,
) -> Option<ExpansionLoop> {
    let mut found: Vec<ExpansionLoop> = Vec::new();
    named_loops(&region.body, &mut Vec::new(), users, iterator, &mut found);
    let first = found.first()?.clone();
    let alike = |l: &ExpansionLoop| {
        l.depth == first.depth && l.low == first.low && l.extent == first.extent
    };
    (found.len() == users.len() && found.iter().all(alike)).then_some(first)
}

/// For each statement of `users` in `nodes`, the innermost loop named `iterator`
/// around it (inside `path`), when its extent is simple.
fn named_loops(
    nodes: &[Node],
    path: &mut Vec<Loop>,
    users: &BTreeSet<usize>,
    iterator: &str,
    out: &mut Vec<ExpansionLoop>,
) {
    for node in nodes {
        match node {
            Node::Loop(l, body) => {
                path.push(l.clone());
                named_loops(body, path, users, iterator, out);
                path.pop();
            }
            Node::If(_, t, e, _) => {
                named_loops(t, path, users, iterator, out);
                named_loops(e, path, users, iterator, out);
            }
            Node::Stmt(k) if users.contains(k) => {
                let at = path.iter().rposition(|l| l.iter == iterator);
                if let Some(e) = at.and_then(|d| simple_extent(&path[d], &path[..d])) {
                    out.push(e);
                }
            }
            Node::Stmt(_) => {}
        }
    }
}

/// The statements that access `variable`.
pub fn users(region: &Region, variable: &str) -> BTreeSet<usize> {
    region
        .statements
        .iter()
        .enumerate()
        .filter(|(_, s)| s.accesses.iter().any(|a| a.array == variable))
        .map(|(k, _)| k)
        .collect()
}

/// The loops around every statement that accesses `variable`, outermost first.
pub fn common_loops(region: &Region, variable: &str) -> Vec<Loop> {
    loops_around_all(region, &users(region, variable))
}

/// The loops around every statement of `statements`, outermost first.
pub fn loops_around_all(region: &Region, statements: &BTreeSet<usize>) -> Vec<Loop> {
    let mut out = Vec::new();
    enclosing_loops(&region.body, statements, &mut out);
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
/// caller checks every access stays within the extent); downward, [`downward_extent`].
fn simple_extent(l: &Loop, outer: &[Loop]) -> Option<ExpansionLoop> {
    if l.stride == -1 {
        return downward_extent(l, outer);
    }
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

/// `for (x = e; x >= c; x--)` (or `x > c`), with `e` free of iterators and `c` a
/// constant: cells from `low = c` (`c + 1`), the extent `e - low + 1`, the cell of an
/// iteration `x - low` as upward.
fn downward_extent(l: &Loop, outer: &[Loop]) -> Option<ExpansionLoop> {
    let Cond::Cmp(Aff::Name(x), op, bound) = &l.bound else {
        return None;
    };
    let low = match (op, bound.constant()?) {
        (CmpOp::Ge, c) => c,
        (CmpOp::Gt, c) => c.checked_add(1)?,
        _ => return None,
    };
    if x != &l.iter || l.init.divisions() > 0 || outer.iter().any(|o| l.init.mentions(&o.iter)) {
        return None;
    }
    Some(ExpansionLoop {
        iterator: l.iter.clone(),
        depth: outer.len(),
        low,
        extent: Aff::Sub(
            Box::new(l.init.clone()),
            Box::new(Aff::Int(low.checked_sub(1)?)),
        ),
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
    expand_in(region, variable, along, array, &users(region, variable))
}

/// [`expand`] of the accesses of the statements `statements` alone (a web of the
/// variable: the others keep it, and it stays declared while they do).
pub fn expand_in(
    region: &Region,
    variable: &str,
    along: &[ExpansionLoop],
    array: &str,
    statements: &BTreeSet<usize>,
) -> (Region, Expansion) {
    let mut out = region.clone();
    let original = region.arrays.iter().find(|a| a.name == variable);
    // An array keeps its own subscripts after the new ones (`row[j]` becomes
    // `row_i[i][j]`): only its name is rewritten.
    let own_extents = original.map_or(Vec::new(), |a| a.extents.clone());
    rename_accesses(
        &mut out,
        variable,
        array,
        along,
        !own_extents.is_empty(),
        statements,
    );
    let element = original.map_or_else(ElementType::constant, |a| a.element.clone());
    let extents: Vec<String> = along
        .iter()
        .map(|l| l.extent.to_c())
        .chain(own_extents.iter().cloned())
        .collect();
    if users(&out, variable).is_empty() {
        remove_variable(&mut out, variable);
    }
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
    out.stack_bytes += storage.stack_bytes;
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

/// One expansion to make: `variable` along `along` (outermost first) as `array`, in
/// `statements` (all its users, or one web).
pub struct ExpansionRequest<'a> {
    pub variable: &'a str,
    pub along: &'a [ExpansionLoop],
    pub array: String,
    pub statements: BTreeSet<usize>,
}

/// `plan` with every expansion of `requests` made ([`expand_in`]), lifted, when the
/// expanded program reads the same values (`dataflow::same_values`) and stays within each
/// new array ([`within_extent`]). The lifted plan has the original order.
pub fn expanded_plan(
    ctx: &Context,
    plan: &Plan,
    requests: &[ExpansionRequest],
) -> Result<Option<(Plan, Vec<Expansion>)>, LibISLError> {
    let mut region = plan.region.clone();
    let mut expansions = Vec::new();
    for r in requests {
        let (next, expansion) = expand_in(&region, r.variable, r.along, &r.array, &r.statements);
        region = next;
        expansions.push(expansion);
    }
    let Some(Some(lifted)) = crate::support::isl::step(ctx, || plan.lift_change(ctx, region))?
    else {
        return Ok(None);
    };
    if !crate::analysis::dataflow::same_values(&plan.df, &lifted.df)? {
        return Ok(None);
    }
    for r in requests {
        if !within_extent(ctx, &lifted, &r.array, r.along)? {
            return Ok(None);
        }
    }
    Ok(Some((lifted, expansions)))
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
    statements: &BTreeSet<usize>,
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
    redirect_accesses_in(out, variable, &to, statements);
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
    let all = (0..out.statements.len()).collect();
    redirect_accesses_in(out, variable, to, &all);
}

/// [`redirect_accesses`] in the statements `statements` alone.
pub fn redirect_accesses_in(
    out: &mut Region,
    variable: &str,
    to: &Redirection,
    statements: &BTreeSet<usize>,
) {
    for (_, stmt) in out
        .statements
        .iter_mut()
        .enumerate()
        .filter(|(k, _)| statements.contains(k))
    {
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
    /// The most bytes it takes on the stack.
    stack_bytes: i128,
}

/// The declaration of an expanded `array` with one dimension per loop of `along`: on
/// the stack when the region's stack arrays then take at most [`MAX_STACK_BYTES`] for every parameter value the
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
    let own = constant_elements(region, own_extents);
    let largest = own.and_then(|own| {
        along.iter().try_fold(own, |n, l| {
            largest_value(&l.extent, region).map(|m| n.saturating_mul(m.max(1)))
        })
    });
    // A type of unknown size counts as the largest scalar C has.
    let bytes = largest.map(|m| m.saturating_mul(element.size().unwrap_or(16) as i128));
    if let Some(bytes) = bytes.filter(|b| region.stack_bytes.saturating_add(*b) <= MAX_STACK_BYTES)
    {
        let dims: String = sizes.iter().map(|s| format!("[{s}]")).collect();
        return Storage {
            lines: vec![format!("{element} {array}{dims};")],
            on_heap: false,
            stack_bytes: bytes,
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
        stack_bytes: 0,
    }
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
