//! Lifting a sequence of C statements into a [`Region`]: loops and conditions in
//! affine form, statements with their accesses and text templates.

use super::affine::{
    AffineContext, cmp_op, misparsed_cast, op_text, short, subscripts_of, unparen,
};
use super::ir::*;
use super::records::{self, Reached, Step};
use super::summary::{Base, FunctionSummary, ParamKind, SummaryRead};
use super::symbols::{Shape, Symbols};
use super::syntax::text;
use super::types::{CType, Interval};
use crate::support::diag::{Code, Diagnostic, Span};
use std::collections::{BTreeMap, BTreeSet};
use tree_sitter::Node;

/// Lifts the statements `nodes` (siblings in one compound statement) into a region.
/// On failure returns every diagnostic found, not just the first.
pub fn lift_region(
    nodes: &[Node],
    src: &str,
    symbols: &Symbols,
    origin: Origin,
    function: &str,
    taken: &BTreeSet<String>,
) -> Result<Region, Vec<Diagnostic>> {
    let mut lifter = Lifter {
        src,
        symbols,
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
    };
    let body = lifter.block(nodes);
    lifter.check_writes();
    lifter.check_block_local_uses();
    if !lifter.diags.is_empty() {
        // A compound assignment lifts its target twice (read and write): report once.
        let mut seen = BTreeSet::new();
        lifter
            .diags
            .retain(|d| seen.insert((d.code, d.span.start, d.span.end)));
        return Err(lifter.diags);
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
    let fresh_bits = lifter
        .loops
        .iter()
        .map(|l| lifter.iterator_type(l))
        .chain(params.iter().map(|p| parameter_type(symbols, p)))
        .map(|t| match t.promoted() {
            CType::Signed(b) => b,
            _ => 64,
        })
        .max()
        .unwrap_or(32);
    let param_ranges = parameter_ranges(symbols, &params, &body);
    let param_spellings = params
        .iter()
        .filter_map(|p| {
            match lifter
                .spellings
                .get(p)
                .map(|s| s.iter().collect::<Vec<_>>())
            {
                Some(only) if only.len() == 1 && only[0] != p => Some((p.clone(), only[0].clone())),
                _ => None,
            }
        })
        .collect();
    let iterator_types = lifter
        .loops
        .iter()
        .map(|l| (l.iter.clone(), lifter.iterator_type(l)))
        .collect();
    let mut comment_nodes = Vec::new();
    for n in nodes {
        collect_comments(*n, &mut comment_nodes);
    }
    let outer_loops = nodes.first().map_or(0, |n| enclosing_loops(*n));
    let comments = comment_nodes
        .into_iter()
        .map(|c| Comment {
            depth: enclosing_loops(c).saturating_sub(outer_loops),
            ..anchored(c, src, &lifter.statements)
        })
        .collect();
    let arrays = lifter.arrays();
    let may_overlap = may_overlap(&arrays, &lifter.statements);
    Ok(Region {
        origin,
        indent_unit: indent_unit(src, &span, &indent),
        line_ending: if src.contains("\r\n") { "\r\n" } else { "\n" },
        indent,
        span,
        function: function.to_string(),
        statements: lifter.statements,
        params,
        constants,
        arrays,
        iterator_decls,
        comments,
        needs_braces: first
            .parent()
            .is_some_and(|p| p.kind() != "compound_statement"),
        fresh_iterator_type: CType::Signed(fresh_bits).c_name().to_string(),
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
        declared_temporaries: Vec::new(),
        replaced_declarations: Vec::new(),
        scop_pragmas: None,
        may_overlap,
    })
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
    let same_line = |s: &Statement| {
        s.span.end <= start
            && src
                .get(s.span.end..start)
                .is_some_and(|gap| !gap.contains('\n'))
    };
    if let Some(k) = statements.iter().position(same_line) {
        return Comment {
            text: text(comment, src).to_string(),
            statement: Some(k),
            after: true,
            depth: 0,
        };
    }
    Comment {
        text: text(comment, src).to_string(),
        statement: statements.iter().position(|s| s.span.start >= end),
        after: false,
        depth: 0,
    }
}

struct Lifter<'a> {
    src: &'a str,
    symbols: &'a Symbols,
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
}

/// A field path as an array: `b.c` for `b[i][j].c[k][l]`.
#[derive(Clone, Debug)]
struct FieldArray {
    /// `b.c`, or `p->v` through a pointer parameter.
    name: String,
    /// The last member's element type as written.
    element_type: String,
    /// The struct variable's extents, then each member's.
    extents: Vec<String>,
    /// Whether the access through `->` of a `restrict` pointer (a 1-d array of structs)
    /// stands for its element 0, so gets subscript 0 first.
    element_zero: bool,
    scope: Scope,
    member_of: MemberOf,
}

impl<'a> Lifter<'a> {
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

    /// A declaration inside a loop body: each variable it declares is a scalar whose
    /// every value lives inside one execution of its block (it is written before any
    /// read there), so it is modelled as a variable of the whole region (declared once
    /// before it, [`BlockLocal`]) and its initializer as an assignment statement.
    fn declaration(&mut self, node: Node) -> Vec<Node_> {
        if let Err(why) = plain_declaration(node, self.src) {
            self.diags.push(block_local_rejected(node, why));
            return Vec::new();
        }
        let Some(type_node) = node.child_by_field_name("type") else {
            return Vec::new();
        };
        let ty = text(type_node, self.src).to_string();
        let mut cursor = node.walk();
        let declarators: Vec<Node> = node
            .children_by_field_name("declarator", &mut cursor)
            .collect();
        let mut out = Vec::new();
        for d in declarators {
            let (name, value) = match d.kind() {
                "identifier" => (d, None),
                "init_declarator" => match d.child_by_field_name("declarator") {
                    Some(n) if n.kind() == "identifier" => (n, d.child_by_field_name("value")),
                    _ => (d, None),
                },
                "array_declarator" => (array_name(d).unwrap_or(d), None),
                _ => (d, None),
            };
            if name.kind() != "identifier" {
                let why = "a block-local pointer or an initialized array";
                self.diags.push(block_local_rejected(d, why));
                continue;
            }
            if d.kind() == "array_declarator" && !self.block_array_extents(d) {
                continue;
            }
            if let Err(why) = self.new_block_local(node, d, name, value, &ty) {
                self.diags.push(block_local_rejected(d, &why));
                continue;
            }
            if let Some(value) = value {
                out.extend(self.initialization(d, name, value));
            }
        }
        out
    }

    /// Records the block-local scalar `name` declared by `decl` with type text `ty`, or
    /// says why it cannot be modelled as one variable of the region.
    fn new_block_local(
        &mut self,
        decl: Node,
        declarator: Node,
        name: Node,
        value: Option<Node>,
        ty: &str,
    ) -> Result<(), String> {
        let n = text(name, self.src);
        let array = declarator.kind() == "array_declarator";
        if self.iters.iter().any(|i| i == n) {
            return Err(format!("`{n}` shadows a loop iterator"));
        }
        if self.block_variable_at(n, decl.start_byte()).is_some() {
            return Err(format!("`{n}` shadows another `{n}` of an enclosing block"));
        }
        let model = self.fresh_block_name(n);
        // The declarator with the model's name for the identifier (`row[W]`).
        let renamed = |d: Node| {
            let (start, end) = (
                name.start_byte() - d.start_byte(),
                name.end_byte() - d.start_byte(),
            );
            let t = text(d, self.src);
            format!("{}{model}{}", &t[..start], &t[end..])
        };
        let declaration = if array {
            format!("{ty} {};", renamed(declarator))
        } else {
            format!("{ty} {model};")
        };
        if value.is_some_and(|v| mentions(v, n, self.src)) {
            return Err(format!("the initializer of `{n}` reads `{n}` itself"));
        }
        // A scalar is judged here; an array's cells by the dataflow.
        let proven = !array && (value.is_some() || written_before_read(decl, n, self.src));
        if !array && !proven {
            return Err(format!(
                "`{n}` may be read before it is written in its block (its value is indeterminate)"
            ));
        }
        let block_end = decl.parent().map_or(decl.end_byte(), |b| b.end_byte());
        self.block_locals.insert(
            model.clone(),
            BlockVariable {
                name: model,
                original: n.to_string(),
                declaration,
                blocks: vec![(decl.start_byte()..block_end, self.iters.len())],
                proven,
            },
        );
        Ok(())
    }

    /// `n` for the first variable of that name declared in the region's blocks, then
    /// `n_1`, `n_2`, ... that no identifier of the file is.
    fn fresh_block_name(&self, n: &str) -> String {
        let mut name = n.to_string();
        let mut k = 0;
        while self.block_locals.contains_key(&name) || (k > 0 && self.taken.contains(&name)) {
            k += 1;
            name = format!("{n}_{k}");
        }
        name
    }

    /// Whether the extents of array declarator `d` are integer constants (so the array
    /// may be declared before the region with the same size). A variable-length array
    /// may not: declared before the region, its size is evaluated even when its loop
    /// runs no iteration, where the size may be negative or huge (issue 25).
    fn block_array_extents(&mut self, d: Node) -> bool {
        let mut n = d;
        let mut ok = true;
        while n.kind() == "array_declarator" {
            match n.child_by_field_name("size") {
                Some(size) => match self.lift_aff(size, Code::NonAffineBound) {
                    Some(aff) if self.is_constant(&aff) => {}
                    Some(aff) if self.iters.iter().any(|i| aff.mentions(i)) => {
                        self.diags.push(block_local_rejected(
                            d,
                            "an array whose size depends on a loop iterator",
                        ));
                        ok = false;
                    }
                    Some(_) => {
                        self.diags.push(block_local_rejected(
                            d,
                            "a variable-length array (its size would be evaluated before the loop, also when the loop runs no iteration)",
                        ));
                        ok = false;
                    }
                    None => ok = false,
                },
                None => {
                    self.diags
                        .push(block_local_rejected(d, "an array without a size"));
                    ok = false;
                }
            }
            match n.child_by_field_name("declarator") {
                Some(inner) => n = inner,
                None => break,
            }
        }
        ok
    }

    /// Whether `aff` has one value for every execution: integers and `#define`d ones.
    fn is_constant(&self, aff: &Aff) -> bool {
        let mut names = BTreeSet::new();
        aff.names(&mut names);
        names.iter().all(|n| self.symbols.define(n).is_some())
    }

    /// The statement `name = value;` for the initialized declarator `d`.
    fn initialization(&mut self, d: Node, name: Node, value: Node) -> Option<Node_> {
        let mut accesses = Vec::new();
        let read = self.reads(unparen(value), &mut accesses);
        if !(read & self.reference(name, AccessKind::Write, &mut accesses)) {
            return None;
        }
        let index = self.statements.len();
        let mut rewrites = self.iterator_holes(d);
        rewrites.extend(self.renames_in(&d.byte_range()));
        rewrites.push((
            d.end_byte()..d.end_byte(),
            vec![Piece::Text(";".to_string())],
        ));
        self.statements.push(Statement {
            name: format!("S{index}"),
            iters: self.iters.clone(),
            text: text(d, self.src).to_string(),
            rewrites,
            accesses,
            span: d.byte_range(),
        });
        Some(Node_::Stmt(index))
    }

    fn affine(&mut self, code: Code) -> AffineContext<'_> {
        AffineContext {
            src: self.src,
            symbols: self.symbols,
            iters: &self.iters,
            code,
            expansion: None,
        }
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

    fn for_loop(&mut self, node: Node) -> Option<Node_> {
        let header = self.loop_header(node);
        let body = node.child_by_field_name("body");
        let Some(header) = header else {
            // Still look inside, to report every problem at once.
            if let Some(b) = body {
                self.iters.push(String::new());
                self.statement(b);
                self.iters.pop();
            }
            return None;
        };
        self.iters.push(header.iter.clone());
        let body = body.map(|b| self.statement(b)).unwrap_or_default();
        self.iters.pop();
        self.loops.push(header.clone());
        Some(Node_::Loop(header, body))
    }

    /// `for (i = init; i OP bound && ...; i += stride)`.
    fn loop_header(&mut self, node: Node) -> Option<Loop> {
        let src = self.src;
        let form_error = |n: Node, what: &str| {
            Diagnostic::new(Code::LoopForm, n.byte_range(), format!("unsupported loop header: {what}"))
                .label(what.to_string())
                .expected("`for (i = lb; i < ub; i++)` with `<`, `<=`, `>`, `>=` or `!=`, and `i++`, `i--`, `i += c` or `i -= c`")
                .hint("write the loop in this canonical form")
        };
        let Some(init) = node.child_by_field_name("initializer") else {
            self.diags.push(form_error(node, "no initializer"));
            return None;
        };
        let (iter, declared_type, init_value) = match self.loop_init(init) {
            Some(x) => x,
            None => {
                self.diags
                    .push(form_error(init, "the initializer must assign the iterator"));
                return None;
            }
        };
        if self.iters.contains(&iter) {
            self.diags.push(
                Diagnostic::new(
                    Code::ShadowedIterator,
                    init.byte_range(),
                    format!("loop iterator `{iter}` is already the iterator of an enclosing loop"),
                )
                .label("reused here")
                .hint("give the inner loop its own iterator"),
            );
            return None;
        }
        let init_aff = self.lift_aff(init_value, Code::NonAffineBound);
        let stride = match node.child_by_field_name("update") {
            Some(u) => match loop_stride(u, &iter, src) {
                Some(s) if s != 0 => Some(s),
                _ => {
                    self.diags.push(form_error(
                        u,
                        "the update must add a non-zero constant to the iterator",
                    ));
                    None
                }
            },
            None => {
                self.diags.push(form_error(node, "no update"));
                None
            }
        };
        let bound = match node.child_by_field_name("condition") {
            Some(c) => self.loop_bound(c, &iter, stride.unwrap_or(1)),
            None => {
                self.diags.push(form_error(node, "no condition"));
                None
            }
        };
        Some(Loop {
            iter,
            declared_type,
            init: init_aff?,
            bound: bound?,
            stride: stride?,
            span: node.byte_range(),
        })
    }

    /// The iterator, its declared type (when the header declares it) and its first value.
    fn loop_init<'t>(&self, init: Node<'t>) -> Option<(String, Option<String>, Node<'t>)> {
        match init.kind() {
            "assignment_expression" if op_text(init, self.src) == "=" => {
                let left = init.child_by_field_name("left")?;
                (left.kind() == "identifier").then_some(())?;
                Some((
                    text(left, self.src).to_string(),
                    None,
                    init.child_by_field_name("right")?,
                ))
            }
            "declaration" => {
                let ty = text(init.child_by_field_name("type")?, self.src).to_string();
                let mut cursor = init.walk();
                let decls: Vec<Node> = init
                    .children_by_field_name("declarator", &mut cursor)
                    .collect();
                let [d] = decls.as_slice() else { return None };
                (d.kind() == "init_declarator").then_some(())?;
                let name = d.child_by_field_name("declarator")?;
                (name.kind() == "identifier").then_some(())?;
                Some((
                    text(name, self.src).to_string(),
                    Some(ty),
                    d.child_by_field_name("value")?,
                ))
            }
            _ => None,
        }
    }

    /// The loop condition as a conjunction of bounds that stop the iterator in the
    /// direction it moves (so the iteration set is exactly where they all hold).
    fn loop_bound(&mut self, cond: Node, iter: &str, stride: i64) -> Option<Cond> {
        let cond = unparen(cond);
        if cond.kind() == "binary_expression" && op_text(cond, self.src) == "&&" {
            let l = self.loop_bound(cond.child_by_field_name("left")?, iter, stride);
            let r = self.loop_bound(cond.child_by_field_name("right")?, iter, stride);
            return Some(l?.and(r?));
        }
        let op = (cond.kind() == "binary_expression")
            .then(|| cmp_op(&op_text(cond, self.src)))
            .flatten();
        let bad = |me: &mut Self, why: &str| {
            me.diags.push(
                Diagnostic::new(Code::NonAffineBound, cond.byte_range(), format!("loop condition `{}` is not a bound on `{iter}`: {why}", short(text(cond, me.src))))
                    .label(why.to_string())
                    .expected(format!("`{iter} < e`, `{iter} <= e` (or `>`/`>=` for decreasing loops) joined by `&&`, with `e` affine and free of `{iter}`"))
                    .hint("rewrite the condition as bounds on the iterator"),
            );
            None
        };
        let Some(op) = op else {
            return bad(self, "not a comparison");
        };
        let (l, r) = (
            cond.child_by_field_name("left")?,
            cond.child_by_field_name("right")?,
        );
        let (op, other) = if text(unparen(l), self.src) == iter {
            (op, r)
        } else if text(unparen(r), self.src) == iter {
            (op.mirror(), l)
        } else {
            return bad(self, "the iterator must stand alone on one side");
        };
        let op = match (op, stride > 0) {
            (CmpOp::Ne, _) if stride.abs() != 1 => return bad(self, "`!=` needs a unit stride"),
            (CmpOp::Ne, true) => CmpOp::Lt,
            (CmpOp::Ne, false) => CmpOp::Gt,
            (CmpOp::Lt | CmpOp::Le, true) | (CmpOp::Gt | CmpOp::Ge, false) => op,
            _ => {
                return bad(
                    self,
                    "the comparison does not stop the loop in the direction it runs",
                );
            }
        };
        let bound = self.lift_aff(other, Code::NonAffineBound)?;
        if bound.mentions(iter) {
            return bad(self, "the bound depends on the iterator");
        }
        Some(Cond::Cmp(Aff::name(iter), op, bound))
    }

    fn if_statement(&mut self, node: Node) -> Option<Node_> {
        let cond = node
            .child_by_field_name("condition")
            .and_then(|c| self.lift_cond(c, Code::NonAffineCondition));
        let then = node
            .child_by_field_name("consequence")
            .map(|c| self.statement(c))
            .unwrap_or_default();
        let els = node
            .child_by_field_name("alternative")
            .and_then(|e| e.named_child(0))
            .map(|e| self.statement(e))
            .unwrap_or_default();
        Some(Node_::If(cond?, then, els))
    }

    fn expression_statement(&mut self, node: Node) -> Option<Node_> {
        let expr = node.named_child(0)?;
        let mut accesses = Vec::new();
        let ok = match expr.kind() {
            "assignment_expression" | "update_expression" => self.effect(expr, &mut accesses),
            "call_expression" if !self.pure_call(expr, &mut accesses) => false,
            _ => {
                self.diags.push(
                    Diagnostic::new(
                        Code::UnsupportedStatement,
                        node.byte_range(),
                        format!(
                            "statement `{}` has no modelled effect",
                            short(text(node, self.src))
                        ),
                    )
                    .label("not an assignment")
                    .expected("assignments, compound assignments, `++` and `--`")
                    .hint("move this statement out of the loop nest"),
                );
                false
            }
        };
        if !ok {
            return None;
        }
        let index = self.statements.len();
        let mut rewrites = self.iterator_holes(node);
        rewrites.extend(self.renames_in(&node.byte_range()));
        self.statements.push(Statement {
            name: format!("S{index}"),
            iters: self.iters.clone(),
            text: text(node, self.src).to_string(),
            rewrites,
            accesses,
            span: node.byte_range(),
        });
        Some(Node_::Stmt(index))
    }

    /// Accesses of an assignment or increment at statement level (`a = b = c` allowed).
    fn effect(&mut self, expr: Node, out: &mut Vec<Access>) -> bool {
        let target = expr.child_by_field_name(if expr.kind() == "update_expression" {
            "argument"
        } else {
            "left"
        });
        let Some(target) = target else { return false };
        let plain = expr.kind() == "assignment_expression" && op_text(expr, self.src) == "=";
        let mut ok = true;
        if let Some(right) = expr.child_by_field_name("right") {
            let right = unparen(right);
            ok &= if right.kind() == "assignment_expression" {
                self.effect(right, out)
            } else {
                self.reads(right, out)
            };
        }
        if !plain {
            ok &= self.reference(target, AccessKind::Read, out);
        }
        ok & self.reference(target, AccessKind::Write, out)
    }

    /// Records the reads in a side-effect-free expression.
    fn reads(&mut self, node: Node, out: &mut Vec<Access>) -> bool {
        match node.kind() {
            "identifier" | "subscript_expression" => self.reference(node, AccessKind::Read, out),
            "number_literal" | "char_literal" | "string_literal" | "true" | "false" | "null"
            | "sizeof_expression" | "comment" => true,
            "parenthesized_expression"
            | "binary_expression"
            | "unary_expression"
            | "conditional_expression"
            | "argument_list" => self.reads_children(node, out),
            "cast_expression" => node
                .child_by_field_name("value")
                .is_some_and(|v| self.reads(v, out)),
            "call_expression" => match misparsed_cast(node, self.src, self.symbols) {
                Some((_, value)) => self.reads(value, out),
                None => self.pure_call(node, out),
            },
            "assignment_expression" | "update_expression" => {
                self.diags.push(
                    Diagnostic::new(
                        Code::SideEffect,
                        node.byte_range(),
                        format!(
                            "side effect inside an expression: `{}`",
                            short(text(node, self.src))
                        ),
                    )
                    .label("nested assignment")
                    .expected("one assignment per statement")
                    .hint("split it into separate statements"),
                );
                false
            }
            "field_expression" => self.reference(node, AccessKind::Read, out),
            "pointer_expression" => {
                self.diags.push(pointer_access(node, self.src));
                false
            }
            kind => {
                self.diags.push(unsupported_statement(node, kind, self.src));
                false
            }
        }
    }

    fn reads_children(&mut self, node: Node, out: &mut Vec<Access>) -> bool {
        let mut cursor = node.walk();
        let children: Vec<Node> = node.named_children(&mut cursor).collect();
        children
            .into_iter()
            .fold(true, |ok, c| self.reads(c, out) & ok)
    }

    fn pure_call(&mut self, node: Node, out: &mut Vec<Access>) -> bool {
        let f = node.child_by_field_name("function");
        let name = f.map_or("", |f| text(f, self.src));
        let identifier = f.is_some_and(|f| f.kind() == "identifier");
        if identifier && self.symbols.is_known_pure(name) {
            return node
                .child_by_field_name("arguments")
                .is_some_and(|a| self.reads(a, out));
        }
        let why = match self.symbols.summary(name) {
            Some(Ok(summary)) if identifier => {
                return self.summarized_call(node, summary, out);
            }
            Some(Err(why)) => format!("call to `{name}`, which {why}"),
            _ => format!("call to `{name}`, which nestor does not know to be pure"),
        };
        self.diags.push(
            Diagnostic::new(Code::ImpureCall, node.byte_range(), why)
            .label("may read or write any memory")
            .expected("calls of pure math functions (sqrt, exp, fabs, pow, ...)")
            .hint(format!("if `{name}` reads only its arguments' values and writes nothing, say so with `#pragma nestor pure({name})` or `--pure {name}`; else move the call out of the loop nest")),
        );
        false
    }

    /// A call of a function the file defines, by what it reads (`summary`): the values
    /// of its scalar arguments, and its reads with each parameter replaced by the
    /// argument passed (an array parameter by the array, or by the row `A[i]` passed,
    /// whose subscripts come first; an integer parameter by the argument, which its
    /// type must hold).
    fn summarized_call(
        &mut self,
        node: Node,
        summary: &FunctionSummary,
        out: &mut Vec<Access>,
    ) -> bool {
        let args: Vec<Node> = node
            .child_by_field_name("arguments")
            .map_or(Vec::new(), |a| {
                let mut cursor = a.walk();
                a.named_children(&mut cursor)
                    .filter(|c| c.kind() != "comment")
                    .collect()
            });
        if args.len() != summary.params.len() {
            self.diags.push(summarized_call_rejected(
                node,
                &format!(
                    "it is called with {} arguments, declared with {}",
                    args.len(),
                    summary.params.len()
                ),
            ));
            return false;
        }
        let mut values = BTreeMap::new();
        let mut arrays = BTreeMap::new();
        let mut ok = true;
        for (arg, param) in args.iter().zip(&summary.params) {
            match param.kind {
                ParamKind::Scalar(ty) => {
                    ok &= self.reads(*arg, out);
                    if summary.subscripts_use(&param.name) {
                        match self.affine(Code::NonAffineSubscript).converted(*arg, ty) {
                            Ok(aff) => {
                                let mut names = BTreeSet::new();
                                aff.names(&mut names);
                                self.record_spellings(*arg, &names);
                                self.record_names(names, arg.byte_range());
                                values.insert(param.name.clone(), aff);
                            }
                            Err(d) => {
                                self.diags.push(*d);
                                ok = false;
                            }
                        }
                    }
                }
                ParamKind::Array => {
                    arrays.insert(param.name.clone(), *arg);
                }
            }
        }
        if !ok {
            return false;
        }
        for read in &summary.reads {
            ok &= self.summarized_read(node, read, summary, &values, &arrays, out);
        }
        ok
    }

    /// One read of a summarized call, in the caller's terms.
    fn summarized_read(
        &mut self,
        call: Node,
        read: &SummaryRead,
        summary: &FunctionSummary,
        values: &BTreeMap<String, Aff>,
        arrays: &BTreeMap<String, Node>,
        out: &mut Vec<Access>,
    ) -> bool {
        let mut subscripts = Vec::new();
        let (name, name_node) = match &read.base {
            Base::Param(k) => {
                let Some(arg) = summary.params.get(*k).and_then(|p| arrays.get(&p.name)) else {
                    return false;
                };
                match self.row_of(*arg, &mut subscripts) {
                    Some(base) => (text(base, self.src).to_string(), base),
                    None => {
                        self.diags.push(pointer_access(*arg, self.src));
                        return false;
                    }
                }
            }
            Base::Global(g) => {
                if self
                    .symbols
                    .get_at(g, call.start_byte())
                    .is_some_and(|s| s.scope != Scope::Global)
                {
                    self.diags.push(summarized_call_rejected(
                        call,
                        &format!(
                            "it reads the global `{g}`, which a local of the same name hides here"
                        ),
                    ));
                    return false;
                }
                (g.clone(), call)
            }
        };
        for s in &read.subscripts {
            match substituted(s, values, self.symbols) {
                Some(aff) => subscripts.push(aff),
                None => {
                    self.diags.push(summarized_call_rejected(
                        call,
                        "a subscript of what it reads names something other than its integer parameters and constants",
                    ));
                    return false;
                }
            }
        }
        let rank = match self
            .symbols
            .get_at(&name, call.start_byte())
            .map(|s| &s.shape)
        {
            Some(Shape::Array(e)) => e.len(),
            Some(Shape::RestrictPointer) => 1,
            Some(Shape::Scalar) => 0,
            _ => usize::MAX,
        };
        if rank != subscripts.len() {
            self.diags.push(summarized_call_rejected(
                call,
                &format!(
                    "it reads `{name}` with {} subscripts, which has {}",
                    subscripts.len(),
                    if rank == usize::MAX {
                        "no known shape".to_string()
                    } else {
                        rank.to_string()
                    }
                ),
            ));
            return false;
        }
        out.push(Access {
            id: self.next_ref,
            kind: AccessKind::Read,
            array: name,
            subscripts,
            span: call.byte_range(),
            name_span: name_node.byte_range(),
            index_spans: Vec::new(),
        });
        self.next_ref += 1;
        true
    }

    /// The array an argument passes (`A`, or the row `A[i][j]`), its subscripts (lifted,
    /// pushed to `subscripts`) first.
    fn row_of<'t>(&mut self, arg: Node<'t>, subscripts: &mut Vec<Aff>) -> Option<Node<'t>> {
        let (base, indices) = subscripts_of(arg)?;
        if base.kind() != "identifier" {
            return None;
        }
        for index in indices {
            subscripts.push(self.lift_aff(index, Code::NonAffineSubscript)?);
        }
        Some(base)
    }

    /// One access to a scalar (`x`) or an array element (`A[i][j]`).
    fn reference(&mut self, node: Node, kind: AccessKind, out: &mut Vec<Access>) -> bool {
        let node = unparen(node);
        let Some((base, indices)) = subscripts_of(node) else {
            return false;
        };
        if !self.subscripts_without_effects(&indices) {
            return false;
        }
        if base.kind() == "field_expression" {
            return self.member_reference(node, base, indices, kind, out);
        }
        if base.kind() != "identifier" {
            self.diags.push(pointer_access(node, self.src));
            return false;
        }
        let name = text(base, self.src);
        let name = self.symbols.alias(name).unwrap_or(name);
        if self.symbols.get(name).is_some_and(|s| s.record.is_some()) {
            self.diags.push(
                Diagnostic::new(
                    Code::PointerAccess,
                    node.byte_range(),
                    format!("struct `{name}` is used as a whole, not through one of its members"),
                )
                .label("a whole struct (or a pointer to one)")
                .expected("struct members accessed one by one (`s.x[i]`, `p->v`)")
                .hint("keep this nest as written, or copy the members one by one"),
            );
            return false;
        }
        if indices.is_empty() && self.iters.iter().any(|i| i == name) {
            if kind == AccessKind::Write {
                self.diags.push(
                    Diagnostic::new(
                        Code::IteratorWrite,
                        node.byte_range(),
                        format!("loop iterator `{name}` is written in the loop body"),
                    )
                    .label("written here")
                    .expected("iterators change only in the loop header")
                    .hint("use another variable, or restructure the loop"),
                );
                return false;
            }
            return true;
        }
        if !self.check_shape(node, name, indices.len(), kind) {
            return false;
        }
        if indices.is_empty()
            && kind == AccessKind::Read
            && (super::affine::is_polybench_bound(name) || self.symbols.is_int_constant(name))
        {
            return true; // An `int` constant.
        }
        if indices.is_empty()
            && self.symbols.opaque_macro(name).is_some()
            && self.symbols.macro_mentions_names(name)
        {
            self.diags.push(
                Diagnostic::new(
                    Code::UnsupportedStatement,
                    node.byte_range(),
                    format!("`{name}` is a macro whose expansion reads names nestor does not see"),
                )
                .label("a macro")
                .expected("variables, array elements and integer constants")
                .hint("write the macro's expansion in the loop nest"),
            );
            return false;
        }
        if indices.is_empty()
            && kind == AccessKind::Read
            && self.symbols.get_at(name, node.start_byte()).is_none()
        {
            return true; // An enumerator or a constant from a header: a constant.
        }
        let index_spans: Vec<Span> = indices.iter().map(|i| i.byte_range()).collect();
        let mut subscripts = Vec::new();
        for index in indices {
            subscripts.push(self.lift_aff(index, Code::NonAffineSubscript));
        }
        let Some(subscripts) = subscripts.into_iter().collect::<Option<Vec<_>>>() else {
            return false;
        };
        let array = match self.block_variable_at(name, node.start_byte()) {
            Some(var) if var != name => {
                self.renames.push((base.byte_range(), var.clone()));
                var
            }
            _ => name.to_string(),
        };
        out.push(Access {
            id: self.next_ref,
            kind,
            array,
            subscripts,
            span: node.byte_range(),
            name_span: base.byte_range(),
            index_spans,
        });
        self.next_ref += 1;
        true
    }

    /// The model name of the variable declared in a block of the region that `name`
    /// means at `position`: a second declaration of a name in a sibling block is a
    /// variable of its own (`t_1`), so each can be privatized or expanded alone.
    fn block_variable_at(&self, name: &str, position: usize) -> Option<String> {
        self.block_locals
            .values()
            .filter(|b| b.original == name)
            .find(|b| b.blocks.iter().any(|(scope, _)| scope.contains(&position)))
            .map(|b| b.name.clone())
    }

    /// The text rewrites of the renamed block variables in `span`, taken.
    fn renames_in(&mut self, span: &Span) -> Vec<(Span, Vec<Piece>)> {
        let (inside, rest): (Vec<_>, Vec<_>) = std::mem::take(&mut self.renames)
            .into_iter()
            .partition(|(r, _)| span.start <= r.start && r.end <= span.end);
        self.renames = rest;
        inside
            .into_iter()
            .map(|(r, name)| (r, vec![Piece::Text(name)]))
            .collect()
    }

    /// Whether no subscript of `indices` assigns or increments a variable (else reports
    /// the first that does).
    fn subscripts_without_effects(&mut self, indices: &[Node]) -> bool {
        let Some(effect) = indices.iter().find_map(|i| side_effect_in(*i)) else {
            return true;
        };
        self.diags.push(
            Diagnostic::new(
                Code::SideEffect,
                effect.byte_range(),
                format!(
                    "side effect inside a subscript: `{}`",
                    short(text(effect, self.src))
                ),
            )
            .label("changes a variable")
            .expected("subscripts without assignments or increments")
            .hint("update the variable in a separate statement"),
        );
        false
    }

    /// One access through struct members: `s.x[i]`, `s.v`, `b[i][j].c[k][l]`,
    /// `s.in.x[i]`, `p->v[i]` (`p` a pointer parameter). Distinct members are distinct
    /// memory, so the field path is an array of its own ([`Lifter::field_array`]),
    /// subscripted by the struct variable's subscripts, then each member's, in order:
    /// `b[i][j].c[k][l]` accesses `b.c[i, j, k, l]`. `outer` are the subscripts after
    /// the last member (`[k]`, `[l]`).
    fn member_reference(
        &mut self,
        node: Node,
        base: Node,
        outer: Vec<Node>,
        kind: AccessKind,
        out: &mut Vec<Access>,
    ) -> bool {
        let src = self.src;
        // From the last member back to the variable, then reversed.
        let mut links: Vec<(Step, Option<Node>)> = Vec::new();
        let mut current = base;
        let root = loop {
            let argument = current.child_by_field_name("argument").map(unparen);
            let field = current.child_by_field_name("field");
            let index = current.child_by_field_name("index");
            match (current.kind(), argument, field, index) {
                ("field_expression", Some(argument), Some(field), _) => {
                    let arrow = op_text(current, src) == "->";
                    links.push((
                        Step::Member {
                            name: text(field, src),
                            arrow,
                        },
                        None,
                    ));
                    current = argument;
                }
                ("subscript_expression", Some(argument), _, Some(index)) => {
                    links.push((Step::Index, Some(index)));
                    current = argument;
                }
                ("identifier", ..) => break current,
                _ => {
                    self.diags.push(member_problem(
                        node,
                        src,
                        &format!(
                            "the struct is reached through `{}`, which is not a variable",
                            short(text(current, src))
                        ),
                    ));
                    return false;
                }
            }
        };
        links.reverse();
        links.extend(outer.into_iter().map(|i| (Step::Index, Some(i))));
        let indices: Vec<Node> = links.iter().filter_map(|(_, i)| *i).collect();
        if !self.subscripts_without_effects(&indices) {
            return false;
        }
        let written = text(root, src);
        let name = self.symbols.alias(written).unwrap_or(written).to_string();
        let steps: Vec<Step> = links.iter().map(|(s, _)| *s).collect();
        let field = match self.field_array(&name, &steps) {
            Ok(f) => f,
            Err(why) => {
                self.diags.push(member_problem(node, src, &why));
                return false;
            }
        };
        let mut subscripts = Vec::new();
        if field.element_zero {
            subscripts.push(Some(Aff::Int(0)));
        }
        for index in &indices {
            subscripts.push(self.lift_aff(*index, Code::NonAffineSubscript));
        }
        let Some(subscripts) = subscripts.into_iter().collect::<Option<Vec<_>>>() else {
            return false;
        };
        out.push(Access {
            id: self.next_ref,
            kind,
            array: field.name.clone(),
            subscripts,
            span: node.byte_range(),
            name_span: root.byte_range(),
            index_spans: indices.iter().map(|i| i.byte_range()).collect(),
        });
        self.next_ref += 1;
        self.fields.entry(field.name.clone()).or_insert(field);
        true
    }

    /// The field array that `steps` (subscripts and members, in order) reach from
    /// variable `root`, or why it is not modelled: the variable must be a struct, an
    /// array of structs subscripted in each dimension, or a pointer parameter reached
    /// by `->` (distinct parameters are assumed not to alias, as array parameters
    /// are); every member on the way must be modelled ([`records::follow`]) and the
    /// last one must be values subscripted in each of their dimensions.
    fn field_array(&self, root: &str, steps: &[Step]) -> Result<FieldArray, String> {
        let symbol = self
            .symbols
            .get(root)
            .ok_or_else(|| format!("nestor cannot see the declaration of `{root}`"))?;
        let record_type = symbol.record.as_ref().ok_or_else(|| {
            format!("`{root}` is not a struct, an array of structs or a pointer to one whose type nestor sees")
        })?;
        let (own_subscripts, chain) = records::member_chain(steps);
        let arrow = chain.first().is_some_and(|m| m.1);
        let parameter = symbol.scope == Scope::Parameter;
        let (own_extents, element_zero, separator) = match (&symbol.shape, arrow) {
            (Shape::Pointer | Shape::RestrictPointer, true) if !parameter => {
                return Err(format!(
                    "`{root}` is a pointer that is not a parameter of the function: it may point to any struct"
                ));
            }
            (Shape::Pointer, true) if own_subscripts == 0 => (Vec::new(), false, "->"),
            (Shape::RestrictPointer, true) if own_subscripts == 0 => {
                (vec![String::new()], true, ".")
            }
            (_, true) => {
                return Err(format!(
                    "`->` is applied to `{root}`, which nestor does not model as one pointer to a struct"
                ));
            }
            (Shape::Pointer, false) => {
                return Err(format!(
                    "`{root}` is a pointer that may alias other arrays (declare it `restrict` to index it, or use `{root}->`)"
                ));
            }
            (Shape::Scalar, false) => (Vec::new(), false, "."),
            (Shape::Array(extents), false) => (extents.clone(), false, "."),
            (Shape::RestrictPointer, false) => (vec![String::new()], false, "."),
        };
        let rank = if element_zero { 0 } else { own_extents.len() };
        if own_subscripts != rank {
            return Err(format!(
                "`{root}` has {rank} dimensions but is accessed with {own_subscripts} subscripts"
            ));
        }
        let record = self
            .symbols
            .record(record_type)
            .map_err(|why| format!("the type of `{root}` is not modelled: {why}"))?;
        let followed = records::follow(record, &chain, &|r| self.symbols.record(r))?;
        let members: Vec<&str> = chain.iter().map(|m| m.0).collect();
        let name = format!("{root}{separator}{}", members.join("."));
        match followed.reached {
            Reached::Value { dimensions_left: 0 } => {}
            Reached::Value { dimensions_left } => {
                return Err(format!(
                    "member array `{name}` lacks {dimensions_left} of its subscripts, so it stands for a pointer"
                ));
            }
            Reached::Record { .. } => {
                return Err(format!(
                    "`{name}` is a struct used as a whole, not through its members"
                ));
            }
        }
        Ok(FieldArray {
            name,
            element_type: followed.element_type,
            extents: own_extents.into_iter().chain(followed.extents).collect(),
            element_zero,
            scope: symbol.scope,
            member_of: MemberOf {
                root: root.to_string(),
                records: followed.records,
                by_reference: parameter && symbol.shape != Shape::Scalar,
            },
        })
    }

    /// Whether `name` may be accessed with `rank` subscripts.
    fn check_shape(&mut self, node: Node, name: &str, rank: usize, kind: AccessKind) -> bool {
        let symbol = self.symbols.get_at(name, node.start_byte());
        let problem = match symbol.map(|s| &s.shape) {
            None if rank == 0 && kind == AccessKind::Read => return true,
            None => Some((
                Code::UnknownArray,
                format!("nestor cannot see the declaration of `{name}`"),
                "declare it in this file, as a local, parameter or global".to_string(),
            )),
            Some(Shape::Scalar) if rank == 0 => None,
            Some(Shape::Array(ext)) if ext.len() == rank => None,
            Some(Shape::RestrictPointer) if rank == 1 => None,
            Some(Shape::Pointer) => Some((
                Code::PointerAccess,
                format!("`{name}` is a pointer that may alias other arrays"),
                format!("declare it as an array (`double {name}[n]`) or a `restrict` pointer"),
            )),
            Some(Shape::Array(ext)) => Some((
                Code::PointerAccess,
                format!(
                    "`{name}` has {} dimensions but is accessed with {rank} subscripts",
                    ext.len()
                ),
                "access whole elements, one subscript per dimension".to_string(),
            )),
            Some(_) => Some((
                Code::PointerAccess,
                format!("`{name}` is accessed with {rank} subscripts"),
                "access whole elements, one subscript per dimension".to_string(),
            )),
        };
        match problem {
            None => true,
            Some((code, message, hint)) => {
                self.diags.push(
                    Diagnostic::new(code, node.byte_range(), message)
                        .label("this access")
                        .hint(hint),
                );
                false
            }
        }
    }

    /// Every occurrence of an enclosing iterator in `node`, as a hole.
    fn iterator_holes(&self, node: Node) -> Vec<(Span, Vec<Piece>)> {
        let mut holes = Vec::new();
        collect_identifiers(node, &mut |id| {
            let written = text(id, self.src);
            let name = self.symbols.alias(written).unwrap_or(written);
            if let Some(pos) = self.iters.iter().position(|i| i == name) {
                holes.push((id.byte_range(), vec![Piece::Iter(pos)]));
            }
        });
        holes
    }

    /// Every access to a name the region declares in a block must lie in the scope of
    /// one of its declarations: elsewhere the name means another variable.
    fn check_block_local_uses(&mut self) {
        let mut diags = Vec::new();
        for a in self.statements.iter().flat_map(|s| &s.accesses) {
            let Some(local) = self.block_locals.get(&a.array) else {
                continue;
            };
            if !local.blocks.iter().any(|(d, _)| d.contains(&a.span.start)) {
                diags.push(
                    Diagnostic::new(
                        Code::UnsupportedStatement,
                        a.span.clone(),
                        format!(
                            "`{}` names another variable here than in the blocks of the region that declare it",
                            a.array
                        ),
                    )
                    .label("another variable of this name")
                    .expected("one meaning per name in a region")
                    .hint("rename the variable declared inside the loop"),
                );
            }
        }
        self.diags.extend(diags);
    }

    /// Names used in affine expressions must not be written in the region; iterators
    /// must not be written anywhere in it.
    fn check_writes(&mut self) {
        let iterators: BTreeSet<&str> = self.loops.iter().map(|l| l.iter.as_str()).collect();
        for stmt in &self.statements {
            for a in stmt.accesses.iter().filter(|a| a.kind == AccessKind::Write) {
                if let Some(use_span) = self.affine_names.get(&a.array) {
                    let (line, _) = crate::support::diag::line_col(self.src, use_span.start);
                    self.diags.push(
                        Diagnostic::new(Code::ParameterWrite, a.span.clone(), format!("`{}` is written in the region but also used in a bound or subscript (line {line})", a.array))
                            .label("written here")
                            .expected("bounds and subscripts use values that stay constant in the region")
                            .hint("compute the value before the loop nest"),
                    );
                } else if iterators.contains(a.array.as_str()) {
                    self.diags.push(
                        Diagnostic::new(Code::IteratorWrite, a.span.clone(), format!("`{}` is a loop iterator of this region and is written as a variable", a.array))
                            .label("written here")
                            .hint("use another variable"),
                    );
                }
            }
            for a in stmt
                .accesses
                .iter()
                .filter(|a| a.kind == AccessKind::Read && iterators.contains(a.array.as_str()))
            {
                self.diags
                    .push(iterator_value_outside_loop(&a.array, a.span.clone()));
            }
        }
        for (name, span) in &self.affine_names {
            if iterators.contains(name.as_str()) {
                self.diags
                    .push(iterator_value_outside_loop(name, span.clone()));
            }
        }
    }

    /// The type of a loop's iterator: the type its header declares, else the type of
    /// the variable it assigns.
    fn iterator_type(&self, l: &Loop) -> CType {
        match &l.declared_type {
            Some(t) => self.symbols.resolve_type(t),
            None => self
                .symbols
                .get(&l.iter)
                .filter(|s| s.shape == Shape::Scalar)
                .map_or(CType::Unknown, |s| s.ctype),
        }
    }

    /// How each iterator is declared in generated loops: with the header's type when
    /// every loop of that name declares it, else as the variable outside (`None`).
    /// Every iterator must be a signed integer at least as wide as `int` (narrower ones
    /// wrap on conversion, unsigned ones on the bounds nestor generates), and loops
    /// sharing a name must share its type.
    fn iterator_decls(&self) -> Result<Vec<(String, Option<String>)>, Vec<Diagnostic>> {
        let mut decls: BTreeMap<String, Option<String>> = BTreeMap::new();
        let mut types: BTreeMap<&str, CType> = BTreeMap::new();
        let mut diags = Vec::new();
        for l in &self.loops {
            let ty = self.iterator_type(l);
            let previous = *types.entry(&l.iter).or_insert(ty);
            let problem = if !matches!(ty, CType::Signed(b) if b >= 32) {
                Some(
                    "is not a signed integer variable of at least `int`'s width that nestor can see",
                )
            } else if previous != ty {
                Some("has different types in different loops")
            } else {
                None
            };
            if let Some(problem) = problem
                && !diags
                    .iter()
                    .any(|d: &Diagnostic| d.message.contains(&format!("`{}`", l.iter)))
            {
                diags.push(
                    Diagnostic::new(Code::IteratorType, l.span.start..l.span.start + 3, format!("loop iterator `{}` {problem}", l.iter))
                        .label("this loop")
                        .expected("an iterator of type int, long or another signed integer type")
                        .hint("declare the iterator as `int` or `long` (unsigned iterators wrap around on the bounds nestor generates, narrower ones on conversion)"),
                );
            }
            decls
                .entry(l.iter.clone())
                .and_modify(|d| {
                    if l.declared_type.is_none() {
                        *d = None;
                    }
                })
                .or_insert_with(|| l.declared_type.clone());
        }
        if diags.is_empty() {
            Ok(decls.into_iter().collect())
        } else {
            Err(diags)
        }
    }

    fn arrays(&self) -> Vec<Array> {
        let mut seen = BTreeMap::new();
        for a in self.statements.iter().flat_map(|s| &s.accesses) {
            seen.entry(a.array.clone()).or_insert_with(|| {
                if let Some(f) = self.fields.get(&a.array) {
                    return Array {
                        name: f.name.clone(),
                        element_type: f.element_type.clone(),
                        extents: f.extents.clone(),
                        scope: f.scope,
                        live_out: true,
                        declaration: None,
                        member_of: Some(f.member_of.clone()),
                        memory: self.field_memory(f),
                        element: self.symbols.resolve_type(&f.element_type),
                    };
                }
                let written = self
                    .block_locals
                    .get(&a.array)
                    .map_or(a.array.as_str(), |b| b.original.as_str());
                let sym = self.symbols.get_at(written, a.span.start);
                Array {
                    name: a.array.clone(),
                    element_type: sym.map_or("int".to_string(), |s| s.ty.clone()),
                    extents: match sym.map(|s| &s.shape) {
                        Some(Shape::Array(e)) => e.clone(),
                        Some(Shape::RestrictPointer) => vec![String::new()],
                        _ => Vec::new(),
                    },
                    scope: sym.map_or(Scope::Global, |s| s.scope),
                    live_out: true,
                    declaration: None,
                    member_of: None,
                    memory: match sym {
                        Some(s) if !self.block_locals.contains_key(&a.array) => memory_of(s),
                        // A block variable, or a constant nestor reads as a 0-d array.
                        _ => Memory::Local,
                    },
                    element: sym.map_or(CType::Unknown, |s| s.ctype),
                }
            });
        }
        seen.into_values().collect()
    }

    /// Whose memory the field array `f` is: the caller's when its struct is reached
    /// through a pointer or array parameter, else its struct variable's.
    fn field_memory(&self, f: &FieldArray) -> Memory {
        let root = self.symbols.get(&f.member_of.root);
        match root {
            Some(s) if f.member_of.by_reference => Memory::Passed {
                restrict: s.restrict,
            },
            Some(s) if s.scope == Scope::Global => Memory::Global,
            _ => Memory::Local,
        }
    }
}

type Node_ = super::ir::Node;

/// Whose memory the variable `s` is, as an array of a region: a pointer (wherever it
/// is declared) and an array parameter reach memory someone else declared.
fn memory_of(s: &super::symbols::Symbol) -> Memory {
    match (s.scope, &s.shape) {
        (_, Shape::Pointer | Shape::RestrictPointer) | (Scope::Parameter, Shape::Array(_)) => {
            Memory::Passed {
                restrict: s.restrict,
            }
        }
        (Scope::Global, _) => Memory::Global,
        (Scope::Parameter | Scope::Local, _) => Memory::Local,
    }
}

/// `i++`, `++i`, `i--`, `i += c`, `i -= c`, `i = i + c`: the constant step.
fn loop_stride(update: Node, iter: &str, src: &str) -> Option<i64> {
    let update = unparen(update);
    let target = |n: Option<Node>| n.is_some_and(|n| text(unparen(n), src) == iter);
    let constant =
        |n: Option<Node>| n.and_then(|n| super::symbols::parse_int_text(text(unparen(n), src)));
    match update.kind() {
        "update_expression" if target(update.child_by_field_name("argument")) => {
            Some(if op_text(update, src) == "++" { 1 } else { -1 })
        }
        "assignment_expression" if target(update.child_by_field_name("left")) => {
            let right = update.child_by_field_name("right");
            match op_text(update, src).as_str() {
                "+=" => constant(right),
                "-=" => constant(right)?.checked_neg(),
                "=" => {
                    let r = unparen(right?);
                    (r.kind() == "binary_expression" && target(r.child_by_field_name("left")))
                        .then_some(())?;
                    let c = constant(r.child_by_field_name("right"))?;
                    match op_text(r, src).as_str() {
                        "+" => Some(c),
                        "-" => c.checked_neg(),
                        _ => None,
                    }
                }
                _ => None,
            }
        }
        _ => None,
    }
}

/// The pairs of the region's arrays that may be the same memory, at least one of them
/// written in it (`first` is written):
///
/// - distinct variables (the arrays of one struct variable are distinct members);
/// - one reached through a parameter, the other through a parameter or a global
///   (locals are no caller's memory);
/// - neither declared `restrict`;
/// - element types an lvalue of one may access the other with (C11 6.5p7: the same
///   type up to signedness, or a character type, or a type nestor cannot see).
fn may_overlap(arrays: &[Array], statements: &[Statement]) -> Vec<MayOverlap> {
    let written: BTreeSet<&str> = statements
        .iter()
        .flat_map(|s| &s.accesses)
        .filter(|a| a.kind == AccessKind::Write)
        .map(|a| a.array.as_str())
        .collect();
    let mut pairs = BTreeSet::new();
    for x in arrays.iter().filter(|a| written.contains(a.name.as_str())) {
        for y in arrays.iter().filter(|y| y.name != x.name) {
            if !may_share_memory(x, y) {
                continue;
            }
            let (first, second) = if written.contains(y.name.as_str()) && y.name < x.name {
                (y, x)
            } else {
                (x, y)
            };
            pairs.insert(MayOverlap {
                first: first.name.clone(),
                second: second.name.clone(),
            });
        }
    }
    pairs.into_iter().collect()
}

/// Whether arrays `x` and `y` may be the same memory (see [`may_overlap`]).
fn may_share_memory(x: &Array, y: &Array) -> bool {
    let passed = |m: Memory| matches!(m, Memory::Passed { .. });
    let restrict = |m: Memory| matches!(m, Memory::Passed { restrict: true });
    x.root() != y.root()
        && (passed(x.memory) || passed(y.memory))
        && x.memory != Memory::Local
        && y.memory != Memory::Local
        && !restrict(x.memory)
        && !restrict(y.memory)
        && may_access_each_other(x.element, y.element)
}

/// Whether lvalues of element types `a` and `b` may access the same object (C11
/// 6.5p7): equal up to signedness, a character type (any object's bytes), or a type
/// nestor cannot see. `float` and `double` are not told apart (`CType::Floating`), so
/// they count as possibly the same.
fn may_access_each_other(a: CType, b: CType) -> bool {
    let width = |t: CType| match t {
        CType::Signed(w) | CType::Unsigned(w) => Some(w),
        _ => None,
    };
    match (a, b) {
        (CType::Unknown, _) | (_, CType::Unknown) => true,
        _ if width(a) == Some(8) || width(b) == Some(8) => true,
        (CType::Floating, CType::Floating) => true,
        _ => width(a).is_some() && width(a) == width(b),
    }
}

/// Each parameter's type (promoted) and the values it may have when the region runs:
/// a define's value, else its type's range narrowed by every linear expression of one
/// parameter in the init or bound of a top-level loop (evaluated on entry, so the
/// original program computes it without overflow: `n - 4` in `int` means
/// `n >= INT_MIN + 4`).
fn parameter_ranges(
    symbols: &Symbols,
    params: &BTreeSet<String>,
    body: &[Node_],
) -> BTreeMap<String, (CType, Interval)> {
    let mut ranges: BTreeMap<String, (CType, Interval)> = params
        .iter()
        .map(|p| {
            let t = parameter_type(symbols, p).promoted();
            let range = match symbols.define(p) {
                Some(v) => Interval::point(i128::from(v)),
                None => t.values(),
            };
            (p.clone(), (t, range))
        })
        .collect();
    let mut evaluated_on_entry = Vec::new();
    for node in body {
        if let Node_::Loop(l, _) = node {
            evaluated_on_entry.push(&l.init);
            l.bound.for_each_aff(&mut |a| evaluated_on_entry.push(a));
        }
    }
    for aff in evaluated_on_entry {
        let Some((constant, terms)) = aff.linear() else {
            continue;
        };
        let terms: Vec<_> = terms.into_iter().collect();
        let [(name, coefficient)] = terms.as_slice() else {
            continue;
        };
        let (constant, coefficient) = (i128::from(constant), i128::from(*coefficient));
        let Some((t, range)) = ranges.get_mut(name) else {
            continue;
        };
        let Some(limits) = t.range() else { continue };
        // limits.lo <= coefficient * p + constant <= limits.hi
        let (a, b) = (limits.lo - constant, limits.hi - constant);
        let (lo, hi) = if coefficient > 0 {
            (ceil_div(a, coefficient), floor_div(b, coefficient))
        } else {
            (ceil_div(b, coefficient), floor_div(a, coefficient))
        };
        *range = range.intersect(Interval { lo, hi });
    }
    ranges
}

fn floor_div(a: i128, b: i128) -> i128 {
    let q = a / b;
    if a % b != 0 && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

fn ceil_div(a: i128, b: i128) -> i128 {
    -floor_div(-a, b)
}

/// The type of parameter `name` of a region (a variable, a define or an enumerator).
fn parameter_type(symbols: &Symbols, name: &str) -> CType {
    match (symbols.get(name), symbols.define(name)) {
        (Some(s), _) => s.ctype,
        (None, Some(v)) if i32::try_from(v).is_err() => CType::Signed(64),
        _ => CType::Signed(32),
    }
}

/// The first assignment or increment inside `node`.
fn side_effect_in(node: Node) -> Option<Node> {
    if matches!(node.kind(), "assignment_expression" | "update_expression") {
        return Some(node);
    }
    let mut cursor = node.walk();
    let children: Vec<Node> = node.named_children(&mut cursor).collect();
    children.into_iter().find_map(side_effect_in)
}

fn collect_identifiers<'t>(node: Node<'t>, f: &mut dyn FnMut(Node<'t>)) {
    if node.kind() == "identifier" {
        f(node);
    }
    let mut cursor = node.walk();
    let children: Vec<Node<'t>> = node.named_children(&mut cursor).collect();
    for c in children {
        // `s.x`: `x` is a field, not a variable.
        if c.kind() != "field_identifier" {
            collect_identifiers(c, f);
        }
    }
}

fn iterator_value_outside_loop(name: &str, span: Span) -> Diagnostic {
    Diagnostic::new(Code::IteratorLiveAfter, span, format!("`{name}` is read outside the loop it iterates"))
        .label("the value a loop left behind")
        .expected("iterators used only inside their own loop")
        .hint(format!("copy the value into another variable, or compute it directly (nestor may change the final value of `{name}`)"))
}

fn unsupported_statement(node: Node, kind: &str, src: &str) -> Diagnostic {
    let (code, what, hint) = match kind {
        "while_statement" | "do_statement" => (
            Code::WhileLoop,
            "a `while` loop",
            "rewrite it as a `for` loop with affine bounds, or keep it outside the region",
        ),
        "goto_statement" | "labeled_statement" => (
            Code::Goto,
            "a `goto` or label",
            "restructure the control flow without `goto`",
        ),
        "break_statement" | "continue_statement" | "return_statement" => (
            Code::Jump,
            "a jump out of the loop body",
            "express the early exit in the loop bounds, or keep this loop outside the region",
        ),
        "declaration" => (
            Code::UnsupportedStatement,
            "a declaration inside the nest",
            "declare the variable before the loop nest",
        ),
        "preproc_call" | "preproc_if" | "preproc_ifdef" | "preproc_def" => (
            Code::UnsupportedStatement,
            "a preprocessor directive inside the nest",
            "move the directive outside the loop nest",
        ),
        _ => (
            Code::UnsupportedStatement,
            "a construct nestor does not model",
            "move it out of the loop nest",
        ),
    };
    Diagnostic::new(
        code,
        node.byte_range(),
        format!("{what}: `{}`", short(text(node, src))),
    )
    .label("not static control")
    .expected("`for` loops, `if`s with affine conditions and assignments")
    .hint(hint)
}

/// An access through struct members that nestor does not model, with why.
fn member_problem(node: Node, src: &str, why: &str) -> Diagnostic {
    Diagnostic::new(
        Code::PointerAccess,
        node.byte_range(),
        format!("`{}` is not modelled: {why}", short(text(node, src))),
    )
    .label("not modelled exactly")
    .expected("members of structs nestor sees the definition of, reached from a struct variable, an array of structs or a pointer parameter, subscripted in every dimension")
    .hint("keep this nest as written, or copy the member into an array before the loop nest")
}

fn pointer_access(node: Node, src: &str) -> Diagnostic {
    Diagnostic::new(
        Code::PointerAccess,
        node.byte_range(),
        format!(
            "`{}` accesses memory through a pointer or a member",
            short(text(node, src))
        ),
    )
    .label("not an array element")
    .expected("array elements `A[i][j]` and scalar variables")
    .hint("use arrays with one subscript per dimension")
}

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

/// Whether `decl` only declares storage nestor can move before the region: no storage
/// class (`static` outlives the block, `extern` is not storage), no qualifier but
/// `const` (dropped when it is declared again: the initializer becomes an assignment),
/// no attribute.
fn plain_declaration(decl: Node, src: &str) -> Result<(), &'static str> {
    let mut cursor = decl.walk();
    for c in decl.children(&mut cursor) {
        match c.kind() {
            "storage_class_specifier" => return Err("a storage class (`static`, `extern`, ...)"),
            "type_qualifier" if text(c, src) != "const" => {
                return Err("a qualifier other than `const`");
            }
            "attribute_specifier" | "attribute_declaration" | "ms_declspec_modifier" => {
                return Err("an attribute");
            }
            _ => {}
        }
    }
    Ok(())
}

/// Whether identifier `name` occurs in `node`.
fn mentions(node: Node, name: &str, src: &str) -> bool {
    let mut found = false;
    collect_identifiers(node, &mut |id| found |= text(id, src) == name);
    found
}

/// Whether, after declaration `decl` in its block, `name` is written by a plain
/// assignment `name = e` (with `e` not reading it) before any other statement mentions
/// it: then no execution of the block reads its indeterminate first value.
fn written_before_read(decl: Node, name: &str, src: &str) -> bool {
    let mut next = decl.next_named_sibling();
    while let Some(s) = next {
        if mentions(s, name, src) {
            let assignment = s.named_child(0).filter(|e| {
                s.kind() == "expression_statement" && e.kind() == "assignment_expression"
            });
            return assignment.is_some_and(|e| {
                op_text(e, src) == "="
                    && e.child_by_field_name("left")
                        .is_some_and(|l| l.kind() == "identifier" && text(l, src) == name)
                    && e.child_by_field_name("right")
                        .is_some_and(|r| !mentions(r, name, src))
            });
        }
        next = s.next_named_sibling();
    }
    true
}

fn block_local_rejected(node: Node, why: &str) -> Diagnostic {
    Diagnostic::new(
        Code::UnsupportedStatement,
        node.byte_range(),
        format!("a declaration inside the nest that nestor cannot model: {why}"),
    )
    .label("declared here")
    .expected("scalars declared in a loop body and written before they are read there")
    .hint("declare the variable before the loop nest")
}

/// `aff` with each integer parameter replaced by its argument's value; `None` when it
/// names anything else but `#define`d constants.
fn substituted(aff: &Aff, values: &BTreeMap<String, Aff>, symbols: &Symbols) -> Option<Aff> {
    let sub = |a: &Aff| substituted(a, values, symbols).map(Box::new);
    Some(match aff {
        Aff::Int(v) => Aff::Int(*v),
        Aff::Name(n) => match values.get(n) {
            Some(v) => v.clone(),
            None if symbols.define(n).is_some() => Aff::Name(n.clone()),
            None => return None,
        },
        Aff::Add(a, b) => Aff::Add(sub(a)?, sub(b)?),
        Aff::Sub(a, b) => Aff::Sub(sub(a)?, sub(b)?),
        Aff::Neg(a) => Aff::Neg(sub(a)?),
        Aff::Scale(k, a) => Aff::Scale(*k, sub(a)?),
        Aff::Div(a, k) => Aff::Div(sub(a)?, *k),
        Aff::Mod(a, k) => Aff::Mod(sub(a)?, *k),
        Aff::Floor(a, k) => Aff::Floor(sub(a)?, *k),
        Aff::Min(a, b) => Aff::Min(sub(a)?, sub(b)?),
        Aff::Max(a, b) => Aff::Max(sub(a)?, sub(b)?),
    })
}

fn summarized_call_rejected(call: Node, why: &str) -> Diagnostic {
    Diagnostic::new(
        Code::ImpureCall,
        call.byte_range(),
        format!("a call nestor cannot model by what it reads: {why}"),
    )
    .label("this call")
    .expected("calls that pass whole arrays (or rows) and integer values the parameters hold")
    .hint("pass the arrays themselves, or move the call out of the loop nest")
}

/// The identifier an array declarator `x[a][b]` declares.
fn array_name(d: Node) -> Option<Node> {
    let mut n = d;
    while n.kind() == "array_declarator" {
        n = n.child_by_field_name("declarator")?;
    }
    (n.kind() == "identifier").then_some(n)
}
