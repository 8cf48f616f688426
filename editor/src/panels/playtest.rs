//! The play-test panel and overlay: the controls for placing figures and
//! asking the rules engine (right side), and the answer drawn over the page
//! (reachable spaces with their step counts, the path to the hovered space,
//! Blip paths, line of sight). It edits only the [`PlayTest`] state, which is
//! not part of the document, so nothing here can be undone or saved.

use deckplan_schema::{Page, Space};
use deckplan_validator::board::PageSpace;
use deckplan_validator::rules::DoorState;
use deckplan_validator::rules::blip_move::Ending;
use deckplan_validator::rules::los::{Sight, SightBlocker};
use eframe::egui::{self, Align2, Color32, FontId, Painter, Slider, Stroke, Ui};

use crate::playtest::{Analysis, Piece, PlayTest};
use crate::view::Geometry;

const REACH_TINT: Color32 = Color32::from_rgba_premultiplied(24, 66, 120, 120);
const STEP_INK: Color32 = Color32::from_rgb(10, 30, 80);
const PATH_INK: Color32 = Color32::from_rgb(255, 200, 40);
const SPACER_INK: Color32 = Color32::from_rgb(40, 170, 90);
const INTRUDER_INK: Color32 = Color32::from_rgb(210, 50, 50);
const BLIP_INK: Color32 = Color32::from_rgb(230, 120, 20);
const SIGHT_TINT: Color32 = Color32::from_rgba_premultiplied(90, 80, 10, 90);
const BLOCKED_INK: Color32 = Color32::from_rgb(235, 60, 60);

/// Draws the panel's controls.
pub fn playtest_ui(ui: &mut Ui, play: &mut PlayTest, page: Option<&Page>) {
    ui.heading("Play test");
    ui.weak("Figures here are not part of the map: nothing is saved or undone.");
    ui.add_space(4.0);
    ui.label("Left click places:");
    ui.horizontal_wrapped(|ui| {
        for piece in Piece::ALL {
            ui.selectable_value(&mut play.piece, piece, piece.label());
        }
    });
    ui.weak("Right click removes a figure or Blip. Doors cycle closed, open, welded.");
    ui.separator();
    ui.label("Show:");
    ui.horizontal_wrapped(|ui| {
        for analysis in Analysis::ALL {
            ui.selectable_value(&mut play.analysis, analysis, analysis.label());
        }
    });
    let place = |at: Option<PageSpace>| match (at, page) {
        (Some(at), Some(page)) if at.page == page.id => page.place(at.space),
        (Some(at), _) => at.to_string(),
        (None, _) => "none (Pick one)".to_string(),
    };
    match play.analysis {
        Analysis::Reach => {
            ui.label(format!("Spacer: {}", place(play.spacer)));
            ui.add(Slider::new(&mut play.move_value, 1..=12).text("Move"));
        }
        Analysis::BlipStep => {
            ui.label(format!(
                "Blip: {}",
                play.blip
                    .map_or("none (place or Pick one)".into(), |b| b.to_string())
            ));
            ui.label(format!("Toward Spacer: {}", place(play.target)));
            ui.add(Slider::new(&mut play.die, 1..=6).text("Die"));
        }
        Analysis::Sight => {
            ui.label(format!("From: {}", place(play.sight_from)));
        }
    }
    if ui.button("Clear figures").clicked() {
        play.clear();
    }
    ui.separator();
    answer_ui(ui, play, page);
}

fn answer_ui(ui: &mut Ui, play: &PlayTest, page: Option<&Page>) {
    if play.is_building() {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label("Building the board after the edit…");
        });
        return;
    }
    let answer = play.answer();
    if let Some(error) = &answer.error {
        ui.colored_label(Color32::from_rgb(255, 130, 120), error);
        return;
    }
    match play.analysis {
        Analysis::Reach if play.spacer.is_some() => {
            ui.label(format!("{} spaces reachable", answer.reach.len()));
            // The move goes on across joins; the canvas shows one page.
            let elsewhere = elsewhere(answer.reach.keys(), page.map(|p| p.id));
            if !elsewhere.is_empty() {
                ui.label(format!("On other pages: {elsewhere}"));
            }
            ui.weak("Hover a tinted space for its path.");
        }
        Analysis::BlipStep if play.blip.is_some() && play.target.is_some() => {
            if answer.blip_moves.len() > 1 {
                ui.label(format!(
                    "{} options (the rules leave a choice):",
                    answer.blip_moves.len()
                ));
            }
            for (i, m) in answer.blip_moves.iter().enumerate() {
                let ending = match &m.ending {
                    Ending::Completed => "moved all its steps".to_string(),
                    Ending::Revealed {
                        spacers,
                        extraction,
                        before_step,
                    } => format!(
                        "REVEALED at {} next to {}{}",
                        m.end,
                        spacers
                            .iter()
                            .chain(extraction)
                            .map(ToString::to_string)
                            .collect::<Vec<_>>()
                            .join(", "),
                        if *before_step {
                            " (before stepping)"
                        } else {
                            ""
                        }
                    ),
                    Ending::WeldedDoor { .. } => "stopped by a welded door".to_string(),
                    Ending::CannotMove => "cannot move further".to_string(),
                };
                ui.label(format!(
                    "Option {}: {} steps, ends at {} — {ending}",
                    i + 1,
                    m.steps.len(),
                    m.end
                ));
                if let Some(pushed) = &m.pushed {
                    ui.weak(format!(
                        "  pushes the Blip at {} to {}",
                        pushed.from, pushed.end
                    ));
                }
            }
        }
        Analysis::Sight if play.sight_from.is_some() => {
            ui.label(format!("Sees {} spaces of this page", answer.seen.len()));
            sight_line_ui(ui, play);
        }
        _ => {}
    }
    let _ = page;
}

/// How many of `spaces` lie on each page other than `shown`, in page
/// order: `L1p2 (12 spaces), L2p1 (1 space)`.
fn elsewhere<'a>(
    spaces: impl Iterator<Item = &'a PageSpace>,
    shown: Option<deckplan_schema::PageId>,
) -> String {
    let mut counts: std::collections::BTreeMap<deckplan_schema::PageId, usize> =
        std::collections::BTreeMap::new();
    for at in spaces.filter(|at| Some(at.page) != shown) {
        *counts.entry(at.page).or_default() += 1;
    }
    counts
        .iter()
        .map(|(page, n)| match n {
            1 => format!("{page} (1 space)"),
            n => format!("{page} ({n} spaces)"),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The line to the hovered space in words, as `deckplan los` says it.
fn sight_line_ui(ui: &mut Ui, play: &PlayTest) {
    let (Some(from), Some((to, sight))) = (play.sight_from, &play.answer().sight_line) else {
        ui.weak("Hover a space for the line the rules judge.");
        return;
    };
    match (sight.visible, sight.line) {
        (true, Some(line)) => {
            ui.label(format!(
                "{from} sees {to}: from its {} corner to the target's {} corner.",
                line.from.name(),
                line.to.name()
            ));
        }
        (true, None) => {
            ui.label(format!("{from} is the space hovered."));
        }
        (false, line) => {
            ui.label(format!("{from} has no line of sight to {to}."));
            if let Some(line) = line {
                ui.label(format!(
                    "The best line, from its {} corner to the target's {} corner, is blocked by:",
                    line.from.name(),
                    line.to.name()
                ));
            }
            for blocker in &sight.blockers {
                ui.label(format!("  • {blocker}"));
            }
        }
    }
}

/// The path to the hovered space, described in the panel (terrain, triggers).
pub fn hover_ui(ui: &mut Ui, play: &PlayTest, page: Option<&Page>, hover: Option<Space>) {
    let (Some(page), Some(space)) = (page, hover) else {
        return;
    };
    if play.analysis != Analysis::Reach {
        return;
    }
    let at = PageSpace {
        page: page.id,
        space,
    };
    let Some(path) = play.answer().paths.get(&at) else {
        return;
    };
    ui.separator();
    ui.strong(format!(
        "Path to {} ({} steps)",
        page.place(space),
        path.spaces.len()
    ));
    ui.label(
        path.spaces
            .iter()
            .map(|s| {
                if s.page == page.id {
                    page.place(s.space)
                } else {
                    s.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join(", "),
    );
    for entry in &path.terrain {
        let name = page
            .spaces
            .terrain
            .get(entry.tile)
            .filter(|_| entry.at.page == page.id)
            .map(|t| {
                let keywords: Vec<String> = t.keywords.iter().map(|k| format!("{k:?}")).collect();
                format!(
                    "{} [{}]",
                    t.name.as_deref().unwrap_or("terrain"),
                    keywords.join(", ")
                )
            })
            .unwrap_or_else(|| format!("tile {}", entry.tile));
        ui.label(format!("Enters {name} at {}", entry.at));
    }
    for trigger in &path.triggers {
        ui.label(format!(
            "Leaving {} triggers the Intruder on {}",
            trigger.leaving, trigger.intruder
        ));
    }
    if let Some(revealed) = path.reveals {
        ui.label(format!("Ends on a Location arrow: reveals {revealed}"));
    }
}

/// A step count in a badge in the space's top-right corner: beside what is
/// printed on the space, never over it (a console's "C" and a "4" would read "C4").
fn step_badge(painter: &Painter, geo: &Geometry, rect: egui::Rect, steps: u32) {
    let size = (geo.cell * 0.3).clamp(7.0, 16.0);
    let galley = painter.layout_no_wrap(
        steps.to_string(),
        FontId::proportional(size),
        Color32::WHITE,
    );
    let pad = egui::vec2(size * 0.25, size * 0.05);
    let badge = egui::Rect::from_min_size(
        egui::pos2(
            rect.right() - galley.size().x - 2.0 * pad.x - 2.0,
            rect.top() + 2.0,
        ),
        galley.size() + 2.0 * pad,
    );
    painter.rect_filled(badge, size * 0.3, STEP_INK);
    painter.galley(badge.min + pad, galley, Color32::WHITE);
}

/// The line the rules judged to the hovered space: green when clear; red
/// when blocked, with each blocker on this page outlined.
fn draw_sight_line(painter: &Painter, geo: &Geometry, page: &Page, sight: &Sight) {
    let ink = if sight.visible {
        Color32::from_rgb(60, 220, 120)
    } else {
        BLOCKED_INK
    };
    if let Some(line) = sight.line
        && line.from_point.page == page.id
        && line.to_point.page == page.id
    {
        painter.line_segment(
            [
                geo.point(line.from_point.point),
                geo.point(line.to_point.point),
            ],
            Stroke::new((geo.cell * 0.05).max(2.0), ink),
        );
    }
    let outline = Stroke::new((geo.cell * 0.08).max(2.5), BLOCKED_INK);
    for blocker in &sight.blockers {
        match blocker {
            SightBlocker::Wall { page: on, edge }
            | SightBlocker::RedLine { page: on, edge }
            | SightBlocker::Door { page: on, edge, .. }
                if *on == page.id =>
            {
                painter.line_segment(geo.edge_ends(*edge), outline);
            }
            SightBlocker::Obstacle(at)
            | SightBlocker::OutOfBounds(at)
            | SightBlocker::Intruder(at)
                if at.page == page.id =>
            {
                painter.rect_stroke(
                    geo.space_rect(at.space).shrink(2.0),
                    2.0,
                    outline,
                    egui::StrokeKind::Inside,
                );
            }
            SightBlocker::Terrain {
                page: on, space, ..
            } if *on == page.id => {
                painter.rect_stroke(
                    geo.space_rect(*space).shrink(2.0),
                    2.0,
                    outline,
                    egui::StrokeKind::Inside,
                );
            }
            _ => {}
        }
    }
}

/// Draws the figures, doors and the answer over the page.
pub fn draw(painter: &Painter, geo: &Geometry, page: &Page, play: &PlayTest, hover: Option<Space>) {
    let answer = play.answer();
    let on_page = |s: &PageSpace| (s.page == page.id).then_some(s.space);
    let font = FontId::proportional((geo.cell * 0.4).clamp(8.0, 20.0));
    match play.analysis {
        Analysis::Reach => {
            for (to, steps) in &answer.reach {
                let Some(space) = on_page(to) else { continue };
                let rect = geo.space_rect(space);
                painter.rect_filled(rect.shrink(1.0), 2.0, REACH_TINT);
                step_badge(painter, geo, rect, *steps);
            }
            if let (Some(from), Some(hover)) = (play.spacer, hover) {
                let to = PageSpace {
                    page: page.id,
                    space: hover,
                };
                if let Some(path) = answer.paths.get(&to) {
                    let mut points = Vec::new();
                    if let Some(s) = on_page(&from) {
                        points.push(geo.space_rect(s).center());
                    }
                    points.extend(
                        path.spaces
                            .iter()
                            .filter_map(&on_page)
                            .map(|s| geo.space_rect(s).center()),
                    );
                    painter.add(egui::Shape::line(
                        points,
                        Stroke::new((geo.cell * 0.08).max(2.0), PATH_INK),
                    ));
                }
            }
        }
        Analysis::Sight => {
            for space in &answer.seen {
                painter.rect_filled(geo.space_rect(*space).shrink(1.0), 2.0, SIGHT_TINT);
            }
            if let Some((_, sight)) = &answer.sight_line {
                draw_sight_line(painter, geo, page, sight);
            }
            if let Some(from) = play.sight_from.as_ref().and_then(on_page) {
                painter.rect_stroke(
                    geo.space_rect(from).shrink(2.0),
                    2.0,
                    Stroke::new(3.0, PATH_INK),
                    egui::StrokeKind::Inside,
                );
            }
        }
        Analysis::BlipStep => {
            for m in &answer.blip_moves {
                let mut points = Vec::new();
                if m.from.page == page.id {
                    points.push(geo.point(m.from.point));
                }
                points.extend(
                    m.steps
                        .iter()
                        .filter(|s| s.to.page == page.id)
                        .map(|s| geo.point(s.to.point)),
                );
                painter.add(egui::Shape::line(
                    points,
                    Stroke::new((geo.cell * 0.1).max(2.0), PATH_INK),
                ));
                if m.end.page == page.id {
                    let ink = if m.revealed() { INTRUDER_INK } else { PATH_INK };
                    painter.circle_stroke(
                        geo.point(m.end.point),
                        geo.cell * 0.3,
                        Stroke::new(3.0, ink),
                    );
                }
            }
        }
    }

    // Doors not closed.
    for (edge, feature) in &page.edges {
        if let deckplan_schema::EdgeKind::Door(number) = feature.kind {
            let ink = match play.state.door(page.id, number) {
                DoorState::Closed => continue,
                DoorState::Open => Color32::from_rgb(120, 230, 120),
                DoorState::Welded => Color32::from_rgb(255, 90, 40),
            };
            let [a, b] = geo.edge_ends(*edge);
            painter.line_segment([a, b], Stroke::new((geo.cell * 0.15).max(3.0), ink));
        }
    }

    // Figures.
    let radius = geo.cell * 0.32;
    for at in play.state.spacers.keys() {
        let Some(space) = on_page(at) else { continue };
        let centre = geo.space_rect(space).center();
        painter.circle_filled(centre, radius, SPACER_INK);
        let selected = play.spacer == Some(*at) || play.target == Some(*at);
        let ring = if selected { PATH_INK } else { Color32::WHITE };
        painter.circle_stroke(centre, radius, Stroke::new(2.0, ring));
        painter.text(
            centre,
            Align2::CENTER_CENTER,
            "S",
            font.clone(),
            Color32::WHITE,
        );
    }
    for at in play.state.intruders.keys() {
        let Some(space) = on_page(at) else { continue };
        let centre = geo.space_rect(space).center();
        painter.circle_filled(centre, radius, INTRUDER_INK);
        painter.text(
            centre,
            Align2::CENTER_CENTER,
            "I",
            font.clone(),
            Color32::WHITE,
        );
    }
    for at in &play.state.blips {
        if at.page != page.id {
            continue;
        }
        let centre = geo.point(at.point);
        painter.circle_filled(centre, radius * 0.7, BLIP_INK);
        let ring = if play.blip == Some(*at) {
            PATH_INK
        } else {
            Color32::BLACK
        };
        painter.circle_stroke(centre, radius * 0.7, Stroke::new(2.0, ring));
    }
}
