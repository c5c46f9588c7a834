//! What is live after a region: a value is dead only if every path after the region
//! (jumps, `static` storage, escaping addresses, macros) overwrites it before reading it.

use super::RegionFinder;
use crate::frontend::ir::{self, Region};
use crate::frontend::symbols::{self, Symbols};
use crate::frontend::syntax::{named_children, text};
use crate::frontend::{affine, records};
use crate::support::diag::Span;
use std::collections::HashSet;
use tree_sitter::Node;

impl<'t> RegionFinder<'_, 't> {
    /// Marks the arrays whose values may be read after the region: parameters,
    /// globals, and locals whose next use after the region reads them. A member of a
    /// struct (a field array) is live exactly when its struct variable is.
    pub(super) fn mark_live_out(&self, region: &mut Region) {
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
    pub(super) fn sole_declaration(&self, name: &str, span: &Span) -> Option<Span> {
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

    /// The next use of `name` after `span` (wrapping around an enclosing loop) if it
    /// reads the value left behind; `None` if that use overwrites it on every path, or
    /// there is none. A use through a macro (`#define LAST i`) is a read; if the
    /// variable's address escapes anywhere (`&x`, or an array not fully subscripted:
    /// `double *p = tmp;`, `f(tmp)`), that is returned: anything may read it later.
    pub(super) fn next_read_after(&self, name: &str, span: &Span) -> Option<Node<'t>> {
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
        // A use of another variable of the same name (declared in an inner block) is
        // not a use of this one.
        let other_variable = |id: Node| match (symbol, self.symbols.get_at(name, id.start_byte())) {
            (Some(s), Some(t)) => !std::ptr::eq(s, t),
            _ => false,
        };
        for id in self.index.uses(names) {
            let t = text(id, self.src);
            let through_macro = macros.contains(t);
            if !through_macro && !is_declarator(id) && other_variable(id) {
                continue;
            }
            let escapes = address_escapes(id, rank, symbol, &self.symbols, self.src)
                || in_nested_function(id, self.function);
            if !through_macro && escapes {
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
    pub(super) fn jump_between(&self, region: &Span, overwrite: Node) -> bool {
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
pub(super) fn inside_sizeof(id: Node) -> bool {
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
pub(super) fn has_side_effect(function: Node, span: &Span) -> bool {
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
pub(super) fn statement_in<'t>(block: Option<Node<'t>>, at: usize) -> Option<Node<'t>> {
    named_children(block?)
        .into_iter()
        .find(|c| c.byte_range().contains(&at))
}

/// Whether a `break`, `continue` or `goto` lies inside byte range `range` of `node`.
pub(super) fn jumps_in(node: Node, range: &Span) -> bool {
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

pub(super) fn contains_kind(node: Node, kinds: &[&str]) -> bool {
    kinds.contains(&node.kind())
        || named_children(node)
            .into_iter()
            .any(|c| contains_kind(c, kinds))
}

/// Whether `id` is inside a function defined in `function`'s body (GNU C's nested
/// functions): called who knows when, it may read the variable at any time.
fn in_nested_function(id: Node, function: Node) -> bool {
    let mut node = id;
    while let Some(p) = node.parent() {
        if p == function {
            return false;
        }
        if p.kind() == "function_definition" {
            return true;
        }
        node = p;
    }
    false
}

/// Whether this use of variable `symbol` (of `rank` dimensions) lets its address
/// escape: `&x`, `&a[i]`, `&s.x[i]`, or an array (or an array member of a struct,
/// `s.x`) used with fewer subscripts than it has dimensions (it decays to a pointer),
/// except as the operand of `sizeof`. A use through struct members nestor does not
/// model (`symbols` has their definitions) counts as an escape.
pub(super) fn address_escapes(
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

/// The outermost loop of `function` containing byte `at`.
pub(super) fn outermost_enclosing_loop<'t>(function: Node<'t>, at: usize) -> Option<Node<'t>> {
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
pub(super) fn is_changed(id: Node, src: &str) -> bool {
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
pub(super) fn is_declarator(id: Node) -> bool {
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
pub(super) fn is_unconditional_overwrite(
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
pub(super) fn is_assignment_target(id: Node, src: &str, readers: &HashSet<String>) -> bool {
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

pub(super) fn visit_all_identifiers<'t>(node: Node<'t>, f: &mut dyn FnMut(Node<'t>)) {
    if node.kind() == "identifier" {
        f(node);
    }
    for c in named_children(node) {
        visit_all_identifiers(c, f);
    }
}
