//! A canvas for any game's scene: the zoom and pan the user controls, fitted
//! once when first shown (and again when the window is resized before anyone
//! zoomed), the mapping between board units and screen points for one frame,
//! and the pointer turned into clicks and drags in board units.
//!
//! Enormity's page view keeps its own (rulers, per-page views); boards drawn
//! whole — a Nemesis ship, a read-only galaxy — use this.

use deckplan_validator::draw::Rect as BoardRect;
use eframe::egui::{self, PointerButton, Pos2, Rect, Response, Sense, Ui, Vec2, pos2, vec2};

use crate::paint::ScreenMap;

/// Room around a fitted scene, in points.
const FIT_PAD: f32 = 16.0;
/// Smallest and largest zoom, in points per board unit.
const SCALE_RANGE: (f32, f32) = (2.0, 600.0);
/// A fitted scene is not blown up past this many points per board unit.
const FIT_MAX_SCALE: f32 = 120.0;
/// A canvas narrower or lower than this (in points) is not fitted for good.
const MIN_CANVAS: f32 = 64.0;

/// The user's zoom and pan, relative to the canvas.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct View {
    /// Points per board unit.
    pub scale: f32,
    /// Where the scene's top-left corner is, from the canvas's top-left corner.
    pub offset: Vec2,
}

impl View {
    /// The largest view that shows all of `bounds` in `canvas`, centred.
    pub fn fit(bounds: BoardRect, canvas: Rect) -> Self {
        let (width, height) = extent(bounds);
        let room = canvas.size() - Vec2::splat(2.0 * FIT_PAD);
        let scale = (room.x / width)
            .min(room.y / height)
            .clamp(SCALE_RANGE.0, FIT_MAX_SCALE);
        let spare = (room - vec2(width, height) * scale).max(Vec2::ZERO) * 0.5;
        Self {
            scale,
            offset: Vec2::splat(FIT_PAD) + spare,
        }
    }

    /// Zooms by `factor`, keeping the board point under `anchor` where it is.
    pub fn zoom_about(&mut self, canvas: Rect, anchor: Pos2, factor: f32) {
        let scale = (self.scale * factor).clamp(SCALE_RANGE.0, SCALE_RANGE.1);
        let ratio = scale / self.scale;
        let anchor = anchor - canvas.min;
        self.offset = anchor - (anchor - self.offset) * ratio;
        self.scale = scale;
    }
}

/// The width and height of a scene's bounds, never zero.
fn extent(bounds: BoardRect) -> (f32, f32) {
    let width = (bounds.max.x - bounds.min.x).max(1e-3) as f32;
    let height = (bounds.max.y - bounds.min.y).max(1e-3) as f32;
    (width, height)
}

/// One frame's mapping between a scene and the screen.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SceneGeometry {
    /// The screen point of the scene's top-left corner (its least x, its greatest y).
    pub origin: Pos2,
    /// Points per board unit.
    pub scale: f32,
    /// The scene's top-left corner in board units.
    pub corner: (f32, f32),
}

impl SceneGeometry {
    /// The screen rectangle of a board rectangle.
    pub fn rect(&self, rect: BoardRect) -> Rect {
        Rect::from_two_pos(
            self.screen(rect.min.x as f32, rect.min.y as f32),
            self.screen(rect.max.x as f32, rect.max.y as f32),
        )
    }
}

impl ScreenMap for SceneGeometry {
    fn screen(&self, x: f32, y: f32) -> Pos2 {
        pos2(
            self.origin.x + (x - self.corner.0) * self.scale,
            self.origin.y + (self.corner.1 - y) * self.scale,
        )
    }

    fn board(&self, pos: Pos2) -> (f32, f32) {
        (
            self.corner.0 + (pos.x - self.origin.x) / self.scale,
            self.corner.1 - (pos.y - self.origin.y) / self.scale,
        )
    }

    fn scale(&self) -> f32 {
        self.scale
    }
}

/// The canvas's own state between frames.
#[derive(Clone, Debug, Default)]
pub struct SceneView {
    /// The zoom and pan; `None` until first drawn (or after Fit), when the
    /// scene is fitted and the fit kept.
    view: Option<View>,
    /// The window size the view was fitted for, while nobody zoomed or panned.
    untouched_fit: Option<Vec2>,
    /// Last frame's mapping (tests aim the pointer with it).
    pub geometry: Option<SceneGeometry>,
    /// Last frame's canvas.
    pub canvas: Option<Rect>,
}

impl SceneView {
    /// Fits the scene to the canvas on the next frame.
    pub fn fit(&mut self) {
        self.view = None;
        self.untouched_fit = None;
    }

    /// Zooms by `factor` around the canvas centre.
    pub fn zoom(&mut self, factor: f32) {
        let (Some(geo), Some(canvas)) = (self.geometry, self.canvas) else {
            return;
        };
        let mut view = self.view.unwrap_or(View {
            scale: geo.scale,
            offset: geo.origin - canvas.min,
        });
        view.zoom_about(canvas, canvas.center(), factor);
        self.view = Some(view);
        self.untouched_fit = None;
    }

    /// Pans so that board point `(x, y)` is in view: left alone when it is
    /// well inside the canvas, else centred.
    pub fn reveal(&mut self, bounds: BoardRect, x: f32, y: f32) {
        let Some(canvas) = self.canvas else {
            return;
        };
        let view = self.view.unwrap_or_else(|| View::fit(bounds, canvas));
        let geo = geometry(view, canvas, bounds);
        let margin = (canvas.width() * 0.15).min(80.0);
        if canvas.shrink(margin).contains(geo.screen(x, y)) {
            return;
        }
        let corner = (bounds.min.x as f32, bounds.max.y as f32);
        let offset =
            canvas.size() * 0.5 - vec2((x - corner.0) * view.scale, (corner.1 - y) * view.scale);
        self.view = Some(View {
            scale: view.scale,
            offset,
        });
        self.untouched_fit = None;
    }

    /// Allocates the canvas, applies zoom (wheel, pinch) and pan (middle or
    /// right drag), and returns its response and this frame's mapping.
    pub fn ui(&mut self, ui: &mut Ui, bounds: BoardRect) -> (Response, SceneGeometry) {
        let canvas = ui.available_rect_before_wrap();
        self.canvas = Some(canvas);
        let response = ui.allocate_rect(canvas, Sense::click_and_drag());
        let window = ui.ctx().content_rect().size();
        if self.untouched_fit.is_some_and(|size| size != window) {
            self.view = None;
        }
        let fitted = self.view.is_none();
        let mut view = self.view.unwrap_or_else(|| View::fit(bounds, canvas));
        let mut moved = fitted && canvas.width() > MIN_CANVAS && canvas.height() > MIN_CANVAS;
        if moved {
            self.untouched_fit = Some(window);
        }
        if response.dragged_by(PointerButton::Middle)
            || response.dragged_by(PointerButton::Secondary)
        {
            view.offset += response.drag_delta();
            moved = true;
            self.untouched_fit = None;
        }
        if let Some(pointer) = response.hover_pos() {
            let (scroll, zoom) = ui.input(|i| (i.smooth_scroll_delta.y, i.zoom_delta()));
            let factor = zoom * (scroll * 0.002).exp();
            if (factor - 1.0).abs() > 1e-4 {
                view.zoom_about(canvas, pointer, factor);
                moved = true;
                self.untouched_fit = None;
            }
        }
        if moved {
            self.view = Some(view);
        }
        let geo = geometry(view, canvas, bounds);
        self.geometry = Some(geo);
        (response, geo)
    }
}

/// The mapping of `view` on `canvas` for a scene of `bounds`.
fn geometry(view: View, canvas: Rect, bounds: BoardRect) -> SceneGeometry {
    SceneGeometry {
        origin: canvas.min + view.offset,
        scale: view.scale,
        corner: (bounds.min.x as f32, bounds.max.y as f32),
    }
}

/// The backdrop behind a scene (the scene paints its own white paper).
pub const BACKDROP: egui::Color32 = egui::Color32::from_rgb(58, 62, 70);

#[cfg(test)]
mod tests {
    use super::*;
    use deckplan_validator::draw::Point;

    #[test]
    fn a_fitted_scene_fills_the_canvas_and_maps_back_and_forth() {
        let bounds = BoardRect::new(-2.0, -1.0, 8.0, 4.0);
        let canvas = Rect::from_min_size(pos2(100.0, 50.0), vec2(532.0, 432.0));
        let view = View::fit(bounds, canvas);
        assert_eq!(view.scale, 50.0);
        let geo = geometry(view, canvas, bounds);
        let top_left = geo.screen(-2.0, 4.0);
        assert_eq!(top_left, pos2(116.0, 141.0));
        assert_eq!(geo.board(top_left), (-2.0, 4.0));
        let shown = geo.rect(bounds);
        assert!(canvas.contains_rect(shown), "{shown:?}");
        let centre = Point::new(3.0, 1.5);
        let at = geo.screen(centre.x as f32, centre.y as f32);
        assert!((at - canvas.center()).length() < 1e-3, "{at:?}");
    }

    #[test]
    fn zooming_keeps_the_point_under_the_pointer() {
        let bounds = BoardRect::new(0.0, 0.0, 10.0, 10.0);
        let canvas = Rect::from_min_size(pos2(0.0, 0.0), vec2(400.0, 300.0));
        let mut view = View::fit(bounds, canvas);
        let anchor = pos2(123.0, 77.0);
        let before = geometry(view, canvas, bounds).board(anchor);
        view.zoom_about(canvas, anchor, 2.5);
        let after = geometry(view, canvas, bounds).board(anchor);
        assert!((before.0 - after.0).abs() < 1e-4 && (before.1 - after.1).abs() < 1e-4);
    }
}
