//! Builds isl 0.27 with the C compiler alone: isl-rs 0.3.1 runs isl's `autogen.sh`
//! and `configure`, which needs autotools on the user's machine. The sources here are
//! those isl's library is made of (imath with the small-integer optimization, as
//! configure's `--with-int=imath-32`); `config/` holds the three headers configure
//! would generate.

/// isl's library sources (isl's `Makefile.am`, `libisl_la_SOURCES` with imath-32).
const SOURCES: &[&str] = &[
    "isl_imath.c",
    "imath_wrap/gmp_compat.c",
    "imath_wrap/imath.c",
    "imath_wrap/imrat.c",
    "isl_int_sioimath.c",
    "isl_val_sioimath.c",
    "isl_aff.c",
    "isl_aff_map.c",
    "isl_affine_hull.c",
    "isl_arg.c",
    "isl_ast.c",
    "isl_ast_build.c",
    "isl_ast_build_expr.c",
    "isl_ast_codegen.c",
    "isl_ast_graft.c",
    "basis_reduction_tab.c",
    "isl_bernstein.c",
    "isl_blk.c",
    "isl_bound.c",
    "isl_box.c",
    "isl_coalesce.c",
    "isl_constraint.c",
    "isl_convex_hull.c",
    "isl_ctx.c",
    "isl_deprecated.c",
    "isl_dim_map.c",
    "isl_equalities.c",
    "isl_factorization.c",
    "isl_farkas.c",
    "isl_ffs.c",
    "isl_flow.c",
    "isl_fold.c",
    "isl_hash.c",
    "isl_id_to_ast_expr.c",
    "isl_id_to_id.c",
    "isl_id_to_pw_aff.c",
    "isl_ilp.c",
    "isl_input.c",
    "isl_local.c",
    "isl_local_space.c",
    "isl_lp.c",
    "isl_map.c",
    "isl_map_list.c",
    "isl_map_simplify.c",
    "isl_map_subtract.c",
    "isl_map_to_basic_set.c",
    "isl_mat.c",
    "isl_morph.c",
    "isl_id.c",
    "isl_obj.c",
    "isl_options.c",
    "isl_output.c",
    "isl_point.c",
    "isl_polynomial.c",
    "isl_printer.c",
    "print.c",
    "isl_range.c",
    "isl_reordering.c",
    "isl_sample.c",
    "isl_scan.c",
    "isl_schedule.c",
    "isl_schedule_band.c",
    "isl_schedule_node.c",
    "isl_schedule_read.c",
    "isl_schedule_tree.c",
    "isl_schedule_constraints.c",
    "isl_scheduler.c",
    "isl_scheduler_clustering.c",
    "isl_scheduler_scc.c",
    "isl_set_list.c",
    "isl_sort.c",
    "isl_space.c",
    "isl_stream.c",
    "isl_seq.c",
    "isl_set_to_ast_graft_list.c",
    "isl_stride.c",
    "isl_tab.c",
    "isl_tab_pip.c",
    "isl_tarjan.c",
    "isl_transitive_closure.c",
    "isl_union_map.c",
    "isl_val.c",
    "isl_vec.c",
    "isl_version.c",
    "isl_vertices.c",
];

fn main() {
    let mut build = cc::Build::new();
    build
        .include("config")
        .include("isl")
        .include("isl/include")
        .include("isl/imath_wrap")
        .define("HAVE_CONFIG_H", None)
        .flag_if_supported("-std=gnu99")
        .flag_if_supported("-fomit-frame-pointer")
        // isl's analyses are nestor's run time: optimized in every profile.
        .opt_level(3)
        .debug(false)
        .warnings(false);
    for source in SOURCES {
        build.file(format!("isl/{source}"));
    }
    build.file("extra/operations.c");
    build.compile("isl");
    println!("cargo:rerun-if-changed=isl");
    println!("cargo:rerun-if-changed=extra");
    println!("cargo:rerun-if-changed=config");
    println!("cargo:rerun-if-changed=build.rs");
}
