//! Files for tests that work on copies: a folder tree copied, and the files
//! below a folder listed with their bytes.

use std::path::{Path, PathBuf};

/// Copies a folder and everything in it (links are copied as the files
/// they lead to). Panics, naming the path, on any error: a test cannot go
/// on without its copy.
pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap_or_else(|e| panic!("cannot create {}: {e}", to.display()));
    let entries =
        std::fs::read_dir(from).unwrap_or_else(|e| panic!("cannot read {}: {e}", from.display()));
    for entry in entries {
        let entry = entry.unwrap_or_else(|e| panic!("cannot read {}: {e}", from.display()));
        let (source, target) = (entry.path(), to.join(entry.file_name()));
        if source.is_dir() {
            copy_dir(&source, &target);
        } else {
            std::fs::copy(&source, &target).unwrap_or_else(|e| {
                panic!(
                    "cannot copy {} to {}: {e}",
                    source.display(),
                    target.display()
                )
            });
        }
    }
}

/// Every regular file below a folder, by its path relative to the folder,
/// sorted.
pub fn files_below(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(at) = stack.pop() {
        let entries =
            std::fs::read_dir(&at).unwrap_or_else(|e| panic!("cannot read {}: {e}", at.display()));
        for entry in entries {
            let path = entry
                .unwrap_or_else(|e| panic!("cannot read {}: {e}", at.display()))
                .path();
            if path.is_dir() {
                stack.push(path);
            } else if let Ok(relative) = path.strip_prefix(dir) {
                found.push(relative.to_path_buf());
            }
        }
    }
    found.sort();
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_copy_holds_every_file_and_folder_with_the_same_bytes() {
        let root = std::env::temp_dir().join(format!("deckplan-files-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        let from = root.join("from");
        std::fs::create_dir_all(from.join("book1/empty")).unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(from.join("pack.toml"), "a\n").unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(from.join("book1/page1.toml"), [0, 255]).unwrap_or_else(|e| panic!("{e}"));
        copy_dir(&from, &root.join("to"));
        let to = root.join("to");
        assert_eq!(
            files_below(&to),
            [
                PathBuf::from("book1/page1.toml"),
                PathBuf::from("pack.toml")
            ]
        );
        assert!(to.join("book1/empty").is_dir());
        assert_eq!(
            std::fs::read(to.join("book1/page1.toml")).ok(),
            Some(vec![0, 255])
        );
        assert_eq!(
            std::fs::read(to.join("pack.toml")).ok(),
            Some(b"a\n".to_vec())
        );
        std::fs::remove_dir_all(&root).unwrap_or_else(|e| panic!("{e}"));
    }
}
