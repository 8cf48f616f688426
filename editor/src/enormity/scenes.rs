//! The scenes of Enormity's pages the canvases paint: the very pictures
//! `deckplan render` draws, built once per version of a page.

use std::collections::HashMap;

use deckplan_schema::enormity::{Pack, Page, PageId};
use deckplan_validator::draw::{Point, Rect as BoardRect, Scene};
use deckplan_validator::enormity::draw::page::draw_page;

use crate::paint::IndexedScene;

/// The map of a page, as the exporters draw it.
pub fn page_scene(page: &Page) -> IndexedScene {
    let mut scene = Scene::new(BoardRect::default());
    draw_page(&mut scene, page, Point::default());
    IndexedScene::new(scene)
}

/// The page scenes the canvases paint, rebuilt only when a page's map
/// changes: a new title, notes or a scan being lined up keep the scene.
#[derive(Default)]
pub struct Scenes {
    pages: HashMap<PageId, (Page, IndexedScene)>,
    /// How many scenes were built: what the cache saves, in numbers.
    built: u64,
}

impl Scenes {
    /// The scene of `page` as it is now.
    pub fn page(&mut self, page: &Page) -> &IndexedScene {
        let built = &mut self.built;
        let (_, scene) = self
            .pages
            .entry(page.id)
            .and_modify(|(drawn, scene)| {
                if !drawn.same_map(page) {
                    *built += 1;
                    *drawn = page.clone();
                    *scene = page_scene(page);
                }
            })
            .or_insert_with(|| {
                *built += 1;
                (page.clone(), page_scene(page))
            });
        scene
    }

    /// Drops the scenes of pages the pack no longer has.
    pub fn forget_missing(&mut self, pack: &Pack) {
        self.pages.retain(|id, _| pack.pages.contains_key(id));
    }

    /// Drops every scene (another document was opened).
    pub fn clear(&mut self) {
        self.pages.clear();
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use deckplan_schema::enormity::{Size, Space, SpaceKind};

    fn page() -> Page {
        Page::new(
            PageId { book: 1, page: 1 },
            "SR",
            Size {
                columns: 3,
                rows: 2,
            },
        )
    }

    #[test]
    fn a_scene_is_rebuilt_only_when_its_map_changes() {
        let mut page = page();
        let mut scenes = Scenes::default();
        let before = scenes.page(&page).len();
        assert_eq!(scenes.page(&page).len(), before);
        assert_eq!(scenes.built, 1);
        // What a picture does not show keeps the scene.
        page.title = Some("Renamed".to_string());
        page.background = Some(deckplan_schema::enormity::Background::new("scan.png"));
        scenes.page(&page);
        assert_eq!(scenes.built, 1);
        // A changed map does not.
        page.set_kind(Space::new(0, 1), SpaceKind::Obstacle);
        let after = scenes.page(&page).len();
        assert_eq!(scenes.built, 2);
        assert!(after > before, "{before} → {after}");
    }
}
