//! The spec's AI functions (`/api/v1/functions/…`), each a file: the cover letter
//! (`generate-application`), help with a job posting, the chat assistant, resume analysis and
//! upgrade, and the practice interview's report. Each checks its caller and limits, then asks
//! the engine ([`super::engine`]).

pub mod cover_letter;
pub mod interview;
pub mod job_assistance;
pub mod ocr;
pub mod resume_tools;
pub mod swipejob_chat;

use warp::Filter;
use warp::reply::Response;

use crate::state::AppState;

/// Every AI function's route.
pub fn routes(
    state: &AppState,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone + use<> {
    cover_letter::routes(state)
        .or(job_assistance::routes(state))
        .unify()
        .or(swipejob_chat::routes(state))
        .unify()
        .or(resume_tools::routes(state))
        .unify()
        .or(interview::routes(state))
        .unify()
}
