//! Product nests run as packed micro-kernels, the way a tuned BLAS runs a matrix
//! product: a statement `X[r][c] += P * Q` alone in three loops (the row `r` and column
//! `c` of the cell it updates, and `k`, which `X`'s subscripts do not name), where `P`
//! names no `c` and `Q` no `r`; or a sum of such products, `X[r][c] += P_1 * Q_1 + P_2 *
//! Q_2` (a rank-2k update). Its operands are copied into contiguous buffers (each `P`
//! per `(r, k)`, each `Q` per `(k, c)`), and a tile of `X` of `rows x columns` cells is
//! kept in vector registers while `k` runs ([`ProductKernel`]; `codegen::products`
//! prints it).
//!
//! Why the values are the same bits: nothing but `X[r][c]` is written, and no operand
//! reads `X` (or, in place, `Q` reads rows of `X` the kernel packs before it updates
//! any of their cells, and the program reads their values from before the nest too:
//! [`in_place_reads_exact`]), so each cell's value depends only on its own updates;
//! the kernel adds each cell's sum `P_1 * Q_1 + ...` (the operands computed by the
//! same expressions, once; the sum in the source's order) in the order of increasing
//! `k`, the program's order too ([`adds_upward`]), whatever order it visits the cells
//! in. Distinct rows are distinct cells, so blocks of rows may run on distinct
//! threads.

use crate::analysis::plan::Plan;
use crate::frontend::ir::{AccessKind, Aff, Piece, ProductTerm, Region, Statement};
use crate::frontend::types::{CType, ElementType};
use crate::model::{ScheduleTree, ScopText};
use crate::support::ast::{AstNodeId, called, each_node};
use crate::support::diag::Span;
use crate::support::isl::{AstKind, Failure, ast_kind, expr_from_pw_aff, expr_from_set};
use crate::transform::decision::{Blocking, Decision, ParallelLoop};
use crate::transform::parallel::{MarkedLoop, marked_loop};
use isl_rs::{ASTExpr, ASTNode, Context, DimType, Map, PwAff, Set, UnionMap, UnionSet};
use std::collections::{BTreeMap, BTreeSet};

/// The prefix of every identifier a kernel declares; a file that uses one keeps its
/// nests as the other transformations leave them.
pub const KERNEL_PREFIX: &str = "nestor_";

/// The loops of a product nest by what they index: positions in the statement's
/// iterators.
#[derive(Clone, Copy, Debug)]
pub struct Roles {
    pub row: usize,
    pub column: usize,
    pub depth: usize,
}

/// A product nest and how it runs.
pub struct ProductKernel {
    pub statement: usize,
    pub roles: Roles,
    /// The updated cell's write access.
    pub target: usize,
    /// The products the statement adds, in the order of its sum.
    pub terms: Vec<ProductOperands>,
    pub element: ElementType,
    pub blocking: Blocking,
    /// Per role (row, column, depth): the first and last value, expressions of the
    /// parameters, exact where the nest runs.
    pub first: [ASTExpr; 3],
    pub last: [ASTExpr; 3],
    /// Where the nest runs at all (`None`: for every value of the parameters).
    pub runs: Option<ASTExpr>,
    /// Which cells of the box of rows and columns the nest updates, a condition on
    /// [`CELL_ROW`] and [`CELL_COLUMN`] (`None`: all).
    pub cells: Option<ASTExpr>,
    /// Where each cell runs its own part of the depth (a triangular matrix's product:
    /// `k < i`); `None`: every cell runs all of it.
    pub depths: Option<CellDepths>,
    /// How the kernel runs on threads.
    pub threads: KernelThreads,
}

/// What a region's kernels may run on threads: `allowed`, whether anything in the
/// region may (parallel loops asked for, the region not inside the source's own
/// parallel construct), and the `loops` that do.
#[derive(Clone, Copy)]
pub struct Threads<'a> {
    pub allowed: bool,
    pub loops: &'a [ParallelLoop],
}

/// How a product kernel runs on threads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KernelThreads {
    /// On the calling thread alone (no loop of the nest runs on threads).
    One,
    /// The team shares the packed column operand and splits the blocks of rows (the
    /// nest has a loop the parallel check found independent).
    RowBlocks,
    /// Each thread runs the whole kernel on a range of columns of its own (an
    /// in-place kernel: a column's cells read only cells of their own column, `X[k][c]`,
    /// so columns are independent; rows split among threads would read rows another
    /// thread updates).
    ColumnRanges,
}

/// The depths each cell of a product adds, where they depend on the cell: `{ S[r, c, k]
/// : (r, c) in Cells and first(r, c) <= k <= last(r, c) }`.
pub struct CellDepths {
    /// `first(r, c)` and `last(r, c)`, expressions of [`CELL_ROW`], [`CELL_COLUMN`] and
    /// the parameters, exact on the cells.
    pub first: ASTExpr,
    pub last: ASTExpr,
    /// Both are affine functions of the cell (no floor, no pieces): over a rectangle
    /// of cells, their extremes are at its corners.
    pub affine: bool,
    /// Where the nest reads the row operand: a condition on [`CELL_ROW`] and
    /// [`CELL_DEPTH`] (`{ [r, k] : exists c: S[r, c, k] }`; `None`: at every row and
    /// depth of the box). Packing reads nothing else.
    pub row_reads: Option<ASTExpr>,
    /// Where it reads the column operand: a condition on [`CELL_DEPTH`] and
    /// [`CELL_COLUMN`].
    pub column_reads: Option<ASTExpr>,
}

/// The operands of one product `P * Q` of a kernel's statement: the one depending on
/// `(r, k)`, and the one on `(k, c)`.
#[derive(Clone, Debug)]
pub struct ProductOperands {
    pub row: Span,
    pub column: Span,
}

impl ProductKernel {
    pub fn decision(&self, region: &Region) -> Decision {
        Decision::ProductKernel {
            statement: region.statements[self.statement].name.clone(),
            blocking: self.blocking,
            products: self.terms.len(),
        }
    }
}

/// The kernels of a region, by the AST node each replaces.
#[derive(Default)]
pub struct ProductPlan {
    pub kernels: BTreeMap<AstNodeId, ProductKernel>,
}

impl ProductPlan {
    pub const NONE: ProductPlan = ProductPlan {
        kernels: BTreeMap::new(),
    };
}

/// The product nests of `ast` (an order of `plan`) that run as kernels: a node outside
/// every loop whose subtree runs every instance of one product statement and nothing
/// else, over a box of iterations (`{ S[r, c, k] : f_r <= r <= l_r and f_c <= c <= l_c
/// and f_k <= k <= l_k }`, bounds of the parameters), a convex part of one whose
/// depths depend on the cell ([`CellDepths`]), not known to be small ([`MIN_EXTENT`],
/// [`MIN_VOLUME`]). None where the source's own `#pragma omp parallel for` has
/// clauses (the kernel's pragmas are its own), or the file names an identifier the
/// kernels could hide.
pub fn plan(
    ctx: &Context,
    plan: &Plan,
    ast: &ASTNode,
    parallel: Threads<'_>,
    file_identifiers: &BTreeSet<String>,
) -> Result<ProductPlan, Failure> {
    let region = &plan.region;
    let mut kernels = ProductPlan::default();
    if !kernels_allowed(region, file_identifiers) {
        return Ok(kernels);
    }
    let totals = calls(region, ast)?;
    for node in top_level(ast)? {
        let here = calls(region, &node)?;
        let [(&statement, &n)] = here.iter().collect::<Vec<_>>()[..] else {
            continue;
        };
        if totals.get(&statement) != Some(&n) {
            continue;
        }
        let Some((form, bounds)) = kernel_shape(ctx, plan, statement)? else {
            continue;
        };
        let threads = match (form.in_place.is_empty(), parallel.allowed) {
            (true, _) if threads_in(&node, parallel.loops)? => KernelThreads::RowBlocks,
            (false, true) => KernelThreads::ColumnRanges,
            _ => KernelThreads::One,
        };
        let blocking = blocking_for(form.element.size().unwrap_or(8), form.terms.len());
        kernels.kernels.insert(
            AstNodeId::of(&node),
            ProductKernel {
                statement,
                roles: form.roles,
                target: form.target,
                terms: form.terms,
                element: form.element,
                blocking,
                first: bounds.first,
                last: bounds.last,
                runs: bounds.runs,
                cells: bounds.cells,
                depths: bounds.depths,
                threads,
            },
        );
    }
    Ok(kernels)
}

/// The statements [`plan`] is expected to run as kernels, read on `tree` before any
/// AST is built: each alone in a nest outside every loop, product-shaped over a box.
/// Their register tiles need not be generated (the kernel replaces their loops), and
/// generating them is most of the AST build's time.
pub fn expected_kernels(
    ctx: &Context,
    plan: &Plan,
    tree: &ScheduleTree,
    file_identifiers: &BTreeSet<String>,
) -> Result<BTreeSet<usize>, Failure> {
    let mut out = BTreeSet::new();
    if !kernels_allowed(&plan.region, file_identifiers) {
        return Ok(out);
    }
    for nest in tree.outermost_nests() {
        let [statement] = nest.statements()[..] else {
            continue;
        };
        if nest.contains_band() && kernel_shape(ctx, plan, statement)?.is_some() {
            out.insert(statement);
        }
    }
    Ok(out)
}

/// Whether the region's nests may run as kernels at all: not where the source's own
/// `#pragma omp parallel for` has clauses, or the file names an identifier the kernels
/// could hide.
fn kernels_allowed(region: &Region, file_identifiers: &BTreeSet<String>) -> bool {
    let user_clauses = region
        .user_parallel
        .as_ref()
        .is_some_and(|u| !u.clauses.trim().is_empty());
    !user_clauses
        && !file_identifiers
            .iter()
            .any(|n| n.starts_with(KERNEL_PREFIX))
}

/// Statement `k`'s product form and the bounds of its box, `None` where it has none.
fn kernel_shape(
    ctx: &Context,
    plan: &Plan,
    k: usize,
) -> Result<Option<(ProductForm, DomainShape)>, Failure> {
    let Some(form) = product_form(&plan.region, k) else {
        return Ok(None);
    };
    let Some(bounds) = domain_shape(ctx, &plan.text, k, form.roles)? else {
        return Ok(None);
    };
    if !form.in_place.is_empty() && !in_place_reads_exact(ctx, plan, k, &form)? {
        return Ok(None);
    }
    if !adds_upward(ctx, plan, k, form.roles)? {
        return Ok(None);
    }
    Ok(Some((form, bounds)))
}

/// Statement `k`'s instance with its iterators named `{prefix}0`, `{prefix}1`, ...
/// (`S0[x0, x1, x2]`), for relations written as text.
fn instance(plan: &Plan, k: usize, prefix: &str) -> String {
    let s = &plan.region.statements[k];
    let names: Vec<String> = (0..s.iters.len()).map(|d| format!("{prefix}{d}")).collect();
    format!("{}[{}]", s.name, names.join(", "))
}

/// `{ S[x] -> S[y] : y_depth <= x_depth }` over statement `k`'s iterators.
fn not_deeper(ctx: &Context, plan: &Plan, k: usize, roles: Roles) -> Result<Map, Failure> {
    let d = roles.depth;
    Ok(Map::read_from_str(
        ctx,
        &format!(
            "{}{{ {} -> {} : y{d} <= x{d} }}",
            plan.text.params,
            instance(plan, k, "x"),
            instance(plan, k, "y"),
        ),
    )?)
}

/// Whether each cell of statement `k` adds its products in the order of increasing
/// depth, as the kernel does: no flow from an instance of the statement to one at the
/// same or an earlier depth (a depth loop written downward adds from the last).
fn adds_upward(ctx: &Context, plan: &Plan, k: usize, roles: Roles) -> Result<bool, Failure> {
    let backward = not_deeper(ctx, plan, k, roles)?;
    let flow = plan
        .df
        .plain
        .flow
        .copy()?
        .intersect(UnionMap::from_map(backward)?)?;
    Ok(flow.is_empty()?)
}

/// Whether a kernel whose column operands read the updated array `X` at `X[k][c]`
/// (in place: `B[i][j] += A[k][i] * B[k][j]`) reads the values the program reads. It
/// packs the rows of `X` of a block of depths before any cell of the block is updated,
/// and holds:
/// - each instance's depth exceeds its row (`{ S[r, c, k] : k <= r }` is empty): row
///   `k`'s cells are updated only at depths past `k`, after the block holding `k` was
///   packed (without buffers, the rows run in order: after the rows that read row `k`);
/// - no instance of the statement writes a value these reads read (flow from its write
///   to them is empty): the program reads the values `X` held before the nest.
fn in_place_reads_exact(
    ctx: &Context,
    plan: &Plan,
    k: usize,
    form: &ProductForm,
) -> Result<bool, Failure> {
    let (row, depth) = (form.roles.row, form.roles.depth);
    let not_past_row = Set::read_from_str(
        ctx,
        &format!(
            "{}{{ {} : x{depth} <= x{row} }}",
            plan.text.params,
            instance(plan, k, "x"),
        ),
    )?;
    let domain = Set::read_from_str(ctx, &plan.text.domains[k])?;
    if !domain.intersect(not_past_row)?.is_empty()? {
        return Ok(false);
    }
    let tagged = |a: usize| -> Result<UnionSet, Failure> {
        Ok(UnionMap::read_from_str(ctx, &plan.text.accesses[k][a].1)?.domain()?)
    };
    let mut reads = tagged(form.in_place[0])?;
    for &a in &form.in_place[1..] {
        reads = reads.union(tagged(a)?)?;
    }
    let flow = plan
        .df
        .tagged
        .flow
        .copy()?
        .intersect_domain(tagged(form.target)?)?
        .intersect_range(reads)?;
    Ok(flow.is_empty()?)
}

/// Sized for 256-bit vectors with 16 registers (AVX2): 10 accumulators, two vectors
/// of `Q`, one broadcast of `P`, which leaves gcc room; a panel of `Q` (`depth x
/// columns`) fills half of a 32 KiB L1, a block of `P` (`row_block x depth`) a fifth of
/// a 1 MiB L2, a block of `Q` (`depth x column_block`, 4 MiB of doubles) the
/// last-level cache. Measured on Zen 4 (bench/products, bench/results.md): BLIS's 6
/// rows spilled an accumulator in every iteration of `k` once gcc outlined the kernel
/// for OpenMP (22 GFLOP/s against 44 with 5 rows, on one thread); 2048 or 4096
/// columns rather than 512 took the PolyBench-shaped product from 41 to 42-44 GFLOP/s
/// (OpenBLAS 51.5), 4096 lost 15% on a 512 x 4096 x 256 product. A sum of `terms`
/// products packs `terms` values per `k`: `depth` shrinks to keep the same bytes. Its
/// rows stay 5: for two products 5 ran 40 GFLOP/s on a 2000 x 2000 rank-2k update where
/// 3 ran 27 and 4 30 (gcc keeps the second product's vectors in AVX-512's upper
/// registers, or reads them from L1 under AVX2: the same rate; OpenBLAS 51).
fn blocking_for(bytes: u64, terms: usize) -> Blocking {
    Blocking {
        rows: 5,
        lanes: if bytes == 4 { 8 } else { 4 },
        wide_lanes: if bytes == 4 { 16 } else { 8 },
        vectors: 2,
        depth: 256 / terms.next_power_of_two(),
        row_block: 100,
        column_block: 2048,
    }
}

/// Products with a loop of a known extent below this run as the other transformations
/// leave them: a register tile would seldom be full.
pub const MIN_EXTENT: i64 = 32;

/// Products whose iteration count is known and below this run as the other
/// transformations leave them: packing would cost more than it saves.
pub const MIN_VOLUME: i64 = 64 * 64 * 64;

/// The nodes of `ast` outside every loop and block: the block's children, or the root.
fn top_level(ast: &ASTNode) -> Result<Vec<ASTNode>, Failure> {
    if ast_kind(ast)? != AstKind::Block {
        return Ok(vec![ast.copy()?]);
    }
    let children = ast.block_get_children()?;
    let mut out = Vec::new();
    for k in 0..children.size()? {
        out.extend(top_level(&children.get_at(k)?)?);
    }
    Ok(out)
}

/// How many calls of each statement `node`'s subtree holds.
fn calls(region: &Region, node: &ASTNode) -> Result<BTreeMap<usize, usize>, Failure> {
    let mut out = BTreeMap::new();
    each_node(node, &mut |n| {
        if ast_kind(n)? == AstKind::User {
            let name = called(&n.user_get_expr()?)?;
            let k = region.statements.iter().position(|s| s.name == name);
            *out.entry(k.unwrap_or(usize::MAX)).or_insert(0) += 1;
        }
        Ok(())
    })?;
    Ok(out)
}

/// Whether a loop of `node`'s subtree runs on threads.
fn threads_in(node: &ASTNode, parallel: &[ParallelLoop]) -> Result<bool, Failure> {
    let mut found = false;
    each_node(node, &mut |n| {
        if !found && ast_kind(n)? == AstKind::Mark {
            found = matches!(marked_loop(n, parallel)?, MarkedLoop::Threads { .. });
        }
        Ok(())
    })?;
    Ok(found)
}

/// What makes statement `k` a product statement.
struct ProductForm {
    roles: Roles,
    target: usize,
    terms: Vec<ProductOperands>,
    element: ElementType,
    /// The reads of the updated array by column operands, at `X[k][c]`.
    in_place: Vec<usize>,
}

/// `X[r][c] += P_1 * Q_1 + ... + P_n * Q_n` in three loops `r`, `c`, `k` (in any
/// order): `X` a floating array whose last subscript is contiguous memory (not a member
/// of an array of records), its subscripts exactly `r` and `c`; each `P` and `Q` a
/// product of reads of other arrays of `X`'s type (no literal, cast or call, so they
/// compute in that type), `P` naming no `c` and `Q` no `r` (in either order).
fn product_form(region: &Region, k: usize) -> Option<ProductForm> {
    let s = &region.statements[k];
    let update = s.product.as_ref()?;
    if s.iters.len() != 3 {
        return None;
    }
    let writes: Vec<usize> = (0..s.accesses.len())
        .filter(|&a| s.accesses[a].kind == AccessKind::Write)
        .collect();
    let [target] = writes[..] else { return None };
    let cell = &s.accesses[target];
    let array = region.arrays.iter().find(|a| a.name == cell.array)?;
    if !matches!(array.element.ctype, CType::Floating(32 | 64)) || array.member_of.is_some() {
        return None;
    }
    let [row, column] = &cell.subscripts[..] else {
        return None;
    };
    let (row, column) = (iterator_of(s, row)?, iterator_of(s, column)?);
    let depth = (0..3).find(|d| *d != row && *d != column)?;
    if row == column {
        return None;
    }
    let names = |span: &Span, n: usize| s.span_pieces(span.clone()).contains(&Piece::Iter(n));
    let operands = |t: &ProductTerm| {
        if !only_products(s, &t.left) || !only_products(s, &t.right) {
            return None;
        }
        let (row, column) = match (&t.left, &t.right) {
            (l, r) if !names(l, column) && !names(r, row) => (l.clone(), r.clone()),
            (l, r) if !names(r, column) && !names(l, row) => (r.clone(), l.clone()),
            _ => return None,
        };
        Some(ProductOperands { row, column })
    };
    let roles = Roles { row, column, depth };
    let terms: Vec<ProductOperands> = update.terms.iter().map(operands).collect::<Option<_>>()?;
    let in_place = operand_reads(region, s, target, &terms, roles)?;
    Some(ProductForm {
        roles,
        target,
        terms,
        element: array.element.clone(),
        in_place,
    })
}

/// The iterator `aff` is exactly (its position), if any.
fn iterator_of(s: &Statement, aff: &Aff) -> Option<usize> {
    let (0, terms) = aff.linear()? else {
        return None;
    };
    let [(name, 1)] = terms.iter().collect::<Vec<_>>()[..] else {
        return None;
    };
    s.iters.iter().position(|i| i == name)
}

/// The reads of product statement `s` other than its cell (`target`) when each reads an
/// array of the cell's type inside an operand, and reads the cell's array `X` only
/// inside column operands at `X[k][c]` (in place): those last ones; `None` otherwise.
fn operand_reads(
    region: &Region,
    s: &Statement,
    target: usize,
    terms: &[ProductOperands],
    roles: Roles,
) -> Option<Vec<usize>> {
    let cell = &s.accesses[target];
    let element = |name: &str| {
        let array = region.arrays.iter().find(|x| x.name == name);
        array.map(|x| x.element.ctype)
    };
    let mut in_place = Vec::new();
    for (a, access) in s.accesses.iter().enumerate().filter(|(a, _)| *a != target) {
        let the_cell = access.array == cell.array && access.span == cell.span;
        let in_row = terms.iter().any(|t| within(&access.span, &t.row));
        let in_column = terms.iter().any(|t| within(&access.span, &t.column));
        if element(&access.array) != element(&cell.array) || !(the_cell || in_row || in_column) {
            return None;
        }
        if access.array == cell.array && !the_cell {
            let at: Option<Vec<usize>> = access
                .subscripts
                .iter()
                .map(|x| iterator_of(s, x))
                .collect();
            if !in_column || at? != [roles.depth, roles.column] {
                return None;
            }
            in_place.push(a);
        }
    }
    Some(in_place)
}

fn within(inner: &Span, outer: &Span) -> bool {
    inner.start >= outer.start && inner.end <= outer.end
}

/// Whether the text of `span` is accesses joined by `*` and parentheses alone.
fn only_products(s: &Statement, span: &Span) -> bool {
    let mut text: Vec<u8> =
        s.text.as_bytes()[span.start - s.span.start..span.end - s.span.start].to_vec();
    for access in s.accesses.iter().filter(|a| within(&a.span, span)) {
        for b in &mut text[access.span.start - span.start..access.span.end - span.start] {
            *b = b' ';
        }
    }
    text.iter()
        .all(|b| b.is_ascii_whitespace() || matches!(b, b'*' | b'(' | b')'))
}

/// The bounds of a product's domain, as [`ProductKernel`] holds them.
struct DomainShape {
    first: [ASTExpr; 3],
    last: [ASTExpr; 3],
    runs: Option<ASTExpr>,
    cells: Option<ASTExpr>,
    depths: Option<CellDepths>,
}

/// The shape of statement `k`'s domain by role, when it is `{ S[r, c, k] : (r, c) in
/// Cells and f_k <= k <= l_k }` (bounds of the parameters), or convex (each cell's
/// depths an interval, [`CellDepths`]), whose rows, columns and depths are intervals
/// (every row of the hull has a cell, so packing an operand reads only what the nest
/// reads), not known to be small.
fn domain_shape(
    ctx: &Context,
    text: &ScopText,
    k: usize,
    roles: Roles,
) -> Result<Option<DomainShape>, Failure> {
    let domain = Set::read_from_str(ctx, &text.domains[k])?
        .coalesce()?
        .reset_tuple_id()?;
    if domain.is_empty()? {
        return Ok(None);
    }
    let (row, column, depth) = (roles.row, roles.column, roles.depth);
    let cells = only(&domain, &[row, column])?;
    let separable = back(&cells, &[row, column], 3)?
        .intersect(back(&only(&domain, &[depth])?, &[depth], 3)?)?
        .is_subset(&domain)?;
    let intervals = [row, column, depth]
        .iter()
        .map(|d| Ok(only(&domain, &[*d])?.is_box()?))
        .collect::<Result<Vec<bool>, Failure>>()?;
    if intervals.contains(&false) || !(separable || convex(&domain)?) {
        return Ok(None);
    }
    let context = Set::read_from_str(ctx, &text.context)?;
    if too_small(&domain, &context)? {
        return Ok(None);
    }
    let runs = domain.copy()?.params()?;
    let order = [row, column, depth];
    let bound = |d: usize, max: bool| -> Result<ASTExpr, Failure> {
        let pos = i32::try_from(order[d]).map_err(|_| Failure::Unexpected("rank".into()))?;
        let pa = match max {
            true => domain.copy()?.dim_max(pos)?,
            false => domain.copy()?.dim_min(pos)?,
        };
        expr_from_pw_aff(&runs, pa)
    };
    let first = [bound(0, false)?, bound(1, false)?, bound(2, false)?];
    let last = [bound(0, true)?, bound(1, true)?, bound(2, true)?];
    let everywhere = Set::universe(runs.get_space()?)?;
    let depths = match separable {
        true => None,
        false => Some(cell_depths(&domain, roles)?),
    };
    let cells = match cells.is_box()? {
        true => None,
        false if !convex(&cells)? => return Ok(None),
        false => Some(cell_condition(&cells, row < column)?),
    };
    let runs = match runs.is_equal(&everywhere)? {
        true => None,
        false => Some(expr_from_set(&everywhere, runs)?),
    };
    Ok(Some(DomainShape {
        first,
        last,
        runs,
        cells,
        depths,
    }))
}

/// Whether `set` is its convex hull: a condition that holds at the corners of a
/// rectangle then holds inside it.
fn convex(set: &Set) -> Result<bool, Failure> {
    Ok(Set::from_basic_set(set.copy()?.convex_hull()?)?.is_subset(set)?)
}

/// `set` with only its dimensions `keep` (ascending).
fn only(set: &Set, keep: &[usize]) -> Result<Set, Failure> {
    let mut out = set.copy()?;
    let n = usize::try_from(set.dim(DimType::Set)?).unwrap_or(0);
    for d in (0..n).rev().filter(|d| !keep.contains(d)) {
        out = out.project_out(DimType::Set, d as u32, 1)?;
    }
    Ok(out)
}

/// `set`, of dimensions `kept` of an `n`-d space, back in that space, unconstrained
/// in the others.
fn back(set: &Set, kept: &[usize], n: usize) -> Result<Set, Failure> {
    let mut out = set.copy()?;
    for d in (0..n).filter(|d| !kept.contains(d)) {
        out = out.insert_dims(DimType::Set, d as u32, 1)?;
    }
    Ok(out)
}

/// `{ [r, c] : (r, c) in cells }` as a condition on the names `nestor_row` and
/// `nestor_column`, assuming both in their intervals (`codegen` gives them values).
fn cell_condition(cells: &Set, row_first: bool) -> Result<ASTExpr, Failure> {
    match row_first {
        true => pair_condition(cells, [CELL_ROW, CELL_COLUMN]),
        false => pair_condition(cells, [CELL_COLUMN, CELL_ROW]),
    }
}

/// `set`, of two dimensions, as a condition on parameters `names` (in the order of its
/// dimensions), assuming each in its interval.
fn pair_condition(set: &Set, names: [&str; 2]) -> Result<ASTExpr, Failure> {
    let as_params = |set: Set| -> Result<Set, Failure> {
        let n = set.dim(DimType::Param)? as u32;
        Ok(set
            .move_dims(DimType::Param, n, DimType::Set, 0, 2)?
            .set_dim_name(DimType::Param, n, names[0])?
            .set_dim_name(DimType::Param, n + 1, names[1])?)
    };
    expr_from_set(
        &as_params(interval_hull(set)?)?.params()?,
        as_params(set.copy()?)?.params()?,
    )
}

/// The box of `set`'s (two) dimensions' intervals.
fn interval_hull(set: &Set) -> Result<Set, Failure> {
    Ok(back(&only(set, &[0])?, &[0], 2)?.intersect(back(&only(set, &[1])?, &[1], 2)?)?)
}

/// The depths of each cell of a convex `domain` (`{ S[r, c, k] }` by `roles`): its
/// first and last as expressions of the cell, and where the operands are read
/// (`{ [r, k] }`, `{ [k, c] }`: conditions where they are not boxes).
fn cell_depths(domain: &Set, roles: Roles) -> Result<CellDepths, Failure> {
    let mut by_cell = domain.copy()?;
    let n = by_cell.dim(DimType::Param)? as u32;
    for (at, (role, name)) in [(roles.row, CELL_ROW), (roles.column, CELL_COLUMN)]
        .into_iter()
        .enumerate()
    {
        let position = [roles.row, roles.column][..at]
            .iter()
            .filter(|moved| **moved < role)
            .count();
        let from = (role - position) as u32;
        by_cell = by_cell
            .move_dims(DimType::Param, n + at as u32, DimType::Set, from, 1)?
            .set_dim_name(DimType::Param, n + at as u32, name)?;
    }
    let cells = by_cell.copy()?.params()?;
    let (first, last) = (by_cell.copy()?.dim_min(0)?, by_cell.dim_max(0)?);
    let affine = affine_on(&first, &cells)? && affine_on(&last, &cells)?;
    let first = expr_from_pw_aff(&cells, first)?;
    let last = expr_from_pw_aff(&cells, last)?;
    let reads = |pair: [usize; 2], names: [&str; 2]| -> Result<Option<ASTExpr>, Failure> {
        let (pair, names) = match pair[0] < pair[1] {
            true => (pair, names),
            false => ([pair[1], pair[0]], [names[1], names[0]]),
        };
        let read = only(domain, &pair)?;
        match read.is_box()? {
            true => Ok(None),
            false => Ok(Some(pair_condition(&read, names)?)),
        }
    };
    Ok(CellDepths {
        first,
        last,
        affine,
        row_reads: reads([roles.row, roles.depth], [CELL_ROW, CELL_DEPTH])?,
        column_reads: reads([roles.depth, roles.column], [CELL_DEPTH, CELL_COLUMN])?,
    })
}

/// Whether `f` is, on `domain`, one affine function of the parameters without integer
/// divisions: monotone in each.
fn affine_on(f: &PwAff, domain: &Set) -> Result<bool, Failure> {
    let f = f.copy()?.gist(domain.copy()?)?;
    if !f.isa_aff()? {
        return Ok(false);
    }
    Ok(f.as_aff()?.dim(DimType::Div)? == 0)
}

/// The names [`ProductKernel::cells`] and [`CellDepths`] give a cell's row and column,
/// and a depth.
pub const CELL_ROW: &str = "nestor_row";
pub const CELL_COLUMN: &str = "nestor_column";
pub const CELL_DEPTH: &str = "nestor_depth";

/// Whether, under `context`, some loop of `domain` has a known extent below
/// [`MIN_EXTENT`], or all have and they make fewer than [`MIN_VOLUME`] instances.
fn too_small(domain: &Set, context: &Set) -> Result<bool, Failure> {
    let fixed = domain.copy()?.intersect_params(context.copy()?)?;
    let mut volume = Some(1i64);
    for d in 0..3 {
        let (lo, hi) = (fixed.copy()?.dim_min_val(d)?, fixed.copy()?.dim_max_val(d)?);
        if !lo.is_int()? || !hi.is_int()? {
            volume = None;
            continue;
        }
        let extent = hi.get_num_si()? - lo.get_num_si()? + 1;
        if extent < MIN_EXTENT {
            return Ok(true);
        }
        volume = volume.map(|v| v.saturating_mul(extent));
    }
    Ok(volume.is_some_and(|v| v < MIN_VOLUME))
}
