//! Reading packs and pages from their [`Sources`], and resolving references
//! between files.
//!
//! A load never stops at the first bad file: every page is read, every problem
//! is reported with its file, and the pack comes back with the pages that
//! resolved, so a linter can say everything at once.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;

use super::coord::PageId;
use super::limits;
use super::model::{Pack, Page};
use super::place::LocationPlace;
use super::resolve;
use crate::confine;
use crate::error::{FileError, FormatCode, FormatError, LoadError, Problems};
use crate::load::{Loaded, attach, read_code};
use crate::memo;
use crate::source::SourceFile;
use crate::sources::Sources;
use crate::suggest;

/// Reads and resolves the target's top file as one page on its own (no
/// pack context).
pub fn load_page(sources: &Sources) -> Result<Loaded<Page>, LoadError> {
    Ok(page_from_source(&sources.top_file()?.source))
}

/// Resolves a page from text already read.
pub fn page_from_source(source: &Arc<SourceFile>) -> Loaded<Page> {
    match resolve::parse_page(source) {
        Ok(page) => Loaded {
            value: Some(page),
            errors: Vec::new(),
        },
        Err(errors) => Loaded {
            value: None,
            errors: attach(source, errors),
        },
    }
}

/// Resolves a `pack.toml` from text already read, without reading its pages.
pub fn pack_file_from_source(source: &Arc<SourceFile>) -> Loaded<Pack> {
    match resolve::parse_pack(source) {
        Ok(pack) => Loaded {
            value: Some(pack),
            errors: Vec::new(),
        },
        Err(errors) => Loaded {
            value: None,
            errors: attach(source, errors),
        },
    }
}

/// Reads a pack's `pack.toml` with every page it lists, and resolves the
/// references between them.
pub fn load_pack(sources: &Sources) -> Result<Loaded<Pack>, LoadError> {
    let source = sources.top_file()?.source;
    let mut loaded = pack_file_from_source(&source);
    let Some(pack) = loaded.value.as_mut() else {
        return Ok(loaded);
    };

    let mut first_file: BTreeMap<PageId, PathBuf> = BTreeMap::new();
    // Problems of `pack.toml` itself, one a listed page at most: capped
    // like any file's.
    let mut pack_problems = Problems::new();
    let mut unreadable_file = false;
    let mut all_pages_read = true;
    let mut pack_spaces: u64 = 0;
    let most_spaces = limits::pack_limits().pack_spaces;
    // Pages are read and parsed in parallel, then taken in the order
    // `pack.toml` lists them, so the errors come out in the same order on any
    // number of cores. Once the pages parsed hold more spaces than the pack may,
    // the rest are left to the ordered pass below, which stops at the page
    // that crosses the limit: a pack far over it costs at most the limit, plus
    // a page per core, before it is refused.
    let parsed_spaces = AtomicU64::new(0);
    let reads: Vec<Option<PageRead>> = pack
        .page_files
        .par_iter()
        .map(|file| {
            if parsed_spaces.load(Ordering::Relaxed) > most_spaces {
                return None;
            }
            let read = read_page(sources, file);
            if let PageRead::Read { page, .. } = &read
                && let Some(page) = &page.value
            {
                parsed_spaces.fetch_add(
                    u64::try_from(page.size.area()).unwrap_or(u64::MAX),
                    Ordering::Relaxed,
                );
            }
            Some(read)
        })
        .collect();
    for (file, read) in pack.page_files.iter().zip(reads) {
        let read = read.unwrap_or_else(|| read_page(sources, file));
        let problem = |code, message: String, help: &str| {
            FormatError::new(code, message, Some(file.span)).with_help(help)
        };
        let (display, page) = match read {
            PageRead::Read { display, page } => (display, page),
            PageRead::Failed(confine::ReadError::Io { reason, .. }) => {
                unreadable_file = true;
                pack_problems.push(problem(
                    FormatCode::UnreadableFile,
                    format!("cannot read page file `{}`: {reason}", file.path),
                    "check the path; it is relative to the folder of pack.toml",
                ));
                continue;
            }
            PageRead::Failed(e) => {
                pack_problems.push(problem(read_code(&e), e.to_string(), e.help()));
                // A page refused would make every reference to it look dangling.
                all_pages_read = false;
                continue;
            }
        };
        loaded.errors.extend(page.errors);
        let Some(page) = page.value else {
            all_pages_read = false;
            continue;
        };
        if let Some(first) = first_file.get(&page.id) {
            loaded.errors.push(FileError {
                source: Arc::clone(&page.source),
                error: FormatError::new(
                    FormatCode::Duplicate,
                    format!("page {} is also defined in `{}`", page.id, first.display()),
                    Some(page.id_span),
                )
                .with_place(LocationPlace::Page(page.id))
                .with_help("give each page file its own book and page numbers"),
            });
            continue;
        }
        if let Some(background) = &page.background
            && resolve::image_leaves_pack(&file.path, &background.image)
        {
            loaded.errors.push(FileError {
                source: Arc::clone(&page.source),
                error: FormatError::new(
                    FormatCode::PathEscape,
                    format!(
                        "background image `{}` leads outside the pack folder",
                        background.image
                    ),
                    Some(background.image_span),
                )
                .with_place(LocationPlace::Page(page.id))
                .with_help("keep scans inside the pack folder, for example in `scans/`"),
            });
        }
        pack_spaces += u64::from(page.size.columns) * u64::from(page.size.rows);
        if pack_spaces > most_spaces {
            pack_problems.push(problem(
                FormatCode::LimitExceeded,
                format!(
                    "with page {} the pack has more than {most_spaces} spaces",
                    page.id,
                ),
                "split the pack, or make its pages smaller",
            ));
            all_pages_read = false;
            break;
        }
        first_file.insert(page.id, display);
        pack.pages.insert(page.id, page);
    }
    // A page that failed to load would make every reference to it look dangling.
    references(
        pack,
        all_pages_read && !unreadable_file,
        &mut pack_problems,
        &mut loaded.errors,
    );
    loaded
        .errors
        .extend(attach(&source, pack_problems.into_errors()));
    Ok(loaded)
}

/// A page file read and parsed, or why it could not be read.
enum PageRead {
    Read {
        /// The path shown in messages.
        display: PathBuf,
        page: Box<Loaded<Page>>,
    },
    Failed(confine::ReadError),
}

/// Reads and parses one page file of a pack, confined to the pack folder.
fn read_page(sources: &Sources, file: &super::model::PageFile) -> PageRead {
    match sources.read(&file.path) {
        Ok(read) => {
            let display = read.source.path().to_path_buf();
            let page = memo::parsed(&read.real, &display, read.source.text(), || {
                page_from_source(&read.source)
            });
            PageRead::Read {
                display,
                page: Box::new(page),
            }
        }
        Err(e) => PageRead::Failed(e),
    }
}

/// Checks what pages and `pack.toml` say about each other: every page's book
/// and Location are declared, and (when `every_page_read`) the start page and
/// both ends of every join are pages of the pack. Public so an editor can ask
/// the same of a pack held in memory.
pub fn resolve_references(pack: &Pack, every_page_read: bool, errors: &mut Vec<FileError>) {
    let mut pack_problems = Problems::new();
    references(pack, every_page_read, &mut pack_problems, errors);
    errors.extend(attach(&pack.source, pack_problems.into_errors()));
}

/// [`resolve_references`], with the problems of `pack.toml` gathered in
/// `pack_problems` (capped like any file's) and those of pages in `errors`.
fn references(
    pack: &Pack,
    every_page_read: bool,
    pack_problems: &mut Problems,
    errors: &mut Vec<FileError>,
) {
    let in_pack = |span, message: String| {
        FormatError::new(FormatCode::DanglingReference, message, Some(span))
    };
    for page in pack.pages.values() {
        let on_page = |span, message: String| FileError {
            source: Arc::clone(&page.source),
            error: FormatError::new(FormatCode::DanglingReference, message, Some(span))
                .with_place(LocationPlace::Page(page.id)),
        };
        if !pack.books.contains_key(&page.id.book) {
            let mut e = on_page(
                page.book_span,
                format!("book {} is not declared in pack.toml", page.id.book),
            );
            e.error.help = Some(format!(
                "add `[[books]]` with `number = {}` to pack.toml",
                page.id.book
            ));
            errors.push(e);
        }
        if !pack.locations.contains_key(&page.location) {
            let mut e = on_page(
                page.location_span,
                format!("Location `{}` is not declared in pack.toml", page.location),
            );
            e.error.help = Some(
                suggest::closest(&page.location, pack.locations.keys().map(String::as_str))
                    .map(|b| format!("did you mean `{b}`?"))
                    .unwrap_or_else(|| {
                        format!(
                            "add `[[locations]]` with `designation = \"{}\"` to pack.toml",
                            page.location
                        )
                    }),
            );
            errors.push(e);
        }
    }
    if !every_page_read {
        return;
    }
    let known = |id: PageId| pack.pages.contains_key(&id);
    let names: Vec<String> = pack.pages.keys().map(PageId::to_string).collect();
    let help = |id: PageId| {
        suggest::closest(&id.to_string(), names.iter().map(String::as_str))
            .map(|b| format!("did you mean `{b}`?"))
            .unwrap_or_else(|| format!("pages in this pack: {}", names.join(", ")))
    };
    if !known(pack.start) {
        let mut e = in_pack(
            pack.start_span,
            format!("start page {} is not in this pack", pack.start),
        );
        e.help = Some(help(pack.start));
        pack_problems.push(e);
    }
    for join in &pack.joins {
        for (end, span) in [(join.from, join.from_span), (join.to, join.to_span)] {
            if !known(end.page) && pack_problems.is_full() {
                // Only counted: the "did you mean" compares every page.
                pack_problems.count_unlisted(1);
            } else if !known(end.page) {
                let mut e = in_pack(
                    span,
                    format!("join names page {}, which is not in this pack", end.page),
                );
                e.help = Some(help(end.page));
                pack_problems.push(e);
            }
        }
    }
}
