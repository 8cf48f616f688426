//! "Did you mean …?" suggestions for misspelt keys and names.
//!
//! Comparing two words costs the product of their lengths in time and memory,
//! so only words of at most [`MAX_SUGGEST_CHARS`] characters are compared: a
//! key, a name or a tile number is far shorter, and a 16 MB token is not a
//! typo of any of them. Whatever the input, one suggestion costs at most
//! `(MAX_SUGGEST_CHARS + 1)²` steps per candidate.

use crate::limits::MAX_SUGGEST_CHARS;

/// The candidate closest to `word`, if one is close enough to be a likely typo.
pub fn closest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    closest_counting(word, candidates).0
}

/// [`closest`], with the number of steps the comparisons took: the cells of
/// the edit-distance tables filled, `(word + 1) × (candidate + 1)` for each
/// candidate compared.
fn closest_counting<'a>(
    word: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> (Option<&'a str>, usize) {
    let Some(word_chars) = short_length(word) else {
        return (None, 0);
    };
    let mut steps = 0;
    let mut best: Option<(usize, &str)> = None;
    for candidate in candidates {
        let Some(candidate_chars) = short_length(candidate) else {
            continue;
        };
        let budget = typo_budget(word_chars, candidate_chars);
        // The distance is at least the difference in length.
        if word_chars.abs_diff(candidate_chars) > budget {
            continue;
        }
        steps += (word_chars + 1) * (candidate_chars + 1);
        let distance = strsim::damerau_levenshtein(word, candidate);
        if distance > 0 && distance <= budget && best.is_none_or(|(d, _)| distance < d) {
            best = Some((distance, candidate));
        }
    }
    (best.map(|(_, candidate)| candidate), steps)
}

/// The length of `text` in characters when it is short enough to compare,
/// counting no further than that.
fn short_length(text: &str) -> Option<usize> {
    let chars = text.chars().take(MAX_SUGGEST_CHARS + 1).count();
    (chars <= MAX_SUGGEST_CHARS).then_some(chars)
}

/// How many edits still read as a typo: one for short words, a third of the length for long ones.
fn typo_budget(word_chars: usize, candidate_chars: usize) -> usize {
    (word_chars.max(candidate_chars) / 3).max(1)
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod tests {
    use super::*;

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

    #[test]
    fn the_first_of_equally_close_candidates_is_suggested() {
        assert_eq!(closest("83C", ["83A", "83B"]), Some("83A"));
    }

    /// A huge token costs nothing to compare, and any word costs at most
    /// `(MAX_SUGGEST_CHARS + 1)²` steps a candidate: the work is linear in the
    /// number of candidates, whatever their length or the word's.
    #[test]
    fn the_work_of_a_suggestion_is_bounded_whatever_the_input() {
        let catalogue: Vec<String> = (0..400).map(|n| n.to_string()).collect();
        let names = || catalogue.iter().map(String::as_str);
        let huge = "1".repeat(16 * 1024 * 1024);
        assert_eq!(closest_counting(&huge, names()), (None, 0));

        // A huge candidate is skipped the same way.
        let mut with_huge = catalogue.clone();
        with_huge.push(huge.clone());
        let (best, steps) = closest_counting("12", with_huge.iter().map(String::as_str));
        assert_eq!(best, Some("1"));
        assert_eq!(steps, closest_counting("12", names()).1);

        // The longest word compared, against candidates as long.
        let longest = "a".repeat(MAX_SUGGEST_CHARS);
        let near: Vec<String> = (0..100)
            .map(|n| format!("{}{n:02}", "a".repeat(MAX_SUGGEST_CHARS - 2)))
            .collect();
        let (_, steps) = closest_counting(&longest, near.iter().map(String::as_str));
        assert_eq!(
            steps,
            100 * (MAX_SUGGEST_CHARS + 1) * (MAX_SUGGEST_CHARS + 1)
        );

        // One character more and nothing is compared.
        let (best, steps) = closest_counting(&format!("{longest}a"), [longest.as_str()]);
        assert_eq!((best, steps), (None, 0));
    }
}
