//! Declarations: types resolved through typedefs and macros, struct and union types,
//! and each declarator as a `Symbol` (shape, element type, restrict, scope).

use super::{Shape, Symbol, Symbols};
use crate::frontend::ir::Scope;
use crate::frontend::records::{NotModelled, Record, RecordType, record_of};
use crate::frontend::syntax::find_kind;
use crate::frontend::syntax::text;
use crate::frontend::types::{CType, resolve};
use std::rc::Rc;
use tree_sitter::Node;

impl Symbols {
    /// The type `text` names at this position: typedefs (innermost first) and type
    /// macros (`#define real double`) resolved.
    pub fn resolve_type(&self, text: &str) -> CType {
        self.resolve_type_within(text, 8)
    }

    pub(super) fn resolve_type_within(&self, text: &str, depth: u32) -> CType {
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
    pub(super) fn typedefs_of(&self, def: Node, src: &str) -> Vec<(String, CType)> {
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
    pub(super) fn declared(&self, decl: Node, src: &str, scope: Scope) -> Vec<Symbol> {
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
                    RecordType::Unknown(NotModelled::Volatile)
                } else {
                    r
                }
            });
        let mut cursor = decl.walk();
        decl.children_by_field_name("declarator", &mut cursor)
            .filter_map(|d| symbol_of_declarator(d, &ty, ctype, record.as_ref(), src, scope))
            .map(|s| Symbol { volatile, ..s })
            .collect()
    }

    /// The record type a type specifier names, if it names one: a struct or union
    /// (defined in place, or by its tag), or a typedef of one. Tags and typedefs
    /// defined inside the function are not modelled.
    pub(super) fn record_type(&self, ty: Node, src: &str) -> Option<RecordType> {
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
                        RecordType::Unknown(NotModelled::DefinedInFunction { spelled: None })
                    }
                    (Some(n), _) if local(n) => {
                        RecordType::Unknown(NotModelled::DefinedInFunction {
                            spelled: Some(text(ty, src).to_string()),
                        })
                    }
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
                        Some(RecordType::Unknown(NotModelled::DefinedInFunction {
                            spelled: Some(name.to_string()),
                        }))
                    }
                    Some(_) => None,
                    None => self.record_typedefs.get(name).cloned(),
                }
            }
            _ => None,
        }
    }

    /// The record a struct or union specifier with a body defines (at file scope).
    pub(super) fn record_definition(&self, spec: Node, src: &str) -> Record {
        record_of(spec, src, &|t| self.resolve_type(t), &|t| {
            self.record_type(t, src)
        })
    }

    /// Registers the tags of the struct and union definitions in type specifier `ty`
    /// (also those nested in member lists). A tag defined twice differently (in two
    /// preprocessor branches) is not modelled.
    pub(super) fn add_records(&mut self, ty: Node, src: &str) {
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
            Some(Ok(old)) if *old != record => Err(NotModelled::DefinedTwice {
                name: record.display.clone(),
            }),
            Some(Err(why)) => Err(why.clone()),
            _ => Ok(record),
        };
        Rc::make_mut(&mut self.records).insert(name, entry);
    }

    /// The typedef names a `type_definition` declares for a record type (plain
    /// declarators only: `typedef struct S *P` does not name a record).
    pub(super) fn record_typedefs_of(&self, def: Node, src: &str) -> Vec<(String, RecordType)> {
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
    pub fn record(&self, r: &RecordType) -> Result<Rc<Record>, NotModelled> {
        match r {
            RecordType::Tag { keyword, name } => match self.records.get(name) {
                Some(Ok(record)) => Ok(record.clone()),
                Some(Err(why)) => Err(why.clone()),
                None => Err(NotModelled::NoDefinition {
                    keyword,
                    name: name.clone(),
                }),
            },
            RecordType::Defined(record) => Ok(record.clone()),
            RecordType::Unknown(why) => Err(why.clone()),
        }
    }
}

/// The type specifier with the qualifiers written before it (`const`, `unsigned`).
pub(super) fn type_text(decl: Node, ty: Node, src: &str) -> String {
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

pub(super) fn symbol_of_declarator(
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
        (Some(restrict), true) if pointers == 1 => Shape::Pointer { restrict },
        (Some(_), _) => Shape::OtherPointer,
    };
    Some(Symbol {
        name: text(node, src).to_string(),
        ty: ty.to_string(),
        ctype,
        restrict: shape == Shape::Pointer { restrict: true }
            || (restrict_array && scope == Scope::Parameter && pointer.is_none()),
        shape,
        scope,
        record: record.cloned(),
        fresh: false,
        alias_of: None,
        volatile: false,
    })
}

/// Whether a pointer or array declarator carries `restrict` among its own qualifiers
/// (`*restrict p`, `a[restrict n]`), not in a declarator inside it.
pub(super) fn qualified_restrict(declarator: Node, src: &str) -> bool {
    let mut cursor = declarator.walk();
    // tree-sitter-c reads `*__restrict` as Microsoft's pointer modifier.
    declarator.children(&mut cursor).any(|c| {
        matches!(c.kind(), "type_qualifier" | "ms_pointer_modifier")
            && matches!(text(c, src), "restrict" | "__restrict" | "__restrict__")
    })
}

/// `POLYBENCH_kD(A, N1..Nk, n1..nk)` declares `A` with run-time extents `n1..nk`.
pub(super) fn polybench_array(
    f: Node,
    ty: &str,
    ctype: CType,
    src: &str,
    scope: Scope,
) -> Option<Symbol> {
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
        fresh: false,
        alias_of: None,
        volatile: false,
    })
}
