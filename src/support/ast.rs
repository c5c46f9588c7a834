//! Reading isl's AST: walking it, naming its nodes, and the shapes OpenMP and scalar
//! replacement look for. Shared by the stage that plans over the AST
//! (`transform::registers`) and the one that prints it (`codegen`).

use super::isl::{AstKind, Failure, ast_kind};
use isl_rs::{ASTExpr, ASTExprOpType, ASTExprType, ASTNode};

type Ast<T> = Result<T, Failure>;

/// One node of an AST, while the AST lives. isl's getters (`for_get_body`,
/// `block_get_children`, `mark_get_node`, ...) return the node itself with its
/// reference count raised, never a copy, so its address names it in every walk.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct AstNodeId(usize);

impl AstNodeId {
    pub fn of(node: &ASTNode) -> AstNodeId {
        AstNodeId(node.ptr)
    }
}

/// Calls `f` on `node` and on every node below it, parents first.
pub fn each_node(node: &ASTNode, f: &mut dyn FnMut(&ASTNode) -> Ast<()>) -> Ast<()> {
    f(node)?;
    match ast_kind(node)? {
        AstKind::For => each_node(&node.for_get_body()?, f),
        AstKind::If => {
            each_node(&node.if_get_then_node()?, f)?;
            if node.if_has_else_node()? {
                each_node(&node.if_get_else_node()?, f)?;
            }
            Ok(())
        }
        AstKind::Block => {
            let children = node.block_get_children()?;
            for k in 0..children.size()? {
                each_node(&children.get_at(k)?, f)?;
            }
            Ok(())
        }
        AstKind::Mark => each_node(&node.mark_get_node()?, f),
        AstKind::User => Ok(()),
    }
}

/// Whether `node` is straight-line code: statement calls in blocks, nothing else;
/// the calls are appended to `calls` in order.
pub fn straight_line_calls(node: &ASTNode, calls: &mut Vec<ASTNode>) -> Ast<bool> {
    match ast_kind(node)? {
        AstKind::User => {
            calls.push(node.copy()?);
            Ok(true)
        }
        AstKind::Block => {
            let children = node.block_get_children()?;
            for k in 0..children.size()? {
                if !straight_line_calls(&children.get_at(k)?, calls)? {
                    return Ok(false);
                }
            }
            Ok(true)
        }
        _ => Ok(false),
    }
}

/// The statement calls of a block printed as one run of straight-line code (two or
/// more calls, nothing else), in order; `None` for any other node.
pub fn straight_line_block(node: &ASTNode) -> Ast<Option<Vec<ASTNode>>> {
    let mut calls = Vec::new();
    let block = ast_kind(node)? == AstKind::Block && straight_line_calls(node, &mut calls)?;
    Ok((block && calls.len() >= 2).then_some(calls))
}

/// Whether a `for` loop lies at or below `node`.
pub fn contains_loop(node: &ASTNode) -> Ast<bool> {
    let mut found = false;
    each_node(node, &mut |n| {
        found |= ast_kind(n)? == AstKind::For;
        Ok(())
    })?;
    Ok(found)
}

/// Whether the `for` node has OpenMP's canonical form: its condition one comparison of
/// its iterator with a bound (`i <= e`, `i < e`); isl may also write a conjunction.
pub fn canonical(node: &ASTNode) -> Ast<bool> {
    use ASTExprOpType as O;
    let cond = node.for_get_cond()?;
    if cond.get_type()? != ASTExprType::Op
        || !matches!(cond.get_op_type()?, O::Le | O::Lt | O::Ge | O::Gt)
    {
        return Ok(false);
    }
    let left = cond.get_op_arg(0)?;
    let iterator = node.for_get_iterator()?.get_id()?.get_name()?.to_string();
    Ok(left.get_type()? == ASTExprType::Id && left.get_id()?.get_name()? == iterator)
}

/// The name of the statement the call expression of a user node runs (`S3`).
pub fn called(call: &ASTExpr) -> Ast<String> {
    Ok(call.get_op_arg(0)?.get_id()?.get_name()?.to_string())
}

/// The name of the iterator of `node`, a `for`.
pub fn for_iterator(node: &ASTNode) -> Ast<String> {
    Ok(node.for_get_iterator()?.get_id()?.get_name()?.to_string())
}
