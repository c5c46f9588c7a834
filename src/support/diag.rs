//! Diagnostics: stable codes, messages tied to source spans, and their rendering.
//!
//! Every reason a nest is not optimized has a [`Code`]. Codes are stable: tests,
//! documentation and users' scripts refer to them, so a code is never reused for a
//! different meaning.

use codespan_reporting::diagnostic::{Diagnostic as CsDiagnostic, Label, Severity as CsSeverity};
use codespan_reporting::files::SimpleFile;
use codespan_reporting::term::{self, termcolor, termcolor::WriteColor};
use std::ops::Range;

/// Byte range in the source file.
pub type Span = Range<usize>;

macro_rules! codes {
    ($($variant:ident = $code:literal, $name:literal, $summary:literal;)*) => {
        /// A stable diagnostic code. See `docs/diagnostics.md` for examples and fixes.
        /// Serialized as the code itself (`"N101"`).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Code { $($variant),* }

        impl Code {
            /// All codes, in numeric order.
            pub const ALL: &'static [Code] = &[$(Code::$variant),*];

            /// The stable code, e.g. `N101`.
            pub fn as_str(self) -> &'static str {
                match self { $(Code::$variant => $code),* }
            }

            /// A short kebab-case name, e.g. `non-affine-subscript`.
            pub fn name(self) -> &'static str {
                match self { $(Code::$variant => $name),* }
            }

            /// One line saying what the code means.
            pub fn summary(self) -> &'static str {
                match self { $(Code::$variant => $summary),* }
            }
        }
    };
}

codes! {
    SyntaxError = "N001", "syntax-error", "the file is not valid C";
    NotText = "N002", "not-text", "the input is not a UTF-8 text file";
    TooDeep = "N003", "too-deep", "the file nests expressions or blocks deeper than nestor analyses";
    ObscuredDirective = "N004", "obscured-directive", "a `#define` or `#undef` whose name a comment or a line continuation splits from the `#` (`#/**/undef N`), which nestor cannot read as the compiler does";
    NonAffineSubscript = "N101", "non-affine-subscript", "an array subscript is not an affine function of iterators and parameters";
    NonAffineBound = "N102", "non-affine-bound", "a loop bound is not affine";
    NonAffineCondition = "N103", "non-affine-condition", "an `if` condition is not affine";
    IndirectSubscript = "N104", "indirect-subscript", "an array subscript reads memory";
    PointerAccess = "N105", "pointer-access", "pointer arithmetic, dereference, address-of or member access";
    ImpureCall = "N106", "impure-call", "a call to a function not known to be pure";
    WhileLoop = "N107", "while-loop", "a `while` or `do` loop";
    Goto = "N108", "goto", "a `goto` or label";
    Jump = "N109", "jump", "`break`, `continue` or `return` inside a nest";
    IteratorWrite = "N110", "iterator-write", "a loop iterator is written in the loop body";
    ParameterWrite = "N111", "parameter-write", "a variable used in bounds or subscripts is written in the region";
    PragmaInHeader = "N112", "pragma-in-header", "a pragma between a loop or `if` header and its unbraced body";
    UnsupportedStatement = "N113", "unsupported-statement", "a statement kind nestor does not model";
    LoopForm = "N114", "loop-form", "a `for` header that is not `iter = lb; iter OP ub; iter += c`";
    UnknownArray = "N115", "unknown-array", "an access to an array nestor cannot see the declaration of";
    MayAlias = "N116", "may-alias", "arrays of the region may be the same memory, and nestor cannot write a run-time test that tells them apart";
    IteratorLiveAfter = "N117", "iterator-live-after", "a loop iterator's value is read after the region";
    IteratorType = "N118", "iterator-type", "a loop iterator narrower than `int` or of a type nestor cannot see, or unsigned arithmetic that wraps around for every parameter value";
    SideEffect = "N119", "side-effect", "an assignment or increment nested inside an expression, or an access to `volatile` or `_Atomic` memory";
    TooManyDivisions = "N120", "too-many-divisions", "more integer divisions and modulos in one expression than nestor models";
    UnclosedScop = "N121", "unclosed-scop", "`#pragma scop` without a matching `#pragma endscop`";
    ShadowedIterator = "N122", "shadowed-iterator", "two nested loops use the same iterator name";
    LoopPragma = "N123", "loop-pragma", "a pragma that applies to the loop after it (`GCC ivdep`, `unroll`, an OpenMP loop with a clause nestor does not keep, or one nestor cannot keep parallel)";
    UnknownPragma = "N124", "unknown-pragma", "a `#pragma nestor` directive nestor does not know (it is ignored)";
    Skipped = "N125", "skipped", "a loop nest the source asks nestor to leave as written (`#pragma nestor skip`)";
    MissingHeader = "N126", "missing-header", "a header included with quotes was not found beside the file or in a `-I` directory, so what it declares is unknown";
    UnparsedFunction = "N127", "unparsed-function", "a function whose body nestor cannot parse (a macro used as a statement, `FOR(i, n) body`, reads so): its loop nests are left as written";
    Budget = "N201", "budget-exceeded", "the analysis exceeded its isl operation budget";
    IslError = "N202", "isl-error", "isl reported an error while modelling or generating the region";
    CodegenCheck = "N203", "codegen-check", "the generated code failed nestor's own re-parse check";
    GeneratedOverflow = "N204", "generated-overflow", "an expression of the rewritten code could overflow where the original does not";
    InternalError = "N205", "internal-error", "nestor failed (a bug: it panicked) while handling the region";
    AnalysisCrashed = "N206", "analysis-crashed", "the analysis of the region crashed (a bug in isl or nestor: a segmentation fault, an abort)";
    FlowViolated = "N301", "flow-violated", "a requested transformation would read a value before it is written";
    LiveRangeViolated = "N302", "live-range-violated", "a requested transformation would overwrite a value before its last read";
    LiveInViolated = "N303", "live-in-violated", "a requested transformation would overwrite a value from before the region before it is read";
    LiveOutViolated = "N304", "live-out-violated", "a requested transformation would change the value a cell holds after the region";
    NotApplicable = "N305", "not-applicable", "a requested transformation does not apply to this region";
    LegalByLiveRanges = "N306", "legal-by-live-ranges", "a transformation is legal only because anti and output dependences are not constraints";
    Fused = "N307", "fused", "loops were fused";
    SearchBudget = "N308", "search-budget", "the automatic search hit its candidate budget";
    Contracted = "N309", "contracted", "a temporary array was contracted to a modulo buffer";
    NothingBetter = "N310", "nothing-better", "the automatic search kept the region's order and storage, so it is left as written";
    Versioned = "N311", "versioned", "the rewritten region runs only when a run-time test shows that arrays which may be the same memory do not overlap (and flat subscripts stay in their rows)";
}

impl Code {
    /// The code whose stable name is `text` (`N101`).
    pub fn parse(text: &str) -> Option<Code> {
        Code::ALL.iter().copied().find(|c| c.as_str() == text)
    }
}

impl serde::Serialize for Code {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> serde::Deserialize<'de> for Code {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        Code::parse(&text)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown diagnostic code `{text}`")))
    }
}

#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Note,
    Warning,
    Error,
}

/// A located message: what is wrong, why nestor needs it otherwise, and what to do.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Diagnostic {
    pub code: Code,
    pub severity: Severity,
    pub span: Span,
    /// What was found, e.g. "subscript `A[B[i]]` reads memory".
    pub message: String,
    /// Short text under the caret.
    pub label: String,
    /// What was expected instead.
    pub expected: Option<String>,
    /// What the user can do about it.
    pub hint: Option<String>,
    /// Other places involved, each with a short label.
    pub related: Vec<(Span, String)>,
    /// Further facts, e.g. a counterexample.
    pub notes: Vec<String>,
}

impl Diagnostic {
    pub fn new(code: Code, span: Span, message: impl Into<String>) -> Self {
        Diagnostic {
            code,
            severity: Severity::Warning,
            span,
            message: message.into(),
            label: String::new(),
            expected: None,
            hint: None,
            related: Vec::new(),
            notes: Vec::new(),
        }
    }

    pub fn related(mut self, span: Span, label: impl Into<String>) -> Self {
        self.related.push((span, label.into()));
        self
    }

    pub fn with_note(mut self, note: impl Into<String>) -> Self {
        self.notes.push(note.into());
        self
    }

    pub fn error(mut self) -> Self {
        self.severity = Severity::Error;
        self
    }

    pub fn note(mut self) -> Self {
        self.severity = Severity::Note;
        self
    }

    pub fn label(mut self, label: impl Into<String>) -> Self {
        self.label = label.into();
        self
    }

    pub fn expected(mut self, expected: impl Into<String>) -> Self {
        self.expected = Some(expected.into());
        self
    }

    pub fn hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }
}

/// 1-based line and column (in characters) of byte offset `at` in `src`.
pub fn line_col(src: &str, at: usize) -> (usize, usize) {
    let at = at.min(src.len());
    let before = &src[..floor_char_boundary(src, at)];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

fn floor_char_boundary(s: &str, mut at: usize) -> usize {
    while !s.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// Renders `diag` the way gcc and clang do (`file:line:col: severity[code]: message`)
/// followed by codespan-reporting's source snippet.
pub fn render(
    out: &mut dyn WriteColor,
    file_name: &str,
    src: &str,
    diag: &Diagnostic,
) -> std::io::Result<()> {
    let (line, col) = line_col(src, diag.span.start);
    let severity = match diag.severity {
        Severity::Note => "note",
        Severity::Warning => "warning",
        Severity::Error => "error",
    };
    writeln!(
        out,
        "{file_name}:{line}:{col}: {severity}[{}]: {}",
        diag.code.as_str(),
        diag.message
    )?;
    let file = SimpleFile::new(file_name, src);
    let span = clamp_span(src, &diag.span);
    let mut notes = diag.notes.clone();
    if let Some(expected) = &diag.expected {
        notes.push(format!("expected: {expected}"));
    }
    if let Some(hint) = &diag.hint {
        notes.push(format!("help: {hint}"));
    }
    let cs = CsDiagnostic::new(match diag.severity {
        Severity::Note => CsSeverity::Note,
        Severity::Warning => CsSeverity::Warning,
        Severity::Error => CsSeverity::Error,
    })
    .with_code(diag.code.as_str())
    .with_message(&diag.message)
    .with_labels(
        std::iter::once(Label::primary((), span).with_message(&diag.label))
            .chain(
                diag.related
                    .iter()
                    .map(|(s, l)| Label::secondary((), clamp_span(src, s)).with_message(l)),
            )
            .collect(),
    )
    .with_notes(notes);
    // codespan's rich form repeats the message in a header line: drop that line.
    let mut rich = if out.supports_color() {
        termcolor::Buffer::ansi()
    } else {
        termcolor::Buffer::no_color()
    };
    term::emit(&mut rich, &term::Config::default(), &file, &cs).map_err(std::io::Error::other)?;
    let bytes = rich.as_slice();
    let body = bytes
        .iter()
        .position(|b| *b == b'\n')
        .map_or(bytes, |nl| &bytes[nl + 1..]);
    out.write_all(body)
}

fn clamp_span(src: &str, span: &Span) -> Span {
    let start = floor_char_boundary(src, span.start.min(src.len()));
    let end = floor_char_boundary(src, span.end.clamp(start, src.len()));
    start..end
}
