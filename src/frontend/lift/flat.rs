//! Delinearization in the lifter: the one subscript of a pointer or one-dimensional
//! array lifted as a [`FlatSubscript`], and, once the region is lifted, each such
//! array's accesses given the subscripts of the dimensions its flat subscripts share
//! (`affine::flat`).

use super::Lifter;
use crate::frontend::affine::flat::{FlatSubscript, chain, constant_size};
use crate::frontend::ir::Aff;
use crate::frontend::symbols::Shape;
use crate::support::diag::{Code, Diagnostic, Span};
use std::collections::BTreeSet;
use tree_sitter::Node;

impl Lifter<'_> {
    /// Whether `name` at `position` may be indexed by a flat subscript: a pointer or a
    /// one-dimensional array, not a variable of the region's blocks.
    pub(super) fn may_be_flat(&self, name: &str, position: usize) -> bool {
        let one_dimension = self
            .symbols
            .get_at(name, position)
            .is_some_and(|s| match &s.shape {
                Shape::Pointer { .. } => true,
                Shape::Array(extents) => extents.len() == 1,
                _ => false,
            });
        one_dimension && self.block_variable_at(name, position).is_none()
    }

    /// The subscript `start + node` of a pointer or one-dimensional array (`start`: a
    /// view's offset, else 0), for the access about to be made: its affine form, or for
    /// a flat subscript a placeholder its dimensions replace ([`Lifter::delinearize`]).
    pub(super) fn lift_flat(&mut self, node: Node, start: FlatSubscript) -> Option<Aff> {
        let flat = match self.affine(Code::NonAffineSubscript).flat(node) {
            Ok(f) => f,
            Err(d) => {
                self.diags.push(*d);
                return None;
            }
        };
        let names = flat.names();
        self.record_spellings(node, &names);
        self.record_names(names, node.byte_range());
        let flat = start.combined(flat, 1);
        if let Some(affine) = flat.as_affine() {
            return Some(affine);
        }
        self.flat_subscripts.insert(self.next_ref, flat);
        Some(Aff::Int(0))
    }

    /// Gives the accesses of every array indexed by a flat subscript the subscripts of
    /// the dimensions its subscripts linearize; an array whose subscripts do not
    /// linearize one shape is reported (N101).
    pub(super) fn delinearize(&mut self) {
        let arrays: BTreeSet<String> = self
            .statements
            .iter()
            .flat_map(|s| &s.accesses)
            .filter(|a| self.flat_subscripts.contains_key(&a.id))
            .map(|a| a.array.clone())
            .collect();
        for array in arrays {
            match self.delinearized(&array) {
                Ok(sizes) => {
                    self.dimensions.insert(array, sizes);
                }
                Err(d) => self.diags.push(*d),
            }
        }
    }

    /// The sizes of the dimensions `array`'s subscripts linearize, its accesses given
    /// their subscripts.
    fn delinearized(&mut self, array: &str) -> Result<Vec<String>, Box<Diagnostic>> {
        let mut flats = Vec::new();
        for a in self.statements.iter().flat_map(|s| &s.accesses) {
            if a.array != array {
                continue;
            }
            let flat = match (self.flat_subscripts.get(&a.id), a.subscripts.as_slice()) {
                (Some(f), _) => f.clone(),
                (None, [s]) => FlatSubscript::from(s.clone()),
                _ => return Err(not_one_shape(array, a.span.clone())),
            };
            flats.push((a.id, a.span.clone(), flat));
        }
        if let Some(g) = constant_size(&flats.iter().map(|f| &f.2).collect::<Vec<_>>()) {
            for f in &mut flats {
                if let Some(sized) = f.2.with_constant_size(g) {
                    f.2 = sized;
                }
            }
        }
        let first = flats.first().map_or(0..0, |f| f.1.clone());
        let sizes = chain(&flats.iter().map(|f| &f.2).collect::<Vec<_>>())
            .ok_or_else(|| not_one_shape(array, first))?;
        for (id, span, flat) in flats {
            let subscripts = flat
                .subscripts(&sizes)
                .ok_or_else(|| not_one_shape(array, span))?;
            for s in &mut self.statements {
                for a in s.accesses.iter_mut().filter(|a| a.id == id) {
                    a.subscripts = subscripts.clone();
                }
            }
        }
        Ok(sizes)
    }
}

fn not_one_shape(array: &str, span: Span) -> Box<Diagnostic> {
    Box::new(Diagnostic::new(
        Code::NonAffineSubscript,
        span,
        format!("the flat subscripts of `{array}` do not linearize one array shape"),
    )
    .label("products of parameters not nested like those of its other subscripts")
    .expected("flat subscripts of one shape: `i * n + j`, `(b * T + t) * C + c`")
    .hint("index the array with the same row length everywhere, or declare it with its dimensions"))
}
