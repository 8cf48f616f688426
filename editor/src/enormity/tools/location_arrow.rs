//! The Location-arrow tool: click a space on the page's edge for an arrow
//! pointing off the page to the chosen target page; clicking the same arrow
//! again removes it.

use deckplan_schema::enormity::{Direction, PageId};
use eframe::egui::{ComboBox, Ui};

use super::{Phase, Pointer, Tool, ToolContext, apply};
use crate::command::Commands;
use crate::enormity::edit::Edit;
use crate::enormity::ops;

/// The Location-arrow tool's state.
#[derive(Default)]
pub struct LocationArrowTool {
    /// The arrow's direction; `None` points off the nearest page edge.
    pub direction: Option<Direction>,
    /// The target page; `None` picks the page joined across that edge.
    pub target: Option<PageId>,
}

impl LocationArrowTool {
    fn target_for(&self, cx: &ToolContext<'_>, direction: Direction) -> Option<PageId> {
        if self.target.is_some() {
            return self.target;
        }
        cx.doc.pack.joins.iter().find_map(|j| {
            if j.from.page == cx.id() && j.from.side == direction {
                Some(j.to.page)
            } else if j.to.page == cx.id() && j.to.side == direction {
                Some(j.from.page)
            } else {
                None
            }
        })
    }
}

impl Tool for LocationArrowTool {
    fn pointer(&mut self, cx: &ToolContext<'_>, pointer: &Pointer, out: &mut Commands) {
        if pointer.phase != Phase::Pressed {
            return;
        }
        let Some(space) = pointer.pos.and_then(|p| cx.geo.space_at(p)) else {
            return;
        };
        let direction = self
            .direction
            .unwrap_or_else(|| ops::off_page_direction(cx.page.size, space));
        let existing = cx.page.spaces.location_arrows.get(&space);
        if existing.is_some_and(|a| a.direction == direction) {
            let edit = Edit::LocationArrow {
                page: cx.id(),
                space,
                arrow: None,
            };
            apply(out, "Remove Location arrow", vec![edit]);
            return;
        }
        let Some(target) = self.target_for(cx, direction) else {
            out.push(crate::enormity::command::Command::Status(format!(
                "No page is joined {direction} of {}: choose the target page in the tool panel",
                cx.id()
            )));
            return;
        };
        let edit = Edit::LocationArrow {
            page: cx.id(),
            space,
            arrow: Some((direction, target)),
        };
        apply(out, "Place Location arrow", vec![edit]);
    }

    fn options_ui(&mut self, ui: &mut Ui, cx: &ToolContext<'_>, _out: &mut Commands) {
        ui.label("Points");
        ui.horizontal(|ui| {
            ui.selectable_value(&mut self.direction, None, "Off the page")
                .on_hover_text("Toward the page edge nearest the space");
            for d in Direction::ALL {
                ui.selectable_value(&mut self.direction, Some(d), d.name());
            }
        });
        let label = ui.label("Target page").id;
        let shown = self
            .target
            .map_or_else(|| "Joined page".to_string(), |t| t.to_string());
        ComboBox::from_id_salt("location-arrow-target")
            .selected_text(shown)
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut self.target, None, "Joined page")
                    .on_hover_text("The page joined across the edge the arrow points at");
                for id in cx.doc.pack.pages.keys().filter(|id| **id != cx.id()) {
                    ui.selectable_value(&mut self.target, Some(*id), id.to_string());
                }
            })
            .response
            .labelled_by(label);
    }
}
