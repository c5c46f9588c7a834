//! What a failed legality check of `deps` says: which check, and a counterexample on
//! tagged instances (statement instance and reference) whose references name source
//! accesses, computed from the tagged relations of the (at most three) instances one
//! point of the violated relation involves.

use isl_rs::UnionMap;

type Isl<T> = Result<T, isl_rs::LibISLError>;

fn copy(m: &UnionMap) -> Isl<UnionMap> {
    m.copy()
}

/// Which check a schedule fails.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ViolationKind {
    /// A value would be read before it is written.
    FlowReversed,
    /// A write would overwrite a value before its last read.
    LiveRangeConflict,
    /// A write would happen before a read of the value the cell held before the region.
    LiveInOverwritten,
    /// A cell would not hold its last original value after the region.
    LiveOutChanged,
}

impl ViolationKind {
    /// In the order they are checked (cheapest first).
    pub const ALL: [ViolationKind; 4] = [
        ViolationKind::FlowReversed,
        ViolationKind::LiveRangeConflict,
        ViolationKind::LiveInOverwritten,
        ViolationKind::LiveOutChanged,
    ];
}

/// A concrete counterexample: instances (one isl sample point) and references.
#[derive(Clone, Debug)]
pub struct Violation {
    pub kind: ViolationKind,
    /// One point of the violated relation, e.g.
    /// `[n = 2] -> { [[S0[0, 1] -> R0[]] -> [S1[0, 0] -> R3[]]] }`.
    pub witness: String,
    /// The access ids (`R3` is 3) the witness involves, in order of appearance.
    pub references: Vec<usize>,
}

/// `{ [w -> r] -> w' : w' writes the cell w wrote, w' != w, w' not before w,
///   r not before w', and w' not in r's statement instance (reads come first) }`.
pub fn live_range_conflicts(
    flow: &UnionMap,
    writes: &UnionMap,
    before: &UnionMap,
    same_instance: &UnionMap,
) -> Isl<UnionMap> {
    let to_w = copy(flow)?.domain_map()?; // [w -> r] -> w
    let to_r = copy(flow)?.range_map()?; // [w -> r] -> r
    let candidates = copy(&to_w)?
        .apply_range(copy(writes)?)?
        .apply_range(copy(writes)?.reverse()?)?;
    let w_prime_before_w = copy(&to_w)?.apply_range(copy(before)?.reverse()?)?;
    let r_before_w_prime = copy(&to_r)?.apply_range(copy(before)?)?;
    let in_r_instance = to_r.apply_range(copy(same_instance)?)?;
    candidates
        .subtract(w_prime_before_w)?
        .subtract(r_before_w_prime)?
        .subtract(to_w)?
        .subtract(in_r_instance)
}

/// `{ r -> w' : r reads a live-in value of the cell w' writes, and r is not certainly
///   before w' }` (a write in r's own instance comes after the read).
pub fn live_in_overwritten(
    live_in: &UnionMap,
    writes: &UnionMap,
    before: &UnionMap,
    same_instance: &UnionMap,
) -> Isl<UnionMap> {
    copy(live_in)?
        .apply_range(copy(writes)?.reverse()?)?
        .subtract(copy(before)?)?
        .subtract(copy(same_instance)?)
}

/// `{ w -> w' : w is the last write of a live-out cell, w' another write of it, and
///   w' is not certainly before w }`.
pub fn live_out_changed(
    live_out: &UnionMap,
    writes: &UnionMap,
    before: &UnionMap,
) -> Isl<UnionMap> {
    let others = copy(live_out)?.apply_range(copy(writes)?.reverse()?)?;
    let identity = copy(live_out)?.domain()?.identity()?;
    others
        .subtract(copy(before)?.reverse()?)?
        .subtract(identity)
}

/// The counterexample one point of `violated` (on tagged instances) gives.
pub fn violation(kind: ViolationKind, violated: UnionMap) -> Isl<Violation> {
    let point = violated.wrap()?.sample_point()?;
    let mut references = Vec::new();
    reference_ids(point.get_space()?, &mut references)?;
    Ok(Violation {
        kind,
        references,
        witness: point.to_str()?.to_string(),
    })
}

/// Appends the reference ids of the tags in `space` (a tagged instance is the wrapped
/// space `[S[i] -> R3[]]`, whose id is 3; pairs of them are nested wraps), in order,
/// without repeats.
fn reference_ids(space: isl_rs::Space, ids: &mut Vec<usize>) -> Isl<()> {
    if !space.is_wrapping()? {
        return Ok(());
    }
    let pair = space.unwrap()?;
    let range = pair.copy()?.range()?;
    if range.is_wrapping()? {
        reference_ids(pair.domain()?, ids)?;
        return reference_ids(range, ids);
    }
    let tag = range.get_tuple_name(isl_rs::DimType::Set)?;
    if let Some(id) = tag.strip_prefix('R').and_then(|d| d.parse().ok())
        && !ids.contains(&id)
    {
        ids.push(id);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::reference_ids;

    fn ids(set: &str) -> Vec<usize> {
        let ctx = isl_rs::Context::alloc();
        let set = isl_rs::Set::read_from_str(&ctx, set).unwrap();
        let mut ids = Vec::new();
        reference_ids(set.get_space().unwrap(), &mut ids).unwrap();
        ids
    }

    #[test]
    fn reference_ids_are_read_from_tags_only() {
        assert_eq!(
            ids("{ [[[S0[0] -> R12[]] -> [S1[1] -> R3[]]] -> [S0[1] -> R12[]]] }"),
            vec![12, 3]
        );
        assert_eq!(ids("{ [S0[0] -> R7[]] }"), vec![7]);
        assert_eq!(ids("{ R4[0] }"), Vec::<usize>::new());
    }
}
