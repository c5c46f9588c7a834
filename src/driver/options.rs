//! What the pipeline is asked to do: one `Options` value, built by the command line
//! (`cli/report.rs` for the one-file commands, `cli/cc.rs` for the compiler wrapper).

use crate::frontend;
use crate::transform::rewrites::Transform;
use crate::transform::search::SearchOptions;
use crate::transform::tiling;
use std::collections::BTreeMap;

/// How regions are rewritten.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Mode {
    /// Every region regenerated in its original order (a round trip through isl).
    #[default]
    Identity,
    /// These transformations applied in order to every region, each only when legal.
    Requested(Vec<Transform>),
    /// Each region searched for a cheaper legal order.
    Search(SearchOptions),
}

#[derive(Clone, Debug)]
pub struct Options {
    /// What the front end reads besides the file: `-D`s, other macros, local
    /// headers' texts (read by the caller: the library does no IO), `--pure`.
    pub inputs: frontend::Inputs,
    /// isl operations allowed per region (0 = unlimited).
    pub isl_budget: u64,
    pub mode: Mode,
    /// Compute and report the dataflow even when nothing needs it (`explain`).
    pub analyze: bool,
    /// Contract temporary arrays to modulo buffers after scheduling.
    pub contract: bool,
    /// Tile perfect nests where the model says it pays, with sizes chosen so; `None`:
    /// no tiling.
    pub tile: Option<tiling::TileSizes>,
    /// Run the outermost parallel loop of each nest concurrently (`#pragma omp parallel
    /// for`), where the parallel check proves it.
    pub parallel: bool,
    /// Arrays the user declares dead after every region (`--temporary`), in addition to
    /// those named by `#pragma nestor temporary(...)`.
    pub temporaries: Vec<String>,
    /// The user guarantees that no two arrays of a region are the same memory
    /// (`--assume-no-alias`): no run-time overlap test is emitted.
    pub assume_no_alias: bool,
    /// For `nestor tune`: other legal orders to list, and which to use.
    pub alternatives: Alternatives,
    /// `Some(name)`: after each rewritten region whose text has another number of
    /// lines, a `#line` directive gives the lines after it their original numbers in
    /// file `name` (as a C string literal's contents), for compilers' messages,
    /// `__LINE__` and debug line tables (`nestor cc`).
    pub line_directives: Option<String>,
    /// Test hook: a bug injected into every region of one function, to show that
    /// nestor contains it. The command line sets it from `NESTOR_TEST_PANIC_ON` and
    /// `NESTOR_TEST_FAULT`.
    pub fault: Option<InjectedFault>,
}

/// Other legal orders of each region than the search's choice (search mode only).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Alternatives {
    /// How many orders to list per region in [`RegionReport::alternatives`] (0: none).
    pub list: usize,
    /// Per region, by its [`RegionReport::index`], the listed order to use instead of
    /// the search's choice.
    pub chosen: BTreeMap<usize, usize>,
}

impl Alternatives {
    /// How many orders region `index` needs listed; 0 when none.
    pub(super) fn needed(&self, index: usize) -> usize {
        self.chosen
            .get(&index)
            .map_or(self.list, |&k| self.list.max(k + 1))
    }
}

/// A bug injected by a test into the regions of `function`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InjectedFault {
    pub function: String,
    pub kind: FaultKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FaultKind {
    /// nestor panics while handling the region (N205).
    Panic,
    /// isl fails while modelling the region (N202).
    IslError,
    /// The generated code does not parse (N203).
    UnparsableCode,
    /// The analysis crashes (as isl may, with a segmentation fault) (N206).
    Crash,
}

impl Options {
    /// The fault injected into the regions of `function`, if any.
    pub(super) fn fault_in(&self, function: &str) -> Option<FaultKind> {
        self.fault
            .as_ref()
            .filter(|f| f.function == function)
            .map(|f| f.kind)
    }
}

impl Default for Options {
    fn default() -> Self {
        Options {
            inputs: frontend::Inputs::default(),
            isl_budget: 2_000_000,
            mode: Mode::Identity,
            analyze: false,
            contract: false,
            tile: None,
            parallel: false,
            temporaries: Vec::new(),
            assume_no_alias: false,
            alternatives: Alternatives::default(),
            line_directives: None,
            fault: None,
        }
    }
}
