//! The diagnostics that tell the user about a region's decisions: a requested change
//! that applies nowhere or is refused (with its counterexample), a fusion, a change
//! legal only by live ranges, the search's budget, contracted temporaries, versioning.

use super::*;

/// Why `transform` applies nowhere.
pub(super) fn no_place_for(transform: &Transform) -> String {
    match transform {
        Transform::Interchange(a, b) => format!("no nest has `{a}` and `{b}` perfectly nested"),
        Transform::Fuse => {
            format!("no consecutive loops can be fused legally with a shift up to {MAX_SHIFT}")
        }
    }
}

/// N305: a requested transformation applies nowhere in `region`.
pub fn not_applicable(region: &Region, transform: &Transform) -> Diagnostic {
    Diagnostic::new(
        Code::NotApplicable,
        region.span.clone(),
        format!(
            "{transform} does not apply to this region: {}",
            no_place_for(transform)
        ),
    )
    .note()
    .label("this region")
}

/// N306: `transform` is legal only thanks to the live-range test.
pub fn legal_by_live_ranges(region: &Region, transform: &Transform) -> Diagnostic {
    Diagnostic::new(
        Code::LegalByLiveRanges,
        region.span.clone(),
        format!(
            "{transform} is legal only because anti and output dependences are not constraints"
        ),
    )
    .note()
    .label("this region")
    .with_note("every value still reaches its readers and no live range of a memory cell is broken")
}

/// N307: the loops a requested fusion fused (`fusions`: `Decision::Fused`s).
pub fn fused(region: &Region, fusions: &[Decision]) -> Diagnostic {
    Diagnostic::new(
        Code::Fused,
        region.span.clone(),
        format!("fused {} pair(s) of loops", fusions.len()),
    )
    .note()
    .label("this region")
    .with_note(
        fusions
            .iter()
            .map(Decision::to_string)
            .collect::<Vec<_>>()
            .join("; "),
    )
}

/// N308: the search stopped after `checks` legality checks.
pub fn search_budget(region: &Region, checks: usize) -> Diagnostic {
    Diagnostic::new(
        Code::SearchBudget,
        region.span.clone(),
        format!(
            "the search stopped after {checks} legality checks; the best legal order found is used"
        ),
    )
    .note()
    .label("this region")
    .hint("raise the number of checks with --search-budget")
}

/// N310: the search changed nothing, so the region is left as written.
pub fn nothing_better(region: &Region) -> Diagnostic {
    Diagnostic::new(
        Code::NothingBetter,
        region.span.clone(),
        "the automatic search found no better order for this region; it is left as written",
    )
    .note()
    .label("this region")
}

/// N309: a temporary was contracted.
pub fn contracted(region: &Region, contraction: &Contraction) -> Diagnostic {
    Diagnostic::new(
        Code::Contracted,
        region.span.clone(),
        format!("contracted the temporary {}", contraction.describe()),
    )
    .note()
    .label("this region")
    .with_note(
        "the values of the array live only a few iterations under the chosen order, so a modulo buffer holds them",
    )
}

/// "`a` and `b`, `a` and `c`".
fn pair_list(pairs: &[(String, String)]) -> String {
    pairs
        .iter()
        .map(|(a, b)| format!("`{a}` and `{b}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// What a run-time test checks: `x` and `y` do not overlap, the flat subscripts of
/// `A` stay in their rows.
/// What a `Versioned` decision says.
pub(super) fn runs_only_when(
    pairs: &[(String, String)],
    rows: &[String],
    unsigned: bool,
) -> String {
    format!(
        "runs the rewritten order only when {} (else as written)",
        tested(pairs, rows, unsigned)
    )
}

fn tested(pairs: &[(String, String)], rows: &[String], unsigned: bool) -> String {
    let rows = match rows {
        [] => None,
        _ => Some(format!(
            "the flat subscripts of {} stay in their rows",
            rows.iter()
                .map(|a| format!("`{a}`"))
                .collect::<Vec<_>>()
                .join(", ")
        )),
    };
    let pairs = (!pairs.is_empty()).then(|| format!("{} do not overlap", pair_list(pairs)));
    let unsigned = unsigned.then(|| "its unsigned values do not wrap around".to_string());
    rows.into_iter()
        .chain(unsigned)
        .chain(pairs)
        .collect::<Vec<_>>()
        .join(" and ")
}

/// N311: the rewritten region runs under a run-time test that its arrays do not
/// overlap (that flat subscripts stay in their rows, that unsigned values do not wrap
/// around).
pub fn versioned(
    region: &Region,
    pairs: &[(String, String)],
    rows: &[String],
    unsigned: bool,
) -> Diagnostic {
    let d = Diagnostic::new(
        Code::Versioned,
        region.span.clone(),
        format!(
            "the rewritten code runs only when {}; otherwise the code as written runs",
            tested(pairs, rows, unsigned)
        ),
    )
    .note()
    .label("this region");
    match pairs.is_empty() {
        false => d
            .with_note("the model treats distinct arrays as distinct memory, which the test checks at run time: a caller may pass one array twice")
            .hint("declare parameters that never overlap `restrict`, or pass --assume-no-alias, to drop the test"),
        true => d.with_note("the model reads integers as mathematical ones, which the test checks at run time for values it cannot prove"),
    }
}

/// N301-N304: a refused transformation, with the references of the
/// counterexample as labels and its instances as a note.
pub fn refusal(region: &Region, transform: &Transform, v: &Violation) -> Diagnostic {
    let code = match v.kind {
        ViolationKind::FlowReversed => Code::FlowViolated,
        ViolationKind::LiveRangeConflict => Code::LiveRangeViolated,
        ViolationKind::LiveInOverwritten => Code::LiveInViolated,
        ViolationKind::LiveOutChanged => Code::LiveOutViolated,
    };
    let accesses: Vec<&Access> = v
        .references
        .iter()
        .filter_map(|id| region.access(*id).map(|(_, a)| a))
        .collect();
    let primary = accesses
        .first()
        .map_or(region.span.clone(), |a| a.span.clone());
    let mut d = Diagnostic::new(
        code,
        primary,
        format!("{transform} refused: {}", consequence(v.kind)),
    )
    .label(
        accesses
            .first()
            .map_or("in this region".to_string(), |a| access_label(a)),
    )
    .with_note(format!("counterexample: {}", v.witness))
    .hint("the nest is left as written; choose another transformation");
    for a in accesses.iter().skip(1) {
        d = d.related(a.span.clone(), access_label(a));
    }
    if v.kind == ViolationKind::LiveRangeConflict {
        let arrays: BTreeSet<&str> = accesses.iter().map(|a| a.array.as_str()).collect();
        d = d.with_note(format!(
            "expanding {} would make it legal",
            arrays
                .into_iter()
                .map(|a| format!("`{a}`"))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    d
}

/// `write of `A` (R3)`.
fn access_label(a: &Access) -> String {
    let kind = match a.kind {
        AccessKind::Read => "read",
        AccessKind::Write => "write",
    };
    format!("{kind} of `{}` (R{})", a.array, a.id)
}
