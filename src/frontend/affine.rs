//! Lifting C expressions to quasi-affine form ([`Aff`], [`Cond`]).

use super::ir::{Aff, CmpOp, Cond};
use super::symbols::{Shape, Symbols, parse_int_text, signed_integer_type, unsigned_integer_type};
use super::syntax::text;
use crate::diag::{Code, Diagnostic};
use tree_sitter::Node;

/// What affine lifting needs to know: the source, the symbols, the iterators in scope,
/// and which code to report a non-affine expression under.
pub struct AffineContext<'a> {
    pub src: &'a str,
    pub symbols: &'a Symbols,
    pub iters: &'a [String],
    pub code: Code,
}

type Lifted<T> = Result<T, Box<Diagnostic>>;

impl AffineContext<'_> {
    fn reject(&self, node: Node, why: &str) -> Box<Diagnostic> {
        let (code, what) = match self.code {
            Code::NonAffineSubscript => (self.code, "array subscript"),
            Code::NonAffineCondition => (self.code, "`if` condition"),
            _ => (Code::NonAffineBound, "loop bound"),
        };
        let indirect = reads_memory(node) && code == Code::NonAffineSubscript;
        let (code, why) = if indirect {
            (
                Code::IndirectSubscript,
                "the subscript reads memory (an indirect access)",
            )
        } else {
            (code, why)
        };
        Box::new(
            Diagnostic::new(
                code,
                node.byte_range(),
                format!("{what} `{}` is not affine: {why}", short(text(node, self.src))),
            )
            .label(why.to_string())
            .expected("sums of iterators and parameters times integer constants, `/` and `%` by positive constants, min/max")
            .hint("rewrite it in affine form, or move it out of the loop nest"),
        )
    }

    /// Lifts an integer expression.
    pub fn aff(&self, node: Node) -> Lifted<Aff> {
        match node.kind() {
            "number_literal" if text(node, self.src).contains(['u', 'U']) => {
                Err(self.reject(node, "an unsigned constant makes the comparison unsigned"))
            }
            "number_literal" => parse_int_text(text(node, self.src))
                .map(Aff::Int)
                .ok_or_else(|| self.reject(node, "not an integer constant")),
            "identifier" => self.name(node),
            "parenthesized_expression" => self.aff(self.only_child(node)?),
            "cast_expression" => {
                let ty = field(node, "type", self)?;
                if !signed_integer_type(text(ty, self.src)) {
                    return Err(self.reject(node, "a cast to a type that is not a signed integer"));
                }
                self.aff(field(node, "value", self)?)
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
            "call_expression" => self.min_max_call(node),
            _ => Err(self.reject(
                node,
                "not an integer expression of iterators and parameters",
            )),
        }
    }

    fn name(&self, node: Node) -> Lifted<Aff> {
        let written = text(node, self.src);
        if self.symbols.is_opaque_macro(written) {
            return Err(self.reject(node, &format!("`{written}` is a macro nestor cannot read")));
        }
        let n = self.symbols.alias(written).unwrap_or(written);
        if self.iters.iter().any(|i| i == n) || self.symbols.define(n).is_some() {
            return Ok(Aff::name(n));
        }
        match self.symbols.get(n) {
            Some(s) if s.shape != Shape::Scalar => {
                Err(self.reject(node, &format!("`{n}` is an array or pointer")))
            }
            Some(s) if s.is_floating() => {
                Err(self.reject(node, &format!("`{n}` has floating type `{}`", s.ty)))
            }
            Some(s) if unsigned_integer_type(&s.ty) => Err(self.reject(
                node,
                &format!(
                    "`{n}` has unsigned type `{}`, so comparisons with it are unsigned",
                    s.ty
                ),
            )),
            _ => Ok(Aff::name(n)),
        }
    }

    fn binary(&self, node: Node) -> Lifted<Aff> {
        let l = self.aff(field(node, "left", self)?)?;
        let r = self.aff(field(node, "right", self)?)?;
        match op_text(node, self.src).as_str() {
            "+" => Ok(Aff::Add(Box::new(l), Box::new(r))),
            "-" => Ok(Aff::Sub(Box::new(l), Box::new(r))),
            "*" => match (l.constant(), r.constant()) {
                (Some(c), _) => Ok(Aff::Scale(c, Box::new(r))),
                (_, Some(c)) => Ok(Aff::Scale(c, Box::new(l))),
                _ => Err(self.reject(node, "product of two non-constant values")),
            },
            op @ ("/" | "%") => match r.constant() {
                Some(c) if c > 0 && op == "/" => Ok(Aff::Div(Box::new(l), c)),
                Some(c) if c > 0 => Ok(Aff::Mod(Box::new(l), c)),
                _ => Err(self.reject(node, "division by a value that is not a positive constant")),
            },
            _ => Err(self.reject(node, "operator is not affine")),
        }
    }

    /// `a < b ? a : b` is `min(a, b)`; likewise `max`, with either comparison direction.
    fn min_max_ternary(&self, node: Node) -> Lifted<Aff> {
        let cond = unparen(field(node, "condition", self)?);
        let yes = self.aff(field(node, "consequence", self)?)?;
        let no = self.aff(field(node, "alternative", self)?)?;
        if cond.kind() == "binary_expression" {
            let a = self.aff(field(cond, "left", self)?)?;
            let b = self.aff(field(cond, "right", self)?)?;
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
        let is_min = matches!(f, "min" | "MIN" | "imin");
        let is_max = matches!(f, "max" | "MAX" | "imax");
        if (is_min || is_max) && args.len() == 2 {
            return Ok(min_or_max(is_min, self.aff(args[0])?, self.aff(args[1])?));
        }
        Err(self.reject(node, &format!("`{f}` is not min or max")))
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
                        Ok(Cond::Cmp(self.aff(l)?, cmp, self.aff(r)?))
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
