//! A region lifted into isl with the dataflow of its original order and the order
//! chosen so far. The stages after the model work on a `Plan`: the search proposes
//! trees, storage changes rewrite the region and lift it again, and every change is
//! checked here against the original program's dataflow (invariant 7).

use crate::analysis::dataflow;
use crate::analysis::deps::{self, Checked, Dataflow, Order, Verdict, Violation, ViolationKind};
use crate::frontend::Region;
use crate::frontend::ir::BlockVariable;
use crate::model::{self, Parsed, ScheduleTree, Scop, ScopText};
use isl_rs::{Context, LibISLError, UnionMap, UnionSet};
use std::cell::RefCell;
use std::collections::{BTreeSet, HashMap};
use std::rc::Rc;

type Isl<T> = Result<T, LibISLError>;

pub struct Plan {
    pub region: Region,
    /// The region in isl notation.
    pub text: ScopText,
    pub scop: Scop,
    /// What the region computes in its original order.
    pub df: Dataflow,
    /// The order chosen so far (the original one at first). It always computes the
    /// same values as the original order against `df`: later stages check only what
    /// their changes of it reorder (`is_legal_change`).
    pub tree: ScheduleTree,
    /// The pieces of time stamps parsed so far ([`model::time_stamps`]), by their
    /// text: a search's candidates share most of them. Storage changes that keep a
    /// plan (contraction, copies per thread) change accesses, never its statements or
    /// their domains, so the pieces stay right.
    stamps: RefCell<HashMap<String, UnionMap>>,
    /// Whether an order keeps every memory-based dependence, for the original order and
    /// those [`Plan::violation_of_change`] found legal: a change of one that does
    /// need only have its reordered instances' kept.
    memory_order_kept: RefCell<HashMap<ScheduleTree, bool>>,
}

impl Plan {
    /// `region` with its dataflow, in its original order.
    pub fn new(ctx: &Context, region: Region, text: ScopText, scop: Scop) -> Isl<Plan> {
        let df = dataflow::dataflow(ctx, &scop)?;
        let tree = model::original_schedule(&region);
        let memory_order_kept = RefCell::new(HashMap::from([(tree.clone(), true)]));
        Ok(Plan {
            region,
            text,
            scop,
            df,
            tree,
            stamps: RefCell::default(),
            memory_order_kept,
        })
    }

    /// The first variable declared in a block of the region whose value crosses an
    /// execution of its block: read before it is written there (a live-in read), or
    /// read in another execution of a block than the one that wrote it. With
    /// `B = { S[i] -> Block_b[i_0, .., i_(d-1)] }` for the statements `S` in block `b`
    /// (`d` loops around its declaration), that is `live_in ∩ reads_x ≠ ∅` or
    /// `B⁻¹ . flow_x . B ⊄ identity`, `flow_x` the flow dependences into reads of `x`.
    /// Only when there is none is one variable declared before the region the same
    /// program.
    pub fn crossing_block_value(&self, ctx: &Context) -> Isl<Option<String>> {
        for var in self.region.block_locals.iter().filter(|b| !b.proven) {
            let rank = self
                .region
                .arrays
                .iter()
                .find(|a| a.name == var.name)
                .map_or(0, |a| a.extents.len());
            let cells: Vec<String> = (0..rank).map(|k| format!("o{k}")).collect();
            let cells = format!("{{ {}[{}] }}", model::isl_name(&var.name), cells.join(", "));
            let reads_x = self
                .scop
                .reads
                .copy()?
                .intersect_range(UnionSet::read_from_str(ctx, &cells)?)?
                .domain()?;
            let tagged = &self.df.tagged;
            // Under the context: `#define W 64` leaves no run where `row[W]` is empty.
            if !tagged
                .live_in
                .copy()?
                .intersect_domain(reads_x.copy()?)?
                .intersect_params(self.scop.context.copy()?)?
                .is_empty()?
            {
                return Ok(Some(var.name.clone()));
            }
            let blocks = UnionMap::read_from_str(ctx, &self.block_map(var))?;
            let across = tagged
                .flow
                .copy()?
                .intersect_range(reads_x)?
                .apply_domain(tagged.instance.copy()?)?
                .apply_range(tagged.instance.copy()?)?
                .apply_domain(blocks.copy()?)?
                .apply_range(blocks)?;
            let across = across.intersect_params(self.scop.context.copy()?)?;
            let same = across.copy()?.domain()?.identity()?;
            if !across.is_subset(&same)? {
                return Ok(Some(var.name.clone()));
            }
        }
        Ok(None)
    }

    /// `{ S[i] -> Block_b[i_0, .., i_(d-1)] }` for every statement `S` in a block `b`
    /// of `var` (its statement inside the block's scope, `d` loops around it).
    fn block_map(&self, var: &BlockVariable) -> String {
        let mut pieces = Vec::new();
        for (b, (scope, depth)) in var.blocks.iter().enumerate() {
            let inside = self.region.statements.iter();
            for s in inside.filter(|s| scope.contains(&s.span.start)) {
                let iters: Vec<String> = s.iters.iter().map(|i| model::isl_name(i)).collect();
                let outer = iters[..(*depth).min(iters.len())].join(", ");
                pieces.push(format!(
                    "{}[{}] -> __nestor_block{b}[{outer}]",
                    s.name,
                    iters.join(", ")
                ));
            }
        }
        format!("{}{{ {} }}", self.text.params, pieces.join("; "))
    }

    /// `region` lifted, in its original order; `None` when it cannot be written in isl
    /// notation.
    pub fn lift(ctx: &Context, region: Region) -> Isl<Option<Plan>> {
        lifted(ctx, region, Default::default())
    }

    /// `region` (this plan's region with its storage changed) lifted again, in its
    /// original order, reading again only the texts of this plan's model it changed;
    /// `None` when it cannot be written in isl notation.
    pub fn lift_change(&self, ctx: &Context, region: Region) -> Isl<Option<Plan>> {
        lifted(ctx, region, self.scop.parsed.clone())
    }

    /// This plan with the order `tree` chosen (one computing the same values).
    pub fn in_order(self, tree: ScheduleTree) -> Plan {
        Plan { tree, ..self }
    }

    /// `{ S[i] -> time }`: the time stamps `tree` gives the statement instances.
    pub fn schedule_map(&self, ctx: &Context, tree: &ScheduleTree) -> Isl<UnionMap> {
        let mut map = UnionMap::empty_ctx(ctx)?;
        for piece in model::time_stamps(&self.region, &self.text.params, tree) {
            let stamps = model::kept(&self.stamps, &piece, UnionMap::copy, || {
                UnionMap::read_from_str(ctx, &piece)?.intersect_domain(self.scop.domain.copy()?)
            })?;
            map = map.union(stamps)?;
        }
        Ok(map)
    }

    /// Whether running the region in the order `tree` computes the same values, with a
    /// counterexample when not.
    pub fn verdict(&self, ctx: &Context, tree: &ScheduleTree) -> Isl<Verdict> {
        deps::check(
            &self.df,
            &self.schedule_map(ctx, tree)?,
            &Order::Sequential,
            None,
        )
    }

    /// [`Plan::verdict`] without the counterexample (cheaper, for searches).
    pub fn is_legal(&self, ctx: &Context, tree: &ScheduleTree) -> Isl<bool> {
        deps::is_legal(
            &self.df,
            &self.schedule_map(ctx, tree)?,
            &Order::Sequential,
            None,
        )
    }

    /// [`Plan::is_legal`] of `candidate`, a change of `base`, an order already known to
    /// compute the same values: only the instances of the statements whose relative
    /// order the change may affect ([`ScheduleTree::reordered`]) are checked, which is
    /// exact given `base` and much cheaper when a change touches one nest of many.
    pub fn is_legal_change(
        &self,
        ctx: &Context,
        base: &ScheduleTree,
        candidate: &ScheduleTree,
    ) -> Isl<bool> {
        Ok(self.violation_of_change(ctx, base, candidate)?.is_none())
    }

    /// The first check `candidate`, a change of the legal order `base`, fails, checked
    /// as [`Plan::is_legal_change`] does.
    pub fn violation_of_change(
        &self,
        ctx: &Context,
        base: &ScheduleTree,
        candidate: &ScheduleTree,
    ) -> Isl<Option<ViolationKind>> {
        let kept = self.memory_order_kept.borrow().get(base).copied();
        let Some(reordered) = self.reordered(ctx, base, candidate)? else {
            if let Some(kept) = kept {
                self.memory_order_kept
                    .borrow_mut()
                    .insert(candidate.clone(), kept);
            }
            return Ok(None);
        };
        let schedule = self.schedule_map(ctx, candidate)?;
        let checked = deps::first_violation(
            &self.df,
            &schedule,
            &Order::Sequential,
            Some(&reordered),
            kept == Some(true),
        )?;
        Ok(match checked {
            Checked::Violated(kind) => Some(kind),
            Checked::Legal { keeps_memory_order } => {
                self.memory_order_kept
                    .borrow_mut()
                    .insert(candidate.clone(), keeps_memory_order);
                None
            }
        })
    }

    /// The counterexample to `candidate`, a change of the legal order `base`, checked as
    /// [`Plan::is_legal_change`] does (one of the whole region); `None` when legal.
    pub fn violation_in_change(
        &self,
        ctx: &Context,
        base: &ScheduleTree,
        candidate: &ScheduleTree,
    ) -> Isl<Option<Violation>> {
        let Some(reordered) = self.reordered(ctx, base, candidate)? else {
            return Ok(None);
        };
        let schedule = self.schedule_map(ctx, candidate)?;
        deps::counterexample(&self.df, &schedule, &Order::Sequential, Some(&reordered))
    }

    /// The instances whose relative order `candidate` may change from `base`; `None`
    /// when it changes none.
    fn reordered(
        &self,
        ctx: &Context,
        base: &ScheduleTree,
        candidate: &ScheduleTree,
    ) -> Isl<Option<UnionSet>> {
        let statements = base.reordered(candidate);
        if statements.is_empty() {
            return Ok(None);
        }
        self.instances_of(ctx, &statements).map(Some)
    }

    /// `{ S[i] }` for the statements `S` of `statements` (all their instances).
    pub fn instances_of(&self, ctx: &Context, statements: &BTreeSet<usize>) -> Isl<UnionSet> {
        let tuples: Vec<String> = statements
            .iter()
            .map(|&k| {
                let s = &self.region.statements[k];
                model::tuple(&s.name, &s.iters)
            })
            .collect();
        UnionSet::read_from_str(ctx, &format!("{{ {} }}", tuples.join("; ")))
    }
}

/// `region` lifted with `parsed`'s texts read already.
fn lifted(ctx: &Context, region: Region, parsed: Rc<Parsed>) -> Isl<Option<Plan>> {
    let Ok(text) = model::scop_text(&region) else {
        return Ok(None);
    };
    let scop = model::build(ctx, &text, parsed)?;
    Plan::new(ctx, region, text, scop).map(Some)
}
