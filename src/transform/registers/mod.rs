//! Which array cells the generated code keeps in locals (scalar replacement and
//! register promotion), decided over isl's AST before it is printed; `codegen` prints
//! the plan and decides nothing.
//!
//! Scalar replacement in straight-line code: the copies of a register tile update one
//! cell in several statements (`C[2c][j] += A[2c][4k] * B[4k][j]`, then `+ 1`, ...).
//! Compilers keep such a cell in a register only when they can tell it from every
//! other reference of the copies, which they cannot for arrays passed as pointers;
//! nestor can (its model already takes distinct arrays to be distinct memory), so the
//! cell is loaded into a local once, updated there, and stored once. The operations
//! and their order are unchanged: the values computed are the same bits.
//!
//! Register promotion: a cell the innermost loop updates in every iteration without
//! its subscripts changing (`q[i] += A[i][j] * p[j]` under `j`) is loaded before the
//! loop and stored after it. In a parallel loop only cells each iteration of it owns:
//! with no iteration, the store writes back the value loaded, which no other thread
//! may then be touching.

pub mod cells;

use crate::frontend::ir::{AccessKind, Piece, Region, Statement};
use crate::support::ast::{
    AstNodeId, called, each_node, for_iterator, straight_line_block, straight_line_calls,
};
use crate::support::isl::{AstKind, Failure, ast_kind};
use crate::transform::decision::ParallelLoop;
use crate::transform::parallel::{MarkedLoop, is_vector_loop, marked_loop};
use cells::{Cell, Linear, LoopRange, cells_of, distinct_within, loop_range, varying_iterators};
use isl_rs::{ASTExpr, ASTNode};
use std::collections::{BTreeMap, BTreeSet};

type Plans<T> = Result<T, Failure>;

/// A cell kept in a local: the access that names it (access `access` of statement
/// `statement`, as the call `call` runs it) and whether the local starts with the
/// cell's value.
pub struct KeptCell {
    pub array: String,
    pub call: ASTExpr,
    pub statement: usize,
    pub access: usize,
    pub loaded: bool,
}

/// The cells kept in locals, where each is declared and stored back, and the accesses
/// that read or write the local instead of memory.
#[derive(Default)]
pub struct RegisterPlan {
    pub cells: Vec<KeptCell>,
    /// Per `for` node, the cells (indices into `cells`) loaded before the loop and
    /// stored after it.
    across_loops: BTreeMap<AstNodeId, Vec<usize>>,
    /// The loops of `across_loops` that may run no iteration where they are reached:
    /// their cells are loaded and stored only where the loop runs one (the cell may
    /// lie outside the array then: `z[j + 1]` at the last `j`).
    may_run_none: BTreeSet<AstNodeId>,
    /// Per straight-line block, the cells declared before its first call and stored
    /// after its last.
    across_blocks: BTreeMap<AstNodeId, Vec<usize>>,
    /// `(call, access)` -> the cell whose local it uses.
    replaced: BTreeMap<(AstNodeId, usize), usize>,
}

impl RegisterPlan {
    /// No cell in a local (what the user's requested orders and identity get).
    pub const NONE: RegisterPlan = RegisterPlan {
        cells: Vec::new(),
        across_loops: BTreeMap::new(),
        may_run_none: BTreeSet::new(),
        across_blocks: BTreeMap::new(),
        replaced: BTreeMap::new(),
    };

    /// Whether the cells kept across the loop `node` are loaded and stored only where
    /// it runs an iteration.
    pub fn only_where_it_runs(&self, node: &ASTNode) -> bool {
        self.may_run_none.contains(&AstNodeId::of(node))
    }

    /// The cells kept across the loop `node`.
    pub fn across_loop(&self, node: &ASTNode) -> &[usize] {
        self.across_loops
            .get(&AstNodeId::of(node))
            .map_or(&[], Vec::as_slice)
    }

    /// The cells kept across the straight-line block `node`.
    pub fn across_block(&self, node: &ASTNode) -> &[usize] {
        self.across_blocks
            .get(&AstNodeId::of(node))
            .map_or(&[], Vec::as_slice)
    }

    /// The cell whose local access `access` of the statement call `user` uses.
    pub fn replacement(&self, user: &ASTNode, access: usize) -> Option<usize> {
        self.replaced.get(&(AstNodeId::of(user), access)).copied()
    }
}

/// The register plan of `ast`, the code of `region` with the parallel loops
/// `parallel`: scalar replacement in the copies of register tiles, and register
/// promotion across innermost loops when `promote`.
pub fn plan(
    region: &Region,
    ast: &ASTNode,
    parallel: &[ParallelLoop],
    promote: bool,
) -> Plans<RegisterPlan> {
    let mut planner = Planner {
        region,
        parallel,
        promote,
        plan: RegisterPlan::default(),
        loops: Vec::new(),
        facts: Vec::new(),
        ctx: None,
        threads: Vec::new(),
        thread_cells: Vec::new(),
        vector_band: None,
        kept: Vec::new(),
        promoted: Vec::new(),
    };
    planner.node(ast)?;
    Ok(planner.plan)
}

/// A statement call of straight-line code: its node, statement, and the cell each of
/// its accesses touches (`None`: not linear in the loops' variables).
struct Call {
    user: ASTNode,
    k: usize,
    cells: Vec<Option<Cell>>,
}

/// The walk of the AST in the order it is printed, with what the printer will know
/// at each node.
struct Planner<'a> {
    region: &'a Region,
    parallel: &'a [ParallelLoop],
    promote: bool,
    plan: RegisterPlan,
    /// isl's iterators of the loops around.
    loops: Vec<String>,
    /// What the loops around guarantee inside them (`cells::loop_facts`), per loop.
    facts: Vec<Vec<Linear>>,
    /// For [`cells::implied`], made when first needed.
    ctx: Option<isl_rs::Context>,
    /// Per parallel loop around, the number of loops around it.
    threads: Vec<usize>,
    /// The cells the statements inside the innermost parallel loop around access.
    thread_cells: Vec<Cell>,
    /// Inside a vector band: isl's name for its loops.
    vector_band: Option<String>,
    /// The cell of each of `plan.cells`.
    kept: Vec<Cell>,
    /// The cells kept across the loops around.
    promoted: Vec<usize>,
}

impl Planner<'_> {
    fn node(&mut self, node: &ASTNode) -> Plans<()> {
        match ast_kind(node)? {
            AstKind::For => {
                let vector = is_vector_loop(node, self.vector_band.as_deref())?;
                self.for_loop(node, vector)
            }
            AstKind::If => {
                self.node(&node.if_get_then_node()?)?;
                if node.if_has_else_node()? {
                    self.node(&node.if_get_else_node()?)?;
                }
                Ok(())
            }
            AstKind::Block => match straight_line_block(node)? {
                Some(users) => self.straight_line(node, &users),
                None => {
                    let children = node.block_get_children()?;
                    for k in 0..children.size()? {
                        self.node(&children.get_at(k)?)?;
                    }
                    Ok(())
                }
            },
            AstKind::Mark => self.mark(node),
            AstKind::User => Ok(()),
        }
    }

    fn mark(&mut self, node: &ASTNode) -> Plans<()> {
        let child = node.mark_get_node()?;
        match marked_loop(node, self.parallel)? {
            MarkedLoop::Vector { band } => {
                let outer = self.vector_band.replace(band);
                let planned = self.node(&child);
                self.vector_band = outer;
                planned
            }
            MarkedLoop::Threads { parts, .. } => {
                for (part, threads) in parts {
                    match threads {
                        true => self.threaded_loop(&part)?,
                        false => self.node(&part)?,
                    }
                }
                Ok(())
            }
            MarkedLoop::Plain => self.node(&child),
        }
    }

    /// A loop that runs on threads: its cells are owned by threads
    /// ([`Planner::owned_by_thread`]).
    fn threaded_loop(&mut self, node: &ASTNode) -> Plans<()> {
        self.threads.push(self.loops.len());
        let inside = self.cells_below(node)?;
        let outer = std::mem::replace(&mut self.thread_cells, inside);
        let planned = self.for_loop(node, true);
        self.thread_cells = outer;
        self.threads.pop();
        planned
    }

    /// A loop; `openmp`: it gets an OpenMP pragma (no locals across it). A local is
    /// declared in the enclosing loop's body: never at the region's top level, where
    /// another region's local could clash with it.
    fn for_loop(&mut self, node: &ASTNode, openmp: bool) -> Plans<()> {
        let iterator = for_iterator(node)?;
        let body = node.for_get_body()?;
        self.loops.push(iterator.clone());
        let outer = self.promoted.len();
        // A loop that may run no iteration keeps its cells only where it runs one, a
        // condition read off its bounds.
        if self.promote
            && self.loops.len() >= 2
            && !openmp
            && self.threads.len() <= 1
            && cells::upper_bounds(node)?.is_some()
        {
            let range = loop_range(node)?;
            let kept = self.promotions(&iterator, range.as_ref(), &body)?;
            if !kept.is_empty() && !self.runs_wherever_reached(node)? {
                self.plan.may_run_none.insert(AstNodeId::of(node));
            }
            self.plan.across_loops.insert(AstNodeId::of(node), kept);
        }
        self.facts.push(cells::loop_facts(node)?);
        self.node(&body)?;
        self.facts.pop();
        self.promoted.truncate(outer);
        self.loops.pop();
        Ok(())
    }

    /// Whether the loop `node` runs an iteration wherever it is reached: what it needs
    /// for its first ([`cells::first_iteration_needs`]) follows from what the loops
    /// around guarantee.
    fn runs_wherever_reached(&mut self, node: &ASTNode) -> Plans<bool> {
        let Some(needs) = cells::first_iteration_needs(node)? else {
            return Ok(false);
        };
        let facts: Vec<Linear> = self.facts.iter().flatten().cloned().collect();
        let ctx = self.ctx.get_or_insert_with(isl_rs::Context::alloc);
        Ok(needs.iter().all(|g| cells::implied(ctx, &facts, g)))
    }

    /// The calls `users`, each with its statement and cells.
    fn calls(&self, users: &[ASTNode]) -> Plans<Vec<Call>> {
        let mut calls = Vec::new();
        for user in users {
            let expr = user.user_get_expr()?;
            let k = self.statement_of(&expr)?;
            let cells = cells_of(&self.region.statements[k], &expr)?;
            calls.push(Call {
                user: user.copy()?,
                k,
                cells,
            });
        }
        Ok(calls)
    }

    fn statement_of(&self, call: &ASTExpr) -> Plans<usize> {
        let name = called(call)?;
        self.region
            .statements
            .iter()
            .position(|s| s.name == name)
            .ok_or_else(|| Failure::Unexpected(format!("unknown statement {name}")))
    }

    /// The cells the loop over isl's `iterator` (innermost of `self.loops`), whose
    /// body `body` is straight-line, updates without its subscripts changing: written
    /// in the body, of a plain array every access of which in the body is that cell or
    /// one a subscript constant apart, printed without the loop's variable, and (in a
    /// parallel loop) owned by one of its iterations.
    fn promotions(
        &mut self,
        iterator: &str,
        range: Option<&LoopRange>,
        body: &ASTNode,
    ) -> Plans<Vec<usize>> {
        let mut users = Vec::new();
        if !straight_line_calls(body, &mut users)? {
            return Ok(Vec::new());
        }
        let calls = self.calls(&users)?;
        let mut promoted: Vec<usize> = Vec::new();
        for call in &calls {
            let varying = varying_iterators(&call.user.user_get_expr()?, iterator)?;
            let stmt = &self.region.statements[call.k];
            for (a, (access, cell)) in stmt.accesses.iter().zip(&call.cells).enumerate() {
                let Some(cell) = cell else { continue };
                let invariant = cell
                    .1
                    .iter()
                    .all(|(_, terms)| !terms.contains_key(iterator));
                let holes_fixed = stmt
                    .access_pieces(a)
                    .iter()
                    .all(|p| !matches!(p, Piece::Iter(d) if varying[*d]));
                if access.kind != AccessKind::Write
                    || cell.1.is_empty()
                    || !invariant
                    || !holes_fixed
                    || !self.owned_by_thread(cell)
                    || promoted.iter().any(|&p| self.kept[p] == *cell)
                    || !plain_array(self.region, &cell.0)
                    || !apart(&self.region.statements, &calls, cell, range)
                {
                    continue;
                }
                promoted.push(self.keep(call, a, true, &calls)?);
            }
        }
        self.promoted.extend(&promoted);
        Ok(promoted)
    }

    /// Keeps the cell of access `a` of `call` in a local, which every access of
    /// `calls` to that cell uses.
    fn keep(&mut self, call: &Call, a: usize, loaded: bool, calls: &[Call]) -> Plans<usize> {
        let id = self.kept.len();
        let cell = call.cells[a].clone().unwrap_or_default();
        for other in calls {
            for (b, c) in other.cells.iter().enumerate() {
                if c.as_ref() == Some(&cell) {
                    self.plan
                        .replaced
                        .insert((AstNodeId::of(&other.user), b), id);
                }
            }
        }
        self.plan.cells.push(KeptCell {
            array: cell.0.clone(),
            call: call.user.user_get_expr()?,
            statement: call.k,
            access: a,
            loaded,
        });
        self.kept.push(cell);
        Ok(id)
    }

    /// Whether no iteration of the parallel loop around (if any) but one can touch
    /// `cell`'s array where it is: in some dimension, every access to the array inside
    /// the parallel loop has a subscript `a·p + g + c`, `p` the parallel loop's
    /// variable, `a ≠ 0` and `g` (over the loops outside it and parameters) the same in
    /// each, and the constants `c` less than `|a|` apart (`p + g`, or the copies of a
    /// loop unrolled by 4, `4p` .. `4p + 3`): iterations `p ≠ p'` then touch disjoint
    /// cells. A thread stores a promoted cell back even when its loop ran no iteration;
    /// no other thread may be reading or writing it then. Every cell of a thread's own
    /// copy of an array (`ParallelLoop::last_private`) is the thread's.
    fn owned_by_thread(&self, cell: &Cell) -> bool {
        let Some(&start) = self.threads.first() else {
            return true;
        };
        let own_copy = |p: &ParallelLoop| p.last_private.iter().any(|a| a.copy == cell.0);
        if self.parallel.iter().any(own_copy) {
            return true;
        }
        let Some(parallel) = self.loops.get(start) else {
            return false;
        };
        let fixed: Vec<String> = self.loops[..start]
            .iter()
            .cloned()
            .chain(self.region.params.iter().map(|p| crate::model::isl_name(p)))
            .collect();
        let others: Vec<&Cell> = self.thread_cells.iter().filter(|c| c.0 == cell.0).collect();
        cell.1.iter().enumerate().any(|(d, form)| {
            let Some(a) = form.1.get(parallel).filter(|a| **a != 0) else {
                return false;
            };
            let constants: Vec<i64> = others
                .iter()
                .filter_map(|o| o.1.get(d))
                .map(|f| f.0)
                .collect();
            let spread = constants.iter().max().zip(constants.iter().min());
            form.1.keys().all(|x| x == parallel || fixed.contains(x))
                && others
                    .iter()
                    .all(|o| o.1.get(d).is_some_and(|f| f.1 == form.1))
                && spread.is_none_or(|(hi, lo)| hi - lo < a.abs())
        })
    }

    /// Every cell the statement calls below `node` access, those with subscripts not
    /// linear in the loops' variables as `(array, [])`, which matches no kept cell.
    fn cells_below(&self, node: &ASTNode) -> Plans<Vec<Cell>> {
        let mut cells = Vec::new();
        each_node(node, &mut |n| {
            if ast_kind(n)? == AstKind::User {
                let call = n.user_get_expr()?;
                let stmt = &self.region.statements[self.statement_of(&call)?];
                for (access, cell) in stmt.accesses.iter().zip(cells_of(stmt, &call)?) {
                    cells.push(cell.unwrap_or_else(|| (access.array.clone(), Vec::new())));
                }
            }
            Ok(())
        })?;
        Ok(cells)
    }

    /// The block `node` of straight-line calls `users`: where they are the copies of a
    /// register tile (a statement called more than once; statements as the user wrote
    /// them keep their text), the cells worth a local: written by some call, accessed
    /// by two or more, of a plain array whose every access in the block is linear and
    /// touches either that cell or one provably different (a subscript differing by a
    /// constant). The local starts with the cell's value when the first call touching
    /// it reads it.
    fn straight_line(&mut self, node: &ASTNode, users: &[ASTNode]) -> Plans<()> {
        let calls = self.calls(users)?;
        let copies = calls
            .iter()
            .any(|c| calls.iter().filter(|d| d.k == c.k).count() > 1);
        if self.loops.is_empty() || !copies {
            return Ok(());
        }
        let mut kept: Vec<usize> = Vec::new();
        for call in &calls {
            let stmt = &self.region.statements[call.k];
            for (access, cell) in stmt.accesses.iter().zip(&call.cells) {
                let Some(cell) = cell else { continue };
                if access.kind != AccessKind::Write
                    || cell.1.is_empty()
                    || kept
                        .iter()
                        .chain(&self.promoted)
                        .any(|&p| self.kept[p] == *cell)
                    || !plain_array(self.region, &cell.0)
                    || !apart(&self.region.statements, &calls, cell, None)
                {
                    continue;
                }
                let touching: Vec<&Call> = calls
                    .iter()
                    .filter(|c| c.cells.iter().any(|x| x.as_ref() == Some(cell)))
                    .collect();
                let [first, _, ..] = touching.as_slice() else {
                    continue;
                };
                let stmt = &self.region.statements[first.k];
                let loaded = stmt
                    .accesses
                    .iter()
                    .zip(&first.cells)
                    .any(|(x, c)| x.kind == AccessKind::Read && c.as_ref() == Some(cell));
                let Some(at) = first.cells.iter().position(|x| x.as_ref() == Some(cell)) else {
                    continue;
                };
                kept.push(self.keep(first, at, loaded, &calls)?);
            }
        }
        self.plan.across_blocks.insert(AstNodeId::of(node), kept);
        Ok(())
    }
}

/// Whether `array`'s elements may live in a local of its element type: a variable of
/// the region (not a struct member), of an arithmetic type, every access of it spelled
/// out in the text.
fn plain_array(region: &Region, array: &str) -> bool {
    let Some(a) = region.arrays.iter().find(|a| a.name == array) else {
        return false;
    };
    let ty = a.element.spelling.as_str();
    a.member_of.is_none()
        && !a.extents.is_empty()
        && !ty.contains(['*', '(', '['])
        && !ty.contains("volatile")
        && !ty.contains("struct")
        && !ty.contains("union")
        && region.is_written_out(array)
}

/// Whether every access of `cell`'s array by `calls` touches `cell` itself or a cell
/// provably different from it (for every value of `range`'s variable in its range,
/// where the calls are a loop's body).
fn apart(statements: &[Statement], calls: &[Call], cell: &Cell, range: Option<&LoopRange>) -> bool {
    calls.iter().all(|c| {
        let accesses = &statements[c.k].accesses;
        accesses.iter().zip(&c.cells).all(|(x, other)| {
            x.array != cell.0
                || other
                    .as_ref()
                    .is_some_and(|o| o == cell || distinct_within(&o.1, &cell.1, range))
        })
    })
}
