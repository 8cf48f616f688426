//! Diagnostics latency of the language server (written below).

fn main() {}
