//! The source's own `#pragma omp parallel for`: a nest under one is a region of its own
//! when every clause keeps the loop's meaning that of the sequential loop whose
//! iterations it asserts independent (`schedule`, `num_threads`, `proc_bind`,
//! `default(shared)`, `shared`, `private` of scalars dead after it); the rewritten
//! region must run in parallel too (`driver::pipeline`).

use crate::frontend::ir::UserParallel;

/// The clauses of `#pragma omp parallel for ...` (the pragma's argument): `Ok` when
/// nestor keeps them, `Err` with the first clause it cannot, `None` for another pragma.
pub(super) fn user_parallel(argument: &str) -> Option<Result<UserParallel, String>> {
    let words: Vec<&str> = argument.split_whitespace().collect();
    let ["omp", "parallel", "for", ..] = words.as_slice() else {
        return None;
    };
    let rest = argument
        .trim_start()
        .trim_start_matches("omp")
        .trim_start()
        .trim_start_matches("parallel")
        .trim_start()
        .trim_start_matches("for");
    let mut kept = Vec::new();
    let mut private = Vec::new();
    for clause in clauses(rest) {
        let (name, args) = match clause.split_once('(') {
            Some((n, a)) => (n.trim(), a.trim_end_matches(')').trim()),
            None => (clause.trim(), ""),
        };
        match name {
            "schedule" | "num_threads" | "proc_bind" => kept.push(clause.clone()),
            "shared" => {}
            "default" if args == "shared" => {}
            "private" => private.extend(args.split(',').map(|v| v.trim().to_string())),
            _ => return Some(Err(clause)),
        }
    }
    Some(Ok(UserParallel {
        clauses: kept.iter().map(|c| format!(" {c}")).collect(),
        private,
    }))
}

/// The clauses of a pragma's rest: words, each with its parenthesized arguments.
fn clauses(rest: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let mut depth = 0;
    for c in rest.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' | ' ' | '\t' if depth == 0 => {
                if !current.trim().is_empty() {
                    out.push(std::mem::take(&mut current).trim().to_string());
                }
                current.clear();
                continue;
            }
            _ => {}
        }
        if depth == 0 && c != ')' && current.ends_with(')') {
            out.push(std::mem::take(&mut current).trim().to_string());
        }
        current.push(c);
    }
    if !current.trim().is_empty() {
        out.push(current.trim().to_string());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::user_parallel;

    #[test]
    fn clauses_that_keep_the_loop_s_meaning_are_kept() {
        let p = user_parallel("omp parallel for schedule(dynamic, 4) private(s, t) num_threads(8)")
            .and_then(Result::ok)
            .expect("kept");
        assert_eq!(p.clauses, " schedule(dynamic, 4) num_threads(8)");
        assert_eq!(p.private, ["s", "t"]);
        assert!(user_parallel("omp parallel for").is_some_and(|p| p.is_ok()));
        assert!(user_parallel("omp simd").is_none());
    }

    #[test]
    fn clauses_that_change_it_are_named() {
        let refused = |a: &str| user_parallel(a).and_then(Result::err);
        assert_eq!(
            refused("omp parallel for reduction(+:s)").as_deref(),
            Some("reduction(+:s)")
        );
        assert_eq!(
            refused("omp parallel for collapse(2)").as_deref(),
            Some("collapse(2)")
        );
        assert_eq!(
            refused("omp parallel for firstprivate(x)").as_deref(),
            Some("firstprivate(x)")
        );
    }
}
