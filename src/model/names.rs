//! C names in isl notation and back: isl keywords, non-ASCII names and struct members
//! get reserved prefixes (`__nk_`, `__nu_`, `__nm_b__c`) that `c_name` reads back.

/// Words isl's parser reads as keywords, whatever their case.
pub(super) const ISL_KEYWORDS: &[&str] = &[
    "exists", "and", "or", "implies", "not", "infty", "infinity", "nan", "min", "max", "rat",
    "true", "false", "ceild", "floord", "mod", "ceil", "floor",
];

/// The isl name of a C identifier: itself, unless isl would read it as a keyword; then
/// it gets a prefix reserved to the C implementation (`__nk_`), so it cannot clash. A
/// field path (`b.c`, `s.in.x`, `p->v`: a struct member as an array of its own) is
/// its names joined by `__` after `__nm_` (`__np_` when the first step is `->`), or
/// spelled in hexadecimal like a non-ASCII name where a name holds `__` or starts or
/// ends with `_` (so that the joined form could be read back two ways).
pub fn isl_name(c: &str) -> String {
    if let Some((prefix, names)) = field_path(c) {
        let plain = names
            .iter()
            .all(|n| !n.contains("__") && !n.starts_with('_') && !n.ends_with('_'));
        if plain && c.is_ascii() {
            return format!("{prefix}{}", names.join("__"));
        }
        let hex: String = c.bytes().map(|b| format!("{b:02x}")).collect();
        return format!("{UNICODE_PREFIX}{hex}");
    }
    if !c.is_ascii() {
        let hex: String = c.bytes().map(|b| format!("{b:02x}")).collect();
        format!("{UNICODE_PREFIX}{hex}")
    } else if ISL_KEYWORDS.contains(&c.to_ascii_lowercase().as_str()) {
        format!("{KEYWORD_PREFIX}{c}")
    } else {
        c.to_string()
    }
}

pub(super) const KEYWORD_PREFIX: &str = "__nk_";

/// isl reads ASCII names only: a C identifier with other characters is spelled as the
/// hexadecimal of its UTF-8 bytes after this prefix (reserved in C, so no clash).
pub(super) const UNICODE_PREFIX: &str = "__nu_";

/// The prefix and the names of field path `c` (`p->v.w`: `__np_`, `[p, v, w]`), or
/// `None` for a plain identifier.
pub(super) fn field_path(c: &str) -> Option<(&'static str, Vec<&str>)> {
    let (root, rest, prefix) = match (c.find("->"), c.find('.')) {
        (Some(a), d) if d.is_none_or(|d| a < d) => (&c[..a], &c[a + 2..], POINTER_FIELD_PREFIX),
        (_, Some(d)) => (&c[..d], &c[d + 1..], FIELD_PREFIX),
        _ => return None,
    };
    Some((
        prefix,
        std::iter::once(root).chain(rest.split('.')).collect(),
    ))
}

/// The isl names of field paths: `s.x` is `__nm_s__x`, `p->x` is `__np_p__x`.
pub(super) const FIELD_PREFIX: &str = "__nm_";

pub(super) const POINTER_FIELD_PREFIX: &str = "__np_";

/// The C identifier an isl name stands for.
pub fn c_name(isl: &str) -> String {
    for (prefix, first) in [(FIELD_PREFIX, "."), (POINTER_FIELD_PREFIX, "->")] {
        if let Some(path) = isl.strip_prefix(prefix) {
            let names: Vec<&str> = path.split("__").collect();
            if let Some((root, members)) = names.split_first()
                && !members.is_empty()
            {
                return format!("{root}{first}{}", members.join("."));
            }
        }
    }
    if let Some(hex) = isl.strip_prefix(UNICODE_PREFIX)
        && let Some(bytes) = (0..hex.len())
            .step_by(2)
            .map(|k| u8::from_str_radix(hex.get(k..k + 2)?, 16).ok())
            .collect::<Option<Vec<u8>>>()
        && let Ok(name) = String::from_utf8(bytes)
    {
        return name;
    }
    isl.strip_prefix(KEYWORD_PREFIX)
        .filter(|c| ISL_KEYWORDS.contains(&c.to_ascii_lowercase().as_str()))
        .unwrap_or(isl)
        .to_string()
}

pub fn tuple(name: &str, iters: &[String]) -> String {
    let iters: Vec<String> = iters.iter().map(|i| isl_name(i)).collect();
    format!("{name}[{}]", iters.join(", "))
}
