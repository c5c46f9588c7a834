//! Data-dependent conditions: an `if` inside a loop whose condition nestor cannot lift
//! as affine (it reads memory, `if (a[i] > 0)`, or multiplies iterators) is one
//! statement, run as written. It reads what its condition and branches read, and each
//! cell a branch may write it both writes and reads: where the branch does not run,
//! the cell keeps its value, as if written with it. The model stays exact with writes
//! that always happen (the must-writes the dataflow is built on), at the price of a
//! read the branch may not make.

use super::{Lifter, Node_};
use crate::frontend::ir::{Access, AccessKind};
use crate::support::diag::Code;
use tree_sitter::Node;

impl Lifter<'_> {
    /// The `if` statement `node` as one statement, when its condition is not affine and
    /// its branches hold only assignments, pure calls and such `if`s. `None` when it is
    /// none of these (nothing is recorded then).
    pub(super) fn guarded_statement(&mut self, node: Node) -> Option<Node_> {
        let condition = node.child_by_field_name("condition")?;
        let affine = self
            .affine(Code::NonAffineCondition)
            .cond(condition)
            .is_ok();
        self.take_unsigned(); // the trial's: the `if` lifts its condition again
        if self.iters.is_empty() || affine {
            return None;
        }
        let (diags, next_ref) = (self.diags.len(), self.next_ref);
        let mut accesses = Vec::new();
        if !self.branch_effects(node, &mut accesses) {
            self.diags.truncate(diags);
            self.next_ref = next_ref;
            self.take_unsigned();
            return None;
        }
        let kept: Vec<Access> = accesses
            .iter()
            .filter(|a| a.kind == AccessKind::Write)
            .cloned()
            .collect();
        for write in kept {
            accesses.push(Access {
                id: self.next_ref,
                kind: AccessKind::Read,
                ..write
            });
            self.next_ref += 1;
        }
        Some(self.new_statement(node, accesses, Vec::new(), true))
    }

    /// The accesses of a branch (or of a whole `if`): assignments, pure calls, blocks of
    /// them and `if`s whose conditions read what they read; `false` for anything else.
    fn branch_effects(&mut self, node: Node, out: &mut Vec<Access>) -> bool {
        match node.kind() {
            "compound_statement" => {
                let mut cursor = node.walk();
                let children: Vec<Node> = node.named_children(&mut cursor).collect();
                children
                    .into_iter()
                    .filter(|c| c.kind() != "comment")
                    .all(|c| self.branch_effects(c, out))
            }
            "expression_statement" => match node.named_child(0) {
                None => true,
                Some(e) if matches!(e.kind(), "assignment_expression" | "update_expression") => {
                    self.effect(e, out)
                }
                Some(e) if e.kind() == "call_expression" => self.pure_call(e, out),
                Some(_) => false,
            },
            "if_statement" => {
                let parts = [
                    node.child_by_field_name("condition"),
                    node.child_by_field_name("consequence"),
                    node.child_by_field_name("alternative")
                        .and_then(|e| e.named_child(0)),
                ];
                let [Some(condition), Some(then), otherwise] = parts else {
                    return false;
                };
                self.reads(condition, out)
                    && self.branch_effects(then, out)
                    && otherwise.is_none_or(|e| self.branch_effects(e, out))
            }
            _ => false,
        }
    }
}
