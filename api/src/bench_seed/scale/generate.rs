//! The generators: employers, jobs, candidates and applications as a national job board holds
//! them, each a pure function of its number (the same seed gives the same board).
//!
//! Jobs vary the fixtures' occupations by seniority, employer, town, pay and posting day;
//! each employer hires in one field of work. Candidates vary the fixtures' people by name,
//! town and years, keep their resume and the one or two skills they typed, and apply to jobs
//! of their own occupation.

use jobtap_core::application_status::ApplicationStatus;
use jobtap_core::job_type::JobType;
use jobtap_core::score::CandidateProfile;

use crate::clock::DAY_MS;
use crate::jobs::store::JobFields;

use super::fixtures::{FIELD_SHARES, Fixtures, Template};

/// A well-mixed 64-bit hash of `(stream, n)` (splitmix64): the generators' randomness.
pub fn mix(stream: u64, n: u64) -> u64 {
    let mut z = stream
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(n)
        .wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A uniform pick below `len` from `(stream, n)`.
pub fn pick(stream: u64, n: u64, len: usize) -> usize {
    usize::try_from(mix(stream, n) % (len.max(1) as u64)).unwrap_or(0)
}

/// A random-looking version 4 UUID, the same for the same `(stream, n)`.
pub fn uuid(stream: u64, n: u64) -> String {
    let hi = mix(stream, n).to_le_bytes();
    let lo = mix(stream ^ 0xA5A5, n).to_le_bytes();
    let mut bytes = [0u8; 16];
    bytes[..8].copy_from_slice(&hi);
    bytes[8..].copy_from_slice(&lo);
    uuid::Builder::from_random_bytes(bytes)
        .into_uuid()
        .to_string()
}

const TOWNS: [(&str, u64); 16] = [
    ("Harare", 30),
    ("Bulawayo", 14),
    ("Mutare", 7),
    ("Gweru", 6),
    ("Masvingo", 5),
    ("Kwekwe", 4),
    ("Kadoma", 3),
    ("Chinhoyi", 3),
    ("Marondera", 3),
    ("Bindura", 2),
    ("Victoria Falls", 3),
    ("Hwange", 2),
    ("Chiredzi", 2),
    ("Zvishavane", 2),
    ("Beitbridge", 2),
    ("Kariba", 1),
];

/// A town, weighted by how many jobs and people a town has.
pub fn town(stream: u64, n: u64) -> &'static str {
    weighted(mix(stream, n), &TOWNS)
}

fn weighted<T: Copy>(roll: u64, items: &[(T, u64)]) -> T {
    let total: u64 = items.iter().map(|(_, w)| w).sum();
    let mut at = roll % total;
    for (item, weight) in items {
        if at < *weight {
            return *item;
        }
        at -= weight;
    }
    items[0].0
}

/// The field of work (an index of `FIELDS`) of employer `e`.
pub fn employer_field(e: u64) -> usize {
    let shares: Vec<(usize, u64)> = FIELD_SHARES.iter().copied().enumerate().collect();
    weighted(mix(1, e), &shares)
}

const NAME_PARTS: [&str; 24] = [
    "Zambezi",
    "Limpopo",
    "Msasa",
    "Mopane",
    "Baobab",
    "Matopos",
    "Nyanga",
    "Chimanimani",
    "Kopje",
    "Mukuvisi",
    "Sabi",
    "Runde",
    "Gwayi",
    "Mazowe",
    "Save",
    "Umzingwane",
    "Great Dyke",
    "Highveld",
    "Lowveld",
    "Eastern Highlands",
    "Granite",
    "Sunrise",
    "Impala",
    "Kudu",
];

const FIELD_KINDS: [[&str; 4]; 5] = [
    ["Hospital", "Medical Centre", "Clinic", "Pharmacy"],
    ["Holdings", "Bank", "Insurance", "Logistics"],
    ["College", "Lodge", "Hotel", "Academy"],
    ["Mining", "Engineering", "Construction", "Transport"],
    ["Technologies", "Systems", "Fintech", "Digital"],
];

/// Employer `e`'s company name (unique: the number closes it when two would share a name).
pub fn company(e: u64) -> String {
    if e == 0 {
        return "Bench Recruitment Partners".to_string();
    }
    let part = NAME_PARTS[pick(2, e, NAME_PARTS.len())];
    let kind = FIELD_KINDS[employer_field(e)][pick(3, e, 4)];
    let combos = (NAME_PARTS.len() * 4) as u64;
    if e <= combos {
        format!("{part} {kind}")
    } else {
        format!("{part} {kind} {}", e / combos + 1)
    }
}

const SENIORITY: [(&str, f64, u64); 6] = [
    ("", 1.0, 55),
    ("Senior ", 1.45, 15),
    ("Junior ", 0.7, 10),
    ("Assistant ", 0.75, 8),
    ("Principal ", 1.8, 4),
    ("Trainee ", 0.5, 8),
];

const CLOSINGS: [&str; 6] = [
    "Only shortlisted candidates will be contacted.",
    "Applications close 30 days after posting.",
    "Women are strongly encouraged to apply.",
    "The post comes with medical aid and a pension scheme.",
    "Candidates must be willing to relocate if required.",
    "Send a short cover letter and your CV through JobTap.",
];

/// Where job `n` sits: its employer and its template.
pub fn placement(n: u64, employers: u64, analytics_jobs: u64, fixtures: &Fixtures) -> (u64, usize) {
    if n < analytics_jobs {
        // The analytics employer is an agency recruiting in every field.
        return (0, pick(4, n, fixtures.templates.len()));
    }
    let e = 1 + mix(5, n) % (employers - 1).max(1);
    let field = &fixtures.by_field[employer_field(e)];
    (e, field[pick(6, n, field.len())])
}

/// Job `n`, of employer `e` (whose user id is `employer_id`) from `template`, posted within
/// the last 90 days and live for 120 days after.
pub fn job(n: u64, e: u64, employer_id: &str, template: &Template, now: i64) -> JobFields {
    let base = &template.job;
    let (prefix, pay) = seniority(n, &base.job_title);
    let remote = template.field == 4 && mix(8, n).is_multiple_of(5);
    let place = if remote {
        "Remote".to_string()
    } else {
        format!("{}, Zimbabwe", town(9, n))
    };
    let company = company(e);
    // Pay in steps of $10, within ±20 % of the template's; one job in seven names none.
    let jitter = 0.8 + (mix(10, n) % 400) as f64 / 1000.0;
    let salary = base
        .salary_min
        .map(|min| (min * pay * jitter / 10.0).round() * 10.0)
        .filter(|_| !mix(11, n).is_multiple_of(7));
    let description = format!(
        "{} {company} is hiring in {}. {} Reference: {}/{n}.",
        base.job_description,
        place.trim_end_matches(", Zimbabwe"),
        CLOSINGS[pick(12, n, CLOSINGS.len())],
        company
            .split_whitespace()
            .map(|w| w.chars().next().unwrap_or('X'))
            .collect::<String>()
            .to_uppercase(),
    );
    let posted_at = now - i64::try_from(mix(13, n) % (90 * 86_400)).unwrap_or(0) * 1000;
    JobFields {
        id: uuid(14, n),
        employer_id: Some(employer_id.to_string()),
        company_name: company,
        job_title: format!("{prefix}{}", base.job_title),
        job_type: if remote {
            JobType::Remote.label().to_string()
        } else {
            base.job_type.clone()
        },
        job_description: description,
        location: place,
        salary_min: salary,
        salary_max: salary.map(|s| (s * 1.3 / 10.0).round() * 10.0),
        application_email: Some("jobs@bench.jobtap.app".into()),
        posted_at,
        expires_at: Some(posted_at + 120 * DAY_MS),
        is_active: true,
        ..base.clone()
    }
}

/// Job `n`'s rank word before `title` and its pay factor; none for a title that has one.
fn seniority(n: u64, title: &str) -> (&'static str, f64) {
    let items: Vec<((&'static str, f64), u64)> = SENIORITY
        .iter()
        .map(|(prefix, factor, weight)| ((*prefix, *factor), *weight))
        .collect();
    let (prefix, factor) = weighted(mix(7, n), &items);
    if title.starts_with("Senior") || title.contains("Intern") {
        ("", 1.0)
    } else {
        (prefix, factor)
    }
}

const FIRST_NAMES: [&str; 32] = [
    "Chipo",
    "Tendai",
    "Tatenda",
    "Farai",
    "Rutendo",
    "Nyasha",
    "Tafadzwa",
    "Kudzai",
    "Blessing",
    "Precious",
    "Tinashe",
    "Rumbidzai",
    "Tapiwa",
    "Nokuthula",
    "Sipho",
    "Thandiwe",
    "Themba",
    "Busisiwe",
    "Mandla",
    "Sibusiso",
    "Ruvimbo",
    "Fadzai",
    "Kudakwashe",
    "Tanaka",
    "Munyaradzi",
    "Vimbai",
    "Simbarashe",
    "Ntombi",
    "Lindiwe",
    "Gift",
    "Memory",
    "Brighton",
];

const SURNAMES: [&str; 32] = [
    "Moyo",
    "Ncube",
    "Ndlovu",
    "Sibanda",
    "Dube",
    "Mpofu",
    "Nyathi",
    "Chikwanha",
    "Mutasa",
    "Gumbo",
    "Chiweshe",
    "Makoni",
    "Mhlanga",
    "Chirwa",
    "Banda",
    "Phiri",
    "Mazango",
    "Mukwena",
    "Sithole",
    "Khumalo",
    "Nkomo",
    "Mlambo",
    "Marufu",
    "Chinembiri",
    "Zvobgo",
    "Mapfumo",
    "Mushonga",
    "Tshuma",
    "Hove",
    "Madziva",
    "Shumba",
    "Gwaze",
];

/// Candidate `c`: a fixture person (`person` of [`Fixtures::people`]) under a name of their
/// own, in a town of their own, with their years of experience varied by up to two.
pub fn candidate(c: u64, fixtures: &Fixtures) -> (usize, String, String, CandidateProfile) {
    let person = pick(15, c, fixtures.people.len());
    let p = &fixtures.people[person];
    let first = FIRST_NAMES[pick(16, c, FIRST_NAMES.len())];
    let last = SURNAMES[pick(17, c, SURNAMES.len())];
    let mut profile = p.profile.clone();
    profile.experience_years = profile
        .experience_years
        .map(|y| (y + i64::try_from(mix(18, c) % 5).unwrap_or(0) - 2).max(0));
    let email = format!(
        "{}.{}.{c}@example.com",
        first.to_lowercase(),
        last.to_lowercase()
    );
    (person, format!("{first} {last}"), email, profile)
}

/// The status of application `k`: most wait, some are in review, one in eight is rejected.
pub fn status(k: u64) -> ApplicationStatus {
    match mix(19, k) % 100 {
        0..70 => ApplicationStatus::Applied,
        70..78 => ApplicationStatus::UnderReview,
        78..83 => ApplicationStatus::Pending,
        83..95 => ApplicationStatus::Rejected,
        _ => ApplicationStatus::Accepted,
    }
}

/// A cover letter of the length people send (about 800 characters).
pub fn letter(name: &str, title: &str, company: &str, years: Option<i64>) -> String {
    let years = years.map_or_else(|| "several".to_string(), |y| y.to_string());
    format!(
        "Dear Hiring Manager,\n\nI am writing to apply for the {title} post at {company}, which I \
         saw on JobTap. I have {years} years of experience in this kind of work, and my CV sets \
         out the places I have worked and what I was responsible for in each.\n\nIn my current \
         post I work with a small team, keep careful records, and deal directly with the people \
         we serve. I am reliable, I learn quickly, and I am used to working under pressure and \
         to deadlines. I would bring the same care to your team.\n\nI am available for an \
         interview at your convenience and can start after serving my notice.\n\nThank you for \
         your time and consideration.\n\nYours faithfully,\n{name}"
    )
}
