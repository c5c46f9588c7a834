//! The order a schedule runs statement instances in, read from their time stamps:
//! sequential, or with one loop's iterations run concurrently.

use isl_rs::{DimType, LibISLError, Map, Set, Space};

/// The order in which a schedule runs statement instances, read from their time stamps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Order {
    /// A sequential schedule: the lexicographic order of time stamps.
    Sequential,
    /// As sequential, except that one loop runs its iterations concurrently: the loop
    /// at time dimension `outer.len()`, inside the dimensions `outer` (`Some(k)`: a
    /// sequence, where the loop is in its `k`-th child; `None`: a loop). Instances in
    /// the loop (their time stamps are `k` where `outer` is `Some(k)`) whose time stamps
    /// agree before the loop's dimension and differ at it are not ordered.
    ///
    /// `pivot`, where the loop runs in parts (`splitting`): `{ [t_<d] -> [p] }` in isl
    /// notation, at most one iteration `p` per time before the loop's. The loop then
    /// runs its iterations before `p` concurrently, then `p`, then those after `p`
    /// concurrently: two iterations are unordered only on the same side of `p`.
    Parallel {
        outer: Vec<Option<usize>>,
        pivot: Option<String>,
    },
}

impl Order {
    /// `{ a -> b : a and b run concurrently }` on the time stamps of the set space
    /// `space`: empty sequentially; with a parallel loop at dimension `d`,
    /// `{ a -> b : a_{<d} = b_{<d}, a_d != b_d, a_k = outer_k where outer_k is fixed }`,
    /// and with a pivot `P`, only where `a_d, b_d < P(a_{<d})` (or `P(a_{<d})` is
    /// undefined) or `a_d, b_d > P(a_{<d})`.
    /// The order is then `B = { a -> b : a <_lex b } - concurrent`.
    pub fn concurrent(&self, space: Space) -> Result<Map, LibISLError> {
        let dims = space.dim(DimType::Set)?;
        let pairs = space.copy()?.map_from_set()?;
        let Order::Parallel { outer, pivot } = self else {
            return Map::empty(pairs);
        };
        // Time stamps without the loop's dimension: no instance runs in it (isl pads
        // every statement's time stamps to the same length otherwise).
        if i32::try_from(outer.len()).map_or(true, |d| d >= dims) {
            return Map::empty(pairs);
        }
        let mut same_prefix = Map::universe(pairs)?;
        for (k, position) in (0..).zip(outer) {
            same_prefix = same_prefix.equate(DimType::In, k, DimType::Out, k)?;
            if let Some(position) = position {
                same_prefix = same_prefix.fix_si(DimType::In, k as u32, *position as i32)?;
            }
        }
        let dim = outer.len() as i32;
        let earlier = same_prefix
            .copy()?
            .order_lt(DimType::In, dim, DimType::Out, dim)?;
        let concurrent =
            earlier.union(same_prefix.order_gt(DimType::In, dim, DimType::Out, dim)?)?;
        match pivot {
            None => Ok(concurrent),
            Some(pivot) => concurrent.intersect(same_side(space, outer.len(), pivot)?),
        }
    }
}

/// `{ a -> b : a_d, b_d < P(a_{<d}) or P(a_{<d}) undefined } ∪ { a -> b : a_d, b_d >
/// P(a_{<d}) }` on the time stamps of `space`, for the pivot `P = { [t_<d] -> [p] }`
/// (isl text) of a loop at dimension `d`.
fn same_side(space: Space, d: usize, pivot: &str) -> Result<Map, LibISLError> {
    let ctx = space.get_ctx();
    let n = space.dim(DimType::Set)? as usize;
    let t: Vec<String> = (0..n).map(|k| format!("t{k}")).collect();
    let prefix = Map::read_from_str(
        &ctx,
        &format!("{{ [{}] -> [{}] }}", t.join(", "), t[..d].join(", ")),
    )?;
    let pivot_of = prefix.apply_range(Map::read_from_str(&ctx, pivot)?)?;
    let side = |relation: &str| -> Result<Set, LibISLError> {
        let compared = Map::read_from_str(
            &ctx,
            &format!("{{ [{}] -> [p] : t{d} {relation} p }}", t.join(", ")),
        )?;
        pivot_of.copy()?.intersect(compared)?.domain()
    };
    let unsplit = Set::universe(space)?.subtract(pivot_of.copy()?.domain()?)?;
    let before = side("<")?.union(unsplit)?;
    let after = side(">")?;
    Map::from_domain_and_range(before.copy()?, before)?
        .union(Map::from_domain_and_range(after.copy()?, after)?)
}
