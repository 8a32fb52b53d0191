//! `referee man`: one manual page, written from the clap definitions (as `--help` is).
//!
//! clap_mangen writes a page per command and refers to `referee-check(1)` and the others,
//! which nobody installs; its synopsis drops value names (`[--data]`), and its examples are
//! filled into one paragraph. This page holds every command itself, each with its synopsis,
//! options and examples (kept line by line), and the exit status.

use clap::{Arg, Command};

/// Text made safe for roff: backslashes and hyphens escaped, a line that would start with a
/// control character (`.` or `'`) guarded.
fn roff(text: &str) -> String {
    text.lines()
        .map(|l| {
            let l = l.replace('\\', "\\e").replace('-', "\\-");
            if l.starts_with('.') || l.starts_with('\'') {
                format!("\\&{l}")
            } else {
                l
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// How an argument is written: `-r, --ruleset <RULESET>`, or `<SCENARIO>` for a positional.
fn spelling(a: &Arg) -> String {
    let values = a.get_value_names().map(|v| v.iter().map(|n| format!("<{n}>")).collect::<Vec<_>>().join(" "));
    let value = values.unwrap_or_else(|| format!("<{}>", a.get_id().as_str().to_uppercase()));
    if a.is_positional() {
        let many = matches!(a.get_num_args(), Some(r) if r.max_values() > 1);
        return format!("\\fI{}{}\\fR", roff(&value), if many { "..." } else { "" });
    }
    let mut names = Vec::new();
    if let Some(s) = a.get_short() {
        names.push(format!("\\fB\\-{s}\\fR"));
    }
    if let Some(l) = a.get_long() {
        names.push(format!("\\fB\\-\\-{}\\fR", roff(l)));
    }
    let takes_value = a.get_num_args().is_some_and(|r| r.takes_values());
    format!("{}{}", names.join(", "), if takes_value { format!(" \\fI{}\\fR", roff(&value)) } else { String::new() })
}

/// An argument's entry: its spelling, help, possible values and default.
fn arg_entry(a: &Arg) -> String {
    let mut help = a.get_long_help().or(a.get_help()).map(|h| h.to_string()).unwrap_or_default();
    let shown: Vec<String> =
        a.get_possible_values().iter().filter(|v| !v.is_hide_set()).map(|v| v.get_name().to_string()).collect();
    if !shown.is_empty() && !a.is_hide_possible_values_set() {
        help.push_str(&format!(" [possible values: {}]", shown.join(", ")));
    }
    let defaults: Vec<String> = a.get_default_values().iter().map(|d| d.to_string_lossy().into_owned()).collect();
    if !defaults.is_empty() && !a.is_hide_default_value_set() {
        help.push_str(&format!(" [default: {}]", defaults.join(", ")));
    }
    format!(".TP\n{}\n{}\n", spelling(a), roff(help.trim()))
}

/// A block of lines shown as written (examples), not filled into a paragraph.
fn verbatim(text: &str) -> String {
    format!(".PP\n.nf\n{}\n.fi\n", roff(text.trim_end()))
}

/// The synopsis of a command, from its usage line (`referee check [OPTIONS] <SCENARIO>`).
fn usage(cmd: &mut Command) -> String {
    let u = cmd.render_usage().to_string();
    u.trim_start_matches("Usage:").trim().to_string()
}

/// The page, from the command line's own definitions.
pub fn page(mut cli: Command) -> String {
    cli.build();
    let name = cli.get_name().to_string();
    let version = cli.get_version().unwrap_or_default().to_string();
    let about = cli.get_about().map(|a| a.to_string()).unwrap_or_default();
    let mut s = format!(".TH {} 1 \"\" \"{name} {version}\" \"User Commands\"\n", name.to_uppercase());
    s.push_str(&format!(".SH NAME\n{name} \\- {}\n", roff(&about)));
    s.push_str(".SH SYNOPSIS\n");
    let subs: Vec<Command> =
        cli.get_subcommands().filter(|c| !c.is_hide_set() && c.get_name() != "help").cloned().collect();
    let synopses: Vec<String> = subs.clone().iter_mut().map(|c| format!("\\fB{}\\fR", roff(&usage(c)))).collect();
    s.push_str(&synopses.join("\n.br\n"));
    s.push_str(&format!("\n.SH DESCRIPTION\n{}\n", roff(&about)));
    let options: Vec<&Arg> = cli.get_arguments().filter(|a| !a.is_hide_set()).collect();
    if !options.is_empty() {
        s.push_str(".SH OPTIONS\n");
        for a in options {
            s.push_str(&arg_entry(a));
        }
    }
    s.push_str(".SH COMMANDS\n");
    for mut c in subs {
        s.push_str(&format!(".SS \"{}\"\n", roff(&usage(&mut c))));
        let about = c.get_long_about().or(c.get_about()).map(|a| a.to_string()).unwrap_or_default();
        s.push_str(&format!("{}\n", roff(&about)));
        for a in c.get_arguments().filter(|a| !a.is_hide_set()) {
            s.push_str(&arg_entry(a));
        }
        if let Some(after) = c.get_after_long_help().or(c.get_after_help()) {
            s.push_str(&verbatim(&after.to_string()));
        }
    }
    s.push_str(concat!(
        ".SH EXIT STATUS\n",
        ".TP\n0\nSuccess: every expectation of every scenario run holds (\\fBcheck\\fR, \\fBtest\\fR), or the report, listing or file was written.\n",
        ".TP\n1\nA scenario ran, and one of its expectations failed (\\fBcheck\\fR, \\fBtest\\fR); the differences are printed.\n",
        ".TP\n2\nBad input: a file that cannot be read or is invalid (a diagnostic names its file, line and column, and the rule id when a move breaks a rule), an unknown ruleset or id, no scenario found, a usage error, or output that cannot be written.\n",
        ".SH ENVIRONMENT\n",
        ".TP\nCOLUMNS\nThe width text output, diagnostics and \\fB\\-\\-help\\fR are wrapped to (default: the terminal's; diagnostics to a pipe or file are not wrapped).\n",
        ".TP\nNO_COLOR\nWhen set and not empty, no colour, even on a terminal.\n",
        ".TP\nLC_ALL, LC_CTYPE, LANG\nA UTF\\-8 locale lets \\fBrender\\fR draw with box\\-drawing characters; otherwise it draws in ASCII.\n",
    ));
    if let Some(after) = cli.get_after_long_help().or(cli.get_after_help()) {
        s.push_str(".SH EXAMPLES\n");
        s.push_str(&verbatim(after.to_string().trim_start_matches("Examples:\n")));
    }
    s.push_str(&format!(".SH VERSION\n{version}\n"));
    s
}
