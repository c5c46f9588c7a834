//! Forwarding a scalar into the cell its value is stored to. In
//! `s = 0; for k: s += A[i][k] * B[k][j]; C[i][j] = s;` every access of `s` becomes an
//! access of `C[i][j]` and the store `C[i][j] = s;` goes away: the product then has the
//! form the search, tiling and register tiles know (`C[i][j] += ...`), without the
//! `n x n` array an expansion of `s` along `i` and `j` adds. A store that computes
//! (`A[i][j] = w / A[j][j]`) stays, reading the cell; and a scalar reused by several
//! loops is forwarded one web (the statements its values flow between) at a time.
//!
//! Kept, like every storage change, only when the changed program computes the same:
//! with the store kept (it reads and writes the same cell, `C[i][j] = C[i][j];`), it
//! reads the same values (`dataflow::same_values`) and leaves the same last write of every
//! live cell (`dataflow::same_live_out`); the scalar is never read before the region writes
//! it (that value would now be the cell's) and has the cell's type (so every operation
//! on it rounds the same). A plain store then changes no cell and is left out.

use crate::analysis::dataflow;
use crate::analysis::plan::Plan;
use crate::frontend::ir::{AccessKind, Node, Region, Statement};
use crate::frontend::types::{CType, ElementType};
use crate::transform::storage::{self, Redirection};
use isl_rs::{Context, DimType, LibISLError};
use std::collections::{BTreeMap, BTreeSet};

/// What a forwarding did, for reports.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Forwarding {
    pub variable: String,
    /// The cell, as the store writes it (`C[i][j]`).
    pub cell: String,
    /// The store the forwarding removed (a plain one), by its index in the region
    /// before: the statements after it are one lower.
    #[serde(skip)]
    pub removed: Option<usize>,
}

/// `plan` with the web `web` of `variable` ([`webs`]) forwarded into the cell of its
/// first store the checks accept, lifted; `None` when none is. A store that computes
/// (`A[i][j] = w / A[j][j]`) is kept, reading the cell where it read the scalar.
pub fn forwarded(
    ctx: &Context,
    plan: &Plan,
    variable: &str,
    web: usize,
) -> Result<Option<(Plan, Forwarding)>, LibISLError> {
    if dataflow::reads_live_in(ctx, &plan.df, variable, 0)? {
        return Ok(None);
    }
    let Some(users) = webs(plan, variable)?.into_iter().nth(web) else {
        return Ok(None);
    };
    for (store, kind) in stores(&plan.region, variable, &users) {
        let redirected = redirected(&plan.region, variable, store, &users);
        let Some(Some(checked)) =
            crate::support::isl::step(ctx, || plan.lift_change(ctx, redirected.clone()))?
        else {
            continue;
        };
        if !dataflow::same_values(&plan.df, &checked.df)?
            || !dataflow::same_live_out(&plan.df, &checked.df)?
        {
            continue;
        }
        let lifted = match kind {
            Store::Plain => {
                let region = without_statement(&redirected, store);
                let Some(Some(lifted)) =
                    crate::support::isl::step(ctx, || plan.lift_change(ctx, region))?
                else {
                    continue;
                };
                lifted
            }
            Store::Computed => checked,
        };
        let s = &plan.region.statements[store];
        let cell = written(s).map_or_else(String::new, |(_, w)| source(s, &w.span).to_string());
        let forwarding = Forwarding {
            variable: variable.to_string(),
            cell,
            removed: (kind == Store::Plain).then_some(store),
        };
        return Ok(Some((lifted, forwarding)));
    }
    Ok(None)
}

/// The webs of `variable`: the statements that access it, grouped so that every value
/// it holds is written and read within one group. With `F` the tagged flow, the
/// connected components of `{ (s, t) : [s -> R_w] -> [t -> R_r] ∈ F }` over the
/// references to `variable`, in statement order (a scalar reused by two loops, `w =
/// A[i][j]; for k: w -= ..; A[i][j] = w / A[j][j]` then `w = A[i][j]; ..`, has two).
pub fn webs(plan: &Plan, variable: &str) -> Result<Vec<BTreeSet<usize>>, LibISLError> {
    let region = &plan.region;
    let statement_of: BTreeMap<String, usize> = region
        .statements
        .iter()
        .enumerate()
        .flat_map(|(k, s)| s.accesses.iter().map(move |a| (k, a)))
        .filter(|(_, a)| a.array == variable)
        .map(|(k, a)| (format!("R{}", a.id), k))
        .collect();
    let mut web: BTreeMap<usize, usize> = statement_of.values().map(|&k| (k, k)).collect();
    let pairs = dataflow::live_ranges(&plan.df)?
        .domain_factor_range()?
        .range_factor_range()?
        .get_map_list()?;
    for n in 0..pairs.size()? {
        let pair = pairs.get_at(n)?;
        let ends = (
            statement_of.get(pair.get_tuple_name(DimType::In)?),
            statement_of.get(pair.get_tuple_name(DimType::Out)?),
        );
        if let (Some(&s), Some(&t)) = ends {
            let (a, b) = (root(&web, s), root(&web, t));
            web.insert(a.max(b), a.min(b));
        }
    }
    let mut groups: BTreeMap<usize, BTreeSet<usize>> = BTreeMap::new();
    for &k in web.keys() {
        groups.entry(root(&web, k)).or_default().insert(k);
    }
    Ok(groups.into_values().collect())
}

/// The representative of `k`'s group in the union-find forest `parent`.
fn root(parent: &BTreeMap<usize, usize>, mut k: usize) -> usize {
    while let Some(&p) = parent.get(&k).filter(|&&p| p != k) {
        k = p;
    }
    k
}

/// How a store writes a scalar's value to a cell.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Store {
    /// `X[e] = variable;`
    Plain,
    /// `X[e] = f(variable, ..);`
    Computed,
}

/// The statements of `users` that store `variable` into a cell of an array of its type
/// ([`store_kind`]) directly in the innermost of the loops around every statement of
/// `users`, so that `e` means the same cell in each of those statements.
fn stores(region: &Region, variable: &str, users: &BTreeSet<usize>) -> Vec<(usize, Store)> {
    let depth = storage::loops_around_all(region, users).len();
    let direct = direct_statements(&region.body, depth);
    users
        .iter()
        .filter(|&&k| direct.contains(&k) && region.statements[k].iters.len() == depth)
        .filter_map(|&k| Some((k, store_kind(region, &region.statements[k], variable)?)))
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

/// Whether `s` stores `variable` into a cell `X[e]` of an array of its type, `X` a
/// reference the text spells out: `X[e] = variable;` exactly, or an assignment `X[e] =
/// ..` whose other references read `variable` and other cells.
fn store_kind(region: &Region, s: &Statement, variable: &str) -> Option<Store> {
    let [(_, write)] = s
        .accesses
        .iter()
        .enumerate()
        .filter(|(_, a)| a.kind == AccessKind::Write)
        .collect::<Vec<_>>()[..]
    else {
        return None;
    };
    let spelled = |t: &str| -> String { t.chars().filter(|c| !c.is_whitespace()).collect() };
    let text = spelled(&s.text);
    let target = format!("{}=", spelled(source(s, &write.span)));
    let element = |name: &str| region.arrays.iter().find(|a| a.name == name);
    let typed = match (element(variable), element(&write.array)) {
        (Some(v), Some(x)) => same_type(&v.element, &x.element),
        _ => false,
    };
    let reads = s.accesses.iter().filter(|a| a.kind == AccessKind::Read);
    if write.array == variable
        || write.forwarded
        || !write.span.contains(&write.name_span.start)
        || !typed
        || !text.starts_with(&target)
        || text[target.len()..].starts_with('=')
        || reads
            .clone()
            .any(|r| r.array == write.array && r.subscripts == write.subscripts)
        || !reads
            .clone()
            .any(|r| r.array == variable && r.subscripts.is_empty())
    {
        return None;
    }
    let value = text[target.len()..].trim_end_matches(';');
    match reads.count() == 1 && value == variable {
        true => Some(Store::Plain),
        false => Some(Store::Computed),
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

/// `region` with every access of `variable` in the statements `users` made an access
/// of the cell statement `store` writes, `X[e]` (in the model and the text; the
/// statements computing `e`'s unsigned values now include every one of them), and
/// `variable` gone where no other statement accesses it.
fn redirected(region: &Region, variable: &str, store: usize, users: &BTreeSet<usize>) -> Region {
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
    storage::redirect_accesses_in(&mut out, variable, &to, users);
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
    let accessed = out
        .statements
        .iter()
        .any(|st| st.accesses.iter().any(|a| a.array == variable));
    if !accessed {
        storage::remove_variable(&mut out, variable);
    }
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
