//! The preprocessor's decisions on small texts.

use super::{Compiled, Headers, OtherMacros, Undecided, compiled};

/// `src` with its local `headers` as the front end reads it, with the command line's
/// `defines` and `other` macros.
fn read(src: &str, defines: &[(String, i64)], other: &OtherMacros, headers: &Headers) -> Compiled {
    compiled(src, defines, other, headers, None, Undecided::AsWritten)
}

/// The file as analysed with `defines`, blanked lines shown as `~`.
fn analysed(src: &str, defines: &[(&str, i64)]) -> String {
    let defines: Vec<(String, i64)> = defines.iter().map(|(n, v)| (n.to_string(), *v)).collect();
    let out = read(src, &defines, &OtherMacros::Nothing, &Headers::default()).file;
    assert_eq!(out.len(), src.len());
    out.lines()
        .map(|l| {
            if l.trim().is_empty() {
                "~"
            } else {
                l.trim_end()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn ifdef_around_an_attribute() {
    let src =
        "#ifdef pencil_access\n__attribute__((pencil_access(s)))\n#endif\nvoid copy(int b[10]);\n";
    assert_eq!(analysed(src, &[]), "~\n~\n~\nvoid copy(int b[10]);");
    assert_eq!(
        analysed(src, &[("pencil_access", 1)]),
        "~\n__attribute__((pencil_access(s)))\n~\nvoid copy(int b[10]);"
    );
}

#[test]
fn elif_chain_and_else() {
    let src = "#define V 3\n#if V == 1\none\n#elif V * 2 == 6\nthree\n#else\nother\n#endif\n";
    assert_eq!(analysed(src, &[]), "#define V 3\n~\n~\n~\nthree\n~\n~\n~");
    let src = "#ifndef USE_DOUBLE\nfloat\n#else\ndouble\n#endif\n";
    assert_eq!(analysed(src, &[]), "~\nfloat\n~\n~\n~");
    assert_eq!(analysed(src, &[("USE_DOUBLE", 1)]), "~\n~\n~\ndouble\n~");
}

#[test]
fn undefining_and_redefining() {
    let src = "#define A 1\n#undef A\n#ifdef A\nx\n#endif\n#define A 2\n#if A == 2\ny\n#endif\n";
    assert_eq!(
        analysed(src, &[]),
        "#define A 1\n#undef A\n~\n~\n~\n#define A 2\n~\ny\n~"
    );
}

#[test]
fn unknown_names_leave_groups_as_written() {
    let src = "#ifdef __GNUC__\na\n#else\nb\n#endif\n#if defined(_OPENMP) || linux\nc\n#endif\n";
    assert_eq!(analysed(src, &[]), src.trim_end());
    // ... unless the command line gives them a value.
    assert_eq!(
        analysed("#if _OPENMP\nc\n#endif\n", &[("_OPENMP", 0)]),
        "~\n~\n~"
    );
}

#[test]
fn command_line_macros_as_text_are_defined() {
    let src = "#ifdef X\nx\n#endif\n#ifdef Y\ny\n#endif\n#if X\nz\n#endif\n";
    let with = |other: OtherMacros| read(src, &[], &other, &Headers::default()).file;
    let x = with(OtherMacros::Text(vec![("X".into(), "\"v1\"".into())]));
    assert!(
        x.starts_with("        \nx\n      \n") && !x.contains('y'),
        "{x}"
    );
    assert!(
        x.ends_with("#if X\nz\n#endif\n"),
        "a string is no number: {x}"
    );
    assert_eq!(with(OtherMacros::Any), src);
}

#[test]
fn groups_nested_in_undecided_ones_are_decided() {
    let src = "#ifdef __GNUC__\n#if 0\na\n#endif\nb\n#endif\n";
    assert_eq!(analysed(src, &[]), "#ifdef __GNUC__\n~\n~\n~\nb\n#endif");
}

#[test]
fn nested_groups_of_a_blanked_branch_are_blanked() {
    let src = "#if 0\n#ifdef __GNUC__\na\n#endif\n#endif\nb\n";
    assert_eq!(analysed(src, &[]), "~\n~\n~\n~\n~\nb");
}

#[test]
fn definitions_in_undecided_branches_are_unknown_after() {
    let src = "#ifdef __GNUC__\n#define FAST 1\n#endif\n#if FAST\na\n#endif\n";
    assert_eq!(analysed(src, &[]), src.trim_end());
    // Both branches define it alike: known.
    let src = "#ifdef __GNUC__\n#define K 1\n#else\n#define K 1\n#endif\n#if K\na\n#endif\n";
    assert_eq!(
        analysed(src, &[]),
        "#ifdef __GNUC__\n#define K 1\n#else\n#define K 1\n#endif\n~\na\n~"
    );
}

#[test]
fn defaults_and_include_guards_stay_as_written() {
    let src = "#ifndef N\n#define N 100\n#endif\n#if N > 50\na\n#endif\n";
    assert_eq!(analysed(src, &[]), src.trim_end());
    // Defined on the command line, the default is not compiled.
    assert_eq!(analysed(src, &[("N", 10)]), "~\n~\n~\n~\n~\n~");
    let src = "#ifndef H\n#define H\n#ifdef X\nx\n#endif\n#endif\n";
    assert_eq!(analysed(src, &[]), "#ifndef H\n#define H\n~\n~\n~\n#endif");
}

/// A default chosen where the command line chose nothing, as PolyBench's headers
/// choose the element type: decided where a choice is on the command line.
#[test]
fn a_default_is_not_compiled_where_the_command_line_chose() {
    let src = "#if !defined(IS_FLOAT) && !defined(IS_DOUBLE)\n#define IS_DOUBLE\n#endif\n\
               #ifdef IS_FLOAT\nfloat\n#endif\n#ifdef IS_DOUBLE\ndouble\n#endif\n";
    assert_eq!(
        analysed(src, &[("IS_FLOAT", 1)]),
        "~\n~\n~\n~\nfloat\n~\n~\n~\n~"
    );
    // Chosen nowhere, the default stays (a compiler's -D may choose).
    let expected = "#if !defined(IS_FLOAT) && !defined(IS_DOUBLE)\n#define IS_DOUBLE\n#endif\n\
                    ~\n~\n~\n#ifdef IS_DOUBLE\ndouble\n#endif";
    assert_eq!(analysed(src, &[]), expected);
}

/// `-D NAME=text` defines NAME as the text: `#ifndef NAME` is not compiled.
#[test]
fn a_macro_defined_as_text_on_the_command_line_is_defined() {
    let src = "#ifndef REAL\n#define REAL double\n#endif\n#if SCALE(2) == 6\nsix\n#endif\n";
    let other = OtherMacros::Text(vec![
        ("REAL".into(), "float".into()),
        ("SCALE(x)".into(), "((x) * 3)".into()),
    ]);
    let out = read(src, &[], &other, &Headers::default()).file;
    assert_eq!(out.replace(' ', ""), "\n\n\n\nsix\n\n");
}

#[test]
fn includes_nestor_cannot_read_make_every_name_unknown() {
    let after = |include: &str| format!("{include}\n#ifdef X\nx\n#endif\n");
    let blanked = "~\n~\n~";
    assert_eq!(
        analysed(&after("#include <stdio.h>"), &[]),
        format!("#include <stdio.h>\n{blanked}")
    );
    for include in ["#include <mpi.h>", "#include \"x.h\"", "#include HEADER"] {
        let src = after(include);
        assert_eq!(analysed(&src, &[]), src.trim_end(), "{include}");
    }
    // Before the include, the name is still undefined.
    let src = "#ifdef X\nx\n#endif\n#include <mpi.h>\n";
    assert_eq!(analysed(src, &[]), "~\n~\n~\n#include <mpi.h>");
    // A standard header's macros are unknown.
    let src = "#include <limits.h>\n#if INT_MAX > 0\nx\n#endif\n";
    assert_eq!(analysed(src, &[]), src.trim_end());
}

/// The file as analysed with local `headers`.
fn with_headers(src: &str, headers: &[String]) -> String {
    let nothing = OtherMacros::Nothing;
    let headers = Headers {
        texts: headers,
        names: &[],
        angled: &[],
    };
    read(src, &[], &nothing, &headers).file
}

#[test]
fn local_headers_read_make_their_names_unknown() {
    let src = "#define A 1\n#define B 1\n#include \"h.h\"\n#if A\na\n#endif\n#if B\nb\n#endif\n";
    let headers = ["#undef A\n".to_string()];
    let out = with_headers(src, &headers);
    assert!(out.contains("#if A\na\n#endif"), "{out}");
    assert!(!out.contains("#if B"), "{out}");
    assert!(out.contains("\nb\n"), "{out}");
    // A header that includes one nestor does not know may define anything.
    let headers = ["#include <mpi.h>\n".to_string()];
    let out = with_headers(src, &headers);
    assert!(out.contains("#if B\nb\n#endif"), "{out}");
}

/// The header's conditional is decided from what is known where the file includes
/// it: the command line, and the file's definitions before; not after a header
/// nestor has not read, nor where the name depends on an undecided group.
#[test]
fn a_header_is_decided_from_what_is_known_where_the_file_includes_it() {
    let header = "#ifdef FLOAT\ntypedef float T;\n#else\ntypedef double T;\n#endif\n";
    let header_as = |src: &str, defines: &[(String, i64)]| {
        read(
            src,
            defines,
            &OtherMacros::Nothing,
            &Headers {
                texts: &[header.to_string()],
                names: &[],
                angled: &[],
            },
        )
        .headers
        .remove(0)
    };
    let src = "#include \"t.h\"\n";
    assert_eq!(header_as(src, &[]).trim(), "typedef double T;");
    let float = [("FLOAT".to_string(), 1)];
    assert_eq!(header_as(src, &float).trim(), "typedef float T;");
    let defined = "#define FLOAT\n#include \"t.h\"\n";
    assert_eq!(header_as(defined, &[]).trim(), "typedef float T;");
    for src in [
        "#include <mpi.h>\n#include \"t.h\"\n",
        "#ifdef __AVX2__\n#define FLOAT\n#endif\n#include \"t.h\"\n",
        "#include \"t.h\"\n#define FLOAT\n#include \"t.h\"\n",
    ] {
        assert_eq!(header_as(src, &[]), header, "{src}");
    }
}

#[test]
fn headers_know_only_their_own_definitions() {
    let header = "#ifdef X\nx\n#endif\n#define Y 0\n#if Y\ny\n#endif\n".to_string();
    let out = read(
        "",
        &[("X".to_string(), 1)],
        &OtherMacros::Nothing,
        &Headers {
            texts: &[header],
            names: &[],
            angled: &[],
        },
    )
    .headers
    .remove(0);
    assert_eq!(out, "#ifdef X\nx\n#endif\n#define Y 0\n     \n \n      \n");
}

#[test]
fn unbalanced_or_undecidable_files_stay_as_written() {
    for src in [
        "#if 0\nx\n",
        "#endif\n",
        "#if 1 / 0\nx\n#endif\n",
        "#if 1u\nx\n#endif\n",
        "#if 0\nx\n#elifdef Y\ny\n#endif\n",
    ] {
        assert_eq!(analysed(src, &[]), src.trim_end(), "{src}");
    }
}

#[test]
fn offsets_and_newlines_are_kept() {
    let src = "a\r\n#if 0 /* multi\nline */\nx \\\ny é\n#else\nz\n#endif\n";
    let out = read(src, &[], &OtherMacros::Nothing, &Headers::default());
    assert_eq!(out.file.len(), src.len());
    assert_eq!(out.file.matches('\n').count(), src.matches('\n').count());
    assert_eq!(out.file.replace(' ', ""), "a\r\n\n\n\n\n\nz\n\n");
    let starts: Vec<(usize, usize)> = out
        .blanks
        .iter()
        .map(|b| (b.group.start, b.span.start))
        .collect();
    let (at_else, at_endif) = (src.find("#else"), src.find("#endif"));
    assert_eq!(
        starts,
        [
            (3, 3),
            (3, at_else.unwrap_or(0)),
            (3, at_endif.unwrap_or(0))
        ]
    );
}

/// A default (`#ifndef REAL` / `#define REAL double`) after an `#include` nestor does
/// not read may be overridden there: recorded, so the symbols do not take it. Where
/// nothing unread comes before, or the include is a header nestor read (`<cfg.h>`
/// found in an `-I` directory), it is not.
#[test]
fn defaults_after_unread_includes_are_recorded() {
    let defaults = "#ifndef REAL\n#define REAL double\n#endif\n#ifndef H\n#define H\n#endif\n";
    let recorded = |src: &str, headers: &Headers| {
        let c = read(src, &[], &OtherMacros::Nothing, headers);
        let mut names: Vec<String> = c.defaults_overridden_unseen.into_iter().collect();
        names.sort();
        names
    };
    let after = format!("#include <cfg.h>\n{defaults}");
    assert_eq!(recorded(&after, &Headers::default()), ["H", "REAL"]);
    assert!(recorded(defaults, &Headers::default()).is_empty());
    let read = Headers {
        texts: &["#define OTHER 1\n".to_string()],
        names: &["cfg.h".to_string()],
        angled: &["cfg.h".to_string()],
    };
    assert!(recorded(&after, &read).is_empty());
}

/// A header the file includes once starts from what is known at that `#include`: its
/// own names are not yet defined there (PolyBench's element type chosen by `-D`).
/// Included twice, its names are unknown where it starts.
#[test]
fn a_header_included_once_starts_where_the_file_includes_it() {
    let header = "#if !defined(IS_FLOAT) && !defined(IS_DOUBLE)\n#define IS_DOUBLE\n#endif\n\
                  #ifdef IS_DOUBLE\ntypedef double real;\n#endif\n"
        .to_string();
    let with = |src: &str| {
        let headers = Headers {
            texts: std::slice::from_ref(&header),
            names: &["real.h".to_string()],
            angled: &[],
        };
        let defines = [("IS_FLOAT".to_string(), 1)];
        let c = read(src, &defines, &OtherMacros::Nothing, &headers);
        c.headers[0].clone()
    };
    let once = with("#include \"real.h\"\n");
    assert!(!once.contains("double"), "{once}");
    let twice = with("#include \"real.h\"\n#include \"real.h\"\n");
    assert!(twice.contains("typedef double real;"), "{twice}");
}
