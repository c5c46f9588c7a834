//! Benchmark (not a test) of the analysis on the largest samples: front end, model,
//! dataflow, and one legality check of the original schedule, each timed over
//! several runs. `cargo bench --bench analysis`; compare figures between versions
//! of nestor as ratios taken in one run.

use std::time::{Duration, Instant};

const SAMPLES: &[&str] = &[
    "samples/correlation.c",
    "samples/covariance.c",
    "samples/three_mm.c",
    "samples/doitgen.c",
    "bench/corpus/edge_filter.c",
];
const RUNS: usize = 5;

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn main() {
    println!(
        "{:28} {:>8} {:>10} {:>10} {:>10}",
        "sample (largest region)", "stmts", "model ms", "dataflow", "check ms"
    );
    for path in SAMPLES {
        let src = std::fs::read_to_string(path).expect("sample exists");
        let front = nestor::frontend::analyze(&src, &[], &[]);
        let Some(region) = front.regions.iter().max_by_key(|r| r.statements.len()) else {
            continue;
        };
        let (mut model, mut flow, mut check) = (Vec::new(), Vec::new(), Vec::new());
        for _ in 0..RUNS {
            let ctx = nestor::support::isl::new_context();
            let t = Instant::now();
            let text = nestor::model::scop_text(region).expect("modelled");
            let scop = nestor::model::build(&ctx, &text, Default::default()).expect("isl model");
            model.push(t.elapsed());
            let t = Instant::now();
            let df = nestor::analysis::dataflow::dataflow(&ctx, &scop).expect("dataflow");
            flow.push(t.elapsed());
            let tree = nestor::model::original_schedule(region);
            let schedule = nestor::model::schedule(&ctx, region, &text, &tree).expect("schedule");
            let map =
                nestor::analysis::dataflow::schedule_map(&scop, &schedule).expect("schedule map");
            let t = Instant::now();
            let verdict = nestor::analysis::deps::check(
                &df,
                &map,
                &nestor::analysis::deps::Order::Sequential,
                None,
            )
            .expect("check");
            check.push(t.elapsed());
            assert!(
                matches!(
                    verdict,
                    nestor::analysis::deps::Verdict::Legal { classic: true }
                ),
                "the original order is legal"
            );
            drop((df, scop, schedule, map));
        }
        let ms = |v: Vec<Duration>| median(v).as_secs_f64() * 1e3;
        println!(
            "{:28} {:>8} {:>10.1} {:>10.1} {:>10.1}",
            path,
            region.statements.len(),
            ms(model),
            ms(flow),
            ms(check)
        );
    }
}
