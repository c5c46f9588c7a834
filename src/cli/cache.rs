//! What `nestor cc` wrote for each file, kept between builds: a rebuild that compiles
//! a file again with the same text, headers and options takes the rewrite from here
//! instead of analysing it again. nestor's output is a function of exactly those
//! (and its build), so an entry is reused only when all of them are equal: the entry
//! holds them in full and they are compared, not only their hash. An analysis the
//! machine cut short (a CPU limit, a process killed) is not stored.

use std::hash::{Hash, Hasher};
use std::path::PathBuf;

/// Which build of nestor runs: its executable's size and modification time. The
/// version alone stays the same across the builds of one release (a fix to the
/// output between two of them must not be hidden by the other's entries).
fn build_id() -> String {
    let exe = std::env::current_exe().and_then(std::fs::metadata);
    exe.map(|m| format!("{} {:?}", m.len(), m.modified().ok()))
        .unwrap_or_default()
}

/// A directory of entries, one file per key.
pub struct Cache {
    dir: PathBuf,
}

/// What an entry holds: its key in full, and the rewritten file (`None`: nestor left
/// the file as it is, so the original is compiled).
#[derive(serde::Serialize, serde::Deserialize)]
struct Entry {
    key: String,
    output: Option<String>,
}

impl Cache {
    /// The cache the environment names: `$NESTOR_CACHE_DIR`, else
    /// `$XDG_CACHE_HOME/nestor`, else `$HOME/.cache/nestor`; none with
    /// `NESTOR_CACHE_DIR=none` (or without a home directory).
    pub fn from_env() -> Option<Cache> {
        let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
        let dir = match var("NESTOR_CACHE_DIR") {
            Some(dir) if dir == "none" => return None,
            Some(dir) => PathBuf::from(dir),
            None => var("XDG_CACHE_HOME")
                .map(PathBuf::from)
                .or_else(|| var("HOME").map(|home| PathBuf::from(home).join(".cache")))?
                .join("nestor"),
        };
        Some(Cache { dir })
    }

    /// The key of a file: nestor's version and build, the options it is rewritten with (the
    /// headers' texts among them) and its text.
    pub fn key(src: &str, options: &impl std::fmt::Debug) -> String {
        format!(
            "nestor {} {}\n{options:?}\n{src}",
            env!("CARGO_PKG_VERSION"),
            build_id()
        )
    }

    fn path(&self, key: &str) -> PathBuf {
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        key.hash(&mut hasher);
        let hash = format!("{:016x}", hasher.finish());
        self.dir
            .join(&hash[..2])
            .join(format!("{}.json", &hash[2..]))
    }

    /// The rewrite stored for `key`: `Some(None)` when the file was left as it is,
    /// `None` when there is no entry for exactly this key.
    pub fn get(&self, key: &str) -> Option<Option<String>> {
        let text = std::fs::read_to_string(self.path(key)).ok()?;
        let entry: Entry = serde_json::from_str(&text).ok()?;
        (entry.key == key).then_some(entry.output)
    }

    /// Stores the rewrite for `key` (best effort: a cache that cannot be written only
    /// costs the next build the analysis).
    pub fn put(&self, key: &str, output: Option<&str>) {
        let path = self.path(key);
        let entry = Entry {
            key: key.to_string(),
            output: output.map(str::to_string),
        };
        let Ok(text) = serde_json::to_string(&entry) else {
            return;
        };
        if let Some(dir) = path.parent()
            && std::fs::create_dir_all(dir).is_ok()
        {
            let _ = super::io::write_atomically(&path, text.as_bytes(), None);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_is_found_only_for_its_own_key() {
        let dir = tempfile::tempdir().unwrap();
        let cache = Cache {
            dir: dir.path().to_path_buf(),
        };
        let key = Cache::key("int x;", &("options", 1));
        assert_eq!(cache.get(&key), None);
        cache.put(&key, Some("rewritten"));
        assert_eq!(cache.get(&key), Some(Some("rewritten".to_string())));
        assert_eq!(cache.get(&Cache::key("int x;", &("options", 2))), None);
        // An entry under the same file name for another key (a hash collision).
        std::fs::write(
            cache.path(&key),
            serde_json::to_string(&Entry {
                key: "other".into(),
                output: None,
            })
            .unwrap(),
        )
        .unwrap();
        assert_eq!(cache.get(&key), None);
    }
}
