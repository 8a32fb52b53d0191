//! `referee serve`: a local page over a small JSON API (docs/serve.md).
//!
//! The page is a thin client: every verdict, score and picture comes from the library through
//! [`api`], which answers what the CLI prints for the same scenario. The server is
//! single-threaded (one person at a table), reads no file but the one named on its command
//! line, bounds every request body as files are bounded (16 MiB), and refuses a request whose
//! `Host` is not its own address (a page of another site reaching it through DNS rebinding).

pub mod api;
pub mod edit;

use crate::data::Library;
use std::io::Read;

/// The page, built into the binary: no asset is fetched from anywhere.
const PAGE: &str = include_str!("page.html");

/// What the server needs to answer: the data, the scenario it was started with (if any), and
/// the names its `Host` header may carry.
pub struct Server<'l> {
    lib: &'l Library,
    /// The scenario (or saved game, imported) named on the command line, as YAML text.
    start: Option<String>,
    hosts: Vec<String>,
}

/// An answer: status, content type, body.
pub struct Reply {
    pub status: u16,
    pub content_type: &'static str,
    pub body: String,
}

impl Reply {
    pub fn json(status: u16, v: &serde_json::Value) -> Reply {
        Reply { status, content_type: "application/json", body: crate::report::json_text(v) }
    }

    /// An error the page shows as it is: a code and a message, in a JSON object.
    pub fn error(status: u16, code: &str, message: impl Into<String>) -> Reply {
        Reply::json(status, &serde_json::json!({"error": {"code": code, "message": message.into()}}))
    }
}

impl<'l> Server<'l> {
    /// A server for `host:port` (the port it is bound to).
    pub fn new(lib: &'l Library, start: Option<String>, host: &str, port: u16) -> Server<'l> {
        let mut hosts = vec![format!("{host}:{port}")];
        if matches!(host, "127.0.0.1" | "localhost" | "::1" | "[::1]") {
            hosts.extend(["127.0.0.1", "localhost", "[::1]"].iter().map(|h| format!("{h}:{port}")));
        }
        Server { lib, start, hosts }
    }

    /// The answer to one request: `method`, `url` (path and query), its `Host` header, and
    /// its body (read no further than the bound).
    pub fn answer(&self, method: &str, url: &str, host: Option<&str>, body: impl Read) -> Reply {
        if !host.is_some_and(|h| self.hosts.iter().any(|ok| ok.eq_ignore_ascii_case(h))) {
            return Reply::error(
                403,
                "serve::host",
                "this server answers only requests addressed to it by its own address (its Host header)",
            );
        }
        let (path, query) = url.split_once('?').unwrap_or((url, ""));
        match (method, path) {
            ("GET", "/") | ("GET", "/index.html") => {
                Reply { status: 200, content_type: "text/html; charset=utf-8", body: PAGE.to_string() }
            }
            ("GET", "/api/start") => Reply::json(200, &serde_json::json!({"scenario": self.start})),
            ("GET", "/api/rulesets") => api::rulesets(self.lib),
            ("POST", p) if p.starts_with("/api/") => {
                let file = match crate::data::read_stream("request", "the request's body", body) {
                    Ok(f) => f,
                    Err(e) => {
                        // Too large (the bound of files), or not text.
                        let large = e.problems().iter().any(|p| p.message.contains("larger than"));
                        return api::input_error(if large { 413 } else { 422 }, &e);
                    }
                };
                api::route(self.lib, &p["/api/".len()..], query, file)
            }
            (_, p) if p == "/" || p.starts_with("/api/") => {
                Reply::error(405, "serve::method", format!("{method} is not answered at {p}"))
            }
            (_, p) => Reply::error(404, "serve::not-found", format!("nothing is served at {p}")),
        }
    }
}

/// Runs the server until the process is stopped: prints its address first.
pub fn run(lib: &Library, start: Option<String>, host: &str, port: u16) -> Result<(), String> {
    let http = tiny_http::Server::http((host, port)).map_err(|e| format!("cannot listen on {host}:{port}: {e}"))?;
    let port = http.server_addr().to_ip().map_or(port, |a| a.port());
    let shown = if host.contains(':') { format!("[{host}]") } else { host.to_string() };
    let server = Server::new(lib, start, &shown, port);
    println!("referee serve: http://{shown}:{port}/ (Ctrl-C to stop)");
    for mut request in http.incoming_requests() {
        let host = request.headers().iter().find(|h| h.field.equiv("Host")).map(|h| h.value.as_str().to_string());
        let method = request.method().as_str().to_string();
        let url = request.url().to_string();
        let reply = server.answer(&method, &url, host.as_deref(), request.as_reader());
        // Every answer says its length (never chunked): its body is whole before it is sent.
        let length = reply.body.len();
        let mut response = tiny_http::Response::from_string(reply.body)
            .with_status_code(reply.status)
            .with_chunked_threshold(length.saturating_add(1));
        for (k, v) in [
            ("Content-Type", reply.content_type),
            ("Cache-Control", "no-store"),
            ("X-Content-Type-Options", "nosniff"),
            (
                "Content-Security-Policy",
                "default-src 'self'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src 'self' data: blob:",
            ),
        ] {
            if let Ok(h) = tiny_http::Header::from_bytes(k.as_bytes(), v.as_bytes()) {
                response.add_header(h);
            }
        }
        // A client gone before its answer is not the server's failure.
        let _ = request.respond(response);
    }
    Ok(())
}
