//! Statements' accesses: the reads and writes of an expression statement, each array
//! reference with its affine subscripts, and the checks that every write is modelled.

use super::{Lifter, Node_};
use crate::frontend::affine::{misparsed_cast, op_text, short, subscripts_of, unparen};
use crate::frontend::ir::*;
use crate::frontend::symbols::Shape;
use crate::frontend::syntax::text;
use crate::support::diag::{Code, Diagnostic, Span};
use std::collections::BTreeSet;
use tree_sitter::Node;

impl Lifter<'_> {
    pub(super) fn expression_statement(&mut self, node: Node) -> Option<Node_> {
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
        let statement = self.new_statement(node, accesses, Vec::new(), self.if_depth > 0);
        if let Some(s) = self.statements.last_mut() {
            s.product = product_update(expr, self.src);
        }
        Some(statement)
    }

    /// Records `node` as the region's next statement with `accesses` (and the reads
    /// of the induction scalars its subscripts replaced), its text's rewrites (iterator
    /// holes, renamed variables, views, and `more`) and the unsigned values it computes;
    /// an assignment of an induction scalar starts its known value unless
    /// `conditional`.
    pub(super) fn new_statement(
        &mut self,
        node: Node,
        mut accesses: Vec<Access>,
        more: Vec<(Span, Vec<Piece>)>,
        conditional: bool,
    ) -> Node_ {
        let index = self.statements.len();
        let mut rewrites = self.iterator_holes(node);
        rewrites.extend(self.renames_in(&node.byte_range()));
        rewrites.extend(more);
        accesses.extend(self.induction_accesses());
        self.statements.push(Statement {
            name: format!("S{index}"),
            iters: self.iters.clone(),
            text: text(node, self.src).to_string(),
            rewrites,
            accesses,
            span: node.byte_range(),
            unsigned: self.take_unsigned(),
            product: None,
        });
        self.track_inductions(index, node, conditional);
        Node_::Stmt(index)
    }

    /// Accesses of an assignment or increment at statement level (`a = b = c` allowed).
    pub(super) fn effect(&mut self, expr: Node, out: &mut Vec<Access>) -> bool {
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
    pub(super) fn reads(&mut self, node: Node, out: &mut Vec<Access>) -> bool {
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

    pub(super) fn reads_children(&mut self, node: Node, out: &mut Vec<Access>) -> bool {
        let mut cursor = node.walk();
        let children: Vec<Node> = node.named_children(&mut cursor).collect();
        children
            .into_iter()
            .fold(true, |ok, c| self.reads(c, out) & ok)
    }

    /// One access to a scalar (`x`) or an array element (`A[i][j]`).
    pub(super) fn reference(
        &mut self,
        node: Node,
        kind: AccessKind,
        out: &mut Vec<Access>,
    ) -> bool {
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
            self.diags.push(whole_struct_use(node, name));
            return false;
        }
        if indices.is_empty() && self.iters.iter().any(|i| i == name) {
            return self.iterator_use(node, name, kind);
        }
        if let Some(view) = self.view_at(name, node.start_byte()).cloned() {
            return self.view_access(node, base, view, &indices, kind, out);
        }
        if !self.check_shape(node, name, indices.len(), kind) {
            return false;
        }
        if indices.is_empty()
            && let Some(ok) = self.value_without_memory(node, name, kind)
        {
            return ok;
        }
        self.memory_access(node, base, name, &indices, kind, out)
    }

    /// A use of the iterator `name` of an enclosing loop: a read is a value, a write is
    /// refused.
    fn iterator_use(&mut self, node: Node, name: &str, kind: AccessKind) -> bool {
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
        true
    }

    /// Whether the bare name `name` is a value rather than memory: `Some(true)` for a
    /// constant (an `int` constant, an enumerator or a header's constant), `Some(false)`
    /// for a macro reading names nestor does not see; `None` for a variable.
    fn value_without_memory(&mut self, node: Node, name: &str, kind: AccessKind) -> Option<bool> {
        if kind == AccessKind::Read
            && (crate::frontend::affine::is_polybench_bound(name)
                || self.symbols.is_int_constant(name))
        {
            return Some(true);
        }
        if self.symbols.opaque_macro(name).is_some() && self.symbols.macro_mentions_names(name) {
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
            return Some(false);
        }
        if kind == AccessKind::Read && self.symbols.get_at(name, node.start_byte()).is_none() {
            return Some(true);
        }
        None
    }

    /// The access of `node` to variable `name` (named by `base`) at subscripts `indices`,
    /// in the block variable's model name where the region renames it.
    fn memory_access(
        &mut self,
        node: Node,
        base: Node,
        name: &str,
        indices: &[Node],
        kind: AccessKind,
        out: &mut Vec<Access>,
    ) -> bool {
        let index_spans: Vec<Span> = indices.iter().map(|i| i.byte_range()).collect();
        let mut subscripts = Vec::new();
        let flat = indices.len() == 1 && self.may_be_flat(name, node.start_byte());
        for index in indices {
            subscripts.push(match flat {
                true => self.lift_flat(*index, Default::default()),
                false => self.lift_subscript(*index),
            });
        }
        let Some(subscripts) = subscripts.into_iter().collect::<Option<Vec<_>>>() else {
            return false;
        };
        let array = match self.block_variable_at(name, node.start_byte()) {
            Some(var) if var != name => {
                self.renames.push((base.byte_range(), var.clone()));
                var
            }
            _ => self.memory_name(name, node.start_byte()),
        };
        out.push(Access {
            id: self.next_ref,
            kind,
            array,
            subscripts,
            span: node.byte_range(),
            name_span: base.byte_range(),
            index_spans,
            forwarded: false,
        });
        self.next_ref += 1;
        true
    }

    /// The model name of the variable declared in a block of the region that `name`
    /// means at `position`: a second declaration of a name in a sibling block is a
    /// variable of its own (`t_1`), so each can be privatized or expanded alone.
    pub(super) fn block_variable_at(&self, name: &str, position: usize) -> Option<String> {
        self.block_locals
            .values()
            .filter(|b| b.original == name)
            .find(|b| b.blocks.iter().any(|(scope, _)| scope.contains(&position)))
            .map(|b| b.name.clone())
    }

    /// The text rewrites of the renamed block variables and the views (the place
    /// they point at) in `span`, taken.
    pub(super) fn renames_in(&mut self, span: &Span) -> Vec<(Span, Vec<Piece>)> {
        let within = |r: &Span| span.start <= r.start && r.end <= span.end;
        let (inside, rest): (Vec<_>, Vec<_>) = std::mem::take(&mut self.renames)
            .into_iter()
            .partition(|(r, _)| within(r));
        self.renames = rest;
        let (views, rest): (Vec<_>, Vec<_>) = std::mem::take(&mut self.view_uses)
            .into_iter()
            .partition(|(r, _)| within(r));
        self.view_uses = rest;
        inside
            .into_iter()
            .map(|(r, name)| (r, vec![Piece::Text(name)]))
            .chain(views)
            .collect()
    }

    /// Whether no subscript of `indices` assigns or increments a variable (else reports
    /// the first that does).
    pub(super) fn subscripts_without_effects(&mut self, indices: &[Node]) -> bool {
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

    /// The array `name` at `position` names: itself, or for a local pointer that is
    /// another name of an array (`Symbol::alias_of`), that array.
    pub(super) fn memory_name(&self, name: &str, position: usize) -> String {
        self.symbols
            .get_at(name, position)
            .and_then(|s| s.alias_of.clone())
            .unwrap_or_else(|| name.to_string())
    }

    /// Whether `name` may be accessed with `rank` subscripts.
    pub(super) fn check_shape(
        &mut self,
        node: Node,
        name: &str,
        rank: usize,
        kind: AccessKind,
    ) -> bool {
        let symbol = self.symbols.get_at(name, node.start_byte());
        // A pointer parameter reaches the caller's memory, tested against the region's
        // other arrays at run time (`Memory::Passed`); a local one may point anywhere.
        let pointer_modelled = symbol.is_some_and(|s| {
            s.scope == Scope::Parameter || s.restrict || s.fresh || s.alias_of.is_some()
        });
        if symbol.is_some_and(|s| s.volatile) {
            self.diags.push(
                Diagnostic::new(
                    Code::SideEffect,
                    node.byte_range(),
                    format!("`{name}` is declared `volatile` or `_Atomic`: each access is observable, in the order written"),
                )
                .label("accessed here")
                .hint("nestor leaves nests that access it as written"),
            );
            return false;
        }
        let problem = match symbol.map(|s| &s.shape) {
            None if rank == 0 && kind == AccessKind::Read => return true,
            None => Some((
                Code::UnknownArray,
                format!("nestor cannot see the declaration of `{name}`"),
                "declare it in this file, as a local, parameter or global".to_string(),
            )),
            Some(Shape::Scalar) if rank == 0 => None,
            Some(Shape::Array(ext)) if ext.len() == rank => None,
            Some(Shape::Pointer { .. }) if rank == 1 => match pointer_modelled {
                true => None,
                false => Some((
                    Code::PointerAccess,
                    format!(
                        "`{name}` is a pointer variable, which may point to any variable of the function"
                    ),
                    format!(
                        "declare it `restrict` (`double *restrict {name}`) if no other name reaches its memory, or index the array it points to (a pointer initialized with `malloc` and used only as `{name}[i]`, in `sizeof` and by `free({name})` is an array of its own; one initialized with a pointer parameter, `double *{name} = a;`, neither ever changed, is another name of `a`)"
                    ),
                )),
            },
            Some(Shape::OtherPointer) => Some((
                Code::PointerAccess,
                format!(
                    "`{name}` is a pointer to pointers or to arrays, which nestor does not model"
                ),
                format!(
                    "declare it as an array (`double {name}[n][m]`) or a pointer to its elements"
                ),
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
    pub(super) fn iterator_holes(&self, node: Node) -> Vec<(Span, Vec<Piece>)> {
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

    /// Names used in affine expressions must not be written in the region; iterators
    /// must not be written anywhere in it.
    pub(super) fn check_writes(&mut self) {
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
}

/// The first assignment or increment inside `node`.
pub(super) fn side_effect_in(node: Node) -> Option<Node> {
    if matches!(node.kind(), "assignment_expression" | "update_expression") {
        return Some(node);
    }
    let mut cursor = node.walk();
    let children: Vec<Node> = node.named_children(&mut cursor).collect();
    children.into_iter().find_map(side_effect_in)
}

pub(super) fn collect_identifiers<'t>(node: Node<'t>, f: &mut dyn FnMut(Node<'t>)) {
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

pub(super) fn iterator_value_outside_loop(name: &str, span: Span) -> Diagnostic {
    Diagnostic::new(Code::IteratorLiveAfter, span, format!("`{name}` is read outside the loop it iterates"))
        .label("the value a loop left behind")
        .expected("iterators used only inside their own loop")
        .hint(format!("copy the value into another variable, or compute it directly (nestor may change the final value of `{name}`)"))
}

pub(super) fn unsupported_statement(node: Node, kind: &str, src: &str) -> Diagnostic {
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

pub(super) fn pointer_access(node: Node, src: &str) -> Diagnostic {
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

/// A struct (or a pointer to one) used as a whole rather than through its members.
fn whole_struct_use(node: Node, name: &str) -> Diagnostic {
    Diagnostic::new(
        Code::PointerAccess,
        node.byte_range(),
        format!("struct `{name}` is used as a whole, not through one of its members"),
    )
    .label("a whole struct (or a pointer to one)")
    .expected("struct members accessed one by one (`s.x[i]`, `p->v`)")
    .hint("keep this nest as written, or copy the members one by one")
}

/// The products of `target += l_1 * r_1 + ... + l_n * r_n` (parentheses around a
/// product or the sum allowed), when the sum is nested to the left as C evaluates it
/// without parentheses.
fn product_update(expr: Node, src: &str) -> Option<ProductUpdate> {
    if expr.kind() != "assignment_expression" || op_text(expr, src) != "+=" {
        return None;
    }
    let mut terms = Vec::new();
    let mut sum = unparen(expr.child_by_field_name("right")?);
    while is_binary(sum, src, "+") {
        terms.push(product_term(
            unparen(sum.child_by_field_name("right")?),
            src,
        )?);
        sum = unparen(sum.child_by_field_name("left")?);
    }
    terms.push(product_term(sum, src)?);
    terms.reverse();
    Some(ProductUpdate { terms })
}

/// The operands of `node` when it is a product `left * right`.
fn product_term(node: Node, src: &str) -> Option<ProductTerm> {
    if !is_binary(node, src, "*") {
        return None;
    }
    Some(ProductTerm {
        left: node.child_by_field_name("left")?.byte_range(),
        right: node.child_by_field_name("right")?.byte_range(),
    })
}

fn is_binary(node: Node, src: &str, op: &str) -> bool {
    node.kind() == "binary_expression" && op_text(node, src) == op
}
