//! Random C programs that mix the constructs nestor's front end may mis-model, for the
//! semantic differential fuzzer (`tests/fuzz_semantics.rs`, issue 9).
//!
//! `generate(seed)` builds a small program: globals, helper functions, one `kernel`
//! function with 1-4 blocks of loop nests, called once or twice from `main`, which then
//! prints a checksum of every global array and scalar. The blocks mix, at random:
//!
//! - iterators declared in the loop header, at function scope, as `static` locals, as
//!   globals or through a block-scope `extern`; of type `int`, `long`, `short`, `char`,
//!   `unsigned char`, `unsigned` or a `typedef` of them;
//! - bounds spelled with literals, parameters and globals of integer, unsigned and
//!   narrow types, suffixed literals (`12u`, `7L`), object-like macros whose body is not
//!   parenthesized (`#define N 10+2`, read as `N * 2`), function-like macros, macros
//!   defined in `#if 0`/`#else` branches or redefined with `#undef`, narrowing casts
//!   (`(unsigned char)(n + 250)`), `min` calls, and `INT_MAX`-sized parameters;
//! - subscripts through macros naming the iterator (`#define IDX i`), function-like
//!   macros, and casts that wrap (`(short)i + 32768`, `(unsigned char)(i + 250)`);
//! - values that outlive a nest by a path the straight-line code does not show: an
//!   iterator re-assigned after the nest but read after a `goto`, `break`, `continue` or
//!   early `return` that skips the assignment; a macro (`#define LAST() i`) or a pointer
//!   taken before the nest (`double *p = tmp;`) that reads it afterwards; `static`
//!   locals read at the next call; block-scope `extern` arrays; `sizeof` of a temporary;
//! - user functions named `max`, `min` or `sqrt` that read or write globals, and calls
//!   that pass a global array to a function whose array parameter aliases it;
//! - `#if 0` branches holding `#pragma nestor temporary(...)`, declarations or pragmas,
//!   and pragmas on loops (`#pragma omp parallel for`, `#pragma GCC ivdep`,
//!   `#pragma GCC unroll 2`), placed only where the original program is deterministic.
//!
//! and, in nearly half the blocks (issue 15, kept plain around the construct so that
//! nestor rewrites most of these nests: column walks, producer/consumer pairs, parallel
//! loops):
//!
//! - scalars declared in loop bodies: initialized, `const`, declared then assigned
//!   (also in both arms of an `if`), updated, of narrow, wide and unsigned types, used
//!   as a subscript or an inner loop's bound, carried from one inner iteration to the
//!   next, the same name in sibling loops (one or two types), the name declared again
//!   after the nest (same block or a nested one), names shadowing a variable of the
//!   kernel, a parameter, a global or an enclosing body, and ones read before they are
//!   written (under a guard false at run time);
//! - arrays declared in loop bodies: a row or column filled and read back fully or
//!   partly, a small vector, an `int` array, a variable-length array, one read before
//!   its block writes it;
//! - functions of the file: pure ones reading through array parameters (`get(P[i], j)`,
//!   `at(P, i, j)`, pointer arguments `get(&x[i], 0)`), reading globals the region
//!   writes, with `if`s and locals, with narrower (wrapping) or wider integer
//!   parameters; const ones, summarized or declared by `#pragma nestor pure` or
//!   `__attribute__((const))` (also inside `#if` groups); and ones that write through a
//!   parameter or count their calls;
//! - struct members: structs of arrays (global, local, typedef'd, with a bit-field),
//!   arrays of structs, 2-d members, nested members, pointers to structs as a
//!   function's parameters, a member passed whole to a function, and a union;
//! - `#if`/`#ifdef`/`#ifndef`/`#elif` groups decided by the file's own macros (values,
//!   `defined`, names defined nowhere, `#undef`, arithmetic, `&&`/`||`) around
//!   attributes and pure pragmas, in half a declaration (of a global array, a struct
//!   member, a kernel parameter, an iterator's typedef, a local temporary), around
//!   reads of a temporary or an iterator after their nest, around a `#pragma nestor
//!   temporary` that is not compiled, and inside a nest; and a `goto` (never taken)
//!   that jumps over a nest.
//!
//! After those blocks, about 60% of the programs get one or two constructs more at the
//! end of the kernel (`Gen::extras`, drawn from a generator seeded by the program's seed
//! alone, so that a seed still gives the blocks it gave before these existed: weights
//! 40/20/25/40/45/50):
//!
//! - array parameters that may be the same memory (versioned by nestor under a run-time
//!   overlap test): a helper `ka(n, x, y)` (1-d or 2-d, `double`, or `unsigned` and
//!   `int`; a 1-d one mostly a pointer, `double *x`, and `const double *y` when the
//!   helper only reads it) called two to four times with one array passed twice (`ka(n, A, A)`),
//!   overlapping parts of one array (`ka(n - 1, &A[1], A)`, `(double (*)[N])&A[1][0]`,
//!   `a + 3`), parts that just touch or overlap by one cell or row, distinct arrays,
//!   and a global the helper also accesses; or such nests in the kernel on a kernel
//!   parameter that `main` passes a global the kernel accesses;
//! - a variable-length array declared in the body of a loop that may run no iteration
//!   (`for (i = 0; i < n; i++) { double row[m]; ... }`), in a helper called once with
//!   valid sizes and once or twice with `n <= 0` and an `m` that is no valid size (0,
//!   negative, tens of megabytes), mostly followed in the region by a nest that calls a
//!   function of the file (which at -O0 touches the stack below the array);
//! - a macro redefined between two regions of the kernel (`#define K 5`, a region
//!   reading `K` in a subscript, a value or a bound, `#undef K`, then `#define K 3` or
//!   `#define K (next())` with `next()` counting its calls, and a region reading it
//!   again); the regions reading a macro with a side effect carry [`REFUSE_MARK`]
//!   (nestor refuses a macro whose expansion calls a function that is not pure, N113).
//!   The simulation follows the redefinition through `Node::SimDefine`;
//! - pointer parameters subscripted flat (issue 27): a helper `kf(n, x, y)` with
//!   `double *x` and `const double *y` (or `double x[]`) read as 2-d arrays, `x[i * RR +
//!   j]`, `x[(i + 1) * RR + j]`, the row length a macro, a literal or an `int m`
//!   parameter of the helper (`x[i * m + j]`), in a producer/consumer pair, a column
//!   walk, a stencil swept twice or a pair that also accesses a 2-d global; or as 3-d
//!   ones, `x[(b * T + t) * C + c]` or `x[b * T * C + t * C + c]` (`T`, `C` macros,
//!   literals or parameters), the loops in any order. The kernel calls it two to four
//!   times with pointers into 2-d globals (`(double *)A`, `A[0]`, `&A[1][0]`, `A[0] +
//!   3`, `&A[4][16]`): the same cells, cells a row or a few cells on, cells right after
//!   the other parameter's last one (touching) or one before it, a global the helper
//!   also accesses, distinct arrays (the cells each parameter touches are found by
//!   simulating the body, `Gen::touched`). Or such nests in the kernel on a pointer
//!   parameter `pk` beside a 2-d global `A[i][j]` into which `main` points it;
//! - offset views of those flat parameters (`Gen::view_nodes`, weight 45): pointers
//!   declared in the loop bodies of such helpers as places in a parameter, `double
//!   *r = x + i * RR;`, `const double *q = &y[i * RR];`, `i * RR + y`, `y + (b * T +
//!   t) * C`, or in another view (`q + RR`, the next row; `yb + t * C`, a row of the
//!   block a view declared in the outer body points at), read and written through
//!   (`r[j]`, `q[j + 1]`), beside flat accesses of the same parameter, with a scalar
//!   accumulator per row (`double s = 0; for j: s += q[j]; for j: r[j] = (q[j] - s *
//!   0.5) * 0.25 + r[j];`), in the body of the outer loop or the innermost one; called
//!   like the flat helpers (same, overlapping, touching, distinct cells). Or such nests
//!   in the kernel on its pointer parameter beside the global it points into. The
//!   simulation reads a use `r[e]` as an access of the parameter at the view's
//!   offset plus `e`.
//! - unsigned loop counters (`Gen::block_unsigned`, weight 50, issue 27 item 4): a
//!   helper `ku(n, x, y)` with `size_t` or `unsigned` sizes and iterators: a stencil
//!   `for (size_t i = 1; i < n - 1; i++)` (or `i + 1 < n`) on `x[i - 1]`, `x[i + 1]`,
//!   maybe through a fresh buffer (`double *tmp = malloc(n * sizeof *tmp);`, a cast
//!   `malloc` or `calloc`, freed at the end) and in a time loop; a loop counting down,
//!   `for (size_t i = n; i > 0; i--)` on `x[i - 1]` and `y[n - i]`, or `for (i = n -
//!   1; i < n; i--)`, which ends when `i` wraps around, its iterator maybe declared
//!   before and read after (`g_iout[k] = i;`); `for (unsigned j = n - 3; j < n; j++)`
//!   (no iteration for `n < 3`); `int` counters compared with the unsigned `n`, one
//!   from `-k` (no iteration, as the comparison is unsigned, unless the counter is a
//!   `long` and `n` an `unsigned`), and `size_t j = i + 1`; flat products of 2-d
//!   arrays, `x[i * n + j]` with `y[j * n + i]`, `x[i * m + j]`, a matrix product, a
//!   row in a fresh buffer; 3-d blocks `x[(b * T + t) * C + c]` (or the sum form) with
//!   `size_t` sizes `n`, `T`, `C`. The kernel calls it three to five times with sizes
//!   where the unsigned arithmetic wraps around (0, 1, 2) and where it does not (some
//!   passed by `main` as parameters of the kernel), the pointers at the same cells,
//!   overlapping ones or distinct arrays (only distinct ones for `restrict`
//!   pointers); each call is simulated with C's semantics. Or such nests in the
//!   kernel, on pointer and size parameters that `main` passes.
//!
//! Constructs nestor must leave as written carry the comment [`REFUSE_MARK`] on a line
//! of the nest; the fuzzer checks that no region containing such a line is rewritten.
//!
//! Every loop nest is simulated here with C's integer semantics (integer promotions,
//! usual arithmetic conversions, wrapping conversions, macro expansion) before the
//! program is returned: every subscript must stay inside its array and no integer
//! operation may overflow, so most programs are free of undefined behaviour by
//! construction (the fuzzer still runs each original under sanitizers and skips the
//! ones that fail). `generate` is a pure function of its seed.

#![allow(dead_code)]

#[path = "random_c.rs"]
mod random_c;

pub use random_c::Rng;

use std::collections::{BTreeSet, HashMap};
use std::fmt::Write as _;

/// The seed of program `index` of a run with seed `seed`.
pub fn program_seed(seed: u64, index: u64) -> u64 {
    let mut r = Rng::new(seed ^ index.wrapping_mul(0xA24B_AED4_963E_E407) ^ 0x5e3a_0000);
    r.next_u64()
}

// ---------------------------------------------------------------------------------
// A small evaluator of C integer expressions (after macro expansion)
// ---------------------------------------------------------------------------------

/// The integer types of the generated programs (x86-64: `char` is signed, `long` 64 bits).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Ty {
    I8,
    U8,
    I16,
    U16,
    I32,
    U32,
    I64,
    U64,
}

impl Ty {
    fn bits(self) -> u32 {
        match self {
            Ty::I8 | Ty::U8 => 8,
            Ty::I16 | Ty::U16 => 16,
            Ty::I32 | Ty::U32 => 32,
            Ty::I64 | Ty::U64 => 64,
        }
    }
    fn signed(self) -> bool {
        matches!(self, Ty::I8 | Ty::I16 | Ty::I32 | Ty::I64)
    }
    fn min(self) -> i128 {
        if self.signed() {
            -(1i128 << (self.bits() - 1))
        } else {
            0
        }
    }
    fn max(self) -> i128 {
        if self.signed() {
            (1i128 << (self.bits() - 1)) - 1
        } else {
            (1i128 << self.bits()) - 1
        }
    }
    /// The value `v` converted to this type (modulo 2^bits, as gcc does for signed
    /// narrowing too).
    fn wrap(self, v: i128) -> i128 {
        match self {
            Ty::I8 => v as i8 as i128,
            Ty::U8 => v as u8 as i128,
            Ty::I16 => v as i16 as i128,
            Ty::U16 => v as u16 as i128,
            Ty::I32 => v as i32 as i128,
            Ty::U32 => v as u32 as i128,
            Ty::I64 => v as i64 as i128,
            Ty::U64 => v as u64 as i128,
        }
    }
    fn promoted(self) -> Ty {
        if self.bits() < 32 { Ty::I32 } else { self }
    }
    fn unsigned_of(self) -> Ty {
        match self {
            Ty::I8 | Ty::U8 => Ty::U8,
            Ty::I16 | Ty::U16 => Ty::U16,
            Ty::I32 | Ty::U32 => Ty::U32,
            Ty::I64 | Ty::U64 => Ty::U64,
        }
    }
    /// The C spelling.
    pub fn c(self) -> &'static str {
        match self {
            Ty::I8 => "char",
            Ty::U8 => "unsigned char",
            Ty::I16 => "short",
            Ty::U16 => "unsigned short",
            Ty::I32 => "int",
            Ty::U32 => "unsigned",
            Ty::I64 => "long",
            Ty::U64 => "unsigned long",
        }
    }
    fn from_words(words: &[&str]) -> Option<Ty> {
        let unsigned = words.contains(&"unsigned");
        let longs = words.iter().filter(|w| **w == "long").count();
        let t = if words.contains(&"char") {
            Ty::I8
        } else if words.contains(&"short") {
            Ty::I16
        } else if longs > 0 {
            Ty::I64
        } else if words
            .iter()
            .all(|w| matches!(*w, "int" | "signed" | "unsigned" | "const"))
        {
            Ty::I32
        } else {
            return None;
        };
        Some(if unsigned { t.unsigned_of() } else { t })
    }
}

/// The common type of the usual arithmetic conversions.
fn common(a: Ty, b: Ty) -> Ty {
    let (a, b) = (a.promoted(), b.promoted());
    if a == b {
        return a;
    }
    if a.signed() == b.signed() {
        return if a.bits() >= b.bits() { a } else { b };
    }
    let (s, u) = if a.signed() { (a, b) } else { (b, a) };
    if u.bits() >= s.bits() {
        u
    } else if s.bits() > u.bits() {
        s
    } else {
        s.unsigned_of()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Val {
    pub v: i128,
    pub t: Ty,
}

impl Val {
    fn int(v: i128) -> Val {
        Val { v, t: Ty::I32 }
    }
    fn conv(self, t: Ty) -> Val {
        Val {
            v: t.wrap(self.v),
            t,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    Num(i128, Ty),
    Id(String),
    P(&'static str),
}

const PUNCT: [&str; 22] = [
    "<=", ">=", "==", "!=", "&&", "||", "<<", ">>", "(", ")", "+", "-", "*", "/", "%", "<", ">",
    "!", "?", ":", ",", "~",
];

fn tokenize(s: &str) -> Result<Vec<Tok>, String> {
    let b = s.as_bytes();
    let mut i = 0;
    let mut out = Vec::new();
    while i < b.len() {
        let c = b[i] as char;
        if c.is_whitespace() {
            i += 1;
        } else if c.is_ascii_digit() {
            let st = i;
            while i < b.len() && (b[i] as char).is_ascii_digit() {
                i += 1;
            }
            let v: i128 = s[st..i]
                .parse()
                .map_err(|_| format!("bad number in `{s}`"))?;
            let sst = i;
            while i < b.len() && matches!(b[i] as char, 'u' | 'U' | 'l' | 'L') {
                i += 1;
            }
            let suf = s[sst..i].to_ascii_lowercase();
            let uns = suf.contains('u');
            let long = suf.contains('l');
            // decimal literals: int, long (then unsigned variants only with `u`)
            let t = match (uns, long) {
                (false, false) if v <= Ty::I32.max() => Ty::I32,
                (false, _) => Ty::I64,
                (true, false) if v <= Ty::U32.max() => Ty::U32,
                (true, _) => Ty::U64,
            };
            out.push(Tok::Num(v, t));
        } else if c.is_ascii_alphabetic() || c == '_' {
            let st = i;
            while i < b.len() && ((b[i] as char).is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            out.push(Tok::Id(s[st..i].to_string()));
        } else {
            let p = PUNCT
                .iter()
                .find(|p| s[i..].starts_with(**p))
                .ok_or_else(|| format!("unexpected `{c}` in `{s}`"))?;
            out.push(Tok::P(p));
            i += p.len();
        }
    }
    Ok(out)
}

#[derive(Clone, Debug)]
struct Macro {
    params: Option<Vec<String>>,
    body: Vec<Tok>,
}

/// What an expression can refer to: macros, typedefs, integer variables.
#[derive(Clone, Default)]
pub struct Env {
    macros: HashMap<String, Macro>,
    typedefs: HashMap<String, Ty>,
    vars: HashMap<String, Val>,
    /// Read as a model that ignores C's types would (see `naive`).
    naive: bool,
}

impl Env {
    fn define(&mut self, name: &str, params: Option<&[&str]>, body: &str) {
        let body = tokenize(body).expect("macro body tokenizes");
        self.macros.insert(
            name.to_string(),
            Macro {
                params: params.map(|p| p.iter().map(|s| s.to_string()).collect()),
                body,
            },
        );
    }
    fn set(&mut self, name: &str, t: Ty, v: i128) {
        self.vars.insert(name.to_string(), Val { v: t.wrap(v), t });
    }

    fn expand(&self, toks: &[Tok], hide: &mut Vec<String>, depth: u32) -> Result<Vec<Tok>, String> {
        if depth > 20 {
            return Err("macro expansion too deep".into());
        }
        let mut out = Vec::new();
        let mut i = 0;
        while i < toks.len() {
            let t = &toks[i];
            i += 1;
            let Tok::Id(name) = t else {
                out.push(t.clone());
                continue;
            };
            let Some(m) = self.macros.get(name).filter(|_| !hide.contains(name)) else {
                out.push(t.clone());
                continue;
            };
            match &m.params {
                None => {
                    hide.push(name.clone());
                    let e = self.expand(&m.body, hide, depth + 1)?;
                    hide.pop();
                    out.extend(e);
                }
                Some(params) => {
                    if toks.get(i) != Some(&Tok::P("(")) {
                        out.push(t.clone());
                        continue;
                    }
                    i += 1;
                    let mut args: Vec<Vec<Tok>> = vec![Vec::new()];
                    let mut level = 0;
                    loop {
                        let Some(a) = toks.get(i) else {
                            return Err(format!("unterminated call of macro {name}"));
                        };
                        i += 1;
                        match a {
                            Tok::P("(") => level += 1,
                            Tok::P(")") if level == 0 => break,
                            Tok::P(")") => level -= 1,
                            Tok::P(",") if level == 0 => {
                                args.push(Vec::new());
                                continue;
                            }
                            _ => {}
                        }
                        args.last_mut().expect("one argument").push(a.clone());
                    }
                    if params.is_empty() && args.len() == 1 && args[0].is_empty() {
                        args.clear();
                    }
                    if args.len() != params.len() {
                        return Err(format!("macro {name}: wrong number of arguments"));
                    }
                    let mut args_x = Vec::new();
                    for a in &args {
                        args_x.push(self.expand(a, hide, depth + 1)?);
                    }
                    let mut body = Vec::new();
                    for b in &m.body {
                        match b {
                            Tok::Id(p) if params.contains(p) => {
                                let k = params.iter().position(|q| q == p).expect("param");
                                body.extend(args_x[k].iter().cloned());
                            }
                            _ => body.push(b.clone()),
                        }
                    }
                    hide.push(name.clone());
                    let e = self.expand(&body, hide, depth + 1)?;
                    hide.pop();
                    out.extend(e);
                }
            }
        }
        Ok(out)
    }

    /// The tokens of `text` after macro expansion (casts dropped for a naive
    /// environment).
    fn prepare(&self, text: &str) -> Result<Vec<Tok>, String> {
        let mut toks = tokenize(text)?;
        if self.naive {
            for t in &mut toks {
                if let Tok::Num(_, ty) = t {
                    *ty = Ty::I64;
                }
            }
        }
        let mut toks = self.expand(&toks, &mut Vec::new(), 0)?;
        if self.naive {
            toks = self.drop_casts(toks);
        }
        Ok(toks)
    }

    fn eval_tokens(&self, toks: &[Tok]) -> Result<Val, String> {
        let mut p = Parser {
            env: self,
            toks,
            pos: 0,
        };
        let v = p.ternary()?;
        if p.pos != toks.len() {
            return Err("trailing tokens".into());
        }
        Ok(v)
    }

    /// The value of the C expression `text`, or why it has none (undefined behaviour,
    /// unknown name).
    pub fn eval(&self, text: &str) -> Result<Val, String> {
        self.eval_tokens(&self.prepare(text)?)
    }
}

struct Parser<'a> {
    env: &'a Env,
    toks: &'a [Tok],
    pos: usize,
}

fn arith(op: &str, a: Val, b: Val) -> Result<Val, String> {
    let t = common(a.t, b.t);
    let (x, y) = (t.wrap(a.v), t.wrap(b.v));
    let r = match op {
        "+" => x + y,
        "-" => x - y,
        "*" => x * y,
        "/" | "%" => {
            if y == 0 {
                return Err("division by zero".into());
            }
            // C truncates towards zero
            let q = x / y;
            if op == "/" { q } else { x - q * y }
        }
        "<<" | ">>" => return Err("shifts are not generated".into()),
        _ => unreachable!("operator {op}"),
    };
    if t.signed() && (r < t.min() || r > t.max()) {
        return Err(format!("signed overflow: {x} {op} {y} in {t:?}"));
    }
    Ok(Val { v: t.wrap(r), t })
}

fn compare(op: &str, a: Val, b: Val) -> Val {
    let t = common(a.t, b.t);
    let (x, y) = (t.wrap(a.v), t.wrap(b.v));
    let r = match op {
        "<" => x < y,
        "<=" => x <= y,
        ">" => x > y,
        ">=" => x >= y,
        "==" => x == y,
        "!=" => x != y,
        _ => unreachable!("comparison {op}"),
    };
    Val::int(r as i128)
}

impl Parser<'_> {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos)
    }
    fn eat(&mut self, p: &str) -> bool {
        if matches!(self.peek(), Some(Tok::P(q)) if *q == p) {
            self.pos += 1;
            true
        } else {
            false
        }
    }
    fn expect(&mut self, p: &str) -> Result<(), String> {
        if self.eat(p) {
            Ok(())
        } else {
            Err(format!("expected `{p}`"))
        }
    }
    fn ternary(&mut self) -> Result<Val, String> {
        let c = self.or()?;
        if self.eat("?") {
            let a = self.ternary()?;
            self.expect(":")?;
            let b = self.ternary()?;
            let t = common(a.t, b.t);
            Ok(if c.v != 0 { a.conv(t) } else { b.conv(t) })
        } else {
            Ok(c)
        }
    }
    fn or(&mut self) -> Result<Val, String> {
        let mut a = self.and()?;
        while self.eat("||") {
            let b = self.and()?;
            a = Val::int((a.v != 0 || b.v != 0) as i128);
        }
        Ok(a)
    }
    fn and(&mut self) -> Result<Val, String> {
        let mut a = self.equality()?;
        while self.eat("&&") {
            let b = self.equality()?;
            a = Val::int((a.v != 0 && b.v != 0) as i128);
        }
        Ok(a)
    }
    fn equality(&mut self) -> Result<Val, String> {
        let mut a = self.relational()?;
        loop {
            let op = if self.eat("==") {
                "=="
            } else if self.eat("!=") {
                "!="
            } else {
                return Ok(a);
            };
            let b = self.relational()?;
            a = compare(op, a, b);
        }
    }
    fn relational(&mut self) -> Result<Val, String> {
        let mut a = self.additive()?;
        loop {
            let op = ["<=", ">=", "<", ">"].into_iter().find(|p| self.eat(p));
            let Some(op) = op else { return Ok(a) };
            let b = self.additive()?;
            a = compare(op, a, b);
        }
    }
    fn additive(&mut self) -> Result<Val, String> {
        let mut a = self.multiplicative()?;
        loop {
            let op = ["+", "-"].into_iter().find(|p| self.eat(p));
            let Some(op) = op else { return Ok(a) };
            let b = self.multiplicative()?;
            a = arith(op, a, b)?;
        }
    }
    fn multiplicative(&mut self) -> Result<Val, String> {
        let mut a = self.unary()?;
        loop {
            let op = ["*", "/", "%"].into_iter().find(|p| self.eat(p));
            let Some(op) = op else { return Ok(a) };
            let b = self.unary()?;
            a = arith(op, a, b)?;
        }
    }
    /// The type named by the tokens after `(`, if they name one.
    fn type_name(&self) -> Option<(Ty, usize)> {
        let mut words = Vec::new();
        let mut k = self.pos;
        while let Some(Tok::Id(w)) = self.toks.get(k) {
            words.push(w.as_str());
            k += 1;
        }
        if self.toks.get(k) != Some(&Tok::P(")")) || words.is_empty() {
            return None;
        }
        if words.len() == 1
            && let Some(t) = self.env.typedefs.get(words[0])
        {
            return Some((*t, k + 1));
        }
        if words.iter().all(|w| {
            matches!(
                *w,
                "int" | "unsigned" | "signed" | "short" | "long" | "char" | "const"
            )
        }) {
            return Ty::from_words(&words).map(|t| (t, k + 1));
        }
        None
    }
    fn unary(&mut self) -> Result<Val, String> {
        if self.eat("-") {
            let a = self.unary()?;
            return arith("-", Val::int(0).conv(a.t.promoted()), a);
        }
        if self.eat("+") {
            let a = self.unary()?;
            return Ok(a.conv(a.t.promoted()));
        }
        if self.eat("!") {
            let a = self.unary()?;
            return Ok(Val::int((a.v == 0) as i128));
        }
        if matches!(self.peek(), Some(Tok::P("("))) {
            self.pos += 1;
            if let Some((t, next)) = self.type_name() {
                self.pos = next;
                let a = self.unary()?;
                return Ok(a.conv(t));
            }
            let a = self.ternary()?;
            self.expect(")")?;
            return Ok(a);
        }
        match self.peek().cloned() {
            Some(Tok::Num(v, t)) => {
                self.pos += 1;
                Ok(Val { v, t })
            }
            Some(Tok::Id(name)) => {
                self.pos += 1;
                if self.eat("(") {
                    // the user functions `min`/`max` of the programs (int versions)
                    let a = self.ternary()?;
                    self.expect(",")?;
                    let b = self.ternary()?;
                    self.expect(")")?;
                    let (a, b) = (a.conv(Ty::I32), b.conv(Ty::I32));
                    return match name.as_str() {
                        "min" | "imin" => Ok(if a.v < b.v { a } else { b }),
                        "max" | "imax" => Ok(if a.v > b.v { a } else { b }),
                        _ => Err(format!("unknown function {name}")),
                    };
                }
                self.env
                    .vars
                    .get(&name)
                    .copied()
                    .ok_or_else(|| format!("unknown name `{name}`"))
            }
            t => Err(format!("unexpected {t:?}")),
        }
    }
}

// ---------------------------------------------------------------------------------
// Loop nests, as printed and as simulated
// ---------------------------------------------------------------------------------

#[derive(Clone, Debug)]
struct Access {
    arr: String,
    subs: Vec<String>,
    write: bool,
}

#[derive(Clone, Debug)]
struct SStmt {
    text: String,
    acc: Vec<Access>,
    guard: Option<String>,
    /// Calls a function with side effects or reads of globals the accesses omit.
    impure: bool,
}

#[derive(Clone, Debug)]
enum Node {
    Loop(SLoop),
    Stmt(SStmt),
    /// Printed as is, ignored by the simulation (`if (r == 1) break;`).
    Raw(String),
    /// A statement that also gives an integer local its value (`const int k = i + 1;`):
    /// the simulation sets the variable to the value of the expression, of the type,
    /// after checking the statement's accesses.
    Let(SStmt, String, Ty, String),
    /// Printed as nothing: the simulation (re)defines object-like macro `.0` as `.1`
    /// from here on (a `#undef`/`#define` the generator printed before the nest, or
    /// a bound of what a macro with a side effect may expand to).
    SimDefine(String, String),
}

#[derive(Clone, Debug)]
struct SLoop {
    id: usize,
    /// Lines printed right before the `for` (pragmas, `#if 0` blocks).
    pragmas: Vec<String>,
    var: String,
    /// The type as written in the header, when the loop declares its iterator.
    decl: Option<String>,
    ty: Ty,
    init: String,
    cond: String,
    step: i64,
    step_text: String,
    braces: bool,
    body: Vec<Node>,
}

fn print_nodes(nodes: &[Node], depth: usize, out: &mut String) {
    for n in nodes {
        let ind = "  ".repeat(depth);
        match n {
            Node::Raw(t) => {
                let _ = writeln!(out, "{ind}{t}");
            }
            Node::SimDefine(..) => {}
            Node::Stmt(s) | Node::Let(s, ..) => match &s.guard {
                Some(g) => {
                    let _ = writeln!(out, "{ind}if ({g})\n{ind}  {}", s.text);
                }
                None => {
                    let _ = writeln!(out, "{ind}{}", s.text);
                }
            },
            Node::Loop(l) => {
                for p in &l.pragmas {
                    let _ = writeln!(out, "{p}");
                }
                let decl = l.decl.as_ref().map(|d| format!("{d} ")).unwrap_or_default();
                let _ = writeln!(
                    out,
                    "{ind}for ({decl}{} = {}; {}; {})",
                    l.var, l.init, l.cond, l.step_text
                );
                // a preprocessor conditional between a loop header and its body is
                // valid C that tree-sitter cannot parse: brace such bodies
                let cond_inside = l.body.iter().any(|n| {
                    matches!(n, Node::Loop(c) if c.pragmas.iter().any(|p| p.starts_with("#if")))
                });
                if l.braces || l.body.len() != 1 || cond_inside {
                    let _ = writeln!(out, "{ind}{{");
                    print_nodes(&l.body, depth + 1, out);
                    let _ = writeln!(out, "{ind}}}");
                } else {
                    print_nodes(&l.body, depth + 1, out);
                }
            }
        }
    }
}

/// Statement and loop-iteration executions allowed per program (all calls).
const BUDGET: u64 = 200_000;
/// Iterations allowed per execution of one loop.
const MAX_TRIPS: u64 = 20_000;

struct Sim<'a> {
    env: Env,
    dims: &'a HashMap<String, Vec<usize>>,
    naive: bool,
    check: bool,
    points: u64,
    ranges: HashMap<usize, (i128, i128)>,
    /// Records the first subscript of every write to this array.
    rec_arr: Option<String>,
    rec: BTreeSet<i128>,
    /// Expanded tokens by expression text.
    cache: HashMap<String, Vec<Tok>>,
    /// When set, the smallest and largest cell (row-major offset) of every array
    /// accessed (`Gen::touched`).
    touch: Option<HashMap<String, (i128, i128)>>,
}

impl Sim<'_> {
    fn eval(&mut self, text: &str) -> Result<Val, String> {
        if !self.cache.contains_key(text) {
            let t = self.env.prepare(text)?;
            self.cache.insert(text.to_string(), t);
        }
        self.env.eval_tokens(&self.cache[text])
    }

    fn run(&mut self, nodes: &[Node]) -> Result<(), String> {
        for n in nodes {
            match n {
                Node::Loop(l) => self.run_loop(l)?,
                Node::Stmt(s) => self.run_stmt(s)?,
                Node::Let(s, var, ty, expr) => {
                    self.run_stmt(s)?;
                    if self.check {
                        let v = self.eval(expr)?.conv(*ty).v;
                        self.env.set(var, *ty, v);
                    }
                }
                Node::Raw(_) => {}
                Node::SimDefine(name, body) => {
                    self.env.define(name, None, body);
                    self.cache.clear();
                }
            }
        }
        Ok(())
    }

    fn run_stmt(&mut self, s: &SStmt) -> Result<(), String> {
        self.points += 1;
        if !self.check {
            return Ok(());
        }
        if let Some(g) = &s.guard
            && self.eval(g)?.v == 0
        {
            return Ok(());
        }
        for a in &s.acc {
            let dims = self
                .dims
                .get(&a.arr)
                .ok_or_else(|| format!("unknown array {}", a.arr))?;
            if dims.len() != a.subs.len() {
                return Err(format!(
                    "{} accessed with {} subscripts",
                    a.arr,
                    a.subs.len()
                ));
            }
            let mut cell = 0;
            for (k, (sub, d)) in a.subs.iter().zip(dims).enumerate() {
                let v = self.eval(sub)?.v;
                if v < 0 || v >= *d as i128 {
                    return Err(format!("{}[{sub}] = {v} outside 0..{d}", a.arr));
                }
                if k == 0 && a.write && self.rec_arr.as_deref() == Some(a.arr.as_str()) {
                    self.rec.insert(v);
                }
                cell = cell * *d as i128 + v;
            }
            if let Some(t) = &mut self.touch {
                let e = t.entry(a.arr.clone()).or_insert((cell, cell));
                e.0 = e.0.min(cell);
                e.1 = e.1.max(cell);
            }
        }
        Ok(())
    }

    fn run_loop(&mut self, l: &SLoop) -> Result<(), String> {
        let ty = if self.naive { Ty::I64 } else { l.ty };
        let mut v = self.eval(&l.init)?.conv(ty).v;
        let mut trips = 0;
        loop {
            self.env.set(&l.var, ty, v);
            if self.eval(&l.cond)?.v == 0 {
                break;
            }
            trips += 1;
            self.points += 1;
            if trips > MAX_TRIPS || self.points > BUDGET {
                return Err(format!("loop {} runs too long", l.var));
            }
            let r = self.ranges.entry(l.id).or_insert((v, v));
            r.0 = r.0.min(v);
            r.1 = r.1.max(v);
            self.run(&l.body)?;
            // `i++` on a narrow iterator is `i = (T)(i + 1)`: promotion, then a
            // conversion that wraps; on int and wider types an overflow is undefined.
            v = arith("+", Val { v, t: ty }, Val::int(l.step as i128))?
                .conv(ty)
                .v;
        }
        Ok(())
    }
}

impl Env {
    /// This environment as a model that ignores C's types reads it: macro bodies as if
    /// parenthesized, casts and suffixes ignored, every integer mathematical.
    fn naive(&self) -> Env {
        let mut env = self.clone();
        env.naive = true;
        for m in env.macros.values_mut() {
            if m.params.is_none() && m.body.len() > 1 {
                let mut b = vec![Tok::P("(")];
                b.append(&mut m.body);
                b.push(Tok::P(")"));
                m.body = b;
            }
            for t in &mut m.body {
                if let Tok::Num(_, ty) = t {
                    *ty = Ty::I64;
                }
            }
        }
        for v in env.vars.values_mut() {
            v.t = Ty::I64;
        }
        env
    }

    /// Drops the casts of `toks` (for the naive model).
    fn drop_casts(&self, toks: Vec<Tok>) -> Vec<Tok> {
        let mut kept = Vec::new();
        let mut i = 0;
        while i < toks.len() {
            if toks[i] == Tok::P("(") {
                let p = Parser {
                    env: self,
                    toks: &toks,
                    pos: i + 1,
                };
                if let Some((_, next)) = p.type_name() {
                    i = next;
                    continue;
                }
            }
            kept.push(toks[i].clone());
            i += 1;
        }
        kept
    }
}

// ---------------------------------------------------------------------------------
// The generator
// ---------------------------------------------------------------------------------

/// Where a nest wants its iterator declared.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Want {
    Any,
    Header,
    NotHeader,
}

/// Where an iterator is declared.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Storage {
    Header,
    Local,
    Static,
    Global,
    Extern,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Elem {
    Double,
    Int,
    Unsigned,
    Short,
    UChar,
    Long,
}

struct GArr {
    name: String,
    elem: Elem,
    dims: Vec<usize>,
    /// How an element is written when `name` is a struct member (`cl4[@].w[@]`: `@`
    /// for each subscript, in order); `None` for a plain array.
    path: Option<String>,
}

impl GArr {
    /// The element at `idx` (`[q0][q1]`), through `path` for a member.
    fn element(&self, idx: &str) -> String {
        let Some(p) = &self.path else {
            return format!("{}{idx}", self.name);
        };
        let subs: Vec<&str> = idx
            .trim_start_matches('[')
            .trim_end_matches(']')
            .split("][")
            .collect();
        let mut out = String::new();
        let mut k = 0;
        for ch in p.chars() {
            if ch == '@' {
                out.push_str(subs[k]);
                k += 1;
            } else {
                out.push(ch);
            }
        }
        out
    }
}

struct KParam {
    decl: String,
    arg: String,
}

/// The iterator ranges of a nest's loops, by loop id, under C's semantics and under a
/// model that ignores C's types (for placing subscripts that stay inside their array
/// under both when possible).
struct Ranges {
    c: HashMap<usize, (i128, i128)>,
    naive: HashMap<usize, (i128, i128)>,
}

struct Gen {
    rng: Rng,
    env: Env,
    feats: BTreeSet<&'static str>,
    td_int: bool,
    td_uint: bool,
    td_long: bool,
    td_short: bool,
    td_real: bool,
    top: Vec<String>,
    globals: Vec<String>,
    late: Vec<String>,
    helpers: Vec<String>,
    kparams: Vec<KParam>,
    kdecls: Vec<String>,
    kstart: Vec<String>,
    kbody: String,
    garrays: Vec<GArr>,
    /// Global scalars printed by main: name, whether a double.
    gscalars: Vec<(String, bool)>,
    dims: HashMap<String, Vec<usize>>,
    jobs: Vec<Vec<Node>>,
    iters: HashMap<String, (Ty, Storage)>,
    idx_macros: HashMap<String, String>,
    next_id: usize,
    n_iout: usize,
    n_dout: usize,
    omp: bool,
    limits_h: bool,
    /// The program uses `size_t` (`#include <stddef.h>`) or `malloc` (`<stdlib.h>`).
    stddef_h: bool,
    stdlib_h: bool,
    /// `min` is a user function on ints (for bounds) rather than on doubles.
    min_int: bool,
    user_fns: BTreeSet<&'static str>,
    uniq: usize,
    calls: usize,
    returned: bool,
    sz: usize,
    sz_text: String,
    rr: usize,
    rr_text: String,
    gflag: Option<String>,
    /// Percent of the choices of the current block that take an unusual construct
    /// (the rest stay plain, so that nestor accepts the nest around the unusual ones).
    spice: u32,
    /// Functions of the file that nests call (issue 15), printed after the user
    /// functions, in the order they were first needed.
    fns: Vec<String>,
    /// The names of `fns`.
    fn_names: BTreeSet<String>,
    /// Struct and union tags already defined.
    tags: BTreeSet<&'static str>,
    /// How struct members are written, by the name the simulation knows them by
    /// (`gs3.x`): `@` for each subscript (`gs3.x[@]`, `cl4[@].w[@]`).
    paths: HashMap<String, String>,
    /// Names declared in the kernel's outermost block by the issue-15 blocks.
    kscope: BTreeSet<String>,
    /// The global `int` that is 0 when the program runs: it guards reads nestor must
    /// still take into account.
    gzero: Option<String>,
}

const DBL_COEFS: [&str; 6] = ["0.5", "0.25", "0.125", "0.75", "0.375", "1.5"];

impl Gen {
    fn new(seed: u64) -> Gen {
        let mut rng = Rng::new(seed);
        let mut g = Gen {
            td_int: rng.chance(40),
            td_uint: rng.chance(25),
            td_long: rng.chance(25),
            td_short: rng.chance(20),
            td_real: rng.chance(35),
            min_int: rng.chance(50),
            rng,
            env: Env::default(),
            feats: BTreeSet::new(),
            top: Vec::new(),
            globals: Vec::new(),
            late: Vec::new(),
            helpers: Vec::new(),
            kparams: Vec::new(),
            kdecls: Vec::new(),
            kstart: Vec::new(),
            kbody: String::new(),
            garrays: Vec::new(),
            gscalars: Vec::new(),
            dims: HashMap::new(),
            jobs: Vec::new(),
            iters: HashMap::new(),
            idx_macros: HashMap::new(),
            next_id: 0,
            n_iout: 0,
            n_dout: 0,
            omp: false,
            limits_h: false,
            stddef_h: false,
            stdlib_h: false,
            user_fns: BTreeSet::new(),
            uniq: 0,
            calls: 1,
            returned: false,
            sz: 48,
            sz_text: String::new(),
            rr: 20,
            rr_text: String::new(),
            gflag: None,
            spice: 30,
            fns: Vec::new(),
            fn_names: BTreeSet::new(),
            tags: BTreeSet::new(),
            paths: HashMap::new(),
            kscope: BTreeSet::new(),
            gzero: None,
        };
        for (on, name, t) in [
            (g.td_int, "idx_t", Ty::I32),
            (g.td_uint, "uint_t", Ty::U32),
            (g.td_long, "lng_t", Ty::I64),
            (g.td_short, "sht_t", Ty::I16),
        ] {
            if on {
                g.top.push(format!("typedef {} {name};", t.c()));
                g.env.typedefs.insert(name.to_string(), t);
                g.feats.insert("typedef");
            }
        }
        if g.td_real {
            g.top.push("typedef double real;".to_string());
            g.feats.insert("typedef-double");
        }
        // the extents: literal, macro, or a macro whose body is not parenthesized
        g.sz = *g.rng.pick(&[40, 48, 56]);
        g.rr = *g.rng.pick(&[18, 20, 24]);
        let (szt, rrt) = (g.sz, g.rr);
        g.sz_text = g.extent_text("SZ", szt);
        g.rr_text = g.extent_text("RR", rrt);
        g
    }

    fn extent_text(&mut self, name: &str, v: usize) -> String {
        match self.rng.below(4) {
            0 => v.to_string(),
            1 => {
                self.top.push(format!("#define {name} {v}"));
                self.env.define(name, None, &v.to_string());
                name.to_string()
            }
            2 => {
                let a = v - 8;
                self.top.push(format!("#define {name} {a}+8"));
                self.env.define(name, None, &format!("{a}+8"));
                self.feats.insert("macro-unparenthesized");
                name.to_string()
            }
            _ => {
                self.top
                    .push(format!("#ifndef {name}\n#define {name} ({v})\n#endif"));
                self.env.define(name, None, &format!("({v})"));
                name.to_string()
            }
        }
    }

    fn fresh(&mut self, p: &str) -> String {
        self.uniq += 1;
        format!("{p}{}", self.uniq)
    }

    fn id(&mut self) -> usize {
        self.next_id += 1;
        self.next_id
    }

    /// The spelling of integer type `t`, through a typedef when there is one.
    fn ty_text(&mut self, t: Ty) -> String {
        let td = match t {
            Ty::I32 if self.td_int => Some("idx_t"),
            Ty::U32 if self.td_uint => Some("uint_t"),
            Ty::I64 if self.td_long => Some("lng_t"),
            Ty::I16 if self.td_short => Some("sht_t"),
            _ => None,
        };
        match td {
            Some(n) if self.rng.chance(60) => n.to_string(),
            _ => t.c().to_string(),
        }
    }

    fn dbl(&mut self) -> &'static str {
        if self.td_real && self.rng.chance(60) {
            "real"
        } else {
            "double"
        }
    }

    fn elem_text(&mut self, e: Elem) -> String {
        match e {
            Elem::Double => self.dbl().to_string(),
            Elem::Int => self.ty_text(Ty::I32),
            Elem::Unsigned => self.ty_text(Ty::U32),
            Elem::Short => self.ty_text(Ty::I16),
            Elem::UChar => "unsigned char".to_string(),
            Elem::Long => self.ty_text(Ty::I64),
        }
    }

    /// A global array of `elem` with `ndim` dimensions (an existing one or a new one).
    fn garr(&mut self, elem: Elem, ndim: usize, avoid: &[&str]) -> String {
        let existing: Vec<String> = self
            .garrays
            .iter()
            .filter(|a| {
                a.elem == elem
                    && a.path.is_none()
                    && a.dims.len() == ndim
                    && a.dims.iter().all(|d| *d == self.sz || *d == self.rr)
                    && !avoid.contains(&a.name.as_str())
            })
            .map(|a| a.name.clone())
            .collect();
        if !existing.is_empty() && (existing.len() >= 3 || self.rng.chance(40)) {
            return self.rng.pick(&existing).clone();
        }
        let base = match (elem, ndim) {
            (Elem::Double, 1) => "A",
            (Elem::Double, _) => "P",
            (Elem::Int, _) => "IA",
            (Elem::Unsigned, _) => "UA",
            (Elem::Short, _) => "SA",
            (Elem::UChar, _) => "CA",
            (Elem::Long, _) => "LA",
        };
        let name = self.fresh(base);
        let (dims, text): (Vec<usize>, String) = if ndim == 1 {
            (vec![self.sz], format!("[{}]", self.sz_text))
        } else {
            (
                vec![self.rr, self.rr],
                format!("[{}][{}]", self.rr_text, self.rr_text),
            )
        };
        let et = self.elem_text(elem);
        self.globals.push(format!("{et} {name}{text};"));
        self.add_garr(&name, elem, dims);
        name
    }

    fn add_garr(&mut self, name: &str, elem: Elem, dims: Vec<usize>) {
        self.dims.insert(name.to_string(), dims.clone());
        self.garrays.push(GArr {
            name: name.to_string(),
            elem,
            dims,
            path: None,
        });
    }

    fn out_i(&mut self) -> String {
        self.n_iout += 1;
        format!("g_iout[{}]", self.n_iout - 1)
    }

    fn out_d(&mut self) -> String {
        self.n_dout += 1;
        format!("g_dout[{}]", self.n_dout - 1)
    }

    fn coef(&mut self) -> &'static str {
        DBL_COEFS[self.rng.below(DBL_COEFS.len())]
    }

    /// The global `int` flag read by the jumps (1: the jump is taken).
    fn flag(&mut self) -> String {
        if let Some(f) = &self.gflag {
            return f.clone();
        }
        let v = if self.rng.chance(85) { 1 } else { 0 };
        self.globals.push(format!("int gflag = {v};"));
        self.gscalars.push(("gflag".into(), false));
        self.gflag = Some("gflag".into());
        "gflag".into()
    }

    /// A new kernel parameter holding `v`, of a random integer type that can hold it.
    fn param(&mut self, v: i64) -> String {
        let mut choices = vec![Ty::I32, Ty::I32, Ty::I64, Ty::U32];
        if !self.spicy() {
            choices = vec![Ty::I32, Ty::I32, Ty::I64];
        }
        if (0..=32767).contains(&v) {
            choices.push(Ty::I16);
        }
        if (0..=127).contains(&v) {
            choices.push(Ty::I8);
            choices.push(Ty::U8);
        }
        if v < 0 {
            choices.retain(|t| t.signed());
        }
        let t = *self.rng.pick(&choices);
        let name = self.fresh(match t {
            Ty::U32 | Ty::U8 | Ty::U16 | Ty::U64 => "un",
            Ty::I64 => "ln",
            Ty::I16 | Ty::I8 => "sn",
            _ => "n",
        });
        let tt = self.ty_text(t);
        let arg = match t {
            Ty::U32 if self.rng.chance(50) => format!("{v}u"),
            Ty::I64 if self.rng.chance(50) => format!("{v}L"),
            _ => v.to_string(),
        };
        self.kparams.push(KParam {
            decl: format!("{tt} {name}"),
            arg,
        });
        self.env.set(&name, t, v as i128);
        if !t.signed() {
            self.feats.insert("unsigned-bound");
        }
        if t.bits() < 32 {
            self.feats.insert("narrow-bound");
        }
        name
    }

    /// A new global integer variable holding `v` (or an `extern` declaration of one
    /// defined after the kernel).
    fn gvar(&mut self, v: i64) -> String {
        let t = if self.spicy() {
            *self
                .rng
                .pick(&[Ty::I32, Ty::U32, Ty::U32, Ty::I64, Ty::I16])
        } else {
            *self.rng.pick(&[Ty::I32, Ty::I64])
        };
        let name = self.fresh(if t.signed() { "gn" } else { "gu" });
        let tt = self.ty_text(t);
        let lit = if t.signed() {
            v.to_string()
        } else {
            format!("{v}u")
        };
        if self.rng.chance(35) {
            self.globals.push(format!("extern {tt} {name};"));
            self.late.push(format!("{tt} {name} = {lit};"));
            self.feats.insert("extern-global");
        } else {
            self.globals.push(format!("{tt} {name} = {lit};"));
        }
        self.gscalars.push((name.clone(), false));
        self.env.set(&name, t, v as i128);
        if !t.signed() {
            self.feats.insert("unsigned-bound");
        }
        name
    }

    fn define(&mut self, name: &str, body: &str) {
        self.top.push(format!("#define {name} {body}"));
        self.env.define(name, None, body);
    }

    /// An upper bound of value `v` (what a model that ignores C's types reads; C's value
    /// may differ: that is the point).
    /// Whether the next choice takes an unusual construct (see `spice`).
    fn spicy(&mut self) -> bool {
        self.rng.chance(self.spice)
    }

    fn spell_upper(&mut self, v: i64) -> String {
        if !self.spicy() {
            // plain spellings
            return match self.rng.weighted(&[50, 20, 20, 10]) {
                1 if self.kparams.len() < 5 => self.param(v),
                2 => {
                    let n = self.fresh("N");
                    let b = if self.rng.chance(50) {
                        v.to_string()
                    } else {
                        format!("({v})")
                    };
                    self.define(&n, &b);
                    n
                }
                3 => self.gvar(v),
                _ => v.to_string(),
            };
        }
        let w = [10, 14, 8, 8, 10, 6, 5, 5, 4, 4, 3, 3, 4];
        match self.rng.weighted(&w) {
            0 => v.to_string(),
            1 => {
                if self.kparams.len() >= 5 {
                    return v.to_string();
                }
                let d = self.rng.range(0, 2);
                let p = self.param(v - d);
                if d == 0 { p } else { format!("{p} + {d}") }
            }
            2 => self.gvar(v),
            3 => {
                let n = self.fresh("N");
                let b = if self.rng.chance(50) {
                    v.to_string()
                } else {
                    format!("({v})")
                };
                self.define(&n, &b);
                n
            }
            4 => {
                // `#define N a+b` read as `N * 2`, `2 * N`, `N / 2` or `N`
                self.feats.insert("macro-unparenthesized");
                let n = self.fresh("N");
                match self.rng.below(4) {
                    0 if v % 2 == 0 && v >= 4 => {
                        let a = self.rng.range(1, v / 2 - 1);
                        self.define(&n, &format!("{a}+{}", v / 2 - a));
                        format!("{n} * 2")
                    }
                    1 if v % 2 == 0 && v >= 4 => {
                        let a = self.rng.range(1, v / 2 - 1);
                        self.define(&n, &format!("{}+{a}", v / 2 - a));
                        format!("2 * {n}")
                    }
                    2 => {
                        let a = self.rng.range(1, v);
                        self.define(&n, &format!("{a}+{}", 2 * v - a));
                        format!("{n} / 2")
                    }
                    _ => {
                        let a = self.rng.range(1, (v - 1).max(1));
                        self.define(&n, &format!("{a}+{}", v - a));
                        n
                    }
                }
            }
            5 => {
                self.feats.insert("suffixed-literal");
                let s = *self.rng.pick(&["u", "U", "L", "l", "UL"]);
                if self.rng.chance(50) {
                    let n = self.fresh("K");
                    self.define(&n, &format!("{v}{s}"));
                    n
                } else {
                    format!("{v}{s}")
                }
            }
            6 => {
                // a narrowing cast that wraps: C's value is v, the unwrapped one is not
                self.feats.insert("cast-bound");
                let (cast, m) =
                    *self
                        .rng
                        .pick(&[("unsigned char", 256i64), ("short", 65536), ("char", 256)]);
                let base = if self.rng.chance(50) && self.kparams.len() < 5 {
                    let pv = self.rng.range(3, 20);
                    (self.param(pv), pv)
                } else {
                    let pv = self.rng.range(3, 20);
                    (pv.to_string(), pv)
                };
                format!("({cast})({} + {})", base.0, m + v - base.1)
            }
            7 => {
                self.feats.insert("function-like-macro");
                let n = self.fresh("UP");
                if self.rng.chance(50) {
                    // `#define UP(x) x+1`: `UP(a) * 2` is a + 2
                    self.top.push(format!("#define {n}(x) x+1"));
                    self.env.define(&n, Some(&["x"]), "x+1");
                    if v % 2 == 0 && v >= 4 {
                        format!("{n}({}) * 2", v / 2 - 1)
                    } else {
                        format!("{n}({})", v - 1)
                    }
                } else {
                    self.top
                        .push(format!("#define {n}(a, b) ((a) < (b) ? (a) : (b))"));
                    self.env
                        .define(&n, Some(&["a", "b"]), "((a) < (b) ? (a) : (b))");
                    let other = v + self.rng.range(0, 6);
                    format!("{n}({v}, {other})")
                }
            }
            8 if self.min_int => {
                self.feats.insert("user-min-bound");
                self.user_fns.insert("min");
                let other = v + self.rng.range(0, 5);
                if self.rng.chance(50) {
                    format!("min({v}, {other})")
                } else {
                    format!("min({other}, {v})")
                }
            }
            9 => {
                // the macro is defined in an inactive branch, and again in the active one
                self.feats.insert("if0-macro");
                let n = self.fresh("LIM");
                let other = v + self.rng.range(3, 30);
                let (first, second) = match self.rng.below(3) {
                    0 => ("#if 0", "#else"),
                    1 => ("#ifdef NESTOR_SEMFUZZ_UNDEFINED", "#else"),
                    _ => ("#if 1", "#else"),
                };
                if first == "#if 1" {
                    self.top.push(format!(
                        "{first}\n#define {n} {v}\n{second}\n#define {n} {other}\n#endif"
                    ));
                } else {
                    self.top.push(format!(
                        "{first}\n#define {n} {other}\n{second}\n#define {n} {v}\n#endif"
                    ));
                }
                self.env.define(&n, None, &v.to_string());
                n
            }
            10 => {
                // redefined in the kernel, before the nest
                self.feats.insert("undef-macro");
                let n = self.fresh("LIM");
                let other = v + self.rng.range(3, 30);
                self.top.push(format!("#define {n} {other}"));
                let _ = writeln!(self.kbody, "#undef {n}\n#define {n} {v}");
                self.env.define(&n, None, &v.to_string());
                n
            }
            11 => {
                // a ternary min, which nestor reads as min()
                let other = v + self.rng.range(1, 5);
                if self.kparams.len() < 5 {
                    let p = self.param(v);
                    format!("({p} < {other} ? {p} : {other})")
                } else {
                    v.to_string()
                }
            }
            _ => {
                self.feats.insert("typedef-cast");
                let t = *self.rng.pick(&[Ty::I32, Ty::I64, Ty::U32, Ty::I16]);
                let tt = self.ty_text(t);
                format!("({tt}){v}")
            }
        }
    }

    fn spell_lower(&mut self, v: i64) -> String {
        if !self.spicy() {
            return v.to_string();
        }
        match self.rng.weighted(&[30, 10, 10, 8, 6]) {
            1 => {
                let n = self.fresh("LO");
                self.define(&n, &v.to_string());
                n
            }
            2 if self.kparams.len() < 5 && v >= 0 => self.param(v),
            3 if v >= 0 => {
                self.feats.insert("suffixed-literal");
                format!("{v}u")
            }
            4 => {
                let t = *self.rng.pick(&[Ty::I64, Ty::I16, Ty::I8]);
                let tt = self.ty_text(t);
                format!("({tt}){v}")
            }
            _ => v.to_string(),
        }
    }

    /// The declaration of kernel iterator `var` (shared by every nest of the kernel
    /// that does not declare it in the loop header).
    fn iter_decl(&mut self, var: &str, want: Want, range_hi: i64) -> (Option<String>, Ty) {
        let fits = |t: Ty| (range_hi as i128) < t.max() - 4;
        let spicy = self.spicy();
        if want != Want::Header
            && let Some((t, st)) = self.iters.get(var).copied()
            && st != Storage::Header
            && fits(t)
            && (spicy || (matches!(t, Ty::I32 | Ty::I64) && st == Storage::Local))
        {
            return (None, t);
        }
        let mut types = vec![Ty::I32, Ty::I32, Ty::I32, Ty::I64];
        if spicy {
            types.push(Ty::I16);
            if fits(Ty::I8) {
                types.push(Ty::I8);
                types.push(Ty::U8);
            }
            if self.rng.chance(30) {
                types.push(Ty::U32);
            }
        }
        types.retain(|t| fits(*t));
        let t = *self.rng.pick(&types);
        let st = if want == Want::Header || self.iters.contains_key(var) {
            Storage::Header
        } else {
            let w = match (want == Want::NotHeader, spicy) {
                (true, true) => [0, 25, 30, 25, 20],
                (true, false) => [0, 100, 0, 0, 0],
                (false, true) => [20, 20, 22, 20, 18],
                (false, false) => [55, 45, 0, 0, 0],
            };
            match self.rng.weighted(&w) {
                0 => Storage::Header,
                1 => Storage::Local,
                2 => Storage::Static,
                3 => Storage::Global,
                _ => Storage::Extern,
            }
        };
        if t != Ty::I32 {
            self.feats.insert(match t {
                Ty::I64 => "long-iterator",
                Ty::U32 | Ty::U8 => "unsigned-iterator",
                _ => "narrow-iterator",
            });
        }
        let tt = self.ty_text(t);
        match st {
            Storage::Header => return (Some(tt), t),
            Storage::Local => {
                if self.rng.chance(20) {
                    // the declaration in the inactive branch has another type
                    self.feats.insert("if0-declaration");
                    let other = if t == Ty::I64 { "short" } else { "long" };
                    self.kdecls.push(format!(
                        "#if 0\n  {other} {var};\n#else\n  {tt} {var};\n#endif"
                    ));
                } else {
                    self.kdecls.push(format!("  {tt} {var};"));
                }
            }
            Storage::Static => {
                self.feats.insert("static-iterator");
                self.kdecls.push(format!("  static {tt} {var};"));
            }
            Storage::Global => {
                self.feats.insert("global-iterator");
                self.globals.push(format!("{tt} {var};"));
                self.gscalars.push((var.to_string(), false));
            }
            Storage::Extern => {
                self.feats.insert("extern-iterator");
                self.globals.push(format!("{tt} {var};"));
                self.gscalars.push((var.to_string(), false));
                self.kdecls.push(format!("  extern {tt} {var};"));
            }
        }
        self.iters.insert(var.to_string(), (t, st));
        (None, t)
    }

    /// A loop over `lo..=hi` (nominally), increasing or decreasing, with an empty body.
    fn header(&mut self, var: &str, lo: i64, hi: i64, want: Want, simple: bool) -> SLoop {
        let (decl, ty) = self.iter_decl(var, want, hi + 2);
        let down = self.rng.chance(20);
        let spell_upper = |g: &mut Gen, v: i64| {
            if simple && g.rng.chance(70) {
                v.to_string()
            } else {
                g.spell_upper(v)
            }
        };
        let (init, cond, step, step_text) = if !down {
            let init = if simple {
                lo.to_string()
            } else {
                self.spell_lower(lo)
            };
            let stride2 = self.rng.chance(10);
            let (op, b) = match self.rng.below(6) {
                0 => ("<=", spell_upper(self, hi)),
                1 if !stride2 => ("!=", spell_upper(self, hi + 1)),
                _ => ("<", spell_upper(self, hi + 1)),
            };
            let cond = if self.rng.chance(15) {
                let mirrored = match op {
                    "<=" => ">=",
                    "<" => ">",
                    o => o,
                };
                format!("{b} {mirrored} {var}")
            } else {
                format!("{var} {op} {b}")
            };
            let (step, st) = if stride2 {
                (2, format!("{var} += 2"))
            } else {
                (
                    1,
                    match self.rng.below(4) {
                        0 => format!("++{var}"),
                        1 => format!("{var} += 1"),
                        _ => format!("{var}++"),
                    },
                )
            };
            (init, cond, step, st)
        } else {
            let init = match self.rng.below(3) {
                0 => format!("{} - 1", spell_upper(self, hi + 1)),
                _ => spell_upper(self, hi),
            };
            let lo_t = if simple {
                lo.to_string()
            } else {
                self.spell_lower(lo)
            };
            let cond = if self.rng.chance(50) {
                format!("{var} >= {lo_t}")
            } else {
                format!("{var} > {lo_t} - 1")
            };
            let st = if self.rng.chance(70) {
                format!("{var}--")
            } else {
                format!("{var} -= 1")
            };
            (init, cond, -1, st)
        };
        SLoop {
            id: self.id(),
            pragmas: Vec::new(),
            var: var.to_string(),
            decl,
            ty,
            init,
            cond,
            step,
            step_text,
            braces: self.rng.chance(50),
            body: Vec::new(),
        }
    }

    /// The iterator ranges of `nodes` (loops only).
    fn ranges(&self, nodes: &[Node]) -> Result<Ranges, String> {
        let mut out = Ranges {
            c: HashMap::new(),
            naive: HashMap::new(),
        };
        for naive in [false, true] {
            let mut sim = Sim {
                env: if naive {
                    self.env.naive()
                } else {
                    self.env.clone()
                },
                dims: &self.dims,
                naive,
                check: false,
                points: 0,
                ranges: HashMap::new(),
                rec_arr: None,
                rec: BTreeSet::new(),
                cache: HashMap::new(),
                touch: None,
            };
            match sim.run(nodes) {
                Ok(()) => {}
                Err(e) if !naive => return Err(e),
                Err(_) => {}
            }
            if naive {
                out.naive = sim.ranges;
            } else {
                out.c = sim.ranges;
            }
        }
        Ok(out)
    }

    /// Subscripts of extent `ext` for `var` (loop `id`), one per delta in `deltas`, all
    /// with the same form and base offset, inside the array under C's semantics (and
    /// under the naive model when possible).
    fn subs_var(
        &mut self,
        var: &str,
        id: usize,
        r: &Ranges,
        ext: usize,
        deltas: &[i64],
    ) -> Vec<String> {
        let w = if self.spicy() {
            [10, 35, 30, 25]
        } else {
            [100, 0, 0, 0]
        };
        let form = match self.rng.weighted(&w) {
            1 if var.len() == 1 => {
                let m = self.idx_macros.get(var).cloned().unwrap_or_else(|| {
                    let m = format!("{}DX", var.to_ascii_uppercase());
                    self.top.push(format!("#define {m} {var}"));
                    self.env.define(&m, None, var);
                    self.idx_macros.insert(var.to_string(), m.clone());
                    m
                });
                self.feats.insert("macro-iterator");
                m
            }
            2 => {
                self.feats.insert("cast-subscript");
                let t = *self.rng.pick(&[Ty::I64, Ty::I32, Ty::I64]);
                format!("({}){var}", self.ty_text(t))
            }
            3 => {
                let n = self.fresh("OFS");
                self.top.push(format!("#define {n}(x) x+0"));
                self.env.define(&n, Some(&["x"]), "x+0");
                self.feats.insert("function-like-macro");
                format!("{n}({var})")
            }
            _ => var.to_string(),
        };
        let dmin = *deltas.iter().min().unwrap_or(&0) as i128;
        let dmax = *deltas.iter().max().unwrap_or(&0) as i128;
        let rc = r.c.get(&id).copied();
        let rn = r.naive.get(&id).copied();
        let both = match (rc, rn) {
            (Some(a), Some(b)) => Some((a.0.min(b.0), a.1.max(b.1))),
            (a, b) => a.or(b),
        };
        let ext = ext as i128;
        let mut off = 0i128;
        for (lo, hi) in [both, rc, rn].into_iter().flatten() {
            let (omin, omax) = (-(lo + dmin), ext - 1 - (hi + dmax));
            if omin <= omax {
                // prefer small offsets
                let a = omin.max(-3).min(omax);
                let b = omax.min(3).max(omin);
                off = a + self.rng.range(0, (b - a) as i64) as i128;
                break;
            }
        }
        deltas
            .iter()
            .map(|d| {
                let c = off + *d as i128;
                match c.cmp(&0) {
                    std::cmp::Ordering::Equal => form.clone(),
                    std::cmp::Ordering::Greater => format!("{form} + {c}"),
                    std::cmp::Ordering::Less => format!("{form} - {}", -c),
                }
            })
            .collect()
    }

    fn acc(arr: &str, subs: &[String], write: bool) -> (String, Access) {
        let text = format!(
            "{arr}{}",
            subs.iter().map(|s| format!("[{s}]")).collect::<String>()
        );
        (
            text,
            Access {
                arr: arr.to_string(),
                subs: subs.to_vec(),
                write,
            },
        )
    }

    /// Pragmas for a loop: only where the original stays deterministic.
    fn pragmas(&mut self, l: &mut SLoop, parallel: bool, outermost: bool, inner_private: bool) {
        if !self.spicy() {
            return;
        }
        let w = [15, 30, 20, 15, 12, 8];
        match self.rng.weighted(&w) {
            1 if parallel && outermost && inner_private && l.decl.is_some() => {
                l.pragmas.push("#pragma omp parallel for".into());
                self.omp = true;
                self.feats.insert("omp");
            }
            2 if parallel => {
                l.pragmas.push("#pragma GCC ivdep".into());
                self.feats.insert("ivdep");
            }
            3 => {
                l.pragmas.push("#pragma GCC unroll 2".into());
                self.feats.insert("unroll");
            }
            4 if parallel
                && outermost
                && inner_private
                && l.decl.is_some()
                && l.id.is_multiple_of(2) =>
            {
                // the pragma in the active branch applies: a parallel loop must stay
                // where it is (decided without drawing, so that the programs of
                // earlier runs keep their other choices)
                self.feats.insert("if0-pragma");
                self.feats.insert("omp-in-else-branch");
                self.omp = true;
                l.pragmas.push(
                    "#if 0\n#pragma GCC unroll 2\n#else\n#pragma omp parallel for\n#endif".into(),
                );
            }
            4 => {
                self.feats.insert("if0-pragma");
                l.pragmas.push(
                    "#if 0\n#pragma omp parallel for\n#else\n#pragma GCC unroll 2\n#endif".into(),
                );
            }
            5 => {
                self.feats.insert("if0-pragma");
                l.pragmas
                    .push("#if 0\n#pragma omp parallel for\n#endif".into());
            }
            _ => {}
        }
    }

    /// Code after a nest that reads its iterator `var` (declared outside the header)
    /// by a path a straight-line liveness does not see.
    fn iter_traps(&mut self, l: &SLoop, after: &mut String, last_block: bool) {
        let var = l.var.as_str();
        let Some((_, st)) = self.iters.get(var).copied() else {
            return;
        };
        if st == Storage::Header || l.decl.is_some() || !self.rng.chance(self.spice + 25) {
            return;
        }
        let w = [20, 12, 15, 20, 20];
        match self.rng.weighted(&w) {
            1 => {
                let o = self.out_i();
                let _ = writeln!(after, "  {o} = {var};");
                self.init_unless_assigned(l, st);
            }
            2 => {
                self.feats.insert("macro-reads-iterator");
                let m = self.fresh("LAST");
                self.top.push(format!("#define {m}() {var}"));
                let o = self.out_i();
                let _ = writeln!(after, "  {o} = {m}();");
                self.init_unless_assigned(l, st);
            }
            3 => {
                self.feats.insert("goto-skips-reassignment");
                let f = self.flag();
                let l2 = self.fresh("skip");
                let o = self.out_i();
                let _ = writeln!(
                    after,
                    "  if ({f})\n    goto {l2};\n  {var} = 0;\n{l2}:\n  {o} = {var};"
                );
                self.init_unless_assigned(l, st);
            }
            4 if last_block && st != Storage::Local => {
                self.feats.insert("return-skips-reassignment");
                let f = self.flag();
                let _ = writeln!(after, "  if ({f})\n    return;\n  {var} = 0;");
                if st == Storage::Static {
                    let o = self.out_i();
                    self.kstart.push(format!("  {o} = {o} * 37 + {var};"));
                }
                self.returned = true;
            }
            _ => {
                if st == Storage::Static {
                    self.feats.insert("static-read-next-call");
                    let o = self.out_i();
                    self.kstart.push(format!("  {o} = {o} * 37 + {var};"));
                }
            }
        }
    }

    /// Gives the kernel's local iterator of `l` (storage `st`), which code after the
    /// nest reads, the initial value 0 when the header of `l` may not run at a call
    /// (an inner loop of a nest whose outer loop runs no iteration, `for (i = 9; i >
    /// 0u - 1; i--)`): the read would otherwise be of an uninitialized variable.
    /// Draws nothing, so that the other choices of a seed stay as they were.
    fn init_unless_assigned(&mut self, l: &SLoop, st: Storage) {
        if st != Storage::Local || self.header_runs(l.id) {
            return;
        }
        let (plain, init) = (format!(" {};", l.var), format!(" {} = 0;", l.var));
        for d in &mut self.kdecls {
            if !d.contains("extern ") && !d.contains("static ") && d.contains(&plain) {
                *d = d.replace(&plain, &init);
            }
        }
    }

    /// Whether the header of loop `id` of the last nest emitted runs at every call:
    /// the loop is at the top of the nest or in the body of a loop that runs at least
    /// one iteration (C's semantics, the environment as it is).
    fn header_runs(&self, id: usize) -> bool {
        /// The loop whose body holds loop `id` (`Some(None)`: `id` is at the top).
        fn parent(nodes: &[Node], id: usize, up: Option<usize>) -> Option<Option<usize>> {
            nodes.iter().find_map(|n| match n {
                Node::Loop(l) if l.id == id => Some(up),
                Node::Loop(l) => parent(&l.body, id, Some(l.id)),
                _ => None,
            })
        }
        let Some(job) = self.jobs.last() else {
            return true;
        };
        let Some(Some(p)) = parent(job, id, None) else {
            return true;
        };
        match self.ranges(job) {
            Ok(r) => r.c.contains_key(&p),
            Err(_) => false,
        }
    }

    /// Whether the loop `l` may run its iterations in any order: no statement in it
    /// has side effects, and every array written in it has a dimension whose subscript
    /// is the same in all its accesses there and is `l`'s iterator plus a constant.
    fn parallel(&self, l: &SLoop) -> bool {
        let mut accs: Vec<&Access> = Vec::new();
        let mut pure = true;
        let mut inner: Vec<String> = Vec::new();
        fn walk<'a>(
            nodes: &'a [Node],
            accs: &mut Vec<&'a Access>,
            pure: &mut bool,
            inner: &mut Vec<String>,
        ) {
            for n in nodes {
                match n {
                    Node::Loop(l) => {
                        // a bound calling the user's `min` (which counts its calls)
                        *pure &= !l.init.contains("min(") && !l.cond.contains("min(");
                        inner.push(l.var.clone());
                        walk(&l.body, accs, pure, inner)
                    }
                    Node::Stmt(s) | Node::Let(s, ..) => {
                        *pure &= !s.impure;
                        accs.extend(s.acc.iter());
                    }
                    Node::Raw(_) => *pure = false,
                    Node::SimDefine(..) => {}
                }
            }
        }
        walk(&l.body, &mut accs, &mut pure, &mut inner);
        if !pure {
            return false;
        }
        let names = |s: &str| -> Option<Vec<String>> {
            if s.contains("(short)") || s.contains("(unsigned char)") || s.contains("(char)") {
                return None;
            }
            let t = tokenize(s).ok()?;
            let x = self.env.expand(&t, &mut Vec::new(), 0).ok()?;
            Some(
                x.into_iter()
                    .filter_map(|t| if let Tok::Id(n) = t { Some(n) } else { None })
                    .collect(),
            )
        };
        for w in accs.iter().filter(|a| a.write) {
            let ok = (0..w.subs.len()).any(|d| {
                let same = accs
                    .iter()
                    .filter(|a| a.arr == w.arr)
                    .all(|a| a.subs.get(d) == w.subs.get(d));
                let Some(ids) = names(&w.subs[d]) else {
                    return false;
                };
                same && ids.contains(&l.var) && !ids.iter().any(|n| inner.contains(n))
            });
            if !ok {
                return false;
            }
        }
        true
    }

    /// The first subscripts of the writes to `arr` when `nodes` run (C's semantics).
    fn written(&self, nodes: &[Node], arr: &str) -> BTreeSet<i128> {
        let mut sim = Sim {
            env: self.env.clone(),
            dims: &self.dims,
            naive: false,
            check: true,
            points: 0,
            ranges: HashMap::new(),
            rec_arr: Some(arr.to_string()),
            rec: BTreeSet::new(),
            cache: HashMap::new(),
            touch: None,
        };
        match sim.run(nodes) {
            Ok(()) => sim.rec,
            Err(_) => BTreeSet::new(),
        }
    }
}

/// How a temporary array of a producer-consumer pair is declared and reached.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum TempKind {
    Local,
    Pointer,
    Macro,
    Sizeof,
    Vla,
    Static,
    Extern,
    If0Pragma,
    If0Decl,
    Global,
}

impl Gen {
    fn emit(&mut self, nodes: &[Node]) {
        let mut t = String::new();
        print_nodes(nodes, 1, &mut t);
        self.kbody.push_str(&t);
        self.jobs.push(nodes.to_vec());
    }

    /// The global array the user functions `sqrt`, `min` and `max` read.
    fn fn_array(&mut self) -> String {
        if let Some(a) = self.garrays.iter().find(|a| a.name == "FA") {
            return a.name.clone();
        }
        let et = self.dbl();
        self.globals.push(format!("{et} FA[{}];", self.sz_text));
        self.add_garr("FA", Elem::Double, vec![self.sz]);
        "FA".to_string()
    }

    /// `f(args)` through a user function named like a pure one, or `None`.
    fn user_call(&mut self, args: &[&str]) -> Option<String> {
        let mut names = vec!["max"];
        if !self.min_int {
            names.push("min");
        }
        if args.len() == 1 {
            names = vec!["sqrt"];
        }
        if !self.rng.chance(self.spice / 2 + 5) {
            return None;
        }
        let f = *self.rng.pick(&names);
        self.user_fns.insert(f);
        self.fn_array();
        self.feats.insert("user-pure-name");
        Some(format!("{f}({})", args.join(", ")))
    }

    fn block(&mut self, last: bool) -> Result<(), String> {
        self.spice = *self.rng.pick(&[0, 5, 15, 30, 60]);
        let w = [22, 16, 12, 10, 10, 6, 2, 9, 10, 85];
        match self.rng.weighted(&w) {
            0 => self.block_fuse(last),
            1 => self.block_transpose(last),
            2 => self.block_reduce(last),
            3 => self.block_stencil(last),
            4 => self.block_int(last),
            5 => self.block_wrap(last),
            6 => self.block_limits(),
            7 => self.block_alias(),
            8 => self.block_jump(last),
            _ => self.block15(last),
        }
    }

    /// A producer loop writing a temporary and a consumer loop reading it.
    fn block_fuse(&mut self, last: bool) -> Result<(), String> {
        let kind = match self.rng.weighted(&[14, 12, 8, 6, 5, 10, 8, 7, 6, 10]) {
            0 => TempKind::Local,
            1 => TempKind::Pointer,
            2 => TempKind::Macro,
            3 => TempKind::Sizeof,
            4 => TempKind::Vla,
            5 => TempKind::Static,
            6 => TempKind::Extern,
            7 => TempKind::If0Pragma,
            8 => TempKind::If0Decl,
            _ => TempKind::Global,
        };
        let uninit = matches!(
            kind,
            TempKind::Local
                | TempKind::Pointer
                | TempKind::Macro
                | TempKind::Sizeof
                | TempKind::Vla
                | TempKind::If0Decl
        );
        let want_fn = self.rng.chance(30);
        let x = self.garr(Elem::Double, 1, &[]);
        let y = if want_fn {
            self.fn_array()
        } else {
            self.garr(Elem::Double, 1, &[&x])
        };
        let sz = self.sz as i64;
        let var = *self.rng.pick(&["i", "i", "j", "k"]);
        let lo = self.rng.range(0, 2);
        let hi = self.rng.range(lo + 3, (lo + 16).min(sz - 8));
        let want = if self.rng.chance(25) {
            Want::Header
        } else {
            Want::Any
        };
        let mut l1 = self.header(var, lo, hi, want, false);
        let mut l2 = if uninit || self.rng.chance(40) {
            let mut c = l1.clone();
            c.id = self.id();
            c
        } else {
            let v2 = *self.rng.pick(&["i", "j", var]);
            let lo2 = self.rng.range(0, 3);
            let hi2 = self.rng.range(lo2 + 3, (lo2 + 16).min(sz - 8));
            self.header(v2, lo2, hi2, want, false)
        };
        let r = self.ranges(&[Node::Loop(l1.clone()), Node::Loop(l2.clone())])?;

        // the temporary
        let et = self.dbl();
        let t = match kind {
            TempKind::Extern => self.fresh("ET"),
            TempKind::Static => self.fresh("st"),
            TempKind::Global | TempKind::If0Pragma => self.fresh("T"),
            _ => self.fresh("tmp"),
        };
        let szt = self.sz_text.clone();
        let mut pre = String::new();
        let mut post = String::new();
        let mut close = false;
        match kind {
            TempKind::Local | TempKind::Pointer | TempKind::Macro | TempKind::Sizeof => {
                self.kdecls.push(format!("  {et} {t}[{szt}];"));
            }
            TempKind::If0Decl => {
                self.feats.insert("if0-declaration");
                self.kdecls.push(format!(
                    "#if 0\n  {et} {t}[4];\n#else\n  {et} {t}[{szt}];\n#endif"
                ));
            }
            TempKind::Vla => {
                self.feats.insert("vla-size-call");
                self.user_fns.insert("size");
                self.kdecls.push(format!("  {et} {t}[size({szt})];"));
            }
            TempKind::Static => {
                self.feats.insert("static-array");
                self.kdecls.push(format!("  static {et} {t}[{szt}];"));
            }
            TempKind::Extern => {
                self.feats.insert("block-extern");
                self.globals.push(format!("{et} {t}[{szt}];"));
                self.add_garr(&t, Elem::Double, vec![self.sz]);
                let _ = writeln!(pre, "  {{\n    extern {et} {t}[{szt}];");
                close = true;
            }
            TempKind::Global | TempKind::If0Pragma => {
                self.globals.push(format!("{et} {t}[{szt}];"));
                self.add_garr(&t, Elem::Double, vec![self.sz]);
                if kind == TempKind::If0Pragma {
                    self.feats.insert("if0-pragma-temporary");
                    let _ = writeln!(pre, "#if 0\n#pragma nestor temporary({t})\n#endif");
                }
            }
        }
        self.dims.insert(t.clone(), vec![self.sz]);

        // producer
        let ts = self.subs_var(&l1.var, l1.id, &r, self.sz, &[0]);
        let xs = self.subs_var(&l1.var, l1.id, &r, self.sz, &[0, 1]);
        let (t_w, a_tw) = Gen::acc(&t, &ts, true);
        let (x0, a_x0) = Gen::acc(&x, &xs[..1], false);
        let (x1, a_x1) = Gen::acc(&x, &xs[1..], false);
        let c1 = self.coef();
        let mut impure1 = false;
        let rhs1 = match self.user_call(&[&x0]) {
            Some(call) => {
                impure1 = true;
                format!("{call} + {x1} * {c1}")
            }
            None => match self.rng.below(3) {
                0 => format!("{x0} * {c1} + 1.0"),
                1 => format!("({x0} + {x1}) * {c1}"),
                _ => format!("{x0} * {x1} - {c1}"),
            },
        };
        l1.body.push(Node::Stmt(SStmt {
            text: format!("{t_w} = {rhs1};"),
            acc: vec![a_tw, a_x0, a_x1],
            guard: None,
            impure: impure1,
        }));

        // consumer
        let ts2 = if uninit {
            // reads exactly the cells the producer wrote (same loop, same subscript)
            ts.iter()
                .map(|s| s.replace(&l1.var, &l2.var))
                .collect::<Vec<_>>()
        } else {
            let d = self.rng.range(-1, 1);
            self.subs_var(&l2.var, l2.id, &r, self.sz, &[d])
        };
        let ys = self.subs_var(&l2.var, l2.id, &r, self.sz, &[0]);
        let (t_r, a_tr) = Gen::acc(&t, &ts2, false);
        let (y_r, a_yr) = Gen::acc(&y, &ys, false);
        let (y_w, a_yw) = Gen::acc(&y, &ys, true);
        let c2 = self.coef();
        let mut impure2 = false;
        let text2 = match self.user_call(&[&t_r, &y_r]) {
            Some(call) => {
                impure2 = true;
                format!("{y_w} = {call};")
            }
            None => match self.rng.below(3) {
                0 => format!("{y_w} = {t_r} + {y_r} * {c2};"),
                1 => format!("{y_w} += {t_r} * {c2};"),
                _ => format!("{y_w} = {t_r} - {y_r};"),
            },
        };
        l2.body.push(Node::Stmt(SStmt {
            text: text2,
            acc: vec![a_tr, a_yr, a_yw],
            guard: None,
            impure: impure2,
        }));

        let p1 = self.parallel(&l1);
        let p2 = self.parallel(&l2);
        self.pragmas(&mut l1, p1, true, true);
        self.pragmas(&mut l2, p2, true, true);

        // reads of the temporary after the nests
        let produced: Vec<i128> = self
            .written(&[Node::Loop(l1.clone())], &t)
            .into_iter()
            .collect();
        match kind {
            TempKind::Pointer => {
                self.feats.insert("pointer-to-local");
                let p = self.fresh("p");
                let _ = writeln!(pre, "  {et} *{p} = {t};");
                if !produced.is_empty() {
                    let a = produced[self.rng.below(produced.len())];
                    let b = produced[self.rng.below(produced.len())];
                    let o = self.out_d();
                    let _ = writeln!(post, "  {o} = {p}[{a}] + {p}[{b}] * 0.5;");
                }
            }
            TempKind::Macro => {
                self.feats.insert("macro-reads-temporary");
                let m = self.fresh("TMP");
                self.top.push(format!("#define {m} {t}"));
                if !produced.is_empty() {
                    let a = produced[self.rng.below(produced.len())];
                    let o = self.out_d();
                    let _ = writeln!(post, "  {o} = {m}[{a}];");
                }
            }
            TempKind::Sizeof | TempKind::Vla => {
                self.feats.insert("sizeof-temporary");
                let o = self.out_i();
                if self.rng.chance(50) {
                    let _ = writeln!(post, "  {o} = sizeof {t};");
                } else {
                    let _ = writeln!(post, "  {o} = sizeof({t}) / sizeof({t}[0]);");
                }
            }
            TempKind::Static => {
                self.feats.insert("static-read-next-call");
                let a = self.rng.range(0, sz - 1);
                let o = self.out_d();
                self.kstart.push(format!("  {o} = {o} * 0.5 + {t}[{a}];"));
            }
            _ => {}
        }
        self.kbody.push_str(&pre);
        self.emit(&[Node::Loop(l1.clone()), Node::Loop(l2.clone())]);
        if close {
            self.kbody.push_str("  }\n");
        }
        self.kbody.push_str(&post);
        let mut after = String::new();
        self.iter_traps(&l2, &mut after, last);
        if l2.var != l1.var {
            self.iter_traps(&l1, &mut after, last && !self.returned);
        }
        self.kbody.push_str(&after);
        Ok(())
    }

    /// A 2-d nest that walks its arrays down their columns (an interchange candidate).
    fn block_transpose(&mut self, last: bool) -> Result<(), String> {
        let p = self.garr(Elem::Double, 2, &[]);
        let q = self.garr(Elem::Double, 2, &[&p]);
        let (a, b) = *self
            .rng
            .pick(&[("i", "j"), ("j", "i"), ("i", "k"), ("k", "j")]);
        let rr = self.rr as i64;
        let ha = self.rng.range(3, rr - 4);
        let hb = self.rng.range(3, rr - 4);
        let want = if self.rng.chance(35) {
            Want::Header
        } else {
            Want::Any
        };
        let mut outer = self.header(a, 0, ha, want, false);
        let mut inner = self.header(b, 1, hb, want, false);
        if self.rng.chance(15) {
            self.feats.insert("triangular");
            inner.cond = format!("{b} <= {a}");
            inner.init = "1".into();
            inner.step = 1;
            inner.step_text = format!("{b}++");
        }
        outer.body = vec![Node::Loop(inner.clone())];
        let r = self.ranges(&[Node::Loop(outer.clone())])?;
        let rrz = self.rr;
        let variant = self.rng.below(3);
        let sb = self.subs_var(b, inner.id, &r, rrz, &[-1, 0]);
        let sa = self.subs_var(a, outer.id, &r, rrz, &[0]);
        let qb = self.subs_var(b, inner.id, &r, rrz, &[0]);
        let qa = self.subs_var(a, outer.id, &r, rrz, &[0]);
        let (c1, c2) = (self.coef(), self.coef());
        let (qr, a_q) = Gen::acc(&q, &[qb[0].clone(), qa[0].clone()], false);
        let (w, aw, rd, ar) = match variant {
            0 => {
                let (w, aw) = Gen::acc(&p, &[sb[1].clone(), sa[0].clone()], true);
                let (rd, ar) = Gen::acc(&p, &[sb[0].clone(), sa[0].clone()], false);
                (w, aw, rd, ar)
            }
            1 => {
                let (w, aw) = Gen::acc(&p, &[sb[1].clone(), sa[0].clone()], true);
                let (rd, ar) = Gen::acc(&p, &[sb[1].clone(), sa[0].clone()], false);
                (w, aw, rd, ar)
            }
            _ => {
                let (w, aw) = Gen::acc(&p, &[sa[0].clone(), sb[1].clone()], true);
                let (rd, ar) = Gen::acc(&p, &[sa[0].clone(), sb[0].clone()], false);
                (w, aw, rd, ar)
            }
        };
        let mut impure = false;
        let rhs = match self.user_call(&[&rd, &qr]) {
            Some(c) => {
                impure = true;
                c
            }
            None => format!("{rd} * {c1} + {qr} * {c2}"),
        };
        let guard = if self.rng.chance(15) {
            Some(format!("{a} % 2 == 0"))
        } else {
            None
        };
        inner.body = vec![Node::Stmt(SStmt {
            text: format!("{w} = {rhs};"),
            acc: vec![ar, a_q, aw],
            guard,
            impure,
        })];
        outer.body = vec![Node::Loop(inner.clone())];
        let po = self.parallel(&outer);
        let pi = self.parallel(&inner);
        let inner_private = inner.decl.is_some();
        self.pragmas(&mut inner, pi, false, true);
        outer.body = vec![Node::Loop(inner.clone())];
        self.pragmas(&mut outer, po, true, inner_private);
        self.emit(&[Node::Loop(outer.clone())]);
        let mut after = String::new();
        self.iter_traps(&outer, &mut after, last);
        self.iter_traps(&inner, &mut after, last && !self.returned);
        self.kbody.push_str(&after);
        Ok(())
    }

    /// A reduction into a scalar (local, static, global or block-scope extern).
    fn block_reduce(&mut self, last: bool) -> Result<(), String> {
        let et = self.dbl();
        let kind = self.rng.below(4);
        let s = match kind {
            0 => {
                let s = self.fresh("s");
                self.kdecls.push(format!("  {et} {s} = 0.0;"));
                s
            }
            1 => {
                self.feats.insert("static-scalar");
                let s = self.fresh("acc");
                self.kdecls.push(format!("  static {et} {s};"));
                let o = self.out_d();
                self.kstart.push(format!("  {o} = {o} * 0.5 + {s};"));
                s
            }
            _ => {
                let s = self.fresh("gs");
                self.globals.push(format!("{et} {s};"));
                self.gscalars.push((s.clone(), true));
                s
            }
        };
        self.dims.insert(s.clone(), vec![]);
        let mut pre = String::new();
        let mut close = false;
        if kind == 3 {
            self.feats.insert("block-extern");
            let _ = writeln!(pre, "  {{\n    extern {et} {s};");
            close = true;
        }
        if self.rng.chance(60) {
            let _ = writeln!(pre, "  {s} = 0.0;");
        }
        let x = self.garr(Elem::Double, 1, &[]);
        let two_d = self.rng.chance(35);
        let sz = self.sz as i64;
        let rr = self.rr as i64;
        let mut nodes;
        let (sa, rd) = (
            Access {
                arr: s.clone(),
                subs: vec![],
                write: false,
            },
            Access {
                arr: s.clone(),
                subs: vec![],
                write: true,
            },
        );
        if two_d {
            let p = self.garr(Elem::Double, 2, &[]);
            let (a, b) = *self.rng.pick(&[("i", "j"), ("j", "i")]);
            let (ha, hb) = (self.rng.range(3, rr - 3), self.rng.range(3, rr - 3));
            let mut outer = self.header(a, 0, ha, Want::Any, false);
            let mut inner = self.header(b, 0, hb, Want::Any, false);
            outer.body = vec![Node::Loop(inner.clone())];
            let r = self.ranges(&[Node::Loop(outer.clone())])?;
            let pa = self.subs_var(a, outer.id, &r, self.rr, &[0]);
            let pb = self.subs_var(b, inner.id, &r, self.rr, &[0]);
            let xb = self.subs_var(b, inner.id, &r, self.sz, &[0]);
            let (pr, ap) = if self.rng.chance(50) {
                Gen::acc(&p, &[pb[0].clone(), pa[0].clone()], false)
            } else {
                Gen::acc(&p, &[pa[0].clone(), pb[0].clone()], false)
            };
            let (xr, ax) = Gen::acc(&x, &xb, false);
            inner.body = vec![Node::Stmt(SStmt {
                text: format!("{s} += {pr} * {xr};"),
                acc: vec![ap, ax, sa, rd],
                guard: None,
                impure: false,
            })];
            self.pragmas(&mut inner, false, false, true);
            outer.body = vec![Node::Loop(inner.clone())];
            nodes = vec![outer];
        } else {
            let var = *self.rng.pick(&["i", "j"]);
            let lo = self.rng.range(0, 2);
            let hi = self.rng.range(lo + 3, sz - 6);
            let mut l = self.header(var, lo, hi, Want::Any, false);
            let r = self.ranges(&[Node::Loop(l.clone())])?;
            let xs = self.subs_var(var, l.id, &r, self.sz, &[0]);
            let (xr, ax) = Gen::acc(&x, &xs, false);
            let y = self.garr(Elem::Double, 1, &[]);
            let ys = self.subs_var(var, l.id, &r, self.sz, &[0]);
            let (yr, ay) = Gen::acc(&y, &ys, false);
            let mut impure = false;
            let text = match self.user_call(&[&s, &xr]) {
                Some(c) => {
                    impure = true;
                    format!("{s} = {c};")
                }
                None => match self.rng.below(3) {
                    0 => format!("{s} += {xr} * {yr};"),
                    1 => format!("{s} = {s} * {} + {xr};", self.coef()),
                    _ => format!("{s} -= {xr} * {};", self.coef()),
                },
            };
            l.body = vec![Node::Stmt(SStmt {
                text,
                acc: vec![ax, ay, sa, rd],
                guard: None,
                impure,
            })];
            nodes = vec![l];
        }
        let l0 = &mut nodes[0];
        self.pragmas(l0, false, true, false);
        self.kbody.push_str(&pre);
        let n: Vec<Node> = nodes.iter().cloned().map(Node::Loop).collect();
        self.emit(&n);
        if kind == 0 {
            let o = self.out_d();
            let _ = writeln!(self.kbody, "  {o} = {s};");
        }
        if close {
            self.kbody.push_str("  }\n");
        }
        let mut after = String::new();
        let outer = nodes[0].clone();
        self.iter_traps(&outer, &mut after, last);
        self.kbody.push_str(&after);
        Ok(())
    }

    /// A time loop around a stencil sweep through a scratch array and a copy back.
    fn block_stencil(&mut self, last: bool) -> Result<(), String> {
        let a = self.garr(Elem::Double, 1, &[]);
        let et = self.dbl();
        let szt = self.sz_text.clone();
        let b = match self.rng.below(3) {
            0 => {
                let b = self.fresh("buf");
                self.kdecls.push(format!("  {et} {b}[{szt}];"));
                b
            }
            1 => {
                self.feats.insert("static-array");
                let b = self.fresh("sbuf");
                self.kdecls.push(format!("  static {et} {b}[{szt}];"));
                let o = self.out_d();
                let k = self.rng.range(0, self.sz as i64 - 1);
                self.kstart.push(format!("  {o} = {o} * 0.5 + {b}[{k}];"));
                b
            }
            _ => self.garr(Elem::Double, 1, &[&a]),
        };
        self.dims.insert(b.clone(), vec![self.sz]);
        let steps = self.rng.range(1, 3);
        let mut t = self.header("t", 0, steps, Want::Any, true);
        let hi = self.rng.range(4, self.sz as i64 - 8);
        let mut l1 = self.header("i", 1, hi, Want::Any, false);
        let mut l2 = self.twin(&l1);
        t.body = vec![Node::Loop(l1.clone()), Node::Loop(l2.clone())];
        let r = self.ranges(&[Node::Loop(t.clone())])?;
        let sa = self.subs_var("i", l1.id, &r, self.sz, &[-1, 0, 1]);
        let sb = self.subs_var("i", l1.id, &r, self.sz, &[0]);
        let (r0, a0) = Gen::acc(&a, &sa[0..1], false);
        let (r1, a1) = Gen::acc(&a, &sa[1..2], false);
        let (r2, a2) = Gen::acc(&a, &sa[2..3], false);
        let (bw, abw) = Gen::acc(&b, &sb, true);
        let (br, abr) = Gen::acc(&b, &sb, false);
        let (aw, aaw) = Gen::acc(&a, &sa[1..2], true);
        let c = *self.rng.pick(&["0.33", "0.25", "0.5"]);
        l1.body = vec![Node::Stmt(SStmt {
            text: format!("{bw} = ({r0} + {r1} + {r2}) * {c};"),
            acc: vec![a0, a1, a2, abw],
            guard: None,
            impure: false,
        })];
        l2.body = vec![Node::Stmt(SStmt {
            text: format!("{aw} = {br};"),
            acc: vec![abr, aaw],
            guard: None,
            impure: false,
        })];
        let (p1, p2) = (self.parallel(&l1), self.parallel(&l2));
        self.pragmas(&mut l1, p1, false, true);
        self.pragmas(&mut l2, p2, false, true);
        t.body = vec![Node::Loop(l1.clone()), Node::Loop(l2.clone())];
        t.braces = true;
        self.pragmas(&mut t, false, true, false);
        self.emit(&[Node::Loop(t.clone())]);
        let mut after = String::new();
        self.iter_traps(&l2, &mut after, last);
        self.iter_traps(&t, &mut after, last && !self.returned);
        self.kbody.push_str(&after);
        Ok(())
    }

    /// Integer arrays of mixed signedness and width.
    fn block_int(&mut self, last: bool) -> Result<(), String> {
        let elems = [
            Elem::Int,
            Elem::Unsigned,
            Elem::Short,
            Elem::UChar,
            Elem::Long,
        ];
        let var = *self.rng.pick(&["i", "j"]);
        let lo = self.rng.range(0, 2);
        let hi = self.rng.range(lo + 3, self.sz as i64 - 8);
        let mut l = self.header(var, lo, hi, Want::Any, false);
        let r = self.ranges(&[Node::Loop(l.clone())])?;
        let nst = self.rng.range(1, 2);
        for _ in 0..nst {
            let te = *self.rng.pick(&elems);
            let se = *self.rng.pick(&elems);
            let t = self.garr(te, 1, &[]);
            let src = self.garr(se, 1, &[]);
            if te != Elem::Int || se != Elem::Int {
                self.feats.insert("narrow-or-unsigned-array");
            }
            let d = self.rng.range(-1, 1);
            let ts = self.subs_var(var, l.id, &r, self.sz, &[0, d]);
            let ss = self.subs_var(var, l.id, &r, self.sz, &[0]);
            let (tw, atw) = Gen::acc(&t, &ts[..1], true);
            let (tr, atr) = Gen::acc(&t, &ts[1..], false);
            let (sr, asr) = Gen::acc(&src, &ss, false);
            let text = match te {
                Elem::Int | Elem::Long => format!("{tw} = ({tr} * 3 + {sr}) % 1009;"),
                Elem::Unsigned => format!("{tw} = {tr} * 2654435761u + {sr};"),
                Elem::Short => format!("{tw} = {tr} + {sr} * 7 + 1000;"),
                _ => format!("{tw} = {tr} * 3 + {sr} + 1;"),
            };
            l.body.push(Node::Stmt(SStmt {
                text,
                acc: vec![atr, asr, atw],
                guard: None,
                impure: false,
            }));
        }
        if self.rng.chance(40) {
            // a subscript whose cast wraps around
            self.feats.insert("cast-subscript-wraps");
            let by = self.bytes_array("BY");
            let k = self.rng.range(230, 255);
            let sub = format!("(unsigned char)({var} + {k})");
            let (w, aw) = Gen::acc(&by, std::slice::from_ref(&sub), true);
            let (rd, ar) = Gen::acc(&by, &[sub], false);
            l.body.push(Node::Stmt(SStmt {
                text: format!("{w} = {rd} * 3 + {var};"),
                acc: vec![ar, aw],
                guard: None,
                impure: false,
            }));
        }
        let p = self.parallel(&l);
        self.pragmas(&mut l, p, true, true);
        self.emit(&[Node::Loop(l.clone())]);
        let mut after = String::new();
        self.iter_traps(&l, &mut after, last);
        self.kbody.push_str(&after);
        Ok(())
    }

    /// A global `int` array of 256 elements.
    fn bytes_array(&mut self, base: &str) -> String {
        if let Some(a) = self.garrays.iter().find(|a| a.name.starts_with(base)) {
            return a.name.clone();
        }
        let n = self.fresh(base);
        let et = self.elem_text(Elem::Int);
        self.globals.push(format!("{et} {n}[256];"));
        self.add_garr(&n, Elem::Int, vec![256]);
        n
    }

    /// Casts in subscripts that wrap, so the two loops depend on each other in C but
    /// not for a model that ignores the casts (issue 9's `(short)i + 32768`).
    fn block_wrap(&mut self, last: bool) -> Result<(), String> {
        self.feats.insert("cast-subscript-wraps");
        let var = *self.rng.pick(&["i", "j"]);
        let short = self.rng.chance(50);
        let (base, w, cast): (i64, String, String) = if short {
            let w = if let Some(a) = self.garrays.iter().find(|a| a.name.starts_with("WS")) {
                a.name.clone()
            } else {
                let n = self.fresh("WS");
                let et = self.elem_text(Elem::Int);
                self.globals.push(format!("{et} {n}[65536];"));
                self.add_garr(&n, Elem::Int, vec![65536]);
                n
            };
            let k = self.rng.range(0, 40);
            (32700 + k, w, format!("(short){var} + 32768"))
        } else {
            let k = self.rng.range(230, 250);
            let by = self.bytes_array("BY");
            (0, by, format!("(unsigned char)({var} + {k})"))
        };
        let n = self.rng.range(40, 140);
        let mut l1 = self.header(var, base, base + n, Want::Any, true);
        let mut l2 = self.twin(&l1);
        let wb = self.bytes_array("WB");
        let (ww, aww) = Gen::acc(&w, std::slice::from_ref(&cast), true);
        l1.body = vec![Node::Stmt(SStmt {
            text: format!("{ww} = {var} % 97 + 1;"),
            acc: vec![aww],
            guard: None,
            impure: false,
        })];
        let plain = if base == 0 {
            var.to_string()
        } else {
            format!("{var} - {base}")
        };
        let (wr, awr) = Gen::acc(&w, std::slice::from_ref(&plain), false);
        let (bw, abw) = Gen::acc(&wb, std::slice::from_ref(&plain), true);
        l2.body = vec![Node::Stmt(SStmt {
            text: format!("{bw} = {wr} * 2 + 1;"),
            acc: vec![awr, abw],
            guard: None,
            impure: false,
        })];
        self.emit(&[Node::Loop(l1.clone()), Node::Loop(l2.clone())]);
        let mut after = String::new();
        self.iter_traps(&l2, &mut after, last);
        self.kbody.push_str(&after);
        Ok(())
    }

    /// A helper called with `INT_MAX`-sized bounds (issue 9, class 3).
    fn block_limits(&mut self) -> Result<(), String> {
        self.feats.insert("int-max-bounds");
        self.limits_h = true;
        let f = self.fresh("klim");
        let big = self.fresh("big");
        let long = self.rng.chance(30);
        let (tname, maxname, t) = if long {
            ("long", "LONG_MAX", Ty::I64)
        } else {
            ("int", "INT_MAX", Ty::I32)
        };
        let r = self.rng.range(0, 2);
        let val = t.max() - r as i128;
        self.env.set(&big, t, val);
        let a = self.garr(Elem::Int, 1, &[]);
        let b = self.garr(Elem::Int, 1, &[&a]);
        let k = self.rng.range(4, 8);
        let it = t.c();
        let mk = |var: &str, init: String, cond: String, step: i64, id: usize| SLoop {
            id,
            pragmas: Vec::new(),
            var: var.to_string(),
            decl: Some(it.to_string()),
            ty: t,
            init,
            cond,
            step,
            step_text: if step > 0 {
                format!("{var}++")
            } else {
                format!("{var}--")
            },
            braces: false,
            body: Vec::new(),
        };
        let id1 = self.id();
        let id2 = self.id();
        let mut l1 = if self.rng.chance(30) {
            mk(
                "i",
                format!("{big} - 1"),
                format!("i >= {big} - {k}"),
                -1,
                id1,
            )
        } else {
            mk("i", format!("{big} - {k}"), format!("i < {big}"), 1, id1)
        };
        let mut l2 = mk(
            "i",
            format!("{big} - {k}"),
            format!("i < {big} - 1"),
            1,
            id2,
        );
        let s1 = format!("i - {big} + {k}");
        let s2 = format!("i - {big} + {}", k + 1);
        let (w1, aw1) = Gen::acc(&a, std::slice::from_ref(&s1), true);
        l1.body = vec![Node::Stmt(SStmt {
            text: format!("{w1} = (int)(i - {big} + 7);"),
            acc: vec![aw1],
            guard: None,
            impure: false,
        })];
        let (w2, aw2) = Gen::acc(&b, std::slice::from_ref(&s1), true);
        let (r2, ar2) = Gen::acc(&a, &[s2], false);
        l2.body = vec![Node::Stmt(SStmt {
            text: format!("{w2} = {r2} * 2 + 1;"),
            acc: vec![ar2, aw2],
            guard: None,
            impure: false,
        })];
        let mut text = format!("static void {f}({tname} {big})\n{{\n");
        print_nodes(
            &[Node::Loop(l1.clone()), Node::Loop(l2.clone())],
            1,
            &mut text,
        );
        text.push_str("}\n");
        self.helpers.push(text);
        self.jobs.push(vec![Node::Loop(l1), Node::Loop(l2)]);
        let arg = if r == 0 {
            maxname.to_string()
        } else {
            format!("{maxname} - {r}")
        };
        let _ = writeln!(self.kbody, "  {f}({arg});");
        Ok(())
    }

    /// A call passing a global array to a function that also accesses the global.
    fn block_alias(&mut self) -> Result<(), String> {
        self.feats.insert("alias-global-param");
        let two_d = self.rng.chance(35);
        let g = if two_d {
            self.garr(Elem::Double, 2, &[])
        } else {
            self.garr(Elem::Double, 1, &[])
        };
        let f = self.fresh("kg");
        let x = self.fresh("x");
        let m = self.fresh("m");
        let ext = if two_d { self.rr } else { self.sz } as i64;
        let mv = self.rng.range(4, ext - 3);
        let mt = *self
            .rng
            .pick(&[Ty::I32, Ty::I32, Ty::I64, Ty::U32, Ty::I16]);
        self.env.set(&m, mt, mv as i128);
        self.dims.insert(x.clone(), self.dims[&g].clone());
        let et = self.dbl();
        let mtt = self.ty_text(mt);
        let xdecl = if two_d {
            let r = self.rr_text.clone();
            format!("{et} {x}[{r}][{r}]")
        } else if self.rng.chance(50) {
            format!("{et} {x}[]")
        } else {
            format!("{et} {x}[{}]", self.sz_text)
        };
        let head = if self.rng.chance(20) {
            self.feats.insert("knr-definition");
            format!("static void {f}({x}, {m})\n  {xdecl};\n  {mtt} {m};\n{{\n")
        } else {
            format!("static void {f}({xdecl}, {mtt} {m})\n{{\n")
        };
        let lo = if !mt.signed() && self.rng.chance(30) {
            -1
        } else {
            0
        };
        let mk = |g: &mut Gen, var: &str, hi_text: String, lo: i64| SLoop {
            id: g.id(),
            pragmas: Vec::new(),
            var: var.to_string(),
            decl: Some("int".into()),
            ty: Ty::I32,
            init: lo.to_string(),
            cond: format!("{var} < {hi_text}"),
            step: 1,
            step_text: format!("{var}++"),
            braces: g.rng.chance(50),
            body: Vec::new(),
        };
        let c1 = self.coef();
        let c2 = self.coef();
        let nodes = if two_d {
            let mut o1 = mk(self, "i", m.clone(), 0);
            let mut i1 = mk(self, "j", format!("{m} - 1"), 0);
            let mut o2 = mk(self, "i", m.clone(), 0);
            let mut i2 = mk(self, "j", format!("{m} - 1"), 0);
            i1.body = vec![Node::Stmt(SStmt {
                text: format!("{x}[j][i] = {g}[j][i] * {c1} + {x}[j + 1][i];"),
                acc: vec![
                    Gen::acc(&x, &["j".into(), "i".into()], true).1,
                    Gen::acc(&g, &["j".into(), "i".into()], false).1,
                    Gen::acc(&x, &["j + 1".into(), "i".into()], false).1,
                ],
                guard: None,
                impure: false,
            })];
            i2.body = vec![Node::Stmt(SStmt {
                text: format!("{g}[j][i] = {x}[j][i + 1] + {c2};"),
                acc: vec![
                    Gen::acc(&g, &["j".into(), "i".into()], true).1,
                    Gen::acc(&x, &["j".into(), "i + 1".into()], false).1,
                ],
                guard: None,
                impure: false,
            })];
            // `i + 1` must stay inside: the outer loops stop one earlier
            o1.cond = format!("i < {m} - 1");
            o2.cond = format!("i < {m} - 1");
            o1.body = vec![Node::Loop(i1)];
            o2.body = vec![Node::Loop(i2)];
            vec![Node::Loop(o1), Node::Loop(o2)]
        } else {
            let mut l1 = mk(self, "i", m.clone(), lo);
            let mut l2 = mk(self, "i", m.clone(), lo);
            let o = if lo < 0 { " + 1" } else { "" };
            l1.body = vec![Node::Stmt(SStmt {
                text: format!("{x}[i{o}] = {g}[i + 1{o}] * {c1} + {x}[i{o}];"),
                acc: vec![
                    Gen::acc(&x, &[format!("i{o}")], true).1,
                    Gen::acc(&g, &[format!("i + 1{o}")], false).1,
                    Gen::acc(&x, &[format!("i{o}")], false).1,
                ],
                guard: None,
                impure: false,
            })];
            l2.body = vec![Node::Stmt(SStmt {
                text: format!("{g}[i{o}] = {x}[i + 1{o}] + {c2};"),
                acc: vec![
                    Gen::acc(&g, &[format!("i{o}")], true).1,
                    Gen::acc(&x, &[format!("i + 1{o}")], false).1,
                ],
                guard: None,
                impure: false,
            })];
            vec![Node::Loop(l1), Node::Loop(l2)]
        };
        let mut text = head;
        print_nodes(&nodes, 1, &mut text);
        text.push_str("}\n");
        self.helpers.push(text);
        self.jobs.push(nodes);
        let arg = if self.rng.chance(30) && self.kparams.len() < 5 {
            self.param(mv)
        } else {
            mv.to_string()
        };
        let _ = writeln!(self.kbody, "  {f}({g}, {arg});");
        Ok(())
    }

    /// Jumps: a `break`/`continue` of an enclosing loop between a nest and the
    /// re-assignment of its iterator, or a jump out of the nest itself.
    fn block_jump(&mut self, last: bool) -> Result<(), String> {
        let x = self.garr(Elem::Double, 1, &[]);
        let y = self.garr(Elem::Double, 1, &[&x]);
        let var = *self.rng.pick(&["i", "j"]);
        let lo = self.rng.range(0, 2);
        let hi = self.rng.range(lo + 3, self.sz as i64 - 8);
        let variant = self.rng.below(if last { 5 } else { 4 });
        let want = if variant < 2 {
            Want::NotHeader
        } else {
            Want::Any
        };
        let mut l = self.header(var, lo, hi, want, false);
        let r = self.ranges(&[Node::Loop(l.clone())])?;
        let ys = self.subs_var(var, l.id, &r, self.sz, &[0]);
        let xs = self.subs_var(var, l.id, &r, self.sz, &[0, 1]);
        let (yw, ayw) = Gen::acc(&y, &ys, true);
        let (yr, ayr) = Gen::acc(&y, &ys, false);
        let (x0, ax0) = Gen::acc(&x, &xs[..1], false);
        let (x1, ax1) = Gen::acc(&x, &xs[1..], false);
        let c = self.coef();
        l.body = vec![Node::Stmt(SStmt {
            text: format!("{yw} = {yr} * {c} + {x0} - {x1};"),
            acc: vec![ayr, ax0, ax1, ayw],
            guard: None,
            impure: false,
        })];
        let k = self.rng.range(lo + 1, hi);
        match variant {
            0 | 1 => {
                // for (r...) { nest; if (r == K) break; var = 0; } read var
                let rv = self.fresh("r");
                self.kdecls.push(format!("  int {rv};"));
                let kk = self.rng.range(0, 2);
                let jump = if variant == 0 { "break" } else { "continue" };
                self.feats.insert(if variant == 0 {
                    "break-skips-reassignment"
                } else {
                    "continue-skips-reassignment"
                });
                let id = self.id();
                let w = SLoop {
                    id,
                    pragmas: Vec::new(),
                    var: rv.clone(),
                    decl: None,
                    ty: Ty::I32,
                    init: "0".into(),
                    cond: format!("{rv} < 3"),
                    step: 1,
                    step_text: format!("{rv}++"),
                    braces: true,
                    body: vec![
                        Node::Loop(l.clone()),
                        Node::Raw(format!("if ({rv} == {kk})\n      {jump};")),
                        Node::Raw(format!("{var} = 0;")),
                    ],
                };
                self.env.set(&rv, Ty::I32, 0);
                self.emit(&[Node::Loop(w)]);
                let o = self.out_i();
                let _ = writeln!(self.kbody, "  {o} = {var};");
            }
            2 => {
                self.feats.insert("break-in-nest");
                l.body
                    .push(Node::Raw(format!("if ({var} == {k})\n      break;")));
                l.braces = true;
                self.emit(&[Node::Loop(l.clone())]);
                let mut after = String::new();
                self.iter_traps(&l, &mut after, last);
                self.kbody.push_str(&after);
            }
            3 => {
                self.feats.insert("goto-out-of-nest");
                let lab = self.fresh("out");
                l.body
                    .push(Node::Raw(format!("if ({var} == {k})\n      goto {lab};")));
                l.braces = true;
                self.emit(&[Node::Loop(l.clone())]);
                let o = self.out_i();
                let _ = writeln!(self.kbody, "{lab}:\n  {o} += 1;");
            }
            _ => {
                self.feats.insert("return-in-nest");
                l.body
                    .push(Node::Raw(format!("if ({var} == {k})\n      return;")));
                l.braces = true;
                self.emit(&[Node::Loop(l.clone())]);
                self.returned = true;
            }
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------------------
// Issue 15: declarations in loop bodies, functions of the file, struct members, and
// preprocessor conditionals the file's own macros decide
// ---------------------------------------------------------------------------------

/// The comment that marks a line nestor must refuse to rewrite (a block-local read
/// before it is written, a union, a function that writes memory, an `#if` inside a
/// nest, a shadowing declaration): no region that contains such a line may be
/// rewritten (`tests/fuzz_semantics.rs` checks the regions `nestor optimize -v`
/// reports).
pub const REFUSE_MARK: &str = "/* semfuzz: refused */";

/// A statement without a guard.
fn st(text: String, acc: Vec<Access>) -> Node {
    Node::Stmt(SStmt {
        text,
        acc,
        guard: None,
        impure: false,
    })
}

/// Whether a statement of `nodes` writes array `arr`.
fn writes(nodes: &[Node], arr: &str) -> bool {
    nodes.iter().any(|n| match n {
        Node::Loop(l) => writes(&l.body, arr),
        Node::Stmt(s) | Node::Let(s, ..) => s.acc.iter().any(|a| a.write && a.arr == arr),
        Node::Raw(_) | Node::SimDefine(..) => false,
    })
}

/// A statement executed only when `guard` holds.
fn guarded(guard: String, text: String, acc: Vec<Access>) -> Node {
    Node::Stmt(SStmt {
        text,
        acc,
        guard: Some(guard),
        impure: false,
    })
}

/// Names for block-local scalars (none is an iterator, a parameter or an array of
/// the generated programs).
const LOCAL_NAMES: [&str; 7] = ["v", "w", "u", "e", "h", "a", "b"];

impl Gen {
    /// The global `int` that is 0 when the program runs (see `gzero`).
    fn gzero(&mut self) -> String {
        if let Some(g) = &self.gzero {
            return g.clone();
        }
        self.globals.push("int gzero = 0;".into());
        self.gscalars.push(("gzero".into(), false));
        self.env.set("gzero", Ty::I32, 0);
        self.gzero = Some("gzero".into());
        "gzero".into()
    }

    /// `n` distinct names for block-local scalars.
    fn local_names(&mut self, n: usize) -> Vec<String> {
        let mut pool: Vec<&str> = LOCAL_NAMES.to_vec();
        let mut out = Vec::new();
        for _ in 0..n.min(pool.len()) {
            let k = self.rng.below(pool.len());
            out.push(pool.remove(k).to_string());
        }
        out
    }

    /// `for (int var = lo; var < end; var++)`.
    fn plain_loop(&mut self, var: &str, lo: i64, end: &str) -> SLoop {
        SLoop {
            id: self.id(),
            pragmas: Vec::new(),
            var: var.to_string(),
            decl: Some("int".into()),
            ty: Ty::I32,
            init: lo.to_string(),
            cond: format!("{var} < {end}"),
            step: 1,
            step_text: format!("{var}++"),
            braces: self.rng.chance(50),
            body: Vec::new(),
        }
    }

    /// The value of the first iteration of `l` and a guard true in every later one
    /// (`i > lo` or, for a loop that counts down, `i < hi`).
    fn not_first(l: &SLoop, lo: i64, hi: i64) -> String {
        if l.step > 0 {
            format!("{} > {lo}", l.var)
        } else {
            format!("{} < {hi}", l.var)
        }
    }

    // ---- preprocessor conditionals -----------------------------------------------

    /// A preprocessor expression that the file's own macros (defined at the top)
    /// make `value`: a macro's value, `defined`, a name defined nowhere (0), a macro
    /// `#undef`ined again, arithmetic, `&&`.
    fn pp_expr(&mut self, value: bool) -> String {
        match self.rng.weighted(&[30, 20, 12, 12, 14, 12]) {
            0 => {
                self.feats.insert("pp-if-macro");
                let n = self.fresh("CFG");
                let v = if value {
                    *self.rng.pick(&[1, 1, 2, 7])
                } else {
                    0
                };
                self.top.push(format!("#define {n} {v}"));
                n
            }
            1 => {
                self.feats.insert("pp-defined");
                let n = self.fresh("HAVE");
                if value {
                    let body = if self.rng.chance(50) { " 1" } else { "" };
                    self.top.push(format!("#define {n}{body}"));
                }
                if self.rng.chance(50) {
                    format!("defined({n})")
                } else {
                    format!("defined {n}")
                }
            }
            2 => {
                // a name defined nowhere is 0 in `#if`
                self.feats.insert("pp-undefined-name");
                let n = self.fresh("NOPE");
                if value { format!("!{n}") } else { n }
            }
            3 => {
                self.feats.insert("pp-undef");
                let n = self.fresh("DBG");
                self.top.push(format!("#define {n} 1\n#undef {n}"));
                if value {
                    format!("!defined({n})")
                } else {
                    format!("defined({n})")
                }
            }
            4 => {
                self.feats.insert("pp-arith");
                let n = self.fresh("LEVEL");
                let v = self.rng.range(1, 5);
                self.top.push(format!("#define {n} ({v} + 1)"));
                let k = v + 1;
                if value {
                    format!("{n} >= {k}")
                } else {
                    format!("{n} > {k}")
                }
            }
            _ => {
                self.feats.insert("pp-and-or");
                if value {
                    let a = self.pp_expr(true);
                    let b = self.pp_expr(true);
                    format!("{a} && {b}")
                } else if self.rng.chance(50) {
                    let a = self.pp_expr(false);
                    let b = self.pp_expr(true);
                    format!("{b} && {a}")
                } else {
                    let a = self.pp_expr(false);
                    let b = self.pp_expr(false);
                    format!("({a}) || ({b})")
                }
            }
        }
    }

    /// The opening line of a group whose first branch is compiled iff `value`:
    /// `#if EXPR`, `#ifdef NAME` or `#ifndef NAME`.
    fn pp_cond(&mut self, value: bool) -> String {
        if self.rng.chance(30) {
            let n = self.fresh("HAVE");
            let ifdef = self.rng.chance(50);
            if value == ifdef {
                self.top.push(format!("#define {n} 1"));
            }
            self.feats
                .insert(if ifdef { "pp-ifdef" } else { "pp-ifndef" });
            format!("{} {n}", if ifdef { "#ifdef" } else { "#ifndef" })
        } else {
            let e = self.pp_expr(value);
            format!("#if {e}")
        }
    }

    /// An `#if` group with `branches` (text without a final newline; empty: nothing)
    /// of which the one at `taken` is compiled (none when `taken >= branches.len()`),
    /// decided by macros defined at the top of the file; ends with a newline.
    fn pp_group(&mut self, branches: &[String], taken: usize) -> String {
        let mut out = String::new();
        let last = branches.len() - 1;
        for (k, b) in branches.iter().enumerate() {
            let head = if k == 0 {
                self.pp_cond(taken == 0)
            } else {
                let active = taken == k;
                let after = taken < k;
                if k == last && (active || after) && self.rng.chance(60) {
                    self.feats.insert("pp-else");
                    "#else".to_string()
                } else {
                    self.feats.insert("pp-elif");
                    let v = active || (after && self.rng.chance(50));
                    format!("#elif {}", self.pp_expr(v))
                }
            };
            let _ = writeln!(out, "{head}");
            if !b.is_empty() {
                let _ = writeln!(out, "{b}");
            }
        }
        out.push_str("#endif\n");
        out
    }

    /// One of the issue-15 blocks, sometimes jumped over by a `goto` (never taken) from
    /// before it to a label after it: declarations nestor moves before a region must
    /// not come into the scope of such a jump.
    fn block15(&mut self, last: bool) -> Result<(), String> {
        // mostly plain around the construct, so that nestor rewrites the nest
        self.spice = self.spice.min(*self.rng.pick(&[0, 0, 5, 15]));
        let over = if self.rng.chance(12) {
            self.feats.insert("goto-over-nest");
            let gz = self.gzero();
            let lab = self.fresh("over");
            let _ = writeln!(self.kbody, "  if ({gz} == 1)\n    goto {lab};");
            Some(lab)
        } else {
            None
        };
        match self.rng.weighted(&[26, 14, 22, 22, 20]) {
            0 => self.block_locals(),
            1 => self.block_body_array(),
            2 => self.block_calls(),
            3 => self.block_structs(),
            _ => self.block_pp(last),
        }?;
        if let Some(lab) = over {
            let _ = writeln!(self.kbody, "{lab}:\n  ;");
        }
        Ok(())
    }

    // ---- scalars declared in loop bodies -------------------------------------------

    /// Block-local scalars `names` for a body whose iterators are `vars`, each of a
    /// random type and form (initialized, `const`, declared then assigned, assigned in
    /// both arms of an `if`, updated after its initialization, used as a subscript of
    /// `sub_arr`), reading one of `reads` or the iterators: the statements, to put
    /// first in the body, and the terms (double expressions, with their accesses) that
    /// read them.
    fn body_locals(
        &mut self,
        vars: &[&str],
        reads: &[(String, Access)],
        names: &[String],
        sub_arr: Option<&str>,
    ) -> (Vec<Node>, Vec<(String, Vec<Access>)>) {
        let mut nodes = Vec::new();
        let mut terms = Vec::new();
        for n in names {
            let v0 = *self.rng.pick(vars);
            let v1 = *self.rng.pick(vars);
            let (rt, ra) = self.rng.pick(reads).clone();
            let c = self.coef();
            let dt = self.dbl();
            let w = [16, 12, 14, 10, 8, 6, 6, 8, 6, 4, 4, 6, 6];
            match self.rng.weighted(&w) {
                0 => {
                    self.feats.insert("local-initialized");
                    nodes.push(st(format!("{dt} {n} = {rt} * {c};"), vec![ra]));
                    terms.push((n.clone(), vec![]));
                }
                1 => {
                    self.feats.insert("local-const");
                    nodes.push(st(format!("const {dt} {n} = {rt} + {c};"), vec![ra]));
                    terms.push((n.clone(), vec![]));
                }
                2 => {
                    self.feats.insert("local-assigned");
                    nodes.push(st(format!("{dt} {n};"), vec![]));
                    nodes.push(st(format!("{n} = {rt} - {c};"), vec![ra]));
                    terms.push((n.clone(), vec![]));
                }
                3 => {
                    self.feats.insert("local-const-int");
                    nodes.push(st(format!("const int {n} = {v0} * 2 + {v1};"), vec![]));
                    terms.push((format!("{n} * 0.5"), vec![]));
                }
                4 => {
                    self.feats.insert("local-int-assigned");
                    let it = self.ty_text(Ty::I32);
                    nodes.push(st(format!("{it} {n};"), vec![]));
                    nodes.push(st(format!("{n} = {v0} % 3 + {v1};"), vec![]));
                    terms.push((format!("{n} * {c}"), vec![]));
                }
                5 => {
                    self.feats.insert("local-long");
                    nodes.push(st(format!("long {n} = (long){v0} * {v1};"), vec![]));
                    terms.push((format!("{n} * 0.125"), vec![]));
                }
                6 => {
                    self.feats.insert("local-short");
                    nodes.push(st(format!("short {n} = {v0} - 3;"), vec![]));
                    terms.push((format!("{n} * 0.25"), vec![]));
                }
                7 => {
                    self.feats.insert("local-updated");
                    nodes.push(st(format!("{dt} {n} = {rt};"), vec![ra]));
                    nodes.push(st(format!("{n} = {n} * {n} + {c};"), vec![]));
                    terms.push((n.clone(), vec![]));
                }
                8 => {
                    self.feats.insert("local-ternary");
                    nodes.push(st(
                        format!("{dt} {n} = {rt} > 0.0 ? {rt} : {c};"),
                        vec![ra.clone(), ra],
                    ));
                    terms.push((n.clone(), vec![]));
                }
                9 => {
                    self.feats.insert("local-unsigned");
                    nodes.push(st(
                        format!("unsigned {n} = {v0} * 2654435761u + {v1};"),
                        vec![],
                    ));
                    terms.push((format!("({n} % 7u) * 0.5"), vec![]));
                }
                10 => {
                    // assigned in both arms of an affine `if`: written before read
                    self.feats.insert("local-if-assigned");
                    let k = self.rng.range(1, 4);
                    nodes.push(st(format!("{dt} {n};"), vec![]));
                    nodes.push(guarded(
                        format!("{v0} > {k}"),
                        format!("{n} = {rt};"),
                        vec![ra],
                    ));
                    nodes.push(guarded(
                        format!("{v0} <= {k}"),
                        format!("{n} = {c};"),
                        vec![],
                    ));
                    terms.push((n.clone(), vec![]));
                }
                11 if sub_arr.is_some() => {
                    // an integer local as a subscript (not affine for nestor)
                    self.feats.insert("local-in-subscript");
                    let arr = sub_arr.expect("checked");
                    let d = self.rng.range(0, 2);
                    let e = format!("{v0} + {d}");
                    nodes.push(Node::Let(
                        SStmt {
                            text: format!("const int {n} = {e};"),
                            acc: vec![],
                            guard: None,
                            impure: false,
                        },
                        n.clone(),
                        Ty::I32,
                        e,
                    ));
                    let (t, a) = Gen::acc(arr, std::slice::from_ref(n), false);
                    terms.push((t, vec![a]));
                }
                _ => {
                    self.feats.insert("local-initialized");
                    nodes.push(st(format!("{dt} {n} = {rt};"), vec![ra]));
                    terms.push((format!("{n} * {c}"), vec![]));
                }
            }
        }
        (nodes, terms)
    }

    /// `target = t1 + t2 ... + extra;` from `body_locals`' terms.
    fn combine(
        target: (String, Access),
        terms: &[(String, Vec<Access>)],
        extra: Option<(String, Access)>,
    ) -> Node {
        let mut acc: Vec<Access> = terms.iter().flat_map(|t| t.1.clone()).collect();
        let mut texts: Vec<String> = terms.iter().map(|t| t.0.clone()).collect();
        if let Some((t, a)) = extra {
            texts.push(t);
            acc.push(a);
        }
        acc.push(target.1);
        st(format!("{} = {};", target.0, texts.join(" + ")), acc)
    }

    /// Scalars declared in loop bodies: in a column walk, around an inner reduction,
    /// under one name in sibling loops, read before they are written (refused), or
    /// shadowing a variable of the kernel, a parameter, a global or an enclosing body.
    fn block_locals(&mut self) -> Result<(), String> {
        match self.rng.weighted(&[30, 22, 22, 10, 16]) {
            0 => self.locals_walk(),
            1 => self.locals_reduction(),
            2 => self.locals_siblings(),
            3 => self.locals_read_first(),
            _ => self.locals_shadow(),
        }
    }

    /// A 2-d nest down the columns of its arrays (an interchange candidate) whose
    /// inner body declares one to three scalars.
    fn locals_walk(&mut self) -> Result<(), String> {
        self.feats.insert("local-column-walk");
        let p = self.garr(Elem::Double, 2, &[]);
        let q = self.garr(Elem::Double, 2, &[&p]);
        let x = self.garr(Elem::Double, 1, &[]);
        let (a, b) = *self.rng.pick(&[("j", "i"), ("i", "j"), ("k", "i")]);
        let rr = self.rr as i64;
        let (ha, hb) = (self.rng.range(3, rr - 2), self.rng.range(3, rr - 2));
        let mut outer = self.header(a, 0, ha, Want::Header, true);
        let mut inner = self.header(b, 0, hb, Want::Header, true);
        outer.body = vec![Node::Loop(inner.clone())];
        let r = self.ranges(&[Node::Loop(outer.clone())])?;
        let sa = self.subs_var(a, outer.id, &r, self.rr, &[0]);
        let sb = self.subs_var(b, inner.id, &r, self.rr, &[0]);
        let xs = self.subs_var(b, inner.id, &r, self.sz, &[0]);
        let cell = [sb[0].clone(), sa[0].clone()];
        let reads = vec![
            Gen::acc(&q, &cell, false),
            Gen::acc(&p, &cell, false),
            Gen::acc(&x, &xs, false),
        ];
        let n = self.rng.range(1, 3) as usize;
        let names = self.local_names(n);
        let (mut body, terms) = self.body_locals(&[a, b], &reads, &names, Some(&x));
        let c = self.coef();
        let (qt, qa) = Gen::acc(&q, &cell, false);
        body.push(Gen::combine(
            Gen::acc(&p, &cell, true),
            &terms,
            Some((format!("{qt} * {c}"), qa)),
        ));
        if self.rng.chance(20) {
            // an enclosing body's local, shadowed in the inner body
            self.feats.insert("shadow-enclosing-local");
            let n0 = names[0].clone();
            let ys = self.subs_var(a, outer.id, &r, self.sz, &[0]);
            let y = self.garr(Elem::Double, 1, &[&x]);
            let (yt, ya) = Gen::acc(&y, &ys, true);
            let (xt, xa) = Gen::acc(&x, &ys, false);
            // The outer nest stays as written (a shadowing declaration); its inner
            // loop alone may be rewritten, braced: only the outputs are compared.
            inner.body = body;
            outer.body = vec![
                st(format!("double {n0} = {xt} * 0.5;"), vec![xa]),
                Node::Loop(inner),
                st(format!("{yt} = {n0};"), vec![ya]),
            ];
        } else {
            inner.body = body;
            outer.body = vec![Node::Loop(inner)];
        }
        self.emit(&[Node::Loop(outer)]);
        self.reuse_after(&names);
        Ok(())
    }

    /// `for (a) { double s = 0.0; for (b) s += ...; Y[a] = s * c; }`: a scalar of the
    /// outer body around an inner reduction along rows or columns, an integer count,
    /// or a value carried from one inner iteration to the next; stored plainly
    /// (`Y[a] = s;`) or scaled.
    fn locals_reduction(&mut self) -> Result<(), String> {
        self.feats.insert("local-around-inner-loop");
        let p = self.garr(Elem::Double, 2, &[]);
        let x = self.garr(Elem::Double, 1, &[]);
        let y = self.garr(Elem::Double, 1, &[&x]);
        let (a, b) = *self.rng.pick(&[("i", "j"), ("j", "i"), ("i", "k")]);
        let rr = self.rr as i64;
        let (ha, hb) = (self.rng.range(3, rr - 2), self.rng.range(3, rr - 2));
        let mut outer = self.header(a, 0, ha, Want::Header, true);
        let mut inner = self.header(b, 0, hb, Want::Header, true);
        outer.body = vec![Node::Loop(inner.clone())];
        let r = self.ranges(&[Node::Loop(outer.clone())])?;
        let sa = self.subs_var(a, outer.id, &r, self.rr, &[0]);
        let sb = self.subs_var(b, inner.id, &r, self.rr, &[0]);
        let xa = self.subs_var(a, outer.id, &r, self.sz, &[0]);
        let xb = self.subs_var(b, inner.id, &r, self.sz, &[0]);
        let cell = if self.rng.chance(50) {
            [sb[0].clone(), sa[0].clone()]
        } else {
            [sa[0].clone(), sb[0].clone()]
        };
        let s = self.local_names(1).remove(0);
        let dt = self.dbl();
        let c = self.coef();
        let (pt, pa) = Gen::acc(&p, &cell, false);
        let (xbt, xba) = Gen::acc(&x, &xb, false);
        let (xat, xaa) = Gen::acc(&x, &xa, false);
        let (yt, ya) = Gen::acc(&y, &xa, true);
        let mut pre = Vec::new();
        match self.rng.below(4) {
            0 | 1 => {
                if self.rng.chance(50) {
                    self.feats.insert("local-initialized");
                    pre.push(st(format!("{dt} {s} = 0.0;"), vec![]));
                } else {
                    self.feats.insert("local-assigned");
                    pre.push(st(format!("{dt} {s};"), vec![]));
                    pre.push(st(format!("{s} = {xat};"), vec![xaa]));
                }
                inner.body = vec![st(format!("{s} += {pt} * {xbt};"), vec![pa, xba])];
            }
            2 if self.rng.chance(50) => {
                self.feats.insert("local-long");
                pre.push(st(format!("long {s} = 0;"), vec![]));
                inner.body = vec![st(format!("{s} += {b} * 2 + 1;"), vec![])];
            }
            2 => {
                // the inner loop's bound is a local of the outer body
                self.feats.insert("local-in-bound");
                let m = self.fresh("m");
                let e = format!("{a} % {} + 1", self.rr - 1);
                pre.push(Node::Let(
                    SStmt {
                        text: format!("const int {m} = {e};"),
                        acc: vec![],
                        guard: None,
                        impure: false,
                    },
                    m.clone(),
                    Ty::I32,
                    e,
                ));
                pre.push(st(format!("{dt} {s} = 0.0;"), vec![]));
                let mut tri = self.plain_loop(b, 0, &m);
                let (pr, pra) = Gen::acc(&p, &[a.to_string(), b.to_string()], false);
                tri.body = vec![st(format!("{s} += {pr};"), vec![pra])];
                inner = tri;
            }
            _ => {
                // written before the inner loop, read then overwritten in each
                // iteration: every read sees a value of the same outer iteration
                self.feats.insert("local-carried");
                let (pw, pwa) = Gen::acc(&p, &cell, true);
                pre.push(st(format!("{dt} {s} = {xat};"), vec![xaa]));
                inner.body = vec![
                    st(format!("{pw} = {pt} * {c} + {s};"), vec![pa.clone(), pwa]),
                    st(format!("{s} = {pt} - {xbt};"), vec![pa, xba]),
                ];
            }
        }
        let c2 = self.coef();
        let mut body = pre;
        body.push(Node::Loop(inner));
        if self.rng.chance(40) {
            // a plain store: nestor may keep `s` in the cell itself
            self.feats.insert("local-stored-plain");
            body.push(st(format!("{yt} = {s};"), vec![ya]));
        } else {
            body.push(st(format!("{yt} = {s} * {c2};"), vec![ya]));
        }
        outer.body = body;
        outer.braces = true;
        self.emit(&[Node::Loop(outer)]);
        self.reuse_after(&[s]);
        Ok(())
    }

    /// A producer and a consumer loop (a fusion candidate) whose bodies declare a
    /// scalar of the same name, of the same or of another type.
    fn locals_siblings(&mut self) -> Result<(), String> {
        self.feats.insert("local-sibling-same-name");
        let x = self.garr(Elem::Double, 1, &[]);
        let y = self.garr(Elem::Double, 1, &[&x]);
        let sz = self.sz as i64;
        let var = *self.rng.pick(&["i", "i", "j"]);
        let lo = self.rng.range(0, 2);
        let hi = self.rng.range(lo + 3, (lo + 20).min(sz - 8));
        let local_temp = self.rng.chance(60);
        let dt = self.dbl();
        let t = if local_temp {
            let t = self.fresh("tmp");
            let szt = self.sz_text.clone();
            self.kdecls.push(format!("  {dt} {t}[{szt}];"));
            self.dims.insert(t.clone(), vec![self.sz]);
            t
        } else {
            self.garr(Elem::Double, 1, &[&x, &y])
        };
        let mut l1 = self.header(var, lo, hi, Want::Header, true);
        let mut l2 = if local_temp || self.rng.chance(50) {
            let mut c = l1.clone();
            c.id = self.id();
            c
        } else {
            let lo2 = self.rng.range(0, 2);
            let hi2 = self.rng.range(lo2 + 3, (lo2 + 20).min(sz - 8));
            self.header(var, lo2, hi2, Want::Header, true)
        };
        let r = self.ranges(&[Node::Loop(l1.clone()), Node::Loop(l2.clone())])?;
        let n = self.local_names(1).remove(0);
        let ts = self.subs_var(var, l1.id, &r, self.sz, &[0]);
        let xs = self.subs_var(var, l1.id, &r, self.sz, &[0]);
        let ts2 = if local_temp {
            ts.clone()
        } else {
            let d = self.rng.range(-1, 1);
            self.subs_var(var, l2.id, &r, self.sz, &[d])
        };
        let ys = self.subs_var(var, l2.id, &r, self.sz, &[0]);
        let (c1, c2) = (self.coef(), self.coef());
        let (xt, xa) = Gen::acc(&x, &xs, false);
        let (tw, twa) = Gen::acc(&t, &ts, true);
        let (tr, tra) = Gen::acc(&t, &ts2, false);
        let (yw, ywa) = Gen::acc(&y, &ys, true);
        l1.body = vec![
            st(format!("{dt} {n} = {xt} * {c1};"), vec![xa]),
            st(format!("{tw} = {n} + 1.0;"), vec![twa]),
        ];
        let second = if self.rng.chance(50) {
            self.feats.insert("local-sibling-other-type");
            let it = *self.rng.pick(&["int", "long", "short", "const int"]);
            st(format!("{it} {n} = {var} % 5;"), vec![])
        } else {
            st(format!("{dt} {n} = {tr} * {c2};"), vec![tra.clone()])
        };
        l2.body = vec![second, st(format!("{yw} = {tr} + {n};"), vec![tra, ywa])];
        self.emit(&[Node::Loop(l1.clone()), Node::Loop(l2)]);
        if !local_temp && self.rng.chance(30) {
            let produced: Vec<i128> = self.written(&[Node::Loop(l1)], &t).into_iter().collect();
            if let Some(k) = produced.first() {
                let o = self.out_d();
                let _ = writeln!(self.kbody, "  {o} = {t}[{k}];");
            }
        }
        self.reuse_after(&[n]);
        Ok(())
    }

    /// A scalar declared in a loop body and read (under a guard that is false when the
    /// program runs) before it is written: its value is indeterminate, nestor must
    /// leave the nest as written.
    fn locals_read_first(&mut self) -> Result<(), String> {
        self.feats.insert("local-read-before-write");
        let gz = self.gzero();
        let x = self.garr(Elem::Double, 1, &[]);
        let y = self.garr(Elem::Double, 1, &[&x]);
        let (var, lo, hi) = self.vector_range(0);
        let mut l = self.header(var, lo, hi, Want::Header, true);
        let r = self.ranges(&[Node::Loop(l.clone())])?;
        let xs = self.subs_var(var, l.id, &r, self.sz, &[0]);
        let ys = self.subs_var(var, l.id, &r, self.sz, &[0]);
        let n = self.local_names(1).remove(0);
        let dt = self.dbl();
        let c = self.coef();
        let (xt, xa) = Gen::acc(&x, &xs, false);
        let (yw, ywa) = Gen::acc(&y, &ys, true);
        let (yr, yra) = Gen::acc(&y, &ys, false);
        l.body = if self.rng.chance(60) {
            vec![
                st(format!("{dt} {n}; {REFUSE_MARK}"), vec![]),
                guarded(
                    format!("{gz} == 1"),
                    format!("{yw} = {n};"),
                    vec![ywa.clone()],
                ),
                st(format!("{n} = {xt} * {c};"), vec![xa]),
                st(format!("{yw} = {yr} + {n};"), vec![yra, ywa]),
            ]
        } else {
            vec![
                st(format!("int {n}; {REFUSE_MARK}"), vec![]),
                guarded(format!("{gz} == 1"), format!("{n} += 1;"), vec![]),
                st(format!("{n} = {var} * 3;"), vec![]),
                st(format!("{yw} = {yr} + {n} * {c};"), vec![yra, ywa]),
            ]
        };
        self.emit(&[Node::Loop(l)]);
        Ok(())
    }

    /// A block-local scalar whose name is also a variable of the kernel's block (read
    /// before or after the nest), a parameter, or a global scalar or array: nestor
    /// declares it in braces around the rewritten region, so none of these clash;
    /// only a parameter that the loop's own bound reads must leave the nest as
    /// written (the declaration would capture the bound's use).
    fn locals_shadow(&mut self) -> Result<(), String> {
        let x = self.garr(Elem::Double, 1, &[]);
        let y = self.garr(Elem::Double, 1, &[&x]);
        let (var, lo, hi) = self.vector_range(0);
        let variant = self.rng.below(6);
        let mut shadowed = None;
        let mut l = if variant == 1 && self.kparams.len() < 6 {
            let n = self.param(hi + 1);
            shadowed = Some(n.clone());
            self.plain_loop(var, lo, &n)
        } else {
            self.header(var, lo, hi, Want::Header, true)
        };
        let r = self.ranges(&[Node::Loop(l.clone())])?;
        let xs = self.subs_var(var, l.id, &r, self.sz, &[0]);
        let ys = self.subs_var(var, l.id, &r, self.sz, &[0]);
        let dt = self.dbl();
        let c = self.coef();
        let (xt, xa) = Gen::acc(&x, &xs, false);
        let (yw, ywa) = Gen::acc(&y, &ys, true);
        let mut nodes = Vec::new();
        let mut post = String::new();
        match variant {
            1 if shadowed.is_some() => {
                // the parameter the loop's bound reads
                self.feats.insert("shadow-param");
                let n = shadowed.expect("checked");
                l.body = vec![
                    st(format!("int {n} = {var} % 4; {REFUSE_MARK}"), vec![]),
                    st(format!("{yw} = {xt} * {n};"), vec![xa, ywa]),
                ];
                nodes.push(Node::Loop(l));
            }
            2 => {
                self.feats.insert("shadow-global");
                let g = self.fresh("gv");
                self.globals.push(format!("double {g} = 1.5;"));
                self.gscalars.push((g.clone(), true));
                l.body = vec![
                    st(format!("{dt} {g} = {xt} * {c};"), vec![xa]),
                    st(format!("{yw} = {g} + 1.0;"), vec![ywa]),
                ];
                nodes.push(Node::Loop(l));
            }
            3 => {
                // the name of a global array a sibling loop of the region writes
                self.feats.insert("shadow-global-array");
                let z = self.garr(Elem::Double, 1, &[&x, &y]);
                l.body = vec![
                    st(format!("{dt} {z} = {xt} * {c};"), vec![xa]),
                    st(format!("{yw} = {z} + 1.0;"), vec![ywa]),
                ];
                let mut l2 = l.clone();
                l2.id = self.id();
                let (zw, zwa) = Gen::acc(&z, &ys, true);
                let (yr, yra) = Gen::acc(&y, &ys, false);
                l2.body = vec![st(format!("{zw} = {yr} * 0.5;"), vec![yra, zwa])];
                nodes.push(Node::Loop(l));
                nodes.push(Node::Loop(l2));
            }
            4 => {
                // a variable of the kernel's block read only before the nest
                self.feats.insert("shadow-kernel-local-before");
                let n = self.local_names(1).remove(0);
                let o = self.out_d();
                if self.kscope.insert(n.clone()) {
                    let _ = writeln!(self.kbody, "  double {n} = {x}[3] * 0.5;");
                }
                let _ = writeln!(self.kbody, "  {o} = {n};");
                l.body = vec![
                    st(format!("{dt} {n} = {xt} * {c};"), vec![xa]),
                    st(format!("{yw} = {n} + 1.0;"), vec![ywa]),
                ];
                nodes.push(Node::Loop(l));
            }
            5 if self.kparams.len() < 6 => {
                // a parameter read only before the nest
                self.feats.insert("shadow-param-before");
                let v = self.rng.range(1, 30);
                let n = self.param(v);
                let o = self.out_i();
                let _ = writeln!(self.kbody, "  {o} += {n};");
                l.body = vec![
                    st(format!("int {n} = {var} % 4;"), vec![]),
                    st(format!("{yw} = {xt} * {n};"), vec![xa, ywa]),
                ];
                nodes.push(Node::Loop(l));
            }
            _ => {
                // a variable of the kernel's block, read after the nest
                self.feats.insert("shadow-kernel-local");
                let n = self.local_names(1).remove(0);
                if self.kscope.insert(n.clone()) {
                    self.kdecls.push(format!("  double {n} = 0.25;"));
                }
                l.body = vec![
                    st(format!("{dt} {n} = {xt} * {c};"), vec![xa]),
                    st(format!("{yw} = {n} + 1.0;"), vec![ywa]),
                ];
                nodes.push(Node::Loop(l));
                let o = self.out_d();
                let _ = writeln!(post, "  {o} = {n};");
            }
        }
        self.emit(&nodes);
        self.kbody.push_str(&post);
        Ok(())
    }

    /// After a nest whose bodies declare `names`: sometimes one of the names declared
    /// again, in the kernel's block (after the region, in the same block) or in a
    /// nested block, and read into the outputs.
    fn reuse_after(&mut self, names: &[String]) {
        if names.is_empty() || !self.rng.chance(35) {
            return;
        }
        let n = self.rng.pick(names).clone();
        let x = self.garr(Elem::Double, 1, &[]);
        let k = self.rng.range(0, self.sz as i64 - 1);
        if !self.kscope.contains(&n) && self.rng.chance(60) {
            self.feats.insert("local-name-reused-after");
            self.kscope.insert(n.clone());
            let o = self.out_d();
            let _ = writeln!(self.kbody, "  double {n} = {x}[{k}] * 0.5;\n  {o} = {n};");
        } else {
            self.feats.insert("local-name-reused-nested");
            let o = self.out_i();
            let _ = writeln!(
                self.kbody,
                "  {{\n    int {n} = {k};\n    {o} += {n};\n  }}"
            );
        }
    }

    // ---- arrays declared in loop bodies --------------------------------------------

    /// The extent of a body array of `rr` elements as written: the program's `RR`
    /// spelling, a literal, a macro of its own, or a kernel parameter (a
    /// variable-length array).
    fn body_extent(&mut self) -> String {
        if self.kparams.len() < 6 && self.rng.chance(25) {
            self.feats.insert("body-array-vla");
            let n = self.fresh("n");
            self.kparams.push(KParam {
                decl: format!("int {n}"),
                arg: self.rr.to_string(),
            });
            self.env.set(&n, Ty::I32, self.rr as i128);
            return n;
        }
        match self.rng.below(3) {
            0 => self.rr_text.clone(),
            1 => self.rr.to_string(),
            _ => {
                let n = self.fresh("W");
                let v = self.rr.to_string();
                self.define(&n, &v);
                n
            }
        }
    }

    /// Arrays declared in loop bodies: a row (or column) filled by one inner loop and
    /// read by the next, fully or partly; a small vector in the body of a column walk;
    /// an `int` array; or one read before the block writes it (refused).
    fn block_body_array(&mut self) -> Result<(), String> {
        let p = self.garr(Elem::Double, 2, &[]);
        let q = self.garr(Elem::Double, 2, &[&p]);
        let rr = self.rr as i64;
        let dt = self.dbl();
        let (c1, c2) = (self.coef(), self.coef());
        let variant = self.rng.weighted(&[25, 22, 15, 20, 10, 8]);
        if variant == 3 {
            // a small vector in the inner body of a column walk
            self.feats.insert("body-array-vector");
            let (a, b) = *self.rng.pick(&[("j", "i"), ("i", "j")]);
            let (ha, hb) = (self.rng.range(3, rr - 2), self.rng.range(3, rr - 2));
            let mut outer = self.header(a, 0, ha, Want::Header, true);
            let mut inner = self.header(b, 0, hb, Want::Header, true);
            outer.body = vec![Node::Loop(inner.clone())];
            let r = self.ranges(&[Node::Loop(outer.clone())])?;
            let sa = self.subs_var(a, outer.id, &r, self.rr, &[0]);
            let sb = self.subs_var(b, inner.id, &r, self.rr, &[0]);
            let cell = [sb[0].clone(), sa[0].clone()];
            let v = self.fresh("vec");
            self.dims.insert(v.clone(), vec![3]);
            let e = |k: usize| [k.to_string()];
            let (pt, pa) = Gen::acc(&p, &cell, false);
            let (qt, qa) = Gen::acc(&q, &cell, false);
            let (pw, pwa) = Gen::acc(&p, &cell, true);
            let (v0, v0w) = Gen::acc(&v, &e(0), true);
            let (v1, v1w) = Gen::acc(&v, &e(1), true);
            let (v2, v2w) = Gen::acc(&v, &e(2), true);
            let (_, v0r) = Gen::acc(&v, &e(0), false);
            let (_, v1r) = Gen::acc(&v, &e(1), false);
            let (_, v2r) = Gen::acc(&v, &e(2), false);
            inner.body = vec![
                st(format!("{dt} {v}[3];"), vec![]),
                st(format!("{v0} = {pt};"), vec![pa, v0w]),
                st(format!("{v1} = {qt} * {c1};"), vec![qa, v1w]),
                st(format!("{v2} = {v0} + {v1};"), vec![v0r.clone(), v1r, v2w]),
                st(format!("{pw} = {v2} * {c2} + {v0};"), vec![v2r, v0r, pwa]),
            ];
            outer.body = vec![Node::Loop(inner)];
            self.emit(&[Node::Loop(outer)]);
            return Ok(());
        }
        if variant == 5 {
            // an int array filled element by element
            self.feats.insert("body-array-int");
            let x = self.garr(Elem::Double, 1, &[]);
            let (var, lo, hi) = self.vector_range(0);
            let mut l = self.header(var, lo, hi, Want::Header, true);
            let r = self.ranges(&[Node::Loop(l.clone())])?;
            let xs = self.subs_var(var, l.id, &r, self.sz, &[0]);
            let cnt = self.fresh("cnt");
            self.dims.insert(cnt.clone(), vec![4]);
            let mut body = vec![st(format!("int {cnt}[4];"), vec![])];
            for k in 0..4 {
                let (w, wa) = Gen::acc(&cnt, &[k.to_string()], true);
                body.push(st(format!("{w} = {var} * {} + {k};", k + 1), vec![wa]));
            }
            let (r0, r0a) = Gen::acc(&cnt, &["0".into()], false);
            let (r3, r3a) = Gen::acc(&cnt, &["3".into()], false);
            let (xw, xwa) = Gen::acc(&x, &xs, true);
            let (xr, xra) = Gen::acc(&x, &xs, false);
            body.push(st(
                format!("{xw} = {xr} * {c1} + ({r0} + {r3}) * 0.5;"),
                vec![r0a, r3a, xra, xwa],
            ));
            l.body = body;
            self.emit(&[Node::Loop(l)]);
            return Ok(());
        }
        // a row (or column) of P filled, then read into Q
        let column = variant == 2;
        let (a, b) = *self.rng.pick(&[("i", "j"), ("j", "k"), ("i", "k")]);
        let ha = self.rng.range(3, rr - 1);
        let mut outer = self.header(a, 0, ha, Want::Header, true);
        let r = self.ranges(&[Node::Loop(outer.clone())])?;
        let sa = self.subs_var(a, outer.id, &r, self.rr, &[0]).remove(0);
        let full = variant == 0 || self.rng.chance(30);
        let m = if full { rr } else { self.rng.range(2, rr - 1) };
        let wt = self.body_extent();
        let mt = if full && self.rng.chance(60) {
            wt.clone()
        } else {
            m.to_string()
        };
        let row = self.fresh(if column { "col" } else { "row" });
        self.dims.insert(row.clone(), vec![self.rr]);
        let at = |arr: &str, k: &str, write: bool| {
            if column {
                Gen::acc(arr, &[k.to_string(), sa.clone()], write)
            } else {
                Gen::acc(arr, &[sa.clone(), k.to_string()], write)
            }
        };
        let mut fill = self.plain_loop(b, 0, &mt);
        let (pt, pa) = at(&p, b, false);
        let (rw, rwa) = Gen::acc(&row, &[b.to_string()], true);
        fill.body = vec![st(format!("{rw} = {pt} * {c1};"), vec![pa, rwa])];
        let shifted = !full && self.rng.chance(40);
        let use_end = if shifted {
            (m - 1).to_string()
        } else {
            mt.clone()
        };
        let mut read = self.plain_loop(b, 0, &use_end);
        let (qw, qwa) = at(&q, b, true);
        let (r0, r0a) = Gen::acc(&row, &[b.to_string()], false);
        read.body = if shifted {
            self.feats.insert("body-array-shifted");
            let (r1, r1a) = Gen::acc(&row, &[format!("{b} + 1")], false);
            vec![st(format!("{qw} = {r1} - {r0};"), vec![r1a, r0a, qwa])]
        } else {
            let rev = format!("{} - {b}", m - 1);
            let (r1, r1a) = Gen::acc(&row, &[rev], false);
            vec![st(
                format!("{qw} = {r0} * {c2} + {r1};"),
                vec![r0a, r1a, qwa],
            )]
        };
        self.feats.insert(match (column, full) {
            (true, _) => "body-array-column",
            (false, true) => "body-array-full",
            (false, false) => "body-array-partial",
        });
        let mut body = vec![st(format!("{dt} {row}[{wt}];"), vec![])];
        if variant == 4 {
            // read before this execution of the block wrote it: the value is the
            // previous iteration's at best
            self.feats.insert("body-array-read-before-write");
            let gz = self.gzero();
            let (q0, q0a) = at(&q, "0", true);
            let (r1, r1a) = Gen::acc(&row, &["1".into()], false);
            body.push(guarded(
                format!("{gz} == 1"),
                format!("{q0} = {r1}; {REFUSE_MARK}"),
                vec![q0a, r1a],
            ));
        }
        body.push(Node::Loop(fill));
        body.push(Node::Loop(read));
        outer.body = body;
        self.emit(&[Node::Loop(outer)]);
        Ok(())
    }

    // ---- functions of the file ---------------------------------------------------------

    /// A function that reads only its arguments' values, with the text that declares
    /// it so: nothing (nestor summarizes its body), `#pragma nestor pure`,
    /// `__attribute__((const))` on a declaration or on the definition, or either in an
    /// `#if` group the file's macros decide.
    fn const_fn(&mut self, name: &str, ret: &str, params: &str, body: &str) -> String {
        let def = format!("static {ret} {name}({params})\n{{\n{body}}}\n");
        match self.rng.weighted(&[25, 20, 20, 12, 13, 10]) {
            0 => {
                self.feats.insert("fn-summarized-const");
                def
            }
            1 => {
                self.feats.insert("pure-pragma");
                format!("#pragma nestor pure({name})\n{def}")
            }
            2 => {
                self.feats.insert("const-attribute-declaration");
                format!("__attribute__((const)) static {ret} {name}({params});\n{def}")
            }
            3 => {
                self.feats.insert("const-attribute-definition");
                format!("__attribute__((const)) {def}")
            }
            4 => {
                self.feats.insert("pp-around-attribute");
                let taken = if self.rng.chance(60) { 0 } else { 1 };
                let g = self.pp_group(
                    &[
                        "__attribute__((const))".to_string(),
                        "__attribute__((unused))".to_string(),
                    ],
                    taken,
                );
                format!("{g}static {ret} {name}({params});\n{def}")
            }
            _ => {
                self.feats.insert("pp-around-pure-pragma");
                let taken = if self.rng.chance(60) { 0 } else { 1 };
                let g = self.pp_group(&[format!("#pragma nestor pure({name})")], taken);
                format!("{g}{def}")
            }
        }
    }

    /// The global array `gread` reads.
    fn gread_arr(&mut self) -> String {
        if let Some(a) = self.garrays.iter().find(|a| a.name.starts_with("GR")) {
            return a.name.clone();
        }
        let n = self.fresh("GR");
        let et = self.dbl();
        self.globals.push(format!("{et} {n}[{}];", self.sz_text));
        self.add_garr(&n, Elem::Double, vec![self.sz]);
        n
    }

    /// A global `double` array of 256 elements (for `at8`).
    fn db_arr(&mut self) -> String {
        if let Some(a) = self.garrays.iter().find(|a| a.name.starts_with("DB")) {
            return a.name.clone();
        }
        let n = self.fresh("DB");
        self.globals.push(format!("double {n}[256];"));
        self.add_garr(&n, Elem::Double, vec![256]);
        n
    }

    /// Defines function `name` of the file (once, with the functions it calls first).
    fn need_fn(&mut self, name: &'static str) {
        if self.fn_names.contains(name) {
            return;
        }
        let rr = self.rr_text.clone();
        let text = match name {
            "get" => match self.rng.below(3) {
                0 => "static double get(const double a[], int pos)\n{\n  return a[pos];\n}\n"
                    .to_string(),
                1 => "static double get(const double *a, int pos)\n{\n  double v = a[pos];\n  return v;\n}\n"
                    .to_string(),
                _ => {
                    self.feats.insert("fn-with-if");
                    "static double get(const double a[], int pos)\n{\n  double v = a[pos];\n  if (v > 100.0)\n    v = 100.0;\n  return v;\n}\n"
                        .to_string()
                }
            },
            "at" => format!(
                "static double at(double a[][{rr}], int i, int j)\n{{\n  return a[i][j];\n}}\n"
            ),
            "sel" => {
                self.feats.insert("fn-with-if");
                "static double sel(const double a[], int k, int lim)\n{\n  if (k < lim)\n    return a[k];\n  return 0.0;\n}\n"
                    .to_string()
            }
            "twice" => {
                self.need_fn("get");
                "static double twice(const double a[], int k)\n{\n  return get(a, k) + get(a, k + 1) * 0.5;\n}\n"
                    .to_string()
            }
            "gread" => {
                let g = self.gread_arr();
                format!("static double gread(int k)\n{{\n  return {g}[k] * 0.5;\n}}\n")
            }
            "scl" => {
                self.globals.push("double gsc = 0.75;".into());
                self.gscalars.push(("gsc".into(), true));
                "static double scl(double x)\n{\n  return x * gsc;\n}\n".to_string()
            }
            "at8" => {
                "static double at8(const double a[], unsigned char k)\n{\n  return a[k];\n}\n"
                    .to_string()
            }
            "ats" => "static double ats(const double a[], short k)\n{\n  return a[k];\n}\n"
                .to_string(),
            "atl" => "static double atl(const double a[], long k)\n{\n  return a[k - 1];\n}\n"
                .to_string(),
            "bump" => {
                "static double bump(double a[], int k)\n{\n  a[k] = a[k] * 0.5 + 1.0;\n  return a[k];\n}\n"
                    .to_string()
            }
            "counted" => {
                self.globals.push("int g_ncalls;".into());
                self.gscalars.push(("g_ncalls".into(), false));
                "static double counted(double x)\n{\n  g_ncalls += 1;\n  return x * 0.5;\n}\n"
                    .to_string()
            }
            "mix2" => self.const_fn("mix2", "double", "double a, double b", "  return a * 0.75 + b;\n"),
            "clampd" => self.const_fn(
                "clampd",
                "double",
                "double x, double lo",
                "  if (x < lo)\n    return lo;\n  return x;\n",
            ),
            _ => self.const_fn(
                "imix",
                "int",
                "int a, int b",
                "  int r = a * 7 + b;\n  if (r > 50)\n    r -= 50;\n  return r;\n",
            ),
        };
        self.fn_names.insert(name.to_string());
        self.fns.push(text);
    }

    /// A pure call reading `q[r][c]` of the 2-d global `q` (through an array
    /// parameter, a row, or by value), with the accesses it makes.
    fn call_2d(&mut self, q: &str, r: &str, c: &str) -> (String, Vec<Access>) {
        let (cell, ca) = Gen::acc(q, &[r.to_string(), c.to_string()], false);
        let k = self.coef();
        let f: &'static str = match self.rng.weighted(&[20, 18, 15, 12, 10, 8, 12]) {
            0 => "get",
            1 => "at",
            2 => "mix2",
            3 => "clampd",
            4 => "imix",
            5 => "twice",
            _ => "sel",
        };
        self.need_fn(f);
        self.feats.insert(match f {
            "get" | "twice" => "call-reads-row",
            "at" | "sel" => "call-reads-array-param",
            _ => "call-const",
        });
        match f {
            "get" => (format!("get({q}[{r}], {c})"), vec![ca]),
            "at" => (format!("at({q}, {r}, {c})"), vec![ca]),
            "mix2" => (format!("mix2({cell}, {k})"), vec![ca]),
            "clampd" => (format!("clampd({cell}, 0.0)"), vec![ca]),
            "imix" => (format!("imix({r}, {c}) * 0.5 + {cell}"), vec![ca]),
            "twice" => {
                let (_, ca1) = Gen::acc(q, &[r.to_string(), format!("{c} + 1")], false);
                (format!("twice({q}[{r}], {c})"), vec![ca, ca1])
            }
            _ => {
                let lim = self.rng.range(3, self.rr as i64);
                (format!("sel({q}[{r}], {c}, {lim})"), vec![ca])
            }
        }
    }

    /// A pure call reading element `s` of the 1-d array `x` (passed whole or by
    /// value), with its accesses; `whole`: the array may be passed.
    fn call_1d(&mut self, x: &str, s: &str, whole: bool) -> (String, Vec<Access>) {
        let (cell, ca) = Gen::acc(x, &[s.to_string()], false);
        let k = self.coef();
        let w = if whole {
            [25, 20, 20, 15, 20, 8]
        } else {
            [0, 0, 40, 30, 30, 0]
        };
        match self.rng.weighted(&w) {
            5 => {
                // a pointer into the array: `get(&x[s], 0)`, `get(x + s, 0)`
                self.need_fn("get");
                self.feats.insert("call-pointer-argument");
                let arg = if self.rng.chance(50) {
                    format!("&{cell}")
                } else {
                    format!("{x} + {s}")
                };
                (format!("get({arg}, 0)"), vec![ca])
            }
            0 => {
                self.need_fn("get");
                self.feats.insert("call-reads-array-param");
                (format!("get({x}, {s})"), vec![ca])
            }
            1 => {
                self.need_fn("sel");
                self.feats.insert("call-reads-array-param");
                let lim = self.rng.range(3, self.sz as i64);
                (format!("sel({x}, {s}, {lim})"), vec![ca])
            }
            2 => {
                self.need_fn("mix2");
                self.feats.insert("call-const");
                (format!("mix2({cell}, {k})"), vec![ca])
            }
            3 => {
                self.need_fn("clampd");
                self.feats.insert("call-const");
                (format!("clampd({cell}, 0.25)"), vec![ca])
            }
            _ => {
                self.need_fn("scl");
                self.feats.insert("call-reads-global");
                (format!("scl({cell})"), vec![ca])
            }
        }
    }

    /// Calls of functions the file defines: pure ones in a column walk or a
    /// producer/consumer pair, ones that read a global the region writes, ones whose
    /// integer parameters are narrower or wider than the argument, and ones that write
    /// memory (refused).
    fn block_calls(&mut self) -> Result<(), String> {
        match self.rng.weighted(&[32, 25, 16, 14, 13]) {
            0 => self.calls_walk(),
            1 => self.calls_fuse(),
            2 => self.calls_global(),
            3 => self.calls_narrow(),
            _ => self.calls_impure(),
        }
    }

    fn calls_walk(&mut self) -> Result<(), String> {
        let p = self.garr(Elem::Double, 2, &[]);
        let q = self.garr(Elem::Double, 2, &[&p]);
        let (a, b) = *self.rng.pick(&[("j", "i"), ("i", "j"), ("k", "i")]);
        let rr = self.rr as i64;
        let (ha, hb) = (self.rng.range(3, rr - 3), self.rng.range(3, rr - 2));
        let mut outer = self.header(a, 0, ha, Want::Header, true);
        let mut inner = self.header(b, 0, hb, Want::Header, true);
        outer.body = vec![Node::Loop(inner.clone())];
        let r = self.ranges(&[Node::Loop(outer.clone())])?;
        let sa = self.subs_var(a, outer.id, &r, self.rr, &[0]).remove(0);
        let sb = self.subs_var(b, inner.id, &r, self.rr, &[0]).remove(0);
        let (call, mut acc) = self.call_2d(&q, &sb, &sa);
        let (pw, pwa) = Gen::acc(&p, &[sb.clone(), sa.clone()], true);
        let (pr, pra) = Gen::acc(&p, &[sb, sa], false);
        let c = self.coef();
        inner.body = if self.rng.chance(25) {
            self.feats.insert("local-initialized");
            let n = self.local_names(1).remove(0);
            let dt = self.dbl();
            vec![
                st(format!("{dt} {n} = {call};"), acc),
                st(format!("{pw} = {n} * {c} + {pr};"), vec![pra, pwa]),
            ]
        } else {
            acc.push(pra);
            acc.push(pwa);
            vec![st(format!("{pw} = {call} * {c} + {pr};"), acc)]
        };
        outer.body = vec![Node::Loop(inner)];
        self.emit(&[Node::Loop(outer)]);
        Ok(())
    }

    fn calls_fuse(&mut self) -> Result<(), String> {
        let x = self.garr(Elem::Double, 1, &[]);
        let y = self.garr(Elem::Double, 1, &[&x]);
        let sz = self.sz as i64;
        let var = *self.rng.pick(&["i", "i", "j"]);
        let lo = self.rng.range(0, 2);
        let hi = self.rng.range(lo + 3, (lo + 20).min(sz - 8));
        let local_temp = self.rng.chance(55);
        let dt = self.dbl();
        let t = if local_temp {
            let t = self.fresh("tmp");
            let szt = self.sz_text.clone();
            self.kdecls.push(format!("  {dt} {t}[{szt}];"));
            self.dims.insert(t.clone(), vec![self.sz]);
            t
        } else {
            self.garr(Elem::Double, 1, &[&x, &y])
        };
        let mut l1 = self.header(var, lo, hi, Want::Header, true);
        let mut l2 = self.twin(&l1);
        let r = self.ranges(&[Node::Loop(l1.clone()), Node::Loop(l2.clone())])?;
        let ts = self.subs_var(var, l1.id, &r, self.sz, &[0]).remove(0);
        let xs = self.subs_var(var, l1.id, &r, self.sz, &[0]).remove(0);
        let ts2 = if local_temp {
            ts.clone()
        } else {
            let d = self.rng.range(-1, 1);
            self.subs_var(var, l2.id, &r, self.sz, &[d]).remove(0)
        };
        let ys = self.subs_var(var, l2.id, &r, self.sz, &[0]).remove(0);
        let (call1, mut acc1) = self.call_1d(&x, &xs, true);
        let (tw, twa) = Gen::acc(&t, std::slice::from_ref(&ts), true);
        acc1.push(twa);
        l1.body = vec![st(format!("{tw} = {call1};"), acc1)];
        let (call2, mut acc2) = self.call_1d(&t, &ts2, true);
        let (yw, ywa) = Gen::acc(&y, std::slice::from_ref(&ys), true);
        let (yr, yra) = Gen::acc(&y, &[ys], false);
        let c = self.coef();
        acc2.push(yra);
        acc2.push(ywa);
        l2.body = vec![st(format!("{yw} = {call2} + {yr} * {c};"), acc2)];
        self.feats.insert("call-in-fusion-pair");
        self.emit(&[Node::Loop(l1), Node::Loop(l2)]);
        Ok(())
    }

    /// `gread(k)` reads the global `GR` the region writes; `scl` reads `gsc`, which
    /// the region assigns between two nests.
    fn calls_global(&mut self) -> Result<(), String> {
        self.feats.insert("call-reads-global");
        let x = self.garr(Elem::Double, 1, &[]);
        let y = self.garr(Elem::Double, 1, &[&x]);
        let (var, lo, hi) = self.vector_range(1);
        let mut l1 = self.header(var, lo, hi, Want::Header, true);
        let mut l2 = self.twin(&l1);
        let r = self.ranges(&[Node::Loop(l1.clone()), Node::Loop(l2.clone())])?;
        let c = self.coef();
        let (xt, xa) = Gen::acc(&x, &[var.to_string()], false);
        let (yw, ywa) = Gen::acc(&y, &[var.to_string()], true);
        match self.rng.below(3) {
            0 => {
                self.need_fn("gread");
                let g = self.gread_arr();
                let gs = self.subs_var(var, l1.id, &r, self.sz, &[0]).remove(0);
                let (gw, gwa) = Gen::acc(&g, std::slice::from_ref(&gs), true);
                l1.body = vec![st(format!("{gw} = {xt} * {c};"), vec![xa.clone(), gwa])];
                let d = self.rng.range(-1, 1);
                let rs = self.subs_var(var, l2.id, &r, self.sz, &[d]).remove(0);
                let (_, gra) = Gen::acc(&g, std::slice::from_ref(&rs), false);
                l2.body = vec![st(
                    format!("{yw} = gread({rs}) + {xt};"),
                    vec![gra, xa, ywa],
                )];
                self.emit(&[Node::Loop(l1), Node::Loop(l2)]);
            }
            1 => {
                // one loop writes GR[i] and reads it at i + 1 through the call
                self.need_fn("gread");
                let g = self.gread_arr();
                let gs = self.subs_var(var, l1.id, &r, self.sz, &[0, 1]);
                let (gw, gwa) = Gen::acc(&g, &gs[..1], true);
                let (_, gra) = Gen::acc(&g, &gs[1..], false);
                l1.body = vec![st(
                    format!("{gw} = gread({}) + {xt};", gs[1]),
                    vec![gra, xa, gwa],
                )];
                self.emit(&[Node::Loop(l1)]);
            }
            _ => {
                // `gsc = ...;` between two loops of one region
                self.need_fn("scl");
                let z = self.garr(Elem::Double, 1, &[&x, &y]);
                let (zw, zwa) = Gen::acc(&z, &[var.to_string()], true);
                let (yr, yra) = Gen::acc(&y, &[var.to_string()], false);
                l1.body = vec![st(format!("{yw} = scl({xt});"), vec![xa, ywa])];
                l2.body = vec![st(format!("{zw} = scl({yr}) + {c};"), vec![yra, zwa])];
                let k = self.coef();
                self.emit(&[
                    Node::Loop(l1),
                    st(format!("gsc = gsc * {k} + 0.5;"), vec![]),
                    Node::Loop(l2),
                ]);
            }
        }
        Ok(())
    }

    /// A loop variable (`i` or `j`) and bounds `lo` (from `min_lo` to 1) and `hi`, well
    /// inside the arrays.
    fn vector_range(&mut self, min_lo: i64) -> (&'static str, i64, i64) {
        let sz = self.sz as i64;
        let var = *self.rng.pick(&["i", "j"]);
        let lo = self.rng.range(min_lo, 2);
        let hi = self.rng.range(lo + 3, sz - 8);
        (var, lo, hi)
    }

    /// A second loop with `l`'s header and a new id.
    fn twin(&mut self, l: &SLoop) -> SLoop {
        let mut twin = l.clone();
        twin.id = self.id();
        twin
    }

    /// Integer arguments converted to a narrower (`unsigned char`: wraps, `short`) or
    /// wider (`long`) parameter.
    fn calls_narrow(&mut self) -> Result<(), String> {
        let x = self.garr(Elem::Double, 1, &[]);
        let y = self.garr(Elem::Double, 1, &[&x]);
        let (var, lo, hi) = self.vector_range(0);
        let mut l1 = self.header(var, lo, hi, Want::Header, true);
        let mut l2 = self.twin(&l1);
        let c = self.coef();
        let (xt, xa) = Gen::acc(&x, &[var.to_string()], false);
        let (yw, ywa) = Gen::acc(&y, &[var.to_string()], true);
        let (yr, yra) = Gen::acc(&y, &[var.to_string()], false);
        match self.rng.weighted(&[35, 25, 40]) {
            0 => {
                // DB[i + 6] written, then read as at8(DB, i + K): K - 256 ahead
                self.feats.insert("call-narrow-wraps");
                self.need_fn("at8");
                let db = self.db_arr();
                let (dw, dwa) = Gen::acc(&db, &[format!("{var} + 6")], true);
                l1.body = vec![st(format!("{dw} = {xt} * {c};"), vec![xa, dwa])];
                let k = self.rng.range(250, 266);
                let sub = format!("(unsigned char)({var} + {k})");
                let (_, dra) = Gen::acc(&db, &[sub], false);
                l2.body = vec![st(
                    format!("{yw} = at8({db}, {var} + {k}) + {yr};"),
                    vec![dra, yra, ywa],
                )];
                self.emit(&[Node::Loop(l1), Node::Loop(l2)]);
            }
            1 => {
                self.feats.insert("call-narrow-fits");
                self.need_fn("ats");
                let d = self.rng.range(-1, 1);
                let sub = format!("(short)({var} + {})", d + 1);
                let (_, xra) = Gen::acc(&x, &[sub], false);
                let (xw, xwa) = Gen::acc(&x, &[var.to_string()], true);
                l1.body = vec![st(format!("{xw} = {yr} * {c};"), vec![yra.clone(), xwa])];
                l2.body = vec![st(
                    format!("{yw} = ats({x}, {var} + {}) + {yr};", d + 1),
                    vec![xra, yra, ywa],
                )];
                self.emit(&[Node::Loop(l1), Node::Loop(l2)]);
            }
            _ => {
                self.feats.insert("call-wider-param");
                self.need_fn("atl");
                let arg = if self.rng.chance(50) {
                    format!("{var} + 1")
                } else {
                    format!("(long){var} + 1")
                };
                let (xw, xwa) = Gen::acc(&x, &[var.to_string()], true);
                l1.body = vec![st(format!("{xw} = {yr} * {c};"), vec![yra.clone(), xwa])];
                l2.body = vec![st(
                    format!("{yw} = atl({x}, {arg}) * {c} + {yr};"),
                    vec![xa, yra, ywa],
                )];
                self.emit(&[Node::Loop(l1), Node::Loop(l2)]);
            }
        }
        Ok(())
    }

    /// Calls of functions that write memory: through their array parameter, or a
    /// global counter (refused).
    fn calls_impure(&mut self) -> Result<(), String> {
        let x = self.garr(Elem::Double, 1, &[]);
        let y = self.garr(Elem::Double, 1, &[&x]);
        let (var, lo, hi) = self.vector_range(0);
        let mut l1 = self.header(var, lo, hi, Want::Header, true);
        let mut l2 = self.twin(&l1);
        let c = self.coef();
        let (xt, xa) = Gen::acc(&x, &[var.to_string()], false);
        let (xw, xwa) = Gen::acc(&x, &[var.to_string()], true);
        let (yw, ywa) = Gen::acc(&y, &[var.to_string()], true);
        let (yr, yra) = Gen::acc(&y, &[var.to_string()], false);
        l1.body = vec![st(format!("{xw} = {yr} * {c};"), vec![yra.clone(), xwa])];
        let text = if self.rng.chance(50) {
            self.feats.insert("call-counts");
            self.need_fn("counted");
            format!("{yw} = counted({xt}) + {yr}; {REFUSE_MARK}")
        } else {
            self.feats.insert("call-writes-param");
            self.need_fn("bump");
            format!("{yw} = bump({x}, {var} + 1) * {c} + {yr}; {REFUSE_MARK}")
        };
        let (_, x1a) = Gen::acc(&x, &[format!("{var} + 1")], true);
        l2.body = vec![Node::Stmt(SStmt {
            text,
            acc: vec![xa, x1a, yra, ywa],
            guard: None,
            impure: true,
        })];
        self.emit(&[Node::Loop(l1), Node::Loop(l2)]);
        Ok(())
    }

    // ---- struct members ------------------------------------------------------------

    /// Defines struct (or union) `tag` once: `soa` (two arrays, the second's type
    /// sometimes chosen by an `#if`), `cell` (a scalar and an array), `grid` (two 2-d
    /// arrays), `nest` (a `soa` and an array), the union `ov` (two overlapping
    /// arrays) and the typedef `pair_t`.
    fn need_tag(&mut self, tag: &'static str) {
        if self.tags.contains(tag) {
            return;
        }
        if tag == "nest" {
            self.need_tag("soa");
        }
        self.tags.insert(tag);
        let sz = self.sz_text.clone();
        let rr = self.rr_text.clone();
        let text = match tag {
            "soa" => {
                let y = if self.rng.chance(25) {
                    self.feats.insert("pp-half-member");
                    let taken = self.rng.below(2);
                    let (a, b) = (format!("  double y[{sz}];"), format!("  float y[{sz}];"));
                    if taken == 0 {
                        self.pp_group(&[a, b], 0)
                    } else {
                        self.pp_group(&[b, a], 1)
                    }
                } else {
                    format!("  double y[{sz}];\n")
                };
                let n = match self.rng.below(6) {
                    0 | 1 => "  int n;\n",
                    2 => {
                        self.feats.insert("struct-bit-field");
                        "  unsigned flags : 3;\n"
                    }
                    _ => "",
                };
                format!("struct soa {{\n{n}  double x[{sz}];\n{y}}};")
            }
            "cell" => "struct cell {\n  double v;\n  double w[4];\n};".to_string(),
            "grid" => {
                format!("struct grid {{\n  double a[{rr}][{rr}];\n  double b[{rr}][{rr}];\n}};")
            }
            "nest" => format!("struct nest {{\n  struct soa in;\n  double z[{sz}];\n}};"),
            "ov" => format!("union ov {{\n  double x[{sz}];\n  double y[{sz}];\n}};"),
            _ => format!("typedef struct {{\n  double p[{sz}];\n  double q[{sz}];\n}} pair_t;"),
        };
        self.top.push(text);
    }

    /// Registers the member `key` (the name the simulation knows it by), written
    /// `path` (`@` per subscript), of extents `dims`; main initializes and prints it
    /// when `global`.
    fn member(&mut self, key: &str, path: &str, dims: Vec<usize>, global: bool) {
        self.dims.insert(key.to_string(), dims.clone());
        self.paths.insert(key.to_string(), path.to_string());
        if global {
            self.garrays.push(GArr {
                name: key.to_string(),
                elem: Elem::Double,
                dims,
                path: Some(path.to_string()),
            });
        }
    }

    /// The text and the access of member `key` at `subs`.
    fn macc(&self, key: &str, subs: &[String], write: bool) -> (String, Access) {
        let mut text = String::new();
        let mut k = 0;
        for ch in self.paths[key].chars() {
            if ch == '@' {
                text.push_str(&subs[k]);
                k += 1;
            } else {
                text.push(ch);
            }
        }
        (
            text,
            Access {
                arr: key.to_string(),
                subs: subs.to_vec(),
                write,
            },
        )
    }

    /// A global `struct soa` (an existing one or a new one), other than `avoid`.
    fn gsoa(&mut self, avoid: &str) -> String {
        self.need_tag("soa");
        let existing: Vec<String> = self
            .garrays
            .iter()
            .filter_map(|a| a.name.strip_suffix(".x"))
            .filter(|n| n.starts_with("gs") && *n != avoid)
            .map(str::to_string)
            .collect();
        if !existing.is_empty() && self.rng.chance(40) {
            return self.rng.pick(&existing).clone();
        }
        let s = self.fresh("gs");
        self.globals.push(format!("struct soa {s};"));
        let sz = self.sz;
        self.member(&format!("{s}.x"), &format!("{s}.x[@]"), vec![sz], true);
        self.member(&format!("{s}.y"), &format!("{s}.y[@]"), vec![sz], true);
        s
    }

    /// Struct members: a global or local struct of arrays in a fusion pair, an array
    /// of structs, a struct of 2-d arrays walked down its columns, pointers to structs
    /// in a function's parameters, nested members, a typedef'd struct, and a union
    /// (refused).
    fn block_structs(&mut self) -> Result<(), String> {
        let sz = self.sz as i64;
        let rr = self.rr as i64;
        let x = self.garr(Elem::Double, 1, &[]);
        let y = self.garr(Elem::Double, 1, &[&x]);
        let var = *self.rng.pick(&["i", "i", "j"]);
        let lo = self.rng.range(0, 2);
        let hi = self.rng.range(lo + 3, (lo + 24).min(sz - 8));
        let (c1, c2) = (self.coef(), self.coef());
        let variant = self.rng.weighted(&[20, 14, 14, 14, 14, 10, 8, 6, 6]);
        // a producer/consumer pair over `key1` (written) and `key2` (read), with the
        // consumer reading key1 `d` elements ahead
        let pair =
            |g: &mut Gen, wkey: &str, rkey: &str, exact: bool| -> Result<Vec<Node>, String> {
                let mut l1 = g.header(var, lo, hi, Want::Header, true);
                let mut l2 = if exact || g.rng.chance(50) {
                    let mut c = l1.clone();
                    c.id = g.id();
                    c
                } else {
                    let lo2 = g.rng.range(0, 2);
                    let hi2 = g.rng.range(lo2 + 3, (lo2 + 24).min(sz - 8));
                    g.header(var, lo2, hi2, Want::Header, true)
                };
                let r = g.ranges(&[Node::Loop(l1.clone()), Node::Loop(l2.clone())])?;
                let ws = g.subs_var(var, l1.id, &r, g.sz, &[0]);
                let xs = g.subs_var(var, l1.id, &r, g.sz, &[0]);
                let rs = if exact {
                    ws.clone()
                } else {
                    let d = g.rng.range(-1, 1);
                    g.subs_var(var, l2.id, &r, g.sz, &[d])
                };
                let ys = g.subs_var(var, l2.id, &r, g.sz, &[0]);
                let (xt, xa) = Gen::acc(&x, &xs, false);
                let (w, wa) = g.macc(wkey, &ws, true);
                l1.body = vec![st(format!("{w} = {xt} * {c1};"), vec![xa, wa])];
                let (rd, ra) = g.macc(wkey, &rs, false);
                // a local struct's member is read only where it was written
                let os = if exact && rkey == wkey { &ws } else { &ys };
                let (o, oa) = g.macc(rkey, os, false);
                let (yw, ywa) = Gen::acc(&y, &ys, true);
                l2.body = vec![st(format!("{yw} = {rd} * {c2} + {o};"), vec![ra, oa, ywa])];
                Ok(vec![Node::Loop(l1), Node::Loop(l2)])
            };
        match variant {
            0 => {
                self.feats.insert("struct-global-soa");
                let s = self.gsoa("");
                let nodes = pair(self, &format!("{s}.x"), &format!("{s}.y"), false)?;
                self.emit(&nodes);
            }
            1 => {
                // a local struct: the consumer reads exactly what the producer wrote
                self.feats.insert("struct-local-soa");
                self.need_tag("soa");
                let s = self.fresh("ls");
                self.kdecls.push(format!("  struct soa {s};"));
                let (kx, ky) = (format!("{s}.x"), format!("{s}.y"));
                self.member(&kx, &format!("{s}.x[@]"), vec![self.sz], false);
                self.member(&ky, &format!("{s}.y[@]"), vec![self.sz], false);
                let nodes = pair(self, &kx, &kx, true)?;
                let produced: Vec<i128> = self.written(&nodes[..1], &kx).into_iter().collect();
                self.emit(&nodes);
                if self.rng.chance(50)
                    && let Some(k) = produced.last()
                {
                    let o = self.out_d();
                    let _ = writeln!(self.kbody, "  {o} = {s}.x[{k}];");
                }
            }
            2 => {
                // an array of structs: cl[i].v, then cl[i].w[k] walked down k
                self.feats.insert("struct-array-of-structs");
                self.need_tag("cell");
                let s = self.fresh("cl");
                self.globals
                    .push(format!("struct cell {s}[{}];", self.sz_text));
                let (kv, kw) = (format!("{s}.v"), format!("{s}.w"));
                self.member(&kv, &format!("{s}[@].v"), vec![self.sz], true);
                self.member(&kw, &format!("{s}[@].w[@]"), vec![self.sz, 4], true);
                let mut l1 = self.header(var, lo, hi, Want::Header, true);
                let r = self.ranges(&[Node::Loop(l1.clone())])?;
                let vs = self.subs_var(var, l1.id, &r, self.sz, &[0]);
                let (xt, xa) = Gen::acc(&x, &vs, false);
                let (vw, vwa) = self.macc(&kv, &vs, true);
                l1.body = vec![st(format!("{vw} = {xt} * {c1};"), vec![xa, vwa])];
                let mut outer = self.plain_loop("k", 0, "4");
                let mut inner = l1.clone();
                inner.id = self.id();
                let r2 = self.ranges(&[Node::Loop(inner.clone())])?;
                let is = self.subs_var(var, inner.id, &r2, self.sz, &[0]);
                let (vr, vra) = self.macc(&kv, &is, false);
                let ws = vec![is[0].clone(), "k".to_string()];
                let (ww, wwa) = self.macc(&kw, &ws, true);
                let (wr, wra) = self.macc(&kw, &ws, false);
                inner.body = vec![st(
                    format!("{ww} = {vr} * {c2} + {wr} + k;"),
                    vec![vra, wra, wwa],
                )];
                outer.body = vec![Node::Loop(inner)];
                self.emit(&[Node::Loop(l1), Node::Loop(outer)]);
            }
            3 => {
                // a struct of 2-d arrays walked down its columns
                self.feats.insert("struct-2d-members");
                self.need_tag("grid");
                let s = self.fresh("gg");
                self.globals.push(format!("struct grid {s};"));
                let (ka, kb) = (format!("{s}.a"), format!("{s}.b"));
                let d = vec![self.rr, self.rr];
                self.member(&ka, &format!("{s}.a[@][@]"), d.clone(), true);
                self.member(&kb, &format!("{s}.b[@][@]"), d, true);
                let (a, b) = *self.rng.pick(&[("j", "i"), ("i", "j")]);
                let (ha, hb) = (self.rng.range(3, rr - 2), self.rng.range(3, rr - 2));
                let mut outer = self.header(a, 0, ha, Want::Header, true);
                let mut inner = self.header(b, 0, hb, Want::Header, true);
                outer.body = vec![Node::Loop(inner.clone())];
                let r = self.ranges(&[Node::Loop(outer.clone())])?;
                let sa = self.subs_var(a, outer.id, &r, self.rr, &[0]).remove(0);
                let sb = self.subs_var(b, inner.id, &r, self.rr, &[0]).remove(0);
                let cell = vec![sb, sa];
                let (ar, ara) = self.macc(&ka, &cell, false);
                let (bw, bwa) = self.macc(&kb, &cell, true);
                let (br, bra) = self.macc(&kb, &cell, false);
                inner.body = vec![st(
                    format!("{bw} = {ar} * {c1} + {br};"),
                    vec![ara, bra, bwa],
                )];
                outer.body = vec![Node::Loop(inner)];
                self.emit(&[Node::Loop(outer)]);
            }
            4 => self.struct_pointer_params()?,
            5 => {
                self.feats.insert("struct-nested-member");
                self.need_tag("nest");
                let s = self.fresh("gn");
                self.globals.push(format!("struct nest {s};"));
                let sz = self.sz;
                let (kx, ky, kz) = (format!("{s}.in.x"), format!("{s}.in.y"), format!("{s}.z"));
                self.member(&kx, &format!("{s}.in.x[@]"), vec![sz], true);
                self.member(&ky, &format!("{s}.in.y[@]"), vec![sz], true);
                self.member(&kz, &format!("{s}.z[@]"), vec![sz], true);
                let (w, rk) = if self.rng.chance(50) {
                    (kx, ky)
                } else {
                    (kz, kx)
                };
                let nodes = pair(self, &w, &rk, false)?;
                self.emit(&nodes);
            }
            6 => {
                // the union's members overlap: gu.y[i + 1] is gu.x[i + 1]
                self.feats.insert("union-refused");
                self.need_tag("ov");
                let s = self.fresh("gu");
                self.globals.push(format!("union ov {s};"));
                let (kx, ky) = (format!("{s}.x"), format!("{s}.y"));
                self.member(&kx, &format!("{s}.x[@]"), vec![self.sz], true);
                // the same memory, known to the simulation only
                self.member(&ky, &format!("{s}.y[@]"), vec![self.sz], false);
                let mut nodes = pair(self, &kx, &ky, true)?;
                for n in &mut nodes {
                    if let Node::Loop(l) = n {
                        for b in &mut l.body {
                            if let Node::Stmt(s) = b {
                                s.text.push(' ');
                                s.text.push_str(REFUSE_MARK);
                            }
                        }
                    }
                }
                // the consumer reads y one ahead
                if let Node::Loop(l2) = &mut nodes[1]
                    && let Some(Node::Stmt(s2)) = l2.body.first_mut()
                {
                    let from = format!("{s}.y[");
                    if let Some(a) = s2.acc.iter_mut().find(|a| a.arr == ky) {
                        let sub = a.subs[0].clone();
                        let ahead = format!("{sub} + 1");
                        s2.text = s2.text.replacen(
                            &format!("{from}{sub}]"),
                            &format!("{from}{ahead}]"),
                            1,
                        );
                        a.subs[0] = ahead;
                    }
                }
                self.emit(&nodes);
            }
            8 => {
                // a member array passed whole to a function of the file
                self.feats.insert("struct-member-passed");
                self.need_fn("get");
                let s = self.gsoa("");
                let kx = format!("{s}.x");
                let mut l = self.header(var, lo, hi, Want::Header, true);
                let r = self.ranges(&[Node::Loop(l.clone())])?;
                let ms = self.subs_var(var, l.id, &r, self.sz, &[0]).remove(0);
                let (_, ma) = self.macc(&kx, std::slice::from_ref(&ms), false);
                let (xt, xa) = Gen::acc(&x, std::slice::from_ref(&ms), false);
                let (yw, ywa) = Gen::acc(&y, std::slice::from_ref(&ms), true);
                l.body = vec![st(
                    format!("{yw} = get({s}.x, {ms}) * {c1} + {xt}; {REFUSE_MARK}"),
                    vec![ma, xa, ywa],
                )];
                self.emit(&[Node::Loop(l)]);
            }
            _ => {
                self.feats.insert("struct-typedef");
                self.need_tag("pair_t");
                let s = self.fresh("gp");
                self.globals.push(format!("pair_t {s};"));
                let sz = self.sz;
                let (kp, kq) = (format!("{s}.p"), format!("{s}.q"));
                self.member(&kp, &format!("{s}.p[@]"), vec![sz], true);
                self.member(&kq, &format!("{s}.q[@]"), vec![sz], true);
                let nodes = pair(self, &kp, &kq, false)?;
                self.emit(&nodes);
            }
        }
        Ok(())
    }

    /// A function of the file whose loops reach struct members through pointer
    /// parameters (`p->x[i]`, `g->b[i][j]`), called with the address of a global.
    fn struct_pointer_params(&mut self) -> Result<(), String> {
        self.feats.insert("struct-pointer-param");
        let f = self.fresh("ks");
        let m = self.fresh("m");
        let (c1, c2) = (self.coef(), self.coef());
        let mk = |g: &mut Gen, var: &str, end: &str| {
            let mut l = g.plain_loop(var, 0, end);
            l.braces = g.rng.chance(50);
            l
        };
        let (head, nodes, arg, mv) = match self.rng.below(3) {
            0 => {
                // p->x and p->y of one struct, the second loop reading one ahead
                let s = self.gsoa("");
                let mv = self.rng.range(4, self.sz as i64 - 2);
                let (kx, ky) = (format!("{s}.x"), format!("{s}.y"));
                let a = |k: &str, sub: &str, w: bool| Access {
                    arr: k.to_string(),
                    subs: vec![sub.to_string()],
                    write: w,
                };
                let mut l1 = mk(self, "i", &m);
                l1.body = vec![st(
                    format!("p->x[i] = p->y[i] * {c1} + p->x[i];"),
                    vec![a(&ky, "i", false), a(&kx, "i", false), a(&kx, "i", true)],
                )];
                let mut l2 = mk(self, "i", &m);
                l2.body = vec![st(
                    format!("p->y[i] = p->x[i + 1] + {c2};"),
                    vec![a(&kx, "i + 1", false), a(&ky, "i", true)],
                )];
                (
                    format!("static void {f}(struct soa *p, int {m})\n{{\n"),
                    vec![Node::Loop(l1), Node::Loop(l2)],
                    format!("&{s}"),
                    mv,
                )
            }
            1 => {
                // two structs through two parameters (never the same object)
                let s = self.gsoa("");
                let t = self.gsoa(&s);
                if s == t {
                    return Err("one struct for two parameters".into());
                }
                let mv = self.rng.range(4, self.sz as i64 - 2);
                let a = |k: String, sub: &str, w: bool| Access {
                    arr: k,
                    subs: vec![sub.to_string()],
                    write: w,
                };
                let mut l1 = mk(self, "i", &m);
                l1.body = vec![st(
                    format!("p->x[i] = q->x[i] * {c1} + q->y[i + 1];"),
                    vec![
                        a(format!("{t}.x"), "i", false),
                        a(format!("{t}.y"), "i + 1", false),
                        a(format!("{s}.x"), "i", true),
                    ],
                )];
                let mut l2 = mk(self, "i", &m);
                l2.body = vec![st(
                    format!("q->y[i] = p->x[i] - {c2};"),
                    vec![
                        a(format!("{s}.x"), "i", false),
                        a(format!("{t}.y"), "i", true),
                    ],
                )];
                (
                    format!("static void {f}(struct soa *p, struct soa *q, int {m})\n{{\n"),
                    vec![Node::Loop(l1), Node::Loop(l2)],
                    format!("&{s}, &{t}"),
                    mv,
                )
            }
            _ => {
                // a column walk through g->a and g->b
                self.need_tag("grid");
                let s = self.fresh("gg");
                self.globals.push(format!("struct grid {s};"));
                let (ka, kb) = (format!("{s}.a"), format!("{s}.b"));
                let d = vec![self.rr, self.rr];
                self.member(&ka, &format!("{s}.a[@][@]"), d.clone(), true);
                self.member(&kb, &format!("{s}.b[@][@]"), d, true);
                let mv = self.rng.range(3, self.rr as i64);
                let a = |k: &str, w: bool| Access {
                    arr: k.to_string(),
                    subs: vec!["i".into(), "j".into()],
                    write: w,
                };
                let mut outer = mk(self, "j", &m);
                let mut inner = mk(self, "i", &m);
                inner.body = vec![st(
                    format!("g->b[i][j] = g->a[i][j] * {c1} + g->b[i][j];"),
                    vec![a(&ka, false), a(&kb, false), a(&kb, true)],
                )];
                outer.body = vec![Node::Loop(inner)];
                (
                    format!("static void {f}(struct grid *g, int {m})\n{{\n"),
                    vec![Node::Loop(outer)],
                    format!("&{s}"),
                    mv,
                )
            }
        };
        self.env.set(&m, Ty::I32, mv as i128);
        let mut text = head;
        print_nodes(&nodes, 1, &mut text);
        text.push_str("}\n");
        self.helpers.push(text);
        self.jobs.push(nodes);
        let _ = writeln!(self.kbody, "  {f}({arg}, {mv});");
        Ok(())
    }

    // ---- preprocessor conditionals around and inside nests -------------------------

    /// `#if`/`#ifdef` groups the file's own macros decide: around a read of a
    /// temporary after its producer/consumer pair (live or dead), around a read of an
    /// iterator after its nest, inside a nest (refused), in half a declaration of a
    /// global array, of a kernel parameter or of an iterator's typedef, and around a
    /// `#pragma nestor temporary`.
    fn block_pp(&mut self, last: bool) -> Result<(), String> {
        let _ = last;
        let x = self.garr(Elem::Double, 1, &[]);
        let y = self.garr(Elem::Double, 1, &[&x]);
        let sz = self.sz as i64;
        let var = *self.rng.pick(&["i", "i", "j"]);
        let lo = self.rng.range(0, 2);
        let hi = self.rng.range(lo + 3, (lo + 24).min(sz - 8));
        let (c1, c2) = (self.coef(), self.coef());
        let dt = self.dbl();
        let szt = self.sz_text.clone();
        match self.rng.weighted(&[28, 14, 10, 14, 10, 10, 14]) {
            0 | 6 => {
                // a producer/consumer pair through a temporary
                // (a `#pragma nestor temporary` that applies is a promise about every
                // region after it, which the program cannot keep where nestor splits
                // the pair into two regions: only one in a branch not compiled)
                let variant = self.rng.below(3);
                let t = if variant == 2 {
                    // printed by main: a pragma in a branch not compiled must not count
                    self.garr(Elem::Double, 1, &[&x, &y])
                } else {
                    let t = self.fresh("tmp");
                    if self.rng.chance(25) {
                        self.feats.insert("pp-half-declaration");
                        let g = self.pp_group(
                            &[
                                format!("  {dt} {t}[{szt}];"),
                                format!("  float {t}[{szt}];"),
                            ],
                            0,
                        );
                        self.kdecls.push(g.trim_end().to_string());
                    } else {
                        self.kdecls.push(format!("  {dt} {t}[{szt}];"));
                    }
                    self.dims.insert(t.clone(), vec![self.sz]);
                    t
                };
                let mut l1 = self.header(var, lo, hi, Want::Header, true);
                let mut l2 = self.twin(&l1);
                let r = self.ranges(&[Node::Loop(l1.clone()), Node::Loop(l2.clone())])?;
                let ts = self.subs_var(var, l1.id, &r, self.sz, &[0]);
                let xs = self.subs_var(var, l1.id, &r, self.sz, &[0]);
                let ys = self.subs_var(var, l2.id, &r, self.sz, &[0]);
                let (tw, twa) = Gen::acc(&t, &ts, true);
                let (tr, tra) = Gen::acc(&t, &ts, false);
                let (xt, xa) = Gen::acc(&x, &xs, false);
                let (yw, ywa) = Gen::acc(&y, &ys, true);
                let (yr, yra) = Gen::acc(&y, &ys, false);
                l1.body = vec![st(format!("{tw} = {xt} * {c1};"), vec![xa, twa])];
                l2.body = vec![st(
                    format!("{yw} = {tr} * {c2} + {yr};"),
                    vec![tra, yra, ywa],
                )];
                let produced: Vec<i128> = self
                    .written(&[Node::Loop(l1.clone())], &t)
                    .into_iter()
                    .collect();
                if variant == 2 {
                    self.feats.insert("pp-temporary-pragma-inactive");
                    let taken = if self.rng.chance(50) { 1 } else { 2 };
                    let g = self.pp_group(
                        &[format!("#pragma nestor temporary({t})"), String::new()],
                        taken,
                    );
                    self.kbody.push_str(&g);
                }
                self.emit(&[Node::Loop(l1), Node::Loop(l2)]);
                if variant != 2
                    && let Some(k) = produced.first().copied()
                {
                    let o = self.out_d();
                    let read = format!("  {o} = {t}[{k}];");
                    let other = match self.rng.below(3) {
                        0 => String::new(),
                        1 => format!("  {o} = 1.0;"),
                        _ => {
                            let k2 = produced[self.rng.below(produced.len())];
                            format!("  {o} = {t}[{k2}] * 0.5;")
                        }
                    };
                    let live = self.rng.chance(50);
                    self.feats.insert(if live {
                        "pp-temp-read-live"
                    } else {
                        "pp-temp-read-dead"
                    });
                    let g = if self.rng.chance(50) {
                        self.pp_group(&[read, other], if live { 0 } else { 1 })
                    } else if other.is_empty() {
                        self.pp_group(&[read], if live { 0 } else { 1 })
                    } else {
                        self.pp_group(&[other, read], if live { 1 } else { 0 })
                    };
                    self.kbody.push_str(&g);
                }
            }
            1 => {
                // the iterator, declared in the kernel, read after the nest in a group
                self.feats.insert("pp-iterator-read");
                let mut l = self.header(var, lo, hi, Want::NotHeader, true);
                let r = self.ranges(&[Node::Loop(l.clone())])?;
                let xs = self.subs_var(var, l.id, &r, self.sz, &[0]);
                let (xt, xa) = Gen::acc(&x, &xs, false);
                let (yw, ywa) = Gen::acc(&y, &xs, true);
                l.body = vec![st(format!("{yw} = {xt} * {c1};"), vec![xa, ywa])];
                self.emit(&[Node::Loop(l)]);
                let o = self.out_i();
                let live = self.rng.chance(50);
                let g = self.pp_group(
                    &[format!("  {o} = {var};"), format!("  {o} = -1;")],
                    if live { 0 } else { 1 },
                );
                self.kbody.push_str(&g);
            }
            2 => {
                // a group inside the nest: left as written
                self.feats.insert("pp-inside-nest");
                let mut l = self.header(var, lo, hi, Want::Header, true);
                let r = self.ranges(&[Node::Loop(l.clone())])?;
                let xs = self.subs_var(var, l.id, &r, self.sz, &[0]);
                let (xt, xa) = Gen::acc(&x, &xs, false);
                let (yw, ywa) = Gen::acc(&y, &xs, true);
                let taken = self.rng.below(2);
                let g = self.pp_group(
                    &[
                        format!("    {yw} = {xt} * {c1}; {REFUSE_MARK}"),
                        format!("    {yw} = {xt} + {c2}; {REFUSE_MARK}"),
                    ],
                    taken,
                );
                l.body = vec![st(g.trim_end().to_string(), vec![xa, ywa])];
                l.braces = true;
                self.emit(&[Node::Loop(l)]);
            }
            3 => {
                // half a declaration of a global array
                self.feats.insert("pp-half-declaration");
                let h = self.fresh("H");
                let text = match self.rng.below(3) {
                    0 => {
                        let g = self.pp_group(&["double".into(), "float".into()], 0);
                        format!("static\n{g}{h}[{szt}];")
                    }
                    1 => {
                        let g = self.pp_group(&["float".into(), "double".into()], 1);
                        format!("{g}{h}[{szt}];")
                    }
                    _ => {
                        let taken = self.rng.below(2);
                        let g = self.pp_group(&["static".into()], taken);
                        format!("{g}double {h}[{szt}];")
                    }
                };
                self.globals.push(text);
                self.add_garr(&h, Elem::Double, vec![self.sz]);
                let mut l1 = self.header(var, lo, hi, Want::Header, true);
                let mut l2 = self.twin(&l1);
                let r = self.ranges(&[Node::Loop(l1.clone()), Node::Loop(l2.clone())])?;
                let hs = self.subs_var(var, l1.id, &r, self.sz, &[0]);
                let d = self.rng.range(-1, 1);
                let hs2 = self.subs_var(var, l2.id, &r, self.sz, &[d]);
                let ys = self.subs_var(var, l2.id, &r, self.sz, &[0]);
                let (hw, hwa) = Gen::acc(&h, &hs, true);
                let (xt, xa) = Gen::acc(&x, &hs, false);
                let (hr, hra) = Gen::acc(&h, &hs2, false);
                let (yw, ywa) = Gen::acc(&y, &ys, true);
                l1.body = vec![st(format!("{hw} = {xt} * {c1};"), vec![xa, hwa])];
                l2.body = vec![st(format!("{yw} = {hr} + {c2};"), vec![hra, ywa])];
                self.emit(&[Node::Loop(l1), Node::Loop(l2)]);
            }
            4 if self.kparams.len() < 6 => {
                // half a declaration of the kernel parameter the bound reads
                self.feats.insert("pp-half-parameter");
                let n = self.fresh("n");
                let v = hi + 1;
                let (active, t) = *self.rng.pick(&[("int", Ty::I32), ("long", Ty::I64)]);
                let inactive = *self.rng.pick(&["unsigned", "short", "unsigned long"]);
                let (a, b) = (format!("    {active} {n}"), format!("    {inactive} {n}"));
                let g = if self.rng.chance(50) {
                    self.pp_group(&[a, b], 0)
                } else {
                    self.pp_group(&[b, a], 1)
                };
                self.kparams.push(KParam {
                    decl: format!("\n{g}"),
                    arg: v.to_string(),
                });
                self.env.set(&n, t, v as i128);
                let mut l = self.plain_loop(var, lo, &n);
                let r = self.ranges(&[Node::Loop(l.clone())])?;
                let xs = self.subs_var(var, l.id, &r, self.sz, &[0, 1]);
                let (xt, xa) = Gen::acc(&x, &xs[1..], false);
                let (yw, ywa) = Gen::acc(&y, &xs[..1], true);
                let (yr, yra) = Gen::acc(&y, &xs[..1], false);
                l.body = vec![st(
                    format!("{yw} = {yr} * {c1} + {xt};"),
                    vec![xa, yra, ywa],
                )];
                self.emit(&[Node::Loop(l)]);
            }
            _ => {
                // the iterator's typedef chosen by a group (a `short` one is refused)
                self.feats.insert("pp-iterator-typedef");
                let td = self.fresh("it_t");
                let (active, t, inactive) = *self.rng.pick(&[
                    ("long", Ty::I64, "short"),
                    ("int", Ty::I32, "short"),
                    ("short", Ty::I16, "long"),
                ]);
                let (a, b) = (
                    format!("typedef {active} {td};"),
                    format!("typedef {inactive} {td};"),
                );
                let g = if self.rng.chance(50) {
                    self.pp_group(&[a, b], 0)
                } else {
                    self.pp_group(&[b, a], 1)
                };
                self.top.push(g.trim_end().to_string());
                self.env.typedefs.insert(td.clone(), t);
                let mut l = self.plain_loop(var, lo, &(hi + 1).to_string());
                l.decl = Some(td);
                l.ty = t;
                let r = self.ranges(&[Node::Loop(l.clone())])?;
                let xs = self.subs_var(var, l.id, &r, self.sz, &[0]);
                let (xt, xa) = Gen::acc(&x, &xs, false);
                let (yw, ywa) = Gen::acc(&y, &xs, true);
                let mark = if t == Ty::I16 {
                    format!(" {REFUSE_MARK}")
                } else {
                    String::new()
                };
                l.body = vec![st(format!("{yw} = {xt} * {c1};{mark}"), vec![xa, ywa])];
                self.emit(&[Node::Loop(l)]);
            }
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------------------
// Constructs drawn by `Gen::extras` (appended to the kernel, from a stream of their
// own): one array passed for two parameters, or overlapping or touching parts of it;
// variable-length arrays in loops that may run no iteration; macros redefined between
// regions
// ---------------------------------------------------------------------------------

/// The cells an `alias_nodes` body touches in the first dimension of an array, for
/// size parameter `n`: `lo..n + hi`.
#[derive(Clone, Copy)]
struct Cells {
    lo: i64,
    hi: i64,
}

/// One call of an aliasing helper: the size argument, and per array parameter the
/// array passed and the offset (in the first dimension) into it.
struct AliasCall {
    n: i64,
    x: (String, i64),
    y: (String, i64),
}

impl Gen {
    /// Adds, with a generator seeded from `seed` alone (so that the blocks `build`
    /// drew before are the same), none, one or two of the later constructs at the end
    /// of the kernel; an error when the result is not a valid program.
    fn extras(&mut self, seed: u64) -> Result<(), String> {
        let mut rng = Rng::new(seed ^ 0x0a11_a5ed_7e57_0015);
        if self.returned || !rng.chance(60) {
            return Ok(());
        }
        let count = if rng.chance(25) { 2 } else { 1 };
        std::mem::swap(&mut self.rng, &mut rng);
        let mut result = Ok(());
        for _ in 0..count {
            self.spice = *self.rng.pick(&[0, 0, 5, 15]);
            result = match self.rng.weighted(&[40, 20, 25, 40, 45, 50]) {
                0 => self.block_alias_calls(),
                1 => self.block_vla_zero_trip(),
                2 => self.block_macro_redefined(),
                3 => self.block_flat_alias_calls(false),
                4 => self.block_flat_alias_calls(true),
                _ => self.block_unsigned(),
            };
            if result.is_err() {
                break;
            }
        }
        std::mem::swap(&mut self.rng, &mut rng);
        result?;
        let points = simulate(self)?;
        if points * self.calls as u64 > BUDGET {
            return Err("too many iterations".into());
        }
        Ok(())
    }

    /// A loop `for (int var = lo; var < end; var++)` around `body`.
    fn loop_around(&mut self, var: &str, lo: i64, end: &str, body: Vec<Node>) -> Node {
        let mut l = self.plain_loop(var, lo, end);
        l.body = body;
        Node::Loop(l)
    }

    /// The nests of an aliasing body on arrays `x` and `y` (and global `g` for kind
    /// 2), of size `n` (a name or a literal), and the cells they touch in `x` and `y`.
    /// Kind 0: a producer/consumer pair (fusion); 1: a read of `y` a few cells or a
    /// row and a column away (1-d: a parallel loop; 2-d: a column walk whose
    /// interchange is illegal when `y` is `x` one row on); 2: a pair that also reads
    /// and writes the global `g`. `ints`: `x` holds `unsigned`, `y` (and `g`) `int`.
    #[allow(clippy::too_many_arguments)]
    fn alias_nodes(
        &mut self,
        kind: usize,
        two_d: bool,
        ints: bool,
        x: &str,
        y: &str,
        g: Option<&str>,
        n: &str,
    ) -> (Vec<Node>, Cells, Cells) {
        let (c1, c2) = (self.coef(), self.coef());
        let v = |s: &str| s.to_string();
        if !two_d {
            let i = || vec![v("i")];
            let i1 = || vec![v("i + 1")];
            match kind {
                0 => {
                    let (s1, s2) = if ints {
                        (
                            format!("{x}[i] = (unsigned){y}[i + 1] * 3u + {x}[i];"),
                            format!("{y}[i] = (int)({x}[i + 1] % 1000u) - 7;"),
                        )
                    } else {
                        (
                            format!("{x}[i] = {y}[i + 1] * {c1} + {x}[i];"),
                            format!("{y}[i] = {x}[i + 1] + {c2};"),
                        )
                    };
                    let a1 = vec![
                        Gen::acc(y, &i1(), false).1,
                        Gen::acc(x, &i(), false).1,
                        Gen::acc(x, &i(), true).1,
                    ];
                    let a2 = vec![Gen::acc(x, &i1(), false).1, Gen::acc(y, &i(), true).1];
                    let l1 = self.loop_around("i", 0, n, vec![st(s1, a1)]);
                    let l2 = self.loop_around("i", 0, n, vec![st(s2, a2)]);
                    (vec![l1, l2], Cells { lo: 0, hi: 1 }, Cells { lo: 0, hi: 1 })
                }
                1 => {
                    let d = self.rng.range(1, 3);
                    let s1 = if ints {
                        format!("{x}[i] = (unsigned){y}[i + {d}] * 3u + (unsigned){y}[i];")
                    } else {
                        format!("{x}[i] = {y}[i + {d}] * {c1} + {y}[i];")
                    };
                    let a1 = vec![
                        Gen::acc(y, &[format!("i + {d}")], false).1,
                        Gen::acc(y, &i(), false).1,
                        Gen::acc(x, &i(), true).1,
                    ];
                    let mut nodes = vec![self.loop_around("i", 0, n, vec![st(s1, a1)])];
                    if self.rng.chance(50) {
                        let s2 = if ints {
                            format!("{y}[i] = (int)({x}[i] % 1000u) + 1;")
                        } else {
                            format!("{y}[i] = {x}[i] * {c2};")
                        };
                        let a2 = vec![Gen::acc(x, &i(), false).1, Gen::acc(y, &i(), true).1];
                        nodes.push(self.loop_around("i", 0, n, vec![st(s2, a2)]));
                    }
                    (nodes, Cells { lo: 0, hi: 0 }, Cells { lo: 0, hi: d })
                }
                _ => {
                    let g = g.expect("kind 2 has a global");
                    let (s1, s2) = if ints {
                        (
                            format!("{x}[i] = (unsigned){g}[i + 1] * 3u + (unsigned){y}[i];"),
                            format!("{g}[i] = (int)({x}[i] % 1000u) + 1;"),
                        )
                    } else {
                        (
                            format!("{x}[i] = {g}[i + 1] * {c1} + {y}[i];"),
                            format!("{g}[i] = {x}[i] * {c2} + 0.5;"),
                        )
                    };
                    let a1 = vec![
                        Gen::acc(g, &i1(), false).1,
                        Gen::acc(y, &i(), false).1,
                        Gen::acc(x, &i(), true).1,
                    ];
                    let a2 = vec![Gen::acc(x, &i(), false).1, Gen::acc(g, &i(), true).1];
                    let l1 = self.loop_around("i", 0, n, vec![st(s1, a1)]);
                    let l2 = self.loop_around("i", 0, n, vec![st(s2, a2)]);
                    (vec![l1, l2], Cells { lo: 0, hi: 0 }, Cells { lo: 0, hi: 0 })
                }
            }
        } else {
            let sub = |a: &str, b: &str| vec![v(a), v(b)];
            let nm1 = format!("{n} - 1");
            match kind {
                0 => {
                    let s1 = format!("{x}[j][i] = {y}[j][i] * {c1} + {x}[j + 1][i];");
                    let a1 = vec![
                        Gen::acc(y, &sub("j", "i"), false).1,
                        Gen::acc(x, &sub("j + 1", "i"), false).1,
                        Gen::acc(x, &sub("j", "i"), true).1,
                    ];
                    let s2 = format!("{y}[j][i] = {x}[j][i + 1] + {c2};");
                    let a2 = vec![
                        Gen::acc(x, &sub("j", "i + 1"), false).1,
                        Gen::acc(y, &sub("j", "i"), true).1,
                    ];
                    let in1 = self.loop_around("j", 0, &nm1, vec![st(s1, a1)]);
                    let in2 = self.loop_around("j", 0, &nm1, vec![st(s2, a2)]);
                    let o1 = self.loop_around("i", 0, &nm1, vec![in1]);
                    let o2 = self.loop_around("i", 0, &nm1, vec![in2]);
                    (
                        vec![o1, o2],
                        Cells { lo: 0, hi: 0 },
                        Cells { lo: 0, hi: -1 },
                    )
                }
                1 => {
                    let s1 = format!("{x}[i][j] = {y}[i + 1][j - 1] * {c1} + {x}[i][j];");
                    let a1 = vec![
                        Gen::acc(y, &sub("i + 1", "j - 1"), false).1,
                        Gen::acc(x, &sub("i", "j"), false).1,
                        Gen::acc(x, &sub("i", "j"), true).1,
                    ];
                    let inner = self.loop_around("i", 0, &nm1, vec![st(s1, a1)]);
                    let outer = self.loop_around("j", 1, n, vec![inner]);
                    (vec![outer], Cells { lo: 0, hi: -1 }, Cells { lo: 1, hi: 0 })
                }
                _ => {
                    let g = g.expect("kind 2 has a global");
                    let s1 = format!("{x}[i][j] = {g}[i][j] * {c1} + {y}[i][j];");
                    let a1 = vec![
                        Gen::acc(g, &sub("i", "j"), false).1,
                        Gen::acc(y, &sub("i", "j"), false).1,
                        Gen::acc(x, &sub("i", "j"), true).1,
                    ];
                    let s2 = format!("{g}[i][j] = {x}[i][j] * {c2};");
                    let a2 = vec![
                        Gen::acc(x, &sub("i", "j"), false).1,
                        Gen::acc(g, &sub("i", "j"), true).1,
                    ];
                    let in1 = self.loop_around("i", 0, n, vec![st(s1, a1)]);
                    let in2 = self.loop_around("i", 0, n, vec![st(s2, a2)]);
                    let o1 = self.loop_around("j", 0, n, vec![in1]);
                    let o2 = self.loop_around("j", 0, n, vec![in2]);
                    (vec![o1, o2], Cells { lo: 0, hi: 0 }, Cells { lo: 0, hi: 0 })
                }
            }
        }
    }

    /// The declaration of array parameter `name` (1-d or 2-d) of element type `et`;
    /// `read_only`: the function does not write through it (a 1-d one may be `const`).
    fn array_param(&mut self, et: &str, name: &str, two_d: bool, read_only: bool) -> String {
        let rr = self.rr_text.clone();
        if two_d {
            match self.rng.below(3) {
                0 => format!("{et} {name}[][{rr}]"),
                1 => format!("{et} (*{name})[{rr}]"),
                _ => format!("{et} {name}[{rr}][{rr}]"),
            }
        } else {
            // a pointer parameter is a 1-d array of the caller's memory, versioned under
            // the run-time overlap test like an array parameter
            let q = if read_only && self.rng.chance(60) {
                "const "
            } else {
                ""
            };
            match self.rng.weighted(&[5, 2, 2]) {
                0 => {
                    self.feats.insert(if q.is_empty() {
                        "pointer-param"
                    } else {
                        "const-pointer-param"
                    });
                    format!("{q}{et} *{name}")
                }
                1 => format!("{q}{et} {name}[]"),
                _ => format!("{q}{et} {name}[{}]", self.sz_text),
            }
        }
    }

    /// An argument for an array parameter: `arr` from row (or element) `off` on;
    /// `cast`: the parameter's elements are `unsigned` (1-d `int` arrays).
    fn array_arg(&mut self, arr: &str, off: i64, two_d: bool, cast: bool) -> String {
        let base = if cast {
            format!("(unsigned *){arr}")
        } else {
            arr.to_string()
        };
        if off == 0 {
            return base;
        }
        if two_d {
            match self.rng.below(3) {
                0 => format!("&{arr}[{off}]"),
                1 => format!("{arr} + {off}"),
                _ => {
                    self.feats.insert("alias-row-cast");
                    let et = self.dbl();
                    format!("({et} (*)[{}])&{arr}[{off}][0]", self.rr_text)
                }
            }
        } else if cast {
            match self.rng.below(2) {
                0 => format!("(unsigned *)&{arr}[{off}]"),
                _ => format!("{base} + {off}"),
            }
        } else {
            match self.rng.below(2) {
                0 => format!("&{arr}[{off}]"),
                _ => format!("{arr} + {off}"),
            }
        }
    }

    /// The offsets of one call: the array passed twice, parts of it that overlap,
    /// touch or overlap by one cell (row), or distinct arrays. `x`, `y`: the cells the
    /// body touches; `bases`: the arrays that may be passed twice; `other`: a distinct one.
    fn alias_call(
        &mut self,
        nmax: i64,
        x: Cells,
        y: Cells,
        bases: &[String],
        other: &str,
    ) -> AliasCall {
        let base = self.rng.pick(bases).clone();
        let mut n = nmax - self.rng.range(0, 1);
        let same = |o: (i64, i64)| (base.clone(), o.0, base.clone(), o.1);
        let (xa, xo, ya, yo) = match self.rng.weighted(&[25, 20, 20, 15, 12, 8]) {
            0 => {
                self.feats.insert("alias-same-array");
                same((0, 0))
            }
            1 | 2 => {
                self.feats.insert("alias-overlap");
                let o = self.rng.range(1, 3);
                n = (nmax - self.rng.range(0, o)).max(2);
                if self.rng.chance(50) {
                    same((o, 0))
                } else {
                    same((0, o))
                }
            }
            3 => {
                self.feats.insert("alias-distinct");
                if self.rng.chance(50) {
                    (base.clone(), 0, other.to_string(), 0)
                } else {
                    (other.to_string(), 0, base.clone(), 0)
                }
            }
            k => {
                // the cells of one parameter start right after the other's (or one
                // cell before their end)
                let by_one = i64::from(k == 5);
                self.feats.insert(if k == 4 {
                    "alias-touching"
                } else {
                    "alias-overlap-one"
                });
                if self.rng.chance(50) {
                    same((0, (n + x.hi - y.lo - by_one).max(0)))
                } else {
                    same(((n + y.hi - x.lo - by_one).max(0), 0))
                }
            }
        };
        AliasCall {
            n,
            x: (xa, xo),
            y: (ya, yo),
        }
    }

    /// A helper with two array parameters `x` and `y` (1-d or 2-d, of doubles, or of
    /// `unsigned` and `int`) called from the kernel two to four times: with one array
    /// passed twice (`k(n, A, A)`), overlapping parts of one array (`k(n - 1, &A[1],
    /// A)`, `(double (*)[N])&A[1][0]`), parts that touch or overlap by one cell or
    /// row, and distinct arrays; kind 2 bodies also access a global that calls may
    /// pass. Or (a quarter) such nests in the kernel itself on a kernel parameter to
    /// which `main` passes a global array the kernel accesses (or a part of it, or
    /// another array).
    fn block_alias_calls(&mut self) -> Result<(), String> {
        let two_d = self.rng.chance(45);
        let ints = !two_d && self.rng.chance(25);
        let elem = if ints { Elem::Int } else { Elem::Double };
        let ndim = if two_d { 2 } else { 1 };
        let ext = if two_d { self.rr } else { self.sz } as i64;
        let a = self.garr(elem, ndim, &[]);
        let b = self.garr(elem, ndim, &[&a]);
        let in_kernel = self.kparams.len() < 6 && self.rng.chance(25);
        let kind = if in_kernel {
            self.rng.below(2)
        } else {
            self.rng.below(3)
        };
        let g = (kind == 2).then(|| self.garr(elem, ndim, &[&a, &b]));
        let nmax = self.rng.range(4, (ext - 8) / 2);
        let (xe, ye) = if ints {
            ("unsigned".to_string(), self.ty_text(Ty::I32))
        } else {
            let e = self.dbl();
            (e.to_string(), e.to_string())
        };
        if ints {
            self.feats.insert("alias-signedness");
        }
        let dims_from = |off: i64| {
            let mut d = vec![(ext - off) as usize];
            if two_d {
                d.push(ext as usize);
            }
            d
        };
        if in_kernel {
            // x is a parameter of the kernel, y the global main passes it
            self.feats.insert("alias-kernel-param-global");
            let x = self.fresh("pk");
            let n = if self.rng.chance(40) && self.kparams.len() < 5 {
                self.param(nmax)
            } else {
                nmax.to_string()
            };
            let (nodes, xc, yc) = self.alias_nodes(kind, two_d, ints, &x, &a, None, &n);
            let call = self.alias_call(nmax, xc, yc, std::slice::from_ref(&a), &b);
            // only the parameter may be offset: y is the global itself
            let (arr, off) = if call.x.0 != a {
                (call.x.0.clone(), 0)
            } else {
                (a.clone(), call.x.1.max(call.y.1))
            };
            if nmax + xc.hi + off > ext || nmax + yc.hi > ext {
                return Err("aliasing parameter outside its array".into());
            }
            self.dims.insert(x.clone(), dims_from(off));
            let decl = self.array_param(&xe, &x, two_d, false);
            let arg = self.array_arg(&arr, off, two_d, ints);
            self.kparams.push(KParam { decl, arg });
            self.emit(&nodes);
            return Ok(());
        }
        self.feats.insert("alias-calls");
        let f = self.fresh("ka");
        let (x, y, n) = (self.fresh("x"), self.fresh("y"), self.fresh("n"));
        let (nodes, xc, yc) = self.alias_nodes(kind, two_d, ints, &x, &y, g.as_deref(), &n);
        let mut bases = vec![a.clone()];
        if let Some(g) = &g {
            self.feats.insert("alias-param-is-global");
            bases.push(g.clone());
        }
        let k = self.rng.range(2, 4);
        let calls: Vec<AliasCall> = (0..k)
            .map(|_| self.alias_call(nmax, xc, yc, &bases, &b))
            .collect();
        let xo = calls.iter().map(|c| c.x.1).max().unwrap_or(0);
        let yo = calls.iter().map(|c| c.y.1).max().unwrap_or(0);
        if nmax + xc.hi + xo > ext || nmax + yc.hi + yo > ext {
            return Err("aliasing parameter outside its array".into());
        }
        self.env.set(&n, Ty::I32, nmax as i128);
        self.dims.insert(x.clone(), dims_from(xo));
        self.dims.insert(y.clone(), dims_from(yo));
        let xd = self.array_param(&xe, &x, two_d, !writes(&nodes, &x));
        let yd = self.array_param(&ye, &y, two_d, !writes(&nodes, &y));
        let nt = self.ty_text(Ty::I32);
        let n_first = self.rng.chance(50);
        let params = if n_first {
            format!("{nt} {n}, {xd}, {yd}")
        } else {
            format!("{xd}, {yd}, {nt} {n}")
        };
        let mut text = format!("static void {f}({params})\n{{\n");
        print_nodes(&nodes, 1, &mut text);
        text.push_str("}\n");
        self.helpers.push(text);
        self.jobs.push(nodes);
        let np = (self.kparams.len() < 5 && self.rng.chance(30)).then(|| self.param(nmax));
        for c in &calls {
            let na = match &np {
                Some(p) if c.n == nmax => p.clone(),
                Some(p) => format!("{p} - {}", nmax - c.n),
                None => c.n.to_string(),
            };
            let xa = self.array_arg(&c.x.0, c.x.1, two_d, ints);
            let ya = self.array_arg(&c.y.0, c.y.1, two_d, false);
            let args = if n_first {
                format!("{na}, {xa}, {ya}")
            } else {
                format!("{xa}, {ya}, {na}")
            };
            let _ = writeln!(self.kbody, "  {f}({args});");
        }
        Ok(())
    }

    /// A helper whose first nest declares a variable-length array in the body of a
    /// loop (`for (i = 0; i < n; i++) { double row[m]; ... }`), followed in the same
    /// region (mostly) by a nest that calls a function of the file; the kernel calls
    /// it once with sizes that run the loop, and once or twice with `n <= 0` and an
    /// `m` that is not a valid size (0, negative, or far larger than the stack) and
    /// that the original therefore never uses.
    fn block_vla_zero_trip(&mut self) -> Result<(), String> {
        self.feats.insert("vla-zero-trip");
        let p = self.garr(Elem::Double, 2, &[]);
        let q = self.garr(Elem::Double, 2, &[&p]);
        let rr = self.rr as i64;
        let f = self.fresh("kv");
        let (nn, mm, pp) = (self.fresh("vn"), self.fresh("vm"), self.fresh("vp"));
        let (n1, m1, p1) = (
            self.rng.range(2, rr - 1),
            self.rng.range(2, rr),
            self.rng.range(2, rr),
        );
        self.env.set(&nn, Ty::I32, n1 as i128);
        self.env.set(&mm, Ty::I32, m1 as i128);
        self.env.set(&pp, Ty::I32, p1 as i128);
        let row = self.fresh("row");
        self.dims.insert(row.clone(), vec![m1 as usize]);
        let dt = self.dbl();
        let (c1, c2) = (self.coef(), self.coef());
        let sub = |a: &str, b: &str| vec![a.to_string(), b.to_string()];
        let (pr, pra) = Gen::acc(&p, &sub("i", "j"), false);
        let (rw, rwa) = Gen::acc(&row, &["j".into()], true);
        let fill = self.loop_around(
            "j",
            0,
            &mm,
            vec![st(format!("{rw} = {pr} * {c1};"), vec![pra, rwa])],
        );
        let (qw, qwa) = Gen::acc(&q, &sub("j", "i"), true);
        let (r0, r0a) = Gen::acc(&row, &["j".into()], false);
        let (r1, r1a) = Gen::acc(&row, &[format!("{mm} - 1 - j")], false);
        let read = self.loop_around(
            "j",
            0,
            &mm,
            vec![st(
                format!("{qw} = {r0} * {c2} + {r1};"),
                vec![r0a, r1a, qwa],
            )],
        );
        let mut outer = self.plain_loop("i", 0, &nn);
        outer.braces = true;
        outer.body = vec![st(format!("{dt} {row}[{mm}];"), vec![]), fill, read];
        let mut nodes = vec![Node::Loop(outer)];
        if self.rng.chance(75) {
            // a call in the same region: at -O0 it pushes onto the stack
            self.feats.insert("vla-zero-trip-call");
            let tw = self.fresh("tw");
            self.fns.push(format!(
                "static double {tw}(double v)\n{{\n  return v * 0.5 + 0.25;\n}}\n"
            ));
            self.fn_names.insert(tw.clone());
            let r = self.garr(Elem::Double, 2, &[&p, &q]);
            let (rr_, rra) = Gen::acc(&r, &sub("i", "j"), false);
            let (rw2, rwa2) = Gen::acc(&r, &sub("i", "j"), true);
            let (pr2, pra2) = Gen::acc(&p, &sub("i", "j"), false);
            let s = st(
                format!("{rw2} = {tw}({rr_}) + {pr2} * {c1};"),
                vec![rra, pra2, rwa2],
            );
            let inner = self.loop_around("i", 0, &pp, vec![s]);
            nodes.push(self.loop_around("j", 0, &pp, vec![inner]));
        }
        let mut text = format!("static void {f}(int {nn}, int {mm}, int {pp})\n{{\n");
        print_nodes(&nodes, 1, &mut text);
        text.push_str("}\n");
        self.helpers.push(text);
        self.jobs.push(nodes);
        let mut calls = vec![format!("{n1}, {m1}, {p1}")];
        for _ in 0..self.rng.range(1, 2) {
            let (n0, m0) = match self.rng.below(4) {
                0 => (0, -*self.rng.pick(&[1, 3, 1000, 1_000_000])),
                1 => (-self.rng.range(1, 3), 0),
                2 => (-1, -*self.rng.pick(&[2, 2_000_000])),
                _ => (0, *self.rng.pick(&[3_000_000, 40_000_000])),
            };
            calls.push(format!("{n0}, {m0}, {p1}"));
        }
        if self.rng.chance(50) {
            calls.reverse();
        }
        for c in calls {
            let _ = writeln!(self.kbody, "  {f}({c});");
        }
        Ok(())
    }

    /// Two loops on `x` and `y` of `hi` iterations, reading macro `k`: in a subscript
    /// (`use_` 0), as a value (1) or in the second loop's bound (2); `mark`: the line
    /// that reads it carries `REFUSE_MARK`.
    fn macro_pair(
        &mut self,
        x: &str,
        y: &str,
        hi: &str,
        k: &str,
        use_: usize,
        mark: bool,
    ) -> Vec<Node> {
        let (c1, c2) = (self.coef(), self.coef());
        let m = if mark {
            format!(" {REFUSE_MARK}")
        } else {
            String::new()
        };
        let i = || vec!["i".to_string()];
        let v1 = if use_ == 1 {
            format!("{k}{m}")
        } else {
            "1.0".to_string()
        };
        let s1 = st(
            format!("{x}[i] = {y}[i] * {c1} + {v1};"),
            vec![Gen::acc(y, &i(), false).1, Gen::acc(x, &i(), true).1],
        );
        let (xs, end2, m2) = match use_ {
            0 => (format!("i + {k}"), hi.to_string(), m.clone()),
            2 => ("i + 1".to_string(), format!("{hi} + {k}"), m.clone()),
            _ => ("i + 1".to_string(), hi.to_string(), String::new()),
        };
        let s2 = st(
            format!("{y}[i] = {x}[{xs}] * {c2};{m2}"),
            vec![
                Gen::acc(x, std::slice::from_ref(&xs), false).1,
                Gen::acc(y, &i(), true).1,
            ],
        );
        let l1 = self.loop_around("i", 0, hi, vec![s1]);
        let l2 = self.loop_around("i", 0, &end2, vec![s2]);
        vec![l1, l2]
    }

    /// A macro defined as a constant and read by a region of the kernel, then
    /// `#undef`ined and defined again before the next region: as another constant
    /// (a fusion's legal shift depends on it), or as a call of a function that counts
    /// its calls (`#define K (next())`), which nestor must not rewrite.
    fn block_macro_redefined(&mut self) -> Result<(), String> {
        let k = self.fresh("KM");
        let x = self.garr(Elem::Double, 1, &[]);
        let y = self.garr(Elem::Double, 1, &[&x]);
        let v1 = self.rng.range(1, 5);
        let h = self.rng.range(6, self.sz as i64 - 8);
        if self.rng.chance(50) {
            self.top.push(format!("#define {k} {v1}"));
        } else {
            let _ = writeln!(self.kbody, "#define {k} {v1}");
        }
        self.env.define(&k, None, &v1.to_string());
        let hi = if self.kparams.len() < 5 && self.rng.chance(30) {
            self.param(h)
        } else {
            h.to_string()
        };
        let u1 = self.rng.below(3);
        let first = self.macro_pair(&x, &y, &hi, &k, u1, false);
        self.emit(&first);
        let (x2, y2) = if self.rng.chance(50) {
            (x, y)
        } else {
            let x2 = self.garr(Elem::Double, 1, &[]);
            let y2 = self.garr(Elem::Double, 1, &[&x2]);
            (x2, y2)
        };
        let u2 = self.rng.below(3);
        let (body, sim, mark) = if self.rng.chance(50) {
            self.feats.insert("macro-redefined-constant");
            let mut v2 = self.rng.range(1, 6);
            if v2 == v1 {
                v2 += 1;
            }
            let b = if self.rng.chance(50) {
                v2.to_string()
            } else {
                format!("({v2})")
            };
            (b, v2.to_string(), false)
        } else {
            self.feats.insert("macro-redefined-side-effect");
            let next = self.fresh("next");
            let cnt = format!("g_{next}");
            self.globals.push(format!("int {cnt};"));
            self.gscalars.push((cnt.clone(), false));
            self.fns.push(format!(
                "static int {next}(void)\n{{\n  {cnt} += 1;\n  return {cnt} % 3 + 1;\n}}\n"
            ));
            self.fn_names.insert(next.clone());
            // the simulation reads the largest value the call returns
            (format!("({next}())"), "3".to_string(), true)
        };
        let _ = writeln!(self.kbody, "#undef {k}\n#define {k} {body}");
        let mut second = vec![Node::SimDefine(k.clone(), sim)];
        second.extend(self.macro_pair(&x2, &y2, &hi, &k, u2, mark));
        self.emit(&second);
        Ok(())
    }
}

// ---------------------------------------------------------------------------------
// Flat subscripts of pointer parameters (issue 27): 2-d and 3-d arrays linearized by
// hand (`x[i * RR + j]`, `x[(b * T + t) * C + c]`) in helpers whose pointer
// parameters calls point into one 2-d global array (overlapping, touching, the same
// cells) or into distinct ones
// ---------------------------------------------------------------------------------

/// How a flat array is subscripted: `x[row * L + col]` (`L` as written), `x[(b * T +
/// t) * C + c]` or, in `sum` percent of the accesses, `x[b * T * C + t * C + c]`; or a
/// 2-d global `A[row][col]`.
#[derive(Clone)]
enum FlatShape {
    Rows(String),
    Blocks { t: String, c: String, sum: u32 },
    Two,
}

impl Gen {
    /// The access of `arr` of shape `shape` at `idx` (row and column; block, row and
    /// column for `Blocks`).
    fn flat_acc(
        &mut self,
        arr: &str,
        shape: &FlatShape,
        idx: &[&str],
        write: bool,
    ) -> (String, Access) {
        let par = |e: &str| {
            if e.contains(' ') {
                format!("({e})")
            } else {
                e.to_string()
            }
        };
        let sub = match shape {
            FlatShape::Two => {
                return Gen::acc(arr, &[idx[0].to_string(), idx[1].to_string()], write);
            }
            FlatShape::Rows(l) => {
                if idx[0].contains(' ') {
                    self.feats.insert("flat-next-row");
                }
                format!("{} * {l} + {}", par(idx[0]), idx[1])
            }
            FlatShape::Blocks { t, c, sum } => {
                if self.rng.chance(*sum) {
                    self.feats.insert("flat-3-level-sum-form");
                    format!(
                        "{} * {t} * {c} + {} * {c} + {}",
                        par(idx[0]),
                        par(idx[1]),
                        idx[2]
                    )
                } else {
                    format!("({} * {t} + {}) * {c} + {}", par(idx[0]), idx[1], idx[2])
                }
            }
        };
        Gen::acc(arr, &[sub], write)
    }

    /// A statement `text` where each `{k}` is access `k` of `accs` (array, shape
    /// index, subscripts, whether written).
    fn flat_stmt(&mut self, text: &str, accs: &[(&str, &FlatShape, &[&str], bool)]) -> Node {
        let mut out = text.to_string();
        let mut acc = Vec::new();
        for (k, (arr, shape, idx, write)) in accs.iter().enumerate() {
            let (t, a) = self.flat_acc(arr, shape, idx, *write);
            out = out.replace(&format!("{{{k}}}"), &t);
            acc.push(a);
        }
        st(out, acc)
    }

    /// The nests of a flat aliasing body on `x` (shape `xs`) and `y` (shape `ys`: `xs`
    /// or, in the kernel, `Two`) for `n` rows (blocks). Rows kinds: 0, a
    /// producer/consumer pair (the consumer reads the next row); 1, a column walk
    /// reading `y` one row on and one column back; 2, a stencil swept twice; 3, a pair
    /// that also reads and writes the 2-d global `g`. Blocks kinds: 0, a pair (the
    /// second nest reads the next column); 1, a read of the next row of a block; the
    /// loops of a nest in any order.
    #[allow(clippy::too_many_arguments)]
    fn flat_nodes(
        &mut self,
        kind: usize,
        x: &str,
        xs: &FlatShape,
        y: &str,
        ys: &FlatShape,
        g: Option<&str>,
        n: &str,
    ) -> Vec<Node> {
        let (c1, c2) = (self.coef(), self.coef());
        let nm1 = format!("{n} - 1");
        if let FlatShape::Blocks { t, c, .. } = xs {
            let (t, c) = (t.clone(), c.clone());
            let tm1 = format!("{t} - 1");
            let cm1 = format!("{c} - 1");
            let mut order = [0, 1, 2];
            for k in (1..3).rev() {
                let j = self.rng.below(k + 1);
                order.swap(k, j);
            }
            let nest = |g: &mut Gen, bounds: [&str; 3], body: Node| {
                let vars = ["b", "t", "c"];
                let mut node = body;
                for &k in order.iter().rev() {
                    node = g.loop_around(vars[k], 0, bounds[k], vec![node]);
                }
                node
            };
            let (b_, t_, c_) = ("b", "t", "c");
            if kind == 0 {
                let s1 = self.flat_stmt(
                    &format!("{{0}} = {{1}} * {c1} + {{2}};"),
                    &[
                        (x, xs, &[b_, t_, c_], true),
                        (y, ys, &[b_, t_, c_], false),
                        (x, xs, &[b_, t_, c_], false),
                    ],
                );
                let mut nodes = vec![nest(self, [n, &t, &c], s1)];
                if self.rng.chance(60) {
                    let s2 = self.flat_stmt(
                        &format!("{{0}} = {{1}} * {c2} + {{2}};"),
                        &[
                            (y, ys, &[b_, t_, c_], true),
                            (x, xs, &[b_, t_, "c + 1"], false),
                            (y, ys, &[b_, t_, c_], false),
                        ],
                    );
                    nodes.push(nest(self, [n, &t, &cm1], s2));
                }
                return nodes;
            }
            let s1 = self.flat_stmt(
                &format!("{{0}} = {{1}} * {c1} + {{2}};"),
                &[
                    (x, xs, &[b_, t_, c_], true),
                    (y, ys, &[b_, "t + 1", c_], false),
                    (x, xs, &[b_, t_, c_], false),
                ],
            );
            return vec![nest(self, [n, &tm1, &c], s1)];
        }
        let FlatShape::Rows(lt) = xs else {
            unreachable!("x is flat")
        };
        let lt = lt.clone();
        let ltm1 = format!("{lt} - 1");
        match kind {
            0 => {
                let s1 = self.flat_stmt(
                    &format!("{{0}} = {{1}} * {c1} + {{2}};"),
                    &[
                        (x, xs, &["i", "j"], true),
                        (y, ys, &["i", "j + 1"], false),
                        (x, xs, &["i", "j"], false),
                    ],
                );
                let s2 = self.flat_stmt(
                    &format!("{{0}} = {{1}} + {c2};"),
                    &[(y, ys, &["i", "j"], true), (x, xs, &["i + 1", "j"], false)],
                );
                let in1 = self.loop_around("j", 0, &ltm1, vec![s1]);
                let in2 = self.loop_around("j", 0, &ltm1, vec![s2]);
                let o1 = self.loop_around("i", 0, n, vec![in1]);
                let o2 = self.loop_around("i", 0, n, vec![in2]);
                vec![o1, o2]
            }
            1 => {
                let s1 = self.flat_stmt(
                    &format!("{{0}} = {{1}} * {c1} + {{2}};"),
                    &[
                        (x, xs, &["i", "j"], true),
                        (y, ys, &["i + 1", "j - 1"], false),
                        (x, xs, &["i", "j"], false),
                    ],
                );
                let inner = self.loop_around("i", 0, &nm1, vec![s1]);
                vec![self.loop_around("j", 1, &lt, vec![inner])]
            }
            2 => {
                let s1 = self.flat_stmt(
                    &format!("{{0}} = ({{1}} + {{2}} + {{3}}) * {c1} + {{4}} * {c2};"),
                    &[
                        (x, xs, &["i", "j"], true),
                        (y, ys, &["i - 1", "j"], false),
                        (y, ys, &["i", "j - 1"], false),
                        (y, ys, &["i + 1", "j"], false),
                        (x, xs, &["i", "j"], false),
                    ],
                );
                let inner = self.loop_around("j", 1, &ltm1, vec![s1]);
                let mid = self.loop_around("i", 1, &nm1, vec![inner]);
                vec![self.loop_around("t", 0, "2", vec![mid])]
            }
            _ => {
                let g = g.expect("kind 3 has a global");
                let two = FlatShape::Two;
                let s1 = self.flat_stmt(
                    &format!("{{0}} = {{1}} * {c1} + {{2}};"),
                    &[
                        (x, xs, &["i", "j"], true),
                        (g, &two, &["i", "j"], false),
                        (y, ys, &["i", "j"], false),
                    ],
                );
                let s2 = self.flat_stmt(
                    &format!("{{0}} = {{1}} * {c2};"),
                    &[(g, &two, &["i", "j"], true), (x, xs, &["i", "j"], false)],
                );
                let in1 = self.loop_around("j", 0, &lt, vec![s1]);
                let in2 = self.loop_around("j", 0, &lt, vec![s2]);
                let o1 = self.loop_around("i", 0, n, vec![in1]);
                let o2 = self.loop_around("i", 0, n, vec![in2]);
                vec![o1, o2]
            }
        }
    }

    /// The first and last cell (row-major offset) each array of `nodes` touches, run
    /// with the environment as it is; the arrays of `flat` are unbounded.
    fn touched(
        &self,
        nodes: &[Node],
        flat: &[&str],
    ) -> Result<HashMap<String, (i128, i128)>, String> {
        let mut dims = self.dims.clone();
        for f in flat {
            dims.insert(f.to_string(), vec![1 << 40]);
        }
        let mut sim = Sim {
            env: self.env.clone(),
            dims: &dims,
            naive: false,
            check: true,
            points: 0,
            ranges: HashMap::new(),
            rec_arr: None,
            rec: BTreeSet::new(),
            cache: HashMap::new(),
            touch: Some(HashMap::new()),
        };
        sim.run(nodes)?;
        Ok(sim.touch.unwrap_or_default())
    }

    /// A pointer to cell `off` (row-major) of the 2-d global `arr`: `(double *)A`,
    /// `A[0]`, `&A[1][0]`, `A[1] + 2`, `(double *)A + 3`, ...
    fn flat_arg(&mut self, arr: &str, off: i64) -> String {
        let rr = self.rr as i64;
        let (r, c) = (off / rr, off % rr);
        let k = match (off, c) {
            (0, _) => self.rng.below(4),
            (_, 0) => 4 + self.rng.below(4),
            _ => 8 + self.rng.below(3),
        };
        if matches!(k, 0 | 6 | 7 | 10) {
            self.feats.insert("flat-arg-cast");
        }
        let d = self.dbl();
        match k {
            0 => format!("({d} *){arr}"),
            1 => format!("{arr}[0]"),
            2 => format!("&{arr}[0][0]"),
            3 => format!("*{arr}"),
            4 => format!("&{arr}[{r}][0]"),
            5 => format!("{arr}[{r}]"),
            6 => format!("({d} *)({arr} + {r})"),
            7 => format!("({d} *){arr} + {off}"),
            8 => format!("&{arr}[{r}][{c}]"),
            9 => format!("{arr}[{r}] + {c}"),
            _ => format!("({d} *){arr} + {off}"),
        }
    }

    /// The cell offsets into 2-d globals of one call of a flat helper: `x` and `y`
    /// (first and last cell relative to each pointer) in the same array (`bases`),
    /// overlapping by a few cells or a row, touching or overlapping by one cell, or in
    /// distinct arrays (`other`). A choice that leaves the array (`total` cells) falls
    /// back to the same pointer twice.
    fn flat_call(
        &mut self,
        x: (i128, i128),
        y: (i128, i128),
        bases: &[String],
        other: &str,
        total: i64,
    ) -> (&'static str, (String, i64), (String, i64)) {
        let base = self.rng.pick(bases).clone();
        let rr = self.rr as i64;
        let o = |s: &str| s.to_string();
        let (label, xa, xo, ya, yo) = match self.rng.weighted(&[20, 30, 15, 20, 15]) {
            0 => ("flat-same-array", o(&base), 0, o(&base), 0),
            1 => {
                let off = *self.rng.pick(&[rr, rr, 1, 3, rr + 2, 2 * rr]);
                if self.rng.chance(50) {
                    ("flat-overlap", o(&base), off, o(&base), 0)
                } else {
                    ("flat-overlap", o(&base), 0, o(&base), off)
                }
            }
            2 => {
                if self.rng.chance(50) {
                    ("flat-distinct", o(&base), 0, o(other), 0)
                } else {
                    ("flat-distinct", o(other), 0, o(&base), 0)
                }
            }
            k => {
                let by_one = i128::from(k == 4);
                let label = if k == 3 {
                    "flat-touching"
                } else {
                    "flat-overlap-one"
                };
                if self.rng.chance(50) {
                    let yo = (x.1 + 1 - y.0 - by_one).max(0) as i64;
                    (label, o(&base), 0, o(&base), yo)
                } else {
                    let xo = (y.1 + 1 - x.0 - by_one).max(0) as i64;
                    (label, o(&base), xo, o(&base), 0)
                }
            }
        };
        let fits = |off: i64, r: (i128, i128)| off as i128 + r.1 < total as i128;
        if fits(xo, x) && fits(yo, y) {
            (label, (xa, xo), (ya, yo))
        } else {
            ("flat-same-array", (base.clone(), 0), (base, 0))
        }
    }

    /// A helper with flat pointer parameters (`double *x`, `const double *y`) that it
    /// subscripts as 2-d arrays of rows of `RR` (a macro, a literal or a parameter `m`
    /// of the helper) or as 3-d ones (`x[(b * T + t) * C + c]`), called two to four
    /// times with pointers into 2-d globals: the same cells (`(double *)A`, `A[0]`),
    /// overlapping ones (`&A[1][0]`, `A[0] + 3`), touching ones, distinct arrays. Or
    /// (a fifth of the 2-d ones) such nests in the kernel on a pointer parameter of the
    /// kernel beside the 2-d global `main` points it into.
    fn block_flat_alias_calls(&mut self, view: bool) -> Result<(), String> {
        self.feats.insert("flat-subscript");
        if view {
            self.feats.insert("view");
        }
        let rr = self.rr as i64;
        let total = rr * rr;
        let a = self.garr(Elem::Double, 2, &[]);
        let b = self.garr(Elem::Double, 2, &[&a]);
        let three = self.rng.chance(if view { 35 } else { 25 });
        if !three && self.kparams.len() < 5 && self.rng.chance(if view { 30 } else { 20 }) {
            return self.flat_in_kernel(&a, &b, view);
        }
        let et = self.dbl();
        let (f, x, y, n) = (
            self.fresh(if view { "kv" } else { "kf" }),
            self.fresh("x"),
            self.fresh("y"),
            self.fresh("n"),
        );
        // the size parameters of the helper: declaration and argument
        let mut sizes: Vec<(String, String)> = Vec::new();
        let (xs, kind, nmax) = if three {
            self.feats.insert("flat-3-level");
            let (tv, cv) = (self.rng.range(2, 5), self.rng.range(3, 8));
            if view {
                self.feats.insert("view-3-level");
            }
            let mut names = Vec::new();
            for (p, v) in [("TB", tv), ("CB", cv)] {
                names.push(match self.rng.below(3) {
                    0 => v.to_string(),
                    1 => {
                        let m = self.fresh(p);
                        self.define(&m, &v.to_string());
                        m
                    }
                    _ => {
                        self.feats.insert("flat-size-param");
                        let m = self.fresh(&p.to_lowercase());
                        self.env.set(&m, Ty::I32, v as i128);
                        let tt = self.ty_text(Ty::I32);
                        sizes.push((format!("{tt} {m}"), v.to_string()));
                        m
                    }
                });
            }
            let sum = *self.rng.pick(&[0, 0, 30, 100]);
            let hi = (total / (2 * tv * cv)).clamp(2, 10);
            let shape = FlatShape::Blocks {
                t: names[0].clone(),
                c: names[1].clone(),
                sum,
            };
            (shape, self.rng.below(2), self.rng.range(2, hi))
        } else {
            let (lv, lt) = match self.rng.weighted(&[3, 2, 3]) {
                0 => (rr, self.rr_text.clone()),
                1 => (rr, rr.to_string()),
                _ => {
                    self.feats.insert("flat-row-param");
                    let m = self.fresh("m");
                    let mv = if self.rng.chance(60) {
                        rr
                    } else {
                        self.rng.range(5, rr - 1)
                    };
                    self.env.set(&m, Ty::I32, mv as i128);
                    let tt = self.ty_text(Ty::I32);
                    sizes.push((format!("{tt} {m}"), mv.to_string()));
                    (mv, m)
                }
            };
            let kind = self.rng.below(4);
            let mut hi = ((total / lv - 4) / 2).clamp(4, 2 * rr);
            if kind == 3 {
                hi = hi.min(rr - 1);
            }
            (FlatShape::Rows(lt), kind, self.rng.range(4, hi))
        };
        let g = (kind == 3 && !three && !view).then(|| self.garr(Elem::Double, 2, &[&a, &b]));
        let nodes = if view {
            self.view_nodes(kind, &x, &xs, &y, &n)
        } else {
            self.flat_nodes(kind, &x, &xs, &y, &xs, g.as_deref(), &n)
        };
        let mut bases = vec![a.clone()];
        if let Some(g) = &g {
            self.feats.insert("flat-global-in-helper");
            bases.push(g.clone());
        }
        let k = self.rng.range(2, 4);
        let mut calls = Vec::new();
        for _ in 0..k {
            let nc = if self.rng.chance(60) {
                nmax
            } else {
                (nmax - self.rng.range(1, 2)).max(if three { 1 } else { 3 })
            };
            self.env.set(&n, Ty::I32, nc as i128);
            let t = self.touched(&nodes, &[&x, &y])?;
            let (Some(xc), Some(yc)) = (t.get(&x).copied(), t.get(&y).copied()) else {
                return Err("a flat parameter is not accessed".into());
            };
            let (label, xp, yp) = self.flat_call(xc, yc, &bases, &b, total);
            self.feats.insert(label);
            if view {
                self.feats.insert(view_label(label));
            }
            calls.push((nc, xp, yp));
        }
        self.env.set(&n, Ty::I32, nmax as i128);
        // every call stays inside its arrays (checked above, call by call): the
        // simulation of the body with the largest size checks the rest
        self.dims.insert(x.clone(), vec![total as usize]);
        self.dims.insert(y.clone(), vec![total as usize]);
        let decl = |g: &mut Gen, p: &str, read_only: bool| {
            let q = if read_only && g.rng.chance(60) {
                g.feats.insert("flat-const-param");
                "const "
            } else {
                ""
            };
            if g.rng.chance(20) {
                g.feats.insert("flat-array-param");
                format!("{q}{et} {p}[]")
            } else {
                g.feats.insert("pointer-param");
                format!("{q}{et} *{p}")
            }
        };
        let xd = decl(self, &x, false);
        let yd = decl(self, &y, !writes(&nodes, &y));
        let nt = self.ty_text(Ty::I32);
        let n_first = self.rng.chance(50);
        let mut params = vec![xd, yd];
        let mut ns = vec![format!("{nt} {n}")];
        ns.extend(sizes.iter().map(|s| s.0.clone()));
        if n_first {
            ns.append(&mut params);
            params = ns;
        } else {
            params.append(&mut ns);
        }
        let mut text = format!("static void {f}({})\n{{\n", params.join(", "));
        print_nodes(&nodes, 1, &mut text);
        text.push_str("}\n");
        self.helpers.push(text);
        self.jobs.push(nodes);
        let np = (self.kparams.len() < 5 && self.rng.chance(30)).then(|| self.param(nmax));
        for (nc, (xa, xo), (ya, yo)) in calls {
            let na = match &np {
                Some(p) if nc == nmax => p.clone(),
                Some(p) => format!("{p} - {}", nmax - nc),
                None => nc.to_string(),
            };
            let xa = self.flat_arg(&xa, xo);
            let ya = self.flat_arg(&ya, yo);
            let mut args = vec![xa, ya];
            let mut ns = vec![na];
            ns.extend(sizes.iter().map(|s| s.1.clone()));
            if n_first {
                ns.append(&mut args);
                args = ns;
            } else {
                args.append(&mut ns);
            }
            let _ = writeln!(self.kbody, "  {f}({});", args.join(", "));
        }
        Ok(())
    }

    /// Nests in the kernel on a pointer parameter `pk` of the kernel, subscripted flat
    /// (`pk[i * RR + j]`, the row length a macro, a literal or a parameter), beside the
    /// 2-d global `a` (`a[i][j]`) into which `main` points it (its cells, a row or a
    /// few cells on, right after the cells the nests touch) or another array `b`.
    fn flat_in_kernel(&mut self, a: &str, b: &str, view: bool) -> Result<(), String> {
        self.feats.insert(if view {
            "view-in-kernel"
        } else {
            "flat-kernel-param-global"
        });
        let rr = self.rr as i64;
        let total = rr * rr;
        let x = self.fresh("pk");
        let lt = match self.rng.weighted(&[3, 2, 2]) {
            0 => self.rr_text.clone(),
            1 => rr.to_string(),
            _ => {
                self.feats.insert("flat-row-param");
                let mv = if self.rng.chance(60) {
                    rr
                } else {
                    self.rng.range(5, rr - 1)
                };
                self.param(mv)
            }
        };
        let kind = self.rng.below(3);
        let nmax = self.rng.range(4, (rr - 4) / 2);
        let n = if self.rng.chance(40) && self.kparams.len() < 5 {
            self.param(nmax)
        } else {
            nmax.to_string()
        };
        let xs = FlatShape::Rows(lt.clone());
        let nodes = if view {
            self.view_kernel_nodes(kind, &x, &lt, a, &n)
        } else {
            self.flat_nodes(kind, &x, &xs, a, &FlatShape::Two, None, &n)
        };
        let t = self.touched(&nodes, &[&x])?;
        let (Some(xc), Some(ac)) = (t.get(&x).copied(), t.get(a).copied()) else {
            return Err("a flat parameter is not accessed".into());
        };
        let (label, arr, off) = match self.rng.weighted(&[25, 30, 20, 15, 10]) {
            0 => ("flat-same-array", a, 0),
            1 => ("flat-overlap", a, *self.rng.pick(&[rr, 1, 3, rr + 2])),
            2 => ("flat-distinct", b, 0),
            k => {
                let by_one = i128::from(k == 4);
                let label = if k == 3 {
                    "flat-touching"
                } else {
                    "flat-overlap-one"
                };
                (label, a, (ac.1 + 1 - xc.0 - by_one).max(0) as i64)
            }
        };
        let (arr, off) = if off as i128 + xc.1 < total as i128 {
            self.feats.insert(label);
            if view {
                self.feats.insert(view_label(label));
            }
            (arr, off)
        } else if xc.1 < total as i128 {
            self.feats.insert("flat-same-array");
            if view {
                self.feats.insert("view-same-array");
            }
            (a, 0)
        } else {
            return Err("flat parameter outside its array".into());
        };
        self.dims.insert(x.clone(), vec![(total - off) as usize]);
        let et = self.dbl();
        let arg = self.flat_arg(arr, off);
        self.feats.insert("pointer-param");
        self.kparams.push(KParam {
            decl: format!("{et} *{x}"),
            arg,
        });
        self.emit(&nodes);
        Ok(())
    }
}

// ---------------------------------------------------------------------------------
// Offset views: pointers declared in loop bodies as places in flat pointer parameters
// (`double *r = x + i * RR;`, `const double *q = y + (b * T + t) * C;`, `&x[i * RR]`,
// a view of a view `q + RR`), read and written through (`r[j]`)
// ---------------------------------------------------------------------------------

/// The view counterpart of a label of `Gen::flat_call`.
fn view_label(flat: &str) -> &'static str {
    match flat {
        "flat-overlap" => "view-overlap",
        "flat-overlap-one" => "view-overlap-one",
        "flat-touching" => "view-touching",
        "flat-distinct" => "view-distinct",
        _ => "view-same-array",
    }
}

/// A pointer declared in a loop body: its name, the array it points into and its
/// offset in that array as C text the simulation reads (`i * RR`, `i * RR + RR`).
#[derive(Clone)]
struct View {
    name: String,
    arr: String,
    off: String,
}

/// An access of a statement built by `Gen::view_stmt`: through a view (`r[e]`), flat
/// (`x[i * RR + j]`) or of a 2-d array (`A[i][j]`).
enum VAcc<'a> {
    View(&'a View, &'a str, bool),
    Flat(&'a str, &'a FlatShape, &'a [&'a str], bool),
}

impl Gen {
    /// The declaration of a view `name` of `arr` at `off` (`{arr} + {off}`, `&{arr}[{off}]`
    /// or `{off} + {arr}`), `const` when it is only read.
    fn view_decl(&mut self, arr: &str, off: &str, write: bool, name: &str) -> (Node, View) {
        let place = match self.rng.weighted(&[55, 30, 15]) {
            0 => format!("{arr} + {off}"),
            1 => {
                self.feats.insert("view-address-of");
                format!("&{arr}[{off}]")
            }
            _ => {
                self.feats.insert("view-base-right");
                format!("{off} + {arr}")
            }
        };
        let q = if write { "" } else { "const " };
        let et = self.dbl();
        (
            Node::Raw(format!("{q}{et} *{name} = {place};")),
            View {
                name: name.to_string(),
                arr: arr.to_string(),
                off: off.to_string(),
            },
        )
    }

    /// A view `name` of view `v` `d` cells on (`v + d`): a view of a view.
    fn view_of_view(&mut self, v: &View, d: &str, name: &str) -> (Node, View) {
        self.feats.insert("view-of-view");
        let et = self.dbl();
        (
            Node::Raw(format!("const {et} *{name} = {} + {d};", v.name)),
            View {
                name: name.to_string(),
                arr: v.arr.clone(),
                off: format!("{} + {d}", v.off),
            },
        )
    }

    /// A statement `text` where each `{k}` is access `k` of `accs`.
    fn view_stmt(&mut self, text: &str, accs: &[VAcc]) -> Node {
        let mut out = text.to_string();
        let mut acc = Vec::new();
        for (k, a) in accs.iter().enumerate() {
            let (t, a) = match a {
                VAcc::View(v, e, write) => {
                    if *write {
                        self.feats.insert("view-write");
                    }
                    (
                        format!("{}[{e}]", v.name),
                        Access {
                            arr: v.arr.clone(),
                            subs: vec![format!("{} + {e}", v.off)],
                            write: *write,
                        },
                    )
                }
                VAcc::Flat(arr, shape, idx, write) => {
                    self.feats.insert("view-mixed-flat");
                    self.flat_acc(arr, shape, idx, *write)
                }
            };
            out = out.replace(&format!("{{{k}}}"), &t);
            acc.push(a);
        }
        st(out, acc)
    }

    /// The offset of row `r` of rows of `l`: `r * l` (`(r) * l` for a sum).
    fn row_off(r: &str, l: &str) -> String {
        if r.contains(' ') {
            format!("({r}) * {l}")
        } else {
            format!("{r} * {l}")
        }
    }

    /// `double s = 0;` (a scalar accumulator of a row), its name.
    fn accumulator(&mut self) -> (Node, String) {
        self.feats.insert("view-accumulator");
        let s = self.fresh("s");
        let et = self.dbl();
        (Node::Raw(format!("{et} {s} = 0;")), s)
    }

    /// The nests of a helper on flat parameters `x` and `y` (shape `xs`) for `n` rows
    /// (blocks) through views declared in the loop bodies. Rows kinds: 0, a row sum
    /// then a row update (`o[j] = (r[j] - s * c) * c + o[j]`); 1, a view of the next
    /// row (`q + RR`), maybe followed by a nest writing `y` through a view and reading
    /// `x` flat; 2, a producer/consumer pair, the consumer reading the next row of
    /// `x` (`&x[(i + 1) * RR]` or a view of a view); 3, a column walk with the views
    /// declared in the innermost body. Blocks kinds: 0, a row sum and update (views
    /// in the `t` body); 1, a view of the block in the `b` body and views of it in
    /// the `t` body, reading the next row.
    fn view_nodes(&mut self, kind: usize, x: &str, xs: &FlatShape, y: &str, n: &str) -> Vec<Node> {
        let (c1, c2) = (self.coef(), self.coef());
        let nm1 = format!("{n} - 1");
        if let FlatShape::Blocks { t, c, sum } = xs {
            let (t, c, sum) = (t.clone(), c.clone(), *sum);
            let tm1 = format!("{t} - 1");
            let block_off = |g: &mut Gen, b: &str, tt: &str| {
                if g.rng.chance(sum) {
                    g.feats.insert("flat-3-level-sum-form");
                    format!("{b} * {t} * {c} + {tt} * {c}")
                } else {
                    format!("({b} * {t} + {tt}) * {c}")
                }
            };
            let (o, q) = (self.fresh("o"), self.fresh("q"));
            if kind == 0 {
                let (dq, vq) = {
                    let off = block_off(self, "b", "t");
                    self.view_decl(y, &off, false, &q)
                };
                let (dout, vo) = {
                    let off = block_off(self, "b", "t");
                    self.view_decl(x, &off, true, &o)
                };
                let (da, s) = self.accumulator();
                let s1 = self.view_stmt(&format!("{s} += {{0}};"), &[VAcc::View(&vq, "c", false)]);
                let s2 = self.view_stmt(
                    &format!("{{0}} = ({{1}} - {s} * {c1}) * {c2} + {{2}};"),
                    &[
                        VAcc::View(&vo, "c", true),
                        VAcc::View(&vq, "c", false),
                        VAcc::View(&vo, "c", false),
                    ],
                );
                let l1 = self.loop_around("c", 0, &c, vec![s1]);
                let l2 = self.loop_around("c", 0, &c, vec![s2]);
                let tl = self.loop_around("t", 0, &t, vec![dq, dout, da, l1, l2]);
                return vec![self.loop_around("b", 0, n, vec![tl])];
            }
            let yb = self.fresh("yb");
            let boff = if self.rng.chance(50) {
                format!("b * {t} * {c}")
            } else {
                format!("b * ({t} * {c})")
            };
            let (dyb, vyb) = self.view_decl(y, &boff, false, &yb);
            let qoff = format!("t * {c}");
            let (dq, vq) = self.view_of_view(&vyb, &qoff, &q);
            let qn = self.fresh("qn");
            let (dqn, vqn) = self.view_of_view(&vq, &c, &qn);
            let (dout, vo) = {
                let off = block_off(self, "b", "t");
                self.view_decl(x, &off, true, &o)
            };
            let s1 = self.view_stmt(
                &format!("{{0}} = ({{1}} + {{2}}) * {c1} + {{3}};"),
                &[
                    VAcc::View(&vo, "k", true),
                    VAcc::View(&vq, "k", false),
                    VAcc::View(&vqn, "k", false),
                    VAcc::View(&vo, "k", false),
                ],
            );
            let l1 = self.loop_around("k", 0, &c, vec![s1]);
            let tl = self.loop_around("t", 0, &tm1, vec![dq, dqn, dout, l1]);
            return vec![self.loop_around("b", 0, n, vec![dyb, tl])];
        }
        let FlatShape::Rows(lt) = xs else {
            unreachable!("x is flat")
        };
        let lt = lt.clone();
        let ltm1 = format!("{lt} - 1");
        let (r, q) = (self.fresh("r"), self.fresh("q"));
        match kind {
            0 => {
                let (dq, vq) = self.view_decl(y, &Gen::row_off("i", &lt), false, &q);
                let (dr, vr) = self.view_decl(x, &Gen::row_off("i", &lt), true, &r);
                let (da, s) = self.accumulator();
                let s1 = self.view_stmt(&format!("{s} += {{0}};"), &[VAcc::View(&vq, "j", false)]);
                let s2 = self.view_stmt(
                    &format!("{{0}} = ({{1}} - {s} * {c1}) * {c2} + {{2}};"),
                    &[
                        VAcc::View(&vr, "j", true),
                        VAcc::View(&vq, "j", false),
                        VAcc::View(&vr, "j", false),
                    ],
                );
                let l1 = self.loop_around("j", 0, &lt, vec![s1]);
                let l2 = self.loop_around("j", 0, &lt, vec![s2]);
                let mut body = vec![dq, dr, da, l1, l2];
                if self.rng.chance(50) {
                    body.swap(0, 1);
                }
                vec![self.loop_around("i", 0, n, body)]
            }
            1 => {
                let (dr, vr) = self.view_decl(x, &Gen::row_off("i", &lt), true, &r);
                let (dq, vq) = self.view_decl(y, &Gen::row_off("i", &lt), false, &q);
                let qn = self.fresh("qn");
                let (dqn, vqn) = self.view_of_view(&vq, &lt, &qn);
                let s1 = self.view_stmt(
                    &format!("{{0}} = ({{1}} + {{2}}) * {c1} + {{3}};"),
                    &[
                        VAcc::View(&vr, "j", true),
                        VAcc::View(&vq, "j", false),
                        VAcc::View(&vqn, "j", false),
                        VAcc::View(&vr, "j", false),
                    ],
                );
                let l1 = self.loop_around("j", 0, &lt, vec![s1]);
                let mut nodes = vec![self.loop_around("i", 0, &nm1, vec![dr, dq, dqn, l1])];
                if self.rng.chance(60) {
                    let w = self.fresh("w");
                    let (dw, vw) = self.view_decl(y, &Gen::row_off("i", &lt), true, &w);
                    let s2 = self.view_stmt(
                        &format!("{{0}} = {{1}} * {c2} + {{2}};"),
                        &[
                            VAcc::View(&vw, "j", true),
                            VAcc::Flat(x, xs, &["i", "j + 1"], false),
                            VAcc::View(&vw, "j", false),
                        ],
                    );
                    let l2 = self.loop_around("j", 0, &ltm1, vec![s2]);
                    nodes.push(self.loop_around("i", 0, n, vec![dw, l2]));
                }
                nodes
            }
            2 => {
                let (dr, vr) = self.view_decl(x, &Gen::row_off("i", &lt), true, &r);
                let (dq, vq) = self.view_decl(y, &Gen::row_off("i", &lt), false, &q);
                let s1 = self.view_stmt(
                    &format!("{{0}} = {{1}} * {c1} + {{2}};"),
                    &[
                        VAcc::View(&vr, "j", true),
                        VAcc::View(&vq, "j + 1", false),
                        VAcc::View(&vr, "j", false),
                    ],
                );
                let l1 = self.loop_around("j", 0, &ltm1, vec![s1]);
                let o1 = self.loop_around("i", 0, n, vec![dr, dq, l1]);
                let (w, p) = (self.fresh("w"), self.fresh("p"));
                let (dw, vw) = self.view_decl(y, &Gen::row_off("i", &lt), true, &w);
                let mut body2 = vec![dw];
                let vp = if self.rng.chance(50) {
                    let (dp, vp) = self.view_decl(x, &Gen::row_off("i + 1", &lt), false, &p);
                    body2.push(dp);
                    vp
                } else {
                    let p0 = self.fresh("p");
                    let (dp0, vp0) = self.view_decl(x, &Gen::row_off("i", &lt), false, &p0);
                    let (dp, vp) = self.view_of_view(&vp0, &lt, &p);
                    body2.push(dp0);
                    body2.push(dp);
                    vp
                };
                let s2 = self.view_stmt(
                    &format!("{{0}} = {{1}} + {c2};"),
                    &[VAcc::View(&vw, "j", true), VAcc::View(&vp, "j", false)],
                );
                body2.push(self.loop_around("j", 0, &ltm1, vec![s2]));
                let o2 = self.loop_around("i", 0, n, body2);
                vec![o1, o2]
            }
            _ => {
                self.feats.insert("view-innermost");
                let (dr, vr) = self.view_decl(x, &Gen::row_off("i", &lt), true, &r);
                let (dq, vq) = self.view_decl(y, &Gen::row_off("i + 1", &lt), false, &q);
                let s1 = self.view_stmt(
                    &format!("{{0}} = {{1}} * {c1} + {{2}};"),
                    &[
                        VAcc::View(&vr, "j", true),
                        VAcc::View(&vq, "j - 1", false),
                        VAcc::View(&vr, "j", false),
                    ],
                );
                let inner = self.loop_around("i", 0, &nm1, vec![dr, dq, s1]);
                vec![self.loop_around("j", 1, &lt, vec![inner])]
            }
        }
    }

    /// The nests of the kernel on its pointer parameter `x` (rows of `lt`) through
    /// views, beside the 2-d global `a`: kind 0, a row update from `a` and a row sum
    /// written into `a`; 1, a view of the next row; 2, a column walk with the views
    /// in the innermost body.
    fn view_kernel_nodes(&mut self, kind: usize, x: &str, lt: &str, a: &str, n: &str) -> Vec<Node> {
        let (c1, c2) = (self.coef(), self.coef());
        let ltm1 = format!("{lt} - 1");
        let two = FlatShape::Two;
        let r = self.fresh("r");
        match kind {
            0 => {
                let (dr, vr) = self.view_decl(x, &Gen::row_off("i", lt), true, &r);
                let s1 = self.view_stmt(
                    &format!("{{0}} = {{1}} * {c1} + {{2}};"),
                    &[
                        VAcc::View(&vr, "j", true),
                        VAcc::Flat(a, &two, &["i", "j + 1"], false),
                        VAcc::View(&vr, "j", false),
                    ],
                );
                let l1 = self.loop_around("j", 0, &ltm1, vec![s1]);
                let o1 = self.loop_around("i", 0, n, vec![dr, l1]);
                let p = self.fresh("p");
                let (dp, vp) = self.view_decl(x, &Gen::row_off("i", lt), false, &p);
                let (da, s) = self.accumulator();
                let s2 = self.view_stmt(&format!("{s} += {{0}};"), &[VAcc::View(&vp, "j", false)]);
                let s3 = self.view_stmt(
                    &format!("{{0}} = ({{1}} - {s} * {c2}) * {c1};"),
                    &[
                        VAcc::Flat(a, &two, &["i", "j"], true),
                        VAcc::View(&vp, "j", false),
                    ],
                );
                let l2 = self.loop_around("j", 0, lt, vec![s2]);
                let l3 = self.loop_around("j", 0, lt, vec![s3]);
                let o2 = self.loop_around("i", 0, n, vec![dp, da, l2, l3]);
                vec![o1, o2]
            }
            1 => {
                let (dr, vr) = self.view_decl(x, &Gen::row_off("i", lt), true, &r);
                let rn = self.fresh("rn");
                let (drn, vrn) = self.view_of_view(&vr, lt, &rn);
                let s1 = self.view_stmt(
                    &format!("{{0}} = {{1}} * {c1} + {{2}} * {c2};"),
                    &[
                        VAcc::View(&vr, "j", true),
                        VAcc::View(&vrn, "j", false),
                        VAcc::Flat(a, &two, &["i", "j"], false),
                    ],
                );
                let l1 = self.loop_around("j", 0, lt, vec![s1]);
                let o1 = self.loop_around("i", 0, &format!("{n} - 1"), vec![dr, drn, l1]);
                let s2 = self.view_stmt(
                    &format!("{{0}} = {{1}} + {c2};"),
                    &[
                        VAcc::Flat(a, &two, &["i", "j"], true),
                        VAcc::Flat(x, &FlatShape::Rows(lt.to_string()), &["i", "j"], false),
                    ],
                );
                let l2 = self.loop_around("j", 0, lt, vec![s2]);
                vec![o1, self.loop_around("i", 0, n, vec![l2])]
            }
            _ => {
                self.feats.insert("view-innermost");
                let (dr, vr) = self.view_decl(x, &Gen::row_off("i", lt), true, &r);
                let s1 = self.view_stmt(
                    &format!("{{0}} = {{1}} * {c1} + {{2}};"),
                    &[
                        VAcc::View(&vr, "j", true),
                        VAcc::Flat(a, &two, &["i + 1", "j - 1"], false),
                        VAcc::View(&vr, "j", false),
                    ],
                );
                let inner = self.loop_around("i", 0, &format!("{n} - 1"), vec![dr, s1]);
                vec![self.loop_around("j", 1, lt, vec![inner])]
            }
        }
    }
}

// ---------------------------------------------------------------------------------
// Unsigned loop counters (issue 27, item 4): `size_t` and `unsigned` iterators and
// size parameters, subscripts computed in unsigned arithmetic (`x[i - 1]`, `x[n - i]`,
// `x[i * n + j]`, `x[(b * T + t) * C + c]`), `int` counters compared with unsigned
// bounds, fresh buffers (`malloc(n * sizeof *tmp)`), in helpers called with sizes
// where the unsigned arithmetic wraps around (0, 1, 2) and where it does not
// ---------------------------------------------------------------------------------

/// An unsigned size parameter: its name, type and spelling, the values a call passes
/// where the arithmetic on it may wrap around (`small`), and the range of those where
/// it does not (`large`).
struct USize {
    name: String,
    ty: Ty,
    text: String,
    small: Vec<i64>,
    large: (i64, i64),
}

/// The nests of an unsigned helper (or of the kernel): the size parameters (`n`
/// first), the fresh buffer (its name and its extent, an expression of the sizes) and
/// whether the pointers are 2-d arrays subscripted flat.
struct UBody {
    nodes: Vec<Node>,
    sizes: Vec<USize>,
    tmp: Option<(String, String)>,
    flat: bool,
}

/// One call of an unsigned helper: the value of each size (`small`: one of them
/// wraps), the array and cell `x` and `y` point at, and the kind of aliasing.
#[derive(Clone)]
struct UCall {
    vals: Vec<i64>,
    small: bool,
    x: (String, i64),
    y: (String, i64),
    label: &'static str,
}

impl Gen {
    /// The spelling of `t`, the unsigned types as real code writes them.
    fn utext(&mut self, t: Ty) -> String {
        match t {
            Ty::U64 => *self
                .rng
                .pick(&["size_t", "size_t", "size_t", "unsigned long"]),
            Ty::U32 => *self.rng.pick(&["unsigned", "unsigned", "unsigned int"]),
            t => t.c(),
        }
        .to_string()
    }

    /// A size parameter of type `ty` (see `USize`).
    fn usize_param(&mut self, p: &str, ty: Ty, small: &[i64], large: (i64, i64)) -> USize {
        let name = self.fresh(p);
        let text = self.utext(ty);
        USize {
            name,
            ty,
            text,
            small: small.to_vec(),
            large,
        }
    }

    /// The type of an iterator bounded by a size of type `nt`: mostly `nt`, sometimes
    /// the other unsigned width.
    fn uiter(&mut self, nt: Ty) -> (Ty, String) {
        let t = if self.rng.chance(20) {
            self.feats.insert("usize-mixed-width");
            if nt == Ty::U64 { Ty::U32 } else { Ty::U64 }
        } else {
            nt
        };
        self.feats.insert(if t == Ty::U64 {
            "usize-size_t-iterator"
        } else {
            "usize-unsigned-iterator"
        });
        let text = self.utext(t);
        (t, text)
    }

    /// `for (decl var = init; cond; var++)` (`var--` when `down`) around `body`.
    #[allow(clippy::too_many_arguments)]
    fn uloop(
        &mut self,
        var: &str,
        decl: Option<String>,
        ty: Ty,
        init: &str,
        cond: &str,
        down: bool,
        body: Vec<Node>,
    ) -> Node {
        let (op, step) = if down { ("--", -1) } else { ("++", 1) };
        let step_text = if self.rng.chance(70) {
            format!("{var}{op}")
        } else {
            format!("{op}{var}")
        };
        Node::Loop(SLoop {
            id: self.id(),
            pragmas: Vec::new(),
            var: var.to_string(),
            decl,
            ty,
            init: init.to_string(),
            cond: cond.to_string(),
            step,
            step_text,
            braces: self.rng.chance(40),
            body,
        })
    }

    /// A statement `text` where each `{k}` is access `k` of `accs` (pointer or buffer,
    /// subscript, whether written).
    fn ust(text: &str, accs: &[(&str, &str, bool)]) -> Node {
        let mut out = text.to_string();
        let mut acc = Vec::new();
        for (k, (arr, sub, write)) in accs.iter().enumerate() {
            let (t, a) = Gen::acc(arr, &[sub.to_string()], *write);
            out = out.replace(&format!("{{{k}}}"), &t);
            acc.push(a);
        }
        st(out, acc)
    }

    /// A fresh buffer of `ext` elements: its declaration (`double *tmp = malloc(ext *
    /// sizeof *tmp);`, a cast `malloc`, or `calloc`), its `free`, its name, and whether
    /// it starts zeroed.
    fn fresh_buffer(&mut self, ext: &str) -> (Node, Node, String, bool) {
        self.stdlib_h = true;
        let t = self.fresh("tmp");
        let et = self.dbl();
        let (decl, zeroed) = match self.rng.weighted(&[50, 25, 25]) {
            0 => (format!("{et} *{t} = malloc({ext} * sizeof *{t});"), false),
            1 => (
                format!("{et} *{t} = ({et} *)malloc(sizeof({et}) * {ext});"),
                false,
            ),
            _ => (format!("{et} *{t} = calloc({ext}, sizeof *{t});"), true),
        };
        self.feats.insert(if zeroed {
            "usize-calloc-temp"
        } else {
            "usize-malloc-temp"
        });
        (Node::Raw(decl), Node::Raw(format!("free({t});")), t, zeroed)
    }

    /// The nests of kind `kind` on `x` (written) and `y` (read) for sizes of type `nt`:
    /// 0, a stencil `x[i - 1] + x[i] + x[i + 1]` for `i` from 1 while `i < n - 1` (or
    /// `i + 1 < n`), through a fresh buffer or not, in a time loop or not; 1, a loop
    /// counting down (`for (i = n; i > 0; i--)` on `x[i - 1]` and `y[n - i]`, or `for
    /// (i = n - 1; i < n; i--)`, which ends when `i` wraps around), its iterator maybe
    /// declared before and read after, maybe followed by a recurrence; 2, a loop from
    /// `n - 3` (wraps around for `n < 3`); 3, `int` counters compared with the
    /// unsigned `n`, one from `-k` (no iteration when the comparison is unsigned), and
    /// a triangular nest `size_t j = i + 1`; 4, flat 2-d products (`x[i * n + j]`,
    /// `y[j * n + i]`, a row through a fresh buffer, `x[i * m + j]` with a second size,
    /// a matrix product); 5, 3-d blocks `x[(b * T + t) * C + c]` with sizes `n`, `T`
    /// and `C`. `decl_before`: an iterator may be declared at the top (not in the
    /// kernel, whose iterators have other types).
    fn unsigned_nodes(
        &mut self,
        kind: usize,
        x: &str,
        y: &str,
        nt: Ty,
        decl_before: bool,
    ) -> UBody {
        let (c1, c2) = (self.coef(), self.coef());
        let sz = self.sz as i64;
        let rr = self.rr as i64;
        let mut sizes = Vec::new();
        let mut tmp = None;
        let mut flat = false;
        let mut nodes = Vec::new();
        match kind {
            0 => {
                self.feats.insert("usize-stencil");
                let ns = self.usize_param("n", nt, &[0, 1, 2], (4, sz - 6));
                let n = ns.name.clone();
                sizes.push(ns);
                let plus = self.rng.chance(40);
                self.feats.insert(if plus {
                    "usize-stencil-plus-bound"
                } else {
                    "usize-stencil-minus-bound"
                });
                let cond = if plus {
                    format!("i + 1 < {n}")
                } else {
                    format!("i < {n} - 1")
                };
                let (it, itt) = self.uiter(nt);
                let mut inner = Vec::new();
                let mut post = None;
                if self.rng.chance(55) {
                    let (dt, ft, t, zeroed) = self.fresh_buffer(&n);
                    let op = if zeroed { "+=" } else { "=" };
                    let s1 = Gen::ust(
                        &format!("{{0}} {op} ({{1}} + {{2}} + {{3}}) * {c1} + {{4}} * {c2};"),
                        &[
                            (&t, "i", true),
                            (x, "i - 1", false),
                            (x, "i", false),
                            (x, "i + 1", false),
                            (y, "i", false),
                        ],
                    );
                    let s2 = Gen::ust("{0} = {1};", &[(x, "i", true), (&t, "i", false)]);
                    inner.push(self.uloop("i", Some(itt.clone()), it, "1", &cond, false, vec![s1]));
                    inner.push(self.uloop("i", Some(itt), it, "1", &cond, false, vec![s2]));
                    nodes.push(dt);
                    post = Some(ft);
                    tmp = Some((t, n.clone()));
                } else {
                    let s1 = Gen::ust(
                        &format!("{{0}} = ({{1}} + {{2}} + {{3}}) * {c1} + {{4}} * {c2};"),
                        &[
                            (x, "i", true),
                            (y, "i - 1", false),
                            (y, "i", false),
                            (y, "i + 1", false),
                            (x, "i", false),
                        ],
                    );
                    inner.push(self.uloop("i", Some(itt), it, "1", &cond, false, vec![s1]));
                }
                if self.rng.chance(40) {
                    self.feats.insert("usize-time-loop");
                    let mut t = self.plain_loop("t", 0, "2");
                    t.braces = true;
                    t.body = inner;
                    nodes.push(Node::Loop(t));
                } else {
                    nodes.append(&mut inner);
                }
                nodes.extend(post);
            }
            1 => {
                self.feats.insert("usize-decreasing");
                let ns = self.usize_param("n", nt, &[0, 1, 2], (3, sz - 5));
                let n = ns.name.clone();
                sizes.push(ns);
                let (it, itt) = self.uiter(nt);
                let before = decl_before && self.rng.chance(45);
                let decl = (!before).then(|| itt.clone());
                let l = if self.rng.chance(50) {
                    self.feats.insert("usize-decreasing-wraps-at-end");
                    let s = Gen::ust(
                        &format!("{{0}} = {{1}} * {c1} + {{2}} * {c2};"),
                        &[(x, "i", true), (y, "i", false), (x, "i", false)],
                    );
                    let cond = format!("i < {n}");
                    self.uloop("i", decl, it, &format!("{n} - 1"), &cond, true, vec![s])
                } else {
                    let ny = format!("{n} - i");
                    let s = Gen::ust(
                        &format!("{{0}} = {{1}} * {c1} + {{2}} * {c2};"),
                        &[(x, "i - 1", true), (x, "i - 1", false), (y, &ny, false)],
                    );
                    let cond = *self.rng.pick(&["i > 0", "i != 0", "0 < i"]);
                    self.uloop("i", decl, it, &n, cond, true, vec![s])
                };
                if before {
                    nodes.push(Node::Raw(format!("{itt} i;")));
                }
                nodes.push(l);
                if before {
                    // the value the iterator has after the loop (0, or the largest
                    // value of its type when it wrapped around)
                    self.feats.insert("usize-iterator-read-after");
                    let o = self.out_i();
                    nodes.push(Node::Raw(format!("{o} = i;")));
                }
                if self.rng.chance(50) {
                    let (it2, itt2) = self.uiter(nt);
                    let s = Gen::ust(
                        &format!("{{0}} = {{1}} * {c2} + {{2}};"),
                        &[(x, "i", true), (x, "i - 1", false), (x, "i", false)],
                    );
                    let cond = format!("i < {n}");
                    nodes.push(self.uloop("i", Some(itt2), it2, "1", &cond, false, vec![s]));
                }
            }
            2 => {
                self.feats.insert("usize-wrapping-start");
                let ns = self.usize_param("n", nt, &[0, 1, 2], (3, sz - 5));
                let n = ns.name.clone();
                sizes.push(ns);
                let (jt, jtt) = self.uiter(nt);
                let start = format!("{n} - 3");
                let cond = format!("j < {n}");
                if self.rng.chance(50) {
                    // the shape of tests/unsigned.rs
                    let w = self.rng.range(3, 8);
                    let (it, itt) = self.uiter(nt);
                    let xs = format!("i * 4 + (j + 3 - {n})");
                    let s = Gen::ust(
                        &format!("{{0}} = {{1}} * {c1} + {{2}};"),
                        &[(x, &xs, true), (x, &xs, false), (y, "i", false)],
                    );
                    let ic = format!("i < {w}");
                    let inner = self.uloop("i", Some(itt), it, "0", &ic, false, vec![s]);
                    nodes.push(self.uloop("j", Some(jtt), jt, &start, &cond, false, vec![inner]));
                } else {
                    let (ya, yb) = (format!("j + 3 - {n}"), format!("{n} - 1 - j"));
                    let s = Gen::ust(
                        &format!("{{0}} = {{1}} * {c1} + {{2}} * {c2};"),
                        &[(x, "j", true), (y, &ya, false), (y, &yb, false)],
                    );
                    nodes.push(self.uloop("j", Some(jtt), jt, &start, &cond, false, vec![s]));
                }
            }
            3 => {
                self.feats.insert("usize-int-counter");
                let ns = self.usize_param("n", nt, &[0, 1, 2], (3, sz - 6));
                let n = ns.name.clone();
                sizes.push(ns);
                let cond = format!("i < {n}");
                let s1 = Gen::ust(
                    &format!("{{0}} = {{1}} * {c1} + {{2}} * {c2};"),
                    &[(x, "i", true), (y, "i", false), (x, "i", false)],
                );
                let l1 = self.uloop(
                    "i",
                    Some("int".into()),
                    Ty::I32,
                    "0",
                    &cond,
                    false,
                    vec![s1],
                );
                // a counter from -k: C compares it as unsigned (no iteration) unless it
                // is wider than the bound (`long` and `unsigned`)
                let k = self.rng.range(1, 3);
                // (or the bound is cast to the counter's type: `i < (int)n` runs)
                let ct = *self.rng.pick(&[Ty::I32, Ty::I64]);
                let cast = self.rng.chance(35);
                self.feats.insert(if cast || common(ct, nt).signed() {
                    "usize-negative-start-runs"
                } else {
                    "usize-negative-start"
                });
                let xs = format!("i + {k}");
                let s2 = Gen::ust(
                    &format!("{{0}} = {{1}} * {c2} + {c1};"),
                    &[(x, &xs, true), (x, &xs, false)],
                );
                let cond2 = if cast {
                    format!("i < ({}){n}", ct.c())
                } else {
                    cond.clone()
                };
                let l2 = self.uloop(
                    "i",
                    Some(ct.c().into()),
                    ct,
                    &format!("-{k}"),
                    &cond2,
                    false,
                    vec![s2],
                );
                if self.rng.chance(50) {
                    nodes = vec![l1, l2];
                } else {
                    nodes = vec![l2, l1];
                }
                if self.rng.chance(45) {
                    self.feats.insert("usize-triangular");
                    let (jt, jtt) = self.uiter(nt);
                    let s = Gen::ust(
                        &format!("{{0}} = {{1}} * {c1} + {{2}} * {c2};"),
                        &[(x, "j", true), (x, "j", false), (y, "i", false)],
                    );
                    let jc = format!("j < {n}");
                    let inner = self.uloop("j", Some(jtt), jt, "i + 1", &jc, false, vec![s]);
                    let outer = self.uloop(
                        "i",
                        Some("int".into()),
                        Ty::I32,
                        "0",
                        &cond,
                        false,
                        vec![inner],
                    );
                    nodes.push(outer);
                }
            }
            4 => {
                flat = true;
                let (it, itt) = self.uiter(nt);
                // the outer counter an `int` (`i * n` is then unsigned) or unsigned
                let (ot, ott) = if self.rng.chance(25) {
                    self.feats.insert("usize-int-counter");
                    (Ty::I32, "int".to_string())
                } else {
                    (it, itt.clone())
                };
                match self.rng.weighted(&[45, 25, 30]) {
                    0 => {
                        self.feats.insert("usize-flat-product");
                        let ns = self.usize_param("n", nt, &[0, 1, 2], (3, rr - 2));
                        let n = ns.name.clone();
                        sizes.push(ns);
                        let (xij, yji) = (format!("i * {n} + j"), format!("j * {n} + i"));
                        let cond = |v: &str| format!("{v} < {n}");
                        if self.rng.chance(45) {
                            let (dt, ft, t, zeroed) = self.fresh_buffer(&n);
                            let op = if zeroed { "+=" } else { "=" };
                            let s1 = Gen::ust(
                                &format!("{{0}} {op} {{1}} * {c2};"),
                                &[(&t, "j", true), (y, &yji, false)],
                            );
                            let s2 = Gen::ust(
                                &format!("{{0}} = {{1}} * {c1} + {{2}};"),
                                &[(x, &xij, true), (x, &xij, false), (&t, "j", false)],
                            );
                            let l1 = self.uloop(
                                "j",
                                Some(itt.clone()),
                                it,
                                "0",
                                &cond("j"),
                                false,
                                vec![s1],
                            );
                            let l2 =
                                self.uloop("j", Some(itt), it, "0", &cond("j"), false, vec![s2]);
                            let outer = self.uloop(
                                "i",
                                Some(ott),
                                ot,
                                "0",
                                &cond("i"),
                                false,
                                vec![l1, l2],
                            );
                            nodes = vec![dt, outer, ft];
                            tmp = Some((t, n.clone()));
                        } else {
                            let s = Gen::ust(
                                &format!("{{0}} = {{1}} * {c1} + {{2}} * {c2};"),
                                &[(x, &xij, true), (x, &xij, false), (y, &yji, false)],
                            );
                            let inner =
                                self.uloop("j", Some(itt), it, "0", &cond("j"), false, vec![s]);
                            nodes.push(self.uloop(
                                "i",
                                Some(ott),
                                ot,
                                "0",
                                &cond("i"),
                                false,
                                vec![inner],
                            ));
                        }
                    }
                    1 => {
                        self.feats.insert("usize-flat-rect");
                        let ns = self.usize_param("n", nt, &[0, 1, 2], (3, rr - 2));
                        let ms = self.usize_param("m", nt, &[0, 1, 2], (3, rr - 2));
                        let (n, m) = (ns.name.clone(), ms.name.clone());
                        sizes.push(ns);
                        sizes.push(ms);
                        let ic = if self.rng.chance(50) {
                            format!("i + 1 < {n}")
                        } else {
                            format!("i < {n} - 1")
                        };
                        let (xij, yij, yi1) = (
                            format!("i * {m} + j"),
                            format!("i * {m} + j"),
                            format!("(i + 1) * {m} + j"),
                        );
                        let s = Gen::ust(
                            &format!("{{0}} = ({{1}} + {{2}}) * {c1} + {{3}} * {c2};"),
                            &[
                                (x, &xij, true),
                                (y, &yij, false),
                                (y, &yi1, false),
                                (x, &xij, false),
                            ],
                        );
                        let jc = format!("j < {m}");
                        let inner = self.uloop("j", Some(itt), it, "0", &jc, false, vec![s]);
                        nodes.push(self.uloop("i", Some(ott), ot, "0", &ic, false, vec![inner]));
                    }
                    _ => {
                        self.feats.insert("usize-matmul");
                        let ns = self.usize_param("n", nt, &[0, 1, 2], (3, 8));
                        let n = ns.name.clone();
                        sizes.push(ns);
                        let (xij, yik, ykj) = (
                            format!("i * {n} + j"),
                            format!("i * {n} + k"),
                            format!("k * {n} + j"),
                        );
                        // `x[..] += y[..] * y[..] * c` (access 1, the read of `x`, is
                        // the `+=`)
                        let s = Gen::ust(
                            &format!("{{0}} += {{2}} * {{3}} * {c1};"),
                            &[
                                (x, &xij, true),
                                (x, &xij, false),
                                (y, &yik, false),
                                (y, &ykj, false),
                            ],
                        );
                        let cond = |v: &str| format!("{v} < {n}");
                        let lk =
                            self.uloop("k", Some(itt.clone()), it, "0", &cond("k"), false, vec![s]);
                        let lj = self.uloop("j", Some(itt), it, "0", &cond("j"), false, vec![lk]);
                        nodes.push(self.uloop(
                            "i",
                            Some(ott),
                            ot,
                            "0",
                            &cond("i"),
                            false,
                            vec![lj],
                        ));
                    }
                }
            }
            _ => {
                flat = true;
                self.feats.insert("usize-3-level");
                let ns = self.usize_param("n", nt, &[0, 1, 2], (1, 4));
                let ts = self.usize_param("tb", nt, &[0, 1, 2], (2, 5));
                let cs = self.usize_param("cb", nt, &[0, 1, 2], (2, 8));
                let (n, t, c) = (ns.name.clone(), ts.name.clone(), cs.name.clone());
                sizes.extend([ns, ts, cs]);
                let sum = self.rng.chance(30);
                if sum {
                    self.feats.insert("usize-3-level-sum-form");
                }
                let at = |tt: &str| {
                    if sum {
                        let tt = if tt.contains(' ') {
                            format!("({tt})")
                        } else {
                            tt.to_string()
                        };
                        format!("b * {t} * {c} + {tt} * {c} + c")
                    } else {
                        format!("(b * {t} + {tt}) * {c} + c")
                    }
                };
                let next = self.rng.chance(40);
                let (tc, ty_) = if next {
                    self.feats.insert("usize-3-level-next-row");
                    let tc = if self.rng.chance(50) {
                        format!("t + 1 < {t}")
                    } else {
                        format!("t < {t} - 1")
                    };
                    (tc, at("t + 1"))
                } else {
                    (format!("t < {t}"), at("t"))
                };
                let xs = at("t");
                let (it, itt) = self.uiter(nt);
                let cc = format!("c < {c}");
                let tbody = if self.rng.chance(50) {
                    let (dt, ft, tm, zeroed) = self.fresh_buffer(&c);
                    let op = if zeroed { "+=" } else { "=" };
                    let s1 = Gen::ust(
                        &format!("{{0}} {op} {{1}} * {c1};"),
                        &[(&tm, "c", true), (y, &ty_, false)],
                    );
                    let s2 = Gen::ust(
                        &format!("{{0}} = {{1}} + {{2}} * {c2};"),
                        &[(x, &xs, true), (&tm, "c", false), (x, &xs, false)],
                    );
                    let l1 = self.uloop("c", Some(itt.clone()), it, "0", &cc, false, vec![s1]);
                    let l2 = self.uloop("c", Some(itt.clone()), it, "0", &cc, false, vec![s2]);
                    nodes.push(dt);
                    tmp = Some((tm, c.clone()));
                    let tl = self.uloop("t", Some(itt.clone()), it, "0", &tc, false, vec![l1, l2]);
                    let bl = self.uloop(
                        "b",
                        Some(itt.clone()),
                        it,
                        "0",
                        &format!("b < {n}"),
                        false,
                        vec![tl],
                    );
                    nodes.push(bl);
                    nodes.push(ft);
                    None
                } else {
                    let s = Gen::ust(
                        &format!("{{0}} = {{1}} * {c1} + {{2}} * {c2};"),
                        &[(x, &xs, true), (y, &ty_, false), (x, &xs, false)],
                    );
                    Some(self.uloop("c", Some(itt.clone()), it, "0", &cc, false, vec![s]))
                };
                if let Some(cl) = tbody {
                    let tl = self.uloop("t", Some(itt.clone()), it, "0", &tc, false, vec![cl]);
                    nodes.push(self.uloop(
                        "b",
                        Some(itt),
                        it,
                        "0",
                        &format!("b < {n}"),
                        false,
                        vec![tl],
                    ));
                }
            }
        }
        UBody {
            nodes,
            sizes,
            tmp,
            flat,
        }
    }

    /// The statement and iteration executions of `body` for `call`, or why the call
    /// leaves an array (the pointers reach from their cell to the end of their array;
    /// the buffer has its extent) or runs too long.
    fn ucheck(
        &self,
        body: &UBody,
        call: &UCall,
        x: &str,
        y: &str,
        total: i64,
    ) -> Result<u64, String> {
        let mut env = self.env.clone();
        for (s, v) in body.sizes.iter().zip(&call.vals) {
            env.set(&s.name, s.ty, *v as i128);
        }
        let mut dims = self.dims.clone();
        dims.insert(x.to_string(), vec![(total - call.x.1) as usize]);
        dims.insert(y.to_string(), vec![(total - call.y.1) as usize]);
        if let Some((t, ext)) = &body.tmp {
            let e = env.eval(ext)?.v;
            dims.insert(t.clone(), vec![e.max(0) as usize]);
        }
        let mut sim = Sim {
            env,
            dims: &dims,
            naive: false,
            check: true,
            points: 0,
            ranges: HashMap::new(),
            rec_arr: None,
            rec: BTreeSet::new(),
            cache: HashMap::new(),
            touch: None,
        };
        sim.run(&body.nodes)?;
        Ok(sim.points)
    }

    /// A call of `body` (`small`: one size takes a value where the arithmetic may
    /// wrap around), `x` and `y` pointing at the same cell of `a`, at overlapping
    /// cells, or into distinct arrays (`b`; only those when `distinct`).
    fn ucall(&mut self, body: &UBody, small: bool, a: &str, b: &str, distinct: bool) -> UCall {
        let mut vals: Vec<i64> = body
            .sizes
            .iter()
            .map(|s| self.rng.range(s.large.0, s.large.1))
            .collect();
        if small {
            let k = self.rng.below(vals.len());
            vals[k] = *self.rng.pick(&body.sizes[k].small);
        }
        let d = if body.flat {
            *self.rng.pick(&[1, 3, self.rr as i64, vals[0].max(1)])
        } else {
            *self.rng.pick(&[1, 1, 2, 3])
        };
        let o = |s: &str, off: i64| (s.to_string(), off);
        let w = if distinct { [0, 0, 1] } else { [25, 45, 30] };
        let (label, x, y) = match self.rng.weighted(&w) {
            0 => ("usize-same-array", o(a, 0), o(a, 0)),
            1 if self.rng.chance(50) => ("usize-overlap", o(a, d), o(a, 0)),
            1 => ("usize-overlap", o(a, 0), o(a, d)),
            _ if self.rng.chance(50) => ("usize-distinct", o(a, 0), o(b, 0)),
            _ => ("usize-distinct", o(b, 0), o(a, 0)),
        };
        UCall {
            vals,
            small,
            x,
            y,
            label,
        }
    }

    /// A pointer to cell `off` of array `arr` (1-d, or 2-d as in `Gen::flat_arg`).
    fn uarg(&mut self, arr: &str, off: i64, flat: bool) -> String {
        if !flat {
            return match (off, self.rng.below(2)) {
                (0, 0) => arr.to_string(),
                (0, _) => format!("&{arr}[0]"),
                (_, 0) => format!("{arr} + {off}"),
                _ => format!("&{arr}[{off}]"),
            };
        }
        let rr = self.rr as i64;
        let (r, c) = (off / rr, off % rr);
        let d = self.dbl();
        if off == 0 {
            return match self.rng.below(3) {
                0 => format!("({d} *){arr}"),
                1 => format!("{arr}[0]"),
                _ => format!("&{arr}[0][0]"),
            };
        }
        match self.rng.below(3) {
            0 => format!("({d} *){arr} + {off}"),
            1 => format!("&{arr}[{r}][{c}]"),
            _ => format!("{arr}[{r}] + {c}"),
        }
    }

    /// Nests with `size_t` or `unsigned` counters and sizes (`Gen::unsigned_nodes`) in
    /// a helper `ku(n, x, y)` that the kernel calls three to five times, with sizes
    /// where the unsigned arithmetic wraps around (`n` 0, 1 or 2) and sizes where it
    /// does not (some of them parameters of the kernel, which `main` passes), `x` and
    /// `y` the same cells, overlapping ones or distinct arrays (only distinct ones when
    /// the pointers are `restrict`); or (a fifth) such nests in the kernel on pointer
    /// and size parameters of the kernel. Every call is simulated (C's semantics):
    /// none leaves its arrays, overflows or runs forever.
    fn block_unsigned(&mut self) -> Result<(), String> {
        self.feats.insert("usize");
        self.stddef_h = true;
        self.env.typedefs.insert("size_t".into(), Ty::U64);
        let in_kernel = self.kparams.len() < 5 && self.rng.chance(20);
        let kind = if in_kernel {
            self.rng.below(4)
        } else {
            self.rng.weighted(&[16, 16, 14, 16, 26, 14])
        };
        let nt = if self.rng.chance(65) {
            Ty::U64
        } else {
            Ty::U32
        };
        self.feats.insert(if nt == Ty::U64 {
            "usize-size_t-param"
        } else {
            "usize-unsigned-param"
        });
        let (x, y) = if in_kernel {
            (self.fresh("px"), self.fresh("py"))
        } else {
            (self.fresh("x"), self.fresh("y"))
        };
        let body = self.unsigned_nodes(kind, &x, &y, nt, !in_kernel);
        let ndim = if body.flat { 2 } else { 1 };
        let total = if body.flat {
            (self.rr * self.rr) as i64
        } else {
            self.sz as i64
        };
        let a = self.garr(Elem::Double, ndim, &[]);
        let b = self.garr(Elem::Double, ndim, &[&a]);
        let restrict = !in_kernel && self.rng.chance(20);
        // one call where a size wraps and one where none does, then any
        let mut modes = if in_kernel {
            vec![self.rng.chance(50)]
        } else {
            vec![true, false]
        };
        if !in_kernel {
            for _ in 0..self.rng.range(1, 3) {
                modes.push(self.rng.chance(50));
            }
            for k in (1..modes.len()).rev() {
                let j = self.rng.below(k + 1);
                modes.swap(k, j);
            }
        }
        let mut calls = Vec::new();
        let mut points = 0;
        for small in modes {
            let mut found = None;
            for _ in 0..10 {
                let c = self.ucall(&body, small, &a, &b, restrict);
                if let Ok(p) = self.ucheck(&body, &c, &x, &y, total) {
                    found = Some((c, p));
                    break;
                }
            }
            let (c, p) = found.ok_or("no valid unsigned call")?;
            points += p;
            calls.push(c);
        }
        if points * self.calls as u64 > BUDGET / 4 {
            return Err("unsigned calls run too long".into());
        }
        for c in &calls {
            self.feats.insert(c.label);
            if restrict {
                self.feats.insert("usize-restrict");
            }
            let small = body
                .sizes
                .iter()
                .zip(&c.vals)
                .find(|(s, v)| c.small && s.small.contains(v))
                .map(|(_, v)| *v);
            self.feats.insert(match small {
                Some(0) => "usize-call-0",
                Some(1) => "usize-call-1",
                Some(_) => "usize-call-2",
                None => "usize-call-large",
            });
        }
        // the simulation of the whole program runs the nests with the sizes of the
        // first call (every call was checked above)
        let first = calls[0].clone();
        for (s, v) in body.sizes.iter().zip(&first.vals) {
            self.env.set(&s.name, s.ty, *v as i128);
        }
        self.dims
            .insert(x.clone(), vec![(total - first.x.1) as usize]);
        self.dims
            .insert(y.clone(), vec![(total - first.y.1) as usize]);
        if let Some((t, ext)) = &body.tmp {
            let e = self.env.eval(ext)?.v;
            self.dims.insert(t.clone(), vec![e.max(0) as usize]);
        }
        let et = self.dbl();
        let rq = if restrict { "restrict " } else { "" };
        let yc = if self.rng.chance(65) { "const " } else { "" };
        let xd = if !restrict && self.rng.chance(15) {
            format!("{et} {x}[]")
        } else {
            format!("{et} *{rq}{x}")
        };
        let yd = format!("{yc}{et} *{rq}{y}");
        if in_kernel {
            self.feats.insert("usize-in-kernel");
            self.feats.insert("usize-size-from-main");
            for (s, v) in body.sizes.iter().zip(&first.vals) {
                self.kparams.push(KParam {
                    decl: format!("{} {}", s.text, s.name),
                    arg: v.to_string(),
                });
            }
            let xa = self.uarg(&first.x.0, first.x.1, body.flat);
            let ya = self.uarg(&first.y.0, first.y.1, body.flat);
            self.kparams.push(KParam { decl: xd, arg: xa });
            self.kparams.push(KParam { decl: yd, arg: ya });
            self.emit(&body.nodes);
            return Ok(());
        }
        let f = self.fresh("ku");
        let sizes_first = self.rng.chance(50);
        let sd: Vec<String> = body
            .sizes
            .iter()
            .map(|s| format!("{} {}", s.text, s.name))
            .collect();
        let params = if sizes_first {
            format!("{}, {xd}, {yd}", sd.join(", "))
        } else {
            format!("{xd}, {yd}, {}", sd.join(", "))
        };
        let mut text = format!("static void {f}({params})\n{{\n");
        print_nodes(&body.nodes, 1, &mut text);
        text.push_str("}\n");
        self.helpers.push(text);
        self.jobs.push(body.nodes.clone());
        for c in &calls {
            let mut sa = Vec::new();
            for (s, v) in body.sizes.iter().zip(&c.vals) {
                let arg = if self.kparams.len() < 6 && self.rng.chance(25) {
                    // a size `main` passes to the kernel
                    self.feats.insert("usize-size-from-main");
                    let p = self.fresh("zn");
                    let tt = self.utext(s.ty);
                    self.kparams.push(KParam {
                        decl: format!("{tt} {p}"),
                        arg: v.to_string(),
                    });
                    p
                } else {
                    match (s.ty, self.rng.below(4)) {
                        (Ty::U64, 0) => format!("(size_t){v}"),
                        (Ty::U64, 1) => format!("{v}UL"),
                        (_, 2) => format!("{v}u"),
                        _ => v.to_string(),
                    }
                };
                sa.push(arg);
            }
            let xa = self.uarg(&c.x.0, c.x.1, body.flat);
            let ya = self.uarg(&c.y.0, c.y.1, body.flat);
            let args = if sizes_first {
                format!("{}, {xa}, {ya}", sa.join(", "))
            } else {
                format!("{xa}, {ya}, {}", sa.join(", "))
            };
            let _ = writeln!(self.kbody, "  {f}({args});");
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------------------
// Whole programs
// ---------------------------------------------------------------------------------

/// A generated program.
pub struct Generated {
    pub source: String,
    /// The program has `#pragma omp` lines outside `#if 0` (compile with `-fopenmp`).
    pub omp: bool,
    /// The constructs it uses (for coverage checks and statistics).
    pub features: Vec<String>,
    /// Candidates discarded before this one.
    pub rejected: u32,
}

/// The program of `seed`: the blocks drawn from the seed, then (`Gen::extras`) the
/// constructs added later, drawn from a stream of their own so that a seed still gives
/// the same blocks it gave before they existed (the program has the new constructs
/// appended to its kernel, or is unchanged).
fn build(seed: u64) -> Result<Gen, String> {
    let mut g = build_base(seed)?;
    match g.extras(seed) {
        Ok(()) => Ok(g),
        // the base program, without the extra constructs
        Err(_) => build_base(seed),
    }
}

/// The statement and iteration executions of all nests (one call of the kernel),
/// or why a nest leaves its arrays or overflows.
fn simulate(g: &Gen) -> Result<u64, String> {
    let mut points = 0;
    for job in &g.jobs {
        let mut sim = Sim {
            env: g.env.clone(),
            dims: &g.dims,
            naive: false,
            check: true,
            points: 0,
            ranges: HashMap::new(),
            rec_arr: None,
            rec: BTreeSet::new(),
            cache: HashMap::new(),
            touch: None,
        };
        sim.run(job)?;
        points += sim.points;
    }
    Ok(points)
}

fn build_base(seed: u64) -> Result<Gen, String> {
    let mut g = Gen::new(seed);
    let nb = g.rng.range(1, 4);
    for b in 0..nb {
        if g.returned {
            break;
        }
        g.block(b == nb - 1)?;
    }
    g.calls = if g.rng.chance(65) { 2 } else { 1 };
    if g.calls == 2 {
        g.feats.insert("called-twice");
    }
    let points = simulate(&g)?;
    if points * g.calls as u64 > BUDGET {
        return Err("too many iterations".into());
    }
    if points == 0 {
        return Err("no loop iteration runs".into());
    }
    Ok(g)
}

fn print_program(g: &Gen, seed: u64) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "/* nestor semantic fuzz program, seed {seed:#018x} */");
    let feats: Vec<&str> = g.feats.iter().copied().collect();
    let _ = writeln!(out, "/* constructs: {} */", feats.join(", "));
    let _ = writeln!(out, "#include <stdio.h>");
    if g.limits_h {
        let _ = writeln!(out, "#include <limits.h>");
    }
    if g.stddef_h {
        let _ = writeln!(out, "#include <stddef.h>");
    }
    if g.stdlib_h {
        let _ = writeln!(out, "#include <stdlib.h>");
    }
    out.push('\n');
    for l in &g.top {
        let _ = writeln!(out, "{l}");
    }
    out.push('\n');
    for l in &g.globals {
        let _ = writeln!(out, "{l}");
    }
    let _ = writeln!(out, "long long g_iout[{}];", g.n_iout.max(1));
    let _ = writeln!(out, "double g_dout[{}];", g.n_dout.max(1));
    let mut scalars = g.gscalars.clone();
    if g.user_fns.contains("max") {
        let _ = writeln!(out, "double g_trace;");
        scalars.push(("g_trace".into(), true));
    }
    if g.user_fns.contains("min") && g.min_int {
        let _ = writeln!(out, "int g_mins;");
        scalars.push(("g_mins".into(), false));
    }
    if g.user_fns.contains("size") {
        let _ = writeln!(out, "int g_scalls;");
        scalars.push(("g_scalls".into(), false));
    }
    out.push('\n');
    for f in &g.user_fns {
        let text = match *f {
            "max" => {
                "static double max(double a, double b)\n{\n  g_trace = g_trace * 0.5 + a;\n  return a > b ? a : b;\n}\n"
            }
            "min" if g.min_int => {
                "static int min(int a, int b)\n{\n  g_mins += 1;\n  return a < b ? a : b;\n}\n"
            }
            "min" => {
                "static double min(double a, double b)\n{\n  return a < b + FA[2] ? a : b;\n}\n"
            }
            "sqrt" => "static double sqrt(double x)\n{\n  return x * 0.5 + FA[1];\n}\n",
            _ => "static int size(int m)\n{\n  g_scalls += 1;\n  return m;\n}\n",
        };
        let _ = writeln!(out, "{text}");
    }
    for f in &g.fns {
        let _ = writeln!(out, "{f}");
    }
    for h in &g.helpers {
        let _ = writeln!(out, "{h}");
    }
    let params: Vec<&str> = g.kparams.iter().map(|p| p.decl.as_str()).collect();
    let params = if params.is_empty() {
        "void".to_string()
    } else {
        params.join(", ")
    };
    let _ = writeln!(out, "static void kernel({params})\n{{");
    for l in g.kdecls.iter().chain(&g.kstart) {
        let _ = writeln!(out, "{l}");
    }
    out.push_str(&g.kbody);
    let _ = writeln!(out, "}}\n");
    for l in &g.late {
        let _ = writeln!(out, "{l}");
    }
    out.push_str(
        "\nstatic unsigned long long sf_mixd(unsigned long long h, double v)\n{\n  union { double d; unsigned long long u; } b;\n  b.d = v;\n  return (h ^ b.u) * 1099511628211ULL;\n}\n\nstatic unsigned long long sf_mixi(unsigned long long h, long long v)\n{\n  return (h ^ (unsigned long long)v) * 1099511628211ULL;\n}\n\n",
    );
    let _ = writeln!(
        out,
        "int main(void)\n{{\n  unsigned long long h;\n  double sd;\n  long long si;"
    );
    // deterministic initial values
    for (n, a) in g.garrays.iter().enumerate() {
        let mut head = String::new();
        let mut idx = String::new();
        let mut lin = String::new();
        for (d, ext) in a.dims.iter().enumerate() {
            let _ = writeln!(
                head,
                "{}for (int q{d} = 0; q{d} < {ext}; q{d}++)",
                "  ".repeat(d + 1)
            );
            let _ = write!(idx, "[q{d}]");
            let _ = write!(lin, "q{d} * {} + ", 3 + 2 * d + n % 5);
        }
        let ind = "  ".repeat(a.dims.len() + 1);
        let val = match a.elem {
            Elem::Double => format!("(double)(({lin}{}) % 13) * 0.25 - 1.0", n % 7),
            Elem::Unsigned => format!("(unsigned)({lin}1) * 2654435761u"),
            Elem::Short => format!("(short)(({lin}{}) * 1000)", n),
            Elem::UChar => format!("(unsigned char)({lin}{})", n * 3),
            Elem::Int | Elem::Long => format!("({lin}{}) % 23", n),
        };
        let _ = writeln!(out, "{head}{ind}{} = {val};", a.element(&idx));
    }
    let args: Vec<&str> = g.kparams.iter().map(|p| p.arg.as_str()).collect();
    for _ in 0..g.calls {
        let _ = writeln!(out, "  kernel({});", args.join(", "));
    }
    for a in &g.garrays {
        let dbl = a.elem == Elem::Double;
        let _ = writeln!(
            out,
            "  h = 1469598103934665603ULL;\n  {} = 0;",
            if dbl { "sd" } else { "si" }
        );
        let mut idx = String::new();
        for (d, ext) in a.dims.iter().enumerate() {
            let _ = writeln!(
                out,
                "{}for (int q{d} = 0; q{d} < {ext}; q{d}++)",
                "  ".repeat(d + 1)
            );
            let _ = write!(idx, "[q{d}]");
        }
        let ind = "  ".repeat(a.dims.len() + 1);
        let e = a.element(&idx);
        if dbl {
            let _ = writeln!(
                out,
                "{ind}{{\n{ind}  h = sf_mixd(h, {e});\n{ind}  sd += {e};\n{ind}}}"
            );
            let _ = writeln!(out, "  printf(\"{} %016llx %.17g\\n\", h, sd);", a.name);
        } else {
            let _ = writeln!(
                out,
                "{ind}{{\n{ind}  h = sf_mixi(h, (long long){e});\n{ind}  si += {e};\n{ind}}}"
            );
            let _ = writeln!(out, "  printf(\"{} %016llx %lld\\n\", h, si);", a.name);
        }
    }
    let _ = writeln!(
        out,
        "  for (int q = 0; q < {}; q++)\n    printf(\"g_iout[%d] %lld\\n\", q, g_iout[q]);",
        g.n_iout.max(1)
    );
    let _ = writeln!(
        out,
        "  for (int q = 0; q < {}; q++)\n    printf(\"g_dout[%d] %.17g\\n\", q, g_dout[q]);",
        g.n_dout.max(1)
    );
    for (s, dbl) in &scalars {
        if *dbl {
            let _ = writeln!(out, "  printf(\"{s} %.17g\\n\", {s});");
        } else {
            let _ = writeln!(out, "  printf(\"{s} %lld\\n\", (long long){s});");
        }
    }
    let _ = writeln!(out, "  return 0;\n}}");
    out
}

/// The program for `seed`: valid C whose loop nests keep their subscripts inside their
/// arrays and do not overflow (checked by simulating them here), deterministic.
pub fn generate(seed: u64) -> Generated {
    let mut rng = Rng::new(seed);
    let mut rejected = 0;
    loop {
        match build(rng.next_u64()) {
            Ok(g) => {
                return Generated {
                    source: print_program(&g, seed),
                    omp: g.omp,
                    features: g.feats.iter().map(|s| s.to_string()).collect(),
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
    (0..attempts)
        .filter_map(|_| build(rng.next_u64()).err())
        .collect()
}
