//! Delinearization in the lifter: the one subscript of a pointer or one-dimensional
//! array lifted as a [`FlatSubscript`], and, once the region is lifted, each such
//! array's accesses given the subscripts of the dimensions its flat subscripts share
//! (`affine::flat`).

use super::Lifter;
use crate::frontend::affine::flat::{FlatSubscript, chain, constant_size};
use crate::frontend::ir::{Aff, UnsignedValue};
use crate::frontend::symbols::Shape;
use crate::frontend::types::CType;
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
    /// view's offset and whether C computes it unsigned, else 0), for the access about
    /// to be made: its affine form, or for a flat subscript a placeholder its
    /// dimensions replace ([`Lifter::delinearize`]). Each part C computes unsigned is
    /// observed: as an affine value, or by its dimensions once they are known
    /// ([`Lifter::bound_unsigned_flats`]).
    pub(super) fn lift_flat(
        &mut self,
        node: Node,
        start: (FlatSubscript, Option<CType>),
    ) -> Option<Aff> {
        let (start, start_type) = start;
        let context = self.affine(Code::NonAffineSubscript);
        let flat = match context.flat(node) {
            Ok(f) => f,
            Err(d) => {
                self.diags.push(*d);
                return None;
            }
        };
        let node_type = context.expression_type(node);
        let id = self.next_ref;
        let mut by_dimensions = Vec::new();
        for (part, ty) in [(&flat, Some(node_type)), (&start, start_type)] {
            match (part.as_affine(), ty) {
                (_, None | Some(CType::Signed(_) | CType::Floating(_) | CType::Unknown)) => {}
                (Some(aff), Some(ty)) => context.observe(node, &aff, ty),
                (None, Some(_)) => by_dimensions.push((id, part.clone())),
            }
        }
        self.unsigned_flats.extend(by_dimensions);
        let flat = match flat.as_affine() {
            Some(aff) => FlatSubscript::from(self.with_inductions(aff, node)),
            None => flat,
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

impl Lifter<'_> {
    /// Observes each part of a flat subscript C computes unsigned by its dimensions
    /// (its value `Σ_d s_d · Π_{e > d} E_e` is not affine): with `D` dimensions, each
    /// recovered subscript `s_d` and each size `E_e` in `[0, 2^k)` for
    /// `k = floor(61 / D)`, so the part is below `2^62` and C's value is the model's.
    pub(super) fn bound_unsigned_flats(&mut self) {
        for (id, part) in std::mem::take(&mut self.unsigned_flats) {
            let Some((k, access)) = self.statements.iter().enumerate().find_map(|(k, s)| {
                s.accesses
                    .iter()
                    .find(|a| a.id == id)
                    .map(|a| (k, a.clone()))
            }) else {
                continue;
            };
            let Some(sizes) = self.dimensions.get(&access.array).cloned() else {
                continue; // Not delinearized: already reported.
            };
            let sized = match sizes.iter().find_map(|e| e.parse::<i64>().ok()) {
                Some(g) => part.with_constant_size(g),
                None => Some(part),
            };
            let Some(subscripts) = sized.and_then(|p| p.subscripts(&sizes)) else {
                self.diags.push(*not_one_shape(&access.array, access.span));
                continue;
            };
            let bits = 61 / (sizes.len() as u32 + 1);
            let max = (1i64 << bits) - 1;
            let factors = subscripts
                .into_iter()
                .chain(sizes.iter().map(|e| match e.parse() {
                    Ok(v) => Aff::Int(v),
                    Err(_) => Aff::name(e),
                }));
            let values = factors.map(|aff| UnsignedValue {
                aff,
                max,
                span: access.span.clone(),
            });
            let unsigned = &mut self.statements[k].unsigned;
            for value in values {
                if !unsigned.contains(&value) {
                    unsigned.push(value);
                }
            }
        }
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
