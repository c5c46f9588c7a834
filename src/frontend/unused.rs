//! Declarations a rewrite left unused: a local variable that the original function
//! used and that the rewritten function no longer mentions (a scalar nestor expanded,
//! an iterator of a loop it renamed) is removed, so that `-Wall -Werror` builds still
//! pass.

use super::syntax::{declared_name, descendants, parse, text, too_deep, whole_lines};
use crate::support::diag::Span;
use std::collections::HashMap;
use tree_sitter::Node;

/// The spans of `rewritten` to delete: for each function `F` defined in both texts and
/// each variable `x` declared in `F`'s body of `rewritten`, the declarator of `x` (with
/// its comma, or the whole declaration and its line when it declares `x` alone) when
///
/// - `x` is an identifier of `F` in `original` outside its declaration, and of none in
///   `F` of `rewritten` outside it;
/// - the declaration has no storage class, qualifier or attribute that makes it more
///   than storage (`static`, `extern`, `volatile`, `register`, `__attribute__`), and
///   `x`'s initializer, if any, has no side effect (no call, assignment or `++`/`--`);
/// - no macro of the file or of `headers` mentions `x` (a macro could read it).
pub fn unused_declarations(original: &str, rewritten: &str, headers: &[String]) -> Vec<Span> {
    let (Some(before), Some(after)) = (parse(original), parse(rewritten)) else {
        return Vec::new();
    };
    let broken = |t: &tree_sitter::Tree| t.root_node().has_error() || too_deep(t).is_some();
    if broken(&before) || broken(&after) {
        return Vec::new();
    }
    let before_bodies = function_bodies(before.root_node(), original);
    let mut spans = Vec::new();
    for (name, body) in function_bodies(after.root_node(), rewritten) {
        let Some(old) = before_bodies.get(name) else {
            continue;
        };
        if text(*old, original) == text(body, rewritten) {
            continue;
        }
        let old_uses = identifier_counts(*old, original);
        let new_uses = identifier_counts(body, rewritten);
        for decl in declarations(body) {
            if !is_plain_storage(decl, rewritten) {
                continue;
            }
            let declarators = declarators(decl, rewritten);
            let unused: Vec<bool> = declarators
                .iter()
                .map(|&(d, x)| {
                    let own = declared_counts(d, rewritten, x);
                    let count = |uses: &HashMap<&str, usize>| uses.get(x).copied().unwrap_or(0);
                    count(&new_uses) == own
                        && count(&old_uses) > own
                        && !side_effects(d)
                        && !mentioned_by_a_macro(x, original, headers)
                })
                .collect();
            spans.extend(removal(decl, &declarators, &unused, rewritten));
        }
    }
    spans
}

/// Whether some `replacements` of `src` may leave a declaration unused: some name of a
/// replaced text is not a name of its new text ([`names`]). Where none does, every
/// variable is still mentioned in each replaced place, so [`unused_declarations`] of
/// the spliced text would find nothing, and its two parses are not needed (a fifth of
/// the work outside isl on a PolyBench file).
pub fn may_leave_unused(src: &str, replacements: &[(Span, String)]) -> bool {
    replacements.iter().any(|(span, text)| {
        let kept = names(text);
        names(&src[span.clone()]).iter().any(|x| !kept.contains(x))
    })
}

/// The names C code `code` mentions as [`identifier_counts`] counts them, or fewer:
/// its words outside comments, string and character literals and numbers, but for
/// keywords, member names (after `.` or `->`) and each directive's own word
/// (`pragma`); a directive's other words count, as its text may name variables.
fn names(code: &str) -> std::collections::HashSet<&str> {
    let bytes = code.as_bytes();
    let mut out = std::collections::HashSet::new();
    let (mut at, mut line_start, mut member) = (0, true, false);
    let mut directive = DirectiveWord::None;
    while at < bytes.len() {
        match bytes[at] {
            b'\n' => {
                let continued = at > 0 && bytes[at - 1] == b'\\';
                if !continued {
                    directive = DirectiveWord::None;
                }
                line_start = true;
                at += 1;
                continue;
            }
            b'#' if line_start => directive = DirectiveWord::Next,
            b'/' if bytes.get(at + 1) == Some(&b'/') => {
                at = line_comment_end(bytes, at);
                continue;
            }
            b'/' if bytes.get(at + 1) == Some(&b'*') => {
                at = code[at + 2..]
                    .find("*/")
                    .map_or(bytes.len(), |k| at + 2 + k + 2);
                continue;
            }
            b'"' | b'\'' => at = literal_end(bytes, at) - 1,
            b'0'..=b'9' => at = number_end(bytes, at) - 1,
            b'.' if bytes.get(at + 1).is_some_and(u8::is_ascii_digit) => {
                at = number_end(bytes, at) - 1
            }
            b'.' => member = true,
            // `x-->y` is `x -- > y`: a name after `--` is no member.
            b'-' if bytes.get(at + 1) == Some(&b'-') => {
                member = false;
                at += 1;
            }
            b'-' if bytes.get(at + 1) == Some(&b'>') => {
                member = true;
                at += 1;
            }
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => {
                let end = at
                    + bytes[at..]
                        .iter()
                        .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
                        .count();
                let name = &code[at..end];
                match directive {
                    DirectiveWord::Next => directive = DirectiveWord::Past,
                    _ if member || C_KEYWORDS.contains(&name) => {}
                    _ => {
                        out.insert(name);
                    }
                }
                member = false;
                line_start = false;
                at = end;
                continue;
            }
            c if c.is_ascii_whitespace() => {
                at += 1;
                continue;
            }
            _ => member = false,
        }
        line_start = false;
        at += 1;
    }
    out
}

/// Where a directive line stands in [`names`]: before its own word, or past it.
#[derive(Clone, Copy)]
enum DirectiveWord {
    None,
    Next,
    Past,
}

/// The end (its newline) of the `//` comment at `at`, which a backslash at the end of a
/// line continues.
fn line_comment_end(bytes: &[u8], at: usize) -> usize {
    let mut k = at;
    while k < bytes.len() && !(bytes[k] == b'\n' && bytes[k - 1] != b'\\') {
        k += 1;
    }
    k
}

/// The end of the string or character literal starting at `at` (its quote).
fn literal_end(bytes: &[u8], at: usize) -> usize {
    let quote = bytes[at];
    let mut k = at + 1;
    while k < bytes.len() && bytes[k] != quote && bytes[k] != b'\n' {
        k += if bytes[k] == b'\\' { 2 } else { 1 };
    }
    (k + 1).min(bytes.len())
}

/// The end of the number (a preprocessing number: `1e-9`, `0x1fULL`, `.5f`) at `at`.
fn number_end(bytes: &[u8], at: usize) -> usize {
    let mut k = at + 1;
    while k < bytes.len() {
        let b = bytes[k];
        let exponent_sign =
            matches!(b, b'+' | b'-') && matches!(bytes[k - 1], b'e' | b'E' | b'p' | b'P');
        if !(b.is_ascii_alphanumeric() || b == b'_' || b == b'.' || exponent_sign) {
            break;
        }
        k += 1;
    }
    k
}

/// Words no C program can name a variable: C89's keywords (keywords in every C since),
/// and reserved spellings (a leading underscore and a capital, or two underscores).
const C_KEYWORDS: &[&str] = &[
    "auto",
    "break",
    "case",
    "char",
    "const",
    "continue",
    "default",
    "do",
    "double",
    "else",
    "enum",
    "extern",
    "float",
    "for",
    "goto",
    "if",
    "int",
    "long",
    "register",
    "return",
    "short",
    "signed",
    "sizeof",
    "static",
    "struct",
    "switch",
    "typedef",
    "union",
    "unsigned",
    "void",
    "volatile",
    "while",
    "_Bool",
    "_Complex",
    "_Alignas",
    "_Alignof",
    "_Atomic",
    "_Generic",
    "_Noreturn",
    "_Static_assert",
    "_Thread_local",
    "__restrict",
    "__restrict__",
    "__inline",
    "__inline__",
    "__typeof__",
    "__extension__",
    "__attribute__",
    "__asm__",
];

/// The bodies of the functions defined at file scope, by name.
fn function_bodies<'t>(root: Node<'t>, src: &'t str) -> HashMap<&'t str, Node<'t>> {
    let mut out = HashMap::new();
    let mut cursor = root.walk();
    for f in root.children(&mut cursor) {
        if f.kind() != "function_definition" {
            continue;
        }
        let (Some(body), Some(name)) = (f.child_by_field_name("body"), declared_name(f, src))
        else {
            continue;
        };
        out.insert(name, body);
    }
    out
}

/// How often each identifier occurs in `node`.
fn identifier_counts<'s>(node: Node, src: &'s str) -> HashMap<&'s str, usize> {
    let mut counts = HashMap::new();
    each(node, &mut |n| match n.kind() {
        // `__typeof__(x)` and `_Alignof(x)` read a variable as a type name.
        "identifier" | "type_identifier" => *counts.entry(text(n, src)).or_insert(0) += 1,
        // A directive's text names variables too (`#pragma omp parallel for private(x)`).
        "preproc_arg" => {
            let words = text(n, src).split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'));
            for w in words.filter(|w| !w.is_empty()) {
                *counts.entry(w).or_insert(0) += 1;
            }
        }
        _ => {}
    });
    counts
}

/// How often `x` occurs in declarator `d` (its name, and its initializer or extents).
fn declared_counts(d: Node, src: &str, x: &str) -> usize {
    identifier_counts(d, src).get(x).copied().unwrap_or(0)
}

/// The declarations in `body`, at any depth.
fn declarations(body: Node) -> Vec<Node> {
    let mut out = Vec::new();
    each(body, &mut |n| {
        if n.kind() == "declaration" {
            out.push(n);
        }
    });
    out
}

/// The declarators of `decl` with the names they declare (pointers, arrays and
/// initializers looked through).
fn declarators<'t>(decl: Node<'t>, src: &'t str) -> Vec<(Node<'t>, &'t str)> {
    let mut cursor = decl.walk();
    decl.children_by_field_name("declarator", &mut cursor)
        .filter_map(|d| declarator_identifier(d).map(|n| (d, text(n, src))))
        .collect()
}

/// The identifier that declarator `d` declares.
fn declarator_identifier(d: Node) -> Option<Node> {
    let mut n = d;
    loop {
        match n.kind() {
            "identifier" => return Some(n),
            "init_declarator" | "array_declarator" | "pointer_declarator" => {
                n = n.child_by_field_name("declarator")?;
            }
            _ => return None,
        }
    }
}

/// Whether `decl` only reserves storage: no storage class, qualifier or attribute
/// beyond `const`.
fn is_plain_storage(decl: Node, src: &str) -> bool {
    let mut cursor = decl.walk();
    decl.children(&mut cursor).all(|c| match c.kind() {
        "storage_class_specifier"
        | "attribute_specifier"
        | "attribute_declaration"
        | "ms_declspec_modifier" => false,
        "type_qualifier" => text(c, src) == "const",
        _ => true,
    })
}

/// Whether evaluating declarator `d` (its initializer, its extents) may have an effect.
fn side_effects(d: Node) -> bool {
    let mut effect = false;
    each(d, &mut |n| {
        effect |= matches!(
            n.kind(),
            "call_expression" | "assignment_expression" | "update_expression" | "comma_expression"
        );
    });
    effect
}

/// Whether a `#define` line of `src` or of `headers` mentions the word `x`.
fn mentioned_by_a_macro(x: &str, src: &str, headers: &[String]) -> bool {
    std::iter::once(src)
        .chain(headers.iter().map(String::as_str))
        .flat_map(str::lines)
        .filter(|l| {
            let l = l.trim_start();
            l.starts_with('#') && l[1..].trim_start().starts_with("define")
        })
        .any(|l| {
            l.split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .any(|w| w == x)
        })
}

/// The spans deleting the `unused` declarators of `decl`: the whole declaration with
/// its line when all are unused, else each run of them with the commas that separate
/// it from the declarators kept (`a, x, y, b` loses `x, y, `; `a, x, y` loses `, x, y`).
fn removal(decl: Node, declarators: &[(Node, &str)], unused: &[bool], src: &str) -> Vec<Span> {
    if !unused.iter().any(|&u| u) {
        return Vec::new();
    }
    if unused.iter().all(|&u| u) {
        return vec![whole_lines(decl.byte_range(), src)];
    }
    let mut spans = Vec::new();
    let mut k = 0;
    while k < unused.len() {
        if !unused[k] {
            k += 1;
            continue;
        }
        let first = k;
        while k < unused.len() && unused[k] {
            k += 1;
        }
        let last = declarators[k - 1].0;
        spans.push(match declarators.get(k) {
            Some((kept, _)) => declarators[first].0.start_byte()..kept.start_byte(),
            // Not all are unused, so a kept declarator precedes the run.
            None => declarators[first - 1].0.end_byte()..last.end_byte(),
        });
    }
    spans
}

fn each<'t>(node: Node<'t>, f: &mut dyn FnMut(Node<'t>)) {
    descendants(node).for_each(f);
}

#[cfg(test)]
mod tests {
    use super::{may_leave_unused, names};

    fn sorted(code: &str) -> Vec<&str> {
        let mut v: Vec<&str> = names(code).into_iter().collect();
        v.sort_unstable();
        v
    }

    #[test]
    fn names_leave_out_what_no_parse_counts_as_a_name() {
        let code = "for (int i = 0; i < n; i++) // t in a comment\n  \
                    s.x += p->y * 1e-9 + 0x1fULL + .5f; /* u */ puts(\"v\\\" w\"); c = 'z';\n";
        assert_eq!(sorted(code), ["c", "i", "n", "p", "puts", "s"]);
        let code = "a = b-->c; // d \\\n e = f;\n g = 1;";
        assert_eq!(sorted(code), ["a", "b", "c", "g"]);
    }

    #[test]
    fn a_directive_counts_its_words_but_its_own() {
        let code = "#ifdef _OPENMP\n#pragma omp parallel for \\\n  private(i)\n#endif\nx = 1;\n";
        assert_eq!(
            sorted(code),
            ["_OPENMP", "i", "omp", "parallel", "private", "x"]
        );
    }

    #[test]
    fn only_a_name_missing_from_its_replacement_may_leave_a_declaration_unused() {
        let src = "void f(void) { double t; for (i = 0; i < n; i++) { t = a[i]; b[i] = t; } }";
        let region = src.find("for").unwrap()..src.len() - 2;
        let kept = "for (i = 0; i < n; i += 1) {\n  double t0 = a[i];\n  b[i] = t0 + t * 0;\n}";
        let lost = "for (i = 0; i < n; i++)\n  b[i] = a[i];";
        assert!(!may_leave_unused(
            src,
            &[(region.clone(), kept.to_string())]
        ));
        assert!(may_leave_unused(src, &[(region, lost.to_string())]));
    }
}
