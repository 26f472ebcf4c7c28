//! Gesture rules of the swipe feed (spec, candidate side §4 "Swipe feed", §9).
//!
//! The browser measures a drag (offset in px, release velocity in px/ms) and
//! asks these rules what it means, so the thresholds live in one tested place.
//!
//! ## What a release means
//! 1. The direction comes from the dominant axis of the offset: horizontal when
//!    `|dx| >= |dy|` (a tie goes to the horizontal actions, the common ones),
//!    vertical otherwise. Left is reject, right is next, down is copy link, and
//!    up is never an action.
//! 2. Along that axis the release is a *flick* when the velocity points the same
//!    way as the offset and its speed is strictly above the threshold
//!    ([`HORIZONTAL_SPEED`] or [`VERTICAL_SPEED`]), and the card has moved at
//!    least [`MIN_FLICK_DISTANCE`].
//! 3. It is a *long drag* when the offset along that axis goes past
//!    [`DISTANCE_THRESHOLD`], whatever the speed.
//! 4. A flick or a long drag decides; anything else snaps the card back.
//!
//! ## Why
//! The spec gives only the speeds. The long-drag rule is our addition so that a
//! slow, deliberate drag still counts. The minimum flick distance keeps a tap
//! with a little jitter from rejecting the job: double tap is the apply
//! gesture, and a rejected card cannot be brought back.

use serde::{Deserialize, Serialize};

/// Two taps closer together than this (in ms) are a double tap (spec §9).
pub const DOUBLE_TAP_WINDOW_MS: f64 = 300.0;
/// Horizontal release speed (px/ms) above which a left/right flick decides (spec §9).
pub const HORIZONTAL_SPEED: f64 = 0.15;
/// Downward release speed (px/ms) above which a flick copies the link (spec §9).
pub const VERTICAL_SPEED: f64 = 0.2;
/// How far (px) the card may be dragged along each axis (spec §9).
pub const DRAG_BOUNDS: f64 = 500.0;
/// Distance (px) past which a slow drag still decides; our choice, see the module docs.
pub const DISTANCE_THRESHOLD: f64 = 150.0;
/// Distance (px) a fast release must cover to count, so a jittery tap is not a swipe.
pub const MIN_FLICK_DISTANCE: f64 = 10.0;
/// Degrees of card tilt per px of horizontal offset is `1 / ROTATION_PX_PER_DEGREE`.
pub const ROTATION_PX_PER_DEGREE: f64 = 20.0;
/// The card never tilts more than this many degrees either way.
pub const MAX_ROTATION_DEG: f64 = 25.0;
/// The card's opacity when it is dragged far enough to decide on release.
pub const MIN_OPACITY: f64 = 0.5;

/// What releasing a dragged card does.
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum SwipeDecision {
    /// Swipe left: the job is rejected ("Job rejected").
    Reject,
    /// Swipe right: go to the next card.
    Next,
    /// Swipe down: copy the job link.
    CopyLink,
    /// Not a swipe: the card returns to the centre.
    SnapBack,
}

/// A finished drag: offset from the rest position (px; +x right, +y down) and
/// release velocity (px/ms), as pointer libraries such as framer-motion report them.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Drag {
    /// Horizontal offset in px; negative is left.
    pub dx: f64,
    /// Vertical offset in px; positive is down.
    pub dy: f64,
    /// Horizontal velocity in px/ms.
    pub vx: f64,
    /// Vertical velocity in px/ms.
    pub vy: f64,
}

/// Decides what releasing the card does; see the module docs for the rule.
///
/// Non-finite numbers (a glitching pointer) snap back rather than act.
pub fn decide_swipe(drag: Drag) -> SwipeDecision {
    let Drag { dx, dy, vx, vy } = drag;
    if ![dx, dy, vx, vy].iter().all(|v| v.is_finite()) {
        return SwipeDecision::SnapBack;
    }
    if dx.abs() >= dy.abs() {
        if dx == 0.0 {
            return SwipeDecision::SnapBack;
        }
        // Speed along the offset's direction: a flick back towards the centre is negative.
        let speed = vx * dx.signum();
        if decides(dx.abs(), speed, HORIZONTAL_SPEED) {
            return if dx < 0.0 {
                SwipeDecision::Reject
            } else {
                SwipeDecision::Next
            };
        }
    } else if dy > 0.0 && decides(dy, vy, VERTICAL_SPEED) {
        return SwipeDecision::CopyLink;
    }
    SwipeDecision::SnapBack
}

/// Whether a release `distance` px along the chosen direction, moving at
/// `speed` px/ms in that direction, is a flick or a long drag.
fn decides(distance: f64, speed: f64, speed_threshold: f64) -> bool {
    let flick = speed > speed_threshold && distance >= MIN_FLICK_DISTANCE;
    let long_drag = distance > DISTANCE_THRESHOLD;
    flick || long_drag
}

/// Clamps a drag offset to ±[`DRAG_BOUNDS`] on each axis; a non-finite axis becomes 0.
pub fn clamp_drag(dx: f64, dy: f64) -> (f64, f64) {
    (clamp_axis(dx), clamp_axis(dy))
}

fn clamp_axis(v: f64) -> f64 {
    if v.is_finite() {
        v.clamp(-DRAG_BOUNDS, DRAG_BOUNDS)
    } else {
        0.0
    }
}

/// The card's tilt in degrees for a horizontal offset: `dx / 20`, at most ±25.
pub fn rotation_deg(dx: f64) -> f64 {
    if dx.is_finite() {
        (dx / ROTATION_PX_PER_DEGREE).clamp(-MAX_ROTATION_DEG, MAX_ROTATION_DEG)
    } else {
        0.0
    }
}

/// The card's opacity for a drag offset: 1 at rest, fading linearly to
/// [`MIN_OPACITY`] at [`DISTANCE_THRESHOLD`] towards an action.
///
/// The fade ends exactly where a slow release starts to decide, so a faded card
/// tells the user "let go and it goes". Dragging up fades nothing: up is no action.
pub fn opacity(dx: f64, dy: f64) -> f64 {
    let towards_action = clamp_axis(dx).abs().max(clamp_axis(dy).max(0.0));
    let progress = (towards_action / DISTANCE_THRESHOLD).min(1.0);
    1.0 - (1.0 - MIN_OPACITY) * progress
}

/// Everything the card needs to draw itself mid-drag.
#[cfg_attr(feature = "typescript", derive(ts_rs::TS))]
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CardVisual {
    /// Clamped horizontal offset in px.
    pub x: f64,
    /// Clamped vertical offset in px.
    pub y: f64,
    /// Tilt in degrees (positive is clockwise).
    pub rotate_deg: f64,
    /// Opacity between [`MIN_OPACITY`] and 1.
    pub opacity: f64,
}

/// The card's position, tilt and opacity for a raw drag offset.
pub fn card_visual(dx: f64, dy: f64) -> CardVisual {
    let (x, y) = clamp_drag(dx, dy);
    CardVisual {
        x,
        y,
        rotate_deg: rotation_deg(x),
        opacity: opacity(x, y),
    }
}

/// Detects double taps from tap times, which the caller supplies (no clock here).
///
/// A tap fires when it comes less than [`DOUBLE_TAP_WINDOW_MS`] after the
/// previous unpaired tap. A tap that fires is consumed, so a third quick tap
/// starts a new pair instead of applying twice.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct DoubleTap {
    /// Time of the tap waiting for a partner, if any.
    pending: Option<f64>,
}

impl DoubleTap {
    /// A detector with no tap pending.
    pub const fn new() -> Self {
        Self { pending: None }
    }

    /// Records a tap at `t_ms`; true when it completes a double tap.
    ///
    /// A time earlier than the pending tap (a clock that jumped back) or a
    /// non-finite time never fires; a finite one becomes the new pending tap.
    pub fn tap(&mut self, t_ms: f64) -> bool {
        if !t_ms.is_finite() {
            self.pending = None;
            return false;
        }
        if let Some(previous) = self.pending {
            let gap = t_ms - previous;
            if (0.0..DOUBLE_TAP_WINDOW_MS).contains(&gap) {
                self.pending = None;
                return true;
            }
        }
        self.pending = Some(t_ms);
        false
    }

    /// Forgets a pending tap, e.g. when the card changes.
    pub fn reset(&mut self) {
        self.pending = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use test_case::test_case;

    fn drag(dx: f64, dy: f64, vx: f64, vy: f64) -> Drag {
        Drag { dx, dy, vx, vy }
    }

    #[test_case(drag(-80.0, 5.0, -0.5, 0.0), SwipeDecision::Reject ; "fast left flick rejects")]
    #[test_case(drag(80.0, 5.0, 0.5, 0.0), SwipeDecision::Next ; "fast right flick goes next")]
    #[test_case(drag(5.0, 80.0, 0.0, 0.5), SwipeDecision::CopyLink ; "fast down flick copies")]
    #[test_case(drag(5.0, -80.0, 0.0, -0.5), SwipeDecision::SnapBack ; "up is never an action")]
    #[test_case(drag(5.0, -400.0, 0.0, -0.5), SwipeDecision::SnapBack ; "long up drag is never an action")]
    #[test_case(drag(-80.0, 0.0, -0.15, 0.0), SwipeDecision::SnapBack ; "speed at the threshold is not above it")]
    #[test_case(drag(-80.0, 0.0, -0.16, 0.0), SwipeDecision::Reject ; "speed just above the threshold")]
    #[test_case(drag(0.0, 80.0, 0.0, 0.2), SwipeDecision::SnapBack ; "vertical speed at the threshold")]
    #[test_case(drag(0.0, 80.0, 0.0, 0.19), SwipeDecision::SnapBack ; "vertical needs more than horizontal")]
    #[test_case(drag(0.0, 80.0, 0.0, 0.21), SwipeDecision::CopyLink ; "vertical speed above the threshold")]
    #[test_case(drag(-151.0, 0.0, 0.0, 0.0), SwipeDecision::Reject ; "slow long drag left rejects")]
    #[test_case(drag(151.0, 0.0, 0.0, 0.0), SwipeDecision::Next ; "slow long drag right goes next")]
    #[test_case(drag(0.0, 151.0, 0.0, 0.0), SwipeDecision::CopyLink ; "slow long drag down copies")]
    #[test_case(drag(-150.0, 0.0, 0.0, 0.0), SwipeDecision::SnapBack ; "distance at the threshold is not past it")]
    #[test_case(drag(-80.0, 0.0, 0.5, 0.0), SwipeDecision::SnapBack ; "flicking back towards the centre snaps back")]
    #[test_case(drag(-5.0, 0.0, -0.8, 0.0), SwipeDecision::SnapBack ; "jittery tap is not a flick")]
    #[test_case(drag(-100.0, 90.0, -0.1, 0.9), SwipeDecision::SnapBack ; "dominant axis decides which speed counts")]
    #[test_case(drag(90.0, 100.0, 0.9, 0.3), SwipeDecision::CopyLink ; "mostly down with speed copies")]
    #[test_case(drag(100.0, 100.0, 0.3, 0.3), SwipeDecision::Next ; "a tie goes horizontal")]
    #[test_case(drag(0.0, 0.0, 1.0, 1.0), SwipeDecision::SnapBack ; "no offset snaps back")]
    #[test_case(drag(f64::NAN, 0.0, -1.0, 0.0), SwipeDecision::SnapBack ; "nan snaps back")]
    #[test_case(drag(-200.0, 0.0, f64::INFINITY, 0.0), SwipeDecision::SnapBack ; "infinite velocity snaps back")]
    fn decide_swipe_follows_the_rule(input: Drag, expected: SwipeDecision) {
        assert_eq!(decide_swipe(input), expected);
    }

    #[test_case(0.0, 0.0 ; "rest")]
    #[test_case(100.0, 5.0 ; "within bounds")]
    #[test_case(500.0, 25.0 ; "rotation caps at 25 degrees")]
    #[test_case(-1000.0, -25.0 ; "caps both ways")]
    fn rotation_is_dx_over_20_capped(dx: f64, expected: f64) {
        assert!((rotation_deg(dx) - expected).abs() < 1e-12);
    }

    #[test_case(0.0, 0.0, 1.0 ; "opaque at rest")]
    #[test_case(-75.0, 0.0, 0.75 ; "halfway to the threshold")]
    #[test_case(0.0, 300.0, 0.5 ; "floor past the threshold")]
    #[test_case(0.0, -300.0, 1.0 ; "dragging up does not fade")]
    fn opacity_fades_towards_an_action(dx: f64, dy: f64, expected: f64) {
        assert!((opacity(dx, dy) - expected).abs() < 1e-12);
    }

    #[test]
    fn card_visual_clamps_then_derives_tilt_and_fade() {
        let visual = card_visual(-900.0, 20.0);
        assert_eq!(
            visual,
            CardVisual {
                x: -500.0,
                y: 20.0,
                rotate_deg: -25.0,
                opacity: 0.5
            }
        );
    }

    #[test]
    fn decision_serialises_in_camel_case() {
        let json = serde_json::to_string(&SwipeDecision::CopyLink).unwrap();
        assert_eq!(json, "\"copyLink\"");
    }

    #[test]
    fn double_tap_fires_within_the_window_and_a_third_tap_starts_over() {
        let mut taps = DoubleTap::new();
        assert!(!taps.tap(1_000.0));
        assert!(taps.tap(1_250.0));
        assert!(!taps.tap(1_400.0), "a third tap must not apply again");
        assert!(taps.tap(1_500.0));
    }

    #[test]
    fn double_tap_window_is_exclusive() {
        let mut taps = DoubleTap::new();
        assert!(!taps.tap(0.0));
        assert!(!taps.tap(300.0));
        assert!(taps.tap(599.0), "the late tap became the new first tap");
    }

    #[test]
    fn double_tap_ignores_time_going_backwards_and_reset() {
        let mut taps = DoubleTap::new();
        assert!(!taps.tap(1_000.0));
        assert!(!taps.tap(900.0));
        assert!(taps.tap(1_000.0));
        assert!(!taps.tap(2_000.0));
        taps.reset();
        assert!(!taps.tap(2_100.0));
    }
}
