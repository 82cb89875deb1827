//! `koma-server`: online play for Koma (see the crate's docs and README's "Online play").

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;

/// Koma's server: the app and online play on one origin.
#[derive(Parser, Debug)]
#[command(version, about)]
struct Args {
    /// The address and port to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    listen: SocketAddr,
    /// The built app (what `trunk build` writes).
    #[arg(long, default_value = "dist")]
    dist: PathBuf,
    /// Games one address may create a minute.
    #[arg(long, default_value_t = 30)]
    create_per_minute: u32,
    /// Minutes a game waits for its players before it expires.
    #[arg(long, default_value_t = 60)]
    expire_minutes: u64,
    /// Expire waiting games after this many seconds instead (for tests).
    #[arg(long, hide = true)]
    expire_seconds: Option<u64>,
    /// Messages one connection may send a second (twice that in a burst); faster ones are
    /// refused, and a flood closes the connection.
    #[arg(long, default_value_t = 10)]
    message_rate: u32,
    /// Seconds a player who left a game (every seat but one offline) may stay away before the
    /// one left may claim the win or a draw; not in correspondence games.
    #[arg(long, default_value_t = koma_server::referee::LEAVE_MS.unsigned_abs() / 1000)]
    leave_seconds: u64,
    /// The site's own origin, whose host name passkeys belong to (any port of it); a public
    /// server names its `https://` address.
    #[arg(long, default_value = "http://localhost")]
    passkey_origin: url::Url,
    /// Another origin whose pages may open game sockets (repeatable).
    #[arg(long)]
    allow_origin: Vec<String>,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let database_url = std::env::var("KOMA_DATABASE_URL")
        .ok()
        .filter(|u| !u.is_empty())
        .unwrap_or_else(|| koma_server::db::DEFAULT_URL.to_string());
    let config = koma_server::Config {
        listen: args.listen,
        dist: args.dist,
        database_url,
        create_per_minute: args.create_per_minute,
        expire_after: Duration::from_secs(
            args.expire_seconds
                .unwrap_or(args.expire_minutes.saturating_mul(60)),
        ),
        allowed_origins: args.allow_origin,
        message_rate: args.message_rate,
        leave: Duration::from_secs(args.leave_seconds),
        passkey_origin: args.passkey_origin,
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("koma-server: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(koma_server::serve(config)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("koma-server: {e}");
            ExitCode::FAILURE
        }
    }
}
