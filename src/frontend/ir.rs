//! What the front end understood of a region: loops, conditions and statements in
//! affine form, with the source spans they came from.

use super::types::{CType, ElementType, Interval};
use crate::support::diag::Span;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

mod statements;
mod unsigned;
pub use statements::{Access, AccessKind, Piece, ProductTerm, ProductUpdate, Statement};
pub use unsigned::{UNSIGNED_PARAMETER_MAX, UnsignedValue};

/// A quasi-affine expression over iterators and parameters.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Aff {
    Int(i64),
    /// An iterator or a parameter.
    Name(String),
    Add(Box<Aff>, Box<Aff>),
    Sub(Box<Aff>, Box<Aff>),
    Neg(Box<Aff>),
    Scale(i64, Box<Aff>),
    /// C's `a / c` for a positive constant `c`, truncating towards zero: in isl,
    /// `floor(a/c)` where `a >= 0` and `-floor(-a/c)` where `a < 0` (constraints are
    /// split by the sign of each numerator, so the model is exact).
    Div(Box<Aff>, i64),
    /// C's `a % c` (the sign of `a`): `a - c * (a / c)` with the division above.
    Mod(Box<Aff>, i64),
    /// `floor(a/c)` for a positive constant `c`, exact in isl: schedule times only (the
    /// tile a value falls in), never C the front end lifted.
    Floor(Box<Aff>, i64),
    Min(Box<Aff>, Box<Aff>),
    Max(Box<Aff>, Box<Aff>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CmpOp {
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
}

impl CmpOp {
    pub fn negate(self) -> CmpOp {
        match self {
            CmpOp::Lt => CmpOp::Ge,
            CmpOp::Le => CmpOp::Gt,
            CmpOp::Gt => CmpOp::Le,
            CmpOp::Ge => CmpOp::Lt,
            CmpOp::Eq => CmpOp::Ne,
            CmpOp::Ne => CmpOp::Eq,
        }
    }

    /// The same relation with its operands swapped: `a < b` is `b > a`.
    pub fn mirror(self) -> CmpOp {
        match self {
            CmpOp::Lt => CmpOp::Gt,
            CmpOp::Le => CmpOp::Ge,
            CmpOp::Gt => CmpOp::Lt,
            CmpOp::Ge => CmpOp::Le,
            other => other,
        }
    }

    fn isl(self) -> &'static str {
        match self {
            CmpOp::Lt => "<",
            CmpOp::Le => "<=",
            CmpOp::Gt => ">",
            CmpOp::Ge => ">=",
            CmpOp::Eq => "=",
            CmpOp::Ne => "!=",
        }
    }
}

/// An affine condition (of an `if`, or a conjunct of a loop bound).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cond {
    True,
    Cmp(Aff, CmpOp, Aff),
    And(Box<Cond>, Box<Cond>),
    Or(Box<Cond>, Box<Cond>),
}

impl Cond {
    /// `!self`, pushed down to the comparisons (De Morgan).
    pub fn negate(&self) -> Cond {
        match self {
            Cond::True => Cond::Cmp(Aff::Int(0), CmpOp::Ne, Aff::Int(0)),
            Cond::Cmp(a, op, b) => Cond::Cmp(a.clone(), op.negate(), b.clone()),
            Cond::And(a, b) => Cond::Or(Box::new(a.negate()), Box::new(b.negate())),
            Cond::Or(a, b) => Cond::And(Box::new(a.negate()), Box::new(b.negate())),
        }
    }

    pub fn and(self, other: Cond) -> Cond {
        match (self, other) {
            (Cond::True, c) | (c, Cond::True) => c,
            (a, b) => Cond::And(Box::new(a), Box::new(b)),
        }
    }

    /// Visits every affine operand.
    pub fn for_each_aff<'a>(&'a self, f: &mut dyn FnMut(&'a Aff)) {
        match self {
            Cond::True => {}
            Cond::Cmp(a, _, b) => {
                f(a);
                f(b);
            }
            Cond::And(a, b) | Cond::Or(a, b) => {
                a.for_each_aff(f);
                b.for_each_aff(f);
            }
        }
    }
}

impl Aff {
    pub fn name(n: &str) -> Aff {
        Aff::Name(n.to_string())
    }

    /// Every name (iterator or parameter) the expression mentions.
    pub fn names(&self, out: &mut BTreeSet<String>) {
        self.visit(&mut |a| {
            if let Aff::Name(n) = a {
                out.insert(n.clone());
            }
        });
    }

    pub fn mentions(&self, name: &str) -> bool {
        let mut found = false;
        self.visit(&mut |a| found |= matches!(a, Aff::Name(n) if n == name));
        found
    }

    fn visit<'a>(&'a self, f: &mut dyn FnMut(&'a Aff)) {
        f(self);
        match self {
            Aff::Int(_) | Aff::Name(_) => {}
            Aff::Neg(a) | Aff::Scale(_, a) | Aff::Div(a, _) | Aff::Mod(a, _) | Aff::Floor(a, _) => {
                a.visit(f)
            }
            Aff::Add(a, b) | Aff::Sub(a, b) | Aff::Min(a, b) | Aff::Max(a, b) => {
                a.visit(f);
                b.visit(f);
            }
        }
    }

    /// The constant value, if the expression has no names.
    pub fn constant(&self) -> Option<i64> {
        match self {
            Aff::Int(v) => Some(*v),
            Aff::Name(_) => None,
            Aff::Add(a, b) => a.constant()?.checked_add(b.constant()?),
            Aff::Sub(a, b) => a.constant()?.checked_sub(b.constant()?),
            Aff::Neg(a) => a.constant()?.checked_neg(),
            Aff::Scale(c, a) => a.constant()?.checked_mul(*c),
            Aff::Div(a, c) => Some(a.constant()?.checked_div(*c)?),
            Aff::Mod(a, c) => Some(a.constant()?.checked_rem(*c)?),
            Aff::Floor(a, c) => Some(a.constant()?.div_euclid(*c)),
            Aff::Min(a, b) => Some(a.constant()?.min(b.constant()?)),
            Aff::Max(a, b) => Some(a.constant()?.max(b.constant()?)),
        }
    }
}

/// How many `/` and `%` a constraint may hold: C's truncating division is modelled
/// by one case per sign of each numerator, 2^k cases in all.
pub const MAX_DIVISIONS: usize = 6;

impl Aff {
    /// In isl's notation, each name printed as `rename` says. Only for expressions
    /// without `/` and `%` (see [`cases`] for those).
    pub fn to_isl(&self, rename: &dyn Fn(&str) -> String) -> String {
        self.to_isl_case(rename, &[], &mut 0)
    }

    /// The coefficient of each name and the constant, `c + Σ a_x·x`, when the
    /// expression is linear (no division, modulo, min or max).
    pub fn linear(&self) -> Option<(i64, BTreeMap<String, i64>)> {
        let mut terms = BTreeMap::new();
        let c = self.accumulate(1, &mut terms)?;
        terms.retain(|_, a| *a != 0);
        Some((c, terms))
    }

    /// `c + Σ a_x·x`: the expression of a linear form as [`Aff::linear`] gives it.
    pub fn from_linear(c: i64, terms: &BTreeMap<String, i64>) -> Aff {
        let term = |(x, a): (&String, &i64)| match a {
            1 => Aff::name(x),
            _ => Aff::Scale(*a, Box::new(Aff::name(x))),
        };
        let sum = terms
            .iter()
            .filter(|(_, a)| **a != 0)
            .map(term)
            .reduce(|s, t| Aff::Add(Box::new(s), Box::new(t)));
        match sum {
            Some(s) if c == 0 => s,
            Some(s) => Aff::Add(Box::new(s), Box::new(Aff::Int(c))),
            None => Aff::Int(c),
        }
    }

    /// Adds `factor` times this expression's terms to `terms`; returns its constant.
    fn accumulate(&self, factor: i64, terms: &mut BTreeMap<String, i64>) -> Option<i64> {
        match self {
            Aff::Int(v) => v.checked_mul(factor),
            Aff::Name(n) => {
                *terms.entry(n.clone()).or_insert(0) += factor;
                Some(0)
            }
            Aff::Add(a, b) => a
                .accumulate(factor, terms)?
                .checked_add(b.accumulate(factor, terms)?),
            Aff::Sub(a, b) => a
                .accumulate(factor, terms)?
                .checked_add(b.accumulate(factor.checked_neg()?, terms)?),
            Aff::Neg(a) => a.accumulate(factor.checked_neg()?, terms),
            Aff::Scale(c, a) => a.accumulate(factor.checked_mul(*c)?, terms),
            Aff::Div(..) | Aff::Mod(..) | Aff::Floor(..) | Aff::Min(..) | Aff::Max(..) => None,
        }
    }

    /// The number of `/` and `%` in the expression.
    pub fn divisions(&self) -> usize {
        let mut n = 0;
        self.visit(&mut |a| n += usize::from(matches!(a, Aff::Div(..) | Aff::Mod(..))));
        n
    }

    /// Prints the expression assuming the `k`-th division (in pre-order, counted by
    /// `next`) has a non-negative numerator iff `signs[k]`: C's `a / c` is
    /// `floor(a/c)` then, and `-floor(-a/c)` otherwise; `a % c` is `a mod c` or
    /// `-((-a) mod c)`. Divisions beyond `signs` are taken as non-negative.
    fn to_isl_case(
        &self,
        rename: &dyn Fn(&str) -> String,
        signs: &[bool],
        next: &mut usize,
    ) -> String {
        let r = |a: &Aff, next: &mut usize| a.to_isl_case(rename, signs, next);
        match self {
            Aff::Int(v) => format!("{v}"),
            Aff::Name(n) => rename(n),
            Aff::Add(a, b) => format!("({} + {})", r(a, next), r(b, next)),
            Aff::Sub(a, b) => format!("({} - {})", r(a, next), r(b, next)),
            Aff::Neg(a) => format!("-({})", r(a, next)),
            Aff::Scale(c, a) => format!("{c}*({})", r(a, next)),
            Aff::Div(a, c) | Aff::Mod(a, c) => {
                let nonneg = signs.get(*next).copied().unwrap_or(true);
                *next += 1;
                let a = r(a, next);
                match (self, nonneg) {
                    (Aff::Div(..), true) => format!("floor(({a})/{c})"),
                    (Aff::Div(..), false) => format!("-floor((-({a}))/{c})"),
                    (_, true) => format!("(({a}) mod {c})"),
                    (_, false) => format!("-((-({a})) mod {c})"),
                }
            }
            Aff::Floor(a, c) => format!("floor(({})/{c})", r(a, next)),
            Aff::Min(a, b) => format!("min({}, {})", r(a, next), r(b, next)),
            Aff::Max(a, b) => format!("max({}, {})", r(a, next), r(b, next)),
        }
    }

    /// The sign condition of every division numerator under `signs`.
    fn sign_conditions(
        &self,
        rename: &dyn Fn(&str) -> String,
        signs: &[bool],
        next: &mut usize,
        out: &mut Vec<String>,
    ) {
        match self {
            Aff::Int(_) | Aff::Name(_) => {}
            Aff::Div(a, _) | Aff::Mod(a, _) => {
                let k = *next;
                let numerator = a.to_isl_case(rename, signs, &mut (k + 1));
                out.push(format!(
                    "{numerator} {} 0",
                    if signs[k] { ">=" } else { "<" }
                ));
                *next += 1;
                a.sign_conditions(rename, signs, next, out);
            }
            Aff::Neg(a) | Aff::Scale(_, a) | Aff::Floor(a, _) => {
                a.sign_conditions(rename, signs, next, out)
            }
            Aff::Add(a, b) | Aff::Sub(a, b) | Aff::Min(a, b) | Aff::Max(a, b) => {
                a.sign_conditions(rename, signs, next, out);
                b.sign_conditions(rename, signs, next, out);
            }
        }
    }
}

/// The expressions `exprs` in isl notation, exactly as C evaluates them: one case per
/// sign combination of their division numerators, each with the condition selecting
/// it (`true` when there are no divisions). `None` beyond [`MAX_DIVISIONS`].
pub fn cases(
    exprs: &[&Aff],
    rename: &dyn Fn(&str) -> String,
) -> Option<Vec<(Vec<String>, String)>> {
    let total: usize = exprs.iter().map(|e| e.divisions()).sum();
    if total > MAX_DIVISIONS {
        return None;
    }
    let mut out = Vec::new();
    for mask in 0..(1u32 << total) {
        let signs: Vec<bool> = (0..total).map(|k| mask & (1 << k) == 0).collect();
        let mut next = 0;
        let mut conditions = Vec::new();
        let mut printed = Vec::new();
        for e in exprs {
            let start = next;
            e.sign_conditions(rename, &signs, &mut next, &mut conditions);
            printed.push(e.to_isl_case(rename, &signs, &mut { start }));
        }
        let condition = if conditions.is_empty() {
            "true".to_string()
        } else {
            conditions.join(" and ")
        };
        out.push((printed, condition));
    }
    Some(out)
}

impl Cond {
    /// In isl's notation, each name printed as `rename` says; comparisons involving
    /// `/` or `%` become disjunctions over the numerators' signs. `None` when a
    /// comparison has more than [`MAX_DIVISIONS`] divisions.
    pub fn to_isl(&self, rename: &dyn Fn(&str) -> String) -> Option<String> {
        Some(match self {
            Cond::True => "true".to_string(),
            Cond::Cmp(a, op, b) => {
                let cases = cases(&[a, b], rename)?;
                let disjuncts: Vec<String> = cases
                    .into_iter()
                    .map(|(e, c)| {
                        if c == "true" {
                            format!("{} {} {}", e[0], op.isl(), e[1])
                        } else {
                            format!("({c} and {} {} {})", e[0], op.isl(), e[1])
                        }
                    })
                    .collect();
                if disjuncts.len() == 1 {
                    disjuncts.into_iter().collect()
                } else {
                    format!("({})", disjuncts.join(" or "))
                }
            }
            Cond::And(a, b) => format!("({} and {})", a.to_isl(rename)?, b.to_isl(rename)?),
            Cond::Or(a, b) => format!("({} or {})", a.to_isl(rename)?, b.to_isl(rename)?),
        })
    }
}

impl Aff {
    /// The expression as C (`/` and `%` are C's, as in the source).
    pub fn to_c(&self) -> String {
        match self {
            Aff::Int(v) => v.to_string(),
            Aff::Name(n) => n.clone(),
            Aff::Add(a, b) => format!("({} + {})", a.to_c(), b.to_c()),
            Aff::Sub(a, b) => format!("({} - {})", a.to_c(), b.to_c()),
            Aff::Neg(a) => format!("(-{})", a.to_c()),
            Aff::Scale(c, a) => format!("({c} * {})", a.to_c()),
            Aff::Div(a, c) => format!("({} / {c})", a.to_c()),
            Aff::Mod(a, c) => format!("({} % {c})", a.to_c()),
            Aff::Floor(a, c) => format!(
                "({0} >= 0 ? {0} / {c} : -((-{0} + {1}) / {c}))",
                a.to_c(),
                c - 1
            ),
            Aff::Min(a, b) => format!("({0} < {1} ? {0} : {1})", a.to_c(), b.to_c()),
            Aff::Max(a, b) => format!("({0} > {1} ? {0} : {1})", a.to_c(), b.to_c()),
        }
    }
}

impl fmt::Display for Aff {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_isl(&|n| n.to_string()))
    }
}

impl fmt::Display for Cond {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(
            &self
                .to_isl(&|n| n.to_string())
                .unwrap_or_else(|| "<too many divisions>".to_string()),
        )
    }
}

/// A `for` loop in affine form. Increasing loops (`stride > 0`) run from `init` while
/// `bound` holds; decreasing ones (`stride < 0`) likewise, downwards.
#[derive(Clone, Debug)]
pub struct Loop {
    pub iter: String,
    /// The C type when the header declares the iterator (`for (int i = ...`).
    pub declared_type: Option<String>,
    pub init: Aff,
    /// Conjunction of bounds on `iter` (or on `iter + c`, as written: `i + 1 < n`); each
    /// conjunct bounds it from the far side.
    pub bound: Cond,
    pub stride: i64,
    pub span: Span,
    /// Unsigned values its header computes on entry (the first value, the bounds).
    pub unsigned: Vec<UnsignedValue>,
    /// Unsigned values each iteration's step computes (`i + stride`, where the
    /// iterator or its comparison is unsigned).
    pub unsigned_steps: Vec<UnsignedValue>,
}

impl Loop {
    /// The names its initial value and bound involve, other than its own iterator.
    pub fn bound_names(&self) -> BTreeSet<String> {
        let mut names = BTreeSet::new();
        self.init.names(&mut names);
        self.bound.for_each_aff(&mut |a| a.names(&mut names));
        names.remove(&self.iter);
        names
    }
}

#[derive(Clone, Debug)]
pub enum Node {
    Loop(Loop, Vec<Node>),
    /// The condition, the branches, and the unsigned values the condition computes.
    If(Cond, Vec<Node>, Vec<Node>, Vec<UnsignedValue>),
    /// Index into [`Region::statements`].
    Stmt(usize),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Origin {
    /// Between `#pragma scop` and `#pragma endscop`.
    Pragma,
    /// A maximal run of static-control loop nests found automatically.
    Auto,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    Parameter,
    Local,
    Global,
}

/// An array (or scalar, with no extents) the region accesses.
#[derive(Clone, Debug)]
pub struct Array {
    pub name: String,
    /// Its element type, typedefs and type macros resolved.
    pub element: ElementType,
    /// Extents as C text, outermost first; empty for scalars.
    pub extents: Vec<String>,
    pub scope: Scope,
    /// Whether values it holds after the region may be read (set by region finding;
    /// conservatively true for parameters and globals).
    pub live_out: bool,
    /// For a local array declared alone (`double tmp[n][m];`) and used nowhere outside
    /// the region: its declaration, which a storage transformation may replace.
    pub declaration: Option<Span>,
    /// For a field array (`b.c`: member `c` of struct variable `b`, of each of its
    /// elements): the variable it lies in. Its liveness is the variable's, and storage
    /// transformations never touch it (they would change the struct's declaration).
    pub member_of: Option<MemberOf>,
    /// Whose memory it is, for what other arrays may share it.
    pub memory: Memory,
    /// Whether C indexes it with one flat subscript (`a[i * n + j]`) that the model's
    /// subscripts are the dimensions of (`extents` from the second on are their sizes,
    /// each subscript but the first within `[0, size)`: `analysis::bounds` proves it).
    pub flat: bool,
}

/// Whose memory an array is: what decides which other arrays may be the same memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Memory {
    /// A variable of the function (or a struct parameter passed by value): memory no
    /// other name of the region reaches.
    Local,
    /// A global (or block-scope `static`) variable: its own object, which a caller
    /// may also pass to the function.
    Global,
    /// The caller's memory, reached through a parameter (an array or pointer
    /// parameter, or a struct reached through one): it may be a global's or another
    /// parameter's. `restrict`: the parameter promises that memory the function
    /// writes through it is reached through no other name.
    Passed { restrict: bool },
}

impl Array {
    /// The variable through which the array's memory is reached: the array itself, or
    /// the struct variable a field array lies in.
    pub fn root(&self) -> &str {
        self.member_of.as_ref().map_or(&self.name, |m| &m.root)
    }
}

/// Two arrays of a region that may be the same memory, at least one of them written
/// in it. The model treats them as distinct, so the rewritten region runs only under a
/// run-time test that the address ranges it touches do not overlap (`versioning`).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct MayOverlap {
    pub first: String,
    pub second: String,
}

/// The struct variable a field array lies in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemberOf {
    /// The variable (`b` for `b[i][j].c[k][l]`, `p` for `p->v[i]`).
    pub root: String,
    /// The struct types the path goes through, the variable's own first (as
    /// `struct S`, or the typedef naming an unnamed struct).
    pub records: Vec<String>,
    /// Whether the struct lies in memory the caller passed: the variable is a pointer
    /// or array parameter (not a struct passed by value).
    pub by_reference: bool,
}

/// A comment inside a region. Generated code prints it before the first generated loop
/// at its depth that holds its statement, else next to the first copy of its statement,
/// else (no statement after it) at its top.
#[derive(Clone, Debug)]
pub struct Comment {
    pub text: String,
    /// The statement it precedes, or follows on the same line (`after`).
    pub statement: Option<usize>,
    pub after: bool,
    /// How many of the region's loops enclose it: a comment before a loop goes before
    /// the generated loop at this depth that holds its statement.
    pub depth: usize,
}

/// A variable declared inside a loop of a region (another declaration of its name in a
/// sibling block is another variable, renamed). Every value it takes must be written
/// and read within one execution of its block; then one variable declared before the
/// region holds it exactly.
#[derive(Clone, Debug)]
pub struct BlockVariable {
    /// Its name in the model and the generated code: as written, or (a second
    /// declaration of a name in the region) a fresh one.
    pub name: String,
    /// Its name in the source.
    pub original: String,
    /// The declaration the region starts with (`double t;`, `int row[8];`).
    pub declaration: String,
    /// Per declaration: its scope (from it to the end of its block) and the number of
    /// the region's loops around it.
    pub blocks: Vec<(Span, usize)>,
    /// Whether the front end proved that no value crosses an execution of a block (a
    /// scalar written before it is read); otherwise the dataflow must show it
    /// (`deps::crossing_block_value`).
    pub proven: bool,
}

/// A static-control region, lifted.
#[derive(Clone, Debug)]
pub struct Region {
    pub origin: Origin,
    /// The bytes a rewrite replaces: from the first statement to the last.
    pub span: Span,
    /// Leading white space of the line the region starts on.
    pub indent: String,
    /// One level of indentation as the file writes it.
    pub indent_unit: String,
    /// How the file ends lines (`\r\n` or `\n`), for the lines nestor generates.
    pub line_ending: &'static str,
    pub function: String,
    /// Where the definition of `function` starts: file-level code nestor adds for the
    /// region (`codegen::products`' register tiles) goes before it.
    pub function_start: usize,
    pub body: Vec<Node>,
    pub statements: Vec<Statement>,
    /// Names read but never written in the region that occur in affine expressions.
    pub params: BTreeSet<String>,
    /// `#define`d and `-D` integer constants the region uses, as parameter values.
    pub constants: Vec<(String, i64)>,
    pub arrays: Vec<Array>,
    /// For each iterator name, the type to declare it with when a generated loop
    /// declares it (`None`: declared outside the region, assign only).
    pub iterator_decls: Vec<(String, Option<String>)>,
    /// The comments inside the region, in order, each with the statement it belongs to.
    pub comments: Vec<Comment>,
    /// Whether the region is the body of a `for`, `if` or `else` without braces, so
    /// generated code (possibly several statements) must be braced.
    pub needs_braces: bool,
    /// The C type of generated loop iterators that are not original ones.
    pub fresh_iterator_type: String,
    /// For each parameter, its C type (after promotion) and the values it may take
    /// when the region runs: the type's range, narrowed by the expressions the region
    /// evaluates on entry (which the original program computes without overflow).
    pub param_ranges: BTreeMap<String, (CType, Interval)>,
    /// The parameters the region writes only through one macro that names them
    /// (`_PB_N` for `n`, by `#define _PB_N n`): generated code keeps that spelling.
    pub param_spellings: BTreeMap<String, String>,
    /// The C type of each original iterator.
    pub iterator_types: BTreeMap<String, CType>,
    /// Declarations generated code starts with: the scalars declared inside the
    /// region's loops (declared once before it), and storage added by nestor.
    pub declarations: Vec<String>,
    /// The variables declared inside the region's loops: dead after the region, each
    /// declared once before it instead.
    pub block_locals: Vec<BlockVariable>,
    /// Statements generated code ends with (freeing heap storage nestor added).
    pub epilogue: Vec<String>,
    /// The most bytes the arrays nestor declared on the stack for the region take
    /// together (expansions), for every parameter value it may run with.
    pub stack_bytes: i128,
    /// Arrays named by `#pragma nestor temporary(...)` before the region in its
    /// function: dead after the region whatever their scope.
    pub declared_temporaries: Vec<String>,
    /// The region runs inside an OpenMP parallel construct the source writes (a loop or
    /// block under `#pragma omp ... parallel ...`): threads are already running it.
    pub inside_parallel: bool,
    /// Declarations outside the region to replace (byte range, new text): contracted
    /// local arrays get their smaller declaration in place.
    pub replaced_declarations: Vec<(Span, String)>,
    /// The buffers contraction made that a parallel loop may give each thread a copy
    /// of: no larger than a stack array the function declares, or small and constant.
    pub private_buffers: Vec<String>,
    /// For a region between `#pragma scop` and `#pragma endscop`: from the start of the
    /// first pragma's line to the end of the second's. The storage nestor adds is
    /// declared before it and released after it, so the region stays one that other
    /// polyhedral tools accept.
    pub scop_pragmas: Option<Span>,
    /// The pairs of arrays that may be the same memory, in order: the rewritten code
    /// runs only when a run-time test shows they do not overlap.
    pub may_overlap: Vec<MayOverlap>,
    /// Its loop nests lifted one by one, when it joins several and its model holds only
    /// for some parameter values (`has_assumptions`): where it holds for none, each
    /// nest is tried alone.
    pub nests: Vec<Region>,
    /// The source's own `#pragma omp parallel for` on the region's loop.
    pub user_parallel: Option<UserParallel>,
}

/// A `#pragma omp parallel for` the source puts on a region's loop: the region's span
/// starts at the pragma; the rewritten region must run every nest in parallel (else it
/// is left as written), its outermost parallel loops with the pragma's `clauses`
/// (`schedule`, `num_threads`, `proc_bind`). Its `private` scalars are dead after it.
#[derive(Clone, Debug)]
pub struct UserParallel {
    pub clauses: String,
    pub private: Vec<String>,
}

impl Region {
    /// Whether every access to `array` is written out in the statements' text, its name
    /// and each subscript, so that storage changes may rewrite it: not so for the
    /// reads of a called function the region passes the array to, nor for an array C
    /// indexes flat (its subscripts are not in the text one by one), nor for accesses
    /// standing in for a forwarded scalar.
    pub fn is_rewritable(&self, array: &str) -> bool {
        !self.arrays.iter().any(|a| a.name == array && a.flat)
            && self.is_written_out(array)
            && self.accesses_of(array).all(|a| !a.forwarded)
    }

    /// Whether every access to `array` is written out in the statements' text as its
    /// name and subscripts (one flat subscript for an array C indexes flat), so that
    /// the whole access may be replaced by another expression (a local holding the
    /// cell): not so for the reads of a called function the region passes it to. An
    /// access standing in for a forwarded scalar is replaced whole by the cell's text.
    pub fn is_written_out(&self, array: &str) -> bool {
        let flat = self.arrays.iter().any(|a| a.name == array && a.flat);
        self.accesses_of(array).all(|a| {
            let subscripts = if flat { 1 } else { a.subscripts.len() };
            a.forwarded
                || (a.index_spans.len() == subscripts && a.span.contains(&a.name_span.start))
        })
    }

    /// Every access of `array` in the region's statements.
    pub fn accesses_of<'a>(&'a self, array: &'a str) -> impl Iterator<Item = &'a Access> + 'a {
        self.statements
            .iter()
            .flat_map(|s| &s.accesses)
            .filter(move |a| a.array == array)
    }

    /// The access with id `id` (`R<id>` in tagged relations) and its statement.
    pub fn access(&self, id: usize) -> Option<(&Statement, &Access)> {
        self.statements
            .iter()
            .find_map(|s| s.accesses.iter().find(|a| a.id == id).map(|a| (s, a)))
    }

    /// The loops around statement `k`, outermost first.
    pub fn loops_around(&self, k: usize) -> Vec<&Loop> {
        fn find<'r>(nodes: &'r [Node], k: usize, path: &mut Vec<&'r Loop>) -> bool {
            nodes.iter().any(|node| match node {
                Node::Stmt(s) => *s == k,
                Node::If(_, then, other, _) => find(then, k, path) || find(other, k, path),
                Node::Loop(l, body) => {
                    path.push(l);
                    let found = find(body, k, path);
                    if !found {
                        path.pop();
                    }
                    found
                }
            })
        }
        let mut path = Vec::new();
        find(&self.body, k, &mut path);
        path
    }

    /// This region with the arrays the user declares temporary dead after it: those
    /// `#pragma nestor temporary` names before the region, and the function parameters
    /// named in `parameters` (`--temporary`; locals and globals are judged by nestor).
    pub fn with_temporaries(&self, parameters: &[String]) -> Region {
        let mut region = self.clone();
        for a in &mut region.arrays {
            let by_option = parameters.contains(&a.name) && a.scope == Scope::Parameter;
            if by_option || region.declared_temporaries.contains(&a.name) {
                a.live_out = false;
            }
        }
        region
    }
}
