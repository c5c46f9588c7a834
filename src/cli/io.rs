//! Reading C sources (rejecting what is not text) and writing files atomically.

use super::Exit;
use nestor::support::diag::Code;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// Largest input nestor reads, in bytes.
pub const MAX_INPUT: u64 = 32 * 1024 * 1024;

/// Why an input is not a C source nestor reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InputError {
    Unreadable(String),
    Directory,
    TooLarge,
    Binary,
    NotUtf8 { offset: usize },
}

impl InputError {
    pub fn message(&self, name: &str) -> String {
        match self {
            InputError::Unreadable(e) => format!("cannot read `{name}`: {e}"),
            InputError::Directory => format!("`{name}` is a directory, not a C file"),
            InputError::TooLarge => format!(
                "`{name}` is larger than {} MiB; nestor does not process files this large",
                MAX_INPUT >> 20
            ),
            InputError::Binary => {
                format!("`{name}` is a binary file (it contains NUL bytes), not C source")
            }
            InputError::NotUtf8 { offset } => {
                format!("`{name}` is not UTF-8 text (invalid byte at offset {offset})")
            }
        }
    }

    /// The diagnostic code of an input that is not text (N002), if it is that.
    pub fn code(&self) -> Option<Code> {
        match self {
            InputError::Binary | InputError::NotUtf8 { .. } => Some(Code::NotText),
            _ => None,
        }
    }

    /// A stable short name, used in the batch JSON.
    pub fn kind(&self) -> &'static str {
        match self {
            InputError::Unreadable(_) => "unreadable",
            InputError::Directory => "directory",
            InputError::TooLarge => "too-large",
            InputError::Binary => "binary",
            InputError::NotUtf8 { .. } => "not-utf8",
        }
    }

    pub fn exit(&self) -> Exit {
        match self {
            InputError::Unreadable(_) | InputError::Directory => Exit::Io,
            _ => Exit::NotC,
        }
    }
}

/// The display name of an input path (`-` is standard input).
pub fn display_name(path: &Path) -> String {
    path.display().to_string()
}

pub fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// The directory of the input `path`, absolute (compilers run in other directories):
/// where its quoted includes are looked up. The current directory for standard input.
pub fn directory_of(path: &Path) -> PathBuf {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty() && !is_stdin(path))
        .unwrap_or(Path::new("."));
    std::path::absolute(dir).unwrap_or_else(|_| dir.to_path_buf())
}

/// The file name of the input `path`, as the compiler sees it when verifying.
pub fn file_name_of(path: &Path) -> String {
    if is_stdin(path) {
        return "stdin.c".to_string();
    }
    path.file_name().map_or_else(
        || "input.c".to_string(),
        |f| f.to_string_lossy().into_owned(),
    )
}

/// Reads a file (or standard input for `-`), at most `MAX_INPUT + 1` bytes: what is
/// read is never a whole file larger than `MAX_INPUT`, so it must not be copied as one
/// ([`as_source`] rejects it; [`copy_atomically`] copies the file itself).
pub fn read_bytes(path: &Path) -> Result<Vec<u8>, InputError> {
    let mut bytes = Vec::new();
    if is_stdin(path) {
        std::io::stdin()
            .take(MAX_INPUT + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| InputError::Unreadable(e.to_string()))?;
        return Ok(bytes);
    }
    let meta = std::fs::metadata(path).map_err(|e| InputError::Unreadable(e.to_string()))?;
    if meta.is_dir() {
        return Err(InputError::Directory);
    }
    if meta.is_file() && meta.len() > MAX_INPUT {
        return Err(InputError::TooLarge);
    }
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_INPUT + 1).read_to_end(&mut bytes))
        .map_err(|e| InputError::Unreadable(e.to_string()))?;
    Ok(bytes)
}

/// The text of `bytes` when they can be C source.
pub fn as_source(bytes: &[u8]) -> Result<&str, InputError> {
    if bytes.len() as u64 > MAX_INPUT {
        return Err(InputError::TooLarge);
    }
    if bytes.contains(&0) {
        return Err(InputError::Binary);
    }
    std::str::from_utf8(bytes).map_err(|e| InputError::NotUtf8 {
        offset: e.valid_up_to(),
    })
}

/// Reads a C source, printing the error and returning the exit code on failure.
pub fn read_source(path: &Path) -> Result<String, Exit> {
    read_text(path).map_err(|e| said(path, &e))
}

/// Reads a C source.
pub fn read_text(path: &Path) -> Result<String, InputError> {
    let bytes = read_bytes(path)?;
    as_source(&bytes).map(str::to_string)
}

/// Says why the input `path` cannot be read (on standard error, and in the SARIF log);
/// the exit code for it.
pub fn said(path: &Path, e: &InputError) -> Exit {
    let name = display_name(path);
    super::sarif::failure(&name, &e.message(&name));
    match e.code() {
        Some(code) => eprintln!("nestor: error[{}]: {}", code.as_str(), e.message(&name)),
        None => super::error(e.message(&name)),
    }
    e.exit()
}

/// Writes `bytes` to `path` through a temporary file in the same directory and a
/// rename, so `path` is never seen truncated or half written. Keeps the permissions
/// of `path` if it exists, else takes those of `like` if given.
pub fn write_atomically(path: &Path, bytes: &[u8], like: Option<&Path>) -> std::io::Result<()> {
    replace_atomically(path, like, |tmp| tmp.write_all(bytes))
}

/// Copies the file `from` to `to` byte for byte, whatever its size (streamed, never
/// held in memory), atomically as [`write_atomically`] writes, with the permissions of
/// `from` for a new `to`.
pub fn copy_atomically(from: &Path, to: &Path) -> std::io::Result<()> {
    let mut source = std::fs::File::open(from)?;
    replace_atomically(to, Some(from), |tmp| {
        std::io::copy(&mut source, tmp).map(|_| ())
    })
}

/// Fills a temporary file beside `path` with `fill`, then renames it to `path`.
fn replace_atomically(
    path: &Path,
    like: Option<&Path>,
    fill: impl FnOnce(&mut std::fs::File) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let mut tmp = tempfile::NamedTempFile::new_in(dir)?;
    fill(tmp.as_file_mut())?;
    let perms = std::fs::metadata(path)
        .or_else(|e| like.map_or(Err(e), std::fs::metadata))
        .map(|m| m.permissions());
    if let Ok(perms) = perms {
        // Best effort: a file we cannot chmod is still better written than not.
        let _ = std::fs::set_permissions(tmp.path(), perms);
    }
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// A `.c` or `.h` file found under a directory.
pub struct Found {
    pub path: PathBuf,
    pub header: bool,
}

/// The `.c` and `.h` files under directory `root`, recursively, in path order, not
/// descending into the directories `skip` names; a directory that cannot be listed is
/// an `Err` of its path and why. Symbolic links to directories are not followed (no
/// cycles); links to files, and dangling ones, are found like files (a dangling one
/// fails when read).
pub fn sources_under(
    root: &Path,
    skip: impl Fn(&Path) -> bool,
) -> Vec<Result<Found, (PathBuf, String)>> {
    let entries = walkdir::WalkDir::new(root)
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|e| e.depth() == 0 || !skip(e.path()));
    let mut found = Vec::new();
    for entry in entries {
        let entry = match entry {
            Ok(e) => e,
            Err(e) => {
                let dir = e.path().unwrap_or(root).to_path_buf();
                let why = e
                    .io_error()
                    .map_or_else(|| e.to_string(), ToString::to_string);
                found.push(Err((dir, why)));
                continue;
            }
        };
        let path = entry.path();
        let extension = path.extension().and_then(|e| e.to_str());
        let link_to_dir =
            entry.path_is_symlink() && std::fs::metadata(path).is_ok_and(|m| m.is_dir());
        if let Some(ext @ ("c" | "h")) = extension
            && !entry.file_type().is_dir()
            && !link_to_dir
        {
            found.push(Ok(Found {
                path: path.to_path_buf(),
                header: ext == "h",
            }));
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classification() {
        assert_eq!(as_source(b"int x;"), Ok("int x;"));
        assert_eq!(as_source(b"a\0b"), Err(InputError::Binary));
        assert_eq!(as_source(b"ab\xff"), Err(InputError::NotUtf8 { offset: 2 }));
        assert_eq!(InputError::Directory.exit(), Exit::Io);
        assert_eq!(InputError::Binary.exit(), Exit::NotC);
    }

    #[test]
    fn a_file_over_the_limit_is_too_large_unread_and_copied_whole() {
        let dir = tempfile::tempdir().unwrap();
        let big = dir.path().join("big.c");
        let mut bytes = vec![b' '; MAX_INPUT as usize];
        bytes.extend_from_slice(b"int last;\n");
        std::fs::write(&big, &bytes).unwrap();
        assert_eq!(read_bytes(&big), Err(InputError::TooLarge));
        let copy = dir.path().join("copy.c");
        copy_atomically(&big, &copy).unwrap();
        assert!(std::fs::read(&copy).unwrap() == bytes);
    }

    #[test]
    fn atomic_write_replaces_and_keeps_mode() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("x.c");
        std::fs::write(&p, "old").unwrap();
        std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o640)).unwrap();
        write_atomically(&p, b"new", None).unwrap();
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "new");
        let mode = std::fs::metadata(&p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o640);
        assert_eq!(
            std::fs::read_dir(dir.path()).unwrap().count(),
            1,
            "no temp left"
        );
    }
}
