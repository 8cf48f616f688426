//! The marker tool: click a space to place or remove the chosen marker —
//! console, keycard, gear cache, engram, discovery, objective, dangerous
//! space, Intruder start, Spacer start or Extraction Point. Consoles and
//! keycards get their doors in the inspector, which opens on them.

use deckplan_schema::enormity::model::{Console, Discovery, DiscoveryColour};
use deckplan_schema::{Span, enormity::Marker};
use eframe::egui::{ComboBox, DragValue, Ui};

use super::{Phase, Pointer, Tool, ToolContext, apply};
use crate::command::Commands;
use crate::enormity::command::Command;
use crate::enormity::edit::Edit;
use crate::enormity::ops;
use crate::enormity::selection::Selection;

/// What the marker tool places.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placeable {
    /// A numbered console.
    Console,
    /// A keycard.
    Keycard,
    /// A discovery (numbered or coloured).
    Discovery,
    /// A marker without properties.
    Simple(Marker),
}

impl Placeable {
    /// Every choice, in menu order.
    pub const ALL: [Self; 10] = [
        Self::Console,
        Self::Keycard,
        Self::Simple(Marker::GearCache),
        Self::Simple(Marker::Engram),
        Self::Discovery,
        Self::Simple(Marker::Objective),
        Self::Simple(Marker::Dangerous),
        Self::Simple(Marker::IntruderStart),
        Self::Simple(Marker::SpacerStart),
        Self::Simple(Marker::ExtractionPoint),
    ];

    /// A human name.
    pub fn label(self) -> &'static str {
        match self {
            Self::Console => "console",
            Self::Keycard => "keycard",
            Self::Discovery => "discovery",
            Self::Simple(marker) => marker.label(),
        }
    }
}

/// The marker tool's state.
pub struct MarkerTool {
    /// What a click places.
    pub placing: Placeable,
    /// A placed discovery is numbered (else coloured).
    pub numbered: bool,
    /// The number of a numbered discovery.
    pub discovery_number: u16,
    /// The colour of a random discovery.
    pub colour: DiscoveryColour,
}

impl Default for MarkerTool {
    fn default() -> Self {
        Self {
            placing: Placeable::Simple(Marker::SpacerStart),
            numbered: false,
            discovery_number: 1,
            colour: DiscoveryColour::Blue,
        }
    }
}

impl Tool for MarkerTool {
    fn pointer(&mut self, cx: &ToolContext<'_>, pointer: &Pointer, out: &mut Commands) {
        if pointer.phase != Phase::Pressed {
            return;
        }
        let Some(space) = pointer.pos.and_then(|p| cx.geo.space_at(p)) else {
            return;
        };
        let page = cx.id();
        let features = &cx.page.spaces;
        let (label, edit) = match self.placing {
            Placeable::Console => match features.consoles.iter().find(|(_, c)| c.at == space) {
                Some((number, _)) => (
                    "Remove console",
                    Edit::Console {
                        page,
                        number: *number,
                        console: None,
                    },
                ),
                None => (
                    "Place console",
                    Edit::Console {
                        page,
                        number: ops::next_console_number(cx.page),
                        console: Some(Console {
                            at: space,
                            opens: Vec::new(),
                            closes: Vec::new(),
                            span: Span::default(),
                        }),
                    },
                ),
            },
            Placeable::Keycard => {
                let present = features.keycards.contains_key(&space);
                let opens = ops::doors(cx.page).into_iter().take(1).collect();
                (
                    if present {
                        "Remove keycard"
                    } else {
                        "Place keycard"
                    },
                    Edit::Keycard {
                        page,
                        space,
                        opens: (!present).then_some(opens),
                    },
                )
            }
            Placeable::Discovery => {
                let present = features.discoveries.contains_key(&space);
                let discovery = if self.numbered {
                    Discovery::Numbered(self.discovery_number)
                } else {
                    Discovery::Coloured(self.colour)
                };
                (
                    if present {
                        "Remove discovery"
                    } else {
                        "Place discovery"
                    },
                    Edit::Discovery {
                        page,
                        space,
                        discovery: (!present).then_some(discovery),
                    },
                )
            }
            Placeable::Simple(marker) => {
                let present = features.marked(marker).any(|(s, _)| s == space);
                (
                    if present {
                        "Remove marker"
                    } else {
                        "Place marker"
                    },
                    Edit::Marker {
                        page,
                        marker,
                        space,
                        present: !present,
                    },
                )
            }
        };
        let placed_something_to_set_up = matches!(
            (&edit, self.placing),
            (
                Edit::Console {
                    console: Some(_),
                    ..
                },
                _
            ) | (Edit::Keycard { opens: Some(_), .. }, _)
        );
        apply(out, label, vec![edit]);
        if placed_something_to_set_up {
            out.push(Command::Select(Selection::Space { page, space }));
        }
    }

    fn options_ui(&mut self, ui: &mut Ui, _cx: &ToolContext<'_>, _out: &mut Commands) {
        let label = ui.label("Place").id;
        ComboBox::from_id_salt("marker-kind")
            .selected_text(self.placing.label())
            .show_ui(ui, |ui| {
                for choice in Placeable::ALL {
                    ui.selectable_value(&mut self.placing, choice, choice.label());
                }
            })
            .response
            .labelled_by(label);
        if self.placing == Placeable::Discovery {
            ui.horizontal(|ui| {
                let radio = ui.radio_value(&mut self.numbered, true, "Numbered");
                ui.add_enabled(
                    self.numbered,
                    DragValue::new(&mut self.discovery_number).range(1..=999),
                )
                .labelled_by(radio.id);
            });
            ui.horizontal(|ui| {
                ui.radio_value(&mut self.numbered, false, "Random, colour");
                for colour in DiscoveryColour::ALL {
                    ui.add_enabled_ui(!self.numbered, |ui| {
                        ui.selectable_value(&mut self.colour, colour, colour.name());
                    });
                }
            });
        }
        if matches!(self.placing, Placeable::Console | Placeable::Keycard) {
            ui.weak("Choose its doors in the inspector after placing it.");
        }
        ui.weak("Click a marked space again to remove the marker.");
    }
}
