//! Writes the seeds of the fuzz corpus into the folder given
//! (`tests/fuzz/seed.sh` runs it): a seed of every kind of file of every
//! registered game, made from the bundled maps and the test files, each
//! named after its game, its kind and the file it was made from.

use std::path::PathBuf;
use std::process::ExitCode;

use deckplan_tests::properties::{seed_folders, seeds};

fn main() -> ExitCode {
    let Some(corpus) = std::env::args_os().nth(1).map(PathBuf::from) else {
        eprintln!("usage: fuzz_seeds CORPUS_FOLDER");
        return ExitCode::from(2);
    };
    if let Err(e) = std::fs::create_dir_all(&corpus) {
        eprintln!("error: cannot create {}: {e}", corpus.display());
        return ExitCode::FAILURE;
    }
    let seeds = seeds(&seed_folders());
    for (n, seed) in seeds.iter().enumerate() {
        let kind = seed.kind.name.replace([' ', '.'], "-").to_lowercase();
        let path = corpus.join(format!("{}-{kind}-{n}", seed.kind.game));
        if let Err(e) = std::fs::write(&path, seed.bytes()) {
            eprintln!("error: cannot write {}: {e}", path.display());
            return ExitCode::FAILURE;
        }
    }
    println!("{} seeds in {}", seeds.len(), corpus.display());
    ExitCode::SUCCESS
}
