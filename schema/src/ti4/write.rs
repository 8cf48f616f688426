//! The canonical form of galaxy files, written by `deckplan fmt`: fixed key
//! order, positions in spiral order, one blank line between tables. Loading
//! a canonical file and writing it gives the same bytes.

use super::catalogue::{Anomaly, Back, TechSkip, Trait, Wormhole};
use super::galaxy::{Effect, GalaxyFile};
use super::map_string::Slot;
use super::resolve::{FORMAT_VERSION, RULESET};
use crate::toml_file::quote;

/// The name a wormhole type has in files.
pub fn wormhole_name(wormhole: Wormhole) -> &'static str {
    match wormhole {
        Wormhole::Alpha => "alpha",
        Wormhole::Beta => "beta",
        Wormhole::Gamma => "gamma",
        Wormhole::Delta => "delta",
    }
}

/// The name an anomaly has in files.
pub fn anomaly_name(anomaly: Anomaly) -> &'static str {
    match anomaly {
        Anomaly::AsteroidField => "asteroid-field",
        Anomaly::Nebula => "nebula",
        Anomaly::Supernova => "supernova",
        Anomaly::GravityRift => "gravity-rift",
    }
}

/// The name a planet trait has in files.
pub fn trait_name(planet_trait: Trait) -> &'static str {
    match planet_trait {
        Trait::Cultural => "cultural",
        Trait::Hazardous => "hazardous",
        Trait::Industrial => "industrial",
    }
}

/// The name a technology specialty has in files.
pub fn tech_name(tech: TechSkip) -> &'static str {
    match tech {
        TechSkip::Biotic => "biotic",
        TechSkip::Cybernetic => "cybernetic",
        TechSkip::Propulsion => "propulsion",
        TechSkip::Warfare => "warfare",
    }
}

/// The name a tile back's colour has in files.
pub fn back_name(back: Back) -> &'static str {
    match back {
        Back::Green => "green",
        Back::Blue => "blue",
        Back::Red => "red",
    }
}

fn list(names: impl IntoIterator<Item = String>) -> String {
    format!("[{}]", names.into_iter().collect::<Vec<_>>().join(", "))
}

/// The canonical text of a galaxy file.
pub fn write(galaxy: &GalaxyFile) -> String {
    let mut out = format!(
        "format = {FORMAT_VERSION}\nruleset = {}\nname = {}\nrings = {}\n",
        quote(RULESET),
        quote(&galaxy.name),
        galaxy.rings
    );
    if !galaxy.off_board.is_empty() {
        let numbers = galaxy.off_board.iter().map(ToString::to_string);
        out.push_str(&format!("off_board = {}\n", list(numbers)));
    }
    out.push_str("\n[tiles]\n");
    for (index, placed) in &galaxy.tiles {
        let value = match placed.slot {
            Slot::Hyperlane { .. } => quote(&placed.slot.to_string()),
            slot => slot.to_string(),
        };
        out.push_str(&format!("{index} = {value}\n"));
    }
    for home in &galaxy.homes {
        out.push_str(&format!(
            "\n[[homes]]\nseat = {}\nposition = {}\n",
            home.seat, home.position
        ));
    }
    for tile in &galaxy.custom {
        let system = &tile.system;
        out.push_str(&format!(
            "\n[[custom]]\nnumber = {}\nname = {}\n",
            system.number,
            quote(&tile.name)
        ));
        let default_back = if system.home { Back::Green } else { Back::Blue };
        if system.back != default_back {
            out.push_str(&format!("back = {}\n", quote(back_name(system.back))));
        }
        if system.home {
            out.push_str("home = true\n");
        }
        if system.off_board {
            out.push_str("off_board = true\n");
        }
        if !system.wormholes.is_empty() {
            let names = system.wormholes.iter().map(|w| quote(wormhole_name(*w)));
            out.push_str(&format!("wormholes = {}\n", list(names)));
        }
        if !system.anomalies.is_empty() {
            let names = system.anomalies.iter().map(|a| quote(anomaly_name(*a)));
            out.push_str(&format!("anomalies = {}\n", list(names)));
        }
        if !system.planets.is_empty() {
            out.push_str("planets = [\n");
            for planet in &system.planets {
                let mut fields = vec![
                    format!("name = {}", quote(&planet.name)),
                    format!("resources = {}", planet.resources),
                    format!("influence = {}", planet.influence),
                ];
                if let Some(t) = planet.planet_trait {
                    fields.push(format!("trait = {}", quote(trait_name(t))));
                }
                if let Some(t) = planet.tech {
                    fields.push(format!("tech = {}", quote(tech_name(t))));
                }
                if planet.legendary {
                    fields.push("legendary = true".to_string());
                }
                out.push_str(&format!("    {{ {} }},\n", fields.join(", ")));
            }
            out.push_str("]\n");
        }
    }
    for modifier in &galaxy.modifiers {
        out.push_str(&format!(
            "\n[[modifiers]]\nname = {}\n",
            quote(&modifier.name)
        ));
        match modifier.effect {
            Effect::Join(a, b) => out.push_str(&format!(
                "join = [{}, {}]\n",
                quote(wormhole_name(a)),
                quote(wormhole_name(b))
            )),
            Effect::Block(a, b) => out.push_str(&format!("block = [{a}, {b}]\n")),
        }
        if !modifier.enabled {
            out.push_str("enabled = false\n");
        }
    }
    crate::lint_table::write_lint(&mut out, &galaxy.lint);
    out
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use crate::ti4::testing::read;

    const SIX: &str = include_str!("../../../maps/ti4-six-players/pack.toml");
    const FIVE: &str = include_str!("../../../maps/ti4-five-hyperlanes/pack.toml");

    fn file(body: &str) -> String {
        format!("format = 1\nruleset = \"ti4\"\nname = \"test\"\nrings = 3\n{body}")
    }

    #[test]
    fn the_bundled_galaxies_are_canonical() {
        for text in [SIX, FIVE] {
            let galaxy = read(text).unwrap_or_else(|e| panic!("{e:?}"));
            assert_eq!(write(&galaxy), text);
        }
    }

    #[test]
    fn every_feature_survives_writing_and_reading() {
        let text = file(
            "off_board = [51, 82]\n\n[tiles]\n0 = 18\n1 = \"83A2\"\n2 = 1000\n19 = 0\n\n[[homes]]\nseat = 1\nposition = 19\n\n\
             [[custom]]\nnumber = 1000\nname = \"Far Reach\"\nback = \"red\"\nwormholes = [\"alpha\"]\nanomalies = [\"nebula\"]\nplanets = [\n    \
             { name = \"Vey\", resources = 2, influence = 1, trait = \"cultural\", tech = \"biotic\", legendary = true },\n]\n\n\
             [[modifiers]]\nname = \"Wall\"\nblock = [0, 2]\nenabled = false\n\n[[modifiers]]\nname = \"Reconstruction\"\njoin = [\"alpha\", \"beta\"]\n",
        );
        let galaxy = read(&text).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(write(&galaxy), text);
        assert_eq!(galaxy.off_board, vec![51, 82]);
        assert_eq!(galaxy.modifiers[0].effect, Effect::Block(0, 2));
        assert!(!galaxy.modifiers[0].enabled);
        assert_eq!(galaxy.custom[0].system.planets[0].resources, 2);
    }
}
