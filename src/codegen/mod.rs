//! C code from a schedule: isl's AST generator scans the domain in schedule order, and
//! this module prints the AST as C, statement bodies being the original source text
//! with the iterators substituted.

use crate::frontend::ir::Region;
use crate::model::{LoopName, Mark};
use crate::support::ast::AstNodeId;
use crate::support::ast::straight_line_block;
use crate::support::diag::Span;
use crate::support::isl::{AstKind, Failure, ast_kind};
use crate::transform::decision::{Decision, ParallelLoop};
use crate::transform::parallel::{MarkedLoop, is_vector_loop, marked_loop};
use crate::transform::products::ProductPlan;
use crate::transform::registers::RegisterPlan;
use isl_rs::{ASTExpr, ASTExprType, ASTNode};
use std::collections::{BTreeMap, BTreeSet, HashMap};

pub mod copy_back;
mod registers;
pub mod versioning;

use expr::PRIMARY;
use loops::Loop;

mod expr;
mod loops;
pub mod products;
mod statements;

type Gen<T> = Result<T, Failure>;

/// An AST isl built that nestor cannot print (a bug in nestor, reported as N202).
fn unexpected(what: impl Into<String>) -> Failure {
    Failure::Unexpected(what.into())
}

/// The C text replacing `region`, printing `ast` (isl's AST of the region's schedule,
/// [`crate::model::ast`]) with the cells `registers` keeps in locals, and the cells
/// kept across a loop (`Decision::Promoted`). The first line carries no indentation
/// (it replaces text that starts after it). A loop under a [`Mark`] gets
/// `#pragma omp parallel for`, with its private scalars and the iterators of inner
/// loops declared outside the region private, or `#pragma omp simd`.
pub fn generate(
    region: &Region,
    ast: &ASTNode,
    file_identifiers: &BTreeSet<String>,
    parallel: &[ParallelLoop],
    registers: &RegisterPlan,
    products: &ProductPlan,
) -> Gen<(String, Vec<Decision>)> {
    let mut printer = Printer::new(region, file_identifiers, parallel, registers, products);
    let braced = region.needs_braces || hoists_into_block(region);
    let depth = usize::from(braced);
    let (declarations, epilogue) = match region.scop_pragmas {
        Some(_) => (&[][..], &[][..]),
        None => (&region.declarations[..], &region.epilogue[..]),
    };
    printer
        .lines
        .extend(declarations.iter().map(|d| (depth, d.clone())));
    printer.node(ast, depth)?;
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
    let value = match e.get_type()? {
        ASTExprType::Int => Some(e.get_val()?.get_num_si()?),
        _ => None,
    };
    Ok((parameter_text(region, e, PRIMARY)?, value))
}

/// `e`, an expression of the region's parameters, as C that may stand as the operand
/// of an operator of precedence `min` ([`parameter_expression`]).
fn parameter_text(region: &Region, e: &ASTExpr, min: u8) -> Gen<String> {
    static NO_IDENTIFIERS: BTreeSet<String> = BTreeSet::new();
    static NO_REGISTERS: RegisterPlan = RegisterPlan::NONE;
    static NO_PRODUCTS: ProductPlan = ProductPlan::NONE;
    let printer = Printer::new(region, &NO_IDENTIFIERS, &[], &NO_REGISTERS, &NO_PRODUCTS);
    Ok(printer.expr(e)?.wrapped(min))
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
    /// While printing below the [`Mark`] of a vector loop: isl's name for the marked band's loops
    /// (isolating full tiles may emit the band as several loops, under conditions).
    vector_band: Option<String>,
    /// The comments (indices into the region's) already printed with their statement.
    placed_comments: BTreeSet<usize>,
    /// The cells kept in locals.
    registers: &'a RegisterPlan,
    products: &'a ProductPlan,
    /// How many locals were declared so far (each name is new).
    locals: usize,
    /// The name of each of `registers`' cells declared so far.
    local_names: BTreeMap<usize, String>,
    /// The cells kept in locals across a loop so far.
    promotions_made: Vec<Decision>,
    /// The names [`LoopName`] marks give the loops below them: isl's iterator, the name.
    loop_names: Vec<(String, String)>,
}

impl<'a> Printer<'a> {
    fn new(
        region: &'a Region,
        file_identifiers: &'a BTreeSet<String>,
        parallel: &'a [ParallelLoop],
        registers: &'a RegisterPlan,
        products: &'a ProductPlan,
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
            registers,
            products,
            locals: 0,
            loop_names: Vec::new(),
            local_names: BTreeMap::new(),
            promotions_made: Vec::new(),
        }
    }
}

impl Printer<'_> {
    fn node(&mut self, node: &ASTNode, depth: usize) -> Gen<()> {
        if let Some(kernel) = self.products.kernels.get(&AstNodeId::of(node)) {
            return self.product_kernel(kernel, depth);
        }
        match ast_kind(node)? {
            AstKind::For if is_vector_loop(node, self.vector_band.as_deref())? => {
                self.comments_before_loop(node, depth)?;
                let at = self.lines.len();
                self.for_loop(node, depth, true)?;
                self.openmp_pragma(at, depth, "#pragma omp simd".to_string());
                Ok(())
            }
            AstKind::For => self.for_loop(node, depth, false),
            AstKind::If => self.if_node(node, depth),
            AstKind::Block => {
                if let Some(users) = straight_line_block(node)? {
                    return self.straight_line(node, &users, depth);
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

    /// A marked node: a parallel loop, vector loops, or code as it is
    /// ([`marked_loop`]).
    fn mark(&mut self, node: &ASTNode, depth: usize) -> Gen<()> {
        let child = node.mark_get_node()?;
        let id = node.mark_get_id()?.get_name()?.to_string();
        if let Some(name) = LoopName::from_isl_id(&id) {
            let Some(iterator) = loop_below(&child)? else {
                return self.node(&child, depth);
            };
            self.loop_names.push((iterator, name.0));
            let printed = self.node(&child, depth);
            self.loop_names.pop();
            return printed;
        }
        let copies = Mark::from_isl_id(&id).and_then(|m| self.parallel.get(m.index));
        if let Some(p) = copies.filter(|p| !p.last_private.is_empty()) {
            return self.with_copies(node, &child, depth, p);
        }
        match marked_loop(node, self.parallel)? {
            MarkedLoop::Vector { band } => {
                let outer = self.vector_band.replace(band);
                let printed = self.node(&child, depth);
                self.vector_band = outer;
                printed
            }
            MarkedLoop::Threads { parallel, parts } => {
                for (part, threads) in parts {
                    match threads {
                        true => self.parallel_loop(&part, depth, parallel)?,
                        false => self.node(&part, depth)?,
                    }
                }
                Ok(())
            }
            MarkedLoop::Plain => self.node(&child, depth),
        }
    }

    /// A marked loop whose threads each get their own copies of arrays
    /// (`ParallelLoop::last_private`): in a parallel region, each thread declares its
    /// copies, the loop leaves the last iteration's in the shared pointers
    /// (`lastprivate`), and one thread stores them back before they are freed, where an
    /// iteration ran (a loop with none may leave any value in a `lastprivate` pointer:
    /// libgomp does). Where isl emitted the band otherwise than as one loop, it runs
    /// sequentially on the arrays themselves, as built without OpenMP.
    fn with_copies(
        &mut self,
        node: &ASTNode,
        child: &ASTNode,
        depth: usize,
        parallel: &ParallelLoop,
    ) -> Gen<()> {
        let copies = &parallel.last_private;
        let at = |lines: Vec<String>, depth: usize| lines.into_iter().map(move |l| (depth, l));
        let aliases: Vec<String> = copies
            .iter()
            .map(|a| a.code.alias_declaration.clone())
            .collect();
        let part = match marked_loop(node, self.parallel)? {
            MarkedLoop::Threads { mut parts, .. } if matches!(&parts[..], [(_, true)]) => {
                parts.remove(0).0
            }
            _ => {
                self.lines.push((depth, "{".to_string()));
                self.lines.extend(at(aliases, depth + 1));
                self.node(child, depth + 1)?;
                self.lines.push((depth, "}".to_string()));
                return Ok(());
            }
        };
        self.lines.push((depth, "{".to_string()));
        let shared = copies
            .iter()
            .flat_map(|a| a.code.shared_declaration.clone());
        self.lines
            .extend(at(guarded(shared.collect(), Vec::new()), depth + 1));
        let region = self.lines.len();
        self.lines.push((depth + 1, "{".to_string()));
        // Built without OpenMP, each copy is the array itself: nothing to store back.
        let declared = copies
            .iter()
            .flat_map(|a| a.code.thread_declaration.clone());
        self.lines
            .extend(at(guarded(declared.collect(), aliases), depth + 2));
        let taken = copies.iter().flat_map(|a| {
            [
                format!("{} = {};", a.code.shared, a.copy),
                "#pragma omp atomic write".to_string(),
                format!("{} = 1;", a.code.ran),
            ]
        });
        let taken = guarded(taken.collect(), Vec::new());
        let first = self.lines.len();
        self.parallel_loop(&part, depth + 2, parallel)?;
        let body = (first..self.lines.len()).find(|&k| self.lines[k].1.starts_with("for ("));
        let Some(body) = body.filter(|&k| self.lines[k].1.ends_with('{')) else {
            return Err(unexpected("a parallel loop without a braced body"));
        };
        let inserted: Vec<_> = at(taken, depth + 3).collect();
        self.lines.splice(body + 1..body + 1, inserted);
        let mut stored = vec!["#pragma omp single".to_string(), "{".to_string()];
        let back = copies.iter().flat_map(|a| a.code.store_from_shared.iter());
        let indent =
            |(d, l): &(usize, String)| format!("{}{l}", self.region.indent_unit.repeat(d + 1));
        stored.extend(back.map(indent));
        stored.push("}".to_string());
        stored.extend(copies.iter().flat_map(|a| a.code.release.clone()));
        self.lines
            .extend(at(guarded(stored, Vec::new()), depth + 2));
        self.lines.push((depth + 1, "}".to_string()));
        self.openmp_pragma(region, depth + 1, "#pragma omp parallel".to_string());
        self.lines.push((depth, "}".to_string()));
        Ok(())
    }

    /// `#pragma omp parallel for private(...)` and the loop, with the clauses of the
    /// source's own pragma on the region (`Region::user_parallel`); `schedule(static, 1)`
    /// when its iterations do `uneven` work (a triangular nest: OpenMP's default hands each
    /// thread one contiguous block of iterations, and the thread with the long rows
    /// finishes last; the covariance sample ran slower on 2 threads than on 1).
    fn parallel_loop(&mut self, node: &ASTNode, depth: usize, parallel: &ParallelLoop) -> Gen<()> {
        self.comments_before_loop(node, depth)?;
        let at = self.lines.len();
        self.shared_iterators
            .push((self.loops.len(), BTreeSet::new()));
        self.for_loop(node, depth, true)?;
        let mut private: BTreeSet<String> = parallel.private.iter().cloned().collect();
        private.extend(self.shared_iterators.pop().unwrap_or_default().1);
        let list = |names: Vec<String>, clause: &str| match names.is_empty() {
            true => String::new(),
            false => format!(" {clause}({})", names.join(", ")),
        };
        let copies: Vec<String> = parallel
            .last_private
            .iter()
            .map(|a| a.code.shared.clone())
            .collect();
        let construct = match copies.is_empty() {
            true => "parallel for",
            false => "for",
        };
        let clause = list(private.into_iter().collect(), "private") + &list(copies, "lastprivate");
        let user = self
            .region
            .user_parallel
            .as_ref()
            .map_or("", |u| u.clauses.as_str());
        let schedule = match parallel.uneven && !user.contains("schedule(") {
            true => " schedule(static, 1)",
            false => "",
        };
        let pragma = format!("#pragma omp {construct}{schedule}{clause}{user}");
        self.openmp_pragma(at, depth, pragma);
        Ok(())
    }

    /// Inserts the OpenMP `pragma` before line `at`, under `#ifdef _OPENMP`: a build
    /// without OpenMP then sees no pragma it does not know (`gcc -Wall -Werror` fails
    /// on one), and runs the loop as a plain one, as the pragma would leave it.
    fn openmp_pragma(&mut self, at: usize, depth: usize, pragma: String) {
        let guarded = ["#ifdef _OPENMP".to_string(), pragma, "#endif".to_string()];
        for (k, line) in guarded.into_iter().enumerate() {
            self.lines.insert(at + k, (depth, line));
        }
    }
}

/// `lines` under `#ifdef _OPENMP`, `otherwise` (if any) under its `#else`.
fn guarded(lines: Vec<String>, otherwise: Vec<String>) -> Vec<String> {
    let mut out = vec!["#ifdef _OPENMP".to_string()];
    out.extend(lines);
    if !otherwise.is_empty() {
        out.push("#else".to_string());
        out.extend(otherwise);
    }
    out.push("#endif".to_string());
    out
}

/// isl's iterator of the loop `node` is, or the first one below it through marks;
/// none when it is no loop.
fn loop_below(node: &ASTNode) -> Gen<Option<String>> {
    let mut node = node.copy()?;
    loop {
        match ast_kind(&node)? {
            AstKind::For => {
                let id = node.for_get_iterator()?.get_id()?;
                return Ok(Some(id.get_name()?.to_string()));
            }
            AstKind::Mark => node = node.mark_get_node()?,
            _ => return Ok(None),
        }
    }
}

/// Whether `code` parses as the body of a C function: the self-check run on every
/// generated region before it replaces the original.
pub fn parses_as_block(code: &str) -> bool {
    crate::frontend::syntax::parse_statements(code).is_some_and(|t| !t.root_node().has_error())
}
