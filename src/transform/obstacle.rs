//! Why a nest keeps its plain form (`Obstacle`, which `explain` and the diff headers
//! print), and what breaking each kind of check would do to the program.

use crate::analysis::deps::{Violation, ViolationKind};
use crate::frontend::Region;
use crate::frontend::ir::Piece;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Why a nest keeps its plain form (explain and the diff headers say it).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Obstacle {
    /// The changed order would fail this check; the references of its counterexample
    /// (statement, source text).
    Violation {
        violation: ViolationKind,
        references: Vec<(String, String)>,
    },
    /// Two iterations of the loop write the same cell (a reduction, or a value nobody
    /// reads).
    SharedWrites,
    /// The region runs inside an OpenMP parallel construct of the source: a parallel
    /// loop in it would start a nested team of threads.
    InsideParallel,
    /// The loop sits in a sequential loop whose other work outweighs it: the threads
    /// would start at every iteration of that loop to share a small part of it
    /// (`percent`: the estimated share of the parallel loops in it).
    MostlySequential { around: String, percent: u32 },
    /// The loop may run in parts around the iteration that writes what its others
    /// access, but isl generates no part as a loop threads may share (each under a
    /// condition, or as single iterations).
    PartsNotLoops,
}

impl Obstacle {
    /// The obstacle the counterexample `v` shows, with its references as written in
    /// `region`.
    pub fn of(region: &Region, v: &Violation) -> Obstacle {
        let references = v
            .references
            .iter()
            .filter_map(|id| {
                let (s, a) = region.access(*id)?;
                let at = |x: usize| x.checked_sub(s.span.start);
                let written = s.text.get(at(a.span.start)?..at(a.span.end)?)?;
                if written.starts_with(a.array.as_str()) {
                    return Some((s.name.clone(), written.to_string()));
                }
                // As the code now reads it: a forwarded or expanded scalar is its cell.
                let text: String = s
                    .span_pieces(a.span.clone())
                    .iter()
                    .map(|p| match p {
                        Piece::Text(t) => t.as_str(),
                        Piece::Iter(n) => s.iters.get(*n).map_or("?", String::as_str),
                    })
                    .collect();
                Some((s.name.clone(), text))
            })
            .collect();
        Obstacle::Violation {
            violation: v.kind,
            references,
        }
    }
}

impl fmt::Display for Obstacle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Obstacle::Violation {
                violation,
                references,
            } => {
                write!(f, "{}", consequence(*violation))?;
                if !references.is_empty() {
                    let quoted: Vec<String> = references
                        .iter()
                        .map(|(statement, text)| format!("`{text}` in {statement}"))
                        .collect();
                    write!(f, " ({})", quoted.join(", "))?;
                }
                Ok(())
            }
            Obstacle::SharedWrites => write!(f, "two iterations would write the same cell"),
            Obstacle::InsideParallel => write!(
                f,
                "the nest runs inside the source's own `#pragma omp parallel` construct"
            ),
            Obstacle::MostlySequential { around, percent } => write!(
                f,
                "the parallel loops inside loop `{around}` would run about {percent}% of its work, and threads would start at each of its iterations"
            ),
            Obstacle::PartsNotLoops => write!(
                f,
                "its parts around the iteration that writes what the others read would not be generated as loops threads can share"
            ),
        }
    }
}

/// What breaking a check of kind `kind` would do to the program.
pub fn consequence(kind: ViolationKind) -> &'static str {
    match kind {
        ViolationKind::FlowReversed => "a value would be read before it is written",
        ViolationKind::LiveRangeConflict => "a value would be overwritten before its last read",
        ViolationKind::LiveInOverwritten => {
            "a value from before the region would be overwritten before it is read"
        }
        ViolationKind::LiveOutChanged => "a cell would not hold its final value after the region",
    }
}
