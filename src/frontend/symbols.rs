//! What the file declares: `#define` constants, globals, and per function its
//! parameters and locals — including PolyBench's `POLYBENCH_2D(A,N,M,n,m)` form.

use super::syntax::text;
use crate::frontend::ir::Scope;
use std::collections::HashMap;
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

    /// Whether a loop iterator of this type behaves like a mathematical integer for
    /// the values nestor generates (negative intermediate bounds included).
    pub fn is_signed_integer(&self) -> bool {
        if self.shape != Shape::Scalar {
            return false;
        }
        let t = self.ty.replace("const", "");
        let t = t.trim();
        let words: Vec<&str> = t.split_whitespace().collect();
        if words.contains(&"unsigned") {
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
}

/// Names visible in one function: its locals and parameters over the globals.
#[derive(Clone, Debug, Default)]
pub struct Symbols {
    pub defines: HashMap<String, i64>,
    globals: HashMap<String, Symbol>,
    function: HashMap<String, Symbol>,
}

impl Symbols {
    /// File-scope symbols: integer `#define`s (overridden by `-D` values) and globals.
    pub fn for_file(root: Node, src: &str, cli_defines: &[(String, i64)]) -> Symbols {
        let mut syms = Symbols::default();
        let mut cursor = root.walk();
        for child in root.children(&mut cursor) {
            match child.kind() {
                "preproc_def" => syms.add_define(child, src),
                "declaration" => {
                    for s in declared(child, src, Scope::Global) {
                        syms.globals.insert(s.name.clone(), s);
                    }
                }
                _ => {}
            }
        }
        for (name, value) in cli_defines {
            syms.defines.insert(name.clone(), *value);
        }
        syms
    }

    fn add_define(&mut self, def: Node, src: &str) {
        let (Some(name), Some(value)) = (
            def.child_by_field_name("name"),
            def.child_by_field_name("value"),
        ) else {
            return;
        };
        if let Some(v) = parse_int_text(text(value, src)) {
            self.defines.insert(text(name, src).to_string(), v);
        }
    }

    /// These file symbols plus the parameters and every local of `function`.
    pub fn for_function(&self, function: Node, src: &str) -> Symbols {
        let mut syms = Symbols {
            defines: self.defines.clone(),
            globals: self.globals.clone(),
            function: HashMap::new(),
        };
        if let Some(params) = function
            .child_by_field_name("declarator")
            .and_then(|d| find_kind(d, "parameter_list"))
        {
            let mut cursor = params.walk();
            for p in params.named_children(&mut cursor) {
                if p.kind() == "parameter_declaration" {
                    for s in declared(p, src, Scope::Parameter) {
                        syms.function.insert(s.name.clone(), s);
                    }
                }
            }
        }
        if let Some(body) = function.child_by_field_name("body") {
            collect_locals(body, src, &mut syms.function);
        }
        syms
    }

    pub fn get(&self, name: &str) -> Option<&Symbol> {
        self.function.get(name).or_else(|| self.globals.get(name))
    }

    pub fn define(&self, name: &str) -> Option<i64> {
        self.defines.get(name).copied()
    }
}

fn collect_locals(node: Node, src: &str, out: &mut HashMap<String, Symbol>) {
    if node.kind() == "declaration" {
        for s in declared(node, src, Scope::Local) {
            out.insert(s.name.clone(), s);
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
