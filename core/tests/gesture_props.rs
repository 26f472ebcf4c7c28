//! Property tests for the swipe gesture math.

use jobtap_core::gesture::{
    DISTANCE_THRESHOLD, DOUBLE_TAP_WINDOW_MS, DRAG_BOUNDS, DoubleTap, Drag, HORIZONTAL_SPEED,
    MAX_ROTATION_DEG, MIN_OPACITY, SwipeDecision, VERTICAL_SPEED, card_visual, clamp_drag,
    decide_swipe, opacity, rotation_deg,
};
use proptest::prelude::*;

fn any_offset() -> impl Strategy<Value = f64> {
    -2_000.0..2_000.0_f64
}

fn any_velocity() -> impl Strategy<Value = f64> {
    -5.0..5.0_f64
}

fn any_drag() -> impl Strategy<Value = Drag> {
    (any_offset(), any_offset(), any_velocity(), any_velocity()).prop_map(|(dx, dy, vx, vy)| Drag {
        dx,
        dy,
        vx,
        vy,
    })
}

proptest! {
    #[test]
    fn clamp_is_always_within_bounds(dx in any::<f64>(), dy in any::<f64>()) {
        let (x, y) = clamp_drag(dx, dy);
        prop_assert!((-DRAG_BOUNDS..=DRAG_BOUNDS).contains(&x));
        prop_assert!((-DRAG_BOUNDS..=DRAG_BOUNDS).contains(&y));
    }

    #[test]
    fn clamp_leaves_in_bounds_offsets_alone(dx in -DRAG_BOUNDS..=DRAG_BOUNDS, dy in -DRAG_BOUNDS..=DRAG_BOUNDS) {
        prop_assert_eq!(clamp_drag(dx, dy), (dx, dy));
    }

    #[test]
    fn reject_implies_a_leftward_dominant_offset(d in any_drag()) {
        if decide_swipe(d) == SwipeDecision::Reject {
            prop_assert!(d.dx < 0.0);
            prop_assert!(d.dx.abs() >= d.dy.abs());
        }
    }

    #[test]
    fn next_implies_a_rightward_dominant_offset(d in any_drag()) {
        if decide_swipe(d) == SwipeDecision::Next {
            prop_assert!(d.dx > 0.0);
            prop_assert!(d.dx.abs() >= d.dy.abs());
        }
    }

    #[test]
    fn copy_link_implies_a_downward_dominant_offset(d in any_drag()) {
        if decide_swipe(d) == SwipeDecision::CopyLink {
            prop_assert!(d.dy > 0.0);
            prop_assert!(d.dy.abs() > d.dx.abs());
        }
    }

    #[test]
    fn slow_short_drags_snap_back(
        dx in -DISTANCE_THRESHOLD..=DISTANCE_THRESHOLD,
        dy in -DISTANCE_THRESHOLD..=DISTANCE_THRESHOLD,
        vx in -HORIZONTAL_SPEED..=HORIZONTAL_SPEED,
        vy in -VERTICAL_SPEED..=VERTICAL_SPEED,
    ) {
        prop_assert_eq!(decide_swipe(Drag { dx, dy, vx, vy }), SwipeDecision::SnapBack);
    }

    #[test]
    fn left_and_right_are_mirror_images(d in any_drag()) {
        let mirrored = Drag { dx: -d.dx, vx: -d.vx, ..d };
        let expected = match decide_swipe(d) {
            SwipeDecision::Reject => SwipeDecision::Next,
            SwipeDecision::Next => SwipeDecision::Reject,
            other => other,
        };
        prop_assert_eq!(decide_swipe(mirrored), expected);
    }

    #[test]
    fn dragging_up_never_acts(dx in any_offset(), up in 0.0..2_000.0_f64, vx in any_velocity(), vy in any_velocity()) {
        // Up-dominant: |dy| > |dx| with dy negative.
        let dy = -(dx.abs() + up + 1.0);
        prop_assert_eq!(decide_swipe(Drag { dx, dy, vx, vy }), SwipeDecision::SnapBack);
    }

    #[test]
    fn long_drags_decide_whatever_the_speed(dist in (DISTANCE_THRESHOLD + 0.001)..DRAG_BOUNDS, v in any_velocity()) {
        prop_assert_eq!(decide_swipe(Drag { dx: -dist, dy: 0.0, vx: v, vy: 0.0 }), SwipeDecision::Reject);
        prop_assert_eq!(decide_swipe(Drag { dx: dist, dy: 0.0, vx: v, vy: 0.0 }), SwipeDecision::Next);
        prop_assert_eq!(decide_swipe(Drag { dx: 0.0, dy: dist, vx: 0.0, vy: v }), SwipeDecision::CopyLink);
    }

    #[test]
    fn rotation_stays_within_the_cap_and_follows_dx(dx in any::<f64>()) {
        let r = rotation_deg(dx);
        prop_assert!(r.abs() <= MAX_ROTATION_DEG);
        if dx.is_finite() && dx != 0.0 {
            prop_assert!(r * dx >= 0.0, "tilt {r} opposes dx {dx}");
        }
    }

    #[test]
    fn opacity_stays_between_the_floor_and_one(dx in any::<f64>(), dy in any::<f64>()) {
        let o = opacity(dx, dy);
        prop_assert!((MIN_OPACITY..=1.0).contains(&o));
    }

    #[test]
    fn card_visual_is_consistent_with_the_helpers(dx in any_offset(), dy in any_offset()) {
        let v = card_visual(dx, dy);
        prop_assert_eq!((v.x, v.y), clamp_drag(dx, dy));
        // Same inputs, same computation: the bits must agree exactly.
        prop_assert_eq!(v.rotate_deg.to_bits(), rotation_deg(v.x).to_bits());
        prop_assert_eq!(v.opacity.to_bits(), opacity(v.x, v.y).to_bits());
    }

    #[test]
    fn double_tap_never_fires_for_taps_further_apart_than_the_window(
        start in -1.0e6..1.0e6_f64,
        // The exact 300 ms boundary is a unit test; here float rounding of `t + gap` must not blur it.
        gaps in prop::collection::vec((DOUBLE_TAP_WINDOW_MS + 0.001)..10_000.0, 1..20),
    ) {
        let mut taps = DoubleTap::new();
        let mut t = start;
        prop_assert!(!taps.tap(t));
        for gap in gaps {
            t += gap;
            prop_assert!(!taps.tap(t));
        }
    }

    #[test]
    fn double_tap_always_fires_for_two_quick_taps(start in -1.0e6..1.0e6_f64, gap in 0.0..(DOUBLE_TAP_WINDOW_MS - 0.001)) {
        let mut taps = DoubleTap::new();
        prop_assert!(!taps.tap(start));
        prop_assert!(taps.tap(start + gap));
    }

    #[test]
    fn double_tap_never_fires_twice_in_a_row(times in prop::collection::vec(0.0..100.0_f64, 1..30)) {
        let mut taps = DoubleTap::new();
        let mut t = 0.0;
        let mut previous_fired = false;
        for step in times {
            t += step;
            let fired = taps.tap(t);
            prop_assert!(!(fired && previous_fired));
            previous_fired = fired;
        }
    }
}
