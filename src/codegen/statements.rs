//! Statements as C: each isl user node is the original statement's text with the
//! iterators substituted, with the comments that belong to it.

use super::expr::{Ex, PRIMARY, UNARY};
use super::{Gen, Printer, unexpected};
use crate::frontend::ir::Piece;
use crate::frontend::types::CType;
use crate::support::ast::{called, each_node};
use crate::support::isl::{AstKind, ast_kind};
use isl_rs::{ASTExpr, ASTNode};
use std::collections::BTreeSet;

impl Printer<'_> {
    /// A statement instance: the original text with each iterator replaced by its
    /// value in terms of the generated loops (cast to the iterator's own type where it
    /// is computed in a wider one).
    pub(super) fn user(&mut self, node: &ASTNode, depth: usize) -> Gen<()> {
        let call = node.user_get_expr()?;
        let k = self.statement_of(&call)?;
        self.comments_of(k, false, depth);
        let args = self.statement_args(&call, k)?;
        let text = render(&self.statement_pieces(node, k), &args);
        self.lines.push((depth, text));
        self.comments_of(k, true, depth);
        Ok(())
    }

    /// The comments not printed yet that stand before a loop at the depth of `node` (a
    /// `for` about to be printed) whose statement is in it.
    pub(super) fn comments_before_loop(&mut self, node: &ASTNode, depth: usize) -> Gen<()> {
        let level = self.loops.len();
        let mut inside = BTreeSet::new();
        self.statements_in(node, &mut inside)?;
        for (c, comment) in self.region.comments.iter().enumerate() {
            let here = !comment.after
                && comment.depth == level
                && comment.statement.is_some_and(|k| inside.contains(&k));
            if here && self.placed_comments.insert(c) {
                self.lines.push((depth, comment.text.clone()));
            }
        }
        Ok(())
    }

    /// The comments of statement `k` not printed yet: those before it on lines of their
    /// own, or those `after` it at the end of its line.
    pub(super) fn comments_of(&mut self, k: usize, after: bool, depth: usize) {
        for (c, comment) in self.region.comments.iter().enumerate() {
            if comment.statement != Some(k)
                || comment.after != after
                || !self.placed_comments.insert(c)
            {
                continue;
            }
            match self.lines.last_mut() {
                Some((_, line)) if after => {
                    line.push(' ');
                    line.push_str(&comment.text);
                }
                _ => self.lines.push((depth, comment.text.clone())),
            }
        }
    }

    /// The values `call` gives statement `k`'s iterators, as C of the iterators' types
    /// (an unsigned iterator's value, computed in another type, cast back: the
    /// statement's own arithmetic on it is unsigned).
    pub(super) fn statement_args(&self, call: &ASTExpr, k: usize) -> Gen<Vec<Ex>> {
        let stmt = &self.region.statements[k];
        let mut args = Vec::new();
        for (d, original) in stmt.iters.iter().enumerate() {
            let arg = self.expr(&call.get_op_arg(d as i32 + 1)?)?;
            let own = self.region.iterator_types.get(original).copied();
            let narrower = |t: CType| match (t, arg.ty) {
                (CType::Signed(b), CType::Signed(a)) => a > b,
                (CType::Unsigned(_), a) => a != t,
                _ => false,
            };
            args.push(match own {
                Some(t) if narrower(t) => Ex {
                    text: format!("({}){}", t.c_name(), arg.wrapped(PRIMARY)),
                    prec: UNARY,
                    ty: t,
                    range: arg.range,
                },
                _ => arg,
            });
        }
        Ok(args)
    }

    /// The statements `node` executes.
    pub(super) fn statements_in(&self, node: &ASTNode, out: &mut BTreeSet<usize>) -> Gen<()> {
        each_node(node, &mut |n| {
            if ast_kind(n)? == AstKind::User {
                out.insert(self.statement_of(&n.user_get_expr()?)?);
            }
            Ok(())
        })
    }

    pub(super) fn statement_of(&self, call: &ASTExpr) -> Gen<usize> {
        let name = called(call)?;
        self.statements
            .get(&name)
            .copied()
            .ok_or_else(|| unexpected(format!("unknown statement {name}")))
    }
}

/// Whether the hole at `pieces[k]` is a subscript on its own (`A[i]`), where any
/// expression may stand without parentheses.
pub(super) fn is_whole_subscript(pieces: &[Piece], k: usize) -> bool {
    let before = k.checked_sub(1).and_then(|b| pieces.get(b));
    let after = pieces.get(k + 1);
    matches!((before, after), (Some(Piece::Text(b)), Some(Piece::Text(a)))
        if b.trim_end().ends_with('[') && a.trim_start().starts_with(']'))
}

/// `pieces` as C, each iterator hole filled with its argument.
pub(super) fn render(pieces: &[Piece], args: &[Ex]) -> String {
    pieces
        .iter()
        .enumerate()
        .map(|(k, p)| match p {
            Piece::Text(t) => t.clone(),
            Piece::Iter(d) if is_whole_subscript(pieces, k) => args[*d].text.clone(),
            Piece::Iter(d) => args[*d].wrapped(PRIMARY),
        })
        .collect()
}
