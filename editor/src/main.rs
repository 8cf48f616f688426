//! Placeholder until the editor lands.

fn main() {}
