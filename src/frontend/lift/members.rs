//! Struct members as arrays of their own: `b[i][j].c[k]` is `b.c[i, j, k]`, reached
//! from a struct, an array of structs, or a pointer parameter by `->`.

use super::{FieldArray, Lifter};
use crate::frontend::affine::{op_text, short, unparen};
use crate::frontend::ir::*;
use crate::frontend::records::{self, NotModelled, Reached, Step};
use crate::frontend::symbols::Shape;
use crate::frontend::syntax::text;
use crate::frontend::types::ElementType;
use crate::support::diag::{Code, Diagnostic};
use tree_sitter::Node;

impl Lifter<'_> {
    /// One access through struct members: `s.x[i]`, `s.v`, `b[i][j].c[k][l]`,
    /// `s.in.x[i]`, `p->v[i]` (`p` a pointer parameter). Distinct members are distinct
    /// memory, so the field path is an array of its own ([`Lifter::field_array`]),
    /// subscripted by the struct variable's subscripts, then each member's, in order:
    /// `b[i][j].c[k][l]` accesses `b.c[i, j, k, l]`. `outer` are the subscripts after
    /// the last member (`[k]`, `[l]`).
    pub(super) fn member_reference(
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
                        &NotModelled::NotAVariable {
                            text: short(text(current, src)),
                        },
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
            subscripts.push(self.lift_subscript(*index));
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
            forwarded: false,
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
    pub(super) fn field_array(
        &self,
        root: &str,
        steps: &[Step],
    ) -> Result<FieldArray, NotModelled> {
        let named = || root.to_string();
        let symbol = self
            .symbols
            .get(root)
            .ok_or_else(|| NotModelled::Undeclared { root: named() })?;
        let record_type = symbol
            .record
            .as_ref()
            .ok_or_else(|| NotModelled::NotAStructVariable { root: named() })?;
        let (own_subscripts, chain) = records::member_chain(steps);
        let arrow = chain.first().is_some_and(|m| m.1);
        let parameter = symbol.scope == Scope::Parameter;
        let (own_extents, element_zero, separator) = match (&symbol.shape, arrow) {
            (Shape::Pointer { .. } | Shape::OtherPointer, true) if !parameter => {
                return Err(NotModelled::LocalPointer { root: named() });
            }
            (Shape::Pointer { restrict: false }, true) if own_subscripts == 0 => {
                (Vec::new(), false, "->")
            }
            (Shape::Pointer { restrict: true }, true) if own_subscripts == 0 => {
                (vec![String::new()], true, ".")
            }
            (_, true) => {
                return Err(NotModelled::ArrowOnNonPointer { root: named() });
            }
            (Shape::Pointer { restrict: false } | Shape::OtherPointer, false) => {
                return Err(NotModelled::AliasingPointer { root: named() });
            }
            (Shape::Scalar, false) => (Vec::new(), false, "."),
            (Shape::Array(extents), false) => (extents.clone(), false, "."),
            (Shape::Pointer { restrict: true }, false) => (vec![String::new()], false, "."),
        };
        let rank = if element_zero { 0 } else { own_extents.len() };
        if own_subscripts != rank {
            return Err(NotModelled::Subscripts {
                name: named(),
                record: String::new(),
                rank,
                subscripts: own_subscripts,
            });
        }
        let record = self
            .symbols
            .record(record_type)
            .map_err(|why| NotModelled::RootType {
                root: named(),
                why: Box::new(why),
            })?;
        let followed = records::follow(record, &chain, &|r| self.symbols.record(r))?;
        let members: Vec<&str> = chain.iter().map(|m| m.0).collect();
        let name = format!("{root}{separator}{}", members.join("."));
        match followed.reached {
            Reached::Value { dimensions_left: 0 } => {}
            Reached::Value { dimensions_left } => {
                return Err(NotModelled::MissingSubscripts {
                    name,
                    dimensions_left,
                });
            }
            Reached::Record { .. } => {
                return Err(NotModelled::WholeStruct { name });
            }
        }
        Ok(FieldArray {
            name,
            element: ElementType {
                ctype: self.symbols.resolve_type(&followed.element_type),
                spelling: followed.element_type,
            },
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

    /// Whose memory the field array `f` is: the caller's when its struct is reached
    /// through a pointer or array parameter, else its struct variable's.
    pub(super) fn field_memory(&self, f: &FieldArray) -> Memory {
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

/// An access through struct members that nestor does not model, with why.
pub(super) fn member_problem(node: Node, src: &str, why: &NotModelled) -> Diagnostic {
    Diagnostic::new(
        Code::PointerAccess,
        node.byte_range(),
        format!("`{}` is not modelled: {why}", short(text(node, src))),
    )
    .label("not modelled exactly")
    .expected("members of structs nestor sees the definition of, reached from a struct variable, an array of structs or a pointer parameter, subscripted in every dimension")
    .hint("keep this nest as written, or copy the member into an array before the loop nest")
}
