//! The `referee` binary: parse the arguments, run, and turn the result into an exit status
//! (0 all well, 1 an expectation failed, 2 bad input or unwritable output; 0 and nothing said
//! when the reader of standard output has gone, as for any Unix filter).

use std::process::ExitCode;

/// mimalloc rather than the C library's allocator: a referee that copies and drops large games
/// (a benchmark's windows, a search's trials) or loads a thousand scenarios in one run keeps the
/// memory it freed for the next ones instead of handing it back to the kernel and taking page
/// faults to get it again (BENCHMARKS.md, 2026-12-04, 16:35 UTC). The library does not choose.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let cli = match referee::cli::parse() {
        Ok(cli) => cli,
        Err(e) => return referee::cli::clap_exit(&e),
    };
    match referee::cli::run(cli) {
        Ok(status) => referee::cli::exit_code(status),
        Err(e) if referee::cli::is_closed_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            referee::cli::warn(&referee::diag::render_for_stderr(e.as_ref()));
            ExitCode::from(2)
        }
    }
}
