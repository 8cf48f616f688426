//! Turns the raw file types into the checked model, once ("parse, don't validate").
//!
//! Each file resolves on its own, so `deckplan fmt` can format a page without its
//! pack; references between files are resolved by [`crate::load`]. A resolver
//! collects every problem in a file rather than stopping at the first.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use toml::Spanned;

use super::coord::{
    self, CoordError, Direction, Edge, Intersection, PageEdge, PageId, Size, Space,
};
use super::limits;
use super::model::*;
use super::place::LocationPlace;
use super::raw;
use crate::Place;
use crate::document::read_file;
use crate::error::{FormatCode, FormatError, Problems};
use crate::lint_table::{LintSettings, TomlLintTable, lint_settings};
use crate::source::{SourceFile, Span};
use crate::suggest;
use crate::toml_file::{Text, ruleset_problem, span_of, text_problems, version_problem};

pub use crate::toml_file::FORMAT_VERSION;

/// The ruleset name Enormity's files carry.
pub const RULESET: &str = "enormity";

/// Reads and resolves a page file, reporting every problem in it.
pub fn parse_page(source: &Arc<SourceFile>) -> Result<Page, Vec<FormatError>> {
    let file = read_file::<raw::TomlPage>(source.text());
    let Some(raw) = file.raw else {
        return Err(file.problems.into_errors());
    };
    let mut resolver = Resolver::new(file.problems);
    let page = resolver.page(raw, source);
    resolver.finish(page)
}

/// Reads and resolves a `pack.toml` (without reading its pages; see
/// [`super::load`]), reporting every problem in it.
pub fn parse_pack(source: &Arc<SourceFile>) -> Result<Pack, Vec<FormatError>> {
    let file = read_file::<raw::TomlPack>(source.text());
    let Some(raw) = file.raw else {
        return Err(file.problems.into_errors());
    };
    let mut resolver = Resolver::new(file.problems);
    let pack = resolver.pack(raw, source);
    resolver.finish(pack)
}

/// Collects problems while building a model.
struct Resolver {
    /// The reader's problems, then the resolver's.
    errors: Problems,
    /// Prefix for board places, once the page id is known (`L1p2`).
    page: Option<PageId>,
    features: usize,
}

impl Resolver {
    fn new(errors: Problems) -> Self {
        Self {
            errors,
            page: None,
            features: 0,
        }
    }

    fn finish<T>(self, value: T) -> Result<T, Vec<FormatError>> {
        self.errors.finish(value)
    }

    /// A problem that judges a value against another part of the file,
    /// held back when the file read only in part ([`Problems::related_mut`]).
    fn related(
        &mut self,
        code: FormatCode,
        message: impl Into<String>,
        span: Span,
    ) -> &mut FormatError {
        self.errors
            .related_mut(FormatError::new(code, message, Some(span)))
    }

    fn error(
        &mut self,
        code: FormatCode,
        message: impl Into<String>,
        span: Span,
    ) -> &mut FormatError {
        self.errors
            .push_mut(FormatError::new(code, message, Some(span)))
    }

    /// The board place of something on the page being read.
    fn place(&self, what: impl OnPage) -> Option<Place> {
        self.page.map(|page| Place::Enormity(what.on(page)))
    }

    fn coord_error(&mut self, error: CoordError, span: Span, place: Option<Place>) {
        let mut err = FormatError::new(FormatCode::BadCoordinate, error.message, Some(span))
            .with_optional_help(error.help);
        err.place = place;
        self.errors.push(err);
    }

    /// Counts a feature; reports once when a page holds too many.
    fn count(&mut self, span: Span) {
        self.features += 1;
        if self.features == limits::MAX_FEATURES_PER_PAGE + 1 {
            self.error(
                FormatCode::LimitExceeded,
                format!(
                    "more than {} features on one page",
                    limits::MAX_FEATURES_PER_PAGE
                ),
                span,
            );
        }
    }

    fn version(&mut self, format: &Spanned<i64>) {
        self.errors.extend(version_problem(format, FORMAT_VERSION));
    }

    /// A number in `1..=max`, or an error naming what it numbers.
    fn number(&mut self, value: &Spanned<i64>, what: &str, max: u16) -> Option<u16> {
        match u16::try_from(*value.get_ref()) {
            Ok(n) if (1..=max).contains(&n) => Some(n),
            _ => {
                self.error(
                    FormatCode::InvalidValue,
                    format!(
                        "{what} {} is out of range; {what}s are numbered 1 to {max}",
                        value.get_ref()
                    ),
                    span_of(value),
                );
                None
            }
        }
    }

    fn text(&mut self, value: &Text, what: &str, required: bool) -> String {
        self.errors.extend(text_problems(value, what, required));
        value.get_ref().clone()
    }

    fn page_id(&mut self, value: &Text) -> Option<PageId> {
        PageId::parse(value.get_ref())
            .map_err(|e| self.coord_error(e, span_of(value), None))
            .ok()
    }

    fn direction(&mut self, value: &Text, place: Option<Place>) -> Option<Direction> {
        Direction::parse(value.get_ref())
            .map_err(|e| self.coord_error(e, span_of(value), place))
            .ok()
    }

    /// A space on the page, or an error (bad notation, or off the page).
    fn space(&mut self, value: &Text, size: Size) -> Option<Space> {
        let span = span_of(value);
        let space = Space::parse(value.get_ref())
            .map_err(|e| self.coord_error(e, span, None))
            .ok()?;
        if !size.contains(space) {
            let place = self.place(space);
            let err = self.error(
                FormatCode::OffPage,
                format!(
                    "`{space}` is off the page, which is {} columns × {} rows",
                    size.columns, size.rows
                ),
                span,
            );
            err.place = place;
            err.help = Some(off_page_help(size));
            return None;
        }
        Some(space)
    }

    fn intersection(&mut self, value: &Text, size: Size) -> Option<Intersection> {
        let span = span_of(value);
        let point = Intersection::parse(value.get_ref())
            .map_err(|e| self.coord_error(e, span, None))
            .ok()?;
        if !size.contains_intersection(point) {
            let place = self.place(point);
            let err = self.error(
                FormatCode::OffPage,
                format!(
                    "intersection `{}` is off the page, which is {} columns × {} rows",
                    value.get_ref(),
                    size.columns,
                    size.rows
                ),
                span,
            );
            err.place = place;
            err.help = Some(off_page_help(size));
            return None;
        }
        Some(point)
    }

    /// Reports a second feature at a place that allows one; returns whether it is new.
    fn unique<K: Ord + Copy + std::fmt::Display + OnPage>(
        &mut self,
        seen: &mut BTreeMap<K, Span>,
        key: K,
        span: Span,
        what: &str,
    ) -> bool {
        if let Some(&first) = seen.get(&key) {
            let place = self.place(key);
            let err = self.error(
                FormatCode::Duplicate,
                format!("{what} `{key}` is listed twice"),
                span,
            );
            err.place = place;
            err.labels.push((first, "first listed here".to_string()));
            return false;
        }
        seen.insert(key, span);
        true
    }

    /// Reports a second door, console or book with a number already used;
    /// returns whether it is new. `place` is where the second one is.
    fn unique_number(
        &mut self,
        seen: &mut BTreeMap<u16, Span>,
        number: u16,
        span: Span,
        what: &str,
        place: Option<Place>,
    ) -> bool {
        if let Some(&first) = seen.get(&number) {
            let err = self.error(
                FormatCode::Duplicate,
                format!("{what} number {number} is used twice"),
                span,
            );
            err.place = place;
            err.help = Some(format!("give each {what} its own number"));
            err.labels.push((first, "first used here".to_string()));
            return false;
        }
        seen.insert(number, span);
        true
    }

    fn lint(&mut self, raw: TomlLintTable) -> LintSettings {
        lint_settings(raw, &mut self.errors)
    }

    fn pack(&mut self, raw: raw::TomlPack, source: &Arc<SourceFile>) -> Pack {
        self.version(&raw.format);
        let name = self.text(&raw.name, "the pack name", true);
        self.errors
            .extend(ruleset_problem(&raw.ruleset, RULESET, "Enormity"));
        let start = self
            .page_id(&raw.start)
            .unwrap_or(PageId { book: 1, page: 1 });

        let mut books = BTreeMap::new();
        let mut seen_books = BTreeMap::new();
        for book in &raw.books {
            let span = span_of(book);
            let Some(number) = self.number(&book.get_ref().number, "book", 999) else {
                continue;
            };
            if self.unique_number(
                &mut seen_books,
                number,
                span_of(&book.get_ref().number),
                "book",
                None,
            ) {
                let title = book
                    .get_ref()
                    .title
                    .as_ref()
                    .map(|t| self.text(t, "the book title", false));
                books.insert(
                    number,
                    Book {
                        number,
                        title,
                        span,
                    },
                );
            }
        }

        let mut locations = BTreeMap::new();
        let mut seen_locations: BTreeMap<String, Span> = BTreeMap::new();
        for location in &raw.locations {
            let loc = location.get_ref();
            let designation = loc.designation.get_ref().clone();
            let span = span_of(&loc.designation);
            if !valid_designation(&designation) {
                self.error(
                    FormatCode::InvalidValue,
                    format!("`{designation}` is not a Location designation"),
                    span,
                )
                .help = Some(
                    "a designation is 1 to 8 upper-case letters or digits, like `SR`".to_string(),
                );
                continue;
            }
            if let Some(&first) = seen_locations.get(&designation) {
                self.error(
                    FormatCode::Duplicate,
                    format!("Location `{designation}` is declared twice"),
                    span,
                )
                .labels
                .push((first, "first declared here".to_string()));
                continue;
            }
            seen_locations.insert(designation.clone(), span);
            let name = self.text(&loc.name, "the Location name", true);
            locations.insert(
                designation.clone(),
                Location {
                    designation,
                    name,
                    span: span_of(location),
                },
            );
        }

        let mut page_files = Vec::new();
        let most_pages = limits::pack_limits().pages;
        if raw.pages.get_ref().len() > most_pages {
            self.error(
                FormatCode::LimitExceeded,
                format!(
                    "{} pages listed; a pack holds at most {most_pages}",
                    raw.pages.get_ref().len(),
                ),
                span_of(&raw.pages),
            );
        }
        let mut seen_paths: BTreeMap<String, Span> = BTreeMap::new();
        for path in raw.pages.get_ref().iter().take(most_pages) {
            let span = span_of(path);
            if let Err(problem) = check_pack_path(path.get_ref()) {
                self.errors.push(problem.at(span));
                continue;
            }
            if let Some(&first) = seen_paths.get(path.get_ref()) {
                self.error(
                    FormatCode::Duplicate,
                    format!("page file `{}` is listed twice", path.get_ref()),
                    span,
                )
                .labels
                .push((first, "first listed here".to_string()));
                continue;
            }
            seen_paths.insert(path.get_ref().clone(), span);
            page_files.push(PageFile {
                path: path.get_ref().clone(),
                span,
            });
        }

        let mut joins = Vec::new();
        for join in &raw.joins {
            let j = join.get_ref();
            let from = PageEdge::parse(j.from.get_ref())
                .map_err(|e| self.coord_error(e, span_of(&j.from), None));
            let to = PageEdge::parse(j.to.get_ref())
                .map_err(|e| self.coord_error(e, span_of(&j.to), None));
            let offset = match &j.offset {
                Some(value) => self.offset(value),
                None => Some(Offset::default()),
            };
            if let (Ok(from), Ok(to), Some(offset)) = (from, to, offset) {
                if from.page == to.page {
                    let err = self.error(
                        FormatCode::InvalidValue,
                        format!("a join needs two pages, but both ends are on {}", from.page),
                        span_of(&j.to),
                    );
                    err.labels
                        .push((span_of(&j.from), "the other end".to_string()));
                    err.help = Some(format!(
                        "join an edge of {} to an edge of another page",
                        from.page
                    ));
                    continue;
                }
                joins.push(Join {
                    from,
                    to,
                    offset,
                    span: span_of(join),
                    from_span: span_of(&j.from),
                    to_span: span_of(&j.to),
                    offset_span: j.offset.as_ref().map(span_of),
                });
            }
        }
        joins.sort_by_key(|j| (j.from, j.to));

        let lint = self.lint(raw.lint);
        Pack {
            name,
            start,
            start_span: span_of(&raw.start),
            books,
            locations,
            page_files,
            joins,
            lint,
            pages: BTreeMap::new(),
            source: Arc::clone(source),
        }
    }

    /// A join offset: an integer or a decimal with at most two places.
    fn offset(&mut self, value: &Spanned<toml::Value>) -> Option<Offset> {
        let span = span_of(value);
        let limit = f64::from(limits::MAX_PAGE_SIDE);
        let hundredths = match value.get_ref() {
            toml::Value::Integer(n) if (n.unsigned_abs() as f64) <= limit => {
                Some(*n as f64 * 100.0)
            }
            toml::Value::Float(x) if x.is_finite() && x.abs() <= limit => {
                let scaled = x * 100.0;
                ((scaled - scaled.round()).abs() < 1e-6).then_some(scaled.round())
            }
            _ => None,
        };
        match hundredths {
            Some(h) => Some(Offset {
                hundredths: h as i32,
            }),
            None => {
                self.error(
                    FormatCode::InvalidValue,
                    format!(
                        "join offset `{}` is not a number of spaces with at most two decimals",
                        value.get_ref()
                    ),
                    span,
                )
                .help = Some(format!(
                    "write a number between -{0} and {0}, like `0`, `2` or `1.5`",
                    limits::MAX_PAGE_SIDE
                ));
                None
            }
        }
    }

    fn page(&mut self, raw: raw::TomlPage, source: &Arc<SourceFile>) -> Page {
        self.version(&raw.format);
        let book = self.number(&raw.book, "book", 999);
        let number = self.number(&raw.page, "page", 999);
        let id = PageId {
            book: book.unwrap_or(1),
            page: number.unwrap_or(1),
        };
        if book.is_some() && number.is_some() {
            self.page = Some(id);
        }
        let location = raw.location.get_ref().clone();
        if !valid_designation(&location) {
            self.error(
                FormatCode::InvalidValue,
                format!("`{location}` is not a Location designation"),
                span_of(&raw.location),
            )
            .help =
                Some("a designation is 1 to 8 upper-case letters or digits, like `SR`".to_string());
        }
        let grid = self.grid(&raw.grid, source.text());
        // When the grid cannot be read the page's size is unknown: features are
        // then checked against the largest possible page, so they report bad
        // notation but not a false "off the page".
        let size = grid.as_ref().map_or(
            Size {
                columns: u16::MAX,
                rows: u16::MAX,
            },
            |(size, _, _)| *size,
        );
        let (page_size, terrain, row_starts) = grid.unwrap_or_else(|| {
            let one = Size {
                columns: 1,
                rows: 1,
            };
            (one, vec![SpaceKind::Board], Vec::new())
        });
        let mut page = Page::new(id, location, page_size);
        page.id_span = span_of(&raw.page);
        page.book_span = span_of(&raw.book);
        page.location_span = span_of(&raw.location);
        page.title = raw.title.as_ref().map(|t| self.text(t, "the title", false));
        page.notes = raw.notes.as_ref().map(|t| self.text(t, "the notes", false));
        page.set_grid(terrain, row_starts, span_of(&raw.grid));
        page.edges = self.edges(&raw.edges, size);
        // Every door the file declares, placed or not, so a door with a bad
        // position is not also reported as missing by the consoles that open it.
        let doors: BTreeSet<u16> = raw
            .edges
            .doors
            .iter()
            .filter_map(|door| u16::try_from(*door.get_ref().number.get_ref()).ok())
            .filter(|number| (1..=999).contains(number))
            .collect();
        page.spaces = self.space_features(&raw.spaces, size, &doors);
        page.intersections = self.intersection_features(&raw.intersections, size);
        page.background = raw.background.as_ref().and_then(|b| self.background(b));
        page.lint = self.lint(raw.lint);
        page.source = Arc::clone(source);
        page
    }

    /// The `[background]` table: a relative image path and finite numbers in range.
    fn background(&mut self, raw: &Spanned<raw::TomlBackground>) -> Option<Background> {
        let table = raw.get_ref();
        let image_span = span_of(&table.image);
        let image = self.text(&table.image, "the background image path", true);
        let mut ok = true;
        if let Err(problem) = check_image_path(&image) {
            self.errors.push(problem.at(image_span));
            ok = false;
        }
        let scale = match &table.scale {
            Some(value) => self.real(
                value,
                "the background scale (image pixels per space)",
                Background::MIN_SCALE..=Background::MAX_SCALE,
            ),
            None => Some(Background::DEFAULT_SCALE),
        };
        let opacity = match &table.opacity {
            Some(value) => self.real(value, "the background opacity", 0.0..=1.0),
            None => Some(Background::DEFAULT_OPACITY),
        };
        let side = f64::from(limits::MAX_PAGE_SIDE);
        let offset = match &table.offset {
            Some(pair) => match pair.get_ref().as_slice() {
                [x, y] => {
                    let what = "a background offset (in spaces)";
                    match (
                        self.real(x, what, -side..=side),
                        self.real(y, what, -side..=side),
                    ) {
                        (Some(x), Some(y)) => Some([x, y]),
                        _ => None,
                    }
                }
                _ => {
                    self.error(
                        FormatCode::InvalidValue,
                        "the background offset is not a pair of numbers",
                        span_of(pair),
                    )
                    .help = Some("write `offset = [x, y]`, in spaces east and north, like `offset = [0, -0.5]`".to_string());
                    None
                }
            },
            None => Some([0.0, 0.0]),
        };
        let turn = match &table.turn {
            Some(value) => self.turn(value),
            None => Some(0),
        };
        let mirrored = match &table.mirrored {
            Some(value) => match value.get_ref() {
                toml::Value::Boolean(mirrored) => Some(*mirrored),
                other => {
                    self.error(
                        FormatCode::InvalidValue,
                        format!("the background's `mirrored` is `{other}`; it must be true or false"),
                        span_of(value),
                    )
                    .help = Some("write `mirrored = true` for a scan flipped west–east, or leave the key out".to_string());
                    None
                }
            },
            None => Some(false),
        };
        match (ok, scale, offset, opacity, turn, mirrored) {
            (true, Some(scale), Some(offset), Some(opacity), Some(turn), Some(mirrored)) => {
                Some(Background {
                    image,
                    scale,
                    offset,
                    opacity,
                    turn,
                    mirrored,
                    span: span_of(raw),
                    image_span,
                })
            }
            _ => None,
        }
    }

    /// A background turn: a whole number of degrees clockwise, one of
    /// [`Background::TURNS`].
    fn turn(&mut self, value: &Spanned<toml::Value>) -> Option<u16> {
        let turn = match value.get_ref() {
            toml::Value::Integer(n) => u16::try_from(*n)
                .ok()
                .filter(|n| Background::TURNS.contains(n)),
            _ => None,
        };
        if turn.is_none() {
            self.error(
                FormatCode::InvalidValue,
                format!(
                    "the background turn is `{}`; it must be 0, 90, 180 or 270",
                    value.get_ref()
                ),
                span_of(value),
            )
            .help = Some(
                "write how far the scan is turned clockwise, in degrees, like `turn = 90`"
                    .to_string(),
            );
        }
        turn
    }

    /// A finite number (integer or decimal) within `range`; `-0` reads as `0`
    /// so the canonical writer never prints a sign on zero.
    fn real(
        &mut self,
        value: &Spanned<toml::Value>,
        what: &str,
        range: std::ops::RangeInclusive<f64>,
    ) -> Option<f64> {
        let number = match value.get_ref() {
            toml::Value::Integer(n) => Some(*n as f64),
            toml::Value::Float(x) if x.is_finite() => Some(*x),
            _ => None,
        };
        match number {
            Some(x) if range.contains(&x) => Some(x + 0.0),
            _ => {
                self.error(
                    FormatCode::InvalidValue,
                    format!(
                        "{what} is `{}`; it must be a number from {} to {}",
                        value.get_ref(),
                        range.start(),
                        range.end()
                    ),
                    span_of(value),
                );
                None
            }
        }
    }

    /// Reads the character grid: top row first, optional row labels, one symbol
    /// per space. `None` when it cannot be read (the error is recorded).
    fn grid(&mut self, grid: &Text, file_text: &str) -> Option<(Size, Vec<SpaceKind>, Vec<u32>)> {
        let span = span_of(grid);
        let value = grid.get_ref();
        let mut lines: Vec<&str> = value
            .split('\n')
            .map(|l| l.strip_suffix('\r').unwrap_or(l))
            .collect();
        if lines.last() == Some(&"") {
            lines.pop();
        }
        if lines.is_empty() || lines.iter().all(|l| l.trim().is_empty()) {
            self.error(FormatCode::InvalidValue, "the grid is empty", span).help =
                Some("write one line per row, top row first, one symbol per space: `.` board, `#` out of bounds, `O` obstacle".to_string());
            return None;
        }
        let max_side = usize::from(limits::MAX_PAGE_SIDE);
        if lines.len() > max_side {
            self.error(
                FormatCode::LimitExceeded,
                format!(
                    "the grid has {} rows; a page has at most {max_side}",
                    lines.len()
                ),
                span,
            )
            .help = Some(SPLIT_PAGE_HELP.to_string());
            return None;
        }
        let rows = lines.len() as u16;
        let line_starts = raw_line_starts(file_text, span, value);
        let labelled = lines.first().is_some_and(|l| l.contains(' '));
        let mut columns: Option<(usize, usize)> = None; // (count, line index)
        let mut parsed: Vec<Vec<SpaceKind>> = Vec::with_capacity(lines.len());
        let mut row_starts = vec![0u32; lines.len()];
        for (index, line) in lines.iter().enumerate() {
            let row = rows - 1 - index as u16;
            let line_span = line_starts.get(index).map_or(span, |&start| Span {
                start,
                end: start.saturating_add(line.len() as u32),
            });
            let (label, cells, cells_offset) = if labelled {
                let trimmed = line.trim_start();
                let lead = line.len() - trimmed.len();
                match trimmed.split_once(' ') {
                    Some((label, cells)) => (Some(label), cells, lead + label.len() + 1),
                    None => {
                        self.error(
                            FormatCode::InvalidValue,
                            "this grid line has no row label, but the first line has one",
                            line_span,
                        )
                        .help = Some("label every line, or none".to_string());
                        return None;
                    }
                }
            } else {
                (None, *line, 0)
            };
            if let Some(label) = label {
                let expected = coord::row_letters(row);
                if label != expected {
                    self.error(
                        FormatCode::BadCoordinate,
                        format!("this grid line is labelled `{label}`, but counting up from row A at the bottom it is row `{expected}`"),
                        line_span.sub(line.len() - line.trim_start().len(), label.len()),
                    )
                    .help = Some("grid lines go top row first; check for a missing or extra line".to_string());
                }
            }
            let cells_span = line_span.sub(cells_offset, cells.len());
            if let Some(start) = row_starts.get_mut(usize::from(row)) {
                *start = cells_span.start;
            }
            let mut kinds = Vec::with_capacity(cells.len());
            for (byte, symbol) in cells.char_indices() {
                match SpaceKind::from_symbol(symbol) {
                    Some(kind) => kinds.push(kind),
                    None => {
                        let space = Space::new(kinds.len() as u16, row);
                        let place = self.place(space);
                        let err = self.error(
                            FormatCode::InvalidValue,
                            format!("`{symbol}` is not a grid symbol"),
                            cells_span.sub(byte, symbol.len_utf8()),
                        );
                        err.place = place;
                        err.help = Some(if symbol == ' ' {
                            "out-of-bounds spaces are `#`; spaces are not allowed inside a row"
                                .to_string()
                        } else {
                            "use `.` for a board space, `#` for out of bounds, `O` for an obstacle"
                                .to_string()
                        });
                        return None;
                    }
                }
            }
            if kinds.len() > max_side {
                self.error(
                    FormatCode::LimitExceeded,
                    format!(
                        "the grid has {} columns; a page has at most {max_side}",
                        kinds.len()
                    ),
                    cells_span,
                )
                .help = Some(SPLIT_PAGE_HELP.to_string());
                return None;
            }
            let spaces = kinds.len().saturating_mul(lines.len());
            let most_spaces = limits::pack_limits().page_spaces;
            if columns.is_none() && spaces > most_spaces as usize {
                self.error(
                    FormatCode::LimitExceeded,
                    format!(
                        "the grid has {} × {} = {spaces} spaces; a page has at most {most_spaces}",
                        kinds.len(),
                        lines.len(),
                    ),
                    span,
                )
                .help = Some(SPLIT_PAGE_HELP.to_string());
                return None;
            }
            match columns {
                None => columns = Some((kinds.len(), index)),
                Some((count, _)) if count != kinds.len() => {
                    let row_name = coord::row_letters(row);
                    self.error(
                        FormatCode::InvalidValue,
                        format!(
                            "row {row_name} has {} spaces, but the rows above have {count}",
                            kinds.len()
                        ),
                        cells_span,
                    )
                    .help = Some("every row of the grid has the same number of spaces".to_string());
                    return None;
                }
                Some(_) => {}
            }
            if kinds.is_empty() {
                self.error(
                    FormatCode::InvalidValue,
                    "a grid row has no spaces",
                    line_span,
                );
                return None;
            }
            parsed.push(kinds);
        }
        let columns = columns.map_or(1, |(count, _)| count) as u16;
        let mut terrain = Vec::with_capacity(usize::from(rows) * usize::from(columns));
        for kinds in parsed.iter().rev() {
            terrain.extend_from_slice(kinds);
        }
        if line_starts.is_empty() {
            row_starts.clear();
        }
        Some((Size { columns, rows }, terrain, row_starts))
    }

    fn edges(&mut self, raw: &raw::TomlEdges, size: Size) -> BTreeMap<Edge, EdgeFeature> {
        let mut edges: BTreeMap<Edge, EdgeFeature> = BTreeMap::new();
        let runs = raw
            .walls
            .iter()
            .map(|run| (run, EdgeKind::Wall))
            .chain(raw.red_lines.iter().map(|run| (run, EdgeKind::RedLine)));
        for (run, kind) in runs {
            let span = span_of(run);
            let parsed = match coord::parse_edge_run(run.get_ref()) {
                Ok(parsed) => parsed,
                Err(e) => {
                    self.coord_error(e, span, None);
                    continue;
                }
            };
            if !self.run_on_page(run, &parsed, size) {
                continue;
            }
            for edge in parsed {
                self.count(span);
                self.place_edge(&mut edges, edge, EdgeFeature { kind, span });
            }
        }
        let mut numbers = BTreeMap::new();
        for door in &raw.doors {
            let d = door.get_ref();
            let span = span_of(door);
            let Some(number) = self.number(&d.number, "door", 999) else {
                continue;
            };
            let (space, side) = match coord::parse_side(d.at.get_ref()) {
                Ok(found) => found,
                Err(e) => {
                    self.coord_error(e, span_of(&d.at), None);
                    continue;
                }
            };
            if !size.contains(space) {
                let place = self.place(space);
                let err = self.error(
                    FormatCode::OffPage,
                    format!(
                        "`{space}` is off the page, which is {} columns × {} rows",
                        size.columns, size.rows
                    ),
                    span_of(&d.at),
                );
                err.place = place;
                err.help = Some(off_page_help(size));
                continue;
            }
            let place = self.place(space.side(side));
            if !self.unique_number(&mut numbers, number, span_of(&d.number), "door", place) {
                continue;
            }
            self.count(span);
            self.place_edge(
                &mut edges,
                space.side(side),
                EdgeFeature {
                    kind: EdgeKind::Door(number),
                    span,
                },
            );
        }
        edges
    }

    /// Checks that both ends of an edge run are on the page.
    fn run_on_page(&mut self, run: &Text, edges: &[Edge], size: Size) -> bool {
        if edges.iter().all(|e| size.contains_edge(*e)) {
            return true;
        }
        let text = run.get_ref();
        let spaces = text.split(' ').next().unwrap_or(text);
        let off = spaces
            .split('-')
            .filter_map(|s| Space::parse(s).ok())
            .find(|s| !size.contains(*s));
        let named = off.map_or_else(|| spaces.to_string(), |s| s.to_string());
        let place = match off {
            Some(space) => self.place(space),
            None => self
                .page
                .map(|page| Place::Enormity(LocationPlace::Page(page))),
        };
        let err = self.error(
            FormatCode::OffPage,
            format!(
                "`{named}` is off the page, which is {} columns × {} rows",
                size.columns, size.rows
            ),
            span_of(run),
        );
        err.place = place;
        err.help = Some(off_page_help(size));
        false
    }

    fn place_edge(
        &mut self,
        edges: &mut BTreeMap<Edge, EdgeFeature>,
        edge: Edge,
        feature: EdgeFeature,
    ) {
        match edges.get(&edge) {
            None => {
                edges.insert(edge, feature);
            }
            Some(existing) => {
                let (code, message) = if existing.kind == feature.kind {
                    (
                        FormatCode::Duplicate,
                        format!(
                            "{} is drawn twice on `{edge}`",
                            edge_kind_name(feature.kind)
                        ),
                    )
                } else {
                    (
                        FormatCode::Conflict,
                        format!(
                            "`{edge}` has both {} and {}",
                            with_article(existing.kind),
                            with_article(feature.kind)
                        ),
                    )
                };
                let first = existing.span;
                let place = self.place(edge);
                let err = self.error(code, message, feature.span);
                err.place = place;
                err.help = Some(if code == FormatCode::Duplicate {
                    "remove one of them".to_string()
                } else {
                    "an edge holds one wall, red line or door; remove one of them".to_string()
                });
                err.labels.push((first, "already drawn here".to_string()));
            }
        }
    }

    /// Resolves the `[spaces]` table, one feature kind at a time in the order the
    /// fields are written, which is the order their problems are reported in.
    fn space_features(
        &mut self,
        raw: &raw::TomlSpaces,
        size: Size,
        doors: &BTreeSet<u16>,
    ) -> SpaceFeatures {
        SpaceFeatures {
            terrain: self.terrain_tiles(&raw.terrain, size),
            forced_arrows: self.forced_arrows(&raw.forced_arrows, size),
            location_arrows: self.location_arrows(&raw.location_arrows, size),
            consoles: self.consoles(&raw.consoles, size, doors),
            keycards: self.keycards(&raw.keycards, size, doors),
            discoveries: self.discoveries(&raw.discoveries, size),
            markers: self.markers(raw, size),
        }
    }

    /// The terrain tiles, sorted by their first space so the model does not depend
    /// on the order of the file.
    fn terrain_tiles(&mut self, raw: &[Spanned<raw::TomlTerrain>], size: Size) -> Vec<TerrainTile> {
        // Which tile covers each space so far, for the overlap error's label.
        let mut tiled: BTreeMap<Space, Span> = BTreeMap::new();
        let mut terrain = Vec::new();
        for tile in raw {
            let t = tile.get_ref();
            let span = span_of(tile);
            self.count(span);
            if t.spaces.get_ref().is_empty() {
                self.error(
                    FormatCode::InvalidValue,
                    "a terrain tile covers at least one space",
                    span_of(&t.spaces),
                );
                continue;
            }
            let mut spaces = self.tile_spaces(t.spaces.get_ref(), size, &tiled);
            for &space in &spaces {
                tiled.insert(space, span);
            }
            let mut keywords = self.terrain_keywords(&t.keywords);
            keywords.sort();
            spaces.sort_by_key(|s| s.reading_order());
            let name = t
                .name
                .as_ref()
                .map(|n| self.text(n, "the tile name", false));
            terrain.push(TerrainTile {
                name,
                spaces,
                keywords,
                span,
            });
        }
        terrain.sort_by_key(|t| t.spaces.first().map(|s| s.reading_order()));
        terrain
    }

    /// The spaces of one tile, leaving out (with an error) those repeated in the
    /// tile or already covered by an earlier tile.
    fn tile_spaces(
        &mut self,
        texts: &[Text],
        size: Size,
        tiled: &BTreeMap<Space, Span>,
    ) -> Vec<Space> {
        let mut spaces = Vec::new();
        let mut own = BTreeMap::new();
        for text in texts {
            let Some(space) = self.space(text, size) else {
                continue;
            };
            if !self.unique(&mut own, space, span_of(text), "space") {
                continue;
            }
            if let Some(&other) = tiled.get(&space) {
                let place = self.place(space);
                let err = self.error(
                    FormatCode::Conflict,
                    format!("`{space}` is covered by two terrain tiles"),
                    span_of(text),
                );
                err.place = place;
                err.help = Some(format!(
                    "a space is part of at most one tile; remove `{space}` from one of them"
                ));
                err.labels
                    .push((other, "the other tile covers it here".to_string()));
                continue;
            }
            spaces.push(space);
        }
        spaces
    }

    /// The keywords of one tile, in file order, without unknown or repeated ones.
    fn terrain_keywords(&mut self, words: &Spanned<Vec<Text>>) -> Vec<Keyword> {
        let mut keywords = Vec::new();
        for word in words.get_ref() {
            let found = Keyword::ALL
                .into_iter()
                .find(|k| k.name() == word.get_ref());
            match found {
                Some(k) if keywords.contains(&k) => {
                    self.error(
                        FormatCode::Duplicate,
                        format!("keyword `{}` is listed twice", k.name()),
                        span_of(word),
                    );
                }
                Some(k) => keywords.push(k),
                None => {
                    let help = suggest::closest(
                        word.get_ref(),
                        Keyword::ALL.iter().map(|k| k.name()),
                    )
                    .map(|b| format!("did you mean `{b}`?"))
                    .unwrap_or_else(|| {
                        "keywords are cover, obscuring, obstacle, destructible, indestructible"
                            .to_string()
                    });
                    self.error(
                        FormatCode::InvalidValue,
                        format!("`{}` is not a terrain keyword", word.get_ref()),
                        span_of(word),
                    )
                    .help = Some(help);
                }
            }
        }
        if keywords.contains(&Keyword::Destructible) && keywords.contains(&Keyword::Indestructible)
        {
            self.error(
                FormatCode::Conflict,
                "a terrain tile cannot be both destructible and indestructible",
                span_of(words),
            );
        }
        keywords
    }

    /// The forced arrows by space, at most one per space.
    fn forced_arrows(
        &mut self,
        raw: &[Spanned<raw::TomlArrow>],
        size: Size,
    ) -> BTreeMap<Space, ForcedArrow> {
        let mut arrows = BTreeMap::new();
        let mut seen = BTreeMap::new();
        for arrow in raw {
            let a = arrow.get_ref();
            self.count(span_of(arrow));
            let Some(at) = self.space(&a.at, size) else {
                continue;
            };
            let Some(direction) = self.direction(&a.direction, self.place(at)) else {
                continue;
            };
            if self.unique(&mut seen, at, span_of(&a.at), "forced arrow on") {
                arrows.insert(
                    at,
                    ForcedArrow {
                        direction,
                        span: span_of(arrow),
                    },
                );
            }
        }
        arrows
    }

    /// The Location arrows by space, at most one per space; a target is only
    /// read as a page id here, as the page resolves without its pack.
    fn location_arrows(
        &mut self,
        raw: &[Spanned<raw::TomlLocationArrow>],
        size: Size,
    ) -> BTreeMap<Space, LocationArrow> {
        let mut arrows = BTreeMap::new();
        let mut seen = BTreeMap::new();
        for arrow in raw {
            let a = arrow.get_ref();
            self.count(span_of(arrow));
            let Some(at) = self.space(&a.at, size) else {
                continue;
            };
            let Some(direction) = self.direction(&a.direction, self.place(at)) else {
                continue;
            };
            let Some(target) = self.page_id(&a.target) else {
                continue;
            };
            if self.unique(&mut seen, at, span_of(&a.at), "Location arrow on") {
                arrows.insert(
                    at,
                    LocationArrow {
                        direction,
                        target,
                        span: span_of(arrow),
                        target_span: span_of(&a.target),
                    },
                );
            }
        }
        arrows
    }

    /// The consoles by number, each number once, opening and closing doors of
    /// this page.
    fn consoles(
        &mut self,
        raw: &[Spanned<raw::TomlConsole>],
        size: Size,
        doors: &BTreeSet<u16>,
    ) -> BTreeMap<u16, Console> {
        let mut consoles = BTreeMap::new();
        let mut numbers = BTreeMap::new();
        for console in raw {
            let c = console.get_ref();
            self.count(span_of(console));
            let Some(number) = self.number(&c.number, "console", 999) else {
                continue;
            };
            let Some(at) = self.space(&c.at, size) else {
                continue;
            };
            let place = self.place(at);
            if !self.unique_number(&mut numbers, number, span_of(&c.number), "console", place) {
                continue;
            }
            let opens = self.door_refs(&c.opens, doors, at, "console");
            let closes = self.door_refs(&c.closes, doors, at, "console");
            consoles.insert(
                number,
                Console {
                    at,
                    opens,
                    closes,
                    span: span_of(console),
                },
            );
        }
        consoles
    }

    /// The keycards by space, at most one per space, each opening at least one
    /// door of this page.
    fn keycards(
        &mut self,
        raw: &[Spanned<raw::TomlKeycard>],
        size: Size,
        doors: &BTreeSet<u16>,
    ) -> BTreeMap<Space, Keycard> {
        let mut keycards = BTreeMap::new();
        let mut seen = BTreeMap::new();
        for keycard in raw {
            let k = keycard.get_ref();
            self.count(span_of(keycard));
            let Some(at) = self.space(&k.at, size) else {
                continue;
            };
            if k.opens.get_ref().is_empty() {
                self.error(
                    FormatCode::InvalidValue,
                    "a keycard opens at least one door",
                    span_of(&k.opens),
                )
                .help = Some("list the door numbers it opens, like `opens = [2]`".to_string());
                continue;
            }
            let opens = self.door_refs(k.opens.get_ref(), doors, at, "keycard");
            if self.unique(&mut seen, at, span_of(&k.at), "keycard on") {
                keycards.insert(
                    at,
                    Keycard {
                        opens,
                        span: span_of(keycard),
                    },
                );
            }
        }
        keycards
    }

    /// The discoveries by space, at most one per space.
    fn discoveries(
        &mut self,
        raw: &[Spanned<raw::TomlDiscovery>],
        size: Size,
    ) -> BTreeMap<Space, DiscoveryMarker> {
        let mut discoveries = BTreeMap::new();
        let mut seen = BTreeMap::new();
        for discovery in raw {
            let d = discovery.get_ref();
            let span = span_of(discovery);
            self.count(span);
            let Some(at) = self.space(&d.at, size) else {
                continue;
            };
            let Some(which) = self.discovery_kind(d, span, self.place(at)) else {
                continue;
            };
            if self.unique(&mut seen, at, span_of(&d.at), "discovery on") {
                discoveries.insert(
                    at,
                    DiscoveryMarker {
                        discovery: which,
                        span,
                    },
                );
            }
        }
        discoveries
    }

    /// Whether a discovery is fixed (numbered) or random (coloured); exactly one
    /// of the two is given.
    fn discovery_kind(
        &mut self,
        d: &raw::TomlDiscovery,
        span: Span,
        place: Option<Place>,
    ) -> Option<Discovery> {
        match (&d.number, &d.colour) {
            (Some(_), Some(_)) => {
                let err = self.error(
                    FormatCode::Conflict,
                    "a discovery is either numbered (fixed) or coloured (random), not both",
                    span,
                );
                err.place = place;
                err.help = Some("remove `number` or `colour`".to_string());
                None
            }
            (None, None) => {
                // Related: a misspelt `number` or `colour` is reported already.
                let err = self.related(
                    FormatCode::InvalidValue,
                    "a discovery needs a `number` (fixed) or a `colour` (random)",
                    span,
                );
                err.place = place;
                None
            }
            (Some(number), None) => self
                .number(number, "discovery", 999)
                .map(Discovery::Numbered),
            (None, Some(colour)) => {
                let found = DiscoveryColour::ALL
                    .into_iter()
                    .find(|c| c.name() == colour.get_ref());
                if found.is_none() {
                    let help = suggest::closest(
                        colour.get_ref(),
                        DiscoveryColour::ALL.iter().map(|c| c.name()),
                    )
                    .map(|b| format!("did you mean `{b}`?"))
                    .unwrap_or_else(|| "discovery colours are blue, yellow and red".to_string());
                    self.error(
                        FormatCode::InvalidValue,
                        format!("`{}` is not a discovery colour", colour.get_ref()),
                        span_of(colour),
                    )
                    .help = Some(help);
                }
                found.map(Discovery::Coloured)
            }
        }
    }

    /// The simple markers by kind, then space; a kind with no marker has no entry.
    fn markers(
        &mut self,
        raw: &raw::TomlSpaces,
        size: Size,
    ) -> BTreeMap<Marker, BTreeMap<Space, Span>> {
        let mut markers = BTreeMap::new();
        for marker in Marker::ALL {
            let list = match marker {
                Marker::GearCache => &raw.gear_caches,
                Marker::Engram => &raw.engrams,
                Marker::Objective => &raw.objectives,
                Marker::Dangerous => &raw.dangerous,
                Marker::IntruderStart => &raw.intruder_starts,
                Marker::SpacerStart => &raw.spacer_starts,
                Marker::ExtractionPoint => &raw.extraction_points,
            };
            let mut placed = BTreeMap::new();
            for text in list {
                self.count(span_of(text));
                let Some(at) = self.space(text, size) else {
                    continue;
                };
                self.unique(&mut placed, at, span_of(text), marker.label());
            }
            if !placed.is_empty() {
                markers.insert(marker, placed);
            }
        }
        markers
    }

    fn door_refs(
        &mut self,
        refs: &[Spanned<i64>],
        doors: &BTreeSet<u16>,
        at: Space,
        what: &str,
    ) -> Vec<u16> {
        let mut found = Vec::new();
        for number in refs {
            let Some(n) = self.number(number, "door", 999) else {
                continue;
            };
            if !doors.contains(&n) {
                let place = self.place(at);
                let known: Vec<String> = doors.iter().map(|d| d.to_string()).collect();
                // Related: a door lost to a misspelt key would dangle here.
                let err = self.related(
                    FormatCode::DanglingReference,
                    format!("the {what} operates door {n}, but this page has no door {n}"),
                    span_of(number),
                );
                err.place = place;
                err.help = Some(if known.is_empty() {
                    "this page has no doors; add one under `[edges] doors`".to_string()
                } else {
                    format!("doors on this page: {}", known.join(", "))
                });
                continue;
            }
            if found.contains(&n) {
                self.error(
                    FormatCode::Duplicate,
                    format!("door {n} is listed twice"),
                    span_of(number),
                );
                continue;
            }
            found.push(n);
        }
        found.sort_unstable();
        found
    }

    fn intersection_features(
        &mut self,
        raw: &raw::TomlIntersections,
        size: Size,
    ) -> IntersectionFeatures {
        let mut features = IntersectionFeatures::default();
        for text in &raw.spawn_points {
            self.count(span_of(text));
            let Some(point) = self.intersection(text, size) else {
                continue;
            };
            let mut seen = std::mem::take(&mut features.spawn_points);
            self.unique(&mut seen, point, span_of(text), "spawn point");
            features.spawn_points = seen;
        }
        let mut seen_links = BTreeMap::new();
        for link in &raw.spawn_links {
            let span = span_of(link);
            self.count(span);
            let [a, b] = link.get_ref().as_slice() else {
                self.error(
                    FormatCode::InvalidValue,
                    format!(
                        "a spawn link joins two intersections, but this one lists {}",
                        link.get_ref().len()
                    ),
                    span,
                )
                .help = Some("write it like `[\"B2 ne\", \"D4 ne\"]`".to_string());
                continue;
            };
            let (Some(a), Some(b)) = (self.intersection(a, size), self.intersection(b, size))
            else {
                continue;
            };
            if a == b {
                self.error(
                    FormatCode::InvalidValue,
                    format!(
                        "a spawn link joins two different intersections, but both ends are `{a}`"
                    ),
                    span,
                );
                continue;
            }
            let (a, b) = if a.reading_order() <= b.reading_order() {
                (a, b)
            } else {
                (b, a)
            };
            if self.unique(&mut seen_links, LinkKey(a, b), span, "spawn link") {
                features.spawn_links.push(SpawnLink { a, b, span });
            }
        }
        features
            .spawn_links
            .sort_by_key(|l| (l.a.reading_order(), l.b.reading_order()));
        for blip in &raw.blips {
            let b = blip.get_ref();
            self.count(span_of(blip));
            let Some(point) = self.intersection(&b.at, size) else {
                continue;
            };
            let Some(direction) = self.direction(&b.direction, self.place(point)) else {
                continue;
            };
            if features.blips.contains_key(&point) {
                let first = features
                    .blips
                    .get(&point)
                    .map(|f| f.span)
                    .unwrap_or_default();
                let place = self.place(point);
                let err = self.error(
                    FormatCode::Duplicate,
                    format!("starting Blip `{point}` is listed twice"),
                    span_of(&b.at),
                );
                err.place = place;
                err.labels.push((first, "first listed here".to_string()));
                continue;
            }
            features.blips.insert(
                point,
                StartingBlip {
                    direction,
                    span: span_of(blip),
                },
            );
        }
        features
    }
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct LinkKey(Intersection, Intersection);

impl std::fmt::Display for LinkKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} – {}", self.0, self.1)
    }
}

/// Something on a page that is a board place once its page is known.
trait OnPage {
    fn on(self, page: PageId) -> LocationPlace;
}

impl OnPage for Space {
    fn on(self, page: PageId) -> LocationPlace {
        LocationPlace::Space { page, space: self }
    }
}

impl OnPage for Edge {
    fn on(self, page: PageId) -> LocationPlace {
        LocationPlace::Edge { page, edge: self }
    }
}

impl OnPage for Intersection {
    fn on(self, page: PageId) -> LocationPlace {
        LocationPlace::Intersection { page, point: self }
    }
}

impl OnPage for LinkKey {
    fn on(self, page: PageId) -> LocationPlace {
        LocationPlace::SpawnLink {
            page,
            from: self.0,
            to: self.1,
        }
    }
}

/// What to do with an area too large for one page.
const SPLIT_PAGE_HELP: &str = "split the area across several pages and join them in pack.toml";

/// Which rows and columns a page of this size has.
fn off_page_help(size: Size) -> String {
    format!(
        "rows run A to {}, columns 1 to {}",
        coord::row_letters(size.rows.saturating_sub(1)),
        size.columns
    )
}

fn edge_kind_name(kind: EdgeKind) -> String {
    match kind {
        EdgeKind::Wall => "a wall".to_string(),
        EdgeKind::RedLine => "a red line".to_string(),
        EdgeKind::Door(n) => format!("door {n}"),
    }
}

fn with_article(kind: EdgeKind) -> String {
    edge_kind_name(kind)
}

/// Whether a Location designation is 1–8 upper-case letters or digits.
pub fn valid_designation(text: &str) -> bool {
    (1..=8).contains(&text.len())
        && text
            .bytes()
            .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit())
}

/// Where each line of a multi-line grid string starts in the file, when the
/// string is written literally (no escapes), so cells can be pointed at.
fn raw_line_starts(file_text: &str, span: Span, value: &str) -> Vec<u32> {
    let Some(token) = file_text.get(span.start as usize..span.end as usize) else {
        return Vec::new();
    };
    let body = ["\"\"\"", "'''"]
        .iter()
        .find_map(|q| token.strip_prefix(q).and_then(|t| t.strip_suffix(q)));
    let Some(body) = body else { return Vec::new() };
    let newline = if body.starts_with("\r\n") {
        2
    } else {
        usize::from(body.starts_with('\n'))
    };
    let body_start = span.start as usize + 3 + newline;
    let Some(body) = body.get(newline..) else {
        return Vec::new();
    };
    if body.replace("\r\n", "\n") != value.replace("\r\n", "\n") {
        return Vec::new();
    }
    let mut starts = vec![body_start as u32];
    for (i, _) in body.match_indices('\n') {
        starts.push((body_start + i + 1) as u32);
    }
    starts
}

/// Why a page path in `pack.toml` is not allowed.
pub(crate) struct PathProblem {
    code: FormatCode,
    message: String,
    help: &'static str,
}

impl PathProblem {
    fn at(self, span: Span) -> FormatError {
        FormatError::new(self.code, self.message, Some(span)).with_help(self.help)
    }
}

/// Background image paths are relative to the page file, use `/` and name a
/// PNG or JPEG file. Whether `..` leaves the pack folder depends on where the
/// page file is, so [`crate::load`] checks that with [`image_leaves_pack`].
fn check_image_path(path: &str) -> Result<(), PathProblem> {
    if path.starts_with('/') || path.starts_with('\\') || path.get(1..2) == Some(":") {
        return Err(PathProblem {
            code: FormatCode::PathEscape,
            message: format!("background image path `{path}` is absolute"),
            help: "write the path relative to the page file, like `scans/L1p1.png`",
        });
    }
    if path.contains('\\') {
        return Err(PathProblem {
            code: FormatCode::InvalidValue,
            message: format!("background image path `{path}` uses `\\`"),
            help: "separate folders with `/` so the pack works on every system",
        });
    }
    let lower = path.to_ascii_lowercase();
    if ![".png", ".jpg", ".jpeg"]
        .iter()
        .any(|ext| lower.ends_with(ext))
    {
        return Err(PathProblem {
            code: FormatCode::InvalidValue,
            message: format!("background image `{path}` is not a PNG or JPEG file"),
            help: "scan the page to a `.png`, `.jpg` or `.jpeg` file",
        });
    }
    Ok(())
}

/// Why a background image path would be refused by the loader (absolute,
/// `\` separators, not a PNG or JPEG name), or `None` when it is fine. For
/// writers, such as the editor, that must only ever name a file the loader
/// accepts.
pub fn image_path_problem(path: &str) -> Option<String> {
    check_image_path(path).err().map(|problem| problem.message)
}

/// The path, relative to the pack folder, of a background image named by the
/// page file at `page_path` (itself relative to the pack folder):
/// `book1/page1.toml` and `../scans/a.png` give `scans/a.png`. `None` when
/// the image path leads outside the pack folder. Judged on the text alone,
/// as page paths are.
pub fn image_in_pack(page_path: &str, image: &str) -> Option<String> {
    let folder = page_path.rsplit_once('/').map_or("", |(folder, _)| folder);
    let mut parts: Vec<&str> = Vec::new();
    for part in folder.split('/').chain(image.split('/')) {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop()?;
            }
            _ => parts.push(part),
        }
    }
    Some(parts.join("/"))
}

/// Whether a background image path, relative to the page file at `page_path`
/// (itself relative to the pack folder), leads outside the pack folder.
pub fn image_leaves_pack(page_path: &str, image: &str) -> bool {
    image_in_pack(page_path, image).is_none()
}

/// Page paths are relative, use `/`, end in `.toml` and never leave the pack folder.
fn check_pack_path(path: &str) -> Result<(), PathProblem> {
    let escape = |message: String| PathProblem {
        code: FormatCode::PathEscape,
        message,
        help: "page files live inside the pack folder; write a path relative to pack.toml",
    };
    if path.starts_with('/') || path.starts_with('\\') || path.get(1..2) == Some(":") {
        return Err(escape(format!("page path `{path}` is absolute")));
    }
    if path.chars().any(char::is_control) {
        return Err(PathProblem {
            code: FormatCode::InvalidValue,
            message: format!(
                "page path `{}` holds a control character",
                path.escape_debug()
            ),
            help: "name page files with printable characters only",
        });
    }
    if path.contains('\\') {
        return Err(PathProblem {
            code: FormatCode::InvalidValue,
            message: format!("page path `{path}` uses `\\`"),
            help: "separate folders with `/` so the pack works on every system",
        });
    }
    let mut depth: i32 = 0;
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." => depth -= 1,
            _ => depth += 1,
        }
        if depth < 0 {
            return Err(escape(format!("page path `{path}` leaves the pack folder")));
        }
    }
    if !path.ends_with(".toml") {
        return Err(PathProblem {
            code: FormatCode::InvalidValue,
            message: format!("page path `{path}` does not end in `.toml`"),
            help: "page files are TOML files",
        });
    }
    Ok(())
}
