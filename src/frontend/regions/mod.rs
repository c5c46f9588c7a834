//! Region finding: in each function, the nests between `#pragma scop` and `#pragma
//! endscop`, or else maximal runs of sibling nests that lift; and what is live after a
//! region.

mod liveness;
mod openmp;

use liveness::{is_changed, is_declarator};

use super::ir::{self, Origin, Region};
use super::lift::lift_region;
use super::summary::Summaries;
use super::symbols::Symbols;
use super::syntax::{self, named_children, pragma_argument, text};
use super::{Frontend, RejectedNest, affine, function_name};
use crate::support::diag::{Code, Diagnostic, Span};
use std::collections::{BTreeSet, HashMap, HashSet};
use tree_sitter::Node;

/// Finds the regions of `function` (with its `symbols`), lifting them into `out` (and
/// the nests it rejects): the `#pragma scop` regions in `pragma_mode`, else maximal
/// runs of nests.
pub(super) fn find(
    function: Node,
    src: &str,
    symbols: Symbols,
    summaries: &Summaries,
    breaks: &[syntax::RegionBreak],
    pragma_mode: bool,
    out: &mut Frontend,
) {
    let mut finder = RegionFinder {
        src,
        symbols,
        summaries,
        index: FunctionIndex::new(function, src),
        function,
        name: function_name(function, src),
        breaks,
        out,
    };
    if let Some(body) = function.child_by_field_name("body") {
        if pragma_mode {
            finder.pragma_regions(body);
        } else {
            finder.auto_regions(body);
        }
    }
}
/// What region finding looks up in a function again and again, collected once (so a
/// function with many nests is not walked once per nest).
pub(super) struct FunctionIndex<'t> {
    /// Every identifier of the function, by name, in source order.
    identifiers: HashMap<String, Vec<Node<'t>>>,
    /// Each `#pragma nestor temporary(a, b)` outside preprocessor conditionals: its
    /// position and the names it lists.
    temporaries: Vec<(usize, Vec<String>)>,
    has_goto: bool,
}

impl<'t> FunctionIndex<'t> {
    fn new(function: Node<'t>, src: &str) -> FunctionIndex<'t> {
        let mut index = FunctionIndex {
            identifiers: HashMap::new(),
            temporaries: Vec::new(),
            has_goto: false,
        };
        // With each node, whether it lies in a preprocessor conditional: a pragma
        // there may not exist when compiled.
        let mut stack = vec![(function, false)];
        while let Some((node, conditional)) = stack.pop() {
            match node.kind() {
                "identifier" => index
                    .identifiers
                    .entry(text(node, src).to_string())
                    .or_default()
                    .push(node),
                "goto_statement" => index.has_goto = true,
                _ => {}
            }
            if !conditional && let Some(names) = temporary_pragma(node, src) {
                index.temporaries.push((node.start_byte(), names));
            }
            let conditional = conditional || syntax::is_conditional(node);
            stack.extend(named_children(node).into_iter().map(|c| (c, conditional)));
        }
        for uses in index.identifiers.values_mut() {
            uses.sort_by_key(|n| n.start_byte());
        }
        index
    }

    /// The uses of `names`, in source order.
    fn uses<'n>(&self, names: impl Iterator<Item = &'n str>) -> Vec<Node<'t>> {
        let mut out: Vec<Node<'t>> = names
            .filter_map(|n| self.identifiers.get(n))
            .flatten()
            .copied()
            .collect();
        out.sort_by_key(|n| n.start_byte());
        out
    }
}

/// The names a `#pragma nestor temporary(a, b)` lists.
pub(super) fn temporary_pragma(node: Node, src: &str) -> Option<Vec<String>> {
    let list = match syntax::nestor_pragma(node, src)? {
        ("temporary", list) => list,
        _ => return None,
    };
    let list = list.trim_start_matches('(').trim_end_matches(')');
    Some(
        list.split(',')
            .map(|n| n.trim().to_string())
            .filter(|n| !n.is_empty())
            .collect(),
    )
}

pub(super) struct RegionFinder<'a, 't> {
    src: &'a str,
    symbols: Symbols,
    summaries: &'a Summaries,
    index: FunctionIndex<'t>,
    function: Node<'t>,
    name: String,
    /// Spans no region may overlap, with the reason.
    breaks: &'a [syntax::RegionBreak],
    out: &'a mut Frontend,
}

impl<'t> RegionFinder<'_, 't> {
    /// Regions between `#pragma scop` and `#pragma endscop` in any block of the function.
    fn pragma_regions(&mut self, node: Node<'t>) {
        if node.kind() == "compound_statement" {
            let children = named_children(node);
            let mut open: Option<usize> = None;
            for (k, c) in children.iter().enumerate() {
                match pragma_argument(*c, self.src) {
                    Some("scop") => open = Some(k),
                    Some("endscop") => {
                        if let Some(start) = open.take() {
                            // Comments between statements are the region's (printed
                            // with what they precede); those before its first statement
                            // and after its last stay outside its span, as written.
                            let inner = &children[start + 1..k];
                            let is_code = |n: &Node| n.kind() != "comment";
                            let body: Vec<Node> = match (
                                inner.iter().position(is_code),
                                inner.iter().rposition(is_code),
                            ) {
                                (Some(first), Some(last)) => inner[first..=last].to_vec(),
                                _ => Vec::new(),
                            };
                            let pragmas = syntax::whole_lines(
                                children[start].start_byte()..children[k].end_byte(),
                                self.src,
                            );
                            self.try_region(&body, pragmas);
                        }
                    }
                    _ => {}
                }
            }
            if let Some(start) = open {
                self.out.file_diagnostics.push(
                    Diagnostic::new(Code::UnclosedScop, children[start].byte_range(), "`#pragma scop` has no matching `#pragma endscop` in this block")
                        .label("region opened here")
                        .hint("add `#pragma endscop` after the last statement of the region, in the same block"),
                );
            }
        }
        for c in named_children(node) {
            self.pragma_regions(c);
        }
    }

    /// Maximal runs of loop nests (with the assignments and comments between them) in
    /// every block.
    fn auto_regions(&mut self, block: Node<'t>) {
        let mut run: Vec<Node<'t>> = Vec::new();
        for child in named_children(block) {
            if matches!(
                child.kind(),
                "for_statement" | "expression_statement" | "comment"
            ) {
                run.push(child);
            } else {
                self.flush_run(std::mem::take(&mut run));
                self.look_inside(child);
            }
        }
        self.flush_run(run);
    }

    fn flush_run(&mut self, mut run: Vec<Node<'t>>) {
        while run.last().is_some_and(|n| n.kind() != "for_statement") {
            run.pop();
        }
        let first_loop = run.iter().position(|n| n.kind() == "for_statement");
        let Some(first_loop) = first_loop else { return };
        run.drain(..first_loop);
        if let Some(pragma) = skip_pragma_before(run[0], self.src) {
            let rest = run.split_off(1);
            self.skip_nest(run[0], pragma);
            return self.flush_run(rest);
        }
        if let Some((pragma, parallel)) = self.user_parallel_before(run[0]) {
            let rest = run.split_off(1);
            self.user_parallel_region(run[0], pragma, parallel);
            return self.flush_run(rest);
        }
        if run.len() > 1
            && let Ok(region) = self.lift(&run, Origin::Auto)
        {
            let region = self.with_nests(region, &run);
            self.out.regions.push(region);
            return;
        }
        // Some nest breaks the run: lift the nests one by one, then the longest runs of
        // nests that lift (with what stands between them) together when they can be.
        let mut segment: Vec<Node<'t>> = Vec::new();
        let mut lifted: Vec<Region> = Vec::new();
        for node in run {
            if node.kind() != "for_statement" {
                segment.push(node);
                continue;
            }
            match self.lift(&[node], Origin::Auto) {
                Ok(region) => {
                    segment.push(node);
                    lifted.push(region);
                }
                Err(diagnostics) => {
                    self.flush_segment(std::mem::take(&mut segment), std::mem::take(&mut lifted));
                    self.reject_nest(node, diagnostics);
                }
            }
        }
        self.flush_segment(segment, lifted);
    }

    /// Records `segment` (statements whose loop nests lifted alone as `lifted`) as one
    /// region if it lifts as a whole, else its nests as separate regions.
    fn flush_segment(&mut self, mut segment: Vec<Node<'t>>, lifted: Vec<Region>) {
        while segment.last().is_some_and(|n| n.kind() != "for_statement") {
            segment.pop();
        }
        let first_loop = segment
            .iter()
            .position(|n| n.kind() == "for_statement")
            .unwrap_or(0);
        segment.drain(..first_loop);
        if lifted.len() > 1
            && let Ok(region) = self.lift(&segment, Origin::Auto)
        {
            let region = match region.has_assumptions() {
                true => Region {
                    nests: lifted,
                    ..region
                },
                false => region,
            };
            self.out.regions.push(region);
            return;
        }
        self.out.regions.extend(lifted);
    }

    /// `region` (lifted from `run`) with its nests lifted one by one, where its model
    /// holds only for some parameter values and each nest lifts alone.
    fn with_nests(&self, region: Region, run: &[Node<'t>]) -> Region {
        if !region.has_assumptions() {
            return region;
        }
        let nests: Result<Vec<Region>, _> = run
            .iter()
            .filter(|n| n.kind() == "for_statement")
            .map(|n| self.lift(&[*n], Origin::Auto))
            .collect();
        match nests {
            Ok(nests) => Region { nests, ..region },
            Err(_) => region,
        }
    }

    /// The source's `#pragma omp parallel for` before `nest`, alone or as nestor writes
    /// its own (`#ifdef _OPENMP`, the pragma, `#endif`), when nestor keeps its clauses
    /// (`openmp::user_parallel`); the node is what the region starts with.
    fn user_parallel_before(&self, nest: Node<'t>) -> Option<(Node<'t>, ir::UserParallel)> {
        let before = loop_pragma_before(nest, self.src)?;
        let pragma = openmp_guarded(before, self.src).unwrap_or(before);
        let parallel = openmp::user_parallel(pragma_argument(pragma, self.src)?)?.ok()?;
        Some((before, parallel))
    }

    /// `nest` under the source's `#pragma omp parallel for` (`pragma`) as a region of its
    /// own, starting at the pragma, with the regions its body holds to try instead when
    /// it is left as written (`Region::nests`).
    fn user_parallel_region(
        &mut self,
        nest: Node<'t>,
        pragma: Node<'t>,
        parallel: ir::UserParallel,
    ) {
        let (regions, rejected) = (self.out.regions.len(), self.out.rejected.len());
        self.look_inside_nest(nest);
        let inner: Vec<Region> = self.out.regions.drain(regions..).collect();
        let inner_rejected: Vec<RejectedNest> = self.out.rejected.drain(rejected..).collect();
        match self.lift_user_parallel(nest, pragma, parallel) {
            Ok(region) => self.out.regions.push(Region {
                nests: inner,
                ..region
            }),
            Err(diagnostics) => {
                self.out.rejected.push(RejectedNest {
                    origin: Origin::Auto,
                    span: nest.byte_range(),
                    function: self.name.clone(),
                    diagnostics,
                });
                self.out.regions.extend(inner);
                self.out.rejected.extend(inner_rejected);
            }
        }
    }

    /// `nest` lifted with its pragma: the region starts at the pragma, and the pragma's
    /// private scalars must be dead after it (OpenMP leaves them as they were; the
    /// sequential loop nestor models, with their last values).
    fn lift_user_parallel(
        &self,
        nest: Node<'t>,
        pragma: Node<'t>,
        parallel: ir::UserParallel,
    ) -> Result<Region, Vec<Diagnostic>> {
        let region = self.lift_with(&[nest], Origin::Auto, true)?;
        if let Some(a) = region
            .arrays
            .iter()
            .find(|a| a.live_out && parallel.private.contains(&a.name))
        {
            return Err(vec![
                Diagnostic::new(
                    Code::LoopPragma,
                    pragma.byte_range(),
                    format!(
                        "`{}` is private to the threads of this loop but read after it",
                        a.name
                    ),
                )
                .label("private here")
                .expected("private variables that are dead after the loop")
                .hint("declare the variable inside the loop body, or keep this nest as written"),
            ]);
        }
        let span = pragma.start_byte()..region.span.end;
        // The pragma and the loop may stand in different groups of a decided `#if`.
        let breaks: Vec<Diagnostic> = self
            .breaks_overlapping(&span)
            .map(|b| b.diagnostic.clone())
            .collect();
        if !breaks.is_empty() {
            return Err(breaks);
        }
        Ok(Region {
            span,
            user_parallel: Some(parallel),
            ..region
        })
    }

    /// Records a nest that could not be lifted and looks for regions inside it.
    fn reject_nest(&mut self, nest: Node<'t>, diagnostics: Vec<Diagnostic>) {
        self.out.rejected.push(RejectedNest {
            origin: Origin::Auto,
            span: nest.byte_range(),
            function: self.name.clone(),
            diagnostics,
        });
        self.look_inside_nest(nest);
    }

    /// N125: `nest` (and every loop inside it) is left as written, as the source's
    /// `#pragma nestor skip` (`pragma`) asks.
    fn skip_nest(&mut self, nest: Node<'t>, pragma: Node<'t>) {
        let diagnostic = Diagnostic::new(
            Code::Skipped,
            nest.byte_range(),
            "the loop nest is left as written, as `#pragma nestor skip` asks",
        )
        .note()
        .label("left as written")
        .with_note(format!(
            "`{}` applies to the loop right after it and every loop inside it",
            text(pragma, self.src).trim()
        ));
        self.out.rejected.push(RejectedNest {
            origin: Origin::Auto,
            span: nest.byte_range(),
            function: self.name.clone(),
            diagnostics: vec![diagnostic],
        });
    }

    /// Looks for regions inside the body of `nest`.
    fn look_inside_nest(&mut self, nest: Node<'t>) {
        if let Some(body) = nest.child_by_field_name("body") {
            if body.kind() == "for_statement" {
                self.flush_run(vec![body]);
            } else {
                self.look_inside(body);
            }
        }
    }

    fn look_inside(&mut self, node: Node<'t>) {
        if node.kind() == "compound_statement" {
            return self.auto_regions(node);
        }
        for c in named_children(node) {
            self.look_inside(c);
        }
    }

    /// The region between the scop pragmas on the lines `pragmas`.
    fn try_region(&mut self, nodes: &[Node<'t>], pragmas: Span) {
        let origin = Origin::Pragma;
        match self.lift(nodes, origin) {
            Ok(region) => self.out.regions.push(Region {
                scop_pragmas: Some(pragmas),
                ..region
            }),
            Err(diagnostics) => {
                let span = match (nodes.first(), nodes.last()) {
                    (Some(a), Some(b)) => a.start_byte()..b.end_byte(),
                    _ => return,
                };
                self.out.rejected.push(RejectedNest {
                    origin,
                    span,
                    function: self.name.clone(),
                    diagnostics,
                });
            }
        }
    }

    /// Lifts `nodes` as one region, or says why it cannot be.
    fn lift(&self, nodes: &[Node<'t>], origin: Origin) -> Result<Region, Vec<Diagnostic>> {
        self.lift_with(nodes, origin, false)
    }

    /// [`Self::lift`], the first loop's own pragma allowed when `own_pragma` (the
    /// source's `#pragma omp parallel for`, which the region then holds).
    fn lift_with(
        &self,
        nodes: &[Node<'t>],
        origin: Origin,
        own_pragma: bool,
    ) -> Result<Region, Vec<Diagnostic>> {
        let (Some(first), Some(last)) = (nodes.first(), nodes.last()) else {
            return Err(Vec::new());
        };
        let span = first.start_byte()..last.end_byte();
        // The runs of one decided conditional share a diagnostic: report it once.
        let mut seen = HashSet::new();
        let breaks: Vec<Diagnostic> = self
            .breaks_overlapping(&span)
            .map(|b| b.diagnostic.clone())
            .filter(|d| seen.insert((d.code.as_str(), d.span.start, d.span.end)))
            .collect();
        if !breaks.is_empty() {
            return Err(breaks);
        }
        if let Some(pragma) = loop_pragma_before(*first, self.src).filter(|_| !own_pragma) {
            return Err(vec![loop_pragma(pragma, self.src)]);
        }
        let mut region = lift_region(
            nodes,
            self.src,
            &self.symbols.at(span.start),
            self.summaries,
            origin,
            &self.name,
            &self.out.identifiers,
        )?;
        region.function_start = self.function.start_byte();
        let live = self.iterators_live_after(&region);
        if !live.is_empty() {
            return Err(live);
        }
        let clashes = self.block_locals_named_outside(&region);
        if !clashes.is_empty() {
            return Err(clashes);
        }
        let changed = self.changed_struct_parameters(&region);
        if !changed.is_empty() {
            return Err(changed);
        }
        self.mark_live_out(&mut region);
        region.declared_temporaries = self.declared_temporaries(span.start);
        region.inside_parallel = inside_openmp_parallel(*first, self.function, self.src);
        Ok(region)
    }

    /// The pointer (and array) parameters the region reaches struct members through
    /// that the function may change: assigned, incremented, its address taken, or
    /// used through a macro. Such a parameter may then point to a struct the region
    /// also accesses by name (`p = &s;`), which the rule that distinct parameters do
    /// not alias does not cover.
    fn changed_struct_parameters(&self, region: &Region) -> Vec<Diagnostic> {
        let roots: BTreeSet<&str> = region
            .arrays
            .iter()
            .filter_map(|a| a.member_of.as_ref().filter(|m| m.by_reference))
            .map(|m| m.root.as_str())
            .collect();
        let mut diags = Vec::new();
        for root in roots {
            let macros = self.symbols.macros_mentioning(root);
            let names = std::iter::once(root).chain(macros.iter().map(String::as_str));
            let changed = self.index.uses(names).into_iter().find(|id| {
                macros.contains(text(*id, self.src))
                    || (!is_declarator(*id) && is_changed(*id, self.src))
            });
            if let Some(id) = changed {
                diags.push(
                    Diagnostic::new(Code::PointerAccess, id.byte_range(), format!("struct parameter `{root}` may be changed in the function, so it may point to a struct the region also accesses by name"))
                        .label("changed here")
                        .expected("pointer parameters that keep the value the caller passed")
                        .hint("use another variable for the new pointer, or keep this nest as written"),
                );
            }
        }
        diags
    }

    /// Iterators declared outside the region whose final value is read later: nestor's
    /// loops may leave a different value behind.
    fn iterators_live_after(&self, region: &Region) -> Vec<Diagnostic> {
        let mut diags = Vec::new();
        for (iter, decl) in &region.iterator_decls {
            if decl.is_some() {
                continue;
            }
            if self
                .symbols
                .at(region.span.start)
                .get(iter)
                .is_some_and(|s| s.scope == ir::Scope::Global)
            {
                diags.push(
                    Diagnostic::new(Code::IteratorLiveAfter, region.span.clone(), format!("loop iterator `{iter}` is a global, `static` or `extern` variable, whose value outlives the function"))
                        .label("loops of this region")
                        .expected("iterators that are local variables")
                        .hint(format!("declare `{iter}` in the loop header (`for (int {iter} = ...`)")),
                );
                continue;
            }
            if let Some(id) = self.next_read_after(iter, &region.span) {
                diags.push(
                    Diagnostic::new(Code::IteratorLiveAfter, id.byte_range(), format!("the value of loop iterator `{iter}` is read after the region"))
                        .label("read here")
                        .expected("iterators that are dead after their loops")
                        .hint(format!("declare `{iter}` in the loop header (`for (int {iter} = ...`) or assign it before this use")),
                );
            }
        }
        diags
    }

    /// The uses inside the region, outside the blocks that declare it, of a name its
    /// loops declare: the region's one declaration of that name (before its code, in
    /// braces around the region, so nothing after it sees it) would change what they
    /// mean (`for (j = 0; j < i; j++) { int i = ...; }`).
    fn block_locals_named_outside(&self, region: &Region) -> Vec<Diagnostic> {
        let in_own_block = |name: &str, at: usize| {
            region.block_locals.iter().any(|b| {
                b.original == name && b.blocks.iter().any(|(scope, _)| scope.contains(&at))
            })
        };
        self.index
            .uses(region.block_locals.iter().map(|b| b.original.as_str()))
            .into_iter()
            .filter(|id| {
                let (name, at) = (text(*id, self.src), id.start_byte());
                region.span.contains(&at) && !in_own_block(name, at)
            })
            .map(|id| {
                let name = text(id, self.src);
                Diagnostic::new(
                    Code::UnsupportedStatement,
                    id.byte_range(),
                    format!(
                        "`{name}` is declared inside the loops of a region and is also a name here"
                    ),
                )
                .label("another variable of this name")
                .expected(
                    "names declared inside a loop body that the rest of the nest does not use",
                )
                .hint(format!("rename the `{name}` declared inside the loop nest"))
            })
            .collect()
    }

    /// The arrays named by `#pragma nestor temporary(a, b)` in the function before `at`.
    fn declared_temporaries(&self, at: usize) -> Vec<String> {
        self.index
            .temporaries
            .iter()
            .filter(|(p, _)| *p < at)
            .flat_map(|(_, names)| names.iter().cloned())
            .collect()
    }

    /// The region breaks whose affected spans overlap `span`.
    fn breaks_overlapping<'s>(
        &'s self,
        span: &'s Span,
    ) -> impl Iterator<Item = &'s syntax::RegionBreak> + 's {
        self.breaks
            .iter()
            .filter(|b| b.affected.start < span.end && span.start < b.affected.end)
    }
}

/// The pragma right before statement `first` (comments aside), unless it is one of
/// nestor's own or a region delimiter: a pragma there applies to `first`.
pub(super) fn loop_pragma_before<'t>(first: Node<'t>, src: &str) -> Option<Node<'t>> {
    let mut prev = first.prev_named_sibling();
    while let Some(p) = prev.filter(|p| p.kind() == "comment") {
        prev = p.prev_named_sibling();
    }
    let prev = prev?;
    if syntax::is_conditional(prev) {
        // A pragma at the end of some branch may apply to `first`, whichever branch
        // is compiled.
        return contains_loop_pragma(prev, src).then_some(prev);
    }
    let arg = pragma_argument(prev, src)?;
    let own = matches!(arg, "scop" | "endscop") || arg.starts_with("nestor");
    (!own).then_some(prev)
}

/// The one pragma of `node` when it is an `#ifdef _OPENMP` group holding just that
/// (no `#else`), as nestor guards the OpenMP pragmas it writes.
fn openmp_guarded<'t>(node: Node<'t>, src: &str) -> Option<Node<'t>> {
    let name = node.child_by_field_name("name")?;
    let ifdef =
        node.kind() == "preproc_ifdef" && text(node, src).trim_start().starts_with("#ifdef");
    if !ifdef || text(name, src) != "_OPENMP" || node.child_by_field_name("alternative").is_some() {
        return None;
    }
    let inside: Vec<Node> = named_children(node)
        .into_iter()
        .filter(|c| c.id() != name.id() && c.kind() != "comment")
        .collect();
    match inside.as_slice() {
        [pragma] if pragma.kind() == "preproc_call" => Some(*pragma),
        _ => None,
    }
}

/// The `#pragma nestor skip` right before statement `first` (comments aside).
fn skip_pragma_before<'t>(first: Node<'t>, src: &str) -> Option<Node<'t>> {
    let mut prev = first.prev_named_sibling();
    while let Some(p) = prev.filter(|p| p.kind() == "comment") {
        prev = p.prev_named_sibling();
    }
    let prev = prev?;
    matches!(syntax::nestor_pragma(prev, src), Some(("skip", ""))).then_some(prev)
}

/// N123: a pragma on the region's first loop that nestor cannot keep: named by its
/// clause when it is an OpenMP parallel loop with one that changes the loop's meaning.
fn loop_pragma(pragma: Node, src: &str) -> Diagnostic {
    let written = affine::short(text(pragma, src).trim());
    let clause = pragma_argument(pragma, src)
        .and_then(openmp::user_parallel)
        .and_then(Result::err);
    let d = Diagnostic::new(
        Code::LoopPragma,
        pragma.byte_range(),
        match &clause {
            Some(c) => format!("`{written}` has the clause `{c}`, which nestor does not keep"),
            None => {
                format!("`{written}` applies to the loop after it, which nestor may move or rename")
            }
        },
    )
    .label("applies to the next loop");
    match clause {
        Some(_) => d
            .expected("`#pragma omp parallel for` with `schedule`, `num_threads`, `proc_bind`, `shared` or `private` clauses")
            .hint("keep the nest as written, or drop the clause if the loop is correct without it"),
        None => d
            .expected("loop nests without pragmas of their own")
            .hint("remove the pragma to let nestor optimize this nest, or keep it: the nest is left as written"),
    }
}

/// Whether `first` runs inside an OpenMP parallel construct of the source: a statement
/// around it (up to `function`) follows a pragma naming `omp` and `parallel`, or a
/// preprocessor conditional that may hold one.
fn inside_openmp_parallel(first: Node, function: Node, src: &str) -> bool {
    let mut node = first.parent();
    while let Some(n) = node.filter(|n| n.id() != function.id()) {
        let pragma = loop_pragma_before(n, src).map(|p| text(p, src));
        if pragma.is_some_and(|p| p.contains("omp") && p.contains("parallel")) {
            return true;
        }
        node = n.parent();
    }
    false
}

/// Whether a preprocessor conditional holds a pragma other than nestor's own.
pub(super) fn contains_loop_pragma(node: Node, src: &str) -> bool {
    pragma_argument(node, src)
        .is_some_and(|arg| !matches!(arg, "scop" | "endscop") && !arg.starts_with("nestor"))
        || named_children(node)
            .into_iter()
            .any(|c| contains_loop_pragma(c, src))
}
