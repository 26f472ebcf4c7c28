//! A PostgreSQL cluster of the test's own (initdb into a temp folder, a random port), so it
//! can be stopped and started without touching the shared server on 5432.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::support::free_port;

/// A private cluster; stopped (immediately) and deleted on drop.
pub struct PrivatePostgres {
    bin: PathBuf,
    data: PathBuf,
    pub port: u16,
    run_as_postgres: bool,
    dir: tempfile::TempDir,
}

impl PrivatePostgres {
    /// initdb and start. initdb refuses to run as root, so as root it runs as `postgres`.
    pub fn start() -> Self {
        let bin = bin_dir();
        let dir = tempfile::tempdir().expect("temp dir");
        let run_as_postgres = is_root();
        if run_as_postgres {
            run(Command::new("chown").arg("postgres:").arg(dir.path()));
        }
        let data = dir.path().join("data");
        let cluster = Self {
            bin,
            data,
            port: free_port(),
            run_as_postgres,
            dir,
        };
        cluster.pg(
            "initdb",
            &[
                "-D",
                path(&cluster.data),
                "-A",
                "trust",
                "-U",
                "postgres",
                "-E",
                "UTF8",
                "--no-sync",
            ],
        );
        cluster.start_server();
        cluster
    }

    pub fn url(&self) -> String {
        format!("postgres://postgres@127.0.0.1:{}/postgres", self.port)
    }

    /// `pg_ctl start`, waiting until it accepts connections.
    pub fn start_server(&self) {
        let options = format!(
            "-c listen_addresses=127.0.0.1 -p {} -c unix_socket_directories={} -c fsync=off",
            self.port,
            path(self.dir.path())
        );
        let log = self.dir.path().join("postgres.log");
        self.pg(
            "pg_ctl",
            &[
                "-D",
                path(&self.data),
                "-l",
                path(&log),
                "-o",
                &options,
                "-w",
                "start",
            ],
        );
    }

    /// `pg_ctl stop -m immediate`: the server dies at once, as in a crash.
    pub fn stop_immediately(&self) {
        self.pg(
            "pg_ctl",
            &["-D", path(&self.data), "-m", "immediate", "-w", "stop"],
        );
    }

    fn pg(&self, tool: &str, args: &[&str]) {
        let program = self.bin.join(tool);
        let mut command = if self.run_as_postgres {
            let mut c = Command::new("runuser");
            c.args(["-u", "postgres", "--"]).arg(&program);
            c
        } else {
            Command::new(&program)
        };
        command.args(args).current_dir(self.dir.path());
        run(&mut command);
    }
}

impl Drop for PrivatePostgres {
    fn drop(&mut self) {
        let program = self.bin.join("pg_ctl");
        let args = ["-D", path(&self.data), "-m", "immediate", "stop"];
        let _ = if self.run_as_postgres {
            Command::new("runuser")
                .args(["-u", "postgres", "--"])
                .arg(program)
                .args(args)
                .output()
        } else {
            Command::new(program).args(args).output()
        };
    }
}

fn run(command: &mut Command) -> Output {
    let output = command
        .output()
        .unwrap_or_else(|e| panic!("{command:?}: {e}"));
    assert!(
        output.status.success(),
        "{command:?} failed: {}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

fn path(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 temp path")
}

fn is_root() -> bool {
    let output = run(Command::new("id").arg("-u"));
    String::from_utf8_lossy(&output.stdout).trim() == "0"
}

/// The newest installed PostgreSQL's tools (Debian: `/usr/lib/postgresql/<major>/bin`).
fn bin_dir() -> PathBuf {
    let root = Path::new("/usr/lib/postgresql");
    let newest = std::fs::read_dir(root)
        .unwrap_or_else(|e| panic!("{}: {e} (is PostgreSQL installed?)", root.display()))
        .filter_map(|entry| entry.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .max()
        .expect("a PostgreSQL version under /usr/lib/postgresql");
    root.join(newest.to_string()).join("bin")
}
