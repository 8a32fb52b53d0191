//! `referee serve` in a real browser: Debian's chromium, headless, driven over WebDriver by
//! chromedriver, builds a dispute by clicks only and reads the ruling off the page.
//!
//! Ignored by `cargo test` (it needs chromium and chromedriver, which are not Rust): `.ci/run`
//! installs them and runs it with `--ignored`, or says that it is skipped. Screenshots go to
//! `target/serve-screens/` for a person to look at (docs/serve.md).

use crate::util::{referee, root, spawn_to, stdout};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

/// A child process killed when dropped.
struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// One HTTP/1.1 request with a JSON body; the JSON answer.
fn http(addr: &str, method: &str, path: &str, body: Option<&Value>) -> Value {
    let body = body.map(Value::to_string).unwrap_or_default();
    let mut s = TcpStream::connect(addr).unwrap_or_else(|e| panic!("{addr}: {e}"));
    s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    s.write_all(head.as_bytes()).unwrap();
    s.write_all(body.as_bytes()).unwrap();
    // The answer's head, then as many bytes as it says (the driver may keep the connection).
    let mut r = BufReader::new(s);
    let mut length = None;
    loop {
        let mut line = String::new();
        if r.read_line(&mut line).unwrap() == 0 || line == "\r\n" {
            break;
        }
        if let Some((k, v)) = line.split_once(':') {
            if k.eq_ignore_ascii_case("content-length") {
                length = v.trim().parse::<usize>().ok();
            }
        }
    }
    let mut body = Vec::new();
    match length {
        Some(n) => {
            body.resize(n, 0);
            r.read_exact(&mut body).unwrap();
        }
        None => {
            r.read_to_end(&mut body).unwrap();
        }
    }
    let text = String::from_utf8_lossy(&body);
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{method} {path}: {e}: {text}"))
}

/// A WebDriver session.
struct Browser {
    driver: String,
    session: String,
    _chromedriver: Killed,
}

impl Browser {
    fn start(chromedriver: &str, chromium: &str) -> Browser {
        let port = free_port();
        let child = std::process::Command::new(chromedriver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver runs");
        let driver = format!("127.0.0.1:{port}");
        let started = Instant::now();
        while TcpStream::connect(&driver).is_err() {
            assert!(started.elapsed() < Duration::from_secs(20), "chromedriver does not listen");
            std::thread::sleep(Duration::from_millis(100));
        }
        let caps = json!({"capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": {
            "binary": chromium,
            "args": ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1300,1100"]
        }}}});
        let v = http(&driver, "POST", "/session", Some(&caps));
        let session = v["value"]["sessionId"].as_str().unwrap_or_else(|| panic!("no session: {v}")).to_string();
        let b = Browser { driver, session, _chromedriver: Killed(child) };
        b.call("POST", "timeouts", Some(&json!({"implicit": 10000})));
        b
    }

    fn call(&self, method: &str, what: &str, body: Option<&Value>) -> Value {
        let v = http(&self.driver, method, &format!("/session/{}/{what}", self.session), body);
        assert!(v["value"].get("error").is_none(), "{method} {what}: {v}");
        v["value"].clone()
    }

    fn find(&self, using: &str, value: &str) -> String {
        let v = self.call("POST", "element", Some(&json!({"using": using, "value": value})));
        v.as_object().and_then(|o| o.values().next()).and_then(Value::as_str).unwrap().to_string()
    }

    fn click(&self, using: &str, value: &str) {
        let id = self.find(using, value);
        self.call("POST", &format!("element/{id}/click"), Some(&json!({})));
    }

    fn script(&self, body: &str) -> Value {
        self.call("POST", "execute/sync", Some(&json!({"script": body, "args": []})))
    }

    /// Waits until the script returns true.
    fn until(&self, what: &str, script: &str) {
        let started = Instant::now();
        while self.script(script) != Value::Bool(true) {
            assert!(started.elapsed() < Duration::from_secs(20), "waited in vain for {what}");
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Waits until the page has answered every request.
    fn idle(&self) {
        self.until("the page to answer", "return document.body.dataset.busy === 'false'");
    }

    /// The scenario's text on the page.
    fn yaml(&self) -> String {
        self.script("return document.getElementById('yaml').value").as_str().unwrap().to_string()
    }

    /// Places by clicks only: the free square `at`, the tile among the options of `part` (`turn`,
    /// `second part of turn 5`), turned with the R key until it shows `degrees`, then the
    /// placement labelled `label` (`no follower`, `city S`, `no follower, with builder on road E`).
    fn place(&self, at: &str, part: &str, tile: &str, degrees: u16, label: &str) {
        self.idle();
        let before = self.yaml();
        self.click("css selector", &format!("#board rect.free[data-at='{at}']"));
        self.idle();
        self.click("css selector", &format!("#options button.tile[data-part='{part}'][data-tile='{tile}']"));
        let body = self.find("css selector", "body");
        let shown = || self.script("return document.getElementById('rotation').dataset.deg");
        for _ in 0..4 {
            if shown() == json!(degrees.to_string()) {
                break;
            }
            self.call("POST", &format!("element/{body}/value"), Some(&json!({"text": "r"})));
        }
        assert_eq!(shown(), json!(degrees.to_string()), "{tile} cannot be turned {degrees}\u{b0} on {at}");
        self.click("xpath", &format!("//div[@id='placements']/button[@data-label='{label}']"));
        self.until(
            &format!("{tile} on {at} in the scenario"),
            &format!("return document.getElementById('yaml').value !== {}", json!(before)),
        );
    }

    /// Waits until each of the three rulesets ticked at first (hig, rgg, zmg) shows `scores`.
    fn rulings_read(&self, scores: &str) {
        let count = format!("return document.getElementById('scores').textContent.split('{scores}').length == 4");
        self.until(&format!("the three rulings: {scores}"), &count);
    }

    /// Types `text` into the element `css` (after clearing it).
    fn type_into(&self, css: &str, text: &str) {
        let id = self.find("css selector", css);
        self.call("POST", &format!("element/{id}/clear"), Some(&json!({})));
        self.call("POST", &format!("element/{id}/value"), Some(&json!({"text": text})));
    }

    /// A picture of the page from its top, saved under `target/serve-screens/`.
    fn screenshot(&self, name: &str) -> std::path::PathBuf {
        self.script("window.scrollTo(0, 0); return true");
        let png = base64(self.call("GET", "screenshot", None).as_str().unwrap());
        let dir = std::env::var_os("CARGO_TARGET_DIR")
            .map(std::path::PathBuf::from)
            .unwrap_or_else(|| root().join("target"))
            .join("serve-screens");
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        std::fs::write(&path, png).unwrap();
        path
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = TcpStream::connect(&self.driver).map(|_| {
            http(&self.driver, "DELETE", &format!("/session/{}", self.session), None);
        });
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// Standard base64 decoded (a screenshot).
fn base64(s: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let (mut out, mut acc, mut bits) = (Vec::new(), 0u32, 0);
    for v in s.bytes().filter_map(value) {
        acc = (acc << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    out
}

/// A server of the binary on a free port, and its address.
fn serve() -> (Killed, String) {
    let mut serve = Killed(spawn_to(&["serve", "--port", "0"], &root(), Stdio::piped(), Stdio::null()));
    let mut line = String::new();
    BufReader::new(serve.0.stdout.as_mut().unwrap()).read_line(&mut line).unwrap();
    let url = line.split_whitespace().find(|w| w.starts_with("http://")).expect("the address").to_string();
    (serve, url)
}

/// chromium and chromedriver, as `.ci/run` names them (Debian's paths otherwise), on the page.
fn browser(url: &str) -> Browser {
    let chromedriver = std::env::var("REFEREE_CHROMEDRIVER").unwrap_or_else(|_| "/usr/bin/chromedriver".to_string());
    let chromium = std::env::var("REFEREE_CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".to_string());
    assert!(
        std::path::Path::new(&chromedriver).exists() && std::path::Path::new(&chromium).exists(),
        "chromium and chromedriver are needed ({chromium}, {chromedriver})"
    );
    let b = Browser::start(&chromedriver, &chromium);
    b.call("POST", "url", Some(&json!({"url": url})));
    b.until("the board", "return document.querySelectorAll('#board rect.free').length == 4");
    b
}

/// `referee check` of the scenario the page holds, under hig, rgg and zmg: each run's scores.
fn checked_by_the_cli(b: &Browser, name: &str) -> Vec<Value> {
    let dir = crate::util::TempDir::new("browser");
    let file = dir.write(name, b.yaml());
    let scores = |ruleset: &str| {
        let args = ["check", file.to_str().unwrap(), "--format", "json", "--ruleset", ruleset];
        let cli: Value = serde_json::from_str(&stdout(&referee(&args))).unwrap();
        cli["runs"][0]["scores"].clone()
    };
    ["hig", "rgg", "zmg"].iter().map(|r| scores(r)).collect()
}

/// The shared-field dispute of the README, built from the start tile by clicks only: two
/// farmers, one each, in a field that borders two completed cities; each ruleset's answer is
/// read off the page, and the scenario the page exports reads back to the same under
/// `referee check`.
#[test]
#[ignore = "needs chromium and chromedriver: .ci/run installs them and runs it"]
fn browser_builds_the_shared_field_dispute_by_clicks() {
    let (_serve, url) = serve();
    let b = browser(&url);
    // The cities first (no knights, so they score nothing), then the farmers and the tile
    // that joins their fields: Red, Blue, Red, Blue, Red, Blue.
    b.place("0,1", "turn", "N", 180, "no follower");
    b.place("1,1", "turn", "N", 270, "no follower");
    b.place("2,1", "turn", "E", 180, "no follower");
    b.place("-1,0", "turn", "D", 0, "field EL WR");
    b.place("2,0", "turn", "D", 0, "field EL WR");
    b.place("1,0", "turn", "D", 0, "no follower");
    b.rulings_read("Scores: Blue 6, Red 6");
    let shot = b.screenshot("shared-field.png");
    assert!(std::fs::metadata(&shot).unwrap().len() > 1000, "{}", shot.display());
    // The scenario as the page exports it reads back to the same ruling.
    for scores in checked_by_the_cli(&b, "shared-field-by-clicks.yaml") {
        assert_eq!(scores, json!({"Red": 6, "Blue": 6}));
    }
    // The ruling to paste on a forum: BBCode, as `check --format bbcode` writes it.
    b.click("css selector", "button[data-export='bbcode']");
    b.until("the BBCode", "return document.getElementById('exported').value.includes('[b]Scores:[/b] Red 6, Blue 6')");
    // The joining tile removed from the list of turns: the fields part, and the city it closed
    // (D at 0,0, the two N) is open again. Blue's field (turn 4: D at -1,0 and 0,0, north of
    // the road) borders no completed city: 0; Red's (turn 5: D at 2,0) borders the city closed
    // with E at 2,1: 3. Undone, the ruling is back.
    b.click("css selector", "button[data-remove='turns-5']");
    b.rulings_read("Scores: Blue 0, Red 3");
    b.click("css selector", "#undo");
    b.rulings_read("Scores: Blue 6, Red 6");
}

/// The starting board by clicks (position mode), and the "why not" of a refused turn.
#[test]
#[ignore = "needs chromium and chromedriver: .ci/run installs them and runs it"]
fn browser_builds_a_starting_board_and_tells_why_a_turn_is_refused() {
    let (_serve, url) = serve();
    let b = browser(&url);
    b.click("css selector", "input[name='mode'][value='board']");
    // E north of the start tile, its city closing D's: a tile of the starting board, taken
    // from the keyboard (R turns it, Enter takes the first placement).
    b.idle();
    b.click("css selector", "#board rect.free[data-at='0,1']");
    b.idle();
    b.click("css selector", "#options button.tile[data-part='board'][data-tile='E']");
    let body = b.find("css selector", "body");
    b.call("POST", &format!("element/{body}/value"), Some(&json!({"text": "r"})));
    assert_eq!(b.script("return document.getElementById('rotation').dataset.deg"), json!("180"));
    b.call("POST", &format!("element/{body}/value"), Some(&json!({"text": "\u{E007}"})));
    b.until(
        "E on the starting board",
        "return document.getElementById('yaml').value.includes('{tile: E, at: [0, 1], rotation: 180}')",
    );
    // Blue's knight stood on the start tile's city, by clicking the tile.
    b.idle();
    b.click("css selector", "#board rect.placed[data-at='0,0']");
    b.idle();
    b.click("xpath", "//div[@id='placements']/button[@data-label='Blue: city N']");
    b.until("the knight", "return document.getElementById('yaml').value.includes('{player: Blue, on: city N}')");
    // A turn typed by hand that breaks the rules: the refusal, and what one change away is legal.
    let refused = format!(
        "{}turns:\n  - {{player: Red, tile: U, at: [1, 0], rotation: 90}}\n",
        b.yaml().replace("turns: []\n", "")
    );
    b.type_into("#yaml", &refused);
    b.click("css selector", "#run");
    b.until(
        "the why-not rows",
        "return document.getElementById('whynot').textContent.includes('base.placement.edges-match')",
    );
    b.until(
        "a legal change",
        "return [...document.querySelectorAll('#whynot tr')].some((r) => r.cells[0].textContent === 'turned 0\u{b0}' && r.cells[1].textContent === 'legal')",
    );
    b.screenshot("why-not.png");
    // A JCloisterZone save dropped on the page is imported, and ruled.
    let save = std::fs::read_to_string(root().join("tests/jcz/castle-bridge-discard.jcz")).unwrap();
    let drop = format!(
        "const t = new DataTransfer(); t.items.add(new File([{}], 'game.jcz')); \
         document.dispatchEvent(new DragEvent('drop', {{dataTransfer: t, bubbles: true}})); return true",
        json!(save)
    );
    b.script(&drop);
    b.until(
        "the save imported",
        "return document.getElementById('yaml').value.includes('Imported from a JCloisterZone')",
    );
    b.idle();
    assert!(b.script("return document.getElementById('scores').textContent.includes('Scores:')") == json!(true));
}

/// The bazaar during a builder's turn (seed 000's Q&A), built by clicks only: the
/// expansions ticked, Red's thief and builder on one road, Red's bazaar tile extending it
/// (a second part earned), the auction written in the page's form, the bought tiles placed,
/// then the second part, offered once the bazaar's placements are done (hig, rgg, zmg).
///
/// Worked by hand: Blue's knight takes the city D-E closed on turn 2, 2 tiles x 2 = 4. Red's
/// thief holds the road U(-1,0) D(0,0) U(1,0) U(2,0) BCB09(3,0), which ends at the bazaar
/// tile's centre and stays open to the west: 5 tiles x 1 = 5 at the end. The second part
/// (U at 4,0) starts another road, nobody's. Red 5, Blue 4 under each ruleset.
#[test]
#[ignore = "needs chromium and chromedriver: .ci/run installs them and runs it"]
fn browser_builds_a_builders_double_turn_with_a_bazaar_by_clicks() {
    let (_serve, url) = serve();
    let b = browser(&url);
    for x in ["bcb1", "tb"] {
        b.idle();
        b.click("css selector", &format!("#expansions input[data-expansion='{x}']"));
        b.until(&format!("{x} in play"), &format!("return document.getElementById('yaml').value.includes('{x}')"));
    }
    b.place("1,0", "turn", "U", 0, "road EW");
    b.place("0,1", "turn", "E", 180, "city S");
    b.place("2,0", "turn", "U", 0, "no follower, with builder on road E");
    b.place("1,1", "turn", "E", 0, "no follower");
    b.place("3,0", "turn", "BCB09", 90, "no follower, with a bazaar follows (its auction not written)");
    // The auction, in the form the page shows for a bazaar not yet written: E and U revealed;
    // Blue selects E and keeps it for 0, Red passing; U goes to Red.
    b.idle();
    b.type_into("#revealed", "E, U");
    b.click("xpath", "//div[@class='lot']/select[1]/option[text()='Blue']");
    b.type_into(".lot input:nth-of-type(1)", "E");
    b.type_into(".lot input:nth-of-type(2)", "Blue 0, Red pass");
    b.click("css selector", "#holdBazaar");
    b.until("the bazaar written", "return document.getElementById('yaml').value.includes('Red pass')");
    b.place("0,-1", "turn", "E", 180, "no follower");
    b.place("-1,0", "turn", "U", 0, "no follower");
    b.place("4,0", "second part of turn 5", "U", 0, "no follower");
    b.rulings_read("Scores: Blue 4, Red 5");
    assert!(b.yaml().contains("parts: ["), "turn 5 is written in two parts:\n{}", b.yaml());
    b.screenshot("bazaar-builder.png");
    for scores in checked_by_the_cli(&b, "bazaar-builder-by-clicks.yaml") {
        assert_eq!(scores, json!({"Red": 5, "Blue": 4}));
    }
    // On a phone-sized window the page still fits its width (the board scrolls inside).
    b.call("POST", "window/rect", Some(&json!({"width": 390, "height": 844})));
    b.until("the narrow layout", "return document.documentElement.scrollWidth <= window.innerWidth + 1");
    b.screenshot("bazaar-builder-phone.png");
}
