//! Loops and conditions as C: each isl `for` as a loop in the original's iterator names
//! and types where it can be, upward or downward, with bounds in OpenMP's canonical form
//! under a parallel mark; conditions narrowing the iterators' intervals.

use super::expr::{
    Ex, PRIMARY, RELATIONAL_OPERAND, WIDE, arithmetic, comparison, constant, floor_of, is_id,
    offset, plus_constant,
};
use super::registers::Local;
use super::{Gen, Printer, unexpected};
use crate::frontend::types::{CType, Interval};
use crate::support::ast::{contains_loop, each_node};
use crate::support::isl::{AstKind, Failure, ast_kind};
use isl_rs::{ASTExpr, ASTExprOpType, ASTExprType, ASTNode};
use std::collections::BTreeSet;

impl Printer<'_> {
    /// A loop whose iterator's type holds every value it takes, including the one
    /// after the last iteration (else the loop gets a fresh `long long` iterator).
    /// `openmp`: the loop gets an OpenMP pragma, so its condition keeps the form OpenMP
    /// requires (`i <= bound`).
    pub(super) fn for_loop(&mut self, node: &ASTNode, depth: usize, openmp: bool) -> Gen<()> {
        self.comments_before_loop(node, depth)?;
        let iterator = node.for_get_iterator()?.get_id()?.get_name()?.to_string();
        let body = node.for_get_body()?;
        let (name, decl, negated) = self.loop_name(&iterator, &body)?;
        let downward = match negated {
            true => self.downward_header(node, &iterator, &name, decl.as_deref())?,
            false => None,
        };
        let header = match downward {
            Some(header) => header,
            // The statements use the original name negated: it cannot name this loop.
            None if negated => {
                let fresh = self.fresh_name(&iterator);
                let ty = Some(self.region.fresh_iterator_type.clone());
                self.upward_header(node, &iterator, fresh, ty, openmp)?
            }
            None => self.upward_header(node, &iterator, name, decl, openmp)?,
        };
        let name = header.variable.c.clone();
        if header.decl.is_none() {
            // Inside a parallel loop (whose own iterator OpenMP makes private).
            let depth = self.loops.len() + 1;
            for (start, shared) in &mut self.shared_iterators {
                if depth > *start + 1 {
                    shared.insert(name.clone());
                }
            }
        }
        let decl = header.decl.map_or(String::new(), |t| format!("{t} "));
        self.lines.push((
            depth,
            format!(
                "for ({decl}{name} = {}; {}; {}) {{",
                header.init, header.cond, header.step
            ),
        ));
        let at = self.lines.len() - 1;
        self.loops.push(header.variable);
        let promoted = self.locals(self.registers.across_loop(node))?;
        let runs = match self.registers.only_where_it_runs(node) && !promoted.is_empty() {
            true => Some(self.first_iteration_runs(node)?),
            false => None,
        };
        for (k, local) in promoted.iter().enumerate() {
            let declaration = match &runs {
                Some(runs) => local.declaration_where(runs),
                None => local.declaration(),
            };
            self.lines.insert(at + k, (depth, declaration));
        }
        self.node(&body, depth + 1)?;
        self.lines.push((depth, "}".to_string()));
        let stores = promoted.iter().map(Local::store);
        match &runs {
            Some(runs) if !promoted.is_empty() => {
                self.lines.push((depth, format!("if ({runs}) {{")));
                self.lines.extend(stores.map(|s| (depth + 1, s)));
                self.lines.push((depth, "}".to_string()));
            }
            _ => self.lines.extend(stores.map(|s| (depth, s))),
        }
        self.promotions_made
            .extend(Local::promoted(promoted, &name));
        self.loops.pop();
        Ok(())
    }

    /// Where the loop `node` runs an iteration: its first value within each bound of
    /// its condition (`first <= e && ...`), a condition the register plan knows it has.
    fn first_iteration_runs(&mut self, node: &ASTNode) -> Gen<String> {
        let bounds = crate::transform::registers::cells::upper_bounds(node)?
            .ok_or_else(|| unexpected("a kept loop's condition"))?;
        let first = self
            .expr(&node.for_get_init()?)?
            .wrapped(RELATIONAL_OPERAND);
        let mut conjuncts = Vec::new();
        for (op, bound) in bounds {
            let op = if op == ASTExprOpType::Lt { "<" } else { "<=" };
            let bound = self.expr(&bound)?.wrapped(RELATIONAL_OPERAND);
            conjuncts.push(format!("{first} {op} {bound}"));
        }
        Ok(conjuncts.join(" && "))
    }

    /// The header of the loop over isl's `iterator` as it runs, upward.
    pub(super) fn upward_header(
        &mut self,
        node: &ASTNode,
        iterator: &str,
        mut name: String,
        mut decl: Option<String>,
        openmp: bool,
    ) -> Gen<LoopHeader> {
        let inc = node.for_get_inc()?.get_val()?.get_num_si()?;
        let init = self.expr(&node.for_get_init()?)?;
        let mut ty = self.declared_type(&name, decl.as_deref());
        let cond_node = node.for_get_cond()?;
        let upper = self.upper_bound(&cond_node, iterator, ty)?;
        let range = Interval {
            lo: init.range.lo,
            hi: upper.hi.max(init.range.lo),
        };
        // Every value it takes, and the one after the last.
        let reached = range.hull(range.plus(Interval::point(i128::from(inc.max(0)))));
        // OpenMP converts a parallel loop's bound to its variable's type: an unsigned
        // variable would wrap a negative bound around.
        let unsigned_parallel = openmp && matches!(ty, CType::Unsigned(_));
        if !ty.holds(reached) || unsigned_parallel {
            if !WIDE.holds(reached) {
                return Err(Failure::Overflow("a generated loop bound"));
            }
            (name, decl) = (self.fresh_name(iterator), Some(WIDE.c_name().to_string()));
            ty = WIDE;
        }
        let variable = Loop {
            isl: iterator.to_string(),
            c: name.clone(),
            ty,
            range,
            downward: false,
        };
        // The condition reads the loop's own variable.
        self.loops.push(variable);
        let cond = if openmp {
            self.canonical_condition(&cond_node, range.lo >= 0)
        } else if contains_loop(&node.for_get_body()?)? {
            self.expr(&cond_node).map(|c| c.text)
        } else {
            self.innermost_condition(&cond_node)
        };
        let variable = self.loops.pop().ok_or_else(|| unexpected("loop stack"))?;
        let step = if inc == 1 {
            format!("{name}++")
        } else {
            format!("{name} += {inc}")
        };
        Ok(LoopHeader {
            variable,
            decl,
            init: init.text,
            cond: cond?,
            step,
        })
    }

    /// The header of the loop over isl's `iterator` (which the statements use negated)
    /// as the C loop `name = -iterator` that runs downward: isl's `iterator <= u` from
    /// `l` becomes `name = -l; name >= -u; name--`. `None` when the condition is not one
    /// upper bound or `name`'s type cannot hold the values it takes.
    pub(super) fn downward_header(
        &mut self,
        node: &ASTNode,
        iterator: &str,
        name: &str,
        decl: Option<&str>,
    ) -> Gen<Option<LoopHeader>> {
        use ASTExprOpType as O;
        let cond = node.for_get_cond()?;
        if cond.get_type()? != ASTExprType::Op
            || !matches!(cond.get_op_type()?, O::Le | O::Lt)
            || !is_id(&cond.get_op_arg(0)?, iterator)?
        {
            return Ok(None);
        }
        let less = i64::from(cond.get_op_type()? == O::Lt);
        let inc = node.for_get_inc()?.get_val()?.get_num_si()?;
        let ty = self.declared_type(name, decl);
        let init_node = node.for_get_init()?;
        let lower = self.expr(&init_node)?.range.lo;
        let upper = self.upper_bound(&cond, iterator, ty)?.hi;
        let range = Interval {
            lo: lower,
            hi: upper.max(lower),
        };
        let values = range.negated();
        let reached = values.hull(values.minus(Interval::point(i128::from(inc.max(0)))));
        if !ty.holds(reached) {
            return Ok(None);
        }
        let start = self.negated(&init_node)?;
        let variable = Loop {
            isl: iterator.to_string(),
            c: name.to_string(),
            ty,
            range,
            downward: true,
        };
        let this = Ex {
            text: name.to_string(),
            prec: PRIMARY,
            ty,
            range: range.negated(),
        };
        let last = plus_constant(self.negated(&cond.get_op_arg(1)?)?, less)?;
        let end = comparison(&this, &last, ">=")?;
        let step = if inc == 1 {
            format!("{name}--")
        } else {
            format!("{name} -= {inc}")
        };
        Ok(Some(LoopHeader {
            variable,
            decl: decl.map(str::to_string),
            init: start.text,
            cond: end.text,
            step,
        }))
    }

    /// The type of a loop named `name`: the original iterator's type, or for a fresh
    /// name the type it is declared with.
    pub(super) fn declared_type(&self, name: &str, decl: Option<&str>) -> CType {
        self.region
            .iterator_types
            .get(name)
            .copied()
            .unwrap_or_else(|| decl.map_or(CType::Unknown, fresh_type))
    }

    /// The largest values loop `iterator` (of type `ty`) may take under condition
    /// `cond`: the upper bounds `iterator <= e`, `iterator < e` it holds, else the
    /// range of `ty`.
    pub(super) fn upper_bound(
        &mut self,
        cond: &ASTExpr,
        iterator: &str,
        ty: CType,
    ) -> Gen<Interval> {
        let full = ty.values();
        use ASTExprOpType as O;
        if cond.get_type()? != ASTExprType::Op {
            return Ok(full);
        }
        let op = cond.get_op_type()?;
        if matches!(op, O::And | O::AndThen) {
            let a = self.upper_bound(&cond.get_op_arg(0)?, iterator, ty)?;
            let b = self.upper_bound(&cond.get_op_arg(1)?, iterator, ty)?;
            return Ok(a.min(b));
        }
        let left = cond.get_op_arg(0)?;
        let is_iterator =
            left.get_type()? == ASTExprType::Id && left.get_id()?.get_name()? == iterator;
        if !is_iterator || !matches!(op, O::Le | O::Lt) {
            return Ok(full);
        }
        let bound = self.expr(&cond.get_op_arg(1)?)?.range;
        let bound = if op == O::Lt {
            bound.minus(Interval::point(1))
        } else {
            bound
        };
        Ok(bound)
    }

    /// The C name of a generated loop, the type to declare it with, and whether it runs
    /// downward: the original iterator's name when every statement inside uses the loop
    /// as that iterator (or every one as its negation: a loop written downward),
    /// otherwise a fresh name that clashes with nothing in the file.
    pub(super) fn loop_name(
        &self,
        iterator: &str,
        body: &ASTNode,
    ) -> Gen<(String, Option<String>, bool)> {
        let mut uses = BTreeSet::new();
        self.original_iterators(body, iterator, &mut uses)?;
        let taken = |n: &str| self.loops.iter().any(|l| l.c == n);
        let downward = !uses.is_empty() && uses.iter().all(|(_, negated)| *negated);
        if uses.iter().any(|(_, negated)| *negated != downward) {
            uses.clear();
        }
        let mut uses: BTreeSet<String> = uses.into_iter().map(|(name, _)| name).collect();
        if uses.len() > 1 {
            // A fused loop: the name of one of the loops it stands for that no loop
            // inside wants for itself (cholesky's `j` and `k` fused, with a `k` loop
            // inside: `j`).
            let mut inner = BTreeSet::new();
            self.inner_loop_originals(body, &mut inner)?;
            uses.retain(|n| !inner.contains(n));
            uses = uses.into_iter().take(1).collect();
        }
        if let [original] = uses.into_iter().collect::<Vec<_>>().as_slice()
            && !taken(original)
        {
            let decl = self
                .region
                .iterator_decls
                .iter()
                .find(|(n, _)| n == original)
                .and_then(|(_, d)| d.clone());
            return Ok((original.clone(), decl, downward));
        }
        // A tile loop: the name its band's label gives (`i_tile`), else isl's.
        let base = self
            .loop_names
            .iter()
            .rev()
            .find(|(isl, _)| isl == iterator)
            .map_or(iterator, |(_, name)| name.as_str());
        Ok((
            self.fresh_name(base),
            Some(self.region.fresh_iterator_type.clone()),
            false,
        ))
    }

    /// A name for loop `iterator` that clashes with nothing in the file or around it.
    pub(super) fn fresh_name(&self, iterator: &str) -> String {
        let taken = |n: &str| self.loops.iter().any(|l| l.c == n);
        let mut fresh = iterator.to_string();
        let mut k = 0;
        while self.file_identifiers.contains(&fresh) || taken(&fresh) {
            k += 1;
            fresh = format!("{iterator}_{k}");
        }
        fresh
    }

    /// The original iterators the loops inside `node` stand for.
    pub(super) fn inner_loop_originals(
        &self,
        node: &ASTNode,
        out: &mut BTreeSet<String>,
    ) -> Gen<()> {
        each_node(node, &mut |n| {
            if ast_kind(n)? == AstKind::For {
                let iterator = n.for_get_iterator()?.get_id()?.get_name()?.to_string();
                let mut uses = BTreeSet::new();
                self.original_iterators(&n.for_get_body()?, &iterator, &mut uses)?;
                out.extend(uses.into_iter().map(|(name, _)| name));
            }
            Ok(())
        })
    }

    /// The original iterators that loop `iterator` stands for in the statements of `node`:
    /// `(i, false)` where a statement's iterator `i` is the loop's value, `(i, true)`
    /// where it is its negation (a downward loop).
    pub(super) fn original_iterators(
        &self,
        node: &ASTNode,
        iterator: &str,
        out: &mut BTreeSet<(String, bool)>,
    ) -> Gen<()> {
        each_node(node, &mut |n| {
            if ast_kind(n)? != AstKind::User {
                return Ok(());
            }
            let call = n.user_get_expr()?;
            let stmt = self.statement_of(&call)?;
            for (d, original) in self.region.statements[stmt].iters.iter().enumerate() {
                let arg = call.get_op_arg(d as i32 + 1)?;
                if is_id(&arg, iterator)? {
                    out.insert((original.clone(), false));
                } else if arg.get_type()? == ASTExprType::Op
                    && arg.get_op_type()? == ASTExprOpType::Minus
                    && is_id(&arg.get_op_arg(0)?, iterator)?
                {
                    out.insert((original.clone(), true));
                }
            }
            Ok(())
        })
    }

    pub(super) fn if_node(&mut self, node: &ASTNode, depth: usize) -> Gen<()> {
        let cond_node = node.if_get_cond()?;
        let cond = self.expr(&cond_node)?.text;
        self.lines.push((depth, format!("if ({cond}) {{")));
        let outside: Vec<Interval> = self.loops.iter().map(|l| l.range).collect();
        self.narrow(&cond_node)?;
        self.node(&node.if_get_then_node()?, depth + 1)?;
        for (l, range) in self.loops.iter_mut().zip(outside) {
            l.range = range;
        }
        if node.if_has_else_node()? {
            self.lines.push((depth, "} else {".to_string()));
            self.node(&node.if_get_else_node()?, depth + 1)?;
        }
        self.lines.push((depth, "}".to_string()));
        Ok(())
    }

    /// Narrows the ranges of the enclosing loops' iterators by the conjuncts of `cond`
    /// that bound one of them: `v + c >= e` (or `<=`, `<`, `>`, `==`) with `v` a loop
    /// iterator and `c` a constant.
    pub(super) fn narrow(&mut self, cond: &ASTExpr) -> Gen<()> {
        use ASTExprOpType as O;
        if cond.get_type()? != ASTExprType::Op {
            return Ok(());
        }
        let op = cond.get_op_type()?;
        if matches!(op, O::And | O::AndThen) {
            self.narrow(&cond.get_op_arg(0)?)?;
            return self.narrow(&cond.get_op_arg(1)?);
        }
        if !matches!(op, O::Ge | O::Gt | O::Le | O::Lt | O::Eq) {
            return Ok(());
        }
        let Some((var, offset)) = self.offset_iterator(&cond.get_op_arg(0)?)? else {
            return Ok(());
        };
        let bound = self
            .expr(&cond.get_op_arg(1)?)?
            .range
            .minus(Interval::point(offset));
        let Some(l) = self.loops.iter_mut().find(|l| l.isl == var) else {
            return Ok(());
        };
        let (lo, hi) = match op {
            O::Ge => (bound.lo, i128::MAX),
            O::Gt => (bound.lo + 1, i128::MAX),
            O::Le => (i128::MIN, bound.hi),
            O::Lt => (i128::MIN, bound.hi - 1),
            _ => (bound.lo, bound.hi),
        };
        l.range = l.range.intersect(Interval { lo, hi });
        Ok(())
    }

    /// `v`, `v + c` or `v - c` for an enclosing loop's iterator `v`: `(v, c)`.
    pub(super) fn offset_iterator(&self, e: &ASTExpr) -> Gen<Option<(String, i128)>> {
        let id = |e: &ASTExpr| -> Gen<Option<String>> {
            Ok(if e.get_type()? == ASTExprType::Id {
                let name = e.get_id()?.get_name()?.to_string();
                self.loops.iter().any(|l| l.isl == name).then_some(name)
            } else {
                None
            })
        };
        if let Some(v) = id(e)? {
            return Ok(Some((v, 0)));
        }
        if e.get_type()? != ASTExprType::Op
            || !matches!(e.get_op_type()?, ASTExprOpType::Add | ASTExprOpType::Sub)
        {
            return Ok(None);
        }
        let (a, b) = (e.get_op_arg(0)?, e.get_op_arg(1)?);
        let (Some(v), ASTExprType::Int) = (id(&a)?, b.get_type()?) else {
            return Ok(None);
        };
        let c = i128::from(b.get_val()?.get_num_si()?);
        let sign = if e.get_op_type()? == ASTExprOpType::Sub {
            -1
        } else {
            1
        };
        Ok(Some((v, sign * c)))
    }

    /// A loop condition `i <= e` or `i < e` as OpenMP requires it: the iterator alone on
    /// the left.
    /// `from_zero`: the iterator starts at 0 or above, so that a floored bound
    /// `i <= floord(a, d)` can be written `i < (a + d) / d` with C's truncating division
    /// (for `i >= 0` both hold exactly when `floor((a + d) / d) > i`; a negative
    /// quotient, floored or truncated, admits no `i >= 0`).
    pub(super) fn canonical_condition(&self, cond: &ASTExpr, from_zero: bool) -> Gen<String> {
        use ASTExprOpType as O;
        let op = cond.get_op_type()?;
        let (op, less) = match op {
            O::Le => ("<=", 0),
            O::Lt => ("<", 1),
            _ => return Ok(self.expr(cond)?.text),
        };
        let x = self.expr(&cond.get_op_arg(0)?)?;
        let right = cond.get_op_arg(1)?;
        if let (true, Some((a, d, 0))) = (from_zero, floor_of(&right)?) {
            // i <= floor(a/d) - less  <=>  i < floor((a + d - d*less) / d)
            let (base, k) = offset(&a)?;
            let base = self.expr(&base)?;
            let shift = k
                .checked_add(d - d * less)
                .ok_or(Failure::Overflow("a generated bound"))?;
            let sum = plus_constant(base, shift)?;
            let d = constant(d);
            let quotient = arithmetic(&sum, &d, "/", 13, sum.range.quotient(d.range))?;
            return Ok(comparison(&x, &quotient, "<")?.text);
        }
        let y = self.expr(&right)?;
        Ok(comparison(&x, &y, op)?.text)
    }

    /// The condition of a loop with no loop inside: `x <= min(a, b)` stays one
    /// comparison, `x <= (a < b ? a : b)`. Compilers vectorize only loops whose
    /// iterations they can count from one exit; GCC 12 does not vectorize
    /// `x <= a && x <= b` (a tiled LU's row update ran 2x slower so).
    pub(super) fn innermost_condition(&self, cond: &ASTExpr) -> Gen<String> {
        use ASTExprOpType as O;
        if cond.get_type()? == ASTExprType::Op
            && let op @ (O::Le | O::Lt) = cond.get_op_type()?
            && let right = cond.get_op_arg(1)?
            && right.get_type()? == ASTExprType::Op
            && right.get_op_type()? == O::Min
        {
            let x = self.expr(&cond.get_op_arg(0)?)?;
            let y = self.expr(&right)?;
            return Ok(comparison(&x, &y, if op == O::Lt { "<" } else { "<=" })?.text);
        }
        Ok(self.expr(cond)?.text)
    }
}

pub(super) struct Loop {
    pub(super) isl: String,
    pub(super) c: String,
    pub(super) ty: CType,
    /// The values of isl's iterator.
    pub(super) range: Interval,
    /// The C loop runs downward: its variable is the negation of isl's iterator (a
    /// loop written `i--` is scheduled as `-i`, which isl scans upward).
    pub(super) downward: bool,
}

/// A generated `for` loop's header: its variable, the type to declare it with
/// (`None`: declared outside the region), and its three clauses.
pub(super) struct LoopHeader {
    pub(super) variable: Loop,
    pub(super) decl: Option<String>,
    pub(super) init: String,
    pub(super) cond: String,
    pub(super) step: String,
}

/// The type of a fresh iterator declared as `c_type`.
pub(super) fn fresh_type(c_type: &str) -> CType {
    if c_type.contains("long") {
        WIDE
    } else {
        CType::Signed(32)
    }
}
