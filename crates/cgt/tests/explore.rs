//! `cgt explore` as a child process, asked over real TCP connections:
//! `/api/eval` answers `cgt eval --json`'s bytes, the other calls answer
//! their JSON, and the server refuses what is not its own (a foreign `Host`
//! or `Origin`, an oversized request) and listens on loopback only.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const EXE: &str = env!("CARGO_BIN_EXE_cgt");

/// A server started for one test, killed when dropped.
struct Server {
    child: Child,
    port: u16,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start(args: &[&str]) -> Server {
    let mut child = Command::new(EXE)
        .arg("explore")
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("cgt explore starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut line)
        .expect("the address line");
    let port = line
        .trim()
        .strip_prefix("http://127.0.0.1:")
        .and_then(|rest| rest.split('/').next())
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("an address on 127.0.0.1, found {line:?}"));
    Server { child, port }
}

/// Sends `head` (and `body`) as it is; the status and the body of the answer.
fn raw(port: u16, head: &str, body: &[u8]) -> (u16, String) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("connects");
    stream
        .set_read_timeout(Some(Duration::from_secs(120)))
        .expect("a timeout");
    // The server may answer and close before it has read all of a refused body.
    let _ = stream.write_all(head.as_bytes());
    let _ = stream.write_all(body);
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    let answer = String::from_utf8(answer).expect("UTF-8");
    let (head, body) = answer.split_once("\r\n\r\n").expect("a head and a body");
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("a status");
    (status, body.to_owned())
}

fn get(port: u16, target: &str) -> (u16, String) {
    raw(
        port,
        &format!("GET {target} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n"),
        b"",
    )
}

fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

fn eval_json(expr: &str) -> String {
    let output = Command::new(EXE)
        .args(["eval", "--json", "--", expr])
        .output()
        .expect("cgt eval runs");
    String::from_utf8(output.stdout).expect("UTF-8")
}

#[test]
fn api_eval_answers_the_bytes_of_eval_json() {
    let server = start(&[]);
    for expr in [
        "domineering(....|....)",
        "domineering(..|..) + 1/2",
        "clobber(xo.|oxx)",
        "toppling(lrrl)",
        "{pass|1}",
        "backsliding(tt..ff)",
        "^ + *2 - 3/4",
        "cram(...|...)",
    ] {
        let (status, body) = get(server.port, &format!("/api/eval?q={}", encode(expr)));
        assert_eq!(status, 200, "{expr}: {body}");
        assert_eq!(format!("{body}\n"), eval_json(expr), "{expr}");
    }
    let (status, body) = get(server.port, "/api/eval?q=%7B1%7C");
    assert_eq!(status, 400);
    assert_eq!(
        body,
        r#"{"error":"eval: EXPR at character 4: expected `}`, found the end"}"#
    );
}

#[test]
fn api_options_solve_rulesets_and_thermograph() {
    let server = start(&[]);
    let (status, body) = get(server.port, "/api/options?q=domineering(...%7C...)");
    assert_eq!(status, 200, "{body}");
    assert!(body.starts_with(
        r#"{"expression":"domineering(...|...)","value":"{2|-1/2}","loopy":false,"ruleset":{"name":"domineering","position":"...|..."},"left":[{"expression":"domineering(..|..)","value":"+-1","dominated":true,"reversible":false},{"expression":"domineering(.#.|.#.)","value":"2","dominated":false"#
    ), "{body}");
    assert!(
        body.ends_with(r#""canonical":{"left":["2"],"right":["-1/2"]}}"#),
        "{body}"
    );
    // The 2 × 4 board is Miny(2) = {2|0||0}: Right's move to {0|-2}
    // reverses through its Left option 0, which is at least Miny(2) < 0.
    let (_, body) = get(server.port, "/api/options?q=domineering(....%7C....)");
    assert!(body.contains(r#""value":"Miny(2)""#), "{body}");
    assert!(body.contains(r#"{"expression":"domineering(....|..##)","value":"{0|-2}","dominated":false,"reversible":true}"#), "{body}");
    let (status, body) = get(
        server.port,
        &format!("/api/solve?q={}&first=left", encode("clobber(xo)")),
    );
    assert_eq!(status, 200);
    assert_eq!(
        body,
        r#"{"expression":"clobber(xo)","first":"left","winner":"left","move":{"term":1,"from":"clobber(xo)","to":"clobber(.x)"}}"#
    );
    let (status, body) = get(server.port, "/api/solve?q=1&first=up");
    assert_eq!(
        (status, body.as_str()),
        (
            400,
            r#"{"error":"explore: first: expected left or right, found \"up\""}"#
        )
    );
    let (status, body) = get(server.port, "/api/rulesets");
    assert_eq!(status, 200);
    for ruleset in cgt_rulesets_names() {
        assert!(
            body.contains(&format!("{{\"name\":\"{ruleset}\",")),
            "{ruleset}"
        );
    }
    // What a picture needs: a graph's labels, whether numbers are cakes.
    for entry in [
        r#""layout":"graph","cells":null,"rules":"#,
        r#""graph":{"vertices":"","edges":"lre","ground":true},"cakes":false}"#,
        r#""graph":{"vertices":".LR","edges":"-","ground":false},"cakes":false}"#,
        r#""layout":"numbers","cells":null,"#,
        r#""graph":null,"cakes":true}"#,
    ] {
        assert!(body.contains(entry), "{entry} not in {body}");
    }
    // The page's modules are served.
    for module in ["/app.js", "/board.js", "/editor.js"] {
        let (status, body) = get(server.port, module);
        assert_eq!(status, 200, "{module}");
        assert!(
            body.contains("export") || body.contains("import"),
            "{module}"
        );
    }
    let (status, body) = get(
        server.port,
        &format!("/api/thermograph?q={}", encode("{3|-1}")),
    );
    assert_eq!(status, 200);
    assert!(
        body.starts_with("<svg") && body.contains("temperature 2"),
        "{body}"
    );
    let (status, _) = get(server.port, "/");
    assert_eq!(status, 200);
    let (status, _) = get(server.port, "/nothing");
    assert_eq!(status, 404);
}

/// The names `cgt eval --list` shows, as `name(`…: every ruleset.
fn cgt_rulesets_names() -> Vec<String> {
    let output = Command::new(EXE)
        .args(["eval", "--list"])
        .output()
        .expect("cgt eval --list runs");
    String::from_utf8(output.stdout)
        .expect("UTF-8")
        .lines()
        .filter_map(|l| l.split('(').next().map(str::to_owned))
        .collect()
}

#[test]
fn foreign_host_or_origin_and_oversized_requests_are_refused() {
    let server = start(&[]);
    let port = server.port;
    let ask = |headers: &str| {
        raw(
            port,
            &format!("GET /api/rulesets HTTP/1.1\r\n{headers}\r\n"),
            b"",
        )
    };
    assert_eq!(ask(&format!("Host: localhost:{port}\r\n")).0, 200);
    let (status, body) = ask(&format!("Host: evil.example:{port}\r\n"));
    assert_eq!(status, 403);
    assert_eq!(
        body,
        format!(
            "{{\"error\":\"explore: refused: the Host must be 127.0.0.1:{port} or localhost:{port}\"}}"
        )
    );
    assert_eq!(ask("").0, 403, "no Host at all");
    let (status, body) = ask(&format!(
        "Host: 127.0.0.1:{port}\r\nOrigin: http://evil.example\r\n"
    ));
    assert_eq!(status, 403);
    assert!(body.contains("the Origin must be"), "{body}");
    assert_eq!(
        ask(&format!(
            "Host: 127.0.0.1:{port}\r\nOrigin: http://127.0.0.1:{port}\r\n"
        ))
        .0,
        200
    );
    // A long target, long headers, a big body.
    let (status, _) = get(port, &format!("/api/eval?q={}", "1".repeat(9000)));
    assert_eq!(status, 414);
    let (status, _) = ask(&format!(
        "Host: 127.0.0.1:{port}\r\nX-Padding: {}\r\n",
        "a".repeat(20_000)
    ));
    assert_eq!(status, 413);
    let (status, _) = raw(
        port,
        &format!(
            "POST /api/cancel?id=x HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Length: 1000000\r\n\r\n"
        ),
        &vec![b'a'; 70_000],
    );
    assert_eq!(status, 413);
}

#[test]
fn the_server_listens_on_loopback_only() {
    let server = start(&[]);
    assert!(TcpStream::connect(("127.0.0.1", server.port)).is_ok());
    // ::1 is another address of this machine, and not the server's.
    assert!(TcpStream::connect(("::1", server.port)).is_err());
    // The address this machine would reach the network from, if it has one
    // (a UDP connect sends nothing).
    let socket = std::net::UdpSocket::bind("0.0.0.0:0").expect("a UDP socket");
    match socket
        .connect("192.0.2.1:9")
        .and_then(|()| socket.local_addr())
    {
        Ok(local) if !local.ip().is_loopback() && !local.ip().is_unspecified() => {
            let refused = TcpStream::connect_timeout(
                &std::net::SocketAddr::new(local.ip(), server.port),
                Duration::from_secs(2),
            );
            assert!(refused.is_err(), "reachable on {}", local.ip());
        }
        _ => eprintln!("no address but loopback here: only ::1 was tried"),
    }
}

#[test]
fn a_long_computation_is_cancelled_and_other_requests_go_on() {
    let server = start(&[]);
    let port = server.port;
    let long = std::thread::spawn(move || {
        let started = Instant::now();
        let answer = get(
            port,
            &format!(
                "/api/eval?id=long&q={}",
                encode("domineering(.......|.......|.......|.......|.......|.......|.......)")
            ),
        );
        (answer, started.elapsed())
    });
    std::thread::sleep(Duration::from_millis(500));
    // Another request is answered at once while the long one runs.
    let started = Instant::now();
    assert_eq!(get(port, "/api/eval?q=1").0, 200);
    assert!(started.elapsed() < Duration::from_secs(5));
    let (status, body) = raw(
        port,
        &format!(
            "POST /api/cancel?id=long HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Length: 0\r\n\r\n"
        ),
        b"",
    );
    assert_eq!((status, body.as_str()), (200, r#"{"cancelled":true}"#));
    let ((status, body), took) = long.join().expect("the long request");
    assert_eq!(
        (status, body.as_str()),
        (503, r#"{"error":"explore: cancelled"}"#)
    );
    assert!(took < Duration::from_secs(60), "{took:?}");
}

#[test]
fn a_bad_port_is_one_line_and_exit_status_2() {
    let output = Command::new(EXE)
        .args(["explore", "--port", "http"])
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(output.stderr).expect("UTF-8"),
        "cgt: argument 3: --port expected a port in 1..=65535, found \"http\"\n"
    );
}
