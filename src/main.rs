//! The `referee` binary: parse the arguments, run, and turn the result into an exit status
//! (0 all well, 1 an expectation failed, 2 bad input).

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = referee::cli::Cli::parse();
    match referee::cli::run(cli) {
        Ok(status) => referee::cli::exit_code(status),
        Err(e) => {
            eprint!("{}", referee::diag::render(e.as_ref(), referee::diag::stderr_colour()));
            ExitCode::from(2)
        }
    }
}
