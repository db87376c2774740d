//! The game as a web page: the page's address carries the window's command-line options as query
//! parameters, `index.html?o=search&width=15&height=15&run=5&moves=113`, which become the
//! arguments that the desktop's command line parses (the same clap parser, the same one-line
//! errors). This is the pure part; the page's side is `src/platform.rs` and `web/`.

/// The command-line arguments of a page's query string (`?` and all after it, as
/// `window.location.search` gives it): the program's name, then `--name=value` for each parameter
/// `name=value` (percent- and `+`-decoded, in order), `--name` for a parameter without a value
/// (`?explain`), and, when the query names no seed, `--seed=SEED`: a page opened twice plays
/// differently (the desktop's default seed is 0, for a page it is the time).
///
/// A parameter's name has its leading dashes dropped (`?--o=search` is `o=search`); names that are
/// not options (a subcommand's name, a typo) stay as they are and get clap's message.
pub fn args_from_query(query: &str, seed: u64) -> Vec<String> {
    let query = query.strip_prefix('?').unwrap_or(query);
    let mut args = vec!["tictactoe".to_string()];
    let mut seeded = false;
    for (name, value) in form_urlencoded::parse(query.as_bytes()) {
        let name = name.trim_start_matches('-');
        if name.is_empty() {
            continue;
        }
        seeded |= name == "seed";
        args.push(if value.is_empty() {
            format!("--{name}")
        } else {
            format!("--{name}={value}")
        });
    }
    if !seeded {
        args.push(format!("--seed={seed}"));
    }
    args
}

/// The progress bar of a page, which has no terminal to draw one on: it draws nothing (indicatif,
/// the desktop's, is not built for the web). The commands that show one are not offered there.
#[derive(Clone, Debug)]
pub struct NoProgress;

impl NoProgress {
    /// Nothing.
    pub fn set_length(&self, _: u64) {}
    /// Nothing.
    pub fn set_position(&self, _: u64) {}
    /// Nothing.
    pub fn set_message<T>(&self, _: T) {}
    /// Nothing.
    pub fn enable_steady_tick(&self, _: std::time::Duration) {}
    /// Nothing.
    pub fn tick(&self) {}
    /// Nothing.
    pub fn finish_and_clear(&self) {}
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::commands::cli::{self, Parsed};

    #[test]
    fn each_parameter_is_an_option_and_the_time_seeds_unless_a_seed_is_given() {
        assert_eq!(
            args_from_query("?o=search&width=15&height=15&run=5&moves=113", 42),
            [
                "tictactoe",
                "--o=search",
                "--width=15",
                "--height=15",
                "--run=5",
                "--moves=113",
                "--seed=42"
            ]
        );
        assert_eq!(
            args_from_query("?explain&seed=7&x=perfect", 42),
            ["tictactoe", "--explain", "--seed=7", "--x=perfect"]
        );
        assert_eq!(args_from_query("", 3), ["tictactoe", "--seed=3"]);
        assert_eq!(args_from_query("?", 3), ["tictactoe", "--seed=3"]);
        // Percent- and plus-decoding; dashes before a name are dropped; an empty name is skipped.
        assert_eq!(
            args_from_query("?--moves=1%2C7+&=5&&o=perfect", 0),
            ["tictactoe", "--moves=1,7 ", "--o=perfect", "--seed=0"]
        );
    }

    #[test]
    fn a_page_is_parsed_as_the_command_line_is() {
        let Parsed::Run(c) = cli::parse(args_from_query(
            "?o=perfect&width=4&height=4&run=3&moves=1,6&start=o",
            9,
        )) else {
            panic!("the page's options are the window's")
        };
        assert_eq!(
            (c.o.as_str(), c.board.width, c.board.run, c.seed),
            ("perfect", 4, 3, 9)
        );
        assert_eq!(c.moves, ["1", "6"]);
        assert!(c.command.is_none());
        // Bad parameters give the command line's one-line message.
        for query in [
            "?width=0",
            "?o=nobody",
            "?move",
            "?seed=1&seed=2",
            "?colour=red",
        ] {
            let Parsed::Error(line) = cli::parse(args_from_query(query, 0)) else {
                panic!("{query} is refused")
            };
            assert!(
                line.starts_with("tictactoe: error:") && !line.contains('\n'),
                "{query}: {line}"
            );
        }
        // A subcommand cannot be reached from a page: every parameter is an option.
        let Parsed::Error(line) = cli::parse(args_from_query("?pbrain", 0)) else {
            panic!("pbrain is not a page's option")
        };
        assert!(line.contains("--pbrain"), "{line}");
    }
}
