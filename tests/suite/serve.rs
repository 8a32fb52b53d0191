//! `referee serve`: the real binary on an ephemeral port, asked over HTTP as the page asks it;
//! each endpoint against what the CLI prints for the same scenario.

use crate::util::{referee, root, spawn_to, stdout};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Stdio};

/// A server started with `args` (after `serve --port 0`), killed when dropped.
struct Served {
    child: Child,
    /// `127.0.0.1:PORT`.
    addr: String,
}

impl Served {
    fn start(args: &[&str]) -> Served {
        let mut all = vec!["serve", "--port", "0"];
        all.extend_from_slice(args);
        let mut child = spawn_to(&all, &root(), Stdio::piped(), Stdio::null());
        let mut line = String::new();
        BufReader::new(child.stdout.as_mut().expect("piped")).read_line(&mut line).expect("the address line");
        let addr = line
            .split("http://")
            .nth(1)
            .and_then(|r| r.split('/').next())
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .to_string();
        Served { child, addr }
    }

    /// The status and body of a request, with the server's own `Host` unless `host` is given.
    fn ask(&self, method: &str, path: &str, body: &[u8], host: Option<&str>) -> (u16, String) {
        let mut s = TcpStream::connect(&self.addr).expect("the server listens");
        let head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
            host.unwrap_or(&self.addr),
            body.len()
        );
        s.write_all(head.as_bytes()).unwrap();
        s.write_all(body).unwrap();
        let mut out = String::new();
        s.read_to_string(&mut out).unwrap();
        let status = out.split_whitespace().nth(1).and_then(|c| c.parse().ok()).unwrap_or(0);
        let body = out.split_once("\r\n\r\n").map_or(String::new(), |(_, b)| b.to_string());
        (status, body)
    }

    fn post(&self, path: &str, body: &[u8]) -> (u16, serde_json::Value) {
        let (status, text) = self.ask("POST", path, body, None);
        (status, serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}: {text}")))
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn cli_json(args: &[&str]) -> serde_json::Value {
    let o = referee(args);
    serde_json::from_str(&stdout(&o)).unwrap_or_else(|e| panic!("{args:?}: {e}"))
}

/// The same document but the scenario's id (a file's name on the CLI, `posted` on the API).
fn without_id(mut v: serde_json::Value) -> serde_json::Value {
    if let Some(o) = v.as_object_mut() {
        o.remove("scenario");
    }
    v
}

const SHARED: &str = "scenarios/base/shared-field.yaml";

#[test]
fn serve_check_and_compare_answer_what_the_cli_prints() {
    let server = Served::start(&[]);
    let yaml = std::fs::read(root().join(SHARED)).unwrap();
    let (status, api) = server.post("/api/check?rulesets=hig,rgg,zmg", &yaml);
    assert_eq!(status, 200, "{api}");
    let cli = cli_json(&["check", SHARED, "--format", "json", "--ruleset", "hig"]);
    assert_eq!(api["runs"][0], cli["runs"][0], "hig");
    assert_eq!(api["runs"].as_array().map(Vec::len), Some(3));
    let (status, api) = server.post("/api/compare?rulesets=hig,early", &yaml);
    assert_eq!(status, 200, "{api}");
    let cli = cli_json(&["compare", SHARED, "--rulesets", "hig,early", "--format", "json"]);
    assert_eq!(without_id(api), without_id(cli));
}

#[test]
fn serve_renders_the_board_and_starts_from_the_file_named() {
    let server = Served::start(&[SHARED]);
    let (status, start) = server.ask("GET", "/api/start", b"", None);
    assert_eq!(status, 200);
    let start: serde_json::Value = serde_json::from_str(&start).unwrap();
    assert_eq!(start["scenario"].as_str(), Some(std::fs::read_to_string(root().join(SHARED)).unwrap().as_str()));
    let (status, api) = server.post("/api/render?rulesets=hig", start["scenario"].as_str().unwrap().as_bytes());
    assert_eq!(status, 200, "{api}");
    let dir = crate::util::TempDir::new("serve-render");
    let file = dir.path().join("board.svg");
    referee(&["render", SHARED, "--ruleset", "hig", "--svg", file.to_str().unwrap()]);
    assert_eq!(api["svg"].as_str(), Some(std::fs::read_to_string(file).unwrap().as_str()));
    let (status, page) = server.ask("GET", "/", b"", None);
    assert!(status == 200 && page.contains("/api/check"), "{status}");
}

#[test]
fn serve_imports_a_saved_game_as_the_cli_does() {
    let save = root().join("tests/jcz/road-and-city.jcz");
    let server = Served::start(&[]);
    let (status, api) = server.post("/api/import", &std::fs::read(&save).unwrap());
    let cli = referee(&["import", save.to_str().unwrap()]);
    assert_eq!(cli.status.code(), Some(0));
    assert_eq!(status, 200, "{api}");
    // The same scenario, but the source line naming the file (the CLI's path, the API's body).
    let unsourced = |s: &str| s.lines().filter(|l| !l.starts_with("source:")).collect::<Vec<_>>().join("\n");
    assert_eq!(api["scenario"].as_str().map(unsourced), Some(unsourced(&stdout(&cli))));
}

#[test]
fn serve_refuses_other_hosts_bad_input_and_unknown_paths_with_an_error() {
    let server = Served::start(&[]);
    // DNS rebinding: a page of another site reaching this address by a name of its own.
    let (status, body) = server.ask("GET", "/", b"", Some("attacker.example"));
    assert!(status == 403 && body.contains("serve::host"), "{status} {body}");
    // A scenario that does not load: its diagnostic, located.
    let (status, api) =
        server.post("/api/check", b"title: t\nplayers: [Red, Blue]\nboard:\n  - {tile: NOPE, at: [0, 0]}\n");
    assert_eq!(status, 422, "{api}");
    assert_eq!(api["error"]["problems"][0]["line"], 4, "{api}");
    let (status, api) = server.post("/api/check?rulesets=nope", b"players: [Red]\n");
    assert!(status == 400 || status == 422, "{api}");
    let (status, api) = server.post("/api/check", &[0xff, 0xfe, 0x00]);
    assert_eq!(status, 422, "{api}");
    let (status, _) = server.ask("GET", "/etc/passwd", b"", None);
    assert_eq!(status, 404);
    let (status, _) = server.ask("DELETE", "/api/check", b"", None);
    assert_eq!(status, 405);
    // More than 16 MiB: refused, and the server goes on answering.
    let big = vec![b'#'; 16 * 1024 * 1024 + 2];
    let (status, _) = server.post("/api/check", &big);
    assert_eq!(status, 413);
    let (status, _) = server.ask("GET", "/api/rulesets", b"", None);
    assert_eq!(status, 200);
}

#[test]
fn serve_places_a_tile_by_a_square_and_an_option_and_the_scenario_checks_the_same() {
    let server = Served::start(&[]);
    let start = b"title: A board built by clicks\nplayers: [Red, Blue]\nboard:\n  - {tile: D, at: [0, 0]}\nturns: []\n";
    // The board drawn with its free squares to click: the four beside the start tile.
    let (status, board) = server.post("/api/render?free=1", start);
    assert_eq!(status, 200, "{board}");
    let svg = board["svg"].as_str().unwrap();
    for at in ["0,1", "1,0", "0,-1", "-1,0"] {
        assert!(svg.contains(&format!(r#"class="free" data-at="{at}""#)), "{at}: {svg}");
    }
    // North of D: the options are the legal moves there, each a turn line.
    let (status, offered) = server.post("/api/place?at=0,1", start);
    assert_eq!(status, 200, "{offered}");
    assert_eq!(offered["player"], "Red");
    let options = offered["options"].as_array().unwrap();
    let cap = options
        .iter()
        .position(|o| o["tile"] == "E" && o["rotation"] == 180 && o["follower"] == "city S")
        .unwrap_or_else(|| panic!("{offered}"));
    // Nothing that does not fit: no option turns a road against D's city cap.
    assert!(options.iter().all(|o| o["tile"] != "U" || o["rotation"] != 0), "{offered}");
    let (status, placed) = server.post(&format!("/api/place?at=0,1&option={cap}"), start);
    assert_eq!(status, 200, "{placed}");
    let yaml = placed["scenario"].as_str().unwrap();
    assert!(
        yaml.ends_with("turns:\n  - {player: \"Red\", tile: \"E\", at: [0, 1], rotation: 180, follower: city S}\n"),
        "{yaml}"
    );
    // The scenario written reads back to the same result: the city of two tiles scores 4.
    let dir = crate::util::TempDir::new("serve-place");
    let file = dir.write("placed.yaml", yaml);
    let cli = cli_json(&["check", file.to_str().unwrap(), "--format", "json"]);
    assert_eq!(cli["runs"][0]["scores"]["Red"], 4, "{cli}");
    let (_, api) = server.post("/api/check", yaml.as_bytes());
    assert_eq!(api["runs"], cli["runs"]);
    // The next turn is Blue's, written after Red's.
    let (status, next) = server.post("/api/place?at=1,0&option=0", yaml.as_bytes());
    assert_eq!(status, 200, "{next}");
    let two = next["scenario"].as_str().unwrap();
    let (red, blue) = (two.find(r#"player: "Red""#), two.find(r#"player: "Blue""#));
    assert!(red.is_some() && blue.is_some() && red < blue, "{two}");
    // A square that is not free offers nothing; a malformed square is refused.
    let (_, none) = server.post("/api/place?at=5,5", start);
    assert_eq!(none["options"].as_array().map(Vec::len), Some(0), "{none}");
    let (status, _) = server.post("/api/place?at=north", start);
    assert_eq!(status, 400);
}
