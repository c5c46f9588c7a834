//! Values C computes in unsigned types, which the model reads as mathematical
//! integers (`frontend::affine::unsigned` finds them, `analysis::bounds` tests them).

use super::{Aff, CmpOp, Cond, Node, Region};
use crate::frontend::types::CType;
use crate::support::diag::Span;

/// The largest value of a 64-bit unsigned parameter the rewritten code is made for
/// (`2^62`: its generated arithmetic stays within `long long`); the region's run-time
/// test checks it first (`Region::unsigned_parameters`).
pub const UNSIGNED_PARAMETER_MAX: i128 = 1 << 62;

/// A value C computes in an unsigned type (modulo `2^bits`), which the model reads as
/// the mathematical integer `aff`: the two are equal exactly where `0 <= aff <= max`
/// (`max` is `2^bits - 1`, or `2^63 - 1` for 64 bits: the rewritten code computes in
/// `long long`). Where it is computed (a statement's instances, a loop's or `if`'s
/// header) the region's run-time test requires it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnsignedValue {
    pub aff: Aff,
    pub max: i64,
    pub span: Span,
}

impl UnsignedValue {
    /// The largest value of `bits`-wide unsigned arithmetic the model reads as exact.
    pub fn max_of(bits: u32) -> i64 {
        if bits >= 64 {
            i64::MAX
        } else {
            (1i64 << bits) - 1
        }
    }

    /// Where C's value differs from the model's: `aff < 0 or aff > max`.
    pub fn wraps(&self) -> Cond {
        Cond::Or(
            Box::new(Cond::Cmp(self.aff.clone(), CmpOp::Lt, Aff::Int(0))),
            Box::new(Cond::Cmp(self.aff.clone(), CmpOp::Gt, Aff::Int(self.max))),
        )
    }
}

impl Region {
    /// Whether the model holds only where a run-time test says (flat arrays kept in
    /// their rows, unsigned values that do not wrap around), beyond arrays' overlap.
    pub fn has_assumptions(&self) -> bool {
        fn nodes_unsigned(nodes: &[Node]) -> bool {
            nodes.iter().any(|n| match n {
                Node::Loop(l, body) => {
                    !l.unsigned.is_empty() || !l.unsigned_steps.is_empty() || nodes_unsigned(body)
                }
                Node::If(_, t, e, values) => {
                    !values.is_empty() || nodes_unsigned(t) || nodes_unsigned(e)
                }
                Node::Stmt(_) => false,
            })
        }
        self.arrays.iter().any(|a| a.flat)
            || self.statements.iter().any(|s| !s.unsigned.is_empty())
            || nodes_unsigned(&self.body)
    }

    /// The 64-bit unsigned parameters, whose values the rewritten code assumes at most
    /// [`UNSIGNED_PARAMETER_MAX`] (the run-time test checks it first).
    pub fn unsigned_parameters(&self) -> Vec<&str> {
        self.param_ranges
            .iter()
            .filter(|(_, (ty, _))| *ty == CType::Unsigned(64))
            .map(|(n, _)| n.as_str())
            .collect()
    }
}
