//! Lifting a sequence of C statements into a [`Region`]: loops and conditions in
//! affine form, statements with their accesses and text templates.

use super::affine::AffineContext;
use super::affine::flat::FlatSubscript;
use super::ir::*;
use super::summary::Summaries;
use super::symbols::Symbols;
use super::syntax::text;
use super::types::{CType, ElementType};
use crate::support::diag::{Code, Diagnostic, Span};
use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use tree_sitter::Node;

mod accesses;
mod calls;
mod declarations;
mod flat;
mod guarded;
mod inductions;
mod loops;
mod members;
mod memory;
mod views;

use accesses::{collect_identifiers, unsupported_statement};
use memory::{may_overlap, parameter_ranges, parameter_type};

/// Lifts the statements `nodes` (siblings in one compound statement) into a region.
/// On failure returns every diagnostic found, not just the first.
pub fn lift_region(
    nodes: &[Node],
    src: &str,
    symbols: &Symbols,
    summaries: &Summaries,
    origin: Origin,
    function: &str,
    taken: &BTreeSet<String>,
) -> Result<Region, Vec<Diagnostic>> {
    let mut lifter = Lifter::new(src, symbols, summaries, taken);
    let body = lifter.block(nodes);
    lifter.check_writes();
    lifter.check_block_local_uses();
    lifter.delinearize();
    lifter.bound_unsigned_flats();
    lifter.check_unsigned_placed();
    if !lifter.diags.is_empty() {
        return Err(lifter.distinct_diagnostics());
    }
    let (Some(first), Some(last)) = (nodes.first(), nodes.last()) else {
        return Err(Vec::new());
    };
    let span = first.start_byte()..last.end_byte();
    let indent = line_indent(src, span.start).to_string();
    let params: BTreeSet<String> = lifter
        .affine_names
        .keys()
        .filter(|n| !lifter.loops.iter().any(|l| &l.iter == *n))
        .cloned()
        .collect();
    let constants = params
        .iter()
        .filter_map(|p| symbols.define(p).map(|v| (p.clone(), v)))
        .collect();
    let iterator_decls = lifter.iterator_decls()?;
    let fresh_iterator_type = lifter.fresh_iterator_type(&params);
    let param_ranges = parameter_ranges(symbols, &params, &body);
    let param_spellings = lifter.param_spellings(&params);
    let iterator_types = lifter
        .loops
        .iter()
        .map(|l| (l.iter.clone(), lifter.iterator_type(l)))
        .collect();
    let comments = comments(nodes, src, &lifter.statements);
    let arrays = lifter.arrays();
    let may_overlap = may_overlap(&arrays, &lifter.statements);
    Ok(Region {
        origin,
        indent_unit: indent_unit(src, &span, &indent),
        line_ending: if src.contains("\r\n") { "\r\n" } else { "\n" },
        indent,
        span,
        function: function.to_string(),
        function_start: 0,
        statements: lifter.statements,
        params,
        constants,
        arrays,
        iterator_decls,
        comments,
        needs_braces: first
            .parent()
            .is_some_and(|p| p.kind() != "compound_statement"),
        fresh_iterator_type,
        param_ranges,
        param_spellings,
        body,
        iterator_types,
        declarations: lifter
            .block_locals
            .values()
            .map(|b| b.declaration.clone())
            .collect(),
        block_locals: lifter.block_locals.into_values().collect(),
        epilogue: Vec::new(),
        stack_bytes: 0,
        declared_temporaries: Vec::new(),
        inside_parallel: false,
        replaced_declarations: Vec::new(),
        private_buffers: Vec::new(),
        scop_pragmas: None,
        may_overlap,
        nests: Vec::new(),
        user_parallel: None,
    })
}

/// The comments among `nodes`, each anchored to the statement it precedes or ends the
/// line of, with its depth below the region's outermost loop.
fn comments(nodes: &[Node], src: &str, statements: &[Statement]) -> Vec<Comment> {
    let mut comment_nodes = Vec::new();
    for n in nodes {
        collect_comments(*n, &mut comment_nodes);
    }
    let outer_loops = nodes.first().map_or(0, |n| enclosing_loops(*n));
    comment_nodes
        .into_iter()
        .map(|c| Comment {
            depth: enclosing_loops(c).saturating_sub(outer_loops),
            ..anchored(c, src, statements)
        })
        .collect()
}

fn collect_comments<'t>(node: Node<'t>, out: &mut Vec<Node<'t>>) {
    if node.kind() == "comment" {
        out.push(node);
    }
    let mut cursor = node.walk();
    let children: Vec<Node> = node.named_children(&mut cursor).collect();
    for c in children {
        collect_comments(c, out);
    }
}

/// The number of `for` statements around `node`.
fn enclosing_loops(node: Node) -> usize {
    std::iter::successors(node.parent(), |n| n.parent())
        .filter(|n| n.kind() == "for_statement")
        .count()
}

/// `comment` with its statement: the one it ends the line of (`x = 0; // why`), else
/// the first one after it (its depth is left 0).
fn anchored(comment: Node, src: &str, statements: &[Statement]) -> Comment {
    let (start, end) = (comment.start_byte(), comment.end_byte());
    // tree-sitter-c's `//` comment runs to the `\n`, so in a CRLF file it holds the
    // `\r` of the line ending, which the generated code writes itself.
    let comment_text = text(comment, src).trim_end_matches('\r').to_string();
    let same_line = |s: &Statement| {
        s.span.end <= start
            && src
                .get(s.span.end..start)
                .is_some_and(|gap| !gap.contains('\n'))
    };
    if let Some(k) = statements.iter().position(same_line) {
        return Comment {
            text: comment_text,
            statement: Some(k),
            after: true,
            depth: 0,
        };
    }
    Comment {
        text: comment_text,
        statement: statements.iter().position(|s| s.span.start >= end),
        after: false,
        depth: 0,
    }
}

struct Lifter<'a> {
    src: &'a str,
    symbols: &'a Symbols,
    summaries: &'a Summaries,
    /// Iterators of the enclosing loops, outermost first.
    iters: Vec<String>,
    statements: Vec<Statement>,
    next_ref: usize,
    diags: Vec<Diagnostic>,
    /// Names used in bounds, conditions and subscripts, with a span of one use.
    affine_names: BTreeMap<String, Span>,
    /// How the region writes each of those names: `_PB_N` for `n` (through
    /// `#define _PB_N n`), or the name itself.
    spellings: BTreeMap<String, BTreeSet<String>>,
    /// Variables declared inside the region's loops, by model name.
    block_locals: BTreeMap<String, BlockVariable>,
    /// The accesses to renamed block variables (name span, model name), not yet in a
    /// statement's rewrites.
    renames: Vec<(Span, String)>,
    /// Every identifier of the file: fresh names avoid them.
    taken: &'a BTreeSet<String>,
    loops: Vec<Loop>,
    /// The field arrays accessed (`b.c`), by name.
    fields: BTreeMap<String, FieldArray>,
    /// The flat subscripts not affine as written, by access id (`flat.rs`).
    flat_subscripts: BTreeMap<usize, FlatSubscript>,
    /// The arrays indexed by flat subscripts: the sizes of the dimensions they
    /// linearize, innermost first (`[n]` for `a[i * n + j]`).
    dimensions: BTreeMap<String, Vec<String>>,
    /// The pointers declared in the region's loop bodies as places in arrays.
    views: Vec<views::View>,
    /// The uses of views (name span, the place's text), not yet in a statement's
    /// rewrites.
    view_uses: Vec<(Span, Vec<Piece>)>,
    /// The unsigned values lifted since the last site took them (`take_unsigned`).
    unsigned: RefCell<Vec<UnsignedValue>>,
    /// The parts of flat subscripts C computes in an unsigned type, by access id,
    /// observed by their dimensions once known (`Lifter::bound_unsigned_flats`).
    unsigned_flats: Vec<(usize, FlatSubscript)>,
    /// The affine values of induction scalars known here (`inductions.rs`).
    inductions: BTreeMap<String, Aff>,
    /// The induction scalars the subscripts lifted since the last statement read.
    induction_reads: Vec<(String, Span)>,
    /// How many `if` branches enclose the statement being lifted.
    if_depth: usize,
}

/// A field path as an array: `b.c` for `b[i][j].c[k][l]`.
#[derive(Clone, Debug)]
struct FieldArray {
    /// `b.c`, or `p->v` through a pointer parameter.
    name: String,
    /// The last member's element type.
    element: ElementType,
    /// The struct variable's extents, then each member's.
    extents: Vec<String>,
    /// Whether the access through `->` of a `restrict` pointer (a 1-d array of structs)
    /// stands for its element 0, so gets subscript 0 first.
    element_zero: bool,
    scope: Scope,
    member_of: MemberOf,
}

impl<'a> Lifter<'a> {
    fn new(
        src: &'a str,
        symbols: &'a Symbols,
        summaries: &'a Summaries,
        taken: &'a BTreeSet<String>,
    ) -> Lifter<'a> {
        Lifter {
            src,
            symbols,
            summaries,
            iters: Vec::new(),
            statements: Vec::new(),
            next_ref: 0,
            diags: Vec::new(),
            affine_names: BTreeMap::new(),
            spellings: BTreeMap::new(),
            block_locals: BTreeMap::new(),
            renames: Vec::new(),
            taken,
            loops: Vec::new(),
            fields: BTreeMap::new(),
            flat_subscripts: BTreeMap::new(),
            dimensions: BTreeMap::new(),
            views: Vec::new(),
            view_uses: Vec::new(),
            unsigned: RefCell::new(Vec::new()),
            unsigned_flats: Vec::new(),
            inductions: BTreeMap::new(),
            induction_reads: Vec::new(),
            if_depth: 0,
        }
    }

    /// The diagnostics found, each once: a compound assignment lifts its target twice
    /// (read and write).
    fn distinct_diagnostics(self) -> Vec<Diagnostic> {
        let mut seen = BTreeSet::new();
        let mut diags = self.diags;
        diags.retain(|d| seen.insert((d.code, d.span.start, d.span.end)));
        diags
    }

    /// The type of iterators nestor adds (tile loops): signed, as wide as the widest
    /// iterator or parameter after promotion, and 64 bits when one is unsigned.
    fn fresh_iterator_type(&self, params: &BTreeSet<String>) -> String {
        let bits = self
            .loops
            .iter()
            .map(|l| self.iterator_type(l))
            .chain(params.iter().map(|p| parameter_type(self.symbols, p)))
            .map(|t| match t.promoted() {
                CType::Signed(b) => b,
                _ => 64,
            })
            .max()
            .unwrap_or(32);
        CType::Signed(bits).c_name().to_string()
    }

    /// The parameters the region spells in one other way only (`_PB_N` for `n`).
    fn param_spellings(&self, params: &BTreeSet<String>) -> BTreeMap<String, String> {
        params
            .iter()
            .filter_map(|p| {
                let spellings = self.spellings.get(p)?;
                match spellings.iter().collect::<Vec<_>>()[..] {
                    [only] if only != p => Some((p.clone(), only.clone())),
                    _ => None,
                }
            })
            .collect()
    }

    fn block(&mut self, nodes: &[Node]) -> Vec<Node_> {
        nodes.iter().flat_map(|n| self.statement(*n)).collect()
    }

    fn statement(&mut self, node: Node) -> Vec<Node_> {
        match node.kind() {
            "for_statement" => self.for_loop(node).into_iter().collect(),
            "if_statement" => self.if_statement(node).into_iter().collect(),
            "compound_statement" => {
                let mut cursor = node.walk();
                let children: Vec<Node> = node.named_children(&mut cursor).collect();
                self.block(&children)
            }
            "expression_statement" if node.has_error() => {
                self.diags.push(unsupported_statement(
                    node,
                    "incomplete statement",
                    self.src,
                ));
                Vec::new()
            }
            "expression_statement" => match node.named_child(0) {
                None => Vec::new(),
                Some(_) => self.expression_statement(node).into_iter().collect(),
            },
            "comment" => Vec::new(),
            "declaration" if !self.iters.is_empty() => self.declaration(node),
            kind => {
                self.diags.push(unsupported_statement(node, kind, self.src));
                Vec::new()
            }
        }
    }

    fn affine(&self, code: Code) -> AffineContext<'_> {
        AffineContext {
            src: self.src,
            symbols: self.symbols,
            iters: &self.iters,
            code,
            expansion: None,
            unsigned: &self.unsigned,
        }
    }

    /// The unsigned values lifted since the last call: those the site about to be
    /// built computes.
    fn take_unsigned(&self) -> Vec<UnsignedValue> {
        self.unsigned.take()
    }

    fn record_names(&mut self, names: BTreeSet<String>, span: Span) {
        for n in names {
            if !self.iters.contains(&n) {
                self.affine_names.entry(n).or_insert_with(|| span.clone());
            }
        }
    }

    /// Records how `node` spells the `names` it stands for.
    fn record_spellings(&mut self, node: Node, names: &BTreeSet<String>) {
        let (symbols, src) = (self.symbols, self.src);
        let spellings = &mut self.spellings;
        collect_identifiers(node, &mut |id| {
            let written = text(id, src);
            let name = symbols.alias(written).unwrap_or(written);
            if names.contains(name) {
                spellings
                    .entry(name.to_string())
                    .or_default()
                    .insert(written.to_string());
            }
        });
    }

    fn lift_aff(&mut self, node: Node, code: Code) -> Option<Aff> {
        match self.affine(code).aff(node) {
            Ok(a) => {
                let mut names = BTreeSet::new();
                a.names(&mut names);
                self.record_spellings(node, &names);
                self.record_names(names, node.byte_range());
                Some(a)
            }
            Err(d) => {
                self.diags.push(*d);
                None
            }
        }
    }

    /// Every unsigned value lifted was placed where it is computed (a statement, a
    /// loop's or `if`'s header); one that was not (a bug, unless a statement that failed
    /// to lift left it: the region is refused then anyway) refuses the region.
    fn check_unsigned_placed(&mut self) {
        let left = self.take_unsigned();
        if let Some(v) = left.into_iter().next().filter(|_| self.diags.is_empty()) {
            self.diags.push(
                Diagnostic::new(
                    Code::IteratorType,
                    v.span,
                    "nestor cannot tell where this unsigned value is computed",
                )
                .label("computed in unsigned arithmetic")
                .hint("compute it in a signed type (a bug in nestor: please report it)"),
            );
        }
    }

    /// An array subscript: C observes its value (in its type: a `size_t` subscript
    /// must not wrap around).
    fn lift_subscript(&mut self, node: Node) -> Option<Aff> {
        let aff = match self.affine(Code::NonAffineSubscript).aff(node) {
            Ok(a) => self.with_inductions(a, node),
            Err(d) => {
                self.diags.push(*d);
                return None;
            }
        };
        let mut names = BTreeSet::new();
        aff.names(&mut names);
        self.record_spellings(node, &names);
        self.record_names(names, node.byte_range());
        self.affine(Code::NonAffineSubscript)
            .observe_value(node, &aff);
        Some(aff)
    }

    fn lift_cond(&mut self, node: Node, code: Code) -> Option<Cond> {
        match self.affine(code).cond(node) {
            Ok(c) => {
                let mut names = BTreeSet::new();
                c.for_each_aff(&mut |a| a.names(&mut names));
                self.record_names(names, node.byte_range());
                Some(c)
            }
            Err(d) => {
                self.diags.push(*d);
                None
            }
        }
    }
}

type Node_ = super::ir::Node;

/// Leading white space of the line containing byte `at`.
pub fn line_indent(src: &str, at: usize) -> &str {
    let line_start = src[..at].rfind('\n').map_or(0, |p| p + 1);
    let line = &src[line_start..];
    &line[..line.len() - line.trim_start_matches([' ', '\t']).len()]
}

/// The file's unit of indentation: the first deeper-indented line within the region,
/// relative to the region's own indentation; two spaces if nothing says otherwise.
fn indent_unit(src: &str, span: &Span, base: &str) -> String {
    for line in src[span.clone()].lines().skip(1) {
        let ws = &line[..line.len() - line.trim_start_matches([' ', '\t']).len()];
        if ws.len() > base.len() && ws.starts_with(base) && !line.trim().is_empty() {
            return ws[base.len()..].to_string();
        }
    }
    "  ".to_string()
}
