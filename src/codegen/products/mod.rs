//! A product nest as its packed micro-kernel ([`ProductKernel`], decided in
//! `transform::products`): BLIS's five loops around a register tile, in C with GNU
//! vector types (`vector_size`: gcc and clang), printed from the template [`KERNEL`].
//! Per block of columns and of `k`, the column operand is packed once; per block of
//! rows (a thread's work when the nest is parallel), the row operand (for a sum of
//! products, each product's operands side by side, `terms` values per `k`); full
//! register tiles keep `rows x columns` cells in vectors while `k` runs, partial ones add the
//! packed operands one cell at a time. Where a buffer cannot be allocated the block
//! runs the statement as written.

use super::expr::{PRIMARY, WIDE};
use super::loops::Loop;
use super::{Gen, Printer};
use crate::frontend::ir::Piece;
use crate::frontend::types::Interval;
use crate::transform::decision::Blocking;
use crate::transform::products::{
    CELL_COLUMN, CELL_DEPTH, CELL_ROW, KernelThreads, ProductKernel, Roles,
};
use isl_rs::ASTExpr;
use tile::{columns, element_type};
pub use tile::{tile_function, tile_function_name};

mod tile;

/// The kernel, two spaces per level of nesting. `$name`s are filled in by
/// [`Printer::product_kernel`]; a line holding only `$tile` becomes the call of the
/// register tile's function ([`tile_function`]), one holding `$share_rows`
/// [`SHARE_ROWS`], one holding `$parallel`, `$for` or `$for_rows` an OpenMP pragma
/// (none of those four when the kernel runs on one thread); a line packing an operand
/// (`$row_operand`, `$column_operand`) is repeated for each product of a sum
/// ([`Printer::term_fills`]). Where the nest updates only some cells of its box of rows
/// and columns (a triangle), a register tile runs only with its four
/// corners inside (the cells are convex), and partial tiles test each cell. A partial
/// tile runs `k` outermost over its cells in a local array: each cell still adds its
/// products in `k`'s order, and no cell's chain of additions waits on the one before
/// (a cell at a time, the last 12 of 1100 columns took a third of a float product); a
/// tile with no cell of a triangle skips it. As in BLIS, the threads share the packed
/// column operand and each packs its own rows: every thread runs the loops over blocks
/// of columns and of `k`, the worksharing loops split the packing of `Q` and the blocks
/// of rows, and their implicit barriers order packing before use and use before the next
/// packing. `nestor_h x nestor_w` is the part of a register tile inside its block:
/// loops bounded by it have one exit, which compilers vectorize. The buffers hold a
/// block of the nest's own extents (rounded up to whole register tiles, which a
/// panel's layout spans), allocated once per call (per thread for `P`): small products
/// allocate little, and no block pays for fresh pages. They start on a 64-byte
/// boundary, where `malloc` gives 16 bytes.
const KERNEL: &str = "$open
  long long nestor_kmax = $k1 - $k0 + 1 < $kc ? $k1 - $k0 + 1 : $kc;
  long long nestor_nmax = $c1 - $c0 + 1 < $nc ? $c1 - $c0 + 1 : $nc;
  long long nestor_mmax = $r1 - $r0 + 1 < $mc ? $r1 - $r0 + 1 : $mc;
  char *nestor_pb_block = (char *)__builtin_malloc(sizeof($T) * nestor_kmax$per_k * ((nestor_nmax + $nr - 1) / $nr * $nr) + 64);
  $T *nestor_pb = nestor_pb_block ? ($T *)(nestor_pb_block + (64 - (unsigned long long)nestor_pb_block % 64) % 64) : 0;
  $parallel
  {
    char *nestor_pa_block = nestor_pb ? (char *)__builtin_malloc(sizeof($T) * nestor_kmax$per_k * ((nestor_mmax + $mr - 1) / $mr * $mr) + 64) : 0;
    $T *nestor_pa = nestor_pa_block ? ($T *)(nestor_pa_block + (64 - (unsigned long long)nestor_pa_block % 64) % 64) : 0;
    long long nestor_mc = $mc;
    $share_rows
    for (long long nestor_jc = $c0; nestor_jc <= $c1; nestor_jc += $nc) {
      long long nestor_jn = $c1 - nestor_jc + 1 < $nc ? $c1 - nestor_jc + 1 : $nc;
      for (long long nestor_pc = $k0; nestor_pc <= $k1; nestor_pc += $kc) {
        long long nestor_kn = $k1 - nestor_pc + 1 < $kc ? $k1 - nestor_pc + 1 : $kc;
        if (nestor_pb) {
          $for
          for (long long nestor_jr = 0; nestor_jr < nestor_jn; nestor_jr += $nr) {
            long long nestor_w = nestor_jn - nestor_jr < $nr ? nestor_jn - nestor_jr : $nr;
            for (long long nestor_k = 0; nestor_k < nestor_kn; nestor_k++)
              for (long long nestor_s = 0; nestor_s < nestor_w; nestor_s++) {
                nestor_pb[$pack_column] = $column_value;
              }
          }
        }
        $for_rows
        for (long long nestor_ic = $r0; nestor_ic <= $r1; nestor_ic += nestor_mc) {
          long long nestor_in = $r1 - nestor_ic + 1 < nestor_mc ? $r1 - nestor_ic + 1 : nestor_mc;
          if (nestor_pa) {
            for (long long nestor_ir = 0; nestor_ir < nestor_in; nestor_ir += $mr) {
              long long nestor_h = nestor_in - nestor_ir < $mr ? nestor_in - nestor_ir : $mr;
              for (long long nestor_k = 0; nestor_k < nestor_kn; nestor_k++)
                for (long long nestor_r = 0; nestor_r < nestor_h; nestor_r++) {
                  nestor_pa[$pack_row] = $row_value;
                }
            }
            for (long long nestor_jr = 0; nestor_jr < nestor_jn; nestor_jr += $nr)
              for (long long nestor_ir = 0; nestor_ir < nestor_in; nestor_ir += $mr) {
                long long nestor_i = nestor_ic + nestor_ir, nestor_j = nestor_jc + nestor_jr;
                long long nestor_h = nestor_in - nestor_ir < $mr ? nestor_in - nestor_ir : $mr;
                long long nestor_w = nestor_jn - nestor_jr < $nr ? nestor_jn - nestor_jr : $nr;
                const $T *nestor_a = nestor_pa + nestor_ir * nestor_kn$per_k;
                const $T *nestor_b = nestor_pb + nestor_jr * nestor_kn$per_k;
                if (nestor_h == $mr && nestor_w == $nr$tile_inside) {
                  $tile
                } else {
                  $T nestor_c[$mr][$nr];
                  long long nestor_inside = 0;
                  for (long long nestor_r = 0; nestor_r < nestor_h; nestor_r++)
                    for (long long nestor_s = 0; nestor_s < nestor_w; nestor_s++) {
                      nestor_c[nestor_r][nestor_s] = 0;
                      $cell_guard {
                        nestor_c[nestor_r][nestor_s] = $cell;
                        nestor_inside++;
                      }
                    }
                  if (nestor_inside)
                    for (long long nestor_k = 0; nestor_k < nestor_kn; nestor_k++)
                      for (long long nestor_r = 0; nestor_r < nestor_h; nestor_r++)
                        for (long long nestor_s = 0; nestor_s < nestor_w; nestor_s++)
                          $depth_guard nestor_c[nestor_r][nestor_s] += $packed_sum;
                  for (long long nestor_r = 0; nestor_r < nestor_h; nestor_r++)
                    for (long long nestor_s = 0; nestor_s < nestor_w; nestor_s++)
                      $cell_guard $cell = nestor_c[nestor_r][nestor_s];
                }
              }
          } else {
            for (long long nestor_i = nestor_ic; nestor_i < nestor_ic + nestor_in; nestor_i++)
              for (long long nestor_j = nestor_jc; nestor_j < nestor_jc + nestor_jn; nestor_j++)
                for (long long nestor_k = nestor_pc; nestor_k < nestor_pc + nestor_kn; nestor_k++)
                  $point_guard $statement
          }
        }
      }
    }
    __builtin_free(nestor_pa_block);
  }
  __builtin_free(nestor_pb_block);
}";

/// A full register tile where each cell runs its own depths ([`CellDepths`]), in place
/// of [`KERNEL`]'s `$tile`: the depths of the panel every cell of the tile runs
/// (`nestor_lo..nestor_hi`) run in registers; where some cell runs others in the panel
/// (`nestor_edges`), it adds its earlier ones before, its later ones after, so that
/// each cell still adds in the order of `k` (`nestor_fmin..nestor_lmax` holds every
/// cell's depths in the panel). The edges run a row's cells side by side, so that no
/// cell's additions wait on each other. The extremes of the cells' depths are
/// taken at the tile's corners where the depths are affine in the cell, else at every
/// cell (`$step_rows`, `$step_columns`).
const DEPTH_TILE: &str = "long long nestor_lo = nestor_pc, nestor_hi = nestor_pc + nestor_kn - 1;
long long nestor_fmin = nestor_hi + 1, nestor_lmax = nestor_lo - 1;
for (long long nestor_r = 0; nestor_r < $mr; nestor_r += $step_rows)
  for (long long nestor_s = 0; nestor_s < $nr; nestor_s += $step_columns) {
    long long nestor_f = $depth_first, nestor_l = $depth_last;
    nestor_lo = nestor_f > nestor_lo ? nestor_f : nestor_lo;
    nestor_hi = nestor_l < nestor_hi ? nestor_l : nestor_hi;
    nestor_fmin = nestor_f < nestor_fmin ? nestor_f : nestor_fmin;
    nestor_lmax = nestor_l > nestor_lmax ? nestor_l : nestor_lmax;
  }
nestor_fmin = nestor_fmin > nestor_pc ? nestor_fmin : nestor_pc;
nestor_lmax = nestor_lmax < nestor_pc + nestor_kn - 1 ? nestor_lmax : nestor_pc + nestor_kn - 1;
int nestor_edges = nestor_fmin <= nestor_lmax && (nestor_fmin < nestor_lo || nestor_lmax > nestor_hi);
long long nestor_below = nestor_lo < nestor_lmax + 1 ? nestor_lo : nestor_lmax + 1;
long long nestor_above = nestor_hi + 1 > nestor_lo ? nestor_hi + 1 : nestor_lo;
if (nestor_edges)
  for (long long nestor_r = 0; nestor_r < $mr; nestor_r++)
    for (long long nestor_k = nestor_fmin - nestor_pc; nestor_k < nestor_below - nestor_pc; nestor_k++)
      for (long long nestor_s = 0; nestor_s < $nr; nestor_s++)
        $depth_guard $cell += $packed_sum;
if (nestor_lo <= nestor_hi) {
  $tile
}
if (nestor_edges)
  for (long long nestor_r = 0; nestor_r < $mr; nestor_r++)
    for (long long nestor_k = nestor_above - nestor_pc; nestor_k <= nestor_lmax - nestor_pc; nestor_k++)
      for (long long nestor_s = 0; nestor_s < $nr; nestor_s++)
        $depth_guard $cell += $packed_sum;";

/// Under OpenMP, blocks of rows no larger than the team's share of the rows (whole
/// register tiles), so that a product of few blocks of rows still feeds every thread
/// (2mm's 800 rows made 8 blocks of 100: no gain past 8 threads). Every thread computes
/// the same size. Where the cells are a triangle, rows hold unequal work: a quarter of
/// a share per block, handed out as threads finish ([`row_blocks`]).
const SHARE_ROWS: &str = "#ifdef _OPENMP
{
  extern int omp_get_num_threads(void);
  long long nestor_share = ($r1 - $r0 + $parts) / $parts;
  nestor_share = (nestor_share + $mr - 1) / $mr * $mr;
  if (nestor_share < nestor_mc)
    nestor_mc = nestor_share;
}
#endif";

/// An in-place kernel on threads ([`KernelThreads::ColumnRanges`]): each thread runs
/// [`KERNEL`] on its own range of columns, `$columns` (whole register tiles; none past
/// the last column), with buffers of its own.
const COLUMN_RANGES: &str = "{
  long long nestor_tn = 1, nestor_t = 0;
  #ifdef _OPENMP
  extern int omp_get_num_threads(void), omp_get_thread_num(void);
  nestor_tn = omp_get_num_threads();
  nestor_t = omp_get_thread_num();
  #endif
  long long nestor_cw = ($c1 - $c0 + nestor_tn * $nr) / (nestor_tn * $nr) * $nr;
  long long nestor_c0 = $c0 + nestor_t * nestor_cw;
  long long nestor_c1 = nestor_c0 + nestor_cw - 1 < $c1 ? nestor_c0 + nestor_cw - 1 : $c1;
  if (nestor_c0 <= nestor_c1)
    $kernel
}";

/// How many blocks of rows the team shares (a C expression): one per thread where every
/// row holds the same work; for a triangle of cells (syrk's lower triangle: the last
/// rows hold the most cells) four per thread, handed out as threads finish
/// ([`row_blocks_pragma`]). With one block per thread, the thread of a lower triangle's
/// last half had three quarters of the work: syr2k ran 1.5x from 1 to 2 threads.
fn row_blocks(triangle: bool) -> String {
    match triangle {
        true => "(4 * omp_get_num_threads())".to_string(),
        false => "omp_get_num_threads()".to_string(),
    }
}

/// Whether `kernel`'s rows may hold unequal work: its cells are a triangle, or each
/// cell runs its own depths (symm's `k < i`: with one block per thread, the thread of
/// the last rows had three quarters of the work, 1.2x from 1 to 2 threads).
fn uneven_rows(kernel: &ProductKernel) -> bool {
    kernel.cells.is_some() || kernel.depths.is_some()
}

fn row_blocks_pragma(triangle: bool) -> &'static str {
    if triangle {
        "#pragma omp for schedule(dynamic)"
    } else {
        "#pragma omp for"
    }
}

impl Printer<'_> {
    /// `kernel` in place of the subtree it replaces.
    pub(super) fn product_kernel(&mut self, kernel: &ProductKernel, depth: usize) -> Gen<()> {
        let fills = self.fills(kernel)?;
        if kernel.threads != KernelThreads::ColumnRanges {
            return self.kernel_lines(kernel, &fills, depth);
        }
        let at = self.lines.len();
        self.openmp_pragma(at, depth, "#pragma omp parallel".into());
        let own: Vec<(&'static str, String)> = (fills.iter().cloned())
            .map(|(name, value)| match name {
                "$c0" => (name, "nestor_c0".to_string()),
                "$c1" => (name, "nestor_c1".to_string()),
                _ => (name, value),
            })
            .collect();
        for (inner, line) in template_lines(COLUMN_RANGES) {
            match line {
                "$kernel" => self.kernel_lines(kernel, &own, depth + inner)?,
                _ => self.lines.push((depth + inner, filled(line, &fills))),
            }
        }
        Ok(())
    }

    /// [`KERNEL`] filled in with `fills`, `depth` levels deep.
    fn kernel_lines(
        &mut self,
        kernel: &ProductKernel,
        fills: &[(&'static str, String)],
        depth: usize,
    ) -> Gen<()> {
        let fills = fills.to_vec();
        let term_fills = self.term_fills(kernel)?;
        for (inner, body) in template_lines(KERNEL) {
            let level = depth + inner;
            match body {
                _ if body.contains("_value") => {
                    let operand = ["$row_operand", "$column_operand"]
                        .into_iter()
                        .find(|o| body.contains(&o.replace("_operand", "_value")))
                        .unwrap_or_default();
                    for term in &term_fills {
                        let all: Vec<_> = term.iter().chain(&fills).cloned().collect();
                        self.lines.push((level, filled(body, &all)));
                        let check = type_check(operand, element_type(kernel));
                        self.lines.push((level, filled(&check, &all)));
                    }
                }
                "$tile" if kernel.depths.is_some() => {
                    for (inner, l) in template_lines(DEPTH_TILE) {
                        match l {
                            "$tile" => self.tile_lines(kernel, &fills, level + inner, true),
                            l => self.lines.push((level + inner, filled(l, &fills))),
                        }
                    }
                }
                "$tile" => self.tile_lines(kernel, &fills, level, false),
                "$parallel" | "$for" | "$for_rows" | "$share_rows"
                    if kernel.threads != KernelThreads::RowBlocks => {}
                "$share_rows" => {
                    for (inner, l) in template_lines(SHARE_ROWS) {
                        self.lines.push((level + inner, filled(l, &fills)));
                    }
                }
                "$parallel" => {
                    self.openmp_pragma(self.lines.len(), level, "#pragma omp parallel".into())
                }
                "$for" => self.openmp_pragma(self.lines.len(), level, "#pragma omp for".into()),
                "$for_rows" => {
                    let pragma = row_blocks_pragma(uneven_rows(kernel));
                    self.openmp_pragma(self.lines.len(), level, pragma.into())
                }
                _ => self
                    .lines
                    .push((level, filled(body, &fills).trim_start().to_string())),
            }
        }
        Ok(())
    }

    /// The call of `kernel`'s register tile at `nestor_i`, `nestor_j`, with its type
    /// check: over the panel's depths, or (`common`) `nestor_lo..nestor_hi` alone.
    fn tile_lines(
        &mut self,
        kernel: &ProductKernel,
        fills: &[(&'static str, String)],
        level: usize,
        common: bool,
    ) {
        let name = tile_function_name(self.region, kernel);
        let cell = tile_cell(fills, 0);
        self.lines
            .push((level, type_check(&cell, element_type(kernel))));
        let depths = match common {
            false => [
                "nestor_kn".to_string(),
                "nestor_a".into(),
                "nestor_b".into(),
            ],
            true => {
                let per_k = per_k(kernel.terms.len());
                let skip = |width: &str| format!("(nestor_lo - nestor_pc) * {width}{per_k}");
                [
                    "nestor_hi - nestor_lo + 1".to_string(),
                    format!("nestor_a + {}", skip(&kernel.blocking.rows.to_string())),
                    format!("nestor_b + {}", skip(&columns(self.region, kernel))),
                ]
            }
        };
        self.lines
            .push((level, tile_call(&name, &kernel.blocking, fills, &depths)));
    }

    /// What each `$name` of [`KERNEL`] stands for in `kernel`.
    fn fills(&mut self, kernel: &ProductKernel) -> Gen<Vec<(&'static str, String)>> {
        let guards = self.cell_guards(kernel)?;
        let depths = self.depth_fills(kernel)?;
        let s = &self.region.statements[kernel.statement];
        let at = |row: &str, column: &str, k: &str| values_at(kernel.roles, row, column, k);
        let bound = |e| -> Gen<String> { Ok(self.expr(e)?.wrapped(PRIMARY)) };
        let open = match &kernel.runs {
            Some(e) => format!("if ({}) {{", self.expr(e)?.text),
            None => "{".to_string(),
        };
        let b = &kernel.blocking;
        let cell = s.access_pieces(kernel.target);
        let terms = kernel.terms.len();
        let packed_sum: Vec<String> = (0..terms)
            .map(|t| {
                let a = packed_at("nestor_k", &b.rows.to_string(), t, terms);
                let c = packed_at("nestor_k", &columns(self.region, kernel), t, terms);
                format!("nestor_a[{a} + nestor_r] * nestor_b[{c} + nestor_s]")
            })
            .collect();
        Ok(vec![
            ("$per_k", per_k(terms)),
            ("$parts", row_blocks(uneven_rows(kernel))),
            ("$packed_sum", packed_sum.join(" + ")),
            ("$tile_inside", guards.tile),
            ("$cell_guard", guards.cell),
            ("$point_guard", join_guards(&guards.point, &depths.point)),
            ("$depth_guard", depths.cell_guard),
            ("$depth_first", depths.first),
            ("$depth_last", depths.last),
            ("$step_rows", depths.step_rows),
            ("$step_columns", depths.step_columns),
            ("$open", open),
            ("$T", kernel.element.spelling.clone()),
            ("$kc", b.depth.to_string()),
            ("$nc", b.column_block.to_string()),
            ("$mc", b.row_block.to_string()),
            ("$mr", b.rows.to_string()),
            ("$nr", columns(self.region, kernel)),
            ("$r0", bound(&kernel.first[0])?),
            ("$r1", bound(&kernel.last[0])?),
            ("$c0", bound(&kernel.first[1])?),
            ("$c1", bound(&kernel.last[1])?),
            ("$k0", bound(&kernel.first[2])?),
            ("$k1", bound(&kernel.last[2])?),
            (
                "$cell",
                substituted(&cell, &at("nestor_i + nestor_r", "nestor_j + nestor_s", "")),
            ),
            // The first cell of each row of the register tile, `@r` for the row.
            (
                "$tile_cell",
                substituted(&cell, &at("nestor_i + @r", "nestor_j", "")),
            ),
            (
                "$statement",
                substituted(&s.pieces(), &at("nestor_i", "nestor_j", "nestor_k")),
            ),
        ])
    }
}

impl Printer<'_> {
    /// Per product of `kernel`'s sum, what the packing lines' `$name`s stand for: its
    /// operands at the packed row or column, and where their values go.
    fn term_fills(&mut self, kernel: &ProductKernel) -> Gen<Vec<Vec<(&'static str, String)>>> {
        let (row_reads, column_reads) = self.read_guards(kernel)?;
        let s = &self.region.statements[kernel.statement];
        let at =
            |row: &str, column: &str| values_at(kernel.roles, row, column, "nestor_pc + nestor_k");
        let b = &kernel.blocking;
        let terms = kernel.terms.len();
        let per_k = per_k(terms);
        Ok(kernel
            .terms
            .iter()
            .enumerate()
            .map(|(t, operands)| {
                let row = packed_at("nestor_k", &b.rows.to_string(), t, terms);
                let column = packed_at("nestor_k", &columns(self.region, kernel), t, terms);
                let row_operand = substituted(
                    &s.span_pieces(operands.row.clone()),
                    &at("nestor_ic + nestor_ir + nestor_r", ""),
                );
                let column_operand = substituted(
                    &s.span_pieces(operands.column.clone()),
                    &at("", "nestor_jc + nestor_jr + nestor_s"),
                );
                vec![
                    ("$row_value", guarded(&row_reads, &row_operand)),
                    ("$column_value", guarded(&column_reads, &column_operand)),
                    (
                        "$pack_row",
                        format!("nestor_ir * nestor_kn{per_k} + {row} + nestor_r"),
                    ),
                    (
                        "$pack_column",
                        format!("nestor_jr * nestor_kn{per_k} + {column} + nestor_s"),
                    ),
                    ("$row_operand", row_operand),
                    ("$column_operand", column_operand),
                ]
            })
            .collect())
    }

    /// The conditions under which packing reads the row and the column operand at
    /// `nestor_pc + nestor_k` ([`CellDepths`](crate::transform::products::CellDepths); empty: always).
    fn read_guards(&mut self, kernel: &ProductKernel) -> Gen<(String, String)> {
        let Some(depths) = &kernel.depths else {
            return Ok(Default::default());
        };
        let [rows, columns, ks] = self.role_ranges(kernel)?;
        let row = (CELL_ROW, "nestor_ic + nestor_ir + nestor_r", rows);
        let column = (CELL_COLUMN, "nestor_jc + nestor_jr + nestor_s", columns);
        let depth = (CELL_DEPTH, "nestor_pc + nestor_k", ks);
        let mut guard = |reads: &Option<ASTExpr>, names: &[(&str, &str, Interval)]| match reads {
            Some(e) => self.expr_at(e, names),
            None => Ok(String::new()),
        };
        Ok((
            guard(&depths.row_reads, &[row, depth])?,
            guard(&depths.column_reads, &[depth, column])?,
        ))
    }

    /// The values of the rows, columns and depths of `kernel`'s box.
    fn role_ranges(&self, kernel: &ProductKernel) -> Gen<[Interval; 3]> {
        let range = |k: usize| -> Gen<Interval> {
            Ok(self
                .expr(&kernel.first[k])?
                .range
                .hull(self.expr(&kernel.last[k])?.range))
        };
        Ok([range(0)?, range(1)?, range(2)?])
    }

    /// [`CellDepths`](crate::transform::products::CellDepths) as C: the first and last depth of the register tile's cell
    /// `nestor_r`, `nestor_s`, and the tests that a depth is the cell's.
    fn depth_fills(&mut self, kernel: &ProductKernel) -> Gen<DepthFills> {
        let Some(depths) = &kernel.depths else {
            return Ok(DepthFills::default());
        };
        let [row_range, column_range, _] = self.role_ranges(kernel)?;
        let at = |row, column| {
            [
                (CELL_ROW, row, row_range),
                (CELL_COLUMN, column, column_range),
            ]
        };
        let cell = at("nestor_i + nestor_r", "nestor_j + nestor_s");
        let point = at("nestor_i", "nestor_j");
        let (first, last) = (
            self.expr_at(&depths.first, &cell)?,
            self.expr_at(&depths.last, &cell)?,
        );
        let within =
            |first: &str, k: &str, last: &str| format!("if ({first} <= {k} && {k} <= {last})");
        let point = within(
            &self.expr_at(&depths.first, &point)?,
            "nestor_k",
            &self.expr_at(&depths.last, &point)?,
        );
        let b = &kernel.blocking;
        let (step_rows, step_columns) = match depths.affine {
            true => (
                b.rows.saturating_sub(1).max(1).to_string(),
                format!("{} - 1", columns(self.region, kernel)),
            ),
            false => ("1".to_string(), "1".to_string()),
        };
        Ok(DepthFills {
            step_rows,
            step_columns,
            cell_guard: within(&first, "nestor_pc + nestor_k", &last),
            point,
            first,
            last,
        })
    }
}

/// [`CellDepths`](crate::transform::products::CellDepths) as [`KERNEL`]'s and [`DEPTH_TILE`]'s `$name`s fill them in (empty
/// where every cell runs every depth).
#[derive(Default)]
struct DepthFills {
    first: String,
    last: String,
    /// `if (...)`: the depth `nestor_pc + nestor_k` is the cell `nestor_r`, `nestor_s`'s.
    cell_guard: String,
    /// `if (...)`: the depth `nestor_k` is the cell `nestor_i`, `nestor_j`'s.
    point: String,
    /// The steps between the register tile's cells whose depths bound all of its
    /// cells': its corners where the depths are affine, else every cell.
    step_rows: String,
    step_columns: String,
}

/// `value` where `condition` holds, else zero (never added: [`DEPTH_TILE`] adds a
/// cell's own depths only); `value` itself without a condition.
fn guarded(condition: &str, value: &str) -> String {
    match condition {
        "" => value.to_string(),
        c => format!("{c} ? {value} : 0"),
    }
}

/// The values of a product statement's iterators, by role (the C text of its row,
/// column and depth), in the order of its loops: what [`substituted`] puts in.
fn values_at(roles: Roles, row: &str, column: &str, depth: &str) -> Vec<String> {
    let mut values = vec![String::new(); 3];
    values[roles.row] = row.to_string();
    values[roles.column] = column.to_string();
    values[roles.depth] = depth.to_string();
    values
}

/// How a packed panel's length grows with the depth `k`: the products of a sum of
/// `terms` are packed side by side, `terms` values per `k` and row (or column).
fn per_k(terms: usize) -> String {
    match terms {
        1 => String::new(),
        n => format!(" * {n}"),
    }
}

/// Where product `term`'s values at depth `k` start in a packed panel `width` wide:
/// `k * terms * width + term * width`.
fn packed_at(k: &str, width: &str, term: usize, terms: usize) -> String {
    let stride = match terms {
        1 => width.to_string(),
        n => format!("{n} * {width}"),
    };
    match term {
        0 => format!("{k} * {stride}"),
        t => format!("{k} * {stride} + {t} * {width}"),
    }
}

/// The tests of [`ProductKernel::cells`] the kernel makes (empty without one).
#[derive(Default)]
struct CellGuards {
    /// ` && ...`: the four corners of the register tile at `nestor_i`, `nestor_j`.
    tile: String,
    /// `if (...)`: the cell `nestor_i + nestor_r`, `nestor_j + nestor_s`.
    cell: String,
    /// `if (...)`: the instance at `nestor_i`, `nestor_j`.
    point: String,
}

impl Printer<'_> {
    fn cell_guards(&mut self, kernel: &ProductKernel) -> Gen<CellGuards> {
        let Some(cells) = &kernel.cells else {
            return Ok(CellGuards::default());
        };
        let [row_range, column_range, _] = self.role_ranges(kernel)?;
        let ranges = (row_range, column_range);
        let b = &kernel.blocking;
        let (last_row, last_column) = (b.rows - 1, format!("{} - 1", columns(self.region, kernel)));
        let mut test = |row: &str, column: &str| self.cell_test(cells, row, column, ranges);
        let corners = [
            test("nestor_i", "nestor_j")?,
            test(&format!("nestor_i + {last_row}"), "nestor_j")?,
            test("nestor_i", &format!("nestor_j + {last_column}"))?,
            test(
                &format!("nestor_i + {last_row}"),
                &format!("nestor_j + {last_column}"),
            )?,
        ];
        Ok(CellGuards {
            tile: corners.iter().map(|c| format!(" && {c}")).collect(),
            cell: format!(
                "if ({})",
                test("nestor_i + nestor_r", "nestor_j + nestor_s")?
            ),
            point: format!("if ({})", test("nestor_i", "nestor_j")?),
        })
    }

    /// `cells` at the cell of row `row` and column `column` (C expressions whose values
    /// lie in `ranges`), as a C condition.
    fn cell_test(
        &mut self,
        cells: &ASTExpr,
        row: &str,
        column: &str,
        ranges: (Interval, Interval),
    ) -> Gen<String> {
        self.expr_at(
            cells,
            &[(CELL_ROW, row, ranges.0), (CELL_COLUMN, column, ranges.1)],
        )
    }

    /// `e` as C where each of `names` (isl's name, the C expression of its value, and the
    /// interval of that value) stands for its C expression.
    fn expr_at(&mut self, e: &ASTExpr, names: &[(&str, &str, Interval)]) -> Gen<String> {
        for (name, text, range) in names {
            self.loops.push(Loop {
                isl: name.to_string(),
                c: format!("({text})"),
                ty: WIDE,
                range: *range,
                downward: false,
            });
        }
        let out = self.expr(e).map(|e| e.wrapped(PRIMARY));
        self.loops.truncate(self.loops.len() - names.len());
        out
    }
}

/// The lines of a template, each with its level of nesting (two spaces per level) and
/// its text.
fn template_lines(template: &str) -> impl Iterator<Item = (usize, &str)> {
    template.lines().map(|l| {
        let text = l.trim_start();
        ((l.len() - text.len()) / 2, text)
    })
}

/// `line` with each `$name` replaced, in one pass (the C put in is not read again).
fn filled(line: &str, fills: &[(&'static str, String)]) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(at) = rest.find('$') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        let name = rest
            .char_indices()
            .skip(1)
            .find(|(_, c)| !(c.is_ascii_alphanumeric() || *c == '_'))
            .map_or(rest.len(), |(k, _)| k);
        match fills.iter().find(|(n, _)| *n == &rest[..name]) {
            Some((_, value)) => out.push_str(value),
            None => out.push_str(&rest[..name]),
        }
        rest = &rest[name..];
    }
    out.push_str(rest);
    out
}

/// A check the compiler makes that `expr` has type `t`, the type nestor read: where
/// nestor misread a type (a macro it took for another), the build fails instead of
/// computing in the wrong type.
fn type_check(expr: &str, t: &str) -> String {
    format!(
        "__extension__ _Static_assert(__builtin_types_compatible_p(__typeof__({expr}), {t}), \"nestor read this element type as {t}\");"
    )
}

/// The cell of row `r` of the register tile at `nestor_i`, `nestor_j`.
fn tile_cell(fills: &[(&'static str, String)], r: usize) -> String {
    fills
        .iter()
        .find(|(n, _)| *n == "$tile_cell")
        .map_or(String::new(), |(_, c)| c.replace("@r", &r.to_string()))
}

/// The call of [`tile_function`] for the register tile at `nestor_i`, `nestor_j`:
/// `depths` are its depths' count and the packed operands at the first.
fn tile_call(
    name: &str,
    b: &Blocking,
    fills: &[(&'static str, String)],
    depths: &[String; 3],
) -> String {
    let rows: Vec<String> = (0..b.rows)
        .map(|r| format!("&{}", tile_cell(fills, r)))
        .collect();
    format!("{name}({}, {});", depths.join(", "), rows.join(", "))
}

/// `if (a && b)` of two guards `if (a)`, `if (b)`, either of which may be empty.
fn join_guards(a: &str, b: &str) -> String {
    let condition = |g: &str| {
        g.strip_prefix("if (")
            .and_then(|g| g.strip_suffix(')'))
            .map(str::to_string)
    };
    match (condition(a), condition(b)) {
        (Some(a), Some(b)) => format!("if ({a} && {b})"),
        (Some(_), None) => a.to_string(),
        _ => b.to_string(),
    }
}

/// `pieces` with iterator `n` replaced by `values[n]` (parenthesized).
fn substituted(pieces: &[Piece], values: &[String]) -> String {
    pieces
        .iter()
        .map(|p| match p {
            Piece::Text(t) => t.clone(),
            Piece::Iter(n) => format!("({})", values[*n]),
        })
        .collect()
}
