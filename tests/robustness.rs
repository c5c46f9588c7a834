//! Inputs that once crashed or stalled nestor: every one must give a diagnostic and
//! leave the file as written, never abort.

use nestor::driver::pipeline::{self, Options};

fn codes(report: &pipeline::FileReport) -> Vec<&'static str> {
    report
        .file_diagnostics
        .iter()
        .map(|d| d.code.as_str())
        .collect()
}

/// A 20,000-term expression once overflowed the stack of the recursive passes.
#[test]
fn a_very_deep_expression_is_left_as_written() {
    let terms = vec!["a"; 20_000].join(" + ");
    let src = format!(
        "int f(int a) {{ return {terms}; }}\nvoid g(int n, double A[n]) {{ for (int i = 0; i < n; i++) A[i] = 1; }}\n"
    );
    let report = pipeline::optimize(&src, &Options::default());
    assert_eq!(codes(&report), ["N003"]);
    assert_eq!(report.output, src);
}

/// 10,000 nested blocks, likewise.
#[test]
fn deeply_nested_blocks_are_left_as_written() {
    let src = format!(
        "void f(void) {{ {}{} }}\n",
        "{".repeat(10_000),
        "}".repeat(10_000)
    );
    let report = pipeline::optimize(&src, &Options::default());
    assert_eq!(codes(&report), ["N003"]);
    assert_eq!(report.output, src);
}

/// Just below the limit, a nest is still optimized (the limit is not too tight for
/// the recursion it guards).
#[test]
fn an_expression_just_below_the_limit_is_lifted() {
    let terms = vec!["B[i]"; 190].join(" + ");
    let src = format!(
        "void g(int n, double A[n], double B[n]) {{ for (int i = 0; i < n; i++) A[i] = {terms}; }}\n"
    );
    let report = pipeline::optimize(&src, &Options::default());
    assert!(codes(&report).is_empty());
    assert_eq!(report.regions.len(), 1);
    assert_eq!(report.regions[0].status, pipeline::Status::Rewritten);
}

/// In a file with CRLF line endings the generated lines end with CRLF too.
#[test]
fn generated_code_keeps_crlf_line_endings() {
    let src = "void f(int n, double A[n][n]) {\r\n  for (int j = 0; j < n; j++)\r\n    for (int i = 0; i < n; i++)\r\n      A[i][j] = 1;\r\n}\r\n";
    let options = Options {
        mode: pipeline::Mode::Requested(vec![nestor::transform::rewrites::Transform::Interchange(
            "i".to_string(),
            "j".to_string(),
        )]),
        ..Options::default()
    };
    let report = pipeline::optimize(src, &options);
    assert_ne!(report.output, src);
    assert_eq!(
        report.output.matches('\n').count(),
        report.output.matches("\r\n").count()
    );
}

/// A `//` comment of a CRLF file ends before its line's `\r\n`: the generated code
/// wrote it with its `\r` and then the line ending (`// body\r\r\n`).
#[test]
fn line_comments_in_a_crlf_file_keep_one_carriage_return() {
    let src = "void f(int n, double A[n][n], double B[n][n]) {\r\n  for (int j = 0; j < n; j++) // columns\r\n    for (int i = 0; i < n; i++) {\r\n      // body\r\n      A[i][j] = B[i][j] * 2; // scale\r\n    }\r\n}\r\n";
    let options = Options {
        mode: pipeline::Mode::Search(nestor::transform::search::SearchOptions::default()),
        ..Options::default()
    };
    let report = pipeline::optimize(src, &options);
    assert_eq!(report.regions[0].status, pipeline::Status::Rewritten);
    for comment in ["// columns", "// body", "// scale"] {
        assert!(
            report.output.contains(&format!("{comment}\r\n")),
            "{}",
            report.output
        );
    }
    assert!(!report.output.contains("\r\r"), "{:?}", report.output);
    assert_eq!(
        report.output.matches('\n').count(),
        report.output.matches("\r\n").count()
    );
}

/// A nest inside a loop the source runs with `#pragma omp parallel for` is rewritten
/// without a parallel loop of its own: it got a second `parallel for` inside the first
/// (nested parallelism: another team of threads per iteration, or a serialized one).
#[test]
fn a_nest_inside_an_openmp_parallel_loop_gets_no_parallel_loop() {
    let src = "void f(int n, double A[restrict n][n][n], double B[restrict n][n][n]) {\n#pragma omp parallel for\n  for (int t = 0; t < n; t++)\n    for (int j = 0; j < n; j++)\n      for (int i = 0; i < n; i++)\n        A[t][i][j] = B[t][i][j] * 2;\n}\n";
    let options = Options {
        mode: pipeline::Mode::Search(nestor::transform::search::SearchOptions::default()),
        parallel: true,
        ..Options::default()
    };
    let report = pipeline::optimize(src, &options);
    assert!(
        report
            .regions
            .iter()
            .any(|r| r.status == pipeline::Status::Rewritten),
        "{}",
        report.output
    );
    assert_eq!(
        report.output.matches("omp parallel").count(),
        1,
        "{}",
        report.output
    );
}

/// A comment between two nests of a `#pragma scop` region stays, with the nest it
/// precedes: it was dropped (in every mode, `--identity` too).
#[test]
fn comments_between_the_nests_of_a_scop_region_are_kept() {
    let src = "void f(int n, double A[restrict n][n], double x[restrict n], double y[restrict n]) {\n#pragma scop\n  /* first */\n  for (int i = 0; i < n; i++)\n    for (int j = 0; j < n; j++)\n      y[i] += A[i][j] * x[j];\n  /* second */\n  for (int i = 0; i < n; i++)\n    for (int j = 0; j < n; j++)\n      x[i] += A[j][i] * y[j];\n  // last\n#pragma endscop\n}\n";
    for mode in [
        pipeline::Mode::Identity,
        pipeline::Mode::Search(nestor::transform::search::SearchOptions::default()),
    ] {
        let options = Options {
            mode,
            ..Options::default()
        };
        let report = pipeline::optimize(src, &options);
        assert_eq!(report.regions[0].status, pipeline::Status::Rewritten);
        for comment in ["/* first */", "/* second */", "// last"] {
            assert_eq!(
                report.output.matches(comment).count(),
                1,
                "{}",
                report.output
            );
        }
        let (second, loops) = (
            report.output.find("/* second */").unwrap(),
            report
                .output
                .match_indices("for (")
                .map(|(k, _)| k)
                .collect::<Vec<_>>(),
        );
        assert!(loops[1] < second && second < loops[2], "{}", report.output);
    }
}

/// isl 0.27 segfaults (`isl_basic_map_swap_div`, under `compute_flow` of the memory
/// dependences) on the dataflow of a stride -2 loop reading `A[k / 2][j]` (differential
/// fuzzer seed 0xd, program 181, reduced). The region's analysis runs in a child
/// process, so the crash fails that region only: N206, the region as written, the other
/// regions of the file still rewritten.
#[test]
fn an_isl_crash_in_the_dataflow_fails_only_its_region() {
    let src = include_str!("fixtures/isl_crash_fuzz_d181.c");
    let options = Options {
        mode: pipeline::Mode::Search(nestor::transform::search::SearchOptions::default()),
        ..Options::default()
    };
    let report = pipeline::optimize(src, &options);
    let crashed: Vec<_> = report
        .regions
        .iter()
        .filter(|r| r.diagnostics.iter().any(|d| d.code.as_str() == "N206"))
        .collect();
    assert_eq!(crashed.len(), 1, "{:#?}", report.regions);
    assert!(report.output.contains(&src[crashed[0].span.clone()]));
    let analysed = |r: &&pipeline::RegionReport| {
        r.status == pipeline::Status::Rewritten
            || r.diagnostics.iter().any(|d| d.code.as_str() == "N310")
    };
    assert!(report.regions.iter().any(|r| analysed(&r)));
}
