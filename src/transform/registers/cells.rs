//! The cells a statement call of the AST touches, as linear forms over the generated
//! loops' variables: `C[2c3 + 1][c5]` is `("C", [(1, {c3: 2}), (0, {c5: 1})])`.

use crate::frontend::ir::Statement;
use crate::support::isl::Failure;
use isl_rs::{ASTExpr, ASTExprOpType, ASTExprType, ASTNode};
use std::collections::BTreeMap;

/// `c + Σ a_x·x` over the generated loops' variables.
pub(super) type Linear = (i64, BTreeMap<String, i64>);

/// One cell of an array, by its subscripts over the generated loops' variables.
pub(super) type Cell = (String, Vec<Linear>);

/// The cell each access of `stmt`, called by `call` (`S(i, j)` with the iterators'
/// values), touches: `{ S[i, j] -> A[f(i, j)] }` composed with the call's arguments;
/// `None` where the arguments or subscripts are not linear.
pub(super) fn cells_of(stmt: &Statement, call: &ASTExpr) -> Result<Vec<Option<Cell>>, Failure> {
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

/// Per iterator of the statement `call` runs, whether its value changes with the loop
/// over isl's `iterator` (or is not linear).
pub(super) fn varying_iterators(call: &ASTExpr, iterator: &str) -> Result<Vec<bool>, Failure> {
    let mut varying = Vec::new();
    for d in 1..call.get_op_n_arg()? {
        let arg = linear(&call.get_op_arg(d)?)?;
        varying.push(arg.is_none_or(|(_, terms)| terms.contains_key(iterator)));
    }
    Ok(varying)
}

/// Whether two cells of an array are different for every value of the variables:
/// in some dimension their subscripts have the same terms and different constants.
pub(super) fn distinct(a: &[Linear], b: &[Linear]) -> bool {
    a.len() == b.len() && a.iter().zip(b).any(|(x, y)| x.1 == y.1 && x.0 != y.0)
}

/// The values a generated loop's variable takes: `variable` from `first` up to
/// `last` (linear forms over the loops outside it and the parameters).
pub(super) struct LoopRange {
    pub variable: String,
    pub first: Linear,
    pub last: Linear,
}

/// The range of the isl AST loop `node`: `for (x = first; x <= last; x += s)` or
/// `x < last + 1`, `s > 0`; `None` where it is not of that form or not linear.
pub(super) fn loop_range(node: &ASTNode) -> Result<Option<LoopRange>, Failure> {
    let step = linear(&node.for_get_inc()?)?;
    let bounds = upper_bounds(node)?.unwrap_or_default();
    let [(op, bound)] = bounds.as_slice() else {
        return Ok(None);
    };
    if !step.is_some_and(|(s, t)| s > 0 && t.is_empty()) {
        return Ok(None);
    }
    let less = i64::from(*op == ASTExprOpType::Lt);
    let last = linear(bound)?.and_then(|b| combine(&b, &(less, BTreeMap::new()), -1));
    let first = linear(&node.for_get_init()?)?;
    let variable = crate::support::ast::for_iterator(node)?;
    Ok(first.zip(last).map(|(first, last)| LoopRange {
        variable,
        first,
        last,
    }))
}

/// The bounds of the isl AST loop `node`'s condition, each `x <= e` or `x < e` of its
/// variable `x` (a conjunction of them); `None` for any other condition.
pub fn upper_bounds(node: &ASTNode) -> Result<Option<Vec<(ASTExprOpType, ASTExpr)>>, Failure> {
    fn collect(
        cond: &ASTExpr,
        variable: &str,
        out: &mut Vec<(ASTExprOpType, ASTExpr)>,
    ) -> Result<bool, Failure> {
        use ASTExprOpType as O;
        if cond.get_type()? != ASTExprType::Op {
            return Ok(false);
        }
        let op = cond.get_op_type()?;
        if matches!(op, O::And | O::AndThen) {
            return Ok(collect(&cond.get_op_arg(0)?, variable, out)?
                && collect(&cond.get_op_arg(1)?, variable, out)?);
        }
        let left = cond.get_op_arg(0)?;
        let own = left.get_type()? == ASTExprType::Id && left.get_id()?.get_name()? == variable;
        if !own || !matches!(op, O::Le | O::Lt) {
            return Ok(false);
        }
        out.push((op, cond.get_op_arg(1)?));
        Ok(true)
    }
    let variable = crate::support::ast::for_iterator(node)?;
    let mut out = Vec::new();
    Ok(collect(&node.for_get_cond()?, &variable, &mut out)?.then_some(out))
}

/// What the generated loop `node` guarantees inside its body, as linear forms `f >= 0`
/// over the loops' variables and the parameters: `x - first`, and per conjunct `l <= r`
/// (`l < r`) of its condition `r - l` (`r - l - 1`); those not linear are left out.
pub(super) fn loop_facts(node: &ASTNode) -> Result<Vec<Linear>, Failure> {
    let variable = crate::support::ast::for_iterator(node)?;
    let x = (0, BTreeMap::from([(variable, 1)]));
    let mut facts: Vec<Linear> = (linear(&node.for_get_init()?)?)
        .and_then(|first| combine(&x, &first, -1))
        .into_iter()
        .collect();
    facts.extend(conjuncts(&node.for_get_cond()?)?.into_iter().flatten());
    Ok(facts)
}

/// Each conjunct `l <= r` (`l < r`) of `cond` as `r - l` (`r - l - 1`; `e - d * l`
/// for `r = floord(e, d)`), `None` for one not linear or not of that form.
fn conjuncts(cond: &ASTExpr) -> Result<Vec<Option<Linear>>, Failure> {
    use ASTExprOpType as O;
    if cond.get_type()? != ASTExprType::Op {
        return Ok(vec![None]);
    }
    let op = cond.get_op_type()?;
    if matches!(op, O::And | O::AndThen) {
        let mut out = conjuncts(&cond.get_op_arg(0)?)?;
        out.extend(conjuncts(&cond.get_op_arg(1)?)?);
        return Ok(out);
    }
    let less = match op {
        O::Le => 0,
        O::Lt => 1,
        _ => return Ok(vec![None]),
    };
    let l = linear(&cond.get_op_arg(0)?)?;
    let l = l.and_then(|l| combine(&l, &(less, BTreeMap::new()), 1));
    // `l <= floord(e, d)`, `d > 0`, is `d * l <= e`.
    let (r, d) = match floor_of(&cond.get_op_arg(1)?)? {
        Some((e, d)) => (linear(&e)?, d),
        None => (linear(&cond.get_op_arg(1)?)?, 1),
    };
    let gap = l.zip(r).and_then(|(l, r)| combine(&r, &scale(&l, d)?, -1));
    Ok(vec![gap])
}

/// `(e, d)` where `x` is `floord(e, d)` with a constant `d > 0`.
fn floor_of(x: &ASTExpr) -> Result<Option<(ASTExpr, i64)>, Failure> {
    if x.get_type()? != ASTExprType::Op || x.get_op_type()? != ASTExprOpType::FdivQ {
        return Ok(None);
    }
    let d = x.get_op_arg(1)?;
    if d.get_type()? != ASTExprType::Int {
        return Ok(None);
    }
    let d = d.get_val()?.get_num_si()?;
    Ok((d > 0).then_some(x.get_op_arg(0)?).map(|e| (e, d)))
}

/// What the loop `node` needs to run an iteration, forms `g >= 0`: each conjunct of its
/// condition ([`conjuncts`]) at its first value; `None` where one is not linear.
pub(super) fn first_iteration_needs(node: &ASTNode) -> Result<Option<Vec<Linear>>, Failure> {
    let variable = crate::support::ast::for_iterator(node)?;
    let Some(first) = linear(&node.for_get_init()?)? else {
        return Ok(None);
    };
    let at_first = BTreeMap::from([(variable.as_str(), first)]);
    let needs: Option<Vec<Linear>> = conjuncts(&node.for_get_cond()?)?
        .into_iter()
        .map(|g| substituted(&g?, &at_first))
        .collect();
    Ok(needs)
}

/// Whether `facts` (each `f >= 0`, over the integers) imply `goal >= 0`: `{ [names] :
/// facts and goal < 0 }` is empty.
pub(super) fn implied(ctx: &isl_rs::Context, facts: &[Linear], goal: &Linear) -> bool {
    let names: std::collections::BTreeSet<&String> = facts
        .iter()
        .chain([goal])
        .flat_map(|f| f.1.keys())
        .collect();
    let text = |f: &Linear| {
        let terms = f.1.iter().map(|(x, a)| format!("{a}*{x}"));
        std::iter::once(f.0.to_string())
            .chain(terms)
            .collect::<Vec<_>>()
            .join(" + ")
    };
    let constraints: Vec<String> = (facts.iter().map(|f| format!("{} >= 0", text(f))))
        .chain([format!("{} < 0", text(goal))])
        .collect();
    let set = format!(
        "{{ [{}] : {} }}",
        names.into_iter().cloned().collect::<Vec<_>>().join(", "),
        constraints.join(" and ")
    );
    isl_rs::Set::read_from_str(ctx, &set)
        .and_then(|s| s.is_empty())
        .unwrap_or(false)
}

/// Whether two cells of an array are different for every value of the variables
/// where `range`'s variable lies in its range: in some dimension the difference `d`
/// of their subscripts is, at the end of the range where it is least, a positive
/// constant, or where it is greatest a negative one (`A[c][8c1 + 3]` and `A[c][k]`
/// for `k` up to `8c1 - 1`); [`distinct`] without a range.
pub(super) fn distinct_within(a: &[Linear], b: &[Linear], range: Option<&LoopRange>) -> bool {
    let Some(range) = range else {
        return distinct(a, b);
    };
    let at = |d: &Linear, end: &Linear| {
        let c = d.1.get(&range.variable).copied().unwrap_or(0);
        let mut rest = d.clone();
        rest.1.remove(&range.variable);
        combine(&rest, &scale(end, c)?, 1)
    };
    let constant = |d: Option<Linear>| d.filter(|d| d.1.is_empty()).map(|d| d.0);
    a.len() == b.len()
        && a.iter().zip(b).any(|(x, y)| {
            let Some(d) = combine(x, y, -1) else {
                return false;
            };
            let c = d.1.get(&range.variable).copied().unwrap_or(0);
            let (least, most) = match c > 0 {
                true => (&range.first, &range.last),
                false => (&range.last, &range.first),
            };
            constant(at(&d, least)).is_some_and(|v| v > 0)
                || constant(at(&d, most)).is_some_and(|v| v < 0)
        })
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
fn linear(e: &ASTExpr) -> Result<Option<Linear>, Failure> {
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
