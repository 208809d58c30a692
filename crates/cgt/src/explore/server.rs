//! The HTTP server of `cgt explore`, on the standard library alone: one
//! request per connection (`Connection: close`), each connection on a
//! thread of its own, so a long computation in one tab never holds up
//! another tab's page.
//!
//! Every bound is checked while reading, before anything is kept: the
//! request line and headers at most [`MAX_HEAD`] bytes (413), the target
//! at most [`MAX_URL`] (414), a body at most [`MAX_BODY`] (413); the
//! `Host` must be this server's (`127.0.0.1:PORT` or `localhost:PORT`) and
//! an `Origin`, when there is one, `http://` and the same (403), so that a
//! web site cannot drive the server through the visitor's browser (DNS
//! rebinding, cross-site requests). The server touches no file.

use super::api::{self, Shared};
use std::io::{self, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

/// The most bytes of a request line and its headers.
pub const MAX_HEAD: usize = 16 * 1024;
/// The longest request target (path and query).
pub const MAX_URL: usize = 8 * 1024;
/// The largest body (the API reads none; a bound all the same).
pub const MAX_BODY: usize = 64 * 1024;
/// The most connections served at once; past it, 503 at once.
pub const MAX_CONNECTIONS: usize = 64;
/// How long a client may take to send its request, or to read the answer.
const IO_TIMEOUT: Duration = Duration::from_secs(10);

/// A request as read: the method, the target (`/api/eval?q=1`) and the
/// headers, names in lower case.
pub struct Request {
    /// `GET`, `POST`, ….
    pub method: String,
    /// The path and the query.
    pub target: String,
    /// Each header's name (lower case) and value.
    pub headers: Vec<(String, String)>,
}

impl Request {
    /// The value of the header `name` (lower case), if there is one.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// An answer: its status, its content type and its body.
pub struct Response {
    /// The HTTP status.
    pub status: u16,
    /// The `Content-Type`.
    pub content_type: &'static str,
    /// The body.
    pub body: Vec<u8>,
}

impl Response {
    /// A JSON body.
    pub fn json(status: u16, body: String) -> Response {
        Response {
            status,
            content_type: "application/json",
            body: body.into_bytes(),
        }
    }

    /// `{"error": message}` with `status`.
    pub fn error(status: u16, message: &str) -> Response {
        Response::json(
            status,
            format!("{{\"error\":{}}}", cgt_lab::json::string(message)),
        )
    }
}

/// Serves `listener` (bound to 127.0.0.1:`port`) until the process ends.
///
/// # Errors
/// Only when the listener itself fails; a failed connection is dropped.
pub fn serve(listener: &TcpListener, port: u16, shared: &Arc<Shared>) -> io::Result<()> {
    for stream in listener.incoming() {
        let Ok(mut stream) = stream else {
            // A connection that failed as it was accepted (reset by the
            // client): nothing to answer.
            continue;
        };
        let _ = stream.set_read_timeout(Some(IO_TIMEOUT));
        let _ = stream.set_write_timeout(Some(IO_TIMEOUT));
        if shared.connections.fetch_add(1, Ordering::SeqCst) >= MAX_CONNECTIONS {
            shared.connections.fetch_sub(1, Ordering::SeqCst);
            let _ = write_response(
                &mut stream,
                &Response::error(503, "explore: too many connections at once; try again"),
            );
            continue;
        }
        let for_thread = Arc::clone(shared);
        let spawned = std::thread::Builder::new()
            .name("explore".to_owned())
            .spawn(move || {
                let response = match read_request(&mut stream) {
                    Ok(request) => match check_request(&request, port) {
                        Ok(()) => api::answer(&for_thread, &request),
                        Err(refused) => refused,
                    },
                    Err(refused) => refused,
                };
                let _ = write_response(&mut stream, &response);
                if response.status >= 400 {
                    drain(&mut stream);
                }
                for_thread.connections.fetch_sub(1, Ordering::SeqCst);
            });
        if spawned.is_err() {
            // The thread (and the connection it owned) is gone.
            shared.connections.fetch_sub(1, Ordering::SeqCst);
        }
    }
    Ok(())
}

/// Reads one request, within the bounds; the refusal to send otherwise.
fn read_request(stream: &mut TcpStream) -> Result<Request, Response> {
    let mut head = Vec::with_capacity(1024);
    let mut chunk = [0u8; 2048];
    let end = loop {
        if let Some(end) = find(&head, b"\r\n\r\n") {
            break end;
        }
        // The request line alone past the URL bound: the target is too long.
        if find(&head, b"\r\n").is_none() && head.len() > MAX_URL + 32 {
            return Err(Response::error(
                414,
                &format!("explore: a request target is at most {MAX_URL} bytes"),
            ));
        }
        if head.len() > MAX_HEAD {
            return Err(Response::error(
                413,
                &format!("explore: a request's line and headers are at most {MAX_HEAD} bytes"),
            ));
        }
        let n = stream
            .read(&mut chunk)
            .map_err(|_| Response::error(408, "explore: the request did not arrive in time"))?;
        if n == 0 {
            return Err(Response::error(400, "explore: the request ended early"));
        }
        head.extend_from_slice(&chunk[..n]);
    };
    let text = std::str::from_utf8(&head[..end])
        .map_err(|_| Response::error(400, "explore: a request's head must be UTF-8"))?;
    let mut lines = text.split("\r\n");
    let line = lines.next().unwrap_or_default();
    let mut words = line.split(' ');
    let (Some(method), Some(target), Some(version), None) =
        (words.next(), words.next(), words.next(), words.next())
    else {
        return Err(Response::error(
            400,
            "explore: expected a request line METHOD TARGET HTTP/1.x",
        ));
    };
    if !version.starts_with("HTTP/1.") {
        return Err(Response::error(
            400,
            "explore: expected a request line METHOD TARGET HTTP/1.x",
        ));
    }
    if target.len() > MAX_URL {
        return Err(Response::error(
            414,
            &format!("explore: a request target is at most {MAX_URL} bytes"),
        ));
    }
    let mut headers = Vec::new();
    for line in lines {
        let Some((name, value)) = line.split_once(':') else {
            return Err(Response::error(
                400,
                "explore: expected a header NAME: VALUE",
            ));
        };
        headers.push((name.trim().to_ascii_lowercase(), value.trim().to_owned()));
    }
    let request = Request {
        method: method.to_owned(),
        target: target.to_owned(),
        headers,
    };
    if request.header("transfer-encoding").is_some() {
        return Err(Response::error(
            411,
            "explore: a body must come with Content-Length",
        ));
    }
    let length = match request.header("content-length") {
        None => 0,
        Some(text) => text
            .parse::<usize>()
            .map_err(|_| Response::error(400, "explore: Content-Length must be a number"))?,
    };
    if length > MAX_BODY {
        return Err(Response::error(
            413,
            &format!("explore: a request's body is at most {MAX_BODY} bytes"),
        ));
    }
    // The API reads no body: what came is read and dropped, within the bound.
    let mut left = length.saturating_sub(head.len() - end - 4);
    while left > 0 {
        let n = stream
            .read(&mut chunk[..left.min(2048)])
            .map_err(|_| Response::error(408, "explore: the request did not arrive in time"))?;
        if n == 0 {
            break;
        }
        left -= n;
    }
    Ok(request)
}

/// Where `needle` starts in `haystack`.
fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// 403 unless `Host` is this server's and `Origin`, if any, is too.
fn check_request(request: &Request, port: u16) -> Result<(), Response> {
    let hosts = [format!("127.0.0.1:{port}"), format!("localhost:{port}")];
    let host = request.header("host").unwrap_or_default();
    if !hosts.iter().any(|h| h == host) {
        return Err(Response::error(
            403,
            &format!("explore: refused: the Host must be 127.0.0.1:{port} or localhost:{port}"),
        ));
    }
    if let Some(origin) = request.header("origin")
        && !hosts.iter().any(|h| origin == format!("http://{h}"))
    {
        return Err(Response::error(
            403,
            &format!("explore: refused: the Origin must be http://127.0.0.1:{port}"),
        ));
    }
    Ok(())
}

/// After a refusal, reads (and drops) what the client still sends, a
/// little while and at most 1 MiB: closing a socket with unread data resets
/// the connection, and the client could lose the answer.
fn drain(stream: &mut TcpStream) {
    let _ = stream.shutdown(std::net::Shutdown::Write);
    let _ = stream.set_read_timeout(Some(Duration::from_millis(200)));
    let mut chunk = [0u8; 4096];
    let mut total = 0;
    while total < 1 << 20 {
        match stream.read(&mut chunk) {
            Ok(0) | Err(_) => break,
            Ok(n) => total += n,
        }
    }
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        411 => "Length Required",
        413 => "Content Too Large",
        414 => "URI Too Long",
        503 => "Service Unavailable",
        _ => "Status",
    }
}

fn write_response(stream: &mut TcpStream, response: &Response) -> io::Result<()> {
    // The page loads nothing from elsewhere, and nothing may frame it.
    let head = format!(
        "HTTP/1.1 {} {}\r\nContent-Type: {}; charset=utf-8\r\nContent-Length: {}\r\n\
         Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n\
         Content-Security-Policy: default-src 'self'; img-src 'self' data: blob:; \
         frame-ancestors 'none'\r\nConnection: close\r\n\r\n",
        response.status,
        reason(response.status),
        response.content_type,
        response.body.len()
    );
    stream.write_all(head.as_bytes())?;
    stream.write_all(&response.body)?;
    stream.flush()
}
