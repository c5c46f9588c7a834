//! What nestor knows of C types: enough to say when a name's values are the
//! mathematical integers the model treats them as.
//!
//! The data model is LP64 (`int` 32 bits, `long` and pointers 64 bits), as on the
//! Linux and macOS targets nestor's users compile for.

/// A C type as far as affine modelling cares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CType {
    /// A signed integer type `bits` wide.
    Signed(u32),
    /// An unsigned integer type `bits` wide (`_Bool` is 1 bit).
    Unsigned(u32),
    /// A floating type `bits` wide as stored: `float` 32, `double` 64, `long double`
    /// 128 (LP64).
    Floating(u32),
    /// A type nestor cannot see through: a typedef from a header, a struct, an enum.
    Unknown,
}

impl CType {
    /// The type after C's integer promotions: narrower integers become `int`.
    pub fn promoted(self) -> CType {
        match self {
            CType::Signed(b) | CType::Unsigned(b) if b < 32 => CType::Signed(32),
            t => t,
        }
    }

    /// The type C computes `self op other` in (the usual arithmetic conversions, LP64):
    /// the wider type after promotion; of a signed and an unsigned one, the signed one
    /// only if it is wider. `Unknown` when either is not an integer type nestor knows.
    pub fn usual(self, other: CType) -> CType {
        match (self.promoted(), other.promoted()) {
            (CType::Signed(x), CType::Signed(y)) => CType::Signed(x.max(y)),
            (CType::Unsigned(x), CType::Unsigned(y)) => CType::Unsigned(x.max(y)),
            (CType::Unsigned(u), CType::Signed(s)) | (CType::Signed(s), CType::Unsigned(u)) => {
                if s > u {
                    CType::Signed(s)
                } else {
                    CType::Unsigned(u)
                }
            }
            _ => CType::Unknown,
        }
    }

    /// Whether every value of `self` is a value of `wider` (casting does not change it).
    pub fn fits_in(self, wider: CType) -> bool {
        match (self, wider) {
            (CType::Signed(a), CType::Signed(b)) => a <= b,
            (CType::Unsigned(a), CType::Signed(b)) => a < b,
            (CType::Unsigned(a), CType::Unsigned(b)) => a <= b,
            _ => false,
        }
    }

    /// Whether arithmetic on values of this type (after promotion) is arithmetic on
    /// mathematical integers, as long as the original program does not overflow.
    pub fn is_modelled_integer(self) -> bool {
        matches!(self.promoted(), CType::Signed(_))
    }

    /// Its size in bytes (LP64); `None` for a type nestor cannot see.
    pub fn size(self) -> Option<u64> {
        match self {
            CType::Signed(b) | CType::Unsigned(b) | CType::Floating(b) => {
                Some(u64::from(b.div_ceil(8)))
            }
            CType::Unknown => None,
        }
    }

    /// The C spelling nestor uses when it declares a variable of this type.
    pub fn c_name(self) -> &'static str {
        match self {
            CType::Signed(b) if b > 32 => "long long",
            CType::Unsigned(b) if b > 32 => "unsigned long",
            CType::Unsigned(_) => "unsigned int",
            _ => "int",
        }
    }
}

/// An array's element type: what C type it is, and how the source spells it (storage
/// nestor adds for it is declared with that spelling). A name nestor reads as a
/// constant (a macro, an enumerator) has no declaration: its spelling is empty and it is
/// never written, so no storage is ever declared for it.
///
/// In JSON it is two fields of the object holding it (`#[serde(flatten)]`):
/// `element_type` (the spelling) and `element_ctype`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ElementType {
    #[serde(rename = "element_type")]
    pub spelling: String,
    #[serde(rename = "element_ctype")]
    pub ctype: CType,
}

impl ElementType {
    /// Whether the source names the type (a typedef or macro) rather than spelling it
    /// with keywords: reports then say `sizeof(NAME)`, which stays true if the name is
    /// configured otherwise.
    pub fn is_named(&self) -> bool {
        is_named(&self.spelling)
    }

    /// The element type of a name nestor reads as a constant (a macro, an enumerator):
    /// not declared, never written.
    pub fn constant() -> ElementType {
        ElementType {
            ctype: CType::Unknown,
            spelling: String::new(),
        }
    }

    /// Its size in bytes, when nestor knows the type.
    pub fn size(&self) -> Option<u64> {
        self.ctype.size()
    }
}

impl std::fmt::Display for ElementType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.spelling)
    }
}

impl CType {
    /// The values of an integer type; `None` for other types.
    pub fn range(self) -> Option<Interval> {
        match self {
            CType::Signed(b) => Some(Interval {
                lo: -(1i128 << (b - 1)),
                hi: (1i128 << (b - 1)) - 1,
            }),
            CType::Unsigned(b) => Some(Interval {
                lo: 0,
                hi: (1i128 << b) - 1,
            }),
            _ => None,
        }
    }

    /// The values a name of this type may have: its range; for a type nestor does not
    /// know, those of a 64-bit integer (generated code computes in 64 bits where that
    /// may overflow a narrower type, and gives up beyond).
    pub fn values(self) -> Interval {
        self.range().unwrap_or(Interval {
            lo: i128::from(i64::MIN),
            hi: i128::from(i64::MAX),
        })
    }

    /// Whether every value in `range` is a value of this type.
    pub fn holds(self, range: Interval) -> bool {
        self.range()
            .is_some_and(|r| r.lo <= range.lo && range.hi <= r.hi)
    }
}

/// A closed interval of integers `{ [x] : lo <= x <= hi }`: the values an expression
/// may take, for range checks of generated code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Interval {
    pub lo: i128,
    pub hi: i128,
}

impl Interval {
    pub fn point(v: i128) -> Interval {
        Interval { lo: v, hi: v }
    }

    pub fn plus(self, o: Interval) -> Interval {
        Interval {
            lo: self.lo.saturating_add(o.lo),
            hi: self.hi.saturating_add(o.hi),
        }
    }

    pub fn negated(self) -> Interval {
        Interval {
            lo: self.hi.saturating_neg(),
            hi: self.lo.saturating_neg(),
        }
    }

    pub fn minus(self, o: Interval) -> Interval {
        self.plus(o.negated())
    }

    pub fn times(self, o: Interval) -> Interval {
        let c = [
            self.lo.saturating_mul(o.lo),
            self.lo.saturating_mul(o.hi),
            self.hi.saturating_mul(o.lo),
            self.hi.saturating_mul(o.hi),
        ];
        Interval {
            lo: *c.iter().min().unwrap_or(&0),
            hi: *c.iter().max().unwrap_or(&0),
        }
    }

    pub fn hull(self, o: Interval) -> Interval {
        Interval {
            lo: self.lo.min(o.lo),
            hi: self.hi.max(o.hi),
        }
    }

    pub fn min(self, o: Interval) -> Interval {
        Interval {
            lo: self.lo.min(o.lo),
            hi: self.hi.min(o.hi),
        }
    }

    pub fn max(self, o: Interval) -> Interval {
        Interval {
            lo: self.lo.max(o.lo),
            hi: self.hi.max(o.hi),
        }
    }

    /// The quotients `a / d` rounded either way, for `a` in this interval and `d` in
    /// `divisor` (all positive): a superset of both C's and isl's division.
    pub fn quotient(self, divisor: Interval) -> Interval {
        let d = divisor.lo.max(1);
        let q = |v: i128| [v.div_euclid(d), v / d];
        let all = [q(self.lo), q(self.hi)].concat();
        Interval {
            lo: all.iter().copied().min().unwrap_or(0).min(0),
            hi: all.iter().copied().max().unwrap_or(0).max(0),
        }
    }

    pub fn intersect(self, o: Interval) -> Interval {
        Interval {
            lo: self.lo.max(o.lo),
            hi: self.hi.min(o.hi),
        }
    }
}

/// Standard typedefs whose meaning does not depend on the platform (LP64).
fn standard_typedef(name: &str) -> Option<CType> {
    Some(match name {
        "int8_t" | "int_least8_t" | "int_fast8_t" => CType::Signed(8),
        "int16_t" | "int_least16_t" => CType::Signed(16),
        "int32_t" | "int_least32_t" => CType::Signed(32),
        "int64_t" | "int_least64_t" | "int_fast64_t" | "intptr_t" | "intmax_t" | "ptrdiff_t"
        | "ssize_t" | "off_t" => CType::Signed(64),
        "uint8_t" | "uint_least8_t" | "uint_fast8_t" => CType::Unsigned(8),
        "uint16_t" | "uint_least16_t" => CType::Unsigned(16),
        "uint32_t" | "uint_least32_t" => CType::Unsigned(32),
        "uint64_t" | "uint_least64_t" | "uint_fast64_t" | "uintptr_t" | "uintmax_t" | "size_t" => {
            CType::Unsigned(64)
        }
        "bool" => CType::Unsigned(1),
        "double_t" => CType::Floating(64),
        "float_t" => CType::Floating(32),
        _ => return None,
    })
}

/// Resolves the type written as `text` (`unsigned long`, `const real`, `idx_t`):
/// keywords directly, a single other name through `lookup` (typedefs and macros in
/// scope), then the standard typedefs.
pub fn resolve(text: &str, lookup: &dyn Fn(&str) -> Option<CType>) -> CType {
    let words = type_words(text);
    match words.as_slice() {
        [] => CType::Unknown,
        [name] if !KEYWORDS.contains(name) => lookup(name)
            .or_else(|| standard_typedef(name))
            .unwrap_or(CType::Unknown),
        _ => keyword_type(&words),
    }
}

/// Whether the type written as `text` is a name (a typedef or a macro: `DATA_TYPE`,
/// `real_t`) rather than type keywords: what it means is that name's.
pub fn is_named(text: &str) -> bool {
    matches!(type_words(text)[..], [name] if !KEYWORDS.contains(&name))
}

/// The words of the type written as `text`, without qualifiers and storage classes.
fn type_words(text: &str) -> Vec<&str> {
    text.split(|c: char| !c.is_alphanumeric() && c != '_')
        .filter(|w| {
            !w.is_empty()
                && !matches!(
                    *w,
                    "const"
                        | "volatile"
                        | "restrict"
                        | "__restrict"
                        | "__restrict__"
                        | "register"
                        | "static"
                        | "extern"
                        | "auto"
                        | "inline"
                        | "_Atomic"
                        | "__thread"
                        | "_Thread_local"
                        | "thread_local"
                )
        })
        .collect()
}

/// The type named by a list of type keywords (`unsigned long int`).
fn keyword_type(words: &[&str]) -> CType {
    let has = |w: &str| words.contains(&w);
    if words.iter().any(|w| !KEYWORDS.contains(w))
        || ["struct", "union", "enum", "void", "_Complex"]
            .iter()
            .any(|w| has(w))
    {
        return CType::Unknown;
    }
    if has("float") {
        return CType::Floating(32);
    }
    if has("double") {
        return CType::Floating(if has("long") { 128 } else { 64 });
    }
    if has("_Bool") {
        return CType::Unsigned(1);
    }
    let bits = if has("char") {
        8
    } else if has("short") {
        16
    } else if has("long") {
        64
    } else {
        32
    };
    if has("unsigned") {
        CType::Unsigned(bits)
    } else {
        CType::Signed(bits)
    }
}

const KEYWORDS: &[&str] = &[
    "signed", "unsigned", "char", "short", "int", "long", "float", "double", "_Bool", "void",
    "struct", "union", "enum", "_Complex",
];

#[cfg(test)]
mod tests {
    use super::*;

    fn none(_: &str) -> Option<CType> {
        None
    }

    #[test]
    fn keywords_and_typedefs() {
        assert_eq!(resolve("int", &none), CType::Signed(32));
        assert_eq!(
            resolve("const unsigned long int", &none),
            CType::Unsigned(64)
        );
        assert_eq!(resolve("short", &none), CType::Signed(16));
        assert_eq!(resolve("long long", &none), CType::Signed(64));
        assert_eq!(resolve("size_t", &none), CType::Unsigned(64));
        assert_eq!(resolve("struct s", &none), CType::Unknown);
        assert_eq!(resolve("my_t", &none), CType::Unknown);
        let uint = |n: &str| (n == "uint").then_some(CType::Unsigned(32));
        assert_eq!(resolve("const uint", &uint), CType::Unsigned(32));
        assert!(CType::Unsigned(16).is_modelled_integer());
        assert!(!CType::Unsigned(32).is_modelled_integer());
        assert!(CType::Signed(16).fits_in(CType::Signed(32)));
        assert!(!CType::Signed(32).fits_in(CType::Signed(16)));
        assert!(!CType::Unsigned(32).fits_in(CType::Signed(32)));
    }
}
