//! C code from a schedule: isl's AST generator scans the domain in schedule order, and
//! this module prints the AST as C, statement bodies being the original source text
//! with the iterators substituted.

use crate::frontend::ir::{Piece, Region};
use crate::frontend::types::{CType, Interval};
use crate::model::{Scop, c_name};
use crate::support::diag::Span;
use crate::support::isl::{AstKind, Failure, ast_kind, build_ast};
use crate::transform::decision::Decision;
use crate::transform::decision::ParallelLoop;
use isl_rs::{ASTExpr, ASTExprOpType, ASTExprType, ASTNode, Schedule, Set};
use std::collections::{BTreeSet, HashMap};

mod registers;
pub mod versioning;

type Gen<T> = Result<T, Failure>;

/// An AST isl built that nestor cannot print (a bug in nestor, reported as N202).
fn unexpected(what: impl Into<String>) -> Failure {
    Failure::Unexpected(what.into())
}

/// Whether the `for` node has OpenMP's canonical form: its condition one comparison of
/// its iterator with a bound (`i <= e`, `i < e`); isl may also write a conjunction.
fn canonical(node: &ASTNode) -> Gen<bool> {
    use ASTExprOpType as O;
    let cond = node.for_get_cond()?;
    if cond.get_type()? != ASTExprType::Op
        || !matches!(cond.get_op_type()?, O::Le | O::Lt | O::Ge | O::Gt)
    {
        return Ok(false);
    }
    let left = cond.get_op_arg(0)?;
    let iterator = node.for_get_iterator()?.get_id()?.get_name()?.to_string();
    Ok(left.get_type()? == ASTExprType::Id && left.get_id()?.get_name()? == iterator)
}

/// The mark (an isl `mark` node above a band) that makes the loop of the band parallel:
/// `parallel_K_D` is the loop `parallel[K]` of [`generate`] (run by threads or as a
/// vector loop), and `D` is the band's schedule dimension.
pub const PARALLEL_MARK: &str = "parallel_";

/// The C text replacing `region`, scanning `scop`'s domain in `schedule`'s order.
/// The first line carries no indentation (it replaces text that starts after it).
/// A loop under a [`PARALLEL_MARK`] gets `#pragma omp parallel for`, with its private
/// scalars and the iterators of inner loops declared outside the region private, or
/// `#pragma omp simd`.
pub fn generate(
    region: &Region,
    scop: &Scop,
    schedule: &Schedule,
    file_identifiers: &BTreeSet<String>,
    parallel: &[ParallelLoop],
) -> Gen<String> {
    Ok(generate_with(region, scop, schedule, file_identifiers, parallel, false)?.0)
}

/// [`generate`], with the cells innermost loops update in every iteration kept in
/// locals across them when `promote` ([`registers`]), and those promotions.
pub fn generate_with(
    region: &Region,
    scop: &Scop,
    schedule: &Schedule,
    file_identifiers: &BTreeSet<String>,
    parallel: &[ParallelLoop],
    promote: bool,
) -> Gen<(String, Vec<Decision>)> {
    // Generated code must be right for every parameter value, not only under the
    // context the analysis may assume.
    let ast = build_ast(&Set::universe(scop.context.get_space()?)?, schedule)?;
    let mut printer = Printer::new(region, file_identifiers, parallel, promote);
    let braced = region.needs_braces || hoists_into_block(region);
    let depth = usize::from(braced);
    let (declarations, epilogue) = match region.scop_pragmas {
        Some(_) => (&[][..], &[][..]),
        None => (&region.declarations[..], &region.epilogue[..]),
    };
    printer
        .lines
        .extend(declarations.iter().map(|d| (depth, d.clone())));
    printer.node(&ast, depth)?;
    let unplaced = region
        .comments
        .iter()
        .enumerate()
        .filter(|(k, _)| !printer.placed_comments.contains(k))
        .map(|(_, c)| (depth, c.text.clone()));
    printer.lines.splice(0..0, unplaced.collect::<Vec<_>>());
    printer
        .lines
        .extend(epilogue.iter().map(|d| (depth, d.clone())));
    if braced {
        printer.lines.insert(0, (0, "{".to_string()));
        printer.lines.push((0, "}".to_string()));
    }
    let mut out = String::new();
    for (k, (depth, line)) in printer.lines.iter().enumerate() {
        if k > 0 {
            out.push_str(region.line_ending);
            out.push_str(&region.indent);
            out.push_str(&region.indent_unit.repeat(*depth));
        }
        out.push_str(line);
    }
    Ok((out, printer.promotions_made))
}

/// `e`, an expression of the region's parameters (outside every loop), as C that may
/// stand as the operand of a cast, with its value when it is a constant. Computed in
/// `long long` where the parameters' types may not hold its values.
pub fn parameter_expression(region: &Region, e: &ASTExpr) -> Gen<(String, Option<i64>)> {
    static NO_IDENTIFIERS: BTreeSet<String> = BTreeSet::new();
    let printer = Printer::new(region, &NO_IDENTIFIERS, &[], false);
    let value = match e.get_type()? {
        ASTExprType::Int => Some(e.get_val()?.get_num_si()?),
        _ => None,
    };
    Ok((printer.expr(e)?.wrapped(PRIMARY), value))
}

/// The storage nestor adds to a region between scop pragmas, as insertions: its
/// declarations on lines of their own before `#pragma scop`, its release after
/// `#pragma endscop` (inside, [`generate`] leaves them out).
pub fn storage_around_pragmas(region: &Region) -> Vec<(Span, String)> {
    let Some(pragmas) = &region.scop_pragmas else {
        return Vec::new();
    };
    let lines = |texts: &[String]| -> String {
        texts
            .iter()
            .map(|t| format!("{}{t}{}", region.indent, region.line_ending))
            .collect()
    };
    let mut out = Vec::new();
    // Braces around the pragmas end the scope of what the region declares (see
    // `hoists_into_block`).
    let (open, close) = if region.block_locals.is_empty() {
        (Vec::new(), Vec::new())
    } else {
        (vec!["{".to_string()], vec!["}".to_string()])
    };
    let before: Vec<String> = open
        .into_iter()
        .chain(region.declarations.iter().cloned())
        .collect();
    let after: Vec<String> = region.epilogue.iter().cloned().chain(close).collect();
    if !before.is_empty() {
        out.push((pragmas.start..pragmas.start, lines(&before)));
    }
    if !after.is_empty() {
        out.push((pragmas.end..pragmas.end, lines(&after)));
    }
    out
}

/// Whether the region declares variables its loops declared (`Region::block_locals`)
/// in the block around it: then the generated code is braced, so that their scope ends
/// with the region as it did in the original, and no other declaration of their names
/// in that block (a parameter, a variable before or after, another region's) clashes,
/// nor does a jump over the region enter the scope of a variable-length array.
fn hoists_into_block(region: &Region) -> bool {
    !region.block_locals.is_empty() && region.scop_pragmas.is_none()
}

struct Loop {
    isl: String,
    c: String,
    ty: CType,
    /// The values of isl's iterator.
    range: Interval,
    /// The C loop runs downward: its variable is the negation of isl's iterator (a
    /// loop written `i--` is scheduled as `-i`, which isl scans upward).
    downward: bool,
}

/// A generated `for` loop's header: its variable, the type to declare it with
/// (`None`: declared outside the region), and its three clauses.
struct LoopHeader {
    variable: Loop,
    decl: Option<String>,
    init: String,
    cond: String,
    step: String,
}

/// A printed expression: its C text and precedence, the C type it is computed in and
/// the values it may take.
#[derive(Clone)]
struct Ex {
    text: String,
    prec: u8,
    ty: CType,
    range: Interval,
}

impl Ex {
    fn wrapped(&self, min: u8) -> String {
        wrap(self.text.clone(), self.prec, min)
    }
}

const WIDE: CType = CType::Signed(64);

struct Printer<'a> {
    region: &'a Region,
    file_identifiers: &'a BTreeSet<String>,
    statements: HashMap<String, usize>,
    /// Enclosing generated loops: isl's iterator name, the C name printed for it, its
    /// C type and the values it takes.
    loops: Vec<Loop>,
    lines: Vec<(usize, String)>,
    /// The loops the parallel marks stand for.
    parallel: &'a [ParallelLoop],
    /// Per parallel loop being printed (with the number of loops around it), the
    /// iterators of the loops inside it that are declared outside the region (threads
    /// must not share them).
    shared_iterators: Vec<(usize, BTreeSet<String>)>,
    /// While printing below a [`SIMD_MARK`]: isl's name for the marked band's loops
    /// (isolating full tiles may emit the band as several loops, under conditions).
    vector_band: Option<String>,
    /// The comments (indices into the region's) already printed with their statement.
    placed_comments: BTreeSet<usize>,
    /// How many locals scalar replacement declared so far (each name is new).
    locals: usize,
    /// Whether cells innermost loops update may be kept in locals across them.
    promote: bool,
    /// The cells the statements inside the parallel loop being printed access.
    parallel_cells: Vec<registers::Cell>,
    /// The cells kept in locals across the loops being printed.
    promoted: Vec<registers::Local>,
    /// The cells kept in locals across a loop so far.
    promotions_made: Vec<Decision>,
}

/// C operator precedence, higher binds tighter.
const PRIMARY: u8 = 16;
const UNARY: u8 = 14;

impl<'a> Printer<'a> {
    fn new(
        region: &'a Region,
        file_identifiers: &'a BTreeSet<String>,
        parallel: &'a [ParallelLoop],
        promote: bool,
    ) -> Printer<'a> {
        Printer {
            region,
            file_identifiers,
            statements: region
                .statements
                .iter()
                .enumerate()
                .map(|(k, s)| (s.name.clone(), k))
                .collect(),
            loops: Vec::new(),
            lines: Vec::new(),
            parallel,
            shared_iterators: Vec::new(),
            vector_band: None,
            placed_comments: BTreeSet::new(),
            locals: 0,
            promote,
            parallel_cells: Vec::new(),
            promoted: Vec::new(),
            promotions_made: Vec::new(),
        }
    }
}

impl Printer<'_> {
    fn node(&mut self, node: &ASTNode, depth: usize) -> Gen<()> {
        match ast_kind(node)? {
            AstKind::For if self.is_vector_loop(node)? => {
                self.comments_before_loop(node, depth)?;
                let at = self.lines.len();
                self.for_loop(node, depth, true)?;
                self.lines
                    .insert(at, (depth, "#pragma omp simd".to_string()));
                Ok(())
            }
            AstKind::For => self.for_loop(node, depth, false),
            AstKind::If => self.if_node(node, depth),
            AstKind::Block => {
                let mut calls = Vec::new();
                if straight_line_calls(node, &mut calls)? && calls.len() >= 2 {
                    return self.straight_line(&calls, depth);
                }
                let children = node.block_get_children()?;
                for k in 0..children.size()? {
                    self.node(&children.get_at(k)?, depth)?;
                }
                Ok(())
            }
            AstKind::Mark => self.mark(node, depth),
            AstKind::User => self.user(node, depth),
        }
    }

    /// A marked node: a parallel loop when the mark is a [`PARALLEL_MARK`] directly
    /// above a `for` (a band isl emitted otherwise, e.g. as one iteration, stays as it
    /// is: running it sequentially is always right).
    fn mark(&mut self, node: &ASTNode, depth: usize) -> Gen<()> {
        let child = node.mark_get_node()?;
        let name = node.mark_get_id()?.get_name()?.to_string();
        let (parallel, dimension) = match name
            .strip_prefix(PARALLEL_MARK)
            .and_then(|m| m.split_once('_'))
        {
            Some((k, dimension)) => (
                k.parse::<usize>().ok().and_then(|k| self.parallel.get(k)),
                dimension.to_string(),
            ),
            None => (None, String::new()),
        };
        // The loop of the marked band itself: isl names it after its schedule
        // dimension; a band it emits without a loop (one iteration) leaves none.
        let of_band = ast_kind(&child)? == AstKind::For
            && child.for_get_iterator()?.get_id()?.get_name()? == format!("c{dimension}");
        match parallel {
            Some(p) if p.simd => {
                let outer = self.vector_band.replace(format!("c{dimension}"));
                let printed = self.node(&child, depth);
                self.vector_band = outer;
                printed
            }
            Some(p) if of_band && canonical(&child)? => {
                let (private, uneven) = (p.private.clone(), p.uneven);
                self.parallel_loop(&child, depth, private, uneven)
            }
            _ => self.node(&child, depth),
        }
    }

    /// Whether `node` (a `for`) is a loop of a band marked as a vector loop, in the
    /// form OpenMP requires.
    fn is_vector_loop(&self, node: &ASTNode) -> Gen<bool> {
        let Some(band) = &self.vector_band else {
            return Ok(false);
        };
        Ok(node.for_get_iterator()?.get_id()?.get_name()? == *band && canonical(node)?)
    }

    /// `#pragma omp parallel for private(...)` and the loop; `schedule(static, 1)` when
    /// its iterations do `uneven` work (a triangular nest: OpenMP's default hands each
    /// thread one contiguous block of iterations, and the thread with the long rows
    /// finishes last; the covariance sample ran slower on 2 threads than on 1).
    fn parallel_loop(
        &mut self,
        node: &ASTNode,
        depth: usize,
        private: Vec<String>,
        uneven: bool,
    ) -> Gen<()> {
        self.comments_before_loop(node, depth)?;
        let at = self.lines.len();
        self.shared_iterators
            .push((self.loops.len(), BTreeSet::new()));
        let below = self.cells_below(node)?;
        let outer_cells = std::mem::replace(&mut self.parallel_cells, below);
        self.for_loop(node, depth, true)?;
        self.parallel_cells = outer_cells;
        let mut private: BTreeSet<String> = private.into_iter().collect();
        private.extend(self.shared_iterators.pop().unwrap_or_default().1);
        let clause = if private.is_empty() {
            String::new()
        } else {
            format!(
                " private({})",
                private.into_iter().collect::<Vec<_>>().join(", ")
            )
        };
        let schedule = if uneven { " schedule(static, 1)" } else { "" };
        self.lines.insert(
            at,
            (depth, format!("#pragma omp parallel for{schedule}{clause}")),
        );
        Ok(())
    }

    /// A loop whose iterator's type holds every value it takes, including the one
    /// after the last iteration (else the loop gets a fresh `long long` iterator).
    /// `openmp`: the loop gets an OpenMP pragma, so its condition keeps the form OpenMP
    /// requires (`i <= bound`).
    fn for_loop(&mut self, node: &ASTNode, depth: usize, openmp: bool) -> Gen<()> {
        self.comments_before_loop(node, depth)?;
        let iterator = node.for_get_iterator()?.get_id()?.get_name()?.to_string();
        let body = node.for_get_body()?;
        let (name, decl, negated) = self.loop_name(&iterator, &body)?;
        let downward = match negated {
            true => self.downward_header(node, &iterator, &name, decl.as_deref())?,
            false => None,
        };
        let header = match downward {
            Some(header) => header,
            // The statements use the original name negated: it cannot name this loop.
            None if negated => {
                let fresh = self.fresh_name(&iterator);
                let ty = Some(self.region.fresh_iterator_type.clone());
                self.upward_header(node, &iterator, fresh, ty, openmp)?
            }
            None => self.upward_header(node, &iterator, name, decl, openmp)?,
        };
        let name = header.variable.c.clone();
        if header.decl.is_none() {
            // Inside a parallel loop (whose own iterator OpenMP makes private).
            let depth = self.loops.len() + 1;
            for (start, shared) in &mut self.shared_iterators {
                if depth > *start + 1 {
                    shared.insert(name.clone());
                }
            }
        }
        let decl = header.decl.map_or(String::new(), |t| format!("{t} "));
        self.lines.push((
            depth,
            format!(
                "for ({decl}{name} = {}; {}; {}) {{",
                header.init, header.cond, header.step
            ),
        ));
        let at = self.lines.len() - 1;
        self.loops.push(header.variable);
        // The local is declared in the enclosing loop's body: never at the region's
        // top level, where another region's local could clash with it.
        let nested = self.loops.len() >= 2;
        let promoted = match self.promote && nested && !openmp && self.shared_iterators.len() <= 1 {
            true => self.promotions(&iterator, &body)?,
            false => Vec::new(),
        };
        for (k, local) in promoted.iter().enumerate() {
            self.lines.insert(at + k, (depth, local.declaration()));
        }
        let outer = self.promoted.len();
        self.promoted.extend(promoted);
        self.node(&body, depth + 1)?;
        self.lines.push((depth, "}".to_string()));
        for local in self.promoted.split_off(outer) {
            self.lines.push((depth, local.store()));
            self.promotions_made.push(local.promoted(&name));
        }
        self.loops.pop();
        Ok(())
    }

    /// The header of the loop over isl's `iterator` as it runs, upward.
    fn upward_header(
        &mut self,
        node: &ASTNode,
        iterator: &str,
        mut name: String,
        mut decl: Option<String>,
        openmp: bool,
    ) -> Gen<LoopHeader> {
        let inc = node.for_get_inc()?.get_val()?.get_num_si()?;
        let init = self.expr(&node.for_get_init()?)?;
        let mut ty = self.declared_type(&name, decl.as_deref());
        let cond_node = node.for_get_cond()?;
        let upper = self.upper_bound(&cond_node, iterator, ty)?;
        let range = Interval {
            lo: init.range.lo,
            hi: upper.hi.max(init.range.lo),
        };
        let reached = range.plus(Interval::point(i128::from(inc.max(0))));
        if !ty.holds(reached) {
            if !WIDE.holds(reached) {
                return Err(Failure::Overflow("a generated loop bound"));
            }
            (name, decl) = (self.fresh_name(iterator), Some(WIDE.c_name().to_string()));
            ty = WIDE;
        }
        let variable = Loop {
            isl: iterator.to_string(),
            c: name.clone(),
            ty,
            range,
            downward: false,
        };
        // The condition reads the loop's own variable.
        self.loops.push(variable);
        let cond = if openmp {
            self.canonical_condition(&cond_node, range.lo >= 0)
        } else if contains_loop(&node.for_get_body()?)? {
            self.expr(&cond_node).map(|c| c.text)
        } else {
            self.innermost_condition(&cond_node)
        };
        let variable = self.loops.pop().ok_or_else(|| unexpected("loop stack"))?;
        let step = if inc == 1 {
            format!("{name}++")
        } else {
            format!("{name} += {inc}")
        };
        Ok(LoopHeader {
            variable,
            decl,
            init: init.text,
            cond: cond?,
            step,
        })
    }

    /// The header of the loop over isl's `iterator` (which the statements use negated)
    /// as the C loop `name = -iterator` that runs downward: isl's `iterator <= u` from
    /// `l` becomes `name = -l; name >= -u; name--`. `None` when the condition is not one
    /// upper bound or `name`'s type cannot hold the values it takes.
    fn downward_header(
        &mut self,
        node: &ASTNode,
        iterator: &str,
        name: &str,
        decl: Option<&str>,
    ) -> Gen<Option<LoopHeader>> {
        use ASTExprOpType as O;
        let cond = node.for_get_cond()?;
        if cond.get_type()? != ASTExprType::Op
            || !matches!(cond.get_op_type()?, O::Le | O::Lt)
            || !is_id(&cond.get_op_arg(0)?, iterator)?
        {
            return Ok(None);
        }
        let less = i64::from(cond.get_op_type()? == O::Lt);
        let inc = node.for_get_inc()?.get_val()?.get_num_si()?;
        let ty = self.declared_type(name, decl);
        let init_node = node.for_get_init()?;
        let lower = self.expr(&init_node)?.range.lo;
        let upper = self.upper_bound(&cond, iterator, ty)?.hi;
        let range = Interval {
            lo: lower,
            hi: upper.max(lower),
        };
        let reached = range
            .negated()
            .minus(Interval::point(i128::from(inc.max(0))));
        if !ty.holds(reached) {
            return Ok(None);
        }
        let start = self.negated(&init_node)?;
        let variable = Loop {
            isl: iterator.to_string(),
            c: name.to_string(),
            ty,
            range,
            downward: true,
        };
        let this = Ex {
            text: name.to_string(),
            prec: PRIMARY,
            ty,
            range: range.negated(),
        };
        let last = plus_constant(self.negated(&cond.get_op_arg(1)?)?, less)?;
        let end = comparison(&this, &last, ">=");
        let step = if inc == 1 {
            format!("{name}--")
        } else {
            format!("{name} -= {inc}")
        };
        Ok(Some(LoopHeader {
            variable,
            decl: decl.map(str::to_string),
            init: start.text,
            cond: end.text,
            step,
        }))
    }

    /// The type of a loop named `name`: the original iterator's type, or for a fresh
    /// name the type it is declared with.
    fn declared_type(&self, name: &str, decl: Option<&str>) -> CType {
        self.region
            .iterator_types
            .get(name)
            .copied()
            .unwrap_or_else(|| decl.map_or(CType::Unknown, fresh_type))
    }

    /// The largest values loop `iterator` (of type `ty`) may take under condition
    /// `cond`: the upper bounds `iterator <= e`, `iterator < e` it holds, else the
    /// range of `ty`.
    fn upper_bound(&mut self, cond: &ASTExpr, iterator: &str, ty: CType) -> Gen<Interval> {
        let full = ty.values();
        use ASTExprOpType as O;
        if cond.get_type()? != ASTExprType::Op {
            return Ok(full);
        }
        let op = cond.get_op_type()?;
        if matches!(op, O::And | O::AndThen) {
            let a = self.upper_bound(&cond.get_op_arg(0)?, iterator, ty)?;
            let b = self.upper_bound(&cond.get_op_arg(1)?, iterator, ty)?;
            return Ok(a.min(b));
        }
        let left = cond.get_op_arg(0)?;
        let is_iterator =
            left.get_type()? == ASTExprType::Id && left.get_id()?.get_name()? == iterator;
        if !is_iterator || !matches!(op, O::Le | O::Lt) {
            return Ok(full);
        }
        let bound = self.expr(&cond.get_op_arg(1)?)?.range;
        let bound = if op == O::Lt {
            bound.minus(Interval::point(1))
        } else {
            bound
        };
        Ok(bound)
    }

    /// The C name of a generated loop, the type to declare it with, and whether it runs
    /// downward: the original iterator's name when every statement inside uses the loop
    /// as that iterator (or every one as its negation: a loop written downward),
    /// otherwise a fresh name that clashes with nothing in the file.
    fn loop_name(&self, iterator: &str, body: &ASTNode) -> Gen<(String, Option<String>, bool)> {
        let mut uses = BTreeSet::new();
        self.original_iterators(body, iterator, &mut uses)?;
        let taken = |n: &str| self.loops.iter().any(|l| l.c == n);
        let downward = !uses.is_empty() && uses.iter().all(|(_, negated)| *negated);
        if uses.iter().any(|(_, negated)| *negated != downward) {
            uses.clear();
        }
        let mut uses: BTreeSet<String> = uses.into_iter().map(|(name, _)| name).collect();
        if uses.len() > 1 {
            // A fused loop: the name of one of the loops it stands for that no loop
            // inside wants for itself (cholesky's `j` and `k` fused, with a `k` loop
            // inside: `j`).
            let mut inner = BTreeSet::new();
            self.inner_loop_originals(body, &mut inner)?;
            uses.retain(|n| !inner.contains(n));
            uses = uses.into_iter().take(1).collect();
        }
        if let [original] = uses.into_iter().collect::<Vec<_>>().as_slice()
            && !taken(original)
        {
            let decl = self
                .region
                .iterator_decls
                .iter()
                .find(|(n, _)| n == original)
                .and_then(|(_, d)| d.clone());
            return Ok((original.clone(), decl, downward));
        }
        Ok((
            self.fresh_name(iterator),
            Some(self.region.fresh_iterator_type.clone()),
            false,
        ))
    }

    /// A name for loop `iterator` that clashes with nothing in the file or around it.
    fn fresh_name(&self, iterator: &str) -> String {
        let taken = |n: &str| self.loops.iter().any(|l| l.c == n);
        let mut fresh = iterator.to_string();
        let mut k = 0;
        while self.file_identifiers.contains(&fresh) || taken(&fresh) {
            k += 1;
            fresh = format!("{iterator}_{k}");
        }
        fresh
    }

    /// The original iterators the loops inside `node` stand for.
    fn inner_loop_originals(&self, node: &ASTNode, out: &mut BTreeSet<String>) -> Gen<()> {
        each_node(node, &mut |n| {
            if ast_kind(n)? == AstKind::For {
                let iterator = n.for_get_iterator()?.get_id()?.get_name()?.to_string();
                let mut uses = BTreeSet::new();
                self.original_iterators(&n.for_get_body()?, &iterator, &mut uses)?;
                out.extend(uses.into_iter().map(|(name, _)| name));
            }
            Ok(())
        })
    }

    /// The original iterators that loop `iterator` stands for in the statements of `node`:
    /// `(i, false)` where a statement's iterator `i` is the loop's value, `(i, true)`
    /// where it is its negation (a downward loop).
    fn original_iterators(
        &self,
        node: &ASTNode,
        iterator: &str,
        out: &mut BTreeSet<(String, bool)>,
    ) -> Gen<()> {
        each_node(node, &mut |n| {
            if ast_kind(n)? != AstKind::User {
                return Ok(());
            }
            let call = n.user_get_expr()?;
            let stmt = self.statement_of(&call)?;
            for (d, original) in self.region.statements[stmt].iters.iter().enumerate() {
                let arg = call.get_op_arg(d as i32 + 1)?;
                if is_id(&arg, iterator)? {
                    out.insert((original.clone(), false));
                } else if arg.get_type()? == ASTExprType::Op
                    && arg.get_op_type()? == ASTExprOpType::Minus
                    && is_id(&arg.get_op_arg(0)?, iterator)?
                {
                    out.insert((original.clone(), true));
                }
            }
            Ok(())
        })
    }

    /// The statements `node` executes.
    fn statements_in(&self, node: &ASTNode, out: &mut BTreeSet<usize>) -> Gen<()> {
        each_node(node, &mut |n| {
            if ast_kind(n)? == AstKind::User {
                out.insert(self.statement_of(&n.user_get_expr()?)?);
            }
            Ok(())
        })
    }

    fn statement_of(&self, call: &ASTExpr) -> Gen<usize> {
        let name = call.get_op_arg(0)?.get_id()?.get_name()?.to_string();
        self.statements
            .get(&name)
            .copied()
            .ok_or_else(|| unexpected(format!("unknown statement {name}")))
    }

    fn if_node(&mut self, node: &ASTNode, depth: usize) -> Gen<()> {
        let cond_node = node.if_get_cond()?;
        let cond = self.expr(&cond_node)?.text;
        self.lines.push((depth, format!("if ({cond}) {{")));
        let outside: Vec<Interval> = self.loops.iter().map(|l| l.range).collect();
        self.narrow(&cond_node)?;
        self.node(&node.if_get_then_node()?, depth + 1)?;
        for (l, range) in self.loops.iter_mut().zip(outside) {
            l.range = range;
        }
        if node.if_has_else_node()? {
            self.lines.push((depth, "} else {".to_string()));
            self.node(&node.if_get_else_node()?, depth + 1)?;
        }
        self.lines.push((depth, "}".to_string()));
        Ok(())
    }

    /// Narrows the ranges of the enclosing loops' iterators by the conjuncts of `cond`
    /// that bound one of them: `v + c >= e` (or `<=`, `<`, `>`, `==`) with `v` a loop
    /// iterator and `c` a constant.
    fn narrow(&mut self, cond: &ASTExpr) -> Gen<()> {
        use ASTExprOpType as O;
        if cond.get_type()? != ASTExprType::Op {
            return Ok(());
        }
        let op = cond.get_op_type()?;
        if matches!(op, O::And | O::AndThen) {
            self.narrow(&cond.get_op_arg(0)?)?;
            return self.narrow(&cond.get_op_arg(1)?);
        }
        if !matches!(op, O::Ge | O::Gt | O::Le | O::Lt | O::Eq) {
            return Ok(());
        }
        let Some((var, offset)) = self.offset_iterator(&cond.get_op_arg(0)?)? else {
            return Ok(());
        };
        let bound = self
            .expr(&cond.get_op_arg(1)?)?
            .range
            .minus(Interval::point(offset));
        let Some(l) = self.loops.iter_mut().find(|l| l.isl == var) else {
            return Ok(());
        };
        let (lo, hi) = match op {
            O::Ge => (bound.lo, i128::MAX),
            O::Gt => (bound.lo + 1, i128::MAX),
            O::Le => (i128::MIN, bound.hi),
            O::Lt => (i128::MIN, bound.hi - 1),
            _ => (bound.lo, bound.hi),
        };
        l.range = l.range.intersect(Interval { lo, hi });
        Ok(())
    }

    /// `v`, `v + c` or `v - c` for an enclosing loop's iterator `v`: `(v, c)`.
    fn offset_iterator(&self, e: &ASTExpr) -> Gen<Option<(String, i128)>> {
        let id = |e: &ASTExpr| -> Gen<Option<String>> {
            Ok(if e.get_type()? == ASTExprType::Id {
                let name = e.get_id()?.get_name()?.to_string();
                self.loops.iter().any(|l| l.isl == name).then_some(name)
            } else {
                None
            })
        };
        if let Some(v) = id(e)? {
            return Ok(Some((v, 0)));
        }
        if e.get_type()? != ASTExprType::Op
            || !matches!(e.get_op_type()?, ASTExprOpType::Add | ASTExprOpType::Sub)
        {
            return Ok(None);
        }
        let (a, b) = (e.get_op_arg(0)?, e.get_op_arg(1)?);
        let (Some(v), ASTExprType::Int) = (id(&a)?, b.get_type()?) else {
            return Ok(None);
        };
        let c = i128::from(b.get_val()?.get_num_si()?);
        let sign = if e.get_op_type()? == ASTExprOpType::Sub {
            -1
        } else {
            1
        };
        Ok(Some((v, sign * c)))
    }

    /// A statement instance: the original text with each iterator replaced by its
    /// value in terms of the generated loops (cast to the iterator's own type where it
    /// is computed in a wider one).
    fn user(&mut self, node: &ASTNode, depth: usize) -> Gen<()> {
        let call = node.user_get_expr()?;
        let k = self.statement_of(&call)?;
        self.comments_of(k, false, depth);
        self.statement(&call, k, depth)?;
        self.comments_of(k, true, depth);
        Ok(())
    }

    /// The comments not printed yet that stand before a loop at the depth of `node` (a
    /// `for` about to be printed) whose statement is in it.
    fn comments_before_loop(&mut self, node: &ASTNode, depth: usize) -> Gen<()> {
        let level = self.loops.len();
        let mut inside = BTreeSet::new();
        self.statements_in(node, &mut inside)?;
        for (c, comment) in self.region.comments.iter().enumerate() {
            let here = !comment.after
                && comment.depth == level
                && comment.statement.is_some_and(|k| inside.contains(&k));
            if here && self.placed_comments.insert(c) {
                self.lines.push((depth, comment.text.clone()));
            }
        }
        Ok(())
    }

    /// The comments of statement `k` not printed yet: those before it on lines of their
    /// own, or those `after` it at the end of its line.
    fn comments_of(&mut self, k: usize, after: bool, depth: usize) {
        for (c, comment) in self.region.comments.iter().enumerate() {
            if comment.statement != Some(k)
                || comment.after != after
                || !self.placed_comments.insert(c)
            {
                continue;
            }
            match self.lines.last_mut() {
                Some((_, line)) if after => {
                    line.push(' ');
                    line.push_str(&comment.text);
                }
                _ => self.lines.push((depth, comment.text.clone())),
            }
        }
    }

    /// Statement `k`, called as `call` in the AST, with the loops' values in place of
    /// its iterators.
    fn statement(&mut self, call: &ASTExpr, k: usize, depth: usize) -> Gen<()> {
        let args = self.statement_args(call, k)?;
        let text = registers::render(&self.statement_pieces(call, k)?, &args);
        self.lines.push((depth, text));
        Ok(())
    }

    /// The values `call` gives statement `k`'s iterators, as C of the iterators' types.
    fn statement_args(&self, call: &ASTExpr, k: usize) -> Gen<Vec<Ex>> {
        let stmt = &self.region.statements[k];
        let mut args = Vec::new();
        for (d, original) in stmt.iters.iter().enumerate() {
            let arg = self.expr(&call.get_op_arg(d as i32 + 1)?)?;
            let own = self.region.iterator_types.get(original).copied();
            args.push(match own {
                Some(t @ CType::Signed(b)) if matches!(arg.ty, CType::Signed(a) if a > b) => Ex {
                    text: format!("({}){}", t.c_name(), arg.wrapped(PRIMARY)),
                    prec: UNARY,
                    ty: t,
                    range: arg.range,
                },
                _ => arg,
            });
        }
        Ok(args)
    }

    /// `e` as C. Arithmetic is computed in the type of its widest operand, or in
    /// `long long` where that type may not hold every value it can take; an expression
    /// that may exceed 64 bits is an error (the region is left as written).
    fn expr(&self, e: &ASTExpr) -> Gen<Ex> {
        match e.get_type()? {
            ASTExprType::Id => {
                let name = e.get_id()?.get_name()?.to_string();
                if let Some(l) = self.loops.iter().rev().find(|l| l.isl == name) {
                    let variable = Ex {
                        text: l.c.clone(),
                        prec: PRIMARY,
                        ty: l.ty,
                        range: if l.downward {
                            l.range.negated()
                        } else {
                            l.range
                        },
                    };
                    return if l.downward {
                        minus(&variable)
                    } else {
                        Ok(variable)
                    };
                }
                let c = c_name(&name);
                let (ty, range) = self
                    .region
                    .param_ranges
                    .get(&c)
                    .copied()
                    .ok_or_else(|| unexpected(format!("unknown name {c} in generated code")))?;
                Ok(Ex {
                    text: self.region.param_spellings.get(&c).cloned().unwrap_or(c),
                    prec: PRIMARY,
                    ty,
                    range,
                })
            }
            ASTExprType::Int => Ok(constant(e.get_val()?.get_num_si()?)),
            ASTExprType::Op => self.op(e),
            ASTExprType::Error => Err(unexpected("invalid AST expression")),
        }
    }

    fn op(&self, e: &ASTExpr) -> Gen<Ex> {
        use ASTExprOpType as O;
        if let op @ (O::Le | O::Lt) = e.get_op_type()? {
            let at_most = i64::from(op == O::Lt);
            return self.at_most(&e.get_op_arg(0)?, &e.get_op_arg(1)?, at_most);
        }
        let n = e.get_op_n_arg()?;
        let mut args = Vec::new();
        for k in 0..n {
            args.push(self.expr(&e.get_op_arg(k)?)?);
        }
        let two = || -> Gen<(Ex, Ex)> {
            match args.as_slice() {
                [a, b] => Ok((a.clone(), b.clone())),
                _ => Err(unexpected("binary operator arity")),
            }
        };
        // `||` parenthesizes an `&&` operand, as compilers' -Wparentheses asks.
        let compare = |op: &str, prec: u8| -> Gen<Ex> {
            let (a, b) = two()?;
            let left = if op == "||" { prec + 2 } else { prec };
            Ok(Ex {
                text: format!("{} {op} {}", a.wrapped(left), b.wrapped(left + 1)),
                prec,
                ty: CType::Signed(32),
                range: Interval { lo: 0, hi: 1 },
            })
        };
        let arith = |op: &str, prec: u8, range: &dyn Fn(Interval, Interval) -> Interval| {
            let (a, b) = two()?;
            arithmetic(&a, &b, op, prec, range(a.range, b.range))
        };
        match e.get_op_type()? {
            O::And | O::AndThen => compare("&&", 5),
            O::Or | O::OrElse => compare("||", 4),
            O::Eq => compare("==", 9),
            O::Ge => compare(">=", 10),
            O::Gt => compare(">", 10),
            // `a + -x` as `a - x`, `a - -x` as `a + x`.
            O::Add | O::Sub if self.is_negation(&e.get_op_arg(1)?)? => {
                let (a, _) = two()?;
                let b = self.negated(&e.get_op_arg(1)?)?;
                if e.get_op_type()? == O::Add {
                    arithmetic(&a, &b, "-", 12, a.range.minus(b.range))
                } else {
                    arithmetic(&a, &b, "+", 12, a.range.plus(b.range))
                }
            }
            O::Add => arith("+", 12, &|a, b| a.plus(b)),
            O::Sub => arith("-", 12, &|a, b| a.minus(b)),
            O::Mul => arith("*", 13, &|a, b| a.times(b)),
            O::Div | O::PdivQ => arith("/", 13, &|a, b| a.quotient(b)),
            O::PdivR | O::ZdivR => arith("%", 13, &|a, b| {
                let m = b.hi.abs().max(b.lo.abs()) - 1;
                Interval { lo: -m, hi: m }.intersect(a.hull(a.negated()))
            }),
            O::Minus => self.negated(&e.get_op_arg(0)?),
            O::Max | O::Min => {
                let max = e.get_op_type()? == O::Max;
                let cmp = if max { ">" } else { "<" };
                let mut acc = args
                    .first()
                    .ok_or_else(|| unexpected("min/max arity"))?
                    .clone();
                for b in &args[1..] {
                    let (x, y) = (acc.wrapped(PRIMARY), b.wrapped(PRIMARY));
                    acc = Ex {
                        text: format!("({x} {cmp} {y} ? {x} : {y})"),
                        prec: PRIMARY,
                        ty: widest(acc.ty, b.ty),
                        range: if max {
                            acc.range.max(b.range)
                        } else {
                            acc.range.min(b.range)
                        },
                    };
                }
                Ok(acc)
            }
            O::FdivQ => {
                let (a, b) = two()?;
                // `-a + b - 1` is computed too: widen `a` if that may overflow.
                let inner = a.range.negated().plus(b.range).minus(Interval::point(1));
                let ty = widest(a.ty, b.ty);
                let a = if ty.holds(inner) && ty.holds(a.range.negated()) {
                    a
                } else if WIDE.holds(inner) {
                    widened(&a)
                } else {
                    return Err(Failure::Overflow("a generated division"));
                };
                let (x, y) = (a.wrapped(PRIMARY), b.wrapped(PRIMARY));
                Ok(Ex {
                    text: format!("({x} >= 0 ? {x} / {y} : -((-{x} + {y} - 1) / {y}))"),
                    prec: PRIMARY,
                    ty: widest(a.ty, b.ty),
                    range: a.range.quotient(b.range),
                })
            }
            O::Cond | O::Select => {
                let [c, a, b] = args.as_slice() else {
                    return Err(unexpected("select arity"));
                };
                Ok(Ex {
                    text: format!("({} ? {} : {})", c.wrapped(4), a.wrapped(4), b.wrapped(4)),
                    prec: PRIMARY,
                    ty: widest(a.ty, b.ty),
                    range: a.range.hull(b.range),
                })
            }
            other => Err(unexpected(format!("unexpected AST operator {other:?}"))),
        }
    }
}

impl Printer<'_> {
    /// `-e` as C, written without a double negation: `-(-x)` is `x`, a downward loop's
    /// isl iterator negated is the loop's variable, `-(a + b)` is `-a - b` and
    /// `-(a - b)` is `-a + b`.
    fn negated(&self, e: &ASTExpr) -> Gen<Ex> {
        use ASTExprOpType as O;
        match e.get_type()? {
            ASTExprType::Int => {
                let v = e.get_val()?.get_num_si()?;
                Ok(constant(
                    v.checked_neg()
                        .ok_or(Failure::Overflow("a generated expression"))?,
                ))
            }
            ASTExprType::Id => {
                let name = e.get_id()?.get_name()?.to_string();
                match self.loops.iter().rev().find(|l| l.isl == name) {
                    Some(l) if l.downward => Ok(Ex {
                        text: l.c.clone(),
                        prec: PRIMARY,
                        ty: l.ty,
                        range: l.range.negated(),
                    }),
                    _ => minus(&self.expr(e)?),
                }
            }
            ASTExprType::Op => match e.get_op_type()? {
                O::Minus => self.expr(&e.get_op_arg(0)?),
                op @ (O::Add | O::Sub) => {
                    let a = self.negated(&e.get_op_arg(0)?)?;
                    let b = self.expr(&e.get_op_arg(1)?)?;
                    if op == O::Add {
                        arithmetic(&a, &b, "-", 12, a.range.minus(b.range))
                    } else {
                        arithmetic(&a, &b, "+", 12, a.range.plus(b.range))
                    }
                }
                _ => minus(&self.expr(e)?),
            },
            ASTExprType::Error => Err(unexpected("invalid AST expression")),
        }
    }

    /// Whether `e` prints as a negation (`-x`): isl's `-x`, or the iterator of a
    /// downward loop.
    fn is_negation(&self, e: &ASTExpr) -> Gen<bool> {
        Ok(match e.get_type()? {
            ASTExprType::Op => e.get_op_type()? == ASTExprOpType::Minus,
            ASTExprType::Id => {
                let name = e.get_id()?.get_name()?.to_string();
                self.loops
                    .iter()
                    .rev()
                    .find(|l| l.isl == name)
                    .is_some_and(|l| l.downward)
            }
            _ => false,
        })
    }

    /// A loop condition `i <= e` or `i < e` as OpenMP requires it: the iterator alone on
    /// the left.
    /// `from_zero`: the iterator starts at 0 or above, so that a floored bound
    /// `i <= floord(a, d)` can be written `i < (a + d) / d` with C's truncating division
    /// (for `i >= 0` both hold exactly when `floor((a + d) / d) > i`; a negative
    /// quotient, floored or truncated, admits no `i >= 0`).
    fn canonical_condition(&self, cond: &ASTExpr, from_zero: bool) -> Gen<String> {
        use ASTExprOpType as O;
        let op = cond.get_op_type()?;
        let (op, less) = match op {
            O::Le => ("<=", 0),
            O::Lt => ("<", 1),
            _ => return Ok(self.expr(cond)?.text),
        };
        let x = self.expr(&cond.get_op_arg(0)?)?;
        let right = cond.get_op_arg(1)?;
        if let (true, Some((a, d, 0))) = (from_zero, floor_of(&right)?) {
            // i <= floor(a/d) - less  <=>  i < floor((a + d - d*less) / d)
            let (base, k) = offset(&a)?;
            let base = self.expr(&base)?;
            let shift = k
                .checked_add(d - d * less)
                .ok_or(Failure::Overflow("a generated bound"))?;
            let sum = plus_constant(base, shift)?;
            let d = constant(d);
            let quotient = arithmetic(&sum, &d, "/", 13, sum.range.quotient(d.range))?;
            return Ok(comparison(&x, &quotient, "<").text);
        }
        let y = self.expr(&right)?;
        Ok(comparison(&x, &y, op).text)
    }

    /// The condition of a loop with no loop inside: `x <= min(a, b)` stays one
    /// comparison, `x <= (a < b ? a : b)`. Compilers vectorize only loops whose
    /// iterations they can count from one exit; GCC 12 does not vectorize
    /// `x <= a && x <= b` (a tiled LU's row update ran 2x slower so).
    fn innermost_condition(&self, cond: &ASTExpr) -> Gen<String> {
        use ASTExprOpType as O;
        if cond.get_type()? == ASTExprType::Op
            && let op @ (O::Le | O::Lt) = cond.get_op_type()?
            && let right = cond.get_op_arg(1)?
            && right.get_type()? == ASTExprType::Op
            && right.get_op_type()? == O::Min
        {
            let x = self.expr(&cond.get_op_arg(0)?)?;
            let y = self.expr(&right)?;
            return Ok(comparison(&x, &y, if op == O::Lt { "<" } else { "<=" }).text);
        }
        Ok(self.expr(cond)?.text)
    }

    /// `left <= right - less` (`less` is 1 for `<`), written without the two forms isl
    /// builds bounds from that read worst in C: `x <= min(a, b)` as `x <= a && x <= b`,
    /// and `x <= floord(a, d) + c` as `d * x <= a + d * c` (for integers and `d > 0`,
    /// `x <= floor(a / d)` exactly when `d * x <= a`), instead of a conditional
    /// expression and a division with a case for negative `a`.
    fn at_most(&self, left: &ASTExpr, right: &ASTExpr, less: i64) -> Gen<Ex> {
        use ASTExprOpType as O;
        if right.get_type()? == ASTExprType::Op && right.get_op_type()? == O::Min {
            let mut all: Option<Ex> = None;
            for k in 0..right.get_op_n_arg()? {
                let bound = self.at_most(left, &right.get_op_arg(k)?, less)?;
                all = Some(match all {
                    None => bound,
                    Some(a) => Ex {
                        text: format!("{} && {}", a.wrapped(5), bound.wrapped(6)),
                        prec: 5,
                        ..bound
                    },
                });
            }
            return all.ok_or_else(|| unexpected("min arity"));
        }
        let x = self.expr(left)?;
        if let Some((a, d, c)) = floor_of(right)? {
            let d_ex = constant(d);
            let scaled = arithmetic(&d_ex, &x, "*", 13, d_ex.range.times(x.range))?;
            let a = self.expr(&a)?;
            let shift = d
                .checked_mul(c - less)
                .ok_or(Failure::Overflow("a generated bound"))?;
            let limit = plus_constant(a, shift)?;
            return Ok(comparison(&scaled, &limit, "<="));
        }
        let y = self.expr(right)?;
        Ok(comparison(&x, &y, if less == 1 { "<" } else { "<=" }))
    }
}

/// `(a, d, c)` when `e` is `floord(a, d) + c` (`c` a constant, possibly 0) with a
/// constant `d > 0`.
fn floor_of(e: &ASTExpr) -> Gen<Option<(ASTExpr, i64, i64)>> {
    use ASTExprOpType as O;
    if e.get_type()? != ASTExprType::Op {
        return Ok(None);
    }
    let int = |x: &ASTExpr| -> Gen<Option<i64>> {
        Ok((x.get_type()? == ASTExprType::Int)
            .then(|| x.get_val().and_then(|v| v.get_num_si()))
            .transpose()?)
    };
    match e.get_op_type()? {
        O::FdivQ => match int(&e.get_op_arg(1)?)? {
            Some(d) if d > 0 => Ok(Some((e.get_op_arg(0)?, d, 0))),
            _ => Ok(None),
        },
        op @ (O::Add | O::Sub) => {
            let (Some((a, d, 0)), Some(c)) =
                (floor_of(&e.get_op_arg(0)?)?, int(&e.get_op_arg(1)?)?)
            else {
                return Ok(None);
            };
            let c = if op == O::Add {
                Some(c)
            } else {
                c.checked_neg()
            };
            Ok(c.map(|c| (a, d, c)))
        }
        _ => Ok(None),
    }
}

/// `(x, k)` when `e` is `x + k` or `x - k` for a constant `k`, else `(e, 0)`.
fn offset(e: &ASTExpr) -> Gen<(ASTExpr, i64)> {
    use ASTExprOpType as O;
    if e.get_type()? == ASTExprType::Op
        && let op @ (O::Add | O::Sub) = e.get_op_type()?
    {
        let k = e.get_op_arg(1)?;
        if k.get_type()? == ASTExprType::Int {
            let k = k.get_val()?.get_num_si()?;
            let k = if op == O::Add {
                Some(k)
            } else {
                k.checked_neg()
            };
            if let Some(k) = k {
                return Ok((e.get_op_arg(0)?, k));
            }
        }
    }
    Ok((e.copy()?, 0))
}

/// Whether `node` is straight-line code: statement calls in blocks, nothing else;
/// the calls are appended to `calls` in order.
fn straight_line_calls(node: &ASTNode, calls: &mut Vec<ASTNode>) -> Gen<bool> {
    match ast_kind(node)? {
        AstKind::User => {
            calls.push(node.copy()?);
            Ok(true)
        }
        AstKind::Block => {
            let children = node.block_get_children()?;
            for k in 0..children.size()? {
                if !straight_line_calls(&children.get_at(k)?, calls)? {
                    return Ok(false);
                }
            }
            Ok(true)
        }
        _ => Ok(false),
    }
}

/// Whether a `for` loop lies at or below `node`.
fn contains_loop(node: &ASTNode) -> Gen<bool> {
    let mut found = false;
    each_node(node, &mut |n| {
        found |= ast_kind(n)? == AstKind::For;
        Ok(())
    })?;
    Ok(found)
}

/// Calls `f` on `node` and on every node below it, parents first.
fn each_node(node: &ASTNode, f: &mut dyn FnMut(&ASTNode) -> Gen<()>) -> Gen<()> {
    f(node)?;
    match ast_kind(node)? {
        AstKind::For => each_node(&node.for_get_body()?, f),
        AstKind::If => {
            each_node(&node.if_get_then_node()?, f)?;
            if node.if_has_else_node()? {
                each_node(&node.if_get_else_node()?, f)?;
            }
            Ok(())
        }
        AstKind::Block => {
            let children = node.block_get_children()?;
            for k in 0..children.size()? {
                each_node(&children.get_at(k)?, f)?;
            }
            Ok(())
        }
        AstKind::Mark => each_node(&node.mark_get_node()?, f),
        AstKind::User => Ok(()),
    }
}

/// `a + k` (`a - |k|` for a negative `k`, `a` for 0).
fn plus_constant(a: Ex, k: i64) -> Gen<Ex> {
    let (op, k) = match k {
        0 => return Ok(a),
        k if k > 0 => ("+", k),
        k => (
            "-",
            k.checked_neg()
                .ok_or(Failure::Overflow("a generated bound"))?,
        ),
    };
    let k = constant(k);
    let range = if op == "+" {
        a.range.plus(k.range)
    } else {
        a.range.minus(k.range)
    };
    arithmetic(&a, &k, op, 12, range)
}

/// `-a`, computed in `long long` where `a`'s type may not hold the negation.
fn minus(a: &Ex) -> Gen<Ex> {
    let range = a.range.negated();
    let a = if a.ty.holds(range) {
        a.clone()
    } else if WIDE.holds(range) {
        widened(a)
    } else {
        return Err(Failure::Overflow("a generated expression"));
    };
    Ok(Ex {
        text: format!("-{}", a.wrapped(PRIMARY)),
        prec: UNARY,
        range,
        ..a
    })
}

/// Whether `e` is the identifier `name`.
fn is_id(e: &ASTExpr, name: &str) -> Gen<bool> {
    Ok(e.get_type()? == ASTExprType::Id && e.get_id()?.get_name()? == name)
}

/// The integer constant `v`.
fn constant(v: i64) -> Ex {
    Ex {
        text: v.to_string(),
        prec: if v < 0 { UNARY } else { PRIMARY },
        ty: if i32::try_from(v).is_ok() {
            CType::Signed(32)
        } else {
            WIDE
        },
        range: Interval::point(i128::from(v)),
    }
}

/// `a op b` for a comparison operator `op`.
fn comparison(a: &Ex, b: &Ex, op: &str) -> Ex {
    Ex {
        text: format!("{} {op} {}", a.wrapped(10), b.wrapped(11)),
        prec: 10,
        ty: CType::Signed(32),
        range: Interval { lo: 0, hi: 1 },
    }
}

/// `a op b`, computed in the wider of the two types, or with `a` cast to `long long`
/// if that type may not hold `range`.
fn arithmetic(a: &Ex, b: &Ex, op: &str, prec: u8, range: Interval) -> Gen<Ex> {
    let ty = widest(a.ty, b.ty);
    let (a, ty) = if ty.holds(range) {
        (a.clone(), ty)
    } else if WIDE.holds(range) {
        (widened(a), WIDE)
    } else {
        return Err(Failure::Overflow("a generated expression"));
    };
    Ok(Ex {
        text: format!("{} {op} {}", a.wrapped(prec), b.wrapped(prec + 1)),
        prec,
        ty,
        range,
    })
}

/// `a` cast to `long long`, so arithmetic on it is 64-bit.
fn widened(a: &Ex) -> Ex {
    if a.ty == WIDE {
        return a.clone();
    }
    Ex {
        text: format!("({}){}", WIDE.c_name(), a.wrapped(UNARY)),
        prec: UNARY,
        ty: WIDE,
        range: a.range,
    }
}

fn widest(a: CType, b: CType) -> CType {
    match (a, b) {
        (CType::Signed(x), CType::Signed(y)) => CType::Signed(x.max(y)),
        _ => WIDE,
    }
}

/// The type of a fresh iterator declared as `c_type`.
fn fresh_type(c_type: &str) -> CType {
    if c_type.contains("long") {
        WIDE
    } else {
        CType::Signed(32)
    }
}

/// Whether the hole at `pieces[k]` is a subscript on its own (`A[i]`), where any
/// expression may stand without parentheses.
fn is_whole_subscript(pieces: &[Piece], k: usize) -> bool {
    let before = k.checked_sub(1).and_then(|b| pieces.get(b));
    let after = pieces.get(k + 1);
    matches!((before, after), (Some(Piece::Text(b)), Some(Piece::Text(a)))
        if b.trim_end().ends_with('[') && a.trim_start().starts_with(']'))
}

fn wrap(s: String, prec: u8, min: u8) -> String {
    if prec < min { format!("({s})") } else { s }
}

/// Whether `code` parses as the body of a C function: the self-check run on every
/// generated region before it replaces the original.
pub fn parses_as_block(code: &str) -> bool {
    crate::frontend::syntax::parse_statements(code).is_some_and(|t| !t.root_node().has_error())
}
