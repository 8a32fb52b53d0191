//! The command line: clap types mirror what was typed; `run` turns them into work.

pub mod bench;
pub mod explain;
pub mod gallery;
mod man;
pub mod moves;

use crate::data::{self, DataSource, Library};
use crate::diag::InputError;
use crate::replay::{self, Judgement, Outcome};
use crate::report::{self, Format, ListFormat, Style};
use crate::ruleset::Profile;
use crate::scenario::{self, Scenario};
use crate::text::escape_control as esc;
use clap::{Args, Parser, Subcommand};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Debug, Parser)]
#[command(
    name = "referee",
    version,
    about = "A referee for Carcassonne rules disputes: replays a board scenario under each edition's rules and cites every rule it applies.",
    after_help = "Examples:\n  referee check scenarios/base/shared-field.yaml\n  referee check scenarios/base/two-tile-city.yaml --ruleset early --format markdown\n  referee test scenarios/\n  referee rules --ruleset zmg"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
    /// `referee --data DIR COMMAND`, as written before each command had its own `--data`.
    #[arg(long, value_name = "DIR", hide = true)]
    pub data: Option<PathBuf>,
    /// When to colour the output: auto (a terminal, unless NO_COLOR is set; always when CLICOLOR_FORCE is), always or never.
    #[arg(long, global = true, value_enum, default_value_t = ColorChoice::Auto, value_name = "WHEN")]
    pub color: ColorChoice,
}

/// `--color`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorChoice {
    Auto,
    Always,
    Never,
}

/// `--data DIR`, on each command that reads the built-in data (not `man` nor `completions`).
#[derive(Debug, Clone, Default, Args)]
pub struct DataArg {
    /// A folder whose files replace the built-in data of the same path (tiles/base.yaml, rulesets/hig.yaml, rulesets/rules/base.yaml, ...).
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,
}

/// The names of the built-in rulesets (`hig`, `rgg`, ...): the profiles' file names.
pub fn builtin_ruleset_names() -> impl Iterator<Item = &'static str> {
    data::PROFILES.iter().map(|e| e.path.trim_start_matches("rulesets/").trim_end_matches(".yaml"))
}

/// A ruleset argument: a built-in name or a profile file. The built-in names are its possible
/// values, shown in `--help` and offered by the shell completions; any other value is taken
/// for a file (and refused, with the names, if it is none).
#[derive(Clone, Debug)]
pub struct RulesetArg;

impl clap::builder::TypedValueParser for RulesetArg {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<String, clap::Error> {
        clap::builder::StringValueParser::new().parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        Some(Box::new(builtin_ruleset_names().map(clap::builder::PossibleValue::new)))
    }
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Replay one scenario and print who scores what, and why.
    #[command(
        after_help = "Example:\n  referee check scenarios/base/shared-field.yaml --ruleset hig\n\nExit status: 0 when every expectation of the scenario holds, 1 when one fails, 2 on bad input."
    )]
    Check(CheckArgs),
    /// Run every scenario under the given paths against each ruleset it names.
    #[command(
        after_help = "Example:\n  referee test scenarios/\n  referee test scenarios/base/ties.yaml scenarios/base\n  referee test -k bazaar -q\n  referee test --format junit > report.xml\n\nPrints one line per scenario and ruleset, then `N passed, N failed` (and, when it met JCloisterZone games, a line counting them). A diagnostic shared by several rulesets of one scenario is printed once.\nEach file is run once: a file or folder met again (through a link) is skipped, and named on stderr.\nExit status: 0 when all pass, 1 when an expectation fails, 2 when a file cannot be read or is invalid, or when no scenario is found (or none matches the filter)."
    )]
    Test(TestArgs),
    /// Replay one scenario under several rulesets and show, side by side, what differs and why.
    #[command(
        after_help = "Example:\n  referee compare scenarios/ne8/contrast-bridge-road.yaml\n  referee compare scenarios/base/two-tile-city.yaml --rulesets hig,early --format markdown\n  referee compare scenarios/bcb1/bazaar-negative-score.yaml --all\n\nA report, not a test: exit status 0 whether or not the rulesets differ, 2 on bad input."
    )]
    Compare(CompareArgs),
    /// Draw the board of a scenario: in the terminal, or as an SVG picture.
    #[command(
        after_help = "Example:\n  referee render scenarios/base/shared-field.yaml\n  referee render scenarios/bcb1/castle-example-twenty-points.yaml --turn 1 --ascii\n  referee render scenarios/base/shared-field.yaml --svg board.svg"
    )]
    Render(RenderArgs),
    /// List the legal moves of one turn's tile, and say which rule refuses the turn's own move.
    #[command(
        after_help = "Example:\n  referee moves scenarios/base/edges-mismatch.yaml --turn 3\n  referee moves scenarios/base/shared-field.yaml --turn 1 --ruleset hig --format json\n\nReplays the turns before N, then lists, square by square, each rotation that fits and the follower placements (and expansion actions) it allows, for the player and tile of turn N. When turn N's own move is refused, names the rule and judges each move one change away.\nA report, not a test: exit status 0 whether or not the move is legal, 2 on bad input (a turn beyond the scenario, or one the game never reaches)."
    )]
    Moves(moves::MovesArgs),
    /// Write a JCloisterZone saved game (.jcz) as a scenario: players, start, every move, the rules played.
    #[command(
        after_help = "Example:\n  referee import game.jcz\n  referee import game.jcz -o scenarios/disputes/my-castle.yaml\n\n`check`, `test`, `compare` and `render` also read .jcz files directly, through this import.\nExit status: 0 when written, 2 when the game holds what the referee does not model (each such item located in the file)."
    )]
    Import(ImportArgs),
    /// Explain a rule, an inventory ruling or a switch: wording, source, editions, scenarios.
    #[command(
        after_help = "Example:\n  referee explain base.final.field\n  referee explain bcb1.bazaar.example-first-lot --format markdown\n  referee explain bazaar.timing\n  referee explain castle          # what mentions castles"
    )]
    Explain(explain::ExplainArgs),
    /// How much of the rule catalogue the scenarios lock in, per document.
    #[command(
        after_help = "Example:\n  referee rulings\n  referee rulings --uncovered\n  referee rulings --format json"
    )]
    Rulings(explain::RulingsArgs),
    /// Show the edition switches of a ruleset (or of every built-in ruleset), with citations.
    #[command(
        after_help = "Example:\n  referee rules\n  referee rules --ruleset early\n  referee rules --catalogue --format markdown"
    )]
    Rules(RulesArgs),
    /// List the tile catalogue: each tile's letter, edges and features as a scenario names them; or draw it as SVG.
    #[command(
        after_help = "Example:\n  referee tiles\n  referee tiles --expansion bcb1\n  referee tiles --svg tiles.svg\n\nEach tile at rotation 0: its letter (the `tile:` of a scenario), its edges north, east, south, west (C city, R road, F field), how many the game holds, and its features as a `follower:` names them."
    )]
    Tiles(gallery::TilesArgs),
    /// Open a local page where players build a disputed board by clicking, ruled by every chosen edition.
    #[command(
        after_help = "Example:\n  referee serve\n  referee serve scenarios/base/shared-field.yaml --port 8080\n\nServes on 127.0.0.1 until Ctrl-C; the address is printed first. The page and its JSON API are described in docs/serve.md.\nExit status: 2 when the scenario named cannot be read or the address cannot be listened on."
    )]
    Serve(ServeArgs),
    /// Write a commented starter scenario (standard output, or a new file).
    #[command(
        after_help = "Example:\n  referee new > scenarios/disputes/my-ruling.yaml\n  referee new my-ruling.yaml && referee check my-ruling.yaml\n\nThe starter loads and passes as it is: change its board, turns and expectations."
    )]
    New(gallery::NewArgs),
    /// Print a shell completion script (bash, zsh, fish, ...).
    #[command(
        after_help = "Example:\n  referee completions bash > ~/.local/share/bash-completion/completions/referee\n  referee completions zsh > ~/.zfunc/_referee"
    )]
    Completions { shell: clap_complete::Shell },
    /// Print the manual page (roff), generated from these very definitions.
    #[command(after_help = "Example:\n  referee man > referee.1 && man ./referee.1")]
    Man,
    /// Measure the engine on seeded random games (see BENCHMARKS.md).
    #[command(after_help = "Example:\n  referee bench\n  referee bench --games 2000 --seed 7")]
    Bench(bench::BenchArgs),
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The scenario file (YAML), or a JCloisterZone saved game (.jcz); `-` reads standard input.
    pub scenario: PathBuf,
    /// A built-in ruleset or a profile file; default: the scenario's own list.
    #[arg(long, short, value_parser = RulesetArg)]
    pub ruleset: Option<String>,
    #[arg(long, short, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Also write an SVG picture of the final board (under the first ruleset) to this file (not `-`: standard output holds the report).
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    #[command(flatten)]
    pub data: DataArg,
}

#[derive(Debug, Args)]
pub struct RenderArgs {
    /// The scenario file (YAML), or a JCloisterZone saved game (.jcz); `-` reads standard input.
    pub scenario: PathBuf,
    /// Draw the board after this many turns (0: the starting board; the last turn: before
    /// final scoring). Default: after final scoring, as `--final`.
    #[arg(long, conflicts_with = "final_board")]
    pub turn: Option<usize>,
    /// Draw the board after the last turn and final scoring (the default).
    #[arg(long = "final", id = "final_board")]
    pub final_board: bool,
    /// The ruleset to replay under, built-in or a profile file (default: the scenario's first).
    #[arg(long, short, value_parser = RulesetArg)]
    pub ruleset: Option<String>,
    /// Write an SVG picture to this file instead of drawing in the terminal; `-` writes it to standard output.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Plain ASCII characters, whatever the terminal can show.
    #[arg(long)]
    pub ascii: bool,
    #[command(flatten)]
    pub data: DataArg,
}

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// A scenario (YAML) or JCloisterZone saved game (.jcz) to open the page with: the one file the server reads.
    pub scenario: Option<PathBuf>,
    /// The port to listen on (0: any free port, the one printed).
    #[arg(long, default_value_t = 8417)]
    pub port: u16,
    /// The address to listen on. Anyone who can reach another address than 127.0.0.1 can use the page.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    #[command(flatten)]
    pub data: DataArg,
}

#[derive(Debug, Args)]
pub struct CompareArgs {
    /// The scenario file (YAML), or a JCloisterZone saved game (.jcz); `-` reads standard input.
    pub scenario: PathBuf,
    /// Rulesets to compare, comma-separated (built-in names or profile files); default: the scenario's own.
    #[arg(long, value_delimiter = ',', conflicts_with = "all", value_parser = RulesetArg)]
    pub rulesets: Vec<String>,
    /// Compare under every built-in ruleset.
    #[arg(long)]
    pub all: bool,
    #[arg(long, short, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    #[command(flatten)]
    pub data: DataArg,
}

#[derive(Debug, Args)]
pub struct ImportArgs {
    /// The JCloisterZone saved game (.jcz).
    pub game: PathBuf,
    /// Write the scenario to this file instead of standard output.
    #[arg(long, short, value_name = "FILE")]
    pub output: Option<PathBuf>,
    #[command(flatten)]
    pub data: DataArg,
}

#[derive(Debug, Args)]
pub struct TestArgs {
    /// Scenario files (or JCloisterZone .jcz games) or folders searched for them; `-` reads one scenario from standard input; default: scenarios/
    pub paths: Vec<PathBuf>,
    /// Run only the scenarios whose id (`folder/file`, without .yaml) contains this text.
    #[arg(long, short = 'k', value_name = "TEXT")]
    pub filter: Option<String>,
    /// Print only what fails and the totals (no PASS lines).
    #[arg(long, short)]
    pub quiet: bool,
    #[arg(long, short, value_enum, default_value_t = TestFormat::Text)]
    pub format: TestFormat,
    #[command(flatten)]
    pub data: DataArg,
}

#[derive(Debug, Args)]
pub struct RulesArgs {
    /// A built-in ruleset or a profile file; default: every built-in ruleset.
    #[arg(long, short, value_parser = RulesetArg)]
    pub ruleset: Option<String>,
    /// List the rule catalogue (every rule id with its wording and source) instead of the switches.
    #[arg(long)]
    pub catalogue: bool,
    #[arg(long, short, value_enum, default_value_t = ListFormat::Text)]
    pub format: ListFormat,
    #[command(flatten)]
    pub data: DataArg,
}

/// What a command ended in, short of an error.
pub enum Status {
    Ok,
    Failed,
}

/// An error that ends the command with exit status 2.
pub type Error = Box<dyn miette::Diagnostic + Send + Sync>;

fn style() -> Style {
    let colour = crate::diag::colour_for(std::io::stdout().is_terminal());
    Style { colour, width: output_width(), prose: true }
}

/// The width text output is wrapped to: `COLUMNS` when set (so also when piped), else the
/// terminal's; none when writing to a pipe or file without `COLUMNS` (tables keep their
/// natural width). Never less than 20 columns.
pub fn output_width() -> Option<u16> {
    let columns = std::env::var("COLUMNS").ok().and_then(|v| v.trim().parse::<u16>().ok()).filter(|w| *w > 0);
    let width =
        columns.or_else(|| if std::io::stdout().is_terminal() { comfy_table::Table::new().width() } else { None });
    width.map(|w| w.max(20))
}

/// Parses the command line, `--help` wrapped to [`output_width`].
pub fn parse() -> Result<Cli, clap::Error> {
    use clap::{CommandFactory, FromArgMatches};
    let mut cmd = Cli::command();
    if let Some(w) = output_width() {
        cmd = cmd.term_width(usize::from(w));
    }
    let mut matches = cmd.try_get_matches()?;
    Cli::from_arg_matches_mut(&mut matches)
}

/// The code of the error that ends a command whose reader has gone (a closed pipe, as in
/// `referee test | head -1`): `main` ends quietly on it, with status 0, as Unix filters do.
pub const CLOSED_PIPE: &str = "referee::closed-pipe";

/// Writes to stdout, all of it or an error: a full disk, or a closed pipe ([`CLOSED_PIPE`]).
/// The only way output leaves a command (`print!` would panic on a closed pipe, and stdout's
/// buffer would drop an error at exit). The renderers escape what came from files;
/// `terminal_safe` guarantees that whatever they missed reaches the terminal escaped too
/// (only our own colours pass).
pub(crate) fn emit(s: &str) -> Result<(), Error> {
    let s = crate::text::terminal_safe(s, style().colour);
    let mut out = std::io::stdout().lock();
    out.write_all(s.as_bytes()).and_then(|_| out.flush()).map_err(|e| {
        let code = if e.kind() == std::io::ErrorKind::BrokenPipe { CLOSED_PIPE } else { "referee::output" };
        Box::new(miette::MietteDiagnostic::new(format!("cannot write to standard output: {e}")).with_code(code))
            as Error
    })
}

/// Whether an error is only that the reader of stdout has gone.
pub fn is_closed_pipe(e: &Error) -> bool {
    e.code().is_some_and(|c| c.to_string() == CLOSED_PIPE)
}

/// Prints what clap has to say (help, version or a usage error) and gives the exit status:
/// clap's own; for help and version, 2 if they could not be written, 0 quietly if their
/// reader has gone.
pub fn clap_exit(e: &clap::Error) -> ExitCode {
    let code = ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2));
    if e.use_stderr() {
        let _ = e.print().and_then(|_| std::io::stderr().flush());
        return code;
    }
    match e.print().and_then(|_| std::io::stdout().flush()) {
        Ok(()) => code,
        Err(io) if io.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(io) => {
            warn(&format!("cannot write to standard output: {io}\n"));
            ExitCode::from(2)
        }
    }
}

/// Writes to stderr. Unlike `eprint!`, never panics: if even stderr fails, there is no one
/// left to tell.
pub fn warn(s: &str) {
    let mut err = std::io::stderr().lock();
    let _ = err.write_all(s.as_bytes()).and_then(|_| err.flush());
}

fn report_error(e: &InputError) {
    warn(&crate::diag::render_for_stderr(e));
}

pub fn run(cli: Cli) -> Result<Status, Error> {
    crate::diag::set_colour(match cli.color {
        ColorChoice::Auto => None,
        ColorChoice::Always => Some(true),
        ColorChoice::Never => Some(false),
    });
    if cli.data.is_some() && matches!(cli.command, Command::Completions { .. } | Command::Man) {
        return Err(Box::new(
            miette::MietteDiagnostic::new(
                "`--data` is for the commands that read data; `man` and `completions` read none",
            )
            .with_code("referee::usage"),
        ));
    }
    match cli.command {
        Command::Completions { shell } => {
            let mut out = Vec::new();
            clap_complete::generate(shell, &mut <Cli as clap::CommandFactory>::command(), "referee", &mut out);
            emit(&String::from_utf8_lossy(&out))?;
            return Ok(Status::Ok);
        }
        Command::Man => {
            emit(&man::page(<Cli as clap::CommandFactory>::command()))?;
            return Ok(Status::Ok);
        }
        _ => {}
    }
    let source = DataSource { dir: cli.command.data().data.clone().or(cli.data.clone()) };
    let lib = Library::load(&source).map_err(|e| Box::new(e) as Error)?;
    match cli.command {
        Command::Check(a) => check(&lib, a),
        Command::Test(a) => test(&lib, a),
        Command::Rules(a) => rules(&lib, a),
        Command::Compare(a) => compare(&lib, a),
        Command::Render(a) => render(&lib, a),
        Command::Moves(a) => moves::run(&lib, a),
        Command::Import(a) => import(&lib, a),
        Command::Explain(a) => explain::explain(&lib, a),
        Command::Rulings(a) => explain::rulings(&lib, a),
        Command::Bench(a) => bench::run(&lib, a),
        Command::Tiles(a) => gallery::tiles(&lib, a),
        Command::New(a) => gallery::new(a),
        Command::Serve(a) => serve(&lib, a),
        Command::Completions { .. } | Command::Man => Ok(Status::Ok),
    }
}

impl Command {
    /// The `--data` of a command that reads data.
    fn data(&self) -> DataArg {
        match self {
            Command::Check(a) => a.data.clone(),
            Command::Test(a) => a.data.clone(),
            Command::Compare(a) => a.data.clone(),
            Command::Render(a) => a.data.clone(),
            Command::Moves(a) => a.data.clone(),
            Command::Import(a) => a.data.clone(),
            Command::Explain(a) => a.data.clone(),
            Command::Rulings(a) => a.data.clone(),
            Command::Rules(a) => a.data.clone(),
            Command::Bench(a) => a.data.clone(),
            Command::Tiles(a) => a.data.clone(),
            Command::Serve(a) => a.data.clone(),
            Command::New(_) | Command::Completions { .. } | Command::Man => DataArg::default(),
        }
    }
}

/// A built-in ruleset by name, or a profile file.
pub fn resolve_ruleset(lib: &Library, name: &str) -> Result<Profile, Error> {
    if let Some(p) = lib.profile(name) {
        return Ok(p.clone());
    }
    let path = Path::new(name);
    if path.is_file() {
        let file = data::read_file(path).map_err(|e| Box::new(e) as Error)?;
        return data::profiles::load(&file).map_err(|e| Box::new(e) as Error);
    }
    let known: Vec<&str> = lib.profiles.iter().map(|p| p.id.as_str()).collect();
    Err(Box::new(
        miette::MietteDiagnostic::new(format!(
            "unknown ruleset `{}`: neither a built-in ruleset nor a file",
            esc(name)
        ))
        .with_code("referee::unknown-ruleset")
        .with_help(format!("built-in rulesets: {}; or give the path of a profile file", esc(&known.join(", ")))),
    ))
}

fn profiles_for(lib: &Library, sc: &Scenario, choice: &Option<String>) -> Result<Vec<Profile>, Error> {
    match choice {
        Some(name) => Ok(vec![resolve_ruleset(lib, name)?]),
        None => Ok(sc.rulesets.iter().filter_map(|r| lib.profile(r).cloned()).collect()),
    }
}

/// Whether a path given on the command line means standard input (or output): `-`.
pub fn is_stdin(path: &Path) -> bool {
    path == Path::new("-")
}

/// A scenario's id from its path (`folder/file`); `stdin` for standard input.
pub fn scenario_id(path: &Path) -> String {
    if is_stdin(path) {
        "stdin".to_string()
    } else {
        scenario::id_of(path)
    }
}

/// A scenario file, or a JCloisterZone saved game (`.jcz`) read as the scenario it is.
/// `-` reads standard input: a saved game when it holds a JSON object, else a scenario.
pub fn load_scenario(path: &Path, lib: &Library) -> Result<Scenario, InputError> {
    if is_stdin(path) {
        let file = data::read_stdin()?;
        let id = scenario_id(path);
        return if file.text.trim_start_matches('\u{feff}').trim_start().starts_with('{') {
            crate::jcz::load_file(&id, file, lib)
        } else {
            scenario::load(&id, file, lib)
        };
    }
    if path.is_dir() {
        let name = path.display().to_string();
        return Err(InputError::unreadable(&name, format!("cannot read {name}: it is a folder, not a regular file"))
            .with_help(
                "`referee check` replays one scenario file; `referee test FOLDER` runs every scenario under a folder",
            ));
    }
    if crate::jcz::is_saved_game(path) {
        crate::jcz::load_path(path, lib)
    } else {
        scenario::load_path(path, lib)
    }
}

/// Said of a scenario without expectations: its PASS only means that every move was legal.
const NOTHING_CHECKED: &str = "nothing was checked: the scenario has no `expect:` (scores, events, illegal or moves)";

/// The expectations of a scenario that cannot be judged, as lines for a report.
fn not_judged_lines(sc: &Scenario) -> String {
    let mut s = String::new();
    if !sc.not_judged.is_empty() {
        s.push_str(&format!("Not judged ({}), so not counted as passed:\n", sc.not_judged.len()));
        for n in &sc.not_judged {
            s.push_str(&format!("  {}\n", esc(n)));
        }
    }
    s
}

/// `check --format json`'s document (docs/json.md) of a scenario's runs.
pub fn check_json(sc: &Scenario, runs: &[(Outcome, Judgement)]) -> serde_json::Value {
    serde_json::json!({
        "scenario": sc.id,
        "title": sc.title,
        "runs": runs.iter().map(|(o, j)| report::json_run(o, j)).collect::<Vec<_>>(),
        "not_judged": sc.not_judged,
        "supply": sc.supply.iter().map(|c| serde_json::json!({"piece": c.word, "each": c.count, "rules": c.rules})).collect::<Vec<_>>(),
    })
}

/// What `check --format markdown|bbcode|mediawiki` prints: each run's report in that paste
/// format, then what the scenario states that is not judged. Any other format: markdown.
pub fn paste_text(
    sc: &Scenario,
    runs: &[(Outcome, Judgement)],
    format: Format,
    catalogue: &crate::data::catalogue::Catalogue,
) -> String {
    let (render, item): (report::Renderer, fn(&str) -> String) = match format {
        Format::Bbcode => (report::bbcode, |n| format!("- {}\n", crate::text::bbcode_text(n))),
        Format::Mediawiki => (report::mediawiki, |n| format!("* {}\n", crate::text::mediawiki_text(n))),
        _ => (report::markdown, |n| format!("* {}\n", crate::text::markdown_inline(n))),
    };
    let parts: Vec<String> = runs.iter().map(|(o, j)| render(sc, o, j, catalogue)).collect();
    let mut out = parts.join("\n");
    if !sc.not_judged.is_empty() {
        let bold = match format {
            Format::Bbcode => "[b]Not judged[/b]",
            Format::Mediawiki => "'''Not judged'''",
            _ => "**Not judged**",
        };
        let list: Vec<String> = sc.not_judged.iter().map(|n| item(n)).collect();
        out.push_str(&format!("\n{bold} (not counted as passed):\n\n{}", list.concat()));
    }
    out
}

pub fn run_one(sc: &Scenario, p: &Profile) -> Result<(Outcome, Judgement), InputError> {
    let out = replay::replay(sc, p)?;
    let j = replay::judge(sc, &out);
    Ok((out, j))
}

fn check(lib: &Library, a: CheckArgs) -> Result<Status, Error> {
    if a.svg.as_deref().is_some_and(is_stdin) {
        return Err(Box::new(
            miette::MietteDiagnostic::new("`check --svg -` would write the picture into the report on standard output")
                .with_code("referee::svg-to-stdout")
                .with_help("give `--svg` a file name, or draw the board with `referee render FILE --svg -`"),
        ));
    }
    let sc = load_scenario(&a.scenario, lib).map_err(|e| Box::new(e) as Error)?;
    let profiles = profiles_for(lib, &sc, &a.ruleset)?;
    let mut runs = Vec::new();
    for p in &profiles {
        runs.push(run_one(&sc, p).map_err(|e| Box::new(e) as Error)?);
    }
    let style = style();
    match a.format {
        Format::Text => {
            let parts: Vec<String> = runs.iter().map(|(o, j)| report::text(&sc, o, j, &lib.catalogue, style)).collect();
            emit(&parts.join("\n"))?;
            emit(&not_judged_lines(&sc))?;
        }
        Format::Markdown | Format::Bbcode | Format::Mediawiki => {
            emit(&paste_text(&sc, &runs, a.format, &lib.catalogue))?
        }
        Format::Json => emit(&report::json_text(&check_json(&sc, &runs)))?,
    }
    if let (Some(path), Some(p)) = (&a.svg, profiles.first()) {
        let (game, _) = replay::play_out(&sc, p, None).map_err(|e| Box::new(e) as Error)?;
        write_svg(path, &crate::render::svg(&game, &sc.title).map_err(|e| Box::new(e) as Error)?)?;
    }
    // An illegal move refused alike under several rulesets is told once.
    let passed = runs.iter().all(|(_, j)| matches!(j, Judgement::Pass));
    let mut refused = Vec::new();
    for (o, j) in runs {
        if let Judgement::Invalid(e) = j {
            refused.push((o.ruleset, o.illegal, e));
        }
    }
    for (_, diagnostic) in tell_once(&sc, &refused) {
        warn(&diagnostic);
    }
    if passed && sc.expects_nothing() {
        warn(&format!("note: {}: {NOTHING_CHECKED}\n", esc(&a.scenario.display().to_string())));
    }
    if !refused.is_empty() {
        return Err(Box::new(
            miette::MietteDiagnostic::new(format!(
                "{}: a move breaks the rules (see above)",
                esc(&a.scenario.display().to_string())
            ))
            .with_code("referee::illegal-move"),
        ));
    }
    Ok(if passed { Status::Ok } else { Status::Failed })
}

fn import(lib: &Library, a: ImportArgs) -> Result<Status, Error> {
    let file = crate::data::read_file(&a.game).map_err(|e| Box::new(e) as Error)?;
    let imported = crate::jcz::import(&file, lib).map_err(|e| Box::new(e) as Error)?;
    match &a.output {
        Some(path) => std::fs::write(path, &imported.yaml).map_err(|e| {
            Box::new(miette::MietteDiagnostic::new(format!("cannot write {}: {e}", esc(&path.display().to_string()))))
                as Error
        })?,
        None => emit(&imported.yaml)?,
    }
    Ok(Status::Ok)
}

fn serve(lib: &Library, a: ServeArgs) -> Result<Status, Error> {
    // The file named is read (and imported, for a saved game) once, before listening: a bad
    // one stops here with its diagnostic.
    let start = match &a.scenario {
        Some(path) => {
            let file = crate::data::read_input(path).map_err(|e| Box::new(e) as Error)?;
            if crate::jcz::is_saved_game(path) {
                Some(crate::jcz::import(&file, lib).map_err(|e| Box::new(e) as Error)?.yaml)
            } else {
                scenario::load(&scenario_id(path), file.clone(), lib).map_err(|e| Box::new(e) as Error)?;
                Some(file.text.to_string())
            }
        }
        None => None,
    };
    if !matches!(a.host.as_str(), "127.0.0.1" | "localhost" | "::1") {
        warn(&format!(
            "warning: listening on {}: anyone who can reach that address on this network can use the page\n",
            esc(&a.host)
        ));
    }
    crate::serve::run(lib, start, &a.host, a.port).map_err(|m| {
        Box::new(miette::MietteDiagnostic::new(esc(&m).into_owned()).with_code("referee::serve")) as Error
    })?;
    Ok(Status::Ok)
}

fn compare(lib: &Library, a: CompareArgs) -> Result<Status, Error> {
    let sc = load_scenario(&a.scenario, lib).map_err(|e| Box::new(e) as Error)?;
    let profiles: Vec<Profile> = if a.all {
        lib.profiles.to_vec()
    } else if a.rulesets.is_empty() {
        sc.rulesets.iter().filter_map(|r| lib.profile(r).cloned()).collect()
    } else {
        a.rulesets.iter().map(|r| resolve_ruleset(lib, r)).collect::<Result<_, _>>()?
    };
    let mut runs = Vec::new();
    for p in &profiles {
        let out = replay::replay(&sc, p).map_err(|e| Box::new(e) as Error)?;
        runs.push((replay::effective(&sc, p), out));
    }
    let c = report::compare::compare(&sc.id, &runs);
    emit(&report::compare::render_at(&c, a.format, style().width))?;
    Ok(Status::Ok)
}

/// Whether the terminal can show Unicode box drawing: a UTF-8 locale.
fn unicode_terminal() -> bool {
    ["LC_ALL", "LC_CTYPE", "LANG"]
        .iter()
        .find_map(|k| std::env::var(k).ok().filter(|v| !v.is_empty()))
        .is_some_and(|v| v.to_ascii_uppercase().contains("UTF-8") || v.to_ascii_uppercase().contains("UTF8"))
}

/// Writes a picture to a file, or to standard output for `-`.
fn write_svg(path: &Path, svg: &str) -> Result<(), Error> {
    if is_stdin(path) {
        return emit(svg);
    }
    std::fs::write(path, svg).map_err(|e| {
        Box::new(
            miette::MietteDiagnostic::new(format!("cannot write {}: {e}", esc(&path.display().to_string())))
                .with_code("referee::io"),
        ) as Error
    })
}

fn render(lib: &Library, a: RenderArgs) -> Result<Status, Error> {
    let sc = load_scenario(&a.scenario, lib).map_err(|e| Box::new(e) as Error)?;
    let profile = match &a.ruleset {
        Some(r) => resolve_ruleset(lib, r)?,
        None => sc.rulesets.first().and_then(|r| lib.profile(r)).cloned().unwrap_or_else(|| lib.profiles[0].clone()),
    };
    let turns = sc.turns.len();
    if let Some(n) = a.turn.filter(|n| *n > turns) {
        let p = crate::diag::Problem::new(
            "render::no-such-turn",
            format!("there is no turn {n}: the scenario has {turns} turn(s)"),
        )
        .at(sc.span("turns"))
        .label("its turns")
        .help(format!(
            "give --turn a number from 0 (the starting board) to {turns} (the last turn, before final scoring), or --final"
        ));
        return Err(Box::new(crate::diag::InputError::new(&sc.file, vec![p])));
    }
    // `--turn` of the last turn stops before final scoring, which only the default and
    // `--final` show.
    let mut before_final = sc.clone();
    let sc = if a.turn.is_some() {
        before_final.final_scoring = false;
        &before_final
    } else {
        &sc
    };
    let (game, out) = replay::play_out(sc, &profile, a.turn).map_err(|e| Box::new(e) as Error)?;
    let view = board_view(sc, &out, a.turn);
    let too_large = |e: crate::render::TooLarge| Box::new(e) as Error;
    match &a.svg {
        Some(path) => write_svg(path, &crate::render::svg_view(&game, &view).map_err(too_large)?)?,
        None => {
            let ascii = a.ascii || !unicode_terminal();
            emit(&crate::render::text_view(&game, &view, ascii, style().colour).map_err(too_large)?)?;
        }
    }
    Ok(Status::Ok)
}

/// What a picture of the board says above it: the scenario's title, the moment shown (after
/// `turn` turns, or the end), and the refused turn that stopped play, if one did.
pub fn board_view(sc: &Scenario, out: &Outcome, turn: Option<usize>) -> crate::render::View {
    let turns = sc.turns.len();
    let mut view = crate::render::View::titled(&sc.title);
    view.moment = Some(match &out.illegal {
        Some(ill) if ill.turn == crate::replay::Illegal::AT_END => crate::render::moment(turns, turns, false),
        Some(ill) if ill.turn == crate::replay::Illegal::AT_BOARD => crate::render::moment(0, turns, false),
        Some(ill) => crate::render::moment(usize::from(ill.turn) - 1, turns, false),
        None => crate::render::moment(turn.unwrap_or(turns), turns, out.final_scoring),
    });
    view.note = out.illegal.as_ref().map(|ill| {
        format!(
            "{} is refused ({}): {}; the board before it is shown",
            ill.when(),
            ill.verdict.rule,
            ill.verdict.message
        )
    });
    view
}

/// Every scenario file under the paths (`*.yaml`, `*.yml`), each real file once, folders in
/// name order. Links met while walking are followed last, so that a file reached both ways is
/// named by its own path; a folder or file already visited is skipped, and said so on
/// stderr: that also ends any link loop.
pub fn collect_scenarios(paths: &[PathBuf]) -> Vec<PathBuf> {
    let mut w = Walk::default();
    for p in paths {
        w.visit(p);
    }
    while let Some(link) = w.links.pop_front() {
        w.visit(&link);
    }
    w.files
}

/// The state of [`collect_scenarios`].
#[derive(Default)]
struct Walk {
    files: Vec<PathBuf>,
    /// The real (canonical) path of every folder and file visited.
    seen: std::collections::HashSet<PathBuf>,
    /// Links met in folders, to follow once everything else is walked.
    links: std::collections::VecDeque<PathBuf>,
}

impl Walk {
    fn visit(&mut self, p: &Path) {
        // Standard input, read once however often it is named.
        if is_stdin(p) {
            if !self.files.iter().any(|f| is_stdin(f)) {
                self.files.push(p.to_path_buf());
            }
            return;
        }
        let dir = p.is_dir();
        if let Ok(real) = std::fs::canonicalize(p) {
            if !self.seen.insert(real) {
                let link = std::fs::symlink_metadata(p).is_ok_and(|m| m.file_type().is_symlink());
                let what = match (link, dir) {
                    (true, true) => "a link to a folder",
                    (true, false) => "a link to a file",
                    (false, true) => "a folder",
                    (false, false) => "a file",
                };
                warn(&format!("skipped {}: {what} already visited\n", p.display()));
                return;
            }
        }
        // A path that cannot be resolved is passed on: loading it says what is wrong.
        if !dir {
            self.files.push(p.to_path_buf());
            return;
        }
        let Ok(rd) = std::fs::read_dir(p) else { return };
        let mut entries: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
        entries.sort();
        for e in entries {
            if !e.is_dir() && !e.extension().is_some_and(|x| x == "yaml" || x == "yml" || x == "jcz") {
                continue;
            }
            if std::fs::symlink_metadata(&e).is_ok_and(|m| m.file_type().is_symlink()) {
                self.links.push_back(e);
            } else {
                self.visit(&e);
            }
        }
    }
}

/// The output formats of `referee test`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum TestFormat {
    Text,
    /// One JSON document (see docs/json.md).
    Json,
    /// JUnit XML, for CI systems (unsupported JCloisterZone games are `skipped`).
    Junit,
}

/// What one run of `referee test` came to: a scenario under a ruleset, or a file that could
/// not be judged at all (`ruleset: None`).
struct TestRun {
    id: String,
    file: String,
    ruleset: Option<String>,
    outcome: TestOutcome,
}

enum TestOutcome {
    Pass,
    Fail(Vec<crate::replay::Mismatch>),
    /// Bad input: the diagnostic in one line, and in full.
    Error(String, String),
    /// A JCloisterZone game of what the referee does not model: why (at most three reasons),
    /// and how many more.
    Unsupported(Vec<String>, usize),
}

/// The diagnostics of one scenario's failed runs, each told once: an illegal move refused
/// alike under several rulesets is one diagnostic naming them all, and any other diagnostic
/// repeated word for word is one. Returns the rulesets and the diagnostic, rendered.
fn tell_once(sc: &Scenario, failed: &[(String, Option<replay::Illegal>, InputError)]) -> Vec<(Vec<String>, String)> {
    let (colour, width) = (crate::diag::stderr_colour(), crate::diag::stderr_width());
    let mut groups: Vec<(String, Vec<String>, Option<&replay::Illegal>, &InputError)> = Vec::new();
    for (r, ill, e) in failed {
        let key = match ill {
            Some(i) => format!("{}\0{}\0{}", i.turn, i.verdict.rule, i.verdict.message),
            None => crate::diag::render_at(e, false, None),
        };
        match groups.iter_mut().find(|g| g.0 == key) {
            Some(g) => g.1.push(r.clone()),
            None => groups.push((key, vec![r.clone()], ill.as_ref(), e)),
        }
    }
    groups
        .into_iter()
        .map(|(_, rs, ill, e)| {
            let text = match ill {
                Some(i) => {
                    let names: Vec<&str> = rs.iter().map(String::as_str).collect();
                    crate::diag::render_at(&replay::unexpected_illegal(sc, i, &names), colour, width)
                }
                None => crate::diag::render_at(e, colour, width),
            };
            (rs, text)
        })
        .collect()
}

fn test(lib: &Library, a: TestArgs) -> Result<Status, Error> {
    let paths = if a.paths.is_empty() { vec![PathBuf::from("scenarios")] } else { a.paths.clone() };
    let all = collect_scenarios(&paths);
    if all.is_empty() {
        let shown: Vec<String> = paths.iter().map(|p| esc(&p.display().to_string()).into_owned()).collect();
        return Err(Box::new(
            miette::MietteDiagnostic::new(format!("no scenario files found under {}", shown.join(", ")))
                .with_code("referee::no-scenarios")
                .with_help("scenario files end in .yaml or .yml; JCloisterZone games in .jcz"),
        ));
    }
    let files: Vec<PathBuf> = match &a.filter {
        Some(f) => all.into_iter().filter(|p| scenario_id(p).contains(f.as_str())).collect(),
        None => all,
    };
    if files.is_empty() {
        return Err(Box::new(
            miette::MietteDiagnostic::new(format!(
                "no scenario id contains `{}`",
                esc(a.filter.as_deref().unwrap_or_default())
            ))
            .with_code("referee::no-scenarios")
            .with_help("the filter is matched against each scenario's id, `folder/file` without .yaml"),
        ));
    }
    let text = a.format == TestFormat::Text;
    let style = style();
    let mut runs: Vec<TestRun> = Vec::new();
    // JCloisterZone's engine tests, counted apart: passed, failed, unsupported.
    let (mut jcz_passed, mut jcz_failed, mut not_judged) = (0usize, 0usize, 0usize);
    let mut saw_jcz = false;
    let mut lines = String::new();
    for f in &files {
        let jcz = crate::jcz::is_saved_game(f);
        saw_jcz |= jcz;
        let file = f.display().to_string();
        let sc = match load_scenario(f, lib) {
            Ok(sc) => sc,
            Err(e) if jcz && e.problems().iter().all(|p| p.code.starts_with("referee::jcz::unsupported")) => {
                // A game of expansions the referee does not model: not judged, and said why.
                let mut why: Vec<String> = Vec::new();
                for p in e.problems() {
                    if !why.contains(&p.message) {
                        why.push(p.message.clone());
                    }
                }
                let more = why.len().saturating_sub(3);
                why.truncate(3);
                let id = scenario_id(f);
                if text {
                    lines.push_str(&format!(
                        "{} {}\n    {}{}\n",
                        style_word(style, "UNSUPPORTED"),
                        esc(&id),
                        esc(&why.join("; ")),
                        if more > 0 { format!(" (and {more} more)") } else { String::new() }
                    ));
                }
                runs.push(TestRun { id, file, ruleset: None, outcome: TestOutcome::Unsupported(why, more) });
                continue;
            }
            Err(e) => {
                if text {
                    emit(&lines)?;
                    lines.clear();
                    emit(&format!("{} {}\n", style_word(style, "ERROR"), esc(&file)))?;
                }
                report_error(&e);
                if jcz {
                    jcz_failed += 1;
                }
                let outcome = TestOutcome::Error(e.to_string(), crate::diag::render_at(&e, false, None));
                runs.push(TestRun { id: scenario_id(f), file, ruleset: None, outcome });
                continue;
            }
        };
        not_judged += sc.not_judged.len();
        let mut all_passed = true;
        let mut errors: Vec<(String, Option<replay::Illegal>, InputError)> = Vec::new();
        for r in &sc.rulesets {
            let Some(p) = lib.profile(r) else { continue };
            let outcome = match run_one(&sc, p) {
                Ok((_, Judgement::Pass)) => {
                    if text && !a.quiet {
                        lines.push_str(&format!("{} {} [{}]\n", style_word(style, "PASS"), esc(&sc.id), esc(r)));
                    }
                    TestOutcome::Pass
                }
                Ok((_, Judgement::Fail(m))) => {
                    all_passed = false;
                    if text {
                        lines.push_str(&format!("{} {} [{}]\n", style_word(style, "FAIL"), esc(&sc.id), esc(r)));
                        for x in &m {
                            lines.push_str(&format!("    {}\n", esc(&x.to_string())));
                        }
                    }
                    TestOutcome::Fail(m)
                }
                Ok((out, Judgement::Invalid(e))) => {
                    all_passed = false;
                    let o = TestOutcome::Error(e.to_string(), crate::diag::render_at(&e, false, None));
                    errors.push((r.clone(), out.illegal, e));
                    o
                }
                Err(e) => {
                    all_passed = false;
                    let o = TestOutcome::Error(e.to_string(), crate::diag::render_at(&e, false, None));
                    errors.push((r.clone(), None, e));
                    o
                }
            };
            runs.push(TestRun { id: sc.id.clone(), file: file.clone(), ruleset: Some(r.clone()), outcome });
        }
        for (rs, diagnostic) in tell_once(&sc, &errors) {
            if text {
                emit(&lines)?;
                lines.clear();
                emit(&format!("{} {} [{}]\n", style_word(style, "ERROR"), esc(&sc.id), esc(&rs.join(", "))))?;
            }
            warn(&diagnostic);
        }
        if text && !a.quiet && all_passed && sc.expects_nothing() {
            lines.push_str(&format!("    {NOTHING_CHECKED}\n"));
        }
        if text && !a.quiet && !sc.not_judged.is_empty() {
            lines.push_str(&format!("    not judged: {} sentence(s)\n", sc.not_judged.len()));
        }
        if jcz {
            if all_passed {
                jcz_passed += 1;
            } else {
                jcz_failed += 1;
            }
        }
    }
    let count = |f: fn(&TestOutcome) -> bool| runs.iter().filter(|r| f(&r.outcome)).count();
    let passed = count(|o| matches!(o, TestOutcome::Pass));
    let failed = count(|o| matches!(o, TestOutcome::Fail(_)));
    let invalid = count(|o| matches!(o, TestOutcome::Error(..)));
    let unsupported = count(|o| matches!(o, TestOutcome::Unsupported(..)));
    let jcz = saw_jcz.then_some((jcz_passed, jcz_failed, unsupported, not_judged));
    match a.format {
        TestFormat::Text => {
            lines.push_str(&format!("{passed} passed, {} failed\n", failed + invalid));
            if let Some((p, f, u, s)) = jcz {
                lines.push_str(&format!(
                    "jcz engine tests: {p} passed, {f} failed, {u} unsupported ({s} sentences not judged)\n"
                ));
            }
            emit(&lines)?;
        }
        TestFormat::Json => emit(&report::json_text(&test_json(&runs, jcz)))?,
        TestFormat::Junit => emit(&test_junit(&runs, jcz))?,
    }
    if invalid > 0 {
        return Err(Box::new(
            miette::MietteDiagnostic::new(format!(
                "{invalid} scenario run(s) could not be judged: bad input (see above)"
            ))
            .with_code("referee::invalid-input"),
        ));
    }
    Ok(if failed == 0 { Status::Ok } else { Status::Failed })
}

/// The JCloisterZone counts of a `test` run: passed, failed, unsupported, sentences not judged.
type JczCounts = Option<(usize, usize, usize, usize)>;

fn test_json(runs: &[TestRun], jcz: JczCounts) -> serde_json::Value {
    use serde_json::json;
    let list: Vec<_> = runs
        .iter()
        .map(|r| {
            let (status, mismatches, error) = match &r.outcome {
                TestOutcome::Pass => ("pass", Vec::new(), None),
                TestOutcome::Fail(m) => (
                    "fail",
                    m.iter().map(|x| json!({"what": x.what, "expected": x.expected, "actual": x.actual})).collect(),
                    None,
                ),
                TestOutcome::Error(e, _) => ("error", Vec::new(), Some(e.clone())),
                TestOutcome::Unsupported(why, _) => ("unsupported", Vec::new(), Some(why.join("; "))),
            };
            json!({"scenario": r.id, "file": r.file, "ruleset": r.ruleset, "status": status, "mismatches": mismatches, "error": error})
        })
        .collect();
    let n = |s: &str| list.iter().filter(|r| r["status"] == s).count();
    json!({
        "runs": list,
        "passed": n("pass"),
        "failed": n("fail") + n("error"),
        "unsupported": n("unsupported"),
        "jcz": jcz.map(|(p, f, u, s)| json!({"passed": p, "failed": f, "unsupported": u, "sentences_not_judged": s})),
    })
}

/// The runs as JUnit XML: one `testcase` per scenario and ruleset, named `id [ruleset]`, in
/// a `classname` of the scenario's folder; a failed expectation is a `failure`, bad input an
/// `error`, an unsupported JCloisterZone game `skipped`.
fn test_junit(runs: &[TestRun], jcz: JczCounts) -> String {
    use crate::text::xml_attr;
    // Line by line: `xml_text` shows a newline as `\n`; a CI system shows these as text.
    let xml_text = |s: &str| s.lines().map(crate::text::xml_text).collect::<Vec<_>>().join("\n");
    let n = |f: fn(&TestOutcome) -> bool| runs.iter().filter(|r| f(&r.outcome)).count();
    let (failures, errors, skipped) = (
        n(|o| matches!(o, TestOutcome::Fail(_))),
        n(|o| matches!(o, TestOutcome::Error(..))),
        n(|o| matches!(o, TestOutcome::Unsupported(..))),
    );
    let counts = format!("tests=\"{}\" failures=\"{failures}\" errors=\"{errors}\" skipped=\"{skipped}\"", runs.len());
    let mut s = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"referee\" {counts}>\n  <testsuite name=\"referee test\" {counts}>\n"
    );
    if let Some((p, f, u, sentences)) = jcz {
        s.push_str("    <properties>\n");
        for (k, v) in
            [("jcz.passed", p), ("jcz.failed", f), ("jcz.unsupported", u), ("jcz.sentences-not-judged", sentences)]
        {
            s.push_str(&format!("      <property name=\"{k}\" value=\"{v}\"/>\n"));
        }
        s.push_str("    </properties>\n");
    }
    for r in runs {
        let name = match &r.ruleset {
            Some(rs) => format!("{} [{rs}]", r.id),
            None => r.id.clone(),
        };
        let class = r.id.split('/').next().unwrap_or_default();
        s.push_str(&format!(
            "    <testcase classname=\"{}\" name=\"{}\" file=\"{}\"",
            xml_attr(class),
            xml_attr(&name),
            xml_attr(&r.file)
        ));
        match &r.outcome {
            TestOutcome::Pass => s.push_str("/>\n"),
            TestOutcome::Fail(m) => {
                let body: Vec<String> = m.iter().map(|x| x.to_string()).collect();
                s.push_str(&format!(
                    ">\n      <failure message=\"{} expectation(s) not met\">{}</failure>\n    </testcase>\n",
                    m.len(),
                    xml_text(&body.join("\n"))
                ));
            }
            TestOutcome::Error(line, full) => s.push_str(&format!(
                ">\n      <error message=\"{}\">{}</error>\n    </testcase>\n",
                xml_attr(line),
                xml_text(full)
            )),
            TestOutcome::Unsupported(why, more) => {
                let more = if *more > 0 { format!(" (and {more} more)") } else { String::new() };
                s.push_str(&format!(
                    ">\n      <skipped message=\"unsupported: {}{more}\"/>\n    </testcase>\n",
                    xml_attr(&why.join("; "))
                ));
            }
        }
    }
    s.push_str("  </testsuite>\n</testsuites>\n");
    s
}

fn style_word(style: Style, w: &str) -> String {
    let code = match w {
        "PASS" => "32",
        _ => "1;31",
    };
    if style.colour {
        format!("\x1b[{code}m{w}\x1b[0m")
    } else {
        w.to_string()
    }
}

fn rules(lib: &Library, a: RulesArgs) -> Result<Status, Error> {
    let profiles = match &a.ruleset {
        Some(name) => vec![resolve_ruleset(lib, name)?],
        None => lib.profiles.to_vec(),
    };
    let text = if a.catalogue {
        crate::report::rules::catalogue(&lib.catalogue, a.format)
    } else {
        crate::report::rules::switches(&profiles, a.format)
    };
    emit(&text)?;
    Ok(Status::Ok)
}

/// Exit status for a finished command.
pub fn exit_code(s: Status) -> ExitCode {
    match s {
        Status::Ok => ExitCode::SUCCESS,
        Status::Failed => ExitCode::from(1),
    }
}
