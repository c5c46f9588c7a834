//! The front end: finds the static-control regions of a C file and lifts them.
//!
//! It never fails: it returns the regions it understood, the nests it had to leave
//! alone with the reasons, and file-level diagnostics (syntax errors).

mod affine;
pub mod ir;
mod lift;
mod preprocess;
mod records;
mod summary;
mod symbols;
pub mod syntax;
pub mod types;
pub mod unused;

use crate::support::diag::{Code, Diagnostic, Span};
pub use ir::{Origin, Region};
use lift::lift_region;
pub use preprocess::OtherMacros;
use std::collections::{BTreeSet, HashMap, HashSet};
use symbols::Symbols;
use syntax::{pragma_argument, text};
use tree_sitter::Node;

/// A loop nest (or pragma region) the front end could not lift, with every reason.
#[derive(Clone, Debug)]
pub struct RejectedNest {
    pub origin: Origin,
    pub span: Span,
    pub function: String,
    pub diagnostics: Vec<Diagnostic>,
}

#[derive(Clone, Debug, Default)]
pub struct Frontend {
    pub regions: Vec<Region>,
    pub rejected: Vec<RejectedNest>,
    /// Problems of the file as a whole: syntax errors, unclosed `#pragma scop`.
    pub file_diagnostics: Vec<Diagnostic>,
    /// Every identifier in the file, so generated names cannot clash.
    pub identifiers: BTreeSet<String>,
    /// Whether the file (or a local header it includes) defines `main`.
    pub defines_main: bool,
}

/// What the front end is told besides the file.
#[derive(Clone, Copy)]
pub struct Inputs<'a> {
    /// `-D NAME=VALUE` integer constants, over the file's `#define`s.
    pub defines: &'a [(String, i64)],
    /// The command line's other macros (`-D NAME=text`, `-U`, `-include`), which
    /// nestor cannot use as constants but which may decide conditionals.
    pub other_macros: &'a OtherMacros,
    /// The texts of the local headers the file includes: their macros, typedefs and
    /// declarations are visible in the file.
    pub headers: &'a [String],
    /// Functions whose calls read only their arguments' values (`--pure`).
    pub pure: &'a [String],
}

/// [`analyze_file`] for a command line whose only macros are the integer `defines`.
pub fn analyze(original: &str, defines: &[(String, i64)], headers: &[String]) -> Frontend {
    analyze_file(
        original,
        &Inputs {
            defines,
            other_macros: &OtherMacros::Nothing,
            headers,
            pure: &[],
        },
    )
}

/// Finds and lifts the regions of `original`. When the file has `#pragma scop` regions
/// only those are used; otherwise maximal runs of static-control loop nests are.
/// The text analysed is `original` with the preprocessor conditionals nestor can
/// decide evaluated (`preprocess::compiled`, from the defines and other macros):
/// every byte offset is the same in both, and no region overlaps what was blanked.
pub fn analyze_file(original: &str, inputs: &Inputs) -> Frontend {
    let Inputs {
        defines,
        other_macros: other,
        headers,
        pure,
    } = *inputs;
    let mut out = Frontend::default();
    let compiled = preprocess::compiled(original, defines, other, headers);
    let src = compiled.file.as_str();
    let Some(tree) = syntax::parse(src) else {
        out.file_diagnostics.push(
            Diagnostic::new(
                Code::SyntaxError,
                0..0,
                "tree-sitter could not parse the file",
            )
            .error(),
        );
        return out;
    };
    if let Some(deep) = syntax::too_deep(&tree) {
        out.file_diagnostics.push(
            Diagnostic::new(
                Code::TooDeep,
                deep.start_byte()..deep.start_byte(),
                format!(
                    "the code is nested more than {} levels deep here",
                    syntax::MAX_DEPTH
                ),
            )
            .label("nested too deeply")
            .hint("nestor leaves this file as written; split the expression or the blocks"),
        );
        out.defines_main = true; // Cannot tell without walking it: let the linker decide.
        return out;
    }
    let (errors, mut breaks) = syntax::syntax_diagnostics(&tree, src);
    if !errors.is_empty() {
        out.file_diagnostics = errors;
        return out;
    }
    breaks.extend(conditional_breaks(&compiled.blanks, original));
    let root = tree.root_node();
    out.identifiers = identifiers(root, &compiled, original);
    let header_trees: Vec<(tree_sitter::Tree, &str)> = compiled
        .headers
        .iter()
        .filter_map(|h| Some((syntax::parse(h)?, h.as_str())))
        .collect();
    let file_symbols = Symbols::for_file(
        header_trees
            .iter()
            .map(|(t, h)| (t.root_node(), *h))
            .chain(std::iter::once((root, src))),
        defines,
        pure,
    );
    out.defines_main = file_symbols.defines_function("main");
    let pragma_mode = src.contains("scop") && has_scop_pragma(root, src);
    let mut cursor = root.walk();
    let functions: Vec<Node> = root
        .named_children(&mut cursor)
        .filter(|n| n.kind() == "function_definition")
        .collect();
    let summaries = summaries(&file_symbols, &functions, src);
    for f in functions {
        let mut finder = RegionFinder {
            src,
            symbols: file_symbols.for_function(f, src),
            summaries: &summaries,
            index: FunctionIndex::new(f, src),
            function: f,
            name: function_name(f, src),
            breaks: &breaks,
            out: &mut out,
        };
        if let Some(body) = f.child_by_field_name("body") {
            if pragma_mode {
                finder.pragma_regions(body);
            } else {
                finder.auto_regions(body);
            }
        }
    }
    out.regions.sort_by_key(|r| r.span.start);
    out.rejected.sort_by_key(|r| r.span.start);
    out
}

/// The summary of each function of `functions` (what its calls read), the calls it may
/// make judged by `symbols`.
fn summaries(symbols: &Symbols, functions: &[Node], src: &str) -> summary::Summaries {
    functions
        .iter()
        .filter_map(|f| {
            let name = syntax::declared_name(*f, src)?.to_string();
            let own = symbols.for_function(*f, src);
            let summary =
                summary::summarize(*f, src, &own, &|callee| symbols.is_known_pure(callee));
            Some((name, summary))
        })
        .collect()
}

/// What region finding looks up in a function again and again, collected once (so a
/// function with many nests is not walked once per nest).
struct FunctionIndex<'t> {
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
fn temporary_pragma(node: Node, src: &str) -> Option<Vec<String>> {
    let list = pragma_argument(node, src)?
        .strip_prefix("nestor")
        .map(str::trim)?
        .strip_prefix("temporary")?;
    let list = list.trim().trim_start_matches('(').trim_end_matches(')');
    Some(
        list.split(',')
            .map(|n| n.trim().to_string())
            .filter(|n| !n.is_empty())
            .collect(),
    )
}

struct RegionFinder<'a, 't> {
    src: &'a str,
    symbols: Symbols,
    summaries: &'a summary::Summaries,
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
                            let body: Vec<Node> = children[start + 1..k]
                                .iter()
                                .copied()
                                .filter(|n| n.kind() != "comment")
                                .collect();
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
        if run.len() > 1
            && let Ok(region) = self.lift(&run, Origin::Auto)
        {
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
            self.out.regions.push(region);
            return;
        }
        self.out.regions.extend(lifted);
    }

    /// Records a nest that could not be lifted and looks for regions inside it.
    fn reject_nest(&mut self, nest: Node<'t>, diagnostics: Vec<Diagnostic>) {
        self.out.rejected.push(RejectedNest {
            origin: Origin::Auto,
            span: nest.byte_range(),
            function: self.name.clone(),
            diagnostics,
        });
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
        if let Some(pragma) = loop_pragma_before(*first, self.src) {
            return Err(vec![
                Diagnostic::new(Code::LoopPragma, pragma.byte_range(), format!("`{}` applies to the loop after it, which nestor may move or rename", affine::short(text(pragma, self.src).trim())))
                    .label("applies to the next loop")
                    .expected("loop nests without pragmas of their own")
                    .hint("remove the pragma to let nestor optimize this nest, or keep it: the nest is left as written"),
            ]);
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

    /// Marks the arrays whose values may be read after the region: parameters,
    /// globals, and locals whose next use after the region reads them. A member of a
    /// struct (a field array) is live exactly when its struct variable is.
    fn mark_live_out(&self, region: &mut Region) {
        for a in &mut region.arrays {
            let variable = a.member_of.as_ref().map_or(&a.name, |m| &m.root);
            a.live_out = a.scope != ir::Scope::Local
                || self.next_read_after(variable, &region.span).is_some();
            // A block variable's declarations lie inside the region, which the
            // generated code replaces.
            let inside = region.block_locals.iter().any(|b| b.name == a.name);
            let plain = a.member_of.is_none() && !inside;
            if a.scope == ir::Scope::Local && !a.extents.is_empty() && plain {
                a.declaration = self.sole_declaration(&a.name, &region.span);
            }
        }
    }

    /// The declaration of local `name` if it declares nothing else, `name` is used
    /// nowhere but there and in `span`, and no region break (a decided conditional's
    /// directive) lies inside it.
    fn sole_declaration(&self, name: &str, span: &Span) -> Option<Span> {
        let mut declaration = None;
        let mut elsewhere = false;
        for id in self.index.uses(std::iter::once(name)) {
            // `sizeof tmp` in the region reads the declaration, not the array.
            if span.contains(&id.start_byte()) && !inside_sizeof(id) {
                continue;
            }
            let decl = id.parent().filter(|_| {
                is_declarator(id) || id.parent().is_some_and(|p| p.kind() == "array_declarator")
            });
            let decl = decl.and_then(|mut d| {
                while d.kind() != "declaration" {
                    d = d.parent()?;
                }
                Some(d)
            });
            match decl {
                Some(d)
                    if declaration.is_none() && d.child_by_field_name("declarator").is_some() =>
                {
                    let mut cursor = d.walk();
                    let single = d.children_by_field_name("declarator", &mut cursor).count() == 1;
                    if single {
                        declaration = Some(d.byte_range());
                    } else {
                        elsewhere = true;
                    }
                }
                _ => elsewhere = true,
            }
        }
        declaration.filter(|d| {
            !elsewhere
                && !has_side_effect(self.function, d)
                && self.breaks_overlapping(d).next().is_none()
        })
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

    /// The next use of `name` after `span` (wrapping around an enclosing loop) if it
    /// reads the value left behind; `None` if that use overwrites it on every path, or
    /// there is none. A use through a macro (`#define LAST i`) is a read; if the
    /// variable's address escapes anywhere (`&x`, or an array not fully subscripted:
    /// `double *p = tmp;`, `f(tmp)`), that is returned: anything may read it later.
    fn next_read_after(&self, name: &str, span: &Span) -> Option<Node<'t>> {
        let symbol = self.symbols.get_at(name, span.start);
        let rank = symbol.map_or(0, |s| match &s.shape {
            symbols::Shape::Array(e) => e.len(),
            symbols::Shape::Scalar => 0,
            _ => 1,
        });
        let macros = self.symbols.macros_mentioning(name);
        let enclosing_loop = outermost_enclosing_loop(self.function, span.start);
        let mut after = Vec::new();
        let mut before_in_loop = Vec::new();
        let mut escape = None;
        let names = std::iter::once(name).chain(macros.iter().map(String::as_str));
        for id in self.index.uses(names) {
            let t = text(id, self.src);
            let through_macro = macros.contains(t);
            if !through_macro && address_escapes(id, rank, symbol, &self.symbols, self.src) {
                escape.get_or_insert(id);
            }
            if is_declarator(id) {
                // A declaration shadows the variable; it does not overwrite it.
            } else if id.start_byte() >= span.end {
                after.push((id, through_macro));
            } else if id.start_byte() < span.start
                && enclosing_loop.is_some_and(|l| l.byte_range().contains(&id.start_byte()))
            {
                before_in_loop.push((id, through_macro));
            }
        }
        if escape.is_some() {
            return escape;
        }
        // With `goto`, any use anywhere in the function may follow the region.
        if self.index.has_goto {
            let names = std::iter::once(name).chain(macros.iter().map(String::as_str));
            return self
                .index
                .uses(names)
                .into_iter()
                .find(|id| !span.contains(&id.start_byte()) && !is_declarator(*id));
        }
        let uses: Vec<(Node<'t>, bool)> = after.into_iter().chain(before_in_loop).collect();
        let (first, through_macro) = *uses.first()?;
        if !through_macro
            && is_unconditional_overwrite(first, self.src, span.start, &macros)
            && !self.jump_between(span, first)
        {
            return None;
        }
        // Point at the first read (a conditional write is not one), if there is one.
        let written = |id: &Node| {
            id.parent().is_some_and(|a| {
                a.kind() == "assignment_expression" && a.child_by_field_name("left") == Some(*id)
            })
        };
        uses.into_iter()
            .map(|(id, _)| id)
            .find(|id| !written(id))
            .or(Some(first))
    }

    /// Whether a path from the end of `region` to `overwrite` may skip it: a `goto`
    /// anywhere in the function, or a `break` or `continue` between the two (for an
    /// overwrite before the region, reached around an enclosing loop: in that loop).
    fn jump_between(&self, region: &Span, overwrite: Node) -> bool {
        if self.index.has_goto {
            return true;
        }
        let between = if overwrite.start_byte() < region.start {
            outermost_enclosing_loop(self.function, region.start)
                .map_or(region.start..region.end, |l| l.byte_range())
        } else {
            let block = overwrite
                .parent()
                .and_then(|a| a.parent())
                .and_then(|s| s.parent());
            let start = statement_in(block, region.start).map_or(region.start, |s| s.start_byte());
            start..overwrite.start_byte()
        };
        jumps_in(self.function, &between)
    }
}

/// Whether identifier `id` is inside a `sizeof` expression.
fn inside_sizeof(id: Node) -> bool {
    let mut node = id;
    while let Some(p) = node.parent() {
        if p.kind() == "sizeof_expression" {
            return true;
        }
        node = p;
    }
    false
}

/// Whether the declaration at `span` in `function` calls a function or changes a
/// variable (`double tmp[size(n)]`): replacing it would drop that effect.
fn has_side_effect(function: Node, span: &Span) -> bool {
    function
        .descendant_for_byte_range(span.start, span.end)
        .is_some_and(|d| {
            contains_kind(
                d,
                &[
                    "call_expression",
                    "assignment_expression",
                    "update_expression",
                    "comma_expression",
                ],
            )
        })
}

/// The child of `block` (a compound statement) that contains byte `at`.
fn statement_in<'t>(block: Option<Node<'t>>, at: usize) -> Option<Node<'t>> {
    named_children(block?)
        .into_iter()
        .find(|c| c.byte_range().contains(&at))
}

/// Whether a `break`, `continue` or `goto` lies inside byte range `range` of `node`.
fn jumps_in(node: Node, range: &Span) -> bool {
    if node.end_byte() <= range.start || node.start_byte() >= range.end {
        return false;
    }
    if matches!(
        node.kind(),
        "break_statement" | "continue_statement" | "goto_statement"
    ) && range.contains(&node.start_byte())
    {
        return true;
    }
    named_children(node).into_iter().any(|c| jumps_in(c, range))
}

fn contains_kind(node: Node, kinds: &[&str]) -> bool {
    kinds.contains(&node.kind())
        || named_children(node)
            .into_iter()
            .any(|c| contains_kind(c, kinds))
}

/// Whether this use of variable `symbol` (of `rank` dimensions) lets its address
/// escape: `&x`, `&a[i]`, `&s.x[i]`, or an array (or an array member of a struct,
/// `s.x`) used with fewer subscripts than it has dimensions (it decays to a pointer),
/// except as the operand of `sizeof`. A use through struct members nestor does not
/// model (`symbols` has their definitions) counts as an escape.
fn address_escapes(
    id: Node,
    rank: usize,
    symbol: Option<&symbols::Symbol>,
    symbols: &Symbols,
    src: &str,
) -> bool {
    if is_declarator(id) {
        return false;
    }
    let mut node = id;
    let mut steps = Vec::new();
    while let Some(p) = node.parent() {
        match p.kind() {
            "parenthesized_expression" => {}
            "subscript_expression" if p.child_by_field_name("argument") == Some(node) => {
                steps.push(records::Step::Index)
            }
            "field_expression"
                if p.child_by_field_name("argument") == Some(node)
                    && affine::op_text(p, src) == "." =>
            {
                let Some(field) = p.child_by_field_name("field") else {
                    return true;
                };
                steps.push(records::Step::Member {
                    name: text(field, src),
                    arrow: false,
                })
            }
            _ => break,
        }
        node = p;
    }
    let parent = node.parent();
    if parent.is_some_and(|p| p.kind() == "pointer_expression" && text(p, src).starts_with('&')) {
        return true;
    }
    let decays = |left: usize| left > 0 && parent.is_none_or(|p| p.kind() != "sizeof_expression");
    let (own, chain) = records::member_chain(&steps);
    if chain.is_empty() {
        return decays(rank.saturating_sub(own));
    }
    let Some(record) = symbol
        .and_then(|s| s.record.as_ref())
        .and_then(|r| symbols.record(r).ok())
        .filter(|_| own == rank)
    else {
        return true;
    };
    match records::follow(record, &chain, &|r| symbols.record(r)) {
        Ok(followed) => match followed.reached {
            records::Reached::Value { dimensions_left }
            | records::Reached::Record { dimensions_left } => decays(dimensions_left),
        },
        Err(_) => true,
    }
}

/// The pragma right before statement `first` (comments aside), unless it is one of
/// nestor's own or a region delimiter: a pragma there applies to `first`.
fn loop_pragma_before<'t>(first: Node<'t>, src: &str) -> Option<Node<'t>> {
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

/// Whether a preprocessor conditional holds a pragma other than nestor's own.
fn contains_loop_pragma(node: Node, src: &str) -> bool {
    pragma_argument(node, src)
        .is_some_and(|arg| !matches!(arg, "scop" | "endscop") && !arg.starts_with("nestor"))
        || named_children(node)
            .into_iter()
            .any(|c| contains_loop_pragma(c, src))
}

/// The outermost loop of `function` containing byte `at`.
fn outermost_enclosing_loop<'t>(function: Node<'t>, at: usize) -> Option<Node<'t>> {
    let mut node = function.descendant_for_byte_range(at, at)?;
    let mut found = None;
    while let Some(parent) = node.parent() {
        if matches!(
            parent.kind(),
            "for_statement" | "while_statement" | "do_statement"
        ) && parent.start_byte() < at
        {
            found = Some(parent);
        }
        node = parent;
    }
    found
}

/// Whether this use of a variable may change it: it is assigned (`p = q`, `p += 1`),
/// incremented or decremented, or its address is taken.
fn is_changed(id: Node, src: &str) -> bool {
    let mut node = id;
    while let Some(p) = node
        .parent()
        .filter(|p| p.kind() == "parenthesized_expression")
    {
        node = p;
    }
    node.parent().is_some_and(|p| match p.kind() {
        "assignment_expression" => p.child_by_field_name("left") == Some(node),
        "update_expression" => true,
        "pointer_expression" => text(p, src).starts_with('&'),
        _ => false,
    })
}

/// Whether identifier `id` is the name a declaration declares.
fn is_declarator(id: Node) -> bool {
    id.parent().is_some_and(|p| {
        matches!(
            p.kind(),
            "init_declarator"
                | "declaration"
                | "array_declarator"
                | "pointer_declarator"
                | "parameter_declaration"
        ) && p.child_by_field_name("declarator") == Some(id)
    })
}

/// Whether identifier `id` is overwritten, whatever path execution takes from the
/// region (at byte `region_start`) to it: the target of a plain `=` not reading it, as
/// a statement (or `for` initializer) of a block enclosing the region.
fn is_unconditional_overwrite(
    id: Node,
    src: &str,
    region_start: usize,
    readers: &HashSet<String>,
) -> bool {
    let Some(assignment) = id
        .parent()
        .filter(|_| is_assignment_target(id, src, readers))
    else {
        return false;
    };
    let statement = assignment
        .parent()
        .filter(|s| matches!(s.kind(), "expression_statement" | "for_statement"));
    statement
        .and_then(|s| s.parent())
        .is_some_and(|b| b.kind() == "compound_statement" && b.byte_range().contains(&region_start))
}

/// Whether identifier `id` is the target of a plain `=` that does not read it, neither
/// directly nor through one of the macros `readers` that mention it.
fn is_assignment_target(id: Node, src: &str, readers: &HashSet<String>) -> bool {
    id.parent().is_some_and(|a| {
        a.kind() == "assignment_expression"
            && a.child_by_field_name("left") == Some(id)
            && a.child_by_field_name("operator")
                .is_some_and(|o| text(o, src) == "=")
            && !a.child_by_field_name("right").is_some_and(|r| {
                let mut found = false;
                visit_all_identifiers(r, &mut |u| {
                    let t = text(u, src);
                    found |= t == text(id, src) || readers.contains(t);
                });
                found
            })
    })
}

fn visit_all_identifiers<'t>(node: Node<'t>, f: &mut dyn FnMut(Node<'t>)) {
    if node.kind() == "identifier" {
        f(node);
    }
    for c in named_children(node) {
        visit_all_identifiers(c, f);
    }
}

fn named_children(node: Node) -> Vec<Node> {
    let mut cursor = node.walk();
    node.named_children(&mut cursor).collect()
}

fn has_scop_pragma(node: Node, src: &str) -> bool {
    pragma_argument(node, src) == Some("scop")
        || named_children(node)
            .into_iter()
            .any(|c| has_scop_pragma(c, src))
}

fn function_name(f: Node, src: &str) -> String {
    syntax::declared_name(f, src).unwrap_or("?").to_string()
}

/// Every identifier of the analysed file, and every word of what the preprocessor pass
/// blanked in `original`: generated names must clash with neither, whichever branch a
/// compiler takes.
fn identifiers(root: Node, compiled: &preprocess::Compiled, original: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    collect_identifiers(root, &compiled.file, &mut out);
    for blank in &compiled.blanks {
        out.extend(words(original.get(blank.span.clone()).unwrap_or("")));
    }
    out
}

fn collect_identifiers(node: Node, src: &str, out: &mut BTreeSet<String>) {
    if matches!(
        node.kind(),
        "identifier" | "type_identifier" | "field_identifier"
    ) {
        out.insert(text(node, src).to_string());
    }
    if matches!(
        node.kind(),
        "preproc_arg" | "preproc_def" | "preproc_function_def"
    ) {
        // Macro bodies are not parsed; take every word in them.
        out.extend(words(text(node, src)));
    }
    for c in named_children(node) {
        collect_identifiers(c, src, out);
    }
}

/// The words (runs of letters, digits and `_`) of `text`.
fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !c.is_alphanumeric() && c != '_')
        .filter(|w| !w.is_empty())
        .map(str::to_string)
}

/// For each run the preprocessor pass blanked (a decided conditional's directive, with
/// the branch after it when that is not compiled), a span no region may overlap:
/// rewriting the region would drop the directives written there. The diagnostic
/// points at the group's first directive.
fn conditional_breaks(blanks: &[preprocess::Blank], original: &str) -> Vec<syntax::RegionBreak> {
    blanks
        .iter()
        .map(|blank| {
            let directive = original.get(blank.group.clone()).unwrap_or("");
            syntax::RegionBreak {
                affected: blank.span.clone(),
                diagnostic: Diagnostic::new(
                    Code::UnsupportedStatement,
                    blank.group.clone(),
                    format!(
                        "a preprocessor directive inside the nest: `{}`",
                        affine::short(directive.trim())
                    ),
                )
                .label("kept as written")
                .expected("`for` loops, `if`s with affine conditions and assignments")
                .hint("move the directive outside the loop nest"),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::analyze;

    fn defines_main(src: &str) -> bool {
        analyze(src, &[], &[]).defines_main
    }

    #[test]
    fn finds_main() {
        assert!(defines_main("int main(void) { return 0; }"));
        assert!(defines_main(
            "#include <stdio.h>\nint\nmain (int argc, char **argv)\n{ return argc; }"
        ));
        assert!(defines_main(
            "#ifdef X\nint main() {}\n#else\nint main() { return 1; }\n#endif\n"
        ));
        assert!(defines_main("int (main)(void) { return 0; }"));
        assert!(!defines_main("int mainly(void) { return 0; }\nint main2;"));
        assert!(!defines_main(
            "void f(int n, double a[n]) { for (int i = 0; i < n; i++) a[i] = 0; }"
        ));
        assert!(!defines_main("int main;"));
        assert!(!defines_main("int main(void);"));
    }

    /// Whether local array `tmp` is live after the one region of `src`.
    fn tmp_live_out(src: &str) -> Option<bool> {
        let front = analyze(src, &[], &[]);
        let region = front.regions.first()?;
        let tmp = region.arrays.iter().find(|a| a.name == "tmp")?;
        Some(tmp.live_out)
    }

    #[test]
    fn reads_in_decided_false_branches_do_not_keep_arrays_live() {
        let with = |condition: &str| {
            format!(
                "void show(double *);\nvoid f(int n, double A[n]) {{\n  double tmp[100];\n  for (int i = 0; i < n; i++) tmp[i] = A[i];\n  for (int i = 0; i < n; i++) A[i] = tmp[i] * 2;\n{condition}\n  show(tmp);\n#endif\n}}\n"
            )
        };
        assert_eq!(tmp_live_out(&with("#ifdef TRACE")), Some(false));
        assert_eq!(tmp_live_out(&with("#if 1 - 1")), Some(false));
        assert_eq!(tmp_live_out(&with("#ifdef __GNUC__")), Some(true));
        assert_eq!(tmp_live_out(&with("#ifndef TRACE")), Some(true));
    }

    #[test]
    fn command_line_defines_decide_conditionals() {
        let src = "#if defined(WITH_ATTR) && WITH_ATTR > 1\n__attribute__((noinline))\n#endif\nvoid f(int n, double A[n]) { for (int i = 0; i < n; i++) A[i] = 0; }\n";
        for value in [0, 1, 2] {
            let front = analyze(src, &[("WITH_ATTR".to_string(), value)], &[]);
            // With the attribute compiled the declaration parses too.
            assert!(front.file_diagnostics.is_empty(), "{value}");
            assert_eq!(front.regions.len(), 1, "{value}");
        }
    }

    #[test]
    fn a_decided_conditional_inside_a_nest_keeps_it_as_written() {
        let src = "void f(int n, double A[n]) {\n  for (int i = 0; i < n; i++) {\n#if 0\n    A[i] = 1;\n#endif\n    A[i] = 0;\n  }\n}\n";
        let front = analyze(src, &[], &[]);
        assert!(front.regions.is_empty());
        let codes: Vec<&str> = front.rejected[0]
            .diagnostics
            .iter()
            .map(|d| d.code.as_str())
            .collect();
        assert_eq!(codes, ["N113"]);
        assert!(front.identifiers.contains("A"));
    }

    /// Whether each field array of the first region is live after it, by name.
    fn fields_live_out(src: &str) -> Vec<(String, bool)> {
        let front = analyze(src, &[], &[]);
        assert!(front.rejected.is_empty(), "{:?}", front.rejected);
        let mut out: Vec<(String, bool)> = front.regions[0]
            .arrays
            .iter()
            .filter(|a| a.member_of.is_some())
            .map(|a| (a.name.clone(), a.live_out))
            .collect();
        out.sort();
        out
    }

    fn live(names: &[(&str, bool)]) -> Vec<(String, bool)> {
        names.iter().map(|(n, l)| (n.to_string(), *l)).collect()
    }

    #[test]
    fn a_local_struct_s_members_are_live_exactly_as_the_struct_is() {
        const DECLS: &str =
            "struct S { double x[8]; double y[8]; double w; };\nvoid g(double *);\n";
        let region = "  for (int i = 0; i < 8; i++) s.x[i] = i;\n  for (int i = 0; i < 8; i++) s.y[i] = s.x[i];\n";
        // Dead after the region: nothing reads `s` again.
        let dead = format!("{DECLS}double f(void) {{\n  struct S s;\n{region}  return 0;\n}}\n");
        assert_eq!(
            fields_live_out(&dead),
            live(&[("s.x", false), ("s.y", false)])
        );
        // One member read after the region: every member of `s` stays live.
        let read = format!("{DECLS}double f(void) {{\n  struct S s;\n{region}  return s.w;\n}}\n");
        assert_eq!(
            fields_live_out(&read),
            live(&[("s.x", true), ("s.y", true)])
        );
        // Overwritten as a whole first: dead.
        let overwritten = format!(
            "{DECLS}double f(struct S t) {{\n  struct S s;\n{region}  s = t;\n  return s.w;\n}}\n"
        );
        assert_eq!(
            fields_live_out(&overwritten),
            live(&[("s.x", false), ("s.y", false)])
        );
        // Its address escapes, through `&` or an array member decaying: live.
        for escape in [
            "g(&s.w);",
            "g(s.x);",
            "double *q = s.y; (void)q;",
            "g(&s.x[2]);",
        ] {
            let src = format!(
                "{DECLS}double f(void) {{\n  struct S s;\n  {escape}\n{region}  return 0;\n}}\n"
            );
            assert_eq!(
                fields_live_out(&src),
                live(&[("s.x", true), ("s.y", true)]),
                "{escape}"
            );
        }
        // A global struct, a pointer parameter's struct: live.
        let global = format!("{DECLS}struct S s;\nvoid f(void) {{\n{region}}}\n");
        assert_eq!(
            fields_live_out(&global),
            live(&[("s.x", true), ("s.y", true)])
        );
        let pointer = format!(
            "{DECLS}void f(struct S *p) {{\n  for (int i = 0; i < 8; i++) p->x[i] = i;\n}}\n"
        );
        assert_eq!(fields_live_out(&pointer), live(&[("p->x", true)]));
    }
}
