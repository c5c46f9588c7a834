//! Names whose meaning comes from outside what nestor reads: the compiler's predefined
//! macros and the macros of the standard headers.

/// Headers of the C library (C89 to C23), of POSIX that timing code includes, and
/// OpenMP's: the macros they define without a reserved name are those
/// [`may_be_predefined`] lists.
const STANDARD_HEADERS: &[&str] = &[
    "assert.h",
    "complex.h",
    "ctype.h",
    "errno.h",
    "fenv.h",
    "float.h",
    "inttypes.h",
    "iso646.h",
    "limits.h",
    "locale.h",
    "math.h",
    "setjmp.h",
    "signal.h",
    "stdalign.h",
    "stdarg.h",
    "stdatomic.h",
    "stdbit.h",
    "stdbool.h",
    "stdckdint.h",
    "stddef.h",
    "stdint.h",
    "stdio.h",
    "stdlib.h",
    "stdnoreturn.h",
    "string.h",
    "strings.h",
    "tgmath.h",
    "threads.h",
    "time.h",
    "uchar.h",
    "wchar.h",
    "wctype.h",
    "unistd.h",
    "fcntl.h",
    "sys/types.h",
    "sys/time.h",
    "sys/stat.h",
    "sys/resource.h",
    "omp.h",
];

/// Macros compilers predefine on some target without a reserved name.
const PREDEFINED: &[&str] = &[
    "linux",
    "unix",
    "i386",
    "i486",
    "i586",
    "i686",
    "sun",
    "sparc",
    "mips",
    "vax",
    "hpux",
    "hppa",
    "m68k",
    "mc68000",
    "sgi",
    "ultrix",
    "pdp11",
    "tahoe",
    "interdata",
    "gould",
    "pyr",
    "ns32000",
    "u3b",
    "u3b2",
    "u3b5",
    "u3b15",
    "u3b20d",
    "aix",
    "MIPSEB",
    "MIPSEL",
    "WIN32",
    "WIN64",
    "WINNT",
    "MSDOS",
    "BSD",
    "AMIGA",
    "amiga",
];

/// Standard-header macros without a common prefix or suffix: constants, keywords'
/// spellings, and functions that `<tgmath.h>` or a C library may define as macros.
const LIBRARY_WORDS: &[&str] = &[
    "NULL",
    "EOF",
    "BUFSIZ",
    "NAN",
    "INFINITY",
    "I",
    "DECIMAL_DIG",
    "NFDBITS",
    "NGREG",
    "NSIG",
    "FILENAME_MAX",
    "FOPEN_MAX",
    "RAND_MAX",
    "CHAR_BIT",
    "errno",
    "assert",
    "static_assert",
    "offsetof",
    "alloca",
    "setjmp",
    "sigsetjmp",
    "sigmask",
    "stdin",
    "stdout",
    "stderr",
    "bool",
    "true",
    "false",
    "complex",
    "imaginary",
    "alignas",
    "alignof",
    "noreturn",
    "thread_local",
    "and",
    "and_eq",
    "bitand",
    "bitor",
    "compl",
    "not",
    "not_eq",
    "or",
    "or_eq",
    "xor",
    "xor_eq",
    "math_errhandling",
    "kill_dependency",
    "fpclassify",
    "signbit",
    "acos",
    "acosh",
    "asin",
    "asinh",
    "atan",
    "atan2",
    "atanh",
    "carg",
    "cbrt",
    "ceil",
    "cimag",
    "conj",
    "copysign",
    "cos",
    "cosh",
    "cproj",
    "creal",
    "erf",
    "erfc",
    "exp",
    "exp2",
    "expm1",
    "fabs",
    "fdim",
    "floor",
    "fma",
    "fmax",
    "fmin",
    "fmod",
    "frexp",
    "hypot",
    "ilogb",
    "ldexp",
    "lgamma",
    "llrint",
    "llround",
    "log",
    "log10",
    "log1p",
    "log2",
    "logb",
    "lrint",
    "lround",
    "nearbyint",
    "nextafter",
    "nexttoward",
    "pow",
    "remainder",
    "remquo",
    "rint",
    "round",
    "scalb",
    "scalbln",
    "scalbn",
    "sin",
    "sinh",
    "sqrt",
    "tan",
    "tanh",
    "tgamma",
    "trunc",
    "major",
    "minor",
    "makedev",
    "ACCESSPERMS",
    "ALLPERMS",
    "DEFFILEMODE",
    "FAPPEND",
    "FASYNC",
    "FFSYNC",
    "FNDELAY",
    "FNONBLOCK",
    "MAX_CANON",
    "MAX_INPUT",
    "MINSIGSTKSZ",
    "PIPE_BUF",
    "TSS_DTOR_ITERATIONS",
    "BYTE_ORDER",
    "ONCE_FLAG_INIT",
];

/// Prefixes of the standard headers' macro families (`INT32_MAX`, `PRId64`, `M_PI`,
/// `SIGINT`, `isnan`, `atomic_load`, ...).
const LIBRARY_PREFIXES: &[&str] = &[
    "ATOMIC_",
    "AT_",
    "BC_",
    "BUS_",
    "CLD_",
    "CLOCK",
    "CMPLX",
    "DBL_",
    "EXIT_",
    "FD_",
    "FE_",
    "FLT_",
    "FP_",
    "FPE_",
    "F_",
    "HUGE_",
    "ILL_",
    "INT",
    "ITIMER_",
    "LC_",
    "LDBL_",
    "LOCK_",
    "L_",
    "MATH_",
    "MB_",
    "M_",
    "O_",
    "POLL_",
    "POSIX_",
    "PRI",
    "PRIO_",
    "PTHREAD_",
    "P_",
    "RLIM",
    "RUSAGE_",
    "R_OK",
    "SA_",
    "SCN",
    "SEEK_",
    "SEGV_",
    "SIG",
    "SI_",
    "SS_",
    "STD",
    "S_",
    "TIME",
    "TMP_",
    "UINT",
    "UTIME_",
    "WCHAR_",
    "WINT_",
    "W_OK",
    "X_OK",
    "atomic_",
    "be16",
    "be32",
    "be64",
    "htobe",
    "htole",
    "is",
    "le16",
    "le32",
    "le64",
    "memory_order",
    "omp_",
    "sa_",
    "si_",
    "sigev_",
    "st_",
    "timer",
    "to",
    "va_",
];

/// Suffixes of the standard headers' limits and byte orders (`LONG_MAX`, `PATH_MAX`,
/// `BIG_ENDIAN`, ...).
const LIBRARY_SUFFIXES: &[&str] = &["_MAX", "_MIN", "_ENDIAN"];

/// Whether the header `#include <path>` names is one of those whose macros nestor
/// knows by name ([`may_be_predefined`]).
pub fn is_standard_header(path: &str) -> bool {
    STANDARD_HEADERS.contains(&path)
}

/// The macros that say which compiler compiles the file: only the compiler defines
/// them, never a header, and they do not depend on its options.
pub(super) const COMPILER_IDENTITY: &[&str] = &[
    "__GNUC__",
    "__GNUC_MINOR__",
    "__GNUC_PATCHLEVEL__",
    "__clang__",
    "__clang_major__",
    "__clang_minor__",
    "__clang_patchlevel__",
    "__llvm__",
    "__INTEL_COMPILER",
    "__INTEL_LLVM_COMPILER",
    "__NVCOMPILER",
    "__PGI",
    "__TINYC__",
    "__ibmxl__",
    "_MSC_VER",
    "__cplusplus",
];

/// Whether `text` names a macro that says which compiler compiles the file.
pub fn mentions_compiler_identity(text: &str) -> bool {
    COMPILER_IDENTITY.iter().any(|name| text.contains(name))
}

/// Whether `name` says which compiler compiles the file ([`COMPILER_IDENTITY`]).
pub fn is_compiler_identity(name: &str) -> bool {
    COMPILER_IDENTITY.contains(&name)
}

/// Whether `name` may be a macro although neither the file nor its local headers
/// define it: a name reserved to the implementation (`__GNUC__`, `_OPENMP`, any
/// leading underscore), one a compiler predefines (`linux`, `unix`), or one of the
/// macros of the standard headers (`INT_MAX`, `M_PI`, `EOF`, `EINTR`, `WNOHANG`,
/// `isnan`, ...), by name or by family.
pub fn may_be_predefined(name: &str) -> bool {
    name.starts_with('_')
        || PREDEFINED.contains(&name)
        || LIBRARY_WORDS.contains(&name)
        || LIBRARY_PREFIXES.iter().any(|p| name.starts_with(p))
        || LIBRARY_SUFFIXES.iter().any(|s| name.ends_with(s))
        || is_error_number(name)
        || is_wait_macro(name)
}

/// `EINTR`, `E2BIG`: `<errno.h>`'s error numbers, `E` and capitals or digits.
fn is_error_number(name: &str) -> bool {
    name.strip_prefix('E').is_some_and(|rest| {
        !rest.is_empty()
            && rest
                .bytes()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
    })
}

/// `WNOHANG`, `WEXITSTATUS`, `WEOF`: `W` and capitals.
fn is_wait_macro(name: &str) -> bool {
    name.strip_prefix('W')
        .is_some_and(|rest| !rest.is_empty() && rest.bytes().all(|c| c.is_ascii_uppercase()))
}

#[cfg(test)]
mod tests {
    use super::may_be_predefined;

    #[test]
    fn reserved_predefined_and_library_names() {
        for name in [
            "__GNUC__",
            "_OPENMP",
            "__STDC_VERSION__",
            "_POSIX_C_SOURCE",
            "linux",
            "unix",
            "INT_MAX",
            "INT32_C",
            "PRId64",
            "M_PI",
            "EOF",
            "NULL",
            "EINTR",
            "WNOHANG",
            "SIGINT",
            "isnan",
            "true",
            "BYTE_ORDER",
            "PATH_MAX",
            "CLOCKS_PER_SEC",
            "omp_get_max_threads",
        ] {
            assert!(may_be_predefined(name), "{name}");
        }
    }

    #[test]
    fn user_names() {
        for name in [
            "pencil_access",
            "USE_ATTR",
            "DEBUG",
            "NDEBUG",
            "N",
            "DATA_TYPE",
            "ENABLE_X",
            "LARGE_DATASET",
            "POLYBENCH_TIME",
            "NO_INIT",
            "USE_MASK",
        ] {
            assert!(!may_be_predefined(name), "{name}");
        }
    }
}
