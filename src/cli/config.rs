//! The project's configuration, `nestor.toml`: found upward from each input, as ruff
//! finds `ruff.toml` and clang-tidy `.clang-tidy`, so that a team pins its options
//! (tile sizes or caches, OpenMP, pure functions, ignored codes, excluded paths) once
//! and every command, `nestor cc` included, uses them. The command line and the
//! environment (`NESTOR_CACHE`, `NESTOR_FLAGS`) win over the file.

use super::args::{AnalysisArgs, RewriteArgs};
use nestor::support::diag::Code;
use nestor::transform::tiling::cache::Caches;
use serde::{Deserialize, Deserializer};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

pub const FILE_NAME: &str = "nestor.toml";

/// A `nestor.toml`. Every key is optional; an unknown key is an error (a misspelt
/// option must not be silently ignored).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Config {
    /// The directory of the file: `exclude` and `include` are relative to it.
    #[serde(skip)]
    pub dir: PathBuf,
    /// `false`: `--no-tile`.
    pub tile: Option<bool>,
    /// `--tile-size`.
    #[serde(default, deserialize_with = "tile_sizes")]
    pub tile_size: Option<Vec<i64>>,
    /// `--cache` (`"48K,2M"` pins the output to those caches on every machine).
    #[serde(default, deserialize_with = "caches")]
    pub cache: Option<Caches>,
    /// `false`: `--no-parallel` (no OpenMP pragmas).
    pub parallel: Option<bool>,
    /// `false`: `--no-contract`.
    pub contract: Option<bool>,
    /// `--assume-no-alias`.
    pub assume_no_alias: Option<bool>,
    /// `--pure`.
    #[serde(default)]
    pub pure: Vec<String>,
    /// `--ignore`.
    #[serde(default, deserialize_with = "codes")]
    pub ignore: Vec<Code>,
    /// `.c` files left as written: globs relative to the file's directory (`*` stops
    /// at `/`, `**` does not).
    #[serde(default)]
    pub exclude: Vec<String>,
    /// `-I`, relative to the file's directory.
    #[serde(default)]
    pub include: Vec<PathBuf>,
    /// `-D NAME=VALUE`: an integer, or other text (`REAL = "float"`).
    #[serde(default)]
    pub define: BTreeMap<String, MacroValue>,
    /// `--isl-budget`.
    pub isl_budget: Option<u64>,
    #[serde(default)]
    pub search: Search,
}

/// A value of the `define` table, as `-D` writes it after `=`.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(
    untagged,
    expecting = "a `define` value is an integer or a string (`N = 100`, `REAL = \"float\"`)"
)]
pub enum MacroValue {
    Integer(i64),
    Text(String),
}

impl std::fmt::Display for MacroValue {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            MacroValue::Integer(v) => write!(f, "{v}"),
            MacroValue::Text(t) => f.write_str(t),
        }
    }
}

/// The `[search]` table: what the automatic search may do.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Search {
    pub interchange: Option<bool>,
    pub fuse: Option<bool>,
    pub distribute: Option<bool>,
    pub expand: Option<bool>,
    pub isl_scheduler: Option<bool>,
    /// `--search-budget`.
    pub budget: Option<usize>,
}

fn tile_sizes<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Vec<i64>>, D::Error> {
    let sizes = Vec::<i64>::deserialize(d)?;
    let max = super::args::MAX_TILE_SIZE;
    match sizes.iter().find(|&&n| !(1..=max).contains(&n)) {
        Some(n) => Err(serde::de::Error::custom(format!(
            "tile size {n} is not between 1 and {max}"
        ))),
        None if sizes.is_empty() => Err(serde::de::Error::custom("no tile size")),
        None => Ok(Some(sizes)),
    }
}

fn caches<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Caches>, D::Error> {
    let text = String::deserialize(d)?;
    Caches::parse(&text)
        .map(Some)
        .map_err(serde::de::Error::custom)
}

fn codes<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Code>, D::Error> {
    Vec::<String>::deserialize(d)?
        .iter()
        .map(|c| super::args::parse_code(c).map_err(serde::de::Error::custom))
        .collect()
}

/// Why a `nestor.toml` cannot be used, said as `path:line:col: what`.
#[derive(Debug)]
pub struct ConfigError(pub String);

impl std::fmt::Display for ConfigError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// The `nestor.toml` nearest above `path` (a file or a directory; relative paths
/// from the current directory): in its directory or the first ancestor that has one.
pub fn find(path: &Path) -> Option<PathBuf> {
    let absolute = normalized(path);
    let start = if absolute.is_dir() {
        absolute.as_path()
    } else {
        absolute.parent()?
    };
    start
        .ancestors()
        .map(|dir| dir.join(FILE_NAME))
        .find(|candidate| candidate.is_file())
}

/// `path` made absolute, with `.` and `..` taken away as written (`a/../b/x.c` is
/// `b/x.c`): the directories above a file are those of the path as it reads.
pub fn normalized(path: &Path) -> PathBuf {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let mut out = PathBuf::new();
    for part in absolute.components() {
        match part {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// Reads the configuration file `path`.
pub fn load(path: &Path) -> Result<Config, ConfigError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| ConfigError(format!("cannot read `{}`: {e}", path.display())))?;
    let mut config: Config = toml::from_str(&text).map_err(|e| {
        let at = e.span().map_or(0, |s| s.start);
        let (line, column) = nestor::support::diag::line_col(&text, at);
        ConfigError(format!(
            "{}:{line}:{column}: {}",
            path.display(),
            e.message().trim_end()
        ))
    })?;
    let file = normalized(path);
    config.dir = file
        .parent()
        .map_or_else(|| file.clone(), Path::to_path_buf);
    Ok(config)
}

/// The configuration that holds for the input `path`: `explicit` (`--config FILE`)
/// when given, else the nearest `nestor.toml` above it, else none.
pub fn for_input(path: &Path, explicit: Option<&Path>) -> Result<Config, ConfigError> {
    match explicit.map(Path::to_path_buf).or_else(|| find(path)) {
        Some(file) => load(&file),
        None => Ok(Config::default()),
    }
}

/// `analysis` and `rewrite` as they hold for the input `path`: with its
/// configuration applied (none with `--no-config`).
pub fn configured(
    path: &Path,
    analysis: &AnalysisArgs,
    rewrite: &RewriteArgs,
) -> Result<(AnalysisArgs, RewriteArgs), ConfigError> {
    let (mut analysis_here, mut rewrite_here) = (analysis.clone(), rewrite.clone());
    if !analysis.no_config {
        for_input(path, analysis.config.as_deref())?.apply(&mut analysis_here, &mut rewrite_here);
    }
    Ok((analysis_here, rewrite_here))
}

/// Whether the configuration that holds for the `.c` file `path`, found in a
/// directory, excludes it (an unreadable configuration excludes nothing: the file's
/// own run says what is wrong with it).
pub fn excluded(path: &Path, analysis: &AnalysisArgs) -> bool {
    !analysis.no_config
        && for_input(path, analysis.config.as_deref()).is_ok_and(|c| c.excludes(path))
}

/// Exclude globs (`--exclude`, nestor.toml's `exclude`) as one matcher; a message for an invalid one.
pub fn glob_set(globs: &[String]) -> Result<globset::GlobSet, String> {
    let mut set = globset::GlobSetBuilder::new();
    for g in globs {
        let glob = globset::GlobBuilder::new(g)
            .literal_separator(true)
            .build()
            .map_err(|e| format!("invalid --exclude pattern `{g}`: {e}"))?;
        set.add(glob);
    }
    set.build()
        .map_err(|e| format!("invalid --exclude patterns: {e}"))
}

impl Config {
    /// The options `analysis` and `rewrite` with this file's added where the command
    /// line left them at their defaults (a `--no-*` of either side holds; lists are
    /// joined, the command line's first).
    pub fn apply(&self, analysis: &mut AnalysisArgs, rewrite: &mut RewriteArgs) {
        let no = |flag: Option<bool>| flag == Some(false);
        // Tiling is the command line's (or `NESTOR_CACHE`'s) when it says anything of
        // it: its `--cache` must not lose to the file's fixed sizes.
        let tiling_given =
            rewrite.no_tile || !rewrite.tile_size.is_empty() || rewrite.cache.is_some();
        if !tiling_given {
            rewrite.no_tile = no(self.tile);
            if !rewrite.no_tile {
                rewrite.tile_size = self.tile_size.clone().unwrap_or_default();
            }
            rewrite.cache = self.cache;
        }
        rewrite.no_parallel |= no(self.parallel);
        rewrite.no_contract |= no(self.contract);
        // `NESTOR_ASSUME_NO_ALIAS=0` says no as clearly as `1` says yes (clap reads
        // both into `false` and "not given" alike).
        if std::env::var_os("NESTOR_ASSUME_NO_ALIAS").is_none() {
            rewrite.assume_no_alias |= self.assume_no_alias == Some(true);
        }
        rewrite.no_interchange |= no(self.search.interchange);
        rewrite.no_fuse |= no(self.search.fuse);
        rewrite.no_distribute |= no(self.search.distribute);
        rewrite.no_expand |= no(self.search.expand);
        rewrite.no_isl_scheduler |= no(self.search.isl_scheduler);
        let defaults = nestor::transform::search::SearchOptions::default();
        if rewrite.search_budget == defaults.max_checks {
            rewrite.search_budget = self.search.budget.unwrap_or(rewrite.search_budget);
        }
        let isl_default = nestor::driver::pipeline::Options::default().isl_budget;
        if analysis.isl_budget == isl_default {
            analysis.isl_budget = self.isl_budget.unwrap_or(analysis.isl_budget);
        }
        analysis.pure.extend(self.pure.iter().cloned());
        analysis.ignore.extend(self.ignore.iter().copied());
        analysis
            .include
            .extend(self.include.iter().map(|d| self.dir.join(d)));
        for (name, value) in &self.define {
            if !analysis.define.iter().any(|(n, _)| n == name) {
                analysis.define.push((name.clone(), value.to_string()));
            }
        }
    }

    /// Whether `path` (a `.c` file) is one `exclude` names: its path below this file's
    /// directory, or its name, matches a glob.
    pub fn excludes(&self, path: &Path) -> bool {
        if self.exclude.is_empty() {
            return false;
        }
        let Ok(globs) = glob_set(&self.exclude) else {
            return false;
        };
        let name = Path::new(path.file_name().unwrap_or_default());
        let file = normalized(path);
        let below = file.strip_prefix(&self.dir).ok();
        below.is_some_and(|b| globs.is_match(b)) || globs.is_match(name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(text: &str) -> Result<Config, String> {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(FILE_NAME);
        std::fs::write(&path, text).unwrap();
        load(&path).map_err(|e| {
            e.0.strip_prefix(&format!("{}:", path.display()))
                .unwrap_or(&e.0)
                .to_string()
        })
    }

    #[test]
    fn every_key_reads() {
        let c = parsed(
            "tile-size = [32, 64]\ncache = \"48K,2M\"\nparallel = false\npure = [\"f\"]\n\
             ignore = [\"N106\"]\nexclude = [\"third_party/**\"]\ndefine = { N = 100, REAL = \"float\" }\n\
             [search]\nfuse = false\nbudget = 50\n",
        )
        .unwrap();
        assert_eq!(c.tile_size, Some(vec![32, 64]));
        assert_eq!(c.cache.map(|c| c.l1), Some(48 * 1024));
        assert_eq!(c.parallel, Some(false));
        assert_eq!(c.ignore, vec![Code::ImpureCall]);
        assert_eq!(c.search.fuse, Some(false));
        assert_eq!(c.define.get("N"), Some(&MacroValue::Integer(100)));
        assert_eq!(
            c.define.get("REAL"),
            Some(&MacroValue::Text("float".into()))
        );
    }

    #[test]
    fn mistakes_are_located() {
        let e = parsed("tile = false\nfuse = false\n").unwrap_err();
        assert!(e.starts_with("2:1: unknown field `fuse`"), "{e}");
        let e = parsed("ignore = [\"N999\"]\n").unwrap_err();
        assert!(e.starts_with("1:10:") && e.contains("N999"), "{e}");
        let e = parsed("tile-size = [0]\n").unwrap_err();
        assert!(e.contains("tile size 0"), "{e}");
        let e = parsed("cache = \"big\"\n").unwrap_err();
        assert!(e.starts_with("1:9:"), "{e}");
    }

    #[test]
    fn excludes_are_relative_to_the_file() {
        let c = Config {
            dir: PathBuf::from("/p"),
            exclude: vec!["third_party/**".into(), "gen_*.c".into()],
            ..Default::default()
        };
        assert!(c.excludes(Path::new("/p/third_party/x/y.c")));
        assert!(c.excludes(Path::new("/p/src/gen_a.c")));
        assert!(!c.excludes(Path::new("/p/src/k.c")));
        assert!(!c.excludes(Path::new("/q/third_party/k.c")));
        assert!(c.excludes(Path::new("/p/src/../third_party/k.c")));
    }

    #[test]
    fn the_file_above_a_path_is_found_as_the_path_reads() {
        let root = tempfile::tempdir().unwrap();
        let (a, b) = (root.path().join("a"), root.path().join("b"));
        std::fs::create_dir_all(&a).unwrap();
        std::fs::create_dir_all(&b).unwrap();
        std::fs::write(a.join(FILE_NAME), "tile = false\n").unwrap();
        std::fs::write(b.join("x.c"), "int x;\n").unwrap();
        assert_eq!(find(&a.join("../b/x.c")), None);
        assert_eq!(find(&a.join("x.c")), Some(a.join(FILE_NAME)));
    }

    #[test]
    fn the_command_line_s_tiling_wins_over_the_file_s() {
        use clap::Parser;
        let parse = |line: &[&str]| match super::super::args::Cli::parse_from(line).command {
            super::super::args::Command::Optimize { input, rewrite, .. } => {
                (input.analysis, rewrite)
            }
            _ => unreachable!(),
        };
        let file = Config {
            tile: Some(false),
            tile_size: Some(vec![8]),
            ..Default::default()
        };
        let (mut analysis, mut rewrite) =
            parse(&["nestor", "optimize", "--tile-size", "32", "k.c"]);
        file.apply(&mut analysis, &mut rewrite);
        assert!(!rewrite.no_tile && rewrite.tile_size == vec![32]);
        let (mut analysis, mut rewrite) =
            parse(&["nestor", "optimize", "--cache", "48K,2M", "k.c"]);
        file.apply(&mut analysis, &mut rewrite);
        assert!(!rewrite.no_tile && rewrite.tile_size.is_empty());
        if std::env::var_os("NESTOR_CACHE").is_none() {
            let (mut analysis, mut rewrite) = parse(&["nestor", "optimize", "k.c"]);
            file.apply(&mut analysis, &mut rewrite);
            assert!(rewrite.no_tile);
        }
    }
}
