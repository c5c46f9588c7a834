//! Lifting C expressions to quasi-affine form ([`Aff`], [`Cond`]).

use super::ir::{Aff, CmpOp, Cond, UnsignedValue};
use super::symbols::{Shape, Symbols, parse_int_text, substitute};
use super::syntax::text;
use super::types::CType;
use crate::support::diag::{Code, Diagnostic};
use std::cell::RefCell;
use tree_sitter::Node;

pub mod flat;
mod unsigned;

/// What affine lifting needs to know: the source, the symbols, the iterators in scope,
/// and which code to report a non-affine expression under.
pub struct AffineContext<'a> {
    pub src: &'a str,
    pub symbols: &'a Symbols,
    pub iters: &'a [String],
    pub code: Code,
    /// Inside a macro expansion: where the macro is used in the file (names are looked
    /// up there, diagnostics point there) and how deep expansions are nested.
    pub expansion: Option<(std::ops::Range<usize>, u32)>,
    /// The unsigned values lifted expressions compute (`unsigned.rs`), for the caller
    /// to place where they are computed.
    pub unsigned: &'a RefCell<Vec<UnsignedValue>>,
}

type Lifted<T> = Result<T, Box<Diagnostic>>;

impl AffineContext<'_> {
    fn reject(&self, node: Node, why: &str) -> Box<Diagnostic> {
        let (code, what) = match self.code {
            Code::NonAffineSubscript => (self.code, "array subscript"),
            Code::NonAffineCondition => (self.code, "`if` condition"),
            _ => (Code::NonAffineBound, "loop bound"),
        };
        if let Some((span, _)) = &self.expansion {
            return Box::new(
                Diagnostic::new(
                    code,
                    span.clone(),
                    format!(
                        "{what}: the expansion `{}` of this macro is not affine: {why}",
                        short(
                            self.src
                                .trim_start_matches("long __nestor_v = ")
                                .trim_end_matches(';')
                        )
                    ),
                )
                .label(why.to_string())
                .hint("rewrite it in affine form, or move it out of the loop nest"),
            );
        }
        let indirect = reads_memory(node) && code == Code::NonAffineSubscript;
        let (code, why) = if indirect {
            (
                Code::IndirectSubscript,
                "the subscript reads memory (an indirect access)",
            )
        } else {
            (code, why)
        };
        let hint = match code {
            Code::NonAffineCondition => {
                "an `if` on data is modelled when its branches hold only assignments (and calls of pure functions, and such `if`s): move loops out of its branches, or rewrite the condition in affine form"
            }
            _ => "rewrite it in affine form, or move it out of the loop nest",
        };
        Box::new(
            Diagnostic::new(
                code,
                node.byte_range(),
                format!("{what} `{}` is not affine: {why}", short(text(node, self.src))),
            )
            .label(why.to_string())
            .expected("sums of iterators and parameters times integer constants, `/` and `%` by positive constants, min/max")
            .hint(hint),
        )
    }

    /// `node` converted to `target` (a cast, or a call's argument to its parameter's
    /// type): lifted when `target` is a signed integer type that holds every value of
    /// `node`'s type, so the conversion cannot change the value.
    /// To an unsigned type at least as wide as `int`, the value must fit it (observed).
    pub fn converted(&self, node: Node, target: CType) -> Lifted<Aff> {
        if let CType::Unsigned(bits) = target
            && bits >= 32
        {
            let aff = self.aff(node)?;
            self.observe_operand(node, &aff, target);
            return Ok(aff);
        }
        if !matches!(target, CType::Signed(_)) {
            return Err(self.reject(node, "a conversion to a type that is not a signed integer"));
        }
        let from = self.expression_type(node);
        if from.fits_in(target) {
            return self.aff(node);
        }
        match (from, target) {
            (CType::Unsigned(_), CType::Signed(bits)) if bits >= 64 => {
                let aff = self.aff(node)?;
                self.observe(node, &aff, from);
                Ok(aff)
            }
            _ => Err(self.reject(node, "a narrowing conversion: it may change the value")),
        }
    }

    /// Lifts an integer expression.
    pub fn aff(&self, node: Node) -> Lifted<Aff> {
        match node.kind() {
            "number_literal" => parse_int_text(text(node, self.src))
                .map(Aff::Int)
                .ok_or_else(|| self.reject(node, "not an integer constant")),
            "identifier" => self.name(node),
            "parenthesized_expression" => self.aff(self.only_child(node)?),
            "cast_expression" => {
                let target = self
                    .symbols
                    .resolve_type(text(field(node, "type", self)?, self.src));
                self.converted(field(node, "value", self)?, target)
            }
            "unary_expression" => {
                let arg = self.aff(field(node, "argument", self)?)?;
                match op_text(node, self.src).as_str() {
                    "-" => Ok(Aff::Neg(Box::new(arg))),
                    "+" => Ok(arg),
                    _ => Err(self.reject(node, "not an arithmetic operator")),
                }
            }
            "binary_expression" => self.binary(node),
            "conditional_expression" => self.min_max_ternary(node),
            "call_expression" => match misparsed_cast(node, self.src, self.symbols) {
                Some((target, value)) => self.converted(value, target),
                None => self.min_max_call(node),
            },
            _ => Err(self.reject(
                node,
                "not an integer expression of iterators and parameters",
            )),
        }
    }

    fn name(&self, node: Node) -> Lifted<Aff> {
        let written = text(node, self.src);
        let n = self.symbols.alias(written).unwrap_or(written);
        if self.iters.iter().any(|i| i == n) || self.symbols.define(n).is_some() {
            return Ok(Aff::name(n));
        }
        if is_polybench_bound(n) || self.symbols.is_int_constant(n) {
            return Ok(Aff::name(n));
        }
        if let Some((None, body)) = self.symbols.macro_definition(n) {
            return match self.symbols.opaque_macro(n) {
                Some(why) if !super::symbols::is_parenthesized(body) => Err(self.reject(node, why)),
                _ => self.expand(node, n, body.to_string()),
            };
        }
        match self.symbols.get_at(n, self.position(node)) {
            Some(s) if s.shape != Shape::Scalar => {
                Err(self.reject(node, &format!("`{n}` is an array or pointer")))
            }
            Some(s) => match s.ctype {
                t if t.is_modelled_integer() => Ok(Aff::name(n)),
                CType::Floating(_) => {
                    Err(self.reject(node, &format!("`{n}` has floating type `{}`", s.ty)))
                }
                CType::Unsigned(_) => Ok(Aff::name(n)),
                _ => Err(self.reject(
                    node,
                    &format!("nestor cannot see what type `{}` is (declared in a header?)", s.ty),
                )),
            },
            None if self.symbols.is_int_constant(n) || is_polybench_bound(n) => Ok(Aff::name(n)),
            None => Err(self.reject(
                node,
                &format!("nestor cannot see the declaration of `{n}`, so not its type (declared in a header? pass its value with `-D {n}=VALUE`)"),
            )),
        }
    }

    fn binary(&self, node: Node) -> Lifted<Aff> {
        let (left, right) = (field(node, "left", self)?, field(node, "right", self)?);
        let l = self.aff(left)?;
        let r = self.aff(right)?;
        self.observe_operands(node, [(left, &l), (right, &r)]);
        match op_text(node, self.src).as_str() {
            "+" => Ok(Aff::Add(Box::new(l), Box::new(r))),
            "-" => Ok(Aff::Sub(Box::new(l), Box::new(r))),
            "*" => match (self.known_constant(&l), self.known_constant(&r)) {
                (Some(c), _) => Ok(Aff::Scale(c, Box::new(r))),
                (_, Some(c)) => Ok(Aff::Scale(c, Box::new(l))),
                _ => Err(self.reject(node, "product of two non-constant values")),
            },
            op @ ("/" | "%") => match self.known_constant(&r) {
                Some(c) if c > 0 && op == "/" => Ok(Aff::Div(Box::new(l), c)),
                Some(c) if c > 0 => Ok(Aff::Mod(Box::new(l), c)),
                _ => Err(self.reject(node, "division by a value that is not a positive constant")),
            },
            _ => Err(self.reject(node, "operator is not affine")),
        }
    }

    /// The value of `a` when it is a constant: an integer, or one of `#define`d
    /// constants (`N * N` is a product by a constant).
    fn known_constant(&self, a: &Aff) -> Option<i64> {
        if let Some(c) = a.constant() {
            return Some(c);
        }
        let (c, terms) = a.linear()?;
        terms.into_iter().try_fold(c, |sum, (name, k)| {
            sum.checked_add(k.checked_mul(self.symbols.define(&name)?)?)
        })
    }

    /// `a < b ? a : b` is `min(a, b)`; likewise `max`, with either comparison direction.
    fn min_max_ternary(&self, node: Node) -> Lifted<Aff> {
        let cond = unparen(field(node, "condition", self)?);
        let yes = self.aff(field(node, "consequence", self)?)?;
        let no = self.aff(field(node, "alternative", self)?)?;
        if cond.kind() == "binary_expression" {
            let (left, right) = (field(cond, "left", self)?, field(cond, "right", self)?);
            let a = self.aff(left)?;
            let b = self.aff(right)?;
            self.observe_compared([(left, &a), (right, &b)]);
            let less = match op_text(cond, self.src).as_str() {
                "<" | "<=" => Some(true),
                ">" | ">=" => Some(false),
                _ => None,
            };
            if let Some(less) = less {
                if yes == a && no == b {
                    return Ok(min_or_max(less, a, b));
                }
                if yes == b && no == a {
                    return Ok(min_or_max(!less, a, b));
                }
            }
        }
        Err(self.reject(node, "a conditional that is not a min or max"))
    }

    fn min_max_call(&self, node: Node) -> Lifted<Aff> {
        let f = text(field(node, "function", self)?, self.src);
        let args = field(node, "arguments", self)?;
        let mut cursor = args.walk();
        let args: Vec<Node> = args.named_children(&mut cursor).collect();
        if let Some((Some(params), body)) = self.symbols.macro_definition(f) {
            if params.len() != args.len() {
                return Err(self.reject(node, &format!("`{f}` takes {} arguments", params.len())));
            }
            let args: Vec<&str> = args.iter().map(|a| text(*a, self.src)).collect();
            let expanded = substitute(body, params, &args);
            return self.expand(node, f, expanded);
        }
        let library = self.symbols.is_library_function(f);
        let is_min = library && matches!(f, "min" | "MIN" | "imin");
        let is_max = library && matches!(f, "max" | "MAX" | "imax");
        if (is_min || is_max) && args.len() == 2 {
            let (a, b) = (self.aff(args[0])?, self.aff(args[1])?);
            self.observe_compared([(args[0], &a), (args[1], &b)]);
            return Ok(min_or_max(is_min, a, b));
        }
        Err(self.reject(node, &format!("`{f}` is not min or max")))
    }

    /// Lifts the expansion `body` of macro `name` used at `node`, as the preprocessor
    /// would: only a parenthesized body means the same wherever it is expanded, and a
    /// body may not name an iterator itself (renaming loops would not rename it).
    fn expand(&self, node: Node, name: &str, body: String) -> Lifted<Aff> {
        let depth = self.expansion.as_ref().map_or(0, |(_, d)| *d);
        if depth > 16 {
            return Err(self.reject(node, &format!("macro `{name}` expands too deeply")));
        }
        if body.contains('#') {
            return Err(self.reject(node, &format!("macro `{name}` uses `#` or `##`")));
        }
        if !super::symbols::is_parenthesized(&body) {
            return Err(self.reject(
                node,
                &format!("macro `{name}` expands to `{}`, which is not parenthesized, so its value depends on where it is used", short(&body)),
            ));
        }
        let own_words = self.symbols.macro_definition(name).map(|(params, own)| {
            let params = params.unwrap_or(&[]);
            own.split(|c: char| !c.is_alphanumeric() && c != '_')
                .filter(|w| !params.iter().any(|p| p == w))
                .map(str::to_string)
                .collect::<Vec<_>>()
        });
        if let Some(i) = own_words
            .iter()
            .flatten()
            .find(|w| self.iters.iter().any(|i| i == *w))
        {
            return Err(self.reject(
                node,
                &format!("macro `{name}` names loop iterator `{i}` in its body; nestor may rename the loop"),
            ));
        }
        let src = format!("long __nestor_v = {body};");
        let tree = super::syntax::parse(&src)
            .ok_or_else(|| self.reject(node, "the macro's expansion does not parse"))?;
        let init = tree
            .root_node()
            .named_child(0)
            .and_then(|d| d.child_by_field_name("declarator"))
            .and_then(|d| d.child_by_field_name("value"))
            .filter(|_| !tree.root_node().has_error())
            .ok_or_else(|| self.reject(node, "the macro's expansion is not an expression"))?;
        let span = match &self.expansion {
            Some((span, _)) => span.clone(),
            None => node.byte_range(),
        };
        let inner = AffineContext {
            src: &src,
            symbols: self.symbols,
            iters: self.iters,
            code: self.code,
            expansion: Some((span, depth + 1)),
            unsigned: self.unsigned,
        };
        inner.aff(init)
    }

    /// Where names in `node` are looked up: at `node`, or where the macro it comes
    /// from is used.
    fn position(&self, node: Node) -> usize {
        match &self.expansion {
            Some((span, _)) => span.start,
            None => node.start_byte(),
        }
    }

    /// Lifts a condition built from comparisons with `&&`, `||` and `!`.
    pub fn cond(&self, node: Node) -> Lifted<Cond> {
        match node.kind() {
            "parenthesized_expression" => self.cond(self.only_child(node)?),
            "unary_expression" if op_text(node, self.src) == "!" => {
                Ok(self.cond(field(node, "argument", self)?)?.negate())
            }
            "binary_expression" => {
                let op = op_text(node, self.src);
                let (l, r) = (field(node, "left", self)?, field(node, "right", self)?);
                match op.as_str() {
                    "&&" => Ok(self.cond(l)?.and(self.cond(r)?)),
                    "||" => Ok(Cond::Or(Box::new(self.cond(l)?), Box::new(self.cond(r)?))),
                    _ => {
                        let cmp =
                            cmp_op(&op).ok_or_else(|| self.reject(node, "not a comparison"))?;
                        let (a, b) = (self.aff(l)?, self.aff(r)?);
                        self.observe_compared([(l, &a), (r, &b)]);
                        Ok(Cond::Cmp(a, cmp, b))
                    }
                }
            }
            _ => Err(self.reject(node, "not a comparison of affine expressions")),
        }
    }

    fn only_child<'t>(&self, node: Node<'t>) -> Lifted<Node<'t>> {
        node.named_child(0)
            .ok_or_else(|| self.reject(node, "empty expression"))
    }
}

/// `A[i][j]` as its base `A` (parentheses looked through) and its subscripts `[i, j]`,
/// outermost first; `None` when a subscript expression lacks a part.
pub fn subscripts_of(node: Node) -> Option<(Node, Vec<Node>)> {
    let mut indices = Vec::new();
    let mut base = unparen(node);
    while base.kind() == "subscript_expression" {
        indices.push(base.child_by_field_name("index")?);
        base = unparen(base.child_by_field_name("argument")?);
    }
    indices.reverse();
    Some((base, indices))
}

/// `(T)(e)` with `T` a typedef or type macro, which tree-sitter reads as a call of
/// `(T)` (it cannot tell type names from variables): the type and `e`.
pub fn misparsed_cast<'t>(
    node: Node<'t>,
    src: &str,
    symbols: &Symbols,
) -> Option<(CType, Node<'t>)> {
    let function = node.child_by_field_name("function")?;
    if function.kind() != "parenthesized_expression" {
        return None;
    }
    let name = function
        .named_child(0)
        .filter(|n| n.kind() == "identifier")?;
    let target = symbols.resolve_type(text(name, src));
    if target == CType::Unknown || symbols.get(text(name, src)).is_some() {
        return None;
    }
    let arguments = node.child_by_field_name("arguments")?;
    let mut cursor = arguments.walk();
    let values: Vec<Node<'t>> = arguments
        .named_children(&mut cursor)
        .filter(|c| c.kind() != "comment")
        .collect();
    match values.as_slice() {
        [value] => Some((target, *value)),
        _ => None,
    }
}

/// PolyBench's loop-bound macros (`_PB_N`): `int` parameters by the suite's convention.
pub fn is_polybench_bound(name: &str) -> bool {
    name.starts_with("_PB_")
}

fn min_or_max(min: bool, a: Aff, b: Aff) -> Aff {
    if min {
        Aff::Min(Box::new(a), Box::new(b))
    } else {
        Aff::Max(Box::new(a), Box::new(b))
    }
}

pub fn cmp_op(op: &str) -> Option<CmpOp> {
    Some(match op {
        "<" => CmpOp::Lt,
        "<=" => CmpOp::Le,
        ">" => CmpOp::Gt,
        ">=" => CmpOp::Ge,
        "==" => CmpOp::Eq,
        "!=" => CmpOp::Ne,
        _ => return None,
    })
}

fn field<'t>(node: Node<'t>, name: &str, cx: &AffineContext) -> Lifted<Node<'t>> {
    node.child_by_field_name(name)
        .ok_or_else(|| cx.reject(node, "incomplete expression"))
}

/// The operator token of a unary/binary/assignment/update expression.
pub fn op_text(node: Node, src: &str) -> String {
    node.child_by_field_name("operator")
        .map_or(String::new(), |o| text(o, src).to_string())
}

pub fn unparen(mut node: Node) -> Node {
    while node.kind() == "parenthesized_expression" {
        match node.named_child(0) {
            Some(inner) => node = inner,
            None => break,
        }
    }
    node
}

fn reads_memory(node: Node) -> bool {
    if matches!(
        node.kind(),
        "subscript_expression" | "pointer_expression" | "field_expression"
    ) {
        return true;
    }
    let mut cursor = node.walk();
    let children: Vec<Node> = node.named_children(&mut cursor).collect();
    children.into_iter().any(reads_memory)
}

/// The first line of `s`, cut to 60 characters.
pub fn short(s: &str) -> String {
    let line = s.lines().next().unwrap_or("");
    let mut out: String = line.chars().take(60).collect();
    if out.len() < s.len() {
        out.push('…');
    }
    out
}
