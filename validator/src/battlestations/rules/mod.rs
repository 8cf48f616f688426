//! The rules engine of Battlestations character movement.
