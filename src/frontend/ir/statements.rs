//! Statements of the IR: their source text as a template (`Piece`s), their tagged
//! accesses, and the product they add where they are `x += a * b`.

use super::{Aff, UnsignedValue};
use crate::support::diag::Span;

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum AccessKind {
    Read,
    Write,
}

/// One array reference in a statement (scalars are 0-d arrays).
#[derive(Clone, Debug)]
pub struct Access {
    /// Unique in the region; names the reference in tagged relations (`R3`).
    pub id: usize,
    pub kind: AccessKind,
    pub array: String,
    pub subscripts: Vec<Aff>,
    pub span: Span,
    /// The array's name in the source, and each subscript expression.
    pub name_span: Span,
    pub index_spans: Vec<Span>,
    /// A scalar's access made an access of the cell the scalar's value is stored to
    /// (`transform::forwarding`): its text is replaced whole by the cell's reference,
    /// so it has no subscripts in the text (`index_spans` is empty).
    pub forwarded: bool,
}

/// A piece of a statement's source text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Piece {
    Text(String),
    /// An occurrence of the statement's `n`-th surrounding iterator.
    Iter(usize),
}

#[derive(Clone, Debug)]
pub struct Statement {
    /// `S0`, `S1`, ... in textual order.
    pub name: String,
    /// Surrounding loop iterators, outermost first.
    pub iters: Vec<String>,
    /// The source text (of bytes `span`).
    pub text: String,
    /// Pieces of text to replace, by absolute byte range: every occurrence of an
    /// iterator (by its hole), and references rewritten by storage transformations.
    pub rewrites: Vec<(Span, Vec<Piece>)>,
    pub accesses: Vec<Access>,
    pub span: Span,
    /// Unsigned values each instance computes (subscripts).
    pub unsigned: Vec<UnsignedValue>,
    /// `target += l_1 * r_1 + ... + l_n * r_n`: the operands of the products it adds.
    pub product: Option<ProductUpdate>,
}

/// A statement `target += l_1 * r_1 + ... + l_n * r_n`, the sum evaluated left to right
/// (`(l_1 * r_1 + l_2 * r_2) + ...`), each product's one operator `*` at its top: the
/// source text of each product's operands, in the order of the sum. A product nest is
/// built of such statements (`transform::products`).
#[derive(Clone, Debug)]
pub struct ProductUpdate {
    pub terms: Vec<ProductTerm>,
}

/// One product `left * right` of a [`ProductUpdate`].
#[derive(Clone, Debug)]
pub struct ProductTerm {
    pub left: Span,
    pub right: Span,
}

impl Statement {
    /// The statement's text with its rewrites applied, iterators as holes.
    pub fn pieces(&self) -> Vec<Piece> {
        let mut rewrites: Vec<&(Span, Vec<Piece>)> = self.rewrites.iter().collect();
        // Insertions first, then enclosing ranges before what they contain.
        rewrites.sort_by_key(|(r, _)| (r.start, !r.is_empty(), std::cmp::Reverse(r.end)));
        let mut pieces = Vec::new();
        let mut at = self.span.start;
        for (range, replacement) in rewrites {
            if range.start < at {
                continue; // Inside an earlier rewrite.
            }
            pieces.push(Piece::Text(
                self.text[at - self.span.start..range.start - self.span.start].to_string(),
            ));
            pieces.extend(replacement.iter().cloned());
            at = range.end;
        }
        pieces.push(Piece::Text(self.text[at - self.span.start..].to_string()));
        pieces.retain(|p| p != &Piece::Text(String::new()));
        pieces
    }

    /// The pieces of access `a` alone (its own rewrites applied).
    pub fn access_pieces(&self, a: usize) -> Vec<Piece> {
        self.span_pieces(self.accesses[a].span.clone())
    }

    /// The pieces of the text of `span`, a part of the statement, with the rewrites
    /// inside it applied.
    pub fn span_pieces(&self, span: Span) -> Vec<Piece> {
        let mut alone = self.clone();
        alone.text =
            self.text[span.start - self.span.start..span.end - self.span.start].to_string();
        alone
            .rewrites
            .retain(|(r, _)| r.start >= span.start && r.end <= span.end);
        alone.span = span;
        alone.pieces()
    }
}
