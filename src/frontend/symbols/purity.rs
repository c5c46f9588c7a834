//! Which calls only compute a value: C library math functions the file does not
//! redefine, functions declared `__attribute__((const))`, `#pragma nestor pure`, `--pure`.

use super::Symbols;
use crate::frontend::syntax::find_kind;
use crate::frontend::syntax::text;
use tree_sitter::Node;

impl Symbols {
    /// Whether the file (or a local header it includes) defines function `name`.
    pub fn defines_function(&self, name: &str) -> bool {
        self.defined_functions.contains(name)
    }

    /// Whether a call of `name` may be trusted to mean the C library's function of
    /// that name: the file defines no function, macro or variable of that name.
    pub fn is_library_function(&self, name: &str) -> bool {
        !self.defines_function(name) && !self.macros.contains_key(name) && self.get(name).is_none()
    }

    /// Whether calls of `name` read only their arguments' values and write nothing: a
    /// pure C library function the file does not redefine, a function-like macro whose
    /// body reads only its parameters, or a function the user declares pure.
    pub fn is_known_pure(&self, name: &str) -> bool {
        self.is_pure_library_function(name)
            || self.is_pure_macro(name)
            || self.is_declared_pure(name)
    }

    /// Whether `name` is a pure C library function ([`PURE_FUNCTIONS`], the math
    /// functions in every form) the file does not redefine.
    pub fn is_pure_library_function(&self, name: &str) -> bool {
        (PURE_FUNCTIONS.contains(&name) || is_math_function(name)) && self.is_library_function(name)
    }

    /// Whether calls of `name` read only their arguments' values and write nothing, as
    /// the user declares (`__attribute__((const))`, `#pragma nestor pure`, `--pure`).
    pub fn is_declared_pure(&self, name: &str) -> bool {
        self.pure_functions.contains(name)
    }
}

/// Calls that read only their arguments and write nothing, besides the math functions
/// ([`is_math_function`]).
const PURE_FUNCTIONS: &[&str] = &["abs", "labs", "llabs", "min", "max", "MIN", "MAX"];

/// `<math.h>`'s functions of `double` that compute a value from their arguments alone
/// (`lgamma`, which sets `signgam`, and the functions reading the rounding mode are
/// not among them); each has a `float` (`f`) and a `long double` (`l`) form.
const MATH_FUNCTIONS: &[&str] = &[
    "sqrt", "cbrt", "hypot", "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "pow",
    "fabs", "sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh", "asinh",
    "acosh", "atanh", "erf", "erfc", "tgamma", "floor", "ceil", "round", "trunc", "fmin", "fmax",
    "fmod", "fdim", "copysign", "fma",
];

/// Whether `name` is one of `<math.h>`'s pure functions, in any of its forms (`expf`,
/// `tanhl`).
fn is_math_function(name: &str) -> bool {
    let stem = name.strip_suffix(['f', 'l']).unwrap_or(name);
    MATH_FUNCTIONS.contains(&name) || MATH_FUNCTIONS.contains(&stem)
}

/// The functions a `#pragma nestor pure(f, g)` names.
pub(super) fn pure_pragma(node: Node, src: &str) -> Vec<String> {
    crate::frontend::syntax::nestor_pragma(node, src)
        .and_then(|(word, rest)| (word == "pure").then_some(rest))
        .and_then(|a| a.strip_prefix('('))
        .and_then(|a| a.strip_suffix(')'))
        .map(|list| {
            list.split(',')
                .map(|n| n.trim().to_string())
                .filter(|n| !n.is_empty())
                .collect()
        })
        .unwrap_or_default()
}

/// The function `node` (a declaration or definition) declares with
/// `__attribute__((const))` (or `__const__`): GCC's promise that it reads no memory.
pub(super) fn const_function(node: Node, src: &str) -> Option<String> {
    let mut attributes = Vec::new();
    let mut stack = vec![node];
    while let Some(n) = stack.pop() {
        if n.kind() == "attribute_specifier" {
            attributes.push(text(n, src));
        }
        if n.kind() != "compound_statement" {
            let mut cursor = n.walk();
            stack.extend(n.named_children(&mut cursor));
        }
    }
    let is_const = attributes.iter().any(|a| {
        a.split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .any(|w| w == "const" || w == "__const__")
    });
    if !is_const {
        return None;
    }
    find_kind(node, "function_declarator")?;
    crate::frontend::syntax::declared_name(node, src).map(str::to_string)
}
