//! `nestor batch`: the samples rewritten, verified and summarized (table and JSON
//! agree, every output compiles and behaves as the original, `nestor diff` patches to
//! the same files), pathological files that must not stop a batch, determinism across
//! worker counts, and output-path safety.

mod common;

use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn nestor_in(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_nestor"))
        .env("NESTOR_CACHE", "48K,2M") // the same tile sizes on every machine
        .args(args)
        .current_dir(dir)
        .envs(env.iter().copied())
        .stdin(Stdio::null())
        .output()
        .expect("nestor runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn json(path: &Path) -> Value {
    let t = std::fs::read_to_string(path).expect("the JSON summary is written");
    serde_json::from_str(&t).expect("the JSON summary parses")
}

fn count(v: &Value) -> usize {
    v.as_u64().expect("a count") as usize
}

/// The `.c` files under `dir`, relative, sorted.
fn c_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).expect("readable directory") {
            let p = e.expect("entry").path();
            if p.is_dir() {
                stack.push(p);
            } else {
                out.push(p.strip_prefix(dir).expect("under dir").to_path_buf());
            }
        }
    }
    out.sort();
    out
}

/// The number after `label` in `line`, e.g. `n_after("22 files: 3 rewritten", "files:")`.
fn number_before(line: &str, word: &str) -> usize {
    let words: Vec<&str> = line.split_whitespace().collect();
    let k = words
        .iter()
        .position(|w| w.trim_end_matches([',', ':']) == word)
        .unwrap_or_else(|| panic!("`{word}` not in `{line}`"));
    words[k - 1]
        .parse()
        .unwrap_or_else(|_| panic!("no number before `{word}` in `{line}`"))
}

#[test]
fn samples_are_rewritten_verified_and_summarized_consistently() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    let report = tmp.path().join("report.json");
    let o = nestor_in(
        root,
        &[
            "batch",
            "samples/",
            "--out",
            &out.to_string_lossy(),
            "--verify",
            "--json",
            &report.to_string_lossy(),
            "-j",
            "2",
        ],
        &[],
    );
    let table = text(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{table}\n{}", text(&o.stderr));
    let j = json(&report);
    let sources = c_files(&root.join("samples"));
    let samples = sources
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "c"))
        .cloned()
        .collect::<Vec<_>>();
    // Mirrored: the .c files and the headers beside them, so that the mirror compiles.
    assert_eq!(c_files(&out), sources);
    let t = &j["totals"];
    let files = j["files"].as_array().expect("files");
    assert_eq!(count(&t["files"]), samples.len());
    assert_eq!(files.len(), samples.len());
    assert_eq!(j["schema"], 1);
    assert_eq!(j["workers"], 2);

    // The JSON is consistent with itself.
    let regions: usize = files
        .iter()
        .map(|f| f["regions"].as_array().unwrap().len())
        .sum();
    assert_eq!(count(&t["regions"]), regions);
    assert_eq!(
        count(&t["regions"]),
        count(&t["regions_rewritten"]) + count(&t["regions_unchanged"])
    );
    let by_code: BTreeMap<String, usize> = t["unchanged_by_code"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(k, v)| (k.clone(), count(v)))
        .collect();
    assert_eq!(
        by_code.values().sum::<usize>(),
        count(&t["regions_unchanged"])
    );
    assert_eq!(count(&t["files_failed"]), 0, "{table}");
    assert_eq!(count(&t["verify"]["identical"]), samples.len(), "{table}");
    assert!(
        count(&t["regions_rewritten"]) >= samples.len(),
        "every sample has a rewritten region"
    );

    // The table says the same as the JSON.
    let line = |start: &str| {
        table
            .lines()
            .find(|l| l.contains(start))
            .unwrap_or_else(|| panic!("no `{start}` line in\n{table}"))
            .to_string()
    };
    let files_line = line(" files: ");
    assert_eq!(number_before(&files_line, "files"), count(&t["files"]));
    assert_eq!(
        number_before(&files_line, "rewritten"),
        count(&t["files_rewritten"])
    );
    assert_eq!(
        number_before(&files_line, "unchanged"),
        count(&t["files_unchanged"])
    );
    assert_eq!(
        number_before(&files_line, "failed"),
        count(&t["files_failed"])
    );
    let regions_line = line(" regions: ");
    assert_eq!(
        number_before(&regions_line, "regions"),
        count(&t["regions"])
    );
    assert_eq!(
        number_before(&regions_line, "rewritten"),
        count(&t["regions_rewritten"])
    );
    assert_eq!(
        number_before(&regions_line, "unchanged"),
        count(&t["regions_unchanged"])
    );
    for (code, n) in &by_code {
        let prefix = format!("  {code} ");
        let l = table
            .lines()
            .find(|l| l.starts_with(&prefix))
            .unwrap_or_else(|| panic!("no line for {code} in\n{table}"));
        assert_eq!(
            l.split_whitespace().last(),
            Some(n.to_string().as_str()),
            "{l}"
        );
    }
    let verify_line = line("verify: ");
    assert_eq!(number_before(&verify_line, "identical"), samples.len());
    assert_eq!(number_before(&verify_line, "differs"), 0);
    for f in files {
        let input = f["input"].as_str().unwrap();
        let row = line(&format!("{input} "));
        let cells: Vec<&str> = row.split_whitespace().collect();
        let n = f["regions"].as_array().unwrap().len();
        let rewritten = f["regions"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|r| r["status"] == "rewritten")
            .count();
        assert_eq!(
            &cells[1..4],
            [
                n.to_string(),
                rewritten.to_string(),
                (n - rewritten).to_string()
            ],
            "{row}"
        );
        assert!(row.contains(" identical"), "{row}");
        assert!(f["tool_ms"].as_f64().unwrap() > 0.0);
    }

    // Independently of nestor's own verification: every output compiles and prints
    // what the original prints.
    let include = root.join("samples");
    let mut failures = Vec::new();
    for s in &samples {
        let original = std::fs::read_to_string(root.join("samples").join(s)).unwrap();
        let rewritten = std::fs::read_to_string(out.join(s)).unwrap();
        if let Err(e) = common::assert_same_behaviour(
            &s.to_string_lossy(),
            &original,
            &rewritten,
            Some(&include),
        ) {
            failures.push(e);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));

    // `nestor diff` on each sample, applied with patch -p0, gives the batch's output.
    let copy = tmp.path().join("copy");
    std::fs::create_dir_all(copy.join("samples")).unwrap();
    // The sources and their headers: without `polybench_lite.h`, `DATA_TYPE` is unknown.
    for s in &sources {
        std::fs::copy(root.join("samples").join(s), copy.join("samples").join(s)).unwrap();
    }
    let diffs: Vec<(PathBuf, Vec<u8>)> = std::thread::scope(|scope| {
        let handles: Vec<_> = samples
            .chunks(samples.len().div_ceil(2))
            .map(|chunk| {
                let copy = &copy;
                scope.spawn(move || {
                    chunk
                        .iter()
                        .map(|s| {
                            let name = format!("samples/{}", s.display());
                            let o = nestor_in(copy, &["diff", "--quiet", &name], &[]);
                            assert_eq!(
                                o.status.code(),
                                Some(0),
                                "diff {name}: {}",
                                text(&o.stderr)
                            );
                            (s.clone(), o.stdout)
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("diff thread"))
            .collect()
    });
    for (s, diff) in diffs {
        let expected = std::fs::read(out.join(&s)).unwrap();
        if text(&diff).contains("\n--- ") {
            let mut patch = Command::new("patch")
                .args(["-p0", "--quiet"])
                .current_dir(&copy)
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .expect("patch runs");
            use std::io::Write;
            patch.stdin.take().unwrap().write_all(&diff).unwrap();
            let po = patch.wait_with_output().unwrap();
            assert!(
                po.status.success(),
                "patch {}: {}",
                s.display(),
                text(&po.stderr)
            );
        }
        let patched = std::fs::read(copy.join("samples").join(&s)).unwrap();
        assert!(
            patched == expected,
            "{}: diff + patch differs from the batch output",
            s.display()
        );
    }
}

const SMALL: &str = "void f(int n, double a[n][n], double b[n][n])\n{\n  for (int i = 0; i < n; i++)\n    for (int j = 0; j < n; j++)\n      a[i][j] = b[j][i] + 1.0;\n}\n";

fn write(path: &Path, bytes: &[u8]) {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).unwrap();
    }
    std::fs::write(path, bytes).unwrap();
}

/// A tree with one file of every kind a batch must survive.
fn pathological_tree(dir: &Path) {
    write(&dir.join("good.c"), SMALL.as_bytes());
    write(
        &dir.join("sub/deeper/nested.c"),
        SMALL.replace("f(", "g(").as_bytes(),
    );
    write(&dir.join("bin.c"), b"\x7fELF\x02\x01\x01\x00\x00\x00");
    write(
        &dir.join("bad.c"),
        b"int size = 1 +;\nvoid f(int n, double *a) {\n  for (int i = 0; i < n; i++)\n    a[i] = 1;\n}\n",
    );
    write(&dir.join("empty.c"), b"");
    write(
        &dir.join("noloop.c"),
        b"int add(int a, int b) { return a + b; }\n",
    );
    write(&dir.join("latin1.c"), b"/* caf\xe9 */\nint x;\n");
    write(&dir.join("boom.c"), SMALL.replace("f(", "h(").as_bytes());
    write(&dir.join("notes.txt"), b"not C\n");
    write(&dir.join("header.h"), b"#define N 10\n");
    write(&dir.join("dir.c/inner.c"), SMALL.as_bytes());
    std::os::unix::fs::symlink(dir.join("nowhere.c"), dir.join("dangling.c")).unwrap();
}

#[test]
fn pathological_files_are_reported_and_copied_without_stopping_the_batch() {
    let tmp = tempfile::tempdir().unwrap();
    let input = tmp.path().join("in");
    pathological_tree(&input);
    let out = tmp.path().join("out");
    let report = tmp.path().join("r.json");
    let o = nestor_in(
        tmp.path(),
        &["batch", "in", "--out", "out", "--json", "r.json", "-j", "2"],
        &[("NESTOR_TEST_PANIC_ON", "boom.c")],
    );
    let table = text(&o.stdout);
    let stderr = text(&o.stderr);
    // The dangling link is unreadable: an IO failure wins over the files that are not C.
    assert_eq!(o.status.code(), Some(8), "{table}\n{stderr}");
    assert!(
        !stderr.contains("panicked"),
        "the injected panic leaked to stderr:\n{stderr}"
    );

    let mut expected: Vec<PathBuf> = [
        "bad.c",
        "bin.c",
        "boom.c",
        "dir.c/inner.c",
        "empty.c",
        "good.c",
        "header.h",
        "latin1.c",
        "noloop.c",
        "sub/deeper/nested.c",
    ]
    .iter()
    .map(PathBuf::from)
    .collect();
    expected.sort();
    assert_eq!(
        c_files(&out),
        expected,
        "mirrored .c and .h files only, dangling link not copied"
    );
    for same in [
        "bad.c", "bin.c", "boom.c", "empty.c", "latin1.c", "noloop.c",
    ] {
        assert_eq!(
            std::fs::read(out.join(same)).unwrap(),
            std::fs::read(input.join(same)).unwrap(),
            "{same} is copied unchanged"
        );
    }
    assert_eq!(
        std::fs::read(out.join("header.h")).unwrap(),
        b"#define N 10\n",
        "headers are copied beside the files, so the mirror compiles"
    );
    assert!(!out.join("notes.txt").exists());
    let optimized = nestor_in(tmp.path(), &["optimize", "in/good.c"], &[]).stdout;
    assert_eq!(std::fs::read(out.join("good.c")).unwrap(), optimized);
    assert_ne!(optimized, SMALL.as_bytes());

    let j = json(&report);
    let kinds: BTreeMap<String, usize> = j["totals"]["failed_by_kind"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(k, v)| (k.clone(), count(v)))
        .collect();
    let want: BTreeMap<String, usize> = [
        ("binary", 1),
        ("internal-error", 1),
        ("not-utf8", 1),
        ("syntax-error", 1),
        ("unreadable", 1),
    ]
    .iter()
    .map(|(k, v)| (k.to_string(), *v))
    .collect();
    assert_eq!(kinds, want, "{table}");
    assert_eq!(count(&j["totals"]["files"]), 10);
    assert_eq!(count(&j["totals"]["files_failed"]), 5);
    let file = |name: &str| {
        j["files"]
            .as_array()
            .unwrap()
            .iter()
            .find(|f| f["input"].as_str().unwrap().ends_with(name))
            .unwrap_or_else(|| panic!("{name} not in the JSON"))
            .clone()
    };
    let boom = file("boom.c");
    assert!(
        boom["error"]["message"]
            .as_str()
            .unwrap()
            .contains("fault injected by NESTOR_TEST_PANIC_ON"),
        "{boom}"
    );
    assert_eq!(boom["written"], true);
    assert_eq!(file("dangling.c")["written"], false);
    assert_eq!(file("bad.c")["error"]["kind"], "syntax-error");
    assert!(
        file("bad.c")["error"]["message"]
            .as_str()
            .unwrap()
            .contains("1:14"),
        "the location of the syntax error"
    );
    assert_eq!(file("empty.c")["status"], "unchanged");
    assert_eq!(file("good.c")["status"], "rewritten");
    for name in ["bin.c", "bad.c", "boom.c", "dangling.c", "latin1.c"] {
        assert!(
            table
                .lines()
                .any(|l| l.contains(name) && l.contains("failed")
                    || l.contains(name) && l.contains(": ")),
            "{name} row in\n{table}"
        );
    }
    assert!(
        table.contains("10 files: 3 rewritten, 2 unchanged, 5 failed"),
        "{table}"
    );

    // Without the unreadable file and the panic, the files that are not C are copied
    // and listed, and do not fail the batch; nestor's own failure does.
    std::fs::remove_file(input.join("dangling.c")).unwrap();
    let o = nestor_in(
        tmp.path(),
        &["batch", "in", "--out", "out2", "--quiet"],
        &[],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let o = nestor_in(
        tmp.path(),
        &["batch", "in", "--out", "out3", "--quiet"],
        &[("NESTOR_TEST_PANIC_ON", "boom.c")],
    );
    assert_eq!(o.status.code(), Some(3), "{}", text(&o.stderr));
}

#[test]
fn a_file_too_large_to_analyse_is_copied_whole_and_reported() {
    let tmp = tempfile::tempdir().unwrap();
    // Just over the 32 MiB nestor analyses, ending in a line that a truncated copy
    // would lose.
    let limit = 32 << 20;
    let line = b"/* nestor copies a file it cannot analyse as it is. */\n";
    let mut big = Vec::with_capacity(limit + 2 * line.len() + 64);
    while big.len() <= limit {
        big.extend_from_slice(line);
    }
    big.extend_from_slice(b"int the_last_line_of_the_file;\n");
    write(&tmp.path().join("in/big.c"), &big);
    write(&tmp.path().join("in/good.c"), SMALL.as_bytes());
    let o = nestor_in(
        tmp.path(),
        &["batch", "in", "--out", "out", "--json", "r.json"],
        &[],
    );
    let table = text(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{table}\n{}", text(&o.stderr));
    assert!(table.contains("big.c"), "listed: {table}");
    let copied = std::fs::read(tmp.path().join("out/big.c")).unwrap();
    assert!(
        copied == big,
        "big.c is copied byte for byte ({} of {} bytes)",
        copied.len(),
        big.len()
    );
    let j = json(&tmp.path().join("r.json"));
    let big_result = j["files"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["input"] == "in/big.c")
        .expect("big.c in the JSON")
        .clone();
    assert_eq!(big_result["status"], "failed", "{big_result}");
    assert_eq!(big_result["error"]["kind"], "too-large", "{big_result}");
    assert_eq!(big_result["written"], true, "{big_result}");
    let message = big_result["error"]["message"].as_str().unwrap();
    assert!(
        message.contains("larger than 32 MiB") && message.contains("copied unchanged"),
        "{message}"
    );
    assert!(
        table
            .lines()
            .any(|l| l.starts_with("in/big.c") && l.contains("too-large")),
        "{table}"
    );
    assert_eq!(
        j["totals"]["files_rewritten"], 1,
        "good.c is still rewritten"
    );
}

#[test]
fn a_panic_in_one_region_leaves_only_that_region_unchanged() {
    let tmp = tempfile::tempdir().unwrap();
    let two = format!("{SMALL}\n{}", SMALL.replace("f(", "g("));
    write(&tmp.path().join("in/two.c"), two.as_bytes());
    write(&tmp.path().join("in/good.c"), SMALL.as_bytes());
    let hook = [("NESTOR_TEST_PANIC_ON", "two.c:g")];
    let o = nestor_in(
        tmp.path(),
        &["batch", "in", "--out", "out", "--json", "r.json"],
        &hook,
    );
    let table = text(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{table}\n{}", text(&o.stderr));
    assert!(!text(&o.stderr).contains("panicked"), "{}", text(&o.stderr));
    // The output is what `optimize` writes under the same fault: f rewritten, g as
    // written.
    let optimized = nestor_in(tmp.path(), &["optimize", "in/two.c"], &hook);
    assert_eq!(optimized.status.code(), Some(0));
    let written = std::fs::read(tmp.path().join("out/two.c")).unwrap();
    assert_eq!(text(&written), text(&optimized.stdout));
    let g = SMALL.replace("f(", "g(");
    assert!(text(&written).ends_with(&g), "g is left as written");
    assert!(!text(&written).starts_with(SMALL), "f is rewritten");

    let j = json(&tmp.path().join("r.json"));
    let file = j["files"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["input"] == "in/two.c")
        .expect("two.c in the JSON")
        .clone();
    assert_eq!(file["status"], "rewritten", "{file}");
    assert_eq!(file["regions"][0]["status"], "rewritten", "{file}");
    assert_eq!(file["regions"][1]["status"], "unchanged", "{file}");
    assert_eq!(file["regions"][1]["reason"], "N205", "{file}");
    assert!(
        file["regions"][1]["reason_message"]
            .as_str()
            .unwrap()
            .contains("fault injected"),
        "{file}"
    );
    assert_eq!(j["totals"]["unchanged_by_code"]["N205"], 1, "{table}");
    assert_eq!(j["totals"]["files_failed"], 0, "{table}");
}

#[test]
fn one_and_two_workers_write_the_same_tree() {
    let tmp = tempfile::tempdir().unwrap();
    for k in 0..4 {
        write(
            &tmp.path().join(format!("in/k{k}.c")),
            SMALL.replace("f(", &format!("f{k}(")).as_bytes(),
        );
    }
    write(&tmp.path().join("in/bad.c"), b"int x = ;\n");
    let mut trees = Vec::new();
    for jobs in ["1", "2"] {
        let out = format!("out{jobs}");
        let o = nestor_in(
            tmp.path(),
            &["batch", "in", "--out", &out, "-j", jobs, "--json", "-"],
            &[],
        );
        assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
        // With `--json -` the JSON is standard output and the table standard error.
        let j: Value = serde_json::from_slice(&o.stdout).expect("JSON on stdout");
        assert_eq!(j["workers"].as_u64(), jobs.parse().ok());
        assert!(
            text(&o.stderr).contains("5 files: 4 rewritten, 0 unchanged, 1 failed"),
            "{}",
            text(&o.stderr)
        );
        let files: Vec<(PathBuf, Vec<u8>)> = c_files(&tmp.path().join(&out))
            .into_iter()
            .map(|p| {
                let bytes = std::fs::read(tmp.path().join(&out).join(&p)).unwrap();
                (p, bytes)
            })
            .collect();
        trees.push(files);
    }
    assert_eq!(trees[0].len(), 5);
    assert!(trees[0] == trees[1], "-j 1 and -j 2 wrote different trees");
}

#[test]
fn outputs_never_overwrite_inputs() {
    let tmp = tempfile::tempdir().unwrap();
    write(&tmp.path().join("in/k.c"), SMALL.as_bytes());
    write(&tmp.path().join("other/k.c"), SMALL.as_bytes());
    let o = nestor_in(tmp.path(), &["batch", "in", "--out", "in"], &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("would overwrite an input"),
        "{}",
        text(&o.stderr)
    );
    assert_eq!(
        std::fs::read(tmp.path().join("in/k.c")).unwrap(),
        SMALL.as_bytes()
    );
    let o = nestor_in(
        tmp.path(),
        &["batch", "in/k.c", "other/k.c", "--out", "out"],
        &[],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("would both be written to"),
        "{}",
        text(&o.stderr)
    );
    // An output directory inside the input tree is not read back as input.
    for _ in 0..2 {
        let o = nestor_in(
            tmp.path(),
            &["batch", "in", "--out", "in/opt", "--quiet"],
            &[],
        );
        assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
        assert!(
            text(&o.stdout).starts_with("1 file: 1 rewritten"),
            "{}",
            text(&o.stdout)
        );
    }
}

#[test]
fn bad_command_lines_and_missing_paths() {
    let tmp = tempfile::tempdir().unwrap();
    let o = nestor_in(tmp.path(), &["batch", "x", "--out", "o", "-j", "0"], &[]);
    assert_eq!(o.status.code(), Some(2));
    let o = nestor_in(tmp.path(), &["batch", "--out", "o"], &[]);
    assert_eq!(o.status.code(), Some(2));
    let o = nestor_in(
        tmp.path(),
        &["batch", "missing", "--out", "o", "--json", "r.json"],
        &[],
    );
    assert_eq!(o.status.code(), Some(8), "{}", text(&o.stderr));
    let j = json(&tmp.path().join("r.json"));
    assert_eq!(j["files"][0]["error"]["kind"], "unreadable");
    assert!(
        text(&o.stdout).contains("cannot read `missing`"),
        "{}",
        text(&o.stdout)
    );
}

#[test]
fn verify_in_batch_counts_results_and_a_difference_exits_5() {
    let tmp = tempfile::tempdir().unwrap();
    let program = |extra: &str| {
        format!(
            "#include <stdio.h>\n#include <unistd.h>\n#define N 50\nstatic double a[N];\nint main(void)\n{{\n  for (int i = 0; i < N; i++)\n    a[i] = i * 0.5;\n  double s = 0;\n  for (int i = 0; i < N; i++)\n    s += a[i];\n  printf(\"%.1f\\n\", s);\n  {extra}\n  return 0;\n}}\n"
        )
    };
    write(&tmp.path().join("in/same.c"), program("").as_bytes());
    // Prints its process id: any two runs differ.
    write(
        &tmp.path().join("in/pid.c"),
        program("printf(\"%d\\n\", (int)getpid());").as_bytes(),
    );
    write(&tmp.path().join("in/lib.c"), SMALL.as_bytes());
    write(&tmp.path().join("in/bad.c"), b"int x = ;\n");
    let o = nestor_in(
        tmp.path(),
        &[
            "batch", "in", "--out", "out", "--verify", "--json", "r.json",
        ],
        &[],
    );
    let table = text(&o.stdout);
    assert_eq!(o.status.code(), Some(5), "{table}\n{}", text(&o.stderr));
    let j = json(&tmp.path().join("r.json"));
    let counts: BTreeMap<String, usize> = j["totals"]["verify"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(k, v)| (k.clone(), count(v)))
        .collect();
    let want: BTreeMap<String, usize> = [("differs", 1), ("identical", 1), ("no-main", 1)]
        .iter()
        .map(|(k, v)| (k.to_string(), *v))
        .collect();
    assert_eq!(counts, want, "{table}");
    assert!(
        table.contains("verify: 1 identical, 1 differs, 1 no-main, 0 inconclusive, 1 not run"),
        "{table}"
    );
    let pid_row = table.lines().find(|l| l.starts_with("in/pid.c")).unwrap();
    assert!(
        pid_row.contains("differs") && pid_row.contains("standard output differs at line 2"),
        "{pid_row}"
    );
}

/// Issue 25 part 3: `batch --verify` where no program could be compared (each original
/// fails to link, or has no `main`) exits 7, not 0: nothing was verified.
#[test]
fn verify_in_batch_with_nothing_compared_exits_7() {
    let tmp = tempfile::tempdir().unwrap();
    // Calls a function no file defines: the original does not link.
    write(
        &tmp.path().join("in/unlinked.c"),
        b"double missing(double);\nstatic double a[50];\nint main(void)\n{\n  for (int i = 0; i < 50; i++)\n    a[i] = i * 0.5;\n  return (int)missing(a[3]);\n}\n",
    );
    write(&tmp.path().join("in/lib.c"), SMALL.as_bytes());
    let o = nestor_in(
        tmp.path(),
        &["batch", "in", "--out", "out", "--verify"],
        &[],
    );
    let table = text(&o.stdout);
    assert_eq!(o.status.code(), Some(7), "{table}\n{}", text(&o.stderr));
    assert!(
        table.contains("verify: 0 identical, 0 differs, 1 no-main, 1 inconclusive"),
        "{table}"
    );
    // Without --verify, the same batch succeeds.
    let o = nestor_in(tmp.path(), &["batch", "in", "--out", "out2"], &[]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
}

#[test]
fn excluded_files_are_copied_unread() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let root = tmp.path().join("tree");
    let kernel = "void f(int n, double a[restrict n][n]) {\n  for (int j = 0; j < n; j++)\n    for (int i = 0; i < n; i++)\n      a[i][j] = a[i][j] * 2;\n}\n";
    // A support file nestor cannot parse (a `#if` left open), as benchmark suites have.
    let broken = "#if defined(X)\nint g(void) { return 1; }\n";
    write(&root.join("kernel.c"), kernel.as_bytes());
    write(&root.join("utilities/support.c"), broken.as_bytes());
    write(&root.join("utilities/deep/other.c"), broken.as_bytes());
    let run = |excludes: &[&str]| {
        let out = tmp.path().join(format!("out{}", excludes.len()));
        let mut args = vec!["batch", "tree", "--out", out.to_str().expect("utf-8")];
        for e in excludes {
            args.extend(["--exclude", e]);
        }
        (nestor_in(tmp.path(), &args, &[]), out)
    };
    let (all, _) = run(&[]);
    assert_eq!(all.status.code(), Some(0), "{}", text(&all.stderr));
    let listed = text(&all.stdout);
    assert!(
        listed.contains("support.c") && listed.contains("syntax"),
        "not C: copied and listed, without failing the batch: {listed}"
    );
    // `*` stops at `/`: the deeper file needs its own pattern (here its name).
    let (some, out) = run(&["utilities/*", "other.c"]);
    assert_eq!(some.status.code(), Some(0), "{}", text(&some.stderr));
    for file in ["utilities/support.c", "utilities/deep/other.c"] {
        assert_eq!(
            std::fs::read(out.join(file)).expect("copied"),
            broken.as_bytes(),
            "{file}"
        );
    }
    let table = text(&some.stdout) + &text(&some.stderr);
    assert!(
        !table.contains("support.c") && !table.contains("other.c"),
        "{table}"
    );
    assert_ne!(
        std::fs::read(out.join("kernel.c")).expect("written"),
        kernel.as_bytes()
    );
    let (bad, _) = run(&["["]);
    assert_eq!(bad.status.code(), Some(2), "{}", text(&bad.stderr));
}
