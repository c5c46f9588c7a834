//! Declarations inside a region: block-local variables (renamed when their names clash,
//! hoisted only with constant extents) and their initializations as statements.

use super::accesses::collect_identifiers;
use super::{Lifter, Node_};
use crate::frontend::affine::{op_text, unparen};
use crate::frontend::ir::*;
use crate::frontend::syntax::text;
use crate::support::diag::{Code, Diagnostic};
use std::collections::BTreeSet;
use tree_sitter::Node;

impl Lifter<'_> {
    /// A declaration inside a loop body: each variable it declares is a scalar whose
    /// every value lives inside one execution of its block (it is written before any
    /// read there), so it is modelled as a variable of the whole region (declared once
    /// before it, [`BlockLocal`]) and its initializer as an assignment statement.
    pub(super) fn declaration(&mut self, node: Node) -> Vec<Node_> {
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
            if let (Some(pointer), Some(value)) =
                (view_declarator(d), d.child_by_field_name("value"))
                && self.view(node, pointer, value)
            {
                continue;
            }
            if name.kind() != "identifier" {
                let why = "a block-local pointer (other than one into an array, `T *x = a + offset`) or an initialized array";
                self.diags.push(block_local_rejected(d, why));
                continue;
            }
            if d.kind() == "array_declarator" && !self.block_array_extents(d) {
                continue;
            }
            if let Err(why) = self.new_block_local(node, d, name, value, &ty) {
                self.diags.push(block_local_rejected(d, why));
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
    pub(super) fn new_block_local(
        &mut self,
        decl: Node,
        declarator: Node,
        name: Node,
        value: Option<Node>,
        ty: &str,
    ) -> Result<(), BlockLocalProblem> {
        let n = text(name, self.src);
        let array = declarator.kind() == "array_declarator";
        if self.iters.iter().any(|i| i == n) {
            return Err(BlockLocalProblem::ShadowsIterator(n.to_string()));
        }
        if self.block_variable_at(n, decl.start_byte()).is_some() {
            return Err(BlockLocalProblem::ShadowsOuter(n.to_string()));
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
            return Err(BlockLocalProblem::ReadsItself(n.to_string()));
        }
        // A scalar is judged here; an array's cells by the dataflow.
        let proven = !array && (value.is_some() || written_before_read(decl, n, self.src));
        if !array && !proven {
            return Err(BlockLocalProblem::MayBeReadFirst(n.to_string()));
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
    pub(super) fn fresh_block_name(&self, n: &str) -> String {
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
    pub(super) fn block_array_extents(&mut self, d: Node) -> bool {
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
    pub(super) fn is_constant(&self, aff: &Aff) -> bool {
        let mut names = BTreeSet::new();
        aff.names(&mut names);
        names.iter().all(|n| self.symbols.define(n).is_some())
    }

    /// The statement `name = value;` for the initialized declarator `d`.
    pub(super) fn initialization(&mut self, d: Node, name: Node, value: Node) -> Option<Node_> {
        let mut accesses = Vec::new();
        let read = self.reads(unparen(value), &mut accesses);
        if !(read & self.reference(name, AccessKind::Write, &mut accesses)) {
            return None;
        }
        let semicolon = (
            d.end_byte()..d.end_byte(),
            vec![Piece::Text(";".to_string())],
        );
        Some(self.new_statement(d, accesses, vec![semicolon], true))
    }

    /// Every access to a name the region declares in a block must lie in the scope of
    /// one of its declarations: elsewhere the name means another variable.
    pub(super) fn check_block_local_uses(&mut self) {
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
}

/// Whether `decl` only declares storage nestor can move before the region: no storage
/// class (`static` outlives the block, `extern` is not storage), no qualifier but
/// `const` (dropped when it is declared again: the initializer becomes an assignment),
/// no attribute.
/// The name a one-level pointer declarator with an initializer declares (`*x = ...`).
fn view_declarator(d: Node) -> Option<Node> {
    let pointer = d.child_by_field_name("declarator")?;
    let name = pointer.child_by_field_name("declarator")?;
    (d.kind() == "init_declarator"
        && pointer.kind() == "pointer_declarator"
        && name.kind() == "identifier")
        .then_some(name)
}

pub(super) fn plain_declaration(decl: Node, src: &str) -> Result<(), &'static str> {
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
pub(super) fn mentions(node: Node, name: &str, src: &str) -> bool {
    let mut found = false;
    collect_identifiers(node, &mut |id| found |= text(id, src) == name);
    found
}

/// Whether, after declaration `decl` in its block, `name` is written by a plain
/// assignment `name = e` (with `e` not reading it) before any other statement mentions
/// it: then no execution of the block reads its indeterminate first value.
pub(super) fn written_before_read(decl: Node, name: &str, src: &str) -> bool {
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

pub(super) fn block_local_rejected(node: Node, why: impl std::fmt::Display) -> Diagnostic {
    Diagnostic::new(
        Code::UnsupportedStatement,
        node.byte_range(),
        format!("a declaration inside the nest that nestor cannot model: {why}"),
    )
    .label("declared here")
    .expected("scalars declared in a loop body and written before they are read there")
    .hint("declare the variable before the loop nest")
}

/// The identifier an array declarator `x[a][b]` declares.
pub(super) fn array_name(d: Node) -> Option<Node> {
    let mut n = d;
    while n.kind() == "array_declarator" {
        n = n.child_by_field_name("declarator")?;
    }
    (n.kind() == "identifier").then_some(n)
}

/// Why a variable declared inside the region cannot be one variable of it.
#[derive(Debug)]
pub(super) enum BlockLocalProblem {
    ShadowsIterator(String),
    /// It shadows a variable of the same name in an enclosing block.
    ShadowsOuter(String),
    /// Its initializer reads the variable itself.
    ReadsItself(String),
    /// A scalar that may be read before its block writes it.
    MayBeReadFirst(String),
}

impl std::fmt::Display for BlockLocalProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BlockLocalProblem::ShadowsIterator(n) => write!(f, "`{n}` shadows a loop iterator"),
            BlockLocalProblem::ShadowsOuter(n) => {
                write!(f, "`{n}` shadows another `{n}` of an enclosing block")
            }
            BlockLocalProblem::ReadsItself(n) => {
                write!(f, "the initializer of `{n}` reads `{n}` itself")
            }
            BlockLocalProblem::MayBeReadFirst(n) => write!(
                f,
                "`{n}` may be read before it is written in its block (its value is indeterminate)"
            ),
        }
    }
}
