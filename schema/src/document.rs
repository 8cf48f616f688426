//! A map file's TOML document read into a game's raw types, reporting every
//! structural error of the file at once: each unknown key (with its "did you
//! mean"), each value of the wrong type, each missing key — where serde would
//! stop at the first.
//!
//! The file is parsed once into `toml`'s spanned document; a game's raw types
//! then take their values out of it through [`FromToml`], which the
//! [`raw_table!`](crate::raw_table) macro implements for a raw struct from
//! its declaration. The messages are serde's, in a map author's terms
//! ([`translate_toml_error`]), so a file with one mistake reads as it always
//! has.
//!
//! ## What a mistake costs the rest of the file
//!
//! - An unknown key is reported and skipped; its table reads on. The file is
//!   then *partial* ([`Problems::is_partial`]): the key may be a misspelling
//!   of one whose value the resolver now misses.
//! - A key that may be left out, whose value cannot be read, is read as left
//!   out, and the file is partial.
//! - A required key whose value cannot be read, or that is missing, loses its
//!   table: an item of a list of tables (a door, a room) or an entry of a
//!   keyed table (a `[lint]` setting) is left out and the rest read on (the
//!   file is partial); any other table is lost with the table holding it, up
//!   to the file, which then has no raw value to resolve. Every key of a lost
//!   table is still read for its errors.
//! - A list of plain values (`at = [3, 4]`) is lost whole when one of them
//!   is of the wrong type: a pair without one of its numbers means nothing.
//! - A required key left out is not reported when an unknown key of the same
//!   table looks like a misspelling of it (the "did you mean" says it), or
//!   when the table has an unknown key like no key it knows (which may be
//!   the missing one, renamed).

use std::collections::BTreeMap;

use serde::Deserialize;
use toml::Spanned;
use toml::de::{DeTable, DeValue, ValueDeserializer};

use crate::error::{FormatCode, FormatError, Problems};
use crate::limits;
use crate::source::Span;
use crate::toml_file::{FORMAT_VERSION, translate_toml_error, unknown_key, version_error};

/// A value that could not be read: its errors are recorded, and whatever
/// holds it decides what else is lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lost;

/// Reads values out of one file's document, recording each problem.
pub struct Reader<'t> {
    /// The file's text, for the key a duplicate-key error names.
    text: &'t str,
    /// Every problem found so far.
    pub problems: Problems,
}

impl<'t> Reader<'t> {
    /// A reader of values out of the document of `text`.
    pub fn new(text: &'t str) -> Self {
        Self {
            text,
            problems: Problems::new(),
        }
    }

    /// Records a serde error on one value, in a map author's terms.
    fn serde_error(&mut self, error: &toml::de::Error) -> Lost {
        if self.problems.is_full() {
            self.problems.count_unlisted(1);
        } else {
            self.problems.push(translate_toml_error(error, self.text));
        }
        Lost
    }

    /// Records the error serde gives when `T` cannot be read from `value`,
    /// which has already been found to be of the wrong type.
    fn wrong_type<T: serde::de::DeserializeOwned>(&mut self, value: Spanned<DeValue<'_>>) -> Lost {
        if self.problems.is_full() {
            self.problems.count_unlisted(1);
            return Lost;
        }
        match T::deserialize(ValueDeserializer::from(value)) {
            Err(error) => self.serde_error(&error),
            // A value of the right type after all: nothing to say, but the
            // caller has no value to use.
            Ok(_) => Lost,
        }
    }

    /// A table's entries, with each known key's value set aside and each
    /// unknown key reported; `keys` are the keys the table may have.
    pub fn table<'i>(
        &mut self,
        value: Spanned<DeValue<'i>>,
        keys: &'static [&'static str],
    ) -> Result<Table<'i>, Lost> {
        if !matches!(value.get_ref(), DeValue::Table(_)) {
            return Err(self.wrong_type::<AnyTable>(value));
        }
        let span = value.span();
        let DeValue::Table(entries) = value.into_inner() else {
            return Err(Lost);
        };
        Ok(self.entries(span, entries, keys))
    }

    fn entries<'i>(
        &mut self,
        span: std::ops::Range<usize>,
        entries: DeTable<'i>,
        keys: &'static [&'static str],
    ) -> Table<'i> {
        let mut values: Vec<Option<Spanned<DeValue<'i>>>> = keys.iter().map(|_| None).collect();
        let mut suggested = Vec::new();
        let mut unexplained = false;
        for (key, value) in entries {
            let name = key.get_ref().as_ref();
            if let Some(slot) = keys
                .iter()
                .position(|known| *known == name)
                .and_then(|index| values.get_mut(index))
            {
                *slot = Some(value);
                continue;
            }
            self.problems.set_partial();
            if self.problems.is_full() {
                // Only counted: no suggestion to work out, and no missing
                // key of this table is reported beside it.
                self.problems.count_unlisted(1);
                unexplained = true;
                continue;
            }
            let (error, best) = unknown_key(name, Some(Span::from_range(key.span())), keys);
            match best {
                Some(best) => suggested.push(best),
                None => unexplained = true,
            }
            self.problems.push(error);
        }
        Table {
            span,
            keys,
            values,
            suggested,
            unexplained,
            lost: false,
        }
    }
}

/// Any table, for serde's "expected a table" message.
#[derive(Deserialize)]
struct AnyTable {}

/// One table being read: its known keys' values, waiting to be taken.
pub struct Table<'i> {
    span: std::ops::Range<usize>,
    keys: &'static [&'static str],
    values: Vec<Option<Spanned<DeValue<'i>>>>,
    /// Known keys that an unknown key of this table looks like.
    suggested: Vec<&'static str>,
    /// Whether an unknown key of this table looks like none it knows.
    unexplained: bool,
    /// Whether a key's value could not be read.
    lost: bool,
}

impl<'i> Table<'i> {
    /// The value of key `index` of the keys the table was read with: read as
    /// `T`, or `default` when the key is left out (`None` when it is required).
    pub fn take<T: FromToml>(
        &mut self,
        reader: &mut Reader<'_>,
        index: usize,
        default: Option<fn() -> T>,
    ) -> Option<T> {
        let value = self.values.get_mut(index).and_then(Option::take);
        let left_out = || default.map(|default| default()).or_else(T::missing);
        match value {
            Some(value) => match T::read(value, reader) {
                Ok(value) => Some(value),
                // A key that may be left out is read as left out, the file
                // as partial; a required one loses its table.
                Err(Lost) => match left_out() {
                    Some(value) => {
                        reader.problems.set_partial();
                        Some(value)
                    }
                    None => {
                        self.lost = true;
                        None
                    }
                },
            },
            None => {
                if let Some(value) = left_out() {
                    return Some(value);
                }
                self.lost = true;
                let key = self.keys.get(index).copied().unwrap_or_default();
                if !self.unexplained && !self.suggested.contains(&key) {
                    // A table at the top of the file has no span of its own:
                    // the key is missing from the whole file.
                    let span =
                        Some(Span::from_range(self.span.clone())).filter(|s| s.end > s.start);
                    reader.problems.push(
                        FormatError::new(
                            FormatCode::InvalidValue,
                            format!("missing key `{key}`"),
                            span,
                        )
                        .with_help(format!(
                            "add `{key} = …`; docs/format.md lists the required keys"
                        )),
                    );
                }
                None
            }
        }
    }

    /// Ends the reading of the table: `Lost` when a key's value was.
    pub fn finish(self) -> Result<(), Lost> {
        if self.lost { Err(Lost) } else { Ok(()) }
    }
}

/// A raw type read out of a TOML document.
pub trait FromToml: Sized {
    /// Whether a list of these keeps its other items when one cannot be read
    /// (true of tables: a door stands alone; a list of plain values is lost
    /// whole).
    const STANDS_ALONE: bool = false;

    /// Reads a value, recording every problem in it.
    fn read(value: Spanned<DeValue<'_>>, reader: &mut Reader<'_>) -> Result<Self, Lost>;

    /// The value of a key left out, or `None` when the key is required.
    fn missing() -> Option<Self> {
        None
    }
}

/// The keys of a raw table with whether each is required, as declared.
pub trait TableKeys {
    /// Every key, in declaration order, with whether it is required.
    fn keys() -> Vec<(&'static str, bool)>;
}

impl FromToml for String {
    fn read(value: Spanned<DeValue<'_>>, reader: &mut Reader<'_>) -> Result<Self, Lost> {
        let span = value.span();
        match value.into_inner() {
            DeValue::String(text) => Ok(text.into_owned()),
            other => Err(reader.wrong_type::<String>(Spanned::new(span, other))),
        }
    }
}

impl FromToml for i64 {
    fn read(value: Spanned<DeValue<'_>>, reader: &mut Reader<'_>) -> Result<Self, Lost> {
        if let DeValue::Integer(integer) = value.get_ref()
            && let Ok(number) = i64::from_str_radix(integer.as_str(), integer.radix())
        {
            return Ok(number);
        }
        serde_value(value, reader)
    }
}

impl FromToml for bool {
    fn read(value: Spanned<DeValue<'_>>, reader: &mut Reader<'_>) -> Result<Self, Lost> {
        match value.get_ref() {
            DeValue::Boolean(flag) => Ok(*flag),
            _ => serde_value(value, reader),
        }
    }
}

impl FromToml for toml::Value {
    fn read(value: Spanned<DeValue<'_>>, reader: &mut Reader<'_>) -> Result<Self, Lost> {
        serde_value(value, reader)
    }
}

/// Reads a plain value through serde, whose messages the map formats keep.
pub fn serde_value<T: serde::de::DeserializeOwned>(
    value: Spanned<DeValue<'_>>,
    reader: &mut Reader<'_>,
) -> Result<T, Lost> {
    T::deserialize(ValueDeserializer::from(value)).map_err(|error| reader.serde_error(&error))
}

/// Implements [`FromToml`] for plain types read through serde (enums of
/// names, small numbers).
#[macro_export]
macro_rules! serde_values {
    ($($type:ty),+ $(,)?) => {
        $(
            impl $crate::document::FromToml for $type {
                fn read(
                    value: ::toml::Spanned<::toml::de::DeValue<'_>>,
                    reader: &mut $crate::document::Reader<'_>,
                ) -> ::std::result::Result<Self, $crate::document::Lost> {
                    $crate::document::serde_value(value, reader)
                }
            }
        )+
    };
}

serde_values!(u8);

impl<T: FromToml> FromToml for Spanned<T> {
    const STANDS_ALONE: bool = T::STANDS_ALONE;

    fn read(value: Spanned<DeValue<'_>>, reader: &mut Reader<'_>) -> Result<Self, Lost> {
        let span = value.span();
        T::read(value, reader).map(|inner| Spanned::new(span, inner))
    }
}

impl<T: FromToml> FromToml for Option<T> {
    fn read(value: Spanned<DeValue<'_>>, reader: &mut Reader<'_>) -> Result<Self, Lost> {
        T::read(value, reader).map(Some)
    }

    fn missing() -> Option<Self> {
        Some(None)
    }
}

impl<T: FromToml> FromToml for Vec<T> {
    fn read(value: Spanned<DeValue<'_>>, reader: &mut Reader<'_>) -> Result<Self, Lost> {
        let span = value.span();
        let items = match value.into_inner() {
            DeValue::Array(items) => items,
            other => {
                return Err(
                    reader.wrong_type::<Vec<serde::de::IgnoredAny>>(Spanned::new(span, other))
                );
            }
        };
        let mut list = Vec::with_capacity(items.len());
        let mut lost = false;
        for item in items {
            match T::read(item, reader) {
                Ok(item) => list.push(item),
                Err(Lost) => lost = true,
            }
        }
        if lost {
            if !T::STANDS_ALONE {
                return Err(Lost);
            }
            reader.problems.set_partial();
        }
        Ok(list)
    }
}

/// A table of named entries (`[lint]` settings, TI4 positions): an entry
/// that cannot be read is left out, the others read on.
impl<V: FromToml> FromToml for BTreeMap<Spanned<String>, V> {
    fn read(value: Spanned<DeValue<'_>>, reader: &mut Reader<'_>) -> Result<Self, Lost> {
        let span = value.span();
        let entries = match value.into_inner() {
            DeValue::Table(entries) => entries,
            other => {
                return Err(
                    reader.wrong_type::<BTreeMap<String, serde::de::IgnoredAny>>(Spanned::new(
                        span, other,
                    )),
                );
            }
        };
        let mut map = BTreeMap::new();
        for (key, value) in entries {
            let key = Spanned::new(key.span(), key.into_inner().into_owned());
            match V::read(value, reader) {
                Ok(value) => {
                    map.insert(key, value);
                }
                Err(Lost) => reader.problems.set_partial(),
            }
        }
        Ok(map)
    }
}

/// What reading a file found: its raw value when the file's shape allowed
/// one, and every problem (the raw value may come with problems, when only
/// unknown keys or list items were lost: see the module's documentation).
pub struct RawFile<T> {
    /// The raw value, if the file's shape allowed one.
    pub raw: Option<T>,
    /// Every problem found, the file marked partial when anything was lost.
    pub problems: Problems,
}

/// Reads a whole file into a game's raw type: the size limit, the syntax,
/// the version, then every key.
pub fn read_file<T: FromToml>(text: &str) -> RawFile<T> {
    let mut problems = Problems::new();
    if text.len() as u64 > limits::MAX_FILE_BYTES {
        problems.push(FormatError::new(
            FormatCode::LimitExceeded,
            format!(
                "the file is {} bytes; map files are limited to {} bytes",
                text.len(),
                limits::MAX_FILE_BYTES
            ),
            None,
        ));
        return RawFile {
            raw: None,
            problems,
        };
    }
    let document = match DeTable::parse(text) {
        Ok(document) => document,
        Err(first) => {
            problems.extend(crate::syntax::syntax_errors(text, &first));
            return RawFile {
                raw: None,
                problems,
            };
        }
    };
    let version = unsupported_version(document.get_ref());
    let span = document.span();
    let mut reader = Reader { text, problems };
    let raw = T::read(
        Spanned::new(span, DeValue::Table(document.into_inner())),
        &mut reader,
    )
    .ok();
    let mut problems = reader.problems;
    // A file of another version is not judged by this version's keys.
    if let (false, Some(version)) = (problems.is_empty(), version) {
        problems = Problems::new();
        problems.push(version);
        return RawFile {
            raw: None,
            problems,
        };
    }
    RawFile { raw, problems }
}

/// The version error of a document whose `format` is another version.
fn unsupported_version(document: &DeTable<'_>) -> Option<FormatError> {
    let format = document.get("format")?;
    let span = Span::from_range(format.span());
    let value = toml::Value::deserialize(ValueDeserializer::from(format.clone())).ok()?;
    if value.as_integer() == Some(FORMAT_VERSION) {
        return None;
    }
    Some(version_error(value.to_string(), span, FORMAT_VERSION))
}

/// Declares a raw struct that mirrors a TOML table key for key, and reads it
/// from a document with every error at once ([`FromToml`]).
///
/// A field `name: Type` is a key of the same name; `Option<…>` keys may be
/// left out, and `name: Type = expr` gives the value of a key left out.
/// `name as "key": Type` names a key that is not a Rust name (`trait`).
#[macro_export]
macro_rules! raw_table {
    (
        $(#[$meta:meta])*
        $vis:vis struct $name:ident {
            $(
                $(#[$field_meta:meta])*
                $field_vis:vis $field:ident $(as $key:literal)? : $type:ty $(= $default:expr)?
            ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        $vis struct $name {
            $(
                $(#[$field_meta])*
                $field_vis $field: $type,
            )*
        }

        impl $name {
            /// The keys of this table, in declaration order.
            const KEYS: &'static [&'static str] = &[$($crate::raw_table!(@key $field $($key)?)),*];
        }

        impl $crate::document::TableKeys for $name {
            fn keys() -> ::std::vec::Vec<(&'static str, bool)> {
                ::std::vec![$((
                    $crate::raw_table!(@key $field $($key)?),
                    !$crate::raw_table!(@has_default $($default)?)
                        && <$type as $crate::document::FromToml>::missing().is_none(),
                )),*]
            }
        }

        impl $crate::document::FromToml for $name {
            const STANDS_ALONE: bool = true;

            #[allow(unused_assignments, unused_variables, unused_mut)]
            fn read(
                value: ::toml::Spanned<::toml::de::DeValue<'_>>,
                reader: &mut $crate::document::Reader<'_>,
            ) -> ::std::result::Result<Self, $crate::document::Lost> {
                let mut table = reader.table(value, Self::KEYS)?;
                let mut index = 0usize;
                $(
                    let $field = table.take::<$type>(
                        reader,
                        index,
                        $crate::raw_table!(@default $type $(, $default)?),
                    );
                    index += 1;
                )*
                table.finish()?;
                Ok(Self {
                    $($field: $field.ok_or($crate::document::Lost)?,)*
                })
            }
        }
    };
    (@key $field:ident) => { stringify!($field) };
    (@key $field:ident $key:literal) => { $key };
    (@has_default) => { false };
    (@has_default $default:expr) => { true };
    (@default $type:ty) => { ::std::option::Option::None::<fn() -> $type> };
    (@default $type:ty, $default:expr) => {
        ::std::option::Option::Some((|| $default) as fn() -> $type)
    };
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use crate::source::SourceFile;

    crate::raw_table! {
        /// A test table.
        #[allow(dead_code)]
        struct Door {
            number: Spanned<i64>,
            at: String,
            label: Option<String>,
        }
    }

    crate::raw_table! {
        /// A test file.
        #[allow(dead_code)]
        struct File {
            format: i64,
            name: String,
            tags: Vec<String> = Vec::new(),
            doors: Vec<Spanned<Door>> = Vec::new(),
            kind as "type": Option<String>,
        }
    }

    /// `line:column code message (help)` of each problem, and whether a raw value came back.
    fn read(text: &str) -> (bool, bool, Vec<String>) {
        let source = SourceFile::new("f.toml", text.to_string());
        let file = read_file::<File>(text);
        let partial = file.problems.is_partial();
        let errors = file
            .problems
            .into_errors()
            .iter()
            .map(|e| {
                let at = e
                    .span
                    .map(|s| source.line_col(s.start))
                    .map_or(String::new(), |a| format!("{}:{} ", a.line, a.column));
                let help = e.help.as_ref().map_or(String::new(), |h| format!(" ({h})"));
                format!("{at}{} {}{help}", e.code, e.message)
            })
            .collect();
        (file.raw.is_some(), partial, errors)
    }

    #[test]
    fn a_clean_file_reads_whole() {
        let (raw, partial, errors) =
            read("format = 1\nname = \"x\"\ntype = \"t\"\n[[doors]]\nnumber = 1\nat = \"A1\"\n");
        assert!(raw && !partial);
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(
            <File as TableKeys>::keys(),
            [
                ("format", true),
                ("name", true),
                ("tags", false),
                ("doors", false),
                ("type", false)
            ]
        );
    }

    #[test]
    fn unknown_keys_are_all_reported_and_the_rest_reads_on() {
        let (raw, partial, errors) = read(
            "format = 1\nnmae = \"x\"\nname = \"y\"\n[[doors]]\nnumber = 1\nat = \"A1\"\nlable = \"b\"\n",
        );
        assert!(raw && partial);
        assert_eq!(
            errors,
            [
                "2:1 F002 unknown key `nmae` (did you mean `name`?)",
                "7:1 F002 unknown key `lable` (did you mean `label`?)",
            ]
        );
    }

    #[test]
    fn a_bad_item_is_left_out_and_a_bad_required_value_loses_the_file() {
        let (raw, partial, errors) = read(
            "format = 1\nname = \"x\"\ndoors = [{ number = \"one\", at = \"A1\" }, { at = \"B2\" }, { number = 3, at = \"C3\" }]\n",
        );
        assert!(raw && partial);
        assert_eq!(
            errors,
            [
                "3:21 F003 invalid type: string \"one\", expected an integer (write a whole number without quotes, like `1`)",
                "3:41 F003 missing key `number` (add `number = …`; docs/format.md lists the required keys)",
            ]
        );
        // `tags` may be left out: a list with a bad item is read as left
        // out. `name` may not: the file has no raw value, but every error
        // in it is still reported.
        let (raw, partial, errors) = read("format = 1\nname = \"x\"\ntags = [\"a\", 3]\n");
        assert!(raw && partial);
        assert_eq!(
            errors,
            ["3:14 F003 invalid type: integer `3`, expected a string"]
        );
        let (raw, _, errors) = read("format = 1\nname = 2\ntags = [\"a\", 3, true]\n");
        assert!(!raw);
        assert_eq!(
            errors,
            [
                "2:8 F003 invalid type: integer `2`, expected a string",
                "3:14 F003 invalid type: integer `3`, expected a string",
                "3:17 F003 invalid type: boolean `true`, expected a string",
            ]
        );
    }

    #[test]
    fn a_missing_key_that_a_misspelling_explains_is_not_reported_twice() {
        let (raw, _, errors) = read("format = 1\nnmae = \"x\"\n");
        assert!(!raw);
        assert_eq!(
            errors,
            ["2:1 F002 unknown key `nmae` (did you mean `name`?)"]
        );
        let (_, _, errors) = read("format = 1\n");
        assert_eq!(
            errors,
            ["F003 missing key `name` (add `name = …`; docs/format.md lists the required keys)"]
        );
    }

    #[test]
    fn a_missing_key_is_not_reported_beside_a_key_like_no_other() {
        let (_, _, errors) = read("format = 1\nlabel = \"x\"\n");
        assert_eq!(
            errors,
            [
                "2:1 F002 unknown key `label` (expected one of `format`, `name`, `tags`, `doors`, `type`)"
            ]
        );
    }

    #[test]
    fn another_version_is_not_judged_by_this_version_s_keys() {
        let (raw, _, errors) = read("format = 2\nnmae = \"x\"\n");
        assert!(!raw);
        assert_eq!(
            errors,
            [
                "1:10 F011 `format = 2` is not supported; this version of deckplan reads `format = 1` (upgrade deckplan, or write the file in format 1 (see docs/format.md))"
            ]
        );
    }

    #[test]
    fn errors_past_the_cap_are_counted_not_kept() {
        let tags = vec!["1"; 1000].join(", ");
        let (raw, _, errors) = read(&format!("format = 1\nname = \"x\"\ntags = [{tags}]\n"));
        assert!(raw, "`tags` is read as left out");
        assert_eq!(errors.len(), limits::MAX_ERRORS_PER_FILE);
        assert_eq!(
            errors[199],
            "F009 and 801 more errors in this file (at most 200 are listed) (fix the errors above and run again)"
        );
    }
}
