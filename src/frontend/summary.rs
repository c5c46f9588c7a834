//! Summaries of the functions a file defines whose calls only compute a value: what a
//! call reads, as accesses in terms of the function's parameters, so that a call in a
//! region is modelled by its reads and kept as written.

use super::affine::{AffineContext, subscripts_of, unparen};
use super::ir::Aff;
use super::symbols::{Shape, Symbols};
use super::syntax::{declared_name, text};
use super::types::CType;
use crate::support::diag::Code;
use std::collections::{BTreeSet, HashMap};
use tree_sitter::Node;

/// What calls of each function the file defines read, by name, or why nestor cannot say.
pub type Summaries = HashMap<String, Result<FunctionSummary, NotPure>>;

/// What a call of a function reads and nothing else: it writes no memory, and every
/// value it computes comes from its arguments and the memory below.
#[derive(Clone, Debug, PartialEq)]
pub struct FunctionSummary {
    pub params: Vec<Param>,
    /// The memory it reads (reads of its own locals and of scalar parameters are of
    /// values, not of the caller's memory).
    pub reads: Vec<SummaryRead>,
}

impl FunctionSummary {
    /// Whether a subscript of what it reads uses parameter `name`.
    pub fn subscripts_use(&self, name: &str) -> bool {
        self.reads
            .iter()
            .flat_map(|r| &r.subscripts)
            .any(|s| s.mentions(name))
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    pub name: String,
    pub kind: ParamKind,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ParamKind {
    /// A value of this type; subscripts may use it.
    Scalar(CType),
    /// An array (or pointer) the function reads through.
    Array,
}

/// A read `base[subscripts]`, the subscripts affine in the scalar parameters.
#[derive(Clone, Debug, PartialEq)]
pub struct SummaryRead {
    pub base: Base,
    pub subscripts: Vec<Aff>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Base {
    /// The array passed as parameter `k`.
    Param(usize),
    /// A global variable of the file.
    Global(String),
}

/// Why a function is not summarized: what it does, as a user reads it.
pub type NotPure = String;

/// The summary of function definition `f`: its body may declare and assign scalar
/// locals, branch and return, and it may read its parameters, arrays through them at
/// subscripts affine in its integer parameters, and globals; it may call only pure
/// library functions (`is_pure_call`). Anything else (a write to memory, a loop, a
/// call of another function, a subscript that depends on a local) is why it is not.
pub fn summarize(
    f: Node,
    src: &str,
    symbols: &Symbols,
    is_pure_call: &dyn Fn(&str) -> bool,
) -> Result<FunctionSummary, NotPure> {
    let body = f
        .child_by_field_name("body")
        .ok_or_else(|| "it has no body".to_string())?;
    let params = parameters(f, src, symbols)?;
    let names: Vec<&str> = params.iter().map(|p| p.name.as_str()).collect();
    let mut reader = Reader {
        src,
        symbols,
        is_pure_call,
        params: &names,
        locals: BTreeSet::new(),
        reads: Vec::new(),
    };
    reader.block(body)?;
    let reads = reader.reads;
    Ok(FunctionSummary { params, reads })
}

/// The parameters of `f`, by name.
fn parameters(f: Node, src: &str, symbols: &Symbols) -> Result<Vec<Param>, NotPure> {
    let declarator = f
        .child_by_field_name("declarator")
        .and_then(|d| find(d, "parameter_list"))
        .ok_or_else(|| "its parameters are not declared in a list".to_string())?;
    let mut cursor = declarator.walk();
    let mut out = Vec::new();
    for p in declarator.named_children(&mut cursor) {
        if p.kind() != "parameter_declaration" {
            return Err("it takes variable arguments".to_string());
        }
        let Some(name) = declared_name(p, src) else {
            // `void` alone declares no parameter.
            continue;
        };
        let symbol = symbols
            .get_at(name, p.end_byte())
            .ok_or_else(|| format!("nestor cannot read the type of parameter `{name}`"))?;
        let kind = match &symbol.shape {
            Shape::Scalar => ParamKind::Scalar(symbol.ctype),
            Shape::Array(_) | Shape::Pointer { .. } | Shape::OtherPointer => ParamKind::Array,
        };
        out.push(Param {
            name: name.to_string(),
            kind,
        });
    }
    Ok(out)
}

struct Reader<'a> {
    src: &'a str,
    symbols: &'a Symbols,
    is_pure_call: &'a dyn Fn(&str) -> bool,
    params: &'a [&'a str],
    locals: BTreeSet<String>,
    reads: Vec<SummaryRead>,
}

impl Reader<'_> {
    fn block(&mut self, node: Node) -> Result<(), NotPure> {
        let mut cursor = node.walk();
        let children: Vec<Node> = node.named_children(&mut cursor).collect();
        for c in children {
            self.statement(c)?;
        }
        Ok(())
    }

    fn statement(&mut self, node: Node) -> Result<(), NotPure> {
        match node.kind() {
            "comment" => Ok(()),
            "compound_statement" => self.block(node),
            "declaration" => self.declaration(node),
            "return_statement" | "expression_statement" => match node.named_child(0) {
                Some(e) => self.expression(e),
                None => Ok(()),
            },
            "if_statement" => {
                let mut cursor = node.walk();
                let parts: Vec<Node> = node.named_children(&mut cursor).collect();
                for p in parts {
                    match p.kind() {
                        "parenthesized_expression" => self.expression(p)?,
                        "else_clause" => self.block(p)?,
                        _ => self.statement(p)?,
                    }
                }
                Ok(())
            }
            _ => Err(self.unsupported(node, "has a statement nestor does not summarize")),
        }
    }

    /// Scalar locals, each initialized or assigned later; their values are not memory
    /// of the caller.
    fn declaration(&mut self, node: Node) -> Result<(), NotPure> {
        let mut cursor = node.walk();
        if node
            .children(&mut cursor)
            .any(|c| c.kind() == "storage_class_specifier")
        {
            return Err(self.unsupported(node, "declares a variable with a storage class"));
        }
        let mut cursor = node.walk();
        let declarators: Vec<Node> = node
            .children_by_field_name("declarator", &mut cursor)
            .collect();
        for d in declarators {
            let (name, value) = match d.kind() {
                "identifier" => (d, None),
                "init_declarator" => (
                    d.child_by_field_name("declarator").unwrap_or(d),
                    d.child_by_field_name("value"),
                ),
                _ => (d, None),
            };
            if name.kind() != "identifier" {
                return Err(self.unsupported(d, "declares a local array or pointer"));
            }
            if let Some(v) = value {
                self.expression(v)?;
            }
            self.locals.insert(text(name, self.src).to_string());
        }
        Ok(())
    }

    /// The reads of `node`, an expression; an assignment only to a local.
    fn expression(&mut self, node: Node) -> Result<(), NotPure> {
        let node = unparen(node);
        match node.kind() {
            "assignment_expression" | "update_expression" => {
                let target = node
                    .child_by_field_name("left")
                    .or_else(|| node.child_by_field_name("argument"))
                    .map(unparen);
                let local = target.filter(|t| {
                    t.kind() == "identifier" && self.locals.contains(text(*t, self.src))
                });
                if local.is_none() {
                    return Err(self.write(node));
                }
                if let Some(right) = node.child_by_field_name("right") {
                    self.expression(right)?;
                }
                Ok(())
            }
            "subscript_expression" => self.array_read(node),
            "identifier" => {
                self.scalar_read(node);
                Ok(())
            }
            "call_expression" => {
                let callee = node.child_by_field_name("function");
                let name = callee.map_or("", |c| text(c, self.src));
                let identifier = callee.is_some_and(|c| c.kind() == "identifier");
                if !identifier || !(self.is_pure_call)(name) {
                    return Err(self.unsupported(
                        node,
                        &format!("calls `{name}`, which nestor does not know to be pure"),
                    ));
                }
                match node.child_by_field_name("arguments") {
                    Some(a) => self.children(a),
                    None => Ok(()),
                }
            }
            "pointer_expression" | "field_expression" => {
                Err(self.unsupported(node, "reads through a pointer or a member"))
            }
            "comma_expression" => Err(self.unsupported(node, "has a comma expression")),
            _ => self.children(node),
        }
    }

    fn children(&mut self, node: Node) -> Result<(), NotPure> {
        let mut cursor = node.walk();
        let children: Vec<Node> = node.named_children(&mut cursor).collect();
        for c in children {
            self.expression(c)?;
        }
        Ok(())
    }

    /// A read of a global scalar (parameters and locals are values).
    fn scalar_read(&mut self, node: Node) {
        let name = text(node, self.src);
        if self.params.contains(&name) || self.locals.contains(name) {
            return;
        }
        if self
            .symbols
            .get_at(name, node.start_byte())
            .is_some_and(|s| s.shape == Shape::Scalar)
        {
            self.reads.push(SummaryRead {
                base: Base::Global(name.to_string()),
                subscripts: Vec::new(),
            });
        }
    }

    /// `a[e1][e2]`: through an array parameter or of a global array, each subscript
    /// affine in the scalar parameters.
    fn array_read(&mut self, node: Node) -> Result<(), NotPure> {
        let Some((base, indices)) = subscripts_of(node) else {
            return Err(self.unsupported(node, "has a subscript nestor cannot read"));
        };
        if base.kind() != "identifier" {
            return Err(self.unsupported(node, "reads through a pointer"));
        }
        let name = text(base, self.src);
        let base = match self.params.iter().position(|p| *p == name) {
            Some(k) => Base::Param(k),
            None if self.locals.contains(name) => {
                return Err(self.unsupported(node, "subscripts a local"));
            }
            None => Base::Global(name.to_string()),
        };
        let unsigned = std::cell::RefCell::new(Vec::new());
        let context = AffineContext {
            src: self.src,
            symbols: self.symbols,
            iters: &[],
            code: Code::NonAffineSubscript,
            expansion: None,
            unsigned: &unsigned,
        };
        let mut subscripts = Vec::new();
        for index in indices {
            self.expression(index)?;
            let aff = context
                .aff(index)
                .map_err(|d| format!("has a subscript nestor cannot read ({})", d.message))?;
            context.observe_value(index, &aff);
            if !unsigned.borrow().is_empty() {
                return Err(
                    self.unsupported(node, "has a subscript computed in unsigned arithmetic")
                );
            }
            let mut names = BTreeSet::new();
            aff.names(&mut names);
            if let Some(local) = names.iter().find(|n| self.locals.contains(n.as_str())) {
                return Err(self.unsupported(
                    node,
                    &format!("has a subscript that depends on local `{local}`"),
                ));
            }
            subscripts.push(aff);
        }
        self.reads.push(SummaryRead { base, subscripts });
        Ok(())
    }

    fn write(&self, node: Node) -> NotPure {
        format!(
            "writes memory: `{}` (line {})",
            super::affine::short(text(node, self.src)),
            node.start_position().row + 1
        )
    }

    fn unsupported(&self, node: Node, what: &str) -> NotPure {
        format!(
            "{what}: `{}` (line {})",
            super::affine::short(text(node, self.src)),
            node.start_position().row + 1
        )
    }
}

fn find<'t>(node: Node<'t>, kind: &str) -> Option<Node<'t>> {
    if node.kind() == kind {
        return Some(node);
    }
    let mut cursor = node.walk();
    let children: Vec<Node<'t>> = node.named_children(&mut cursor).collect();
    children.into_iter().find_map(|c| find(c, kind))
}
