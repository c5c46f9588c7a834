//! The examples of docs/guide.md are run: every `$ nestor ...` line of a code block is
//! run from the repository's root, and what it prints (standard output, then standard
//! error) must be the lines shown under it, up to a line `...` (the rest elided), with
//! run times (`0.002 s`) read as any time; `$ echo $?` checks the exit code. Examples
//! that need what the repository does not hold (a file the text only describes) or
//! take minutes (`tune`, `batch --verify`: timed and checked in tests/cli.rs and
//! tests/batch.rs) are listed in `NOT_RUN`, so that a new example runs unless it is
//! named there.

use std::process::Command;

/// Commands of the guide not run here, each with why.
const NOT_RUN: &[(&str, &str)] = &[
    (
        "nestor verify -q pid.c",
        "pid.c is described, not in the repository",
    ),
    (
        "nestor tune samples/lu_rows.c -D N=600 -o lu.c",
        "times programs for minutes",
    ),
    (
        "nestor batch samples/ --out /tmp/opt --verify --json /tmp/opt.json",
        "verifies every sample",
    ),
];

/// One `$ command` of a code block and the lines shown after it.
struct Example {
    line: usize,
    command: String,
    shown: Vec<String>,
}

fn examples(guide: &str) -> Vec<Example> {
    let mut out: Vec<Example> = Vec::new();
    // Whether the code block being read has a command yet: lines before its first
    // command (or in a block without one) are no example's output.
    let mut block: Option<bool> = None;
    for (k, line) in guide.lines().enumerate() {
        if line.starts_with("```") {
            block = if block.is_some() { None } else { Some(false) };
            continue;
        }
        match (block, line.strip_prefix("$ ")) {
            (Some(_), Some(command)) => {
                block = Some(true);
                out.push(Example {
                    line: k + 1,
                    command: command.to_string(),
                    shown: Vec::new(),
                });
            }
            (Some(true), None) => {
                if let Some(last) = out.last_mut() {
                    last.shown.push(line.to_string());
                }
            }
            _ => {}
        }
    }
    out
}

/// `text` with every run time (`0.002 s`) as `T s`.
fn timeless(text: &str) -> String {
    let mut out = String::new();
    let words: Vec<&str> = text.split(' ').collect();
    for (k, w) in words.iter().enumerate() {
        let time = w.contains('.')
            && w.chars().all(|c| c.is_ascii_digit() || c == '.')
            && words.get(k + 1).is_some_and(|n| n.starts_with('s'));
        if k > 0 {
            out.push(' ');
        }
        out.push_str(if time { "T" } else { w });
    }
    out
}

fn matches(shown: &[String], printed: &str) -> Result<(), String> {
    let printed: Vec<&str> = printed.lines().collect();
    for (k, want) in shown.iter().enumerate() {
        if want == "..." {
            return Ok(());
        }
        let got = printed.get(k).copied().unwrap_or("<nothing>");
        if timeless(want) != timeless(got) {
            return Err(format!("line {}: shown\n  {want}\nprinted\n  {got}", k + 1));
        }
    }
    match printed.len() > shown.len() {
        true => Err(format!("printed more: {}", printed[shown.len()])),
        false => Ok(()),
    }
}

#[test]
fn every_example_of_the_guide_prints_what_it_shows() {
    let guide = std::fs::read_to_string("docs/guide.md").expect("the guide");
    let mut failures = Vec::new();
    let mut last_exit = None;
    let mut ran = 0;
    for e in examples(&guide) {
        if e.command == "echo $?" {
            let shown = e.shown.first().and_then(|s| s.parse::<i32>().ok());
            if shown != last_exit {
                failures.push(format!("guide line {}: exit {last_exit:?}", e.line));
            }
            continue;
        }
        let Some(args) = e.command.strip_prefix("nestor ") else {
            continue;
        };
        if NOT_RUN.iter().any(|(c, _)| *c == e.command) {
            continue;
        }
        ran += 1;
        let out = Command::new(env!("CARGO_BIN_EXE_nestor"))
            .args(args.split_whitespace())
            .env("NESTOR_CACHE", "48K,2M")
            .env("NESTOR_CACHE_DIR", "none")
            .output()
            .expect("nestor runs");
        last_exit = out.status.code();
        let printed = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        if let Err(why) = matches(&e.shown, &printed) {
            failures.push(format!("guide line {}: `{}`: {why}", e.line, e.command));
        }
    }
    assert!(ran >= 4, "the guide's examples were not found");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
