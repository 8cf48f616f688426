//! Renderers: each turns the same [`Diagnostic`](crate::diagnostic::Diagnostic)
//! data into one output format.

pub mod human;
