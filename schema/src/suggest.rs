//! "Did you mean …?" suggestions for misspelt keys and names.

/// The candidate closest to `word`, if one is close enough to be a likely typo.
pub fn closest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    candidates
        .into_iter()
        .map(|candidate| (strsim::damerau_levenshtein(word, candidate), candidate))
        .filter(|&(distance, candidate)| distance > 0 && distance <= typo_budget(word, candidate))
        .min_by_key(|&(distance, _)| distance)
        .map(|(_, candidate)| candidate)
}

/// How many edits still read as a typo: one for short words, a third of the length for long ones.
fn typo_budget(word: &str, candidate: &str) -> usize {
    (word.chars().count().max(candidate.chars().count()) / 3).max(1)
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod tests {
    use super::closest;

    #[test]
    fn suggests_near_misses_only() {
        let keys = ["doors", "walls", "red_lines"];
        assert_eq!(closest("dors", keys), Some("doors"));
        assert_eq!(closest("wals", keys), Some("walls"));
        assert_eq!(closest("red_line", keys), Some("red_lines"));
        assert_eq!(closest("spawn", keys), None);
        assert_eq!(
            closest("doors", keys),
            None,
            "an exact match is not a suggestion"
        );
    }
}
