// No console window for a double-clicked game on Windows.
#![cfg_attr(windows, windows_subsystem = "windows")]

mod console;
mod shell;

use std::process::ExitCode;
use tictactoe::commands::{self, cli, cli::Parsed};

fn main() -> ExitCode {
    console::attach_parent_console();
    let cli = match cli::parse(std::env::args_os()) {
        Parsed::Run(cli) => cli,
        Parsed::Print(text) => return print_quietly(&text),
        Parsed::Error(line) => {
            eprintln!("{line}");
            return ExitCode::from(2);
        }
    };
    match cli.command {
        Some(command) => match commands::run(command) {
            Ok(text) => print_quietly(&text),
            Err(line) => {
                eprintln!("tictactoe: {line}");
                ExitCode::from(2)
            }
        },
        None => match window(&cli) {
            Ok((app, kept)) => shell::run_window(app, kept),
            Err(line) => {
                eprintln!("tictactoe: {line}");
                ExitCode::from(2)
            }
        },
    }
}

/// The window's first state, with the settings kept between runs (read unless
/// `--reset-settings`; a damaged file is reported in the status line and replaced by defaults).
fn window(cli: &cli::Cli) -> Result<(tictactoe::app::App, shell::Kept), String> {
    use tictactoe::settings::{Settings, Store};
    let mut store = Store::user();
    let (settings, problem) = match &mut store {
        Some(store) if cli.reset_settings => {
            let _ = store.reset();
            (Settings::default(), None)
        }
        Some(store) => store.load(),
        None => (Settings::default(), None),
    };
    let mut app = commands::window_app_with(cli, store.as_ref().map(|_| &settings))
        .map_err(|e| commands::error_line(&e))?;
    if let Some(problem) = problem {
        app.status = Some(problem.to_string());
    }
    Ok((app, shell::Kept { store, settings }))
}

/// Prints to standard output; a closed pipe (`tictactoe arena | head`) ends the output quietly.
fn print_quietly(text: &str) -> ExitCode {
    use std::io::Write;
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tictactoe: cannot write the output: {e}");
            ExitCode::FAILURE
        }
    }
}
