//! A region lifted into isl with the dataflow of its original order and the order
//! chosen so far. The stages after the model work on a `Plan`: the search proposes
//! trees, storage changes rewrite the region and lift it again, and every change is
//! checked here against the original program's dataflow (invariant 7).

use crate::deps::{self, Dataflow, Order, Verdict};
use crate::frontend::Region;
use crate::model::{self, ScheduleTree, Scop, ScopText};
use isl_rs::{Context, LibISLError, UnionMap};

type Isl<T> = Result<T, LibISLError>;

pub struct Plan {
    pub region: Region,
    /// The region in isl notation.
    pub text: ScopText,
    pub scop: Scop,
    /// What the region computes in its original order.
    pub df: Dataflow,
    /// The order chosen so far (the original one at first).
    pub tree: ScheduleTree,
}

impl Plan {
    /// `region` with its dataflow, in its original order.
    pub fn new(ctx: &Context, region: Region, text: ScopText, scop: Scop) -> Isl<Plan> {
        let df = deps::dataflow(ctx, &scop)?;
        let tree = model::original_schedule(&region);
        Ok(Plan {
            region,
            text,
            scop,
            df,
            tree,
        })
    }

    /// `region` (this plan's region with its storage changed) lifted again, in its
    /// original order; `None` when it cannot be written in isl notation.
    pub fn lift(ctx: &Context, region: Region) -> Isl<Option<Plan>> {
        let Ok(text) = model::scop_text(&region) else {
            return Ok(None);
        };
        let scop = model::build(ctx, &text)?;
        Plan::new(ctx, region, text, scop).map(Some)
    }

    /// `{ S[i] -> time }`: the time stamps `tree` gives the statement instances.
    pub fn schedule_map(&self, ctx: &Context, tree: &ScheduleTree) -> Isl<UnionMap> {
        let schedule = model::schedule(ctx, &self.region, &self.text, tree)?;
        deps::schedule_map(&self.scop, &schedule)
    }

    /// Whether running the region in the order `tree` computes the same values, with a
    /// counterexample when not.
    pub fn verdict(&self, ctx: &Context, tree: &ScheduleTree) -> Isl<Verdict> {
        deps::check(&self.df, &self.schedule_map(ctx, tree)?, &Order::Sequential)
    }

    /// [`Plan::verdict`] without the counterexample (cheaper, for searches).
    pub fn is_legal(&self, ctx: &Context, tree: &ScheduleTree) -> Isl<bool> {
        deps::is_legal(&self.df, &self.schedule_map(ctx, tree)?, &Order::Sequential)
    }
}
