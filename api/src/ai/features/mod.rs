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

use crate::http::one_of;
use crate::state::AppState;

/// Every AI function's route.
pub fn routes(
    state: &AppState,
) -> impl Filter<Extract = (Response,), Error = warp::Rejection> + Clone + use<> {
    one_of!(
        cover_letter::routes(state),
        job_assistance::routes(state),
        swipejob_chat::routes(state),
        resume_tools::routes(state),
        interview::routes(state),
    )
}
