//! Forwarding a scalar into the cell its value is stored to. In
//! `s = 0; for k: s += A[i][k] * B[k][j]; C[i][j] = s;` every access of `s` becomes an
//! access of `C[i][j]` and the store `C[i][j] = s;` goes away: the product then has the
//! form the search, tiling and register tiles know (`C[i][j] += ...`), without the
//! `n x n` array an expansion of `s` along `i` and `j` adds.
//!
//! Kept, like every storage change, only when the changed program computes the same:
//! with the store kept (it reads and writes the same cell, `C[i][j] = C[i][j];`), it
//! reads the same values (`deps::same_values`) and leaves the same last write of every
//! live cell (`deps::same_live_out`); the scalar is never read before the region writes
//! it (that value would now be the cell's) and has the cell's type (so every operation
//! on it rounds the same). The store then changes no cell and is left out.

use crate::analysis::deps;
use crate::analysis::plan::Plan;
use crate::frontend::ir::{AccessKind, Node, Region, Statement};
use crate::frontend::types::{CType, ElementType};
use crate::transform::storage::{self, Redirection};
use isl_rs::{Context, LibISLError};

/// What a forwarding did, for reports.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Forwarding {
    pub variable: String,
    /// The cell, as the store writes it (`C[i][j]`).
    pub cell: String,
}

/// `plan` with `variable` forwarded into the cell of its first store the checks accept,
/// lifted; `None` when none is.
pub fn forwarded(
    ctx: &Context,
    plan: &Plan,
    variable: &str,
) -> Result<Option<(Plan, Forwarding)>, LibISLError> {
    if deps::reads_live_in(ctx, &plan.df, variable, 0)? {
        return Ok(None);
    }
    for store in stores(&plan.region, variable) {
        let redirected = redirected(&plan.region, variable, store);
        let Some(Some(checked)) =
            crate::support::isl::step(ctx, || Plan::lift(ctx, redirected.clone()))?
        else {
            continue;
        };
        if !deps::same_values(&plan.df, &checked.df)?
            || !deps::same_live_out(&plan.df, &checked.df)?
        {
            continue;
        }
        let region = without_statement(&redirected, store);
        let Some(Some(lifted)) = crate::support::isl::step(ctx, || Plan::lift(ctx, region))? else {
            continue;
        };
        let s = &plan.region.statements[store];
        let cell = written(s).map_or_else(String::new, |(_, w)| source(s, &w.span).to_string());
        let forwarding = Forwarding {
            variable: variable.to_string(),
            cell,
        };
        return Ok(Some((lifted, forwarding)));
    }
    Ok(None)
}

/// The statements of `region` that store `variable` into a cell of an array of its
/// type (`X[e] = variable;`) directly in the innermost of the loops around every access
/// of `variable`, so that `e` means the same cell in each of those statements.
fn stores(region: &Region, variable: &str) -> Vec<usize> {
    let depth = storage::common_loops(region, variable).len();
    let direct = direct_statements(&region.body, depth);
    region
        .statements
        .iter()
        .enumerate()
        .filter(|(k, s)| {
            direct.contains(k) && s.iters.len() == depth && is_store(region, s, variable)
        })
        .map(|(k, _)| k)
        .collect()
}

/// The statements directly in a loop body `depth` loops deep (or at the top for 0),
/// not under an `if`.
fn direct_statements(nodes: &[Node], depth: usize) -> Vec<usize> {
    nodes
        .iter()
        .flat_map(|n| match n {
            Node::Stmt(k) if depth == 0 => vec![*k],
            Node::Loop(_, body) if depth > 0 => direct_statements(body, depth - 1),
            _ => Vec::new(),
        })
        .collect()
}

/// Whether `s` is `X[e] = variable;` exactly, `X` an array of `variable`'s type whose
/// reference the text spells out.
fn is_store(region: &Region, s: &Statement, variable: &str) -> bool {
    let [first, second] = s.accesses.as_slice() else {
        return false;
    };
    let (read, write) = match (first.kind, second.kind) {
        (AccessKind::Read, AccessKind::Write) => (first, second),
        (AccessKind::Write, AccessKind::Read) => (second, first),
        _ => return false,
    };
    let spelled = |t: &str| -> String { t.chars().filter(|c| !c.is_whitespace()).collect() };
    let text = spelled(&s.text);
    let assignment = format!(
        "{}={}",
        spelled(source(s, &write.span)),
        spelled(source(s, &read.span))
    );
    let element = |name: &str| region.arrays.iter().find(|a| a.name == name);
    read.array == variable
        && read.subscripts.is_empty()
        && write.array != variable
        && !write.forwarded
        && write.span.contains(&write.name_span.start)
        && (text == assignment || text == format!("{assignment};"))
        && match (element(variable), element(&write.array)) {
            (Some(v), Some(x)) => same_type(&v.element, &x.element),
            _ => false,
        }
}

/// Whether values of types `a` and `b` are the same values: one spelling, or one known
/// arithmetic type.
fn same_type(a: &ElementType, b: &ElementType) -> bool {
    a.spelling == b.spelling || (a.ctype == b.ctype && a.ctype != CType::Unknown)
}

/// The write access of statement `s`, with its position among the accesses.
fn written(s: &Statement) -> Option<(usize, &crate::frontend::ir::Access)> {
    s.accesses
        .iter()
        .enumerate()
        .find(|(_, a)| a.kind == AccessKind::Write)
}

/// The source text of `span`, inside statement `s`.
fn source<'a>(s: &'a Statement, span: &crate::support::diag::Span) -> &'a str {
    s.text
        .get(span.start.saturating_sub(s.span.start)..span.end.saturating_sub(s.span.start))
        .unwrap_or("")
}

/// `region` with every access of `variable` made an access of the cell statement
/// `store` writes, `X[e]` (in the model and the text; the statements computing `e`'s
/// unsigned values now include every one of them), and `variable` gone.
fn redirected(region: &Region, variable: &str, store: usize) -> Region {
    let s = &region.statements[store];
    let Some((w, write)) = written(s) else {
        return region.clone();
    };
    let mut out = region.clone();
    let to = Redirection {
        array: write.array.clone(),
        subscripts: write.subscripts.clone(),
        pieces: s.access_pieces(w),
        whole: true,
        forwarded: true,
    };
    storage::redirect_accesses(&mut out, variable, &to);
    for user in &mut out.statements {
        if user
            .accesses
            .iter()
            .any(|a| a.forwarded && a.array == write.array)
        {
            for value in &s.unsigned {
                if !user.unsigned.contains(value) {
                    user.unsigned.push(value.clone());
                }
            }
        }
    }
    storage::remove_variable(&mut out, variable);
    out
}

/// `region` without statement `k` (later statements renumbered).
fn without_statement(region: &Region, k: usize) -> Region {
    let mut out = region.clone();
    out.statements.remove(k);
    out.body = renumbered(&region.body, k);
    out
}

/// `nodes` without `Stmt(k)`, and `Stmt(j)` for `j > k` made `Stmt(j - 1)`.
fn renumbered(nodes: &[Node], k: usize) -> Vec<Node> {
    nodes
        .iter()
        .filter_map(|n| match n {
            Node::Stmt(j) if *j == k => None,
            Node::Stmt(j) => Some(Node::Stmt(if *j > k { j - 1 } else { *j })),
            Node::Loop(l, body) => Some(Node::Loop(l.clone(), renumbered(body, k))),
            Node::If(c, t, e, values) => Some(Node::If(
                c.clone(),
                renumbered(t, k),
                renumbered(e, k),
                values.clone(),
            )),
        })
        .collect()
}
