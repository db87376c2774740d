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
            width,
            height,
            run,
            cells,
        }) => match tictactoe::Geometry::new(width, height, run)
            .map_err(|e| e.to_string())
            .and_then(|g| tictactoe::arena::choose_move_on(g, &player, start.into(), seed, &cells))
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
        Some(Command::Solve {
            width,
            height,
            run,
            start,
            cells,
        }) => match tictactoe::solver::solve_command(width, height, run, start.into(), &cells) {
            Ok(line) => {
                println!("{line}");
                ExitCode::SUCCESS
            }
            Err(line) => {
                eprintln!("tictactoe: {line}");
                ExitCode::from(2)
            }
        },
        Some(Command::Arena { games, seed }) => {
            let players = tictactoe::players::all();
            print!("{}", tictactoe::arena::arena(&players, games, seed));
            ExitCode::SUCCESS
        }
        None => {
            if let Err(e) = shell::check_display() {
                eprintln!("tictactoe: {e}");
                return ExitCode::FAILURE;
            }
            let app = tictactoe::app::App::new(&cli.x, &cli.o, cli.start.into(), cli.seed);
            shell::quiet_panics();
            macroquad::Window::from_config(shell::conf(), shell::run(app));
            ExitCode::SUCCESS
        }
    }
}
