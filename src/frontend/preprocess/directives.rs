//! The preprocessing directives of a text, and how its conditionals nest.

use super::Macro;
use crate::support::diag::Span;

/// A directive: a line whose first token is `#` (or `%:`), outside comments and
/// literals.
#[derive(Clone, Debug)]
pub struct Directive {
    /// From the `#` to the end of the logical line (continued lines, and comments that
    /// run on to later lines, included), without the newline.
    pub span: Span,
    /// `if`, `define`, ... (empty for the null directive `#`).
    pub name: String,
    /// The rest of the line as the preprocessor reads it: comments replaced by a space,
    /// continued lines joined, trimmed.
    pub arg: String,
}

/// What a branch of a conditional tests.
#[derive(Clone, Debug)]
pub enum Test {
    /// `#if` / `#elif` and its expression.
    Expression(String),
    /// `#ifdef NAME`; `negated` for `#ifndef NAME`.
    Defined {
        name: String,
        negated: bool,
    },
    Else,
    /// A test compilers read differently (`#elifdef` / `#elifndef`, which compilers
    /// before C23 ignore in skipped groups) or a malformed one.
    Unreadable,
}

/// One branch of a conditional: its directive and the lines up to the next one.
#[derive(Clone, Debug)]
pub struct Branch {
    pub test: Test,
    pub directive: Span,
    pub body: Vec<Item>,
    /// Where the body ends: the start of the group's next directive.
    pub end: usize,
}

/// `#if` ... `#elif` ... `#else` ... `#endif`.
#[derive(Clone, Debug)]
pub struct Group {
    pub branches: Vec<Branch>,
    pub endif: Span,
}

/// What `#include` names.
#[derive(Clone, Debug)]
pub enum Include {
    /// `#include <path>`.
    System(String),
    /// `#include "path"`.
    Local(String),
    /// A computed include (`#include HEADER`), `#include_next`, `#import`.
    Other,
}

/// A directive that matters to conditionals, or a conditional group.
#[derive(Clone, Debug)]
pub enum Item {
    Define(String, Macro),
    Undef(String),
    Include(Include),
    Group(Group),
}

impl Group {
    pub fn has_else(&self) -> bool {
        self.branches.iter().any(|b| matches!(b.test, Test::Else))
    }
}

/// The directives of `src`, in order.
pub fn directives(src: &str) -> Vec<Directive> {
    let b = src.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    // Whether only white space and comments precede `i` on its logical line.
    let mut first = true;
    while i < b.len() {
        if let Some(n) = splice(b, i) {
            i += n;
            continue;
        }
        match (b[i], b.get(i + 1)) {
            (b'\n', _) => {
                first = true;
                i += 1;
            }
            (b'/', Some(b'*')) => i = block_comment_end(b, i),
            (b'/', Some(b'/')) => i = line_end(b, i),
            (b'#', _) | (b'%', Some(b':')) if first => {
                let hash_len = if b[i] == b'#' { 1 } else { 2 };
                let d = directive(src, i, i + hash_len);
                i = d.span.end;
                first = false;
                out.push(d);
            }
            (b'"' | b'\'', _) => {
                i = literal_end(b, i);
                first = false;
            }
            (c, _) => {
                first &= c.is_ascii_whitespace();
                i += 1;
            }
        }
    }
    out
}

/// The length of the backslash-newline at `i`, if there is one there.
fn splice(b: &[u8], i: usize) -> Option<usize> {
    match (b.get(i), b.get(i + 1), b.get(i + 2)) {
        (Some(b'\\'), Some(b'\n'), _) => Some(2),
        (Some(b'\\'), Some(b'\r'), Some(b'\n')) => Some(3),
        _ => None,
    }
}

/// The end of the block comment starting at `i` (the end of the text if unclosed).
fn block_comment_end(b: &[u8], i: usize) -> usize {
    let body = i + 2;
    b.get(body..)
        .and_then(|rest| rest.windows(2).position(|w| w == b"*/"))
        .map_or(b.len(), |p| body + p + 2)
}

/// The newline that ends the logical line containing `i` (the end of the text if none).
fn line_end(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && b[i] != b'\n' {
        i += splice(b, i).unwrap_or(1);
    }
    i
}

/// The end of the string or character literal starting at `i`: after its closing
/// quote, or at the end of its line if it has none (as in a skipped branch).
fn literal_end(b: &[u8], i: usize) -> usize {
    let quote = b[i];
    let mut j = i + 1;
    while j < b.len() {
        if let Some(n) = splice(b, j) {
            j += n;
            continue;
        }
        match b[j] {
            b'\\' => j += 2,
            b'\n' => return j,
            c if c == quote => return j + 1,
            _ => j += 1,
        }
    }
    b.len()
}

/// The directive whose `#` is at `hash` and whose name starts at `from`.
fn directive(src: &str, hash: usize, from: usize) -> Directive {
    let b = src.as_bytes();
    let mut text = Vec::new();
    let mut i = from;
    while i < b.len() && b[i] != b'\n' {
        if let Some(n) = splice(b, i) {
            i += n;
            continue;
        }
        match (b[i], b.get(i + 1)) {
            (b'/', Some(b'*')) => {
                text.push(b' ');
                i = block_comment_end(b, i);
            }
            (b'/', Some(b'/')) => i = line_end(b, i),
            (b'"' | b'\'', _) => {
                let end = literal_end(b, i).min(b.len());
                text.extend_from_slice(&b[i..end]);
                i = end;
            }
            (c, _) => {
                text.push(c);
                i += 1;
            }
        }
    }
    let text = String::from_utf8_lossy(&text);
    let (name, arg) = split_identifier(text.trim());
    Directive {
        span: hash..i,
        name: name.to_string(),
        arg: arg.trim().to_string(),
    }
}

/// The identifier `text` starts with (empty if none) and the rest.
fn split_identifier(text: &str) -> (&str, &str) {
    let starts = text.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_');
    let len = if starts {
        text.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(text.len())
    } else {
        0
    };
    text.split_at(len)
}

/// `text` if it is one identifier.
fn identifier(text: &str) -> Option<String> {
    let (name, rest) = split_identifier(text.trim());
    (!name.is_empty() && rest.is_empty()).then(|| name.to_string())
}

/// Conditionals nested deeper than this are not read (passes over them recurse once
/// per level).
const MAX_NESTING: usize = 256;

/// The definitions, includes and conditional groups of a text, nested as the
/// preprocessor nests them; `None` if its conditionals do not nest (an `#endif`
/// without `#if`, a branch after `#else`, an `#if` never closed) or nest deeper than
/// [`MAX_NESTING`].
pub fn items(directives: &[Directive]) -> Option<Vec<Item>> {
    let mut top = Vec::new();
    // The groups being read, innermost last: their finished branches and the current.
    let mut open: Vec<(Vec<Branch>, Branch)> = Vec::new();
    for d in directives {
        match d.name.as_str() {
            "if" | "ifdef" | "ifndef" if open.len() >= MAX_NESTING => return None,
            "if" | "ifdef" | "ifndef" => open.push((Vec::new(), branch(d))),
            "elif" | "elifdef" | "elifndef" | "else" => {
                let (done, current) = open.last_mut()?;
                if matches!(current.test, Test::Else) {
                    return None;
                }
                let mut finished = std::mem::replace(current, branch(d));
                finished.end = d.span.start;
                done.push(finished);
            }
            "endif" => {
                let (mut branches, mut last) = open.pop()?;
                last.end = d.span.start;
                branches.push(last);
                let endif = d.span.clone();
                push(&mut open, &mut top, Item::Group(Group { branches, endif }));
            }
            _ => {
                if let Some(item) = plain(d) {
                    push(&mut open, &mut top, item);
                }
            }
        }
    }
    open.is_empty().then_some(top)
}

/// Adds `item` to the innermost open branch, or to the top level.
fn push(open: &mut [(Vec<Branch>, Branch)], top: &mut Vec<Item>, item: Item) {
    match open.last_mut() {
        Some((_, current)) => current.body.push(item),
        None => top.push(item),
    }
}

/// The branch directive `d` opens, with an empty body.
fn branch(d: &Directive) -> Branch {
    let test = match d.name.as_str() {
        "if" | "elif" => Test::Expression(d.arg.clone()),
        "ifdef" | "ifndef" => identifier(&d.arg).map_or(Test::Unreadable, |name| Test::Defined {
            name,
            negated: d.name == "ifndef",
        }),
        "else" => Test::Else,
        _ => Test::Unreadable,
    };
    Branch {
        test,
        directive: d.span.clone(),
        body: Vec::new(),
        end: d.span.end,
    }
}

/// What a directive other than a conditional one does to macros: `#define`,
/// `#undef`, `#include`; `None` for the others (`#pragma`, `#error`, `#line`, ...)
/// and malformed ones.
pub fn plain(d: &Directive) -> Option<Item> {
    match d.name.as_str() {
        "define" => definition(&d.arg),
        "undef" => Some(Item::Undef(identifier(&d.arg)?)),
        "include" => Some(Item::Include(include(&d.arg))),
        "include_next" | "import" => Some(Item::Include(Include::Other)),
        _ => None,
    }
}

/// `#define NAME body` or `#define NAME(params) body`.
pub(super) fn definition(arg: &str) -> Option<Item> {
    let (name, rest) = split_identifier(arg);
    if name.is_empty() {
        return None;
    }
    let body = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
    // A function-like macro has its `(` right after the name.
    let meaning = match rest.strip_prefix('(') {
        Some(after) => {
            let (list, text) = after.split_once(')')?;
            let params: Vec<String> = list
                .split(',')
                .map(str::trim)
                .filter(|p| !p.is_empty())
                .map(str::to_string)
                .collect();
            let variadic = params.iter().any(|p| p.ends_with("..."));
            Macro::Function((!variadic).then_some(params), body(text))
        }
        None => Macro::Object(body(rest)),
    };
    Some(Item::Define(name.to_string(), meaning))
}

/// What `#include ARG` names.
fn include(arg: &str) -> Include {
    let quoted = |open: char, close: char| {
        let inner = arg.strip_prefix(open)?;
        Some(inner[..inner.find(close)?].to_string())
    };
    if let Some(path) = quoted('<', '>') {
        Include::System(path)
    } else if let Some(path) = quoted('"', '"') {
        Include::Local(path)
    } else {
        Include::Other
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(src: &str) -> Vec<(String, String)> {
        directives(src)
            .into_iter()
            .map(|d| (d.name, d.arg))
            .collect()
    }

    #[test]
    fn directives_outside_comments_and_literals() {
        let src = "#if A /* c\n still */ + 1\nint x;\n# define B \\\n 2\n/*\n#if 0\n*/ s = \"\\\n#if 0\";\n  /* c */ #endif // e\n";
        assert_eq!(
            names(src),
            [
                ("if".to_string(), "A   + 1".to_string()),
                ("define".to_string(), "B  2".to_string()),
                ("endif".to_string(), String::new()),
            ]
        );
        let ds = directives(src);
        assert_eq!(&src[ds[0].span.clone()], "#if A /* c\n still */ + 1");
        assert_eq!(&src[ds[2].span.clone()], "#endif // e");
    }

    #[test]
    fn a_hash_after_code_is_not_a_directive() {
        assert!(names("x = 1; #if 0\n").is_empty());
        assert_eq!(names("%:ifdef X\n")[0].0, "ifdef");
    }

    #[test]
    fn groups_nest() {
        let src = "#ifdef A\n#if B\n#endif\n#elif C\n#else\n#define D 1\n#endif\n";
        let items = items(&directives(src)).expect("nests");
        let [Item::Group(g)] = items.as_slice() else {
            panic!("one group: {items:?}")
        };
        assert_eq!(g.branches.len(), 3);
        assert!(matches!(g.branches[0].body.as_slice(), [Item::Group(_)]));
        assert!(matches!(g.branches[2].body.as_slice(), [Item::Define(..)]));
        assert_eq!(g.branches[0].end, src.find("#elif").unwrap_or(0));
    }

    #[test]
    fn unbalanced_conditionals_are_refused() {
        assert!(items(&directives("#endif\n")).is_none());
        assert!(items(&directives("#if 1\n")).is_none());
        assert!(items(&directives("#if 1\n#else\n#elif 2\n#endif\n")).is_none());
        let deep = format!("{}{}", "#if 1\n".repeat(10_000), "#endif\n".repeat(10_000));
        assert!(items(&directives(&deep)).is_none());
        let nested = format!("{}{}", "#if 1\n".repeat(100), "#endif\n".repeat(100));
        assert!(items(&directives(&nested)).is_some());
    }
}
