//! Polygons cut into triangles, for painters that fill only convex shapes.
//!
//! The PNG and SVG backends fill any polygon, but egui (the editor's canvas)
//! fills convex ones only, and some printed symbols are not convex — the door
//! bar has notches. A scene's polygons are small and simple (no holes, no
//! crossing sides), so plain ear clipping is all that is needed: at worst
//! O(n³), on a few dozen corners.

use super::scene::Point;

/// Twice the signed area of a polygon: positive when its corners run
/// counter-clockwise (with y up).
fn doubled_area(points: &[Point]) -> f64 {
    let n = points.len();
    (0..n)
        .filter_map(|i| Some((points.get(i)?, points.get((i + 1) % n)?)))
        .map(|(a, b)| a.x * b.y - b.x * a.y)
        .sum()
}

/// Twice the signed area of the triangle `a b c`: positive when it turns left.
fn turn(a: Point, b: Point, c: Point) -> f64 {
    (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
}

/// Whether every corner of the polygon turns the same way (collinear corners
/// allowed), so painters that fill convex shapes can fill it directly.
pub fn is_convex(points: &[Point]) -> bool {
    let n = points.len();
    let (mut left, mut right) = (false, false);
    for i in 0..n {
        let (Some(a), Some(b), Some(c)) = (
            points.get(i),
            points.get((i + 1) % n),
            points.get((i + 2) % n),
        ) else {
            return false;
        };
        let t = turn(*a, *b, *c);
        left |= t > 0.0;
        right |= t < 0.0;
    }
    !(left && right)
}

/// Whether `p` lies inside the counter-clockwise triangle `a b c` or on its sides.
fn in_triangle(p: Point, a: Point, b: Point, c: Point) -> bool {
    turn(a, b, p) >= 0.0 && turn(b, c, p) >= 0.0 && turn(c, a, p) >= 0.0
}

/// Cuts a simple polygon into triangles, as indices into `points`, each
/// triangle in the polygon's own winding. A polygon of n corners gives n − 2
/// triangles (fewer when corners are collinear); one that touches itself at a
/// corner is cut too; fewer than three corners give none. A polygon whose
/// sides cross gives only the triangles found before the cutting got stuck:
/// never one that covers anything outside the outline.
pub fn triangulate(points: &[Point]) -> Vec<[usize; 3]> {
    let counter_clockwise = doubled_area(points) >= 0.0;
    // Work on a counter-clockwise order, then give triangles back in the
    // caller's winding.
    let mut left: Vec<usize> = (0..points.len()).collect();
    if !counter_clockwise {
        left.reverse();
    }
    let at = |i: usize| points.get(i).copied().unwrap_or_default();
    let mut triangles = Vec::with_capacity(points.len().saturating_sub(2));
    while left.len() > 3 {
        let n = left.len();
        let ear = (0..n).find_map(|k| {
            let (a, b, c) = (
                *left.get((k + n - 1) % n)?,
                *left.get(k)?,
                *left.get((k + 1) % n)?,
            );
            let t = turn(at(a), at(b), at(c));
            if t < 0.0 {
                return None;
            }
            if t == 0.0 {
                // A straight corner adds no area: drop it without a triangle.
                return Some((k, None));
            }
            // A corner repeated elsewhere (where the outline touches itself)
            // is the ear's own corner, not one inside it.
            let corners = [at(a), at(b), at(c)];
            let blocked = left.iter().map(|&p| at(p)).any(|p| {
                !corners.contains(&p) && in_triangle(p, corners[0], corners[1], corners[2])
            });
            (!blocked).then_some((k, Some([a, b, c])))
        });
        // A simple polygon always has an ear; one whose sides cross may not.
        let Some((k, triangle)) = ear else {
            break;
        };
        triangles.extend(triangle);
        left.remove(k);
    }
    if let [a, b, c] = left.as_slice()
        && turn(at(*a), at(*b), at(*c)) > 0.0
    {
        triangles.push([*a, *b, *c]);
    }
    if !counter_clockwise {
        for triangle in &mut triangles {
            triangle.swap(1, 2);
        }
    }
    triangles
}

#[cfg(test)]
#[allow(clippy::indexing_slicing)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn area(points: &[Point]) -> f64 {
        doubled_area(points).abs() / 2.0
    }

    fn triangles_area(points: &[Point], triangles: &[[usize; 3]]) -> f64 {
        triangles
            .iter()
            .map(|t| area(&[points[t[0]], points[t[1]], points[t[2]]]))
            .sum()
    }

    /// The printed door bar: a notched bar, not convex.
    fn door() -> Vec<Point> {
        [
            (-0.44, 0.06),
            (-0.38, 0.11),
            (-0.16, 0.11),
            (-0.1, 0.17),
            (0.1, 0.17),
            (0.16, 0.11),
            (0.38, 0.11),
            (0.44, 0.06),
            (0.44, -0.06),
            (0.38, -0.11),
            (0.16, -0.11),
            (0.1, -0.17),
            (-0.1, -0.17),
            (-0.16, -0.11),
            (-0.38, -0.11),
            (-0.44, -0.06),
        ]
        .into_iter()
        .map(|(x, y)| Point::new(x, y))
        .collect()
    }

    #[test]
    fn convexity() {
        let square =
            [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)].map(|(x, y)| Point::new(x, y));
        assert!(is_convex(&square));
        let mut clockwise = square;
        clockwise.reverse();
        assert!(is_convex(&clockwise));
        assert!(!is_convex(&door()));
    }

    #[test]
    fn the_door_bar_is_cut_into_triangles_that_cover_it_exactly() {
        let points = door();
        let triangles = triangulate(&points);
        assert_eq!(triangles.len(), points.len() - 2);
        assert!((triangles_area(&points, &triangles) - area(&points)).abs() < 1e-12);
        // Same winding as the polygon (clockwise here, as the icon lists it).
        assert!(doubled_area(&points) < 0.0);
        for t in &triangles {
            assert!(
                turn(points[t[0]], points[t[1]], points[t[2]]) < 0.0,
                "{t:?}"
            );
        }
    }

    #[test]
    fn a_notched_square_is_cut_without_covering_the_notch() {
        // A 2 × 2 square with a 1 × 1 bite out of its top-right corner: area 3.
        let points = [
            (0.0, 0.0),
            (2.0, 0.0),
            (2.0, 1.0),
            (1.0, 1.0),
            (1.0, 2.0),
            (0.0, 2.0),
        ]
        .map(|(x, y)| Point::new(x, y));
        let triangles = triangulate(&points);
        assert_eq!(triangles.len(), 4);
        assert!((triangles_area(&points, &triangles) - 3.0).abs() < 1e-12);
        let notch = Point::new(1.5, 1.5);
        assert!(!triangles.iter().any(|t| in_triangle(
            notch,
            points[t[0]],
            points[t[1]],
            points[t[2]]
        )));
    }

    #[test]
    fn an_outline_touching_itself_at_a_corner_is_cut_exactly() {
        // Two unit squares meeting at (1, 1), traced as one outline: area 2.
        let points = [
            (0.0, 0.0),
            (1.0, 0.0),
            (1.0, 1.0),
            (2.0, 1.0),
            (2.0, 2.0),
            (1.0, 2.0),
            (1.0, 1.0),
            (0.0, 1.0),
        ]
        .map(|(x, y)| Point::new(x, y));
        let triangles = triangulate(&points);
        assert!(
            (triangles_area(&points, &triangles) - 2.0).abs() < 1e-12,
            "{triangles:?}"
        );
        let outside = [Point::new(1.5, 0.5), Point::new(0.5, 1.5)];
        for t in &triangles {
            for p in outside {
                assert!(
                    !in_triangle(p, points[t[0]], points[t[1]], points[t[2]]),
                    "{t:?}"
                );
            }
        }
    }

    #[test]
    fn crossing_sides_never_fill_outside() {
        // A bow tie: its sides cross at (1, 1).
        let points =
            [(0.0, 0.0), (2.0, 2.0), (2.0, 0.0), (0.0, 2.0)].map(|(x, y)| Point::new(x, y));
        let triangles = triangulate(&points);
        for t in &triangles {
            let centre = Point::new(
                (points[t[0]].x + points[t[1]].x + points[t[2]].x) / 3.0,
                (points[t[0]].y + points[t[1]].y + points[t[2]].y) / 3.0,
            );
            // Inside the bow tie: left or right of the crossing, within the wedge.
            let inside = (centre.y - 1.0).abs() <= (centre.x - 1.0).abs();
            assert!(inside, "{t:?} covers {centre:?}");
        }
    }

    #[test]
    fn straight_corners_and_too_few_points() {
        let with_straight_corner =
            [(0.0, 0.0), (1.0, 0.0), (2.0, 0.0), (1.0, 1.0)].map(|(x, y)| Point::new(x, y));
        let triangles = triangulate(&with_straight_corner);
        assert!((triangles_area(&with_straight_corner, &triangles) - 1.0).abs() < 1e-12);
        assert!(triangulate(&[Point::new(0.0, 0.0), Point::new(1.0, 0.0)]).is_empty());
    }

    proptest! {
        /// Star-shaped polygons (corners at sorted angles around a centre, at
        /// random distances) are simple, often far from convex: the triangles
        /// must cover exactly their area.
        #[test]
        fn star_polygons_are_covered_exactly(
            corners in proptest::collection::vec((0.0f64..1.0, 0.2f64..3.0), 3..40),
            reverse in any::<bool>(),
        ) {
            let mut corners = corners;
            corners.sort_by(|a, b| a.0.total_cmp(&b.0));
            corners.dedup_by(|a, b| (a.0 - b.0).abs() < 1e-3);
            prop_assume!(corners.len() >= 3);
            // Every gap between neighbouring corners under half a turn keeps
            // the closing side from crossing the others.
            let gaps = corners.windows(2).map(|w| w[1].0 - w[0].0);
            let wrap = corners[0].0 + 1.0 - corners[corners.len() - 1].0;
            prop_assume!(gaps.chain([wrap]).all(|gap| gap < 0.5));
            let mut points: Vec<Point> = corners
                .iter()
                .map(|(angle, radius)| {
                    let a = angle * std::f64::consts::TAU;
                    Point::new(radius * a.cos(), radius * a.sin())
                })
                .collect();
            if reverse {
                points.reverse();
            }
            let triangles = triangulate(&points);
            prop_assert!(triangles.len() <= points.len() - 2);
            let covered = triangles_area(&points, &triangles);
            prop_assert!((covered - area(&points)).abs() < 1e-9 * area(&points).max(1.0),
                "covered {} of {}", covered, area(&points));
        }
    }
}
