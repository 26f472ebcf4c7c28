//! Notifications: the bell (a row per event about an application, written with the change),
//! each person's e-mail settings, the employers' batched new-applicant e-mails and their daily
//! summary.

pub mod applicants;
pub mod routes;
pub mod store;
pub mod summary;

/// Within the transaction `$conn` (`&mut *tx`): records `$event` about application
/// `$application` for `$user` in the bell, and evaluates to whether `$user` wants it by e-mail
/// (their setting for it, on unless turned off). `Result<bool, sqlx::Error>`.
#[macro_export]
macro_rules! notify {
    ($conn:expr, $user:expr, $event:expr, $application:expr, $now:expr) => {{
        let event: jobtap_core::notifications::Event = $event;
        let user: &str = $user;
        async {
            sqlx::query(
                "INSERT INTO notifications (id, user_id, kind, application_id, created_at) \
                 VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(uuid::Uuid::new_v4().to_string())
            .bind(user)
            .bind(event.key())
            .bind($application)
            .bind($now)
            .execute($conn)
            .await?;
            $crate::email_wanted!($conn, user, event.setting())
        }
        .await
    }};
}

/// Within `$conn`: whether `$user` wants the e-mails of `$setting` (on unless they turned it
/// off). `Result<bool, sqlx::Error>`.
#[macro_export]
macro_rules! email_wanted {
    ($conn:expr, $user:expr, $setting:expr) => {{
        let setting: jobtap_core::notifications::Setting = $setting;
        let user: &str = $user;
        async {
            let email: Option<bool> = sqlx::query_scalar(
                "SELECT email FROM notification_settings WHERE user_id = $1 AND kind = $2",
            )
            .bind(user)
            .bind(setting.key())
            .fetch_optional($conn)
            .await?;
            Ok::<bool, sqlx::Error>(email.unwrap_or(setting.on_by_default()))
        }
        .await
    }};
}
