//! The bytes a contraction's decision says it saves, on small arrays.
use super::*;

fn strings(xs: &[&str]) -> Vec<String> {
    xs.iter().map(|x| x.to_string()).collect()
}

#[test]
fn saved_bytes_factor_out_the_extents_both_keep() {
    let saved = |b: &[&str], a: &[&str], t: &str| {
        let ctype = crate::frontend::types::resolve(t, &|_| None);
        let element = ElementType {
            ctype,
            spelling: t.to_string(),
        };
        saved_bytes(&strings(b), &strings(a), &element)
    };
    assert_eq!(saved(&["h", "w"], &["1", "w"], "double"), "(h - 1) * w * 8");
    assert_eq!(saved(&["n"], &["3"], "float"), "(n - 3) * 4");
    assert_eq!(saved(&["n"], &["3"], "long double"), "(n - 3) * 16");
    assert_eq!(saved(&["n"], &["3"], "unsigned short"), "(n - 3) * 2");
    assert_eq!(
        saved(&["n"], &["3"], "int16_t"),
        "(n - 3) * sizeof(int16_t)"
    );
    assert_eq!(saved(&["100", "50"], &["2", "50"], "double"), "98 * 50 * 8");
    assert_eq!(
        saved(&["n", "m"], &["2", "3"], "real_t"),
        "(n * m - 6) * sizeof(real_t)"
    );
}
