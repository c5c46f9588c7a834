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

    /// The values `call` gives statement `k`'s iterators, each as computed and as C of
    /// the iterator's own type (an unsigned iterator's value, computed in another type,
    /// cast back: the statement's own arithmetic on it is unsigned).
    pub(super) fn statement_args(&self, call: &ASTExpr, k: usize) -> Gen<Vec<Arg>> {
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
            let typed = match own {
                Some(t) if narrower(t) => Some(Ex {
                    text: format!("({}){}", t.c_name(), arg.wrapped(PRIMARY)),
                    prec: UNARY,
                    ty: t,
                    range: arg.range,
                }),
                _ => None,
            };
            args.push(Arg { exact: arg, typed });
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

/// An iterator's value in generated code: `exact` as the loops compute it, and
/// `typed`, that value cast to the iterator's own type where the loops compute it in
/// another.
pub(super) struct Arg {
    pub(super) exact: Ex,
    pub(super) typed: Option<Ex>,
}

impl Arg {
    /// The value for the hole at `pieces[k]`: `exact` where the hole stands in a
    /// [`signed_subscript`] and the iterator's own type is signed (the subscript's value
    /// is the same computed in a wider signed type, and a compiler sees it is affine in
    /// the loops: a cast to `int` hides that, and gcc does not vectorize such a loop),
    /// else `typed`.
    fn for_hole(&self, pieces: &[Piece], k: usize) -> &Ex {
        match &self.typed {
            Some(t) if !(matches!(t.ty, CType::Signed(_)) && signed_subscript(pieces, k)) => t,
            _ => &self.exact,
        }
    }
}

/// `pieces` as C, each iterator hole filled with its argument.
pub(super) fn render(pieces: &[Piece], args: &[Arg]) -> String {
    pieces
        .iter()
        .enumerate()
        .map(|(k, p)| match p {
            Piece::Text(t) => t.clone(),
            Piece::Iter(d) if is_whole_subscript(pieces, k) => {
                args[*d].for_hole(pieces, k).text.clone()
            }
            Piece::Iter(d) => args[*d].for_hole(pieces, k).wrapped(PRIMARY),
        })
        .collect()
}

/// Whether the hole at `pieces[k]` stands in a subscript built of iterators, decimal
/// literals without suffix, `+ - * / %` and parentheses alone (`A[i][j - 1]`): its
/// value is the same whatever signed type each iterator has, so long as none overflows.
fn signed_subscript(pieces: &[Piece], k: usize) -> bool {
    let allowed = |c: char| c.is_ascii_digit() || c.is_whitespace() || "+-*/%()".contains(c);
    let text = |p: &Piece| match p {
        Piece::Text(t) => t.clone(),
        Piece::Iter(_) => String::new(),
    };
    let before: String = pieces[..k].iter().map(text).collect();
    let after: String = pieces[k + 1..].iter().map(text).collect();
    let opened = before
        .rfind('[')
        .is_some_and(|at| before[at + 1..].chars().all(allowed));
    let closed = after
        .find(']')
        .is_some_and(|at| after[..at].chars().all(allowed));
    opened && closed
}

#[cfg(test)]
mod tests {
    use super::{Piece, signed_subscript};

    fn pieces(parts: &[&str]) -> Vec<Piece> {
        parts
            .iter()
            .map(|p| match p.strip_prefix('$') {
                Some(d) => Piece::Iter(d.parse().unwrap_or(0)),
                None => Piece::Text(p.to_string()),
            })
            .collect()
    }

    #[test]
    fn a_subscript_of_iterators_and_literals_is_signed_affine() {
        let p = pieces(&["A[", "$0", "][(", "$1", " - 1) * 2]"]);
        assert!(signed_subscript(&p, 1));
        assert!(signed_subscript(&p, 3));
    }

    #[test]
    fn names_suffixes_comparisons_and_other_contexts_keep_the_type() {
        for parts in [
            &["A[", "$0", " + n]"][..],
            &["A[", "$0", " + 1u]"],
            &["A[", "$0", " < m]"],
            &["f(", "$0", ")"],
            &["A[", "$0", " * 0.5]"],
        ] {
            let p = pieces(parts);
            let hole = p.iter().position(|x| matches!(x, Piece::Iter(_)));
            assert!(!hole.is_some_and(|k| signed_subscript(&p, k)), "{parts:?}");
        }
    }
}
