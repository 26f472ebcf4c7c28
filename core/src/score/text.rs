//! Scores as every screen, e-mail and export writes them: points with at most two decimals and
//! no trailing zeros ("4", "2.5", "15.13"), percentages with one decimal ("77.0%", spec §9).
//! The web app writes them with `web/src/lib/score-text.ts`, which a test holds to these.

use super::MAX_RAW_SCORE;

/// Points as computed (two decimals), without trailing zeros: 4.0 → "4", 2.50 → "2.5".
#[must_use]
pub fn points_text(points: f64) -> String {
    let hundredths = (points * 100.0).round() / 100.0;
    let text = format!("{hundredths:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// A percentage with one decimal: 77.0 → "77.0%".
#[must_use]
pub fn percent_text(percentage: f64) -> String {
    format!("{:.1}%", (percentage * 10.0).round() / 10.0)
}

/// A total out of the most a fit score reaches: "15.1/19.6".
#[must_use]
pub fn total_text(total: f64) -> String {
    format!("{}/{}", points_text(total), points_text(MAX_RAW_SCORE))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_keep_two_decimals_without_trailing_zeros() {
        assert_eq!(points_text(4.0), "4");
        assert_eq!(points_text(2.5), "2.5");
        assert_eq!(points_text(2.75), "2.75");
        assert_eq!(points_text(15.126), "15.13");
        assert_eq!(points_text(0.0), "0");
        assert_eq!(points_text(19.6), "19.6");
    }

    #[test]
    fn percentages_have_one_decimal_and_halves_round_up() {
        assert_eq!(percent_text(77.0), "77.0%");
        assert_eq!(percent_text(94.85), "94.9%");
        assert_eq!(percent_text(0.25), "0.3%");
        assert_eq!(percent_text(100.0), "100.0%");
    }

    #[test]
    fn a_total_reads_out_of_the_maximum() {
        assert_eq!(total_text(15.1), "15.1/19.6");
        assert_eq!(total_text(16.0), "16/19.6");
    }
}
