//! Parsing with tree-sitter-c, and diagnostics for what it could not parse.

use crate::support::diag::{Code, Diagnostic, Span};
use std::ops::ControlFlow;
use tree_sitter::{Node, Parser, Tree};

pub fn text<'s>(node: Node, src: &'s str) -> &'s str {
    src.get(node.byte_range()).unwrap_or("")
}

/// `span` widened to its whole lines when nothing else stands on them.
pub fn whole_lines(span: Span, src: &str) -> Span {
    let line_start = src[..span.start].rfind('\n').map_or(0, |k| k + 1);
    let rest = &src[span.end..];
    let line_end = rest.find('\n').map_or(src.len(), |k| span.end + k + 1);
    let alone =
        src[line_start..span.start].trim().is_empty() && src[span.end..line_end].trim().is_empty();
    if alone { line_start..line_end } else { span }
}

/// The name a declaration or function definition `node` declares first, following its
/// declarators (pointers, arrays, functions, parentheses: `int (main)(void)`).
pub fn declared_name<'s>(node: Node, src: &'s str) -> Option<&'s str> {
    let mut d = node.child_by_field_name("declarator");
    while let Some(n) = d {
        if n.kind() == "identifier" {
            return Some(text(n, src));
        }
        // A parenthesized declarator has no field names.
        d = n
            .child_by_field_name("declarator")
            .or_else(|| n.named_child(0));
    }
    None
}

/// Parses C source. `None` only if tree-sitter itself gives up (it does not on text).
pub fn parse(src: &str) -> Option<Tree> {
    let mut parser = Parser::new();
    parser.set_language(&tree_sitter_c::LANGUAGE.into()).ok()?;
    parser.parse(src, None)
}

/// What [`parse_statements`] puts before the statements: its parse's offsets are
/// this much past theirs.
const BODY_START: &str = "void nestor_body(void) {\n";

/// The parse of `code`, a sequence of C statements, as the body of a function.
pub fn parse_statements(code: &str) -> Option<Tree> {
    parse(&format!("{BODY_START}{code}\n}}\n"))
}

/// A span no region may overlap (`affected`), with the diagnostic that says why: a
/// pragma between a loop or `if` header and its unbraced body, valid C that
/// tree-sitter misreads (the header gets an empty body, the body becomes a sibling;
/// `affected` runs from the header to the end of the body), or a preprocessor
/// conditional the front end decided (see `preprocess`), whose directives a rewrite
/// would drop.
pub struct RegionBreak {
    pub diagnostic: Diagnostic,
    pub affected: Span,
}

/// A function definition whose body tree-sitter could not parse: nestor leaves it as
/// written (`span`), the rest of the file is read as usual. The diagnostic points at
/// the first error.
pub struct UnparsedFunction {
    pub span: Span,
    pub diagnostic: Diagnostic,
}

/// What tree-sitter could not parse in a file, and the pragmas between a header and
/// its body (see [`RegionBreak`]), which break the enclosing region only.
#[derive(Default)]
pub struct SyntaxReport {
    /// Errors outside any function body (or in one that defines macros, which the rest
    /// of the file may use): nothing in the file can be read with confidence.
    pub file_errors: Vec<Diagnostic>,
    /// Functions with an error inside their body: only they are left as written.
    pub unparsed_functions: Vec<UnparsedFunction>,
    pub breaks: Vec<RegionBreak>,
}

/// The syntax errors in `tree`, each charged to the function whose body holds it
/// (the code tree-sitter misreads there, such as a statement-like macro `FOR(i, n)
/// body`, cannot reach past that body) or to the whole file; `macros` are the spans of
/// the file's `#define`/`#undef` lines (`preprocess::macro_directives`).
pub fn syntax_diagnostics(tree: &Tree, src: &str, macros: &[Span]) -> SyntaxReport {
    let mut errors = Vec::new();
    let mut report = SyntaxReport::default();
    if tree.root_node().has_error() {
        collect(tree.root_node(), src, &mut errors, &mut report.breaks);
    }
    for (node, diagnostic) in errors {
        match function_around(node, macros) {
            Some(f) => {
                let span = f.byte_range();
                if !report.unparsed_functions.iter().any(|u| u.span == span) {
                    report.unparsed_functions.push(UnparsedFunction {
                        diagnostic: unparsed_function(f, diagnostic, src),
                        span,
                    });
                }
            }
            None => report.file_errors.push(diagnostic),
        }
    }
    report
}

/// The function definition whose body holds `error`, unless that body defines or
/// undefines a macro (which code after the function may use): `macros` are the spans
/// of the file's `#define`/`#undef` directives as the preprocessor reads them.
fn function_around<'t>(error: Node<'t>, macros: &[Span]) -> Option<Node<'t>> {
    let mut f = error.parent()?;
    while f.kind() != "function_definition" {
        f = f.parent()?;
    }
    let body = f.child_by_field_name("body")?;
    let inside = body.start_byte() < error.start_byte() && error.end_byte() <= body.end_byte();
    let defines_macro = macros
        .iter()
        .any(|m| body.start_byte() <= m.start && m.start < body.end_byte());
    (inside && !defines_macro).then_some(f)
}

/// N127 for function `f`, at the syntax error `error` found in its body.
fn unparsed_function(f: Node, error: Diagnostic, src: &str) -> Diagnostic {
    let name = declared_name(f, src).unwrap_or("this function");
    Diagnostic::new(
        Code::UnparsedFunction,
        error.span.clone(),
        format!("nestor cannot parse this code in `{name}`: its loop nests are left as written"),
    )
    .label(error.label)
    .expected("C that parses without its macros expanded: a loop written as `for (...)`, not a macro used as a statement")
    .hint("the rest of the file is optimized; write the loop out to have this function's nests optimized too")
}

fn collect<'t>(
    node: Node<'t>,
    src: &str,
    errors: &mut Vec<(Node<'t>, Diagnostic)>,
    pragmas: &mut Vec<RegionBreak>,
) {
    if node.is_missing() {
        if let Some((header, pragma)) = pragma_after_header(node, src) {
            // The real body follows the pragma as a sibling statement.
            let mut body = pragma.next_named_sibling();
            while let Some(c) = body
                .filter(|b| matches!(b.kind(), "comment" | "preproc_call") || is_conditional(*b))
            {
                body = c.next_named_sibling();
            }
            pragmas.push(RegionBreak {
                affected: header.start_byte()..body.unwrap_or(pragma).end_byte(),
                diagnostic: Diagnostic::new(
                    Code::PragmaInHeader,
                    pragma.byte_range(),
                    "preprocessor directive between a loop or `if` header and its body",
                )
                .label("this pragma")
                .expected("a braced body: `for (...) { #pragma ... }`")
                .hint("put braces around the body, or move the pragma before the header"),
            });
        } else {
            let what = node.kind();
            errors.push((
                node,
                Diagnostic::new(
                    Code::SyntaxError,
                    node.start_byte()..node.start_byte(),
                    format!("syntax error: missing `{what}`"),
                )
                .error()
                .label(format!("expected `{what}` here"))
                .hint("fix the syntax; nestor only rewrites files a C compiler accepts"),
            ));
        }
        return;
    }
    if node.is_error() {
        let snippet: String = text(node, src).chars().take(40).collect();
        let end = node.start_byte() + text(node, src).lines().next().map_or(0, str::len);
        errors.push((
            node,
            Diagnostic::new(
                Code::SyntaxError,
                node.start_byte()..end.max(node.start_byte()),
                format!("syntax error near `{}`", snippet.trim()),
            )
            .error()
            .label("cannot parse this")
            .hint("fix the syntax; nestor only rewrites files a C compiler accepts"),
        ));
        return;
    }
    if !node.has_error() {
        return;
    }
    let mut cursor = node.walk();
    for child in node.children(&mut cursor) {
        collect(child, src, errors, pragmas);
    }
}

/// For a MISSING `;` that forms the empty body of a `for`/`if`/`while`, the header and
/// the pragma that follows it (tree-sitter's reading of `for (...)\n#pragma x\n body`).
/// The header is the outermost of the unbraced headers around that empty body
/// (`for (i...) for (j...) #pragma ... body`: the pragma follows `for (i...)`).
fn pragma_after_header<'t>(missing: Node<'t>, src: &str) -> Option<(Node<'t>, Node<'t>)> {
    let is_header = |n: Node| {
        matches!(
            n.kind(),
            "for_statement" | "if_statement" | "while_statement" | "else_clause"
        )
    };
    let stmt = missing.parent()?;
    let mut header = stmt.parent().filter(|h| is_header(*h))?;
    while header.next_sibling().is_none() {
        match header.parent() {
            Some(outer) if is_header(outer) => header = outer,
            _ => return None,
        }
    }
    let next = header.next_sibling()?;
    let directive = next.kind() == "preproc_call" || is_conditional(next);
    (directive && text(next, src).trim_start().starts_with('#')).then_some((header, next))
}

/// `#pragma scop` → `Some("scop")`; `# pragma  endscop` → `Some("endscop")`.
pub fn pragma_argument<'s>(node: Node, src: &'s str) -> Option<&'s str> {
    if node.kind() != "preproc_call" {
        return None;
    }
    let directive = node.child_by_field_name("directive")?;
    let d: String = text(directive, src).split_whitespace().collect();
    if d != "#pragma" {
        return None;
    }
    Some(
        node.child_by_field_name("argument")
            .map_or("", |a| text(a, src))
            .trim(),
    )
}

/// Whether `node` is a preprocessor conditional (`#if`, `#ifdef`, `#elif`, `#else`),
/// whose contents may or may not be compiled.
pub fn is_conditional(node: Node) -> bool {
    matches!(
        node.kind(),
        "preproc_if" | "preproc_ifdef" | "preproc_else" | "preproc_elif" | "preproc_elifdef"
    )
}

/// The deepest nesting nestor's recursive passes accept: deeper files are left as they
/// are (the passes recurse once per level, and a stack overflow cannot be recovered).
pub const MAX_DEPTH: usize = 400;

/// The first node nested more than [`MAX_DEPTH`] levels deep, found without recursion.
pub fn too_deep(tree: &Tree) -> Option<Node<'_>> {
    preorder(tree, |node, depth| {
        if depth > MAX_DEPTH {
            ControlFlow::Break(node)
        } else {
            ControlFlow::Continue(())
        }
    })
}

/// The number of `for` loops in `code`, a sequence of C statements (a region as written
/// or as generated): `for_statement` nodes of its parse.
pub fn for_loops(code: &str) -> usize {
    let Some(tree) = parse_statements(code) else {
        return 0;
    };
    let mut count = 0;
    preorder::<()>(&tree, |node, _| {
        count += usize::from(node.kind() == "for_statement");
        ControlFlow::Continue(())
    });
    count
}

/// The iterator and byte range of each `for` loop of `code` (C statements), in source
/// order: the name its header's initializer declares or assigns.
pub fn loop_headers(code: &str) -> Vec<(String, Span)> {
    let wrapped = format!("{BODY_START}{code}\n}}\n");
    let Some(tree) = parse(&wrapped) else {
        return Vec::new();
    };
    let shift = BODY_START.len();
    let mut headers = Vec::new();
    preorder::<()>(&tree, |node, _| {
        let init = (node.kind() == "for_statement")
            .then(|| node.child_by_field_name("initializer"))
            .flatten();
        let name = init.and_then(|init| match init.kind() {
            "declaration" => find_kind(init, "init_declarator")?.child_by_field_name("declarator"),
            "assignment_expression" => init.child_by_field_name("left"),
            _ => None,
        });
        if let Some(name) = name {
            let range = node.start_byte() - shift..node.end_byte() - shift;
            headers.push((text(name, &wrapped).to_string(), range));
        }
        ControlFlow::Continue(())
    });
    headers
}

/// Visits the nodes of `tree` in preorder with their depths, without recursion (a tree
/// may be deeper than the stack allows), until `visit` breaks.
fn preorder<'t, B>(
    tree: &'t Tree,
    mut visit: impl FnMut(Node<'t>, usize) -> ControlFlow<B>,
) -> Option<B> {
    let mut cursor = tree.walk();
    let mut depth = 0usize;
    loop {
        if let ControlFlow::Break(b) = visit(cursor.node(), depth) {
            return Some(b);
        }
        if cursor.goto_first_child() {
            depth += 1;
            continue;
        }
        while !cursor.goto_next_sibling() {
            if !cursor.goto_parent() {
                return None;
            }
            depth -= 1;
        }
    }
}

/// The directive of a `#pragma nestor WORD REST` line: `WORD` (letters, digits, `_`) and
/// `REST`, trimmed. Every reader of nestor's pragmas, and the check for unknown ones
/// (N124), take the word from here, so a word is read exactly when it is known.
pub fn nestor_pragma<'s>(node: Node, src: &'s str) -> Option<(&'s str, &'s str)> {
    let rest = pragma_argument(node, src)?.strip_prefix("nestor")?;
    if !(rest.is_empty() || rest.starts_with(char::is_whitespace)) {
        return None;
    }
    let rest = rest.trim_start();
    let end = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    Some((&rest[..end], rest[end..].trim()))
}

/// The named children of `node`, in order.
pub fn named_children(node: Node) -> Vec<Node> {
    let mut cursor = node.walk();
    node.named_children(&mut cursor).collect()
}

/// The nodes of `node`'s subtree in preorder (`node` itself first), walked with one
/// cursor: no recursion, no allocation per node.
pub fn descendants(node: Node<'_>) -> impl Iterator<Item = Node<'_>> {
    let mut cursor = node.walk();
    let mut done = false;
    std::iter::from_fn(move || {
        if done {
            return None;
        }
        let current = cursor.node();
        if !cursor.goto_first_child() {
            while !cursor.goto_next_sibling() {
                if !cursor.goto_parent() {
                    done = true;
                    break;
                }
            }
        }
        Some(current)
    })
}

/// The named nodes of `node`'s subtree in preorder (`node` itself first, if named):
/// what visiting `named_children` recursively visits (anonymous nodes are tokens).
pub fn named_descendants(node: Node<'_>) -> impl Iterator<Item = Node<'_>> {
    let root = node.id();
    descendants(node).filter(move |n| n.is_named() || n.id() == root)
}

/// The first node of kind `kind` in `node`'s subtree, in preorder (`node` itself first).
pub fn find_kind<'t>(node: Node<'t>, kind: &str) -> Option<Node<'t>> {
    named_descendants(node).find(|n| n.kind() == kind)
}

#[cfg(test)]
mod tests {
    use super::for_loops;

    #[test]
    fn counts_for_statements_only() {
        let code = "#pragma omp parallel for\nfor (i = 0; i < n; i++) /* for */\n  for(j=0;j<n;j++) { s = \"for\"; fort = 1; } // for\n";
        assert_eq!(for_loops(code), 2);
        assert_eq!(for_loops("x = 'f'; before = 1;"), 0);
    }

    #[test]
    fn loop_headers_name_each_loop_at_its_place() {
        let code = "for (i = 0; i < n; i++)\n  for (int j = 0; j < n; j++)\n    a[i][j] = 0;\n";
        let headers = super::loop_headers(code);
        let names: Vec<(&str, usize)> =
            headers.iter().map(|(n, r)| (n.as_str(), r.start)).collect();
        assert_eq!(names, [("i", 0), ("j", 26)]);
        assert!(code[headers[1].1.clone()].ends_with("a[i][j] = 0;"));
    }
}
