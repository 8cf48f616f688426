#!/usr/bin/env bash
# Fills the fuzz corpus with a seed of every kind of file of every registered
# game (`KINDS` in tests/properties.rs: pages, ships, galaxies, pack.toml
# files, Tiled maps, map strings, GraphML boards), made from the bundled
# maps and the test files. Each seed is the kind's byte, then the text.
set -euo pipefail
cd "$(dirname "$0")"
cargo run --quiet --manifest-path ../Cargo.toml --example fuzz_seeds -- corpus/boards
