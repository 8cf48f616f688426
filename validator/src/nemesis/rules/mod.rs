//! The Nemesis rules engine.
