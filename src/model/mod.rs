//! The polyhedral model of a region: parameters, context, iteration domains, tagged
//! access relations and the original schedule tree, as isl objects.
//!
//! The model is first written in isl's notation (so `nestor explain` can show exactly
//! what isl was given), then parsed by isl.

use crate::frontend::ir::{
    Access, AccessKind, Aff, CmpOp, Cond, Loop, MAX_DIVISIONS, Node, Region, UnsignedValue, cases,
};
use crate::frontend::types::CType;
use crate::support::diag::{Code, Diagnostic, Span};
use crate::support::isl::{Failure, build_ast};
use isl_rs::{ASTNode, Context, LibISLError, Schedule, Set, UnionMap, UnionSet};
use std::rc::Rc;

mod names;
mod parsed;
mod tree;

pub use names::{c_name, isl_name, tuple};
pub use parsed::{Parsed, kept};
pub use tree::{
    BandAt, LoopName, Mark, ScheduleTree, original_schedule, schedule_yaml, time_stamps,
};

/// The model in isl notation.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct ScopText {
    /// `[n, m] -> ` (or empty without parameters).
    pub params: String,
    /// `[n, m] -> { : N = 100 }`.
    pub context: String,
    /// Per statement: `[n] -> { S0[i, j] : 0 <= i < n and ... }`.
    pub domains: Vec<String>,
    /// Per statement: its tagged accesses `[n] -> { [S0[i, j] -> R3[]] -> A[i, j] : ... }`.
    pub accesses: Vec<Vec<(AccessKind, String)>>,
    /// Per statement: `S0[i, j] : constraints` (the domain without parameters).
    pub domain_bodies: Vec<String>,
    /// The original schedule tree in isl's YAML form.
    pub schedule: String,
    /// `[n] -> { A[o0, o1]; s[] }`: every cell of the arrays live after the region.
    pub live_out_cells: String,
    /// The instances at which an unsigned value C computes leaves the range where it is
    /// the model's (`ir::UnsignedValue`): a union set; empty text without unsigned values.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub wrapping: String,
    /// Each unsigned value's part of `wrapping` (a set) and where the source computes it.
    #[serde(skip)]
    pub wrapping_values: Vec<(String, Span)>,
}

/// The model as isl objects.
pub struct Scop {
    pub context: Set,
    pub domain: UnionSet,
    /// `{ [S[i] -> R[]] -> A[..] }`, reads and writes separately.
    pub reads: UnionMap,
    pub writes: UnionMap,
    pub schedule: Schedule,
    /// Every cell of the arrays live after the region.
    pub live_out_cells: UnionSet,
    /// The texts read to build it: the regions a storage change makes from this one
    /// are built with it ([`build`]).
    pub parsed: Rc<Parsed>,
}

impl Scop {
    /// `{ A[o_0, .., o_{rank-1}] : some instance of the region accesses it }` for the
    /// array `array`; `params` is the model's parameter list (`[n, m] -> `).
    pub fn accessed_cells(
        &self,
        params: &str,
        array: &str,
        rank: usize,
    ) -> Result<UnionSet, LibISLError> {
        let dims: Vec<String> = (0..rank).map(|d| format!("o{d}")).collect();
        let universe = UnionSet::read_from_str(
            &self.context.get_ctx(),
            &format!("{params}{{ {}[{}] }}", isl_name(array), dims.join(", ")),
        )?;
        self.reads
            .copy()?
            .union(self.writes.copy()?)?
            .range()?
            .intersect(universe)
    }
}

/// The region in isl notation; fails only when a constraint has more divisions than
/// nestor models ([`MAX_DIVISIONS`]).
pub fn scop_text(region: &Region) -> Result<ScopText, Box<Diagnostic>> {
    let params: Vec<String> = region.params.iter().map(|p| isl_name(p)).collect();
    let params = if params.is_empty() {
        String::new()
    } else {
        format!("[{}] -> ", params.join(", "))
    };
    let constants: Vec<String> = region
        .constants
        .iter()
        .map(|(n, v)| format!("{} = {v}", isl_name(n)))
        .chain(unsigned_parameter_ranges(region))
        .collect();
    let context = format!(
        "{params}{{ : {} }}",
        if constants.is_empty() {
            "true".to_string()
        } else {
            constants.join(" and ")
        }
    );
    let mut walk = DomainWalk {
        region,
        params: &params,
        domains: vec![String::new(); region.statements.len()],
        accesses: vec![Vec::new(); region.statements.len()],
        wrapping: Vec::new(),
        too_many_divisions: None,
    };
    walk.nodes(&region.body, &mut Vec::new(), &mut Vec::new());
    if let Some(span) = walk.too_many_divisions {
        return Err(Box::new(
            Diagnostic::new(
                Code::TooManyDivisions,
                span,
                format!("more than {MAX_DIVISIONS} integer divisions or modulos in one expression"),
            )
            .label("here")
            .expected("a few `/` and `%` by constants per bound, condition or access")
            .hint("simplify the expression, or move it out of the loop nest"),
        ));
    }
    let schedule = schedule_yaml(
        region,
        &params,
        &walk.domains,
        &original_schedule(region),
        &[],
        &[],
    );
    let live_out: Vec<String> = region
        .arrays
        .iter()
        .filter(|a| a.live_out)
        .map(|a| {
            let dims: Vec<String> = (0..a.extents.len()).map(|d| format!("o{d}")).collect();
            format!("{}[{}]", isl_name(&a.name), dims.join(", "))
        })
        .collect();
    Ok(ScopText {
        live_out_cells: format!("{params}{{ {} }}", live_out.join("; ")),
        domain_bodies: walk.domains.clone(),
        context,
        domains: walk
            .domains
            .iter()
            .map(|d| format!("{params}{{ {d} }}"))
            .collect(),
        accesses: walk.accesses,
        wrapping: match walk.wrapping.is_empty() {
            true => String::new(),
            false => format!(
                "{params}{{ {} }}",
                walk.wrapping
                    .iter()
                    .map(|(w, _)| w.as_str())
                    .collect::<Vec<_>>()
                    .join("; ")
            ),
        },
        wrapping_values: walk
            .wrapping
            .iter()
            .map(|(w, span)| (format!("{params}{{ {w} }}"), span.clone()))
            .collect(),
        schedule,
        params,
    })
}

/// `0 <= n <= max` for each unsigned parameter: the values of its type (a 64-bit one's
/// as the region's run-time test bounds them, `Region::param_ranges`).
fn unsigned_parameter_ranges(region: &Region) -> impl Iterator<Item = String> + '_ {
    region
        .param_ranges
        .iter()
        .filter(|(_, (ty, _))| matches!(ty, CType::Unsigned(_)))
        .map(|(n, (_, range))| format!("{} <= {} <= {}", range.lo, isl_name(n), range.hi))
}

fn conjunction(constraints: &[String]) -> String {
    if constraints.is_empty() {
        "true".to_string()
    } else {
        constraints.join(" and ")
    }
}

struct DomainWalk<'a> {
    region: &'a Region,
    params: &'a str,
    /// Per statement: `S0[i, j] : constraints`.
    domains: Vec<String>,
    accesses: Vec<Vec<(AccessKind, String)>>,
    /// Per unsigned value: `V3[i, j] : constraints and (e < 0 or e > max)`, and its span.
    wrapping: Vec<(String, Span)>,
    /// Where an expression had more divisions than nestor models.
    too_many_divisions: Option<Span>,
}

impl DomainWalk<'_> {
    /// `cond` in isl notation; records a failure at `span` if it has too many divisions.
    fn constraint(&mut self, cond: &Cond, span: &Span) -> String {
        cond.to_isl(&isl_name).unwrap_or_else(|| {
            self.too_many_divisions.get_or_insert(span.clone());
            "false".to_string()
        })
    }

    /// Walks `nodes` with the enclosing iterators and the constraints that hold there.
    fn nodes(&mut self, nodes: &[Node], iters: &mut Vec<String>, constraints: &mut Vec<String>) {
        for node in nodes {
            match node {
                Node::Loop(l, body) => {
                    self.unsigned_values(&l.unsigned, iters, constraints);
                    let before = constraints.len();
                    for c in loop_constraints(l) {
                        let c = self.constraint(&c, &l.span);
                        constraints.push(c);
                    }
                    iters.push(l.iter.clone());
                    self.unsigned_values(&l.unsigned_steps, iters, constraints);
                    self.nodes(body, iters, constraints);
                    iters.pop();
                    constraints.truncate(before);
                }
                Node::If(cond, then, els, unsigned) => {
                    self.unsigned_values(unsigned, iters, constraints);
                    let span = self.first_statement_span(then).unwrap_or(0..0);
                    self.branch(cond, then, iters, constraints, &span);
                    self.branch(&cond.negate(), els, iters, constraints, &span);
                }
                Node::Stmt(k) => self.statement(*k, iters, constraints),
            }
        }
    }

    fn branch(
        &mut self,
        cond: &Cond,
        nodes: &[Node],
        iters: &mut Vec<String>,
        constraints: &mut Vec<String>,
        span: &Span,
    ) {
        let c = self.constraint(cond, span);
        constraints.push(c);
        self.nodes(nodes, iters, constraints);
        constraints.pop();
    }

    /// The instances (of the enclosing `iters` where `constraints` hold) at which one
    /// of `values` leaves the range where C's unsigned arithmetic is the model's.
    fn unsigned_values(
        &mut self,
        values: &[UnsignedValue],
        iters: &[String],
        constraints: &[String],
    ) {
        for v in values {
            let wraps = self.constraint(&v.wraps(), &v.span);
            let space = tuple(&format!("V{}", self.wrapping.len()), iters);
            let domain = conjunction(constraints);
            self.wrapping
                .push((format!("{space} : {domain} and {wraps}"), v.span.clone()));
        }
    }

    fn statement(&mut self, k: usize, iters: &[String], constraints: &[String]) {
        let stmt = &self.region.statements[k];
        self.unsigned_values(&stmt.unsigned, iters, constraints);
        let stmt = &self.region.statements[k];
        let space = tuple(&stmt.name, iters);
        let domain = conjunction(constraints);
        self.domains[k] = format!("{space} : {domain}");
        for (n, a) in stmt.accesses.iter().enumerate() {
            let earlier = earlier_writes(&stmt.accesses[..n], a);
            if earlier.iter().any(|e| e.subscripts == a.subscripts) {
                continue;
            }
            let rank = a.subscripts.len();
            let subscripts: Vec<&Aff> = a
                .subscripts
                .iter()
                .chain(earlier.iter().flat_map(|e| &e.subscripts))
                .collect();
            let Some(cases) = cases(&subscripts, &isl_name) else {
                self.too_many_divisions.get_or_insert(a.span.clone());
                continue;
            };
            let pieces: Vec<String> = cases
                .into_iter()
                .map(|(subs, cond)| {
                    let (own, others) = subs.split_at(rank);
                    let apart = others.chunks(rank.max(1)).map(|other| {
                        let differ: Vec<String> = own
                            .iter()
                            .zip(other)
                            .map(|(x, y)| format!("{x} != {y}"))
                            .collect();
                        format!(" and ({})", differ.join(" or "))
                    });
                    format!(
                        "[{space} -> R{}[]] -> {}[{}] : {domain} and {cond}{}",
                        a.id,
                        isl_name(&a.array),
                        own.join(", "),
                        apart.collect::<String>()
                    )
                })
                .collect();
            self.accesses[k].push((
                a.kind,
                format!("{}{{ {} }}", self.params, pieces.join("; ")),
            ));
        }
    }

    fn first_statement_span(&self, nodes: &[Node]) -> Option<Span> {
        nodes.iter().find_map(|n| match n {
            Node::Stmt(k) => Some(self.region.statements[*k].span.clone()),
            Node::Loop(_, b) => self.first_statement_span(b),
            Node::If(_, t, e, _) => self
                .first_statement_span(t)
                .or_else(|| self.first_statement_span(e)),
        })
    }
}

/// The writes among `before` (the accesses of a statement before `a`) of `a`'s array,
/// when `a` is a write. A statement instance writes a cell once, whatever its text
/// does (both branches of an `if` on data writing `a[i][j]`, each a must-write): `a`
/// is modelled only where it writes a cell none of these writes (not at all where its
/// subscripts are one's), since isl's dataflow sees no order between two writes of one
/// instance and would take neither for the value the next reader gets.
fn earlier_writes<'s>(before: &'s [Access], a: &Access) -> Vec<&'s Access> {
    match a.kind {
        AccessKind::Write => before
            .iter()
            .filter(|e| e.kind == AccessKind::Write && e.array == a.array)
            .collect(),
        AccessKind::Read => Vec::new(),
    }
}

/// The iterations of loop `l`: `i >= init and bound and (i - init) mod s = 0` for an
/// upward loop, mirrored for a downward one.
fn loop_constraints(l: &Loop) -> Vec<Cond> {
    let i = Aff::name(&l.iter);
    let (first, distance) = if l.stride > 0 {
        (
            Cond::Cmp(i.clone(), CmpOp::Ge, l.init.clone()),
            Aff::Sub(Box::new(i), Box::new(l.init.clone())),
        )
    } else {
        (
            Cond::Cmp(i.clone(), CmpOp::Le, l.init.clone()),
            Aff::Sub(Box::new(l.init.clone()), Box::new(i)),
        )
    };
    let mut out = vec![first, l.bound.clone()];
    if l.stride.abs() != 1 {
        out.push(Cond::Cmp(
            Aff::Mod(Box::new(distance), l.stride.abs()),
            CmpOp::Eq,
            Aff::Int(0),
        ));
    }
    out
}

/// Parses the model into isl objects, reading each text `parsed` has not read yet.
pub fn build(ctx: &Context, text: &ScopText, parsed: Rc<Parsed>) -> Result<Scop, LibISLError> {
    let context = Set::read_from_str(ctx, &text.context)?;
    let mut domain = UnionSet::empty_ctx(ctx)?;
    for d in &text.domains {
        domain = domain.union(parsed.union_set(ctx, d)?)?;
    }
    let mut reads = UnionMap::empty_ctx(ctx)?;
    let mut writes = UnionMap::empty_ctx(ctx)?;
    for (kind, a) in text.accesses.iter().flatten() {
        let m = parsed.union_map(ctx, a)?;
        match kind {
            AccessKind::Read => reads = reads.union(m)?,
            AccessKind::Write => writes = writes.union(m)?,
        }
    }
    let schedule = parsed.schedule(ctx, &text.schedule)?;
    let live_out_cells = parsed.union_set(ctx, &text.live_out_cells)?;
    Ok(Scop {
        live_out_cells,
        context,
        domain,
        reads,
        writes,
        schedule,
        parsed,
    })
}

/// isl's AST scanning `scop`'s domain in `schedule`'s order. Built for every value of
/// the parameters (the universe of the context's space), not only under the context
/// the analysis may assume: generated code must be right wherever it runs.
pub fn ast(scop: &Scop, schedule: &Schedule) -> Result<ASTNode, Failure> {
    build_ast(&Set::universe(scop.context.get_space()?)?, schedule)
}

/// `tree` as code is generated from it: an isl schedule with isl `mark` nodes above
/// the bands at the paths of `marks`, and the AST build options `isolation` on bands
/// (`tiling::isolation::full_tile_options`).
pub fn schedule_for_codegen(
    ctx: &Context,
    region: &Region,
    text: &ScopText,
    tree: &ScheduleTree,
    marks: &[(Vec<usize>, Mark)],
    isolation: &[(Vec<usize>, String)],
) -> Result<Schedule, LibISLError> {
    Schedule::read_from_str(
        ctx,
        &schedule_yaml(
            region,
            &text.params,
            &text.domain_bodies,
            tree,
            marks,
            isolation,
        ),
    )
}

/// `tree` as an isl schedule over the region's domain.
pub fn schedule(
    ctx: &Context,
    region: &Region,
    text: &ScopText,
    tree: &ScheduleTree,
) -> Result<Schedule, LibISLError> {
    Schedule::read_from_str(
        ctx,
        &schedule_yaml(region, &text.params, &text.domain_bodies, tree, &[], &[]),
    )
}

/// `text` with its domains, accesses and context as isl prints them (simplified,
/// canonical), for reports and tests.
pub fn canonical(ctx: &Context, text: &ScopText) -> Result<ScopText, LibISLError> {
    let mut out = text.clone();
    out.context = Set::read_from_str(ctx, &text.context)?
        .to_str()?
        .to_string();
    for d in &mut out.domains {
        *d = UnionSet::read_from_str(ctx, d)?.to_str()?.to_string();
    }
    for (_, a) in out.accesses.iter_mut().flatten() {
        *a = UnionMap::read_from_str(ctx, a)?.to_str()?.to_string();
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::ScheduleTree::{self, Band, Sequence, Stmt};
    use crate::frontend::ir::Aff;
    use std::collections::BTreeSet;

    /// A loop over `iterator` around `child`, with every statement below as a member.
    fn band(iterator: &str, child: ScheduleTree) -> ScheduleTree {
        let members = child
            .statements()
            .into_iter()
            .map(|k| (k, Aff::name(iterator)))
            .collect();
        Band {
            label: iterator.to_string(),
            members,
            child: Box::new(child),
            unroll: false,
        }
    }

    fn set(statements: &[usize]) -> BTreeSet<usize> {
        statements.iter().copied().collect()
    }

    #[test]
    fn a_fusion_reorders_the_two_fused_nests_only() {
        let before = Sequence(vec![
            band("i", Stmt(0)),
            band("i", Stmt(1)),
            band("j", band("k", Stmt(2))),
        ]);
        let after = Sequence(vec![
            band("i", Sequence(vec![Stmt(0), Stmt(1)])),
            band("j", band("k", Stmt(2))),
        ]);
        assert_eq!(before.reordered(&after), set(&[0, 1]));
        assert_eq!(before.reordered(&before), set(&[]));
    }

    #[test]
    fn an_interchange_reorders_its_nest_and_a_swap_of_siblings_both() {
        let before = Sequence(vec![band("i", band("j", Stmt(0))), band("k", Stmt(1))]);
        let interchanged = Sequence(vec![band("j", band("i", Stmt(0))), band("k", Stmt(1))]);
        assert_eq!(before.reordered(&interchanged), set(&[0]));
        let swapped = Sequence(vec![band("k", Stmt(1)), band("i", band("j", Stmt(0)))]);
        assert_eq!(before.reordered(&swapped), set(&[0, 1]));
    }

    #[test]
    fn a_distribution_inside_a_loop_reorders_that_loop_s_statements() {
        let before = Sequence(vec![
            Stmt(0),
            band("i", Sequence(vec![Stmt(1), band("j", Stmt(2))])),
        ]);
        let after = Sequence(vec![
            Stmt(0),
            band("i", Stmt(1)),
            band("i", band("j", Stmt(2))),
        ]);
        assert_eq!(before.reordered(&after), set(&[1, 2]));
    }

    #[test]
    fn field_paths_get_isl_names_that_read_back() {
        use super::{c_name, isl_name};
        assert_eq!(isl_name("b.c"), "__nm_b__c");
        assert_eq!(isl_name("s.in.x"), "__nm_s__in__x");
        assert_eq!(isl_name("p->v"), "__np_p__v");
        assert_eq!(isl_name("s.min"), "__nm_s__min");
        for c in [
            "b.c", "s.in.x", "p->v", "p->v.w", "s._x", "s.a__b", "a__b.c", "s.é", "min", "x",
        ] {
            let isl = isl_name(c);
            assert!(
                isl.chars()
                    .all(|ch| ch.is_ascii_alphanumeric() || ch == '_'),
                "{isl}"
            );
            assert_eq!(c_name(&isl), c, "{isl}");
        }
        assert_ne!(isl_name("s.a__b"), isl_name("s.a.b"));
    }
}
