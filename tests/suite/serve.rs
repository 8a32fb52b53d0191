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
        yaml.ends_with("turns:\n  - {player: Red, tile: E, at: [0, 1], rotation: 180, follower: city S}\n"),
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
    let (red, blue) = (two.find("player: Red"), two.find("player: Blue"));
    assert!(red.is_some() && blue.is_some() && red < blue, "{two}");
    // A square that is not free offers nothing; a malformed square is refused.
    let (_, none) = server.post("/api/place?at=5,5", start);
    assert_eq!(none["options"].as_array().map(Vec::len), Some(0), "{none}");
    let (status, _) = server.post("/api/place?at=north", start);
    assert_eq!(status, 400);
}

/// The builder's second part: offered on a square once the turn that earns it is played,
/// written as the turn's second part (`parts:`), and read back by `check` as one turn.
#[test]
fn serve_offers_a_builders_second_part_and_writes_the_turn_in_two_parts() {
    let server = Served::start(&[]);
    let start = b"title: t\nplayers: [Red, Blue]\nexpansions: [tb]\nboard:\n  - tile: D\n    at: [0, 0]\n    followers: [{player: Red, on: road E}]\n    builder: {player: Red, on: road E}\nturns:\n  - {player: Red, tile: U, at: [1, 0]}\n";
    let (status, offered) = server.post("/api/place?at=2,0", start);
    assert_eq!(status, 200, "{offered}");
    let options = offered["options"].as_array().unwrap();
    // Red's U extended the road of Red's builder: Red's second part, then Blue's turn.
    let second = options
        .iter()
        .position(|o| {
            o["part"] == "second part of turn 1"
                && o["tile"] == "U"
                && o["rotation"] == 0
                && o["follower"] == "no follower"
                && o["actions"] == ""
        })
        .unwrap_or_else(|| panic!("{offered}"));
    assert!(options.iter().all(|o| o["part"] != "second part of turn 1" || o["player"] == "Red"));
    assert!(options.iter().any(|o| o["part"] == "turn" && o["player"] == "Blue"));
    let (_, placed) = server.post(&format!("/api/place?at=2,0&option={second}"), start);
    let yaml = placed["scenario"].as_str().unwrap();
    assert!(
        yaml.ends_with(
            "turns:\n  - {player: Red, parts: [{tile: U, at: [1, 0]}, {tile: U, at: [2, 0], rotation: 0}]}\n"
        ),
        "{yaml}"
    );
    // Read back: the road D-U-U, Red's, 3 tiles, still open: 3 at the end; no turn refused.
    let (_, api) = server.post("/api/check", yaml.as_bytes());
    assert_eq!(api["runs"][0]["illegal"], serde_json::Value::Null, "{api}");
    assert_eq!(api["runs"][0]["scores"]["Red"], 3, "{api}");
}

/// The starting board by clicks (`mode=board`, `mode=stand`), the turns listed and removed,
/// a key set from JSON, the refused turn's "why not", and the paste formats.
#[test]
fn serve_edits_the_starting_board_and_the_turns_and_explains_a_refusal() {
    let server = Served::start(&[]);
    let bare = b"title: t\nplayers: [Red, Blue]\n";
    // No board written: the start tile is written out before the new tile.
    let (_, offered) = server.post("/api/place?at=1,0&mode=board", bare);
    let options = offered["options"].as_array().unwrap();
    let road =
        options.iter().position(|o| o["tile"] == "U" && o["rotation"] == 0).unwrap_or_else(|| panic!("{offered}"));
    assert!(options.iter().all(|o| o["part"] == "board"));
    // Only tiles whose edges fit: no city edge against D's road end.
    assert!(options.iter().all(|o| o["tile"] != "E" || o["rotation"] != 90), "{offered}");
    let (_, placed) = server.post(&format!("/api/place?at=1,0&mode=board&option={road}"), bare);
    let yaml = placed["scenario"].as_str().unwrap().to_string();
    assert!(
        yaml.ends_with("board: [{tile: D, at: [0, 0], rotation: 0}, {tile: U, at: [1, 0], rotation: 0}]\n"),
        "{yaml}"
    );
    // A follower stood on the start tile's road: each player's, on each feature.
    let (_, stand) = server.post("/api/place?at=0,0&mode=stand", yaml.as_bytes());
    let options = stand["options"].as_array().unwrap();
    let thief = options
        .iter()
        .position(|o| o["player"] == "Blue" && o["follower"] == "road EW")
        .unwrap_or_else(|| panic!("{stand}"));
    let (_, stood) = server.post(&format!("/api/place?at=0,0&mode=stand&option={thief}"), yaml.as_bytes());
    let yaml = stood["scenario"].as_str().unwrap().to_string();
    assert!(yaml.contains("{tile: D, at: [0, 0], rotation: 0, followers: [{player: Blue, on: road EW}]}"), "{yaml}");
    // The road D-U is open at both ends: at the end it scores 2 for Blue's thief.
    let (_, api) = server.post("/api/check", yaml.as_bytes());
    assert_eq!(api["runs"][0]["scores"]["Blue"], 2, "{api}");
    // Each rule applied comes with its wording and source, as the text report's citations.
    let road = &api["citations"]["base.final.road"];
    assert!(road["text"].as_str().is_some_and(|t| t.contains("road")), "{api}");
    assert!(road["source"].as_str().is_some_and(|t| !t.is_empty()), "{api}");
    // A turn refused (E's field edge against D's city): listed, explained, removed.
    let refused = format!(
        "{yaml}turns:\n  # a field edge against a city edge\n  - {{player: Red, tile: E, at: [0, 1], rotation: 0}}\n"
    );
    let (_, listed) = server.post("/api/turns", refused.as_bytes());
    assert_eq!(listed["turns"], serde_json::json!(["{player: Red, tile: E, at: [0, 1], rotation: 0}"]));
    assert_eq!(listed["players"], serde_json::json!(["Red", "Blue"]));
    let (status, why) = server.post("/api/moves?turn=1", refused.as_bytes());
    assert_eq!(status, 200, "{why}");
    let written = &why["as_written"];
    assert_eq!(written["legal"], false, "{why}");
    assert_eq!(written["rule"], "base.placement.edges-match", "{why}");
    assert!(written["nearby"].as_array().unwrap().iter().any(|n| n["legal"] == true), "{why}");
    let (_, removed) = server.post("/api/edit?op=remove&list=turns&item=0", refused.as_bytes());
    assert_eq!(removed["scenario"].as_str().unwrap(), format!("{yaml}turns:\n  []\n"));
    let (status, _) = server.post("/api/edit?op=remove&list=turns&item=3", refused.as_bytes());
    assert_eq!(status, 400);
    // A key set from JSON, written as a scenario writes it.
    let (_, set) = server.post("/api/edit?op=set&path=players&value=%5B%22Anne%20Marie%22%2C%22true%22%5D", bare);
    assert_eq!(set["scenario"].as_str().unwrap(), "title: t\nplayers: [Anne Marie, \"true\"]\n");
    // The paste formats are what `check --format` prints.
    for format in ["bbcode", "mediawiki", "markdown"] {
        let (status, pasted) = server.post(&format!("/api/export?format={format}"), yaml.as_bytes());
        assert_eq!(status, 200, "{pasted}");
        let dir = crate::util::TempDir::new("serve-export");
        let file = dir.write("s.yaml", &yaml);
        let cli = crate::util::stdout(&crate::util::referee(&["check", file.to_str().unwrap(), "--format", format]));
        assert_eq!(pasted["text"].as_str().unwrap(), cli, "{format}");
    }
}

/// The starting board's expansion pieces by clicks (`mode=stand`): under Traders and Builders
/// a builder stood beside its owner's follower on the start tile's road, written as the
/// board tile's `builder:`, and the position it sets up legal.
#[test]
fn serve_stands_an_expansion_piece_on_the_starting_board() {
    let server = Served::start(&[]);
    let yaml = "title: t\nplayers: [Red, Blue]\nexpansions: [tb]\nboard:\n  \
                - {tile: D, at: [0, 0], followers: [{player: Red, on: road EW}]}\n";
    let (status, stand) = server.post("/api/place?at=0,0&mode=stand", yaml.as_bytes());
    assert_eq!(status, 200, "{stand}");
    let options = stand["options"].as_array().unwrap();
    // The followers as before, then the pieces: each player's builder, each player's pig.
    assert!(options.iter().any(|o| o["part"] == "follower" && o["player"] == "Blue" && o["follower"] == "road EW"));
    assert!(options.iter().any(|o| o["part"] == "piece" && o["follower"] == "Blue's pig on field S"), "{stand}");
    let builder = options
        .iter()
        .position(|o| o["part"] == "piece" && o["player"] == "Red" && o["follower"] == "Red's builder on road E")
        .unwrap_or_else(|| panic!("{stand}"));
    assert_eq!(options[builder]["turn"], "{player: Red, on: road E}", "{stand}");
    let (_, stood) = server.post(&format!("/api/place?at=0,0&mode=stand&option={builder}"), yaml.as_bytes());
    let written = stood["scenario"].as_str().unwrap_or_else(|| panic!("{stood}")).to_string();
    assert!(
        written.contains(
            "{tile: D, at: [0, 0], followers: [{player: Red, on: road EW}], builder: {player: Red, on: road E}}"
        ),
        "{written}"
    );
    // Set up as written: no turn refused. At the end Red's road, one tile and open, scores 1
    // (the builder scores nothing of its own); Blue has nothing on the board.
    let (status, api) = server.post("/api/check", written.as_bytes());
    assert_eq!(status, 200, "{api}");
    assert_eq!(api["runs"][0]["illegal"], serde_json::Value::Null, "{api}");
    assert_eq!(api["runs"][0]["scores"]["Red"], 1, "{api}");
    assert_eq!(api["runs"][0]["scores"]["Blue"], 0, "{api}");
    // The builder written again for Blue replaces Red's: the tile's `builder:` holds one.
    let blue = options.iter().position(|o| o["follower"] == "Blue's builder on road E").unwrap();
    let (_, again) = server.post(&format!("/api/place?at=0,0&mode=stand&option={blue}"), written.as_bytes());
    let again = again["scenario"].as_str().unwrap();
    assert!(
        again.contains("builder: {player: Blue, on: road E}}") && !again.contains("builder: {player: Red"),
        "{again}"
    );
}
