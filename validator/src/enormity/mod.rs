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

use std::sync::Arc;

use deckplan_schema::enormity::limits;
use deckplan_schema::enormity::{Pack, Page, PageId, json_schema, load as pages, write};
use deckplan_schema::load::{self, Loaded};
use deckplan_schema::sources::{Read, Sources};
use deckplan_schema::{FileError, FormatError, Span};

use self::draw::{annotate, layout, page};
use self::lint::{check_lone_page, check_pack};
use crate::check::{CheckMeta, Checks, Retired};
use crate::diagnostic::Diagnostic;
use crate::draw::Scene;
use crate::ruleset::{
    DrawError, DrawOptions, DrawRequest, Drawing, FileSchema, Formatted, LintOutcome, Ruleset,
};
use crate::targets::TargetError;
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

    fn board(&self) -> crate::ruleset::Noun {
        crate::ruleset::Noun {
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

    fn retired(&self) -> &'static [Retired] {
        checks::RETIRED
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

    fn lint(&self, sources: &Sources) -> Result<LintOutcome, TargetError> {
        if !sources.target().is_pack() {
            return lint_lone_page(sources);
        }
        let loaded: Loaded<Pack> = pages::load_pack(sources)?;
        let mut outcome = LintOutcome {
            packs: 1,
            ..LintOutcome::default()
        };
        let clean = loaded.errors.is_empty();
        // A file that did not resolve still has its `[lint]` table checked.
        let unread = self::lint::unresolved_settings(&loaded.errors, loaded.value.as_ref());
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

    /// Files of a pack are read only inside its folder (see
    /// [`deckplan_schema::sources`]); a page that leads out is an error,
    /// never read. A file named on its own: a link there is followed, and
    /// stays a link.
    fn format(&self, sources: &Sources) -> Result<Vec<Formatted>, TargetError> {
        let top = sources.top_file()?;
        if !sources.target().is_pack() {
            return Ok(vec![formatted(&top, false)]);
        }
        let page_files: Vec<(String, Span)> = pages::pack_file_from_source(&top.source)
            .value
            .map(|p| p.page_files.into_iter().map(|f| (f.path, f.span)).collect())
            .unwrap_or_default();
        let mut results = vec![formatted(&top, true)];
        for (page, span) in page_files {
            match sources.read(&page) {
                Ok(read) => results.push(formatted(&read, false)),
                // Nothing to format, but the run fails with the reason: a
                // missing page, a link that leads out, a FIFO.
                Err(error) => {
                    let problem = FileError {
                        source: Arc::clone(&top.source),
                        error: FormatError::new(
                            load::read_code(&error),
                            error.to_string(),
                            Some(span),
                        )
                        .with_help(error.help()),
                    };
                    results.push(Formatted::unreadable(
                        sources.display(&page),
                        Diagnostic::from(problem),
                    ));
                }
            }
        }
        Ok(results)
    }

    fn draw_options(&self) -> DrawOptions {
        cli::draw::draw_options()
    }

    fn show(
        &self,
        sources: &Sources,
        request: &DrawRequest<'_>,
    ) -> Result<Drawing<String>, DrawError> {
        let options = request.options::<cli::draw::ShowOptions>()?;
        let (pages, problems) = load_pages(sources)?;
        let wanted = options
            .page
            .as_deref()
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
                sources.target().path().display(),
                known.join(", ")
            )));
        }
        Ok(Drawing {
            boards,
            problems,
            ..Drawing::default()
        })
    }

    fn render(
        &self,
        sources: &Sources,
        request: &DrawRequest<'_>,
    ) -> Result<Drawing<Scene>, DrawError> {
        let options = request.options::<cli::draw::RenderOptions>()?;
        let style = page::PageStyle {
            title: request.title,
            coordinates: request.coordinates,
            legend: request.legend,
        };
        let (loaded, problems) = load_target(sources)?;
        let Some(loaded) = loaded else {
            return Ok(Drawing {
                boards: Vec::new(),
                problems,
                one_picture: options.one_picture(),
            });
        };
        let boards = match loaded {
            Source::Page(page) => {
                if options.layout {
                    return Err(DrawError::Refused(format!(
                        "--layout lays out a pack; {} is a page file",
                        sources.target().path().display()
                    )));
                }
                vec![(page.id.to_string(), page::page_scene(&page, &style))]
            }
            Source::Pack(pack) if options.layout => {
                let layout_style = layout::LayoutStyle {
                    title: request.title,
                    page_labels: true,
                    coordinates: request.coordinates,
                    legend: request.legend,
                };
                vec![(pack.name.clone(), layout::pack_scene(&pack, &layout_style))]
            }
            Source::Pack(pack) => match options.page.as_deref() {
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
        Ok(Drawing {
            boards,
            problems,
            one_picture: options.one_picture(),
        })
    }

    fn annotate(
        &self,
        sources: &Sources,
        diagnostics: &[Diagnostic],
        each: &mut dyn FnMut(&str, &dyn Fn() -> Scene),
    ) -> Result<Vec<Diagnostic>, DrawError> {
        if !sources.target().is_pack() {
            return Ok(Vec::new());
        }
        let (loaded, problems) = load_target(sources)?;
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

    fn read_only(&self, sources: &Sources) -> Result<LintOutcome, TargetError> {
        let (boards, errors) = if sources.target().is_pack() {
            let loaded = pages::load_pack(sources)?;
            (
                loaded.value.map_or(0, |pack| pack.pages.len()),
                loaded.errors,
            )
        } else {
            let loaded = pages::load_page(sources)?;
            (usize::from(loaded.value.is_some()), loaded.errors)
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
fn formatted(read: &Read, is_pack: bool) -> Formatted {
    let (canonical, errors) = if is_pack {
        let loaded = pages::pack_file_from_source(&read.source);
        (loaded.value.map(|p| write::write_pack(&p)), loaded.errors)
    } else {
        let loaded = pages::page_from_source(&read.source);
        (loaded.value.map(|p| write::write_page(&p)), loaded.errors)
    };
    Formatted::of(
        read,
        canonical,
        errors.into_iter().map(Diagnostic::from).collect(),
    )
}

/// A page file on its own: every rule check looks at the pack (joins, the
/// start page, spawn points across pages), so it gets none of them.
fn lint_lone_page(sources: &Sources) -> Result<LintOutcome, TargetError> {
    let loaded: Loaded<Page> = pages::load_page(sources)?;
    let mut outcome = LintOutcome {
        boards: 1,
        format_only: 1,
        ..LintOutcome::default()
    };
    let unread = if loaded.value.is_none() {
        self::lint::unresolved_settings(&loaded.errors, None)
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
pub fn load_target(sources: &Sources) -> Result<(Option<Source>, Vec<Diagnostic>), TargetError> {
    let (source, errors): (Option<Source>, Vec<FileError>) = if sources.target().is_pack() {
        let loaded = pages::load_pack(sources)?;
        (loaded.value.map(Source::Pack), loaded.errors)
    } else {
        let loaded = pages::load_page(sources)?;
        (
            loaded.value.map(|p| Source::Page(Box::new(p))),
            loaded.errors,
        )
    };
    Ok((source, errors.into_iter().map(Diagnostic::from).collect()))
}

/// Every page a target holds that loaded, in page order.
fn load_pages(sources: &Sources) -> Result<(Vec<Page>, Vec<Diagnostic>), TargetError> {
    let (source, problems) = load_target(sources)?;
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
