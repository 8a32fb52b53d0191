//! The `referee` binary: parse the arguments, run, and turn the result into an exit status
//! (0 all well, 1 an expectation failed, 2 bad input or unwritable output; 0 and nothing said
//! when the reader of standard output has gone, as for any Unix filter).

use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = match referee::cli::parse() {
        Ok(cli) => cli,
        Err(e) => return referee::cli::clap_exit(&e),
    };
    match referee::cli::run(cli) {
        Ok(status) => referee::cli::exit_code(status),
        Err(e) if referee::cli::is_closed_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            referee::cli::warn(&referee::diag::render(e.as_ref(), referee::diag::stderr_colour()));
            ExitCode::from(2)
        }
    }
}
