//! Play-testing a Nemesis ship: Characters, Intruders, door states, Noise
//! markers and explored rooms placed by clicking, and the rules engine asked
//! what a Movement (or Careful Movement) action, a Noise roll or an
//! Intruder's move by corridor number does — in the very words of
//! `deckplan move`, `deckplan noise` and `deckplan intruder`. None of it is
//! part of the ship file.

use deckplan_schema::id::Id;
use deckplan_schema::nemesis::Ship;
use deckplan_validator::nemesis::graph::ShipGraph;
use deckplan_validator::nemesis::rules::movement::ways;
use deckplan_validator::nemesis::rules::{
    DoorState, Face, IntruderCause, IntruderMove, PlayState, Roller, Way, answer, intruder_move,
    neighbours,
};

use super::selection::Hit;

/// What a left click places.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Piece {
    /// A Character in a room.
    #[default]
    Character,
    /// An Intruder in a room.
    Intruder,
    /// A Noise marker in a corridor, or on a network's shared space.
    Noise,
    /// A door's state: closed, open, destroyed, in turn.
    Door,
    /// A slot room explored (its tile turned face up).
    Explored,
}

impl Piece {
    /// Every piece, in the panel's order.
    pub const ALL: [Self; 5] = [
        Self::Character,
        Self::Intruder,
        Self::Noise,
        Self::Door,
        Self::Explored,
    ];

    /// Its name in the panel.
    pub const fn label(self) -> &'static str {
        match self {
            Self::Character => "Character",
            Self::Intruder => "Intruder",
            Self::Noise => "Noise",
            Self::Door => "Door state",
            Self::Explored => "Explored",
        }
    }
}

/// The question asked of the rules engine about the room chosen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Question {
    /// Where a Movement action from the room leads (`deckplan move`).
    #[default]
    Movement,
    /// The same, moving carefully (`deckplan move --careful`).
    Careful,
    /// A Noise roll in the room, for every face (`deckplan noise`).
    Noise,
    /// An Intruder in the room moved by a corridor number (`deckplan intruder`).
    Intruder(u8),
}

/// The play test's state.
#[derive(Clone, Debug, Default)]
pub struct PlayTest {
    /// What a click places.
    pub piece: Piece,
    /// What is asked.
    pub question: Question,
    /// The room the question is about: the room clicked last.
    pub room: Option<Id>,
    /// The figures, doors, Noise and explored rooms.
    pub state: PlayState,
}

/// The rules engine's answer, as lines of text and as what to mark.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Answer {
    /// What `deckplan` would print.
    pub lines: Vec<String>,
    /// Rooms to mark: where a move can go, where an Intruder ends up.
    pub rooms: Vec<Id>,
    /// Ways to mark, each with what the board writes beside it (die faces).
    pub ways: Vec<(Way, String)>,
}

impl PlayTest {
    /// A left click on `hit`: places the chosen piece there; says why not
    /// when it cannot go there.
    pub fn click(&mut self, ship: &Ship, hit: Hit) -> Option<String> {
        if let Hit::Room(room) = hit {
            self.room = Some(room);
        }
        match (self.piece, hit) {
            (Piece::Character, Hit::Room(room)) => {
                *self.state.characters.entry(room).or_default() += 1;
                None
            }
            (Piece::Intruder, Hit::Room(room)) => {
                *self.state.intruders.entry(room).or_default() += 1;
                None
            }
            (Piece::Explored, Hit::Room(room)) => {
                let special = ship.room(room).is_some_and(|r| r.kind.starts_explored());
                if special {
                    return Some(format!("{room} is a special room: it starts explored"));
                }
                if !self.state.explored.remove(&room) {
                    self.state.explored.insert(room);
                }
                None
            }
            (Piece::Noise, _) => {
                let way = way_of(ship, hit)?;
                if !self.state.noise.remove(&way) {
                    self.state.noise.insert(way);
                }
                None
            }
            (Piece::Door, Hit::Corridor(index) | Hit::Badge(index, _)) => {
                let corridor = ship.corridors.get(index)?;
                if !corridor.door {
                    return Some("No Door token stands in this corridor".into());
                }
                let graph = ShipGraph::new(ship);
                let next = match self.state.door(&graph, index) {
                    DoorState::Closed => DoorState::Open,
                    DoorState::Open => DoorState::Destroyed,
                    DoorState::Destroyed => DoorState::Closed,
                };
                self.state.doors.insert(index, next);
                Some(format!(
                    "The door of corridor {}–{} is {next}",
                    corridor.rooms[0], corridor.rooms[1]
                ))
            }
            (Piece::Door, _) => Some("Click a corridor with a door".into()),
            _ => Some("Click a room".into()),
        }
    }

    /// A right click on `hit`: takes one piece of the chosen kind away.
    pub fn remove(&mut self, ship: &Ship, hit: Hit) -> Option<String> {
        let take = |map: &mut std::collections::BTreeMap<Id, u32>, room: Id| {
            if let Some(n) = map.get_mut(&room) {
                *n = n.saturating_sub(1);
                if *n == 0 {
                    map.remove(&room);
                }
            }
        };
        match (self.piece, hit) {
            (Piece::Character, Hit::Room(room)) => take(&mut self.state.characters, room),
            (Piece::Intruder, Hit::Room(room)) => take(&mut self.state.intruders, room),
            (Piece::Noise, _) => {
                if let Some(way) = way_of(ship, hit) {
                    self.state.noise.remove(&way);
                }
            }
            (Piece::Door, Hit::Corridor(index) | Hit::Badge(index, _)) => {
                self.state.doors.remove(&index);
            }
            (Piece::Explored, Hit::Room(room)) => {
                self.state.explored.remove(&room);
            }
            _ => {}
        }
        None
    }

    /// Drops what no longer exists on an edited ship.
    pub fn keep_valid(&mut self, ship: &Ship) {
        let room = |id: &Id| ship.room(*id).is_some();
        self.state.characters.retain(|id, _| room(id));
        self.state.intruders.retain(|id, _| room(id));
        self.state.explored.retain(room);
        self.state.doors.retain(|i, _| *i < ship.corridors.len());
        self.state.noise.retain(|way| match way {
            Way::Corridor(i) => *i < ship.corridors.len(),
            Way::Technical(n) => ship.networks.iter().any(|x| x.id == *n),
        });
        if self.room.is_some_and(|id| !room(&id)) {
            self.room = None;
        }
    }

    /// The answer to the question about the room chosen.
    pub fn answer(&self, ship: &Ship) -> Answer {
        let Some(room) = self.room.filter(|r| ship.room(*r).is_some()) else {
            return Answer {
                lines: vec!["Click a room to ask about it.".into()],
                ..Answer::default()
            };
        };
        let graph = ShipGraph::new(ship);
        match self.question {
            Question::Movement => movement(&graph, &self.state, room, false),
            Question::Careful => movement(&graph, &self.state, room, true),
            Question::Noise => noise(&graph, &self.state, room),
            Question::Intruder(number) => intruder(&graph, &self.state, room, number),
        }
    }
}

/// The way a click names: a corridor, or a network's shared space.
fn way_of(ship: &Ship, hit: Hit) -> Option<Way> {
    match hit {
        Hit::Corridor(index) | Hit::Badge(index, _) => Some(Way::Corridor(index)),
        Hit::Hub(network) => Some(Way::Technical(network)),
        Hit::Entrance(index) | Hit::EntranceBadge(index) => {
            ship.entrances.get(index)?.network.map(Way::Technical)
        }
        _ => None,
    }
}

/// `deckplan move`: where a Movement action (or a Careful Movement) from
/// `from` leads, marking the rooms reached and the corridors chosen from.
fn movement(graph: &ShipGraph<'_>, state: &PlayState, from: Id, careful: bool) -> Answer {
    let lines = match answer::movement(graph, state, from, None, careful) {
        Ok(lines) => lines,
        Err(refusal) => vec![refusal],
    };
    let mut moved = state.clone();
    if let Some(n) = moved.characters.get_mut(&from) {
        *n = n.saturating_sub(1);
    }
    let mut answer = Answer {
        lines,
        ..Answer::default()
    };
    if careful && moved.intruders_in(from) > 0 {
        return answer;
    }
    for n in neighbours(graph, &moved, from) {
        answer.rooms.push(n.room);
        answer.ways.push((Way::Corridor(n.corridor), String::new()));
    }
    answer
}

/// `deckplan noise`: every face of a Noise roll in `room`, marking each
/// corridor with the numbers that send Noise into it.
fn noise(graph: &ShipGraph<'_>, state: &PlayState, room: Id) -> Answer {
    let mut answer = Answer {
        lines: answer::noise(graph, state, room, &answer::every_face(), Roller::default()),
        ..Answer::default()
    };
    for face in answer::every_face() {
        if let Face::Number(n) = face {
            for (way, numbers) in ways(graph, room) {
                if numbers.contains(n) {
                    answer.ways.push((way, n.to_string()));
                }
            }
        }
    }
    answer
}

/// `deckplan intruder`: an Intruder in `room` moved by corridor `number` on
/// an Event card, marking where it goes.
fn intruder(graph: &ShipGraph<'_>, state: &PlayState, room: Id, number: u8) -> Answer {
    let cause = IntruderCause::Event;
    let mut answer = Answer {
        lines: answer::intruder(graph, state, room, number, cause),
        ..Answer::default()
    };
    for option in intruder_move(graph, state, room, number, cause) {
        match option {
            IntruderMove::Moves { to, corridor, .. } => {
                answer.rooms.push(to);
                answer
                    .ways
                    .push((Way::Corridor(corridor), number.to_string()));
            }
            IntruderMove::DestroysDoor { corridor } => {
                answer
                    .ways
                    .push((Way::Corridor(corridor), number.to_string()));
            }
            IntruderMove::Hides { network } => {
                answer
                    .ways
                    .push((Way::Technical(network), number.to_string()));
            }
            IntruderMove::Stays | IntruderMove::InCombat => {}
        }
    }
    answer
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;

    fn kestrel() -> Ship {
        let path = crate::testutil::bundled("kestrel-relay").join("ship.toml");
        let text = std::fs::read_to_string(path).unwrap();
        deckplan_schema::nemesis::resolve::parse_ship(&deckplan_schema::SourceFile::new(
            "ship.toml",
            text,
        ))
        .unwrap()
    }

    fn id(text: &str) -> Id {
        Id::new(text).unwrap()
    }

    /// The same words `deckplan move maps/kestrel-relay --from hibernatorium` prints.
    #[test]
    fn movement_answers_as_deckplan_move_does() {
        let ship = kestrel();
        let mut play = PlayTest {
            room: Some(id("hibernatorium")),
            ..PlayTest::default()
        };
        assert_eq!(
            play.answer(&ship).lines,
            [
                "A Movement action from hibernatorium reaches 2 rooms:",
                "  galley           through corridor hibernatorium–galley (1): reveal the room and its Exploration token, then make a Noise roll",
                "  armoury          through corridor hibernatorium–armoury (2): reveal the room and its Exploration token, then make a Noise roll",
            ]
        );
        // Opening the door to cargo (corridor 10) adds it.
        play.state.doors.insert(10, DoorState::Open);
        assert_eq!(
            play.answer(&ship).rooms,
            [id("galley"), id("armoury"), id("cargo")]
        );
    }

    /// The same words as `deckplan noise maps/kestrel-relay --room cargo
    /// --noise hibernatorium/cargo --intruder engine-2`.
    #[test]
    fn the_noise_roll_answers_as_deckplan_noise_does() {
        let ship = kestrel();
        let mut play = PlayTest {
            room: Some(id("cargo")),
            question: Question::Noise,
            ..PlayTest::default()
        };
        play.state.noise.insert(Way::Corridor(10));
        play.state.intruders.insert(id("engine-2"), 1);
        assert_eq!(
            play.answer(&ship).lines,
            [
                "1 in cargo: Noise placed in corridor cargo–engine-2 (1 and 4)",
                "2 in cargo: Noise placed in the technical corridors (network aft)",
                "3 in cargo: Encounter: corridor hibernatorium–cargo (3) already holds Noise; Noise removed from corridor hibernatorium–cargo (3)",
                "4 in cargo: Noise placed in corridor cargo–engine-2 (1 and 4)",
                "danger in cargo: Danger: the Intruder in engine-2 moves in through corridor cargo–engine-2 (1 and 4)",
                "silence in cargo: nothing happens",
            ]
        );
    }

    /// Careful Movement, as `deckplan move maps/kestrel-relay --from
    /// hibernatorium --door hibernatorium/cargo=destroyed --noise aft --careful`.
    #[test]
    fn careful_movement_lists_each_corridor_the_player_may_choose() {
        let ship = kestrel();
        let mut play = PlayTest {
            room: Some(id("hibernatorium")),
            question: Question::Careful,
            ..PlayTest::default()
        };
        play.state.doors.insert(10, DoorState::Destroyed);
        play.state.noise.insert(Way::Technical(id("aft")));
        let lines = play.answer(&ship).lines;
        let cargo = lines
            .iter()
            .position(|l| l.starts_with("  cargo "))
            .unwrap();
        // The technical corridors of aft already hold Noise: the player may
        // choose only a corridor without it.
        assert_eq!(
            lines[cargo..cargo + 3],
            [
                "  cargo            through corridor hibernatorium–cargo (3), door destroyed: reveal the room and its Exploration token, then choose a corridor without Noise for the Noise marker",
                "      choose corridor hibernatorium–cargo (3): Noise placed in corridor hibernatorium–cargo (3)",
                "      choose corridor cargo–engine-2 (1 and 4): Noise placed in corridor cargo–engine-2 (1 and 4)",
            ]
        );
    }

    /// The same words as `deckplan intruder maps/kestrel-relay --room cargo --corridor 2`.
    #[test]
    fn an_intruders_move_answers_as_deckplan_intruder_does() {
        let ship = kestrel();
        let play = PlayTest {
            room: Some(id("cargo")),
            question: Question::Intruder(2),
            ..PlayTest::default()
        };
        assert_eq!(
            play.answer(&ship).lines,
            [
                "The Intruder in cargo, moved by corridor 2, enters the technical corridors (network aft) and hides (leaves the board)"
            ]
        );
    }

    #[test]
    fn clicks_place_figures_noise_and_door_states() {
        let ship = kestrel();
        let mut play = PlayTest::default();
        assert_eq!(play.click(&ship, Hit::Room(id("cargo"))), None);
        assert_eq!(play.state.characters[&id("cargo")], 1);
        play.piece = Piece::Door;
        assert_eq!(
            play.click(&ship, Hit::Corridor(10)).as_deref(),
            Some("The door of corridor hibernatorium–cargo is open")
        );
        assert_eq!(
            play.click(&ship, Hit::Corridor(0)).as_deref(),
            Some("No Door token stands in this corridor")
        );
        play.piece = Piece::Noise;
        play.click(&ship, Hit::Hub(id("aft")));
        assert!(play.state.noise.contains(&Way::Technical(id("aft"))));
        play.remove(&ship, Hit::Hub(id("aft")));
        assert!(play.state.noise.is_empty());
    }
}
