//! The play-test panel and overlay: the controls for placing figures and
//! asking the rules engine (right side), and the answer drawn over the page
//! (reachable spaces with their step counts, the path to the hovered space,
//! Blip paths, a Noise roll's moves, a reveal's placements, line of sight).
//! It edits only the [`PlayTest`] state, which is not part of the document,
//! so nothing here can be undone or saved. The answer is worded as the
//! matching `deckplan` command prints it, so the two can be compared.

use std::collections::BTreeSet;

use deckplan_schema::enormity::{Corner, Intersection, Page, Space};
use deckplan_validator::enormity::board::{PageIntersection, PageSpace};
use deckplan_validator::enormity::rules::DoorState;
use deckplan_validator::enormity::rules::blip_move::{BlipMove, NoiseOutcome};
use deckplan_validator::enormity::rules::los::{Sight, SightBlocker};
use deckplan_validator::enormity::rules::reveal::{Phase, RevealStep, Token};
use eframe::egui::{self, Align2, Color32, FontId, Painter, Slider, Stroke, Ui};

use crate::enormity::playtest::{Analysis, NoiseAnswer, Piece, PlayTest, RevealAnswer};
use crate::enormity::view::Geometry;

const REACH_TINT: Color32 = Color32::from_rgba_premultiplied(24, 66, 120, 120);
const STEP_INK: Color32 = Color32::from_rgb(10, 30, 80);
const PATH_INK: Color32 = Color32::from_rgb(255, 200, 40);
const SPACER_INK: Color32 = Color32::from_rgb(40, 170, 90);
const INTRUDER_INK: Color32 = Color32::from_rgb(210, 50, 50);
const BLIP_INK: Color32 = Color32::from_rgb(230, 120, 20);
const SIGHT_TINT: Color32 = Color32::from_rgba_premultiplied(90, 80, 10, 90);
const BLOCKED_INK: Color32 = Color32::from_rgb(235, 60, 60);
/// Where a reveal places Intruders for certain.
pub const PLACED_TINT: Color32 = Color32::from_rgba_premultiplied(130, 20, 20, 150);
/// One ink per Blip of a Noise roll, in the order they move, so crossing
/// paths stay apart.
pub const NOISE_INKS: [Color32; 6] = [
    Color32::from_rgb(255, 200, 40),
    Color32::from_rgb(70, 200, 255),
    Color32::from_rgb(225, 110, 255),
    Color32::from_rgb(120, 235, 120),
    Color32::from_rgb(255, 140, 90),
    Color32::from_rgb(235, 235, 235),
];

/// The Noise ink of the `index`th Blip to move.
fn noise_ink(index: usize) -> Color32 {
    NOISE_INKS
        .get(index % NOISE_INKS.len())
        .copied()
        .unwrap_or(PATH_INK)
}

/// `1 move`, `2 moves`.
fn moves(n: u32) -> String {
    if n == 1 {
        "1 move".to_string()
    } else {
        format!("{n} moves")
    }
}

/// A token's name in the panel.
fn token_label(token: Token) -> &'static str {
    match token {
        Token::Echo => "Echo",
        Token::A => "Token A",
        Token::B => "Token B",
        Token::Unique => "Unique",
    }
}

/// A phase's name in the panel.
fn phase_label(phase: Phase) -> &'static str {
    match phase {
        Phase::Infiltration => "Infiltration",
        Phase::Eclipse => "Eclipse",
        Phase::Extraction => "Extraction",
    }
}

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
        Analysis::Noise => {
            ui.label(format!("Noise made by the Spacer: {}", place(play.target)));
            noise_dice_ui(ui, play);
        }
        Analysis::Reveal => {
            ui.label(format!(
                "Blip revealed: {}",
                play.blip
                    .map_or("none (place or Pick one)".into(), |b| b.to_string())
            ));
            ui.label(format!("By the Spacer: {}", place(play.target)));
            ui.horizontal_wrapped(|ui| {
                ui.label("Token:");
                for token in [Token::Echo, Token::A, Token::B, Token::Unique] {
                    ui.selectable_value(&mut play.token, token, token_label(token));
                }
            });
            ui.horizontal_wrapped(|ui| {
                ui.label("Phase:");
                for phase in [Phase::Infiltration, Phase::Eclipse, Phase::Extraction] {
                    ui.selectable_value(&mut play.phase, phase, phase_label(phase));
                }
            });
            ui.checkbox(&mut play.scout, "Revealed by a Scout action");
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

/// A slider per Blip for the Noise on its die; 0 is a quiet die (the Blip
/// stays put), as `deckplan noise --blip PLACE=0`.
fn noise_dice_ui(ui: &mut Ui, play: &mut PlayTest) {
    if play.state.blips.is_empty() {
        ui.weak("Place the Blips, then set the Noise on each one's die.");
        return;
    }
    ui.label("The Noise on each Blip's die (0 for a quiet die):");
    for (blip, mut die) in play.noise_dice() {
        let changed = ui
            .add(Slider::new(&mut die, 0..=6).text(blip.to_string()))
            .changed();
        if changed {
            play.dice.insert(blip, die);
        }
    }
}

fn answer_ui(ui: &mut Ui, play: &mut PlayTest, page: Option<&Page>) {
    if play.is_busy() {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(if play.is_building() {
                "Building the board after the edit…"
            } else {
                "Resolving the Noise roll…"
            });
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
        Analysis::BlipStep => {
            let (Some(blip), Some(toward)) = (play.blip, play.target) else {
                ui.weak("Place a Blip and a Spacer for it to move toward.");
                return;
            };
            ui.label(format!(
                "Blip on {blip}, {} toward the Spacer on {toward}:",
                moves(play.die)
            ));
            let count = answer.blip_moves.len();
            for (i, option) in answer.blip_moves.iter().enumerate() {
                if count > 1 {
                    ui.label(format!("option {} of {count} (the players choose):", i + 1));
                }
                for line in option.describe(2) {
                    ui.label(line);
                }
            }
        }
        Analysis::Noise => {
            let Some(noise) = &answer.noise else {
                ui.weak("Place Blips and the Spacer who made the Noise.");
                return;
            };
            match noise_answer_ui(ui, noise, play.shown_outcome().map(|(i, _)| i)) {
                Some(NoiseClick::Show(chosen)) => play.outcome = chosen,
                Some(NoiseClick::Play) => play.play_outcome(),
                None => {}
            }
        }
        Analysis::Reveal => {
            let Some(reveal) = &answer.reveal else {
                ui.weak("Place the Spacer who reveals the Blip, and the Blip.");
                return;
            };
            reveal_answer_ui(ui, reveal, play.scout);
        }
        Analysis::Sight if play.sight_from.is_some() => {
            ui.label(format!("Sees {} spaces of this page", answer.seen.len()));
            sight_line_ui(ui, play);
        }
        _ => {}
    }
    let _ = page;
}

/// What a click in the Noise answer asks for.
enum NoiseClick {
    /// Draw this end state.
    Show(usize),
    /// Move the Blips to the end state drawn.
    Play,
}

/// The Noise roll as `deckplan noise` prints it: the order, then each
/// distinct end state to pick from, then the picked one's moves.
fn noise_answer_ui(ui: &mut Ui, noise: &NoiseAnswer, shown: Option<usize>) -> Option<NoiseClick> {
    ui.label(format!(
        "Noise from the Spacer on {}; the Blips move nearest first:",
        noise.toward
    ));
    for (i, tier) in noise.order.iter().enumerate() {
        let names: Vec<String> = tier
            .iter()
            .map(|b| format!("{b} ({})", noise.dice.get(b).copied().unwrap_or(0)))
            .collect();
        let note = if tier.len() > 1 {
            " — equally near: the players choose their order"
        } else {
            ""
        };
        ui.label(format!("  {}. {}{note}", i + 1, names.join(", ")));
    }
    let outcomes = &noise.result.outcomes;
    let count = outcomes.len();
    let mut chosen = None;
    if count > 1 {
        ui.label(format!(
            "{count} end states (the players choose); click one to draw it:"
        ));
        for (i, outcome) in outcomes.iter().enumerate() {
            let text = format!("outcome {} of {count}: {}", i + 1, afterwards(outcome));
            if ui.selectable_label(shown == Some(i), text).clicked() {
                chosen = Some(NoiseClick::Show(i));
            }
        }
        ui.separator();
    }
    if let Some(outcome) = shown.and_then(|i| outcomes.get(i)) {
        if count > 1 {
            ui.strong(format!("outcome {} of {count}:", shown.unwrap_or(0) + 1));
        }
        for mv in &outcome.moves {
            ui.label(format!("  the Blip on {}:", mv.from));
            for line in mv.describe(4) {
                ui.label(line);
            }
        }
        ui.label(format!("  {}", afterwards(outcome)));
        let play = ui
            .button("Move the Blips to this end state")
            .on_hover_text(
                "Each Blip goes where it stopped; a revealed Blip stays on its corner, picked for Reveal.",
            );
        if play.clicked() {
            chosen = Some(NoiseClick::Play);
        }
    }
    if noise.result.truncated {
        ui.label(format!(
            "(more outcomes exist; the first {} are listed)",
            deckplan_validator::enormity::rules::blip_move::MAX_OPTIONS
        ));
    }
    ui.weak(
        "On the map: each Blip's path in its own colour and a ring where it stops (red: revealed); by each Blip, its place in the order and (its die).",
    );
    chosen
}

/// `afterwards: Blips on …; revealed: …`, as `deckplan noise` ends an outcome.
fn afterwards(outcome: &NoiseOutcome) -> String {
    let names = |places: Vec<String>| {
        if places.is_empty() {
            "none".to_string()
        } else {
            places.join(", ")
        }
    };
    format!(
        "afterwards: Blips on {}; revealed: {}",
        names(outcome.blips.iter().map(ToString::to_string).collect()),
        names(outcome.revealed.iter().map(ToString::to_string).collect())
    )
}

/// The reveal's steps as `deckplan reveal` prints them, and what the
/// canvas marks mean.
fn reveal_answer_ui(ui: &mut Ui, reveal: &RevealAnswer, scout: bool) {
    match reveal.blip {
        Some(blip) => ui.label(format!(
            "Revealing the Blip on {blip} for the Spacer on {}:",
            reveal.spacer
        )),
        None => ui.label(format!(
            "Revealing the Blip for the Spacer on {}:",
            reveal.spacer
        )),
    };
    for (i, step) in reveal.steps.iter().enumerate() {
        ui.label(format!("  {}. {step}", i + 1));
    }
    if let Some(blip) = reveal.blip
        && !reveal.next_to_spacer
        && !scout
    {
        ui.weak(format!(
            "The Blip on {blip} is not next to the Spacer: moving, a Blip is revealed only on a corner of a Spacer's space; from further off, only a Scout action reveals it."
        ));
    }
    if reveal.steps.iter().any(|s| {
        matches!(
            s,
            RevealStep::PlaceIntruders { .. } | RevealStep::SpawnBlip(_)
        )
    }) {
        ui.weak("On the map: filled, where the rules put them; outlined, the players choose among them. Each badge is the step's number.");
    }
}

/// How many of `spaces` lie on each page other than `shown`, in page
/// order: `L1p2 (12 spaces), L2p1 (1 space)`.
fn elsewhere<'a>(
    spaces: impl Iterator<Item = &'a PageSpace>,
    shown: Option<deckplan_schema::enormity::PageId>,
) -> String {
    let mut counts: std::collections::BTreeMap<deckplan_schema::enormity::PageId, usize> =
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

/// A step count in a badge in a corner of the space (the top-right one
/// unless a Blip stands there): beside what is printed on the space, never
/// over it (a console's "C" and a "4" would read "C4").
fn step_badge(painter: &Painter, geo: &Geometry, rect: egui::Rect, steps: u32, corner: Corner) {
    let size = (geo.cell * 0.3).clamp(7.0, 16.0);
    let galley = painter.layout_no_wrap(
        steps.to_string(),
        FontId::proportional(size),
        Color32::WHITE,
    );
    let pad = egui::vec2(size * 0.25, size * 0.05);
    let outer = galley.size() + 2.0 * pad;
    let left = match corner {
        Corner::NorthEast | Corner::SouthEast => rect.right() - outer.x - 2.0,
        Corner::NorthWest | Corner::SouthWest => rect.left() + 2.0,
    };
    let top = match corner {
        Corner::NorthEast | Corner::NorthWest => rect.top() + 2.0,
        Corner::SouthEast | Corner::SouthWest => rect.bottom() - outer.y - 2.0,
    };
    let badge = egui::Rect::from_min_size(egui::pos2(left, top), outer);
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
                step_badge(painter, geo, rect, *steps, Corner::NorthEast);
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
                draw_blip_move(painter, geo, page, m, PATH_INK);
            }
        }
        Analysis::Noise => {
            if let Some(noise) = &answer.noise {
                draw_noise(
                    painter,
                    geo,
                    page,
                    noise,
                    play.shown_outcome().map(|(_, o)| o),
                );
            }
        }
        Analysis::Reveal => {
            if let Some(reveal) = &answer.reveal {
                draw_reveal(painter, geo, page, reveal, &play.state.blips);
            }
        }
    }

    // Doors not closed.
    for (edge, feature) in &page.edges {
        if let deckplan_schema::enormity::EdgeKind::Door(number) = feature.kind {
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

/// A Blip's move: a line through each intersection it steps to (broken
/// where it leaves the page), a ring where it stops (red when it is
/// revealed there), and the Blip it pushed, the same way.
fn draw_blip_move(painter: &Painter, geo: &Geometry, page: &Page, m: &BlipMove, ink: Color32) {
    let stroke = Stroke::new((geo.cell * 0.1).max(2.0), ink);
    let mut run: Vec<egui::Pos2> = Vec::new();
    let corners = std::iter::once(m.from).chain(m.steps.iter().map(|s| s.to));
    for at in corners {
        if at.page == page.id {
            run.push(geo.point(at.point));
        } else if !run.is_empty() {
            painter.add(egui::Shape::line(std::mem::take(&mut run), stroke));
        }
    }
    if run.len() > 1 {
        painter.add(egui::Shape::line(run, stroke));
    }
    if m.end.page == page.id {
        let (ring, width) = if m.revealed() {
            (INTRUDER_INK, 4.0)
        } else {
            (ink, 3.0)
        };
        painter.circle_stroke(
            geo.point(m.end.point),
            geo.cell * 0.3,
            Stroke::new(width, ring),
        );
    }
    if let Some(pushed) = &m.pushed {
        draw_blip_move(painter, geo, page, pushed, ink);
    }
}

/// A Noise roll: the picked outcome's moves, one ink per Blip, and by each
/// Blip its place in the order and its die, `1 (2)` as `deckplan noise`
/// lists them.
fn draw_noise(
    painter: &Painter,
    geo: &Geometry,
    page: &Page,
    noise: &NoiseAnswer,
    outcome: Option<&NoiseOutcome>,
) {
    let moved: Vec<&BlipMove> = outcome
        .map(|o| o.moves.iter().collect())
        .unwrap_or_default();
    for (i, m) in moved.iter().enumerate() {
        draw_blip_move(painter, geo, page, m, noise_ink(i));
    }
    for (tier, blips) in noise.order.iter().enumerate() {
        for blip in blips.iter().filter(|b| b.page == page.id) {
            let die = noise.dice.get(blip).copied().unwrap_or(0);
            let first = moved.iter().position(|m| m.from == *blip);
            let ink = first.map_or(Color32::GRAY, noise_ink);
            let heading = first
                .and_then(|i| moved.get(i))
                .and_then(|m| m.steps.first())
                .map(|s| geo.point(s.to.point) - geo.point(blip.point));
            blip_badge(
                painter,
                geo,
                *blip,
                &format!("{} ({die})", tier + 1),
                ink,
                heading,
            );
        }
    }
}

/// The screen rectangle of a badge for the Blip on `at`: centred on the
/// grid line through it and just above the corner (below when its first
/// step goes up the screen), so it sits between the spaces' centres where
/// their letters are printed, and off the Blip's own path.
pub fn blip_badge_rect(
    geo: &Geometry,
    at: PageIntersection,
    size: egui::Vec2,
    heading: Option<egui::Vec2>,
) -> egui::Rect {
    let corner = geo.point(at.point);
    let gap = geo.cell * 0.22;
    let up = heading.is_none_or(|h| h.y >= 0.0);
    let top = if up {
        corner.y - gap - size.y
    } else {
        corner.y + gap
    };
    egui::Rect::from_min_size(egui::pos2(corner.x - size.x / 2.0, top), size)
}

/// A badge by a Blip. Left out when the page is zoomed too far out for it to
/// fit between two spaces' letters: the panel lists the same.
fn blip_badge(
    painter: &Painter,
    geo: &Geometry,
    at: PageIntersection,
    text: &str,
    ink: Color32,
    heading: Option<egui::Vec2>,
) {
    let size = (geo.cell * 0.2).min(14.0);
    let galley =
        painter.layout_no_wrap(text.to_string(), FontId::proportional(size), Color32::BLACK);
    let pad = egui::vec2(size * 0.25, size * 0.05);
    let outer = galley.size() + 2.0 * pad;
    if size < 7.0 || outer.x > geo.cell * 0.6 {
        return;
    }
    let badge = blip_badge_rect(geo, at, outer, heading);
    painter.rect_filled(badge, size * 0.3, ink);
    painter.galley(badge.min + pad, galley, Color32::BLACK);
}

/// A reveal: where Intruders go (filled where the rules put them, outlined
/// where the players choose among the spaces), where a new Blip spawns (a
/// filled Blip, or rings to choose among), and which Intruders overspawn
/// activates; each mark with its step's number.
fn draw_reveal(
    painter: &Painter,
    geo: &Geometry,
    page: &Page,
    reveal: &RevealAnswer,
    blips: &BTreeSet<PageIntersection>,
) {
    // Blips (and the new Blip's spawn points) sit on corners: a badge goes
    // in a corner none of them covers, the top-left last, where it would
    // read on with the west neighbour's top-right badge ("2" "1" as "21").
    let mut taken: BTreeSet<Intersection> = blips
        .iter()
        .filter(|b| b.page == page.id)
        .map(|b| b.point)
        .collect();
    for step in &reveal.steps {
        if let RevealStep::SpawnBlip(options) = step {
            taken.extend(
                options
                    .iter()
                    .filter(|o| o.at.page == page.id)
                    .map(|o| o.at.point),
            );
        }
    }
    let free_corner = |space: Space| {
        [
            Corner::NorthEast,
            Corner::SouthEast,
            Corner::SouthWest,
            Corner::NorthWest,
        ]
        .into_iter()
        .find(|c| !taken.contains(&space.corner(*c)))
        .unwrap_or(Corner::NorthEast)
    };
    let outline = Stroke::new((geo.cell * 0.08).max(2.5), INTRUDER_INK);
    for (i, step) in reveal.steps.iter().enumerate() {
        let number = u32::try_from(i + 1).unwrap_or(u32::MAX);
        match step {
            RevealStep::PlaceIntruders { count, spaces, .. } => {
                let chosen = usize::try_from(*count).is_ok_and(|c| c == spaces.len());
                for at in spaces.iter().filter(|s| s.page == page.id) {
                    let rect = geo.space_rect(at.space);
                    if chosen {
                        painter.rect_filled(rect.shrink(1.0), 2.0, PLACED_TINT);
                    } else {
                        painter.rect_stroke(
                            rect.shrink(3.0),
                            2.0,
                            outline,
                            egui::StrokeKind::Inside,
                        );
                    }
                    step_badge(painter, geo, rect, number, free_corner(at.space));
                }
            }
            RevealStep::SpawnBlip(options) => {
                let radius = geo.cell * 0.22;
                for option in options.iter().filter(|o| o.at.page == page.id) {
                    let centre = geo.point(option.at.point);
                    if options.len() == 1 {
                        painter.circle_filled(centre, radius, BLIP_INK);
                    } else {
                        painter.circle_stroke(centre, radius, Stroke::new(3.0, BLIP_INK));
                    }
                    blip_badge(painter, geo, option.at, &number.to_string(), BLIP_INK, None);
                }
            }
            RevealStep::Overspawn { farthest, .. } => {
                for at in farthest.iter().filter(|s| s.page == page.id) {
                    let rect = geo.space_rect(at.space);
                    painter.rect_stroke(
                        rect.shrink(2.0),
                        2.0,
                        Stroke::new(3.0, PATH_INK),
                        egui::StrokeKind::Inside,
                    );
                    step_badge(painter, geo, rect, number, free_corner(at.space));
                }
            }
            _ => {}
        }
    }
    if let Some(blip) = reveal.blip.filter(|b| b.page == page.id) {
        painter.circle_stroke(
            geo.point(blip.point),
            geo.cell * 0.3,
            Stroke::new(4.0, INTRUDER_INK),
        );
    }
}
