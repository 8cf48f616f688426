//! The seats' balance figures, as `deckplan show` prints them: each seat's
//! share of the galaxy (the systems it is nearest to) and the spread of
//! their optimal totals, worked out again after every edit.

use deckplan_validator::ti4::balance::{self, SeatBalance};
use deckplan_validator::ti4::show::{share_line, spread_line};
use eframe::egui::Ui;

/// Draws the figures.
pub fn balance_ui(ui: &mut Ui, seats: &[SeatBalance]) {
    ui.strong("Balance");
    if seats.is_empty() {
        ui.weak("Place home seats to compare them.");
        return;
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
    if let Some(spread) = balance::spread(seats) {
        ui.label(spread_line(&spread));
    }
    ui.weak("A seat's share is the systems nearest to it; systems as near to several seats are split evenly.");
}
