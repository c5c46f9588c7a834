//! The parallel loops' marks in isl's AST: what each stands for (threads on the
//! band's loop, or on each loop among the parts isl emitted it in; a vector loop; code
//! run as it is), for code generation and the register plan.

use crate::model::Mark;
use crate::support::ast::{canonical, each_node, for_iterator};
use crate::support::isl::{AstKind, Failure, ast_kind};
use crate::transform::decision::ParallelLoop;
use isl_rs::ASTNode;
use std::collections::BTreeSet;

/// What a mark node of the generated AST stands for.
pub enum MarkedLoop<'a> {
    /// The marked band's loops are vector loops; isl names them `band`.
    Vector { band: String },
    /// The mark's child, the loop of the marked band in OpenMP's canonical form, runs
    /// on threads (or, where isl emitted the band in pieces, each such loop among them:
    /// [`marked_parts`]); `parts` are the mark's child's.
    Threads {
        parallel: &'a ParallelLoop,
        parts: Vec<(ASTNode, bool)>,
    },
    /// Code as it is: not nestor's [`Mark`], or a band isl emitted otherwise (as one
    /// iteration, or in a form OpenMP does not take); running it sequentially is
    /// always right.
    Plain,
}

/// What the mark node `node` stands for, its [`Mark`] indexing `parallel`.
pub fn marked_loop<'a>(
    node: &ASTNode,
    parallel: &'a [ParallelLoop],
) -> Result<MarkedLoop<'a>, Failure> {
    let child = node.mark_get_node()?;
    let name = node.mark_get_id()?.get_name()?.to_string();
    let Some(mark) = Mark::from_isl_id(&name) else {
        return Ok(MarkedLoop::Plain);
    };
    let Some(p) = parallel.get(mark.index) else {
        return Ok(MarkedLoop::Plain);
    };
    if p.simd {
        return Ok(MarkedLoop::Vector {
            band: mark.loop_name(),
        });
    }
    let parts = marked_parts(&child, &mark.loop_name())?;
    Ok(match parts.iter().any(|(_, threads)| *threads) {
        true => MarkedLoop::Threads { parallel: p, parts },
        false => MarkedLoop::Plain,
    })
}

/// The parts of a marked band's code `child`, each with whether it is the band's loop
/// in OpenMP's canonical form (isl names it `band`, after its schedule dimension): the
/// loop itself, or the parts of a block where isl emitted the band in pieces (its full
/// register tiles isolated from a partial one, `tiling::isolation`), any loop among them
/// running on threads and the rest as they are.
pub fn marked_parts(child: &ASTNode, band: &str) -> Result<Vec<(ASTNode, bool)>, Failure> {
    let of_band = |n: &ASTNode| -> Result<bool, Failure> {
        Ok(ast_kind(n)? == AstKind::For && for_iterator(n)? == band && canonical(n)?)
    };
    if ast_kind(child)? != AstKind::Block {
        return Ok(vec![(child.copy()?, of_band(child)?)]);
    }
    let children = child.block_get_children()?;
    let mut parts = Vec::new();
    for k in 0..children.size()? {
        let part = children.get_at(k)?;
        let threads = of_band(&part)?;
        parts.push((part, threads));
    }
    Ok(parts)
}

/// Whether `node` (a `for`) is a loop of the vector band isl names `band` (inside a
/// [`MarkedLoop::Vector`]), in the form OpenMP requires.
pub fn is_vector_loop(node: &ASTNode, band: Option<&str>) -> Result<bool, Failure> {
    let Some(band) = band else {
        return Ok(false);
    };
    Ok(for_iterator(node)? == band && canonical(node)?)
}

/// The indices (in `parallel`) of the loops whose mark in `ast` runs on threads
/// ([`MarkedLoop::Threads`]).
pub fn threaded_marks(
    ast: &ASTNode,
    parallel: &[ParallelLoop],
) -> Result<BTreeSet<usize>, Failure> {
    let mut threaded = BTreeSet::new();
    each_node(ast, &mut |node| {
        if ast_kind(node)? != AstKind::Mark {
            return Ok(());
        }
        let name = node.mark_get_id()?.get_name()?.to_string();
        if let (Some(mark), MarkedLoop::Threads { .. }) =
            (Mark::from_isl_id(&name), marked_loop(node, parallel)?)
        {
            threaded.insert(mark.index);
        }
        Ok(())
    })?;
    Ok(threaded)
}
