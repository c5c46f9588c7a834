//! What the front end understood of a region: loops, conditions and statements in
//! affine form, with the source spans they came from.

use crate::diag::Span;
use std::collections::BTreeSet;
use std::fmt;

/// A quasi-affine expression over iterators and parameters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Aff {
    Int(i64),
    /// An iterator or a parameter.
    Name(String),
    Add(Box<Aff>, Box<Aff>),
    Sub(Box<Aff>, Box<Aff>),
    Neg(Box<Aff>),
    Scale(i64, Box<Aff>),
    /// C's `a / c` for a positive constant `c`; equals `floor(a/c)` because the
    /// model checks `a >= 0` wherever it is evaluated.
    Div(Box<Aff>, i64),
    /// C's `a % c`, under the same `a >= 0` obligation.
    Mod(Box<Aff>, i64),
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

    /// The numerators of `/` and `%`: each must be non-negative where it is evaluated.
    pub fn division_numerators<'a>(&'a self, out: &mut Vec<&'a Aff>) {
        self.visit(&mut |a| {
            if let Aff::Div(n, _) | Aff::Mod(n, _) = a {
                out.push(n);
            }
        });
    }

    fn visit<'a>(&'a self, f: &mut dyn FnMut(&'a Aff)) {
        f(self);
        match self {
            Aff::Int(_) | Aff::Name(_) => {}
            Aff::Neg(a) | Aff::Scale(_, a) | Aff::Div(a, _) | Aff::Mod(a, _) => a.visit(f),
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
            Aff::Min(a, b) => Some(a.constant()?.min(b.constant()?)),
            Aff::Max(a, b) => Some(a.constant()?.max(b.constant()?)),
        }
    }
}

impl Aff {
    /// In isl's notation, each name printed as `rename` says.
    pub fn to_isl(&self, rename: &dyn Fn(&str) -> String) -> String {
        let r = |a: &Aff| a.to_isl(rename);
        match self {
            Aff::Int(v) => format!("{v}"),
            Aff::Name(n) => rename(n),
            Aff::Add(a, b) => format!("({} + {})", r(a), r(b)),
            Aff::Sub(a, b) => format!("({} - {})", r(a), r(b)),
            Aff::Neg(a) => format!("-({})", r(a)),
            Aff::Scale(c, a) => format!("{c}*({})", r(a)),
            Aff::Div(a, c) => format!("floor(({})/{c})", r(a)),
            Aff::Mod(a, c) => format!("(({}) mod {c})", r(a)),
            Aff::Min(a, b) => format!("min({}, {})", r(a), r(b)),
            Aff::Max(a, b) => format!("max({}, {})", r(a), r(b)),
        }
    }
}

impl Cond {
    /// In isl's notation, each name printed as `rename` says.
    pub fn to_isl(&self, rename: &dyn Fn(&str) -> String) -> String {
        match self {
            Cond::True => "true".to_string(),
            Cond::Cmp(a, op, b) => {
                format!("{} {} {}", a.to_isl(rename), op.isl(), b.to_isl(rename))
            }
            Cond::And(a, b) => format!("({} and {})", a.to_isl(rename), b.to_isl(rename)),
            Cond::Or(a, b) => format!("({} or {})", a.to_isl(rename), b.to_isl(rename)),
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
        f.write_str(&self.to_isl(&|n| n.to_string()))
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
    /// Conjunction of bounds on `iter`; each conjunct bounds it from the far side.
    pub bound: Cond,
    pub stride: i64,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum Node {
    Loop(Loop, Vec<Node>),
    If(Cond, Vec<Node>, Vec<Node>),
    /// Index into [`Region::statements`].
    Stmt(usize),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AccessKind {
    Read,
    Write,
}

/// One array reference in a statement (scalars are 0-d arrays).
#[derive(Clone, Debug)]
pub struct Access {
    /// Unique in the region; names the reference in tagged relations (`R3`).
    pub id: usize,
    pub kind: AccessKind,
    pub array: String,
    pub subscripts: Vec<Aff>,
    pub span: Span,
}

/// A piece of a statement's source text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Piece {
    Text(String),
    /// An occurrence of the statement's `n`-th surrounding iterator.
    Iter(usize),
}

#[derive(Clone, Debug)]
pub struct Statement {
    /// `S0`, `S1`, ... in textual order.
    pub name: String,
    /// Surrounding loop iterators, outermost first.
    pub iters: Vec<String>,
    /// The source text, with iterator occurrences as holes.
    pub template: Vec<Piece>,
    pub accesses: Vec<Access>,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
    pub element_type: String,
    /// Extents as C text, outermost first; empty for scalars.
    pub extents: Vec<String>,
    pub scope: Scope,
    /// Whether values it holds after the region may be read (set by region finding;
    /// conservatively true for parameters and globals).
    pub live_out: bool,
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
    pub function: String,
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
}
