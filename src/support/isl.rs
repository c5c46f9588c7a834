//! The thin layer over isl-rs: operation budgets, error hygiene, and the
//! `isl_ast_build` calls isl-rs does not wrap.

use isl_rs::{ASTExpr, ASTNode, Context, LibISLError, Options, PwAff, Schedule, Set};
use std::fmt;

/// Why an isl computation did not produce a result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IslFailure {
    /// The computation exceeded its operation budget.
    Budget,
    /// isl reported an error (the message is isl's).
    Error(String),
    /// The generated code would compute `what` (e.g. "a generated loop bound") beyond
    /// 64-bit integers.
    Overflow(&'static str),
}

impl fmt::Display for IslFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IslFailure::Budget => write!(f, "isl operation budget exceeded"),
            IslFailure::Error(m) => write!(f, "isl error: {m}"),
            IslFailure::Overflow(what) => write!(f, "{what} may exceed 64-bit integers"),
        }
    }
}

/// An error inside a budgeted computation: isl's, nestor's own refusal to generate code
/// that could overflow, or an isl result nestor cannot use (`what` it expected).
#[derive(Debug)]
pub enum Failure {
    Isl(LibISLError),
    Overflow(&'static str),
    Unexpected(String),
}

impl From<LibISLError> for Failure {
    fn from(e: LibISLError) -> Failure {
        Failure::Isl(e)
    }
}

pub type IslResult<T> = Result<T, IslFailure>;

/// A context that stays quiet on errors (they become [`IslFailure`]s).
pub fn new_context() -> Context {
    let ctx = Context::alloc();
    // ISL_ON_ERROR_CONTINUE: report through return values, not stderr.
    let _ = Options::set_on_error(&ctx, 1);
    ctx
}

/// Runs `f` with at most `max_operations` isl operations (allocations; 0 = unlimited).
/// Afterwards the context is clean again: no stale error, operation count reset.
pub fn with_budget<T>(
    ctx: &Context,
    max_operations: u64,
    f: impl FnOnce() -> Result<T, Failure>,
) -> IslResult<T> {
    crate::support::work::reset_operations(ctx);
    ctx.set_max_operations(max_operations);
    let result = f().map_err(|e| match e {
        Failure::Isl(e) if out_of_budget(&e) => IslFailure::Budget,
        Failure::Isl(e) => IslFailure::Error(kind_and_message(&e).1),
        Failure::Overflow(what) => IslFailure::Overflow(what),
        Failure::Unexpected(what) => IslFailure::Error(what),
    });
    ctx.reset_error();
    crate::support::work::reset_operations(ctx);
    ctx.set_max_operations(0);
    result
}

/// Whether `e` is isl running out of its operation budget.
fn out_of_budget(e: &LibISLError) -> bool {
    kind_and_message(e).0 == "Quota"
}

/// The kind (`Quota`, `Invalid`, ...) and message of `e`. isl-rs 0.3.1 keeps both
/// private and its wrappers reset the context's error before returning, so they are
/// read back from the one place that shows them: `Display`, `[Kind] message`.
fn kind_and_message(e: &LibISLError) -> (String, String) {
    let text = e.to_string();
    match text.strip_prefix('[').and_then(|t| t.split_once("] ")) {
        Some((kind, message)) => (kind.to_string(), message.to_string()),
        None => (String::new(), text),
    }
}

/// Runs one step of a longer [`with_budget`] computation with the whole budget again
/// (`ctx.reset_operations()` first). `Ok(None)` when the step alone exceeds it; the
/// context is then ready for the next step.
pub fn step<T>(
    ctx: &Context,
    f: impl FnOnce() -> Result<T, LibISLError>,
) -> Result<Option<T>, LibISLError> {
    crate::support::work::reset_operations(ctx);
    match f() {
        Ok(v) => Ok(Some(v)),
        Err(e) if out_of_budget(&e) => {
            ctx.reset_error();
            crate::support::work::reset_operations(ctx);
            Ok(None)
        }
        Err(e) => Err(e),
    }
}

mod ffi {
    unsafe extern "C" {
        pub fn isl_ast_build_from_context(set: usize) -> usize;
        pub fn isl_ast_build_free(build: usize) -> usize;
        pub fn isl_ast_build_node_from_schedule(build: usize, schedule: usize) -> usize;
        pub fn isl_ast_node_get_type(node: usize) -> i32;
        pub fn isl_ast_build_expr_from_pw_aff(build: usize, pa: usize) -> usize;
        pub fn isl_ast_build_expr_from_set(build: usize, set: usize) -> usize;
    }
}

/// `pa` as an AST expression (conditional expressions between its pieces), simplified
/// under `context`: where `context` does not hold, its value is unspecified.
pub fn expr_from_pw_aff(context: &Set, pa: PwAff) -> Result<ASTExpr, Failure> {
    ast_expr(context, move |build| {
        let mut pa = pa;
        pa.do_not_free_on_drop();
        // SAFETY: `build` is live; the expression is handed to isl (`__isl_take`).
        unsafe { ffi::isl_ast_build_expr_from_pw_aff(build, pa.ptr) }
    })
}

/// The AST expression that holds exactly where `set` (of parameters) does, assuming
/// `context` (a condition `if (...)` may test).
pub fn expr_from_set(context: &Set, set: Set) -> Result<ASTExpr, Failure> {
    ast_expr(context, move |build| {
        let mut set = set;
        set.do_not_free_on_drop();
        // SAFETY: `build` is live; the set is handed to isl (`__isl_take`).
        unsafe { ffi::isl_ast_build_expr_from_set(build, set.ptr) }
    })
}

/// The AST expression `make` builds with an AST build over `context`.
fn ast_expr(context: &Set, make: impl FnOnce(usize) -> usize) -> Result<ASTExpr, Failure> {
    let expr = with_build(context, "AST expression generation failed", make)?;
    Ok(ASTExpr {
        ptr: expr,
        should_free_on_drop: true,
    })
}

/// The AST that scans `schedule`'s domain in schedule order (isl's CLooG-style
/// generator), assuming `context` on the parameters.
pub fn build_ast(context: &Set, schedule: &Schedule) -> Result<ASTNode, Failure> {
    let schedule = schedule.copy()?;
    let node = with_build(context, "AST generation failed", move |build| {
        let mut s = schedule;
        s.do_not_free_on_drop();
        // SAFETY: `build` is live; the schedule is handed to isl (`__isl_take`).
        unsafe { ffi::isl_ast_build_node_from_schedule(build, s.ptr) }
    })?;
    Ok(ASTNode {
        ptr: node,
        should_free_on_drop: true,
    })
}

/// What `make` builds (an owned isl pointer) with an AST build over `context`, freed
/// right after; the error isl left when it gives nothing (`what` failed). Where the
/// build cannot be made, `make` is not called and drops what it owns.
fn with_build(
    context: &Set,
    what: &str,
    make: impl FnOnce(usize) -> usize,
) -> Result<usize, Failure> {
    let ctx = context.get_ctx();
    let mut c = context.copy()?;
    c.do_not_free_on_drop();
    // SAFETY: the context is handed to the build (`__isl_take`); `make` keeps the
    // build (`__isl_keep`), which is freed right after.
    let build = unsafe { ffi::isl_ast_build_from_context(c.ptr) };
    if build == 0 {
        return Err(last_error(&ctx, "isl_ast_build_from_context failed"));
    }
    let made = make(build);
    // SAFETY: frees the build made above, which nothing else holds.
    unsafe { ffi::isl_ast_build_free(build) };
    if made == 0 {
        return Err(last_error(&ctx, what));
    }
    Ok(made)
}

/// The error isl left on `ctx` (taken off it, as isl-rs does), or `fallback` when isl
/// reported none.
fn last_error(ctx: &Context, fallback: &str) -> Failure {
    let kind = ctx.last_error();
    let message = ctx.last_error_msg().to_string();
    ctx.reset_error();
    match kind {
        isl_rs::Error::None_ => Failure::Unexpected(fallback.to_string()),
        kind => Failure::Isl(LibISLError::new(kind, message)),
    }
}

/// The kinds of AST node (isl-rs 0.3.1's `ASTNodeType` is off by one, so the raw
/// isl value is read instead).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AstKind {
    For,
    If,
    Block,
    Mark,
    User,
}

pub fn ast_kind(node: &ASTNode) -> Result<AstKind, Failure> {
    // SAFETY: `node.ptr` is a live isl_ast_node; the call only reads it.
    match unsafe { ffi::isl_ast_node_get_type(node.ptr) } {
        1 => Ok(AstKind::For),
        2 => Ok(AstKind::If),
        3 => Ok(AstKind::Block),
        4 => Ok(AstKind::Mark),
        5 => Ok(AstKind::User),
        t => Err(Failure::Unexpected(format!("unexpected AST node type {t}"))),
    }
}

#[cfg(test)]
mod tests {
    unsafe extern "C" {
        /// Defined only when isl is built with imath-32 (`USE_SMALL_INT_OPT` in
        /// `vendor/isl-rs/config/isl_config.h`).
        fn isl_sioimath_encode_small(value: i32) -> u64;
        fn isl_sioimath_get_si(value: u64) -> std::ffi::c_long;
    }

    /// Fails to link when isl was built with plain imath: the analyses would still be
    /// right, but 2-3x slower.
    #[test]
    fn integers_are_small_int_optimized() {
        // SAFETY: both take and return plain integers.
        let value = unsafe { isl_sioimath_get_si(isl_sioimath_encode_small(-7)) };
        assert_eq!(value, -7);
    }
}
