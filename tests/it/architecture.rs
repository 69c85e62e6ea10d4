//! `docs/architecture.md` names every module file. Its trees (a ```` ```text ```` block whose first
//! line is a source folder ending in `/`, then one entry a line, drawn with `├── ` or `└── `
//! after one `│   ` or four spaces per level) list exactly the `.rs` files under that folder, and
//! every package's source folder has one.

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The source folders of the workspace's packages: `src/` and every `crates/*/src/`.
fn source_folders() -> BTreeSet<String> {
    let mut folders = BTreeSet::from(["src/".to_string()]);
    for entry in fs::read_dir(Path::new(ROOT).join("crates")).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if Path::new(ROOT).join("crates").join(&name).join("src").is_dir() {
            folders.insert(format!("crates/{name}/src/"));
        }
    }
    folders
}

/// The `.rs` files under `folder`, relative to it.
fn files_on_disk(folder: &Path, prefix: &str, found: &mut BTreeSet<String>) {
    for entry in fs::read_dir(folder).unwrap() {
        let entry = entry.unwrap();
        let name = entry.file_name().into_string().unwrap();
        if entry.file_type().unwrap().is_dir() {
            files_on_disk(&entry.path(), &format!("{prefix}{name}/"), found);
        } else if name.ends_with(".rs") {
            found.insert(format!("{prefix}{name}"));
        }
    }
}

/// The document's trees: each source folder with the files its tree names, relative to it.
fn trees(doc: &str) -> Vec<(String, BTreeSet<String>)> {
    let mut trees = Vec::new();
    let mut lines = doc.lines();
    while let Some(line) = lines.next() {
        if line.trim_end() != "```text" {
            continue;
        }
        let Some(first) = lines.next() else { break };
        let root = first.split_whitespace().next().unwrap_or_default().to_string();
        let mut folders: Vec<String> = Vec::new();
        let mut files = BTreeSet::new();
        for line in lines.by_ref() {
            if line.starts_with("```") {
                break;
            }
            let Some(at) = line.find("├── ").or_else(|| line.find("└── ")) else { continue };
            let depth = line[..at].chars().count() / 4;
            let name = line[at..].chars().skip(4).collect::<String>();
            let name = name.split_whitespace().next().unwrap_or_default().to_string();
            folders.truncate(depth);
            if name.ends_with('/') {
                folders.push(name);
            } else {
                files.insert(format!("{}{name}", folders.concat()));
            }
        }
        if root.ends_with("src/") {
            trees.push((root, files));
        }
    }
    trees
}

#[test]
fn every_module_file_is_in_the_architecture_document() {
    let doc = fs::read_to_string(Path::new(ROOT).join("docs/architecture.md")).unwrap();
    let trees = trees(&doc);
    let drawn: BTreeSet<String> = trees.iter().map(|(root, _)| root.clone()).collect();
    assert_eq!(drawn, source_folders(), "one tree per package's source folder");
    for (root, named) in trees {
        let mut on_disk = BTreeSet::new();
        files_on_disk(&Path::new(ROOT).join(&root), "", &mut on_disk);
        let missing: Vec<_> = on_disk.difference(&named).collect();
        let stale: Vec<_> = named.difference(&on_disk).collect();
        assert!(missing.is_empty() && stale.is_empty(), "{root}: not in the document {missing:?}, gone {stale:?}");
    }
}

#[test]
fn trees_are_read_by_depth() {
    let doc =
        "```text\nsrc/\n├── lib.rs    the root\n├── a/\n│   ├── mod.rs\n│   └── b/\n│       └── c.rs\n└── d.rs\n```\n";
    let trees = trees(doc);
    let names: Vec<&str> = trees[0].1.iter().map(String::as_str).collect();
    assert_eq!(trees[0].0, "src/");
    assert_eq!(names, ["a/b/c.rs", "a/mod.rs", "d.rs", "lib.rs"]);
}
