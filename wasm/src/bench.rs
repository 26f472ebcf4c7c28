//! The fit score over many jobs at once, for the core benchmark page only (feature `bench`):
//! the app ranks the feed on the server and scores one job at a time.

use wasm_bindgen::prelude::*;

use super::{from_js, to_js};

/// The fit score of one candidate (`CandidateProfile`) against many jobs (`JobRequirements[]`),
/// in order (`FitScore[]`); the profile is prepared once, so ranking a whole feed is one call.
#[wasm_bindgen(js_name = scoreMany)]
pub fn score_many(profile: JsValue, jobs: JsValue) -> Result<JsValue, JsError> {
    use jobtap_core::score::{CandidateProfile, JobRequirements};
    let profile: CandidateProfile = from_js(profile)?;
    let jobs: Vec<JobRequirements> = from_js(jobs)?;
    to_js(&jobtap_core::score::score_many(&profile, &jobs))
}

/// Jobs prepared once for the fit score (`jobtap_core::score::PreparedJobs`): build it when
/// the page receives the jobs (`JobRequirements[]`), then score them for a profile in one call
/// and explain only the job shown. Call `free()` when the jobs are gone.
#[wasm_bindgen]
pub struct JobSet(jobtap_core::score::PreparedJobs);

#[wasm_bindgen]
impl JobSet {
    #[wasm_bindgen(constructor)]
    pub fn new(jobs: JsValue) -> Result<JobSet, JsError> {
        Ok(Self(jobtap_core::score::PreparedJobs::new(from_js(jobs)?)))
    }

    /// How many jobs the set holds.
    #[wasm_bindgen(getter)]
    pub fn length(&self) -> u32 {
        u32::try_from(self.0.len()).unwrap_or(u32::MAX)
    }

    /// Every job's score for a profile (`CandidateProfile`), in job order, as typed arrays.
    #[wasm_bindgen(js_name = scoreAll)]
    pub fn score_all(&self, profile: JsValue) -> Result<JobScores, JsError> {
        use jobtap_core::score::{CandidateProfile, PreparedProfile};
        let profile: CandidateProfile = from_js(profile)?;
        let figures = self.0.score_all(&PreparedProfile::new(&profile));
        Ok(JobScores {
            percentages: figures.iter().map(|f| f.score_percentage).collect(),
            meets: figures
                .iter()
                .map(|f| u8::from(f.meets_threshold))
                .collect(),
        })
    }

    /// The full score (`FitScore`, explanations included) of the job at `index` for a profile,
    /// or undefined past the last job.
    pub fn explain(&self, profile: JsValue, index: u32) -> Result<JsValue, JsError> {
        use jobtap_core::score::{CandidateProfile, PreparedProfile};
        let profile: CandidateProfile = from_js(profile)?;
        match self
            .0
            .explain(&PreparedProfile::new(&profile), index as usize)
        {
            Some(fit) => to_js(&fit),
            None => Ok(JsValue::UNDEFINED),
        }
    }
}

/// The scores of a `JobSet` for one profile, by job index. Each getter copies out of wasm
/// memory; call `free()` when done.
#[wasm_bindgen]
pub struct JobScores {
    percentages: Vec<f64>,
    meets: Vec<u8>,
}

#[wasm_bindgen]
impl JobScores {
    /// Each job's `scorePercentage`.
    #[wasm_bindgen(getter)]
    pub fn percentages(&self) -> Vec<f64> {
        self.percentages.clone()
    }

    /// 1 where the job's `meetsThreshold`, else 0.
    #[wasm_bindgen(getter)]
    pub fn meets(&self) -> Vec<u8> {
        self.meets.clone()
    }
}
