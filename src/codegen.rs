//! C code from a schedule: isl's AST generator scans the domain in schedule order, and
//! this module prints the AST as C, statement bodies being the original source text
//! with the iterators substituted.

use crate::frontend::ir::{Piece, Region};
use crate::isl::{AstKind, ast_kind, build_ast, error};
use crate::model::{Scop, c_name};
use isl_rs::{ASTExpr, ASTExprOpType, ASTExprType, ASTNode, LibISLError, Schedule, Set};
use std::collections::{BTreeSet, HashMap};

type Gen<T> = Result<T, LibISLError>;

/// The C text replacing `region`, scanning `scop`'s domain in `schedule`'s order.
/// The first line carries no indentation (it replaces text that starts after it).
pub fn generate(
    region: &Region,
    scop: &Scop,
    schedule: &Schedule,
    file_identifiers: &BTreeSet<String>,
) -> Gen<String> {
    // Generated code must be right for every parameter value, not only under the
    // context the analysis may assume.
    let ast = build_ast(&Set::universe(scop.context.get_space()?)?, schedule)?;
    let mut printer = Printer {
        region,
        file_identifiers,
        statements: region
            .statements
            .iter()
            .enumerate()
            .map(|(k, s)| (s.name.clone(), k))
            .collect(),
        loops: Vec::new(),
        lines: Vec::new(),
    };
    let depth = usize::from(region.needs_braces);
    printer
        .lines
        .extend(region.comments.iter().map(|c| (depth, c.clone())));
    printer
        .lines
        .extend(region.declarations.iter().map(|d| (depth, d.clone())));
    printer.node(&ast, depth)?;
    if region.needs_braces {
        printer.lines.insert(0, (0, "{".to_string()));
        printer.lines.push((0, "}".to_string()));
    }
    let mut out = String::new();
    for (k, (depth, line)) in printer.lines.iter().enumerate() {
        if k > 0 {
            out.push('\n');
            out.push_str(&region.indent);
            out.push_str(&region.indent_unit.repeat(*depth));
        }
        out.push_str(line);
    }
    Ok(out)
}

struct Printer<'a> {
    region: &'a Region,
    file_identifiers: &'a BTreeSet<String>,
    statements: HashMap<String, usize>,
    /// Enclosing generated loops: isl's iterator name and the C name printed for it.
    loops: Vec<(String, String)>,
    lines: Vec<(usize, String)>,
}

/// C operator precedence, higher binds tighter.
const PRIMARY: u8 = 16;
const UNARY: u8 = 14;

impl Printer<'_> {
    fn node(&mut self, node: &ASTNode, depth: usize) -> Gen<()> {
        match ast_kind(node)? {
            AstKind::For => self.for_loop(node, depth),
            AstKind::If => self.if_node(node, depth),
            AstKind::Block => {
                let children = node.block_get_children()?;
                for k in 0..children.size()? {
                    self.node(&children.get_at(k)?, depth)?;
                }
                Ok(())
            }
            AstKind::Mark => self.node(&node.mark_get_node()?, depth),
            AstKind::User => self.user(node, depth),
        }
    }

    fn for_loop(&mut self, node: &ASTNode, depth: usize) -> Gen<()> {
        let iterator = node.for_get_iterator()?.get_id()?.get_name()?.to_string();
        let body = node.for_get_body()?;
        let (name, decl) = self.loop_name(&iterator, &body)?;
        let init = self.expr(&node.for_get_init()?)?.0;
        self.loops.push((iterator, name.clone()));
        let cond = self.expr(&node.for_get_cond()?)?.0;
        let inc = node.for_get_inc()?.get_val()?.get_num_si()?;
        let step = if inc == 1 {
            format!("{name}++")
        } else {
            format!("{name} += {inc}")
        };
        let decl = decl.map_or(String::new(), |t| format!("{t} "));
        self.lines.push((
            depth,
            format!("for ({decl}{name} = {init}; {cond}; {step}) {{"),
        ));
        self.node(&body, depth + 1)?;
        self.lines.push((depth, "}".to_string()));
        self.loops.pop();
        Ok(())
    }

    /// The C name of a generated loop, and the type to declare it with: the original
    /// iterator's name when every statement inside uses the loop as that iterator,
    /// otherwise a fresh name that clashes with nothing in the file.
    fn loop_name(&self, iterator: &str, body: &ASTNode) -> Gen<(String, Option<String>)> {
        let mut uses = BTreeSet::new();
        self.original_iterators(body, iterator, &mut uses)?;
        let taken = |n: &str| self.loops.iter().any(|(_, c)| c == n);
        if let [original] = uses.into_iter().collect::<Vec<_>>().as_slice()
            && !taken(original)
        {
            let decl = self
                .region
                .iterator_decls
                .iter()
                .find(|(n, _)| n == original)
                .and_then(|(_, d)| d.clone());
            return Ok((original.clone(), decl));
        }
        let mut fresh = iterator.to_string();
        let mut k = 0;
        while self.file_identifiers.contains(&fresh) || taken(&fresh) {
            k += 1;
            fresh = format!("{iterator}_{k}");
        }
        Ok((fresh, Some(self.region.fresh_iterator_type.clone())))
    }

    /// The original iterators that loop `iterator` stands for in the statements of `node`.
    fn original_iterators(
        &self,
        node: &ASTNode,
        iterator: &str,
        out: &mut BTreeSet<String>,
    ) -> Gen<()> {
        match ast_kind(node)? {
            AstKind::For => self.original_iterators(&node.for_get_body()?, iterator, out),
            AstKind::If => {
                self.original_iterators(&node.if_get_then_node()?, iterator, out)?;
                if node.if_has_else_node()? {
                    self.original_iterators(&node.if_get_else_node()?, iterator, out)?;
                }
                Ok(())
            }
            AstKind::Block => {
                let children = node.block_get_children()?;
                for k in 0..children.size()? {
                    self.original_iterators(&children.get_at(k)?, iterator, out)?;
                }
                Ok(())
            }
            AstKind::Mark => self.original_iterators(&node.mark_get_node()?, iterator, out),
            AstKind::User => {
                let call = node.user_get_expr()?;
                let stmt = self.statement_of(&call)?;
                for (d, original) in self.region.statements[stmt].iters.iter().enumerate() {
                    let arg = call.get_op_arg(d as i32 + 1)?;
                    if arg.get_type()? == ASTExprType::Id && arg.get_id()?.get_name()? == iterator {
                        out.insert(original.clone());
                    }
                }
                Ok(())
            }
        }
    }

    fn statement_of(&self, call: &ASTExpr) -> Gen<usize> {
        let name = call.get_op_arg(0)?.get_id()?.get_name()?.to_string();
        self.statements
            .get(&name)
            .copied()
            .ok_or_else(|| error(format!("unknown statement {name}")))
    }

    fn if_node(&mut self, node: &ASTNode, depth: usize) -> Gen<()> {
        let cond = self.expr(&node.if_get_cond()?)?.0;
        self.lines.push((depth, format!("if ({cond}) {{")));
        self.node(&node.if_get_then_node()?, depth + 1)?;
        if node.if_has_else_node()? {
            self.lines.push((depth, "} else {".to_string()));
            self.node(&node.if_get_else_node()?, depth + 1)?;
        }
        self.lines.push((depth, "}".to_string()));
        Ok(())
    }

    /// A statement instance: the original text with each iterator replaced by its
    /// value in terms of the generated loops.
    fn user(&mut self, node: &ASTNode, depth: usize) -> Gen<()> {
        let call = node.user_get_expr()?;
        let stmt = &self.region.statements[self.statement_of(&call)?];
        let mut args = Vec::new();
        for d in 0..stmt.iters.len() {
            args.push(self.expr(&call.get_op_arg(d as i32 + 1)?)?);
        }
        let pieces = &stmt.pieces();
        let text: String = pieces
            .iter()
            .enumerate()
            .map(|(k, p)| match p {
                Piece::Text(t) => t.clone(),
                Piece::Iter(d) if is_whole_subscript(pieces, k) => args[*d].0.clone(),
                Piece::Iter(d) => wrap(args[*d].0.clone(), args[*d].1, PRIMARY),
            })
            .collect();
        self.lines.push((depth, text));
        Ok(())
    }

    /// `e` as C, with its precedence.
    fn expr(&self, e: &ASTExpr) -> Gen<(String, u8)> {
        match e.get_type()? {
            ASTExprType::Id => {
                let name = e.get_id()?.get_name()?.to_string();
                let c = self
                    .loops
                    .iter()
                    .rev()
                    .find(|(isl, _)| *isl == name)
                    .map_or_else(|| c_name(&name).to_string(), |(_, c)| c.clone());
                Ok((c, PRIMARY))
            }
            ASTExprType::Int => {
                let v = e.get_val()?.get_num_si()?;
                Ok((v.to_string(), if v < 0 { UNARY } else { PRIMARY }))
            }
            ASTExprType::Op => self.op(e),
            ASTExprType::Error => Err(error("invalid AST expression")),
        }
    }

    fn op(&self, e: &ASTExpr) -> Gen<(String, u8)> {
        let n = e.get_op_n_arg()?;
        let mut args = Vec::new();
        for k in 0..n {
            args.push(self.expr(&e.get_op_arg(k)?)?);
        }
        let bin = |op: &str, prec: u8| -> Gen<(String, u8)> {
            let [a, b] = args.as_slice() else {
                return Err(error("binary operator arity"));
            };
            Ok((
                format!(
                    "{} {op} {}",
                    wrap(a.0.clone(), a.1, prec),
                    wrap(b.0.clone(), b.1, prec + 1)
                ),
                prec,
            ))
        };
        use ASTExprOpType as O;
        match e.get_op_type()? {
            O::And | O::AndThen => bin("&&", 5),
            O::Or | O::OrElse => bin("||", 4),
            O::Eq => bin("==", 9),
            O::Le => bin("<=", 10),
            O::Lt => bin("<", 10),
            O::Ge => bin(">=", 10),
            O::Gt => bin(">", 10),
            O::Add => bin("+", 12),
            O::Sub => bin("-", 12),
            O::Mul => bin("*", 13),
            O::Div | O::PdivQ => bin("/", 13),
            O::PdivR | O::ZdivR => bin("%", 13),
            O::Minus => {
                let a = args.first().ok_or_else(|| error("minus arity"))?;
                Ok((format!("-{}", wrap(a.0.clone(), a.1, PRIMARY)), UNARY))
            }
            O::Max | O::Min => {
                let cmp = if e.get_op_type()? == O::Max { ">" } else { "<" };
                let mut acc = args.first().ok_or_else(|| error("min/max arity"))?.clone();
                for b in &args[1..] {
                    let (x, y) = (
                        wrap(acc.0.clone(), acc.1, PRIMARY),
                        wrap(b.0.clone(), b.1, PRIMARY),
                    );
                    acc = (format!("({x} {cmp} {y} ? {x} : {y})"), PRIMARY);
                }
                Ok(acc)
            }
            O::FdivQ => {
                let [a, b] = args.as_slice() else {
                    return Err(error("floord arity"));
                };
                let (a, b) = (
                    wrap(a.0.clone(), a.1, PRIMARY),
                    wrap(b.0.clone(), b.1, PRIMARY),
                );
                Ok((
                    format!("({a} >= 0 ? {a} / {b} : -((-{a} + {b} - 1) / {b}))"),
                    PRIMARY,
                ))
            }
            O::Cond | O::Select => {
                let [c, a, b] = args.as_slice() else {
                    return Err(error("select arity"));
                };
                Ok((
                    format!(
                        "({} ? {} : {})",
                        wrap(c.0.clone(), c.1, 4),
                        wrap(a.0.clone(), a.1, 4),
                        wrap(b.0.clone(), b.1, 4)
                    ),
                    PRIMARY,
                ))
            }
            other => Err(error(format!("unexpected AST operator {other:?}"))),
        }
    }
}

/// Whether the hole at `pieces[k]` is a subscript on its own (`A[i]`), where any
/// expression may stand without parentheses.
fn is_whole_subscript(pieces: &[Piece], k: usize) -> bool {
    let before = k.checked_sub(1).and_then(|b| pieces.get(b));
    let after = pieces.get(k + 1);
    matches!((before, after), (Some(Piece::Text(b)), Some(Piece::Text(a)))
        if b.trim_end().ends_with('[') && a.trim_start().starts_with(']'))
}

fn wrap(s: String, prec: u8, min: u8) -> String {
    if prec < min { format!("({s})") } else { s }
}
