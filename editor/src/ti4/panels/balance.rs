//! The seats' balance figures, as `deckplan show` prints them: each seat's
//! share of the galaxy (the systems it is nearest to) and the spread of
//! their optimal totals, worked out again after every edit — and, when
//! asked, swaps of two systems that would narrow the spread.

use deckplan_schema::ti4::galaxy::GalaxyFile;
use deckplan_validator::ti4::balance::{self, SeatBalance, Swap};
use deckplan_validator::ti4::show::{share_line, spread_line};
use eframe::egui::{self, Ui};

use crate::command::Commands;

use super::super::command::step;
use super::super::ops;

/// What the panel asks of the search for swaps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SwapAsk {
    /// Nothing.
    Nothing,
    /// Search this state of the galaxy.
    Search,
    /// Stop the search that runs.
    Stop,
}

/// Draws the figures and the suggested swaps (`None`: not asked for this
/// state of the galaxy), or how far a running search has got (`progress`:
/// pairs tried and in all); returns what was asked of the search.
pub fn balance_ui(
    ui: &mut Ui,
    seats: &[SeatBalance],
    galaxy: &GalaxyFile,
    swaps: Option<&[Swap]>,
    progress: Option<(usize, usize)>,
    out: &mut Commands,
) -> SwapAsk {
    ui.strong("Balance");
    if seats.is_empty() {
        ui.weak("Place home seats to compare them.");
        return SwapAsk::Nothing;
    }
    for seat in seats {
        ui.label(format!(
            "Seat {}: optimal {} / {} = {}",
            seat.seat,
            balance::printed(seat.share.optimal_resources),
            balance::printed(seat.share.optimal_influence),
            balance::printed(seat.share.optimal_total()),
        ));
        ui.weak(share_line(&seat.share));
    }
    let Some(spread) = balance::spread(seats) else {
        return SwapAsk::Nothing;
    };
    ui.label(spread_line(&spread));
    ui.weak("A seat's share is the systems nearest to it; systems as near to several seats are split evenly.");
    if let Some((tried, total)) = progress {
        let mut asked = SwapAsk::Nothing;
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(format!("Trying swaps: {tried} of {total} pairs"));
            if ui.button("Stop").clicked() {
                asked = SwapAsk::Stop;
            }
        });
        let share = if total == 0 {
            0.0
        } else {
            tried as f32 / total as f32
        };
        ui.add(egui::ProgressBar::new(share));
        return asked;
    }
    let asked = if ui.button("Suggest swaps").clicked() {
        SwapAsk::Search
    } else {
        SwapAsk::Nothing
    };
    match swaps {
        None => {}
        Some([]) => {
            ui.weak("No swap of two systems narrows the spread.");
        }
        Some(swaps) => {
            for swap in swaps {
                let label = format!(
                    "Swap #{} and #{}: spread {} to {}",
                    swap.a,
                    swap.b,
                    balance::printed(spread.optimal_total),
                    balance::printed(swap.spread)
                );
                if ui.button(label).clicked()
                    && let Some(command) = step(ops::move_or_swap(galaxy, swap.a, swap.b))
                {
                    out.push(command);
                }
            }
        }
    }
    asked
}
