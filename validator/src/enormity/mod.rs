//! Enormity's Location maps as a [`Ruleset`]: page files on square grids,
//! packs of pages joined edge to edge, the Spacer graph and Blip lattice, and
//! the checks and pictures built on them.

pub mod board;
pub mod checks;
pub mod cli;
pub mod draw;
pub mod generate;
pub mod lint;
pub mod lsp;
pub mod rules;
pub mod show;
pub mod tiled;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use deckplan_schema::enormity::{Pack, Page, PageId, json_schema, load as pages, write};
use deckplan_schema::load::{self, Loaded, PACK_FILE};
use deckplan_schema::{FileError, FormatError, LoadError, SourceFile, Span, confine, limits};

use self::draw::{annotate, layout, page};
use self::lint::{check_lone_page, check_pack};
use crate::check::{CheckMeta, Checks};
use crate::diagnostic::Diagnostic;
use crate::draw::Scene;
use crate::lint::LintOutcome;
use crate::reformat::{self, Formatted};
use crate::ruleset::{DrawError, DrawRequest, Drawing, FileSchema, Ruleset};
use crate::targets::{self, Target, TargetError};
use crate::verb::GameVerb;

/// The Enormity ruleset (`ruleset = "enormity"`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Enormity;

/// The Enormity checks read the board built once per pack: its pages, join
/// geometry, Spacer graph and Blip lattice.
impl Checks for Enormity {
    type Board<'a> = board::Board<'a>;
}

/// Pages wider or taller than this are refused by `show`: the drawing would
/// not fit a terminal.
pub const MAX_SHOW_SIDE: u16 = limits::MAX_SHOW_SIDE;

impl Ruleset for Enormity {
    fn name(&self) -> &'static str {
        "enormity"
    }

    fn game(&self) -> &'static str {
        "Enormity"
    }

    fn title(&self) -> &'static str {
        "Enormity Location maps"
    }

    fn board(&self) -> crate::lint::Noun {
        crate::lint::Noun {
            one: "page",
            many: "pages",
        }
    }

    fn families(&self) -> &'static [(char, &'static str)] {
        &[
            ('L', "Lint settings"),
            ('R', "Reachability"),
            ('A', "Alignment"),
            ('S', "Spawning"),
            ('E', "Extraction"),
            ('X', "Placement"),
        ]
    }

    fn checks(&self) -> Vec<CheckMeta> {
        checks::all_meta()
    }

    fn schemas(&self) -> Vec<FileSchema> {
        vec![
            FileSchema {
                kind: "page",
                schema: json_schema::page_schema(),
            },
            FileSchema {
                kind: "pack",
                schema: json_schema::pack_schema(),
            },
        ]
    }

    fn lint_pack(&self, dir: &Path) -> Result<LintOutcome, TargetError> {
        let loaded: Loaded<Pack> = pages::load_pack(dir)?;
        let mut outcome = LintOutcome {
            packs: 1,
            ..LintOutcome::default()
        };
        let clean = loaded.errors.is_empty();
        // A file that did not resolve still has its `[lint]` table checked.
        let unread =
            crate::enormity::lint::unresolved_settings(&loaded.errors, loaded.value.as_ref());
        outcome
            .diagnostics
            .extend(loaded.errors.into_iter().map(Diagnostic::from));
        outcome.diagnostics.extend(unread);
        if let Some(pack) = &loaded.value {
            outcome.boards = pack.page_files.len();
            outcome.diagnostics.extend(check_pack(pack, clean));
        }
        Ok(outcome)
    }

    fn lint_file(&self, path: &Path) -> Result<LintOutcome, TargetError> {
        let loaded: Loaded<Page> = pages::load_page(path)?;
        // Every rule check looks at the pack (joins, the start page, spawn
        // points across pages), so a page on its own gets none of them.
        let mut outcome = LintOutcome {
            boards: 1,
            format_only: 1,
            ..LintOutcome::default()
        };
        let unread = if loaded.value.is_none() {
            crate::enormity::lint::unresolved_settings(&loaded.errors, None)
        } else {
            Vec::new()
        };
        outcome
            .diagnostics
            .extend(loaded.errors.into_iter().map(Diagnostic::from));
        outcome.diagnostics.extend(unread);
        if let Some(page) = &loaded.value {
            outcome.diagnostics.extend(check_lone_page(page));
        }
        Ok(outcome)
    }

    /// Files of a pack are read only inside its folder (see
    /// [`deckplan_schema::confine`]); a page that leads out is an error, never read.
    fn format_pack(&self, dir: &Path) -> Result<Vec<Formatted>, TargetError> {
        let pack_path = dir.join(PACK_FILE);
        let display = targets::relative_to_cwd(&pack_path);
        let (root, source) = load::read_pack_source(dir, &pack_path, &display)?;
        let page_files: Vec<(String, Span)> = pages::pack_file_from_source(&source)
            .value
            .map(|p| p.page_files.into_iter().map(|f| (f.path, f.span)).collect())
            .unwrap_or_default();
        let mut results = vec![formatted(
            display,
            reformat::real_pack_file(&root, dir)?,
            &source,
            true,
        )];
        for (page, span) in page_files {
            let path = dir.join(&page);
            let display = targets::relative_to_cwd(&path);
            let read = root.resolve(&path, Path::new(&page)).and_then(|real| {
                confine::read_text(&real, &display, limits::MAX_FILE_BYTES).map(|text| (real, text))
            });
            match read {
                Ok((real, text)) => {
                    let page_source = SourceFile::new(&display, text);
                    results.push(formatted(display, real, &page_source, false));
                }
                // Nothing to format, but the run fails with the reason: a
                // missing page, a link that leads out, a FIFO.
                Err(error) => {
                    let problem = FileError {
                        source: Arc::clone(&source),
                        error: FormatError::new(
                            load::read_code(&error),
                            error.to_string(),
                            Some(span),
                        )
                        .with_help(error.help()),
                    };
                    results.push(Formatted::unreadable(display, Diagnostic::from(problem)));
                }
            }
        }
        Ok(results)
    }

    /// A file the user named on its own: a link there is followed, but only
    /// to a regular file.
    fn format_file(&self, path: &Path) -> Result<Formatted, TargetError> {
        let display = targets::relative_to_cwd(path);
        let source: Arc<SourceFile> = load::read_source(path, &display)?;
        let write_to = path.canonicalize().map_err(|reason| LoadError::Io {
            path: display.clone(),
            reason,
        })?;
        Ok(formatted(display, write_to, &source, false))
    }

    fn show(
        &self,
        target: &Target,
        request: &DrawRequest<'_>,
    ) -> Result<Drawing<String>, DrawError> {
        if request.hull {
            return Err(DrawError::Refused(
                "--hull marks the squares outside a ship's hull; Location maps have none".into(),
            ));
        }
        let (pages, problems) = load_pages(target)?;
        let wanted = request
            .only
            .map(PageId::parse)
            .transpose()
            .map_err(|e| DrawError::Refused(e.message))?;
        let style = show::Style {
            colour: request.colour,
        };
        let mut boards = Vec::new();
        for page in pages.iter().filter(|p| wanted.is_none_or(|w| w == p.id)) {
            if page.size.columns > MAX_SHOW_SIDE || page.size.rows > MAX_SHOW_SIDE {
                return Err(DrawError::Refused(format!(
                    "{} is {} spaces, too large to draw in a terminal (at most {MAX_SHOW_SIDE} a side)",
                    page.id, page.size
                )));
            }
            boards.push((page.id.to_string(), show::draw_page(page, style)));
        }
        if let (Some(id), true) = (wanted, boards.is_empty()) {
            let known: Vec<String> = pages.iter().map(|p| p.id.to_string()).collect();
            return Err(DrawError::Refused(format!(
                "{} has no page {id}; it has {}",
                target.path().display(),
                known.join(", ")
            )));
        }
        Ok(Drawing { boards, problems })
    }

    fn render(
        &self,
        target: &Target,
        request: &DrawRequest<'_>,
    ) -> Result<Drawing<Scene>, DrawError> {
        let style = page::PageStyle {
            title: request.title,
            coordinates: request.coordinates,
            legend: request.legend,
        };
        let (loaded, problems) = load_target(target)?;
        let Some(loaded) = loaded else {
            return Ok(Drawing {
                boards: Vec::new(),
                problems,
            });
        };
        let boards = match loaded {
            Source::Page(page) => {
                if request.layout {
                    return Err(DrawError::Refused(format!(
                        "--layout lays out a pack; {} is a page file",
                        target.path().display()
                    )));
                }
                vec![(page.id.to_string(), page::page_scene(&page, &style))]
            }
            Source::Pack(pack) if request.layout => {
                let layout_style = layout::LayoutStyle {
                    title: request.title,
                    page_labels: true,
                    coordinates: request.coordinates,
                    legend: request.legend,
                };
                vec![(pack.name.clone(), layout::pack_scene(&pack, &layout_style))]
            }
            Source::Pack(pack) => match request.only {
                Some(wanted) => {
                    let page = pack_page(pack, wanted)?;
                    vec![(page.id.to_string(), page::page_scene(&page, &style))]
                }
                None => pack
                    .pages
                    .iter()
                    .map(|(id, page)| (id.to_string(), page::page_scene(page, &style)))
                    .collect(),
            },
        };
        Ok(Drawing { boards, problems })
    }

    fn annotate(
        &self,
        target: &Target,
        diagnostics: &[Diagnostic],
        each: &mut dyn FnMut(&str, &dyn Fn() -> Scene),
    ) -> Result<Vec<Diagnostic>, DrawError> {
        let Target::Pack(_) = target else {
            return Ok(Vec::new());
        };
        let (loaded, problems) = load_target(target)?;
        let Some(Source::Pack(pack)) = loaded else {
            return Ok(problems);
        };
        for (id, annotations) in annotate::annotations_by_page(diagnostics) {
            if let Some(page) = pack.pages.get(&id) {
                each(&id.to_string(), &|| {
                    annotate::annotated_page_scene(page, &annotations)
                });
            }
        }
        Ok(problems)
    }

    fn read_only(&self, target: &Target) -> Result<LintOutcome, TargetError> {
        let (boards, errors) = match target {
            Target::Pack(dir) => {
                let loaded = pages::load_pack(dir)?;
                (
                    loaded.value.map_or(0, |pack| pack.pages.len()),
                    loaded.errors,
                )
            }
            Target::Page(path) => {
                let loaded = pages::load_page(path)?;
                (usize::from(loaded.value.is_some()), loaded.errors)
            }
        };
        Ok(LintOutcome {
            diagnostics: errors.into_iter().map(Diagnostic::from).collect(),
            boards,
            ..LintOutcome::default()
        })
    }

    fn verbs(&self) -> Vec<GameVerb> {
        cli::verbs()
    }

    fn language(&self) -> &'static dyn crate::lsp::LanguageSupport {
        &lsp::EnormityLanguage
    }
}

/// The canonical form of a file already read (`is_pack` picks the writer).
fn formatted(
    path: PathBuf,
    write_to: PathBuf,
    source: &Arc<SourceFile>,
    is_pack: bool,
) -> Formatted {
    let (canonical, errors) = if is_pack {
        let loaded = pages::pack_file_from_source(source);
        (loaded.value.map(|p| write::write_pack(&p)), loaded.errors)
    } else {
        let loaded = pages::page_from_source(source);
        (loaded.value.map(|p| write::write_page(&p)), loaded.errors)
    };
    let changed = canonical.as_deref().is_some_and(|c| c != source.text());
    Formatted {
        path,
        write_to,
        canonical,
        changed,
        errors: errors.into_iter().map(Diagnostic::from).collect(),
    }
}

/// A page file or a pack, as loaded.
#[derive(Debug)]
pub enum Source {
    /// A lone page file.
    Page(Box<Page>),
    /// A pack (pages with problems left out).
    Pack(Pack),
}

/// Loads what a target names; problems come back as diagnostics, and pages
/// with problems are left out of a pack.
pub fn load_target(target: &Target) -> Result<(Option<Source>, Vec<Diagnostic>), TargetError> {
    let path = targets::relative_to_cwd(target.path());
    let (source, errors): (Option<Source>, Vec<FileError>) = match target {
        Target::Pack(_) => {
            let loaded = pages::load_pack(&path)?;
            (loaded.value.map(Source::Pack), loaded.errors)
        }
        Target::Page(_) => {
            let loaded = pages::load_page(&path)?;
            (
                loaded.value.map(|p| Source::Page(Box::new(p))),
                loaded.errors,
            )
        }
    };
    Ok((source, errors.into_iter().map(Diagnostic::from).collect()))
}

/// Every page a target holds that loaded, in page order.
fn load_pages(target: &Target) -> Result<(Vec<Page>, Vec<Diagnostic>), TargetError> {
    let (source, problems) = load_target(target)?;
    let pages = match source {
        Some(Source::Pack(pack)) => pack.pages.into_values().collect(),
        Some(Source::Page(page)) => vec![*page],
        None => Vec::new(),
    };
    Ok((pages, problems))
}

/// The page `wanted` of a pack, or an error naming the pages it has.
pub fn pack_page(pack: Pack, wanted: &str) -> Result<Page, DrawError> {
    let id = PageId::parse(wanted).map_err(|e| DrawError::Refused(e.message))?;
    let known: Vec<String> = pack.pages.keys().map(ToString::to_string).collect();
    let mut pages = pack.pages;
    pages.remove(&id).ok_or_else(|| {
        DrawError::Refused(format!(
            "the pack has no page {id} that loaded; it has {}",
            known.join(", ")
        ))
    })
}
