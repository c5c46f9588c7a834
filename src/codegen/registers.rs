//! Scalar replacement in straight-line code: the copies of a register tile update one
//! cell in several statements (`C[2c][j] += A[2c][4k] * B[4k][j]`, then `+ 1`, ...).
//! Compilers keep such a cell in a register only when they can tell it from every
//! other reference of the copies, which they cannot for arrays passed as pointers;
//! nestor can (its model already takes distinct arrays to be distinct memory), so it
//! loads the cell into a local once, updates the local, and stores it once. The
//! operations and their order are unchanged: the values computed are the same bits.
//!
//! The same holds for a cell the innermost loop updates in every iteration without
//! its subscripts changing (`q[i] += A[i][j] * p[j]` under `j`): it is loaded before
//! the loop and stored after it ([`Printer::promotions`]). In a parallel loop only
//! cells each iteration of it owns: with no iteration, the store writes back the
//! value loaded, which no other thread may then be touching.

use super::expr::Ex;
use super::statements::{each_node, render, straight_line_calls};
use super::{Gen, Printer};
use crate::frontend::ir::{AccessKind, Piece, Statement};
use crate::transform::decision::Decision;
use isl_rs::{ASTExpr, ASTExprOpType, ASTExprType, ASTNode};
use std::collections::BTreeMap;

/// `c + Σ a_x·x` over the generated loops' variables.
type Linear = (i64, BTreeMap<String, i64>);

/// One cell of an array, by its subscripts over the generated loops' variables.
pub(super) type Cell = (String, Vec<Linear>);

/// A statement call of the block: its statement, printed arguments, and the cell each
/// of its accesses touches (`None`: not affine in the loops' variables).
struct Call {
    k: usize,
    args: Vec<Ex>,
    cells: Vec<Option<Cell>>,
}

/// A cell kept in a local `name` of type `ty`: declared (from `text`, the cell's C,
/// when `loaded`) before the code that uses it, stored back to `text` after.
pub(super) struct Local {
    cell: Cell,
    ty: String,
    name: String,
    text: String,
    loaded: bool,
}

impl Local {
    pub(super) fn declaration(&self) -> String {
        match self.loaded {
            true => format!("{} {} = {};", self.ty, self.name, self.text),
            false => format!("{} {};", self.ty, self.name),
        }
    }

    pub(super) fn store(&self) -> String {
        format!("{} = {};", self.text, self.name)
    }

    /// How `explain` reports a cell kept across the loop named `iterator`.
    pub(super) fn promoted(self, iterator: &str) -> Decision {
        Decision::Promoted {
            cell: self.text,
            iterator: iterator.to_string(),
        }
    }
}

impl Printer<'_> {
    /// Prints `users`, statement calls run one after the other; where they are the
    /// copies of a register tile, with every cell that two or more of them access and
    /// one writes kept in a local ([`Printer::kept_cells`]).
    pub(super) fn straight_line(&mut self, users: &[ASTNode], depth: usize) -> Gen<()> {
        let calls = self.calls(users)?;
        // Only the copies of a register tile (a statement called more than once):
        // statements as the user wrote them keep their text.
        let copies = !self.loops.is_empty()
            && calls
                .iter()
                .any(|c| calls.iter().filter(|d| d.k == c.k).count() > 1);
        let kept = match copies {
            true => self.kept_cells(&calls),
            false => Vec::new(),
        };
        for local in &kept {
            self.lines.push((depth, local.declaration()));
        }
        for call in &calls {
            let pieces = self.with_locals(call.k, &call.cells, &kept);
            self.comments_of(call.k, false, depth);
            self.lines.push((depth, render(&pieces, &call.args)));
            self.comments_of(call.k, true, depth);
        }
        for local in &kept {
            self.lines.push((depth, local.store()));
        }
        Ok(())
    }

    /// The calls of `users`, each with its arguments and cells.
    fn calls(&self, users: &[ASTNode]) -> Gen<Vec<Call>> {
        let mut calls = Vec::new();
        for user in users {
            let call = user.user_get_expr()?;
            let k = self.statement_of(&call)?;
            let args = self.statement_args(&call, k)?;
            let cells = self.cells_of(&call, k)?;
            calls.push(Call { k, args, cells });
        }
        Ok(calls)
    }

    /// The pieces of statement `k` called by `call`, with the cells of the loops
    /// around kept in locals ([`Printer::promotions`]) replaced by them.
    pub(super) fn statement_pieces(&self, call: &ASTExpr, k: usize) -> Gen<Vec<Piece>> {
        if self.promoted.is_empty() {
            return Ok(self.region.statements[k].pieces());
        }
        Ok(self.with_locals(k, &self.cells_of(call, k)?, &[]))
    }

    /// Statement `k`'s pieces, each access whose cell (of `cells`) is kept in one of
    /// `kept` or of the locals of the loops around replaced by that local.
    fn with_locals(&self, k: usize, cells: &[Option<Cell>], kept: &[Local]) -> Vec<Piece> {
        let mut stmt = self.region.statements[k].clone();
        for (a, cell) in cells.iter().enumerate() {
            let Some(local) = kept
                .iter()
                .chain(&self.promoted)
                .find(|l| Some(&l.cell) == cell.as_ref())
            else {
                continue;
            };
            let span = stmt.accesses[a].span.clone();
            stmt.rewrites
                .retain(|(r, _)| !(r.start >= span.start && r.end <= span.end));
            stmt.rewrites
                .push((span, vec![Piece::Text(local.name.clone())]));
        }
        stmt.pieces()
    }

    /// The cells the loop over isl's `iterator` (on top of `self.loops`), whose body
    /// `body` is straight-line, updates without its subscripts changing: written in
    /// the body, of a plain array every access of which in the body is that cell or
    /// one a subscript constant apart, printed without the loop's variable, and (in a
    /// parallel loop) owned by one of its iterations. Each gets a local, loaded before
    /// the loop and stored after it.
    pub(super) fn promotions(&mut self, iterator: &str, body: &ASTNode) -> Gen<Vec<Local>> {
        let mut users = Vec::new();
        if !straight_line_calls(body, &mut users)? {
            return Ok(Vec::new());
        }
        let calls = self.calls(&users)?;
        let mut promoted: Vec<Local> = Vec::new();
        for (call, user) in calls.iter().zip(&users) {
            let varying = varying_iterators(&user.user_get_expr()?, iterator)?;
            let stmt = &self.region.statements[call.k];
            for (a, (access, cell)) in stmt.accesses.iter().zip(&call.cells).enumerate() {
                let Some(cell) = cell else { continue };
                let invariant = cell
                    .1
                    .iter()
                    .all(|(_, terms)| !terms.contains_key(iterator));
                let holes_fixed = access_pieces(stmt, a)
                    .iter()
                    .all(|p| !matches!(p, Piece::Iter(d) if varying[*d]));
                if access.kind != AccessKind::Write
                    || cell.1.is_empty()
                    || !invariant
                    || !holes_fixed
                    || !self.owned_by_thread(cell)
                    || promoted.iter().any(|p| p.cell == *cell)
                    || !self.plain_array(&cell.0)
                    || !apart(&self.region.statements, &calls, cell)
                {
                    continue;
                }
                let local = self.local(call, a, true);
                promoted.push(local);
            }
        }
        Ok(promoted)
    }

    /// A new local for the cell of access `a` of `call`.
    fn local(&mut self, call: &Call, a: usize, loaded: bool) -> Local {
        let cell = call.cells[a].clone().unwrap_or_default();
        Local {
            ty: self.element_type(&cell.0),
            name: self.fresh_local(&cell.0),
            text: self.access_text(call, a),
            cell,
            loaded,
        }
    }

    /// Whether no iteration of the parallel loop being printed (if any) but one can
    /// touch `cell`'s array where it is: in some dimension, every access to the array
    /// inside the parallel loop has one subscript, `±p + g`, `p` the parallel loop's
    /// variable and `g` over the loops outside it and parameters. A thread stores a
    /// promoted cell back even when its loop ran no iteration; no other thread may be
    /// reading or writing it then.
    fn owned_by_thread(&self, cell: &Cell) -> bool {
        let Some(&(start, _)) = self.shared_iterators.first() else {
            return true;
        };
        let Some(parallel) = self.loops.get(start) else {
            return false;
        };
        let fixed: Vec<String> = self.loops[..start]
            .iter()
            .map(|l| l.isl.clone())
            .chain(self.region.params.iter().map(|p| crate::model::isl_name(p)))
            .collect();
        let others: Vec<&Cell> = self
            .parallel_cells
            .iter()
            .filter(|c| c.0 == cell.0)
            .collect();
        cell.1.iter().enumerate().any(|(d, form)| {
            form.1.get(&parallel.isl).is_some_and(|c| c.abs() == 1)
                && form
                    .1
                    .keys()
                    .all(|x| *x == parallel.isl || fixed.contains(x))
                && others.iter().all(|o| o.1.get(d) == Some(form))
        })
    }

    /// Every cell the statement calls below `node` access, those with subscripts not
    /// affine in the loops' variables as `(array, [])`, which matches no promoted cell.
    pub(super) fn cells_below(&self, node: &ASTNode) -> Gen<Vec<Cell>> {
        let mut cells = Vec::new();
        each_node(node, &mut |n| {
            if super::ast_kind(n)? == super::AstKind::User {
                let call = n.user_get_expr()?;
                let k = self.statement_of(&call)?;
                let stmt = &self.region.statements[k];
                for (access, cell) in stmt.accesses.iter().zip(self.cells_of(&call, k)?) {
                    cells.push(cell.unwrap_or_else(|| (access.array.clone(), Vec::new())));
                }
            }
            Ok(())
        })?;
        Ok(cells)
    }

    /// The cells worth a local: written by some call, accessed by two or more, of an
    /// array of plain elements whose every access in the block has affine subscripts
    /// and touches either that cell or one provably different (a subscript differing
    /// by a constant). The local starts with the cell's value when the first call
    /// touching it reads it.
    fn kept_cells(&mut self, calls: &[Call]) -> Vec<Local> {
        let mut kept: Vec<Local> = Vec::new();
        for call in calls {
            let stmt = &self.region.statements[call.k];
            for (access, cell) in stmt.accesses.iter().zip(&call.cells) {
                let Some(cell) = cell else { continue };
                if access.kind != AccessKind::Write
                    || cell.1.is_empty()
                    || kept.iter().chain(&self.promoted).any(|l| l.cell == *cell)
                    || !self.plain_array(&cell.0)
                    || !apart(&self.region.statements, calls, cell)
                {
                    continue;
                }
                let touching: Vec<&Call> = calls
                    .iter()
                    .filter(|c| c.cells.iter().any(|x| x.as_ref() == Some(cell)))
                    .collect();
                let [first, _, ..] = touching.as_slice() else {
                    continue;
                };
                let loaded = self.region.statements[first.k]
                    .accesses
                    .iter()
                    .zip(&first.cells)
                    .any(|(x, c)| x.kind == AccessKind::Read && c.as_ref() == Some(cell));
                let Some(at) = first.cells.iter().position(|x| x.as_ref() == Some(cell)) else {
                    continue;
                };
                let local = self.local(first, at, loaded);
                kept.push(local);
            }
        }
        kept
    }

    /// Whether `array`'s elements may live in a local of its element type: a variable
    /// of the region (not a struct member), of an arithmetic type, every access of it
    /// spelled out in the text.
    fn plain_array(&self, array: &str) -> bool {
        let Some(a) = self.region.arrays.iter().find(|a| a.name == array) else {
            return false;
        };
        let ty = a.element.spelling.as_str();
        a.member_of.is_none()
            && !a.extents.is_empty()
            && !ty.contains(['*', '(', '['])
            && !ty.contains("volatile")
            && !ty.contains("struct")
            && !ty.contains("union")
            && self.region.is_rewritable(array)
    }

    fn element_type(&self, array: &str) -> String {
        self.region
            .arrays
            .iter()
            .find(|a| a.name == array)
            .map_or_else(String::new, |a| a.element.spelling.clone())
    }

    /// A name for a new local holding a cell of `array`, unique in the region and
    /// clashing with no name of the file or loop.
    fn fresh_local(&mut self, array: &str) -> String {
        self.locals += 1;
        self.fresh_name(&format!("{array}_r{}", self.locals - 1))
    }

    /// The cell each access of statement `k`, called by `call`, touches.
    fn cells_of(&self, call: &ASTExpr, k: usize) -> Gen<Vec<Option<Cell>>> {
        let stmt = &self.region.statements[k];
        let mut args: BTreeMap<&str, Linear> = BTreeMap::new();
        for (d, iterator) in stmt.iters.iter().enumerate() {
            match linear(&call.get_op_arg(d as i32 + 1)?)? {
                Some(l) => args.insert(iterator.as_str(), l),
                None => return Ok(vec![None; stmt.accesses.len()]),
            };
        }
        Ok(stmt
            .accesses
            .iter()
            .map(|a| {
                let subscripts: Option<Vec<Linear>> = a
                    .subscripts
                    .iter()
                    .map(|s| substituted(&s.linear()?, &args))
                    .collect();
                Some((a.array.clone(), subscripts?))
            })
            .collect())
    }

    /// The text of access `a` of `call`'s statement, iterators substituted.
    fn access_text(&self, call: &Call, a: usize) -> String {
        let stmt = &self.region.statements[call.k];
        render(&access_pieces(stmt, a), &call.args)
    }
}

/// Whether every access of `cell`'s array by `calls` touches `cell` itself or a cell
/// provably different from it.
fn apart(statements: &[Statement], calls: &[Call], cell: &Cell) -> bool {
    calls.iter().all(|c| {
        let accesses = &statements[c.k].accesses;
        accesses.iter().zip(&c.cells).all(|(x, other)| {
            x.array != cell.0
                || other
                    .as_ref()
                    .is_some_and(|o| o == cell || distinct(&o.1, &cell.1))
        })
    })
}

/// Per iterator of the statement `call` runs, whether its value changes with the loop
/// over isl's `iterator` (or is not affine).
fn varying_iterators(call: &ASTExpr, iterator: &str) -> Gen<Vec<bool>> {
    let mut varying = Vec::new();
    for d in 1..call.get_op_n_arg()? {
        let arg = linear(&call.get_op_arg(d)?)?;
        varying.push(arg.is_none_or(|(_, terms)| terms.contains_key(iterator)));
    }
    Ok(varying)
}

/// Whether two cells of an array are different for every value of the variables:
/// in some dimension their subscripts have the same terms and different constants.
fn distinct(a: &[Linear], b: &[Linear]) -> bool {
    a.len() == b.len() && a.iter().zip(b).any(|(x, y)| x.1 == y.1 && x.0 != y.0)
}

/// `(c, terms)`, a linear form over a statement's iterators, with each iterator
/// replaced by its linear form over the loops' variables.
fn substituted(form: &Linear, args: &BTreeMap<&str, Linear>) -> Option<Linear> {
    let (mut constant, mut terms) = (form.0, BTreeMap::new());
    for (name, a) in &form.1 {
        match args.get(name.as_str()) {
            Some((c, inner)) => {
                constant = constant.checked_add(a.checked_mul(*c)?)?;
                for (x, b) in inner {
                    let t = terms.entry(x.clone()).or_insert(0i64);
                    *t = t.checked_add(a.checked_mul(*b)?)?;
                }
            }
            // A parameter.
            None => {
                let t = terms.entry(name.clone()).or_insert(0i64);
                *t = t.checked_add(*a)?;
            }
        }
    }
    terms.retain(|_, a| *a != 0);
    Some((constant, terms))
}

/// An isl AST expression as a linear form over the names it mentions; `None` for
/// anything but sums, differences, negations and products by constants.
fn linear(e: &ASTExpr) -> Gen<Option<Linear>> {
    use ASTExprOpType as O;
    Ok(match e.get_type()? {
        ASTExprType::Int => Some((e.get_val()?.get_num_si()?, BTreeMap::new())),
        ASTExprType::Id => {
            let name = e.get_id()?.get_name()?.to_string();
            Some((0, BTreeMap::from([(name, 1)])))
        }
        ASTExprType::Op => {
            let op = e.get_op_type()?;
            let n = e.get_op_n_arg()?;
            let mut args = Vec::new();
            for k in 0..n {
                match linear(&e.get_op_arg(k)?)? {
                    Some(l) => args.push(l),
                    None => return Ok(None),
                }
            }
            match (op, args.as_slice()) {
                (O::Add, [a, b]) => combine(a, b, 1),
                (O::Sub, [a, b]) => combine(a, b, -1),
                (O::Minus, [a]) => scale(a, -1),
                (O::Mul, [a, b]) if a.1.is_empty() => scale(b, a.0),
                (O::Mul, [a, b]) if b.1.is_empty() => scale(a, b.0),
                _ => None,
            }
        }
        ASTExprType::Error => None,
    })
}

/// `a + sign·b`.
fn combine(a: &Linear, b: &Linear, sign: i64) -> Option<Linear> {
    let b = scale(b, sign)?;
    let mut terms = a.1.clone();
    for (x, v) in b.1 {
        let t = terms.entry(x).or_insert(0);
        *t = t.checked_add(v)?;
    }
    terms.retain(|_, v| *v != 0);
    Some((a.0.checked_add(b.0)?, terms))
}

/// `f·a`.
fn scale(a: &Linear, f: i64) -> Option<Linear> {
    let terms: Option<BTreeMap<String, i64>> =
        a.1.iter()
            .map(|(x, v)| Some((x.clone(), v.checked_mul(f)?)))
            .collect();
    Some((a.0.checked_mul(f)?, terms?))
}

/// The pieces of access `a` of `stmt` alone (its own rewrites applied).
fn access_pieces(stmt: &Statement, a: usize) -> Vec<Piece> {
    let span = stmt.accesses[a].span.clone();
    let mut alone = stmt.clone();
    alone.text = stmt.text[span.start - stmt.span.start..span.end - stmt.span.start].to_string();
    alone
        .rewrites
        .retain(|(r, _)| r.start >= span.start && r.end <= span.end);
    alone.span = span;
    alone.pieces()
}

#[cfg(test)]
mod tests {
    use super::{Linear, distinct, substituted};
    use std::collections::BTreeMap;

    fn form(c: i64, terms: &[(&str, i64)]) -> Linear {
        (c, terms.iter().map(|(x, a)| (x.to_string(), *a)).collect())
    }

    #[test]
    fn cells_are_apart_only_when_a_subscript_differs_by_a_constant() {
        let row = |c| vec![form(c, &[("c3", 2)]), form(0, &[("j", 1)])];
        assert!(distinct(&row(0), &row(1)));
        assert!(!distinct(&row(0), &row(0)));
        // `C[i][j]` and `C[k][j]` may be one cell.
        let other = vec![form(0, &[("k", 1)]), form(0, &[("j", 1)])];
        assert!(!distinct(&row(0), &other));
    }

    #[test]
    fn subscripts_are_written_over_the_loops_variables() {
        // `i + 1` with `i = 2 * c3 + 1`, and the parameter `n`.
        let args = BTreeMap::from([("i", form(1, &[("c3", 2)]))]);
        let subscript = form(1, &[("i", 1), ("n", 1)]);
        assert_eq!(
            substituted(&subscript, &args),
            Some(form(2, &[("c3", 2), ("n", 1)]))
        );
    }
}
