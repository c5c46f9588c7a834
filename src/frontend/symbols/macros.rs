//! Macros: integer `#define`s (and `-D`) evaluated to constants, other macros kept with
//! their bodies; a macro defined twice with different bodies is opaque everywhere.

use super::{Macro, Symbols};
use crate::frontend::syntax::text;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;
use tree_sitter::Node;

impl Symbols {
    pub(super) fn add_define(&mut self, def: Node, src: &str) {
        let Some(name) = def.child_by_field_name("name") else {
            return;
        };
        let name = text(name, src).to_string();
        let value = def
            .child_by_field_name("value")
            .map_or("", |v| text(v, src).trim());
        let params = def.child_by_field_name("parameters").map(|p| {
            let mut cursor = p.walk();
            p.named_children(&mut cursor)
                .map(|i| text(i, src).to_string())
                .collect()
        });
        let words = value
            .split(|c: char| !c.is_alphanumeric() && c != '_')
            .filter(|w| !w.is_empty() && !starts_numeric(w))
            .map(str::to_string)
            .collect();
        let redefined = self.macros.get(&name).is_some_and(|old| {
            old.body != value
                && !(parse_int_text(&old.body).is_some() && parse_int_text(value).is_some())
        });
        if redefined {
            // Defined with other bodies in two places (`#undef K` / `#define K (next())`,
            // or two preprocessor branches): what a use means depends on where it is,
            // which nestor does not track, so no use of it is modelled.
            Rc::make_mut(&mut self.defines).remove(&name);
            Rc::make_mut(&mut self.aliases).remove(&name);
            Rc::make_mut(&mut self.int_constants).remove(&name);
            Rc::make_mut(&mut self.opaque_macros).insert(
                name.clone(),
                format!("`{name}` is defined more than once in the file, with different bodies, so its meaning depends on where it is used"),
            );
        }
        Rc::make_mut(&mut self.macros).insert(
            name.clone(),
            Macro {
                params,
                words,
                body: value.to_string(),
            },
        );
        if def.kind() != "preproc_def" || redefined {
            return;
        }
        let conflicting = |v: i64| self.defines.get(&name).is_some_and(|old| *old != v);
        if let Some(v) = parse_int_text(value)
            .or_else(|| constant_expression(value, &self.defines))
            .filter(|_| !value.contains(['u', 'U']))
            .filter(|v| conflicting(*v))
        {
            let old = Rc::make_mut(&mut self.defines).remove(&name);
            if old.is_some_and(|o| i32::try_from(o).is_ok()) && i32::try_from(v).is_ok() {
                Rc::make_mut(&mut self.int_constants).insert(name);
            } else {
                Rc::make_mut(&mut self.opaque_macros).insert(
                    name.clone(),
                    format!("`{name}` is defined as {v} in one preprocessor branch and otherwise in another"),
                );
            }
        } else if self.opaque_macros.contains_key(&name) || self.int_constants.contains(&name) {
            // Already seen with another definition in another branch.
        } else if let Some(v) = parse_int_text(value)
            && !value.contains(['u', 'U'])
        {
            Rc::make_mut(&mut self.defines).insert(name, v);
        } else if value.chars().all(|c| c.is_alphanumeric() || c == '_')
            && !value.is_empty()
            && !starts_numeric(value)
        {
            Rc::make_mut(&mut self.aliases).insert(name, value.to_string());
        } else if let Some(v) = constant_expression(value, &self.defines) {
            Rc::make_mut(&mut self.defines).insert(name, v);
        } else if !value.is_empty() {
            let why = if value.contains(['u', 'U']) && parse_int_text(value).is_some() {
                format!(
                    "`{name}` is an unsigned constant (`{value}`), so comparisons with it are unsigned"
                )
            } else {
                format!(
                    "`{name}` expands to `{value}`, which nestor cannot read as one value (a constant expression must be parenthesized)"
                )
            };
            Rc::make_mut(&mut self.opaque_macros).insert(name, why);
        }
    }

    /// Forgets what the file's default for `name` says (`#ifndef REAL` / `#define REAL
    /// double`) where something nestor has not read may define it first: an integer
    /// is then one of unknown value, anything else is opaque.
    pub(super) fn forget_default(&mut self, name: &str) {
        if self.make_int_of_unknown_value(name) {
            return;
        }
        Rc::make_mut(&mut self.defines).remove(name);
        if self.macros.contains_key(name) && !self.int_constants.contains(name) {
            Rc::make_mut(&mut self.aliases).remove(name);
            Rc::make_mut(&mut self.opaque_macros).insert(
                name.to_string(),
                format!("`{name}` is defined here only where it is not defined already, and an `#include` nestor does not read may define it first"),
            );
        }
    }

    /// Why `name` is an object-like macro nestor cannot see through, if it is one.
    pub fn opaque_macro(&self, name: &str) -> Option<&str> {
        self.opaque_macros.get(name).map(String::as_str)
    }

    pub fn define(&self, name: &str) -> Option<i64> {
        self.defines.get(name).copied()
    }

    /// Whether `name` is an `int` constant of unknown value: an enumeration constant,
    /// or a macro defined as different integer literals in different branches.
    pub fn is_int_constant(&self, name: &str) -> bool {
        self.int_constants.contains(name)
            && !self.defines.contains_key(name)
            && !self.opaque_macros.contains_key(name)
    }

    /// The macros whose expansion mentions `name`, directly or through other macros:
    /// using one of them reads `name`.
    pub fn macros_mentioning(&self, name: &str) -> HashSet<String> {
        let mut found: HashSet<String> = HashSet::new();
        let mut frontier = vec![name.to_string()];
        while let Some(n) = frontier.pop() {
            for (m, body) in self.macros.iter() {
                let own_param = body.params.as_ref().is_some_and(|p| p.contains(&n));
                if !own_param && body.words.contains(&n) && found.insert(m.clone()) {
                    frontier.push(m.clone());
                }
            }
        }
        found
    }

    /// Whether `name` is a function-like macro whose expansion reads only its
    /// arguments and calls only pure library functions (`#define SQ(x) ((x) * (x))`),
    /// or another name of a pure library function (`#define ABS fabsf`).
    /// A body that pastes tokens (`x##f`) may make names of its arguments: see
    /// [`Symbols::expands_pure`].
    pub fn is_pure_macro(&self, name: &str) -> bool {
        self.macros.get(name).is_some_and(|m| match &m.params {
            Some(params) => {
                !m.body.contains("##")
                    && m.words
                        .iter()
                        .all(|w| params.contains(w) || self.is_pure_library_function(w))
            }
            None => matches!(m.words.as_slice(),
                [w] if m.body.trim() == w && self.is_pure_library_function(w)),
        })
    }

    /// Whether `name(args)`, a call of a function-like macro, expands to text whose
    /// names are all pure library functions, its parameters replaced by the
    /// arguments' texts and `##` pasted: `SCALAR_VAL(1.0)` of `#define SCALAR_VAL(x)
    /// x##f` is the literal `1.0f`, while `SCALAR_VAL(y)` reads `yf`.
    pub fn expands_pure(&self, name: &str, args: &[&str]) -> bool {
        let Some(Macro {
            params: Some(params),
            body,
            ..
        }) = self.macros.get(name)
        else {
            return false;
        };
        if params.len() != args.len() {
            return false;
        }
        let args: Vec<&str> = args.iter().map(|a| a.trim()).collect();
        let substituted = substitute(body, params, &args);
        // `##` pastes the tokens on its sides, dropping the white space around it.
        let expanded: String = substituted.split("##").map(str::trim).collect();
        expanded
            .split(|c: char| !c.is_alphanumeric() && c != '_')
            .filter(|w| !w.is_empty() && !starts_numeric(w))
            .all(|w| self.is_pure_library_function(w))
    }

    /// The parameters (`None` for an object-like macro) and the body of macro `name`.
    pub fn macro_definition(&self, name: &str) -> Option<(Option<&[String]>, &str)> {
        self.macros
            .get(name)
            .map(|m| (m.params.as_deref(), m.body.as_str()))
    }

    /// Whether object-like macro `name` mentions any identifier (so its expansion may
    /// read variables) rather than only literals.
    pub fn macro_mentions_names(&self, name: &str) -> bool {
        self.macros.get(name).is_some_and(|m| !m.words.is_empty())
    }
}

/// `body` with every identifier token that is one of `params` replaced by the text of
/// the matching argument, as the preprocessor substitutes macro arguments.
pub fn substitute(body: &str, params: &[String], args: &[&str]) -> String {
    let mut out = String::new();
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        match params.iter().position(|p| p == word) {
            Some(k) => out.push_str(args[k]),
            None => out.push_str(word),
        }
        word.clear();
    };
    for c in body.chars() {
        if c.is_alphanumeric() || c == '_' {
            word.push(c);
        } else {
            flush(&mut word, &mut out);
            out.push(c);
        }
    }
    flush(&mut word, &mut out);
    out
}

/// The value of a parenthesized integer constant expression such as `(10 + 2)`,
/// built from literals, other integer defines, `+ - * / %` and parentheses, evaluated
/// as C does (truncating division); `None` if it is anything else.
pub(super) fn constant_expression(value: &str, defines: &HashMap<String, i64>) -> Option<i64> {
    if !is_parenthesized(value) {
        return None;
    }
    let src = format!("long __nestor_v = {value};");
    let tree = crate::frontend::syntax::parse(&src)?;
    let decl = tree.root_node().named_child(0)?;
    let init = decl
        .child_by_field_name("declarator")?
        .child_by_field_name("value")?;
    evaluate(init, &src, defines, 0)
}

pub(super) fn evaluate(
    node: Node,
    src: &str,
    defines: &HashMap<String, i64>,
    depth: u32,
) -> Option<i64> {
    if depth > 64 {
        return None;
    }
    let child = |f: &str| node.child_by_field_name(f);
    match node.kind() {
        "number_literal" => {
            let t = text(node, src);
            (!t.contains(['u', 'U']))
                .then(|| parse_int_text(t))
                .flatten()
        }
        "identifier" => defines.get(text(node, src)).copied(),
        "parenthesized_expression" => evaluate(node.named_child(0)?, src, defines, depth + 1),
        "unary_expression" => {
            let v = evaluate(child("argument")?, src, defines, depth + 1)?;
            match text(child("operator")?, src) {
                "-" => v.checked_neg(),
                "+" => Some(v),
                _ => None,
            }
        }
        "binary_expression" => {
            let l = evaluate(child("left")?, src, defines, depth + 1)?;
            let r = evaluate(child("right")?, src, defines, depth + 1)?;
            match text(child("operator")?, src) {
                "+" => l.checked_add(r),
                "-" => l.checked_sub(r),
                "*" => l.checked_mul(r),
                "/" if r != 0 => l.checked_div(r),
                "%" if r != 0 => l.checked_rem(r),
                _ => None,
            }
        }
        _ => None,
    }
    .filter(|v| i32::try_from(*v).is_ok())
}

/// Whether `text` is one parenthesized expression, `(a + b)` (not `(a) + (b)`): a
/// macro body that means the same wherever it is expanded.
pub fn is_parenthesized(text: &str) -> bool {
    let Some(inner) = text
        .trim()
        .strip_prefix('(')
        .and_then(|t| t.strip_suffix(')'))
    else {
        return false;
    };
    let mut depth = 0i32;
    for c in inner.chars() {
        depth += match c {
            '(' => 1,
            ')' => -1,
            _ => 0,
        };
        if depth < 0 {
            return false;
        }
    }
    depth == 0
}

/// The `#define`s inside `node` (a function definition), in order.
pub(super) fn macro_definitions_in(node: Node) -> Vec<Node> {
    let mut found = Vec::new();
    let mut stack = vec![node];
    while let Some(n) = stack.pop() {
        if matches!(n.kind(), "preproc_def" | "preproc_function_def") {
            found.push(n);
            continue;
        }
        let mut cursor = n.walk();
        let children: Vec<Node> = n.named_children(&mut cursor).collect();
        stack.extend(children.into_iter().rev());
    }
    found
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

pub(super) fn starts_numeric(word: &str) -> bool {
    word.starts_with(|c: char| c.is_ascii_digit() || c == '.')
}
