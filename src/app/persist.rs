//! The window's state to and from what persists between runs ([`crate::settings::Settings`]):
//! the board, the seats (by name), who starts, the coordinate and number toggles, and the score on
//! each board; and the game as a record for Ctrl+S ([`crate::record`]).

use super::state::{App, Score, Seat};
use crate::geometry::Geometry;
use crate::record::{self, Record};
use crate::rule::Rule;
use crate::rules::Player;
use crate::settings::{Board, Settings, Tally};

fn tally(s: Score) -> Tally {
    Tally {
        x_won: s.x_won,
        o_won: s.o_won,
        drawn: s.drawn,
    }
}

fn score(t: Tally) -> Score {
    Score {
        x_won: t.x_won,
        o_won: t.o_won,
        drawn: t.drawn,
    }
}

/// `base` with what the window keeps taken from `state` (the window's size and the engines are the
/// shell's, kept from `base`).
pub fn settings_of(state: &App, base: &Settings) -> Settings {
    let mut s = base.clone();
    let g = state.geometry();
    s.board = Board::of(g, state.game.rule());
    s.x = state.seat_name(Player::X);
    s.o = state.seat_name(Player::O);
    s.engines = state.engines.iter().map(|e| e.path.clone()).collect();
    s.start = state.game.start().symbol().to_string();
    s.coordinates = state.coordinates;
    s.numbers = state.numbers;
    s.scores.clear();
    for (&(w, h, k), &sc) in &state.scores {
        if let Ok(g) = Geometry::new(w, h, k) {
            s.set_score(g, Rule::Freestyle, tally(sc));
        }
    }
    s.set_score(g, state.game.rule(), tally(state.score));
    s
}

/// `state` with the kept settings applied: the board, seats (a name not known, or a player that
/// does not play the board, is a person), who starts, the toggles and the scores. A new game.
pub fn apply_settings(state: App, s: &Settings) -> App {
    let (g, rule) = s
        .board
        .geometry()
        .unwrap_or((Geometry::LED, Rule::Freestyle));
    let start = if s.start == "o" { Player::O } else { Player::X };
    let mut app = App {
        coordinates: s.coordinates,
        numbers: s.numbers,
        ..state
    };
    for path in &s.engines {
        let _ = app.seat_named(&format!("{}{path}", super::state::ENGINE_PREFIX));
    }
    let mut seat = |name: &str| {
        app.seat_named(name)
            .filter(|seat| seat.plays(g))
            .unwrap_or_default()
    };
    let (x, o) = (seat(&s.x), seat(&s.o));
    app.x_seat = x;
    app.o_seat = o;
    app.game = crate::game::Game::new(app.geometry(), start);
    app = app.on_board(g).under_rule(rule);
    app.scores.clear();
    for (key, &t) in &s.scores {
        if let Some(Ok((bg, _))) = record::parse_board_line(key) {
            app.scores
                .insert((bg.width(), bg.height(), bg.run()), score(t));
        }
    }
    app.score = app
        .scores
        .remove(&(g.width(), g.height(), g.run()))
        .unwrap_or_default();
    app
}

/// The game as a record for a `.psq`: who played it (a person as Piskvork's `homo-1`/`homo-2`, a
/// computer by its name), a person's level 0 and a computer's 1, and the result code (0 for a
/// finished game, -1 for one in play).
pub fn game_record(state: &App) -> Record {
    let mut r = Record::new(state.game.clone());
    let name = |p: Player| match state.seat(p) {
        Seat::Human => record::person_name(p).to_string(),
        Seat::Engine(i) => state
            .engines
            .get(i as usize)
            .and_then(|e| std::path::Path::new(&e.path).file_name())
            .map_or_else(
                || "engine".to_string(),
                |n| n.to_string_lossy().into_owned(),
            ),
        seat => format!("tictactoe-{}", seat.name()),
    };
    let level = |p: Player| u8::from(state.seat(p) != Seat::Human);
    r.names = Some([name(Player::X), name(Player::O)]);
    r.levels = [level(Player::X), level(Player::O)];
    r.result = Some(if state.game.state().game_over() {
        record::RESULT_FINISHED
    } else {
        record::RESULT_UNKNOWN
    });
    r
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::players::PlayerId;

    #[test]
    fn settings_taken_from_a_window_give_the_same_window_back() {
        let mut app = App::new(Seat::Human, Seat::Computer(PlayerId::Search), Player::O, 3)
            .on_board(Geometry::new(15, 15, 5).unwrap());
        app.numbers = true;
        app.coordinates = false;
        app.score = Score {
            x_won: 2,
            o_won: 1,
            drawn: 0,
        };
        app.scores.insert(
            (3, 3, 3),
            Score {
                x_won: 0,
                o_won: 0,
                drawn: 5,
            },
        );
        let s = settings_of(&app, &Settings::default());
        let text = s.to_toml();
        let back = Settings::from_toml(&text).unwrap();
        assert_eq!(back, s);
        let again = apply_settings(App::default(), &back);
        assert_eq!(again.geometry(), app.geometry());
        assert_eq!((again.x_seat, again.o_seat), (app.x_seat, app.o_seat));
        assert_eq!(again.game.start(), Player::O);
        assert_eq!((again.numbers, again.coordinates), (true, false));
        assert_eq!(again.score, app.score);
        assert_eq!(again.scores, app.scores);
        // Back on 3 × 3, that board's score returns.
        let led = again.on_board(Geometry::LED);
        assert_eq!(led.score.drawn, 5);
    }

    #[test]
    fn the_rule_is_kept_and_saved_with_the_game() {
        for rule in Rule::ALL {
            let app = App::new(Seat::Human, Seat::Human, Player::X, 3)
                .on_board(Geometry::new(15, 15, 5).unwrap())
                .under_rule(rule);
            let s = settings_of(&app, &Settings::default());
            let back = Settings::from_toml(&s.to_toml()).unwrap();
            let again = apply_settings(App::default(), &back);
            assert_eq!(again.game.rule(), rule);
            let r = game_record(&app);
            assert!(
                record::write_psq(&r).ends_with(&format!("15x15 k5 {rule}\r\n"))
                    || rule == Rule::Freestyle,
                "{rule}"
            );
            let (read, _) = record::parse(&record::write_psq(&r), Geometry::LED).unwrap();
            assert_eq!(read.game.rule(), rule);
        }
    }

    #[test]
    fn unknown_seats_become_people() {
        let s = Settings {
            x: "nobody".into(),
            o: "perfect".into(),
            board: Board::of(Geometry::new(15, 15, 5).unwrap(), Rule::Freestyle),
            ..Settings::default()
        };
        let app = apply_settings(App::default(), &s);
        assert_eq!(app.x_seat, Seat::Human);
        // perfect does not play 15 × 15 gomoku.
        assert_eq!(app.o_seat, Seat::Human);
    }

    #[test]
    fn a_game_record_names_people_as_piskvork_does() {
        let app = App::new(Seat::Human, Seat::Computer(PlayerId::Weights), Player::X, 0);
        let mut app = app;
        app.game = crate::game::Game::from_cells(Geometry::LED, Player::X, &[5, 1]).unwrap();
        let r = game_record(&app);
        let text = record::write_psq(&r);
        assert_eq!(
            text,
            "Piskvorky 3x3, 0:1, 0\r\n2,2,0\r\n1,1,0\r\nhomo-1\r\ntictactoe-weights\r\n-1\r\n3x3 k3 freestyle\r\n"
        );
    }
}
