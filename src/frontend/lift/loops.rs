//! `for` loops and `if`s as affine sets: the iterator, its stride, its bounds (every
//! conjunct must stop the loop in the direction it runs), and the iterators' C types.

use super::{Lifter, Node_};
use crate::frontend::affine::{cmp_op, op_text, short, unparen};
use crate::frontend::ir::*;
use crate::frontend::symbols::Shape;
use crate::frontend::syntax::text;
use crate::frontend::types::CType;
use crate::support::diag::{Code, Diagnostic, Span};
use std::collections::BTreeMap;
use tree_sitter::Node;

impl Lifter<'_> {
    pub(super) fn for_loop(&mut self, node: Node) -> Option<Node_> {
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
        self.end_inductions(&header.iter);
        self.loops.push(header.clone());
        Some(Node_::Loop(header, body))
    }

    /// `for (i = init; i OP bound && ...; i += stride)`.
    pub(super) fn loop_header(&mut self, node: Node) -> Option<Loop> {
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
        let iter_type = self.named_type(&iter, declared_type.as_deref());
        let init_aff = self.lift_aff(init_value, Code::NonAffineBound);
        if let Some(init) = &init_aff {
            self.affine(Code::NonAffineBound)
                .observe_operand(init_value, init, iter_type);
        }
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
        let (bound, compared) = match node.child_by_field_name("condition") {
            Some(c) => self.loop_bound(c, &iter, iter_type, stride.unwrap_or(1)),
            None => {
                self.diags.push(form_error(node, "no condition"));
                (None, Vec::new())
            }
        };
        if let Some(init) = &init_aff {
            let context = self.affine(Code::NonAffineBound);
            for (ty, offset) in &compared {
                let first = Aff::Add(Box::new(init.clone()), Box::new(Aff::Int(*offset)));
                context.observe_operand(init_value, &first, *ty);
            }
        }
        let unsigned = self.take_unsigned();
        let (init, stride) = (init_aff?, stride?);
        let unsigned_steps = steps(&iter, iter_type, &compared, stride, node.byte_range());
        Some(Loop {
            iter,
            declared_type,
            init,
            bound: bound?,
            stride,
            span: node.byte_range(),
            unsigned,
            unsigned_steps,
        })
    }

    /// The iterator, its declared type (when the header declares it) and its first value.
    pub(super) fn loop_init<'t>(
        &self,
        init: Node<'t>,
    ) -> Option<(String, Option<String>, Node<'t>)> {
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
    /// Also the types the iterator (plus a constant) is compared in, with that constant:
    /// its values are observed in each.
    pub(super) fn loop_bound(
        &mut self,
        cond: Node,
        iter: &str,
        iter_type: CType,
        stride: i64,
    ) -> (Option<Cond>, Vec<(CType, i64)>) {
        let cond = unparen(cond);
        let (Some(left), Some(right)) = (
            cond.child_by_field_name("left"),
            cond.child_by_field_name("right"),
        ) else {
            return (self.bound(cond, iter, iter_type, stride), Vec::new());
        };
        if cond.kind() == "binary_expression" && op_text(cond, self.src) == "&&" {
            let (l, mut types) = self.loop_bound(left, iter, iter_type, stride);
            let (r, more) = self.loop_bound(right, iter, iter_type, stride);
            types.extend(more);
            return (l.zip(r).map(|(l, r)| l.and(r)), types);
        }
        let (other, offset) = match (self.shifted(left, iter), self.shifted(right, iter)) {
            (Some(c), _) => (right, c),
            (None, Some(c)) => (left, c),
            _ => (right, 0),
        };
        let common = iter_type.usual(self.affine(Code::NonAffineBound).expression_type(other));
        (
            self.bound(cond, iter, iter_type, stride),
            vec![(common, offset)],
        )
    }

    /// One conjunct of a loop condition: `iter OP e` (or mirrored), stopping the loop
    /// in the direction it runs; `e` observed in the comparison's type.
    fn bound(&mut self, cond: Node, iter: &str, iter_type: CType, stride: i64) -> Option<Cond> {
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
        let (op, other, offset) = match (self.shifted(l, iter), self.shifted(r, iter)) {
            (Some(c), _) => (op, r, c),
            (None, Some(c)) => (op.mirror(), l, c),
            _ => {
                return bad(
                    self,
                    "the iterator must stand alone on one side, or plus a constant",
                );
            }
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
        let context = self.affine(Code::NonAffineBound);
        let common = iter_type.usual(context.expression_type(other));
        context.observe_operand(other, &bound, common);
        // `i + c < e` as written: `e - c` is no value the original computes (its range
        // says nothing of the parameters), and `i + c` is observed with the steps.
        let compared = match offset {
            0 => Aff::name(iter),
            c => Aff::Add(Box::new(Aff::name(iter)), Box::new(Aff::Int(c))),
        };
        Some(Cond::Cmp(compared, op, bound))
    }

    /// `c` when `side` is the iterator plus a constant (`i`, `i + 1`, `1 + i`, `i - 2`).
    fn shifted(&self, side: Node, iter: &str) -> Option<i64> {
        let side = unparen(side);
        if text(side, self.src) == iter {
            return Some(0);
        }
        if side.kind() != "binary_expression" {
            return None;
        }
        let (l, r) = (
            unparen(side.child_by_field_name("left")?),
            unparen(side.child_by_field_name("right")?),
        );
        let constant = |n: Node| crate::frontend::symbols::parse_int_text(text(n, self.src));
        match op_text(side, self.src).as_str() {
            "+" if text(l, self.src) == iter => constant(r),
            "+" if text(r, self.src) == iter => constant(l),
            "-" if text(l, self.src) == iter => constant(r)?.checked_neg(),
            _ => None,
        }
    }

    pub(super) fn if_statement(&mut self, node: Node) -> Option<Node_> {
        if let Some(statement) = self.guarded_statement(node) {
            return Some(statement);
        }
        let cond = node
            .child_by_field_name("condition")
            .and_then(|c| self.lift_cond(c, Code::NonAffineCondition));
        let unsigned = self.take_unsigned();
        self.if_depth += 1;
        let then = node
            .child_by_field_name("consequence")
            .map(|c| self.statement(c))
            .unwrap_or_default();
        let els = node
            .child_by_field_name("alternative")
            .and_then(|e| e.named_child(0))
            .map(|e| self.statement(e))
            .unwrap_or_default();
        self.if_depth -= 1;
        Some(Node_::If(cond?, then, els, unsigned))
    }

    /// The type of a loop's iterator: the type its header declares, else the type of
    /// the variable it assigns.
    pub(super) fn iterator_type(&self, l: &Loop) -> CType {
        self.named_type(&l.iter, l.declared_type.as_deref())
    }

    /// The type of iterator `iter`: `declared` when its loop's header declares it,
    /// else the type of the variable.
    fn named_type(&self, iter: &str, declared: Option<&str>) -> CType {
        match declared {
            Some(t) => self.symbols.resolve_type(t),
            None => self
                .symbols
                .get(iter)
                .filter(|s| s.shape == Shape::Scalar)
                .map_or(CType::Unknown, |s| s.ctype),
        }
    }

    /// How each iterator is declared in generated loops: with the header's type when
    /// every loop of that name declares it, else as the variable outside (`None`).
    /// Every iterator must be a signed integer at least as wide as `int` (narrower ones
    /// wrap on conversion, unsigned ones on the bounds nestor generates), and loops
    /// sharing a name must share its type.
    pub(super) fn iterator_decls(&self) -> Result<Vec<(String, Option<String>)>, Vec<Diagnostic>> {
        let mut decls: BTreeMap<String, Option<String>> = BTreeMap::new();
        let mut types: BTreeMap<&str, CType> = BTreeMap::new();
        let mut diags = Vec::new();
        for l in &self.loops {
            let ty = self.iterator_type(l);
            let previous = *types.entry(&l.iter).or_insert(ty);
            let problem = if !matches!(ty, CType::Signed(b) | CType::Unsigned(b) if b >= 32) {
                Some("is not an integer variable of at least `int`'s width that nestor can see")
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
                        .expected("an iterator of type `int`, `long`, `size_t` or another integer type at least as wide as `int`")
                        .hint("declare the iterator as `int`, `long` or `size_t` (narrower ones wrap around on conversion)"),
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
}

/// The values each step of a loop computes that C observes unsigned: `iter + stride`
/// in the iterator's type, and `iter + stride + c` in each unsigned type `iter + c` is
/// compared in (the first value is observed with the header).
fn steps(
    iter: &str,
    iter_type: CType,
    compared: &[(CType, i64)],
    stride: i64,
    span: Span,
) -> Vec<UnsignedValue> {
    let mut steps: Vec<UnsignedValue> = Vec::new();
    for (ty, offset) in std::iter::once((iter_type, 0)).chain(compared.iter().copied()) {
        let next = Aff::Add(
            Box::new(Aff::name(iter)),
            Box::new(Aff::Int(stride + offset)),
        );
        if let CType::Unsigned(bits) = ty.promoted() {
            let value = UnsignedValue {
                aff: next,
                max: UnsignedValue::max_of(bits),
                span: span.clone(),
            };
            if !steps.contains(&value) {
                steps.push(value);
            }
        }
    }
    steps
}

/// `i++`, `++i`, `i--`, `i += c`, `i -= c`, `i = i + c`: the constant step.
pub(super) fn loop_stride(update: Node, iter: &str, src: &str) -> Option<i64> {
    let update = unparen(update);
    let target = |n: Option<Node>| n.is_some_and(|n| text(unparen(n), src) == iter);
    let constant = |n: Option<Node>| {
        n.and_then(|n| crate::frontend::symbols::parse_int_text(text(unparen(n), src)))
    };
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
