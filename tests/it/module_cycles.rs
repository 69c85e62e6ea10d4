//! No module cycle in any package: a module uses modules beside it that do not use it back. A
//! module's edges are the paths it names from `crate::`, `super::` or `self::` (outside its unit
//! tests and comments), each to the deepest module file the path reaches; a module naming its own
//! ancestors or descendants is no edge (a parent declares and re-exports its children).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

type Module = Vec<String>;

/// Every module file under `folder`, by its module path.
fn modules(folder: &Path, prefix: &Module, found: &mut BTreeMap<Module, String>) {
    for entry in fs::read_dir(folder).unwrap() {
        let entry = entry.unwrap();
        let name = entry.file_name().into_string().unwrap();
        let mut path = prefix.clone();
        if entry.file_type().unwrap().is_dir() {
            path.push(name);
            modules(&entry.path(), &path, found);
        } else if let Some(stem) = name.strip_suffix(".rs") {
            if !matches!(stem, "mod" | "lib" | "main") {
                path.push(stem.to_string());
            }
            found.insert(path, fs::read_to_string(entry.path()).unwrap());
        }
    }
}

/// The code that counts: comments and the unit tests' module left out.
fn code(source: &str) -> String {
    let source = source.split("#[cfg(test)]\nmod tests").next().unwrap();
    source.lines().map(|line| line.split("//").next().unwrap()).collect::<Vec<_>>().join("\n")
}

/// The paths of a use tree at `text` (`a::b::{c, d::{e}}`), each as its segments.
fn use_tree(text: &mut std::iter::Peekable<std::str::Chars<'_>>, prefix: &[String], out: &mut Vec<Vec<String>>) {
    let mut path = prefix.to_vec();
    loop {
        let ident: String = std::iter::from_fn(|| text.next_if(|c| c.is_alphanumeric() || *c == '_')).collect();
        if !ident.is_empty() {
            path.push(ident);
        }
        match (text.peek().copied(), path.is_empty()) {
            (Some(':'), _) => {
                text.next();
            }
            (Some('{'), _) => {
                text.next();
                loop {
                    while text.next_if(|c| c.is_whitespace() || *c == ',').is_some() {}
                    if text.next_if_eq(&'}').is_some() || text.peek().is_none() {
                        return;
                    }
                    use_tree(text, &path, out);
                }
            }
            _ => break,
        }
    }
    out.push(path);
}

/// The module paths a module's code names.
fn named(code: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for start in ["crate::", "super::", "self::"] {
        for (at, _) in code.match_indices(start) {
            let before = code[..at].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            use_tree(&mut code[at..].chars().peekable(), &[], &mut out);
        }
    }
    out
}

/// The module files `module` depends on beside its own ancestors and descendants.
fn edges(module: &Module, code: &str, all: &BTreeMap<Module, String>) -> BTreeSet<Module> {
    let mut to = BTreeSet::new();
    for path in named(code) {
        let mut base: Module = module.clone();
        let mut rest = path.as_slice();
        match rest.first().map(String::as_str) {
            Some("crate") => {
                base.clear();
                rest = &rest[1..];
            }
            Some("self") => rest = &rest[1..],
            _ => {
                while rest.first().is_some_and(|s| s == "super") {
                    base.pop();
                    rest = &rest[1..];
                }
            }
        }
        let mut target = base;
        for segment in rest {
            target.push(segment.clone());
            if !all.contains_key(&target) {
                target.pop();
                break;
            }
        }
        let related = target.starts_with(module) || module.starts_with(&target);
        if !related && all.contains_key(&target) {
            to.insert(target);
        }
    }
    to
}

/// The cycles of a package, each as one edge and a way back.
fn cycles(folder: &Path) -> Vec<String> {
    let mut all = BTreeMap::new();
    modules(folder, &Vec::new(), &mut all);
    let graph: BTreeMap<&Module, BTreeSet<Module>> =
        all.iter().map(|(module, source)| (module, edges(module, &code(source), &all))).collect();
    let reaches = |from: &Module, to: &Module| {
        let (mut seen, mut todo) = (BTreeSet::new(), vec![from.clone()]);
        while let Some(m) = todo.pop() {
            if &m == to {
                return true;
            }
            if seen.insert(m.clone()) {
                todo.extend(graph[&m].iter().cloned());
            }
        }
        false
    };
    let mut found = Vec::new();
    for (from, tos) in &graph {
        for to in tos {
            if reaches(to, from) {
                found.push(format!("{} -> {}", from.join("::"), to.join("::")));
            }
        }
    }
    found
}

#[test]
fn no_package_has_a_module_cycle() {
    let mut folders = vec![Path::new(ROOT).join("src")];
    for entry in fs::read_dir(Path::new(ROOT).join("crates")).unwrap() {
        let src = entry.unwrap().path().join("src");
        if src.is_dir() {
            folders.push(src);
        }
    }
    for folder in folders {
        let found = cycles(&folder);
        assert!(found.is_empty(), "{}: edges on a cycle: {found:#?}", folder.display());
    }
}

#[test]
fn a_cycle_is_found() {
    let dir = std::env::temp_dir().join(format!("grundy-cycles-{}", std::process::id()));
    fs::create_dir_all(dir.join("a")).unwrap();
    fs::write(dir.join("lib.rs"), "mod a;\nmod b;\n").unwrap();
    fs::write(dir.join("a/mod.rs"), "mod c;\nuse crate::b::{X, y::{self}};\n").unwrap();
    fs::write(dir.join("a/c.rs"), "use super::super::b::Z; // crate::nothing\n").unwrap();
    fs::write(dir.join("b.rs"), "pub struct X;\n#[cfg(test)]\nmod tests {\n    use crate::a::c;\n}\n").unwrap();
    assert!(cycles(&dir).is_empty(), "a and a::c use b; b's unit tests do not count");
    fs::write(dir.join("b.rs"), "pub struct X;\nfn f() { crate::a::c::g() }\n").unwrap();
    let mut found = cycles(&dir);
    found.sort();
    fs::remove_dir_all(&dir).unwrap();
    assert_eq!(found, ["a::c -> b", "b -> a::c"]);
}
