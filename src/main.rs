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
        None => match window(&cli) {
            Ok((app, kept)) => shell::run_window(app, kept),
            Err(line) => {
                platform::show_error(&format!("tictactoe: {line}"));
                ExitCode::from(2)
            }
        },
    }
}

/// The window's first state, with the settings kept between runs (read unless
/// `--reset-settings`; a damaged file is reported in the status line and replaced by defaults).
#[cfg(not(target_arch = "wasm32"))]
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

/// The page's first state, with the settings the browser keeps (local storage; damaged ones are
/// reported in the status line and replaced by defaults).
#[cfg(target_arch = "wasm32")]
fn window(cli: &cli::Cli) -> Result<(tictactoe::app::App, shell::Kept), String> {
    use tictactoe::settings::Settings;
    let (settings, problem) = match platform::kept_settings() {
        None => (Settings::default(), None),
        Some(text) => match Settings::from_toml(&text) {
            Ok(settings) => (settings, None),
            Err(e) => (Settings::default(), Some(e.to_string())),
        },
    };
    let mut app =
        commands::window_app_with(cli, Some(&settings)).map_err(|e| commands::error_line(&e))?;
    if let Some(problem) = problem {
        app.status = Some(problem);
    }
    Ok((
        app,
        shell::Kept {
            settings,
            saved: None,
        },
    ))
}

/// Prints a text asked for (standard output, or the page).
fn print(text: &str) -> ExitCode {
    if platform::show_text(text) {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
