//! `nestor tune`: the empirical answer where the cost model may be wrong. For each
//! region, the legal orders the model ranks best (the search's choice and the original
//! order among them) are compiled and timed, one region at a time with the others as
//! chosen so far; the fastest whose program prints what the original prints is kept.

use super::verify::{self, Build, Run};
use nestor::driver::pipeline::{self, FileReport, RegionReport};
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// How to time the candidates.
pub struct Config {
    pub build: Build,
    /// Runs per program; the fastest counts.
    pub runs: usize,
    /// How much faster (a fraction of its time) another order must run than the
    /// search's choice to replace it: smaller differences are the machine's noise.
    pub noise: f64,
    pub file_name: String,
}

/// What timing one program found.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "verdict", rename_all = "kebab-case")]
pub enum Measured {
    /// Same output and exit status as the original; the fastest of the runs.
    Identical { seconds: f64 },
    /// A different output or exit status (a bug in nestor: never kept).
    Differs { why: String },
    /// It did not compile or finish.
    Failed { why: String },
}

impl Measured {
    fn seconds(&self) -> Option<f64> {
        match self {
            Measured::Identical { seconds } => Some(*seconds),
            _ => None,
        }
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct CandidateTiming {
    /// Its place among the region's legal orders (0: the search's choice).
    pub index: usize,
    /// The changes that make it from the original order.
    pub decisions: Vec<String>,
    /// The cost model's estimate.
    pub cost: f64,
    pub measured: Measured,
}

#[derive(Clone, Debug, Serialize)]
pub struct RegionTuning {
    pub index: usize,
    pub function: String,
    pub line: usize,
    pub candidates: Vec<CandidateTiming>,
    /// The index of the candidate kept.
    pub chosen: usize,
}

#[derive(Clone, Debug, Serialize)]
pub struct Tuning {
    pub file: String,
    /// The original program's time (the fastest of its runs).
    pub original_seconds: f64,
    pub regions: Vec<RegionTuning>,
}

/// Times the candidates of every region of `report` (made with `options`, which list
/// them); returns the timings and the choice per region. `Err` when the original
/// program cannot be built or run.
pub fn tune(
    src: &str,
    options: &pipeline::Options,
    report: &FileReport,
    config: &Config,
    log: &mut dyn FnMut(String),
) -> Result<(Tuning, BTreeMap<usize, usize>), String> {
    let mut bench = Bench::new(config, src)?;
    log(format!(
        "original: {}",
        verify::seconds(Duration::from_secs_f64(bench.original_seconds))
    ));
    let mut chosen = BTreeMap::new();
    let mut regions = Vec::new();
    for region in report.regions.iter().filter(|r| r.alternatives.len() > 1) {
        let Some(index) = region.index else { continue };
        let mut candidates = Vec::new();
        for (k, alternative) in region.alternatives.iter().enumerate() {
            let mut trial = chosen.clone();
            trial.insert(index, k);
            let text = rewritten(src, options, &trial);
            let measured = bench.measure(&text);
            log(format!(
                "{} line {} candidate {k}: {}",
                region.function,
                line_of(src, region),
                describe(&measured)
            ));
            candidates.push(CandidateTiming {
                index: k,
                decisions: decisions_text(&alternative.decisions),
                cost: alternative.cost,
                measured,
            });
        }
        let best = fastest(&candidates, config.noise);
        chosen.insert(index, best);
        regions.push(RegionTuning {
            index,
            function: region.function.clone(),
            line: line_of(src, region),
            candidates,
            chosen: best,
        });
    }
    let tuning = Tuning {
        file: config.file_name.clone(),
        original_seconds: bench.original_seconds,
        regions,
    };
    Ok((tuning, chosen))
}

/// The file rewritten with `chosen` orders.
pub fn rewritten(
    src: &str,
    options: &pipeline::Options,
    chosen: &BTreeMap<usize, usize>,
) -> String {
    let mut options = options.clone();
    options.alternatives.chosen = chosen.clone();
    pipeline::optimize(src, &options).output
}

/// The fastest candidate with the original's output, the lower index on equal times
/// (deterministic given the timings); the search's choice (0) when none is, or when it
/// has the original's output and the fastest runs less than `noise` (a fraction of its
/// time) faster.
fn fastest(candidates: &[CandidateTiming], noise: f64) -> usize {
    let best = candidates
        .iter()
        .filter_map(|c| c.measured.seconds().map(|s| (c.index, s)))
        .min_by(|a, b| a.1.total_cmp(&b.1).then(a.0.cmp(&b.0)));
    let choice = candidates
        .iter()
        .find(|c| c.index == 0)
        .and_then(|c| c.measured.seconds());
    match (best, choice) {
        (Some((_, fastest)), Some(choice)) if fastest >= choice * (1.0 - noise) => 0,
        (Some((k, _)), _) => k,
        (None, _) => 0,
    }
}

/// Programs that run for less than this are mostly timing noise.
pub const SHORTEST_TIMED: Duration = Duration::from_millis(10);

fn decisions_text(decisions: &[nestor::transform::decision::Decision]) -> Vec<String> {
    decisions
        .iter()
        .filter(|d| d.changes_code())
        .map(ToString::to_string)
        .collect()
}

fn line_of(src: &str, region: &RegionReport) -> usize {
    nestor::support::diag::line_col(src, region.span.start).0
}

fn describe(m: &Measured) -> String {
    match m {
        Measured::Identical { seconds } => {
            format!(
                "{} (identical output)",
                verify::seconds(Duration::from_secs_f64(*seconds))
            )
        }
        Measured::Differs { why } => format!("differs: {why}"),
        Measured::Failed { why } => format!("failed: {why}"),
    }
}

/// Builds and times programs against the original's output.
struct Bench<'c> {
    config: &'c Config,
    dir: tempfile::TempDir,
    built: usize,
    reference: Run,
    original_seconds: f64,
    /// Measurements by program text: a region whose candidate is the order already
    /// chosen makes the same text as another region's.
    seen: HashMap<String, Measured>,
}

impl<'c> Bench<'c> {
    fn new(config: &'c Config, original: &str) -> Result<Bench<'c>, String> {
        let dir = tempfile::Builder::new()
            .prefix("nestor-tune")
            .tempdir()
            .map_err(|e| format!("cannot create a temporary directory: {e}"))?;
        let mut bench = Bench {
            config,
            dir,
            built: 0,
            reference: Run::default(),
            original_seconds: 0.0,
            seen: HashMap::new(),
        };
        let exe = bench
            .compile(original)
            .map_err(|e| format!("the original does not compile:\n{e}"))?;
        let (reference, seconds) = bench.timed(&exe)?;
        if reference.timed_out {
            return Err(format!(
                "the original program did not finish within {} (raise --timeout)",
                verify::seconds(config.build.timeout)
            ));
        }
        if let Some(signal) = reference.status.signal() {
            return Err(format!(
                "the original program was killed by signal {signal} (nothing to compare with)"
            ));
        }
        bench.reference = reference;
        bench.original_seconds = seconds;
        Ok(bench)
    }

    /// Compiles `text` in a directory of its own, under the file's name.
    fn compile(&mut self, text: &str) -> Result<PathBuf, String> {
        self.built += 1;
        let dir = self.dir.path().join(self.built.to_string());
        std::fs::create_dir(&dir)
            .and_then(|()| std::fs::write(dir.join(&self.config.file_name), text))
            .map_err(|e| format!("cannot write a temporary file: {e}"))?;
        verify::compile(&self.config.build, &dir, &self.config.file_name)
    }

    /// Runs `exe` `runs` times (with the default number of OpenMP threads); the first
    /// run and the fastest time.
    fn timed(&self, exe: &Path) -> Result<(Run, f64), String> {
        let build = &self.config.build;
        let mut first = None;
        let mut best = f64::INFINITY;
        for _ in 0..self.config.runs.max(1) {
            let run = verify::run(exe, &build.args, build.timeout, None)?;
            best = best.min(run.elapsed.as_secs_f64());
            let timed_out = run.timed_out;
            first.get_or_insert(run);
            if timed_out {
                break;
            }
        }
        Ok((first.unwrap_or_default(), best))
    }

    fn measure(&mut self, text: &str) -> Measured {
        if let Some(m) = self.seen.get(text) {
            return m.clone();
        }
        let measured = self.measure_new(text);
        self.seen.insert(text.to_string(), measured.clone());
        measured
    }

    fn measure_new(&mut self, text: &str) -> Measured {
        let exe = match self.compile(text) {
            Ok(exe) => exe,
            Err(why) => return Measured::Failed { why },
        };
        let timeout = self.config.build.timeout;
        let (run, seconds) = match self.timed(&exe) {
            Ok(r) => r,
            Err(why) => return Measured::Failed { why },
        };
        if let Some(why) = verify::differences(&self.reference, &run, timeout) {
            return if run.timed_out {
                Measured::Failed { why }
            } else {
                Measured::Differs { why }
            };
        }
        // With OpenMP, the output must not depend on the number of threads either.
        for &n in &self.config.build.threads {
            let run = match verify::run(&exe, &self.config.build.args, timeout, Some(n)) {
                Ok(r) => r,
                Err(why) => return Measured::Failed { why },
            };
            if let Some(why) = verify::differences(&self.reference, &run, timeout) {
                return Measured::Differs {
                    why: format!("with {n} threads: {why}"),
                };
            }
        }
        Measured::Identical { seconds }
    }
}

/// The table `tune` prints: one block per region, one line per candidate.
pub fn table(tuning: &Tuning) -> String {
    let mut out = format!(
        "{}: original program {}\n",
        tuning.file,
        verify::seconds(Duration::from_secs_f64(tuning.original_seconds))
    );
    if tuning.regions.is_empty() {
        out.push_str("  no region has another legal order to time\n");
    }
    for region in &tuning.regions {
        out.push_str(&format!(
            "  region at line {} ({}):\n     #  model cost    time (s)  speedup  order\n",
            region.line, region.function
        ));
        for c in &region.candidates {
            let (time, speedup) = match c.measured.seconds() {
                Some(s) => (
                    format!("{s:>10.3}"),
                    format!("{:>7.2}x", tuning.original_seconds / s),
                ),
                None => (format!("{:>10}", "-"), format!("{:>8}", "-")),
            };
            let mark = if c.index == region.chosen { "*" } else { " " };
            let order = if c.decisions.is_empty() {
                "original order".to_string()
            } else {
                c.decisions.join("; ")
            };
            out.push_str(&format!(
                "  {mark}{:>3}  {:>10.3e}  {time}  {speedup}  {order}{}\n",
                c.index,
                c.cost,
                match &c.measured {
                    Measured::Identical { .. } => String::new(),
                    Measured::Differs { why } => format!(" [differs: {}]", first_line(why)),
                    Measured::Failed { why } => format!(" [failed: {}]", first_line(why)),
                }
            ));
        }
    }
    out
}

fn first_line(s: &str) -> &str {
    s.lines().next().unwrap_or("")
}

#[cfg(test)]
mod tests {
    use super::{CandidateTiming, Measured, fastest};

    fn timed(seconds: &[Option<f64>]) -> Vec<CandidateTiming> {
        seconds
            .iter()
            .enumerate()
            .map(|(index, s)| CandidateTiming {
                index,
                decisions: Vec::new(),
                cost: 0.0,
                measured: match s {
                    Some(seconds) => Measured::Identical { seconds: *seconds },
                    None => Measured::Failed {
                        why: "did not compile".to_string(),
                    },
                },
            })
            .collect()
    }

    #[test]
    fn a_difference_within_the_noise_keeps_the_search_s_choice() {
        let candidates = timed(&[Some(1.0), Some(0.99), Some(0.985)]);
        assert_eq!(fastest(&candidates, 0.03), 0);
        assert_eq!(fastest(&candidates, 0.0), 2);
    }

    #[test]
    fn a_clearly_faster_order_or_a_failed_choice_is_replaced() {
        assert_eq!(fastest(&timed(&[Some(1.0), Some(0.9)]), 0.03), 1);
        assert_eq!(fastest(&timed(&[None, Some(1.1), Some(1.2)]), 0.03), 1);
        assert_eq!(fastest(&timed(&[None, None]), 0.03), 0);
    }
}
