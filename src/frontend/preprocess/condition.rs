//! The value of a `#if` expression, computed as the preprocessor computes it (in
//! `intmax_t`, 64 bits on LP64), when nestor knows it exactly.

use super::Macro;

#[derive(Clone, Debug, PartialEq)]
enum Token {
    /// An integer literal; `None` if it is unsigned, too large or not one.
    Number(Option<i64>),
    Name(String),
    Punct(&'static str),
    /// Anything else (character and string literals, `#`, `[`, ...).
    Other,
}

/// Operators, longest first so that `<<` is not read as `<`.
const PUNCTUATORS: [&str; 25] = [
    "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "+", "-", "*", "/", "%", "<", ">", "&", "^",
    "|", "!", "~", "?", ":", "(", ")", ",",
];

/// Binary operators with their precedence (higher binds tighter).
const BINARY: [(&str, u8); 18] = [
    ("||", 0),
    ("&&", 1),
    ("|", 2),
    ("^", 3),
    ("&", 4),
    ("==", 5),
    ("!=", 5),
    ("<", 6),
    (">", 6),
    ("<=", 6),
    (">=", 6),
    ("<<", 7),
    (">>", 7),
    ("+", 8),
    ("-", 8),
    ("*", 9),
    ("/", 9),
    ("%", 9),
];

/// Expansions nested deeper than this are not followed.
const MAX_EXPANSION_DEPTH: usize = 32;

/// Expressions expanding to more tokens than this are not evaluated (macros whose
/// bodies name other macros twice grow exponentially).
const MAX_TOKENS: usize = 10_000;

/// Parentheses and unary operators nested deeper than this are not evaluated (the
/// parser recurses once per level).
const MAX_NESTING: usize = 256;

/// The value of `#if` expression `expr` where `lookup` gives what each name means:
/// `defined X` and `defined(X)` are 1 or 0, object-like macros are expanded, other
/// identifiers are 0, and C's operators compute in 64-bit signed arithmetic (`&&`,
/// `||` and `?:` evaluating only the operands they need). `None` when nestor cannot
/// tell: an unknown or function-like macro, unsigned or character constants,
/// overflow, division by zero, a shift that is not plainly defined, text that is not
/// such an expression, or one beyond the limits above.
pub fn value(expr: &str, lookup: &dyn Fn(&str) -> Macro) -> Option<i64> {
    let tokens = expand(&tokenize(expr), lookup, &mut Vec::new())?;
    let mut parser = Parser {
        tokens: &tokens,
        pos: 0,
        depth: 0,
    };
    let value = parser.conditional()?;
    (parser.pos == tokens.len()).then_some(value)?
}

/// The names `expr` mentions (not `defined`).
pub fn names(expr: &str) -> Vec<String> {
    tokenize(expr)
        .into_iter()
        .filter_map(|t| match t {
            Token::Name(n) if n != "defined" => Some(n),
            _ => None,
        })
        .collect()
}

fn tokenize(text: &str) -> Vec<Token> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let digit_next = b.get(i + 1).is_some_and(u8::is_ascii_digit);
        if c.is_ascii_whitespace() {
            i += 1;
        } else if c.is_ascii_alphabetic() || c == b'_' {
            let end = i + b[i..]
                .iter()
                .position(|c| !(c.is_ascii_alphanumeric() || *c == b'_'))
                .unwrap_or(b.len() - i);
            out.push(Token::Name(text[i..end].to_string()));
            i = end;
        } else if c.is_ascii_digit() || (c == b'.' && digit_next) {
            let end = pp_number_end(b, i);
            out.push(Token::Number(integer_literal(&text[i..end])));
            i = end;
        } else if let Some(p) = PUNCTUATORS
            .iter()
            .find(|p| b[i..].starts_with(p.as_bytes()))
        {
            out.push(Token::Punct(p));
            i += p.len();
        } else {
            out.push(Token::Other);
            i += 1;
        }
    }
    out
}

/// The end of the preprocessing number starting at `i` (`0x1F`, `10UL`, `1e+5`, ...).
fn pp_number_end(b: &[u8], i: usize) -> usize {
    let mut j = i + 1;
    while let Some(&c) = b.get(j) {
        let exponent_sign =
            matches!(c, b'+' | b'-') && matches!(b[j - 1], b'e' | b'E' | b'p' | b'P');
        if c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b'\'') || exponent_sign {
            j += 1;
        } else {
            break;
        }
    }
    j
}

/// The value of a signed integer literal (decimal, octal, hex or binary, with an
/// optional `l`/`ll` suffix); `None` for unsigned, floating or out-of-range ones.
fn integer_literal(text: &str) -> Option<i64> {
    let lower = text.to_ascii_lowercase();
    let digits = lower
        .strip_suffix("ll")
        .or_else(|| lower.strip_suffix('l'))
        .unwrap_or(&lower);
    let (radix, digits) = if let Some(hex) = digits.strip_prefix("0x") {
        (16, hex)
    } else if let Some(binary) = digits.strip_prefix("0b") {
        (2, binary)
    } else if digits.len() > 1 && digits.starts_with('0') {
        (8, &digits[1..])
    } else {
        (10, digits)
    };
    if digits.is_empty() || !digits.bytes().all(|c| c.is_ascii_alphanumeric()) {
        return None;
    }
    i64::from_str_radix(digits, radix).ok()
}

/// `tokens` with each `defined` operator replaced by 1 or 0, each object-like macro by
/// its expansion and each name that is not a macro by 0; `None` when a name's meaning
/// is unknown, or is a function-like or self-referential macro, or when `defined` comes
/// from an expansion (whose meaning compilers do not agree on).
fn expand(
    tokens: &[Token],
    lookup: &dyn Fn(&str) -> Macro,
    expanding: &mut Vec<String>,
) -> Option<Vec<Token>> {
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(token) = tokens.get(i) {
        i += 1;
        let Token::Name(name) = token else {
            out.push(token.clone());
            continue;
        };
        if name == "defined" {
            if !expanding.is_empty() {
                return None;
            }
            let (operand, next) = defined_operand(tokens, i)?;
            i = next;
            // Of a name nestor does not know, 0 or 1: `&&` and `||` may still decide.
            let defined = match lookup(operand) {
                Macro::Undefined => Some(0),
                Macro::Unknown => None,
                Macro::Object(_) | Macro::Function(..) => Some(1),
            };
            out.push(Token::Number(defined));
            continue;
        }
        match lookup(name) {
            Macro::Undefined => out.push(Token::Number(Some(0))),
            _ if expanding.contains(name) || expanding.len() >= MAX_EXPANSION_DEPTH => {
                return None;
            }
            Macro::Object(body) => {
                expanding.push(name.clone());
                out.extend(expand(&tokenize(&body), lookup, expanding)?);
                expanding.pop();
            }
            Macro::Function(Some(params), body) => {
                let (args, next) = arguments(tokens, i)?;
                i = next;
                let body = substituted(&body, &params, args, lookup, expanding)?;
                expanding.push(name.clone());
                out.extend(expand(&body, lookup, expanding)?);
                expanding.pop();
            }
            Macro::Function(None, _) | Macro::Unknown => return None,
        }
        if out.len() > MAX_TOKENS {
            return None;
        }
    }
    Some(out)
}

/// The arguments of a function-like macro's invocation whose `(` is token `i`, split
/// at the commas outside parentheses, and the token after its `)`; `None` without `(`
/// (compilers then leave the name alone; nestor does not decide) or `)`.
fn arguments(tokens: &[Token], i: usize) -> Option<(Vec<&[Token]>, usize)> {
    if tokens.get(i) != Some(&Token::Punct("(")) {
        return None;
    }
    let mut args = Vec::new();
    let (mut start, mut depth) = (i + 1, 0usize);
    for (k, token) in tokens.iter().enumerate().skip(i + 1) {
        match token {
            Token::Punct("(") => depth += 1,
            Token::Punct(")") if depth > 0 => depth -= 1,
            Token::Punct(")") => {
                args.push(&tokens[start..k]);
                return Some((args, k + 1));
            }
            Token::Punct(",") if depth == 0 => {
                args.push(&tokens[start..k]);
                start = k + 1;
            }
            _ => {}
        }
    }
    None
}

/// The tokens of `body` with each parameter replaced by its argument, fully expanded
/// first as the preprocessor does; `None` when the arguments do not match the
/// parameters, or the body stringizes or pastes (`#`, `##`), which nestor does not
/// model.
fn substituted(
    body: &str,
    params: &[String],
    args: Vec<&[Token]>,
    lookup: &dyn Fn(&str) -> Macro,
    expanding: &mut Vec<String>,
) -> Option<Vec<Token>> {
    let args = match (params.len(), args.as_slice()) {
        (0, [[]]) => Vec::new(),
        (n, _) if n == args.len() => args,
        _ => return None,
    };
    // `defined` in an argument is undefined behaviour: `expanding` is not empty.
    expanding.push(String::new());
    let expanded: Option<Vec<Vec<Token>>> =
        args.iter().map(|a| expand(a, lookup, expanding)).collect();
    expanding.pop();
    let expanded = expanded?;
    let mut out = Vec::new();
    for token in tokenize(body) {
        match &token {
            Token::Other => return None,
            Token::Name(n) => match params.iter().position(|p| p == n) {
                Some(k) => out.extend(expanded[k].iter().cloned()),
                None => out.push(token),
            },
            _ => out.push(token),
        }
        if out.len() > MAX_TOKENS {
            return None;
        }
    }
    Some(out)
}

/// The name `defined` applies to, `X` in `defined X` or `defined ( X )` starting at
/// token `i`, and the token after the operand.
fn defined_operand(tokens: &[Token], i: usize) -> Option<(&str, usize)> {
    match (tokens.get(i), tokens.get(i + 1), tokens.get(i + 2)) {
        (Some(Token::Name(n)), _, _) => Some((n, i + 1)),
        (Some(Token::Punct("(")), Some(Token::Name(n)), Some(Token::Punct(")"))) => {
            Some((n, i + 3))
        }
        _ => None,
    }
}

/// A value nestor may not know (`None`).
type Value = Option<i64>;

/// A recursive-descent reader of expanded tokens. Each method returns `None` when the
/// tokens are not an expression, else the value read.
struct Parser<'t> {
    tokens: &'t [Token],
    pos: usize,
    /// How many `unary` calls are under way.
    depth: usize,
}

impl Parser<'_> {
    fn conditional(&mut self) -> Option<Value> {
        let condition = self.binary(0)?;
        if !self.eat("?") {
            return Some(condition);
        }
        let then = self.conditional()?;
        if !self.eat(":") {
            return None;
        }
        let otherwise = self.conditional()?;
        Some(match condition {
            Some(0) => otherwise,
            Some(_) => then,
            None => None,
        })
    }

    /// Binary operators of precedence `min` and above, left-associative.
    fn binary(&mut self, min: u8) -> Option<Value> {
        let mut left = self.unary()?;
        while let Some((op, precedence)) = self.binary_operator().filter(|(_, p)| *p >= min) {
            self.pos += 1;
            let right = self.binary(precedence + 1)?;
            left = binary(op, left, right);
        }
        Some(left)
    }

    fn binary_operator(&self) -> Option<(&'static str, u8)> {
        let Some(Token::Punct(p)) = self.tokens.get(self.pos) else {
            return None;
        };
        BINARY.iter().find(|(op, _)| op == p).copied()
    }

    fn unary(&mut self) -> Option<Value> {
        if self.depth >= MAX_NESTING {
            return None;
        }
        self.depth += 1;
        let value = self.operand();
        self.depth -= 1;
        value
    }

    /// A number, a parenthesized expression, or a unary operator and its operand.
    fn operand(&mut self) -> Option<Value> {
        let token = self.tokens.get(self.pos)?;
        self.pos += 1;
        match token {
            Token::Number(v) => Some(*v),
            Token::Punct("(") => {
                let v = self.conditional()?;
                self.eat(")").then_some(v)
            }
            Token::Punct(op @ ("+" | "-" | "!" | "~")) => {
                let v = self.unary()?;
                Some(v.and_then(|v| unary(op, v)))
            }
            _ => None,
        }
    }

    fn eat(&mut self, punct: &str) -> bool {
        let found = matches!(self.tokens.get(self.pos), Some(Token::Punct(p)) if *p == punct);
        self.pos += usize::from(found);
        found
    }
}

fn unary(op: &str, v: i64) -> Value {
    match op {
        "+" => Some(v),
        "-" => v.checked_neg(),
        "!" => Some(i64::from(v == 0)),
        "~" => Some(!v),
        _ => None,
    }
}

/// `l op r`; `&&` and `||` need their right operand only when the left one does not
/// decide, as in C.
fn binary(op: &str, l: Value, r: Value) -> Value {
    match (op, l) {
        ("&&", Some(0)) => Some(0),
        ("||", Some(v)) if v != 0 => Some(1),
        ("&&" | "||", Some(_)) => r.map(|v| i64::from(v != 0)),
        _ => arithmetic(op, l?, r?),
    }
}

/// `l op r` in 64-bit signed arithmetic; `None` where C's result is undefined or
/// implementation-defined (overflow, division by zero, shifts of negative values or
/// by 64 or more).
fn arithmetic(op: &str, l: i64, r: i64) -> Value {
    let shift = (0..63).contains(&r);
    match op {
        "+" => l.checked_add(r),
        "-" => l.checked_sub(r),
        "*" => l.checked_mul(r),
        "/" => l.checked_div(r),
        "%" => l.checked_rem(r),
        "<<" if l >= 0 && shift => l.checked_mul(1 << r),
        ">>" if l >= 0 && shift => Some(l >> r),
        "<" => Some(i64::from(l < r)),
        ">" => Some(i64::from(l > r)),
        "<=" => Some(i64::from(l <= r)),
        ">=" => Some(i64::from(l >= r)),
        "==" => Some(i64::from(l == r)),
        "!=" => Some(i64::from(l != r)),
        "&" => Some(l & r),
        "^" => Some(l ^ r),
        "|" => Some(l | r),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::{Macro, names, value};

    /// `expr` evaluated where `A` is 2, `B` is `A + 1`, `F` is function-like, `SELF` is
    /// itself, `U` is unknown and every other name is undefined.
    fn eval(expr: &str) -> Option<i64> {
        value(expr, &|name| match name {
            "A" => Macro::Object("2".into()),
            "B" => Macro::Object("A + 1".into()),
            "EMPTY" => Macro::Object(String::new()),
            "SELF" => Macro::Object("SELF + 1".into()),
            "HASDEF" => Macro::Object("defined(A)".into()),
            "F" => Macro::Function(Some(vec!["x".into()]), "x * 2".into()),
            "G" => Macro::Function(Some(vec!["a".into(), "b".into()]), "(a) - F(b)".into()),
            "NONE" => Macro::Function(Some(Vec::new()), "7".into()),
            "V" => Macro::Function(None, "1".into()),
            "STR" => Macro::Function(Some(vec!["x".into()]), "#x".into()),
            "REC" => Macro::Function(Some(vec!["x".into()]), "REC(x)".into()),
            "U" | "__GNUC__" => Macro::Unknown,
            _ => Macro::Undefined,
        })
    }

    #[test]
    fn precedence_and_associativity() {
        assert_eq!(eval("1 + 2 * 3"), Some(7));
        assert_eq!(eval("(1 + 2) * 3"), Some(9));
        assert_eq!(eval("10 - 4 - 3"), Some(3));
        assert_eq!(eval("1 << 2 + 1"), Some(8));
        assert_eq!(eval("1 | 6 ^ 3 & 5"), Some(7));
        assert_eq!(eval("1 < 2 == 1"), Some(1));
        assert_eq!(eval("0 || 1 && 0"), Some(0));
        assert_eq!(eval("1 ? 2 : 0 ? 3 : 4"), Some(2));
        assert_eq!(eval("0 ? 2 : 0 ? 3 : 4"), Some(4));
        assert_eq!(eval("-7 / 2"), Some(-3));
        assert_eq!(eval("-7 % 2"), Some(-1));
        assert_eq!(eval("!0 + ~0"), Some(0));
        assert_eq!(eval("0x10 + 010 + 0b11 + 5L"), Some(16 + 8 + 3 + 5));
    }

    #[test]
    fn macros_expand_as_text() {
        // `B * 2` is `A + 1 * 2`, not `(A + 1) * 2`.
        assert_eq!(eval("B * 2"), Some(4));
        assert_eq!(eval("A > 1 && B == 3"), Some(1));
        assert_eq!(eval("NOT_DEFINED + 1"), Some(1));
        assert_eq!(eval("EMPTY"), None);
        assert_eq!(eval("SELF"), None);
        assert_eq!(eval("HASDEF"), None);
    }

    #[test]
    fn function_like_macros_expand_with_their_arguments() {
        assert_eq!(eval("F(3) == 6"), Some(1));
        // Text substitution: `1 + 2 * 2`.
        assert_eq!(eval("F(1 + 2)"), Some(5));
        assert_eq!(eval("G((1, 2), 3)"), None);
        assert_eq!(eval("G(10, A)"), Some(6));
        assert_eq!(eval("F(F(2))"), Some(8));
        assert_eq!(eval("NONE() + 1"), Some(8));
        // Undecided: wrong argument counts, no parentheses, variadic, `#`,
        // recursion, `defined` in an argument.
        assert_eq!(eval("F(1, 2)"), None);
        assert_eq!(eval("F()"), None);
        assert_eq!(eval("F"), None);
        assert_eq!(eval("F(1"), None);
        assert_eq!(eval("V(1)"), None);
        assert_eq!(eval("STR(1)"), None);
        assert_eq!(eval("REC(1)"), None);
        assert_eq!(eval("F(defined(A))"), None);
    }

    #[test]
    fn defined_in_both_forms() {
        assert_eq!(eval("defined(A) && defined B"), Some(1));
        assert_eq!(eval("defined ( NOT_DEFINED )"), Some(0));
        assert_eq!(eval("!defined NOT_DEFINED && defined(F)"), Some(1));
        assert_eq!(eval("defined(U)"), None);
        assert_eq!(eval("defined"), None);
        assert_eq!(eval("defined(A"), None);
    }

    #[test]
    fn unknown_names_leave_it_undecided() {
        assert_eq!(eval("U"), None);
        assert_eq!(eval("__GNUC__ >= 4"), None);
        // Even where the other operand would decide: an unknown macro may expand to
        // any tokens, `1 ||` for example.
        assert_eq!(eval("U && 0"), None);
        assert_eq!(eval("0 && U"), None);
        assert_eq!(eval("defined(U)"), None);
        // `defined` of an unknown name is 0 or 1, nothing else.
        assert_eq!(eval("0 && defined(U)"), Some(0));
        assert_eq!(eval("!defined(A) && !defined U"), Some(0));
        assert_eq!(eval("defined U || 1"), None);
    }

    #[test]
    fn undefined_arithmetic_is_undecided() {
        assert_eq!(eval("1 / 0"), None);
        assert_eq!(eval("1 % 0"), None);
        assert_eq!(eval("NOT_DEFINED / NOT_DEFINED"), None);
        assert_eq!(eval("9223372036854775807 + 1"), None);
        assert_eq!(eval("-1 >> 1"), None);
        assert_eq!(eval("1 << 63"), None);
        assert_eq!(eval("1 << -1"), None);
        // ... but only where it is evaluated.
        assert_eq!(eval("0 && 1 / 0"), Some(0));
        assert_eq!(eval("1 || 1 / 0"), Some(1));
        assert_eq!(eval("1 ? 2 : 1 / 0"), Some(2));
    }

    #[test]
    fn other_constants_and_junk_are_undecided() {
        assert_eq!(eval("1u"), None);
        assert_eq!(eval("18446744073709551615"), None);
        assert_eq!(eval("'a'"), None);
        assert_eq!(eval("1.0"), None);
        assert_eq!(eval("1'000"), None);
        assert_eq!(eval(""), None);
        assert_eq!(eval("1 +"), None);
        assert_eq!(eval("(1"), None);
        assert_eq!(eval("1 2"), None);
        assert_eq!(eval("1, 2"), None);
        assert_eq!(eval("é"), None);
    }

    #[test]
    fn limits_leave_it_undecided() {
        let deep = format!("{}1{}", "(".repeat(100_000), ")".repeat(100_000));
        assert_eq!(eval(&deep), None);
        assert_eq!(eval(&"-".repeat(100_000)), None);
        let shallow = format!("{}1{}", "(".repeat(100), ")".repeat(100));
        assert_eq!(eval(&shallow), Some(1));
        // Each level names the next twice: 2^31 tokens.
        let doubling = |name: &str| {
            let level: u32 = name.strip_prefix('M')?.parse().ok()?;
            Some(if level == 0 {
                Macro::Object("1".into())
            } else {
                Macro::Object(format!("M{0} + M{0}", level - 1))
            })
        };
        let lookup = |n: &str| doubling(n).unwrap_or(Macro::Undefined);
        assert_eq!(value("M31", &lookup), None);
        assert_eq!(value("M3", &lookup), Some(8));
    }

    #[test]
    fn names_of_an_expression() {
        assert_eq!(names("defined(X) && Y > 1"), ["X", "Y"]);
    }
}
