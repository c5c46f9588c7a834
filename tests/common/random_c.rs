//! Random static-control C programs for the differential fuzzer (`tests/fuzz.rs`).
//!
//! `generate(seed)` builds a small C program: global arrays and scalars initialised
//! deterministically in `main`, one `kernel` function holding 1-4 loop nests (depth 1-3,
//! rectangular and triangular bounds, strides 1 and 2, decreasing loops, `if`s on
//! iterators, transposed accesses, scalar reductions, producer-consumer pairs through
//! local temporaries, time loops around stencil sweeps, scalars reused across nests), and
//! a hash of every global array and scalar printed at the end.
//!
//! Every candidate program is run by a small interpreter here before it is returned: it
//! must keep every subscript inside its array, never read an uninitialised local, keep
//! every value finite and small, and stay under an execution budget. A candidate that
//! fails is discarded and another one is drawn from the same random stream, so the C
//! that reaches the compiler has no undefined behaviour and `generate` is a pure
//! function of its seed.

#![allow(dead_code)]

use std::fmt::Write as _;

/// splitmix64: a tiny deterministic PRNG.
#[derive(Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// Uniform in `lo..=hi`.
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next_u64() % ((hi - lo + 1) as u64)) as i64
    }

    /// True with probability `percent`/100.
    pub fn chance(&mut self, percent: u32) -> bool {
        (self.next_u64() % 100) < percent as u64
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    /// An index drawn with the given weights (not all zero).
    pub fn weighted(&mut self, weights: &[u32]) -> usize {
        let total: u32 = weights.iter().sum();
        let mut r = (self.next_u64() % total as u64) as u32;
        for (i, w) in weights.iter().enumerate() {
            if r < *w {
                return i;
            }
            r -= w;
        }
        weights.len() - 1
    }
}

/// The seed of program `index` of a run with seed `seed`.
pub fn program_seed(seed: u64, index: u64) -> u64 {
    let mut r = Rng::new(seed ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03));
    r.next_u64()
}

// ---------------------------------------------------------------------------------
// The program representation
// ---------------------------------------------------------------------------------

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Atom {
    /// The iterator of the enclosing loop at this nesting depth.
    It(usize),
    /// A size symbol.
    Sym(usize),
}

/// `c + Σ coef * atom`, then divided by `div` or taken modulo `md` when those are
/// nonzero (the numerator is then never negative, so C's truncation is exact).
#[derive(Clone, Debug)]
struct Aff {
    c: i64,
    t: Vec<(Atom, i64)>,
    div: i64,
    md: i64,
}

impl Aff {
    fn k(c: i64) -> Aff {
        Aff {
            c,
            t: Vec::new(),
            div: 0,
            md: 0,
        }
    }
    fn it(slot: usize, c: i64) -> Aff {
        Aff {
            c,
            t: vec![(Atom::It(slot), 1)],
            div: 0,
            md: 0,
        }
    }
    fn sym(s: usize, c: i64) -> Aff {
        Aff {
            c,
            t: vec![(Atom::Sym(s), 1)],
            div: 0,
            md: 0,
        }
    }
    fn divided(mut self, d: i64) -> Aff {
        self.div = d;
        self
    }
    fn modulo(mut self, m: i64) -> Aff {
        self.md = m;
        self
    }
    fn uses_slot(&self, slot: usize) -> bool {
        self.t.iter().any(|(a, _)| *a == Atom::It(slot))
    }
    /// The only iterator of the expression, with coefficient 1 or 2, if it has exactly one.
    fn sole_slot(&self) -> Option<usize> {
        let its: Vec<usize> = self
            .t
            .iter()
            .filter_map(|(a, _)| if let Atom::It(s) = a { Some(*s) } else { None })
            .collect();
        if its.len() == 1 { Some(its[0]) } else { None }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Cmp {
    Lt,
    Le,
    Gt,
    Ge,
    Ne,
    Eq,
}

impl Cmp {
    fn text(self) -> &'static str {
        match self {
            Cmp::Lt => "<",
            Cmp::Le => "<=",
            Cmp::Gt => ">",
            Cmp::Ge => ">=",
            Cmp::Ne => "!=",
            Cmp::Eq => "==",
        }
    }
    fn mirrored(self) -> Cmp {
        match self {
            Cmp::Lt => Cmp::Gt,
            Cmp::Le => Cmp::Ge,
            Cmp::Gt => Cmp::Lt,
            Cmp::Ge => Cmp::Le,
            c => c,
        }
    }
    fn holds(self, a: i64, b: i64) -> bool {
        match self {
            Cmp::Lt => a < b,
            Cmp::Le => a <= b,
            Cmp::Gt => a > b,
            Cmp::Ge => a >= b,
            Cmp::Ne => a != b,
            Cmp::Eq => a == b,
        }
    }
}

/// One conjunct of a loop condition: `iter OP rhs` (printed with the iterator on the
/// left or on the right).
#[derive(Clone, Debug)]
struct Bound {
    op: Cmp,
    rhs: Aff,
    iter_left: bool,
}

#[derive(Clone, Debug)]
enum Cond {
    Cmp(Aff, Cmp, Aff),
    /// `num % m == r` (or `!=` when `eq` is false); `num` is never negative.
    Mod(Aff, i64, i64, bool),
    And(Box<Cond>, Box<Cond>),
    Or(Box<Cond>, Box<Cond>),
}

#[derive(Clone, Debug)]
enum Target {
    Arr(usize, Vec<Aff>),
    Sc(usize),
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum AsgOp {
    Set,
    Add,
    Sub,
    Mul,
}

#[derive(Clone, Debug)]
struct Term {
    neg: bool,
    /// Printed as a literal; 1.0 is left out when there are factors.
    coef: f64,
    factors: Vec<Target>,
    /// Divided by this (a nonzero constant) at the end.
    div: Option<f64>,
    /// `fabs(...)` around the first factor.
    fabs: bool,
}

#[derive(Clone, Debug)]
struct Stmt {
    /// The assigned references; more than one is a chained assignment `a = b = rhs`.
    lhs: Vec<Target>,
    op: AsgOp,
    rhs: Vec<Term>,
}

#[derive(Clone, Debug)]
struct Loop {
    slot: usize,
    name: String,
    declare: bool,
    init: Aff,
    conds: Vec<Bound>,
    step: i64,
    /// 0: `i++`/`i--`, 1: `++i`/`--i`, 2: `i += 1`/`i -= 1` (stride 2 always `+= 2`).
    step_style: u8,
    braces: bool,
    body: Vec<Item>,
}

#[derive(Clone, Debug)]
enum Item {
    Loop(Loop),
    Stmt(Stmt),
    If(Cond, Vec<Item>, Option<Vec<Item>>),
    Comment(String),
    /// `if (ref > 1e300) return;`: never taken, but nestor cannot model it, so it
    /// splits the kernel into regions, and it reads `ref` between them.
    Barrier(Target),
}

struct Sym {
    mac: String,
    param: String,
    val: i64,
}

struct Arr {
    name: String,
    /// Per dimension: the size symbol and the padding added to it (`None`: the extent
    /// is the constant alone, a ping-pong dimension indexed `t % 2`).
    dims: Vec<(Option<usize>, i64)>,
    local: bool,
    /// Initialisation `((i0*a0 + i1*a1 + ..) + c) % p / p - 0.5` (globals).
    init_coefs: Vec<i64>,
    init_c: i64,
    init_p: i64,
}

struct Scalar {
    name: String,
    local: bool,
    /// Declared (locals) or set in `main` (globals) with this value; `None`: locals
    /// declared without an initialiser.
    init: Option<f64>,
}

struct Prog {
    syms: Vec<Sym>,
    /// The kernel takes the sizes as `int` parameters and uses them in its bounds.
    size_params: bool,
    /// The global arrays are passed to the kernel as parameters (same names).
    array_params: bool,
    /// ... with run-time extents `double A[n + 4][m + 4]`.
    vla_params: bool,
    /// 1-d array parameters declared `double *restrict x`.
    restrict_1d: bool,
    /// `int i, j, k;` at the top of the kernel instead of `for (int i = ...`.
    top_iters: bool,
    math: bool,
    /// The kernel's body between `#pragma scop` and `#pragma endscop`.
    scop: bool,
    /// `#define`s inside `#ifndef` guards.
    guards: bool,
    /// Locals of one kind declared in one declaration (`double s, u;`).
    joint_decls: bool,
    arrays: Vec<Arr>,
    scalars: Vec<Scalar>,
    body: Vec<Item>,
    /// A last statement after the nests (after `#pragma endscop`), copying local
    /// scalars into a global: their final values are observed.
    sink: Option<Stmt>,
}

impl Prog {
    fn extent(&self, a: usize, d: usize) -> i64 {
        let (s, pad) = self.arrays[a].dims[d];
        s.map_or(0, |s| self.syms[s].val) + pad
    }

    /// The extent of a dimension as C (`N + 4`, `n + 4` or `2`).
    fn extent_text(&self, sym: Option<usize>, pad: i64, params: bool) -> String {
        match sym {
            None => pad.to_string(),
            Some(s) => format!(
                "{} + {pad}",
                if params {
                    &self.syms[s].param
                } else {
                    &self.syms[s].mac
                }
            ),
        }
    }
}

impl Arr {
    /// The dimensions indexed by loop iterators (not ping-pong ones).
    fn loop_dims(&self) -> usize {
        self.dims.iter().filter(|d| d.0.is_some()).count()
    }
}

// ---------------------------------------------------------------------------------
// Printing
// ---------------------------------------------------------------------------------

struct Printer<'a> {
    p: &'a Prog,
    /// Iterator names by nesting depth while printing a nest.
    names: Vec<String>,
    /// Sizes printed as the kernel's parameters.
    params: bool,
}

impl Printer<'_> {
    fn sym(&self, s: usize) -> &str {
        if self.params {
            &self.p.syms[s].param
        } else {
            &self.p.syms[s].mac
        }
    }

    fn aff(&self, a: &Aff) -> String {
        let mut out = String::new();
        for (atom, coef) in &a.t {
            let name = match atom {
                Atom::It(slot) => self.names[*slot].clone(),
                Atom::Sym(s) => self.sym(*s).to_string(),
            };
            let mag = coef.abs();
            let body = if mag == 1 {
                name
            } else {
                format!("{mag} * {name}")
            };
            if out.is_empty() {
                if *coef < 0 {
                    out.push('-');
                }
                out.push_str(&body);
            } else {
                out.push_str(if *coef < 0 { " - " } else { " + " });
                out.push_str(&body);
            }
        }
        if out.is_empty() {
            out = a.c.to_string();
        } else if a.c > 0 {
            let _ = write!(out, " + {}", a.c);
        } else if a.c < 0 {
            let _ = write!(out, " - {}", -a.c);
        }
        let simple = a.c == 0 && a.t.len() == 1 && a.t[0].1 == 1;
        for (k, op) in [(a.div, '/'), (a.md, '%')] {
            if k > 0 {
                out = if simple {
                    format!("{out} {op} {k}")
                } else {
                    format!("({out}) {op} {k}")
                };
            }
        }
        out
    }

    fn cond(&self, c: &Cond, top: bool) -> String {
        match c {
            Cond::Cmp(a, op, b) => format!("{} {} {}", self.aff(a), op.text(), self.aff(b)),
            Cond::Mod(num, m, r, eq) => {
                let n = if num.t.len() == 1 && num.c == 0 && num.t[0].1 == 1 {
                    self.aff(num)
                } else {
                    format!("({})", self.aff(num))
                };
                format!("{n} % {m} {} {r}", if *eq { "==" } else { "!=" })
            }
            Cond::And(a, b) => {
                let s = format!("{} && {}", self.cond(a, false), self.cond(b, false));
                if top { s } else { format!("({s})") }
            }
            Cond::Or(a, b) => {
                let s = format!("{} || {}", self.cond(a, false), self.cond(b, false));
                if top { s } else { format!("({s})") }
            }
        }
    }

    fn target(&self, t: &Target) -> String {
        match t {
            Target::Sc(s) => self.p.scalars[*s].name.clone(),
            Target::Arr(a, subs) => {
                let mut s = self.p.arrays[*a].name.clone();
                for sub in subs {
                    let _ = write!(s, "[{}]", self.aff(sub));
                }
                s
            }
        }
    }

    fn term(&self, t: &Term) -> String {
        let mut parts: Vec<String> = Vec::new();
        if t.factors.is_empty() || t.coef != 1.0 {
            parts.push(lit(t.coef));
        }
        for (n, f) in t.factors.iter().enumerate() {
            if n == 0 && t.fabs {
                parts.push(format!("fabs({})", self.target(f)));
            } else {
                parts.push(self.target(f));
            }
        }
        let mut s = parts.join(" * ");
        if let Some(d) = t.div {
            s = format!("{s} / {}", lit(d));
        }
        s
    }

    fn stmt(&self, st: &Stmt) -> String {
        let mut s = String::new();
        for t in &st.lhs {
            s.push_str(&self.target(t));
            s.push_str(match st.op {
                AsgOp::Set => " = ",
                AsgOp::Add => " += ",
                AsgOp::Sub => " -= ",
                AsgOp::Mul => " *= ",
            });
        }
        for (n, t) in st.rhs.iter().enumerate() {
            if n == 0 {
                if t.neg {
                    s.push('-');
                }
            } else {
                s.push_str(if t.neg { " - " } else { " + " });
            }
            s.push_str(&self.term(t));
        }
        s.push(';');
        s
    }

    fn items(&mut self, items: &[Item], ind: usize, out: &mut String) {
        for it in items {
            self.item(it, ind, out);
        }
    }

    fn item(&mut self, it: &Item, ind: usize, out: &mut String) {
        let pad = "  ".repeat(ind);
        match it {
            Item::Barrier(t) => {
                let _ = writeln!(out, "{pad}if ({} > 1e300)\n{pad}  return;", self.target(t));
            }
            Item::Comment(c) => {
                let _ = writeln!(out, "{pad}/* {c} */");
            }
            Item::Stmt(st) => {
                let _ = writeln!(out, "{pad}{}", self.stmt(st));
            }
            Item::If(c, then, els) => {
                let braces = then.len() != 1 || els.is_some() || !matches!(then[0], Item::Stmt(_));
                if braces {
                    let _ = writeln!(out, "{pad}if ({}) {{", self.cond(c, true));
                    self.items(then, ind + 1, out);
                    if let Some(e) = els {
                        let _ = writeln!(out, "{pad}}} else {{");
                        self.items(e, ind + 1, out);
                    }
                    let _ = writeln!(out, "{pad}}}");
                } else {
                    let _ = writeln!(out, "{pad}if ({})", self.cond(c, true));
                    self.items(then, ind + 1, out);
                }
            }
            Item::Loop(l) => {
                if self.names.len() <= l.slot {
                    self.names.resize(l.slot + 1, String::new());
                }
                self.names[l.slot] = l.name.clone();
                let v = &l.name;
                let init = format!(
                    "{}{v} = {}",
                    if l.declare { "int " } else { "" },
                    self.aff(&l.init)
                );
                let conds: Vec<String> = l
                    .conds
                    .iter()
                    .map(|b| {
                        if b.iter_left {
                            format!("{v} {} {}", b.op.text(), self.aff(&b.rhs))
                        } else {
                            format!("{} {} {v}", self.aff(&b.rhs), b.op.mirrored().text())
                        }
                    })
                    .collect();
                let step = match (l.step, l.step_style) {
                    (1, 0) => format!("{v}++"),
                    (1, 1) => format!("++{v}"),
                    (1, _) => format!("{v} += 1"),
                    (-1, 0) => format!("{v}--"),
                    (-1, 1) => format!("--{v}"),
                    (-1, _) => format!("{v} -= 1"),
                    (s, _) if s > 0 => format!("{v} += {s}"),
                    (s, _) => format!("{v} -= {}", -s),
                };
                let head = format!("for ({init}; {}; {step})", conds.join(" && "));
                let braces = l.braces || l.body.len() != 1;
                if braces {
                    let _ = writeln!(out, "{pad}{head} {{");
                    self.items(&l.body, ind + 1, out);
                    let _ = writeln!(out, "{pad}}}");
                } else {
                    let _ = writeln!(out, "{pad}{head}");
                    self.items(&l.body, ind + 1, out);
                }
            }
        }
    }
}

/// A double literal C reads back as exactly this value (Rust prints the shortest
/// round-tripping decimal).
fn lit(v: f64) -> String {
    let s = format!("{v:?}");
    if s.contains('.') || s.contains('e') {
        s
    } else {
        format!("{s}.0")
    }
}

fn dims_text(p: &Prog, a: &Arr, params: bool) -> String {
    let mut s = String::new();
    for (sym, pad) in &a.dims {
        let _ = write!(s, "[{}]", p.extent_text(*sym, *pad, params));
    }
    s
}

fn print_program(p: &Prog, seed: u64) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "/* nestor fuzz program, seed {seed:#018x} */");
    let _ = writeln!(out, "#include <stdio.h>");
    if p.math {
        let _ = writeln!(out, "#include <math.h>");
    }
    let _ = writeln!(out, "#include <unistd.h>");
    out.push('\n');
    for s in &p.syms {
        if p.guards {
            let _ = writeln!(out, "#ifndef {0}\n#define {0} {1}\n#endif", s.mac, s.val);
        } else {
            let _ = writeln!(out, "#define {} {}", s.mac, s.val);
        }
    }
    out.push('\n');
    for a in p.arrays.iter().filter(|a| !a.local) {
        let _ = writeln!(out, "static double {}{};", a.name, dims_text(p, a, false));
    }
    for s in p.scalars.iter().filter(|s| !s.local) {
        let _ = writeln!(out, "static double {};", s.name);
    }
    out.push('\n');

    // The kernel.
    let mut params: Vec<String> = Vec::new();
    if p.size_params {
        for s in &p.syms {
            params.push(format!("int {}", s.param));
        }
    }
    if p.array_params {
        for a in p.arrays.iter().filter(|a| !a.local) {
            if p.restrict_1d && a.dims.len() == 1 {
                params.push(format!("double *restrict {}", a.name));
            } else {
                params.push(format!(
                    "double {}{}",
                    a.name,
                    dims_text(p, a, p.vla_params && p.size_params)
                ));
            }
        }
    }
    let params = if params.is_empty() {
        "void".to_string()
    } else {
        params.join(", ")
    };
    let _ = writeln!(out, "static void kernel({params})\n{{");
    if p.top_iters {
        let _ = writeln!(out, "  int i, j, k, l, t;");
    }
    let scalars: Vec<String> = p
        .scalars
        .iter()
        .filter(|s| s.local)
        .map(|s| match s.init {
            Some(v) => format!("{} = {}", s.name, lit(v)),
            None => s.name.clone(),
        })
        .collect();
    let locals: Vec<String> = p
        .arrays
        .iter()
        .filter(|a| a.local)
        .map(|a| format!("{}{}", a.name, dims_text(p, a, p.size_params)))
        .collect();
    for group in [scalars, locals] {
        if group.is_empty() {
            continue;
        }
        if p.joint_decls {
            let _ = writeln!(out, "  double {};", group.join(", "));
        } else {
            for d in group {
                let _ = writeln!(out, "  double {d};");
            }
        }
    }
    if p.scop {
        let _ = writeln!(out, "#pragma scop");
    }
    let mut pr = Printer {
        p,
        names: Vec::new(),
        params: p.size_params,
    };
    pr.items(&p.body, 1, &mut out);
    if p.scop {
        let _ = writeln!(out, "#pragma endscop");
    }
    if let Some(st) = &p.sink {
        let _ = writeln!(out, "  {}", pr.stmt(st));
    }
    let _ = writeln!(out, "}}\n");

    let _ = writeln!(
        out,
        "static unsigned long long mix(unsigned long long h, double v)\n{{\n  union {{ double d; unsigned long long u; }} bits;\n  bits.d = v;\n  return (h ^ bits.u) * 1099511628211ULL;\n}}\n"
    );

    let _ = writeln!(out, "int main(void)\n{{\n  unsigned long long h;");
    let _ = writeln!(
        out,
        "  alarm(10); /* a rewritten program that never ends fails */"
    );
    for a in p.arrays.iter().filter(|a| !a.local) {
        let mut head = String::new();
        let mut idx = String::new();
        let mut sum = String::new();
        for (d, (sym, pad)) in a.dims.iter().enumerate() {
            let v = format!("i{d}");
            let _ = writeln!(
                head,
                "{}for (int {v} = 0; {v} < {}; {v}++)",
                "  ".repeat(d + 1),
                p.extent_text(*sym, *pad, false)
            );
            let _ = write!(idx, "[{v}]");
            let _ = write!(sum, "{v} * {} + ", a.init_coefs[d]);
        }
        let _ = writeln!(
            out,
            "{head}{}{}{idx} = (double)(({sum}{}) % {}) / {} - 0.5;",
            "  ".repeat(a.dims.len() + 1),
            a.name,
            a.init_c,
            a.init_p,
            lit(a.init_p as f64)
        );
    }
    for s in p.scalars.iter().filter(|s| !s.local) {
        let _ = writeln!(out, "  {} = {};", s.name, lit(s.init.unwrap_or(0.0)));
    }
    let mut args: Vec<String> = Vec::new();
    if p.size_params {
        args.extend(p.syms.iter().map(|s| s.mac.clone()));
    }
    if p.array_params {
        args.extend(p.arrays.iter().filter(|a| !a.local).map(|a| a.name.clone()));
    }
    let _ = writeln!(out, "  kernel({});", args.join(", "));
    for a in p.arrays.iter().filter(|a| !a.local) {
        let _ = writeln!(out, "  h = 1469598103934665603ULL;");
        let mut idx = String::new();
        for (d, (sym, pad)) in a.dims.iter().enumerate() {
            let v = format!("i{d}");
            let _ = writeln!(
                out,
                "{}for (int {v} = 0; {v} < {}; {v}++)",
                "  ".repeat(d + 1),
                p.extent_text(*sym, *pad, false)
            );
            let _ = write!(idx, "[{v}]");
        }
        let _ = writeln!(
            out,
            "{}h = mix(h, {}{idx});",
            "  ".repeat(a.dims.len() + 1),
            a.name
        );
        let _ = writeln!(out, "  printf(\"{} %016llx\\n\", h);", a.name);
    }
    for s in p.scalars.iter().filter(|s| !s.local) {
        let _ = writeln!(out, "  printf(\"{} %a\\n\", {});", s.name, s.name);
    }
    let _ = writeln!(out, "  return 0;\n}}");
    out
}

// ---------------------------------------------------------------------------------
// The interpreter: the check that a candidate has no undefined behaviour
// ---------------------------------------------------------------------------------

struct Machine<'a> {
    p: &'a Prog,
    its: [i64; 8],
    arrays: Vec<Vec<f64>>,
    init: Vec<Vec<bool>>,
    scalars: Vec<f64>,
    sc_init: Vec<bool>,
    steps: u64,
    budget: u64,
}

/// Why a candidate was discarded.
#[derive(Debug)]
pub enum Reject {
    OutOfBounds(String),
    Uninitialised(String),
    Magnitude,
    Budget,
    EmptyKernel,
}

type Run<T> = Result<T, Reject>;

const MAX_MAGNITUDE: f64 = 1e9;

impl Machine<'_> {
    fn aff(&self, a: &Aff) -> i64 {
        let mut v = a.c;
        for (atom, coef) in &a.t {
            v += coef
                * match atom {
                    Atom::It(s) => self.its[*s],
                    Atom::Sym(s) => self.p.syms[*s].val,
                };
        }
        if a.div > 0 || a.md > 0 {
            assert!(
                v >= 0,
                "a division or modulo of a negative numerator was generated"
            );
        }
        if a.div > 0 {
            v /= a.div;
        }
        if a.md > 0 {
            v %= a.md;
        }
        v
    }

    fn cond(&self, c: &Cond) -> bool {
        match c {
            Cond::Cmp(a, op, b) => op.holds(self.aff(a), self.aff(b)),
            Cond::Mod(n, m, r, eq) => {
                let v = self.aff(n);
                assert!(v >= 0, "a modulo of a negative numerator was generated");
                (v % m == *r) == *eq
            }
            Cond::And(a, b) => self.cond(a) && self.cond(b),
            Cond::Or(a, b) => self.cond(a) || self.cond(b),
        }
    }

    fn cell(&self, t: &Target) -> Run<(Option<usize>, usize)> {
        match t {
            Target::Sc(s) => Ok((None, *s)),
            Target::Arr(a, subs) => {
                let mut off = 0usize;
                for (d, sub) in subs.iter().enumerate() {
                    let v = self.aff(sub);
                    let e = self.p.extent(*a, d);
                    if v < 0 || v >= e {
                        return Err(Reject::OutOfBounds(format!(
                            "{}: dimension {d} subscript {v} outside 0..{e}",
                            self.p.arrays[*a].name
                        )));
                    }
                    off = off * e as usize + v as usize;
                }
                Ok((Some(*a), off))
            }
        }
    }

    fn read(&self, t: &Target) -> Run<f64> {
        match self.cell(t)? {
            (None, s) => {
                if !self.sc_init[s] {
                    return Err(Reject::Uninitialised(self.p.scalars[s].name.clone()));
                }
                Ok(self.scalars[s])
            }
            (Some(a), off) => {
                if !self.init[a][off] {
                    return Err(Reject::Uninitialised(self.p.arrays[a].name.clone()));
                }
                Ok(self.arrays[a][off])
            }
        }
    }

    fn write(&mut self, t: &Target, v: f64) -> Run<()> {
        if !v.is_finite() || v.abs() > MAX_MAGNITUDE {
            return Err(Reject::Magnitude);
        }
        match self.cell(t)? {
            (None, s) => {
                self.scalars[s] = v;
                self.sc_init[s] = true;
            }
            (Some(a), off) => {
                self.arrays[a][off] = v;
                self.init[a][off] = true;
            }
        }
        Ok(())
    }

    fn stmt(&mut self, st: &Stmt) -> Run<()> {
        self.steps += 1;
        if self.steps > self.budget {
            return Err(Reject::Budget);
        }
        let mut rhs = 0.0;
        for t in &st.rhs {
            let mut v = t.coef;
            for (n, f) in t.factors.iter().enumerate() {
                let x = self.read(f)?;
                v *= if n == 0 && t.fabs { x.abs() } else { x };
            }
            if let Some(d) = t.div {
                v /= d;
            }
            rhs = if t.neg { rhs - v } else { rhs + v };
        }
        for lhs in st.lhs.iter().rev() {
            let v = match st.op {
                AsgOp::Set => rhs,
                AsgOp::Add => self.read(lhs)? + rhs,
                AsgOp::Sub => self.read(lhs)? - rhs,
                AsgOp::Mul => self.read(lhs)? * rhs,
            };
            self.write(lhs, v)?;
            rhs = v;
        }
        Ok(())
    }

    fn items(&mut self, items: &[Item]) -> Run<()> {
        for it in items {
            match it {
                Item::Comment(_) => {}
                Item::Barrier(t) => {
                    let v = self.read(t)?;
                    assert!(v <= 1e300, "a barrier would be taken");
                }
                Item::Stmt(st) => self.stmt(st)?,
                Item::If(c, then, els) => {
                    if self.cond(c) {
                        self.items(then)?;
                    } else if let Some(e) = els {
                        self.items(e)?;
                    }
                }
                Item::Loop(l) => {
                    self.its[l.slot] = self.aff(&l.init);
                    loop {
                        let v = self.its[l.slot];
                        let go = l.conds.iter().all(|b| b.op.holds(v, self.aff(&b.rhs)));
                        if !go {
                            break;
                        }
                        self.steps += 1;
                        if self.steps > self.budget {
                            return Err(Reject::Budget);
                        }
                        self.items(&l.body)?;
                        self.its[l.slot] += l.step;
                    }
                }
            }
        }
        Ok(())
    }
}

fn check(p: &Prog, budget: u64) -> Run<()> {
    let mut m = Machine {
        p,
        its: [0; 8],
        arrays: Vec::new(),
        init: Vec::new(),
        scalars: Vec::new(),
        sc_init: Vec::new(),
        steps: 0,
        budget,
    };
    for (ai, a) in p.arrays.iter().enumerate() {
        let ext: Vec<i64> = (0..a.dims.len()).map(|d| p.extent(ai, d)).collect();
        let total: i64 = ext.iter().product();
        let mut vals = vec![0.0; total as usize];
        if !a.local {
            for (off, v) in vals.iter_mut().enumerate() {
                let mut rest = off as i64;
                let mut sum = a.init_c;
                for d in (0..ext.len()).rev() {
                    sum += (rest % ext[d]) * a.init_coefs[d];
                    rest /= ext[d];
                }
                *v = (sum % a.init_p) as f64 / a.init_p as f64 - 0.5;
            }
        }
        m.arrays.push(vals);
        m.init.push(vec![!a.local; total as usize]);
    }
    for s in &p.scalars {
        m.scalars.push(s.init.unwrap_or(0.0));
        m.sc_init.push(s.init.is_some() || !s.local);
    }
    m.items(&p.body)?;
    if let Some(st) = &p.sink {
        m.stmt(st)?;
    }
    Ok(())
}

// ---------------------------------------------------------------------------------
// Generation
// ---------------------------------------------------------------------------------

/// An enclosing loop while generating.
#[derive(Clone)]
struct Enc {
    slot: usize,
    /// Conservative range of the iterator.
    lo: i64,
    hi: i64,
    trip: i64,
    time: bool,
    /// Lower bound provably >= 0 (so `%` on it is exact).
    nonneg: bool,
    /// A stride-1, rectangular, unconditional loop (its points form an interval).
    dense: bool,
}

/// The range of every cell that is surely written (local temporaries only).
type Boxes = Vec<Option<Vec<(i64, i64)>>>;

struct Gen {
    rng: Rng,
    p: Prog,
    /// Approximate magnitude bound of every array and scalar (for coefficient choice).
    amag: Vec<f64>,
    smag: Vec<f64>,
    /// Written cells of local arrays (`None`: unreadable).
    boxes: Boxes,
    /// Local scalars surely initialised at this point of the kernel's top level.
    sc_ready: Vec<bool>,
    /// Arrays written by the previous nest (read preferentially: fusion candidates).
    recent: Vec<usize>,
    stencil: bool,
    /// Iterator names by nesting depth in the current nest.
    names: [&'static str; 4],
}

const COEFS: [f64; 9] = [0.5, 0.25, 0.3, 0.7, 0.125, 0.9, 0.33, 1.0, 0.6];

fn interval_of(a: &Aff, enc: &[Enc], syms: &[Sym]) -> (i64, i64) {
    let mut lo = a.c;
    let mut hi = a.c;
    for (atom, coef) in &a.t {
        let (l, h) = match atom {
            Atom::Sym(s) => (syms[*s].val, syms[*s].val),
            Atom::It(slot) => {
                let e = enc
                    .iter()
                    .find(|e| e.slot == *slot)
                    .expect("enclosing loop");
                (e.lo, e.hi)
            }
        };
        if *coef >= 0 {
            lo += coef * l;
            hi += coef * h;
        } else {
            lo += coef * h;
            hi += coef * l;
        }
    }
    if a.div > 0 {
        assert!(lo >= 0, "division of a possibly negative numerator");
        (lo, hi) = (lo / a.div, hi / a.div);
    }
    if a.md > 0 {
        assert!(lo >= 0, "modulo of a possibly negative numerator");
        if hi - lo + 1 < a.md && lo % a.md <= hi % a.md {
            (lo, hi) = (lo % a.md, hi % a.md);
        } else {
            (lo, hi) = (0, a.md - 1);
        }
    }
    (lo, hi)
}

impl Gen {
    fn new(seed: u64) -> Gen {
        let mut rng = Rng::new(seed);
        let nsyms = *rng.pick(&[1, 1, 1, 2, 2, 3]);
        let class = rng.weighted(&[40, 40, 20]);
        let (lo, hi) = [(5, 12), (10, 22), (18, 40)][class];
        let names = [("N", "n"), ("M", "m"), ("K", "p")];
        let mut syms = Vec::new();
        for (mac, param) in names.iter().take(nsyms) {
            syms.push(Sym {
                mac: mac.to_string(),
                param: param.to_string(),
                val: rng.range(lo, hi),
            });
        }
        let size_params = rng.chance(40);
        let array_params = rng.chance(30);
        let vla_params = rng.chance(50);
        let top_iters = rng.chance(50);
        let restrict_1d = rng.chance(40);
        let scop = rng.chance(15);
        let guards = rng.chance(30);
        let joint_decls = rng.chance(25);
        let p = Prog {
            syms,
            size_params,
            array_params,
            vla_params,
            restrict_1d,
            top_iters,
            math: false,
            scop,
            guards,
            joint_decls,
            arrays: Vec::new(),
            scalars: Vec::new(),
            body: Vec::new(),
            sink: None,
        };
        let mut g = Gen {
            rng,
            p,
            amag: Vec::new(),
            smag: Vec::new(),
            boxes: Vec::new(),
            sc_ready: Vec::new(),
            recent: Vec::new(),
            stencil: false,
            names: ["i", "j", "k", "l"],
        };
        g.declare_data();
        g
    }

    fn declare_data(&mut self) {
        let nsyms = self.p.syms.len();
        let small = self.p.syms.iter().all(|s| s.val <= 16);
        let global_names = ["A", "B", "C", "D", "E"];
        let nglobal = self.rng.range(2, 5) as usize;
        let mut dims_list: Vec<usize> = Vec::new();
        for n in 0..nglobal {
            let nd = match self.rng.weighted(&[30, 60, if small { 10 } else { 0 }]) {
                0 => 1,
                1 => 2,
                _ => 3,
            };
            dims_list.push(if n == 0 { nd.max(2) } else { nd });
        }
        let vec_names = ["x", "y", "z"];
        let (mut nm, mut nv) = (0, 0);
        for nd in dims_list {
            let name = if nd == 1 && nv < vec_names.len() {
                nv += 1;
                vec_names[nv - 1]
            } else {
                nm += 1;
                global_names[nm - 1]
            };
            self.add_array(name, nd, false, nsyms);
        }
        if self.rng.chance(20) {
            let nd = if small && self.rng.chance(30) { 3 } else { 2 };
            self.add_array_pp("P", nd, false, nsyms, true);
        }
        let nlocal = self.rng.weighted(&[35, 45, 20]);
        for (n, name) in ["tmp", "buf"].iter().enumerate().take(nlocal) {
            let nd = if n == 0 {
                *self.rng.pick(&[1, 2, 2])
            } else {
                *self.rng.pick(&[1, 2])
            };
            self.add_array(name, nd, true, nsyms);
        }
        // Scalars: s and u local, g global.
        let nloc = self.rng.range(1, 2) as usize;
        for name in ["s", "u"].iter().take(nloc) {
            let init = if self.rng.chance(40) {
                Some(*self.rng.pick(&[0.0, 0.5, 0.25]))
            } else {
                None
            };
            self.p.scalars.push(Scalar {
                name: name.to_string(),
                local: true,
                init,
            });
        }
        if self.rng.chance(40) {
            self.p.scalars.push(Scalar {
                name: "g".into(),
                local: false,
                init: Some(0.375),
            });
        }
        self.smag = self
            .p
            .scalars
            .iter()
            .map(|s| s.init.unwrap_or(0.0).abs().max(0.5))
            .collect();
        self.sc_ready = self
            .p
            .scalars
            .iter()
            .map(|s| s.init.is_some() || !s.local)
            .collect();
    }

    fn add_array(&mut self, name: &str, nd: usize, local: bool, nsyms: usize) {
        self.add_array_pp(name, nd, local, nsyms, false)
    }

    /// `pp`: the first dimension has extent 2 (a ping-pong buffer).
    fn add_array_pp(&mut self, name: &str, nd: usize, local: bool, nsyms: usize, pp: bool) {
        let mut dims = Vec::new();
        let base = self.rng.below(nsyms);
        if pp {
            dims.push((None, 2));
        }
        for d in dims.len()..nd {
            let s = if self.rng.chance(70) {
                (base + d) % nsyms
            } else {
                self.rng.below(nsyms)
            };
            let pad = *self.rng.pick(&[2, 3, 4, 4]);
            dims.push((Some(s), pad));
        }
        let init_coefs = (0..nd).map(|_| self.rng.range(1, 13)).collect();
        let init_p = *self.rng.pick(&[7, 11, 13, 17, 19, 23]);
        let init_c = self.rng.range(0, 6);
        self.p.arrays.push(Arr {
            name: name.into(),
            dims,
            local,
            init_coefs,
            init_c,
            init_p,
        });
        self.amag.push(0.5);
        self.boxes.push(if local { None } else { Some(Vec::new()) });
    }

    fn slot_name(&self, slot: usize, time: bool) -> String {
        if time {
            return "t".into();
        }
        self.names[slot.min(3)].to_string()
    }

    // ---- loops ---------------------------------------------------------------

    /// A loop header over a range chosen for size symbol `sym`, at nesting `slot`.
    fn gen_header(&mut self, enc: &[Enc], slot: usize, dense_only: bool) -> Option<(Loop, Enc)> {
        let nsyms = self.p.syms.len();
        let sym = self.rng.below(nsyms);
        let outer: Vec<&Enc> = enc.iter().filter(|e| !e.time).collect();
        let tri = !dense_only && !outer.is_empty() && self.rng.chance(35);
        let stride = if !dense_only && self.rng.chance(12) {
            2
        } else {
            1
        };
        let down = self.rng.chance(25);
        let mut conds = Vec::new();
        let init;
        // Upper limit of useful iterator values: the symbol's value plus one.
        let cap = Aff::sym(sym, *self.rng.pick(&[-2, -1, 0, 0, 1]));
        let lo_c = *self.rng.pick(&[0, 0, 1, 1, 2]);
        if tri {
            let o = outer[self.rng.below(outer.len())].slot;
            match self.rng.below(5) {
                4 => {
                    // up to half the outer iterator (a division in the bound), clamped
                    init = Aff::k(lo_c);
                    let c = *self.rng.pick(&[0, 1, 2]);
                    let op = *self.rng.pick(&[Cmp::Le, Cmp::Lt]);
                    conds.push(Bound {
                        op,
                        rhs: Aff::it(o, c).divided(2),
                        iter_left: self.rng.chance(80),
                    });
                    if self.rng.chance(50) {
                        conds.push(Bound {
                            op: Cmp::Lt,
                            rhs: cap,
                            iter_left: true,
                        });
                    }
                }
                0 => {
                    // up to the outer iterator, clamped
                    init = Aff::k(lo_c);
                    let c = *self.rng.pick(&[-1, 0, 0, 1, 2]);
                    let op = *self.rng.pick(&[Cmp::Le, Cmp::Lt]);
                    conds.push(Bound {
                        op,
                        rhs: Aff::it(o, c),
                        iter_left: self.rng.chance(80),
                    });
                    conds.push(Bound {
                        op: Cmp::Lt,
                        rhs: cap,
                        iter_left: true,
                    });
                    if self.rng.chance(30) {
                        conds.swap(0, 1);
                    }
                }
                1 => {
                    // from the outer iterator up
                    init = Aff::it(o, *self.rng.pick(&[0, 0, 1]));
                    conds.push(Bound {
                        op: Cmp::Lt,
                        rhs: cap,
                        iter_left: self.rng.chance(80),
                    });
                }
                2 => {
                    // from the outer iterator down
                    init = Aff::it(o, *self.rng.pick(&[0, 0, -1]));
                    conds.push(Bound {
                        op: Cmp::Ge,
                        rhs: Aff::k(lo_c),
                        iter_left: true,
                    });
                    return self.finish_header(enc, slot, sym, init, conds, -stride, dense_only);
                }
                _ => {
                    // from the top down to the outer iterator
                    let mut top = cap.clone();
                    top.c -= 1;
                    init = top;
                    let op = *self.rng.pick(&[Cmp::Gt, Cmp::Ge]);
                    conds.push(Bound {
                        op,
                        rhs: Aff::it(o, 0),
                        iter_left: self.rng.chance(80),
                    });
                    return self.finish_header(enc, slot, sym, init, conds, -stride, dense_only);
                }
            }
            return self.finish_header(enc, slot, sym, init, conds, stride, dense_only);
        }
        if down {
            let mut top = cap;
            top.c -= 1;
            init = top;
            let op = *self.rng.pick(&[Cmp::Ge, Cmp::Gt]);
            let rhs = Aff::k(if op == Cmp::Gt { lo_c - 1 } else { lo_c });
            conds.push(Bound {
                op,
                rhs,
                iter_left: self.rng.chance(80),
            });
            return self.finish_header(enc, slot, sym, init, conds, -stride, dense_only);
        }
        init = Aff::k(lo_c);
        let op = if stride == 1 && self.rng.chance(8) {
            Cmp::Ne
        } else {
            *self.rng.pick(&[Cmp::Lt, Cmp::Lt, Cmp::Le])
        };
        let mut rhs = cap;
        if op == Cmp::Le {
            rhs.c -= 1;
        }
        if op != Cmp::Ne && self.rng.chance(6) {
            // a division by a constant in a rectangular bound
            rhs = Aff::sym(sym, self.rng.range(0, 2)).divided(2);
        }
        conds.push(Bound {
            op,
            rhs,
            iter_left: op == Cmp::Ne || self.rng.chance(80),
        });
        self.finish_header(enc, slot, sym, init, conds, stride, dense_only)
    }

    #[allow(clippy::too_many_arguments)]
    fn finish_header(
        &mut self,
        enc: &[Enc],
        slot: usize,
        _sym: usize,
        init: Aff,
        conds: Vec<Bound>,
        step: i64,
        dense_only: bool,
    ) -> Option<(Loop, Enc)> {
        let syms = &self.p.syms;
        let (ilo, ihi) = interval_of(&init, enc, syms);
        let (lo, hi);
        if step > 0 {
            lo = ilo;
            let mut h = i64::MAX;
            for b in &conds {
                let (_, bh) = interval_of(&b.rhs, enc, syms);
                h = h.min(match b.op {
                    Cmp::Lt | Cmp::Ne => bh - 1,
                    Cmp::Le => bh,
                    _ => unreachable!(),
                });
            }
            hi = h;
        } else {
            hi = ihi;
            let mut l = i64::MIN;
            for b in &conds {
                let (bl, _) = interval_of(&b.rhs, enc, syms);
                l = l.max(match b.op {
                    Cmp::Gt => bl + 1,
                    Cmp::Ge => bl,
                    _ => unreachable!(),
                });
            }
            lo = l;
        }
        if lo > hi || lo < 0 {
            return None;
        }
        // `!=` must not be able to step over its bound: only from a constant start below it.
        for b in &conds {
            if b.op == Cmp::Ne {
                let (bl, _) = interval_of(&b.rhs, enc, syms);
                if !init.t.is_empty() || step != 1 || ilo > bl {
                    return None;
                }
            }
        }
        let nonneg = lo >= 0
            && if step > 0 {
                ilo >= 0
            } else {
                conds.iter().all(|b| interval_of(&b.rhs, enc, syms).0 >= -1)
            };
        let rect = init.t.iter().all(|(a, _)| matches!(a, Atom::Sym(_)))
            && conds
                .iter()
                .all(|b| b.rhs.t.iter().all(|(a, _)| matches!(a, Atom::Sym(_))));
        if dense_only && !(rect && step.abs() == 1) {
            return None;
        }
        let trip = (hi - lo) / step.abs() + 1;
        let time = false;
        let name = self.slot_name(slot, time);
        let declare = !self.p.top_iters;
        let step_style = self.rng.below(3) as u8;
        let braces = self.rng.chance(50);
        let l = Loop {
            slot,
            name,
            declare,
            init,
            conds,
            step,
            step_style,
            braces,
            body: Vec::new(),
        };
        let e = Enc {
            slot,
            lo,
            hi,
            trip,
            time,
            nonneg,
            dense: rect && step.abs() == 1,
        };
        Some((l, e))
    }

    fn header(&mut self, enc: &[Enc], slot: usize, dense_only: bool) -> (Loop, Enc) {
        for _ in 0..50 {
            if let Some(h) = self.gen_header(enc, slot, dense_only) {
                return h;
            }
        }
        // A plain rectangular loop always works.
        let init = Aff::k(0);
        let conds = vec![Bound {
            op: Cmp::Lt,
            rhs: Aff::sym(0, 0),
            iter_left: true,
        }];
        self.finish_header(enc, slot, 0, init, conds, 1, dense_only)
            .expect("plain loop")
    }

    fn time_loop(&mut self, slot: usize) -> (Loop, Enc) {
        let steps = self.rng.range(2, 4);
        let name = self.slot_name(slot, true);
        let l = Loop {
            slot,
            name,
            declare: !self.p.top_iters,
            init: Aff::k(0),
            conds: vec![Bound {
                op: Cmp::Lt,
                rhs: Aff::k(steps),
                iter_left: true,
            }],
            step: 1,
            step_style: self.rng.below(3) as u8,
            braces: true,
            body: Vec::new(),
        };
        let e = Enc {
            slot,
            lo: 0,
            hi: steps - 1,
            trip: steps,
            time: true,
            nonneg: true,
            dense: false,
        };
        (l, e)
    }

    // ---- references ----------------------------------------------------------

    /// A subscript of a ping-pong dimension of extent `ext`: `t % 2` or `(t + 1) % 2`
    /// in a time loop (the write side mostly the first), else a constant.
    fn ping_pong(&mut self, enc: &[Enc], ext: i64, write: bool) -> Aff {
        if let Some(t) = enc.iter().find(|e| e.time)
            && self.rng.chance(90)
        {
            let c = if self.rng.chance(if write { 85 } else { 25 }) {
                0
            } else {
                1
            };
            return Aff::it(t.slot, c).modulo(ext);
        }
        Aff::k(self.rng.range(0, ext - 1))
    }

    /// Candidate subscripts for a dimension whose valid range is `lo..=hi`.
    fn subscripts(
        &mut self,
        enc: &[Enc],
        lo: i64,
        hi: i64,
        write: bool,
        want: Option<usize>,
        used: &[usize],
    ) -> Vec<(Aff, u32)> {
        let mut out = Vec::new();
        let its: Vec<&Enc> = enc.iter().filter(|e| !e.time).collect();
        for e in &its {
            let pref = if want == Some(e.slot) {
                30
            } else if used.contains(&e.slot) {
                1
            } else {
                3
            };
            for off in -2..=2i64 {
                if e.lo + off >= lo && e.hi + off <= hi {
                    let w = match off.abs() {
                        0 => 10,
                        1 => {
                            if write {
                                1
                            } else {
                                5
                            }
                        }
                        _ => {
                            if write {
                                0
                            } else {
                                2
                            }
                        }
                    };
                    if w > 0 {
                        out.push((Aff::it(e.slot, off), w * pref));
                    }
                }
            }
            // i / 2, (i + 1) / 2
            for off in 0..=1 {
                if e.lo >= 0 && (e.lo + off) / 2 >= lo && (e.hi + off) / 2 <= hi {
                    out.push((Aff::it(e.slot, off).divided(2), 1));
                }
            }
            // 2 * i + c
            for off in 0..=1 {
                if 2 * e.lo + off >= lo && 2 * e.hi + off <= hi {
                    out.push((
                        Aff {
                            c: off,
                            t: vec![(Atom::It(e.slot), 2)],
                            div: 0,
                            md: 0,
                        },
                        1,
                    ));
                }
            }
        }
        // i + j (a skewed access)
        if its.len() >= 2 && !write {
            let (a, b) = (its[0], its[1]);
            if a.lo + b.lo >= lo && a.hi + b.hi <= hi {
                out.push((
                    Aff {
                        c: 0,
                        t: vec![(Atom::It(a.slot), 1), (Atom::It(b.slot), 1)],
                        div: 0,
                        md: 0,
                    },
                    2,
                ));
            }
        }
        if lo <= hi && (out.is_empty() || self.rng.chance(10)) {
            let c = self.rng.range(lo, hi.min(lo + 3));
            out.push((Aff::k(c), 1));
        }
        out
    }

    /// A reference to `a`: within the array for a plain write, within its written
    /// cells for a read (`in_box`, also for the target of a compound assignment).
    fn array_ref(&mut self, enc: &[Enc], a: usize, write: bool, order: &[usize]) -> Option<Target> {
        self.array_ref_in(enc, a, write, !write, order)
    }

    fn array_ref_in(
        &mut self,
        enc: &[Enc],
        a: usize,
        write: bool,
        in_box: bool,
        order: &[usize],
    ) -> Option<Target> {
        let nd = self.p.arrays[a].dims.len();
        let bx = self.boxes[a].clone();
        let bx = match bx {
            Some(b) => b,
            None if !in_box => Vec::new(),
            None => return None,
        };
        let mut subs = Vec::new();
        let mut k = 0;
        for d in 0..nd {
            let (lo, hi) = if bx.is_empty() || !in_box {
                (0, self.p.extent(a, d) - 1)
            } else {
                bx[d]
            };
            if self.p.arrays[a].dims[d].0.is_none() {
                subs.push(self.ping_pong(enc, hi + 1, write));
                continue;
            }
            let want = order.get(k).copied();
            k += 1;
            let used: Vec<usize> = subs.iter().filter_map(|s: &Aff| s.sole_slot()).collect();
            let cands = self.subscripts(enc, lo, hi, write, want, &used);
            if cands.is_empty() {
                return None;
            }
            let w: Vec<u32> = cands.iter().map(|c| c.1).collect();
            let n = self.rng.weighted(&w);
            subs.push(cands[n].0.clone());
        }
        Some(Target::Arr(a, subs))
    }

    /// The iterator slots in the order a "natural" reference would use them, possibly
    /// transposed (column-order accesses).
    fn order(&mut self, enc: &[Enc], nd: usize) -> Vec<usize> {
        let its: Vec<usize> = enc.iter().filter(|e| !e.time).map(|e| e.slot).collect();
        let mut v: Vec<usize> = if its.len() >= nd {
            its[its.len() - nd..].to_vec()
        } else {
            its.clone()
        };
        if its.len() > nd && self.rng.chance(40) {
            v = its[..nd].to_vec();
        }
        if self.rng.chance(35) {
            v.reverse();
        }
        v
    }

    fn readable_arrays(&self) -> Vec<usize> {
        (0..self.p.arrays.len())
            .filter(|a| self.boxes[*a].is_some())
            .collect()
    }

    fn read_ref(&mut self, enc: &[Enc], avoid: Option<usize>, ready: &[bool]) -> Option<Target> {
        let scalars: Vec<usize> = (0..self.p.scalars.len()).filter(|s| ready[*s]).collect();
        if !scalars.is_empty() && self.rng.chance(12) {
            return Some(Target::Sc(*self.rng.pick(&scalars)));
        }
        let mut arrays: Vec<usize> = self
            .readable_arrays()
            .into_iter()
            .filter(|a| Some(*a) != avoid)
            .collect();
        if arrays.is_empty() {
            return None;
        }
        if !self.recent.is_empty() && self.rng.chance(45) {
            let rec: Vec<usize> = self
                .recent
                .iter()
                .copied()
                .filter(|a| arrays.contains(a))
                .collect();
            if !rec.is_empty() {
                arrays = rec;
            }
        }
        // mostly arrays with no more dimensions than there are loops
        let depth = enc.iter().filter(|e| !e.time).count();
        if self.rng.chance(80) {
            let fit: Vec<usize> = arrays
                .iter()
                .copied()
                .filter(|a| self.p.arrays[*a].loop_dims() <= depth)
                .collect();
            if !fit.is_empty() {
                arrays = fit;
            }
        }
        for _ in 0..4 {
            let a = *self.rng.pick(&arrays);
            let nd = self.p.arrays[a].loop_dims();
            let order = self.order(enc, nd);
            if let Some(t) = self.array_ref(enc, a, false, &order) {
                return Some(t);
            }
        }
        None
    }

    fn mag(&self, t: &Target) -> f64 {
        match t {
            Target::Sc(s) => self.smag[*s],
            Target::Arr(a, _) => self.amag[*a],
        }
    }

    fn same_var(a: &Target, b: &Target) -> bool {
        match (a, b) {
            (Target::Sc(x), Target::Sc(y)) => x == y,
            (Target::Arr(x, _), Target::Arr(y, _)) => x == y,
            _ => false,
        }
    }

    /// A right-hand side: 1-3 terms; `lhs` is read only when `self_ok`.
    fn rhs(&mut self, enc: &[Enc], lhs: &Target, self_ok: bool, ready: &[bool]) -> Vec<Term> {
        let nterms = self.rng.weighted(&[35, 45, 20]) + 1;
        let mut terms = Vec::new();
        let avoid = if self_ok {
            None
        } else if let Target::Arr(a, _) = lhs {
            Some(*a)
        } else {
            None
        };
        for n in 0..nterms {
            let nf = self.rng.weighted(&[if n == 0 { 0 } else { 10 }, 65, 25]);
            let mut factors = Vec::new();
            for _ in 0..nf {
                let f = if self_ok && factors.is_empty() && self.stencil && self.rng.chance(20) {
                    // a stencil-like read of the written array itself
                    match lhs {
                        Target::Arr(a, _) => {
                            let nd = self.p.arrays[*a].loop_dims();
                            let order = self.order(enc, nd);
                            self.array_ref(enc, *a, false, &order)
                        }
                        _ => None,
                    }
                } else {
                    None
                };
                let f = match f {
                    Some(f) => Some(f),
                    None => self.read_ref(enc, avoid, ready),
                };
                if let Some(f) = f {
                    if !self_ok && Self::same_var(&f, lhs) {
                        continue;
                    }
                    // never a product of the written variable with itself
                    if factors.iter().any(|g| Self::same_var(g, lhs)) && Self::same_var(&f, lhs) {
                        continue;
                    }
                    factors.push(f);
                }
            }
            let coef = *self.rng.pick(&COEFS);
            let div = if self.rng.chance(8) {
                Some(*self.rng.pick(&[3.0, 7.0, 4.0]))
            } else {
                None
            };
            let fabs = !factors.is_empty() && self.rng.chance(5);
            if fabs {
                self.p.math = true;
            }
            terms.push(Term {
                neg: self.rng.chance(30),
                coef,
                factors,
                div,
                fabs,
            });
        }
        terms
    }

    fn rhs_mag(&self, terms: &[Term]) -> f64 {
        terms
            .iter()
            .map(|t| {
                let mut m = t.coef;
                for f in &t.factors {
                    m *= self.mag(f).max(1e-3);
                }
                if let Some(d) = t.div {
                    m /= d;
                }
                m
            })
            .sum()
    }

    /// Multiplies the coefficients by a power of two so that the right-hand side's
    /// magnitude (times `count`) stays at most `limit`.
    fn scale(&self, terms: &mut [Term], count: f64, limit: f64) -> f64 {
        let mut m = self.rhs_mag(terms) * count;
        let mut f = 1.0;
        while m > limit {
            m /= 2.0;
            f /= 2.0;
        }
        for t in terms.iter_mut() {
            t.coef *= f;
        }
        m
    }

    /// Executions per cell of a compound assignment to `lhs` inside `enc` (only the
    /// loops not fixing the cell count), for the coefficient choice.
    fn per_cell(enc: &[Enc], lhs: &Target, from: usize) -> f64 {
        let fixed: Vec<usize> = match lhs {
            Target::Sc(_) => Vec::new(),
            Target::Arr(_, subs) => subs.iter().filter_map(|s| s.sole_slot()).collect(),
        };
        enc.iter()
            .skip(from)
            .filter(|e| !fixed.contains(&e.slot))
            .map(|e| e.trip as f64)
            .product()
    }

    fn write_target(&mut self, enc: &[Enc], allow_scalar: bool) -> Option<Target> {
        self.write_target_in(enc, allow_scalar, false)
    }

    fn write_target_in(&mut self, enc: &[Enc], allow_scalar: bool, in_box: bool) -> Option<Target> {
        let scalars: Vec<usize> = (0..self.p.scalars.len()).collect();
        if allow_scalar && self.rng.chance(10) {
            return Some(Target::Sc(*self.rng.pick(&scalars)));
        }
        let depth = enc.iter().filter(|e| !e.time).count();
        let mut cands: Vec<usize> = (0..self.p.arrays.len())
            .filter(|a| self.p.arrays[*a].loop_dims() <= depth.max(1))
            .collect();
        // locals become writable only through their producer, unless a box exists
        cands.retain(|a| !self.p.arrays[*a].local || self.boxes[*a].is_some());
        if cands.is_empty() {
            return None;
        }
        for _ in 0..4 {
            let a = *self.rng.pick(&cands);
            let nd = self.p.arrays[a].loop_dims();
            let order = self.order(enc, nd);
            if let Some(t) = self.array_ref_in(enc, a, true, in_box, &order) {
                return Some(t);
            }
        }
        None
    }

    fn note_write(&mut self, t: &Target, mag: f64, add: bool) {
        match t {
            Target::Sc(s) => {
                self.smag[*s] = if add {
                    self.smag[*s] + mag
                } else {
                    self.smag[*s].max(mag)
                };
            }
            Target::Arr(a, _) => {
                self.amag[*a] = if add {
                    self.amag[*a] + mag
                } else {
                    self.amag[*a].max(mag)
                };
                if !self.recent.contains(a) {
                    self.recent.push(*a);
                }
            }
        }
    }

    /// One statement in the loops `enc` (the innermost last).
    fn stmt(&mut self, enc: &[Enc], ready: &[bool], resets: &[(usize, usize)]) -> Option<Stmt> {
        let op = match self.rng.weighted(&[55, 30, 8, 7]) {
            0 => AsgOp::Set,
            1 => AsgOp::Add,
            2 => AsgOp::Sub,
            _ => AsgOp::Mul,
        };
        let lhs = self.write_target_in(enc, true, op != AsgOp::Set)?;
        if let Target::Sc(s) = lhs
            && op != AsgOp::Set
            && !ready[s]
        {
            return None;
        }
        if op == AsgOp::Mul {
            let c: f64 = *self.rng.pick(&[0.5, 0.75, 0.9, -0.5]);
            let rhs = vec![Term {
                neg: false,
                coef: c.abs(),
                factors: Vec::new(),
                div: None,
                fabs: false,
            }];
            let mut rhs = rhs;
            rhs[0].neg = c < 0.0;
            return Some(Stmt {
                lhs: vec![lhs],
                op,
                rhs,
            });
        }
        if op == AsgOp::Set {
            let self_ok = self.rng.chance(if self.stencil { 60 } else { 30 });
            let mut rhs = self.rhs(enc, &lhs, self_ok, ready);
            // a self read must not make the value grow: scale the whole right side to <= 1
            let m = self.scale(&mut rhs, 1.0, if self_ok { 0.9 } else { 1.0 });
            let mut lhs_list = vec![lhs];
            if self.rng.chance(4)
                && let Some(t2) = self.write_target(enc, false)
                && !Self::same_var(&t2, &lhs_list[0])
                && !rhs
                    .iter()
                    .any(|t| t.factors.iter().any(|f| Self::same_var(f, &t2)))
            {
                lhs_list.insert(0, t2);
            }
            for t in &lhs_list {
                self.note_write(t, m, false);
            }
            return Some(Stmt {
                lhs: lhs_list,
                op,
                rhs,
            });
        }
        // += / -=: the right side never reads the written variable
        let mut rhs = self.rhs(enc, &lhs, false, ready);
        let from = match lhs {
            Target::Sc(s) => resets
                .iter()
                .rev()
                .find(|r| r.0 == s)
                .map(|r| r.1)
                .unwrap_or(0),
            _ => 0,
        };
        let count = Self::per_cell(enc, &lhs, from);
        let m = self.scale(&mut rhs, count, 1.0);
        self.note_write(&lhs, m, true);
        Some(Stmt {
            lhs: vec![lhs],
            op,
            rhs,
        })
    }

    fn cond(&mut self, enc: &[Enc]) -> Option<Cond> {
        let its: Vec<Enc> = enc
            .iter()
            .filter(|e| !e.time || self.rng.chance(10))
            .cloned()
            .collect();
        if its.is_empty() {
            return None;
        }
        let a = its[self.rng.below(its.len())].clone();
        let c = match self.rng.below(5) {
            0 if a.nonneg => {
                let m = *self.rng.pick(&[2, 2, 3]);
                let mut num = Aff::it(a.slot, 0);
                let b = its[self.rng.below(its.len())].clone();
                if b.slot != a.slot && b.nonneg && self.rng.chance(30) {
                    num.t.push((Atom::It(b.slot), 1));
                    num.c = self.rng.range(0, 1);
                }
                Cond::Mod(num, m, self.rng.range(0, m - 1), self.rng.chance(80))
            }
            1 if its.len() >= 2 => {
                let b = its[self.rng.below(its.len())].clone();
                if b.slot == a.slot {
                    return None;
                }
                let op = *self
                    .rng
                    .pick(&[Cmp::Lt, Cmp::Le, Cmp::Gt, Cmp::Ge, Cmp::Ne, Cmp::Eq]);
                Cond::Cmp(
                    Aff::it(a.slot, 0),
                    op,
                    Aff::it(b.slot, self.rng.range(-1, 1)),
                )
            }
            2 if its.len() >= 2 => {
                let b = its[self.rng.below(its.len())].clone();
                if b.slot == a.slot || a.time || b.time {
                    return None;
                }
                let s = self.rng.below(self.p.syms.len());
                Cond::Cmp(
                    Aff {
                        c: 0,
                        t: vec![(Atom::It(a.slot), 1), (Atom::It(b.slot), 1)],
                        div: 0,
                        md: 0,
                    },
                    *self.rng.pick(&[Cmp::Lt, Cmp::Ge]),
                    Aff::sym(s, self.rng.range(-2, 1)),
                )
            }
            _ => {
                let mid = self.rng.range(a.lo, a.hi);
                let c1 = Cond::Cmp(
                    Aff::it(a.slot, 0),
                    *self.rng.pick(&[Cmp::Lt, Cmp::Ge, Cmp::Gt, Cmp::Le]),
                    Aff::k(mid),
                );
                if self.rng.chance(25) {
                    let c2 = Cond::Cmp(
                        Aff::it(a.slot, 0),
                        Cmp::Ne,
                        Aff::k(self.rng.range(a.lo, a.hi)),
                    );
                    if self.rng.chance(50) {
                        Cond::And(Box::new(c1), Box::new(c2))
                    } else {
                        Cond::Or(Box::new(c1), Box::new(c2))
                    }
                } else {
                    c1
                }
            }
        };
        Some(c)
    }

    /// The innermost body: 1-3 statements, sometimes under an `if`.
    fn leaf_body(&mut self, enc: &[Enc], ready: &[bool], resets: &[(usize, usize)]) -> Vec<Item> {
        let n = self.rng.weighted(&[50, 35, 15]) + 1;
        let mut items = Vec::new();
        let mut ready = ready.to_vec();
        if self.rng.chance(15) {
            // a body-local scalar temporary: u = ...; X = f(u, ...)
            let s = self.rng.below(self.p.scalars.len());
            let sc = Target::Sc(s);
            let mut rhs = self.rhs(enc, &sc, false, &ready);
            let m = self.scale(&mut rhs, 1.0, 1.0);
            self.note_write(&sc, m, false);
            items.push(Item::Stmt(Stmt {
                lhs: vec![sc],
                op: AsgOp::Set,
                rhs,
            }));
            ready[s] = true;
        }
        let ready = &ready[..];
        for _ in 0..n {
            let Some(st) = self.stmt(enc, ready, resets) else {
                continue;
            };
            items.push(Item::Stmt(st));
        }
        if !items.is_empty()
            && self.rng.chance(15)
            && let Some(c) = self.cond(enc)
        {
            let k = self.rng.range(1, items.len() as i64) as usize;
            let tail: Vec<Item> = items.split_off(items.len() - k);
            let els = if self.rng.chance(30) {
                self.stmt(enc, ready, resets).map(|s| vec![Item::Stmt(s)])
            } else {
                None
            };
            items.push(Item::If(c, tail, els));
        }
        items
    }

    /// A loop at `slot` inside `enc` with `depth` loops in all (itself included).
    fn nest(
        &mut self,
        enc: &[Enc],
        slot: usize,
        depth: usize,
        ready: &[bool],
        resets: &[(usize, usize)],
    ) -> Loop {
        let (mut l, e) = self.header(enc, slot, false);
        let mut inner = enc.to_vec();
        inner.push(e);
        l.body = self.body(&inner, slot + 1, depth - 1, ready, resets);
        if l.body.is_empty() {
            l.body = self.leaf_body(&inner, ready, resets);
        }
        if l.body.is_empty() {
            l.body.push(Item::Stmt(self.fallback_stmt(&inner, ready)));
        }
        l
    }

    /// A statement that can always be made: a scalar set from a read or a constant.
    fn fallback_stmt(&mut self, enc: &[Enc], ready: &[bool]) -> Stmt {
        let s = self.rng.below(self.p.scalars.len());
        let sc = Target::Sc(s);
        let mut rhs = self.rhs(enc, &sc, false, ready);
        if rhs.iter().all(|t| t.factors.is_empty())
            && self.rng.chance(50)
            && let Some(r) = self.read_ref(enc, None, ready)
        {
            rhs = vec![Term {
                neg: false,
                coef: 0.5,
                factors: vec![r],
                div: None,
                fabs: false,
            }];
        }
        let m = self.scale(&mut rhs, 1.0, 1.0);
        self.note_write(&sc, m, false);
        Stmt {
            lhs: vec![sc],
            op: AsgOp::Set,
            rhs,
        }
    }

    /// A local temporary produced by a rectangular nest inside `enc`, then consumed by
    /// a nest of depth `depth` reading it preferentially.
    fn produce_consume(
        &mut self,
        enc: &[Enc],
        slot: usize,
        depth: usize,
        ready: &[bool],
        resets: &[(usize, usize)],
    ) -> Option<Vec<Item>> {
        let locals: Vec<usize> = (0..self.p.arrays.len())
            .filter(|a| self.p.arrays[*a].local)
            .collect();
        if locals.is_empty() {
            return None;
        }
        let unproduced: Vec<usize> = locals
            .iter()
            .copied()
            .filter(|a| self.boxes[*a].is_none())
            .collect();
        let a = if !unproduced.is_empty() && self.rng.chance(70) {
            unproduced[0]
        } else {
            *self.rng.pick(&locals)
        };
        let nd = self.p.arrays[a].dims.len();
        let loops = enc.iter().filter(|e| !e.time).count();
        if loops + nd > 3 {
            return None;
        }
        let (l, headers) = self.producer(enc, a, ready)?;
        let save = self.recent.clone();
        self.recent = vec![a];
        let depth = depth.max(1);
        let templated = if self.rng.chance(55) {
            self.templated_consumer(enc, headers, ready, resets)
        } else {
            None
        };
        let consumer = if let Some(c) = templated {
            vec![Item::Loop(c)]
        } else if self.rng.chance(25) {
            self.reduction_nest(enc, slot, depth, ready, resets)
        } else {
            vec![Item::Loop(self.nest(enc, slot, depth, ready, resets))]
        };
        self.recent = save;
        let mut items = vec![Item::Loop(l)];
        items.extend(consumer);
        Some(items)
    }

    /// A loop whose body is a scalar reduction (`for i { s = 0; for j: s += ..; X = s; }`).
    fn reduction_nest(
        &mut self,
        enc: &[Enc],
        slot: usize,
        depth: usize,
        ready: &[bool],
        resets: &[(usize, usize)],
    ) -> Vec<Item> {
        if depth < 2 {
            return self.reduction(enc, slot, 1, ready, resets);
        }
        let (mut l, e) = self.header(enc, slot, false);
        let mut inner = enc.to_vec();
        inner.push(e);
        l.body = self.reduction(&inner, slot + 1, depth - 1, ready, resets);
        vec![Item::Loop(l)]
    }

    fn body(
        &mut self,
        enc: &[Enc],
        slot: usize,
        depth: usize,
        ready: &[bool],
        resets: &[(usize, usize)],
    ) -> Vec<Item> {
        if depth == 0 {
            return self.leaf_body(enc, ready, resets);
        }
        if self.rng.chance(10)
            && let Some(items) = self.produce_consume(enc, slot, depth, ready, resets)
        {
            return items;
        }
        match self.rng.weighted(&[45, 25, 15, 15]) {
            // perfect nest, sometimes under a condition on the outer iterators
            0 => {
                let l = Item::Loop(self.nest(enc, slot, depth, ready, resets));
                if self.rng.chance(10)
                    && let Some(c) = self.cond(enc)
                {
                    return vec![Item::If(c, vec![l], None)];
                }
                vec![l]
            }
            // scalar reduction: s = 0; for ..: s += ...; X = f(s)
            1 => self.reduction(enc, slot, depth, ready, resets),
            // statements around an inner loop
            2 => {
                let mut items = Vec::new();
                if self.rng.chance(60)
                    && let Some(st) = self.stmt(enc, ready, resets)
                {
                    items.push(Item::Stmt(st));
                }
                items.push(Item::Loop(self.nest(enc, slot, depth, ready, resets)));
                if (items.len() == 1 || self.rng.chance(50))
                    && let Some(st) = self.stmt(enc, ready, resets)
                {
                    items.push(Item::Stmt(st));
                }
                items
            }
            // two inner loops in sequence (distribution / fusion inside a loop)
            _ => {
                let a = self.nest(enc, slot, depth, ready, resets);
                let b = self.nest(enc, slot, depth, ready, resets);
                vec![Item::Loop(a), Item::Loop(b)]
            }
        }
    }

    fn reduction(
        &mut self,
        enc: &[Enc],
        slot: usize,
        depth: usize,
        ready: &[bool],
        resets: &[(usize, usize)],
    ) -> Vec<Item> {
        let s = self.rng.below(self.p.scalars.len());
        let sc = Target::Sc(s);
        let mut ready2 = ready.to_vec();
        ready2[s] = true;
        let mut resets2 = resets.to_vec();
        resets2.push((s, enc.len()));
        let init = Stmt {
            lhs: vec![sc.clone()],
            op: AsgOp::Set,
            rhs: vec![Term {
                neg: false,
                coef: *self.rng.pick(&[0.0, 0.0, 0.5]),
                factors: Vec::new(),
                div: None,
                fabs: false,
            }],
        };
        self.smag[s] = self.smag[s].max(0.5);
        let (mut l, e) = self.header(enc, slot, false);
        let mut inner = enc.to_vec();
        inner.push(e);
        let mut body = if depth > 1 && self.rng.chance(30) {
            self.body(&inner, slot + 1, depth - 1, &ready2, &resets2)
        } else {
            Vec::new()
        };
        // the accumulation, innermost: in a perfect inner loop when the body is empty
        let wrap = depth > 1 && body.is_empty();
        let mut acc_enc = inner.clone();
        let mut l2 = None;
        if wrap {
            let (lw, e2) = self.header(&inner, slot + 1, false);
            acc_enc.push(e2);
            l2 = Some(lw);
        }
        let mut rhs = self.rhs(&acc_enc, &sc, false, &ready2);
        let count = Self::per_cell(&acc_enc, &sc, enc.len());
        let m = self.scale(&mut rhs, count, 1.0);
        self.smag[s] += m;
        let op = if self.rng.chance(85) {
            AsgOp::Add
        } else {
            AsgOp::Sub
        };
        let acc = Stmt {
            lhs: vec![sc.clone()],
            op,
            rhs,
        };
        match l2 {
            Some(mut lw) => {
                lw.body = vec![Item::Stmt(acc)];
                if self.rng.chance(30) {
                    lw.body.extend(self.leaf_body(&acc_enc, &ready2, &resets2));
                }
                body.push(Item::Loop(lw));
            }
            None => body.push(Item::Stmt(acc)),
        }
        l.body = body;
        let mut items = vec![Item::Stmt(init), Item::Loop(l)];
        // consume the scalar
        if let Some(lhs) = self.write_target(enc, false) {
            let mut rhs = vec![Term {
                neg: false,
                coef: 1.0,
                factors: vec![sc.clone()],
                div: None,
                fabs: false,
            }];
            let op;
            match self.rng.below(4) {
                0 | 1 => op = AsgOp::Set,
                2 => {
                    op = AsgOp::Set;
                    if let Some(r) = self.read_ref(enc, None, &ready2)
                        && !Self::same_var(&r, &sc)
                    {
                        rhs.push(Term {
                            neg: self.rng.chance(30),
                            coef: 0.5,
                            factors: vec![r],
                            div: None,
                            fabs: false,
                        });
                    }
                }
                _ => op = AsgOp::Add,
            }
            let count = if op == AsgOp::Add {
                Self::per_cell(enc, &lhs, 0)
            } else {
                1.0
            };
            let m = self.scale(&mut rhs, count, 1.0);
            self.note_write(&lhs, m, op == AsgOp::Add);
            items.push(Item::Stmt(Stmt {
                lhs: vec![lhs],
                op,
                rhs,
            }));
        }
        items
    }

    /// A producer of local temporary `a`: a rectangular nest writing all of a box.
    fn producer(&mut self, enc: &[Enc], a: usize, ready: &[bool]) -> Option<(Loop, Vec<Loop>)> {
        let nd = self.p.arrays[a].dims.len();
        let mut e = enc.to_vec();
        let mut loops = Vec::new();
        let base = enc.len();
        for d in 0..nd {
            let (l, en) = self.header(&e, base + d, true);
            e.push(en);
            loops.push(l);
        }
        // subscripts: one loop per dimension, possibly transposed, offsets 0..1
        let mut order: Vec<usize> = (0..nd).collect();
        if nd == 2 && self.rng.chance(30) {
            order.reverse();
        }
        let mut subs = Vec::new();
        let mut bx = Vec::new();
        for d in 0..nd {
            let en = &e[base + order[d]];
            let off = *self.rng.pick(&[0, 0, 0, 1, -1]);
            let ext = self.p.extent(a, d);
            if en.lo + off < 0 || en.hi + off >= ext {
                return None;
            }
            subs.push(Aff::it(en.slot, off));
            bx.push((en.lo + off, en.hi + off));
        }
        let lhs = Target::Arr(a, subs);
        let mut rhs = self.rhs(&e, &lhs, false, ready);
        let m = self.scale(&mut rhs, 1.0, 1.0);
        let mut body = vec![Item::Stmt(Stmt {
            lhs: vec![lhs.clone()],
            op: AsgOp::Set,
            rhs,
        })];
        if self.boxes[a].is_none() {
            self.boxes[a] = Some(bx);
        }
        self.amag[a] = self.amag[a].max(m);
        if self.rng.chance(30)
            && let Some(st) = self.stmt(&e, ready, &[])
        {
            body.push(Item::Stmt(st));
        }
        let headers = loops.clone();
        let mut inner = body;
        while let Some(mut l) = loops.pop() {
            l.body = inner;
            inner = vec![Item::Loop(l)];
        }
        match inner.pop() {
            Some(Item::Loop(l)) => {
                self.recent = vec![a];
                Some((l, headers))
            }
            _ => None,
        }
    }

    /// A consumer running over the producer's loops (`headers`, rectangular): possibly
    /// tightened by one at both ends, reversed, or interchanged.
    fn templated_consumer(
        &mut self,
        enc: &[Enc],
        mut headers: Vec<Loop>,
        ready: &[bool],
        resets: &[(usize, usize)],
    ) -> Option<Loop> {
        if headers.len() == 2 && self.rng.chance(35) {
            headers.swap(0, 1);
        }
        let base = enc.len();
        let mut e = enc.to_vec();
        let mut loops = Vec::new();
        for (d, h) in headers.into_iter().enumerate() {
            let mut init = h.init.clone();
            let mut conds = h.conds.clone();
            let mut step = h.step;
            if self.rng.chance(40) {
                init.c += step;
                for b in &mut conds {
                    b.rhs.c -= step;
                }
            }
            if self.rng.chance(20) && conds.len() == 1 {
                // the same range the other way round
                let b = &conds[0];
                let last = match b.op {
                    Cmp::Lt | Cmp::Ne => {
                        let mut r = b.rhs.clone();
                        r.c -= 1;
                        r
                    }
                    Cmp::Le => b.rhs.clone(),
                    Cmp::Gt => {
                        let mut r = b.rhs.clone();
                        r.c += 1;
                        r
                    }
                    _ => b.rhs.clone(),
                };
                let op = if step > 0 { Cmp::Ge } else { Cmp::Le };
                conds = vec![Bound {
                    op,
                    rhs: init,
                    iter_left: true,
                }];
                init = last;
                step = -step;
            }
            let (l, en) = self.finish_header(&e, base + d, 0, init, conds, step, false)?;
            e.push(en);
            loops.push(l);
        }
        let mut body = self.leaf_body(&e, ready, resets);
        if body.is_empty() {
            body.push(Item::Stmt(self.fallback_stmt(&e, ready)));
        }
        let mut inner = body;
        while let Some(mut l) = loops.pop() {
            l.body = inner;
            inner = vec![Item::Loop(l)];
        }
        match inner.pop() {
            Some(Item::Loop(l)) => Some(l),
            _ => None,
        }
    }

    // ---- matrix products (the nests nestor tiles) -------------------------------

    /// The global 2-d arrays without a ping-pong dimension.
    fn matrices(&self) -> Vec<usize> {
        (0..self.p.arrays.len())
            .filter(|a| {
                let arr = &self.p.arrays[*a];
                !arr.local && arr.dims.len() == 2 && arr.loop_dims() == 2
            })
            .collect()
    }

    /// An increasing stride-1 loop of a product: rectangular, or triangular on an outer
    /// iterator (`j <= i`, `k = i + 1`).
    fn product_header(&mut self, enc: &[Enc], slot: usize) -> Option<(Loop, Enc)> {
        let sym = self.rng.below(self.p.syms.len());
        let cap = Aff::sym(sym, *self.rng.pick(&[-1, 0, 0, 1]));
        let mut init = Aff::k(*self.rng.pick(&[0, 0, 0, 1]));
        let mut conds = vec![Bound {
            op: Cmp::Lt,
            rhs: cap,
            iter_left: self.rng.chance(85),
        }];
        if !enc.is_empty() && self.rng.chance(35) {
            let o = enc[self.rng.below(enc.len())].slot;
            if self.rng.chance(50) {
                init = Aff::it(o, *self.rng.pick(&[0, 1]));
            } else {
                conds.insert(
                    0,
                    Bound {
                        op: *self.rng.pick(&[Cmp::Le, Cmp::Lt]),
                        rhs: Aff::it(o, *self.rng.pick(&[0, 0, 1])),
                        iter_left: true,
                    },
                );
                if self.rng.chance(50) {
                    conds.pop();
                }
            }
        }
        self.finish_header(enc, slot, sym, init, conds, 1, false)
    }

    /// A subscript of dimension `d` of `a` on loop `e`, mostly without an offset,
    /// inside the array for every value of the loop.
    fn product_sub(&mut self, e: &Enc, a: usize, d: usize) -> Option<Aff> {
        let ext = self.p.extent(a, d);
        let fits = |o: i64| e.lo + o >= 0 && e.hi + o < ext;
        let offs: Vec<i64> = [-1, 1, 2].into_iter().filter(|o| fits(*o)).collect();
        let off = if offs.is_empty() || self.rng.chance(75) {
            0
        } else {
            *self.rng.pick(&offs)
        };
        fits(off).then(|| Aff::it(e.slot, off))
    }

    /// `a[r][c]` on loops `r` and `c`, sometimes transposed.
    fn product_ref(&mut self, a: usize, r: &Enc, c: &Enc) -> Option<Target> {
        let (r, c) = if self.rng.chance(15) { (c, r) } else { (r, c) };
        let subs = vec![self.product_sub(r, a, 0)?, self.product_sub(c, a, 1)?];
        Some(Target::Arr(a, subs))
    }

    /// `c * Y[i][k] * Z[k][j]` (sometimes times a ready scalar, `alpha`), scaled for
    /// `count` accumulations; `Y` and `Z` are not `avoid`.
    fn product_rhs(
        &mut self,
        avoid: usize,
        ijk: [&Enc; 3],
        count: f64,
        ready: &[bool],
    ) -> Option<(Vec<Term>, f64)> {
        let reads: Vec<usize> = self
            .matrices()
            .into_iter()
            .filter(|a| *a != avoid)
            .collect();
        let y = *self.rng.pick(&reads);
        let z = *self.rng.pick(&reads);
        let mut factors = vec![
            self.product_ref(y, ijk[0], ijk[2])?,
            self.product_ref(z, ijk[2], ijk[1])?,
        ];
        let scalars: Vec<usize> = (0..self.p.scalars.len()).filter(|s| ready[*s]).collect();
        if !scalars.is_empty() && self.rng.chance(25) {
            factors.insert(0, Target::Sc(*self.rng.pick(&scalars)));
        }
        let mut rhs = vec![Term {
            neg: self.rng.chance(20),
            coef: *self.rng.pick(&COEFS),
            factors,
            div: None,
            fabs: false,
        }];
        let m = self.scale(&mut rhs, count, 1.0);
        Some((rhs, m))
    }

    /// A matrix product: `X[i][j] += Y[i][k] * Z[k][j]` in three loops in any order
    /// (sometimes with a second product in the body), or `s = 0; for k: s += ..;
    /// X[i][j] = s;` inside `i` and `j`; sometimes after `X[i][j] *= beta` in a loop
    /// inside the outermost one.
    fn product(&mut self, ready: &[bool]) -> Option<Vec<Item>> {
        let mats = self.matrices();
        if mats.len() < 2 {
            return None;
        }
        let x = *self.rng.pick(&mats);
        let scalar = self.rng.chance(30);
        // the loop slots of i, j and k (k innermost in the scalar form)
        let mut roles = [0, 1, 2];
        if scalar {
            if self.rng.chance(50) {
                roles.swap(0, 1);
            }
        } else {
            let n = self.rng.below(6);
            roles.rotate_left(n % 3);
            if n >= 3 {
                roles.swap(0, 1);
            }
        }
        let mut enc = Vec::new();
        let mut loops = Vec::new();
        for slot in 0..3 {
            let (l, e) = self.product_header(&enc, slot)?;
            enc.push(e);
            loops.push(l);
        }
        if enc.iter().map(|e| e.trip).product::<i64>() > 40_000 {
            return None;
        }
        let [ei, ej, ek] = roles.map(|r| enc[r].clone());
        let lhs = self.product_ref(x, &ei, &ej)?;
        let trip = ek.trip as f64;
        // the accumulator of the scalar form, mostly a local, never read as `alpha`
        let locals: Vec<usize> = (0..self.p.scalars.len())
            .filter(|s| self.p.scalars[*s].local || self.rng.chance(20))
            .collect();
        let s = *self.rng.pick(&locals);
        let mut ready = ready.to_vec();
        if scalar {
            ready[s] = false;
        }
        let ready = &ready[..];
        let (rhs, m) = self.product_rhs(x, [&ei, &ej, &ek], trip, ready)?;
        let mut inner = loops.pop()?;
        let mut middle = loops.pop()?;
        let mut outer = loops.pop()?;
        let mut writes = vec![(lhs.clone(), m, true)];
        if scalar {
            let sc = Target::Sc(s);
            let reset = Stmt {
                lhs: vec![sc.clone()],
                op: AsgOp::Set,
                rhs: vec![Term {
                    neg: false,
                    coef: 0.0,
                    factors: Vec::new(),
                    div: None,
                    fabs: false,
                }],
            };
            inner.body = vec![Item::Stmt(Stmt {
                lhs: vec![sc.clone()],
                op: AsgOp::Add,
                rhs,
            })];
            let op = *self.rng.pick(&[AsgOp::Set, AsgOp::Set, AsgOp::Add]);
            let store = Stmt {
                lhs: vec![lhs.clone()],
                op,
                rhs: vec![Term {
                    neg: false,
                    coef: 1.0,
                    factors: vec![sc.clone()],
                    div: None,
                    fabs: false,
                }],
            };
            writes = vec![(sc, m, false), (lhs.clone(), m, op == AsgOp::Add)];
            middle.body = vec![Item::Stmt(reset), Item::Loop(inner), Item::Stmt(store)];
        } else {
            let op = if self.rng.chance(85) {
                AsgOp::Add
            } else {
                AsgOp::Sub
            };
            inner.body = vec![Item::Stmt(Stmt {
                lhs: vec![lhs.clone()],
                op,
                rhs,
            })];
            if self.rng.chance(25) {
                // a second product in the body
                let w = *self.rng.pick(&mats);
                if let Some(t) = self.product_ref(w, &ei, &ej)
                    && let Some((rhs, m)) = self.product_rhs(w, [&ei, &ej, &ek], trip, ready)
                {
                    inner.body.push(Item::Stmt(Stmt {
                        lhs: vec![t.clone()],
                        op: AsgOp::Add,
                        rhs,
                    }));
                    writes.push((t, m, true));
                }
            }
            middle.body = vec![Item::Loop(inner)];
        }
        outer.body = vec![Item::Loop(middle)];
        // `X[i][j] *= beta` in a loop inside the outermost loop, before the product
        let Target::Arr(_, subs) = &lhs else {
            return None;
        };
        if subs.iter().any(|s| s.uses_slot(0)) && self.rng.chance(35) {
            let (mut l, e) = self.product_header(&enc[..1], 1)?;
            let mut subs2 = Vec::new();
            for (d, s) in subs.iter().enumerate() {
                subs2.push(if s.uses_slot(0) {
                    s.clone()
                } else {
                    self.product_sub(&e, x, d)?
                });
            }
            let beta: f64 = *self.rng.pick(&[0.5, 0.75, 0.9, -0.5]);
            l.body = vec![Item::Stmt(Stmt {
                lhs: vec![Target::Arr(x, subs2)],
                op: AsgOp::Mul,
                rhs: vec![Term {
                    neg: beta < 0.0,
                    coef: beta.abs(),
                    factors: Vec::new(),
                    div: None,
                    fabs: false,
                }],
            })];
            outer.body.insert(0, Item::Loop(l));
        }
        for (t, m, add) in writes {
            self.note_write(&t, m, add);
        }
        Some(vec![Item::Loop(outer)])
    }

    fn top_nest(&mut self, ready: &[bool]) -> Vec<Item> {
        let mut items = Vec::new();
        // a producer-consumer pair through a local temporary
        let unproduced: Vec<usize> = (0..self.p.arrays.len())
            .filter(|a| self.p.arrays[*a].local && self.boxes[*a].is_none())
            .collect();
        if !unproduced.is_empty() && self.rng.chance(60) {
            let a = unproduced[0];
            let depth = self.p.arrays[a]
                .dims
                .len()
                .max(self.rng.range(1, 2) as usize);
            if let Some(pc) = self.produce_consume(&[], 0, depth, ready, &[]) {
                return pc;
            }
        }
        if self.rng.chance(15)
            && let Some(items) = (0..3).find_map(|_| self.product(ready))
        {
            return items;
        }
        let ping_pong = self
            .p
            .arrays
            .iter()
            .any(|a| a.dims.iter().any(|d| d.0.is_none()));
        if self.rng.chance(if ping_pong { 45 } else { 22 }) {
            // a time loop around 1-3 stencil-like sweeps
            let (mut l, e) = self.time_loop(0);
            let enc = vec![e];
            self.stencil = true;
            let n = self.rng.range(1, 3);
            for _ in 0..n {
                let depth = self.rng.range(1, 2) as usize;
                if self.rng.chance(20)
                    && let Some(pc) = self.produce_consume(&enc, 1, depth, ready, &[])
                {
                    l.body.extend(pc);
                    continue;
                }
                let inner = self.nest(&enc, 1, depth, ready, &[]);
                l.body.push(Item::Loop(inner));
            }
            self.stencil = false;
            items.push(Item::Loop(l));
            return items;
        }
        let depth = self.rng.weighted(&[25, 45, 30]) + 1;
        items.push(Item::Loop(self.nest(&[], 0, depth, ready, &[])));
        items
    }

    /// A cell to observe between regions or after the last: a written cell of a local
    /// temporary, a local scalar, or a global array cell.
    fn observed_cell(&mut self) -> Target {
        let produced: Vec<usize> = (0..self.p.arrays.len())
            .filter(|a| self.p.arrays[*a].local && self.boxes[*a].is_some())
            .collect();
        if !produced.is_empty() && self.rng.chance(60) {
            let a = *self.rng.pick(&produced);
            if let Some(Target::Arr(a, subs)) = self.array_ref(&[], a, false, &[]) {
                return Target::Arr(a, subs);
            }
        }
        let locals: Vec<usize> = (0..self.p.scalars.len())
            .filter(|s| self.p.scalars[*s].local)
            .collect();
        if !locals.is_empty() && self.rng.chance(50) {
            return Target::Sc(*self.rng.pick(&locals));
        }
        let globals: Vec<usize> = (0..self.p.arrays.len())
            .filter(|a| !self.p.arrays[*a].local)
            .collect();
        let a = *self.rng.pick(&globals);
        self.array_ref(&[], a, false, &[]).unwrap_or(Target::Sc(0))
    }

    fn kernel(&mut self) {
        let nnests = self.rng.weighted(&[20, 35, 30, 15]) + 1;
        let mut body = Vec::new();
        for n in 0..nnests {
            if n > 0 && self.rng.chance(25) {
                // an assignment between nests: a scalar reused across nests
                let s = self.rng.below(self.p.scalars.len());
                let ready = self.sc_ready.clone();
                let mut rhs = vec![Term {
                    neg: false,
                    coef: *self.rng.pick(&[0.0, 0.25, 1.0]),
                    factors: Vec::new(),
                    div: None,
                    fabs: false,
                }];
                if self.rng.chance(50)
                    && let Some(r) = self.read_ref(&[], None, &ready)
                {
                    rhs = vec![Term {
                        neg: false,
                        coef: 0.5,
                        factors: vec![r],
                        div: None,
                        fabs: false,
                    }];
                }
                let m = self.scale(&mut rhs, 1.0, 1.0);
                let op = if self.sc_ready[s] && self.rng.chance(30) {
                    AsgOp::Add
                } else {
                    AsgOp::Set
                };
                self.smag[s] = if op == AsgOp::Add {
                    self.smag[s] + m
                } else {
                    self.smag[s].max(m)
                };
                self.sc_ready[s] = true;
                body.push(Item::Stmt(Stmt {
                    lhs: vec![Target::Sc(s)],
                    op,
                    rhs,
                }));
            }
            if n > 0 && !self.p.scop && self.rng.chance(15) {
                body.push(Item::Barrier(self.observed_cell()));
            }
            if self.rng.chance(8) {
                body.push(Item::Comment(format!("nest {}", n + 1)));
            }
            self.names = *self.rng.pick(&[
                ["i", "j", "k", "l"],
                ["i", "j", "k", "l"],
                ["i", "j", "k", "l"],
                ["j", "i", "k", "l"],
                ["k", "j", "i", "l"],
                ["i", "k", "j", "l"],
            ]);
            let before = self.recent.clone();
            self.recent.clear();
            let ready = self.sc_ready.clone();
            let items = self.top_nest(&ready);
            if self.recent.is_empty() {
                self.recent = before;
            }
            body.extend(items);
        }
        self.p.body = body;
        if self.rng.chance(35) {
            let locals: Vec<usize> = (0..self.p.scalars.len())
                .filter(|s| self.p.scalars[*s].local)
                .collect();
            let w = self.p.scalars.len();
            self.p.scalars.push(Scalar {
                name: "w".into(),
                local: false,
                init: Some(0.0),
            });
            let mut rhs: Vec<Term> = locals
                .iter()
                .map(|s| Term {
                    neg: false,
                    coef: 0.5,
                    factors: vec![Target::Sc(*s)],
                    div: None,
                    fabs: false,
                })
                .collect();
            if self.rng.chance(50) {
                let cell = self.observed_cell();
                rhs.push(Term {
                    neg: false,
                    coef: 0.25,
                    factors: vec![cell],
                    div: None,
                    fabs: false,
                });
            }
            self.p.sink = Some(Stmt {
                lhs: vec![Target::Sc(w)],
                op: AsgOp::Set,
                rhs,
            });
        }
    }
}

/// A generated program.
pub struct Generated {
    pub source: String,
    /// Candidates discarded before this one (for statistics).
    pub rejected: u32,
}

/// Statement and loop-iteration executions allowed per program.
const BUDGET: u64 = 150_000;

/// The program for `seed`: valid C without undefined behaviour (checked by running it
/// here), deterministic.
pub fn generate(seed: u64) -> Generated {
    let mut rng = Rng::new(seed);
    let mut rejected = 0;
    loop {
        let mut g = Gen::new(rng.next_u64());
        g.kernel();
        let ok = if g
            .p
            .body
            .iter()
            .all(|i| matches!(i, Item::Comment(_) | Item::Stmt(_)))
        {
            Err(Reject::EmptyKernel)
        } else {
            check(&g.p, BUDGET)
        };
        match ok {
            Ok(()) => {
                return Generated {
                    source: print_program(&g.p, seed),
                    rejected,
                };
            }
            Err(_) => rejected += 1,
        }
    }
}

/// Why the candidates of `seed` were discarded (for tuning the generator).
pub fn rejections(seed: u64, attempts: usize) -> Vec<String> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    for _ in 0..attempts {
        let mut g = Gen::new(rng.next_u64());
        g.kernel();
        if let Err(e) = check(&g.p, BUDGET) {
            out.push(format!("{e:?}"));
        }
    }
    out
}
