//! Sample jobs: demo cards whose ids start with `mock-` (spec §3). They show a newcomer how a
//! card works and take no applications, so they are never ranked as a best match, sent in a job
//! alert or recommended by the assistant.

/// The id prefix of a sample job.
pub const SAMPLE_JOB_PREFIX: &str = "mock-";

/// Whether the job `id` names a sample job.
pub fn is_sample_job(id: &str) -> bool {
    id.starts_with(SAMPLE_JOB_PREFIX)
}

#[cfg(test)]
mod tests {
    use super::is_sample_job;

    #[test]
    fn only_the_prefix_makes_a_sample() {
        assert!(is_sample_job("mock-frontend-intern"));
        assert!(!is_sample_job("job-mock-1"));
        assert!(!is_sample_job("Mock-1"));
        assert!(!is_sample_job(""));
    }
}
