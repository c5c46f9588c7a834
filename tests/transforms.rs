//! The transformation corpus: `transform-tests/*.txt`. Each case is a C file run
//! through the whole pipeline (`pipeline::optimize`) with the options of
//! `nestor optimize` (automatic search, tiling for caches of 48K and 2M as
//! `NESTOR_CACHE=48K,2M` gives on every machine, contraction, parallel loops). An
//! optional first line `// options: ...` changes them, with the command line's
//! spelling: `--no-tile`, `--tile-size 16,32`, `--no-parallel`, `--no-contract`,
//! `--assume-no-alias`, `--no-isl-scheduler`, `--no-fuse`, and `--interchange i,j` / `--fuse` for
//! requested transformations instead of the search.
//!
//! The expectation lists each region of the file: a header line with its function and
//! status, its decisions as `Decision` prints them, then the code that replaced it
//! (its first line indented as the region's first line is), or `unchanged: CODES` (its
//! diagnostics' codes) when it was left as written:
//!
//! ```text
//! region in kernel: rewritten
//! decision: parallel loop `i`
//! #pragma omp parallel for
//! for (...) { ... }
//! ```
//!
//! `NESTOR_BLESS=1 cargo test --test transforms` refreshes expectations.

mod common;

use common::corpus::{self, Case, Checked};
use nestor::driver::pipeline::{self, Mode, Options, Status};
use nestor::transform::rewrites::Transform;
use nestor::transform::search::SearchOptions;
use nestor::transform::tiling::TileSizes;

/// The caches tile sizes are chosen for, fixed so that the output is the same on
/// every machine.
const CACHES: &str = "48K,2M";

/// `nestor optimize`'s options, changed by the case's `// options:` line.
fn options(src: &str) -> Result<Options, String> {
    let caches = nestor::transform::tiling::cache::Caches::parse(CACHES)?;
    let mut search = SearchOptions::default();
    let mut requested = Vec::new();
    let mut options = Options {
        contract: true,
        parallel: true,
        tile: Some(TileSizes::Model(caches)),
        ..Options::default()
    };
    let line = src.lines().next().unwrap_or("");
    let mut words = line
        .strip_prefix("// options:")
        .unwrap_or("")
        .split_whitespace();
    while let Some(word) = words.next() {
        let mut value = || {
            words
                .next()
                .ok_or_else(|| format!("`{word}` needs a value"))
        };
        match word {
            "--no-tile" => options.tile = None,
            "--tile-size" => {
                let sizes = value()?
                    .split(',')
                    .map(|s| s.parse().map_err(|e| format!("`{s}`: {e}")))
                    .collect::<Result<_, _>>()?;
                options.tile = Some(TileSizes::Fixed(sizes));
            }
            "--no-parallel" => options.parallel = false,
            "--no-contract" => options.contract = false,
            "--assume-no-alias" => options.assume_no_alias = true,
            "--no-isl-scheduler" => search.isl_scheduler = false,
            "--no-fuse" => search.fuse = false,
            "--interchange" => {
                let pair = value()?;
                let (a, b) = pair
                    .split_once(',')
                    .ok_or_else(|| format!("`{pair}`: expected A,B"))?;
                requested.push(Transform::Interchange(a.to_string(), b.to_string()));
            }
            "--fuse" => requested.push(Transform::Fuse),
            other => return Err(format!("unknown option `{other}`")),
        }
    }
    options.mode = if requested.is_empty() {
        Mode::Search(search)
    } else {
        Mode::Requested(requested)
    };
    Ok(options)
}

/// The blanks before `at` on its line: the generated code replaces the region from its
/// first statement on, so its first line is printed after them, as in the output.
fn indentation(src: &str, at: usize) -> &str {
    let start = src[..at].rfind('\n').map_or(0, |k| k + 1);
    let before = &src[start..at];
    if before.trim().is_empty() { before } else { "" }
}

fn check(case: &Case) -> Result<Checked, String> {
    let report = pipeline::optimize(&case.input, &options(&case.input)?);
    if report.is_unreadable() {
        return Err("the case is not valid C".to_string());
    }
    if report.regions.is_empty() {
        return Err("the case has no region".to_string());
    }
    let mut out = Vec::new();
    for region in &report.regions {
        let status = match region.status {
            Status::Rewritten => "rewritten",
            Status::Unchanged => "unchanged",
        };
        out.push(format!("region in {}: {status}", region.function));
        for d in &region.decisions {
            out.push(format!("decision: {d}"));
        }
        match (&region.status, &region.generated) {
            (Status::Rewritten, Some(code)) => out.push(format!(
                "{}{}",
                indentation(&case.input, region.span.start),
                code.trim_end()
            )),
            (Status::Rewritten, None) => return Err("rewritten without code".to_string()),
            (Status::Unchanged, _) => {
                let codes: Vec<&str> = region.diagnostics.iter().map(|d| d.code.as_str()).collect();
                out.push(format!("unchanged: {}", codes.join(", ")));
            }
        }
        out.push(String::new());
    }
    Ok(Checked::textual(
        case,
        out.join("\n").trim_end().to_string(),
    ))
}

#[test]
fn transformation_corpus() {
    corpus::run("transform-tests", check);
}
