//! The cache model that picks tile sizes: the data one tile touches must fit the L2
//! cache, the data its two innermost loops touch must fit L1, and among the sizes that
//! fit, the one that brings the fewest cache lines per iteration wins.
//!
//! For a nest's point loops `p_0 .. p_(d-1)` with tile sizes `T`, and a reference group
//! `g` (the nest's references to one array whose subscripts are the same linear
//! functions of the loops, up to constants):
//!
//! ```text
//! lines(g, V) = Π_(outer subscripts e) values(e, V) · ⌈values(last, V) · bytes / 64⌉
//! values(e, V) = min(Π_(p in V, e walks p) T_p, 1 + Σ_(p in V) |c_p| (T_p - 1))
//! W2(T) = Σ_g lines(g, all loops)              <= L2 / 2
//! W1(T) = Σ_(g kept) lines(g, {p_(d-2), p_(d-1)}) <= L1
//! cost(T) = W2(T) / Π T
//! ```
//!
//! `W1` leaves out references that are only read and walk the innermost loop
//! contiguously: the hardware prefetcher streams those from L2 (matmul's `B[k][j]` under
//! `j` ran as fast with 256 x 256 tiles of it as with 32 x 32), while a written block
//! (trmm's `B[i][j]`) or a column walk (syrk's `A[j][k]` under `j`) must stay in L1
//! between its uses. A loop whose bounds involve another loop of the nest (a triangular
//! nest) gets tiles of at most [`TRIANGULAR_MAX`]: tiles that cross the diagonal run
//! partly empty, the more so the larger they are.

use crate::frontend::ir::{AccessKind, Aff, Region};
use std::collections::BTreeMap;

/// The data cache sizes tile sizes are chosen for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Caches {
    /// L1 data cache, bytes.
    pub l1: u64,
    /// L2 cache, bytes.
    pub l2: u64,
}

/// Cache line size assumed, in bytes.
const LINE: u64 = 64;

/// The tile sizes the model chooses among, per loop.
const CANDIDATE_SIZES: [i64; 4] = [32, 64, 128, 256];

/// The largest tile along a loop whose bounds involve another loop of the nest
/// (PolyBench's trmm: 64 x 64 x 64 tiles ran 1.2x faster than 256 x 64 x 64).
const TRIANGULAR_MAX: i64 = 64;

impl Caches {
    /// Caches of a common desktop or server core, used where the host's are unknown.
    pub const TYPICAL: Caches = Caches {
        l1: 32 << 10,
        l2: 1 << 20,
    };

    /// The caches of the machine nestor runs on (`sysconf`), [`Caches::TYPICAL`]'s
    /// where it does not say.
    pub fn host() -> Caches {
        Caches {
            l1: host_cache(HostCache::L1).unwrap_or(Self::TYPICAL.l1),
            l2: host_cache(HostCache::L2).unwrap_or(Self::TYPICAL.l2),
        }
    }

    /// `host`, or `L1,L2` sizes in bytes with an optional `K` or `M` suffix
    /// (`48K,2M`).
    pub fn parse(text: &str) -> Result<Caches, String> {
        if text == "host" {
            return Ok(Caches::host());
        }
        let sizes: Vec<&str> = text.split(',').collect();
        let [l1, l2] = sizes.as_slice() else {
            return Err(format!(
                "expected `host` or two sizes L1,L2 such as `48K,2M`, got `{text}`"
            ));
        };
        let caches = Caches {
            l1: parse_size(l1)?,
            l2: parse_size(l2)?,
        };
        if caches.l1 < 1024 || caches.l2 < caches.l1 {
            return Err(format!(
                "`{text}`: L1 must be at least 1K and L2 at least as large as L1"
            ));
        }
        Ok(caches)
    }
}

impl std::fmt::Display for Caches {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}K,{}K", self.l1 >> 10, self.l2 >> 10)
    }
}

fn parse_size(text: &str) -> Result<u64, String> {
    let t = text.trim();
    let (digits, unit) = match t.char_indices().last() {
        Some((at, 'K' | 'k')) => (&t[..at], 1 << 10),
        Some((at, 'M' | 'm')) => (&t[..at], 1 << 20),
        _ => (t, 1),
    };
    digits
        .parse::<u64>()
        .ok()
        .and_then(|n| n.checked_mul(unit))
        .filter(|&n| n <= 1 << 40)
        .ok_or_else(|| format!("`{text}` is not a cache size (bytes, or with K or M)"))
}

enum HostCache {
    L1,
    L2,
}

#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn host_cache(which: HostCache) -> Option<u64> {
    let name = match which {
        HostCache::L1 => libc::_SC_LEVEL1_DCACHE_SIZE,
        HostCache::L2 => libc::_SC_LEVEL2_CACHE_SIZE,
    };
    // SAFETY: sysconf only reads a configuration value.
    let size = unsafe { libc::sysconf(name) };
    u64::try_from(size).ok().filter(|&s| s >= 1024)
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn host_cache(_: HostCache) -> Option<u64> {
    None
}

/// A nest of point loops as the model sees it: for each statement in it, the iterator
/// each loop walks (outermost first).
pub struct Nest<'r> {
    pub region: &'r Region,
    pub statements: Vec<usize>,
    /// `walks[p][k]`: the iterator statement `statements[k]`'s time walks at loop `p`.
    pub walks: Vec<Vec<Option<String>>>,
}

/// A reference group: an array and, per subscript, its coefficient on each loop of the
/// nest (`None` for a subscript that is not linear in the loops).
type Group = (String, Vec<Option<Vec<i64>>>);

/// The tile sizes (one per loop, outermost first) the model picks for `nest`.
pub fn tile_sizes(nest: &Nest, caches: Caches) -> Vec<i64> {
    let depth = nest.walks.len();
    let groups = reference_groups(nest);
    let triangular = triangular_loops(nest);
    let l1_lines = caches.l1 / LINE;
    let l2_lines = caches.l2 / 2 / LINE;
    let inner: Vec<usize> = (depth.saturating_sub(2)..depth).collect();
    let all: Vec<usize> = (0..depth).collect();
    let mut best: Option<(f64, Vec<i64>)> = None;
    for sizes in size_vectors(depth) {
        if (0..depth).any(|p| triangular[p] && sizes[p] > TRIANGULAR_MAX) {
            continue;
        }
        let lines = |v: &[usize], kept: &dyn Fn(&(Group, bool)) -> bool| -> u64 {
            groups
                .iter()
                .filter(|g| kept(g))
                .map(|(g, _)| group_lines(nest, g, &sizes, v))
                .sum()
        };
        let w2 = lines(&all, &|_| true);
        let w1 = lines(&inner, &|(_, streamed)| !streamed);
        if w2 > l2_lines || w1 > l1_lines {
            continue;
        }
        let cost = w2 as f64 / sizes.iter().product::<i64>() as f64;
        if best.as_ref().is_none_or(|(c, _)| cost < c * (1.0 - 1e-9)) {
            best = Some((cost, sizes));
        }
    }
    best.map_or_else(|| vec![CANDIDATE_SIZES[0]; depth], |(_, s)| s)
}

/// Every vector of [`CANDIDATE_SIZES`] of length `depth`, the innermost size varying
/// slowest and largest first, so that among equal costs a longer innermost loop wins.
fn size_vectors(depth: usize) -> Vec<Vec<i64>> {
    let mut out = vec![Vec::new()];
    for _ in 0..depth {
        out = CANDIDATE_SIZES
            .iter()
            .rev()
            .flat_map(|&s| {
                out.iter().map(move |v: &Vec<i64>| {
                    let mut v = v.clone();
                    v.insert(0, s);
                    v
                })
            })
            .collect();
    }
    out.iter_mut().for_each(|v| v.reverse());
    out.sort_by_key(|v| std::cmp::Reverse(v.last().copied()));
    out
}

/// The nest's reference groups, each with whether it is streamed: every reference of
/// it is a read that walks the innermost loop contiguously.
fn reference_groups(nest: &Nest) -> Vec<(Group, bool)> {
    let depth = nest.walks.len();
    let mut groups: BTreeMap<Group, bool> = BTreeMap::new();
    for (k, &s) in nest.statements.iter().enumerate() {
        for a in &nest.region.statements[s].accesses {
            if a.subscripts.is_empty() {
                continue;
            }
            let shape: Vec<Option<Vec<i64>>> = a
                .subscripts
                .iter()
                .map(|e| coefficients(e, nest, k))
                .collect();
            let streamed = a.kind == AccessKind::Read && contiguous(&shape, depth - 1);
            let entry = groups.entry((a.array.clone(), shape)).or_insert(true);
            *entry &= streamed;
        }
    }
    groups.into_iter().collect()
}

/// Whether a reference of `shape` walks loop `p`, and only in its last subscript with
/// coefficient +-1.
fn contiguous(shape: &[Option<Vec<i64>>], p: usize) -> bool {
    let Some((Some(last), outer)) = shape.split_last() else {
        return false;
    };
    last[p].abs() == 1 && outer.iter().all(|e| e.as_ref().is_some_and(|c| c[p] == 0))
}

/// The coefficients of subscript `e` (of the `k`-th statement of the nest) on each loop,
/// if it is linear in them.
fn coefficients(e: &Aff, nest: &Nest, k: usize) -> Option<Vec<i64>> {
    let (_, terms) = e.linear()?;
    Some(
        nest.walks
            .iter()
            .map(|level| {
                level[k]
                    .as_ref()
                    .and_then(|it| terms.get(it).copied())
                    .unwrap_or(0)
            })
            .collect(),
    )
}

/// The cache lines group `g` touches while the loops `varying` run over one tile.
fn group_lines(nest: &Nest, g: &Group, sizes: &[i64], varying: &[usize]) -> u64 {
    let (array, shape) = g;
    let values = |e: &Option<Vec<i64>>| -> u64 {
        let walked = |p: &usize| e.as_ref().is_none_or(|c| c[*p] != 0);
        let distinct: i64 = varying
            .iter()
            .filter(|p| walked(p))
            .map(|&p| sizes[p])
            .product();
        let span = e.as_ref().map_or(distinct, |c| {
            1 + varying
                .iter()
                .map(|&p| c[p].abs() * (sizes[p] - 1))
                .sum::<i64>()
        });
        distinct.min(span).max(1) as u64
    };
    let Some((last, outer)) = shape.split_last() else {
        return 0;
    };
    let bytes = crate::transform::cost::element_bytes(nest.region, array) as u64;
    let last_lines = (values(last) * bytes).div_ceil(LINE);
    outer.iter().map(values).product::<u64>() * last_lines
}

/// For each loop of the nest, whether its bounds involve another loop of the nest (or
/// another's involve it) for some statement.
fn triangular_loops(nest: &Nest) -> Vec<bool> {
    let depth = nest.walks.len();
    let mut out = vec![false; depth];
    for (k, &s) in nest.statements.iter().enumerate() {
        let iterators: Vec<Option<&String>> = nest.walks.iter().map(|l| l[k].as_ref()).collect();
        for l in nest.region.loops_around(s) {
            let Some(p) = iterators.iter().position(|it| *it == Some(&l.iter)) else {
                continue;
            };
            let mentioned = l.bound_names();
            for (q, it) in iterators.iter().enumerate() {
                if q != p && it.is_some_and(|it| mentioned.contains(it)) {
                    out[p] = true;
                    out[q] = true;
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frontend;

    /// The sizes the model picks for the region's only statement, its loops in source
    /// order.
    fn sizes(src: &str, caches: Caches) -> Vec<i64> {
        let region = frontend::analyze(src, &[], &[]).regions.remove(0);
        let s = region.statements.len() - 1;
        let walks = region.statements[s]
            .iters
            .iter()
            .map(|it| vec![Some(it.clone())])
            .collect();
        let nest = Nest {
            region: &region,
            statements: vec![s],
            walks,
        };
        tile_sizes(&nest, caches)
    }

    const CACHES: Caches = Caches {
        l1: 48 << 10,
        l2: 2 << 20,
    };

    #[test]
    fn a_matrix_product_gets_a_long_innermost_loop_and_fills_l2() {
        let s = sizes(
            "void f(int n, double A[n][n], double B[n][n], double C[n][n]) { for (int i = 0; i < n; i++) for (int k = 0; k < n; k++) for (int j = 0; j < n; j++) C[i][j] += A[i][k] * B[k][j]; }",
            CACHES,
        );
        assert_eq!(s, vec![128, 256, 256]);
        // The tile's three blocks fit half of L2.
        assert!((s[0] * s[1] + s[1] * s[2] + s[0] * s[2]) * 8 <= (CACHES.l2 / 2) as i64);
    }

    #[test]
    fn a_column_walk_keeps_its_block_in_l1() {
        // syrk: A[j][k] under j touches a new line per iteration.
        let s = sizes(
            "void f(int n, int m, double A[n][m], double C[n][n]) { for (int i = 0; i < n; i++) for (int k = 0; k < m; k++) for (int j = 0; j <= i; j++) C[i][j] += A[i][k] * A[j][k]; }",
            CACHES,
        );
        assert_eq!(s, vec![64, 64, 64]);
    }

    #[test]
    fn a_triangular_nest_gets_small_tiles_along_its_coupled_loops() {
        // trmm, in the order nestor picks: B[i][j] is written under (i, j) and i < k.
        let s = sizes(
            "void f(int n, double A[n][n], double B[n][n]) { for (int k = 0; k < n; k++) for (int i = 0; i < k; i++) for (int j = 0; j < n; j++) B[i][j] += A[k][i] * B[k][j]; }",
            CACHES,
        );
        assert!(s[0] <= TRIANGULAR_MAX && s[1] <= TRIANGULAR_MAX, "{s:?}");
    }

    #[test]
    fn smaller_caches_give_smaller_tiles() {
        let src = "void f(int n, double A[n][n], double B[n][n], double C[n][n]) { for (int i = 0; i < n; i++) for (int k = 0; k < n; k++) for (int j = 0; j < n; j++) C[i][j] += A[i][k] * B[k][j]; }";
        let small = sizes(src, Caches::TYPICAL);
        let large = sizes(src, CACHES);
        assert!(small.iter().product::<i64>() < large.iter().product::<i64>());
    }

    #[test]
    fn cache_sizes_parse_with_units() {
        assert_eq!(
            Caches::parse("48K,2M"),
            Ok(Caches {
                l1: 48 << 10,
                l2: 2 << 20
            })
        );
        assert_eq!(Caches::parse("32768,1048576"), Ok(Caches::TYPICAL));
        assert!(Caches::parse("48K").is_err());
        assert!(Caches::parse("2M,48K").is_err());
        assert!(Caches::parse("lots,2M").is_err());
        assert!(Caches::parse("99999999999999999999K,2M").is_err());
        assert!(Caches::parse("host").is_ok());
    }
}
