//! `jobtap`: the JobTap server and its admin commands.

use jobtap_api::config::Config;
use jobtap_api::job_import::cli::{self as import_cli, ImportArgs};
use jobtap_api::startup::Application;
use tracing_subscriber::EnvFilter;

// mimalloc rather than glibc's malloc: under load glibc kept each blocking thread's
// arena (argon2's 19 MiB blocks) resident and spent ~19 % of the feed's CPU in
// malloc/free; figures in docs/benchmarks.md.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

const USAGE: &str = "Usage:
  jobtap serve                 Run the server (configuration from the environment; see .env.example)
  jobtap import-jobs FILE --employer EMAIL [--import-key KEY] [--post-again ROWS]
                               Import the valid rows of a CSV file as jobs of that employer;
                               rows repeating a live job are skipped unless listed in ROWS (4,9)
  jobtap backup DIR            Copy the SQLite database and stored files into DIR (new or empty),
                               consistently, while the server keeps serving
  jobtap restore DIR           Bring a backup from DIR back into an empty data folder
  jobtap --help                Show this help";

fn main() -> std::process::ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(
            EnvFilter::try_from_env("JOBTAP_LOG")
                .unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn")),
        )
        .init();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("serve") | None => {
            // Before the runtime exists, so that its threads inherit the lower priority.
            jobtap_api::priority::favour_sign_in();
            runtime().block_on(serve())
        }
        Some("import-jobs") => match ImportArgs::parse(&args[1..]) {
            Ok(import) => runtime().block_on(import_jobs(&import)),
            Err(usage) => {
                eprintln!("{usage}\n\n{USAGE}");
                return std::process::ExitCode::from(2);
            }
        },
        Some(command @ ("backup" | "restore")) => {
            let [_, dir] = args.as_slice() else {
                eprintln!("jobtap {command} needs one folder\n\n{USAGE}");
                return std::process::ExitCode::from(2);
            };
            runtime().block_on(backup_or_restore(command, std::path::Path::new(dir)))
        }
        // Hidden: fills a fresh database for the load benchmark (web/bench/run-load-bench.mjs).
        #[cfg(feature = "bench-seed")]
        Some("bench-seed") => match jobtap_api::bench_seed::Sizes::parse(&args[1..]) {
            Ok(sizes) => runtime().block_on(bench_seed(sizes)),
            Err(usage) => {
                eprintln!("{usage}");
                return std::process::ExitCode::from(2);
            }
        },
        // Hidden: fills a fresh database with a national job board for the scale benchmark
        // (web/bench/run-scale-bench.mjs).
        #[cfg(feature = "bench-seed")]
        Some("bench-seed-scale") => runtime().block_on(bench_seed_scale(&args[1..])),
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

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("starting the async runtime")
}

async fn serve() -> anyhow::Result<()> {
    let config = Config::from_env()?;
    let app = Application::build(config).await?;
    tracing::info!("JobTap is running at http://{}", app.addr());
    app.run_until_stopped().await;
    Ok(())
}

async fn import_jobs(args: &ImportArgs) -> anyhow::Result<()> {
    let config = Config::from_env()?;
    import_cli::run(&config, args).await?;
    Ok(())
}

async fn backup_or_restore(command: &str, dir: &std::path::Path) -> anyhow::Result<()> {
    let config = Config::from_env()?;
    let copied = if command == "backup" {
        jobtap_api::backup::backup(&config, dir).await?
    } else {
        jobtap_api::backup::restore(&config, dir).await?
    };
    println!(
        "{} {} stored files ({} bytes) and the database {} {}",
        if command == "backup" {
            "Backed up"
        } else {
            "Restored"
        },
        copied.files,
        copied.bytes,
        if command == "backup" { "into" } else { "from" },
        dir.display()
    );
    Ok(())
}

#[cfg(feature = "bench-seed")]
async fn bench_seed_scale(args: &[String]) -> anyhow::Result<()> {
    let config = Config::from_env()?;
    let seeded = jobtap_api::bench_seed::scale::run(&config, args).await?;
    println!("{}", serde_json::to_string(&seeded)?);
    Ok(())
}

#[cfg(feature = "bench-seed")]
async fn bench_seed(sizes: jobtap_api::bench_seed::Sizes) -> anyhow::Result<()> {
    let config = Config::from_env()?;
    let seeded = jobtap_api::bench_seed::run(&config, sizes).await?;
    println!("{}", serde_json::to_string(&seeded)?);
    Ok(())
}
