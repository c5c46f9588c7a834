//! Transformations the user asked for (`--interchange`, `--fuse`), applied in order to
//! a plan, each only when it is legal. A refused one leaves the whole region as written.

use crate::analysis::deps::{Verdict, ViolationKind};
use crate::analysis::plan::Plan;
use crate::model::ScheduleTree;
use crate::support::diag::Diagnostic;
use crate::transform::decision::{self, Decision};
use crate::transform::rewrites::{self, Legality, Transform};
use isl_rs::{Context, LibISLError};

/// What became of the requested transformations in one region.
pub struct Requested {
    /// The order after the applied transformations.
    pub tree: ScheduleTree,
    pub decisions: Vec<Decision>,
    pub diagnostics: Vec<Diagnostic>,
    pub applied: Vec<Transform>,
    /// Transformations that would change the values computed; when not empty, the
    /// region must be left as written.
    pub refused: Vec<Transform>,
}

/// Applies `transforms` in order to `plan`'s tree, stopping at the first refused one.
pub fn apply_all(
    ctx: &Context,
    plan: &Plan,
    transforms: &[Transform],
) -> Result<Requested, LibISLError> {
    let mut done = Requested {
        tree: plan.tree.clone(),
        decisions: Vec::new(),
        diagnostics: Vec::new(),
        applied: Vec::new(),
        refused: Vec::new(),
    };
    for t in transforms {
        match t {
            Transform::Interchange(a, b) => interchange(ctx, plan, t, a, b, &mut done)?,
            Transform::Fuse => fuse(ctx, plan, &mut done)?,
        }
        if !done.refused.is_empty() {
            break;
        }
    }
    Ok(done)
}

/// Interchanges loops `a` and `b` of `done.tree` where that is legal.
fn interchange(
    ctx: &Context,
    plan: &Plan,
    t: &Transform,
    a: &str,
    b: &str,
    done: &mut Requested,
) -> Result<(), LibISLError> {
    let region = &plan.region;
    let (candidate, nests) = rewrites::interchange(&done.tree, a, b);
    if nests == 0 {
        done.decisions.push(Decision::NotApplicable {
            transform: t.clone(),
        });
        done.diagnostics.push(decision::not_applicable(region, t));
        return Ok(());
    }
    match plan.verdict(ctx, &candidate)? {
        Verdict::Legal { classic } => {
            done.decisions.push(Decision::Interchanged {
                transform: t.clone(),
                nests,
                classic,
            });
            if !classic {
                done.diagnostics
                    .push(decision::legal_by_live_ranges(region, t));
            }
            done.applied.push(t.clone());
            done.tree = candidate;
        }
        Verdict::Illegal(v) => {
            done.decisions.push(Decision::Refused {
                transform: t.clone(),
                violation: v.kind,
            });
            done.diagnostics.push(decision::refusal(region, t, &v));
            done.refused.push(t.clone());
        }
    }
    Ok(())
}

/// Fuses every pair of consecutive loops of `done.tree` that can be fused legally.
fn fuse(ctx: &Context, plan: &Plan, done: &mut Requested) -> Result<(), LibISLError> {
    let (region, t) = (&plan.region, &Transform::Fuse);
    // Whether each legal candidate keeps every dependence, and the trees later checks
    // started from (the fusions kept, with the final tree).
    let mut legal = Vec::new();
    let mut kept = Vec::new();
    let (fused, fusions) =
        rewrites::fuse(&done.tree, &|_, _| true, &mut |current, candidate, _| {
            kept.push(current.clone());
            Ok::<Legality, LibISLError>(match plan.verdict(ctx, candidate)? {
                Verdict::Legal { classic } => {
                    legal.push((candidate.clone(), classic));
                    Legality::Legal
                }
                Verdict::Illegal(v) if v.kind == ViolationKind::FlowReversed => {
                    Legality::ReversesFlow
                }
                Verdict::Illegal(_) => Legality::Illegal,
            })
        })?;
    kept.push(fused.clone());
    let classic = legal
        .iter()
        .filter(|(tree, _)| kept.contains(tree))
        .all(|(_, classic)| *classic);
    if fusions.is_empty() {
        done.decisions.push(Decision::NotApplicable {
            transform: t.clone(),
        });
        done.diagnostics.push(decision::not_applicable(region, t));
        return Ok(());
    }
    let fusions: Vec<Decision> = fusions.iter().map(|f| Decision::fused(region, f)).collect();
    done.diagnostics.push(decision::fused(region, &fusions));
    done.decisions.extend(fusions);
    if !classic {
        done.diagnostics
            .push(decision::legal_by_live_ranges(region, t));
    }
    done.applied.push(t.clone());
    done.tree = fused;
    Ok(())
}
