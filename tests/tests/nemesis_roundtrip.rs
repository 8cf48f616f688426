//! Nemesis files round-trip: the bundled ships and every Nemesis fixture are
//! canonical (load → write gives the same bytes), and a file written in
//! another layout is rewritten to the same canonical text.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

use std::path::Path;

use deckplan_schema::SourceFile;
use deckplan_schema::load::read_source;
use deckplan_schema::nemesis::{NemesisFormat, write};
use deckplan_schema::ship_pack;

fn check_canonical(dir: &Path) {
    let pack_path = dir.join("pack.toml");
    let source = read_source(&pack_path, &pack_path).unwrap();
    let pack = ship_pack::pack_from_source::<NemesisFormat>(&source)
        .value
        .expect("pack.toml resolves");
    assert_eq!(
        ship_pack::write_pack::<NemesisFormat>(&pack),
        source.text(),
        "{}",
        pack_path.display()
    );
    let ship_path = dir.join(&pack.ship_path);
    let source = read_source(&ship_path, &ship_path).unwrap();
    let ship = ship_pack::ship_from_source::<NemesisFormat>(&source)
        .value
        .expect("ship resolves");
    assert_eq!(
        write::write_ship(&ship),
        source.text(),
        "{}",
        ship_path.display()
    );
}

#[test]
fn every_nemesis_file_is_canonical() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for pack in deckplan_tests::games::game("nemesis").packs {
        check_canonical(&pack);
    }
    let mut fixtures = 0;
    for entry in std::fs::read_dir(root.join("fixtures/checks/nemesis")).unwrap() {
        let entry = entry.unwrap();
        if entry.file_name().to_string_lossy().starts_with('N') {
            check_canonical(&entry.path().join("fail"));
            check_canonical(&entry.path().join("pass"));
            fixtures += 1;
        }
    }
    assert_eq!(fixtures, 9);
}

#[test]
fn another_layout_is_rewritten_canonically() {
    let loose = "ruleset='nemesis'\nformat=1\nname='T'\n\n[[corridors]]\nnumbers=[2,1]\nother_end=[1,2]\nbetween=['a','b']\ndoor=false\n\n\
                 [[rooms]]\nat=[1,0]\nkind='2'\nid='b'\n[[rooms]]\nid='a'\nkind='1'\nat=[0,0]\n";
    let ship =
        ship_pack::ship_from_source::<NemesisFormat>(&SourceFile::new("s.toml", loose.to_string()))
            .value
            .unwrap();
    assert_eq!(
        write::write_ship(&ship),
        "format = 1\nruleset = \"nemesis\"\nname = \"T\"\n\n\
         [[rooms]]\nid = \"b\"\nkind = \"2\"\nat = [1, 0]\n\n\
         [[rooms]]\nid = \"a\"\nkind = \"1\"\nat = [0, 0]\n\n\
         [[corridors]]\nbetween = [\"a\", \"b\"]\nnumbers = [1, 2]\n"
    );
}
