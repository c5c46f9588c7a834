//! What the file declares: `#define` constants, globals, and per function its
//! parameters and locals — including PolyBench's `POLYBENCH_2D(A,N,M,n,m)` form.

use super::syntax::text;
use crate::diag::Span;
use crate::frontend::ir::Scope;
use std::collections::{HashMap, HashSet};
use tree_sitter::Node;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    Scalar,
    /// Extents as C text, outermost first.
    Array(Vec<String>),
    /// `T *restrict p`: indexed as a 1-d array of unknown extent.
    RestrictPointer,
    /// Any other pointer: may alias anything.
    Pointer,
}

#[derive(Clone, Debug)]
pub struct Symbol {
    pub name: String,
    /// The element type as written (`double`, `DATA_TYPE`, `unsigned int`).
    pub ty: String,
    pub shape: Shape,
    pub scope: Scope,
}

impl Symbol {
    pub fn is_floating(&self) -> bool {
        let t = self.ty.as_str();
        t.contains("double") || t.contains("float") || t == "DATA_TYPE"
    }
}

fn starts_numeric(word: &str) -> bool {
    word.starts_with(|c: char| c.is_ascii_digit() || c == '.')
}

/// Whether `ty` is a signed integer type: iterators of such types behave like
/// mathematical integers on the values nestor generates (negative bounds included).
pub fn signed_integer_type(ty: &str) -> bool {
    let t = ty.replace("const", "");
    let t = t.trim();
    let words: Vec<&str> = t.split_whitespace().collect();
    if words.is_empty() || words.contains(&"unsigned") {
        return false;
    }
    words
        .iter()
        .all(|w| matches!(*w, "int" | "long" | "short" | "signed" | "register"))
        || matches!(
            t,
            "ptrdiff_t" | "ssize_t" | "intptr_t" | "intmax_t" | "int64_t" | "int32_t"
        )
}

/// Whether values of type `ty` compare as unsigned integers in C.
pub fn unsigned_integer_type(ty: &str) -> bool {
    ty.split_whitespace().any(|w| w == "unsigned")
        || matches!(
            ty.trim(),
            "size_t" | "uint64_t" | "uint32_t" | "uintptr_t" | "uintmax_t" | "uint16_t" | "uint8_t"
        )
}

/// Names visible in one function: its locals and parameters over the globals.
#[derive(Clone, Debug, Default)]
pub struct Symbols {
    pub defines: HashMap<String, i64>,
    globals: HashMap<String, Symbol>,
    /// Parameters and locals, each with the byte range where its declaration is
    /// visible (its block, from the declaration on).
    function: HashMap<String, Vec<(Symbol, Span)>>,
    /// Object-like macros whose body is one identifier (`#define LEN count`).
    aliases: HashMap<String, String>,
    /// Other object-like macros that are not integer constants.
    opaque_macros: HashSet<String>,
    /// Where names are looked up (see [`Symbols::at`]).
    position: usize,
}

impl Symbols {
    /// File-scope symbols: integer `#define`s (overridden by `-D` values) and globals.
    pub fn for_file(root: Node, src: &str, cli_defines: &[(String, i64)]) -> Symbols {
        let mut syms = Symbols::default();
        syms.add_file_scope(root, src);
        for (name, value) in cli_defines {
            syms.defines.insert(name.clone(), *value);
        }
        syms
    }

    /// The defines and globals among `node`'s children, looking into `#ifndef N` /
    /// `#define N 100` / `#endif` guards (a `-D` given later takes precedence).
    fn add_file_scope(&mut self, node: Node, src: &str) {
        let mut cursor = node.walk();
        let children: Vec<Node> = node.children(&mut cursor).collect();
        for child in children {
            match child.kind() {
                "preproc_def" => self.add_define(child, src),
                "preproc_ifdef" | "preproc_if" | "preproc_else" => self.add_file_scope(child, src),
                "declaration" => {
                    for s in declared(child, src, Scope::Global) {
                        self.globals.insert(s.name.clone(), s);
                    }
                }
                _ => {}
            }
        }
    }

    fn add_define(&mut self, def: Node, src: &str) {
        let (Some(name), Some(value)) = (
            def.child_by_field_name("name"),
            def.child_by_field_name("value"),
        ) else {
            return;
        };
        let (name, value) = (text(name, src).to_string(), text(value, src).trim());
        if let Some(v) = parse_int_text(value) {
            self.defines.insert(name, v);
        } else if value.chars().all(|c| c.is_alphanumeric() || c == '_')
            && !value.is_empty()
            && !starts_numeric(value)
        {
            self.aliases.insert(name, value.to_string());
        } else if !value
            .split(|c: char| !c.is_alphanumeric() && c != '_' && c != '.')
            .all(|w| w.is_empty() || starts_numeric(w))
        {
            // Not made of literals only (e.g. `A[i][j]`, `n + 1`): nestor cannot see what it reads.
            self.opaque_macros.insert(name);
        }
    }

    /// These file symbols plus the parameters and every local of `function`.
    pub fn for_function(&self, function: Node, src: &str) -> Symbols {
        let mut syms = Symbols {
            function: HashMap::new(),
            ..self.clone()
        };
        let everywhere = function.byte_range();
        if let Some(params) = function
            .child_by_field_name("declarator")
            .and_then(|d| find_kind(d, "parameter_list"))
        {
            let mut cursor = params.walk();
            for p in params.named_children(&mut cursor) {
                if p.kind() == "parameter_declaration" {
                    for s in declared(p, src, Scope::Parameter) {
                        syms.function
                            .entry(s.name.clone())
                            .or_default()
                            .push((s, everywhere.clone()));
                    }
                }
            }
        }
        if let Some(body) = function.child_by_field_name("body") {
            collect_locals(body, src, &mut syms.function);
        }
        syms
    }

    /// The same symbols, looked up from byte `position` of the function.
    pub fn at(&self, position: usize) -> Symbols {
        Symbols {
            position,
            ..self.clone()
        }
    }

    /// The declaration of `name` visible at this position: the innermost local or
    /// parameter, else the global.
    pub fn get(&self, name: &str) -> Option<&Symbol> {
        let visible = self
            .function
            .get(name)
            .into_iter()
            .flatten()
            .filter(|(_, scope)| scope.contains(&self.position));
        visible
            .min_by_key(|(_, scope)| scope.len())
            .map(|(s, _)| s)
            .or_else(|| self.globals.get(name))
    }

    /// What an object-like macro stands for when it names another identifier
    /// (`#define _PB_N n`), followed through a few levels.
    pub fn alias(&self, name: &str) -> Option<&str> {
        let mut target = self.aliases.get(name)?;
        for _ in 0..8 {
            match self.aliases.get(target) {
                Some(next) => target = next,
                None => break,
            }
        }
        Some(target)
    }

    /// Whether `name` is an object-like macro nestor cannot see through.
    pub fn is_opaque_macro(&self, name: &str) -> bool {
        self.opaque_macros.contains(name)
    }

    pub fn define(&self, name: &str) -> Option<i64> {
        self.defines.get(name).copied()
    }
}

fn collect_locals(node: Node, src: &str, out: &mut HashMap<String, Vec<(Symbol, Span)>>) {
    if node.kind() == "declaration" {
        let block_end = node.parent().map_or(node.end_byte(), |b| b.end_byte());
        for s in declared(node, src, Scope::Local) {
            out.entry(s.name.clone())
                .or_default()
                .push((s, node.start_byte()..block_end));
        }
    }
    let mut cursor = node.walk();
    for child in node.named_children(&mut cursor) {
        collect_locals(child, src, out);
    }
}

fn find_kind<'t>(node: Node<'t>, kind: &str) -> Option<Node<'t>> {
    if node.kind() == kind {
        return Some(node);
    }
    let mut cursor = node.walk();
    let children: Vec<Node<'t>> = node.named_children(&mut cursor).collect();
    children.into_iter().find_map(|c| find_kind(c, kind))
}

/// The symbols a `declaration` or `parameter_declaration` introduces.
fn declared(decl: Node, src: &str, scope: Scope) -> Vec<Symbol> {
    let Some(ty) = decl.child_by_field_name("type") else {
        return Vec::new();
    };
    let ty = type_text(decl, ty, src);
    let mut cursor = decl.walk();
    decl.children_by_field_name("declarator", &mut cursor)
        .filter_map(|d| symbol_of_declarator(d, &ty, src, scope))
        .collect()
}

/// The type specifier with the qualifiers written before it (`const`, `unsigned`).
fn type_text(decl: Node, ty: Node, src: &str) -> String {
    let mut words = Vec::new();
    let mut cursor = decl.walk();
    for child in decl.children(&mut cursor) {
        if child.kind() == "type_qualifier" && child.start_byte() < ty.start_byte() {
            words.push(text(child, src));
        }
    }
    words.push(text(ty, src));
    words.join(" ")
}

fn symbol_of_declarator(d: Node, ty: &str, src: &str, scope: Scope) -> Option<Symbol> {
    let mut node = d;
    let mut extents = Vec::new();
    let mut pointer = None;
    loop {
        match node.kind() {
            "identifier" => break,
            "init_declarator" | "parenthesized_declarator" | "attributed_declarator" => {
                node = node
                    .child_by_field_name("declarator")
                    .or_else(|| node.named_child(0))?;
            }
            "array_declarator" => {
                extents.push(
                    node.child_by_field_name("size")
                        .map_or(String::new(), |s| text(s, src).to_string()),
                );
                node = node.child_by_field_name("declarator")?;
            }
            "pointer_declarator" => {
                let restrict = text(node, src)
                    .split(|c: char| !c.is_alphanumeric() && c != '_')
                    .any(|w| w == "restrict" || w == "__restrict" || w == "__restrict__");
                pointer = Some(pointer.unwrap_or(true) && restrict);
                node = node.child_by_field_name("declarator")?;
            }
            "function_declarator" => return polybench_array(node, ty, src, scope),
            _ => return None,
        }
    }
    extents.reverse();
    let shape = match (pointer, extents.is_empty()) {
        (None, true) => Shape::Scalar,
        (None, false) => Shape::Array(extents),
        (Some(true), true) => Shape::RestrictPointer,
        (Some(_), _) => Shape::Pointer,
    };
    Some(Symbol {
        name: text(node, src).to_string(),
        ty: ty.to_string(),
        shape,
        scope,
    })
}

/// `POLYBENCH_kD(A, N1..Nk, n1..nk)` declares `A` with run-time extents `n1..nk`.
fn polybench_array(f: Node, ty: &str, src: &str, scope: Scope) -> Option<Symbol> {
    let macro_name = text(f.child_by_field_name("declarator")?, src);
    let rank: usize = macro_name
        .strip_prefix("POLYBENCH_")?
        .strip_suffix('D')?
        .parse()
        .ok()?;
    let params = f.child_by_field_name("parameters")?;
    let mut cursor = params.walk();
    let args: Vec<String> = params
        .named_children(&mut cursor)
        .map(|a| text(a, src).trim().to_string())
        .collect();
    if args.len() != 1 + 2 * rank {
        return None;
    }
    Some(Symbol {
        name: args[0].clone(),
        ty: ty.to_string(),
        shape: Shape::Array(args[1 + rank..].to_vec()),
        scope,
    })
}

/// An integer literal, possibly negated and parenthesized: `100`, `(-4)`, `0x10UL`.
pub fn parse_int_text(t: &str) -> Option<i64> {
    let t = t.trim();
    if let Some(inner) = t.strip_prefix('(').and_then(|r| r.strip_suffix(')')) {
        return parse_int_text(inner);
    }
    if let Some(rest) = t.strip_prefix('-') {
        return parse_int_text(rest)?.checked_neg();
    }
    let digits = t.trim_end_matches(['u', 'U', 'l', 'L']);
    if let Some(hex) = digits
        .strip_prefix("0x")
        .or_else(|| digits.strip_prefix("0X"))
    {
        return i64::from_str_radix(hex, 16).ok();
    }
    if digits.len() > 1 && digits.starts_with('0') {
        return i64::from_str_radix(&digits[1..], 8).ok();
    }
    digits.parse().ok()
}
