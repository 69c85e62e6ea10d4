//! `grundy serve`: the explorer page on a local web server (the `grundy-serve` package, behind
//! the `serve` feature).

use std::net::{IpAddr, Ipv4Addr};

use clap::Args;

use super::exit::Failure;

/// `grundy serve`'s arguments.
#[derive(Args)]
pub struct ServeArgs {
    /// The port to listen on (0: any free port).
    #[arg(long, default_value_t = 7878)]
    port: u16,
    /// The address to listen on; anything but a loopback address lets other machines in.
    #[arg(long, value_name = "ADDR", default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    bind: IpAddr,
    /// Open the page in the default browser.
    #[arg(long)]
    open: bool,
}

/// Serves the page until the process is stopped (Ctrl-C).
#[cfg(feature = "serve")]
pub fn run(args: &ServeArgs) -> Result<(), Failure> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| Failure::io(format!("starting the server: {e}")))?;
    runtime.block_on(async {
        let addr = std::net::SocketAddr::new(args.bind, args.port);
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|e| Failure::io(format!("listening on {addr}: {e} (--port N picks another port)")))?;
        let addr = listener.local_addr().map_err(|e| Failure::io(format!("listening on {addr}: {e}")))?;
        if !args.bind.is_loopback() {
            eprintln!(
                "grundy: warning: listening on {}: other machines that reach this address can use the page",
                args.bind
            );
        }
        let url = grundy_serve::url(addr);
        eprintln!("grundy: serving the explorer page at {url} (Ctrl-C stops it)");
        if args.open {
            open(&url);
        }
        grundy_serve::serve(listener, grundy_serve::Limits::default())
            .await
            .map_err(|e| Failure::io(format!("serving on {addr}: {e}")))
    })
}

/// Without the `serve` feature: says how to get it.
#[cfg(not(feature = "serve"))]
pub fn run(args: &ServeArgs) -> Result<(), Failure> {
    let _ = (args.port, args.bind, args.open);
    Err(Failure::invalid(
        "this grundy was built without the `serve` feature; `cargo install grundy-cli --features serve` \
         (or `cargo run --features serve -- serve` in a checkout) builds it in",
    ))
}

/// Opens `url` in the default browser, or says it could not.
#[cfg(feature = "serve")]
fn open(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    if let Err(e) = std::process::Command::new(opener).arg(url).spawn() {
        eprintln!("grundy: could not open the browser ({opener}: {e}); open {url}");
    }
}
