// No console window for a double-clicked game on Windows.
#![cfg_attr(windows, windows_subsystem = "windows")]

mod shell;

use std::process::ExitCode;
use tictactoe::cli::{self, Command, Parsed};

fn main() -> ExitCode {
    let cli = match cli::parse(std::env::args_os()) {
        Parsed::Run(cli) => cli,
        Parsed::Print(text) => {
            print!("{text}");
            return ExitCode::SUCCESS;
        }
        Parsed::Error(line) => {
            eprintln!("{line}");
            return ExitCode::from(2);
        }
    };
    match cli.command {
        Some(Command::Move {
            player,
            start,
            seed,
            board,
            cells,
        }) => match board
            .geometry()
            .and_then(|g| tictactoe::engine::choose_move_on(g, &player, start.into(), seed, &cells))
        {
            Ok(cell) => {
                println!("{cell}");
                ExitCode::SUCCESS
            }
            Err(line) => {
                eprintln!("tictactoe: {line}");
                ExitCode::from(2)
            }
        },
        Some(Command::Explain {
            player,
            start,
            board,
            cells,
        }) => match board
            .geometry()
            .and_then(|g| tictactoe::explain::text::command(&player, start.into(), g, &cells))
        {
            Ok(text) => {
                print!("{text}");
                ExitCode::SUCCESS
            }
            Err(line) => {
                eprintln!("tictactoe: {line}");
                ExitCode::from(2)
            }
        },
        Some(Command::Arena { games, seed, board }) => match board.geometry() {
            Ok(g) => {
                let players = tictactoe::players::for_board(g);
                print!(
                    "{}",
                    tictactoe::arena::arena_on(g, &players, games as usize, seed)
                );
                ExitCode::SUCCESS
            }
            Err(line) => {
                eprintln!("tictactoe: {line}");
                ExitCode::from(2)
            }
        },
        None => {
            if let Err(e) = shell::check_display() {
                eprintln!("tictactoe: {e}");
                return ExitCode::FAILURE;
            }
            let g = match cli.board.geometry() {
                Ok(g) => g,
                Err(line) => {
                    eprintln!("tictactoe: {line}");
                    return ExitCode::from(2);
                }
            };
            let app =
                tictactoe::app::App::new(&cli.x, &cli.o, cli.start.into(), cli.seed).on_board(g);
            shell::quiet_panics();
            macroquad::Window::from_config(shell::conf(), shell::run(app));
            ExitCode::SUCCESS
        }
    }
}
