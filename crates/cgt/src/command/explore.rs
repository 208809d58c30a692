//! `explore [EXPR] [--port N] [--open] [--max-memory SIZE]`: serves the
//! page on 127.0.0.1 until the process is stopped.

use crate::args::ExploreOptions;
use crate::explore::api::Shared;
use crate::explore::server;
use crate::failure::{Failure, output_error};
use std::io::Write;
use std::net::TcpListener;
use std::sync::Arc;

/// Binds 127.0.0.1 (only: the server is not reachable from elsewhere),
/// prints the page's address, opens it with `--open`, and serves.
pub fn run(options: &ExploreOptions, out: &mut impl Write) -> Result<(), Failure> {
    let listener = TcpListener::bind(("127.0.0.1", options.port.unwrap_or(0))).map_err(|e| {
        Failure::Message(
            format!(
                "explore: cannot listen on 127.0.0.1:{}: {e}",
                options.port.unwrap_or(0)
            ),
            1,
        )
    })?;
    let port = listener
        .local_addr()
        .map_err(|e| Failure::Message(format!("explore: cannot listen: {e}"), 1))?
        .port();
    let mut address = format!("http://127.0.0.1:{port}/");
    if let Some(expr) = &options.expr {
        address.push_str("?q=");
        address.push_str(&percent_encode(expr));
    }
    writeln!(out, "{address}").map_err(output_error)?;
    out.flush().map_err(output_error)?;
    if options.open {
        open_browser(&address);
    }
    let shared = Arc::new(Shared::default());
    shared.watch_memory(options.max_memory);
    server::serve(&listener, port, &shared)
        .map_err(|e| Failure::Message(format!("explore: the server stopped: {e}"), 1))
}

/// `text` with every byte but letters, digits and `-._~` as `%XX`.
fn percent_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Opens `address` with the system's opener (`xdg-open`, or `open` on
/// macOS) when there is one; a missing opener only says so on stderr.
fn open_browser(address: &str) {
    let opened = ["xdg-open", "open"].iter().any(|opener| {
        std::process::Command::new(opener)
            .arg(address)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .is_ok()
    });
    if !opened {
        let _ = writeln!(
            std::io::stderr(),
            "cgt: explore: no browser opener (xdg-open, open) found; open the address above"
        );
    }
}
