//! The TI4 tile catalogue: every system and hyperlane tile of the base game and
//! Prophecy of Kings, shipped as data (`data/ti4/tiles.toml`) and parsed once.
//!
//! The file is read into raw serde types that refuse unknown keys, then checked
//! (unique numbers, sensible lanes) into a [`Catalogue`].

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::Deserialize;

use super::hex::Direction;
use crate::source::Span;

/// The catalogue text shipped with deckplan.
const BUILTIN_TOML: &str = include_str!("../../data/ti4/tiles.toml");

/// Which box a tile comes in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum Expansion {
    /// The base game (tiles 1–51).
    Base,
    /// Prophecy of Kings (tiles 52–91).
    Pok,
    /// A custom tile defined in a galaxy file.
    Homebrew,
}

/// The colour of a system tile's back, which decides how it is dealt.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Back {
    /// Home systems and other faction tiles.
    Green,
    /// Systems with planets (and Mecatol Rex, and the Wormhole Nexus).
    Blue,
    /// Empty systems, anomalies and lone wormholes.
    Red,
}

/// A wormhole type; systems with the same type are adjacent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum Wormhole {
    /// α
    Alpha,
    /// β
    Beta,
    /// γ (the Wormhole Nexus)
    Gamma,
    /// δ (the Ghosts of Creuss)
    Delta,
}

/// A system anomaly.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Anomaly {
    /// Cannot be moved into or through.
    AsteroidField,
    /// Entered only as the active system; move 1 when leaving it.
    Nebula,
    /// Cannot be moved into or through.
    Supernova,
    /// +1 move when leaving or passing through, at a risk.
    GravityRift,
}

/// A planet trait.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Trait {
    /// Cultural.
    Cultural,
    /// Hazardous.
    Hazardous,
    /// Industrial.
    Industrial,
}

/// A technology specialty (skip) printed on a planet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TechSkip {
    /// Green.
    Biotic,
    /// Yellow.
    Cybernetic,
    /// Blue.
    Propulsion,
    /// Red.
    Warfare,
}

/// A planet printed on a system tile.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Planet {
    /// Printed name.
    pub name: String,
    /// Resource value.
    pub resources: u8,
    /// Influence value.
    pub influence: u8,
    /// Trait, if any (home planets and Mecatol Rex have none).
    #[serde(default, rename = "trait")]
    pub planet_trait: Option<Trait>,
    /// Technology specialty, if any.
    #[serde(default)]
    pub tech: Option<TechSkip>,
    /// Whether the planet is legendary.
    #[serde(default)]
    pub legendary: bool,
}

/// A system tile.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct System {
    /// The number printed on the tile.
    pub number: u16,
    /// The box it comes in.
    pub expansion: Expansion,
    /// The colour of its back.
    pub back: Back,
    /// Whether it is a faction's home system.
    #[serde(default)]
    pub home: bool,
    /// The faction a home system (or a faction-owned tile) belongs to.
    #[serde(default)]
    pub faction: Option<String>,
    /// Whether it sits beside the board, reached only through wormholes.
    #[serde(default)]
    pub off_board: bool,
    /// Its wormholes.
    #[serde(default)]
    pub wormholes: Vec<Wormhole>,
    /// Its anomalies.
    #[serde(default)]
    pub anomalies: Vec<Anomaly>,
    /// Its planets.
    #[serde(default)]
    pub planets: Vec<Planet>,
}

/// One face of a hyperlane tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Face {
    /// The side printed `A` (a single straight or curved lane on 83–86).
    A,
    /// The side printed `B`.
    B,
}

impl Face {
    /// The letter used in map strings.
    pub fn letter(self) -> char {
        match self {
            Face::A => 'A',
            Face::B => 'B',
        }
    }
}

/// A lane across a hyperlane tile, joining two of its sides (unrotated).
pub type Lane = [Direction; 2];

/// A hyperlane tile: not a system, only lanes that join the systems at their ends.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Hyperlane {
    /// The number printed on the tile.
    pub number: u16,
    /// The box it comes in.
    pub expansion: Expansion,
    /// Lanes of face A, north at the top.
    pub a: Vec<Lane>,
    /// Lanes of face B, north at the top.
    pub b: Vec<Lane>,
}

impl Hyperlane {
    /// The lanes of one face, north at the top.
    pub fn lanes(&self, face: Face) -> &[Lane] {
        match face {
            Face::A => &self.a,
            Face::B => &self.b,
        }
    }

    /// The lanes of one face after turning the tile `rotation` sixths clockwise.
    pub fn rotated_lanes(&self, face: Face, rotation: u8) -> Vec<Lane> {
        self.lanes(face)
            .iter()
            .map(|lane| lane.map(|side| side.rotated_cw(rotation)))
            .collect()
    }
}

/// The file as written, before any check.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCatalogue {
    #[serde(default)]
    system: Vec<System>,
    #[serde(default)]
    hyperlane: Vec<Hyperlane>,
}

/// Why a catalogue file was refused.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum CatalogueError {
    /// Not valid TOML, or keys and values the catalogue does not know.
    #[error("tile catalogue, bytes {}..{}: {message}", span.start, span.end)]
    Toml {
        /// What the TOML reader refused.
        message: String,
        /// Where, in bytes of the file.
        span: Span,
    },
    /// Two tiles share a number.
    #[error("tile catalogue: tile {0} is listed twice")]
    DuplicateNumber(u16),
    /// A lane starts and ends on the same side.
    #[error("tile catalogue: hyperlane {number}{face} has a lane from {side} back to {side}")]
    LoopLane {
        /// Hyperlane tile number.
        number: u16,
        /// Face letter.
        face: char,
        /// The side at both ends.
        side: Direction,
    },
}

/// Every known tile, by number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Catalogue {
    systems: BTreeMap<u16, System>,
    hyperlanes: BTreeMap<u16, Hyperlane>,
}

/// A tile of either kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tile<'a> {
    /// A system tile.
    System(&'a System),
    /// A hyperlane tile.
    Hyperlane(&'a Hyperlane),
}

impl Catalogue {
    /// The base game and Prophecy of Kings catalogue shipped with deckplan.
    pub fn builtin() -> Result<&'static Catalogue, &'static CatalogueError> {
        static BUILTIN: OnceLock<Result<Catalogue, CatalogueError>> = OnceLock::new();
        BUILTIN
            .get_or_init(|| Catalogue::parse(BUILTIN_TOML))
            .as_ref()
    }

    /// Parses and checks a catalogue in the format of `data/ti4/tiles.toml`.
    pub fn parse(text: &str) -> Result<Catalogue, CatalogueError> {
        let raw: RawCatalogue = toml::from_str(text).map_err(|error| CatalogueError::Toml {
            message: error.message().into(),
            span: error.span().map(Span::from_range).unwrap_or_default(),
        })?;
        let mut systems = BTreeMap::new();
        let mut hyperlanes = BTreeMap::new();
        for system in raw.system {
            let number = system.number;
            if systems.insert(number, system).is_some() {
                return Err(CatalogueError::DuplicateNumber(number));
            }
        }
        for hyperlane in raw.hyperlane {
            let number = hyperlane.number;
            for face in [Face::A, Face::B] {
                if let Some([side, _]) = hyperlane.lanes(face).iter().find(|[a, b]| a == b) {
                    return Err(CatalogueError::LoopLane {
                        number,
                        face: face.letter(),
                        side: *side,
                    });
                }
            }
            if systems.contains_key(&number) || hyperlanes.insert(number, hyperlane).is_some() {
                return Err(CatalogueError::DuplicateNumber(number));
            }
        }
        Ok(Catalogue {
            systems,
            hyperlanes,
        })
    }

    /// The tile numbered `number`, if any.
    pub fn tile(&self, number: u16) -> Option<Tile<'_>> {
        self.systems
            .get(&number)
            .map(Tile::System)
            .or_else(|| self.hyperlanes.get(&number).map(Tile::Hyperlane))
    }

    /// The system tile numbered `number`, if any.
    pub fn system(&self, number: u16) -> Option<&System> {
        self.systems.get(&number)
    }

    /// The hyperlane tile numbered `number`, if any.
    pub fn hyperlane(&self, number: u16) -> Option<&Hyperlane> {
        self.hyperlanes.get(&number)
    }

    /// This catalogue with more system tiles (a galaxy's custom tiles); a number
    /// already taken keeps its first tile.
    pub fn with_systems(&self, extra: impl IntoIterator<Item = System>) -> Catalogue {
        let mut catalogue = self.clone();
        for system in extra {
            if catalogue.tile(system.number).is_none() {
                catalogue.systems.insert(system.number, system);
            }
        }
        catalogue
    }

    /// All system tiles, by number.
    pub fn systems(&self) -> impl Iterator<Item = &System> {
        self.systems.values()
    }

    /// All hyperlane tiles, by number.
    pub fn hyperlanes(&self) -> impl Iterator<Item = &Hyperlane> {
        self.hyperlanes.values()
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use crate::ti4::testing::builtin;

    fn numbers(filter: impl Fn(&System) -> bool) -> Vec<u16> {
        builtin()
            .systems()
            .filter(|s| filter(s))
            .map(|s| s.number)
            .collect()
    }

    #[test]
    fn numbers_run_from_1_to_91_without_gaps() {
        let systems: Vec<u16> = builtin().systems().map(|s| s.number).collect();
        assert_eq!(systems, (1..=82).collect::<Vec<u16>>());
        let lanes: Vec<u16> = builtin().hyperlanes().map(|h| h.number).collect();
        assert_eq!(lanes, (83..=91).collect::<Vec<u16>>());
        assert_eq!(numbers(|s| s.expansion == Expansion::Base).len(), 51);
        assert_eq!(numbers(|s| s.expansion == Expansion::Pok).len(), 31);
    }

    #[test]
    fn backs_count_as_in_the_boxes() {
        // Blue: 18 Mecatol, 19–38, the 16 PoK blue systems, 82 the Nexus.
        // Red: 39–50, 67, 68, 77–80 and the Muaat supernova 81.
        let blue = numbers(|s| s.back == Back::Blue);
        let red = numbers(|s| s.back == Back::Red);
        let green = numbers(|s| s.back == Back::Green);
        assert_eq!((blue.len(), red.len(), green.len()), (38, 19, 25));
        let red_expected: Vec<u16> = (39..=50).chain([67, 68, 77, 78, 79, 80, 81]).collect();
        assert_eq!(red, red_expected);
        let homes = numbers(|s| s.home);
        let homes_expected: Vec<u16> = (1..=16).chain(51..=58).collect();
        assert_eq!(homes, homes_expected);
        assert!(
            homes
                .iter()
                .all(|n| builtin().system(*n).unwrap().faction.is_some())
        );
        assert_eq!(numbers(|s| s.off_board), [51, 82]);
    }

    #[test]
    fn planet_sums_match_the_sources() {
        let planets: Vec<&Planet> = builtin().systems().flat_map(|s| &s.planets).collect();
        assert_eq!(planets.len(), 98);
        let resources: u32 = planets.iter().map(|p| u32::from(p.resources)).sum();
        let influence: u32 = planets.iter().map(|p| u32::from(p.influence)).sum();
        assert_eq!((resources, influence), (178, 154));
        // The 36 blue systems dealt into a galaxy (not Mecatol, not the Nexus).
        let pool: Vec<&Planet> = builtin()
            .systems()
            .filter(|s| s.back == Back::Blue && s.number != 18 && s.number != 82)
            .flat_map(|s| &s.planets)
            .collect();
        let pool_sum = |f: fn(&Planet) -> u8| pool.iter().map(|p| u32::from(f(p))).sum::<u32>();
        assert_eq!(
            (pool_sum(|p| p.resources), pool_sum(|p| p.influence)),
            (85, 86)
        );
        for skip in [
            TechSkip::Biotic,
            TechSkip::Cybernetic,
            TechSkip::Propulsion,
            TechSkip::Warfare,
        ] {
            assert_eq!(planets.iter().filter(|p| p.tech == Some(skip)).count(), 4);
        }
        let count = |t: Trait| planets.iter().filter(|p| p.planet_trait == Some(t)).count();
        assert_eq!(
            (
                count(Trait::Cultural),
                count(Trait::Hazardous),
                count(Trait::Industrial)
            ),
            (21, 20, 20)
        );
        let legendary: Vec<&str> = planets
            .iter()
            .filter(|p| p.legendary)
            .map(|p| p.name.as_str())
            .collect();
        assert_eq!(legendary, ["Primor", "Hope's End", "Mallice"]);
        let mut names: Vec<&str> = planets.iter().map(|p| p.name.as_str()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), 98, "planet names are unique");
    }

    #[test]
    fn wormholes_and_anomalies_sit_where_the_sources_put_them() {
        let with = |w: Wormhole| numbers(|s| s.wormholes.contains(&w));
        assert_eq!(with(Wormhole::Alpha), [26, 39, 79, 82]);
        assert_eq!(with(Wormhole::Beta), [25, 40, 64, 82]);
        assert_eq!(with(Wormhole::Gamma), [82]);
        assert_eq!(with(Wormhole::Delta), [17, 51]);
        let anomaly = |a: Anomaly| numbers(|s| s.anomalies.contains(&a));
        assert_eq!(anomaly(Anomaly::AsteroidField), [44, 45, 79]);
        assert_eq!(anomaly(Anomaly::Nebula), [42, 56, 68]);
        assert_eq!(anomaly(Anomaly::Supernova), [43, 80, 81]);
        assert_eq!(anomaly(Anomaly::GravityRift), [41, 67]);
    }

    #[test]
    fn hyperlanes_have_one_lane_on_a_and_two_or_three_on_b() {
        let catalogue = builtin();
        for hyperlane in catalogue.hyperlanes() {
            let expected_a = match hyperlane.number {
                83..=86 => 1,
                90 => 2,
                _ => 3,
            };
            assert_eq!(hyperlane.a.len(), expected_a, "{}A", hyperlane.number);
            assert!(
                (2..=3).contains(&hyperlane.b.len()),
                "{}B",
                hyperlane.number
            );
        }
        let h83 = catalogue.hyperlane(83).unwrap();
        assert_eq!(h83.a, [[Direction::Ne, Direction::Sw]]);
        assert_eq!(
            h83.rotated_lanes(Face::A, 2),
            [[Direction::S, Direction::N]],
            "two sixths clockwise turns ne–sw into s–n"
        );
        assert!(matches!(catalogue.tile(83), Some(Tile::Hyperlane(_))));
        assert!(matches!(catalogue.tile(18), Some(Tile::System(_))));
        assert_eq!(catalogue.tile(92), None);
    }

    #[test]
    fn bad_catalogues_are_refused_with_a_reason() {
        let twice = "[[system]]\nnumber = 1\nexpansion = \"base\"\nback = \"red\"\n";
        assert_eq!(
            Catalogue::parse(&format!("{twice}{twice}")),
            Err(CatalogueError::DuplicateNumber(1))
        );
        let unknown = "[[system]]\nnumber = 1\nexpansion = \"base\"\nback = \"red\"\ncolour = 1\n";
        assert_eq!(
            Catalogue::parse(unknown).unwrap_err().to_string(),
            "tile catalogue, bytes 54..60: unknown field `colour`, expected one of `number`, \
             `expansion`, `back`, `home`, `faction`, `off_board`, `wormholes`, `anomalies`, `planets`"
        );
        let looped =
            "[[hyperlane]]\nnumber = 83\nexpansion = \"pok\"\na = [[\"n\", \"n\"]]\nb = []\n";
        assert_eq!(
            Catalogue::parse(looped).unwrap_err().to_string(),
            "tile catalogue: hyperlane 83A has a lane from n back to n"
        );
    }
}
