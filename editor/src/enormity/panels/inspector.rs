//! The inspector: the properties of what is selected, editable. With nothing
//! selected it shows the page (title, Location, notes, size, start page, the
//! scan traced over) and the pack's name; with a space, everything on it; an
//! edge, its wall, red line or door; an intersection, its spawn point, links
//! and starting Blip.
//!
//! Every change is recorded as an edit. Text is committed when the field
//! loses focus (one undo step per field, not per key); a dragged number is
//! one undo step per drag.

use std::collections::HashMap;

use deckplan_schema::enormity::model::{Console, Discovery, DiscoveryColour};
use deckplan_schema::enormity::{
    Background, Direction, Edge, EdgeKind, Intersection, Marker, Page, PageId, Space, SpaceKind,
};
use eframe::egui::{self, Button, ComboBox, DragValue, Id, RichText, Slider, TextEdit, Ui};

use crate::action::Action;
use crate::command::Commands;
use crate::enormity::action::PageAction;
use crate::enormity::background::{MAX_OFFSET, Placement};
use crate::enormity::command::Command;
use crate::enormity::document::Document;
use crate::enormity::edit::{Edit, StrokeId, Transaction};
use crate::enormity::ops;
use crate::enormity::selection::Selection;
use crate::enormity::tools::{direction_ui, terrain::keywords_ui};

/// What the inspector shows this frame.
pub struct InspectorContext<'a> {
    /// The document.
    pub doc: &'a Document,
    /// The page shown.
    pub page: Option<&'a Page>,
    /// The selection.
    pub selection: Selection,
    /// The page's scan: its size in pixels, or why it did not load.
    pub scan: Option<Result<[usize; 2], String>>,
}

/// The inspector's own state: text being typed, per field.
#[derive(Default)]
pub struct Inspector {
    buffers: HashMap<Id, String>,
}

/// A stroke id for a widget: its edits while dragged are one undo step.
fn widget_stroke(id: Id) -> StrokeId {
    StrokeId(id.value() | (1 << 63))
}

fn apply(out: &mut Commands, label: &str, edits: Vec<Edit>) {
    if !edits.is_empty() {
        out.push(Command::Apply(Transaction {
            label: label.to_string(),
            edits,
        }));
    }
}

fn stroke(out: &mut Commands, id: Id, label: &str, edit: Edit) {
    out.push(Command::Stroke(
        widget_stroke(id),
        Transaction {
            label: label.to_string(),
            edits: vec![edit],
        },
    ));
}

impl Inspector {
    /// Draws the inspector.
    pub fn ui(&mut self, ui: &mut Ui, cx: &InspectorContext<'_>, out: &mut Commands) {
        let Some(page) = cx.page else {
            ui.weak("No page.");
            return;
        };
        match cx.selection.filter_page(page.id) {
            Selection::None => self.page_ui(ui, cx, page, out),
            Selection::Space { space, .. } => self.space_ui(ui, cx, page, space, out),
            Selection::Edge { edge, .. } => edge_ui(ui, page, edge, out),
            Selection::Intersection { point, .. } => intersection_ui(ui, page, point, out),
            Selection::Area { area, .. } => area_ui(ui, page, area, out),
        }
    }

    /// A one-line text field committed on losing focus; returns the new text
    /// when it changed.
    fn text_field(
        &mut self,
        ui: &mut Ui,
        label: Id,
        salt: &str,
        current: &str,
        hint: &str,
        multiline: bool,
    ) -> Option<String> {
        let id = ui.make_persistent_id(salt);
        let focused = ui.memory(|m| m.has_focus(id));
        let buffer = self.buffers.entry(id).or_default();
        if !focused {
            current.clone_into(buffer);
        }
        let edit = if multiline {
            TextEdit::multiline(buffer).desired_rows(4)
        } else {
            TextEdit::singleline(buffer)
        };
        let response = ui
            .add(edit.id(id).hint_text(hint).desired_width(f32::INFINITY))
            .labelled_by(label);
        (response.lost_focus() && buffer.as_str() != current).then(|| buffer.clone())
    }

    fn page_ui(&mut self, ui: &mut Ui, cx: &InspectorContext<'_>, page: &Page, out: &mut Commands) {
        let id = page.id;
        ui.heading(format!("Page {id}"));
        ui.label(format!(
            "{} spaces · {}",
            page.size,
            page.source.path().display()
        ));
        ui.add_space(4.0);
        egui::Grid::new("page-properties")
            .num_columns(2)
            .spacing([8.0, 6.0])
            .show(ui, |ui| {
                let label = ui.label("Title").id;
                if let Some(title) = self.text_field(
                    ui,
                    label,
                    "page-title",
                    page.title.as_deref().unwrap_or(""),
                    "untitled",
                    false,
                ) {
                    let title = Some(title.trim().to_string()).filter(|t| !t.is_empty());
                    apply(out, "Set page title", vec![Edit::Title { page: id, title }]);
                }
                ui.end_row();
                let label = ui.label("Location").id;
                if let Some(designation) =
                    self.text_field(ui, label, "page-location", &page.location, "e.g. SR", false)
                {
                    let designation = designation.trim().to_ascii_uppercase();
                    let mut edits = vec![Edit::Location {
                        page: id,
                        designation: designation.clone(),
                    }];
                    if !cx.doc.pack.locations.contains_key(&designation) && !designation.is_empty()
                    {
                        edits.push(Edit::LocationName {
                            designation: designation.clone(),
                            location: Some(deckplan_schema::enormity::model::Location {
                                designation: designation.clone(),
                                name: designation,
                                span: deckplan_schema::Span::default(),
                            }),
                        });
                    }
                    apply(out, "Set Location", edits);
                }
                ui.end_row();
                if let Some(location) = cx.doc.pack.locations.get(&page.location) {
                    let label = ui.label("Location name").id;
                    if let Some(name) = self.text_field(
                        ui,
                        label,
                        "location-name",
                        &location.name,
                        "e.g. Solar Ring",
                        false,
                    ) {
                        let mut location = location.clone();
                        location.name = name.trim().to_string();
                        apply(
                            out,
                            "Rename Location",
                            vec![Edit::LocationName {
                                designation: location.designation.clone(),
                                location: Some(location),
                            }],
                        );
                    }
                    ui.end_row();
                }
                ui.label("Size");
                ui.horizontal(|ui| {
                    ui.label(format!(
                        "{} columns × {} rows",
                        page.size.columns, page.size.rows
                    ));
                    if ui.button("Resize…").clicked() {
                        out.push(Command::Run(PageAction::ResizePage.into()));
                    }
                });
                ui.end_row();
                ui.label("Start page");
                if cx.doc.pack.start == id {
                    ui.label("✔ runs begin here");
                } else if ui
                    .button("Make start page")
                    .on_hover_text(
                        "Runs begin on this page: its Spacer starts are the Insertion Point",
                    )
                    .clicked()
                {
                    apply(out, "Set start page", vec![Edit::Start { page: id }]);
                }
                ui.end_row();
            });
        let label = ui.label("Notes").id;
        if let Some(notes) = self.text_field(
            ui,
            label,
            "page-notes",
            page.notes.as_deref().unwrap_or(""),
            "notes for designers",
            true,
        ) {
            let notes = Some(notes.trim_end().to_string()).filter(|n| !n.trim().is_empty());
            apply(out, "Edit notes", vec![Edit::Notes { page: id, notes }]);
        }
        ui.separator();
        background_ui(ui, cx, page, out);
        if !cx.doc.is_lone_page() {
            ui.separator();
            ui.strong("Pack");
            ui.horizontal(|ui| {
                let label = ui.label("Name").id;
                if let Some(name) = self.text_field(
                    ui,
                    label,
                    "pack-name",
                    &cx.doc.pack.name,
                    "pack name",
                    false,
                ) {
                    apply(out, "Rename pack", vec![Edit::PackName { name }]);
                }
            });
        }
    }

    /// Everything on a space, one section per kind of feature, each with its
    /// own controls; the sections of what is not there are left out.
    fn space_ui(
        &mut self,
        ui: &mut Ui,
        cx: &InspectorContext<'_>,
        page: &Page,
        space: Space,
        out: &mut Commands,
    ) {
        ui.heading(page.place(space));
        space_kind_ui(ui, page, space, out);
        self.terrain_tile_ui(ui, page, space, out);
        forced_arrow_ui(ui, page, space, out);
        location_arrow_ui(ui, cx, page, space, out);
        let doors = ops::doors(page);
        consoles_ui(ui, page, space, &doors, out);
        keycard_ui(ui, page, space, &doors, out);
        discovery_ui(ui, page, space, out);
        markers_ui(ui, page, space, out);
        around_space_ui(ui, page, space, out);
    }

    /// The terrain tile the space is part of: its name, keywords and removal.
    fn terrain_tile_ui(&mut self, ui: &mut Ui, page: &Page, space: Space, out: &mut Commands) {
        let id = page.id;
        let features = &page.spaces;
        let Some(index) = ops::tile_at(page, space) else {
            return;
        };
        let Some(tile) = features.terrain.get(index) else {
            return;
        };
        section(ui, "Terrain tile");
        let label = ui.weak("Name").id;
        let salt = format!(
            "tile-name-{}",
            tile.spaces.first().copied().unwrap_or(space)
        );
        let name = tile.name.as_deref().unwrap_or("");
        let mut tiles = features.terrain.clone();
        if let Some(new_name) = self.text_field(ui, label, &salt, name, "name (optional)", false)
            && let Some(t) = tiles.get_mut(index)
        {
            t.name = Some(new_name.trim().to_string()).filter(|n| !n.is_empty());
            apply(
                out,
                "Rename tile",
                vec![Edit::Terrain {
                    page: id,
                    tiles: tiles.clone(),
                }],
            );
        }
        let mut keywords = tile.keywords.clone();
        if keywords_ui(ui, &mut keywords)
            && let Some(t) = tiles.get_mut(index)
        {
            t.keywords = keywords;
            apply(
                out,
                "Change tile keywords",
                vec![Edit::Terrain {
                    page: id,
                    tiles: tiles.clone(),
                }],
            );
        }
        ui.horizontal(|ui| {
            ui.weak(format!("{} spaces", tile.spaces.len()));
            if ui.button("Remove tile").clicked() {
                let mut tiles = features.terrain.clone();
                tiles.remove(index);
                apply(out, "Remove tile", vec![Edit::Terrain { page: id, tiles }]);
            }
        });
    }
}

/// What the space is: board, out of bounds or obstacle.
fn space_kind_ui(ui: &mut Ui, page: &Page, space: Space, out: &mut Commands) {
    let kind = page.kind(space).unwrap_or(SpaceKind::Board);
    ui.horizontal(|ui| {
        for (choice, label) in [
            (SpaceKind::Board, "Board"),
            (SpaceKind::OutOfBounds, "Out of bounds"),
            (SpaceKind::Obstacle, "Obstacle"),
        ] {
            if ui.selectable_label(kind == choice, label).clicked() && kind != choice {
                apply(
                    out,
                    "Change space",
                    vec![Edit::SpaceKind {
                        page: page.id,
                        space,
                        kind: choice,
                    }],
                );
            }
        }
    });
}

/// The forced arrow on the space, if any: its direction and removal.
fn forced_arrow_ui(ui: &mut Ui, page: &Page, space: Space, out: &mut Commands) {
    let Some(arrow) = page.spaces.forced_arrows.get(&space) else {
        return;
    };
    let id = page.id;
    section(ui, "Forced arrow");
    let mut direction = arrow.direction;
    direction_ui(ui, &mut direction);
    if direction != arrow.direction {
        apply(
            out,
            "Turn forced arrow",
            vec![Edit::ForcedArrow {
                page: id,
                space,
                direction: Some(direction),
            }],
        );
    }
    if ui.button("Remove forced arrow").clicked() {
        apply(
            out,
            "Remove forced arrow",
            vec![Edit::ForcedArrow {
                page: id,
                space,
                direction: None,
            }],
        );
    }
}

/// The Location arrow on the space, if any: its direction, the page it leads
/// to (any other page of the pack) and removal.
fn location_arrow_ui(
    ui: &mut Ui,
    cx: &InspectorContext<'_>,
    page: &Page,
    space: Space,
    out: &mut Commands,
) {
    let Some(arrow) = page.spaces.location_arrows.get(&space) else {
        return;
    };
    let id = page.id;
    section(ui, "Location arrow");
    let mut direction = arrow.direction;
    direction_ui(ui, &mut direction);
    let mut target = arrow.target;
    ui.horizontal(|ui| {
        let label = ui.label("Leads to").id;
        ComboBox::from_id_salt("inspector-arrow-target")
            .selected_text(target.to_string())
            .show_ui(ui, |ui| {
                for other in cx.doc.pack.pages.keys().filter(|p| **p != id) {
                    ui.selectable_value(&mut target, *other, other.to_string());
                }
            })
            .response
            .labelled_by(label);
    });
    if (direction, target) != (arrow.direction, arrow.target) {
        apply(
            out,
            "Change Location arrow",
            vec![Edit::LocationArrow {
                page: id,
                space,
                arrow: Some((direction, target)),
            }],
        );
    }
    if ui.button("Remove Location arrow").clicked() {
        apply(
            out,
            "Remove Location arrow",
            vec![Edit::LocationArrow {
                page: id,
                space,
                arrow: None,
            }],
        );
    }
}

/// The consoles on the space: number, the doors each opens and closes, and
/// removal. A number already taken on the page is refused with a status line.
fn consoles_ui(ui: &mut Ui, page: &Page, space: Space, doors: &[u16], out: &mut Commands) {
    let id = page.id;
    let consoles = &page.spaces.consoles;
    for (number, console) in consoles.iter().filter(|(_, c)| c.at == space) {
        section(ui, &format!("Console {number}"));
        let mut renumbered = *number;
        ui.horizontal(|ui| {
            let label = ui.label("Number").id;
            ui.add(DragValue::new(&mut renumbered).range(1..=999))
                .labelled_by(label);
        });
        if renumbered != *number {
            if consoles.contains_key(&renumbered) {
                out.push(Command::Status(format!(
                    "Console {renumbered} already exists on {id}"
                )));
            } else {
                apply(
                    out,
                    "Renumber console",
                    vec![
                        Edit::Console {
                            page: id,
                            number: *number,
                            console: None,
                        },
                        Edit::Console {
                            page: id,
                            number: renumbered,
                            console: Some(console.clone()),
                        },
                    ],
                );
            }
        }
        let mut changed = console.clone();
        door_checkboxes(
            ui,
            &format!("console-{number}-opens"),
            "Opens",
            doors,
            &mut changed.opens,
        );
        door_checkboxes(
            ui,
            &format!("console-{number}-closes"),
            "Closes",
            doors,
            &mut changed.closes,
        );
        if changed != *console {
            apply(
                out,
                "Change console doors",
                vec![console_edit(id, *number, changed)],
            );
        }
        if ui.button("Remove console").clicked() {
            apply(
                out,
                "Remove console",
                vec![Edit::Console {
                    page: id,
                    number: *number,
                    console: None,
                }],
            );
        }
    }
}

/// The keycard on the space, if any: the doors it opens and removal.
fn keycard_ui(ui: &mut Ui, page: &Page, space: Space, doors: &[u16], out: &mut Commands) {
    let Some(keycard) = page.spaces.keycards.get(&space) else {
        return;
    };
    let id = page.id;
    section(ui, "Keycard");
    let mut opens = keycard.opens.clone();
    door_checkboxes(ui, "keycard-opens", "Opens", doors, &mut opens);
    if opens != keycard.opens {
        apply(
            out,
            "Change keycard doors",
            vec![Edit::Keycard {
                page: id,
                space,
                opens: Some(opens),
            }],
        );
    }
    if ui.button("Remove keycard").clicked() {
        apply(
            out,
            "Remove keycard",
            vec![Edit::Keycard {
                page: id,
                space,
                opens: None,
            }],
        );
    }
}

/// The discovery on the space, if any: numbered (fixed) or coloured
/// (random), and removal.
fn discovery_ui(ui: &mut Ui, page: &Page, space: Space, out: &mut Commands) {
    let Some(marker) = page.spaces.discoveries.get(&space) else {
        return;
    };
    let id = page.id;
    section(ui, "Discovery");
    let mut discovery = marker.discovery;
    ui.horizontal(|ui| {
        let numbered = matches!(discovery, Discovery::Numbered(_));
        let radio = ui.radio(numbered, "Numbered");
        if radio.clicked() && !numbered {
            discovery = Discovery::Numbered(1);
        }
        if let Discovery::Numbered(n) = &mut discovery {
            ui.add(DragValue::new(n).range(1..=999))
                .labelled_by(radio.id);
        }
    });
    ui.horizontal(|ui| {
        let coloured = matches!(discovery, Discovery::Coloured(_));
        if ui.radio(coloured, "Random").clicked() && !coloured {
            discovery = Discovery::Coloured(DiscoveryColour::Blue);
        }
        if let Discovery::Coloured(colour) = &mut discovery {
            for c in DiscoveryColour::ALL {
                ui.selectable_value(colour, c, c.name());
            }
        }
    });
    if discovery != marker.discovery {
        apply(
            out,
            "Change discovery",
            vec![Edit::Discovery {
                page: id,
                space,
                discovery: Some(discovery),
            }],
        );
    }
    if ui.button("Remove discovery").clicked() {
        apply(
            out,
            "Remove discovery",
            vec![Edit::Discovery {
                page: id,
                space,
                discovery: None,
            }],
        );
    }
}

/// One checkbox per kind of marker, always shown, so a marker is placed here
/// as easily as it is removed.
fn markers_ui(ui: &mut Ui, page: &Page, space: Space, out: &mut Commands) {
    section(ui, "Markers");
    ui.horizontal_wrapped(|ui| {
        for marker in Marker::ALL {
            let present = page.spaces.marked(marker).any(|(s, _)| s == space);
            let mut on = present;
            if ui.checkbox(&mut on, marker.label()).changed() {
                let label = if on { "Place marker" } else { "Remove marker" };
                apply(
                    out,
                    label,
                    vec![Edit::Marker {
                        page: page.id,
                        marker,
                        space,
                        present: on,
                    }],
                );
            }
        }
    });
}

/// The walls, red lines and doors on the space's sides, and the button that
/// clears the space.
fn around_space_ui(ui: &mut Ui, page: &Page, space: Space, out: &mut Commands) {
    let edges: Vec<String> = Direction::ALL
        .iter()
        .filter_map(|side| {
            page.edge(space.side(*side))
                .map(|f| crate::enormity::describe::edge_feature(f.kind, space.side(*side)))
        })
        .collect();
    if !edges.is_empty() {
        section(ui, "Around it");
        for edge in edges {
            ui.label(edge);
        }
    }
    ui.add_space(6.0);
    if ui
        .add_enabled(
            !ops::clear_space(page, space).is_empty(),
            Button::new("Clear space"),
        )
        .on_hover_text("Remove every feature on this space (Delete)")
        .clicked()
    {
        out.push(Command::Run(Action::Delete));
    }
}

fn console_edit(page: PageId, number: u16, console: Console) -> Edit {
    Edit::Console {
        page,
        number,
        console: Some(console),
    }
}

/// A selected rectangle: its extent and what can be done with it.
fn area_ui(ui: &mut Ui, page: &Page, area: crate::enormity::region::Area, out: &mut Commands) {
    let size = area.size();
    ui.heading(format!("{} – {}", page.place(area.min), area.max));
    ui.label(format!(
        "{} × {} spaces, with the walls, doors and corners on their outline",
        size.columns, size.rows
    ));
    ui.add_space(4.0);
    ui.horizontal_wrapped(|ui| {
        for action in [Action::Copy, Action::Cut, Action::Delete] {
            if ui.button(action.label()).clicked() {
                out.push(Command::Run(action));
            }
        }
    });
    ui.horizontal_wrapped(|ui| {
        for action in [
            PageAction::RotatePage,
            PageAction::MirrorPageWestEast,
            PageAction::MirrorPageNorthSouth,
        ] {
            if ui.button(action.label()).clicked() {
                out.push(Command::Run(action.into()));
            }
        }
    });
    ui.weak("Drag inside the rectangle to move it; Ctrl+V pastes a copy at the selection or the pointer.");
}

fn section(ui: &mut Ui, title: &str) {
    ui.add_space(6.0);
    ui.label(RichText::new(title).strong());
}

/// One checkbox per door of the page; `chosen` stays sorted.
fn door_checkboxes(ui: &mut Ui, salt: &str, label: &str, doors: &[u16], chosen: &mut Vec<u16>) {
    ui.push_id(salt, |ui| {
        ui.horizontal_wrapped(|ui| {
            ui.label(label);
            if doors.is_empty() {
                ui.weak("no doors on this page");
            }
            for door in doors {
                let mut on = chosen.contains(door);
                if ui.checkbox(&mut on, format!("door {door}")).changed() {
                    chosen.retain(|d| d != door);
                    if on {
                        chosen.push(*door);
                        chosen.sort_unstable();
                    }
                }
            }
        });
    });
}

fn edge_ui(ui: &mut Ui, page: &Page, edge: Edge, out: &mut Commands) {
    let id = page.id;
    ui.heading(format!("{} {edge}", page.id));
    let now = page.edge(edge).map(|f| f.kind);
    let door = ops::next_door_number(page, &Default::default());
    ui.horizontal(|ui| {
        for (choice, label) in [
            (None, "Nothing"),
            (Some(EdgeKind::Wall), "Wall"),
            (Some(EdgeKind::RedLine), "Red line"),
            (Some(EdgeKind::Door(door)), "Door"),
        ] {
            let on = match (now, choice) {
                (Some(EdgeKind::Door(_)), Some(EdgeKind::Door(_))) => true,
                (a, b) => a == b,
            };
            if ui.selectable_label(on, label).clicked() && !on {
                apply(
                    out,
                    "Change edge",
                    vec![Edit::Edge {
                        page: id,
                        edge,
                        kind: choice,
                    }],
                );
            }
        }
    });
    if let Some(EdgeKind::Door(number)) = now {
        let mut renumbered = number;
        let response = ui
            .horizontal(|ui| {
                let label = ui.label("Door number").id;
                ui.add(DragValue::new(&mut renumbered).range(1..=999))
                    .labelled_by(label)
            })
            .inner;
        if renumbered != number {
            stroke(
                out,
                response.id,
                "Renumber door",
                Edit::Edge {
                    page: id,
                    edge,
                    kind: Some(EdgeKind::Door(renumbered)),
                },
            );
        }
        let openers: Vec<String> = page
            .spaces
            .consoles
            .iter()
            .filter(|(_, c)| c.opens.contains(&number) || c.closes.contains(&number))
            .map(|(n, c)| format!("console {n} at {}", c.at))
            .chain(
                page.spaces
                    .keycards
                    .iter()
                    .filter(|(_, k)| k.opens.contains(&number))
                    .map(|(at, _)| format!("keycard at {at}")),
            )
            .collect();
        if openers.is_empty() {
            ui.weak("No console or keycard operates this door.");
        } else {
            ui.label(format!("Operated by {}", openers.join(", ")));
        }
    }
    if ops::is_outline(page.size, edge) {
        ui.weak("On the page outline: it blocks crossing to a joined page.");
    }
}

fn intersection_ui(ui: &mut Ui, page: &Page, point: Intersection, out: &mut Commands) {
    let id = page.id;
    ui.heading(format!("{} {point}", page.id));
    let features = &page.intersections;
    let mut spawn = features.spawn_points.contains_key(&point);
    if ui.checkbox(&mut spawn, "Spawn point").changed() {
        if spawn {
            apply(
                out,
                "Place spawn point",
                vec![Edit::SpawnPoint {
                    page: id,
                    point,
                    present: true,
                }],
            );
        } else {
            let mut edits = ops::clear_intersection(page, point);
            edits.retain(|e| !matches!(e, Edit::Blip { .. }));
            apply(out, "Remove spawn point", edits);
        }
    }
    for link in features
        .spawn_links
        .iter()
        .filter(|l| l.a == point || l.b == point)
    {
        let other = if link.a == point { link.b } else { link.a };
        ui.horizontal(|ui| {
            ui.label(format!("linked to {other}"));
            if ui
                .small_button("✖")
                .on_hover_text("Remove this link")
                .clicked()
            {
                apply(
                    out,
                    "Remove spawn link",
                    vec![Edit::SpawnLink {
                        page: id,
                        a: link.a,
                        b: link.b,
                        present: false,
                    }],
                );
            }
        });
    }
    section(ui, "Starting Blip");
    let now = features.blips.get(&point).map(|b| b.direction);
    let mut on = now.is_some();
    if ui.checkbox(&mut on, "Blip starts here").changed() {
        let direction = on.then_some(now.unwrap_or(Direction::South));
        apply(
            out,
            "Change starting Blip",
            vec![Edit::Blip {
                page: id,
                point,
                direction,
            }],
        );
    }
    if let Some(direction) = now {
        let mut turned = direction;
        direction_ui(ui, &mut turned);
        if turned != direction {
            apply(
                out,
                "Turn starting Blip",
                vec![Edit::Blip {
                    page: id,
                    point,
                    direction: Some(turned),
                }],
            );
        }
    }
}

/// The scan under the page: load one, or set its scale, offset and opacity.
fn background_ui(ui: &mut Ui, cx: &InspectorContext<'_>, page: &Page, out: &mut Commands) {
    let id = page.id;
    ui.strong("Scan to trace");
    let Some(background) = &page.background else {
        ui.weak("Lay a PNG or JPEG scan of the printed page under the map to trace it.");
        if ui.button("Trace a scan…").clicked() {
            out.push(Command::Run(PageAction::LoadBackground.into()));
        }
        return;
    };
    ui.label(RichText::new(&background.image).monospace());
    match &cx.scan {
        Some(Ok([w, h])) => {
            ui.weak(format!("{w} × {h} pixels"));
        }
        Some(Err(error)) => {
            ui.colored_label(egui::Color32::from_rgb(240, 90, 80), error);
        }
        None => {}
    }
    let set = |out: &mut Commands, widget: Id, b: Background| {
        stroke(
            out,
            widget,
            "Adjust scan",
            Edit::Background {
                page: id,
                background: Some(b),
            },
        );
    };
    egui::Grid::new("background-grid")
        .num_columns(2)
        .spacing([8.0, 4.0])
        .show(ui, |ui| {
            let label = ui.label("Scale").id;
            let mut b = background.clone();
            let r = ui
                .add(
                    DragValue::new(&mut b.scale)
                        .range(Background::MIN_SCALE..=Background::MAX_SCALE)
                        .speed(0.25)
                        .max_decimals(2)
                        .suffix(" px/space"),
                )
                .labelled_by(label);
            if b.scale != background.scale {
                set(out, r.id, b);
            }
            ui.end_row();
            let label = ui.label("Offset").id;
            ui.horizontal(|ui| {
                let mut b = background.clone();
                let rx = ui
                    .add(
                        DragValue::new(&mut b.offset[0])
                            .range(-MAX_OFFSET..=MAX_OFFSET)
                            .speed(0.02)
                            .max_decimals(2)
                            .prefix("east "),
                    )
                    .labelled_by(label);
                if b.offset[0] != background.offset[0] {
                    set(out, rx.id, b);
                }
                let mut b = background.clone();
                let ry = ui
                    .add(
                        DragValue::new(&mut b.offset[1])
                            .range(-MAX_OFFSET..=MAX_OFFSET)
                            .speed(0.02)
                            .max_decimals(2)
                            .prefix("north "),
                    )
                    .labelled_by(label);
                if b.offset[1] != background.offset[1] {
                    set(out, ry.id, b);
                }
            });
            ui.end_row();
            let label = ui.label("Opacity").id;
            let mut b = background.clone();
            let r = ui
                .add(Slider::new(&mut b.opacity, 0.0..=1.0).max_decimals(2))
                .labelled_by(label);
            if b.opacity != background.opacity {
                set(out, r.id, b);
            }
            ui.end_row();
        });
    if let Some(Ok(size)) = &cx.scan {
        ui.horizontal(|ui| {
            let placed = Placement::of(background, *size);
            // Turned or mirrored about the scan's middle, which stays put;
            // refused, saying why, when that would put the scan's corner
            // further off than a page file accepts.
            let middle = [size[0] as f64 / 2.0, size[1] as f64 / 2.0];
            let about_middle = |out: &mut Commands, label: &str, changed: Placement| match changed
                .moved(middle, placed.page_point(middle))
                .checked()
            {
                Ok(changed) => apply(
                    out,
                    label,
                    vec![Edit::Background {
                        page: id,
                        background: Some(changed.apply(background)),
                    }],
                ),
                Err(problem) => out.push(Command::Status(format!("Not changed: {problem}"))),
            };
            let turned = ui
                .button("Turn ↻")
                .on_hover_text("Turn the scan a quarter turn clockwise about its middle");
            if turned.clicked() {
                let turn = Placement {
                    quarter_turns: (placed.quarter_turns + 1) % 4,
                    ..placed
                };
                about_middle(out, "Turn scan", turn);
            }
            let mirror = ui
                .button("Mirror")
                .on_hover_text("Flip the scan west–east about its middle");
            if mirror.clicked() {
                let flipped = Placement {
                    mirrored: !placed.mirrored,
                    ..placed
                };
                about_middle(out, "Mirror scan", flipped);
            }
            let mut said = format!("turned {}°", background.turn);
            if background.mirrored {
                said.push_str(", mirrored");
            }
            ui.weak(said);
        });
    }
    ui.horizontal(|ui| {
        if let Some(Ok(size @ [w, h])) = &cx.scan
            && ui
                .button("Fit width")
                .on_hover_text("Scale the scan so its width is the page's width")
                .clicked()
        {
            let placed = Placement::of(background, *size);
            // The scan's width as it lies on the page: its height when turned sideways.
            let across = if placed.quarter_turns % 2 == 1 {
                *h
            } else {
                *w
            };
            let scale = (across as f64 / f64::from(page.size.columns.max(1)))
                .clamp(Background::MIN_SCALE, Background::MAX_SCALE);
            let scaled = Placement { scale, ..placed };
            // Its south-west corner, wherever the turn took it, on the page's.
            let (w, h) = (*w as f64, *h as f64);
            let corners = [[0.0, 0.0], [w, 0.0], [w, h], [0.0, h]].map(|c| scaled.page_point(c));
            let west = corners.iter().map(|c| c[0]).fold(f64::INFINITY, f64::min);
            let south = corners.iter().map(|c| c[1]).fold(f64::INFINITY, f64::min);
            let fitted = Placement {
                offset: [scaled.offset[0] - west, scaled.offset[1] - south],
                ..scaled
            };
            match fitted.checked() {
                Ok(fitted) => apply(
                    out,
                    "Fit scan",
                    vec![Edit::Background {
                        page: id,
                        background: Some(fitted.apply(background)),
                    }],
                ),
                Err(problem) => out.push(Command::Status(format!("Not fitted: {problem}"))),
            }
        }
        if cx.scan.as_ref().is_some_and(Result::is_ok)
            && ui
                .button("Align…")
                .on_hover_text("Drag two printed grid corners of the scan onto their intersections")
                .clicked()
        {
            out.push(Command::AlignScan(id));
        }
        if ui.button("Replace…").clicked() {
            out.push(Command::Run(PageAction::LoadBackground.into()));
        }
        if ui.button("Remove").clicked() {
            apply(
                out,
                "Remove scan",
                vec![Edit::Background {
                    page: id,
                    background: None,
                }],
            );
        }
    });
}
