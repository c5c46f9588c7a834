//! What the file declares: `#define` constants, globals, and per function its
//! parameters and locals — including PolyBench's `POLYBENCH_2D(A,N,M,n,m)` form.

use super::records::{NotModelled, Record, RecordType};
use super::syntax::text;
use super::types::CType;
use crate::frontend::ir::Scope;
use crate::support::diag::Span;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;
use tree_sitter::Node;

mod allocations;
mod declarations;
mod macros;
mod purity;

use crate::frontend::syntax::find_kind;
use macros::macro_definitions_in;
pub use macros::{is_parenthesized, parse_int_text, substitute};
use purity::{const_function, pure_pragma};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    Scalar,
    /// Extents as C text, outermost first.
    Array(Vec<String>),
    /// `T *p`, one pointer to a non-array type: indexed as a 1-d array of unknown
    /// extent. `restrict`: memory written through it is reached through no other name.
    Pointer {
        restrict: bool,
    },
    /// Any other pointer (to a pointer, to an array, an array of pointers): nestor does
    /// not model what it reaches.
    OtherPointer,
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
    /// A local pointer holding memory of its own: initialized with an allocation and
    /// used only through subscripts and `free` (`allocations.rs`).
    pub fresh: bool,
    /// A local pointer initialized with a pointer parameter or one-dimensional array
    /// and never changed, nor that array (`T *p = a;`): another name of its memory
    /// (`allocations.rs`).
    pub alias_of: Option<String>,
    /// Declared `volatile` or `_Atomic` (`volatile double a[n]`, `volatile int *p`):
    /// each access is observable, in the order written.
    pub volatile: bool,
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
    records: Rc<HashMap<String, Result<Rc<Record>, NotModelled>>>,
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
        defined_unseen: &HashSet<String>,
    ) -> Symbols {
        let mut syms = Symbols::default();
        for (root, src) in files {
            syms.add_file_scope(root, src);
        }
        for name in defined_unseen {
            syms.forget_default(name);
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
                            Some(old) if *old != record => {
                                RecordType::Unknown(NotModelled::DefinedTwice {
                                    name: format!("`{name}`"),
                                })
                            }
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
                            s.record = Some(RecordType::Unknown(NotModelled::DeclaredTwice {
                                name: format!("`{}`", s.name),
                            }));
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
        if guarded {
            self.make_int_of_unknown_value(name);
        }
    }

    /// Makes `name`, an `int` define, an `int` of unknown value; whether it was one.
    pub(super) fn make_int_of_unknown_value(&mut self, name: &str) -> bool {
        let int = self
            .defines
            .get(name)
            .is_some_and(|v| i32::try_from(*v).is_ok());
        if int {
            Rc::make_mut(&mut self.defines).remove(name);
            Rc::make_mut(&mut self.int_constants).insert(name.to_string());
        }
        int
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
            syms.mark_fresh_allocations(body, src);
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
}
