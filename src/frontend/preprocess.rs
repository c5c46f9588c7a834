//! The text the front end analyses: the file with every preprocessor conditional
//! whose outcome nestor knows exactly evaluated, as a C compiler evaluates it.
//!
//! A conditional is decided from what is known where it stands: `-D` values, the
//! `#define`s and `#undef`s before it, and the standard headers (whose macros are known
//! by name, not value). A name nobody defines is 0, as in C, except names that may be
//! defined where nestor does not look (reserved or predefined ones, the standard
//! headers' macros, anything after an `#include` of a header nestor has not read):
//! those are unknown, and a test that depends on an unknown value leaves its group as
//! written.

mod condition;
mod directives;
mod names;

pub use names::mentions_compiler_identity;

use crate::support::diag::Span;
use directives::{Group, Include, Item, Test};
use std::collections::{HashMap, HashSet};

/// What a macro name means at some point of a text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Macro {
    Undefined,
    /// `#define NAME body`, the body with white space collapsed.
    Object(String),
    /// `#define NAME(params) body`: the parameters (`None` for a variadic macro, which
    /// nestor does not expand) and the body with white space collapsed.
    Function(Option<Vec<String>>, String),
    /// Defined or not, as anything: nestor cannot tell.
    Unknown,
}

/// What a compiler's command line says of macros besides its integer `-D`s (and
/// `-U`s, which take those away).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum OtherMacros {
    /// Nothing: every other name is undefined where the file starts.
    #[default]
    Nothing,
    /// These names are defined otherwise than as integers (`-D NAME=text`), as these
    /// texts.
    Text(Vec<(String, String)>),
    /// A file is read before the file (`-include`, `-imacros`): any name may be
    /// defined.
    Any,
}

/// How [`compiled`] reads a group whose compiled branch nestor cannot tell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Undecided {
    /// As written: every branch may be compiled.
    AsWritten,
    /// A group of declaration fragments (no directive, `;`, `{` or `}` in any branch:
    /// `#if defined(__GNUC__)` / `__attribute__((...))` / `#endif`) as its first
    /// branch, the others as written: what the front end parses when the file does
    /// not parse otherwise. Whichever branch a compiler compiles, the declarations
    /// are the same, and no region overlaps the group's directives.
    FragmentsAsFirstBranch,
}

/// A run of bytes blanked in the text the front end analyses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Blank {
    /// The first directive (`#if`, `#ifdef`, ...) of the decided group the run
    /// belongs to.
    pub group: Span,
    /// The bytes replaced by spaces: the directive, and when the branch it opens is
    /// not compiled, that branch.
    pub span: Span,
}

/// The texts the front end parses (see [`compiled`]).
#[derive(Clone, Debug)]
pub struct Compiled {
    pub file: String,
    /// The local headers, in the order given.
    pub headers: Vec<String>,
    /// The runs blanked in `file`, in order.
    pub blanks: Vec<Blank>,
    /// Names a text defines only where they are not defined already (`#ifndef REAL` /
    /// `#define REAL double`, left as written) where what came before, unread by
    /// nestor, may define them: their meaning is unknown.
    pub defaults_overridden_unseen: HashSet<String>,
}

/// The local headers nestor has read for a file.
#[derive(Clone, Copy, Debug, Default)]
pub struct Headers<'a> {
    /// Their texts, in inclusion order.
    pub texts: &'a [String],
    /// The name each text is included by, as its `#include` writes it (when known:
    /// else empty).
    pub names: &'a [String],
    /// The names of those included with `<...>` (found where a compiler looks first):
    /// their `#include`s are read as those of local headers.
    pub angled: &'a [String],
}

impl Headers<'_> {
    /// `include` as nestor reads it: an `#include <name>` of a header it has read is
    /// one of a local header.
    fn read_as(&self, include: Include) -> Include {
        match include {
            Include::System(path) if self.angled.contains(&path) => Include::Local(path),
            other => other,
        }
    }
}

/// The file `src` and its local `headers` as the front end parses them. In each text,
/// a conditional group (`#if`/`#ifdef`/`#ifndef` ... `#elif`/`#else` ... `#endif`) is
/// decided when the branch a compiler compiles follows from what is known where it
/// stands (`defines` and `other`, in the file only; the `#define`s and `#undef`s before it;
/// integer arithmetic; a name nobody defines being 0) and no branch defines a name its
/// tests read. Unknown are: names reserved to the implementation, predefined, or
/// defined by a standard header; names a local header defines, after its `#include`;
/// every name after an `#include` nestor has not read; in a header, the names the file
/// or a local header changes, or every name it has not defined itself when nestor has
/// not read every header ([`header_start`]). The directive lines of a decided group and
/// its branches not compiled are replaced by spaces (newlines kept: every byte offset and line number
/// stays). An undecided group is left as written, the groups nested in it decided
/// where they can be (or read as [`Undecided`] says); after it, a name its branches
/// leave differently is unknown. A text whose conditionals do not nest is left as
/// written. `blanks`: the runs replaced in the file. `compiler`: what the compiler
/// that builds the file predefines (`NAME=VALUE`, as `cc -dM -E` prints them), when
/// known: the macros that say which compiler it is (`__GNUC__`, `__clang__`, ...) are
/// then known everywhere in the file, defined or not, as it defines them (before
/// `defines`, which may change them).
pub fn compiled(
    src: &str,
    defines: &[(String, i64)],
    other: &OtherMacros,
    headers: &Headers,
    compiler: Option<&[String]>,
    undecided: Undecided,
) -> Compiled {
    let local = local_macro_names(src, headers);
    let mut start = compiler.map_or_else(State::default, compiler_identity);
    start.command_line(defines, other);
    let file = blank(src, start, local.as_ref(), headers, undecided);
    let joined_start = header_start(file.at_local_includes, local.as_ref());
    let mut defaults_overridden_unseen = file.defaults_overridden_unseen;
    let starts = headers
        .names
        .iter()
        .map(Some)
        .chain(std::iter::repeat(None));
    let headers = headers
        .texts
        .iter()
        .zip(starts)
        .map(|(h, name)| {
            let once = name.and_then(|n| local.as_ref()?.included_once(n, &file.at_include));
            let start = once.unwrap_or(&joined_start).clone();
            let header = blank(h, start, None, headers, Undecided::AsWritten);
            defaults_overridden_unseen.extend(header.defaults_overridden_unseen);
            header.text
        })
        .collect();
    Compiled {
        file: file.text,
        headers,
        blanks: file.blanks,
        defaults_overridden_unseen,
    }
}

/// The state where a file the compiler predefining `predefined` (`NAME=VALUE`)
/// compiles starts: its identity macros as it defines them, the others undefined.
/// The `#define` and `#undef` directives of `src`, as the preprocessor reads them
/// (comments a space, continued lines joined): their spans, and whether each is
/// written plainly, its name right after the `#` and blanks. Only a plain one is a
/// definition tree-sitter reads (`#/**/undef N`, `#un\` + newline + `def N` are not).
pub fn macro_directives(src: &str) -> Vec<(Span, bool)> {
    directives::directives(src)
        .into_iter()
        .filter(|d| d.name == "define" || d.name == "undef")
        .map(|d| {
            let raw = &src[d.span.clone()];
            let after_hash = raw
                .strip_prefix('#')
                .or_else(|| raw.strip_prefix("%:"))
                .unwrap_or(raw)
                .trim_start_matches([' ', '\t']);
            let plain = after_hash
                .strip_prefix(d.name.as_str())
                .is_some_and(|rest| {
                    !rest.starts_with(|c: char| {
                        c.is_ascii_alphanumeric() || c == '_' || c == '\\' || c == '/'
                    })
                });
            (d.span, plain)
        })
        .collect()
}

fn compiler_identity(predefined: &[String]) -> State {
    let mut start = State::default();
    for name in names::COMPILER_IDENTITY {
        start.names.insert(name.to_string(), Macro::Undefined);
    }
    for line in predefined {
        let (name, value) = line.split_once('=').unwrap_or((line, "1"));
        if names::is_compiler_identity(name) {
            let meaning = match value.trim().parse::<i64>() {
                Ok(v) => Macro::Object(v.to_string()),
                Err(_) => Macro::Unknown,
            };
            start.names.insert(name.to_string(), meaning);
        }
    }
    start.identity = true;
    start
}

impl State {
    /// The command line's `defines` and `other` macros, over what is known.
    fn command_line(&mut self, defines: &[(String, i64)], other: &OtherMacros) {
        for (name, value) in defines {
            self.names
                .insert(name.clone(), Macro::Object(value.to_string()));
        }
        match other {
            OtherMacros::Nothing => {}
            OtherMacros::Text(macros) => {
                for (name, text) in macros {
                    // `-D NAME=text` is `#define NAME text` before the file.
                    match directives::definition(&format!("{name} {text}")) {
                        Some(Item::Define(name, meaning)) => self.names.insert(name, meaning),
                        _ => self.names.insert(name.clone(), Macro::Unknown),
                    };
                }
            }
            OtherMacros::Any => self.include(&Include::Other, None),
        }
    }
}

/// Where each local header starts: what is known at the file's `#include`s of local
/// headers (`at_includes`, joined), but unknown the names local headers define or
/// undefine (one may do so before including another), when nestor has read every
/// header (`local`); otherwise every name the header has not defined itself is
/// unknown. A header's `#ifdef FLOAT` then reads `FLOAT` as the compiler does where
/// the file includes it: `typedef float T; #else typedef double T;` once left `T` of
/// both types.
fn header_start(at_includes: Option<State>, local: Option<&LocalNames>) -> State {
    let (Some(mut state), Some(local)) = (at_includes, local) else {
        return State {
            open: true,
            ..State::default()
        };
    };
    for name in &local.all {
        state.names.insert(name.clone(), Macro::Unknown);
    }
    state
}

/// What the local headers change, when nestor has read them all.
struct LocalNames {
    /// The names the local headers define or undefine.
    all: HashSet<String>,
    /// Those each header defines or undefines, by the name it is included by, for the
    /// headers that include no other local header.
    own: HashMap<String, HashSet<String>>,
    /// How many `#include`s name each local header, in the file and the headers.
    includes: HashMap<String, usize>,
}

impl LocalNames {
    /// The names an `#include` of local header `path` may change.
    fn changed_by(&self, path: &str) -> &HashSet<String> {
        self.own.get(path).unwrap_or(&self.all)
    }

    /// Where header `name` starts when the file alone includes it, once: the state
    /// at that `#include` (`at_include`), exact there (none of the header's own
    /// definitions has happened yet).
    fn included_once<'s>(
        &self,
        name: &str,
        at_include: &'s HashMap<String, State>,
    ) -> Option<&'s State> {
        (self.includes.get(name) == Some(&1)).then(|| at_include.get(name))?
    }
}

/// What the local headers define or undefine, if nestor has read every header
/// included with quotes (as many header texts as distinct quoted names) and those
/// headers include nothing else it does not know; `None` otherwise.
fn local_macro_names(src: &str, headers: &Headers) -> Option<LocalNames> {
    let mut local = LocalNames {
        all: HashSet::new(),
        own: HashMap::new(),
        includes: HashMap::new(),
    };
    let plain = |d: &directives::Directive| match directives::plain(d) {
        Some(Item::Include(include)) => Some(Item::Include(headers.read_as(include))),
        item => item,
    };
    for d in &directives::directives(src) {
        if let Some(Item::Include(Include::Local(path))) = plain(d) {
            *local.includes.entry(path).or_default() += 1;
        }
    }
    for (k, text) in headers.texts.iter().enumerate() {
        let mut own = HashSet::new();
        let mut includes_local = false;
        for d in &directives::directives(text) {
            match plain(d) {
                Some(Item::Include(Include::Local(path))) => {
                    *local.includes.entry(path).or_default() += 1;
                    includes_local = true;
                }
                Some(Item::Include(Include::System(path))) if names::is_standard_header(&path) => {}
                Some(Item::Include(_)) => return None,
                Some(Item::Define(name, _) | Item::Undef(name)) => {
                    own.insert(name);
                }
                Some(Item::Group(_)) | None => {}
            }
        }
        local.all.extend(own.iter().cloned());
        if let (false, Some(name)) = (includes_local, headers.names.get(k)) {
            local.own.insert(name.clone(), own);
        }
    }
    (local.includes.len() == headers.texts.len()).then_some(local)
}

/// A text as [`blank`] leaves it.
struct Blanked {
    text: String,
    blanks: Vec<Blank>,
    defaults_overridden_unseen: HashSet<String>,
    /// What is known where the text includes a local header (the states of every such
    /// `#include` joined), `None` if it includes none.
    at_local_includes: Option<State>,
    /// What is known at the text's first `#include` of each local header.
    at_include: HashMap<String, State>,
}

/// `src` with the groups decided from state `start` blanked, and the runs blanked;
/// `src` unchanged if its conditionals do not nest. `local`: as
/// [`local_macro_names`].
fn blank(
    src: &str,
    mut start: State,
    local: Option<&LocalNames>,
    headers: &Headers,
    undecided: Undecided,
) -> Blanked {
    let as_written = Blanked {
        text: src.to_string(),
        blanks: Vec::new(),
        defaults_overridden_unseen: HashSet::new(),
        at_local_includes: None,
        at_include: HashMap::new(),
    };
    let Some(items) = directives::items(&directives::directives(src)) else {
        return as_written;
    };
    let mut walk = Walk {
        local,
        headers: *headers,
        blanks: Vec::new(),
        defaults_overridden_unseen: HashSet::new(),
        fragments: (undecided == Undecided::FragmentsAsFirstBranch).then_some(src),
        at_local_includes: None,
        at_include: HashMap::new(),
    };
    walk.block(&items, &mut start);
    let mut bytes = src.as_bytes().to_vec();
    for b in &walk.blanks {
        for c in bytes.get_mut(b.span.clone()).into_iter().flatten() {
            if !matches!(*c, b'\n' | b'\r') {
                *c = b' ';
            }
        }
    }
    // Runs start at a `#` and end at a line end or a `#`, so whole characters are
    // replaced; should that ever fail, the text is analysed as written.
    match String::from_utf8(bytes) {
        Ok(text) => Blanked {
            text,
            blanks: walk.blanks,
            defaults_overridden_unseen: walk.defaults_overridden_unseen,
            at_local_includes: walk.at_local_includes,
            at_include: walk.at_include,
        },
        Err(_) => as_written,
    }
}

/// What the preprocessor knows of macros at some point of a text.
#[derive(Clone, Debug, Default)]
struct State {
    /// Names whose meaning is recorded here (possibly as unknown).
    names: HashMap<String, Macro>,
    /// Whether text nestor has not read may have defined any name before this point.
    open: bool,
    /// Whether the compiler's identity macros are known (no header defines them).
    identity: bool,
}

impl State {
    /// What `name` means here: as recorded; else unknown if it may be defined where
    /// nestor does not look; else undefined.
    fn lookup(&self, name: &str) -> Macro {
        match self.names.get(name) {
            Some(m) => m.clone(),
            None if self.open || names::may_be_predefined(name) => Macro::Unknown,
            None => Macro::Undefined,
        }
    }

    /// Whether `name` may be defined here by text nestor has not read (a header, the
    /// compiler): not recorded, and unknown. A name recorded as unknown is one the
    /// texts nestor read may define (branches it could not decide, a local header).
    fn may_be_defined_unseen(&self, name: &str) -> bool {
        !self.names.contains_key(name) && self.lookup(name) == Macro::Unknown
    }

    /// The state where two paths meet: what they agree on, the rest unknown.
    fn join(self, other: State) -> State {
        let keys: HashSet<&String> = self.names.keys().chain(other.names.keys()).collect();
        let names = keys
            .into_iter()
            .map(|k| {
                let (a, b) = (self.lookup(k), other.lookup(k));
                (k.clone(), if a == b { a } else { Macro::Unknown })
            })
            .collect();
        State {
            names,
            open: self.open || other.open,
            identity: self.identity && other.identity,
        }
    }

    /// The state after `#include` of `include`: a standard header changes no name
    /// nestor may know; a local header makes the names it may define or undefine
    /// (`local`) unknown; any other include, or a local one when `local` is `None`,
    /// may define or undefine anything.
    fn include(&mut self, include: &Include, local: Option<&LocalNames>) {
        match (include, local) {
            (Include::System(path), _) if names::is_standard_header(path) => {}
            (Include::Local(path), Some(local)) => {
                for name in local.changed_by(path) {
                    self.names.insert(name.clone(), Macro::Unknown);
                }
            }
            _ => {
                let identity = self.identity;
                self.names
                    .retain(|name, _| identity && names::is_compiler_identity(name));
                self.open = true;
            }
        }
    }
}

/// A pass over a text's items that records the runs to blank.
struct Walk<'a> {
    local: Option<&'a LocalNames>,
    headers: Headers<'a>,
    blanks: Vec<Blank>,
    /// As [`Compiled::defaults_overridden_unseen`].
    defaults_overridden_unseen: HashSet<String>,
    /// The text, when undecided groups of fragments are read as their first branch
    /// ([`Undecided::FragmentsAsFirstBranch`]).
    fragments: Option<&'a str>,
    /// The states at the local `#include`s followed so far, joined.
    at_local_includes: Option<State>,
    /// The state at the first `#include` of each local header followed so far.
    at_include: HashMap<String, State>,
}

impl Walk<'_> {
    /// Follows `items` from `state`, as the preprocessor would.
    fn block(&mut self, items: &[Item], state: &mut State) {
        for item in items {
            match item {
                Item::Define(name, meaning) => {
                    state.names.insert(name.clone(), meaning.clone());
                }
                Item::Undef(name) => {
                    state.names.insert(name.clone(), Macro::Undefined);
                }
                Item::Include(include) => {
                    let include = self.headers.read_as(include.clone());
                    if let Include::Local(path) = &include {
                        let here = state.clone();
                        self.at_include
                            .entry(path.clone())
                            .or_insert_with(|| here.clone());
                        self.at_local_includes = Some(match self.at_local_includes.take() {
                            Some(before) => before.join(here),
                            None => here,
                        });
                    }
                    state.include(&include, self.local)
                }
                Item::Group(group) => match taken(group, state) {
                    Some(taken) => self.decided(group, taken, state),
                    None if self.fragments.is_some_and(|src| of_fragments(group, src)) => {
                        self.decided(group, Some(0), state)
                    }
                    None => self.undecided(group, state),
                },
            }
        }
    }

    /// Blanks the directives of `group` and its branches other than `taken`, and
    /// follows the taken one.
    fn decided(&mut self, group: &Group, taken: Option<usize>, state: &mut State) {
        let first = group.branches.first().map_or(0..0, |b| b.directive.clone());
        for (k, branch) in group.branches.iter().enumerate() {
            let compiled = taken == Some(k);
            let end = if compiled {
                branch.directive.end
            } else {
                branch.end
            };
            self.blanks.push(Blank {
                group: first.clone(),
                span: branch.directive.start..end,
            });
            if compiled {
                self.block(&branch.body, state);
            }
        }
        self.blanks.push(Blank {
            group: first,
            span: group.endif.clone(),
        });
    }

    /// Follows each branch of `group` (which stays as written) from `state`, and
    /// leaves the state where they meet.
    fn undecided(&mut self, group: &Group, state: &mut State) {
        let entry = state.clone();
        let unseen = redefined_tested(group)
            .into_iter()
            .filter(|name| entry.may_be_defined_unseen(name));
        self.defaults_overridden_unseen.extend(unseen);
        let mut exits: Vec<State> = group
            .branches
            .iter()
            .map(|branch| {
                let mut s = entry.clone();
                self.block(&branch.body, &mut s);
                s
            })
            .collect();
        if !group.has_else() {
            exits.push(entry.clone());
        }
        *state = exits.into_iter().reduce(State::join).unwrap_or(entry);
    }
}

/// Whether every branch of `group` is a fragment of a declaration: no directive, no
/// `;`, `{` or `}` (`__attribute__((noinline))`, `static inline`), so that whichever
/// a compiler compiles, the declarations around it are the same.
fn of_fragments(group: &Group, src: &str) -> bool {
    group.branches.iter().all(|b| {
        b.body.is_empty()
            && src
                .get(b.directive.end..b.end)
                .is_some_and(|text| !text.contains([';', '{', '}']))
    })
}

/// The branch of `group` compiled from `state` (`Some(None)`: none), or `None` if
/// nestor cannot tell: a test it cannot evaluate comes before the first that holds.
/// A name a branch defines or undefines and a test reads (an include guard, or a
/// default such as `#ifndef N` / `#define N 100`, which a compiler's `-D` may
/// override) is unknown where it is not defined: the group is decided only where its
/// outcome does not depend on it (`#if !defined(F) && !defined(D)` / `#define D`,
/// with `F` defined, is not compiled).
fn taken(group: &Group, state: &State) -> Option<Option<usize>> {
    let defaults = redefined_tested(group);
    let lookup = |name: &str| match state.lookup(name) {
        Macro::Undefined if defaults.contains(name) => Macro::Unknown,
        meaning => meaning,
    };
    for (k, branch) in group.branches.iter().enumerate() {
        if holds(&branch.test, &lookup)? {
            return Some(Some(k));
        }
    }
    Some(None)
}

/// Whether test `test` holds where names mean what `lookup` says; `None` if nestor
/// cannot tell.
fn holds(test: &Test, lookup: &dyn Fn(&str) -> Macro) -> Option<bool> {
    match test {
        Test::Else => Some(true),
        Test::Defined { name, negated } => match lookup(name) {
            Macro::Undefined => Some(*negated),
            Macro::Unknown => None,
            Macro::Object(_) | Macro::Function(..) => Some(!negated),
        },
        Test::Expression(expr) => condition::value(expr, lookup).map(|v| v != 0),
        Test::Unreadable => None,
    }
}

/// The names a branch of `group` (or a group nested in one) defines or undefines and
/// one of its tests reads.
fn redefined_tested(group: &Group) -> HashSet<String> {
    let mut tested = HashSet::new();
    for branch in &group.branches {
        match &branch.test {
            Test::Defined { name, .. } => {
                tested.insert(name.clone());
            }
            Test::Expression(expr) => tested.extend(condition::names(expr)),
            Test::Else | Test::Unreadable => {}
        }
    }
    let mut changed = HashSet::new();
    for branch in &group.branches {
        changed_names(&branch.body, &mut changed);
    }
    tested.retain(|name| changed.contains(name));
    tested
}

/// Adds to `out` the names `items` (and the groups in them) define or undefine.
fn changed_names(items: &[Item], out: &mut HashSet<String>) {
    for item in items {
        match item {
            Item::Define(name, _) | Item::Undef(name) => {
                out.insert(name.clone());
            }
            Item::Group(group) => {
                for branch in &group.branches {
                    changed_names(&branch.body, out);
                }
            }
            Item::Include(_) => {}
        }
    }
}

#[cfg(test)]
mod tests;
