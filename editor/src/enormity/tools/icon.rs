//! Tool icons, painted rather than taken from a font: each is a small swatch
//! of the map showing what the tool draws (a wall, a door, a spawn point…),
//! in the canvas's own colours, so the toolbar reads like the map and needs
//! no icon font.

use eframe::egui::{
    self, Align2, Color32, FontId, Painter, Rect, Response, Role, Sense, Shape, Stroke, StrokeKind,
    TextStyle, Ui, Vec2, WidgetInfo, pos2, vec2,
};

use super::ToolKind;

const BOARD: Color32 = Color32::from_rgb(226, 226, 221);
const OUT: Color32 = Color32::from_rgb(24, 24, 28);
const INK: Color32 = Color32::from_rgb(20, 20, 20);

/// Paints a tool's icon into `rect` (square).
pub fn paint(painter: &Painter, rect: Rect, tool: ToolKind) {
    let s = rect.width();
    let at = |x: f32, y: f32| rect.min + vec2(x * s, y * s);
    painter.rect_filled(rect, 3.0, BOARD);
    let thick = Stroke::new(s * 0.16, INK);
    match tool {
        ToolKind::Select => {
            // A pointer: a white head and a tail, outlined.
            let (tip, heel, wing) = (at(0.3, 0.15), at(0.3, 0.82), at(0.78, 0.6));
            let tail = vec![at(0.42, 0.62), at(0.58, 0.9), at(0.7, 0.84), at(0.54, 0.56)];
            painter.add(Shape::convex_polygon(
                tail,
                Color32::WHITE,
                Stroke::new(1.2, INK),
            ));
            painter.add(Shape::convex_polygon(
                vec![tip, heel, wing],
                Color32::WHITE,
                Stroke::new(1.2, INK),
            ));
        }
        ToolKind::Space => {
            let half = s * 0.5;
            for (dx, dy) in [(0.0, 0.0), (half, half)] {
                painter.rect_filled(
                    Rect::from_min_size(rect.min + vec2(dx, dy), Vec2::splat(half)),
                    1.0,
                    OUT,
                );
            }
            let obstacle = Rect::from_min_size(rect.min + vec2(half, 0.0), Vec2::splat(half));
            painter.rect_filled(obstacle, 1.0, Color32::from_rgb(88, 88, 94));
        }
        ToolKind::Terrain => {
            let tile = rect.shrink(s * 0.18);
            painter.rect(
                tile,
                2.0,
                Color32::from_rgb(205, 170, 110),
                Stroke::new(1.5, Color32::from_rgb(150, 100, 35)),
                StrokeKind::Inside,
            );
        }
        ToolKind::Wall => {
            painter.line_segment([at(0.1, 0.5), at(0.9, 0.5)], thick);
        }
        ToolKind::RedLine => {
            painter.line_segment(
                [at(0.1, 0.5), at(0.9, 0.5)],
                Stroke::new(s * 0.12, Color32::from_rgb(216, 32, 32)),
            );
        }
        ToolKind::Door => {
            painter.line_segment([at(0.05, 0.5), at(0.22, 0.5)], thick);
            painter.line_segment([at(0.78, 0.5), at(0.95, 0.5)], thick);
            let bar = Rect::from_center_size(rect.center(), vec2(s * 0.56, s * 0.26));
            painter.rect(
                bar,
                2.0,
                Color32::from_rgb(222, 128, 38),
                Stroke::new(1.0, Color32::from_rgb(92, 50, 14)),
                StrokeKind::Inside,
            );
        }
        ToolKind::EraseEdge => {
            painter.line_segment(
                [at(0.1, 0.5), at(0.9, 0.5)],
                Stroke::new(s * 0.1, Color32::from_gray(150)),
            );
            let eraser = vec![at(0.3, 0.78), at(0.55, 0.3), at(0.82, 0.44), at(0.57, 0.92)];
            painter.add(Shape::convex_polygon(
                eraser,
                Color32::from_rgb(240, 140, 170),
                Stroke::new(1.2, INK),
            ));
        }
        ToolKind::ForcedArrow => arrow(painter, rect, Color32::from_rgb(72, 82, 104)),
        ToolKind::LocationArrow => arrow(painter, rect, Color32::from_rgb(24, 136, 76)),
        ToolKind::Marker => {
            painter.circle(
                rect.center(),
                s * 0.32,
                Color32::from_rgb(36, 110, 210),
                Stroke::new(1.0, INK),
            );
            painter.text(
                rect.center(),
                Align2::CENTER_CENTER,
                "S",
                FontId::proportional(s * 0.45),
                Color32::WHITE,
            );
        }
        ToolKind::SpawnPoint => spawn(painter, rect.center(), s * 0.3),
        ToolKind::SpawnLink => {
            let (a, b) = (at(0.24, 0.26), at(0.76, 0.74));
            painter.extend(Shape::dashed_line(
                &[a, b],
                Stroke::new(1.8, Color32::from_rgb(212, 36, 36)),
                3.0,
                2.0,
            ));
            spawn(painter, a, s * 0.18);
            spawn(painter, b, s * 0.18);
        }
        ToolKind::Blip => {
            let purple = Color32::from_rgb(112, 32, 150);
            painter.line_segment(
                [at(0.42, 0.58), at(0.42, 0.9)],
                Stroke::new(s * 0.1, purple),
            );
            painter.add(Shape::convex_polygon(
                vec![at(0.42, 0.98), at(0.28, 0.76), at(0.56, 0.76)],
                purple,
                Stroke::NONE,
            ));
            painter.circle(
                at(0.42, 0.4),
                s * 0.2,
                purple,
                Stroke::new(1.2, Color32::WHITE),
            );
        }
    }
    painter.rect_stroke(
        rect,
        3.0,
        Stroke::new(1.0, Color32::from_gray(90)),
        StrokeKind::Inside,
    );
}

fn arrow(painter: &Painter, rect: Rect, colour: Color32) {
    let s = rect.width();
    let at = |x: f32, y: f32| rect.min + vec2(x * s, y * s);
    painter.add(Shape::convex_polygon(
        vec![
            at(0.12, 0.42),
            at(0.55, 0.42),
            at(0.55, 0.58),
            at(0.12, 0.58),
        ],
        colour,
        Stroke::NONE,
    ));
    painter.add(Shape::convex_polygon(
        vec![at(0.9, 0.5), at(0.5, 0.2), at(0.5, 0.8)],
        colour,
        Stroke::NONE,
    ));
}

fn spawn(painter: &Painter, centre: egui::Pos2, radius: f32) {
    painter.circle(
        centre,
        radius,
        Color32::from_rgb(212, 36, 36),
        Stroke::new(1.0, Color32::from_rgb(110, 12, 12)),
    );
    painter.circle_filled(centre, radius * 0.38, Color32::WHITE);
}

/// A toolbar button: the tool's icon and label, highlighted while selected.
/// Reports itself to accessibility (and so to UI tests) as a button with the
/// tool's label.
pub fn tool_button(ui: &mut Ui, tool: ToolKind, selected: bool, enabled: bool) -> Response {
    let label = tool.label();
    let font = TextStyle::Button.resolve(ui.style());
    let galley = ui
        .painter()
        .layout_no_wrap(label.to_string(), font, Color32::PLACEHOLDER);
    let padding = ui.spacing().button_padding;
    let icon = 18.0;
    let size = vec2(
        padding.x * 2.0 + icon + 6.0 + galley.size().x,
        (icon + 4.0).max(galley.size().y + padding.y * 2.0),
    );
    let sense = if enabled {
        Sense::click()
    } else {
        Sense::hover()
    };
    let (rect, response) = ui.allocate_exact_size(size, sense);
    response.widget_info(|| WidgetInfo::selected(Role::Button, enabled, selected, label));
    if ui.is_rect_visible(rect) {
        let visuals = ui.style().interact_selectable(&response, selected);
        let painter = ui.painter();
        if selected || response.hovered() {
            painter.rect(
                rect.expand(visuals.expansion),
                visuals.corner_radius,
                visuals.weak_bg_fill,
                visuals.bg_stroke,
                StrokeKind::Inside,
            );
        }
        let icon_rect = Rect::from_min_size(
            pos2(rect.min.x + padding.x, rect.center().y - icon / 2.0),
            Vec2::splat(icon),
        );
        let faded = if enabled { 1.0 } else { 0.4 };
        if enabled {
            paint(painter, icon_rect, tool);
        } else {
            painter.rect_filled(icon_rect, 3.0, Color32::from_gray(70));
        }
        let text_colour = if enabled {
            visuals.text_color()
        } else {
            visuals.text_color().gamma_multiply(faded)
        };
        painter.galley(
            pos2(
                icon_rect.max.x + 6.0,
                rect.center().y - galley.size().y / 2.0,
            ),
            galley,
            text_colour,
        );
    }
    response
}

/// The tool's icon and name as a heading (the tool panel's title).
pub fn heading(ui: &mut Ui, tool: ToolKind) {
    ui.horizontal(|ui| {
        let (rect, _) = ui.allocate_exact_size(Vec2::splat(22.0), Sense::hover());
        paint(ui.painter(), rect, tool);
        ui.heading(tool.label());
    });
}
