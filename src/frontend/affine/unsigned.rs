//! Unsigned arithmetic in affine expressions. C computes an expression of unsigned type
//! modulo `2^bits`; `+`, `-`, `*` and conversions to an unsigned type at least as wide
//! commute with that reduction, so the model's mathematical value is C's exactly where
//! every value C *observes* lies in `[0, max]` ([`UnsignedValue`]): a comparison's
//! operands, a subscript, a loop's first value and steps, the operands of `/` and `%`,
//! and an unsigned operand converted to another type (zero-extended or made signed).
//! The lifter records each observed value where it is computed; the region runs
//! rewritten only under a test that they all fit (`analysis::bounds`).

use super::AffineContext;
use crate::frontend::ir::{Aff, UnsignedValue};
use crate::frontend::symbols::{Shape, parse_int_text};
use crate::frontend::syntax::text;
use crate::frontend::types::CType;
use tree_sitter::Node;

impl AffineContext<'_> {
    /// Records that C observes `aff` (the value of `node`) in type `ty`: nothing for a
    /// signed type, whose arithmetic is the model's.
    pub fn observe(&self, node: Node, aff: &Aff, ty: CType) {
        let CType::Unsigned(bits) = ty.promoted() else {
            return;
        };
        let span = match &self.expansion {
            Some((span, _)) => span.clone(),
            None => node.byte_range(),
        };
        let value = UnsignedValue {
            aff: aff.clone(),
            max: UnsignedValue::max_of(bits),
            span,
        };
        let mut values = self.unsigned.borrow_mut();
        if !values.contains(&value) {
            values.push(value);
        }
    }

    /// Records `node` (lifted as `aff`) as observed in its own type.
    pub fn observe_value(&self, node: Node, aff: &Aff) {
        self.observe(node, aff, self.expression_type(node));
    }

    /// The operands of arithmetic `node` that C observes: both of `/` and `%`, and of
    /// `+`, `-`, `*` an unsigned one converted to the result's type.
    pub(super) fn observe_operands(&self, node: Node, operands: [(Node, &Aff); 2]) {
        let result = self.expression_type(node);
        let divides = matches!(super::op_text(node, self.src).as_str(), "/" | "%");
        for (operand, aff) in operands {
            let ty = self.expression_type(operand);
            if divides || ty != result {
                self.observe(operand, aff, ty);
            }
        }
    }

    /// The operands of a comparison: both observed in their common type.
    pub(super) fn observe_compared(&self, operands: [(Node, &Aff); 2]) {
        let [(a, a_aff), (b, b_aff)] = operands;
        let common = self.expression_type(a).usual(self.expression_type(b));
        self.observe_operand(a, a_aff, common);
        self.observe_operand(b, b_aff, common);
    }

    /// `node` observed in `ty` after conversion: as its own unsigned value first when
    /// that is narrower (zero-extended) or converted to a signed type.
    pub fn observe_operand(&self, node: Node, aff: &Aff, ty: CType) {
        let own = self.expression_type(node);
        if own != ty {
            self.observe(node, aff, own);
        }
        self.observe(node, aff, ty);
    }

    /// The C type of integer expression `node` (after promotions and the usual
    /// arithmetic conversions); `Unknown` if some name's type is not known.
    pub fn expression_type(&self, node: Node) -> CType {
        match node.kind() {
            "number_literal" => literal_type(text(node, self.src)),
            "identifier" => self.name_type(node).promoted(),
            "parenthesized_expression" => node
                .named_child(0)
                .map_or(CType::Unknown, |c| self.expression_type(c)),
            "cast_expression" => node
                .child_by_field_name("type")
                .map_or(CType::Unknown, |t| {
                    self.symbols.resolve_type(text(t, self.src))
                })
                .promoted(),
            "call_expression" => match super::misparsed_cast(node, self.src, self.symbols) {
                Some((target, _)) => target.promoted(),
                None => node
                    .child_by_field_name("arguments")
                    .map_or(CType::Unknown, |a| self.common_type(a)),
            },
            "unary_expression" if super::op_text(node, self.src) == "!" => CType::Signed(32),
            "binary_expression"
                if matches!(
                    super::op_text(node, self.src).as_str(),
                    "<" | "<=" | ">" | ">=" | "==" | "!=" | "&&" | "||"
                ) =>
            {
                CType::Signed(32)
            }
            "binary_expression" if super::op_text(node, self.src) == "<<" => node
                .child_by_field_name("left")
                .map_or(CType::Unknown, |l| self.expression_type(l)),
            "conditional_expression" => {
                let branch = |f: &str| {
                    node.child_by_field_name(f)
                        .map_or(CType::Unknown, |b| self.expression_type(b))
                };
                branch("consequence").usual(branch("alternative"))
            }
            _ => self.common_type(node),
        }
    }

    /// The usual arithmetic conversion of the types of `node`'s named children.
    fn common_type(&self, node: Node) -> CType {
        let mut cursor = node.walk();
        let children: Vec<Node> = node.named_children(&mut cursor).collect();
        children
            .into_iter()
            .filter(|c| c.kind() != "comment")
            .map(|c| self.expression_type(c))
            .fold(CType::Signed(32), CType::usual)
    }

    /// The type of a name in an integer expression.
    fn name_type(&self, node: Node) -> CType {
        let written = text(node, self.src);
        let n = self.symbols.alias(written).unwrap_or(written);
        if let Some(v) = self.symbols.define(n) {
            return if i32::try_from(v).is_ok() {
                CType::Signed(32)
            } else {
                CType::Signed(64)
            };
        }
        match self.symbols.get_at(n, self.position(node)) {
            Some(s) if s.shape == Shape::Scalar => s.ctype,
            Some(_) => CType::Unknown,
            None if self.symbols.is_int_constant(n) || super::is_polybench_bound(n) => {
                CType::Signed(32)
            }
            None => CType::Unknown,
        }
    }
}

/// The type of integer literal `t` (C11 6.4.4.1): the first of its suffix's list that
/// holds the value (`int`, then `unsigned int` for a hexadecimal or octal one, `long`,
/// `unsigned long`).
pub fn literal_type(t: &str) -> CType {
    let Some(v) = parse_int_text(t) else {
        return CType::Unknown;
    };
    let suffix = t.trim_start_matches(|c: char| !matches!(c, 'u' | 'U' | 'l' | 'L'));
    let unsigned = suffix.contains(['u', 'U']);
    let long = suffix.contains(['l', 'L']);
    let decimal = !t.starts_with('0') || t == "0";
    let candidates: &[CType] = match (unsigned, long, decimal) {
        (false, false, true) => &[CType::Signed(32), CType::Signed(64)],
        (false, false, false) => &[
            CType::Signed(32),
            CType::Unsigned(32),
            CType::Signed(64),
            CType::Unsigned(64),
        ],
        (true, false, _) => &[CType::Unsigned(32), CType::Unsigned(64)],
        (false, true, true) => &[CType::Signed(64)],
        (false, true, false) => &[CType::Signed(64), CType::Unsigned(64)],
        (true, true, _) => &[CType::Unsigned(64)],
    };
    candidates
        .iter()
        .copied()
        .find(|c| {
            c.range()
                .is_some_and(|r| r.lo <= i128::from(v) && i128::from(v) <= r.hi)
        })
        .unwrap_or(CType::Unknown)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_have_c_s_types() {
        assert_eq!(literal_type("7"), CType::Signed(32));
        assert_eq!(literal_type("7u"), CType::Unsigned(32));
        assert_eq!(literal_type("7UL"), CType::Unsigned(64));
        assert_eq!(literal_type("7l"), CType::Signed(64));
        assert_eq!(literal_type("0xFFFFFFFF"), CType::Unsigned(32));
        assert_eq!(literal_type("4294967295"), CType::Signed(64));
        assert_eq!(literal_type("0"), CType::Signed(32));
    }
}
