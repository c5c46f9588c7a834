//! What nestor decided for a region, as typed values printed in one place: the changes
//! it made or refused (`Decision`), and the diagnostics that tell the user about them.

use crate::analysis::deps::{Violation, ViolationKind};
use crate::frontend::Region;
use crate::frontend::ir::{Access, AccessKind};
use crate::frontend::types::ElementType;
use crate::support::diag::{Code, Diagnostic};
use crate::transform::contraction::Contraction;
use crate::transform::forwarding::Forwarding;
pub use crate::transform::last_private::{CopyCode, LastPrivate};
pub use crate::transform::obstacle::{Obstacle, consequence};
use crate::transform::rewrites::{Fusion, MAX_SHIFT, Transform};
use crate::transform::splitting::LoopSplit;
use crate::transform::storage::Expansion;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::fmt;

mod diagnostics;
pub use diagnostics::{
    contracted, fused, legal_by_live_ranges, not_applicable, nothing_better, refusal,
    search_budget, versioned,
};
use diagnostics::{no_place_for, runs_only_when};

/// One change to a region's order or storage (proposed by the search, or requested).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Decision {
    /// The loops of a perfect nest reordered from `before` to `after` (outermost
    /// first) around `statements`.
    Permuted {
        before: Vec<String>,
        after: Vec<String>,
        statements: Vec<String>,
    },
    /// The order isl's scheduler computed under `validity`, with loops `loops`
    /// (outermost first, depth first; a loop's time per statement, `p / c` when they
    /// differ).
    Scheduled {
        validity: crate::transform::search::isl_scheduler::Validity,
        loops: Vec<String>,
    },
    /// The steps of a time loop (a sequence of sweeps) aligned in one perfect nest of
    /// `loops`, as isl's scheduler under `validity` aligns them (its skew by the time
    /// loop taken out), so that the nest can be time-tiled.
    AlignedSteps {
        validity: crate::transform::search::isl_scheduler::Validity,
        loops: Vec<String>,
    },
    /// Loop `iterator` split into one loop per part of its body (`statements`).
    Distributed {
        iterator: String,
        statements: Vec<String>,
    },
    /// Two consecutive loops run as one, the `second` delayed by `shift` iterations.
    Fused {
        first: LoopOf,
        second: LoopOf,
        shift: i64,
    },
    /// A perfect nest blocked into tiles of `sizes` iterations of its `loops`
    /// (outermost first).
    Tiled {
        loops: Vec<String>,
        sizes: Vec<i64>,
        /// The nest's band in the plan's tree (child indices from the root).
        #[serde(skip)]
        path: Vec<usize>,
    },
    /// `rows` iterations at a time of loop `outer` (independent recurrences) run inside
    /// loop `recurrence`, whose iterations each wait for the one before.
    Interleaved {
        outer: String,
        recurrence: String,
        rows: i64,
        /// The statements that end a row, moved into `recurrence` right after the row's
        /// last iteration so that later rows of the strip read their values (a
        /// triangular solve's `x[i] = x[i] / L[i][i]`), as written.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        row_ends: Vec<String>,
        /// The nest's band in the plan's tree.
        #[serde(skip)]
        path: Vec<usize>,
    },
    /// The tiles of `loops` (tile loops, outermost first) run in wavefronts: the tiles
    /// whose numbers have one sum, which depend on none of each other, one wavefront
    /// after another.
    Wavefront { loops: Vec<String> },
    /// A perfect nest whose `loops` (outermost first) became `skewed`, each plus
    /// multiples of the loops around it, so that it could be tiled.
    Skewed {
        loops: Vec<String>,
        skewed: Vec<String>,
    },
    /// The point loops of a tiled nest register-tiled: each of `loops` with a factor
    /// above 1 runs that many iterations at once, as straight-line copies of the body
    /// inside the innermost loop (unroll-and-jam).
    UnrolledAndJammed {
        loops: Vec<String>,
        factors: Vec<i64>,
        /// The nest's band in the plan's tree.
        #[serde(skip)]
        path: Vec<usize>,
    },
    /// A product nest (`X[r][c] += P * Q`, or a sum of `products` such products) run
    /// as a packed micro-kernel (`transform::products`).
    ProductKernel {
        statement: String,
        blocking: Blocking,
        products: usize,
    },
    /// An innermost loop generated in three parts around the one iteration that writes
    /// cells its other iterations access (the same order).
    Split(LoopSplit),
    /// Cells an innermost loop updates in every iteration (`q[i]` under `j`), each kept
    /// in a local across the loop: loaded before it, stored after it.
    Promoted {
        cells: Vec<String>,
        iterator: String,
    },
    /// A scalar given one cell per iteration of a loop.
    Expanded(Expansion),
    /// A scalar stored in the cell its value is stored to.
    Forwarded(Forwarding),
    /// A temporary array stored in a modulo buffer.
    Contracted(Contraction),
    /// A loop whose iterations run concurrently, with the scalars each thread gets its
    /// own copy of.
    Parallel(ParallelLoop),
    /// A requested interchange, applied in `nests` nests; `classic` is false when it is
    /// legal only because anti and output dependences are not constraints.
    Interchanged {
        transform: Transform,
        nests: usize,
        classic: bool,
    },
    /// A perfect nest tiling would have paid for, left untiled.
    NotTiled {
        loops: Vec<String>,
        obstacle: Obstacle,
    },
    /// A loop around another loop whose iterations may not run concurrently.
    Sequential {
        iterator: String,
        obstacle: Obstacle,
    },
    /// A requested transformation that would change the values computed.
    Refused {
        transform: Transform,
        violation: ViolationKind,
    },
    /// A requested transformation with nothing to apply to in the region.
    NotApplicable { transform: Transform },
    /// The rewritten region runs only when a run-time test shows that no two arrays
    /// of `pairs` overlap (each pair may be the same memory); otherwise the code as
    /// written runs.
    Versioned {
        pairs: Vec<(String, String)>,
        /// Flat arrays whose recovered subscripts the test keeps in their rows.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        rows: Vec<String>,
        /// Whether the test keeps unsigned values from wrapping around.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        unsigned: bool,
    },
}

/// The blocking of a kernel (BLIS's `mr`, `nr`, `mc`, `kc`, `nc`): a register tile of
/// `rows x (vectors * lanes)` cells; per block of `depth` values of `k`, the operand
/// `Q` packed for `column_block` columns (meant to stay in the last-level cache, each
/// register tile's panel of it in L1) and `P` for `row_block` rows (in L2).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Blocking {
    pub rows: usize,
    /// A vector's lanes for AVX2 (32 bytes), and for AVX-512 (64): the C picks by target.
    pub lanes: usize,
    pub wide_lanes: usize,
    pub vectors: usize,
    pub depth: usize,
    pub row_block: usize,
    pub column_block: usize,
}

impl Blocking {
    /// The columns of a register tile.
    pub fn columns(&self) -> usize {
        self.lanes * self.vectors
    }
}

/// A loop whose iterations run concurrently (`#pragma omp parallel for`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ParallelLoop {
    /// The band's path in the plan's tree (child indices from the root).
    #[serde(skip)]
    pub path: Vec<usize>,
    /// The loop's label: the original iterator.
    pub iterator: String,
    /// The schedule dimension of its band (the bands above it): isl names the loop it
    /// generates `c<depth>`.
    #[serde(skip)]
    pub depth: usize,
    /// Scalars each thread gets its own copy of.
    pub private: Vec<String>,
    /// Arrays each thread gets its own copy of, the loop's last iteration's copied back.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub last_private: Vec<LastPrivate>,
    /// A vector loop (`#pragma omp simd`) rather than one run by threads.
    #[serde(default)]
    pub simd: bool,
    /// Whether its iterations do different amounts of work: an inner loop's bounds
    /// involve its iterator (a triangular nest).
    #[serde(default)]
    pub uneven: bool,
    /// Run in parts around the one iteration that writes what the others access: those
    /// before it on threads, it, then those after it on threads.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub around: Option<LoopSplit>,
}

/// A loop, named by its iterator and the statements inside it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LoopOf {
    pub iterator: String,
    pub statements: Vec<String>,
}

impl fmt::Display for LoopOf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "loop `{}` ({})",
            self.iterator,
            self.statements.join(", ")
        )
    }
}

impl Decision {
    /// The band in the plan's tree a loop decision is about (tiles, register tiles,
    /// parallel and vector loops).
    pub fn band_path(&self) -> Option<&[usize]> {
        match self {
            Decision::Tiled { path, .. }
            | Decision::UnrolledAndJammed { path, .. }
            | Decision::Interleaved { path, .. } => Some(path),
            Decision::Parallel(p) => Some(&p.path),
            Decision::Split(s) => Some(&s.path),
            _ => None,
        }
    }

    /// Whether the decision changes the region's order, storage or code (rather than
    /// saying why something was not done).
    pub fn changes_code(&self) -> bool {
        !matches!(
            self,
            Decision::NotTiled { .. }
                | Decision::Sequential { .. }
                | Decision::Refused { .. }
                | Decision::NotApplicable { .. }
                | Decision::Versioned { .. }
        )
    }

    /// Whether the decision is a change of the loops' order made before tiling (which
    /// an order replacing the whole, such as isl's scheduler's, undoes).
    pub fn reorders(&self) -> bool {
        matches!(
            self,
            Decision::Permuted { .. }
                | Decision::Scheduled { .. }
                | Decision::AlignedSteps { .. }
                | Decision::Distributed { .. }
                | Decision::Fused { .. }
        )
    }

    /// The decision for `fusion` of loops of `region`.
    pub fn fused(region: &Region, fusion: &Fusion) -> Decision {
        let names = |ks: &[usize]| {
            ks.iter()
                .map(|&k| region.statements[k].name.clone())
                .collect()
        };
        Decision::Fused {
            first: LoopOf {
                iterator: fusion.first.clone(),
                statements: names(&fusion.first_statements),
            },
            second: LoopOf {
                iterator: fusion.second.clone(),
                statements: names(&fusion.second_statements),
            },
            shift: fusion.shift,
        }
    }
}

/// What shrinking an array of `before` extents to `after` saves, as users would
/// write it: `(h - 1) * w * 8`, the extents both keep factored out.
fn saved_bytes(before: &[String], after: &[String], element: &ElementType) -> String {
    let kept: Vec<bool> = before
        .iter()
        .enumerate()
        .map(|(k, b)| before.len() == after.len() && after[k] == *b)
        .collect();
    let product = |extents: &[String], keep: bool| -> Vec<String> {
        extents
            .iter()
            .zip(&kept)
            .filter(|(_, k)| **k == keep)
            .map(|(e, _)| e.clone())
            .collect()
    };
    let numeric = |factors: &[String]| -> Option<i64> {
        factors
            .iter()
            .try_fold(1i64, |p, e| p.checked_mul(e.trim().parse::<i64>().ok()?))
    };
    let (gone, left) = (product(before, false), product(after, false));
    let mut factors = Vec::new();
    match (numeric(&gone), numeric(&left)) {
        (Some(g), Some(l)) => factors.push((g - l).to_string()),
        (_, Some(1)) if gone.len() == 1 => factors.push(format!("({} - 1)", gone[0])),
        (_, Some(l)) => factors.push(format!("({} - {l})", gone.join(" * "))),
        _ => factors.push(format!("({} - {})", gone.join(" * "), left.join(" * "))),
    }
    factors.extend(product(before, true));
    factors.push(match element.size() {
        Some(bytes) if !element.is_named() => bytes.to_string(),
        _ => format!("sizeof({element})"),
    });
    factors.join(" * ")
}

impl fmt::Display for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Decision::Permuted { .. }
            | Decision::Scheduled { .. }
            | Decision::AlignedSteps { .. }
            | Decision::Distributed { .. }
            | Decision::Fused { .. } => f.write_str(&reordering(self)),
            Decision::Tiled { .. }
            | Decision::Wavefront { .. }
            | Decision::Skewed { .. }
            | Decision::UnrolledAndJammed { .. }
            | Decision::Interleaved { .. } => f.write_str(&blocking(self)),
            Decision::ProductKernel {
                statement,
                blocking,
                products,
            } => write!(f, "{}", product_kernel(statement, blocking, *products)),
            Decision::Promoted { cells, iterator } => f.write_str(&promoted(cells, iterator)),
            Decision::Split(s) => write!(
                f,
                "split loop `{}` around the iteration that writes what its others read ({}): no part carries a dependence through memory, so the compiler may vectorize each",
                s.iterator,
                s.arrays.join(", ")
            ),
            Decision::Expanded(e) => write!(f, "{}", expansion(e)),
            Decision::Forwarded(x) => write!(f, "{}", forwarding(x)),
            Decision::Contracted(c) => write!(
                f,
                "contracted {} (saves {} bytes of cache footprint)",
                c.describe(),
                saved_bytes(&c.before, &c.after, &c.element)
            ),
            Decision::Parallel(p) => write!(f, "{p}"),
            Decision::Interchanged {
                transform,
                nests,
                classic,
            } => write!(
                f,
                "{transform} in {nests} nest(s): legal{}",
                if *classic {
                    ""
                } else {
                    " (only thanks to live-range analysis)"
                }
            ),
            Decision::NotTiled { loops, obstacle } => {
                write!(f, "loops ({}) not tiled: {obstacle}", loops.join(", "))
            }
            Decision::Sequential { iterator, obstacle } => {
                write!(f, "loop `{iterator}` stays sequential: {obstacle}")
            }
            Decision::Refused {
                transform,
                violation,
            } => write!(f, "{transform}: refused ({})", consequence(*violation)),
            Decision::NotApplicable { transform } => {
                write!(
                    f,
                    "{transform}: not applicable ({})",
                    no_place_for(transform)
                )
            }
            Decision::Versioned {
                pairs,
                rows,
                unsigned,
            } => f.write_str(&runs_only_when(pairs, rows, *unsigned)),
        }
    }
}

/// The message of cells kept in locals across loop `iterator`: each named, or the first
/// and the last of more than two (a loop's unrolled rows).
fn promoted(cells: &[String], iterator: &str) -> String {
    let kept = match cells {
        [one] => format!("`{one}` in a register"),
        [first, .., last] if cells.len() > 2 => {
            format!("{} cells (`{first}` .. `{last}`) in registers", cells.len())
        }
        _ => format!("`{}` in registers", cells.join("`, `")),
    };
    format!("kept {kept} across loop `{iterator}` (loaded before it, stored after it)")
}

/// The message of a decision that reorders loops before tiling: a permutation, isl's
/// order, steps aligned, a distribution, a fusion.
fn reordering(decision: &Decision) -> String {
    match decision {
        Decision::Permuted {
            before,
            after,
            statements,
        } => format!(
            "loops ({}) -> ({}) around {}",
            before.join(", "),
            after.join(", "),
            statements.join(", ")
        ),
        Decision::Scheduled { validity, loops } => format!(
            "isl's scheduler order (validity: {validity}), loops ({})",
            loops.join(", ")
        ),
        Decision::AlignedSteps { validity, loops } => format!(
            "aligned the steps of loop `{}` in one nest, loops ({}), as isl's scheduler does \
             (validity: {validity}), so that it can be time-tiled",
            loops.first().map(String::as_str).unwrap_or_default(),
            loops.join(", ")
        ),
        Decision::Distributed {
            iterator,
            statements,
        } => format!(
            "distribute loop `{iterator}` over its body ({})",
            statements.join(", ")
        ),
        Decision::Fused {
            first,
            second,
            shift,
        } => format!("fused {second} into {first}, shift {shift}"),
        _ => String::new(),
    }
}

/// The message of a decision that blocks a nest: a tiling, a skew before it, its
/// tiles' wavefronts, its register tiles, a strip of recurrences interleaved.
fn blocking(decision: &Decision) -> String {
    match decision {
        Decision::Interleaved {
            outer,
            recurrence,
            rows,
            row_ends,
            ..
        } => {
            let ends = row_ends
                .iter()
                .map(|e| format!("`{e}`"))
                .collect::<Vec<_>>();
            let moved = match ends.len() {
                0 => String::new(),
                n => format!(
                    "; {} {} inside it, right after each row's last iteration, before the next rows read it",
                    ends.join(", "),
                    if n == 1 { "runs" } else { "run" }
                ),
            };
            format!(
                "ran {rows} iterations of loop `{outer}` inside loop `{recurrence}`, whose iterations each wait for the one before: {rows} independent recurrences in flight{moved}"
            )
        }
        Decision::Tiled { loops, sizes, .. } => tiled(loops, sizes),
        Decision::Wavefront { loops } => format!(
            "ran the tiles of ({}) in wavefronts, so that the tiles of one run in parallel",
            loops.join(", ")
        ),
        Decision::Skewed { loops, skewed } => format!(
            "skewed loops ({}) to ({}), so that they can be tiled",
            loops.join(", "),
            skewed.join(", ")
        ),
        Decision::UnrolledAndJammed { loops, factors, .. } => format!(
            "unrolled and jammed loops {} (register tiles)",
            unroll_factors(loops, factors)
        ),
        _ => String::new(),
    }
}

/// `(i, j) by 2 x 4`: the loops unrolled (factor above 1) and their factors.
fn unroll_factors(loops: &[String], factors: &[i64]) -> String {
    let (names, by): (Vec<&str>, Vec<String>) = loops
        .iter()
        .zip(factors)
        .filter(|(_, u)| **u > 1)
        .map(|(l, u)| (l.as_str(), u.to_string()))
        .unzip();
    format!("({}) by {}", names.join(", "), by.join(" x "))
}

/// The tiling of `loops` by `sizes`, in words.
fn tiled(loops: &[String], sizes: &[i64]) -> String {
    let sizes: Vec<String> = sizes.iter().map(i64::to_string).collect();
    format!(
        "tiled loops ({}) by {}",
        loops.join(", "),
        sizes.join(" x ")
    )
}

/// What a forwarding did, in words.
fn forwarding(x: &Forwarding) -> String {
    format!(
        "kept scalar `{}` in `{}`, the cell its value is stored to",
        x.variable, x.cell
    )
}

/// What an expansion did, in words.
fn expansion(e: &Expansion) -> String {
    let dims: String = e.extents.iter().map(|x| format!("[{x}]")).collect();
    let loops = e
        .iterators
        .iter()
        .map(|i| format!("`{i}`"))
        .collect::<Vec<_>>();
    let s = if loops.len() == 1 { "" } else { "s" };
    format!(
        "expanded scalar `{}` into `{}{dims}` along loop{s} {} (adds {} elements of `{}`)",
        e.variable,
        e.array,
        loops.join(", "),
        e.extents.join(" * "),
        e.element
    )
}

impl fmt::Display for ParallelLoop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.simd {
            return write!(f, "vector loop `{}` (`#pragma omp simd`)", self.iterator);
        }
        write!(f, "parallel loop `{}`", self.iterator)?;
        if let Some(split) = &self.around {
            write!(
                f,
                " in two parts around the iteration that writes what its others read ({})",
                split.arrays.join(", ")
            )?;
        }
        if !self.private.is_empty() {
            let private: Vec<String> = self.private.iter().map(|v| format!("`{v}`")).collect();
            write!(f, " (private {})", private.join(", "))?;
        }
        if !self.last_private.is_empty() {
            write!(
                f,
                " ({})",
                crate::transform::last_private::described(&self.last_private)
            )?;
        }
        Ok(())
    }
}

fn product_kernel(statement: &str, b: &Blocking, products: usize) -> String {
    let sum = match products {
        1 => String::new(),
        n => format!(" of a sum of {n} products"),
    };
    let (rows, columns, wide) = (b.rows, b.columns(), b.vectors * b.wide_lanes);
    let (depth, row_block, column_block) = (b.depth, b.row_block, b.column_block);
    format!(
        "ran `{statement}` as a packed product kernel{sum}: {rows} x {columns} cells in registers ({rows} x {wide} where the compiler targets AVX-512), operands packed in blocks of {row_block} x {depth} and {depth} x {column_block}"
    )
}

#[cfg(test)]
mod tests;
