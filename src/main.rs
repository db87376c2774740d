// No console window for a double-clicked game on Windows.
#![cfg_attr(windows, windows_subsystem = "windows")]

mod console;
mod platform;
mod shell;

use std::process::ExitCode;
use tictactoe::commands::{self, cli, cli::Parsed};

fn main() -> ExitCode {
    console::attach_parent_console();
    let cli = match cli::parse(platform::args()) {
        Parsed::Run(cli) => cli,
        Parsed::Print(text) => return print(&text),
        Parsed::Error(line) => {
            platform::show_error(&line);
            return ExitCode::from(2);
        }
    };
    match cli.command {
        Some(command) => match commands::run(command) {
            Ok(text) => print(&text),
            Err(line) => {
                platform::show_error(&format!("tictactoe: {line}"));
                ExitCode::from(2)
            }
        },
        None => match commands::window_app(&cli) {
            Ok(app) => shell::run_window(app),
            Err(line) => {
                platform::show_error(&format!("tictactoe: {line}"));
                ExitCode::from(2)
            }
        },
    }
}

/// Prints a text asked for (standard output, or the page).
fn print(text: &str) -> ExitCode {
    if platform::show_text(text) {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
