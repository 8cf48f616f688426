//! Short names a file gives the parts of a board (a Nemesis room, a
//! Battlestations module or level): small `Copy` ids so they can key graphs
//! and maps and travel inside a [`Place`](crate::Place).

use std::fmt;

/// Longest id, in bytes.
pub const MAX_ID_LEN: usize = 24;

/// A short id: 1 to 24 lower-case ASCII letters, digits and `-`,
/// starting with a letter or digit (`hibernatorium`, `engine-1`, `A`-less).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Id {
    len: u8,
    bytes: [u8; MAX_ID_LEN],
}

/// Why text is not an id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IdError(pub String);

impl Id {
    /// Reads an id, or says why the text is not one.
    pub fn new(text: &str) -> Result<Self, IdError> {
        let ok_char = |b: u8| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-';
        if text.is_empty() || text.len() > MAX_ID_LEN {
            return Err(IdError(format!(
                "`{text}` is not an id: ids are 1 to {MAX_ID_LEN} characters long"
            )));
        }
        if !text.bytes().all(ok_char) || text.starts_with('-') {
            return Err(IdError(format!(
                "`{text}` is not an id: use lower-case letters, digits and `-`, like `engine-1`"
            )));
        }
        let mut bytes = [0; MAX_ID_LEN];
        for (slot, byte) in bytes.iter_mut().zip(text.bytes()) {
            *slot = byte;
        }
        Ok(Self {
            len: u8::try_from(text.len()).unwrap_or(0),
            bytes,
        })
    }

    /// The id as text.
    pub fn as_str(&self) -> &str {
        let bytes = self.bytes.get(..usize::from(self.len)).unwrap_or(&[]);
        std::str::from_utf8(bytes).unwrap_or("")
    }
}

impl fmt::Display for Id {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for Id {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Id({})", self.as_str())
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_refuse_bad_text() {
        assert_eq!(Id::new("engine-1").unwrap().as_str(), "engine-1");
        assert_eq!(
            Id::new("Lab").unwrap_err().0,
            "`Lab` is not an id: use lower-case letters, digits and `-`, like `engine-1`"
        );
        assert_eq!(
            Id::new("").unwrap_err().0,
            "`` is not an id: ids are 1 to 24 characters long"
        );
        assert!(Id::new(&"a".repeat(25)).is_err());
        assert!(Id::new("-a").is_err());
    }
}
