//! The polyhedral model of a region: parameters, context, iteration domains, tagged
//! access relations and the original schedule tree, as isl objects.
//!
//! The model is first written in isl's notation (so `nestor explain` can show exactly
//! what isl was given), then parsed by isl.

use crate::frontend::ir::{AccessKind, Aff, CmpOp, Cond, Loop, MAX_DIVISIONS, Node, Region, cases};
use crate::support::diag::{Code, Diagnostic, Span};
use isl_rs::{Context, LibISLError, Map, Schedule, Set, UnionMap, UnionSet};
use std::collections::BTreeSet;

/// Words isl's parser reads as keywords, whatever their case.
const ISL_KEYWORDS: &[&str] = &[
    "exists", "and", "or", "implies", "not", "infty", "infinity", "nan", "min", "max", "rat",
    "true", "false", "ceild", "floord", "mod", "ceil", "floor",
];

/// The isl name of a C identifier: itself, unless isl would read it as a keyword; then
/// it gets a prefix reserved to the C implementation (`__nk_`), so it cannot clash. A
/// field path (`b.c`, `s.in.x`, `p->v`: a struct member as an array of its own) is
/// its names joined by `__` after `__nm_` (`__np_` when the first step is `->`), or
/// spelled in hexadecimal like a non-ASCII name where a name holds `__` or starts or
/// ends with `_` (so that the joined form could be read back two ways).
pub fn isl_name(c: &str) -> String {
    if let Some((prefix, names)) = field_path(c) {
        let plain = names
            .iter()
            .all(|n| !n.contains("__") && !n.starts_with('_') && !n.ends_with('_'));
        if plain && c.is_ascii() {
            return format!("{prefix}{}", names.join("__"));
        }
        let hex: String = c.bytes().map(|b| format!("{b:02x}")).collect();
        return format!("{UNICODE_PREFIX}{hex}");
    }
    if !c.is_ascii() {
        let hex: String = c.bytes().map(|b| format!("{b:02x}")).collect();
        format!("{UNICODE_PREFIX}{hex}")
    } else if ISL_KEYWORDS.contains(&c.to_ascii_lowercase().as_str()) {
        format!("{KEYWORD_PREFIX}{c}")
    } else {
        c.to_string()
    }
}

const KEYWORD_PREFIX: &str = "__nk_";
/// isl reads ASCII names only: a C identifier with other characters is spelled as the
/// hexadecimal of its UTF-8 bytes after this prefix (reserved in C, so no clash).
const UNICODE_PREFIX: &str = "__nu_";

/// The prefix and the names of field path `c` (`p->v.w`: `__np_`, `[p, v, w]`), or
/// `None` for a plain identifier.
fn field_path(c: &str) -> Option<(&'static str, Vec<&str>)> {
    let (root, rest, prefix) = match (c.find("->"), c.find('.')) {
        (Some(a), d) if d.is_none_or(|d| a < d) => (&c[..a], &c[a + 2..], POINTER_FIELD_PREFIX),
        (_, Some(d)) => (&c[..d], &c[d + 1..], FIELD_PREFIX),
        _ => return None,
    };
    Some((
        prefix,
        std::iter::once(root).chain(rest.split('.')).collect(),
    ))
}

/// The isl names of field paths: `s.x` is `__nm_s__x`, `p->x` is `__np_p__x`.
const FIELD_PREFIX: &str = "__nm_";
const POINTER_FIELD_PREFIX: &str = "__np_";

/// The C identifier an isl name stands for.
pub fn c_name(isl: &str) -> String {
    for (prefix, first) in [(FIELD_PREFIX, "."), (POINTER_FIELD_PREFIX, "->")] {
        if let Some(path) = isl.strip_prefix(prefix) {
            let names: Vec<&str> = path.split("__").collect();
            if let Some((root, members)) = names.split_first()
                && !members.is_empty()
            {
                return format!("{root}{first}{}", members.join("."));
            }
        }
    }
    if let Some(hex) = isl.strip_prefix(UNICODE_PREFIX)
        && let Some(bytes) = (0..hex.len())
            .step_by(2)
            .map(|k| u8::from_str_radix(hex.get(k..k + 2)?, 16).ok())
            .collect::<Option<Vec<u8>>>()
        && let Ok(name) = String::from_utf8(bytes)
    {
        return name;
    }
    isl.strip_prefix(KEYWORD_PREFIX)
        .filter(|c| ISL_KEYWORDS.contains(&c.to_ascii_lowercase().as_str()))
        .unwrap_or(isl)
        .to_string()
}

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
        schedule,
        params,
    })
}

fn rename(n: &str) -> String {
    isl_name(n)
}

pub fn tuple(name: &str, iters: &[String]) -> String {
    let iters: Vec<String> = iters.iter().map(|i| isl_name(i)).collect();
    format!("{name}[{}]", iters.join(", "))
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
    /// Where an expression had more divisions than nestor models.
    too_many_divisions: Option<Span>,
}

impl DomainWalk<'_> {
    /// `cond` in isl notation; records a failure at `span` if it has too many divisions.
    fn constraint(&mut self, cond: &Cond, span: &Span) -> String {
        cond.to_isl(&rename).unwrap_or_else(|| {
            self.too_many_divisions.get_or_insert(span.clone());
            "false".to_string()
        })
    }

    /// Walks `nodes` with the enclosing iterators and the constraints that hold there.
    fn nodes(&mut self, nodes: &[Node], iters: &mut Vec<String>, constraints: &mut Vec<String>) {
        for node in nodes {
            match node {
                Node::Loop(l, body) => {
                    let before = constraints.len();
                    for c in loop_constraints(l) {
                        let c = self.constraint(&c, &l.span);
                        constraints.push(c);
                    }
                    iters.push(l.iter.clone());
                    self.nodes(body, iters, constraints);
                    iters.pop();
                    constraints.truncate(before);
                }
                Node::If(cond, then, els) => {
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

    fn statement(&mut self, k: usize, iters: &[String], constraints: &[String]) {
        let stmt = &self.region.statements[k];
        let space = tuple(&stmt.name, iters);
        let domain = conjunction(constraints);
        self.domains[k] = format!("{space} : {domain}");
        for a in &stmt.accesses {
            let subscripts: Vec<&Aff> = a.subscripts.iter().collect();
            let Some(cases) = cases(&subscripts, &rename) else {
                self.too_many_divisions.get_or_insert(a.span.clone());
                continue;
            };
            let pieces: Vec<String> = cases
                .into_iter()
                .map(|(subs, cond)| {
                    format!(
                        "[{space} -> R{}[]] -> {}[{}] : {domain} and {cond}",
                        a.id,
                        isl_name(&a.array),
                        subs.join(", ")
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
            Node::If(_, t, e) => self
                .first_statement_span(t)
                .or_else(|| self.first_statement_span(e)),
        })
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

/// An execution order over a region's statements, shaped like isl's schedule trees:
/// transformations rewrite it, [`schedule_yaml`] hands it to isl.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum ScheduleTree {
    /// One loop. `members` gives, per statement below, its time in this loop as an
    /// affine function of its iterators (`i`, `-i` for a downward loop, `i + 2` for a
    /// shifted one). `label` names the loop for users: the original iterator.
    Band {
        label: String,
        members: Vec<(usize, Aff)>,
        child: Box<ScheduleTree>,
        /// Generated as straight-line copies of its body, one per time, instead of a
        /// loop (isl's `unroll` AST option): the inner loops of a register tile.
        unroll: bool,
    },
    /// Children executed one after the other.
    Sequence(Vec<ScheduleTree>),
    /// One statement (index into the region's statements).
    Stmt(usize),
}

impl ScheduleTree {
    /// The statements below this node, in order.
    pub fn statements(&self) -> Vec<usize> {
        let mut out = Vec::new();
        self.collect_statements(&mut out);
        out
    }

    /// The statements whose instances `other` may order differently among themselves
    /// than `self` does: the two trees are walked together while they agree (equal
    /// bands; sequences are split into the shortest runs of children that hold the same
    /// statements on both sides, [`aligned_runs`]), and the statements of the first
    /// subtrees that differ are collected. Two instances of which one lies outside those
    /// keep their order: it is decided where the trees agree (the same order of runs,
    /// the same band times).
    pub fn reordered(&self, other: &ScheduleTree) -> BTreeSet<usize> {
        match (self, other) {
            _ if self == other => BTreeSet::new(),
            (ScheduleTree::Sequence(xs), ScheduleTree::Sequence(ys)) => aligned_runs(xs, ys)
                .into_iter()
                .flat_map(|(x, y)| match (x, y) {
                    ([x], [y]) => x.reordered(y),
                    _ => statements_of(x).into_iter().collect(),
                })
                .collect(),
            (
                ScheduleTree::Band { members, child, .. },
                ScheduleTree::Band {
                    members: others,
                    child: other_child,
                    ..
                },
            ) if members == others => child.reordered(other_child),
            _ => self
                .statements()
                .into_iter()
                .chain(other.statements())
                .collect(),
        }
    }

    /// Whether a band lies at or below this node.
    pub fn contains_band(&self) -> bool {
        match self {
            ScheduleTree::Band { .. } => true,
            ScheduleTree::Sequence(children) => children.iter().any(ScheduleTree::contains_band),
            ScheduleTree::Stmt(_) => false,
        }
    }

    fn collect_statements(&self, out: &mut Vec<usize>) {
        match self {
            ScheduleTree::Band { child, .. } => child.collect_statements(out),
            ScheduleTree::Sequence(children) => {
                children.iter().for_each(|c| c.collect_statements(out))
            }
            ScheduleTree::Stmt(k) => out.push(*k),
        }
    }
}

/// The statements of a run of sibling subtrees.
fn statements_of(trees: &[ScheduleTree]) -> Vec<usize> {
    trees.iter().flat_map(ScheduleTree::statements).collect()
}

/// `xs` and `ys`, children of two sequences over the same statements, cut into pairs
/// of runs `(xs[a..b], ys[c..d])` in order, each as short as it can be while both sides
/// hold the same statements (a run of one child on each side where the sequences agree;
/// a fusion of two children pairs those two with the one fused loop).
fn aligned_runs<'t>(
    xs: &'t [ScheduleTree],
    ys: &'t [ScheduleTree],
) -> Vec<(&'t [ScheduleTree], &'t [ScheduleTree])> {
    let mut runs = Vec::new();
    let (mut a, mut c) = (0, 0);
    while a < xs.len() || c < ys.len() {
        let (mut b, mut d) = (a, c);
        let mut left = BTreeSet::new();
        let mut right = BTreeSet::new();
        loop {
            if (!right.is_subset(&left) || left.is_empty()) && b < xs.len() {
                left.extend(xs[b].statements());
                b += 1;
            } else if !left.is_subset(&right) && d < ys.len() {
                right.extend(ys[d].statements());
                d += 1;
            } else {
                break;
            }
            if left == right && !left.is_empty() {
                break;
            }
        }
        if left != right || (b, d) == (a, c) {
            // Not the same statements (or none): all from here on may be reordered.
            runs.push((&xs[a..], &ys[c..]));
            break;
        }
        runs.push((&xs[a..b], &ys[c..d]));
        (a, c) = (b, d);
    }
    runs
}

/// The original execution order: a band per loop (over the statements inside it), a
/// sequence per block; `if`s only restrict domains, so their branches are members of
/// the enclosing sequence. Loops without statements disappear.
pub fn original_schedule(region: &Region) -> ScheduleTree {
    sequence(&region.body)
}

fn sequence(nodes: &[Node]) -> ScheduleTree {
    let mut children: Vec<ScheduleTree> = Vec::new();
    for node in nodes {
        match node {
            Node::Stmt(k) => children.push(ScheduleTree::Stmt(*k)),
            Node::If(_, then, els) => {
                for branch in [then, els] {
                    match sequence(branch) {
                        ScheduleTree::Sequence(c) => children.extend(c),
                        other => children.push(other),
                    }
                }
            }
            Node::Loop(l, body) => {
                let child = sequence(body);
                let stmts = child.statements();
                if stmts.is_empty() {
                    continue;
                }
                let time = if l.stride < 0 {
                    Aff::Neg(Box::new(Aff::name(&l.iter)))
                } else {
                    Aff::name(&l.iter)
                };
                children.push(ScheduleTree::Band {
                    label: l.iter.clone(),
                    members: stmts.into_iter().map(|k| (k, time.clone())).collect(),
                    child: Box::new(child),
                    unroll: false,
                });
            }
        }
    }
    if children.len() == 1 {
        children.pop().unwrap_or(ScheduleTree::Sequence(Vec::new()))
    } else {
        ScheduleTree::Sequence(children)
    }
}

/// `{ S[i] -> [t_1, ..., t_n] }` for `tree`, as isl flattens a schedule tree: one
/// dimension per band (the statement's time in it) and per sequence (the position of
/// the child holding the statement), then zeros up to the deepest statement's length.
/// Written directly: parsing the YAML and flattening in isl cost a tenth of a check.
pub fn time_stamps(region: &Region, params: &str, tree: &ScheduleTree) -> String {
    let stamps = statement_times(tree);
    let length = stamps.iter().map(|(_, t)| t.len()).max().unwrap_or(0);
    let pieces: Vec<String> = stamps
        .into_iter()
        .map(|(k, mut times)| {
            times.resize(length, "0".to_string());
            let s = &region.statements[k];
            format!("{} -> [{}]", tuple(&s.name, &s.iters), times.join(", "))
        })
        .collect();
    format!("{params}{{ {} }}", pieces.join("; "))
}

/// Per statement below `tree`, its time in each band and its position in each
/// sequence on the way down, outermost first.
fn statement_times(tree: &ScheduleTree) -> Vec<(usize, Vec<String>)> {
    let prefixed = |inner: Vec<(usize, Vec<String>)>, time: &dyn Fn(usize) -> String| {
        inner
            .into_iter()
            .map(|(k, times)| (k, std::iter::once(time(k)).chain(times).collect()))
            .collect::<Vec<_>>()
    };
    match tree {
        ScheduleTree::Stmt(k) => vec![(*k, Vec::new())],
        ScheduleTree::Band { members, child, .. } => prefixed(statement_times(child), &|k| {
            members.iter().find(|(s, _)| *s == k).map_or_else(
                || "0".to_string(),
                |(_, t)| format!("({})", t.to_isl(&rename)),
            )
        }),
        ScheduleTree::Sequence(children) => children
            .iter()
            .enumerate()
            .flat_map(|(position, c)| prefixed(statement_times(c), &|_| position.to_string()))
            .collect(),
    }
}

/// `tree` in isl's YAML form, over the statements' domains (`domains[k]` is
/// `S0[i, j] : constraints`).
pub fn schedule_yaml(
    region: &Region,
    params: &str,
    domains: &[String],
    tree: &ScheduleTree,
    marks: &[(Vec<usize>, String)],
    options: &[(Vec<usize>, String)],
) -> String {
    let mut out = format!("domain: \"{params}{{ {} }}\"\n", domains.join("; "));
    let mut yaml = TreeYaml {
        region,
        params,
        marks,
        options,
        path: Vec::new(),
        out: &mut out,
    };
    yaml.node(tree, 0);
    out
}

/// The YAML writer's state: where in the tree it is, and the marks to place.
struct TreeYaml<'a> {
    region: &'a Region,
    params: &'a str,
    /// Marks (isl `mark` nodes, e.g. a parallel loop) above the bands at these paths.
    marks: &'a [(Vec<usize>, String)],
    /// isl AST build options (`isolate`) of the bands at these paths.
    options: &'a [(Vec<usize>, String)],
    path: Vec<usize>,
    out: &'a mut String,
}

impl TreeYaml<'_> {
    fn node(&mut self, tree: &ScheduleTree, indent: usize) {
        let (region, params) = (self.region, self.params);
        let pad = " ".repeat(indent);
        match tree {
            ScheduleTree::Stmt(_) => {}
            ScheduleTree::Band {
                members,
                child,
                unroll,
                ..
            } => {
                let mut indent = indent;
                if let Some((_, mark)) = self.marks.iter().find(|(p, _)| *p == self.path) {
                    self.out
                        .push_str(&format!("{pad}child:\n{pad}  mark: \"{mark}\"\n"));
                    indent += 2;
                }
                let pad = " ".repeat(indent);
                let band: Vec<String> = members
                    .iter()
                    .map(|(k, time)| {
                        let s = &region.statements[*k];
                        format!(
                            "{} -> [({})]",
                            tuple(&s.name, &s.iters),
                            time.to_isl(&rename)
                        )
                    })
                    .collect();
                self.out.push_str(&format!(
                    "{pad}child:\n{pad}  schedule: \"{params}[{{ {} }}]\"\n",
                    band.join("; ")
                ));
                if *unroll {
                    self.out
                        .push_str(&format!("{pad}  options: \"{{ unroll[0] }}\"\n"));
                } else if let Some((_, o)) = self.options.iter().find(|(p, _)| *p == self.path) {
                    self.out.push_str(&format!("{pad}  options: \"{o}\"\n"));
                }
                self.path.push(0);
                self.node(child, indent + 2);
                self.path.pop();
            }
            ScheduleTree::Sequence(children) => {
                self.out
                    .push_str(&format!("{pad}child:\n{pad}  sequence:\n"));
                for (k, c) in children.iter().enumerate() {
                    let filter: Vec<String> = c
                        .statements()
                        .iter()
                        .map(|k| tuple(&region.statements[*k].name, &region.statements[*k].iters))
                        .collect();
                    self.out.push_str(&format!(
                        "{pad}  - filter: \"{params}{{ {} }}\"\n",
                        filter.join("; ")
                    ));
                    self.path.push(k);
                    self.node(c, indent + 4);
                    self.path.pop();
                }
            }
        }
    }
}

/// Parses the model into isl objects.
pub fn build(ctx: &Context, text: &ScopText) -> Result<Scop, LibISLError> {
    let context = Set::read_from_str(ctx, &text.context)?;
    let mut domain = UnionSet::empty_ctx(ctx)?;
    for d in &text.domains {
        domain = domain.union(UnionSet::read_from_str(ctx, d)?)?;
    }
    let mut reads = UnionMap::empty_ctx(ctx)?;
    let mut writes = UnionMap::empty_ctx(ctx)?;
    for (kind, a) in text.accesses.iter().flatten() {
        let m = UnionMap::read_from_str(ctx, a)?;
        match kind {
            AccessKind::Read => reads = reads.union(m)?,
            AccessKind::Write => writes = writes.union(m)?,
        }
    }
    let schedule = Schedule::read_from_str(ctx, &text.schedule)?;
    let live_out_cells = UnionSet::read_from_str(ctx, &text.live_out_cells)?;
    Ok(Scop {
        live_out_cells,
        context,
        domain,
        reads,
        writes,
        schedule,
    })
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

/// [`schedule`] as code is generated from it: with isl `mark` nodes above the bands at
/// the given paths, and full register tiles isolated ([`full_tile_options`]).
pub fn schedule_for_codegen(
    ctx: &Context,
    region: &Region,
    text: &ScopText,
    tree: &ScheduleTree,
    marks: &[(Vec<usize>, String)],
) -> Result<Schedule, LibISLError> {
    let options = full_tile_options(ctx, region, text, tree)?;
    Schedule::read_from_str(
        ctx,
        &schedule_yaml(
            region,
            &text.params,
            &text.domain_bodies,
            tree,
            marks,
            &options,
        ),
    )
}

/// The isl AST build option of every band of `tree` whose body starts with unrolled
/// bands (a register tile, `rewrites::unroll_and_jam`) that generates its full register
/// tiles apart from the partial ones, so that isl emits their copies without guards.
/// With `a = (a_1..a_m)` the times of the bands down to this one and `o` those of the
/// unrolled bands below, `I_S = { [a, o] }` the times of the instances of statement `S`,
/// `P_S = proj_a(I_S)` and `O_S = proj_o(I_S)`, the option is
/// `{ isolate[[a_1..a_{m-1}] -> [a_m]] : a in ∩_S (P_S \ proj_a((P_S x O_S) \ I_S)) }`:
/// every copy of every statement exists.
fn full_tile_options(
    ctx: &Context,
    region: &Region,
    text: &ScopText,
    tree: &ScheduleTree,
) -> Result<Vec<(Vec<usize>, String)>, LibISLError> {
    let mut out = Vec::new();
    for RegisterTile { path, times } in register_tiles(tree) {
        let mut full: Option<Set> = None;
        for (k, (a, o)) in &times {
            let s = &region.statements[*k];
            let instances = Map::read_from_str(
                ctx,
                &format!(
                    "{}{{ {} -> [{}] }}",
                    text.params,
                    tuple(&s.name, &s.iters),
                    a.iter()
                        .chain(o)
                        .map(|t| t.to_isl(&rename))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            )?
            .intersect_domain(Set::read_from_str(ctx, &text.domains[*k])?)?
            .range()?;
            let whole = full_tiles(instances, a.len() as u32, o.len() as u32)?;
            full = Some(match full {
                Some(f) => f.intersect(whole)?,
                None => whole,
            });
        }
        let Some(full) = full else { continue };
        let m = times.first().map_or(0, |(_, (a, _))| a.len());
        let dims: Vec<String> = (0..m).map(|d| format!("a{d}")).collect();
        let wrap = Map::read_from_str(
            ctx,
            &format!(
                "{{ [{}] -> isolate[[{}] -> [{}]] }}",
                dims.join(", "),
                dims[..m.saturating_sub(1)].join(", "),
                dims.last().map_or("", String::as_str)
            ),
        )?;
        out.push((path, full.apply(wrap)?.to_str()?.to_string()));
    }
    Ok(out)
}

/// `P \ proj_a((P x O) \ I)` for `I = { [a, o] }` with `m` dims `a` and `r` dims `o`,
/// `P = proj_a(I)`, `O` the `o` of `I` for any parameter values (the unrolled copies):
/// the `a` for which every copy is in `I`.
fn full_tiles(instances: Set, m: u32, r: u32) -> Result<Set, LibISLError> {
    use isl_rs::DimType;
    let blocks = instances.copy()?.project_out(DimType::Set, m, r)?;
    let params = instances.dim(DimType::Param)? as u32;
    let offsets = instances
        .copy()?
        .project_out(DimType::Set, 0, m)?
        .project_out(DimType::Param, 0, params)?;
    let missing = blocks
        .copy()?
        .flat_product(offsets)?
        .subtract(instances)?
        .project_out(DimType::Set, m, r)?;
    blocks.subtract(missing)
}

/// A band whose body starts with unrolled bands: its path, and per statement below it
/// the times of the bands down to it (outermost first) and of the unrolled bands.
struct RegisterTile {
    path: Vec<usize>,
    times: Vec<(usize, TileTimes)>,
}

/// The times of the bands down to a register tile's band, and of its unrolled bands.
type TileTimes = (Vec<Aff>, Vec<Aff>);

/// The register tiles of `tree`.
fn register_tiles(tree: &ScheduleTree) -> Vec<RegisterTile> {
    let mut out = Vec::new();
    collect_register_tiles(tree, &mut Vec::new(), &mut Vec::new(), &mut out);
    out
}

type BandTimes<'t> = &'t [(usize, Aff)];

fn collect_register_tiles<'t>(
    tree: &'t ScheduleTree,
    path: &mut Vec<usize>,
    outer: &mut Vec<BandTimes<'t>>,
    out: &mut Vec<RegisterTile>,
) {
    match tree {
        ScheduleTree::Band {
            members,
            child,
            unroll,
            ..
        } => {
            outer.push(members);
            if !unroll && matches!(**child, ScheduleTree::Band { unroll: true, .. }) {
                let mut unrolled: Vec<BandTimes<'t>> = Vec::new();
                let mut node = &**child;
                while let ScheduleTree::Band {
                    members,
                    child,
                    unroll: true,
                    ..
                } = node
                {
                    unrolled.push(members);
                    node = child;
                }
                let time = |levels: &[BandTimes<'t>], k: usize| -> Vec<Aff> {
                    levels
                        .iter()
                        .filter_map(|l| l.iter().find(|(s, _)| *s == k).map(|(_, t)| t.clone()))
                        .collect()
                };
                let times = members
                    .iter()
                    .map(|(k, _)| (*k, (time(outer, *k), time(&unrolled, *k))))
                    .collect();
                out.push(RegisterTile {
                    path: path.clone(),
                    times,
                });
            }
            path.push(0);
            collect_register_tiles(child, path, outer, out);
            path.pop();
            outer.pop();
        }
        ScheduleTree::Sequence(children) => {
            for (k, c) in children.iter().enumerate() {
                path.push(k);
                collect_register_tiles(c, path, outer, out);
                path.pop();
            }
        }
        ScheduleTree::Stmt(_) => {}
    }
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
