//! The bulk-import CSV template (spec, employer side §9).

/// The 17 template columns, in the spec's order.
pub const COLUMNS: [&str; 17] = [
    "company_name",
    "job_title",
    "job_description",
    "location",
    "job_type",
    "salary_min",
    "salary_max",
    "experience_years",
    "qualifications",
    "skills",
    "requirements",
    "benefits",
    "degree_class",
    "industry",
    "experience_level",
    "linkedin_url",
    "company_logo",
];

/// File name the template downloads as.
pub const FILE_NAME: &str = "job_import_template.csv";

/// The template: the header row and one example job, RFC 4180 quoted.
pub fn template_csv() -> String {
    let example = [
        "Acme Analytics",
        "Senior Data Analyst",
        "Turn raw data into decisions. You will build dashboards, run experiments and \"own\" our metrics, end to end.",
        "Harare, Zimbabwe",
        "Full-time",
        "1500",
        "2500",
        "3",
        "BSc in Statistics, Economics or Computer Science",
        "SQL; Python; Power BI",
        "3+ years of analytics experience; Strong SQL",
        "Medical aid; Remote Fridays; Training budget",
        "Second Class Upper",
        "Technology",
        "Bachelors",
        "https://www.linkedin.com/jobs/view/123456",
        "",
    ];
    let mut out = COLUMNS.join(",");
    out.push_str("\r\n");
    let row: Vec<String> = example.iter().map(|cell| quote(cell)).collect();
    out.push_str(&row.join(","));
    out.push_str("\r\n");
    out
}

fn quote(cell: &str) -> String {
    if cell.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", cell.replace('"', "\"\""))
    } else {
        cell.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn template_has_the_17_columns_in_order_and_one_example_row() {
        let csv = template_csv();
        let mut lines = csv.split("\r\n");
        assert_eq!(lines.next().unwrap(), COLUMNS.join(","));
        let example = lines.next().unwrap();
        assert!(example.starts_with("Acme Analytics,Senior Data Analyst,\"Turn raw data"));
        assert!(example.contains("\"\"own\"\""));
        assert_eq!(lines.next(), Some(""));
        assert_eq!(lines.next(), None);
    }
}
