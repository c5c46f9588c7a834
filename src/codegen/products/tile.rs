//! A product kernel's full register tile as a function of its own, in GNU vector
//! types: the cells of `rows` rows kept in vectors while `k` runs over the packed
//! operands.

use crate::frontend::ir::Region;
use crate::frontend::types::CType;
use crate::transform::products::ProductKernel;

/// The name of the function that runs `kernel`'s full register tiles: one per kernel
/// (a region's first byte and the statement), so no two in a file clash.
pub fn tile_function_name(region: &Region, kernel: &ProductKernel) -> String {
    format!(
        "nestor_tile_{}_{}",
        region.span.start, region.statements[kernel.statement].name
    )
}

/// The constant `kernel`'s code defines as the lanes of its vectors: the AVX-512 width
/// where the compiler targets it (`__AVX512F__`), else the AVX2 one
/// ([`Blocking::wide_lanes`](crate::transform::decision::Blocking::wide_lanes), [`Blocking::lanes`](crate::transform::decision::Blocking::lanes)): the C is compiled for a target
/// nestor does not know, and 64-byte vectors on an AVX2 target would spill.
pub(super) fn lanes_name(region: &Region, kernel: &ProductKernel) -> String {
    format!("{}_lanes", tile_function_name(region, kernel))
}

/// The columns of `kernel`'s register tile, as C: its vectors times their lanes.
pub(super) fn columns(region: &Region, kernel: &ProductKernel) -> String {
    format!(
        "({} * {})",
        kernel.blocking.vectors,
        lanes_name(region, kernel)
    )
}

/// The definition of [`tile_function_name`], placed before the region's function: a
/// full register tile, its `rows` rows at `c0`, `c1`, ... loaded into vectors, `k` run
/// over the packed operands `a` and `b` (each cell adding the sum of its products in
/// the statement's order), the vectors stored back. A function of its
/// own (never inlined) because inside the kernel's loops gcc's register allocation
/// varied with the code around the tile: an accumulator spilled to the stack in every
/// iteration of `k`, or the packed operand's vectors were reloaded in each FMA, which
/// halved the rate (bench/results.md).
pub fn tile_function(region: &Region, kernel: &ProductKernel) -> String {
    let b = &kernel.blocking;
    let t = element_type(kernel);
    let (mr, lanes) = (b.rows, lanes_name(region, kernel));
    let rows: Vec<String> = (0..mr).map(|r| format!("{t} *c{r}")).collect();
    let per_row = |f: &dyn Fn(usize, usize) -> String, join: &str| -> Vec<String> {
        (0..mr)
            .map(|r| {
                (0..b.vectors)
                    .map(|v| f(r, v))
                    .collect::<Vec<_>>()
                    .join(join)
            })
            .collect()
    };
    let mut lines = vec![
        format!(
            "/* nestor: a full register tile of the packed product kernel of `{}` in `{}` ({mr} x {} cells, {mr} x {} where the compiler targets AVX-512). */",
            region.statements[kernel.statement].name,
            region.function,
            b.columns(),
            b.vectors * b.wide_lanes,
        ),
        "#if defined(__AVX512F__)".to_string(),
        format!("enum {{ {lanes} = {} }};", b.wide_lanes),
        "#else".to_string(),
        format!("enum {{ {lanes} = {} }};", b.lanes),
        "#endif".to_string(),
        format!(
            "static __attribute__((noinline)) void {}(long long kn, const {t} *a, const {t} *b, {})",
            tile_function_name(region, kernel),
            rows.join(", ")
        ),
        "{".to_string(),
        format!(
            "  typedef {t} v __attribute__((vector_size({lanes} * sizeof({t})), aligned(sizeof({t}))));"
        ),
    ];
    let load = |r, v| format!("x{r}_{v} = *(const v *)(c{r} + {v} * {lanes})");
    lines.extend(
        per_row(&load, ", ")
            .into_iter()
            .map(|l| format!("  v {l};")),
    );
    lines.push("  for (long long k = 0; k < kn; k++) {".into());
    let terms = kernel.terms.len();
    // The vectors of product `t`'s column operand: `b0`, `b1` for the first.
    let vector = |t: usize, w: usize| match t {
        0 => format!("b{w}"),
        t => format!("b{w}_{t}"),
    };
    for t in 0..terms {
        for w in 0..b.vectors {
            lines.push(format!(
                "    v {} = *(const v *)&b[k * {} * {lanes} + {} * {lanes}];",
                vector(t, w),
                terms * b.vectors,
                t * b.vectors + w
            ));
        }
    }
    let update = |r, v| {
        let sum: Vec<String> = (0..terms)
            .map(|t| format!("a[k * {} + {}] * {}", terms * mr, t * mr + r, vector(t, v)))
            .collect();
        format!("x{r}_{v} += {};", sum.join(" + "))
    };
    lines.extend(
        per_row(&update, " ")
            .into_iter()
            .map(|l| format!("    {l}")),
    );
    lines.push("  }".into());
    let store = |r, v| format!("*(v *)(c{r} + {v} * {lanes}) = x{r}_{v};");
    lines.extend(per_row(&store, " ").into_iter().map(|l| format!("  {l}")));
    lines.push("}".into());
    let end = region.line_ending;
    format!("{}{end}{end}", lines.join(end))
}

/// The C type of `kernel`'s elements, as its tile function declares them.
pub(super) fn element_type(kernel: &ProductKernel) -> &'static str {
    match kernel.element.ctype {
        CType::Floating(32) => "float",
        _ => "double",
    }
}
