//! Fields of study: the employer's required-degree options (employer side, "Required-degree
//! options"), how a candidate's degree name maps onto them, and how near two fields are.
//!
//! ## Why
//! The degree component compared classes only, so a First in Computer Science met a
//! clinic's "Medicine" requirement in full. A job that names fields now scales the class by
//! how near the candidate's field is to the nearest of them ([`fit`]); nearness comes from a
//! small table of related fields ([`RELATED`]), not from words alone, because "Medicine" and
//! "Nursing" share no word and "Computer Engineering" shares one with "Civil Engineering".

use std::fmt;

/// One of the employer's named degree fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum DegreeField {
    ComputerScience,
    InformationTechnology,
    SoftwareEngineering,
    BusinessAdministration,
    Marketing,
    Finance,
    Accounting,
    Economics,
    Engineering,
    Education,
    Nursing,
    Medicine,
    Law,
    Psychology,
    Sociology,
    AgricultureEnvironmentalScience,
}

impl DegreeField {
    /// Every field, in the order of the employer's options.
    pub const ALL: [Self; 16] = [
        Self::ComputerScience,
        Self::InformationTechnology,
        Self::SoftwareEngineering,
        Self::BusinessAdministration,
        Self::Marketing,
        Self::Finance,
        Self::Accounting,
        Self::Economics,
        Self::Engineering,
        Self::Education,
        Self::Nursing,
        Self::Medicine,
        Self::Law,
        Self::Psychology,
        Self::Sociology,
        Self::AgricultureEnvironmentalScience,
    ];

    /// The option's label as the employer form shows it.
    pub const fn label(self) -> &'static str {
        match self {
            Self::ComputerScience => "Computer Science",
            Self::InformationTechnology => "Information Technology",
            Self::SoftwareEngineering => "Software Engineering",
            Self::BusinessAdministration => "Business Administration",
            Self::Marketing => "Marketing",
            Self::Finance => "Finance",
            Self::Accounting => "Accounting",
            Self::Economics => "Economics",
            Self::Engineering => "Engineering",
            Self::Education => "Education",
            Self::Nursing => "Nursing",
            Self::Medicine => "Medicine",
            Self::Law => "Law",
            Self::Psychology => "Psychology",
            Self::Sociology => "Sociology",
            Self::AgricultureEnvironmentalScience => "Agriculture and Environmental Science",
        }
    }

    /// The field a label, a degree's name or a free-text field refers to, if any: "BSc
    /// Nursing Science", "MBChB", "LLB", "Bachelor of Accountancy", "B.Com in Finance".
    /// The most specific phrase wins, so "Software Engineering" is not "Engineering".
    pub fn read(text: &str) -> Option<Self> {
        let words = words_of(text);
        let mut best: Option<(usize, Self)> = None;
        for (phrase, field) in PHRASES {
            let phrase_words: Vec<&str> = phrase.split(' ').collect();
            if contains_run(&words, &phrase_words)
                && best.is_none_or(|(len, _)| phrase_words.len() > len)
            {
                best = Some((phrase_words.len(), *field));
            }
        }
        best.map(|(_, field)| field)
    }
}

impl fmt::Display for DegreeField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

/// Phrases (lowercase words, as [`words_of`] writes them) that name a field, degree
/// abbreviations included. Matched as whole runs of words.
const PHRASES: &[(&str, DegreeField)] = {
    use DegreeField as F;
    &[
        ("computer science", F::ComputerScience),
        ("computing", F::ComputerScience),
        ("computer sciences", F::ComputerScience),
        ("data science", F::ComputerScience),
        ("information technology", F::InformationTechnology),
        ("information systems", F::InformationTechnology),
        ("it", F::InformationTechnology),
        ("ict", F::InformationTechnology),
        ("software engineering", F::SoftwareEngineering),
        ("software development", F::SoftwareEngineering),
        ("business administration", F::BusinessAdministration),
        ("business management", F::BusinessAdministration),
        ("business studies", F::BusinessAdministration),
        ("mba", F::BusinessAdministration),
        ("bba", F::BusinessAdministration),
        ("management", F::BusinessAdministration),
        ("marketing", F::Marketing),
        ("finance", F::Finance),
        ("banking", F::Finance),
        ("banking and finance", F::Finance),
        ("accounting", F::Accounting),
        ("accountancy", F::Accounting),
        ("acca", F::Accounting),
        ("economics", F::Economics),
        ("econometrics", F::Economics),
        ("engineering", F::Engineering),
        ("beng", F::Engineering),
        ("meng", F::Engineering),
        ("bsc eng", F::Engineering),
        ("education", F::Education),
        ("bed", F::Education),
        ("teaching", F::Education),
        ("nursing", F::Nursing),
        ("nursing science", F::Nursing),
        ("midwifery", F::Nursing),
        ("medicine", F::Medicine),
        ("mbchb", F::Medicine),
        ("mbbs", F::Medicine),
        ("medicine and surgery", F::Medicine),
        ("medical", F::Medicine),
        ("law", F::Law),
        ("laws", F::Law),
        ("llb", F::Law),
        ("llm", F::Law),
        ("psychology", F::Psychology),
        ("sociology", F::Sociology),
        ("social work", F::Sociology),
        ("agriculture", F::AgricultureEnvironmentalScience),
        ("agricultural", F::AgricultureEnvironmentalScience),
        ("agronomy", F::AgricultureEnvironmentalScience),
        ("environmental science", F::AgricultureEnvironmentalScience),
        (
            "agriculture and environmental science",
            F::AgricultureEnvironmentalScience,
        ),
    ]
};

/// Pairs of different fields and how near they are (0–1); a pair not listed is unrelated.
/// Symmetric: each pair is listed once.
pub const RELATED: &[(DegreeField, DegreeField, f64)] = {
    use DegreeField as F;
    &[
        (F::ComputerScience, F::SoftwareEngineering, 0.9),
        (F::ComputerScience, F::InformationTechnology, 0.8),
        (F::SoftwareEngineering, F::InformationTechnology, 0.8),
        (F::Engineering, F::SoftwareEngineering, 0.5),
        (F::Engineering, F::ComputerScience, 0.4),
        (F::Accounting, F::Finance, 0.8),
        (F::Finance, F::Economics, 0.8),
        (F::Accounting, F::Economics, 0.6),
        (F::BusinessAdministration, F::Finance, 0.6),
        (F::BusinessAdministration, F::Accounting, 0.5),
        (F::BusinessAdministration, F::Economics, 0.5),
        (F::BusinessAdministration, F::Marketing, 0.7),
        (F::Medicine, F::Nursing, 0.5),
        (F::Psychology, F::Sociology, 0.6),
        (F::Psychology, F::Education, 0.4),
        (F::Sociology, F::Education, 0.4),
    ]
};

/// How near field `a` is to field `b`: 1 for the same field, the table's figure for a
/// related pair, 0 otherwise.
pub fn nearness(a: DegreeField, b: DegreeField) -> f64 {
    if a == b {
        return 1.0;
    }
    RELATED
        .iter()
        .find(|(x, y, _)| (*x == a && *y == b) || (*x == b && *y == a))
        .map_or(0.0, |(_, _, n)| *n)
}

/// The fields a job's required-degree list names, each once, in list order; entries that
/// name no known field (custom entries) are left out.
pub fn read_all(required: &[String]) -> Vec<DegreeField> {
    let mut fields = Vec::new();
    for field in required.iter().filter_map(|r| DegreeField::read(r)) {
        if !fields.contains(&field) {
            fields.push(field);
        }
    }
    fields
}

/// The candidate's field against the fields a job requires: the nearest match, and the
/// required field it was found for. `None` when the job names no field.
pub fn fit(candidate: Option<DegreeField>, wanted: &[DegreeField]) -> Option<FieldFit> {
    let first = *wanted.first()?;
    let Some(candidate) = candidate else {
        return Some(FieldFit {
            nearness: UNKNOWN_FIELD_NEARNESS,
            nearest: first,
        });
    };
    let (nearest, nearness) =
        wanted
            .iter()
            .map(|&w| (w, nearness(candidate, w)))
            .fold(
                (first, -1.0),
                |best, next| if next.1 > best.1 { next } else { best },
            );
    Some(FieldFit { nearness, nearest })
}

/// The nearness used when the candidate's field is not known: neither a match nor a
/// refusal, so a profile without a field is not shut out of every job that names one.
pub const UNKNOWN_FIELD_NEARNESS: f64 = 0.5;

/// What [`fit`] found.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FieldFit {
    /// 0–1.
    pub nearness: f64,
    /// The required field nearest to the candidate's (the first one when unknown).
    pub nearest: DegreeField,
}

/// Lowercase words of letters and digits; anything else separates.
fn words_of(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// Whether `words` holds `run` as consecutive words.
fn contains_run(words: &[String], run: &[&str]) -> bool {
    !run.is_empty()
        && words
            .windows(run.len())
            .any(|w| w.iter().zip(run).all(|(a, b)| a == b))
}

#[cfg(test)]
mod tests {
    use super::DegreeField::*;
    use super::*;

    #[test]
    fn the_fields_are_the_employer_options() {
        let labels: Vec<&str> = DegreeField::ALL.iter().map(|f| f.label()).collect();
        assert_eq!(labels, crate::job_post::REQUIRED_DEGREES);
    }

    #[test]
    fn every_label_reads_back_as_its_field() {
        for field in DegreeField::ALL {
            assert_eq!(DegreeField::read(field.label()), Some(field), "{field}");
        }
    }

    #[test]
    fn degree_names_map_to_their_fields() {
        let cases = [
            ("BSc Nursing Science", Nursing),
            ("MBChB", Medicine),
            ("Bachelor of Medicine and Surgery (MBChB)", Medicine),
            ("LLB (Hons)", Law),
            ("Bachelor of Laws", Law),
            ("Bachelor of Accountancy", Accounting),
            ("B.Com in Finance", Finance),
            ("BSc Honours in Computer Science", ComputerScience),
            ("BSc Software Engineering", SoftwareEngineering),
            ("BEng Electrical Engineering", Engineering),
            ("BSc Agriculture", AgricultureEnvironmentalScience),
            ("Diploma in Education", Education),
            ("MBA", BusinessAdministration),
            ("BSc Psychology", Psychology),
        ];
        for (text, field) in cases {
            assert_eq!(DegreeField::read(text), Some(field), "{text}");
        }
    }

    #[test]
    fn a_name_without_a_field_reads_as_none() {
        for text in ["", "Bachelor of Science", "Honours degree", "2.1 Class"] {
            assert_eq!(DegreeField::read(text), None, "{text}");
        }
    }

    #[test]
    fn nearness_is_symmetric_one_for_the_same_field_and_zero_for_unrelated() {
        for a in DegreeField::ALL {
            assert!((nearness(a, a) - 1.0).abs() < f64::EPSILON);
            for b in DegreeField::ALL {
                assert!(
                    (nearness(a, b) - nearness(b, a)).abs() < f64::EPSILON,
                    "{a} {b}"
                );
                assert!((0.0..=1.0).contains(&nearness(a, b)));
            }
        }
        assert!(nearness(SoftwareEngineering, ComputerScience) >= 0.8);
        assert!(nearness(Accounting, Finance) >= 0.7);
        assert!(nearness(Medicine, Nursing) > 0.0 && nearness(Medicine, Nursing) < 0.8);
        assert!(nearness(ComputerScience, Medicine).abs() < f64::EPSILON);
        assert!(nearness(Law, Nursing).abs() < f64::EPSILON);
    }

    #[test]
    fn the_related_table_lists_each_pair_once() {
        for (i, (a, b, _)) in RELATED.iter().enumerate() {
            assert_ne!(a, b);
            for (c, d, _) in &RELATED[i + 1..] {
                assert!(!((a == c && b == d) || (a == d && b == c)), "{a} {b} twice");
            }
        }
    }

    #[test]
    fn fit_takes_the_nearest_required_field() {
        let required = read_all(&["Medicine".into(), "Nursing".into(), "Medicine".into()]);
        assert_eq!(required, vec![Medicine, Nursing]);
        let nurse = fit(Some(Nursing), &required).expect("the job names fields");
        assert_eq!(nurse.nearest, Nursing);
        assert!((nurse.nearness - 1.0).abs() < f64::EPSILON);
        let developer = fit(Some(ComputerScience), &required).expect("the job names fields");
        assert!(developer.nearness.abs() < f64::EPSILON);
        let unknown = fit(None, &required).expect("the job names fields");
        assert!((unknown.nearness - UNKNOWN_FIELD_NEARNESS).abs() < f64::EPSILON);
        assert_eq!(fit(Some(Law), &[]), None);
        assert!(read_all(&["Basket weaving".into()]).is_empty());
    }
}
