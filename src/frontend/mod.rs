//! The front end: finds the static-control regions of a C file and lifts them.
//!
//! It never fails: it returns the regions it understood, the nests it had to leave
//! alone with the reasons, and file-level diagnostics (syntax errors).

mod affine;
pub mod ir;
mod lift;
mod preprocess;
mod records;
mod summary;
mod symbols;
pub mod syntax;
pub mod types;
pub mod unused;

mod regions;
use crate::support::diag::{Code, Diagnostic, Span};
pub use ir::{Origin, Region};
pub use lift::line_indent;
use preprocess::Undecided;
pub use preprocess::{OtherMacros, mentions_compiler_identity};
use std::collections::BTreeSet;
use symbols::Symbols;
use syntax::{named_children, pragma_argument, text};
use tree_sitter::Node;

/// A loop nest (or pragma region) the front end could not lift, with every reason.
#[derive(Clone, Debug)]
pub struct RejectedNest {
    pub origin: Origin,
    pub span: Span,
    pub function: String,
    pub diagnostics: Vec<Diagnostic>,
}

#[derive(Clone, Debug, Default)]
pub struct Frontend {
    pub regions: Vec<Region>,
    pub rejected: Vec<RejectedNest>,
    /// Problems of the file as a whole: syntax errors, unclosed `#pragma scop`.
    pub file_diagnostics: Vec<Diagnostic>,
    /// Every identifier in the file, so generated names cannot clash.
    pub identifiers: BTreeSet<String>,
    /// Whether the file (or a local header it includes) defines `main`.
    pub defines_main: bool,
}

/// What the front end is told besides the file.
#[derive(Clone, Debug, Default)]
pub struct Inputs {
    /// `-D NAME=VALUE` integer constants, over the file's `#define`s.
    pub defines: Vec<(String, i64)>,
    /// The command line's other macros (`-D NAME=text`, `-U`, `-include`), which
    /// nestor cannot use as constants but which may decide conditionals.
    pub other_macros: OtherMacros,
    /// The texts of the local headers the file includes, in inclusion order: their
    /// macros, typedefs and declarations are visible in the file.
    pub headers: Vec<String>,
    /// The name each of `headers` is included by, as its `#include` writes it (empty
    /// where not known).
    pub header_names: Vec<String>,
    /// The names of the headers among them included with `<...>` (found in an `-I`
    /// directory, where a compiler looks first): the preprocessor reads those
    /// `#include`s as those of local headers.
    pub angled_headers: Vec<String>,
    /// The names of the headers the file includes with quotes that were not found
    /// (neither beside it nor in a `-I` directory): what they declare is unknown.
    pub missing_headers: Vec<String>,
    /// Functions whose calls read only their arguments' values (`--pure`).
    pub pure: Vec<String>,
    /// The macros the compiler that builds the file predefines (`NAME=VALUE`, from
    /// `cc -dM -E`), when known: they say which compiler it is (`__GNUC__`,
    /// `__clang__`), which decides `#if defined(__GNUC__)` groups.
    pub compiler: Option<Vec<String>>,
}

/// [`analyze_file`] for a command line whose only macros are the integer `defines`.
pub fn analyze(original: &str, defines: &[(String, i64)], headers: &[String]) -> Frontend {
    analyze_file(
        original,
        &Inputs {
            defines: defines.to_vec(),
            headers: headers.to_vec(),
            ..Inputs::default()
        },
    )
}

/// The command line's `-D NAME=text` as the `#define NAME text` lines they mean,
/// read before the headers (`-D REAL=float` makes `REAL` a name of `float`).
fn command_line_definitions(other: &OtherMacros) -> String {
    let OtherMacros::Text(macros) = other else {
        return String::new();
    };
    macros
        .iter()
        .filter(|(name, text)| !format!("{name}{text}").contains(['\n', '\r', '\\']))
        .map(|(name, text)| format!("#define {name} {text}\n"))
        .collect()
}

/// The text the front end analyses and its parse: `original` as the preprocessor
/// conditionals nestor can decide leave it, or where that does not parse, with the
/// undecided groups of declaration fragments read as their first branch
/// (`Undecided::FragmentsAsFirstBranch`), when that parses.
fn compiled_and_parsed(
    original: &str,
    inputs: &Inputs,
) -> (preprocess::Compiled, Option<tree_sitter::Tree>) {
    let (defines, other) = (&inputs.defines, &inputs.other_macros);
    let headers = preprocess::Headers {
        texts: &inputs.headers,
        names: &inputs.header_names,
        angled: &inputs.angled_headers,
    };
    let compiler = inputs.compiler.as_deref();
    let read =
        |undecided| preprocess::compiled(original, defines, other, &headers, compiler, undecided);
    let compiled = read(Undecided::AsWritten);
    let tree = syntax::parse(&compiled.file);
    if tree.as_ref().is_some_and(|t| t.root_node().has_error()) {
        let read = read(Undecided::FragmentsAsFirstBranch);
        if let Some(t) = syntax::parse(&read.file).filter(|t| !t.root_node().has_error()) {
            return (read, Some(t));
        }
    }
    (compiled, tree)
}

/// Finds and lifts the regions of `original`. When the file has `#pragma scop` regions
/// only those are used; otherwise maximal runs of static-control loop nests are.
/// The text analysed is `original` with the preprocessor conditionals nestor can
/// decide evaluated (`preprocess::compiled`, from the defines and other macros):
/// every byte offset is the same in both, and no region overlaps what was blanked.
pub fn analyze_file(original: &str, inputs: &Inputs) -> Frontend {
    let Inputs { defines, pure, .. } = inputs;
    let mut out = Frontend::default();
    let (compiled, tree) = compiled_and_parsed(original, inputs);
    let src = compiled.file.as_str();
    let Some(tree) = tree else {
        out.file_diagnostics.push(
            Diagnostic::new(
                Code::SyntaxError,
                0..0,
                "tree-sitter could not parse the file",
            )
            .error(),
        );
        return out;
    };
    if let Some(deep) = syntax::too_deep(&tree) {
        out.file_diagnostics.push(
            Diagnostic::new(
                Code::TooDeep,
                deep.start_byte()..deep.start_byte(),
                format!(
                    "the code is nested more than {} levels deep here",
                    syntax::MAX_DEPTH
                ),
            )
            .label("nested too deeply")
            .hint("nestor leaves this file as written; split the expression or the blocks"),
        );
        out.defines_main = true; // Cannot tell without walking it: let the linker decide.
        return out;
    }
    let macros = preprocess::macro_directives(original);
    if let Some((span, _)) = macros.iter().find(|(_, plain)| !plain) {
        out.file_diagnostics.push(obscured_directive(span.clone()));
        return out;
    }
    let macro_spans: Vec<Span> = macros.into_iter().map(|(span, _)| span).collect();
    let syntax = syntax::syntax_diagnostics(&tree, src, &macro_spans);
    if !syntax.file_errors.is_empty() {
        out.file_diagnostics = syntax.file_errors;
        return out;
    }
    let mut breaks = syntax.breaks;
    breaks.extend(conditional_breaks(&compiled.blanks, original));
    let root = tree.root_node();
    out.file_diagnostics
        .extend(unknown_nestor_pragmas(root, src));
    out.file_diagnostics
        .extend(missing_headers(root, src, &inputs.missing_headers));
    out.identifiers = identifiers(root, &compiled, original);
    let unparsed = syntax.unparsed_functions;
    out.file_diagnostics
        .extend(unparsed.iter().map(|u| u.diagnostic.clone()));
    let command_line = command_line_definitions(&inputs.other_macros);
    let header_trees: Vec<(tree_sitter::Tree, &str)> = std::iter::once(&command_line)
        .chain(&compiled.headers)
        .filter_map(|h| Some((syntax::parse(h)?, h.as_str())))
        .collect();
    let file_symbols = Symbols::for_file(
        header_trees
            .iter()
            .map(|(t, h)| (t.root_node(), *h))
            .chain(std::iter::once((root, src))),
        defines,
        pure,
        &compiled.defaults_overridden_unseen,
    );
    out.defines_main = file_symbols.defines_function("main");
    let pragma_mode = src.contains("scop") && has_scop_pragma(root, src);
    let mut cursor = root.walk();
    let functions: Vec<Node> = root
        .named_children(&mut cursor)
        .filter(|n| n.kind() == "function_definition")
        .filter(|n| !unparsed.iter().any(|u| u.span == n.byte_range()))
        .collect();
    let summaries = summaries(&file_symbols, &functions, src);
    for f in functions {
        let symbols = file_symbols.for_function(f, src);
        regions::find(f, src, symbols, &summaries, &breaks, pragma_mode, &mut out);
    }
    out.regions.sort_by_key(|r| r.span.start);
    out.rejected.sort_by_key(|r| r.span.start);
    out
}

/// N004 at the `#define`/`#undef` at `span`, which tree-sitter does not read as one.
fn obscured_directive(span: Span) -> Diagnostic {
    Diagnostic::new(
        Code::ObscuredDirective,
        span,
        "a macro directive split by a comment or a line continuation",
    )
    .error()
    .label("nestor cannot read this directive as the compiler does")
    .expected("`#define NAME ...` or `#undef NAME` with nothing between `#` and the name")
    .hint("write the directive plainly; nestor leaves the file as written meanwhile")
}

/// The directives nestor reads after `#pragma nestor`.
const NESTOR_PRAGMAS: [&str; 3] = ["temporary", "pure", "skip"];

/// N124 for every `#pragma nestor WORD` below `node` whose `WORD` nestor does not read
/// (a misspelt `temporary` would otherwise be ignored without a word).
fn unknown_nestor_pragmas(node: Node, src: &str) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for node in syntax::named_descendants(node) {
        let Some((word, _)) = syntax::nestor_pragma(node, src) else {
            continue;
        };
        if NESTOR_PRAGMAS.contains(&word) {
            continue;
        }
        out.push(
            Diagnostic::new(
                Code::UnknownPragma,
                node.start_byte()..node.start_byte() + text(node, src).trim_end().len(),
                format!(
                    "`{}` is not a directive nestor knows; it is ignored",
                    format!("#pragma nestor {word}").trim_end()
                ),
            )
            .label("ignored")
            .expected(format!("one of: {}", NESTOR_PRAGMAS.join(", ")))
            .hint("check the spelling: `#pragma nestor temporary(a, b)`, `#pragma nestor pure(f)`, `#pragma nestor skip`"),
        );
    }
    out
}

/// N126 for every `#include "name"` below `node` whose header is among `missing`: its
/// macros and declarations are unknown, which the regions' own diagnostics (unknown
/// arrays, bounds that are not affine) would otherwise leave unexplained.
fn missing_headers(node: Node, src: &str, missing: &[String]) -> Vec<Diagnostic> {
    if missing.is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    let path = (node.kind() == "preproc_include")
        .then(|| node.child_by_field_name("path"))
        .flatten()
        .filter(|p| p.kind() == "string_literal");
    if let Some(path) = path {
        let name = text(path, src).trim_matches('"');
        if missing.iter().any(|m| m == name) {
            out.push(
                Diagnostic::new(
                    Code::MissingHeader,
                    path.start_byte()..path.end_byte(),
                    format!("header `{name}` not found: its macros and declarations are unknown to nestor"),
                )
                .label("not found")
                .hint("pass -I with the directory that holds it, as to the compiler (`nestor cc` passes the compiler's own)"),
            );
        }
    }
    for child in named_children(node) {
        out.extend(missing_headers(child, src, missing));
    }
    out
}

/// The summary of each function of `functions` (what its calls read), the calls it may
/// make judged by `symbols`.
fn summaries(symbols: &Symbols, functions: &[Node], src: &str) -> summary::Summaries {
    functions
        .iter()
        .filter_map(|f| {
            let name = syntax::declared_name(*f, src)?.to_string();
            let own = symbols.for_function(*f, src);
            let summary =
                summary::summarize(*f, src, &own, &|callee| symbols.is_known_pure(callee));
            Some((name, summary))
        })
        .collect()
}

fn has_scop_pragma(node: Node, src: &str) -> bool {
    syntax::named_descendants(node).any(|n| pragma_argument(n, src) == Some("scop"))
}

fn function_name(f: Node, src: &str) -> String {
    syntax::declared_name(f, src).unwrap_or("?").to_string()
}

/// Every identifier of the analysed file, and every word of what the preprocessor pass
/// blanked in `original`: generated names must clash with neither, whichever branch a
/// compiler takes.
fn identifiers(root: Node, compiled: &preprocess::Compiled, original: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    collect_identifiers(root, &compiled.file, &mut out);
    for blank in &compiled.blanks {
        out.extend(words(original.get(blank.span.clone()).unwrap_or("")));
    }
    out
}

fn collect_identifiers(node: Node, src: &str, out: &mut BTreeSet<String>) {
    for node in syntax::named_descendants(node) {
        if matches!(
            node.kind(),
            "identifier" | "type_identifier" | "field_identifier"
        ) {
            out.insert(text(node, src).to_string());
        }
        if matches!(
            node.kind(),
            "preproc_arg" | "preproc_def" | "preproc_function_def"
        ) {
            // Macro bodies are not parsed; take every word in them.
            out.extend(words(text(node, src)));
        }
    }
}

/// The words (runs of letters, digits and `_`) of `text`.
fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !c.is_alphanumeric() && c != '_')
        .filter(|w| !w.is_empty())
        .map(str::to_string)
}

/// For each run the preprocessor pass blanked (a decided conditional's directive, with
/// the branch after it when that is not compiled), a span no region may overlap:
/// rewriting the region would drop the directives written there. The diagnostic
/// points at the group's first directive.
fn conditional_breaks(blanks: &[preprocess::Blank], original: &str) -> Vec<syntax::RegionBreak> {
    blanks
        .iter()
        .map(|blank| {
            let directive = original.get(blank.group.clone()).unwrap_or("");
            syntax::RegionBreak {
                affected: blank.span.clone(),
                diagnostic: Diagnostic::new(
                    Code::UnsupportedStatement,
                    blank.group.clone(),
                    format!(
                        "a preprocessor directive inside the nest: `{}`",
                        affine::short(directive.trim())
                    ),
                )
                .label("kept as written")
                .expected("`for` loops, `if`s with affine conditions and assignments")
                .hint("move the directive outside the loop nest"),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::analyze;

    fn defines_main(src: &str) -> bool {
        analyze(src, &[], &[]).defines_main
    }

    #[test]
    fn finds_main() {
        assert!(defines_main("int main(void) { return 0; }"));
        assert!(defines_main(
            "#include <stdio.h>\nint\nmain (int argc, char **argv)\n{ return argc; }"
        ));
        assert!(defines_main(
            "#ifdef X\nint main() {}\n#else\nint main() { return 1; }\n#endif\n"
        ));
        assert!(defines_main("int (main)(void) { return 0; }"));
        assert!(!defines_main("int mainly(void) { return 0; }\nint main2;"));
        assert!(!defines_main(
            "void f(int n, double a[n]) { for (int i = 0; i < n; i++) a[i] = 0; }"
        ));
        assert!(!defines_main("int main;"));
        assert!(!defines_main("int main(void);"));
    }

    /// Whether local array `tmp` is live after the one region of `src`.
    fn tmp_live_out(src: &str) -> Option<bool> {
        let front = analyze(src, &[], &[]);
        let region = front.regions.first()?;
        let tmp = region.arrays.iter().find(|a| a.name == "tmp")?;
        Some(tmp.live_out)
    }

    #[test]
    fn reads_in_decided_false_branches_do_not_keep_arrays_live() {
        let with = |condition: &str| {
            format!(
                "void show(double *);\nvoid f(int n, double A[n]) {{\n  double tmp[100];\n  for (int i = 0; i < n; i++) tmp[i] = A[i];\n  for (int i = 0; i < n; i++) A[i] = tmp[i] * 2;\n{condition}\n  show(tmp);\n#endif\n}}\n"
            )
        };
        assert_eq!(tmp_live_out(&with("#ifdef TRACE")), Some(false));
        assert_eq!(tmp_live_out(&with("#if 1 - 1")), Some(false));
        assert_eq!(tmp_live_out(&with("#ifdef __GNUC__")), Some(true));
        assert_eq!(tmp_live_out(&with("#ifndef TRACE")), Some(true));
    }

    #[test]
    fn command_line_defines_decide_conditionals() {
        let src = "#if defined(WITH_ATTR) && WITH_ATTR > 1\n__attribute__((noinline))\n#endif\nvoid f(int n, double A[n]) { for (int i = 0; i < n; i++) A[i] = 0; }\n";
        for value in [0, 1, 2] {
            let front = analyze(src, &[("WITH_ATTR".to_string(), value)], &[]);
            // With the attribute compiled the declaration parses too.
            assert!(front.file_diagnostics.is_empty(), "{value}");
            assert_eq!(front.regions.len(), 1, "{value}");
        }
    }

    #[test]
    fn a_decided_conditional_inside_a_nest_keeps_it_as_written() {
        let src = "void f(int n, double A[n]) {\n  for (int i = 0; i < n; i++) {\n#if 0\n    A[i] = 1;\n#endif\n    A[i] = 0;\n  }\n}\n";
        let front = analyze(src, &[], &[]);
        assert!(front.regions.is_empty());
        let codes: Vec<&str> = front.rejected[0]
            .diagnostics
            .iter()
            .map(|d| d.code.as_str())
            .collect();
        assert_eq!(codes, ["N113"]);
        assert!(front.identifiers.contains("A"));
    }

    /// Whether each field array of the first region is live after it, by name.
    fn fields_live_out(src: &str) -> Vec<(String, bool)> {
        let front = analyze(src, &[], &[]);
        assert!(front.rejected.is_empty(), "{:?}", front.rejected);
        let mut out: Vec<(String, bool)> = front.regions[0]
            .arrays
            .iter()
            .filter(|a| a.member_of.is_some())
            .map(|a| (a.name.clone(), a.live_out))
            .collect();
        out.sort();
        out
    }

    fn live(names: &[(&str, bool)]) -> Vec<(String, bool)> {
        names.iter().map(|(n, l)| (n.to_string(), *l)).collect()
    }

    #[test]
    fn a_local_struct_s_members_are_live_exactly_as_the_struct_is() {
        const DECLS: &str =
            "struct S { double x[8]; double y[8]; double w; };\nvoid g(double *);\n";
        let region = "  for (int i = 0; i < 8; i++) s.x[i] = i;\n  for (int i = 0; i < 8; i++) s.y[i] = s.x[i];\n";
        // Dead after the region: nothing reads `s` again.
        let dead = format!("{DECLS}double f(void) {{\n  struct S s;\n{region}  return 0;\n}}\n");
        assert_eq!(
            fields_live_out(&dead),
            live(&[("s.x", false), ("s.y", false)])
        );
        // One member read after the region: every member of `s` stays live.
        let read = format!("{DECLS}double f(void) {{\n  struct S s;\n{region}  return s.w;\n}}\n");
        assert_eq!(
            fields_live_out(&read),
            live(&[("s.x", true), ("s.y", true)])
        );
        // Overwritten as a whole first: dead.
        let overwritten = format!(
            "{DECLS}double f(struct S t) {{\n  struct S s;\n{region}  s = t;\n  return s.w;\n}}\n"
        );
        assert_eq!(
            fields_live_out(&overwritten),
            live(&[("s.x", false), ("s.y", false)])
        );
        // Its address escapes, through `&` or an array member decaying: live.
        for escape in [
            "g(&s.w);",
            "g(s.x);",
            "double *q = s.y; (void)q;",
            "g(&s.x[2]);",
        ] {
            let src = format!(
                "{DECLS}double f(void) {{\n  struct S s;\n  {escape}\n{region}  return 0;\n}}\n"
            );
            assert_eq!(
                fields_live_out(&src),
                live(&[("s.x", true), ("s.y", true)]),
                "{escape}"
            );
        }
        // A global struct, a pointer parameter's struct: live.
        let global = format!("{DECLS}struct S s;\nvoid f(void) {{\n{region}}}\n");
        assert_eq!(
            fields_live_out(&global),
            live(&[("s.x", true), ("s.y", true)])
        );
        let pointer = format!(
            "{DECLS}void f(struct S *p) {{\n  for (int i = 0; i < 8; i++) p->x[i] = i;\n}}\n"
        );
        assert_eq!(fields_live_out(&pointer), live(&[("p->x", true)]));
    }
}
