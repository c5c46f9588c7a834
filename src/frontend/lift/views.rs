//! Offset views: a pointer declared in a loop body as a place in an array
//! (`const float *x = inp + b * T * C + t * C;`, `&inp[k]`, or another view plus an
//! offset) and read or written through (`x[i]`). Each use is an access of the array at
//! the summed subscript (`inp[b*T*C + t*C + i]`, a flat subscript); its text names the
//! place itself (`(inp + b * T * C + t * C)[i]`), so the statement means the same
//! wherever the rewritten code puts it, and the declaration is left out.

use super::Lifter;
use crate::frontend::affine::flat::FlatSubscript;
use crate::frontend::affine::unparen;
use crate::frontend::ir::{Access, AccessKind, Piece, UnsignedValue};
use crate::frontend::syntax::text;
use crate::frontend::types::CType;
use crate::support::diag::{Code, Span};
use tree_sitter::Node;

/// A pointer declared in a loop body as `base + offset`.
#[derive(Clone, Debug)]
pub(super) struct View {
    name: String,
    /// The array it points into (a pointer parameter or one-dimensional array).
    base: String,
    offset: FlatSubscript,
    /// The narrowest unsigned type C computes a part of the offset in, if any.
    unsigned_offset: Option<CType>,
    /// The unsigned values the offset computes: each use computes them again.
    unsigned: Vec<UnsignedValue>,
    /// The place as C, parenthesized, iterators as holes.
    place: Vec<Piece>,
    /// Where its name means it: from its declaration to the end of its block.
    scope: Span,
}

impl Lifter<'_> {
    /// Registers the pointer `name` declared by `decl` with initializer `value` as a
    /// view; `false` (nothing recorded) when `value` is not a place in an array
    /// nestor models as one whose subscripts may be flat.
    pub(super) fn view(&mut self, decl: Node, name: Node, value: Node) -> bool {
        let position = decl.start_byte();
        let place = self.place(unparen(value), position);
        let unsigned = self.take_unsigned();
        let Some((base, offset, unsigned_offset)) = place else {
            return false;
        };
        let names = offset.names();
        self.record_spellings(value, &names);
        self.record_names(names, value.byte_range());
        let place = self.place_text(value);
        let block_end = decl.parent().map_or(decl.end_byte(), |b| b.end_byte());
        self.views.push(View {
            name: text(name, self.src).to_string(),
            base,
            offset,
            unsigned_offset,
            unsigned,
            place,
            scope: position..block_end,
        });
        true
    }

    /// The array and flat offset `value` points at: `base`, `base + e`, `e + base`,
    /// `base - e`, `&base[e]` (and sums of those), with `base` an array that may be
    /// indexed flat or a view; and the narrowest unsigned type C computes a part of it in.
    fn place(
        &mut self,
        value: Node,
        position: usize,
    ) -> Option<(String, FlatSubscript, Option<CType>)> {
        match value.kind() {
            "identifier" => self.base_of(text(value, self.src), position),
            "binary_expression" => {
                let (l, r) = (
                    value.child_by_field_name("left")?,
                    value.child_by_field_name("right")?,
                );
                let sign = match crate::frontend::affine::op_text(value, self.src).as_str() {
                    "+" => 1,
                    "-" => -1,
                    _ => return None,
                };
                if let Some((array, start, unsigned)) = self.place(unparen(l), position) {
                    let (off, more) = self.offset(r)?;
                    return Some((array, start.combined(off, sign), narrowest(unsigned, more)));
                }
                let (array, start, unsigned) =
                    self.place(unparen(r), position).filter(|_| sign > 0)?;
                let (off, more) = self.offset(l)?;
                Some((array, start.combined(off, 1), narrowest(unsigned, more)))
            }
            "pointer_expression" if value.child(0).is_some_and(|c| c.kind() == "&") => {
                let target = unparen(value.child_by_field_name("argument")?);
                let (array, index) = crate::frontend::affine::subscripts_of(target)?;
                let [index] = index.as_slice() else {
                    return None;
                };
                let (array, start, unsigned) = self.base_of(text(array, self.src), position)?;
                let (index, more) = self.offset(*index)?;
                Some((array, start.combined(index, 1), narrowest(unsigned, more)))
            }
            _ => None,
        }
    }

    /// An offset added to a place, and its type if C computes it unsigned.
    fn offset(&self, node: Node) -> Option<(FlatSubscript, Option<CType>)> {
        let context = self.affine(Code::NonAffineSubscript);
        let flat = context.flat(node).ok()?;
        let ty = context.expression_type(node);
        Some((flat, matches!(ty, CType::Unsigned(_)).then_some(ty)))
    }

    /// `name` as the start of a view: a pointer or one-dimensional array (offset 0),
    /// or a view (its array and offset).
    fn base_of(
        &self,
        name: &str,
        position: usize,
    ) -> Option<(String, FlatSubscript, Option<CType>)> {
        if let Some(v) = self.view_at(name, position) {
            return Some((v.base.clone(), v.offset.clone(), v.unsigned_offset));
        }
        self.may_be_flat(name, position).then(|| {
            (
                self.memory_name(name, position),
                FlatSubscript::default(),
                None,
            )
        })
    }

    /// `(value)` as pieces, iterators as holes and views as the places they name.
    fn place_text(&self, value: Node) -> Vec<Piece> {
        let mut holes = self.iterator_holes(value);
        super::accesses::collect_identifiers(value, &mut |id| {
            if let Some(v) = self.view_at(text(id, self.src), id.start_byte()) {
                holes.push((id.byte_range(), v.place.clone()));
            }
        });
        holes.sort_by_key(|(span, _)| span.start);
        let mut pieces = vec![Piece::Text("(".to_string())];
        let mut at = value.start_byte();
        for (span, hole) in holes {
            pieces.push(Piece::Text(self.src[at..span.start].to_string()));
            pieces.extend(hole);
            at = span.end;
        }
        pieces.push(Piece::Text(format!("{})", &self.src[at..value.end_byte()])));
        pieces
    }

    /// The view `name` means at `position`, if any.
    pub(super) fn view_at(&self, name: &str, position: usize) -> Option<&View> {
        self.views
            .iter()
            .rev()
            .find(|v| v.name == name && v.scope.contains(&position))
    }

    /// The access `node` (`x[e]`, `x` named by `name_node`) through `view`: its
    /// array at the view's offset plus `e`. The name's text becomes the place.
    pub(super) fn view_access(
        &mut self,
        node: Node,
        name_node: Node,
        view: View,
        indices: &[Node],
        kind: AccessKind,
        out: &mut Vec<Access>,
    ) -> bool {
        let [index] = indices else {
            self.diags
                .push(super::accesses::pointer_access(node, self.src));
            return false;
        };
        self.unsigned
            .borrow_mut()
            .extend(view.unsigned.iter().cloned());
        let start = (view.offset.clone(), view.unsigned_offset);
        let Some(lifted) = self.lift_flat(*index, start) else {
            return false;
        };
        self.view_uses
            .push((name_node.byte_range(), view.place.clone()));
        out.push(Access {
            id: self.next_ref,
            kind,
            array: view.base,
            subscripts: vec![lifted],
            span: node.byte_range(),
            name_span: name_node.byte_range(),
            index_spans: vec![index.byte_range()],
            forwarded: false,
        });
        self.next_ref += 1;
        true
    }
}

/// The narrower of two unsigned types, either absent.
fn narrowest(a: Option<CType>, b: Option<CType>) -> Option<CType> {
    match (a, b) {
        (Some(CType::Unsigned(x)), Some(CType::Unsigned(y))) => Some(CType::Unsigned(x.min(y))),
        (a, b) => a.or(b),
    }
}
