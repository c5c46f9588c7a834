//! Local pointers that hold memory of their own: `T *p = malloc(...)` (or `calloc`,
//! `aligned_alloc`, through a cast) declared once in the function and used only through
//! subscripts (`p[i]`), `sizeof` and `free(p)`. No other name of the function reaches
//! that memory, so the region may take it for an array of its own.
//!
//! Local pointers that are another name of a parameter's memory: `T *p = a;` with `a` a
//! pointer parameter or one-dimensional array, neither ever changed in the function
//! (assigned, incremented, its address taken): `p[i]` is `a[i]`.

use super::{Shape, Symbols};
use crate::frontend::ir::Scope;
use crate::frontend::syntax::{named_descendants, text};
use std::rc::Rc;
use tree_sitter::Node;

/// The C library's allocation functions whose result is memory nothing else reaches.
const ALLOCATORS: &[&str] = &["malloc", "calloc", "aligned_alloc"];

impl Symbols {
    /// Marks `Symbol::fresh` on the local pointers of the function whose body is `body`
    /// that hold memory of their own (see the module).
    pub(super) fn mark_fresh_allocations(&mut self, body: Node, src: &str) {
        let mut fresh = Vec::new();
        let mut aliases = Vec::new();
        each_of_kind(body, "init_declarator", &mut |d| {
            let Some(name) = pointer_name(d) else { return };
            let name = text(name, src);
            // Declared once in the function, as a local pointer.
            let one_local_pointer = match self.function.get(name).map(Vec::as_slice) {
                Some([(s, _)]) => {
                    s.scope == Scope::Local && matches!(s.shape, Shape::Pointer { .. })
                }
                _ => false,
            };
            let allocated = d
                .child_by_field_name("value")
                .is_some_and(|v| self.is_allocation(v, src));
            if one_local_pointer && allocated && only_indexed(body, name, d, src) {
                fresh.push(name.to_string());
            }
            if let Some(base) = d
                .child_by_field_name("value")
                .map(crate::frontend::affine::unparen)
                && one_local_pointer
                && base.kind() == "identifier"
                && self.may_be_aliased(text(base, src), d.start_byte())
                && never_changed(body, name, Some(d), src)
                && never_changed(body, text(base, src), None, src)
            {
                aliases.push((name.to_string(), text(base, src).to_string()));
            }
        });
        let function = Rc::make_mut(&mut self.function);
        for name in fresh {
            for (symbol, _) in function.get_mut(&name).into_iter().flatten() {
                symbol.fresh = true;
            }
        }
        for (name, base) in aliases {
            for (symbol, _) in function.get_mut(&name).into_iter().flatten() {
                symbol.alias_of = Some(base.clone());
            }
        }
    }

    /// Whether `base` is a pointer parameter or a one-dimensional array, the memory a
    /// local pointer may be another name of.
    fn may_be_aliased(&self, base: &str, position: usize) -> bool {
        self.get_at(base, position).is_some_and(|s| match &s.shape {
            _ if s.record.is_some() => false,
            Shape::Pointer { .. } => s.scope == Scope::Parameter,
            Shape::Array(extents) => extents.len() == 1,
            _ => false,
        })
    }

    /// Whether `value` is a call of an allocation function of the C library (the file
    /// does not redefine it), possibly cast.
    fn is_allocation(&self, value: Node, src: &str) -> bool {
        let value = crate::frontend::affine::unparen(value);
        match value.kind() {
            "cast_expression" => value
                .child_by_field_name("value")
                .is_some_and(|v| self.is_allocation(v, src)),
            "call_expression" => value.child_by_field_name("function").is_some_and(|f| {
                let f = text(f, src);
                ALLOCATORS.contains(&f) && self.is_library_function(f)
            }),
            _ => false,
        }
    }
}

/// Calls `f` on every node of kind `kind` at or below `node`.
fn each_of_kind<'t>(node: Node<'t>, kind: &str, f: &mut dyn FnMut(Node<'t>)) {
    named_descendants(node)
        .filter(|n| n.kind() == kind)
        .for_each(f);
}

/// The name a one-level pointer `init_declarator` declares (`*p = ...`).
fn pointer_name(d: Node) -> Option<Node> {
    let pointer = d.child_by_field_name("declarator")?;
    let name = pointer.child_by_field_name("declarator")?;
    (pointer.kind() == "pointer_declarator" && name.kind() == "identifier").then_some(name)
}

/// Whether every use of `name` in `body` but its declaration `declarator` is the array
/// of a subscript (`name[i]`), the argument of `free`, inside `sizeof`, or a test that
/// the allocation failed (`!name`, `name == NULL`): none lets its address escape.
fn only_indexed(body: Node, name: &str, declarator: Node, src: &str) -> bool {
    let mut ok = true;
    each_of_kind(body, "identifier", &mut |id| {
        if text(id, src) != name || declarator.byte_range().contains(&id.start_byte()) {
            return;
        }
        ok &= is_subscripted(id) || is_freed(id, src) || in_sizeof(id) || is_null_test(id, src);
    });
    ok
}

/// Whether no use of `name` in `body` (but in its declaration `declarator`) assigns it,
/// increments it or takes its address.
fn never_changed(body: Node, name: &str, declarator: Option<Node>, src: &str) -> bool {
    let mut ok = true;
    each_of_kind(body, "identifier", &mut |id| {
        let declared = declarator.is_some_and(|d| d.byte_range().contains(&id.start_byte()));
        if text(id, src) != name || declared {
            return;
        }
        let Some(p) = id.parent() else { return };
        let target = |field: &str| {
            p.child_by_field_name(field)
                .is_some_and(|t| crate::frontend::affine::unparen(t).id() == id.id())
        };
        ok &= !match p.kind() {
            "assignment_expression" => target("left"),
            "update_expression" => true,
            "pointer_expression" => p.child(0).is_some_and(|o| text(o, src) == "&"),
            "parenthesized_expression" => true,
            _ => false,
        };
    });
    ok
}

/// `id[...]`: the array of a subscript expression.
fn is_subscripted(id: Node) -> bool {
    id.parent().is_some_and(|p| {
        p.kind() == "subscript_expression"
            && p.child_by_field_name("argument")
                .is_some_and(|a| a.id() == id.id())
    })
}

/// `free(id)`.
fn is_freed(id: Node, src: &str) -> bool {
    let Some(args) = id.parent().filter(|p| p.kind() == "argument_list") else {
        return false;
    };
    args.named_child_count() == 1
        && args.parent().is_some_and(|call| {
            call.kind() == "call_expression"
                && call
                    .child_by_field_name("function")
                    .is_some_and(|f| text(f, src) == "free")
        })
}

/// `!id`, `id == NULL`, `id != 0` (either side): a test of the allocation's success.
fn is_null_test(id: Node, src: &str) -> bool {
    let Some(p) = id.parent() else { return false };
    match p.kind() {
        "unary_expression" => p.child(0).is_some_and(|o| text(o, src) == "!"),
        "binary_expression" => {
            let op = p
                .child_by_field_name("operator")
                .map_or("", |o| text(o, src));
            let other = [
                p.child_by_field_name("left"),
                p.child_by_field_name("right"),
            ]
            .into_iter()
            .flatten()
            .find(|n| n.id() != id.id());
            matches!(op, "==" | "!=")
                && other.is_some_and(|o| matches!(text(o, src), "NULL" | "0" | "nullptr"))
        }
        _ => false,
    }
}

fn in_sizeof(id: Node) -> bool {
    std::iter::successors(id.parent(), |n| n.parent()).any(|n| n.kind() == "sizeof_expression")
}
