//! Calls in statements: known pure functions (their arguments read) and functions the
//! file defines, modelled by their summaries (what a call reads, in the caller's terms).

use super::Lifter;
use super::accesses::pointer_access;
use crate::frontend::affine::subscripts_of;
use crate::frontend::ir::*;
use crate::frontend::summary::{Base, FunctionSummary, ParamKind, SummaryRead};
use crate::frontend::symbols::{Shape, Symbols};
use crate::frontend::syntax::text;
use crate::support::diag::{Code, Diagnostic};
use std::collections::{BTreeMap, BTreeSet};
use tree_sitter::Node;

impl Lifter<'_> {
    pub(super) fn pure_call(&mut self, node: Node, out: &mut Vec<Access>) -> bool {
        let f = node.child_by_field_name("function");
        let name = f.map_or("", |f| text(f, self.src));
        let identifier = f.is_some_and(|f| f.kind() == "identifier");
        if identifier && (self.symbols.is_known_pure(name) || self.pure_expansion(node, name)) {
            return node
                .child_by_field_name("arguments")
                .is_some_and(|a| self.reads(a, out));
        }
        if let Some(ty) = f.and_then(|f| cast_or_call(f, self.src)) {
            self.diags.push(
                Diagnostic::new(
                    Code::ImpureCall,
                    node.byte_range(),
                    format!("`({ty})(...)` is a cast to `{ty}` or a call of `{ty}`: nestor does not know what `{ty}` is"),
                )
                .label("may read or write any memory")
                .expected("casts to types nestor knows, calls of pure math functions")
                .hint(format!("let nestor read the header that defines `{ty}` (`-I DIR`), or give the `-D` your compiler gets")),
            );
            return false;
        }
        let why = match self.summaries.get(name) {
            Some(Ok(summary)) if identifier => {
                return self.summarized_call(node, summary, out);
            }
            Some(Err(why)) => format!("call to `{name}`, which {why}"),
            _ => format!("call to `{name}`, which nestor does not know to be pure"),
        };
        self.diags.push(
            Diagnostic::new(Code::ImpureCall, node.byte_range(), why)
            .label("may read or write any memory")
            .expected("calls of pure math functions (sqrt, exp, fabs, pow, ...)")
            .hint(format!("if `{name}` reads only its arguments' values and writes nothing, say so with `#pragma nestor pure({name})` or `--pure {name}`; else move the call out of the loop nest")),
        );
        false
    }

    /// Whether call `node` of `name` is of a macro that pastes its arguments into
    /// text reading nothing ([`Symbols::expands_pure`]).
    fn pure_expansion(&self, node: Node, name: &str) -> bool {
        let args: Vec<&str> = node
            .child_by_field_name("arguments")
            .map_or(Vec::new(), |a| {
                let mut cursor = a.walk();
                a.named_children(&mut cursor)
                    .filter(|c| c.kind() != "comment")
                    .map(|c| text(c, self.src))
                    .collect()
            });
        self.symbols.expands_pure(name, &args)
    }

    /// A call of a function the file defines, by what it reads (`summary`): the values
    /// of its scalar arguments, and its reads with each parameter replaced by the
    /// argument passed (an array parameter by the array, or by the row `A[i]` passed,
    /// whose subscripts come first; an integer parameter by the argument, which its
    /// type must hold).
    pub(super) fn summarized_call(
        &mut self,
        node: Node,
        summary: &FunctionSummary,
        out: &mut Vec<Access>,
    ) -> bool {
        let args: Vec<Node> = node
            .child_by_field_name("arguments")
            .map_or(Vec::new(), |a| {
                let mut cursor = a.walk();
                a.named_children(&mut cursor)
                    .filter(|c| c.kind() != "comment")
                    .collect()
            });
        if args.len() != summary.params.len() {
            self.diags.push(summarized_call_rejected(
                node,
                &format!(
                    "it is called with {} arguments, declared with {}",
                    args.len(),
                    summary.params.len()
                ),
            ));
            return false;
        }
        let mut values = BTreeMap::new();
        let mut arrays = BTreeMap::new();
        let mut ok = true;
        for (arg, param) in args.iter().zip(&summary.params) {
            match param.kind {
                ParamKind::Scalar(ty) => {
                    ok &= self.reads(*arg, out);
                    if summary.subscripts_use(&param.name) {
                        match self.affine(Code::NonAffineSubscript).converted(*arg, ty) {
                            Ok(aff) => {
                                let mut names = BTreeSet::new();
                                aff.names(&mut names);
                                self.record_spellings(*arg, &names);
                                self.record_names(names, arg.byte_range());
                                values.insert(param.name.clone(), aff);
                            }
                            Err(d) => {
                                self.diags.push(*d);
                                ok = false;
                            }
                        }
                    }
                }
                ParamKind::Array => {
                    arrays.insert(param.name.clone(), *arg);
                }
            }
        }
        if !ok {
            return false;
        }
        for read in &summary.reads {
            ok &= self.summarized_read(node, read, summary, &values, &arrays, out);
        }
        ok
    }

    /// One read of a summarized call, in the caller's terms.
    pub(super) fn summarized_read(
        &mut self,
        call: Node,
        read: &SummaryRead,
        summary: &FunctionSummary,
        values: &BTreeMap<String, Aff>,
        arrays: &BTreeMap<String, Node>,
        out: &mut Vec<Access>,
    ) -> bool {
        let mut subscripts = Vec::new();
        let (name, name_node) = match &read.base {
            Base::Param(k) => {
                let Some(arg) = summary.params.get(*k).and_then(|p| arrays.get(&p.name)) else {
                    return false;
                };
                match self.row_of(*arg, &mut subscripts) {
                    Some(base) => (text(base, self.src).to_string(), base),
                    None => {
                        self.diags.push(pointer_access(*arg, self.src));
                        return false;
                    }
                }
            }
            Base::Global(g) => {
                if self
                    .symbols
                    .get_at(g, call.start_byte())
                    .is_some_and(|s| s.scope != Scope::Global)
                {
                    self.diags.push(summarized_call_rejected(
                        call,
                        &format!(
                            "it reads the global `{g}`, which a local of the same name hides here"
                        ),
                    ));
                    return false;
                }
                (g.clone(), call)
            }
        };
        for s in &read.subscripts {
            match substituted(s, values, self.symbols) {
                Some(aff) => subscripts.push(aff),
                None => {
                    self.diags.push(summarized_call_rejected(
                        call,
                        "a subscript of what it reads names something other than its integer parameters and constants",
                    ));
                    return false;
                }
            }
        }
        let rank = match self
            .symbols
            .get_at(&name, call.start_byte())
            .map(|s| &s.shape)
        {
            Some(Shape::Array(e)) => e.len(),
            Some(Shape::Pointer { .. }) => 1,
            Some(Shape::Scalar) => 0,
            _ => usize::MAX,
        };
        if rank != subscripts.len() {
            self.diags.push(summarized_call_rejected(
                call,
                &format!(
                    "it reads `{name}` with {} subscripts, which has {}",
                    subscripts.len(),
                    if rank == usize::MAX {
                        "no known shape".to_string()
                    } else {
                        rank.to_string()
                    }
                ),
            ));
            return false;
        }
        out.push(Access {
            id: self.next_ref,
            kind: AccessKind::Read,
            array: name,
            subscripts,
            span: call.byte_range(),
            name_span: name_node.byte_range(),
            index_spans: Vec::new(),
            forwarded: false,
        });
        self.next_ref += 1;
        true
    }

    /// The array an argument passes (`A`, or the row `A[i][j]`), its subscripts (lifted,
    /// pushed to `subscripts`) first.
    pub(super) fn row_of<'t>(
        &mut self,
        arg: Node<'t>,
        subscripts: &mut Vec<Aff>,
    ) -> Option<Node<'t>> {
        let (base, indices) = subscripts_of(arg)?;
        if base.kind() != "identifier" {
            return None;
        }
        for index in indices {
            subscripts.push(self.lift_subscript(index)?);
        }
        Some(base)
    }
}

/// `aff` with each integer parameter replaced by its argument's value; `None` when it
/// names anything else but `#define`d constants.
pub(super) fn substituted(
    aff: &Aff,
    values: &BTreeMap<String, Aff>,
    symbols: &Symbols,
) -> Option<Aff> {
    let sub = |a: &Aff| substituted(a, values, symbols).map(Box::new);
    Some(match aff {
        Aff::Int(v) => Aff::Int(*v),
        Aff::Name(n) => match values.get(n) {
            Some(v) => v.clone(),
            None if symbols.define(n).is_some() => Aff::Name(n.clone()),
            None => return None,
        },
        Aff::Add(a, b) => Aff::Add(sub(a)?, sub(b)?),
        Aff::Sub(a, b) => Aff::Sub(sub(a)?, sub(b)?),
        Aff::Neg(a) => Aff::Neg(sub(a)?),
        Aff::Scale(k, a) => Aff::Scale(*k, sub(a)?),
        Aff::Div(a, k) => Aff::Div(sub(a)?, *k),
        Aff::Mod(a, k) => Aff::Mod(sub(a)?, *k),
        Aff::Floor(a, k) => Aff::Floor(sub(a)?, *k),
        Aff::Min(a, b) => Aff::Min(sub(a)?, sub(b)?),
        Aff::Max(a, b) => Aff::Max(sub(a)?, sub(b)?),
    })
}

pub(super) fn summarized_call_rejected(call: Node, why: &str) -> Diagnostic {
    Diagnostic::new(
        Code::ImpureCall,
        call.byte_range(),
        format!("a call nestor cannot model by what it reads: {why}"),
    )
    .label("this call")
    .expected("calls that pass whole arrays (or rows) and integer values the parameters hold")
    .hint("pass the arrays themselves, or move the call out of the loop nest")
}

/// The name in `(T)` when a call's function is a parenthesized name, `(T)(x)`: the C
/// of a cast to type `T`, which the parser reads as a call where it does not know `T`.
fn cast_or_call<'s>(function: Node, src: &'s str) -> Option<&'s str> {
    let inner = (function.kind() == "parenthesized_expression")
        .then(|| function.named_child(0))
        .flatten()?;
    (function.named_child_count() == 1 && inner.kind() == "identifier").then(|| text(inner, src))
}
