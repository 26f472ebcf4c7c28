//! The pipeline's analytics: how many applications reached each stage (a funnel) and the
//! median days they spent in each, from the stored moves between stages.

use crate::pipeline::Stage;

const DAY_MS: f64 = 86_400_000.0;

/// The stages a funnel counts, in their order: an application that reached one reached
/// every one before it. Rejected is an exit, not a step.
pub const FUNNEL_STAGES: [Stage; 5] = [
    Stage::Applied,
    Stage::Screening,
    Stage::Interview,
    Stage::Offer,
    Stage::Hired,
];

/// One move of an application between stages, as stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    pub from: Stage,
    pub to: Stage,
    /// Epoch milliseconds.
    pub at: i64,
}

/// An application that has moved: when it was made and its moves, oldest first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct History {
    pub applied_at: i64,
    pub moves: Vec<Move>,
}

/// One stage's line of the report.
#[derive(Debug, Clone, PartialEq)]
pub struct StageReport {
    /// The stage as stored (`applied`, `screening`, …).
    pub stage: &'static str,
    pub label: &'static str,
    /// Applications that reached it (or a later stage).
    pub reached: u64,
    /// `reached` as a share of all applications, 0–100, one decimal.
    pub percent_of_applied: f64,
    /// The median days of the stays in it that have ended, one decimal; `None` before any
    /// has (and always for Hired, which is never left).
    pub median_days: Option<f64>,
}

fn rank(stage: Stage) -> Option<usize> {
    FUNNEL_STAGES.iter().position(|s| *s == stage)
}

/// The report over `unmoved` (applications never moved, counted by the stage they are in)
/// and `histories` (those that moved).
#[must_use]
pub fn report(unmoved: &[(Stage, u64)], histories: &[History]) -> Vec<StageReport> {
    let mut reached = [0_u64; FUNNEL_STAGES.len()];
    let mut stays: [Vec<i64>; FUNNEL_STAGES.len()] = Default::default();
    let mut count_up_to = |furthest: usize, count: u64| {
        for n in &mut reached[..=furthest] {
            *n += count;
        }
    };
    for (stage, count) in unmoved {
        // A rejection from before moves were recorded reached Applied only, as far as anyone
        // can tell.
        count_up_to(rank(*stage).unwrap_or(0), *count);
    }
    for history in histories {
        let furthest = history
            .moves
            .iter()
            .flat_map(|m| [m.from, m.to])
            .filter_map(rank)
            .max()
            .unwrap_or(0);
        count_up_to(furthest, 1);
        let mut entered = history.applied_at;
        for m in &history.moves {
            if let Some(i) = rank(m.from) {
                stays[i].push(m.at - entered);
            }
            entered = m.at;
        }
    }
    let applied = reached[0];
    FUNNEL_STAGES
        .iter()
        .zip(reached)
        .zip(stays)
        .map(|((stage, reached), stays)| StageReport {
            stage: stage.as_str(),
            label: stage.label(),
            reached,
            percent_of_applied: if applied == 0 {
                0.0
            } else {
                one_decimal(100.0 * reached as f64 / applied as f64)
            },
            median_days: median(stays).map(|ms| one_decimal(ms / DAY_MS)),
        })
        .collect()
}

fn median(mut values: Vec<i64>) -> Option<f64> {
    if values.is_empty() {
        return None;
    }
    values.sort_unstable();
    let mid = values.len() / 2;
    Some(if values.len() % 2 == 1 {
        values[mid] as f64
    } else {
        f64::midpoint(values[mid - 1] as f64, values[mid] as f64)
    })
}

fn one_decimal(value: f64) -> f64 {
    (value * 10.0).round() / 10.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use Stage::*;

    const DAY: i64 = 86_400_000;

    fn moved(applied_at: i64, steps: &[(Stage, Stage, i64)]) -> History {
        History {
            applied_at,
            moves: steps
                .iter()
                .map(|&(from, to, day)| Move {
                    from,
                    to,
                    at: applied_at + day * DAY,
                })
                .collect(),
        }
    }

    #[test]
    fn each_application_counts_in_every_stage_up_to_the_furthest_it_reached() {
        let report = report(
            &[(Applied, 4), (Screening, 1), (Rejected, 2)],
            &[
                moved(0, &[(Applied, Screening, 2), (Screening, Interview, 5)]),
                // Straight to an offer, then hired: it counts in the stages it skipped too.
                moved(0, &[(Applied, Offer, 1), (Offer, Hired, 4)]),
                // Interviewed, then rejected.
                moved(0, &[(Applied, Interview, 3), (Interview, Rejected, 7)]),
            ],
        );
        let reached: Vec<(&str, u64)> = report.iter().map(|r| (r.stage, r.reached)).collect();
        assert_eq!(
            reached,
            [
                ("applied", 10),
                ("screening", 4),
                ("interview", 3),
                ("offer", 1),
                ("hired", 1)
            ]
        );
        let shares: Vec<f64> = report.iter().map(|r| r.percent_of_applied).collect();
        assert_eq!(shares, [100.0, 40.0, 30.0, 10.0, 10.0]);
    }

    #[test]
    fn the_median_counts_only_stays_that_ended() {
        let report = report(
            &[(Applied, 3)],
            &[
                moved(0, &[(Applied, Screening, 2), (Screening, Interview, 5)]),
                moved(DAY, &[(Applied, Screening, 4)]),
                moved(0, &[(Applied, Screening, 1), (Screening, Rejected, 2)]),
            ],
        );
        // Applied: 2, 4 and 1 days → 2; Screening: 3 and 1 days → 2; none left Interview.
        assert_eq!(report[0].median_days, Some(2.0));
        assert_eq!(report[1].median_days, Some(2.0));
        assert_eq!(report[2].median_days, None);
        assert_eq!(report[4].median_days, None);
        assert_eq!(report[0].label, "Applied");
    }

    #[test]
    fn no_applications_is_zeros_not_a_division_by_zero() {
        let report = report(&[], &[]);
        assert_eq!(report.len(), 5);
        assert!(
            report
                .iter()
                .all(|r| r.reached == 0 && r.percent_of_applied == 0.0)
        );
    }
}
