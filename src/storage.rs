//! Storage transformations on the region's IR. Scalar expansion (privatization): a
//! scalar whose every value is produced and consumed within one iteration of a loop
//! gets one cell per iteration of that loop, so iterations of other loops may
//! interleave without breaking its live ranges.

use crate::frontend::ir::{AccessKind, Aff, Array, CmpOp, Cond, Loop, Node, Piece, Region, Scope};
use std::collections::BTreeSet;

/// A loop a scalar can be expanded along: the statements accessing the scalar are all
/// inside it, and it runs `for (x = low; x < low + extent; x++)`.
#[derive(Clone, Debug)]
pub struct ExpansionLoop {
    pub iterator: String,
    /// Position of the loop among the statements' iterators (the same for all).
    pub depth: usize,
    pub low: i64,
    /// The number of iterations, as an affine expression of the parameters.
    pub extent: Aff,
}

/// What an expansion did, for reports.
#[derive(Clone, Debug)]
pub struct Expansion {
    pub variable: String,
    pub array: String,
    pub iterator: String,
    /// The new array's extent, as C.
    pub extent: String,
    pub element_type: String,
}

/// The scalars of `region` that may be expanded: local, dead after the region, and
/// written in it. (That their values are produced and consumed within an iteration is
/// checked afterwards, by comparing the dataflow before and after.)
pub fn expandable_scalars(region: &Region) -> Vec<String> {
    let written: BTreeSet<&str> = region
        .statements
        .iter()
        .flat_map(|s| &s.accesses)
        .filter(|a| a.kind == AccessKind::Write)
        .map(|a| a.array.as_str())
        .collect();
    region
        .arrays
        .iter()
        .filter(|a| {
            a.extents.is_empty()
                && a.scope == Scope::Local
                && !a.live_out
                && written.contains(a.name.as_str())
        })
        .map(|a| a.name.clone())
        .collect()
}

/// The loops `variable` can be expanded along, innermost first.
pub fn expansion_loops(region: &Region, variable: &str) -> Vec<ExpansionLoop> {
    let users: BTreeSet<usize> = region
        .statements
        .iter()
        .enumerate()
        .filter(|(_, s)| s.accesses.iter().any(|a| a.array == variable))
        .map(|(k, _)| k)
        .collect();
    let mut out = Vec::new();
    enclosing_loops(&region.body, &mut Vec::new(), &users, &mut out);
    out.reverse();
    out
}

/// Collects the loops (with their depth) that contain every statement of `users`.
fn enclosing_loops(
    nodes: &[Node],
    path: &mut Vec<Loop>,
    users: &BTreeSet<usize>,
    out: &mut Vec<ExpansionLoop>,
) {
    for node in nodes {
        match node {
            Node::Loop(l, body) => {
                let mut inside = Vec::new();
                statements(body, &mut inside);
                if users.iter().all(|k| inside.contains(k)) {
                    if let Some(e) = simple_extent(l, path.len()) {
                        out.push(e);
                    }
                    path.push(l.clone());
                    enclosing_loops(body, path, users, out);
                    path.pop();
                }
            }
            Node::If(_, t, e) => {
                enclosing_loops(t, path, users, out);
                enclosing_loops(e, path, users, out);
            }
            Node::Stmt(_) => {}
        }
    }
}

fn statements(nodes: &[Node], out: &mut Vec<usize>) {
    for n in nodes {
        match n {
            Node::Stmt(k) => out.push(*k),
            Node::Loop(_, b) => statements(b, out),
            Node::If(_, t, e) => {
                statements(t, out);
                statements(e, out);
            }
        }
    }
}

/// `for (x = c; x < e; x++)` or `x <= e`, with `c` constant and `e` free of iterators
/// other than parameters: the extent `e - c` (or `e - c + 1`).
fn simple_extent(l: &Loop, depth: usize) -> Option<ExpansionLoop> {
    let low = l.init.constant()?;
    let Cond::Cmp(Aff::Name(x), op, e) = &l.bound else {
        return None;
    };
    if x != &l.iter || l.stride != 1 {
        return None;
    }
    let extent = match (op, low) {
        (CmpOp::Lt, 0) => e.clone(),
        (CmpOp::Le, -1) => e.clone(),
        (CmpOp::Lt, _) => Aff::Sub(Box::new(e.clone()), Box::new(Aff::Int(low))),
        (CmpOp::Le, _) => Aff::Sub(Box::new(e.clone()), Box::new(Aff::Int(low - 1))),
        _ => return None,
    };
    Some(ExpansionLoop {
        iterator: l.iter.clone(),
        depth,
        low,
        extent,
    })
}

/// `region` with scalar `variable` replaced by `array[x - low]` along `along`, in the
/// model and in the statements' text, and the declaration of `array` added.
pub fn expand(
    region: &Region,
    variable: &str,
    along: &ExpansionLoop,
    array: &str,
) -> (Region, Expansion) {
    let mut out = region.clone();
    let subscript = if along.low == 0 {
        Aff::name(&along.iterator)
    } else {
        Aff::Sub(
            Box::new(Aff::name(&along.iterator)),
            Box::new(Aff::Int(along.low)),
        )
    };
    let offset = if along.low == 0 {
        String::new()
    } else {
        format!(" - {}", along.low)
    };
    for stmt in &mut out.statements {
        let mut rewritten = Vec::new();
        for a in stmt.accesses.iter_mut().filter(|a| a.array == variable) {
            a.array = array.to_string();
            a.subscripts = vec![subscript.clone()];
            rewritten.push(a.span.clone());
        }
        for span in rewritten {
            stmt.rewrites
                .retain(|(r, _)| r.end <= span.start || r.start >= span.end);
            stmt.rewrites.push((
                span,
                vec![
                    Piece::Text(format!("{array}[")),
                    Piece::Iter(along.depth),
                    Piece::Text(format!("{offset}]")),
                ],
            ));
        }
    }
    let element_type = region
        .arrays
        .iter()
        .find(|a| a.name == variable)
        .map_or("double".to_string(), |a| a.element_type.clone());
    let extent = along.extent.to_c();
    out.arrays.retain(|a| a.name != variable);
    out.arrays.push(Array {
        name: array.to_string(),
        element_type: element_type.clone(),
        extents: vec![extent.clone()],
        scope: Scope::Local,
        live_out: false,
    });
    let size = match along.extent.constant() {
        Some(c) => c.max(1).to_string(),
        None => format!("{extent} > 0 ? {extent} : 1"),
    };
    out.declarations
        .push(format!("{element_type} {array}[{size}];"));
    (
        out,
        Expansion {
            variable: variable.to_string(),
            array: array.to_string(),
            iterator: along.iterator.clone(),
            extent,
            element_type,
        },
    )
}
