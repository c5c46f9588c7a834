//! Flat subscripts: `a[i * n + j]`, `a[(b * T + t) * C + c]`, `a[b*T*C + t*C + c]`, the
//! one subscript of a pointer or a one-dimensional array that linearizes several
//! dimensions. Each is lifted as a sum `Σ_m m · a_m` of affine coefficients `a_m` times
//! products `m` of parameters; an array's products must form one chain
//! `1 | S_0 | S_0·S_1 | ...`, each step one parameter, and the coefficients are then the
//! subscripts of the dimensions `[.., S_1, S_0]` (outermost first): `a[i * n + j]` is
//! `a[i][j]` of an array of `n` columns. The recovered subscripts name the same cells as
//! the flat one exactly when every inner one lies in `[0, S)`; the model proves it
//! (`model::flat_subscripts_out_of_range`) or the region is refused.

use super::{AffineContext, Lifted, field, op_text};
use crate::frontend::ir::Aff;
use std::collections::{BTreeMap, BTreeSet};
use tree_sitter::Node;

/// `Σ_m m · a_m`: per product of parameters (sorted names; `[]` for 1), its coefficient.
/// `Default` is 0.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FlatSubscript(BTreeMap<Vec<String>, Aff>);

impl From<Aff> for FlatSubscript {
    fn from(a: Aff) -> FlatSubscript {
        FlatSubscript(BTreeMap::from([(Vec::new(), a)]))
    }
}

impl FlatSubscript {
    /// Whether it is affine already (no product of parameters).
    pub fn is_affine(&self) -> bool {
        self.0.keys().all(Vec::is_empty)
    }

    /// Its affine form, when it is affine.
    pub fn as_affine(&self) -> Option<Aff> {
        match self.is_affine() {
            true => Some(self.0.get(&Vec::new()).cloned().unwrap_or(Aff::Int(0))),
            false => None,
        }
    }

    /// The names it reads: its coefficients' and its products'.
    pub fn names(&self) -> BTreeSet<String> {
        let mut names = BTreeSet::new();
        for (m, a) in &self.0 {
            names.extend(m.iter().cloned());
            a.names(&mut names);
        }
        names
    }

    /// `self + sign · other`.
    pub fn combined(mut self, other: FlatSubscript, sign: i64) -> FlatSubscript {
        for (m, a) in other.0 {
            let a = if sign < 0 { Aff::Neg(Box::new(a)) } else { a };
            let sum = match self.0.remove(&m) {
                Some(b) => Aff::Add(Box::new(b), Box::new(a)),
                None => a,
            };
            self.0.insert(m, sum);
        }
        self
    }

    fn scaled(self, c: i64) -> FlatSubscript {
        FlatSubscript(
            self.0
                .into_iter()
                .map(|(m, a)| (m, Aff::Scale(c, Box::new(a))))
                .collect(),
        )
    }

    /// `self · p` for the parameter `p`.
    fn times_parameter(self, p: &str) -> FlatSubscript {
        FlatSubscript(
            self.0
                .into_iter()
                .map(|(mut m, a)| {
                    m.push(p.to_string());
                    m.sort();
                    (m, a)
                })
                .collect(),
        )
    }

    /// Its value as a constant, if it is one.
    fn constant(&self) -> Option<i64> {
        match self.is_affine() {
            true => self.0.get(&Vec::new()).map_or(Some(0), Aff::constant),
            false => None,
        }
    }

    /// The parameter it is, if it is exactly one (not an iterator of `iters`).
    fn parameter(&self, iters: &[String]) -> Option<String> {
        let Some(Aff::Name(p)) = self.0.get(&Vec::new()).filter(|_| self.0.len() == 1) else {
            return None;
        };
        (!iters.contains(p)).then(|| p.clone())
    }

    /// The subscripts of the dimensions `sizes` (innermost first, see [`chain`])
    /// recover, outermost first; `None` when a product is not a prefix of the chain.
    /// A coefficient's term `c · S_k` counts `c` in the next dimension out
    /// (`a[i * n + n + j]` is `a[i + 1][j]`).
    pub fn subscripts(&self, sizes: &[String]) -> Option<Vec<Aff>> {
        let mut levels: Vec<Aff> = vec![Aff::Int(0); sizes.len() + 1];
        for (m, a) in &self.0 {
            let k = m.len();
            let mut prefix: Vec<String> = sizes[..k.min(sizes.len())].to_vec();
            prefix.sort();
            if k > sizes.len() || prefix != *m {
                return None;
            }
            levels[k] = a.clone();
        }
        for k in 0..sizes.len() {
            let Some((c, terms)) = levels[k].linear() else {
                continue;
            };
            let Some(&carry) = terms.get(&sizes[k]) else {
                continue;
            };
            let kept = Aff::Sub(
                Box::new(levels[k].clone()),
                Box::new(Aff::Scale(carry, Box::new(Aff::name(&sizes[k])))),
            );
            levels[k] = simplified(kept).unwrap_or(Aff::Int(c));
            let outer = std::mem::replace(&mut levels[k + 1], Aff::Int(0));
            levels[k + 1] = Aff::Add(Box::new(outer), Box::new(Aff::Int(carry)));
        }
        levels.reverse();
        Some(levels)
    }
}

/// A constant innermost size the subscripts `all` share: `g > 1` dividing every term
/// and constant of every coefficient of a product of parameters, and some term of a
/// constant part (`(b * T + t) * 7 + c` is `7b·T + 7t + c`: `7`). `None` otherwise.
pub fn constant_size(all: &[&FlatSubscript]) -> Option<i64> {
    let mut g = 0i64;
    let mut strided = false;
    for f in all {
        for (m, a) in &f.0 {
            let (c, terms) = a.linear()?;
            if m.is_empty() {
                continue;
            }
            g = terms.values().fold(gcd(g, c), |g, &k| gcd(g, k));
        }
    }
    for f in all {
        if let Some((_, terms)) = f.0.get(&Vec::new()).and_then(Aff::linear) {
            strided |= terms.values().any(|&k| g > 1 && k % g == 0);
        }
    }
    (g > 1 && strided).then_some(g)
}

fn gcd(a: i64, b: i64) -> i64 {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    i64::try_from(a).unwrap_or(0)
}

impl FlatSubscript {
    /// The subscript with the constant innermost size `g` ([`constant_size`]) as a
    /// factor of its own (named by its digits): every product gains it, its
    /// coefficient divided by `g`, and the constant part's multiples of `g` form the
    /// coefficient of `g` alone. `None` where a coefficient is not linear.
    pub fn with_constant_size(&self, g: i64) -> Option<FlatSubscript> {
        let size = g.to_string();
        let mut out = BTreeMap::new();
        for (m, a) in &self.0 {
            let (c, terms) = a.linear()?;
            if !m.is_empty() {
                let mut key = m.clone();
                key.push(size.clone());
                key.sort();
                let divided = terms.into_iter().map(|(x, k)| (x, k / g)).collect();
                out.insert(key, linear_aff(c / g, divided));
                continue;
            }
            let (strided, rest): (BTreeMap<_, _>, BTreeMap<_, _>) =
                terms.into_iter().partition(|(_, k)| k % g == 0);
            let strided = strided.into_iter().map(|(x, k)| (x, k / g)).collect();
            out.insert(vec![size.clone()], linear_aff(c.div_euclid(g), strided));
            out.insert(Vec::new(), linear_aff(c.rem_euclid(g), rest));
        }
        Some(FlatSubscript(out))
    }
}

/// `c + Σ k·x`.
fn linear_aff(c: i64, terms: BTreeMap<String, i64>) -> Aff {
    terms.into_iter().fold(Aff::Int(c), |sum, (x, k)| {
        Aff::Add(
            Box::new(sum),
            Box::new(Aff::Scale(k, Box::new(Aff::name(&x)))),
        )
    })
}

/// `a` rebuilt from its linear form (a sum of terms), when it has one.
fn simplified(a: Aff) -> Option<Aff> {
    let (c, terms) = a.linear()?;
    let mut out = Aff::Int(c);
    for (name, k) in terms {
        out = Aff::Add(
            Box::new(out),
            Box::new(Aff::Scale(k, Box::new(Aff::name(&name)))),
        );
    }
    Some(out)
}

/// The chain of parameters, innermost first, whose prefixes are the products of every
/// subscript of `all`: `[C, T]` for `b*T*C + t*C + c`. `None` when the products are
/// not nested (`i * n + j * m`) or a product repeats a parameter (`i * n * n`).
pub fn chain(all: &[&FlatSubscript]) -> Option<Vec<String>> {
    let mut products: Vec<&Vec<String>> = all.iter().flat_map(|f| f.0.keys()).collect();
    products.sort_by_key(|m| m.len());
    products.dedup();
    let mut sizes: Vec<String> = Vec::new();
    for m in products {
        let mut rest = m.clone();
        for s in &sizes {
            let at = rest.iter().position(|x| x == s)?;
            rest.remove(at);
        }
        rest.sort();
        sizes.extend(rest);
    }
    let mut unique = sizes.clone();
    unique.sort();
    unique.dedup();
    (unique.len() == sizes.len()).then_some(sizes)
}

impl AffineContext<'_> {
    /// `node`, the one subscript of a pointer or one-dimensional array, as a
    /// [`FlatSubscript`]: sums, differences and negations of affine expressions, and
    /// products of one by a constant or by a parameter.
    pub fn flat(&self, node: Node) -> Lifted<FlatSubscript> {
        match node.kind() {
            "parenthesized_expression" => match node.named_child(0) {
                Some(inner) if node.named_child_count() == 1 => self.flat(inner),
                _ => self.aff(node).map(FlatSubscript::from),
            },
            "binary_expression" => {
                let op = op_text(node, self.src);
                if !matches!(op.as_str(), "+" | "-" | "*") {
                    return self.aff(node).map(FlatSubscript::from);
                }
                let l = self.flat(field(node, "left", self)?)?;
                let r = self.flat(field(node, "right", self)?)?;
                match op.as_str() {
                    "+" => Ok(l.combined(r, 1)),
                    "-" => Ok(l.combined(r, -1)),
                    _ => self.product(node, l, r),
                }
            }
            _ => self.aff(node).map(FlatSubscript::from),
        }
    }

    fn product(&self, node: Node, l: FlatSubscript, r: FlatSubscript) -> Lifted<FlatSubscript> {
        if let Some(c) = r.constant() {
            return Ok(l.scaled(c));
        }
        if let Some(c) = l.constant() {
            return Ok(r.scaled(c));
        }
        if let Some(p) = r.parameter(self.iters) {
            return Ok(l.times_parameter(&p));
        }
        if let Some(p) = l.parameter(self.iters) {
            return Ok(r.times_parameter(&p));
        }
        Err(self.reject(
            node,
            "product of two non-constant values, neither a parameter",
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::{FlatSubscript, chain};
    use crate::frontend::ir::Aff;
    use std::collections::BTreeMap;

    fn flat(terms: &[(&[&str], Aff)]) -> FlatSubscript {
        FlatSubscript(
            terms
                .iter()
                .map(|(m, a)| (m.iter().map(|s| s.to_string()).collect(), a.clone()))
                .collect::<BTreeMap<_, _>>(),
        )
    }

    #[test]
    fn nested_products_form_a_chain() {
        // b*T*C + t*C + c
        let f = flat(&[
            (&["C", "T"], Aff::name("b")),
            (&["C"], Aff::name("t")),
            (&[], Aff::name("c")),
        ]);
        assert_eq!(chain(&[&f]), Some(vec!["C".to_string(), "T".to_string()]));
        let subscripts = f.subscripts(&["C".to_string(), "T".to_string()]).unwrap();
        assert_eq!(subscripts.len(), 3);
        // i * n + j * m
        let g = flat(&[(&["n"], Aff::name("i")), (&["m"], Aff::name("j"))]);
        assert_eq!(chain(&[&g]), None);
        // i * n * n
        let h = flat(&[(&["n", "n"], Aff::name("i"))]);
        assert_eq!(chain(&[&h]), None);
    }

    #[test]
    fn a_constant_innermost_size_is_a_dimension_of_its_own() {
        // (b * T + t) * 7 + c: 7b·T + 7t + c, shape [][T][7]
        let scaled = |k, x| Aff::Scale(k, Box::new(Aff::name(x)));
        let f = flat(&[
            (&["T"], scaled(7, "b")),
            (
                &[],
                Aff::Add(Box::new(scaled(7, "t")), Box::new(Aff::name("c"))),
            ),
        ]);
        assert_eq!(super::constant_size(&[&f]), Some(7));
        let g = f.with_constant_size(7).unwrap();
        let sizes = chain(&[&g]).unwrap();
        assert_eq!(sizes, ["7".to_string(), "T".to_string()]);
        let s = g.subscripts(&sizes).unwrap();
        let names: Vec<_> = s.iter().map(|a| a.linear().unwrap().1).collect();
        assert_eq!(names[0], BTreeMap::from([("b".to_string(), 1)]));
        assert_eq!(names[1], BTreeMap::from([("t".to_string(), 1)]));
        assert_eq!(names[2], BTreeMap::from([("c".to_string(), 1)]));
        // i * 2 * n + j: no stride in the constant part, no constant size.
        let h = flat(&[(&["n"], scaled(2, "i")), (&[], Aff::name("j"))]);
        assert_eq!(super::constant_size(&[&h]), None);
    }

    #[test]
    fn a_multiple_of_the_size_counts_in_the_next_dimension() {
        // i * n + n + j: a[i + 1][j]
        let f = flat(&[
            (&["n"], Aff::name("i")),
            (
                &[],
                Aff::Add(Box::new(Aff::name("n")), Box::new(Aff::name("j"))),
            ),
        ]);
        let s = f.subscripts(&["n".to_string()]).unwrap();
        assert_eq!(
            s[0].linear(),
            Some((1, BTreeMap::from([("i".to_string(), 1)])))
        );
        assert_eq!(
            s[1].linear(),
            Some((0, BTreeMap::from([("j".to_string(), 1)])))
        );
    }
}
