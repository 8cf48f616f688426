//! Picking on a ship: what the pointer is over, found from the very shapes
//! the picture draws ([`ShipLayout`]), and what is selected.

use deckplan_schema::id::Id;
use deckplan_schema::nemesis::Ship;
use deckplan_validator::draw::Point;
use deckplan_validator::nemesis::draw::{HUB_RADIUS, ShipLayout, distance_to};

/// How near a corridor (in board units) the pointer picks it.
const ROUTE_REACH: f64 = 0.28;

/// What is selected.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Selection {
    /// Nothing: the inspector shows the ship.
    #[default]
    None,
    /// A room.
    Room(Id),
    /// A corridor, by its index in the ship file.
    Corridor(usize),
    /// A technical-corridor network.
    Network(Id),
    /// A room's technical entrance, by the room.
    Entrance(Id),
}

impl Selection {
    /// The selection if it still names something on `ship`, else nothing.
    pub fn valid(self, ship: &Ship) -> Self {
        let exists = match self {
            Self::None => true,
            Self::Room(id) => ship.room(id).is_some(),
            Self::Corridor(index) => index < ship.corridors.len(),
            Self::Network(id) => ship.networks.iter().any(|n| n.id == id),
            Self::Entrance(room) => ship.entrances.iter().any(|e| e.room == room),
        };
        if exists { self } else { Self::None }
    }
}

/// What a board point is over, most specific first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hit {
    /// A number badge of a corridor end, by corridor and room.
    Badge(usize, Id),
    /// A number badge of a technical entrance, by entrance index.
    EntranceBadge(usize),
    /// A room's box.
    Room(Id),
    /// A network's hub.
    Hub(Id),
    /// A corridor (its line or its door), by index.
    Corridor(usize),
    /// A technical corridor, by entrance index.
    Entrance(usize),
    /// Nothing but the drawing grid.
    Empty,
}

impl Hit {
    /// What clicking it selects.
    pub fn selection(self, ship: &Ship) -> Selection {
        match self {
            Self::Badge(index, _) | Self::Corridor(index) => Selection::Corridor(index),
            Self::EntranceBadge(index) | Self::Entrance(index) => ship
                .entrances
                .get(index)
                .map_or(Selection::None, |e| Selection::Entrance(e.room)),
            Self::Room(id) => Selection::Room(id),
            Self::Hub(id) => Selection::Network(id),
            Self::Empty => Selection::None,
        }
    }
}

fn inside(rect: deckplan_validator::draw::Rect, p: Point) -> bool {
    p.x >= rect.min.x && p.x <= rect.max.x && p.y >= rect.min.y && p.y <= rect.max.y
}

/// What the board point `p` is over. Later items are drawn on top, so they
/// are looked at first.
pub fn hit(layout: &ShipLayout, p: Point) -> Hit {
    for (index, route) in layout.corridors.iter().enumerate().rev() {
        if let Some(badge) = route.badges.iter().find(|b| inside(b.rect(), p)) {
            return Hit::Badge(index, badge.room);
        }
    }
    for (index, route) in layout.entrances.iter().enumerate().rev() {
        if route.badges.iter().any(|b| inside(b.rect(), p)) {
            return Hit::EntranceBadge(index);
        }
    }
    for (index, route) in layout.corridors.iter().enumerate().rev() {
        if let Some((door, _)) = route.door
            && (door.x - p.x).hypot(door.y - p.y) < 0.4
        {
            return Hit::Corridor(index);
        }
    }
    if let Some((id, _)) = layout.rooms.iter().rev().find(|(_, r)| inside(*r, p)) {
        return Hit::Room(*id);
    }
    if let Some((id, _)) = layout
        .hubs
        .iter()
        .rev()
        .find(|(_, c)| (c.x - p.x).hypot(c.y - p.y) <= HUB_RADIUS + 0.1)
    {
        return Hit::Hub(*id);
    }
    let nearest = |routes: &[deckplan_validator::nemesis::draw::Route]| {
        routes
            .iter()
            .enumerate()
            .map(|(i, r)| (i, distance_to(&r.points, p)))
            .filter(|(_, d)| *d < ROUTE_REACH)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(i, _)| i)
    };
    if let Some(index) = nearest(&layout.corridors) {
        return Hit::Corridor(index);
    }
    if let Some(index) = nearest(&layout.entrances) {
        return Hit::Entrance(index);
    }
    Hit::Empty
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use deckplan_validator::nemesis::draw::{centre, layout};

    #[test]
    fn the_pointer_picks_rooms_hubs_badges_and_corridors_where_they_are_drawn() {
        let path = crate::testutil::bundled("kestrel-relay").join("ship.toml");
        let text = std::fs::read_to_string(path).unwrap();
        let ship = deckplan_schema::nemesis::resolve::parse_ship(
            &deckplan_schema::SourceFile::new("ship.toml", text),
        )
        .unwrap();
        let drawn = layout(&ship);
        let cargo = Id::new("cargo").unwrap();
        assert_eq!(hit(&drawn, centre((6, 8))), Hit::Room(cargo));
        assert_eq!(
            hit(&drawn, centre((8, 0))),
            Hit::Hub(Id::new("fore").unwrap())
        );
        // The corridor cargo–engine-2 (index 19) between the two boxes, off its badges.
        let mid = Point::new(12.0, -18.0);
        assert_eq!(hit(&drawn, mid), Hit::Corridor(19));
        let badge = &drawn.corridors[19].badges[0];
        assert_eq!(hit(&drawn, badge.at), Hit::Badge(19, cargo));
        assert_eq!(hit(&drawn, Point::new(30.0, -30.0)), Hit::Empty);
        assert_eq!(
            Hit::Badge(19, cargo).selection(&ship),
            Selection::Corridor(19)
        );
    }
}
