//! Induction scalars: `j = i + 1;` in a loop body, then `a[j]` in later statements of
//! that body. The subscript is lifted as `i + 1` (the value `j` holds there), and the
//! statement also reads the scalar `j`, so the order that the flow of `j` allows is the
//! only one nestor may choose: the text still reads `j` at run time.
//!
//! A value is known from its assignment (unconditional, directly in a loop body, its
//! expression affine) to the next write of the scalar, and only while the loops its
//! expression names are still open.

use super::Lifter;
use crate::frontend::ir::{Access, AccessKind, Aff, Statement};
use crate::frontend::types::CType;
use crate::support::diag::Code;
use std::collections::BTreeMap;
use tree_sitter::Node;

impl Lifter<'_> {
    /// `aff` with each induction scalar replaced by the value it holds here; the
    /// scalars replaced are recorded (with where `node` names them) for the access
    /// being lifted to read (`induction_reads`).
    pub(super) fn with_inductions(&mut self, aff: Aff, node: Node) -> Aff {
        if self.inductions.is_empty() {
            return aff;
        }
        let mut used = Vec::new();
        let replaced = replaced(&aff, &self.inductions, &mut used);
        let src = self.src;
        super::accesses::collect_identifiers(node, &mut |id| {
            let name = crate::frontend::syntax::text(id, src);
            if used.iter().any(|u| u == name) {
                self.induction_reads
                    .push((name.to_string(), id.byte_range()));
            }
        });
        replaced
    }

    /// The reads of the induction scalars the subscripts just lifted replaced.
    pub(super) fn induction_accesses(&mut self) -> Vec<Access> {
        std::mem::take(&mut self.induction_reads)
            .into_iter()
            .map(|(name, span)| {
                let id = self.next_ref;
                self.next_ref += 1;
                Access {
                    id,
                    kind: AccessKind::Read,
                    array: name,
                    subscripts: Vec::new(),
                    span: span.clone(),
                    name_span: span,
                    index_spans: Vec::new(),
                    forwarded: false,
                }
            })
            .collect()
    }

    /// After statement `k` (`node`, not inside an `if`): its writes of scalars end
    /// their known values; `j = e;` with `e` affine starts one.
    pub(super) fn track_inductions(&mut self, k: usize, node: Node, conditional: bool) {
        let statement: &Statement = &self.statements[k];
        for a in statement
            .accesses
            .iter()
            .filter(|a| a.kind == AccessKind::Write)
        {
            self.inductions.remove(&a.array);
        }
        if conditional {
            return;
        }
        let Some((name, value)) = self.induction_assignment(node) else {
            return;
        };
        self.inductions.insert(name, value);
    }

    /// `j = e;` with `j` a local integer scalar and `e` affine in the open loops'
    /// iterators and the parameters (not naming `j`).
    fn induction_assignment(&self, node: Node) -> Option<(String, Aff)> {
        let e = node.named_child(0)?;
        if e.kind() != "assignment_expression"
            || crate::frontend::affine::op_text(e, self.src) != "="
        {
            return None;
        }
        let left = crate::frontend::affine::unparen(e.child_by_field_name("left")?);
        let name = crate::frontend::syntax::text(left, self.src);
        let symbol = self.symbols.get_at(name, left.start_byte())?;
        let integer = matches!(symbol.ctype.promoted(), CType::Signed(_));
        if left.kind() != "identifier"
            || symbol.shape != crate::frontend::symbols::Shape::Scalar
            || symbol.scope != crate::frontend::ir::Scope::Local
            || !integer
        {
            return None;
        }
        let value = self
            .affine(Code::NonAffineSubscript)
            .aff(e.child_by_field_name("right")?)
            .ok()?;
        self.take_unsigned();
        (!value.mentions(name)).then(|| (name.to_string(), value))
    }

    /// Forgets the values that name iterator `iter` (its loop has ended).
    pub(super) fn end_inductions(&mut self, iter: &str) {
        self.inductions.retain(|_, v| !v.mentions(iter));
    }
}

/// `aff` with each name of `values` replaced by its value; the names replaced go to
/// `used`.
fn replaced(aff: &Aff, values: &BTreeMap<String, Aff>, used: &mut Vec<String>) -> Aff {
    let mut r = |a: &Aff| Box::new(replaced(a, values, used));
    match aff {
        Aff::Name(n) => match values.get(n) {
            Some(v) => {
                used.push(n.clone());
                v.clone()
            }
            None => aff.clone(),
        },
        Aff::Int(_) => aff.clone(),
        Aff::Add(a, b) => Aff::Add(r(a), r(b)),
        Aff::Sub(a, b) => Aff::Sub(r(a), r(b)),
        Aff::Neg(a) => Aff::Neg(r(a)),
        Aff::Scale(c, a) => Aff::Scale(*c, r(a)),
        Aff::Div(a, c) => Aff::Div(r(a), *c),
        Aff::Mod(a, c) => Aff::Mod(r(a), *c),
        Aff::Floor(a, c) => Aff::Floor(r(a), *c),
        Aff::Min(a, b) => Aff::Min(r(a), r(b)),
        Aff::Max(a, b) => Aff::Max(r(a), r(b)),
    }
}
