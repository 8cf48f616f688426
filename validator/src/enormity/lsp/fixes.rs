//! The one-click fixes of the map editor, as text edits: a console or
//! keycard made to open a door no one opens (R002), a forced arrow or a
//! Location arrow turned (R004, A004), the Location arrows a join lacks
//! (A006), a door numbered twice renumbered or removed (F006).
//!
//! A fix is made on the pack as loaded — from the editor's unsaved text —
//! and written back by the canonical writer, so the edit is the lines the
//! fix changes when the file is in canonical form (as `deckplan fmt --check`
//! keeps it); otherwise the fix formats the file too, and says so. A fix of
//! a rule check is offered only when the checks, run again on the fixed
//! pack, no longer report the finding and report nothing new (as the editor
//! does), and at most [`MAX_CANDIDATES`] are tried, each a check of the pack.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use deckplan_schema::enormity::{
    Direction, LocationArrow, LocationPlace, Pack, Page, PageId, Space, write,
};
use deckplan_schema::sources::Target;
use deckplan_schema::{Place, Span};

use super::pack_of;
use crate::diagnostic::Diagnostic;
use crate::enormity::board::layout::{PackLayout, edge_spaces, facing};
use crate::enormity::lint::check_pack;
use crate::lsp::actions::rewrite;
use crate::lsp::outline::{Scalar, Step, keys};
use crate::lsp::support::{File, FileEdit, TextFix};

/// Most candidates a finding is tried with: each is a full check of the pack.
pub const MAX_CANDIDATES: usize = 8;

/// A change to some pages of a pack, and what it does.
struct Candidate {
    title: String,
    change: Box<dyn Fn(&mut Pack)>,
}

impl Candidate {
    fn new(title: String, change: impl Fn(&mut Pack) + 'static) -> Self {
        Self {
            title,
            change: Box::new(change),
        }
    }
}

/// The fixes of a finding in `file`.
pub fn fixes(file: &File<'_>, diagnostic: &Diagnostic) -> Vec<TextFix> {
    let place = diagnostic
        .place
        .as_ref()
        .and_then(Place::get::<LocationPlace>)
        .copied();
    if diagnostic.code == "F006" {
        return duplicate_door(file, diagnostic);
    }
    let (Some(place), Some(dir)) = (place, file.pack) else {
        return Vec::new();
    };
    let Some(pack) = pack_of(&file.sources(Target::Pack(dir.to_path_buf()))) else {
        return Vec::new();
    };
    let candidates = match (diagnostic.code, place) {
        ("R002", LocationPlace::Door { page, number, .. }) => {
            opener_candidates(&pack, page, number)
        }
        ("R004", LocationPlace::Space { page, space }) => arrow_turns(&pack, page, space, false),
        ("A004", LocationPlace::Space { page, space }) => arrow_turns(&pack, page, space, true),
        ("A006", LocationPlace::Join { from, to }) => arrows_across(&pack, from.page, to.page),
        _ => return Vec::new(),
    };
    verified(&pack, diagnostic, candidates)
        .into_iter()
        .filter_map(|(title, fixed)| as_text(&pack, &fixed, title))
        .collect()
}

/// Each console and keycard on the page that does not open door `number`,
/// made to open it.
fn opener_candidates(pack: &Pack, page: PageId, number: u16) -> Vec<Candidate> {
    let Some(on) = pack.pages.get(&page) else {
        return Vec::new();
    };
    let consoles = on
        .spaces
        .consoles
        .iter()
        .filter(|(_, c)| !c.opens.contains(&number))
        .map(|(n, console)| {
            let n = *n;
            Candidate::new(
                format!("Console {n} ({}) opens door {number}", on.place(console.at)),
                move |pack: &mut Pack| {
                    if let Some(console) = pack
                        .pages
                        .get_mut(&page)
                        .and_then(|p| p.spaces.consoles.get_mut(&n))
                    {
                        console.opens.push(number);
                        console.opens.sort_unstable();
                    }
                },
            )
        });
    let keycards = on
        .spaces
        .keycards
        .iter()
        .filter(|(_, k)| !k.opens.contains(&number))
        .map(|(space, _)| {
            let space = *space;
            Candidate::new(
                format!("The keycard on {} opens door {number}", on.place(space)),
                move |pack: &mut Pack| {
                    if let Some(keycard) = pack
                        .pages
                        .get_mut(&page)
                        .and_then(|p| p.spaces.keycards.get_mut(&space))
                    {
                        keycard.opens.push(number);
                        keycard.opens.sort_unstable();
                    }
                },
            )
        });
    consoles.chain(keycards).collect()
}

/// The arrow on `space` (a Location arrow when `location`, else a forced
/// arrow) turned to each other direction.
fn arrow_turns(pack: &Pack, page: PageId, space: Space, location: bool) -> Vec<Candidate> {
    let Some(on) = pack.pages.get(&page) else {
        return Vec::new();
    };
    let current = if location {
        on.spaces.location_arrows.get(&space).map(|a| a.direction)
    } else {
        on.spaces.forced_arrows.get(&space).map(|a| a.direction)
    };
    let Some(current) = current else {
        return Vec::new();
    };
    let noun = if location { "Location arrow" } else { "arrow" };
    Direction::ALL
        .into_iter()
        .filter(|d| *d != current)
        .map(|direction| {
            Candidate::new(
                format!(
                    "Turn the {noun} on {} to point {direction}",
                    on.place(space)
                ),
                move |pack: &mut Pack| {
                    let Some(page) = pack.pages.get_mut(&page) else {
                        return;
                    };
                    if location {
                        if let Some(arrow) = page.spaces.location_arrows.get_mut(&space) {
                            arrow.direction = direction;
                        }
                    } else if let Some(arrow) = page.spaces.forced_arrows.get_mut(&space) {
                        arrow.direction = direction;
                    }
                },
            )
        })
        .collect()
}

/// The Location arrows a join between two pages needs, on every board space
/// along each joined edge that faces a board space of the other page,
/// pointing across the join and naming the page on the other side.
fn arrows_across(pack: &Pack, from: PageId, to: PageId) -> Vec<Candidate> {
    let layout = PackLayout::new(pack);
    let Some((index, join)) = pack
        .joins
        .iter()
        .enumerate()
        .find(|(_, j)| j.from.page == from && j.to.page == to)
    else {
        return Vec::new();
    };
    if from == to || layout.problems.iter().any(|(i, _)| *i == index) {
        return Vec::new();
    }
    let (Some(a), Some(b)) = (pack.pages.get(&from), pack.pages.get(&to)) else {
        return Vec::new();
    };
    let (Some(at_a), Some(at_b)) = (layout.placements.get(&from), layout.placements.get(&to))
    else {
        return Vec::new();
    };
    let (on_a, on_b) = facing(
        &edge_spaces(a, join.from.side, *at_a),
        &edge_spaces(b, join.to.side, *at_b),
    );
    let free = |page: &Page, spaces: BTreeSet<Space>| -> Vec<Space> {
        spaces
            .into_iter()
            .filter(|s| !page.spaces.location_arrows.contains_key(s))
            .collect()
    };
    let placed: Vec<(PageId, Direction, PageId, Vec<Space>)> = vec![
        (from, join.from.side, to, free(a, on_a)),
        (to, join.to.side, from, free(b, on_b)),
    ];
    let count: usize = placed.iter().map(|(.., s)| s.len()).sum();
    if count == 0 {
        return Vec::new();
    }
    let named: Vec<String> = placed
        .iter()
        .filter(|(.., s)| !s.is_empty())
        .map(|(page, _, _, spaces)| {
            let spaces: Vec<String> = spaces.iter().map(Space::to_string).collect();
            format!("{page} {}", spaces.join(", "))
        })
        .collect();
    let noun = if count == 1 { "arrow" } else { "arrows" };
    vec![Candidate::new(
        format!(
            "Place Location {noun} across the join on {}",
            named.join(" and ")
        ),
        move |pack: &mut Pack| {
            for (page, side, target, spaces) in &placed {
                if let Some(page) = pack.pages.get_mut(page) {
                    for space in spaces {
                        page.spaces.location_arrows.insert(
                            *space,
                            LocationArrow {
                                direction: *side,
                                target: *target,
                                span: Span::default(),
                                target_span: Span::default(),
                            },
                        );
                    }
                }
            }
        },
    )]
}

/// The candidates after which the checks no longer report `finding` and
/// report nothing they did not report before, each with its fixed pack.
fn verified(pack: &Pack, finding: &Diagnostic, candidates: Vec<Candidate>) -> Vec<(String, Pack)> {
    if candidates.is_empty() {
        return Vec::new();
    }
    let before = check_pack(pack, true);
    let known: BTreeSet<(&str, String)> =
        before.iter().map(|d| (d.code, d.message.clone())).collect();
    candidates
        .into_iter()
        .take(MAX_CANDIDATES)
        .filter_map(|candidate| {
            let mut fixed = pack.clone();
            (candidate.change)(&mut fixed);
            let after = check_pack(&fixed, true);
            let still = after
                .iter()
                .any(|d| d.code == finding.code && d.place == finding.place);
            let new = after
                .iter()
                .any(|d| !known.contains(&(d.code, d.message.clone())));
            (!still && !new).then_some((candidate.title, fixed))
        })
        .collect()
}

/// A fixed pack as edits of the page files it changed, each written by the
/// canonical writer and compared with the file as the editor holds it.
fn as_text(before: &Pack, after: &Pack, title: String) -> Option<TextFix> {
    let mut edits = Vec::new();
    let mut formats = false;
    let changed: BTreeMap<PageId, (&Page, &Page)> = after
        .pages
        .iter()
        .filter_map(|(id, page)| {
            let old = before.pages.get(id)?;
            (write::write_page(old) != write::write_page(page)).then_some((*id, (old, page)))
        })
        .collect();
    for (old, new) in changed.values() {
        // The page as loaded is the text the editor holds.
        let path: PathBuf = old.source.path().to_path_buf();
        let text = old.source.text();
        formats |= write::write_page(old) != text;
        edits.extend(rewrite(&path, text, &write::write_page(new)));
    }
    if edits.is_empty() {
        return None;
    }
    Some(TextFix {
        title: if formats {
            format!("{title} (and format the file)")
        } else {
            title
        },
        edits,
        preferred: false,
    })
}

/// A door numbered twice (F006): the door at the finding renumbered with
/// the first number free on the page, or removed. Made on the text, since a
/// page with a format error does not load.
fn duplicate_door(file: &File<'_>, diagnostic: &Diagnostic) -> Vec<TextFix> {
    let Some(span) = diagnostic.span else {
        return Vec::new();
    };
    let doors = keys(["edges", "doors"]);
    let number_of = |index: usize| {
        let mut path = doors.clone();
        path.extend([Step::Index(index), Step::Key("number".into())]);
        file.outline.get(&path)
    };
    let Some((index, item)) = file
        .outline
        .items(&doors)
        .find(|(_, e)| e.span.start <= span.start && span.end <= e.span.end)
    else {
        return Vec::new();
    };
    let Some(number) = number_of(index) else {
        return Vec::new();
    };
    let Some(Scalar::Int(n)) = number.scalar() else {
        return Vec::new();
    };
    let used: BTreeSet<i64> = file
        .outline
        .items(&doors)
        .filter_map(|(i, _)| number_of(i)?.scalar()?.as_int())
        .collect();
    let Some(free) = (1..=999).find(|n| !used.contains(n)) else {
        return Vec::new();
    };
    let path = file.path.to_path_buf();
    let renumber = TextFix {
        title: format!("Renumber this door {n} as door {free}"),
        edits: vec![FileEdit {
            path: path.clone(),
            span: number.span,
            text: free.to_string(),
        }],
        preferred: false,
    };
    // The item with its comma, and its line when it has one of its own.
    let text = file.text;
    let (mut start, mut end) = (item.span.start as usize, item.span.end as usize);
    if text.get(end..).is_some_and(|rest| rest.starts_with(',')) {
        end += 1;
    }
    let line_start = text
        .get(..start)
        .and_then(|s| s.rfind('\n'))
        .map_or(0, |i| i + 1);
    let line_end = text
        .get(end..)
        .and_then(|s| s.find('\n'))
        .map(|i| end + i + 1);
    let alone = text
        .get(line_start..start)
        .is_some_and(|s| s.trim().is_empty())
        && line_end.is_some_and(|e| text.get(end..e).is_some_and(|s| s.trim().is_empty()));
    if let (true, Some(line_end)) = (alone, line_end) {
        start = line_start;
        end = line_end;
    }
    let remove = TextFix {
        title: format!("Remove this second door {n}"),
        edits: vec![FileEdit {
            path,
            span: Span::from_range(start..end),
            text: String::new(),
        }],
        preferred: false,
    };
    vec![renumber, remove]
}
