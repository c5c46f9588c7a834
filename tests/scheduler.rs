//! isl's scheduler as a source of candidates: its orders are judged by nestor's check
//! like every other, which may accept what the classic dependence test refuses (live
//! ranges) and refuses what isl was not told to respect (memory reuse).

use nestor::analysis::deps::Verdict;
use nestor::analysis::plan::Plan;
use nestor::driver::pipeline::{self, Mode, Options};
use nestor::frontend;
use nestor::model::{self, ScheduleTree};
use nestor::transform::decision::Decision;
use nestor::transform::search::isl_scheduler::{Validity, isl_order};
use nestor::transform::search::{CheckOutcome as Checked, SearchOptions};

fn plan_of(ctx: &isl_rs::Context, file: &str) -> Plan {
    let src = std::fs::read_to_string(file).expect("fixture exists");
    let region = frontend::analyze(&src, &[], &[]).regions.remove(0);
    let text = model::scop_text(&region).expect("model");
    let scop = model::build(ctx, &text, Default::default()).expect("isl model");
    Plan::new(ctx, region, text, scop).expect("dataflow")
}

/// Whether some loop of `tree` runs over a combination of iterators (a skew).
fn skewed(tree: &ScheduleTree) -> bool {
    match tree {
        ScheduleTree::Band { members, child, .. } => {
            members
                .iter()
                .any(|(_, t)| t.linear().is_some_and(|(_, terms)| terms.len() > 1))
                || skewed(child)
        }
        ScheduleTree::Sequence(children) => children.iter().any(skewed),
        ScheduleTree::Stmt(_) => false,
    }
}

#[test]
fn a_skewed_schedule_is_accepted_only_because_live_ranges_allow_it() {
    let ctx = nestor::support::isl::new_context();
    let plan = plan_of(&ctx, "tests/fixtures/scheduler_skew_by_live_ranges.c");
    let tree = isl_order(&plan, Validity::Flow)
        .expect("isl")
        .expect("a schedule tree");
    assert!(skewed(&tree), "{tree:?}");
    let verdict = plan.verdict(&ctx, &tree).expect("check");
    assert!(
        matches!(verdict, Verdict::Legal { classic: false }),
        "{tree:?}: {verdict:?}"
    );
    // Told to keep live ranges apart where they cross iterations, isl still fuses the
    // sweeps: each value of s lives within one iteration (PPCG's live-range reordering).
    let reordered = isl_order(&plan, Validity::LiveRanges)
        .expect("isl")
        .expect("a schedule tree");
    assert!(skewed(&reordered), "{reordered:?}");
    let verdict = plan.verdict(&ctx, &reordered).expect("check");
    assert!(
        matches!(verdict, Verdict::Legal { classic: false }),
        "{reordered:?}: {verdict:?}"
    );
    // Told about the anti and output dependences, isl keeps the sweeps apart.
    let classic = isl_order(&plan, Validity::Memory)
        .expect("isl")
        .expect("a schedule tree");
    let verdict = plan.verdict(&ctx, &classic).expect("check");
    assert!(
        matches!(verdict, Verdict::Legal { classic: true }),
        "{verdict:?}"
    );
}

#[test]
fn a_scheduler_candidate_the_check_refuses_is_not_emitted() {
    let src = std::fs::read_to_string("tests/fixtures/scheduler_refused.c").expect("fixture");
    let options = Options {
        mode: Mode::Search(SearchOptions::default()),
        ..Options::default()
    };
    let report = pipeline::optimize(&src, &options);
    let region = &report.regions[0];
    let search = region.search.as_ref().expect("searched");
    let refused = search.considered.iter().any(|c| {
        matches!(
            c.change,
            Decision::Scheduled {
                validity: Validity::Flow,
                ..
            }
        ) && c.verdict == Checked::Illegal
    });
    assert!(refused, "{:#?}", search.considered);
    assert!(
        !region
            .decisions
            .iter()
            .any(|d| matches!(d, Decision::Scheduled { .. })),
        "{:#?}",
        region.decisions
    );
}

#[test]
fn the_lu_sample_takes_the_right_looking_order_from_isl() {
    let ctx = nestor::support::isl::new_context();
    let plan = plan_of(&ctx, "samples/lu_rows.c");
    let tree = isl_order(&plan, Validity::Flow)
        .expect("isl")
        .expect("a schedule tree");
    // The pivot loop outermost: the update of S0 and S2 runs over p first.
    let ScheduleTree::Band { members, .. } = &tree else {
        panic!("{tree:?}")
    };
    assert!(
        members.iter().any(|(_, t)| t.to_string() == "p"),
        "{tree:?}"
    );
    assert!(plan.is_legal(&ctx, &tree).expect("check"));
}

/// isl's scheduler does not bound itself by the operation budget on every input: on
/// this fuzz program it ran for minutes (cutting planes on big integers, which isl
/// allocates outside its operation count). It is stopped at its CPU limit and gives
/// no order; the rest of the search goes on.
#[test]
fn a_scheduler_past_its_cpu_limit_gives_no_order() {
    let ctx = nestor::support::isl::new_context();
    let plan = plan_of(&ctx, "tests/fixtures/scheduler_slow_fuzz_74.c");
    let start = std::time::Instant::now();
    let tree = nestor::transform::search::isl_order_within_budget(&ctx, &plan, Validity::Flow)
        .expect("no isl error comes out");
    assert!(tree.is_none(), "{tree:?}");
    // The CPU limit, with room for a loaded machine: without it this takes minutes.
    let limit = std::time::Duration::from_secs(nestor::transform::search::SCHEDULER_CPU_LIMIT.0);
    assert!(start.elapsed() < limit * 10);
}

/// The formulations `search` asks isl's scheduler for on `for i: for j: body`, when
/// every order it gives is the original and every check says `legal`.
fn asked(body: &str, legal: bool) -> Vec<Validity> {
    let src = format!(
        "void f(int n, double a[restrict n][n], double b[restrict n][n]) {{
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      {body}
}}
"
    );
    let front = frontend::analyze(&src, &[], &[]);
    let region = &front.regions[0];
    let original = model::original_schedule(region);
    let mut asked = Vec::new();
    let mut scheduled = |v: Validity| -> Result<Option<ScheduleTree>, ()> {
        asked.push(v);
        Ok(Some(original.clone()))
    };
    let options = SearchOptions {
        interchange: false,
        fuse: false,
        distribute: false,
        ..SearchOptions::default()
    };
    nestor::transform::search::search(region, &original, &mut scheduled, &options, &mut |_, _| {
        Ok(legal.into())
    })
    .expect("searched");
    asked
}

#[test]
fn isl_s_scheduler_is_asked_a_more_constrained_order_only_after_a_cheaper_one_was_refused() {
    // The order is no cheaper: each formulation costs a scheduler run (adi's analysis
    // took 0.74 s with three, 0.29 s with one).
    assert_eq!(asked("b[i][j] = a[i][j] * 2;", true), vec![Validity::Flow]);
    // A cheaper order (walking rows) the check refuses: the next formulation may give a
    // legal one (it gives the same here, so the last is not asked).
    assert_eq!(
        asked("b[j][i] = a[j][i] * 2;", false),
        vec![Validity::Flow, Validity::LiveRanges]
    );
}
