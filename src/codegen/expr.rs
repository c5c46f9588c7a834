//! Expressions as C (`Ex`): each carries its C type and value interval; arithmetic that
//! may exceed its type is computed in `long long`, and none may exceed 64 bits.

use super::{Gen, Printer, unexpected};
use crate::frontend::types::{CType, Interval};
use crate::model::c_name;
use crate::support::isl::Failure;
use isl_rs::{ASTExpr, ASTExprOpType, ASTExprType};

impl Printer<'_> {
    /// `e` as C. Arithmetic is computed in the type of its widest operand, or in
    /// `long long` where that type may not hold every value it can take; an expression
    /// that may exceed 64 bits is an error (the region is left as written).
    pub(super) fn expr(&self, e: &ASTExpr) -> Gen<Ex> {
        match e.get_type()? {
            ASTExprType::Id => {
                let name = e.get_id()?.get_name()?.to_string();
                if let Some(l) = self.loops.iter().rev().find(|l| l.isl == name) {
                    let variable = Ex {
                        text: l.c.clone(),
                        prec: PRIMARY,
                        ty: l.ty,
                        range: if l.downward {
                            l.range.negated()
                        } else {
                            l.range
                        },
                    };
                    return if l.downward {
                        minus(&variable)
                    } else {
                        Ok(variable)
                    };
                }
                let c = c_name(&name);
                let (ty, range) = self
                    .region
                    .param_ranges
                    .get(&c)
                    .copied()
                    .ok_or_else(|| unexpected(format!("unknown name {c} in generated code")))?;
                Ok(Ex {
                    text: self.region.param_spellings.get(&c).cloned().unwrap_or(c),
                    prec: PRIMARY,
                    ty,
                    range,
                })
            }
            ASTExprType::Int => Ok(constant(e.get_val()?.get_num_si()?)),
            ASTExprType::Op => self.op(e),
            ASTExprType::Error => Err(unexpected("invalid AST expression")),
        }
    }

    pub(super) fn op(&self, e: &ASTExpr) -> Gen<Ex> {
        use ASTExprOpType as O;
        if let op @ (O::Le | O::Lt) = e.get_op_type()? {
            let at_most = i64::from(op == O::Lt);
            return self.at_most(&e.get_op_arg(0)?, &e.get_op_arg(1)?, at_most);
        }
        let n = e.get_op_n_arg()?;
        let mut args = Vec::new();
        for k in 0..n {
            args.push(self.expr(&e.get_op_arg(k)?)?);
        }
        let two = || -> Gen<(Ex, Ex)> {
            match args.as_slice() {
                [a, b] => Ok((a.clone(), b.clone())),
                _ => Err(unexpected("binary operator arity")),
            }
        };
        // `||` parenthesizes an `&&` operand, as compilers' -Wparentheses asks.
        let compare = |op: &str, prec: u8| -> Gen<Ex> {
            let (a, b) = two()?;
            let (a, b) = match prec {
                4 | 5 => (a, b),
                _ => pair(operands(&[&a, &b], None)?)?,
            };
            let left = if op == "||" { prec + 2 } else { prec };
            Ok(Ex {
                text: format!("{} {op} {}", a.wrapped(left), b.wrapped(left + 1)),
                prec,
                ty: CType::Signed(32),
                range: Interval { lo: 0, hi: 1 },
            })
        };
        let arith = |op: &str, prec: u8, range: &dyn Fn(Interval, Interval) -> Interval| {
            let (a, b) = two()?;
            arithmetic(&a, &b, op, prec, range(a.range, b.range))
        };
        match e.get_op_type()? {
            O::And | O::AndThen => compare("&&", 5),
            O::Or | O::OrElse => compare("||", 4),
            O::Eq => compare("==", 9),
            O::Ge => compare(">=", 10),
            O::Gt => compare(">", 10),
            // `a + -x` as `a - x`, `a - -x` as `a + x`.
            O::Add | O::Sub if self.is_negation(&e.get_op_arg(1)?)? => {
                let (a, _) = two()?;
                let b = self.negated(&e.get_op_arg(1)?)?;
                if e.get_op_type()? == O::Add {
                    arithmetic(&a, &b, "-", 12, a.range.minus(b.range))
                } else {
                    arithmetic(&a, &b, "+", 12, a.range.plus(b.range))
                }
            }
            O::Add => arith("+", 12, &|a, b| a.plus(b)),
            O::Sub => arith("-", 12, &|a, b| a.minus(b)),
            O::Mul => arith("*", 13, &|a, b| a.times(b)),
            O::Div | O::PdivQ => arith("/", 13, &|a, b| a.quotient(b)),
            O::PdivR | O::ZdivR => arith("%", 13, &|a, b| {
                let m = b.hi.abs().max(b.lo.abs()) - 1;
                Interval { lo: -m, hi: m }.intersect(a.hull(a.negated()))
            }),
            O::Minus => self.negated(&e.get_op_arg(0)?),
            O::Max => min_max(&args, true),
            O::Min => min_max(&args, false),
            O::FdivQ => {
                let (a, b) = two()?;
                floor_division(a, &b)
            }
            O::Cond | O::Select => select(&args),
            other => Err(unexpected(format!("unexpected AST operator {other:?}"))),
        }
    }

    /// `-e` as C, written without a double negation: `-(-x)` is `x`, a downward loop's
    /// isl iterator negated is the loop's variable, `-(a + b)` is `-a - b` and
    /// `-(a - b)` is `-a + b`.
    pub(super) fn negated(&self, e: &ASTExpr) -> Gen<Ex> {
        use ASTExprOpType as O;
        match e.get_type()? {
            ASTExprType::Int => {
                let v = e.get_val()?.get_num_si()?;
                Ok(constant(
                    v.checked_neg()
                        .ok_or(Failure::Overflow("a generated expression"))?,
                ))
            }
            ASTExprType::Id => {
                let name = e.get_id()?.get_name()?.to_string();
                match self.loops.iter().rev().find(|l| l.isl == name) {
                    Some(l) if l.downward => Ok(Ex {
                        text: l.c.clone(),
                        prec: PRIMARY,
                        ty: l.ty,
                        range: l.range.negated(),
                    }),
                    _ => minus(&self.expr(e)?),
                }
            }
            ASTExprType::Op => match e.get_op_type()? {
                O::Minus => self.expr(&e.get_op_arg(0)?),
                op @ (O::Add | O::Sub) => {
                    let a = self.negated(&e.get_op_arg(0)?)?;
                    let b = self.expr(&e.get_op_arg(1)?)?;
                    if op == O::Add {
                        arithmetic(&a, &b, "-", 12, a.range.minus(b.range))
                    } else {
                        arithmetic(&a, &b, "+", 12, a.range.plus(b.range))
                    }
                }
                _ => minus(&self.expr(e)?),
            },
            ASTExprType::Error => Err(unexpected("invalid AST expression")),
        }
    }

    /// Whether `e` prints as a negation (`-x`): isl's `-x`, or the iterator of a
    /// downward loop.
    pub(super) fn is_negation(&self, e: &ASTExpr) -> Gen<bool> {
        Ok(match e.get_type()? {
            ASTExprType::Op => e.get_op_type()? == ASTExprOpType::Minus,
            ASTExprType::Id => {
                let name = e.get_id()?.get_name()?.to_string();
                self.loops
                    .iter()
                    .rev()
                    .find(|l| l.isl == name)
                    .is_some_and(|l| l.downward)
            }
            _ => false,
        })
    }

    /// `left <= right - less` (`less` is 1 for `<`), written without the two forms isl
    /// builds bounds from that read worst in C: `x <= min(a, b)` as `x <= a && x <= b`,
    /// and `x <= floord(a, d) + c` as `d * x <= a + d * c` (for integers and `d > 0`,
    /// `x <= floor(a / d)` exactly when `d * x <= a`), instead of a conditional
    /// expression and a division with a case for negative `a`.
    pub(super) fn at_most(&self, left: &ASTExpr, right: &ASTExpr, less: i64) -> Gen<Ex> {
        use ASTExprOpType as O;
        if right.get_type()? == ASTExprType::Op && right.get_op_type()? == O::Min {
            let mut all: Option<Ex> = None;
            for k in 0..right.get_op_n_arg()? {
                let bound = self.at_most(left, &right.get_op_arg(k)?, less)?;
                all = Some(match all {
                    None => bound,
                    Some(a) => Ex {
                        text: format!("{} && {}", a.wrapped(5), bound.wrapped(6)),
                        prec: 5,
                        ..bound
                    },
                });
            }
            return all.ok_or_else(|| unexpected("min arity"));
        }
        let x = self.expr(left)?;
        if let Some((a, d, c)) = floor_of(right)? {
            let d_ex = constant(d);
            let scaled = arithmetic(&d_ex, &x, "*", 13, d_ex.range.times(x.range))?;
            let shift = d
                .checked_mul(c - less)
                .ok_or(Failure::Overflow("a generated bound"))?;
            if shift == 0
                && let Some(e) = minus_one(&a)?
            {
                // `d * x <= e - 1` as `d * x < e` (see below).
                return comparison(&scaled, &self.expr(&e)?, "<");
            }
            let limit = plus_constant(self.expr(&a)?, shift)?;
            return comparison(&scaled, &limit, "<=");
        }
        if less == 0
            && let Some(e) = minus_one(right)?
        {
            // `x <= e - 1` as `x < e`: as the source writes it, and without `e - 1`,
            // which may overflow `e`'s type (and so be cast to `long long`).
            return comparison(&x, &self.expr(&e)?, "<");
        }
        let y = self.expr(right)?;
        comparison(&x, &y, if less == 1 { "<" } else { "<=" })
    }
}

/// `e` when `right` is `e - 1` (or `e + -1`).
fn minus_one(right: &ASTExpr) -> Gen<Option<ASTExpr>> {
    use ASTExprOpType as O;
    if right.get_type()? != ASTExprType::Op {
        return Ok(None);
    }
    let one = match right.get_op_type()? {
        O::Sub => 1,
        O::Add => -1,
        _ => return Ok(None),
    };
    let k = right.get_op_arg(1)?;
    let is_one = k.get_type()? == ASTExprType::Int && k.get_val()?.get_num_si()? == one;
    Ok(is_one.then(|| right.get_op_arg(0)).transpose()?)
}

/// A printed expression: its C text and precedence, the C type it is computed in and
/// the values it may take.
#[derive(Clone)]
pub(super) struct Ex {
    pub(super) text: String,
    pub(super) prec: u8,
    pub(super) ty: CType,
    pub(super) range: Interval,
}

impl Ex {
    pub(super) fn wrapped(&self, min: u8) -> String {
        wrap(self.text.clone(), self.prec, min)
    }
}

pub(super) const WIDE: CType = CType::Signed(64);

/// C operator precedence, higher binds tighter.
pub(super) const PRIMARY: u8 = 16;

pub(super) const UNARY: u8 = 14;

/// The least precedence an operand of `<` or `<=` keeps unwrapped (shift).
pub(super) const RELATIONAL_OPERAND: u8 = 11;

/// `(a, d, c)` when `e` is `floord(a, d) + c` (`c` a constant, possibly 0) with a
/// constant `d > 0`.
pub(super) fn floor_of(e: &ASTExpr) -> Gen<Option<(ASTExpr, i64, i64)>> {
    use ASTExprOpType as O;
    if e.get_type()? != ASTExprType::Op {
        return Ok(None);
    }
    let int = |x: &ASTExpr| -> Gen<Option<i64>> {
        Ok((x.get_type()? == ASTExprType::Int)
            .then(|| x.get_val().and_then(|v| v.get_num_si()))
            .transpose()?)
    };
    match e.get_op_type()? {
        O::FdivQ => match int(&e.get_op_arg(1)?)? {
            Some(d) if d > 0 => Ok(Some((e.get_op_arg(0)?, d, 0))),
            _ => Ok(None),
        },
        op @ (O::Add | O::Sub) => {
            let (Some((a, d, 0)), Some(c)) =
                (floor_of(&e.get_op_arg(0)?)?, int(&e.get_op_arg(1)?)?)
            else {
                return Ok(None);
            };
            let c = if op == O::Add {
                Some(c)
            } else {
                c.checked_neg()
            };
            Ok(c.map(|c| (a, d, c)))
        }
        _ => Ok(None),
    }
}

/// `(x, k)` when `e` is `x + k` or `x - k` for a constant `k`, else `(e, 0)`.
pub(super) fn offset(e: &ASTExpr) -> Gen<(ASTExpr, i64)> {
    use ASTExprOpType as O;
    if e.get_type()? == ASTExprType::Op
        && let op @ (O::Add | O::Sub) = e.get_op_type()?
    {
        let k = e.get_op_arg(1)?;
        if k.get_type()? == ASTExprType::Int {
            let k = k.get_val()?.get_num_si()?;
            let k = if op == O::Add {
                Some(k)
            } else {
                k.checked_neg()
            };
            if let Some(k) = k {
                return Ok((e.get_op_arg(0)?, k));
            }
        }
    }
    Ok((e.copy()?, 0))
}

/// `a + k` (`a - |k|` for a negative `k`, `a` for 0).
pub(super) fn plus_constant(a: Ex, k: i64) -> Gen<Ex> {
    let (op, k) = match k {
        0 => return Ok(a),
        k if k > 0 => ("+", k),
        k => (
            "-",
            k.checked_neg()
                .ok_or(Failure::Overflow("a generated bound"))?,
        ),
    };
    let k = constant(k);
    let range = if op == "+" {
        a.range.plus(k.range)
    } else {
        a.range.minus(k.range)
    };
    arithmetic(&a, &k, op, 12, range)
}

/// `-a`, computed in `long long` where `a`'s type may not hold the negation (an
/// unsigned one never does, but for 0).
pub(super) fn minus(a: &Ex) -> Gen<Ex> {
    let range = a.range.negated();
    let a = if a.ty.holds(range) {
        a.clone()
    } else if WIDE.holds(range) {
        widened(a)
    } else {
        return Err(Failure::Overflow("a generated expression"));
    };
    Ok(Ex {
        text: format!("-{}", a.wrapped(PRIMARY)),
        prec: UNARY,
        range,
        ..a
    })
}

/// Whether `e` is the identifier `name`.
pub(super) fn is_id(e: &ASTExpr, name: &str) -> Gen<bool> {
    Ok(e.get_type()? == ASTExprType::Id && e.get_id()?.get_name()? == name)
}

/// The integer constant `v`.
pub(super) fn constant(v: i64) -> Ex {
    Ex {
        text: v.to_string(),
        prec: if v < 0 { UNARY } else { PRIMARY },
        ty: if i32::try_from(v).is_ok() {
            CType::Signed(32)
        } else {
            WIDE
        },
        range: Interval::point(i128::from(v)),
    }
}

/// `a op b` for a comparison operator `op`.
pub(super) fn comparison(a: &Ex, b: &Ex, op: &str) -> Gen<Ex> {
    let (a, b) = pair(operands(&[a, b], None)?)?;
    Ok(Ex {
        text: format!("{} {op} {}", a.wrapped(10), b.wrapped(11)),
        prec: 10,
        ty: CType::Signed(32),
        range: Interval { lo: 0, hi: 1 },
    })
}

/// `args` as the operands of one C operator whose value lies in `result` (`None` for
/// a comparison): as they are when none is unsigned, or when C converts them all to
/// an unsigned type that holds each of their values and `result` (its arithmetic,
/// modulo `2^bits`, is then exact); else each unsigned one cast to `long long`.
pub(super) fn operands(args: &[&Ex], result: Option<Interval>) -> Gen<Vec<Ex>> {
    let unsigned = |t: CType| matches!(t, CType::Unsigned(_));
    let common = args.iter().fold(CType::Signed(32), |t, a| t.usual(a.ty));
    let exact = unsigned(common)
        && args.iter().all(|a| common.holds(a.range))
        && result.is_none_or(|r| common.holds(r));
    args.iter()
        .map(|a| match a.ty {
            t if !unsigned(t) || exact => Ok((*a).clone()),
            _ if WIDE.holds(a.range) => Ok(widened(a)),
            _ => Err(Failure::Overflow("an unsigned value")),
        })
        .collect()
}

fn pair(v: Vec<Ex>) -> Gen<(Ex, Ex)> {
    let [a, b]: [Ex; 2] = v
        .try_into()
        .map_err(|_| unexpected("binary operator arity"))?;
    Ok((a, b))
}

/// `a op b`, computed in the wider of the two types, or with `a` cast to `long long`
/// if that type may not hold `range`.
pub(super) fn arithmetic(a: &Ex, b: &Ex, op: &str, prec: u8, range: Interval) -> Gen<Ex> {
    let (a, b) = pair(operands(&[a, b], Some(range))?)?;
    let (a, b) = (&a, &b);
    let ty = widest(a.ty, b.ty);
    let (a, ty) = if ty.holds(range) {
        (a.clone(), ty)
    } else if WIDE.holds(range) {
        (widened(a), WIDE)
    } else {
        return Err(Failure::Overflow("a generated expression"));
    };
    Ok(Ex {
        text: format!("{} {op} {}", a.wrapped(prec), b.wrapped(prec + 1)),
        prec,
        ty,
        range,
    })
}

/// `a` cast to `long long`, so arithmetic on it is 64-bit.
pub(super) fn widened(a: &Ex) -> Ex {
    if a.ty == WIDE {
        return a.clone();
    }
    Ex {
        text: format!("({}){}", WIDE.c_name(), a.wrapped(UNARY)),
        prec: UNARY,
        ty: WIDE,
        range: a.range,
    }
}

/// The type C computes an operation on `a` and `b` in; `long long` for types nestor
/// does not know.
pub(super) fn widest(a: CType, b: CType) -> CType {
    match a.usual(b) {
        CType::Unknown => WIDE,
        t => t,
    }
}

pub(super) fn wrap(s: String, prec: u8, min: u8) -> String {
    if prec < min { format!("({s})") } else { s }
}

/// `max(args)` (or `min`) as nested conditional expressions.
fn min_max(args: &[Ex], max: bool) -> Gen<Ex> {
    let cmp = if max { ">" } else { "<" };
    let args = operands(&args.iter().collect::<Vec<_>>(), None)?;
    let (first, rest) = args
        .split_first()
        .ok_or_else(|| unexpected("min/max arity"))?;
    let mut acc = first.clone();
    for b in rest {
        let (x, y) = (acc.wrapped(PRIMARY), b.wrapped(PRIMARY));
        acc = Ex {
            text: format!("({x} {cmp} {y} ? {x} : {y})"),
            prec: PRIMARY,
            ty: widest(acc.ty, b.ty),
            range: if max {
                acc.range.max(b.range)
            } else {
                acc.range.min(b.range)
            },
        };
    }
    Ok(acc)
}

/// `floor(a / b)` for `b > 0` in C's truncating division: `a >= 0 ? a / b : -((-a + b -
/// 1) / b)`, with `a` widened where `-a + b - 1` may overflow its type.
fn floor_division(a: Ex, b: &Ex) -> Gen<Ex> {
    let (a, b) = pair(operands(&[&a, b], Some(Interval::point(-1)))?)?;
    let b = &b;
    let inner = a.range.negated().plus(b.range).minus(Interval::point(1));
    let ty = widest(a.ty, b.ty);
    let a = if ty.holds(inner) && ty.holds(a.range.negated()) {
        a
    } else if WIDE.holds(inner) {
        widened(&a)
    } else {
        return Err(Failure::Overflow("a generated division"));
    };
    let (x, y) = (a.wrapped(PRIMARY), b.wrapped(PRIMARY));
    Ok(Ex {
        text: format!("({x} >= 0 ? {x} / {y} : -((-{x} + {y} - 1) / {y}))"),
        prec: PRIMARY,
        ty: widest(a.ty, b.ty),
        range: a.range.quotient(b.range),
    })
}

/// `c ? a : b`.
fn select(args: &[Ex]) -> Gen<Ex> {
    let [c, a, b] = args else {
        return Err(unexpected("select arity"));
    };
    let (a, b) = pair(operands(&[a, b], None)?)?;
    Ok(Ex {
        text: format!("({} ? {} : {})", c.wrapped(4), a.wrapped(4), b.wrapped(4)),
        prec: PRIMARY,
        ty: widest(a.ty, b.ty),
        range: a.range.hull(b.range),
    })
}
