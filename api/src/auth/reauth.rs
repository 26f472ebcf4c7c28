//! The password asked again before a change that a session left open must not make alone: a
//! new password, a new address, deleting the account.

use jobtap_core::validate::MSG_PASSWORD_WRONG;

use crate::error::ApiError;
use crate::state::AppState;

use super::password;
use super::rate_limit::{self, Limit};
use super::reset::{self, Account};
use super::routes::MSG_SESSION_ENDED;

/// Counts one try at `action` by `user_id`: guessing the password of a session left open is
/// slowed like signing in.
pub async fn count_try(state: &AppState, action: &str, user_id: &str) -> Result<(), ApiError> {
    let limit = Limit::sign_in(state.config.rate_limit_factor);
    let key = format!("{action}:{user_id}");
    rate_limit::hit(&state.db, limit, &key, state.now_ms()).await
}

/// Account `user_id`, once `given` proves to be its password (422 on `field` when it is not).
pub async fn check(
    state: &AppState,
    user_id: &str,
    given: String,
    field: &str,
) -> Result<Account, ApiError> {
    let Some((account, stored)) = reset::account_with_hash(&state.db, user_id).await? else {
        return Err(ApiError::Unauthorized(MSG_SESSION_ENDED.into()));
    };
    if !password::verify(given, Some(stored)).await? {
        return Err(ApiError::field(field, MSG_PASSWORD_WRONG));
    }
    Ok(account)
}
