//! What the file declares: `#define` constants, globals, and per function its
//! parameters and locals — including PolyBench's `POLYBENCH_2D(A,N,M,n,m)` form.

use super::records::{Record, RecordType, record_of};
use super::syntax::text;
use super::types::{CType, resolve};
use crate::frontend::ir::Scope;
use crate::support::diag::Span;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;
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
    /// The element type, typedefs and type macros resolved where the name is declared.
    pub ctype: CType,
    pub shape: Shape,
    /// `Global` also for block-scope `static` and `extern` declarations: their values
    /// outlive the function call.
    pub scope: Scope,
    /// The struct or union type of a variable that is one (`struct S s`), an array of
    /// them (`struct S b[n]`) or a pointer to one (`struct S *p`).
    pub record: Option<RecordType>,
    /// Declared `restrict` (`T *restrict p`, or the parameter `T a[restrict n]`): the
    /// memory it reaches and the region writes is reached through no other name.
    pub restrict: bool,
}

fn starts_numeric(word: &str) -> bool {
    word.starts_with(|c: char| c.is_ascii_digit() || c == '.')
}

/// Names visible in one function: its locals and parameters over the globals.
#[derive(Clone, Debug, Default)]
pub struct Symbols {
    pub defines: Rc<HashMap<String, i64>>,
    globals: Rc<HashMap<String, Symbol>>,
    /// Parameters and locals, each with the byte range where its declaration is
    /// visible (its block, from the declaration on).
    function: Rc<HashMap<String, Vec<(Symbol, Span)>>>,
    /// File-scope typedefs, resolved.
    typedefs: Rc<HashMap<String, CType>>,
    /// Block-scope typedefs, resolved, with where each is visible.
    local_typedefs: Rc<HashMap<String, Vec<(CType, Span)>>>,
    /// File-scope struct and union tags with their definitions (`Err`: why the tag
    /// is not modelled).
    records: Rc<HashMap<String, Result<Rc<Record>, String>>>,
    /// File-scope typedefs naming a struct or union type.
    record_typedefs: Rc<HashMap<String, RecordType>>,
    /// Struct and union tags defined inside the function, with where each is visible.
    local_tags: Rc<HashMap<String, Vec<Span>>>,
    /// Whether these are a function's symbols (a struct defined here is local to it).
    in_function: bool,
    /// `int` constants whose values nestor does not know: enumeration constants, and
    /// macros defined as different integer literals in different preprocessor
    /// branches (PolyBench's dataset sizes).
    int_constants: Rc<HashSet<String>>,
    /// Object-like macros whose body is one identifier (`#define LEN count`).
    aliases: Rc<HashMap<String, String>>,
    /// Other object-like macros that are not integer constants, with why.
    opaque_macros: Rc<HashMap<String, String>>,
    /// Every macro (object- or function-like) with the identifiers its body mentions
    /// and, for function-like ones, its parameters.
    macros: Rc<HashMap<String, Macro>>,
    /// Functions defined in this file: their names mean what the file says, not what
    /// the C library's functions of the same name do.
    defined_functions: Rc<HashSet<String>>,
    /// Functions whose calls read only their arguments' values and write nothing:
    /// declared `__attribute__((const))`, named by `#pragma nestor pure(...)` or by
    /// `--pure`.
    pure_functions: Rc<HashSet<String>>,
    /// Where names are looked up (see [`Symbols::at`]).
    position: usize,
}

#[derive(Clone, Debug, Default)]
struct Macro {
    params: Option<Vec<String>>,
    words: Vec<String>,
    body: String,
}

impl Symbols {
    /// File-scope symbols: integer `#define`s (overridden by `-D` values) and globals.
    /// `files` are the headers the file includes, then the file itself.
    pub fn for_file<'t>(
        files: impl Iterator<Item = (Node<'t>, &'t str)>,
        cli_defines: &[(String, i64)],
        cli_pure: &[String],
    ) -> Symbols {
        let mut syms = Symbols::default();
        for (root, src) in files {
            syms.add_file_scope(root, src);
        }
        Rc::make_mut(&mut syms.pure_functions).extend(cli_pure.iter().cloned());
        for (name, value) in cli_defines {
            Rc::make_mut(&mut syms.defines).insert(name.clone(), *value);
            Rc::make_mut(&mut syms.opaque_macros).remove(name);
        }
        syms
    }

    /// The defines, typedefs, enumerators, globals and function definitions among
    /// `node`'s children, looking into `#ifndef N` / `#define N 100` / `#endif` guards
    /// (a `-D` given later takes precedence).
    fn add_file_scope(&mut self, node: Node, src: &str) {
        let mut cursor = node.walk();
        let children: Vec<Node> = node.children(&mut cursor).collect();
        for child in children {
            match child.kind() {
                "preproc_def" | "preproc_function_def" => self.add_define(child, src),
                "preproc_ifdef" | "preproc_if" | "preproc_else" | "preproc_elif" => {
                    self.add_file_scope(child, src);
                    self.make_overridable(child, src);
                }
                "struct_specifier" | "union_specifier" => self.add_records(child, src),
                "type_definition" => {
                    if let Some(ty) = child.child_by_field_name("type") {
                        self.add_records(ty, src);
                    }
                    for (name, record) in self.record_typedefs_of(child, src) {
                        let record = match self.record_typedefs.get(&name) {
                            Some(old) if *old != record => RecordType::Unknown(format!(
                                "`{name}` is defined differently in two preprocessor branches"
                            )),
                            _ => record,
                        };
                        Rc::make_mut(&mut self.record_typedefs).insert(name, record);
                    }
                    for (name, t) in self.typedefs_of(child, src) {
                        // Declared differently in two preprocessor branches: unknown.
                        let t = match self.typedefs.get(&name) {
                            Some(old) if *old != t => CType::Unknown,
                            _ => t,
                        };
                        Rc::make_mut(&mut self.typedefs).insert(name, t);
                    }
                }
                "preproc_call" => {
                    let names = pure_pragma(child, src);
                    Rc::make_mut(&mut self.pure_functions).extend(names);
                }
                "declaration" => {
                    if let Some(name) = const_function(child, src) {
                        Rc::make_mut(&mut self.pure_functions).insert(name);
                    }
                    self.add_enumerators(child, src);
                    if let Some(ty) = child.child_by_field_name("type") {
                        self.add_records(ty, src);
                    }
                    for mut s in self.declared(child, src, Scope::Global) {
                        if let Some(old) = self.globals.get(&s.name)
                            && (old.ctype != s.ctype || old.shape != s.shape)
                        {
                            s.ctype = CType::Unknown;
                        }
                        if let Some(old) = self.globals.get(&s.name)
                            && old.record != s.record
                        {
                            s.record = Some(RecordType::Unknown(format!(
                                "`{}` is declared differently in two preprocessor branches",
                                s.name
                            )));
                        }
                        Rc::make_mut(&mut self.globals).insert(s.name.clone(), s);
                    }
                }
                "function_definition" => {
                    if let Some(name) = const_function(child, src) {
                        Rc::make_mut(&mut self.pure_functions).insert(name);
                    }
                    // A macro defined inside a function is defined from there on, for
                    // the rest of the file: a second definition of a name there makes
                    // its meaning depend on where it is used.
                    for def in macro_definitions_in(child) {
                        self.add_define(def, src);
                    }
                    if let Some(name) = super::syntax::declared_name(child, src).map(str::to_string)
                    {
                        Rc::make_mut(&mut self.defined_functions).insert(name);
                    }
                }
                "expression_statement" | "enum_specifier" => self.add_enumerators(child, src),
                _ => {}
            }
        }
    }

    /// `#ifndef N` / `#define N 100` / `#endif` is a default the compiler's `-D N=...`
    /// overrides: `N` is an `int` of unknown value, not 100 (nestor's own `-D` still
    /// gives it one).
    fn make_overridable(&mut self, conditional: Node, src: &str) {
        let directive = text(conditional, src).trim_start();
        let Some(name) = conditional.child_by_field_name("name") else {
            return;
        };
        let name = text(name, src);
        let guarded = directive.starts_with("#ifndef") || directive.starts_with("# ifndef");
        if guarded
            && let Some(v) = self.defines.get(name)
            && i32::try_from(*v).is_ok()
        {
            Rc::make_mut(&mut self.defines).remove(name);
            Rc::make_mut(&mut self.int_constants).insert(name.to_string());
        }
    }

    fn add_enumerators(&mut self, node: Node, src: &str) {
        if node.kind() == "enumerator"
            && let Some(name) = node.child_by_field_name("name")
        {
            Rc::make_mut(&mut self.int_constants).insert(text(name, src).to_string());
        }
        let mut cursor = node.walk();
        let children: Vec<Node> = node.named_children(&mut cursor).collect();
        for c in children {
            self.add_enumerators(c, src);
        }
    }

    fn add_define(&mut self, def: Node, src: &str) {
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

    /// These file symbols plus the parameters (also K&R-declared ones) and every
    /// local and block-scope typedef of `function`.
    pub fn for_function(&self, function: Node, src: &str) -> Symbols {
        let mut syms = Symbols {
            function: Rc::default(),
            local_typedefs: Rc::default(),
            local_tags: Rc::default(),
            in_function: true,
            ..self.clone()
        };
        let everywhere = function.byte_range();
        let mut parameters = Vec::new();
        if let Some(params) = function
            .child_by_field_name("declarator")
            .and_then(|d| find_kind(d, "parameter_list"))
        {
            let mut cursor = params.walk();
            parameters.extend(
                params
                    .named_children(&mut cursor)
                    .filter(|p| p.kind() == "parameter_declaration"),
            );
        }
        let mut cursor = function.walk();
        parameters.extend(
            function
                .named_children(&mut cursor)
                .filter(|c| c.kind() == "declaration"),
        );
        for p in parameters {
            for s in syms.declared(p, src, Scope::Parameter) {
                Rc::make_mut(&mut syms.function)
                    .entry(s.name.clone())
                    .or_default()
                    .push((s, everywhere.clone()));
            }
        }
        if let Some(body) = function.child_by_field_name("body") {
            syms.collect_locals(body, src);
        }
        syms
    }

    fn collect_locals(&mut self, node: Node, src: &str) {
        let visible = || node.start_byte()..node.parent().map_or(node.end_byte(), |b| b.end_byte());
        match node.kind() {
            "declaration" => {
                for s in self.at(node.start_byte()).declared(node, src, Scope::Local) {
                    Rc::make_mut(&mut self.function)
                        .entry(s.name.clone())
                        .or_default()
                        .push((s, visible()));
                }
            }
            "type_definition" => {
                for (name, t) in self.at(node.start_byte()).typedefs_of(node, src) {
                    Rc::make_mut(&mut self.local_typedefs)
                        .entry(name)
                        .or_default()
                        .push((t, visible()));
                }
            }
            "struct_specifier" | "union_specifier" => {
                // A tag defined in a block is visible from its definition to the end of
                // the block holding the declaration that defines it.
                if let (Some(name), Some(_)) = (
                    node.child_by_field_name("name"),
                    node.child_by_field_name("body"),
                ) {
                    let block = std::iter::successors(node.parent(), |n| n.parent())
                        .find(|n| n.kind() == "compound_statement");
                    let end = block.map_or(node.end_byte(), |b| b.end_byte());
                    Rc::make_mut(&mut self.local_tags)
                        .entry(text(name, src).to_string())
                        .or_default()
                        .push(node.start_byte()..end);
                }
            }
            _ => {}
        }
        let mut cursor = node.walk();
        let children: Vec<Node> = node.named_children(&mut cursor).collect();
        for child in children {
            self.collect_locals(child, src);
        }
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
        self.get_at(name, self.position)
    }

    /// The declaration of `name` visible at byte `position` of the function.
    pub fn get_at(&self, name: &str, position: usize) -> Option<&Symbol> {
        let visible = self
            .function
            .get(name)
            .into_iter()
            .flatten()
            .filter(|(_, scope)| scope.contains(&position));
        visible
            .min_by_key(|(_, scope)| scope.len())
            .map(|(s, _)| s)
            .or_else(|| self.globals.get(name))
    }

    /// The type `text` names at this position: typedefs (innermost first) and type
    /// macros (`#define real double`) resolved.
    pub fn resolve_type(&self, text: &str) -> CType {
        self.resolve_type_within(text, 8)
    }

    fn resolve_type_within(&self, text: &str, depth: u32) -> CType {
        resolve(text, &|name| {
            let local = self
                .local_typedefs
                .get(name)
                .into_iter()
                .flatten()
                .filter(|(_, scope)| scope.contains(&self.position))
                .min_by_key(|(_, scope)| scope.len())
                .map(|(t, _)| *t);
            local
                .or_else(|| self.typedefs.get(name).copied())
                .or_else(|| {
                    let target = self.aliases.get(name)?;
                    (depth > 0).then(|| self.resolve_type_within(target, depth - 1))
                })
        })
    }

    /// The typedef names a `type_definition` declares, with their resolved types.
    fn typedefs_of(&self, def: Node, src: &str) -> Vec<(String, CType)> {
        let Some(ty) = def.child_by_field_name("type") else {
            return Vec::new();
        };
        let base = self.resolve_type(&type_text(def, ty, src));
        let mut cursor = def.walk();
        def.children_by_field_name("declarator", &mut cursor)
            .filter_map(|d| {
                let plain = d.kind() == "type_identifier";
                let name = if plain {
                    Some(d)
                } else {
                    find_kind(d, "type_identifier")
                }?;
                Some((
                    text(name, src).to_string(),
                    if plain { base } else { CType::Unknown },
                ))
            })
            .collect()
    }

    /// The symbols a `declaration` or `parameter_declaration` introduces.
    fn declared(&self, decl: Node, src: &str, scope: Scope) -> Vec<Symbol> {
        let Some(ty) = decl.child_by_field_name("type") else {
            return Vec::new();
        };
        let ty = type_text(decl, ty, src);
        let ctype = self.resolve_type(&ty);
        let mut cursor = decl.walk();
        let outlives_call = decl.children(&mut cursor).any(|c| {
            c.kind() == "storage_class_specifier"
                && matches!(
                    text(c, src),
                    "static" | "extern" | "_Thread_local" | "thread_local" | "__thread"
                )
        });
        let scope = if outlives_call { Scope::Global } else { scope };
        let mut cursor = decl.walk();
        let volatile = decl.children(&mut cursor).any(|c| {
            c.kind() == "type_qualifier" && matches!(text(c, src), "volatile" | "_Atomic")
        });
        let record = decl
            .child_by_field_name("type")
            .and_then(|t| self.record_type(t, src))
            .map(|r| {
                if volatile {
                    RecordType::Unknown("declared `volatile` or `_Atomic`".to_string())
                } else {
                    r
                }
            });
        let mut cursor = decl.walk();
        decl.children_by_field_name("declarator", &mut cursor)
            .filter_map(|d| symbol_of_declarator(d, &ty, ctype, record.as_ref(), src, scope))
            .collect()
    }

    /// The record type a type specifier names, if it names one: a struct or union
    /// (defined in place, or by its tag), or a typedef of one. Tags and typedefs
    /// defined inside the function are not modelled.
    fn record_type(&self, ty: Node, src: &str) -> Option<RecordType> {
        match ty.kind() {
            "struct_specifier" | "union_specifier" => {
                let name = ty.child_by_field_name("name").map(|n| text(n, src));
                let body = ty.child_by_field_name("body");
                let local = |n: &str| {
                    self.local_tags
                        .get(n)
                        .is_some_and(|v| v.iter().any(|s| s.contains(&self.position)))
                };
                Some(match (name, body) {
                    _ if body.is_some() && self.in_function => {
                        RecordType::Unknown("its type is defined inside the function".to_string())
                    }
                    (Some(n), _) if local(n) => RecordType::Unknown(format!(
                        "its type `{}` is defined inside the function",
                        text(ty, src)
                    )),
                    (Some(n), _) => RecordType::Tag {
                        keyword: if ty.kind() == "union_specifier" {
                            "union"
                        } else {
                            "struct"
                        },
                        name: n.to_string(),
                    },
                    (None, _) => RecordType::Defined(Rc::new(self.record_definition(ty, src))),
                })
            }
            "type_identifier" => {
                let name = text(ty, src);
                let local = self
                    .local_typedefs
                    .get(name)
                    .into_iter()
                    .flatten()
                    .find(|(_, scope)| scope.contains(&self.position));
                match local {
                    Some((CType::Unknown, _)) if self.record_typedefs.contains_key(name) => {
                        Some(RecordType::Unknown(format!(
                            "its type `{name}` is defined inside the function"
                        )))
                    }
                    Some(_) => None,
                    None => self.record_typedefs.get(name).cloned(),
                }
            }
            _ => None,
        }
    }

    /// The record a struct or union specifier with a body defines (at file scope).
    fn record_definition(&self, spec: Node, src: &str) -> Record {
        record_of(spec, src, &|t| self.resolve_type(t), &|t| {
            self.record_type(t, src)
        })
    }

    /// Registers the tags of the struct and union definitions in type specifier `ty`
    /// (also those nested in member lists). A tag defined twice differently (in two
    /// preprocessor branches) is not modelled.
    fn add_records(&mut self, ty: Node, src: &str) {
        if !matches!(ty.kind(), "struct_specifier" | "union_specifier") {
            return;
        }
        let Some(body) = ty.child_by_field_name("body") else {
            return;
        };
        let mut cursor = body.walk();
        let inner: Vec<Node> = body
            .named_children(&mut cursor)
            .filter_map(|f| f.child_by_field_name("type"))
            .collect();
        for t in inner {
            self.add_records(t, src);
        }
        let Some(name) = ty.child_by_field_name("name") else {
            return;
        };
        let name = text(name, src).to_string();
        let record = Rc::new(self.record_definition(ty, src));
        let entry = match self.records.get(&name) {
            Some(Ok(old)) if *old != record => Err(format!(
                "`{}` is defined differently in two preprocessor branches",
                record.display
            )),
            Some(Err(why)) => Err(why.clone()),
            _ => Ok(record),
        };
        Rc::make_mut(&mut self.records).insert(name, entry);
    }

    /// The typedef names a `type_definition` declares for a record type (plain
    /// declarators only: `typedef struct S *P` does not name a record).
    fn record_typedefs_of(&self, def: Node, src: &str) -> Vec<(String, RecordType)> {
        let Some(record) = def
            .child_by_field_name("type")
            .and_then(|t| self.record_type(t, src))
        else {
            return Vec::new();
        };
        let mut cursor = def.walk();
        def.children_by_field_name("declarator", &mut cursor)
            .filter(|d| d.kind() == "type_identifier")
            .map(|d| {
                let name = text(d, src).to_string();
                // An unnamed struct is known by the typedef's name.
                let record = match &record {
                    RecordType::Defined(r) if r.display.starts_with("an unnamed") => {
                        RecordType::Defined(Rc::new(Record {
                            id: name.clone(),
                            display: format!("`{name}`"),
                            ..(**r).clone()
                        }))
                    }
                    other => other.clone(),
                };
                (name, record)
            })
            .collect()
    }

    /// The definition record type `r` stands for, or why nestor does not model it.
    pub fn record(&self, r: &RecordType) -> Result<Rc<Record>, String> {
        match r {
            RecordType::Tag { keyword, name } => match self.records.get(name) {
                Some(Ok(record)) => Ok(record.clone()),
                Some(Err(why)) => Err(why.clone()),
                None => Err(format!(
                    "nestor cannot see the definition of `{keyword} {name}`"
                )),
            },
            RecordType::Defined(record) => Ok(record.clone()),
            RecordType::Unknown(why) => Err(why.clone()),
        }
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
        (PURE_FUNCTIONS.contains(&name) && self.is_library_function(name))
            || self.is_pure_macro(name)
            || self.is_declared_pure(name)
    }

    /// Whether calls of `name` read only their arguments' values and write nothing, as
    /// the user declares (`__attribute__((const))`, `#pragma nestor pure`, `--pure`).
    pub fn is_declared_pure(&self, name: &str) -> bool {
        self.pure_functions.contains(name)
    }

    /// Whether `name` is a function-like macro whose expansion reads only its
    /// arguments and calls only pure library functions (`#define SQ(x) ((x) * (x))`).
    pub fn is_pure_macro(&self, name: &str) -> bool {
        self.macros.get(name).is_some_and(|m| {
            let Some(params) = &m.params else {
                return false;
            };
            m.words.iter().all(|w| {
                params.contains(w)
                    || (PURE_LIBRARY.contains(&w.as_str()) && self.is_library_function(w))
            })
        })
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

/// Calls that read only their arguments and write nothing.
pub const PURE_FUNCTIONS: &[&str] = &[
    "sqrt",
    "sqrtf",
    "sqrtl",
    "exp",
    "expf",
    "exp2",
    "expm1",
    "log",
    "logf",
    "log2",
    "log10",
    "log1p",
    "fabs",
    "fabsf",
    "fabsl",
    "abs",
    "labs",
    "llabs",
    "pow",
    "powf",
    "sin",
    "cos",
    "tan",
    "sinf",
    "cosf",
    "tanf",
    "sinh",
    "cosh",
    "tanh",
    "asin",
    "acos",
    "atan",
    "atan2",
    "floor",
    "ceil",
    "floorf",
    "ceilf",
    "round",
    "trunc",
    "fmin",
    "fmax",
    "fminf",
    "fmaxf",
    "fmod",
    "cbrt",
    "hypot",
    "erf",
    "min",
    "max",
    "MIN",
    "MAX",
    "SQRT_FUN",
    "EXP_FUN",
    "POW_FUN",
    "LOG_FUN",
    "FABS_FUN",
    "SCALAR_VAL",
];

/// Library functions a pure macro may call (a macro body is checked against these).
const PURE_LIBRARY: &[&str] = &["sqrt", "fabs", "exp", "log", "pow", "floor", "ceil"];

/// The value of a parenthesized integer constant expression such as `(10 + 2)`,
/// built from literals, other integer defines, `+ - * / %` and parentheses, evaluated
/// as C does (truncating division); `None` if it is anything else.
fn constant_expression(value: &str, defines: &HashMap<String, i64>) -> Option<i64> {
    if !is_parenthesized(value) {
        return None;
    }
    let src = format!("long __nestor_v = {value};");
    let tree = super::syntax::parse(&src)?;
    let decl = tree.root_node().named_child(0)?;
    let init = decl
        .child_by_field_name("declarator")?
        .child_by_field_name("value")?;
    evaluate(init, &src, defines, 0)
}

fn evaluate(node: Node, src: &str, defines: &HashMap<String, i64>, depth: u32) -> Option<i64> {
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
fn macro_definitions_in(node: Node) -> Vec<Node> {
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

/// The name a function definition defines.
fn find_kind<'t>(node: Node<'t>, kind: &str) -> Option<Node<'t>> {
    if node.kind() == kind {
        return Some(node);
    }
    let mut cursor = node.walk();
    let children: Vec<Node<'t>> = node.named_children(&mut cursor).collect();
    children.into_iter().find_map(|c| find_kind(c, kind))
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

fn symbol_of_declarator(
    d: Node,
    ty: &str,
    ctype: CType,
    record: Option<&RecordType>,
    src: &str,
    scope: Scope,
) -> Option<Symbol> {
    let mut node = d;
    let mut extents = Vec::new();
    let mut pointer = None;
    let mut pointers = 0;
    let mut restrict_array = false;
    loop {
        match node.kind() {
            "identifier" => break,
            "init_declarator" | "parenthesized_declarator" | "attributed_declarator" => {
                node = node
                    .child_by_field_name("declarator")
                    .or_else(|| node.named_child(0))?;
            }
            "array_declarator" => {
                restrict_array |= qualified_restrict(node, src);
                extents.push(
                    node.child_by_field_name("size")
                        .map_or(String::new(), |s| text(s, src).to_string()),
                );
                node = node.child_by_field_name("declarator")?;
            }
            "pointer_declarator" => {
                let restrict = qualified_restrict(node, src);
                pointer = Some(pointer.unwrap_or(true) && restrict);
                pointers += 1;
                node = node.child_by_field_name("declarator")?;
            }
            "function_declarator" => {
                return polybench_array(node, ty, ctype, src, scope).map(|s| Symbol {
                    record: record.cloned(),
                    ..s
                });
            }
            _ => return None,
        }
    }
    extents.reverse();
    // A struct, an array of structs or one pointer to a struct: not a pointer to an
    // array of them, nor an array of pointers.
    let record = record.filter(|_| pointers == 0 || (pointers == 1 && extents.is_empty()));
    let shape = match (pointer, extents.is_empty()) {
        (None, true) => Shape::Scalar,
        (None, false) => Shape::Array(extents),
        (Some(true), true) => Shape::RestrictPointer,
        (Some(_), _) => Shape::Pointer,
    };
    Some(Symbol {
        name: text(node, src).to_string(),
        ty: ty.to_string(),
        ctype,
        restrict: shape == Shape::RestrictPointer
            || (restrict_array && scope == Scope::Parameter && pointer.is_none()),
        shape,
        scope,
        record: record.cloned(),
    })
}

/// Whether a pointer or array declarator carries `restrict` among its own qualifiers
/// (`*restrict p`, `a[restrict n]`), not in a declarator inside it.
fn qualified_restrict(declarator: Node, src: &str) -> bool {
    let mut cursor = declarator.walk();
    declarator.children(&mut cursor).any(|c| {
        c.kind() == "type_qualifier"
            && matches!(text(c, src), "restrict" | "__restrict" | "__restrict__")
    })
}

/// `POLYBENCH_kD(A, N1..Nk, n1..nk)` declares `A` with run-time extents `n1..nk`.
fn polybench_array(f: Node, ty: &str, ctype: CType, src: &str, scope: Scope) -> Option<Symbol> {
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
        ctype,
        shape: Shape::Array(args[1 + rank..].to_vec()),
        scope,
        record: None,
        restrict: false,
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

/// The functions a `#pragma nestor pure(f, g)` names.
fn pure_pragma(node: Node, src: &str) -> Vec<String> {
    super::syntax::pragma_argument(node, src)
        .and_then(|a| a.strip_prefix("nestor"))
        .and_then(|a| a.trim_start().strip_prefix("pure"))
        .and_then(|a| a.trim().strip_prefix('('))
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
fn const_function(node: Node, src: &str) -> Option<String> {
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
    super::syntax::declared_name(node, src).map(str::to_string)
}
