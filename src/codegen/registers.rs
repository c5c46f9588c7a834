//! The locals of a [`RegisterPlan`] as C: each kept cell declared (loaded from the
//! cell where the plan says so) before the code that uses it, the accesses the plan
//! names reading and writing the local, and the cell stored back after.

use super::statements::render;
use super::{Gen, Printer};
use crate::frontend::ir::{Piece, Statement};
use crate::transform::decision::Decision;
use isl_rs::ASTNode;

/// A kept cell as printed: a local `name` of type `ty` holding the cell `text`.
pub(super) struct Local {
    ty: String,
    name: String,
    text: String,
    loaded: bool,
}

impl Local {
    pub(super) fn declaration(&self) -> String {
        match self.loaded {
            true => format!("{} {} = {};", self.ty, self.name, self.text),
            false => format!("{} {};", self.ty, self.name),
        }
    }

    pub(super) fn store(&self) -> String {
        format!("{} = {};", self.text, self.name)
    }

    /// The declaration, loaded only where `runs` holds (else 0, never read).
    pub(super) fn declaration_where(&self, runs: &str) -> String {
        match self.loaded {
            true => format!("{} {} = {runs} ? {} : 0;", self.ty, self.name, self.text),
            false => self.declaration(),
        }
    }

    /// How `explain` reports the cells of `locals` kept across the loop named
    /// `iterator`; none when there are none.
    pub(super) fn promoted(locals: Vec<Local>, iterator: &str) -> Option<Decision> {
        (!locals.is_empty()).then(|| Decision::Promoted {
            cells: locals.into_iter().map(|l| l.text).collect(),
            iterator: iterator.to_string(),
        })
    }
}

impl Printer<'_> {
    /// Prints the block `block`, statement calls `users` run one after the other, with
    /// the cells the plan keeps across it in locals.
    pub(super) fn straight_line(
        &mut self,
        block: &ASTNode,
        users: &[ASTNode],
        depth: usize,
    ) -> Gen<()> {
        let kept = self.locals(self.registers.across_block(block))?;
        for local in &kept {
            self.lines.push((depth, local.declaration()));
        }
        for user in users {
            let call = user.user_get_expr()?;
            let k = self.statement_of(&call)?;
            let args = self.statement_args(&call, k)?;
            let pieces = self.statement_pieces(user, k);
            self.comments_of(k, false, depth);
            self.lines.push((depth, render(&pieces, &args)));
            self.comments_of(k, true, depth);
        }
        for local in &kept {
            self.lines.push((depth, local.store()));
        }
        Ok(())
    }

    /// The locals of the plan's cells `ids`, each with a new name.
    pub(super) fn locals(&mut self, ids: &[usize]) -> Gen<Vec<Local>> {
        ids.iter().map(|&id| self.local(id)).collect()
    }

    fn local(&mut self, id: usize) -> Gen<Local> {
        let registers = self.registers;
        let kept = &registers.cells[id];
        let stmt = &self.region.statements[kept.statement];
        let args = self.statement_args(&kept.call, kept.statement)?;
        let name = self.fresh_local(&kept.array);
        self.local_names.insert(id, name.clone());
        Ok(Local {
            ty: self.element_type(&kept.array),
            name,
            text: render(&stmt.access_pieces(kept.access), &args),
            loaded: kept.loaded,
        })
    }

    /// The pieces of statement `k`, called by `user`, each access the plan keeps in a
    /// local replaced by the local.
    pub(super) fn statement_pieces(&self, user: &ASTNode, k: usize) -> Vec<Piece> {
        let stmt: &Statement = &self.region.statements[k];
        let locals: Vec<(usize, &String)> = (0..stmt.accesses.len())
            .filter_map(|a| {
                let id = self.registers.replacement(user, a)?;
                Some((a, self.local_names.get(&id)?))
            })
            .collect();
        if locals.is_empty() {
            return stmt.pieces();
        }
        let mut stmt = stmt.clone();
        for (a, name) in locals {
            let span = stmt.accesses[a].span.clone();
            stmt.rewrites
                .retain(|(r, _)| !(r.start >= span.start && r.end <= span.end));
            stmt.rewrites.push((span, vec![Piece::Text(name.clone())]));
        }
        stmt.pieces()
    }

    fn element_type(&self, array: &str) -> String {
        self.region
            .arrays
            .iter()
            .find(|a| a.name == array)
            .map_or_else(String::new, |a| a.element.spelling.clone())
    }

    /// A name for a new local holding a cell of `array`, unique in the region and
    /// clashing with no name of the file or loop.
    fn fresh_local(&mut self, array: &str) -> String {
        self.locals += 1;
        self.fresh_name(&format!("{array}_r{}", self.locals - 1))
    }
}
