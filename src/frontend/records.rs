//! Struct and union types: the members nestor can model as memory of their own.
//!
//! Distinct members of a struct are distinct memory, so a *field path* (`b.c` for
//! `b[i][j].c[k][l]`) is an array of its own, subscripted by the struct's subscripts
//! and then the member's. A member is modelled only when its values are plain
//! integers or floating values, or structs modelled in turn: never through a pointer,
//! a bit-field (it shares a word with its neighbours), a flexible array member (no
//! extent) or a type nestor cannot see; and never in a union (its members overlap).

use super::syntax::text;
use super::types::CType;
use std::rc::Rc;
use tree_sitter::Node;

/// A struct or union type whose definition nestor read.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// Tells record types apart (for aliasing between a pointer parameter and a
    /// global): `struct S`, or where the type has no tag, the typedef naming it or the
    /// definition's text.
    pub id: String,
    /// How messages name it: `struct S`, `union U`, `an unnamed struct`.
    pub display: String,
    pub union: bool,
    pub members: Vec<Member>,
}

/// One member of a record.
#[derive(Clone, Debug, PartialEq)]
pub struct Member {
    pub name: String,
    /// Its element type as written (`double`, `real`, `struct in`).
    pub ty: String,
    /// Its array extents as C text, outermost first; empty for a single value.
    pub extents: Vec<String>,
    pub kind: MemberKind,
}

#[derive(Clone, Debug, PartialEq)]
pub enum MemberKind {
    /// An integer or floating value (or an array of them).
    Value,
    /// A struct or union (or an array of them).
    Record(RecordType),
    /// Not modelled, with why (completing "member `x` of `struct S` is ...").
    Unmodelled(String),
}

/// How a declaration names a record type.
#[derive(Clone, Debug, PartialEq)]
pub enum RecordType {
    /// `struct S` / `union S`: the file-scope definition of tag `S` (`keyword` is
    /// `struct` or `union`, for messages).
    Tag { keyword: &'static str, name: String },
    /// A definition written in place (`struct { double x[4]; } s;`, `typedef struct
    /// { ... } T;`).
    Defined(Rc<Record>),
    /// A record type nestor does not model, with why.
    Unknown(NotModelled),
}

/// Why nestor does not model a struct or union type, or an access through members.
/// Its text completes "`EXPRESSION` is not modelled: ...".
#[derive(Clone, Debug, PartialEq)]
pub enum NotModelled {
    /// A typedef, global or tag `name` is defined differently in two preprocessor
    /// branches (`name` as messages quote it).
    DefinedTwice {
        name: String,
    },
    /// A global `name` is declared differently in two preprocessor branches.
    DeclaredTwice {
        name: String,
    },
    /// The variable is declared `volatile` or `_Atomic`.
    Volatile,
    /// The type is defined inside the function (`spelled`: how the declaration names
    /// it, when by a tag or typedef).
    DefinedInFunction {
        spelled: Option<String>,
    },
    /// No definition of `struct NAME` is visible.
    NoDefinition {
        keyword: &'static str,
        name: String,
    },
    /// `->member` after another member: it follows a pointer member.
    ArrowAfterPointer {
        member: String,
    },
    /// A member of a union: members share storage.
    UnionMember {
        member: String,
        record: String,
    },
    NoSuchMember {
        member: String,
        record: String,
    },
    /// A member whose declaration nestor does not model; `why` completes "member `m` of
    /// `struct S` is ...".
    UnmodelledMember {
        member: String,
        record: String,
        why: String,
    },
    /// A member followed by another that is not a struct.
    NotAStruct {
        member: String,
        record: String,
    },
    /// A member (or the variable, `record` empty) subscripted in other than each of its
    /// dimensions.
    Subscripts {
        name: String,
        record: String,
        rank: usize,
        subscripts: usize,
    },
    /// The struct is reached through an expression that is not a variable.
    NotAVariable {
        text: String,
    },
    Undeclared {
        root: String,
    },
    NotAStructVariable {
        root: String,
    },
    /// `->` on a pointer that is not a parameter: it may point to any struct.
    LocalPointer {
        root: String,
    },
    /// `->` on a variable that is not one pointer to a struct.
    ArrowOnNonPointer {
        root: String,
    },
    /// A subscripted plain pointer: it may alias other arrays.
    AliasingPointer {
        root: String,
    },
    /// The variable's struct type is not modelled, for `why`.
    RootType {
        root: String,
        why: Box<NotModelled>,
    },
    /// A member array used without all its subscripts: a pointer.
    MissingSubscripts {
        name: String,
        dimensions_left: usize,
    },
    /// A struct used as a whole.
    WholeStruct {
        name: String,
    },
}

impl std::fmt::Display for NotModelled {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use NotModelled as N;
        match self {
            N::DefinedTwice { name } => {
                write!(
                    f,
                    "{name} is defined differently in two preprocessor branches"
                )
            }
            N::DeclaredTwice { name } => {
                write!(
                    f,
                    "{name} is declared differently in two preprocessor branches"
                )
            }
            N::Volatile => write!(f, "declared `volatile` or `_Atomic`"),
            N::DefinedInFunction { spelled: None } => {
                write!(f, "its type is defined inside the function")
            }
            N::DefinedInFunction { spelled: Some(t) } => {
                write!(f, "its type `{t}` is defined inside the function")
            }
            N::NoDefinition { keyword, name } => {
                write!(f, "nestor cannot see the definition of `{keyword} {name}`")
            }
            N::ArrowAfterPointer { member } => write!(f, "`->{member}` follows a pointer member"),
            N::UnionMember { member, record } => {
                write!(
                    f,
                    "`{member}` is a member of {record}, whose members share storage"
                )
            }
            N::NoSuchMember { member, record } => {
                write!(f, "nestor does not see a member `{member}` in {record}")
            }
            N::UnmodelledMember {
                member,
                record,
                why,
            } => {
                write!(f, "member `{member}` of {record} is {why}")
            }
            N::NotAStruct { member, record } => {
                write!(f, "member `{member}` of {record} is not a struct")
            }
            N::Subscripts {
                name,
                record,
                rank,
                subscripts,
            } if record.is_empty() => write!(
                f,
                "`{name}` has {rank} dimensions but is accessed with {subscripts} subscripts"
            ),
            N::Subscripts {
                name,
                record,
                rank,
                subscripts,
            } => write!(
                f,
                "member `{name}` of {record} has {rank} dimensions but is accessed with {subscripts} subscripts"
            ),
            access => access.fmt_access(f),
        }
    }
}

impl NotModelled {
    /// The text of a problem with the variable an access starts from, or with what it
    /// reaches.
    fn fmt_access(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use NotModelled as N;
        match self {
            N::NotAVariable { text } => {
                write!(
                    f,
                    "the struct is reached through `{text}`, which is not a variable"
                )
            }
            N::Undeclared { root } => write!(f, "nestor cannot see the declaration of `{root}`"),
            N::NotAStructVariable { root } => write!(
                f,
                "`{root}` is not a struct, an array of structs or a pointer to one whose type nestor sees"
            ),
            N::LocalPointer { root } => write!(
                f,
                "`{root}` is a pointer that is not a parameter of the function: it may point to any struct"
            ),
            N::ArrowOnNonPointer { root } => write!(
                f,
                "`->` is applied to `{root}`, which nestor does not model as one pointer to a struct"
            ),
            N::AliasingPointer { root } => write!(
                f,
                "`{root}` is a pointer that may alias other arrays (declare it `restrict` to index it, or use `{root}->`)"
            ),
            N::RootType { root, why } => write!(f, "the type of `{root}` is not modelled: {why}"),
            N::MissingSubscripts {
                name,
                dimensions_left,
            } => write!(
                f,
                "member array `{name}` lacks {dimensions_left} of its subscripts, so it stands for a pointer"
            ),
            N::WholeStruct { name } => {
                write!(
                    f,
                    "`{name}` is a struct used as a whole, not through its members"
                )
            }
            // The record and member variants: written by `fmt` itself.
            record => write!(f, "{record}"),
        }
    }
}

impl Record {
    pub fn member(&self, name: &str) -> Option<&Member> {
        self.members.iter().find(|m| m.name == name)
    }
}

/// What a struct or union specifier with a body defines, with `resolve` giving the
/// type of a member's type text (typedefs and macros resolved) and `named` the record
/// type a member's type names. Members declared twice (in two preprocessor branches)
/// differently are not modelled.
pub fn record_of(
    spec: Node,
    src: &str,
    resolve: &dyn Fn(&str) -> CType,
    named: &dyn Fn(Node) -> Option<RecordType>,
) -> Record {
    let union = spec.kind() == "union_specifier";
    let keyword = if union { "union" } else { "struct" };
    let tag = spec.child_by_field_name("name").map(|n| text(n, src));
    let (id, display) = match tag {
        Some(t) => (format!("{keyword} {t}"), format!("`{keyword} {t}`")),
        None => (
            format!("{keyword} {}", text(spec, src)),
            format!("an unnamed {keyword}"),
        ),
    };
    let mut members: Vec<Member> = Vec::new();
    if let Some(body) = spec.child_by_field_name("body") {
        for m in field_declarations(body)
            .into_iter()
            .flat_map(|d| members_of(d, src, resolve, named))
        {
            match members.iter_mut().find(|old| old.name == m.name) {
                Some(old) if *old != m => {
                    old.kind = MemberKind::Unmodelled(
                        "declared differently in two preprocessor branches".to_string(),
                    )
                }
                Some(_) => {}
                None => members.push(m),
            }
        }
    }
    Record {
        id,
        display,
        union,
        members,
    }
}

/// The field declarations of a member list, also those in preprocessor conditionals.
fn field_declarations(list: Node) -> Vec<Node> {
    let mut out = Vec::new();
    let mut cursor = list.walk();
    for c in list.named_children(&mut cursor) {
        match c.kind() {
            "field_declaration" => out.push(c),
            "preproc_if" | "preproc_ifdef" | "preproc_else" | "preproc_elif" => {
                out.extend(field_declarations(c))
            }
            _ => {}
        }
    }
    out
}

/// The members one field declaration declares (`double x[4], y;`).
fn members_of(
    decl: Node,
    src: &str,
    resolve: &dyn Fn(&str) -> CType,
    named: &dyn Fn(Node) -> Option<RecordType>,
) -> Vec<Member> {
    let Some(ty) = decl.child_by_field_name("type") else {
        return Vec::new();
    };
    let mut cursor = decl.walk();
    let children: Vec<Node> = decl.children(&mut cursor).collect();
    let qualifier = children
        .iter()
        .filter(|c| c.kind() == "type_qualifier")
        .map(|c| text(*c, src))
        .find(|q| matches!(*q, "volatile" | "_Atomic"));
    let bitfield = children.iter().any(|c| c.kind() == "bitfield_clause");
    let ty_text = text(ty, src).to_string();
    let base_kind = if let Some(q) = qualifier {
        MemberKind::Unmodelled(format!("`{q}`"))
    } else if bitfield {
        MemberKind::Unmodelled(
            "a bit-field, which shares its storage with its neighbours".to_string(),
        )
    } else if let Some(record) = named(ty) {
        MemberKind::Record(record)
    } else if matches!(
        resolve(&ty_text),
        CType::Signed(_) | CType::Unsigned(_) | CType::Floating(_)
    ) {
        MemberKind::Value
    } else {
        MemberKind::Unmodelled(format!("of type `{ty_text}`, which nestor does not model"))
    };
    let mut cursor = decl.walk();
    decl.children_by_field_name("declarator", &mut cursor)
        .filter_map(|d| {
            let (name, extents, problem) = declarator_shape(d, src)?;
            Some(Member {
                name,
                ty: ty_text.clone(),
                extents,
                kind: problem.map_or_else(|| base_kind.clone(), MemberKind::Unmodelled),
            })
        })
        .collect()
}

/// A member declarator's name, its extents (outermost first), and why its shape is not
/// modelled (a pointer, a function, a flexible array member).
fn declarator_shape(d: Node, src: &str) -> Option<(String, Vec<String>, Option<String>)> {
    let mut node = d;
    let mut extents = Vec::new();
    let mut problem = None;
    loop {
        match node.kind() {
            "field_identifier" => break,
            "parenthesized_declarator" | "attributed_declarator" => {
                node = node
                    .child_by_field_name("declarator")
                    .or_else(|| node.named_child(0))?;
            }
            "array_declarator" => {
                match node.child_by_field_name("size") {
                    Some(s) => extents.push(text(s, src).to_string()),
                    None => {
                        extents.push(String::new());
                        problem.get_or_insert_with(|| {
                            "a flexible array member, whose extent nestor does not know".to_string()
                        });
                    }
                }
                node = node.child_by_field_name("declarator")?;
            }
            "pointer_declarator" => {
                problem = Some("a pointer, which may point anywhere".to_string());
                node = node.child_by_field_name("declarator")?;
            }
            _ => {
                problem = Some("a function pointer".to_string());
                node = node
                    .child_by_field_name("declarator")
                    .or_else(|| node.named_child(0))?;
            }
        }
    }
    extents.reverse();
    Some((text(node, src).to_string(), extents, problem))
}

/// What a chain of members reaches from a struct value whose own subscripts are all
/// taken: the member arrays' extents, the record types passed through, and what the
/// last member is.
#[derive(Clone, Debug)]
pub struct Followed {
    /// The last member's element type as written.
    pub element_type: String,
    /// The extents of every member on the way, outermost first.
    pub extents: Vec<String>,
    /// The ids of the record types the chain goes through, the first one first.
    pub records: Vec<String>,
    pub reached: Reached,
}

/// What the last member of a chain is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reached {
    /// Values (integers or floating), with the member's array dimensions not
    /// subscripted.
    Value { dimensions_left: usize },
    /// A struct or union as a whole, with its array dimensions not subscripted.
    Record { dimensions_left: usize },
}

/// One step from a variable towards a member: a subscript or a member.
#[derive(Clone, Copy, Debug)]
pub enum Step<'s> {
    Index,
    /// `.name`, or `->name` (`arrow`).
    Member {
        name: &'s str,
        arrow: bool,
    },
}

/// `steps` split into the subscripts of the variable itself (how many lead) and the
/// chain of members after them, each with the subscripts that follow it.
pub fn member_chain<'s>(steps: &[Step<'s>]) -> (usize, Vec<MemberStep<'s>>) {
    let own = steps
        .iter()
        .take_while(|s| matches!(s, Step::Index))
        .count();
    let mut chain: Vec<MemberStep> = Vec::new();
    for s in &steps[own..] {
        match (s, chain.last_mut()) {
            (Step::Member { name, arrow }, _) => chain.push((name, *arrow, 0)),
            (Step::Index, Some(last)) => last.2 += 1,
            (Step::Index, None) => {}
        }
    }
    (own, chain)
}

/// One member of a chain: its name, whether it is reached by `->`, and how many
/// subscripts follow it (`.c[k][l]` is `("c", false, 2)`).
pub type MemberStep<'s> = (&'s str, bool, usize);

/// Follows `chain` from a value of `record` (`lookup` gives the definition a record
/// type names). Every member but the last must be a struct subscripted in each of its
/// dimensions; `Err` says why the chain is not modelled (a union, a member nestor
/// does not see or does not model, a pointer member).
pub fn follow(
    record: Rc<Record>,
    chain: &[MemberStep],
    lookup: &dyn Fn(&RecordType) -> Result<Rc<Record>, NotModelled>,
) -> Result<Followed, NotModelled> {
    let mut record = record;
    let mut followed = Followed {
        element_type: String::new(),
        extents: Vec::new(),
        records: vec![record.id.clone()],
        reached: Reached::Record { dimensions_left: 0 },
    };
    for (k, &(name, arrow, subscripts)) in chain.iter().enumerate() {
        let last = k + 1 == chain.len();
        if arrow && k > 0 {
            return Err(NotModelled::ArrowAfterPointer {
                member: name.to_string(),
            });
        }
        if record.union {
            return Err(NotModelled::UnionMember {
                member: name.to_string(),
                record: record.display.clone(),
            });
        }
        let Some(member) = record.member(name) else {
            return Err(NotModelled::NoSuchMember {
                member: name.to_string(),
                record: record.display.clone(),
            });
        };
        let rank = member.extents.len();
        let inner = match &member.kind {
            MemberKind::Unmodelled(why) => {
                return Err(NotModelled::UnmodelledMember {
                    member: name.to_string(),
                    record: record.display.clone(),
                    why: why.clone(),
                });
            }
            MemberKind::Value if !last => {
                return Err(NotModelled::NotAStruct {
                    member: name.to_string(),
                    record: record.display.clone(),
                });
            }
            MemberKind::Value => None,
            MemberKind::Record(inner) => Some(inner),
        };
        if subscripts > rank || (!last && subscripts < rank) {
            return Err(NotModelled::Subscripts {
                name: name.to_string(),
                record: record.display.clone(),
                rank,
                subscripts,
            });
        }
        followed.extents.extend(member.extents.iter().cloned());
        followed.element_type = member.ty.clone();
        let dimensions_left = rank - subscripts;
        match inner {
            None => followed.reached = Reached::Value { dimensions_left },
            Some(_) if last => followed.reached = Reached::Record { dimensions_left },
            Some(inner) => {
                record = lookup(inner)?;
                followed.records.push(record.id.clone());
            }
        }
    }
    Ok(followed)
}
