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
        None => match commands::window_app(&cli) {
            Ok(app) => shell::run_window(app),
            Err(line) => {
                eprintln!("tictactoe: {line}");
                ExitCode::from(2)
            }
        },
    }
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
