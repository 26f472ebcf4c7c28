//! `jobtap`: the JobTap server and its admin commands.

use jobtap_api::config::Config;
use jobtap_api::startup::Application;
use tracing_subscriber::EnvFilter;

const USAGE: &str = "Usage:
  jobtap serve                 Run the server (configuration from the environment; see .env.example)
  jobtap --help                Show this help";

#[tokio::main]
async fn main() -> std::process::ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(
            EnvFilter::try_from_env("JOBTAP_LOG")
                .unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn")),
        )
        .init();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("serve") | None => serve().await,
        Some("--help" | "-h" | "help") => {
            println!("{USAGE}");
            Ok(())
        }
        Some(other) => {
            eprintln!("Unknown command {other:?}\n\n{USAGE}");
            return std::process::ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("Error: {err:#}");
            std::process::ExitCode::FAILURE
        }
    }
}

async fn serve() -> anyhow::Result<()> {
    let config = Config::from_env()?;
    let app = Application::build(config).await?;
    tracing::info!("JobTap is running at http://{}", app.addr());
    app.run_until_stopped().await;
    Ok(())
}
